/*
 * Built-in per-program defaults.  A configuration file or the environment
 * overrides each (dx7gl/config.h); every entry names the symptom it fixes.
 */

#include "config.h"

#include <stddef.h>

#include "port_private.h"

const struct port_profile_entry port_profiles[] =
{
    /* Need for Speed: Porsche Unleashed (Porsche.exe; nfs5.exe in some
     * releases). */
    {"Porsche.exe", "display_mode_zero", "1",
            "the game calls SetDisplayMode with a zero size while starting and quits when that fails"},
    {"Porsche.exe", "auto_mipmaps", "1",
            "car and track textures come without mip maps and shimmer in the distance"},
    {"Porsche.exe", "depth_bits", "16",
            "a 24-bit z-buffer request gets 24 bits, not the 16 the game was tuned on (its depth-bias "
            "steps; d7vk's Porsche profile maps it the same way)"},
    {"nfs5.exe", "display_mode_zero", "1",
            "the game calls SetDisplayMode with a zero size while starting and quits when that fails"},
    {"nfs5.exe", "auto_mipmaps", "1",
            "car and track textures come without mip maps and shimmer in the distance"},
    {"nfs5.exe", "depth_bits", "16",
            "a 24-bit z-buffer request gets 24 bits, not the 16 the game was tuned on (its depth-bias "
            "steps; d7vk's Porsche profile maps it the same way)"},
    {NULL, NULL, NULL, NULL},
};

/*
 * THRASH_about: the driver's self-description (0xd0 bytes, signature
 * '7D3D'), the card profile and the card subtype from the adapter's PCI ids.
 */
#include "config.h"

#include "dx7z_private.h"


#ifndef __cplusplus
_Static_assert(sizeof(struct thrash_about) == THRASH_ABOUT_SIZE, "about record size");
_Static_assert(offsetof(struct thrash_about, formats) == 0x28, "formats offset");
_Static_assert(offsetof(struct thrash_about, name) == 0x88, "name offset");
_Static_assert(offsetof(struct thrash_about, device_name) == 0xac, "device name offset");
_Static_assert(sizeof(struct thrash_displaymode) == 0x28, "display mode size");
#endif

/* Index 0 unused; 1..5 as the DLL lists them. Word 3 is the lockwindow
 * format of the mode's 16-bit surfaces; words 4-6 aren't identified. */
const struct thrash_displaymode dx7z_display_modes[THRASH_DISPLAY_MODES] =
{
    {0},
    { 640,  480, 16, 4, {1, 1, 1}},
    { 800,  600, 16, 4, {1, 1, 1}},
    {1024,  768, 16, 4, {1, 1, 1}},
    {1280, 1024, 16, 4, {1, 1, 1}},
    {1600, 1200, 16, 4, {1, 1, 1}},
};

/* DX7_CardSubtype: the codes the seed names. Unknown cards get the GeForce
 * 256 code, the profile the game's advice targets. */
DWORD dx7z_card_subtype(DWORD vendor, DWORD device)
{
    if (vendor == 0x10de)
    {
        switch (device)
        {
        case 0x0020: return 0x04;                       /* Riva TNT */
        case 0x0028: case 0x0029: case 0x002a: case 0x002b:
        case 0x002c: case 0x002d: case 0x002e: case 0x002f:
        case 0x00a0: return 0x10;                       /* TNT2, Vanta, M64, Aladdin TNT2 */
        case 0x0100: case 0x0101: case 0x0102: case 0x0103:
            return 0x12;                                /* GeForce 256 */
        }
    }
    return 0x12;
}

/* The GeForce 256-class profile of the seed's port; device.c narrows it to
 * what the Direct3D device reports. */
void dx7z_caps_default(struct dx7z_caps *caps)
{
    unsigned int i;

    memset(caps, 0, sizeof(*caps));
    caps->stages = 2;
    caps->wbuffer = FALSE;
    caps->stencil = TRUE;
    caps->aniso = TRUE;
    caps->mipmap_lod_bias = TRUE;
    caps->antialias = FALSE;
    caps->modulate_alpha = TRUE;
    caps->alpha_modulate_op = TRUE;
    caps->srcalpha_additive = TRUE;
    caps->pow2 = TRUE;
    caps->square = FALSE;
    caps->min_tex_w = caps->min_tex_h = 1;
    caps->max_tex_w = caps->max_tex_h = 2048;
    caps->subtype = 0x12;
    caps->texture_ram = 32 * 1024 * 1024;
    strcpy(caps->device_name, "GeForce 256");
    caps->guard_band[0] = caps->guard_band[2] = -2048.0f;
    caps->guard_band[1] = caps->guard_band[3] = 2047.0f;
    for (i = 0; i < THRASH_CAPS_WORDS; ++i)
        caps->words[i] = 0;
}

static void fill_caps_words(const struct dx7z_caps *caps, DWORD *w)
{
    /* dx7gl's layout of the 47 words (the seed doesn't give the DLL's):
     * 0 stages, 1 W-buffer, 2 stencil, 3 anisotropy, 4 LOD bias,
     * 5 antialias, 6 modulate alpha, 7 subtype, 8 texture RAM,
     * 9/10 max texture width/height, the rest 0. */
    memset(w, 0, THRASH_CAPS_WORDS * sizeof(*w));
    w[0] = caps->stages;
    w[1] = caps->wbuffer;
    w[2] = caps->stencil;
    w[3] = caps->aniso;
    w[4] = caps->mipmap_lod_bias;
    w[5] = caps->antialias;
    w[6] = caps->modulate_alpha;
    w[7] = caps->subtype;
    w[8] = caps->texture_ram;
    w[9] = caps->max_tex_w;
    w[10] = caps->max_tex_h;
}

static struct thrash_about about;
static const char author[] = "dx7gl THRASH driver (after EA's dx7z.dll, 2000)";

const struct thrash_about *dx7z_about(void)
{
    const struct dx7z_caps *caps = &dx7z.caps;
    DWORD f;

    memset(&about, 0, sizeof(about));
    fill_caps_words(caps, dx7z.caps.words);
    about.signature = THRASH_ABOUT_SIGNATURE;
    about.size = THRASH_ABOUT_SIZE;
    about.version = dx7z.version;
    about.flags = THRASH_ABOUT_FLAG_0 | THRASH_ABOUT_FLAG_WINDOWED;
    if (caps->square) about.flags |= THRASH_ABOUT_FLAG_SQUARE;
    if (caps->pow2) about.flags |= THRASH_ABOUT_FLAG_POW2_W | THRASH_ABOUT_FLAG_POW2_H;
    about.min_width = caps->min_tex_w;
    about.max_width = caps->max_tex_w;
    about.multiple_width = 1;
    about.min_height = caps->min_tex_h;
    about.max_height = caps->max_tex_h;
    about.multiple_height = 1;
    for (f = 0; f < 16; ++f)
        about.formats[f] = dx7z_texture_format_valid(f) ? 1 : 0;
    about.cluts[0] = 1;     /* 256 words 0x00RRGGBB */
    about.mode_count = THRASH_DISPLAY_MODES;
    about.stages = caps->stages;
    about.modes.ptr = (void *)dx7z_display_modes;
    strcpy(about.name, "DX7 3rash");
    about.subtype = caps->subtype;
    about.texture_ram = caps->texture_ram;
    about.author.ptr = (void *)author;
    about.dx_version = 7;
    memcpy(about.device_name, caps->device_name, sizeof(about.device_name) - 1);
    return &about;
}

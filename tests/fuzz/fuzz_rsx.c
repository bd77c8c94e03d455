/*
 * libFuzzer harness: the RSX front end's readers (issue 27).  The first
 * byte picks what the rest is: a .vsp / .psp container (every program
 * described, its microcode decoded, disassembled and translated to GLSL),
 * a .shp index (with the table length from the second byte, 0 to infer
 * it, and a lookup), bare fragment microcode or bare vertex microcode
 * (decoded, disassembled, translated).  Nothing draws: the decoders and
 * translators are the surface; a bad input must come back refused.
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "rsx.h"

static void fragment(const uint8_t *ucode, size_t size, const struct rsx_fragment_desc *desc)
{
    struct rsx_fp_program fp;
    struct rsx_error error;
    struct rsx_glsl glsl;

    if (rsx_fp_decode(ucode, size, &fp, &error) < 0)
        return;
    free(rsx_fp_disassemble(&fp));
    if (rsx_fp_translate(&fp, desc, &glsl, &error) == RSX_OK)
        rsx_glsl_free(&glsl);
    rsx_fp_program_free(&fp);
}

static void vertex(const uint8_t *ucode, size_t size)
{
    struct rsx_vp_program vp;
    struct rsx_error error;
    struct rsx_glsl glsl;

    if (rsx_vp_decode(ucode, size, &vp, &error) < 0)
        return;
    free(rsx_vp_disassemble(&vp));
    if (rsx_vp_translate(&vp, &glsl, &error) == RSX_OK)
        rsx_glsl_free(&glsl);
    rsx_vp_program_free(&vp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct rsx_container container;
    struct rsx_error error;
    struct rsx_shp shp;
    unsigned int n;

    if (size < 2)
        return 0;
    switch (data[0] & 3)
    {
    case 0:
        if (rsx_container_read(data + 1, size - 1, &container, &error) < 0)
            break;
        for (n = 0; n < container.count; ++n)
        {
            const struct rsx_program *p = &container.programs[n];
            free(rsx_program_describe(p));
            rsx_program_find_parameter(p, "MainInv[0]");
            if (p->profile == RSX_CG_PROFILE_FRAGMENT)
                fragment(p->ucode, p->ucode_size, &p->desc.fragment);
            else if ((uint64_t)p->desc.vertex.instruction_count * 16 <= p->ucode_size)
                vertex(p->ucode, p->desc.vertex.instruction_count * 16);
        }
        rsx_container_free(&container);
        break;
    case 1:
        if (rsx_shp_read(data + 2, size - 2, data[1], &shp, &error) == RSX_OK)
        {
            if (shp.entry_count)
                rsx_shp_find(&shp, shp.entries[shp.entry_count - 1].key);
            rsx_shp_free(&shp);
        }
        break;
    case 2:
        fragment(data + 1, size - 1, NULL);
        break;
    default:
        vertex(data + 1, size - 1);
        break;
    }
    return 0;
}

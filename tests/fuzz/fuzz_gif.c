/*
 * libFuzzer harness: the GS's GIF interpreter with RenderWare's level on
 * top. An input is a list of operations: raw GIF packets (PACKED, REGLIST,
 * IMAGE, transfers, register writes), RenderWare render states (with
 * rasters whose size, format and texels come from the input, uploaded into
 * GS memory as the driver does), material states, flips, and reads of GS
 * memory. Draws go to a real renderer (llvmpipe through the core).
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "gs.h"

#define MAX_RASTERS 4

static struct gs_device *gs;
static struct gs_renderer *renderer;

static void fill_raster(struct fuzz_input *in, struct gs_raster *r, uint8_t *pixels, uint32_t *clut)
{
    static const struct { unsigned int psm; uint32_t format; } formats[] =
    {
        {GS_PSMCT32, GS_RW_FORMAT_8888}, {GS_PSMCT32, GS_RW_FORMAT_888}, {GS_PSMCT16, GS_RW_FORMAT_1555},
        {GS_PSMT8, GS_RW_FORMAT_8888 | GS_RW_FORMAT_PAL8}, {GS_PSMT4, GS_RW_FORMAT_888 | GS_RW_FORMAT_PAL4},
        {GS_PSMCT24, GS_RW_FORMAT_888}, {GS_PSMT8H, GS_RW_FORMAT_8888 | GS_RW_FORMAT_PAL8},
    };
    unsigned int f = fuzz_below(in, sizeof(formats) / sizeof(formats[0]));
    unsigned int tw = 3 + fuzz_below(in, 8), th = 3 + fuzz_below(in, 8);   /* 8 .. 1024 */
    unsigned int bits = formats[f].psm == GS_PSMT4 ? 4 : formats[f].psm == GS_PSMT8 || formats[f].psm == GS_PSMT8H ? 8
            : formats[f].psm == GS_PSMCT16 ? 16 : 32;
    size_t bytes;

    memset(r, 0, sizeof(*r));
    r->width = 1u << tw;
    r->height = 1u << th;
    r->format = formats[f].format;
    bytes = (size_t)r->width * r->height * bits / 8;
    r->size_words = gs_texcache_round((uint32_t)(bytes / 4) + (bits <= 8 ? 256 : 0));
    if (bits <= 8)
        r->clut_offset_words = gs_texcache_round((uint32_t)(bytes / 4));
    r->tex0 = gs_make_tex0(0, r->width >= 64 ? r->width / 64 : 1, formats[f].psm, tw, th, fuzz_u8(in) & 1,
            fuzz_below(in, 4), 0, GS_PSMCT32, 0, 0, 1);
    r->tex1_lod = fuzz_u32(in) & 0x3ffc;
    r->locked = !fuzz_below(in, 16);
    if (fuzz_u8(in) & 1)
    {
        /* Texels: the input's bytes repeated. */
        size_t i, n = in->size - in->pos;
        for (i = 0; i < bytes; ++i)
            pixels[i] = n ? in->data[in->pos + i % n] : (uint8_t)i;
        r->pixels = pixels;
        r->clut = bits <= 8 ? clut : NULL;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t pixels[1024 * 1024 * 4];
    static uint32_t clut[256];
    struct gs_raster rasters[MAX_RASTERS];
    struct fuzz_input in = {data, size, 0};
    uint64_t qwords[2 * 512];
    unsigned int ops = 0, i;
    struct gs_rw *rw = NULL;
    uintptr_t value;

    if (!gs)
    {
        if (gs_device_create(&gs)) abort();
        if (gs_renderer_create_standalone(gs, 64, 64, 0, &renderer)) renderer = NULL;
    }
    gs_device_reset(gs);
    for (i = 0; i < 256; ++i) clut[i] = 0xff000000u | i * 0x010203u;
    memset(rasters, 0, sizeof(rasters));
    if (gs_rw_create(fuzz_u8(&in) & 1 ? GS_RW_VIDEO_MODE_DEFAULT : fuzz_u8(&in), 16 + 8 * fuzz_below(&in, 3), gs, &rw))
        rw = NULL;

    while (fuzz_more(&in) && ops++ < 64)
    {
        switch (fuzz_below(&in, 10))
        {
            case 0: case 1: case 2:
            {
                /* A GIF packet of up to 512 quadwords straight from the input. */
                size_t count = 1 + fuzz_u16(&in) % 512;
                fuzz_bytes(&in, qwords, count * 16);
                gs_device_process(gs, qwords, count);
                break;
            }
            case 3:
                gs_device_write_register(gs, fuzz_u8(&in), ((uint64_t)fuzz_u32(&in) << 32) | fuzz_u32(&in));
                break;
            case 4:
            {
                unsigned int state = fuzz_below(&in, 40);
                /* The raster state takes a pointer: only case 5 gives one. */
                if (!rw || state == GS_RW_TEXTURERASTER) break;
                value = fuzz_u32(&in);
                gs_rw_render_state_set(rw, state, value);
                break;
            }
            case 5:
            {
                struct gs_raster *r = &rasters[fuzz_below(&in, MAX_RASTERS)];
                if (!rw) break;
                if (r->resident) gs_texcache_remove(gs_rw_get_texcache(rw), r);
                fill_raster(&in, r, pixels, clut);
                gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, (uintptr_t)r);
                break;
            }
            case 6:
                if (!rw) break;
                gs_rw_material_alpha_test(rw, fuzz_below(&in, 8), &rasters[fuzz_below(&in, MAX_RASTERS)]);
                gs_rw_material_address(rw, fuzz_below(&in, 5), fuzz_below(&in, 5));
                break;
            case 7:
                if (rw) gs_rw_flip(rw);
                if (renderer) gs_renderer_flush(renderer);
                break;
            case 8:
                gs_memory_read_pixel(gs, fuzz_u8(&in) & 0x3f, fuzz_u16(&in) & 0x3fff, fuzz_u8(&in) & 0x3f,
                        fuzz_u16(&in), fuzz_u16(&in));
                break;
            case 9:
            {
                uint8_t out[4096];
                gs_device_read_image(gs, out, fuzz_u16(&in) % sizeof(out));
                break;
            }
        }
    }
    if (renderer) gs_renderer_flush(renderer);
    if (rw)
    {
        gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, 0);
        for (i = 0; i < MAX_RASTERS; ++i)
            if (rasters[i].resident) gs_texcache_remove(gs_rw_get_texcache(rw), &rasters[i]);
        gs_rw_destroy(rw);
    }
    return 0;
}

/*
 * libFuzzer harness: the core's textures in every format (P4, P8, RGB,
 * luminance, alpha, DXT1-5, bump, depth), 2D and cube, with any usage and
 * level count: create, upload with a pitch, map rectangles with any flags
 * and write through them, blit (stretch, keys, mirrors, colour and depth
 * fills) between any two, palettes and colour keys, and draws that sample
 * them (real llvmpipe through EGL surfaceless). The caller's contract is
 * kept (memory given to upload_data is rows * pitch; writes through a map
 * stay inside the mapped rectangle); everything else comes from the input.
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "wined3d-lite/wined3d.h"

#define MAX_TEXTURES 4

static struct wined3d_device *device;

static void create_device(void)
{
    struct wined3d_swapchain_desc desc;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = desc.backbuffer_height = 32;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    if (wined3d_device_create(&desc, 0, &device) != WINED3D_OK)
        abort();
}

static uint32_t side(struct fuzz_input *in)
{
    uint8_t k = fuzz_u8(in);
    return k < 200 ? 1 + k % 40 : 1 + fuzz_u16(in) % 300;
}

static void rect_of(struct fuzz_input *in, struct wined3d_rect *r, uint32_t w, uint32_t h)
{
    /* Mostly inside, sometimes anything. */
    if (fuzz_u8(in) < 200)
    {
        r->left = fuzz_below(in, w ? w : 1);
        r->top = fuzz_below(in, h ? h : 1);
        r->right = r->left + 1 + fuzz_below(in, w - r->left);
        r->bottom = r->top + 1 + fuzz_below(in, h - r->top);
    }
    else
    {
        r->left = (int16_t)fuzz_u16(in);
        r->top = (int16_t)fuzz_u16(in);
        r->right = (int16_t)fuzz_u16(in);
        r->bottom = (int16_t)fuzz_u16(in);
    }
}

static struct wined3d_texture *texture_of(struct fuzz_input *in, struct wined3d_texture **textures)
{
    unsigned int i = fuzz_below(in, MAX_TEXTURES + 2);
    if (i == MAX_TEXTURES) return wined3d_device_get_render_target(device, NULL);
    return i < MAX_TEXTURES ? textures[i] : NULL;
}

static void write_through_map(struct fuzz_input *in, struct wined3d_texture *t, unsigned int sub)
{
    struct wined3d_texture_desc desc;
    const struct wined3d_format_info *f;
    struct wined3d_map_desc map;
    struct wined3d_rect r, *rect = NULL;
    uint32_t w, h, rows, row_bytes, y;
    uint8_t fill;

    wined3d_texture_get_desc(t, &desc);
    f = wined3d_get_format_info(desc.format);
    wined3d_texture_get_level_size(t, sub % (desc.levels ? desc.levels : 1), &w, &h);
    if (fuzz_u8(in) & 1)
    {
        rect_of(in, &r, w, h);
        rect = &r;
    }
    if (wined3d_texture_map(t, sub, rect, fuzz_below(in, 8), &map) != WINED3D_OK)
        return;
    if (!rect)
    {
        r.left = r.top = 0;
        r.right = w;
        r.bottom = h;
    }
    /* Only what the rectangle covers, in whole blocks. */
    rows = (r.bottom - r.top + f->block_height - 1) / f->block_height;
    /* Exact bytes, not the pitch's 4-byte rounding: the rectangle may end
     * at the row's end. */
    if (f->compressed)
        row_bytes = (r.right - r.left + f->block_width - 1) / f->block_width * f->block_bytes;
    else
        row_bytes = (r.right - r.left) * f->bits_per_pixel / 8;
    fill = fuzz_u8(in);
    for (y = 0; y < rows; ++y)
        memset((uint8_t *)map.data + (size_t)y * map.row_pitch, fill + y, row_bytes);
    wined3d_texture_unmap(t, sub);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t upload[300 * 300 * 4 * 2];
    struct wined3d_texture *textures[MAX_TEXTURES] = {0};
    struct wined3d_palette *palettes[2] = {0};
    struct fuzz_input in = {data, size, 0};
    unsigned int ops = 0, i;
    uint32_t entries[256];

    if (!device)
        create_device();
    for (i = 0; i < 256; ++i) entries[i] = 0xff000000u | i * 0x010101u;
    wined3d_palette_create(device, 0, 16, entries, &palettes[0]);
    wined3d_palette_create(device, WINED3D_PALETTE_ALPHA, 256, entries, &palettes[1]);

    while (fuzz_more(&in) && ops++ < 32)
    {
        switch (fuzz_below(&in, 10))
        {
            case 0: case 1:
            {
                struct wined3d_texture_desc desc;
                unsigned int slot = fuzz_below(&in, MAX_TEXTURES);

                if (textures[slot]) wined3d_texture_destroy(textures[slot]);
                textures[slot] = NULL;
                memset(&desc, 0, sizeof(desc));
                desc.type = fuzz_u8(&in) & 7 ? WINED3D_RTYPE_TEXTURE_2D : WINED3D_RTYPE_TEXTURE_CUBE;
                desc.format = fuzz_below(&in, WINED3DFMT_COUNT + 1);
                desc.usage = fuzz_u8(&in) & 0x1f;
                desc.width = side(&in);
                desc.height = side(&in);
                desc.levels = fuzz_below(&in, 10);
                wined3d_texture_create(device, &desc, &textures[slot]);
                break;
            }
            case 2:
            {
                struct wined3d_texture *t = texture_of(&in, textures);
                struct wined3d_texture_desc desc;
                uint32_t pitch, w, h, rows;
                unsigned int sub;

                if (!t) break;
                wined3d_texture_get_desc(t, &desc);
                sub = fuzz_below(&in, 16);
                if (sub >= wined3d_texture_get_sub_resource_count(t)) sub = 0;
                wined3d_texture_get_level_size(t, sub % desc.levels, &w, &h);
                pitch = wined3d_format_calculate_pitch(desc.format, w) + fuzz_below(&in, 16) * 4;
                if (fuzz_u8(&in) < 30) pitch = fuzz_below(&in, 64);
                rows = (h + wined3d_get_format_info(desc.format)->block_height - 1)
                        / wined3d_get_format_info(desc.format)->block_height;
                if ((size_t)pitch * rows > sizeof(upload)) break;
                fuzz_bytes(&in, upload, (size_t)pitch * rows < 256 ? (size_t)pitch * rows : 256);
                wined3d_texture_upload_data(t, sub, upload, pitch);
                break;
            }
            case 3:
            {
                struct wined3d_texture *t = texture_of(&in, textures);
                if (t) write_through_map(&in, t, fuzz_below(&in, 16) % wined3d_texture_get_sub_resource_count(t));
                break;
            }
            case 4: case 5:
            {
                struct wined3d_texture *dst = texture_of(&in, textures), *src = texture_of(&in, textures);
                struct wined3d_rect dr, sr;
                struct wined3d_blt_fx fx;
                uint32_t w, h;

                if (!dst) break;
                wined3d_texture_get_level_size(dst, 0, &w, &h);
                rect_of(&in, &dr, w, h);
                if (src) wined3d_texture_get_level_size(src, 0, &w, &h);
                rect_of(&in, &sr, w, h);
                memset(&fx, 0, sizeof(fx));
                fx.fill_color = fuzz_u32(&in);
                fx.fill_depth = fuzz_float(&in);
                fx.src_color_key.low = fuzz_u32(&in);
                fx.src_color_key.high = fuzz_u32(&in);
                wined3d_texture_blt(dst, fuzz_below(&in, 4), fuzz_u8(&in) & 1 ? &dr : NULL, src, fuzz_below(&in, 4),
                        fuzz_u8(&in) & 1 ? &sr : NULL, fuzz_u8(&in), &fx, 1 + fuzz_below(&in, 2));
                break;
            }
            case 6:
            {
                struct wined3d_texture *t = texture_of(&in, textures);
                struct wined3d_color_key key = {fuzz_u32(&in), fuzz_u32(&in)};
                if (!t) break;
                wined3d_texture_set_palette(t, palettes[fuzz_below(&in, 3) % 2]);
                wined3d_texture_set_color_key(t, fuzz_below(&in, 4), fuzz_u8(&in) & 1 ? &key : NULL);
                break;
            }
            case 7:
                for (i = 0; i < 4; ++i) entries[i] = fuzz_u32(&in);
                wined3d_palette_set_entries(palettes[fuzz_below(&in, 2)], fuzz_below(&in, 255), 1 + fuzz_below(&in, 4),
                        entries);
                break;
            case 8: case 9:
            {
                struct { float x, y, z, rhw; uint32_t c; float u, v; } quad[4] =
                {
                    {0, 0, 0.5f, 1, 0xffffffff, 0, 0}, {32, 0, 0.5f, 1, 0xffffffff, 1, 0},
                    {0, 32, 0.5f, 1, 0xffffffff, 0, 1}, {32, 32, 0.5f, 1, 0xffffffff, 1, 1},
                };
                struct wined3d_texture *t = texture_of(&in, textures);

                quad[1].u = fuzz_float(&in);
                quad[2].v = fuzz_float(&in);
                wined3d_device_set_render_state(device, WINED3D_RS_LIGHTING, 0);
                wined3d_device_set_render_state(device, WINED3D_RS_COLORKEYENABLE, fuzz_u8(&in) & 1);
                wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, fuzz_u8(&in) & 1);
                wined3d_device_set_texture(device, fuzz_below(&in, 2), t);
                wined3d_device_set_fvf(device, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_TEX1);
                wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, quad, 4, sizeof(quad[0]));
                break;
            }
        }
    }
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_device_set_texture(device, 1, NULL);
    {
        /* Read the target back: every pending draw runs. */
        struct wined3d_map_desc map;
        struct wined3d_texture *rt = wined3d_device_get_render_target(device, NULL);
        if (wined3d_texture_map(rt, 0, NULL, WINED3D_MAP_READ, &map) == WINED3D_OK)
            wined3d_texture_unmap(rt, 0);
    }
    for (i = 0; i < MAX_TEXTURES; ++i)
        if (textures[i]) wined3d_texture_destroy(textures[i]);
    wined3d_palette_destroy(palettes[0]);
    wined3d_palette_destroy(palettes[1]);
    return 0;
}

/*
 * Formats on real Mesa: every colour format drawn as a texture matches the
 * CPU conversion; render-target and depth formats survive a lock round
 * trip through GL bit-exactly; a palette change re-expands a P8 texture
 * while its indices stay; DXT blocks sample as the CPU decoder says.
 */
#include "config.h"

#include "core_test.h"

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Draw the texture 1:1 over the top-left of the target with point sampling
 * and stage 0 selecting the texture. */
static void draw_texture(struct wined3d_device *device, struct wined3d_texture *texture, float w, float h)
{
    struct tl_tex_vertex v[4] =
    {
        {-0.5f, -0.5f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {w - 0.5f, -0.5f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
        {-0.5f, h - 0.5f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f}, {w - 0.5f, h - 0.5f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f},
    };
    wined3d_device_set_texture(device, 0, texture);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_fvf(device, TL_TEX_FVF);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])), WINED3D_OK);
}

static uint32_t get_raw(const uint8_t *row, unsigned int x, unsigned int bytes)
{
    uint32_t v = 0;
    memcpy(&v, row + x * bytes, bytes);
    return v;
}

static void test_sampled_formats(void **state)
{
    static const enum wined3d_format_id ids[] =
    {
        WINED3DFMT_R5G6B5, WINED3DFMT_X1R5G5B5, WINED3DFMT_A1R5G5B5, WINED3DFMT_A4R4G4B4, WINED3DFMT_R8G8B8,
        WINED3DFMT_X8R8G8B8, WINED3DFMT_A8R8G8B8, WINED3DFMT_L8, WINED3DFMT_A8, WINED3DFMT_A8L8,
        WINED3DFMT_A8B8G8R8, WINED3DFMT_X8B8G8R8, WINED3DFMT_A1B5G5R5,
    };
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    unsigned int i, x, y;
    uint32_t seed = 1;

    for (i = 0; i < sizeof(ids) / sizeof(*ids); ++i)
    {
        const struct wined3d_format_info *f = wined3d_get_format_info(ids[i]);
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, ids[i], 0, 8, 4, 1};
        struct wined3d_texture *t;
        struct wined3d_map_desc map;
        uint32_t raw[4][8];

        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
        assert_int_equal(map.row_pitch, wined3d_format_calculate_pitch(ids[i], 8));
        for (y = 0; y < 4; ++y)
            for (x = 0; x < 8; ++x)
            {
                raw[y][x] = lcg(&seed);
                memcpy((uint8_t *)map.data + y * map.row_pitch + x * f->block_bytes, &raw[y][x], f->block_bytes);
            }
        assert_int_equal(wined3d_texture_unmap(t, 0), WINED3D_OK);
        draw_texture(device, t, 8.0f, 4.0f);
        for (y = 0; y < 4; ++y)
            for (x = 0; x < 8; ++x)
            {
                uint32_t v = raw[y][x] & (f->block_bytes == 4 ? 0xffffffffu : (1u << (8 * f->block_bytes)) - 1);
                uint32_t expect = wined3d_format_to_argb(ids[i], v, NULL);
                uint32_t got = read_pixel(device, x, y);
                if (ids[i] == WINED3DFMT_A8) expect &= 0xff000000;
                if (!channel_close(got, expect, 1))
                    fail_msg("%s at %u,%u: raw %#x drew %08x, expected %08x", f->name, x, y, v, got, expect);
            }
        /* The CPU copy is kept: a read lock returns the bytes written. */
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        for (y = 0; y < 4; ++y)
            for (x = 0; x < 8; ++x)
                assert_int_equal(get_raw((uint8_t *)map.data + y * map.row_pitch, x, f->block_bytes),
                        raw[y][x] & (f->block_bytes == 4 ? 0xffffffffu : (1u << (8 * f->block_bytes)) - 1));
        wined3d_texture_unmap(t, 0);
        wined3d_device_set_texture(device, 0, NULL);
        wined3d_texture_destroy(t);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Render-target formats: CPU write -> GL -> drawn on -> read back, with the
 * rows 4-byte aligned (the default) and 8-byte aligned (a DirectDraw surface
 * in video memory): 13 pixels leave both paddings in most formats. */
static void test_render_target_round_trip(void **state)
{
    static const struct { enum wined3d_format_id id; uint32_t mask; } rts[] =
    {
        {WINED3DFMT_R5G6B5, 0xffff}, {WINED3DFMT_X1R5G5B5, 0x7fff}, {WINED3DFMT_A1R5G5B5, 0xffff},
        {WINED3DFMT_A4R4G4B4, 0xffff}, {WINED3DFMT_R8G8B8, 0xffffff}, {WINED3DFMT_X8R8G8B8, 0xffffff},
        {WINED3DFMT_A8R8G8B8, 0xffffffff}, {WINED3DFMT_A8B8G8R8, 0xffffffff}, {WINED3DFMT_X8B8G8R8, 0xffffff},
        {WINED3DFMT_A1B5G5R5, 0xffff},
    };
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    struct wined3d_rect corner = {0, 0, 1, 1};
    unsigned int i, x, y, a;
    uint32_t seed = 7;

    for (a = 0; a < 2; ++a)
    for (i = 0; i < sizeof(rts) / sizeof(*rts); ++i)
    {
        const struct wined3d_format_info *f = wined3d_get_format_info(rts[i].id);
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, rts[i].id, WINED3D_USAGE_RENDERTARGET, 13, 5, 1,
                a ? 8 : 0};
        struct wined3d_texture *t;
        struct wined3d_map_desc map;
        uint32_t raw[5][13];

        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &map), WINED3D_OK);
        assert_int_equal(map.row_pitch, ((13 * f->block_bytes + (a ? 7 : 3)) & ~(a ? 7u : 3u)));
        for (y = 0; y < 5; ++y)
            for (x = 0; x < 13; ++x)
            {
                raw[y][x] = lcg(&seed);
                memcpy((uint8_t *)map.data + y * map.row_pitch + x * f->block_bytes, &raw[y][x], f->block_bytes);
            }
        assert_int_equal(wined3d_texture_unmap(t, 0), WINED3D_OK);
        assert_int_equal(wined3d_device_set_render_target(device, t, 0), WINED3D_OK);
        /* Rendering makes GL's copy the only current one. */
        assert_int_equal(wined3d_device_clear(device, 1, &corner, WINED3DCLEAR_TARGET, 0xffffffff, 1.0f, 0), WINED3D_OK);
        assert_false(t->sub_resources[0].sysmem_valid);
        /* A rectangle lock: rows and columns offset as Direct3D lays them out. */
        {
            struct wined3d_rect r = {3, 1, 10, 4};
            assert_int_equal(wined3d_texture_map(t, 0, &r, WINED3D_MAP_READ, &map), WINED3D_OK);
            for (y = 1; y < 4; ++y)
                for (x = 3; x < 10; ++x)
                {
                    uint32_t got = get_raw((uint8_t *)map.data + (y - 1) * map.row_pitch, x - 3, f->block_bytes);
                    if ((got & rts[i].mask) != (raw[y][x] & rts[i].mask))
                        fail_msg("%s at %u,%u: %#x, expected %#x", f->name, x, y, got & rts[i].mask,
                                raw[y][x] & rts[i].mask);
                }
            wined3d_texture_unmap(t, 0);
        }
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        assert_int_equal(get_raw(map.data, 0, f->block_bytes) & rts[i].mask,
                wined3d_color_to_format(rts[i].id, 0xffffffff) & rts[i].mask);
        wined3d_texture_unmap(t, 0);
        wined3d_device_set_swapchain(device, wined3d_device_get_swapchain(device, 0));
        wined3d_texture_destroy(t);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_depth_round_trip(void **state)
{
    static const struct { enum wined3d_format_id id; uint32_t mask; } ds[] =
    {
        {WINED3DFMT_D16, 0xffff}, {WINED3DFMT_D24X8, 0xffffff00}, {WINED3DFMT_D24S8, 0xffffffff},
        {WINED3DFMT_D32, 0xffffff00},
        /* Depth in the low 24 bits: turned on the way through GL. */
        {WINED3DFMT_X8D24, 0x00ffffff}, {WINED3DFMT_S8D24, 0xffffffff},
    };
    struct wined3d_device *device = create_device_ex(8, 8, WINED3DFMT_UNKNOWN, 0);
    struct wined3d_rect corner = {0, 0, 1, 1};
    unsigned int i, x, y;
    uint32_t seed = 3;

    for (i = 0; i < sizeof(ds) / sizeof(*ds); ++i)
    {
        const struct wined3d_format_info *f = wined3d_get_format_info(ds[i].id);
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, ds[i].id, WINED3D_USAGE_DEPTHSTENCIL, 8, 8, 1};
        struct wined3d_texture *t;
        struct wined3d_map_desc map;
        uint32_t raw[8][8];

        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &map), WINED3D_OK);
        for (y = 0; y < 8; ++y)
            for (x = 0; x < 8; ++x)
            {
                raw[y][x] = lcg(&seed);
                memcpy((uint8_t *)map.data + y * map.row_pitch + x * f->block_bytes, &raw[y][x], f->block_bytes);
            }
        assert_int_equal(wined3d_texture_unmap(t, 0), WINED3D_OK);
        assert_int_equal(wined3d_device_set_depth_stencil(device, t, 0), WINED3D_OK);
        assert_int_equal(wined3d_device_clear(device, 1, &corner, WINED3DCLEAR_TARGET, 0, 1.0f, 0), WINED3D_OK);
        assert_false(t->sub_resources[0].sysmem_valid);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        for (y = 0; y < 8; ++y)
            for (x = 0; x < 8; ++x)
            {
                uint32_t got = get_raw((uint8_t *)map.data + y * map.row_pitch, x, f->block_bytes);
                if ((got & ds[i].mask) != (raw[y][x] & ds[i].mask))
                    fail_msg("%s at %u,%u: %#x, expected %#x", f->name, x, y, got, raw[y][x]);
            }
        wined3d_texture_unmap(t, 0);
        wined3d_device_set_depth_stencil(device, NULL, 0);
        wined3d_texture_destroy(t);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_palette(void **state)
{
    static const enum wined3d_format_id ids[] = {WINED3DFMT_P8, WINED3DFMT_P4};
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    unsigned int i, x;

    for (i = 0; i < 2; ++i)
    {
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, ids[i], 0, 4, 1, 1};
        uint32_t entries[256], uploads_before;
        struct wined3d_counters c;
        struct wined3d_palette *palette;
        struct wined3d_texture *t;
        struct wined3d_map_desc map;
        uint32_t entry;

        for (x = 0; x < 256; ++x) entries[x] = (x * 0x010203u) & 0xffffff;
        entries[1] = 0x00ff0000; entries[2] = 0x0000ff00; entries[3] = 0x000000ff;
        assert_int_equal(wined3d_palette_create(device, 0, ids[i] == WINED3DFMT_P8 ? 256 : 16, entries, &palette), WINED3D_OK);
        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        wined3d_texture_set_palette(t, palette);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
        if (ids[i] == WINED3DFMT_P8)
        {
            uint8_t *p = map.data;
            p[0] = 1; p[1] = 2; p[2] = 3; p[3] = 0;
        }
        else
        {
            uint8_t *p = map.data;
            p[0] = 1 | 2 << 4; p[1] = 3 | 0 << 4;
        }
        wined3d_texture_unmap(t, 0);
        draw_texture(device, t, 4.0f, 1.0f);
        assert_int_equal(read_pixel(device, 0, 0), 0xffff0000);
        assert_int_equal(read_pixel(device, 1, 0), 0xff00ff00);
        assert_int_equal(read_pixel(device, 2, 0), 0xff0000ff);
        assert_int_equal(read_pixel(device, 3, 0), 0xff000000);

        /* Change entry 2: re-expanded at the next draw, indices untouched. */
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        uploads_before = c.texture_uploads;
        entry = 0x00ffff00;
        assert_int_equal(wined3d_palette_set_entries(palette, 2, 1, &entry), WINED3D_OK);
        draw_texture(device, t, 4.0f, 1.0f);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        assert_int_equal(c.texture_uploads, uploads_before + 1);
        assert_int_equal(read_pixel(device, 1, 0), 0xffffff00);
        assert_int_equal(read_pixel(device, 0, 0), 0xffff0000);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        if (ids[i] == WINED3DFMT_P8)
            assert_int_equal(((uint8_t *)map.data)[1], 2);
        else
            assert_int_equal(((uint8_t *)map.data)[0], 1 | 2 << 4);
        wined3d_texture_unmap(t, 0);
        assert_int_equal(wined3d_palette_get_entries(palette, 2, 1, &entry), WINED3D_OK);
        assert_int_equal(entry, 0x00ffff00);

        wined3d_device_set_texture(device, 0, NULL);
        wined3d_texture_destroy(t);
        wined3d_palette_destroy(palette);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Converted uploads (palettised, decoded DXT, ...) go through a buffer the
 * device keeps: a fresh frame-sized block at every upload costs page faults
 * that under Wine took ~10 ms a 640x480 P8 frame.  Counted by the device's
 * scratch_allocations: one for the largest upload so far, none for the
 * uploads that fit. */
static void test_upload_scratch_kept(void **state)
{
    static const unsigned int sizes[] = {16, 4, 16, 32};
    static const unsigned int grows[] = {1, 0, 0, 1};
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    struct wined3d_palette *palette;
    struct wined3d_counters c;
    uint32_t entries[256], entry;
    uint64_t before;
    unsigned int i;

    for (i = 0; i < 256; ++i) entries[i] = 0x00000000;
    entries[5] = 0x0000ff00;
    assert_int_equal(wined3d_palette_create(device, 0, 256, entries, &palette), WINED3D_OK);
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); ++i)
    {
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_P8, 0, sizes[i], sizes[i], 1};
        struct wined3d_texture *t;
        struct wined3d_map_desc map;
        unsigned int y;

        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        wined3d_texture_set_palette(t, palette);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
        for (y = 0; y < sizes[i]; ++y)
            memset((uint8_t *)map.data + y * map.row_pitch, 5, sizes[i]);
        wined3d_texture_unmap(t, 0);

        wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &c);
        before = c.scratch_allocations;
        draw_texture(device, t, 16.0f, 16.0f);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &c);
        assert_int_equal(c.scratch_allocations - before, grows[i]);
        assert_int_equal(read_pixel(device, 3, 3), 0xff00ff00);

        /* A palette change converts again, in the same buffer. */
        entry = 0x00ff00ff;
        assert_int_equal(wined3d_palette_set_entries(palette, 5, 1, &entry), WINED3D_OK);
        draw_texture(device, t, 16.0f, 16.0f);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &c);
        assert_int_equal(c.scratch_allocations - before, grows[i]);
        assert_int_equal(read_pixel(device, 3, 3), 0xffff00ff);
        entry = 0x0000ff00;
        assert_int_equal(wined3d_palette_set_entries(palette, 5, 1, &entry), WINED3D_OK);

        wined3d_device_set_texture(device, 0, NULL);
        wined3d_texture_destroy(t);
    }
    wined3d_palette_destroy(palette);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_dxt(void **state)
{
    static const enum wined3d_format_id ids[] = {WINED3DFMT_DXT1, WINED3DFMT_DXT3, WINED3DFMT_DXT5,
            WINED3DFMT_DXT1, WINED3DFMT_DXT2, WINED3DFMT_DXT4};
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    unsigned int i, x, y;
    uint32_t seed = 11;

    for (i = 0; i < 6; ++i)
    {
        /* The second half as on a GL without S3TC: decoded on upload. */
        if (i == 3)
            device->caps.s3tc_native = 0;
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, ids[i], 0, 8, 8, 1};
        struct wined3d_texture *t;
        struct wined3d_map_desc map;
        uint8_t blocks[4 * 16];
        uint32_t decoded[8 * 8];
        unsigned int block_bytes = ids[i] == WINED3DFMT_DXT1 ? 8 : 16;

        for (x = 0; x < sizeof(blocks); ++x) blocks[x] = lcg(&seed);
        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
        assert_int_equal(map.row_pitch, 2 * block_bytes);
        memcpy(map.data, blocks, 4 * block_bytes);
        wined3d_texture_unmap(t, 0);
        wined3d_decode_dxt(ids[i], blocks, 2 * block_bytes, (uint8_t *)decoded, 32, 8, 8);
        draw_texture(device, t, 8.0f, 8.0f);
        for (y = 0; y < 8; ++y)
            for (x = 0; x < 8; ++x)
            {
                uint32_t got = read_pixel(device, x, y);
                if (!channel_close(got, decoded[y * 8 + x], 2))
                    fail_msg("DXT %u at %u,%u: %08x, decoder says %08x", i, x, y, got, decoded[y * 8 + x]);
            }
        /* Rectangles must be block aligned. */
        {
            struct wined3d_rect r = {2, 0, 4, 4};
            assert_int_equal(wined3d_texture_map(t, 0, &r, WINED3D_MAP_READ, &map), WINED3DERR_INVALIDCALL);
        }
        wined3d_device_set_texture(device, 0, NULL);
        wined3d_texture_destroy(t);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Bump formats sample as signed du, dv in red and green and the luminance
 * in blue; drawn into a unorm target the negative values clamp to 0. */
static void test_bump_formats(void **state)
{
    static const struct
    {
        enum wined3d_format_id id;
        uint32_t raw[4];
        uint32_t expect[4];
    }
    tests[] =
    {
        {WINED3DFMT_V8U8, {0x7f7f, 0x0040, 0x81c0, 0x4000},
                {0xffffffff, 0xff8100ff, 0xff0000ff, 0xff0081ff}},
        /* U 15, V 15, L 63 | U -16, V 0, L 0 | U 8 (0x8), V 0, L 32 | all 0 */
        {WINED3DFMT_L6V5U5, {0xfdef, 0x0010, 0x8008, 0x0000},
                {0xffffffff, 0xff000000, 0xff880081, 0xff000000}},
        {WINED3DFMT_X8L8V8U8, {0x00ff7f7f, 0x00000040, 0x0080c0c0, 0x00000000},
                {0xffffffff, 0xff800000, 0xff000080, 0xff000000}},
    };
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    unsigned int i, x;

    for (i = 0; i < sizeof(tests) / sizeof(*tests); ++i)
    {
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, tests[i].id, 0, 4, 1, 1};
        const struct wined3d_format_info *f = wined3d_get_format_info(tests[i].id);
        struct wined3d_texture *t;
        struct wined3d_map_desc map;

        assert_true(f->bump);
        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
        for (x = 0; x < 4; ++x)
            memcpy((uint8_t *)map.data + x * f->block_bytes, &tests[i].raw[x], f->block_bytes);
        wined3d_texture_unmap(t, 0);
        draw_texture(device, t, 4.0f, 1.0f);
        for (x = 0; x < 4; ++x)
        {
            uint32_t got = read_pixel(device, x, 0);
            if (!channel_close(got, tests[i].expect[x], 3))
                fail_msg("%s texel %u: %08x, expected %08x", f->name, x, got, tests[i].expect[x]);
        }
        /* The CPU copy keeps the original bits. */
        assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        for (x = 0; x < 4; ++x)
            assert_int_equal(get_raw(map.data, x, f->block_bytes), tests[i].raw[x]);
        wined3d_texture_unmap(t, 0);
        desc.usage = WINED3D_USAGE_RENDERTARGET;
        assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3DERR_INVALIDCALL);
        wined3d_device_set_texture(device, 0, NULL);
        wined3d_texture_destroy(t);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_mips_and_cube(void **state)
{
    struct wined3d_device *device = create_device_ex(16, 16, WINED3DFMT_UNKNOWN, 0);
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 16, 4, 0};
    struct wined3d_texture *t;
    struct wined3d_map_desc map;
    uint32_t w, h;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_get_sub_resource_count(t), 5);
    wined3d_texture_get_level_size(t, 4, &w, &h);
    assert_int_equal(w, 1);
    assert_int_equal(h, 1);
    wined3d_texture_get_level_size(t, 2, &w, &h);
    assert_int_equal(w, 4);
    assert_int_equal(h, 1);
    assert_int_equal(wined3d_texture_map(t, 3, NULL, 0, &map), WINED3D_OK);
    assert_int_equal(wined3d_texture_map(t, 3, NULL, 0, &map), WINED3DERR_LOCKED);
    assert_int_equal(wined3d_texture_unmap(t, 3), WINED3D_OK);
    assert_int_equal(wined3d_texture_unmap(t, 3), WINED3DERR_NOTLOCKED);
    wined3d_texture_destroy(t);

    desc.type = WINED3D_RTYPE_TEXTURE_CUBE;
    desc.width = 8;
    desc.levels = 2;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_get_sub_resource_count(t), 12);
    /* Sub-resource = face * levels + level: 7 is face 3 (-Y), level 1. */
    assert_int_equal(texture_gl_target_face(t, 7), GL_TEXTURE_CUBE_MAP_NEGATIVE_Y);
    texture_load(t, device_acquire_context(device));
    wined3d_texture_destroy(t);

    desc.type = WINED3D_RTYPE_TEXTURE_2D;
    desc.format = WINED3DFMT_P8;
    desc.usage = WINED3D_USAGE_RENDERTARGET;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3DERR_INVALIDCALL);
    desc.format = 1000;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3DERR_UNSUPPORTEDFORMAT);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_sampled_formats),
        cmocka_unit_test(test_render_target_round_trip),
        cmocka_unit_test(test_depth_round_trip),
        cmocka_unit_test(test_palette),
        cmocka_unit_test(test_upload_scratch_kept),
        cmocka_unit_test(test_dxt),
        cmocka_unit_test(test_bump_formats),
        cmocka_unit_test(test_mips_and_cube),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

/*
 * Bad input: every entry point given NULL objects, NULL out-pointers, ids
 * out of range, bad rectangles and sizes answers an error and changes
 * nothing; nothing crashes.
 */
#include "config.h"

#include <math.h>

#include "core_test.h"

#define BAD WINED3DERR_INVALIDCALL

static void test_null_objects(void **state)
{
    struct wined3d_counters c;
    struct wined3d_map_desc map;
    struct wined3d_caps caps;
    uint32_t v;
    void *p;

    assert_int_equal(wined3d_device_create(NULL, 0, NULL), BAD);
    wined3d_device_destroy(NULL);
    wined3d_device_get_caps(NULL, &caps);
    assert_null(wined3d_device_get_swapchain(NULL, 0));
    assert_int_equal(wined3d_device_set_swapchain(NULL, NULL), BAD);
    assert_int_equal(wined3d_device_set_render_state(NULL, WINED3D_RS_ZENABLE, 0), BAD);
    assert_int_equal(wined3d_device_get_render_state(NULL, WINED3D_RS_ZENABLE, &v), BAD);
    assert_int_equal(wined3d_device_set_texture_stage_state(NULL, 0, WINED3D_TSS_COLOROP, 1), BAD);
    assert_int_equal(wined3d_device_set_texture(NULL, 0, NULL), BAD);
    assert_null(wined3d_device_get_texture(NULL, 0));
    assert_int_equal(wined3d_device_set_transform(NULL, WINED3D_TS_WORLD, NULL), BAD);
    assert_int_equal(wined3d_device_multiply_transform(NULL, WINED3D_TS_WORLD, NULL), BAD);
    assert_int_equal(wined3d_device_set_material(NULL, NULL), BAD);
    assert_int_equal(wined3d_device_set_light(NULL, 0, NULL), BAD);
    assert_int_equal(wined3d_device_set_light_enable(NULL, 0, 1), BAD);
    assert_int_equal(wined3d_device_set_viewport(NULL, NULL), BAD);
    assert_int_equal(wined3d_device_set_clip_plane(NULL, 0, NULL), BAD);
    assert_int_equal(wined3d_device_set_scissor_rect(NULL, NULL), BAD);
    assert_int_equal(wined3d_device_set_fvf(NULL, TL_FVF), BAD);
    assert_int_equal(wined3d_device_get_fvf(NULL), 0);
    assert_int_equal(wined3d_device_set_stream_source(NULL, NULL, 0, 0), BAD);
    assert_null(wined3d_device_get_state(NULL));
    assert_int_equal(wined3d_device_set_render_target(NULL, NULL, 0), BAD);
    assert_int_equal(wined3d_device_set_depth_stencil(NULL, NULL, 0), BAD);
    assert_null(wined3d_device_get_render_target(NULL, NULL));
    assert_int_equal(wined3d_stateblock_create(NULL, WINED3D_SBT_ALL, NULL), BAD);
    wined3d_stateblock_destroy(NULL);
    assert_int_equal(wined3d_stateblock_capture(NULL), BAD);
    assert_int_equal(wined3d_stateblock_apply(NULL), BAD);
    assert_int_equal(wined3d_device_begin_stateblock(NULL), BAD);
    assert_int_equal(wined3d_device_end_stateblock(NULL, NULL), BAD);
    assert_false(wined3d_device_is_recording(NULL));
    assert_int_equal(wined3d_device_draw_primitive(NULL, WINED3D_PT_TRIANGLELIST, 0, 3), BAD);
    assert_int_equal(wined3d_device_draw_primitive_up(NULL, WINED3D_PT_TRIANGLELIST, NULL, 3, 0), BAD);
    assert_int_equal(wined3d_device_draw_indexed_primitive_up(NULL, WINED3D_PT_TRIANGLELIST, NULL, 3, 0, NULL, 3), BAD);
    assert_int_equal(wined3d_device_draw_primitive_strided(NULL, WINED3D_PT_TRIANGLELIST, NULL, 3, NULL, 0), BAD);
    assert_int_equal(wined3d_device_clear(NULL, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0), BAD);
    assert_int_equal(wined3d_texture_create(NULL, NULL, NULL), BAD);
    wined3d_texture_destroy(NULL);
    assert_int_equal(wined3d_texture_get_sub_resource_count(NULL), 0);
    assert_int_equal(wined3d_texture_get_usage(NULL), 0);
    assert_int_equal(wined3d_texture_map(NULL, 0, NULL, 0, &map), BAD);
    assert_int_equal(wined3d_texture_unmap(NULL, 0), BAD);
    assert_int_equal(wined3d_texture_upload_data(NULL, 0, NULL, 0), BAD);
    assert_int_equal(wined3d_texture_set_color_key(NULL, WINED3D_CKEY_SRC_BLT, NULL), BAD);
    assert_int_equal(wined3d_texture_set_palette(NULL, NULL), BAD);
    assert_null(wined3d_texture_get_palette(NULL));
    assert_int_equal(wined3d_texture_blt(NULL, 0, NULL, NULL, 0, NULL, 0, NULL, WINED3D_TEXF_POINT), BAD);
    assert_int_equal(wined3d_palette_create(NULL, 0, 256, NULL, NULL), BAD);
    wined3d_palette_destroy(NULL);
    assert_int_equal(wined3d_palette_set_entries(NULL, 0, 1, &v), BAD);
    assert_int_equal(wined3d_palette_get_entries(NULL, 0, 1, &v), BAD);
    assert_int_equal(wined3d_buffer_create(NULL, 16, 0, NULL), BAD);
    wined3d_buffer_destroy(NULL);
    assert_int_equal(wined3d_buffer_get_size(NULL), 0);
    assert_int_equal(wined3d_buffer_map(NULL, 0, 0, 0, &p), BAD);
    assert_int_equal(wined3d_buffer_unmap(NULL), BAD);
    assert_int_equal(wined3d_swapchain_create(NULL, NULL, NULL), BAD);
    wined3d_swapchain_destroy(NULL);
    assert_null(wined3d_swapchain_get_back_buffer(NULL));
    assert_int_equal(wined3d_swapchain_present(NULL, NULL, 0, NULL, 0), BAD);
    wined3d_device_end_scene(NULL);
    assert_int_equal(wined3d_swapchain_set_gamma_ramp(NULL, NULL), BAD);
    assert_int_equal(wined3d_swapchain_get_gamma_ramp(NULL, NULL), BAD);
    assert_int_equal(wined3d_swapchain_set_window(NULL, 0), BAD);
    assert_int_equal(wined3d_swapchain_resize(NULL, 1, 1, 0), BAD);
    wined3d_device_get_counters(NULL, WINED3D_COUNTERS_TOTAL, &c);
    wined3d_device_reset_frame_counters(NULL);
    wined3d_device_flush(NULL);
    assert_null(wined3d_get_format_info(WINED3DFMT_COUNT));
    assert_int_equal(wined3d_format_calculate_pitch(1000, 4), 0);
    assert_int_equal(wined3d_format_calculate_aligned_pitch(1000, 4, 8), 0);
    /* 63 pixels of 32 bits: DirectDraw's system and video memory rows. */
    assert_int_equal(wined3d_format_calculate_aligned_pitch(WINED3DFMT_X8R8G8B8, 63, 4), 0xfc);
    assert_int_equal(wined3d_format_calculate_aligned_pitch(WINED3DFMT_X8R8G8B8, 63, 8), 0x100);
    assert_int_equal(wined3d_format_calculate_aligned_pitch(WINED3DFMT_X8R8G8B8, 63, 0), 0xfc);
    /* Block rows are never padded. */
    assert_int_equal(wined3d_format_calculate_aligned_pitch(WINED3DFMT_DXT1, 4, 8), 8);
    assert_int_equal(wined3d_format_calculate_aligned_pitch(WINED3DFMT_DXT1, 12, 8), 24);
}

static void test_bad_arguments(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 8, 8, 1};
    struct wined3d_swapchain_desc sdesc;
    struct wined3d_texture *t, *other_device_texture = NULL;
    struct wined3d_palette *palette;
    struct wined3d_buffer *buffer;
    struct wined3d_map_desc map;
    struct wined3d_rect r;
    struct wined3d_light light;
    uint32_t entries[256] = {0};
    float plane[4] = {0};
    void *p;

    /* Creation. */
    memset(&sdesc, 0, sizeof(sdesc));
    assert_int_equal(wined3d_device_create(&sdesc, 0, NULL), BAD);
    desc.width = 0;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), BAD);
    desc.width = 8;
    desc.type = 7;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), BAD);
    desc.type = WINED3D_RTYPE_TEXTURE_2D;
    desc.levels = 5;    /* an 8x8 chain has 4 */
    assert_int_equal(wined3d_texture_create(device, &desc, &t), BAD);
    desc.levels = 1;
    desc.width = 1u << 30;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), BAD);
    desc.width = 8;
    desc.usage = WINED3D_USAGE_DEPTHSTENCIL;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), BAD);
    desc.usage = 0;
    desc.row_alignment = 5;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), BAD);
    desc.row_alignment = 0;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);

    /* Maps. */
    assert_int_equal(wined3d_texture_map(t, 1, NULL, 0, &map), BAD);
    assert_int_equal(wined3d_texture_map(t, 0, NULL, 0, NULL), BAD);
    r.left = 4; r.top = 0; r.right = 2; r.bottom = 2;
    assert_int_equal(wined3d_texture_map(t, 0, &r, 0, &map), BAD);
    r.left = -1; r.right = 2;
    assert_int_equal(wined3d_texture_map(t, 0, &r, 0, &map), BAD);
    r.left = 0; r.right = 9;
    assert_int_equal(wined3d_texture_map(t, 0, &r, 0, &map), BAD);
    assert_int_equal(wined3d_texture_unmap(t, 0), WINED3DERR_NOTLOCKED);

    /* Blits. */
    r.left = 0; r.top = 0; r.right = 100; r.bottom = 4;
    assert_int_equal(wined3d_texture_blt(t, 0, &r, t, 0, NULL, 0, NULL, WINED3D_TEXF_POINT), BAD);
    assert_int_equal(wined3d_texture_blt(t, 0, NULL, NULL, 0, NULL, 0, NULL, WINED3D_TEXF_POINT), BAD);
    assert_int_equal(wined3d_texture_blt(t, 0, NULL, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, NULL, WINED3D_TEXF_POINT), BAD);
    assert_int_equal(wined3d_texture_blt(t, 0, NULL, t, 0, NULL, WINED3D_BLT_SRC_CKEY_OVERRIDE, NULL, WINED3D_TEXF_POINT), BAD);
    assert_int_equal(wined3d_texture_set_color_key(t, 0, NULL), BAD);
    assert_int_equal(wined3d_texture_set_color_key(t, 0x80, NULL), BAD);

    /* Palettes. */
    assert_int_equal(wined3d_palette_create(device, 0, 0, entries, &palette), BAD);
    assert_int_equal(wined3d_palette_create(device, 0, 257, entries, &palette), BAD);
    assert_int_equal(wined3d_palette_create(device, 0, 16, entries, &palette), WINED3D_OK);
    assert_int_equal(wined3d_palette_set_entries(palette, 15, 2, entries), BAD);
    assert_int_equal(wined3d_palette_set_entries(palette, 16, 1, entries), BAD);
    assert_int_equal(wined3d_palette_get_entries(palette, 0, 17, entries), BAD);
    wined3d_palette_destroy(palette);

    /* Buffers. */
    assert_int_equal(wined3d_buffer_create(device, 0, 0, &buffer), BAD);
    assert_int_equal(wined3d_buffer_create(device, 64, 0, &buffer), WINED3D_OK);
    assert_int_equal(wined3d_buffer_map(buffer, 65, 0, 0, &p), BAD);
    assert_int_equal(wined3d_buffer_map(buffer, 32, 33, 0, &p), BAD);
    assert_int_equal(wined3d_buffer_unmap(buffer), WINED3DERR_NOTLOCKED);
    assert_int_equal(wined3d_device_set_stream_source(device, buffer, 0, 0), BAD);
    assert_int_equal(wined3d_device_set_stream_source(device, buffer, 0, 20), WINED3D_OK);
    wined3d_device_set_fvf(device, TL_FVF);
    assert_int_equal(wined3d_device_draw_primitive(device, WINED3D_PT_TRIANGLELIST, 0, 6), BAD);     /* 120 > 64 */
    assert_int_equal(wined3d_device_draw_primitive(device, WINED3D_PT_TRIANGLELIST, 0xffffffffu, 3), BAD);
    wined3d_buffer_destroy(buffer);
    assert_null(wined3d_device_get_state(device)->stream.buffer);
    assert_int_equal(wined3d_device_draw_primitive(device, WINED3D_PT_TRIANGLELIST, 0, 3), BAD);

    /* Draws. */
    assert_int_equal(wined3d_device_draw_primitive_up(device, 0, entries, 3, 0), BAD);
    assert_int_equal(wined3d_device_draw_primitive_up(device, 7, entries, 3, 0), BAD);
    assert_int_equal(wined3d_device_draw_primitive_up(device, 0xffffffffu, entries, 3, 0), BAD);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, entries, 0, 0), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, entries, 0x7fffffff, 0), BAD);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, entries, 3, 8), BAD);
    assert_int_equal(wined3d_device_clear(device, 1, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0), BAD);
    assert_int_equal(wined3d_device_clear(device, 0, NULL, 0x80000000, 0, 1.0f, 0), BAD);

    /* State. */
    assert_int_equal(wined3d_device_set_texture(device, 8, t), BAD);
    assert_int_equal(wined3d_device_get_light(device, 12345, &light), BAD);
    state_default_light(&light);
    light.type = 4;
    assert_int_equal(wined3d_device_set_light(device, 0, &light), BAD);
    assert_int_equal(wined3d_device_get_clip_plane(device, 6, plane), BAD);
    assert_int_equal(wined3d_device_set_render_target(device, t, 0), BAD);     /* not a render target */
    assert_int_equal(wined3d_device_set_depth_stencil(device, t, 0), BAD);
    assert_int_equal(wined3d_stateblock_create(device, 0, NULL), BAD);

    /* Objects of another device. */
    {
        struct wined3d_device *other = create_device_ex(8, 8, WINED3DFMT_UNKNOWN, 0);
        assert_int_equal(wined3d_texture_create(other, &desc, &other_device_texture), WINED3D_OK);
        assert_int_equal(wined3d_device_set_texture(device, 0, other_device_texture), BAD);
        assert_int_equal(wined3d_swapchain_present(swapchain, other_device_texture, 0, NULL, 0), BAD);
        wined3d_device_destroy(other);
    }

    /* Presents. */
    r.left = 0; r.top = 0; r.right = 1000; r.bottom = 1;
    assert_int_equal(wined3d_swapchain_present(swapchain, NULL, 0, &r, 0), BAD);
    assert_int_equal(wined3d_swapchain_present(swapchain, t, 3, NULL, 0), BAD);
    assert_int_equal(wined3d_swapchain_resize(swapchain, 0, 1, 0), BAD);
    assert_int_equal(wined3d_swapchain_set_window(swapchain, 12345), WINED3DERR_NOTAVAILABLE);
    wined3d_swapchain_destroy(swapchain);   /* the implicit one stays */
    assert_ptr_equal(wined3d_device_get_swapchain(device, 0), swapchain);

    /* Resize keeps working afterwards. */
    assert_int_equal(wined3d_swapchain_resize(swapchain, 32, 16, 0), WINED3D_OK);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff00ff00, 1.0f, 0);
    assert_int_equal(read_pixel(device, 31, 15), 0xff00ff00);

    wined3d_texture_destroy(t);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Issue 23 (found by fuzz_texture): a depth fill of NaN was converted to an
 * integer, undefined behaviour (UBSan in the sanitizer build). NaN fills
 * with 0, infinities clamp to 0 and 1. */
static void test_depth_fill_out_of_range(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture *ds = wined3d_device_get_depth_stencil(device, NULL);
    struct wined3d_blt_fx fx;
    struct wined3d_map_desc map;
    static const struct { float depth; uint32_t expect; } fills[] =
    {
        {NAN, 0}, {-INFINITY, 0}, {INFINITY, 0xffffff}, {-NAN, 0}, {0.5f, 0x800000},
    };
    unsigned int i;

    assert_non_null(ds);
    memset(&fx, 0, sizeof(fx));
    for (i = 0; i < sizeof(fills) / sizeof(fills[0]); ++i)
    {
        fx.fill_depth = fills[i].depth;
        assert_int_equal(wined3d_texture_blt(ds, 0, NULL, NULL, 0, NULL, WINED3D_BLT_DEPTH_FILL, &fx,
                WINED3D_TEXF_POINT), WINED3D_OK);
        if (wined3d_texture_map(ds, 0, NULL, WINED3D_MAP_READ, &map) != WINED3D_OK)
            continue;   /* the depth is checked where it can be read back */
        assert_int_equal(*(const uint32_t *)map.data >> 8, fills[i].expect);
        assert_int_equal(wined3d_texture_unmap(ds, 0), WINED3D_OK);
    }
    wined3d_device_destroy(device);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_null_objects),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_depth_fill_out_of_range),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

/*
 * Presentation: the picture the window gets, drawn into a render target
 * through the same code (swapchain_present_to_texture): scaled to fit with
 * the aspect ratio kept, or stretched; through the gamma ramp; P8 sources
 * through their palette.  A headless present ends the frame.
 */
#include "config.h"

#include "core_test.h"

static uint32_t pixel_of(struct wined3d_texture *t, unsigned int x, unsigned int y)
{
    struct wined3d_map_desc map;
    uint32_t v;
    assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    v = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x];
    wined3d_texture_unmap(t, 0);
    return v;
}

static void test_scaling_and_gamma(void **state)
{
    struct wined3d_device *device = create_device_ex(40, 20, WINED3DFMT_UNKNOWN, 0);
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, WINED3D_USAGE_RENDERTARGET, 80, 80, 1};
    struct wined3d_gamma_ramp ramp;
    struct wined3d_texture *window;
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_quad(device, 0, 0, 10, 5, 0xffff0000, 0.5f);
    assert_int_equal(wined3d_texture_create(device, &desc, &window), WINED3D_OK);

    /* 40x20 into 80x80: 80x40 with bars of 20 above and below. */
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, WINED3D_PRESENT_POINT, window), WINED3D_OK);
    assert_int_equal(pixel_of(window, 40, 10), 0xff000000);
    assert_int_equal(pixel_of(window, 40, 70), 0xff000000);
    assert_int_equal(pixel_of(window, 2, 22), 0xffff0000);     /* the picture's top-left */
    assert_int_equal(pixel_of(window, 18, 28), 0xffff0000);
    assert_int_equal(pixel_of(window, 22, 22), 0xff0000ff);
    assert_int_equal(pixel_of(window, 78, 58), 0xff0000ff);
    /* Stretched: the whole window. */
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL,
            WINED3D_PRESENT_POINT | WINED3D_PRESENT_STRETCH_FILL, window), WINED3D_OK);
    assert_int_equal(pixel_of(window, 2, 2), 0xffff0000);
    assert_int_equal(pixel_of(window, 40, 70), 0xff0000ff);
    /* A source rectangle. */
    {
        struct wined3d_rect r = {0, 0, 10, 5};
        assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, &r, WINED3D_PRESENT_POINT, window), WINED3D_OK);
        assert_int_equal(pixel_of(window, 40, 40), 0xffff0000);
        /* The bars are cleared again after a present that covered them
         * (which clears nothing). */
        assert_int_equal(pixel_of(window, 40, 10), 0xff000000);
        assert_int_equal(pixel_of(window, 40, 70), 0xff000000);
        r.right = 100;
        assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, &r, 0, window), WINED3DERR_INVALIDCALL);
    }

    /* An inverting gamma ramp: red shows as cyan; the back buffer stays red. */
    for (i = 0; i < 256; ++i)
        ramp.red[i] = ramp.green[i] = ramp.blue[i] = (255 - i) * 257;
    assert_int_equal(wined3d_swapchain_set_gamma_ramp(swapchain, &ramp), WINED3D_OK);
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, WINED3D_PRESENT_POINT, window), WINED3D_OK);
    assert_color_close(pixel_of(window, 2, 22), 0xff00ffff, 1);
    assert_color_close(pixel_of(window, 78, 58), 0xffffff00, 1);
    assert_int_equal(read_pixel(device, 1, 1), 0xffff0000);

    /* Presenting again repeats nothing GL already has. */
    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 3; ++i)
        swapchain_present_to_texture(swapchain, NULL, 0, NULL, WINED3D_PRESENT_POINT, window);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.redundant_gl_calls, 0);
    assert_true(c.gl_calls_filtered > 0);

    /* Drawing after a present still works: the state it changed is restored. */
    draw_quad(device, 20, 10, 30, 15, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(device, 25, 12), 0xff00ff00);

    /* Headless present: the frame ends. */
    wined3d_device_reset_frame_counters(device);
    draw_quad(device, 0, 0, 1, 1, 0xff00ff00, 0.5f);
    assert_int_equal(wined3d_swapchain_present(swapchain, NULL, 0, NULL, 0), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_LAST_FRAME, &c);
    assert_int_equal(c.draws, 1);
    assert_int_equal(c.frames, 1);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.draws, 0);

    wined3d_texture_destroy(window);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* An 8-bit palettised primary shows through its palette; a palette change
 * shows at the next present. */
static void test_palettised_source(void **state)
{
    struct wined3d_device *device = create_device_ex(8, 8, WINED3DFMT_UNKNOWN, 0);
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_P8, 0, 4, 4, 1};
    struct wined3d_texture *primary, *window;
    struct wined3d_palette *palette;
    uint32_t entries[256] = {0}, entry = 0x0000ff00;
    uint8_t indices[16];

    memset(indices, 7, sizeof(indices));
    entries[7] = 0x00ff0000;
    assert_int_equal(wined3d_texture_create(device, &desc, &primary), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(primary, 0, indices, 4), WINED3D_OK);
    assert_int_equal(wined3d_palette_create(device, 0, 256, entries, &palette), WINED3D_OK);
    wined3d_texture_set_palette(primary, palette);
    desc.format = WINED3DFMT_X8R8G8B8;
    desc.usage = WINED3D_USAGE_RENDERTARGET;
    assert_int_equal(wined3d_texture_create(device, &desc, &window), WINED3D_OK);

    assert_int_equal(swapchain_present_to_texture(swapchain, primary, 0, NULL, WINED3D_PRESENT_POINT, window), WINED3D_OK);
    assert_int_equal(pixel_of(window, 1, 1) & 0xffffff, 0xff0000);
    wined3d_palette_set_entries(palette, 7, 1, &entry);
    assert_int_equal(swapchain_present_to_texture(swapchain, primary, 0, NULL, WINED3D_PRESENT_POINT, window), WINED3D_OK);
    assert_int_equal(pixel_of(window, 1, 1) & 0xffffff, 0x00ff00);

    wined3d_texture_destroy(window);
    wined3d_texture_destroy(primary);
    wined3d_palette_destroy(palette);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_scaling_and_gamma),
        cmocka_unit_test(test_palettised_source),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

/*
 * The on-screen display (hud.c), through swapchain_present_to_texture, the
 * code path of the window's present: off, the picture is the back buffer
 * byte for byte; on, its text is where it should be and nothing else
 * changes; and the frame after it draws, sends and counts exactly what it
 * would have without it.
 */
#include "config.h"

#include <time.h>

#include "core_test.h"
#include "dx7gl/config.h"

/* A device made with the HUD setting hud ("" for off). */
static struct wined3d_device *create_with_hud(const char *hud, uint32_t w, uint32_t h)
{
    struct wined3d_device *device;

    if (*hud) setenv("DX7GL_HUD", hud, 1);
    else unsetenv("DX7GL_HUD");
    dx7gl_config_reset(NULL);
    device = create_device_ex(w, h, WINED3DFMT_D24S8, 0);
    unsetenv("DX7GL_HUD");
    dx7gl_config_reset(NULL);
    return device;
}

static uint32_t *read_all(struct wined3d_texture *t, unsigned int w, unsigned int h)
{
    struct wined3d_map_desc map;
    uint32_t *p = malloc(w * h * 4);
    unsigned int y;

    assert_non_null(p);
    assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    for (y = 0; y < h; ++y)
        memcpy(p + y * w, (const uint8_t *)map.data + y * map.row_pitch, w * 4);
    wined3d_texture_unmap(t, 0);
    return p;
}

static struct wined3d_texture *window_texture(struct wined3d_device *device, unsigned int w, unsigned int h)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_X8R8G8B8, WINED3D_USAGE_RENDERTARGET,
            w, h, 1};
    struct wined3d_texture *t;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    return t;
}

/* Something of everything: blending, a half-transparent quad. */
static void draw_scene(struct wined3d_device *device)
{
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff808080, 1.0f, 0);
    draw_quad(device, 10, 10, 200, 100, 0xffff0000, 0.5f);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_SRCALPHA);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVSRCALPHA);
    draw_quad(device, 50, 5, 300, 60, 0x8000ff00, 0.25f);
}

static void test_hud_off_is_the_back_buffer(void **state)
{
    struct wined3d_device *device = create_with_hud("", 320, 240);
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    struct wined3d_texture *window = window_texture(device, 320, 240);
    uint32_t *picture, *back;
    unsigned int i;

    assert_null(swapchain->hud);
    draw_scene(device);
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, window), WINED3D_OK);
    picture = read_all(window, 320, 240);
    back = read_all(wined3d_swapchain_get_back_buffer(swapchain), 320, 240);
    for (i = 0; i < 320 * 240; ++i)
        if ((picture[i] & 0xffffff) != (back[i] & 0xffffff))
            fail_msg("pixel %u,%u: %08x, the back buffer has %08x", i % 320, i / 320, picture[i], back[i]);
    free(picture);
    free(back);
    wined3d_texture_destroy(window);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_hud_text(void **state)
{
    struct wined3d_device *device = create_with_hud("fps", 320, 240);
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    struct wined3d_texture *window = window_texture(device, 320, 240);
    unsigned int x, y, outside_changed = 0;
    uint32_t *picture, *back;

    assert_non_null(swapchain->hud);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff808080, 1.0f, 0);
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, window), WINED3D_OK);
    picture = read_all(window, 320, 240);
    back = read_all(wined3d_swapchain_get_back_buffer(swapchain), 320, 240);

    /* "FPS 0.0" (no frame yet) at scale 1: a 48x13 box at (4,4), opaque
     * dark grey over the grey; the F's top bar at row 7, columns 7 to 11. */
    assert_int_equal(picture[5 * 320 + 5] & 0xffffff, 0x202020);
    assert_int_equal(picture[16 * 320 + 50] & 0xffffff, 0x202020);
    for (x = 7; x <= 11; ++x)
        assert_int_equal(picture[7 * 320 + x] & 0xffffff, 0xffffff);
    /* Below the F's bar its stem only. */
    assert_int_equal(picture[8 * 320 + 7] & 0xffffff, 0xffffff);
    assert_int_equal(picture[8 * 320 + 8] & 0xffffff, 0x202020);
    /* Nothing outside the box changes; the back buffer has no HUD. */
    for (y = 0; y < 240; ++y)
        for (x = 0; x < 320; ++x)
        {
            if (x >= 4 && x < 52 && y >= 4 && y < 17) continue;
            if ((picture[y * 320 + x] & 0xffffff) != 0x808080) ++outside_changed;
        }
    assert_int_equal(outside_changed, 0);
    assert_int_equal(back[7 * 320 + 7] & 0xffffff, 0x808080);

    free(picture);
    free(back);
    wined3d_texture_destroy(window);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* The graph's pixels in the window: 1 where a bar is, per column. */
static unsigned int graph_bars(const uint32_t *picture, unsigned int w, unsigned int gx, unsigned int gy,
        unsigned int *tallest)
{
    unsigned int x, y, columns = 0, h;

    *tallest = 0;
    for (x = 0; x < 120; ++x)
    {
        for (y = 0, h = 0; y < 24; ++y)
        {
            uint32_t p = picture[(gy + y) * w + gx + x] & 0xffffff;
            if (p == 0x40e040 || p == 0xf04040) ++h;
            else if (p != 0x383838) fail_msg("graph pixel %u,%u: %06x", gx + x, gy + y, p);
        }
        if (h) ++columns;
        if (h > *tallest) *tallest = h;
    }
    return columns;
}

/* The text is painted a few times a second, the graph moves every frame:
 * frames presented between two repaints add their bars while the text's
 * pixels stay as they were. */
static void test_hud_graph_between_repaints(void **state)
{
    struct wined3d_device *device = create_with_hud("frametime", 320, 240);
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    struct wined3d_texture *window = window_texture(device, 320, 240);
    uint32_t *first, *second;
    unsigned int x, y, tallest, i;
    uint64_t start;

    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff808080, 1.0f, 0);
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, window), WINED3D_OK);
    start = hud_time_us();
    first = read_all(window, 320, 240);
    /* "FRAME 0.00 MS", then the graph: at (4 + 3, 4 + 3 + 9), 120x24, empty. */
    assert_int_equal(graph_bars(first, 320, 7, 16, &tallest), 0);
    assert_int_equal(first[6 * 320 + 6] & 0xffffff, 0x202020);
    /* Three frames 0, 10 and 20 ms apart (the first gives no time). */
    hud_frame(swapchain->hud);
    for (i = 0; i < 2; ++i)
    {
        struct timespec ts = {0, 10000000 * (i + 1)};
        nanosleep(&ts, NULL);
        hud_frame(swapchain->hud);
    }
    assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, window), WINED3D_OK);
    second = read_all(window, 320, 240);
    /* Two new bars on the right, the later one taller (20 ms of 33.3 is 14
     * rows, at most 24); the text did not change. */
    assert_int_equal(graph_bars(second, 320, 7, 16, &tallest), 2);
    assert_true(tallest >= 12 && tallest <= 24);
    for (y = 0; y < 24; ++y)
        for (x = 0; x < 118; ++x)
            assert_int_equal(second[(16 + y) * 320 + 7 + x] & 0xffffff, 0x383838);
    /* The repaint comes 250 ms after the first; a machine that stalled
     * this test for that long repainted, rightly. */
    if (hud_time_us() - start < 200000)
    {
        for (y = 4; y < 16; ++y)
            for (x = 4; x < 130; ++x)
                assert_int_equal(second[y * 320 + x], first[y * 320 + x]);
    }
    else
        print_message("test_hud_graph_between_repaints: over 200 ms between presents, text not compared\n");
    free(first);
    free(second);
    wined3d_texture_destroy(window);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Two devices, one with every HUD line, run the same frames: the second
 * frame's pixels and counters do not tell them apart. */
static void test_hud_leaves_state_and_counters(void **state)
{
    static const char * const huds[2] = {"", "full"};
    struct wined3d_counters counters[2], presented[2];
    uint32_t *frames[2];
    unsigned int i;

    for (i = 0; i < 2; ++i)
    {
        struct wined3d_device *device = create_with_hud(huds[i], 320, 240);
        struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
        struct wined3d_texture *window = window_texture(device, 640, 480);

        assert_true(!swapchain->hud == !i);
        draw_scene(device);
        wined3d_device_reset_frame_counters(device);
        assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, window), WINED3D_OK);
        assert_int_equal(swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, window), WINED3D_OK);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &presented[i]);
        /* The next frame, drawn on the state the application left: blending
         * still on, the same blend factors, viewport and target. */
        wined3d_device_reset_frame_counters(device);
        draw_quad(device, 0, 100, 320, 240, 0x80ffff00, 0.25f);
        draw_quad(device, 100, 0, 120, 240, 0x800000ff, 0.75f);
        frames[i] = read_all(wined3d_swapchain_get_back_buffer(swapchain), 320, 240);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &counters[i]);
        wined3d_texture_destroy(window);
        assert_no_gl_error(device);
        wined3d_device_destroy(device);
    }
    assert_memory_equal(frames[0], frames[1], 320 * 240 * 4);
    /* The blend was applied: half yellow over the red and grey. */
    assert_color_close(frames[0][150 * 320 + 10] & 0xffffff, 0xbfbf40, 2);
    assert_int_equal(presented[0].gl_calls, presented[1].gl_calls);
    assert_int_equal(presented[0].texture_uploads, presented[1].texture_uploads);
    assert_int_equal(counters[0].draws, counters[1].draws);
    assert_int_equal(counters[0].groups_applied, counters[1].groups_applied);
    assert_int_equal(counters[0].gl_calls, counters[1].gl_calls);
    assert_int_equal(counters[0].gl_calls_filtered, counters[1].gl_calls_filtered);
    assert_int_equal(counters[0].redundant_gl_calls, counters[1].redundant_gl_calls);
    free(frames[0]);
    free(frames[1]);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_hud_off_is_the_back_buffer),
        cmocka_unit_test(test_hud_text),
        cmocka_unit_test(test_hud_graph_between_repaints),
        cmocka_unit_test(test_hud_leaves_state_and_counters),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

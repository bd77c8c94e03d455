/*
 * The core on an EGL window surface (X11), natively: present scales the
 * back buffer into the window with the aspect ratio kept.  Needs an X
 * server (run under xvfb-run); skipped (exit 77) without DISPLAY.
 */
#include "config.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include "core_test.h"

static Display *display;

static unsigned long window_pixel(Window window, int x, int y)
{
    XImage *image = XGetImage(display, window, x, y, 1, 1, AllPlanes, ZPixmap);
    unsigned long v;

    assert_non_null(image);
    v = XGetPixel(image, 0, 0) & 0xffffff;
    XDestroyImage(image);
    return v;
}

static void test_window_present(void **state)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device = NULL;
    struct wined3d_gamma_ramp ramp;
    Window window;
    unsigned int i;

    window = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 200, 100, 0, 0, 0);
    XMapWindow(display, window);
    XSync(display, False);

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_WINDOW;
    desc.native_display = display;
    desc.native_window = (uintptr_t)window;
    desc.backbuffer_width = 80;
    desc.backbuffer_height = 80;
    desc.backbuffer_format = WINED3DFMT_X8R8G8B8;
    assert_int_equal(wined3d_device_create(&desc, 0, &device), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_LIGHTING, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_quad(device, 0, 0, 40, 40, 0xffff0000, 0.5f);
    assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0), WINED3D_OK);
    XSync(display, False);

    /* 80x80 into 200x100: a 100x100 picture between bars of 50. */
    assert_int_equal(window_pixel(window, 10, 50), 0x000000);
    assert_int_equal(window_pixel(window, 190, 50), 0x000000);
    assert_int_equal(window_pixel(window, 60, 10), 0xff0000);   /* the top-left quarter: red */
    assert_int_equal(window_pixel(window, 140, 90), 0x0000ff);
    assert_int_equal(window_pixel(window, 60, 90), 0x0000ff);

    /* A ramp that maps every green to full: red shows yellow, blue cyan. */
    for (i = 0; i < 256; ++i)
    {
        ramp.red[i] = ramp.blue[i] = i * 257;
        ramp.green[i] = 0xffff;
    }
    assert_int_equal(wined3d_swapchain_set_gamma_ramp(wined3d_device_get_swapchain(device, 0), &ramp), WINED3D_OK);
    assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0), WINED3D_OK);
    XSync(display, False);
    assert_int_equal(window_pixel(window, 60, 10), 0xffff00);
    assert_int_equal(window_pixel(window, 140, 90), 0x00ffff);
    /* The back buffer itself is untouched by the ramp. */
    assert_int_equal(read_pixel(device, 1, 1) & 0xffffff, 0xff0000);

    assert_no_gl_error(device);
    wined3d_device_destroy(device);
    XDestroyWindow(display, window);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_window_present),
    };
    int ret;

    if (!getenv("DISPLAY") || !(display = XOpenDisplay(NULL)))
    {
        fprintf(stderr, "No X display: skipped (run under xvfb-run).\n");
        return 77;
    }
    ret = cmocka_run_group_tests(tests, NULL, NULL);
    XCloseDisplay(display);
    return ret;
}

/*
 * The core on an EGL window surface (X11), natively: present scales the
 * back buffer into the window with the aspect ratio kept, and the vsync
 * setting reaches eglSwapInterval.  Needs an X server (run under xvfb-run);
 * skipped (exit 77) without DISPLAY.
 */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <EGL/egl.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include "core_test.h"
#include "dx7gl/config.h"

static Display *display;

/* The core's eglSwapInterval calls land here first (the program's own
 * definition comes before libEGL's): the last interval asked for is kept,
 * then EGL's own function does the work. */
static EGLint swap_interval_asked = -1;
static EGLBoolean swap_interval_ret;

EGLBoolean EGLAPIENTRY eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
    EGLBoolean (EGLAPIENTRY *real)(EGLDisplay, EGLint);

    swap_interval_asked = interval;
    *(void **)&real = dlsym(RTLD_NEXT, "eglSwapInterval");
    swap_interval_ret = real ? real(dpy, interval) : EGL_FALSE;
    return swap_interval_ret;
}

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

/* The interval the first present of a window device sets, for a vsync
 * setting and the front end's own choice (flags). */
static EGLint presented_interval(const char *vsync, uint32_t flags)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device = NULL;
    Window window;

    window = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 32, 32, 0, 0, 0);
    XMapWindow(display, window);
    XSync(display, False);
    if (vsync) setenv("DX7GL_VSYNC", vsync, 1);
    dx7gl_config_reset(NULL);
    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_WINDOW;
    desc.native_display = display;
    desc.native_window = (uintptr_t)window;
    desc.backbuffer_width = desc.backbuffer_height = 32;
    desc.backbuffer_format = WINED3DFMT_X8R8G8B8;
    assert_int_equal(wined3d_device_create(&desc, flags, &device), WINED3D_OK);
    unsetenv("DX7GL_VSYNC");
    dx7gl_config_reset(NULL);
    swap_interval_asked = -1;
    swap_interval_ret = EGL_FALSE;
    assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0), WINED3D_OK);
    /* Set once per surface: a second present asks nothing again. */
    if (swap_interval_asked >= 0)
    {
        EGLint first = swap_interval_asked;
        assert_true(swap_interval_ret);
        swap_interval_asked = -1;
        assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0),
                WINED3D_OK);
        assert_int_equal(swap_interval_asked, -1);
        swap_interval_asked = first;
    }
    wined3d_device_destroy(device);
    XDestroyWindow(display, window);
    return swap_interval_asked;
}

/* The vsync setting is what EGL is told at the first present: "off" swaps
 * at once (interval 0) even when the front end asked to wait, "on" waits
 * (1) even when it asked not to, "app" and no setting leave its choice. */
static void test_vsync_swap_interval(void **state)
{
    assert_int_equal(presented_interval(NULL, 0), 1);
    assert_int_equal(presented_interval(NULL, WINED3D_DEVICE_NO_VSYNC), 0);
    assert_int_equal(presented_interval("off", 0), 0);
    assert_int_equal(presented_interval("on", WINED3D_DEVICE_NO_VSYNC), 1);
    assert_int_equal(presented_interval("app", WINED3D_DEVICE_NO_VSYNC), 0);
    assert_int_equal(presented_interval("app", 0), 1);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_window_present),
        cmocka_unit_test(test_vsync_swap_interval),
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

/*
 * Issue 23, fault 8: the EGL display the core initialised is terminated
 * when its last context goes (the last device is destroyed), so a host that
 * loads and unloads a driver again and again does not keep Mesa's screen
 * each time. A display the application initialised itself is left alone.
 */
#include "config.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <malloc.h>

#include "core_test.h"

static EGLDisplay surfaceless_display(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display;

    get_platform_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    assert_non_null(get_platform_display);
    return get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

static int display_initialised(EGLDisplay display)
{
    return eglQueryString(display, EGL_VENDOR) != NULL;
}

static void test_terminated_with_last_device(void **state)
{
    EGLDisplay display = surfaceless_display();
    struct wined3d_device *a, *b;

#if defined(__SANITIZE_ADDRESS__)
    /* wined3d-lite/egl.c keeps the display in AddressSanitizer builds:
     * terminated, llvmpipe's JIT allocations read as unsuppressible leaks. */
    skip();
#endif

    assert_false(display_initialised(display));
    a = create_device_ex(8, 8, 0, 0);
    assert_true(display_initialised(display));
    b = create_device_ex(8, 8, 0, 0);
    wined3d_device_destroy(a);
    /* b still draws on it. */
    assert_true(display_initialised(display));
    draw_quad(b, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(b, 4, 4), 0xff00ff00);
    wined3d_device_destroy(b);
    assert_false(display_initialised(display));

    /* And a new device after that initialises it again and draws. */
    a = create_device_ex(8, 8, 0, 0);
    draw_quad(a, 0, 0, 8, 8, 0xff0000ff, 0.5f);
    assert_int_equal(read_pixel(a, 4, 4), 0xff0000ff);
    wined3d_device_destroy(a);
    assert_false(display_initialised(display));
}

static void test_application_display_kept(void **state)
{
    EGLDisplay display = surfaceless_display();
    struct wined3d_device *device;
    EGLint major, minor;

    assert_true(eglInitialize(display, &major, &minor));
    device = create_device_ex(8, 8, 0, 0);
    wined3d_device_destroy(device);
    assert_true(display_initialised(display));
    assert_true(eglTerminate(display));
    eglReleaseThread();
}

/* Load and unload, as a host does with its driver: the heap in use after
 * many cycles is what it was after the first few (an unterminated display
 * kept about 86 KB of Mesa's each time the driver library went away; in one
 * process it stays, so this guards the terminate path against new leaks). */
static void test_cycles_do_not_grow(void **state)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    skip();     /* the sanitizers' allocators do not report mallinfo2 */
#else
    struct wined3d_device *device;
    size_t after_warmup = 0, after;
    unsigned int i;

    for (i = 0; i < 24; ++i)
    {
        device = create_device_ex(8, 8, 0, 0);
        draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
        wined3d_device_destroy(device);
        if (i == 3)
            after_warmup = mallinfo2().uordblks;
    }
    after = mallinfo2().uordblks;
    if (after > after_warmup + 20 * 4096)
        fail_msg("Heap in use grew from %zu to %zu bytes over 20 cycles.", after_warmup, after);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_terminated_with_last_device),
        cmocka_unit_test(test_application_display_kept),
        cmocka_unit_test(test_cycles_do_not_grow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

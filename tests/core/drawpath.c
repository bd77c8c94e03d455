/*
 * The per-draw path on real Mesa: what a draw from user memory sends to GL,
 * the streaming ring's fenced parts (the data survives laps of the ring and
 * only the part being reused is waited for) and the contexts the core makes
 * current itself (two devices on one thread, a device moving between
 * threads).
 */
#include "config.h"

#include <pthread.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "core_test.h"

static void frame(struct wined3d_device *device, struct wined3d_counters *c)
{
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, c);
}

/* A point on pixel (x, y). */
static void point_vertex(struct tl_vertex *v, unsigned int x, unsigned int y, uint32_t colour)
{
    v->x = (float)x;
    v->y = (float)y;
    v->z = 0.5f;
    v->rhw = 1.0f;
    v->diffuse = colour;
}

static uint32_t point_colour(unsigned int i)
{
    return 0xff000000u | ((i * 2654435761u) >> 8);
}

/* Draws from user memory with nothing else changed: one GL call each, the
 * draw itself (no binding, no upload call: the ring is mapped). */
static void test_user_memory_draw_calls(void **state)
{
    static const uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
    struct wined3d_device *device = create_device();
    struct tl_vertex v[4];
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_set_fvf(device, TL_FVF);
    for (i = 0; i < 4; ++i)
        point_vertex(&v[i], (i & 1) * 8, (i >> 1) * 8, 0xff00ff00);
    /* The first draws set up the rings and the program. */
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
    assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 4,
            sizeof(v[0]), indices, 6), WINED3D_OK);
    if (!device->vertex_ring.map)
    {
        wined3d_device_destroy(device);
        skip();
    }

    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 100; ++i)
    {
        assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 4,
                sizeof(v[0]), indices, 6), WINED3D_OK);
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
                WINED3D_OK);
    }
    frame(device, &c);
    assert_int_equal(c.draws, 200);
    assert_int_equal(c.gl_calls, 200);
    assert_int_equal(c.redundant_gl_calls, 0);
    assert_int_equal(read_pixel(device, 4, 4), 0xff00ff00);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static unsigned int fences_set(const struct wined3d_stream_ring *ring)
{
    unsigned int i, n = 0;
    for (i = 0; i < sizeof(ring->fences) / sizeof(ring->fences[0]); ++i)
        if (ring->fences[i]) ++n;
    return n;
}

/* Each point goes to its own pixel of a 64x64 target, 4096 draws a picture.
 * The ring is written through a lap and a half: every part left gets a
 * fence, only the part written again is waited for, and the last picture
 * (drawn across the wrap) has every point's colour. */
static void test_ring_parts(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_stream_ring *ring = &device->vertex_ring;
    unsigned int i, x, y, drawn = 0, wraps = 0, max_fences = 0, parts;
    uint32_t last_offset = 0;
    struct tl_vertex v;

    wined3d_device_set_fvf(device, TL_FVF);
    point_vertex(&v, 0, 0, point_colour(0));
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, &v, 1, sizeof(v)), WINED3D_OK);
    if (!ring->map)
    {
        wined3d_device_destroy(device);
        skip();
    }
    parts = sizeof(ring->fences) / sizeof(ring->fences[0]);
    /* Until the ring wrapped, then a picture more. */
    for (i = 1; !wraps || drawn < 4096; ++i)
    {
        point_vertex(&v, i % 64, (i / 64) % 64, point_colour(i));
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, &v, 1, sizeof(v)),
                WINED3D_OK);
        if (ring->offset < last_offset)
        {
            ++wraps;
            /* Part 0 is being reused: its fence was waited for and went;
             * the others are still fenced (the GPU may read them). */
            assert_null(ring->fences[0]);
            assert_int_equal(fences_set(ring), parts - 1);
        }
        if (fences_set(ring) > max_fences) max_fences = fences_set(ring);
        last_offset = ring->offset;
        if (wraps) ++drawn;
        assert_true(i < 8u * 1024 * 1024);
    }
    assert_int_equal(max_fences, parts - 1);
    --i;
    /* The last 4096 points cover every pixel once. */
    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
        {
            unsigned int j = i - ((i - (y * 64 + x)) % 4096);
            assert_int_equal(read_pixel(device, x, y), point_colour(j));
        }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Two devices drawing in turn on one thread: each draw goes to its own
 * device's target although the other device made its context current in
 * between. */
static void test_two_devices_one_thread(void **state)
{
    struct wined3d_device *a = create_device(), *b = create_device();
    unsigned int i;

    for (i = 0; i < 3; ++i)
    {
        draw_quad(a, 0, 0, 32, 64, 0xff0000ff + (i << 8), 0.5f);
        draw_quad(b, 32, 0, 64, 64, 0xffff0000 + i, 0.5f);
    }
    assert_int_equal(read_pixel(a, 4, 4), 0xff0002ff);
    assert_int_equal(read_pixel(a, 40, 4), 0);
    assert_int_equal(read_pixel(b, 40, 4), 0xffff0002);
    assert_int_equal(read_pixel(b, 4, 4), 0);
    /* A device going away leaves the other drawing. */
    wined3d_device_destroy(a);
    draw_quad(b, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(b, 4, 4), 0xff00ff00);
    assert_no_gl_error(b);
    wined3d_device_destroy(b);
}

struct turn
{
    struct wined3d_device *device;
    uint32_t colour;
};

static void *draw_on_thread(void *arg)
{
    struct turn *t = arg;

    draw_quad(t->device, 0, 0, 64, 64, t->colour, 0.5f);
    return (void *)(uintptr_t)read_pixel(t->device, 10, 10);
}

/* A device used by one thread after another (multithreaded mode lets go of
 * the context after each call): each thread makes it current again. */
static void test_threads_take_turns(void **state)
{
    struct wined3d_device *device = create_device();
    struct turn t = {device, 0};
    unsigned int i;

    wined3d_device_set_multithreaded(device, 1);
    draw_quad(device, 0, 0, 64, 64, 0xff102030, 0.5f);
    for (i = 0; i < 3; ++i)
    {
        pthread_t thread;
        void *result;

        t.colour = 0xff000040 + i;
        assert_int_equal(pthread_create(&thread, NULL, draw_on_thread, &t), 0);
        assert_int_equal(pthread_join(thread, &result), 0);
        assert_int_equal((uint32_t)(uintptr_t)result, t.colour);
        /* And this thread again in between. */
        draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
        assert_int_equal(read_pixel(device, 4, 4), 0xff00ff00);
        assert_int_equal(read_pixel(device, 10, 10), t.colour);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* The core trusts its own record of what it made current: a program with a
 * GL context of its own on the same thread uses multithreaded mode, and the
 * core makes its context current again at each call and lets go after. */
static void test_foreign_context(void **state)
{
    static const EGLint attribs[] =
    {
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE
    };
    struct wined3d_device *device = create_device();
    EGLDisplay display;
    EGLContext own;

    wined3d_device_set_multithreaded(device, 1);
    draw_quad(device, 0, 0, 64, 64, 0xff102030, 0.5f);
    display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    assert_true(display != EGL_NO_DISPLAY && eglInitialize(display, NULL, NULL));
    assert_true(eglBindAPI(EGL_OPENGL_API));
    own = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    assert_true(own != EGL_NO_CONTEXT);
    assert_true(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, own));

    /* The program's own GL work... */
    glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
    /* ...then the core's draw goes to the device's target. */
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_true(eglGetCurrentContext() != own);
    assert_int_equal(read_pixel(device, 4, 4), 0xff00ff00);
    assert_int_equal(read_pixel(device, 10, 10), 0xff102030);
    /* The program makes its context current again and carries on. */
    assert_true(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, own));
    draw_quad(device, 8, 8, 16, 16, 0xff0000ff, 0.5f);
    assert_int_equal(read_pixel(device, 12, 12), 0xff0000ff);

    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, own);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static int setup(void **state)
{
    return gl_available() ? 0 : -1;
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_user_memory_draw_calls),
        cmocka_unit_test(test_ring_parts),
        cmocka_unit_test(test_two_devices_one_thread),
        cmocka_unit_test(test_threads_take_turns),
        cmocka_unit_test(test_foreign_context),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

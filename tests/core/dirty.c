/*
 * Dirty lists and the GL state cache, on real Mesa: Set* calls no GL and
 * marks each group once per context; a draw applies each dirty group once;
 * contexts keep their own lists; redundant GL calls stay 0 across churn
 * (and are seen when the cache is switched off, so the count is real).
 */
#include "config.h"

#include <pthread.h>

#include "core_test.h"

static int count_listed(const struct wined3d_context *context, unsigned int group)
{
    unsigned int i;
    int n = 0;
    for (i = 0; i < context->dirty_count; ++i)
        if (context->dirty_list[i] == group) ++n;
    return n;
}

static void frame(struct wined3d_device *device, struct wined3d_counters *c)
{
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, c);
}

static void test_set_calls_no_gl(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_counters c;
    struct wined3d_matrix m;
    unsigned int i;

    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    wined3d_device_reset_frame_counters(device);
    memset(&m, 0, sizeof(m));
    for (i = 0; i < 100; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_FOGCOLOR, i);
        wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, 1 + i % 13);
        wined3d_device_set_texture_stage_state(device, i % 8, WINED3D_TSS_COLOROP, 1 + i % 10);
        m._11 = (float)i;
        wined3d_device_set_transform(device, WINED3D_TS_WORLD, &m);
    }
    frame(device, &c);
    assert_int_equal(c.gl_calls, 0);
    assert_int_equal(c.groups_applied, 0);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A transform is compared by its bytes, each of its 64: the same matrix
 * lists nothing, a change in any row lists the group (also -0 for 0, as
 * memcmp has it), and the matrix set is the one kept. */
static void test_transform_dedup(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_context *context = device->contexts[0];
    struct wined3d_matrix m, got;
    unsigned int i;

    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    assert_int_equal(context->dirty_count, 0);
    wined3d_device_get_transform(device, WINED3D_TS_WORLD, &m);
    wined3d_device_set_transform(device, WINED3D_TS_WORLD, &m);
    assert_int_equal(context->dirty_count, 0);
    for (i = 0; i < 16; ++i)
    {
        float *f = &m._11;

        f[i] = f[i] == 0.0f ? -0.0f : f[i] + 1.0f;
        wined3d_device_set_transform(device, WINED3D_TS_WORLD, &m);
        assert_int_equal(context->dirty_count, 1);
        wined3d_device_get_transform(device, WINED3D_TS_WORLD, &got);
        assert_memory_equal(&got, &m, sizeof(m));
        draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
        assert_int_equal(context->dirty_count, 0);
        wined3d_device_set_transform(device, WINED3D_TS_WORLD, &got);
        assert_int_equal(context->dirty_count, 0);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_dedup(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_context *context = device->contexts[0];
    unsigned int before;

    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    assert_int_equal(context->dirty_count, 0);

    /* Same values: nothing listed. */
    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
    assert_int_equal(context->dirty_count, 0);

    /* Every fog state changes: the fog group is listed once. */
    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGCOLOR, 0xff00ff);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGSTART, wined3d_float_to_dword(0.25f));
    wined3d_device_set_render_state(device, WINED3D_RS_FOGEND, wined3d_float_to_dword(0.75f));
    wined3d_device_set_render_state(device, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_LINEAR);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 0);
    assert_int_equal(context->dirty_count, 1);
    assert_int_equal(count_listed(context, WINED3D_RS_FOGENABLE), 1);
    assert_true(context_is_dirty(context, WINED3D_RS_FOGDENSITY));

    /* Blend enable and factors: one more group. */
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_SRCALPHA);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVSRCALPHA);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    assert_int_equal(context->dirty_count, 2);
    assert_int_equal(count_listed(context, WINED3D_RS_ALPHABLENDENABLE), 1);

    /* A draw applies each group once and empties the list. */
    wined3d_device_reset_frame_counters(device);
    before = context->dirty_count;
    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    {
        struct wined3d_counters c;
        frame(device, &c);
        assert_int_equal(c.groups_applied, before);
        assert_int_equal(c.draws, 1);
    }
    assert_int_equal(context->dirty_count, 0);
    assert_false(context_is_dirty(context, WINED3D_RS_FOGENABLE));
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_per_context(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_swapchain_desc desc;
    struct wined3d_swapchain *second;
    struct wined3d_context *a = device->contexts[0], *b;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = desc.backbuffer_height = 32;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    assert_int_equal(wined3d_swapchain_create(device, &desc, &second), WINED3D_OK);
    assert_int_equal(device->context_count, 2);
    b = device->contexts[1];

    /* Bring both contexts up to date. */
    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    assert_int_equal(wined3d_device_set_swapchain(device, second), WINED3D_OK);
    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    assert_int_equal(a->dirty_count > 0, 1);   /* set_swapchain changed the viewport and framebuffer */
    assert_int_equal(b->dirty_count, 0);

    /* A change lands in both lists, once each. */
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILREF, 5);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILMASK, 0xf);
    assert_int_equal(count_listed(a, WINED3D_RS_STENCILENABLE), 1);
    assert_int_equal(count_listed(b, WINED3D_RS_STENCILENABLE), 1);

    /* Drawing through b applies b's list only. */
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_int_equal(count_listed(b, WINED3D_RS_STENCILENABLE), 0);
    assert_int_equal(count_listed(a, WINED3D_RS_STENCILENABLE), 1);
    assert_int_equal(read_pixel(device, 1, 1), 0xff00ff00);

    /* And a's picture is its own. */
    assert_int_equal(wined3d_device_set_swapchain(device, wined3d_device_get_swapchain(device, 0)), WINED3D_OK);
    draw_quad(device, 0, 0, 8, 8, 0xffff0000, 0.5f);
    assert_int_equal(count_listed(a, WINED3D_RS_STENCILENABLE), 0);
    assert_int_equal(read_pixel(device, 1, 1), 0xffff0000);
    assert_int_equal(wined3d_device_set_swapchain(device, second), WINED3D_OK);
    assert_int_equal(read_pixel(device, 1, 1), 0xff00ff00);

    wined3d_swapchain_destroy(second);
    assert_int_equal(device->context_count, 1);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* State churn between draws: groups are applied, but every GL value the
 * churn ends on is one GL already has or a new one; never a repeat. */
static void churn(struct wined3d_device *device, unsigned int frames)
{
    unsigned int f, i;

    for (f = 0; f < frames; ++f)
    {
        for (i = 0; i < 20; ++i)
        {
            wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, i & 1);
            wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, (i & 2) ? WINED3D_BLEND_SRCALPHA : WINED3D_BLEND_ONE);
            wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, (i & 2) ? WINED3D_BLEND_INVSRCALPHA : WINED3D_BLEND_ZERO);
            wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, (i & 4) ? WINED3D_CMP_LESS : WINED3D_CMP_LESSEQUAL);
            wined3d_device_set_render_state(device, WINED3D_RS_ZWRITEENABLE, i % 3 != 0);
            wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, 1 + i % 3);
            wined3d_device_set_render_state(device, WINED3D_RS_FOGCOLOR, (i & 8) ? 0xff0000 : 0x00ff00);
            wined3d_device_set_render_state(device, WINED3D_RS_TEXTUREFACTOR, 0xff000000 | i);
            wined3d_device_set_render_state(device, WINED3D_RS_STENCILENABLE, i & 1);
            wined3d_device_set_render_state(device, WINED3D_RS_STENCILREF, i & 3);
            wined3d_device_set_render_state(device, WINED3D_RS_COLORWRITEENABLE, (i & 4) ? 0x7 : 0xf);
            /* Set and set back before the draw: the group is applied but
             * nothing about it reaches GL. */
            wined3d_device_set_render_state(device, WINED3D_RS_DITHERENABLE, 1);
            wined3d_device_set_render_state(device, WINED3D_RS_DITHERENABLE, 0);
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP,
                    (i & 1) ? WINED3D_TOP_SELECTARG2 : WINED3D_TOP_MODULATE);
            draw_quad(device, (float)(i % 8), 0, (float)(i % 8 + 4), 4, 0xff808080, 0.5f);
            /* Alternate vertex formats: only the attributes that differ go out. */
            if (i & 1)
            {
                struct tl_spec_vertex v[3] =
                {
                    {0.0f, 0.0f, 0.5f, 1.0f, 0xff808080, 0}, {4.0f, 0.0f, 0.5f, 1.0f, 0xff808080, 0},
                    {0.0f, 4.0f, 0.5f, 1.0f, 0xff808080, 0},
                };
                wined3d_device_set_fvf(device, TL_SPEC_FVF);
                wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 3, sizeof(v[0]));
            }
            if (i % 5 == 0)
                wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        }
        assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0), WINED3D_OK);
    }
}

static void test_no_redundant_calls(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_counters c;

    churn(device, 1);    /* warm up: programs built, caches filled */
    churn(device, 3);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_LAST_FRAME, &c);
    assert_int_equal(c.redundant_gl_calls, 0);
    assert_int_equal(c.draws, 30);
    assert_true(c.groups_applied > 0);
    assert_true(c.gl_calls_filtered > 0);
    assert_int_equal(c.programs_built, 0);
    assert_int_equal(c.frames, 1);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &c);
    assert_int_equal(c.redundant_gl_calls, 0);
    assert_int_equal(c.draws, 120);
    assert_int_equal(c.frames, 4);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* The same churn with the cache off: the counter does see the repeats. */
static void test_redundant_calls_seen_without_cache(void **state)
{
    struct wined3d_device *device = create_device_ex(64, 64, WINED3DFMT_D24S8, WINED3D_DEVICE_NO_GL_CACHE);
    struct wined3d_counters c;

    churn(device, 2);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_LAST_FRAME, &c);
    assert_true(c.redundant_gl_calls > 0);
    assert_int_equal(c.gl_calls_filtered, 0);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A debug context reports GL's messages on the "gl" channel; the churn
 * raises none that are errors. */
static void test_debug_context(void **state)
{
    struct wined3d_device *device = create_device_ex(64, 64, WINED3DFMT_D24S8, WINED3D_DEVICE_DEBUG_CONTEXT);
    GLint flags = 0;

    device_acquire_context(device);
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    assert_true(flags & GL_CONTEXT_FLAG_DEBUG_BIT);
    churn(device, 1);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A device created on one thread and drawn on another, frame by frame (the
 * context is let go at each present). */
static void *draw_thread(void *arg)
{
    struct wined3d_device *device = arg;
    static uint32_t result;

    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    result = read_pixel(device, 4, 4);
    wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0);
    return &result;
}

static void test_other_thread(void **state)
{
    struct wined3d_device *device = create_device();
    pthread_t thread;
    void *result;

    draw_quad(device, 8, 8, 16, 16, 0xffff0000, 0.5f);
    assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0), WINED3D_OK);
    assert_int_equal(pthread_create(&thread, NULL, draw_thread, device), 0);
    assert_int_equal(pthread_join(thread, &result), 0);
    assert_int_equal(*(uint32_t *)result, 0xff00ff00);
    /* And back on this thread. */
    assert_int_equal(read_pixel(device, 12, 12), 0xffff0000);
    assert_int_equal(read_pixel(device, 4, 4), 0xff00ff00);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Several threads taking turns within a frame (serialised by the caller,
 * as ddraw's DDSCL_MULTITHREADED does). */
static pthread_mutex_t turn_lock = PTHREAD_MUTEX_INITIALIZER;

struct turn_arg { struct wined3d_device *device; unsigned int index, failures; };

static void *turn_thread(void *p)
{
    struct turn_arg *arg = p;
    unsigned int i;

    for (i = 0; i < 20; ++i)
    {
        uint32_t color = 0xff000000 | (arg->index ? 0x00ff00 : 0xff0000) | i;
        float x = (float)(arg->index * 32);

        pthread_mutex_lock(&turn_lock);
        draw_quad(arg->device, x, 0, x + 8, 8, color, 0.5f);
        if (read_pixel(arg->device, (unsigned int)x + 4, 4) != color)
            ++arg->failures;
        pthread_mutex_unlock(&turn_lock);
    }
    return NULL;
}

static void test_threads_in_turn(void **state)
{
    struct wined3d_device *device = create_device();
    struct turn_arg args[2] = {{device, 0, 0}, {device, 1, 0}};
    pthread_t threads[2];
    unsigned int i;

    wined3d_device_set_multithreaded(device, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, 0);
    /* The creating thread used it last: let go as a present would. */
    wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0);
    for (i = 0; i < 2; ++i)
        assert_int_equal(pthread_create(&threads[i], NULL, turn_thread, &args[i]), 0);
    for (i = 0; i < 2; ++i)
        pthread_join(threads[i], NULL);
    assert_int_equal(args[0].failures, 0);
    assert_int_equal(args[1].failures, 0);
    assert_int_equal(read_pixel(device, 4, 4), 0xffff0013);
    assert_int_equal(read_pixel(device, 36, 4), 0xff00ff13);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_program_cache(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 10; ++i)
    {
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP,
                (i & 1) ? WINED3D_TOP_SELECTARG2 : WINED3D_TOP_ADD);
        /* A uniform-only state: no new program. */
        wined3d_device_set_render_state(device, WINED3D_RS_TEXTUREFACTOR, 0xff000000 | i * 10);
        draw_quad(device, 0, 0, 4, 4, 0xff808080, 0.5f);
    }
    frame(device, &c);
    assert_int_equal(c.programs_built, 2);
    assert_int_equal(c.shader_cache_hits, 8);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static int setup(void **state)
{
    if (!gl_available())
    {
        fprintf(stderr, "No EGL surfaceless GL 3.3 core context here.\n");
        return -1;
    }
    return 0;
}

/* Building a program counts each GL call it makes: shims on the GLEW entry
 * points of the program interface set-up check that the core's counter
 * moved before every one of them (the device counts before it calls). */
static struct wined3d_device *shim_device;
static uint64_t shim_last;
static unsigned int shim_calls, shim_uncounted;
static PFNGLGETUNIFORMBLOCKINDEXPROC real_get_block_index;
static PFNGLUNIFORMBLOCKBINDINGPROC real_block_binding;
static PFNGLGETUNIFORMLOCATIONPROC real_get_location;
static PFNGLUNIFORM1IPROC real_uniform1i;

static void shim_check(void)
{
    uint64_t now = shim_device->frame.gl_calls;
    if (now == shim_last) ++shim_uncounted;
    shim_last = now;
    ++shim_calls;
}
static GLuint GLAPIENTRY shim_get_block_index(GLuint p, const GLchar *n) { shim_check(); return real_get_block_index(p, n); }
static void GLAPIENTRY shim_block_binding(GLuint p, GLuint i, GLuint b) { shim_check(); real_block_binding(p, i, b); }
static GLint GLAPIENTRY shim_get_location(GLuint p, const GLchar *n) { shim_check(); return real_get_location(p, n); }
static void GLAPIENTRY shim_uniform1i(GLint l, GLint v) { shim_check(); real_uniform1i(l, v); }

static void test_program_interface_counted(void **state)
{
    struct wined3d_device *device = create_device();

    shim_device = device;
    shim_last = device->frame.gl_calls;
    shim_calls = shim_uncounted = 0;
    real_get_block_index = glGetUniformBlockIndex;
    real_block_binding = glUniformBlockBinding;
    real_get_location = glGetUniformLocation;
    real_uniform1i = glUniform1i;
    glGetUniformBlockIndex = shim_get_block_index;
    glUniformBlockBinding = shim_block_binding;
    glGetUniformLocation = shim_get_location;
    glUniform1i = shim_uniform1i;
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    /* A program with the destination sampler. */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_SHADERBLEND, WINED3D_SHADERBLEND(WINED3D_SHADERBLEND_SRC,
            WINED3D_SHADERBLEND_ZERO, WINED3D_SHADERBLEND_DEST, WINED3D_SHADERBLEND_DEST));
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    glGetUniformBlockIndex = real_get_block_index;
    glUniformBlockBinding = real_block_binding;
    glGetUniformLocation = real_get_location;
    glUniform1i = real_uniform1i;
    /* Two programs: block index and binding, 9 sampler lookups, the
     * destination unit once. */
    assert_true(shim_calls >= 2 * (2 + 9) + 1);
    assert_int_equal(shim_uncounted, 0);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_set_calls_no_gl),
        cmocka_unit_test(test_dedup),
        cmocka_unit_test(test_transform_dedup),
        cmocka_unit_test(test_per_context),
        cmocka_unit_test(test_no_redundant_calls),
        cmocka_unit_test(test_redundant_calls_seen_without_cache),
        cmocka_unit_test(test_debug_context),
        cmocka_unit_test(test_other_thread),
        cmocka_unit_test(test_threads_in_turn),
        cmocka_unit_test(test_program_cache),
        cmocka_unit_test(test_program_interface_counted),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

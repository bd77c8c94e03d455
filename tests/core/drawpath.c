/*
 * The per-draw path on real Mesa: what a draw from user memory sends to GL,
 * draws joined into one,
 * the streaming ring's fences (the data survives laps of the ring, and the
 * writer waits for the frame that last read a region, not for all the GPU's
 * work) and the contexts the core makes
 * current itself (two devices on one thread, a device moving between
 * threads).
 */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
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

/* A triangle list covering pixels (0..15, 0..15), all of one colour. */
static void square_vertices(struct tl_vertex *v, uint32_t colour)
{
    static const unsigned int corner[6][2] = {{0, 0}, {16, 0}, {0, 16}, {0, 16}, {16, 0}, {16, 16}};
    unsigned int i;

    for (i = 0; i < 6; ++i)
        point_vertex(&v[i], corner[i][0], corner[i][1], colour);
}

/* A list draw from user memory, indexed (indices 0, 1, ...) or not. */
static int32_t draw_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const struct tl_vertex *v, unsigned int count, int indexed)
{
    static const uint16_t identity[6] = {0, 1, 2, 3, 4, 5};

    assert_true(count <= 6);
    if (indexed)
        return wined3d_device_draw_indexed_primitive_up(device, type, v, count, sizeof(*v), identity, count);
    return wined3d_device_draw_primitive_up(device, type, v, count, sizeof(*v));
}

/* The start of both joined-draw tests: 64 points, each its own draw, join
 * to the first and reach GL only at the read; then overlapping squares, the
 * later one on top, also when joined.  Skips without mapped rings. */
static struct wined3d_device *joined_points_and_squares(int indexed, struct tl_vertex sq[2][6])
{
    struct wined3d_device *device = create_device();
    struct wined3d_counters c;
    struct tl_vertex v[64];
    unsigned int i;

    wined3d_device_set_fvf(device, TL_FVF);
    point_vertex(&v[0], 0, 2, 0xff000000);
    assert_int_equal(draw_up(device, WINED3D_PT_POINTLIST, v, 1, indexed), WINED3D_OK);
    if (!device->vertex_ring.map || (indexed && !device->index_ring.map))
    {
        wined3d_device_destroy(device);
        skip();
    }
    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 64; ++i)
    {
        point_vertex(&v[i], i, 1, point_colour(i));
        assert_int_equal(draw_up(device, WINED3D_PT_POINTLIST, &v[i], 1, indexed), WINED3D_OK);
    }
    frame(device, &c);
    assert_int_equal(c.draws, 64);
    assert_int_equal(c.gl_calls, 0);
    for (i = 0; i < 64; ++i)
        assert_int_equal(read_pixel(device, i, 1), point_colour(i));

    square_vertices(sq[0], 0xffff0000);
    square_vertices(sq[1], 0xff0000ff);
    for (i = 0; i < 5; ++i)
        assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[i & 1], 6, indexed), WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xffff0000);
    return device;
}

/* Lists drawn from user memory with no state change between join into one
 * GL draw, sent before anything else reaches GL (a read, a state change, a
 * strip); the pictures and their order are those of the separate draws. */
static void test_joined_draws(void **state)
{
    struct tl_vertex sq[2][6];
    struct wined3d_device *device = joined_points_and_squares(0, sq);

    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[1], 6, 0), WINED3D_OK);
    /* A strip in between is its own draw, after the joined ones. */
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 0), WINED3D_OK);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLESTRIP, sq[1] + 2, 4, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 12, 12), 0xff0000ff);
    /* A state change between two lists: the second is drawn with it. */
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 0), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_NEVER);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[1], 6, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xffff0000);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Blending turned on as ONE, ZERO leaves GL blending off, so draws on
 * either side of the change join. */
static void test_joined_blend_replace(void **state)
{
    struct tl_vertex sq[2][6];
    struct wined3d_device *device = joined_points_and_squares(0, sq);
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_ONE);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ZERO);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xffff0000);
    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 6; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, i & 1);
        assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[i & 1], 6, 0), WINED3D_OK);
    }
    frame(device, &c);
    assert_int_equal(c.gl_calls, 0);
    assert_int_equal(read_pixel(device, 8, 8), 0xff0000ff);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Blending that joined draws found off (ONE, ZERO) and that a later draw
 * turns on through the same group, dirty since: that draw does not join,
 * and is blended over the ones before. */
static void test_joined_blend_turned_on(void **state)
{
    struct tl_vertex sq[2][6];
    struct wined3d_device *device = joined_points_and_squares(0, sq);

    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_ONE);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ZERO);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 0), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[1], 6, 0), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ONE);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xffff00ff);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A device that presents to a window flushes GL once enough work is queued
 * (an off-screen one, as here, never does): the pixels of a pre-transformed
 * draw's box, DEVICE_FLUSH_VERTEX_WORK a vertex the driver transforms,
 * nothing for draws of a few vertices or coordinates that are not numbers,
 * and at least 16 draws between two flushes. */
static void test_flush_after_work(void **state)
{
    struct tl_vertex sq[2][6], big[12];
    struct wined3d_device *device = joined_points_and_squares(0, sq);
    struct wined3d_counters c;
    float xyz[12][4];
    unsigned int i;

    assert_int_equal(device->flush_work, 0);
    device->flush_work = 1000;
    device->work_unflushed = 0;
    device->draws_unflushed = 0;
    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 20; ++i)
        assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[i & 1], 6, 0), WINED3D_OK);
    assert_int_equal(device->work_unflushed, 0);
    assert_int_equal(device->draws_unflushed, 20);

    /* Two squares, (0, 0) and (16, 16), 16 pixels wide: a 32x32 box. */
    memcpy(big, sq[0], sizeof(sq[0]));
    memcpy(big + 6, sq[0], sizeof(sq[0]));
    for (i = 6; i < 12; ++i)
    {
        big[i].x += 16.0f;
        big[i].y += 16.0f;
    }
    big[0].x = NAN;
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, big, 12, sizeof(big[0])),
            WINED3D_OK);
    assert_int_equal(device->work_unflushed, 0);
    frame(device, &c);
    assert_int_equal(c.gl_calls, 0);

    big[0].x = 0.0f;
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, big, 12, sizeof(big[0])),
            WINED3D_OK);
    frame(device, &c);
    assert_true(c.gl_calls >= 2);     /* the joined draws and glFlush */
    assert_int_equal(device->work_unflushed, 0);
    assert_int_equal(device->draws_unflushed, 0);
    assert_int_equal(read_pixel(device, 20, 20), 0xffff0000);

    /* After a frame's end the first flush comes after a sixteenth of the
     * work: two squares on one another (a 16x16 box, 256) flush then, and
     * count as usual after that. */
    memcpy(big + 6, sq[0], sizeof(sq[0]));
    wined3d_device_end_scene(device);
    assert_int_equal(device->work_unflushed, 1000 - 1000 / 16);
    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 15; ++i)
        assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[i & 1], 6, 0), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, big, 12, sizeof(big[0])),
            WINED3D_OK);
    frame(device, &c);
    assert_true(c.gl_calls >= 2);
    assert_int_equal(device->work_unflushed, 0);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, big, 12, sizeof(big[0])),
            WINED3D_OK);
    assert_int_equal(device->work_unflushed, 256);

    /* Vertices the driver transforms count DEVICE_FLUSH_VERTEX_WORK each (outside the view). */
    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_DIFFUSE);
    memset(xyz, 0, sizeof(xyz));
    for (i = 0; i < 12; ++i)
        xyz[i][2] = -2.0f;
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, xyz, 12, sizeof(xyz[0])),
            WINED3D_OK);
    assert_int_equal(device->work_unflushed, 256 + 12 * DEVICE_FLUSH_VERTEX_WORK);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Indexed draws from user memory join too, their indices rebased to the
 * run's first vertex: one GL draw, the same pixels in the same order. */
static void test_joined_indexed_draws(void **state)
{
    static const uint16_t bad[3] = {0, 1, 6};
    struct tl_vertex sq[2][6];
    struct wined3d_device *device = joined_points_and_squares(1, sq);

    /* A non-indexed list after indexed ones is its own draw, after them. */
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 1), WINED3D_OK);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[1], 6, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xff0000ff);
    /* An index past the vertices is refused; what joined before is drawn. */
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[1], 6, 1), WINED3D_OK);
    assert_int_equal(draw_up(device, WINED3D_PT_TRIANGLELIST, sq[0], 6, 1), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, sq[1], 6,
            sizeof(sq[0][0]), bad, 3), WINED3DERR_INVALIDCALL);
    assert_int_equal(read_pixel(device, 8, 8), 0xffff0000);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A joined indexed draw's indices are checked as they are copied, eight at
 * a time and the last few as the last eight: the last vertex may be named,
 * one past it may not, first, in the middle or last, in draws of 9 and 12
 * indices; what joined before is drawn. */
static void test_joined_index_range(void **state)
{
    static const unsigned int counts[2] = {9, 12}, places[3] = {0, 4, 0xff};
    struct tl_vertex sq[2][6];
    struct wined3d_device *device = joined_points_and_squares(1, sq);
    unsigned int i, j, k;
    uint16_t idx[12];

    for (i = 0; i < 2; ++i)
    {
        /* The square's two triangles, the second once more or twice: 5,
         * the last vertex, is named. */
        for (k = 0; k < counts[i]; ++k)
            idx[k] = (uint16_t)(k < 6 ? k : 3 + k % 3);
        assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, sq[i], 6,
                sizeof(sq[0][0]), idx, counts[i]), WINED3D_OK);
        for (j = 0; j < 3; ++j)
        {
            uint16_t bad[12];

            memcpy(bad, idx, sizeof(bad));
            bad[places[j] == 0xff ? counts[i] - 1 : places[j]] = 6;
            assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, sq[!i], 6,
                    sizeof(sq[0][0]), bad, counts[i]), WINED3DERR_INVALIDCALL);
            bad[places[j] == 0xff ? counts[i] - 1 : places[j]] = 0xffff;
            assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, sq[!i], 6,
                    sizeof(sq[0][0]), bad, counts[i]), WINED3DERR_INVALIDCALL);
        }
        assert_int_equal(read_pixel(device, 8, 8), i ? 0xff0000ff : 0xffff0000);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static struct wined3d_texture *texel_texture(struct wined3d_device *device, uint32_t argb, unsigned int levels)
{
    /* 2x2 for two levels. */
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, levels, levels, levels};
    const uint32_t texels[4] = {argb, argb, argb, argb};
    struct wined3d_texture *t;
    unsigned int i;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    for (i = 0; i < levels; ++i)
        assert_int_equal(wined3d_texture_upload_data(t, i, texels, 8), WINED3D_OK);
    return t;
}

/* A size x size square at x, y, textured, as a list (indexed by 0..5). */
static int32_t draw_tex_quad(struct wined3d_device *device, unsigned int x, unsigned int y, unsigned int size,
        int indexed)
{
    static const uint16_t identity[6] = {0, 1, 2, 3, 4, 5};
    static const unsigned int corner[6][2] = {{0, 0}, {1, 0}, {0, 1}, {0, 1}, {1, 0}, {1, 1}};
    struct tl_tex_vertex v[6];
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        v[i].x = (float)(x + size * corner[i][0]);
        v[i].y = (float)(y + size * corner[i][1]);
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].diffuse = 0xffffffff;
        v[i].u = (float)corner[i][0];
        v[i].v = (float)corner[i][1];
    }
    if (indexed)
        return wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(*v),
                identity, 6);
    return wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(*v));
}

/* Square n of a row of 8x8 squares, textured, as a list (indexed by 0..5). */
static int32_t draw_tex_square(struct wined3d_device *device, unsigned int n, int indexed)
{
    return draw_tex_quad(device, 8 * (n % 8), 8 * (n / 8), 8, indexed);
}

/* The alpha test's answer for a draw (note_alpha_test, draw.c) after two
 * draws with the texture (the first loads it). */
static int alpha_passes_after(struct wined3d_device *device, struct wined3d_texture *t)
{
    wined3d_device_set_texture(device, 0, t);
    assert_int_equal(draw_tex_square(device, 1, 0), WINED3D_OK);
    assert_int_equal(draw_tex_square(device, 2, 0), WINED3D_OK);
    return device->context->alpha_test_passes;
}

/* The state's part of the alpha test's answer stays while only textures
 * change, and no longer: a render or stage state changed before a texture
 * change still counts, and each texture's floor is its own (and new once
 * its texels are). */
static void test_alpha_plan_kept_for_textures(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture *opaque, *opaque2, *half;
    uint32_t texels[4] = {0xffff0000, 0xffff0000, 0xffff0000, 0xffff0000};

    wined3d_device_set_fvf(device, TL_TEX_FVF);
    opaque = texel_texture(device, 0xffff0000, 1);
    opaque2 = texel_texture(device, 0xff00ff00, 1);
    half = texel_texture(device, 0x80ff0000, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x10);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_TEXTURE);
    assert_int_equal(alpha_passes_after(device, opaque), 1);
    assert_int_equal(alpha_passes_after(device, opaque2), 1);
    assert_int_equal(alpha_passes_after(device, half), 1);

    /* A reference no alpha passes, then another texture. */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0xff);
    assert_int_equal(alpha_passes_after(device, opaque), 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x90);
    assert_int_equal(alpha_passes_after(device, opaque2), 1);
    /* Only the texture changes: its own floor. */
    assert_int_equal(alpha_passes_after(device, half), 0);
    assert_int_equal(alpha_passes_after(device, opaque), 1);
    /* A border colour below the reference, then another texture. */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_BORDERCOLOR, 0x20ffffff);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ADDRESSU, WINED3D_TADDRESS_BORDER);
    assert_int_equal(alpha_passes_after(device, opaque2), 0);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ADDRESSU, WINED3D_TADDRESS_WRAP);
    assert_int_equal(alpha_passes_after(device, opaque), 1);
    /* The half texture's texels become opaque. */
    assert_int_equal(wined3d_texture_upload_data(half, 0, texels, 8), WINED3D_OK);
    assert_int_equal(alpha_passes_after(device, half), 1);
    /* The vertices' diffuse alpha, the texture changing between draws. */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_DIFFUSE);
    wined3d_device_set_texture(device, 0, opaque);
    assert_int_equal(draw_tex_square(device, 3, 0), WINED3D_OK);
    assert_int_equal(device->context->alpha_test_passes, 1);

    assert_no_gl_error(device);
    wined3d_texture_destroy(opaque);
    wined3d_texture_destroy(opaque2);
    wined3d_texture_destroy(half);
    wined3d_device_destroy(device);
}

/* Lists that differ only in stage 0's texture join too: up to four
 * textures a run, each square with its own texels, in one GL draw.  A fifth
 * texture, a texture whose GL copy is out of date, and one with mip levels
 * where the run's has none each start a run of their own. */
static void joined_texture_draws(int indexed)
{
    static const uint32_t colours[6] = {0xffff0000, 0xff0000ff, 0xff00ff00, 0xffffffff, 0xffffff00, 0xff00ffff};
    static const unsigned int order[] = {0, 1, 0, 2, 3, 1, 2, 0, 3};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *t[6], *mipped;
    uint32_t cyan = 0xff00ffff;
    struct wined3d_counters c;
    unsigned int i, n;

    wined3d_device_set_fvf(device, TL_TEX_FVF);
    for (i = 0; i < 6; ++i)
    {
        t[i] = texel_texture(device, colours[i], 1);
        /* Each drawn once: loaded into GL. */
        wined3d_device_set_texture(device, 0, t[i]);
        assert_int_equal(draw_tex_square(device, 63, indexed), WINED3D_OK);
    }
    /* Draws join only through mapped rings (GL without buffer storage
     * orphans its rings instead): nothing to test then. */
    if (!device->vertex_ring.map || (indexed && !device->index_ring.map))
    {
        for (i = 0; i < 6; ++i) wined3d_texture_destroy(t[i]);
        wined3d_device_destroy(device);
        skip();
    }
    mipped = texel_texture(device, colours[0], 2);
    wined3d_device_set_texture(device, 0, mipped);
    assert_int_equal(draw_tex_square(device, 63, indexed), WINED3D_OK);

    /* Four textures: the squares wait for those that may join them. */
    wined3d_device_set_texture(device, 0, t[order[0]]);
    assert_int_equal(draw_tex_square(device, 0, indexed), WINED3D_OK);
    wined3d_device_reset_frame_counters(device);
    for (n = 1; n < sizeof(order) / sizeof(*order); ++n)
    {
        wined3d_device_set_texture(device, 0, t[order[n]]);
        assert_int_equal(draw_tex_square(device, n, indexed), WINED3D_OK);
    }
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.gl_calls, 0);
    /* A fifth texture sends them. */
    wined3d_device_set_texture(device, 0, t[4]);
    assert_int_equal(draw_tex_square(device, n++, indexed), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_true(c.gl_calls > 0);
    /* The run goes on from the fifth: its GL copy changes before a draw. */
    wined3d_device_set_texture(device, 0, t[1]);
    assert_int_equal(draw_tex_square(device, n++, indexed), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t[1], 0, &cyan, 4), WINED3D_OK);
    assert_int_equal(draw_tex_square(device, n++, indexed), WINED3D_OK);
    /* Mip levels where the run's texture has none. */
    wined3d_device_set_texture(device, 0, mipped);
    assert_int_equal(draw_tex_square(device, n++, indexed), WINED3D_OK);

    for (i = 0; i < sizeof(order) / sizeof(*order); ++i)
        assert_int_equal(read_pixel(device, 8 * (i % 8) + 4, 8 * (i / 8) + 4), colours[order[i]]);
    assert_int_equal(read_pixel(device, 8 * (i % 8) + 4, 8 * (i / 8) + 4), colours[4]);
    ++i;
    assert_int_equal(read_pixel(device, 8 * (i % 8) + 4, 8 * (i / 8) + 4), colours[1]);
    ++i;
    assert_int_equal(read_pixel(device, 8 * (i % 8) + 4, 8 * (i / 8) + 4), cyan);
    ++i;
    assert_int_equal(read_pixel(device, 8 * (i % 8) + 4, 8 * (i / 8) + 4), colours[0]);

    /* A draw with another texture that its own indices then refuse: the run
     * before it goes to GL as it was. */
    if (indexed)
    {
        static const uint16_t bad[3] = {0, 1, 6};
        struct tl_tex_vertex v[6];

        memset(v, 0, sizeof(v));
        wined3d_device_set_texture(device, 0, t[0]);
        assert_int_equal(draw_tex_square(device, 20, indexed), WINED3D_OK);
        assert_int_equal(draw_tex_square(device, 21, indexed), WINED3D_OK);
        wined3d_device_set_texture(device, 0, t[2]);
        assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6,
                sizeof(*v), bad, 3), WINED3DERR_INVALIDCALL);
        assert_int_equal(read_pixel(device, 8 * 5 + 4, 8 * 2 + 4), colours[0]);
    }
    assert_no_gl_error(device);
    for (i = 0; i < 6; ++i) wined3d_texture_destroy(t[i]);
    wined3d_texture_destroy(mipped);
    wined3d_device_destroy(device);
}

static void test_joined_texture_draws(void **state)
{
    joined_texture_draws(0);
}

static void test_joined_indexed_texture_draws(void **state)
{
    joined_texture_draws(1);
}

/* Stage 0's state for square i of joined_sampler_draws: two textures, each
 * with point and linear filtering, and a source blend factor that changes
 * while blending is off. */
static void set_sampler_square_state(struct wined3d_device *device, struct wined3d_texture *const *t, unsigned int i)
{
    wined3d_device_set_texture(device, 0, t[(i >> 1) & 1]);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER,
            i & 1 ? WINED3D_TFG_LINEAR : WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER,
            i & 1 ? WINED3D_TFN_LINEAR : WINED3D_TFN_POINT);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_ZERO + i % 3);
}

/* Stage 0 unset, then the two textures t and the device destroyed. */
static void destroy_device_textures(struct wined3d_device *device, struct wined3d_texture *const *t)
{
    unsigned int i;

    wined3d_device_set_texture(device, 0, NULL);
    for (i = 0; i < 2; ++i) wined3d_texture_destroy(t[i]);
    wined3d_device_destroy(device);
}

/* Sets square i's state for squares_alone_then_joined. */
typedef void (*square_state_func)(struct wined3d_device *device, struct wined3d_texture *const *t,
        unsigned int i, const void *ctx);

/* count textured squares, each state of set(i): first each alone in the
 * second row (kept apart by a depth function change), then the first row,
 * where they may join; the GL calls the first row's draws after its first
 * made before any read.  Skips (the textures and device destroyed) without
 * a mapped ring, through which alone draws join. */
static unsigned int squares_alone_then_joined(struct wined3d_device *device, struct wined3d_texture *const *t,
        unsigned int count, square_state_func set, const void *ctx)
{
    struct wined3d_counters c;
    unsigned int i;

    for (i = 0; i < count; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
        set(device, t, i, ctx);
        assert_int_equal(draw_tex_square(device, 8 + i, 0), WINED3D_OK);
    }
    if (!device->vertex_ring.map)
    {
        destroy_device_textures(device, t);
        skip();     /* draws join only through a mapped ring */
    }
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    set(device, t, 0, ctx);
    assert_int_equal(draw_tex_square(device, 0, 0), WINED3D_OK);
    wined3d_device_reset_frame_counters(device);
    for (i = 1; i < count; ++i)
    {
        set(device, t, i, ctx);
        assert_int_equal(draw_tex_square(device, i, 0), WINED3D_OK);
    }
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    return (unsigned int)c.gl_calls;
}

static void sampler_square(struct wined3d_device *device, struct wined3d_texture *const *t, unsigned int i,
        const void *ctx)
{
    set_sampler_square_state(device, t, i);
}

/* Lists that differ in stage 0's texture, its filters and a blend factor
 * that blending off does not read join: none is sent until a read, and
 * each square shows what it shows drawn alone (the row below, each draw
 * kept apart by a depth function change).  count squares: fewer than
 * MERGE_SLOT_SEGMENTS changes go to GL a segment at a time, more as one
 * draw with a sampler per slot. */
static void joined_sampler_draws(unsigned int count)
{
    const uint32_t texels[2][4] = {{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff},
            {0xffffffff, 0xff0000ff, 0xff00ff00, 0xffff0000}};
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 2, 1};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *t[2];
    unsigned int i;

    wined3d_device_set_fvf(device, TL_TEX_FVF);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    for (i = 0; i < 2; ++i)
    {
        assert_int_equal(wined3d_texture_create(device, &desc, &t[i]), WINED3D_OK);
        assert_int_equal(wined3d_texture_upload_data(t[i], 0, texels[i], 8), WINED3D_OK);
    }
    assert_int_equal(squares_alone_then_joined(device, t, count, sampler_square, NULL), 0);
    for (i = 0; i < count; ++i)
    {
        assert_int_equal(read_pixel(device, 8 * i + 3, 3), read_pixel(device, 8 * i + 3, 11));
        assert_int_equal(read_pixel(device, 8 * i + 5, 6), read_pixel(device, 8 * i + 5, 14));
    }
    /* Point and linear filtering do differ there. */
    assert_int_equal(read_pixel(device, 3, 3), 0xffff0000);
    assert_int_not_equal(read_pixel(device, 11, 3), 0xffff0000);
    assert_no_gl_error(device);
    destroy_device_textures(device, t);
}

static void test_joined_sampler_segments(void **state)
{
    joined_sampler_draws(3);
}

static void test_joined_sampler_slots(void **state)
{
    joined_sampler_draws(8);
}

/* Pixel slot looks: stage 0's texture, its colour op over the diffuse
 * colour, the alpha from the texture factor and a blend, four of them,
 * each different in all four.  With dest_reading the last look's blend
 * reads the destination, which the slot program cannot do. */
static void set_pixel_look(struct wined3d_device *device, struct wined3d_texture *const *t, unsigned int look,
        int dest_reading)
{
    static const uint32_t ops[4] = {WINED3D_TOP_MODULATE, WINED3D_TOP_SELECTARG1, WINED3D_TOP_SELECTARG2,
            WINED3D_TOP_ADD};
    static const uint32_t factors[4] = {0x40000000, 0xc0000000, 0x80000000, 0xff000000};
    static const uint32_t blends[4][3] = {{0, WINED3D_BLEND_ONE, WINED3D_BLEND_ZERO},
            {1, WINED3D_BLEND_ONE, WINED3D_BLEND_INVSRCALPHA}, {1, WINED3D_BLEND_SRCALPHA, WINED3D_BLEND_INVSRCALPHA},
            {1, WINED3D_BLEND_SRCCOLOR, WINED3D_BLEND_ONE}};
    uint32_t on = blends[look][0], src = blends[look][1], dst = blends[look][2];

    if (dest_reading && look == 3)
        src = WINED3D_BLEND_DESTCOLOR, dst = WINED3D_BLEND_ZERO;
    wined3d_device_set_texture(device, 0, t[look & 1]);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, ops[look]);
    wined3d_device_set_render_state(device, WINED3D_RS_TEXTUREFACTOR, factors[look]);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, on);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, src);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, dst);
}

/* Square i of joined_pixel_draws: the looks in an order that changes
 * all four between neighbours; ctx points to dest_reading. */
static void pixel_square(struct wined3d_device *device, struct wined3d_texture *const *t, unsigned int i,
        const void *ctx)
{
    static const unsigned int order[8] = {0, 1, 2, 3, 1, 0, 3, 2};

    set_pixel_look(device, t, order[i], *(const int *)ctx);
}

/* Lists that differ in stage 0's texture, its colour op, the texture
 * factor and the blend join as pixel slots: none is sent until a read,
 * and each square shows what it shows drawn alone (the row below, each
 * draw kept apart by a depth function change), over the same grey.
 * count squares: fewer than MERGE_SLOT_SEGMENTS changes go to GL a
 * segment at a time, more as one draw of the slot program, whose blend is
 * dual-source; a blend that reads the destination is drawn a segment at
 * a time all the same. */
/* A 64x64 device cleared to grey for pixel looks, with their two textures
 * in t, its stage ops read from the block from the start (a device moves
 * there after a frame of program switches for them). */
static struct wined3d_device *pixel_look_device(struct wined3d_texture **t)
{
    const uint32_t texels[2][4] = {{0x80ff0000, 0xff00ff00, 0x400000ff, 0xffffffff},
            {0xffffffff, 0x800000ff, 0xff00ff00, 0x20ff0000}};
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 2, 1};
    struct wined3d_device *device = create_device_ex(64, 64, WINED3DFMT_D24S8, WINED3D_DEVICE_GENERIC_OPS);
    unsigned int i;

    wined3d_device_set_fvf(device, TL_TEX_FVF);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG2, WINED3DTA_TFACTOR);
    for (i = 0; i < 2; ++i)
    {
        assert_int_equal(wined3d_texture_create(device, &desc, &t[i]), WINED3D_OK);
        assert_int_equal(wined3d_texture_upload_data(t[i], 0, texels[i], 8), WINED3D_OK);
    }
    assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff808080, 1.0f, 0), WINED3D_OK);
    return device;
}

static void joined_pixel_draws(unsigned int count, int dest_reading)
{
    struct wined3d_texture *t[2];
    struct wined3d_device *device = pixel_look_device(t);
    unsigned int i;

    assert_int_equal(squares_alone_then_joined(device, t, count, pixel_square, &dest_reading), 0);
    for (i = 0; i < count; ++i)
    {
        assert_int_equal(read_pixel(device, 8 * i + 2, 2), read_pixel(device, 8 * i + 2, 10));
        assert_int_equal(read_pixel(device, 8 * i + 6, 2), read_pixel(device, 8 * i + 6, 10));
        assert_int_equal(read_pixel(device, 8 * i + 2, 6), read_pixel(device, 8 * i + 2, 14));
        assert_int_equal(read_pixel(device, 8 * i + 6, 6), read_pixel(device, 8 * i + 6, 14));
    }
    /* The looks do differ: off, ONE over INVSRCALPHA, SRCALPHA over INVSRCALPHA. */
    assert_int_equal(read_pixel(device, 2, 2) & 0xffffff, 0xff0000);
    assert_int_not_equal(read_pixel(device, 8 + 2, 2), read_pixel(device, 2, 2));
    assert_no_gl_error(device);
    destroy_device_textures(device, t);
}

static void test_joined_pixel_segments(void **state)
{
    joined_pixel_draws(3, 0);
}

static void test_joined_pixel_slots(void **state)
{
    joined_pixel_draws(8, 0);
}

static void test_joined_pixel_dest_blend(void **state)
{
    joined_pixel_draws(8, 1);
}

/* Square i of test_joined_pixel_after_segments: look 2 (blending
 * SRCALPHA over INVSRCALPHA), blending on and off in turn. */
static void blend_toggle_square(struct wined3d_device *device, struct wined3d_texture *const *t, unsigned int i,
        const void *ctx)
{
    set_pixel_look(device, t, 2, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, !(i & 1));
}

/* A run of pixel slots sent a segment at a time (fewer than
 * MERGE_SLOT_SEGMENTS changes; in row 3) leaves in GL its last segment's
 * fragment block: the same block as the context keeps where only the blend
 * changed, else one that becomes the block the context keeps.  Lists after
 * it that differ only in the blend still join (none is sent until a read),
 * each showing what it shows drawn alone.  (The context used to forget its
 * block there, and no later list joined as pixel slots until a draw
 * changed the block: the THRASH scene's never did.)  looks_vary: the run
 * changes stage ops and texture factor too. */
static void joined_pixel_after_segments(int looks_vary)
{
    struct wined3d_texture *t[2];
    struct wined3d_device *device = pixel_look_device(t);
    unsigned int i;

    for (i = 0; i < 3; ++i)
    {
        if (looks_vary)
            set_pixel_look(device, t, i, 0);
        else
            blend_toggle_square(device, t, i, NULL);
        assert_int_equal(draw_tex_square(device, 24 + i, 0), WINED3D_OK);
    }
    read_pixel(device, 3, 27);
    assert_int_equal(squares_alone_then_joined(device, t, 4, blend_toggle_square, NULL), 0);
    for (i = 0; i < 4; ++i)
    {
        assert_int_equal(read_pixel(device, 8 * i + 2, 2), read_pixel(device, 8 * i + 2, 10));
        assert_int_equal(read_pixel(device, 8 * i + 6, 6), read_pixel(device, 8 * i + 6, 14));
    }
    /* Blending on and off do differ there. */
    assert_int_not_equal(read_pixel(device, 2, 2), read_pixel(device, 8 + 2, 2));
    assert_no_gl_error(device);
    destroy_device_textures(device, t);
}

static void test_joined_pixel_after_blend_segments(void **state)
{
    joined_pixel_after_segments(0);
}

static void test_joined_pixel_after_look_segments(void **state)
{
    joined_pixel_after_segments(1);
}

/* The programs built by eight joined lists of size x size squares at x, y
 * (after each look was drawn alone once), each in the next look of
 * pixel_square's order, sent by a read; then the same drawn apart (a depth
 * function change between them) at x + 32, y, which shows the same. */
static uint64_t pixel_looks_joined(struct wined3d_device *device, struct wined3d_texture *const *t,
        unsigned int x, unsigned int y, unsigned int size)
{
    static const int plain = 0;
    struct wined3d_counters before, after;
    unsigned int i, pass;

    for (pass = 0; pass < 2; ++pass)
    {
        if (!pass)
            wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &before);
        for (i = 0; i < 8; ++i)
        {
            if (pass)
                wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC,
                        i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
            pixel_square(device, t, i, &plain);
            assert_int_equal(draw_tex_quad(device, x + 32 * pass, y, size, 0), WINED3D_OK);
        }
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
        read_pixel(device, 0, 0);
        if (!pass)
            wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &after);
    }
    assert_int_equal(read_pixel(device, x + 2, y + 2), read_pixel(device, x + 34, y + 2));
    assert_int_equal(read_pixel(device, x + size - 2, y + size - 2), read_pixel(device, x + 30 + size, y + size - 2));
    return after.programs_built - before.programs_built;
}

/* Lists that change their looks often join and go as one draw of the
 * slot program while they cover few pixels; where GL rasterises on the
 * CPU, lists that cover many do not join (MERGE_SLOT_PIXELS): the slot
 * program samples every slot's texture and blends every pixel through its
 * factors, which would cost more there than the draws it saves.  Its one
 * program shows which was taken. */
static void test_joined_pixel_slots_by_pixels(void **state)
{
    struct wined3d_texture *t[2];
    struct wined3d_device *device = pixel_look_device(t);
    unsigned int i;

    /* Each look's program built once. */
    for (i = 0; i < 4; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
        pixel_square(device, t, i, &(const int){0});
        assert_int_equal(draw_tex_square(device, 56 + i, 0), WINED3D_OK);
    }
    if (!device->vertex_ring.map)
    {
        destroy_device_textures(device, t);
        skip();     /* draws join only through a mapped ring */
    }
    /* 32x32 squares: 8 * 1024 pixels against 7 segments' 3,584 (llvmpipe
     * here: a software rasteriser). */
    assert_int_equal(pixel_looks_joined(device, t, 0, 0, 32), !device->software_raster);
    /* 8x8 squares: 8 * 64 pixels. */
    assert_int_equal(pixel_looks_joined(device, t, 0, 32, 8), 1);
    assert_no_gl_error(device);
    destroy_device_textures(device, t);
}

/* The GL calls of `count` draws of squares first + 0.., each kept apart
 * by a depth function change; with `filters` each also switches stage 0
 * between point and linear filtering. */
static unsigned int sampler_toggle_calls(struct wined3d_device *device, unsigned int first, unsigned int count,
        int filters)
{
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < count; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
        if (filters)
        {
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER,
                    i & 1 ? WINED3D_TFG_LINEAR : WINED3D_TFG_POINT);
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER,
                    i & 1 ? WINED3D_TFN_LINEAR : WINED3D_TFN_POINT);
        }
        assert_int_equal(draw_tex_square(device, first + i, 0), WINED3D_OK);
    }
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.redundant_gl_calls, 0);
    return c.gl_calls;
}

/* A stage whose filters switch between two settings draws with two sampler
 * objects, made once: after that a switch costs one glBindSampler, not a
 * glSamplerParameteri for each parameter that changed (mag and min here),
 * and every square still shows its own filter. */
static void test_sampler_objects_by_parameters(void **state)
{
    const uint32_t texels[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 2, 1};
    struct wined3d_device *device = create_device();
    unsigned int plain, switching, i;
    struct wined3d_texture *t;

    /* The draws count as kept apart by their depth function: not held. */
    device->hold_enabled = 0;
    wined3d_device_set_fvf(device, TL_TEX_FVF);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    wined3d_device_set_texture(device, 0, t);
    /* Both settings once (their objects made), then the measured rows. */
    sampler_toggle_calls(device, 0, 2, 1);
    plain = sampler_toggle_calls(device, 8, 8, 0);
    switching = sampler_toggle_calls(device, 16, 8, 1);
    assert_int_equal(switching - plain, 8);
    /* Row 2 alternates point (even squares) and linear (odd ones). */
    for (i = 0; i < 8; ++i)
    {
        if (i & 1)
            assert_int_not_equal(read_pixel(device, 8 * i + 3, 19), 0xffff0000);
        else
            assert_int_equal(read_pixel(device, 8 * i + 3, 19), 0xffff0000);
        assert_int_equal(read_pixel(device, 8 * i + 3, 19), read_pixel(device, 8 * (i & 1) + 3, 3));
    }
    assert_no_gl_error(device);
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t);
    wined3d_device_destroy(device);
}

/* An 8x8 square in cell n of the 64x64 target (8 a row), one colour and z,
 * as a list. */
static int32_t draw_cell(struct wined3d_device *device, unsigned int n, uint32_t colour, float z)
{
    static const unsigned int corner[6][2] = {{0, 0}, {1, 0}, {0, 1}, {0, 1}, {1, 0}, {1, 1}};
    struct tl_vertex v[6];
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        point_vertex(&v[i], 8 * (n % 8) + 8 * corner[i][0], 8 * (n / 8) + 8 * corner[i][1], colour);
        v[i].z = z;
    }
    wined3d_device_set_fvf(device, TL_FVF);
    return wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(v[0]));
}

/* Two looks no joined draw crosses: the depth function, z-writes and
 * culling (the churn scene's kind of change). */
static void held_look(struct wined3d_device *device, unsigned int look)
{
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, look ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
    wined3d_device_set_render_state(device, WINED3D_RS_ZWRITEENABLE, !look);
    wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, look ? WINED3D_CULL_NONE : WINED3D_CULL_CCW);
}

/* A device whose runs are held or not (hold_runs), its two looks' programs
 * built; NULL (and the test skips) where GL does not rasterise on the CPU. */
static struct wined3d_device *held_device(int hold)
{
    struct wined3d_device *device = create_device();

    device->hold_enabled = hold;
    held_look(device, 1);
    assert_int_equal(draw_cell(device, 63, 0xff000000, 0.5f), WINED3D_OK);
    held_look(device, 0);
    assert_int_equal(draw_cell(device, 63, 0xff000000, 0.5f), WINED3D_OK);
    read_pixel(device, 0, 0);
    if (!device->software_raster || !device->vertex_ring.map)
    {
        wined3d_device_destroy(device);
        return NULL;
    }
    return device;
}

/* A band of rows y0..y1 over the whole width, black at the left edge and
 * red at the right, with rhw rl at the left and rr at the right. */
static int32_t draw_rhw_band(struct wined3d_device *device, float y0, float y1, float rl, float rr)
{
    struct tl_vertex v[6] =
    {
        {0.0f, y0, 0.5f, rl, 0xff000000}, {64.0f, y0, 0.5f, rr, 0xffff0000}, {0.0f, y1, 0.5f, rl, 0xff000000},
        {0.0f, y1, 0.5f, rl, 0xff000000}, {64.0f, y0, 0.5f, rr, 0xffff0000}, {64.0f, y1, 0.5f, rr, 0xffff0000},
    };

    return wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(v[0]));
}

/* Draws whose vertices all have one rhw interpolate without perspective
 * (the same values), those whose rhw varies with it, in whatever order
 * they come with nothing else changed: at 60 % of the width a band with
 * rhw 1 .. 0.25 is (0.6 * 0.25 * 255) / (0.4 + 0.6 * 0.25) = 70 red, the
 * flat bands 0.6 * 255 = 153.  A flat band after a varying one keeps the
 * perspective program for a few draws, or until the program changes for
 * another reason. */
static void test_rhw_flat_and_varying(void **state)
{
    struct wined3d_device *device = create_device();
    unsigned int i, x = 38;     /* pixel centre 38.5: 60 % of 64 */
    const float t = (x + 0.5f) / 64.0f;
    unsigned int linear = (unsigned int)(t * 255.0f + 0.5f);
    unsigned int persp = (unsigned int)(t * 0.25f * 255.0f / ((1.0f - t) + t * 0.25f) + 0.5f);

    wined3d_device_set_fvf(device, TL_FVF);
    assert_int_equal(draw_rhw_band(device, 0, 16, 1.0f, 1.0f), WINED3D_OK);
    if (device->software_raster)
        assert_int_equal(device->context->rhw_flat, 1);
    assert_int_equal(draw_rhw_band(device, 16, 32, 1.0f, 0.25f), WINED3D_OK);
    assert_int_equal(device->context->rhw_flat, 0);
    assert_int_equal(draw_rhw_band(device, 32, 48, 0.5f, 0.5f), WINED3D_OK);
    assert_int_equal(device->context->rhw_flat, 0);
    assert_int_equal(draw_rhw_band(device, 48, 64, 1.0f, 0.25f), WINED3D_OK);
    for (i = 0; i < 4; ++i)
    {
        uint32_t p = read_pixel(device, x, 16 * i + 8);
        unsigned int expected = i & 1 ? persp : linear;

        if (abs((int)((p >> 16) & 0xff) - (int)expected) > 2)
            fail_msg("band %u: pixel %08x, expected red %u", i, p, expected);
    }
    /* Flat draws in a row take the flat program after a few. */
    for (i = 0; i < 16; ++i)
        assert_int_equal(draw_rhw_band(device, 32, 48, 0.5f, 0.5f), WINED3D_OK);
    if (device->software_raster)
        assert_int_equal(device->context->rhw_flat, 1);
    assert_true(abs((int)((read_pixel(device, x, 40) >> 16) & 0xff) - (int)linear) <= 2);
    assert_int_equal(draw_rhw_band(device, 48, 64, 1.0f, 0.25f), WINED3D_OK);
    assert_int_equal(device->context->rhw_flat, 0);
    /* Another program for another reason: the flat draw takes the flat one. */
    wined3d_device_set_render_state(device, WINED3D_RS_SPECULARENABLE, 1);
    assert_int_equal(draw_rhw_band(device, 0, 16, 0.5f, 0.5f), WINED3D_OK);
    if (device->software_raster)
        assert_int_equal(device->context->rhw_flat, 1);
    assert_true(abs((int)((read_pixel(device, x, 8) >> 16) & 0xff) - (int)linear) <= 2);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Rows y0..y1: two quads side by side as an indexed triangle list, each
 * of one colour (left, right); with shared, the two quads share the
 * middle vertices, which take the right quad's colour, so that the left
 * quad's triangles have two colours (red to green across it). */
static int32_t draw_two_quads(struct wined3d_device *device, float y0, float y1, uint32_t left, uint32_t right,
        int shared)
{
    struct tl_vertex v[8] =
    {
        {0.0f, y0, 0.5f, 1.0f, left}, {32.0f, y0, 0.5f, 1.0f, left},
        {0.0f, y1, 0.5f, 1.0f, left}, {32.0f, y1, 0.5f, 1.0f, left},
        {32.0f, y0, 0.5f, 1.0f, right}, {64.0f, y0, 0.5f, 1.0f, right},
        {32.0f, y1, 0.5f, 1.0f, right}, {64.0f, y1, 0.5f, 1.0f, right},
    };
    static const uint16_t own[12] = {0, 1, 2, 2, 1, 3, 4, 5, 6, 6, 5, 7};
    static const uint16_t share[12] = {0, 4, 2, 2, 4, 6, 4, 5, 6, 6, 5, 7};

    return wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 8, sizeof(v[0]),
            shared ? share : own, 12);
}

static unsigned int pixel_red(struct wined3d_device *device, unsigned int x, unsigned int y)
{
    return (read_pixel(device, x, y) >> 16) & 0xff;
}

/* Pre-transformed draws of one rhw whose primitives each have one colour
 * take flat colours on a software rasteriser (the same pixels); a draw
 * whose colours vary inside a primitive, through its indices or in a
 * strip, interpolates them at once, and flat colours come back after a
 * few draws in a row.  A flat program drawing the varying quads would fill
 * them with their first vertex's colour: red 255 (or 0) where the gradient
 * gives 255 * (1 - 19 / 32) = 104 (or 255 * 38 / 64 = 151; Direct3D's
 * pixel centres lie on whole coordinates). */
static void test_colour_flat_and_varying(void **state)
{
    struct wined3d_device *device = create_device();
    const int soft = device->software_raster;
    unsigned int i;

    wined3d_device_set_fvf(device, TL_FVF);
    for (i = 0; i < 16; ++i)
        assert_int_equal(draw_two_quads(device, 0, 16, 0xffff0000, 0xff0000ff, 0), WINED3D_OK);
    if (soft)
        assert_int_equal(device->context->colour_flat, 1);
    assert_int_equal(read_pixel(device, 8, 8) & 0xffffff, 0xff0000);
    assert_int_equal(read_pixel(device, 56, 8) & 0xffffff, 0x0000ff);

    /* Shared vertices: the left quad goes from red to blue. */
    assert_int_equal(draw_two_quads(device, 16, 32, 0xffff0000, 0xff0000ff, 1), WINED3D_OK);
    assert_int_equal(device->context->colour_flat, 0);
    if (abs((int)pixel_red(device, 19, 24) - 104) > 3)
        fail_msg("shared vertices: red %u at x 19 of 32, expected about 104", pixel_red(device, 19, 24));

    /* A gradient inside each triangle (the rhw band, flat in rhw). */
    for (i = 0; i < 16; ++i)
        assert_int_equal(draw_two_quads(device, 0, 16, 0xffff0000, 0xff0000ff, 0), WINED3D_OK);
    assert_int_equal(draw_rhw_band(device, 32, 48, 1.0f, 1.0f), WINED3D_OK);
    assert_int_equal(device->context->colour_flat, 0);
    if (soft)
        assert_int_equal(device->context->rhw_flat, 1);
    if (abs((int)pixel_red(device, 38, 40) - 151) > 3)
        fail_msg("gradient: red %u at x 38 of 64, expected about 151", pixel_red(device, 38, 40));

    /* A strip's triangles share vertices: one colour on all of them is flat,
     * two are not. */
    {
        struct tl_vertex v[4] =
        {
            {0.0f, 48.0f, 0.5f, 1.0f, 0xff00ff00}, {64.0f, 48.0f, 0.5f, 1.0f, 0xff00ff00},
            {0.0f, 64.0f, 0.5f, 1.0f, 0xff00ff00}, {64.0f, 64.0f, 0.5f, 1.0f, 0xff00ff00},
        };

        for (i = 0; i < 16; ++i)
            assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
                    WINED3D_OK);
        if (soft)
            assert_int_equal(device->context->colour_flat, 1);
        assert_int_equal(read_pixel(device, 38, 56) & 0xffffff, 0x00ff00);
        v[1].diffuse = v[3].diffuse = 0xffff0000;
        v[0].diffuse = v[2].diffuse = 0xff000000;
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
                WINED3D_OK);
        assert_int_equal(device->context->colour_flat, 0);
        if (abs((int)pixel_red(device, 38, 56) - 151) > 3)
            fail_msg("strip: red %u at x 38 of 64, expected about 151", pixel_red(device, 38, 56));
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* 32 draws alternating between the two looks over separate squares: held,
 * they reach GL as a few draws, and every square has its colour; sent as
 * they end (hold_runs 0), one draw each. */
static void test_held_runs_alternating(void **state)
{
    struct wined3d_device *held = held_device(1), *sent = held_device(0);
    struct wined3d_counters c;
    unsigned int i, sent_calls;
    uint64_t runs_before;

    if (!held || !sent)
    {
        if (held) wined3d_device_destroy(held);
        if (sent) wined3d_device_destroy(sent);
        skip();     /* held runs are for software rasterisers */
    }
    /* One device after the other: a device's draws not yet sent need its
     * context current. */
    wined3d_device_reset_frame_counters(held);
    runs_before = held->held_runs_sent;
    for (i = 0; i < 32; ++i)
    {
        held_look(held, i & 1);
        assert_int_equal(draw_cell(held, i, point_colour(i), 0.5f), WINED3D_OK);
    }
    /* Draws 2 to 31 join the run of their look. */
    assert_int_equal(held->held_joins, 30);
    assert_int_equal(sent->held_joins, 0);
    assert_int_equal(read_pixel(held, 4, 4), point_colour(0));
    wined3d_device_get_counters(held, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.draws, 32);
    assert_int_equal(c.redundant_gl_calls, 0);
    wined3d_device_reset_frame_counters(sent);
    for (i = 0; i < 32; ++i)
    {
        held_look(sent, i & 1);
        assert_int_equal(draw_cell(sent, i, point_colour(i), 0.5f), WINED3D_OK);
    }
    read_pixel(sent, 4, 4);
    wined3d_device_get_counters(sent, WINED3D_COUNTERS_FRAME, &c);
    sent_calls = c.gl_calls;
    /* The two looks' runs, one GL draw each; sent as they end, 32 (their
     * state changes reach GL either way, and cost llvmpipe little without a
     * draw between them). */
    assert_int_equal(held->held_runs_sent - runs_before, 2);
    assert_int_equal(sent->held_runs_sent, 0);
    assert_true(sent_calls >= 32);
    for (i = 0; i < 32; ++i)
    {
        assert_int_equal(read_pixel(held, 8 * (i % 8) + 3, 8 * (i / 8) + 3), point_colour(i));
        assert_int_equal(read_pixel(sent, 8 * (i % 8) + 3, 8 * (i / 8) + 3), point_colour(i));
    }
    assert_no_gl_error(held);
    assert_no_gl_error(sent);
    wined3d_device_destroy(held);
    wined3d_device_destroy(sent);
}

/* A draw that overlaps a later run's square does not join the earlier run
 * of its look: look 1 (always, z 0.9 written) draws square 1 green, then
 * look 0 (less-equal, z 0.5) draws it blue, which must land on top, and a
 * third draw of look 0 that overlaps nothing still joins. */
static void test_held_runs_keep_order(void **state)
{
    struct wined3d_device *device = held_device(1);

    if (!device)
        skip();     /* held runs are for software rasterisers */
    held_look(device, 0);
    assert_int_equal(draw_cell(device, 0, 0xffff0000, 0.5f), WINED3D_OK);
    held_look(device, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ZWRITEENABLE, 1);
    assert_int_equal(draw_cell(device, 1, 0xff00ff00, 0.9f), WINED3D_OK);
    held_look(device, 0);
    assert_int_equal(draw_cell(device, 1, 0xff0000ff, 0.5f), WINED3D_OK);
    assert_int_equal(device->held_joins, 0);
    held_look(device, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ZWRITEENABLE, 1);
    assert_int_equal(draw_cell(device, 2, 0xff00ff00, 0.9f), WINED3D_OK);
    assert_int_equal(device->held_joins, 1);
    assert_int_equal(read_pixel(device, 3, 3), 0xffff0000);
    assert_int_equal(read_pixel(device, 11, 3), 0xff0000ff);
    assert_int_equal(read_pixel(device, 19, 3), 0xff00ff00);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A draw whose state differs from a held run's only in its program (stage
 * 0's argument complemented) does not join it: the program is part of what
 * is compared (found by the GS front end's texture functions, which joined
 * wrongly while the draw's program was not yet bound at the comparison). */
static void test_held_runs_program_differs(void **state)
{
    struct wined3d_device *device = held_device(1);
    unsigned int i;

    if (!device)
        skip();     /* held runs are for software rasterisers */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    for (i = 0; i < 4; ++i)
    {
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1,
                WINED3DTA_DIFFUSE | (i & 1 ? WINED3DTA_COMPLEMENT : 0));
        assert_int_equal(draw_cell(device, i, 0xffff0000, 0.5f), WINED3D_OK);
    }
    for (i = 0; i < 4; ++i)
        assert_int_equal(read_pixel(device, 8 * i + 3, 3), i & 1 ? 0xff00ffff : 0xffff0000);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A texture a held run samples, given new texels, sends the run first: the
 * squares drawn before the upload show the old texels. */
static void test_held_runs_before_upload(void **state)
{
    uint32_t texels[4] = {0xffff0000, 0xffff0000, 0xffff0000, 0xffff0000};
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 2, 1};
    struct wined3d_device *device = held_device(1);
    struct wined3d_texture *t;
    unsigned int i;

    if (!device)
        skip();     /* held runs are for software rasterisers */
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    wined3d_device_set_fvf(device, TL_TEX_FVF);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture(device, 0, t);
    for (i = 0; i < 4; ++i)
    {
        held_look(device, i & 1);
        assert_int_equal(draw_tex_square(device, i, 0), WINED3D_OK);
    }
    assert_int_equal(device->held_joins, 2);
    for (i = 0; i < 4; ++i)
        texels[i] = 0xff0000ff;
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    for (i = 4; i < 8; ++i)
    {
        held_look(device, i & 1);
        assert_int_equal(draw_tex_square(device, i, 0), WINED3D_OK);
    }
    for (i = 0; i < 8; ++i)
        assert_int_equal(read_pixel(device, 8 * i + 3, 3), i < 4 ? 0xffff0000 : 0xff0000ff);
    assert_no_gl_error(device);
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t);
    wined3d_device_destroy(device);
}

/* An 8x8 square lit from the front (its normal faces the viewer) in pixel
 * column n of the top row: world = a turn about y by 180 degrees when
 * `turned` (the normal then faces away) and a move to the column. */
static int32_t draw_world_square(struct wined3d_device *device, unsigned int n, int turned)
{
    static const float corner[6][2] = {{-1, 1}, {1, 1}, {-1, -1}, {-1, -1}, {1, 1}, {1, -1}};
    struct { float x, y, z, nx, ny, nz; } v[6];
    struct wined3d_matrix world;
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        v[i].x = corner[i][0] * 0.125f;
        v[i].y = corner[i][1] * 0.125f;
        v[i].z = v[i].nx = v[i].ny = 0.0f;
        v[i].nz = -1.0f;
    }
    memset(&world, 0, sizeof(world));
    world._11 = world._33 = turned ? -1.0f : 1.0f;
    world._22 = world._44 = 1.0f;
    world._41 = -0.875f + 0.25f * n;
    world._42 = 0.875f;
    world._43 = 0.5f;
    wined3d_device_set_transform(device, WINED3D_TS_WORLD, &world);
    return wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(*v));
}

/* A white directional light from the front (along +z), lighting on with
 * a dark grey ambient, and the given material. */
static void light_from_front(struct wined3d_device *device, const struct wined3d_material *material)
{
    struct wined3d_light light;

    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_DIRECTIONAL;
    light.diffuse.r = light.diffuse.g = light.diffuse.b = light.diffuse.a = 1.0f;
    light.direction.z = 1.0f;
    wined3d_device_set_light(device, 0, &light);
    wined3d_device_set_light_enable(device, 0, 1);
    wined3d_device_set_material(device, material);
    wined3d_device_set_render_state(device, WINED3D_RS_LIGHTING, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_AMBIENT, 0xff404040);
}

/* Transformed lists that differ only in their world matrix join too, each
 * with its own matrices (position and normal): white where the square
 * faces the light, the ambient grey where it was turned away.  Many
 * changes make one GL draw; a run with few changes, and a draw after it
 * that does not join, see the vertex block right. */
static void test_joined_world_draws(void **state)
{
    static const struct wined3d_material material = {{1, 1, 1, 1}, {1, 1, 1, 1}};
    static const unsigned int turned[] = {0, 1, 1, 0, 1, 0, 0, 1};
    struct wined3d_device *device = create_device();
    struct wined3d_counters c;
    unsigned int i;

    light_from_front(device, &material);
    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_NORMAL);

    assert_int_equal(draw_world_square(device, 0, turned[0]), WINED3D_OK);
    /* Draws join only through a mapped ring. */
    if (!device->vertex_ring.map)
    {
        wined3d_device_destroy(device);
        skip();
    }
    wined3d_device_reset_frame_counters(device);
    for (i = 1; i < 8; ++i)
        assert_int_equal(draw_world_square(device, i, turned[i]), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.gl_calls, 0);
    for (i = 0; i < 8; ++i)
        assert_int_equal(read_pixel(device, 8 * i + 4, 4), turned[i] ? 0xff404040 : 0xffffffff);

    /* Two changes: a GL draw each, with the vertex block's matrices. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    assert_int_equal(draw_world_square(device, 0, 1), WINED3D_OK);
    assert_int_equal(draw_world_square(device, 1, 0), WINED3D_OK);
    assert_int_equal(draw_world_square(device, 2, 1), WINED3D_OK);
    /* The next draw that cannot join computes the block again. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
    assert_int_equal(draw_world_square(device, 3, 1), WINED3D_OK);
    assert_int_equal(read_pixel(device, 4, 4), 0xff404040);
    assert_int_equal(read_pixel(device, 12, 4), 0xffffffff);
    assert_int_equal(read_pixel(device, 20, 4), 0xff404040);
    assert_int_equal(read_pixel(device, 28, 4), 0xff404040);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Unlit transformed lists that differ only in their world matrix join past
 * the 256 slots a byte numbers (the slot attribute is then 16-bit): 300
 * draws, draw i in cell i % 60 of the 8x8 grid of 8x8 squares in its own
 * colour, all in one run; each cell shows its last draw (240..299), not
 * the draw 256 slots before it, which a slot cut to a byte would show. */
static void test_joined_world_slots_wide(void **state)
{
    static const float corner[6][2] = {{-1, 1}, {1, 1}, {-1, -1}, {-1, -1}, {1, 1}, {1, -1}};
    struct wined3d_device *device = create_device();
    struct { float x, y, z; uint32_t diffuse; } v[6];
    struct wined3d_matrix world;
    struct wined3d_counters c;
    unsigned int i, j, cell;

    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_DIFFUSE);
    memset(&world, 0, sizeof(world));
    world._11 = world._22 = world._33 = world._44 = 1.0f;
    world._43 = 0.5f;
    for (i = 0; i < 300; ++i)
    {
        if (i == 1)
        {
            /* Draws join only through a mapped ring. */
            if (!device->vertex_ring.map)
            {
                wined3d_device_destroy(device);
                skip();
            }
            wined3d_device_reset_frame_counters(device);
        }
        cell = i % 60;
        for (j = 0; j < 6; ++j)
        {
            v[j].x = corner[j][0] * 0.125f;
            v[j].y = corner[j][1] * 0.125f;
            v[j].z = 0.0f;
            v[j].diffuse = point_colour(i);
        }
        world._41 = -0.875f + 0.25f * (cell % 8);
        world._42 = 0.875f - 0.25f * (cell / 8);
        wined3d_device_set_transform(device, WINED3D_TS_WORLD, &world);
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(*v)),
                WINED3D_OK);
    }
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.gl_calls, 0);
    for (cell = 0; cell < 60; ++cell)
        assert_int_equal(read_pixel(device, 8 * (cell % 8) + 4, 8 * (cell / 8) + 4), point_colour(240 + cell));
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A square as draw_world_square's, in column n and row `row` of 8x8 pixel
 * squares, its world matrix of `kind`: 0 a move, 1 the same with the z
 * axis flattened (singular), 2 non-affine (_34 = -1, _44 = 0, w = -z: the
 * square at z = -1 lands where kind 0's does). */
static int32_t draw_world_square_kind(struct wined3d_device *device, unsigned int n, unsigned int row,
        unsigned int kind)
{
    static const float corner[6][2] = {{-1, 1}, {1, 1}, {-1, -1}, {-1, -1}, {1, 1}, {1, -1}};
    struct { float x, y, z, nx, ny, nz; } v[6];
    struct wined3d_matrix world;
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        v[i].x = corner[i][0] * 0.125f;
        v[i].y = corner[i][1] * 0.125f;
        v[i].z = kind == 2 ? -1.0f : 0.0f;
        v[i].nx = v[i].ny = 0.0f;
        v[i].nz = -1.0f;
    }
    memset(&world, 0, sizeof(world));
    world._11 = world._22 = world._33 = world._44 = 1.0f;
    if (kind == 1)
        world._33 = 0.0f;
    world._41 = -0.875f + 0.25f * n;
    world._42 = 0.875f - 0.25f * row;
    world._43 = 0.5f;
    if (kind == 2)
    {
        world._34 = -1.0f;
        world._44 = 0.0f;
        world._43 = 1.5f;
    }
    wined3d_device_set_transform(device, WINED3D_TS_WORLD, &world);
    return wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 6, sizeof(*v));
}

/* Joined draws with world slots light their normals by the vertex block's
 * rules (the slot program forms world * view and the normal matrix
 * itself): lit from the front, a singular world leaves a normal as it is
 * (white), or with legacy lighting takes the 3x3 itself, which flattens it
 * to nothing (the ambient grey); a non-affine world turns it to nothing
 * without legacy lighting (the whole 4x4 inverted, Wine's ddraw7.c
 * test_lighting) and leaves it with.  Row 0 joins, row 1 draws each square
 * alone (a depth function change between them); each square of row 0
 * equals its twin.  A view change after the run moves none of it. */
static void joined_world_rules(int legacy)
{
    static const struct wined3d_material material = {{1, 1, 1, 1}, {1, 1, 1, 1}};
    static const unsigned int kinds[] = {0, 1, 0, 1, 1, 0, 1, 0, 2, 0, 0, 0, 0, 0, 2, 0};
    struct wined3d_device *device = create_device();
    struct wined3d_matrix view;
    struct wined3d_counters c;
    unsigned int i, pixel;

    light_from_front(device, &material);
    wined3d_device_set_render_state(device, WINED3D_RS_LEGACYLIGHTING, legacy);
    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_NORMAL);

    for (i = 0; i < 8; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
        assert_int_equal(draw_world_square_kind(device, i, 1, kinds[i]), WINED3D_OK);
    }
    if (!device->vertex_ring.map)
    {
        wined3d_device_destroy(device);
        skip();     /* draws join only through a mapped ring */
    }
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    assert_int_equal(draw_world_square_kind(device, 0, 0, kinds[0]), WINED3D_OK);
    wined3d_device_reset_frame_counters(device);
    for (i = 1; i < 8; ++i)
        assert_int_equal(draw_world_square_kind(device, i, 0, kinds[i]), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.gl_calls, 0);
    /* The next draw changes the view: the joined ones keep theirs. */
    memset(&view, 0, sizeof(view));
    view._11 = view._22 = view._33 = view._44 = 1.0f;
    view._41 = 0.5f;
    wined3d_device_set_transform(device, WINED3D_TS_VIEW, &view);
    assert_int_equal(draw_world_square_kind(device, 0, 3, 0), WINED3D_OK);
    for (i = 0; i < 8; ++i)
    {
        pixel = kinds[i] == 1 && legacy ? 0xff404040 : 0xffffffff;
        assert_int_equal(read_pixel(device, 8 * i + 4, 4), pixel);
        assert_int_equal(read_pixel(device, 8 * i + 4, 12), pixel);
    }
    /* The view moved the last square by two columns. */
    assert_int_equal(read_pixel(device, 20, 28), 0xffffffff);
    assert_int_not_equal(read_pixel(device, 4, 28), 0xffffffff);

    /* Non-affine worlds in a run of world changes. */
    view._41 = 0.0f;
    wined3d_device_set_transform(device, WINED3D_TS_VIEW, &view);
    for (i = 8; i < 16; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
        assert_int_equal(draw_world_square_kind(device, i - 8, 5, kinds[i]), WINED3D_OK);
    }
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    for (i = 8; i < 16; ++i)
        assert_int_equal(draw_world_square_kind(device, i - 8, 4, kinds[i]), WINED3D_OK);
    for (i = 8; i < 16; ++i)
    {
        pixel = kinds[i] == 2 && !legacy ? 0xff404040 : 0xffffffff;
        assert_int_equal(read_pixel(device, 8 * (i - 8) + 4, 36), pixel);
        assert_int_equal(read_pixel(device, 8 * (i - 8) + 4, 44), pixel);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_joined_world_rules(void **state)
{
    joined_world_rules(0);
}

static void test_joined_world_rules_legacy(void **state)
{
    joined_world_rules(1);
}

/* A square mesh as draw_world_square's (8x8 pixels, its normal facing the
 * viewer), from one place in memory: four vertices and six indices, or the
 * six vertices of its list. */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct lit_vertex { float x, y, z, nx, ny, nz; };
struct square_mesh
{
    struct lit_vertex v[6];
    uint16_t indices[6];
    int indexed;
};

static void square_mesh_init(struct square_mesh *m, int indexed)
{
    static const float corner[4][2] = {{-1, 1}, {1, 1}, {-1, -1}, {1, -1}};
    static const uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
    unsigned int i, c;

    memset(m, 0, sizeof(*m));
    for (i = 0; i < 6; ++i)
    {
        c = indexed ? (i < 4 ? i : 0) : indices[i];
        m->v[i].x = corner[c][0] * 0.125f;
        m->v[i].y = corner[c][1] * 0.125f;
        m->v[i].nz = -1.0f;
    }
    memcpy(m->indices, indices, sizeof(indices));
    m->indexed = indexed;
}

/* The square's top right corner pulled to its middle column, or back. */
static void square_mesh_pull(struct square_mesh *m, int pulled)
{
    m->v[1].x = pulled ? 0.0f : 0.125f;
    if (!m->indexed)
        m->v[4].x = m->v[1].x;
}

/* The mesh in column col and row `row` of 8x8 pixel squares, turned about y
 * (its normal then faces away) when `turned`. */
static int32_t draw_square_mesh(struct wined3d_device *device, const struct square_mesh *m, unsigned int col,
        unsigned int row, int turned)
{
    struct wined3d_matrix world;

    memset(&world, 0, sizeof(world));
    world._11 = world._33 = turned ? -1.0f : 1.0f;
    world._22 = world._44 = 1.0f;
    world._41 = -0.875f + 0.25f * col;
    world._42 = 0.875f - 0.25f * row;
    world._43 = 0.5f;
    wined3d_device_set_transform(device, WINED3D_TS_WORLD, &world);
    if (m->indexed)
        return wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, m->v, 4, sizeof(m->v[0]),
                m->indices, 6);
    return wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, m->v, 6, sizeof(m->v[0]));
}

/* Lit from the front, half transparent and blended: a square drawn twice
 * at one place is lighter than one drawn once, so the pictures show how
 * many times each was drawn.  NULL without mapped rings (no joins). */
static struct wined3d_device *create_blended_lit_device(const struct square_mesh *m)
{
    static const struct wined3d_material material = {{1, 1, 1, 0.5f}, {1, 1, 1, 1}};
    struct wined3d_device *device = create_device();

    light_from_front(device, &material);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_SRCALPHA);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVSRCALPHA);
    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_NORMAL);
    assert_int_equal(draw_square_mesh(device, m, 7, 7, 0), WINED3D_OK);
    if (!device->vertex_ring.map || (m->indexed && !device->index_ring.map))
    {
        wined3d_device_destroy(device);
        return NULL;
    }
    return device;
}

/* Each square of seq (column, turned) in row `row`, drawn alone (a depth
 * function change between two draws keeps them apart). */
static void draw_squares_apart(struct wined3d_device *device, const struct square_mesh *m,
        const unsigned int (*seq)[2], unsigned int n, unsigned int row)
{
    unsigned int i;

    for (i = 0; i < n; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
        assert_int_equal(draw_square_mesh(device, m, seq[i][0], row, seq[i][1]), WINED3D_OK);
    }
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
}

/* The same squares joined (after draw_squares_apart's: the depth function
 * changes once more): an instanced run of the mesh, streamed once (neither
 * ring moves after the first draw), n instances, no GL call. */
static void draw_squares_instanced(struct wined3d_device *device, const struct square_mesh *m,
        const unsigned int (*seq)[2], unsigned int n, unsigned int row)
{
    uint32_t vertex_offset, index_offset;
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
    assert_int_equal(draw_square_mesh(device, m, seq[0][0], row, seq[0][1]), WINED3D_OK);
    vertex_offset = device->vertex_ring.offset;
    index_offset = device->index_ring.offset;
    wined3d_device_reset_frame_counters(device);
    for (i = 1; i < n; ++i)
        assert_int_equal(draw_square_mesh(device, m, seq[i][0], row, seq[i][1]), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.gl_calls, 0);
    assert_int_equal(c.draws, n - 1);
    assert_int_equal(device->merge.mesh_run, MERGE_MESH_INSTANCED);
    assert_int_equal(device->merge.count, n);
    assert_int_equal(device->vertex_ring.offset, vertex_offset);
    assert_int_equal(device->index_ring.offset, index_offset);
}

/* The squares of rows a and b, column by column, are the same picture. */
static void assert_rows_equal(struct wined3d_device *device, unsigned int a, unsigned int b)
{
    unsigned int col;

    for (col = 0; col < 8; ++col)
        assert_int_equal(read_pixel(device, 8 * col + 4, 8 * a + 4), read_pixel(device, 8 * col + 4, 8 * b + 4));
}

/* Draws of one mesh that differ only in their world matrix are one
 * instanced GL draw: the mesh streamed once, each draw's matrix read per
 * instance, every square as when drawn alone (squares drawn more than once
 * at one place blend more than once).  Many changes of the matrix: the
 * slot program; few: a GL draw of the mesh's instances per matrix.  The
 * flush of a run of 8 and of one of 12 costs the same GL calls (one draw).
 * Fails without instanced runs: the rings move with every draw. */
static void joined_instanced_draws(int indexed)
{
    static const unsigned int many[][2] = {{0, 0}, {1, 1}, {1, 1}, {2, 0}, {3, 1}, {4, 0}, {4, 0}, {4, 0},
            {5, 1}, {6, 0}, {7, 1}, {0, 0}};
    static const unsigned int few[][2] = {{0, 0}, {0, 0}, {3, 1}, {3, 1}, {3, 1}, {6, 0}};
    static const unsigned int more[][2] = {{0, 1}, {1, 0}, {2, 1}, {3, 0}, {4, 1}, {5, 0}, {6, 1}, {7, 0},
            {0, 0}, {1, 1}, {2, 0}, {3, 1}};
    struct wined3d_counters c;
    struct square_mesh m;
    struct wined3d_device *device;
    uint64_t calls8;

    square_mesh_init(&m, indexed);
    if (!(device = create_blended_lit_device(&m)))
        skip();     /* draws join only through mapped rings */
    draw_squares_apart(device, &m, many, ARRAY_SIZE(many), 1);
    draw_squares_instanced(device, &m, many, ARRAY_SIZE(many), 0);
    assert_rows_equal(device, 0, 1);
    /* Drawn three times and once; twice and once. */
    assert_int_not_equal(read_pixel(device, 8 * 4 + 4, 4), read_pixel(device, 8 * 2 + 4, 4));
    assert_int_not_equal(read_pixel(device, 8 * 1 + 4, 4), read_pixel(device, 8 * 3 + 4, 4));

    draw_squares_apart(device, &m, few, ARRAY_SIZE(few), 3);
    draw_squares_instanced(device, &m, few, ARRAY_SIZE(few), 2);
    assert_rows_equal(device, 2, 3);
    assert_int_not_equal(read_pixel(device, 8 * 3 + 4, 8 * 2 + 4), 0);

    /* One GL draw for 8 instances or 12. */
    draw_squares_instanced(device, &m, more, 8, 4);
    wined3d_device_reset_frame_counters(device);
    wined3d_device_flush(device);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    calls8 = c.gl_calls;
    draw_squares_apart(device, &m, more, 12, 6);
    draw_squares_instanced(device, &m, more, 12, 5);
    wined3d_device_reset_frame_counters(device);
    wined3d_device_flush(device);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.gl_calls, calls8);
    assert_int_equal(c.redundant_gl_calls, 0);
    assert_rows_equal(device, 5, 6);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_joined_instanced_draws(void **state)
{
    joined_instanced_draws(1);
}

static void test_joined_instanced_list_draws(void **state)
{
    joined_instanced_draws(0);
}

/* The same pointers are no proof of the same mesh: a vertex changed in
 * place between two draws (the square's corner pulled in) ends the
 * instanced run, the changed draw and the ones after it keep their own
 * bytes; then draws of another mesh with world changes (not instanced, the
 * slot read a vertex again) after an instanced run.  Every square as when
 * drawn alone. */
static void joined_instanced_changes(int indexed)
{
    static const unsigned int seq[][2] = {{0, 0}, {1, 1}, {2, 0}, {3, 1}, {4, 0}, {5, 1}, {6, 0}, {7, 1}};
    struct square_mesh m, other[2];
    struct wined3d_device *device;
    unsigned int pass, i, row;

    square_mesh_init(&m, indexed);
    if (!(device = create_blended_lit_device(&m)))
        skip();
    for (pass = 0; pass < 2; ++pass)
    {
        /* Pass 0 apart in row 1, pass 1 joined in row 0. */
        row = !pass;
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
        for (i = 0; i < 8; ++i)
        {
            if (!pass)
                wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC,
                        i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
            /* The top right corner pulled to the middle from the 4th on,
             * back from the 6th on. */
            square_mesh_pull(&m, i >= 3 && i < 5);
            assert_int_equal(draw_square_mesh(device, &m, seq[i][0], row, seq[i][1]), WINED3D_OK);
            if (pass && i == 2)
                assert_int_equal(device->merge.mesh_run, MERGE_MESH_INSTANCED);
        }
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    }
    assert_rows_equal(device, 0, 1);
    /* The pulled corner leaves the square's top right pixel empty. */
    assert_int_equal(read_pixel(device, 8 * 4 + 6, 1), 0);
    assert_int_not_equal(read_pixel(device, 8 * 6 + 6, 1), 0);

    /* An instanced run, then one of two meshes in turn (8 changes of the
     * world: the slot program, a slot a vertex), apart and joined. */
    square_mesh_init(&other[0], indexed);
    square_mesh_init(&other[1], indexed);
    square_mesh_pull(&other[1], 1);
    draw_squares_apart(device, &m, seq, 8, 3);
    draw_squares_instanced(device, &m, seq, 8, 2);
    for (pass = 0; pass < 2; ++pass)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
        for (i = 0; i < 8; ++i)
        {
            if (!pass)
                wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC,
                        i & 1 ? WINED3D_CMP_ALWAYS : WINED3D_CMP_LESSEQUAL);
            assert_int_equal(draw_square_mesh(device, &other[i & 1], seq[i][0], pass ? 4 : 5, seq[i][1]),
                    WINED3D_OK);
        }
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
        if (pass)
            assert_int_not_equal(device->merge.mesh_run, MERGE_MESH_INSTANCED);
    }
    assert_rows_equal(device, 2, 3);
    assert_rows_equal(device, 4, 5);
    for (i = 0; i < 8; ++i)
        assert_int_not_equal(read_pixel(device, 8 * i + 2, 8 * 4 + 4), 0);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_joined_instanced_changes(void **state)
{
    joined_instanced_changes(1);
}

static void test_joined_instanced_list_changes(void **state)
{
    joined_instanced_changes(0);
}

static void present(struct wined3d_device *device)
{
    assert_int_equal(wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0),
            wined3d_device_get_render_target(device, NULL), 0, NULL, 0), WINED3D_OK);
}

/* Each point goes to its own pixel of a 64x64 target, 4096 draws a picture;
 * a present every frame_draws draws (0: none).  Draws through a lap of the
 * ring and a picture more, checks that every point of the last picture
 * (drawn across the wrap) has its colour, and returns the ring's drains. */
static uint64_t draw_ring_lap(struct wined3d_device *device, unsigned int frame_draws)
{
    struct wined3d_stream_ring *ring = &device->vertex_ring;
    unsigned int i, x, y, drawn = 0, wraps = 0, grew = 0;
    uint32_t last_offset = 0, size = ring->size;
    uint64_t free_to = 0;
    struct tl_vertex v;

    for (i = 1; !wraps || drawn < 4096; ++i)
    {
        point_vertex(&v, i % 64, (i / 64) % 64, point_colour(i));
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, &v, 1, sizeof(v)),
                WINED3D_OK);
        if (ring->offset < last_offset)
            ++wraps;
        /* A ring made again, larger, starts counting anew. */
        if (ring->size != size)
        {
            size = ring->size;
            free_to = 0;
            grew = 1;
        }
        assert_true(ring->fence_count <= STREAM_RING_FENCES);
        /* Written over only what the GPU is known to be done with. */
        assert_true(ring->head <= ring->free_to + ring->size);
        assert_true(ring->free_to >= free_to);
        free_to = ring->free_to;
        last_offset = ring->offset;
        if (wraps) ++drawn;
        /* Frames end with a present or with EndScene in turn. */
        if (frame_draws && !(i % frame_draws))
        {
            if ((i / frame_draws) & 1) present(device);
            else wined3d_device_end_scene(device);
        }
        assert_true(i < 8u * 1024 * 1024);
    }
    /* The GPU was waited for: a frame's fence passed, or all work before the ring grew. */
    assert_true(free_to > 0 || grew);
    --i;
    /* The last 4096 points cover every pixel once. */
    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
        {
            unsigned int j = i - ((i - (y * 64 + x)) % 4096);
            assert_int_equal(read_pixel(device, x, y), point_colour(j));
        }
    assert_no_gl_error(device);
    return ring->drains;
}

static struct wined3d_device *create_ring_device(void)
{
    struct wined3d_device *device = create_device();
    struct tl_vertex v;

    wined3d_device_set_fvf(device, TL_FVF);
    point_vertex(&v, 0, 0, point_colour(0));
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, &v, 1, sizeof(v)), WINED3D_OK);
    if (!device->vertex_ring.map)
    {
        wined3d_device_destroy(device);
        return NULL;
    }
    return device;
}

/* Frames smaller than the ring: each present fences what the frame
 * streamed, and a lap later the writer waits for such a fence only, never
 * for all the GPU's work. */
/* A run of joined draws takes at most a quarter of the vertex ring (a wrap
 * or a ring made again would lose its start, an upload takes no more): the
 * draw that would pass it starts a run of its own, and every point is
 * drawn. */
static void test_joined_run_limit(void **state)
{
    struct wined3d_device *device = create_ring_device();
    unsigned int i, j, x, y, n, runs = 0;
    struct wined3d_stream_ring *ring;
    struct tl_vertex v;

    if (!device) skip();
    ring = &device->vertex_ring;
    n = ring->size / RING_UPLOAD_SHARE / sizeof(v) + 4096;
    for (i = 0; i < n; ++i)
    {
        uint32_t start = device->merge.run_start;

        point_vertex(&v, i % 64, (i / 64) % 64, point_colour(i));
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, &v, 1, sizeof(v)),
                WINED3D_OK);
        assert_true(device->merge.valid);
        assert_true(device->merge.end - device->merge.run_start <= ring->size / RING_UPLOAD_SHARE);
        if (i && device->merge.run_start != start)
            ++runs;
    }
    assert_int_equal(runs, 1);
    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
        {
            j = (n - 1) - (((n - 1) - (y * 64 + x)) % 4096);
            assert_int_equal(read_pixel(device, x, y), point_colour(j));
        }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_ring_frames(void **state)
{
    struct wined3d_device *device = create_ring_device();

    if (!device) skip();
    assert_int_equal(draw_ring_lap(device, 5000), 0);
    wined3d_device_destroy(device);
}

/* Frames of one draw each share a fence (a fence costs the driver more than
 * such a frame): a frame's end adds one only once the ring has moved a
 * sixteenth of a lap past the last, and then it covers everything streamed
 * so far.  A lap of small frames still never waits for all the GPU's work. */
static void test_ring_small_frames(void **state)
{
    struct wined3d_device *device = create_ring_device();
    struct wined3d_stream_ring *ring;
    unsigned int i, count, made = 0;
    uint64_t fenced;

    if (!device) skip();
    ring = &device->vertex_ring;
    present(device);
    count = ring->fence_count;
    fenced = count ? ring->fences[count - 1].end : ring->free_to;
    for (i = 0; made < 2; ++i)
    {
        draw_quad(device, 0, 0, 8, 8, 0xff0000ff, 0.5f);
        present(device);
        if (ring->head - fenced < ring->size / STREAM_RING_FENCE_SHARE)
        {
            assert_int_equal(ring->fence_count, count);
            continue;
        }
        assert_int_equal(ring->fence_count, count + 1);
        assert_int_equal(ring->fences[count].end, ring->head);
        fenced = ring->head;
        ++count;
        ++made;
        assert_true(i < 1000000);
    }
    /* The fences are a sixteenth of a lap apart, not one a frame. */
    assert_true(i > 2);
    /* A present with nothing streamed since adds no fence. */
    i = ring->fence_count;
    present(device);
    assert_int_equal(ring->fence_count, i);
    assert_int_equal(draw_ring_lap(device, 64), 0);
    wined3d_device_destroy(device);
}

/* One frame larger than the ring (no present): the writer has no frame's
 * fence to wait for and waits for all the GPU's work, and the picture is
 * still right; the ring is then made twice as large, and a lap of the
 * larger ring waits once more. */
static void test_ring_drain(void **state)
{
    struct wined3d_device *device = create_ring_device();
    uint32_t size;

    if (!device) skip();
    size = device->vertex_ring.size;
    assert_int_equal(draw_ring_lap(device, 0), 1);
    assert_int_equal(device->vertex_ring.size, 2 * size);
    assert_int_equal(device->vertex_ring.fence_count, 0);
    assert_int_equal(draw_ring_lap(device, 0), 2);
    assert_int_equal(device->vertex_ring.size, 4 * size);
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

/* Two devices drawing lists in turn on one thread: each device's draws not
 * yet sent (a joined run, held runs) reach its own target. */
static void test_two_devices_lists_in_turn(void **state)
{
    struct wined3d_device *a = create_device(), *b = create_device();
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        held_look(a, i & 1);
        assert_int_equal(draw_cell(a, i, point_colour(i), 0.5f), WINED3D_OK);
        assert_int_equal(draw_cell(b, i, point_colour(i + 8), 0.5f), WINED3D_OK);
    }
    for (i = 0; i < 6; ++i)
    {
        assert_int_equal(read_pixel(a, 8 * i + 3, 3), point_colour(i));
        assert_int_equal(read_pixel(b, 8 * i + 3, 3), point_colour(i + 8));
    }
    assert_no_gl_error(a);
    assert_no_gl_error(b);
    wined3d_device_destroy(a);
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

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_user_memory_draw_calls),
        cmocka_unit_test(test_joined_draws),
        cmocka_unit_test(test_flush_after_work),
        cmocka_unit_test(test_joined_blend_replace),
        cmocka_unit_test(test_joined_blend_turned_on),
        cmocka_unit_test(test_joined_indexed_draws),
        cmocka_unit_test(test_joined_index_range),
        cmocka_unit_test(test_alpha_plan_kept_for_textures),
        cmocka_unit_test(test_joined_texture_draws),
        cmocka_unit_test(test_joined_indexed_texture_draws),
        cmocka_unit_test(test_joined_sampler_segments),
        cmocka_unit_test(test_joined_sampler_slots),
        cmocka_unit_test(test_joined_pixel_segments),
        cmocka_unit_test(test_joined_pixel_slots),
        cmocka_unit_test(test_joined_pixel_dest_blend),
        cmocka_unit_test(test_joined_pixel_after_blend_segments),
        cmocka_unit_test(test_joined_pixel_after_look_segments),
        cmocka_unit_test(test_joined_pixel_slots_by_pixels),
        cmocka_unit_test(test_sampler_objects_by_parameters),
        cmocka_unit_test(test_held_runs_alternating),
        cmocka_unit_test(test_held_runs_keep_order),
        cmocka_unit_test(test_held_runs_program_differs),
        cmocka_unit_test(test_held_runs_before_upload),
        cmocka_unit_test(test_joined_world_draws),
        cmocka_unit_test(test_joined_world_slots_wide),
        cmocka_unit_test(test_joined_world_rules),
        cmocka_unit_test(test_joined_world_rules_legacy),
        cmocka_unit_test(test_joined_instanced_draws),
        cmocka_unit_test(test_joined_instanced_list_draws),
        cmocka_unit_test(test_joined_instanced_changes),
        cmocka_unit_test(test_joined_instanced_list_changes),
        cmocka_unit_test(test_joined_run_limit),
        cmocka_unit_test(test_ring_frames),
        cmocka_unit_test(test_ring_small_frames),
        cmocka_unit_test(test_ring_drain),
        cmocka_unit_test(test_two_devices_one_thread),
        cmocka_unit_test(test_two_devices_lists_in_turn),
        cmocka_unit_test(test_threads_take_turns),
        cmocka_unit_test(test_foreign_context),
        cmocka_unit_test(test_rhw_flat_and_varying),
        cmocka_unit_test(test_colour_flat_and_varying),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

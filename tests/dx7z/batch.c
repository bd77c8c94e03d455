/*
 * The THRASH batcher: flush rules (type change, overflow at 0x1fa0 bytes,
 * any state change, setstate(0x1b3) drawing first), software culling by the
 * sign rule, depth bias value * 2^-15 reset at end of scene, white diffuse
 * when flat, the fog table, points adjusted in place, the 32-byte step of the
 * line and point index functions, strips going straight to the device.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_device.h"

static int setup(void **ctx)
{
    fake_reset();
    return 0;
}

static struct thrash_vertex vtx(float x, float y, float z)
{
    struct thrash_vertex v = {x, y, z, 1.0f, 0xff102030, 0x00405060, 0.25f, 0.75f};
    return v;
}

/* Clockwise on screen (y down): drawn by default culling. */
static void tri_cw(struct thrash_vertex t[3], float x)
{
    t[0] = vtx(x, 0, 0.5f);
    t[1] = vtx(x + 10, 0, 0.5f);
    t[2] = vtx(x, 10, 0.5f);
}

static const struct thrash_vertex *drawn_vertex(const struct fake_call *c, unsigned int i, DWORD stride)
{
    return (const struct thrash_vertex *)(c->vertices + i * stride);
}

static void test_queue_and_type_change(void **ctx)
{
    struct thrash_vertex t[3], l[2];

    tri_cw(t, 0);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 0);
    assert_int_equal(dx7z.batch.vertex_count, 6);
    /* A line: the triangles are drawn first, in one call. */
    l[0] = vtx(0, 0, 0);
    l[1] = vtx(5, 5, 0);
    dx7z_batch_line(&l[0], &l[1]);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 1);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->a, D3DPT_TRIANGLELIST);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->b, 6);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->c, 6);
    dx7z_batch_flush();
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->a, D3DPT_LINELIST);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->b, 2);
    /* Quads: two triangles a quad, 4 vertices. */
    dx7z_batch_quad(&t[0], &t[1], &t[2], &t[2]);
    dx7z_batch_flush();
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->b, 4);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->c, 6);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->indices[5], 3);
}

static void test_overflow(void **ctx)
{
    struct thrash_vertex t[3];
    unsigned int i;

    /* 0x1fa0 bytes: 253 vertices of 32 bytes, 84 triangles. */
    tri_cw(t, 0);
    for (i = 0; i < 84; ++i)
        dx7z_batch_tri(&t[0], &t[1], &t[2]);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 0);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 1);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->b, 252);
    assert_int_equal(dx7z.batch.vertex_count, 3);

    /* 40-byte vertices: 202 fit, 67 triangles. */
    fake_reset();
    dx7z_setstate(0x2a, 1);
    fake_call_count = 0;
    {
        struct thrash_vertex2 t2[3];
        memset(t2, 0, sizeof(t2));
        t2[0].v = vtx(0, 0, 0.5f); t2[1].v = vtx(10, 0, 0.5f); t2[2].v = vtx(0, 10, 0.5f);
        t2[2].u2 = 3.0f;
        for (i = 0; i < 68; ++i)
            dx7z_batch_tri(&t2[0].v, &t2[1].v, &t2[2].v);
        assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 1);
        assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->b, 201);
        /* The second coordinate set came along. */
        assert_true(((const struct thrash_vertex2 *)(fake_last(FAKE_DRAW_INDEXED)->vertices + 80))->u2 == 3.0f);
    }
}

static void test_state_change_flushes(void **ctx)
{
    struct thrash_vertex t[3];
    unsigned int draw_at, rs_at, i;

    tri_cw(t, 0);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_setstate(0x05, 0);
    draw_at = rs_at = ~0u;
    for (i = 0; i < fake_call_count; ++i)
    {
        if (fake_calls[i].type == FAKE_DRAW_INDEXED && draw_at == ~0u) draw_at = i;
        if (fake_calls[i].type == FAKE_RS && fake_calls[i].a == D3DRENDERSTATE_DITHERENABLE) rs_at = i;
    }
    assert_true(draw_at < rs_at);
    assert_int_equal(dx7z.batch.vertex_count, 0);

    /* Stage states flush too. */
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_setstate(0x07, 0);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 2);
}

static void test_drawprimitive_goes_first(void **ctx)
{
    struct thrash_vertex t[3], p[3];
    struct thrash_primitive prim;
    WORD idx[3] = {0, 1, 2};

    tri_cw(t, 0);
    tri_cw(p, 100);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    prim.type = D3DPT_TRIANGLELIST;
    prim.vertices = p;
    prim.vertex_count = 3;
    prim.indices = idx;
    prim.index_count = 3;
    assert_int_equal(dx7z_setstate(0x1b3, (DWORD_PTR)&prim), 1);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 1);
    assert_true(drawn_vertex(&fake_calls[fake_call_count - 1], 0, 32)->x == 100.0f);
    /* The queued triangle is still there and is drawn after. */
    assert_int_equal(dx7z.batch.vertex_count, 3);
    dx7z_batch_flush();
    assert_true(drawn_vertex(fake_last(FAKE_DRAW_INDEXED), 0, 32)->x == 0.0f);
    /* Not indexed: DrawPrimitive. Bad type: refused. */
    prim.indices = NULL;
    assert_int_equal(dx7z_setstate(0x1b3, (DWORD_PTR)&prim), 1);
    assert_int_equal(fake_count(FAKE_DRAW), 1);
    prim.type = 9;
    assert_int_equal(dx7z_setstate(0x1b3, (DWORD_PTR)&prim), 0);
    assert_int_equal(dx7z_setstate(0x1b3, 0), 0);

    /* An index beyond the vertices: the device refuses the draw, setstate
     * answers 0 and getstate(0x1b3) counts it (issue 23, fault 6). */
    prim.type = D3DPT_TRIANGLELIST;
    prim.indices = idx;
    idx[2] = 3;
    assert_int_equal(dx7z_getstate(0x1b3), 0);
    assert_int_equal(dx7z_setstate(0x1b3, (DWORD_PTR)&prim), 0);
    assert_int_equal(dx7z_getstate(0x1b3), 1);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 2);
}

static void test_cull(void **ctx)
{
    struct thrash_vertex cw[3], ccw[3];

    tri_cw(cw, 0);
    ccw[0] = cw[0]; ccw[1] = cw[2]; ccw[2] = cw[1];
    /* 1: draws all. */
    assert_false(dx7z_cull(&cw[0], &cw[1], &cw[2], 1));
    assert_false(dx7z_cull(&ccw[0], &ccw[1], &ccw[2], 1));
    /* 0x80000000: culls counter-clockwise (negative area). */
    assert_false(dx7z_cull(&cw[0], &cw[1], &cw[2], 0x80000000u));
    assert_true(dx7z_cull(&ccw[0], &ccw[1], &ccw[2], 0x80000000u));
    /* 0: culls clockwise, and a degenerate (+0) triangle. */
    assert_true(dx7z_cull(&cw[0], &cw[1], &cw[2], 0));
    assert_false(dx7z_cull(&ccw[0], &ccw[1], &ccw[2], 0));
    assert_true(dx7z_cull(&cw[0], &cw[0], &cw[0], 0));

    /* Through the batcher with the cull state. */
    dx7z_setstate(0x02, 1);
    dx7z_batch_tri(&ccw[0], &ccw[1], &ccw[2]);
    assert_int_equal(dx7z.batch.vertex_count, 0);
    dx7z_batch_tri(&cw[0], &cw[1], &cw[2]);
    assert_int_equal(dx7z.batch.vertex_count, 3);
    dx7z_setstate(0x02, 2);
    dx7z_batch_quad(&cw[0], &cw[1], &cw[2], &cw[2]);
    assert_int_equal(dx7z.batch.vertex_count, 0);
    dx7z_setstate(0x02, 0);
    dx7z_batch_quad(&ccw[0], &ccw[1], &ccw[2], &ccw[2]);
    assert_int_equal(dx7z.batch.vertex_count, 4);
}

static void test_bias_flat_fog(void **ctx)
{
    struct thrash_vertex t[3];
    BYTE table[65];
    const struct fake_call *c;
    unsigned int i;

    tri_cw(t, 0);
    t[1].z = 0.0f;
    t[2].z = 1.0f;
    /* 0x18: value * 2^-15. */
    dx7z_setstate(0x18, 16384);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_batch_flush();
    c = fake_last(FAKE_DRAW_INDEXED);
    assert_float_equal(drawn_vertex(c, 0, 32)->z, 1.0f, 1e-6);
    assert_float_equal(drawn_vertex(c, 1, 32)->z, 0.5f, 1e-6);
    /* The caller's vertices are untouched. */
    assert_float_equal(t[0].z, 0.5f, 0);
    dx7z_setstate(0x66, (DWORD)-32768);
    assert_float_equal(dx7z.depth_bias, -1.0f, 1e-6);
    /* Every end of scene drops it. */
    dx7z_end_scene();
    assert_float_equal(dx7z.depth_bias, 0.0f, 0);
    assert_int_equal(fake_last(FAKE_END) != NULL, 1);

    /* Flat: white diffuse. */
    dx7z_setstate(0x06, 0);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_batch_flush();
    c = fake_last(FAKE_DRAW_INDEXED);
    assert_int_equal(drawn_vertex(c, 0, 32)->diffuse, 0xffffffff);
    dx7z_setstate(0x06, 1);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_batch_flush();
    assert_int_equal(drawn_vertex(fake_last(FAKE_DRAW_INDEXED), 0, 32)->diffuse, 0xff102030);

    /* The fog table: specular = table[round(z * 255)] << 24, colour lost. */
    for (i = 0; i < 65; ++i)
        table[i] = (BYTE)(255 - i * 3);
    assert_int_equal(dx7z_setstate(0x14, (DWORD_PTR)table), 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_FOGTABLEMODE), D3DFOG_NONE);
    dx7z_batch_tri(&t[0], &t[1], &t[2]);
    dx7z_batch_flush();
    c = fake_last(FAKE_DRAW_INDEXED);
    assert_int_equal(drawn_vertex(c, 1, 32)->specular, (DWORD)table[0] << 24);
    assert_int_equal(drawn_vertex(c, 2, 32)->specular, (DWORD)table[64] << 24);
    assert_int_equal(drawn_vertex(c, 0, 32)->specular, (DWORD)dx7z.fog_table[128] << 24);
    /* 128 * 64 / 255 = 32.13: between entries 32 (159) and 33 (156). */
    assert_int_equal(dx7z.fog_table[128], 159);
    dx7z_setstate(0x69, 0);
    assert_false(dx7z.fog_table_on);
}

static void test_fog_table_spread(void **ctx)
{
    BYTE in[65], out[256];
    unsigned int i;

    for (i = 0; i < 65; ++i)
        in[i] = (BYTE)(i * 4 > 255 ? 255 : i * 4);
    dx7z_build_fog_table(in, out);
    assert_int_equal(out[0], in[0]);
    assert_int_equal(out[255], in[64]);
    for (i = 1; i < 256; ++i)
        assert_true(out[i] >= out[i - 1]);
}

static void test_points(void **ctx)
{
    struct thrash_vertex p = vtx(1, 1, 0.25f), mesh[3];
    BYTE v40[3 * 40];
    DWORD idx[2] = {0, 2};

    dx7z_setstate(0x18, 8192);  /* 0.25 */
    dx7z_draw_point(&p);
    assert_float_equal(p.z, 0.5f, 1e-6);
    dx7z_draw_point(&p);        /* drawn again: the bias again */
    assert_float_equal(p.z, 0.75f, 1e-6);
    assert_int_equal(fake_count(FAKE_DRAW), 2);
    assert_int_equal(fake_last(FAKE_DRAW)->a, D3DPT_POINTLIST);

    /* Point and line meshes step 32 bytes even with 40-byte vertices. */
    dx7z_setstate(0x18, 0);
    dx7z_setstate(0x2a, 1);
    memset(v40, 0, sizeof(v40));
    mesh[0] = vtx(7, 0, 0); mesh[1] = vtx(8, 0, 0); mesh[2] = vtx(9, 0, 0);
    memcpy(v40, mesh, sizeof(mesh));    /* packed at 32 bytes */
    fake_call_count = 0;
    dx7z_draw_linemesh(1, v40, idx);
    dx7z_batch_flush();
    assert_true(drawn_vertex(fake_last(FAKE_DRAW_INDEXED), 0, 40)->x == 7.0f);
    assert_true(drawn_vertex(fake_last(FAKE_DRAW_INDEXED), 1, 40)->x == 9.0f);
    dx7z_draw_pointmesh(1, v40, idx + 1);
    assert_true(drawn_vertex(fake_last(FAKE_DRAW), 0, 40)->x == 9.0f);
    /* Triangle meshes use the format's stride. */
    {
        DWORD tri[3] = {0, 1, 2};
        struct thrash_vertex2 v2[3];
        memset(v2, 0, sizeof(v2));
        v2[0].v = vtx(0, 0, 0); v2[1].v = vtx(10, 0, 0); v2[2].v = vtx(0, 10, 0);
        dx7z_draw_trimesh(1, (BYTE *)v2, tri);
        dx7z_batch_flush();
        assert_true(drawn_vertex(fake_last(FAKE_DRAW_INDEXED), 1, 40)->x == 10.0f);
    }
}

static void test_strips_direct(void **ctx)
{
    struct thrash_vertex s[4], t[3];
    DWORD idx[4] = {0, 1, 2, 3};

    tri_cw(t, 0);
    s[0] = vtx(0, 0, 0.5f); s[1] = vtx(0, 10, 0.5f); s[2] = vtx(10, 0, 0.5f); s[3] = vtx(10, 10, 0.5f);
    dx7z_setstate(0x18, 16384);
    dx7z_setstate(0x06, 0);
    dx7z_setstate(0x02, 2);
    dx7z_batch_tri(&t[2], &t[1], &t[0]);    /* counter-clockwise: kept */
    fake_call_count = 0;
    dx7z_draw_strip(D3DPT_TRIANGLESTRIP, 2, (BYTE *)s, idx);
    /* Queued first, then the strip as it is: no bias, no white, no cull. */
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 2);
    assert_int_equal(fake_calls[0].a, D3DPT_TRIANGLELIST);
    assert_int_equal(fake_calls[1].a, D3DPT_TRIANGLESTRIP);
    assert_int_equal(fake_calls[1].b, 4);
    assert_int_equal(fake_calls[1].c, 4);
    assert_float_equal(drawn_vertex(&fake_calls[1], 0, 32)->z, 0.5f, 0);
    assert_int_equal(drawn_vertex(&fake_calls[1], 0, 32)->diffuse, 0xff102030);
    /* The @8 forms: not indexed. */
    dx7z_draw_strip(D3DPT_TRIANGLEFAN, 2, (BYTE *)s, NULL);
    assert_int_equal(fake_last(FAKE_DRAW)->a, D3DPT_TRIANGLEFAN);
    assert_int_equal(fake_last(FAKE_DRAW)->b, 4);
    dx7z_draw_strip(D3DPT_LINESTRIP, 3, (BYTE *)s, idx);
    assert_int_equal(fake_last(FAKE_DRAW_INDEXED)->c, 4);
    /* Indices past 0xffff are refused. */
    idx[1] = 0x10000;
    fake_call_count = 0;
    dx7z_draw_strip(D3DPT_TRIANGLESTRIP, 2, (BYTE *)s, idx);
    assert_int_equal(fake_count(FAKE_DRAW_INDEXED), 0);
}

static void test_sprites(void **ctx)
{
    struct thrash_vertex a = vtx(10, 20, 0.5f), b = vtx(30, 60, 0.5f);
    const struct fake_call *c;

    a.u = 0; a.v = 0; b.u = 1; b.v = 1;
    dx7z_setstate(0x02, 2);     /* sprites aren't culled */
    dx7z_draw_sprite(&a, &b);
    dx7z_batch_flush();
    c = fake_last(FAKE_DRAW_INDEXED);
    assert_non_null(c);
    assert_int_equal(c->b, 4);
    assert_true(drawn_vertex(c, 2, 32)->x == 30.0f && drawn_vertex(c, 2, 32)->y == 60.0f);
    assert_true(drawn_vertex(c, 1, 32)->u == 1.0f && drawn_vertex(c, 1, 32)->v == 0.0f);
    assert_true(drawn_vertex(c, 3, 32)->x == 10.0f && drawn_vertex(c, 3, 32)->v == 1.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup(test_queue_and_type_change, setup),
        cmocka_unit_test_setup(test_overflow, setup),
        cmocka_unit_test_setup(test_state_change_flushes, setup),
        cmocka_unit_test_setup(test_drawprimitive_goes_first, setup),
        cmocka_unit_test_setup(test_cull, setup),
        cmocka_unit_test_setup(test_bias_flat_fog, setup),
        cmocka_unit_test_setup(test_fog_table_spread, setup),
        cmocka_unit_test_setup(test_points, setup),
        cmocka_unit_test_setup(test_strips_direct, setup),
        cmocka_unit_test_setup(test_sprites, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * The CPU vertex pipeline of IDirect3DVertexBuffer7::ProcessVertices,
 * against hand-computed values and the values Windows gives (recorded by
 * Wine's ddraw7 tests): transform and viewport mapping, the empty depth
 * range, clip codes, extents, lighting, texture coordinates and FVF sizes.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "d3d7_private.h"

static const struct wined3d_matrix identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

static void init_state(struct d3d7_vp_state *s, uint32_t x, uint32_t y, uint32_t w, uint32_t h, float min_z, float max_z)
{
    memset(s, 0, sizeof(*s));
    s->world = s->view = s->projection = identity;
    s->viewport.x = x;
    s->viewport.y = y;
    s->viewport.width = w;
    s->viewport.height = h;
    s->viewport.min_z = min_z;
    s->viewport.max_z = max_z;
}

static void run(const struct d3d7_vp_state *s, DWORD ops, const float (*src)[3], unsigned int count,
        float (*dst)[4], DWORD *clip)
{
    struct wined3d_strided_data sd;

    d3d7_strided_from_fvf(&sd, D3DFVF_XYZ, (const BYTE *)src, 12);
    d3d7_process_vertices_cpu(s, ops, D3DFVF_XYZ, &sd, count, D3DFVF_XYZRHW, (BYTE *)dst, 16, clip, NULL);
}

static const float src4[4][3] = {{0, 0, 0}, {1, 1, 1}, {-1, -1, 0.5f}, {0.5f, -0.5f, 0.25f}};

#define assert_close(a, b) assert_true(fabsf((a) - (b)) <= 1e-4f * (fabsf(b) + 1.0f))

static void test_viewport_mapping(void **state)
{
    struct d3d7_vp_state s;
    float dst[4][4];

    (void)state;
    init_state(&s, 64, 64, 128, 128, 0.0f, 1.0f);
    run(&s, D3DVOP_TRANSFORM, src4, 4, dst, NULL);
    assert_close(dst[0][0], 128.0f); assert_close(dst[0][1], 128.0f); assert_close(dst[0][2], 0.0f);
    assert_close(dst[1][0], 192.0f); assert_close(dst[1][1], 64.0f); assert_close(dst[1][2], 1.0f);
    assert_close(dst[2][0], 64.0f); assert_close(dst[2][1], 192.0f); assert_close(dst[2][2], 0.5f);
    assert_close(dst[3][0], 160.0f); assert_close(dst[3][1], 160.0f); assert_close(dst[3][2], 0.25f);
    assert_close(dst[3][3], 1.0f);

    /* Windows widens an empty or inverted depth range to 0.001. */
    init_state(&s, 64, 64, 128, 128, 0.0f, 0.0f);
    run(&s, D3DVOP_TRANSFORM, src4, 4, dst, NULL);
    assert_close(dst[1][2], 1.0e-3f);
    assert_close(dst[2][2], 5.0e-4f);
    init_state(&s, 64, 64, 128, 128, 1.0f, 0.0f);
    run(&s, D3DVOP_TRANSFORM, src4, 4, dst, NULL);
    assert_close(dst[0][2], 1.0f);
    assert_close(dst[1][2], 1.001f);

    init_state(&s, 10, 5, 246, 130, -2.0f, 4.0f);
    run(&s, D3DVOP_TRANSFORM, src4, 4, dst, NULL);
    assert_close(dst[0][0], 133.0f); assert_close(dst[0][1], 70.0f); assert_close(dst[0][2], -2.0f);
    assert_close(dst[1][0], 256.0f); assert_close(dst[1][1], 5.0f); assert_close(dst[1][2], 4.0f);
    assert_close(dst[2][0], 10.0f); assert_close(dst[2][1], 135.0f); assert_close(dst[2][2], 1.0f);
    assert_close(dst[3][0], 194.5f); assert_close(dst[3][1], 102.5f); assert_close(dst[3][2], -0.5f);
}

static void test_matrices(void **state)
{
    static const struct wined3d_matrix world = {0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1};
    static const struct wined3d_matrix view = {2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3};
    static const struct wined3d_matrix proj = {1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1};
    struct d3d7_vp_state s;
    float dst[4][4];

    (void)state;
    init_state(&s, 10, 5, 246, 130, -2.0f, 4.0f);
    s.world = world;
    s.view = view;
    s.projection = proj;
    run(&s, D3DVOP_TRANSFORM, src4, 4, dst, NULL);
    /* Windows' results. */
    assert_close(dst[0][0], 256.0f); assert_close(dst[0][1], 70.0f);
    assert_close(dst[0][2], -2.0f); assert_close(dst[0][3], 1.0f / 3.0f);
    assert_close(dst[1][0], 256.0f); assert_close(dst[1][1], 78.125f);
    assert_close(dst[1][2], -2.75f); assert_close(dst[1][3], 0.125f);
    assert_close(dst[2][0], 256.0f); assert_close(dst[2][1], 44.0f);
    assert_close(dst[2][2], 0.4f); assert_close(dst[2][3], 0.4f);
    assert_close(dst[3][0], 256.0f); assert_close(dst[3][1], 81.818181f);
    assert_close(dst[3][2], -3.090909f); assert_close(dst[3][3], 0.363636f);
}

static void test_clip_codes(void **state)
{
    static const float src[7][3] =
    {
        {0, 0, 0.5f}, {-2, 0, 0.5f}, {2, 0, 0.5f}, {0, 2, 0.5f}, {0, -2, 0.5f}, {0, 0, -0.5f}, {0, 0, 1.5f},
    };
    static const DWORD expect[7] =
    {
        0, D3D7_CLIP_LEFT, D3D7_CLIP_RIGHT, D3D7_CLIP_TOP, D3D7_CLIP_BOTTOM, D3D7_CLIP_FRONT, D3D7_CLIP_BACK,
    };
    struct d3d7_vp_state s;
    struct wined3d_strided_data sd;
    float dst[7][4];
    DWORD clip[7], all;
    unsigned int i;

    (void)state;
    init_state(&s, 0, 0, 64, 64, 0.0f, 1.0f);
    d3d7_strided_from_fvf(&sd, D3DFVF_XYZ, (const BYTE *)src, 12);
    all = d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_CLIP, D3DFVF_XYZ, &sd, 7, D3DFVF_XYZRHW,
            (BYTE *)dst, 16, clip, NULL);
    for (i = 0; i < 7; ++i)
        assert_int_equal(clip[i], expect[i]);
    assert_int_equal(all, 0x3f);

    /* User clip plane 0 (world space): x >= 0 is inside. */
    s.clip_plane_enable = 1;
    s.clip_planes[0][0] = 1.0f;
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_CLIP, D3DFVF_XYZ, &sd, 7, D3DFVF_XYZRHW,
            (BYTE *)dst, 16, clip, NULL);
    assert_int_equal(clip[1], D3D7_CLIP_LEFT | D3DCLIP_GEN0);
    assert_int_equal(clip[2], D3D7_CLIP_RIGHT);
}

static void test_extents(void **state)
{
    struct d3d7_vp_state s;
    struct wined3d_strided_data sd;
    float dst[4][4];
    D3DRECT r;

    (void)state;
    init_state(&s, 64, 64, 128, 128, 0.0f, 1.0f);
    r.x1 = r.y1 = 0x7fffffff;
    r.x2 = r.y2 = -0x7fffffff;
    d3d7_strided_from_fvf(&sd, D3DFVF_XYZ, (const BYTE *)src4, 12);
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_EXTENTS, D3DFVF_XYZ, &sd, 4, D3DFVF_XYZRHW,
            (BYTE *)dst, 16, NULL, &r);
    assert_int_equal(r.x1, 64);
    assert_int_equal(r.y1, 64);
    assert_int_equal(r.x2, 192);
    assert_int_equal(r.y2, 192);
}

struct lit_in { float x, y, z, nx, ny, nz; DWORD diffuse; float u, v; };
struct lit_out { float x, y, z, rhw; DWORD diffuse, specular; float u, v; };

static void test_lighting(void **state)
{
    static const struct lit_in src[3] =
    {
        {0, 0, 0.5f, 0, 0, -1, 0xff00ff00, 0.25f, 0.75f},
        {0, 0, 0.5f, 0, 0, 1, 0xff00ff00, 0.5f, 0.5f},
        {0, 0, 0.5f, 0, 0.70710678f, -0.70710678f, 0xff00ff00, 0, 0},
    };
    const DWORD fvf_in = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    const DWORD fvf_out = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1;
    struct wined3d_strided_data sd;
    struct d3d7_vp_state s;
    struct lit_out dst[3];

    (void)state;
    assert_int_equal(d3d7_fvf_stride(fvf_in), sizeof(struct lit_in));
    assert_int_equal(d3d7_fvf_stride(fvf_out), sizeof(struct lit_out));

    init_state(&s, 0, 0, 64, 64, 0.0f, 1.0f);
    s.material.diffuse.r = 1.0f;
    s.material.diffuse.a = 1.0f;
    s.material.ambient.b = 1.0f;
    s.ambient = 0x00808080;
    s.light_count = 1;
    s.lights[0].type = WINED3D_LIGHT_DIRECTIONAL;
    s.lights[0].diffuse.r = s.lights[0].diffuse.g = s.lights[0].diffuse.b = 1.0f;
    s.lights[0].direction.z = 1.0f;
    d3d7_strided_from_fvf(&sd, fvf_in, (const BYTE *)src, sizeof(src[0]));
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_LIGHT, fvf_in, &sd, 3, fvf_out, (BYTE *)dst,
            sizeof(dst[0]), NULL, NULL);
    /* Facing the light: full red diffuse; ambient 0.5 on blue. */
    assert_int_equal(dst[0].diffuse, 0xffff0080);
    /* Facing away: ambient only. */
    assert_int_equal(dst[1].diffuse, 0xff000080);
    /* At 45 degrees: cos = 0.7071 -> 0xb4. */
    assert_int_equal(dst[2].diffuse, 0xffb40080);
    assert_true(dst[0].u == 0.25f && dst[0].v == 0.75f);
    assert_true(dst[1].u == 0.5f);

    /* COLORVERTEX with the diffuse material from the vertex colour. */
    s.color_vertex = TRUE;
    s.diffuse_source = WINED3D_MCS_COLOR1;
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_LIGHT, fvf_in, &sd, 1, fvf_out, (BYTE *)dst,
            sizeof(dst[0]), NULL, NULL);
    assert_int_equal(dst[0].diffuse, 0xff00ff80);

    /* Without D3DVOP_LIGHT the colour is copied. */
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM, fvf_in, &sd, 1, fvf_out, (BYTE *)dst, sizeof(dst[0]), NULL, NULL);
    assert_int_equal(dst[0].diffuse, 0xff00ff00);
    assert_int_equal(dst[0].specular, 0);

    /* D3DPV_DONOTCOPYDATA leaves colours and texture coordinates alone. */
    dst[0].diffuse = 0x12345678;
    dst[0].u = 7.0f;
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3D7_VOP_DONOTCOPYDATA, fvf_in, &sd, 1, fvf_out,
            (BYTE *)dst, sizeof(dst[0]), NULL, NULL);
    assert_int_equal(dst[0].diffuse, 0x12345678);
    assert_true(dst[0].u == 7.0f);

    /* A point light out of range does not light. */
    s.color_vertex = FALSE;
    s.lights[0].type = WINED3D_LIGHT_POINT;
    s.lights[0].position.z = -10.0f;
    s.lights[0].range = 5.0f;
    s.lights[0].attenuation0 = 1.0f;
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_LIGHT, fvf_in, &sd, 1, fvf_out, (BYTE *)dst,
            sizeof(dst[0]), NULL, NULL);
    assert_int_equal(dst[0].diffuse, 0xff000080);
    s.lights[0].range = 100.0f;
    d3d7_process_vertices_cpu(&s, D3DVOP_TRANSFORM | D3DVOP_LIGHT, fvf_in, &sd, 1, fvf_out, (BYTE *)dst,
            sizeof(dst[0]), NULL, NULL);
    assert_int_equal(dst[0].diffuse, 0xffff0080);
}

static void test_fvf(void **state)
{
    (void)state;
    assert_int_equal(d3d7_fvf_stride(D3DFVF_XYZ), 12);
    assert_int_equal(d3d7_fvf_stride(D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1), 32);
    assert_int_equal(d3d7_fvf_stride(D3DFVF_LVERTEX), 32);
    assert_int_equal(d3d7_fvf_stride(D3DFVF_XYZB3 | D3DFVF_NORMAL), 36);
    assert_int_equal(d3d7_fvf_stride(D3DFVF_XYZ | D3DFVF_TEX2 | D3DFVF_TEXCOORDSIZE3(0) | D3DFVF_TEXCOORDSIZE1(1)), 28);
    assert_false(d3d7_fvf_is_valid(0));
    assert_false(d3d7_fvf_is_valid(D3DFVF_DIFFUSE));
    assert_false(d3d7_fvf_is_valid(D3DFVF_XYZRHW | D3DFVF_NORMAL));
    assert_false(d3d7_fvf_is_valid(D3DFVF_XYZ | 0x900));
    assert_true(d3d7_fvf_is_valid(D3DFVF_XYZ | D3DFVF_TEX8));
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_viewport_mapping),
        cmocka_unit_test(test_matrices),
        cmocka_unit_test(test_clip_codes),
        cmocka_unit_test(test_extents),
        cmocka_unit_test(test_lighting),
        cmocka_unit_test(test_fvf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * GS blending: the driver's 6 x 6 table against a CPU reference of the
 * RenderWare factors, and the GL mapping of every ALPHA form against the
 * GS equation (A - B) * C >> 7 + D, within 1/255 on the GS scale.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "gs.h"
#include "wined3d-lite/wined3d.h"

static const unsigned int rw_factors[6] = {GS_RW_BLENDZERO, GS_RW_BLENDONE, GS_RW_BLENDSRCALPHA,
        GS_RW_BLENDINVSRCALPHA, GS_RW_BLENDDESTALPHA, GS_RW_BLENDINVDESTALPHA};

/* Which [destination][source] pairs exist (seed 003's table). */
static const int exists[6][6] =
{
    {1, 1, 1, 1, 1, 1},
    {1, 1, 1, 0, 1, 0},
    {1, 1, 0, 1, 0, 0},
    {1, 0, 1, 0, 0, 0},
    {1, 1, 0, 0, 0, 1},
    {1, 0, 0, 0, 1, 0},
};

static double rw_factor(unsigned int f, double as, double ad)
{
    switch (f)
    {
        case GS_RW_BLENDZERO: return 0.0;
        case GS_RW_BLENDONE: return 1.0;
        case GS_RW_BLENDSRCALPHA: return as;
        case GS_RW_BLENDINVSRCALPHA: return 1.0 - as;
        case GS_RW_BLENDDESTALPHA: return ad;
        default: return 1.0 - ad;
    }
}

static void test_table_shape(void **state)
{
    unsigned int s, d, count = 0;

    for (d = 0; d < 6; ++d)
        for (s = 0; s < 6; ++s)
        {
            int64_t v = gs_rw_blend_table(rw_factors[s], rw_factors[d]);
            assert_int_equal(v >= 0, exists[d][s]);
            count += v >= 0;
        }
    assert_int_equal(count, 20);
    assert_int_equal(gs_rw_blend_table(GS_RW_BLENDSRCALPHA, GS_RW_BLENDINVSRCALPHA), 0x44);
    assert_true(gs_rw_blend_table(GS_RW_BLENDONE, GS_RW_BLENDONE) == (int64_t)gs_make_alpha(0, 2, 2, 1, 0x80));
    /* The colour factors are not handled. */
    assert_true(gs_rw_blend_table(GS_RW_BLENDSRCCOLOR, GS_RW_BLENDZERO) < 0);
    assert_true(gs_rw_blend_table(GS_RW_BLENDZERO, GS_RW_BLENDINVSRCCOLOR) < 0);
}

/* Every existing pair computes Cs * fs + Cd * fd on the GS's scale (alpha
 * 0x80 = 1.0), within one step of 1/255. */
static void test_table_against_reference(void **state)
{
    static const unsigned int colours[] = {0, 1, 17, 64, 127, 128, 200, 254, 255};
    static const unsigned int alphas[] = {0, 1, 32, 63, 64, 65, 100, 127, 128};
    unsigned int s, d, i, j, k, l;

    for (d = 0; d < 6; ++d)
        for (s = 0; s < 6; ++s)
        {
            int64_t alpha = gs_rw_blend_table(rw_factors[s], rw_factors[d]);
            if (alpha < 0) continue;
            for (i = 0; i < 9; ++i) for (j = 0; j < 9; ++j) for (k = 0; k < 9; ++k) for (l = 0; l < 9; ++l)
            {
                double as = alphas[k] / 128.0, ad = alphas[l] / 128.0;
                double ref = colours[i] * rw_factor(rw_factors[s], as, ad) + colours[j] * rw_factor(rw_factors[d], as, ad);
                unsigned int gs = gs_blend_channel(alpha, colours[i], colours[j], alphas[k], alphas[l], 1);
                if (ref > 255.0) ref = 255.0;
                if (ref < 0.0) ref = 0.0;
                if (fabs(gs - ref) > 1.0)
                    fail_msg("pair src %u dst %u: cs %u cd %u as %u ad %u: GS %u, reference %f",
                            rw_factors[s], rw_factors[d], colours[i], colours[j], alphas[k], alphas[l], gs, ref);
            }
        }
}

static void test_channel(void **state)
{
    /* (Cs - Cd) * As >> 7 + Cd */
    assert_int_equal(gs_blend_channel(0x44, 200, 100, 0x40, 0, 1), 150);
    assert_int_equal(gs_blend_channel(0x44, 200, 100, 0x80, 0, 1), 200);
    /* Additive clamps with COLCLAMP, wraps without. */
    assert_int_equal(gs_blend_channel(gs_make_alpha(0, 2, 2, 1, 0x80), 200, 100, 0, 0, 1), 255);
    assert_int_equal(gs_blend_channel(gs_make_alpha(0, 2, 2, 1, 0x80), 200, 100, 0, 0, 0), 300 & 0xff);
    /* Alpha above 0x80 is a factor above 1. */
    assert_int_equal(gs_blend_channel(gs_make_alpha(0, 2, 0, 2, 0), 100, 0, 0xff, 0, 1), 199);
    /* Subtractive: Cd - Cs */
    assert_int_equal(gs_blend_channel(gs_make_alpha(2, 0, 2, 1, 0x80), 50, 100, 0, 0, 1), 50);
    assert_int_equal(gs_blend_channel(gs_make_alpha(2, 0, 2, 1, 0x80), 150, 100, 0, 0, 1), 0);
}

static double cd_for_factor;

static double gl_factor(uint32_t f, double cs, double as, double ad, double k)
{
    switch (f)
    {
        case WINED3D_BLEND_ZERO: return 0.0;
        case WINED3D_BLEND_ONE: return 1.0;
        case WINED3D_BLEND_SRCALPHA: return as;
        case WINED3D_BLEND_INVSRCALPHA: return 1.0 - as;
        case WINED3D_BLEND_DESTALPHA: return ad;
        case WINED3D_BLEND_INVDESTALPHA: return 1.0 - ad;
        case WINED3D_BLEND_BLENDFACTOR: return k;
        case WINED3D_BLEND_INVBLENDFACTOR: return 1.0 - k;
        case WINED3D_BLEND_DESTCOLOR: return cd_for_factor;
        default: fail_msg("unexpected GL factor %u", f); return 0.0;
    }
}

/* GL's blend on unorm targets: source, factors clamped to [0, 1], result
 * clamped. */
static double gl_blend(const struct gs_gl_blend *b, double cs, double cd, double as, double ad)
{
    double k = ((b->blend_factor >> 24) & 0xff) / 255.0, s, d, r;

    if (as > 1.0) as = 1.0;
    if (ad > 1.0) ad = 1.0;
    if (b->route == GS_BLEND_ROUTE_DEST_READ)
    {
        /* The core's shader blend: (A - B) C + D on floats, clamped. */
        unsigned int sb = b->shader_blend;
        double sel[3] = {cs, cd, 0.0}, cc[3] = {as, ad, k};
        assert_true(sb & WINED3D_SHADERBLEND_ENABLE);
        r = (sel[sb & 3] - sel[(sb >> 2) & 3]) * cc[(sb >> 4) & 3] + sel[(sb >> 6) & 3];
        return r < 0.0 ? 0.0 : r > 1.0 ? 1.0 : r;
    }
    switch (b->source)
    {
        case GS_BLEND_SOURCE_SCALED: cs = cs * b->src_scale; break;
        case GS_BLEND_SOURCE_PLUS_ALPHA: cs = cs + cs * as; break;
        case GS_BLEND_SOURCE_ALPHA: cs = as; break;
        case GS_BLEND_SOURCE_FIX: cs = k; break;
        default: break;
    }
    if (cs > 1.0) cs = 1.0;
    cd_for_factor = cd;
    s = cs * gl_factor(b->src, cs, as, ad, k);
    d = cd * gl_factor(b->dst, cs, as, ad, k);
    switch (b->op)
    {
        case WINED3D_BLEND_OP_ADD: r = s + d; break;
        case WINED3D_BLEND_OP_SUBTRACT: r = s - d; break;
        case WINED3D_BLEND_OP_REVSUBTRACT: r = d - s; break;
        default: fail_msg("unexpected op %u", b->op); r = 0; break;
    }
    return r < 0.0 ? 0.0 : r > 1.0 ? 1.0 : r;
}

/* Every A, B, C, D form: its route (GL blend, fragment colour changed
 * first, or the core's shader blend reading the destination) reproduces the
 * GS within 1/255 for alphas up to 0x80 (factors cannot exceed 1); the forms
 * that need the destination are exactly the ones documented. */
static void test_gl_mapping(void **state)
{
    static const unsigned int colours[] = {0, 33, 128, 201, 255};
    static const unsigned int alphas[] = {0, 31, 64, 100, 128};
    unsigned int a, b, c, d, i, j, k, l, unsupported = 0, shader = 0;

    for (a = 0; a < 3; ++a) for (b = 0; b < 3; ++b) for (c = 0; c < 3; ++c) for (d = 0; d < 3; ++d)
    {
        uint64_t reg = gs_make_alpha(a, b, c, d, 0x60);
        struct gs_gl_blend gl;

        gs_blend_to_gl(reg, &gl);
        assert_int_not_equal(gl.route, GS_BLEND_ROUTE_UNSUPPORTED);
        if (gl.route == GS_BLEND_ROUTE_DEST_READ)
        {
            /* Cs(1+C) with C per pixel, Cd(1+C), or Cd/Cs twice. */
            /* Ad above 1 or the destination twice. */
            assert_true(a != b && a == d && a != GS_SEL_ZERO);
            assert_true(c == GS_SEL_AD || b != GS_SEL_ZERO);
            assert_true(!(a == GS_SEL_CS && b == GS_SEL_ZERO && d == GS_SEL_CS && c == GS_SEL_FIX));
            assert_int_equal(gl.shader_blend, WINED3D_SHADERBLEND(a, b, c, d));
            ++unsupported;
        }
        else assert_int_equal(gl.shader_blend, 0);
        if (gl.route == GS_BLEND_ROUTE_SHADER) ++shader;
        for (i = 0; i < 5; ++i) for (j = 0; j < 5; ++j) for (k = 0; k < 5; ++k) for (l = 0; l < 5; ++l)
        {
            unsigned int gs = gs_blend_channel(reg, colours[i], colours[j], alphas[k], alphas[l], 1);
            double r = gl_blend(&gl, colours[i] / 255.0, colours[j] / 255.0, alphas[k] / 128.0, alphas[l] / 128.0);
            if (fabs(r * 255.0 - gs) > 1.0)
                fail_msg("ALPHA %u%u%u%u cs %u cd %u as %u ad %u: GS %u GL %f", a, b, c, d,
                        colours[i], colours[j], alphas[k], alphas[l], gs, r * 255.0);
        }
    }
    /* Cs (1 + Ad), Cd (1 + Ad), (Cs-Cd)C+Cs x3, (Cd-Cs)C+Cd x3; the shader
     * route: Cs (1 + FIX), Cs (1 + As), Cd (1 + As), Cd (1 + FIX). */
    assert_int_equal(unsupported, 1 + 1 + 3 + 3);
    assert_int_equal(shader, 4);
    /* All 20 RenderWare pairs take the plain GL route. */
    for (a = 0; a < 6; ++a)
        for (b = 0; b < 6; ++b)
        {
            int64_t v = gs_rw_blend_table(rw_factors[a], rw_factors[b]);
            struct gs_gl_blend gl;
            if (v < 0) continue;
            gs_blend_to_gl((uint64_t)v, &gl);
            assert_int_equal(gl.route, GS_BLEND_ROUTE_GL);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_table_shape),
        cmocka_unit_test(test_table_against_reference),
        cmocka_unit_test(test_channel),
        cmocka_unit_test(test_gl_mapping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * RenderWare render states -> GS register shadows: every value seed 003
 * read in a level and every refusal.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gs.h"

static struct gs_rw *create_rw(struct gs_device **gs)
{
    struct gs_rw *rw;

    if (gs) assert_int_equal(gs_device_create(gs), 0);
    assert_int_equal(gs_rw_create(GS_RW_VIDEO_MODE_DEFAULT, 24, gs ? *gs : NULL, &rw), 0);
    return rw;
}

static uint64_t shadow(struct gs_rw *rw, enum gs_rw_shadow s)
{
    return gs_rw_get_shadow(rw, s);
}

static void test_initial_values(void **state)
{
    struct gs_device *gs;
    struct gs_rw *rw = create_rw(&gs);

    /* Sky_Start: TEST_1 |= 0x140b: ATE, GEQUAL, AREF 0x40, AFAIL FB_ONLY. */
    assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x140b);
    assert_int_equal(gs_field(0x140b, 0, 1), 1);
    assert_int_equal(gs_field(0x140b, 1, 3), GS_ATST_GEQUAL);
    assert_int_equal(gs_field(0x140b, 4, 8), 0x40);
    assert_int_equal(gs_field(0x140b, 12, 2), GS_AFAIL_FB_ONLY);
    /* ZBUF_1 as the GS dump read it: 0x31000118 (PSMZ24, block 0x118). */
    assert_int_equal(shadow(rw, GS_RW_SHADOW_ZBUF_1), 0x31000118);
    /* FRAME_1: the back buffer at 0x8c, 640 wide, 32-bit. */
    assert_int_equal(shadow(rw, GS_RW_SHADOW_FRAME_1), 0x000a008c);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_ALPHA_1), 0x44);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0);
    /* The GS received them through A+D packets. */
    assert_int_equal(gs_device_get_register(gs, GS_TEST_1), 0x140b);
    assert_int_equal(gs_device_get_register(gs, GS_ZBUF_1), 0x31000118);
    assert_int_equal(gs_device_get_register(gs, GS_FRAME_1), 0x000a008c);
    assert_int_equal(gs_device_get_register(gs, GS_ALPHA_1), 0x44);
    gs_rw_destroy(rw);
    gs_device_destroy(gs);
}

static void test_zbuf16(void **state)
{
    struct gs_rw *rw;

    assert_int_equal(gs_rw_create(GS_RW_VIDEO_MODE_DEFAULT, 16, NULL, &rw), 0);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_ZBUF_1), 0x3a000118);
    gs_rw_destroy(rw);
    assert_int_not_equal(gs_rw_create(GS_RW_VIDEO_MODE_DEFAULT, 32, NULL, &rw), 0);
    assert_int_not_equal(gs_rw_create(GS_RW_VIDEO_MODE_COUNT, 24, NULL, &rw), 0);
}

/* The level's TEST_1 0x5140a: Z test on (ZTE, GEQUAL) and ATE off for a
 * raster without alpha. */
static void test_test1_level_value(void **state)
{
    struct gs_rw *rw = create_rw(NULL);
    struct gs_raster opaque = {64, 64, GS_RW_FORMAT_888, 4096};

    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ZTESTENABLE, 1), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x5140b);
    gs_rw_material_alpha_test(rw, GS_RW_ATE_WORLD, &opaque);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x5140a);
    /* Z test off keeps ZTE with ZTST ALWAYS. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ZTESTENABLE, 0), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x3140a);
    gs_rw_destroy(rw);
}

static void test_zwrite(void **state)
{
    struct gs_rw *rw = create_rw(NULL);
    uintptr_t v;

    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ZWRITEENABLE, 0), 1);
    assert_true(shadow(rw, GS_RW_SHADOW_ZBUF_1) == 0x0000000131000118ull);
    /* The seed's mid-frame shadow 0x00000001_00000118: same ZBP and ZMSK
     * (its PSM bits read 0 there; the GS dump reads 0x31). */
    assert_true((shadow(rw, GS_RW_SHADOW_ZBUF_1) & ~(0x3full << 24)) == 0x0000000100000118ull);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_ZWRITEENABLE, &v), 1);
    assert_int_equal(v, 0);
    /* Z write on with Z test off sets ZTST always. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ZTESTENABLE, 0), 1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ZWRITEENABLE, 1), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_ZBUF_1), 0x31000118);
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 17, 2), GS_ZTST_ALWAYS);
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 16, 1), 1);
    gs_rw_destroy(rw);
}

static void test_fogcol(void **state)
{
    struct gs_device *gs;
    struct gs_rw *rw = create_rw(&gs);
    uintptr_t v;

    /* RWRGBALONG(12, 12, 5, 255) -> FOGCOL 0x00050c0c (red low). */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGCOLOR, 0xff0c0c05), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_FOGCOL), 0x00050c0c);
    assert_int_equal(gs_device_get_register(gs, GS_FOGCOL), 0x00050c0c);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGCOLOR, 0x00112233), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_FOGCOL), 0x00332211);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_FOGCOLOR, &v), 1);
    assert_int_equal(v, 0x00112233);
    /* Fog enable is FGE; only linear fog exists. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGENABLE, 1), 1);
    assert_true(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_FGE);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGTYPE, 1), 1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGTYPE, 2), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGTYPE, 3), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGTYPE, 0), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGENABLE, 0), 1);
    assert_false(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_FGE);
    gs_rw_destroy(rw);
    gs_device_destroy(gs);
}

static void test_address(void **state)
{
    struct gs_rw *rw = create_rw(NULL);
    uintptr_t v;

    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESS, 1), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESSU, 3), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0x1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESSV, 3), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0x5);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_TEXTUREADDRESSV, &v), 1);
    assert_int_equal(v, 3);
    /* Mirror, border and nonsense are refused and change nothing. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESS, 2), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESSU, 2), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESSV, 4), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESS, 0), 0);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0x5);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESS, 1), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0);
    /* The pipelines' material nibbles: 3 = clamp. */
    gs_rw_material_address(rw, 3, 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_CLAMP_1), 0x1);
    gs_rw_destroy(rw);
}

static void test_filter(void **state)
{
    static const unsigned int expect[7][2] =
    {
        {0, 0}, {0, GS_NEAREST}, {1, GS_LINEAR}, {0, GS_NEAREST_MIPMAP_NEAREST},
        {1, GS_LINEAR_MIPMAP_NEAREST}, {0, GS_NEAREST_MIPMAP_LINEAR}, {1, GS_LINEAR_MIPMAP_LINEAR},
    };
    struct gs_rw *rw = create_rw(NULL);
    struct gs_raster tex = {64, 64, GS_RW_FORMAT_8888, 4096};
    unsigned int f;
    uintptr_t v;

    for (f = 1; f <= 6; ++f)
    {
        uint64_t tex1;
        assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREFILTER, f), 1);
        tex1 = shadow(rw, GS_RW_SHADOW_TEX1_1);
        assert_int_equal(gs_field(tex1, 5, 1), expect[f][0]);
        assert_int_equal(gs_field(tex1, 6, 3), expect[f][1]);
        assert_int_equal(gs_rw_render_state_get(rw, GS_RW_TEXTUREFILTER, &v), 1);
        assert_int_equal(v, f);
    }
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREFILTER, 0), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREFILTER, 7), 0);
    /* The level's TEX1_1 0x0000000f_c0000060: linear filtering with the
     * raster's own K/L bits kept as the raster gives them. */
    tex.tex1_lod = 0x0000000fc0000000ull;
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREFILTER, 2), 1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, (uintptr_t)&tex), 1);
    assert_true(shadow(rw, GS_RW_SHADOW_TEX1_1) == 0x0000000fc0000060ull);
    /* The filter changes only MMAG / MMIN. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREFILTER, 1), 1);
    assert_true(shadow(rw, GS_RW_SHADOW_TEX1_1) == 0x0000000fc0000000ull);
    /* Our packer puts K at bits 32-43 as the GS manual does. */
    assert_true(gs_make_tex1(0, 0, 1, 1, 0, 0, -64) == 0x00000fc000000060ull);
    gs_rw_destroy(rw);
}

static void test_blend_states(void **state)
{
    struct gs_rw *rw = create_rw(NULL);
    uintptr_t v;

    assert_int_equal(shadow(rw, GS_RW_SHADOW_ALPHA_1), 0x44);
    /* From SRCALPHA / INVSRCALPHA, ONE as source gives ONE / INVSRCALPHA:
     * not in the table, refused. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SRCBLEND, GS_RW_BLENDONE), 0);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_ALPHA_1), 0x44);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_SRCBLEND, &v), 1);
    assert_int_equal(v, GS_RW_BLENDSRCALPHA);
    /* Destination first: SRCALPHA / ONE, then ONE / ONE with FIX 0x80. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_DESTBLEND, GS_RW_BLENDONE), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_ALPHA_1), 0x48);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SRCBLEND, GS_RW_BLENDONE), 1);
    assert_true(shadow(rw, GS_RW_SHADOW_ALPHA_1) == 0x0000008000000068ull);
    /* The colour factors and unknown values are refused. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SRCBLEND, GS_RW_BLENDSRCCOLOR), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_DESTBLEND, GS_RW_BLENDINVSRCCOLOR), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SRCBLEND, 9), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SRCBLEND, 0), 0);
    assert_true(shadow(rw, GS_RW_SHADOW_ALPHA_1) == 0x0000008000000068ull);
    gs_rw_destroy(rw);
}

static void test_prim_bits(void **state)
{
    struct gs_rw *rw = create_rw(NULL);
    struct gs_raster tex = {64, 64, GS_RW_FORMAT_8888, 4096};
    struct gs_raster opaque = {64, 64, GS_RW_FORMAT_888, 4096};
    uintptr_t v;

    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SHADEMODE, 2), 1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_VERTEXALPHAENABLE, 1), 1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_FOGENABLE, 1), 1);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, (uintptr_t)&tex), 1);
    /* The level's primitive bits: textured, alpha blend, fog, Gouraud. */
    assert_int_equal(shadow(rw, GS_RW_SHADOW_PRIM), 0x10 | 0x40 | 0x20 | 0x08);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_TEXTURERASTER, &v), 1);
    assert_ptr_equal((void *)v, &tex);
    /* ABE: vertex alpha or a raster with alpha. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_VERTEXALPHAENABLE, 0), 1);
    assert_true(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_ABE);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, (uintptr_t)&opaque), 1);
    assert_false(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_ABE);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, 0), 1);
    assert_false(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_TME);
    /* Flat shading clears IIP; others refused. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SHADEMODE, 1), 1);
    assert_false(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_IIP);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SHADEMODE, 0), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_SHADEMODE, 3), 0);
    /* Perspective: on only; it clears FST. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREPERSPECTIVE, 1), 1);
    assert_false(shadow(rw, GS_RW_SHADOW_PRIM) & GS_PRIM_FST);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTUREPERSPECTIVE, 0), 0);
    /* Cull mode is kept for the pipelines. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_CULLMODE, 2), 1);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_CULLMODE, &v), 1);
    assert_int_equal(v, 2);
    gs_rw_destroy(rw);
}

static void test_alpha_test_states(void **state)
{
    static const unsigned int atst[9] = {0, GS_ATST_NEVER, GS_ATST_LESS, GS_ATST_EQUAL, GS_ATST_LEQUAL,
            GS_ATST_GREATER, GS_ATST_NOTEQUAL, GS_ATST_GEQUAL, GS_ATST_ALWAYS};
    struct gs_rw *rw = create_rw(NULL);
    unsigned int f;
    uintptr_t v;

    for (f = 1; f <= 8; ++f)
    {
        assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTION, f), 1);
        assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 1, 3), atst[f]);
        assert_int_equal(gs_rw_render_state_get(rw, GS_RW_ALPHATESTFUNCTION, &v), 1);
        assert_int_equal(v, f);
    }
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTION, 0), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTION, 9), 0);
    /* AREF = reference x 128/255, truncated. */
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTIONREF, 128), 1);
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 4, 8), 0x40);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTIONREF, 255), 1);
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 4, 8), 0x80);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTIONREF, 127), 1);
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 4, 8), 63);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTIONREF, 0), 1);
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 4, 8), 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ALPHATESTFUNCTIONREF, 256), 0);
    assert_int_equal(gs_rw_render_state_get(rw, GS_RW_ALPHATESTFUNCTIONREF, &v), 1);
    assert_int_equal(v, 0);
    /* AFAIL stays FB_ONLY whatever the states do. */
    assert_int_equal(gs_field(shadow(rw, GS_RW_SHADOW_TEST_1), 12, 2), GS_AFAIL_FB_ONLY);
    gs_rw_destroy(rw);
}

static void test_unsupported_states(void **state)
{
    static const unsigned int states[] = {0, 13, 17, 18, 19, 21, 22, 28, 31, 100};
    struct gs_device *gs;
    struct gs_rw *rw = create_rw(&gs);
    uint64_t before[GS_RW_SHADOW_COUNT], packet[4], packet2[4];
    struct gs_stats s1, s2;
    unsigned int i, j;
    uintptr_t v = 12345;

    for (j = 0; j < GS_RW_SHADOW_COUNT; ++j) before[j] = shadow(rw, j);
    gs_rw_last_packet(rw, packet);
    gs_device_get_stats(gs, &s1);
    for (i = 0; i < sizeof(states) / sizeof(states[0]); ++i)
    {
        assert_int_equal(gs_rw_render_state_set(rw, states[i], 1), 0);
        assert_int_equal(gs_rw_render_state_get(rw, states[i], &v), 0);
    }
    for (j = 0; j < GS_RW_SHADOW_COUNT; ++j) assert_true(shadow(rw, j) == before[j]);
    gs_rw_last_packet(rw, packet2);
    assert_memory_equal(packet, packet2, sizeof(packet));
    gs_device_get_stats(gs, &s2);
    assert_int_equal(s1.register_writes, s2.register_writes);
    gs_rw_destroy(rw);
    gs_device_destroy(gs);
}

static void test_packet_form(void **state)
{
    struct gs_rw *rw = create_rw(NULL);
    uint64_t p[4];

    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_ZTESTENABLE, 1), 1);
    gs_rw_last_packet(rw, p);
    /* GIF tag NLOOP 1, EOP, PACKED, NREG 1, REGS A+D; then {value, register}. */
    assert_true(p[0] == ((uint64_t)1 | 1u << 15 | (uint64_t)1 << 60));
    assert_int_equal(p[1], 0xe);
    assert_int_equal(p[2], 0x5140b);
    assert_int_equal(p[3], GS_TEST_1);
    gs_rw_destroy(rw);
}

static void test_ate_rules(void **state)
{
    static const uint32_t formats[] = {GS_RW_FORMAT_1555, GS_RW_FORMAT_565, GS_RW_FORMAT_4444, GS_RW_FORMAT_LUM8,
            GS_RW_FORMAT_8888, GS_RW_FORMAT_888, GS_RW_FORMAT_555, GS_RW_FORMAT_8888 | GS_RW_FORMAT_PAL8,
            GS_RW_FORMAT_888 | GS_RW_FORMAT_PAL4};
    struct gs_rw *rw = create_rw(NULL);
    /* Rasters outlive the cache that links them. */
    struct gs_raster rasters[sizeof(formats) / sizeof(formats[0])];
    unsigned int i;

    memset(rasters, 0, sizeof(rasters));
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
    {
        unsigned int nib = gs_rw_format_nibble(formats[i]);
        int any_but_888 = nib != 6, only_1555_8888 = nib == 1 || nib == 5;
        struct gs_raster *r = &rasters[i];

        r->width = r->height = 16;
        r->format = formats[i];
        r->size_words = 256;

        assert_int_equal(gs_rw_alpha_test_enable(GS_RW_ATE_RENDERSTATE, formats[i]), any_but_888);
        assert_int_equal(gs_rw_alpha_test_enable(GS_RW_ATE_DUALTEX, formats[i]), any_but_888);
        assert_int_equal(gs_rw_alpha_test_enable(GS_RW_ATE_ENVMAP, formats[i]), any_but_888);
        assert_int_equal(gs_rw_alpha_test_enable(GS_RW_ATE_WORLD, formats[i]), only_1555_8888);
        assert_int_equal(gs_rw_alpha_test_enable(GS_RW_ATE_CHARACTER2, formats[i]), only_1555_8888);
        assert_int_equal(gs_rw_alpha_test_enable(GS_RW_ATE_CHARACTER1, formats[i]), 1);

        /* Render state 1 and the uploads change ATE alone. */
        assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, (uintptr_t)r), 1);
        assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x140a | any_but_888);
        gs_rw_material_alpha_test(rw, GS_RW_ATE_WORLD, r);
        assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x140a | only_1555_8888);
        gs_rw_material_alpha_test(rw, GS_RW_ATE_CHARACTER1, r);
        assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x140b);
    }
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, 0), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_TEST_1), 0x140a);
    gs_rw_destroy(rw);
}

static void test_flip(void **state)
{
    struct gs_rw *rw = create_rw(NULL);

    assert_int_equal(gs_rw_display_buffer(rw), 0);
    gs_rw_flip(rw);
    assert_int_equal(gs_rw_display_buffer(rw), 1);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_FRAME_1), 0x000a0000);
    gs_rw_flip(rw);
    assert_int_equal(shadow(rw, GS_RW_SHADOW_FRAME_1), 0x000a008c);
    gs_rw_destroy(rw);
}

/* Issue 23, fault 2: an upload of 32,768 quadwords or more. NLOOP has 15
 * bits, so one IMAGE tag cannot carry it: it goes as several tags, and the
 * whole raster arrives (read back texel by texel) with no GIF error and
 * the frame register untouched. */
static void check_big_upload(unsigned int psm, unsigned int width, unsigned int height, uint32_t format)
{
    unsigned int bits = psm == GS_PSMT4 ? 4 : psm == GS_PSMT8 ? 8 : 32, x, y, tw = 0, th = 0, errors = 0;
    size_t bytes = (size_t)width * height * bits / 8, i;
    struct gs_raster raster;
    struct gs_stats stats;
    struct gs_device *gs;
    struct gs_rw *rw = create_rw(&gs);
    uint64_t frame = gs_device_get_register(gs, GS_FRAME_1);
    uint8_t *pixels = malloc(bytes);

    assert_non_null(pixels);
    for (i = 0; i < bytes; ++i)
        pixels[i] = (uint8_t)(i * 7 + (i >> 9) * 13 + 0xad);
    while ((1u << tw) < width) ++tw;
    while ((1u << th) < height) ++th;
    memset(&raster, 0, sizeof(raster));
    raster.width = width;
    raster.height = height;
    raster.format = format;
    raster.size_words = gs_texcache_round(bytes / 4);
    raster.tex0 = gs_make_tex0(0, width / 64, psm, tw, th, 1, 0, 0, 0, 0, 0, 0);
    raster.pixels = pixels;
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, (uintptr_t)&raster), 1);
    assert_true(raster.resident);

    gs_device_get_stats(gs, &stats);
    assert_int_equal(stats.errors, 0);
    assert_true(gs_device_get_register(gs, GS_FRAME_1) == frame);
    for (y = 0; y < height; ++y)
        for (x = 0; x < width; ++x)
        {
            size_t bit = ((size_t)y * width + x) * bits;
            uint32_t want = bits == 32 ? ((uint32_t *)pixels)[bit / 32]
                    : bits == 8 ? pixels[bit / 8] : (pixels[bit / 8] >> (bit & 4)) & 0xf;

            if (gs_memory_read_pixel(gs, psm, raster.cache_address / GS_BLOCK_WORDS, width / 64, x, y) != want
                    && !errors++)
                print_error("psm %#x: texel %u,%u differs.\n", psm, x, y);
        }
    assert_int_equal(errors, 0);
    assert_int_equal(gs_rw_render_state_set(rw, GS_RW_TEXTURERASTER, 0), 1);
    gs_rw_destroy(rw);
    gs_device_destroy(gs);
    free(pixels);
}

static void test_big_upload(void **state)
{
    check_big_upload(GS_PSMT4, 1024, 1024, GS_RW_FORMAT_888 | GS_RW_FORMAT_PAL4);
    check_big_upload(GS_PSMCT32, 512, 256, GS_RW_FORMAT_8888);
    check_big_upload(GS_PSMT8, 512, 512, GS_RW_FORMAT_888 | GS_RW_FORMAT_PAL8);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_initial_values),
        cmocka_unit_test(test_zbuf16),
        cmocka_unit_test(test_test1_level_value),
        cmocka_unit_test(test_zwrite),
        cmocka_unit_test(test_fogcol),
        cmocka_unit_test(test_address),
        cmocka_unit_test(test_filter),
        cmocka_unit_test(test_blend_states),
        cmocka_unit_test(test_prim_bits),
        cmocka_unit_test(test_alpha_test_states),
        cmocka_unit_test(test_unsupported_states),
        cmocka_unit_test(test_packet_form),
        cmocka_unit_test(test_ate_rules),
        cmocka_unit_test(test_flip),
        cmocka_unit_test(test_big_upload),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

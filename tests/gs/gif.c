/*
 * GIF packets: tags, PACKED / REGLIST / IMAGE, A+D for every register of
 * both contexts, the vertex kick of every primitive type, and malformed
 * input (truncated tags, unknown registers, random packets).
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

struct recorder
{
    struct gs_primitive prims[64];
    unsigned int count, flushes;
};

static void rec_primitive(void *ctx, struct gs_device *gs, const struct gs_primitive *p)
{
    struct recorder *r = ctx;
    if (r->count < 64) r->prims[r->count] = *p;
    r->count++;
}

static void rec_flush(void *ctx, struct gs_device *gs)
{
    ((struct recorder *)ctx)->flushes++;
}

static struct gs_device *create(struct recorder *r)
{
    struct gs_device *gs;
    struct gs_draw_sink sink = {rec_primitive, rec_flush, r};

    memset(r, 0, sizeof(*r));
    assert_int_equal(gs_device_create(&gs), 0);
    gs_device_set_draw_sink(gs, &sink);
    return gs;
}

static void test_packed_triangle(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    uint64_t p[2 * 8];
    unsigned int i;

    /* PRE with PRIM = triangle, Gouraud; NREG 2: RGBAQ, XYZ2; 3 loops. */
    p[0] = gs_make_giftag(3, 1, 1, GS_PRIM_TRIANGLE | GS_PRIM_IIP, GS_GIF_PACKED, 2);
    p[1] = GS_RGBAQ | GS_XYZ2 << 4;
    for (i = 0; i < 3; ++i)
    {
        /* RGBAQ packed: R, G, B, A in 32-bit lanes. */
        p[2 + i * 4] = (uint64_t)(10 + i) | (uint64_t)(20 + i) << 32;
        p[3 + i * 4] = (uint64_t)(30 + i) | (uint64_t)0x80 << 32;
        /* XYZ2 packed: X, Y, Z in 32-bit lanes (Z in the third). */
        p[4 + i * 4] = (uint64_t)(16 * (100 + i)) | (uint64_t)(16 * (200 + i)) << 32;
        p[5 + i * 4] = 0x123456 + i;
    }
    assert_int_equal(gs_device_process(gs, p, 7), 0);
    assert_int_equal(rec.count, 1);
    assert_int_equal(rec.prims[0].type, GS_PRIM_TRIANGLE);
    assert_int_equal(rec.prims[0].attr, GS_PRIM_IIP);
    assert_int_equal(rec.prims[0].vertex_count, 3);
    for (i = 0; i < 3; ++i)
    {
        const struct gs_vertex *v = &rec.prims[0].v[i];
        assert_int_equal(v->x, 16 * (100 + i));
        assert_int_equal(v->y, 16 * (200 + i));
        assert_int_equal(v->z, 0x123456 + i);
        assert_int_equal(v->r, 10 + i);
        assert_int_equal(v->g, 20 + i);
        assert_int_equal(v->b, 30 + i);
        assert_int_equal(v->a, 0x80);
        assert_true(v->q == 1.0f);  /* Q starts at 1.0 per tag */
    }
    assert_int_equal(gs_device_get_register(gs, GS_PRIM), GS_PRIM_TRIANGLE | GS_PRIM_IIP);
    gs_device_destroy(gs);
}

static void test_packed_st_fog_xyzf(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    uint64_t p[2 * 4];
    union { float f; uint32_t u; } s, t, q;

    s.f = 0.25f; t.f = 0.75f; q.f = 2.0f;
    p[0] = gs_make_giftag(1, 1, 1, GS_PRIM_POINT | GS_PRIM_TME | GS_PRIM_FGE, GS_GIF_PACKED, 3);
    p[1] = GS_ST | GS_RGBAQ << 4 | GS_XYZF2 << 8;
    p[2] = s.u | (uint64_t)t.u << 32; p[3] = q.u;
    p[4] = 1 | (uint64_t)2 << 32; p[5] = 3 | (uint64_t)4 << 32;
    /* XYZF2: Z in bits 68-91, F in 100-107. */
    p[6] = 0x10 | (uint64_t)0x20 << 32; p[7] = (uint64_t)0xabcdef << 4 | (uint64_t)0x77 << 36;
    assert_int_equal(gs_device_process(gs, p, 4), 0);
    assert_int_equal(rec.count, 1);
    assert_true(rec.prims[0].v[0].s == 0.25f);
    assert_true(rec.prims[0].v[0].t == 0.75f);
    assert_true(rec.prims[0].v[0].q == 2.0f);
    assert_int_equal(rec.prims[0].v[0].z, 0xabcdef);
    assert_int_equal(rec.prims[0].v[0].fog, 0x77);
    assert_int_equal(rec.prims[0].v[0].a, 4);
    /* ADC (bit 111) makes it XYZF3: no kick. */
    p[7] |= (uint64_t)1 << 47;
    assert_int_equal(gs_device_process(gs, p, 4), 0);
    assert_int_equal(rec.count, 1);
    gs_device_destroy(gs);
}

static unsigned int kick(struct gs_device *gs, struct recorder *rec, unsigned int type, unsigned int n,
        unsigned int reg)
{
    unsigned int i;

    rec->count = 0;
    gs_device_write_register(gs, GS_PRIM, type);
    for (i = 0; i < n; ++i) gs_device_write_register(gs, reg, gs_make_xyz(i * 16, i * 32, i));
    return rec->count;
}

static void test_kick_rules(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);

    assert_int_equal(kick(gs, &rec, GS_PRIM_POINT, 7, GS_XYZ2), 7);
    assert_int_equal(kick(gs, &rec, GS_PRIM_LINE, 7, GS_XYZ2), 3);
    assert_int_equal(kick(gs, &rec, GS_PRIM_LINESTRIP, 7, GS_XYZ2), 6);
    assert_int_equal(kick(gs, &rec, GS_PRIM_TRIANGLE, 7, GS_XYZ2), 2);
    assert_int_equal(kick(gs, &rec, GS_PRIM_TRISTRIP, 7, GS_XYZ2), 5);
    assert_int_equal(kick(gs, &rec, GS_PRIM_TRIFAN, 7, GS_XYZ2), 5);
    assert_int_equal(kick(gs, &rec, GS_PRIM_SPRITE, 7, GS_XYZ2), 3);
    assert_int_equal(kick(gs, &rec, GS_PRIM_INVALID, 7, GS_XYZ2), 0);
    /* XYZ3 / XYZF3 queue without drawing. */
    assert_int_equal(kick(gs, &rec, GS_PRIM_POINT, 5, GS_XYZ3), 0);
    assert_int_equal(kick(gs, &rec, GS_PRIM_TRIANGLE, 6, GS_XYZF3), 0);

    /* Strip order: (0,1,2), (1,2,3); fan keeps vertex 0. */
    kick(gs, &rec, GS_PRIM_TRISTRIP, 4, GS_XYZ2);
    assert_int_equal(rec.prims[1].v[0].z, 1);
    assert_int_equal(rec.prims[1].v[2].z, 3);
    kick(gs, &rec, GS_PRIM_TRIFAN, 5, GS_XYZ2);
    assert_int_equal(rec.prims[2].v[0].z, 0);
    assert_int_equal(rec.prims[2].v[1].z, 3);
    assert_int_equal(rec.prims[2].v[2].z, 4);
    /* A strip started with XYZ3 draws once a kicking vertex completes it. */
    rec.count = 0;
    gs_device_write_register(gs, GS_PRIM, GS_PRIM_TRISTRIP);
    gs_device_write_register(gs, GS_XYZ3, gs_make_xyz(0, 0, 10));
    gs_device_write_register(gs, GS_XYZ3, gs_make_xyz(0, 0, 11));
    gs_device_write_register(gs, GS_XYZ2, gs_make_xyz(0, 0, 12));
    assert_int_equal(rec.count, 1);
    /* Writing PRIM resets the queue. */
    gs_device_write_register(gs, GS_PRIM, GS_PRIM_TRIANGLE);
    gs_device_write_register(gs, GS_XYZ2, 0);
    gs_device_write_register(gs, GS_XYZ2, 0);
    gs_device_write_register(gs, GS_PRIM, GS_PRIM_TRIANGLE);
    gs_device_write_register(gs, GS_XYZ2, 0);
    assert_int_equal(rec.count, 1);
    gs_device_destroy(gs);
}

static void test_prmode(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);

    /* PRMODECONT 0: attributes from PRMODE, type from PRIM. */
    gs_device_write_register(gs, GS_PRMODECONT, 0);
    gs_device_write_register(gs, GS_PRMODE, GS_PRIM_ABE | GS_PRIM_CTXT);
    gs_device_write_register(gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME);
    gs_device_write_register(gs, GS_XYZ2, 0);
    gs_device_write_register(gs, GS_XYZ2, gs_make_xyz(16, 16, 0));
    assert_int_equal(rec.count, 1);
    assert_int_equal(rec.prims[0].type, GS_PRIM_SPRITE);
    assert_int_equal(rec.prims[0].attr, GS_PRIM_ABE | GS_PRIM_CTXT);
    assert_int_equal(rec.prims[0].context, 1);
    gs_device_write_register(gs, GS_PRMODECONT, 1);
    gs_device_write_register(gs, GS_XYZ2, 0);
    gs_device_write_register(gs, GS_XYZ2, 0);
    assert_int_equal(rec.prims[1].attr, GS_PRIM_TME);
    assert_int_equal(rec.prims[1].context, 0);
    gs_device_destroy(gs);
}

/* Every drawing register of both contexts through A+D; flush before each
 * state change, none for vertex data. */
static void test_ad_registers(void **state)
{
    static const unsigned int regs[] =
    {
        GS_TEX0_1, GS_TEX0_2, GS_CLAMP_1, GS_CLAMP_2, GS_TEX1_1, GS_TEX1_2, GS_XYOFFSET_1, GS_XYOFFSET_2,
        GS_PRMODE, GS_TEXCLUT, GS_TEXA, GS_FOGCOL, GS_SCISSOR_1, GS_SCISSOR_2, GS_ALPHA_1, GS_ALPHA_2,
        GS_DTHE, GS_COLCLAMP, GS_TEST_1, GS_TEST_2, GS_PABE, GS_FBA_1, GS_FBA_2, GS_FRAME_1, GS_FRAME_2,
        GS_ZBUF_1, GS_ZBUF_2, GS_BITBLTBUF, GS_TRXPOS, GS_TRXREG, GS_PRMODECONT,
    };
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    unsigned int n = sizeof(regs) / sizeof(regs[0]), i;
    uint64_t *p = calloc((n + 1) * 2, sizeof(uint64_t));

    p[0] = gs_make_giftag(n, 1, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    for (i = 0; i < n; ++i)
    {
        p[2 + i * 2] = 0x0123456789abcdefull ^ ((uint64_t)i << 40) ^ i;
        p[3 + i * 2] = regs[i];
    }
    assert_int_equal(gs_device_process(gs, p, n + 1), 0);
    for (i = 0; i < n; ++i)
        assert_true(gs_device_get_register(gs, regs[i]) == (0x0123456789abcdefull ^ ((uint64_t)i << 40) ^ i));
    assert_int_equal(rec.flushes, n);
    /* The same values again: no flush (nothing changes). */
    rec.flushes = 0;
    assert_int_equal(gs_device_process(gs, p, n + 1), 0);
    assert_int_equal(rec.flushes, 0);
    rec.flushes = 0;
    gs_device_write_register(gs, GS_RGBAQ, 1);
    gs_device_write_register(gs, GS_ST, 1);
    gs_device_write_register(gs, GS_UV, 1);
    gs_device_write_register(gs, GS_FOG, 1);
    assert_int_equal(rec.flushes, 0);
    /* TEX2 writes only PSM and the CLUT fields of TEX0. */
    gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x100, 4, GS_PSMCT32, 6, 6, 1, 0, 0, 0, 0, 0, 0));
    gs_device_write_register(gs, GS_TEX2_1, gs_make_tex0(0x3fff, 63, GS_PSMT8, 15, 15, 0, 3, 0x200, 0, 0, 0, 1));
    assert_true(gs_device_get_register(gs, GS_TEX0_1)
            == gs_make_tex0(0x100, 4, GS_PSMT8, 6, 6, 1, 0, 0x200, 0, 0, 0, 1));
    free(p);
    gs_device_destroy(gs);
}

static void test_reglist(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    uint64_t p[2 * 3];

    gs_device_write_register(gs, GS_PRIM, GS_PRIM_SPRITE);
    /* 3 registers x 1 loop: RGBAQ, XYZ2, XYZ2, padded to 2 quadwords. */
    p[0] = gs_make_giftag(1, 1, 0, 0, GS_GIF_REGLIST, 3);
    p[1] = GS_RGBAQ | GS_XYZ2 << 4 | GS_XYZ2 << 8;
    p[2] = gs_make_rgbaq(1, 2, 3, 4, 1.0f);
    p[3] = gs_make_xyz(0, 0, 5);
    p[4] = gs_make_xyz(32, 32, 6);
    p[5] = 0xdeadbeef; /* padding, ignored */
    assert_int_equal(gs_device_process(gs, p, 3), 0);
    assert_int_equal(rec.count, 1);
    assert_int_equal(rec.prims[0].v[1].z, 6);
    assert_int_equal(rec.prims[0].v[0].r, 1);
    /* Truncated: 3 registers x 2 loops need 3 quadwords. */
    p[0] = gs_make_giftag(2, 1, 0, 0, GS_GIF_REGLIST, 3);
    assert_int_equal(gs_device_process(gs, p, 3), -1);
    gs_device_destroy(gs);
}

static void test_malformed(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    uint64_t p[2 * 4];
    struct gs_stats s;

    /* NLOOP beyond the buffer: refused before any register is written. */
    p[0] = gs_make_giftag(5, 1, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = 0x55; p[3] = GS_FOGCOL;
    p[4] = 0x66; p[5] = GS_TEST_1;
    assert_int_equal(gs_device_process(gs, p, 3), -1);
    assert_int_equal(gs_device_get_register(gs, GS_FOGCOL), 0);
    assert_int_equal(gs_device_get_register(gs, GS_TEST_1), 0);
    /* IMAGE longer than the buffer. */
    p[0] = gs_make_giftag(4, 1, 0, 0, GS_GIF_IMAGE, 0);
    assert_int_equal(gs_device_process(gs, p, 2), -1);
    /* Unknown registers are skipped, the rest applies. */
    p[0] = gs_make_giftag(3, 1, 0, 0, GS_GIF_PACKED, 1);
    p[2] = 0x11; p[3] = 0x7f;
    p[4] = 0x22; p[5] = GS_FOGCOL;
    p[6] = 0x33; p[7] = 0x23;
    assert_int_equal(gs_device_process(gs, p, 4), 0);
    assert_int_equal(gs_device_get_register(gs, GS_FOGCOL), 0x22);
    gs_device_get_stats(gs, &s);
    assert_int_equal(s.errors, 4);
    assert_int_equal(gs_device_write_register(gs, 0x99, 0), -1);
    /* Empty input and a lone tag with NLOOP 0 are fine. */
    assert_int_equal(gs_device_process(gs, p, 0), 0);
    p[0] = gs_make_giftag(0, 1, 0, 0, GS_GIF_PACKED, 1);
    assert_int_equal(gs_device_process(gs, p, 1), 0);
    gs_device_destroy(gs);
}

/* Random packets: never crash (run under ASan in the sanitizer build). */
static void test_fuzz(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    uint64_t buf[2 * 64];
    unsigned int iter, i;
    uint64_t seed = 0x9e3779b97f4a7c15ull;

    for (iter = 0; iter < 20000; ++iter)
    {
        unsigned int n = 1 + (unsigned int)(seed % 64);
        for (i = 0; i < n * 2; ++i)
        {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
            buf[i] = seed;
        }
        /* Bias towards plausible tags: small NLOOP, any FLG. */
        buf[0] = (buf[0] & ~(uint64_t)0x7fff) | (buf[0] & 0x1f);
        if (iter & 1) buf[1] = (buf[1] & 0x0f0f0f0f0f0f0f0full) | 0xe0e0e0e0e0e0e0e0ull;
        /* Keep A+D register numbers in range half of the time. */
        if (iter & 2) for (i = 3; i < n * 2; i += 2) buf[i] &= 0x7f;
        (void)gs_device_process(gs, buf, n);
    }
    gs_device_destroy(gs);
}

/* Random packets that cannot touch the transfer registers, after a
 * transfer into one rectangle was started: whatever IMAGE data they carry
 * lands inside the rectangle and nowhere else. */
static void test_fuzz_transfer_target(void **state)
{
    struct recorder rec;
    struct gs_device *gs = create(&rec);
    const uint32_t *mem = gs_device_memory(gs);
    uint64_t buf[2 * 64];
    unsigned int iter, i, x, y, shift;
    uint64_t seed = 0x123456789abcdefull;
    uint8_t *inside = calloc(GS_MEMORY_WORDS, 1);

    /* PSMCT16 rectangle 40x20 at (8, 4) of a 128-wide buffer at block 0x800. */
    for (y = 4; y < 24; ++y)
        for (x = 8; x < 48; ++x)
            inside[gs_memory_address(GS_PSMCT16, 0x800, 2, x, y, &shift)] = 1;
    for (iter = 0; iter < 5000; ++iter)
    {
        unsigned int n = 1 + (unsigned int)(seed % 64);
        if (iter % 50 == 0)
        {
            gs_device_write_register(gs, GS_BITBLTBUF, gs_make_bitbltbuf(0, 0, 0, 0x800, 2, GS_PSMCT16));
            gs_device_write_register(gs, GS_TRXPOS, gs_make_trxpos(0, 0, 8, 4, 0));
            gs_device_write_register(gs, GS_TRXREG, gs_make_trxreg(40, 20));
            gs_device_write_register(gs, GS_TRXDIR, 0);
        }
        for (i = 0; i < n * 2; ++i)
        {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
            buf[i] = seed | 1;  /* never zero, so a write shows */
        }
        buf[0] = (buf[0] & ~(uint64_t)0x7fff) | (buf[0] & 0x1f);
        /* A+D and REGLIST register numbers away from 0x50-0x53. */
        buf[1] &= 0x0f0f0f0f0f0f0f0full;
        for (i = 3; i < n * 2; i += 2) buf[i] &= 0x3f;
        (void)gs_device_process(gs, buf, n);
    }
    for (i = 0, x = 0; i < GS_MEMORY_WORDS; ++i)
    {
        if (mem[i] && !inside[i]) fail_msg("word %#x outside the transfer's target was written", i);
        if (mem[i]) ++x;
    }
    /* The IMAGE data did arrive. */
    assert_true(x > 100);
    free(inside);
    gs_device_destroy(gs);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_packed_triangle),
        cmocka_unit_test(test_packed_st_fog_xyzf),
        cmocka_unit_test(test_kick_rules),
        cmocka_unit_test(test_prmode),
        cmocka_unit_test(test_ad_registers),
        cmocka_unit_test(test_reglist),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_fuzz),
        cmocka_unit_test(test_fuzz_transfer_target),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

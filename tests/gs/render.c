/*
 * GS drawing through wined3d-lite on real Mesa (EGL surfaceless): colours
 * on the GS scale, blending, the alpha test with AFAIL = FB_ONLY against a
 * plain discard on cut-out geometry drawn in both orders, exact integer Z,
 * fog, textures from GS memory through the CLUT, and the anti-flicker
 * output.
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
#include "wined3d-lite/wined3d.h"

#define W 64
#define H 32

struct scene
{
    struct wined3d_device *device;
    struct gs_device *gs;
    struct gs_renderer *renderer;
    uint32_t pixels[W * H];
};

static int setup(void **state)
{
    struct wined3d_swapchain_desc desc;
    struct scene *s = calloc(1, sizeof(*s));

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = W;
    desc.backbuffer_height = H;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    if (WINED3D_FAILED(wined3d_device_create(&desc, 0, &s->device)))
    {
        free(s);
        *state = NULL;
        return 0;
    }
    *state = s;
    return 0;
}

static int teardown(void **state)
{
    struct scene *s = *state;
    if (s)
    {
        wined3d_device_destroy(s->device);
        free(s);
    }
    return 0;
}

#define NEED_GL(s) do { if (!(s)) { skip(); } } while (0)

static void begin(struct scene *s)
{
    assert_int_equal(gs_device_create(&s->gs), 0);
    assert_int_equal(gs_renderer_create(s->gs, s->device, W, H, &s->renderer), 0);
    gs_device_write_register(s->gs, GS_FRAME_1, gs_make_frame(0, 1, GS_PSMCT32, 0));
    gs_device_write_register(s->gs, GS_ZBUF_1, gs_make_zbuf(0x20, GS_PSMZ24, 0));
    gs_device_write_register(s->gs, GS_SCISSOR_1, gs_make_scissor(0, W - 1, 0, H - 1));
    gs_device_write_register(s->gs, GS_XYOFFSET_1, gs_make_xyoffset(0, 0));
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(0, 1, 0, 0, 0, 0, 1, GS_ZTST_ALWAYS));
    gs_device_write_register(s->gs, GS_ALPHA_1, 0x44);
}

static void end(struct scene *s)
{
    gs_renderer_destroy(s->renderer);
    gs_device_destroy(s->gs);
}

static void read_frame(struct scene *s, int anti_flicker)
{
    assert_int_equal(gs_renderer_read_frame(s->renderer, s->pixels, anti_flicker), 0);
}

/* 0xAABBGGRR */
static void check_pixel(struct scene *s, unsigned int x, unsigned int y, unsigned int r, unsigned int g,
        unsigned int b, unsigned int tol)
{
    uint32_t p = s->pixels[y * W + x];
    int dr = (int)(p & 0xff) - (int)r, dg = (int)((p >> 8) & 0xff) - (int)g, db = (int)((p >> 16) & 0xff) - (int)b;

    if (abs(dr) > (int)tol || abs(dg) > (int)tol || abs(db) > (int)tol)
        fail_msg("pixel (%u,%u) = %08x, expected r %u g %u b %u (+-%u)", x, y, p, r, g, b, tol);
}

static void sprite(struct scene *s, unsigned int prim_attr, unsigned int x0, unsigned int y0, unsigned int x1,
        unsigned int y1, uint32_t z, unsigned int r, unsigned int g, unsigned int b, unsigned int a, unsigned int fog)
{
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | prim_attr);
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(r, g, b, a, 1.0f));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
    gs_device_write_register(s->gs, GS_XYZF2, gs_make_xyzf(x0 * 16, y0 * 16, z, fog));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(2 * 16, 1 * 16));
    gs_device_write_register(s->gs, GS_XYZF2, gs_make_xyzf(x1 * 16, y1 * 16, z, fog));
}

static void test_colour(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 0, W, H, 0, 200, 100, 50, 0x80, 0);
    sprite(s, 0, 8, 8, 16, 16, 0, 10, 20, 30, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 0, 0, 200, 100, 50, 0);
    check_pixel(s, W - 1, H - 1, 200, 100, 50, 0);
    /* The sprite covers [8, 16) on both axes. */
    check_pixel(s, 8, 8, 10, 20, 30, 0);
    check_pixel(s, 15, 15, 10, 20, 30, 0);
    check_pixel(s, 16, 15, 200, 100, 50, 0);
    check_pixel(s, 7, 8, 200, 100, 50, 0);
    end(s);
}

static void test_blending(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 0, W, H, 0, 0, 0, 200, 0x80, 0);
    /* 0x44: (Cs - Cd) * As + Cd with As 0x40 = 0.5. */
    gs_device_write_register(s->gs, GS_ALPHA_1, 0x44);
    sprite(s, GS_PRIM_ABE, 0, 0, 16, 16, 0, 200, 0, 0, 0x40, 0);
    /* ONE / ONE: Cs + Cd (FIX 0x80), clamped. */
    gs_device_write_register(s->gs, GS_ALPHA_1, gs_make_alpha(0, 2, 2, 1, 0x80));
    sprite(s, GS_PRIM_ABE, 16, 0, 32, 16, 0, 100, 50, 100, 0x80, 0);
    /* Subtractive: Cd - Cs. */
    gs_device_write_register(s->gs, GS_ALPHA_1, gs_make_alpha(2, 0, 2, 1, 0x80));
    sprite(s, GS_PRIM_ABE, 32, 0, 48, 16, 0, 0, 0, 50, 0x80, 0);
    /* FIX 0x40 as C: (Cs - Cd) * 0.5 + Cd. */
    gs_device_write_register(s->gs, GS_ALPHA_1, gs_make_alpha(0, 1, 2, 1, 0x40));
    sprite(s, GS_PRIM_ABE, 48, 0, 64, 16, 0, 100, 100, 0, 0x80, 0);
    /* ABE off: the ALPHA register does not apply. */
    gs_device_write_register(s->gs, GS_ALPHA_1, 0x44);
    sprite(s, 0, 0, 16, 16, 32, 0, 10, 10, 10, 0x00, 0);
    read_frame(s, 0);
    check_pixel(s, 4, 4, 100, 0, 100, 2);
    check_pixel(s, 20, 4, 100, 50, 255, 1);
    check_pixel(s, 36, 4, 0, 0, 150, 1);
    check_pixel(s, 52, 4, 50, 50, 100, 2);
    check_pixel(s, 4, 20, 10, 10, 10, 0);
    /* Against the CPU reference of the GS equation. */
    assert_int_equal(gs_blend_channel(0x44, 200, 0, 0x40, 0, 1), 100);
    end(s);
}

/* A 2x1 PSMCT32 texture: texel 0 opaque (alpha 0x80), texel 1 with alpha
 * 0x20, below AREF 0x40: a cut-out's edge. */
static void upload_cutout(struct scene *s, unsigned int tbp)
{
    uint64_t p[2 * 7];
    uint32_t texels[4] = {0x800000ffu, 0x200000ffu, 0, 0};

    memset(p, 0, sizeof(p));
    p[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = gs_make_bitbltbuf(0, 0, 0, tbp, 1, GS_PSMCT32); p[3] = GS_BITBLTBUF;
    p[4] = 0; p[5] = GS_TRXPOS;
    p[6] = gs_make_trxreg(2, 1); p[7] = GS_TRXREG;
    p[8] = 0; p[9] = GS_TRXDIR;
    p[10] = gs_make_giftag(1, 1, 0, 0, GS_GIF_IMAGE, 0);
    memcpy(&p[12], texels, 16);
    assert_int_equal(gs_device_process(s->gs, p, 7), 0);
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(tbp, 1, GS_PSMCT32, 1, 0, 1, 0, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_TEX1_1, gs_make_tex1(0, 0, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_CLAMP_1, gs_make_clamp(GS_WRAP_CLAMP, GS_WRAP_CLAMP, 0, 0, 0, 0));
}

/* Cut-out A (red, near, Z 1000) over background B (green, far, Z 500),
 * in both orders, with the game's alpha test (GEQUAL 0x40) and AFAIL
 * FB_ONLY or KEEP (a plain discard). */
static void draw_cutout_scene(struct scene *s, unsigned int afail, int a_first, int alpha_test)
{
    begin(s);
    upload_cutout(s, 0x2000);
    gs_device_write_register(s->gs, GS_TEST_1,
            gs_make_test(alpha_test, GS_ATST_GEQUAL, 0x40, afail, 0, 0, 1, GS_ZTST_GEQUAL));
    gs_device_write_register(s->gs, GS_ALPHA_1, 0x44);
    if (!a_first) sprite(s, 0, 0, 0, W, H, 500, 0, 255, 0, 0x80, 0);
    sprite(s, GS_PRIM_TME | GS_PRIM_FST | GS_PRIM_ABE, 0, 0, W, H, 1000, 0x80, 0x80, 0x80, 0x80, 0);
    if (a_first) sprite(s, 0, 0, 0, W, H, 500, 0, 255, 0, 0x80, 0);
    read_frame(s, 0);
}

static void test_alpha_test_afail(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);

    /* B drawn first, A over it: the failing edge is still blended (25 %
     * red over green) with FB_ONLY; a discard leaves the green. */
    draw_cutout_scene(s, GS_AFAIL_FB_ONLY, 0, 1);
    check_pixel(s, 8, 8, 255, 0, 0, 1);
    check_pixel(s, 56, 8, 64, 191, 0, 3);
    end(s);
    draw_cutout_scene(s, GS_AFAIL_KEEP, 0, 1);
    check_pixel(s, 8, 8, 255, 0, 0, 1);
    check_pixel(s, 56, 8, 0, 255, 0, 1);
    end(s);

    /* A first, then B behind it: the opaque half wrote Z and hides B; the
     * failing half wrote no Z (FB_ONLY) so B covers it. */
    draw_cutout_scene(s, GS_AFAIL_FB_ONLY, 1, 1);
    check_pixel(s, 8, 8, 255, 0, 0, 1);
    check_pixel(s, 56, 8, 0, 255, 0, 1);
    end(s);
    draw_cutout_scene(s, GS_AFAIL_KEEP, 1, 1);
    check_pixel(s, 8, 8, 255, 0, 0, 1);
    check_pixel(s, 56, 8, 0, 255, 0, 1);
    end(s);

    /* Without the alpha test the edge writes Z and B does not cover it:
     * what a renderer that writes Z for every drawn pixel shows. */
    draw_cutout_scene(s, GS_AFAIL_FB_ONLY, 1, 0);
    check_pixel(s, 56, 8, 64, 0, 0, 3);
    end(s);
}

static void upload_rect(struct scene *s, unsigned int bp, unsigned int bw, unsigned int psm, unsigned int w,
        unsigned int h, const void *data, size_t bytes);

/* AREF 0x40: a texel with alpha 0x40 passes, 0x3f fails (discarded with
 * AFAIL KEEP); also through a vertex alpha. */
static void test_alpha_ref_boundary(void **state)
{
    struct scene *s = *state;
    uint32_t texels[2] = {0x400000ffu, 0x3f0000ffu};

    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 0, W, H, 0, 0, 255, 0, 0x80, 0);
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 2, 1, texels, sizeof(texels));
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 1, 0, 1, 0, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_CLAMP_1, gs_make_clamp(GS_WRAP_CLAMP, GS_WRAP_CLAMP, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(1, GS_ATST_GEQUAL, 0x40, GS_AFAIL_KEEP, 0, 0, 1,
            GS_ZTST_ALWAYS));
    sprite(s, GS_PRIM_TME | GS_PRIM_FST, 0, 0, W, 16, 0, 0x80, 0x80, 0x80, 0x80, 0);
    /* Untextured: vertex alpha 0x40 passes, 0x3f fails. */
    sprite(s, 0, 0, 16, 32, 32, 0, 0, 0, 255, 0x40, 0);
    sprite(s, 0, 32, 16, 64, 32, 0, 0, 0, 255, 0x3f, 0);
    read_frame(s, 0);
    check_pixel(s, 8, 8, 255, 0, 0, 0);
    check_pixel(s, 56, 8, 0, 255, 0, 0);
    check_pixel(s, 8, 24, 0, 0, 255, 0);
    check_pixel(s, 56, 24, 0, 255, 0, 0);
    end(s);
}

/* Two overlapping cut-outs in one run of primitives with the same state:
 * the GS draws each one whole (passing and failing pixels) before the
 * next, so B's opaque half covers A's fringe even though A is nearer
 * (A's fringe wrote no Z).  A batch drawn as "all passing, then all
 * failing" would put A's fringe over B. */
static void test_afail_order_in_batch(void **state)
{
    struct scene *s = *state;
    uint32_t texels[2] = {0x80ffffffu, 0x20ffffffu};

    NEED_GL(s);
    begin(s);
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 2, 1, texels, sizeof(texels));
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 1, 0, 1, 0, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_CLAMP_1, gs_make_clamp(GS_WRAP_CLAMP, GS_WRAP_CLAMP, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(1, GS_ATST_GEQUAL, 0x40, GS_AFAIL_FB_ONLY, 0, 0, 1,
            GS_ZTST_GEQUAL));
    /* A: red, Z 1000, x 0..32 (opaque 0..16, fringe 16..32); B: green,
     * Z 500, x 16..48 (opaque 16..32, fringe 32..48). */
    sprite(s, GS_PRIM_TME | GS_PRIM_FST | GS_PRIM_ABE, 0, 0, 32, 16, 1000, 0x80, 0, 0, 0x80, 0);
    sprite(s, GS_PRIM_TME | GS_PRIM_FST | GS_PRIM_ABE, 16, 0, 48, 16, 500, 0, 0x80, 0, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 8, 8, 255, 0, 0, 0);
    check_pixel(s, 24, 8, 0, 255, 0, 1);
    end(s);
}

static void test_z_exact(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);

    begin(s);
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(0, 1, 0, 0, 0, 0, 1, GS_ZTST_ALWAYS));
    sprite(s, 0, 0, 0, W, H, 0x123456, 10, 10, 10, 0x80, 0);
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(0, 1, 0, 0, 0, 0, 1, GS_ZTST_GEQUAL));
    /* One below: fails; equal: passes (GEQUAL); GREATER with equal: fails. */
    sprite(s, 0, 0, 0, 16, 16, 0x123455, 200, 0, 0, 0x80, 0);
    sprite(s, 0, 16, 0, 32, 16, 0x123456, 0, 200, 0, 0x80, 0);
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(0, 1, 0, 0, 0, 0, 1, GS_ZTST_GREATER));
    sprite(s, 0, 32, 0, 48, 16, 0x123456, 0, 0, 200, 0x80, 0);
    sprite(s, 0, 48, 0, 64, 16, 0x123457, 200, 200, 0, 0x80, 0);
    /* ZMSK: drawn but Z kept. */
    gs_device_write_register(s->gs, GS_ZBUF_1, gs_make_zbuf(0x20, GS_PSMZ24, 1));
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(0, 1, 0, 0, 0, 0, 1, GS_ZTST_GEQUAL));
    sprite(s, 0, 0, 16, 16, 32, 0xffffff, 50, 50, 50, 0x80, 0);
    gs_device_write_register(s->gs, GS_ZBUF_1, gs_make_zbuf(0x20, GS_PSMZ24, 0));
    sprite(s, 0, 0, 16, 16, 32, 0x123456, 90, 90, 90, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 4, 4, 10, 10, 10, 0);
    check_pixel(s, 20, 4, 0, 200, 0, 0);
    check_pixel(s, 36, 4, 10, 10, 10, 0);
    check_pixel(s, 52, 4, 200, 200, 0, 0);
    check_pixel(s, 4, 20, 90, 90, 90, 0);
    end(s);

    /* 16-bit Z. */
    begin(s);
    gs_device_write_register(s->gs, GS_ZBUF_1, gs_make_zbuf(0x20, GS_PSMZ16S, 0));
    sprite(s, 0, 0, 0, W, H, 0x1234, 10, 10, 10, 0x80, 0);
    gs_device_write_register(s->gs, GS_TEST_1, gs_make_test(0, 1, 0, 0, 0, 0, 1, GS_ZTST_GEQUAL));
    sprite(s, 0, 0, 0, 16, 16, 0x1233, 200, 0, 0, 0x80, 0);
    sprite(s, 0, 16, 0, 32, 16, 0x1234, 0, 200, 0, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 4, 4, 10, 10, 10, 0);
    check_pixel(s, 20, 4, 0, 200, 0, 0);
    end(s);
}

static void test_fog(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);

    begin(s);
    gs_device_write_register(s->gs, GS_FOGCOL, gs_make_fogcol(0, 0, 255));
    sprite(s, GS_PRIM_FGE, 0, 0, 16, 16, 0, 255, 255, 255, 0x80, 255);
    sprite(s, GS_PRIM_FGE, 16, 0, 32, 16, 0, 255, 255, 255, 0x80, 0);
    sprite(s, GS_PRIM_FGE, 32, 0, 48, 16, 0, 255, 255, 255, 0x80, 128);
    sprite(s, 0, 48, 0, 64, 16, 0, 255, 255, 255, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 4, 4, 255, 255, 255, 1);
    check_pixel(s, 20, 4, 0, 0, 255, 1);
    /* (F * C + (255 - F) * FOGCOL) >> 8 with F 128. */
    check_pixel(s, 36, 4, 128, 128, 255, 2);
    check_pixel(s, 52, 4, 255, 255, 255, 0);
    end(s);
}

static void test_texture_clut(void **state)
{
    struct scene *s = *state;
    uint64_t p[2 * 8];
    uint8_t idx[16] = {0};
    uint32_t clut[16];
    unsigned int i;

    NEED_GL(s);
    begin(s);
    /* PSMT4 4x1 indices 1, 2, 3, 4 (a 16x1 upload), CLUT 8x2 PSMCT32. */
    idx[0] = 1 | 2 << 4;
    idx[1] = 3 | 4 << 4;
    for (i = 0; i < 16; ++i) clut[i] = 0x80000000u | (i * 40) | (255 - i * 40) << 8;
    memset(p, 0, sizeof(p));
    p[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = gs_make_bitbltbuf(0, 0, 0, 0x2000, 2, GS_PSMT4); p[3] = GS_BITBLTBUF;
    p[4] = 0; p[5] = GS_TRXPOS;
    p[6] = gs_make_trxreg(32, 1); p[7] = GS_TRXREG;
    p[8] = 0; p[9] = GS_TRXDIR;
    p[10] = gs_make_giftag(1, 1, 0, 0, GS_GIF_IMAGE, 0);
    memcpy(&p[12], idx, 16);
    assert_int_equal(gs_device_process(s->gs, p, 7), 0);
    {
        uint64_t q[2 * 10];
        memset(q, 0, sizeof(q));
        memcpy(q, p, 12 * sizeof(uint64_t));
        q[2] = gs_make_bitbltbuf(0, 0, 0, 0x2100, 1, GS_PSMCT32);
        q[6] = gs_make_trxreg(8, 2);
        q[10] = gs_make_giftag(4, 1, 0, 0, GS_GIF_IMAGE, 0);
        memcpy(&q[12], clut, sizeof(clut));
        assert_int_equal(gs_device_process(s->gs, q, 10), 0);
    }
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 2, GS_PSMT4, 2, 0, 1, 1, 0x2100, 0, 0, 0, 1));
    gs_device_write_register(s->gs, GS_TEX1_1, 0);
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME | GS_PRIM_FST);
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(0, 0, 0));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(4 * 16, 16));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(W * 16, H * 16, 0));
    read_frame(s, 0);
    /* DECAL: texel colours as they are, 16 pixels per texel. */
    for (i = 0; i < 4; ++i)
        check_pixel(s, i * 16 + 8, 8, (i + 1) * 40, 255 - (i + 1) * 40, 0, 0);
    end(s);
}

static void test_anti_flicker_output(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);

    begin(s);
    sprite(s, 0, 0, 10, W, 11, 0, 255, 255, 255, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 5, 9, 0, 0, 0, 0);
    check_pixel(s, 5, 10, 255, 255, 255, 0);
    check_pixel(s, 5, 11, 0, 0, 0, 0);
    read_frame(s, 1);
    /* Line 9 averages lines 9 and 10, line 10 lines 10 and 11. */
    check_pixel(s, 5, 8, 0, 0, 0, 0);
    check_pixel(s, 5, 9, 128, 128, 128, 1);
    check_pixel(s, 5, 10, 128, 128, 128, 1);
    check_pixel(s, 5, 11, 0, 0, 0, 0);
    end(s);
}

/* The driver's 20 pairs drawn through GL against the GS equation: Cd and
 * Ad from a background written without blending (the GS writes As). */
static void test_blend_pairs(void **state)
{
    static const unsigned int f[6] = {GS_RW_BLENDZERO, GS_RW_BLENDONE, GS_RW_BLENDSRCALPHA,
            GS_RW_BLENDINVSRCALPHA, GS_RW_BLENDDESTALPHA, GS_RW_BLENDINVDESTALPHA};
    static const unsigned int cs[3] = {60, 180, 120}, cd[3] = {200, 100, 50};
    struct scene *s = *state;
    unsigned int i, j, n = 0, c;

    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 0, W, H, 0, cd[0], cd[1], cd[2], 0x60, 0);
    for (i = 0; i < 6; ++i)
        for (j = 0; j < 6; ++j)
        {
            int64_t alpha = gs_rw_blend_table(f[i], f[j]);
            unsigned int x = (n % 8) * 8, y = (n / 8) * 8;
            if (alpha < 0) continue;
            gs_device_write_register(s->gs, GS_ALPHA_1, (uint64_t)alpha);
            sprite(s, GS_PRIM_ABE, x, y, x + 8, y + 8, 0, cs[0], cs[1], cs[2], 0x30, 0);
            ++n;
        }
    assert_int_equal(n, 20);
    read_frame(s, 0);
    for (n = 0, i = 0; i < 6; ++i)
        for (j = 0; j < 6; ++j)
        {
            int64_t alpha = gs_rw_blend_table(f[i], f[j]);
            unsigned int x = (n % 8) * 8 + 4, y = (n / 8) * 8 + 4, e[3];
            if (alpha < 0) continue;
            for (c = 0; c < 3; ++c) e[c] = gs_blend_channel((uint64_t)alpha, cs[c], cd[c], 0x30, 0x60, 1);
            check_pixel(s, x, y, e[0], e[1], e[2], 2);
            ++n;
        }
    end(s);
}

/* TFX: MODULATE Ct*Cf>>7, DECAL Ct, HIGHLIGHT Ct*Cf>>7 + Af (alpha At +
 * Af), HIGHLIGHT2 the same colour with alpha At.  The frame's alpha is
 * As x 255/128. */
static void test_texture_functions(void **state)
{
    static const unsigned int expect[4][4] =
    {
        {50, 25, 10, (0x40 * 0x40 >> 7) * 255 / 128},
        {100, 50, 20, 0x40 * 255 / 128},
        {100 / 2 + 0x40, 50 / 2 + 0x40, 10 + 0x40, 0x80 * 255 / 128 > 255 ? 255 : 0x80 * 255 / 128},
        {100 / 2 + 0x40, 50 / 2 + 0x40, 10 + 0x40, 0x40 * 255 / 128},
    };
    struct scene *s = *state;
    uint64_t p[2 * 7];
    uint32_t texel[4] = {0x40143264u, 0, 0, 0};
    unsigned int tfx;

    NEED_GL(s);
    begin(s);
    memset(p, 0, sizeof(p));
    p[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = gs_make_bitbltbuf(0, 0, 0, 0x2000, 1, GS_PSMCT32); p[3] = GS_BITBLTBUF;
    p[4] = 0; p[5] = GS_TRXPOS;
    p[6] = gs_make_trxreg(1, 1); p[7] = GS_TRXREG;
    p[8] = 0; p[9] = GS_TRXDIR;
    p[10] = gs_make_giftag(1, 1, 0, 0, GS_GIF_IMAGE, 0);
    memcpy(&p[12], texel, 16);
    assert_int_equal(gs_device_process(s->gs, p, 7), 0);
    for (tfx = 0; tfx < 4; ++tfx)
    {
        gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 0, 0, 1, tfx, 0, 0, 0, 0, 0));
        gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME | GS_PRIM_FST);
        /* Vertex colour 0x40 = 0.5, alpha 0x40. */
        gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0x40, 0x40, 0x40, 0x40, 1.0f));
        gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
        gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(tfx * 16 * 16, 0, 0));
        gs_device_write_register(s->gs, GS_UV, gs_make_uv(16, 16));
        gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz((tfx + 1) * 16 * 16, 16 * 16, 0));
    }
    read_frame(s, 0);
    for (tfx = 0; tfx < 4; ++tfx)
    {
        uint32_t px = s->pixels[8 * W + tfx * 16 + 8];
        check_pixel(s, tfx * 16 + 8, 8, expect[tfx][0], expect[tfx][1], expect[tfx][2], 2);
        if (abs((int)(px >> 24) - (int)expect[tfx][3]) > 2)
            fail_msg("TFX %u alpha %u, expected %u", tfx, px >> 24, expect[tfx][3]);
    }
    end(s);
}

static void upload_rect(struct scene *s, unsigned int bp, unsigned int bw, unsigned int psm, unsigned int w,
        unsigned int h, const void *data, size_t bytes)
{
    size_t qwords = (bytes + 15) / 16;
    uint64_t *p = calloc((6 + qwords) * 2, sizeof(uint64_t));

    p[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = gs_make_bitbltbuf(0, 0, 0, bp, bw, psm); p[3] = GS_BITBLTBUF;
    p[4] = 0; p[5] = GS_TRXPOS;
    p[6] = gs_make_trxreg(w, h); p[7] = GS_TRXREG;
    p[8] = 0; p[9] = GS_TRXDIR;
    p[10] = gs_make_giftag(qwords, 1, 0, 0, GS_GIF_IMAGE, 0);
    memcpy(&p[12], data, bytes);
    assert_int_equal(gs_device_process(s->gs, p, 6 + qwords), 0);
    free(p);
}

static void upload_rect(struct scene *s, unsigned int bp, unsigned int bw, unsigned int psm, unsigned int w,
        unsigned int h, const void *data, size_t bytes);

static void draw_textured(struct scene *s, unsigned int x0)
{
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 2, 2, 1, 1, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_TEX1_1, 0);
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME | GS_PRIM_FST);
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(x0 * 16, 0, 0));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(4 * 16, 4 * 16));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz((x0 + 8) * 16, 8 * 16, 0));
    gs_renderer_flush(s->renderer);
}

/* A texture is read again from GS memory only when a transfer wrote its
 * blocks; re-uploaded data shows. */
static void test_texture_invalidation(void **state)
{
    struct scene *s = *state;
    struct wined3d_counters c0, c1, c2;
    uint32_t red[16], blue[16];
    unsigned int i;

    NEED_GL(s);
    begin(s);
    for (i = 0; i < 16; ++i) { red[i] = 0x800000ffu; blue[i] = 0x80ff0000u; }
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 4, 4, red, sizeof(red));
    draw_textured(s, 0);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &c0);
    /* Elsewhere in memory: the texture is not re-read. */
    upload_rect(s, 0x3000, 1, GS_PSMCT32, 4, 4, blue, sizeof(blue));
    draw_textured(s, 8);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &c1);
    assert_int_equal(c1.texture_uploads, c0.texture_uploads);
    /* Into the texture's blocks: re-read, the new colour shows. */
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 4, 4, blue, sizeof(blue));
    draw_textured(s, 16);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &c2);
    assert_true(c2.texture_uploads > c1.texture_uploads);
    read_frame(s, 0);
    check_pixel(s, 4, 4, 255, 0, 0, 0);
    check_pixel(s, 12, 4, 255, 0, 0, 0);
    check_pixel(s, 20, 4, 0, 0, 255, 0);
    end(s);
}

/* The back buffer's pixel (A8R8G8B8) as 0xAABBGGRR. */
static uint32_t back_pixel(struct scene *s, unsigned int x, unsigned int y)
{
    struct wined3d_texture *back = wined3d_swapchain_get_back_buffer(wined3d_device_get_swapchain(s->device, 0));
    struct wined3d_map_desc map;
    uint32_t v;

    assert_int_equal(wined3d_texture_map(back, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    v = *(uint32_t *)((uint8_t *)map.data + y * map.row_pitch + x * 4);
    wined3d_texture_unmap(back, 0);
    return (v & 0xff00ff00u) | (v >> 16 & 0xff) | (v & 0xff) << 16;
}

/* Presentation on the GPU: the second circuit one line down at ALP 0x80. */
static void test_compose_anti_flicker(void **state)
{
    struct scene *s = *state;
    uint32_t p;

    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 10, W, 11, 0, 255, 255, 255, 0x80, 0);
    sprite(s, 0, 0, H - 1, W, H, 0, 0, 0, 200, 0x80, 0);
    assert_int_equal(gs_renderer_compose(s->renderer, 0), 0);
    assert_int_equal(back_pixel(s, 5, 9) & 0xffffff, 0);
    assert_int_equal(back_pixel(s, 5, 10) & 0xffffff, 0xffffff);
    assert_int_equal(gs_renderer_compose(s->renderer, 1), 0);
    assert_int_equal(back_pixel(s, 5, 8) & 0xffffff, 0);
    p = back_pixel(s, 5, 9);
    assert_true(abs((int)(p & 0xff) - 128) <= 1);
    p = back_pixel(s, 5, 10);
    assert_true(abs((int)(p & 0xff) - 128) <= 1);
    assert_int_equal(back_pixel(s, 5, 11) & 0xffffff, 0);
    /* The last line has no line below: kept. */
    assert_int_equal(back_pixel(s, 5, H - 1) & 0xffffff, 0xc80000);
    /* The CPU read of the frame agrees. */
    read_frame(s, 1);
    check_pixel(s, 5, 9, 128, 128, 128, 1);
    /* Drawing goes on into the frame after a compose. */
    sprite(s, 0, 0, 0, 4, 4, 0, 1, 2, 3, 0x80, 0);
    read_frame(s, 0);
    check_pixel(s, 1, 1, 1, 2, 3, 0);
    assert_int_equal(gs_renderer_present(s->renderer, 1), 0);
    end(s);
}

/* Mip level 1 from MIPTBP1 when the texture is minified by 2. */
static void test_mipmaps(void **state)
{
    struct scene *s = *state;
    uint32_t l0[16], l1[4];
    unsigned int i;

    NEED_GL(s);
    begin(s);
    for (i = 0; i < 16; ++i) l0[i] = 0x800000ffu;
    for (i = 0; i < 4; ++i) l1[i] = 0x8000ff00u;
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 4, 4, l0, sizeof(l0));
    upload_rect(s, 0x2100, 1, GS_PSMCT32, 2, 2, l1, sizeof(l1));
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 2, 2, 1, 1, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_MIPTBP1_1, 0x2100 | (uint64_t)1 << 14);
    gs_device_write_register(s->gs, GS_TEX1_1, gs_make_tex1(0, 1, 0, GS_NEAREST_MIPMAP_NEAREST, 0, 0, 0));
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME | GS_PRIM_FST);
    /* 4x4 texels on 8x8 pixels (magnified): level 0. */
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(0, 0, 0));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(4 * 16, 4 * 16));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(8 * 16, 8 * 16, 0));
    /* 16x16 texels (wrapped) on 8x8 pixels: minified by 2, level 1. */
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(16 * 16, 0, 0));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(16 * 16, 16 * 16));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(24 * 16, 8 * 16, 0));
    read_frame(s, 0);
    check_pixel(s, 4, 4, 255, 0, 0, 0);
    check_pixel(s, 20, 4, 0, 255, 0, 0);
    end(s);
}

/* The GS's own level of detail (gs_renderer_set_gs_lod): LOD = K with LCM
 * 1, K + log2(1 / Q) << L with LCM 0, whatever the screen-space size. */
static void test_gs_lod(void **state)
{
    struct scene *s = *state;
    uint32_t l0[16], l1[4];
    unsigned int i;

    NEED_GL(s);
    begin(s);
    gs_renderer_set_gs_lod(s->renderer, 1);
    for (i = 0; i < 16; ++i) l0[i] = 0x800000ffu;
    for (i = 0; i < 4; ++i) l1[i] = 0x8000ff00u;
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 4, 4, l0, sizeof(l0));
    upload_rect(s, 0x2100, 1, GS_PSMCT32, 2, 2, l1, sizeof(l1));
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 2, 2, 1, 1, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_MIPTBP1_1, 0x2100 | (uint64_t)1 << 14);
    /* LCM 1, K = 1.0: level 1 on a magnified sprite (GL would take level 0). */
    gs_device_write_register(s->gs, GS_TEX1_1, gs_make_tex1(1, 1, 0, GS_NEAREST_MIPMAP_NEAREST, 0, 0, 16));
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME | GS_PRIM_FST);
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(0, 0));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(0, 0, 0));
    gs_device_write_register(s->gs, GS_UV, gs_make_uv(4 * 16, 4 * 16));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(8 * 16, 8 * 16, 0));
    /* LCM 0, K = 0, L = 0: Q = 1 gives level 0 on a sprite minified by 2
     * (GL would take level 1), Q = 0.5 level 1 on a magnified one. */
    gs_device_write_register(s->gs, GS_TEX1_1, gs_make_tex1(0, 1, 0, GS_NEAREST_MIPMAP_NEAREST, 0, 0, 0));
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_SPRITE | GS_PRIM_TME);
    gs_device_write_register(s->gs, GS_ST, gs_make_st(0.0f, 0.0f));
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0x80, 0x80, 0x80, 0x80, 1.0f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(16 * 16, 0, 0));
    gs_device_write_register(s->gs, GS_ST, gs_make_st(4.0f, 4.0f));
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0x80, 0x80, 0x80, 0x80, 1.0f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(24 * 16, 8 * 16, 0));
    gs_device_write_register(s->gs, GS_ST, gs_make_st(0.0f, 0.0f));
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0x80, 0x80, 0x80, 0x80, 0.5f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(32 * 16, 0, 0));
    gs_device_write_register(s->gs, GS_ST, gs_make_st(0.25f, 0.25f));
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0x80, 0x80, 0x80, 0x80, 0.5f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(48 * 16, 16 * 16, 0));
    read_frame(s, 0);
    check_pixel(s, 4, 4, 0, 255, 0, 0);
    check_pixel(s, 20, 4, 255, 0, 0, 0);
    check_pixel(s, 40, 8, 0, 255, 0, 0);
    end(s);
}

/* Every A, B, C, D form drawn through GL against the GS equation within
 * 1/255, the 8 that read the destination in the shader included. */
static void test_blend_forms(void **state)
{
    static const unsigned int cs[3] = {60, 180, 120}, cd[3] = {200, 100, 50};
    struct scene *s = *state;
    unsigned int form, c, checked = 0, dest_read = 0;

    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 0, W, H, 0, cd[0], cd[1], cd[2], 0x60, 0);
    for (form = 0; form < 81; ++form)
    {
        uint64_t alpha = gs_make_alpha(form % 3, form / 3 % 3, form / 9 % 3, form / 27, 0x40);
        unsigned int x = (form % 16) * 4, y = (form / 16) * 4;
        gs_device_write_register(s->gs, GS_ALPHA_1, alpha);
        sprite(s, GS_PRIM_ABE, x, y, x + 4, y + 4, 0, cs[0], cs[1], cs[2], 0x30, 0);
    }
    read_frame(s, 0);
    for (form = 0; form < 81; ++form)
    {
        uint64_t alpha = gs_make_alpha(form % 3, form / 3 % 3, form / 9 % 3, form / 27, 0x40);
        unsigned int x = (form % 16) * 4 + 2, y = (form / 16) * 4 + 2, e[3];
        struct gs_gl_blend gl;
        gs_blend_to_gl(alpha, &gl);
        if (gl.route == GS_BLEND_ROUTE_DEST_READ) ++dest_read;
        for (c = 0; c < 3; ++c) e[c] = gs_blend_channel(alpha, cs[c], cd[c], 0x30, 0x60, 1);
        check_pixel(s, x, y, e[0], e[1], e[2], 1);
        ++checked;
    }
    assert_int_equal(checked, 81);
    assert_int_equal(dest_read, 8);
    end(s);
}

/* A form that reads the destination, two overlapping sprites of one batch:
 * the second blends over the first, as on the GS. */
static void test_dest_read_order(void **state)
{
    struct scene *s = *state;
    uint64_t alpha = gs_make_alpha(GS_SEL_CD, GS_SEL_ZERO, GS_SEL_AD, GS_SEL_CD, 0);
    unsigned int e1, e2;

    NEED_GL(s);
    begin(s);
    sprite(s, 0, 0, 0, W, H, 0, 40, 40, 40, 0x40, 0);
    gs_device_write_register(s->gs, GS_ALPHA_1, alpha);
    sprite(s, GS_PRIM_ABE, 0, 0, 16, 16, 0, 200, 0, 0, 0x40, 0);
    sprite(s, GS_PRIM_ABE, 8, 0, 24, 16, 0, 200, 0, 0, 0x40, 0);
    read_frame(s, 0);
    e1 = gs_blend_channel(alpha, 200, 40, 0x40, 0x40, 1);
    e2 = gs_blend_channel(alpha, 200, e1, 0x40, 0x40, 1);
    assert_true(e2 > e1 + 10);
    check_pixel(s, 4, 4, e1, e1, e1, 1);
    check_pixel(s, 12, 4, e2, e2, e2, 1);
    check_pixel(s, 20, 4, e1, e1, e1, 1);
    end(s);
}

/* The GS interpolates colours linearly in screen space and divides S and T
 * by Q per pixel: at 60 % of a quad whose Q falls from 1 to 0.25, the
 * colour is 60 % of the way (affine) and the texture coordinate
 * 0.15 / 0.55 = 0.27 (texel 0 of 2; an affine u would be 0.6, texel 1). */
static void test_perspective(void **state)
{
    struct scene *s = *state;
    uint32_t texels[2] = {0x800000ffu, 0x8000ff00u};
    unsigned int i;
    uint32_t p;

    NEED_GL(s);
    begin(s);
    upload_rect(s, 0x2000, 1, GS_PSMCT32, 2, 1, texels, sizeof(texels));
    gs_device_write_register(s->gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 1, 0, 1, 1, 0, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_CLAMP_1, gs_make_clamp(GS_WRAP_CLAMP, GS_WRAP_CLAMP, 0, 0, 0, 0));
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_TRISTRIP | GS_PRIM_TME);
    for (i = 0; i < 4; ++i)
    {
        float q = (i & 1) ? 0.25f : 1.0f, u = (i & 1) ? 1.0f : 0.0f;
        union { float f; uint32_t u; } qq;
        qq.f = q;
        gs_device_write_register(s->gs, GS_ST, gs_make_st(u * q, 0.5f * q));
        gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0, 0, 0, 0x80, q));
        gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz((i & 1) ? W * 16 : 0, (i & 2) ? H * 16 : 0, 0));
        (void)qq;
    }
    /* The same geometry untextured with colours 0 .. 250, Q as above. */
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_TRISTRIP | GS_PRIM_IIP);
    for (i = 0; i < 4; ++i)
    {
        float q = (i & 1) ? 0.25f : 1.0f;
        gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq((i & 1) ? 250 : 0, 0, 0, 0x80, q));
        gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz((i & 1) ? W * 16 : 0, (i & 2) ? H * 16 + 0 : 16 * 16, 0));
    }
    read_frame(s, 0);
    /* Textured half (rows 0..15): x = 0.6 W samples texel 0 (red). */
    check_pixel(s, (unsigned int)(0.6f * W), 4, 255, 0, 0, 0);
    check_pixel(s, W - 2, 4, 0, 255, 0, 0);
    /* Colour half: affine, 0.6 x 250 = 150 at 60 %. */
    p = s->pixels[24 * W + (unsigned int)(0.6f * W)];
    if (abs((int)(p & 0xff) - 150) > 6) fail_msg("colour at 60 %%: %u, expected about 150", p & 0xff);
    end(s);
}

/* Flat shading takes the colour of the last vertex. */
static void test_flat_shading(void **state)
{
    struct scene *s = *state;
    NEED_GL(s);
    begin(s);
    gs_device_write_register(s->gs, GS_PRIM, GS_PRIM_TRIANGLE);
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(255, 0, 0, 0x80, 1.0f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(0, 0, 0));
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0, 255, 0, 0x80, 1.0f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(W * 16, 0, 0));
    gs_device_write_register(s->gs, GS_RGBAQ, gs_make_rgbaq(0, 0, 255, 0x80, 1.0f));
    gs_device_write_register(s->gs, GS_XYZ2, gs_make_xyz(0, H * 16, 0));
    read_frame(s, 0);
    check_pixel(s, 1, 1, 0, 0, 255, 0);
    check_pixel(s, 40, 2, 0, 0, 255, 0);
    end(s);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_colour),
        cmocka_unit_test(test_blending),
        cmocka_unit_test(test_alpha_test_afail),
        cmocka_unit_test(test_alpha_ref_boundary),
        cmocka_unit_test(test_afail_order_in_batch),
        cmocka_unit_test(test_z_exact),
        cmocka_unit_test(test_fog),
        cmocka_unit_test(test_texture_clut),
        cmocka_unit_test(test_anti_flicker_output),
        cmocka_unit_test(test_blend_pairs),
        cmocka_unit_test(test_flat_shading),
        cmocka_unit_test(test_texture_functions),
        cmocka_unit_test(test_mipmaps),
        cmocka_unit_test(test_gs_lod),
        cmocka_unit_test(test_compose_anti_flicker),
        cmocka_unit_test(test_texture_invalidation),
        cmocka_unit_test(test_blend_forms),
        cmocka_unit_test(test_dest_read_order),
        cmocka_unit_test(test_perspective),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

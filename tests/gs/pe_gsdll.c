/*
 * gs.dll from a PE program (loaded by name, as a port would): the exports
 * resolve, the RenderWare level gives the seed's register values, and the
 * renderer with a device of its own draws the alpha test's AFAIL = FB_ONLY
 * edge through WGL.
 */
#include <windows.h>

#include "test.h"
#include "gs.h"

#define W 32
#define H 16

static HMODULE gs_dll;
static int (*p_gs_device_create)(struct gs_device **);
static void (*p_gs_device_destroy)(struct gs_device *);
static int (*p_gs_device_write_register)(struct gs_device *, unsigned int, uint64_t);
static uint64_t (*p_gs_device_get_register)(const struct gs_device *, unsigned int);
static int (*p_gs_device_process)(struct gs_device *, const uint64_t *, size_t);
static int (*p_gs_rw_create)(unsigned int, unsigned int, struct gs_device *, struct gs_rw **);
static void (*p_gs_rw_destroy)(struct gs_rw *);
static int (*p_gs_rw_render_state_set)(struct gs_rw *, unsigned int, uintptr_t);
static uint64_t (*p_gs_rw_get_shadow)(const struct gs_rw *, enum gs_rw_shadow);
static int (*p_gs_renderer_create_standalone)(struct gs_device *, unsigned int, unsigned int, uintptr_t,
        struct gs_renderer **);
static void (*p_gs_renderer_destroy)(struct gs_renderer *);
static int (*p_gs_renderer_read_frame)(struct gs_renderer *, uint32_t *, int);

static int load(void)
{
#define GET(f) if (!(p_##f = (void *)GetProcAddress(gs_dll, #f))) { ok(0, "%s not exported.\n", #f); return 0; }
    if (!(gs_dll = LoadLibraryA("gs.dll"))) return 0;
    GET(gs_device_create) GET(gs_device_destroy) GET(gs_device_write_register) GET(gs_device_get_register)
    GET(gs_device_process) GET(gs_rw_create) GET(gs_rw_destroy) GET(gs_rw_render_state_set)
    GET(gs_rw_get_shadow) GET(gs_renderer_create_standalone) GET(gs_renderer_destroy) GET(gs_renderer_read_frame)
#undef GET
    return 1;
}

static void test_rw_level(void)
{
    struct gs_device *gs;
    struct gs_rw *rw;

    ok(!p_gs_device_create(&gs), "gs_device_create failed.\n");
    ok(!p_gs_rw_create(GS_RW_VIDEO_MODE_DEFAULT, 24, gs, &rw), "gs_rw_create failed.\n");
    ok(p_gs_rw_get_shadow(rw, GS_RW_SHADOW_TEST_1) == 0x140b, "TEST_1 %#llx.\n",
            (unsigned long long)p_gs_rw_get_shadow(rw, GS_RW_SHADOW_TEST_1));
    ok(p_gs_device_get_register(gs, GS_ZBUF_1) == 0x31000118, "ZBUF_1 %#llx.\n",
            (unsigned long long)p_gs_device_get_register(gs, GS_ZBUF_1));
    ok(p_gs_rw_render_state_set(rw, GS_RW_ZTESTENABLE, 1) == 1, "Z test refused.\n");
    ok(p_gs_rw_get_shadow(rw, GS_RW_SHADOW_TEST_1) == 0x5140b, "TEST_1 %#llx.\n",
            (unsigned long long)p_gs_rw_get_shadow(rw, GS_RW_SHADOW_TEST_1));
    ok(p_gs_rw_render_state_set(rw, GS_RW_FOGCOLOR, 0xff0c0c05) == 1, "fog colour refused.\n");
    ok(p_gs_device_get_register(gs, GS_FOGCOL) == 0x00050c0c, "FOGCOL %#llx.\n",
            (unsigned long long)p_gs_device_get_register(gs, GS_FOGCOL));
    ok(p_gs_rw_render_state_set(rw, GS_RW_TEXTUREADDRESS, 2) == 0, "mirror accepted.\n");
    ok(p_gs_rw_render_state_set(rw, GS_RW_SRCBLEND, GS_RW_BLENDONE) == 0, "ONE / INVSRCALPHA accepted.\n");
    p_gs_rw_destroy(rw);
    p_gs_device_destroy(gs);
}

static void sprite(struct gs_device *gs, unsigned int attr, unsigned int x0, unsigned int x1, uint32_t z,
        unsigned int r, unsigned int g, unsigned int b)
{
    p_gs_device_write_register(gs, GS_PRIM, GS_PRIM_SPRITE | attr);
    p_gs_device_write_register(gs, GS_RGBAQ, gs_make_rgbaq(r, g, b, 0x80, 1.0f));
    p_gs_device_write_register(gs, GS_UV, gs_make_uv(0, 0));
    p_gs_device_write_register(gs, GS_XYZ2, gs_make_xyz(x0 * 16, 0, z));
    p_gs_device_write_register(gs, GS_UV, gs_make_uv(2 * 16, 16));
    p_gs_device_write_register(gs, GS_XYZ2, gs_make_xyz(x1 * 16, H * 16, z));
}

static uint32_t draw_cutout(unsigned int afail)
{
    static uint32_t pixels[W * H];
    struct gs_renderer *renderer;
    struct gs_device *gs;
    uint64_t p[2 * 7];
    uint32_t texels[4] = {0x800000ffu, 0x200000ffu, 0, 0};

    if (p_gs_device_create(&gs)) return 0;
    if (p_gs_renderer_create_standalone(gs, W, H, 0, &renderer))
    {
        p_gs_device_destroy(gs);
        return 0;
    }
    p_gs_device_write_register(gs, GS_SCISSOR_1, gs_make_scissor(0, W - 1, 0, H - 1));
    p_gs_device_write_register(gs, GS_ZBUF_1, gs_make_zbuf(0x20, GS_PSMZ24, 0));
    memset(p, 0, sizeof(p));
    p[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = gs_make_bitbltbuf(0, 0, 0, 0x2000, 1, GS_PSMCT32); p[3] = GS_BITBLTBUF;
    p[4] = 0; p[5] = GS_TRXPOS;
    p[6] = gs_make_trxreg(2, 1); p[7] = GS_TRXREG;
    p[8] = 0; p[9] = GS_TRXDIR;
    p[10] = gs_make_giftag(1, 1, 0, 0, GS_GIF_IMAGE, 0);
    memcpy(&p[12], texels, 16);
    p_gs_device_process(gs, p, 7);
    p_gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x2000, 1, GS_PSMCT32, 1, 0, 1, 0, 0, 0, 0, 0, 0));
    p_gs_device_write_register(gs, GS_CLAMP_1, gs_make_clamp(GS_WRAP_CLAMP, GS_WRAP_CLAMP, 0, 0, 0, 0));
    p_gs_device_write_register(gs, GS_ALPHA_1, 0x44);
    p_gs_device_write_register(gs, GS_TEST_1, gs_make_test(1, GS_ATST_GEQUAL, 0x40, afail, 0, 0, 1, GS_ZTST_GEQUAL));
    sprite(gs, 0, 0, W, 500, 0, 255, 0);
    sprite(gs, GS_PRIM_TME | GS_PRIM_FST | GS_PRIM_ABE, 0, W, 1000, 0x80, 0x80, 0x80);
    p_gs_renderer_read_frame(renderer, pixels, 0);
    p_gs_renderer_destroy(renderer);
    p_gs_device_destroy(gs);
    /* A pixel of the right half (the texel with alpha 0x20). */
    return pixels[8 * W + 28] & 0xffffff;
}

static void test_afail(void)
{
    uint32_t fb_only = draw_cutout(GS_AFAIL_FB_ONLY), keep = draw_cutout(GS_AFAIL_KEEP);

    if (!fb_only && !keep)
    {
        skip("No GL device.\n");
        return;
    }
    /* 25 % red over green with FB_ONLY, green with a discard. */
    ok(abs((int)(fb_only & 0xff) - 64) <= 3 && abs((int)((fb_only >> 8) & 0xff) - 191) <= 3
            && !((fb_only >> 16) & 0xff), "FB_ONLY edge %06x.\n", fb_only);
    ok(keep == 0x00ff00, "discarded edge %06x.\n", keep);
}

START_TEST(gsdll)
{
    if (!load())
    {
        skip("gs.dll not found.\n");
        return;
    }
    test_rw_level();
    test_afail();
    FreeLibrary(gs_dll);
}

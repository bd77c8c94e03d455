/*
 * dx7z.dll on a real Direct3D 7 device: binds it as Porsche.exe does, draws
 * the seed's self-test picture and reads pixels back through readrect and
 * lockwindow, in a 16-bit and a 32-bit mode. Also lockwindow's answer, the
 * lock hook, the writerect quirk, the z window and the flip.
 *
 * Runs against our ddraw (ddraw=n) and Wine's builtin one (ddraw=b), and
 * natively as dx7z_render (EGL surfaceless, through native_test.h).
 */
#include "config.h"

#include <stdlib.h>

#ifdef _WIN32
# include "test.h"
#else
# include "native_test.h"
#endif
#include "thrashhost.h"

#ifndef DX7Z_DRIVER
# define DX7Z_DRIVER "dx7z.dll"
#endif

static struct thrash_api api;

static unsigned int pixel_rgb(const uint8_t *p, unsigned int bpp)
{
    if (bpp == 4)
        return p[2] << 16 | p[1] << 8 | p[0];
    {
        unsigned int c = p[0] | p[1] << 8;
        return (((c >> 11) & 0x1f) * 255 / 31) << 16 | (((c >> 5) & 0x3f) * 255 / 63) << 8 | (c & 0x1f) * 255 / 31;
    }
}

static unsigned int read_pixel(unsigned int x, unsigned int y, unsigned int bpp)
{
    uint8_t buf[4] = {0};

    if (!T(&api, readrect, pfn_rect)(x, y, 1, 1, buf))
        return 0xdeadbeef;
    return pixel_rgb(buf, bpp);
}

static int colour_near(unsigned int a, unsigned int b, unsigned int tolerance)
{
    int i;

    for (i = 0; i < 24; i += 8)
    {
        int d = (int)((a >> i) & 0xff) - (int)((b >> i) & 0xff);
        if (d < 0) d = -d;
        if ((unsigned int)d > tolerance) return 0;
    }
    return 1;
}

#define check_pixel(x, y, expect, tol, bpp) do { \
        unsigned int got_ = read_pixel(x, y, bpp); \
        ok(colour_near(got_, expect, tol), "(%u, %u): got %06x, expected %06x.\n", x, y, got_, (unsigned int)(expect)); \
    } while (0)

static void check_selftest_picture(unsigned int bpp)
{
    unsigned int c, x, y, found;

    T(&api, window, pfn_u1)(2);
    /* Background, and where the culled reverse triangle would be. */
    check_pixel(500, 120, 0x203040, 10, bpp);
    check_pixel(420, 60, 0x203040, 10, bpp);
    /* The Gouraud triangle: red at its red corner, mixed in the middle. */
    c = read_pixel(45, 45, bpp);
    ok((c >> 16) > 200 && (c & 0xff) < 60, "Gouraud corner: got %06x.\n", c);
    c = read_pixel(110, 90, bpp);
    ok((c >> 16) > 40 && ((c >> 8) & 0xff) > 40 && (c & 0xff) > 40, "Gouraud middle: got %06x.\n", c);
    /* The wrapped palettised checker, after a clut-only update (clut A). */
    check_pixel(60, 260, 0xff2020, 10, bpp);
    check_pixel(100, 260, 0x20ff20, 10, bpp);
    check_pixel(60, 300, 0x20ff20, 10, bpp);
    check_pixel(180, 380, 0xff2020, 10, bpp);
    /* 50% white over red, and over the background. */
    check_pixel(280, 320, 0xff0000, 10, bpp);
    check_pixel(360, 320, 0xff8080, 12, bpp);
    check_pixel(440, 320, 0x8f979f, 12, bpp);
    /* The vertex-fogged strip: blue, fogging to yellow. */
    c = read_pixel(44, 440, bpp);
    ok((c & 0xff) > 200 && (c >> 16) < 60, "unfogged end: got %06x.\n", c);
    c = read_pixel(594, 440, bpp);
    ok((c >> 16) > 200 && ((c >> 8) & 0xff) > 200 && (c & 0xff) < 60, "fogged end: got %06x.\n", c);
    c = read_pixel(319, 440, bpp);
    ok((c >> 16) > 60 && (c >> 16) < 200, "middle of the fog: got %06x.\n", c);
    /* The line (row 220 give or take one) and the point at (620, 300). */
    for (found = 0, y = 219; y <= 221; ++y)
        if (colour_near(read_pixel(450, y, bpp), 0xffffff, 30)) found = 1;
    ok(found, "no line at (450, 220).\n");
    for (found = 0, y = 299; y <= 301; ++y)
        for (x = 619; x <= 621; ++x)
            if (colour_near(read_pixel(x, y, bpp), 0xffff00, 40)) found = 1;
    ok(found, "no point at (620, 300).\n");
}

static struct thrash_vertex qv(float x, float y, float z, uint32_t diffuse, uint32_t specular)
{
    struct thrash_vertex v = {x, y, z, 1.0f, diffuse, specular, 0.0f, 0.0f};
    return v;
}

static void quad(float x, float y, float size, float z, uint32_t diffuse, uint32_t specular)
{
    struct thrash_vertex a = qv(x, y, z, diffuse, specular), b = qv(x + size, y, z, diffuse, specular);
    struct thrash_vertex c = qv(x + size, y + size, z, diffuse, specular), d = qv(x, y + size, z, diffuse, specular);
    T(&api, drawquad, pfn_v4)(&a, &b, &c, &d);
}

/* The batcher's rules, seen in pixels. */
static void test_quirks(unsigned int bpp)
{
    struct thrash_vertex v[4];
    struct thrash_primitive prim;
    uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
    uint8_t fog[65];
    unsigned int c;

    T(&api, window, pfn_u1)(2);
    th_setstate(&api, 0x03, 0xff000000);
    T(&api, clearwindow, pfn_void)();
    T(&api, settexture, pfn_p1)(NULL);
    th_setstate(&api, 0x29, 2);
    th_setstate(&api, 0x02, 0);
    th_setstate(&api, 0x0a, 0);
    th_setstate(&api, 0x28, 3);     /* less-equal: an equal z draws over */

    /* clearwindow doesn't flush: a queued quad lands on the cleared area.
     * (Setting the background is a device state change: set it first.) */
    th_setstate(&api, 0x03, 0xff0000ff);
    quad(10, 10, 40, 0.5f, 0xff00ff00, 0);
    T(&api, clearwindow, pfn_void)();
    T(&api, flushwindow, pfn_void)();
    check_pixel(30, 30, 0x00ff00, 10, bpp);
    check_pixel(100, 100, 0x0000ff, 10, bpp);

    /* setstate(0x1b3) draws before what is queued: the queued red quad, drawn
     * later at the same z, covers the green primitive. */
    quad(60, 10, 40, 0.5f, 0xffff0000, 0);
    v[0] = qv(60, 10, 0.5f, 0xff00ff00, 0);
    v[1] = qv(100, 10, 0.5f, 0xff00ff00, 0);
    v[2] = qv(100, 50, 0.5f, 0xff00ff00, 0);
    v[3] = qv(60, 50, 0.5f, 0xff00ff00, 0);
    prim.type = 4;
    prim.vertices = v;
    prim.vertex_count = 4;
    prim.indices = idx;
    prim.index_count = 6;
    ok(th_setstate(&api, 0x1b3, &prim), "setstate(0x1b3) refused.\n");
    T(&api, flushwindow, pfn_void)();
    check_pixel(80, 30, 0xff0000, 10, bpp);

    /* An index beyond the vertices: a device that refuses the draw makes
     * setstate answer 0 and getstate(0x1b3), the refused draws, count it
     * (issue 23, fault 6); one that draws it answers 1 and counts nothing. */
    {
        tword refused = th_getstate(&api, 0x1b3), answer;

        idx[5] = 7;
        answer = th_setstate(&api, 0x1b3, &prim);
        idx[5] = 3;
        ok(answer == 0 || answer == 1, "setstate(0x1b3) answered %lu.\n", (unsigned long)answer);
        ok(th_getstate(&api, 0x1b3) == refused + !answer, "Refused draws %lu -> %lu, answer %lu.\n",
                (unsigned long)refused, (unsigned long)th_getstate(&api, 0x1b3), (unsigned long)answer);
        if (winetest_is_ours())
            ok(!answer, "A draw our ddraw refuses was answered %lu.\n", (unsigned long)answer);
        T(&api, flushwindow, pfn_void)();
    }

    /* Depth bias: the same z plus 0.25 fails less-equal against the first. */
    quad(110, 10, 40, 0.5f, 0xff00ff00, 0);
    th_setstate(&api, 0x18, 8192);
    quad(110, 10, 40, 0.5f, 0xffff0000, 0);
    T(&api, flushwindow, pfn_void)();
    check_pixel(130, 30, 0x00ff00, 10, bpp);
    /* ... and the end of scene (flushwindow) dropped the bias. */
    quad(110, 10, 40, 0.5f, 0xffff00ff, 0);
    T(&api, flushwindow, pfn_void)();
    check_pixel(130, 30, 0xff00ff, 10, bpp);

    /* Flat shading: white diffuse. */
    th_setstate(&api, 0x06, 0);
    quad(160, 10, 40, 0.5f, 0xffff0000, 0);
    th_setstate(&api, 0x06, 1);
    T(&api, flushwindow, pfn_void)();
    check_pixel(180, 30, 0xffffff, 10, bpp);

    /* The fog table: all zero means full fog, whatever the vertices say. */
    memset(fog, 0, sizeof(fog));
    th_setstate(&api, 0x0f, 0xffffff00);
    th_setstate(&api, 0x15, 1);
    th_setstate(&api, 0x14, fog);
    quad(210, 10, 40, 0.5f, 0xff0000ff, 0xff000000);
    th_setstate(&api, 0x14, 0);
    quad(260, 10, 40, 0.5f, 0xff0000ff, 0xff000000);
    th_setstate(&api, 0x15, 0);
    T(&api, flushwindow, pfn_void)();
    check_pixel(230, 30, 0xffff00, 12, bpp);
    check_pixel(280, 30, 0x0000ff, 12, bpp);

    /* Software culling on top of Direct3D's: cull state 2 (clockwise) hides
     * a clockwise quad, cull 0 draws a counter-clockwise one. */
    th_setstate(&api, 0x02, 2);
    quad(310, 10, 40, 0.5f, 0xffffffff, 0);
    th_setstate(&api, 0x02, 0);
    v[0] = qv(360, 10, 0.5f, 0xffffffff, 0);
    v[1] = qv(360, 50, 0.5f, 0xffffffff, 0);
    v[2] = qv(400, 50, 0.5f, 0xffffffff, 0);
    v[3] = qv(400, 10, 0.5f, 0xffffffff, 0);
    T(&api, drawquad, pfn_v4)(&v[0], &v[1], &v[2], &v[3]);
    T(&api, flushwindow, pfn_void)();
    check_pixel(330, 30, 0x0000ff, 10, bpp);
    check_pixel(380, 30, 0xffffff, 10, bpp);

    /* A redrawn point gains the bias again: drawn at z 0.5 + 0.25 + 0.25,
     * then a quad at 0.9 covers it (less-equal passes). */
    th_setstate(&api, 0x18, 8192);
    v[0] = qv(420, 30, 0.5f, 0xffff0000, 0);
    T(&api, drawpoint, pfn_v1)(&v[0]);
    T(&api, drawpoint, pfn_v1)(&v[0]);
    ok(v[0].z > 0.99f && v[0].z < 1.01f, "point z after two draws: %.3f.\n", v[0].z);
    th_setstate(&api, 0x18, 0);
    T(&api, flushwindow, pfn_void)();
    c = read_pixel(420, 30, bpp);
    ok(colour_near(c, 0xff0000, 10) || colour_near(c, 0x0000ff, 10), "point: got %06x.\n", c);

    th_setstate(&api, 0x02, 1);

    /* The lens flare: a 4x4 readrect right after drawing the sun (still
     * queued) reads the sun, when 0x1c3 says the card can. */
    ok(th_setstate(&api, 0x1c3, 0) != 0, "0x1c3 answered no.\n");
    {
        struct thrash_vertex s0 = qv(500.25f, 100.25f, 0.9f, 0xffffffff, 0);
        struct thrash_vertex s1 = qv(524.25f, 124.25f, 0.9f, 0xffffffff, 0);
        uint8_t px[4 * 4 * 4];
        unsigned int i, bright = 0;

        T(&api, drawsprite, pfn_v2)(&s0, &s1);
        ok(T(&api, readrect, pfn_rect)(510, 110, 4, 4, px), "readrect failed.\n");
        for (i = 0; i < 16; ++i)
            if (colour_near(pixel_rgb(px + i * bpp, bpp), 0xffffff, 8)) ++bright;
        ok(bright == 16, "the flare read saw %u of 16 sun pixels.\n", bright);
    }

    /* A movie frame written through a front-buffer lock reads back. */
    T(&api, window, pfn_u1)(1);
    {
        struct thrash_lock *lock = T(&api, lockwindow, pfn_lock)();
        ok(lock != NULL, "front lockwindow failed.\n");
        if (lock)
        {
            uint8_t *row = (uint8_t *)lock->pixels + 400 * lock->pitch + 600 * bpp;
            memset(row, 0xff, 4 * bpp);
            T(&api, unlockwindow, pfn_p1)(lock);
            check_pixel(602, 400, 0xffffff, 8, bpp);
        }
    }
    T(&api, window, pfn_u1)(2);
}

/* Every texture format, a solid 8x8 texture of a known colour drawn as a
 * sprite; P4/P8 through a clut, DXT as solid blocks. */
static void test_formats(unsigned int bpp)
{
    static const struct { uint32_t format; uint32_t expect; } formats[] =
    {
        {1, 0xc04080}, {2, 0x40c080}, {3, 0xff0000}, {4, 0x00ff00}, {6, 0x123456},
        {7, 0x88ff00}, {12, 0x0000ff}, {13, 0xff00ff},
    };
    uint8_t data[8 + 8 * 8 * 4];
    uint32_t clut[256];
    unsigned int i, j;

    T(&api, window, pfn_u1)(2);
    th_setstate(&api, 0x03, 0xff000000);
    T(&api, clearwindow, pfn_void)();
    th_setstate(&api, 0x0a, 0);
    th_setstate(&api, 0x02, 0);
    th_setstate(&api, 0x07, 0);
    for (i = 0; i < 256; ++i)
        clut[i] = 0x000000;
    clut[5] = 0xc04080;
    clut[7] = 0x40c080;
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
    {
        struct thrash_vertex a = {20 + i * 50.0f, 20, 0.5f, 1.0f, 0xffffffff, 0, 0, 0};
        struct thrash_vertex b = {60 + i * 50.0f, 60, 0.5f, 1.0f, 0xffffffff, 0, 1, 1};
        void *t;

        memset(data, 0, sizeof(data));
        for (j = 0; j < 64; ++j)
        {
            switch (formats[i].format)
            {
            case 1: data[j / 2] = 0x55; break;
            case 2: data[j] = 7; break;
            case 3: data[2 * j] = 0x00; data[2 * j + 1] = 0xfc; break;     /* 1 11111 00000 00000 */
            case 4: data[2 * j] = 0xe0; data[2 * j + 1] = 0x07; break;
            case 6: data[4 * j] = 0x56; data[4 * j + 1] = 0x34; data[4 * j + 2] = 0x12; data[4 * j + 3] = 0xff; break;
            case 7: data[2 * j] = 0xf0; data[2 * j + 1] = 0xf8; break;     /* a f, r 8, g f, b 0 */
            }
        }
        if (formats[i].format == 12 || formats[i].format == 13)
        {
            /* 8 bytes in; four 4x4 blocks of colour 0 (DXT3: alpha f). */
            unsigned int size = formats[i].format == 12 ? 8 : 16;
            uint16_t c0 = formats[i].format == 12 ? 0x001f : 0xf81f;
            for (j = 0; j < 4; ++j)
            {
                uint8_t *blk = data + 8 + j * size, *col = size == 8 ? blk : blk + 8;
                if (size == 16) memset(blk, 0xff, 8);
                col[0] = c0; col[1] = c0 >> 8; col[2] = 0; col[3] = 0;
            }
        }
        t = T(&api, talloc, pfn_talloc)(8, 8, formats[i].format, 0, 0);
        ok(t != NULL, "format %u: talloc failed.\n", formats[i].format);
        if (!t) continue;
        ok(T(&api, tupdate, pfn_tupdate)(t, data, clut) != 0, "format %u: tupdate failed.\n", formats[i].format);
        T(&api, settexture, pfn_p1)(t);
        th_setstate(&api, 0x29, 0);
        T(&api, drawsprite, pfn_v2)(&a, &b);
    }
    ok(T(&api, talloc, pfn_talloc)(8, 8, 5, 0, 0) == NULL, "format 5 was accepted.\n");
    T(&api, flushwindow, pfn_void)();
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
    {
        unsigned int c = read_pixel(40 + i * 50, 40, bpp);
        ok(colour_near(c, formats[i].expect, 12), "format %u: got %06x, expected %06x.\n",
                formats[i].format, c, formats[i].expect);
    }
    T(&api, settexture, pfn_p1)(NULL);
    th_setstate(&api, 0x07, 1);
    th_setstate(&api, 0x02, 1);
}

/* Mip levels follow level 0 in the data (DXT after 8 bytes, in blocks):
 * a sprite at half size with point mipmapping shows level 1's colour. Car
 * models lose their mip maps on layers that get this wrong. */
static void test_mips(unsigned int bpp)
{
    static const struct { uint32_t format; uint32_t level0, level1; } tests[] =
    {
        {4, 0xff0000, 0x00ff00}, {6, 0x0000ff, 0xffff00}, {12, 0xff0000, 0x0000ff},
    };
    uint8_t data[8 + (16 * 16 + 8 * 8) * 4];
    unsigned int i, j;

    T(&api, window, pfn_u1)(2);
    th_setstate(&api, 0x03, 0xff000000);
    T(&api, clearwindow, pfn_void)();
    th_setstate(&api, 0x0a, 0);
    th_setstate(&api, 0x02, 0);
    th_setstate(&api, 0x07, 0);
    th_setstate(&api, 0x0b, 1);     /* point mips */
    for (i = 0; i < sizeof(tests) / sizeof(tests[0]); ++i)
    {
        /* 16x16 drawn on 8x8 pixels: level 1 (8x8). */
        struct thrash_vertex a = {20.25f + i * 40, 20.25f, 0.5f, 1.0f, 0xffffffff, 0, 0, 0};
        struct thrash_vertex b = {28.25f + i * 40, 28.25f, 0.5f, 1.0f, 0xffffffff, 0, 1, 1};
        struct thrash_vertex c = {20.25f + i * 40, 40.25f, 0.5f, 1.0f, 0xffffffff, 0, 0, 0};
        struct thrash_vertex d = {36.25f + i * 40, 56.25f, 0.5f, 1.0f, 0xffffffff, 0, 1, 1};
        uint8_t *p = data;
        void *t;

        memset(data, 0, sizeof(data));
        if (tests[i].format == 12)
        {
            /* 8 bytes in; level 0: 4x4 blocks of red, level 1: 2x2 of blue. */
            p += 8;
            for (j = 0; j < 16 + 4; ++j, p += 8)
            {
                uint16_t c0 = j < 16 ? 0xf800 : 0x001f;
                p[0] = c0; p[1] = c0 >> 8;
            }
        }
        else
        {
            unsigned int px = tests[i].format == 6 ? 4 : 2;
            for (j = 0; j < 16 * 16 + 8 * 8; ++j, p += px)
            {
                uint32_t c = j < 256 ? tests[i].level0 : tests[i].level1;
                if (px == 4) { p[0] = c; p[1] = c >> 8; p[2] = c >> 16; p[3] = 0xff; }
                else
                {
                    uint16_t w = ((c >> 19) & 0x1f) << 11 | ((c >> 10) & 0x3f) << 5 | ((c >> 3) & 0x1f);
                    p[0] = w; p[1] = w >> 8;
                }
            }
        }
        t = T(&api, talloc, pfn_talloc)(16, 16, tests[i].format, 0, 1);
        ok(t != NULL, "format %u: talloc with a mip failed.\n", tests[i].format);
        if (!t) continue;
        T(&api, tupdate, pfn_tupdate)(t, data, NULL);
        T(&api, settexture, pfn_p1)(t);
        th_setstate(&api, 0x29, 0);
        T(&api, drawsprite, pfn_v2)(&a, &b);
        T(&api, drawsprite, pfn_v2)(&c, &d);
    }
    T(&api, flushwindow, pfn_void)();
    for (i = 0; i < sizeof(tests) / sizeof(tests[0]); ++i)
    {
        unsigned int c = read_pixel(24 + i * 40, 24, bpp);
        ok(colour_near(c, tests[i].level1, 12), "format %u, level 1: got %06x, expected %06x.\n",
                tests[i].format, c, tests[i].level1);
        c = read_pixel(28 + i * 40, 48, bpp);
        ok(colour_near(c, tests[i].level0, 12), "format %u, level 0: got %06x, expected %06x.\n",
                tests[i].format, c, tests[i].level0);
    }
    T(&api, settexture, pfn_p1)(NULL);
    th_setstate(&api, 0x07, 1);
    th_setstate(&api, 0x02, 1);
}

static void *solid_texture(uint32_t argb, uint32_t stage)
{
    uint8_t data[4 * 4 * 4];
    unsigned int i;
    void *t = T(&api, talloc, pfn_talloc)(4, 4, 6, 0, stage << 16);

    for (i = 0; i < 16; ++i)
    {
        data[4 * i] = argb; data[4 * i + 1] = argb >> 8;
        data[4 * i + 2] = argb >> 16; data[4 * i + 3] = argb >> 24;
    }
    if (t) T(&api, tupdate, pfn_tupdate)(t, data, NULL);
    return t;
}

/* Two texture stages through setstate(0x1b3) with FVF 0x2c4, the blend modes
 * of 0x29 per stage, and the cascade ending at a stage without a texture. */
static void test_stages(unsigned int bpp)
{
    struct thrash_vertex2 v[4];
    struct thrash_primitive prim;
    uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
    void *red = solid_texture(0xffff0000, 0), *grey = solid_texture(0xff808080, 1);
    unsigned int i;

    ok(red && grey, "textures failed.\n");
    if (!red || !grey) return;
    T(&api, window, pfn_u1)(2);
    th_setstate(&api, 0x03, 0xff000000);
    T(&api, clearwindow, pfn_void)();
    th_setstate(&api, 0x0a, 0);
    th_setstate(&api, 0x02, 0);
    ok(th_setstate(&api, 0x2a, 1) != 0, "two coordinate sets refused.\n");
    memset(v, 0, sizeof(v));
    for (i = 0; i < 4; ++i)
    {
        v[i].v.x = (i == 1 || i == 2) ? 60.25f : 20.25f;
        v[i].v.y = i >= 2 ? 60.25f : 20.25f;
        v[i].v.z = 0.5f;
        v[i].v.rhw = 1.0f;
        v[i].v.diffuse = 0xffffffff;
    }
    prim.type = 4;
    prim.vertices = v;
    prim.vertex_count = 4;
    prim.indices = idx;
    prim.index_count = 6;

    /* Stage 0 red, stage 1 grey, modulate: dark red. */
    T(&api, settexture, pfn_p1)(red);
    T(&api, settexture, pfn_p1)(grey);
    th_setstate(&api, 0x29, 0);
    th_setstate(&api, 0x10029, 3);
    th_setstate(&api, 0x1b3, &prim);
    T(&api, flushwindow, pfn_void)();
    check_pixel(40, 40, 0x800000, 12, bpp);

    /* Stage 1 adds: red + grey. */
    th_setstate(&api, 0x10029, 1);
    th_setstate(&api, 0x1b3, &prim);
    T(&api, flushwindow, pfn_void)();
    check_pixel(40, 40, 0xff8080, 12, bpp);

    /* Stage 1 empty with the default "select texture": the cascade ends,
     * stage 0's red shows. */
    th_setstate(&api, 0x10029, 0);
    th_setstate(&api, 0x10001, 0);
    th_setstate(&api, 0x1b3, &prim);
    T(&api, flushwindow, pfn_void)();
    check_pixel(40, 40, 0xff0000, 12, bpp);

    th_setstate(&api, 0x2a, 0);
    T(&api, settexture, pfn_p1)(NULL);
    th_setstate(&api, 0x02, 1);
}

/* The older strip/fan forms: exported as _THRASH_<name>@8, not fetched by
 * the game, (count, vertices). */
static void test_older_forms(unsigned int bpp)
{
    typedef void (THRASHCALL *pfn_strip8)(uint32_t, void *);
#ifdef _WIN32
    pfn_strip8 fan8 = (pfn_strip8)(void *)GetProcAddress(api.module, "_THRASH_drawtrifan@8");
    pfn_strip8 strip8 = (pfn_strip8)(void *)GetProcAddress(api.module, "_THRASH_drawtristrip@8");
#else
    /* A native library has no decoration: the older forms carry an 8. */
    pfn_strip8 fan8 = (pfn_strip8)GetProcAddress(api.module, "THRASH_drawtrifan8");
    pfn_strip8 strip8 = (pfn_strip8)GetProcAddress(api.module, "THRASH_drawtristrip8");
#endif
    struct thrash_vertex fan[4] =
    {
        {500, 300, 0.5f, 1.0f, 0xff00ffff, 0, 0, 0}, {560, 300, 0.5f, 1.0f, 0xff00ffff, 0, 0, 0},
        {560, 360, 0.5f, 1.0f, 0xff00ffff, 0, 0, 0}, {500, 360, 0.5f, 1.0f, 0xff00ffff, 0, 0, 0},
    };
    struct thrash_vertex strip[4] =
    {
        {570, 300, 0.5f, 1.0f, 0xffff8000, 0, 0, 0}, {630, 300, 0.5f, 1.0f, 0xffff8000, 0, 0, 0},
        {570, 360, 0.5f, 1.0f, 0xffff8000, 0, 0, 0}, {630, 360, 0.5f, 1.0f, 0xffff8000, 0, 0, 0},
    };

    ok(fan8 && strip8, "no @8 exports.\n");
    ok((void *)fan8 != api.table[SLOT_drawtrifan], "the @8 fan is the game's @12 one.\n");
    if (!fan8 || !strip8) return;
    T(&api, settexture, pfn_p1)(NULL);
    th_setstate(&api, 0x29, 2);
    th_setstate(&api, 0x02, 0);
    fan8(2, fan);
    strip8(2, strip);
    T(&api, flushwindow, pfn_void)();
    check_pixel(530, 330, 0x00ffff, 10, bpp);
    check_pixel(600, 330, 0xff8000, 10, bpp);
    th_setstate(&api, 0x02, 1);
}

static void test_mode(unsigned int depth)
{
    unsigned int bpp = depth == 2 ? 4 : 2, c;
    struct thrash_lock *lock;
    uint8_t buf[16], src[16];
    int hooks[2];
    uint32_t ok_mode;

    ok_mode = T(&api, setvideomode, pfn_u3)(1, 2, depth);
    if (!ok_mode && winetest_is_ours())
    {
        skip("our Direct3D 7 device does not exist yet: no video mode %u.\n", depth);
        return;
    }
    ok(ok_mode, "setvideomode(1, 2, %u) failed.\n", depth);
    if (!ok_mode)
        return;
    ok(scene_init(&api), "textures could not be made.\n");

    scene_selftest(&api, 0);
    check_selftest_picture(bpp);

    /* lockwindow's answer on the back buffer; hook [5] around the lock. */
    hooks[0] = thrash_lock_hook_calls[0];
    hooks[1] = thrash_lock_hook_calls[1];
    T(&api, window, pfn_u1)(2);
    lock = T(&api, lockwindow, pfn_lock)();
    ok(lock != NULL, "lockwindow failed.\n");
    if (lock)
    {
        ok(lock->format == (depth == 2 ? 6u : 4u), "got format %u.\n", lock->format);
        ok(lock->width == 640 && lock->height == 480, "got %ux%u.\n", lock->width, lock->height);
        ok(lock->pitch >= 640 * bpp, "got pitch %u.\n", lock->pitch);
        c = pixel_rgb((const uint8_t *)lock->pixels + 260 * lock->pitch + 60 * bpp, bpp);
        ok(colour_near(c, 0xff2020, 10), "locked (60, 260): got %06x.\n", c);
        ok(!T(&api, readrect, pfn_rect)(0, 0, 1, 1, buf), "readrect worked while locked.\n");
        T(&api, unlockwindow, pfn_p1)(lock);
    }
    ok(thrash_lock_hook_calls[1] == hooks[1] + 1 && thrash_lock_hook_calls[0] == hooks[0] + 1,
            "lock hook calls %d/%d, were %d/%d.\n", thrash_lock_hook_calls[1], thrash_lock_hook_calls[0],
            hooks[1], hooks[0]);

    /* The flip: the front buffer shows the picture. */
    ok(T(&api, pageflip, pfn_void)(), "pageflip failed.\n");
    T(&api, window, pfn_u1)(1);
    check_pixel(60, 260, 0xff2020, 10, bpp);
    check_pixel(360, 320, 0xff8080, 12, bpp);
    T(&api, window, pfn_u1)(2);

    /* writerect copies 2 bytes a pixel unless the format is 24-bit: in the
     * 32-bit mode four pixels' worth of data covers two pixels (kept). */
    memset(src, 0xff, sizeof(src));
    memset(buf, 0, sizeof(buf));
    T(&api, readrect, pfn_rect)(600, 100, 4, 1, buf);
    ok(pixel_rgb(buf + 3 * bpp, bpp) != 0xffffff, "pixel 3 is white already.\n");
    ok(T(&api, writerect, pfn_rect)(600, 100, 4, 1, src), "writerect failed.\n");
    T(&api, readrect, pfn_rect)(600, 100, 4, 1, buf);
    ok(pixel_rgb(buf, bpp) == 0xffffff, "pixel 0: got %06x.\n", pixel_rgb(buf, bpp));
    ok(pixel_rgb(buf + bpp, bpp) == 0xffffff, "pixel 1: got %06x.\n", pixel_rgb(buf + bpp, bpp));
    if (depth == 2)
        ok(pixel_rgb(buf + 3 * bpp, bpp) != 0xffffff, "pixel 3 was written in a 32-bit mode.\n");
    else
        ok(pixel_rgb(buf + 3 * bpp, bpp) == 0xffffff, "pixel 3: got %06x.\n", pixel_rgb(buf + 3 * bpp, bpp));

    if (depth == 1)
        test_quirks(bpp);
    test_older_forms(bpp);
    test_formats(bpp);
    test_mips(bpp);
    test_stages(bpp);

    /* Window 3 is the z-buffer: clearwindow clears z only. */
    scene_selftest(&api, 1);
    ok(T(&api, window, pfn_u1)(3), "window(3) refused.\n");
    ok(T(&api, clearwindow, pfn_void)(), "z clear failed.\n");
    T(&api, window, pfn_u1)(2);
    check_pixel(60, 260, 0xff2020, 10, bpp);
    ok(!T(&api, window, pfn_u1)(4), "window(4) accepted.\n");
    T(&api, window, pfn_u1)(2);

    scene_free(&api);
}

START_TEST(selftest)
{
    const struct thrash_about *about;

    if (!thrash_opendll(&api, DX7Z_DRIVER))
    {
        if (winetest_is_ours())
            skip("our ddraw.dll does not exist yet: dx7z.dll does not load.\n");
        else
            ok(0, "dx7z.dll could not be loaded.\n");
        return;
    }
    ok(api.bound == 38, "%d exports bound.\n", api.bound);
    ok(api.table[SLOT_setstate_a] == api.table[SLOT_setstate], "setstate alias.\n");
    ok(api.table[SLOT_getstate_b] == api.table[SLOT_getstate], "getstate alias.\n");
    ok(!api.glide, "Glide flag set.\n");
    about = T(&api, about, pfn_about)();
    ok(about && about->size == 0xd0 && about->signature == 0x37443344, "bad about record.\n");
    ok(about && about->version == 0x6b, "version not set by setstate(0x1f).\n");

    if (!T(&api, is, pfn_void)() && winetest_is_ours())
    {
        /* The driver is a Direct3D 7 client: nothing to do without one. */
        skip("our Direct3D 7 device does not exist yet: no IDirect3D7.\n");
        thrash_closedll(&api);
        return;
    }
    ok(T(&api, is, pfn_void)(), "is() answered no.\n");
    ok(thrash_openwindow(&api, 640, 480, 1), "no window.\n");
    T(&api, selectdisplay, pfn_u1)(0);

    test_mode(1);
    test_mode(2);

    T(&api, restore, pfn_void)();
    thrash_closedll(&api);
}

/*
 * GS local memory: the PSMCT32 / PSMCT16 / PSMT8 / PSMT4 layouts (each a
 * permutation of its page, with the GS's documented block and column
 * positions), image transfers through GIF packets, read back through each
 * PSM, and refused out-of-range transfers that leave memory untouched.
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
#include "gs_private.h"

static const unsigned int psms[] = {GS_PSMCT32, GS_PSMCT16, GS_PSMT8, GS_PSMT4};

static void page_size(unsigned int psm, unsigned int *w, unsigned int *h, unsigned int *bits)
{
    switch (psm)
    {
        case GS_PSMCT16: *w = 64; *h = 64; *bits = 16; break;
        case GS_PSMT8: *w = 128; *h = 64; *bits = 8; break;
        case GS_PSMT4: *w = 128; *h = 128; *bits = 4; break;
        default: *w = 64; *h = 32; *bits = 32; break;
    }
}

/* Every pixel of one page lands on its own bits of the page's 2048 words. */
static void test_page_permutation(void **state)
{
    unsigned int i, x, y, w, h, bits;

    for (i = 0; i < 4; ++i)
    {
        unsigned int psm = psms[i], bw;
        uint8_t *seen = calloc(2048 * 32, 1);
        page_size(psm, &w, &h, &bits);
        bw = w / 64;
        for (y = 0; y < h; ++y)
            for (x = 0; x < w; ++x)
            {
                unsigned int shift, k;
                int64_t a = gs_memory_address(psm, 0, bw, x, y, &shift);
                assert_true(a >= 0 && a < 2048);
                for (k = 0; k < bits; ++k)
                {
                    assert_int_equal(seen[a * 32 + shift + k], 0);
                    seen[a * 32 + shift + k] = 1;
                }
            }
        for (x = 0; x < 2048 * 32; ++x) assert_int_equal(seen[x], 1);
        free(seen);
    }
}

static int64_t addr(unsigned int psm, unsigned int x, unsigned int y, unsigned int *shift)
{
    return gs_memory_address(psm, 0, psm == GS_PSMT8 || psm == GS_PSMT4 ? 2 : 1, x, y, shift);
}

/* Positions from the GS's documented layouts. */
static void test_known_positions(void **state)
{
    unsigned int s;

    /* PSMCT32: columns of 8x2, pixel pairs interleaved; blocks 8x8 in the
     * order 0 1 4 5 / 2 3 6 7 ... */
    assert_int_equal(addr(GS_PSMCT32, 1, 0, &s), 1);
    assert_int_equal(addr(GS_PSMCT32, 2, 0, &s), 4);
    assert_int_equal(addr(GS_PSMCT32, 0, 1, &s), 2);
    assert_int_equal(addr(GS_PSMCT32, 0, 2, &s), 16);
    assert_int_equal(addr(GS_PSMCT32, 8, 0, &s), 64);        /* block 1 */
    assert_int_equal(addr(GS_PSMCT32, 0, 8, &s), 128);       /* block 2 */
    assert_int_equal(addr(GS_PSMCT32, 16, 0, &s), 4 * 64);   /* block 4 */
    assert_int_equal(addr(GS_PSMCT32, 32, 0, &s), 16 * 64);  /* block 16 */
    assert_int_equal(addr(GS_PSMCT32, 63, 31, &s), 31 * 64 + 63);
    /* The next page to the right, then the next row of pages (bw 2). */
    assert_int_equal(gs_memory_address(GS_PSMCT32, 0, 2, 64, 0, &s), 2048);
    assert_int_equal(gs_memory_address(GS_PSMCT32, 0, 2, 0, 32, &s), 4096);
    /* bp offsets by blocks. */
    assert_int_equal(gs_memory_address(GS_PSMCT32, 3, 1, 0, 0, &s), 3 * 64);

    /* PSMCT16: blocks 16x8 in the order 0 2 8 10 / 1 3 9 11 ... */
    assert_int_equal(addr(GS_PSMCT16, 0, 0, &s), 0); assert_int_equal(s, 0);
    assert_int_equal(addr(GS_PSMCT16, 8, 0, &s), 0); assert_int_equal(s, 16);
    assert_int_equal(addr(GS_PSMCT16, 1, 0, &s), 1); assert_int_equal(s, 0);
    assert_int_equal(addr(GS_PSMCT16, 0, 8, &s), 64);        /* block 1 */
    assert_int_equal(addr(GS_PSMCT16, 16, 0, &s), 128);      /* block 2 */

    /* PSMT8: columns of 16x4, rows 2-3 rotated. */
    assert_int_equal(addr(GS_PSMT8, 1, 0, &s), 1); assert_int_equal(s, 0);    /* byte 4 */
    assert_int_equal(addr(GS_PSMT8, 8, 0, &s), 0); assert_int_equal(s, 16);   /* byte 2 */
    assert_int_equal(addr(GS_PSMT8, 0, 2, &s), 8); assert_int_equal(s, 8);    /* byte 33 */
    assert_int_equal(addr(GS_PSMT8, 4, 2, &s), 0); assert_int_equal(s, 8);    /* byte 1 */
    assert_int_equal(addr(GS_PSMT8, 0, 4, &s), 24); assert_int_equal(s, 0);   /* byte 96 */
    assert_int_equal(addr(GS_PSMT8, 16, 0, &s), 64);                          /* block 1 */

    /* PSMT4: nibbles. */
    assert_int_equal(addr(GS_PSMT4, 1, 0, &s), 1); assert_int_equal(s, 0);    /* nibble 8 */
    assert_int_equal(addr(GS_PSMT4, 8, 0, &s), 0); assert_int_equal(s, 8);    /* nibble 2 */
    assert_int_equal(addr(GS_PSMT4, 0, 2, &s), 8); assert_int_equal(s, 4);    /* nibble 65 */
    assert_int_equal(addr(GS_PSMT4, 32, 0, &s), 128);                         /* block 2 */
    assert_int_equal(addr(GS_PSMT4, 0, 16, &s), 64);                          /* block 1 */

    assert_true(gs_memory_address(GS_PSMZ24, 0, 1, 0, 0, &s) < 0);
}

/* Host-to-local transfer of a rectangle through GIF packets. */
static int upload(struct gs_device *gs, unsigned int psm, unsigned int dbp, unsigned int dbw, unsigned int x,
        unsigned int y, unsigned int w, unsigned int h, const void *data, size_t bytes)
{
    size_t qwords = (bytes + 15) / 16;
    uint64_t *p = calloc((6 + qwords) * 2, sizeof(uint64_t));
    int hr;

    p[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    p[1] = GS_GIF_REG_AD;
    p[2] = gs_make_bitbltbuf(0, 0, 0, dbp, dbw, psm); p[3] = GS_BITBLTBUF;
    p[4] = gs_make_trxpos(0, 0, x, y, 0); p[5] = GS_TRXPOS;
    p[6] = gs_make_trxreg(w, h); p[7] = GS_TRXREG;
    p[8] = 0; p[9] = GS_TRXDIR;
    p[10] = gs_make_giftag(qwords, 1, 0, 0, GS_GIF_IMAGE, 0);
    memcpy(&p[12], data, bytes);
    hr = gs_device_process(gs, p, 6 + qwords);
    free(p);
    return hr;
}

static long download(struct gs_device *gs, unsigned int psm, unsigned int sbp, unsigned int sbw, unsigned int x,
        unsigned int y, unsigned int w, unsigned int h, void *out, size_t size)
{
    gs_device_write_register(gs, GS_BITBLTBUF, gs_make_bitbltbuf(sbp, sbw, psm, 0, 0, 0));
    gs_device_write_register(gs, GS_TRXPOS, gs_make_trxpos(x, y, 0, 0, 0));
    gs_device_write_register(gs, GS_TRXREG, gs_make_trxreg(w, h));
    gs_device_write_register(gs, GS_TRXDIR, 1);
    return gs_device_read_image(gs, out, size);
}

static void test_transfer_roundtrip(void **state)
{
    struct gs_device *gs;
    unsigned int i, j;

    assert_int_equal(gs_device_create(&gs), 0);
    for (i = 0; i < 4; ++i)
    {
        unsigned int psm = psms[i], w = 96, h = 40, bits, pw, ph;
        size_t bytes;
        uint8_t *in, *out;
        page_size(psm, &pw, &ph, &bits);
        bytes = w * h * bits / 8;
        in = malloc(bytes);
        out = malloc(bytes);
        for (j = 0; j < bytes; ++j) in[j] = (uint8_t)(j * 7 + i * 13 + (j >> 8));
        assert_int_equal(upload(gs, psm, 0x1000 + i * 0x100, 2, 10, 6, w, h, in, bytes), 0);
        assert_int_equal(download(gs, psm, 0x1000 + i * 0x100, 2, 10, 6, w, h, out, bytes), (long)bytes);
        assert_memory_equal(in, out, bytes);
        /* Pixel reads agree with the host order. */
        if (psm == GS_PSMCT32)
            assert_int_equal(gs_memory_read_pixel(gs, psm, 0x1000, 2, 10 + 1, 6), ((uint32_t *)in)[1]);
        if (psm == GS_PSMT4)
            assert_int_equal(gs_memory_read_pixel(gs, psm, 0x1300, 2, 11, 6), in[0] >> 4);
        free(in);
        free(out);
    }
    gs_device_destroy(gs);
}

/* PSMCT32 written, read as PSMCT16 / PSMT8: the formats share memory and
 * only the view differs (word 0 = pixel (0,0) in every format's block 0). */
static void test_shared_memory(void **state)
{
    struct gs_device *gs;

    assert_int_equal(gs_device_create(&gs), 0);
    gs_memory_write_pixel(gs, GS_PSMCT32, 0, 1, 0, 0, 0x44332211);
    assert_int_equal(gs_memory_read_pixel(gs, GS_PSMCT16, 0, 1, 0, 0), 0x2211);
    assert_int_equal(gs_memory_read_pixel(gs, GS_PSMCT16, 0, 1, 8, 0), 0x4433);
    assert_int_equal(gs_memory_read_pixel(gs, GS_PSMT8, 0, 2, 0, 0), 0x11);
    assert_int_equal(gs_memory_read_pixel(gs, GS_PSMT4, 0, 2, 0, 0), 0x1);
    /* PSMCT24 keeps the top byte. */
    gs_memory_write_pixel(gs, GS_PSMCT24, 0, 1, 0, 0, 0xaabbccdd);
    assert_int_equal(gs_device_memory(gs)[0], 0x44bbccdd);
    gs_device_destroy(gs);
}

static uint64_t checksum(struct gs_device *gs)
{
    const uint32_t *m = gs_device_memory(gs);
    uint64_t h = 1469598103934665603ull;
    unsigned int i;

    for (i = 0; i < GS_MEMORY_WORDS; ++i) h = (h ^ m[i]) * 1099511628211ull;
    return h;
}

static void test_refused_transfers(void **state)
{
    struct gs_device *gs;
    static uint8_t data[64 * 64 * 4];
    struct gs_stats s;
    uint64_t before;

    assert_int_equal(gs_device_create(&gs), 0);
    memset(data, 0xab, sizeof(data));
    before = checksum(gs);
    /* Beyond 2048 pixels. */
    upload(gs, GS_PSMCT32, 0, 32, 2040, 0, 16, 4, data, 16 * 4 * 4);
    /* Wider than the buffer width. */
    upload(gs, GS_PSMCT32, 0, 1, 32, 0, 64, 4, data, 64 * 4 * 4);
    /* Past the end of the 4 MB. */
    upload(gs, GS_PSMCT32, 0x3fe0, 1, 0, 0, 64, 64, data, sizeof(data));
    /* Width 0, bw 0, odd bw for PSMT8, and a Z format. */
    upload(gs, GS_PSMCT32, 0, 1, 0, 0, 0, 4, data, 64);
    upload(gs, GS_PSMCT32, 0, 0, 0, 0, 4, 4, data, 64);
    upload(gs, GS_PSMT8, 0, 1, 0, 0, 16, 16, data, 256);
    upload(gs, GS_PSMZ24, 0, 1, 0, 0, 4, 4, data, 64);
    assert_true(checksum(gs) == before);
    gs_device_get_stats(gs, &s);
    assert_true(s.errors >= 7);
    /* The last block of memory is fine when it fits exactly. */
    assert_int_equal(upload(gs, GS_PSMCT32, 0x3fff, 1, 0, 0, 8, 8, data, 256), 0);
    assert_int_equal(gs_device_memory(gs)[GS_MEMORY_WORDS - 1], 0xabababab);
    /* Reading back out of range is refused too. */
    assert_int_equal(download(gs, GS_PSMCT32, 0x3fff, 1, 0, 0, 64, 64, data, sizeof(data)), -1);
    gs_device_destroy(gs);
}

static void test_local_to_local(void **state)
{
    struct gs_device *gs;
    unsigned int x, y;

    assert_int_equal(gs_device_create(&gs), 0);
    for (y = 0; y < 16; ++y)
        for (x = 0; x < 16; ++x)
            gs_memory_write_pixel(gs, GS_PSMCT32, 0x100, 1, x, y, y * 16 + x + 1);
    gs_device_write_register(gs, GS_BITBLTBUF, gs_make_bitbltbuf(0x100, 1, 0, 0x200, 2, 0));
    gs_device_write_register(gs, GS_TRXPOS, gs_make_trxpos(0, 0, 70, 3, 0));
    gs_device_write_register(gs, GS_TRXREG, gs_make_trxreg(16, 16));
    gs_device_write_register(gs, GS_TRXDIR, 2);
    for (y = 0; y < 16; ++y)
        for (x = 0; x < 16; ++x)
            assert_int_equal(gs_memory_read_pixel(gs, GS_PSMCT32, 0x200, 2, 70 + x, 3 + y), y * 16 + x + 1);
    gs_device_destroy(gs);
}

/* Textures through TEX0 and the CLUT. */
static void test_texel_clut(void **state)
{
    struct gs_device *gs;
    uint32_t clut[256];
    uint8_t idx8[16 * 16];
    uint8_t idx4[16 * 16 / 2];
    unsigned int i;

    assert_int_equal(gs_device_create(&gs), 0);
    /* The CLUT as stored (CSM1): entries 8-15 and 16-23 of each 32 swapped. */
    for (i = 0; i < 256; ++i)
    {
        unsigned int j = (i & ~0x18u) | ((i & 0x08) << 1) | ((i & 0x10) >> 1);
        clut[j] = 0x80000000u | i;
    }
    for (i = 0; i < sizeof(idx8); ++i) idx8[i] = (uint8_t)(i * 3);
    assert_int_equal(upload(gs, GS_PSMT8, 0x400, 2, 0, 0, 16, 16, idx8, sizeof(idx8)), 0);
    assert_int_equal(upload(gs, GS_PSMCT32, 0x500, 1, 0, 0, 16, 16, clut, sizeof(clut)), 0);
    gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x400, 2, GS_PSMT8, 4, 4, 1, 0, 0x500, 0, 0, 0, 1));
    for (i = 0; i < 256; ++i)
        assert_int_equal(gs_device_read_texel(gs, 0, i % 16, i / 16), 0x80000000u | (uint8_t)(i * 3));

    /* 4-bit: 16 entries in 8x2. */
    for (i = 0; i < 16; ++i) clut[i] = 0x40000000u | (i * 0x10);
    for (i = 0; i < sizeof(idx4); ++i) idx4[i] = (uint8_t)((i & 15) | ((15 - (i & 15)) << 4));
    assert_int_equal(upload(gs, GS_PSMT4, 0x600, 2, 0, 0, 16, 16, idx4, sizeof(idx4)), 0);
    assert_int_equal(upload(gs, GS_PSMCT32, 0x700, 1, 0, 0, 8, 2, clut, 64), 0);
    gs_device_write_register(gs, GS_TEX0_2, gs_make_tex0(0x600, 2, GS_PSMT4, 4, 4, 1, 0, 0x700, 0, 0, 0, 1));
    assert_int_equal(gs_device_read_texel(gs, 1, 0, 0), 0x40000000u);
    assert_int_equal(gs_device_read_texel(gs, 1, 1, 0), 0x400000f0u);
    assert_int_equal(gs_device_read_texel(gs, 1, 2, 0), 0x40000010u);

    /* PSMCT16 with TEXA: A bit picks TA1 / TA0. */
    {
        uint16_t px[2] = {0x801f, 0x03e0};
        assert_int_equal(upload(gs, GS_PSMCT16, 0x800, 1, 0, 0, 2, 1, px, 4), 0);
        gs_device_write_register(gs, GS_TEXA, gs_make_texa(0x20, 0, 0x80));
        gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x800, 1, GS_PSMCT16, 1, 0, 1, 0, 0, 0, 0, 0, 0));
        assert_int_equal(gs_device_read_texel(gs, 0, 0, 0), 0x800000f8u);
        assert_int_equal(gs_device_read_texel(gs, 0, 1, 0), 0x2000f800u);
    }
    gs_device_destroy(gs);
}

/* PSMCT24 texels take TA0 (or 0 for black with AEM); a PSMT8 texture with
 * a PSMCT16 CLUT expands through TEXA. */
static void test_texel_ct24_clut16(void **state)
{
    struct gs_device *gs;
    uint8_t rgb[2 * 3] = {0x11, 0x22, 0x33, 0, 0, 0};
    uint16_t clut16[256];
    uint8_t idx[16 * 16];
    unsigned int i;

    assert_int_equal(gs_device_create(&gs), 0);
    assert_int_equal(upload(gs, GS_PSMCT24, 0x100, 1, 0, 0, 2, 1, rgb, sizeof(rgb)), 0);
    gs_device_write_register(gs, GS_TEXA, gs_make_texa(0x40, 1, 0x80));
    gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x100, 1, GS_PSMCT24, 1, 0, 1, 0, 0, 0, 0, 0, 0));
    assert_int_equal(gs_device_read_texel(gs, 0, 0, 0), 0x40332211u);
    assert_int_equal(gs_device_read_texel(gs, 0, 1, 0), 0);   /* black, AEM */
    gs_device_write_register(gs, GS_TEXA, gs_make_texa(0x40, 0, 0x80));
    assert_int_equal(gs_device_read_texel(gs, 0, 1, 0), 0x40000000u);

    for (i = 0; i < 256; ++i)
    {
        unsigned int j = (i & ~0x18u) | ((i & 0x08) << 1) | ((i & 0x10) >> 1);
        clut16[j] = 0x8000 | (i & 0x1f);    /* red = i & 31, A bit set */
    }
    for (i = 0; i < sizeof(idx); ++i) idx[i] = (uint8_t)(255 - i);
    assert_int_equal(upload(gs, GS_PSMT8, 0x400, 2, 0, 0, 16, 16, idx, sizeof(idx)), 0);
    assert_int_equal(upload(gs, GS_PSMCT16, 0x500, 1, 0, 0, 16, 16, clut16, sizeof(clut16)), 0);
    gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x400, 2, GS_PSMT8, 4, 4, 1, 0, 0x500, GS_PSMCT16, 0, 0, 1));
    for (i = 0; i < 256; i += 17)
        assert_int_equal(gs_device_read_texel(gs, 0, i % 16, i / 16), 0x80000000u | (((255 - i) & 0x1f) << 3));

    /* CSM2: a linear strip at (COU * 16, COV) of a CBW-wide buffer. */
    for (i = 0; i < 256; ++i) clut16[i] = 0x8000 | ((i & 0x1f) << 5);  /* green = i & 31 */
    assert_int_equal(upload(gs, GS_PSMCT16, 0x600, 8, 32, 3, 256, 1, clut16, sizeof(clut16)), 0);
    gs_device_write_register(gs, GS_TEXCLUT, gs_make_texclut(8, 2, 3));
    gs_device_write_register(gs, GS_TEX0_1, gs_make_tex0(0x400, 2, GS_PSMT8, 4, 4, 1, 0, 0x600, GS_PSMCT16, 1, 0, 1));
    for (i = 0; i < 256; i += 17)
        assert_int_equal(gs_device_read_texel(gs, 0, i % 16, i / 16), 0x80000000u | (((255 - i) & 0x1f) << 11));
    gs_device_destroy(gs);
}

/* The write log: block ranges of transfers, by generation. */
static void test_write_log(void **state)
{
    struct gs_device *gs;
    uint32_t first, last, data[64];
    uint64_t g;
    unsigned int i;

    gs_rect_block_range(GS_PSMCT32, 0x100, 1, 0, 0, 64, 32, &first, &last);
    assert_int_equal(first, 0x100);
    assert_int_equal(last, 0x100 + 31);
    gs_rect_block_range(GS_PSMCT32, 0x100, 1, 8, 0, 8, 8, &first, &last);
    assert_int_equal(first, 0x101);
    assert_int_equal(last, 0x101);
    gs_rect_block_range(GS_PSMT4, 0x40, 2, 0, 0, 32, 32, &first, &last);
    assert_int_equal(first, 0x40);
    assert_int_equal(last, 0x41);

    assert_int_equal(gs_device_create(&gs), 0);
    memset(data, 0, sizeof(data));
    g = gs->memory_generation;
    upload(gs, GS_PSMCT32, 0x200, 1, 0, 0, 8, 8, data, 256);
    assert_true(gs_memory_written_since(gs, g, 0x200, 0x200));
    assert_false(gs_memory_written_since(gs, g, 0x201, 0x300));
    assert_false(gs_memory_written_since(gs, gs->memory_generation, 0x200, 0x200));
    /* Older than the log: assumed written. */
    g = gs->memory_generation;
    for (i = 0; i < GS_WRITE_LOG_SIZE + 1; ++i) upload(gs, GS_PSMCT32, 0x300, 1, 0, 0, 8, 8, data, 256);
    assert_true(gs_memory_written_since(gs, g, 0x1000, 0x1000));
    gs_device_destroy(gs);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_page_permutation),
        cmocka_unit_test(test_known_positions),
        cmocka_unit_test(test_transfer_roundtrip),
        cmocka_unit_test(test_shared_memory),
        cmocka_unit_test(test_refused_transfers),
        cmocka_unit_test(test_local_to_local),
        cmocka_unit_test(test_texel_clut),
        cmocka_unit_test(test_write_log),
        cmocka_unit_test(test_texel_ct24_clut16),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

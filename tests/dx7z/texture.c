/*
 * THRASH textures: formats (5 refused), row bytes, mip and DXT offsets, the
 * conversion of every format, clut-only updates, tfree never freeing and
 * treset leaving the recorded state 1 (settexture then skips a texture at a
 * reused address).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "fake_device.h"

static int setup(void **ctx)
{
    fake_reset();
    return 0;
}

/* treset frees whatever a test allocated. */
static int teardown(void **ctx)
{
    dx7z_treset();
    return 0;
}

static void test_formats(void **ctx)
{
    static const DWORD valid[] = {1, 2, 3, 4, 6, 7, 12, 13};
    unsigned int i;

    for (i = 0; i < sizeof(valid) / sizeof(valid[0]); ++i)
        assert_true(dx7z_texture_format_valid(valid[i]));
    assert_false(dx7z_texture_format_valid(5));
    assert_false(dx7z_texture_format_valid(0));
    assert_false(dx7z_texture_format_valid(8));
    assert_false(dx7z_texture_format_valid(14));
    assert_null(dx7z_talloc(64, 64, 5, 0, 0));
    assert_null(dx7z_talloc(64, 64, 0, 0, 0));
    assert_null(dx7z_talloc(0, 64, 4, 0, 0));
    assert_null(dx7z_talloc(64, 64, 4, 0, 0x80000));    /* stage 8 */
}

static void test_layout(void **ctx)
{
    /* (bits * width + 7) / 8 */
    assert_int_equal(dx7z_texture_row_bytes(1, 5), 3);
    assert_int_equal(dx7z_texture_row_bytes(1, 64), 32);
    assert_int_equal(dx7z_texture_row_bytes(2, 5), 5);
    assert_int_equal(dx7z_texture_row_bytes(3, 5), 10);
    assert_int_equal(dx7z_texture_row_bytes(6, 5), 20);
    assert_int_equal(dx7z_texture_row_bytes(7, 3), 6);
    /* Mips follow level 0. */
    assert_int_equal(dx7z_texture_level_offset(4, 64, 32, 0), 0);
    assert_int_equal(dx7z_texture_level_offset(4, 64, 32, 1), 64 * 32 * 2);
    assert_int_equal(dx7z_texture_level_offset(4, 64, 32, 2), 64 * 32 * 2 + 32 * 16 * 2);
    assert_int_equal(dx7z_texture_level_offset(2, 4, 1, 3), 4 + 2 + 1);
    assert_int_equal(dx7z_texture_level_offset(1, 8, 8, 1), 32);
    /* DXT: data starts 8 bytes in, levels in 4x4 blocks. */
    assert_int_equal(dx7z_texture_level_offset(12, 64, 64, 0), 8);
    assert_int_equal(dx7z_texture_level_offset(12, 64, 64, 1), 8 + 16 * 16 * 8);
    assert_int_equal(dx7z_texture_level_offset(13, 64, 64, 1), 8 + 16 * 16 * 16);
    assert_int_equal(dx7z_texture_level_size(12, 2, 2), 8);
    assert_int_equal(dx7z_texture_level_size(13, 8, 4), 32);
}

static void test_convert(void **ctx)
{
    DWORD clut[256], out[16];
    BYTE p4[2] = {0x12, 0x30}, p8[2] = {3, 1};
    BYTE c1555[4] = {0x1f, 0x80, 0x00, 0x7c}, c565[2] = {0xe0, 0x07}, c4444[2] = {0x0f, 0x8f};
    BYTE c8888[4] = {0x11, 0x22, 0x33, 0x44};
    unsigned int i;

    for (i = 0; i < 256; ++i)
        clut[i] = 0xaa000000u | i * 0x010101u;
    /* P4: the left pixel in the high nibble; palettised textures are opaque. */
    dx7z_texture_convert(1, p4, 3, 1, clut, out, 16);
    assert_int_equal(out[0], 0xff010101);
    assert_int_equal(out[1], 0xff020202);
    assert_int_equal(out[2], 0xff030303);
    dx7z_texture_convert(2, p8, 2, 1, clut, out, 16);
    assert_int_equal(out[0], 0xff030303);
    assert_int_equal(out[1], 0xff010101);
    dx7z_texture_convert(3, c1555, 2, 1, clut, out, 16);
    assert_int_equal(out[0], 0xff0000ff);
    assert_int_equal(out[1], 0x00ff0000);
    dx7z_texture_convert(4, c565, 1, 1, clut, out, 16);
    assert_int_equal(out[0], 0xff00ff00);
    dx7z_texture_convert(7, c4444, 1, 1, clut, out, 16);
    assert_int_equal(out[0], 0x88ff00ff);
    dx7z_texture_convert(6, c8888, 1, 1, clut, out, 16);
    assert_int_equal(out[0], 0x44332211);
}

static void test_dxt(void **ctx)
{
    /* DXT1, four colours: red, blue, two thirds between. Row 0 indices 0,1,2,3. */
    BYTE dxt1[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0x00, 0x00, 0x00};
    /* DXT1, three colours + transparent (c0 <= c1): index 3 is transparent. */
    BYTE dxt1t[8] = {0x1f, 0x00, 0x00, 0xf8, 0x38, 0x00, 0x00, 0x00};
    BYTE dxt3[16] = {0x10, 0x32, 0, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};
    DWORD out[16];

    dx7z_texture_convert(12, dxt1, 4, 4, NULL, out, 4);
    assert_int_equal(out[0], 0xffff0000);
    assert_int_equal(out[1], 0xff0000ff);
    assert_int_equal(out[2], 0xffaa0055);
    assert_int_equal(out[3], 0xff5500aa);
    assert_int_equal(out[4], 0xffff0000);
    dx7z_texture_convert(12, dxt1t, 4, 4, NULL, out, 4);
    assert_int_equal(out[0], 0xff0000ff);
    assert_int_equal(out[1], 0xff7f007f);
    assert_int_equal(out[2], 0x00000000);
    dx7z_texture_convert(13, dxt3, 4, 4, NULL, out, 4);
    assert_int_equal(out[0] >> 24, 0x00);
    assert_int_equal(out[1] >> 24, 0x11);
    assert_int_equal(out[2] >> 24, 0x22);
    assert_int_equal(out[3] >> 24, 0x33);
    assert_int_equal(out[0] & 0xffffff, 0xff0000);
}

static void test_talloc_tupdate(void **ctx)
{
    struct dx7z_texture *t;
    DWORD clut[256];
    BYTE pix[64 + 16 + 4 + 1];  /* four levels of 8x8 P8 */

    /* No DirectDraw here: the bookkeeping only. */
    t = dx7z_talloc(8, 8, 2, 0, 0x10003);
    assert_non_null(t);
    assert_int_equal(t->stage, 1);
    assert_int_equal(t->levels, 4);
    t = dx7z_talloc(8, 8, 2, 0, 9);
    assert_int_equal(t->levels, 4);     /* clamped to what 8x8 has */
    memset(pix, 1, sizeof(pix));
    memset(clut, 0, sizeof(clut));
    clut[1] = 0x123456;
    assert_true(dx7z_tupdate(t, pix, clut));
    assert_non_null(t->pixels);
    assert_int_equal(t->pixels_size, 64 + 16 + 4 + 1);
    clut[1] = 0x654321;
    assert_true(dx7z_tupdate(t, NULL, clut));   /* clut only */
    assert_int_equal(t->clut[1], 0x654321);
    assert_int_equal(t->pixels[0], 1);
    assert_false(dx7z_tupdate(NULL, pix, clut));
}

static void test_tfree_treset(void **ctx)
{
    struct dx7z_texture *a, *b;
    unsigned int slot = dx7z_state_slot(1);

    a = dx7z_talloc(4, 4, 4, 0, 0);
    b = dx7z_talloc(4, 4, 4, 0, 0);
    assert_true(dx7z_tfree(a));
    /* Never freed: still on the driver's list. */
    assert_ptr_equal(dx7z.textures, b);
    assert_ptr_equal(dx7z.textures->next, a);

    assert_int_equal(dx7z_setstate(1, (DWORD_PTR)a), 1);
    assert_int_equal(fake_count(FAKE_TEXTURE), 1);
    assert_int_equal(dx7z_setstate(1, (DWORD_PTR)a), 1);   /* already set */
    assert_int_equal(fake_count(FAKE_TEXTURE), 1);

    assert_true(dx7z_treset());
    assert_null(dx7z.textures);
    /* The recorded state 1 stays: a texture at the same address is skipped. */
    assert_int_equal(dx7z.record[0][slot], (DWORD_PTR)a);
    fake_call_count = 0;
    assert_int_equal(dx7z_setstate(1, (DWORD_PTR)a), 1);
    assert_int_equal(fake_count(FAKE_TEXTURE), 0);
    assert_int_equal(dx7z_setstate(1, 0), 1);
    assert_int_equal(fake_count(FAKE_TEXTURE), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_formats, setup, teardown),
        cmocka_unit_test_setup_teardown(test_layout, setup, teardown),
        cmocka_unit_test_setup_teardown(test_convert, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dxt, setup, teardown),
        cmocka_unit_test_setup_teardown(test_talloc_tupdate, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tfree_treset, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * THRASH_about's record: 0xd0 bytes, '7D3D', the format and clut tables,
 * display modes 1..5, "DX7 3rash", DirectX 7; the card subtype table.
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

static void test_record(void **ctx)
{
    const struct thrash_about *a = dx7z_about();
    const struct thrash_displaymode *modes;
    static const DWORD sizes[6][2] = {{0, 0}, {640, 480}, {800, 600}, {1024, 768}, {1280, 1024}, {1600, 1200}};
    unsigned int i;

    assert_int_equal(sizeof(*a), 0xd0);
    assert_int_equal(a->size, 0xd0);
    assert_int_equal(a->signature, 0x37443344);     /* '7D3D' as MSVC packs it */
    assert_memory_equal(&a->signature, "D3D7", 4);
    assert_int_equal(a->version, 0x6b);
    assert_true(a->flags & 0x01);
    assert_true(a->flags & 0x20);                   /* windowed, always */
    assert_string_equal(a->name, "DX7 3rash");
    assert_int_equal(a->dx_version, 7);
    assert_int_equal(a->subtype, 0x12);
    assert_int_equal(a->stages, 2);
    assert_int_equal(a->texture_ram, 32u << 20);
    assert_string_equal(a->device_name, "GeForce 256");
    for (i = 0; i < 16; ++i)
    {
        BOOL expect = i == 1 || i == 2 || i == 3 || i == 4 || i == 6 || i == 7 || i == 12 || i == 13;
        assert_int_equal(a->formats[i] & 1, expect);
    }
    assert_int_equal(a->mode_count, 6);
    modes = a->modes.ptr;
    for (i = 1; i < 6; ++i)
    {
        assert_int_equal(modes[i].width, sizes[i][0]);
        assert_int_equal(modes[i].height, sizes[i][1]);
        assert_int_equal(modes[i].unknown[0], 1);
    }
    assert_int_equal(sizeof(modes[0]), 0x28);
    assert_non_null(a->author.ptr);
    /* The version follows setstate(0x1f). */
    dx7z_setstate(0x1f, 0x68);
    assert_int_equal(dx7z_about()->version, 0x68);
    /* The capability words: stages first. */
    assert_int_equal(((const DWORD *)dx7z_getstate(0x193))[0], 2);
}

static void test_subtype(void **ctx)
{
    assert_int_equal(dx7z_card_subtype(0x10de, 0x0020), 0x04);   /* TNT */
    assert_int_equal(dx7z_card_subtype(0x10de, 0x0028), 0x10);   /* TNT2 */
    assert_int_equal(dx7z_card_subtype(0x10de, 0x002d), 0x10);
    assert_int_equal(dx7z_card_subtype(0x10de, 0x0100), 0x12);   /* GeForce 256 */
    assert_int_equal(dx7z_card_subtype(0x1002, 0x5046), 0x12);   /* unknown: the profile */
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup(test_record, setup),
        cmocka_unit_test_setup(test_subtype, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

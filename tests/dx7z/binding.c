/*
 * The host's binding (programs/thrashhost/bind.c) against the native
 * libdx7gl-dx7z.so: driver choice, the 45-word table with its aliases, the
 * version set at bind time, about, the table sets.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "thrashhost.h"

static void test_drivername(void **ctx)
{
    unsetenv("THRASH_DRIVERNAME");
    assert_string_equal(thrash_drivername("dx7z"), "dx7z");
    setenv("THRASH_DRIVERNAME", "voodoo2z", 1);
    /* The variable wins over a plain name ... */
    assert_string_equal(thrash_drivername("dx7z"), "voodoo2z");
    /* ... but not over a forced one. */
    assert_string_equal(thrash_drivername("!dx7z"), "dx7z");
    unsetenv("THRASH_DRIVERNAME");
}

static void test_bind(void **ctx)
{
    struct thrash_api api;
    const struct thrash_about *about;
    unsigned int i, empty = 0;

    assert_int_equal(thrash_opendll(&api, "/nonexistent/libnothing.so"), 0);
    if (access(DX7Z_SO, R_OK))
    {
        /* A static-only build (the sanitizer tree) has no library to open. */
        skip();
        return;
    }
    assert_int_equal(thrash_opendll(&api, DX7Z_SO), 1);
    assert_int_equal(api.bound, 38);
    for (i = 0; i < THRASH_TABLE_WORDS; ++i)
        if (!api.table[i]) ++empty;
    /* 45 words: 38 functions, 4 aliases, 3 slots the seed leaves unnamed. */
    assert_int_equal(empty, 3);
    assert_null(api.table[SLOT_unknown37]);
    assert_ptr_equal(api.table[SLOT_setstate_a], api.table[SLOT_setstate]);
    assert_ptr_equal(api.table[SLOT_setstate_b], api.table[SLOT_setstate]);
    assert_ptr_equal(api.table[SLOT_getstate_a], api.table[SLOT_getstate]);
    assert_ptr_equal(api.table[SLOT_getstate_b], api.table[SLOT_getstate]);
    assert_ptr_not_equal(api.table[SLOT_drawtristrip], api.table[SLOT_drawtrifan]);
    assert_false(api.glide);

    about = T(&api, about, pfn_about)();
    assert_non_null(about);
    assert_int_equal(about->signature, 0x37443344);
    assert_int_equal(about->size, 0xd0);
    assert_int_equal(about->version, 0x6b);     /* setstate(0x1f, 0x6b) at bind time */
    assert_string_equal(about->name, "DX7 3rash");
    assert_int_equal(th_getstate(&api, 0x1f), 0x6b);

    /* Table sets: save, damage, select back. */
    thrash_savetable(&api, 1);
    api.table[SLOT_about] = NULL;
    thrash_selecttable(&api, 1);
    assert_non_null(api.table[SLOT_about]);

    /* Refusals through the table answer 0. */
    assert_int_equal(th_setstate(&api, 0x1a4, 0), 0);
    assert_int_equal(th_setstate(&api, 0x80029, 0), 0);
    assert_int_equal(th_setstate(&api, 0x25, 0), 0);
    thrash_closedll(&api);
    assert_null(api.module);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_drivername),
        cmocka_unit_test(test_bind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

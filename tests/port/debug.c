/*
 * The debug channels: DX7GL_DEBUG parsing and the default classes.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "dx7gl/debug.h"

static unsigned char channel_flags(const char *name, const char *env)
{
    struct dx7gl_debug_channel channel = {DX7GL_DEBUG_UNINIT, ""};

    if (env) setenv("DX7GL_DEBUG", env, 1);
    else unsetenv("DX7GL_DEBUG");
    dx7gl_dbg_reset();
    snprintf(channel.name, sizeof(channel.name), "%s", name);
    return dx7gl_dbg_init_channel(&channel);
}

#define BIT(c) (1u << (c))

static void test_defaults(void **state)
{
    unsigned char f = channel_flags("state", NULL);
    assert_int_equal(f, BIT(DX7GL_DBCL_FIXME) | BIT(DX7GL_DBCL_ERR));
}

static void test_trace_one_channel(void **state)
{
    assert_true(channel_flags("state", "+state") & BIT(DX7GL_DBCL_TRACE));
    assert_false(channel_flags("draw", "+state") & BIT(DX7GL_DBCL_TRACE));
    assert_true(channel_flags("draw", "+state,+draw") & BIT(DX7GL_DBCL_TRACE));
    /* A bare name is the same as +name for trace. */
    assert_true(channel_flags("draw", "draw") & BIT(DX7GL_DBCL_TRACE));
}

static void test_all_and_exceptions(void **state)
{
    assert_int_equal(channel_flags("gl", "+all"), 0xf);
    assert_int_equal(channel_flags("gl", "+all,-gl"), 0);
    assert_int_equal(channel_flags("state", "+all,-gl"), 0xf);
    assert_int_equal(channel_flags("state", "-all"), 0);
    /* A later "all" overrides what came before for every channel. */
    assert_int_equal(channel_flags("state", "+state,-all"), 0);
}

static void test_classes(void **state)
{
    unsigned char f = channel_flags("ddraw", "warn+all");
    assert_true(f & BIT(DX7GL_DBCL_WARN));
    assert_false(f & BIT(DX7GL_DBCL_TRACE));
    f = channel_flags("ddraw", "err-ddraw");
    assert_false(f & BIT(DX7GL_DBCL_ERR));
    assert_true(f & BIT(DX7GL_DBCL_FIXME));
    f = channel_flags("ddraw", "fixme-all,trace+ddraw");
    assert_int_equal(f, BIT(DX7GL_DBCL_ERR) | BIT(DX7GL_DBCL_TRACE));
}

static void test_bad_input(void **state)
{
    /* Junk, empty items and over-long names change nothing and don't crash. */
    assert_int_equal(channel_flags("state", ",,+,-,averyveryverylongchannelname,+"),
            BIT(DX7GL_DBCL_FIXME) | BIT(DX7GL_DBCL_ERR));
}

static int traced;
DX7GL_DEFAULT_DEBUG_CHANNEL(argtest);

static int count_call(void)
{
    return ++traced;
}

static void test_off_costs_no_evaluation(void **state)
{
    setenv("DX7GL_DEBUG", "-all", 1);
    dx7gl_dbg_reset();
    dx7gl_dbch___default.flags = DX7GL_DEBUG_UNINIT;
    traced = 0;
    TRACE("%d\n", count_call());
    WARN("%d\n", count_call());
    assert_int_equal(traced, 0);
    setenv("DX7GL_DEBUG", "+argtest", 1);
    dx7gl_dbg_reset();
    dx7gl_dbch___default.flags = DX7GL_DEBUG_UNINIT;
    TRACE("%d\n", count_call());
    assert_int_equal(traced, 1);
}

static void test_strings(void **state)
{
    int rect[4] = {1, 2, 30, 40};
    assert_string_equal(dx7gl_dbgstr_rect(rect), "(1,2)-(30,40)");
    assert_string_equal(dx7gl_dbgstr_rect(NULL), "(null)");
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_trace_one_channel),
        cmocka_unit_test(test_all_and_exceptions),
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_off_costs_no_evaluation),
        cmocka_unit_test(test_strings),
    };
    return cmocka_run_group_tests_name("debug channels", tests, NULL, NULL);
}

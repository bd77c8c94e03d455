/*
 * Winetest-style harness for dx7gl's PE conformance tests.
 *
 * A test file is
 *
 *     #include "test.h"
 *     START_TEST(surface)
 *     {
 *         ok(hr == DD_OK, "Got hr %#lx.\n", hr);
 *         todo_if(!winetest_is_ours()) ok(x == 1, "Got %u.\n", x);
 *         if (!caps) { skip("No overlay support.\n"); return; }
 *     }
 *
 * and ends with one summary line (name: N tests executed (T marked as todo,
 * F failures), S skipped.) and exit status = number of failures, capped at 255.
 *
 * The runner runs every program twice: against our ddraw.dll and against
 * Wine's builtin one, with DX7GL_TEST_DDRAW=ours or =builtin in the
 * environment. broken(x) accepts x only in the builtin (reference) run:
 * it marks behaviour of Wine's ddraw that we know differs from Windows.
 *
 * Environment: WINETEST_DEBUG=1 prints passing tests too; WINETEST_REPORT_SUCCESS
 * is an alias.
 */
#ifndef DX7GL_WINETEST_H
#define DX7GL_WINETEST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct winetest_state
{
    const char *name;
    const char *file;
    int line;
    int todo_level;
    int debug;
    int reference;
    volatile long successes, failures, todos, todo_successes, skips;
};

static struct winetest_state winetest_state;

static inline void winetest_set_location(const char *file, int line)
{
    const char *p = strrchr(file, '/');
    const char *q = strrchr(file, '\\');
    if (q > p) p = q;
    winetest_state.file = p ? p + 1 : file;
    winetest_state.line = line;
}

static inline int winetest_is_ours(void)
{
    return !winetest_state.reference;
}

static inline int winetest_vok(int condition, const char *msg, va_list args)
{
    if (winetest_state.todo_level & 1)
    {
        if (condition)
        {
            printf("%s:%d: Test succeeded inside todo block: ", winetest_state.file, winetest_state.line);
            vprintf(msg, args);
            __sync_fetch_and_add(&winetest_state.todo_successes, 1);
            __sync_fetch_and_add(&winetest_state.failures, 1);
            return 0;
        }
        if (winetest_state.debug)
        {
            printf("%s:%d: Test marked todo: ", winetest_state.file, winetest_state.line);
            vprintf(msg, args);
        }
        __sync_fetch_and_add(&winetest_state.todos, 1);
        return 1;
    }
    if (!condition)
    {
        printf("%s:%d: Test failed: ", winetest_state.file, winetest_state.line);
        vprintf(msg, args);
        __sync_fetch_and_add(&winetest_state.failures, 1);
        return 0;
    }
    if (winetest_state.debug)
    {
        printf("%s:%d: Test succeeded: ", winetest_state.file, winetest_state.line);
        vprintf(msg, args);
    }
    __sync_fetch_and_add(&winetest_state.successes, 1);
    return 1;
}

#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
static inline int winetest_ok(int condition, const char *msg, ...)
{
    va_list args;
    int ret;
    va_start(args, msg);
    ret = winetest_vok(condition, msg, args);
    va_end(args);
    return ret;
}

#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static inline void winetest_trace(const char *msg, ...)
{
    va_list args;
    printf("%s:%d: ", winetest_state.file, winetest_state.line);
    va_start(args, msg);
    vprintf(msg, args);
    va_end(args);
}

#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static inline void winetest_skip(const char *msg, ...)
{
    va_list args;
    printf("%s:%d: Tests skipped: ", winetest_state.file, winetest_state.line);
    va_start(args, msg);
    vprintf(msg, args);
    va_end(args);
    __sync_fetch_and_add(&winetest_state.skips, 1);
}

static inline int winetest_broken(int condition)
{
    if (!winetest_state.reference || !condition) return 0;
    /* The runner lists these lines, so every accepted divergence shows. */
    printf("%s:%d: Accepted as broken in the reference run.\n", winetest_state.file, winetest_state.line);
    return 1;
}

static inline void winetest_start_todo(int is_todo)
{
    winetest_state.todo_level = (winetest_state.todo_level << 1) | (is_todo != 0);
}

static inline void winetest_end_todo(void)
{
    winetest_state.todo_level >>= 1;
}

static inline void winetest_init(const char *name)
{
    const char *env;

    winetest_state.name = name;
    winetest_state.file = name;
    env = getenv("WINETEST_DEBUG");
    if (!env) env = getenv("WINETEST_REPORT_SUCCESS");
    winetest_state.debug = env && atoi(env) > 0;
    env = getenv("DX7GL_TEST_DDRAW");
    winetest_state.reference = env && !strcmp(env, "builtin");
    setvbuf(stdout, NULL, _IONBF, 0);
}

static inline int winetest_summary(void)
{
    long failures = winetest_state.failures;

    printf("%s: %ld tests executed (%ld marked as todo, %ld failures), %ld skipped.\n",
            winetest_state.name,
            winetest_state.successes + winetest_state.failures + winetest_state.todos,
            winetest_state.todos, failures, winetest_state.skips);
    fflush(stdout);
    return failures > 255 ? 255 : (int)failures;
}

#define ok_(file, line)    (winetest_set_location(file, line), 0) ? 0 : winetest_ok
#define ok                 ok_(__FILE__, __LINE__)
#define trace              (winetest_set_location(__FILE__, __LINE__), 0) ? (void)0 : winetest_trace
#define skip               (winetest_set_location(__FILE__, __LINE__), 0) ? (void)0 : winetest_skip
#define win_skip           skip
#define broken(x)          winetest_broken(!!(x))

/* todo_if(cond) statement: the statement's tests are expected to fail when
 * cond is true; a success there is a failure. */
#define todo_if(is_todo) \
    for (int winetest_once_ = (winetest_start_todo(is_todo), 1); winetest_once_; \
            winetest_once_ = 0, winetest_end_todo())
#define todo_wine          todo_if(1)

#define START_TEST(name) \
    static void func_##name(void); \
    int main(int argc, char **argv) \
    { \
        (void)argc; (void)argv; \
        winetest_init(#name); \
        func_##name(); \
        return winetest_summary(); \
    } \
    static void func_##name(void)

#endif

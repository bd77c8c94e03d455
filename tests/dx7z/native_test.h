/*
 * The few winetest calls dx7z's PE test uses, for running the same test
 * natively (`make check`, EGL surfaceless, real Mesa): ok(), skip(),
 * trace(), todo_if(), broken(), winetest_is_ours(), START_TEST, and
 * GetProcAddress on a dlopen handle. Exit status: failures, or 77 (automake's
 * "skipped") when everything was skipped.
 */
#ifndef DX7Z_NATIVE_TEST_H
#define DX7Z_NATIVE_TEST_H

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int native_successes, native_failures, native_skips, native_todo;
static const char *native_file;
static int native_line;

static inline int native_ok(int condition, const char *msg, ...)
{
    va_list args;

    if (native_todo ? !condition : condition)
    {
        ++native_successes;
        return 1;
    }
    printf("%s:%d: Test %s: ", native_file, native_line, native_todo ? "succeeded inside todo block" : "failed");
    va_start(args, msg);
    vprintf(msg, args);
    va_end(args);
    ++native_failures;
    return 0;
}

static inline void native_skip(const char *msg, ...)
{
    va_list args;

    printf("%s:%d: Tests skipped: ", native_file, native_line);
    va_start(args, msg);
    vprintf(msg, args);
    va_end(args);
    ++native_skips;
}

#define ok (native_file = __FILE__, native_line = __LINE__), native_ok
#define skip (native_file = __FILE__, native_line = __LINE__), native_skip
#define trace (native_file = __FILE__, native_line = __LINE__), printf
#define broken(x) 0
#define winetest_is_ours() 1
#define todo_if(t) for (int once_ = (native_todo = !!(t), 1); once_; once_ = 0, native_todo = 0)
#define GetProcAddress(module, name) dlsym((module), (name))

#define START_TEST(name) \
    static void func_##name(void); \
    int main(void) \
    { \
        setvbuf(stdout, NULL, _IONBF, 0); \
        func_##name(); \
        printf("%s: %d tests executed, %d failures, %d skipped.\n", #name, \
                native_successes + native_failures, native_failures, native_skips); \
        if (!native_failures && !native_successes && native_skips) return 77; \
        return native_failures > 255 ? 255 : native_failures; \
    } \
    static void func_##name(void)

#endif

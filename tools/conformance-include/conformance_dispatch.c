/*
 * tools/conformance's dispatcher (see conformance_dispatch.h). Included after
 * the test file, in the same translation unit, so it reads the counters that
 * Wine's test.h keeps in statics.
 */
#include <stdlib.h>
#include <string.h>

#ifndef INITGUID
/* mingw-w64's libdxguid lacks this one; the QueryInterface tests ask for it. */
const GUID IID_IDirectDraw3 = {0x618f8ad4, 0x8b7a, 0x11d0, {0x8f, 0xcc, 0x00, 0xc0, 0x4f, 0xd9, 0x18, 0x9d}};
#endif

static const char *conformance_current;
static LONG conformance_base[4];
static int conformance_started;

/* ok, todo, failed, skipped, as test.h's summary line counts them; a
 * "succeeded inside todo" is a failure, a muted todo or skip still counts. */
static void conformance_counts(LONG counts[4])
{
    counts[0] = successes;
    counts[1] = todo_successes + muted_todo_successes + flaky_failures;
    counts[2] = failures + todo_failures;
    counts[3] = skipped + muted_skipped;
}

static void conformance_print(const char *what, const char *extra)
{
    LONG now[4];

    conformance_counts(now);
    printf("\nconformance-%s: %s ok=%ld todo=%ld failed=%ld skipped=%ld%s\n", what, conformance_current,
            now[0] - conformance_base[0], now[1] - conformance_base[1],
            now[2] - conformance_base[2], now[3] - conformance_base[3], extra);
    fflush(stdout);
}

static LONG CALLBACK conformance_filter(EXCEPTION_POINTERS *info)
{
    char extra[96];

    snprintf(extra, sizeof(extra), " code=%#lx address=%p", (unsigned long)info->ExceptionRecord->ExceptionCode,
            info->ExceptionRecord->ExceptionAddress);
    if (conformance_current)
        conformance_print("crash", extra);
    else
        printf("\nconformance-crash: (main)%s\n", extra);
    fflush(stdout);
    TerminateProcess(GetCurrentProcess(), info->ExceptionRecord->ExceptionCode);
    return EXCEPTION_EXECUTE_HANDLER;
}

static void conformance_total(void)
{
    LONG now[4];

    conformance_counts(now);
    printf("\nconformance-total: ok=%ld todo=%ld failed=%ld skipped=%ld\n", now[0], now[1], now[2], now[3]);
    fflush(stdout);
}

static void __attribute__((constructor)) conformance_init(void)
{
    atexit(conformance_total);
    SetUnhandledExceptionFilter(conformance_filter);
}

/* Whether NAME appears in the comma-separated list LIST. */
static int conformance_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    const char *p = list;

    while ((p = strstr(p, name)))
    {
        if ((p == list || p[-1] == ',') && (p[len] == ',' || !p[len])) return 1;
        p += len;
    }
    return 0;
}

static int conformance_begin(const char *name)
{
    const char *only = getenv("CONFORMANCE_ONLY"), *from = getenv("CONFORMANCE_FROM");

    if (from && *from && !conformance_started)
    {
        if (strcmp(from, name)) return 0;
        conformance_started = 1;
    }
    if (only && *only && !conformance_listed(only, name)) return 0;
    conformance_current = name;
    conformance_counts(conformance_base);
    printf("\nconformance-begin: %s\n", name);
    fflush(stdout);
    /* A test may have put its own filter in place; ours counts the crash. */
    SetUnhandledExceptionFilter(conformance_filter);
    return 1;
}

static void conformance_end(void)
{
    conformance_print("end", "");
    conformance_current = NULL;
}

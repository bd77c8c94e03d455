/*
 * dx7gl's stand-in for Wine's internal <wine/debug.h>, only as much of it as
 * Wine's include/wine/test.h and the dlls/ddraw tests use, so that
 * tools/conformance can build those tests with mingw-w64's headers. The
 * strings have Wine's formats because the tests' messages are compared
 * with Wine's own results line by line.
 */
#ifndef DX7GL_CONFORMANCE_WINE_DEBUG_H
#define DX7GL_CONFORMANCE_WINE_DEBUG_H

#include <stdarg.h>
#include <stdio.h>
#include <windef.h>
#include <winbase.h>
#include <wingdi.h>
#include <wincon.h>

/* test.h's colour mode names console flags older mingw-w64 headers lack. */
#ifndef ENABLE_PROCESSED_OUTPUT
#define ENABLE_PROCESSED_OUTPUT 0x1
#endif
#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 0x4
#endif

#ifndef __WINE_PRINTF_ATTR
#define __WINE_PRINTF_ATTR(fmt, args)
#endif

/* Wine's SDK spells nameless unions and structs through these; mingw-w64's
 * headers name the members directly. */
#ifndef U
#define U(x) (x)
#define U1(x) (x)
#define U2(x) (x)
#define U3(x) (x)
#define U4(x) (x)
#define U5(x) (x)
#define S(x) (x)
#define S1(x) (x)
#define S2(x) (x)
#define S3(x) (x)
#define S4(x) (x)
#define S5(x) (x)
#endif

/* A ring of buffers: a message may format several values before it prints. */
static inline char *conformance_dbg_buffer(void)
{
    static char buffers[16][512];
    static LONG next;
    return buffers[InterlockedIncrement(&next) & 15];
}

static inline const char *wine_dbg_vsprintf(const char *format, va_list args)
{
    char *buffer = conformance_dbg_buffer();
    vsnprintf(buffer, 512, format, args);
    return buffer;
}

static inline const char *wine_dbg_sprintf(const char *format, ...)
{
    const char *ret;
    va_list args;

    va_start(args, format);
    ret = wine_dbg_vsprintf(format, args);
    va_end(args);
    return ret;
}

static inline const char *wine_dbgstr_rect(const RECT *rect)
{
    if (!rect) return "(null)";
    return wine_dbg_sprintf("(%d,%d)-(%d,%d)", (int)rect->left, (int)rect->top,
            (int)rect->right, (int)rect->bottom);
}

static inline const char *wine_dbgstr_point(const POINT *point)
{
    if (!point) return "(null)";
    return wine_dbg_sprintf("(%d,%d)", (int)point->x, (int)point->y);
}

static inline const char *wine_dbgstr_guid(const GUID *id)
{
    if (!id) return "(null)";
    return wine_dbg_sprintf("{%08lx-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x}",
            (unsigned long)id->Data1, id->Data2, id->Data3, id->Data4[0], id->Data4[1],
            id->Data4[2], id->Data4[3], id->Data4[4], id->Data4[5], id->Data4[6], id->Data4[7]);
}

static inline const char *wine_dbgstr_an(const char *s, int n)
{
    if (!s) return "(null)";
    if (n < 0) n = 500;
    return wine_dbg_sprintf("\"%.*s\"", n, s);
}

static inline const char *wine_dbgstr_wn(const WCHAR *s, int n)
{
    char *buffer = conformance_dbg_buffer();
    int i = 0, o = 0;

    if (!s) return "(null)";
    if (n < 0) n = 500;
    buffer[o++] = '"';
    while (i < n && s[i] && o < 500)
    {
        buffer[o++] = s[i] < 0x80 && s[i] >= 0x20 ? (char)s[i] : '?';
        ++i;
    }
    buffer[o++] = '"';
    buffer[o] = 0;
    return buffer;
}

static inline const char *wine_dbgstr_a(const char *s) { return wine_dbgstr_an(s, -1); }
static inline const char *wine_dbgstr_w(const WCHAR *s) { return wine_dbgstr_wn(s, -1); }
static inline const char *debugstr_a(const char *s) { return wine_dbgstr_an(s, -1); }
static inline const char *debugstr_w(const WCHAR *s) { return wine_dbgstr_wn(s, -1); }
static inline const char *debugstr_guid(const GUID *id) { return wine_dbgstr_guid(id); }

#endif

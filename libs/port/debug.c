/*
 * Debug channel switching and output, shared by every module.
 */

#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dx7gl/debug.h"

/* Default: fixme and err on, warn and trace off. */
#define DEFAULT_FLAGS ((1 << DX7GL_DBCL_FIXME) | (1 << DX7GL_DBCL_ERR))

struct option
{
    char name[16];
    unsigned char set, clear;
};

static struct option options[64];
static unsigned int option_count;
static unsigned char all_flags = DEFAULT_FLAGS;
static int parsed;

static const char * const class_names[] = {"fixme", "err", "warn", "trace"};

static void parse_item(const char *item, size_t len)
{
    unsigned char mask = 0xf, set, clear;
    const char *p = item, *end = item + len;
    char name[16];
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        size_t n = strlen(class_names[i]);
        if (len > n && !strncmp(item, class_names[i], n) && (item[n] == '+' || item[n] == '-'))
        {
            mask = 1 << i;
            p = item + n;
            break;
        }
    }
    if (p < end && (*p == '+' || *p == '-'))
    {
        set = *p == '+' ? mask : 0;
        clear = *p == '-' ? mask : 0;
        ++p;
    }
    else
    {
        /* A bare name is the same as +name. */
        set = mask;
        clear = 0;
    }

    len = end - p;
    if (!len || len >= sizeof(name)) return;
    memcpy(name, p, len);
    name[len] = 0;

    if (!strcmp(name, "all"))
    {
        all_flags = (all_flags & ~clear) | set;
        for (i = 0; i < option_count; ++i)
        {
            options[i].set &= ~clear;
            options[i].clear &= ~set;
        }
        return;
    }
    for (i = 0; i < option_count; ++i)
        if (!strcmp(options[i].name, name)) break;
    if (i == option_count)
    {
        if (option_count == sizeof(options) / sizeof(options[0])) return;
        ++option_count;
        strcpy(options[i].name, name);
        options[i].set = options[i].clear = 0;
    }
    options[i].set = (options[i].set & ~clear) | set;
    options[i].clear = (options[i].clear & ~set) | clear;
}

static void parse_options(void)
{
    const char *env = getenv("DX7GL_DEBUG"), *p;

    option_count = 0;
    all_flags = DEFAULT_FLAGS;
    if (env)
    {
        while (*env)
        {
            p = env;
            while (*p && *p != ',') ++p;
            parse_item(env, p - env);
            env = *p ? p + 1 : p;
        }
    }
    parsed = 1;
}

unsigned char dx7gl_dbg_init_channel(struct dx7gl_debug_channel *channel)
{
    unsigned char flags;
    unsigned int i;

    if (!parsed) parse_options();
    flags = all_flags;
    for (i = 0; i < option_count; ++i)
    {
        if (strcmp(options[i].name, channel->name)) continue;
        flags = (flags & ~options[i].clear) | options[i].set;
        break;
    }
    channel->flags = flags & 0xf;
    return channel->flags;
}

void dx7gl_dbg_reset(void)
{
    parse_options();
}

int dx7gl_dbg_log(enum dx7gl_debug_class cls, const struct dx7gl_debug_channel *channel,
        const char *func, const char *format, ...)
{
    char buffer[1024];
    va_list args;
    int len;

    len = snprintf(buffer, sizeof(buffer), "%s:%s:%s ", class_names[cls], channel->name, func);
    if (len < 0) return 0;
    if ((size_t)len >= sizeof(buffer)) len = sizeof(buffer) - 1;
    va_start(args, format);
    vsnprintf(buffer + len, sizeof(buffer) - len, format, args);
    va_end(args);
    /* One write per message, so lines of several threads do not interleave. */
    return fputs(buffer, stderr);
}

static char *get_temp_buffer(void)
{
    static __thread char ring[8][128];
    static __thread unsigned int next;
    return ring[next++ % 8];
}

const char *dx7gl_dbg_sprintf(const char *format, ...)
{
    char *buffer = get_temp_buffer();
    va_list args;

    va_start(args, format);
    vsnprintf(buffer, 128, format, args);
    va_end(args);
    return buffer;
}

const char *dx7gl_dbgstr_rect(const void *rect)
{
    const int *r = rect; /* RECT is four 32-bit LONGs on every target */
    if (!r) return "(null)";
    return dx7gl_dbg_sprintf("(%d,%d)-(%d,%d)", r[0], r[1], r[2], r[3]);
}

const char *dx7gl_dbgstr_guid(const void *guid)
{
    const unsigned char *g = guid;
    unsigned int d1;
    unsigned short d2, d3;

    if (!g) return "(null)";
    memcpy(&d1, g, 4);
    memcpy(&d2, g + 4, 2);
    memcpy(&d3, g + 6, 2);
    return dx7gl_dbg_sprintf("{%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x}", d1, d2, d3,
            g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]);
}

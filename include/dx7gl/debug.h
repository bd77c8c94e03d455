/*
 * Debug channels for every dx7gl module.
 *
 * A module declares its channel once:  DX7GL_DEFAULT_DEBUG_CHANNEL(state);
 * and then writes TRACE("...\n"), WARN(), FIXME(), ERR().
 *
 * Channels are switched by one environment variable, read once:
 *     DX7GL_DEBUG=+state,+draw        trace on for state and draw
 *     DX7GL_DEBUG=+all,-gl            everything but gl
 *     DX7GL_DEBUG=-all                silence, even ERR
 *     DX7GL_DEBUG=warn+all            WARN for every channel
 * A class prefix (trace, warn, fixme, err) limits an item to that class;
 * without one it covers every class, and a bare name is the same as +name.
 * By default err and fixme are on, warn and trace off.
 *
 * When a class is off the cost is one load and a branch on a cached flag;
 * the message arguments are not evaluated.
 */
#ifndef DX7GL_DEBUG_H
#define DX7GL_DEBUG_H

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

enum dx7gl_debug_class
{
    DX7GL_DBCL_FIXME = 0,
    DX7GL_DBCL_ERR   = 1,
    DX7GL_DBCL_WARN  = 2,
    DX7GL_DBCL_TRACE = 3,
};

struct dx7gl_debug_channel
{
    unsigned char flags;    /* bit per class; bit 7 = not initialised yet */
    char name[15];
};

#define DX7GL_DEBUG_UNINIT 0x80

unsigned char dx7gl_dbg_init_channel(struct dx7gl_debug_channel *channel);
int dx7gl_dbg_log(enum dx7gl_debug_class cls, const struct dx7gl_debug_channel *channel,
        const char *func, const char *format, ...)
#ifdef __GNUC__
        __attribute__((format(printf, 4, 5)))
#endif
        ;
/* Re-reads DX7GL_DEBUG; for tests that change it at run time. */
void dx7gl_dbg_reset(void);
/* Short printable forms for messages; each returns a pointer into a small ring
 * of per-thread buffers, valid for a few calls. */
const char *dx7gl_dbgstr_rect(const void *rect); /* a RECT or NULL */
const char *dx7gl_dbgstr_guid(const void *guid); /* a GUID or NULL */
const char *dx7gl_dbg_sprintf(const char *format, ...)
#ifdef __GNUC__
        __attribute__((format(printf, 1, 2)))
#endif
        ;

static inline int dx7gl_dbg_on(enum dx7gl_debug_class cls, struct dx7gl_debug_channel *channel)
{
    unsigned char flags = channel->flags;
    if (flags & DX7GL_DEBUG_UNINIT) flags = dx7gl_dbg_init_channel(channel);
    return (flags >> cls) & 1;
}

#define DX7GL_DEFAULT_DEBUG_CHANNEL(ch) \
    static struct dx7gl_debug_channel dx7gl_dbch___default = {DX7GL_DEBUG_UNINIT, #ch}
#define DX7GL_DECLARE_DEBUG_CHANNEL(ch) \
    static struct dx7gl_debug_channel dx7gl_dbch_##ch = {DX7GL_DEBUG_UNINIT, #ch}

#define DX7GL_DPRINTF(cls, ch, ...) \
    do { if (dx7gl_dbg_on(cls, ch)) dx7gl_dbg_log(cls, ch, __func__, __VA_ARGS__); } while (0)

#define TRACE(...) DX7GL_DPRINTF(DX7GL_DBCL_TRACE, &dx7gl_dbch___default, __VA_ARGS__)
#define WARN(...)  DX7GL_DPRINTF(DX7GL_DBCL_WARN,  &dx7gl_dbch___default, __VA_ARGS__)
#define FIXME(...) DX7GL_DPRINTF(DX7GL_DBCL_FIXME, &dx7gl_dbch___default, __VA_ARGS__)
#define ERR(...)   DX7GL_DPRINTF(DX7GL_DBCL_ERR,   &dx7gl_dbch___default, __VA_ARGS__)
#define TRACE_ON(ch) dx7gl_dbg_on(DX7GL_DBCL_TRACE, &dx7gl_dbch_##ch)
#define TRACE_(ch, ...) DX7GL_DPRINTF(DX7GL_DBCL_TRACE, &dx7gl_dbch_##ch, __VA_ARGS__)
#define WARN_(ch, ...)  DX7GL_DPRINTF(DX7GL_DBCL_WARN,  &dx7gl_dbch_##ch, __VA_ARGS__)

#define debugstr_rect dx7gl_dbgstr_rect
#define debugstr_guid dx7gl_dbgstr_guid
#define wine_dbg_sprintf dx7gl_dbg_sprintf

#ifdef __cplusplus
}
#endif

#endif

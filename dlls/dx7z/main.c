/*
 * dx7z.dll's exports: the THRASH functions as __stdcall, exported by
 * dx7z.def as `_THRASH_<name>@<argument bytes>` (MSVC's decoration, which
 * Porsche.exe asks GetProcAddress for) and as plain `THRASH_<name>`. The
 * older strip and fan forms (count, vertices) are exported as
 * `_THRASH_<name>@8` only.
 */
#include "config.h"

#include "dx7z_private.h"


struct dx7z dx7z;

static void dx7z_global_init(void)
{
    memset(&dx7z, 0, sizeof(dx7z));
    dx7z_caps_default(&dx7z.caps);
    dx7z_state_reset();
    dx7z.window = 2;
}

#ifdef _WIN32
BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, void *reserved)
{
    if (reason == DLL_PROCESS_ATTACH)
    {
        DisableThreadLibraryCalls(instance);
        dx7z_global_init();
    }
    return TRUE;
}
#else
static void __attribute__((constructor)) dx7z_native_init(void)
{
    dx7z_global_init();
}
#endif

#define V(p) ((struct thrash_vertex *)(p))

const struct thrash_about * THRASHAPI THRASH_about(void)
{
    return dx7z_about();
}

DWORD THRASHAPI THRASH_clearwindow(void)
{
    return dx7z_clearwindow();
}

DWORD THRASHAPI THRASH_clip(DWORD x0, DWORD y0, DWORD x1, DWORD y1)
{
    return dx7z_clip(x0, y0, x1, y1);
}

void THRASHAPI THRASH_drawline(void *a, void *b)
{
    if (a && b) dx7z_batch_line(V(a), V(b));
}

void THRASHAPI THRASH_drawlinemesh(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_linemesh(count, vertices, indices);
}

void THRASHAPI THRASH_drawlinestrip(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_strip(D3DPT_LINESTRIP, count, vertices, indices);
}

void THRASHAPI THRASH_drawlinestrip8(DWORD count, void *vertices)
{
    if (vertices) dx7z_draw_strip(D3DPT_LINESTRIP, count, vertices, NULL);
}

void THRASHAPI THRASH_drawpoint(void *v)
{
    if (v) dx7z_draw_point(V(v));
}

void THRASHAPI THRASH_drawpointmesh(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_pointmesh(count, vertices, indices);
}

void THRASHAPI THRASH_drawpointstrip(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_strip(D3DPT_POINTLIST, count, vertices, indices);
}

void THRASHAPI THRASH_drawpointstrip8(DWORD count, void *vertices)
{
    if (vertices) dx7z_draw_strip(D3DPT_POINTLIST, count, vertices, NULL);
}

void THRASHAPI THRASH_drawquad(void *a, void *b, void *c, void *d)
{
    if (a && b && c && d) dx7z_batch_quad(V(a), V(b), V(c), V(d));
}

void THRASHAPI THRASH_drawquadmesh(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_quadmesh(count, vertices, indices);
}

void THRASHAPI THRASH_drawsprite(void *a, void *b)
{
    if (a && b) dx7z_draw_sprite(V(a), V(b));
}

void THRASHAPI THRASH_drawspritemesh(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_spritemesh(count, vertices, indices);
}

void THRASHAPI THRASH_drawtri(void *a, void *b, void *c)
{
    if (a && b && c) dx7z_batch_tri(V(a), V(b), V(c));
}

void THRASHAPI THRASH_drawtrifan(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_strip(D3DPT_TRIANGLEFAN, count, vertices, indices);
}

void THRASHAPI THRASH_drawtrifan8(DWORD count, void *vertices)
{
    if (vertices) dx7z_draw_strip(D3DPT_TRIANGLEFAN, count, vertices, NULL);
}

void THRASHAPI THRASH_drawtrimesh(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_trimesh(count, vertices, indices);
}

void THRASHAPI THRASH_drawtristrip(DWORD count, void *vertices, const DWORD *indices)
{
    if (vertices && indices) dx7z_draw_strip(D3DPT_TRIANGLESTRIP, count, vertices, indices);
}

void THRASHAPI THRASH_drawtristrip8(DWORD count, void *vertices)
{
    if (vertices) dx7z_draw_strip(D3DPT_TRIANGLESTRIP, count, vertices, NULL);
}

DWORD THRASHAPI THRASH_flushwindow(void)
{
    return dx7z_flushwindow();
}

DWORD_PTR THRASHAPI THRASH_getstate(DWORD state)
{
    return dx7z_getstate(state);
}

void THRASHAPI THRASH_idle(void)
{
}

DWORD THRASHAPI THRASH_init(void)
{
    return dx7z_init();
}

/* Is there a Direct3D 7 device to drive? */
DWORD THRASHAPI THRASH_is(void)
{
    return dx7z_init();
}

struct thrash_lock * THRASHAPI THRASH_lockwindow(void)
{
    return dx7z_lockwindow();
}

DWORD THRASHAPI THRASH_pageflip(void)
{
    return dx7z_pageflip();
}

DWORD THRASHAPI THRASH_readrect(DWORD x, DWORD y, DWORD w, DWORD h, void *dst)
{
    return dx7z_readrect(x, y, w, h, dst);
}

void THRASHAPI THRASH_restore(void)
{
    dx7z_restore();
}

/* Display 0 (and 1, the same) is the primary display; others aren't offered. */
DWORD THRASHAPI THRASH_selectdisplay(DWORD n)
{
    if (n > 1)
        return 0;
    dx7z.display = n;
    return 1;
}

DWORD_PTR THRASHAPI THRASH_setstate(DWORD state, DWORD_PTR value)
{
    return dx7z_setstate(state, value);
}

DWORD THRASHAPI THRASH_settexture(struct dx7z_texture *t)
{
    return (DWORD)dx7z_setstate(THRASH_STATE_TEXTURE | (t ? t->stage << 16 : 0), (DWORD_PTR)t);
}

DWORD THRASHAPI THRASH_setvideomode(DWORD mode, DWORD buffers, DWORD depth)
{
    return dx7z_setvideomode(mode, buffers, depth);
}

DWORD THRASHAPI THRASH_sync(DWORD n)
{
    dx7z_batch_flush();
    return 1;
}

struct dx7z_texture * THRASHAPI THRASH_talloc(DWORD width, DWORD height, DWORD format,
        DWORD_PTR clut, DWORD mipstage)
{
    return dx7z_talloc(width, height, format, clut, mipstage);
}

DWORD THRASHAPI THRASH_tfree(struct dx7z_texture *t)
{
    return dx7z_tfree(t);
}

DWORD THRASHAPI THRASH_treset(void)
{
    return dx7z_treset();
}

DWORD THRASHAPI THRASH_tupdate(struct dx7z_texture *t, const void *pixels, const DWORD *clut)
{
    return dx7z_tupdate(t, pixels, clut);
}

DWORD THRASHAPI THRASH_unlockwindow(void *lock)
{
    return dx7z_unlockwindow();
}

DWORD THRASHAPI THRASH_window(DWORD n)
{
    return dx7z_window(n);
}

DWORD THRASHAPI THRASH_writerect(DWORD x, DWORD y, DWORD w, DWORD h, const void *src)
{
    return dx7z_writerect(x, y, w, h, src);
}

/*
 * Helpers the PE tests of ddraw share (after test.h's ok()).  Static inline:
 * each test is a program of its own, and one that uses only some of them
 * gets no warning for the others.
 */
#ifndef DX7GL_DDRAW_TEST_H
#define DX7GL_DDRAW_TEST_H

#include <ddraw.h>

#include "test.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* The interface's reference count, left as it was. */
static inline ULONG get_refcount(IUnknown *iface)
{
    IUnknown_AddRef(iface);
    return IUnknown_Release(iface);
}

/* The window's pixel as GDI reads it, once what was drawn had time to
 * reach it. */
static inline COLORREF window_pixel(HWND window, int x, int y)
{
    COLORREF color;
    HDC dc;

    GdiFlush();
    Sleep(50);
    dc = GetDC(window);
    color = GetPixel(dc, x, y);
    ReleaseDC(window, dc);
    return color;
}

/* A colour fill of a rectangle (NULL: the whole surface). */
static inline HRESULT fill_rect_hr(IDirectDrawSurface7 *surface, RECT *rect, DWORD color)
{
    DDBLTFX fx;

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = color;
    return IDirectDrawSurface7_Blt(surface, rect, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
}

/* A colour fill of the whole surface. */
static inline HRESULT fill_color_hr(IDirectDrawSurface7 *surface, DWORD color)
{
    return fill_rect_hr(surface, NULL, color);
}

/* The pixel at (x, y) of an 8-, 16- or 32-bit surface (32: without the top
 * byte), ~0u if the surface cannot be locked. */
static inline DWORD surface_pixel(IDirectDrawSurface7 *surface, LONG x, LONG y)
{
    DDSURFACEDESC2 desc;
    DWORD v;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL)))
        return ~0u;
    if (desc.ddpfPixelFormat.dwRGBBitCount == 32)
        v = ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] & 0xffffff;
    else if (desc.ddpfPixelFormat.dwRGBBitCount == 8)
        v = ((BYTE *)desc.lpSurface)[y * desc.lPitch + x];
    else
        v = ((WORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x];
    IDirectDrawSurface7_Unlock(surface, NULL);
    return v;
}

/* The same, which must succeed (a failure is reported at the caller's line). */
#define fill_color(surface, color) fill_color_(__FILE__, __LINE__, surface, color)
static inline void fill_color_(const char *file, int line, IDirectDrawSurface7 *surface, DWORD color)
{
    HRESULT hr = fill_color_hr(surface, color);

    ok_(file, line)(hr == DD_OK, "Fill: hr %#lx.\n", hr);
}

#endif /* DX7GL_DDRAW_TEST_H */

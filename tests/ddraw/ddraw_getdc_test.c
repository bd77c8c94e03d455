/*
 * GetDC / ReleaseDC share the surface's memory: lines, rectangles and text
 * GDI draws show in a Lock taken while the DC is out (no ReleaseDC needed),
 * what a Lock writes shows through the DC, and after ReleaseDC the pixels
 * reach blits (the GPU copy).  16-bit, 32-bit and 8-bit palettised surfaces;
 * the 8-bit DIB's colour table follows the palette, also after SetEntries.
 * Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

struct format
{
    const char *name;
    DWORD bpp, flags, r, g, b;
    DWORD red, white, green, mask;     /* the surface's values of the GDI colours used */
};

static const struct format formats[] =
{
    {"R5G6B5",   16, DDPF_RGB, 0xf800, 0x07e0, 0x001f, 0xf800, 0xffff, 0x07e0, 0xffff},
    {"X8R8G8B8", 32, DDPF_RGB, 0xff0000, 0xff00, 0xff, 0xff0000, 0xffffff, 0x00ff00, 0xffffff},
    {"P8",        8, DDPF_PALETTEINDEXED8 | DDPF_RGB, 0, 0, 0, 1, 2, 3, 0xff},
};

static IDirectDrawSurface7 *create_surface(IDirectDraw7 *ddraw, const struct format *f, DWORD w, DWORD h)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = f->flags;
    desc.ddpfPixelFormat.dwRGBBitCount = f->bpp;
    desc.ddpfPixelFormat.dwRBitMask = f->r;
    desc.ddpfPixelFormat.dwGBitMask = f->g;
    desc.ddpfPixelFormat.dwBBitMask = f->b;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "%s: CreateSurface: hr %#lx.\n", f->name, hr);
    return SUCCEEDED(hr) ? surface : NULL;
}

static DWORD get_pixel(const DDSURFACEDESC2 *desc, DWORD bpp, unsigned int x, unsigned int y)
{
    const BYTE *row = (const BYTE *)desc->lpSurface + y * desc->lPitch;

    switch (bpp)
    {
        case 8: return row[x];
        case 16: return ((const WORD *)row)[x];
        default: return ((const DWORD *)row)[x];
    }
}

static void put_pixel(DDSURFACEDESC2 *desc, DWORD bpp, unsigned int x, unsigned int y, DWORD v)
{
    BYTE *row = (BYTE *)desc->lpSurface + y * desc->lPitch;

    switch (bpp)
    {
        case 8: row[x] = v; break;
        case 16: ((WORD *)row)[x] = v; break;
        default: ((DWORD *)row)[x] = v; break;
    }
}

/* Counts the pixels of a value in a rectangle of a locked surface. */
static unsigned int count_pixels(const DDSURFACEDESC2 *desc, const struct format *f,
        unsigned int x0, unsigned int y0, unsigned int x1, unsigned int y1, DWORD value)
{
    unsigned int x, y, n = 0;

    for (y = y0; y < y1; ++y)
        for (x = x0; x < x1; ++x)
            if ((get_pixel(desc, f->bpp, x, y) & f->mask) == value)
                ++n;
    return n;
}

static void draw(HDC dc)
{
    HBRUSH brush = CreateSolidBrush(RGB(255, 0, 0));
    HPEN pen = CreatePen(PS_SOLID, 1, RGB(255, 255, 255));
    RECT rect = {10, 10, 20, 20};
    HGDIOBJ old_pen;

    FillRect(dc, &rect, brush);
    old_pen = SelectObject(dc, pen);
    MoveToEx(dc, 0, 5, NULL);
    LineTo(dc, 40, 5);
    SelectObject(dc, old_pen);
    SetTextColor(dc, RGB(255, 255, 255));
    SetBkMode(dc, TRANSPARENT);
    TextOutA(dc, 24, 12, "Hi", 2);
    DeleteObject(pen);
    DeleteObject(brush);
}

static void test_format(IDirectDraw7 *ddraw, const struct format *f)
{
    IDirectDrawSurface7 *surface, *copy;
    IDirectDrawPalette *palette = NULL;
    PALETTEENTRY entries[256];
    DDSURFACEDESC2 desc;
    COLORREF color;
    HRESULT hr;
    HDC dc;

    if (!(surface = create_surface(ddraw, f, 64, 32)))
        return;
    if (!(copy = create_surface(ddraw, f, 64, 32)))
    {
        IDirectDrawSurface7_Release(surface);
        return;
    }
    if (f->bpp == 8)
    {
        memset(entries, 0, sizeof(entries));
        entries[1].peRed = 255;
        entries[2].peRed = entries[2].peGreen = entries[2].peBlue = 255;
        entries[3].peGreen = 255;
        entries[4].peBlue = 255;
        hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
        ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
        if (palette)
        {
            IDirectDrawSurface7_SetPalette(surface, palette);
            IDirectDrawSurface7_SetPalette(copy, palette);
        }
    }
    fill_color_hr(surface, 0);

    /* A first DC, then the surface is locked with the DC out: refused, as
     * DirectDraw does it. */
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "%s: GetDC: hr %#lx.\n", f->name, hr);
    if (FAILED(hr))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DDERR_SURFACEBUSY, "%s: Lock while the DC is out: hr %#lx.\n", f->name, hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Unlock(surface, NULL);
    hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
    ok(hr == DD_OK, "%s: ReleaseDC: hr %#lx.\n", f->name, hr);

    /* A Lock first, then the DC: they share the memory.  GDI's drawing is
     * in the lock's memory without a ReleaseDC, and what the lock wrote
     * reads back through the DC. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "%s: Lock: hr %#lx.\n", f->name, hr);
    if (FAILED(hr))
        goto done;
    ok(!count_pixels(&desc, f, 0, 0, 64, 32, f->white), "%s: not black after the fill.\n", f->name);
    put_pixel(&desc, f->bpp, 50, 28, f->green);
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "%s: GetDC of a locked surface: hr %#lx.\n", f->name, hr);
    if (SUCCEEDED(hr))
    {
        color = GetPixel(dc, 50, 28);
        ok(color == RGB(0, 255, 0), "%s: the DC sees %#lx where the lock wrote green.\n", f->name, color);
        draw(dc);
        GdiFlush();
        ok(count_pixels(&desc, f, 10, 10, 20, 20, f->red) == 100, "%s: the rectangle is not in the lock (%#lx).\n",
                f->name, get_pixel(&desc, f->bpp, 15, 15));
        ok(count_pixels(&desc, f, 0, 5, 40, 6, f->white) == 40, "%s: the line is not in the lock (%#lx).\n",
                f->name, get_pixel(&desc, f->bpp, 3, 5));
        ok(count_pixels(&desc, f, 24, 8, 64, 32, f->white) > 10, "%s: the text is not in the lock.\n", f->name);
        hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
        ok(hr == DD_OK, "%s: ReleaseDC: hr %#lx.\n", f->name, hr);
    }
    hr = IDirectDrawSurface7_Unlock(surface, NULL);
    ok(hr == DD_OK, "%s: Unlock: hr %#lx.\n", f->name, hr);

    /* Afterwards: a later Lock, and a blit (the GPU's copy). */
    hr = IDirectDrawSurface7_Blt(copy, NULL, surface, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "%s: Blt: hr %#lx.\n", f->name, hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(copy, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "%s: Lock of the copy: hr %#lx.\n", f->name, hr);
    if (SUCCEEDED(hr))
    {
        ok(count_pixels(&desc, f, 10, 10, 20, 20, f->red) == 100, "%s: the rectangle did not reach the blit.\n", f->name);
        ok(count_pixels(&desc, f, 0, 5, 40, 6, f->white) == 40, "%s: the line did not reach the blit.\n", f->name);
        ok((get_pixel(&desc, f->bpp, 50, 28) & f->mask) == f->green, "%s: the locked pixel did not reach the blit (%#lx).\n",
                f->name, get_pixel(&desc, f->bpp, 50, 28));
        IDirectDrawSurface7_Unlock(copy, NULL);
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "%s: Lock: hr %#lx.\n", f->name, hr);
    if (SUCCEEDED(hr))
    {
        ok(count_pixels(&desc, f, 10, 10, 20, 20, f->red) == 100, "%s: the rectangle is not in a later lock.\n", f->name);
        IDirectDrawSurface7_Unlock(surface, NULL);
    }

    if (palette)
    {
        /* The DIB's colour table follows a palette change. */
        PALETTEENTRY azure = {0, 128, 255, 0};
        RECT rect = {0, 24, 8, 32};

        hr = IDirectDrawPalette_SetEntries(palette, 0, 5, 1, &azure);
        ok(hr == DD_OK, "SetEntries: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_GetDC(surface, &dc);
        ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            HBRUSH brush = CreateSolidBrush(RGB(0, 128, 255));

            FillRect(dc, &rect, brush);
            DeleteObject(brush);
            ok(GetPixel(dc, 2, 2) == RGB(0, 0, 0), "Palette entry 0 reads %#lx.\n", GetPixel(dc, 2, 2));
            IDirectDrawSurface7_ReleaseDC(surface, dc);
        }
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        if (SUCCEEDED(hr))
        {
            ok(count_pixels(&desc, f, 0, 24, 8, 32, 5) == 64, "GDI's azure is index %lu, not the new entry 5.\n",
                    get_pixel(&desc, 8, 2, 26));
            IDirectDrawSurface7_Unlock(surface, NULL);
        }
    }

done:
    if (palette)
        IDirectDrawPalette_Release(palette);
    IDirectDrawSurface7_Release(copy);
    IDirectDrawSurface7_Release(surface);
}

/* Surfaces the core drew into after the first GetDC: the DC sees the new
 * picture, not the memory of the last ReleaseDC. */
static void test_blit_after_dc(IDirectDraw7 *ddraw)
{
    const struct format *f = &formats[1];
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    HRESULT hr;
    HDC dc;

    if (!(surface = create_surface(ddraw, f, 32, 32)))
        return;
    fill_color_hr(surface, 0);
    if (SUCCEEDED(hr = IDirectDrawSurface7_GetDC(surface, &dc)))
        IDirectDrawSurface7_ReleaseDC(surface, dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    fill_color_hr(surface, 0x0000ff);
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ok(GetPixel(dc, 7, 7) == RGB(0, 0, 255), "The DC sees %#lx after a fill.\n", GetPixel(dc, 7, 7));
        IDirectDrawSurface7_ReleaseDC(surface, dc);
    }

    /* A write-only lock after a fill: the pixels it does not write keep
     * the fill. */
    fill_color_hr(surface, 0x00ff00);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        put_pixel(&desc, 32, 0, 0, 0xff0000);
        IDirectDrawSurface7_Unlock(surface, NULL);
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ok((get_pixel(&desc, 32, 0, 0) & 0xffffff) == 0xff0000, "Written pixel %#lx.\n", get_pixel(&desc, 32, 0, 0));
        ok(count_pixels(&desc, f, 0, 1, 32, 32, 0x00ff00) == 32 * 31, "The write-only lock lost the fill (%#lx).\n",
                get_pixel(&desc, 32, 5, 5));
        IDirectDrawSurface7_Unlock(surface, NULL);
    }
    IDirectDrawSurface7_Release(surface);
}

/* The first GetDC of a surface that is already locked: the drawing is in
 * the lock's memory by ReleaseDC (ours: copied there then; see ddraw.md),
 * or reaches the surface when the lock goes first. */
static void test_first_dc_over_lock(IDirectDraw7 *ddraw)
{
    const struct format *f = &formats[0];
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc, desc2;
    unsigned int i;
    HRESULT hr;
    HDC dc;

    for (i = 0; i < 2; ++i)
    {
        RECT rect = {4, 4, 12, 12};

        if (!(surface = create_surface(ddraw, f, 16, 16)))
            return;
        fill_color_hr(surface, 0);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (FAILED(hr))
        {
            IDirectDrawSurface7_Release(surface);
            return;
        }
        put_pixel(&desc, 16, 1, 1, f->green);
        hr = IDirectDrawSurface7_GetDC(surface, &dc);
        ok(hr == DD_OK, "%u: first GetDC of a locked surface: hr %#lx.\n", i, hr);
        if (SUCCEEDED(hr))
        {
            ok(GetPixel(dc, 1, 1) == RGB(0, 255, 0), "%u: the DC sees %#lx where the lock wrote green.\n", i,
                    GetPixel(dc, 1, 1));
            FillRect(dc, &rect, GetStockObject(WHITE_BRUSH));
            if (!i)
            {
                IDirectDrawSurface7_ReleaseDC(surface, dc);
                ok(count_pixels(&desc, f, 4, 4, 12, 12, f->white) == 64, "%u: the drawing is not in the lock.\n", i);
                IDirectDrawSurface7_Unlock(surface, NULL);
            }
            else
            {
                IDirectDrawSurface7_Unlock(surface, NULL);
                IDirectDrawSurface7_ReleaseDC(surface, dc);
            }
        }
        else
            IDirectDrawSurface7_Unlock(surface, NULL);
        memset(&desc2, 0, sizeof(desc2));
        desc2.dwSize = sizeof(desc2);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc2, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ok(count_pixels(&desc2, f, 4, 4, 12, 12, f->white) == 64, "%u: the drawing is not in a later lock.\n", i);
            ok((get_pixel(&desc2, 16, 1, 1) & f->mask) == f->green, "%u: the locked pixel is %#lx.\n", i,
                    get_pixel(&desc2, 16, 1, 1));
            IDirectDrawSurface7_Unlock(surface, NULL);
        }
        /* And the DC after that is a shared one. */
        hr = IDirectDrawSurface7_GetDC(surface, &dc);
        ok(hr == DD_OK, "%u: GetDC: hr %#lx.\n", i, hr);
        if (SUCCEEDED(hr))
        {
            ok(GetPixel(dc, 5, 5) == RGB(255, 255, 255), "%u: the next DC sees %#lx.\n", i, GetPixel(dc, 5, 5));
            IDirectDrawSurface7_ReleaseDC(surface, dc);
        }
        IDirectDrawSurface7_Release(surface);
    }
}

START_TEST(ddraw_getdc)
{
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
        test_format(ddraw, &formats[i]);
    test_blit_after_dc(ddraw);
    test_first_dc_over_lock(ddraw);
    IDirectDraw7_Release(ddraw);
}

/*
 * Surfaces: creation and descriptions, Lock round trips, colour fills,
 * blits with colour keys and stretching, BltFast, flip chains, attachments,
 * private data and the documented errors.  Against ours and Wine's builtin.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

static IDirectDraw7 *create_ddraw(void)
{
    IDirectDraw7 *ddraw;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return NULL;
    if (FAILED(IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL)))
    {
        IDirectDraw7_Release(ddraw);
        return NULL;
    }
    return ddraw;
}

static void set_rgb_format(DDPIXELFORMAT *format, DWORD bits, DWORD r, DWORD g, DWORD b, DWORD a)
{
    memset(format, 0, sizeof(*format));
    format->dwSize = sizeof(*format);
    format->dwFlags = DDPF_RGB | (a ? DDPF_ALPHAPIXELS : 0);
    format->dwRGBBitCount = bits;
    format->dwRBitMask = r;
    format->dwGBitMask = g;
    format->dwBBitMask = b;
    format->dwRGBAlphaBitMask = a;
}

static IDirectDrawSurface7 *create_surface(IDirectDraw7 *ddraw, DWORD caps, DWORD width, DWORD height,
        const DDPIXELFORMAT *format)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = width;
    desc.dwHeight = height;
    if (format)
    {
        desc.dwFlags |= DDSD_PIXELFORMAT;
        desc.ddpfPixelFormat = *format;
    }
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface(caps %#lx, %lux%lu): hr %#lx.\n", caps, width, height, hr);
    return SUCCEEDED(hr) ? surface : NULL;
}

static DWORD get_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD value = 0xdeadbeef;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr))
        return value;
    switch (desc.ddpfPixelFormat.dwRGBBitCount)
    {
        case 32: value = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4); break;
        case 16: value = *(WORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 2); break;
        case 8: value = *((BYTE *)desc.lpSurface + y * desc.lPitch + x); break;
    }
    IDirectDrawSurface7_Unlock(surface, NULL);
    return value;
}

static void fill_surface(IDirectDrawSurface7 *surface, const RECT *rect, DWORD color)
{
    DDBLTFX fx;
    HRESULT hr;

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = color;
    hr = IDirectDrawSurface7_Blt(surface, (RECT *)rect, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Colour fill: hr %#lx.\n", hr);
}

static void test_create_and_desc(void)
{
    IDirectDrawSurface7 *surface, *surface2;
    DDPIXELFORMAT format;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }

    /* Bad input. */
    hr = IDirectDraw7_CreateSurface(ddraw, NULL, &surface, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "NULL desc: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc) - 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Wrong dwSize: hr %#lx.\n", hr);
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 16;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "No height: hr %#lx.\n", hr);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.dwHeight = 16;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY | DDSCAPS_VIDEOMEMORY;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "System and video memory: hr %#lx.\n", hr);
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_FLIP;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "DDSCAPS_FLIP without DDSCAPS_COMPLEX: hr %#lx.\n", hr);
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, (IUnknown *)ddraw);
    ok(hr == CLASS_E_NOAGGREGATION, "Aggregation: hr %#lx.\n", hr);

    /* An offscreen surface in a given format. */
    set_rgb_format(&format, 32, 0xff0000, 0x00ff00, 0x0000ff, 0);
    if (!(surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 33, 17, &format)))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
    ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
    ok(desc.dwWidth == 33 && desc.dwHeight == 17, "Size %lux%lu.\n", desc.dwWidth, desc.dwHeight);
    ok((desc.dwFlags & (DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_PITCH))
            == (DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_PITCH), "Flags %#lx.\n", desc.dwFlags);
    ok(desc.lPitch >= 33 * 4 && !(desc.lPitch & 3), "Pitch %ld.\n", desc.lPitch);
    ok(desc.ddpfPixelFormat.dwRGBBitCount == 32 && desc.ddpfPixelFormat.dwRBitMask == 0xff0000,
            "Format %lu bits, red %#lx.\n", desc.ddpfPixelFormat.dwRGBBitCount, desc.ddpfPixelFormat.dwRBitMask);
    ok(desc.ddsCaps.dwCaps & DDSCAPS_OFFSCREENPLAIN, "Caps %#lx.\n", desc.ddsCaps.dwCaps);
    ok(desc.ddsCaps.dwCaps & (DDSCAPS_VIDEOMEMORY | DDSCAPS_SYSTEMMEMORY), "No memory caps in %#lx.\n",
            desc.ddsCaps.dwCaps);
    desc.dwSize = sizeof(DDSURFACEDESC);
    hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
    ok(hr == DDERR_INVALIDPARAMS, "GetSurfaceDesc with the v1 size: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetSurfaceDesc(surface, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "GetSurfaceDesc(NULL): hr %#lx.\n", hr);

    /* Overlays do not exist. */
    hr = IDirectDrawSurface7_UpdateOverlay(surface, NULL, NULL, NULL, DDOVER_SHOW, NULL);
    ok(hr == DDERR_NOTAOVERLAYSURFACE, "UpdateOverlay: hr %#lx.\n", hr);

    /* QueryInterface between versions. */
    hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface, (void **)&surface2);
    ok(hr == DD_OK, "QueryInterface(IDirectDrawSurface): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IUnknown_Release((IUnknown *)surface2);
    hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDraw7, (void **)&surface2);
    ok(hr == E_NOINTERFACE, "QueryInterface(IDirectDraw7): hr %#lx.\n", hr);
    ok(!IDirectDrawSurface7_Release(surface), "Surface not freed.\n");

    /* A primary takes the mode's size and no size of its own. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.dwWidth = desc.dwHeight = 64;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    /* Wine's builtin takes the size. */
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "Primary with a size: hr %#lx.\n", hr);
    if (hr == DD_OK)
        IDirectDrawSurface7_Release(surface);
    desc.dwFlags = DDSD_CAPS;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Primary: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        DDSURFACEDESC2 mode;

        hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface2, NULL);
        /* Wine's builtin allows several primaries in normal mode. */
        ok(hr == DDERR_PRIMARYSURFACEALREADYEXISTS || broken(hr == DD_OK), "Second primary: hr %#lx.\n", hr);
        if (hr == DD_OK)
            IDirectDrawSurface7_Release(surface2);
        memset(&mode, 0, sizeof(mode));
        mode.dwSize = sizeof(mode);
        IDirectDraw7_GetDisplayMode(ddraw, &mode);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(desc.dwWidth == mode.dwWidth && desc.dwHeight == mode.dwHeight, "Primary %lux%lu, mode %lux%lu.\n",
                desc.dwWidth, desc.dwHeight, mode.dwWidth, mode.dwHeight);
        ok(desc.ddsCaps.dwCaps & DDSCAPS_VISIBLE, "Primary caps %#lx.\n", desc.ddsCaps.dwCaps);
        IDirectDrawSurface7_Release(surface);
    }
done:
    IDirectDraw7_Release(ddraw);
}

static void test_lock(void)
{
    static const struct
    {
        DWORD bits, r, g, b, a;
    }
    formats[] =
    {
        {32, 0xff0000, 0x00ff00, 0x0000ff, 0},
        {32, 0xff0000, 0x00ff00, 0x0000ff, 0xff000000},
        {16, 0xf800, 0x07e0, 0x001f, 0},
        {16, 0x7c00, 0x03e0, 0x001f, 0},
        {16, 0x7c00, 0x03e0, 0x001f, 0x8000},
        {16, 0x0f00, 0x00f0, 0x000f, 0xf000},
    };
    static const DWORD memories[] = {DDSCAPS_SYSTEMMEMORY, DDSCAPS_VIDEOMEMORY};
    IDirectDrawSurface7 *surface;
    DDPIXELFORMAT format;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i, m, x, y;
    RECT rect;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }

    for (m = 0; m < ARRAY_SIZE(memories); ++m)
    for (i = 0; i < ARRAY_SIZE(formats); ++i)
    {
        unsigned int bpp = formats[i].bits / 8, bad = 0;

        set_rgb_format(&format, formats[i].bits, formats[i].r, formats[i].g, formats[i].b, formats[i].a);
        if (!(surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | memories[m], 24, 10, &format)))
            continue;

        /* Write a pattern through a lock, read it back through another. */
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (FAILED(hr))
        {
            IDirectDrawSurface7_Release(surface);
            continue;
        }
        ok(desc.lPitch >= (LONG)(24 * bpp), "Pitch %ld.\n", desc.lPitch);
        for (y = 0; y < 10; ++y)
            for (x = 0; x < 24 * bpp; ++x)
                ((BYTE *)desc.lpSurface)[y * desc.lPitch + x] = (BYTE)(x * 7 + y * 13 + i);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_SURFACEBUSY, "Second lock: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Unlock(surface, NULL);
        ok(hr == DD_OK, "Unlock: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Unlock(surface, NULL);
        ok(hr == DDERR_NOTLOCKED, "Second unlock: hr %#lx.\n", hr);

        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            for (y = 0; y < 10; ++y)
                for (x = 0; x < 24 * bpp; ++x)
                    if (((BYTE *)desc.lpSurface)[y * desc.lPitch + x] != (BYTE)(x * 7 + y * 13 + i))
                        ++bad;
            ok(!bad, "Format %u (%lu bits), memory %#lx: %u bytes differ.\n", i, formats[i].bits, memories[m], bad);
            IDirectDrawSurface7_Unlock(surface, NULL);
        }

        /* A rectangle: the pointer is at its first pixel. */
        SetRect(&rect, 4, 3, 8, 5);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, &rect, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        ok(hr == DD_OK, "Rectangle lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ok(*(BYTE *)desc.lpSurface == (BYTE)(4 * bpp * 7 + 3 * 13 + i), "Rectangle lock points at %#x.\n",
                    *(BYTE *)desc.lpSurface);
            IDirectDrawSurface7_Unlock(surface, &rect);
        }
        SetRect(&rect, 20, 0, 25, 4);
        hr = IDirectDrawSurface7_Lock(surface, &rect, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Rectangle outside the surface: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Lock(surface, NULL, NULL, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Lock without a desc: hr %#lx.\n", hr);

        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

static void test_blt(void)
{
    IDirectDrawSurface7 *src, *dst, *sys;
    DDPIXELFORMAT format;
    DDCOLORKEY key;
    DDBLTFX fx;
    IDirectDraw7 *ddraw;
    RECT rect, src_rect;
    DWORD color;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    set_rgb_format(&format, 32, 0xff0000, 0x00ff00, 0x0000ff, 0);
    src = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 16, 16, &format);
    dst = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 32, 32, &format);
    sys = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 32, 32, &format);
    if (!src || !dst || !sys)
        goto done;

    /* Fills. */
    fill_surface(dst, NULL, 0x00112233);
    color = get_pixel(dst, 5, 5) & 0xffffff;
    ok(color == 0x00112233, "Fill gave %#lx.\n", color);
    SetRect(&rect, 8, 8, 16, 16);
    fill_surface(dst, &rect, 0x00ff0000);
    color = get_pixel(dst, 8, 8) & 0xffffff;
    ok(color == 0x00ff0000, "Rectangle fill gave %#lx.\n", color);
    color = get_pixel(dst, 7, 8) & 0xffffff;
    ok(color == 0x00112233, "Outside the fill %#lx.\n", color);
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    hr = IDirectDrawSurface7_Blt(dst, NULL, NULL, NULL, DDBLT_COLORFILL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Fill without fx: hr %#lx.\n", hr);
    SetRect(&rect, 0, 0, 33, 8);
    hr = IDirectDrawSurface7_Blt(dst, &rect, NULL, NULL, DDBLT_COLORFILL, &fx);
    ok(hr == DDERR_INVALIDRECT, "Fill outside the surface: hr %#lx.\n", hr);
    SetRect(&rect, 8, 8, 4, 16);
    hr = IDirectDrawSurface7_Blt(dst, &rect, NULL, NULL, DDBLT_COLORFILL, &fx);
    ok(hr == DDERR_INVALIDRECT, "Inverted rectangle: hr %#lx.\n", hr);

    /* Copy and stretch. */
    fill_surface(src, NULL, 0x000000ff);
    SetRect(&rect, 0, 0, 8, 8);
    fill_surface(src, &rect, 0x0000ff00);
    hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Stretch blit: hr %#lx.\n", hr);
    color = get_pixel(dst, 2, 2) & 0xffffff;
    ok(color == 0x0000ff00, "Stretched top-left %#lx.\n", color);
    color = get_pixel(dst, 30, 30) & 0xffffff;
    ok(color == 0x000000ff, "Stretched bottom-right %#lx.\n", color);
    color = get_pixel(dst, 17, 2) & 0xffffff;
    ok(color == 0x000000ff, "Stretched top-right %#lx.\n", color);

    /* Mirror left-right. */
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwDDFX = DDBLTFX_MIRRORLEFTRIGHT;
    SetRect(&rect, 0, 0, 16, 16);
    hr = IDirectDrawSurface7_Blt(dst, &rect, src, NULL, DDBLT_DDFX | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Mirrored blit: hr %#lx.\n", hr);
    color = get_pixel(dst, 12, 2) & 0xffffff;
    ok(color == 0x0000ff00, "Mirrored top-right %#lx.\n", color);
    color = get_pixel(dst, 2, 2) & 0xffffff;
    ok(color == 0x000000ff, "Mirrored top-left %#lx.\n", color);

    /* Source colour key: blue is transparent. */
    fill_surface(dst, NULL, 0x00808080);
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0x000000ff;
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT, &key);
    ok(hr == DD_OK, "SetColorKey: hr %#lx.\n", hr);
    SetRect(&rect, 0, 0, 16, 16);
    hr = IDirectDrawSurface7_Blt(dst, &rect, src, NULL, DDBLT_KEYSRC | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Keyed blit: hr %#lx.\n", hr);
    color = get_pixel(dst, 2, 2) & 0xffffff;
    ok(color == 0x0000ff00, "Opaque part %#lx.\n", color);
    color = get_pixel(dst, 12, 12) & 0xffffff;
    ok(color == 0x00808080, "Keyed part %#lx.\n", color);

    /* The same through BltFast. */
    fill_surface(dst, NULL, 0x00808080);
    SetRect(&src_rect, 0, 0, 16, 16);
    hr = IDirectDrawSurface7_BltFast(dst, 16, 16, src, &src_rect, DDBLTFAST_SRCCOLORKEY | DDBLTFAST_WAIT);
    ok(hr == DD_OK, "BltFast: hr %#lx.\n", hr);
    color = get_pixel(dst, 18, 18) & 0xffffff;
    ok(color == 0x0000ff00, "BltFast opaque part %#lx.\n", color);
    color = get_pixel(dst, 28, 28) & 0xffffff;
    ok(color == 0x00808080, "BltFast keyed part %#lx.\n", color);
    hr = IDirectDrawSurface7_BltFast(dst, 20, 20, src, &src_rect, DDBLTFAST_NOCOLORKEY);
    ok(hr == DDERR_INVALIDRECT, "BltFast outside: hr %#lx.\n", hr);

    /* Destination key: only where the destination is grey. */
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0x00808080;
    hr = IDirectDrawSurface7_SetColorKey(dst, DDCKEY_DESTBLT, &key);
    ok(hr == DD_OK, "SetColorKey(DESTBLT): hr %#lx.\n", hr);
    SetRect(&rect, 0, 0, 8, 8);
    fill_surface(dst, &rect, 0x00ff0000);
    hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_KEYDEST | DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Dest-keyed blit: hr %#lx.\n", hr);
    color = get_pixel(dst, 2, 2) & 0xffffff;
    ok(color == 0x00ff0000, "Protected part %#lx.\n", color);
    color = get_pixel(dst, 30, 30) & 0xffffff;
    /* Wine's builtin compares the X8 byte its fills set to 0xff. */
    ok(color == 0x000000ff || broken(color == 0x00808080), "Replaced part %#lx.\n", color);

    /* Video to system memory. */
    hr = IDirectDrawSurface7_Blt(sys, NULL, dst, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Blit to system memory: hr %#lx.\n", hr);
    color = get_pixel(sys, 30, 30) & 0xffffff;
    ok(color == 0x000000ff || broken(color == 0x00808080), "System memory copy %#lx.\n", color);

    /* Colour keys. */
    hr = IDirectDrawSurface7_GetColorKey(src, DDCKEY_SRCBLT, &key);
    ok(hr == DD_OK && key.dwColorSpaceLowValue == 0xff, "GetColorKey: hr %#lx, %#lx.\n", hr, key.dwColorSpaceLowValue);
    hr = IDirectDrawSurface7_GetColorKey(src, DDCKEY_DESTBLT, &key);
    ok(hr == DDERR_NOCOLORKEY, "GetColorKey of an unset key: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT, NULL);
    ok(hr == DD_OK, "Removing the key: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetColorKey(src, DDCKEY_SRCBLT, &key);
    ok(hr == DDERR_NOCOLORKEY, "GetColorKey after removal: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT | DDCKEY_DESTBLT, &key);
    ok(hr == DDERR_INVALIDPARAMS, "Two keys at once: hr %#lx.\n", hr);

done:
    if (src) IDirectDrawSurface7_Release(src);
    if (dst) IDirectDrawSurface7_Release(dst);
    if (sys) IDirectDrawSurface7_Release(sys);
    IDirectDraw7_Release(ddraw);
}

/* The windowed present: blits to the primary (exact and stretched) are read
 * by a Lock and by GetDC afterwards, and what a Lock wrote survives them. */
static void test_primary_blt(void)
{
    IDirectDrawSurface7 *primary = NULL, *src = NULL;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    RECT rect;
    DWORD color;
    HRESULT hr;
    HDC dc;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "Primary: hr %#lx.\n", hr);
    /* Same format as the primary. */
    src = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 32, 32, NULL);
    if (!primary || !src)
        goto done;
    hr = IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
    if (desc.ddpfPixelFormat.dwRGBBitCount != 32 || desc.dwWidth < 300 || desc.dwHeight < 300)
    {
        skip("The primary is %lu bits, %lux%lu.\n", desc.ddpfPixelFormat.dwRGBBitCount, desc.dwWidth, desc.dwHeight);
        goto done;
    }
    fill_surface(src, NULL, 0x00336699);
    SetRect(&rect, 0, 0, 8, 8);
    fill_surface(src, &rect, 0x00cc0000);

    /* A pixel the application wrote with a Lock. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(primary, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        *(DWORD *)((BYTE *)desc.lpSurface + 10 * desc.lPitch + 10 * 4) = 0x00123456;
        IDirectDrawSurface7_Unlock(primary, NULL);
    }

    SetRect(&rect, 100, 100, 132, 132);
    hr = IDirectDrawSurface7_Blt(primary, &rect, src, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Blt to the primary: hr %#lx.\n", hr);
    SetRect(&rect, 200, 200, 264, 264);
    hr = IDirectDrawSurface7_Blt(primary, &rect, src, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Stretched Blt to the primary: hr %#lx.\n", hr);

    color = get_pixel(primary, 101, 101) & 0xffffff;
    ok(color == 0x00cc0000, "Blitted pixel %#lx.\n", color);
    color = get_pixel(primary, 131, 131) & 0xffffff;
    ok(color == 0x00336699, "Blitted corner %#lx.\n", color);
    /* Point sampling: the edge of the red square stays sharp.  Wine's
     * builtin filters stretched blits linearly, which blends the two. */
    color = get_pixel(primary, 215, 215) & 0xffffff;
    ok(color == 0x00cc0000 || broken(color != 0x00336699), "Stretched pixel %#lx.\n", color);
    color = get_pixel(primary, 216, 216) & 0xffffff;
    ok(color == 0x00336699 || broken(color != 0x00cc0000), "Stretched pixel past the edge %#lx.\n", color);
    color = get_pixel(primary, 203, 203) & 0xffffff;
    ok(color == 0x00cc0000, "Stretched pixel inside %#lx.\n", color);
    color = get_pixel(primary, 10, 10) & 0xffffff;
    ok(color == 0x00123456, "Locked pixel after the blits %#lx.\n", color);

    hr = IDirectDrawSurface7_GetDC(primary, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        color = GetPixel(dc, 101, 101);
        ok(color == RGB(0xcc, 0x00, 0x00), "GetDC: blitted pixel %#lx.\n", color);
        color = GetPixel(dc, 240, 240);
        ok(color == RGB(0x33, 0x66, 0x99), "GetDC: stretched pixel %#lx.\n", color);
        color = GetPixel(dc, 10, 10);
        ok(color == RGB(0x12, 0x34, 0x56), "GetDC: locked pixel %#lx.\n", color);
        IDirectDrawSurface7_ReleaseDC(primary, dc);
    }

    /* After a DC, blits go on showing in Locks and DCs. */
    fill_surface(src, NULL, 0x0000ff00);
    SetRect(&rect, 100, 100, 132, 132);
    hr = IDirectDrawSurface7_Blt(primary, &rect, src, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Blt after GetDC: hr %#lx.\n", hr);
    color = get_pixel(primary, 101, 101) & 0xffffff;
    ok(color == 0x0000ff00, "Blitted after GetDC %#lx.\n", color);
    color = get_pixel(primary, 10, 10) & 0xffffff;
    ok(color == 0x00123456, "Locked pixel after GetDC %#lx.\n", color);
    hr = IDirectDrawSurface7_GetDC(primary, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        color = GetPixel(dc, 131, 131);
        ok(color == RGB(0x00, 0xff, 0x00), "Second GetDC: blitted pixel %#lx.\n", color);
        IDirectDrawSurface7_ReleaseDC(primary, dc);
    }

done:
    if (src) IDirectDrawSurface7_Release(src);
    if (primary) IDirectDrawSurface7_Release(primary);
    IDirectDraw7_Release(ddraw);
}

static void test_private_data(void)
{
    static const GUID tag = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    IDirectDrawSurface7 *surface;
    IDirectDraw7 *ddraw;
    DWORD data = 0x1234, out, size;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    if (!(surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 8, 8, NULL)))
        goto done;
    hr = IDirectDrawSurface7_SetPrivateData(surface, &tag, &data, sizeof(data), 0);
    ok(hr == DD_OK, "SetPrivateData: hr %#lx.\n", hr);
    size = 1;
    hr = IDirectDrawSurface7_GetPrivateData(surface, &tag, &out, &size);
    ok(hr == DDERR_MOREDATA && size == sizeof(data), "Small buffer: hr %#lx, size %lu.\n", hr, size);
    size = sizeof(out);
    hr = IDirectDrawSurface7_GetPrivateData(surface, &tag, &out, &size);
    ok(hr == DD_OK && out == data, "GetPrivateData: hr %#lx, %#lx.\n", hr, out);
    hr = IDirectDrawSurface7_FreePrivateData(surface, &tag);
    ok(hr == DD_OK, "FreePrivateData: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetPrivateData(surface, &tag, &out, &size);
    ok(hr == DDERR_NOTFOUND, "After FreePrivateData: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetUniquenessValue(surface, &out);
    ok(hr == DD_OK, "GetUniquenessValue: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_ChangeUniquenessValue(surface);
    ok(hr == DD_OK, "ChangeUniquenessValue: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetUniquenessValue(surface, &size);
    /* Wine's builtin always answers 0. */
    ok(hr == DD_OK && (size != out || broken(!size)), "Uniqueness value did not change (%lu).\n", size);
    IDirectDrawSurface7_Release(surface);
done:
    IDirectDraw7_Release(ddraw);
}

/* A Lock description of a size that is neither DDSURFACEDESC's nor
 * DDSURFACEDESC2's: Windows takes it for a system memory texture of
 * IDirectDraw7 and refuses it for one of the older DirectDraw interfaces
 * (Wine's ddraw7.c and ddraw4.c test_surface_desc_size). */
static void test_lock_desc_size(void)
{
    static const unsigned int sizes[] = {sizeof(DDSURFACEDESC) + 1, sizeof(DDSURFACEDESC2) - 1, 12};
    union
    {
        DDSURFACEDESC2 desc2;
        BYTE blob[2 * sizeof(DDSURFACEDESC2)];
    } desc;
    IDirectDrawSurface7 *surface7 = NULL;
    IDirectDrawSurface4 *surface4;
    IDirectDrawSurface *surface1;
    DDSURFACEDESC2 create;
    IDirectDraw4 *ddraw4;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw4, (void **)&ddraw4);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw4): hr %#lx.\n", hr);

    memset(&create, 0, sizeof(create));
    create.dwSize = sizeof(create);
    create.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    create.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY;
    create.dwWidth = 16;
    create.dwHeight = 16;
    hr = IDirectDraw7_CreateSurface(ddraw, &create, &surface7, NULL);
    ok(hr == DD_OK, "CreateSurface (7): hr %#lx.\n", hr);
    hr = IDirectDraw4_CreateSurface(ddraw4, &create, &surface4, NULL);
    ok(hr == DD_OK, "CreateSurface (4): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    hr = IDirectDrawSurface4_QueryInterface(surface4, &IID_IDirectDrawSurface, (void **)&surface1);
    ok(hr == DD_OK, "QueryInterface(IDirectDrawSurface): hr %#lx.\n", hr);

    for (i = 0; i < ARRAY_SIZE(sizes); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.desc2.dwSize = sizes[i];
        hr = IDirectDrawSurface7_Lock(surface7, NULL, &desc.desc2, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "IDirectDraw7 surface, size %u: hr %#lx.\n", sizes[i], hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Unlock(surface7, NULL);

        memset(&desc, 0, sizeof(desc));
        desc.desc2.dwSize = sizes[i];
        hr = IDirectDrawSurface4_Lock(surface4, NULL, &desc.desc2, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "IDirectDraw4 surface, size %u: hr %#lx.\n", sizes[i], hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface4_Unlock(surface4, NULL);

        memset(&desc, 0, sizeof(desc));
        desc.desc2.dwSize = sizes[i];
        hr = IDirectDrawSurface_Lock(surface1, NULL, (DDSURFACEDESC *)&desc.desc2, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "IDirectDraw4 surface through IDirectDrawSurface, size %u: hr %#lx.\n",
                sizes[i], hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface_Unlock(surface1, NULL);
    }
    /* The two right sizes still lock. */
    memset(&desc, 0, sizeof(desc));
    desc.desc2.dwSize = sizeof(DDSURFACEDESC);
    hr = IDirectDrawSurface_Lock(surface1, NULL, (DDSURFACEDESC *)&desc.desc2, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "DDSURFACEDESC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface_Unlock(surface1, NULL);

    IDirectDrawSurface_Release(surface1);
    IDirectDrawSurface4_Release(surface4);
done:
    if (surface7) IDirectDrawSurface7_Release(surface7);
    IDirectDraw4_Release(ddraw4);
    IDirectDraw7_Release(ddraw);
}

/* A DXT1 8x8 system memory texture in the application's memory. */
static HRESULT create_dxt1_client(IUnknown *ddraw, BOOL v4, DWORD flags, DWORD size, void *mem, void **surface)
{
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | flags;
    desc.ddsCaps.dwCaps = DDSCAPS_SYSTEMMEMORY | DDSCAPS_TEXTURE;
    desc.dwWidth = desc.dwHeight = 8;
    desc.dwLinearSize = size;
    desc.lpSurface = mem;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_FOURCC;
    desc.ddpfPixelFormat.dwFourCC = MAKEFOURCC('D','X','T','1');
    *surface = NULL;
    if (v4)
        return IDirectDraw4_CreateSurface((IDirectDraw4 *)ddraw, &desc, (IDirectDrawSurface4 **)surface, NULL);
    return IDirectDraw7_CreateSurface((IDirectDraw7 *)ddraw, &desc, (IDirectDrawSurface7 **)surface, NULL);
}

/* Application memory (DDSD_LPSURFACE) at CreateSurface: a compressed
 * format is tightly packed block rows; IDirectDraw7 wants a linear size of
 * at least the surface and refuses a pitch, IDirectDraw4 ignores the pitch;
 * both then report the linear size as ~0u. Video memory is refused with
 * DDERR_INVALIDCAPS before the memory pointer is looked at, and only a
 * texture may be allocated on load (Wine's test_block_formats_creation and
 * test_create_surface_pitch). */
static void test_client_memory_rules(void)
{
    BYTE mem[8 * 8 * 4 + 64];
    IDirectDrawSurface7 *surface;
    IDirectDrawSurface4 *surface4;
    DDSURFACEDESC2 desc;
    IDirectDraw4 *ddraw4;
    IDirectDraw7 *ddraw;
    DDPIXELFORMAT fmt;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw4, (void **)&ddraw4);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw4): hr %#lx.\n", hr);
    memset(mem, 0x5a, sizeof(mem));

    hr = create_dxt1_client((IUnknown *)ddraw, FALSE, DDSD_LPSURFACE | DDSD_LINEARSIZE, 31, mem, (void **)&surface);
    ok(hr == DDERR_INVALIDPARAMS, "Linear size short of the surface: hr %#lx.\n", hr);
    hr = create_dxt1_client((IUnknown *)ddraw, FALSE, DDSD_LPSURFACE | DDSD_PITCH, 16, mem, (void **)&surface);
    ok(hr == DDERR_INVALIDPARAMS, "IDirectDraw7, pitch: hr %#lx.\n", hr);
    hr = create_dxt1_client((IUnknown *)ddraw, FALSE, DDSD_LPSURFACE | DDSD_LINEARSIZE, 32, mem, (void **)&surface);
    ok(hr == DD_OK, "Linear size of the surface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK, "Got hr %#lx.\n", hr);
        ok(desc.dwFlags == (DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_LINEARSIZE),
                "Got flags %#lx.\n", desc.dwFlags);
        ok(desc.dwLinearSize == ~0u, "Got linear size %#lx.\n", desc.dwLinearSize);
        /* The memory stays the application's; nothing past the surface is written. */
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK && desc.lpSurface == mem, "Got hr %#lx, memory %p, expected %p.\n", hr, desc.lpSurface, mem);
        if (SUCCEEDED(hr)) IDirectDrawSurface7_Unlock(surface, NULL);
        ok(mem[32] == 0x5a, "Written past the surface: %#x.\n", mem[32]);
        IDirectDrawSurface7_Release(surface);
    }

    hr = create_dxt1_client((IUnknown *)ddraw4, TRUE, DDSD_LPSURFACE | DDSD_PITCH, 0, mem, (void **)&surface4);
    ok(hr == DD_OK, "IDirectDraw4, pitch 0: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface4_GetSurfaceDesc(surface4, &desc);
        ok(hr == DD_OK && desc.dwLinearSize == ~0u, "Got hr %#lx, linear size %#lx.\n", hr, desc.dwLinearSize);
        IDirectDrawSurface4_Release(surface4);
    }

    set_rgb_format(&fmt, 32, 0xff0000, 0xff00, 0xff, 0);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_LPSURFACE | DDSD_PITCH;
    desc.ddsCaps.dwCaps = DDSCAPS_VIDEOMEMORY | DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 8;
    desc.lPitch = 32;
    desc.ddpfPixelFormat = fmt;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Video memory, no memory pointer: hr %#lx.\n", hr);

    desc.dwFlags &= ~(DDSD_LPSURFACE | DDSD_PITCH);
    desc.ddsCaps.dwCaps = DDSCAPS_SYSTEMMEMORY | DDSCAPS_OFFSCREENPLAIN | DDSCAPS_ALLOCONLOAD;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "ALLOCONLOAD off-screen plain: hr %#lx.\n", hr);
    desc.ddsCaps.dwCaps = DDSCAPS_SYSTEMMEMORY | DDSCAPS_TEXTURE | DDSCAPS_ALLOCONLOAD;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "ALLOCONLOAD texture: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);

    IDirectDraw4_Release(ddraw4);
    IDirectDraw7_Release(ddraw);
}

/* Through IDirectDrawSurface7 a mip level below the top takes neither a
 * colour key nor a palette (DDERR_NOTONMIPMAPSUBLEVEL, before the pixel
 * format is looked at); through IDirectDrawSurface4 it takes a key (Wine's
 * ddraw7.c and ddraw4.c test_ck_complex, test_palette_complex). */
static void test_mip_sublevel_keys(void)
{
    DDSCAPS2 caps = {DDSCAPS_TEXTURE | DDSCAPS_MIPMAP, DDSCAPS2_MIPMAPSUBLEVEL, 0, {0}};
    IDirectDrawSurface7 *surface, *level;
    IDirectDrawSurface4 *level4;
    IDirectDrawPalette *palette;
    PALETTEENTRY entries[256];
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDCOLORKEY key;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX | DDSCAPS_MIPMAP;
    desc.dwWidth = desc.dwHeight = 16;
    set_rgb_format(&desc.ddpfPixelFormat, 32, 0xff0000, 0xff00, 0xff, 0);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    hr = IDirectDrawSurface7_GetAttachedSurface(surface, &caps, &level);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) goto release;

    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0xff;
    hr = IDirectDrawSurface7_SetColorKey(surface, DDCKEY_SRCBLT, &key);
    ok(hr == DD_OK, "Top level: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetColorKey(level, DDCKEY_SRCBLT, &key);
    ok(hr == DDERR_NOTONMIPMAPSUBLEVEL, "Sub-level: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetColorKey(level, DDCKEY_SRCBLT, &key);
    ok(hr == DDERR_NOCOLORKEY, "Sub-level: hr %#lx.\n", hr);

    memset(entries, 0, sizeof(entries));
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_ALLOW256 | DDPCAPS_8BIT, entries, &palette, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawSurface7_SetPalette(level, palette);
        ok(hr == DDERR_NOTONMIPMAPSUBLEVEL, "Sub-level of a 32-bit texture: hr %#lx.\n", hr);
        IDirectDrawPalette_Release(palette);
    }

    hr = IDirectDrawSurface7_QueryInterface(level, &IID_IDirectDrawSurface4, (void **)&level4);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawSurface4_SetColorKey(level4, DDCKEY_SRCBLT, &key);
        ok(hr == DD_OK, "Sub-level through IDirectDrawSurface4: hr %#lx.\n", hr);
        IDirectDrawSurface4_Release(level4);
    }
    IDirectDrawSurface7_Release(level);
release:
    IDirectDrawSurface7_Release(surface);
done:
    IDirectDraw7_Release(ddraw);
}

/* BLACKNESS and WHITENESS clear and set every bit of a z-buffer; a raster
 * operation with a source surface checks the source rectangle it does not
 * read (Wine's test_color_fill). */
static void test_rop_fills(void)
{
    RECT inverted = {5, 7, 7, 5};
    IDirectDrawSurface7 *zbuffer, *surface, *surface2;
    DDSURFACEDESC2 desc;
    DDPIXELFORMAT fmt;
    IDirectDraw7 *ddraw;
    DDBLTFX fx;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    memset(&fmt, 0, sizeof(fmt));
    fmt.dwSize = sizeof(fmt);
    fmt.dwFlags = DDPF_ZBUFFER;
    fmt.dwZBufferBitDepth = 16;
    fmt.dwZBitMask = 0xffff;
    zbuffer = create_surface(ddraw, DDSCAPS_ZBUFFER | DDSCAPS_SYSTEMMEMORY, 8, 8, &fmt);
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0xdeadbeef;
    if (zbuffer)
    {
        static const DWORD rops[] = {WHITENESS, BLACKNESS};
        unsigned int i;

        for (i = 0; i < ARRAY_SIZE(rops); ++i)
        {
            fx.dwROP = rops[i];
            hr = IDirectDrawSurface7_Blt(zbuffer, NULL, NULL, NULL, DDBLT_ROP | DDBLT_WAIT, &fx);
            ok(hr == DD_OK, "ROP %#lx on a z-buffer: hr %#lx.\n", rops[i], hr);
            ok(fx.dwFillColor == 0xdeadbeef, "Fill colour changed to %#lx.\n", fx.dwFillColor);
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            hr = IDirectDrawSurface7_Lock(zbuffer, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
            ok(hr == DD_OK, "Got hr %#lx.\n", hr);
            if (SUCCEEDED(hr))
            {
                WORD v = ((WORD *)((BYTE *)desc.lpSurface + 7 * desc.lPitch))[7];

                ok(v == (rops[i] == WHITENESS ? 0xffff : 0), "ROP %#lx: z value %#x.\n", rops[i], v);
                IDirectDrawSurface7_Unlock(zbuffer, NULL);
            }
        }
        IDirectDrawSurface7_Release(zbuffer);
    }

    set_rgb_format(&fmt, 32, 0xff0000, 0xff00, 0xff, 0);
    surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, &fmt);
    surface2 = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, &fmt);
    if (surface && surface2)
    {
        fx.dwROP = WHITENESS;
        hr = IDirectDrawSurface7_Blt(surface, NULL, surface2, NULL, DDBLT_ROP | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Unused source: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(surface, NULL, surface2, &inverted, DDBLT_ROP | DDBLT_WAIT, &fx);
        ok(hr == DDERR_INVALIDRECT, "Inverted source rectangle: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(surface, NULL, NULL, &inverted, DDBLT_ROP | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Source rectangle without a source: hr %#lx.\n", hr);
        /* A copy without a source: refused before the flipped destination
         * rectangle is looked at (Wine's test_blt). */
        hr = IDirectDrawSurface7_Blt(surface, &inverted, NULL, NULL, DDBLT_WAIT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Copy without a source: hr %#lx.\n", hr);
    }
    if (surface) IDirectDrawSurface7_Release(surface);
    if (surface2) IDirectDrawSurface7_Release(surface2);
    IDirectDraw7_Release(ddraw);
}

/* A blit between two DirectDraw objects' surfaces: of different formats,
 * E_NOTIMPL and nothing copied; of one format, a copy (Wine's
 * test_cross_device_blt; Wine's builtin refuses both). */
static void test_cross_device_blt(void)
{
    IDirectDrawSurface7 *dst, *src16, *src32;
    IDirectDraw7 *ddraw, *ddraw2;
    DDPIXELFORMAT fmt32, fmt16;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    if (!(ddraw2 = create_ddraw()))
    {
        skip("No second DirectDraw.\n");
        IDirectDraw7_Release(ddraw);
        return;
    }
    set_rgb_format(&fmt32, 32, 0xff0000, 0xff00, 0xff, 0);
    set_rgb_format(&fmt16, 16, 0x7c00, 0x3e0, 0x1f, 0);
    dst = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, &fmt32);
    src16 = create_surface(ddraw2, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, &fmt16);
    src32 = create_surface(ddraw2, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, &fmt32);
    if (dst && src16 && src32)
    {
        fill_surface(dst, NULL, 0);
        fill_surface(src16, NULL, 0x001f);
        fill_surface(src32, NULL, 0x0000ff);
        hr = IDirectDrawSurface7_Blt(dst, NULL, src16, NULL, DDBLT_WAIT, NULL);
        ok(hr == E_NOTIMPL, "Other object, other format: hr %#lx.\n", hr);
        ok(get_pixel(dst, 8, 8) == 0, "Copied: %#lx.\n", get_pixel(dst, 8, 8));
        hr = IDirectDrawSurface7_Blt(dst, NULL, src32, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK || broken(hr == E_NOTIMPL), "Other object, same format: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            ok((get_pixel(dst, 8, 8) & 0xffffff) == 0xff, "Got %#lx.\n", get_pixel(dst, 8, 8));
    }
    if (dst) IDirectDrawSurface7_Release(dst);
    if (src16) IDirectDrawSurface7_Release(src16);
    if (src32) IDirectDrawSurface7_Release(src32);
    IDirectDraw7_Release(ddraw2);
    IDirectDraw7_Release(ddraw);
}

/* Fills every row of a locked surface with values of its own, up to the
 * last pixel (the one a row of the wrong length would lose first). */
static void lock_fill_pattern(IDirectDrawSurface7 *surface, DWORD bpp, DWORD width, DWORD height, DWORD seed)
{
    DDSURFACEDESC2 desc;
    DWORD x, y;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    for (y = 0; y < height; ++y)
        for (x = 0; x < width; ++x)
        {
            BYTE *row = (BYTE *)desc.lpSurface + y * desc.lPitch;
            DWORD v = (y * 131 + x * 7 + seed) & (bpp == 16 ? 0x7fff : 0xffffff);

            if (bpp == 16) ((WORD *)row)[x] = v;
            else ((DWORD *)row)[x] = v;
        }
    IDirectDrawSurface7_Unlock(surface, NULL);
}

/* The pixels the pattern above wrote that a locked surface no longer
 * holds; the pitch Lock gave is returned in *pitch. */
static unsigned int lock_count_wrong(IDirectDrawSurface7 *surface, DWORD bpp, DWORD width, DWORD height,
        DWORD seed, LONG *pitch)
{
    unsigned int wrong = 0;
    DDSURFACEDESC2 desc;
    DWORD x, y;
    HRESULT hr;

    *pitch = 0;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr))
        return width * height;
    *pitch = desc.lPitch;
    for (y = 0; y < height; ++y)
        for (x = 0; x < width; ++x)
        {
            const BYTE *row = (const BYTE *)desc.lpSurface + y * desc.lPitch;
            DWORD expect = (y * 131 + x * 7 + seed) & (bpp == 16 ? 0x7fff : 0xffffff);
            DWORD v = bpp == 16 ? ((const WORD *)row)[x] & 0x7fff : ((const DWORD *)row)[x] & 0xffffff;

            if (v != expect) ++wrong;
        }
    IDirectDrawSurface7_Unlock(surface, NULL);
    return wrong;
}

/* Windows pads the rows of a surface in video memory to 8 bytes, those of
 * one in system memory to 4 on 64-bit Windows (8 on 32-bit): 63 pixels of
 * 32 bits are 0x100 and 0xfc bytes (Wine's test_create_surface_pitch), 30
 * of 16 bits 0x40 and 0x3c. The padded rows go through every path: a Lock
 * after the GPU drew (read back from GL), a blit between the two kinds and
 * a GDI DC over the surface, which leaves the pitch as it was. */
static void test_pitch_alignment(void)
{
    static const struct
    {
        DWORD bpp, width, r, g, b;
        LONG video_pitch, system_pitch;
    }
    tests[] =
    {
        {32, 63, 0xff0000, 0xff00, 0xff, 0x100, sizeof(void *) == 8 ? 0xfc : 0x100},
        {16, 30, 0x7c00, 0x3e0, 0x1f, 0x40, sizeof(void *) == 8 ? 0x3c : 0x40},
    };
    const DWORD height = 37;
    IDirectDrawSurface7 *video, *system;
    DDSURFACEDESC2 desc;
    DDPIXELFORMAT fmt;
    IDirectDraw7 *ddraw;
    unsigned int i, wrong;
    RECT rect;
    LONG pitch;
    HRESULT hr;
    HDC dc;

    if (!(ddraw = create_ddraw()))
    {
        skip("No DirectDraw.\n");
        return;
    }
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        set_rgb_format(&fmt, tests[i].bpp, tests[i].r, tests[i].g, tests[i].b, 0);
        video = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_VIDEOMEMORY, tests[i].width, height, &fmt);
        system = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, tests[i].width, height, &fmt);
        if (!video || !system)
        {
            if (video) IDirectDrawSurface7_Release(video);
            if (system) IDirectDrawSurface7_Release(system);
            continue;
        }
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(video, &desc);
        ok(hr == DD_OK && desc.lPitch == tests[i].video_pitch, "%lu bits: video memory pitch %#lx, hr %#lx.\n",
                tests[i].bpp, desc.lPitch, hr);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(system, &desc);
        ok(hr == DD_OK && desc.lPitch == tests[i].system_pitch, "%lu bits: system memory pitch %#lx, hr %#lx.\n",
                tests[i].bpp, desc.lPitch, hr);

        /* Written through Lock, then a colour fill on the GPU: the next
         * Lock reads the target back from GL into the padded rows. */
        lock_fill_pattern(video, tests[i].bpp, tests[i].width, height, 1);
        SetRect(&rect, 0, height - 1, 1, height);
        fill_surface(video, &rect, (((height - 1) * 131 + 1) & (tests[i].bpp == 16 ? 0x7fff : 0xffffff)));
        wrong = lock_count_wrong(video, tests[i].bpp, tests[i].width, height, 1, &pitch);
        ok(!wrong && pitch == tests[i].video_pitch, "%lu bits: video memory round trip: %u wrong, pitch %#lx.\n",
                tests[i].bpp, wrong, pitch);

        /* Blits both ways between the two kinds of rows. */
        lock_fill_pattern(system, tests[i].bpp, tests[i].width, height, 2);
        hr = IDirectDrawSurface7_Blt(video, NULL, system, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "Blt: hr %#lx.\n", hr);
        wrong = lock_count_wrong(video, tests[i].bpp, tests[i].width, height, 2, &pitch);
        ok(!wrong, "%lu bits: system to video memory: %u wrong.\n", tests[i].bpp, wrong);
        lock_fill_pattern(video, tests[i].bpp, tests[i].width, height, 3);
        hr = IDirectDrawSurface7_Blt(system, NULL, video, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "Blt: hr %#lx.\n", hr);
        wrong = lock_count_wrong(system, tests[i].bpp, tests[i].width, height, 3, &pitch);
        ok(!wrong, "%lu bits: video to system memory: %u wrong.\n", tests[i].bpp, wrong);

        /* A DC: what Lock wrote reaches GDI's last column of every row,
         * and the pitch stays the surface's. */
        lock_fill_pattern(video, tests[i].bpp, tests[i].width, height, 4);
        hr = IDirectDrawSurface7_GetDC(video, &dc);
        ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            DWORD v = ((height - 1) * 131 + (tests[i].width - 1) * 7 + 4) & 0xffffff;
            COLORREF c = GetPixel(dc, tests[i].width - 1, height - 1);

            if (tests[i].bpp == 32)
                ok(c == RGB(v >> 16, (v >> 8) & 0xff, v & 0xff), "GDI reads %#lx at the last pixel, expected %#lx.\n",
                        c, v);
            SetPixel(dc, 0, 0, RGB(255, 255, 255));
            IDirectDrawSurface7_ReleaseDC(video, dc);
        }
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(video, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            const BYTE *last = (const BYTE *)desc.lpSurface + (height - 1) * desc.lPitch;
            DWORD expect = ((height - 1) * 131 + (tests[i].width - 1) * 7 + 4) & (tests[i].bpp == 16 ? 0x7fff : 0xffffff);
            DWORD v = tests[i].bpp == 16 ? ((const WORD *)last)[tests[i].width - 1] & 0x7fff
                    : ((const DWORD *)last)[tests[i].width - 1] & 0xffffff;
            DWORD first = tests[i].bpp == 16 ? *(const WORD *)desc.lpSurface & 0x7fff
                    : *(const DWORD *)desc.lpSurface & 0xffffff;

            ok(desc.lPitch == tests[i].video_pitch, "%lu bits: pitch after GetDC %#lx.\n", tests[i].bpp, desc.lPitch);
            ok(v == expect, "%lu bits: last pixel after GetDC %#lx, expected %#lx.\n", tests[i].bpp, v, expect);
            ok(first == (tests[i].bpp == 16 ? 0x7fff : 0xffffff), "%lu bits: GDI's pixel %#lx.\n", tests[i].bpp, first);
            IDirectDrawSurface7_Unlock(video, NULL);
        }
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(video, &desc);
        ok(hr == DD_OK && desc.lPitch == tests[i].video_pitch, "%lu bits: pitch after GetDC %#lx.\n",
                tests[i].bpp, desc.lPitch);
        IDirectDrawSurface7_Release(video);
        IDirectDrawSurface7_Release(system);
    }
    IDirectDraw7_Release(ddraw);
}

START_TEST(ddraw_surface)
{
    test_create_and_desc();
    test_lock();
    test_blt();
    test_primary_blt();
    test_private_data();
    test_lock_desc_size();
    test_client_memory_rules();
    test_mip_sublevel_keys();
    test_rop_fills();
    test_cross_device_blt();
    test_pitch_alignment();
}

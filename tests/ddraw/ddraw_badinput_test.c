/*
 * Bad input: NULL pointers, wrong sizes, unknown or contradictory flags,
 * rectangles outside surfaces, operations on locked surfaces and on surfaces
 * whose DirectDraw object is gone.  Every call must answer an error and
 * change nothing.  Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "test.h"

static IDirectDrawSurface7 *create_plain(IDirectDraw7 *ddraw, DWORD width, DWORD height)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = width;
    desc.dwHeight = height;
    return SUCCEEDED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)) ? surface : NULL;
}

static void test_surface_bad_input(void)
{
    IDirectDrawSurface7 *a, *b, *out;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDCOLORKEY key;
    DDBLTFX fx;
    DDSCAPS2 caps;
    RECT rect;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    a = create_plain(ddraw, 32, 32);
    b = create_plain(ddraw, 16, 16);
    ok(a && b, "Failed to create surfaces.\n");
    if (!a || !b)
        goto done;

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx) + 4;
    hr = IDirectDrawSurface7_Blt(a, NULL, NULL, NULL, DDBLT_COLORFILL, &fx);
    /* Wine's builtin does not check these two. */
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "Fill with a wrong fx size: hr %#lx.\n", hr);
    fx.dwSize = sizeof(fx);
    /* Windows takes both fill flags as a colour fill (Wine's ddraw7.c
     * test_color_fill); ddraw_conformance_test checks the pixels. */
    hr = IDirectDrawSurface7_Blt(a, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_DEPTHFILL, &fx);
    ok(hr == DD_OK, "Colour and depth fill: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Blt(a, NULL, NULL, NULL, DDBLT_DEPTHFILL, &fx);
    ok(hr == DDERR_INVALIDPARAMS, "Depth fill of a colour surface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Blt(a, NULL, NULL, NULL, DDBLT_WAIT, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Copy without a source: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Blt(a, NULL, b, NULL, DDBLT_KEYSRC | DDBLT_KEYSRCOVERRIDE, &fx);
    ok(hr == DDERR_INVALIDPARAMS, "Two source keys: hr %#lx.\n", hr);
    SetRect(&rect, 0, 0, 17, 16);
    hr = IDirectDrawSurface7_Blt(a, NULL, b, &rect, DDBLT_WAIT, NULL);
    ok(hr == DDERR_INVALIDRECT, "Source rectangle outside: hr %#lx.\n", hr);
    SetRect(&rect, -1, 0, 16, 16);
    hr = IDirectDrawSurface7_Blt(a, &rect, b, NULL, DDBLT_WAIT, NULL);
    ok(hr == DDERR_INVALIDRECT, "Negative destination rectangle: hr %#lx.\n", hr);
    /* Wine's builtin dereferences the NULL source. */
    if (winetest_is_ours())
    {
        hr = IDirectDrawSurface7_BltFast(a, 0, 0, NULL, NULL, 0);
        ok(hr == DDERR_INVALIDPARAMS, "BltFast without a source: hr %#lx.\n", hr);
    }
    hr = IDirectDrawSurface7_BltFast(a, 0, 0, b, NULL, DDBLTFAST_SRCCOLORKEY | DDBLTFAST_DESTCOLORKEY);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "BltFast with both keys: hr %#lx.\n", hr);

    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_GetAttachedSurface(a, NULL, &out);
        ok(hr == DDERR_INVALIDPARAMS, "GetAttachedSurface(NULL caps): hr %#lx.\n", hr);
    }
    memset(&caps, 0, sizeof(caps));
    caps.dwCaps = DDSCAPS_ZBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(a, &caps, &out);
    ok(hr == DDERR_NOTFOUND, "GetAttachedSurface of nothing: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_AddAttachedSurface(a, a);
    ok(hr == DDERR_CANNOTATTACHSURFACE, "Attaching a surface to itself: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_AddAttachedSurface(a, b);
    ok(hr == DDERR_CANNOTATTACHSURFACE, "Attaching an offscreen surface (v7): hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_DeleteAttachedSurface(a, 0, b);
    ok(hr == DDERR_SURFACENOTATTACHED || broken(hr == DDERR_CANNOTDETACHSURFACE),
            "Detaching what is not attached: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_GetColorKey(a, DDCKEY_SRCBLT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetColorKey(NULL): hr %#lx.\n", hr);
    }
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0;
    hr = IDirectDrawSurface7_SetColorKey(a, 0, &key);
    ok(hr == DDERR_INVALIDPARAMS, "SetColorKey without a kind: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_GetPalette(a, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetPalette(NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_GetCaps(a, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetCaps(NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_GetPixelFormat(a, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetPixelFormat(NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_GetDC(a, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetDC(NULL): hr %#lx.\n", hr);
    }
    hr = IDirectDrawSurface7_ReleaseDC(a, (HDC)0x1234);
    ok(FAILED(hr), "ReleaseDC of a DC never given: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Flip(a, NULL, 0);
    ok(hr == DDERR_NOTFLIPPABLE, "Flip of an offscreen surface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetBltStatus(a, 0);
    ok(hr == DDERR_INVALIDPARAMS, "GetBltStatus(0): hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetBltStatus(a, DDGBS_CANBLT);
    ok(hr == DD_OK, "GetBltStatus(CANBLT): hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDrawSurface7_SetSurfaceDesc(a, NULL, 0);
        ok(hr == DDERR_INVALIDPARAMS, "SetSurfaceDesc(NULL): hr %#lx.\n", hr);
    }

    /* A locked surface takes no blits, but a DC (DirectDraw allows it). */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(a, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        HDC dc;

        hr = IDirectDrawSurface7_Blt(a, NULL, NULL, NULL, DDBLT_COLORFILL, &fx);
        ok(hr == DDERR_SURFACEBUSY || broken(hr == DD_OK), "Fill of a locked surface: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(b, NULL, a, NULL, DDBLT_WAIT, NULL);
        ok(hr == DDERR_SURFACEBUSY || broken(hr == DD_OK), "Blit from a locked surface: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_GetDC(a, &dc);
        ok(hr == DD_OK, "GetDC of a locked surface: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_ReleaseDC(a, dc);
        IDirectDrawSurface7_Unlock(a, NULL);
    }

done:
    if (a) IDirectDrawSurface7_Release(a);
    if (b) IDirectDrawSurface7_Release(b);
    IDirectDraw7_Release(ddraw);
}

static void test_ddraw_bad_input(void)
{
    IDirectDraw7 *ddraw;
    DDSURFACEDESC2 desc;
    DWORD value;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw7, NULL);
        ok(hr == DDERR_INVALIDPARAMS || broken(hr == E_POINTER), "QueryInterface(NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_GetDisplayMode(ddraw, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetDisplayMode(NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_GetMonitorFrequency(ddraw, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetMonitorFrequency(NULL): hr %#lx.\n", hr);
    }
    hr = IDirectDraw7_GetMonitorFrequency(ddraw, &value);
    ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "GetMonitorFrequency: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_GetScanLine(ddraw, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetScanLine(NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_GetVerticalBlankStatus(ddraw, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetVerticalBlankStatus(NULL): hr %#lx.\n", hr);
    }
    hr = IDirectDraw7_WaitForVerticalBlank(ddraw, DDWAITVB_BLOCKBEGINEVENT, NULL);
    ok(hr == DDERR_UNSUPPORTED, "WaitForVerticalBlank(BLOCKBEGINEVENT): hr %#lx.\n", hr);
    hr = IDirectDraw7_WaitForVerticalBlank(ddraw, DDWAITVB_BLOCKBEGIN, NULL);
    ok(hr == DD_OK, "WaitForVerticalBlank: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_GetAvailableVidMem(ddraw, NULL, NULL, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetAvailableVidMem(NULL, NULL): hr %#lx.\n", hr);
    }
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_GetGDISurface(ddraw, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetGDISurface(NULL): hr %#lx.\n", hr);
    }
    hr = IDirectDraw7_Initialize(ddraw, NULL);
    ok(hr == DDERR_ALREADYINITIALIZED, "Initialize: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin dereferences the NULL pointer. */
    {
        hr = IDirectDraw7_EvaluateMode(ddraw, 0, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "EvaluateMode(NULL): hr %#lx.\n", hr);
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, 0x80000000 | DDSCL_NORMAL);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "Unknown cooperative flag: hr %#lx.\n", hr);
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 8;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 16;
    desc.ddpfPixelFormat.dwRBitMask = 0x1234;
    desc.ddpfPixelFormat.dwGBitMask = 0x0042;
    desc.ddpfPixelFormat.dwBBitMask = 0x0001;
    {
        IDirectDrawSurface7 *surface;

        hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
        ok(hr == DDERR_INVALIDPIXELFORMAT || broken(hr == DDERR_INVALIDPARAMS), "Nonsense masks: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Release(surface);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
        desc.ddsCaps.dwCaps = DDSCAPS_OVERLAY;
        hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
        /* Wine's builtin creates overlays. */
        ok(hr == DDERR_NOOVERLAYHW || broken(TRUE), "Overlay: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* DirectDraw 1 surfaces outlive their object: their methods fail cleanly. */
static void test_orphaned_surface(void)
{
    IDirectDrawSurface *surface;
    DDSURFACEDESC desc;
    IDirectDraw *ddraw;
    DDBLTFX fx;
    HRESULT hr;

    if (FAILED(DirectDrawCreate(NULL, &ddraw, NULL)))
        return;
    IDirectDraw_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 8;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    ok(!IDirectDraw_Release(ddraw), "DirectDraw 1 object kept alive by its surface.\n");
    if (FAILED(hr))
        return;
    /* Wine's builtin crashes using an orphaned surface. */
    if (!winetest_is_ours())
    {
        IDirectDrawSurface_Release(surface);
        return;
    }
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    hr = IDirectDrawSurface_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL, &fx);
    ok(hr == DDERR_SURFACELOST, "Fill of an orphaned surface: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DDERR_SURFACELOST, "Lock of an orphaned surface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface_Unlock(surface, NULL);
    ok(!IDirectDrawSurface_Release(surface), "Orphaned surface not freed.\n");
}

START_TEST(ddraw_badinput)
{
    test_surface_bad_input();
    test_ddraw_bad_input();
    test_orphaned_surface();
}

/*
 * Window clippers follow the window's visible region: a window above the
 * clipper's window is cut out of the clip list, and a fill or blit to the
 * primary through the clipper leaves the covered part alone.  When the
 * covering window goes, the clip list is the whole client area again; a
 * window partly off the screen is clipped at the screen's edge.
 * Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

static BOOL region_contains(const RGNDATA *data, LONG x, LONG y)
{
    const RECT *r = (const RECT *)data->Buffer;
    DWORD i;

    for (i = 0; i < data->rdh.nCount; ++i)
        if (x >= r[i].left && x < r[i].right && y >= r[i].top && y < r[i].bottom)
            return TRUE;
    return FALSE;
}

static RGNDATA *get_clip_list(IDirectDrawClipper *clipper)
{
    RGNDATA *data;
    DWORD size = 0;
    HRESULT hr;

    hr = IDirectDrawClipper_GetClipList(clipper, NULL, NULL, &size);
    ok(hr == DD_OK && size, "GetClipList size: hr %#lx, size %lu.\n", hr, size);
    if (FAILED(hr) || !size || !(data = malloc(size)))
        return NULL;
    hr = IDirectDrawClipper_GetClipList(clipper, NULL, data, &size);
    ok(hr == DD_OK, "GetClipList: hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        free(data);
        return NULL;
    }
    return data;
}

static void pump(void)
{
    MSG msg;

    while (PeekMessageA(&msg, NULL, 0, 0, PM_REMOVE))
        DispatchMessageA(&msg);
}

START_TEST(ddraw_clip)
{
    IDirectDrawSurface7 *primary = NULL;
    IDirectDrawClipper *clipper;
    IDirectDraw7 *ddraw;
    DDSURFACEDESC2 desc;
    HWND window, cover;
    RGNDATA *data;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_clip", WS_POPUP | WS_VISIBLE, 100, 100, 200, 150,
            NULL, NULL, NULL, NULL);
    cover = CreateWindowA("static", "cover", WS_POPUP | WS_VISIBLE, 150, 150, 50, 50, NULL, NULL, NULL, NULL);
    SetWindowPos(cover, HWND_TOP, 0, 0, 0, 0, SWP_NOMOVE | SWP_NOSIZE);
    pump();

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreateClipper(ddraw, 0, &clipper, NULL);
    ok(hr == DD_OK, "CreateClipper: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto release;
    hr = IDirectDrawClipper_SetHWnd(clipper, 0, window);
    ok(hr == DD_OK, "SetHWnd: hr %#lx.\n", hr);

    /* The covering window is cut out of the clip list. */
    if ((data = get_clip_list(clipper)))
    {
        ok(data->rdh.rcBound.left == 100 && data->rdh.rcBound.top == 100
                && data->rdh.rcBound.right == 300 && data->rdh.rcBound.bottom == 250,
                "Bounds (%ld,%ld)-(%ld,%ld).\n", data->rdh.rcBound.left, data->rdh.rcBound.top,
                data->rdh.rcBound.right, data->rdh.rcBound.bottom);
        /* Wine 8.0's builtin takes the DC's system region, which does not
         * clip top-level windows against each other under X11. */
        ok(data->rdh.nCount > 1 || broken(data->rdh.nCount == 1), "%lu rectangles.\n", data->rdh.nCount);
        ok(region_contains(data, 120, 120), "(120, 120) is not visible.\n");
        ok(region_contains(data, 250, 220), "(250, 220) is not visible.\n");
        ok(!region_contains(data, 175, 175) || broken(1), "(175, 175), under the other window, is in the clip list.\n");
        free(data);
    }

    /* A fill of the primary through the clipper leaves the covered part. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface(primary): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        fill_color(primary, 0x1f);
        hr = IDirectDrawSurface7_SetClipper(primary, clipper);
        ok(hr == DD_OK, "SetClipper: hr %#lx.\n", hr);
        fill_color(primary, 0x7e0);
        /* Wine's builtin reads the primary back from the X server, which
         * has the windows' own pictures: only ours is checked. */
        ok(surface_pixel(primary, 120, 120) == 0x7e0 || broken(1), "Visible pixel %#lx.\n",
                surface_pixel(primary, 120, 120));
        ok(surface_pixel(primary, 175, 175) == 0x1f || broken(1), "Covered pixel %#lx.\n",
                surface_pixel(primary, 175, 175));
        ok(surface_pixel(primary, 50, 50) == 0x1f || broken(1), "Pixel outside the window %#lx.\n",
                surface_pixel(primary, 50, 50));
    }

    /* Without the covering window: the whole client area. */
    DestroyWindow(cover);
    cover = NULL;
    pump();
    if ((data = get_clip_list(clipper)))
    {
        ok(data->rdh.nCount == 1, "%lu rectangles.\n", data->rdh.nCount);
        ok(region_contains(data, 175, 175), "(175, 175) is not visible.\n");
        free(data);
    }

    /* Partly off the screen's right edge: the clip list stops at the edge,
     * and a fill of the primary through the clipper draws the part on it. */
    if (primary)
    {
        LONG w = GetSystemMetrics(SM_CXSCREEN);

        SetWindowPos(window, NULL, w - 100, 100, 0, 0, SWP_NOSIZE | SWP_NOZORDER);
        pump();
        if ((data = get_clip_list(clipper)))
        {
            /* Wine 8.0's builtin keeps the part off the screen. */
            ok(data->rdh.rcBound.left == w - 100 && (data->rdh.rcBound.right == w
                    || broken(data->rdh.rcBound.right == w + 100)),
                    "Bounds (%ld,%ld)-(%ld,%ld) on a screen %ld wide.\n", data->rdh.rcBound.left,
                    data->rdh.rcBound.top, data->rdh.rcBound.right, data->rdh.rcBound.bottom, w);
            free(data);
        }
        fill_color(primary, 0x1f);
        fill_color(primary, 0xf800);
        ok(surface_pixel(primary, w - 50, 120) == 0xf800 || broken(1), "Visible pixel %#lx.\n",
                surface_pixel(primary, w - 50, 120));
        ok(surface_pixel(primary, w - 150, 120) == 0x1f || broken(1), "Pixel left of the window %#lx.\n",
                surface_pixel(primary, w - 150, 120));
    }

    if (primary)
        IDirectDrawSurface7_Release(primary);
    IDirectDrawClipper_Release(clipper);
release:
    IDirectDraw7_Release(ddraw);
done:
    if (cover)
        DestroyWindow(cover);
    DestroyWindow(window);
}

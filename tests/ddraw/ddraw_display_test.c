/*
 * Display modes, cooperative levels with windows, flip chains, GetDC,
 * gamma control and presentation.  Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "wined3d-lite/wined3d.h"
#include "ddraw_test.h"

struct mode_ctx
{
    unsigned int count, with_640x480x16, with_800x600x32, with_8bit;
};

static HRESULT WINAPI mode_cb(DDSURFACEDESC2 *desc, void *context)
{
    struct mode_ctx *ctx = context;

    ++ctx->count;
    ok(desc->dwFlags & DDSD_PIXELFORMAT, "Mode without a pixel format.\n");
    if (desc->dwWidth == 640 && desc->dwHeight == 480 && desc->ddpfPixelFormat.dwRGBBitCount == 16)
        ++ctx->with_640x480x16;
    if (desc->dwWidth == 800 && desc->dwHeight == 600 && desc->ddpfPixelFormat.dwRGBBitCount == 32)
        ++ctx->with_800x600x32;
    if (desc->ddpfPixelFormat.dwRGBBitCount == 8)
        ++ctx->with_8bit;
    return DDENUMRET_OK;
}

static HRESULT WINAPI cancel_cb(DDSURFACEDESC2 *desc, void *context)
{
    ++*(unsigned int *)context;
    return DDENUMRET_CANCEL;
}

static void test_modes(HWND window)
{
    struct mode_ctx ctx = {0};
    DDSURFACEDESC2 desc, filter;
    IDirectDraw7 *ddraw;
    unsigned int count = 0;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;

    hr = IDirectDraw7_EnumDisplayModes(ddraw, 0, NULL, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "EnumDisplayModes without a callback: hr %#lx.\n", hr);
    hr = IDirectDraw7_EnumDisplayModes(ddraw, 0, NULL, &ctx, mode_cb);
    ok(hr == DD_OK, "EnumDisplayModes: hr %#lx.\n", hr);
    /* The display's modes (test_display_modes): few under Xvfb. */
    ok(ctx.count >= 1, "%u modes.\n", ctx.count);
    hr = IDirectDraw7_EnumDisplayModes(ddraw, 0, NULL, &count, cancel_cb);
    ok(hr == DD_OK && count == 1, "Cancelled enumeration: hr %#lx, %u calls.\n", hr, count);

    /* A filter by size. */
    memset(&filter, 0, sizeof(filter));
    filter.dwSize = sizeof(filter);
    filter.dwFlags = DDSD_WIDTH | DDSD_HEIGHT;
    filter.dwWidth = 640;
    filter.dwHeight = 480;
    memset(&ctx, 0, sizeof(ctx));
    hr = IDirectDraw7_EnumDisplayModes(ddraw, 0, &filter, &ctx, mode_cb);
    ok(hr == DD_OK, "Filtered EnumDisplayModes: hr %#lx.\n", hr);
    ok(ctx.count == ctx.with_640x480x16 + (ctx.count - ctx.with_640x480x16), "Count.\n");

    memset(&desc, 0, sizeof(desc));
    hr = IDirectDraw7_GetDisplayMode(ddraw, &desc);
    ok(hr == DDERR_INVALIDPARAMS, "GetDisplayMode with dwSize 0: hr %#lx.\n", hr);
    desc.dwSize = sizeof(desc);
    hr = IDirectDraw7_GetDisplayMode(ddraw, &desc);
    ok(hr == DD_OK, "GetDisplayMode: hr %#lx.\n", hr);
    ok(desc.dwWidth && desc.dwHeight, "Mode %lux%lu.\n", desc.dwWidth, desc.dwHeight);

    /* Exclusive mode and a mode change. */
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    /* A zero size is no mode; Wine's builtin accepts it for every program,
     * ours for Need for Speed: Porsche Unleashed's (its profile), which
     * calls this with a zero size (tests/ddraw/ddraw_native_test.c). */
    hr = IDirectDraw7_SetDisplayMode(ddraw, 0, 0, 0, 0, 0);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "SetDisplayMode(0, 0): hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0);
    /* Wine's builtin changes the X server's mode, which Xvfb cannot. */
    ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode(640x480x32): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        IDirectDraw7_GetDisplayMode(ddraw, &desc);
        ok(desc.dwWidth == 640 && desc.dwHeight == 480 && desc.ddpfPixelFormat.dwRGBBitCount == 32,
                "Mode %lux%lux%lu.\n", desc.dwWidth, desc.dwHeight, desc.ddpfPixelFormat.dwRGBBitCount);
    }
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0x80);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode with bad flags: hr %#lx.\n", hr);
    hr = IDirectDraw7_RestoreDisplayMode(ddraw);
    ok(hr == DD_OK, "RestoreDisplayMode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "Back to normal: hr %#lx.\n", hr);
    IDirectDraw7_Release(ddraw);
}

/* The modes the display lists (user32), each size and depth of 8, 16 or 32
 * bits once. */
static unsigned int display_modes(DEVMODEW *list, unsigned int max)
{
    unsigned int count = 0, i;
    DEVMODEW mode;
    DWORD n;

    memset(&mode, 0, sizeof(mode));
    mode.dmSize = sizeof(mode);
    for (n = 0; count < max && EnumDisplaySettingsW(NULL, n, &mode); ++n)
    {
        if (mode.dmBitsPerPel != 8 && mode.dmBitsPerPel != 16 && mode.dmBitsPerPel != 32)
            continue;
        for (i = 0; i < count; ++i)
            if (list[i].dmPelsWidth == mode.dmPelsWidth && list[i].dmPelsHeight == mode.dmPelsHeight
                    && list[i].dmBitsPerPel == mode.dmBitsPerPel)
                break;
        if (i == count)
            list[count++] = mode;
    }
    return count;
}

struct listed_ctx
{
    const DEVMODEW *list;
    unsigned int count, seen, unlisted, with_16bit;
};

static HRESULT WINAPI listed_cb(DDSURFACEDESC2 *desc, void *context)
{
    struct listed_ctx *ctx = context;
    unsigned int i;

    ++ctx->seen;
    if (desc->ddpfPixelFormat.dwRGBBitCount == 16)
        ++ctx->with_16bit;
    for (i = 0; i < ctx->count; ++i)
        if (ctx->list[i].dmPelsWidth == desc->dwWidth && ctx->list[i].dmPelsHeight == desc->dwHeight
                && ctx->list[i].dmBitsPerPel == desc->ddpfPixelFormat.dwRGBBitCount)
            return DDENUMRET_OK;
    ++ctx->unlisted;
    return DDENUMRET_OK;
}

/* EnumDisplayModes lists the display's own modes, as Windows' DirectDraw
 * does (Wine's test_coop_level_mode_set picks two of them and changes the
 * display with user32 too); GetDisplayMode is the display's mode, refresh
 * rate included; a mode it lists changes the display (screen metrics), and
 * the object that changed it puts it back when released. Ours once listed
 * 36 virtual modes under Xvfb's one size, 60 Hz where user32 says 0, and
 * never changed the display. */
static void test_display_modes(HWND window)
{
    struct listed_ctx ctx = {0};
    DDSURFACEDESC2 desc, filter;
    DEVMODEW list[256], current;
    IDirectDraw7 *ddraw;
    unsigned int i, target = ~0u;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    ctx.list = list;
    ctx.count = display_modes(list, ARRAY_SIZE(list));
    ok(ctx.count > 0, "user32 lists no modes.\n");
    hr = IDirectDraw7_EnumDisplayModes(ddraw, 0, NULL, &ctx, listed_cb);
    ok(hr == DD_OK, "EnumDisplayModes: hr %#lx.\n", hr);
    ok(ctx.seen == ctx.count, "%u modes listed, user32 has %u.\n", ctx.seen, ctx.count);
    ok(!ctx.unlisted, "%u modes user32 does not list.\n", ctx.unlisted);

    /* The filter's bit count counts whatever its pixel format's flags. */
    if (ctx.with_16bit)
    {
        unsigned int with_16bit = ctx.with_16bit;

        memset(&filter, 0, sizeof(filter));
        filter.dwSize = sizeof(filter);
        filter.dwFlags = DDSD_PIXELFORMAT;
        filter.ddpfPixelFormat.dwSize = sizeof(filter.ddpfPixelFormat);
        filter.ddpfPixelFormat.dwFlags = DDPF_YUV;
        filter.ddpfPixelFormat.dwRGBBitCount = 16;
        memset(&ctx, 0, sizeof(ctx));
        ctx.list = list;
        ctx.count = display_modes(list, ARRAY_SIZE(list));
        hr = IDirectDraw7_EnumDisplayModes(ddraw, 0, &filter, &ctx, listed_cb);
        ok(hr == DD_OK, "EnumDisplayModes: hr %#lx.\n", hr);
        ok(ctx.seen == with_16bit && ctx.with_16bit == with_16bit, "%u modes, %u of 16 bits, expected %u.\n",
                ctx.seen, ctx.with_16bit, with_16bit);
    }

    memset(&current, 0, sizeof(current));
    current.dmSize = sizeof(current);
    ok(EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &current), "No current mode.\n");
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDraw7_GetDisplayMode(ddraw, &desc);
    ok(hr == DD_OK, "GetDisplayMode: hr %#lx.\n", hr);
    ok(desc.dwWidth == current.dmPelsWidth && desc.dwHeight == current.dmPelsHeight
            && desc.dwRefreshRate == current.dmDisplayFrequency, "Mode %lux%lu %lu Hz, user32 %lux%lu %lu Hz.\n",
            desc.dwWidth, desc.dwHeight, desc.dwRefreshRate, current.dmPelsWidth, current.dmPelsHeight,
            current.dmDisplayFrequency);

    /* Another mode of the display's, another depth or size. */
    for (i = 0; i < ctx.count && target == ~0u; ++i)
        if (list[i].dmBitsPerPel != current.dmBitsPerPel || list[i].dmPelsWidth != current.dmPelsWidth)
            target = i;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    if (target != ~0u)
    {
        DEVMODEW now;

        hr = IDirectDraw7_SetDisplayMode(ddraw, list[target].dmPelsWidth, list[target].dmPelsHeight,
                list[target].dmBitsPerPel, 0, 0);
        ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode: hr %#lx.\n", hr);
        memset(&now, 0, sizeof(now));
        now.dmSize = sizeof(now);
        EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &now);
        if (hr == DD_OK)
            ok(now.dmPelsWidth == list[target].dmPelsWidth && now.dmBitsPerPel == list[target].dmBitsPerPel
                    && (DWORD)GetSystemMetrics(SM_CXSCREEN) == list[target].dmPelsWidth,
                    "The display is %lux%lux%lu.\n", now.dmPelsWidth, now.dmPelsHeight, now.dmBitsPerPel);
        IDirectDraw7_Release(ddraw);
        EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &now);
        ok(now.dmPelsWidth == current.dmPelsWidth && now.dmBitsPerPel == current.dmBitsPerPel,
                "Not restored: %lux%lux%lu.\n", now.dmPelsWidth, now.dmPelsHeight, now.dmBitsPerPel);
    }
    else
    {
        skip("The display lists one mode.\n");
        IDirectDraw7_Release(ddraw);
    }
}

/* Leaving exclusive mode puts the display mode back (IDirectDraw2 and
 * later); once IDirectDraw::SetCooperativeLevel succeeded on the object it
 * stays, as Windows does (Wine's test_coop_level_versions). */
static int mode_restored_by_normal(IDirectDraw7 *ddraw, HWND window)
{
    DDSURFACEDESC2 before, after;

    memset(&before, 0, sizeof(before));
    before.dwSize = sizeof(before);
    IDirectDraw7_GetDisplayMode(ddraw, &before);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    if (FAILED(IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0)))
        return -1;
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    memset(&after, 0, sizeof(after));
    after.dwSize = sizeof(after);
    IDirectDraw7_GetDisplayMode(ddraw, &after);
    IDirectDraw7_RestoreDisplayMode(ddraw);
    return before.dwWidth == after.dwWidth && before.dwHeight == after.dwHeight;
}

static void test_normal_restores_mode(HWND window)
{
    IDirectDraw7 *ddraw;
    IDirectDraw *ddraw1;
    int restored;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    restored = mode_restored_by_normal(ddraw, window);
    if (restored == -1)
    {
        /* Wine's builtin cannot set 640x480 under Xvfb. */
        win_skip("No 640x480x32.\n");
        IDirectDraw7_Release(ddraw);
        return;
    }
    ok(restored, "NORMAL kept the mode.\n");
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw, (void **)&ddraw1);
    ok(hr == DD_OK, "QueryInterface: hr %#lx.\n", hr);
    hr = IDirectDraw_SetCooperativeLevel(ddraw1, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "IDirectDraw::SetCooperativeLevel: hr %#lx.\n", hr);
    ok(!mode_restored_by_normal(ddraw, window), "NORMAL put the mode back after IDirectDraw's call.\n");
    IDirectDraw_Release(ddraw1);
    IDirectDraw7_Release(ddraw);
}

static WNDPROC focus_test_proc_orig;
static unsigned int focus_test_activateapp;

static LRESULT CALLBACK focus_test_proc(HWND window, UINT message, WPARAM wparam, LPARAM lparam)
{
    if (message == WM_ACTIVATEAPP && wparam)
        ++focus_test_activateapp;
    return DefWindowProcA(window, message, wparam, lparam);
}

/* Exclusive mode takes the focus window's procedure over and activates the
 * window; NORMAL and Release give the procedure back unless the program
 * replaced ours since. SETFOCUSWINDOW in exclusive mode is
 * DDERR_HWNDALREADYSET; NORMAL with EXCLUSIVE and FULLSCREEN is exclusive
 * mode. (Wine's test_wndproc, test_coop_level_activateapp, ddrawmodes.c.) */
static void test_focus_window(void)
{
    WNDCLASSA wc = {0};
    IDirectDraw7 *ddraw;
    IDirectDraw *ddraw1;
    HWND window, other;
    LONG_PTR proc;
    HRESULT hr;

    wc.lpfnWndProc = focus_test_proc;
    wc.lpszClassName = "dx7gl_focus_test";
    ok(!!RegisterClassA(&wc), "RegisterClass failed.\n");
    window = CreateWindowA("dx7gl_focus_test", "focus", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0, 200, 200, 0, 0, 0, 0);
    other = CreateWindowA("static", "other", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0, 100, 100, 0, 0, 0, 0);
    focus_test_proc_orig = focus_test_proc;
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;

    SetForegroundWindow(GetDesktopWindow());
    focus_test_activateapp = 0;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    ok(GetForegroundWindow() == window, "Foreground %p, expected %p.\n", GetForegroundWindow(), window);
    ok(focus_test_activateapp == 1, "%u WM_ACTIVATEAPP.\n", focus_test_activateapp);
    proc = GetWindowLongPtrA(window, GWLP_WNDPROC);
    ok(proc != (LONG_PTR)focus_test_proc, "The procedure was not replaced.\n");
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_SETFOCUSWINDOW);
    ok(hr == DDERR_HWNDALREADYSET, "SETFOCUSWINDOW in exclusive mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "Normal mode: hr %#lx.\n", hr);
    proc = GetWindowLongPtrA(window, GWLP_WNDPROC);
    ok(proc == (LONG_PTR)focus_test_proc, "The procedure is %#Ix after NORMAL.\n", proc);

    /* A procedure the program set meanwhile stays. */
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    SetWindowLongPtrA(window, GWLP_WNDPROC, (LONG_PTR)DefWindowProcA);
    IDirectDraw7_Release(ddraw);
    proc = GetWindowLongPtrA(window, GWLP_WNDPROC);
    ok(proc == (LONG_PTR)DefWindowProcA, "The procedure is %#Ix after Release.\n", proc);
    SetWindowLongPtrA(window, GWLP_WNDPROC, (LONG_PTR)focus_test_proc);

    if (SUCCEEDED(DirectDrawCreate(NULL, &ddraw1, NULL)))
    {
        hr = IDirectDraw_SetCooperativeLevel(ddraw1, NULL, DDSCL_FULLSCREEN | DDSCL_EXCLUSIVE | DDSCL_NORMAL);
        ok(hr == DDERR_INVALIDPARAMS, "No window: hr %#lx.\n", hr);
        hr = IDirectDraw_SetCooperativeLevel(ddraw1, window, DDSCL_EXCLUSIVE | DDSCL_NORMAL);
        ok(hr == DDERR_INVALIDPARAMS, "EXCLUSIVE | NORMAL: hr %#lx.\n", hr);
        hr = IDirectDraw_SetCooperativeLevel(ddraw1, window, DDSCL_FULLSCREEN | DDSCL_EXCLUSIVE | DDSCL_NORMAL);
        ok(hr == DD_OK, "FULLSCREEN | EXCLUSIVE | NORMAL: hr %#lx.\n", hr);
        IDirectDraw_Release(ddraw1);
    }
    DestroyWindow(other);
    DestroyWindow(window);
    UnregisterClassA("dx7gl_focus_test", GetModuleHandleA(NULL));
}

static void test_flip_chain(HWND window)
{
    IDirectDrawSurface7 *primary, *back, *back2, *front_again;
    DDSCAPS2 caps;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDBLTFX fx;
    HRESULT hr;
    DWORD color;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX;
    desc.dwBackBufferCount = 2;

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "Normal mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DDERR_NOEXCLUSIVEMODE, "Flipping primary in normal mode: hr %#lx.\n", hr);

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0);
    ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "Flip chain: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    ok(desc.ddsCaps.dwCaps & DDSCAPS_FRONTBUFFER, "Front caps %#lx.\n", desc.ddsCaps.dwCaps);
    ok(desc.dwBackBufferCount == 2, "Back buffer count %lu.\n", desc.dwBackBufferCount);

    memset(&caps, 0, sizeof(caps));
    caps.dwCaps = DDSCAPS_BACKBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "GetAttachedSurface(BACKBUFFER): hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        IDirectDrawSurface7_Release(primary);
        goto done;
    }
    caps.dwCaps = DDSCAPS_FLIP;
    hr = IDirectDrawSurface7_GetAttachedSurface(back, &caps, &back2);
    ok(hr == DD_OK, "Second back buffer: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetAttachedSurface(back2, &caps, &front_again);
    ok(hr == DD_OK && front_again == primary, "The chain does not come back to the front (%p, %p).\n",
            front_again, primary);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(front_again);
    caps.dwCaps = DDSCAPS_ZBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &front_again);
    ok(hr == DDERR_NOTFOUND, "No z-buffer attached: hr %#lx.\n", hr);

    /* Flip moves the pictures around the chain. */
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0x000000ff;
    IDirectDrawSurface7_Blt(primary, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    fx.dwFillColor = 0x0000ff00;
    IDirectDrawSurface7_Blt(back, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    fx.dwFillColor = 0x00ff0000;
    IDirectDrawSurface7_Blt(back2, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
    ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(primary, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock of the front: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        color = *(DWORD *)desc.lpSurface & 0xffffff;
        ok(color == 0x0000ff00, "Front after flip %#lx.\n", color);
        IDirectDrawSurface7_Unlock(primary, NULL);
    }
    hr = IDirectDrawSurface7_Lock(back2, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock of the last back buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        color = *(DWORD *)desc.lpSurface & 0xffffff;
        ok(color == 0x000000ff, "Last back buffer after flip %#lx.\n", color);
        IDirectDrawSurface7_Unlock(back2, NULL);
    }
    hr = IDirectDrawSurface7_Flip(back, NULL, DDFLIP_WAIT);
    ok(hr == DDERR_NOTFLIPPABLE, "Flip of a back buffer: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Flip(primary, back2, DDFLIP_WAIT);
    ok(hr == DD_OK, "Flip to a given buffer: hr %#lx.\n", hr);

    /* GetDC: GDI draws into the back buffer. */
    {
        HDC dc;
        RECT rect = {0, 0, 64, 64};

        hr = IDirectDrawSurface7_GetDC(back, &dc);
        ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            HDC dc2;

            hr = IDirectDrawSurface7_GetDC(back, &dc2);
            ok(hr == DDERR_DCALREADYCREATED, "Second GetDC: hr %#lx.\n", hr);
            FillRect(dc, &rect, GetStockObject(WHITE_BRUSH));
            hr = IDirectDrawSurface7_ReleaseDC(back, dc);
            ok(hr == DD_OK, "ReleaseDC: hr %#lx.\n", hr);
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            hr = IDirectDrawSurface7_Lock(back, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
            if (SUCCEEDED(hr))
            {
                color = *(DWORD *)((BYTE *)desc.lpSurface + 10 * desc.lPitch + 10 * 4) & 0xffffff;
                ok(color == 0xffffff, "GDI fill gave %#lx.\n", color);
                color = *(DWORD *)((BYTE *)desc.lpSurface + 100 * desc.lPitch + 100 * 4) & 0xffffff;
                ok(color != 0xffffff, "GDI drew outside its rectangle (%#lx).\n", color);
                IDirectDrawSurface7_Unlock(back, NULL);
            }
        }
    }

    /* A z-buffer attached to the back buffer lives as long as the chain. */
    {
        IDirectDrawSurface7 *zbuffer;
        DDSURFACEDESC2 zdesc;

        memset(&zdesc, 0, sizeof(zdesc));
        zdesc.dwSize = sizeof(zdesc);
        IDirectDrawSurface7_GetSurfaceDesc(back, &zdesc);
        zdesc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
        zdesc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
        memset(&zdesc.ddpfPixelFormat, 0, sizeof(zdesc.ddpfPixelFormat));
        zdesc.ddpfPixelFormat.dwSize = sizeof(zdesc.ddpfPixelFormat);
        zdesc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
        zdesc.ddpfPixelFormat.dwZBufferBitDepth = 16;
        zdesc.ddpfPixelFormat.dwZBitMask = 0xffff;
        hr = IDirectDraw7_CreateSurface(ddraw, &zdesc, &zbuffer, NULL);
        ok(hr == DD_OK, "Z-buffer: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            hr = IDirectDrawSurface7_AddAttachedSurface(back, zbuffer);
            ok(hr == DD_OK, "AddAttachedSurface: hr %#lx.\n", hr);
            hr = IDirectDrawSurface7_AddAttachedSurface(back, zbuffer);
            ok(hr == DDERR_SURFACEALREADYATTACHED, "Second AddAttachedSurface: hr %#lx.\n", hr);
            caps.dwCaps = DDSCAPS_ZBUFFER;
            hr = IDirectDrawSurface7_GetAttachedSurface(back, &caps, &front_again);
            ok(hr == DD_OK && front_again == zbuffer, "GetAttachedSurface(ZBUFFER): hr %#lx.\n", hr);
            if (SUCCEEDED(hr))
                IDirectDrawSurface7_Release(front_again);
            IDirectDrawSurface7_Release(zbuffer);
        }
    }

    /* Gamma control on the primary. */
    {
        IDirectDrawGammaControl *gamma;
        DDGAMMARAMP ramp;
        unsigned int i;

        hr = IDirectDrawSurface7_QueryInterface(primary, &IID_IDirectDrawGammaControl, (void **)&gamma);
        ok(hr == DD_OK, "QueryInterface(IDirectDrawGammaControl): hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            hr = IDirectDrawGammaControl_GetGammaRamp(gamma, 0, &ramp);
            ok(hr == DD_OK, "GetGammaRamp: hr %#lx.\n", hr);
            for (i = 0; i < 256; ++i)
                ramp.red[i] = ramp.green[i] = ramp.blue[i] = (WORD)(65535 - i * 257);
            hr = IDirectDrawGammaControl_SetGammaRamp(gamma, 0, &ramp);
            ok(hr == DD_OK, "SetGammaRamp: hr %#lx.\n", hr);
            hr = IDirectDrawGammaControl_SetGammaRamp(gamma, 0, NULL);
            ok(hr == DDERR_INVALIDPARAMS, "SetGammaRamp(NULL): hr %#lx.\n", hr);
            memset(&ramp, 0, sizeof(ramp));
            hr = IDirectDrawGammaControl_GetGammaRamp(gamma, 0, &ramp);
            /* Wine's builtin sets the X server's ramp, which Xvfb does not keep. */
            ok(hr == DD_OK && (ramp.red[0] == 65535 || broken(!ramp.red[0])), "Ramp not kept: hr %#lx, %#x.\n",
                    hr, ramp.red[0]);
            IDirectDrawGammaControl_Release(gamma);
        }
    }

    IDirectDrawSurface7_Release(back2);
    IDirectDrawSurface7_Release(back);
    ok(!IDirectDrawSurface7_Release(primary), "Flip chain not freed.\n");
done:
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    /* Nothing, the attached z-buffer included, still holds the object. */
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object still referenced.\n");
}

static void test_palettised_primary(HWND window)
{
    PALETTEENTRY entries[256];
    IDirectDrawPalette *palette;
    IDirectDrawSurface7 *primary;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 8, 0, 0);
    ok(hr == DD_OK || broken(hr == DDERR_INVALIDMODE || hr == DDERR_UNSUPPORTED), "8-bit mode: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "8-bit primary: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    ok(desc.ddpfPixelFormat.dwFlags & DDPF_PALETTEINDEXED8, "Primary format flags %#lx.\n",
            desc.ddpfPixelFormat.dwFlags);
    for (i = 0; i < 256; ++i)
    {
        entries[i].peRed = i;
        entries[i].peGreen = 0;
        entries[i].peBlue = 255 - i;
        entries[i].peFlags = 0;
    }
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256 | DDPCAPS_PRIMARYSURFACE,
            entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawSurface7_SetPalette(primary, palette);
        ok(hr == DD_OK, "SetPalette on the primary: hr %#lx.\n", hr);
        entries[0].peGreen = 0xff;
        hr = IDirectDrawPalette_SetEntries(palette, 0, 0, 1, entries);
        ok(hr == DD_OK, "SetEntries on the primary's palette: hr %#lx.\n", hr);
        IDirectDrawPalette_Release(palette);
    }
    IDirectDrawSurface7_Release(primary);
done:
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
}

static void test_cooperative_levels(HWND window)
{
    IDirectDraw7 *ddraw, *ddraw2;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE);
    ok(hr == DDERR_INVALIDPARAMS, "Exclusive without fullscreen: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_SETFOCUSWINDOW);
    ok(hr == DD_OK, "SETFOCUSWINDOW: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_SETFOCUSWINDOW | DDSCL_NORMAL);
    ok(hr == DDERR_INVALIDPARAMS, "SETFOCUSWINDOW | NORMAL: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL | DDSCL_CREATEDEVICEWINDOW);
    ok(hr == DDERR_INVALIDPARAMS, "CREATEDEVICEWINDOW in normal mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN
            | DDSCL_MULTITHREADED | DDSCL_FPUPRESERVE);
    ok(hr == DD_OK, "Exclusive, multithreaded: hr %#lx.\n", hr);
    hr = IDirectDraw7_TestCooperativeLevel(ddraw);
    ok(hr == DD_OK, "TestCooperativeLevel: hr %#lx.\n", hr);

    /* A second object cannot take exclusive mode. */
    if (SUCCEEDED(DirectDrawCreateEx(NULL, (void **)&ddraw2, &IID_IDirectDraw7, NULL)))
    {
        hr = IDirectDraw7_SetCooperativeLevel(ddraw2, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
        ok(hr == DDERR_EXCLUSIVEMODEALREADYSET || broken(hr == DD_OK), "Second exclusive object: hr %#lx.\n", hr);
        hr = IDirectDraw7_SetDisplayMode(ddraw2, 800, 600, 32, 0, 0);
        ok(hr == DDERR_NOEXCLUSIVEMODE || broken(hr == DDERR_UNSUPPORTED || hr == DD_OK),
                "Mode change by a non-exclusive object: hr %#lx.\n", hr);
        IDirectDraw7_Release(ddraw2);
    }
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
}

/* What the window shows after a flip: read back through GDI. */
static void test_presentation(HWND window)
{
    IDirectDrawSurface7 *primary, *back;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDSCAPS2 caps;
    DDBLTFX fx;
    COLORREF color;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "Flip chain: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&caps, 0, sizeof(caps));
    caps.dwCaps = DDSCAPS_BACKBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = 0x0000ff00;
        hr = IDirectDrawSurface7_Blt(back, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
        ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
        color = window_pixel(window, 20, 20);
        if (color == CLR_INVALID)
            skip("The window's pixels cannot be read back.\n");
        else
            /* Wine's builtin shows a stale picture in a GDI read-back under Xvfb. */
            ok(color == RGB(0, 255, 0) || broken(TRUE), "Window pixel after the flip: %06lx.\n", color);
        IDirectDrawSurface7_Release(back);
    }
    IDirectDrawSurface7_Release(primary);
done:
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
}

/* Windowed: a blit to the primary through a clipper shows in the window. */
/* A DDSCL_NORMAL DirectDraw object with a primary clipped to window. */
static BOOL create_windowed_primary(HWND window, IDirectDraw7 **ddraw, IDirectDrawSurface7 **primary,
        IDirectDrawClipper **clipper)
{
    DDSURFACEDESC2 desc;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)ddraw, &IID_IDirectDraw7, NULL)))
        return FALSE;
    hr = IDirectDraw7_SetCooperativeLevel(*ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "Normal mode: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(*ddraw, &desc, primary, NULL);
    ok(hr == DD_OK, "Primary: hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        IDirectDraw7_Release(*ddraw);
        return FALSE;
    }
    hr = IDirectDraw7_CreateClipper(*ddraw, 0, clipper, NULL);
    ok(hr == DD_OK, "CreateClipper: hr %#lx.\n", hr);
    IDirectDrawClipper_SetHWnd(*clipper, 0, window);
    IDirectDrawSurface7_SetClipper(*primary, *clipper);
    return TRUE;
}

static void test_windowed_presentation(HWND window)
{
    IDirectDrawSurface7 *primary, *offscreen;
    IDirectDrawClipper *clipper;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    POINT origin = {0, 0};
    RECT client, dst;
    DDBLTFX fx;
    COLORREF color;
    HRESULT hr;

    if (!create_windowed_primary(window, &ddraw, &primary, &clipper))
        return;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &offscreen, NULL);
    ok(hr == DD_OK, "Offscreen surface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = 0x00ff0000;
        IDirectDrawSurface7_Blt(offscreen, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        GetClientRect(window, &client);
        ClientToScreen(window, &origin);
        SetRect(&dst, origin.x, origin.y, origin.x + client.right, origin.y + client.bottom);
        hr = IDirectDrawSurface7_Blt(primary, &dst, offscreen, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "Blit to the primary: hr %#lx.\n", hr);
        color = window_pixel(window, 10, 10);
        if (color == CLR_INVALID)
            skip("The window's pixels cannot be read back.\n");
        else
            ok(color == RGB(255, 0, 0) || broken(TRUE), "Window pixel after the blit: %06lx.\n", color);
        IDirectDrawSurface7_Release(offscreen);
    }
    IDirectDrawClipper_Release(clipper);
    IDirectDrawSurface7_Release(primary);
    IDirectDraw7_Release(ddraw);
}

/* A windowed game's frame: a back buffer of the window's size copied 1:1 to
 * the window's part of the primary.  Ours shows it from the back buffer
 * before making the copy (surface_blt.c, surface_show_early): the primary must
 * still hold the picture, each frame's, and the window be shown once. */
static void test_windowed_copy(HWND window)
{
    HRESULT (WINAPI *get_counters)(IUnknown *, DWORD, struct wined3d_counters *) = NULL;
    struct wined3d_counters before, after;
    IDirectDrawSurface7 *primary, *back;
    IDirectDrawClipper *clipper;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    POINT origin = {0, 0};
    RECT client, dst, corner = {0, 0, 8, 8};
    DWORD green, red, blue, mask;
    HRESULT hr;

    if (winetest_is_ours())
        get_counters = (void *)GetProcAddress(GetModuleHandleA("ddraw.dll"), "DX7GL_GetCounters");
    if (!create_windowed_primary(window, &ddraw, &primary, &clipper))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    mask = desc.ddpfPixelFormat.dwRGBBitCount == 32 ? 0xffffff : 0xffff;
    red = desc.ddpfPixelFormat.dwRBitMask & mask;
    green = desc.ddpfPixelFormat.dwGBitMask & mask;
    blue = desc.ddpfPixelFormat.dwBBitMask & mask;

    GetClientRect(window, &client);
    ClientToScreen(window, &origin);
    SetRect(&dst, origin.x, origin.y, origin.x + client.right, origin.y + client.bottom);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = client.right;
    desc.dwHeight = client.bottom;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &back, NULL);
    ok(hr == DD_OK, "Back buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        fill_color(back, green);
        fill_rect_hr(back, &corner, red);
        if (get_counters)
            get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &before);
        hr = IDirectDrawSurface7_Blt(primary, &dst, back, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "Copy to the primary: hr %#lx.\n", hr);
        if (get_counters)
        {
            get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &after);
            ok(after.frames == before.frames + 1, "%u presents for one copy.\n",
                    (unsigned int)(after.frames - before.frames));
        }
        ok(surface_pixel(primary, origin.x + 20, origin.y + 20) == green || broken(1),
                "Primary pixel %#lx.\n", surface_pixel(primary, origin.x + 20, origin.y + 20));
        ok(surface_pixel(primary, origin.x + 2, origin.y + 2) == red || broken(1),
                "Primary corner pixel %#lx.\n", surface_pixel(primary, origin.x + 2, origin.y + 2));
        /* The window shows it the right way up: ours copies the back buffer
         * there (swapchain.c, present_blit). */
        if (window_pixel(window, 2, 2) == CLR_INVALID)
            skip("The window's pixels cannot be read back.\n");
        else
        {
            ok(window_pixel(window, 2, 2) == RGB(255, 0, 0) || broken(1), "Window corner pixel %06lx.\n",
                    window_pixel(window, 2, 2));
            ok(window_pixel(window, 2, client.bottom - 3) == RGB(0, 255, 0) || broken(1),
                    "Window pixel at the bottom %06lx.\n", window_pixel(window, 2, client.bottom - 3));
            ok(window_pixel(window, client.right - 3, 2) == RGB(0, 255, 0) || broken(1),
                    "Window pixel at the right %06lx.\n", window_pixel(window, client.right - 3, 2));
        }
        /* The next frame's picture replaces it. */
        fill_color(back, blue);
        hr = IDirectDrawSurface7_Blt(primary, &dst, back, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "Second copy: hr %#lx.\n", hr);
        ok(surface_pixel(primary, origin.x + 2, origin.y + 2) == blue || broken(1),
                "Primary pixel after the second copy %#lx.\n", surface_pixel(primary, origin.x + 2, origin.y + 2));
        ok(window_pixel(window, 2, 2) == RGB(0, 0, 255) || window_pixel(window, 2, 2) == CLR_INVALID || broken(1),
                "Window pixel after the second copy %06lx.\n", window_pixel(window, 2, 2));
        ok(surface_pixel(back, 2, 2) == blue, "Back buffer pixel %#lx.\n", surface_pixel(back, 2, 2));
        /* Each present names the window; the one already bound stays bound
         * (swapchain.c, wined3d_swapchain_set_window). */
        if (get_counters)
        {
            get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &before);
            IDirectDrawSurface7_Blt(primary, &dst, back, NULL, DDBLT_WAIT, NULL);
            IDirectDrawSurface7_Blt(primary, &dst, back, NULL, DDBLT_WAIT, NULL);
            get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &after);
            ok(after.frames == before.frames + 2, "%u presents for two copies.\n",
                    (unsigned int)(after.frames - before.frames));
            ok(after.window_binds == before.window_binds, "%u window bindings for two presents to one window.\n",
                    (unsigned int)(after.window_binds - before.window_binds));
        }
        IDirectDrawSurface7_Release(back);
    }
    IDirectDrawClipper_Release(clipper);
    IDirectDrawSurface7_Release(primary);
    IDirectDraw7_Release(ddraw);
}

/* A 16-bit picture copied onto a 32-bit desktop's primary (THRASH's front
 * buffer in a 16-bit mode) is shown from the 16-bit surface before the copy
 * is made (surface_blt.c, surface_show_early): one present, and the window
 * and the primary show the same widened colour. */
static void test_windowed_copy_16(HWND window)
{
    IDirectDrawSurface7 *primary, *back;
    IDirectDrawClipper *clipper;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    POINT origin = {0, 0};
    RECT client, dst;
    HRESULT hr;

    if (!create_windowed_primary(window, &ddraw, &primary, &clipper))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    if (desc.ddpfPixelFormat.dwRGBBitCount != 32)
    {
        skip("The desktop is not 32-bit (%lu bits).\n", desc.ddpfPixelFormat.dwRGBBitCount);
        goto done;
    }
    GetClientRect(window, &client);
    ClientToScreen(window, &origin);
    SetRect(&dst, origin.x, origin.y, origin.x + client.right, origin.y + client.bottom);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = client.right;
    desc.dwHeight = client.bottom;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 16;
    desc.ddpfPixelFormat.dwRBitMask = 0xf800;
    desc.ddpfPixelFormat.dwGBitMask = 0x07e0;
    desc.ddpfPixelFormat.dwBBitMask = 0x001f;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &back, NULL);
    ok(hr == DD_OK, "R5G6B5 surface: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    /* 16/31, 32/63, 8/31 of full: 0x84, 0x82, 0x42 widened. */
    fill_color(back, (16 << 11) | (32 << 5) | 8);
    hr = IDirectDrawSurface7_Blt(primary, &dst, back, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Copy to the primary: hr %#lx.\n", hr);
    ok((surface_pixel(primary, origin.x + 20, origin.y + 20) & 0xffffff) == 0x848242 || broken(1),
            "Primary pixel %#lx.\n", surface_pixel(primary, origin.x + 20, origin.y + 20));
    if (window_pixel(window, 2, 2) == CLR_INVALID)
        skip("The window's pixels cannot be read back.\n");
    else
    {
        ok(window_pixel(window, 2, 2) == RGB(0x84, 0x82, 0x42) || broken(1), "Window pixel %06lx.\n",
                window_pixel(window, 2, 2));
        ok(window_pixel(window, client.right - 3, client.bottom - 3) == RGB(0x84, 0x82, 0x42) || broken(1),
                "Window pixel at the bottom right %06lx.\n", window_pixel(window, client.right - 3, client.bottom - 3));
    }
    ok(surface_pixel(back, 2, 2) == ((16 << 11) | (32 << 5) | 8), "16-bit pixel %#lx.\n", surface_pixel(back, 2, 2));
    IDirectDrawSurface7_Release(back);
done:
    IDirectDrawClipper_Release(clipper);
    IDirectDrawSurface7_Release(primary);
    IDirectDraw7_Release(ddraw);
}

/* An R5G6B5 surface of the window's size holding value (x, y) at x, y. */
static IDirectDrawSurface7 *create_r5g6b5(IDirectDraw7 *ddraw, LONG w, LONG h, WORD (*value)(LONG, LONG))
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    LONG x, y;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 16;
    desc.ddpfPixelFormat.dwRBitMask = 0xf800;
    desc.ddpfPixelFormat.dwGBitMask = 0x07e0;
    desc.ddpfPixelFormat.dwBBitMask = 0x001f;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)))
        return NULL;
    if (!value)
        return surface;
    if (FAILED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL)))
    {
        IDirectDrawSurface7_Release(surface);
        return NULL;
    }
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
            ((WORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = value(x, y);
    IDirectDrawSurface7_Unlock(surface, NULL);
    return surface;
}

/* Every R5G6B5 value within a 256 x 256 tile, and another picture. */
static WORD frame1_value(LONG x, LONG y) { return (WORD)((y & 0xff) << 8 | (x & 0xff)); }
static WORD frame2_value(LONG x, LONG y) { return (WORD)~frame1_value(x, y); }

/* v widened as GL does: each channel to v * 255 / (2^n - 1) rounded. */
static DWORD widen_565(WORD v)
{
    DWORD r = v >> 11, g = (v >> 5) & 0x3f, b = v & 0x1f;

    return ((r * 255 + 15) / 31) << 16 | ((g * 255 + 31) / 63) << 8 | (b * 255 + 15) / 31;
}

/* The primary's pixels at the window (Lock), each the widened value of the
 * front buffer's picture: the count of those that are not. */
static unsigned int primary_mismatches(IDirectDrawSurface7 *primary, POINT origin, LONG w, LONG h,
        WORD (*value)(LONG, LONG))
{
    DDSURFACEDESC2 desc;
    unsigned int bad = 0;
    LONG x, y;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_Lock(primary, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL)))
        return ~0u;
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
        {
            DWORD v = ((DWORD *)((BYTE *)desc.lpSurface + (origin.y + y) * desc.lPitch))[origin.x + x] & 0xffffff;
            if (v != widen_565(value(x, y)) && !bad++)
                trace("First mismatch at %ld,%ld: %06lx for %04x.\n", x, y, v, value(x, y));
        }
    IDirectDrawSurface7_Unlock(primary, NULL);
    return bad;
}

/* THRASH's windowed flip in a 16-bit mode on a 32-bit desktop (issue 25):
 * back buffer to front buffer, front buffer onto the primary at the window.
 * Whatever reads the primary afterwards (a Lock, GetDC) sees the front
 * buffer's picture widened as GL widens it, for every R5G6B5 value; writing
 * the front buffer after the flip (THRASH's movies) leaves the primary as
 * the flip made it; the front buffer reads back its own 16-bit pixels; the
 * next flip's picture replaces the first. */
static void test_windowed_flip_16_reads(HWND window)
{
    IDirectDrawSurface7 *primary, *back = NULL, *front = NULL;
    IDirectDrawClipper *clipper;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    POINT origin = {0, 0};
    RECT client, dst, movie = {0, 0, 16, 16};
    DDBLTFX fx;
    HRESULT hr;
    HDC dc;

    if (!create_windowed_primary(window, &ddraw, &primary, &clipper))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    if (desc.ddpfPixelFormat.dwRGBBitCount != 32)
    {
        skip("The desktop is not 32-bit (%lu bits).\n", desc.ddpfPixelFormat.dwRGBBitCount);
        goto done;
    }
    GetClientRect(window, &client);
    ClientToScreen(window, &origin);
    SetRect(&dst, origin.x, origin.y, origin.x + client.right, origin.y + client.bottom);
    back = create_r5g6b5(ddraw, client.right, client.bottom, frame1_value);
    front = create_r5g6b5(ddraw, client.right, client.bottom, NULL);
    ok(back && front, "R5G6B5 surfaces: %p, %p.\n", (void *)back, (void *)front);
    if (!back || !front)
        goto done;

    hr = IDirectDrawSurface7_Blt(front, NULL, back, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Back to front: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Blt(primary, &dst, front, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Front onto the primary: hr %#lx.\n", hr);
    /* The movie writes the front buffer after the flip. */
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0xffff;
    hr = IDirectDrawSurface7_Blt(front, &movie, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Fill of the front buffer: hr %#lx.\n", hr);
    ok(!primary_mismatches(primary, origin, client.right, client.bottom, frame1_value) || broken(1),
            "The primary does not hold the flipped picture widened.\n");
    ok(surface_pixel(front, 3, 3) == 0xffff, "Front buffer pixel in the fill %#lx.\n", surface_pixel(front, 3, 3));
    ok(surface_pixel(front, 100, 40) == frame1_value(100, 40), "Front buffer pixel %#lx.\n",
            surface_pixel(front, 100, 40));
    hr = IDirectDrawSurface7_GetDC(primary, &dc);
    ok(hr == DD_OK, "GetDC of the primary: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        DWORD v = widen_565(frame1_value(37, 201));

        ok(GetPixel(dc, origin.x + 37, origin.y + 201) == RGB(v >> 16, (v >> 8) & 0xff, v & 0xff) || broken(1),
                "Primary pixel through GetDC %06lx.\n", GetPixel(dc, origin.x + 37, origin.y + 201));
        v = widen_565(frame1_value(5, 5));
        ok(GetPixel(dc, origin.x + 5, origin.y + 5) == RGB(v >> 16, (v >> 8) & 0xff, v & 0xff) || broken(1),
                "Primary pixel through GetDC where the front buffer was filled after %06lx.\n",
                GetPixel(dc, origin.x + 5, origin.y + 5));
        IDirectDrawSurface7_ReleaseDC(primary, dc);
    }

    IDirectDrawSurface7_Release(back);
    back = create_r5g6b5(ddraw, client.right, client.bottom, frame2_value);
    ok(back != NULL, "Second back buffer.\n");
    if (!back)
        goto done;
    hr = IDirectDrawSurface7_Blt(front, NULL, back, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Second back to front: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Blt(primary, &dst, front, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Second front onto the primary: hr %#lx.\n", hr);
    ok(!primary_mismatches(primary, origin, client.right, client.bottom, frame2_value) || broken(1),
            "The primary does not hold the second flipped picture widened.\n");
done:
    if (front) IDirectDrawSurface7_Release(front);
    if (back) IDirectDrawSurface7_Release(back);
    IDirectDrawClipper_Release(clipper);
    IDirectDrawSurface7_Release(primary);
    IDirectDraw7_Release(ddraw);
}

/* IDirectDraw::GetDisplayMode takes a DDSURFACEDESC2-sized description:
 * cleared whole, it gets a DDSURFACEDESC (Wine's ddraw1.c
 * test_surface_desc_size); other sizes are refused. */
static void test_display_mode_desc1_size(void)
{
    union
    {
        DDSURFACEDESC2 desc2;
        BYTE blob[sizeof(DDSURFACEDESC2) + 4];
    } desc;
    IDirectDraw *ddraw;
    HRESULT hr;

    if (FAILED(DirectDrawCreate(NULL, &ddraw, NULL)))
    {
        skip("No DirectDraw.\n");
        return;
    }
    memset(&desc, 0xcc, sizeof(desc));
    desc.desc2.dwSize = sizeof(DDSURFACEDESC2);
    hr = IDirectDraw_GetDisplayMode(ddraw, (DDSURFACEDESC *)&desc.desc2);
    ok(hr == DD_OK, "GetDisplayMode (DDSURFACEDESC2 size): hr %#lx.\n", hr);
    ok(desc.desc2.dwSize == sizeof(DDSURFACEDESC), "dwSize %lu.\n", desc.desc2.dwSize);
    ok(desc.blob[sizeof(DDSURFACEDESC2) - 1] != 0xcc, "Not cleared to the end.\n");
    ok(desc.blob[sizeof(DDSURFACEDESC2)] == 0xcc, "Written past the end.\n");
    ok(desc.desc2.dwWidth && desc.desc2.dwHeight, "Mode %lux%lu.\n", desc.desc2.dwWidth, desc.desc2.dwHeight);
    memset(&desc, 0, sizeof(desc));
    desc.desc2.dwSize = sizeof(DDSURFACEDESC) + 1;
    hr = IDirectDraw_GetDisplayMode(ddraw, (DDSURFACEDESC *)&desc.desc2);
    ok(hr == DDERR_INVALIDPARAMS, "GetDisplayMode (size %lu): hr %#lx.\n", desc.desc2.dwSize, hr);
    IDirectDraw_Release(ddraw);
}

/* Setting the mode the display already has leaves the device window where
 * the program moved it; a mode change fits it to the screen (Wine's
 * test_redundant_mode_set). */
static void test_redundant_mode_set(void)
{
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    RECT full, half, r;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "redundant", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        skip("No DirectDraw.\n");
        DestroyWindow(window);
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDraw7_GetDisplayMode(ddraw, &desc);
    ok(hr == DD_OK, "GetDisplayMode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, desc.dwWidth, desc.dwHeight, desc.ddpfPixelFormat.dwRGBBitCount, 0, 0);
    ok(hr == DD_OK, "SetDisplayMode (the current mode): hr %#lx.\n", hr);
    GetWindowRect(window, &full);
    SetRect(&half, full.left, full.top, full.right / 2, full.bottom / 2);
    SetWindowPos(window, HWND_TOP, half.left, half.top, half.right, half.bottom, 0);
    hr = IDirectDraw7_SetDisplayMode(ddraw, desc.dwWidth, desc.dwHeight, desc.ddpfPixelFormat.dwRGBBitCount, 0, 0);
    ok(hr == DD_OK, "SetDisplayMode (again): hr %#lx.\n", hr);
    GetWindowRect(window, &r);
    ok(EqualRect(&r, &half), "Window (%ld,%ld)-(%ld,%ld) after the same mode again, expected (%ld,%ld)-(%ld,%ld).\n",
            r.left, r.top, r.right, r.bottom, half.left, half.top, half.right, half.bottom);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

/* Leaving exclusive mode gives the window its style back but leaves it
 * where exclusive mode put it, covering the screen (Wine's
 * test_window_position). */
static void test_normal_keeps_window_rect(void)
{
    IDirectDraw7 *ddraw;
    RECT screen, r;
    HWND window;
    LONG style;
    HRESULT hr;

    window = CreateWindowA("static", "keeps", WS_POPUP | WS_VISIBLE, 0, 0, 100, 100, 0, 0, 0, 0);
    style = GetWindowLongA(window, GWL_STYLE);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        skip("No DirectDraw.\n");
        DestroyWindow(window);
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    SetRect(&screen, 0, 0, GetSystemMetrics(SM_CXSCREEN), GetSystemMetrics(SM_CYSCREEN));
    GetWindowRect(window, &r);
    ok(EqualRect(&r, &screen), "Window (%ld,%ld)-(%ld,%ld) in exclusive mode.\n", r.left, r.top, r.right, r.bottom);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "Normal mode: hr %#lx.\n", hr);
    GetWindowRect(window, &r);
    ok(EqualRect(&r, &screen), "Window (%ld,%ld)-(%ld,%ld) after NORMAL, expected the screen's.\n",
            r.left, r.top, r.right, r.bottom);
    ok(GetWindowLongA(window, GWL_STYLE) == style, "Style %#lx after NORMAL, expected %#lx.\n",
            GetWindowLongA(window, GWL_STYLE), style);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

static unsigned int size_test_count;
static HWND size_test_window;

static LRESULT CALLBACK size_test_proc(HWND window, UINT message, WPARAM wparam, LPARAM lparam)
{
    if (message == WM_SIZE && window == size_test_window)
        ++size_test_count;
    return DefWindowProcA(window, message, wparam, lparam);
}

static void pump_messages(void)
{
    MSG msg;

    while (PeekMessageA(&msg, NULL, 0, 0, PM_REMOVE))
        DispatchMessageA(&msg);
}

/* In a child inside a virtual desktop of Wine's, where mode changes are
 * real: an object released while another holds exclusive mode leaves that
 * one's mode (Wine's test_coop_level_mode_set_multi); a mode change of the
 * program's own loses the surfaces and resizes the device window. Answers the number
 * of failed checks through the file RESULT. */
static void multi_mode_child(const char *result)
{
    IDirectDraw7 *ddraw1, *ddraw2;
    unsigned int failed = 0;
    HWND window;
    FILE *f;

    window = CreateWindowA("static", "multi", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    if (SUCCEEDED(DirectDrawCreateEx(NULL, (void **)&ddraw1, &IID_IDirectDraw7, NULL))
            && SUCCEEDED(DirectDrawCreateEx(NULL, (void **)&ddraw2, &IID_IDirectDraw7, NULL)))
    {
        failed += FAILED(IDirectDraw7_SetDisplayMode(ddraw1, 800, 600, 32, 0, 0));
        failed += GetSystemMetrics(SM_CXSCREEN) != 800;
        failed += FAILED(IDirectDraw7_SetDisplayMode(ddraw2, 640, 480, 32, 0, 0));
        failed += GetSystemMetrics(SM_CXSCREEN) != 640;
        failed += FAILED(IDirectDraw7_SetCooperativeLevel(ddraw2, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN));
        IDirectDraw7_Release(ddraw1);
        failed += GetSystemMetrics(SM_CXSCREEN) != 640 ? 10 : 0;
        IDirectDraw7_Release(ddraw2);
        failed += GetSystemMetrics(SM_CXSCREEN) == 640;
    }
    else
        ++failed;

    /* The program's own ChangeDisplaySettings in exclusive mode: the device
     * window follows the new screen and the surfaces are lost (Wine's
     * test_coop_level_mode_set). */
    if (SUCCEEDED(DirectDrawCreateEx(NULL, (void **)&ddraw1, &IID_IDirectDraw7, NULL)))
    {
        IDirectDrawSurface7 *primary = NULL;
        DDSURFACEDESC2 desc;
        DEVMODEW devmode;
        RECT r;

        failed += FAILED(IDirectDraw7_SetCooperativeLevel(ddraw1, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN));
        failed += FAILED(IDirectDraw7_SetDisplayMode(ddraw1, 800, 600, 32, 0, 0));
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS;
        desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
        failed += FAILED(IDirectDraw7_CreateSurface(ddraw1, &desc, &primary, NULL));
        memset(&devmode, 0, sizeof(devmode));
        devmode.dmSize = sizeof(devmode);
        devmode.dmFields = DM_PELSWIDTH | DM_PELSHEIGHT;
        devmode.dmPelsWidth = 640;
        devmode.dmPelsHeight = 480;
        failed += ChangeDisplaySettingsW(&devmode, CDS_FULLSCREEN) != DISP_CHANGE_SUCCESSFUL;
        if (primary)
        {
            failed += IDirectDrawSurface7_IsLost(primary) != DDERR_SURFACELOST ? 100 : 0;
            IDirectDrawSurface7_Release(primary);
        }
        GetWindowRect(window, &r);
        failed += r.right - r.left != 640 || r.bottom - r.top != 480 ? 100 : 0;
        IDirectDraw7_Release(ddraw1);
        ChangeDisplaySettingsW(NULL, 0);
    }
    DestroyWindow(window);

    /* Focus loss in exclusive mode puts the desktop's mode back and
     * minimises the window; activation sets the object's mode again and the
     * window takes its size (Wine's test_coop_level_mode_set). */
    window = CreateWindowA("static", "focus", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    if (SUCCEEDED(DirectDrawCreateEx(NULL, (void **)&ddraw1, &IID_IDirectDraw7, NULL)))
    {
        DEVMODEW devmode;
        RECT r;

        failed += FAILED(IDirectDraw7_SetCooperativeLevel(ddraw1, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN))
                ? 1000 : 0;
        failed += FAILED(IDirectDraw7_SetDisplayMode(ddraw1, 800, 600, 32, 0, 0)) ? 1000 : 0;
        SetForegroundWindow(window);
        pump_messages();
        SetForegroundWindow(GetDesktopWindow());
        pump_messages();
        memset(&devmode, 0, sizeof(devmode));
        devmode.dmSize = sizeof(devmode);
        EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &devmode);
        failed += devmode.dmPelsWidth != 1024 || devmode.dmPelsHeight != 768 ? 1000 : 0;
        failed += !IsIconic(window) ? 1000 : 0;
        failed += IDirectDraw7_TestCooperativeLevel(ddraw1) != DDERR_NOEXCLUSIVEMODE ? 1000 : 0;

        ShowWindow(window, SW_RESTORE);
        pump_messages();
        EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &devmode);
        failed += devmode.dmPelsWidth != 800 || devmode.dmPelsHeight != 600 ? 1000 : 0;
        GetWindowRect(window, &r);
        failed += r.right - r.left != 800 || r.bottom - r.top != 600 || IsIconic(window) ? 1000 : 0;
        failed += IDirectDraw7_TestCooperativeLevel(ddraw1) != DD_OK ? 1000 : 0;
        IDirectDraw7_Release(ddraw1);
        ChangeDisplaySettingsW(NULL, 0);
    }
    else
        failed += 1000;
    DestroyWindow(window);

    /* Exclusive mode ended with another window named: the mode comes back
     * on that one, and the old window, which Windows never restyled, keeps
     * its size and hears no WM_SIZE (Wine's test_coop_level_mode_set). */
    {
        WNDCLASSA wc = {0};
        HWND window2;
        RECT r;

        wc.lpfnWndProc = size_test_proc;
        wc.lpszClassName = "dx7gl_size_test";
        RegisterClassA(&wc);
        window = CreateWindowA("dx7gl_size_test", "old", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
        window2 = CreateWindowA("dx7gl_size_test", "new", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
        if (SUCCEEDED(DirectDrawCreateEx(NULL, (void **)&ddraw1, &IID_IDirectDraw7, NULL)))
        {
            failed += FAILED(IDirectDraw7_SetCooperativeLevel(ddraw1, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN))
                    ? 10000 : 0;
            failed += FAILED(IDirectDraw7_SetDisplayMode(ddraw1, 640, 480, 32, 0, 0)) ? 10000 : 0;
            pump_messages();
            size_test_window = window;
            size_test_count = 0;
            failed += FAILED(IDirectDraw7_SetCooperativeLevel(ddraw1, window2, DDSCL_NORMAL)) ? 10000 : 0;
            failed += size_test_count ? 20000 : 0;
            size_test_window = NULL;
            GetWindowRect(window, &r);
            failed += r.right - r.left != 640 || r.bottom - r.top != 480 ? 40000 : 0;
            failed += (GetWindowLongA(window, GWL_STYLE) & WS_CAPTION) != WS_CAPTION ? 80000 : 0;
            IDirectDraw7_Release(ddraw1);
            ChangeDisplaySettingsW(NULL, 0);
        }
        else
            failed += 10000;
        DestroyWindow(window2);
        DestroyWindow(window);
        UnregisterClassA("dx7gl_size_test", GetModuleHandleA(NULL));
    }
    if ((f = fopen(result, "w")))
    {
        fprintf(f, "%u\n", failed);
        fclose(f);
    }
}

static void test_mode_kept_for_exclusive_owner(void)
{
    char self[MAX_PATH], result[MAX_PATH], cmd[3 * MAX_PATH + 64];
    PROCESS_INFORMATION pi;
    STARTUPINFOA si = {0};
    unsigned int failed = ~0u;
    FILE *f;

    GetModuleFileNameA(NULL, self, sizeof(self));
    GetTempPathA(sizeof(result), result);
    strcat(result, "dx7gl_multi_mode.txt");
    DeleteFileA(result);
    snprintf(cmd, sizeof(cmd), "explorer.exe /desktop=dx7glmulti,1024x768 \"%s\" multi-mode-child \"%s\"", self, result);
    si.cb = sizeof(si);
    if (!CreateProcessA(NULL, cmd, NULL, NULL, FALSE, 0, NULL, NULL, &si, &pi))
    {
        ok(0, "CreateProcess(%s) failed, error %lu.\n", cmd, GetLastError());
        return;
    }
    ok(WaitForSingleObject(pi.hProcess, 120000) == WAIT_OBJECT_0, "The virtual desktop did not end.\n");
    CloseHandle(pi.hThread);
    CloseHandle(pi.hProcess);
    if ((f = fopen(result, "r")))
    {
        if (fscanf(f, "%u", &failed) != 1)
            failed = ~0u;
        fclose(f);
    }
    ok(failed == 0, "In a virtual desktop: %d checks failed (10 or more: Release of the other object "
            "took the exclusive object's mode away; 100 or more: the program's own mode change did not "
            "lose the primary or resize the device window; 1000 or more: focus loss in exclusive mode did not put "
            "the desktop's mode back and minimise the window, or activation did not set the object's mode "
            "again; 10000 or more: ending exclusive mode with another window named failed (+20000: the old "
            "window got WM_SIZE, +40000: it changed size, +80000: it lost its caption); "
            "-1: no answer).\n", (int)failed);
    DeleteFileA(result);
}

START_TEST(ddraw_display)
{
    const char *child = strstr(GetCommandLineA(), "multi-mode-child \"");
    HWND window;

    if (child)
    {
        char result[MAX_PATH];

        lstrcpynA(result, child + strlen("multi-mode-child \""), sizeof(result));
        if (strchr(result, '"'))
            *strchr(result, '"') = 0;
        multi_mode_child(result);
        ExitProcess(0); /* no summary: the parent reports */
    }
    window = CreateWindowA("static", "ddraw_display", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
            0, 0, 640, 480, NULL, NULL, NULL, NULL);

    test_modes(window);
    test_display_mode_desc1_size();
    test_display_modes(window);
    test_normal_restores_mode(window);
    test_redundant_mode_set();
    test_normal_keeps_window_rect();
    test_mode_kept_for_exclusive_owner();
    test_focus_window();
    test_cooperative_levels(window);
    test_flip_chain(window);
    test_palettised_primary(window);
    test_presentation(window);
    test_windowed_presentation(window);
    test_windowed_copy(window);
    test_windowed_copy_16(window);
    test_windowed_flip_16_reads(window);
    DestroyWindow(window);
}

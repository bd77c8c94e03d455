/*
 * A DirectX 7 SDK-style program: an 8-bit fullscreen sprite demo (palette,
 * colour-keyed BltFast of a sprite, GDI text on the back buffer, a flip per
 * frame), and the letterboxing of a mode shown in a window of another aspect.
 * Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

static BYTE front_index(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    BYTE value = 0xcc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (SUCCEEDED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL)))
    {
        value = ((BYTE *)desc.lpSurface)[y * desc.lPitch + x];
        IDirectDrawSurface7_Unlock(surface, NULL);
    }
    return value;
}

static void test_sprite_demo(HWND window)
{
    IDirectDrawSurface7 *primary = NULL, *back = NULL, *sprite = NULL;
    IDirectDrawPalette *palette = NULL;
    PALETTEENTRY entries[256];
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDCOLORKEY key;
    DDSCAPS2 caps;
    DDBLTFX fx;
    RECT src;
    unsigned int frame, x, y;
    COLORREF color;
    HRESULT hr;
    HDC dc;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN | DDSCL_ALLOWMODEX);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 8, 0, 0);
    if (FAILED(hr))
    {
        ok(broken(TRUE), "640x480x8: hr %#lx.\n", hr);
        goto done;
    }

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
    ok(hr == DD_OK, "Back buffer: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;

    memset(entries, 0, sizeof(entries));
    entries[1].peRed = 0xff;
    entries[2].peGreen = 0xff;
    entries[3].peBlue = 0xff;
    entries[255].peRed = entries[255].peGreen = entries[255].peBlue = 0xff;
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    IDirectDrawSurface7_SetPalette(primary, palette);

    /* The sprite: a red disc on index 0, which is its colour key. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 32;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &sprite, NULL);
    ok(hr == DD_OK, "Sprite surface: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(sprite, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL);
    ok(hr == DD_OK, "Lock of the sprite: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        for (y = 0; y < 32; ++y)
            for (x = 0; x < 32; ++x)
                ((BYTE *)desc.lpSurface)[y * desc.lPitch + x]
                        = ((int)x - 16) * ((int)x - 16) + ((int)y - 16) * ((int)y - 16) < 100 ? 1 : 0;
        IDirectDrawSurface7_Unlock(sprite, NULL);
    }
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0;
    IDirectDrawSurface7_SetColorKey(sprite, DDCKEY_SRCBLT, &key);

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    SetRect(&src, 0, 0, 32, 32);
    for (frame = 0; frame < 10; ++frame)
    {
        fx.dwFillColor = 2;
        hr = IDirectDrawSurface7_Blt(back, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Frame %u: fill: hr %#lx.\n", frame, hr);
        hr = IDirectDrawSurface7_BltFast(back, 100 + frame * 10, 200, sprite, &src,
                DDBLTFAST_SRCCOLORKEY | DDBLTFAST_WAIT);
        ok(hr == DD_OK, "Frame %u: BltFast: hr %#lx.\n", frame, hr);
        if (SUCCEEDED(IDirectDrawSurface7_GetDC(back, &dc)))
        {
            SetBkColor(dc, RGB(0, 0, 255));
            SetTextColor(dc, RGB(255, 255, 255));
            TextOutA(dc, 8, 8, "Score 1234", 10);
            IDirectDrawSurface7_ReleaseDC(back, dc);
        }
        hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
        ok(hr == DD_OK, "Frame %u: flip: hr %#lx.\n", frame, hr);
    }

    /* The last frame is in front: the sprite at x = 190, green around it. */
    ok(front_index(primary, 190 + 16, 216) == 1, "Sprite centre has index %u.\n", front_index(primary, 206, 216));
    ok(front_index(primary, 190 + 1, 201) == 2, "Keyed sprite corner has index %u.\n", front_index(primary, 191, 201));
    ok(front_index(primary, 400, 400) == 2, "Background has index %u.\n", front_index(primary, 400, 400));
    {
        /* The exclusive window covers the desktop; the 640x480 picture sits
         * in it scaled with its aspect ratio kept. */
        RECT client;
        double scale;
        int x0, y0;

        GetClientRect(window, &client);
        ok((client.right == GetSystemMetrics(SM_CXSCREEN) && client.bottom == GetSystemMetrics(SM_CYSCREEN))
                || broken(TRUE), "Exclusive window client %ldx%ld.\n", client.right, client.bottom);
        scale = client.right / 640.0 < client.bottom / 480.0 ? client.right / 640.0 : client.bottom / 480.0;
        x0 = (int)((client.right - 640 * scale) / 2);
        y0 = (int)((client.bottom - 480 * scale) / 2);
        color = window_pixel(window, x0 + (int)(206.5 * scale), y0 + (int)(216.5 * scale));
        if (color == CLR_INVALID)
            skip("The window's pixels cannot be read back.\n");
        else
        {
            ok(color == RGB(255, 0, 0) || broken(TRUE), "Window shows the sprite as %06lx.\n", color);
            color = window_pixel(window, x0 + (int)(400 * scale), y0 + (int)(400 * scale));
            ok(color == RGB(0, 255, 0) || broken(TRUE), "Window shows the background as %06lx.\n", color);
        }
    }

done:
    if (sprite) IDirectDrawSurface7_Release(sprite);
    if (palette) IDirectDrawPalette_Release(palette);
    if (back) IDirectDrawSurface7_Release(back);
    if (primary) IDirectDrawSurface7_Release(primary);
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    {
        RECT rect;

        /* Leaving exclusive mode gives the window its style back but
         * leaves it covering the screen, as Windows does (Wine's
         * test_window_position). */
        GetWindowRect(window, &rect);
        ok((rect.left == 0 && rect.top == 0 && rect.right == GetSystemMetrics(SM_CXSCREEN)
                && rect.bottom == GetSystemMetrics(SM_CYSCREEN)) || broken(TRUE),
                "Window at %ld,%ld-%ld,%ld after exclusive mode.\n", rect.left, rect.top, rect.right, rect.bottom);
    }
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");
}

/* 640x480 shown in an 800x400 window: scaled to 533x400, black bars left and right. */
static void test_letterbox(void)
{
    IDirectDrawSurface7 *primary, *back;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDSCAPS2 caps;
    DDBLTFX fx;
    COLORREF color;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "letterbox", WS_POPUP | WS_VISIBLE, 0, 0, 800, 400, NULL, NULL, NULL, NULL);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        goto done_window;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN | DDSCL_NOWINDOWCHANGES);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0);
    if (FAILED(hr))
    {
        ok(broken(TRUE), "640x480x32: hr %#lx.\n", hr);
        goto done;
    }
    /* Keep the window's size: the mode is not the window's. */
    SetWindowPos(window, HWND_TOP, 0, 0, 800, 400, SWP_NOACTIVATE);
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
    if (SUCCEEDED(IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back)))
    {
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = 0x00ffffff;
        IDirectDrawSurface7_Blt(back, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
        ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
        color = window_pixel(window, 400, 200);
        if (color == CLR_INVALID)
            skip("The window's pixels cannot be read back.\n");
        else
        {
            RECT client;

            GetClientRect(window, &client);
            if (client.right != 800 || client.bottom != 400)
                skip("The window is %ldx%ld, not 800x400.\n", client.right, client.bottom);
            else
            {
                ok(color == RGB(255, 255, 255) || broken(TRUE), "Centre %06lx.\n", color);
                color = window_pixel(window, 20, 200);
                ok(color == RGB(0, 0, 0) || broken(TRUE), "Left bar %06lx.\n", color);
                color = window_pixel(window, 780, 200);
                ok(color == RGB(0, 0, 0) || broken(TRUE), "Right bar %06lx.\n", color);
                color = window_pixel(window, 150, 200);
                ok(color == RGB(255, 255, 255) || broken(TRUE), "Inside the picture %06lx.\n", color);
            }
        }
        IDirectDrawSurface7_Release(back);
    }
    IDirectDrawSurface7_Release(primary);
done:
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
done_window:
    DestroyWindow(window);
}

START_TEST(ddraw_program)
{
    HWND window = CreateWindowA("static", "ddraw_program", WS_POPUP | WS_VISIBLE,
            0, 0, 640, 480, NULL, NULL, NULL, NULL);

    test_sprite_demo(window);
    DestroyWindow(window);
    test_letterbox();
}

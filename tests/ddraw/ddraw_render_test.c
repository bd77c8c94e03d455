/*
 * Pictures: what the window shows for an 8-bit palettised primary before
 * and after a palette change, GDI text drawn into a surface, and Lock round
 * trips for the formats beyond plain RGB (8-bit, 24-bit, luminance, DXT,
 * z-buffers).  Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

static void test_palettised_presentation(HWND window)
{
    IDirectDrawSurface7 *primary, *back;
    PALETTEENTRY entries[256];
    IDirectDrawPalette *palette;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDSCAPS2 caps;
    DDBLTFX fx;
    COLORREF color;
    unsigned int i;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Exclusive mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 8, 0, 0);
    if (FAILED(hr))
    {
        ok(broken(TRUE), "8-bit mode: hr %#lx.\n", hr);
        goto done;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "8-bit flip chain: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&caps, 0, sizeof(caps));
    caps.dwCaps = DDSCAPS_BACKBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);

    memset(entries, 0, sizeof(entries));
    entries[5].peRed = 0xff;            /* index 5: red */
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetPalette(primary, palette);
    ok(hr == DD_OK, "SetPalette: hr %#lx.\n", hr);

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 5;
    hr = IDirectDrawSurface7_Blt(back, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Fill with index 5: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
    ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
    color = window_pixel(window, 30, 30);
    if (color == CLR_INVALID)
        skip("The window's pixels cannot be read back.\n");
    else
        ok(color == RGB(255, 0, 0) || broken(TRUE), "Index 5 shows as %06lx.\n", color);

    /* A palette change shows without another flip. */
    for (i = 0; i < 256; ++i)
        entries[i].peRed = entries[i].peGreen = entries[i].peBlue = 0;
    entries[5].peBlue = 0xff;
    hr = IDirectDrawPalette_SetEntries(palette, 0, 0, 256, entries);
    ok(hr == DD_OK, "SetEntries: hr %#lx.\n", hr);
    color = window_pixel(window, 30, 30);
    if (color != CLR_INVALID)
        ok(color == RGB(0, 0, 255) || broken(TRUE), "After the palette change index 5 shows as %06lx.\n", color);

    IDirectDrawPalette_Release(palette);
    IDirectDrawSurface7_Release(back);
    IDirectDrawSurface7_Release(primary);
done:
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
}

static void test_gdi_text(void)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int x, y, white = 0, black = 0;
    DDBLTFX fx;
    HRESULT hr;
    HDC dc;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 128;
    desc.dwHeight = 32;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 16;
    desc.ddpfPixelFormat.dwRBitMask = 0xf800;
    desc.ddpfPixelFormat.dwGBitMask = 0x07e0;
    desc.ddpfPixelFormat.dwBBitMask = 0x001f;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0;
    IDirectDrawSurface7_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);

    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_SURFACEBUSY, "Lock while the DC is out: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Unlock(surface, NULL);
        {
            IDirectDrawSurface7 *found;

            hr = IDirectDraw7_GetSurfaceFromDC(ddraw, dc, &found);
            ok(hr == DD_OK && found == surface, "GetSurfaceFromDC: hr %#lx, %p.\n", hr, found);
            if (SUCCEEDED(hr))
                IDirectDrawSurface7_Release(found);
            hr = IDirectDraw7_GetSurfaceFromDC(ddraw, (HDC)0x1234, &found);
            ok(hr == DDERR_NOTFOUND || broken(FAILED(hr)), "GetSurfaceFromDC of another DC: hr %#lx.\n", hr);
        }
        SetTextColor(dc, RGB(255, 255, 255));
        SetBkMode(dc, TRANSPARENT);
        TextOutA(dc, 2, 2, "DirectDraw", 10);
        hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
        ok(hr == DD_OK, "ReleaseDC: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
        ok(FAILED(hr), "Second ReleaseDC: hr %#lx.\n", hr);
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        for (y = 0; y < 32; ++y)
            for (x = 0; x < 128; ++x)
            {
                WORD p = *(WORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 2);
                if (p == 0xffff) ++white;
                else if (!p) ++black;
            }
        IDirectDrawSurface7_Unlock(surface, NULL);
        ok(white > 40, "Only %u white pixels of text.\n", white);
        ok(black > 128 * 32 / 2, "Only %u black pixels.\n", black);
    }
    IDirectDrawSurface7_Release(surface);
done:
    IDirectDraw7_Release(ddraw);
}

/* Bytes written through Lock come back unchanged. */
static void test_lock_formats(void)
{
    static const struct
    {
        const char *name;
        DWORD flags, bits, r, g, b, a, fourcc, caps;
        unsigned int width, height, bytes_per_row;
    }
    formats[] =
    {
        {"P8", DDPF_RGB | DDPF_PALETTEINDEXED8, 8, 0, 0, 0, 0, 0, DDSCAPS_OFFSCREENPLAIN, 16, 16, 16},
        {"R8G8B8", DDPF_RGB, 24, 0xff0000, 0xff00, 0xff, 0, 0, DDSCAPS_OFFSCREENPLAIN, 16, 16, 48},
        {"L8", DDPF_LUMINANCE, 8, 0xff, 0, 0, 0, 0, DDSCAPS_TEXTURE, 16, 16, 16},
        {"DXT1", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','1'), DDSCAPS_TEXTURE, 16, 16, 32},
        {"DXT5", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','5'), DDSCAPS_TEXTURE, 16, 16, 64},
    };
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i, x, y, rows, bad;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    for (i = 0; i < ARRAY_SIZE(formats); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
        desc.ddsCaps.dwCaps = formats[i].caps;
        desc.dwWidth = formats[i].width;
        desc.dwHeight = formats[i].height;
        desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
        desc.ddpfPixelFormat.dwFlags = formats[i].flags;
        desc.ddpfPixelFormat.dwRGBBitCount = formats[i].bits;
        desc.ddpfPixelFormat.dwRBitMask = formats[i].r;
        desc.ddpfPixelFormat.dwGBitMask = formats[i].g;
        desc.ddpfPixelFormat.dwBBitMask = formats[i].b;
        desc.ddpfPixelFormat.dwRGBAlphaBitMask = formats[i].a;
        desc.ddpfPixelFormat.dwFourCC = formats[i].fourcc;
        hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
        ok(hr == DD_OK || broken(FAILED(hr)), "%s: CreateSurface: hr %#lx.\n", formats[i].name, hr);
        if (FAILED(hr))
            continue;
        rows = formats[i].fourcc ? formats[i].height / 4 : formats[i].height;
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "%s: Lock: hr %#lx.\n", formats[i].name, hr);
        if (SUCCEEDED(hr))
        {
            LONG pitch = formats[i].fourcc ? (LONG)formats[i].bytes_per_row : desc.lPitch;

            for (y = 0; y < rows; ++y)
                for (x = 0; x < formats[i].bytes_per_row; ++x)
                    ((BYTE *)desc.lpSurface)[y * pitch + x] = (BYTE)(x * 3 + y * 29 + i);
            IDirectDrawSurface7_Unlock(surface, NULL);
            hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
            ok(hr == DD_OK, "%s: second Lock: hr %#lx.\n", formats[i].name, hr);
            if (SUCCEEDED(hr))
            {
                bad = 0;
                for (y = 0; y < rows; ++y)
                    for (x = 0; x < formats[i].bytes_per_row; ++x)
                        if (((BYTE *)desc.lpSurface)[y * pitch + x] != (BYTE)(x * 3 + y * 29 + i))
                            ++bad;
                ok(!bad, "%s: %u bytes differ.\n", formats[i].name, bad);
                IDirectDrawSurface7_Unlock(surface, NULL);
            }
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

START_TEST(ddraw_render)
{
    HWND window = CreateWindowA("static", "ddraw_render", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
            0, 0, 640, 480, NULL, NULL, NULL, NULL);

    test_gdi_text();
    test_lock_formats();
    test_palettised_presentation(window);
    DestroyWindow(window);
}

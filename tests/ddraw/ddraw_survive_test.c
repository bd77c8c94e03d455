/*
 * What surfaces keep: DuplicateSurface shares the original's memory (writes
 * through either show in the other; the memory outlives the original), and
 * contents survive Lock/Unlock, palette changes and display-mode changes.
 * A mode change loses video-memory surfaces, as on Windows (IsLost answers
 * DDERR_SURFACELOST until Restore or RestoreAllSurfaces); ours keeps their
 * contents through the loss, which Windows does not promise.  Against ours
 * and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

static IDirectDrawSurface7 *create_surface(IDirectDraw7 *ddraw, DWORD caps, DWORD bpp)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = 16;
    desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    if (bpp == 8)
    {
        desc.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED8;
        desc.ddpfPixelFormat.dwRGBBitCount = 8;
    }
    else
    {
        desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
        desc.ddpfPixelFormat.dwRGBBitCount = 32;
        desc.ddpfPixelFormat.dwRBitMask = 0xff0000;
        desc.ddpfPixelFormat.dwGBitMask = 0x00ff00;
        desc.ddpfPixelFormat.dwBBitMask = 0x0000ff;
    }
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface(caps %#lx, %lu bpp): hr %#lx.\n", caps, bpp, hr);
    return SUCCEEDED(hr) ? surface : NULL;
}

static void write_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y, DWORD v)
{
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL)))
        return;
    ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = v;
    IDirectDrawSurface7_Unlock(surface, NULL);
}

static void test_duplicate(void)
{
    static const DWORD caps[] = {DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY,
            DDSCAPS_OFFSCREENPLAIN | DDSCAPS_VIDEOMEMORY, DDSCAPS_TEXTURE};
    IDirectDrawSurface7 *a, *dup;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return;
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    for (i = 0; i < sizeof(caps) / sizeof(caps[0]); ++i)
    {
        if (!(a = create_surface(ddraw, caps[i], 32)))
            continue;
        fill_color(a, 0x112233);
        hr = IDirectDraw7_DuplicateSurface(ddraw, a, &dup);
        ok(hr == DD_OK || broken(hr == DDERR_CANTDUPLICATE), "caps %#lx: DuplicateSurface: hr %#lx.\n", caps[i], hr);
        if (FAILED(hr))
        {
            IDirectDrawSurface7_Release(a);
            continue;
        }
        ok(dup != a, "The duplicate is the same object.\n");
        /* Wine 8.0's builtin makes a new, blank surface that shares nothing
         * (the broken() lines below). */
        ok(surface_pixel(dup, 3, 3) == 0x112233 || broken(1), "caps %#lx: the duplicate reads %#lx.\n", caps[i],
                surface_pixel(dup, 3, 3));
        /* Writes through either object show in the other: one memory. */
        fill_color(dup, 0x445566);
        ok(surface_pixel(a, 3, 3) == 0x445566 || broken(1), "caps %#lx: the original reads %#lx after a fill of the duplicate.\n",
                caps[i], surface_pixel(a, 3, 3));
        write_pixel(a, 5, 6, 0x778899);
        ok(surface_pixel(dup, 5, 6) == 0x778899 || broken(1), "caps %#lx: the duplicate reads %#lx after a lock of the original.\n",
                caps[i], surface_pixel(dup, 5, 6));
        /* Colour keys are each object's own. */
        {
            DDCOLORKEY key_a = {0x445566, 0x445566}, key_dup = {0x00ff00, 0x00ff00};
            IDirectDrawSurface7 *dst;

            if ((dst = create_surface(ddraw, caps[i] & ~DDSCAPS_TEXTURE ? caps[i] : DDSCAPS_OFFSCREENPLAIN, 32)))
            {
                fill_color(a, 0x445566);
                fill_color(dst, 0xff0000);
                IDirectDrawSurface7_SetColorKey(a, DDCKEY_SRCBLT, &key_a);
                IDirectDrawSurface7_SetColorKey(dup, DDCKEY_SRCBLT, &key_dup);
                hr = IDirectDrawSurface7_BltFast(dst, 0, 0, a, NULL, DDBLTFAST_SRCCOLORKEY | DDBLTFAST_WAIT);
                ok(hr == DD_OK, "caps %#lx: BltFast: hr %#lx.\n", caps[i], hr);
                ok(surface_pixel(dst, 3, 3) == 0xff0000, "caps %#lx: the original's key was not used: %#lx.\n",
                        caps[i], surface_pixel(dst, 3, 3));
                IDirectDrawSurface7_Release(dst);
            }
            write_pixel(a, 5, 6, 0x778899);
        }
        /* The memory outlives the original. */
        IDirectDrawSurface7_Release(a);
        ok(surface_pixel(dup, 5, 6) == 0x778899 || broken(1), "caps %#lx: the duplicate reads %#lx after the original went.\n",
                caps[i], surface_pixel(dup, 5, 6));
        fill_color(dup, 0x0000ff);
        ok(surface_pixel(dup, 0, 0) == 0x0000ff, "caps %#lx: the duplicate alone reads %#lx.\n", caps[i],
                surface_pixel(dup, 0, 0));
        IDirectDrawSurface7_Release(dup);
    }
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");
}

static void test_palette_change(IDirectDraw7 *ddraw)
{
    PALETTEENTRY entries[256];
    IDirectDrawPalette *palette;
    IDirectDrawSurface7 *s;
    HRESULT hr;

    if (!(s = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 8)))
        return;
    memset(entries, 0, sizeof(entries));
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        IDirectDrawSurface7_SetPalette(s, palette);
        fill_color(s, 7);
        entries[7].peRed = 200;
        hr = IDirectDrawPalette_SetEntries(palette, 0, 0, 256, entries);
        ok(hr == DD_OK, "SetEntries: hr %#lx.\n", hr);
        ok(surface_pixel(s, 4, 4) == 7, "The indices changed with the palette: %#lx.\n", surface_pixel(s, 4, 4));
        IDirectDrawPalette_Release(palette);
    }
    IDirectDrawSurface7_Release(s);
}

static void test_mode_changes(void)
{
    static const struct { DWORD w, h, bpp; } modes[] = {{640, 480, 16}, {800, 600, 32}, {640, 480, 8}, {1024, 768, 32}};
    IDirectDrawSurface7 *sys, *vid, *tex;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_survive", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
            0, 0, 320, 240, NULL, NULL, NULL, NULL);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        DestroyWindow(window);
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0);
    ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode: hr %#lx.\n", hr);

    sys = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 32);
    vid = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_VIDEOMEMORY, 32);
    tex = create_surface(ddraw, DDSCAPS_TEXTURE, 32);
    if (!sys || !vid || !tex)
        goto done;
    fill_color(sys, 0x102030);
    fill_color(vid, 0x405060);
    fill_color(tex, 0x708090);
    write_pixel(tex, 1, 1, 0xabcdef);

    for (i = 0; i < sizeof(modes) / sizeof(modes[0]); ++i)
    {
        hr = IDirectDraw7_SetDisplayMode(ddraw, modes[i].w, modes[i].h, modes[i].bpp, 0, 0);
        /* Wine's builtin under Xvfb cannot change the X server's mode. */
        ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED || hr == DDERR_INVALIDMODE),
                "SetDisplayMode(%lu, %lu, %lu): hr %#lx.\n", modes[i].w, modes[i].h, modes[i].bpp, hr);
        if (FAILED(hr))
            continue;
        /* The mode changed: video memory (the texture too) is lost, system
         * memory is not; the device itself is still the program's. */
        hr = IDirectDraw7_TestCooperativeLevel(ddraw);
        ok(hr == DD_OK, "Mode %u: TestCooperativeLevel: hr %#lx.\n", i, hr);
        hr = IDirectDrawSurface7_IsLost(vid);
        ok(hr == DDERR_SURFACELOST, "Mode %u: IsLost: hr %#lx.\n", i, hr);
        hr = IDirectDrawSurface7_IsLost(tex);
        ok(hr == DDERR_SURFACELOST, "Mode %u: IsLost of the texture: hr %#lx.\n", i, hr);
        hr = IDirectDrawSurface7_IsLost(sys);
        ok(hr == DD_OK, "Mode %u: IsLost of a system-memory surface: hr %#lx.\n", i, hr);
        hr = IDirectDraw7_RestoreAllSurfaces(ddraw);
        ok(hr == DD_OK, "Mode %u: RestoreAllSurfaces: hr %#lx.\n", i, hr);
        hr = IDirectDrawSurface7_IsLost(vid);
        ok(hr == DD_OK, "Mode %u: IsLost after RestoreAllSurfaces: hr %#lx.\n", i, hr);
        ok(surface_pixel(sys, 8, 8) == 0x102030, "Mode %u: system memory reads %#lx.\n", i, surface_pixel(sys, 8, 8));
        ok(surface_pixel(vid, 8, 8) == 0x405060 || broken(1), "Mode %u: video memory reads %#lx.\n", i,
                surface_pixel(vid, 8, 8));
        ok(surface_pixel(tex, 8, 8) == 0x708090 || broken(1), "Mode %u: the texture reads %#lx.\n", i,
                surface_pixel(tex, 8, 8));
        ok(surface_pixel(tex, 1, 1) == 0xabcdef || broken(1), "Mode %u: the texture's locked pixel reads %#lx.\n", i,
                surface_pixel(tex, 1, 1));
    }
    /* Restoring what is not lost succeeds and keeps the contents. */
    hr = IDirectDraw7_RestoreAllSurfaces(ddraw);
    ok(hr == DD_OK, "RestoreAllSurfaces: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Restore(vid);
    ok(hr == DD_OK, "Restore: hr %#lx.\n", hr);
    ok(surface_pixel(vid, 8, 8) == 0x405060 || broken(1), "After Restore: video memory reads %#lx.\n",
            surface_pixel(vid, 8, 8));
    hr = IDirectDraw7_RestoreDisplayMode(ddraw);
    ok(hr == DD_OK, "RestoreDisplayMode: hr %#lx.\n", hr);
    ok(surface_pixel(tex, 8, 8) == 0x708090 || broken(1), "After RestoreDisplayMode: the texture reads %#lx.\n",
            surface_pixel(tex, 8, 8));
    test_palette_change(ddraw);

done:
    if (sys) IDirectDrawSurface7_Release(sys);
    if (vid) IDirectDrawSurface7_Release(vid);
    if (tex) IDirectDrawSurface7_Release(tex);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    hr = IDirectDraw7_TestCooperativeLevel(ddraw);
    ok(hr == DD_OK, "TestCooperativeLevel in normal mode: hr %#lx.\n", hr);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

START_TEST(ddraw_survive)
{
    test_duplicate();
    test_mode_changes();
}

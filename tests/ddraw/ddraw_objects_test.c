/*
 * Palettes and clippers: creation flags, entries, attachment to surfaces,
 * clip lists and windows, and their documented errors.  Against ours and
 * Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "ddraw_test.h"

static IDirectDraw7 *create_ddraw(HWND window)
{
    IDirectDraw7 *ddraw;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return NULL;
    if (FAILED(IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL)))
    {
        IDirectDraw7_Release(ddraw);
        return NULL;
    }
    return ddraw;
}

static IDirectDrawSurface7 *create_surface(IDirectDraw7 *ddraw, DWORD caps, DWORD bits, DWORD pf_flags)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = pf_flags;
    desc.ddpfPixelFormat.dwRGBBitCount = bits;
    if (bits == 32)
    {
        desc.ddpfPixelFormat.dwRBitMask = 0xff0000;
        desc.ddpfPixelFormat.dwGBitMask = 0x00ff00;
        desc.ddpfPixelFormat.dwBBitMask = 0x0000ff;
    }
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)))
        return NULL;
    return surface;
}

static void test_palette(void)
{
    PALETTEENTRY entries[256], got[256];
    IDirectDrawPalette *palette, *palette2;
    IDirectDrawSurface7 *surface, *rgb;
    IDirectDraw7 *ddraw;
    DWORD caps;
    unsigned int i;
    HRESULT hr;
    ULONG ref;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    for (i = 0; i < 256; ++i)
    {
        entries[i].peRed = i;
        entries[i].peGreen = 255 - i;
        entries[i].peBlue = i / 2;
        entries[i].peFlags = 0;
    }
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DDERR_NOCOOPERATIVELEVELSET, "CreatePalette without a cooperative level: hr %#lx.\n", hr);
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);

    /* Wine's builtin reads the NULL entries and crashes. */
    if (winetest_is_ours())
    {
        hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, NULL, &palette, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "No entries: hr %#lx.\n", hr);
    }
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_4BIT, entries, &palette, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Two sizes: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreatePalette(ddraw, 0, entries, &palette, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "No size: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT, entries, &palette, (IUnknown *)ddraw);
    ok(hr == CLASS_E_NOAGGREGATION, "Aggregation: hr %#lx.\n", hr);

    /* The palette keeps its DirectDraw 7 object alive. */
    ref = get_refcount((IUnknown *)ddraw);
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    ok(get_refcount((IUnknown *)ddraw) == ref + 1, "DirectDraw refcount %lu, was %lu.\n",
            get_refcount((IUnknown *)ddraw), ref);
    hr = IDirectDrawPalette_GetCaps(palette, &caps);
    ok(hr == DD_OK && (caps & (DDPCAPS_8BIT | DDPCAPS_ALLOW256)) == (DDPCAPS_8BIT | DDPCAPS_ALLOW256),
            "GetCaps: hr %#lx, caps %#lx.\n", hr, caps);
    hr = IDirectDrawPalette_GetEntries(palette, 0, 0, 256, got);
    ok(hr == DD_OK, "GetEntries: hr %#lx.\n", hr);
    ok(!memcmp(got, entries, sizeof(entries)), "Entries differ.\n");
    hr = IDirectDrawPalette_GetEntries(palette, 0, 250, 10, got);
    /* Wine's builtin passes on the core's WINED3DERR_INVALIDCALL. */
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == (HRESULT)0x8876086c), "GetEntries past the end: hr %#lx.\n", hr);
    hr = IDirectDrawPalette_GetEntries(palette, 1, 0, 1, got);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == (HRESULT)0x8876086c), "GetEntries with flags: hr %#lx.\n", hr);
    entries[7].peRed = 0x77;
    hr = IDirectDrawPalette_SetEntries(palette, 0, 7, 1, &entries[7]);
    ok(hr == DD_OK, "SetEntries: hr %#lx.\n", hr);
    hr = IDirectDrawPalette_GetEntries(palette, 0, 7, 1, got);
    ok(hr == DD_OK && got[0].peRed == 0x77, "After SetEntries: hr %#lx, red %#x.\n", hr, got[0].peRed);
    hr = IDirectDrawPalette_Initialize(palette, NULL, 0, entries);
    ok(hr == DDERR_ALREADYINITIALIZED, "Initialize: hr %#lx.\n", hr);

    /* Without DDPCAPS_ALLOW256 the first and last entries are black and white. */
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT, entries, &palette2, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        IDirectDrawPalette_GetEntries(palette2, 0, 0, 256, got);
        ok(!got[0].peRed && !got[0].peGreen && !got[0].peBlue, "Entry 0 is %02x%02x%02x.\n",
                got[0].peRed, got[0].peGreen, got[0].peBlue);
        ok(got[255].peRed == 0xff && got[255].peGreen == 0xff && got[255].peBlue == 0xff,
                "Entry 255 is %02x%02x%02x.\n", got[255].peRed, got[255].peGreen, got[255].peBlue);
        IDirectDrawPalette_Release(palette2);
    }

    /* Attaching: only to palettised surfaces. */
    surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 8, DDPF_RGB | DDPF_PALETTEINDEXED8);
    rgb = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 32, DDPF_RGB);
    ok(surface && rgb, "Failed to create the surfaces.\n");
    if (surface && rgb)
    {
        hr = IDirectDrawSurface7_GetPalette(surface, &palette2);
        ok(hr == DDERR_NOPALETTEATTACHED, "GetPalette without one: hr %#lx.\n", hr);
        ref = get_refcount((IUnknown *)palette);
        hr = IDirectDrawSurface7_SetPalette(surface, palette);
        ok(hr == DD_OK, "SetPalette: hr %#lx.\n", hr);
        ok(get_refcount((IUnknown *)palette) == ref + 1, "Palette refcount not increased.\n");
        hr = IDirectDrawSurface7_GetPalette(surface, &palette2);
        ok(hr == DD_OK && palette2 == palette, "GetPalette: hr %#lx, %p.\n", hr, palette2);
        if (SUCCEEDED(hr))
            IDirectDrawPalette_Release(palette2);
        hr = IDirectDrawSurface7_SetPalette(rgb, palette);
        ok(hr == DDERR_INVALIDPIXELFORMAT, "SetPalette on an RGB surface: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_SetPalette(surface, NULL);
        ok(hr == DD_OK, "Detaching: hr %#lx.\n", hr);
        ok(get_refcount((IUnknown *)palette) == ref, "Palette refcount not restored.\n");
    }
    if (surface) IDirectDrawSurface7_Release(surface);
    if (rgb) IDirectDrawSurface7_Release(rgb);
    ref = IDirectDrawPalette_Release(palette);
    ok(!ref, "Palette refcount %lu.\n", ref);
done:
    IDirectDraw7_Release(ddraw);
}

static void test_clipper(HWND window)
{
    IDirectDrawClipper *clipper, *clipper2;
    IDirectDrawSurface7 *surface;
    IDirectDraw7 *ddraw;
    struct
    {
        RGNDATAHEADER header;
        RECT rects[2];
    } region;
    RGNDATA *data;
    DWORD size;
    HWND got;
    BOOL changed;
    HRESULT hr;

    /* Wine's builtin writes through the NULL pointers of these two. */
    if (winetest_is_ours())
    {
        hr = DirectDrawCreateClipper(0, NULL, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "DirectDrawCreateClipper(NULL): hr %#lx.\n", hr);
    }
    hr = DirectDrawCreateClipper(0, &clipper, NULL);
    ok(hr == DD_OK, "DirectDrawCreateClipper: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;

    hr = IDirectDrawClipper_GetClipList(clipper, NULL, NULL, &size);
    ok(hr == DDERR_NOCLIPLIST, "GetClipList of an empty clipper: hr %#lx.\n", hr);
    hr = IDirectDrawClipper_GetHWnd(clipper, &got);
    ok(hr == DD_OK && !got, "GetHWnd: hr %#lx, %p.\n", hr, got);
    hr = IDirectDrawClipper_IsClipListChanged(clipper, &changed);
    ok(hr == DD_OK, "IsClipListChanged: hr %#lx.\n", hr);

    /* An explicit clip list. */
    memset(&region, 0, sizeof(region));
    region.header.dwSize = sizeof(region.header);
    region.header.iType = RDH_RECTANGLES;
    region.header.nCount = 2;
    region.header.nRgnSize = 2 * sizeof(RECT);
    SetRect(&region.header.rcBound, 0, 0, 20, 20);
    SetRect(&region.rects[0], 0, 0, 10, 10);
    SetRect(&region.rects[1], 10, 10, 20, 20);
    hr = IDirectDrawClipper_SetClipList(clipper, (RGNDATA *)&region, 0);
    ok(hr == DD_OK, "SetClipList: hr %#lx.\n", hr);
    if (winetest_is_ours())
    {
        hr = IDirectDrawClipper_GetClipList(clipper, NULL, NULL, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetClipList without a size: hr %#lx.\n", hr);
    }
    hr = IDirectDrawClipper_GetClipList(clipper, NULL, NULL, &size);
    ok(hr == DD_OK && size == sizeof(region), "Clip list size: hr %#lx, %lu.\n", hr, size);
    data = malloc(size);
    size = 4;
    hr = IDirectDrawClipper_GetClipList(clipper, NULL, data, &size);
    /* Wine's builtin answers DD_OK and writes nothing. */
    ok(hr == DDERR_REGIONTOOSMALL || broken(hr == DD_OK), "Small buffer: hr %#lx.\n", hr);
    size = sizeof(region);
    hr = IDirectDrawClipper_GetClipList(clipper, NULL, data, &size);
    ok(hr == DD_OK && data->rdh.nCount == 2, "GetClipList: hr %#lx, %lu rects.\n", hr, data->rdh.nCount);
    free(data);
    hr = IDirectDrawClipper_SetClipList(clipper, NULL, 0);
    ok(hr == DD_OK, "Clearing the clip list: hr %#lx.\n", hr);

    /* A window. */
    hr = IDirectDrawClipper_SetHWnd(clipper, 0, window);
    ok(hr == DD_OK, "SetHWnd: hr %#lx.\n", hr);
    hr = IDirectDrawClipper_GetHWnd(clipper, &got);
    ok(hr == DD_OK && got == window, "GetHWnd: hr %#lx, %p.\n", hr, got);
    hr = IDirectDrawClipper_SetClipList(clipper, (RGNDATA *)&region, 0);
    ok(hr == DDERR_CLIPPERISUSINGHWND, "SetClipList with a window: hr %#lx.\n", hr);
    hr = IDirectDrawClipper_GetClipList(clipper, NULL, NULL, &size);
    ok(hr == DD_OK && size >= sizeof(RGNDATAHEADER) + sizeof(RECT), "Window clip list size: hr %#lx, %lu.\n", hr, size);
    /* A clipper from DirectDrawCreateClipper is initialised; Wine's builtin
     * initialises it again. */
    hr = IDirectDrawClipper_Initialize(clipper, NULL, 0);
    ok(hr == DDERR_ALREADYINITIALIZED || broken(hr == DD_OK), "Initialize: hr %#lx.\n", hr);

    /* Attached to a surface. */
    if ((ddraw = create_ddraw(window)))
    {
        surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 32, DDPF_RGB);
        if (surface)
        {
            hr = IDirectDrawSurface7_GetClipper(surface, &clipper2);
            ok(hr == DDERR_NOCLIPPERATTACHED, "GetClipper without one: hr %#lx.\n", hr);
            hr = IDirectDrawSurface7_SetClipper(surface, clipper);
            ok(hr == DD_OK, "SetClipper: hr %#lx.\n", hr);
            hr = IDirectDrawSurface7_GetClipper(surface, &clipper2);
            ok(hr == DD_OK && clipper2 == clipper, "GetClipper: hr %#lx.\n", hr);
            if (SUCCEEDED(hr))
                IDirectDrawClipper_Release(clipper2);
            hr = IDirectDrawSurface7_BltFast(surface, 0, 0, surface, NULL, 0);
            ok(hr == DDERR_BLTFASTCANTCLIP, "BltFast with a clipper: hr %#lx.\n", hr);
            hr = IDirectDrawSurface7_SetClipper(surface, NULL);
            ok(hr == DD_OK, "Detaching: hr %#lx.\n", hr);
            IDirectDrawSurface7_Release(surface);
        }
        hr = IDirectDraw7_CreateClipper(ddraw, 0, &clipper2, NULL);
        ok(hr == DD_OK, "IDirectDraw7::CreateClipper: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawClipper_Release(clipper2);
        IDirectDraw7_Release(ddraw);
    }
    ok(!IDirectDrawClipper_Release(clipper), "Clipper not freed.\n");
}

/* The vtables of IDirectDraw, surfaces and palettes lie in writable
 * memory, as Windows' do: programs patch them (Wine's ddraw1.c
 * test_vtbl_protection). */
static void check_writable_(int line, const void *vtbl, const char *what)
{
    MEMORY_BASIC_INFORMATION info;

    memset(&info, 0, sizeof(info));
    ok_(__FILE__, line)(VirtualQuery(vtbl, &info, sizeof(info)) == sizeof(info), "%s: VirtualQuery failed.\n", what);
    ok_(__FILE__, line)(info.Protect & (PAGE_READWRITE | PAGE_WRITECOPY), "%s: protection %#lx.\n", what, info.Protect);
}
#define check_writable(a, b) check_writable_(__LINE__, a, b)

static void test_vtbl_protection(HWND window)
{
    IDirectDrawSurface *surface1;
    IDirectDrawSurface4 *surface4;
    IDirectDrawSurface7 *surface;
    PALETTEENTRY entries[256];
    IDirectDrawPalette *palette;
    IDirectDraw *ddraw1;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw(window)))
    {
        skip("No DirectDraw.\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw, (void **)&ddraw1);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        check_writable(ddraw1->lpVtbl, "IDirectDraw");
        IDirectDraw_Release(ddraw1);
    }
    memset(entries, 0, sizeof(entries));
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        check_writable(palette->lpVtbl, "IDirectDrawPalette");
        IDirectDrawPalette_Release(palette);
    }
    if ((surface = create_surface(ddraw, DDSCAPS_OFFSCREENPLAIN, 32, DDPF_RGB)))
    {
        check_writable(surface->lpVtbl, "IDirectDrawSurface7");
        hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface4, (void **)&surface4);
        ok(hr == DD_OK, "QueryInterface(IDirectDrawSurface4): hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            check_writable(surface4->lpVtbl, "IDirectDrawSurface4");
            IDirectDrawSurface4_Release(surface4);
        }
        hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface, (void **)&surface1);
        ok(hr == DD_OK, "QueryInterface(IDirectDrawSurface): hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            check_writable(surface1->lpVtbl, "IDirectDrawSurface");
            IDirectDrawSurface_Release(surface1);
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

START_TEST(ddraw_objects)
{
    HWND window = CreateWindowA("static", "ddraw_objects", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
            0, 0, 320, 240, NULL, NULL, NULL, NULL);

    test_palette();
    test_clipper(window);
    test_vtbl_protection(window);
    DestroyWindow(window);
}

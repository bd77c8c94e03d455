/*
 * Regressions found by Wine's own DirectDraw tests (tools/conformance): each
 * function here is one crash or wrong answer that dlls/ddraw/tests/ddraw7.c
 * showed, written again as our own check so that it stays fixed whether or
 * not Wine's sources are at hand.  Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>
#include <d3d.h>

#include "test.h"

/* Undocumented; ddraw.dll exports it by name and programs import it so. */
HRESULT WINAPI GetSurfaceFromDC(HDC dc, IDirectDrawSurface **surface, HDC *device_dc);

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

static ULONG get_refcount(IUnknown *object)
{
    IUnknown_AddRef(object);
    return IUnknown_Release(object);
}

/* test_surface_qi: an out pointer that points nowhere is refused with
 * E_INVALIDARG before anything is written through it. */
static void test_create_surface_bad_out_pointer(void)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, (IDirectDrawSurface7 **)0xdeadbeef, NULL);
    ok(hr == E_INVALIDARG, "CreateSurface into 0xdeadbeef: hr %#lx.\n", hr);
    /* A read-only page is no better than an unmapped one. */
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, (IDirectDrawSurface7 **)(void *)&IID_IDirectDraw7, NULL);
    ok(hr == E_INVALIDARG, "CreateSurface into read-only memory: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(surface);
    IDirectDraw7_Release(ddraw);
}

/* test_surface_qi: IUnknown of a surface is its IDirectDrawSurface
 * interface, with that interface's own count, whichever version made it. */
static void test_surface_iunknown(void)
{
    IDirectDrawSurface7 *surface;
    IDirectDrawSurface *surface1;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    IUnknown *unknown;
    ULONG ref;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 16;
    desc.dwHeight = 16;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        IDirectDraw7_Release(ddraw);
        return;
    }
    hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IUnknown, (void **)&unknown);
    ok(hr == DD_OK, "QueryInterface(IUnknown): hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface, (void **)&surface1);
    ok(hr == DD_OK, "QueryInterface(IDirectDrawSurface): hr %#lx.\n", hr);
    ok(unknown == (IUnknown *)surface1, "IUnknown %p, IDirectDrawSurface %p.\n", (void *)unknown, (void *)surface1);
    IDirectDrawSurface_Release(surface1);
    ref = IUnknown_Release(unknown);
    ok(!ref, "IUnknown's count after its release: %lu.\n", ref);
    ref = IDirectDrawSurface7_Release(surface);
    ok(!ref, "Surface released to %lu.\n", ref);
    IDirectDraw7_Release(ddraw);
}

/* test_clipper_refcount: clipper methods tell live clippers from released
 * ones and from memory of the program's own; Release refuses a live one whose
 * vtable the program replaced; a surface whose clipper reference the program
 * released for it is released without a crash. */
static void test_clipper_validation(void)
{
    const IDirectDrawClipperVtbl *vtbl;
    IDirectDrawSurface7 *surface;
    IDirectDrawClipper *clipper;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    BOOL changed;
    ULONG ref;
    HRESULT hr;
    void *fake;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    hr = IDirectDraw7_CreateClipper(ddraw, 0, &clipper, NULL);
    ok(hr == DD_OK, "CreateClipper: hr %#lx.\n", hr);
    vtbl = clipper->lpVtbl;

    clipper->lpVtbl = (void *)0xdeadbeef;
    ref = vtbl->Release(clipper);
    ok(!ref, "Release through a replaced vtable: %lu.\n", ref);
    clipper->lpVtbl = vtbl;
    ref = get_refcount((IUnknown *)clipper);
    ok(ref == 1, "The refused Release changed the count to %lu.\n", ref);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 32;
    desc.dwHeight = 32;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetClipper(surface, clipper);
    ok(hr == DD_OK, "SetClipper: hr %#lx.\n", hr);
    /* The program releases the surface's reference as well as its own. */
    IDirectDrawClipper_Release(clipper);
    ref = IDirectDrawClipper_Release(clipper);
    ok(!ref, "Clipper released to %lu.\n", ref);
    ref = vtbl->Release(clipper);
    ok(!ref, "Release of a released clipper: %lu.\n", ref);
    ref = vtbl->AddRef(clipper);
    ok(!ref, "AddRef of a released clipper: %lu.\n", ref);
    ref = IDirectDrawSurface7_Release(surface);
    ok(!ref, "Surface released to %lu.\n", ref);

    /* Zeroed memory of the program's own with our vtable in it. */
    fake = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, 0x1000);
    *(const IDirectDrawClipperVtbl **)fake = vtbl;
    /* Wine 8.0 takes such memory for a clipper (a todo_wine in its own test). */
    ref = vtbl->AddRef(fake);
    ok(!ref || broken(ref == 1), "AddRef of a fake clipper: %lu.\n", ref);
    changed = 0x1234;
    hr = vtbl->IsClipListChanged(fake, &changed);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "IsClipListChanged of a fake clipper: hr %#lx.\n", hr);
    ok(changed == 0x1234 || broken(!changed), "IsClipListChanged wrote %#x.\n", changed);
    changed = 0x1234;
    hr = vtbl->IsClipListChanged((IDirectDrawClipper *)0xdeadbeef, &changed);
    ok(hr == DDERR_INVALIDPARAMS, "IsClipListChanged of 0xdeadbeef: hr %#lx.\n", hr);
    HeapFree(GetProcessHeap(), 0, fake);

    ref = IDirectDraw7_Release(ddraw);
    ok(!ref, "DirectDraw released to %lu.\n", ref);
}

/* test_primary_palette: the primary's palette says so in its caps, and one
 * the program released to nothing while set is gone from the surface
 * (GetPalette answers DDERR_NOPALETTEATTACHED instead of a freed pointer). */
static void test_primary_palette_released(void)
{
    IDirectDrawPalette *palette, *got;
    PALETTEENTRY entries[256];
    IDirectDrawSurface7 *primary;
    DDSURFACEDESC2 desc;
    DDBLTFX fx;
    IDirectDraw7 *ddraw;
    DWORD caps;
    ULONG ref;
    HRESULT hr;
    HWND window;

    window = CreateWindowA("static", "ddraw_conformance", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        skip("no DirectDraw object\n");
        DestroyWindow(window);
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    if (FAILED(IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 8, 0, 0)))
    {
        skip("no 8-bit mode\n");
        goto done;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(entries, 0, sizeof(entries));
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);

    hr = IDirectDrawSurface7_SetPalette(primary, palette);
    ok(hr == DD_OK, "SetPalette: hr %#lx.\n", hr);
    hr = IDirectDrawPalette_GetCaps(palette, &caps);
    ok(hr == DD_OK && caps == (DDPCAPS_8BIT | DDPCAPS_PRIMARYSURFACE | DDPCAPS_ALLOW256),
            "Caps on the primary: hr %#lx, %#lx.\n", hr, caps);
    hr = IDirectDrawSurface7_SetPalette(primary, NULL);
    ok(hr == DD_OK, "SetPalette(NULL): hr %#lx.\n", hr);
    hr = IDirectDrawPalette_GetCaps(palette, &caps);
    ok(hr == DD_OK && caps == (DDPCAPS_8BIT | DDPCAPS_ALLOW256), "Caps off the primary: hr %#lx, %#lx.\n", hr, caps);

    hr = IDirectDrawSurface7_SetPalette(primary, palette);
    ok(hr == DD_OK, "SetPalette: hr %#lx.\n", hr);
    IDirectDrawPalette_Release(palette);
    ref = IDirectDrawPalette_Release(palette);
    ok(!ref, "Palette released to %lu.\n", ref);
    got = (void *)0xdeadbeef;
    hr = IDirectDrawSurface7_GetPalette(primary, &got);
    ok(hr == DDERR_NOPALETTEATTACHED, "GetPalette after the palette went: hr %#lx.\n", hr);
    ok(!got || got == (void *)0xdeadbeef, "GetPalette gave %p.\n", (void *)got);
    /* Drawing to the primary must not reach for the freed palette either. */
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 1;
    hr = IDirectDrawSurface7_Blt(primary, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Fill of the primary: hr %#lx.\n", hr);
    ref = IDirectDrawSurface7_Release(primary);
    ok(!ref, "Primary released to %lu.\n", ref);
done:
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

/* test_palette_gdi: an 8-bit surface without a palette of its own draws
 * through GDI with the primary's palette (the system palette on Windows),
 * not with a grey ramp. */
static void test_dc_uses_primary_palette(void)
{
    IDirectDrawSurface7 *primary, *surface;
    PALETTEENTRY entries[256];
    IDirectDrawPalette *palette;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    RGBQUAD table[256];
    unsigned int count;
    HWND window;
    HRESULT hr;
    HDC dc;

    window = CreateWindowA("static", "ddraw_conformance", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        skip("no DirectDraw object\n");
        DestroyWindow(window);
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    if (FAILED(IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 8, 0, 0)))
    {
        skip("no 8-bit mode\n");
        goto done;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface(primary): hr %#lx.\n", hr);
    memset(entries, 0, sizeof(entries));
    entries[1].peRed = 0x01;
    entries[2].peGreen = 0x02;
    entries[3].peBlue = 0x03;
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetPalette(primary, palette);
    ok(hr == DD_OK, "SetPalette: hr %#lx.\n", hr);

    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.dwWidth = 16;
    desc.dwHeight = 16;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface(offscreen): hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        count = GetDIBColorTable(dc, 0, 256, table);
        ok(count == 256, "%u colour table entries.\n", count);
        ok(table[1].rgbRed == 0x01 && !table[1].rgbGreen && !table[1].rgbBlue, "Entry 1: %02x %02x %02x.\n",
                table[1].rgbRed, table[1].rgbGreen, table[1].rgbBlue);
        ok(!table[2].rgbRed && table[2].rgbGreen == 0x02 && !table[2].rgbBlue, "Entry 2: %02x %02x %02x.\n",
                table[2].rgbRed, table[2].rgbGreen, table[2].rgbBlue);
        ok(!table[200].rgbRed && !table[200].rgbGreen && !table[200].rgbBlue, "Entry 200: %02x %02x %02x.\n",
                table[200].rgbRed, table[200].rgbGreen, table[200].rgbBlue);
        IDirectDrawSurface7_ReleaseDC(surface, dc);
    }
    IDirectDrawSurface7_Release(surface);
    IDirectDrawPalette_Release(palette);
    IDirectDrawSurface7_Release(primary);
done:
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

/* Wine's tests run one after another in a process: exclusive mode is tied
 * to the window it was set on, so an object a test leaked after destroying
 * its window must not keep the next one out (DDERR_EXCLUSIVEMODEALREADYSET
 * in test_ck_complex, test_gdi_surface and others when run in a row). */
static void test_exclusive_mode_ends_with_window(void)
{
    IDirectDraw7 *first, *second;
    HWND window1, window2;
    HRESULT hr;

    window1 = CreateWindowA("static", "ddraw_conformance 1", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    window2 = CreateWindowA("static", "ddraw_conformance 2", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&first, &IID_IDirectDraw7, NULL))
            || FAILED(DirectDrawCreateEx(NULL, (void **)&second, &IID_IDirectDraw7, NULL)))
    {
        skip("no DirectDraw objects\n");
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(first, window1, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "First object's exclusive mode: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(second, window2, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    /* Wine 8.0 lets the second object have it (documentation/ddraw.md). */
    ok(hr == DDERR_EXCLUSIVEMODEALREADYSET || broken(hr == DD_OK),
            "Second object while the first holds it: hr %#lx.\n", hr);
    DestroyWindow(window1);
    hr = IDirectDraw7_SetCooperativeLevel(second, window2, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Second object after the first's window went: hr %#lx.\n", hr);
    IDirectDraw7_Release(second);
    IDirectDraw7_Release(first);
    DestroyWindow(window2);
}

/* test_surface_desc_size: a system-memory texture locks whatever dwSize the
 * description says, filling what fits and leaving dwSize alone; other
 * surfaces still want one of the two real sizes. */
static void test_lock_any_desc_size(void)
{
    static const DWORD sizes[] = {0, sizeof(DDSURFACEDESC) + 1, sizeof(DDSURFACEDESC2) + 1};
    IDirectDrawSurface7 *texture, *plain;
    struct
    {
        DDSURFACEDESC2 desc;
        BYTE guard[sizeof(DDSURFACEDESC2)];
    } lock;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.dwWidth = 32;
    desc.dwHeight = 16;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &texture, NULL);
    ok(hr == DD_OK, "CreateSurface(texture): hr %#lx.\n", hr);
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &plain, NULL);
    ok(hr == DD_OK, "CreateSurface(plain): hr %#lx.\n", hr);
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); ++i)
    {
        memset(&lock, 0, sizeof(lock));
        lock.desc.dwSize = sizes[i];
        lock.desc.dwTextureStage = 0xdeadbeef;
        hr = IDirectDrawSurface7_Lock(texture, NULL, &lock.desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock of the texture with size %lu: hr %#lx.\n", sizes[i], hr);
        ok(lock.desc.dwSize == sizes[i], "dwSize %lu became %lu.\n", sizes[i], lock.desc.dwSize);
        ok(lock.desc.dwWidth == 32 && lock.desc.dwHeight == 16, "Size %lu: %lux%lu.\n",
                sizes[i], lock.desc.dwWidth, lock.desc.dwHeight);
        if (sizes[i] < sizeof(DDSURFACEDESC2))
            ok(lock.desc.dwTextureStage == 0xdeadbeef, "Size %lu: a DDSURFACEDESC2 was written.\n", sizes[i]);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Unlock(texture, NULL);

        memset(&lock, 0, sizeof(lock));
        lock.desc.dwSize = sizes[i];
        hr = IDirectDrawSurface7_Lock(plain, NULL, &lock.desc, DDLOCK_WAIT, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Lock of a plain surface with size %lu: hr %#lx.\n", sizes[i], hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Unlock(plain, NULL);
    }
    IDirectDrawSurface7_Release(plain);
    IDirectDrawSurface7_Release(texture);
    IDirectDraw7_Release(ddraw);
}

/* test_getdc: the DIB behind an X8R8G8B8 surface's DC is described as
 * BI_RGB (its own 32-bit layout), a R5G6B5 one's as BI_BITFIELDS. */
static void test_getdc_dib_compression(void)
{
    static const struct
    {
        DWORD r, g, b, bits, compression;
    }
    formats[] =
    {
        {0x00ff0000, 0x0000ff00, 0x000000ff, 32, BI_RGB},
        {0xf800, 0x07e0, 0x001f, 16, BI_BITFIELDS},
    };
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DIBSECTION dib;
    unsigned int i;
    HBITMAP bitmap;
    HRESULT hr;
    HDC dc;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
        desc.dwWidth = 64;
        desc.dwHeight = 64;
        desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY;
        desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
        desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
        desc.ddpfPixelFormat.dwRGBBitCount = formats[i].bits;
        desc.ddpfPixelFormat.dwRBitMask = formats[i].r;
        desc.ddpfPixelFormat.dwGBitMask = formats[i].g;
        desc.ddpfPixelFormat.dwBBitMask = formats[i].b;
        hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
        ok(hr == DD_OK, "CreateSurface(%lu bits): hr %#lx.\n", formats[i].bits, hr);
        if (FAILED(hr))
            continue;
        hr = IDirectDrawSurface7_GetDC(surface, &dc);
        ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            bitmap = GetCurrentObject(dc, OBJ_BITMAP);
            memset(&dib, 0, sizeof(dib));
            ok(GetObjectA(bitmap, sizeof(dib), &dib) == sizeof(dib), "No DIB section behind the DC.\n");
            ok(dib.dsBmih.biCompression == formats[i].compression, "%lu bits: compression %lu.\n",
                    formats[i].bits, dib.dsBmih.biCompression);
            IDirectDrawSurface7_ReleaseDC(surface, dc);
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_caps: the device's surface caps never name DDSCAPS_ALPHA,
 * DDSCAPS_SYSTEMMEMORY or DDSCAPS_VISIBLE, and always the basic kinds. */
static void test_caps_never_and_always(void)
{
    static const DWORD never = DDSCAPS_ALPHA | DDSCAPS_SYSTEMMEMORY | DDSCAPS_VISIBLE | DDSCAPS_WRITEONLY;
    static const DWORD always = DDSCAPS_FLIP | DDSCAPS_OFFSCREENPLAIN | DDSCAPS_PRIMARYSURFACE
            | DDSCAPS_TEXTURE | DDSCAPS_ZBUFFER | DDSCAPS_MIPMAP;
    DDCAPS hal, hel;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&hal, 0, sizeof(hal));
    memset(&hel, 0, sizeof(hel));
    hal.dwSize = hel.dwSize = sizeof(hal);
    hr = IDirectDraw7_GetCaps(ddraw, &hal, &hel);
    ok(hr == DD_OK, "GetCaps: hr %#lx.\n", hr);
    ok(!(hal.ddsCaps.dwCaps & never), "HAL surface caps %#lx.\n", hal.ddsCaps.dwCaps);
    ok((hal.ddsCaps.dwCaps & always) == always, "HAL surface caps %#lx.\n", hal.ddsCaps.dwCaps);
    ok(hal.ddsOldCaps.dwCaps == hal.ddsCaps.dwCaps, "Old caps %#lx.\n", hal.ddsOldCaps.dwCaps);
    IDirectDraw7_Release(ddraw);
}

/* test_get_surface_from_dc: the export answers for a DC that GetDC of any
 * surface handed out, and its arguments are checked before anything is
 * written. */
static void test_get_surface_from_dc_export(void)
{
    IDirectDrawSurface *found, *surface1;
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HDC dc, device_dc;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface, (void **)&surface1);
    ok(hr == DD_OK, "QueryInterface: hr %#lx.\n", hr);

    found = (void *)0xdeadbeef;
    device_dc = (void *)0xdeadbeef;
    hr = GetSurfaceFromDC(NULL, &found, &device_dc);
    ok(hr == DDERR_NOTFOUND, "No DC: hr %#lx.\n", hr);
    ok(!found && !device_dc, "No DC: %p, %p.\n", (void *)found, (void *)device_dc);

    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    device_dc = (void *)0xdeadbeef;
    hr = GetSurfaceFromDC(dc, NULL, &device_dc);
    ok(hr == E_INVALIDARG, "No surface pointer: hr %#lx.\n", hr);
    ok(device_dc == (void *)0xdeadbeef, "device_dc written without a surface pointer.\n");
    found = (void *)0xdeadbeef;
    hr = GetSurfaceFromDC(dc, &found, NULL);
    ok(hr == E_INVALIDARG, "No device DC pointer: hr %#lx.\n", hr);
    ok(!found, "Got %p without a device DC pointer.\n", (void *)found);
    hr = GetSurfaceFromDC(dc, &found, &device_dc);
    ok(hr == DD_OK, "GetSurfaceFromDC: hr %#lx.\n", hr);
    ok(found == surface1, "Got %p, expected %p.\n", (void *)found, (void *)surface1);
    if (SUCCEEDED(hr))
        IDirectDrawSurface_Release(found);
    hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
    ok(hr == DD_OK, "ReleaseDC: hr %#lx.\n", hr);
    hr = GetSurfaceFromDC(dc, &found, &device_dc);
    ok(hr == DDERR_NOTFOUND, "After ReleaseDC: hr %#lx.\n", hr);

    IDirectDrawSurface_Release(surface1);
    IDirectDrawSurface7_Release(surface);
    IDirectDraw7_Release(ddraw);
}

/* test_block_formats_creation: a DXT surface, texture or not, is made of
 * whole 4x4 blocks; Windows refuses other sizes with DDERR_INVALIDPARAMS. */
static void test_dxt_block_sizes(void)
{
    static const DWORD caps[] = {DDSCAPS_TEXTURE | DDSCAPS_VIDEOMEMORY, DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY};
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i, size;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    for (i = 0; i < sizeof(caps) / sizeof(caps[0]); ++i)
    {
        for (size = 1; size <= 8; ++size)
        {
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
            desc.ddsCaps.dwCaps = caps[i];
            desc.dwWidth = size;
            desc.dwHeight = 4;
            desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
            desc.ddpfPixelFormat.dwFlags = DDPF_FOURCC;
            desc.ddpfPixelFormat.dwFourCC = MAKEFOURCC('D','X','T','1');
            hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
            if (size % 4)
                ok(hr == DDERR_INVALIDPARAMS, "%ux4 DXT1, caps %#lx: hr %#lx.\n", size, caps[i], hr);
            else
                ok(hr == DD_OK, "%ux4 DXT1, caps %#lx: hr %#lx.\n", size, caps[i], hr);
            if (SUCCEEDED(hr))
                IDirectDrawSurface7_Release(surface);
        }
    }
    IDirectDraw7_Release(ddraw);
}

static IDirectDrawSurface7 *create_texture(IDirectDraw7 *ddraw, DWORD caps, unsigned int w, unsigned int h,
        DWORD fourcc, DWORD bits, DWORD r, DWORD g, DWORD b, DWORD a)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    if (fourcc)
    {
        desc.ddpfPixelFormat.dwFlags = DDPF_FOURCC;
        desc.ddpfPixelFormat.dwFourCC = fourcc;
    }
    else
    {
        desc.ddpfPixelFormat.dwFlags = DDPF_RGB | (a ? DDPF_ALPHAPIXELS : 0);
        desc.ddpfPixelFormat.dwRGBBitCount = bits;
        desc.ddpfPixelFormat.dwRBitMask = r;
        desc.ddpfPixelFormat.dwGBitMask = g;
        desc.ddpfPixelFormat.dwBBitMask = b;
        desc.ddpfPixelFormat.dwRGBAlphaBitMask = a;
    }
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)))
        return NULL;
    return surface;
}

/* test_surface_format_conversion_alpha, test_compressed_surface_stretch:
 * Blt into and out of DXT surfaces converts (it answered E_FAIL), with
 * rectangles that need not lie on the 4x4 blocks; a colour fill of a DXT
 * surface is refused. */
static void test_dxt_blits(void)
{
    static const DWORD rgba[16] =
    {
        0xff00ff00, 0xff0000ff, 0xff0000ff, 0xff0000ff,
        0xff0000ff, 0xff00ff00, 0xff0000ff, 0xff0000ff,
        0xff00ff00, 0xff0000ff, 0xff00ff00, 0xff0000ff,
        0xff00ff00, 0xff0000ff, 0xff0000ff, 0xff00ff00,
    };
    /* Green and blue, four-colour mode, one index per texel. */
    static const DWORD dxt1[2] = {0x001f07e0, 0x14445154};
    static const DWORD caps[] = {DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY, DDSCAPS_TEXTURE | DDSCAPS_VIDEOMEMORY};
    IDirectDrawSurface7 *argb, *xrgb, *dxt, *dxt3, *rgb16;
    RECT part = {2, 2, 4, 4};
    DDSURFACEDESC2 lock;
    IDirectDraw7 *ddraw;
    unsigned int i, x, y;
    DDBLTFX fx;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    for (i = 0; i < sizeof(caps) / sizeof(caps[0]); ++i)
    {
        argb = create_texture(ddraw, DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY, 4, 4, 0, 32,
                0xff0000, 0xff00, 0xff, 0xff000000);
        xrgb = create_texture(ddraw, DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY, 4, 4, 0, 32, 0xff0000, 0xff00, 0xff, 0);
        rgb16 = create_texture(ddraw, DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY, 4, 4, 0, 16,
                0x7c00, 0x3e0, 0x1f, 0x8000);
        dxt = create_texture(ddraw, caps[i], 4, 4, MAKEFOURCC('D','X','T','1'), 0, 0, 0, 0, 0);
        dxt3 = create_texture(ddraw, caps[i], 4, 4, MAKEFOURCC('D','X','T','3'), 0, 0, 0, 0, 0);
        ok(argb && xrgb && rgb16 && dxt && dxt3, "caps %#lx: surfaces not created.\n", caps[i]);
        if (!argb || !xrgb || !rgb16 || !dxt || !dxt3)
            break;

        memset(&lock, 0, sizeof(lock));
        lock.dwSize = sizeof(lock);
        hr = IDirectDrawSurface7_Lock(argb, NULL, &lock, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        for (y = 0; y < 4; ++y)
            memcpy((BYTE *)lock.lpSurface + y * lock.lPitch, rgba + y * 4, 16);
        IDirectDrawSurface7_Unlock(argb, NULL);

        hr = IDirectDrawSurface7_Blt(dxt, NULL, argb, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "caps %#lx: A8R8G8B8 -> DXT1: hr %#lx.\n", caps[i], hr);
        hr = IDirectDrawSurface7_Lock(dxt, NULL, &lock, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ok(!memcmp(lock.lpSurface, dxt1, sizeof(dxt1)), "caps %#lx: got block %08lx %08lx.\n", caps[i],
                    ((DWORD *)lock.lpSurface)[0], ((DWORD *)lock.lpSurface)[1]);
            IDirectDrawSurface7_Unlock(dxt, NULL);
        }

        /* Decoded into X8R8G8B8, the unused byte holds the (opaque) alpha. */
        hr = IDirectDrawSurface7_Blt(xrgb, NULL, dxt, NULL, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "caps %#lx: DXT1 -> X8R8G8B8: hr %#lx.\n", caps[i], hr);
        hr = IDirectDrawSurface7_Lock(xrgb, NULL, &lock, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            for (y = 0; y < 4; ++y)
                ok(!memcmp((BYTE *)lock.lpSurface + y * lock.lPitch, rgba + y * 4, 16),
                        "caps %#lx: row %u: got %08lx.\n", caps[i], y, *(DWORD *)((BYTE *)lock.lpSurface + y * lock.lPitch));
            IDirectDrawSurface7_Unlock(xrgb, NULL);
        }

        /* A rectangle inside one block, both ways. */
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = 0x801f;
        hr = IDirectDrawSurface7_Blt(rgb16, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(dxt3, &part, rgb16, &part, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "caps %#lx: A1R5G5B5 -> DXT3, part of a block: hr %#lx.\n", caps[i], hr);
        fx.dwFillColor = 0xffff;
        hr = IDirectDrawSurface7_Blt(rgb16, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(rgb16, &part, dxt3, &part, DDBLT_WAIT, NULL);
        ok(hr == DD_OK, "caps %#lx: DXT3 -> A1R5G5B5, part of a block: hr %#lx.\n", caps[i], hr);
        hr = IDirectDrawSurface7_Lock(rgb16, NULL, &lock, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            for (y = 0; y < 4; ++y)
                for (x = 0; x < 4; ++x)
                {
                    WORD v = ((WORD *)((BYTE *)lock.lpSurface + y * lock.lPitch))[x];
                    WORD expect = x >= 2 && y >= 2 ? 0x801f : 0xffff;
                    ok(v == expect, "caps %#lx: (%u,%u): got %#x, expected %#x.\n", caps[i], x, y, v, expect);
                }
            IDirectDrawSurface7_Unlock(rgb16, NULL);
        }

        fx.dwFillColor = 0;
        hr = IDirectDrawSurface7_Blt(dxt, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(FAILED(hr), "caps %#lx: a colour fill of DXT1 succeeded.\n", caps[i]);

        IDirectDrawSurface7_Release(dxt3);
        IDirectDrawSurface7_Release(dxt);
        IDirectDrawSurface7_Release(rgb16);
        IDirectDrawSurface7_Release(xrgb);
        IDirectDrawSurface7_Release(argb);
    }
    IDirectDraw7_Release(ddraw);
}

/* ddraw2.c's test_clipper_refcount, test_coop_level_mode_set,
 * test_lost_device and test_gdi_surface crashed: IDirectDraw2::CreateSurface
 * counted its reference on IDirectDrawSurface2 but handed out
 * IDirectDrawSurface, so the Release that ends it found no reference, the
 * surface (and the clipper it held) stayed and a second primary was refused
 * with DDERR_PRIMARYSURFACEALREADYEXISTS. */
static void test_ddraw2_surface_release(void)
{
    IDirectDrawClipper *clipper;
    IDirectDrawSurface *surface;
    DDSURFACEDESC desc;
    IDirectDraw7 *ddraw7;
    IDirectDraw2 *ddraw;
    unsigned int i;
    ULONG refcount;
    HRESULT hr;

    if (!(ddraw7 = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw2, (void **)&ddraw);
    IDirectDraw7_Release(ddraw7);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw2): hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IDirectDraw2_CreateClipper(ddraw, 0, &clipper, NULL);
    ok(hr == DD_OK, "CreateClipper: hr %#lx.\n", hr);
    for (i = 0; i < 2; ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS;
        desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
        hr = IDirectDraw2_CreateSurface(ddraw, &desc, &surface, NULL);
        ok(hr == DD_OK, "Primary %u: hr %#lx.\n", i, hr);
        if (FAILED(hr))
            break;
        ok(get_refcount((IUnknown *)surface) == 1, "Primary %u: refcount %lu.\n", i,
                get_refcount((IUnknown *)surface));
        hr = IDirectDrawSurface_SetClipper(surface, clipper);
        ok(hr == DD_OK, "SetClipper: hr %#lx.\n", hr);
        ok(get_refcount((IUnknown *)clipper) == 2, "Clipper held: refcount %lu.\n",
                get_refcount((IUnknown *)clipper));
        refcount = IDirectDrawSurface_Release(surface);
        ok(!refcount, "Primary %u: %lu references left.\n", i, refcount);
        ok(get_refcount((IUnknown *)clipper) == 1, "Clipper after the surface: refcount %lu.\n",
                get_refcount((IUnknown *)clipper));
    }
    IDirectDrawClipper_Release(clipper);
    IDirectDraw2_Release(ddraw);
}

/* test_depth_readback read only zeros: a z-buffer attached to the device's
 * target after the device was made was not used (Windows takes it at once,
 * without SetRenderTarget), and a z-buffer described with the depth in the
 * low 24 bits (z mask 0x00ffffff, as Windows drivers describe theirs) was
 * read back with the depth in the high bits. */
static void test_zbuffer_attach_and_readback(void)
{
    static const struct
    {
        float x, y, z, rhw;
        DWORD color;
    }
    quad[] =
    {
        {0.0f, 0.0f, 0.25f, 1.0f, 0xff00ff00},
        {64.0f, 0.0f, 0.25f, 1.0f, 0xff00ff00},
        {0.0f, 64.0f, 0.25f, 1.0f, 0xff00ff00},
        {64.0f, 64.0f, 0.25f, 1.0f, 0xff00ff00},
    };
    IDirectDrawSurface7 *rt, *z;
    IDirect3DDevice7 *device;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    RECT r = {10, 10, 11, 11};
    IDirect3D7 *d3d;
    DWORD raw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &rt, NULL);
    ok(hr == DD_OK, "CreateSurface(target): hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
    ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        IDirectDrawSurface7_Release(rt);
        IDirectDraw7_Release(ddraw);
        return;
    }
    hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, rt, &device);
    ok(hr == DD_OK, "CreateDevice: hr %#lx.\n", hr);
    IDirect3D7_Release(d3d);
    if (FAILED(hr))
    {
        IDirectDrawSurface7_Release(rt);
        IDirectDraw7_Release(ddraw);
        return;
    }

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    desc.ddpfPixelFormat.dwZBufferBitDepth = 32;
    desc.ddpfPixelFormat.dwZBitMask = 0x00ffffff;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &z, NULL);
    ok(hr == DD_OK, "CreateSurface(z-buffer): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(z, &desc);
        ok(hr == DD_OK && desc.ddpfPixelFormat.dwZBitMask == 0x00ffffff, "z mask %#lx, hr %#lx.\n",
                desc.ddpfPixelFormat.dwZBitMask, hr);

        /* No SetRenderTarget: the attachment alone gives the device its z-buffer. */
        hr = IDirectDrawSurface7_AddAttachedSurface(rt, z);
        ok(hr == DD_OK, "AddAttachedSurface: hr %#lx.\n", hr);
        hr = IDirect3DDevice7_Clear(device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff0000ff, 0.5f, 0);
        ok(hr == DD_OK, "Clear: hr %#lx.\n", hr);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(z, &r, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            raw = *(DWORD *)desc.lpSurface & 0x00ffffff;
            ok(raw >= 0x7ffffe && raw <= 0x800001, "Cleared to 0.5: got %#lx.\n", raw);
            IDirectDrawSurface7_Unlock(z, &r);
        }

        IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_ZWRITEENABLE, TRUE);
        IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_LIGHTING, FALSE);
        hr = IDirect3DDevice7_BeginScene(device);
        ok(hr == DD_OK, "BeginScene: hr %#lx.\n", hr);
        hr = IDirect3DDevice7_DrawPrimitive(device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
                (void *)quad, 4, 0);
        ok(hr == DD_OK, "DrawPrimitive: hr %#lx.\n", hr);
        IDirect3DDevice7_EndScene(device);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(z, &r, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            raw = *(DWORD *)desc.lpSurface & 0x00ffffff;
            ok(raw >= 0x3ffffe && raw <= 0x400001, "Drawn at 0.25: got %#lx.\n", raw);
            IDirectDrawSurface7_Unlock(z, &r);
        }

        /* Detached, the device lets go of it too. */
        hr = IDirectDrawSurface7_DeleteAttachedSurface(rt, 0, z);
        ok(hr == DD_OK, "DeleteAttachedSurface: hr %#lx.\n", hr);
        ok(get_refcount((IUnknown *)z) == 1, "z-buffer refcount %lu after detaching.\n",
                get_refcount((IUnknown *)z));
        IDirectDrawSurface7_Release(z);
    }
    IDirect3DDevice7_Release(device);
    IDirectDrawSurface7_Release(rt);
    IDirectDraw7_Release(ddraw);
}

/* test_lockrect_invalid and dsurface.c's no_ddsd_caps_test: an empty
 * rectangle inside the surface locks, a turned-round one fails and leaves
 * no pointer in the description; only a managed texture may be write-only;
 * the caps are read without DDSD_CAPS (a primary made so crashed the test
 * when CreateSurface refused it). */
static void test_lock_rects_and_caps(void)
{
    static RECT empty[] = {{60, 60, 60, 68}, {60, 60, 68, 60}, {128, 0, 128, 8}};
    static RECT bad[] = {{68, 60, 60, 68}, {60, 68, 68, 60}, {60, 60, 136, 68}};
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc, lock;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY;
    desc.dwWidth = 128;
    desc.dwHeight = 128;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        BYTE *base = NULL;

        memset(&lock, 0, sizeof(lock));
        lock.dwSize = sizeof(lock);
        if (SUCCEEDED(IDirectDrawSurface7_Lock(surface, NULL, &lock, DDLOCK_WAIT, NULL)))
        {
            base = lock.lpSurface;
            IDirectDrawSurface7_Unlock(surface, NULL);
        }
        for (i = 0; i < sizeof(empty) / sizeof(empty[0]); ++i)
        {
            memset(&lock, 0, sizeof(lock));
            lock.dwSize = sizeof(lock);
            hr = IDirectDrawSurface7_Lock(surface, &empty[i], &lock, DDLOCK_WAIT, NULL);
            ok(hr == DD_OK, "Empty rect %u: hr %#lx.\n", i, hr);
            if (FAILED(hr))
                continue;
            if (base)
                ok((BYTE *)lock.lpSurface == base + empty[i].top * lock.lPitch + empty[i].left * 4,
                        "Empty rect %u: pointer %p, base %p, pitch %ld.\n", i, lock.lpSurface, base, lock.lPitch);
            hr = IDirectDrawSurface7_Unlock(surface, NULL);
            ok(hr == DD_OK, "Unlock: hr %#lx.\n", hr);
        }
        for (i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i)
        {
            memset(&lock, 1, sizeof(lock));
            lock.dwSize = sizeof(lock);
            hr = IDirectDrawSurface7_Lock(surface, &bad[i], &lock, DDLOCK_WAIT, NULL);
            ok(hr == DDERR_INVALIDPARAMS, "Bad rect %u: hr %#lx.\n", i, hr);
            ok(!lock.lpSurface, "Bad rect %u: lpSurface %p.\n", i, lock.lpSurface);
        }
        IDirectDrawSurface7_Release(surface);
    }

    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY | DDSCAPS_WRITEONLY;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Write-only offscreen surface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(surface);

    /* No DDSD_CAPS, and still a primary. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Primary without DDSD_CAPS: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK && (desc.dwFlags & DDSD_CAPS) && (desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE),
                "flags %#lx, caps %#lx.\n", desc.dwFlags, desc.ddsCaps.dwCaps);
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* d3d.c's BackBuffer3DAttachmentTest: the older interfaces attach a back
 * buffer to a surface of the same size only. */
static void test_attach_size(void)
{
    IDirectDrawSurface *surface[3];
    DDSURFACEDESC desc;
    IDirectDraw7 *ddraw7;
    IDirectDraw *ddraw;
    unsigned int i;
    HRESULT hr;

    if (!(ddraw7 = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw, (void **)&ddraw);
    IDirectDraw7_Release(ddraw7);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw): hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    for (i = 0; i < 3; ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
        desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE;
        desc.dwWidth = desc.dwHeight = i == 2 ? 32 : 64;
        hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface[i], NULL);
        ok(hr == DD_OK, "CreateSurface %u: hr %#lx.\n", i, hr);
        if (FAILED(hr))
        {
            while (i--)
                IDirectDrawSurface_Release(surface[i]);
            IDirectDraw_Release(ddraw);
            return;
        }
    }
    hr = IDirectDrawSurface_AddAttachedSurface(surface[0], surface[2]);
    ok(hr == DDERR_CANNOTATTACHSURFACE, "Other size: hr %#lx.\n", hr);
    hr = IDirectDrawSurface_AddAttachedSurface(surface[2], surface[0]);
    ok(hr == DDERR_CANNOTATTACHSURFACE, "Other size, reversed: hr %#lx.\n", hr);
    hr = IDirectDrawSurface_AddAttachedSurface(surface[0], surface[1]);
    ok(hr == DD_OK, "Same size: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawSurface_DeleteAttachedSurface(surface[0], 0, surface[1]);
        ok(hr == DD_OK, "DeleteAttachedSurface: hr %#lx.\n", hr);
    }
    for (i = 0; i < 3; ++i)
        IDirectDrawSurface_Release(surface[i]);
    IDirectDraw_Release(ddraw);
}

/* ddraw1/2/4.c test_surface_attachment: the older interfaces attach the
 * primary to an offscreen plain surface of its size, and detaching it from
 * the wrong end is DDERR_CANNOTDETACHSURFACE. */
static void test_attach_primary_to_offscreen(void)
{
    IDirectDrawSurface *primary, *plain;
    DDSURFACEDESC desc;
    IDirectDraw7 *ddraw7;
    IDirectDraw *ddraw;
    HWND window;
    HRESULT hr;

    if (!(ddraw7 = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw, (void **)&ddraw);
    IDirectDraw7_Release(ddraw7);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw): hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    window = CreateWindowA("static", "attach", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    hr = IDirectDraw_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface (primary): hr %#lx.\n", hr);
    hr = IDirectDrawSurface_GetSurfaceDesc(primary, &desc);
    ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &plain, NULL);
    ok(hr == DD_OK, "CreateSurface (offscreen plain): hr %#lx.\n", hr);

    hr = IDirectDrawSurface_AddAttachedSurface(plain, primary);
    ok(hr == DD_OK, "Attaching the primary to an offscreen plain surface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface_DeleteAttachedSurface(primary, 0, plain);
    ok(hr == DDERR_CANNOTDETACHSURFACE, "Detaching from the wrong end: hr %#lx.\n", hr);
    hr = IDirectDrawSurface_DeleteAttachedSurface(plain, 0, primary);
    ok(hr == DD_OK, "Detaching: hr %#lx.\n", hr);

    IDirectDrawSurface_Release(plain);
    IDirectDrawSurface_Release(primary);
    IDirectDraw_Release(ddraw);
    DestroyWindow(window);
}

/* Wine's ddraw1.c test_primary_caps: IDirectDraw (version 1) takes
 * DDSCAPS_FRONTBUFFER on a lone primary and keeps it in the caps, and refuses
 * a primary that says it is a back buffer; version 2 refuses both. */
static void test_primary_frontbuffer_caps(void)
{
    IDirectDrawSurface *surface;
    IDirectDraw2 *ddraw2;
    IDirectDraw7 *ddraw7;
    IDirectDraw *ddraw;
    DDSURFACEDESC desc;
    HWND window;
    HRESULT hr;

    if (!(ddraw7 = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw, (void **)&ddraw);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw): hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw2, (void **)&ddraw2);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw2): hr %#lx.\n", hr);
    IDirectDraw7_Release(ddraw7);
    window = CreateWindowA("static", "frontbuffer", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    hr = IDirectDraw_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FRONTBUFFER;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "IDirectDraw, primary front buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK && (desc.ddsCaps.dwCaps & DDSCAPS_FRONTBUFFER),
                "The caps keep DDSCAPS_FRONTBUFFER: hr %#lx, caps %#lx.\n", hr, desc.ddsCaps.dwCaps);
        IDirectDrawSurface_Release(surface);
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_BACKBUFFER;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "IDirectDraw, primary back buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface_Release(surface);
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FRONTBUFFER;
    hr = IDirectDraw2_CreateSurface(ddraw2, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "IDirectDraw2, primary front buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface_Release(surface);

    IDirectDraw2_Release(ddraw2);
    IDirectDraw_Release(ddraw);
    DestroyWindow(window);
}

static DWORD pixel32(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD v;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL)))
        return 0xdeadbeef;
    v = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4);
    IDirectDrawSurface7_Unlock(surface, NULL);
    return v;
}

/* test_blt_z_alpha and test_color_fill: alpha and z-buffer blit flags make
 * a plain copy; a fill takes no source surface and no raster operation;
 * both fills at once are a colour fill. */
/* A flip chain's back buffer has a reference of its own, the structure's:
 * after GetAttachedSurface and Release it is still at 1, and it goes with
 * the front buffer (Wine's test_primary_palette). */
static void test_back_buffer_reference(void)
{
    DDSCAPS2 caps = {DDSCAPS_BACKBUFFER, 0, 0, {0}};
    IDirectDrawSurface7 *primary, *back;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HWND window;
    ULONG ref;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    window = CreateWindowA("static", "backbuffer", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_COMPLEX | DDSCAPS_FLIP;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
        ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ref = IDirectDrawSurface7_AddRef(back);
            ok(ref == 3, "The back buffer's count after GetAttachedSurface and AddRef: %lu.\n", ref);
            IDirectDrawSurface7_Release(back);
            ref = IDirectDrawSurface7_Release(back);
            ok(ref == 1, "The back buffer's count after its Release: %lu.\n", ref);
        }
        ref = IDirectDrawSurface7_Release(primary);
        ok(!ref, "The front buffer's count after its Release: %lu.\n", ref);
    }
    ref = IDirectDraw7_Release(ddraw);
    ok(!ref, "The object's count: %lu (the chain keeps it).\n", ref);
    DestroyWindow(window);
}

static void test_blt_flag_rules(void)
{
    IDirectDrawSurface7 *src, *dst;
    IDirectDraw7 *ddraw;
    DDBLTFX fx;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    src = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    dst = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    ok(src && dst, "Surfaces not created.\n");
    if (src && dst)
    {
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = 0x0000ff00;
        hr = IDirectDrawSurface7_Blt(src, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
        fx.dwFillColor = 0x00ff0000;
        hr = IDirectDrawSurface7_Blt(dst, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_DEPTHFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Colour and depth fill: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DDERR_INVALIDPARAMS, "Fill with a source: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Blt(dst, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_ROP | DDBLT_WAIT, &fx);
        ok(hr == DDERR_INVALIDPARAMS, "Fill with a raster operation: hr %#lx.\n", hr);
        ok((pixel32(dst, 4, 4) & 0xffffff) == 0xff0000, "Before the copy: %08lx.\n", pixel32(dst, 4, 4));
        hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_ALPHASRC | DDBLT_ZBUFFER | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Alpha and z-buffer flags: hr %#lx.\n", hr);
        ok((pixel32(dst, 4, 4) & 0xffffff) == 0x00ff00, "After the copy: %08lx.\n", pixel32(dst, 4, 4));
    }
    if (dst) IDirectDrawSurface7_Release(dst);
    if (src) IDirectDrawSurface7_Release(src);
    IDirectDraw7_Release(ddraw);
}

static HRESULT WINAPI count_surfaces_cb(IDirectDrawSurface7 *surface, DDSURFACEDESC2 *desc, void *context)
{
    unsigned int *count = context;

    if (surface)
        IDirectDrawSurface7_Release(surface);
    else
        ok(desc->dwFlags & DDSD_PITCH, "Got flags %#lx for a surface that can be created.\n", desc->dwFlags);
    *count += surface ? 1 : 0x100;
    return DDENUMRET_OK;
}

/* test_enum_surfaces: EnumSurfaces hands over every surface, the levels a
 * mipmap made included, and CANBECREATED|MATCH hands over the description
 * of a surface that could be made, without a surface. */
static void test_enum_surfaces_levels(void)
{
    IDirectDrawSurface7 *texture;
    DDSURFACEDESC2 desc;
    unsigned int count;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_MIPMAPCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX | DDSCAPS_MIPMAP;
    desc.dwMipMapCount = 3;
    desc.dwWidth = 32;
    desc.dwHeight = 32;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &texture, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        count = 0;
        hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_DOESEXIST | DDENUMSURFACES_ALL, NULL, &count, count_surfaces_cb);
        ok(hr == DD_OK && count == 3, "All: hr %#lx, %u surfaces.\n", hr, count);
        desc.dwFlags = DDSD_WIDTH | DDSD_HEIGHT;
        count = 0;
        hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_DOESEXIST | DDENUMSURFACES_NOMATCH, &desc, &count, count_surfaces_cb);
        ok(hr == DD_OK && count == 2, "No match: hr %#lx, %u surfaces.\n", hr, count);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
        desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
        count = 0;
        hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_CANBECREATED | DDENUMSURFACES_DOESEXIST | DDENUMSURFACES_MATCH,
                &desc, &count, count_surfaces_cb);
        ok(hr == DD_OK && count == 0x100, "Can be created: hr %#lx, count %#x.\n", hr, count);
        hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_CANBECREATED | DDENUMSURFACES_ALL, &desc, &count, count_surfaces_cb);
        ok(hr == DDERR_INVALIDPARAMS, "Can be created, all: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(texture);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_set_surface_desc: a height alone may change, a pitch only with a
 * width; the kind of surface is checked first; a system-memory mip level
 * takes memory of its own size; Lock fills lpSurface without saying so in
 * dwFlags. */
static void test_set_surface_desc_rules(void)
{
    IDirectDrawSurface7 *surface, *level;
    DWORD data[16 * 16];
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDSCAPS2 caps;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 8, 8, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    ok(!!surface, "Surface not created.\n");
    if (surface)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_HEIGHT | DDSD_LPSURFACE;
        desc.dwHeight = 16;
        desc.lpSurface = data;
        hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
        ok(hr == DD_OK, "Height alone: hr %#lx.\n", hr);
        desc.dwFlags = DDSD_PITCH | DDSD_LPSURFACE;
        desc.lPitch = 64;
        hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Pitch alone: hr %#lx.\n", hr);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ok(desc.dwHeight == 16 && desc.lPitch == 32, "Got %lu rows of %ld bytes.\n", desc.dwHeight, desc.lPitch);
            ok(desc.lpSurface == data, "Got memory %p, expected %p.\n", desc.lpSurface, data);
            ok(!(desc.dwFlags & DDSD_LPSURFACE), "Lock says DDSD_LPSURFACE (flags %#lx).\n", desc.dwFlags);
            IDirectDrawSurface7_Unlock(surface, NULL);
        }
        IDirectDrawSurface7_Release(surface);
    }

    surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_VIDEOMEMORY, 8, 8, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    if (surface)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_WIDTH;
        hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
        ok(hr == DDERR_INVALIDSURFACETYPE, "Video memory, bad flags: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(surface);
    }

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_MIPMAPCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY | DDSCAPS_COMPLEX | DDSCAPS_MIPMAP;
    desc.dwWidth = desc.dwHeight = 8;
    desc.dwMipMapCount = 2;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Mipmap: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&caps, 0, sizeof(caps));
        caps.dwCaps = DDSCAPS_TEXTURE;
        hr = IDirectDrawSurface7_GetAttachedSurface(surface, &caps, &level);
        ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            desc.dwFlags = DDSD_WIDTH | DDSD_HEIGHT | DDSD_PITCH | DDSD_LPSURFACE;
            desc.dwWidth = desc.dwHeight = 4;
            desc.lPitch = 16;
            desc.lpSurface = data;
            hr = IDirectDrawSurface7_SetSurfaceDesc(level, &desc, 0);
            ok(hr == DD_OK, "Mip level: hr %#lx.\n", hr);
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            hr = IDirectDrawSurface7_Lock(level, NULL, &desc, DDLOCK_WAIT, NULL);
            ok(hr == DD_OK && desc.lpSurface == data, "Lock of the level: hr %#lx, %p.\n", hr, desc.lpSurface);
            if (SUCCEEDED(hr))
                IDirectDrawSurface7_Unlock(level, NULL);
            IDirectDrawSurface7_Release(level);
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_rt_caps and test_surface_lock: a managed texture says it is in
 * system memory, locks with any dwSize as one, but takes no memory of the
 * program's (SetSurfaceDesc). */
static void test_managed_texture_caps(void)
{
    IDirectDrawSurface7 *surface;
    DWORD data[8 * 8];
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_TEXTUREMANAGE;
    desc.dwWidth = desc.dwHeight = 8;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK && desc.ddsCaps.dwCaps == (DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY),
                "hr %#lx, caps %#lx.\n", hr, desc.ddsCaps.dwCaps);
        memset(&desc, 0, sizeof(desc));
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK && desc.lpSurface, "Lock with dwSize 0: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Unlock(surface, NULL);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_LPSURFACE;
        desc.lpSurface = data;
        hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
        ok(hr == DDERR_INVALIDSURFACETYPE, "SetSurfaceDesc: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_private_data: no data is refused whatever its size; an interface
 * comes back without a reference; a big enough size without a buffer is
 * refused and left as it was. */
static void test_private_data_rules(void)
{
    static const GUID tag = {0x2b7e1516, 0x28ae, 0xd2a6, {0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c}};
    IDirectDrawSurface7 *surface;
    IDirectDraw7 *ddraw;
    ULONG before, after;
    IUnknown *out;
    DWORD size;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN, 4, 4, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    ok(!!surface, "Surface not created.\n");
    if (surface)
    {
        hr = IDirectDrawSurface7_SetPrivateData(surface, &tag, NULL, 0, 0);
        ok(hr == DDERR_INVALIDPARAMS, "NULL, 0: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_SetPrivateData(surface, &tag, ddraw, sizeof(ddraw), DDSPD_IUNKNOWNPOINTER);
        ok(hr == DD_OK, "Interface: hr %#lx.\n", hr);
        before = get_refcount((IUnknown *)ddraw);
        size = sizeof(out);
        hr = IDirectDrawSurface7_GetPrivateData(surface, &tag, &out, &size);
        after = get_refcount((IUnknown *)ddraw);
        ok(hr == DD_OK && out == (IUnknown *)ddraw, "Get: hr %#lx, %p.\n", hr, out);
        ok(after == before, "Refcount %lu after GetPrivateData, %lu before.\n", after, before);
        size = 2 * sizeof(out);
        hr = IDirectDrawSurface7_GetPrivateData(surface, &tag, NULL, &size);
        ok(hr == DDERR_INVALIDPARAMS && size == 2 * sizeof(out), "No buffer: hr %#lx, size %lu.\n", hr, size);
        hr = IDirectDrawSurface7_GetPrivateData(surface, &tag, NULL, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "No size: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_range_colorkey: no colour-space keys, at CreateSurface or after;
 * without DDCKEY_COLORSPACE the low value is the key. */
static void test_range_colorkey_refused(void)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDCOLORKEY key;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_CKSRCBLT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 4;
    desc.ddckCKSrcBlt.dwColorSpaceLowValue = 0;
    desc.ddckCKSrcBlt.dwColorSpaceHighValue = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_NOCOLORKEYHW, "CreateSurface with a range: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(surface);
    desc.ddckCKSrcBlt.dwColorSpaceHighValue = 0;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        key.dwColorSpaceLowValue = 0;
        key.dwColorSpaceHighValue = 0x01010101;
        hr = IDirectDrawSurface7_SetColorKey(surface, DDCKEY_SRCBLT | DDCKEY_COLORSPACE, &key);
        ok(hr == DDERR_NOCOLORKEYHW, "SetColorKey with a range: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_SetColorKey(surface, DDCKEY_SRCBLT, &key);
        ok(hr == DD_OK, "SetColorKey: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_GetColorKey(surface, DDCKEY_SRCBLT, &key);
        ok(hr == DD_OK && !key.dwColorSpaceHighValue, "GetColorKey: hr %#lx, high %#lx.\n", hr, key.dwColorSpaceHighValue);
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* A 16x16 z-buffer of 16 bits, or NULL. */
static IDirectDrawSurface7 *create_zbuffer16(IDirectDraw7 *ddraw)
{
    IDirectDrawSurface7 *zbuffer;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    desc.ddpfPixelFormat.dwZBufferBitDepth = 16;
    desc.ddpfPixelFormat.dwZBitMask = 0xffff;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &zbuffer, NULL)))
        return NULL;
    return zbuffer;
}

/* test_surface_attachment: an attachment holds the interface it was made
 * through, and only that interface's DeleteAttachedSurface undoes it. */
static void test_attach_interface_version(void)
{
    IDirectDrawSurface *surface1, *zbuffer1;
    IDirectDrawSurface7 *surface, *zbuffer;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE, 16, 16, 0, 16, 0xf800, 0x07e0, 0x1f, 0);
    zbuffer = create_zbuffer16(ddraw);
    ok(surface && zbuffer, "Surfaces not created.\n");
    if (surface && zbuffer)
    {
        IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface, (void **)&surface1);
        IDirectDrawSurface7_QueryInterface(zbuffer, &IID_IDirectDrawSurface, (void **)&zbuffer1);
        hr = IDirectDrawSurface7_AddAttachedSurface(surface, zbuffer);
        ok(hr == DD_OK, "Attach: hr %#lx.\n", hr);
        hr = IDirectDrawSurface_DeleteAttachedSurface(surface1, 0, zbuffer1);
        ok(hr == DDERR_SURFACENOTATTACHED, "Detach through version 1: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_DeleteAttachedSurface(surface, 0, zbuffer);
        ok(hr == DD_OK, "Detach: hr %#lx.\n", hr);
        hr = IDirectDrawSurface_AddAttachedSurface(surface1, zbuffer1);
        ok(hr == DD_OK, "Attach through version 1: hr %#lx.\n", hr);
        ok(get_refcount((IUnknown *)zbuffer1) == 2, "Version 1 refcount %lu.\n", get_refcount((IUnknown *)zbuffer1));
        hr = IDirectDrawSurface7_DeleteAttachedSurface(surface, 0, zbuffer);
        ok(hr == DDERR_SURFACENOTATTACHED, "Detach through version 7: hr %#lx.\n", hr);
        hr = IDirectDrawSurface_DeleteAttachedSurface(surface1, 0, zbuffer1);
        ok(hr == DD_OK, "Detach through version 1: hr %#lx.\n", hr);
        IDirectDrawSurface_Release(zbuffer1);
        IDirectDrawSurface_Release(surface1);
    }
    if (zbuffer) IDirectDrawSurface7_Release(zbuffer);
    if (surface) IDirectDrawSurface7_Release(surface);
    IDirectDraw7_Release(ddraw);
}

/* test_surface_interface_mismatch: a method takes a surface passed as
 * another version's interface. IDirectDrawSurface3::AddAttachedSurface
 * attaches an IDirectDrawSurface7 z-buffer (the reference goes on the
 * interface passed, which detaches it again), and IDirect3D7 and
 * IDirect3D2 make a device on an IDirectDrawSurface3. Something that is not
 * a surface stays refused. */
static void test_attach_other_interface_version(void)
{
    IDirectDrawSurface7 *surface, *zbuffer, *target;
    IDirectDrawSurface3 *surface3 = NULL;
    IDirect3DDevice7 *device;
    IDirect3DDevice2 *device2;
    IDirect3D7 *d3d = NULL;
    IDirect3D2 *d3d2 = NULL;
    IDirectDraw *ddraw1 = NULL;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE, 16, 16, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    zbuffer = create_zbuffer16(ddraw);
    ok(surface && zbuffer, "Surfaces not created.\n");
    if (!surface || !zbuffer)
        goto done;
    hr = IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface3, (void **)&surface3);
    ok(hr == DD_OK, "QueryInterface: hr %#lx.\n", hr);
    if (!surface3)
        goto done;

    hr = IDirectDrawSurface3_AddAttachedSurface(surface3, (IDirectDrawSurface3 *)ddraw);
    ok(hr == DDERR_INVALIDPARAMS, "Attach a DirectDraw object: hr %#lx.\n", hr);
    hr = IDirectDrawSurface3_AddAttachedSurface(surface3, (IDirectDrawSurface3 *)zbuffer);
    ok(hr == DD_OK, "Attach an IDirectDrawSurface7 through version 3: hr %#lx.\n", hr);
    ok(get_refcount((IUnknown *)zbuffer) == 2, "Version 7 refcount %lu.\n", get_refcount((IUnknown *)zbuffer));
    target = NULL;
    memset(&desc, 0, sizeof(desc));
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(surface, &desc.ddsCaps, &target);
    ok(hr == DD_OK && target == zbuffer, "GetAttachedSurface: hr %#lx, %p.\n", hr, target);
    if (target) IDirectDrawSurface7_Release(target);
    hr = IDirectDrawSurface3_DeleteAttachedSurface(surface3, 0, (IDirectDrawSurface3 *)zbuffer);
    ok(hr == DD_OK, "Detach through version 3: hr %#lx.\n", hr);
    ok(get_refcount((IUnknown *)zbuffer) == 1, "Version 7 refcount %lu.\n", get_refcount((IUnknown *)zbuffer));

    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
    ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
    if (d3d)
    {
        hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, (IDirectDrawSurface7 *)surface3, &device);
        ok(hr == DD_OK, "IDirect3D7 device on an IDirectDrawSurface3: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            target = NULL;
            hr = IDirect3DDevice7_GetRenderTarget(device, &target);
            ok(hr == DD_OK && target == surface, "GetRenderTarget: hr %#lx, %p.\n", hr, target);
            if (target) IDirectDrawSurface7_Release(target);
            IDirect3DDevice7_Release(device);
        }
        IDirect3D7_Release(d3d);
    }

    /* The surface belongs to an IDirectDraw7; IDirect3D2 of its object. */
    if (SUCCEEDED(IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw, (void **)&ddraw1))
            && SUCCEEDED(IDirectDraw_QueryInterface(ddraw1, &IID_IDirect3D2, (void **)&d3d2)))
    {
        hr = IDirect3D2_CreateDevice(d3d2, &IID_IDirect3DHALDevice, (IDirectDrawSurface *)surface3, &device2);
        ok(hr == DD_OK, "IDirect3D2 device on an IDirectDrawSurface3: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirect3DDevice2_Release(device2);
        hr = IDirect3D2_CreateDevice(d3d2, &IID_IDirect3DHALDevice, (IDirectDrawSurface *)ddraw, &device2);
        ok(hr == DDERR_INVALIDPARAMS, "IDirect3D2 device on a DirectDraw object: hr %#lx.\n", hr);
        IDirect3D2_Release(d3d2);
    }
    else
        skip("no IDirect3D2\n");
    if (ddraw1) IDirectDraw_Release(ddraw1);

done:
    if (surface3) IDirectDrawSurface3_Release(surface3);
    if (zbuffer) IDirectDrawSurface7_Release(zbuffer);
    if (surface) IDirectDrawSurface7_Release(surface);
    IDirectDraw7_Release(ddraw);
}

/* test_getdc: a second GetDC fails and leaves the caller's handle alone. */
static void test_getdc_twice_keeps_handle(void)
{
    IDirectDrawSurface7 *surface;
    IDirectDraw7 *ddraw;
    HDC dc, dc2;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 8, 8, 0, 32, 0xff0000, 0xff00, 0xff, 0);
    ok(!!surface, "Surface not created.\n");
    if (surface)
    {
        hr = IDirectDrawSurface7_GetDC(surface, &dc);
        ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
        dc2 = (HDC)0x1234;
        hr = IDirectDrawSurface7_GetDC(surface, &dc2);
        ok(hr == DDERR_DCALREADYCREATED && dc2 == (HDC)0x1234, "Second GetDC: hr %#lx, dc %p.\n", hr, dc2);
        IDirectDrawSurface7_ReleaseDC(surface, dc);
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_getdc: the DIB behind a surface's DC says biSizeImage 0, as Windows'
 * DCs over surface memory do, and a 32-bit one in byte order RGBA is BI_RGB
 * like every 32-bit one; drawing through the DC still reaches a Lock. */
static void test_getdc_dib_image_size(void)
{
    static const DWORD masks[][3] = {{0x00ff0000, 0x0000ff00, 0x000000ff}, {0x000000ff, 0x0000ff00, 0x00ff0000}};
    IDirectDrawSurface7 *surface;
    IDirectDraw7 *ddraw;
    DIBSECTION dib;
    unsigned int i;
    HRESULT hr;
    HDC dc;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    for (i = 0; i < sizeof(masks) / sizeof(masks[0]); ++i)
    {
        surface = create_texture(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, 0, 32,
                masks[i][0], masks[i][1], masks[i][2], 0);
        if (!surface)
        {
            /* Byte-order RGBA is dx7gl's own (the GS adapter's); Wine's builtin has none. */
            ok(i, "Surface %u not created.\n", i);
            if (i)
                skip("no byte-order RGBA surface\n");
            continue;
        }
        hr = IDirectDrawSurface7_GetDC(surface, &dc);
        ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            memset(&dib, 0, sizeof(dib));
            ok(GetObjectA(GetCurrentObject(dc, OBJ_BITMAP), sizeof(dib), &dib) == sizeof(dib), "No DIB section.\n");
            ok(!dib.dsBmih.biSizeImage, "Format %u: image size %lu.\n", i, dib.dsBmih.biSizeImage);
            ok(dib.dsBmih.biCompression == BI_RGB, "Format %u: compression %lu.\n", i, dib.dsBmih.biCompression);
            SetPixel(dc, 3, 2, RGB(0, 0, 0xff));
            IDirectDrawSurface7_ReleaseDC(surface, dc);
            ok((pixel32(surface, 3, 2) & 0xffffff) == 0xff, "Format %u: pixel %08lx after SetPixel.\n",
                    i, pixel32(surface, 3, 2));
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_surface_desc_size: IDirectDraw7::GetDisplayMode fills a
 * DDSURFACEDESC, no more, but says DDSURFACEDESC2 in its dwSize. */
static void test_display_mode_small_desc(void)
{
    union
    {
        DDSURFACEDESC desc1;
        DDSURFACEDESC2 desc2;
        BYTE blob[sizeof(DDSURFACEDESC2) + 1];
    } u;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&u, 0xcc, sizeof(u));
    u.desc1.dwSize = sizeof(DDSURFACEDESC);
    hr = IDirectDraw7_GetDisplayMode(ddraw, &u.desc2);
    ok(hr == DD_OK, "GetDisplayMode: hr %#lx.\n", hr);
    ok(u.desc1.dwSize == sizeof(DDSURFACEDESC2), "Got dwSize %lu.\n", u.desc1.dwSize);
    ok(u.blob[sizeof(DDSURFACEDESC)] == 0xcc, "Written past the DDSURFACEDESC.\n");
    IDirectDraw7_Release(ddraw);
}

static IDirectDrawSurface7 *create_plain(IDirectDraw7 *ddraw, DWORD caps)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | caps;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    return SUCCEEDED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)) ? surface : NULL;
}

/* test_lost_device, test_coop_level_d3d_state: in exclusive mode video
 * memory goes with the focus.  While the window is in the background
 * TestCooperativeLevel says DDERR_NOEXCLUSIVEMODE and nothing can be
 * restored; with the focus back the surfaces stay lost (Lock, Blt, Flip,
 * GetAttachedSurface refuse) until restored.  Exclusive mode taken on
 * another window, or a display mode change, loses them too; system memory
 * is never lost, and a surface made after the loss is not. */
static void test_lost_surfaces(void)
{
    IDirectDrawSurface7 *primary = NULL, *back, *sysmem, *vidmem, *fresh;
    DDSCAPS2 caps = {DDSCAPS_BACKBUFFER, 0, 0, {0}};
    DDSURFACEDESC2 desc, mode;
    HWND window1, window2;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    window1 = CreateWindowA("static", "ddraw_conformance lost 1", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    window2 = CreateWindowA("static", "ddraw_conformance lost 2", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        skip("no DirectDraw object\n");
        DestroyWindow(window2);
        DestroyWindow(window1);
        return;
    }
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window1, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_COMPLEX | DDSCAPS_FLIP;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    sysmem = create_plain(ddraw, DDSCAPS_SYSTEMMEMORY);
    vidmem = create_plain(ddraw, DDSCAPS_VIDEOMEMORY);
    if (FAILED(hr) || !sysmem || !vidmem)
    {
        skip("surfaces not created\n");
        goto done;
    }
    ok(IDirectDraw7_TestCooperativeLevel(ddraw) == DD_OK, "Lost at the start.\n");
    ok(IDirectDrawSurface7_IsLost(primary) == DD_OK, "Primary lost at the start.\n");

    ok(SetForegroundWindow(GetDesktopWindow()), "SetForegroundWindow failed.\n");
    hr = IDirectDraw7_TestCooperativeLevel(ddraw);
    ok(hr == DDERR_NOEXCLUSIVEMODE, "In the background: TestCooperativeLevel hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_IsLost(primary);
    ok(hr == DDERR_SURFACELOST, "In the background: primary IsLost hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_IsLost(vidmem);
    ok(hr == DDERR_SURFACELOST, "In the background: video memory IsLost hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_IsLost(sysmem);
    ok(hr == DD_OK, "In the background: system memory IsLost hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Restore(vidmem);
    ok(hr == DDERR_WRONGMODE, "In the background: Restore hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Restore(sysmem);
    ok(hr == DD_OK, "In the background: system memory Restore hr %#lx.\n", hr);

    ok(SetForegroundWindow(window1), "SetForegroundWindow failed.\n");
    hr = IDirectDraw7_TestCooperativeLevel(ddraw);
    ok(hr == DD_OK, "Focus back: TestCooperativeLevel hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_IsLost(vidmem);
    ok(hr == DDERR_SURFACELOST, "Focus back: IsLost hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
    ok(hr == DDERR_SURFACELOST, "Focus back: Flip hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.lpSurface = (void *)0xdeadbeef;
    hr = IDirectDrawSurface7_Lock(vidmem, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DDERR_SURFACELOST, "Focus back: Lock hr %#lx.\n", hr);
    ok(desc.lpSurface == (void *)0xdeadbeef, "Lock wrote %p.\n", desc.lpSurface);
    hr = IDirectDrawSurface7_Blt(vidmem, NULL, sysmem, NULL, DDBLT_WAIT, NULL);
    ok(hr == DDERR_SURFACELOST, "Focus back: Blt into a lost surface hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DDERR_SURFACELOST, "Focus back: GetAttachedSurface hr %#lx.\n", hr);
    /* Made after the loss: not lost. */
    if ((fresh = create_plain(ddraw, DDSCAPS_VIDEOMEMORY)))
    {
        ok(IDirectDrawSurface7_IsLost(fresh) == DD_OK, "A new surface is lost.\n");
        IDirectDrawSurface7_Release(fresh);
    }
    ok(IDirectDrawSurface7_IsLost(vidmem) == DDERR_SURFACELOST, "Restored by creating another.\n");

    hr = IDirectDraw7_RestoreAllSurfaces(ddraw);
    ok(hr == DD_OK, "RestoreAllSurfaces: hr %#lx.\n", hr);
    ok(IDirectDrawSurface7_IsLost(primary) == DD_OK, "Primary lost after RestoreAllSurfaces.\n");
    ok(IDirectDrawSurface7_IsLost(vidmem) == DD_OK, "Surface lost after RestoreAllSurfaces.\n");
    hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
    ok(hr == DD_OK, "Flip after RestoreAllSurfaces: hr %#lx.\n", hr);

    /* Another window loses all, and restoring the front buffer restores
     * its chain; the same window again loses nothing. */
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window2, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_IsLost(primary);
    ok(hr == DDERR_SURFACELOST, "Exclusive mode on another window: IsLost hr %#lx.\n", hr);
    ok(IDirectDraw7_TestCooperativeLevel(ddraw) == DD_OK, "TestCooperativeLevel failed.\n");
    hr = IDirectDrawSurface7_Restore(primary);
    ok(hr == DD_OK, "Restore: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ok(IDirectDrawSurface7_IsLost(back) == DD_OK, "Back buffer not restored with its front.\n");
        IDirectDrawSurface7_Release(back);
    }
    ok(IDirectDrawSurface7_IsLost(vidmem) == DDERR_SURFACELOST, "Restored with another surface.\n");
    ok(IDirectDrawSurface7_IsLost(sysmem) == DD_OK, "System memory lost.\n");
    IDirectDrawSurface7_Restore(vidmem);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window2, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(IDirectDrawSurface7_IsLost(primary) == DD_OK, "Lost by exclusive mode on the same window.\n");

    /* Another mode: the primary made in the old one cannot come back. */
    memset(&mode, 0, sizeof(mode));
    mode.dwSize = sizeof(mode);
    IDirectDraw7_GetDisplayMode(ddraw, &mode);
    if (SUCCEEDED(IDirectDraw7_SetDisplayMode(ddraw, 640, 480, mode.ddpfPixelFormat.dwRGBBitCount == 16 ? 32 : 16, 0, 0)))
    {
        ok(IDirectDrawSurface7_IsLost(vidmem) == DDERR_SURFACELOST, "Not lost by a mode change.\n");
        hr = IDirectDrawSurface7_Restore(primary);
        ok(hr == DDERR_WRONGMODE, "Restore of a primary of another mode: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Restore(vidmem);
        ok(hr == DD_OK, "Restore after a mode change: hr %#lx.\n", hr);
        IDirectDraw7_RestoreDisplayMode(ddraw);
    }
    else
        skip("the display has no second mode\n");

done:
    if (vidmem)
        IDirectDrawSurface7_Release(vidmem);
    if (sysmem)
        IDirectDrawSurface7_Release(sysmem);
    if (primary)
        IDirectDrawSurface7_Release(primary);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window2);
    DestroyWindow(window1);
}

/* test_coop_level_create_device_window: DDSCL_CREATEDEVICEWINDOW makes a
 * window of class and title "DirectDrawDeviceWnd" (programs find it so),
 * first even when the call then fails for want of a focus window, and
 * leaving exclusive mode destroys it; drawing goes on after that. */
static void test_device_window_class(void)
{
    IDirectDrawSurface7 *surface;
    HWND focus, device;
    IDirectDraw7 *ddraw;
    DDBLTFX fx;
    HRESULT hr;

    focus = CreateWindowA("static", "ddraw_conformance focus", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, 0, 0, 0, 0);
    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        DestroyWindow(focus);
        return;
    }
    ok(!FindWindowA("DirectDrawDeviceWnd", "DirectDrawDeviceWnd"), "A device window at the start.\n");
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL,
            DDSCL_SETFOCUSWINDOW | DDSCL_CREATEDEVICEWINDOW | DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DDERR_NOHWND, "No focus window: hr %#lx.\n", hr);
    ok(!!FindWindowA("DirectDrawDeviceWnd", "DirectDrawDeviceWnd"), "No device window after DDERR_NOHWND.\n");
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(!FindWindowA("DirectDrawDeviceWnd", "DirectDrawDeviceWnd"), "Device window left after NORMAL.\n");

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, focus,
            DDSCL_SETFOCUSWINDOW | DDSCL_CREATEDEVICEWINDOW | DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    device = FindWindowA("DirectDrawDeviceWnd", "DirectDrawDeviceWnd");
    ok(!!device && device != focus, "Device window %p.\n", device);
    ok(device && (GetWindowLongA(device, GWL_STYLE) & WS_POPUP), "Not a popup.\n");
    surface = create_plain(ddraw, DDSCAPS_VIDEOMEMORY);
    ok(!!surface, "No surface in exclusive mode.\n");
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(!IsWindow(device), "Device window left after NORMAL.\n");
    if (surface)
    {
        /* The surfaces still draw with the window gone. */
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = 0x00ff00;
        hr = IDirectDrawSurface7_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
        ok(hr == DD_OK, "Colour fill after the device window: hr %#lx.\n", hr);
        ok((pixel32(surface, 5, 5) & 0xffffff) == 0x00ff00, "Pixel %08lx.\n", pixel32(surface, 5, 5));
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
    DestroyWindow(focus);
}

/* test_window_style: leaving exclusive mode gives the window its style
 * back but leaves it shown or hidden as the program left it, and with
 * DDSCL_NOWINDOWCHANGES topmost as exclusive mode made it. */
static void test_window_style_after_exclusive(void)
{
    LONG style, exstyle;
    IDirectDraw7 *ddraw;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_conformance style", WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, 0, 0, 0);
    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        DestroyWindow(window);
        return;
    }
    style = GetWindowLongA(window, GWL_STYLE);
    exstyle = GetWindowLongA(window, GWL_EXSTYLE);

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ShowWindow(window, SW_HIDE);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(GetWindowLongA(window, GWL_STYLE) == style, "Style %#lx after NORMAL, expected %#lx.\n",
            GetWindowLongA(window, GWL_STYLE), style);
    ok(GetWindowLongA(window, GWL_EXSTYLE) == exstyle, "Extended style %#lx after NORMAL, expected %#lx.\n",
            GetWindowLongA(window, GWL_EXSTYLE), exstyle);

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ShowWindow(window, SW_HIDE);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL | DDSCL_NOWINDOWCHANGES);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(GetWindowLongA(window, GWL_STYLE) == style, "Style %#lx after NORMAL | NOWINDOWCHANGES, expected %#lx.\n",
            GetWindowLongA(window, GWL_STYLE), style);
    ok(GetWindowLongA(window, GWL_EXSTYLE) == (exstyle | WS_EX_TOPMOST),
            "Extended style %#lx after NORMAL | NOWINDOWCHANGES, expected %#lx.\n",
            GetWindowLongA(window, GWL_EXSTYLE), exstyle | WS_EX_TOPMOST);
    /* Topmost from before or not, NORMAL from exclusive mode ends it. */
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ShowWindow(window, SW_HIDE);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(GetWindowLongA(window, GWL_EXSTYLE) == exstyle, "Extended style %#lx after NORMAL again, expected %#lx.\n",
            GetWindowLongA(window, GWL_EXSTYLE), exstyle);

    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

/* test_flip: back buffers need DDSCAPS_FLIP (DDERR_INVALIDCAPS; a cube map
 * DDERR_INVALIDPARAMS), and Flip to a surface outside the chain, the front
 * buffer itself included, is DDERR_NOTFLIPPABLE. */
static void test_flip_rules(void)
{
    IDirectDrawSurface7 *front, *other;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_COMPLEX;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    desc.dwBackBufferCount = 2;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &front, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Back buffers without DDSCAPS_FLIP: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(front);
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &front, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "A cube map with back buffers: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(front);

    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_COMPLEX | DDSCAPS_FLIP;
    desc.ddsCaps.dwCaps2 = 0;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &front, NULL);
    ok(hr == DD_OK, "A flip chain: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        if ((other = create_plain(ddraw, 0)))
        {
            hr = IDirectDrawSurface7_Flip(front, other, DDFLIP_WAIT);
            ok(hr == DDERR_NOTFLIPPABLE, "Flip to another surface: hr %#lx.\n", hr);
            IDirectDrawSurface7_Release(other);
        }
        hr = IDirectDrawSurface7_Flip(front, front, DDFLIP_WAIT);
        ok(hr == DDERR_NOTFLIPPABLE, "Flip to the front buffer: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_Flip(front, NULL, DDFLIP_WAIT);
        ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(front);
    }
    IDirectDraw7_Release(ddraw);
}

/* test_coop_level_surf_create: without a cooperative level CreateSurface
 * answers DDERR_NOCOOPERATIVELEVELSET, even for a NULL description, and
 * leaves the out pointer alone; so does DDERR_INVALIDPARAMS for a NULL
 * description once the level is set. */
static void test_create_surface_without_level(void)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    surface = (void *)0xdeadbeef;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_NOCOOPERATIVELEVELSET, "No level: hr %#lx.\n", hr);
    ok(surface == (void *)0xdeadbeef, "No level: surface %p.\n", surface);
    hr = IDirectDraw7_CreateSurface(ddraw, NULL, &surface, NULL);
    ok(hr == DDERR_NOCOOPERATIVELEVELSET, "No level, no description: hr %#lx.\n", hr);
    ok(surface == (void *)0xdeadbeef, "No level, no description: surface %p.\n", surface);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreateSurface(ddraw, NULL, &surface, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "No description: hr %#lx.\n", hr);
    ok(surface == (void *)0xdeadbeef, "No description: surface %p.\n", surface);
    IDirectDraw7_Release(ddraw);
}

/* test_primary_caps, test_d32_support, test_caps: a primary is never a
 * texture and is complex only as a flip chain; a 32-bit z-buffer without a
 * placement is made in system memory; the driver names non-local video
 * memory among its surface caps. */
static void test_surface_caps_rules(void)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDCAPS hal;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_TEXTURE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Primary texture: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_COMPLEX;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Complex primary without a flip chain: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Primary: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    desc.ddpfPixelFormat.dwZBufferBitDepth = 32;
    desc.ddpfPixelFormat.dwZBitMask = 0xffffffff;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "D32 z-buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
        ok((desc.ddsCaps.dwCaps & (DDSCAPS_SYSTEMMEMORY | DDSCAPS_VIDEOMEMORY)) == DDSCAPS_SYSTEMMEMORY,
                "D32 z-buffer caps %#lx.\n", desc.ddsCaps.dwCaps);
        ok(desc.ddpfPixelFormat.dwZBitMask == 0xffffffff, "D32 z mask %#lx.\n", desc.ddpfPixelFormat.dwZBitMask);
        IDirectDrawSurface7_Release(surface);
    }

    memset(&hal, 0, sizeof(hal));
    hal.dwSize = sizeof(hal);
    hr = IDirectDraw7_GetCaps(ddraw, &hal, NULL);
    ok(hr == DD_OK, "GetCaps: hr %#lx.\n", hr);
    ok((hal.ddsCaps.dwCaps & (DDSCAPS_LOCALVIDMEM | DDSCAPS_NONLOCALVIDMEM))
            == (DDSCAPS_LOCALVIDMEM | DDSCAPS_NONLOCALVIDMEM), "HAL surface caps %#lx.\n", hal.ddsCaps.dwCaps);
    IDirectDraw7_Release(ddraw);
}

static HRESULT CALLBACK enum_devices_2ex(char *description, char *name, D3DDEVICEDESC7 *desc, void *ctx)
{
    unsigned int *seen = ctx;

    if (IsEqualGUID(&desc->deviceGUID, &IID_IDirect3DRGBDevice))
    {
        ok(!(desc->dwDevCaps & D3DDEVCAPS_DRAWPRIMITIVES2EX), "RGB device caps %#lx.\n", desc->dwDevCaps);
        *seen |= 1;
    }
    else if (IsEqualGUID(&desc->deviceGUID, &IID_IDirect3DHALDevice))
    {
        ok(desc->dwDevCaps & D3DDEVCAPS_DRAWPRIMITIVES2EX, "HAL device caps %#lx.\n", desc->dwDevCaps);
        *seen |= 2;
    }
    return DDENUMRET_OK;
}

/* An 8-bit target with its palette (Direct3D 7 draws to none). */
static IDirectDrawSurface7 *create_p8_target(IDirectDraw7 *ddraw, IDirectDrawPalette *palette, DWORD placement)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | placement;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_PALETTEINDEXED8 | DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 8;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)))
        return NULL;
    if (FAILED(IDirectDrawSurface7_SetPalette(surface, palette)))
    {
        IDirectDrawSurface7_Release(surface);
        return NULL;
    }
    return surface;
}

/* test_enum_devices, test_rt_caps, test_texture_wrong_caps: the software
 * device has no DRAWPRIMITIVES2EX; no Direct3D 7 device renders to an
 * 8-bit surface with its palette (INVALIDPIXELFORMAT in video memory, E_FAIL
 * from the software device in system memory), and nothing leaks when it
 * refuses; SetTexture takes the IDirectDrawSurface4 that IDirectDraw4 made. */
static void test_device_caps_rules(void)
{
    IDirectDrawSurface7 *target, *p8;
    IDirectDrawSurface4 *surface4;
    PALETTEENTRY entries[256];
    IDirectDrawPalette *palette;
    IDirect3DDevice7 *device;
    unsigned int seen = 0;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    IDirectDraw4 *ddraw4;
    IDirect3D7 *d3d;
    ULONG ref;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
    ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        IDirectDraw7_Release(ddraw);
        return;
    }
    hr = IDirect3D7_EnumDevices(d3d, enum_devices_2ex, &seen);
    ok(hr == D3D_OK && seen == 3, "EnumDevices: hr %#lx, seen %#x.\n", hr, seen);

    memset(entries, 0, sizeof(entries));
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    if ((p8 = create_p8_target(ddraw, palette, DDSCAPS_VIDEOMEMORY)))
    {
        device = (void *)0xdeadbeef;
        hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, p8, &device);
        ok(hr == DDERR_INVALIDPIXELFORMAT, "HAL device on 8-bit video memory: hr %#lx.\n", hr);
        hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DRGBDevice, p8, &device);
        ok(hr == DDERR_INVALIDPIXELFORMAT, "RGB device on 8-bit video memory: hr %#lx.\n", hr);
        ref = IDirectDrawSurface7_Release(p8);
        ok(!ref, "8-bit video memory surface: refcount %lu.\n", ref);
    }
    else
        ok(0, "No 8-bit video memory target.\n");
    if ((p8 = create_p8_target(ddraw, palette, DDSCAPS_SYSTEMMEMORY)))
    {
        hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, p8, &device);
        ok(hr == D3DERR_SURFACENOTINVIDMEM, "HAL device on 8-bit system memory: hr %#lx.\n", hr);
        hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DRGBDevice, p8, &device);
        ok(hr == E_FAIL, "RGB device on 8-bit system memory: hr %#lx.\n", hr);
        if (SUCCEEDED(hr)) IDirect3DDevice7_Release(device);
        ref = IDirectDrawSurface7_Release(p8);
        ok(!ref, "8-bit system memory surface: refcount %lu.\n", ref);
    }
    else
        ok(0, "No 8-bit system memory target.\n");
    ref = IDirectDrawPalette_Release(palette);
    ok(!ref, "Palette: refcount %lu.\n", ref);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &target, NULL);
    ok(hr == DD_OK, "CreateSurface(target): hr %#lx.\n", hr);
    hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, target, &device);
    ok(hr == DD_OK, "CreateDevice: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw4, (void **)&ddraw4);
        ok(hr == DD_OK, "QueryInterface(IDirectDraw4): hr %#lx.\n", hr);
        desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
        hr = IDirectDraw4_CreateSurface(ddraw4, (DDSURFACEDESC2 *)&desc, &surface4, NULL);
        ok(hr == DD_OK, "CreateSurface(IDirectDraw4 texture): hr %#lx.\n", hr);
        hr = IDirect3DDevice7_SetTexture(device, 0, (IDirectDrawSurface7 *)surface4);
        ok(hr == D3D_OK, "SetTexture(IDirectDrawSurface4): hr %#lx.\n", hr);
        hr = IDirect3DDevice7_SetTexture(device, 0, NULL);
        ok(hr == D3D_OK, "SetTexture(NULL): hr %#lx.\n", hr);
        ref = IDirectDrawSurface4_Release(surface4);
        ok(!ref, "IDirectDrawSurface4 texture: refcount %lu.\n", ref);
        IDirectDraw4_Release(ddraw4);
        IDirect3DDevice7_Release(device);
    }
    IDirectDrawSurface7_Release(target);
    IDirect3D7_Release(d3d);
    ref = IDirectDraw7_Release(ddraw);
    ok(!ref, "DirectDraw: refcount %lu.\n", ref);
}

/* dsurface.c SurfaceCapsTest, zbufferbitdepth_test; ddraw7.c
 * test_set_surface_desc: a primary may be in system memory (not one with
 * back buffers), and SetSurfaceDesc refuses it; a z-buffer asked for with 24
 * bits says 24. */
static void test_surface_placement_rules(void)
{
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    BYTE data[16 * 16 * 4];
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
    {
        skip("no DirectDraw object\n");
        return;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_SYSTEMMEMORY;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "System memory primary: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
        ok(desc.ddsCaps.dwCaps == (DDSCAPS_PRIMARYSURFACE | DDSCAPS_SYSTEMMEMORY | DDSCAPS_VISIBLE),
                "System memory primary caps %#lx.\n", desc.ddsCaps.dwCaps);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_LPSURFACE;
        desc.lpSurface = data;
        hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
        ok(hr == DDERR_INVALIDSURFACETYPE, "SetSurfaceDesc of a system memory primary: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(surface);
    }

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = 16;
    desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    desc.ddpfPixelFormat.dwZBufferBitDepth = 24;
    desc.ddpfPixelFormat.dwZBitMask = 0x00ffffff;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "24-bit z-buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
        ok(desc.ddpfPixelFormat.dwZBufferBitDepth == 24 && desc.ddpfPixelFormat.dwZBitMask == 0x00ffffff,
                "24-bit z-buffer: depth %lu, mask %#lx.\n", desc.ddpfPixelFormat.dwZBufferBitDepth,
                desc.ddpfPixelFormat.dwZBitMask);
        IDirectDrawSurface7_Release(surface);
    }

    /* ddraw4.c test_mipmap: a mip level count given is at least one. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_MIPMAPCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP | DDSCAPS_COMPLEX;
    desc.dwWidth = 128;
    desc.dwHeight = 32;
    desc.dwMipMapCount = 0;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Mip level count 0: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);
    desc.dwMipMapCount = 3;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Mip level count 3: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_MIPMAP;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Mip levels without a texture: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(surface);
    /* Without a count, 128x32 has 6 levels: down to 4x1, not 1x1. */
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP | DDSCAPS_COMPLEX;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Mip chain without a count: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK && desc.dwMipMapCount == 6, "Mip chain of 128x32: %lu levels, hr %#lx.\n",
                desc.dwMipMapCount, hr);
        IDirectDrawSurface7_Release(surface);
    }

    /* ddraw1.c test_create_surface_pitch: IDirectDraw takes no application
     * memory, and refuses it in video memory for that first. */
    {
        IDirectDrawSurface *surface1;
        IDirectDraw *ddraw1;
        DDSURFACEDESC desc1;

        hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw, (void **)&ddraw1);
        ok(hr == DD_OK, "QueryInterface(IDirectDraw): hr %#lx.\n", hr);
        memset(&desc1, 0, sizeof(desc1));
        desc1.dwSize = sizeof(desc1);
        desc1.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_LPSURFACE | DDSD_PITCH;
        desc1.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_VIDEOMEMORY;
        desc1.dwWidth = 16;
        desc1.dwHeight = 16;
        desc1.lPitch = 64;
        desc1.lpSurface = data;
        hr = IDirectDraw_CreateSurface(ddraw1, &desc1, &surface1, NULL);
        ok(hr == DDERR_INVALIDCAPS, "IDirectDraw, application memory in video memory: hr %#lx.\n", hr);
        if (SUCCEEDED(hr)) IDirectDrawSurface_Release(surface1);
        desc1.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY;
        hr = IDirectDraw_CreateSurface(ddraw1, &desc1, &surface1, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "IDirectDraw, application memory: hr %#lx.\n", hr);
        if (SUCCEEDED(hr)) IDirectDrawSurface_Release(surface1);
        IDirectDraw_Release(ddraw1);
    }
    IDirectDraw7_Release(ddraw);
}

START_TEST(ddraw_conformance)
{
    test_create_surface_bad_out_pointer();
    test_surface_iunknown();
    test_clipper_validation();
    test_primary_palette_released();
    test_get_surface_from_dc_export();
    test_dxt_block_sizes();
    test_dc_uses_primary_palette();
    test_exclusive_mode_ends_with_window();
    test_lock_any_desc_size();
    test_getdc_dib_compression();
    test_caps_never_and_always();
    test_dxt_blits();
    test_ddraw2_surface_release();
    test_zbuffer_attach_and_readback();
    test_lock_rects_and_caps();
    test_attach_size();
    test_attach_primary_to_offscreen();
    test_blt_flag_rules();
    test_enum_surfaces_levels();
    test_set_surface_desc_rules();
    test_managed_texture_caps();
    test_private_data_rules();
    test_range_colorkey_refused();
    test_attach_interface_version();
    test_attach_other_interface_version();
    test_getdc_twice_keeps_handle();
    test_getdc_dib_image_size();
    test_display_mode_small_desc();
    test_lost_surfaces();
    test_device_window_class();
    test_window_style_after_exclusive();
    test_flip_rules();
    test_create_surface_without_level();
    test_surface_caps_rules();
    test_device_caps_rules();
    test_surface_placement_rules();
    test_primary_frontbuffer_caps();
    test_back_buffer_reference();
}

/*
 * Blits, colour keys, palettes and DCs as Windows answers them (issue 22:
 * what Wine's ddraw7/4/2/1.c found ours doing otherwise), one function per
 * behaviour:
 *   - a clipped stretch of a one-row source shows in every clip rectangle;
 *   - a clipper with neither a window nor a clip list refuses the blit;
 *   - a key a blit asks for must be set; through IDirectDrawSurface 1-3
 *     DDBLT_KEYDEST compares with the source's (last set) destination key;
 *   - an unset key reads back zeroed from GetSurfaceDesc;
 *   - a palette with alpha goes on textures only;
 *   - an 8-bit palettised source blits onto a 32-bit surface;
 *   - a DC of a surface in the program's memory lies over that memory;
 *   - IDirectDraw4::GetSurfaceFromDC answers IDirectDrawSurface;
 *   - GetGDISurface follows Flip, FlipToGDISurface flips back;
 *   - a hardware device takes a system memory texture;
 *   - the software device draws into a system memory render target;
 *   - ProcessVertices leaves the last rhw after a destination without one;
 *   - a primary made in 8 bits is described in 32 once the display is.
 * Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>
#include <d3d.h>

#include "ddraw_test.h"

static IDirectDraw7 *create_ddraw7(HWND window, DWORD level)
{
    IDirectDraw7 *ddraw;
    HRESULT hr;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return NULL;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, level);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    return ddraw;
}

/* An offscreen surface of 32 bits (X8R8G8B8) or 8 (palettised). */
static IDirectDrawSurface7 *create_plain(IDirectDraw7 *ddraw, DWORD caps, DWORD width, DWORD height, DWORD bpp)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = width;
    desc.dwHeight = height;
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
        desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
        desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
        desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    }
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface(caps %#lx, %lu bits): hr %#lx.\n", caps, bpp, hr);
    return surface;
}

static void write_pixel32(IDirectDrawSurface7 *surface, LONG x, LONG y, DWORD value)
{
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = value;
    IDirectDrawSurface7_Unlock(surface, NULL);
}

/* Wine's test_clipper_blt: 4x1 source pixels stretched over the whole
 * destination through a clip list of two quadrants.  Each quadrant shows
 * its two source pixels; rounding the source part of a quadrant to the
 * nearest pixel lost the bottom one (half a row rounds to an empty part). */
static void test_clipped_stretch(void)
{
    static const DWORD row[] = {0x0000ff, 0x00ff00, 0xff0000, 0xffffff};
    static const struct {LONG x, y; DWORD color;} expect[] =
    {
        {8, 6, 0x0000ff}, {24, 6, 0x00ff00}, {40, 30, 0xff0000}, {56, 30, 0xffffff},
        {40, 6, 0}, {8, 30, 0},
    };
    IDirectDrawClipper *clipper = NULL;
    IDirectDrawSurface7 *src, *dst;
    struct
    {
        RGNDATAHEADER rdh;
        RECT rects[2];
    } region;
    IDirectDraw7 *ddraw;
    RECT src_rect;
    unsigned int i;
    DWORD size;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_blit", WS_POPUP, 0, 0, 64, 48, NULL, NULL, NULL, NULL);
    if (!(ddraw = create_ddraw7(window, DDSCL_NORMAL)))
        goto done;
    src = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN, 8, 4, 32);
    dst = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN, 64, 48, 32);
    hr = IDirectDraw7_CreateClipper(ddraw, 0, &clipper, NULL);
    ok(hr == DD_OK, "CreateClipper: hr %#lx.\n", hr);
    if (!src || !dst || FAILED(hr))
        goto release;

    fill_color(src, 0);
    fill_color(dst, 0);
    for (i = 0; i < ARRAY_SIZE(row); ++i)
        write_pixel32(src, 1 + i, 1, row[i]);

    memset(&region, 0, sizeof(region));
    region.rdh.dwSize = sizeof(region.rdh);
    region.rdh.iType = RDH_RECTANGLES;
    region.rdh.nCount = 2;
    region.rdh.nRgnSize = sizeof(region.rects);
    SetRect(&region.rdh.rcBound, 0, 0, 64, 48);
    SetRect(&region.rects[0], 0, 0, 32, 24);
    SetRect(&region.rects[1], 32, 24, 64, 48);
    hr = IDirectDrawClipper_SetClipList(clipper, (RGNDATA *)&region, 0);
    ok(hr == DD_OK, "SetClipList: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetClipper(dst, clipper);
    ok(hr == DD_OK, "SetClipper: hr %#lx.\n", hr);

    SetRect(&src_rect, 1, 1, 5, 2);
    hr = IDirectDrawSurface7_Blt(dst, NULL, src, &src_rect, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "Clipped stretch: hr %#lx.\n", hr);
    for (i = 0; i < ARRAY_SIZE(expect); ++i)
        ok(surface_pixel(dst, expect[i].x, expect[i].y) == expect[i].color,
                "(%ld, %ld): %#lx, expected %#lx.\n", expect[i].x, expect[i].y,
                surface_pixel(dst, expect[i].x, expect[i].y), expect[i].color);

    /* Neither a window nor a clip list: the blit is refused as GetClipList
     * is, and nothing is drawn. */
    hr = IDirectDrawClipper_SetClipList(clipper, NULL, 0);
    ok(hr == DD_OK, "SetClipList(NULL): hr %#lx.\n", hr);
    hr = IDirectDrawClipper_GetClipList(clipper, NULL, NULL, &size);
    ok(hr == DDERR_NOCLIPLIST, "GetClipList: hr %#lx.\n", hr);
    hr = fill_color_hr(dst, 0x123456);
    ok(hr == DDERR_NOCLIPLIST, "Fill through a clipper without a list: hr %#lx.\n", hr);
    ok(surface_pixel(dst, 40, 6) == 0, "The refused fill drew %#lx.\n", surface_pixel(dst, 40, 6));

release:
    if (clipper)
        IDirectDrawClipper_Release(clipper);
    if (dst)
        IDirectDrawSurface7_Release(dst);
    if (src)
        IDirectDrawSurface7_Release(src);
    IDirectDraw7_Release(ddraw);
done:
    DestroyWindow(window);
}

/* Wine's test_ck_operation: six pixels; the destination's key marks two,
 * the source's destination key two others. */
static void set_row(IDirectDrawSurface7 *surface, const DWORD *values)
{
    unsigned int i;

    for (i = 0; i < 6; ++i)
        write_pixel32(surface, i, 0, values[i]);
}

static BOOL row_is(IDirectDrawSurface7 *surface, const DWORD *values)
{
    unsigned int i;

    for (i = 0; i < 6; ++i)
        if (surface_pixel(surface, i, 0) != values[i])
            return FALSE;
    return TRUE;
}

static void test_color_keys(void)
{
    static const DWORD src_row[] = {0x0000ff, 0x0000aa, 0xff0000, 0x00ff00, 0x001100, 0x110000};
    static const DWORD dst_row[] = {0xff0000, 0xff0000, 0x001100, 0x001100, 0x0000aa, 0x0000aa};
    /* Where the source's destination key (0xaa) matched. */
    static const DWORD by_src_key[] = {0xff0000, 0xff0000, 0x001100, 0x001100, 0x001100, 0x110000};
    /* Where the destination's own (0xff0000) matched. */
    static const DWORD by_dst_key[] = {0x0000ff, 0x0000aa, 0x001100, 0x001100, 0x0000aa, 0x0000aa};
    DDCOLORKEY dst_key = {0xff0000, 0xff0000}, src_dst_key = {0xaa, 0xaa}, src_key = {0x11, 0x11};
    IDirectDrawSurface *src1, *dst1;
    IDirectDrawSurface7 *src, *dst;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDBLTFX fx;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_blit", WS_POPUP, 0, 0, 64, 48, NULL, NULL, NULL, NULL);
    if (!(ddraw = create_ddraw7(window, DDSCL_NORMAL)))
        goto done;
    src = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 6, 1, 32);
    dst = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 6, 1, 32);
    if (!src || !dst)
        goto release;
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);

    /* No keys set: DDBLT_KEYSRC and DDBLT_KEYDEST are refused. */
    hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_KEYSRC | DDBLT_WAIT, &fx);
    ok(hr == DDERR_INVALIDPARAMS, "KEYSRC without a source key: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_KEYDEST | DDBLT_WAIT, &fx);
    ok(hr == DDERR_INVALIDPARAMS, "KEYDEST without a destination key: hr %#lx.\n", hr);

    hr = IDirectDrawSurface7_SetColorKey(dst, DDCKEY_DESTBLT, &dst_key);
    ok(hr == DD_OK, "SetColorKey: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_DESTBLT, &src_dst_key);
    ok(hr == DD_OK, "SetColorKey: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT, &src_key);
    ok(hr == DD_OK, "SetColorKey: hr %#lx.\n", hr);
    set_row(src, src_row);

    /* IDirectDrawSurface7: the destination's key. */
    set_row(dst, dst_row);
    hr = IDirectDrawSurface7_Blt(dst, NULL, src, NULL, DDBLT_KEYDEST | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "KEYDEST: hr %#lx.\n", hr);
    ok(row_is(dst, by_dst_key), "IDirectDrawSurface7's KEYDEST: %#lx %#lx %#lx %#lx %#lx %#lx.\n",
            surface_pixel(dst, 0, 0), surface_pixel(dst, 1, 0), surface_pixel(dst, 2, 0),
            surface_pixel(dst, 3, 0), surface_pixel(dst, 4, 0), surface_pixel(dst, 5, 0));

    /* IDirectDrawSurface: the source's destination key. */
    IDirectDrawSurface7_QueryInterface(src, &IID_IDirectDrawSurface, (void **)&src1);
    IDirectDrawSurface7_QueryInterface(dst, &IID_IDirectDrawSurface, (void **)&dst1);
    set_row(dst, dst_row);
    hr = IDirectDrawSurface_Blt(dst1, NULL, src1, NULL, DDBLT_KEYDEST | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "KEYDEST (v1): hr %#lx.\n", hr);
    ok(row_is(dst, by_src_key), "IDirectDrawSurface's KEYDEST: %#lx %#lx %#lx %#lx %#lx %#lx.\n",
            surface_pixel(dst, 0, 0), surface_pixel(dst, 1, 0), surface_pixel(dst, 2, 0),
            surface_pixel(dst, 3, 0), surface_pixel(dst, 4, 0), surface_pixel(dst, 5, 0));

    /* Unset, the source's keys read back zeroed; DDBLT_KEYSRC is refused,
     * and IDirectDrawSurface's KEYDEST still uses the key last set. */
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT, NULL);
    ok(hr == DD_OK, "SetColorKey(NULL): hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_DESTBLT, NULL);
    ok(hr == DD_OK, "SetColorKey(NULL): hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_GetSurfaceDesc(src, &desc);
    ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
    ok(!(desc.dwFlags & (DDSD_CKSRCBLT | DDSD_CKDESTBLT)), "Flags %#lx.\n", desc.dwFlags);
    ok(!desc.ddckCKSrcBlt.dwColorSpaceLowValue && !desc.ddckCKSrcBlt.dwColorSpaceHighValue,
            "Unset source key reads %#lx-%#lx.\n", desc.ddckCKSrcBlt.dwColorSpaceLowValue,
            desc.ddckCKSrcBlt.dwColorSpaceHighValue);
    ok(!desc.ddckCKDestBlt.dwColorSpaceLowValue, "Unset destination key reads %#lx.\n",
            desc.ddckCKDestBlt.dwColorSpaceLowValue);
    hr = IDirectDrawSurface_Blt(dst1, NULL, src1, NULL, DDBLT_KEYSRC | DDBLT_WAIT, &fx);
    ok(hr == DDERR_INVALIDPARAMS, "KEYSRC after unsetting: hr %#lx.\n", hr);
    set_row(dst, dst_row);
    hr = IDirectDrawSurface_Blt(dst1, NULL, src1, NULL, DDBLT_KEYDEST | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "KEYDEST (v1) after unsetting: hr %#lx.\n", hr);
    ok(row_is(dst, by_src_key), "IDirectDrawSurface's KEYDEST after unsetting: %#lx %#lx.\n",
            surface_pixel(dst, 4, 0), surface_pixel(dst, 5, 0));

    /* Without the destination's key it is refused through either. */
    hr = IDirectDrawSurface7_SetColorKey(dst, DDCKEY_DESTBLT, NULL);
    ok(hr == DD_OK, "SetColorKey(NULL): hr %#lx.\n", hr);
    hr = IDirectDrawSurface_Blt(dst1, NULL, src1, NULL, DDBLT_KEYDEST | DDBLT_WAIT, &fx);
    ok(hr == DDERR_INVALIDPARAMS, "KEYDEST (v1) without a destination key: hr %#lx.\n", hr);

    IDirectDrawSurface_Release(dst1);
    IDirectDrawSurface_Release(src1);
release:
    if (dst)
        IDirectDrawSurface7_Release(dst);
    if (src)
        IDirectDrawSurface7_Release(src);
    IDirectDraw7_Release(ddraw);
done:
    DestroyWindow(window);
}

/* Wine's test_palette_alpha and test_p8_blit. */
static void test_palettes(void)
{
    IDirectDrawPalette *alpha_palette, *palette;
    IDirectDrawSurface7 *p8, *p8_texture, *rgb;
    PALETTEENTRY entries[256];
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_blit", WS_POPUP, 0, 0, 64, 48, NULL, NULL, NULL, NULL);
    if (!(ddraw = create_ddraw7(window, DDSCL_NORMAL)))
        goto done;
    memset(entries, 0, sizeof(entries));
    entries[1].peGreen = 0xff;
    entries[2].peBlue = 0xff;
    entries[4].peRed = 0xff;
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256 | DDPCAPS_ALPHA, entries,
            &alpha_palette, NULL);
    ok(hr == DD_OK, "CreatePalette(ALPHA): hr %#lx.\n", hr);
    p8 = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN, 8, 1, 8);
    p8_texture = create_plain(ddraw, DDSCAPS_TEXTURE, 8, 8, 8);
    rgb = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN, 8, 1, 32);
    if (!palette || !alpha_palette || !p8 || !p8_texture || !rgb)
        goto release;

    /* A palette with alpha: textures only, whatever the format. */
    hr = IDirectDrawSurface7_SetPalette(p8, alpha_palette);
    ok(hr == DDERR_INVALIDSURFACETYPE, "Alpha palette on an offscreen surface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetPalette(rgb, alpha_palette);
    ok(hr == DDERR_INVALIDSURFACETYPE, "Alpha palette on a 32-bit surface: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetPalette(p8_texture, alpha_palette);
    ok(hr == DD_OK, "Alpha palette on a texture: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetPalette(rgb, palette);
    ok(hr == DDERR_INVALIDPIXELFORMAT, "Palette on a 32-bit surface: hr %#lx.\n", hr);

    /* An 8-bit source onto a 32-bit surface, through the source's palette. */
    hr = IDirectDrawSurface7_SetPalette(p8, palette);
    ok(hr == DD_OK, "SetPalette: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(p8, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memcpy(desc.lpSurface, "\x00\x01\x02\x04\x00\x01\x02\x04", 8);
        IDirectDrawSurface7_Unlock(p8, NULL);
    }
    fill_color(rgb, 0x123456);
    hr = IDirectDrawSurface7_Blt(rgb, NULL, p8, NULL, DDBLT_WAIT, NULL);
    ok(hr == DD_OK, "P8 to X8R8G8B8 blit: hr %#lx.\n", hr);
    /* Windows' drivers differ in the colours (Wine's test_p8_blit); Wine's
     * and ours take the palette's. */
    ok(surface_pixel(rgb, 1, 0) == 0x00ff00 || broken(1), "Index 1 became %#lx.\n", surface_pixel(rgb, 1, 0));
    ok(surface_pixel(rgb, 3, 0) == 0xff0000 || broken(1), "Index 4 became %#lx.\n", surface_pixel(rgb, 3, 0));

release:
    if (rgb)
        IDirectDrawSurface7_Release(rgb);
    if (p8_texture)
        IDirectDrawSurface7_Release(p8_texture);
    if (p8)
        IDirectDrawSurface7_Release(p8);
    if (alpha_palette)
        IDirectDrawPalette_Release(alpha_palette);
    if (palette)
        IDirectDrawPalette_Release(palette);
    IDirectDraw7_Release(ddraw);
done:
    DestroyWindow(window);
}

/* Wine's test_user_memory_getdc and ddraw4.c test_get_surface_from_dc. */
static void test_dcs(void)
{
    static DWORD memory[16][16];
    IDirectDrawSurface *surface1, *found;
    IDirectDrawSurface7 *surface;
    IDirectDraw4 *ddraw4;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DIBSECTION dib;
    HWND window;
    HRESULT hr;
    HDC dc;

    window = CreateWindowA("static", "ddraw_blit", WS_POPUP, 0, 0, 64, 48, NULL, NULL, NULL, NULL);
    if (!(ddraw = create_ddraw7(window, DDSCL_NORMAL)))
        goto done;
    if (!(surface = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16, 32)))
        goto release;

    memset(memory, 0xaa, sizeof(memory));
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_LPSURFACE;
    desc.lpSurface = memory;
    hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
    ok(hr == DD_OK, "SetSurfaceDesc: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ok(GetObjectA(GetCurrentObject(dc, OBJ_BITMAP), sizeof(dib), &dib) == sizeof(dib), "No DIB section.\n");
        ok(dib.dsBm.bmBits == memory, "The DC's bits are %p, the program's memory %p.\n", dib.dsBm.bmBits, memory);
        BitBlt(dc, 0, 0, 16, 8, NULL, 0, 0, WHITENESS);
        hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
        ok(hr == DD_OK, "ReleaseDC: hr %#lx.\n", hr);
        ok(memory[0][0] == 0xffffffff && memory[15][15] == 0xaaaaaaaa, "Memory %#lx %#lx.\n",
                memory[0][0], memory[15][15]);
        ok(surface_pixel(surface, 3, 3) == 0xffffff, "The surface reads %#lx.\n", surface_pixel(surface, 3, 3));
    }
    IDirectDrawSurface7_Release(surface);

    /* IDirectDraw4::GetSurfaceFromDC: the IDirectDrawSurface interface. */
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw4, (void **)&ddraw4);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw4): hr %#lx.\n", hr);
    if (!(surface = create_plain(ddraw, DDSCAPS_OFFSCREENPLAIN, 16, 16, 32)) || FAILED(hr))
        goto release;
    IDirectDrawSurface7_QueryInterface(surface, &IID_IDirectDrawSurface, (void **)&surface1);
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    hr = IDirectDraw4_GetSurfaceFromDC(ddraw4, dc, (IDirectDrawSurface4 **)&found);
    ok(hr == DD_OK, "GetSurfaceFromDC: hr %#lx.\n", hr);
    ok(found == surface1, "Got %p, IDirectDrawSurface is %p.\n", found, surface1);
    ok(get_refcount((IUnknown *)surface1) == 2, "IDirectDrawSurface's count %lu.\n",
            get_refcount((IUnknown *)surface1));
    if (found)
        IDirectDrawSurface_Release(found);
    IDirectDrawSurface7_ReleaseDC(surface, dc);
    IDirectDrawSurface_Release(surface1);
    IDirectDrawSurface7_Release(surface);
    IDirectDraw4_Release(ddraw4);

release:
    IDirectDraw7_Release(ddraw);
done:
    DestroyWindow(window);
}

/* Wine's test_gdi_surface. */
static void test_gdi_surface(void)
{
    DDSCAPS2 caps = {DDSCAPS_BACKBUFFER, 0, 0, {0}};
    IDirectDrawSurface7 *primary, *back, *gdi;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_blit", WS_POPUP | WS_VISIBLE, 0, 0, 640, 480, NULL, NULL, NULL, NULL);
    if (!(ddraw = create_ddraw7(window, DDSCL_NORMAL)))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface(primary): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto release;
    hr = IDirectDraw7_FlipToGDISurface(ddraw);
    ok(hr == DDERR_NOTFLIPPABLE, "FlipToGDISurface without a flip chain: hr %#lx.\n", hr);
    IDirectDrawSurface7_Release(primary);

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel(EXCLUSIVE): hr %#lx.\n", hr);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_COMPLEX | DDSCAPS_FLIP;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface(flip chain): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto release;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);

    hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
    ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
    hr = IDirectDraw7_GetGDISurface(ddraw, &gdi);
    ok(hr == DD_OK, "GetGDISurface: hr %#lx.\n", hr);
    ok(gdi == back, "After a flip the GDI surface is %p, the back buffer %p.\n", gdi, back);
    if (gdi)
        IDirectDrawSurface7_Release(gdi);
    hr = IDirectDraw7_FlipToGDISurface(ddraw);
    ok(hr == DD_OK, "FlipToGDISurface: hr %#lx.\n", hr);
    hr = IDirectDraw7_GetGDISurface(ddraw, &gdi);
    ok(hr == DD_OK, "GetGDISurface: hr %#lx.\n", hr);
    ok(gdi == primary, "After FlipToGDISurface the GDI surface is %p, the primary %p.\n", gdi, primary);
    if (gdi)
        IDirectDrawSurface7_Release(gdi);

    IDirectDrawSurface7_Release(back);
    IDirectDrawSurface7_Release(primary);
release:
    IDirectDraw7_Release(ddraw);
done:
    DestroyWindow(window);
}

/* Wine's test_process_vertices: into a destination without RHW, the last
 * vertex's rhw (1 with identity matrices) lands in the vertex after it. */
static void test_process_rhw(IDirect3D7 *d3d, IDirect3DDevice7 *device)
{
    IDirect3DVertexBuffer7 *src, *dst;
    D3DVERTEXBUFFERDESC desc;
    unsigned int i;
    float *data;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwCaps = D3DVBCAPS_SYSTEMMEMORY;
    desc.dwFVF = D3DFVF_XYZ;
    desc.dwNumVertices = 4;
    hr = IDirect3D7_CreateVertexBuffer(d3d, &desc, &src, 0);
    ok(hr == D3D_OK, "CreateVertexBuffer: hr %#lx.\n", hr);
    desc.dwNumVertices = 5;
    hr = IDirect3D7_CreateVertexBuffer(d3d, &desc, &dst, 0);
    ok(hr == D3D_OK, "CreateVertexBuffer: hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        IDirect3DVertexBuffer7_Release(src);
        return;
    }
    IDirect3DVertexBuffer7_Lock(src, 0, (void **)&data, NULL);
    for (i = 0; i < 12; ++i)
        data[i] = i / 24.0f;
    IDirect3DVertexBuffer7_Unlock(src);
    IDirect3DVertexBuffer7_Lock(dst, 0, (void **)&data, NULL);
    for (i = 0; i < 15; ++i)
        data[i] = 0.5f;
    IDirect3DVertexBuffer7_Unlock(dst);
    hr = IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM, 0, 4, src, 0, device, 0);
    ok(hr == D3D_OK, "ProcessVertices: hr %#lx.\n", hr);
    IDirect3DVertexBuffer7_Lock(dst, 0, (void **)&data, NULL);
    ok(data[12] == 1.0f && data[13] == 0.5f, "The vertex after the range: %.8e %.8e.\n", data[12], data[13]);
    IDirect3DVertexBuffer7_Unlock(dst);
    IDirect3DVertexBuffer7_Release(dst);
    IDirect3DVertexBuffer7_Release(src);
}

/* A device of the given type on a 64x48 render target in video or system
 * memory (caps) of a 64x48 window in the normal cooperative level, for the
 * tests below; FALSE (with what failed reported) when one cannot be made. */
struct hal_device
{
    HWND window;
    IDirectDraw7 *ddraw;
    IDirect3D7 *d3d;
    IDirectDrawSurface7 *rt;
    IDirect3DDevice7 *device;
};

static void hal_device_destroy(struct hal_device *hal)
{
    if (hal->device)
        IDirect3DDevice7_Release(hal->device);
    if (hal->rt)
        IDirectDrawSurface7_Release(hal->rt);
    if (hal->d3d)
        IDirect3D7_Release(hal->d3d);
    if (hal->ddraw)
        IDirectDraw7_Release(hal->ddraw);
    DestroyWindow(hal->window);
}

static BOOL hal_device_create_ex(struct hal_device *hal, const GUID *device_guid, DWORD memory)
{
    HRESULT hr;

    memset(hal, 0, sizeof(*hal));
    hal->window = CreateWindowA("static", "ddraw_blit", WS_POPUP, 0, 0, 64, 48, NULL, NULL, NULL, NULL);
    if (!(hal->ddraw = create_ddraw7(hal->window, DDSCL_NORMAL)))
        goto fail;
    hr = IDirectDraw7_QueryInterface(hal->ddraw, &IID_IDirect3D7, (void **)&hal->d3d);
    ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto fail;
    hal->rt = create_plain(hal->ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | memory, 64, 48, 32);
    if (!hal->rt)
        goto fail;
    hr = IDirect3D7_CreateDevice(hal->d3d, device_guid, hal->rt, &hal->device);
    ok(hr == DD_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr))
    {
        hal->device = NULL;
        goto fail;
    }
    return TRUE;

fail:
    hal_device_destroy(hal);
    return FALSE;
}

static BOOL hal_device_create(struct hal_device *hal)
{
    return hal_device_create_ex(hal, &IID_IDirect3DHALDevice, DDSCAPS_VIDEOMEMORY);
}

/* Wine's test_sysmem_draw: a hardware device takes a system memory texture. */
static void test_sysmem_texture(void)
{
    IDirectDrawSurface7 *texture, *current = NULL;
    struct hal_device hal;
    HRESULT hr;

    if (!hal_device_create(&hal))
        return;
    if ((texture = create_plain(hal.ddraw, DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY, 8, 8, 32)))
    {
        hr = IDirect3DDevice7_SetTexture(hal.device, 0, texture);
        ok(hr == D3D_OK, "SetTexture(system memory): hr %#lx.\n", hr);
        hr = IDirect3DDevice7_GetTexture(hal.device, 0, &current);
        ok(hr == D3D_OK && current == texture, "GetTexture: hr %#lx, %p.\n", hr, current);
        if (current)
            IDirectDrawSurface7_Release(current);
        hr = IDirect3DDevice7_SetTexture(hal.device, 0, NULL);
        ok(hr == D3D_OK, "SetTexture(NULL): hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(texture);
    }
    test_process_rhw(hal.d3d, hal.device);
    hal_device_destroy(&hal);
}

/* A managed texture says DDSCAPS_SYSTEMMEMORY, as on Windows, but a hardware
 * device draws with its texels: only a plain system memory texture samples
 * black there.  A regression check: blacking every texture that said
 * DDSCAPS_SYSTEMMEMORY left bench's and games' managed textures black. */
static void test_managed_texture_draw(void)
{
    static const D3DTLVERTEX quad[] =
    {
        {{0.0f}, {0.0f}, {0.5f}, {1.0f}, {0xffffffff}, {0}, {0.0f}, {0.0f}},
        {{64.0f}, {0.0f}, {0.5f}, {1.0f}, {0xffffffff}, {0}, {1.0f}, {0.0f}},
        {{0.0f}, {48.0f}, {0.5f}, {1.0f}, {0xffffffff}, {0}, {0.0f}, {1.0f}},
        {{64.0f}, {48.0f}, {0.5f}, {1.0f}, {0xffffffff}, {0}, {1.0f}, {1.0f}},
    };
    IDirectDrawSurface7 *texture;
    struct hal_device hal;
    DDSURFACEDESC2 desc;
    unsigned int x, y;
    DWORD colour;
    HRESULT hr;

    if (!hal_device_create(&hal))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_TEXTUREMANAGE;
    desc.dwWidth = desc.dwHeight = 8;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    hr = IDirectDraw7_CreateSurface(hal.ddraw, &desc, &texture, NULL);
    ok(hr == DD_OK, "CreateSurface(managed texture): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawSurface7_GetSurfaceDesc(texture, &desc);
        ok(hr == DD_OK && (desc.ddsCaps.dwCaps & DDSCAPS_SYSTEMMEMORY),
                "A managed texture says system memory: hr %#lx, caps %#lx.\n", hr, desc.ddsCaps.dwCaps);
        for (y = 0; y < 8; ++y)
            for (x = 0; x < 8; ++x)
                write_pixel32(texture, x, y, 0x0000c000);
        IDirect3DDevice7_Clear(hal.device, 0, NULL, D3DCLEAR_TARGET, 0x00000080, 1.0f, 0);
        IDirect3DDevice7_SetRenderState(hal.device, D3DRENDERSTATE_LIGHTING, FALSE);
        IDirect3DDevice7_SetRenderState(hal.device, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
        hr = IDirect3DDevice7_SetTexture(hal.device, 0, texture);
        ok(hr == D3D_OK, "SetTexture(managed): hr %#lx.\n", hr);
        IDirect3DDevice7_BeginScene(hal.device);
        hr = IDirect3DDevice7_DrawPrimitive(hal.device, D3DPT_TRIANGLESTRIP, D3DFVF_TLVERTEX, (void *)quad, 4, 0);
        ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
        IDirect3DDevice7_EndScene(hal.device);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(hal.rt, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            colour = ((DWORD *)((BYTE *)desc.lpSurface + 24 * desc.lPitch))[32] & 0x00ffffff;
            ok(colour == 0x0000c000, "The managed texture's texel drawn: got %#lx.\n", colour);
            IDirectDrawSurface7_Unlock(hal.rt, NULL);
        }
        IDirect3DDevice7_SetTexture(hal.device, 0, NULL);
        IDirectDrawSurface7_Release(texture);
    }
    hal_device_destroy(&hal);
}

/* The software (RGB) device draws into a render target in system memory
 * through a GL render target of its own (Wine's ddraw7.c test_zenable with
 * the RGB device).  A regression check: that GL target's description once
 * carried a field left uninitialised, its creation failed and nothing was
 * drawn. */
static void test_rgb_device_sysmem_target(void)
{
    static const D3DTLVERTEX quad[] =
    {
        {{0.0f}, {48.0f}, {-0.5f}, {1.0f}, {0xff00ff00}, {0}, {0.0f}, {0.0f}},
        {{0.0f}, {0.0f}, {-0.5f}, {1.0f}, {0xff00ff00}, {0}, {0.0f}, {0.0f}},
        {{64.0f}, {48.0f}, {1.5f}, {1.0f}, {0xff00ff00}, {0}, {0.0f}, {0.0f}},
        {{64.0f}, {0.0f}, {1.5f}, {1.0f}, {0xff00ff00}, {0}, {0.0f}, {0.0f}},
    };
    struct hal_device rgb;
    DWORD colour;
    HRESULT hr;

    if (!hal_device_create_ex(&rgb, &IID_IDirect3DRGBDevice, DDSCAPS_SYSTEMMEMORY))
        return;
    hr = IDirect3DDevice7_Clear(rgb.device, 0, NULL, D3DCLEAR_TARGET, 0x00ff0000, 1.0f, 0);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    colour = surface_pixel(rgb.rt, 32, 24);
    ok(colour == 0x00ff0000, "Cleared: got %#lx.\n", colour);
    IDirect3DDevice7_SetRenderState(rgb.device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(rgb.device, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice7_BeginScene(rgb.device);
    hr = IDirect3DDevice7_DrawPrimitive(rgb.device, D3DPT_TRIANGLESTRIP, D3DFVF_TLVERTEX, (void *)quad, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(rgb.device);
    colour = surface_pixel(rgb.rt, 32, 24);
    ok(colour == 0x0000ff00, "Drawn: got %#lx.\n", colour);
    colour = surface_pixel(rgb.rt, 4, 44);
    ok(colour == 0x0000ff00, "Drawn at the near edge (z -0.5, clamped): got %#lx.\n", colour);
    hal_device_destroy(&rgb);
}

/* Wine's test_primary_palette: after the display goes from 8 bits to 32 the
 * primary made in 8 bits is described in 32. */
static void test_primary_format(void)
{
    IDirectDrawSurface7 *primary;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_blit", WS_POPUP | WS_VISIBLE, 0, 0, 640, 480, NULL, NULL, NULL, NULL);
    if (!(ddraw = create_ddraw7(window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN)))
        goto done;
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 8, 0, 0);
    ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode(8 bits): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto release;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface(primary): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto restore;
    hr = IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    ok(hr == DD_OK && desc.ddpfPixelFormat.dwRGBBitCount == 8, "In 8 bits: hr %#lx, %lu bits.\n", hr,
            desc.ddpfPixelFormat.dwRGBBitCount);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0);
    ok(hr == DD_OK, "SetDisplayMode(32 bits): hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetSurfaceDesc(primary, &desc);
    ok(hr == DD_OK && desc.ddpfPixelFormat.dwRGBBitCount == 32, "After the change: hr %#lx, %lu bits.\n", hr,
            desc.ddpfPixelFormat.dwRGBBitCount);
    ok(desc.dwWidth == 640 && desc.dwHeight == 480, "Size %lux%lu.\n", desc.dwWidth, desc.dwHeight);
    IDirectDrawSurface7_Release(primary);
restore:
    IDirectDraw7_RestoreDisplayMode(ddraw);
release:
    IDirectDraw7_Release(ddraw);
done:
    DestroyWindow(window);
}

START_TEST(ddraw_blit)
{
    test_clipped_stretch();
    test_color_keys();
    test_palettes();
    test_dcs();
    test_gdi_surface();
    test_sysmem_texture();
    test_managed_texture_draw();
    test_rgb_device_sysmem_target();
    test_primary_format();
}

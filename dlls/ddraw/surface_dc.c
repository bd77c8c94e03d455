/*
 * ddraw: GetDC and ReleaseDC of the surface object (surface.c).  GDI draws
 * into a DIB section in the surface's format.  At the first GetDC the DIB's
 * memory becomes the surface's CPU storage for good (as SetSurfaceDesc
 * client memory is): a Lock, whether taken before, during or after the DC,
 * points into the very bytes GDI draws into, and the core's texture is
 * brought up to date from them at ReleaseDC and Unlock (and read back into
 * them before a Lock or GetDC).  Only the PE builds have GDI; the native
 * build has no DC to give.
 */

#include "config.h"

#include "ddraw_private.h"

#ifdef _WIN32
/* gdi32's D3DKMTCreateDCFromMemory (Windows 7 on, and Wine), which mingw's
 * headers lack: a DC over memory of our own, described as Windows' own
 * DirectDraw describes its DCs (biSizeImage 0, 32 bits as BI_RGB). */
struct surface_kmt_create_dc
{
    void *memory;
    UINT format;                    /* a D3DFORMAT */
    UINT width, height, pitch;
    HDC device_dc;
    PALETTEENTRY *colors;
    HDC dc;                         /* out */
    HANDLE bitmap;                  /* out */
};

struct surface_kmt_destroy_dc
{
    HDC dc;
    HANDLE bitmap;
};

LONG WINAPI D3DKMTCreateDCFromMemory(struct surface_kmt_create_dc *desc);
LONG WINAPI D3DKMTDestroyDCFromMemory(const struct surface_kmt_destroy_dc *desc);
#endif

void ddraw_surface_free_dc(struct ddraw_surface *surface)
{
#ifdef _WIN32
    if (surface->dc && surface->dib && !surface->old_bitmap)
    {
        /* Made by D3DKMTCreateDCFromMemory over memory of ours. */
        struct surface_kmt_destroy_dc destroy = {surface->dc, surface->dib};

        D3DKMTDestroyDCFromMemory(&destroy);
        /* Not the application's memory, which a DC may lie over. */
        if (surface->dib_backed || surface->dib_bits != surface->client_memory)
            free(surface->dib_bits);
        surface->dc = NULL;
        surface->dib = NULL;
    }
    if (surface->dc)
    {
        if (surface->old_bitmap)
            SelectObject(surface->dc, surface->old_bitmap);
        DeleteDC(surface->dc);
    }
    if (surface->dib)
        DeleteObject(surface->dib);
    if (surface->dib_backed)
        surface->client_memory = NULL;
    surface->dc = NULL;
    surface->dib = NULL;
    surface->old_bitmap = NULL;
    surface->dib_bits = NULL;
#endif
    surface->dib_backed = FALSE;
    surface->dc_over_lock = FALSE;
    surface->dc_in_use = FALSE;
}

#ifdef _WIN32
/* The DIB's colour table is the surface's palette; without one, the
 * primary's, which stands for the system palette an 8-bit program's GDI
 * drawing gets on Windows (Wine's test_palette_gdi; programs that give their
 * palette only to the primary and draw bitmaps through GetDC rely on it);
 * a grey ramp when neither has one. */
static void surface_palette_to_rgbquad(const struct ddraw_surface *surface, RGBQUAD *colors)
{
    const struct ddraw_palette *palette = surface->palette;
    unsigned int i;

    if (!palette && surface->ddraw && surface->ddraw->primary)
        palette = surface->ddraw->primary->palette;
    for (i = 0; i < 256; ++i)
    {
        if (palette && i < palette->entry_count)
        {
            colors[i].rgbRed = palette->entries[i].peRed;
            colors[i].rgbGreen = palette->entries[i].peGreen;
            colors[i].rgbBlue = palette->entries[i].peBlue;
        }
        else
            colors[i].rgbRed = colors[i].rgbGreen = colors[i].rgbBlue = i;
        colors[i].rgbReserved = 0;
    }
}

/* The rows of the DIB, once made: those of the memory it lies over. */
static DWORD surface_dib_pitch(const struct ddraw_surface *surface)
{
    return surface->dib_pitch;
}

/* The rows CreateDIBSection makes: DWORD aligned. */
static DWORD surface_dword_pitch(const struct ddraw_surface *surface)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(surface->format);
    return ((surface->desc.dwWidth * info->bits_per_pixel + 31) / 32) * 4;
}

/* The D3DFORMAT D3DKMTCreateDCFromMemory knows a format by, 0 for none.
 * The byte-order RGBA ones pass as their BGRA twins, as Windows' DCs of
 * them are BI_RGB (Wine's test_getdc). */
static UINT surface_kmt_format(enum wined3d_format_id format)
{
    switch (format)
    {
        case WINED3DFMT_R8G8B8: return 20;
        case WINED3DFMT_A8R8G8B8: case WINED3DFMT_A8B8G8R8: return 21;
        case WINED3DFMT_X8R8G8B8: case WINED3DFMT_X8B8G8R8: return 22;
        case WINED3DFMT_R5G6B5: return 23;
        case WINED3DFMT_X1R5G5B5: return 24;
        case WINED3DFMT_A1R5G5B5: return 25;
        case WINED3DFMT_A4R4G4B4: return 26;
        default: return 0;
    }
}

/* A DC over the application's memory (SetSurfaceDesc's, with its pitch) if
 * it has some, as Windows makes it (Wine's test_user_memory_getdc reads the
 * DIB's bits back), else over new memory of ours. */
static BOOL surface_create_kmt_dc(struct ddraw_surface *surface)
{
    struct surface_kmt_create_dc create;
    UINT format = surface_kmt_format(surface->format);
    BOOL own = !surface->client_memory || surface->dib_backed;
    DWORD pitch;
    void *memory;

    /* Memory of ours has the rows of the core's texture (8-byte aligned in
     * video memory), so that Lock's pitch does not change at GetDC. */
    if (own)
        pitch = wined3d_format_calculate_aligned_pitch(surface->format, surface->desc.dwWidth,
                ddraw_surface_row_alignment(&surface->desc.ddsCaps));
    else
        pitch = surface->desc.lPitch;
    if (!format || !(memory = own ? calloc(surface->desc.dwHeight, pitch) : surface->client_memory))
        return FALSE;
    memset(&create, 0, sizeof(create));
    create.memory = memory;
    create.format = format;
    create.width = surface->desc.dwWidth;
    create.height = surface->desc.dwHeight;
    create.pitch = pitch;
    if (!(create.device_dc = CreateCompatibleDC(NULL)) || D3DKMTCreateDCFromMemory(&create) < 0)
    {
        if (create.device_dc)
            DeleteDC(create.device_dc);
        if (own)
            free(memory);
        return FALSE;
    }
    DeleteDC(create.device_dc);
    surface->dc = create.dc;
    surface->dib = create.bitmap;
    surface->old_bitmap = NULL;
    surface->dib_bits = memory;
    surface->dib_pitch = pitch;
    return TRUE;
}

static HRESULT surface_create_dib(struct ddraw_surface *surface)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(surface->format);
    struct
    {
        BITMAPINFOHEADER header;
        union
        {
            DWORD masks[3];
            RGBQUAD colors[256];
        } u;
    } bmi;

    if (info->compressed || info->depth || info->luminance || surface->format == WINED3DFMT_A8
            || surface->format == WINED3DFMT_P4 || info->bits_per_pixel < 8)
        return DDERR_CANTCREATEDC;
    if (surface_create_kmt_dc(surface))
        return DD_OK;

    memset(&bmi, 0, sizeof(bmi));
    bmi.header.biSize = sizeof(bmi.header);
    bmi.header.biWidth = surface->desc.dwWidth;
    bmi.header.biHeight = -(LONG)surface->desc.dwHeight;   /* top-down, as the surface's rows */
    bmi.header.biPlanes = 1;
    bmi.header.biBitCount = info->bits_per_pixel;
    if (info->palettised)
    {
        bmi.header.biCompression = BI_RGB;
        bmi.header.biClrUsed = 256;
        surface_palette_to_rgbquad(surface, bmi.u.colors);
    }
    else if (info->bits_per_pixel == 32 && info->red_mask == 0x00ff0000 && info->green_mask == 0x0000ff00
            && info->blue_mask == 0x000000ff)
    {
        /* BI_RGB's own 32-bit layout, as Windows describes these DIBs
         * (Wine's test_getdc reads biCompression back). */
        bmi.header.biCompression = BI_RGB;
    }
    else if (info->bits_per_pixel == 16 || info->bits_per_pixel == 32)
    {
        bmi.header.biCompression = BI_BITFIELDS;
        bmi.u.masks[0] = info->red_mask;
        bmi.u.masks[1] = info->green_mask;
        bmi.u.masks[2] = info->blue_mask;
    }
    else
        bmi.header.biCompression = BI_RGB;

    if (!(surface->dc = CreateCompatibleDC(NULL)))
        return DDERR_CANTCREATEDC;
    if (!(surface->dib = CreateDIBSection(surface->dc, (BITMAPINFO *)&bmi, DIB_RGB_COLORS,
            &surface->dib_bits, NULL, 0)))
    {
        DeleteDC(surface->dc);
        surface->dc = NULL;
        return DDERR_CANTCREATEDC;
    }
    surface->old_bitmap = SelectObject(surface->dc, surface->dib);
    /* Where the DIB replaces the surface's memory (surface_make_dib_backed)
     * the surface takes these rows, which may be shorter than its own. */
    surface->dib_pitch = surface_dword_pitch(surface);
    return DD_OK;
}

/* Moves the surface's CPU storage into a new DIB section. */
static HRESULT surface_make_dib_backed(struct ddraw_surface *surface)
{
    HRESULT hr;

    if (FAILED(hr = surface_create_dib(surface)))
        return hr;
    surface->desc.lPitch = surface_dib_pitch(surface);
    surface->client_memory = surface->dib_bits;
    surface->dib_backed = TRUE;
    ddraw_surface_sync_client(surface);
    return DD_OK;
}

static void surface_copy_rows(BYTE *dst, DWORD dst_pitch, const BYTE *src, DWORD src_pitch,
        DWORD bytes, DWORD rows)
{
    DWORD y;

    for (y = 0; y < rows; ++y)
        memcpy(dst + y * dst_pitch, src + y * src_pitch, bytes);
}
#endif

/* A DC taken over a lock of the core's memory: what GDI drew so far goes
 * into the lock's memory. */
void ddraw_surface_dc_to_lock(struct ddraw_surface *surface)
{
#ifdef _WIN32
    if (!surface->dc_over_lock || !surface->lock_base)
        return;
    GdiFlush();
    surface_copy_rows(surface->lock_base, surface->lock_pitch, surface->dib_bits, surface_dib_pitch(surface),
            surface_dib_pitch(surface), surface->desc.dwHeight);
#else
    (void)surface;
#endif
}

HRESULT ddraw_surface_get_dc(struct ddraw_surface *surface, HDC *dc)
{
#ifdef _WIN32
    HRESULT hr;

    if (!dc)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (FAILED(hr = ddraw_surface_check_usable(surface)))
        goto done;
    if (surface->dc_in_use)
    {
        hr = DDERR_DCALREADYCREATED;
        goto done;
    }
    if (surface->client_memory && !surface->dib_backed)
    {
        /* The application's own memory (SetSurfaceDesc): the DC lies over it
         * where D3DKMTCreateDCFromMemory knows the format; else the DIB
         * gets a copy, written back at ReleaseDC. */
        if (!surface->dc && FAILED(hr = surface_create_dib(surface)))
            goto done;
        if (surface->dib_bits != surface->client_memory)
            surface_copy_rows(surface->dib_bits, surface_dib_pitch(surface), surface->client_memory,
                    surface->desc.lPitch, surface_dib_pitch(surface), surface->desc.dwHeight);
    }
    else if (!surface->dib_backed)
    {
        /* A lock taken before the first GetDC points at the core's memory,
         * which a DIB cannot share: the DIB gets a copy, written back into
         * the lock's memory at ReleaseDC (or Unlock, whichever is first). */
        if (surface->lock_count)
        {
            if (!surface->lock_base)
            {
                hr = DDERR_SURFACEBUSY;
                goto done;
            }
            if (!surface->dc && FAILED(hr = surface_create_dib(surface)))
                goto done;
            surface_copy_rows(surface->dib_bits, surface_dib_pitch(surface), surface->lock_base,
                    surface->lock_pitch, surface_dib_pitch(surface), surface->desc.dwHeight);
            surface->dc_over_lock = TRUE;
        }
        else
        {
            if (surface->dc)
                ddraw_surface_free_dc(surface);   /* the copy of an earlier DC over a lock */
            if (FAILED(hr = surface_make_dib_backed(surface)))
                goto done;
        }
    }
    else if (!surface->lock_count)
        ddraw_surface_sync_client(surface);   /* blits or Direct3D may have drawn since */
    if (wined3d_get_format_info(surface->format)->palettised)
    {
        RGBQUAD colors[256];

        surface_palette_to_rgbquad(surface, colors);
        SetDIBColorTable(surface->dc, 0, 256, colors);
    }
    surface->dc_in_use = TRUE;
    *dc = surface->dc;
    hr = DD_OK;
done:
    /* Windows leaves the caller's handle alone on failure, but for a DC
     * that cannot be made (Wine's test_getdc). */
    if (hr == DDERR_CANTCREATEDC)
        *dc = NULL;
    ddraw_unlock();
    return hr;
#else
    /* Natively there is no GDI to draw with. */
    if (!dc)
        return DDERR_INVALIDPARAMS;
    *dc = NULL;
    return DDERR_CANTCREATEDC;
#endif
}

HRESULT ddraw_surface_release_dc(struct ddraw_surface *surface, HDC dc)
{
#ifdef _WIN32
    ddraw_lock();
    if (!surface->dc_in_use || dc != surface->dc)
    {
        ddraw_unlock();
        return DDERR_NODC;
    }
    GdiFlush();
    surface->dc_in_use = FALSE;
    if (surface->dc_over_lock)
    {
        /* Into the lock's memory; after an Unlock, into the texture. */
        if (surface->lock_count)
            ddraw_surface_dc_to_lock(surface);
        else if (surface->texture)
            wined3d_texture_upload_data(surface->texture, surface->sub_resource, surface->dib_bits,
                    surface_dib_pitch(surface));
        surface->dc_over_lock = FALSE;
    }
    else
    {
        if (!surface->dib_backed && surface->dib_bits != surface->client_memory)
            surface_copy_rows(surface->client_memory, surface->desc.lPitch, surface->dib_bits,
                    surface_dib_pitch(surface), surface_dib_pitch(surface), surface->desc.dwHeight);
        if (surface->texture)
            wined3d_texture_upload_data(surface->texture, surface->sub_resource, surface->client_memory,
                    surface->desc.lPitch);
    }
    ddraw_surface_changed(surface);
    ddraw_surface_show(surface);
    ddraw_unlock();
    return DD_OK;
#else
    return DDERR_NODC;
#endif
}

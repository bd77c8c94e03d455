/*
 * ddraw: pixel formats and surface description conversions
 * shared by the objects.
 */
#include "config.h"

#include "ddraw_private.h"
/* ---------------------------------------------------------------------- */
/* Pixel formats                                                           */

BOOL ddraw_format_to_ddpf(enum wined3d_format_id format, DDPIXELFORMAT *ddpf)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(format);

    memset(ddpf, 0, sizeof(*ddpf));
    ddpf->dwSize = sizeof(*ddpf);
    if (!info || format == WINED3DFMT_UNKNOWN)
        return FALSE;

    switch (format)
    {
        case WINED3DFMT_P8:
            ddpf->dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED8;
            ddpf->dwRGBBitCount = 8;
            return TRUE;
        case WINED3DFMT_P4:
            ddpf->dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED4;
            ddpf->dwRGBBitCount = 4;
            return TRUE;
        case WINED3DFMT_DXT1: ddpf->dwFlags = DDPF_FOURCC; ddpf->dwFourCC = MAKEFOURCC('D', 'X', 'T', '1'); return TRUE;
        case WINED3DFMT_DXT2: ddpf->dwFlags = DDPF_FOURCC; ddpf->dwFourCC = MAKEFOURCC('D', 'X', 'T', '2'); return TRUE;
        case WINED3DFMT_DXT3: ddpf->dwFlags = DDPF_FOURCC; ddpf->dwFourCC = MAKEFOURCC('D', 'X', 'T', '3'); return TRUE;
        case WINED3DFMT_DXT4: ddpf->dwFlags = DDPF_FOURCC; ddpf->dwFourCC = MAKEFOURCC('D', 'X', 'T', '4'); return TRUE;
        case WINED3DFMT_DXT5: ddpf->dwFlags = DDPF_FOURCC; ddpf->dwFourCC = MAKEFOURCC('D', 'X', 'T', '5'); return TRUE;
        case WINED3DFMT_L8:
            ddpf->dwFlags = DDPF_LUMINANCE;
            ddpf->dwLuminanceBitCount = 8;
            ddpf->dwLuminanceBitMask = 0xff;
            return TRUE;
        case WINED3DFMT_A8L8:
            ddpf->dwFlags = DDPF_LUMINANCE | DDPF_ALPHAPIXELS;
            ddpf->dwLuminanceBitCount = 16;
            ddpf->dwLuminanceBitMask = 0x00ff;
            ddpf->dwLuminanceAlphaBitMask = 0xff00;
            return TRUE;
        case WINED3DFMT_A8:
            ddpf->dwFlags = DDPF_ALPHA;
            ddpf->dwAlphaBitDepth = 8;
            return TRUE;
        case WINED3DFMT_D16:
        case WINED3DFMT_D24X8:
        case WINED3DFMT_D24S8:
        case WINED3DFMT_D32:
            ddpf->dwFlags = DDPF_ZBUFFER;
            ddpf->dwZBufferBitDepth = format == WINED3DFMT_D16 ? 16 : 32;
            if (format == WINED3DFMT_D24S8)
            {
                ddpf->dwFlags |= DDPF_STENCILBUFFER;
                ddpf->dwStencilBitDepth = 8;
                ddpf->dwStencilBitMask = 0x000000ff;
            }
            ddpf->dwZBitMask = format == WINED3DFMT_D16 ? 0xffff
                    : format == WINED3DFMT_D32 ? 0xffffffff : 0xffffff00;
            return TRUE;
        case WINED3DFMT_X8D24:
        case WINED3DFMT_S8D24:
            /* How Windows drivers describe their 24-bit z-buffers. */
            ddpf->dwFlags = DDPF_ZBUFFER;
            ddpf->dwZBufferBitDepth = 32;
            ddpf->dwZBitMask = 0x00ffffff;
            if (format == WINED3DFMT_S8D24)
            {
                ddpf->dwFlags |= DDPF_STENCILBUFFER;
                ddpf->dwStencilBitDepth = 8;
                ddpf->dwStencilBitMask = 0xff000000;
            }
            return TRUE;
        default:
            break;
    }

    if (!info->red_mask && !info->green_mask && !info->blue_mask)
        return FALSE;
    ddpf->dwFlags = DDPF_RGB;
    ddpf->dwRGBBitCount = info->bits_per_pixel;
    ddpf->dwRBitMask = info->red_mask;
    ddpf->dwGBitMask = info->green_mask;
    ddpf->dwBBitMask = info->blue_mask;
    if (info->alpha_mask)
    {
        ddpf->dwFlags |= DDPF_ALPHAPIXELS;
        ddpf->dwRGBAlphaBitMask = info->alpha_mask;
    }
    return TRUE;
}

enum wined3d_format_id ddraw_format_from_ddpf(const DDPIXELFORMAT *ddpf)
{
    static const enum wined3d_format_id rgb_formats[] =
    {
        WINED3DFMT_R5G6B5, WINED3DFMT_X1R5G5B5, WINED3DFMT_A1R5G5B5, WINED3DFMT_A4R4G4B4,
        WINED3DFMT_R8G8B8, WINED3DFMT_X8R8G8B8, WINED3DFMT_A8R8G8B8,
        WINED3DFMT_A8B8G8R8, WINED3DFMT_X8B8G8R8, WINED3DFMT_A1B5G5R5,
    };
    unsigned int i;

    if (ddpf->dwFlags & DDPF_FOURCC)
    {
        switch (ddpf->dwFourCC)
        {
            case MAKEFOURCC('D', 'X', 'T', '1'): return WINED3DFMT_DXT1;
            case MAKEFOURCC('D', 'X', 'T', '2'): return WINED3DFMT_DXT2;
            case MAKEFOURCC('D', 'X', 'T', '3'): return WINED3DFMT_DXT3;
            case MAKEFOURCC('D', 'X', 'T', '4'): return WINED3DFMT_DXT4;
            case MAKEFOURCC('D', 'X', 'T', '5'): return WINED3DFMT_DXT5;
            default: return WINED3DFMT_UNKNOWN;
        }
    }
    if (ddpf->dwFlags & DDPF_PALETTEINDEXED8)
        return WINED3DFMT_P8;
    if (ddpf->dwFlags & DDPF_PALETTEINDEXED4)
        return WINED3DFMT_P4;
    if (ddpf->dwFlags & (DDPF_PALETTEINDEXED1 | DDPF_PALETTEINDEXED2 | DDPF_PALETTEINDEXEDTO8
            | DDPF_YUV | DDPF_BUMPDUDV | DDPF_BUMPLUMINANCE))
        return WINED3DFMT_UNKNOWN;
    if (ddpf->dwFlags & DDPF_ZBUFFER)
    {
        BOOL stencil = !!(ddpf->dwFlags & DDPF_STENCILBUFFER);

        switch (ddpf->dwZBufferBitDepth)
        {
            case 16:
                return stencil ? WINED3DFMT_UNKNOWN : WINED3DFMT_D16;
            case 24:
                if (stencil)
                    return WINED3DFMT_UNKNOWN;
                return ddpf->dwZBitMask == 0x00ffffff ? WINED3DFMT_X8D24 : WINED3DFMT_D24X8;
            case 32:
                /* The depth in the low 24 bits (z mask 0x00ffffff) is X8D24
                 * or S8D24; any other 24-bit mask is D24X8 or D24S8. */
                if (stencil)
                {
                    if (ddpf->dwStencilBitDepth != 8)
                        return WINED3DFMT_UNKNOWN;
                    return ddpf->dwZBitMask == 0x00ffffff ? WINED3DFMT_S8D24 : WINED3DFMT_D24S8;
                }
                if (ddpf->dwZBitMask == 0xffffffff)
                    return WINED3DFMT_D32;
                return ddpf->dwZBitMask == 0x00ffffff ? WINED3DFMT_X8D24 : WINED3DFMT_D24X8;
            default:
                return WINED3DFMT_UNKNOWN;
        }
    }
    if (ddpf->dwFlags & DDPF_LUMINANCE)
    {
        if (ddpf->dwLuminanceBitCount == 8 && !(ddpf->dwFlags & DDPF_ALPHAPIXELS))
            return WINED3DFMT_L8;
        if (ddpf->dwLuminanceBitCount == 16 && (ddpf->dwFlags & DDPF_ALPHAPIXELS))
            return WINED3DFMT_A8L8;
        return WINED3DFMT_UNKNOWN;
    }
    if ((ddpf->dwFlags & DDPF_ALPHA) && !(ddpf->dwFlags & DDPF_RGB))
        return ddpf->dwAlphaBitDepth == 8 ? WINED3DFMT_A8 : WINED3DFMT_UNKNOWN;
    if (!(ddpf->dwFlags & DDPF_RGB))
        return WINED3DFMT_UNKNOWN;

    for (i = 0; i < ARRAY_SIZE(rgb_formats); ++i)
    {
        const struct wined3d_format_info *info = wined3d_get_format_info(rgb_formats[i]);
        DWORD alpha = (ddpf->dwFlags & DDPF_ALPHAPIXELS) ? ddpf->dwRGBAlphaBitMask : 0;

        if (!info || info->bits_per_pixel != ddpf->dwRGBBitCount)
            continue;
        if (info->red_mask == ddpf->dwRBitMask && info->green_mask == ddpf->dwGBitMask
                && info->blue_mask == ddpf->dwBBitMask && info->alpha_mask == alpha)
            return rgb_formats[i];
    }
    return WINED3DFMT_UNKNOWN;
}

enum wined3d_format_id ddraw_format_from_bpp(DWORD bpp)
{
    switch (bpp)
    {
        case 8: return WINED3DFMT_P8;
        case 15: return WINED3DFMT_X1R5G5B5;
        case 16: return WINED3DFMT_R5G6B5;
        case 24: return WINED3DFMT_R8G8B8;
        case 32: return WINED3DFMT_X8R8G8B8;
        default: return WINED3DFMT_UNKNOWN;
    }
}

/* ---------------------------------------------------------------------- */
/* Surface descriptions                                                    */

void ddraw_caps2_to_caps1(const DDSCAPS2 *in, DDSCAPS *out)
{
    out->dwCaps = in->dwCaps;
}

void ddraw_caps1_to_caps2(const DDSCAPS *in, DDSCAPS2 *out)
{
    memset(out, 0, sizeof(*out));
    out->dwCaps = in->dwCaps;
}

void ddraw_desc1_to_desc2(const DDSURFACEDESC *in, DDSURFACEDESC2 *out)
{
    memset(out, 0, sizeof(*out));
    out->dwSize = sizeof(*out);
    out->dwFlags = in->dwFlags & ~DDSD_ZBUFFERBITDEPTH;
    out->dwHeight = in->dwHeight;
    out->dwWidth = in->dwWidth;
    out->lPitch = in->lPitch;
    out->dwBackBufferCount = in->dwBackBufferCount;
    /* The union's value is a z-buffer depth under DDSD_ZBUFFERBITDEPTH,
     * no mip level count. */
    if (!(in->dwFlags & DDSD_ZBUFFERBITDEPTH))
        out->dwMipMapCount = in->dwMipMapCount;
    out->dwAlphaBitDepth = in->dwAlphaBitDepth;
    out->lpSurface = in->lpSurface;
    out->ddckCKDestOverlay = in->ddckCKDestOverlay;
    out->ddckCKDestBlt = in->ddckCKDestBlt;
    out->ddckCKSrcOverlay = in->ddckCKSrcOverlay;
    out->ddckCKSrcBlt = in->ddckCKSrcBlt;
    out->ddpfPixelFormat = in->ddpfPixelFormat;
    out->ddsCaps.dwCaps = in->ddsCaps.dwCaps;
    /* DDSURFACEDESC's z-buffer depth becomes a pixel format; a pixel format
     * given too wins, whatever the depth says (Wine's dsurface.c
     * zbufferbitdepth_test). */
    if ((in->dwFlags & (DDSD_ZBUFFERBITDEPTH | DDSD_PIXELFORMAT)) == DDSD_ZBUFFERBITDEPTH)
    {
        out->dwFlags |= DDSD_PIXELFORMAT;
        memset(&out->ddpfPixelFormat, 0, sizeof(out->ddpfPixelFormat));
        out->ddpfPixelFormat.dwSize = sizeof(out->ddpfPixelFormat);
        out->ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
        out->ddpfPixelFormat.dwZBufferBitDepth = in->dwZBufferBitDepth;
        out->ddpfPixelFormat.dwZBitMask = in->dwZBufferBitDepth >= 32 ? 0xffffffff
                : (1u << in->dwZBufferBitDepth) - 1;
    }
}

void ddraw_desc2_to_desc1(const DDSURFACEDESC2 *in, DDSURFACEDESC *out)
{
    memset(out, 0, sizeof(*out));
    out->dwSize = sizeof(*out);
    out->dwFlags = in->dwFlags & ~(DDSD_TEXTURESTAGE | DDSD_FVF | DDSD_SRCVBHANDLE | DDSD_DEPTH);
    out->dwHeight = in->dwHeight;
    out->dwWidth = in->dwWidth;
    out->lPitch = in->lPitch;
    out->dwBackBufferCount = in->dwBackBufferCount;
    out->dwMipMapCount = in->dwMipMapCount;
    out->dwAlphaBitDepth = in->dwAlphaBitDepth;
    out->lpSurface = in->lpSurface;
    out->ddckCKDestOverlay = in->ddckCKDestOverlay;
    out->ddckCKDestBlt = in->ddckCKDestBlt;
    out->ddckCKSrcOverlay = in->ddckCKSrcOverlay;
    out->ddckCKSrcBlt = in->ddckCKSrcBlt;
    out->ddpfPixelFormat = in->ddpfPixelFormat;
    out->ddsCaps.dwCaps = in->ddsCaps.dwCaps;
    /* A z-buffer's DDSURFACEDESC names its depth with DDSD_ZBUFFERBITDEPTH
     * instead of DDSD_PIXELFORMAT, the pixel format still filled in
     * (Windows; Wine's dsurface.c zbufferbitdepth_test, pixelformat_flag_test). */
    if ((in->ddsCaps.dwCaps & DDSCAPS_ZBUFFER) && (in->dwFlags & DDSD_PIXELFORMAT))
    {
        out->dwFlags = (out->dwFlags & ~DDSD_PIXELFORMAT) | DDSD_ZBUFFERBITDEPTH;
        out->dwZBufferBitDepth = in->ddpfPixelFormat.dwZBufferBitDepth;
    }
}

/* ---------------------------------------------------------------------- */
/* Argument checks                                                         */

BOOL ddraw_out_pointer_valid(void *ptr, size_t size)
{
#ifdef _WIN32
    static const DWORD writable = PAGE_READWRITE | PAGE_WRITECOPY | PAGE_EXECUTE_READWRITE | PAGE_EXECUTE_WRITECOPY;
    MEMORY_BASIC_INFORMATION info;
    char *p = ptr, *end = p + size;

    if (!ptr)
        return FALSE;
    /* Page by page: a range may span regions of different protection. */
    while (p < end)
    {
        if (!VirtualQuery(p, &info, sizeof(info)) || info.State != MEM_COMMIT
                || !(info.Protect & writable) || (info.Protect & PAGE_GUARD))
            return FALSE;
        p = (char *)info.BaseAddress + info.RegionSize;
    }
    return TRUE;
#else
    (void)size;
    return ptr != NULL;
#endif
}

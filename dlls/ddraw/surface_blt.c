/*
 * ddraw: Blt and BltFast of the surface object (surface.c).  The core blits
 * (wined3d_texture_blt), one rectangle of the clipper's list at a time; this
 * file validates as DirectDraw does, turns DirectDraw's flags and colour
 * keys into the core's, and shows the primary after a blit to it.
 */

#include "config.h"

#include "ddraw_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

/* After the visible picture changed: show it (unless shown already). */
static void surface_content_changed(struct ddraw_surface *surface, BOOL shown)
{
    ddraw_surface_changed(surface);
    /* A DIB-backed surface reads the core back at its next Lock or GetDC
     * instead: not after every blit. */
    if (!surface->dib_backed)
        ddraw_surface_sync_client(surface);
    if (!shown)
        ddraw_surface_show(surface);
}

static HRESULT surface_blt_one(struct ddraw_surface *dst, const RECT *dst_rect, struct ddraw_surface *src,
        const RECT *src_rect, uint32_t core_flags, const struct wined3d_blt_fx *fx)
{
    struct wined3d_rect d = {dst_rect->left, dst_rect->top, dst_rect->right, dst_rect->bottom};
    struct wined3d_rect s;
    enum wined3d_texture_filter_type filter = WINED3D_TEXF_POINT;
    HRESULT hr;

    if (src_rect)
    {
        s.left = src_rect->left;
        s.top = src_rect->top;
        s.right = src_rect->right;
        s.bottom = src_rect->bottom;
    }
    hr = wined3d_texture_blt(dst->texture, dst->sub_resource, &d, src ? src->texture : NULL,
            src ? src->sub_resource : 0, src ? &s : NULL, core_flags, fx, filter);
    if (FAILED(hr))
    {
        WARN("Core blit failed, hr %#x.\n", (unsigned int)hr);
        return hr == WINED3DERR_UNSUPPORTEDFORMAT ? DDERR_UNSUPPORTED : DDERR_GENERIC;
    }
    return DD_OK;
}

/* A plain copy to the primary that covers all a present of it shows is
 * shown from its source before it is made: llvmpipe makes a copy on the CPU
 * once the source's drawing is done, so the copy first would wait for the
 * frame's drawing and the present after it for its own pass; the other way
 * round the present waits once and the copy finds the source done.  The
 * pictures are the same.  Answers whether it showed. */
static BOOL surface_show_early(struct ddraw_surface *dst, const RECT *d, struct ddraw_surface *src,
        const RECT *s, uint32_t core_flags)
{
    struct ddraw_present_target target;
    const struct wined3d_rect *shown = &target.rect;

    if (!src || core_flags || !dst->ddraw || !dst->ddraw->swapchain || !src->texture
            || !(dst->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE)
            || src->format != dst->format || wined3d_get_format_info(dst->format)->palettised
            || d->right - d->left != s->right - s->left || d->bottom - d->top != s->bottom - s->top)
        return FALSE;
    if (!ddraw_present_target(dst->ddraw, dst, &target)
            || shown->left < d->left || shown->top < d->top || shown->right > d->right || shown->bottom > d->bottom)
        return FALSE;
    TRACE("Showing %p's picture before copying it to the primary.\n", (void *)src);
    ddraw_present_to(dst->ddraw, &target, dst, src, s->left - d->left, s->top - d->top);
    return TRUE;
}

static HRESULT surface_blt_clipped(struct ddraw_surface *dst, const RECT *dst_rect, struct ddraw_surface *src,
        const RECT *src_rect, uint32_t core_flags, const struct wined3d_blt_fx *fx, BOOL *shown)
{
    RECT *clip_rects, bounds = {0, 0, (LONG)dst->desc.dwWidth, (LONG)dst->desc.dwHeight};
    unsigned int count, i;
    HRESULT hr = DD_OK;

    /* Duplicates share one core texture, and so its keys; the keys are each
     * surface object's own, so this blit's objects put theirs there. */
    if (dst->share_next)
        ddraw_surface_set_core_keys(dst);
    if (src && src->share_next)
        ddraw_surface_set_core_keys(src);
    /* The primary is the screen: clipping to it is clipping to its bounds,
     * which each rectangle below is clipped to anyway. */
    if (dst->clipper && FAILED(hr = ddraw_clipper_get_rects(dst->clipper,
            (dst->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE) ? &bounds : NULL, &clip_rects, &count)))
        return hr;
    if (!dst->clipper || hr == S_FALSE)
    {
        if (shown)
            *shown = src_rect && surface_show_early(dst, dst_rect, src, src_rect, core_flags);
        return surface_blt_one(dst, dst_rect, src, src_rect, core_flags, fx);
    }

    for (i = 0; i < count; ++i)
    {
        RECT d = *dst_rect, c = clip_rects[i], s;

        /* Clip rectangles of a window clipper are in screen coordinates, which
         * are the primary's; for other surfaces the origin is theirs. */
        if (d.left < c.left) d.left = c.left;
        if (d.top < c.top) d.top = c.top;
        if (d.right > c.right) d.right = c.right;
        if (d.bottom > c.bottom) d.bottom = c.bottom;
        if (d.left < 0) d.left = 0;
        if (d.top < 0) d.top = 0;
        if (d.right > (LONG)dst->desc.dwWidth) d.right = dst->desc.dwWidth;
        if (d.bottom > (LONG)dst->desc.dwHeight) d.bottom = dst->desc.dwHeight;
        if (d.right <= d.left || d.bottom <= d.top)
            continue;
        if (src_rect)
        {
            /* The source part that maps to the clipped destination, each edge
             * moved in by what the destination lost there, rounded down: the
             * part covers every source pixel the clipped destination shows,
             * so a stretched source of one row or column does not round away
             * (Wine's test_clipper_blt: 4x1 pixels onto 640x480, clipped to
             * two quadrants). */
            double sx = (double)(src_rect->right - src_rect->left) / (dst_rect->right - dst_rect->left);
            double sy = (double)(src_rect->bottom - src_rect->top) / (dst_rect->bottom - dst_rect->top);

            s.left = src_rect->left + (LONG)((d.left - dst_rect->left) * sx);
            s.right = src_rect->right - (LONG)((dst_rect->right - d.right) * sx);
            s.top = src_rect->top + (LONG)((d.top - dst_rect->top) * sy);
            s.bottom = src_rect->bottom - (LONG)((dst_rect->bottom - d.bottom) * sy);
            if (core_flags & WINED3D_BLT_MIRROR_LEFTRIGHT)
            {
                LONG w = s.right - s.left;
                s.left = src_rect->right - (s.left - src_rect->left) - w;
                s.right = s.left + w;
            }
            if (core_flags & WINED3D_BLT_MIRROR_UPDOWN)
            {
                LONG h = s.bottom - s.top;
                s.top = src_rect->bottom - (s.top - src_rect->top) - h;
                s.bottom = s.top + h;
            }
            if (s.right <= s.left || s.bottom <= s.top)
                continue;
        }
        /* One rectangle: it may be all the present shows. */
        if (shown && count == 1)
            *shown = src_rect && surface_show_early(dst, &d, src, &s, core_flags);
        if (FAILED(hr = surface_blt_one(dst, &d, src, src_rect ? &s : NULL, core_flags, fx)))
            break;
    }
    free(clip_rects);
    return hr;
}

/* BLACKNESS and WHITENESS on a z-buffer clear or set every bit of the
 * rectangle, stencil and padding included, as Windows does (Wine's
 * test_color_fill): a fill of the bytes, not of a depth value. */
static HRESULT surface_fill_bits(struct ddraw_surface *dst, const RECT *rect, BYTE value)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(dst->format);
    struct wined3d_rect r = {rect->left, rect->top, rect->right, rect->bottom};
    struct wined3d_map_desc map;
    LONG y;

    if (!dst->texture || FAILED(wined3d_texture_map(dst->texture, dst->sub_resource, &r, WINED3D_MAP_WRITE, &map)))
        return DDERR_GENERIC;
    for (y = rect->top; y < rect->bottom; ++y)
        memset((BYTE *)map.data + (y - rect->top) * map.row_pitch, value,
                (rect->right - rect->left) * info->bits_per_pixel / 8);
    wined3d_texture_unmap(dst->texture, dst->sub_resource);
    return DD_OK;
}

HRESULT ddraw_surface_blt_version(struct ddraw_surface *dst, RECT *dst_rect_in, struct ddraw_surface *src,
        RECT *src_rect_in, DWORD flags, DDBLTFX *fx, unsigned int version)
{
    static const DWORD supported = DDBLT_ASYNC | DDBLT_COLORFILL | DDBLT_DDFX | DDBLT_DEPTHFILL
            | DDBLT_KEYDEST | DDBLT_KEYDESTOVERRIDE | DDBLT_KEYSRC | DDBLT_KEYSRCOVERRIDE | DDBLT_ROP
            | DDBLT_WAIT | DDBLT_DONOTWAIT;
    static const DWORD alpha_z = DDBLT_ALPHADEST | DDBLT_ALPHADESTCONSTOVERRIDE | DDBLT_ALPHADESTNEG
            | DDBLT_ALPHADESTSURFACEOVERRIDE | DDBLT_ALPHAEDGEBLEND | DDBLT_ALPHASRC | DDBLT_ALPHASRCCONSTOVERRIDE
            | DDBLT_ALPHASRCNEG | DDBLT_ALPHASRCSURFACEOVERRIDE | DDBLT_ZBUFFER | DDBLT_ZBUFFERDESTCONSTOVERRIDE
            | DDBLT_ZBUFFERDESTOVERRIDE | DDBLT_ZBUFFERSRCCONSTOVERRIDE | DDBLT_ZBUFFERSRCOVERRIDE;
    struct wined3d_blt_fx core_fx;
    uint32_t core_flags = 0;
    DWORD rop_fill = 0;
    RECT dst_rect, src_rect;
    BOOL shown = FALSE;
    HRESULT hr;

    TRACE("dst %p, src %p, flags %#x.\n", (void *)dst, (void *)src, (unsigned int)flags);
    if ((flags & (DDBLT_KEYSRC | DDBLT_KEYSRCOVERRIDE)) == (DDBLT_KEYSRC | DDBLT_KEYSRCOVERRIDE)
            || (flags & (DDBLT_KEYDEST | DDBLT_KEYDESTOVERRIDE)) == (DDBLT_KEYDEST | DDBLT_KEYDESTOVERRIDE))
        return DDERR_INVALIDPARAMS;
    if ((flags & (DDBLT_COLORFILL | DDBLT_DEPTHFILL | DDBLT_DDFX | DDBLT_ROP
            | DDBLT_KEYSRCOVERRIDE | DDBLT_KEYDESTOVERRIDE)) && !fx)
        return DDERR_INVALIDPARAMS;
    if (fx && fx->dwSize != sizeof(*fx))
        return DDERR_INVALIDPARAMS;
    /* Windows makes a plain copy of a blit asking for alpha or z-buffer
     * operations (Wine's test_blt_z_alpha): no driver of the time did them. */
    if (flags & alpha_z)
    {
        WARN("Ignoring alpha and z-buffer blit flags %#x.\n", (unsigned int)(flags & alpha_z));
        flags &= ~alpha_z;
    }
    /* A fill takes no source surface and no raster operation; asked for
     * both fills, it is a colour fill (Wine's test_color_fill). */
    if ((flags & (DDBLT_COLORFILL | DDBLT_DEPTHFILL)) && ((flags & DDBLT_ROP) || src))
        return DDERR_INVALIDPARAMS;
    if ((flags & DDBLT_COLORFILL) && (flags & DDBLT_DEPTHFILL))
        flags &= ~DDBLT_DEPTHFILL;
    if (flags & ~supported)
    {
        FIXME("Unsupported blit flags %#x.\n", (unsigned int)(flags & ~supported));
        return DDERR_NOBLTHW;
    }

    memset(&core_fx, 0, sizeof(core_fx));
    if (flags & DDBLT_ROP)
    {
        /* Only the raster operations that are copies or fills. */
        switch (fx->dwROP)
        {
            case 0x00cc0020: /* SRCCOPY */
                break;
            case 0x00000042: /* BLACKNESS */
                flags |= DDBLT_COLORFILL;
                rop_fill = 0;
                break;
            case 0x00ff0062: /* WHITENESS */
                flags |= DDBLT_COLORFILL;
                rop_fill = 0xffffffff;
                break;
            default:
                return DDERR_NORASTEROPHW;
        }
    }
    if (flags & DDBLT_DDFX)
    {
        if (fx->dwDDFX & ~(DDBLTFX_MIRRORLEFTRIGHT | DDBLTFX_MIRRORUPDOWN | DDBLTFX_NOTEARING))
            return DDERR_NOROTATIONHW;
        if (fx->dwDDFX & DDBLTFX_MIRRORLEFTRIGHT)
            core_flags |= WINED3D_BLT_MIRROR_LEFTRIGHT;
        if (fx->dwDDFX & DDBLTFX_MIRRORUPDOWN)
            core_flags |= WINED3D_BLT_MIRROR_UPDOWN;
    }

    ddraw_lock();
    if (FAILED(hr = ddraw_surface_check_usable(dst)))
        goto done;
    if (dst->lock_count || dst->dc_in_use || (src && (src->lock_count || src->dc_in_use)))
    {
        hr = DDERR_SURFACEBUSY;
        goto done;
    }
    /* A copy without a source is refused before its rectangles are looked
     * at (Wine's test_blt: DDERR_INVALIDPARAMS for a flipped destination). */
    if (!src && !(flags & (DDBLT_COLORFILL | DDBLT_DEPTHFILL)))
    {
        hr = DDERR_INVALIDPARAMS;
        goto done;
    }

    if (dst_rect_in)
    {
        dst_rect = *dst_rect_in;
        if (dst_rect.left >= dst_rect.right || dst_rect.top >= dst_rect.bottom)
        {
            hr = DDERR_INVALIDRECT;
            goto done;
        }
        /* Without a clipper the rectangle must lie in the surface. */
        if (!dst->clipper && !surface_rect_valid(dst, &dst_rect))
        {
            hr = DDERR_INVALIDRECT;
            goto done;
        }
    }
    else
        surface_whole_rect(dst, &dst_rect);

    /* A raster operation that fills still checks the source rectangle it
     * ignores (Wine's test_color_fill). */
    if ((flags & DDBLT_ROP) && src && src_rect_in && !surface_rect_valid(src, src_rect_in))
    {
        hr = DDERR_INVALIDRECT;
        goto done;
    }
    if (flags & (DDBLT_COLORFILL | DDBLT_DEPTHFILL))
    {
        if (flags & DDBLT_DEPTHFILL)
        {
            const struct wined3d_format_info *info = wined3d_get_format_info(dst->format);

            if (!(dst->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER))
            {
                hr = DDERR_INVALIDPARAMS;
                goto done;
            }
            core_flags |= WINED3D_BLT_DEPTH_FILL;
            /* The fill value is in the z-buffer's bits. */
            core_fx.fill_depth = info->depth_bits >= 32 ? (float)(fx->dwFillDepth / 4294967295.0)
                    : (float)((double)(fx->dwFillDepth & ((1u << info->depth_bits) - 1)) / ((1u << info->depth_bits) - 1));
            if (dst->format == WINED3DFMT_D24X8 || dst->format == WINED3DFMT_D24S8)
                core_fx.fill_depth = (float)((double)((fx->dwFillDepth >> 8) & 0xffffff) / 16777215.0);
        }
        else if ((flags & DDBLT_ROP) && (dst->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER))
        {
            hr = surface_fill_bits(dst, &dst_rect, rop_fill ? 0xff : 0x00);
            if (SUCCEEDED(hr))
                surface_content_changed(dst, FALSE);
            goto done;
        }
        else
        {
            if (dst->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER)
            {
                hr = DDERR_INVALIDPARAMS;
                goto done;
            }
            core_flags |= WINED3D_BLT_COLOR_FILL;
            core_fx.fill_color = (flags & DDBLT_ROP) ? rop_fill : fx->dwFillColor;
        }
        hr = surface_blt_clipped(dst, &dst_rect, NULL, NULL, core_flags, &core_fx, NULL);
        if (SUCCEEDED(hr))
            surface_content_changed(dst, FALSE);
        goto done;
    }

    if (!src)
    {
        hr = DDERR_INVALIDPARAMS;
        goto done;
    }
    if (FAILED(hr = ddraw_surface_check_usable(src)))
        goto done;
    /* Between two DirectDraw objects' surfaces of different formats,
     * Windows answers E_NOTIMPL and copies nothing (Wine's
     * test_cross_device_blt); of one format, it copies. */
    if (src->ddraw != dst->ddraw && src->format != dst->format)
    {
        hr = E_NOTIMPL;
        goto done;
    }
    if (src_rect_in)
    {
        src_rect = *src_rect_in;
        if (!surface_rect_valid(src, &src_rect))
        {
            hr = DDERR_INVALIDRECT;
            goto done;
        }
    }
    else
        surface_whole_rect(src, &src_rect);
    if ((dst->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER) != (src->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER))
    {
        hr = DDERR_INVALIDPARAMS;
        goto done;
    }

    /* A key the blit asks for must be set: the source's for DDBLT_KEYSRC,
     * the destination's for DDBLT_KEYDEST (Wine's test_ck_operation). */
    if (((flags & DDBLT_KEYSRC) && !(src->desc.dwFlags & DDSD_CKSRCBLT))
            || ((flags & DDBLT_KEYDEST) && !(dst->desc.dwFlags & DDSD_CKDESTBLT)))
    {
        hr = DDERR_INVALIDPARAMS;
        goto done;
    }
    if (flags & DDBLT_KEYSRC)
        core_flags |= WINED3D_BLT_SRC_CKEY;
    else if (flags & DDBLT_KEYSRCOVERRIDE)
    {
        core_flags |= WINED3D_BLT_SRC_CKEY_OVERRIDE;
        core_fx.src_color_key = surface_key(&fx->ddckSrcColorkey);
    }
    if ((flags & DDBLT_KEYDEST) && version < 4)
    {
        /* Through IDirectDrawSurface 1-3 Windows compares the destination
         * with the SOURCE's destination key, the last one set even if it
         * was unset since (Wine's ddraw1.c and ddraw2.c test_ck_operation);
         * from IDirectDrawSurface4 on with the destination's own. */
        core_flags |= WINED3D_BLT_DST_CKEY_OVERRIDE;
        core_fx.dst_color_key = surface_key(&src->dst_blt_key);
    }
    else if (flags & DDBLT_KEYDEST)
        core_flags |= WINED3D_BLT_DST_CKEY;
    else if (flags & DDBLT_KEYDESTOVERRIDE)
    {
        core_flags |= WINED3D_BLT_DST_CKEY_OVERRIDE;
        core_fx.dst_color_key = surface_key(&fx->ddckDestColorkey);
    }

    /* A client-memory source may have been written without a lock. */
    if (src->client_memory && !src->dib_backed)
        wined3d_texture_upload_data(src->texture, src->sub_resource, src->client_memory, src->desc.lPitch);
    hr = surface_blt_clipped(dst, &dst_rect, src, &src_rect, core_flags, &core_fx, &shown);
    if (SUCCEEDED(hr))
        surface_content_changed(dst, shown);
done:
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_surface_blt(struct ddraw_surface *dst, RECT *dst_rect, struct ddraw_surface *src,
        RECT *src_rect, DWORD flags, DDBLTFX *fx)
{
    return ddraw_surface_blt_version(dst, dst_rect, src, src_rect, flags, fx, 7);
}

HRESULT ddraw_surface_blt_fast(struct ddraw_surface *dst, DWORD x, DWORD y, struct ddraw_surface *src,
        RECT *src_rect_in, DWORD trans)
{
    DWORD flags = DDBLT_WAIT;
    RECT src_rect, dst_rect;
    HRESULT hr;

    if (!src)
        return DDERR_INVALIDPARAMS;
    if (trans & ~(DDBLTFAST_SRCCOLORKEY | DDBLTFAST_DESTCOLORKEY | DDBLTFAST_WAIT | DDBLTFAST_DONOTWAIT))
        return DDERR_INVALIDPARAMS;
    if ((trans & DDBLTFAST_SRCCOLORKEY) && (trans & DDBLTFAST_DESTCOLORKEY))
        return DDERR_INVALIDPARAMS;

    ddraw_lock();
    if (dst->clipper)
    {
        ddraw_unlock();
        return DDERR_BLTFASTCANTCLIP;
    }
    if (src_rect_in)
        src_rect = *src_rect_in;
    else
        surface_whole_rect(src, &src_rect);
    if (!surface_rect_valid(src, &src_rect))
    {
        ddraw_unlock();
        return DDERR_INVALIDRECT;
    }
    dst_rect.left = x;
    dst_rect.top = y;
    dst_rect.right = x + (src_rect.right - src_rect.left);
    dst_rect.bottom = y + (src_rect.bottom - src_rect.top);
    if ((LONG)x < 0 || (LONG)y < 0 || !surface_rect_valid(dst, &dst_rect))
    {
        ddraw_unlock();
        return DDERR_INVALIDRECT;
    }
    /* A key BltFast asks for that is not set is left out, as before Blt
     * refused such keys: no test says what Windows' BltFast does. */
    if ((trans & DDBLTFAST_SRCCOLORKEY) && (src->desc.dwFlags & DDSD_CKSRCBLT))
        flags |= DDBLT_KEYSRC;
    if ((trans & DDBLTFAST_DESTCOLORKEY) && (dst->desc.dwFlags & DDSD_CKDESTBLT))
        flags |= DDBLT_KEYDEST;
    hr = ddraw_surface_blt(dst, &dst_rect, src, &src_rect, flags, NULL);
    ddraw_unlock();
    return hr;
}

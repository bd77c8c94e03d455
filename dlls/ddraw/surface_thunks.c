/*
 * ddraw: the older surface interfaces, IDirectDrawSurface4, 3, 2 and
 * IDirectDrawSurface, on the one surface object of surface.c.  Each method
 * is a thin adapter onto the implementation shared with
 * IDirectDrawSurface7 (the ddraw_surface_* functions of ddraw_private.h):
 * it finds the object from its interface, converts the DDSURFACEDESC and
 * DDSCAPS of versions 1-3 to their version 7 forms, and hands back the
 * interface of its own version.  Each version keeps its own reference count.
 */

#include "config.h"

#include "ddraw_private.h"

/* Writable, as Windows' are (Wine's ddraw1.c test_vtbl_protection). */
static IDirectDrawSurface4Vtbl surface4_vtbl;
static IDirectDrawSurface3Vtbl surface3_vtbl;
static IDirectDrawSurface2Vtbl surface2_vtbl;
static IDirectDrawSurfaceVtbl surface1_vtbl;

struct ddraw_surface *ddraw_surface_from_iface4(IDirectDrawSurface4 *iface)
{
    if (!iface || iface->lpVtbl != &surface4_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface4_iface);
}

struct ddraw_surface *ddraw_surface_from_iface3(IDirectDrawSurface3 *iface)
{
    if (!iface || iface->lpVtbl != &surface3_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface3_iface);
}

struct ddraw_surface *ddraw_surface_from_iface2(IDirectDrawSurface2 *iface)
{
    if (!iface || iface->lpVtbl != &surface2_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface2_iface);
}

struct ddraw_surface *ddraw_surface_from_iface1(IDirectDrawSurface *iface)
{
    if (!iface || iface->lpVtbl != &surface1_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface_iface);
}
/* Called by surface.c when it allocates a surface object. */
void ddraw_surface_init_thunks(struct ddraw_surface *surface)
{
    surface->IDirectDrawSurface4_iface.lpVtbl = &surface4_vtbl;
    surface->IDirectDrawSurface3_iface.lpVtbl = &surface3_vtbl;
    surface->IDirectDrawSurface2_iface.lpVtbl = &surface2_vtbl;
    surface->IDirectDrawSurface_iface.lpVtbl = &surface1_vtbl;
}

/* IDirectDrawSurface4 */

static inline struct ddraw_surface *impl4(IDirectDrawSurface4 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface4_iface);
}

static HRESULT STDMETHODCALLTYPE surface4_QueryInterface(IDirectDrawSurface4 *iface, REFIID riid, void **out)
{
    return ddraw_surface_query_interface(impl4(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE surface4_AddRef(IDirectDrawSurface4 *iface)
{
    return ddraw_surface_addref(impl4(iface), 4);
}

static ULONG STDMETHODCALLTYPE surface4_Release(IDirectDrawSurface4 *iface)
{
    return ddraw_surface_release(impl4(iface), 4);
}

static HRESULT STDMETHODCALLTYPE surface4_AddAttachedSurface(IDirectDrawSurface4 *iface, IDirectDrawSurface4 *attachment)
{
    return ddraw_surface_add_attached(impl4(iface), ddraw_surface_from_iface4(attachment), 4);
}

static HRESULT STDMETHODCALLTYPE surface4_AddOverlayDirtyRect(IDirectDrawSurface4 *iface, RECT *rect)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_Blt(IDirectDrawSurface4 *iface, RECT *dst_rect, IDirectDrawSurface4 *src, RECT *src_rect, DWORD flags, DDBLTFX *fx)
{
    if (src && !ddraw_surface_from_iface4(src))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_blt(impl4(iface), dst_rect, ddraw_surface_from_iface4(src), src_rect, flags, fx);
}

static HRESULT STDMETHODCALLTYPE surface4_BltBatch(IDirectDrawSurface4 *iface, DDBLTBATCH *batch, DWORD count, DWORD flags)
{
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE surface4_BltFast(IDirectDrawSurface4 *iface, DWORD x, DWORD y, IDirectDrawSurface4 *src, RECT *src_rect, DWORD trans)
{
    return ddraw_surface_blt_fast(impl4(iface), x, y, ddraw_surface_from_iface4(src), src_rect, trans);
}

static HRESULT STDMETHODCALLTYPE surface4_DeleteAttachedSurface(IDirectDrawSurface4 *iface, DWORD flags, IDirectDrawSurface4 *attachment)
{
    return ddraw_surface_delete_attached(impl4(iface), flags, ddraw_surface_from_iface4(attachment), 4);
}

static HRESULT STDMETHODCALLTYPE surface4_EnumAttachedSurfaces(IDirectDrawSurface4 *iface, void *context, LPDDENUMSURFACESCALLBACK2 callback)
{
    return ddraw_surface_enum_attached(impl4(iface), 4, context, (void *)callback);
}

static HRESULT STDMETHODCALLTYPE surface4_EnumOverlayZOrders(IDirectDrawSurface4 *iface, DWORD flags, void *context, LPDDENUMSURFACESCALLBACK2 callback)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_Flip(IDirectDrawSurface4 *iface, IDirectDrawSurface4 *dst, DWORD flags)
{
    if (dst && !ddraw_surface_from_iface4(dst))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_flip(impl4(iface), ddraw_surface_from_iface4(dst), flags);
}

static HRESULT STDMETHODCALLTYPE surface4_GetAttachedSurface(IDirectDrawSurface4 *iface, DDSCAPS2 *caps, IDirectDrawSurface4 **attachment)
{
    struct ddraw_surface *att;
    HRESULT hr;

    if (!caps || !attachment)
        return DDERR_INVALIDPARAMS;
    if (SUCCEEDED(hr = ddraw_surface_get_attached(impl4(iface), caps, 4, &att)))
        *attachment = &att->IDirectDrawSurface4_iface;
    else
        *attachment = NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface4_GetBltStatus(IDirectDrawSurface4 *iface, DWORD flags)
{
    return ddraw_surface_get_blt_status(impl4(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface4_GetCaps(IDirectDrawSurface4 *iface, DDSCAPS2 *caps)
{
    return ddraw_surface_get_caps(impl4(iface), caps);
}

static HRESULT STDMETHODCALLTYPE surface4_GetClipper(IDirectDrawSurface4 *iface, IDirectDrawClipper **clipper)
{
    return ddraw_surface_get_clipper(impl4(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface4_GetColorKey(IDirectDrawSurface4 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_get_color_key(impl4(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface4_GetDC(IDirectDrawSurface4 *iface, HDC *dc)
{
    return ddraw_surface_get_dc(impl4(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface4_GetFlipStatus(IDirectDrawSurface4 *iface, DWORD flags)
{
    return ddraw_surface_get_flip_status(impl4(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface4_GetOverlayPosition(IDirectDrawSurface4 *iface, LONG *x, LONG *y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_GetPalette(IDirectDrawSurface4 *iface, IDirectDrawPalette **palette)
{
    return ddraw_surface_get_palette(impl4(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface4_GetPixelFormat(IDirectDrawSurface4 *iface, DDPIXELFORMAT *format)
{
    return ddraw_surface_get_pixel_format(impl4(iface), format);
}

static HRESULT STDMETHODCALLTYPE surface4_GetSurfaceDesc(IDirectDrawSurface4 *iface, DDSURFACEDESC2 *desc)
{
    return ddraw_surface_get_surface_desc(impl4(iface), desc, TRUE);
}

static HRESULT STDMETHODCALLTYPE surface4_Initialize(IDirectDrawSurface4 *iface, IDirectDraw *ddraw, DDSURFACEDESC2 *desc)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE surface4_IsLost(IDirectDrawSurface4 *iface)
{
    return ddraw_surface_is_lost(impl4(iface));
}

static HRESULT STDMETHODCALLTYPE surface4_Lock(IDirectDrawSurface4 *iface, RECT *rect, DDSURFACEDESC2 *desc, DWORD flags, HANDLE event)
{
    return ddraw_surface_lock(impl4(iface), rect, desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface4_ReleaseDC(IDirectDrawSurface4 *iface, HDC dc)
{
    return ddraw_surface_release_dc(impl4(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface4_Restore(IDirectDrawSurface4 *iface)
{
    return ddraw_surface_restore(impl4(iface));
}

static HRESULT STDMETHODCALLTYPE surface4_SetClipper(IDirectDrawSurface4 *iface, IDirectDrawClipper *clipper)
{
    return ddraw_surface_set_clipper(impl4(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface4_SetColorKey(IDirectDrawSurface4 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_set_color_key(impl4(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface4_SetOverlayPosition(IDirectDrawSurface4 *iface, LONG x, LONG y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_SetPalette(IDirectDrawSurface4 *iface, IDirectDrawPalette *palette)
{
    return ddraw_surface_set_palette(impl4(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface4_Unlock(IDirectDrawSurface4 *iface, RECT *rect)
{
    return ddraw_surface_unlock(impl4(iface));
}

static HRESULT STDMETHODCALLTYPE surface4_UpdateOverlay(IDirectDrawSurface4 *iface, RECT *src_rect, IDirectDrawSurface4 *dst, RECT *dst_rect, DWORD flags, DDOVERLAYFX *fx)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_UpdateOverlayDisplay(IDirectDrawSurface4 *iface, DWORD flags)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_UpdateOverlayZOrder(IDirectDrawSurface4 *iface, DWORD flags, IDirectDrawSurface4 *reference)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface4_GetDDInterface(IDirectDrawSurface4 *iface, void **ddraw)
{
    return ddraw_surface_get_dd_interface(impl4(iface), ddraw);
}

static HRESULT STDMETHODCALLTYPE surface4_PageLock(IDirectDrawSurface4 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl4(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface4_PageUnlock(IDirectDrawSurface4 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl4(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface4_SetSurfaceDesc(IDirectDrawSurface4 *iface, DDSURFACEDESC2 *desc, DWORD flags)
{
    return ddraw_surface_set_surface_desc(impl4(iface), desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface4_SetPrivateData(IDirectDrawSurface4 *iface, REFGUID tag, void *data, DWORD size, DWORD flags)
{
    return ddraw_surface_set_private_data(impl4(iface), tag, data, size, flags);
}

static HRESULT STDMETHODCALLTYPE surface4_GetPrivateData(IDirectDrawSurface4 *iface, REFGUID tag, void *data, DWORD *size)
{
    return ddraw_surface_get_private_data(impl4(iface), tag, data, size);
}

static HRESULT STDMETHODCALLTYPE surface4_FreePrivateData(IDirectDrawSurface4 *iface, REFGUID tag)
{
    return ddraw_surface_free_private_data(impl4(iface), tag);
}

static HRESULT STDMETHODCALLTYPE surface4_GetUniquenessValue(IDirectDrawSurface4 *iface, DWORD *value)
{
    return ddraw_surface_get_uniqueness_value(impl4(iface), value);
}

static HRESULT STDMETHODCALLTYPE surface4_ChangeUniquenessValue(IDirectDrawSurface4 *iface)
{
    return ddraw_surface_change_uniqueness_value(impl4(iface));
}

static IDirectDrawSurface4Vtbl surface4_vtbl =
{
    surface4_QueryInterface,
    surface4_AddRef,
    surface4_Release,
    surface4_AddAttachedSurface,
    surface4_AddOverlayDirtyRect,
    surface4_Blt,
    surface4_BltBatch,
    surface4_BltFast,
    surface4_DeleteAttachedSurface,
    surface4_EnumAttachedSurfaces,
    surface4_EnumOverlayZOrders,
    surface4_Flip,
    surface4_GetAttachedSurface,
    surface4_GetBltStatus,
    surface4_GetCaps,
    surface4_GetClipper,
    surface4_GetColorKey,
    surface4_GetDC,
    surface4_GetFlipStatus,
    surface4_GetOverlayPosition,
    surface4_GetPalette,
    surface4_GetPixelFormat,
    surface4_GetSurfaceDesc,
    surface4_Initialize,
    surface4_IsLost,
    surface4_Lock,
    surface4_ReleaseDC,
    surface4_Restore,
    surface4_SetClipper,
    surface4_SetColorKey,
    surface4_SetOverlayPosition,
    surface4_SetPalette,
    surface4_Unlock,
    surface4_UpdateOverlay,
    surface4_UpdateOverlayDisplay,
    surface4_UpdateOverlayZOrder,
    surface4_GetDDInterface,
    surface4_PageLock,
    surface4_PageUnlock,
    surface4_SetSurfaceDesc,
    surface4_SetPrivateData,
    surface4_GetPrivateData,
    surface4_FreePrivateData,
    surface4_GetUniquenessValue,
    surface4_ChangeUniquenessValue,
};

/* IDirectDrawSurface3 */

static inline struct ddraw_surface *impl3(IDirectDrawSurface3 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface3_iface);
}

static HRESULT STDMETHODCALLTYPE surface3_QueryInterface(IDirectDrawSurface3 *iface, REFIID riid, void **out)
{
    return ddraw_surface_query_interface(impl3(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE surface3_AddRef(IDirectDrawSurface3 *iface)
{
    return ddraw_surface_addref(impl3(iface), 3);
}

static ULONG STDMETHODCALLTYPE surface3_Release(IDirectDrawSurface3 *iface)
{
    return ddraw_surface_release(impl3(iface), 3);
}

static HRESULT STDMETHODCALLTYPE surface3_AddAttachedSurface(IDirectDrawSurface3 *iface, IDirectDrawSurface3 *attachment)
{
    return ddraw_surface_add_attached(impl3(iface), ddraw_surface_from_iface3(attachment), 3);
}

static HRESULT STDMETHODCALLTYPE surface3_AddOverlayDirtyRect(IDirectDrawSurface3 *iface, RECT *rect)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_Blt(IDirectDrawSurface3 *iface, RECT *dst_rect, IDirectDrawSurface3 *src, RECT *src_rect, DWORD flags, DDBLTFX *fx)
{
    if (src && !ddraw_surface_from_iface3(src))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_blt_version(impl3(iface), dst_rect, ddraw_surface_from_iface3(src), src_rect, flags, fx, 3);
}

static HRESULT STDMETHODCALLTYPE surface3_BltBatch(IDirectDrawSurface3 *iface, DDBLTBATCH *batch, DWORD count, DWORD flags)
{
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE surface3_BltFast(IDirectDrawSurface3 *iface, DWORD x, DWORD y, IDirectDrawSurface3 *src, RECT *src_rect, DWORD trans)
{
    return ddraw_surface_blt_fast(impl3(iface), x, y, ddraw_surface_from_iface3(src), src_rect, trans);
}

static HRESULT STDMETHODCALLTYPE surface3_DeleteAttachedSurface(IDirectDrawSurface3 *iface, DWORD flags, IDirectDrawSurface3 *attachment)
{
    return ddraw_surface_delete_attached(impl3(iface), flags, ddraw_surface_from_iface3(attachment), 3);
}

static HRESULT STDMETHODCALLTYPE surface3_EnumAttachedSurfaces(IDirectDrawSurface3 *iface, void *context, LPDDENUMSURFACESCALLBACK callback)
{
    return ddraw_surface_enum_attached(impl3(iface), 3, context, (void *)callback);
}

static HRESULT STDMETHODCALLTYPE surface3_EnumOverlayZOrders(IDirectDrawSurface3 *iface, DWORD flags, void *context, LPDDENUMSURFACESCALLBACK callback)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_Flip(IDirectDrawSurface3 *iface, IDirectDrawSurface3 *dst, DWORD flags)
{
    if (dst && !ddraw_surface_from_iface3(dst))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_flip(impl3(iface), ddraw_surface_from_iface3(dst), flags);
}

static HRESULT STDMETHODCALLTYPE surface3_GetAttachedSurface(IDirectDrawSurface3 *iface, DDSCAPS *caps, IDirectDrawSurface3 **attachment)
{
    struct ddraw_surface *att;
    DDSCAPS2 caps2;
    HRESULT hr;

    if (!caps || !attachment)
        return DDERR_INVALIDPARAMS;
    ddraw_caps1_to_caps2(caps, &caps2);
    if (SUCCEEDED(hr = ddraw_surface_get_attached(impl3(iface), &caps2, 3, &att)))
        *attachment = &att->IDirectDrawSurface3_iface;
    else
        *attachment = NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface3_GetBltStatus(IDirectDrawSurface3 *iface, DWORD flags)
{
    return ddraw_surface_get_blt_status(impl3(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface3_GetCaps(IDirectDrawSurface3 *iface, DDSCAPS *caps)
{
    DDSCAPS2 caps2;
    HRESULT hr;

    if (!caps)
        return DDERR_INVALIDPARAMS;
    if (SUCCEEDED(hr = ddraw_surface_get_caps(impl3(iface), &caps2)))
        ddraw_caps2_to_caps1(&caps2, caps);
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface3_GetClipper(IDirectDrawSurface3 *iface, IDirectDrawClipper **clipper)
{
    return ddraw_surface_get_clipper(impl3(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface3_GetColorKey(IDirectDrawSurface3 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_get_color_key(impl3(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface3_GetDC(IDirectDrawSurface3 *iface, HDC *dc)
{
    return ddraw_surface_get_dc(impl3(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface3_GetFlipStatus(IDirectDrawSurface3 *iface, DWORD flags)
{
    return ddraw_surface_get_flip_status(impl3(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface3_GetOverlayPosition(IDirectDrawSurface3 *iface, LONG *x, LONG *y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_GetPalette(IDirectDrawSurface3 *iface, IDirectDrawPalette **palette)
{
    return ddraw_surface_get_palette(impl3(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface3_GetPixelFormat(IDirectDrawSurface3 *iface, DDPIXELFORMAT *format)
{
    return ddraw_surface_get_pixel_format(impl3(iface), format);
}

static HRESULT STDMETHODCALLTYPE surface3_GetSurfaceDesc(IDirectDrawSurface3 *iface, DDSURFACEDESC *desc)
{
    return ddraw_surface_get_surface_desc(impl3(iface), desc, FALSE);
}

static HRESULT STDMETHODCALLTYPE surface3_Initialize(IDirectDrawSurface3 *iface, IDirectDraw *ddraw, DDSURFACEDESC *desc)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE surface3_IsLost(IDirectDrawSurface3 *iface)
{
    return ddraw_surface_is_lost(impl3(iface));
}

static HRESULT STDMETHODCALLTYPE surface3_Lock(IDirectDrawSurface3 *iface, RECT *rect, DDSURFACEDESC *desc, DWORD flags, HANDLE event)
{
    return ddraw_surface_lock(impl3(iface), rect, desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface3_ReleaseDC(IDirectDrawSurface3 *iface, HDC dc)
{
    return ddraw_surface_release_dc(impl3(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface3_Restore(IDirectDrawSurface3 *iface)
{
    return ddraw_surface_restore(impl3(iface));
}

static HRESULT STDMETHODCALLTYPE surface3_SetClipper(IDirectDrawSurface3 *iface, IDirectDrawClipper *clipper)
{
    return ddraw_surface_set_clipper(impl3(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface3_SetColorKey(IDirectDrawSurface3 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_set_color_key(impl3(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface3_SetOverlayPosition(IDirectDrawSurface3 *iface, LONG x, LONG y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_SetPalette(IDirectDrawSurface3 *iface, IDirectDrawPalette *palette)
{
    return ddraw_surface_set_palette(impl3(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface3_Unlock(IDirectDrawSurface3 *iface, void *data)
{
    return ddraw_surface_unlock(impl3(iface));
}

static HRESULT STDMETHODCALLTYPE surface3_UpdateOverlay(IDirectDrawSurface3 *iface, RECT *src_rect, IDirectDrawSurface3 *dst, RECT *dst_rect, DWORD flags, DDOVERLAYFX *fx)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_UpdateOverlayDisplay(IDirectDrawSurface3 *iface, DWORD flags)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_UpdateOverlayZOrder(IDirectDrawSurface3 *iface, DWORD flags, IDirectDrawSurface3 *reference)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface3_GetDDInterface(IDirectDrawSurface3 *iface, void **ddraw)
{
    return ddraw_surface_get_dd_interface(impl3(iface), ddraw);
}

static HRESULT STDMETHODCALLTYPE surface3_PageLock(IDirectDrawSurface3 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl3(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface3_PageUnlock(IDirectDrawSurface3 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl3(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface3_SetSurfaceDesc(IDirectDrawSurface3 *iface, DDSURFACEDESC *desc, DWORD flags)
{
    DDSURFACEDESC2 desc2;

    if (!desc || desc->dwSize != sizeof(*desc))
        return DDERR_INVALIDPARAMS;
    ddraw_desc1_to_desc2(desc, &desc2);
    return ddraw_surface_set_surface_desc(impl3(iface), &desc2, flags);
}

static IDirectDrawSurface3Vtbl surface3_vtbl =
{
    surface3_QueryInterface,
    surface3_AddRef,
    surface3_Release,
    surface3_AddAttachedSurface,
    surface3_AddOverlayDirtyRect,
    surface3_Blt,
    surface3_BltBatch,
    surface3_BltFast,
    surface3_DeleteAttachedSurface,
    surface3_EnumAttachedSurfaces,
    surface3_EnumOverlayZOrders,
    surface3_Flip,
    surface3_GetAttachedSurface,
    surface3_GetBltStatus,
    surface3_GetCaps,
    surface3_GetClipper,
    surface3_GetColorKey,
    surface3_GetDC,
    surface3_GetFlipStatus,
    surface3_GetOverlayPosition,
    surface3_GetPalette,
    surface3_GetPixelFormat,
    surface3_GetSurfaceDesc,
    surface3_Initialize,
    surface3_IsLost,
    surface3_Lock,
    surface3_ReleaseDC,
    surface3_Restore,
    surface3_SetClipper,
    surface3_SetColorKey,
    surface3_SetOverlayPosition,
    surface3_SetPalette,
    surface3_Unlock,
    surface3_UpdateOverlay,
    surface3_UpdateOverlayDisplay,
    surface3_UpdateOverlayZOrder,
    surface3_GetDDInterface,
    surface3_PageLock,
    surface3_PageUnlock,
    surface3_SetSurfaceDesc,
};

/* IDirectDrawSurface2 */

static inline struct ddraw_surface *impl2(IDirectDrawSurface2 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface2_iface);
}

static HRESULT STDMETHODCALLTYPE surface2_QueryInterface(IDirectDrawSurface2 *iface, REFIID riid, void **out)
{
    return ddraw_surface_query_interface(impl2(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE surface2_AddRef(IDirectDrawSurface2 *iface)
{
    return ddraw_surface_addref(impl2(iface), 2);
}

static ULONG STDMETHODCALLTYPE surface2_Release(IDirectDrawSurface2 *iface)
{
    return ddraw_surface_release(impl2(iface), 2);
}

static HRESULT STDMETHODCALLTYPE surface2_AddAttachedSurface(IDirectDrawSurface2 *iface, IDirectDrawSurface2 *attachment)
{
    return ddraw_surface_add_attached(impl2(iface), ddraw_surface_from_iface2(attachment), 2);
}

static HRESULT STDMETHODCALLTYPE surface2_AddOverlayDirtyRect(IDirectDrawSurface2 *iface, RECT *rect)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_Blt(IDirectDrawSurface2 *iface, RECT *dst_rect, IDirectDrawSurface2 *src, RECT *src_rect, DWORD flags, DDBLTFX *fx)
{
    if (src && !ddraw_surface_from_iface2(src))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_blt_version(impl2(iface), dst_rect, ddraw_surface_from_iface2(src), src_rect, flags, fx, 2);
}

static HRESULT STDMETHODCALLTYPE surface2_BltBatch(IDirectDrawSurface2 *iface, DDBLTBATCH *batch, DWORD count, DWORD flags)
{
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE surface2_BltFast(IDirectDrawSurface2 *iface, DWORD x, DWORD y, IDirectDrawSurface2 *src, RECT *src_rect, DWORD trans)
{
    return ddraw_surface_blt_fast(impl2(iface), x, y, ddraw_surface_from_iface2(src), src_rect, trans);
}

static HRESULT STDMETHODCALLTYPE surface2_DeleteAttachedSurface(IDirectDrawSurface2 *iface, DWORD flags, IDirectDrawSurface2 *attachment)
{
    return ddraw_surface_delete_attached(impl2(iface), flags, ddraw_surface_from_iface2(attachment), 2);
}

static HRESULT STDMETHODCALLTYPE surface2_EnumAttachedSurfaces(IDirectDrawSurface2 *iface, void *context, LPDDENUMSURFACESCALLBACK callback)
{
    return ddraw_surface_enum_attached(impl2(iface), 2, context, (void *)callback);
}

static HRESULT STDMETHODCALLTYPE surface2_EnumOverlayZOrders(IDirectDrawSurface2 *iface, DWORD flags, void *context, LPDDENUMSURFACESCALLBACK callback)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_Flip(IDirectDrawSurface2 *iface, IDirectDrawSurface2 *dst, DWORD flags)
{
    if (dst && !ddraw_surface_from_iface2(dst))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_flip(impl2(iface), ddraw_surface_from_iface2(dst), flags);
}

static HRESULT STDMETHODCALLTYPE surface2_GetAttachedSurface(IDirectDrawSurface2 *iface, DDSCAPS *caps, IDirectDrawSurface2 **attachment)
{
    struct ddraw_surface *att;
    DDSCAPS2 caps2;
    HRESULT hr;

    if (!caps || !attachment)
        return DDERR_INVALIDPARAMS;
    ddraw_caps1_to_caps2(caps, &caps2);
    if (SUCCEEDED(hr = ddraw_surface_get_attached(impl2(iface), &caps2, 2, &att)))
        *attachment = &att->IDirectDrawSurface2_iface;
    else
        *attachment = NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface2_GetBltStatus(IDirectDrawSurface2 *iface, DWORD flags)
{
    return ddraw_surface_get_blt_status(impl2(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface2_GetCaps(IDirectDrawSurface2 *iface, DDSCAPS *caps)
{
    DDSCAPS2 caps2;
    HRESULT hr;

    if (!caps)
        return DDERR_INVALIDPARAMS;
    if (SUCCEEDED(hr = ddraw_surface_get_caps(impl2(iface), &caps2)))
        ddraw_caps2_to_caps1(&caps2, caps);
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface2_GetClipper(IDirectDrawSurface2 *iface, IDirectDrawClipper **clipper)
{
    return ddraw_surface_get_clipper(impl2(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface2_GetColorKey(IDirectDrawSurface2 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_get_color_key(impl2(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface2_GetDC(IDirectDrawSurface2 *iface, HDC *dc)
{
    return ddraw_surface_get_dc(impl2(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface2_GetFlipStatus(IDirectDrawSurface2 *iface, DWORD flags)
{
    return ddraw_surface_get_flip_status(impl2(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface2_GetOverlayPosition(IDirectDrawSurface2 *iface, LONG *x, LONG *y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_GetPalette(IDirectDrawSurface2 *iface, IDirectDrawPalette **palette)
{
    return ddraw_surface_get_palette(impl2(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface2_GetPixelFormat(IDirectDrawSurface2 *iface, DDPIXELFORMAT *format)
{
    return ddraw_surface_get_pixel_format(impl2(iface), format);
}

static HRESULT STDMETHODCALLTYPE surface2_GetSurfaceDesc(IDirectDrawSurface2 *iface, DDSURFACEDESC *desc)
{
    return ddraw_surface_get_surface_desc(impl2(iface), desc, FALSE);
}

static HRESULT STDMETHODCALLTYPE surface2_Initialize(IDirectDrawSurface2 *iface, IDirectDraw *ddraw, DDSURFACEDESC *desc)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE surface2_IsLost(IDirectDrawSurface2 *iface)
{
    return ddraw_surface_is_lost(impl2(iface));
}

static HRESULT STDMETHODCALLTYPE surface2_Lock(IDirectDrawSurface2 *iface, RECT *rect, DDSURFACEDESC *desc, DWORD flags, HANDLE event)
{
    return ddraw_surface_lock(impl2(iface), rect, desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface2_ReleaseDC(IDirectDrawSurface2 *iface, HDC dc)
{
    return ddraw_surface_release_dc(impl2(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface2_Restore(IDirectDrawSurface2 *iface)
{
    return ddraw_surface_restore(impl2(iface));
}

static HRESULT STDMETHODCALLTYPE surface2_SetClipper(IDirectDrawSurface2 *iface, IDirectDrawClipper *clipper)
{
    return ddraw_surface_set_clipper(impl2(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface2_SetColorKey(IDirectDrawSurface2 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_set_color_key(impl2(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface2_SetOverlayPosition(IDirectDrawSurface2 *iface, LONG x, LONG y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_SetPalette(IDirectDrawSurface2 *iface, IDirectDrawPalette *palette)
{
    return ddraw_surface_set_palette(impl2(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface2_Unlock(IDirectDrawSurface2 *iface, void *data)
{
    return ddraw_surface_unlock(impl2(iface));
}

static HRESULT STDMETHODCALLTYPE surface2_UpdateOverlay(IDirectDrawSurface2 *iface, RECT *src_rect, IDirectDrawSurface2 *dst, RECT *dst_rect, DWORD flags, DDOVERLAYFX *fx)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_UpdateOverlayDisplay(IDirectDrawSurface2 *iface, DWORD flags)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_UpdateOverlayZOrder(IDirectDrawSurface2 *iface, DWORD flags, IDirectDrawSurface2 *reference)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface2_GetDDInterface(IDirectDrawSurface2 *iface, void **ddraw)
{
    return ddraw_surface_get_dd_interface(impl2(iface), ddraw);
}

static HRESULT STDMETHODCALLTYPE surface2_PageLock(IDirectDrawSurface2 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl2(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface2_PageUnlock(IDirectDrawSurface2 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl2(iface), flags);
}

static IDirectDrawSurface2Vtbl surface2_vtbl =
{
    surface2_QueryInterface,
    surface2_AddRef,
    surface2_Release,
    surface2_AddAttachedSurface,
    surface2_AddOverlayDirtyRect,
    surface2_Blt,
    surface2_BltBatch,
    surface2_BltFast,
    surface2_DeleteAttachedSurface,
    surface2_EnumAttachedSurfaces,
    surface2_EnumOverlayZOrders,
    surface2_Flip,
    surface2_GetAttachedSurface,
    surface2_GetBltStatus,
    surface2_GetCaps,
    surface2_GetClipper,
    surface2_GetColorKey,
    surface2_GetDC,
    surface2_GetFlipStatus,
    surface2_GetOverlayPosition,
    surface2_GetPalette,
    surface2_GetPixelFormat,
    surface2_GetSurfaceDesc,
    surface2_Initialize,
    surface2_IsLost,
    surface2_Lock,
    surface2_ReleaseDC,
    surface2_Restore,
    surface2_SetClipper,
    surface2_SetColorKey,
    surface2_SetOverlayPosition,
    surface2_SetPalette,
    surface2_Unlock,
    surface2_UpdateOverlay,
    surface2_UpdateOverlayDisplay,
    surface2_UpdateOverlayZOrder,
    surface2_GetDDInterface,
    surface2_PageLock,
    surface2_PageUnlock,
};

/* IDirectDrawSurface */

static inline struct ddraw_surface *impl1(IDirectDrawSurface *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface_iface);
}

static HRESULT STDMETHODCALLTYPE surface1_QueryInterface(IDirectDrawSurface *iface, REFIID riid, void **out)
{
    return ddraw_surface_query_interface(impl1(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE surface1_AddRef(IDirectDrawSurface *iface)
{
    return ddraw_surface_addref(impl1(iface), 1);
}

static ULONG STDMETHODCALLTYPE surface1_Release(IDirectDrawSurface *iface)
{
    return ddraw_surface_release(impl1(iface), 1);
}

static HRESULT STDMETHODCALLTYPE surface1_AddAttachedSurface(IDirectDrawSurface *iface, IDirectDrawSurface *attachment)
{
    return ddraw_surface_add_attached(impl1(iface), ddraw_surface_from_iface1(attachment), 1);
}

static HRESULT STDMETHODCALLTYPE surface1_AddOverlayDirtyRect(IDirectDrawSurface *iface, RECT *rect)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface1_Blt(IDirectDrawSurface *iface, RECT *dst_rect, IDirectDrawSurface *src, RECT *src_rect, DWORD flags, DDBLTFX *fx)
{
    if (src && !ddraw_surface_from_iface1(src))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_blt_version(impl1(iface), dst_rect, ddraw_surface_from_iface1(src), src_rect, flags, fx, 1);
}

static HRESULT STDMETHODCALLTYPE surface1_BltBatch(IDirectDrawSurface *iface, DDBLTBATCH *batch, DWORD count, DWORD flags)
{
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE surface1_BltFast(IDirectDrawSurface *iface, DWORD x, DWORD y, IDirectDrawSurface *src, RECT *src_rect, DWORD trans)
{
    return ddraw_surface_blt_fast(impl1(iface), x, y, ddraw_surface_from_iface1(src), src_rect, trans);
}

static HRESULT STDMETHODCALLTYPE surface1_DeleteAttachedSurface(IDirectDrawSurface *iface, DWORD flags, IDirectDrawSurface *attachment)
{
    return ddraw_surface_delete_attached(impl1(iface), flags, ddraw_surface_from_iface1(attachment), 1);
}

static HRESULT STDMETHODCALLTYPE surface1_EnumAttachedSurfaces(IDirectDrawSurface *iface, void *context, LPDDENUMSURFACESCALLBACK callback)
{
    return ddraw_surface_enum_attached(impl1(iface), 1, context, (void *)callback);
}

static HRESULT STDMETHODCALLTYPE surface1_EnumOverlayZOrders(IDirectDrawSurface *iface, DWORD flags, void *context, LPDDENUMSURFACESCALLBACK callback)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface1_Flip(IDirectDrawSurface *iface, IDirectDrawSurface *dst, DWORD flags)
{
    if (dst && !ddraw_surface_from_iface1(dst))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_flip(impl1(iface), ddraw_surface_from_iface1(dst), flags);
}

static HRESULT STDMETHODCALLTYPE surface1_GetAttachedSurface(IDirectDrawSurface *iface, DDSCAPS *caps, IDirectDrawSurface **attachment)
{
    struct ddraw_surface *att;
    DDSCAPS2 caps2;
    HRESULT hr;

    if (!caps || !attachment)
        return DDERR_INVALIDPARAMS;
    ddraw_caps1_to_caps2(caps, &caps2);
    if (SUCCEEDED(hr = ddraw_surface_get_attached(impl1(iface), &caps2, 1, &att)))
        *attachment = &att->IDirectDrawSurface_iface;
    else
        *attachment = NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface1_GetBltStatus(IDirectDrawSurface *iface, DWORD flags)
{
    return ddraw_surface_get_blt_status(impl1(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface1_GetCaps(IDirectDrawSurface *iface, DDSCAPS *caps)
{
    DDSCAPS2 caps2;
    HRESULT hr;

    if (!caps)
        return DDERR_INVALIDPARAMS;
    if (SUCCEEDED(hr = ddraw_surface_get_caps(impl1(iface), &caps2)))
        ddraw_caps2_to_caps1(&caps2, caps);
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface1_GetClipper(IDirectDrawSurface *iface, IDirectDrawClipper **clipper)
{
    return ddraw_surface_get_clipper(impl1(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface1_GetColorKey(IDirectDrawSurface *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_get_color_key(impl1(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface1_GetDC(IDirectDrawSurface *iface, HDC *dc)
{
    return ddraw_surface_get_dc(impl1(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface1_GetFlipStatus(IDirectDrawSurface *iface, DWORD flags)
{
    return ddraw_surface_get_flip_status(impl1(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface1_GetOverlayPosition(IDirectDrawSurface *iface, LONG *x, LONG *y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface1_GetPalette(IDirectDrawSurface *iface, IDirectDrawPalette **palette)
{
    return ddraw_surface_get_palette(impl1(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface1_GetPixelFormat(IDirectDrawSurface *iface, DDPIXELFORMAT *format)
{
    return ddraw_surface_get_pixel_format(impl1(iface), format);
}

static HRESULT STDMETHODCALLTYPE surface1_GetSurfaceDesc(IDirectDrawSurface *iface, DDSURFACEDESC *desc)
{
    return ddraw_surface_get_surface_desc(impl1(iface), desc, FALSE);
}

static HRESULT STDMETHODCALLTYPE surface1_Initialize(IDirectDrawSurface *iface, IDirectDraw *ddraw, DDSURFACEDESC *desc)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE surface1_IsLost(IDirectDrawSurface *iface)
{
    return ddraw_surface_is_lost(impl1(iface));
}

static HRESULT STDMETHODCALLTYPE surface1_Lock(IDirectDrawSurface *iface, RECT *rect, DDSURFACEDESC *desc, DWORD flags, HANDLE event)
{
    return ddraw_surface_lock(impl1(iface), rect, desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface1_ReleaseDC(IDirectDrawSurface *iface, HDC dc)
{
    return ddraw_surface_release_dc(impl1(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface1_Restore(IDirectDrawSurface *iface)
{
    return ddraw_surface_restore(impl1(iface));
}

static HRESULT STDMETHODCALLTYPE surface1_SetClipper(IDirectDrawSurface *iface, IDirectDrawClipper *clipper)
{
    return ddraw_surface_set_clipper(impl1(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface1_SetColorKey(IDirectDrawSurface *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_set_color_key(impl1(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface1_SetOverlayPosition(IDirectDrawSurface *iface, LONG x, LONG y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface1_SetPalette(IDirectDrawSurface *iface, IDirectDrawPalette *palette)
{
    return ddraw_surface_set_palette(impl1(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface1_Unlock(IDirectDrawSurface *iface, void *data)
{
    return ddraw_surface_unlock(impl1(iface));
}

static HRESULT STDMETHODCALLTYPE surface1_UpdateOverlay(IDirectDrawSurface *iface, RECT *src_rect, IDirectDrawSurface *dst, RECT *dst_rect, DWORD flags, DDOVERLAYFX *fx)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface1_UpdateOverlayDisplay(IDirectDrawSurface *iface, DWORD flags)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface1_UpdateOverlayZOrder(IDirectDrawSurface *iface, DWORD flags, IDirectDrawSurface *reference)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static IDirectDrawSurfaceVtbl surface1_vtbl =
{
    surface1_QueryInterface,
    surface1_AddRef,
    surface1_Release,
    surface1_AddAttachedSurface,
    surface1_AddOverlayDirtyRect,
    surface1_Blt,
    surface1_BltBatch,
    surface1_BltFast,
    surface1_DeleteAttachedSurface,
    surface1_EnumAttachedSurfaces,
    surface1_EnumOverlayZOrders,
    surface1_Flip,
    surface1_GetAttachedSurface,
    surface1_GetBltStatus,
    surface1_GetCaps,
    surface1_GetClipper,
    surface1_GetColorKey,
    surface1_GetDC,
    surface1_GetFlipStatus,
    surface1_GetOverlayPosition,
    surface1_GetPalette,
    surface1_GetPixelFormat,
    surface1_GetSurfaceDesc,
    surface1_Initialize,
    surface1_IsLost,
    surface1_Lock,
    surface1_ReleaseDC,
    surface1_Restore,
    surface1_SetClipper,
    surface1_SetColorKey,
    surface1_SetOverlayPosition,
    surface1_SetPalette,
    surface1_Unlock,
    surface1_UpdateOverlay,
    surface1_UpdateOverlayDisplay,
    surface1_UpdateOverlayZOrder,
};

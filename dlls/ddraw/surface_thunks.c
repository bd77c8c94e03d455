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
    return ddraw_surface_add_attached(impl4(iface), 4, attachment);
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
    return ddraw_surface_delete_attached(impl4(iface), flags, attachment);
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

/* The methods IDirectDrawSurface, 2 and 3 share: they differ only in the
 * interface type, where the interface sits in the object (member) and the
 * version number handed to the shared implementation (v). */
#define DDRAW_SURFACE_DESC1_THUNKS(v, itype, member) \
static inline struct ddraw_surface *impl##v(itype *iface) \
{ \
    return DDRAW_CONTAINING(iface, struct ddraw_surface, member); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_QueryInterface(itype *iface, REFIID riid, void **out) \
{ \
    return ddraw_surface_query_interface(impl##v(iface), riid, out); \
} \
\
static ULONG STDMETHODCALLTYPE surface##v##_AddRef(itype *iface) \
{ \
    return ddraw_surface_addref(impl##v(iface), v); \
} \
\
static ULONG STDMETHODCALLTYPE surface##v##_Release(itype *iface) \
{ \
    return ddraw_surface_release(impl##v(iface), v); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_AddAttachedSurface(itype *iface, itype *attachment) \
{ \
    return ddraw_surface_add_attached(impl##v(iface), v, attachment); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_AddOverlayDirtyRect(itype *iface, RECT *rect) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_Blt(itype *iface, RECT *dst_rect, itype *src, RECT *src_rect, DWORD flags, DDBLTFX *fx) \
{ \
    if (src && !ddraw_surface_from_iface##v(src)) \
        return DDERR_INVALIDPARAMS; \
    return ddraw_surface_blt_version(impl##v(iface), dst_rect, ddraw_surface_from_iface##v(src), src_rect, flags, fx, v); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_BltBatch(itype *iface, DDBLTBATCH *batch, DWORD count, DWORD flags) \
{ \
    return DDERR_UNSUPPORTED; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_BltFast(itype *iface, DWORD x, DWORD y, itype *src, RECT *src_rect, DWORD trans) \
{ \
    return ddraw_surface_blt_fast(impl##v(iface), x, y, ddraw_surface_from_iface##v(src), src_rect, trans); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_DeleteAttachedSurface(itype *iface, DWORD flags, itype *attachment) \
{ \
    return ddraw_surface_delete_attached(impl##v(iface), flags, attachment); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_EnumAttachedSurfaces(itype *iface, void *context, LPDDENUMSURFACESCALLBACK callback) \
{ \
    return ddraw_surface_enum_attached(impl##v(iface), v, context, (void *)callback); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_EnumOverlayZOrders(itype *iface, DWORD flags, void *context, LPDDENUMSURFACESCALLBACK callback) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_Flip(itype *iface, itype *dst, DWORD flags) \
{ \
    if (dst && !ddraw_surface_from_iface##v(dst)) \
        return DDERR_INVALIDPARAMS; \
    return ddraw_surface_flip(impl##v(iface), ddraw_surface_from_iface##v(dst), flags); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetAttachedSurface(itype *iface, DDSCAPS *caps, itype **attachment) \
{ \
    struct ddraw_surface *att; \
    DDSCAPS2 caps2; \
    HRESULT hr; \
\
    if (!caps || !attachment) \
        return DDERR_INVALIDPARAMS; \
    ddraw_caps1_to_caps2(caps, &caps2); \
    if (SUCCEEDED(hr = ddraw_surface_get_attached(impl##v(iface), &caps2, v, &att))) \
        *attachment = &att->member; \
    else \
        *attachment = NULL; \
    return hr; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetBltStatus(itype *iface, DWORD flags) \
{ \
    return ddraw_surface_get_blt_status(impl##v(iface), flags); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetCaps(itype *iface, DDSCAPS *caps) \
{ \
    DDSCAPS2 caps2; \
    HRESULT hr; \
\
    if (!caps) \
        return DDERR_INVALIDPARAMS; \
    if (SUCCEEDED(hr = ddraw_surface_get_caps(impl##v(iface), &caps2))) \
        ddraw_caps2_to_caps1(&caps2, caps); \
    return hr; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetClipper(itype *iface, IDirectDrawClipper **clipper) \
{ \
    return ddraw_surface_get_clipper(impl##v(iface), clipper); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetColorKey(itype *iface, DWORD flags, DDCOLORKEY *key) \
{ \
    return ddraw_surface_get_color_key(impl##v(iface), flags, key); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetDC(itype *iface, HDC *dc) \
{ \
    return ddraw_surface_get_dc(impl##v(iface), dc); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetFlipStatus(itype *iface, DWORD flags) \
{ \
    return ddraw_surface_get_flip_status(impl##v(iface), flags); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetOverlayPosition(itype *iface, LONG *x, LONG *y) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetPalette(itype *iface, IDirectDrawPalette **palette) \
{ \
    return ddraw_surface_get_palette(impl##v(iface), palette); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetPixelFormat(itype *iface, DDPIXELFORMAT *format) \
{ \
    return ddraw_surface_get_pixel_format(impl##v(iface), format); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_GetSurfaceDesc(itype *iface, DDSURFACEDESC *desc) \
{ \
    return ddraw_surface_get_surface_desc(impl##v(iface), desc, FALSE); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_Initialize(itype *iface, IDirectDraw *ddraw, DDSURFACEDESC *desc) \
{ \
    return DDERR_ALREADYINITIALIZED; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_IsLost(itype *iface) \
{ \
    return ddraw_surface_is_lost(impl##v(iface)); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_Lock(itype *iface, RECT *rect, DDSURFACEDESC *desc, DWORD flags, HANDLE event) \
{ \
    return ddraw_surface_lock(impl##v(iface), rect, desc, flags); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_ReleaseDC(itype *iface, HDC dc) \
{ \
    return ddraw_surface_release_dc(impl##v(iface), dc); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_Restore(itype *iface) \
{ \
    return ddraw_surface_restore(impl##v(iface)); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_SetClipper(itype *iface, IDirectDrawClipper *clipper) \
{ \
    return ddraw_surface_set_clipper(impl##v(iface), clipper); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_SetColorKey(itype *iface, DWORD flags, DDCOLORKEY *key) \
{ \
    return ddraw_surface_set_color_key(impl##v(iface), flags, key); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_SetOverlayPosition(itype *iface, LONG x, LONG y) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_SetPalette(itype *iface, IDirectDrawPalette *palette) \
{ \
    return ddraw_surface_set_palette(impl##v(iface), palette); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_Unlock(itype *iface, void *data) \
{ \
    return ddraw_surface_unlock(impl##v(iface)); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_UpdateOverlay(itype *iface, RECT *src_rect, itype *dst, RECT *dst_rect, DWORD flags, DDOVERLAYFX *fx) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_UpdateOverlayDisplay(itype *iface, DWORD flags) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_UpdateOverlayZOrder(itype *iface, DWORD flags, itype *reference) \
{ \
    return DDERR_NOTAOVERLAYSURFACE; \
}

/* The three methods IDirectDrawSurface2 added, kept by version 3. */
#define DDRAW_SURFACE_V2_THUNKS(v, itype) \
static HRESULT STDMETHODCALLTYPE surface##v##_GetDDInterface(itype *iface, void **ddraw) \
{ \
    return ddraw_surface_get_dd_interface(impl##v(iface), ddraw); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_PageLock(itype *iface, DWORD flags) \
{ \
    return ddraw_surface_page_lock(impl##v(iface), flags); \
} \
\
static HRESULT STDMETHODCALLTYPE surface##v##_PageUnlock(itype *iface, DWORD flags) \
{ \
    return ddraw_surface_page_lock(impl##v(iface), flags); \
}

/* IDirectDrawSurface3 */

DDRAW_SURFACE_DESC1_THUNKS(3, IDirectDrawSurface3, IDirectDrawSurface3_iface)
DDRAW_SURFACE_V2_THUNKS(3, IDirectDrawSurface3)

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

DDRAW_SURFACE_DESC1_THUNKS(2, IDirectDrawSurface2, IDirectDrawSurface2_iface)
DDRAW_SURFACE_V2_THUNKS(2, IDirectDrawSurface2)

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

DDRAW_SURFACE_DESC1_THUNKS(1, IDirectDrawSurface, IDirectDrawSurface_iface)

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

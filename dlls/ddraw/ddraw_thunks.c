/*
 * ddraw: the older interfaces of the DirectDraw object, IDirectDraw4,
 * IDirectDraw2 and IDirectDraw, on the one object of ddraw.c.  Each method
 * is a thin adapter: it finds the object from its interface, converts the
 * DDSURFACEDESC and DDSCAPS of versions 1 and 2 to their version 7 forms,
 * hands the call to IDirectDraw7 or to the shared implementation
 * (ddraw_private.h), and gives back surfaces of its own version.  Each
 * interface keeps its own reference count.
 */
#include "config.h"

#include "ddraw_private.h"

/* The vtables of the older interfaces are writable, as Windows' are:
 * programs patch them (Wine's ddraw1.c test_vtbl_protection). */
static IDirectDraw4Vtbl ddraw4_vtbl;
static IDirectDraw2Vtbl ddraw2_vtbl;
static IDirectDrawVtbl ddraw1_vtbl;

struct ddraw *ddraw_from_ddraw4(IDirectDraw4 *iface)
{
    if (!iface || iface->lpVtbl != &ddraw4_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw4_iface);
}

struct ddraw *ddraw_from_ddraw2(IDirectDraw2 *iface)
{
    if (!iface || iface->lpVtbl != &ddraw2_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw2_iface);
}

struct ddraw *ddraw_from_ddraw1(IDirectDraw *iface)
{
    if (!iface || iface->lpVtbl != &ddraw1_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw_iface);
}

/* Called by ddraw.c when it makes a DirectDraw object. */
void ddraw_init_thunks(struct ddraw *ddraw)
{
    ddraw->IDirectDraw4_iface.lpVtbl = &ddraw4_vtbl;
    ddraw->IDirectDraw2_iface.lpVtbl = &ddraw2_vtbl;
    ddraw->IDirectDraw_iface.lpVtbl = &ddraw1_vtbl;
}

static inline struct ddraw *impl4(IDirectDraw4 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw4_iface);
}

static inline struct ddraw *impl2(IDirectDraw2 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw2_iface);
}

static inline struct ddraw *impl1(IDirectDraw *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw_iface);
}

/* ---------------------------------------------------------------------- */
/* IDirectDraw4                                                            */

static HRESULT STDMETHODCALLTYPE ddraw4_QueryInterface(IDirectDraw4 *iface, REFIID riid, void **out)
{
    return IDirectDraw7_QueryInterface(&impl4(iface)->IDirectDraw7_iface, riid, out);
}

static ULONG STDMETHODCALLTYPE ddraw4_AddRef(IDirectDraw4 *iface)
{
    struct ddraw *ddraw = impl4(iface);
    return ddraw_addref_count(ddraw, &ddraw->ref4);
}

static ULONG STDMETHODCALLTYPE ddraw4_Release(IDirectDraw4 *iface)
{
    struct ddraw *ddraw = impl4(iface);
    return ddraw_release_count(ddraw, &ddraw->ref4);
}

static HRESULT STDMETHODCALLTYPE ddraw4_Compact(IDirectDraw4 *iface)
{
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw4_CreateClipper(IDirectDraw4 *iface, DWORD flags,
        IDirectDrawClipper **clipper, IUnknown *outer)
{
    return IDirectDraw7_CreateClipper(&impl4(iface)->IDirectDraw7_iface, flags, clipper, outer);
}

static HRESULT STDMETHODCALLTYPE ddraw4_CreatePalette(IDirectDraw4 *iface, DWORD flags, PALETTEENTRY *entries,
        IDirectDrawPalette **palette, IUnknown *outer)
{
    return ddraw_create_palette(impl4(iface), flags, entries, palette, outer, (IUnknown *)iface);
}

static HRESULT STDMETHODCALLTYPE ddraw4_CreateSurface(IDirectDraw4 *iface, DDSURFACEDESC2 *desc,
        IDirectDrawSurface4 **surface, IUnknown *outer)
{
    struct ddraw_surface *object;
    HRESULT hr;

    if (FAILED(hr = ddraw_create_surface_begin(impl4(iface), desc, sizeof(*desc), (void **)surface, outer)))
        return hr;
    if (SUCCEEDED(hr = ddraw_create_surface(impl4(iface), desc, 4, (IUnknown *)iface, &object)))
        *surface = &object->IDirectDrawSurface4_iface;
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw4_DuplicateSurface(IDirectDraw4 *iface, IDirectDrawSurface4 *src,
        IDirectDrawSurface4 **dst)
{
    struct ddraw_surface *object;
    HRESULT hr;

    if (!dst)
        return DDERR_INVALIDPARAMS;
    *dst = NULL;
    if (SUCCEEDED(hr = ddraw_duplicate_surface(impl4(iface), ddraw_surface_from_iface4(src), 4,
            (IUnknown *)iface, &object)))
        *dst = &object->IDirectDrawSurface4_iface;
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw4_EnumDisplayModes(IDirectDraw4 *iface, DWORD flags,
        DDSURFACEDESC2 *desc, void *context, LPDDENUMMODESCALLBACK2 callback)
{
    return IDirectDraw7_EnumDisplayModes(&impl4(iface)->IDirectDraw7_iface, flags, desc, context, callback);
}

static HRESULT STDMETHODCALLTYPE ddraw4_EnumSurfaces(IDirectDraw4 *iface, DWORD flags,
        DDSURFACEDESC2 *desc, void *context, LPDDENUMSURFACESCALLBACK2 callback)
{
    return ddraw_enum_surfaces(impl4(iface), flags, desc, 4, context, (void *)callback);
}

static HRESULT STDMETHODCALLTYPE ddraw4_FlipToGDISurface(IDirectDraw4 *iface)
{
    return IDirectDraw7_FlipToGDISurface(&impl4(iface)->IDirectDraw7_iface);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetCaps(IDirectDraw4 *iface, DDCAPS *driver_caps, DDCAPS *hel_caps)
{
    return IDirectDraw7_GetCaps(&impl4(iface)->IDirectDraw7_iface, driver_caps, hel_caps);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetDisplayMode(IDirectDraw4 *iface, DDSURFACEDESC2 *desc)
{
    return IDirectDraw7_GetDisplayMode(&impl4(iface)->IDirectDraw7_iface, desc);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetFourCCCodes(IDirectDraw4 *iface, DWORD *count, DWORD *codes)
{
    return IDirectDraw7_GetFourCCCodes(&impl4(iface)->IDirectDraw7_iface, count, codes);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetGDISurface(IDirectDraw4 *iface, IDirectDrawSurface4 **out)
{
    struct ddraw_surface *surface;
    HRESULT hr;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (SUCCEEDED(hr = ddraw_get_gdi_surface(impl4(iface), &surface)))
    {
        *out = &surface->IDirectDrawSurface4_iface;
        IDirectDrawSurface4_AddRef(*out);
    }
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetMonitorFrequency(IDirectDraw4 *iface, DWORD *frequency)
{
    return IDirectDraw7_GetMonitorFrequency(&impl4(iface)->IDirectDraw7_iface, frequency);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetScanLine(IDirectDraw4 *iface, DWORD *line)
{
    return IDirectDraw7_GetScanLine(&impl4(iface)->IDirectDraw7_iface, line);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetVerticalBlankStatus(IDirectDraw4 *iface, BOOL *status)
{
    return IDirectDraw7_GetVerticalBlankStatus(&impl4(iface)->IDirectDraw7_iface, status);
}

static HRESULT STDMETHODCALLTYPE ddraw4_Initialize(IDirectDraw4 *iface, GUID *guid)
{
    return IDirectDraw7_Initialize(&impl4(iface)->IDirectDraw7_iface, guid);
}

static HRESULT STDMETHODCALLTYPE ddraw4_RestoreDisplayMode(IDirectDraw4 *iface)
{
    return ddraw_restore_display_mode(impl4(iface));
}

static HRESULT STDMETHODCALLTYPE ddraw4_SetCooperativeLevel(IDirectDraw4 *iface, HWND window, DWORD flags)
{
    return ddraw_set_cooperative_level(impl4(iface), window, flags);
}

static HRESULT STDMETHODCALLTYPE ddraw4_SetDisplayMode(IDirectDraw4 *iface, DWORD width, DWORD height,
        DWORD bpp, DWORD refresh_rate, DWORD flags)
{
    return ddraw_set_display_mode(impl4(iface), width, height, bpp, refresh_rate, flags);
}

static HRESULT STDMETHODCALLTYPE ddraw4_WaitForVerticalBlank(IDirectDraw4 *iface, DWORD flags, HANDLE event)
{
    return ddraw_wait_for_vertical_blank(impl4(iface), flags, event);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetAvailableVidMem(IDirectDraw4 *iface, DDSCAPS2 *caps,
        DWORD *total, DWORD *free_mem)
{
    return ddraw_get_available_vid_mem(impl4(iface), caps ? caps->dwCaps : 0, total, free_mem);
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetSurfaceFromDC(IDirectDraw4 *iface, HDC dc, IDirectDrawSurface4 **out)
{
    struct ddraw_surface *surface;
    HRESULT hr;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    /* Windows hands out the surface's IDirectDrawSurface interface here, not
     * IDirectDrawSurface4, and counts the reference there (Wine's ddraw4.c
     * test_get_surface_from_dc). */
    if (SUCCEEDED(hr = ddraw_get_surface_from_dc(impl4(iface), dc, &surface)))
    {
        *out = (IDirectDrawSurface4 *)&surface->IDirectDrawSurface_iface;
        IDirectDrawSurface_AddRef(&surface->IDirectDrawSurface_iface);
    }
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw4_RestoreAllSurfaces(IDirectDraw4 *iface)
{
    return ddraw_restore_all_surfaces(impl4(iface));
}

static HRESULT STDMETHODCALLTYPE ddraw4_TestCooperativeLevel(IDirectDraw4 *iface)
{
    return ddraw_test_cooperative_level(impl4(iface));
}

static HRESULT STDMETHODCALLTYPE ddraw4_GetDeviceIdentifier(IDirectDraw4 *iface, DDDEVICEIDENTIFIER *id, DWORD flags)
{
    DDDEVICEIDENTIFIER2 id2;

    if (!id)
        return DDERR_INVALIDPARAMS;
    if (flags & ~DDGDI_GETHOSTIDENTIFIER)
        return DDERR_INVALIDPARAMS;
    ddraw_fill_identifier(&id2);
    memcpy(id, &id2, sizeof(*id));
    return DD_OK;
}

static IDirectDraw4Vtbl ddraw4_vtbl =
{
    ddraw4_QueryInterface,
    ddraw4_AddRef,
    ddraw4_Release,
    ddraw4_Compact,
    ddraw4_CreateClipper,
    ddraw4_CreatePalette,
    ddraw4_CreateSurface,
    ddraw4_DuplicateSurface,
    ddraw4_EnumDisplayModes,
    ddraw4_EnumSurfaces,
    ddraw4_FlipToGDISurface,
    ddraw4_GetCaps,
    ddraw4_GetDisplayMode,
    ddraw4_GetFourCCCodes,
    ddraw4_GetGDISurface,
    ddraw4_GetMonitorFrequency,
    ddraw4_GetScanLine,
    ddraw4_GetVerticalBlankStatus,
    ddraw4_Initialize,
    ddraw4_RestoreDisplayMode,
    ddraw4_SetCooperativeLevel,
    ddraw4_SetDisplayMode,
    ddraw4_WaitForVerticalBlank,
    ddraw4_GetAvailableVidMem,
    ddraw4_GetSurfaceFromDC,
    ddraw4_RestoreAllSurfaces,
    ddraw4_TestCooperativeLevel,
    ddraw4_GetDeviceIdentifier,
};

/* ---------------------------------------------------------------------- */
/* IDirectDraw2 and IDirectDraw: DDSURFACEDESC and IDirectDrawSurface.      */

static HRESULT ddraw_mode_thunk1(DDSURFACEDESC2 *desc, void *context, void *callback)
{
    DDSURFACEDESC desc1;

    ddraw_desc2_to_desc1(desc, &desc1);
    return ((LPDDENUMMODESCALLBACK)callback)(&desc1, context);
}

static HRESULT ddraw_create_surface1(struct ddraw *ddraw, DDSURFACEDESC *desc, unsigned int version,
        IDirectDrawSurface **surface, IUnknown *outer)
{
    struct ddraw_surface *object;
    DDSURFACEDESC2 desc2;
    HRESULT hr;

    if (FAILED(hr = ddraw_create_surface_begin(ddraw, desc, sizeof(*desc), (void **)surface, outer)))
        return hr;
    ddraw_desc1_to_desc2(desc, &desc2);
    /* DirectDraw 1/2 surfaces do not keep the DirectDraw object alive. */
    if (SUCCEEDED(hr = ddraw_create_surface(ddraw, &desc2, version, NULL, &object)))
        *surface = &object->IDirectDrawSurface_iface;
    return hr;
}

static HRESULT ddraw_duplicate_surface1(struct ddraw *ddraw, IDirectDrawSurface *src, IDirectDrawSurface **dst)
{
    struct ddraw_surface *object;
    HRESULT hr;

    if (!dst)
        return DDERR_INVALIDPARAMS;
    *dst = NULL;
    if (SUCCEEDED(hr = ddraw_duplicate_surface(ddraw, ddraw_surface_from_iface1(src), 1, NULL, &object)))
        *dst = &object->IDirectDrawSurface_iface;
    return hr;
}

static HRESULT ddraw_enum_display_modes1(DWORD flags, DDSURFACEDESC *desc, void *context,
        LPDDENUMMODESCALLBACK callback)
{
    DDSURFACEDESC2 filter;

    if (!callback)
        return DDERR_INVALIDPARAMS;
    if (desc)
        ddraw_desc1_to_desc2(desc, &filter);
    return ddraw_enum_modes(flags, desc ? &filter : NULL, context, ddraw_mode_thunk1, (void *)callback);
}

static HRESULT ddraw_enum_surfaces1(struct ddraw *ddraw, DWORD flags, DDSURFACEDESC *desc, void *context,
        LPDDENUMSURFACESCALLBACK callback)
{
    DDSURFACEDESC2 filter;

    if (desc)
        ddraw_desc1_to_desc2(desc, &filter);
    return ddraw_enum_surfaces(ddraw, flags, desc ? &filter : NULL, 1, context, (void *)callback);
}

static HRESULT ddraw_get_display_mode1(struct ddraw *ddraw, DDSURFACEDESC *desc)
{
    DDSURFACEDESC2 d;

    if (!desc || (desc->dwSize != sizeof(*desc) && desc->dwSize != sizeof(DDSURFACEDESC2)))
        return DDERR_INVALIDPARAMS;
    /* A DDSURFACEDESC2 is taken too: cleared whole, it gets a DDSURFACEDESC
     * (Wine's ddraw1/2.c test_surface_desc_size). */
    if (desc->dwSize == sizeof(DDSURFACEDESC2))
        memset(desc, 0, sizeof(DDSURFACEDESC2));
    ddraw_get_display_mode(ddraw, &d);
    ddraw_desc2_to_desc1(&d, desc);
    desc->dwSize = sizeof(*desc);
    return DD_OK;
}

static HRESULT ddraw_get_gdi_surface1(struct ddraw *ddraw, IDirectDrawSurface **out)
{
    struct ddraw_surface *surface;
    HRESULT hr;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (SUCCEEDED(hr = ddraw_get_gdi_surface(ddraw, &surface)))
    {
        *out = &surface->IDirectDrawSurface_iface;
        IDirectDrawSurface_AddRef(*out);
    }
    return hr;
}

/* The methods IDirectDraw2 and IDirectDraw share: they differ only in the
 * interface type, its reference count (ref) and the version of the
 * surfaces they make (v). */
#define DDRAW_DESC1_THUNKS(v, itype, ref) \
static HRESULT STDMETHODCALLTYPE ddraw##v##_QueryInterface(itype *iface, REFIID riid, void **out) \
{ \
    return IDirectDraw7_QueryInterface(&impl##v(iface)->IDirectDraw7_iface, riid, out); \
} \
\
static ULONG STDMETHODCALLTYPE ddraw##v##_AddRef(itype *iface) \
{ \
    struct ddraw *ddraw = impl##v(iface); \
    return ddraw_addref_count(ddraw, &ddraw->ref); \
} \
\
static ULONG STDMETHODCALLTYPE ddraw##v##_Release(itype *iface) \
{ \
    struct ddraw *ddraw = impl##v(iface); \
    return ddraw_release_count(ddraw, &ddraw->ref); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_Compact(itype *iface) \
{ \
    return DD_OK; \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_CreateClipper(itype *iface, DWORD flags, \
        IDirectDrawClipper **clipper, IUnknown *outer) \
{ \
    return IDirectDraw7_CreateClipper(&impl##v(iface)->IDirectDraw7_iface, flags, clipper, outer); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_CreatePalette(itype *iface, DWORD flags, PALETTEENTRY *entries, \
        IDirectDrawPalette **palette, IUnknown *outer) \
{ \
    return ddraw_create_palette(impl##v(iface), flags, entries, palette, outer, NULL); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_CreateSurface(itype *iface, DDSURFACEDESC *desc, \
        IDirectDrawSurface **surface, IUnknown *outer) \
{ \
    return ddraw_create_surface1(impl##v(iface), desc, v, surface, outer); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_DuplicateSurface(itype *iface, IDirectDrawSurface *src, \
        IDirectDrawSurface **dst) \
{ \
    return ddraw_duplicate_surface1(impl##v(iface), src, dst); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_EnumDisplayModes(itype *iface, DWORD flags, \
        DDSURFACEDESC *desc, void *context, LPDDENUMMODESCALLBACK callback) \
{ \
    return ddraw_enum_display_modes1(flags, desc, context, callback); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_EnumSurfaces(itype *iface, DWORD flags, \
        DDSURFACEDESC *desc, void *context, LPDDENUMSURFACESCALLBACK callback) \
{ \
    return ddraw_enum_surfaces1(impl##v(iface), flags, desc, context, callback); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_FlipToGDISurface(itype *iface) \
{ \
    return IDirectDraw7_FlipToGDISurface(&impl##v(iface)->IDirectDraw7_iface); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetCaps(itype *iface, DDCAPS *driver_caps, DDCAPS *hel_caps) \
{ \
    return IDirectDraw7_GetCaps(&impl##v(iface)->IDirectDraw7_iface, driver_caps, hel_caps); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetDisplayMode(itype *iface, DDSURFACEDESC *desc) \
{ \
    return ddraw_get_display_mode1(impl##v(iface), desc); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetFourCCCodes(itype *iface, DWORD *count, DWORD *codes) \
{ \
    return IDirectDraw7_GetFourCCCodes(&impl##v(iface)->IDirectDraw7_iface, count, codes); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetGDISurface(itype *iface, IDirectDrawSurface **out) \
{ \
    return ddraw_get_gdi_surface1(impl##v(iface), out); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetMonitorFrequency(itype *iface, DWORD *frequency) \
{ \
    return IDirectDraw7_GetMonitorFrequency(&impl##v(iface)->IDirectDraw7_iface, frequency); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetScanLine(itype *iface, DWORD *line) \
{ \
    return IDirectDraw7_GetScanLine(&impl##v(iface)->IDirectDraw7_iface, line); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_GetVerticalBlankStatus(itype *iface, BOOL *status) \
{ \
    return IDirectDraw7_GetVerticalBlankStatus(&impl##v(iface)->IDirectDraw7_iface, status); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_Initialize(itype *iface, GUID *guid) \
{ \
    return IDirectDraw7_Initialize(&impl##v(iface)->IDirectDraw7_iface, guid); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_RestoreDisplayMode(itype *iface) \
{ \
    return ddraw_restore_display_mode(impl##v(iface)); \
} \
\
static HRESULT STDMETHODCALLTYPE ddraw##v##_WaitForVerticalBlank(itype *iface, DWORD flags, HANDLE event) \
{ \
    return ddraw_wait_for_vertical_blank(impl##v(iface), flags, event); \
}

DDRAW_DESC1_THUNKS(2, IDirectDraw2, ref2)

static HRESULT STDMETHODCALLTYPE ddraw2_SetCooperativeLevel(IDirectDraw2 *iface, HWND window, DWORD flags)
{
    return ddraw_set_cooperative_level(impl2(iface), window, flags);
}

static HRESULT STDMETHODCALLTYPE ddraw2_SetDisplayMode(IDirectDraw2 *iface, DWORD width, DWORD height,
        DWORD bpp, DWORD refresh_rate, DWORD flags)
{
    return ddraw_set_display_mode(impl2(iface), width, height, bpp, refresh_rate, flags);
}

static HRESULT STDMETHODCALLTYPE ddraw2_GetAvailableVidMem(IDirectDraw2 *iface, DDSCAPS *caps,
        DWORD *total, DWORD *free_mem)
{
    return ddraw_get_available_vid_mem(impl2(iface), caps ? caps->dwCaps : 0, total, free_mem);
}

static IDirectDraw2Vtbl ddraw2_vtbl =
{
    ddraw2_QueryInterface,
    ddraw2_AddRef,
    ddraw2_Release,
    ddraw2_Compact,
    ddraw2_CreateClipper,
    ddraw2_CreatePalette,
    ddraw2_CreateSurface,
    ddraw2_DuplicateSurface,
    ddraw2_EnumDisplayModes,
    ddraw2_EnumSurfaces,
    ddraw2_FlipToGDISurface,
    ddraw2_GetCaps,
    ddraw2_GetDisplayMode,
    ddraw2_GetFourCCCodes,
    ddraw2_GetGDISurface,
    ddraw2_GetMonitorFrequency,
    ddraw2_GetScanLine,
    ddraw2_GetVerticalBlankStatus,
    ddraw2_Initialize,
    ddraw2_RestoreDisplayMode,
    ddraw2_SetCooperativeLevel,
    ddraw2_SetDisplayMode,
    ddraw2_WaitForVerticalBlank,
    ddraw2_GetAvailableVidMem,
};

DDRAW_DESC1_THUNKS(1, IDirectDraw, ref1)

static HRESULT STDMETHODCALLTYPE ddraw1_SetCooperativeLevel(IDirectDraw *iface, HWND window, DWORD flags)
{
    HRESULT hr = ddraw_set_cooperative_level(impl1(iface), window, flags);

    if (SUCCEEDED(hr))
        impl1(iface)->scl_ddraw1 = TRUE;
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw1_SetDisplayMode(IDirectDraw *iface, DWORD width, DWORD height, DWORD bpp)
{
    return ddraw_set_display_mode(impl1(iface), width, height, bpp, 0, 0);
}

static IDirectDrawVtbl ddraw1_vtbl =
{
    ddraw1_QueryInterface,
    ddraw1_AddRef,
    ddraw1_Release,
    ddraw1_Compact,
    ddraw1_CreateClipper,
    ddraw1_CreatePalette,
    ddraw1_CreateSurface,
    ddraw1_DuplicateSurface,
    ddraw1_EnumDisplayModes,
    ddraw1_EnumSurfaces,
    ddraw1_FlipToGDISurface,
    ddraw1_GetCaps,
    ddraw1_GetDisplayMode,
    ddraw1_GetFourCCCodes,
    ddraw1_GetGDISurface,
    ddraw1_GetMonitorFrequency,
    ddraw1_GetScanLine,
    ddraw1_GetVerticalBlankStatus,
    ddraw1_Initialize,
    ddraw1_RestoreDisplayMode,
    ddraw1_SetCooperativeLevel,
    ddraw1_SetDisplayMode,
    ddraw1_WaitForVerticalBlank,
};

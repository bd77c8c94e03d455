/*
 * IDirect3DTexture2 and IDirect3DTexture: the Direct3D 1-3 interfaces of a
 * texture surface.
 *
 * They are interfaces of the surface object, counted with the surface's
 * own interface of the version that created it, and only surfaces of the
 * older DirectDraw interfaces have them (Direct3D 7 sets surfaces).  A
 * texture's handle is an entry in the Direct3D object's handle table,
 * which D3DRENDERSTATE_TEXTUREHANDLE and Direct3D 1 execute buffers name.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static const IDirect3DTexture2Vtbl d3d_texture2_vtbl;
static const IDirect3DTextureVtbl d3d_texture1_vtbl;

static struct ddraw_surface *impl_from_IDirect3DTexture2(IDirect3DTexture2 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirect3DTexture2_iface);
}

static struct ddraw_surface *impl_from_IDirect3DTexture(IDirect3DTexture *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirect3DTexture_iface);
}

struct ddraw_surface *d3d_texture1_surface(IDirect3DTexture *iface)
{
    if (!iface || iface->lpVtbl != &d3d_texture1_vtbl) return NULL;
    return impl_from_IDirect3DTexture(iface);
}

struct ddraw_surface *d3d_texture2_surface(IDirect3DTexture2 *iface)
{
    if (!iface || iface->lpVtbl != &d3d_texture2_vtbl) return NULL;
    return impl_from_IDirect3DTexture2(iface);
}

IDirect3DTexture2 *d3d_texture2_iface(struct ddraw_surface *surface)
{
    surface->IDirect3DTexture2_iface.lpVtbl = &d3d_texture2_vtbl;
    surface->IDirect3DTexture_iface.lpVtbl = &d3d_texture1_vtbl;
    return &surface->IDirect3DTexture2_iface;
}

/* The texture interfaces count with the surface interface of its version. */
static unsigned int outer_version(const struct ddraw_surface *surface)
{
    return surface->version == 4 ? 4 : 1;
}

HRESULT ddraw_d3d_texture_query_interface(struct ddraw_surface *surface, REFIID riid, void **out)
{
    *out = NULL;
    if (surface->version == 7) return E_NOINTERFACE;
    d3d_texture2_iface(surface);
    ddraw_surface_addref(surface, outer_version(surface));
    if (IsEqualGUID(riid, &IID_IDirect3DTexture2))
        *out = &surface->IDirect3DTexture2_iface;
    else
        *out = &surface->IDirect3DTexture_iface;
    return S_OK;
}

static HRESULT get_handle(struct ddraw_surface *surface, struct d3d7 *d3d, D3DTEXTUREHANDLE *handle)
{
    if (!handle) return DDERR_INVALIDPARAMS;
    if (!d3d) return DDERR_INVALIDPARAMS;
    if (!surface->texture_handle && !(surface->texture_handle = d3d_handle_alloc(d3d, D3D_HANDLE_TEXTURE, surface)))
        return DDERR_OUTOFMEMORY;
    *handle = surface->texture_handle;
    return D3D_OK;
}

/* Copies one level, with its palette and source colour key. */
static HRESULT load_level(struct ddraw_surface *dst, struct ddraw_surface *src)
{
    PALETTEENTRY entries[256];

    if (src->desc.dwWidth != dst->desc.dwWidth || src->desc.dwHeight != dst->desc.dwHeight)
        return D3DERR_TEXTURE_LOAD_FAILED;
    if (src->palette)
    {
        if (!dst->palette) return DDERR_NOPALETTEATTACHED;
        IDirectDrawPalette_GetEntries(&src->palette->IDirectDrawPalette_iface, 0, 0, 256, entries);
        IDirectDrawPalette_SetEntries(&dst->palette->IDirectDrawPalette_iface, 0, 0, 256, entries);
    }
    if (src->desc.dwFlags & DDSD_CKSRCBLT)
        ddraw_surface_set_color_key(dst, DDCKEY_SRCBLT, &src->src_blt_key);
    if (FAILED(ddraw_surface_blt(dst, NULL, src, NULL, DDBLT_WAIT, NULL)))
        return D3DERR_TEXTURE_LOAD_FAILED;
    return D3D_OK;
}

static HRESULT load(struct ddraw_surface *dst, struct ddraw_surface *src)
{
    HRESULT hr;

    if (!src) return DDERR_INVALIDPARAMS;
    if (src == dst) return D3D_OK;
    /* Level by level down both mip chains (an implicit chain's levels
     * follow its root in creation order). */
    for (;;)
    {
        if (FAILED(hr = load_level(dst, src))) return hr;
        if (!(src->desc.ddsCaps.dwCaps & DDSCAPS_MIPMAP) || !(dst->desc.ddsCaps.dwCaps & DDSCAPS_MIPMAP))
            return D3D_OK;
        src = src->complex_next;
        dst = dst->complex_next;
        if (!src || !dst) return D3D_OK;
    }
}

/* ---------------------------------------------------------------------- */
/* IDirect3DTexture2                                                       */

static HRESULT STDMETHODCALLTYPE d3d_texture2_QueryInterface(IDirect3DTexture2 *iface, REFIID riid, void **out)
{
    HRESULT hr;

    ddraw_lock();
    hr = ddraw_surface_query_interface(impl_from_IDirect3DTexture2(iface), riid, out);
    ddraw_unlock();
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d_texture2_AddRef(IDirect3DTexture2 *iface)
{
    struct ddraw_surface *surface = impl_from_IDirect3DTexture2(iface);

    return ddraw_surface_addref(surface, outer_version(surface));
}

static ULONG STDMETHODCALLTYPE d3d_texture2_Release(IDirect3DTexture2 *iface)
{
    struct ddraw_surface *surface = impl_from_IDirect3DTexture2(iface);

    return ddraw_surface_release(surface, outer_version(surface));
}

static HRESULT STDMETHODCALLTYPE d3d_texture2_GetHandle(IDirect3DTexture2 *iface, IDirect3DDevice2 *device,
        D3DTEXTUREHANDLE *handle)
{
    struct d3d3_device *device_impl = d3d3_device_from_iface2(device);
    HRESULT hr;

    TRACE("iface %p, device %p, handle %p.\n", iface, device, handle);

    if (!device_impl) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = get_handle(impl_from_IDirect3DTexture2(iface), d3d3_device_get_d3d(device_impl), handle);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_texture2_PaletteChanged(IDirect3DTexture2 *iface, DWORD start, DWORD count)
{
    TRACE("iface %p, start %u, count %u.\n", iface, (unsigned int)start, (unsigned int)count);
    /* The core reads the palette when it draws: nothing to update. */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_texture2_Load(IDirect3DTexture2 *iface, IDirect3DTexture2 *src)
{
    HRESULT hr;

    TRACE("iface %p, src %p.\n", iface, src);
    ddraw_lock();
    hr = load(impl_from_IDirect3DTexture2(iface), d3d_texture2_surface(src));
    ddraw_unlock();
    return hr;
}

static const IDirect3DTexture2Vtbl d3d_texture2_vtbl =
{
    d3d_texture2_QueryInterface,
    d3d_texture2_AddRef,
    d3d_texture2_Release,
    d3d_texture2_GetHandle,
    d3d_texture2_PaletteChanged,
    d3d_texture2_Load,
};

/* ---------------------------------------------------------------------- */
/* IDirect3DTexture                                                        */

static HRESULT STDMETHODCALLTYPE d3d_texture1_QueryInterface(IDirect3DTexture *iface, REFIID riid, void **out)
{
    HRESULT hr;

    ddraw_lock();
    hr = ddraw_surface_query_interface(impl_from_IDirect3DTexture(iface), riid, out);
    ddraw_unlock();
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d_texture1_AddRef(IDirect3DTexture *iface)
{
    struct ddraw_surface *surface = impl_from_IDirect3DTexture(iface);

    return ddraw_surface_addref(surface, outer_version(surface));
}

static ULONG STDMETHODCALLTYPE d3d_texture1_Release(IDirect3DTexture *iface)
{
    struct ddraw_surface *surface = impl_from_IDirect3DTexture(iface);

    return ddraw_surface_release(surface, outer_version(surface));
}

static HRESULT STDMETHODCALLTYPE d3d_texture1_Initialize(IDirect3DTexture *iface, IDirect3DDevice *device,
        IDirectDrawSurface *surface)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE d3d_texture1_GetHandle(IDirect3DTexture *iface, IDirect3DDevice *device,
        D3DTEXTUREHANDLE *handle)
{
    struct ddraw_surface *surface = impl_from_IDirect3DTexture(iface);
    struct d3d3_device *device_impl;
    HRESULT hr;

    TRACE("iface %p, device %p, handle %p.\n", iface, device, handle);

    /* The handle is the Direct3D object's, shared by its devices. */
    if (!(device_impl = d3d1_device_from_iface(device))) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = get_handle(surface, d3d3_device_get_d3d(device_impl), handle);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_texture1_PaletteChanged(IDirect3DTexture *iface, DWORD start, DWORD count)
{
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_texture1_Load(IDirect3DTexture *iface, IDirect3DTexture *src)
{
    struct ddraw_surface *src_surface = NULL;
    HRESULT hr;

    if (src && src->lpVtbl == &d3d_texture1_vtbl) src_surface = impl_from_IDirect3DTexture(src);
    ddraw_lock();
    hr = load(impl_from_IDirect3DTexture(iface), src_surface);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_texture1_Unload(IDirect3DTexture *iface)
{
    /* Textures live in the core for as long as their surfaces. */
    return D3D_OK;
}

static const IDirect3DTextureVtbl d3d_texture1_vtbl =
{
    d3d_texture1_QueryInterface,
    d3d_texture1_AddRef,
    d3d_texture1_Release,
    d3d_texture1_Initialize,
    d3d_texture1_GetHandle,
    d3d_texture1_PaletteChanged,
    d3d_texture1_Load,
    d3d_texture1_Unload,
};

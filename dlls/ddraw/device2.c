/*
 * IDirect3DDevice2 (DirectX 5): thunks onto the IDirect3DDevice3 of the
 * same object (device3.c).
 *
 * What differs: vertices are typed (D3DVERTEX, D3DLVERTEX, D3DTLVERTEX)
 * instead of flexible formats, surfaces and texture formats are of
 * DirectDraw 1, and textures are set only through handles.  The viewport
 * interfaces of versions 2 and 3 are one (viewport.c).
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static struct d3d3_device *impl_from_IDirect3DDevice2(IDirect3DDevice2 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d3_device, IDirect3DDevice2_iface);
}

static IDirect3DDevice3 *device3(IDirect3DDevice2 *iface)
{
    return &impl_from_IDirect3DDevice2(iface)->IDirect3DDevice3_iface;
}

DWORD d3d2_fvf_from_vertex_type(D3DVERTEXTYPE type)
{
    switch (type)
    {
        case D3DVT_VERTEX: return D3DFVF_VERTEX;
        case D3DVT_LVERTEX: return D3DFVF_LVERTEX;
        case D3DVT_TLVERTEX: return D3DFVF_TLVERTEX;
        default: return 0;
    }
}

static HRESULT STDMETHODCALLTYPE d3d2_device_QueryInterface(IDirect3DDevice2 *iface, REFIID riid, void **out)
{
    return IDirect3DDevice3_QueryInterface(device3(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE d3d2_device_AddRef(IDirect3DDevice2 *iface)
{
    return IDirect3DDevice3_AddRef(device3(iface));
}

static ULONG STDMETHODCALLTYPE d3d2_device_Release(IDirect3DDevice2 *iface)
{
    return IDirect3DDevice3_Release(device3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetCaps(IDirect3DDevice2 *iface, D3DDEVICEDESC *hal, D3DDEVICEDESC *hel)
{
    return IDirect3DDevice3_GetCaps(device3(iface), hal, hel);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SwapTextureHandles(IDirect3DDevice2 *iface,
        IDirect3DTexture2 *tex1, IDirect3DTexture2 *tex2)
{
    struct ddraw_surface *surface1 = d3d_texture2_surface(tex1), *surface2 = d3d_texture2_surface(tex2);
    struct d3d7 *d3d;
    DWORD h1, h2;

    TRACE("iface %p, tex1 %p, tex2 %p.\n", iface, tex1, tex2);

    if (!surface1 || !surface2) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if ((d3d = d3d3_device_get_d3d(impl_from_IDirect3DDevice2(iface))))
    {
        h1 = surface1->texture_handle;
        h2 = surface2->texture_handle;
        if (h1) d3d->handles[h1 - 1].object = surface2;
        if (h2) d3d->handles[h2 - 1].object = surface1;
        surface1->texture_handle = h2;
        surface2->texture_handle = h1;
    }
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetStats(IDirect3DDevice2 *iface, D3DSTATS *stats)
{
    return IDirect3DDevice3_GetStats(device3(iface), stats);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_AddViewport(IDirect3DDevice2 *iface, IDirect3DViewport2 *viewport)
{
    return IDirect3DDevice3_AddViewport(device3(iface), (IDirect3DViewport3 *)viewport);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_DeleteViewport(IDirect3DDevice2 *iface, IDirect3DViewport2 *viewport)
{
    return IDirect3DDevice3_DeleteViewport(device3(iface), (IDirect3DViewport3 *)viewport);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_NextViewport(IDirect3DDevice2 *iface, IDirect3DViewport2 *viewport,
        IDirect3DViewport2 **next, DWORD flags)
{
    return IDirect3DDevice3_NextViewport(device3(iface), (IDirect3DViewport3 *)viewport,
            (IDirect3DViewport3 **)next, flags);
}

/* Direct3D 5 enumerates texture formats as surface descriptions. */
struct enum_texture_formats_context
{
    LPD3DENUMTEXTUREFORMATSCALLBACK callback;
    void *context;
};

static HRESULT CALLBACK enum_texture_formats_cb(DDPIXELFORMAT *format, void *ctx)
{
    struct enum_texture_formats_context *c = ctx;
    DDSURFACEDESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.ddpfPixelFormat = *format;
    return c->callback(&desc, c->context);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_EnumTextureFormats(IDirect3DDevice2 *iface,
        LPD3DENUMTEXTUREFORMATSCALLBACK callback, void *context)
{
    struct enum_texture_formats_context c = {callback, context};

    TRACE("iface %p, callback %p, context %p.\n", iface, callback, context);

    if (!callback) return DDERR_INVALIDPARAMS;
    return IDirect3DDevice3_EnumTextureFormats(device3(iface), enum_texture_formats_cb, &c);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_BeginScene(IDirect3DDevice2 *iface)
{
    return IDirect3DDevice3_BeginScene(device3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d2_device_EndScene(IDirect3DDevice2 *iface)
{
    return IDirect3DDevice3_EndScene(device3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetDirect3D(IDirect3DDevice2 *iface, IDirect3D2 **d3d)
{
    struct d3d7 *object;

    TRACE("iface %p, d3d %p.\n", iface, d3d);

    if (!d3d) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if ((object = d3d3_device_get_d3d(impl_from_IDirect3DDevice2(iface))))
    {
        *d3d = &object->IDirect3D2_iface;
        IDirect3D2_AddRef(*d3d);
    }
    else *d3d = NULL;
    ddraw_unlock();
    return object ? D3D_OK : DDERR_INVALIDOBJECT;
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SetCurrentViewport(IDirect3DDevice2 *iface, IDirect3DViewport2 *viewport)
{
    return IDirect3DDevice3_SetCurrentViewport(device3(iface), (IDirect3DViewport3 *)viewport);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetCurrentViewport(IDirect3DDevice2 *iface, IDirect3DViewport2 **viewport)
{
    return IDirect3DDevice3_GetCurrentViewport(device3(iface), (IDirect3DViewport3 **)viewport);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SetRenderTarget(IDirect3DDevice2 *iface,
        IDirectDrawSurface *surface, DWORD flags)
{
    HRESULT hr;

    TRACE("iface %p, surface %p, flags %#x.\n", iface, surface, (unsigned int)flags);
    ddraw_lock();
    hr = d3d3_device_set_render_target(impl_from_IDirect3DDevice2(iface), ddraw_surface_from_iface1(surface), 1, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetRenderTarget(IDirect3DDevice2 *iface, IDirectDrawSurface **surface)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice2(iface);

    TRACE("iface %p, surface %p.\n", iface, surface);

    if (!surface) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    *surface = (IDirectDrawSurface *)ddraw_surface_get_iface(device->target, 1);
    ddraw_surface_addref(device->target, 1);
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d2_device_Begin(IDirect3DDevice2 *iface, D3DPRIMITIVETYPE type,
        D3DVERTEXTYPE vertex_type, DWORD flags)
{
    DWORD fvf = d3d2_fvf_from_vertex_type(vertex_type);

    TRACE("iface %p, type %#x, vertex_type %#x, flags %#x.\n", iface, type, vertex_type, (unsigned int)flags);

    if (!fvf) return DDERR_INVALIDPARAMS;
    return IDirect3DDevice3_Begin(device3(iface), type, fvf, flags);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_BeginIndexed(IDirect3DDevice2 *iface, D3DPRIMITIVETYPE type,
        D3DVERTEXTYPE vertex_type, void *vertices, DWORD vertex_count, DWORD flags)
{
    DWORD fvf = d3d2_fvf_from_vertex_type(vertex_type);

    if (!fvf) return DDERR_INVALIDPARAMS;
    return IDirect3DDevice3_BeginIndexed(device3(iface), type, fvf, vertices, vertex_count, flags);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_Vertex(IDirect3DDevice2 *iface, void *vertex)
{
    return IDirect3DDevice3_Vertex(device3(iface), vertex);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_Index(IDirect3DDevice2 *iface, WORD index)
{
    return IDirect3DDevice3_Index(device3(iface), index);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_End(IDirect3DDevice2 *iface, DWORD flags)
{
    return IDirect3DDevice3_End(device3(iface), flags);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetRenderState(IDirect3DDevice2 *iface,
        D3DRENDERSTATETYPE state, DWORD *value)
{
    return IDirect3DDevice3_GetRenderState(device3(iface), state, value);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SetRenderState(IDirect3DDevice2 *iface,
        D3DRENDERSTATETYPE state, DWORD value)
{
    return IDirect3DDevice3_SetRenderState(device3(iface), state, value);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetLightState(IDirect3DDevice2 *iface,
        D3DLIGHTSTATETYPE state, DWORD *value)
{
    return IDirect3DDevice3_GetLightState(device3(iface), state, value);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SetLightState(IDirect3DDevice2 *iface,
        D3DLIGHTSTATETYPE state, DWORD value)
{
    return IDirect3DDevice3_SetLightState(device3(iface), state, value);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SetTransform(IDirect3DDevice2 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    return IDirect3DDevice3_SetTransform(device3(iface), state, matrix);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetTransform(IDirect3DDevice2 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    return IDirect3DDevice3_GetTransform(device3(iface), state, matrix);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_MultiplyTransform(IDirect3DDevice2 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    return IDirect3DDevice3_MultiplyTransform(device3(iface), state, matrix);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_DrawPrimitive(IDirect3DDevice2 *iface, D3DPRIMITIVETYPE type,
        D3DVERTEXTYPE vertex_type, void *vertices, DWORD vertex_count, DWORD flags)
{
    DWORD fvf = d3d2_fvf_from_vertex_type(vertex_type);

    TRACE("iface %p, type %#x, vertex_type %#x, vertices %p, count %u, flags %#x.\n", iface, type,
            vertex_type, vertices, (unsigned int)vertex_count, (unsigned int)flags);

    if (!fvf) return DDERR_INVALIDPARAMS;
    return IDirect3DDevice3_DrawPrimitive(device3(iface), type, fvf, vertices, vertex_count, flags);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_DrawIndexedPrimitive(IDirect3DDevice2 *iface, D3DPRIMITIVETYPE type,
        D3DVERTEXTYPE vertex_type, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count,
        DWORD flags)
{
    DWORD fvf = d3d2_fvf_from_vertex_type(vertex_type);

    if (!fvf) return DDERR_INVALIDPARAMS;
    return IDirect3DDevice3_DrawIndexedPrimitive(device3(iface), type, fvf, vertices, vertex_count,
            indices, index_count, flags);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_SetClipStatus(IDirect3DDevice2 *iface, D3DCLIPSTATUS *status)
{
    return IDirect3DDevice3_SetClipStatus(device3(iface), status);
}

static HRESULT STDMETHODCALLTYPE d3d2_device_GetClipStatus(IDirect3DDevice2 *iface, D3DCLIPSTATUS *status)
{
    return IDirect3DDevice3_GetClipStatus(device3(iface), status);
}

const IDirect3DDevice2Vtbl d3d2_device_vtbl =
{
    d3d2_device_QueryInterface,
    d3d2_device_AddRef,
    d3d2_device_Release,
    d3d2_device_GetCaps,
    d3d2_device_SwapTextureHandles,
    d3d2_device_GetStats,
    d3d2_device_AddViewport,
    d3d2_device_DeleteViewport,
    d3d2_device_NextViewport,
    d3d2_device_EnumTextureFormats,
    d3d2_device_BeginScene,
    d3d2_device_EndScene,
    d3d2_device_GetDirect3D,
    d3d2_device_SetCurrentViewport,
    d3d2_device_GetCurrentViewport,
    d3d2_device_SetRenderTarget,
    d3d2_device_GetRenderTarget,
    d3d2_device_Begin,
    d3d2_device_BeginIndexed,
    d3d2_device_Vertex,
    d3d2_device_Index,
    d3d2_device_End,
    d3d2_device_GetRenderState,
    d3d2_device_SetRenderState,
    d3d2_device_GetLightState,
    d3d2_device_SetLightState,
    d3d2_device_SetTransform,
    d3d2_device_GetTransform,
    d3d2_device_MultiplyTransform,
    d3d2_device_DrawPrimitive,
    d3d2_device_DrawIndexedPrimitive,
    d3d2_device_SetClipStatus,
    d3d2_device_GetClipStatus,
};

/*
 * IDirect3DDevice3 (DirectX 6), thunks onto an IDirect3DDevice7.
 *
 * The object also carries IDirect3DDevice2 (device2.c).  What Direct3D 1-3
 * have beyond Direct3D 7 lives here: the viewports added to the device and
 * the current one (which decides the core's viewport and projection), the
 * material and texture handles of the lighting and render states, the
 * legacy texture blend, Begin/Vertex/End, and lighting decided per draw
 * (on when a material is set and the vertices have normals).  Everything
 * else is the Direct3D 7 device's answer.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static const IDirect3DDevice3Vtbl d3d3_device_vtbl;

static const D3DMATRIX identity =
{
    1.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 1.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 1.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 1.0f,
};

static struct d3d3_device *impl_from_IDirect3DDevice3(IDirect3DDevice3 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d3_device, IDirect3DDevice3_iface);
}

struct d3d3_device *d3d3_device_from_iface3(IDirect3DDevice3 *iface)
{
    if (!iface || iface->lpVtbl != &d3d3_device_vtbl) return NULL;
    return impl_from_IDirect3DDevice3(iface);
}

struct d3d3_device *d3d3_device_from_iface2(IDirect3DDevice2 *iface)
{
    /* DirectX 6 programs pass their IDirect3DDevice3 where an
     * IDirect3DDevice2 is asked for (GetHandle), as QueryInterface gives. */
    if (iface && iface->lpVtbl == (const void *)&d3d3_device_vtbl)
        return impl_from_IDirect3DDevice3((IDirect3DDevice3 *)iface);
    if (!iface || iface->lpVtbl != &d3d2_device_vtbl) return NULL;
    return DDRAW_CONTAINING(iface, struct d3d3_device, IDirect3DDevice2_iface);
}

struct d3d7 *d3d3_device_get_d3d(struct d3d3_device *device)
{
    return d3d7_device_from_iface(device->device7)->d3d;
}

/* ---------------------------------------------------------------------- */
/* Helpers shared with device2.c                                           */

/* D3DTBLEND_MODULATE takes alpha from the texture when it has some and
 * from the vertex otherwise, so stage 0's alpha follows the texture. */
static void fixup_texture_alpha_op(struct d3d3_device *device)
{
    IDirectDrawSurface7 *texture = NULL;
    BOOL alpha = TRUE;

    if (!device->legacy_blend || device->texture_map_blend != D3DTBLEND_MODULATE) return;
    if (SUCCEEDED(IDirect3DDevice7_GetTexture(device->device7, 0, &texture)) && texture)
    {
        struct ddraw_surface *surface = d3d7_surface_from_iface(texture);

        if (surface) alpha = !!(d3d7_surface_get_desc(surface)->ddpfPixelFormat.dwFlags & DDPF_ALPHAPIXELS);
        IDirectDrawSurface7_Release(texture);
    }
    IDirect3DDevice7_SetTextureStageState(device->device7, 0, D3DTSS_ALPHAOP,
            alpha ? D3DTOP_SELECTARG1 : D3DTOP_SELECTARG2);
}

static void set_stage0(struct d3d3_device *device, DWORD color_op, DWORD color_arg1, DWORD color_arg2,
        DWORD alpha_op, DWORD alpha_arg1, DWORD alpha_arg2)
{
    IDirect3DDevice7 *d = device->device7;

    IDirect3DDevice7_SetTextureStageState(d, 0, D3DTSS_COLOROP, color_op);
    IDirect3DDevice7_SetTextureStageState(d, 0, D3DTSS_COLORARG1, color_arg1);
    IDirect3DDevice7_SetTextureStageState(d, 0, D3DTSS_COLORARG2, color_arg2);
    IDirect3DDevice7_SetTextureStageState(d, 0, D3DTSS_ALPHAOP, alpha_op);
    IDirect3DDevice7_SetTextureStageState(d, 0, D3DTSS_ALPHAARG1, alpha_arg1);
    IDirect3DDevice7_SetTextureStageState(d, 0, D3DTSS_ALPHAARG2, alpha_arg2);
}

/* D3DRENDERSTATE_TEXTUREMAPBLEND as stage 0's colour and alpha ops. */
static HRESULT set_texture_map_blend(struct d3d3_device *device, DWORD value)
{
    /* Setting the value it has does nothing, not even turning the legacy
     * blend on again after a stage state ended it (Windows behaves so). */
    if (value == device->texture_map_blend) return D3D_OK;
    switch (value)
    {
        case D3DTBLEND_MODULATE:
            set_stage0(device, D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_CURRENT,
                    D3DTOP_SELECTARG1, D3DTA_TEXTURE, D3DTA_CURRENT);
            break;
        case D3DTBLEND_ADD:
            set_stage0(device, D3DTOP_ADD, D3DTA_TEXTURE, D3DTA_CURRENT,
                    D3DTOP_SELECTARG2, D3DTA_TEXTURE, D3DTA_CURRENT);
            break;
        case D3DTBLEND_MODULATEALPHA:
            set_stage0(device, D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_CURRENT,
                    D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_CURRENT);
            break;
        case D3DTBLEND_COPY:
        case D3DTBLEND_DECAL:
            set_stage0(device, D3DTOP_SELECTARG1, D3DTA_TEXTURE, D3DTA_CURRENT,
                    D3DTOP_SELECTARG1, D3DTA_TEXTURE, D3DTA_CURRENT);
            break;
        case D3DTBLEND_DECALALPHA:
            set_stage0(device, D3DTOP_BLENDTEXTUREALPHA, D3DTA_TEXTURE, D3DTA_CURRENT,
                    D3DTOP_SELECTARG2, D3DTA_TEXTURE, D3DTA_CURRENT);
            break;
        default:
            /* DECALMASK and MODULATEMASK need a mask plane nobody has. */
            FIXME("Unhandled texture map blend %#x.\n", (unsigned int)value);
            break;
    }
    device->legacy_blend = TRUE;
    device->texture_map_blend = value;
    fixup_texture_alpha_op(device);
    return D3D_OK;
}

BOOL d3d3_device_apply_material(struct d3d3_device *device)
{
    struct d3d_material *material = NULL;

    if (device->material)
        material = d3d_handle_get(d3d3_device_get_d3d(device), device->material, D3D_HANDLE_MATERIAL);
    /* A material changed since it was set is applied again. */
    if (material && (material != device->applied_material || material->serial != device->applied_serial))
    {
        D3DMATERIAL7 m;

        d3d_material_to_7(material, &m);
        IDirect3DDevice7_SetMaterial(device->device7, &m);
        device->applied_material = material;
        device->applied_serial = material->serial;
    }
    return material != NULL;
}

void d3d3_device_prepare_draw(struct d3d3_device *device, DWORD fvf, DWORD flags)
{
    BOOL lighting = d3d3_device_apply_material(device) && (fvf & D3DFVF_NORMAL) && !(flags & D3DDP_DONOTLIGHT);

    IDirect3DDevice7_SetRenderState(device->device7, D3DRENDERSTATE_LIGHTING, lighting);
}

static HRESULT set_texture(struct d3d3_device *device, DWORD stage, struct ddraw_surface *surface)
{
    HRESULT hr;

    /* A surface without DDSCAPS_TEXTURE is taken and sampled as no texture
     * by Windows' hardware device; its software device samples it (the
     * Direct3D 7 device does so when told, d3d3_device_create). */
    if (surface && !(d3d7_surface_get_desc(surface)->ddsCaps.dwCaps & DDSCAPS_TEXTURE)
            && !d3d7_device_from_iface(device->device7)->sample_plain_surfaces)
        surface = NULL;
    hr = IDirect3DDevice7_SetTexture(device->device7, stage, surface ? d3d7_surface_get_iface(surface) : NULL);
    /* A texture Direct3D 7 refuses on this device (a system memory one on
     * the HAL) is taken by Direct3D 6 and sampled as none (Wine's ddraw4
     * test_sysmem_draw). */
    if (FAILED(hr) && surface && stage < D3D7_MAX_TEXTURES)
        hr = IDirect3DDevice7_SetTexture(device->device7, stage, NULL);
    if (SUCCEEDED(hr) && !stage) fixup_texture_alpha_op(device);
    return hr;
}

/* ---------------------------------------------------------------------- */
/* Viewports                                                               */

HRESULT d3d3_device_add_viewport(struct d3d3_device *device, struct d3d_viewport *viewport)
{
    if (!viewport) return DDERR_INVALIDPARAMS;
    if (viewport->device) return viewport->device == device ? D3D_OK : DDERR_INVALIDPARAMS;
    IDirect3DViewport3_AddRef(&viewport->IDirect3DViewport3_iface);
    viewport->device = device;
    viewport->next = device->viewports;
    device->viewports = viewport;
    return D3D_OK;
}

void d3d3_device_viewport_gone(struct d3d3_device *device, struct d3d_viewport *viewport)
{
    struct d3d_viewport **p;

    for (p = &device->viewports; *p; p = &(*p)->next)
    {
        if (*p == viewport)
        {
            *p = viewport->next;
            break;
        }
    }
    viewport->next = NULL;
    viewport->device = NULL;
}

HRESULT d3d3_device_delete_viewport(struct d3d3_device *device, struct d3d_viewport *viewport)
{
    if (!viewport || viewport->device != device) return DDERR_INVALIDPARAMS;
    if (device->current == viewport)
    {
        d3d_viewport_deactivate(viewport);
        device->current = NULL;
        IDirect3DViewport3_Release(&viewport->IDirect3DViewport3_iface);
    }
    d3d3_device_viewport_gone(device, viewport);
    IDirect3DViewport3_Release(&viewport->IDirect3DViewport3_iface);
    return D3D_OK;
}

HRESULT d3d3_device_next_viewport(struct d3d3_device *device, struct d3d_viewport *viewport,
        struct d3d_viewport **next, DWORD flags)
{
    struct d3d_viewport *v;

    if (!next) return DDERR_INVALIDPARAMS;
    *next = NULL;
    if (!viewport) return DDERR_INVALIDPARAMS;
    switch (flags)
    {
        case D3DNEXT_NEXT:
            if (viewport->device != device) return DDERR_INVALIDPARAMS;
            *next = viewport->next;
            break;
        case D3DNEXT_HEAD:
            *next = device->viewports;
            break;
        case D3DNEXT_TAIL:
            for (v = device->viewports; v && v->next; v = v->next);
            *next = v;
            break;
        default:
            return DDERR_INVALIDPARAMS;
    }
    /* Windows hands the viewport out without a reference. */
    return D3D_OK;
}

HRESULT d3d3_device_set_current_viewport(struct d3d3_device *device, struct d3d_viewport *viewport)
{
    if (!viewport || viewport->device != device) return DDERR_INVALIDPARAMS;
    if (device->current == viewport)
    {
        d3d_viewport_activate(viewport, TRUE);
        return D3D_OK;
    }
    if (device->current)
    {
        d3d_viewport_deactivate(device->current);
        IDirect3DViewport3_Release(&device->current->IDirect3DViewport3_iface);
    }
    IDirect3DViewport3_AddRef(&viewport->IDirect3DViewport3_iface);
    device->current = viewport;
    d3d_viewport_activate(viewport, TRUE);
    return D3D_OK;
}

/* ---------------------------------------------------------------------- */
/* Begin/Vertex/End                                                        */

HRESULT d3d3_device_begin(struct d3d3_device *device, D3DPRIMITIVETYPE type, DWORD fvf, DWORD flags)
{
    if (device->in_begin) return D3DERR_INBEGIN;
    if (type < D3DPT_POINTLIST || type > D3DPT_TRIANGLEFAN) return D3DERR_INVALIDPRIMITIVETYPE;
    if (!d3d7_fvf_is_valid(fvf)) return DDERR_INVALIDPARAMS;
    device->in_begin = TRUE;
    device->begin_type = type;
    device->begin_fvf = fvf;
    device->begin_flags = flags;
    device->begin_stride = d3d7_fvf_stride(fvf);
    device->begin_count = 0;
    device->begin_indexed_vertices = NULL;
    device->begin_index_count = 0;
    return D3D_OK;
}

HRESULT d3d3_device_begin_indexed(struct d3d3_device *device, D3DPRIMITIVETYPE type, DWORD fvf,
        void *vertices, DWORD vertex_count, DWORD flags)
{
    HRESULT hr;

    if (!vertices || !vertex_count) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = d3d3_device_begin(device, type, fvf, flags))) return hr;
    device->begin_indexed_vertices = vertices;
    device->begin_indexed_vertex_count = vertex_count;
    return D3D_OK;
}

static HRESULT begin_vertex(struct d3d3_device *device, const void *vertex)
{
    BYTE *p;

    if (!device->in_begin || device->begin_indexed_vertices) return D3DERR_NOTINBEGIN;
    if (!vertex) return DDERR_INVALIDPARAMS;
    if (device->begin_count == device->begin_capacity)
    {
        DWORD capacity = device->begin_capacity ? device->begin_capacity * 2 : 64;

        if (!(p = realloc(device->begin_vertices, (size_t)capacity * device->begin_stride)))
            return DDERR_OUTOFMEMORY;
        device->begin_vertices = p;
        device->begin_capacity = capacity;
    }
    memcpy(device->begin_vertices + (size_t)device->begin_count++ * device->begin_stride, vertex,
            device->begin_stride);
    return D3D_OK;
}

static HRESULT begin_index(struct d3d3_device *device, WORD index)
{
    WORD *p;

    if (!device->in_begin || !device->begin_indexed_vertices) return D3DERR_NOTINBEGIN;
    if (device->begin_index_count == device->begin_index_capacity)
    {
        DWORD capacity = device->begin_index_capacity ? device->begin_index_capacity * 2 : 64;

        if (!(p = realloc(device->begin_indices, capacity * sizeof(*p))))
            return DDERR_OUTOFMEMORY;
        device->begin_indices = p;
        device->begin_index_capacity = capacity;
    }
    device->begin_indices[device->begin_index_count++] = index;
    return D3D_OK;
}

static HRESULT begin_end(struct d3d3_device *device)
{
    HRESULT hr = D3D_OK;

    if (!device->in_begin) return D3DERR_NOTINBEGIN;
    device->in_begin = FALSE;
    d3d3_device_prepare_draw(device, device->begin_fvf, device->begin_flags);
    if (device->begin_indexed_vertices)
    {
        if (device->begin_index_count)
            hr = IDirect3DDevice7_DrawIndexedPrimitive(device->device7, device->begin_type, device->begin_fvf,
                    device->begin_indexed_vertices, device->begin_indexed_vertex_count, device->begin_indices,
                    device->begin_index_count, device->begin_flags);
    }
    else if (device->begin_count)
    {
        hr = IDirect3DDevice7_DrawPrimitive(device->device7, device->begin_type, device->begin_fvf,
                device->begin_vertices, device->begin_count, device->begin_flags);
    }
    device->begin_indexed_vertices = NULL;
    device->begin_count = device->begin_index_count = 0;
    return hr;
}

/* ---------------------------------------------------------------------- */
/* IUnknown                                                                */

static HRESULT STDMETHODCALLTYPE d3d3_device_QueryInterface(IDirect3DDevice3 *iface, REFIID riid, void **out)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);

    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid) return DDERR_INVALIDPARAMS;
    /* Windows answers every device IID up to the version the device was
     * created as with the interface of that version itself: a Device3's
     * "IDirect3DDevice2" is the IDirect3DDevice3 pointer. */
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirect3DDevice)
            || IsEqualGUID(riid, &IID_IDirect3DDevice2)
            || (IsEqualGUID(riid, &IID_IDirect3DDevice3) && device->version == 3))
        *out = device->version == 3 ? (void *)&device->IDirect3DDevice3_iface : (void *)&device->IDirect3DDevice2_iface;
    else
    {
        WARN("%s not implemented, returning E_NOINTERFACE.\n", dx7gl_dbgstr_guid(riid));
        return E_NOINTERFACE;
    }
    IDirect3DDevice3_AddRef(iface);
    return S_OK;
}

static ULONG STDMETHODCALLTYPE d3d3_device_AddRef(IDirect3DDevice3 *iface)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    ULONG refcount = __sync_add_and_fetch(&device->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", device, (unsigned int)refcount);
    return refcount;
}

static void device_destroy(struct d3d3_device *device)
{
    struct d3d_viewport *viewport;

    if (device->current)
    {
        d3d_viewport_deactivate(device->current);
        IDirect3DViewport3_Release(&device->current->IDirect3DViewport3_iface);
        device->current = NULL;
    }
    while ((viewport = device->viewports))
    {
        d3d3_device_viewport_gone(device, viewport);
        IDirect3DViewport3_Release(&viewport->IDirect3DViewport3_iface);
    }
    free(device->begin_vertices);
    free(device->begin_indices);
    if (device->matrices)
    {
        DWORD i;

        for (i = 0; i < device->matrix_count; ++i)
            free(device->matrices[i]);
        free(device->matrices);
    }
    free(device->pick_records);
    if (device->target_iface) IUnknown_Release(device->target_iface);
    if (device->owner)
    {
        /* The surface is being freed with its device: the Direct3D 7
         * device was given no reference on it (device1.c). */
        d3d7_device_from_iface(device->device7)->target = NULL;
        d3d7_device_from_iface(device->device7)->bound_valid = FALSE;
    }
    IDirect3DDevice7_Release(device->device7);
    free(device);
}

static ULONG STDMETHODCALLTYPE d3d3_device_Release(IDirect3DDevice3 *iface)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    ULONG refcount = __sync_sub_and_fetch(&device->refcount, 1);

    TRACE("%p decreasing refcount to %u.\n", device, (unsigned int)refcount);
    if (!refcount)
    {
        ddraw_lock();
        device_destroy(device);
        ddraw_unlock();
    }
    return refcount;
}

/* ---------------------------------------------------------------------- */
/* IDirect3DDevice3                                                        */

static HRESULT STDMETHODCALLTYPE d3d3_device_GetCaps(IDirect3DDevice3 *iface, D3DDEVICEDESC *hal_desc,
        D3DDEVICEDESC *hel_desc)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    struct d3d7_device *device7 = d3d7_device_from_iface(device->device7);
    D3DDEVICEDESC hal, hel;
    HRESULT hr = D3D_OK;

    TRACE("iface %p, hal_desc %p, hel_desc %p.\n", iface, hal_desc, hel_desc);

    /* One description of a wrong size and neither is written. */
    if (!hal_desc || !hel_desc || !d3d3_device_desc_size_valid(hal_desc) || !d3d3_device_desc_size_valid(hel_desc))
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    d3d3_fill_device_desc(device7->wined3d_device, device7->kind, &hal, &hel);
    if (!d3d3_copy_device_desc(hal_desc, &hal) || !d3d3_copy_device_desc(hel_desc, &hel))
        hr = DDERR_INVALIDPARAMS;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetStats(IDirect3DDevice3 *iface, D3DSTATS *stats)
{
    TRACE("iface %p, stats %p.\n", iface, stats);

    if (!stats || stats->dwSize != sizeof(*stats)) return DDERR_INVALIDPARAMS;
    /* The core counts no triangles for the application. */
    memset(stats, 0, sizeof(*stats));
    stats->dwSize = sizeof(*stats);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_AddViewport(IDirect3DDevice3 *iface, IDirect3DViewport3 *viewport)
{
    HRESULT hr;

    TRACE("iface %p, viewport %p.\n", iface, viewport);
    ddraw_lock();
    hr = d3d3_device_add_viewport(impl_from_IDirect3DDevice3(iface), d3d_viewport_from_iface(viewport));
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DeleteViewport(IDirect3DDevice3 *iface, IDirect3DViewport3 *viewport)
{
    HRESULT hr;

    TRACE("iface %p, viewport %p.\n", iface, viewport);
    ddraw_lock();
    hr = d3d3_device_delete_viewport(impl_from_IDirect3DDevice3(iface), d3d_viewport_from_iface(viewport));
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_NextViewport(IDirect3DDevice3 *iface, IDirect3DViewport3 *viewport,
        IDirect3DViewport3 **next, DWORD flags)
{
    struct d3d_viewport *object;
    HRESULT hr;

    TRACE("iface %p, viewport %p, next %p, flags %#x.\n", iface, viewport, next, (unsigned int)flags);
    ddraw_lock();
    hr = d3d3_device_next_viewport(impl_from_IDirect3DDevice3(iface), d3d_viewport_from_iface(viewport),
            &object, flags);
    if (next) *next = object ? &object->IDirect3DViewport3_iface : NULL;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_EnumTextureFormats(IDirect3DDevice3 *iface,
        LPD3DENUMPIXELFORMATSCALLBACK callback, void *context)
{
    TRACE("iface %p, callback %p, context %p.\n", iface, callback, context);
    return IDirect3DDevice7_EnumTextureFormats(impl_from_IDirect3DDevice3(iface)->device7, callback, context);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_BeginScene(IDirect3DDevice3 *iface)
{
    TRACE("iface %p.\n", iface);
    return IDirect3DDevice7_BeginScene(impl_from_IDirect3DDevice3(iface)->device7);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_EndScene(IDirect3DDevice3 *iface)
{
    TRACE("iface %p.\n", iface);
    return IDirect3DDevice7_EndScene(impl_from_IDirect3DDevice3(iface)->device7);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetDirect3D(IDirect3DDevice3 *iface, IDirect3D3 **d3d)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    struct d3d7 *object;

    TRACE("iface %p, d3d %p.\n", iface, d3d);

    if (!d3d) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if ((object = d3d3_device_get_d3d(device)))
    {
        *d3d = &object->IDirect3D3_iface;
        IDirect3D3_AddRef(*d3d);
    }
    else *d3d = NULL;
    ddraw_unlock();
    return object ? D3D_OK : DDERR_INVALIDOBJECT;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetCurrentViewport(IDirect3DDevice3 *iface,
        IDirect3DViewport3 *viewport)
{
    HRESULT hr;

    TRACE("iface %p, viewport %p.\n", iface, viewport);
    ddraw_lock();
    hr = d3d3_device_set_current_viewport(impl_from_IDirect3DDevice3(iface), d3d_viewport_from_iface(viewport));
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetCurrentViewport(IDirect3DDevice3 *iface,
        IDirect3DViewport3 **viewport)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);

    TRACE("iface %p, viewport %p.\n", iface, viewport);

    ddraw_lock();
    /* Without a current viewport the pointer is left alone (NULL too). */
    if (!device->current)
    {
        ddraw_unlock();
        return D3DERR_NOCURRENTVIEWPORT;
    }
    if (!viewport)
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    *viewport = &device->current->IDirect3DViewport3_iface;
    IDirect3DViewport3_AddRef(*viewport);
    ddraw_unlock();
    return D3D_OK;
}

HRESULT d3d3_device_set_render_target(struct d3d3_device *device, struct ddraw_surface *surface,
        unsigned int version, DWORD flags)
{
    const DDSURFACEDESC2 *desc;
    HRESULT hr = D3D_OK;

    if (!surface) return DDERR_INVALIDPARAMS;
    if (surface == device->target) return D3D_OK;
    desc = d3d7_surface_get_desc(surface);
    /* Direct3D 1-3 refuse a target that is no 3D device, or palettised
     * without a palette, with DDERR_INVALIDCAPS; a z-buffer fails, and
     * system memory for a hardware device succeeds, without drawing there,
     * but both become what GetRenderTarget answers (Wine's ddraw4
     * test_rt_caps shows Windows). */
    if (!(desc->ddsCaps.dwCaps & DDSCAPS_3DDEVICE)
            || (!surface->palette && (desc->ddpfPixelFormat.dwFlags & (DDPF_PALETTEINDEXED1
            | DDPF_PALETTEINDEXED2 | DDPF_PALETTEINDEXED4 | DDPF_PALETTEINDEXED8))))
        return DDERR_INVALIDCAPS;
    if (desc->ddsCaps.dwCaps & DDSCAPS_ZBUFFER)
        hr = DDERR_INVALIDPIXELFORMAT;
    else if (d3d7_device_from_iface(device->device7)->kind != D3D7_DEVICE_RGB
            && !(desc->ddsCaps.dwCaps & DDSCAPS_VIDEOMEMORY))
        hr = D3D_OK;    /* taken, but the hardware device keeps drawing where it did */
    else if (FAILED(hr = IDirect3DDevice7_SetRenderTarget(device->device7, d3d7_surface_get_iface(surface), flags)))
        return hr;
    /* A z-buffer becomes the target without a reference the program's
     * interface counts (Wine's ddraw2.c test_rt_caps): the device holds it
     * through IDirectDrawSurface7. */
    if (hr == DDERR_INVALIDPIXELFORMAT) version = 7;
    ddraw_surface_addref(surface, version);
    if (device->target_iface) IUnknown_Release(device->target_iface);
    device->target = surface;
    device->target_iface = ddraw_surface_get_iface(surface, version);
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetRenderTarget(IDirect3DDevice3 *iface,
        IDirectDrawSurface4 *surface, DWORD flags)
{
    HRESULT hr;

    TRACE("iface %p, surface %p, flags %#x.\n", iface, surface, (unsigned int)flags);
    ddraw_lock();
    hr = d3d3_device_set_render_target(impl_from_IDirect3DDevice3(iface), ddraw_surface_from_iface4(surface), 4, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetRenderTarget(IDirect3DDevice3 *iface, IDirectDrawSurface4 **surface)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);

    TRACE("iface %p, surface %p.\n", iface, surface);

    if (!surface) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    *surface = (IDirectDrawSurface4 *)ddraw_surface_get_iface(device->target, 4);
    ddraw_surface_addref(device->target, 4);
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_Begin(IDirect3DDevice3 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, DWORD flags)
{
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, flags %#x.\n", iface, type, (unsigned int)fvf, (unsigned int)flags);
    ddraw_lock();
    hr = d3d3_device_begin(impl_from_IDirect3DDevice3(iface), type, fvf, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_BeginIndexed(IDirect3DDevice3 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags)
{
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, vertices %p, vertex_count %u, flags %#x.\n", iface, type,
            (unsigned int)fvf, vertices, (unsigned int)vertex_count, (unsigned int)flags);
    ddraw_lock();
    hr = d3d3_device_begin_indexed(impl_from_IDirect3DDevice3(iface), type, fvf, vertices, vertex_count, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_Vertex(IDirect3DDevice3 *iface, void *vertex)
{
    HRESULT hr;

    TRACE("iface %p, vertex %p.\n", iface, vertex);
    ddraw_lock();
    hr = begin_vertex(impl_from_IDirect3DDevice3(iface), vertex);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_Index(IDirect3DDevice3 *iface, WORD index)
{
    HRESULT hr;

    TRACE("iface %p, index %#x.\n", iface, index);
    ddraw_lock();
    hr = begin_index(impl_from_IDirect3DDevice3(iface), index);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_End(IDirect3DDevice3 *iface, DWORD flags)
{
    HRESULT hr;

    TRACE("iface %p, flags %#x.\n", iface, (unsigned int)flags);
    ddraw_lock();
    hr = begin_end(impl_from_IDirect3DDevice3(iface));
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetRenderState(IDirect3DDevice3 *iface,
        D3DRENDERSTATETYPE state, DWORD *value)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);

    TRACE("iface %p, state %#x, value %p.\n", iface, state, value);

    if (!value) return DDERR_INVALIDPARAMS;
    switch (state)
    {
        case D3DRENDERSTATE_TEXTUREHANDLE:
        {
            IDirectDrawSurface7 *texture = NULL;
            struct ddraw_surface *surface;

            /* The handle of what stage 0 has, whichever way it was set. */
            *value = 0;
            ddraw_lock();
            if (SUCCEEDED(IDirect3DDevice7_GetTexture(device->device7, 0, &texture)) && texture)
            {
                if ((surface = d3d7_surface_from_iface(texture))) *value = surface->texture_handle;
                IDirectDrawSurface7_Release(texture);
            }
            ddraw_unlock();
            return D3D_OK;
        }
        case D3DRENDERSTATE_TEXTUREMAPBLEND:
            *value = device->texture_map_blend;
            return D3D_OK;
        default:
            return IDirect3DDevice7_GetRenderState(device->device7, state, value);
    }
}

static HRESULT d3d3_device_set_render_state(struct d3d3_device *device, D3DRENDERSTATETYPE state, DWORD value)
{
    struct ddraw_surface *surface;

    switch (state)
    {
        case D3DRENDERSTATE_TEXTUREHANDLE:
            if (!value) return set_texture(device, 0, NULL);
            if (!(surface = d3d_handle_get(d3d3_device_get_d3d(device), value, D3D_HANDLE_TEXTURE)))
                return DDERR_INVALIDPARAMS;
            return set_texture(device, 0, surface);
        case D3DRENDERSTATE_TEXTUREMAPBLEND:
            return set_texture_map_blend(device, value);
        case D3DRENDERSTATE_LIGHTING:
        case D3DRENDERSTATE_NORMALIZENORMALS:
        case D3DRENDERSTATE_LOCALVIEWER:
            /* Direct3D 1-3 decide lighting per draw; these are Direct3D 7's. */
            return D3D_OK;
        default:
            return IDirect3DDevice7_SetRenderState(device->device7, state, value);
    }
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetRenderState(IDirect3DDevice3 *iface,
        D3DRENDERSTATETYPE state, DWORD value)
{
    HRESULT hr;

    TRACE("iface %p, state %#x, value %#x.\n", iface, state, (unsigned int)value);
    ddraw_lock();
    hr = d3d3_device_set_render_state(impl_from_IDirect3DDevice3(iface), state, value);
    ddraw_unlock();
    return hr;
}

/* The light states of Direct3D 1-3: the material handle, and render states of Direct3D 7. */
static D3DRENDERSTATETYPE render_state_from_light_state(D3DLIGHTSTATETYPE state)
{
    switch (state)
    {
        case D3DLIGHTSTATE_AMBIENT: return D3DRENDERSTATE_AMBIENT;
        case D3DLIGHTSTATE_FOGMODE: return D3DRENDERSTATE_FOGVERTEXMODE;
        case D3DLIGHTSTATE_FOGSTART: return D3DRENDERSTATE_FOGSTART;
        case D3DLIGHTSTATE_FOGEND: return D3DRENDERSTATE_FOGEND;
        case D3DLIGHTSTATE_FOGDENSITY: return D3DRENDERSTATE_FOGDENSITY;
        case D3DLIGHTSTATE_COLORVERTEX: return D3DRENDERSTATE_COLORVERTEX;
        default: return 0;
    }
}

static HRESULT d3d3_device_get_light_state(struct d3d3_device *device, D3DLIGHTSTATETYPE state, DWORD *value)
{
    if (!value) return DDERR_INVALIDPARAMS;
    if (!state || state > D3DLIGHTSTATE_COLORVERTEX) return DDERR_INVALIDPARAMS;
    if (state == D3DLIGHTSTATE_MATERIAL)
        *value = device->material;
    else if (state == D3DLIGHTSTATE_COLORMODEL)
        *value = D3DCOLOR_RGB;
    else
        return IDirect3DDevice7_GetRenderState(device->device7, render_state_from_light_state(state), value);
    return D3D_OK;
}

static HRESULT d3d3_device_set_light_state(struct d3d3_device *device, D3DLIGHTSTATETYPE state, DWORD value)
{
    if (!state || state > D3DLIGHTSTATE_COLORVERTEX) return DDERR_INVALIDPARAMS;
    switch (state)
    {
        case D3DLIGHTSTATE_MATERIAL:
            if (value && !d3d_handle_get(d3d3_device_get_d3d(device), value, D3D_HANDLE_MATERIAL))
                return DDERR_INVALIDPARAMS;
            device->material = value;
            device->applied_material = NULL;
            d3d3_device_apply_material(device);
            return D3D_OK;
        case D3DLIGHTSTATE_COLORMODEL:
            /* Only RGB: nothing implements the ramp (mono) model any more. */
            return value == D3DCOLOR_RGB ? D3D_OK : DDERR_INVALIDPARAMS;
        default:
            return IDirect3DDevice7_SetRenderState(device->device7, render_state_from_light_state(state), value);
    }
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetLightState(IDirect3DDevice3 *iface,
        D3DLIGHTSTATETYPE state, DWORD *value)
{
    HRESULT hr;

    TRACE("iface %p, state %#x, value %p.\n", iface, state, value);
    ddraw_lock();
    hr = d3d3_device_get_light_state(impl_from_IDirect3DDevice3(iface), state, value);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetLightState(IDirect3DDevice3 *iface,
        D3DLIGHTSTATETYPE state, DWORD value)
{
    HRESULT hr;

    TRACE("iface %p, state %#x, value %#x.\n", iface, state, (unsigned int)value);
    ddraw_lock();
    hr = d3d3_device_set_light_state(impl_from_IDirect3DDevice3(iface), state, value);
    ddraw_unlock();
    return hr;
}

/* The projection the core gets: the application's, then the viewport's clip volume. */
static HRESULT apply_projection(struct d3d3_device *device)
{
    struct wined3d_matrix m;

    d3d7_multiply_matrix(&m, (const struct wined3d_matrix *)&device->legacy_projection,
            (const struct wined3d_matrix *)&device->legacy_clipspace);
    return IDirect3DDevice7_SetTransform(device->device7, D3DTRANSFORMSTATE_PROJECTION, (D3DMATRIX *)&m);
}

void d3d3_device_set_clipspace(struct d3d3_device *device, const D3DMATRIX *clipspace)
{
    device->legacy_clipspace = *clipspace;
    apply_projection(device);
}

enum transform_op
{
    TRANSFORM_SET,
    TRANSFORM_GET,
    TRANSFORM_MULTIPLY,
};

static HRESULT d3d3_device_transform(struct d3d3_device *device, enum transform_op op,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    struct wined3d_matrix m;

    if (!matrix) return DDERR_INVALIDPARAMS;
    if (state != D3DTRANSFORMSTATE_PROJECTION)
    {
        if (op == TRANSFORM_SET) return IDirect3DDevice7_SetTransform(device->device7, state, matrix);
        if (op == TRANSFORM_GET) return IDirect3DDevice7_GetTransform(device->device7, state, matrix);
        return IDirect3DDevice7_MultiplyTransform(device->device7, state, matrix);
    }
    if (op == TRANSFORM_GET)
    {
        *matrix = device->legacy_projection;
        return D3D_OK;
    }
    if (op == TRANSFORM_SET)
        device->legacy_projection = *matrix;
    else
    {
        d3d7_multiply_matrix(&m, (const struct wined3d_matrix *)matrix,
                (const struct wined3d_matrix *)&device->legacy_projection);
        memcpy(&device->legacy_projection, &m, sizeof(m));
    }
    return apply_projection(device);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetTransform(IDirect3DDevice3 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    HRESULT hr;

    TRACE("iface %p, state %#x, matrix %p.\n", iface, state, matrix);
    ddraw_lock();
    hr = d3d3_device_transform(impl_from_IDirect3DDevice3(iface), TRANSFORM_SET, state, matrix);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetTransform(IDirect3DDevice3 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    HRESULT hr;

    TRACE("iface %p, state %#x, matrix %p.\n", iface, state, matrix);
    ddraw_lock();
    hr = d3d3_device_transform(impl_from_IDirect3DDevice3(iface), TRANSFORM_GET, state, matrix);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_MultiplyTransform(IDirect3DDevice3 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    HRESULT hr;

    TRACE("iface %p, state %#x, matrix %p.\n", iface, state, matrix);
    ddraw_lock();
    hr = d3d3_device_transform(impl_from_IDirect3DDevice3(iface), TRANSFORM_MULTIPLY, state, matrix);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DrawPrimitive(IDirect3DDevice3 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, vertices %p, count %u, flags %#x.\n", iface, type,
            (unsigned int)fvf, vertices, (unsigned int)vertex_count, (unsigned int)flags);
    /* Windows draws nothing, successfully, for no vertices (NULL ones too). */
    if (!vertex_count) return D3D_OK;
    ddraw_lock();
    d3d3_device_prepare_draw(device, fvf, flags);
    hr = IDirect3DDevice7_DrawPrimitive(device->device7, type, fvf, vertices, vertex_count, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DrawIndexedPrimitive(IDirect3DDevice3 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, vertices %p, count %u, indices %p, index_count %u, flags %#x.\n",
            iface, type, (unsigned int)fvf, vertices, (unsigned int)vertex_count, indices,
            (unsigned int)index_count, (unsigned int)flags);
    if (!vertex_count || !index_count) return D3D_OK;
    ddraw_lock();
    d3d3_device_prepare_draw(device, fvf, flags);
    hr = IDirect3DDevice7_DrawIndexedPrimitive(device->device7, type, fvf, vertices, vertex_count,
            indices, index_count, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetClipStatus(IDirect3DDevice3 *iface, D3DCLIPSTATUS *status)
{
    TRACE("iface %p, status %p.\n", iface, status);
    return IDirect3DDevice7_SetClipStatus(impl_from_IDirect3DDevice3(iface)->device7, status);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetClipStatus(IDirect3DDevice3 *iface, D3DCLIPSTATUS *status)
{
    TRACE("iface %p, status %p.\n", iface, status);
    return IDirect3DDevice7_GetClipStatus(impl_from_IDirect3DDevice3(iface)->device7, status);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DrawPrimitiveStrided(IDirect3DDevice3 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count, DWORD flags)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, data %p, count %u, flags %#x.\n", iface, type,
            (unsigned int)fvf, data, (unsigned int)vertex_count, (unsigned int)flags);
    if (!vertex_count) return D3D_OK;
    ddraw_lock();
    d3d3_device_prepare_draw(device, fvf, flags);
    hr = IDirect3DDevice7_DrawPrimitiveStrided(device->device7, type, fvf, data, vertex_count, flags);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DrawIndexedPrimitiveStrided(IDirect3DDevice3 *iface,
        D3DPRIMITIVETYPE type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count,
        WORD *indices, DWORD index_count, DWORD flags)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, data %p, count %u, indices %p, index_count %u, flags %#x.\n",
            iface, type, (unsigned int)fvf, data, (unsigned int)vertex_count, indices,
            (unsigned int)index_count, (unsigned int)flags);
    if (!vertex_count || !index_count) return D3D_OK;
    ddraw_lock();
    d3d3_device_prepare_draw(device, fvf, flags);
    hr = IDirect3DDevice7_DrawIndexedPrimitiveStrided(device->device7, type, fvf, data, vertex_count,
            indices, index_count, flags);
    ddraw_unlock();
    return hr;
}

/* The Direct3D 7 buffer behind a version 1 buffer and its description. */
static IDirect3DVertexBuffer7 *vb7_from_vb1(IDirect3DVertexBuffer *buffer, D3DVERTEXBUFFERDESC *desc)
{
    struct d3d3_vertex_buffer *vb = d3d3_vertex_buffer_from_iface(buffer);

    if (!vb) return NULL;
    desc->dwSize = sizeof(*desc);
    if (FAILED(IDirect3DVertexBuffer7_GetVertexBufferDesc(vb->vb7, desc))) return NULL;
    return vb->vb7;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DrawPrimitiveVB(IDirect3DDevice3 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer *buffer, DWORD start_vertex, DWORD vertex_count, DWORD flags)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    IDirect3DVertexBuffer7 *vb7;
    D3DVERTEXBUFFERDESC desc;
    HRESULT hr;

    TRACE("iface %p, type %#x, buffer %p, start %u, count %u, flags %#x.\n", iface, type, buffer,
            (unsigned int)start_vertex, (unsigned int)vertex_count, (unsigned int)flags);
    ddraw_lock();
    if (!(vb7 = vb7_from_vb1(buffer, &desc)))
        hr = DDERR_INVALIDPARAMS;
    else if (!vertex_count)
        hr = D3D_OK;
    else
    {
        d3d3_device_prepare_draw(device, desc.dwFVF, flags);
        hr = IDirect3DDevice7_DrawPrimitiveVB(device->device7, type, vb7, start_vertex, vertex_count, flags);
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_DrawIndexedPrimitiveVB(IDirect3DDevice3 *iface,
        D3DPRIMITIVETYPE type, IDirect3DVertexBuffer *buffer, WORD *indices, DWORD index_count, DWORD flags)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    IDirect3DVertexBuffer7 *vb7;
    D3DVERTEXBUFFERDESC desc;
    HRESULT hr;

    TRACE("iface %p, type %#x, buffer %p, indices %p, index_count %u, flags %#x.\n", iface, type, buffer,
            indices, (unsigned int)index_count, (unsigned int)flags);
    ddraw_lock();
    if (!(vb7 = vb7_from_vb1(buffer, &desc)))
        hr = DDERR_INVALIDPARAMS;
    else if (!index_count)
        hr = D3D_OK;
    else
    {
        /* DirectX 6 has no start vertex here: the indices reach the whole buffer. */
        d3d3_device_prepare_draw(device, desc.dwFVF, flags);
        hr = IDirect3DDevice7_DrawIndexedPrimitiveVB(device->device7, type, vb7, 0, desc.dwNumVertices,
                indices, index_count, flags);
    }
    ddraw_unlock();
    return hr;
}

/* Direct3D 1-6 answer D3DVIS_* codes: for each clip plane (left, right,
 * top, bottom, near, far; two bits each from bit 2) whether the sphere is
 * inside, crosses or is outside it, and in bits 0-1 the frustum's verdict.
 * Direct3D 7 answers clip status bits instead, so this is computed here. */
static DWORD sphere_visibility(const struct wined3d_matrix *m, const D3DVECTOR *c, float radius)
{
    /* The planes as (a, b, c, d) from the columns of world * view * projection:
     * x >= -w, x <= w, y <= w, y >= -w, z >= 0, z <= w. */
    const float planes[6][4] =
    {
        {m->_14 + m->_11, m->_24 + m->_21, m->_34 + m->_31, m->_44 + m->_41},
        {m->_14 - m->_11, m->_24 - m->_21, m->_34 - m->_31, m->_44 - m->_41},
        {m->_14 - m->_12, m->_24 - m->_22, m->_34 - m->_32, m->_44 - m->_42},
        {m->_14 + m->_12, m->_24 + m->_22, m->_34 + m->_32, m->_44 + m->_42},
        {m->_13, m->_23, m->_33, m->_43},
        {m->_14 - m->_13, m->_24 - m->_23, m->_34 - m->_33, m->_44 - m->_43},
    };
    DWORD result = 0, frustum = D3DVIS_INSIDE_FRUSTUM, code;
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        float len = sqrtf(planes[i][0] * planes[i][0] + planes[i][1] * planes[i][1] + planes[i][2] * planes[i][2]);
        float dist = planes[i][0] * c->x + planes[i][1] * c->y + planes[i][2] * c->z + planes[i][3];

        if (len > 0.0f) dist /= len;
        if (dist > radius) code = 0;
        else if (dist < -radius) code = 2;
        else code = 1;
        result |= code << (2 + 2 * i);
        if (code == 2) frustum = D3DVIS_OUTSIDE_FRUSTUM;
        else if (code == 1 && frustum != D3DVIS_OUTSIDE_FRUSTUM) frustum = D3DVIS_INTERSECT_FRUSTUM;
    }
    return result | frustum;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_ComputeSphereVisibility(IDirect3DDevice3 *iface, D3DVECTOR *centers,
        D3DVALUE *radii, DWORD sphere_count, DWORD flags, DWORD *return_values)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    struct wined3d_matrix world, view, projection, m;
    DWORD i;

    TRACE("iface %p, centers %p, radii %p, count %u, flags %#x, return_values %p.\n", iface, centers, radii,
            (unsigned int)sphere_count, (unsigned int)flags, return_values);

    if (!sphere_count) return D3D_OK;
    if (!centers || !radii || !return_values || flags) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    IDirect3DDevice7_GetTransform(device->device7, D3DTRANSFORMSTATE_WORLD, (D3DMATRIX *)&world);
    IDirect3DDevice7_GetTransform(device->device7, D3DTRANSFORMSTATE_VIEW, (D3DMATRIX *)&view);
    IDirect3DDevice7_GetTransform(device->device7, D3DTRANSFORMSTATE_PROJECTION, (D3DMATRIX *)&projection);
    d3d7_multiply_matrix(&m, &world, &view);
    d3d7_multiply_matrix(&m, &m, &projection);
    for (i = 0; i < sphere_count; ++i)
        return_values[i] = sphere_visibility(&m, &centers[i], radii[i]);
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetTexture(IDirect3DDevice3 *iface, DWORD stage,
        IDirect3DTexture2 **texture)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    IDirectDrawSurface7 *surface7 = NULL;
    struct ddraw_surface *surface;
    HRESULT hr;

    TRACE("iface %p, stage %u, texture %p.\n", iface, (unsigned int)stage, texture);

    if (!texture) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    *texture = NULL;
    if (SUCCEEDED(hr = IDirect3DDevice7_GetTexture(device->device7, stage, &surface7)) && surface7)
    {
        if ((surface = d3d7_surface_from_iface(surface7)))
        {
            *texture = d3d_texture2_iface(surface);
            IDirect3DTexture2_AddRef(*texture);
        }
        IDirectDrawSurface7_Release(surface7);
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetTexture(IDirect3DDevice3 *iface, DWORD stage,
        IDirect3DTexture2 *texture)
{
    struct ddraw_surface *surface = d3d_texture2_surface(texture);
    HRESULT hr;

    TRACE("iface %p, stage %u, texture %p.\n", iface, (unsigned int)stage, texture);

    if (texture && !surface) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = set_texture(impl_from_IDirect3DDevice3(iface), stage, surface);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_GetTextureStageState(IDirect3DDevice3 *iface, DWORD stage,
        D3DTEXTURESTAGESTATETYPE state, DWORD *value)
{
    TRACE("iface %p, stage %u, state %#x, value %p.\n", iface, (unsigned int)stage, state, value);
    return IDirect3DDevice7_GetTextureStageState(impl_from_IDirect3DDevice3(iface)->device7, stage, state, value);
}

static HRESULT STDMETHODCALLTYPE d3d3_device_SetTextureStageState(IDirect3DDevice3 *iface, DWORD stage,
        D3DTEXTURESTAGESTATETYPE state, DWORD value)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice3(iface);
    DWORD old;
    HRESULT hr;

    TRACE("iface %p, stage %u, state %#x, value %#x.\n", iface, (unsigned int)stage, state, (unsigned int)value);
    ddraw_lock();
    /* A changed stage state ends the legacy texture blend; setting the same
     * value again does not (Windows behaves so). */
    if (SUCCEEDED(hr = IDirect3DDevice7_GetTextureStageState(device->device7, stage, state, &old)) && old != value)
    {
        device->legacy_blend = FALSE;
        hr = IDirect3DDevice7_SetTextureStageState(device->device7, stage, state, value);
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_device_ValidateDevice(IDirect3DDevice3 *iface, DWORD *pass_count)
{
    TRACE("iface %p, pass_count %p.\n", iface, pass_count);
    return IDirect3DDevice7_ValidateDevice(impl_from_IDirect3DDevice3(iface)->device7, pass_count);
}

static const IDirect3DDevice3Vtbl d3d3_device_vtbl =
{
    d3d3_device_QueryInterface,
    d3d3_device_AddRef,
    d3d3_device_Release,
    d3d3_device_GetCaps,
    d3d3_device_GetStats,
    d3d3_device_AddViewport,
    d3d3_device_DeleteViewport,
    d3d3_device_NextViewport,
    d3d3_device_EnumTextureFormats,
    d3d3_device_BeginScene,
    d3d3_device_EndScene,
    d3d3_device_GetDirect3D,
    d3d3_device_SetCurrentViewport,
    d3d3_device_GetCurrentViewport,
    d3d3_device_SetRenderTarget,
    d3d3_device_GetRenderTarget,
    d3d3_device_Begin,
    d3d3_device_BeginIndexed,
    d3d3_device_Vertex,
    d3d3_device_Index,
    d3d3_device_End,
    d3d3_device_GetRenderState,
    d3d3_device_SetRenderState,
    d3d3_device_GetLightState,
    d3d3_device_SetLightState,
    d3d3_device_SetTransform,
    d3d3_device_GetTransform,
    d3d3_device_MultiplyTransform,
    d3d3_device_DrawPrimitive,
    d3d3_device_DrawIndexedPrimitive,
    d3d3_device_SetClipStatus,
    d3d3_device_GetClipStatus,
    d3d3_device_DrawPrimitiveStrided,
    d3d3_device_DrawIndexedPrimitiveStrided,
    d3d3_device_DrawPrimitiveVB,
    d3d3_device_DrawIndexedPrimitiveVB,
    d3d3_device_ComputeSphereVisibility,
    d3d3_device_GetTexture,
    d3d3_device_SetTexture,
    d3d3_device_GetTextureStageState,
    d3d3_device_SetTextureStageState,
    d3d3_device_ValidateDevice,
};

HRESULT d3d3_device_create(struct d3d7 *d3d, const GUID *guid, struct ddraw_surface *target,
        unsigned int version, struct d3d3_device **out)
{
    enum d3d7_device_kind kind = D3D7_DEVICE_RGB;
    struct d3d7_device *device7;
    struct d3d3_device *device;
    HRESULT hr;

    /* Windows takes any of the software devices' GUIDs; they all draw like RGB. */
    if (IsEqualGUID(guid, &IID_IDirect3DHALDevice) || IsEqualGUID(guid, &IID_IDirect3DTnLHalDevice))
        kind = D3D7_DEVICE_HAL;
    /* A hardware device does not render to a palettised target (once it
     * has a palette: without one Direct3D 7's DDERR_NOPALETTEATTACHED
     * comes first), as Wine's ddraw4 test_rt_caps shows. */
    if (kind == D3D7_DEVICE_HAL && target->palette
            && (d3d7_surface_get_desc(target)->ddpfPixelFormat.dwFlags & (DDPF_PALETTEINDEXED1
            | DDPF_PALETTEINDEXED2 | DDPF_PALETTEINDEXED4 | DDPF_PALETTEINDEXED8))
            && (d3d7_surface_get_desc(target)->ddsCaps.dwCaps & (DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY))
            == (DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY))
        return DDERR_INVALIDPIXELFORMAT;
    if (!(device = calloc(1, sizeof(*device))))
        return DDERR_OUTOFMEMORY;
    if (FAILED(hr = d3d7_device_create(d3d, kind, guid, d3d7_surface_get_iface(target), &device7)))
    {
        free(device);
        return hr;
    }
    device->IDirect3DDevice3_iface.lpVtbl = &d3d3_device_vtbl;
    device->IDirect3DDevice2_iface.lpVtbl = &d3d2_device_vtbl;
    device->IDirect3DDevice_iface.lpVtbl = &d3d1_device_vtbl;
    device->refcount = 1;
    device->version = version;
    device->device7 = &device7->IDirect3DDevice7_iface;
    /* The software devices of Direct3D 1-6 sample a surface without
     * DDSCAPS_TEXTURE (Wine's ddraw4.c test_texture_wrong_caps). */
    device7->sample_plain_surfaces = kind == D3D7_DEVICE_RGB;
    device->target = target;
    if (version == 1)
    {
        /* A Direct3D 1 device is part of its surface and counts with it:
         * it holds no reference on it, nor may its Direct3D 7 device
         * (the surface would never go). */
        device->owner = target;
        ddraw_surface_release(target, 7);
    }
    else
    {
        device->target_iface = ddraw_surface_get_iface(target, version == 3 ? 4 : 1);
        ddraw_surface_addref(target, version == 3 ? 4 : 1);
    }
    device->legacy_projection = identity;
    device->legacy_clipspace = identity;

    /* The defaults of the older devices where they differ from Direct3D 7's. */
    IDirect3DDevice7_SetRenderState(device->device7, D3DRENDERSTATE_NORMALIZENORMALS, TRUE);
    /* Their lights attenuate and their normals transform by the older
     * rules (the core's lighting option, for draws and the CPU pipeline). */
    wined3d_device_set_render_state(device7->wined3d_device, WINED3D_RS_LEGACYLIGHTING, TRUE);
    if (version == 2)
        IDirect3DDevice7_SetRenderState(device->device7, D3DRENDERSTATE_SPECULARENABLE, TRUE);
    /* Colour keying starts enabled on Direct3D 1 devices. */
    if (version == 1)
        IDirect3DDevice7_SetRenderState(device->device7, D3DRENDERSTATE_COLORKEYENABLE, TRUE);
    set_texture_map_blend(device, D3DTBLEND_MODULATE);
    *out = device;
    return D3D_OK;
}

/*
 * IDirect3DDevice (DirectX 3): the Direct3D 1 device, thunks onto the
 * IDirect3DDevice3 and IDirect3DDevice2 methods of the same object
 * (device3.c, device2.c).
 *
 * A program gets it from QueryInterface(IID_IDirect3DHALDevice or
 * IID_IDirect3DRGBDevice) on a surface with DDSCAPS_3DDEVICE; the device is
 * part of that surface, as on Windows: it counts with the surface's
 * IDirectDrawSurface interface, QueryInterface goes to the surface, and it
 * goes when the surface does.  What it has beyond the later versions:
 * execute buffers (executebuffer.c, execute.c), matrix handles and picking.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static struct d3d3_device *impl_from_IDirect3DDevice(IDirect3DDevice *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d3_device, IDirect3DDevice_iface);
}

struct d3d3_device *d3d1_device_from_iface(IDirect3DDevice *iface)
{
    if (!iface || iface->lpVtbl != &d3d1_device_vtbl) return NULL;
    return impl_from_IDirect3DDevice(iface);
}

static IDirect3DDevice3 *device3(IDirect3DDevice *iface)
{
    return &impl_from_IDirect3DDevice(iface)->IDirect3DDevice3_iface;
}

static IDirect3DDevice2 *device2(IDirect3DDevice *iface)
{
    return &impl_from_IDirect3DDevice(iface)->IDirect3DDevice2_iface;
}

/* ---------------------------------------------------------------------- */
/* The device of a surface                                                 */

HRESULT ddraw_d3d_device1_query_interface(struct ddraw_surface *surface, REFIID riid, void **out)
{
    struct ddraw *ddraw = surface->ddraw;
    struct d3d3_device *device;
    HRESULT hr;

    /* Surfaces of IDirectDraw7 have no Direct3D 1 device (Wine's d3d.c). */
    if (surface->version == 7) return E_NOINTERFACE;
    if (!surface->device1)
    {
        if (!ddraw) return DDERR_INVALIDOBJECT;
        if (!ddraw->d3d7 && FAILED(hr = d3d7_create(ddraw, &ddraw->d3d7)))
            return hr;
        d3d3_init(ddraw->d3d7);
        if (FAILED(hr = d3d3_device_create(ddraw->d3d7, riid, surface, 1, &device)))
        {
            WARN("Failed to create a device on surface %p, hr %#x.\n", (void *)surface, (unsigned int)hr);
            return hr;
        }
        surface->device1 = device;
    }
    ddraw_surface_addref(surface, 1);
    *out = &surface->device1->IDirect3DDevice_iface;
    return S_OK;
}

void d3d1_device_destroy(struct d3d3_device *device)
{
    device->owner->device1 = NULL;
    IDirect3DDevice3_Release(&device->IDirect3DDevice3_iface);
}

/* ---------------------------------------------------------------------- */
/* Matrix handles                                                          */

D3DMATRIX *d3d1_device_get_matrix(struct d3d3_device *device, D3DMATRIXHANDLE handle)
{
    if (!handle || handle > device->matrix_count) return NULL;
    return device->matrices[handle - 1];
}

void d3d1_device_matrix_changed(struct d3d3_device *device, D3DMATRIXHANDLE handle)
{
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(device->bound_matrices); ++i)
        if (handle && device->bound_matrices[i] == handle)
            IDirect3DDevice3_SetTransform(&device->IDirect3DDevice3_iface, D3DTRANSFORMSTATE_WORLD + i,
                    device->matrices[handle - 1]);
}

HRESULT d3d1_device_bind_matrix(struct d3d3_device *device, D3DTRANSFORMSTATETYPE state, D3DMATRIXHANDLE handle)
{
    D3DMATRIX *m = d3d1_device_get_matrix(device, handle);

    if (state < D3DTRANSFORMSTATE_WORLD || state > D3DTRANSFORMSTATE_PROJECTION || !m)
        return DDERR_INVALIDPARAMS;
    device->bound_matrices[state - D3DTRANSFORMSTATE_WORLD] = handle;
    return IDirect3DDevice3_SetTransform(&device->IDirect3DDevice3_iface, state, m);
}

static HRESULT create_matrix(struct d3d3_device *device, D3DMATRIXHANDLE *handle)
{
    D3DMATRIX **matrices, *m;
    DWORD i;

    if (!(m = calloc(1, sizeof(*m)))) return DDERR_OUTOFMEMORY;
    for (i = 0; i < device->matrix_count; ++i)
    {
        if (!device->matrices[i])
        {
            device->matrices[i] = m;
            *handle = i + 1;
            return D3D_OK;
        }
    }
    if (!(matrices = realloc(device->matrices, (device->matrix_count + 16) * sizeof(*matrices))))
    {
        free(m);
        return DDERR_OUTOFMEMORY;
    }
    memset(matrices + device->matrix_count, 0, 16 * sizeof(*matrices));
    device->matrices = matrices;
    matrices[device->matrix_count] = m;
    *handle = ++device->matrix_count;
    return D3D_OK;
}

/* ---------------------------------------------------------------------- */
/* IDirect3DDevice                                                         */

static HRESULT STDMETHODCALLTYPE d3d1_device_QueryInterface(IDirect3DDevice *iface, REFIID riid, void **out)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice(iface);
    HRESULT hr;

    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);
    ddraw_lock();
    hr = ddraw_surface_query_interface(device->owner, riid, out);
    ddraw_unlock();
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d1_device_AddRef(IDirect3DDevice *iface)
{
    TRACE("iface %p.\n", iface);
    return ddraw_surface_addref(impl_from_IDirect3DDevice(iface)->owner, 1);
}

static ULONG STDMETHODCALLTYPE d3d1_device_Release(IDirect3DDevice *iface)
{
    TRACE("iface %p.\n", iface);
    return ddraw_surface_release(impl_from_IDirect3DDevice(iface)->owner, 1);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_Initialize(IDirect3DDevice *iface, IDirect3D *d3d,
        GUID *guid, D3DDEVICEDESC *desc)
{
    TRACE("iface %p, d3d %p, guid %s, desc %p.\n", iface, d3d, dx7gl_dbgstr_guid(guid), desc);
    /* The device is made whole by QueryInterface; nothing is left to do. */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_GetCaps(IDirect3DDevice *iface, D3DDEVICEDESC *hal, D3DDEVICEDESC *hel)
{
    return IDirect3DDevice3_GetCaps(device3(iface), hal, hel);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_SwapTextureHandles(IDirect3DDevice *iface,
        IDirect3DTexture *tex1, IDirect3DTexture *tex2)
{
    struct ddraw_surface *surface1 = d3d_texture1_surface(tex1), *surface2 = d3d_texture1_surface(tex2);

    TRACE("iface %p, tex1 %p, tex2 %p.\n", iface, tex1, tex2);

    if (!surface1 || !surface2) return DDERR_INVALIDPARAMS;
    return IDirect3DDevice2_SwapTextureHandles(device2(iface), &surface1->IDirect3DTexture2_iface,
            &surface2->IDirect3DTexture2_iface);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_CreateExecuteBuffer(IDirect3DDevice *iface,
        D3DEXECUTEBUFFERDESC *desc, IDirect3DExecuteBuffer **buffer, IUnknown *outer)
{
    struct d3d_execute_buffer *object;
    HRESULT hr;

    TRACE("iface %p, desc %p, buffer %p, outer %p.\n", iface, desc, buffer, outer);

    if (!buffer) return DDERR_INVALIDPARAMS;
    *buffer = NULL;
    if (outer) return CLASS_E_NOAGGREGATION;
    if (!desc) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (SUCCEEDED(hr = d3d_execute_buffer_create(impl_from_IDirect3DDevice(iface), desc, &object)))
        *buffer = &object->IDirect3DExecuteBuffer_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_GetStats(IDirect3DDevice *iface, D3DSTATS *stats)
{
    return IDirect3DDevice3_GetStats(device3(iface), stats);
}

/* What Execute and Pick share: the buffer, and the viewport made current. */
static HRESULT execute(struct d3d3_device *device, IDirect3DExecuteBuffer *buffer_iface,
        IDirect3DViewport *viewport_iface, struct d3d_execute_pick *pick)
{
    struct d3d_execute_buffer *buffer = d3d_execute_buffer_from_iface(buffer_iface);
    struct d3d_viewport *viewport = d3d_viewport_from_iface((IDirect3DViewport3 *)viewport_iface);
    HRESULT hr;

    if (!buffer || !viewport) return DDERR_INVALIDPARAMS;
    if (buffer->locked) return D3DERR_EXECUTE_LOCKED;
    if (FAILED(hr = d3d3_device_set_current_viewport(device, viewport))) return hr;
    return d3d_execute_buffer_run(buffer, device, pick);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_Execute(IDirect3DDevice *iface, IDirect3DExecuteBuffer *buffer,
        IDirect3DViewport *viewport, DWORD flags)
{
    HRESULT hr;

    TRACE("iface %p, buffer %p, viewport %p, flags %#x.\n", iface, buffer, viewport, (unsigned int)flags);

    /* D3DEXECUTE_CLIPPED and UNCLIPPED draw alike: the core clips always. */
    ddraw_lock();
    hr = execute(impl_from_IDirect3DDevice(iface), buffer, viewport, NULL);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_AddViewport(IDirect3DDevice *iface, IDirect3DViewport *viewport)
{
    return IDirect3DDevice3_AddViewport(device3(iface), (IDirect3DViewport3 *)viewport);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_DeleteViewport(IDirect3DDevice *iface, IDirect3DViewport *viewport)
{
    return IDirect3DDevice3_DeleteViewport(device3(iface), (IDirect3DViewport3 *)viewport);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_NextViewport(IDirect3DDevice *iface, IDirect3DViewport *viewport,
        IDirect3DViewport **next, DWORD flags)
{
    return IDirect3DDevice3_NextViewport(device3(iface), (IDirect3DViewport3 *)viewport,
            (IDirect3DViewport3 **)next, flags);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_Pick(IDirect3DDevice *iface, IDirect3DExecuteBuffer *buffer,
        IDirect3DViewport *viewport, DWORD flags, D3DRECT *rect)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice(iface);
    struct d3d_execute_pick pick;
    HRESULT hr;

    TRACE("iface %p, buffer %p, viewport %p, flags %#x, rect %p.\n", iface, buffer, viewport,
            (unsigned int)flags, rect);

    if (!rect) return DDERR_INVALIDPARAMS;
    /* Only the rectangle's first corner is picked, as on Windows. */
    memset(&pick, 0, sizeof(pick));
    pick.x = rect->x1;
    pick.y = rect->y1;
    ddraw_lock();
    if (SUCCEEDED(hr = execute(device, buffer, viewport, &pick)))
    {
        free(device->pick_records);
        device->pick_records = pick.records;
        device->pick_count = pick.count;
    }
    else
    {
        free(pick.records);
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_GetPickRecords(IDirect3DDevice *iface, DWORD *count,
        D3DPICKRECORD *records)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice(iface);

    TRACE("iface %p, count %p, records %p.\n", iface, count, records);

    if (!count) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    /* Without an array the count is all that is asked. */
    if (records)
    {
        if (*count > device->pick_count) *count = device->pick_count;
        if (*count) memcpy(records, device->pick_records, *count * sizeof(*records));
    }
    else
    {
        *count = device->pick_count;
    }
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_EnumTextureFormats(IDirect3DDevice *iface,
        LPD3DENUMTEXTUREFORMATSCALLBACK callback, void *context)
{
    return IDirect3DDevice2_EnumTextureFormats(device2(iface), callback, context);
}

static HRESULT STDMETHODCALLTYPE d3d1_device_CreateMatrix(IDirect3DDevice *iface, D3DMATRIXHANDLE *handle)
{
    HRESULT hr;

    TRACE("iface %p, handle %p.\n", iface, handle);

    if (!handle) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = create_matrix(impl_from_IDirect3DDevice(iface), handle);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_SetMatrix(IDirect3DDevice *iface, D3DMATRIXHANDLE handle,
        D3DMATRIX *matrix)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice(iface);
    D3DMATRIX *m;
    HRESULT hr = D3D_OK;

    TRACE("iface %p, handle %#x, matrix %p.\n", iface, (unsigned int)handle, matrix);

    if (!matrix) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if ((m = d3d1_device_get_matrix(device, handle)))
    {
        *m = *matrix;
        d3d1_device_matrix_changed(device, handle);
    }
    else
    {
        hr = DDERR_INVALIDPARAMS;
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_GetMatrix(IDirect3DDevice *iface, D3DMATRIXHANDLE handle,
        D3DMATRIX *matrix)
{
    D3DMATRIX *m;
    HRESULT hr = D3D_OK;

    TRACE("iface %p, handle %#x, matrix %p.\n", iface, (unsigned int)handle, matrix);

    if (!matrix) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if ((m = d3d1_device_get_matrix(impl_from_IDirect3DDevice(iface), handle)))
        *matrix = *m;
    else
        hr = DDERR_INVALIDPARAMS;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_DeleteMatrix(IDirect3DDevice *iface, D3DMATRIXHANDLE handle)
{
    struct d3d3_device *device = impl_from_IDirect3DDevice(iface);
    HRESULT hr = D3D_OK;
    unsigned int i;

    TRACE("iface %p, handle %#x.\n", iface, (unsigned int)handle);

    ddraw_lock();
    if (d3d1_device_get_matrix(device, handle))
    {
        free(device->matrices[handle - 1]);
        device->matrices[handle - 1] = NULL;
        /* A transform keeps its value; it just follows the handle no more. */
        for (i = 0; i < ARRAY_SIZE(device->bound_matrices); ++i)
            if (device->bound_matrices[i] == handle) device->bound_matrices[i] = 0;
    }
    else
    {
        hr = DDERR_INVALIDPARAMS;
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_device_BeginScene(IDirect3DDevice *iface)
{
    return IDirect3DDevice3_BeginScene(device3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d1_device_EndScene(IDirect3DDevice *iface)
{
    return IDirect3DDevice3_EndScene(device3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d1_device_GetDirect3D(IDirect3DDevice *iface, IDirect3D **d3d)
{
    struct d3d7 *object;

    TRACE("iface %p, d3d %p.\n", iface, d3d);

    if (!d3d) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if ((object = d3d3_device_get_d3d(impl_from_IDirect3DDevice(iface))))
    {
        *d3d = &object->IDirect3D_iface;
        IDirect3D_AddRef(*d3d);
    }
    else *d3d = NULL;
    ddraw_unlock();
    return object ? D3D_OK : DDERR_INVALIDOBJECT;
}

const IDirect3DDeviceVtbl d3d1_device_vtbl =
{
    d3d1_device_QueryInterface,
    d3d1_device_AddRef,
    d3d1_device_Release,
    d3d1_device_Initialize,
    d3d1_device_GetCaps,
    d3d1_device_SwapTextureHandles,
    d3d1_device_CreateExecuteBuffer,
    d3d1_device_GetStats,
    d3d1_device_Execute,
    d3d1_device_AddViewport,
    d3d1_device_DeleteViewport,
    d3d1_device_NextViewport,
    d3d1_device_Pick,
    d3d1_device_GetPickRecords,
    d3d1_device_EnumTextureFormats,
    d3d1_device_CreateMatrix,
    d3d1_device_SetMatrix,
    d3d1_device_GetMatrix,
    d3d1_device_DeleteMatrix,
    d3d1_device_BeginScene,
    d3d1_device_EndScene,
    d3d1_device_GetDirect3D,
};

/*
 * IDirect3DVertexBuffer (DirectX 6): thunks onto an IDirect3DVertexBuffer7
 * (vertexbuffer.c).  Only the device of ProcessVertices and Optimize
 * differs, an IDirect3DDevice3 there.
 */
#include "config.h"

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static const IDirect3DVertexBufferVtbl d3d3_vertex_buffer_vtbl;

static struct d3d3_vertex_buffer *impl_from_IDirect3DVertexBuffer(IDirect3DVertexBuffer *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d3_vertex_buffer, IDirect3DVertexBuffer_iface);
}

struct d3d3_vertex_buffer *d3d3_vertex_buffer_from_iface(IDirect3DVertexBuffer *iface)
{
    if (!iface || iface->lpVtbl != &d3d3_vertex_buffer_vtbl) return NULL;
    return impl_from_IDirect3DVertexBuffer(iface);
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_QueryInterface(IDirect3DVertexBuffer *iface,
        REFIID riid, void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid) return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IDirect3DVertexBuffer) || IsEqualGUID(riid, &IID_IUnknown))
    {
        IDirect3DVertexBuffer_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE d3d3_vertex_buffer_AddRef(IDirect3DVertexBuffer *iface)
{
    struct d3d3_vertex_buffer *buffer = impl_from_IDirect3DVertexBuffer(iface);
    ULONG refcount = __sync_add_and_fetch(&buffer->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", buffer, (unsigned int)refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d3_vertex_buffer_Release(IDirect3DVertexBuffer *iface)
{
    struct d3d3_vertex_buffer *buffer = impl_from_IDirect3DVertexBuffer(iface);
    ULONG refcount = __sync_sub_and_fetch(&buffer->refcount, 1);

    TRACE("%p decreasing refcount to %u.\n", buffer, (unsigned int)refcount);
    if (!refcount)
    {
        ddraw_lock();
        IDirect3DVertexBuffer7_Release(buffer->vb7);
        free(buffer);
        ddraw_unlock();
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_Lock(IDirect3DVertexBuffer *iface, DWORD flags,
        void **data, DWORD *data_size)
{
    return IDirect3DVertexBuffer7_Lock(impl_from_IDirect3DVertexBuffer(iface)->vb7, flags, data, data_size);
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_Unlock(IDirect3DVertexBuffer *iface)
{
    return IDirect3DVertexBuffer7_Unlock(impl_from_IDirect3DVertexBuffer(iface)->vb7);
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_ProcessVertices(IDirect3DVertexBuffer *iface,
        DWORD vertex_op, DWORD dst_idx, DWORD count, IDirect3DVertexBuffer *src_buffer, DWORD src_idx,
        IDirect3DDevice3 *device, DWORD flags)
{
    struct d3d3_vertex_buffer *src = d3d3_vertex_buffer_from_iface(src_buffer);
    struct d3d3_device *device_impl = d3d3_device_from_iface3(device);

    TRACE("iface %p, vertex_op %#x, dst_idx %u, count %u, src_buffer %p, src_idx %u, device %p, flags %#x.\n",
            iface, (unsigned int)vertex_op, (unsigned int)dst_idx, (unsigned int)count, src_buffer,
            (unsigned int)src_idx, device, (unsigned int)flags);

    if (!src || !device_impl) return DDERR_INVALIDPARAMS;
    return IDirect3DVertexBuffer7_ProcessVertices(impl_from_IDirect3DVertexBuffer(iface)->vb7, vertex_op,
            dst_idx, count, src->vb7, src_idx, device_impl->device7, flags);
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_GetVertexBufferDesc(IDirect3DVertexBuffer *iface,
        D3DVERTEXBUFFERDESC *desc)
{
    return IDirect3DVertexBuffer7_GetVertexBufferDesc(impl_from_IDirect3DVertexBuffer(iface)->vb7, desc);
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_Optimize(IDirect3DVertexBuffer *iface,
        IDirect3DDevice3 *device, DWORD flags)
{
    struct d3d3_device *device_impl = d3d3_device_from_iface3(device);

    TRACE("iface %p, device %p, flags %#x.\n", iface, device, (unsigned int)flags);

    if (!device_impl) return DDERR_INVALIDPARAMS;
    return IDirect3DVertexBuffer7_Optimize(impl_from_IDirect3DVertexBuffer(iface)->vb7,
            device_impl->device7, flags);
}

static const IDirect3DVertexBufferVtbl d3d3_vertex_buffer_vtbl =
{
    d3d3_vertex_buffer_QueryInterface,
    d3d3_vertex_buffer_AddRef,
    d3d3_vertex_buffer_Release,
    d3d3_vertex_buffer_Lock,
    d3d3_vertex_buffer_Unlock,
    d3d3_vertex_buffer_ProcessVertices,
    d3d3_vertex_buffer_GetVertexBufferDesc,
    d3d3_vertex_buffer_Optimize,
};

HRESULT d3d3_vertex_buffer_create(struct d3d7 *d3d, D3DVERTEXBUFFERDESC *desc, DWORD flags,
        struct d3d3_vertex_buffer **buffer)
{
    struct d3d3_vertex_buffer *object;
    IDirect3DVertexBuffer7 *vb7;
    HRESULT hr;

    if (!(object = calloc(1, sizeof(*object))))
        return DDERR_OUTOFMEMORY;
    if (FAILED(hr = IDirect3D7_CreateVertexBuffer(&d3d->IDirect3D7_iface, desc, &vb7, flags)))
    {
        free(object);
        return hr;
    }
    object->IDirect3DVertexBuffer_iface.lpVtbl = &d3d3_vertex_buffer_vtbl;
    object->refcount = 1;
    object->vb7 = vb7;
    *buffer = object;
    return D3D_OK;
}

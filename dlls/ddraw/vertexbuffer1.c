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

/* Direct3D 6 leaves the alpha of a lit vertex's specular colour at zero
 * where Direct3D 7 writes the material's specular alpha (Wine's ddraw4 and
 * ddraw7 tests show both). */
static void clear_specular_alpha(IDirect3DVertexBuffer7 *vb7, DWORD start, DWORD count)
{
    D3DVERTEXBUFFERDESC desc;
    DWORD stride, offset, i;
    BYTE *data;

    desc.dwSize = sizeof(desc);
    if (FAILED(IDirect3DVertexBuffer7_GetVertexBufferDesc(vb7, &desc)) || !(desc.dwFVF & D3DFVF_SPECULAR))
        return;
    stride = d3d7_fvf_stride(desc.dwFVF);
    /* The specular colour follows position, normal, reserved and diffuse. */
    offset = d3d7_fvf_stride(desc.dwFVF & (D3DFVF_POSITION_MASK | D3DFVF_NORMAL | D3DFVF_RESERVED1 | D3DFVF_DIFFUSE));
    if (!stride || start > desc.dwNumVertices || count > desc.dwNumVertices - start) return;
    if (FAILED(IDirect3DVertexBuffer7_Lock(vb7, DDLOCK_WAIT, (void **)&data, NULL))) return;
    for (i = start; i < start + count; ++i)
        data[(size_t)i * stride + offset + 3] = 0;
    IDirect3DVertexBuffer7_Unlock(vb7);
}

static HRESULT STDMETHODCALLTYPE d3d3_vertex_buffer_ProcessVertices(IDirect3DVertexBuffer *iface,
        DWORD vertex_op, DWORD dst_idx, DWORD count, IDirect3DVertexBuffer *src_buffer, DWORD src_idx,
        IDirect3DDevice3 *device, DWORD flags)
{
    struct d3d3_vertex_buffer *src = d3d3_vertex_buffer_from_iface(src_buffer);
    struct d3d3_device *device_impl = d3d3_device_from_iface3(device);
    DWORD lighting = FALSE;
    BOOL lit;
    HRESULT hr;

    TRACE("iface %p, vertex_op %#x, dst_idx %u, count %u, src_buffer %p, src_idx %u, device %p, flags %#x.\n",
            iface, (unsigned int)vertex_op, (unsigned int)dst_idx, (unsigned int)count, src_buffer,
            (unsigned int)src_idx, device, (unsigned int)flags);

    if (!src || !device_impl) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    /* Direct3D 6 lights when asked by D3DVOP_LIGHT and a material is set
     * (without one the colours are copied); Direct3D 7 also reads its
     * LIGHTING render state, set here for the call. */
    IDirect3DDevice7_GetRenderState(device_impl->device7, D3DRENDERSTATE_LIGHTING, &lighting);
    lit = d3d3_device_apply_material(device_impl) && (vertex_op & D3DVOP_LIGHT);
    IDirect3DDevice7_SetRenderState(device_impl->device7, D3DRENDERSTATE_LIGHTING, lit);
    hr = IDirect3DVertexBuffer7_ProcessVertices(impl_from_IDirect3DVertexBuffer(iface)->vb7,
            lit ? vertex_op : vertex_op & ~D3DVOP_LIGHT, dst_idx, count, src->vb7, src_idx, device_impl->device7, flags);
    if (SUCCEEDED(hr) && lit) clear_specular_alpha(impl_from_IDirect3DVertexBuffer(iface)->vb7, dst_idx, count);
    IDirect3DDevice7_SetRenderState(device_impl->device7, D3DRENDERSTATE_LIGHTING, lighting);
    ddraw_unlock();
    return hr;
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
    d3d7_vertex_buffer_from_iface(vb7)->legacy = TRUE;
    *buffer = object;
    return D3D_OK;
}

/*
 * IDirect3DExecuteBuffer (DirectX 3): memory a program fills with vertices
 * and instructions for IDirect3DDevice::Execute (execute.c).
 *
 * The buffer is plain memory, ours or the program's (D3DDEB_LPDATA).
 * SetExecuteData says where the vertices and instructions lie; nothing is
 * read until Execute, which checks every offset and count against the
 * buffer's size.  The processed (transformed, lit or copied) vertices live
 * with the buffer, as many as the execute data has vertices.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

/* Indices are WORDs: no instruction reaches a processed vertex beyond these. */
#define D3D_EXECUTE_MAX_VERTICES 65536

static const IDirect3DExecuteBufferVtbl d3d_execute_buffer_vtbl;

static struct d3d_execute_buffer *impl_from_IDirect3DExecuteBuffer(IDirect3DExecuteBuffer *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d_execute_buffer, IDirect3DExecuteBuffer_iface);
}

struct d3d_execute_buffer *d3d_execute_buffer_from_iface(IDirect3DExecuteBuffer *iface)
{
    if (!iface || iface->lpVtbl != &d3d_execute_buffer_vtbl) return NULL;
    return impl_from_IDirect3DExecuteBuffer(iface);
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_QueryInterface(IDirect3DExecuteBuffer *iface,
        REFIID riid, void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    if (riid && (IsEqualGUID(riid, &IID_IDirect3DExecuteBuffer) || IsEqualGUID(riid, &IID_IUnknown)))
    {
        IDirect3DExecuteBuffer_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE d3d_execute_buffer_AddRef(IDirect3DExecuteBuffer *iface)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);
    ULONG refcount = __sync_add_and_fetch(&buffer->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", buffer, (unsigned int)refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d_execute_buffer_Release(IDirect3DExecuteBuffer *iface)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);
    ULONG refcount = __sync_sub_and_fetch(&buffer->refcount, 1);

    TRACE("%p decreasing refcount to %u.\n", buffer, (unsigned int)refcount);
    if (!refcount)
    {
        if (buffer->own_data) free(buffer->desc.lpData);
        free(buffer->tl);
        free(buffer);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_Initialize(IDirect3DExecuteBuffer *iface,
        IDirect3DDevice *device, D3DEXECUTEBUFFERDESC *desc)
{
    TRACE("iface %p, device %p, desc %p.\n", iface, device, desc);
    /* CreateExecuteBuffer made it whole. */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_Lock(IDirect3DExecuteBuffer *iface, D3DEXECUTEBUFFERDESC *desc)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);
    DWORD size;
    HRESULT hr = D3D_OK;

    TRACE("iface %p, desc %p.\n", iface, desc);

    if (!desc || desc->dwSize < sizeof(DWORD) || desc->dwSize > sizeof(*desc)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (buffer->locked)
    {
        hr = D3DERR_EXECUTE_LOCKED;
    }
    else
    {
        /* As much of the description as the caller's dwSize has room for. */
        size = desc->dwSize;
        memcpy(desc, &buffer->desc, size);
        desc->dwSize = size;
        buffer->locked = TRUE;
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_Unlock(IDirect3DExecuteBuffer *iface)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);
    HRESULT hr = D3D_OK;

    TRACE("iface %p.\n", iface);

    ddraw_lock();
    if (!buffer->locked) hr = D3DERR_EXECUTE_NOT_LOCKED;
    buffer->locked = FALSE;
    ddraw_unlock();
    return hr;
}

/* Room for the processed vertices: new ones start zeroed. */
static HRESULT reserve_vertices(struct d3d_execute_buffer *buffer, DWORD count)
{
    D3DTLVERTEX *tl;

    if (count > D3D_EXECUTE_MAX_VERTICES) count = D3D_EXECUTE_MAX_VERTICES;
    if (count <= buffer->tl_count) return D3D_OK;
    if (!(tl = realloc(buffer->tl, count * sizeof(*tl)))) return DDERR_OUTOFMEMORY;
    memset(tl + buffer->tl_count, 0, (count - buffer->tl_count) * sizeof(*tl));
    buffer->tl = tl;
    buffer->tl_count = count;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_SetExecuteData(IDirect3DExecuteBuffer *iface,
        D3DEXECUTEDATA *data)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);
    HRESULT hr;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data || data->dwSize != sizeof(*data)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    /* Offsets and counts are checked at Execute, against the buffer then. */
    if (SUCCEEDED(hr = reserve_vertices(buffer, data->dwVertexCount)))
        buffer->data = *data;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_GetExecuteData(IDirect3DExecuteBuffer *iface,
        D3DEXECUTEDATA *data)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    /* Windows ignores dwSize here (Wine's tests); the status is Execute's. */
    *data = buffer->data;
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_Validate(IDirect3DExecuteBuffer *iface,
        DWORD *offset, LPD3DVALIDATECALLBACK callback, void *context, DWORD reserved)
{
    struct d3d_execute_buffer *buffer = impl_from_IDirect3DExecuteBuffer(iface);
    DWORD error_offset;
    HRESULT hr;

    TRACE("iface %p, offset %p, callback %p, context %p, reserved %#x.\n",
            iface, offset, callback, context, (unsigned int)reserved);

    /* The DirectX SDK calls Validate "not currently implemented" (a debug
     * aid): here it checks the instructions as Execute would, and says
     * where the first bad one starts, through offset and the callback. */
    ddraw_lock();
    if (buffer->locked) hr = D3DERR_EXECUTE_LOCKED;
    else hr = d3d_execute_buffer_validate(buffer, &error_offset);
    ddraw_unlock();
    if (hr == DDERR_INVALIDPARAMS)
    {
        if (offset) *offset = error_offset;
        if (callback) callback(context, error_offset);
    }
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_execute_buffer_Optimize(IDirect3DExecuteBuffer *iface, DWORD reserved)
{
    TRACE("iface %p, reserved %#x.\n", iface, (unsigned int)reserved);
    /* Documented as not supported: nothing is gained by reordering here. */
    return DDERR_UNSUPPORTED;
}

static const IDirect3DExecuteBufferVtbl d3d_execute_buffer_vtbl =
{
    d3d_execute_buffer_QueryInterface,
    d3d_execute_buffer_AddRef,
    d3d_execute_buffer_Release,
    d3d_execute_buffer_Initialize,
    d3d_execute_buffer_Lock,
    d3d_execute_buffer_Unlock,
    d3d_execute_buffer_SetExecuteData,
    d3d_execute_buffer_GetExecuteData,
    d3d_execute_buffer_Validate,
    d3d_execute_buffer_Optimize,
};

HRESULT d3d_execute_buffer_create(struct d3d3_device *device, const D3DEXECUTEBUFFERDESC *desc,
        struct d3d_execute_buffer **out)
{
    struct d3d_execute_buffer *buffer;

    if (desc->dwSize < sizeof(DWORD) || desc->dwSize > sizeof(*desc)) return DDERR_INVALIDPARAMS;
    if (!(buffer = calloc(1, sizeof(*buffer)))) return DDERR_OUTOFMEMORY;
    buffer->IDirect3DExecuteBuffer_iface.lpVtbl = &d3d_execute_buffer_vtbl;
    buffer->refcount = 1;
    memcpy(&buffer->desc, desc, desc->dwSize);
    buffer->desc.dwSize = sizeof(buffer->desc);
    if (!(buffer->desc.dwFlags & D3DDEB_LPDATA)) buffer->desc.lpData = NULL;
    if (!(buffer->desc.dwFlags & D3DDEB_BUFSIZE)) buffer->desc.dwBufferSize = 0;
    /* The program's memory is used as it is; otherwise the buffer has its own. */
    if (!buffer->desc.lpData && buffer->desc.dwBufferSize)
    {
        if (!(buffer->desc.lpData = calloc(1, buffer->desc.dwBufferSize)))
        {
            free(buffer);
            return DDERR_OUTOFMEMORY;
        }
        buffer->own_data = TRUE;
    }
    buffer->desc.dwFlags |= D3DDEB_LPDATA;
    TRACE("Created execute buffer %p of %u bytes for device %p.\n", buffer,
            (unsigned int)buffer->desc.dwBufferSize, device);
    *out = buffer;
    return D3D_OK;
}

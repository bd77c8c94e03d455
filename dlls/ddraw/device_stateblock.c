/*
 * IDirect3DDevice7's state block methods (device.c holds the rest of the
 * object and its vtable).  The blocks are the core's (wined3d_stateblock);
 * this file keeps Direct3D 7's handles to them and the texture references
 * a block holds, which the core does not count.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

void d3d7_stateblock_entry_release(struct d3d7_stateblock_entry *entry)
{
    unsigned int i;

    for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
    {
        if (entry->textures[i]) IDirectDrawSurface7_Release(entry->textures[i]);
        entry->textures[i] = NULL;
    }
    entry->texture_mask = 0;
    if (entry->stateblock) wined3d_stateblock_destroy(entry->stateblock);
    entry->stateblock = NULL;
}

void d3d7_device_release_recording(struct d3d7_device *device)
{
    unsigned int i;

    for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
    {
        if (device->rec_textures[i]) IDirectDrawSurface7_Release(device->rec_textures[i]);
        device->rec_textures[i] = NULL;
    }
    device->rec_texture_mask = 0;
}

static struct d3d7_stateblock_entry *get_stateblock(struct d3d7_device *device, DWORD handle)
{
    if (!handle || handle > device->stateblock_count) return NULL;
    if (!device->stateblocks[handle - 1].stateblock) return NULL;
    return &device->stateblocks[handle - 1];
}

/* Sets the textures of the mask's stages in dst to src's, the references
 * following (Apply copies a block's into the device, Capture the reverse). */
static void copy_textures(IDirectDrawSurface7 **dst, IDirectDrawSurface7 *const *src, uint32_t mask)
{
    unsigned int i;

    for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
    {
        if (!(mask & (1u << i))) continue;
        if (src[i]) IDirectDrawSurface7_AddRef(src[i]);
        if (dst[i]) IDirectDrawSurface7_Release(dst[i]);
        dst[i] = src[i];
    }
}

static HRESULT alloc_stateblock(struct d3d7_device *device, DWORD *handle)
{
    struct d3d7_stateblock_entry *entries;
    unsigned int i;

    for (i = 0; i < device->stateblock_count; ++i)
    {
        if (!device->stateblocks[i].stateblock)
        {
            *handle = i + 1;
            return D3D_OK;
        }
    }
    if (!(entries = realloc(device->stateblocks, (device->stateblock_count + 16) * sizeof(*entries))))
        return DDERR_OUTOFMEMORY;
    memset(entries + device->stateblock_count, 0, 16 * sizeof(*entries));
    device->stateblocks = entries;
    *handle = device->stateblock_count + 1;
    device->stateblock_count += 16;
    return D3D_OK;
}

static HRESULT d3d7_device_BeginStateBlock_unlocked(IDirect3DDevice7 *iface)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    HRESULT hr;

    TRACE("iface %p.\n", iface);

    if (wined3d_device_is_recording(device->wined3d_device)) return D3DERR_INBEGINSTATEBLOCK;
    if (FAILED(hr = hr_from_wined3d(wined3d_device_begin_stateblock(device->wined3d_device))))
        return hr;
    d3d7_device_release_recording(device);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE d3d7_device_BeginStateBlock(IDirect3DDevice7 *iface)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_BeginStateBlock_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_EndStateBlock_unlocked(IDirect3DDevice7 *iface, DWORD *handle)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_stateblock *stateblock = NULL;
    struct d3d7_stateblock_entry *entry;
    unsigned int i;
    DWORD h;
    HRESULT hr;

    TRACE("iface %p, handle %p.\n", iface, handle);

    if (!handle) return DDERR_INVALIDPARAMS;
    if (!wined3d_device_is_recording(device->wined3d_device)) return D3DERR_NOTINBEGINSTATEBLOCK;
    if (FAILED(hr = alloc_stateblock(device, &h))) return hr;
    if (FAILED(hr = hr_from_wined3d(wined3d_device_end_stateblock(device->wined3d_device, &stateblock))))
        return hr;

    entry = &device->stateblocks[h - 1];
    entry->stateblock = stateblock;
    entry->texture_mask = device->rec_texture_mask;
    for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
    {
        entry->textures[i] = device->rec_textures[i];
        device->rec_textures[i] = NULL;
    }
    device->rec_texture_mask = 0;
    *handle = h;
    /* A target set while recording is bound now. */
    d3d7_device_bind_target(device);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE d3d7_device_EndStateBlock(IDirect3DDevice7 *iface, DWORD *handle)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_EndStateBlock_unlocked(iface, handle);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_ApplyStateBlock_unlocked(IDirect3DDevice7 *iface, DWORD handle)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct d3d7_stateblock_entry *entry;
    HRESULT hr;

    TRACE("iface %p, handle %#x.\n", iface, (unsigned int)handle);

    if (wined3d_device_is_recording(device->wined3d_device)) return D3DERR_INBEGINSTATEBLOCK;
    if (!(entry = get_stateblock(device, handle))) return D3DERR_INVALIDSTATEBLOCK;
    if (FAILED(hr = hr_from_wined3d(wined3d_stateblock_apply(entry->stateblock))))
        return hr;
    /* The block set the core's textures; move the references along. */
    copy_textures(device->textures, entry->textures, entry->texture_mask);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE d3d7_device_ApplyStateBlock(IDirect3DDevice7 *iface, DWORD handle)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_ApplyStateBlock_unlocked(iface, handle);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_CaptureStateBlock_unlocked(IDirect3DDevice7 *iface, DWORD handle)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct d3d7_stateblock_entry *entry;
    HRESULT hr;

    TRACE("iface %p, handle %#x.\n", iface, (unsigned int)handle);

    if (wined3d_device_is_recording(device->wined3d_device)) return D3DERR_INBEGINSTATEBLOCK;
    if (!(entry = get_stateblock(device, handle))) return D3DERR_INVALIDSTATEBLOCK;
    if (FAILED(hr = hr_from_wined3d(wined3d_stateblock_capture(entry->stateblock))))
        return hr;
    copy_textures(entry->textures, device->textures, entry->texture_mask);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE d3d7_device_CaptureStateBlock(IDirect3DDevice7 *iface, DWORD handle)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_CaptureStateBlock_unlocked(iface, handle);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_DeleteStateBlock_unlocked(IDirect3DDevice7 *iface, DWORD handle)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct d3d7_stateblock_entry *entry;

    TRACE("iface %p, handle %#x.\n", iface, (unsigned int)handle);

    if (wined3d_device_is_recording(device->wined3d_device)) return D3DERR_INBEGINSTATEBLOCK;
    if (!(entry = get_stateblock(device, handle))) return D3DERR_INVALIDSTATEBLOCK;
    d3d7_stateblock_entry_release(entry);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE d3d7_device_DeleteStateBlock(IDirect3DDevice7 *iface, DWORD handle)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DeleteStateBlock_unlocked(iface, handle);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_CreateStateBlock_unlocked(IDirect3DDevice7 *iface, D3DSTATEBLOCKTYPE type,
        DWORD *handle)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_stateblock *stateblock;
    struct d3d7_stateblock_entry *entry;
    unsigned int i;
    DWORD h;
    HRESULT hr;

    TRACE("iface %p, type %#x, handle %p.\n", iface, type, handle);

    if (!handle) return DDERR_INVALIDPARAMS;
    if (type != D3DSBT_ALL && type != D3DSBT_PIXELSTATE && type != D3DSBT_VERTEXSTATE)
        return DDERR_INVALIDPARAMS;
    if (wined3d_device_is_recording(device->wined3d_device)) return D3DERR_INBEGINSTATEBLOCK;
    if (FAILED(hr = alloc_stateblock(device, &h))) return hr;
    if (FAILED(hr = hr_from_wined3d(wined3d_stateblock_create(device->wined3d_device,
            (enum wined3d_stateblock_type)type, &stateblock))))
        return hr;

    entry = &device->stateblocks[h - 1];
    entry->stateblock = stateblock;
    /* Only a block of every state holds the textures. */
    if (type == D3DSBT_ALL)
    {
        entry->texture_mask = (1u << D3D7_MAX_TEXTURES) - 1;
        for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
            if ((entry->textures[i] = device->textures[i])) IDirectDrawSurface7_AddRef(entry->textures[i]);
    }
    *handle = h;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE d3d7_device_CreateStateBlock(IDirect3DDevice7 *iface, D3DSTATEBLOCKTYPE type,
        DWORD *handle)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_CreateStateBlock_unlocked(iface, type, handle);
    ddraw_unlock();
    return ret;
}

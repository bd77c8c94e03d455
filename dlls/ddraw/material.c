/*
 * IDirect3DMaterial, IDirect3DMaterial2 and IDirect3DMaterial3.
 *
 * One object with three interfaces (and one reference count).  Devices and
 * viewports know a material by its handle: SetLightState(MATERIAL) makes it
 * the device's Direct3D 7 material, SetBackground makes its diffuse colour
 * a viewport's clear colour.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static struct d3d_material *impl_from_IDirect3DMaterial3(IDirect3DMaterial3 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d_material, IDirect3DMaterial3_iface);
}

static struct d3d_material *impl_from_IDirect3DMaterial2(IDirect3DMaterial2 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d_material, IDirect3DMaterial2_iface);
}

static struct d3d_material *impl_from_IDirect3DMaterial(IDirect3DMaterial *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d_material, IDirect3DMaterial_iface);
}

void d3d_material_to_7(const struct d3d_material *material, D3DMATERIAL7 *out)
{
    out->diffuse = material->data.diffuse;
    out->ambient = material->data.ambient;
    out->specular = material->data.specular;
    out->emissive = material->data.emissive;
    out->power = material->data.power;
    /* Before Direct3D 7 a power of 0 means no specular highlight (Direct3D 7
     * lights the whole face with it); Wine's ddraw4 tests show Windows so. */
    if (out->power == 0.0f)
        memset(&out->specular, 0, sizeof(out->specular));
}

static DWORD channel(float v)
{
    if (!(v > 0.0f)) return 0;
    if (v >= 1.0f) return 255;
    return (DWORD)(v * 255.0f + 0.5f);
}

D3DCOLOR d3d_material_diffuse_argb(const struct d3d_material *material)
{
    const D3DCOLORVALUE *c = &material->data.diffuse;

    return (channel(c->a) << 24) | (channel(c->r) << 16) | (channel(c->g) << 8) | channel(c->b);
}

/* ---------------------------------------------------------------------- */
/* What the three versions share                                           */

static HRESULT material_query_interface(struct d3d_material *material, REFIID riid, void **out)
{
    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid) return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IDirect3DMaterial3))
        *out = &material->IDirect3DMaterial3_iface;
    else if (IsEqualGUID(riid, &IID_IDirect3DMaterial2))
        *out = &material->IDirect3DMaterial2_iface;
    else if (IsEqualGUID(riid, &IID_IDirect3DMaterial) || IsEqualGUID(riid, &IID_IUnknown))
        *out = &material->IDirect3DMaterial_iface;
    else
        return E_NOINTERFACE;
    __sync_add_and_fetch(&material->refcount, 1);
    return S_OK;
}

static ULONG material_addref(struct d3d_material *material)
{
    ULONG refcount = __sync_add_and_fetch(&material->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", material, (unsigned int)refcount);
    return refcount;
}

static ULONG material_release(struct d3d_material *material)
{
    ULONG refcount = __sync_sub_and_fetch(&material->refcount, 1);

    TRACE("%p decreasing refcount to %u.\n", material, (unsigned int)refcount);
    if (!refcount)
    {
        ddraw_lock();
        if (material->handle) d3d_handle_free(material->d3d, material->handle);
        free(material);
        ddraw_unlock();
    }
    return refcount;
}

static HRESULT material_set(struct d3d_material *material, D3DMATERIAL *data)
{
    /* Windows takes a short dwSize (what is left out is zero); a longer
     * one than the structure cannot be read. */
    if (!data || data->dwSize > sizeof(*data)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    memset(&material->data, 0, sizeof(material->data));
    memcpy(&material->data, data, data->dwSize);
    material->data.dwSize = sizeof(material->data);
    ++material->serial;
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT material_get(struct d3d_material *material, D3DMATERIAL *data)
{
    DWORD size;

    if (!data || data->dwSize > sizeof(*data)) return DDERR_INVALIDPARAMS;
    size = data->dwSize;
    ddraw_lock();
    memcpy(data, &material->data, size);
    if (size >= sizeof(DWORD)) data->dwSize = size;
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT material_get_handle(struct d3d_material *material, void *device, D3DMATERIALHANDLE *handle)
{
    HRESULT hr = D3D_OK;

    if (!device || !handle) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!material->d3d)
        hr = DDERR_INVALIDOBJECT;
    else if (!material->handle && !(material->handle = d3d_handle_alloc(material->d3d, D3D_HANDLE_MATERIAL, material)))
        hr = DDERR_OUTOFMEMORY;
    *handle = material->handle;
    ddraw_unlock();
    return hr;
}

/* ---------------------------------------------------------------------- */
/* IDirect3DMaterial3                                                      */

static HRESULT STDMETHODCALLTYPE d3d_material3_QueryInterface(IDirect3DMaterial3 *iface, REFIID riid, void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);
    return material_query_interface(impl_from_IDirect3DMaterial3(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE d3d_material3_AddRef(IDirect3DMaterial3 *iface)
{
    return material_addref(impl_from_IDirect3DMaterial3(iface));
}

static ULONG STDMETHODCALLTYPE d3d_material3_Release(IDirect3DMaterial3 *iface)
{
    return material_release(impl_from_IDirect3DMaterial3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d_material3_SetMaterial(IDirect3DMaterial3 *iface, D3DMATERIAL *data)
{
    TRACE("iface %p, data %p.\n", iface, data);
    return material_set(impl_from_IDirect3DMaterial3(iface), data);
}

static HRESULT STDMETHODCALLTYPE d3d_material3_GetMaterial(IDirect3DMaterial3 *iface, D3DMATERIAL *data)
{
    TRACE("iface %p, data %p.\n", iface, data);
    return material_get(impl_from_IDirect3DMaterial3(iface), data);
}

static HRESULT STDMETHODCALLTYPE d3d_material3_GetHandle(IDirect3DMaterial3 *iface, IDirect3DDevice3 *device,
        D3DMATERIALHANDLE *handle)
{
    TRACE("iface %p, device %p, handle %p.\n", iface, device, handle);
    if (device && !d3d3_device_from_iface3(device)) return DDERR_INVALIDPARAMS;
    return material_get_handle(impl_from_IDirect3DMaterial3(iface), device, handle);
}

static const IDirect3DMaterial3Vtbl d3d_material3_vtbl =
{
    d3d_material3_QueryInterface,
    d3d_material3_AddRef,
    d3d_material3_Release,
    d3d_material3_SetMaterial,
    d3d_material3_GetMaterial,
    d3d_material3_GetHandle,
};

/* ---------------------------------------------------------------------- */
/* IDirect3DMaterial2                                                      */

static HRESULT STDMETHODCALLTYPE d3d_material2_QueryInterface(IDirect3DMaterial2 *iface, REFIID riid, void **out)
{
    return material_query_interface(impl_from_IDirect3DMaterial2(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE d3d_material2_AddRef(IDirect3DMaterial2 *iface)
{
    return material_addref(impl_from_IDirect3DMaterial2(iface));
}

static ULONG STDMETHODCALLTYPE d3d_material2_Release(IDirect3DMaterial2 *iface)
{
    return material_release(impl_from_IDirect3DMaterial2(iface));
}

static HRESULT STDMETHODCALLTYPE d3d_material2_SetMaterial(IDirect3DMaterial2 *iface, D3DMATERIAL *data)
{
    return material_set(impl_from_IDirect3DMaterial2(iface), data);
}

static HRESULT STDMETHODCALLTYPE d3d_material2_GetMaterial(IDirect3DMaterial2 *iface, D3DMATERIAL *data)
{
    return material_get(impl_from_IDirect3DMaterial2(iface), data);
}

static HRESULT STDMETHODCALLTYPE d3d_material2_GetHandle(IDirect3DMaterial2 *iface, IDirect3DDevice2 *device,
        D3DMATERIALHANDLE *handle)
{
    TRACE("iface %p, device %p, handle %p.\n", iface, device, handle);
    if (device && !d3d3_device_from_iface2(device)) return DDERR_INVALIDPARAMS;
    return material_get_handle(impl_from_IDirect3DMaterial2(iface), device, handle);
}

static const IDirect3DMaterial2Vtbl d3d_material2_vtbl =
{
    d3d_material2_QueryInterface,
    d3d_material2_AddRef,
    d3d_material2_Release,
    d3d_material2_SetMaterial,
    d3d_material2_GetMaterial,
    d3d_material2_GetHandle,
};

/* ---------------------------------------------------------------------- */
/* IDirect3DMaterial                                                       */

static HRESULT STDMETHODCALLTYPE d3d_material1_QueryInterface(IDirect3DMaterial *iface, REFIID riid, void **out)
{
    return material_query_interface(impl_from_IDirect3DMaterial(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE d3d_material1_AddRef(IDirect3DMaterial *iface)
{
    return material_addref(impl_from_IDirect3DMaterial(iface));
}

static ULONG STDMETHODCALLTYPE d3d_material1_Release(IDirect3DMaterial *iface)
{
    return material_release(impl_from_IDirect3DMaterial(iface));
}

static HRESULT STDMETHODCALLTYPE d3d_material1_Initialize(IDirect3DMaterial *iface, IDirect3D *d3d)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE d3d_material1_SetMaterial(IDirect3DMaterial *iface, D3DMATERIAL *data)
{
    return material_set(impl_from_IDirect3DMaterial(iface), data);
}

static HRESULT STDMETHODCALLTYPE d3d_material1_GetMaterial(IDirect3DMaterial *iface, D3DMATERIAL *data)
{
    return material_get(impl_from_IDirect3DMaterial(iface), data);
}

static HRESULT STDMETHODCALLTYPE d3d_material1_GetHandle(IDirect3DMaterial *iface, IDirect3DDevice *device,
        D3DMATERIALHANDLE *handle)
{
    TRACE("iface %p, device %p, handle %p.\n", iface, device, handle);
    if (device && !d3d1_device_from_iface(device)) return DDERR_INVALIDPARAMS;
    return material_get_handle(impl_from_IDirect3DMaterial(iface), device, handle);
}

static HRESULT STDMETHODCALLTYPE d3d_material1_Reserve(IDirect3DMaterial *iface)
{
    /* Reserving palette entries concerned the ramp model only. */
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE d3d_material1_Unreserve(IDirect3DMaterial *iface)
{
    return DDERR_UNSUPPORTED;
}

static const IDirect3DMaterialVtbl d3d_material1_vtbl =
{
    d3d_material1_QueryInterface,
    d3d_material1_AddRef,
    d3d_material1_Release,
    d3d_material1_Initialize,
    d3d_material1_SetMaterial,
    d3d_material1_GetMaterial,
    d3d_material1_GetHandle,
    d3d_material1_Reserve,
    d3d_material1_Unreserve,
};

HRESULT d3d_material_create(struct d3d7 *d3d, struct d3d_material **material)
{
    struct d3d_material *object;

    if (!(object = calloc(1, sizeof(*object))))
        return DDERR_OUTOFMEMORY;
    object->IDirect3DMaterial3_iface.lpVtbl = &d3d_material3_vtbl;
    object->IDirect3DMaterial2_iface.lpVtbl = &d3d_material2_vtbl;
    object->IDirect3DMaterial_iface.lpVtbl = &d3d_material1_vtbl;
    object->refcount = 1;
    object->d3d = d3d;
    object->data.dwSize = sizeof(object->data);
    *material = object;
    return D3D_OK;
}

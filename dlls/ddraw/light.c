/*
 * IDirect3DLight: a light of Direct3D 1-3, lit by a viewport.
 *
 * A light does nothing until it is added to a viewport; while that
 * viewport is its device's current one, an active light is a Direct3D 7
 * light at the index the viewport gives it.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static const IDirect3DLightVtbl d3d_light_vtbl;

static struct d3d_light *impl_from_IDirect3DLight(IDirect3DLight *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d_light, IDirect3DLight_iface);
}

struct d3d_light *d3d_light_from_iface(IDirect3DLight *iface)
{
    if (!iface || iface->lpVtbl != &d3d_light_vtbl) return NULL;
    return impl_from_IDirect3DLight(iface);
}

void d3d_light_activate(struct d3d_light *light, struct d3d3_device *device, DWORD index)
{
    const D3DLIGHT2 *l = &light->data;
    D3DLIGHT7 light7;

    if (light->index && light->index != index + 1) d3d_light_deactivate(light, device);
    memset(&light7, 0, sizeof(light7));
    /* A parallel point light shines from its position's direction at every
     * vertex, without attenuation: a directional light pointing the other
     * way (Wine's ddraw*.c test_specular_lighting).  A GL spot is the
     * nearest Direct3D 7 spot. */
    switch (l->dltType)
    {
        case D3DLIGHT_PARALLELPOINT: light7.dltType = D3DLIGHT_DIRECTIONAL; break;
        case D3DLIGHT_GLSPOT: light7.dltType = D3DLIGHT_SPOT; break;
        default: light7.dltType = l->dltType; break;
    }
    light7.dcvDiffuse = l->dcvColor;
    if (!(l->dwFlags & D3DLIGHT_NO_SPECULAR)) light7.dcvSpecular = l->dcvColor;
    light7.dvPosition = l->dvPosition;
    light7.dvDirection = l->dvDirection;
    if (l->dltType == D3DLIGHT_PARALLELPOINT)
    {
        light7.dvDirection.x = -l->dvPosition.x;
        light7.dvDirection.y = -l->dvPosition.y;
        light7.dvDirection.z = -l->dvPosition.z;
    }
    /* A range of 0 meant "no limit" before Direct3D 7. */
    light7.dvRange = l->dvRange != 0.0f ? l->dvRange : (float)sqrt(FLT_MAX);
    light7.dvFalloff = l->dvFalloff;
    light7.dvAttenuation0 = l->dvAttenuation0;
    light7.dvAttenuation1 = l->dvAttenuation1;
    light7.dvAttenuation2 = l->dvAttenuation2;
    light7.dvTheta = l->dvTheta;
    light7.dvPhi = l->dvPhi;
    if (light7.dltType == D3DLIGHT_DIRECTIONAL && light7.dvDirection.x == 0.0f
            && light7.dvDirection.y == 0.0f && light7.dvDirection.z == 0.0f)
        light7.dvDirection.z = 1.0f;
    if (SUCCEEDED(IDirect3DDevice7_SetLight(device->device7, index, &light7))
            && SUCCEEDED(IDirect3DDevice7_LightEnable(device->device7, index, TRUE)))
        light->index = index + 1;
}

DWORD d3d_light_next_serial(void)
{
    static DWORD serial;

    return ++serial;
}

void d3d_light_deactivate(struct d3d_light *light, struct d3d3_device *device)
{
    if (!light->index) return;
    IDirect3DDevice7_LightEnable(device->device7, light->index - 1, FALSE);
    light->index = 0;
}

static HRESULT STDMETHODCALLTYPE d3d_light_QueryInterface(IDirect3DLight *iface, REFIID riid, void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid) return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IDirect3DLight) || IsEqualGUID(riid, &IID_IUnknown))
    {
        IDirect3DLight_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE d3d_light_AddRef(IDirect3DLight *iface)
{
    struct d3d_light *light = impl_from_IDirect3DLight(iface);
    ULONG refcount = __sync_add_and_fetch(&light->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", light, (unsigned int)refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d_light_Release(IDirect3DLight *iface)
{
    struct d3d_light *light = impl_from_IDirect3DLight(iface);
    ULONG refcount = __sync_sub_and_fetch(&light->refcount, 1);

    TRACE("%p decreasing refcount to %u.\n", light, (unsigned int)refcount);
    /* A viewport holds a reference on its lights: this one has none. */
    if (!refcount) free(light);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE d3d_light_Initialize(IDirect3DLight *iface, IDirect3D *d3d)
{
    TRACE("iface %p, d3d %p.\n", iface, d3d);
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE d3d_light_SetLight(IDirect3DLight *iface, D3DLIGHT *data)
{
    struct d3d_light *light = impl_from_IDirect3DLight(iface);
    D3DLIGHT2 l;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data) return DDERR_INVALIDPARAMS;
    if (data->dltType < D3DLIGHT_POINT || data->dltType > D3DLIGHT_PARALLELPOINT)
        return DDERR_INVALIDPARAMS;
    /* Programs pass sizes Windows never checked: anything smaller than a
     * D3DLIGHT2 is read as a D3DLIGHT of DirectX 3, which has no flags and
     * is on. */
    memset(&l, 0, sizeof(l));
    if (data->dwSize >= sizeof(D3DLIGHT2))
        l = *(D3DLIGHT2 *)data;
    else
    {
        memcpy(&l, data, sizeof(D3DLIGHT));
        l.dwFlags = D3DLIGHT_ACTIVE;
    }
    l.dwSize = sizeof(l);
    ddraw_lock();
    light->data = l;
    light->serial = d3d_light_next_serial();
    if (light->viewport) d3d_viewport_light_changed(light->viewport);
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_light_GetLight(IDirect3DLight *iface, D3DLIGHT *data)
{
    struct d3d_light *light = impl_from_IDirect3DLight(iface);
    DWORD size;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data) return DDERR_INVALIDPARAMS;
    /* As much as the caller's structure holds, at most a D3DLIGHT2. */
    size = data->dwSize < sizeof(D3DLIGHT2) ? data->dwSize : sizeof(D3DLIGHT2);
    ddraw_lock();
    memcpy(data, &light->data, size);
    if (size >= sizeof(DWORD)) data->dwSize = size;
    ddraw_unlock();
    return D3D_OK;
}

static const IDirect3DLightVtbl d3d_light_vtbl =
{
    d3d_light_QueryInterface,
    d3d_light_AddRef,
    d3d_light_Release,
    d3d_light_Initialize,
    d3d_light_SetLight,
    d3d_light_GetLight,
};

HRESULT d3d_light_create(struct d3d_light **light)
{
    struct d3d_light *object;

    if (!(object = calloc(1, sizeof(*object))))
        return DDERR_OUTOFMEMORY;
    object->IDirect3DLight_iface.lpVtbl = &d3d_light_vtbl;
    object->refcount = 1;
    object->data.dwSize = sizeof(object->data);
    *light = object;
    return D3D_OK;
}

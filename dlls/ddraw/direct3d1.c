/*
 * IDirect3D: the DirectX 3 interface of the Direct3D object, thunks onto
 * the IDirect3D3 and IDirect3D2 methods of the same object (direct3d3.c).
 *
 * Direct3D 1 has no CreateDevice: a program asks a 3D device surface for
 * IID_IDirect3DHALDevice or IID_IDirect3DRGBDevice (device1.c).  Like the
 * other older interfaces it counts with IDirectDraw.
 */
#include "config.h"

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static struct d3d7 *impl_from_IDirect3D(IDirect3D *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d7, IDirect3D_iface);
}

static IDirect3D3 *d3d3(IDirect3D *iface)
{
    return &impl_from_IDirect3D(iface)->IDirect3D3_iface;
}

static HRESULT STDMETHODCALLTYPE d3d1_QueryInterface(IDirect3D *iface, REFIID riid, void **out)
{
    return IDirect3D3_QueryInterface(d3d3(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE d3d1_AddRef(IDirect3D *iface)
{
    return IDirect3D3_AddRef(d3d3(iface));
}

static ULONG STDMETHODCALLTYPE d3d1_Release(IDirect3D *iface)
{
    return IDirect3D3_Release(d3d3(iface));
}

static HRESULT STDMETHODCALLTYPE d3d1_Initialize(IDirect3D *iface, REFCLSID riid)
{
    TRACE("iface %p, riid %s.\n", iface, dx7gl_dbgstr_guid(riid));
    /* The object came from DirectDraw, initialised (Wine's ddraw1 test_initialize). */
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE d3d1_EnumDevices(IDirect3D *iface, LPD3DENUMDEVICESCALLBACK callback, void *context)
{
    return IDirect3D3_EnumDevices(d3d3(iface), callback, context);
}

static HRESULT STDMETHODCALLTYPE d3d1_CreateLight(IDirect3D *iface, IDirect3DLight **light, IUnknown *outer)
{
    return IDirect3D3_CreateLight(d3d3(iface), light, outer);
}

static HRESULT STDMETHODCALLTYPE d3d1_CreateMaterial(IDirect3D *iface, IDirect3DMaterial **material,
        IUnknown *outer)
{
    IDirect3DMaterial3 *material3;
    HRESULT hr;

    TRACE("iface %p, material %p, outer %p.\n", iface, material, outer);

    if (!material) return DDERR_INVALIDPARAMS;
    *material = NULL;
    if (SUCCEEDED(hr = IDirect3D3_CreateMaterial(d3d3(iface), &material3, outer)))
        *material = &DDRAW_CONTAINING(material3, struct d3d_material, IDirect3DMaterial3_iface)->IDirect3DMaterial_iface;
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d1_CreateViewport(IDirect3D *iface, IDirect3DViewport **viewport,
        IUnknown *outer)
{
    /* One viewport interface serves all three versions. */
    return IDirect3D3_CreateViewport(d3d3(iface), (IDirect3DViewport3 **)viewport, outer);
}

static HRESULT STDMETHODCALLTYPE d3d1_FindDevice(IDirect3D *iface, D3DFINDDEVICESEARCH *search,
        D3DFINDDEVICERESULT *result)
{
    /* DirectX 3 knew no MMX device (Wine's ddraw1 test_find_device). */
    static const GUID * const guids[] =
    {
        &IID_IDirect3DHALDevice, &IID_IDirect3DRGBDevice, &IID_IDirect3DRampDevice,
    };
    HRESULT hr;

    TRACE("iface %p, search %p, result %p.\n", iface, search, result);
    ddraw_lock();
    hr = d3d3_find_device(impl_from_IDirect3D(iface), search, result, guids, ARRAY_SIZE(guids),
            D3DDEVICEDESCSIZE_V1);
    ddraw_unlock();
    return hr;
}

const IDirect3DVtbl d3d1_vtbl =
{
    d3d1_QueryInterface,
    d3d1_AddRef,
    d3d1_Release,
    d3d1_Initialize,
    d3d1_EnumDevices,
    d3d1_CreateLight,
    d3d1_CreateMaterial,
    d3d1_CreateViewport,
    d3d1_FindDevice,
};

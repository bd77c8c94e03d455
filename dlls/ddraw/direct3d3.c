/*
 * IDirect3D3 and IDirect3D2: the DirectX 6 and 5 interfaces of the Direct3D
 * object, thunks onto IDirect3D7 (direct3d.c); IDirect3D (DirectX 3) is in
 * direct3d1.c.
 *
 * Both are interfaces of the DirectDraw object, as IDirect3D7 is, but they
 * count with IDirectDraw (version 1), as on Windows.  Devices, viewports,
 * lights, materials and vertex buffers are objects of their own files; this
 * file keeps the material and texture handles they hand out.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

/* Writable, as for Direct3D 7: programs keep and even change the strings. */
static char rgb_desc[] = "Microsoft Direct3D RGB Software Emulation";
static char rgb_name[] = "RGB Emulation";
static char hal_desc[] = "Microsoft Direct3D Hardware acceleration through Direct3D HAL";
static char hal_name[] = "Direct3D HAL";

static struct d3d7 *impl_from_IDirect3D3(IDirect3D3 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d7, IDirect3D3_iface);
}

static struct d3d7 *impl_from_IDirect3D2(IDirect3D2 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d7, IDirect3D2_iface);
}

/* ---------------------------------------------------------------------- */
/* Handles                                                                 */

DWORD d3d_handle_alloc(struct d3d7 *d3d, enum d3d_handle_type type, void *object)
{
    struct d3d_handle *handles;
    unsigned int i;

    for (i = 0; i < d3d->handle_count; ++i)
    {
        if (d3d->handles[i].type == D3D_HANDLE_FREE)
        {
            d3d->handles[i].type = type;
            d3d->handles[i].object = object;
            return i + 1;
        }
    }
    if (!(handles = realloc(d3d->handles, (d3d->handle_count + 16) * sizeof(*handles))))
        return 0;
    memset(handles + d3d->handle_count, 0, 16 * sizeof(*handles));
    d3d->handles = handles;
    handles[d3d->handle_count].type = type;
    handles[d3d->handle_count].object = object;
    return ++d3d->handle_count;
}

void *d3d_handle_get(struct d3d7 *d3d, DWORD handle, enum d3d_handle_type type)
{
    if (!d3d || !handle || handle > d3d->handle_count || d3d->handles[handle - 1].type != type)
        return NULL;
    return d3d->handles[handle - 1].object;
}

void d3d_handle_free(struct d3d7 *d3d, DWORD handle)
{
    if (!d3d || !handle || handle > d3d->handle_count) return;
    d3d->handles[handle - 1].type = D3D_HANDLE_FREE;
    d3d->handles[handle - 1].object = NULL;
}

void d3d_handles_destroy(struct d3d7 *d3d)
{
    unsigned int i;

    for (i = 0; i < d3d->handle_count; ++i)
    {
        switch (d3d->handles[i].type)
        {
            case D3D_HANDLE_MATERIAL:
            {
                struct d3d_material *material = d3d->handles[i].object;

                material->handle = 0;
                material->d3d = NULL;
                break;
            }
            case D3D_HANDLE_TEXTURE:
                ((struct ddraw_surface *)d3d->handles[i].object)->texture_handle = 0;
                break;
            default:
                break;
        }
    }
    free(d3d->handles);
    d3d->handles = NULL;
    d3d->handle_count = 0;
}

void ddraw_d3d_surface_freed(struct ddraw_surface *surface)
{
    if (surface->device1) d3d1_device_destroy(surface->device1);
    if (surface->ddraw && surface->ddraw->d3d7)
        d3d_handle_free(surface->ddraw->d3d7, surface->texture_handle);
    surface->texture_handle = 0;
}

/* ---------------------------------------------------------------------- */
/* Device descriptions                                                     */

void d3d3_fill_device_desc(struct wined3d_device *wined3d_device, enum d3d7_device_kind kind,
        D3DDEVICEDESC *hal, D3DDEVICEDESC *hel)
{
    static const DWORD pow2 = D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL | D3DPTEXTURECAPS_PERSPECTIVE;
    D3DDEVICEDESC7 desc7;
    D3DDEVICEDESC desc;

    /* One set of caps for both devices, as Windows reports them, then each
     * description loses what its device lacks. */
    d3d7_fill_device_desc(wined3d_device, D3D7_DEVICE_TNLHAL, &desc7);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = D3DDD_COLORMODEL | D3DDD_DEVCAPS | D3DDD_TRANSFORMCAPS | D3DDD_BCLIPPING | D3DDD_LIGHTINGCAPS
            | D3DDD_LINECAPS | D3DDD_TRICAPS | D3DDD_DEVICERENDERBITDEPTH | D3DDD_DEVICEZBUFFERBITDEPTH
            | D3DDD_MAXBUFFERSIZE | D3DDD_MAXVERTEXCOUNT;
    desc.dcmColorModel = D3DCOLOR_RGB;
    desc.dwDevCaps = desc7.dwDevCaps;
    desc.dtcTransformCaps.dwSize = sizeof(desc.dtcTransformCaps);
    desc.dtcTransformCaps.dwCaps = D3DTRANSFORMCAPS_CLIP;
    desc.bClipping = TRUE;
    desc.dlcLightingCaps.dwSize = sizeof(desc.dlcLightingCaps);
    desc.dlcLightingCaps.dwCaps = D3DLIGHTCAPS_DIRECTIONAL | D3DLIGHTCAPS_PARALLELPOINT
            | D3DLIGHTCAPS_POINT | D3DLIGHTCAPS_SPOT;
    desc.dlcLightingCaps.dwLightingModel = D3DLIGHTINGMODEL_RGB;
    desc.dlcLightingCaps.dwNumLights = desc7.dwMaxActiveLights;
    desc.dpcLineCaps = desc7.dpcLineCaps;
    desc.dpcTriCaps = desc7.dpcTriCaps;
    /* Windows' devices of this era claim the pow2 limitation (with the
     * conditional non-pow2 support); the split below keeps it in one
     * description of each device. */
    desc.dpcLineCaps.dwTextureCaps |= D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL;
    desc.dpcTriCaps.dwTextureCaps |= D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL;
    desc.dwDeviceRenderBitDepth = desc7.dwDeviceRenderBitDepth;
    desc.dwDeviceZBufferBitDepth = desc7.dwDeviceZBufferBitDepth;
    desc.dwMaxBufferSize = 0;
    desc.dwMaxVertexCount = 65536;
    desc.dwMinTextureWidth = desc7.dwMinTextureWidth;
    desc.dwMinTextureHeight = desc7.dwMinTextureHeight;
    desc.dwMaxTextureWidth = desc7.dwMaxTextureWidth;
    desc.dwMaxTextureHeight = desc7.dwMaxTextureHeight;
    desc.dwMaxTextureRepeat = desc7.dwMaxTextureRepeat;
    desc.dwMaxTextureAspectRatio = desc7.dwMaxTextureAspectRatio;
    desc.dwMaxAnisotropy = desc7.dwMaxAnisotropy;
    desc.dvGuardBandLeft = desc7.dvGuardBandLeft;
    desc.dvGuardBandTop = desc7.dvGuardBandTop;
    desc.dvGuardBandRight = desc7.dvGuardBandRight;
    desc.dvGuardBandBottom = desc7.dvGuardBandBottom;
    desc.dvExtentsAdjust = desc7.dvExtentsAdjust;
    desc.dwStencilCaps = desc7.dwStencilCaps;
    desc.dwFVFCaps = desc7.dwFVFCaps;
    desc.dwTextureOpCaps = desc7.dwTextureOpCaps;
    desc.wMaxTextureBlendStages = desc7.wMaxTextureBlendStages;
    desc.wMaxSimultaneousTextures = desc7.wMaxSimultaneousTextures;

    /* Programs tell the software device from the hardware one by where the
     * caps are: a HAL device's are in the HAL description, with the pow2
     * limitation and without perspective correction in the HEL one, and the
     * other way round for the RGB device (Rollcage picks by these flags). */
    *hal = desc;
    *hel = desc;
    /* Hardware transform and lighting is the HAL device's, in its HAL
     * description only. */
    hel->dwDevCaps &= ~(D3DDEVCAPS_HWTRANSFORMANDLIGHT | D3DDEVCAPS_DRAWPRIMITIVES2EX);
    if (kind == D3D7_DEVICE_RGB)
    {
        hal->dpcLineCaps.dwTextureCaps &= ~pow2;
        hal->dpcTriCaps.dwTextureCaps &= ~pow2;
        hal->dcmColorModel = 0;
        hal->dwFlags = 0;
        hal->dwDevCaps &= ~(D3DDEVCAPS_HWTRANSFORMANDLIGHT | D3DDEVCAPS_DRAWPRIMITIVES2EX);
    }
    else
    {
        hel->dpcLineCaps.dwTextureCaps &= ~pow2;
        hel->dpcTriCaps.dwTextureCaps &= ~pow2;
        hel->dcmColorModel = 0;
    }
}

BOOL d3d3_device_desc_size_valid(const D3DDEVICEDESC *desc)
{
    DWORD size = desc->dwSize;

    return size == D3DDEVICEDESCSIZE_V1 || size == D3DDEVICEDESCSIZE_V2 || size == D3DDEVICEDESCSIZE_V3;
}

BOOL d3d3_copy_device_desc(D3DDEVICEDESC *dst, const D3DDEVICEDESC *src)
{
    DWORD size = dst->dwSize;

    if (!d3d3_device_desc_size_valid(dst))
        return FALSE;
    memcpy(dst, src, size);
    dst->dwSize = size;
    return TRUE;
}

/* ---------------------------------------------------------------------- */
/* What both versions share                                                */

HRESULT d3d3_enum_devices(struct d3d7 *d3d, LPD3DENUMDEVICESCALLBACK callback, void *context)
{
    struct wined3d_device *wined3d_device;
    D3DDEVICEDESC hal, hel;

    if (!callback) return DDERR_INVALIDPARAMS;
    wined3d_device = d3d7_ddraw_get_wined3d_device(d3d->ddraw);
    /* The RGB device first: GTA 2 takes the second device enumerated. */
    d3d3_fill_device_desc(wined3d_device, D3D7_DEVICE_RGB, &hal, &hel);
    if (callback((GUID *)&IID_IDirect3DRGBDevice, rgb_desc, rgb_name, &hal, &hel, context) != D3DENUMRET_OK)
        return D3D_OK;
    d3d3_fill_device_desc(wined3d_device, D3D7_DEVICE_HAL, &hal, &hel);
    callback((GUID *)&IID_IDirect3DHALDevice, hal_desc, hal_name, &hal, &hel, context);
    return D3D_OK;
}

HRESULT d3d3_find_device(struct d3d7 *d3d, D3DFINDDEVICESEARCH *search, D3DFINDDEVICERESULT *result,
        const GUID * const *guids, unsigned int guid_count, DWORD desc_size)
{
    /* The three result layouts: a GUID and two descriptions of one size. */
    static const DWORD result_sizes[] =
    {
        sizeof(DWORD) + sizeof(GUID) + 2 * D3DDEVICEDESCSIZE_V1,
        sizeof(DWORD) + sizeof(GUID) + 2 * D3DDEVICEDESCSIZE_V2,
        sizeof(DWORD) + sizeof(GUID) + 2 * D3DDEVICEDESCSIZE_V3,
    };
    static const DWORD desc_sizes[] = {D3DDEVICEDESCSIZE_V1, D3DDEVICEDESCSIZE_V2, D3DDEVICEDESCSIZE_V3};
    enum d3d7_device_kind kind = D3D7_DEVICE_HAL;
    D3DDEVICEDESC hal, hel;
    unsigned int i, layout;
    BYTE *p;

    if (!search || !result) return DDERR_INVALIDPARAMS;
    if (search->dwSize != sizeof(*search)) return DDERR_INVALIDPARAMS;
    for (layout = 0; layout < ARRAY_SIZE(result_sizes); ++layout)
        if (result->dwSize == result_sizes[layout]) break;
    if (layout == ARRAY_SIZE(result_sizes)) return DDERR_INVALIDPARAMS;

    if (search->dwFlags & D3DFDS_GUID)
    {
        for (i = 0; i < guid_count; ++i)
            if (IsEqualGUID(guids[i], &search->guid)) break;
        if (i == guid_count) return DDERR_NOTFOUND;
        if (!IsEqualGUID(&search->guid, &IID_IDirect3DHALDevice)) kind = D3D7_DEVICE_RGB;
    }
    else if ((search->dwFlags & D3DFDS_HARDWARE) && !search->bHardware)
        kind = D3D7_DEVICE_RGB;

    d3d3_fill_device_desc(d3d7_ddraw_get_wined3d_device(d3d->ddraw), kind, &hal, &hel);
    result->guid = kind == D3D7_DEVICE_HAL ? IID_IDirect3DHALDevice : IID_IDirect3DRGBDevice;
    /* Windows writes the descriptions in the caller's layout, but with the
     * dwSize of the interface version asked. */
    p = (BYTE *)result + sizeof(DWORD) + sizeof(GUID);
    memcpy(p, &hal, desc_sizes[layout]);
    ((D3DDEVICEDESC *)p)->dwSize = desc_size;
    p += desc_sizes[layout];
    memcpy(p, &hel, desc_sizes[layout]);
    ((D3DDEVICEDESC *)p)->dwSize = desc_size;
    return D3D_OK;
}

static HRESULT create_light(IDirect3DLight **light, IUnknown *outer)
{
    struct d3d_light *object;
    HRESULT hr;

    if (!light) return DDERR_INVALIDPARAMS;
    *light = NULL;
    if (outer) return CLASS_E_NOAGGREGATION;
    if (FAILED(hr = d3d_light_create(&object))) return hr;
    *light = &object->IDirect3DLight_iface;
    return D3D_OK;
}

static HRESULT create_material(struct d3d7 *d3d, struct d3d_material **material, void **out, IUnknown *outer)
{
    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (outer) return CLASS_E_NOAGGREGATION;
    return d3d_material_create(d3d, material);
}

static HRESULT create_viewport(struct d3d_viewport **viewport, void **out, IUnknown *outer)
{
    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (outer) return CLASS_E_NOAGGREGATION;
    return d3d_viewport_create(viewport);
}

/* ---------------------------------------------------------------------- */
/* IDirect3D3                                                              */

static HRESULT STDMETHODCALLTYPE d3d3_QueryInterface(IDirect3D3 *iface, REFIID riid, void **out)
{
    struct d3d7 *d3d = impl_from_IDirect3D3(iface);

    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);
    return IDirectDraw7_QueryInterface(d3d7_ddraw_get_iface(d3d->ddraw), riid, out);
}

static ULONG STDMETHODCALLTYPE d3d3_AddRef(IDirect3D3 *iface)
{
    struct d3d7 *d3d = impl_from_IDirect3D3(iface);

    TRACE("iface %p.\n", iface);
    return IDirectDraw_AddRef(&d3d->ddraw->IDirectDraw_iface);
}

static ULONG STDMETHODCALLTYPE d3d3_Release(IDirect3D3 *iface)
{
    struct d3d7 *d3d = impl_from_IDirect3D3(iface);

    TRACE("iface %p.\n", iface);
    return IDirectDraw_Release(&d3d->ddraw->IDirectDraw_iface);
}

static HRESULT STDMETHODCALLTYPE d3d3_EnumDevices(IDirect3D3 *iface, LPD3DENUMDEVICESCALLBACK callback, void *context)
{
    HRESULT hr;

    TRACE("iface %p, callback %p, context %p.\n", iface, callback, context);
    ddraw_lock();
    hr = d3d3_enum_devices(impl_from_IDirect3D3(iface), callback, context);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_CreateLight(IDirect3D3 *iface, IDirect3DLight **light, IUnknown *outer)
{
    HRESULT hr;

    TRACE("iface %p, light %p, outer %p.\n", iface, light, outer);
    ddraw_lock();
    hr = create_light(light, outer);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_CreateMaterial(IDirect3D3 *iface, IDirect3DMaterial3 **material,
        IUnknown *outer)
{
    struct d3d_material *object;
    HRESULT hr;

    TRACE("iface %p, material %p, outer %p.\n", iface, material, outer);
    ddraw_lock();
    if (SUCCEEDED(hr = create_material(impl_from_IDirect3D3(iface), &object, (void **)material, outer)))
        *material = &object->IDirect3DMaterial3_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_CreateViewport(IDirect3D3 *iface, IDirect3DViewport3 **viewport,
        IUnknown *outer)
{
    struct d3d_viewport *object;
    HRESULT hr;

    TRACE("iface %p, viewport %p, outer %p.\n", iface, viewport, outer);
    ddraw_lock();
    if (SUCCEEDED(hr = create_viewport(&object, (void **)viewport, outer)))
        *viewport = &object->IDirect3DViewport3_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_FindDevice(IDirect3D3 *iface, D3DFINDDEVICESEARCH *search,
        D3DFINDDEVICERESULT *result)
{
    static const GUID * const guids[] = {&IID_IDirect3DHALDevice, &IID_IDirect3DRGBDevice};
    HRESULT hr;

    TRACE("iface %p, search %p, result %p.\n", iface, search, result);
    ddraw_lock();
    hr = d3d3_find_device(impl_from_IDirect3D3(iface), search, result, guids, ARRAY_SIZE(guids), D3DDEVICEDESCSIZE_V3);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_CreateDevice(IDirect3D3 *iface, REFCLSID riid,
        IDirectDrawSurface4 *surface, IDirect3DDevice3 **device, IUnknown *outer)
{
    /* Any version's interface will do (Wine's test_surface_interface_mismatch). */
    struct ddraw_surface *target = d3d7_surface_from_any_iface((IDirectDrawSurface7 *)surface);
    struct d3d3_device *object;
    HRESULT hr;

    TRACE("iface %p, riid %s, surface %p, device %p, outer %p.\n",
            iface, dx7gl_dbgstr_guid(riid), surface, device, outer);

    if (!device) return DDERR_INVALIDPARAMS;
    *device = NULL;
    if (outer) return CLASS_E_NOAGGREGATION;
    if (!target || !riid) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (SUCCEEDED(hr = d3d3_device_create(impl_from_IDirect3D3(iface), riid, target, 3, &object)))
        *device = &object->IDirect3DDevice3_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_CreateVertexBuffer(IDirect3D3 *iface, D3DVERTEXBUFFERDESC *desc,
        IDirect3DVertexBuffer **buffer, DWORD flags, IUnknown *outer)
{
    struct d3d3_vertex_buffer *object;
    HRESULT hr;

    TRACE("iface %p, desc %p, buffer %p, flags %#x, outer %p.\n", iface, desc, buffer, (unsigned int)flags, outer);

    if (!buffer || !desc) return DDERR_INVALIDPARAMS;
    *buffer = NULL;
    if (outer) return CLASS_E_NOAGGREGATION;
    ddraw_lock();
    if (SUCCEEDED(hr = d3d3_vertex_buffer_create(impl_from_IDirect3D3(iface), desc, flags, &object)))
        *buffer = &object->IDirect3DVertexBuffer_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d3_EnumZBufferFormats(IDirect3D3 *iface, REFCLSID riid,
        LPD3DENUMPIXELFORMATSCALLBACK callback, void *context)
{
    struct d3d7 *d3d = impl_from_IDirect3D3(iface);

    TRACE("iface %p, riid %s, callback %p, context %p.\n", iface, dx7gl_dbgstr_guid(riid), callback, context);
    return IDirect3D7_EnumZBufferFormats(&d3d->IDirect3D7_iface, riid, callback, context);
}

static HRESULT STDMETHODCALLTYPE d3d3_EvictManagedTextures(IDirect3D3 *iface)
{
    struct d3d7 *d3d = impl_from_IDirect3D3(iface);

    TRACE("iface %p.\n", iface);
    return IDirect3D7_EvictManagedTextures(&d3d->IDirect3D7_iface);
}

static const IDirect3D3Vtbl d3d3_vtbl =
{
    d3d3_QueryInterface,
    d3d3_AddRef,
    d3d3_Release,
    d3d3_EnumDevices,
    d3d3_CreateLight,
    d3d3_CreateMaterial,
    d3d3_CreateViewport,
    d3d3_FindDevice,
    d3d3_CreateDevice,
    d3d3_CreateVertexBuffer,
    d3d3_EnumZBufferFormats,
    d3d3_EvictManagedTextures,
};

/* ---------------------------------------------------------------------- */
/* IDirect3D2: the same, less what DirectX 6 added.                        */

static HRESULT STDMETHODCALLTYPE d3d2_QueryInterface(IDirect3D2 *iface, REFIID riid, void **out)
{
    return d3d3_QueryInterface(&impl_from_IDirect3D2(iface)->IDirect3D3_iface, riid, out);
}

static ULONG STDMETHODCALLTYPE d3d2_AddRef(IDirect3D2 *iface)
{
    return d3d3_AddRef(&impl_from_IDirect3D2(iface)->IDirect3D3_iface);
}

static ULONG STDMETHODCALLTYPE d3d2_Release(IDirect3D2 *iface)
{
    return d3d3_Release(&impl_from_IDirect3D2(iface)->IDirect3D3_iface);
}

static HRESULT STDMETHODCALLTYPE d3d2_EnumDevices(IDirect3D2 *iface, LPD3DENUMDEVICESCALLBACK callback, void *context)
{
    return d3d3_EnumDevices(&impl_from_IDirect3D2(iface)->IDirect3D3_iface, callback, context);
}

static HRESULT STDMETHODCALLTYPE d3d2_CreateLight(IDirect3D2 *iface, IDirect3DLight **light, IUnknown *outer)
{
    return d3d3_CreateLight(&impl_from_IDirect3D2(iface)->IDirect3D3_iface, light, outer);
}

static HRESULT STDMETHODCALLTYPE d3d2_CreateMaterial(IDirect3D2 *iface, IDirect3DMaterial2 **material,
        IUnknown *outer)
{
    struct d3d_material *object;
    HRESULT hr;

    TRACE("iface %p, material %p, outer %p.\n", iface, material, outer);
    ddraw_lock();
    if (SUCCEEDED(hr = create_material(impl_from_IDirect3D2(iface), &object, (void **)material, outer)))
        *material = &object->IDirect3DMaterial2_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d2_CreateViewport(IDirect3D2 *iface, IDirect3DViewport2 **viewport,
        IUnknown *outer)
{
    /* One viewport interface serves all three versions. */
    return d3d3_CreateViewport(&impl_from_IDirect3D2(iface)->IDirect3D3_iface,
            (IDirect3DViewport3 **)viewport, outer);
}

static HRESULT STDMETHODCALLTYPE d3d2_FindDevice(IDirect3D2 *iface, D3DFINDDEVICESEARCH *search,
        D3DFINDDEVICERESULT *result)
{
    static const GUID * const guids[] =
    {
        &IID_IDirect3DHALDevice, &IID_IDirect3DMMXDevice, &IID_IDirect3DRGBDevice, &IID_IDirect3DRampDevice,
    };
    HRESULT hr;

    TRACE("iface %p, search %p, result %p.\n", iface, search, result);
    ddraw_lock();
    hr = d3d3_find_device(impl_from_IDirect3D2(iface), search, result, guids, ARRAY_SIZE(guids), D3DDEVICEDESCSIZE_V2);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d2_CreateDevice(IDirect3D2 *iface, REFCLSID riid,
        IDirectDrawSurface *surface, IDirect3DDevice2 **device)
{
    /* Any version's interface will do (Wine's test_surface_interface_mismatch). */
    struct ddraw_surface *target = d3d7_surface_from_any_iface((IDirectDrawSurface7 *)surface);
    struct d3d3_device *object;
    HRESULT hr;

    TRACE("iface %p, riid %s, surface %p, device %p.\n", iface, dx7gl_dbgstr_guid(riid), surface, device);

    if (!device) return DDERR_INVALIDPARAMS;
    *device = NULL;
    if (!target || !riid) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (SUCCEEDED(hr = d3d3_device_create(impl_from_IDirect3D2(iface), riid, target, 2, &object)))
        *device = &object->IDirect3DDevice2_iface;
    ddraw_unlock();
    return hr;
}

static const IDirect3D2Vtbl d3d2_vtbl =
{
    d3d2_QueryInterface,
    d3d2_AddRef,
    d3d2_Release,
    d3d2_EnumDevices,
    d3d2_CreateLight,
    d3d2_CreateMaterial,
    d3d2_CreateViewport,
    d3d2_FindDevice,
    d3d2_CreateDevice,
};

void d3d3_init(struct d3d7 *d3d)
{
    d3d->IDirect3D3_iface.lpVtbl = &d3d3_vtbl;
    d3d->IDirect3D2_iface.lpVtbl = &d3d2_vtbl;
    d3d->IDirect3D_iface.lpVtbl = &d3d1_vtbl;
}

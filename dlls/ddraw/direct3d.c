/*
 * IDirect3D7: device enumeration, device and vertex buffer creation.
 *
 * IDirect3D7 is an interface of the DirectDraw object on Windows: its
 * reference count is the IDirectDraw7 one, so AddRef and Release forward
 * there, and QueryInterface answers for the DirectDraw object.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

/* The names and descriptions handed to EnumDevices callbacks.  Applications
 * keep the pointers after the enumeration and some even write to them, so
 * they are writable static storage and stay the same across calls. */
static char rgb_desc[] = "Microsoft Direct3D RGB Software Emulation";
static char rgb_name[] = "RGB Emulation";
static char hal_desc[] = "Microsoft Direct3D Hardware acceleration through Direct3D HAL";
static char hal_name[] = "Direct3D HAL";
static char tnl_desc[] = "Microsoft Direct3D Hardware Transform and Lighting acceleration capable device";
static char tnl_name[] = "Direct3D T&L HAL";

static const IDirect3D7Vtbl d3d7_vtbl;

struct d3d7 *d3d7_from_iface(IDirect3D7 *iface)
{
    if (!iface || iface->lpVtbl != &d3d7_vtbl) return NULL;
    return (struct d3d7 *)((char *)iface - offsetof(struct d3d7, IDirect3D7_iface));
}

BOOL d3d7_device_kind_from_guid(const GUID *guid, enum d3d7_device_kind *kind)
{
    if (!guid) return FALSE;
    if (IsEqualGUID(guid, &IID_IDirect3DRGBDevice)) *kind = D3D7_DEVICE_RGB;
    else if (IsEqualGUID(guid, &IID_IDirect3DHALDevice)) *kind = D3D7_DEVICE_HAL;
    else if (IsEqualGUID(guid, &IID_IDirect3DTnLHalDevice)) *kind = D3D7_DEVICE_TNLHAL;
    else return FALSE;
    return TRUE;
}

static const GUID *guid_from_kind(enum d3d7_device_kind kind)
{
    switch (kind)
    {
        case D3D7_DEVICE_HAL: return &IID_IDirect3DHALDevice;
        case D3D7_DEVICE_TNLHAL: return &IID_IDirect3DTnLHalDevice;
        default: return &IID_IDirect3DRGBDevice;
    }
}

static void fill_prim_caps(D3DPRIMCAPS *caps, uint32_t max_size)
{
    memset(caps, 0, sizeof(*caps));
    caps->dwSize = sizeof(*caps);
    caps->dwMiscCaps = D3DPMISCCAPS_MASKZ | D3DPMISCCAPS_CULLNONE | D3DPMISCCAPS_CULLCW | D3DPMISCCAPS_CULLCCW;
    /* What the core draws: z test, z bias, fog per vertex and per pixel
     * (table), range fog, mip LOD bias, and the w-buffer: with D3DZB_USEW
     * the generator writes depth from w between the projection's near and
     * far planes (d3d7_pipeline_test). */
    caps->dwRasterCaps = D3DPRASTERCAPS_DITHER | D3DPRASTERCAPS_ZTEST | D3DPRASTERCAPS_SUBPIXEL
            | D3DPRASTERCAPS_FOGVERTEX | D3DPRASTERCAPS_FOGTABLE | D3DPRASTERCAPS_MIPMAPLODBIAS
            | D3DPRASTERCAPS_ZBIAS | D3DPRASTERCAPS_FOGRANGE | D3DPRASTERCAPS_ZFOG | D3DPRASTERCAPS_WBUFFER;
    caps->dwZCmpCaps = D3DPCMPCAPS_NEVER | D3DPCMPCAPS_LESS | D3DPCMPCAPS_EQUAL | D3DPCMPCAPS_LESSEQUAL
            | D3DPCMPCAPS_GREATER | D3DPCMPCAPS_NOTEQUAL | D3DPCMPCAPS_GREATEREQUAL | D3DPCMPCAPS_ALWAYS;
    caps->dwAlphaCmpCaps = caps->dwZCmpCaps;
    caps->dwSrcBlendCaps = D3DPBLENDCAPS_ZERO | D3DPBLENDCAPS_ONE | D3DPBLENDCAPS_SRCCOLOR
            | D3DPBLENDCAPS_INVSRCCOLOR | D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_INVSRCALPHA
            | D3DPBLENDCAPS_DESTALPHA | D3DPBLENDCAPS_INVDESTALPHA | D3DPBLENDCAPS_DESTCOLOR
            | D3DPBLENDCAPS_INVDESTCOLOR | D3DPBLENDCAPS_SRCALPHASAT | D3DPBLENDCAPS_BOTHSRCALPHA
            | D3DPBLENDCAPS_BOTHINVSRCALPHA;
    /* GL has no saturated source alpha as a destination factor. */
    caps->dwDestBlendCaps = D3DPBLENDCAPS_ZERO | D3DPBLENDCAPS_ONE | D3DPBLENDCAPS_SRCCOLOR
            | D3DPBLENDCAPS_INVSRCCOLOR | D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_INVSRCALPHA
            | D3DPBLENDCAPS_DESTALPHA | D3DPBLENDCAPS_INVDESTALPHA | D3DPBLENDCAPS_DESTCOLOR
            | D3DPBLENDCAPS_INVDESTCOLOR;
    caps->dwShadeCaps = D3DPSHADECAPS_COLORFLATRGB | D3DPSHADECAPS_COLORGOURAUDRGB
            | D3DPSHADECAPS_SPECULARFLATRGB | D3DPSHADECAPS_SPECULARGOURAUDRGB
            | D3DPSHADECAPS_ALPHAFLATBLEND | D3DPSHADECAPS_ALPHAGOURAUDBLEND
            | D3DPSHADECAPS_FOGFLAT | D3DPSHADECAPS_FOGGOURAUD;
    caps->dwTextureCaps = D3DPTEXTURECAPS_PERSPECTIVE | D3DPTEXTURECAPS_ALPHA | D3DPTEXTURECAPS_TRANSPARENCY
            | D3DPTEXTURECAPS_BORDER | D3DPTEXTURECAPS_ALPHAPALETTE | D3DPTEXTURECAPS_PROJECTED
            | D3DPTEXTURECAPS_CUBEMAP | D3DPTEXTURECAPS_TEXREPEATNOTSCALEDBYSIZE;
    caps->dwTextureFilterCaps = D3DPTFILTERCAPS_NEAREST | D3DPTFILTERCAPS_LINEAR | D3DPTFILTERCAPS_MIPNEAREST
            | D3DPTFILTERCAPS_MIPLINEAR | D3DPTFILTERCAPS_LINEARMIPNEAREST | D3DPTFILTERCAPS_LINEARMIPLINEAR
            | D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MINFLINEAR | D3DPTFILTERCAPS_MIPFPOINT
            | D3DPTFILTERCAPS_MIPFLINEAR | D3DPTFILTERCAPS_MAGFPOINT | D3DPTFILTERCAPS_MAGFLINEAR;
    caps->dwTextureBlendCaps = D3DPTBLENDCAPS_DECAL | D3DPTBLENDCAPS_MODULATE | D3DPTBLENDCAPS_DECALALPHA
            | D3DPTBLENDCAPS_MODULATEALPHA | D3DPTBLENDCAPS_COPY | D3DPTBLENDCAPS_ADD;
    caps->dwTextureAddressCaps = D3DPTADDRESSCAPS_WRAP | D3DPTADDRESSCAPS_MIRROR | D3DPTADDRESSCAPS_CLAMP
            | D3DPTADDRESSCAPS_BORDER | D3DPTADDRESSCAPS_INDEPENDENTUV;
    caps->dwStippleWidth = 0;
    caps->dwStippleHeight = 0;
    (void)max_size;
}

void d3d7_fill_device_desc(struct wined3d_device *wined3d_device, enum d3d7_device_kind kind, D3DDEVICEDESC7 *desc)
{
    struct wined3d_caps caps;

    memset(&caps, 0, sizeof(caps));
    if (wined3d_device) wined3d_device_get_caps(wined3d_device, &caps);
    if (!caps.max_texture_width) caps.max_texture_width = caps.max_texture_height = 8192;
    if (!caps.max_texture_stages) caps.max_texture_stages = caps.max_simultaneous_textures = 8;
    if (!caps.max_active_lights) caps.max_active_lights = 8;
    if (!caps.max_user_clip_planes) caps.max_user_clip_planes = 6;

    memset(desc, 0, sizeof(*desc));
    desc->dwDevCaps = D3DDEVCAPS_FLOATTLVERTEX | D3DDEVCAPS_EXECUTESYSTEMMEMORY | D3DDEVCAPS_EXECUTEVIDEOMEMORY
            | D3DDEVCAPS_TLVERTEXSYSTEMMEMORY | D3DDEVCAPS_TLVERTEXVIDEOMEMORY | D3DDEVCAPS_TEXTURESYSTEMMEMORY
            | D3DDEVCAPS_TEXTUREVIDEOMEMORY | D3DDEVCAPS_DRAWPRIMTLVERTEX | D3DDEVCAPS_CANRENDERAFTERFLIP
            | D3DDEVCAPS_TEXTURENONLOCALVIDMEM | D3DDEVCAPS_DRAWPRIMITIVES2 | D3DDEVCAPS_CANBLTSYSTONONLOCAL;
    /* The software rasteriser has neither hardware rasterisation nor the
     * DX7 driver interface (Wine's test_enum_devices). */
    if (kind != D3D7_DEVICE_RGB)
        desc->dwDevCaps |= D3DDEVCAPS_HWRASTERIZATION | D3DDEVCAPS_DRAWPRIMITIVES2EX;
    if (kind == D3D7_DEVICE_TNLHAL) desc->dwDevCaps |= D3DDEVCAPS_HWTRANSFORMANDLIGHT;

    fill_prim_caps(&desc->dpcTriCaps, caps.max_texture_width);
    fill_prim_caps(&desc->dpcLineCaps, caps.max_texture_width);
    desc->dwDeviceRenderBitDepth = DDBD_16 | DDBD_24 | DDBD_32;
    desc->dwDeviceZBufferBitDepth = DDBD_16 | DDBD_24 | DDBD_32;
    desc->dwMinTextureWidth = 1;
    desc->dwMinTextureHeight = 1;
    desc->dwMaxTextureWidth = caps.max_texture_width;
    desc->dwMaxTextureHeight = caps.max_texture_height;
    desc->dwMaxTextureRepeat = 32768;
    desc->dwMaxTextureAspectRatio = caps.max_texture_width;
    desc->dwMaxAnisotropy = 1;
    /* Pre-transformed vertices become clip-space positions, so GL clips
     * them: any screen position within the float range draws correctly. */
    desc->dvGuardBandLeft = -32768.0f;
    desc->dvGuardBandTop = -32768.0f;
    desc->dvGuardBandRight = 32767.0f;
    desc->dvGuardBandBottom = 32767.0f;
    desc->dvExtentsAdjust = 0.0f;
    desc->dwStencilCaps = D3DSTENCILCAPS_KEEP | D3DSTENCILCAPS_ZERO | D3DSTENCILCAPS_REPLACE
            | D3DSTENCILCAPS_INCRSAT | D3DSTENCILCAPS_DECRSAT | D3DSTENCILCAPS_INVERT
            | D3DSTENCILCAPS_INCR | D3DSTENCILCAPS_DECR;
    desc->dwFVFCaps = D3DFVFCAPS_DONOTSTRIPELEMENTS | 8;
    desc->dwTextureOpCaps = D3DTEXOPCAPS_DISABLE | D3DTEXOPCAPS_SELECTARG1 | D3DTEXOPCAPS_SELECTARG2
            | D3DTEXOPCAPS_MODULATE | D3DTEXOPCAPS_MODULATE2X | D3DTEXOPCAPS_MODULATE4X | D3DTEXOPCAPS_ADD
            | D3DTEXOPCAPS_ADDSIGNED | D3DTEXOPCAPS_ADDSIGNED2X | D3DTEXOPCAPS_SUBTRACT | D3DTEXOPCAPS_ADDSMOOTH
            | D3DTEXOPCAPS_BLENDDIFFUSEALPHA | D3DTEXOPCAPS_BLENDTEXTUREALPHA | D3DTEXOPCAPS_BLENDFACTORALPHA
            | D3DTEXOPCAPS_BLENDTEXTUREALPHAPM | D3DTEXOPCAPS_BLENDCURRENTALPHA | D3DTEXOPCAPS_PREMODULATE
            | D3DTEXOPCAPS_MODULATEALPHA_ADDCOLOR | D3DTEXOPCAPS_MODULATECOLOR_ADDALPHA
            | D3DTEXOPCAPS_MODULATEINVALPHA_ADDCOLOR | D3DTEXOPCAPS_MODULATEINVCOLOR_ADDALPHA
            | D3DTEXOPCAPS_DOTPRODUCT3;
    /* No bump mapping: the core has no DuDv texture format to feed it. */
    desc->wMaxTextureBlendStages = caps.max_texture_stages;
    desc->wMaxSimultaneousTextures = caps.max_simultaneous_textures;
    desc->dwMaxActiveLights = caps.max_active_lights;
    desc->dvMaxVertexW = 1e10f;
    desc->deviceGUID = *guid_from_kind(kind);
    desc->wMaxUserClipPlanes = caps.max_user_clip_planes;
    desc->wMaxVertexBlendMatrices = 4;
    desc->dwVertexProcessingCaps = D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_MATERIALSOURCE7 | D3DVTXPCAPS_VERTEXFOG
            | D3DVTXPCAPS_DIRECTIONALLIGHTS | D3DVTXPCAPS_POSITIONALLIGHTS | D3DVTXPCAPS_LOCALVIEWER;
}

/* ---------------------------------------------------------------------- */

static HRESULT d3d7_QueryInterface_unlocked(IDirect3D7 *iface, REFIID riid, void **out)
{
    struct d3d7 *d3d = d3d7_from_iface(iface);

    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);
    return IDirectDraw7_QueryInterface(d3d7_ddraw_get_iface(d3d->ddraw), riid, out);
}

static HRESULT STDMETHODCALLTYPE d3d7_QueryInterface(IDirect3D7 *iface, REFIID riid, void **out)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_QueryInterface_unlocked(iface, riid, out);
    ddraw_unlock();
    return ret;
}

static ULONG d3d7_AddRef_unlocked(IDirect3D7 *iface)
{
    struct d3d7 *d3d = d3d7_from_iface(iface);

    TRACE("iface %p.\n", iface);
    return IDirectDraw7_AddRef(d3d7_ddraw_get_iface(d3d->ddraw));
}

static ULONG STDMETHODCALLTYPE d3d7_AddRef(IDirect3D7 *iface)
{
    ULONG ret;

    ddraw_lock();
    ret = d3d7_AddRef_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static ULONG d3d7_Release_unlocked(IDirect3D7 *iface)
{
    struct d3d7 *d3d = d3d7_from_iface(iface);

    TRACE("iface %p.\n", iface);
    return IDirectDraw7_Release(d3d7_ddraw_get_iface(d3d->ddraw));
}

static ULONG STDMETHODCALLTYPE d3d7_Release(IDirect3D7 *iface)
{
    ULONG ret;

    ddraw_lock();
    ret = d3d7_Release_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_EnumDevices_unlocked(IDirect3D7 *iface, LPD3DENUMDEVICESCALLBACK7 callback, void *context)
{
    static const struct { enum d3d7_device_kind kind; char *desc, *name; } devices[] =
    {
        {D3D7_DEVICE_RGB, rgb_desc, rgb_name},
        {D3D7_DEVICE_HAL, hal_desc, hal_name},
        {D3D7_DEVICE_TNLHAL, tnl_desc, tnl_name},
    };
    struct d3d7 *d3d = d3d7_from_iface(iface);
    struct wined3d_device *wined3d_device;
    D3DDEVICEDESC7 desc;
    unsigned int i;

    TRACE("iface %p, callback %p, context %p.\n", iface, callback, context);

    if (!callback) return DDERR_INVALIDPARAMS;

    wined3d_device = d3d7_ddraw_get_wined3d_device(d3d->ddraw);
    for (i = 0; i < sizeof(devices) / sizeof(*devices); ++i)
    {
        d3d7_fill_device_desc(wined3d_device, devices[i].kind, &desc);
        /* Any answer but DDENUMRET_OK ends the enumeration. */
        if (callback(devices[i].desc, devices[i].name, &desc, context) != DDENUMRET_OK)
            break;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_EnumDevices(IDirect3D7 *iface, LPD3DENUMDEVICESCALLBACK7 callback, void *context)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_EnumDevices_unlocked(iface, callback, context);
    ddraw_unlock();
    return ret;
}

/* No Direct3D 7 device renders to a palettised surface (once it has its
 * palette: without one d3d7_device_create's DDERR_NOPALETTEATTACHED comes
 * first): in video memory every device answers DDERR_INVALIDPIXELFORMAT;
 * in system memory the hardware ones D3DERR_SURFACENOTINVIDMEM (as for any
 * target there) and the software one E_FAIL (Wine's ddraw7.c test_rt_caps).
 * Direct3D 1-3's software devices take one (device3.c). */
static HRESULT d3d7_check_palettised_target(IDirectDrawSurface7 *iface, enum d3d7_device_kind kind)
{
    struct ddraw_surface *surface = d3d7_surface_from_iface(iface);
    IDirectDrawPalette *palette = NULL;
    const DDSURFACEDESC2 *desc;

    if (!surface)
        return D3D_OK;
    desc = d3d7_surface_get_desc(surface);
    if (!(desc->ddpfPixelFormat.dwFlags & (DDPF_PALETTEINDEXED1 | DDPF_PALETTEINDEXED2 | DDPF_PALETTEINDEXED4
            | DDPF_PALETTEINDEXED8)) || !(desc->ddsCaps.dwCaps & DDSCAPS_3DDEVICE))
        return D3D_OK;
    if (FAILED(IDirectDrawSurface7_GetPalette(iface, &palette)) || !palette)
        return D3D_OK;
    IDirectDrawPalette_Release(palette);
    if (desc->ddsCaps.dwCaps & DDSCAPS_VIDEOMEMORY)
        return DDERR_INVALIDPIXELFORMAT;
    return kind == D3D7_DEVICE_RGB ? E_FAIL : D3DERR_SURFACENOTINVIDMEM;
}

static HRESULT d3d7_CreateDevice_unlocked(IDirect3D7 *iface, REFCLSID riid,
        IDirectDrawSurface7 *surface, IDirect3DDevice7 **device)
{
    struct d3d7 *d3d = d3d7_from_iface(iface);
    struct ddraw_surface *target;
    enum d3d7_device_kind kind;
    struct d3d7_device *object;
    HRESULT hr;

    TRACE("iface %p, riid %s, surface %p, device %p.\n", iface, dx7gl_dbgstr_guid(riid), surface, device);

    if (!device) return DDERR_INVALIDPARAMS;
    *device = NULL;
    if (!surface) return DDERR_INVALIDPARAMS;
    /* Another version's interface passed as an IDirectDrawSurface7 will do
     * (Wine's test_surface_interface_mismatch); the device keeps the
     * surface's own IDirectDrawSurface7. */
    if ((target = d3d7_surface_from_any_iface(surface)))
        surface = d3d7_surface_get_iface(target);
    if (!d3d7_device_kind_from_guid(riid, &kind))
    {
        WARN("Unknown device %s.\n", dx7gl_dbgstr_guid(riid));
        return DDERR_INVALIDPARAMS;
    }
    if (FAILED(hr = d3d7_check_palettised_target(surface, kind)))
        return hr;
    if (FAILED(hr = d3d7_device_create(d3d, kind, riid, surface, &object)))
        return hr;
    *device = &object->IDirect3DDevice7_iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_CreateDevice(IDirect3D7 *iface, REFCLSID riid,
        IDirectDrawSurface7 *surface, IDirect3DDevice7 **device)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_CreateDevice_unlocked(iface, riid, surface, device);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_CreateVertexBuffer_unlocked(IDirect3D7 *iface, D3DVERTEXBUFFERDESC *desc,
        IDirect3DVertexBuffer7 **buffer, DWORD flags)
{
    struct d3d7 *d3d = d3d7_from_iface(iface);
    struct d3d7_vertex_buffer *object;
    HRESULT hr;

    TRACE("iface %p, desc %p, buffer %p, flags %#x.\n", iface, desc, buffer, (unsigned int)flags);

    if (!buffer) return DDERR_INVALIDPARAMS;
    *buffer = NULL;
    if (!desc) return DDERR_INVALIDPARAMS;
    /* The flags are documented as reserved; Direct3D 7 ignores them. */
    if (FAILED(hr = d3d7_vertex_buffer_create(d3d, desc, flags, &object)))
        return hr;
    *buffer = &object->IDirect3DVertexBuffer7_iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_CreateVertexBuffer(IDirect3D7 *iface, D3DVERTEXBUFFERDESC *desc,
        IDirect3DVertexBuffer7 **buffer, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_CreateVertexBuffer_unlocked(iface, desc, buffer, flags);
    ddraw_unlock();
    return ret;
}

static void set_z_format(DDPIXELFORMAT *pf, DWORD depth, DWORD z_mask, DWORD stencil_depth, DWORD stencil_mask)
{
    memset(pf, 0, sizeof(*pf));
    pf->dwSize = sizeof(*pf);
    pf->dwFlags = DDPF_ZBUFFER | (stencil_depth ? DDPF_STENCILBUFFER : 0);
    pf->dwZBufferBitDepth = depth;
    pf->dwStencilBitDepth = stencil_depth;
    pf->dwZBitMask = z_mask;
    pf->dwStencilBitMask = stencil_mask;
}

static HRESULT d3d7_EnumZBufferFormats_unlocked(IDirect3D7 *iface, REFCLSID riid,
        LPD3DENUMPIXELFORMATSCALLBACK callback, void *context)
{
    /* The core's depth formats: D16, D24X8 (depth in the high 24 bits),
     * D24S8 (stencil in the low 8) and D32. */
    static const DWORD formats[][4] =
    {
        {16, 0x0000ffff, 0, 0},
        {32, 0xffffff00, 0, 0},
        {32, 0xffffff00, 8, 0x000000ff},
        {32, 0xffffffff, 0, 0},
    };
    enum d3d7_device_kind kind;
    DDPIXELFORMAT pf;
    unsigned int i;

    TRACE("iface %p, riid %s, callback %p, context %p.\n", iface, dx7gl_dbgstr_guid(riid), callback, context);

    if (!callback) return DDERR_INVALIDPARAMS;
    if (!d3d7_device_kind_from_guid(riid, &kind)) return DDERR_INVALIDPARAMS;

    for (i = 0; i < sizeof(formats) / sizeof(*formats); ++i)
    {
        set_z_format(&pf, formats[i][0], formats[i][1], formats[i][2], formats[i][3]);
        if (callback(&pf, context) != DDENUMRET_OK)
            break;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_EnumZBufferFormats(IDirect3D7 *iface, REFCLSID riid,
        LPD3DENUMPIXELFORMATSCALLBACK callback, void *context)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_EnumZBufferFormats_unlocked(iface, riid, callback, context);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_EvictManagedTextures_unlocked(IDirect3D7 *iface)
{
    TRACE("iface %p.\n", iface);
    /* Managed textures live in the core, which keeps their system memory
     * copies: there is nothing to evict. */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_EvictManagedTextures(IDirect3D7 *iface)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_EvictManagedTextures_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static const IDirect3D7Vtbl d3d7_vtbl =
{
    d3d7_QueryInterface,
    d3d7_AddRef,
    d3d7_Release,
    d3d7_EnumDevices,
    d3d7_CreateDevice,
    d3d7_CreateVertexBuffer,
    d3d7_EnumZBufferFormats,
    d3d7_EvictManagedTextures,
};

HRESULT d3d7_create(struct ddraw *ddraw, struct d3d7 **d3d)
{
    struct d3d7 *object;

    if (!(object = calloc(1, sizeof(*object))))
        return DDERR_OUTOFMEMORY;
    object->IDirect3D7_iface.lpVtbl = &d3d7_vtbl;
    object->ddraw = ddraw;
    *d3d = object;
    return D3D_OK;
}

void d3d7_destroy(struct d3d7 *d3d)
{
    struct d3d7_device *device;

    if (!d3d) return;
    for (device = d3d->devices; device; device = device->next)
        device->d3d = NULL;
    if (d3d->defaults) wined3d_stateblock_destroy(d3d->defaults);
    d3d_handles_destroy(d3d);
    free(d3d);
}

/* ---------------------------------------------------------------------- */
/* The DirectDraw side's hooks and what this layer needs from it.          */

HRESULT ddraw_d3d_query_interface(struct ddraw *ddraw, REFIID riid, void **out)
{
    BOOL v3 = IsEqualGUID(riid, &IID_IDirect3D3), v2 = IsEqualGUID(riid, &IID_IDirect3D2);
    BOOL v1 = IsEqualGUID(riid, &IID_IDirect3D);
    HRESULT hr;

    if (!IsEqualGUID(riid, &IID_IDirect3D7) && !v3 && !v2 && !v1)
    {
        *out = NULL;
        return E_NOINTERFACE;
    }
    if (!ddraw->d3d7 && FAILED(hr = d3d7_create(ddraw, &ddraw->d3d7)))
    {
        *out = NULL;
        return hr;
    }
    if (v3 || v2 || v1)
    {
        /* The older interfaces (direct3d3.c, direct3d1.c) count with IDirectDraw. */
        d3d3_init(ddraw->d3d7);
        *out = v3 ? (void *)&ddraw->d3d7->IDirect3D3_iface : v2 ? (void *)&ddraw->d3d7->IDirect3D2_iface
                : (void *)&ddraw->d3d7->IDirect3D_iface;
        IDirectDraw_AddRef(&ddraw->IDirectDraw_iface);
        return S_OK;
    }
    *out = &ddraw->d3d7->IDirect3D7_iface;
    IDirect3D7_AddRef(&ddraw->d3d7->IDirect3D7_iface);
    return S_OK;
}

void ddraw_d3d_destroy(struct ddraw *ddraw)
{
    d3d7_destroy(ddraw->d3d7);
    ddraw->d3d7 = NULL;
}

/* The accessors of d3d7_private.h (d3d7_surface_*, d3d7_ddraw_*) live with
 * the DirectDraw objects in surface.c. */

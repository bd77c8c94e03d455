/*
 * IDirect3DDevice7 on the wined3d-lite core.
 *
 * State goes to the core's state tracking (wined3d_device_set_* and the
 * core's stateblocks); draws and clears go to the core's draw calls.  This
 * file validates as Direct3D 7 does and keeps what Direct3D 7 has beyond
 * the core: the scene, the render target's interface, texture references
 * and state block handles.  The draw methods are in device_draw.c, the
 * state block methods in device_stateblock.c.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static const IDirect3DDevice7Vtbl d3d7_device_vtbl;

struct d3d7_device *d3d7_device_from_iface(IDirect3DDevice7 *iface)
{
    if (!iface || iface->lpVtbl != &d3d7_device_vtbl) return NULL;
    return (struct d3d7_device *)((char *)iface - offsetof(struct d3d7_device, IDirect3DDevice7_iface));
}

/* d3d7_device_activate when another device of the same DirectDraw object
 * was used last: this device's state becomes the core's. */
void d3d7_device_switch(struct d3d7_device *device)
{
    struct d3d7 *d3d = device->d3d;

    if (wined3d_device_is_recording(device->wined3d_device))
    {
        WARN("Switching devices while recording a state block.\n");
        return;
    }
    if (d3d->active)
    {
        struct d3d7_device *old = d3d->active;

        if (old->saved) wined3d_stateblock_capture(old->saved);
        else if (FAILED(wined3d_stateblock_create(old->wined3d_device, WINED3D_SBT_ALL, &old->saved)))
            old->saved = NULL;
    }
    if (device->saved) wined3d_stateblock_apply(device->saved);
    d3d->active = device;
}

/* ---------------------------------------------------------------------- */
/* Render target and depth buffer.                                         */

static IDirectDrawSurface7 *get_attached_depth(IDirectDrawSurface7 *target)
{
    DDSCAPS2 caps = {DDSCAPS_ZBUFFER, 0, 0, {0}};
    IDirectDrawSurface7 *depth = NULL;

    if (FAILED(IDirectDrawSurface7_GetAttachedSurface(target, &caps, &depth)))
        return NULL;
    return depth;
}

/* Copies one sub-resource into another of the same size and format. */
static void copy_sub_resource(struct wined3d_texture *dst, unsigned int dst_sub,
        struct wined3d_texture *src, unsigned int src_sub)
{
    struct wined3d_texture_desc desc;
    struct wined3d_map_desc s, d;
    uint32_t w, h, y, row;

    wined3d_texture_get_desc(src, &desc);
    wined3d_texture_get_level_size(src, src_sub % (desc.levels ? desc.levels : 1), &w, &h);
    row = wined3d_format_calculate_pitch(desc.format, w);
    if (FAILED(wined3d_texture_map(src, src_sub, NULL, WINED3D_MAP_READ, &s)))
        return;
    if (SUCCEEDED(wined3d_texture_map(dst, dst_sub, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &d)))
    {
        for (y = 0; y < h; ++y)
            memcpy((BYTE *)d.data + y * d.row_pitch, (const BYTE *)s.data + y * s.row_pitch, row);
        wined3d_texture_unmap(dst, dst_sub);
    }
    wined3d_texture_unmap(src, src_sub);
}

/* Copies every sub-resource of a texture into one of the same layout. */
static void copy_texture(struct wined3d_texture *dst, struct wined3d_texture *src)
{
    struct wined3d_texture_desc desc;
    unsigned int i, count;

    wined3d_texture_get_desc(src, &desc);
    count = (desc.levels ? desc.levels : 1) * (desc.type == WINED3D_RTYPE_TEXTURE_CUBE ? 6 : 1);
    for (i = 0; i < count; ++i)
        copy_sub_resource(dst, i, src, i);
}

/* The core texture a stage samples for a system memory texture on an RGB
 * device (the core samples video memory only): a copy with the same
 * layout, palette and source colour key.  NULL when there is none. */
static struct wined3d_texture *texture_shadow(struct d3d7_device *device, unsigned int stage,
        struct ddraw_surface *surface, struct wined3d_texture *texture)
{
    const DDSURFACEDESC2 *sd = d3d7_surface_get_desc(surface);
    struct wined3d_texture_desc desc, shadow_desc;
    struct wined3d_texture *shadow = device->texture_shadows[stage];
    struct wined3d_color_key key;

    wined3d_texture_get_desc(texture, &desc);
    if (shadow)
    {
        wined3d_texture_get_desc(shadow, &shadow_desc);
        if (shadow_desc.type != desc.type || shadow_desc.format != desc.format || shadow_desc.width != desc.width
                || shadow_desc.height != desc.height || shadow_desc.levels != desc.levels)
        {
            wined3d_device_set_texture(device->wined3d_device, stage, NULL);
            wined3d_texture_destroy(shadow);
            device->texture_shadows[stage] = shadow = NULL;
        }
    }
    if (!shadow)
    {
        shadow_desc = desc;
        shadow_desc.usage = 0;
        if (FAILED(wined3d_texture_create(device->wined3d_device, &shadow_desc, &shadow)))
            return NULL;
        device->texture_shadows[stage] = shadow;
    }
    wined3d_texture_set_palette(shadow, wined3d_texture_get_palette(texture));
    key.low = sd->ddckCKSrcBlt.dwColorSpaceLowValue;
    key.high = sd->ddckCKSrcBlt.dwColorSpaceHighValue;
    wined3d_texture_set_color_key(shadow, WINED3D_CKEY_SRC_BLT, (sd->dwFlags & DDSD_CKSRCBLT) ? &key : NULL);
    copy_texture(shadow, texture);
    return shadow;
}

/* What a stage samples for a surface that is no texture: one black texel
 * (made once per device). */
static struct wined3d_texture *black_texture(struct d3d7_device *device)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 1, 1, 1};
    struct wined3d_map_desc map;

    if (device->black_texture) return device->black_texture;
    if (FAILED(wined3d_texture_create(device->wined3d_device, &desc, &device->black_texture)))
        return device->black_texture = NULL;
    if (SUCCEEDED(wined3d_texture_map(device->black_texture, 0, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &map)))
    {
        *(uint32_t *)map.data = 0;
        wined3d_texture_unmap(device->black_texture, 0);
    }
    return device->black_texture;
}

/* Before a draw: the shadows of system memory textures take what the
 * application wrote into them since. */
static void sync_texture_shadows(struct d3d7_device *device)
{
    struct wined3d_texture *shadow;
    struct ddraw_surface *surface;
    unsigned int stage;

    for (stage = 0; stage < D3D7_MAX_TEXTURES; ++stage)
        if ((device->texture_shadow_mask & (1u << stage)) && device->textures[stage]
                && (surface = d3d7_surface_from_iface(device->textures[stage]))
                && (shadow = texture_shadow(device, stage, surface, d3d7_surface_get_texture(surface, NULL))))
            wined3d_device_set_texture(device->wined3d_device, stage, shadow);
}

/* Writes what was drawn into a shadowed target back to its surface. */
void d3d7_device_sync_shadow(struct d3d7_device *device)
{
    if (!device->shadow || !device->shadow_dirty) return;
    copy_sub_resource(device->shadow_of, device->shadow_of_sub, device->shadow, 0);
    device->shadow_dirty = FALSE;
}

/* The core texture draws for the target go to: the target's own, or a
 * shadow render target for a surface the core cannot render to. */
static struct wined3d_texture *render_texture(struct d3d7_device *device, struct wined3d_texture *texture,
        unsigned int *sub)
{
    struct wined3d_texture_desc desc, shadow_desc;
    uint32_t w, h;

    wined3d_texture_get_desc(texture, &desc);
    if (desc.usage & WINED3D_USAGE_RENDERTARGET) return texture;

    if (device->shadow_of == texture && device->shadow_of_sub == *sub)
    {
        *sub = 0;
        return device->shadow;
    }
    d3d7_device_sync_shadow(device);
    wined3d_texture_get_level_size(texture, *sub % (desc.levels ? desc.levels : 1), &w, &h);
    if (device->shadow)
    {
        wined3d_texture_get_desc(device->shadow, &shadow_desc);
        if (shadow_desc.width != w || shadow_desc.height != h || shadow_desc.format != desc.format)
        {
            wined3d_device_set_render_target(device->wined3d_device, NULL, 0);
            wined3d_texture_destroy(device->shadow);
            device->shadow = NULL;
        }
    }
    if (!device->shadow)
    {
        /* Every field the core reads, row_alignment among them, is set. */
        memset(&shadow_desc, 0, sizeof(shadow_desc));
        shadow_desc.type = WINED3D_RTYPE_TEXTURE_2D;
        shadow_desc.format = desc.format;
        shadow_desc.usage = WINED3D_USAGE_RENDERTARGET;
        shadow_desc.width = w;
        shadow_desc.height = h;
        shadow_desc.levels = 1;
        if (FAILED(wined3d_texture_create(device->wined3d_device, &shadow_desc, &device->shadow)))
        {
            ERR("Failed to create a render target for system memory surface %p.\n", device->target);
            device->shadow = NULL;
            device->shadow_of = NULL;
            return NULL;
        }
    }
    copy_sub_resource(device->shadow, 0, texture, *sub);
    device->shadow_of = texture;
    device->shadow_of_sub = *sub;
    device->shadow_dirty = FALSE;
    *sub = 0;
    return device->shadow;
}

/* Binds the device's target and its z-buffer in the core; done before each
 * draw or clear because DirectDraw work (flips swap the surfaces' textures)
 * may have moved the core's render target.  Not inlined: the draws that
 * find their target bound would pay its registers and frame. */
static void bind_target(struct d3d7_device *device) __attribute__((noinline));

void d3d7_device_rebind_target(struct d3d7_device *device)
{
    if (device->texture_shadow_mask) sync_texture_shadows(device);
    if (d3d7_device_target_still_bound(device)) return;
    bind_target(device);
}

static void bind_target(struct d3d7_device *device)
{
    struct ddraw_surface *rt = d3d7_surface_from_iface(device->target);
    struct ddraw_surface *ds = device->depth ? d3d7_surface_from_iface(device->depth) : NULL;
    struct wined3d_texture *texture, *current;
    unsigned int sub = 0, current_sub = 0;
    BOOL settled = !!rt;

    device->bound_valid = FALSE;
    if (rt && (texture = d3d7_surface_get_texture(rt, &sub)))
    {
        current = wined3d_device_get_render_target(device->wined3d_device, &current_sub);
        /* Bound already (the usual case): it was a render target then. */
        if ((current != texture || current_sub != sub) && (texture = render_texture(device, texture, &sub))
                && (current != texture || current_sub != sub))
        {
            /* Direct3D 7 keeps the viewport with a new target, also while a
             * state block is being recorded (the target is bound at once). */
            wined3d_device_set_render_target_ex(device->wined3d_device, texture, sub,
                    WINED3D_SET_RT_KEEP_VIEWPORT);
        }
        /* No shadow could be made: the next draw tries again. */
        if (!texture) settled = FALSE;
    }
    texture = NULL;
    sub = 0;
    if (ds) texture = d3d7_surface_get_texture(ds, &sub);
    current = wined3d_device_get_depth_stencil(device->wined3d_device, &current_sub);
    if (current != texture || (texture && current_sub != sub))
        wined3d_device_set_depth_stencil(device->wined3d_device, texture, sub);
    if (!settled) return;
    /* A z-buffer that is not ours binds none, as long as it stays. */
    device->bound_target = device->target;
    device->bound_depth = device->depth;
    device->bound_rt = rt;
    device->bound_ds = ds;
    device->bound_rt_texture = rt->texture;
    device->bound_rt_sub = rt->sub_resource;
    device->bound_ds_texture = ds ? ds->texture : NULL;
    device->bound_ds_sub = ds ? ds->sub_resource : 0;
    device->bound_serial = wined3d_device_get_target_serial(device->wined3d_device);
    device->bound_valid = TRUE;
}

static void update_depth(struct d3d7_device *device)
{
    IDirectDrawSurface7 *depth = get_attached_depth(device->target);

    if (device->depth) IDirectDrawSurface7_Release(device->depth);
    device->depth = depth;
    device->bound_valid = FALSE;
}

/* As on Windows, a z-buffer attached to or detached from a device's target
 * is the device's at once, before any SetRenderTarget (which does nothing
 * for the target the device has); the next draw or clear binds it. */
void ddraw_d3d_attachments_changed(struct ddraw_surface *surface)
{
    struct d3d7_device *device;

    if (!surface->ddraw || !surface->ddraw->d3d7)
        return;
    for (device = surface->ddraw->d3d7->devices; device; device = device->next)
        if (device->target && d3d7_surface_from_iface(device->target) == surface)
            update_depth(device);
}

/* ---------------------------------------------------------------------- */
/* IUnknown                                                                */

static HRESULT d3d7_device_QueryInterface_unlocked(IDirect3DDevice7 *iface, REFIID riid, void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    if (!riid)
    {
        *out = NULL;
        return DDERR_INVALIDPARAMS;
    }
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirect3DDevice7))
    {
        IDirect3DDevice7_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    WARN("%s not implemented, returning E_NOINTERFACE.\n", dx7gl_dbgstr_guid(riid));
    *out = NULL;
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_QueryInterface(IDirect3DDevice7 *iface, REFIID riid, void **out)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_device_QueryInterface_unlocked(iface, riid, out);
    ddraw_unlock();
    return ret;
}

static ULONG d3d7_device_AddRef_unlocked(IDirect3DDevice7 *iface)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    ULONG refcount = __sync_add_and_fetch(&device->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", device, (unsigned int)refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d7_device_AddRef(IDirect3DDevice7 *iface)
{
    ULONG ret;

    ddraw_lock();
    ret = d3d7_device_AddRef_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static ULONG d3d7_device_Release_unlocked(IDirect3DDevice7 *iface)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    ULONG refcount = __sync_sub_and_fetch(&device->refcount, 1);
    unsigned int i;

    TRACE("%p decreasing refcount to %u.\n", device, (unsigned int)refcount);

    if (!refcount)
    {
        /* Without its Direct3D object the DirectDraw object, and with it the
         * core device, is gone: only our own references are left to drop.
         * Another device's state must not be touched either. */
        BOOL core = device->d3d != NULL;
        BOOL active = core && device->d3d->active == device;

        if (active && wined3d_device_is_recording(device->wined3d_device))
        {
            struct wined3d_stateblock *sb = NULL;

            if (SUCCEEDED(wined3d_device_end_stateblock(device->wined3d_device, &sb)) && sb)
                wined3d_stateblock_destroy(sb);
        }
        d3d7_device_release_recording(device);
        for (i = 0; i < device->stateblock_count; ++i)
        {
            if (!core) device->stateblocks[i].stateblock = NULL;
            d3d7_stateblock_entry_release(&device->stateblocks[i]);
        }
        free(device->stateblocks);
        free(device->extra_lights);
        /* The core must not keep pointers to textures we no longer hold. */
        for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
        {
            if (active) wined3d_device_set_texture(device->wined3d_device, i, NULL);
            if (device->textures[i]) IDirectDrawSurface7_Release(device->textures[i]);
        }
        if (active) wined3d_device_set_stream_source(device->wined3d_device, NULL, 0, 0);
        if (device->shadow && core)
        {
            d3d7_device_sync_shadow(device);
            if (wined3d_device_get_render_target(device->wined3d_device, NULL) == device->shadow)
                wined3d_device_set_render_target(device->wined3d_device, NULL, 0);
            wined3d_texture_destroy(device->shadow);
        }
        for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
            if (device->texture_shadows[i] && core) wined3d_texture_destroy(device->texture_shadows[i]);
        if (device->black_texture && core) wined3d_texture_destroy(device->black_texture);
        if (device->saved && core) wined3d_stateblock_destroy(device->saved);
        if (device->d3d)
        {
            struct d3d7_device **p = &device->d3d->devices;

            while (*p && *p != device) p = &(*p)->next;
            if (*p) *p = device->next;
            if (device->d3d->active == device) device->d3d->active = NULL;
        }
        if (device->depth) IDirectDrawSurface7_Release(device->depth);
        if (device->target) IDirectDrawSurface7_Release(device->target);
        free(device);
    }
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d7_device_Release(IDirect3DDevice7 *iface)
{
    ULONG ret;

    ddraw_lock();
    ret = d3d7_device_Release_unlocked(iface);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Capabilities and formats.                                               */

static HRESULT d3d7_device_GetCaps_unlocked(IDirect3DDevice7 *iface, D3DDEVICEDESC7 *desc)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, desc %p.\n", iface, desc);

    if (!desc) return DDERR_INVALIDPARAMS;
    d3d7_fill_device_desc(device->wined3d_device, device->kind, desc);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetCaps(IDirect3DDevice7 *iface, D3DDEVICEDESC7 *desc)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetCaps_unlocked(iface, desc);
    ddraw_unlock();
    return ret;
}

static void set_rgb_format(DDPIXELFORMAT *pf, DWORD bits, DWORD r, DWORD g, DWORD b, DWORD a)
{
    pf->dwFlags = DDPF_RGB | (a ? DDPF_ALPHAPIXELS : 0);
    pf->dwRGBBitCount = bits;
    pf->dwRBitMask = r;
    pf->dwGBitMask = g;
    pf->dwBBitMask = b;
    pf->dwRGBAlphaBitMask = a;
}

static HRESULT d3d7_device_EnumTextureFormats_unlocked(IDirect3DDevice7 *iface,
        LPD3DENUMPIXELFORMATSCALLBACK callback, void *context)
{
    static const DWORD fourccs[] =
    {
        MAKEFOURCC('D','X','T','1'), MAKEFOURCC('D','X','T','2'), MAKEFOURCC('D','X','T','3'),
        MAKEFOURCC('D','X','T','4'), MAKEFOURCC('D','X','T','5'),
    };
    DDPIXELFORMAT pf;
    unsigned int i;

    TRACE("iface %p, callback %p, context %p.\n", iface, callback, context);

    if (!callback) return DDERR_INVALIDPARAMS;

    /* The core's texture formats, in DirectDraw's terms. */
    for (i = 0; i < 12 + sizeof(fourccs) / sizeof(*fourccs); ++i)
    {
        memset(&pf, 0, sizeof(pf));
        pf.dwSize = sizeof(pf);
        switch (i)
        {
            case 0: set_rgb_format(&pf, 16, 0x7c00, 0x03e0, 0x001f, 0); break;           /* X1R5G5B5 */
            case 1: set_rgb_format(&pf, 16, 0x7c00, 0x03e0, 0x001f, 0x8000); break;      /* A1R5G5B5 */
            case 2: set_rgb_format(&pf, 16, 0x0f00, 0x00f0, 0x000f, 0xf000); break;      /* A4R4G4B4 */
            case 3: set_rgb_format(&pf, 16, 0xf800, 0x07e0, 0x001f, 0); break;           /* R5G6B5 */
            case 4: set_rgb_format(&pf, 32, 0xff0000, 0xff00, 0xff, 0); break;           /* X8R8G8B8 */
            case 5: set_rgb_format(&pf, 32, 0xff0000, 0xff00, 0xff, 0xff000000); break;  /* A8R8G8B8 */
            case 6: set_rgb_format(&pf, 24, 0xff0000, 0xff00, 0xff, 0); break;           /* R8G8B8 */
            case 7:                                                                       /* P8 */
                pf.dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED8;
                pf.dwRGBBitCount = 8;
                break;
            case 8:                                                                       /* L8 */
                pf.dwFlags = DDPF_LUMINANCE;
                pf.dwLuminanceBitCount = 8;
                pf.dwLuminanceBitMask = 0xff;
                break;
            case 9:                                                                       /* A8L8 */
                pf.dwFlags = DDPF_LUMINANCE | DDPF_ALPHAPIXELS;
                pf.dwLuminanceBitCount = 16;
                pf.dwLuminanceBitMask = 0x00ff;
                pf.dwLuminanceAlphaBitMask = 0xff00;
                break;
            case 10:                                                                      /* P4 */
                pf.dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED4;
                pf.dwRGBBitCount = 4;
                break;
            case 11:                                                                      /* A8 */
                pf.dwFlags = DDPF_ALPHA;
                pf.dwAlphaBitDepth = 8;
                break;
            default:
                pf.dwFlags = DDPF_FOURCC;
                pf.dwFourCC = fourccs[i - 12];
                break;
        }
        /* P4 and A8 exist in the core for other front ends; Direct3D 7
         * drivers did not list them as texture formats. */
        if (i == 10 || i == 11) continue;
        if (callback(&pf, context) != DDENUMRET_OK)
            break;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_EnumTextureFormats(IDirect3DDevice7 *iface,
        LPD3DENUMPIXELFORMATSCALLBACK callback, void *context)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_EnumTextureFormats_unlocked(iface, callback, context);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Scenes.                                                                 */

static HRESULT d3d7_device_BeginScene_unlocked(IDirect3DDevice7 *iface)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p.\n", iface);

    if (device->in_scene) return D3DERR_SCENE_IN_SCENE;
    device->in_scene = TRUE;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_BeginScene(IDirect3DDevice7 *iface)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_BeginScene_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_EndScene_unlocked(IDirect3DDevice7 *iface)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p.\n", iface);

    if (!device->in_scene) return D3DERR_SCENE_NOT_IN_SCENE;
    /* A hardware device cannot end a scene while recording a state block. */
    if (device->kind != D3D7_DEVICE_RGB && wined3d_device_is_recording(device->wined3d_device))
        return D3DERR_SCENE_END_FAILED;
    device->in_scene = FALSE;
    d3d7_device_sync_shadow(device);
    wined3d_device_end_scene(device->wined3d_device);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_EndScene(IDirect3DDevice7 *iface)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_EndScene_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetDirect3D_unlocked(IDirect3DDevice7 *iface, IDirect3D7 **d3d)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, d3d %p.\n", iface, d3d);

    if (!d3d) return DDERR_INVALIDPARAMS;
    if (!device->d3d)
    {
        *d3d = NULL;
        return DDERR_INVALIDOBJECT;
    }
    *d3d = &device->d3d->IDirect3D7_iface;
    IDirect3D7_AddRef(*d3d);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetDirect3D(IDirect3DDevice7 *iface, IDirect3D7 **d3d)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetDirect3D_unlocked(iface, d3d);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Render target.                                                          */

static BOOL surface_has_palette_if_needed(IDirectDrawSurface7 *surface, const DDSURFACEDESC2 *desc)
{
    IDirectDrawPalette *palette = NULL;

    if (!(desc->ddpfPixelFormat.dwFlags & (DDPF_PALETTEINDEXED1 | DDPF_PALETTEINDEXED2
            | DDPF_PALETTEINDEXED4 | DDPF_PALETTEINDEXED8)))
        return TRUE;
    if (FAILED(IDirectDrawSurface7_GetPalette(surface, &palette)) || !palette)
        return FALSE;
    IDirectDrawPalette_Release(palette);
    return TRUE;
}

static HRESULT d3d7_device_SetRenderTarget_unlocked(IDirect3DDevice7 *iface,
        IDirectDrawSurface7 *target, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct ddraw_surface *surface = d3d7_surface_from_iface(target);
    const DDSURFACEDESC2 *desc;

    TRACE("iface %p, target %p, flags %#x.\n", iface, target, (unsigned int)flags);

    if (!surface) return DDERR_INVALIDPARAMS;
    if (target == device->target) return D3D_OK;
    desc = d3d7_surface_get_desc(surface);
    if (!surface_has_palette_if_needed(target, desc)) return DDERR_INVALIDCAPS;
    if (!(desc->ddsCaps.dwCaps & DDSCAPS_3DDEVICE)) return DDERR_INVALIDCAPS;
    if (device->kind != D3D7_DEVICE_RGB && !(desc->ddsCaps.dwCaps & DDSCAPS_VIDEOMEMORY))
        return DDERR_INVALIDPARAMS;
    if (desc->ddsCaps.dwCaps & DDSCAPS_ZBUFFER)
    {
        /* Direct3D 7 keeps the z-buffer as the device's target interface
         * (GetRenderTarget returns it) while failing; the core keeps
         * drawing to the old target. */
        WARN("Surface %p is a depth buffer.\n", target);
        IDirectDrawSurface7_AddRef(target);
        IDirectDrawSurface7_Release(device->target);
        device->target = target;
        device->bound_valid = FALSE;
        return DDERR_INVALIDPIXELFORMAT;
    }
    if (!d3d7_surface_get_texture(surface, NULL)) return DDERR_INVALIDPARAMS;

    IDirectDrawSurface7_AddRef(target);
    IDirectDrawSurface7_Release(device->target);
    device->target = target;
    update_depth(device);
    d3d7_device_bind_target(device);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetRenderTarget(IDirect3DDevice7 *iface,
        IDirectDrawSurface7 *target, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetRenderTarget_unlocked(iface, target, flags);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetRenderTarget_unlocked(IDirect3DDevice7 *iface, IDirectDrawSurface7 **target)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, target %p.\n", iface, target);

    if (!target) return DDERR_INVALIDPARAMS;
    *target = device->target;
    IDirectDrawSurface7_AddRef(*target);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetRenderTarget(IDirect3DDevice7 *iface, IDirectDrawSurface7 **target)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetRenderTarget_unlocked(iface, target);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Clear.                                                                  */

static HRESULT d3d7_device_Clear_unlocked(IDirect3DDevice7 *iface, DWORD count, D3DRECT *rects,
        DWORD flags, D3DCOLOR color, D3DVALUE z, DWORD stencil)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct ddraw_surface *ds;
    const DDSURFACEDESC2 *ds_desc = NULL;
    HRESULT hr;

    TRACE("iface %p, count %u, rects %p, flags %#x, color %#x, z %.8e, stencil %#x.\n", iface,
            (unsigned int)count, rects, (unsigned int)flags, (unsigned int)color, z, (unsigned int)stencil);

    if (!(flags & (D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)))
        return DDERR_INVALIDPARAMS;
    if (count && !rects)
    {
        /* Direct3D 7 clears the whole viewport then. */
        WARN("count %u with NULL rects.\n", (unsigned int)count);
        count = 0;
    }
    else if (!count && rects)
    {
        /* Rectangles, but none of them: nothing is cleared (Wine's
         * ddraw7.c test_clear_rect_count; old drivers cleared all). */
        return D3D_OK;
    }
    if (device->depth && (ds = d3d7_surface_from_iface(device->depth)))
        ds_desc = d3d7_surface_get_desc(ds);
    if ((flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)) && !ds_desc)
        return D3DERR_ZBUFFER_NOTPRESENT;
    if ((flags & D3DCLEAR_STENCIL) && !(ds_desc->ddpfPixelFormat.dwFlags & DDPF_STENCILBUFFER))
        return D3DERR_STENCILBUFFER_NOTPRESENT;

    d3d7_device_bind_target(device);
    hr = hr_from_wined3d(wined3d_device_clear(device->wined3d_device, count,
            (const struct wined3d_rect *)rects, flags & 7, color, z, stencil));
    if (device->shadow && (flags & D3DCLEAR_TARGET))
    {
        device->shadow_dirty = TRUE;
        if (!device->in_scene) d3d7_device_sync_shadow(device);
    }
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_Clear(IDirect3DDevice7 *iface, DWORD count, D3DRECT *rects,
        DWORD flags, D3DCOLOR color, D3DVALUE z, DWORD stencil)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_Clear_unlocked(iface, count, rects, flags, color, z, stencil);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Transforms.                                                             */

static BOOL transform_state_valid(D3DTRANSFORMSTATETYPE state)
{
    return (state >= D3DTRANSFORMSTATE_WORLD && state <= D3DTRANSFORMSTATE_WORLD3)
            || (state >= D3DTRANSFORMSTATE_TEXTURE0 && state <= D3DTRANSFORMSTATE_TEXTURE7);
}

static HRESULT d3d7_device_SetTransform_unlocked(IDirect3DDevice7 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, state %#x, matrix %p.\n", iface, state, matrix);

    if (!matrix || !transform_state_valid(state)) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_set_transform(device->wined3d_device,
            (enum wined3d_transform_state)state, (const struct wined3d_matrix *)matrix));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetTransform(IDirect3DDevice7 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetTransform_unlocked(iface, state, matrix);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetTransform_unlocked(IDirect3DDevice7 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, state %#x, matrix %p.\n", iface, state, matrix);

    if (!matrix || !transform_state_valid(state)) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_get_transform(device->wined3d_device,
            (enum wined3d_transform_state)state, (struct wined3d_matrix *)matrix));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetTransform(IDirect3DDevice7 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetTransform_unlocked(iface, state, matrix);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_MultiplyTransform_unlocked(IDirect3DDevice7 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, state %#x, matrix %p.\n", iface, state, matrix);

    if (!matrix || !transform_state_valid(state)) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_multiply_transform(device->wined3d_device,
            (enum wined3d_transform_state)state, (const struct wined3d_matrix *)matrix));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_MultiplyTransform(IDirect3DDevice7 *iface,
        D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_MultiplyTransform_unlocked(iface, state, matrix);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Viewport.                                                               */

static HRESULT d3d7_device_SetViewport_unlocked(IDirect3DDevice7 *iface, D3DVIEWPORT7 *viewport)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    const DDSURFACEDESC2 *desc;
    struct ddraw_surface *rt;
    struct wined3d_viewport vp;

    TRACE("iface %p, viewport %p.\n", iface, viewport);

    if (!viewport) return DDERR_INVALIDPARAMS;
    if (!(rt = d3d7_surface_from_iface(device->target))) return DDERR_INVALIDCAPS;
    desc = d3d7_surface_get_desc(rt);
    /* The viewport must lie within the render target. */
    if (viewport->dwX > desc->dwWidth || viewport->dwWidth > desc->dwWidth - viewport->dwX
            || viewport->dwY > desc->dwHeight || viewport->dwHeight > desc->dwHeight - viewport->dwY)
    {
        WARN("Viewport %ux%u+%u+%u does not fit the %ux%u target.\n", (unsigned int)viewport->dwWidth,
                (unsigned int)viewport->dwHeight, (unsigned int)viewport->dwX, (unsigned int)viewport->dwY,
                (unsigned int)desc->dwWidth, (unsigned int)desc->dwHeight);
        return DDERR_INVALIDPARAMS;
    }
    vp.x = viewport->dwX;
    vp.y = viewport->dwY;
    vp.width = viewport->dwWidth;
    vp.height = viewport->dwHeight;
    vp.min_z = viewport->dvMinZ;
    vp.max_z = viewport->dvMaxZ;
    return hr_from_wined3d(wined3d_device_set_viewport(device->wined3d_device, &vp));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetViewport(IDirect3DDevice7 *iface, D3DVIEWPORT7 *viewport)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetViewport_unlocked(iface, viewport);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetViewport_unlocked(IDirect3DDevice7 *iface, D3DVIEWPORT7 *viewport)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_viewport vp;

    TRACE("iface %p, viewport %p.\n", iface, viewport);

    if (!viewport) return DDERR_INVALIDPARAMS;
    wined3d_device_get_viewport(device->wined3d_device, &vp);
    viewport->dwX = vp.x;
    viewport->dwY = vp.y;
    viewport->dwWidth = vp.width;
    viewport->dwHeight = vp.height;
    viewport->dvMinZ = vp.min_z;
    viewport->dvMaxZ = vp.max_z;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetViewport(IDirect3DDevice7 *iface, D3DVIEWPORT7 *viewport)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetViewport_unlocked(iface, viewport);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Material and lights.                                                    */

static HRESULT d3d7_device_SetMaterial_unlocked(IDirect3DDevice7 *iface, D3DMATERIAL7 *material)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, material %p.\n", iface, material);

    if (!material) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_set_material(device->wined3d_device,
            (const struct wined3d_material *)material));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetMaterial(IDirect3DDevice7 *iface, D3DMATERIAL7 *material)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetMaterial_unlocked(iface, material);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetMaterial_unlocked(IDirect3DDevice7 *iface, D3DMATERIAL7 *material)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, material %p.\n", iface, material);

    if (!material) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_get_material(device->wined3d_device,
            (struct wined3d_material *)material));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetMaterial(IDirect3DDevice7 *iface, D3DMATERIAL7 *material)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetMaterial_unlocked(iface, material);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_SetLight_unlocked(IDirect3DDevice7 *iface, DWORD index, D3DLIGHT7 *light)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, index %u, light %p.\n", iface, (unsigned int)index, light);

    if (!light) return DDERR_INVALIDPARAMS;
    if (light->dltType != D3DLIGHT_POINT && light->dltType != D3DLIGHT_SPOT
            && light->dltType != D3DLIGHT_DIRECTIONAL)
        return DDERR_INVALIDPARAMS;
    /* Negative constant attenuation is refused for lights that attenuate
     * (NaN passes, as on Windows). */
    if (light->dltType != D3DLIGHT_DIRECTIONAL && light->dvAttenuation0 < 0.0f)
        return DDERR_INVALIDPARAMS;
    if (light->dltType != D3DLIGHT_DIRECTIONAL && light->dvRange < 0.0f)
        return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_set_light(device->wined3d_device, index,
            (const struct wined3d_light *)light));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetLight(IDirect3DDevice7 *iface, DWORD index, D3DLIGHT7 *light)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetLight_unlocked(iface, index, light);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetLight_unlocked(IDirect3DDevice7 *iface, DWORD index, D3DLIGHT7 *light)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, index %u, light %p.\n", iface, (unsigned int)index, light);

    if (!light) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_get_light(device->wined3d_device, index, (struct wined3d_light *)light));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetLight(IDirect3DDevice7 *iface, DWORD index, D3DLIGHT7 *light)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetLight_unlocked(iface, index, light);
    ddraw_unlock();
    return ret;
}

static int find_extra_light(struct d3d7_device *device, DWORD index)
{
    unsigned int i;

    for (i = 0; i < device->extra_light_count; ++i)
        if (device->extra_lights[i] == index) return i;
    return -1;
}

static HRESULT d3d7_device_LightEnable_unlocked(IDirect3DDevice7 *iface, DWORD index, BOOL enable)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_light light;
    int32_t hr;
    int i;

    TRACE("iface %p, index %u, enable %#x.\n", iface, (unsigned int)index, enable);

    if (!enable)
    {
        if ((i = find_extra_light(device, index)) >= 0)
        {
            device->extra_lights[i] = device->extra_lights[--device->extra_light_count];
            return D3D_OK;
        }
        if (FAILED(hr = wined3d_device_set_light_enable(device->wined3d_device, index, 0)))
            return hr_from_wined3d(hr);
        /* A slot is free: the longest waiting light takes it. */
        if (device->extra_light_count && !wined3d_device_is_recording(device->wined3d_device)
                && SUCCEEDED(wined3d_device_set_light_enable(device->wined3d_device, device->extra_lights[0], 1)))
        {
            memmove(device->extra_lights, device->extra_lights + 1,
                    --device->extra_light_count * sizeof(*device->extra_lights));
        }
        return D3D_OK;
    }

    if (find_extra_light(device, index) >= 0) return D3D_OK;
    hr = wined3d_device_set_light_enable(device->wined3d_device, index, 1);
    if (hr != WINED3DERR_INVALIDCALL || wined3d_device_is_recording(device->wined3d_device))
        return hr_from_wined3d(hr);

    /* Every core slot is taken: keep the light enabled on our side. */
    if (FAILED(wined3d_device_get_light(device->wined3d_device, index, &light)))
    {
        memset(&light, 0, sizeof(light));
        light.type = WINED3D_LIGHT_DIRECTIONAL;
        light.diffuse.r = light.diffuse.g = light.diffuse.b = 1.0f;
        light.direction.z = 1.0f;
        if (FAILED(hr = wined3d_device_set_light(device->wined3d_device, index, &light)))
            return hr_from_wined3d(hr);
    }
    if (device->extra_light_count == device->extra_light_capacity)
    {
        unsigned int capacity = device->extra_light_capacity ? device->extra_light_capacity * 2 : 8;
        DWORD *lights = realloc(device->extra_lights, capacity * sizeof(*lights));

        if (!lights) return DDERR_OUTOFMEMORY;
        device->extra_lights = lights;
        device->extra_light_capacity = capacity;
    }
    device->extra_lights[device->extra_light_count++] = index;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_LightEnable(IDirect3DDevice7 *iface, DWORD index, BOOL enable)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_LightEnable_unlocked(iface, index, enable);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetLightEnable_unlocked(IDirect3DDevice7 *iface, DWORD index, BOOL *enable)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    int enabled = 0;
    HRESULT hr;

    TRACE("iface %p, index %u, enable %p.\n", iface, (unsigned int)index, enable);

    if (!enable) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = hr_from_wined3d(wined3d_device_get_light_enable(device->wined3d_device, index, &enabled))))
        return hr;
    *enable = (enabled || find_extra_light(device, index) >= 0) ? TRUE : FALSE;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetLightEnable(IDirect3DDevice7 *iface, DWORD index, BOOL *enable)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetLightEnable_unlocked(iface, index, enable);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Render states.                                                          */

/* Render states Direct3D 7 moved to texture stage 0 answer through it. */
/* The states set_legacy_texture_state handles, all below 64: one test of a
 * mask sends every other state on without the switch's jump table. */
#define LEGACY_TEXTURE_STATES ((1ull << D3DRENDERSTATE_TEXTUREADDRESS) | (1ull << D3DRENDERSTATE_TEXTUREADDRESSU) \
        | (1ull << D3DRENDERSTATE_TEXTUREADDRESSV) | (1ull << D3DRENDERSTATE_TEXTUREMAG) \
        | (1ull << D3DRENDERSTATE_TEXTUREMIN) | (1ull << D3DRENDERSTATE_BORDERCOLOR) \
        | (1ull << D3DRENDERSTATE_MIPMAPLODBIAS) | (1ull << D3DRENDERSTATE_ANISOTROPY))

static BOOL is_legacy_texture_state(D3DRENDERSTATETYPE state)
{
    return state < 64 && ((LEGACY_TEXTURE_STATES >> state) & 1);
}

static HRESULT set_legacy_texture_state(struct d3d7_device *device, D3DRENDERSTATETYPE state, DWORD value)
{
    struct wined3d_device *d = device->wined3d_device;

    switch (state)
    {
        case D3DRENDERSTATE_TEXTUREADDRESS:
            wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSU, value);
            wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSV, value);
            return D3D_OK;
        case D3DRENDERSTATE_TEXTUREADDRESSU:
            return hr_from_wined3d(wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSU, value));
        case D3DRENDERSTATE_TEXTUREADDRESSV:
            return hr_from_wined3d(wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSV, value));
        case D3DRENDERSTATE_TEXTUREMAG:
            wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAGFILTER,
                    (value == D3DFILTER_LINEAR || value == D3DFILTER_MIPLINEAR || value == D3DFILTER_LINEARMIPLINEAR)
                    ? WINED3D_TFG_LINEAR : WINED3D_TFG_POINT);
            return D3D_OK;
        case D3DRENDERSTATE_TEXTUREMIN:
        {
            uint32_t min = WINED3D_TFN_POINT, mip = WINED3D_TFP_NONE;

            switch (value)
            {
                case D3DFILTER_NEAREST: break;
                case D3DFILTER_LINEAR: min = WINED3D_TFN_LINEAR; break;
                case D3DFILTER_MIPNEAREST: mip = WINED3D_TFP_POINT; break;
                case D3DFILTER_MIPLINEAR: min = WINED3D_TFN_LINEAR; mip = WINED3D_TFP_POINT; break;
                case D3DFILTER_LINEARMIPNEAREST: mip = WINED3D_TFP_LINEAR; break;
                case D3DFILTER_LINEARMIPLINEAR: min = WINED3D_TFN_LINEAR; mip = WINED3D_TFP_LINEAR; break;
                default: return DDERR_INVALIDPARAMS;
            }
            wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MINFILTER, min);
            wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MIPFILTER, mip);
            return D3D_OK;
        }
        case D3DRENDERSTATE_BORDERCOLOR:
            return hr_from_wined3d(wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_BORDERCOLOR, value));
        case D3DRENDERSTATE_MIPMAPLODBIAS:
            return hr_from_wined3d(wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MIPMAPLODBIAS, value));
        case D3DRENDERSTATE_ANISOTROPY:
            return hr_from_wined3d(wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAXANISOTROPY, value));
        default:
            return S_FALSE;
    }
}

static HRESULT get_legacy_texture_state(struct d3d7_device *device, D3DRENDERSTATETYPE state, DWORD *value)
{
    struct wined3d_device *d = device->wined3d_device;
    uint32_t v = 0, mip = 0;

    switch (state)
    {
        case D3DRENDERSTATE_TEXTUREADDRESS:
        case D3DRENDERSTATE_TEXTUREADDRESSU:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSU, &v);
            break;
        case D3DRENDERSTATE_TEXTUREADDRESSV:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSV, &v);
            break;
        case D3DRENDERSTATE_TEXTUREMAG:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_MAGFILTER, &v);
            v = v == WINED3D_TFG_LINEAR ? D3DFILTER_LINEAR : D3DFILTER_NEAREST;
            break;
        case D3DRENDERSTATE_TEXTUREMIN:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_MINFILTER, &v);
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_MIPFILTER, &mip);
            if (v == WINED3D_TFN_LINEAR)
                v = mip == WINED3D_TFP_POINT ? D3DFILTER_MIPLINEAR
                        : mip == WINED3D_TFP_LINEAR ? D3DFILTER_LINEARMIPLINEAR : D3DFILTER_LINEAR;
            else
                v = mip == WINED3D_TFP_POINT ? D3DFILTER_MIPNEAREST
                        : mip == WINED3D_TFP_LINEAR ? D3DFILTER_LINEARMIPNEAREST : D3DFILTER_NEAREST;
            break;
        case D3DRENDERSTATE_BORDERCOLOR:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_BORDERCOLOR, &v);
            break;
        case D3DRENDERSTATE_MIPMAPLODBIAS:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_MIPMAPLODBIAS, &v);
            break;
        case D3DRENDERSTATE_ANISOTROPY:
            wined3d_device_get_texture_stage_state(d, 0, WINED3D_TSS_MAXANISOTROPY, &v);
            break;
        default:
            return S_FALSE;
    }
    *value = v;
    return D3D_OK;
}

static BOOL render_state_valid(D3DRENDERSTATETYPE state)
{
    if (state < 1 || state > D3DRENDERSTATE_CLIPPLANEENABLE) return FALSE;
    /* Texture handles and the legacy texture blend belong to the
     * IDirect3DDevice3 and older interfaces: Direct3D 7 refuses them. */
    if (state == D3DRENDERSTATE_TEXTUREHANDLE || state == D3DRENDERSTATE_TEXTUREMAPBLEND) return FALSE;
    return TRUE;
}

static HRESULT d3d7_device_SetRenderState_unlocked(IDirect3DDevice7 *iface,
        D3DRENDERSTATETYPE state, DWORD value)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    HRESULT hr;

    TRACE("iface %p, state %#x, value %#x.\n", iface, state, (unsigned int)value);

    if (!render_state_valid(state))
    {
        WARN("Invalid render state %#x.\n", state);
        return DDERR_INVALIDPARAMS;
    }
    if (is_legacy_texture_state(state) && (hr = set_legacy_texture_state(device, state, value)) != S_FALSE)
        return hr;
    return hr_from_wined3d(wined3d_device_set_render_state(device->wined3d_device,
            (enum wined3d_render_state)state, value));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetRenderState(IDirect3DDevice7 *iface,
        D3DRENDERSTATETYPE state, DWORD value)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetRenderState_unlocked(iface, state, value);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetRenderState_unlocked(IDirect3DDevice7 *iface,
        D3DRENDERSTATETYPE state, DWORD *value)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    uint32_t v;
    HRESULT hr;

    TRACE("iface %p, state %#x, value %p.\n", iface, state, value);

    if (!value) return DDERR_INVALIDPARAMS;
    if (!render_state_valid(state))
    {
        WARN("Invalid render state %#x.\n", state);
        return DDERR_INVALIDPARAMS;
    }
    if ((hr = get_legacy_texture_state(device, state, value)) != S_FALSE)
        return hr;
    if (FAILED(hr = hr_from_wined3d(wined3d_device_get_render_state(device->wined3d_device,
            (enum wined3d_render_state)state, &v))))
        return hr;
    *value = v;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetRenderState(IDirect3DDevice7 *iface,
        D3DRENDERSTATETYPE state, DWORD *value)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetRenderState_unlocked(iface, state, value);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Textures and texture stage states.                                      */

static HRESULT d3d7_device_GetTexture_unlocked(IDirect3DDevice7 *iface, DWORD stage,
        IDirectDrawSurface7 **texture)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, stage %u, texture %p.\n", iface, (unsigned int)stage, texture);

    if (!texture) return DDERR_INVALIDPARAMS;
    if (stage >= D3D7_MAX_TEXTURES)
    {
        *texture = NULL;
        return DDERR_INVALIDPARAMS;
    }
    if ((*texture = device->textures[stage]))
        IDirectDrawSurface7_AddRef(*texture);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetTexture(IDirect3DDevice7 *iface, DWORD stage,
        IDirectDrawSurface7 **texture)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetTexture_unlocked(iface, stage, texture);
    ddraw_unlock();
    return ret;
}

/* Whether a texture's storage lives in system memory (WINED3D_USAGE_SYSTEMMEM). */
static BOOL texture_in_system_memory(const struct wined3d_texture *texture)
{
    return !!(wined3d_texture_get_usage(texture) & WINED3D_USAGE_SYSTEMMEM);
}

static HRESULT d3d7_device_SetTexture_unlocked(IDirect3DDevice7 *iface, DWORD stage,
        IDirectDrawSurface7 *texture)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_texture *wined3d_texture = NULL;
    IDirectDrawSurface7 **slot;
    struct ddraw_surface *surface = NULL;
    BOOL shadowed = FALSE, recording;
    HRESULT hr;

    TRACE("iface %p, stage %u, texture %p.\n", iface, (unsigned int)stage, texture);

    if (stage >= D3D7_MAX_TEXTURES) return DDERR_INVALIDPARAMS;
    if (texture)
    {
        if (!(surface = d3d7_surface_from_any_iface(texture))) return DDERR_INVALIDPARAMS;
        texture = d3d7_surface_get_iface(surface);
        /* A surface without DDSCAPS_TEXTURE is taken, and the stage samples
         * black (Wine's ddraw7.c test_texture_wrong_caps); the software
         * device of Direct3D 1-6 samples the surface (ddraw4.c's). */
        if (!(d3d7_surface_get_desc(surface)->ddsCaps.dwCaps & DDSCAPS_TEXTURE) && !device->sample_plain_surfaces)
        {
            WARN("Surface %p is not a texture.\n", texture);
            if (!(wined3d_texture = black_texture(device))) return DDERR_OUTOFMEMORY;
        }
        else if (!(wined3d_texture = d3d7_surface_get_texture(surface, NULL)))
            return DDERR_INVALIDPARAMS;
        /* The RGB device samples system memory textures (Wine's ddraw*.c
         * test_ck_rgba).  The hardware devices take them too (Wine's
         * test_sysmem_draw: D3D_OK) but cannot sample storage kept in
         * system memory: black, as for a surface that is not a texture.
         * A managed texture says DDSCAPS_SYSTEMMEMORY too but its storage
         * is not (surface.c surface_usage decides). */
        if (wined3d_texture && (d3d7_surface_get_desc(surface)->ddsCaps.dwCaps & DDSCAPS_SYSTEMMEMORY)
                && device->kind == D3D7_DEVICE_RGB && !wined3d_device_is_recording(device->wined3d_device))
        {
            if (!(wined3d_texture = texture_shadow(device, stage, surface, wined3d_texture)))
                return DDERR_OUTOFMEMORY;
            shadowed = TRUE;
        }
        else if (wined3d_texture && device->kind != D3D7_DEVICE_RGB && texture_in_system_memory(wined3d_texture))
        {
            WARN("Surface %p is in system memory; a hardware device cannot sample it.\n", texture);
            if (!(wined3d_texture = black_texture(device))) return DDERR_OUTOFMEMORY;
        }
    }
    if (FAILED(hr = hr_from_wined3d(wined3d_device_set_texture(device->wined3d_device, stage, wined3d_texture))))
        return hr;
    /* Asked once: setting a texture does not start or end a recording. */
    recording = wined3d_device_is_recording(device->wined3d_device);
    if (!recording)
    {
        if (shadowed) device->texture_shadow_mask |= 1u << stage;
        else device->texture_shadow_mask &= ~(1u << stage);
    }

    /* The device (or the state block being recorded) holds a reference to
     * each texture set, as Direct3D 7 does. */
    if (recording)
    {
        slot = &device->rec_textures[stage];
        device->rec_texture_mask |= 1u << stage;
    }
    else
    {
        slot = &device->textures[stage];
    }
    if (*slot == texture) return D3D_OK;
    if (surface) d3d7_surface_addref(surface);
    if (*slot) d3d7_surface_release(d3d7_surface_impl(*slot));
    *slot = texture;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetTexture(IDirect3DDevice7 *iface, DWORD stage,
        IDirectDrawSurface7 *texture)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetTexture_unlocked(iface, stage, texture);
    ddraw_unlock();
    return ret;
}

static BOOL texture_stage_state_valid(DWORD stage, D3DTEXTURESTAGESTATETYPE state)
{
    return stage < D3D7_MAX_TEXTURES && state >= D3DTSS_COLOROP && state <= D3DTSS_TEXTURETRANSFORMFLAGS;
}

static HRESULT d3d7_device_GetTextureStageState_unlocked(IDirect3DDevice7 *iface, DWORD stage,
        D3DTEXTURESTAGESTATETYPE state, DWORD *value)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    uint32_t v;
    HRESULT hr;

    TRACE("iface %p, stage %u, state %#x, value %p.\n", iface, (unsigned int)stage, state, value);

    if (!value) return DDERR_INVALIDPARAMS;
    if (!texture_stage_state_valid(stage, state)) return DDERR_INVALIDPARAMS;
    if (state == D3DTSS_ADDRESS) state = D3DTSS_ADDRESSU;
    if (FAILED(hr = hr_from_wined3d(wined3d_device_get_texture_stage_state(device->wined3d_device, stage,
            (enum wined3d_texture_stage_state)state, &v))))
        return hr;
    *value = v;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetTextureStageState(IDirect3DDevice7 *iface, DWORD stage,
        D3DTEXTURESTAGESTATETYPE state, DWORD *value)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetTextureStageState_unlocked(iface, stage, state, value);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_SetTextureStageState_unlocked(IDirect3DDevice7 *iface, DWORD stage,
        D3DTEXTURESTAGESTATETYPE state, DWORD value)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, stage %u, state %#x, value %#x.\n", iface, (unsigned int)stage, state, (unsigned int)value);

    if (!texture_stage_state_valid(stage, state)) return DDERR_INVALIDPARAMS;
    if (state == D3DTSS_ADDRESS)
    {
        wined3d_device_set_texture_stage_state(device->wined3d_device, stage, WINED3D_TSS_ADDRESSU, value);
        return hr_from_wined3d(wined3d_device_set_texture_stage_state(device->wined3d_device, stage,
                WINED3D_TSS_ADDRESSV, value));
    }
    return hr_from_wined3d(wined3d_device_set_texture_stage_state(device->wined3d_device, stage,
            (enum wined3d_texture_stage_state)state, value));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetTextureStageState(IDirect3DDevice7 *iface, DWORD stage,
        D3DTEXTURESTAGESTATETYPE state, DWORD value)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetTextureStageState_unlocked(iface, stage, state, value);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_PreLoad_unlocked(IDirect3DDevice7 *iface, IDirectDrawSurface7 *texture)
{
    struct ddraw_surface *surface = d3d7_surface_from_iface(texture);

    TRACE("iface %p, texture %p.\n", iface, texture);

    if (!surface) return DDERR_INVALIDPARAMS;
    /* The core uploads on unmap already: a texture is always resident. */
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_PreLoad(IDirect3DDevice7 *iface, IDirectDrawSurface7 *texture)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_PreLoad_unlocked(iface, texture);
    ddraw_unlock();
    return ret;
}

/* Copies the levels of src that match levels of dst (a subset of src's
 * chain), scaling the rectangle with each level. */
static HRESULT load_chain(struct d3d7_device *device, IDirectDrawSurface7 *dst, IDirectDrawSurface7 *src,
        const POINT *point, const RECT *rect, BOOL check_only)
{
    DDSCAPS2 mip_caps = {DDSCAPS_TEXTURE | DDSCAPS_MIPMAP, DDSCAPS2_MIPMAPSUBLEVEL, 0, {0}};
    IDirectDrawSurface7 *src_level = src, *dst_level = dst, *next;
    POINT p = *point;
    RECT r = *rect;
    BOOL found = FALSE;

    IDirectDrawSurface7_AddRef(src_level);
    IDirectDrawSurface7_AddRef(dst_level);
    while (src_level && dst_level)
    {
        struct ddraw_surface *s = d3d7_surface_from_iface(src_level), *d = d3d7_surface_from_iface(dst_level);
        const DDSURFACEDESC2 *sd = d3d7_surface_get_desc(s), *dd = d3d7_surface_get_desc(d);

        if (sd->dwWidth == dd->dwWidth && sd->dwHeight == dd->dwHeight)
        {
            found = TRUE;
            if (!check_only)
            {
                struct wined3d_texture *st, *dt;
                unsigned int ss = 0, ds = 0;
                struct wined3d_rect dst_rect = {p.x, p.y, p.x + r.right - r.left, p.y + r.bottom - r.top};

                if ((st = d3d7_surface_get_texture(s, &ss)) && (dt = d3d7_surface_get_texture(d, &ds)))
                    wined3d_texture_blt(dt, ds, &dst_rect, st, ss, (const struct wined3d_rect *)&r,
                            0, NULL, WINED3D_TEXF_POINT);
            }
            next = NULL;
            IDirectDrawSurface7_GetAttachedSurface(dst_level, &mip_caps, &next);
            IDirectDrawSurface7_Release(dst_level);
            dst_level = next;
        }
        next = NULL;
        IDirectDrawSurface7_GetAttachedSurface(src_level, &mip_caps, &next);
        IDirectDrawSurface7_Release(src_level);
        src_level = next;
        p.x /= 2;
        p.y /= 2;
        r.left /= 2;
        r.top /= 2;
        r.right = (r.right + 1) / 2;
        r.bottom = (r.bottom + 1) / 2;
    }
    if (src_level) IDirectDrawSurface7_Release(src_level);
    if (dst_level)
    {
        IDirectDrawSurface7_Release(dst_level);
        return DDERR_INVALIDPARAMS; /* dst has levels src lacks */
    }
    return found ? D3D_OK : DDERR_INVALIDPARAMS;
}

/* Load gives the destination what the source's top level has besides its
 * texels: the palette's entries (into the destination's own palette; a
 * destination without one gets none) and the colour keys. */
static void load_palette_and_keys(IDirectDrawSurface7 *dst, IDirectDrawSurface7 *src)
{
    IDirectDrawPalette *src_palette = NULL, *dst_palette = NULL;
    PALETTEENTRY entries[256];
    DDCOLORKEY key;
    DWORD flag;

    IDirectDrawSurface7_GetPalette(src, &src_palette);
    IDirectDrawSurface7_GetPalette(dst, &dst_palette);
    if (src_palette && dst_palette
            && SUCCEEDED(IDirectDrawPalette_GetEntries(src_palette, 0, 0, 256, entries)))
        IDirectDrawPalette_SetEntries(dst_palette, 0, 0, 256, entries);
    if (src_palette) IDirectDrawPalette_Release(src_palette);
    if (dst_palette) IDirectDrawPalette_Release(dst_palette);

    for (flag = DDCKEY_DESTBLT; flag <= DDCKEY_SRCOVERLAY; flag <<= 1)
        if (SUCCEEDED(IDirectDrawSurface7_GetColorKey(src, flag, &key)))
            IDirectDrawSurface7_SetColorKey(dst, flag, &key);
}

/* A face of a cube map (the root is +X, the others hang off it), with a
 * reference, or NULL where the cube lacks it. */
static IDirectDrawSurface7 *cube_face(IDirectDrawSurface7 *root, DWORD face)
{
    DDSCAPS2 caps = {DDSCAPS_TEXTURE, DDSCAPS2_CUBEMAP | face, 0, {0}};
    IDirectDrawSurface7 *surface = NULL;

    if (face == DDSCAPS2_CUBEMAP_POSITIVEX)
    {
        IDirectDrawSurface7_AddRef(root);
        return root;
    }
    if (FAILED(IDirectDrawSurface7_GetAttachedSurface(root, &caps, &surface)))
        return NULL;
    return surface;
}

/* Every face the source has must be in the destination; the faces FLAGS
 * names are copied, after all were checked. */
static HRESULT load_cube(struct d3d7_device *device, IDirectDrawSurface7 *dst, IDirectDrawSurface7 *src,
        const POINT *point, const RECT *rect, DWORD flags)
{
    unsigned int i, pass;
    HRESULT hr;

    for (pass = 0; pass < 2; ++pass)
    {
        for (i = 0; i < 6; ++i)
        {
            DWORD face = DDSCAPS2_CUBEMAP_POSITIVEX << i;
            IDirectDrawSurface7 *sf, *df;

            if (!(sf = cube_face(src, face))) continue;
            if (!(df = cube_face(dst, face)))
            {
                IDirectDrawSurface7_Release(sf);
                return DDERR_INVALIDPARAMS;
            }
            hr = D3D_OK;
            if (pass == 0)
                hr = load_chain(device, df, sf, point, rect, TRUE);
            else if (flags & face)
            {
                load_palette_and_keys(df, sf);
                hr = load_chain(device, df, sf, point, rect, FALSE);
            }
            IDirectDrawSurface7_Release(sf);
            IDirectDrawSurface7_Release(df);
            if (FAILED(hr)) return hr;
        }
    }
    return D3D_OK;
}

static HRESULT d3d7_device_Load_unlocked(IDirect3DDevice7 *iface, IDirectDrawSurface7 *dst_texture,
        POINT *dst_pos, IDirectDrawSurface7 *src_texture, RECT *src_rect, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct ddraw_surface *dst = d3d7_surface_from_iface(dst_texture), *src = d3d7_surface_from_iface(src_texture);
    const DDSURFACEDESC2 *sd, *dd;
    POINT point = {0, 0};
    RECT rect;
    HRESULT hr;

    TRACE("iface %p, dst %p, dst_pos %p, src %p, src_rect %s, flags %#x.\n", iface, dst_texture, dst_pos,
            src_texture, dx7gl_dbgstr_rect(src_rect), (unsigned int)flags);

    if (!dst || !src) return DDERR_INVALIDPARAMS;
    sd = d3d7_surface_get_desc(src);
    dd = d3d7_surface_get_desc(dst);
    if (dst_pos) point = *dst_pos;
    if (src_rect) rect = *src_rect;
    else
    {
        rect.left = rect.top = 0;
        rect.right = sd->dwWidth;
        rect.bottom = sd->dwHeight;
    }

    if (rect.left < 0 || rect.top < 0 || rect.left >= rect.right || rect.top >= rect.bottom
            || (DWORD)rect.right > sd->dwWidth || (DWORD)rect.bottom > sd->dwHeight
            || point.x < 0 || point.y < 0
            /* Compared without adding: point.x near LONG_MAX must not overflow.
             * The rectangle lies within the source, so the subtraction cannot. */
            || (DWORD)point.x > sd->dwWidth - (DWORD)(rect.right - rect.left)
            || (DWORD)point.y > sd->dwHeight - (DWORD)(rect.bottom - rect.top)
            || dd->dwWidth > sd->dwWidth || dd->dwHeight > sd->dwHeight)
        return DDERR_INVALIDPARAMS;
    if ((sd->ddsCaps.dwCaps2 | dd->ddsCaps.dwCaps2) & DDSCAPS2_MIPMAPSUBLEVEL)
        return DDERR_INVALIDPARAMS;

    if ((sd->ddsCaps.dwCaps2 & DDSCAPS2_CUBEMAP) != (dd->ddsCaps.dwCaps2 & DDSCAPS2_CUBEMAP))
        return DDERR_INVALIDPARAMS;
    if (sd->ddsCaps.dwCaps2 & DDSCAPS2_CUBEMAP)
        return load_cube(device, dst_texture, src_texture, &point, &rect, flags);

    if (FAILED(hr = load_chain(device, dst_texture, src_texture, &point, &rect, TRUE)))
        return hr;
    load_palette_and_keys(dst_texture, src_texture);
    return load_chain(device, dst_texture, src_texture, &point, &rect, FALSE);
}

static HRESULT STDMETHODCALLTYPE d3d7_device_Load(IDirect3DDevice7 *iface, IDirectDrawSurface7 *dst_texture,
        POINT *dst_pos, IDirectDrawSurface7 *src_texture, RECT *src_rect, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_Load_unlocked(iface, dst_texture, dst_pos, src_texture, src_rect, flags);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* Clip status, sphere visibility, clip planes.                            */

static HRESULT d3d7_device_SetClipStatus_unlocked(IDirect3DDevice7 *iface, D3DCLIPSTATUS *status)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, status %p.\n", iface, status);

    if (!status) return DDERR_INVALIDPARAMS;
    if (status->dwFlags & D3DCLIPSTATUS_STATUS) device->clip_status.dwStatus = status->dwStatus;
    if (status->dwFlags & (D3DCLIPSTATUS_EXTENTS2 | D3DCLIPSTATUS_EXTENTS3))
    {
        device->clip_status.minx = status->minx;
        device->clip_status.maxx = status->maxx;
        device->clip_status.miny = status->miny;
        device->clip_status.maxy = status->maxy;
        if (status->dwFlags & D3DCLIPSTATUS_EXTENTS3)
        {
            device->clip_status.minz = status->minz;
            device->clip_status.maxz = status->maxz;
        }
    }
    device->clip_status.dwFlags |= status->dwFlags;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetClipStatus(IDirect3DDevice7 *iface, D3DCLIPSTATUS *status)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetClipStatus_unlocked(iface, status);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetClipStatus_unlocked(IDirect3DDevice7 *iface, D3DCLIPSTATUS *status)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, status %p.\n", iface, status);

    if (!status) return DDERR_INVALIDPARAMS;
    if (!(device->clip_status.dwFlags & (D3DCLIPSTATUS_EXTENTS2 | D3DCLIPSTATUS_EXTENTS3)))
    {
        struct wined3d_viewport vp;

        /* Without extents set, the extents are the viewport's. */
        wined3d_device_get_viewport(device->wined3d_device, &vp);
        *status = device->clip_status;
        status->minx = (float)vp.x;
        status->maxx = (float)(vp.x + vp.width);
        status->miny = (float)vp.y;
        status->maxy = (float)(vp.y + vp.height);
        status->minz = 0.0f;
        status->maxz = 0.0f;
        status->dwFlags = D3DCLIPSTATUS_EXTENTS2;
        return D3D_OK;
    }
    *status = device->clip_status;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetClipStatus(IDirect3DDevice7 *iface, D3DCLIPSTATUS *status)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetClipStatus_unlocked(iface, status);
    ddraw_unlock();
    return ret;
}

static void clip_space_planes(const struct wined3d_matrix *m, float planes[6][4])
{
    static const int sign[6] = {1, -1, -1, 1, 0, -1};
    static const int col[6] = {0, 0, 1, 1, 2, 2};
    const float *r = &m->_11;
    unsigned int i, j;

    /* Row vectors: clip = v * M.  Plane i of the frustum as a test on
     * (x, y, z, 1): left w + x >= 0, right w - x, top w - y, bottom w + y,
     * front z >= 0, back w - z. */
    for (i = 0; i < 6; ++i)
    {
        for (j = 0; j < 4; ++j)
        {
            float w = r[j * 4 + 3], c = r[j * 4 + col[i]];
            planes[i][j] = i == 4 ? c : w + sign[i] * c;
        }
    }
}

static HRESULT d3d7_device_ComputeSphereVisibility_unlocked(IDirect3DDevice7 *iface, D3DVECTOR *centers,
        D3DVALUE *radii, DWORD sphere_count, DWORD flags, DWORD *return_values)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_matrix world, view, proj, m;
    float planes[12][4];
    uint32_t plane_enable = 0;
    unsigned int i, j, plane_count = 6;

    TRACE("iface %p, centers %p, radii %p, sphere_count %u, flags %#x, return_values %p.\n", iface, centers,
            radii, (unsigned int)sphere_count, (unsigned int)flags, return_values);

    if (!centers || !radii || !return_values) return DDERR_INVALIDPARAMS;

    wined3d_device_get_transform(device->wined3d_device, WINED3D_TS_WORLD, &world);
    wined3d_device_get_transform(device->wined3d_device, WINED3D_TS_VIEW, &view);
    wined3d_device_get_transform(device->wined3d_device, WINED3D_TS_PROJECTION, &proj);
    d3d7_multiply_matrix(&m, &world, &view);
    d3d7_multiply_matrix(&m, &m, &proj);
    clip_space_planes(&m, planes);
    wined3d_device_get_render_state(device->wined3d_device, WINED3D_RS_CLIPPLANEENABLE, &plane_enable);
    for (i = 0; i < D3D7_MAX_CLIP_PLANES; ++i)
        wined3d_device_get_clip_plane(device->wined3d_device, i, planes[6 + i]);
    plane_count = 12;

    for (i = 0; i < sphere_count; ++i)
    {
        DWORD result = 0;

        for (j = 0; j < plane_count; ++j)
        {
            const float *p = planes[j];
            float norm, distance;

            if (j >= 6 && !(plane_enable & (1u << (j - 6)))) continue;
            norm = sqrtf(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
            if (norm == 0.0f) continue;
            distance = (p[0] * centers[i].x + p[1] * centers[i].y + p[2] * centers[i].z + p[3]) / norm;
            /* Partly outside sets the union bit, wholly outside both. */
            if (fabsf(distance) < radii[i])
                result |= D3DSTATUS_CLIPUNIONLEFT << j;
            else if (distance < -radii[i])
                result |= (D3DSTATUS_CLIPUNIONLEFT | D3DSTATUS_CLIPINTERSECTIONLEFT) << j;
        }
        return_values[i] = result;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_ComputeSphereVisibility(IDirect3DDevice7 *iface, D3DVECTOR *centers,
        D3DVALUE *radii, DWORD sphere_count, DWORD flags, DWORD *return_values)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_ComputeSphereVisibility_unlocked(iface, centers, radii, sphere_count, flags, return_values);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_SetClipPlane_unlocked(IDirect3DDevice7 *iface, DWORD index, D3DVALUE *plane)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, index %u, plane %p.\n", iface, (unsigned int)index, plane);

    if (!plane || index >= D3D7_MAX_CLIP_PLANES) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_set_clip_plane(device->wined3d_device, index, plane));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_SetClipPlane(IDirect3DDevice7 *iface, DWORD index, D3DVALUE *plane)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_SetClipPlane_unlocked(iface, index, plane);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_GetClipPlane_unlocked(IDirect3DDevice7 *iface, DWORD index, D3DVALUE *plane)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);

    TRACE("iface %p, index %u, plane %p.\n", iface, (unsigned int)index, plane);

    if (!plane || index >= D3D7_MAX_CLIP_PLANES) return DDERR_INVALIDPARAMS;
    return hr_from_wined3d(wined3d_device_get_clip_plane(device->wined3d_device, index, plane));
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetClipPlane(IDirect3DDevice7 *iface, DWORD index, D3DVALUE *plane)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetClipPlane_unlocked(iface, index, plane);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */
/* ValidateDevice.                                                         */

static BOOL texture_arg_valid(DWORD arg)
{
    return (arg & D3DTA_SELECTMASK) <= D3DTA_SPECULAR
            && !(arg & ~(D3DTA_SELECTMASK | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE));
}

static BOOL op_reads_texture(uint32_t op, uint32_t arg1, uint32_t arg2)
{
    if (op == D3DTOP_DISABLE) return FALSE;
    if (op == D3DTOP_BLENDTEXTUREALPHA || op == D3DTOP_BLENDTEXTUREALPHAPM)
        return TRUE;
    if (op != D3DTOP_SELECTARG2 && (arg1 & D3DTA_SELECTMASK) == D3DTA_TEXTURE) return TRUE;
    if (op != D3DTOP_SELECTARG1 && (arg2 & D3DTA_SELECTMASK) == D3DTA_TEXTURE) return TRUE;
    return FALSE;
}

static HRESULT d3d7_device_ValidateDevice_unlocked(IDirect3DDevice7 *iface, DWORD *pass_count)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct wined3d_device *d = device->wined3d_device;
    unsigned int stage;

    TRACE("iface %p, pass_count %p.\n", iface, pass_count);

    if (!pass_count) return DDERR_INVALIDPARAMS;
    *pass_count = 0;

    /* The core renders every Direct3D 7 operation in one pass; what it
     * cannot do is an unknown operation or argument, a stage reading a
     * texture that is not there being harmless (it reads black). */
    for (stage = 0; stage < D3D7_MAX_TEXTURES; ++stage)
    {
        uint32_t cop, carg1, carg2, aop, aarg1, aarg2;

        wined3d_device_get_texture_stage_state(d, stage, WINED3D_TSS_COLOROP, &cop);
        if (cop == D3DTOP_DISABLE) break;
        wined3d_device_get_texture_stage_state(d, stage, WINED3D_TSS_COLORARG1, &carg1);
        wined3d_device_get_texture_stage_state(d, stage, WINED3D_TSS_COLORARG2, &carg2);
        wined3d_device_get_texture_stage_state(d, stage, WINED3D_TSS_ALPHAOP, &aop);
        wined3d_device_get_texture_stage_state(d, stage, WINED3D_TSS_ALPHAARG1, &aarg1);
        wined3d_device_get_texture_stage_state(d, stage, WINED3D_TSS_ALPHAARG2, &aarg2);

        if (cop > D3DTOP_DOTPRODUCT3) return D3DERR_UNSUPPORTEDCOLOROPERATION;
        if (!texture_arg_valid(carg1) || !texture_arg_valid(carg2)) return D3DERR_UNSUPPORTEDCOLORARG;
        if (aop < D3DTOP_DISABLE || aop > D3DTOP_DOTPRODUCT3) return D3DERR_UNSUPPORTEDALPHAOPERATION;
        if (!texture_arg_valid(aarg1) || !texture_arg_valid(aarg2)) return D3DERR_UNSUPPORTEDALPHAARG;
        /* No bump mapping: the caps do not offer it (no DuDv formats). */
        if (cop == D3DTOP_BUMPENVMAP || cop == D3DTOP_BUMPENVMAPLUMINANCE)
            return D3DERR_UNSUPPORTEDCOLOROPERATION;
        if (aop == D3DTOP_BUMPENVMAP || aop == D3DTOP_BUMPENVMAPLUMINANCE)
            return D3DERR_UNSUPPORTEDALPHAOPERATION;
        if (op_reads_texture(cop, carg1, carg2) && !device->textures[stage])
            TRACE("Stage %u reads a texture but has none.\n", stage);
    }
    *pass_count = 1;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_ValidateDevice(IDirect3DDevice7 *iface, DWORD *pass_count)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_ValidateDevice_unlocked(iface, pass_count);
    ddraw_unlock();
    return ret;
}

/* ---------------------------------------------------------------------- */

static HRESULT d3d7_device_GetInfo_unlocked(IDirect3DDevice7 *iface, DWORD info_id, void *info,
        DWORD info_size)
{
    TRACE("iface %p, info_id %#x, info %p, info_size %u.\n", iface, (unsigned int)info_id, info,
            (unsigned int)info_size);

    /* The retail runtime has no statistics: S_FALSE, as documented. */
    return S_FALSE;
}

static HRESULT STDMETHODCALLTYPE d3d7_device_GetInfo(IDirect3DDevice7 *iface, DWORD info_id, void *info,
        DWORD info_size)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_GetInfo_unlocked(iface, info_id, info, info_size);
    ddraw_unlock();
    return ret;
}

static const IDirect3DDevice7Vtbl d3d7_device_vtbl =
{
    d3d7_device_QueryInterface,
    d3d7_device_AddRef,
    d3d7_device_Release,
    d3d7_device_GetCaps,
    d3d7_device_EnumTextureFormats,
    d3d7_device_BeginScene,
    d3d7_device_EndScene,
    d3d7_device_GetDirect3D,
    d3d7_device_SetRenderTarget,
    d3d7_device_GetRenderTarget,
    d3d7_device_Clear,
    d3d7_device_SetTransform,
    d3d7_device_GetTransform,
    d3d7_device_SetViewport,
    d3d7_device_MultiplyTransform,
    d3d7_device_GetViewport,
    d3d7_device_SetMaterial,
    d3d7_device_GetMaterial,
    d3d7_device_SetLight,
    d3d7_device_GetLight,
    d3d7_device_SetRenderState,
    d3d7_device_GetRenderState,
    d3d7_device_BeginStateBlock,
    d3d7_device_EndStateBlock,
    d3d7_device_PreLoad,
    d3d7_device_DrawPrimitive,
    d3d7_device_DrawIndexedPrimitive,
    d3d7_device_SetClipStatus,
    d3d7_device_GetClipStatus,
    d3d7_device_DrawPrimitiveStrided,
    d3d7_device_DrawIndexedPrimitiveStrided,
    d3d7_device_DrawPrimitiveVB,
    d3d7_device_DrawIndexedPrimitiveVB,
    d3d7_device_ComputeSphereVisibility,
    d3d7_device_GetTexture,
    d3d7_device_SetTexture,
    d3d7_device_GetTextureStageState,
    d3d7_device_SetTextureStageState,
    d3d7_device_ValidateDevice,
    d3d7_device_ApplyStateBlock,
    d3d7_device_CaptureStateBlock,
    d3d7_device_DeleteStateBlock,
    d3d7_device_CreateStateBlock,
    d3d7_device_Load,
    d3d7_device_LightEnable,
    d3d7_device_GetLightEnable,
    d3d7_device_SetClipPlane,
    d3d7_device_GetClipPlane,
    d3d7_device_GetInfo,
};

/* Direct3D 7 puts the x87 FPU into single precision with rounding to
 * nearest and every exception masked when it creates a device, unless the
 * application asked for DDSCL_FPUPRESERVE; programs of the era depend on
 * the precision (and on the masked exceptions).  x86_64 uses SSE for
 * floats, so this matters to the 32-bit build only. */
static void setup_fpu(struct ddraw *ddraw)
{
#if defined(__i386__) && defined(__GNUC__)
    unsigned short cw;

    if (ddraw->cooperative_level & DDSCL_FPUPRESERVE) return;
    __asm__ volatile ("fnstcw %0" : "=m" (cw));
    cw = (unsigned short)((cw & ~0x0f00) | 0x003f);
    __asm__ volatile ("fldcw %0" : : "m" (cw));
#else
    (void)ddraw;
#endif
}

HRESULT d3d7_device_create(struct d3d7 *d3d, enum d3d7_device_kind kind, const GUID *guid,
        IDirectDrawSurface7 *target, struct d3d7_device **out)
{
    struct ddraw_surface *surface = d3d7_surface_from_iface(target);
    struct wined3d_device *wined3d_device;
    struct d3d7_device *device;
    const DDSURFACEDESC2 *desc;

    if (!surface) return DDERR_INVALIDPARAMS;
    desc = d3d7_surface_get_desc(surface);
    if (!(desc->ddsCaps.dwCaps & DDSCAPS_3DDEVICE) || (desc->ddsCaps.dwCaps & DDSCAPS_ZBUFFER))
    {
        WARN("Surface %p is not a render target.\n", target);
        return DDERR_INVALIDCAPS;
    }
    if (!surface_has_palette_if_needed(target, desc))
        return DDERR_NOPALETTEATTACHED;
    if (kind != D3D7_DEVICE_RGB && !(desc->ddsCaps.dwCaps & DDSCAPS_VIDEOMEMORY))
        return D3DERR_SURFACENOTINVIDMEM;
    if (!(wined3d_device = d3d7_ddraw_get_wined3d_device(d3d->ddraw)))
        return DDERR_NODIRECTDRAWHW;
    if (!d3d7_surface_get_texture(surface, NULL))
        return DDERR_INVALIDCAPS;

    if (!(device = calloc(1, sizeof(*device))))
        return DDERR_OUTOFMEMORY;
    /* A new device starts from the core's state as it was before any
     * device changed it; an active device keeps its own. */
    if (!d3d->defaults && FAILED(wined3d_stateblock_create(wined3d_device, WINED3D_SBT_ALL, &d3d->defaults)))
        d3d->defaults = NULL;
    if (d3d->active)
    {
        struct d3d7_device *old = d3d->active;

        if (old->saved) wined3d_stateblock_capture(old->saved);
        else if (FAILED(wined3d_stateblock_create(wined3d_device, WINED3D_SBT_ALL, &old->saved)))
            old->saved = NULL;
    }
    if (d3d->defaults) wined3d_stateblock_apply(d3d->defaults);
    device->IDirect3DDevice7_iface.lpVtbl = &d3d7_device_vtbl;
    device->refcount = 1;
    device->d3d = d3d;
    device->ddraw = d3d->ddraw;
    device->wined3d_device = wined3d_device;
    device->core_state = wined3d_device_get_state(wined3d_device);
    device->kind = kind;
    device->guid = *guid;
    device->target = target;
    IDirectDrawSurface7_AddRef(target);
    device->depth = get_attached_depth(target);
    device->clip_status.dwStatus = D3DSTATUS_DEFAULT;

    /* A new device draws to its target with the target's full viewport and
     * has z enabled exactly when the target has a z-buffer. */
    {
        struct wined3d_viewport vp = {0, 0, desc->dwWidth, desc->dwHeight, 0.0f, 1.0f};
        unsigned int i;

        d3d7_device_bind_target(device);
        wined3d_device_set_viewport(wined3d_device, &vp);
        wined3d_device_set_render_state(wined3d_device, WINED3D_RS_ZENABLE,
                device->depth ? WINED3D_ZB_TRUE : WINED3D_ZB_FALSE);
        for (i = 0; i < D3D7_MAX_TEXTURES; ++i)
            wined3d_device_set_texture(wined3d_device, i, NULL);
    }

    device->next = d3d->devices;
    d3d->devices = device;
    d3d->active = device;
    setup_fpu(d3d->ddraw);
    *out = device;
    TRACE("Created device %p (kind %u) on surface %p.\n", device, kind, target);
    return D3D_OK;
}

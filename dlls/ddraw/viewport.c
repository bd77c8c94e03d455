/*
 * IDirect3DViewport, IDirect3DViewport2 and IDirect3DViewport3.
 *
 * Each version's interface extends the last, so one vtable serves all
 * three and QueryInterface hands out the same pointer.  A viewport is
 * added to one device; when it is the device's current viewport its
 * rectangle becomes the Direct3D 7 viewport, its clip volume a matrix
 * after the application's projection, and its lights the device's.
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

static const IDirect3DViewport3Vtbl d3d_viewport_vtbl;

static struct d3d_viewport *impl_from_IDirect3DViewport3(IDirect3DViewport3 *iface)
{
    return DDRAW_CONTAINING(iface, struct d3d_viewport, IDirect3DViewport3_iface);
}

struct d3d_viewport *d3d_viewport_from_iface(IDirect3DViewport3 *iface)
{
    if (!iface || iface->lpVtbl != &d3d_viewport_vtbl) return NULL;
    return impl_from_IDirect3DViewport3(iface);
}

/* ---------------------------------------------------------------------- */
/* Activation                                                              */

/* Whether a light is among the eight most recently set active lights of its
 * viewport: the core lights eight at a time, and Windows' device drops the
 * oldest when a ninth comes on. */
static BOOL light_chosen(struct d3d_viewport *viewport, const struct d3d_light *light)
{
    const struct d3d_light *l;
    unsigned int newer = 0;

    if (!(light->data.dwFlags & D3DLIGHT_ACTIVE)) return FALSE;
    for (l = viewport->lights; l; l = l->next)
        if (l != light && (l->data.dwFlags & D3DLIGHT_ACTIVE) && l->serial > light->serial) ++newer;
    return newer < 8;
}

static void update_lights(struct d3d_viewport *viewport)
{
    struct d3d_light *light;
    DWORD used = 0, index;

    for (light = viewport->lights; light; light = light->next)
    {
        if (!light_chosen(viewport, light))
            d3d_light_deactivate(light, viewport->device);
        else if (light->index)
            used |= 1u << (light->index - 1);
    }
    for (light = viewport->lights; light; light = light->next)
    {
        if (!light_chosen(viewport, light)) continue;
        if (!(index = light->index))
        {
            while (used & (1u << index)) ++index;
            used |= 1u << index;
            ++index;
        }
        d3d_light_activate(light, viewport->device, index - 1);
    }
}

/* 1 / f, or 0 for a volume of no extent (Windows takes those). */
static float inv_or_zero(float f)
{
    return f != 0.0f ? 1.0f / f : 0.0f;
}

void d3d_viewport_activate(struct d3d_viewport *viewport, BOOL with_lights)
{
    struct d3d3_device *device = viewport->device;
    D3DMATRIX clip;
    D3DVIEWPORT7 vp;

    if (!device) return;
    if (with_lights) update_lights(viewport);
    if (!viewport->data_version) return;

    memset(&clip, 0, sizeof(clip));
    clip._44 = 1.0f;
    if (viewport->data_version == 2)
    {
        const D3DVIEWPORT2 *v = &viewport->vp2;

        vp.dwX = v->dwX;
        vp.dwY = v->dwY;
        vp.dwWidth = v->dwWidth;
        vp.dwHeight = v->dwHeight;
        /* [ClipX, ClipX + ClipWidth] x [ClipY - ClipHeight, ClipY] x [MinZ, MaxZ]
         * maps to the clip volume [-1, 1] x [-1, 1] x [0, 1]. */
        clip._11 = 2.0f * inv_or_zero(v->dvClipWidth);
        clip._22 = 2.0f * inv_or_zero(v->dvClipHeight);
        clip._33 = inv_or_zero(v->dvMaxZ - v->dvMinZ);
        clip._41 = -2.0f * v->dvClipX * inv_or_zero(v->dvClipWidth) - 1.0f;
        clip._42 = -2.0f * v->dvClipY * inv_or_zero(v->dvClipHeight) + 1.0f;
        clip._43 = -v->dvMinZ * inv_or_zero(v->dvMaxZ - v->dvMinZ);
    }
    else
    {
        const D3DVIEWPORT *v = &viewport->vp1;

        vp.dwX = v->dwX;
        vp.dwY = v->dwY;
        vp.dwWidth = v->dwWidth;
        vp.dwHeight = v->dwHeight;
        /* Direct3D 3 scales projected x and y to pixels: dvScaleX is half
         * the width for a projection that fills the viewport. */
        clip._11 = 2.0f * v->dvScaleX * inv_or_zero(v->dwWidth);
        clip._22 = 2.0f * v->dvScaleY * inv_or_zero(v->dwHeight);
        clip._33 = 1.0f;
    }
    vp.dvMinZ = 0.0f;
    vp.dvMaxZ = 1.0f;
    d3d3_device_set_clipspace(device, &clip);
    IDirect3DDevice7_SetViewport(device->device7, &vp);
}

void d3d_viewport_deactivate(struct d3d_viewport *viewport)
{
    struct d3d_light *light;

    if (!viewport->device) return;
    for (light = viewport->lights; light; light = light->next)
        d3d_light_deactivate(light, viewport->device);
}

static BOOL is_current(const struct d3d_viewport *viewport)
{
    return viewport->device && viewport->device->current == viewport;
}

/* A light of the viewport changed (light.c). */
void d3d_viewport_light_changed(struct d3d_viewport *viewport)
{
    if (is_current(viewport)) update_lights(viewport);
}

/* ---------------------------------------------------------------------- */
/* IUnknown                                                                */

static HRESULT STDMETHODCALLTYPE d3d_viewport_QueryInterface(IDirect3DViewport3 *iface, REFIID riid, void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid) return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IDirect3DViewport3) || IsEqualGUID(riid, &IID_IDirect3DViewport2)
            || IsEqualGUID(riid, &IID_IDirect3DViewport) || IsEqualGUID(riid, &IID_IUnknown))
    {
        IDirect3DViewport3_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    WARN("%s not implemented, returning E_NOINTERFACE.\n", dx7gl_dbgstr_guid(riid));
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE d3d_viewport_AddRef(IDirect3DViewport3 *iface)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    ULONG refcount = __sync_add_and_fetch(&viewport->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", viewport, (unsigned int)refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d_viewport_Release(IDirect3DViewport3 *iface)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    ULONG refcount = __sync_sub_and_fetch(&viewport->refcount, 1);
    struct d3d_light *light;

    TRACE("%p decreasing refcount to %u.\n", viewport, (unsigned int)refcount);

    if (!refcount)
    {
        ddraw_lock();
        /* The device holds a reference on its viewports: there is none here. */
        while ((light = viewport->lights))
        {
            viewport->lights = light->next;
            light->next = NULL;
            light->viewport = NULL;
            IDirect3DLight_Release(&light->IDirect3DLight_iface);
        }
        if (viewport->background_depth) IDirectDrawSurface4_Release(viewport->background_depth);
        free(viewport);
        ddraw_unlock();
    }
    return refcount;
}

/* ---------------------------------------------------------------------- */
/* Viewport data                                                           */

static HRESULT STDMETHODCALLTYPE d3d_viewport_Initialize(IDirect3DViewport3 *iface, IDirect3D *d3d)
{
    TRACE("iface %p, d3d %p.\n", iface, d3d);
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_GetViewport(IDirect3DViewport3 *iface, D3DVIEWPORT *data)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    D3DVIEWPORT vp;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data || data->dwSize != sizeof(*data)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!viewport->data_version)
    {
        ddraw_unlock();
        return D3DERR_VIEWPORTDATANOTSET;
    }
    if (viewport->data_version == 1)
    {
        /* Direct3D answers the depth range 0 to 1, whatever was set. */
        vp = viewport->vp1;
        vp.dvMinZ = 0.0f;
        vp.dvMaxZ = 1.0f;
    }
    else
    {
        const D3DVIEWPORT2 *v = &viewport->vp2;

        memset(&vp, 0, sizeof(vp));
        vp.dwSize = sizeof(vp);
        vp.dwX = v->dwX;
        vp.dwY = v->dwY;
        vp.dwWidth = v->dwWidth;
        vp.dwHeight = v->dwHeight;
        vp.dvScaleX = v->dwWidth / v->dvClipWidth;
        vp.dvScaleY = v->dwHeight / v->dvClipHeight;
        vp.dvMaxX = v->dvClipWidth + v->dvClipX;
        vp.dvMaxY = v->dvClipY;
        vp.dvMinZ = 0.0f;
        vp.dvMaxZ = 1.0f;
    }
    *data = vp;
    ddraw_unlock();
    return D3D_OK;
}

/* The rectangle must lie in the render target of the device (Direct3D 2 and 3). */
static HRESULT check_rect(struct d3d_viewport *viewport, DWORD x, DWORD y, DWORD width, DWORD height)
{
    const DDSURFACEDESC2 *desc;

    if (!viewport->device) return D3DERR_VIEWPORTHASNODEVICE;
    /* Direct3D 1 takes any rectangle (Wine's d3d.c ViewportTest). */
    if (viewport->device->version == 1) return D3D_OK;
    desc = d3d7_surface_get_desc(viewport->device->target);
    if (x > desc->dwWidth || width > desc->dwWidth - x || y > desc->dwHeight || height > desc->dwHeight - y)
        return DDERR_INVALIDPARAMS;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_SetViewport(IDirect3DViewport3 *iface, D3DVIEWPORT *data)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    HRESULT hr;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data || data->dwSize != sizeof(*data)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (SUCCEEDED(hr = check_rect(viewport, data->dwX, data->dwY, data->dwWidth, data->dwHeight)))
    {
        viewport->vp1 = *data;
        viewport->data_version = 1;
        if (is_current(viewport)) d3d_viewport_activate(viewport, FALSE);
    }
    ddraw_unlock();
    return hr;
}

/* What TransformVertices reads and writes: a position (w ignored on input)
 * and 16 bytes carried across, so a D3DLVERTEX becomes a D3DTLVERTEX. */
struct transform_vertex
{
    float x, y, z, w;
    DWORD payload[4];
};

static HRESULT transform_vertices(struct d3d_viewport *viewport, DWORD count, D3DTRANSFORMDATA *data,
        DWORD flags, DWORD *offscreen)
{
    struct d3d3_device *device = viewport->device;
    struct wined3d_matrix world, view, projection, m;
    DWORD x0, y0, width, height, i;
    BOOL clipped = !!(flags & D3DTRANSFORM_CLIPPED);

    if (!data || data->dwSize != sizeof(*data) || !offscreen) return DDERR_INVALIDPARAMS;
    if (!(flags & (D3DTRANSFORM_CLIPPED | D3DTRANSFORM_UNCLIPPED))) return DDERR_INVALIDPARAMS;
    if (count && (!data->lpIn || !data->lpOut || data->dwInSize < sizeof(struct transform_vertex)
            || data->dwOutSize < sizeof(struct transform_vertex) || (clipped && !data->lpHOut)))
        return DDERR_INVALIDPARAMS;
    /* Windows crashes here; an error is kinder. */
    if (!device) return D3DERR_VIEWPORTHASNODEVICE;
    if (!viewport->data_version) return D3DERR_VIEWPORTDATANOTSET;

    /* The device's matrices with this viewport's clip volume in the projection. */
    d3d_viewport_activate(viewport, FALSE);
    IDirect3DDevice7_GetTransform(device->device7, D3DTRANSFORMSTATE_WORLD, (D3DMATRIX *)&world);
    IDirect3DDevice7_GetTransform(device->device7, D3DTRANSFORMSTATE_VIEW, (D3DMATRIX *)&view);
    IDirect3DDevice7_GetTransform(device->device7, D3DTRANSFORMSTATE_PROJECTION, (D3DMATRIX *)&projection);
    d3d7_multiply_matrix(&m, &world, &view);
    d3d7_multiply_matrix(&m, &m, &projection);
    x0 = viewport->vp1.dwX;
    y0 = viewport->vp1.dwY;
    width = viewport->vp1.dwWidth;
    height = viewport->vp1.dwHeight;
    if (viewport->data_version == 2)
    {
        x0 = viewport->vp2.dwX;
        y0 = viewport->vp2.dwY;
        width = viewport->vp2.dwWidth;
        height = viewport->vp2.dwHeight;
    }

    *offscreen = clipped ? ~0u : 0;
    for (i = 0; i < count; ++i)
    {
        const struct transform_vertex *in = (const void *)((const BYTE *)data->lpIn + (size_t)i * data->dwInSize);
        struct transform_vertex *out = (void *)((BYTE *)data->lpOut + (size_t)i * data->dwOutSize);
        float x = in->x * m._11 + in->y * m._21 + in->z * m._31 + m._41;
        float y = in->x * m._12 + in->y * m._22 + in->z * m._32 + m._42;
        float z = in->x * m._13 + in->y * m._23 + in->z * m._33 + m._43;
        float w = in->x * m._14 + in->y * m._24 + in->z * m._34 + m._44;

        if (clipped)
        {
            const D3DMATRIX *c = &device->legacy_clipspace;
            D3DHVERTEX *h = &data->lpHOut[i];

            /* The homogeneous position before the viewport's clip volume. */
            h->hx = (x - c->_41 * w) / c->_11;
            h->hy = (y - c->_42 * w) / c->_22;
            h->hz = (z - c->_43 * w) / c->_33;
            h->dwFlags = 0;
            if (x > w) h->dwFlags |= D3DCLIP_RIGHT;
            if (x < -w) h->dwFlags |= D3DCLIP_LEFT;
            if (y > w) h->dwFlags |= D3DCLIP_TOP;
            if (y < -w) h->dwFlags |= D3DCLIP_BOTTOM;
            if (z < 0.0f) h->dwFlags |= D3DCLIP_FRONT;
            if (z > w) h->dwFlags |= D3DCLIP_BACK;
            *offscreen &= h->dwFlags;
            if (h->dwFlags)
            {
                /* Windows leaves a clipped vertex's output as the clip-space position. */
                out->x = x;
                out->y = y;
                out->z = z;
                out->w = w;
                continue;
            }
        }
        w = 1.0f / w;
        out->x = (x * w + 1.0f) * width * 0.5f + x0;
        out->y = (-y * w + 1.0f) * height * 0.5f + y0;
        out->z = z * w;
        out->w = w;
        memcpy(out->payload, in->payload, sizeof(out->payload));
    }
    if (device->current && device->current != viewport)
        d3d_viewport_activate(device->current, FALSE);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_TransformVertices(IDirect3DViewport3 *iface, DWORD vertex_count,
        D3DTRANSFORMDATA *data, DWORD flags, DWORD *offscreen)
{
    HRESULT hr;

    TRACE("iface %p, vertex_count %u, data %p, flags %#x, offscreen %p.\n", iface,
            (unsigned int)vertex_count, data, (unsigned int)flags, offscreen);
    ddraw_lock();
    hr = transform_vertices(impl_from_IDirect3DViewport3(iface), vertex_count, data, flags, offscreen);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_LightElements(IDirect3DViewport3 *iface, DWORD element_count,
        D3DLIGHTDATA *data)
{
    TRACE("iface %p, element_count %u, data %p.\n", iface, (unsigned int)element_count, data);
    /* Windows never implemented it either. */
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_SetBackground(IDirect3DViewport3 *iface, D3DMATERIALHANDLE material)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    HRESULT hr = D3D_OK;

    TRACE("iface %p, material %#x.\n", iface, (unsigned int)material);

    ddraw_lock();
    /* A handle is known only to the Direct3D object of a device. */
    if (viewport->device && !d3d_handle_get(d3d3_device_get_d3d(viewport->device), material, D3D_HANDLE_MATERIAL))
        hr = DDERR_INVALIDPARAMS;
    else
        viewport->background = material;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_GetBackground(IDirect3DViewport3 *iface,
        D3DMATERIALHANDLE *material, BOOL *valid)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);

    TRACE("iface %p, material %p, valid %p.\n", iface, material, valid);

    if (!material || !valid) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    *material = viewport->background;
    *valid = !!viewport->background;
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT set_background_depth(struct d3d_viewport *viewport, struct ddraw_surface *surface)
{
    IDirectDrawSurface4 *iface = surface ? (IDirectDrawSurface4 *)ddraw_surface_get_iface(surface, 4) : NULL;

    /* Kept and handed back; clears fill the z-buffer with 1.0 regardless. */
    if (iface) ddraw_surface_addref(surface, 4);
    if (viewport->background_depth) IDirectDrawSurface4_Release(viewport->background_depth);
    viewport->background_depth = iface;
    return D3D_OK;
}

static HRESULT get_background_depth(struct d3d_viewport *viewport, unsigned int version, void **surface, BOOL *valid)
{
    struct ddraw_surface *s;

    if (!surface || !valid) return DDERR_INVALIDPARAMS;
    *surface = NULL;
    *valid = FALSE;
    if (viewport->background_depth && (s = ddraw_surface_from_iface4(viewport->background_depth)))
    {
        *surface = ddraw_surface_get_iface(s, version);
        ddraw_surface_addref(s, version);
        *valid = TRUE;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_SetBackgroundDepth(IDirect3DViewport3 *iface, IDirectDrawSurface *surface)
{
    HRESULT hr;

    TRACE("iface %p, surface %p.\n", iface, surface);
    if (surface && !ddraw_surface_from_iface1(surface)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = set_background_depth(impl_from_IDirect3DViewport3(iface), ddraw_surface_from_iface1(surface));
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_GetBackgroundDepth(IDirect3DViewport3 *iface,
        IDirectDrawSurface **surface, BOOL *valid)
{
    HRESULT hr;

    TRACE("iface %p, surface %p, valid %p.\n", iface, surface, valid);
    ddraw_lock();
    hr = get_background_depth(impl_from_IDirect3DViewport3(iface), 1, (void **)surface, valid);
    ddraw_unlock();
    return hr;
}

/* Clears through the device with this viewport's rectangle, then gives
 * the current viewport back its own. */
static HRESULT clear(struct d3d_viewport *viewport, DWORD count, D3DRECT *rects, DWORD flags,
        D3DCOLOR color, D3DVALUE z, DWORD stencil)
{
    struct d3d3_device *device = viewport->device;
    HRESULT hr;

    /* Windows clears nothing, successfully, without rectangles. */
    if (!rects || !count) return D3D_OK;
    if (!device) return D3DERR_VIEWPORTHASNODEVICE;
    d3d_viewport_activate(viewport, FALSE);
    hr = IDirect3DDevice7_Clear(device->device7, count, rects, flags, color, z, stencil);
    if (device->current && device->current != viewport)
        d3d_viewport_activate(device->current, FALSE);
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_Clear(IDirect3DViewport3 *iface, DWORD count, D3DRECT *rects,
        DWORD flags)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    struct d3d_material *material = NULL;
    D3DCOLOR color = 0;
    HRESULT hr;

    TRACE("iface %p, count %u, rects %p, flags %#x.\n", iface, (unsigned int)count, rects, (unsigned int)flags);

    ddraw_lock();
    /* The target is filled with the background material's diffuse colour. */
    if (viewport->device && viewport->background)
        material = d3d_handle_get(d3d3_device_get_d3d(viewport->device), viewport->background, D3D_HANDLE_MATERIAL);
    if (material) color = d3d_material_diffuse_argb(material);
    hr = clear(viewport, count, rects, flags & (D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER), color, 1.0f, 0);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_AddLight(IDirect3DViewport3 *iface, IDirect3DLight *light_iface)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    struct d3d_light *light = d3d_light_from_iface(light_iface), **p;

    TRACE("iface %p, light %p.\n", iface, light_iface);

    if (!light) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (light->viewport)
    {
        ddraw_unlock();
        return D3DERR_LIGHTHASVIEWPORT;
    }
    IDirect3DLight_AddRef(light_iface);
    light->viewport = viewport;
    light->serial = d3d_light_next_serial();
    for (p = &viewport->lights; *p; p = &(*p)->next);
    *p = light;
    d3d_viewport_light_changed(viewport);
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_DeleteLight(IDirect3DViewport3 *iface, IDirect3DLight *light_iface)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    struct d3d_light *light = d3d_light_from_iface(light_iface), **p;

    TRACE("iface %p, light %p.\n", iface, light_iface);

    if (!light) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (light->viewport != viewport)
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    if (viewport->device) d3d_light_deactivate(light, viewport->device);
    for (p = &viewport->lights; *p && *p != light; p = &(*p)->next);
    if (*p) *p = light->next;
    light->next = NULL;
    light->viewport = NULL;
    d3d_viewport_light_changed(viewport);
    IDirect3DLight_Release(light_iface);
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_NextLight(IDirect3DViewport3 *iface, IDirect3DLight *light_iface,
        IDirect3DLight **next, DWORD flags)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    struct d3d_light *light = d3d_light_from_iface(light_iface), *l = NULL;

    TRACE("iface %p, light %p, next %p, flags %#x.\n", iface, light_iface, next, (unsigned int)flags);

    if (!next) return DDERR_INVALIDPARAMS;
    *next = NULL;
    ddraw_lock();
    switch (flags)
    {
        case D3DNEXT_NEXT:
            if (!light || light->viewport != viewport)
            {
                ddraw_unlock();
                return DDERR_INVALIDPARAMS;
            }
            l = light->next;
            break;
        case D3DNEXT_HEAD:
            l = viewport->lights;
            break;
        case D3DNEXT_TAIL:
            for (l = viewport->lights; l && l->next; l = l->next);
            break;
        default:
            ddraw_unlock();
            return DDERR_INVALIDPARAMS;
    }
    if (l)
    {
        *next = &l->IDirect3DLight_iface;
        IDirect3DLight_AddRef(*next);
    }
    ddraw_unlock();
    return l ? D3D_OK : DDERR_INVALIDPARAMS;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_GetViewport2(IDirect3DViewport3 *iface, D3DVIEWPORT2 *data)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    D3DVIEWPORT2 vp;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data || data->dwSize != sizeof(*data)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!viewport->data_version)
    {
        ddraw_unlock();
        return D3DERR_VIEWPORTDATANOTSET;
    }
    if (viewport->data_version == 2)
        vp = viewport->vp2;
    else
    {
        const D3DVIEWPORT *v = &viewport->vp1;

        memset(&vp, 0, sizeof(vp));
        vp.dwSize = sizeof(vp);
        vp.dwX = v->dwX;
        vp.dwY = v->dwY;
        vp.dwWidth = v->dwWidth;
        vp.dwHeight = v->dwHeight;
        /* Windows derives the clip volume from the scale, centred. */
        vp.dvClipWidth = v->dwWidth / v->dvScaleX;
        vp.dvClipHeight = v->dwHeight / v->dvScaleY;
        vp.dvClipX = -vp.dvClipWidth / 2.0f;
        vp.dvClipY = vp.dvClipHeight / 2.0f;
        vp.dvMinZ = 0.0f;
        vp.dvMaxZ = 1.0f;
    }
    *data = vp;
    ddraw_unlock();
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_SetViewport2(IDirect3DViewport3 *iface, D3DVIEWPORT2 *data)
{
    struct d3d_viewport *viewport = impl_from_IDirect3DViewport3(iface);
    HRESULT hr;

    TRACE("iface %p, data %p.\n", iface, data);

    if (!data || data->dwSize != sizeof(*data)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (SUCCEEDED(hr = check_rect(viewport, data->dwX, data->dwY, data->dwWidth, data->dwHeight)))
    {
        /* A clip volume of no extent is taken, as Windows does (Wine's d3d.c
         * ViewportTest); its matrix collapses that axis (inv_or_zero). */
        viewport->vp2 = *data;
        viewport->data_version = 2;
        if (is_current(viewport)) d3d_viewport_activate(viewport, FALSE);
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_SetBackgroundDepth2(IDirect3DViewport3 *iface,
        IDirectDrawSurface4 *surface)
{
    HRESULT hr;

    TRACE("iface %p, surface %p.\n", iface, surface);
    if (surface && !ddraw_surface_from_iface4(surface)) return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = set_background_depth(impl_from_IDirect3DViewport3(iface), ddraw_surface_from_iface4(surface));
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_GetBackgroundDepth2(IDirect3DViewport3 *iface,
        IDirectDrawSurface4 **surface, BOOL *valid)
{
    HRESULT hr;

    TRACE("iface %p, surface %p, valid %p.\n", iface, surface, valid);
    ddraw_lock();
    hr = get_background_depth(impl_from_IDirect3DViewport3(iface), 4, (void **)surface, valid);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d_viewport_Clear2(IDirect3DViewport3 *iface, DWORD count, D3DRECT *rects,
        DWORD flags, D3DCOLOR color, D3DVALUE z, DWORD stencil)
{
    HRESULT hr;

    TRACE("iface %p, count %u, rects %p, flags %#x, color %#x, z %.8e, stencil %u.\n", iface,
            (unsigned int)count, rects, (unsigned int)flags, (unsigned int)color, z, (unsigned int)stencil);
    ddraw_lock();
    hr = clear(impl_from_IDirect3DViewport3(iface), count, rects, flags, color, z, stencil);
    ddraw_unlock();
    return hr;
}

static const IDirect3DViewport3Vtbl d3d_viewport_vtbl =
{
    d3d_viewport_QueryInterface,
    d3d_viewport_AddRef,
    d3d_viewport_Release,
    d3d_viewport_Initialize,
    d3d_viewport_GetViewport,
    d3d_viewport_SetViewport,
    d3d_viewport_TransformVertices,
    d3d_viewport_LightElements,
    d3d_viewport_SetBackground,
    d3d_viewport_GetBackground,
    d3d_viewport_SetBackgroundDepth,
    d3d_viewport_GetBackgroundDepth,
    d3d_viewport_Clear,
    d3d_viewport_AddLight,
    d3d_viewport_DeleteLight,
    d3d_viewport_NextLight,
    d3d_viewport_GetViewport2,
    d3d_viewport_SetViewport2,
    d3d_viewport_SetBackgroundDepth2,
    d3d_viewport_GetBackgroundDepth2,
    d3d_viewport_Clear2,
};

HRESULT d3d_viewport_create(struct d3d_viewport **viewport)
{
    struct d3d_viewport *object;

    if (!(object = calloc(1, sizeof(*object))))
        return DDERR_OUTOFMEMORY;
    object->IDirect3DViewport3_iface.lpVtbl = &d3d_viewport_vtbl;
    object->refcount = 1;
    *viewport = object;
    return D3D_OK;
}

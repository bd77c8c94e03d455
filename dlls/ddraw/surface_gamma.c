/*
 * ddraw: IDirectDrawGammaControl, on the surface object of surface.c.  The
 * ramp belongs to the DirectDraw object and only the primary's reaches the
 * screen: the core applies it at presentation.  QueryInterface is the
 * surface's; the interface has its own reference count (gamma_ref, version
 * 0 for ddraw_surface_addref and ddraw_surface_release).
 */

#include "config.h"

#include "ddraw_private.h"

static inline struct ddraw_surface *impl_from_gamma(IDirectDrawGammaControl *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawGammaControl_iface);
}

static HRESULT STDMETHODCALLTYPE gamma_QueryInterface(IDirectDrawGammaControl *iface, REFIID riid, void **out)
{
    return ddraw_surface_query_interface(impl_from_gamma(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE gamma_AddRef(IDirectDrawGammaControl *iface)
{
    return ddraw_surface_addref(impl_from_gamma(iface), 0);
}

static ULONG STDMETHODCALLTYPE gamma_Release(IDirectDrawGammaControl *iface)
{
    return ddraw_surface_release(impl_from_gamma(iface), 0);
}

static HRESULT STDMETHODCALLTYPE gamma_GetGammaRamp(IDirectDrawGammaControl *iface, DWORD flags, DDGAMMARAMP *ramp)
{
    struct ddraw_surface *surface = impl_from_gamma(iface);
    unsigned int i;

    if (!ramp)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!surface->ddraw)
    {
        ddraw_unlock();
        return DDERR_SURFACELOST;
    }
    if (surface->ddraw->gamma_set)
        *ramp = surface->ddraw->gamma_ramp;
    else
    {
        /* The identity ramp. */
        for (i = 0; i < 256; ++i)
            ramp->red[i] = ramp->green[i] = ramp->blue[i] = (WORD)(i * 0x101);
    }
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE gamma_SetGammaRamp(IDirectDrawGammaControl *iface, DWORD flags, DDGAMMARAMP *ramp)
{
    struct ddraw_surface *surface = impl_from_gamma(iface);

    if (!ramp || (flags & ~DDSGR_CALIBRATE))
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!surface->ddraw)
    {
        ddraw_unlock();
        return DDERR_SURFACELOST;
    }
    if (!(surface->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE))
    {
        /* Only the primary's ramp reaches the screen. */
        ddraw_unlock();
        return DD_OK;
    }
    /* Applied at presentation by the core: never to the X server or desktop. */
    surface->ddraw->gamma_ramp = *ramp;
    surface->ddraw->gamma_set = TRUE;
    if (surface->ddraw->swapchain)
        wined3d_swapchain_set_gamma_ramp(surface->ddraw->swapchain, (const struct wined3d_gamma_ramp *)ramp);
    ddraw_present(surface->ddraw, surface);
    ddraw_unlock();
    return DD_OK;
}

static const IDirectDrawGammaControlVtbl gamma_control_vtbl =
{
    gamma_QueryInterface,
    gamma_AddRef,
    gamma_Release,
    gamma_GetGammaRamp,
    gamma_SetGammaRamp,
};

/* Called by surface.c when it allocates a surface object. */
void ddraw_surface_init_gamma(struct ddraw_surface *surface)
{
    surface->IDirectDrawGammaControl_iface.lpVtbl = &gamma_control_vtbl;
}

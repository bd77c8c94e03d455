/*
 * ddraw: attached surfaces and Flip, on the surface object of surface.c.
 * Get/Add/Delete/EnumAttachedSurface(s) work on the surface's attached list;
 * Flip walks that list from the front buffer along the flip chain and
 * exchanges the core textures between the chain's surface objects, as
 * DirectDraw exchanges the memory behind the interfaces.
 */

#include "config.h"

#include "ddraw_private.h"

static BOOL surface_caps_match(const struct ddraw_surface *surface, const DDSCAPS2 *caps)
{
    return (surface->desc.ddsCaps.dwCaps & caps->dwCaps) == caps->dwCaps
            && (surface->desc.ddsCaps.dwCaps2 & caps->dwCaps2) == caps->dwCaps2;
}

HRESULT ddraw_surface_get_attached(struct ddraw_surface *surface, const DDSCAPS2 *caps, unsigned int version,
        struct ddraw_surface **out)
{
    unsigned int i;

    ddraw_lock();
    if (surface->ddraw && ddraw_surface_lost(surface))
    {
        ddraw_unlock();
        *out = NULL;
        return DDERR_SURFACELOST;
    }
    for (i = 0; i < surface->attached_count; ++i)
    {
        struct ddraw_surface *att = surface->attached[i];

        /* The front buffer at the end of a circular chain is found only
         * when the caller asks for it. */
        if (surface_caps_match(att, caps))
        {
            ddraw_surface_addref(att, version);
            *out = att;
            ddraw_unlock();
            return DD_OK;
        }
    }
    ddraw_unlock();
    *out = NULL;
    return DDERR_NOTFOUND;
}

HRESULT ddraw_surface_add_attached(struct ddraw_surface *surface, unsigned int version, void *attachment)
{
    unsigned int i, att_version;
    struct ddraw_surface *att = ddraw_surface_from_any_iface(attachment, &att_version);

    if (!att)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (att == surface)
    {
        ddraw_unlock();
        return DDERR_CANNOTATTACHSURFACE;
    }
    for (i = 0; i < surface->attached_count; ++i)
    {
        if (surface->attached[i] == att)
        {
            ddraw_unlock();
            return DDERR_SURFACEALREADYATTACHED;
        }
    }
    /* The other way round counts too (Wine's d3d.c BackBuffer3DAttachmentTest). */
    for (i = 0; i < att->attached_count; ++i)
    {
        if (att->attached[i] == surface)
        {
            ddraw_unlock();
            return DDERR_SURFACEALREADYATTACHED;
        }
    }
    /* DirectDraw 7 attaches only z-buffers to other surfaces; the older
     * interfaces also take offscreen surfaces as back buffers, and the
     * primary as one of an offscreen plain surface (Wine's ddraw1/2/4.c
     * test_surface_attachment). */
    if (!(att->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER) || (surface->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER))
    {
        DWORD refused = DDSCAPS_TEXTURE;

        if (!(surface->desc.ddsCaps.dwCaps & DDSCAPS_OFFSCREENPLAIN))
            refused |= DDSCAPS_PRIMARYSURFACE;
        if (version == 7 || (surface->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER) || (att->desc.ddsCaps.dwCaps & refused))
        {
            ddraw_unlock();
            return DDERR_CANNOTATTACHSURFACE;
        }
    }
    /* A z-buffer or a back buffer of another size does not attach (Wine's
     * d3d.c BackBuffer3DAttachmentTest). */
    if (att->desc.dwWidth != surface->desc.dwWidth || att->desc.dwHeight != surface->desc.dwHeight)
    {
        ddraw_unlock();
        return DDERR_CANNOTATTACHSURFACE;
    }
    for (i = 0; i < surface->attached_count; ++i)
    {
        if ((surface->attached[i]->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER) && (att->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER))
        {
            ddraw_unlock();
            return DDERR_CANNOTATTACHSURFACE;
        }
    }
    if (att->attached_to || att->implicit || surface->attached_count >= ARRAY_SIZE(surface->attached))
    {
        ddraw_unlock();
        return DDERR_SURFACEALREADYDEPENDENT;
    }
    surface->attached[surface->attached_count++] = att;
    att->attached_to = surface;
    /* The reference is on the attachment's interface the program passed,
     * and only that interface detaches it (Wine's test_surface_attachment);
     * it may be of another version than the method's (Wine's
     * test_surface_interface_mismatch). */
    att->attach_version = att_version;
    ddraw_surface_addref(att, att_version);
    if (att->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER)
        ddraw_d3d_attachments_changed(surface);
    ddraw_unlock();
    return DD_OK;
}

HRESULT ddraw_surface_delete_attached(struct ddraw_surface *surface, DWORD flags, void *attachment)
{
    unsigned int i, version;
    struct ddraw_surface *att = ddraw_surface_from_any_iface(attachment, &version);
    HRESULT hr;

    if (flags)
        return DDERR_INVALIDPARAMS;
    if (!att)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    for (i = 0; i < surface->attached_count; ++i)
    {
        if (surface->attached[i] != att)
            continue;
        if (att->root == surface->root)
        {
            ddraw_unlock();
            return DDERR_CANNOTDETACHSURFACE;
        }
        if (att->attach_version != version)
            break;
        memmove(&surface->attached[i], &surface->attached[i + 1],
                (surface->attached_count - i - 1) * sizeof(surface->attached[0]));
        --surface->attached_count;
        att->attached_to = NULL;
        /* A device drawing to the surface holds the z-buffer until it is
         * told; its reference may be the last. */
        if (att->desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER)
            ddraw_d3d_attachments_changed(surface);
        ddraw_surface_release(att, att->attach_version);
        ddraw_unlock();
        return DD_OK;
    }
    /* Detaching the wrong way round, from the surface that is attached
     * (Wine's ddraw1/2/4.c test_surface_attachment, d3d.c). */
    hr = surface->attached_to == att ? DDERR_CANNOTDETACHSURFACE : DDERR_SURFACENOTATTACHED;
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_surface_enum_attached(struct ddraw_surface *surface, unsigned int version, void *context,
        void *callback)
{
    struct ddraw_surface *list[ARRAY_SIZE(surface->attached)];
    unsigned int count = 0, i, pass;

    if (!callback)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    /* What the structure made comes first, then what the program attached;
     * each newest first, as Windows keeps them (Wine's dsurface.c
     * CubeMapTest: a cube's faces from -Z to -X). The circular link from the
     * last back buffer to the front buffer is not enumerated. */
    for (pass = 0; pass < 2; ++pass)
    {
        for (i = surface->attached_count; i-- > 0;)
        {
            struct ddraw_surface *att = surface->attached[i];
            BOOL implicit = att->root == surface->root;

            if (implicit != !pass)
                continue;
            if (att == surface->root && (att->desc.ddsCaps.dwCaps & DDSCAPS_FRONTBUFFER))
                continue;
            list[count++] = att;
        }
    }
    for (i = 0; i < count; ++i)
    {
        DDSURFACEDESC2 desc = list[i]->desc;
        HRESULT ret;

        ddraw_surface_addref(list[i], version);
        if (version == 7)
            ret = ((LPDDENUMSURFACESCALLBACK7)callback)(&list[i]->IDirectDrawSurface7_iface, &desc, context);
        else if (version == 4)
            ret = ((LPDDENUMSURFACESCALLBACK2)callback)(&list[i]->IDirectDrawSurface4_iface, &desc, context);
        else
        {
            DDSURFACEDESC desc1;

            ddraw_desc2_to_desc1(&desc, &desc1);
            ret = ((LPDDENUMSURFACESCALLBACK)callback)((IDirectDrawSurface *)ddraw_surface_get_iface(list[i], version),
                    &desc1, context);
        }
        if (ret == DDENUMRET_CANCEL)
            break;
    }
    ddraw_unlock();
    return DD_OK;
}

/* After textures moved between surfaces: keep the core's render target and
 * depth buffer on the same surfaces. */
static void surface_rebind_targets(struct ddraw *ddraw, struct wined3d_texture **old_textures,
        struct ddraw_surface **surfaces, unsigned int count)
{
    struct wined3d_texture *rt, *ds;
    unsigned int i, sub;

    if (!ddraw || !ddraw->wined3d_device)
        return;
    rt = wined3d_device_get_render_target(ddraw->wined3d_device, &sub);
    ds = wined3d_device_get_depth_stencil(ddraw->wined3d_device, &sub);
    for (i = 0; i < count; ++i)
    {
        if (rt && rt == old_textures[i])
        {
            struct wined3d_viewport vp;

            /* Setting a target resets the viewport; keep the application's. */
            wined3d_device_get_viewport(ddraw->wined3d_device, &vp);
            wined3d_device_set_render_target(ddraw->wined3d_device, surfaces[i]->texture, 0);
            wined3d_device_set_viewport(ddraw->wined3d_device, &vp);
            rt = NULL;
        }
        if (ds && ds == old_textures[i])
        {
            wined3d_device_set_depth_stencil(ddraw->wined3d_device, surfaces[i]->texture, 0);
            ds = NULL;
        }
    }
}

HRESULT ddraw_surface_flip(struct ddraw_surface *front, struct ddraw_surface *target, DWORD flags)
{
    static const DWORD valid = DDFLIP_WAIT | DDFLIP_EVEN | DDFLIP_ODD | DDFLIP_NOVSYNC | DDFLIP_STEREO
            | DDFLIP_DONOTWAIT | DDFLIP_INTERVAL2 | DDFLIP_INTERVAL3 | DDFLIP_INTERVAL4;
    struct ddraw_surface *chain[16];
    struct wined3d_texture *old_textures[16], *tmp;
    unsigned int count = 0, i;
    HRESULT hr = DD_OK;

    if (flags & ~valid)
        return DDERR_INVALIDPARAMS;
    if ((flags & (DDFLIP_EVEN | DDFLIP_ODD)) == (DDFLIP_EVEN | DDFLIP_ODD))
        return DDERR_INVALIDPARAMS;

    ddraw_lock();
    if (!(front->desc.ddsCaps.dwCaps & DDSCAPS_FRONTBUFFER) || !(front->desc.ddsCaps.dwCaps & DDSCAPS_FLIP))
    {
        hr = DDERR_NOTFLIPPABLE;
        goto done;
    }
    if (FAILED(hr = ddraw_surface_check_usable(front)))
        goto done;
    if (ddraw_surface_is_primary_chain(front) && front->ddraw && !(front->ddraw->cooperative_level & DDSCL_EXCLUSIVE))
    {
        hr = DDERR_NOEXCLUSIVEMODE;
        goto done;
    }

    /* The chain in flip order: front, back 1, back 2, ... */
    chain[count++] = front;
    while (count < ARRAY_SIZE(chain))
    {
        struct ddraw_surface *cur = chain[count - 1], *next = NULL;

        for (i = 0; i < cur->attached_count; ++i)
        {
            if (cur->attached[i]->root == front && (cur->attached[i]->desc.ddsCaps.dwCaps & DDSCAPS_FLIP))
            {
                next = cur->attached[i];
                break;
            }
        }
        if (!next || next == front)
            break;
        chain[count++] = next;
    }
    for (i = 0; i < count; ++i)
    {
        if (chain[i]->lock_count || chain[i]->dc_in_use)
        {
            hr = DDERR_SURFACEBUSY;
            goto done;
        }
        old_textures[i] = chain[i]->texture;
    }
    if (!front->gdi_texture)
        front->gdi_texture = front->texture;

    if (target)
    {
        for (i = 1; i < count; ++i)
            if (chain[i] == target)
                break;
        /* Not a back buffer of this chain (the front buffer itself
         * included): Wine's test_flip. */
        if (i == count)
        {
            hr = DDERR_NOTFLIPPABLE;
            goto done;
        }
        tmp = front->texture;
        front->texture = target->texture;
        target->texture = tmp;
    }
    else
    {
        /* Rotate: the front gets back 1's picture, the last back buffer the old front. */
        tmp = chain[0]->texture;
        for (i = 0; i + 1 < count; ++i)
            chain[i]->texture = chain[i + 1]->texture;
        chain[count - 1]->texture = tmp;
    }
    surface_rebind_targets(front->ddraw, old_textures, chain, count);
    for (i = 0; i < count; ++i)
        ddraw_surface_changed(chain[i]);
    if (ddraw_surface_is_primary_chain(front) && front->ddraw)
    {
        /* A flip shows at the monitor's refresh: pace it, as the game expects
         * (DDFLIP_INTERVALn waits n refreshes; NOVSYNC not at all). */
        if (!(flags & DDFLIP_NOVSYNC))
            ddraw_wait_for_refresh((flags & 0x0f000000) >> 24);
        ddraw_present(front->ddraw, front);
    }
done:
    ddraw_unlock();
    return hr;
}

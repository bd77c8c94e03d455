/*
 * ddraw: the Direct3D hooks when ddraw is built without its Direct3D 7 layer
 * (direct3d.c, device.c, vertexbuffer.c).  QueryInterface for IDirect3D7
 * then answers E_NOINTERFACE, as a DirectDraw without 3D hardware does.
 */
#include "config.h"

#include "ddraw_private.h"

HRESULT ddraw_d3d_query_interface(struct ddraw *ddraw, REFIID riid, void **out)
{
    *out = NULL;
    return E_NOINTERFACE;
}

void ddraw_d3d_destroy(struct ddraw *ddraw)
{
}

HRESULT ddraw_d3d_texture_query_interface(struct ddraw_surface *surface, REFIID riid, void **out)
{
    *out = NULL;
    return E_NOINTERFACE;
}

HRESULT ddraw_d3d_device1_query_interface(struct ddraw_surface *surface, REFIID riid, void **out)
{
    *out = NULL;
    return E_NOINTERFACE;
}

void ddraw_d3d_surface_freed(struct ddraw_surface *surface)
{
}

void ddraw_d3d_attachments_changed(struct ddraw_surface *surface)
{
}

/*
 * Every call the THRASH logic makes on the IDirect3DDevice7. Kept in one
 * file so the unit tests can put a recording fake in its place. Draws open
 * a scene when none is open; pageflip, locks and flushwindow close it.
 */
#include "config.h"

#include "dx7z_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(thrash);

void dx7z_dev_set_render_state(D3DRENDERSTATETYPE rs, DWORD value)
{
    HRESULT hr;

    if (!dx7z.device)
        return;
    if (FAILED(hr = IDirect3DDevice7_SetRenderState(dx7z.device, rs, value)))
        WARN("SetRenderState(%u, %#x) failed, hr %#lx\n", (unsigned)rs, (unsigned)value, (unsigned long)(DWORD)hr);
}

void dx7z_dev_set_texture_stage_state(DWORD stage, D3DTEXTURESTAGESTATETYPE tss, DWORD value)
{
    HRESULT hr;

    if (!dx7z.device || stage >= dx7z.caps.stages)
        return;
    if (FAILED(hr = IDirect3DDevice7_SetTextureStageState(dx7z.device, stage, tss, value)))
        WARN("SetTextureStageState(%u, %u, %#x) failed, hr %#lx\n", (unsigned)stage, (unsigned)tss,
                (unsigned)value, (unsigned long)(DWORD)hr);
}

void dx7z_dev_set_texture(DWORD stage, IDirectDrawSurface7 *surface)
{
    HRESULT hr;

    if (!dx7z.device || stage >= dx7z.caps.stages)
        return;
    if (FAILED(hr = IDirect3DDevice7_SetTexture(dx7z.device, stage, surface)))
        WARN("SetTexture(%u, %p) failed, hr %#lx\n", (unsigned)stage, (void *)surface, (unsigned long)(DWORD)hr);
}

/* The background colour is also the material colour. */
void dx7z_dev_set_material(DWORD colour)
{
    D3DMATERIAL7 m;
    float r = ((colour >> 16) & 0xff) / 255.0f, g = ((colour >> 8) & 0xff) / 255.0f;
    float b = (colour & 0xff) / 255.0f, a = ((colour >> 24) & 0xff) / 255.0f;

    if (!dx7z.device)
        return;
    memset(&m, 0, sizeof(m));
    m.diffuse.r = m.ambient.r = r;
    m.diffuse.g = m.ambient.g = g;
    m.diffuse.b = m.ambient.b = b;
    m.diffuse.a = m.ambient.a = a;
    IDirect3DDevice7_SetMaterial(dx7z.device, &m);
}

void dx7z_dev_begin_scene(void)
{
    HRESULT hr;

    if (!dx7z.device || dx7z.in_scene)
        return;
    if (SUCCEEDED(hr = IDirect3DDevice7_BeginScene(dx7z.device)))
        dx7z.in_scene = TRUE;
    else
        WARN("BeginScene failed, hr %#lx\n", (unsigned long)(DWORD)hr);
}

void dx7z_dev_end_scene(void)
{
    if (!dx7z.device || !dx7z.in_scene)
        return;
    IDirect3DDevice7_EndScene(dx7z.device);
    dx7z.in_scene = FALSE;
}

BOOL dx7z_dev_draw_indexed(D3DPRIMITIVETYPE type, DWORD fvf, void *vertices, DWORD vertex_count,
        WORD *indices, DWORD index_count)
{
    HRESULT hr;

    if (!dx7z.device)
        return TRUE;
    if (!dx7z.in_scene)
        dx7z_dev_begin_scene();
    if (FAILED(hr = IDirect3DDevice7_DrawIndexedPrimitive(dx7z.device, type, fvf, vertices, vertex_count,
            indices, index_count, 0)))
    {
        WARN("DrawIndexedPrimitive failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        ++dx7z.refused_draws;
        return FALSE;
    }
    return TRUE;
}

BOOL dx7z_dev_draw(D3DPRIMITIVETYPE type, DWORD fvf, void *vertices, DWORD vertex_count)
{
    HRESULT hr;

    if (!dx7z.device)
        return TRUE;
    dx7z_dev_begin_scene();
    if (FAILED(hr = IDirect3DDevice7_DrawPrimitive(dx7z.device, type, fvf, vertices, vertex_count, 0)))
    {
        WARN("DrawPrimitive failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        ++dx7z.refused_draws;
        return FALSE;
    }
    return TRUE;
}

/* Clears the viewport (the clip rectangle). */
void dx7z_dev_clear(DWORD flags, DWORD colour, float z)
{
    D3DRECT rect;
    HRESULT hr;

    if (!dx7z.device)
        return;
    rect.x1 = dx7z.viewport.dwX;
    rect.y1 = dx7z.viewport.dwY;
    rect.x2 = dx7z.viewport.dwX + dx7z.viewport.dwWidth;
    rect.y2 = dx7z.viewport.dwY + dx7z.viewport.dwHeight;
    if (FAILED(hr = IDirect3DDevice7_Clear(dx7z.device, 1, &rect, flags, colour, z, 0)))
        WARN("Clear(%#x) failed, hr %#lx\n", (unsigned)flags, (unsigned long)(DWORD)hr);
}

void dx7z_dev_set_viewport(const D3DVIEWPORT7 *vp)
{
    HRESULT hr;

    if (!dx7z.device)
        return;
    if (FAILED(hr = IDirect3DDevice7_SetViewport(dx7z.device, (D3DVIEWPORT7 *)vp)))
        WARN("SetViewport failed, hr %#lx\n", (unsigned long)(DWORD)hr);
}

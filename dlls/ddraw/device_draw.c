/*
 * IDirect3DDevice7's draw methods (device.c holds the rest of the object
 * and its vtable): DrawPrimitive, DrawIndexedPrimitive, their Strided and
 * VB forms, and what they share: the draw checks, the clip status extents
 * (D3DRENDERSTATE_EXTENTS) and the index range check.  The core draws; this
 * file validates as Direct3D 7 does.
 */
#include "config.h"

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

/* Inline: each draw method makes these checks, and as a call they cost a
 * second prologue and epilogue a draw. */
static inline __attribute__((always_inline)) HRESULT check_draw(struct d3d7_device *device, D3DPRIMITIVETYPE type, DWORD fvf)
{
    /* The retail runtime draws outside a scene (only its debug build
     * answers D3DERR_SCENE_NOT_IN_SCENE); applications rely on it. */
    if (!device->in_scene)
        WARN("Drawing outside a scene.\n");
    if (type < D3DPT_POINTLIST || type > D3DPT_TRIANGLEFAN) return D3DERR_INVALIDPRIMITIVETYPE;
    if (!fvf || fvf != device->draw_fvf)
    {
        if (!d3d7_fvf_is_valid(fvf)) return D3DERR_INVALIDVERTEXTYPE;
        device->draw_fvf = fvf;
        device->draw_fvf_stride = d3d7_fvf_stride(fvf);
    }
    d3d7_device_bind_target(device);
    if (device->shadow) device->shadow_dirty = TRUE;
    /* Mostly the core's already (a valid format, as it checks). */
    if (device->core_state->fvf != fvf)
        wined3d_device_set_draw_fvf(device->wined3d_device, fvf);
    return D3D_OK;
}

/* A draw outside a scene on a shadowed target shows at once. */
static void draw_done(struct d3d7_device *device)
{
    if (!device->in_scene) d3d7_device_sync_shadow(device);
}

static BOOL extents_wanted(struct d3d7_device *device, DWORD flags)
{
    return !(flags & D3DDP_DONOTUPDATEEXTENTS) && device->core_state->render_states[D3DRENDERSTATE_EXTENTS];
}

/* A draw from memory: the core's stream source unset, as it mostly is
 * (the call only when a vertex buffer draw set one). */
static void unset_stream_source(struct d3d7_device *device)
{
    const struct wined3d_stream_state *s = &device->core_state->stream;

    if (s->buffer || s->offset || s->stride)
        wined3d_device_set_stream_source(device->wined3d_device, NULL, 0, 0);
}

/* D3DRENDERSTATE_EXTENTS: each draw grows the clip status extents by the
 * screen positions of its vertices (the whole vertex range, as the
 * software pipeline processes it), unless D3DDP_DONOTUPDATEEXTENTS. */
static void update_extents(struct d3d7_device *device, DWORD fvf, const struct wined3d_strided_data *src,
        DWORD count, DWORD flags)
{
    D3DRECT e;
    DWORD i;

    e.x1 = e.y1 = 0x7fffffff;
    e.x2 = e.y2 = -0x7fffffff;

    if (!count || !src->position.data || !extents_wanted(device, flags)) return;
    if ((fvf & D3DFVF_POSITION_MASK) == D3DFVF_XYZRHW)
    {
        for (i = 0; i < count; ++i)
        {
            const float *p = (const float *)((const BYTE *)src->position.data + i * src->position.stride);
            LONG x, y;

            /* Clamped to LONG's range; NaN positions add nothing. */
            if (!d3d7_extent_from_float(p[0], &x) || !d3d7_extent_from_float(p[1], &y))
                continue;
            if (x < e.x1) e.x1 = x;
            if (y < e.y1) e.y1 = y;
            if (x > e.x2) e.x2 = x;
            if (y > e.y2) e.y2 = y;
        }
    }
    else
    {
        struct d3d7_vp_state state;
        BYTE *tmp;

        if (!(tmp = malloc(count * 4 * sizeof(float)))) return;
        d3d7_vp_state_from_device(&state, device->wined3d_device);
        d3d7_process_vertices_cpu(&state, D3DVOP_TRANSFORM | D3DVOP_EXTENTS, fvf, src, count,
                D3DFVF_XYZRHW, tmp, 4 * sizeof(float), NULL, &e);
        free(tmp);
    }
    if (e.x1 <= e.x2)
        d3d7_clip_status_add_extents(&device->clip_status, &e);
}

static void update_extents_fvf(struct d3d7_device *device, DWORD fvf, const void *data, DWORD stride,
        DWORD count, DWORD flags)
{
    struct wined3d_strided_data strided;

    /* Decoding the format only when the extents are kept. */
    if (!extents_wanted(device, flags)) return;
    d3d7_strided_from_fvf(&strided, fvf, data, stride);
    update_extents(device, fvf, &strided, count, flags);
}

static BOOL indices_in_range(const WORD *indices, DWORD index_count, DWORD vertex_count)
{
    return !index_count || wined3d_index_max(indices, index_count) < vertex_count;
}

static HRESULT d3d7_device_DrawPrimitive_unlocked(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, vertices %p, vertex_count %u, flags %#x.\n", iface, type,
            (unsigned int)fvf, vertices, (unsigned int)vertex_count, (unsigned int)flags);

    /* NULL is taken with nothing to read (Wine's ddraw7.c test_draw_primitive). */
    if (!vertices && vertex_count) return DDERR_INVALIDPARAMS;
    if (vertex_count > D3DMAXNUMVERTICES) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = check_draw(device, type, fvf))) return hr;
    if (!vertex_count) return D3D_OK;
    update_extents_fvf(device, fvf, vertices, device->draw_fvf_stride, vertex_count, flags);
    unset_stream_source(device);
    return hr_from_wined3d(wined3d_device_draw_primitive_up(device->wined3d_device,
            (enum wined3d_primitive_type)type, vertices, vertex_count, device->draw_fvf_stride));
}

HRESULT STDMETHODCALLTYPE d3d7_device_DrawPrimitive(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DrawPrimitive_unlocked(iface, type, fvf, vertices, vertex_count, flags);
    draw_done(impl_from_IDirect3DDevice7(iface));
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_DrawIndexedPrimitive_unlocked(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, vertices %p, vertex_count %u, indices %p, index_count %u, flags %#x.\n",
            iface, type, (unsigned int)fvf, vertices, (unsigned int)vertex_count, indices,
            (unsigned int)index_count, (unsigned int)flags);

    if ((!vertices && vertex_count) || (!indices && index_count)) return DDERR_INVALIDPARAMS;
    if (vertex_count > D3DMAXNUMVERTICES) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = check_draw(device, type, fvf))) return hr;
    if (!vertex_count || !index_count) return D3D_OK;
    /* The core refuses an index beyond the vertices (DDERR_INVALIDPARAMS
     * here) as it copies them, so they are scanned first only when a
     * refused draw must not grow the extents. */
    if (extents_wanted(device, flags))
    {
        if (!indices_in_range(indices, index_count, vertex_count)) return DDERR_INVALIDPARAMS;
        update_extents_fvf(device, fvf, vertices, device->draw_fvf_stride, vertex_count, flags);
    }
    unset_stream_source(device);
    return hr_from_wined3d(wined3d_device_draw_indexed_primitive_up(device->wined3d_device,
            (enum wined3d_primitive_type)type, vertices, vertex_count, device->draw_fvf_stride,
            indices, index_count));
}

HRESULT STDMETHODCALLTYPE d3d7_device_DrawIndexedPrimitive(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DrawIndexedPrimitive_unlocked(iface, type, fvf, vertices, vertex_count, indices, index_count, flags);
    draw_done(impl_from_IDirect3DDevice7(iface));
    ddraw_unlock();
    return ret;
}

static BOOL strided_data_valid(DWORD fvf, const D3DDRAWPRIMITIVESTRIDEDDATA *data)
{
    unsigned int i, tex_count = (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;

    if (!data->position.lpvData) return FALSE;
    if ((fvf & D3DFVF_NORMAL) && !data->normal.lpvData) return FALSE;
    if ((fvf & D3DFVF_DIFFUSE) && !data->diffuse.lpvData) return FALSE;
    if ((fvf & D3DFVF_SPECULAR) && !data->specular.lpvData) return FALSE;
    for (i = 0; i < tex_count; ++i)
        if (!data->textureCoords[i].lpvData) return FALSE;
    return TRUE;
}

static HRESULT d3d7_device_DrawPrimitiveStrided_unlocked(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, data %p, vertex_count %u, flags %#x.\n", iface, type,
            (unsigned int)fvf, data, (unsigned int)vertex_count, (unsigned int)flags);

    if (!data) return DDERR_INVALIDPARAMS;
    if (vertex_count > D3DMAXNUMVERTICES) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = check_draw(device, type, fvf))) return hr;
    if (!vertex_count) return D3D_OK;
    if (!strided_data_valid(fvf, data)) return DDERR_INVALIDPARAMS;
    update_extents(device, fvf, (const struct wined3d_strided_data *)data, vertex_count, flags);
    unset_stream_source(device);
    return hr_from_wined3d(wined3d_device_draw_primitive_strided(device->wined3d_device,
            (enum wined3d_primitive_type)type, (const struct wined3d_strided_data *)data, vertex_count, NULL, 0));
}

HRESULT STDMETHODCALLTYPE d3d7_device_DrawPrimitiveStrided(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DrawPrimitiveStrided_unlocked(iface, type, fvf, data, vertex_count, flags);
    draw_done(impl_from_IDirect3DDevice7(iface));
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_DrawIndexedPrimitiveStrided_unlocked(IDirect3DDevice7 *iface,
        D3DPRIMITIVETYPE type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count,
        WORD *indices, DWORD index_count, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    HRESULT hr;

    TRACE("iface %p, type %#x, fvf %#x, data %p, vertex_count %u, indices %p, index_count %u, flags %#x.\n",
            iface, type, (unsigned int)fvf, data, (unsigned int)vertex_count, indices,
            (unsigned int)index_count, (unsigned int)flags);

    if (!data || (!indices && index_count)) return DDERR_INVALIDPARAMS;
    if (vertex_count > D3DMAXNUMVERTICES) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = check_draw(device, type, fvf))) return hr;
    if (!vertex_count || !index_count) return D3D_OK;
    if (!strided_data_valid(fvf, data)) return DDERR_INVALIDPARAMS;
    if (!indices_in_range(indices, index_count, vertex_count)) return DDERR_INVALIDPARAMS;
    update_extents(device, fvf, (const struct wined3d_strided_data *)data, vertex_count, flags);
    unset_stream_source(device);
    return hr_from_wined3d(wined3d_device_draw_primitive_strided(device->wined3d_device,
            (enum wined3d_primitive_type)type, (const struct wined3d_strided_data *)data, vertex_count,
            indices, index_count));
}

HRESULT STDMETHODCALLTYPE d3d7_device_DrawIndexedPrimitiveStrided(IDirect3DDevice7 *iface,
        D3DPRIMITIVETYPE type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count,
        WORD *indices, DWORD index_count, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DrawIndexedPrimitiveStrided_unlocked(iface, type, fvf, data, vertex_count, indices, index_count, flags);
    draw_done(impl_from_IDirect3DDevice7(iface));
    ddraw_unlock();
    return ret;
}

static HRESULT check_vb(struct d3d7_vertex_buffer *vb, DWORD start, DWORD count)
{
    if (!vb) return DDERR_INVALIDPARAMS;
    if (vb->lock_count) return D3DERR_VERTEXBUFFERLOCKED;
    if (start > vb->vertex_count || count > vb->vertex_count - start) return DDERR_INVALIDPARAMS;
    return D3D_OK;
}

static HRESULT d3d7_device_DrawPrimitiveVB_unlocked(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer7 *buffer, DWORD start_vertex, DWORD vertex_count, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct d3d7_vertex_buffer *vb = d3d7_vertex_buffer_from_iface(buffer);
    struct wined3d_buffer *wb;
    HRESULT hr;

    TRACE("iface %p, type %#x, buffer %p, start_vertex %u, vertex_count %u, flags %#x.\n", iface, type,
            buffer, (unsigned int)start_vertex, (unsigned int)vertex_count, (unsigned int)flags);

    if (FAILED(hr = check_vb(vb, start_vertex, vertex_count))) return hr;
    if (FAILED(hr = check_draw(device, type, vb->fvf))) return hr;
    if (!vertex_count) return D3D_OK;
    update_extents_fvf(device, vb->fvf, vb->data + start_vertex * vb->stride, vb->stride, vertex_count, flags);
    if (!(wb = d3d7_vertex_buffer_prepare_draw(vb)))
    {
        unset_stream_source(device);
        return hr_from_wined3d(wined3d_device_draw_primitive_up(device->wined3d_device,
                (enum wined3d_primitive_type)type, vb->data + start_vertex * vb->stride, vertex_count, vb->stride));
    }
    wined3d_device_set_stream_source(device->wined3d_device, wb, 0, vb->stride);
    return hr_from_wined3d(wined3d_device_draw_primitive(device->wined3d_device,
            (enum wined3d_primitive_type)type, start_vertex, vertex_count));
}

HRESULT STDMETHODCALLTYPE d3d7_device_DrawPrimitiveVB(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer7 *buffer, DWORD start_vertex, DWORD vertex_count, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DrawPrimitiveVB_unlocked(iface, type, buffer, start_vertex, vertex_count, flags);
    draw_done(impl_from_IDirect3DDevice7(iface));
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_device_DrawIndexedPrimitiveVB_unlocked(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer7 *buffer, DWORD start_vertex, DWORD vertex_count, WORD *indices,
        DWORD index_count, DWORD flags)
{
    struct d3d7_device *device = impl_from_IDirect3DDevice7(iface);
    struct d3d7_vertex_buffer *vb = d3d7_vertex_buffer_from_iface(buffer);
    struct wined3d_buffer *wb;
    HRESULT hr;

    TRACE("iface %p, type %#x, buffer %p, start_vertex %u, vertex_count %u, indices %p, index_count %u, "
            "flags %#x.\n", iface, type, buffer, (unsigned int)start_vertex, (unsigned int)vertex_count,
            indices, (unsigned int)index_count, (unsigned int)flags);

    if (!indices && index_count) return DDERR_INVALIDPARAMS;
    if (FAILED(hr = check_vb(vb, start_vertex, vertex_count))) return hr;
    if (FAILED(hr = check_draw(device, type, vb->fvf))) return hr;
    if (!vertex_count || !index_count) return D3D_OK;
    if (!indices_in_range(indices, index_count, vertex_count)) return DDERR_INVALIDPARAMS;
    update_extents_fvf(device, vb->fvf, vb->data + start_vertex * vb->stride, vb->stride, vertex_count, flags);
    if (!(wb = d3d7_vertex_buffer_prepare_draw(vb)))
    {
        unset_stream_source(device);
        return hr_from_wined3d(wined3d_device_draw_indexed_primitive_up(device->wined3d_device,
                (enum wined3d_primitive_type)type, vb->data + start_vertex * vb->stride, vertex_count,
                vb->stride, indices, index_count));
    }
    wined3d_device_set_stream_source(device->wined3d_device, wb, 0, vb->stride);
    return hr_from_wined3d(wined3d_device_draw_indexed_primitive(device->wined3d_device,
            (enum wined3d_primitive_type)type, start_vertex, vertex_count, indices, index_count));
}

HRESULT STDMETHODCALLTYPE d3d7_device_DrawIndexedPrimitiveVB(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer7 *buffer, DWORD start_vertex, DWORD vertex_count, WORD *indices,
        DWORD index_count, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    d3d7_device_activate(impl_from_IDirect3DDevice7(iface));
    ret = d3d7_device_DrawIndexedPrimitiveVB_unlocked(iface, type, buffer, start_vertex, vertex_count, indices, index_count, flags);
    draw_done(impl_from_IDirect3DDevice7(iface));
    ddraw_unlock();
    return ret;
}

/*
 * The execute buffer interpreter of IDirect3DDevice::Execute and Pick
 * (Direct3D 1), on the Direct3D 6 and 7 methods of the same device.
 *
 * An execute buffer holds vertices (D3DVERTEX, D3DLVERTEX or D3DTLVERTEX,
 * 32 bytes each) and a stream of instructions: a D3DINSTRUCTION header and
 * wCount records of bSize bytes.  PROCESSVERTICES transforms, lights or
 * copies source vertices into the buffer's processed vertices on the CPU
 * pipeline of vertexbuffer.c; POINT, LINE, TRIANGLE and SPAN draw those as
 * pre-transformed vertices through IDirect3DDevice7; the state instructions
 * are the Direct3D 6 device's SetRenderState, SetLightState and, through
 * matrix handles, SetTransform.
 *
 * Nothing is trusted: every record is read with memcpy (records need not
 * be aligned), every offset, count and index is checked against the buffer
 * before it is used, and a bad stream stops with DDERR_INVALIDPARAMS where
 * it goes wrong (what was executed before stays done, as on Windows).
 */
#include "config.h"

#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

#define VERTEX_SIZE 32      /* D3DVERTEX, D3DLVERTEX and D3DTLVERTEX alike */

struct execute_context
{
    struct d3d_execute_buffer *buffer;
    struct d3d3_device *device;         /* NULL: only check the stream (Validate) */
    struct d3d_execute_pick *pick;      /* non-NULL: record picks instead of drawing */
    const BYTE *base;                   /* the buffer's memory */
    DWORD size;                         /* its size */
    DWORD start, end;                   /* the instruction stream */
    DWORD vertex_count;                 /* processed vertices the instructions may use */
    WORD *indices;                      /* scratch for draws */
    DWORD index_capacity;
};

/* The smallest record each opcode can be read from. */
static DWORD min_record_size(BYTE opcode)
{
    switch (opcode)
    {
        case D3DOP_POINT: return sizeof(D3DPOINT);
        case D3DOP_LINE: return sizeof(D3DLINE);
        case D3DOP_TRIANGLE: return sizeof(D3DTRIANGLE);
        case D3DOP_MATRIXLOAD: return sizeof(D3DMATRIXLOAD);
        case D3DOP_MATRIXMULTIPLY: return sizeof(D3DMATRIXMULTIPLY);
        case D3DOP_STATETRANSFORM:
        case D3DOP_STATELIGHT:
        case D3DOP_STATERENDER: return sizeof(D3DSTATE);
        case D3DOP_PROCESSVERTICES: return sizeof(D3DPROCESSVERTICES);
        case D3DOP_TEXTURELOAD: return sizeof(D3DTEXTURELOAD);
        case D3DOP_EXIT: return 0;
        case D3DOP_BRANCHFORWARD: return sizeof(D3DBRANCH);
        case D3DOP_SPAN: return sizeof(D3DSPAN);
        case D3DOP_SETSTATUS: return sizeof(D3DSTATUS);
        default: return ~0u;
    }
}

static BOOL drawing(const struct execute_context *ctx)
{
    return ctx->device && !ctx->pick;
}

static WORD *get_indices(struct execute_context *ctx, DWORD count)
{
    WORD *indices;

    if (!count) count = 1;  /* no records: still an array */
    if (count <= ctx->index_capacity) return ctx->indices;
    if (!(indices = realloc(ctx->indices, count * sizeof(*indices)))) return NULL;
    ctx->indices = indices;
    ctx->index_capacity = count;
    return indices;
}

static void draw_indexed(struct execute_context *ctx, D3DPRIMITIVETYPE type, const WORD *indices, DWORD count)
{
    HRESULT hr;

    if (!count) return;
    d3d3_device_prepare_draw(ctx->device, D3DFVF_TLVERTEX, 0);
    if (FAILED(hr = IDirect3DDevice7_DrawIndexedPrimitive(ctx->device->device7, type, D3DFVF_TLVERTEX,
            ctx->buffer->tl, ctx->vertex_count, (WORD *)indices, count, 0)))
        WARN("Draw failed, hr %#x.\n", (unsigned int)hr);
}

/* POINT and SPAN: runs of processed vertices, each drawn as points. */
static HRESULT execute_points(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    unsigned int i;
    D3DPOINT p;

    for (i = 0; i < ins->wCount; ++i)
    {
        memcpy(&p, records + i * ins->bSize, sizeof(p));
        if ((DWORD)p.wFirst + p.wCount > ctx->vertex_count) return DDERR_INVALIDPARAMS;
        if (drawing(ctx) && p.wCount)
        {
            d3d3_device_prepare_draw(ctx->device, D3DFVF_TLVERTEX, 0);
            IDirect3DDevice7_DrawPrimitive(ctx->device->device7, D3DPT_POINTLIST, D3DFVF_TLVERTEX,
                    ctx->buffer->tl + p.wFirst, p.wCount, 0);
        }
    }
    return D3D_OK;
}

static HRESULT execute_lines(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    WORD *indices;
    unsigned int i;
    D3DLINE l;

    if (!(indices = get_indices(ctx, ins->wCount * 2u))) return DDERR_OUTOFMEMORY;
    for (i = 0; i < ins->wCount; ++i)
    {
        memcpy(&l, records + i * ins->bSize, sizeof(l));
        if (l.v1 >= ctx->vertex_count || l.v2 >= ctx->vertex_count) return DDERR_INVALIDPARAMS;
        indices[i * 2] = l.v1;
        indices[i * 2 + 1] = l.v2;
    }
    if (drawing(ctx)) draw_indexed(ctx, D3DPT_LINELIST, indices, ins->wCount * 2u);
    return D3D_OK;
}

/* Whether (x, y) lies in the screen triangle a b c (either winding); *z is
 * the depth there. */
static BOOL triangle_covers(const D3DTLVERTEX *a, const D3DTLVERTEX *b, const D3DTLVERTEX *c,
        float x, float y, float *z)
{
    float area = (b->sx - a->sx) * (c->sy - a->sy) - (b->sy - a->sy) * (c->sx - a->sx);
    float wa, wb, wc;

    if (!(area != 0.0f)) return FALSE;  /* degenerate, or NaN */
    wa = ((b->sx - x) * (c->sy - y) - (b->sy - y) * (c->sx - x)) / area;
    wb = ((c->sx - x) * (a->sy - y) - (c->sy - y) * (a->sx - x)) / area;
    wc = 1.0f - wa - wb;
    if (!(wa >= 0.0f && wb >= 0.0f && wc >= 0.0f)) return FALSE;
    *z = wa * a->sz + wb * b->sz + wc * c->sz;
    return TRUE;
}

static HRESULT record_pick(struct d3d_execute_pick *pick, DWORD offset, float z)
{
    D3DPICKRECORD *records;

    if (pick->count == pick->capacity)
    {
        DWORD capacity = pick->capacity ? pick->capacity * 2 : 8;

        if (!(records = realloc(pick->records, capacity * sizeof(*records)))) return DDERR_OUTOFMEMORY;
        pick->records = records;
        pick->capacity = capacity;
    }
    records = &pick->records[pick->count++];
    memset(records, 0, sizeof(*records));
    records->bOpcode = D3DOP_TRIANGLE;
    records->dwOffset = offset;
    records->dvZ = z;
    return D3D_OK;
}

/* In wireframe mode only the edges D3DTRIFLAG_EDGEENABLE* name are drawn. */
static DWORD wireframe_edges(const D3DTRIANGLE *t, WORD *out)
{
    const WORD v[3] = {t->v1, t->v2, t->v3};
    DWORD count = 0;
    unsigned int e;

    for (e = 0; e < 3; ++e)
    {
        if (!(t->wFlags & (D3DTRIFLAG_EDGEENABLE1 << e))) continue;
        out[count++] = v[e];
        out[count++] = v[(e + 1) % 3];
    }
    return count;
}

static HRESULT execute_triangles(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins,
        DWORD offset)
{
    const D3DTLVERTEX *tl = ctx->buffer->tl;
    DWORD fill = D3DFILL_SOLID, count = 0;
    WORD *indices;
    unsigned int i;
    D3DTRIANGLE t;
    HRESULT hr;
    float z;

    if (drawing(ctx)) IDirect3DDevice7_GetRenderState(ctx->device->device7, D3DRENDERSTATE_FILLMODE, &fill);
    if (!(indices = get_indices(ctx, ins->wCount * 6u))) return DDERR_OUTOFMEMORY;
    for (i = 0; i < ins->wCount; ++i)
    {
        DWORD record_offset = offset + sizeof(D3DINSTRUCTION) + i * ins->bSize;

        memcpy(&t, records + i * ins->bSize, sizeof(t));
        if (t.v1 >= ctx->vertex_count || t.v2 >= ctx->vertex_count || t.v3 >= ctx->vertex_count)
            return DDERR_INVALIDPARAMS;
        /* The strip and fan flags (START, ODD, EVEN, STARTFLAT) are hints:
         * every record names its three vertices. */
        if (ctx->pick)
        {
            if (triangle_covers(&tl[t.v1], &tl[t.v2], &tl[t.v3], ctx->pick->x, ctx->pick->y, &z)
                    && FAILED(hr = record_pick(ctx->pick, record_offset, z)))
                return hr;
        }
        else if (fill == D3DFILL_WIREFRAME)
        {
            count += wireframe_edges(&t, indices + count);
        }
        else
        {
            indices[count++] = t.v1;
            indices[count++] = t.v2;
            indices[count++] = t.v3;
        }
    }
    if (drawing(ctx))
        draw_indexed(ctx, fill == D3DFILL_WIREFRAME ? D3DPT_LINELIST : D3DPT_TRIANGLELIST, indices, count);
    return D3D_OK;
}

static HRESULT execute_matrix_load(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    D3DMATRIX *dst, *src;
    D3DMATRIXLOAD ml;
    unsigned int i;

    for (i = 0; i < ins->wCount && ctx->device; ++i)
    {
        memcpy(&ml, records + i * ins->bSize, sizeof(ml));
        dst = d3d1_device_get_matrix(ctx->device, ml.hDestMatrix);
        src = d3d1_device_get_matrix(ctx->device, ml.hSrcMatrix);
        if (!dst || !src)
        {
            WARN("Invalid matrix handle %#x or %#x.\n", (unsigned int)ml.hDestMatrix, (unsigned int)ml.hSrcMatrix);
            continue;
        }
        *dst = *src;
        d3d1_device_matrix_changed(ctx->device, ml.hDestMatrix);
    }
    return D3D_OK;
}

static HRESULT execute_matrix_multiply(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    D3DMATRIX *dst, *src1, *src2;
    struct wined3d_matrix m;
    D3DMATRIXMULTIPLY mm;
    unsigned int i;

    for (i = 0; i < ins->wCount && ctx->device; ++i)
    {
        memcpy(&mm, records + i * ins->bSize, sizeof(mm));
        dst = d3d1_device_get_matrix(ctx->device, mm.hDestMatrix);
        src1 = d3d1_device_get_matrix(ctx->device, mm.hSrcMatrix1);
        src2 = d3d1_device_get_matrix(ctx->device, mm.hSrcMatrix2);
        if (!dst || !src1 || !src2)
        {
            WARN("Invalid matrix handle.\n");
            continue;
        }
        /* dest = src1 * src2; the product first, as dest may be a source. */
        d3d7_multiply_matrix(&m, (const struct wined3d_matrix *)src1, (const struct wined3d_matrix *)src2);
        memcpy(dst, &m, sizeof(m));
        d3d1_device_matrix_changed(ctx->device, mm.hDestMatrix);
    }
    return D3D_OK;
}

static HRESULT execute_states(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    IDirect3DDevice3 *device3;
    unsigned int i;
    D3DSTATE s;
    HRESULT hr;

    if (!ctx->device) return D3D_OK;
    device3 = &ctx->device->IDirect3DDevice3_iface;
    for (i = 0; i < ins->wCount; ++i)
    {
        memcpy(&s, records + i * ins->bSize, sizeof(s));
        /* A state the device refuses is skipped, as Windows does. */
        if (ins->bOpcode == D3DOP_STATETRANSFORM)
            hr = d3d1_device_bind_matrix(ctx->device, s.dtstTransformStateType, s.dwArg[0]);
        else if (ins->bOpcode == D3DOP_STATELIGHT)
            hr = IDirect3DDevice3_SetLightState(device3, s.dlstLightStateType, s.dwArg[0]);
        else
            hr = IDirect3DDevice3_SetRenderState(device3, s.drstRenderStateType, s.dwArg[0]);
        if (FAILED(hr))
            WARN("State %#x (opcode %u) refused, hr %#x.\n", (unsigned int)s.drstRenderStateType,
                    ins->bOpcode, (unsigned int)hr);
    }
    return D3D_OK;
}

/* The clip codes of the processed vertices go into the buffer's status:
 * the union bits, and the intersection bits cleared where some vertex is
 * inside that plane. */
static void update_clip_status(D3DSTATUS *status, const DWORD *codes, DWORD count)
{
    DWORD all = 0xfff, any = 0, i;

    for (i = 0; i < count; ++i)
    {
        any |= codes[i] & 0xfff;
        all &= codes[i];
    }
    status->dwStatus |= any;
    status->dwStatus &= ~((~all & 0xfff) << 12);
}

static void update_extents(D3DSTATUS *status, const D3DRECT *e)
{
    D3DRECT *r = &status->drExtent;

    if (e->x1 > e->x2 || e->y1 > e->y2) return;     /* nothing was added */
    if (r->x1 >= r->x2 || r->y1 >= r->y2)
    {
        *r = *e;
        return;
    }
    if (e->x1 < r->x1) r->x1 = e->x1;
    if (e->y1 < r->y1) r->y1 = e->y1;
    if (e->x2 > r->x2) r->x2 = e->x2;
    if (e->y2 > r->y2) r->y2 = e->y2;
}

/* TRANSFORM and TRANSFORMLIGHT of count source vertices (already copied to
 * aligned memory) into the processed vertices at dst. */
static HRESULT transform_vertices(struct execute_context *ctx, const D3DPROCESSVERTICES *pv, const BYTE *src,
        D3DTLVERTEX *dst)
{
    struct d3d3_device *device = ctx->device;
    DWORD op = pv->dwFlags & D3DPROCESSVERTICES_OPMASK;
    DWORD fvf = op == D3DPROCESSVERTICES_TRANSFORMLIGHT ? D3DFVF_VERTEX : D3DFVF_LVERTEX;
    D3DRECT extents = {{0x7fffffff}, {0x7fffffff}, {-0x7fffffff - 1}, {-0x7fffffff - 1}};
    struct wined3d_strided_data strided;
    struct d3d7_vp_state vp;
    DWORD ops, *codes, i;
    D3DCOLOR *colors = NULL;
    BOOL lit;

    if (!(codes = malloc(pv->dwCount * sizeof(*codes)))) return DDERR_OUTOFMEMORY;
    if ((pv->dwFlags & D3DPROCESSVERTICES_NOCOLOR) && !(colors = malloc(pv->dwCount * 2 * sizeof(*colors))))
    {
        free(codes);
        return DDERR_OUTOFMEMORY;
    }
    /* Lit when a material is set, as Direct3D 1 decides it. */
    lit = d3d3_device_apply_material(device) && op == D3DPROCESSVERTICES_TRANSFORMLIGHT;
    d3d7_device_activate(d3d7_device_from_iface(device->device7));
    d3d7_vp_state_from_device(&vp, d3d7_device_from_iface(device->device7)->wined3d_device);
    ops = D3DVOP_TRANSFORM | D3DVOP_CLIP | (lit ? D3DVOP_LIGHT : 0);
    d3d7_strided_from_fvf(&strided, fvf, src, VERTEX_SIZE);
    /* NOCOLOR: the processed vertices keep the colours they had. */
    for (i = 0; colors && i < pv->dwCount; ++i)
    {
        colors[i * 2] = dst[i].color;
        colors[i * 2 + 1] = dst[i].specular;
    }
    d3d7_process_vertices_cpu(&vp, ops, fvf, &strided, pv->dwCount, D3DFVF_TLVERTEX, (BYTE *)dst,
            sizeof(*dst), codes, (pv->dwFlags & D3DPROCESSVERTICES_UPDATEEXTENTS) ? &extents : NULL);
    for (i = 0; colors && i < pv->dwCount; ++i)
    {
        dst[i].color = colors[i * 2];
        dst[i].specular = colors[i * 2 + 1];
    }
    update_clip_status(&ctx->buffer->data.dsStatus, codes, pv->dwCount);
    if (pv->dwFlags & D3DPROCESSVERTICES_UPDATEEXTENTS)
        update_extents(&ctx->buffer->data.dsStatus, &extents);
    free(colors);
    free(codes);
    return D3D_OK;
}

static HRESULT process_vertices(struct execute_context *ctx, const D3DPROCESSVERTICES *pv)
{
    const D3DEXECUTEDATA *data = &ctx->buffer->data;
    DWORD op = pv->dwFlags & D3DPROCESSVERTICES_OPMASK;
    DWORD first = data->dwVertexOffset;
    BYTE *src;
    HRESULT hr;

    if (op != D3DPROCESSVERTICES_TRANSFORMLIGHT && op != D3DPROCESSVERTICES_TRANSFORM
            && op != D3DPROCESSVERTICES_COPY)
        return DDERR_INVALIDPARAMS;
    /* The source run must lie in the execute data's vertices and in the
     * buffer, the destination in the processed vertices. */
    if ((DWORD64)pv->wStart + pv->dwCount > data->dwVertexCount
            || (DWORD64)first + ((DWORD64)pv->wStart + pv->dwCount) * VERTEX_SIZE > ctx->size
            || (DWORD64)pv->wDest + pv->dwCount > ctx->vertex_count)
        return DDERR_INVALIDPARAMS;
    if (!ctx->device || !pv->dwCount) return D3D_OK;

    if (op == D3DPROCESSVERTICES_COPY)
    {
        memcpy(ctx->buffer->tl + pv->wDest, ctx->base + first + pv->wStart * VERTEX_SIZE, pv->dwCount * VERTEX_SIZE);
        return D3D_OK;
    }
    /* The buffer's vertices need not be aligned: the pipeline reads a copy. */
    if (!(src = malloc(pv->dwCount * VERTEX_SIZE))) return DDERR_OUTOFMEMORY;
    memcpy(src, ctx->base + first + pv->wStart * VERTEX_SIZE, pv->dwCount * VERTEX_SIZE);
    hr = transform_vertices(ctx, pv, src, ctx->buffer->tl + pv->wDest);
    free(src);
    return hr;
}

static HRESULT execute_process_vertices(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    D3DPROCESSVERTICES pv;
    unsigned int i;
    HRESULT hr;

    for (i = 0; i < ins->wCount; ++i)
    {
        memcpy(&pv, records + i * ins->bSize, sizeof(pv));
        if (FAILED(hr = process_vertices(ctx, &pv))) return hr;
    }
    return D3D_OK;
}

static HRESULT execute_texture_load(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    struct ddraw_surface *dst, *src;
    struct d3d7 *d3d;
    D3DTEXTURELOAD tl;
    unsigned int i;

    if (!ctx->device || !(d3d = d3d3_device_get_d3d(ctx->device))) return D3D_OK;
    for (i = 0; i < ins->wCount; ++i)
    {
        memcpy(&tl, records + i * ins->bSize, sizeof(tl));
        dst = d3d_handle_get(d3d, tl.hDestTexture, D3D_HANDLE_TEXTURE);
        src = d3d_handle_get(d3d, tl.hSrcTexture, D3D_HANDLE_TEXTURE);
        if (!dst || !src)
        {
            WARN("Invalid texture handle %#x or %#x.\n", (unsigned int)tl.hDestTexture, (unsigned int)tl.hSrcTexture);
            continue;
        }
        IDirect3DTexture2_Load(&dst->IDirect3DTexture2_iface, &src->IDirect3DTexture2_iface);
    }
    return D3D_OK;
}

static HRESULT execute_set_status(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins)
{
    D3DSTATUS *status = &ctx->buffer->data.dsStatus;
    unsigned int i;
    D3DSTATUS s;

    for (i = 0; i < ins->wCount && ctx->device; ++i)
    {
        memcpy(&s, records + i * ins->bSize, sizeof(s));
        if (s.dwFlags & D3DSETSTATUS_STATUS) status->dwStatus = s.dwStatus;
        if (s.dwFlags & D3DSETSTATUS_EXTENTS) status->drExtent = s.drExtent;
    }
    return D3D_OK;
}

/* BRANCHFORWARD: the first record whose test passes moves *next to its
 * target (an offset from this instruction); dwOffset 0 goes on. */
static HRESULT execute_branch(struct execute_context *ctx, const BYTE *records, const D3DINSTRUCTION *ins,
        DWORD offset, DWORD *next)
{
    DWORD status = ctx->buffer->data.dsStatus.dwStatus;
    unsigned int i;
    D3DBRANCH b;
    BOOL taken;

    for (i = 0; i < ins->wCount; ++i)
    {
        memcpy(&b, records + i * ins->bSize, sizeof(b));
        if (b.dwOffset && (DWORD64)offset + b.dwOffset > ctx->end) return DDERR_INVALIDPARAMS;
        taken = ((status & b.dwMask) == b.dwValue) != !!b.bNegate;
        if (ctx->device && taken && b.dwOffset)
        {
            *next = offset + b.dwOffset;
            break;
        }
    }
    return D3D_OK;
}

static HRESULT execute_instruction(struct execute_context *ctx, const D3DINSTRUCTION *ins, DWORD offset,
        DWORD *next)
{
    const BYTE *records = ctx->base + offset + sizeof(*ins);

    switch (ins->bOpcode)
    {
        case D3DOP_POINT:
        case D3DOP_SPAN: return execute_points(ctx, records, ins);
        case D3DOP_LINE: return execute_lines(ctx, records, ins);
        case D3DOP_TRIANGLE: return execute_triangles(ctx, records, ins, offset);
        case D3DOP_MATRIXLOAD: return execute_matrix_load(ctx, records, ins);
        case D3DOP_MATRIXMULTIPLY: return execute_matrix_multiply(ctx, records, ins);
        case D3DOP_STATETRANSFORM:
        case D3DOP_STATELIGHT:
        case D3DOP_STATERENDER: return execute_states(ctx, records, ins);
        case D3DOP_PROCESSVERTICES: return execute_process_vertices(ctx, records, ins);
        case D3DOP_TEXTURELOAD: return execute_texture_load(ctx, records, ins);
        case D3DOP_BRANCHFORWARD: return execute_branch(ctx, records, ins, offset, next);
        case D3DOP_SETSTATUS: return execute_set_status(ctx, records, ins);
        default: return DDERR_INVALIDPARAMS;
    }
}

/* Walks the stream from ctx->start; *error_offset is where it went wrong. */
static HRESULT execute_stream(struct execute_context *ctx, DWORD *error_offset)
{
    DWORD offset = ctx->start, next, record_size;
    D3DINSTRUCTION ins;
    HRESULT hr;

    /* The end of the stream ends it as EXIT does. */
    while (offset != ctx->end)
    {
        *error_offset = offset;
        if (ctx->end - offset < sizeof(ins)) return DDERR_INVALIDPARAMS;
        memcpy(&ins, ctx->base + offset, sizeof(ins));
        if ((record_size = min_record_size(ins.bOpcode)) == ~0u) return DDERR_INVALIDPARAMS;
        if (ins.bOpcode == D3DOP_EXIT) return D3D_OK;
        if (ins.wCount && ins.bSize < record_size) return DDERR_INVALIDPARAMS;
        if ((DWORD)ins.bSize * ins.wCount > ctx->end - offset - sizeof(ins)) return DDERR_INVALIDPARAMS;
        next = offset + sizeof(ins) + (DWORD)ins.bSize * ins.wCount;
        if (FAILED(hr = execute_instruction(ctx, &ins, offset, &next))) return hr;
        offset = next;
    }
    return D3D_OK;
}

/* The instruction stream the execute data names: to the end of the buffer
 * when its length is 0 (Wine's d3d.c executes such buffers). */
static HRESULT init_context(struct execute_context *ctx, struct d3d_execute_buffer *buffer)
{
    const D3DEXECUTEDATA *data = &buffer->data;

    memset(ctx, 0, sizeof(*ctx));
    ctx->buffer = buffer;
    ctx->base = buffer->desc.lpData;
    ctx->size = ctx->base ? buffer->desc.dwBufferSize : 0;
    /* The processed vertices stay with the buffer; this execute data has
     * as many as it says. */
    ctx->vertex_count = buffer->tl_count < data->dwVertexCount ? buffer->tl_count : data->dwVertexCount;
    ctx->start = data->dwInstructionOffset;
    if (ctx->start > ctx->size) return DDERR_INVALIDPARAMS;
    if (!data->dwInstructionLength) ctx->end = ctx->size;
    else if (data->dwInstructionLength > ctx->size - ctx->start) return DDERR_INVALIDPARAMS;
    else ctx->end = ctx->start + data->dwInstructionLength;
    return D3D_OK;
}

HRESULT d3d_execute_buffer_run(struct d3d_execute_buffer *buffer, struct d3d3_device *device,
        struct d3d_execute_pick *pick)
{
    struct execute_context ctx;
    DWORD error_offset = 0;
    HRESULT hr;

    if (FAILED(hr = init_context(&ctx, buffer))) return hr;
    ctx.device = device;
    ctx.pick = pick;
    if (FAILED(hr = execute_stream(&ctx, &error_offset)))
        WARN("Bad instruction at offset %u, hr %#x.\n", (unsigned int)error_offset, (unsigned int)hr);
    free(ctx.indices);
    return hr;
}

HRESULT d3d_execute_buffer_validate(struct d3d_execute_buffer *buffer, DWORD *error_offset)
{
    struct execute_context ctx;
    HRESULT hr;

    *error_offset = 0;
    if (FAILED(hr = init_context(&ctx, buffer))) return hr;
    hr = execute_stream(&ctx, error_offset);
    free(ctx.indices);
    return hr;
}

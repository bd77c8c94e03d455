/*
 * Draws and clears.  A draw acquires the device's context, applies its dirty
 * groups, picks the program for the fixed-function key, copies user-memory
 * vertices and indices into the streaming rings and issues one glDraw*
 * (two for the non-discarding alpha-test fail actions).
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(draw);

/* A blit or lock may have left the CPU copy of a target newer than GL's. */
static void prepare_targets(struct wined3d_device *device, struct wined3d_context *context)
{
    if (device->render_target && !device->render_target->sub_resources[device->render_target_sub].gpu_valid)
        texture_load(device->render_target, context);
    if (device->depth_stencil && !device->depth_stencil->sub_resources[device->depth_stencil_sub].gpu_valid)
        texture_load(device->depth_stencil, context);
}

/* The VAO's attribute pointers follow (fvf, stride, buffer, base offset);
 * vertices in the ring are aligned to the stride, so the pointers stay put
 * and the draw passes the first vertex instead. */
static void setup_vao(struct wined3d_context *context, uint32_t fvf, uint32_t stride, GLuint buffer, uint32_t base)
{
    uint32_t offset = base, pos = fvf & WINED3DFVF_POSITION_MASK;
    unsigned int i, count;

    if (context->vao_valid && context->vao_fvf == fvf && context->vao_stride == stride
            && context->vao_buffer == buffer && context->vao_base == base)
        return;
    gl_bind_vao(context, context->vao);
    gl_bind_array_buffer(context, buffer);

#define ATTRIB(loc, n, type, norm) gl_vertex_attrib(context, loc, 1, n, type, norm, stride, offset)
#define NO_ATTRIB(loc) gl_vertex_attrib(context, loc, 0, 0, 0, GL_FALSE, 0, 0)

    if (pos == WINED3DFVF_XYZRHW)
    {
        ATTRIB(WINED3D_FFP_ATTRIB_POSITION, 4, GL_FLOAT, GL_FALSE);
        offset += 16;
        NO_ATTRIB(WINED3D_FFP_ATTRIB_BLENDWEIGHT);
    }
    else
    {
        unsigned int weights = pos >= WINED3DFVF_XYZB1 ? (pos - WINED3DFVF_XYZB1) / 2 + 1 : 0;
        ATTRIB(WINED3D_FFP_ATTRIB_POSITION, 3, GL_FLOAT, GL_FALSE);
        offset += 12;
        if (weights)
        {
            ATTRIB(WINED3D_FFP_ATTRIB_BLENDWEIGHT, weights > 4 ? 4 : weights, GL_FLOAT, GL_FALSE);
            offset += 4 * weights;
        }
        else
            NO_ATTRIB(WINED3D_FFP_ATTRIB_BLENDWEIGHT);
    }
    if (fvf & WINED3DFVF_NORMAL) { ATTRIB(WINED3D_FFP_ATTRIB_NORMAL, 3, GL_FLOAT, GL_FALSE); offset += 12; }
    else NO_ATTRIB(WINED3D_FFP_ATTRIB_NORMAL);
    if (fvf & WINED3DFVF_RESERVED1) offset += 4;
    if (fvf & WINED3DFVF_DIFFUSE) { ATTRIB(WINED3D_FFP_ATTRIB_DIFFUSE, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE); offset += 4; }
    else NO_ATTRIB(WINED3D_FFP_ATTRIB_DIFFUSE);
    if (fvf & WINED3DFVF_SPECULAR) { ATTRIB(WINED3D_FFP_ATTRIB_SPECULAR, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE); offset += 4; }
    else NO_ATTRIB(WINED3D_FFP_ATTRIB_SPECULAR);
    count = (fvf & WINED3DFVF_TEXCOUNT_MASK) >> WINED3DFVF_TEXCOUNT_SHIFT;
    for (i = 0; i < 8; ++i)
    {
        if (i < count)
        {
            unsigned int n = wined3d_fvf_get_tex_coord_size(fvf, i);
            ATTRIB(WINED3D_FFP_ATTRIB_TEXCOORD0 + i, n, GL_FLOAT, GL_FALSE);
            offset += 4 * n;
        }
        else
            NO_ATTRIB(WINED3D_FFP_ATTRIB_TEXCOORD0 + i);
    }
#undef ATTRIB
#undef NO_ATTRIB
    context->vao_fvf = fvf;
    context->vao_stride = stride;
    context->vao_buffer = buffer;
    context->vao_base = base;
    context->vao_valid = 1;
}

/* Strided data: packed into the ring in the FVF's own layout. */
static void pack_strided(uint8_t *dst, uint32_t fvf, const struct wined3d_strided_data *d, uint32_t count)
{
    uint32_t stride = wined3d_fvf_get_stride(fvf), pos = fvf & WINED3DFVF_POSITION_MASK, v;
    unsigned int i, tex = (fvf & WINED3DFVF_TEXCOUNT_MASK) >> WINED3DFVF_TEXCOUNT_SHIFT;
    uint32_t pos_size = pos == WINED3DFVF_XYZRHW ? 16 : pos == WINED3DFVF_XYZ ? 12
            : 12 + 4 * ((pos - WINED3DFVF_XYZB1) / 2 + 1);

    for (v = 0; v < count; ++v)
    {
        uint8_t *out = dst + v * stride;
#define COPY(elem, size) do { \
            if ((elem).data) memcpy(out, (const uint8_t *)(elem).data + v * (elem).stride, size); \
            else memset(out, 0, size); \
            out += size; \
        } while (0)
        COPY(d->position, pos_size);
        if (fvf & WINED3DFVF_NORMAL) COPY(d->normal, 12);
        if (fvf & WINED3DFVF_RESERVED1) { memset(out, 0, 4); out += 4; }
        if (fvf & WINED3DFVF_DIFFUSE) COPY(d->diffuse, 4);
        if (fvf & WINED3DFVF_SPECULAR) COPY(d->specular, 4);
        for (i = 0; i < tex && i < 8; ++i)
            COPY(d->tex_coords[i], 4 * wined3d_fvf_get_tex_coord_size(fvf, i));
#undef COPY
    }
}

/* The draw's program, bound; 0 when there is none. */
static int draw_program(struct wined3d_context *context, const struct wined3d_state *state, int invert_alpha)
{
    struct wined3d_ffp_program *program;

    /* The key is derived again only when a group that feeds it changed. */
    if (!invert_alpha && !context->shader_dirty && context->program)
        program = context->program;
    else if (!(program = shader_get_program(context, state, invert_alpha)))
    {
        ERR("No program for the draw; skipped.\n");
        return 0;
    }
    else if (!invert_alpha)
    {
        context->program = program;
        context->shader_dirty = 0;
    }
    gl_use_program(context, program->program);
    return 1;
}

static void draw_pass(struct wined3d_context *context, const struct wined3d_state *state, GLenum mode,
        int invert_alpha, GLint first, GLsizei count, int indexed, uint32_t index_offset)
{
    if (!draw_program(context, state, invert_alpha))
        return;
    if (indexed)
    {
        /* The ring is written through its mapping, without binding it. */
        gl_bind_element_buffer(context, context->device->index_ring.name);
        GL_CALL(context, glDrawElementsBaseVertex(mode, count, GL_UNSIGNED_SHORT,
                (const void *)(uintptr_t)index_offset, first));
    }
    else
        GL_CALL(context, glDrawArrays(mode, first, count));
    ++context->device->frame.draws;
}

/* The alpha-test fail actions other than discard (the GS's AFAIL): pass 1
 * draws the fragments that pass with the state as set; pass 2 draws the
 * failing ones with the inverted test and the fail action's write masks. */
static void draw_with_afail(struct wined3d_context *context, const struct wined3d_state *state, GLenum mode,
        GLint first, GLsizei count, int indexed, uint32_t index_offset)
{
    const uint32_t *rs = state->render_states;
    uint32_t action = rs[WINED3D_RS_ALPHAFAILACTION], cw = rs[WINED3D_RS_COLORWRITEENABLE];

    draw_pass(context, state, mode, 0, first, count, indexed, index_offset);
    if (!rs[WINED3D_RS_ALPHATESTENABLE] || action == WINED3D_AFAIL_KEEP)
        return;
    switch (action)
    {
        case WINED3D_AFAIL_FB_ONLY:
            gl_depth_mask(context, GL_FALSE);
            break;
        case WINED3D_AFAIL_ZB_ONLY:
            gl_color_mask(context, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
            break;
        case WINED3D_AFAIL_RGB_ONLY:
            gl_depth_mask(context, GL_FALSE);
            gl_color_mask(context, !!(cw & 1), !!(cw & 2), !!(cw & 4), GL_FALSE);
            break;
    }
    draw_pass(context, state, mode, 1, first, count, indexed, index_offset);
    /* Put the masks back as the state says. */
    gl_depth_mask(context, rs[WINED3D_RS_ZWRITEENABLE] ? GL_TRUE : GL_FALSE);
    gl_color_mask(context, !!(cw & 1), !!(cw & 2), !!(cw & 4), !!(cw & 8));
}

/* ---------------------------------------------------------------------- */
/* Draws with WINED3D_RS_SHADERBLEND: the shader reads the destination.     */

/* Pre-transformed vertices in user memory: the primitive's pixels lie in
 * the bounding box of its x, y, so only that part needs copying. */
struct dest_read_vertices
{
    const uint8_t *data;            /* NULL: copy the whole viewport */
    uint32_t stride;
};

/* Copy the viewport's part of the render target (or only what the
 * primitive's vertices v[0..n-1] cover) into the context's destination
 * texture (same size and rows as the target). */
static void copy_destination(struct wined3d_context *context, const struct wined3d_state *state,
        const struct dest_read_vertices *dv, const uint32_t *v, unsigned int n)
{
    struct wined3d_device *device = context->device;
    const struct wined3d_sub_resource *sub = &device->render_target->sub_resources[device->render_target_sub];
    const struct wined3d_viewport *vp = &state->viewport;
    int32_t x0 = vp->x, y0 = vp->y, x1 = vp->x + vp->width, y1 = vp->y + vp->height;

    if (dv && dv->data)
    {
        float min_x = 1e9f, min_y = 1e9f, max_x = -1e9f, max_y = -1e9f;
        unsigned int j;

        for (j = 0; j < n; ++j)
        {
            const float *pos = (const float *)(dv->data + (size_t)v[j] * dv->stride);
            /* NaN fails both tests and leaves the box wide open below. */
            if (!(pos[0] >= min_x)) min_x = pos[0] >= -1e9f ? pos[0] : -1e9f;
            if (!(pos[0] <= max_x)) max_x = pos[0] <= 1e9f ? pos[0] : 1e9f;
            if (!(pos[1] >= min_y)) min_y = pos[1] >= -1e9f ? pos[1] : -1e9f;
            if (!(pos[1] <= max_y)) max_y = pos[1] <= 1e9f ? pos[1] : 1e9f;
        }
        /* Two pixels of margin for the pixel-centre shift and line/point width. */
        if (min_x - 2.0f > (float)x0) x0 = (int32_t)(min_x - 2.0f);
        if (min_y - 2.0f > (float)y0) y0 = (int32_t)(min_y - 2.0f);
        if (max_x + 3.0f < (float)x1) x1 = (int32_t)(max_x + 3.0f);
        if (max_y + 3.0f < (float)y1) y1 = (int32_t)(max_y + 3.0f);
    }

    if (!context->dest_texture)
        GL_CALL(context, glGenTextures(1, &context->dest_texture));
    gl_bind_texture(context, GL_SCRATCH_UNIT, GL_TEXTURE_2D, context->dest_texture);
    if (context->dest_width != sub->width || context->dest_height != sub->height)
    {
        GL_CALL(context, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, sub->width, sub->height, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, NULL));
        /* One level: complete whatever sampler the unit has; texelFetch ignores filters. */
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
        context->dest_width = sub->width;
        context->dest_height = sub->height;
    }
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > (int32_t)sub->width) x1 = sub->width;
    if (y1 > (int32_t)sub->height) y1 = sub->height;
    if (x1 <= x0 || y1 <= y0) return;
    /* An X8 target's stored alpha byte is not D3D's (utils.c): read it as 1. */
    if (context->dest_alpha_one != context->fb_alpha_one)
    {
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, context->fb_alpha_one ? GL_ONE : GL_ALPHA));
        context->dest_alpha_one = context->fb_alpha_one;
    }
    gl_bind_read_fbo(context, context->fbo);
    GL_CALL(context, glCopyTexSubImage2D(GL_TEXTURE_2D, 0, x0, y0, x0, y0, x1 - x0, y1 - y0));
}

/* Vertex j (0..n-1) of primitive p of a strip or fan, as a position in the
 * draw's vertex sequence.  The order keeps GL's provoking vertex (first
 * vertex convention) and each triangle's orientation. */
static uint32_t strip_vertex(enum wined3d_primitive_type type, uint32_t p, unsigned int j)
{
    static const unsigned int odd[3] = {0, 2, 1};

    switch (type)
    {
        case WINED3D_PT_LINESTRIP: return p + j;
        case WINED3D_PT_TRIANGLESTRIP: return p + ((p & 1) ? odd[j] : j);
        default: /* fan: (0, p + 1, p + 2), provoking p + 1 */
            return j == 2 ? 0 : p + 1 + j;
    }
}

/* One primitive at a time, each after a fresh copy of the destination, so
 * that the primitives of one draw blend over each other in order. */
static int32_t draw_shader_blend(struct wined3d_context *context, const struct wined3d_state *state,
        enum wined3d_primitive_type type, GLint first, uint32_t count, const uint16_t *indices,
        uint32_t index_offset, const struct dest_read_vertices *dv)
{
    uint32_t v[3];
    struct wined3d_device *device = context->device;
    unsigned int n = type == WINED3D_PT_POINTLIST ? 1 : type <= WINED3D_PT_LINESTRIP ? 2 : 3;
    GLenum mode = n == 1 ? GL_POINTS : n == 2 ? GL_LINES : GL_TRIANGLES;
    uint32_t prims, p, offset;
    uint16_t *list;
    unsigned int j;

    if (type == WINED3D_PT_POINTLIST || type == WINED3D_PT_LINELIST || type == WINED3D_PT_TRIANGLELIST)
    {
        for (p = 0; p < count / n; ++p)
        {
            for (j = 0; j < n; ++j) v[j] = indices ? indices[p * n + j] : p * n + j;
            copy_destination(context, state, dv, v, n);
            if (indices)
                draw_with_afail(context, state, mode, first, n, 1, index_offset + p * n * 2);
            else
                draw_with_afail(context, state, mode, first + p * n, n, 0, 0);
        }
        return WINED3D_OK;
    }
    /* Strips and fans become lists through 16-bit indices. */
    if (count < n) return WINED3D_OK;
    prims = count - (type == WINED3D_PT_LINESTRIP ? 1 : 2);
    if (!indices && count > 65536)
    {
        FIXME("Shader blend of a %u-vertex strip: drawn without reading the destination per primitive.\n", count);
        prims = 0;
    }
    if (!(list = malloc((size_t)prims * n * sizeof(*list) + 2))) return WINED3DERR_OUTOFMEMORY;
    for (p = 0; p < prims; ++p)
        for (j = 0; j < n; ++j)
        {
            uint32_t v = strip_vertex(type, p, j);
            list[p * n + j] = indices ? indices[v] : (uint16_t)v;
        }
    if (prims && !stream_ring_upload(context, &device->index_ring, GL_ELEMENT_ARRAY_BUFFER, list,
            prims * n * sizeof(*list), 4, &offset))
    {
        free(list);
        return WINED3DERR_OUTOFMEMORY;
    }
    for (p = 0; p < prims; ++p)
    {
        for (j = 0; j < n; ++j) v[j] = list[p * n + j];
        copy_destination(context, state, dv, v, n);
        draw_with_afail(context, state, mode, first, n, 1, offset + p * n * 2);
    }
    free(list);
    return WINED3D_OK;
}

/* Of the joined draws, count indices (or vertices) from the start-th on as
 * one GL draw.  based: the vertex array starts at the run's first vertex
 * (draw_joined_slots) rather than at the ring's. */
static void draw_joined_range(struct wined3d_device *device, struct wined3d_context *context, GLsizei start,
        GLsizei count, int based)
{
    if (device->merge.indexed)
    {
        gl_bind_element_buffer(context, device->index_ring.name);
        GL_CALL(context, glDrawElementsBaseVertex(device->merge.mode, count, GL_UNSIGNED_SHORT,
                (const void *)(uintptr_t)(device->merge.index_start + start * sizeof(uint16_t)),
                based ? 0 : device->merge.base));
    }
    else
        GL_CALL(context, glDrawArrays(device->merge.mode,
                (based ? 0 : device->merge.base) + start, count));
}

/* Joined draws whose slot changes a few times: one GL draw per segment,
 * with its texture and sampler on stage 0's own unit or its world matrices in the
 * vertex block; the program stays. */
static void draw_joined_segments(struct wined3d_device *device, struct wined3d_context *context)
{
    const struct wined3d_merge_segment *seg = device->merge.segments;
    unsigned int i, slot, n = device->merge.segment_count;
    GLsizei start, end;

    for (i = 0; i <= n; ++i)
    {
        /* Before the first segment: the run's own texture (slot 0). */
        start = i ? seg[i - 1].count_start : 0;
        end = i < n ? seg[i].count_start : device->merge.count;
        if (start == end)
            continue;
        slot = i ? seg[i - 1].slot : 0;
        if (device->merge.slot_kind == MERGE_SLOTS_TEXTURE)
        {
            gl_bind_texture(context, 0, GL_TEXTURE_2D, device->merge.slot_names[slot]);
            gl_sampler_params(context, 0, &device->merge.slot_samplers[slot]);
        }
        else if (device->merge.slot_kind == MERGE_SLOTS_WORLD)
            shader_set_world_matrices(context, device->merge.worlds[slot]);
        draw_joined_range(device, context, start, end - start, 0);
    }
}

/* The world matrices of the run's slots into the world ring, bound to the
 * slot program's block: a block of 16 slots or of all. */
static int bind_world_slots(struct wined3d_device *device, struct wined3d_context *context, unsigned int slots)
{
    uint32_t size = slots * 32 * sizeof(float), offset;
    void *p;

    if (!device->ubo_offset_align)
    {
        GL_CALL(context, glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &device->ubo_offset_align));
        if (device->ubo_offset_align <= 0)
            device->ubo_offset_align = 256;
    }
    if (!(p = stream_ring_reserve(context, &device->world_ring, GL_ARRAY_BUFFER, size,
            device->ubo_offset_align, &offset)))
        return 0;
    memcpy(p, device->merge.worlds, device->merge.slot_count * sizeof(*device->merge.worlds));
    stream_ring_commit(context, &device->world_ring, GL_ARRAY_BUFFER, offset, size);
    gl_bind_ubo_range(context, WINED3D_FFP_WORLD_UBO_BINDING, device->world_ring.name, offset, size);
    return 1;
}

/* Joined draws whose slot changes often: one GL draw with the run's
 * program reading stage 0 from the slot units, or its world matrices from
 * the world slots, each vertex's slot from the slot ring.  The vertex
 * array is based at the run's start, so that a vertex's index into the run
 * is its index into the slots.  0 when it cannot (no program, no mapped
 * ring): the caller draws segments. */
static int draw_joined_slots(struct wined3d_device *device, struct wined3d_context *context)
{
    const struct wined3d_merge_segment *seg = device->merge.segments;
    unsigned int i, n = device->merge.slot_count, world = device->merge.slot_kind == MERGE_SLOTS_WORLD;
    uint32_t offset, vertices = device->merge.end / device->merge.stride - device->merge.base;
    unsigned int world_slots = n <= 16 ? 16 : WINED3D_FFP_MAX_WORLD_SLOTS;
    struct wined3d_ffp_program *program;
    uint8_t *slots;

    if (!context->program || !(program = shader_get_slot_program(context, context->program,
            world ? 0 : n <= 2 ? 2 : WINED3D_FFP_MAX_SLOTS, world ? world_slots : 0)))
        return 0;
    if (world && !bind_world_slots(device, context, world_slots))
        return 0;
    if (!(slots = stream_ring_reserve(context, &device->slot_ring, GL_ARRAY_BUFFER, vertices, 4, &offset)))
        return 0;
    memset(slots, 0, seg[0].vertex_start);
    for (i = 0; i < device->merge.segment_count; ++i)
        memset(slots + seg[i].vertex_start, seg[i].slot, (i + 1 < device->merge.segment_count
                ? seg[i + 1].vertex_start : vertices) - seg[i].vertex_start);
    stream_ring_commit(context, &device->slot_ring, GL_ARRAY_BUFFER, offset, vertices);

    setup_vao(context, device->merge.fvf, device->merge.stride, device->merge.buffer, device->merge.run_start);
    gl_bind_array_buffer(context, device->slot_ring.name);
    gl_vertex_attrib(context, WINED3D_FFP_ATTRIB_SLOT, 1, 1, GL_UNSIGNED_BYTE, GL_FALSE, 1, offset);
    for (i = 0; !world && i < n; ++i)
    {
        unsigned int unit = WINED3D_FFP_SLOT_UNIT + i;

        gl_bind_texture(context, unit, GL_TEXTURE_2D, device->merge.slot_names[i]);
        gl_bind_sampler(context, unit, context->samplers[unit]);
        gl_sampler_params(context, unit, &device->merge.slot_samplers[i]);
    }
    gl_use_program(context, program->program);
    draw_joined_range(device, context, 0, device->merge.count, 1);
    gl_vertex_attrib(context, WINED3D_FFP_ATTRIB_SLOT, 0, 0, 0, GL_FALSE, 0, 0);
    return 1;
}

void device_flush_draws(struct wined3d_device *device)
{
    struct wined3d_context *context = device->merge.context;

    if (device->merge.count)
    {
        /* Nothing touched GL since the draw joined last: the program, the
         * vertex array and the targets are still its own. */
        if (device->current == context && wsi_is_current(context->wsi))
        {
            /* A program switch there and back costs llvmpipe about what
             * a few draws do. */
            if (device->merge.segment_count)
            {
                if (device->merge.segment_count < MERGE_SLOT_SEGMENTS || !draw_joined_slots(device, context))
                    draw_joined_segments(device, context);
            }
            else
                draw_joined_range(device, context, 0, device->merge.count, 0);
        }
        else
            ERR("Joined draws lost: their context is not current.\n");
    }
    device->merge.count = 0;
    device->merge.valid = 0;
    device->merge.slot_kind = 0;
    device->merge.slot_count = 0;
    device->merge.segment_count = 0;
}

/* Whether every index names one of the draw's vertices. */
static int indices_valid(const uint16_t *indices, uint32_t index_count, uint32_t vertex_count)
{
    uint16_t max = wined3d_index_max(indices, index_count);

    if (index_count && max >= vertex_count)
    {
        WARN("Index %u out of range (%u vertices).\n", max, vertex_count);
        return 0;
    }
    return 1;
}

/* The slot the joined draws before read (0 before the first segment). */
static unsigned int merge_last_slot(const struct wined3d_device *device)
{
    unsigned int n = device->merge.segment_count;

    return n ? device->merge.segments[n - 1].slot : 0;
}

/* Whether stage 0 samples the texture as the run's program reads its own:
 * a 2D texture that leaves the program key as it is, its GL copy current
 * (an upload now would change what the run's earlier draws read), with mip
 * levels if the run's has them (the sampler's minifying filter). */
static int texture_joins(const struct wined3d_context *context, const struct wined3d_texture *t)
{
    const struct wined3d_texture *r = context->stage_texture[0];
    unsigned int i;

    if (!t || t->target != GL_TEXTURE_2D || !t->gl_allocated || state_texture_changes_key(context, 0, t)
            || (t->level_count > 1) != (r->level_count > 1))
        return 0;
    for (i = 0; i < t->level_count; ++i)
        if (!t->sub_resources[i].gpu_valid)
            return 0;
    return 1;
}

/* The slot of a draw whose changes since the run's start are stage 0's
 * texture or its sampler's parameters (their groups dirty), or -1.  A slot
 * is a texture with the parameters it is sampled with; the run reads at
 * most WINED3D_FFP_MAX_SLOTS, slot 0 what unit 0 has.  A program that does
 * not sample stage 0 reads none.  The draw's texture and parameters go to
 * the slot it would take (written over while the join does not go through). */
static int merge_texture_slot(struct wined3d_device *device, const struct wined3d_context *context)
{
    const struct wined3d_texture *t = device->state.textures[0];
    unsigned int i, n = device->merge.slot_count ? device->merge.slot_count : 1;
    struct wined3d_gl_sampler_shadow s;

    if (!texture_joins(context, t) || !context->gl.sampler_params[0].known)
        return -1;
    if (!wined3d_ffp_stage_samples(&context->program->key, 0))
        return 0;
    if (!device->merge.slot_count)
    {
        device->merge.slot_names[0] = context->stage_texture[0]->name;
        device->merge.slot_samplers[0] = context->gl.sampler_params[0];
    }
    state_sampler_shadow(&device->state, 0, t, &s);
    s.known = 1;
    for (i = 0; i < n; ++i)
        if (device->merge.slot_names[i] == t->name && !memcmp(&device->merge.slot_samplers[i], &s, sizeof(s)))
            return i;
    if (n >= WINED3D_FFP_MAX_SLOTS)
        return -1;
    device->merge.slot_names[n] = t->name;
    device->merge.slot_samplers[n] = s;
    return n;
}

/* The slot of a draw whose only change since the run's start is its world
 * matrix (the world group the only dirty one), or -1: without vertex
 * blending, while the run reads at most WINED3D_FFP_MAX_WORLD_SLOTS.  The
 * draw's matrices go to the slot it would take (written over while the
 * join does not go through); slot 0 holds those the vertex block has. */
static int merge_world_slot(struct wined3d_device *device, const struct wined3d_context *context)
{
    const struct wined3d_ffp_key *key = &context->program->key;
    unsigned int n = device->merge.slot_count, last, next = n ? n : 1;
    float (*worlds)[32];

    if (key->xyzrhw || key->blend_weights || !context->ubo_shadow[0] || next >= WINED3D_FFP_MAX_WORLD_SLOTS)
        return -1;
    if (!(worlds = device->merge.worlds) && !(worlds = device->merge.worlds
            = malloc(WINED3D_FFP_MAX_WORLD_SLOTS * sizeof(*worlds))))
        return -1;
    if (!n)
    {
        memcpy(worlds[0], context->ubo_shadow[0] + offsetof(struct wined3d_ffp_vs_uniforms, modelview),
                16 * sizeof(float));
        memcpy(worlds[0] + 16, context->ubo_shadow[0] + offsetof(struct wined3d_ffp_vs_uniforms, normal_matrix),
                16 * sizeof(float));
    }
    last = merge_last_slot(device);
    wined3d_ffp_world_matrices(worlds[next], &device->state);
    return memcmp(worlds[next], worlds[last], sizeof(worlds[0])) ? (int)next : (int)last;
}

/* The slot of a draw that would join the run (0 when nothing changed), or
 * -1; *kind what its slot is of.  Besides the slot's groups, a blend group
 * whose change leaves blending off may be dirty. */
static int merge_slot(struct wined3d_device *device, const struct wined3d_context *context, int *kind)
{
    unsigned int i, group, texture = 0, world = 0;

    if (!context->dirty_count)
        return 0;
    if (!context->program)
        return -1;
    for (i = 0; i < context->dirty_count; ++i)
    {
        group = context->dirty_list[i];
        if (group == STATE_SAMPLER(0) || group == STATE_TEXSTAGE(0, WINED3D_TSS_ADDRESSU))
            texture = 1;
        else if (group == STATE_TRANSFORM(WINED3D_TS_WORLD))
            world = 1;
        else if (group != STATE_RENDER(WINED3D_RS_ALPHABLENDENABLE) || !state_blend_stays_off(context, &device->state))
            return -1;
    }
    if (texture && !world && device->merge.slot_kind != MERGE_SLOTS_WORLD)
    {
        *kind = MERGE_SLOTS_TEXTURE;
        return merge_texture_slot(device, context);
    }
    if (world && !texture && device->merge.slot_kind != MERGE_SLOTS_TEXTURE)
    {
        *kind = MERGE_SLOTS_WORLD;
        return merge_world_slot(device, context);
    }
    return texture || world ? -1 : 0;
}

/* Room for one more segment, before anything of the draw is written. */
static int merge_reserve_segment(struct wined3d_device *device)
{
    struct wined3d_merge_segment *seg;
    unsigned int size;

    if (device->merge.segment_count < device->merge.segments_size)
        return 1;
    size = device->merge.segments_size ? 2 * device->merge.segments_size : 64;
    if (!(seg = realloc(device->merge.segments, size * sizeof(*seg))))
        return 0;
    device->merge.segments = seg;
    device->merge.segments_size = size;
    return 1;
}

/* A joined draw whose slot differs from the one before starts a segment:
 * its first index (or vertex) among the joined ones, its first vertex in
 * the run. */
static void merge_add_segment(struct wined3d_device *device, uint32_t vertex_start, unsigned int slot)
{
    struct wined3d_merge_segment *seg;

    if (slot == merge_last_slot(device))
        return;
    seg = &device->merge.segments[device->merge.segment_count++];
    seg->count_start = device->merge.count;
    seg->vertex_start = vertex_start;
    seg->slot = slot;
}

/* Draws that may join the one before (device->merge): Direct3D 7 games
 * draw lists of a few triangles from memory at a time, often with no state
 * change in between, and each GL draw costs the driver far more than
 * copying the vertices.  An indexed draw's indices are written rebased to
 * the run's first vertex, so the run stays one glDrawElementsBaseVertex
 * while it spans at most 65536 vertices.  The order of the primitives stays. */
static int merge_join(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    uint32_t size = vertex_count * stride, index_size = index_count * sizeof(*indices), offset, index_offset, i;
    /* The draw's vertices go at the run's end: their first is known before. */
    uint32_t vertex_start = device->merge.end / stride - (uint32_t)device->merge.base;
    uint16_t *dst, delta;
    int slot, kind = 0;

    if (!device->merge.valid || device->merge.context != context || device->merge.mode != mode
            || device->merge.fvf != fvf || device->merge.stride != stride || device->merge.indexed != !!indices
            || device->merge.buffer != device->vertex_ring.name
            || context->shader_dirty || context->uniforms_dirty
            || context->fs_uniforms_dirty || context->vs_uniforms_dirty
            || (uint64_t)vertex_count * stride > (1u << 30)
            || !stream_ring_appends(&device->vertex_ring, device->merge.run_start, device->merge.end, size)
            || (slot = merge_slot(device, context, &kind)) < 0)
        return 0;
    /* The slots follow the run's vertices one for one. */
    if (slot != (int)merge_last_slot(device) && (device->merge.end % stride || !merge_reserve_segment(device)))
        return 0;
    if (indices)
    {
        if (device->merge.end % stride || (uint64_t)vertex_start + vertex_count > 65536 || index_count > (1u << 28)
                || !stream_ring_appends(&device->index_ring, device->merge.index_start, device->merge.index_end,
                index_size))
            return 0;
        if (!indices_valid(indices, index_count, vertex_count))
            return 0;   /* refused by the draw itself */
        if (!(dst = stream_ring_reserve(context, &device->index_ring, GL_ELEMENT_ARRAY_BUFFER, index_size,
                sizeof(*indices), &index_offset)) || index_offset != device->merge.index_end)
            return 0;
        delta = (uint16_t)vertex_start;
        for (i = 0; i < index_count; ++i)
            dst[i] = indices[i] + delta;
        device->merge.index_end = index_offset + index_size;
    }
    if (!stream_ring_upload(context, &device->vertex_ring, GL_ARRAY_BUFFER, vertices, size, stride, &offset))
        return 0;
    merge_add_segment(device, vertex_start, slot);
    if (slot && slot >= (int)device->merge.slot_count)
    {
        /* A new slot (its texture or matrices are written already). */
        device->merge.slot_count = slot + 1;
        device->merge.slot_kind = kind;
    }
    device->merge.count += indices ? index_count : vertex_count;
    device->merge.end = offset + size;
    ++device->frame.draws;
    device_mark_rendered(device);
    return 1;
}

/* A draw from memory whose state is applied: held back (its program
 * bound) for the draws that may join it, 1; or 0 when it cannot be, and
 * goes to GL at once.  count: its indices, or its vertices from first. */
static int merge_start(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, GLint first, uint32_t vertex_count, const uint16_t *indices, uint32_t index_offset,
        uint32_t index_count)
{
    const uint32_t *rs = device->state.render_states;

    if ((mode != GL_TRIANGLES && mode != GL_LINES && mode != GL_POINTS) || context->shader_blend
            || (rs[WINED3D_RS_ALPHATESTENABLE] && rs[WINED3D_RS_ALPHAFAILACTION] != WINED3D_AFAIL_KEEP)
            || !device->vertex_ring.map || (indices && !device->index_ring.map)
            || !draw_program(context, &device->state, 0))
        return 0;
    device->merge.valid = 1;
    device->merge.indexed = !!indices;
    device->merge.context = context;
    device->merge.mode = mode;
    device->merge.fvf = fvf;
    device->merge.stride = stride;
    device->merge.buffer = device->vertex_ring.name;
    device->merge.run_start = first * stride;
    device->merge.end = (first + vertex_count) * stride;
    device->merge.base = first;
    device->merge.index_start = index_offset;
    device->merge.index_end = index_offset + index_count * sizeof(*indices);
    device->merge.count = indices ? index_count : vertex_count;
    device->merge.slot_kind = 0;
    device->merge.slot_count = 0;
    device->merge.segment_count = 0;
    ++device->frame.draws;
    return 1;
}

/* An alpha test that cannot fail for the draw's vertices is left out of
 * the program (state_alpha_test_passes): whether it can is part of the
 * program key.  Only vertices from memory are looked at. */
static void note_alpha_test(struct wined3d_device *device, const void *vertices, uint32_t stride,
        uint32_t fvf_stride, uint32_t vertex_count)
{
    const struct wined3d_state *state = &device->state;
    struct wined3d_context *context = device->context;
    int passes;

    if (!context || (!state->render_states[WINED3D_RS_ALPHATESTENABLE] && !context->alpha_test_passes))
        return;
    passes = vertices && stride >= fvf_stride && (uint64_t)vertex_count * stride <= (1u << 30)
            && state_alpha_test_passes(state, state->fvf, vertices, stride, vertex_count);
    if (passes != context->alpha_test_passes)
    {
        context->alpha_test_passes = passes;
        state_mark_fs_shader(context);
    }
}

static int32_t device_draw_impl(struct wined3d_device *device, enum wined3d_primitive_type type,
        const void *vertices, const struct wined3d_strided_data *strided, uint32_t start_vertex,
        uint32_t vertex_count, uint32_t stride, const uint16_t *indices, uint32_t index_count)
{
    const struct wined3d_state *state = &device->state;
    struct wined3d_context *context;
    GLenum mode = wined3d_gl_primitive_type(type);
    uint32_t fvf = state->fvf, index_offset = 0, base = 0, fvf_stride;
    GLuint buffer;
    GLint first;

    if (mode == GL_INVALID_ENUM)
        return WINED3DERR_INVALIDCALL;
    /* A draw while recording draws with the device's state: the recorded
     * states take effect only when the block is applied (Direct3D 7). */
    if (!vertex_count || (indices && !index_count))
        return WINED3D_OK;
    if (!device->render_target)
        return WINED3DERR_INVALIDCALL;
    if (!fvf || !(fvf_stride = wined3d_fvf_get_stride(fvf)))
        return WINED3DERR_INVALIDCALL;

    note_alpha_test(device, strided ? NULL : vertices, stride ? stride : fvf_stride, fvf_stride, vertex_count);
    if (device->merge.valid)
    {
        if (vertices && !strided && device->current == device->context && wsi_is_current(device->context->wsi)
                && merge_join(device, device->context, mode, fvf, stride ? stride : fvf_stride, vertices, vertex_count,
                indices, index_count))
            return WINED3D_OK;
        device_flush_draws(device);
    }
    context = context_acquire_for_draw(device, device->context);
    prepare_targets(device, context);
    /* Most draws change nothing. */
    if (context->dirty_count)
        context_apply_state(context, state);

    if (vertices || strided)
    {
        uint32_t offset, size;
        int ok;
        if (!stride) stride = fvf_stride;
        /* A stride shorter than the format would read vertices into each other. */
        if (stride < fvf_stride)
            return WINED3DERR_INVALIDCALL;
        /* Counts beyond what a 32-bit size holds are refused, not wrapped. */
        if ((uint64_t)vertex_count * stride > (1u << 30))
            return WINED3DERR_INVALIDCALL;
        size = vertex_count * stride;
        if (strided)
        {
            uint8_t *tmp;
            stride = fvf_stride;
            size = vertex_count * stride;
            if (!(tmp = malloc(size))) return WINED3DERR_OUTOFMEMORY;
            pack_strided(tmp, fvf, strided, vertex_count);
            ok = stream_ring_upload(context, &device->vertex_ring, GL_ARRAY_BUFFER, tmp, size, stride, &offset);
            free(tmp);
        }
        else
            ok = stream_ring_upload(context, &device->vertex_ring, GL_ARRAY_BUFFER, vertices, size, stride, &offset);
        if (!ok)
        {
            WARN("Could not stream %u bytes of vertices.\n", size);
            return WINED3DERR_OUTOFMEMORY;
        }
        buffer = device->vertex_ring.name;
        first = offset / stride;
    }
    else
    {
        struct wined3d_buffer *vb = state->stream.buffer;
        if (!vb) return WINED3DERR_INVALIDCALL;
        stride = state->stream.stride;
        if (stride < fvf_stride)
            return WINED3DERR_INVALIDCALL;
        if ((uint64_t)state->stream.offset + ((uint64_t)start_vertex + vertex_count) * stride > vb->size)
            return WINED3DERR_INVALIDCALL;
        buffer_load(vb, context);
        buffer = vb->name;
        base = state->stream.offset;
        first = start_vertex;
    }
    setup_vao(context, fvf, stride, buffer, base);
    if (indices)
    {
        if (!indices_valid(indices, index_count, vertex_count))
            return WINED3DERR_INVALIDCALL;
        if (!stream_ring_upload(context, &device->index_ring, GL_ELEMENT_ARRAY_BUFFER, indices,
                index_count * sizeof(*indices), 4, &index_offset))
            return WINED3DERR_OUTOFMEMORY;
    }

    /* Two uniform blocks for every program; each sent only when its bytes changed. */
    if (context->uniforms_dirty || context->fs_uniforms_dirty || context->vs_uniforms_dirty)
    {
        unsigned int blocks = 0;

        if (context->uniforms_dirty)
            blocks = SHADER_UNIFORMS_VS | SHADER_UNIFORMS_FS;
        if (context->fs_uniforms_dirty)
            blocks |= SHADER_UNIFORMS_FS;
        if (context->vs_uniforms_dirty)
            blocks |= context->vs_dirty_groups == STATE_VS_DIRTY_WORLDS
                    ? SHADER_UNIFORMS_VS_WORLDS : SHADER_UNIFORMS_VS;
        shader_upload_uniforms(context, state, blocks);
        context->uniforms_dirty = context->fs_uniforms_dirty = context->vs_uniforms_dirty = 0;
        context->vs_dirty_groups = 0;
    }
    shader_bind_uniforms(context);
    if (context->shader_blend)
    {
        struct dest_read_vertices dv = {NULL, 0};
        int32_t hr;
        if (vertices && (fvf & WINED3DFVF_POSITION_MASK) == WINED3DFVF_XYZRHW)
        {
            dv.data = vertices;
            dv.stride = stride;
        }
        hr = draw_shader_blend(context, state, type, first, indices ? index_count : vertex_count,
                indices, index_offset, &dv);
        device_mark_rendered(device);
        return hr;
    }
    if (!vertices || strided || !merge_start(device, context, mode, fvf, stride, first, vertex_count, indices,
            index_offset, index_count))
        draw_with_afail(context, state, mode, first, indices ? (GLsizei)index_count : (GLsizei)vertex_count,
                indices != NULL, index_offset);
    device_mark_rendered(device);
    return WINED3D_OK;
}

/* Roughly what a draw asks of the driver: the pixels of a pre-transformed
 * draw's bounding box, read from its memory, or DEVICE_FLUSH_VERTEX_WORK a
 * vertex for vertices the driver transforms (or that are not in memory).
 * A draw of a few vertices counts nothing: frames of many such draws are
 * bound by the recording thread, where more scenes only cost, and reading
 * their boxes would cost each of them.  Coordinates that are not numbers
 * count nothing; the total is capped at DEVICE_FLUSH_WORK. */
static uint32_t draw_work(uint32_t fvf, const void *vertices, uint32_t stride, uint32_t count)
{
    const unsigned char *v = vertices;
    float x0, x1, y0, y1, area;
    uint32_t i;

    if (count <= DEVICE_FLUSH_SMALL_DRAW)
        return 0;
    if (!v || (fvf & WINED3DFVF_POSITION_MASK) != WINED3DFVF_XYZRHW)
        return count >= DEVICE_FLUSH_WORK / DEVICE_FLUSH_VERTEX_WORK ? DEVICE_FLUSH_WORK
                : count * DEVICE_FLUSH_VERTEX_WORK;
    x0 = x1 = ((const float *)v)[0];
    y0 = y1 = ((const float *)v)[1];
    for (i = 1; i < count; ++i)
    {
        const float *p = (const float *)(v + (size_t)i * stride);

        x0 = p[0] < x0 ? p[0] : x0;
        x1 = p[0] > x1 ? p[0] : x1;
        y0 = p[1] < y0 ? p[1] : y0;
        y1 = p[1] > y1 ? p[1] : y1;
    }
    area = (x1 - x0) * (y1 - y0);
    if (!(area > 0.0f))
        return 0;
    return area < (float)DEVICE_FLUSH_WORK ? (uint32_t)area : DEVICE_FLUSH_WORK;
}

/* A device that presents to a window hands what it drew so far (the joined
 * draws included) to the driver once DEVICE_FLUSH_WORK has been queued.
 * llvmpipe rasterises a scene only once it is flushed, and a present waits
 * for the picture: a frame flushed only there leaves the rasteriser threads
 * idle while it is recorded and the recording thread idle while they draw
 * it.  Counting work rather than draws keeps the flushes away from frames
 * of many small draws, where llvmpipe's extra scenes only cost; off-screen,
 * where nothing waits, they only cost (tools/bench-findings.md, ninth pass). */
static void device_flush_some(struct wined3d_device *device, uint32_t work)
{
    device->work_unflushed += work;
    if (++device->draws_unflushed < DEVICE_FLUSH_MIN_DRAWS || device->work_unflushed < device->flush_work)
        return;
    device->work_unflushed = 0;
    device->draws_unflushed = 0;
    if (!device->current || !wsi_is_current(device->current->wsi))
        return;
    device_flush_draws(device);
    GL_CALL(device->current, glFlush());
}

static int32_t device_draw(struct wined3d_device *device, enum wined3d_primitive_type type,
        const void *vertices, const struct wined3d_strided_data *strided, uint32_t start_vertex,
        uint32_t vertex_count, uint32_t stride, const uint16_t *indices, uint32_t index_count)
{
    int32_t hr = device_draw_impl(device, type, vertices, strided, start_vertex, vertex_count, stride,
            indices, index_count);

    if (hr == WINED3D_OK && device->flush_work)
    {
        uint32_t fvf = device->state.fvf;

        device_flush_some(device, draw_work(fvf, strided ? NULL : vertices,
                stride ? stride : wined3d_fvf_get_stride(fvf), vertex_count));
    }
    device_end_call(device);
    return hr;
}

int32_t wined3d_device_draw_primitive(struct wined3d_device *device, enum wined3d_primitive_type type,
        uint32_t start_vertex, uint32_t vertex_count)
{
    if (!device) return WINED3DERR_INVALIDCALL;
    return device_draw(device, type, NULL, NULL, start_vertex, vertex_count, 0, NULL, 0);
}

int32_t wined3d_device_draw_indexed_primitive(struct wined3d_device *device, enum wined3d_primitive_type type,
        uint32_t base_vertex, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    if (!device || !indices) return WINED3DERR_INVALIDCALL;
    return device_draw(device, type, NULL, NULL, base_vertex, vertex_count, 0, indices, index_count);
}

int32_t wined3d_device_draw_primitive_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const void *vertices, uint32_t vertex_count, uint32_t stride)
{
    if (!device || !vertices) return WINED3DERR_INVALIDCALL;
    return device_draw(device, type, vertices, NULL, 0, vertex_count, stride, NULL, 0);
}

int32_t wined3d_device_draw_indexed_primitive_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const void *vertices, uint32_t vertex_count, uint32_t stride, const uint16_t *indices, uint32_t index_count)
{
    if (!device || !vertices || !indices) return WINED3DERR_INVALIDCALL;
    return device_draw(device, type, vertices, NULL, 0, vertex_count, stride, indices, index_count);
}

int32_t wined3d_device_draw_primitive_strided(struct wined3d_device *device, enum wined3d_primitive_type type,
        const struct wined3d_strided_data *data, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    if (!device || !data) return WINED3DERR_INVALIDCALL;
    return device_draw(device, type, NULL, data, 0, vertex_count, 0, indices, index_count);
}

/* ---------------------------------------------------------------------- */
/* Clear.                                                                  */

static int intersect(struct wined3d_rect *r, const struct wined3d_rect *o)
{
    if (o->left > r->left) r->left = o->left;
    if (o->top > r->top) r->top = o->top;
    if (o->right < r->right) r->right = o->right;
    if (o->bottom < r->bottom) r->bottom = o->bottom;
    return r->left < r->right && r->top < r->bottom;
}

static int32_t wined3d_device_clear_impl(struct wined3d_device *device, uint32_t rect_count, const struct wined3d_rect *rects,
        uint32_t flags, uint32_t argb, float z, uint32_t stencil)
{
    const struct wined3d_state *state;
    const uint32_t *rs;
    struct wined3d_context *context;
    struct wined3d_rect bounds, r, vp;
    struct wined3d_texture *rt, *ds;
    GLbitfield mask = 0;
    GLfloat color[4];
    unsigned int i;
    int use_masks;

    if (!device || (rect_count && !rects))
        return WINED3DERR_INVALIDCALL;
    if (flags & ~(WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER | WINED3DCLEAR_STENCIL
            | WINED3DCLEAR_USE_STATE_MASKS | WINED3DCLEAR_IGNORE_VIEWPORT))
        return WINED3DERR_INVALIDCALL;
    state = &device->state;
    rs = state->render_states;
    rt = device->render_target;
    ds = device->depth_stencil;
    /* Direct3D 7: clearing a buffer that is not there is an error. */
    if (((flags & WINED3DCLEAR_ZBUFFER) && !ds) || ((flags & WINED3DCLEAR_STENCIL) && (!ds || !ds->format->stencil_bits)))
        return WINED3DERR_INVALIDCALL;
    if (!rt) return WINED3DERR_INVALIDCALL;
    use_masks = !!(flags & WINED3DCLEAR_USE_STATE_MASKS);

    context = device_acquire_context(device);
    prepare_targets(device, context);
    context_apply_framebuffer(context, state);

    bounds.left = bounds.top = 0;
    bounds.right = rt->sub_resources[device->render_target_sub].width;
    bounds.bottom = rt->sub_resources[device->render_target_sub].height;
    if (!(flags & WINED3DCLEAR_IGNORE_VIEWPORT))
    {
        vp.left = state->viewport.x; vp.top = state->viewport.y;
        vp.right = state->viewport.x + state->viewport.width;
        vp.bottom = state->viewport.y + state->viewport.height;
        if (!intersect(&bounds, &vp)) return WINED3D_OK;
    }
    if (use_masks && rs[WINED3D_RS_SCISSORTESTENABLE] && !intersect(&bounds, &state->scissor_rect))
        return WINED3D_OK;

    if (flags & WINED3DCLEAR_TARGET)
    {
        uint32_t cw = use_masks ? rs[WINED3D_RS_COLORWRITEENABLE] : 0xf;
        wined3d_color_from_argb(color, argb);
        gl_clear_color(context, color);
        gl_color_mask(context, !!(cw & 1), !!(cw & 2), !!(cw & 4), !!(cw & 8));
        mask |= GL_COLOR_BUFFER_BIT;
        context_mark_dirty(context, STATE_RENDER(WINED3D_RS_COLORWRITEENABLE));
    }
    if (flags & WINED3DCLEAR_ZBUFFER)
    {
        gl_clear_depth(context, z < 0.0f ? 0.0 : z > 1.0f ? 1.0 : z);
        gl_depth_mask(context, GL_TRUE);
        mask |= GL_DEPTH_BUFFER_BIT;
        context_mark_dirty(context, STATE_RENDER(WINED3D_RS_ZENABLE));
    }
    if (flags & WINED3DCLEAR_STENCIL)
    {
        gl_clear_stencil(context, stencil);
        gl_stencil_mask(context, use_masks ? rs[WINED3D_RS_STENCILWRITEMASK] : 0xffffffff);
        mask |= GL_STENCIL_BUFFER_BIT;
        context_mark_dirty(context, STATE_RENDER(WINED3D_RS_STENCILENABLE));
    }
    if (!mask) return WINED3D_OK;
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 1);
    context_mark_dirty(context, STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE));

    for (i = 0; i < (rect_count ? rect_count : 1); ++i)
    {
        r = bounds;
        if (rect_count && !intersect(&r, &rects[i]))
            continue;
        /* Top-down storage: Direct3D rows are GL rows. */
        gl_scissor(context, r.left, r.top, r.right - r.left, r.bottom - r.top);
        GL_CALL(context, glClear(mask));
    }
    device_mark_rendered(device);
    return WINED3D_OK;
}

int32_t wined3d_device_clear(struct wined3d_device *device, uint32_t rect_count, const struct wined3d_rect *rects,
        uint32_t flags, uint32_t argb, float z, uint32_t stencil)
{
    int32_t hr = wined3d_device_clear_impl(device, rect_count, rects, flags, argb, z, stencil);
    device_end_call(device);
    return hr;
}

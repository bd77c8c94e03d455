/*
 * Draws and clears.  A draw acquires the device's context, applies its dirty
 * groups, picks the program for the fixed-function key, copies user-memory
 * vertices and indices into the streaming rings and issues one glDraw*
 * (two for the non-discarding alpha-test fail actions), unless it joins the
 * draws held back before it (merge.c).
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
void draw_setup_vao(struct wined3d_context *context, uint32_t fvf, uint32_t stride, GLuint buffer, uint32_t base)
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
int draw_program(struct wined3d_context *context, const struct wined3d_state *state, int invert_alpha)
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

    uint32_t s = context->fb_scale, width = sub->width * s, height = sub->height * s;
    /* A target drawn through a draw copy (supersample.c) is copied at its
     * scale by a blit, which also resolves its samples: the copy has the
     * target's format, as a resolving blit wants. */
    GLenum internal = !context->fb_copies ? GL_RGBA8 : device->render_target->gl_format->internal
            ? device->render_target->gl_format->internal : GL_RGBA8;

    if (!context->dest_texture)
        GL_CALL(context, glGenTextures(1, &context->dest_texture));
    gl_bind_texture(context, GL_SCRATCH_UNIT, GL_TEXTURE_2D, context->dest_texture);
    if (context->dest_width != width || context->dest_height != height || context->dest_internal != internal)
    {
        GL_CALL(context, glTexImage2D(GL_TEXTURE_2D, 0, internal, width, height, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, NULL));
        /* One level: complete whatever sampler the unit has; texelFetch ignores filters. */
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
        context->dest_width = width;
        context->dest_height = height;
        context->dest_internal = internal;
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
    if (context->fb_copies)
    {
        supersample_copy_to_texture(context, context->dest_texture, x0 * s, y0 * s, x1 * s, y1 * s,
                !!state->render_states[WINED3D_RS_SCISSORTESTENABLE]);
        return;
    }
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

/* Whether every index names one of the draw's vertices. */
static int draw_indices_valid(const uint16_t *indices, uint32_t index_count, uint32_t vertex_count)
{
    uint16_t max = wined3d_index_max(indices, index_count);

    if (index_count && max >= vertex_count)
    {
        WARN("Index %u out of range (%u vertices).\n", max, vertex_count);
        return 0;
    }
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
    int passes, read_vertices = 0;

    if (!context || (!state->render_states[WINED3D_RS_ALPHATESTENABLE] && !context->alpha_test_passes))
        return;
    if (!vertices || stride < fvf_stride || (uint64_t)vertex_count * stride > (1u << 30))
        passes = 0;
    /* Nothing it read changed since it last read no vertices: mostly so
     * from one draw to the next (a churn draw saves ~100 instructions). */
    else if (context->alpha_note_valid && context->alpha_note_serial == device->texture_serial)
        passes = context->alpha_note_passes;
    else
    {
        /* The state's part stays while only textures change (a game
         * changing the texture between draws: ~60 instructions a draw). */
        if (!context->alpha_plan_valid)
        {
            state_alpha_plan(state, state->fvf, &context->alpha_plan);
            context->alpha_plan_valid = 1;
        }
        passes = state_alpha_plan_passes(&context->alpha_plan, state->textures[0], state->fvf, vertices, stride,
                vertex_count, &read_vertices);
        context->alpha_note_valid = !read_vertices;
        context->alpha_note_passes = passes;
        context->alpha_note_serial = device->texture_serial;
    }
    if (passes != context->alpha_test_passes)
    {
        context->alpha_test_passes = passes;
        state_mark_fs_shader(context);
    }
}

/* Pre-transformed vertices that all have one rhw are drawn by a program
 * that interpolates without perspective (WINED3D_FFP_RHW_FLAT): the same
 * values for a constant w, and on a software rasteriser fewer instructions
 * for each pixel (thrash: 2.8 % of a batch).  Where besides each
 * primitive's vertices share their colours (a sprite, a text quad, a
 * particle), the colours are not interpolated at all (WINED3D_FFP_COLOUR_FLAT,
 * flat varyings: without perspective the interpolated value of one colour
 * is that colour, bit for bit; thrash's colours are, and llvmpipe then runs a
 * tenth fewer fragment instructions).  A GPU interpolates
 * for nothing, so there the key stays as it was.  Only vertices from memory
 * are looked at; rhw and colours are compared bit for bit.  A flat draw
 * after one that is not keeps the program it has (it draws the same) until
 * the program changes anyway or FLAT_DRAWS such draws came in a row: a game
 * that mixes the two under one state would otherwise switch programs and
 * split its joined runs at each. */
#define FLAT_DRAWS 8

/* A vertex's colours as one number: span is 4 (one colour) or 8 (both). */
static inline uint64_t vertex_colours(const uint8_t *colours, uint32_t stride, uint32_t span, uint32_t v)
{
    uint64_t c8;
    uint32_t c4;

    if (span == 8)
    {
        memcpy(&c8, colours + (size_t)v * stride, 8);
        return c8;
    }
    memcpy(&c4, colours + (size_t)v * stride, 4);
    return c4;
}

/* Whether every primitive of the draw has one diffuse and one specular on
 * all its vertices.  colours points at the first vertex's colours, span
 * bytes of them.  Lists are looked at primitive by primitive; in a strip,
 * a fan or a line strip primitives share vertices, so all must agree. */
static int primitives_share_colours(GLenum mode, const uint8_t *colours, uint32_t stride, uint32_t span,
        uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    uint32_t count = indices ? index_count : vertex_count, n, i, j;

    if (mode == GL_POINTS || !span)
        return 1;
    n = mode == GL_TRIANGLES ? 3 : mode == GL_LINES ? 2 : count;
    if (!n) return 1;
    for (i = 0; i + n <= count; i += n)
    {
        uint32_t first = indices ? indices[i] : i;
        uint64_t c;

        if (first >= vertex_count) return 0;
        c = vertex_colours(colours, stride, span, first);
        for (j = 1; j < n; ++j)
        {
            uint32_t v = indices ? indices[i + j] : i + j;

            if (v >= vertex_count || vertex_colours(colours, stride, span, v) != c)
                return 0;
        }
    }
    return 1;
}

/* Counts a draw that is (or is not) flat in one respect into *draws, and
 * says whether the program must change for it: at once to drop the bit,
 * after FLAT_DRAWS flat draws in a row to take it. */
static int flat_step(unsigned int *draws, int program_flat, int draw_flat)
{
    *draws = draw_flat ? *draws + (*draws < FLAT_DRAWS) : 0;
    return draw_flat != program_flat && (!draw_flat || *draws >= FLAT_DRAWS);
}

static void note_flat(struct wined3d_device *device, GLenum mode, uint32_t fvf, const uint8_t *vertices,
        uint32_t stride, uint32_t fvf_stride, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    struct wined3d_context *context = device->context;
    uint32_t first, rhw, i, span;
    int flat = 0, colour_flat = 0;

    if (!context || !device->software_raster)
        return;
    if ((fvf & WINED3DFVF_POSITION_MASK) == WINED3DFVF_XYZRHW && vertices && stride >= fvf_stride
            && (uint64_t)vertex_count * stride <= (1u << 30))
    {
        memcpy(&first, vertices + 12, sizeof(first));
        for (i = 1; i < vertex_count; ++i)
        {
            memcpy(&rhw, vertices + (size_t)i * stride + 12, sizeof(rhw));
            if (rhw != first) break;
        }
        flat = i == vertex_count;
        span = 4 * !!(fvf & WINED3DFVF_DIFFUSE) + 4 * !!(fvf & WINED3DFVF_SPECULAR);
        colour_flat = flat && primitives_share_colours(mode, vertices + state_fvf_colour_offset(fvf), stride, span,
                vertex_count, indices, index_count);
    }
    /* Both counters step, whatever the first answers. */
    if (flat_step(&context->rhw_flat_draws, context->rhw_flat, flat)
            | flat_step(&context->colour_flat_draws, context->colour_flat, colour_flat))
        state_mark_fs_shader(context);
}

/* The stride of the draw's format, 0 for none: mostly the last draw's
 * (wined3d_fvf_get_stride keeps one too, behind a call and an atomic load). */
static inline uint32_t device_fvf_stride(struct wined3d_device *device, uint32_t fvf)
{
    if (fvf != device->stride_fvf || !fvf)
    {
        device->fvf_stride = wined3d_fvf_get_stride(fvf);
        device->stride_fvf = fvf;
    }
    return device->fvf_stride;
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
    if (!fvf || !(fvf_stride = device_fvf_stride(device, fvf)))
        return WINED3DERR_INVALIDCALL;

    note_alpha_test(device, strided ? NULL : vertices, stride ? stride : fvf_stride, fvf_stride, vertex_count);
    note_flat(device, mode, fvf, strided ? NULL : vertices, stride ? stride : fvf_stride, fvf_stride, vertex_count,
            indices, index_count);
    if (device->merge.valid)
    {
        if (vertices && !strided && device->current == device->context && wsi_is_current(device->context->wsi)
                && merge_join(device, device->context, mode, fvf, stride ? stride : fvf_stride, vertices, vertex_count,
                indices, index_count))
            return WINED3D_OK;
        if (!hold_pending_run(device))
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
    draw_setup_vao(context, fvf, stride, buffer, base);
    if (indices)
    {
        if (!draw_indices_valid(indices, index_count, vertex_count))
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
        {
            blocks = SHADER_UNIFORMS_VS | SHADER_UNIFORMS_FS;
            context->fs_parts |= WINED3D_FFP_FS_ALL;
        }
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
        hold_flush_for_change(device);
        hr = draw_shader_blend(context, state, type, first, indices ? index_count : vertex_count,
                indices, index_offset, &dv);
        device_mark_rendered(device);
        return hr;
    }
    /* A draw of a held run's state again (hold.c). */
    if (vertices && !strided && !indices && hold_join(device, context, mode, fvf, stride, vertices, vertex_count))
        return WINED3D_OK;
    if (!vertices || strided || !merge_start(device, context, mode, fvf, stride, vertices, first, vertex_count,
            indices, index_offset, index_count))
    {
        /* Sent now: after what is held. */
        hold_flush_for_change(device);
        draw_with_afail(context, state, mode, first, indices ? (GLsizei)index_count : (GLsizei)vertex_count,
                indices != NULL, index_offset);
    }
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
    float box[4];
    uint32_t i;

    if (count <= DEVICE_FLUSH_SMALL_DRAW)
        return 0;
    if (!v || (fvf & WINED3DFVF_POSITION_MASK) != WINED3DFVF_XYZRHW)
        return count >= DEVICE_FLUSH_WORK / DEVICE_FLUSH_VERTEX_WORK ? DEVICE_FLUSH_WORK
                : count * DEVICE_FLUSH_VERTEX_WORK;
    box[0] = box[1] = ((const float *)v)[0];
    box[2] = box[3] = ((const float *)v)[1];
    for (i = 1; i < count; ++i)
        rhw_box_add(box, (const float *)(v + (size_t)i * stride));
    return rhw_box_pixels(box);
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
                stride ? stride : device_fvf_stride(device, fvf), vertex_count));
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
        /* Top-down storage: Direct3D rows are GL rows; a target drawn at
         * another scale has its rectangles scaled (supersample.c). */
        gl_scissor(context, r.left * context->fb_scale, r.top * context->fb_scale,
                (r.right - r.left) * context->fb_scale, (r.bottom - r.top) * context->fb_scale);
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

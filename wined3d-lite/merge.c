/*
 * Joined draws: draws from memory that change nothing but stage 0's texture
 * and filters, or the world matrix, are held back and reach GL as one draw
 * (or one per change when the run has few), each draw's texture or matrices
 * chosen by a per-vertex slot.  Anything else that reaches GL sends them
 * first (device_flush_draws), so the draws keep their order.
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(draw);

/* An instanced run's mesh, count times in one GL draw: the first draw's
 * indices as they are in the ring (not rebased), its vertices at the
 * run's first; based as draw_joined_range's. */
static void draw_joined_instances(struct wined3d_device *device, struct wined3d_context *context,
        GLsizei count, int based)
{
    if (device->merge.indexed)
    {
        gl_bind_element_buffer(context, device->index_ring.name);
        GL_CALL(context, glDrawElementsInstancedBaseVertex(device->merge.mode, device->merge.mesh_count,
                GL_UNSIGNED_SHORT, (const void *)(uintptr_t)device->merge.index_start, count,
                based ? 0 : device->merge.base));
    }
    else
        GL_CALL(context, glDrawArraysInstanced(device->merge.mode, based ? 0 : device->merge.base,
                device->merge.mesh_count, count));
}

/* Of the joined draws, count indices (or vertices) from the start-th on as
 * one GL draw; of an instanced run's, count instances (any count of them
 * draws the same).  based: the vertex array starts at the run's first
 * vertex (draw_joined_slots) rather than at the ring's. */
static void draw_joined_range(struct wined3d_device *device, struct wined3d_context *context, GLsizei start,
        GLsizei count, int based)
{
    if (device->merge.mesh_run == MERGE_MESH_INSTANCED)
        draw_joined_instances(device, context, count, based);
    else if (device->merge.indexed)
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
 * vertex block (the first segment's, slot 0's, are there); the program stays. */
static void draw_joined_segments(struct wined3d_device *device, struct wined3d_context *context)
{
    const struct wined3d_merge_segment *seg = device->merge.segments;
    unsigned int i, slot, n = device->merge.segment_count;
    GLsizei start, end;

    /* Making the slot program (draw_joined_slots, which may then have
     * failed) makes it current. */
    gl_use_program(context, context->program->program);
    for (i = 0; i <= n; ++i)
    {
        /* Before the first segment: the run's own texture (slot 0). */
        start = i ? seg[i - 1].count_start : 0;
        end = i < n ? seg[i].count_start : device->merge.count;
        if (start == end)
            continue;
        slot = i ? seg[i - 1].slot : 0;
        if (device->merge.slot_kind == MERGE_SLOTS_TEXTURE
                || (device->merge.slot_kind == MERGE_SLOTS_PIXEL && device->merge.tex_varies))
        {
            gl_bind_texture(context, 0, GL_TEXTURE_2D, device->merge.slot_names[slot]);
            gl_sampler_params(context, 0, &device->merge.slot_samplers[slot]);
        }
        if (device->merge.slot_kind == MERGE_SLOTS_PIXEL)
        {
            /* The slots' blocks differ only in [fs_lo, fs_hi): with none
             * there GL keeps the run's first block, and the context's copy
             * of it stays true for the next run's pixel slots. */
            if (device->merge.fs_lo != device->merge.fs_hi)
                shader_set_fs_block(context, &device->merge.slot_fs[slot], device->merge.fs_used);
            state_blend_slot_apply(context, &device->merge.slot_blend[slot]);
        }
        else if (device->merge.slot_kind == MERGE_SLOTS_WORLD && slot)
        {
            float matrices[32];

            wined3d_ffp_world_matrices(matrices, &device->merge.worlds[slot], &device->merge.run_view,
                    device->merge.run_legacy);
            shader_set_world_matrices(context, matrices);
        }
        draw_joined_range(device, context, start, end - start, 0);
    }
}

/* The world matrices of the run's slots into the world ring, bound to the
 * slot program's block (struct wined3d_ffp_world_slots): a block of 16
 * slots or of all, with the run's view and lighting mode. */
static int bind_world_slots(struct wined3d_device *device, struct wined3d_context *context, unsigned int slots)
{
    uint32_t size = sizeof(struct wined3d_ffp_world_slots) + slots * sizeof(*device->merge.worlds), offset;
    struct wined3d_ffp_world_slots *p;

    if (!(p = stream_ring_reserve(context, &device->world_ring, GL_ARRAY_BUFFER, size,
            device->ubo_offset_align, &offset)))
        return 0;
    memcpy(p->view, &device->merge.run_view, sizeof(p->view));
    p->flags[0] = device->merge.run_legacy ? 1.0f : 0.0f;
    p->flags[1] = p->flags[2] = p->flags[3] = 0.0f;
    memcpy(p->world, device->merge.worlds, device->merge.slot_count * sizeof(*device->merge.worlds));
    stream_ring_commit(context, &device->world_ring, GL_ARRAY_BUFFER, offset, size);
    gl_bind_ubo_range(context, WINED3D_FFP_WORLD_UBO_BINDING, device->world_ring.name, offset, size);
    return 1;
}

/* The factors of the pixel slots' blends for the slot program, when they
 * differ; 0 when one cannot be the program's (the run is drawn a segment
 * at a time). */
static int pixel_blend_factors(const struct wined3d_device *device, float k[WINED3D_FFP_MAX_SLOTS][2][4])
{
    unsigned int i;

    for (i = 0; device->merge.blend_varies && i < device->merge.slot_count; ++i)
        if (!state_blend_slot_factors(&device->merge.slot_blend[i], k[i]))
            return 0;
    return 1;
}

/* The fragment blocks of a run's pixel slots into the world ring, bound to
 * the slot program's block "ffp_fs_slots" (count blocks, those past the
 * run's slots unread), each with its blend's factors (k). */
static int bind_fs_slots(struct wined3d_device *device, struct wined3d_context *context, unsigned int count,
        float k[WINED3D_FFP_MAX_SLOTS][2][4])
{
    uint32_t size = count * sizeof(*device->merge.slot_fs), offset;
    struct wined3d_ffp_fs_uniforms *p;
    unsigned int i;

    if (!(p = stream_ring_reserve(context, &device->world_ring, GL_ARRAY_BUFFER, size,
            device->ubo_offset_align, &offset)))
        return 0;
    for (i = 0; i < device->merge.slot_count; ++i)
    {
        memcpy(&p[i], &device->merge.slot_fs[i], device->merge.fs_used);
        if (device->merge.blend_varies)
            memcpy(p[i].slot_blend, k[i], sizeof(k[i]));
    }
    stream_ring_commit(context, &device->world_ring, GL_ARRAY_BUFFER, offset, size);
    gl_bind_ubo_range(context, WINED3D_FFP_FS_SLOTS_UBO_BINDING, device->world_ring.name, offset, size);
    if (device->merge.blend_varies)
        state_blend_dual_source(context);
    return 1;
}

/* A run without slots yet, and nothing of the dirty list looked at. */
static void merge_reset_slots(struct wined3d_device *device)
{
    device->merge.slot_kind = 0;
    device->merge.slot_count = 0;
    device->merge.segment_count = 0;
    device->merge.last_slot = 0;
    device->merge.dirty_seen = device->merge.dirty_kinds = 0;
    device->merge.dirty_blend = 0;
    device->merge.fs_stages = device->merge.fs_parts = 0;
    device->merge.tex_varies = device->merge.blend_varies = 0;
    device->merge.samples0 = -1;
}

/* The pending run is taken elsewhere (hold.c): nothing of it is sent. */
void merge_forget_run(struct wined3d_device *device)
{
    device->merge.count = 0;
    device->merge.valid = 0;
    merge_reset_slots(device);
}

/* Each vertex's (or instance's) slot: its segment's, slot 0 before the
 * first; a byte each, or with wide two. */
static void fill_slots(const struct wined3d_device *device, uint8_t *slots, uint32_t vertices, uint32_t wide)
{
    const struct wined3d_merge_segment *seg = device->merge.segments;
    unsigned int i, n = device->merge.segment_count;
    uint16_t *s16 = (uint16_t *)slots;
    uint32_t v, end;

    if (!wide)
    {
        memset(slots, 0, seg[0].vertex_start);
        for (i = 0; i < n; ++i)
            memset(slots + seg[i].vertex_start, seg[i].slot,
                    (i + 1 < n ? seg[i + 1].vertex_start : vertices) - seg[i].vertex_start);
        return;
    }
    for (v = 0; v < seg[0].vertex_start; ++v)
        s16[v] = 0;
    for (i = 0; i < n; ++i)
        for (end = i + 1 < n ? seg[i + 1].vertex_start : vertices; v < end; ++v)
            s16[v] = (uint16_t)seg[i].slot;
}

/* Joined draws whose slot changes often: one GL draw with the run's
 * program reading stage 0 from the slot units, or its world matrices from
 * the world slots, each vertex's slot from the slot ring.  The vertex
 * array is based at the run's start, so that a vertex's index into the run
 * is its index into the slots; an instanced run's slots go one an
 * instance (divisor 1).  0 when it cannot (no program, no mapped ring):
 * the caller draws segments. */
static int draw_joined_slots(struct wined3d_device *device, struct wined3d_context *context)
{
    unsigned int i, n = device->merge.slot_count, world = device->merge.slot_kind == MERGE_SLOTS_WORLD;
    int pixel = device->merge.slot_kind == MERGE_SLOTS_PIXEL;
    uint32_t offset, vertices = device->merge.mesh_run == MERGE_MESH_INSTANCED ? (uint32_t)device->merge.count
            : device->merge.vertex_end - device->merge.base;
    unsigned int world_slots = n <= 16 ? 16 : device->world_slot_max;
    uint32_t wide = n > 256;    /* world slots past a byte's range */
    unsigned int slots_read = n <= 2 ? 2 : WINED3D_FFP_MAX_SLOTS;
    int textures = !world && (!pixel || device->merge.tex_varies);
    float k[WINED3D_FFP_MAX_SLOTS][2][4];
    struct wined3d_ffp_program *program;
    uint8_t *slots;

    if (pixel && !pixel_blend_factors(device, k))
        return 0;
    if (!context->program || !(program = shader_get_slot_program(context, context->program,
            textures ? slots_read : 0, world ? world_slots : 0, pixel ? slots_read : 0,
            pixel && device->merge.blend_varies)))
        return 0;
    if (!device->ubo_offset_align)
    {
        GL_CALL(context, glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &device->ubo_offset_align));
        if (device->ubo_offset_align <= 0)
            device->ubo_offset_align = 256;
    }
    if (world && !bind_world_slots(device, context, world_slots))
        return 0;
    if (pixel && !bind_fs_slots(device, context, slots_read, k))
        return 0;
    if (!(slots = stream_ring_reserve(context, &device->slot_ring, GL_ARRAY_BUFFER, vertices << wide, 4, &offset)))
        return 0;
    fill_slots(device, slots, vertices, wide);
    stream_ring_commit(context, &device->slot_ring, GL_ARRAY_BUFFER, offset, vertices << wide);

    draw_setup_vao(context, device->merge.fvf, device->merge.stride, device->merge.buffer, device->merge.run_start);
    gl_bind_array_buffer(context, device->slot_ring.name);
    gl_vertex_attrib(context, WINED3D_FFP_ATTRIB_SLOT, 1, 1, wide ? GL_UNSIGNED_SHORT : GL_UNSIGNED_BYTE, GL_FALSE,
            1 << wide, offset);
    gl_vertex_attrib_divisor(context, WINED3D_FFP_ATTRIB_SLOT, device->merge.mesh_run == MERGE_MESH_INSTANCED);
    for (i = 0; textures && i < n; ++i)
    {
        unsigned int unit = WINED3D_FFP_SLOT_UNIT + i;

        gl_bind_texture(context, unit, GL_TEXTURE_2D, device->merge.slot_names[i]);
        /* Binds the sampler object of these parameters. */
        gl_sampler_params(context, unit, &device->merge.slot_samplers[i]);
    }
    gl_use_program(context, program->program);
    draw_joined_range(device, context, 0, device->merge.count, 1);
    gl_vertex_attrib(context, WINED3D_FFP_ATTRIB_SLOT, 0, 0, 0, GL_FALSE, 0, 0);
    return 1;
}

/* Whether a run of texture or pixel slots goes as one draw of the slot
 * program rather than a draw a segment (MERGE_SLOT_PIXELS); world slots
 * leave the fragment stage as it is. */
static inline int merge_slots_pay(const struct wined3d_device *device)
{
    return !device->software_raster || device->merge.slot_kind == MERGE_SLOTS_WORLD
            || device->merge.pixels <= (uint64_t)device->merge.segment_count * MERGE_SLOT_PIXELS;
}

void device_flush_draws(struct wined3d_device *device)
{
    struct wined3d_context *context = device->merge.context;

    /* Held runs came before the pending one. */
    hold_flush(device);
    if (device->merge.count)
    {
        /* Another device may have drawn on this thread since: the run's
         * context is made current again, its GL state its own.  Nothing
         * touched that context's GL since the draw joined last: the
         * program, the vertex array and the targets are still its own. */
        if (device->current != context || !wsi_is_current(context->wsi))
            context_acquire_for_draw(device, context);
        if (device->current == context && wsi_is_current(context->wsi))
        {
            /* A program switch there and back costs llvmpipe about what
             * a few draws do. */
            if (device->merge.segment_count)
            {
                if (device->merge.segment_count < MERGE_SLOT_SEGMENTS || !merge_slots_pay(device)
                        || !draw_joined_slots(device, context))
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
    merge_reset_slots(device);
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
            || (t->gl_levels > 1) != (r->gl_levels > 1) || supersample_newest(t))
        return 0;
    for (i = 0; i < t->level_count; ++i)
        if (!t->sub_resources[i].gpu_valid)
            return 0;
    return 1;
}

/* Whether the run's program samples stage 0 (asked once a run: the
 * program is the run's). */
static inline int run_samples_stage0(struct wined3d_device *device, const struct wined3d_context *context)
{
    if (device->merge.samples0 < 0)
        device->merge.samples0 = wined3d_ffp_stage_samples(&context->program->key, 0);
    return device->merge.samples0;
}

/* The parameters the draw samples stage 0's texture t with, as a slot
 * keeps them. */
static inline void draw_sampler(const struct wined3d_device *device, const struct wined3d_texture *t,
        struct wined3d_gl_sampler_shadow *s)
{
    state_sampler_shadow(&device->state, 0, t, s);
    s->known = 1;
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
    if (!run_samples_stage0(device, context))
        return 0;
    if (!device->merge.slot_count)
    {
        device->merge.slot_names[0] = context->stage_texture[0]->name;
        device->merge.slot_samplers[0] = context->gl.sampler_params[0];
    }
    draw_sampler(device, t, &s);
    for (i = 0; i < n; ++i)
        if (device->merge.slot_names[i] == t->name && !memcmp(&device->merge.slot_samplers[i], &s, sizeof(s)))
            return i;
    if (n >= WINED3D_FFP_MAX_SLOTS)
        return -1;
    device->merge.slot_names[n] = t->name;
    device->merge.slot_samplers[n] = s;
    return n;
}

/* Whether Direct3D's matrix m is affine (its last column 0, 0, 0, 1). */
static inline int matrix_is_affine(const struct wined3d_matrix *m)
{
    return m->_14 == 0.0f && m->_24 == 0.0f && m->_34 == 0.0f && m->_44 == 1.0f;
}

/* How many world slots a run reads: WINED3D_FFP_MAX_WORLD_SLOTS, or fewer
 * where GL's uniform blocks are smaller (GL asks for 16 KiB). */
static unsigned int merge_world_slot_max(struct wined3d_device *device)
{
    GLint n;

    if (device->world_slot_max)
        return device->world_slot_max;
    n = (device->max_uniform_block - (GLint)sizeof(struct wined3d_ffp_world_slots))
            / (GLint)sizeof(struct wined3d_matrix);
    device->world_slot_max = n < 16 ? 16 : n > WINED3D_FFP_MAX_WORLD_SLOTS ? WINED3D_FFP_MAX_WORLD_SLOTS : n;
    return device->world_slot_max;
}

/* The slot of a draw whose only change since the run's start is its world
 * matrix (the world group the only dirty one), or -1: without vertex
 * blending, while the run reads at most merge_world_slot_max.  A
 * slot is the world matrix alone; the slot program forms world * view and
 * the normal matrix, as the vertex block has them where both world and
 * view are affine or lighting is legacy (glsl_ffp.c, normal_matrix: else
 * Direct3D 7 inverts the whole 4x4), so no other joins.  The draw's matrix
 * goes to the slot it would take (written over while the join does not go
 * through); slot 0 holds the run's first. */
static int merge_world_slot(struct wined3d_device *device, const struct wined3d_context *context)
{
    const struct wined3d_ffp_key *key = &context->program->key;
    const struct wined3d_state *state = &device->state;
    const struct wined3d_matrix *world = &state->transforms[WINED3D_TS_WORLD];
    unsigned int n = device->merge.slot_count, next = n ? n : 1;
    struct wined3d_matrix *worlds;

    if (next >= merge_world_slot_max(device))
        return -1;
    /* The first world slot of the run: what holds for the whole run (its
     * program, its view and lighting mode) is looked at once. */
    if (!n)
    {
        if (key->xyzrhw || key->blend_weights || !context->ubo_shadow[0])
            return -1;
        if (!device->merge.worlds && !(device->merge.worlds
                = malloc(WINED3D_FFP_MAX_WORLD_SLOTS * sizeof(*device->merge.worlds))))
            return -1;
        /* Only the world group is dirty: the view and the lighting mode
         * are still the run's. */
        device->merge.run_legacy = !!state->render_states[WINED3D_RS_LEGACYLIGHTING];
        device->merge.run_view = state->transforms[WINED3D_TS_VIEW];
        if (!device->merge.run_legacy && (!matrix_is_affine(&device->merge.run_view)
                || !matrix_is_affine(&device->merge.run_world)))
            return -1;
    }
    if (!device->merge.run_legacy && !matrix_is_affine(world))
        return -1;
    worlds = device->merge.worlds;
    if (!n)
        worlds[0] = device->merge.run_world;
    /* Each draw of a tnl-like run changes its matrix. */
    return matrix_store_changed(&worlds[next], world, &worlds[device->merge.last_slot])
            ? next : device->merge.last_slot;
}

/* A run's slots become pixel slots (MERGE_SLOTS_PIXEL): each gets the
 * fragment block and the blend the run's first draw has in GL (its
 * texture slots stay).  0 when they are not known. */
static int merge_pixel_begin(struct wined3d_device *device, const struct wined3d_context *context)
{
    struct wined3d_blend_slot blend;
    unsigned int i, n = device->merge.slot_count ? device->merge.slot_count : 1;

    if (!context->ubo_fs_valid || !context->ubo_fs_next || !context->ubo_shadow[1]
            || !state_blend_slot_applied(context, &blend))
        return 0;
    if (!device->merge.slot_fs && !(device->merge.slot_fs
            = malloc((WINED3D_FFP_MAX_SLOTS + 1) * sizeof(*device->merge.slot_fs))))
        return 0;
    if (device->merge.slot_kind != MERGE_SLOTS_TEXTURE)
    {
        const struct wined3d_texture *t = context->stage_texture[0];

        device->merge.slot_names[0] = t ? t->name : 0;
        device->merge.slot_samplers[0] = context->gl.sampler_params[0];
    }
    else
        device->merge.tex_varies = n > 1;
    for (i = 0; i <= n; ++i)
        memcpy(&device->merge.slot_fs[i < n ? i : WINED3D_FFP_MAX_SLOTS], context->ubo_fs_next,
                sizeof(*device->merge.slot_fs));
    for (i = 0; i < n; ++i)
        device->merge.slot_blend[i] = blend;
    device->merge.fs_used = context->ubo_fs_used;
    device->merge.fs_lo = device->merge.fs_hi = 0;
    device->merge.slot_kind = MERGE_SLOTS_PIXEL;
    device->merge.slot_count = n;
    return 1;
}

/* The next draw's fragment block (slot_fs's last), its parts the run's
 * joins changed computed again over slot 0's, with the same fill (flags,
 * colour key) and as many bytes read; the bytes that may differ widen
 * [fs_lo, fs_hi).  0 when a change would need another program. */
static int merge_pixel_block(struct wined3d_device *device, struct wined3d_context *context)
{
    struct wined3d_ffp_fs_uniforms *next = &device->merge.slot_fs[WINED3D_FFP_MAX_SLOTS];
    const struct wined3d_state *state = &device->state;
    struct wined3d_ffp_program *program = context->program;
    unsigned int s, parts = device->merge.fs_parts;
    struct wined3d_ffp_draw_info info;
    size_t used = device->merge.fs_used, lo, hi;

    if (!device->merge.fs_stages && !parts)
        return 1;
    shader_draw_info(state, context, &info);
    if (info.flags != context->ubo_fs_flags || info.color_key != context->ubo_fs_color_key)
        return 0;
    for (s = 0; s < WINED3D_FFP_GENERIC_MAX_STAGES; ++s)
    {
        if (!(device->merge.fs_stages & (1u << s)))
            continue;
        /* Packs the stage's part of the block, as the fill would. */
        if (!wined3d_ffp_stage_key_holds_memo(&program->key, &program->stage_memo[s], state, s,
                device->whole_sums, next))
            return 0;
        parts |= WINED3D_FFP_FS_STAGES_PACKED;
    }
    if (!wined3d_ffp_update_fs_uniforms(next, state, &info, parts, &used, &lo, &hi) || used != device->merge.fs_used)
        return 0;
    if (device->merge.fs_lo == device->merge.fs_hi)
    {
        device->merge.fs_lo = lo;
        device->merge.fs_hi = hi;
    }
    else
    {
        if (lo < device->merge.fs_lo) device->merge.fs_lo = lo;
        if (hi > device->merge.fs_hi) device->merge.fs_hi = hi;
    }
    return 1;
}

/* Whether pixel slot i has the next draw's texture, block and blend. */
static inline int pixel_slot_equal(const struct wined3d_device *device, unsigned int i, GLuint name,
        const struct wined3d_gl_sampler_shadow *sampler, const struct wined3d_blend_slot *blend)
{
    const unsigned char *a = (const unsigned char *)&device->merge.slot_fs[i];
    const unsigned char *b = (const unsigned char *)&device->merge.slot_fs[WINED3D_FFP_MAX_SLOTS];
    size_t lo = device->merge.fs_lo;

    return device->merge.slot_names[i] == name && !memcmp(&device->merge.slot_blend[i], blend, sizeof(*blend))
            && (!sampler || !memcmp(&device->merge.slot_samplers[i], sampler, sizeof(*sampler)))
            && !memcmp(a + lo, b + lo, device->merge.fs_hi - lo);
}

/* The pixel slot of a draw whose changes since the run's start are stage
 * 0's texture and sampler, stage ops that keep the program, the texture
 * factor, the alpha reference and the blend (the groups
 * merge_slot accepts), or -1.  A slot is a texture with its sampler
 * parameters (when the program samples stage 0), a fragment block and a
 * blend; the run reads at most WINED3D_FFP_MAX_SLOTS.  The draw's slot is
 * written where a new one would go (written over while the join does not
 * go through). */
static int merge_pixel_slot(struct wined3d_device *device, struct wined3d_context *context)
{
    const struct wined3d_state *state = &device->state;
    struct wined3d_gl_sampler_shadow sampler, *ps = NULL;
    unsigned int i, n, last;
    struct wined3d_blend_slot blend;
    GLuint name;

    if (device->merge.slot_kind != MERGE_SLOTS_PIXEL && !merge_pixel_begin(device, context))
        return -1;
    n = device->merge.slot_count;
    name = device->merge.slot_names[0];
    if (run_samples_stage0(device, context) && (device->merge.dirty_kinds & MERGE_SLOTS_TEXTURE))
    {
        const struct wined3d_texture *t = state->textures[0];

        if (!texture_joins(context, t) || !context->gl.sampler_params[0].known)
            return -1;
        name = t->name;
        draw_sampler(device, t, &sampler);
        ps = &sampler;
    }
    /* Unless a blend group is dirty, the blend is the run's. */
    if (!device->merge.dirty_blend)
        blend = device->merge.slot_blend[0];
    else if (!state_blend_slot(context, state, &blend))
        return -1;
    if (!merge_pixel_block(device, context))
        return -1;
    /* Mostly the slot of the draw before, or one the run had. */
    last = device->merge.last_slot;
    if (pixel_slot_equal(device, last, name, ps, &blend))
        return last;
    for (i = 0; i < n; ++i)
        if (i != last && pixel_slot_equal(device, i, name, ps, &blend))
            return i;
    if (n >= WINED3D_FFP_MAX_SLOTS)
        return -1;
    device->merge.slot_names[n] = name;
    device->merge.slot_samplers[n] = ps ? sampler : device->merge.slot_samplers[0];
    device->merge.slot_blend[n] = blend;
    /* Set before the join goes through: a run sent without the slot is
     * drawn the same by the program that reads more. */
    if (name != device->merge.slot_names[0]
            || memcmp(&device->merge.slot_samplers[n], &device->merge.slot_samplers[0], sizeof(sampler)))
        device->merge.tex_varies = 1;
    if (memcmp(&blend, &device->merge.slot_blend[0], sizeof(blend)))
        device->merge.blend_varies = 1;
    memcpy(&device->merge.slot_fs[n], &device->merge.slot_fs[WINED3D_FFP_MAX_SLOTS], sizeof(device->merge.slot_fs[n]));
    return n;
}

/* The slot of a draw that would join the run (0 when nothing changed), or
 * -1; *kind what its slot is of.  Besides the slot's groups, a blend group
 * whose change leaves blending off may be dirty (in a run of pixel slots,
 * any blend).  Nothing applies the dirty list while draws are held back, so it only grows during a run:
 * the groups earlier joins looked at are not read again, only whether a
 * blend group among them still leaves blending off (the state's answer),
 * and in a run of pixel slots what their states are now. */
static int merge_slot(struct wined3d_device *device, struct wined3d_context *context, int *kind)
{
    unsigned int i, group, n = context->dirty_count, kinds;

    if (!n)
        return 0;
    if (!context->program)
        return -1;
    if (n < device->merge.dirty_seen)
    {
        device->merge.dirty_seen = device->merge.dirty_kinds = 0;
        device->merge.dirty_blend = 0;
        device->merge.fs_stages = device->merge.fs_parts = 0;
    }
    for (i = device->merge.dirty_seen; i < n; ++i)
    {
        group = context->dirty_list[i];
        if (group == STATE_SAMPLER(0) || group == STATE_TEXSTAGE(0, WINED3D_TSS_ADDRESSU))
            device->merge.dirty_kinds |= MERGE_SLOTS_TEXTURE;
        else if (group == STATE_TRANSFORM(WINED3D_TS_WORLD))
            device->merge.dirty_kinds |= MERGE_SLOTS_WORLD;
        else if (group == STATE_RENDER(WINED3D_RS_ALPHABLENDENABLE))
            device->merge.dirty_blend = 1;
        else if (group == STATE_RENDER(WINED3D_RS_TEXTUREFACTOR))
            device->merge.fs_parts |= WINED3D_FFP_FS_TEXTURE_FACTOR;
        else if (group == STATE_RENDER(WINED3D_RS_ALPHAREF))
            device->merge.fs_parts |= WINED3D_FFP_FS_ALPHA_REF;
        else if (STATE_IS_TEXSTAGE(group) && STATE_TEXSTAGE_STAGE(group) < WINED3D_FFP_GENERIC_MAX_STAGES
                && group == STATE_TEXSTAGE(STATE_TEXSTAGE_STAGE(group), WINED3D_TSS_COLOROP))
            device->merge.fs_stages |= 1u << STATE_TEXSTAGE_STAGE(group);
        else
            return -1;
    }
    device->merge.dirty_seen = n;
    kinds = device->merge.dirty_kinds;
    if (device->merge.fs_stages || device->merge.fs_parts || device->merge.slot_kind == MERGE_SLOTS_PIXEL
            || (device->merge.dirty_blend && !state_blend_stays_off(context, &device->state)))
    {
        if ((kinds & MERGE_SLOTS_WORLD) || device->merge.slot_kind == MERGE_SLOTS_WORLD)
            return -1;
        *kind = MERGE_SLOTS_PIXEL;
        return merge_pixel_slot(device, context);
    }
    if (kinds == MERGE_SLOTS_TEXTURE && device->merge.slot_kind != MERGE_SLOTS_WORLD)
    {
        *kind = MERGE_SLOTS_TEXTURE;
        return merge_texture_slot(device, context);
    }
    if (kinds == MERGE_SLOTS_WORLD && device->merge.slot_kind != MERGE_SLOTS_TEXTURE)
    {
        *kind = MERGE_SLOTS_WORLD;
        return merge_world_slot(device, context);
    }
    return kinds ? -1 : 0;
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
 * the run; in an instanced run its instance for both. */
static void merge_add_segment(struct wined3d_device *device, uint32_t vertex_start, unsigned int slot)
{
    struct wined3d_merge_segment *seg;

    if (slot == device->merge.last_slot)
        return;
    seg = &device->merge.segments[device->merge.segment_count++];
    seg->count_start = device->merge.count;
    seg->vertex_start = vertex_start;
    seg->slot = slot;
    device->merge.last_slot = slot;
}

/* Whether size bytes appended at at stay within limit (merge_start's
 * stream_ring_append_limit for the run's first byte): the ring's next bytes
 * are at at, so nothing else was written to it (nor was it made again)
 * since the run started. */
static inline int merge_ring_appends(const struct wined3d_stream_ring *ring, uint32_t at, uint32_t size,
        uint32_t limit)
{
    return ring->offset == at && (uint64_t)at + size <= limit;
}

/* The count indices copied to dst with delta added; 0 when one is not
 * below limit (1 to 65536).  A joined draw's indices are checked as they are
 * copied: with SSE2 eight a step, an index above limit - 1 found by an
 * unsigned saturating subtraction (the largest index and a compare cost
 * about twice as much for a mesh's few dozen). */
static inline int index_rebase_below(uint16_t *dst, const uint16_t *indices, uint32_t count, uint16_t delta,
        uint32_t limit)
{
    uint32_t i = 0;

#ifdef __SSE2__
    if (count >= 8)
    {
        const __m128i add = _mm_set1_epi16((short)delta), last = _mm_set1_epi16((short)(limit - 1));
        __m128i over = _mm_setzero_si128(), v;

        for (; i + 8 <= count; i += 8)
        {
            v = _mm_loadu_si128((const __m128i *)(indices + i));
            over = _mm_or_si128(over, _mm_subs_epu16(v, last));
            _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi16(v, add));
        }
        /* The last few once more as the last 8, which overlap the ones
         * done (dst is never indices: the same values written again). */
        if (i < count)
        {
            v = _mm_loadu_si128((const __m128i *)(indices + count - 8));
            over = _mm_or_si128(over, _mm_subs_epu16(v, last));
            _mm_storeu_si128((__m128i *)(dst + count - 8), _mm_add_epi16(v, add));
        }
        return _mm_movemask_epi8(_mm_cmpeq_epi16(over, _mm_setzero_si128())) == 0xffff;
    }
#endif
    for (; i < count; ++i)
    {
        if (indices[i] >= limit)
            return 0;
        dst[i] = (uint16_t)(indices[i] + delta);
    }
    return 1;
}

/* The most bytes of vertices and indices a run keeps a copy of: a draw
 * that repeats them is compared with the copy in cached memory, far
 * cheaper than streaming it to the GPU's again (an instanced run). */
#define MERGE_MESH_MAX 16384

/* At a run's start, a copy of its draw's vertices and indices, when the
 * last run's second draw had its first's counts and pointers (copy_mesh):
 * runs of one draw each, or of other meshes, copy nothing.  The run's
 * mesh_run: MERGE_MESH_KEPT with a copy, else MERGE_MESH_ONE. */
static inline int merge_keep_mesh(struct wined3d_device *device, const void *vertices, uint32_t vertex_size,
        const uint16_t *indices, uint32_t index_count)
{
    uint64_t size = (uint64_t)vertex_size + (indices ? (uint64_t)index_count * sizeof(*indices) : 0);

    if (!device->merge.copy_mesh || size > MERGE_MESH_MAX
            || (!device->merge.mesh && !(device->merge.mesh = malloc(MERGE_MESH_MAX))))
        return MERGE_MESH_ONE;
    memcpy(device->merge.mesh, vertices, vertex_size);
    if (indices)
        memcpy(device->merge.mesh + vertex_size, indices, index_count * sizeof(*indices));
    return MERGE_MESH_KEPT;
}

/* Whether a draw of a run of one mesh (one draw, or instanced) has that
 * mesh: its counts (the run's, the format and stride being the run's),
 * then its bytes against the run's copy, the same pointers being no proof
 * that the bytes stayed.  A run's second draw also says whether the next
 * run keeps a copy. */
static int merge_same_mesh(struct wined3d_device *device, const void *vertices, uint32_t vertex_size,
        uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    int instanced = device->merge.mesh_run == MERGE_MESH_INSTANCED;
    int counts = vertex_count == device->merge.vertex_end - (uint32_t)device->merge.base
            && (!indices || index_count == (uint32_t)(instanced ? device->merge.mesh_count : device->merge.count));

    if (!instanced)
        device->merge.copy_mesh = vertices == device->merge.mesh_from && indices == device->merge.mesh_indices_from
                && counts;
    return device->merge.mesh_run >= MERGE_MESH_KEPT && counts && !memcmp(device->merge.mesh, vertices, vertex_size)
            && (!indices || !memcmp(device->merge.mesh + vertex_size, indices, index_count * sizeof(*indices)));
}

/* Whether an instanced run (or a run of one draw, which becomes one) has
 * room for an instance more, its mesh still where it was in the rings:
 * neither was written since (anything else that streams sends the run
 * first). */
static inline int merge_instance_fits(const struct wined3d_device *device, int indexed)
{
    return device->merge.count < 65536 && device->vertex_ring.offset == device->merge.end
            && (!indexed || device->index_ring.offset == device->merge.index_end);
}

/* A new slot of the run (its texture or matrices are written already). */
static inline void merge_take_slot(struct wined3d_device *device, int slot, int kind)
{
    if (slot && slot >= (int)device->merge.slot_count)
    {
        device->merge.slot_count = slot + 1;
        device->merge.slot_kind = kind;
    }
}

/* A draw of the run's mesh joins it as an instance: nothing streamed but,
 * at the flush, its slot; the run's first draw is its first instance. */
static void merge_add_instance(struct wined3d_device *device, int slot, int kind)
{
    if (device->merge.mesh_run != MERGE_MESH_INSTANCED)
    {
        device->merge.mesh_run = MERGE_MESH_INSTANCED;
        device->merge.mesh_count = device->merge.count;
        device->merge.count = 1;
    }
    merge_add_segment(device, device->merge.count, slot);
    merge_take_slot(device, slot, kind);
    ++device->merge.count;
}

/* A draw joining the run with its vertices (and indices, rebased)
 * streamed after the run's, where they fit: the run stays one draw while
 * it spans at most 65536 vertices. */
static inline int merge_join_copy(struct wined3d_device *device, const void *vertices, uint32_t vertex_count,
        const uint16_t *indices, uint32_t index_count, int slot, int kind)
{
    uint32_t size = vertex_count * device->merge.stride, index_size = index_count * sizeof(*indices), offset;
    /* The draw's vertices go at the run's end: their first is known before
     * (no division: the run's start and each joined draw's size are
     * multiples of the stride, so its end is too). */
    uint32_t vertex_start = device->merge.vertex_end - (uint32_t)device->merge.base;
    void *dst;

    if (indices)
    {
        /* The run's indices end where the ring's next bytes start (both
         * even), so they go right there. */
        if ((uint64_t)vertex_start + vertex_count > 65536 || index_count > (1u << 28)
                || !merge_ring_appends(&device->index_ring, device->merge.index_end, index_size,
                device->merge.index_limit) || !(dst = stream_ring_append(&device->index_ring, index_size)))
            return 0;
        /* Checked as they are copied; a draw naming a vertex it lacks is
         * refused by the draw path, its copy left unused. */
        if (!index_rebase_below(dst, indices, index_count, (uint16_t)vertex_start, vertex_count))
            return 0;
        device->merge.index_end += index_size;
    }
    /* The vertices go at the run's end, checked by the caller: a multiple
     * of the stride, as the run's start and each joined draw's size are. */
    offset = device->merge.end;
    if (!(dst = stream_ring_append(&device->vertex_ring, size)))
        return 0;
    memcpy(dst, vertices, size);
    merge_add_segment(device, vertex_start, slot);
    merge_take_slot(device, slot, kind);
    device->merge.count += indices ? index_count : vertex_count;
    device->merge.end = offset + size;
    device->merge.vertex_end += vertex_count;
    return 1;
}

/* About how many pixels a pre-transformed draw covers, for
 * merge_slots_pay: the box of its first and last vertices (exact for a
 * quad as a list or a strip), with two between them for a draw of more
 * than DEVICE_FLUSH_SMALL_DRAW (a grid's diagonal), capped at
 * DEVICE_FLUSH_WORK; 0 for other vertices or positions that are not
 * numbers.  Not the box of all: a churn draw's of six vertices cost about
 * 110 instructions, 5 % of its path. */
static inline uint32_t merge_pixels(uint32_t fvf, const void *vertices, uint32_t stride, uint32_t count)
{
    const unsigned char *v = vertices;
    float box[4];
    unsigned int i;

    if ((fvf & WINED3DFVF_POSITION_MASK) != WINED3DFVF_XYZRHW || !count)
        return 0;
    box[0] = box[1] = ((const float *)v)[0];
    box[2] = box[3] = ((const float *)v)[1];
    rhw_box_add(box, (const float *)(v + (size_t)(count - 1) * stride));
    for (i = 1; count > DEVICE_FLUSH_SMALL_DRAW && i < 3; ++i)
        rhw_box_add(box, (const float *)(v + (size_t)(i * count / 3) * stride));
    return rhw_box_pixels(box);
}

/* Draws that may join the one before (device->merge): Direct3D 7 games
 * draw lists of a few triangles from memory at a time, often with no state
 * change in between, and each GL draw costs the driver far more than
 * copying the vertices.  An indexed draw's indices are written rebased to
 * the run's first vertex, so the run stays one glDrawElementsBaseVertex
 * while it spans at most 65536 vertices; a run of draws of one mesh is one
 * instanced draw.  The order of the primitives stays. */
int merge_join(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count)
{
    uint32_t size = vertex_count * stride, pixels;
    int slot, kind = 0, instance;
    uint64_t run_pixels;

    if (!device->merge.valid || device->merge.context != context || device->merge.mode != mode
            || device->merge.fvf != fvf || device->merge.stride != stride || device->merge.indexed != !!indices
            || device->merge.buffer != device->vertex_ring.name
            || context->shader_dirty || context->uniforms_dirty
            || context->fs_uniforms_dirty || context->vs_uniforms_dirty
            || (uint64_t)vertex_count * stride > (1u << 30))
        return 0;
    if ((slot = merge_slot(device, context, &kind)) < 0)
        return 0;
    /* Where pixels cost the CPU, a new segment of texture or pixel slots
     * only while the run could still go as one draw of the slot program
     * (merge_slots_pay): sent a segment at a time, it would cost more than
     * the draws apart.  The run's first draw is counted as its second:
     * runs of one draw (most where each draw changes what cannot join)
     * read no vertices. */
    if (device->software_raster)
    {
        pixels = merge_pixels(fvf, vertices, stride, vertex_count);
        run_pixels = device->merge.pixels + (device->merge.pixels_counted ? pixels : 2 * (uint64_t)pixels);
        if (slot != (int)device->merge.last_slot && kind != MERGE_SLOTS_WORLD
                && run_pixels > (uint64_t)(device->merge.segment_count + 1) * MERGE_SLOT_PIXELS)
            return 0;
        device->merge.pixels = run_pixels;
        device->merge.pixels_counted = 1;
    }
    /* A run of one mesh (its second draw decides) takes only that mesh,
     * without streaming it again. */
    instance = device->merge.mesh_run && merge_same_mesh(device, vertices, size, vertex_count, indices, index_count);
    if ((device->merge.mesh_run == MERGE_MESH_INSTANCED && !instance)
            || !(instance ? merge_instance_fits(device, !!indices) : merge_ring_appends(&device->vertex_ring,
            device->merge.end, size, device->merge.vertex_limit)))
        return 0;
    /* The slots follow the run's vertices (or instances) one for one. */
    if (slot != (int)device->merge.last_slot && !merge_reserve_segment(device))
        return 0;
    if (instance)
        merge_add_instance(device, slot, kind);
    else if (!merge_join_copy(device, vertices, vertex_count, indices, index_count, slot, kind))
        return 0;
    else
        device->merge.mesh_run = 0;
    ++device->frame.draws;
    device_mark_rendered(device);
    return 1;
}

/* A draw from memory whose state is applied: held back (its program
 * bound) for the draws that may join it, 1; or 0 when it cannot be, and
 * goes to GL at once.  count: its indices, or its vertices from first. */
int merge_start(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, GLint first, uint32_t vertex_count, const uint16_t *indices,
        uint32_t index_offset, uint32_t index_count)
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
    device->merge.vertex_end = first + vertex_count;
    device->merge.base = first;
    device->merge.index_start = index_offset;
    device->merge.index_end = index_offset + index_count * sizeof(*indices);
    device->merge.vertex_limit = stream_ring_append_limit(&device->vertex_ring, device->merge.run_start);
    device->merge.index_limit = indices ? stream_ring_append_limit(&device->index_ring, index_offset) : 0;
    device->merge.count = indices ? index_count : vertex_count;
    device->merge.mesh_from = vertices;
    device->merge.mesh_indices_from = indices;
    device->merge.mesh_run = merge_keep_mesh(device, vertices, vertex_count * stride, indices, index_count);
    merge_reset_slots(device);
    device->merge.pixels = 0;
    device->merge.pixels_counted = 0;
    /* The world matrix the vertex block holds, slot 0 of world slots. */
    device->merge.run_world = device->state.transforms[WINED3D_TS_WORLD];
    ++device->frame.draws;
    return 1;
}

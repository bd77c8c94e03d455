/*
 * Held runs: where GL rasterises on the CPU (llvmpipe), a draw that changes
 * what no joined draw can differ in (the depth test, z-writes, culling...)
 * costs the driver a copy of its whole fragment state, tens of thousands of
 * instructions, however few pixels it has.  Games draw pre-transformed
 * sprites and panels that alternate between a few such states without
 * overlapping.  So a run of pre-transformed triangles that ends at such a
 * change is held back, with what GL held for it (the GL state cache's
 * values and the fragment block's bytes) and its vertices; a later draw
 * whose state is again a held run's joins that run when it overlaps
 * nothing drawn since the run it joins, which keeps every pixel's order.
 * Held runs go to GL oldest first, each with its state put back, before
 * anything else reaches GL; then the state the device holds now is put
 * back.  Anything that changes what a held run reads first sends them:
 * a texture upload, the render target's attachments, the vertex block, a
 * unit's own sampler given new parameters.
 */
#include "config.h"

#include <math.h>

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(draw);

/* Tiles of 8x8 pixels mark what the newest held run covers; a draw joins
 * the older run only where its tiles are all clear (with HOLD_RUNS at 2
 * the newest is the only run drawn after the older). */
#define HOLD_TILE_SHIFT 3
/* A held run's vertices are sent in one upload of at most this; it then
 * goes to GL with the others and holding starts again. */
#define HOLD_MAX_BYTES (256u << 10)

struct wined3d_held_run
{
    struct wined3d_context *context;
    struct wined3d_gl_cache gl;
    unsigned char fs_block[sizeof(struct wined3d_ffp_fs_uniforms)];
    GLenum mode;
    uint32_t fvf, stride;
    unsigned char *vertices;
    uint32_t size, capacity;
    /* Tiles covered (only the newest run's are read). */
    uint8_t *tiles;
    uint32_t tiles_w, tiles_h;
};

/* The render target's size in tiles, 0 when there is none. */
static void hold_target_tiles(const struct wined3d_device *device, uint32_t *w, uint32_t *h)
{
    uint32_t tw = 0, th = 0;

    *w = *h = 0;
    if (!device->render_target)
        return;
    wined3d_texture_get_level_size(device->render_target,
            device->render_target_sub % device->render_target->level_count, &tw, &th);
    *w = (tw + (1u << HOLD_TILE_SHIFT) - 1) >> HOLD_TILE_SHIFT;
    *h = (th + (1u << HOLD_TILE_SHIFT) - 1) >> HOLD_TILE_SHIFT;
}

/* The tiles [x0, x1] x [y0, y1] of the pixels whose centres a triangle
 * with this box may cover: GL's centres lie half a pixel past the
 * pre-transformed coordinates, and 1/64 allows for the rasteriser's
 * snapping.  0 for a box that is not numbers (it is never held). */
static int hold_box_tiles(const float box[4], uint32_t w, uint32_t h, uint32_t t[4])
{
    const float e = 1.0f / 64.0f;
    float lo[2] = {box[0] - 0.5f - e, box[2] - 0.5f - e}, hi[2] = {box[1] - 0.5f + e, box[3] - 0.5f + e};
    uint32_t max[2] = {w, h};
    unsigned int i;

    for (i = 0; i < 2; ++i)
    {
        float a, b;

        if (!(lo[i] == lo[i]) || !(hi[i] == hi[i]))
            return 0;
        a = ceilf(lo[i]);
        b = floorf(hi[i]);
        if (b < 0.0f || a >= (float)(max[i] << HOLD_TILE_SHIFT) || a > b)
        {
            t[2 * i] = 1; t[2 * i + 1] = 0;     /* covers nothing */
            continue;
        }
        t[2 * i] = a < 0.0f ? 0 : (uint32_t)a >> HOLD_TILE_SHIFT;
        t[2 * i + 1] = b >= (float)(max[i] << HOLD_TILE_SHIFT) ? max[i] - 1 : (uint32_t)b >> HOLD_TILE_SHIFT;
    }
    return 1;
}

/* The box of each triangle of pre-transformed vertices, handed to mark or
 * test; 0 as soon as one returns 0 (or a box is not numbers). */
static int hold_each_triangle(const struct wined3d_held_run *run, const unsigned char *v, uint32_t count,
        uint32_t stride, int mark)
{
    uint32_t i, x, y, t[4];
    float box[4];

    for (i = 0; i + 3 <= count; i += 3)
    {
        const float *p = (const float *)(v + (size_t)i * stride);

        box[0] = box[1] = p[0];
        box[2] = box[3] = p[1];
        rhw_box_add(box, (const float *)(v + (size_t)(i + 1) * stride));
        rhw_box_add(box, (const float *)(v + (size_t)(i + 2) * stride));
        if (!hold_box_tiles(box, run->tiles_w, run->tiles_h, t))
            return 0;
        for (y = t[2]; y <= t[3]; ++y)
            for (x = t[0]; x <= t[1]; ++x)
            {
                uint32_t bit = y * run->tiles_w + x;

                if (mark)
                    run->tiles[bit >> 3] |= 1u << (bit & 7);
                else if (run->tiles[bit >> 3] & (1u << (bit & 7)))
                    return 0;
            }
    }
    return 1;
}

static int hold_append(struct wined3d_held_run *run, const void *vertices, uint32_t size)
{
    if (run->size + size > run->capacity)
    {
        uint32_t capacity = run->capacity ? run->capacity : 4096;
        unsigned char *p;

        while (capacity < run->size + size) capacity *= 2;
        if (!(p = realloc(run->vertices, capacity)))
            return 0;
        run->vertices = p;
        run->capacity = capacity;
    }
    memcpy(run->vertices + run->size, vertices, size);
    run->size += size;
    return 1;
}

/* Takes the state GL holds now (context's shadow and fragment block). */
static int hold_take_state(struct wined3d_held_run *run, struct wined3d_context *context)
{
    if (!context->ubo_shadow[1])
        return 0;
    run->context = context;
    run->gl = context->gl;
    memcpy(run->fs_block, context->ubo_shadow[1], sizeof(run->fs_block));
    return 1;
}

static int hold_state_is(const struct wined3d_held_run *run, const struct wined3d_context *context)
{
    return run->context == context && context->ubo_shadow[1] && gl_cache_draw_equal(&run->gl, &context->gl)
            && !memcmp(run->fs_block, context->ubo_shadow[1], sizeof(run->fs_block));
}

static void hold_run_free(struct wined3d_held_run *run)
{
    if (!run) return;
    free(run->vertices);
    free(run->tiles);
    free(run);
}

/* Whether the device holds runs now: a software rasteriser at the game's
 * pixels (no msaa or resolution scale), its context current. */
static int hold_allowed(const struct wined3d_device *device)
{
    return device->hold_enabled && device->software_raster && device->ss_samples <= 1 && device->ss_scale <= 1
            && device->current == device->context && device->context
            && wsi_is_current(device->context->wsi);
}

/* The pending run (device->merge) ended at a draw it cannot join: held,
 * 1, with device->merge left empty; or 0, and the caller sends it.  Held
 * are pre-transformed triangles from memory in one plain range of the
 * vertex ring (no second slot, no instances or indices). */
int hold_pending_run(struct wined3d_device *device)
{
    struct wined3d_context *context = device->merge.context;
    struct wined3d_held_run *run;
    uint32_t size = device->merge.end - device->merge.run_start;

    if (!device->merge.count || !hold_allowed(device) || context != device->context || device->merge.indexed
            || device->merge.mode != GL_TRIANGLES || device->merge.segment_count
            || device->merge.mesh_run == MERGE_MESH_INSTANCED
            || (device->merge.fvf & WINED3DFVF_POSITION_MASK) != WINED3DFVF_XYZRHW
            || !device->vertex_ring.map || size > HOLD_MAX_BYTES
            || (uint32_t)device->merge.count * device->merge.stride != size)
        return 0;
    /* A third state: the oldest goes first, as it would have. */
    if (device->held_count == HOLD_RUNS)
        hold_flush_oldest(device);
    if (!(run = calloc(1, sizeof(*run))))
        return 0;
    hold_target_tiles(device, &run->tiles_w, &run->tiles_h);
    if (!run->tiles_w || !(run->tiles = calloc(1, ((size_t)run->tiles_w * run->tiles_h + 7) / 8))
            || !hold_take_state(run, context)
            || !hold_append(run, device->vertex_ring.map + device->merge.run_start, size)
            || !hold_each_triangle(run, run->vertices, device->merge.count, device->merge.stride, 1))
    {
        hold_run_free(run);
        return 0;
    }
    run->mode = device->merge.mode;
    run->fvf = device->merge.fvf;
    run->stride = device->merge.stride;
    device->held[device->held_count++] = run;
    /* Its draws were counted when they joined. */
    merge_forget_run(device);
    TRACE("Held a run of %u vertices (%u held).\n", size / run->stride, device->held_count);
    return 1;
}

/* A draw whose state is applied (its program bound, its blocks uploaded):
 * joins the held run whose state GL holds again, 1, when that keeps the
 * order of every pixel; 0 otherwise. */
int hold_join(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, uint32_t vertex_count)
{
    struct wined3d_held_run *run, *newest;
    uint32_t size = vertex_count * stride;
    unsigned int i;
    const uint32_t *rs = device->state.render_states;

    if (!device->held_count || mode != GL_TRIANGLES || vertex_count % 3 || !hold_allowed(device)
            || context->shader_blend
            || (rs[WINED3D_RS_ALPHATESTENABLE] && rs[WINED3D_RS_ALPHAFAILACTION] != WINED3D_AFAIL_KEEP))
        return 0;
    /* The draw's program is bound as merge_start binds it: part of its state. */
    if (!draw_program(context, &device->state, 0))
        return 0;
    newest = device->held[device->held_count - 1];
    for (i = device->held_count; i-- > 0;)
    {
        run = device->held[i];
        if (run->fvf != fvf || run->stride != stride || run->mode != mode || !hold_state_is(run, context))
            continue;
        if (run->size + size > HOLD_MAX_BYTES)
            return 0;
        /* An older run is drawn before the newest: nothing of this draw
         * may lie where the newest run drew. */
        if (run != newest && !hold_each_triangle(newest, vertices, vertex_count, stride, 0))
            return 0;
        if (run == newest && !hold_each_triangle(newest, vertices, vertex_count, stride, 1))
            return 0;
        if (!hold_append(run, vertices, size))
            return 0;
        ++device->frame.draws;
        ++device->held_joins;
        device_mark_rendered(device);
        return 1;
    }
    return 0;
}

/* One held run to GL with its state, through the device's own buffer. */
static void hold_draw(struct wined3d_device *device, struct wined3d_context *context, struct wined3d_held_run *run)
{
    gl_cache_restore_draw(context, &run->gl);
    shader_restore_fs_block(context, run->fs_block);
    if (!device->hold_buffer)
        GL_CALL(context, glGenBuffers(1, &device->hold_buffer));
    gl_bind_array_buffer(context, device->hold_buffer);
    GL_CALL(context, glBufferData(GL_ARRAY_BUFFER, run->size, run->vertices, GL_STREAM_DRAW));
    draw_setup_vao(context, run->fvf, run->stride, device->hold_buffer, 0);
    GL_CALL(context, glDrawArrays(run->mode, 0, (GLsizei)(run->size / run->stride)));
    ++device->held_runs_sent;
}

/* Sends the first n held runs, oldest first, and puts back the state GL
 * held (and the vertex array the caller may have set up). */
static void hold_send(struct wined3d_device *device, unsigned int n)
{
    struct wined3d_context *context = device->held[0]->context;
    struct wined3d_gl_cache now;
    unsigned char fs_now[sizeof(struct wined3d_ffp_fs_uniforms)];
    uint32_t vao_fvf, vao_stride, vao_base;
    GLuint vao_buffer;
    int vao_valid, have_fs = !!context->ubo_shadow[1];
    unsigned int i;

    /* Another device may have drawn on this thread since. */
    if (device->current != context || !wsi_is_current(context->wsi))
        context_acquire_for_draw(device, context);
    vao_fvf = context->vao_fvf;
    vao_stride = context->vao_stride;
    vao_base = context->vao_base;
    vao_buffer = context->vao_buffer;
    vao_valid = context->vao_valid;
    if (device->current != context || !wsi_is_current(context->wsi))
        ERR("Held draws lost: their context is not current.\n");
    else
    {
        now = context->gl;
        if (have_fs)
            memcpy(fs_now, context->ubo_shadow[1], sizeof(fs_now));
        for (i = 0; i < n; ++i)
            hold_draw(device, context, device->held[i]);
        gl_cache_restore_draw(context, &now);
        if (have_fs)
            shader_restore_fs_block(context, fs_now);
        if (vao_valid)
            draw_setup_vao(context, vao_fvf, vao_stride, vao_buffer, vao_base);
    }
    for (i = 0; i < n; ++i)
        hold_run_free(device->held[i]);
    memmove(device->held, device->held + n, (device->held_count - n) * sizeof(*device->held));
    device->held_count -= n;
}

void hold_flush_oldest(struct wined3d_device *device)
{
    if (device->held_count)
        hold_send(device, 1);
}

void hold_flush(struct wined3d_device *device)
{
    if (device->held_count)
        hold_send(device, device->held_count);
}

void hold_destroy(struct wined3d_device *device, struct wined3d_context *context)
{
    unsigned int i;

    for (i = 0; i < device->held_count; ++i)
        hold_run_free(device->held[i]);
    device->held_count = 0;
    if (device->hold_buffer && context)
        GL_CALL(context, glDeleteBuffers(1, &device->hold_buffer));
    device->hold_buffer = 0;
}

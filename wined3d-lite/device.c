/*
 * The device: creation, the Set and Get entry points and the counters.
 *
 * Every Set* follows one pattern: validate; while recording write into the
 * recording block only; otherwise compare with the current value, store
 * it and mark the state's group dirty in every context.  No GL here.
 */
#include "config.h"

#include <stdio.h>

#include "wined3d_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(device);

void device_counters_add(struct wined3d_device *device, size_t field_offset, uint64_t n)
{
    *(uint64_t *)((char *)&device->frame + field_offset) += n;
}

struct wined3d_context *device_acquire_context(struct wined3d_device *device)
{
    return context_acquire(device, device->context);
}

void *device_scratch(struct wined3d_device *device, enum device_scratch_use use, size_t size)
{
    void *p;

    if (size <= device->scratch_size[use])
        return device->scratch[use];
    /* Nothing to keep: no realloc and its copy. */
    free(device->scratch[use]);
    device->scratch_size[use] = 0;
    if (!(device->scratch[use] = p = malloc(size)))
        return NULL;
    device->scratch_size[use] = size;
    ++device->frame.scratch_allocations;
    return p;
}

/* Only the GL copy of a drawn-to sub-resource is current: mostly so already
 * since the last draw, so a compare first. */
static void mark_sub_rendered(struct wined3d_texture *texture, unsigned int sub)
{
    const struct wined3d_sub_resource *s;

    if (!texture) return;
    /* Drawn through its draw copy (supersample.c), which is now the newest. */
    if (texture->device->context && texture->device->context->fb_copies)
    {
        supersample_rendered(texture);
        return;
    }
    s = &texture->sub_resources[sub];
    if (s->sysmem_valid || !s->gpu_valid)
        texture_invalidate_sysmem(texture, sub);
}

/* device_mark_rendered, when one of them has something to note. */
void device_mark_targets_rendered(struct wined3d_device *device)
{
    mark_sub_rendered(device->render_target, device->render_target_sub);
    mark_sub_rendered(device->depth_stencil, device->depth_stencil_sub);
}

void device_texture_destroyed(struct wined3d_device *device, struct wined3d_texture *texture)
{
    struct wined3d_stateblock *sb;
    unsigned int i;

    /* A new texture may come back at the same address: forget this one. */
    ++device->target_serial;
    for (i = 0; i < device->context_count; ++i)
    {
        unsigned int s;
        for (s = 0; s < WINED3D_MAX_TEXTURES; ++s)
            if (device->contexts[i]->stage_texture[s] == texture)
            {
                device->contexts[i]->stage_texture[s] = NULL;
                device->contexts[i]->shader_dirty = device->contexts[i]->uniforms_dirty = 1;
            }
    }
    /* Stateblocks hold no references: a destroyed texture reads as NULL. */
    for (sb = device->stateblocks; sb; sb = sb->next)
        for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
            if (sb->state.textures[i] == texture)
                sb->state.textures[i] = NULL;

    for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
        if (device->state.textures[i] == texture)
        {
            device->state.textures[i] = NULL;
            device_invalidate_state(device, STATE_SAMPLER(i));
        }
    if (device->render_target == texture)
    {
        device->render_target = NULL;
        device_invalidate_state(device, STATE_FRAMEBUFFER);
    }
    if (device->depth_stencil == texture)
    {
        device->depth_stencil = NULL;
        device_invalidate_state(device, STATE_FRAMEBUFFER);
    }
}

/* ---------------------------------------------------------------------- */

int32_t wined3d_device_create(const struct wined3d_swapchain_desc *desc, uint32_t flags,
        struct wined3d_device **out)
{
    struct wined3d_device *device;
    struct wined3d_swapchain *swapchain;
    const char *env;
    int32_t hr;

    if (!desc || !out || !desc->backbuffer_width || !desc->backbuffer_height)
        return WINED3DERR_INVALIDCALL;
    wined3d_state_table_init();
    if (!(device = calloc(1, sizeof(*device))))
        return WINED3DERR_OUTOFMEMORY;
    /* DX7GL_STAGES or the configuration file's "stages". */
    if (strcmp((env = dx7gl_config_string("stages")), "auto"))
    {
        const uint32_t stages = WINED3D_DEVICE_GENERIC_STAGES | WINED3D_DEVICE_GENERIC_OPS
                | WINED3D_DEVICE_BAKED_STAGES;

        if (!strcmp(env, "generic")) flags = (flags & ~stages) | WINED3D_DEVICE_GENERIC_STAGES;
        else if (!strcmp(env, "ops")) flags = (flags & ~stages) | WINED3D_DEVICE_GENERIC_OPS;
        else if (!strcmp(env, "baked")) flags = (flags & ~stages) | WINED3D_DEVICE_BAKED_STAGES;
    }
    /* The texture filter settings, for every sampler (state.c). */
    {
        const char *filter = dx7gl_config_string("texture_filter");

        wined3d_sampler_override.filter = !strcmp(filter, "point") ? WINED3D_FILTER_OVERRIDE_POINT
                : !strcmp(filter, "linear") ? WINED3D_FILTER_OVERRIDE_LINEAR
                : !strcmp(filter, "trilinear") ? WINED3D_FILTER_OVERRIDE_TRILINEAR : WINED3D_FILTER_OVERRIDE_NONE;
        wined3d_sampler_override.anisotropy = dx7gl_config_int("anisotropy");
        wined3d_sampler_override.active = wined3d_sampler_override.filter || wined3d_sampler_override.anisotropy > 1;
    }
    device->auto_mipmaps = dx7gl_config_int("auto_mipmaps");
    device->hold_enabled = dx7gl_config_int("hold_runs");
    /* The "vsync" setting overrides what the caller asked for. */
    if (!strcmp(dx7gl_config_string("vsync"), "on")) flags &= ~WINED3D_DEVICE_NO_VSYNC;
    else if (!strcmp(dx7gl_config_string("vsync"), "off")) flags |= WINED3D_DEVICE_NO_VSYNC;
    device->flags = flags;
    device->generic_stages = (flags & WINED3D_DEVICE_GENERIC_STAGES) ? WINED3D_FFP_STAGES_GENERIC
            : (flags & WINED3D_DEVICE_GENERIC_OPS) ? WINED3D_FFP_STAGES_GENERIC_OPS : WINED3D_FFP_STAGES_BUILT_IN;
    state_init_defaults(&device->state);
    /* Frames shown in a window wait at their present for the driver to
     * finish them; off-screen ones do not (device_flush_some). */
    device->flush_work = desc->window_system != WINED3D_WS_EGL_SURFACELESS ? DEVICE_FLUSH_WORK : 0;

    if ((hr = swapchain_init(device, desc, NULL, &swapchain)) != WINED3D_OK)
    {
        free(device);
        return hr;
    }
    device->swapchains[device->swapchain_count++] = swapchain;
    device->context = swapchain->context;

    device->caps.max_texture_width = device->caps.max_texture_height = 8192;
    device->caps.max_texture_stages = device->caps.max_simultaneous_textures = WINED3D_MAX_TEXTURES;
    device->caps.max_active_lights = WINED3D_MAX_ACTIVE_LIGHTS;
    device->caps.max_user_clip_planes = WINED3D_MAX_CLIP_PLANES;
    {
        const char *r = (const char *)glGetString(GL_RENDERER), *v = (const char *)glGetString(GL_VERSION);
        GLint max_size = 0;
        gl_count_call(device); gl_count_call(device); gl_count_call(device);
        glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
        if (max_size > 0) device->caps.max_texture_width = device->caps.max_texture_height = max_size;
        max_size = 0;
        gl_count_call(device);
        glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &max_size);
        device->caps.max_cube_texture_size = max_size > 0 ? (uint32_t)max_size : device->caps.max_texture_width;
        snprintf(device->renderer, sizeof(device->renderer), "%s", r ? r : "unknown");
        device->software_raster = r && (strstr(r, "llvmpipe") || strstr(r, "softpipe")
                || strstr(r, "Software Rasterizer"));
        snprintf(device->version, sizeof(device->version), "%s", v ? v : "unknown");
        device->caps.gl_renderer = device->renderer;
        device->caps.gl_version = device->version;
    }

    wined3d_device_set_swapchain(device, swapchain);
    if (swapchain->depth_stencil)
        device->state.render_states[WINED3D_RS_ZENABLE] = WINED3D_ZB_TRUE;
    TRACE("Created device %p on %s, %s.\n", device, device->renderer, device->version);
    /* Whichever thread draws first makes the context current there. */
    context_release(device);
    *out = device;
    return WINED3D_OK;
}

void wined3d_device_destroy(struct wined3d_device *device)
{
    struct wined3d_context *context;
    unsigned int i;

    if (!device) return;
    /* Stateblocks the caller did not destroy go with the device. */
    while (device->stateblocks)
        wined3d_stateblock_destroy(device->stateblocks);
    context = device_acquire_context(device);
    stream_ring_destroy(context, &device->vertex_ring);
    stream_ring_destroy(context, &device->index_ring);
    stream_ring_destroy(context, &device->slot_ring);
    stream_ring_destroy(context, &device->world_ring);
    hold_destroy(device, context);
    free(device->merge.segments);
    free(device->merge.worlds);
    free(device->merge.mesh);
    free(device->merge.slot_fs);
    for (i = 0; i < DEVICE_SCRATCH_COUNT; ++i)
        free(device->scratch[i]);
    program_device_destroy(device);
    shader_destroy_all(device);
    /* Destroy user textures still alive, then the swapchains. */
    while (device->textures)
    {
        struct wined3d_texture *t = device->textures;
        while (t && t->swapchain_owned) t = t->next;
        if (!t) break;
        wined3d_texture_destroy(t);
    }
    while (device->swapchain_count > 1)
        wined3d_swapchain_destroy(device->swapchains[device->swapchain_count - 1]);
    swapchain_cleanup(device->swapchains[0]);
    state_cleanup(&device->state);
    /* Nothing of ours stays current on this thread. */
    free(device);
}

void wined3d_device_get_caps(const struct wined3d_device *device, struct wined3d_caps *caps)
{
    if (device && caps) *caps = device->caps;
}

struct wined3d_swapchain *wined3d_device_get_swapchain(struct wined3d_device *device, unsigned int idx)
{
    if (!device || idx >= device->swapchain_count) return NULL;
    return device->swapchains[idx];
}

int32_t wined3d_device_set_swapchain(struct wined3d_device *device, struct wined3d_swapchain *swapchain)
{
    if (!device || !swapchain || swapchain->device != device)
        return WINED3DERR_INVALIDCALL;
    device->context = swapchain->context;
    wined3d_device_set_render_target(device, swapchain->back_buffer, 0);
    wined3d_device_set_depth_stencil(device, swapchain->depth_stencil, 0);
    return WINED3D_OK;
}

/* ---------------------------------------------------------------------- */
/* Render states.                                                          */

/* The cold parts of wined3d_device_set_render_state, out of line: its
 * common path (a valid state, no trace, not recording) then calls nothing
 * and saves no registers (~14 instructions a call). */
static int32_t __attribute__((noinline)) render_state_invalid(enum wined3d_render_state state)
{
    WARN("Invalid render state %u.\n", (unsigned int)state);
    return WINED3DERR_INVALIDCALL;
}

static int32_t __attribute__((noinline)) set_render_state_traced(struct wined3d_device *device,
        enum wined3d_render_state state, uint32_t value)
{
    unsigned int id = STATE_RENDER(state);

    TRACE("device %p, state %u, value %#x.\n", device, state, value);
    if (device->recording)
    {
        device->recording->state.render_states[state] = value;
        stateblock_mask_set(&device->recording->changed, id);
        return WINED3D_OK;
    }
    if (device->state.render_states[state] == value)
        return WINED3D_OK;
    device->state.render_states[state] = value;
    device_invalidate_state(device, id);
    return WINED3D_OK;
}

int32_t wined3d_device_set_render_state(struct wined3d_device *device, enum wined3d_render_state state, uint32_t value)
{
    unsigned int id = STATE_RENDER(state);

    /* A device exists, so the state table is set up: read it, not through
     * wined3d_state_is_valid, which would make sure of that first (a call
     * and its check on every state change). */
    if (!device || (unsigned int)state > WINED3D_HIGHEST_RENDER_STATE || !wined3d_state_table[id].apply)
        return render_state_invalid(state);
    /* The channel's flags as TRACE reads them (not yet read, or on). */
    if ((dx7gl_dbch___default.flags & (DX7GL_DEBUG_UNINIT | 1u << DX7GL_DBCL_TRACE)) || device->recording)
        return set_render_state_traced(device, state, value);
    if (device->state.render_states[state] == value)
        return WINED3D_OK;
    device->state.render_states[state] = value;
    device_invalidate_state(device, id);
    return WINED3D_OK;
}

int32_t wined3d_device_get_render_state(const struct wined3d_device *device, enum wined3d_render_state state, uint32_t *value)
{
    /* A device exists, so the state table is set up: no call to validate. */
    if (!device || !value || (unsigned int)state > WINED3D_HIGHEST_RENDER_STATE
            || !wined3d_state_table[STATE_RENDER(state)].apply)
        return WINED3DERR_INVALIDCALL;
    *value = device->state.render_states[state];
    return WINED3D_OK;
}

/* ---------------------------------------------------------------------- */
/* Texture stage states and textures.                                      */

/* A stage state's change on the device, not recording. */
static inline void set_tss_now(struct wined3d_device *device, unsigned int stage, unsigned int state, uint32_t value)
{
    if (device->state.texture_states[stage][state] == value)
        return;
    device->state.texture_states[stage][state] = value;
    device_invalidate_state(device, STATE_TEXSTAGE(stage, state));
}

static void set_tss(struct wined3d_device *device, unsigned int stage, unsigned int state, uint32_t value)
{
    unsigned int id = STATE_TEXSTAGE(stage, state);

    if (device->recording)
    {
        device->recording->state.texture_states[stage][state] = value;
        stateblock_mask_set(&device->recording->changed, id);
        return;
    }
    set_tss_now(device, stage, state, value);
}

/* The cold parts of wined3d_device_set_texture_stage_state, out of line:
 * its common path (one valid state, not recording) then calls nothing and
 * saves no registers. */
static int32_t __attribute__((noinline)) texture_stage_state_invalid(unsigned int stage, unsigned int state)
{
    WARN("Invalid stage %u state %u.\n", stage, state);
    return WINED3DERR_INVALIDCALL;
}

static int32_t __attribute__((noinline)) set_texture_stage_state_slow(struct wined3d_device *device,
        unsigned int stage, enum wined3d_texture_stage_state state, uint32_t value)
{
    set_tss(device, stage, state, value);
    /* D3DTSS_ADDRESS sets both coordinates' modes. */
    if (state == WINED3D_TSS_ADDRESS)
    {
        set_tss(device, stage, WINED3D_TSS_ADDRESSU, value);
        set_tss(device, stage, WINED3D_TSS_ADDRESSV, value);
    }
    return WINED3D_OK;
}

int32_t wined3d_device_set_texture_stage_state(struct wined3d_device *device, unsigned int stage,
        enum wined3d_texture_stage_state state, uint32_t value)
{
    if (!device || stage >= WINED3D_MAX_TEXTURES || !state || (unsigned int)state > WINED3D_HIGHEST_TEXTURE_STATE)
        return texture_stage_state_invalid(stage, (unsigned int)state);
    if (state == WINED3D_TSS_ADDRESS || device->recording)
        return set_texture_stage_state_slow(device, stage, state, value);
    set_tss_now(device, stage, state, value);
    return WINED3D_OK;
}

int32_t wined3d_device_get_texture_stage_state(const struct wined3d_device *device, unsigned int stage,
        enum wined3d_texture_stage_state state, uint32_t *value)
{
    if (!device || !value || stage >= WINED3D_MAX_TEXTURES || !state
            || (unsigned int)state > WINED3D_HIGHEST_TEXTURE_STATE)
        return WINED3DERR_INVALIDCALL;
    *value = device->state.texture_states[stage][state];
    return WINED3D_OK;
}

int32_t wined3d_device_set_texture(struct wined3d_device *device, unsigned int stage, struct wined3d_texture *texture)
{
    if (!device || stage >= WINED3D_MAX_TEXTURES)
        return WINED3DERR_INVALIDCALL;
    if (texture && (texture->device != device || (texture->desc.usage & WINED3D_USAGE_SYSTEMMEM)))
        return WINED3DERR_INVALIDCALL;
    if (device->recording)
    {
        device->recording->state.textures[stage] = texture;
        stateblock_mask_set(&device->recording->changed, STATE_SAMPLER(stage));
        return WINED3D_OK;
    }
    if (device->state.textures[stage] == texture)
        return WINED3D_OK;
    device->state.textures[stage] = texture;
    device_invalidate_state(device, STATE_SAMPLER(stage));
    return WINED3D_OK;
}

struct wined3d_texture *wined3d_device_get_texture(const struct wined3d_device *device, unsigned int stage)
{
    if (!device || stage >= WINED3D_MAX_TEXTURES) return NULL;
    return device->state.textures[stage];
}

/* ---------------------------------------------------------------------- */
/* Transforms.                                                             */

static int transform_valid(unsigned int t)
{
    return (t >= WINED3D_TS_WORLD && t <= WINED3D_TS_WORLD3) || (t >= WINED3D_TS_TEXTURE0 && t <= WINED3D_TS_TEXTURE7);
}

int32_t wined3d_device_set_transform(struct wined3d_device *device, enum wined3d_transform_state state,
        const struct wined3d_matrix *matrix)
{
    if (!device || !matrix || !transform_valid(state))
        return WINED3DERR_INVALIDCALL;
    if (device->recording)
    {
        device->recording->state.transforms[state] = *matrix;
        stateblock_mask_set(&device->recording->changed, STATE_TRANSFORM(state));
        return WINED3D_OK;
    }
    if (matrix_store_changed(&device->state.transforms[state], matrix, &device->state.transforms[state]))
        device_invalidate_state(device, STATE_TRANSFORM(state));
    return WINED3D_OK;
}

int32_t wined3d_device_get_transform(const struct wined3d_device *device, enum wined3d_transform_state state,
        struct wined3d_matrix *matrix)
{
    if (!device || !matrix || !transform_valid(state))
        return WINED3DERR_INVALIDCALL;
    *matrix = device->state.transforms[state];
    return WINED3D_OK;
}

int32_t wined3d_device_multiply_transform(struct wined3d_device *device, enum wined3d_transform_state state,
        const struct wined3d_matrix *matrix)
{
    const struct wined3d_matrix *b;
    struct wined3d_matrix r;
    const float *pa, *pb;
    float *pr;
    unsigned int i, j, k;

    if (!device || !matrix || !transform_valid(state))
        return WINED3DERR_INVALIDCALL;
    /* IDirect3DDevice7::MultiplyTransform: new = matrix * current.  It is
     * not recorded: while a state block is being recorded it still changes
     * the device's transform, and the block keeps what it had (Wine's
     * ddraw7.c test_multiply_transform, as on Windows). */
    b = &device->state.transforms[state];
    pa = &matrix->_11; pb = &b->_11; pr = &r._11;
    for (i = 0; i < 4; ++i)
        for (j = 0; j < 4; ++j)
        {
            float s = 0.0f;
            for (k = 0; k < 4; ++k) s += pa[i * 4 + k] * pb[k * 4 + j];
            pr[i * 4 + j] = s;
        }
    if (!memcmp(b, &r, sizeof(r)))
        return WINED3D_OK;
    device->state.transforms[state] = r;
    device_invalidate_state(device, STATE_TRANSFORM(state));
    return WINED3D_OK;
}

/* ---------------------------------------------------------------------- */
/* Material, lights, viewport, clip planes, scissor, vertex format.       */

int32_t wined3d_device_set_material(struct wined3d_device *device, const struct wined3d_material *material)
{
    if (!device || !material) return WINED3DERR_INVALIDCALL;
    if (device->recording)
    {
        device->recording->state.material = *material;
        stateblock_mask_set(&device->recording->changed, STATE_MATERIAL);
        return WINED3D_OK;
    }
    if (!memcmp(&device->state.material, material, sizeof(*material))) return WINED3D_OK;
    device->state.material = *material;
    device_invalidate_state(device, STATE_MATERIAL);
    return WINED3D_OK;
}

int32_t wined3d_device_get_material(const struct wined3d_device *device, struct wined3d_material *material)
{
    if (!device || !material) return WINED3DERR_INVALIDCALL;
    *material = device->state.material;
    return WINED3D_OK;
}

int32_t wined3d_device_set_light(struct wined3d_device *device, uint32_t index, const struct wined3d_light *light)
{
    struct wined3d_state *state;
    struct wined3d_light_info *info;
    unsigned int i;

    if (!device || !light) return WINED3DERR_INVALIDCALL;
    if (light->type < WINED3D_LIGHT_POINT || light->type > WINED3D_LIGHT_DIRECTIONAL)
        return WINED3DERR_INVALIDCALL;
    state = device->recording ? &device->recording->state : &device->state;
    if (!(info = state_add_light(state, index)))
        return WINED3DERR_OUTOFMEMORY;
    if (device->recording)
        stateblock_mask_add_light(&device->recording->changed, index);
    if (!memcmp(&info->light, light, sizeof(*light)) && !device->recording)
        return WINED3D_OK;
    info->light = *light;
    for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
        if ((state->active_light_mask & (1u << i)) && state->active_light_index[i] == index)
        {
            state->active_lights[i] = *light;
            if (!device->recording)
                device_invalidate_state(device, STATE_LIGHTS);
        }
    return WINED3D_OK;
}

int32_t wined3d_device_get_light(const struct wined3d_device *device, uint32_t index, struct wined3d_light *light)
{
    const struct wined3d_light_info *info;
    if (!device || !light) return WINED3DERR_INVALIDCALL;
    if (!(info = state_find_light(&device->state, index))) return WINED3DERR_INVALIDCALL;
    *light = info->light;
    return WINED3D_OK;
}

int32_t wined3d_device_set_light_enable(struct wined3d_device *device, uint32_t index, int enable)
{
    struct wined3d_state *state;
    const struct wined3d_light_info *info;
    int was;

    if (!device) return WINED3DERR_INVALIDCALL;
    state = device->recording ? &device->recording->state : &device->state;
    info = state_find_light(state, index);
    was = info && info->enabled;
    if (!stateblock_set_light_enable(state, index, enable))
    {
        WARN("More than %u lights enabled.\n", WINED3D_MAX_ACTIVE_LIGHTS);
        return WINED3DERR_INVALIDCALL;
    }
    if (device->recording)
        stateblock_mask_add_light(&device->recording->changed, index);
    else if (was != !!enable)
        device_invalidate_state(device, STATE_LIGHTS);
    return WINED3D_OK;
}

int32_t wined3d_device_get_light_enable(const struct wined3d_device *device, uint32_t index, int *enable)
{
    const struct wined3d_light_info *info;
    if (!device || !enable) return WINED3DERR_INVALIDCALL;
    if (!(info = state_find_light(&device->state, index))) return WINED3DERR_INVALIDCALL;
    *enable = info->enabled;
    return WINED3D_OK;
}

int32_t wined3d_device_set_viewport(struct wined3d_device *device, const struct wined3d_viewport *viewport)
{
    if (!device || !viewport) return WINED3DERR_INVALIDCALL;
    if (device->recording)
    {
        device->recording->state.viewport = *viewport;
        stateblock_mask_set(&device->recording->changed, STATE_VIEWPORT);
        return WINED3D_OK;
    }
    if (!memcmp(&device->state.viewport, viewport, sizeof(*viewport))) return WINED3D_OK;
    device->state.viewport = *viewport;
    device_invalidate_state(device, STATE_VIEWPORT);
    return WINED3D_OK;
}

int32_t wined3d_device_get_viewport(const struct wined3d_device *device, struct wined3d_viewport *viewport)
{
    if (!device || !viewport) return WINED3DERR_INVALIDCALL;
    *viewport = device->state.viewport;
    return WINED3D_OK;
}

int32_t wined3d_device_set_clip_plane(struct wined3d_device *device, unsigned int index, const float plane[4])
{
    struct wined3d_vec4 p;

    if (!device || !plane || index >= WINED3D_MAX_CLIP_PLANES) return WINED3DERR_INVALIDCALL;
    p.x = plane[0]; p.y = plane[1]; p.z = plane[2]; p.w = plane[3];
    if (device->recording)
    {
        device->recording->state.clip_planes[index] = p;
        stateblock_mask_set(&device->recording->changed, STATE_CLIPPLANE(index));
        return WINED3D_OK;
    }
    if (!memcmp(&device->state.clip_planes[index], &p, sizeof(p))) return WINED3D_OK;
    device->state.clip_planes[index] = p;
    device_invalidate_state(device, STATE_CLIPPLANE(index));
    return WINED3D_OK;
}

int32_t wined3d_device_get_clip_plane(const struct wined3d_device *device, unsigned int index, float plane[4])
{
    const struct wined3d_vec4 *p;
    if (!device || !plane || index >= WINED3D_MAX_CLIP_PLANES) return WINED3DERR_INVALIDCALL;
    p = &device->state.clip_planes[index];
    plane[0] = p->x; plane[1] = p->y; plane[2] = p->z; plane[3] = p->w;
    return WINED3D_OK;
}

int32_t wined3d_device_set_scissor_rect(struct wined3d_device *device, const struct wined3d_rect *rect)
{
    if (!device || !rect) return WINED3DERR_INVALIDCALL;
    if (device->recording)
    {
        device->recording->state.scissor_rect = *rect;
        stateblock_mask_set(&device->recording->changed, STATE_SCISSORRECT);
        return WINED3D_OK;
    }
    if (!memcmp(&device->state.scissor_rect, rect, sizeof(*rect))) return WINED3D_OK;
    device->state.scissor_rect = *rect;
    device_invalidate_state(device, STATE_SCISSORRECT);
    return WINED3D_OK;
}

int32_t wined3d_device_get_scissor_rect(const struct wined3d_device *device, struct wined3d_rect *rect)
{
    if (!device || !rect) return WINED3DERR_INVALIDCALL;
    *rect = device->state.scissor_rect;
    return WINED3D_OK;
}

int32_t wined3d_device_set_fvf(struct wined3d_device *device, uint32_t fvf)
{
    if (!device || !wined3d_fvf_get_stride(fvf)) return WINED3DERR_INVALIDCALL;
    if (device->recording)
    {
        device->recording->state.fvf = fvf;
        stateblock_mask_set(&device->recording->changed, STATE_FVF);
        return WINED3D_OK;
    }
    if (device->state.fvf == fvf) return WINED3D_OK;
    device->state.fvf = fvf;
    device_invalidate_state(device, STATE_FVF);
    return WINED3D_OK;
}

/* Direct3D 7 gives the vertex format with each draw and its state blocks
 * have none: this sets the device's format even while a block is being
 * recorded, and the block stays without it. */
int32_t wined3d_device_set_draw_fvf(struct wined3d_device *device, uint32_t fvf)
{
    if (!device) return WINED3DERR_INVALIDCALL;
    /* Mostly the format of the last draw, which was valid: a compare. */
    if (device->state.fvf == fvf && fvf) return WINED3D_OK;
    if (!wined3d_fvf_get_stride(fvf)) return WINED3DERR_INVALIDCALL;
    device->state.fvf = fvf;
    device_invalidate_state(device, STATE_FVF);
    return WINED3D_OK;
}

uint32_t wined3d_device_get_fvf(const struct wined3d_device *device)
{
    return device ? device->state.fvf : 0;
}

int32_t wined3d_device_set_stream_source(struct wined3d_device *device, struct wined3d_buffer *buffer,
        uint32_t offset, uint32_t stride)
{
    struct wined3d_stream_state s;

    if (!device || (buffer && (buffer->device != device || !stride))) return WINED3DERR_INVALIDCALL;
    s.buffer = buffer; s.offset = offset; s.stride = stride;
    if (!memcmp(&device->state.stream, &s, sizeof(s))) return WINED3D_OK;
    device->state.stream = s;
    device_invalidate_state(device, STATE_STREAMSRC);
    return WINED3D_OK;
}

const struct wined3d_state *wined3d_device_get_state(const struct wined3d_device *device)
{
    return device ? &device->state : NULL;
}

/* ---------------------------------------------------------------------- */
/* Render target and depth stencil.                                        */

int32_t wined3d_device_set_render_target(struct wined3d_device *device, struct wined3d_texture *texture,
        unsigned int sub)
{
    return wined3d_device_set_render_target_ex(device, texture, sub, 0);
}

int32_t wined3d_device_set_render_target_ex(struct wined3d_device *device, struct wined3d_texture *texture,
        unsigned int sub, uint32_t flags)
{
    struct wined3d_viewport vp;

    if (!device)
        return WINED3DERR_INVALIDCALL;
    if (!texture)
    {
        if (device->render_target)
        {
            device->render_target = NULL;
            device->render_target_sub = 0;
            ++device->target_serial;
            device_invalidate_state(device, STATE_FRAMEBUFFER);
        }
        return WINED3D_OK;
    }
    if (texture->device != device || !(texture->desc.usage & WINED3D_USAGE_RENDERTARGET)
            || sub >= wined3d_texture_get_sub_resource_count(texture))
        return WINED3DERR_INVALIDCALL;
    if (device->render_target != texture || device->render_target_sub != sub)
    {
        device->render_target = texture;
        device->render_target_sub = sub;
        ++device->target_serial;
        device_invalidate_state(device, STATE_FRAMEBUFFER);
    }
    /* Direct3D 9 resets the viewport to the new target; Direct3D 7 keeps it. */
    if (flags & WINED3D_SET_RT_KEEP_VIEWPORT)
        return WINED3D_OK;
    vp.x = vp.y = 0;
    vp.width = texture->sub_resources[sub].width;
    vp.height = texture->sub_resources[sub].height;
    vp.min_z = 0.0f; vp.max_z = 1.0f;
    if (memcmp(&device->state.viewport, &vp, sizeof(vp)))
    {
        device->state.viewport = vp;
        device_invalidate_state(device, STATE_VIEWPORT);
    }
    return WINED3D_OK;
}

int32_t wined3d_device_set_depth_stencil(struct wined3d_device *device, struct wined3d_texture *texture,
        unsigned int sub)
{
    if (!device) return WINED3DERR_INVALIDCALL;
    if (texture && (texture->device != device || !(texture->desc.usage & WINED3D_USAGE_DEPTHSTENCIL)
            || sub >= wined3d_texture_get_sub_resource_count(texture)))
        return WINED3DERR_INVALIDCALL;
    if (device->depth_stencil == texture && device->depth_stencil_sub == sub)
        return WINED3D_OK;
    device->depth_stencil = texture;
    device->depth_stencil_sub = texture ? sub : 0;
    ++device->target_serial;
    device_invalidate_state(device, STATE_FRAMEBUFFER);
    return WINED3D_OK;
}

struct wined3d_texture *wined3d_device_get_render_target(const struct wined3d_device *device, unsigned int *sub)
{
    if (!device) return NULL;
    if (sub) *sub = device->render_target_sub;
    return device->render_target;
}

struct wined3d_texture *wined3d_device_get_depth_stencil(const struct wined3d_device *device, unsigned int *sub)
{
    if (!device) return NULL;
    if (sub) *sub = device->depth_stencil_sub;
    return device->depth_stencil;
}

uint32_t wined3d_device_get_target_serial(const struct wined3d_device *device)
{
    return device ? device->target_serial : 0;
}

/* ---------------------------------------------------------------------- */
/* Counters.                                                               */

void wined3d_device_get_counters(const struct wined3d_device *device, enum wined3d_counters_kind kind,
        struct wined3d_counters *c)
{
    const uint64_t *a, *b;
    uint64_t *o;
    unsigned int i;

    if (!device || !c) return;
    switch (kind)
    {
        case WINED3D_COUNTERS_FRAME: *c = device->frame; return;
        case WINED3D_COUNTERS_LAST_FRAME: *c = device->last_frame; return;
        default: break;
    }
    a = (const uint64_t *)&device->total_base;
    b = (const uint64_t *)&device->frame;
    o = (uint64_t *)c;
    for (i = 0; i < sizeof(*c) / sizeof(uint64_t); ++i)
        o[i] = a[i] + b[i];
}

/* A program per combination of stage ops is fastest to run, but switching
 * programs costs a driver far more than changing a uniform block (llvmpipe:
 * about 1.5 us a draw here).  Once a frame switched programs for stages
 * alone this often, the device reads the stage ops from the uniforms from
 * then on, with the arguments built in; after another such frame the
 * arguments that switched come from the uniforms too (each a selection a
 * pixel, about half of llvmpipe's fragment code for one stage with all four
 * selected), the others staying built in.  Generic stages whose ops are sums
 * of their arguments and their product get a short form; a further such
 * frame whose switches were not of arguments (ops switching between that
 * and the rest) gives every generic stage the whole sum. */
#define GENERIC_STAGES_SWITCHES 64

void device_end_frame(struct wined3d_device *device, struct wined3d_context *context)
{
    unsigned int i;

    /* The present flushed the frame's last work and waited for it, so the
     * rasteriser threads are idle: the next frame's first flush comes after
     * a sixteenth of the usual work, to give them some early. */
    device->work_unflushed = device->flush_work - device->flush_work / 16;
    device->draws_unflushed = 0;
    /* What the frame streamed may be written over once the GPU passes this. */
    stream_ring_end_frame(context, &device->vertex_ring);
    stream_ring_end_frame(context, &device->index_ring);
    stream_ring_end_frame(context, &device->slot_ring);
    stream_ring_end_frame(context, &device->world_ring);
    if (device->ffp_op_switches >= GENERIC_STAGES_SWITCHES)
    {
        int more_args = 0, changed = 1;

        for (i = 0; i < WINED3D_FFP_GENERIC_MAX_STAGES; ++i)
            if (device->ffp_arg_switches[i] & ~device->generic_args[i])
                more_args = 1;
        if (device->generic_stages == WINED3D_FFP_STAGES_BUILT_IN && !(device->flags & WINED3D_DEVICE_BAKED_STAGES))
        {
            TRACE("%u program switches for stages in a frame; stage ops go to the uniforms.\n",
                    device->ffp_op_switches);
            device->generic_stages = WINED3D_FFP_STAGES_GENERIC_OPS;
        }
        else if (device->generic_stages == WINED3D_FFP_STAGES_GENERIC_OPS
                && !(device->flags & WINED3D_DEVICE_GENERIC_OPS) && more_args)
        {
            TRACE("%u program switches for stages in a frame; the arguments that switched go to the uniforms.\n",
                    device->ffp_op_switches);
            for (i = 0; i < WINED3D_FFP_GENERIC_MAX_STAGES; ++i)
                device->generic_args[i] |= device->ffp_arg_switches[i];
        }
        else if (device->generic_stages != WINED3D_FFP_STAGES_BUILT_IN && !device->whole_sums)
        {
            TRACE("%u program switches for generic stages in a frame; whole sums from now on.\n",
                    device->ffp_op_switches);
            device->whole_sums = 1;
        }
        else
            changed = 0;
        for (i = 0; changed && i < device->context_count; ++i)
            device->contexts[i]->shader_dirty = device->contexts[i]->uniforms_dirty = 1;
    }
    device->ffp_op_switches = 0;
    memset(device->ffp_arg_switches, 0, sizeof(device->ffp_arg_switches));
}

void wined3d_device_reset_frame_counters(struct wined3d_device *device)
{
    uint64_t *a, *b;
    unsigned int i;

    if (!device) return;
    a = (uint64_t *)&device->total_base;
    b = (uint64_t *)&device->frame;
    for (i = 0; i < sizeof(device->frame) / sizeof(uint64_t); ++i)
        a[i] += b[i];
    device->last_frame = device->frame;
    memset(&device->frame, 0, sizeof(device->frame));
}

void wined3d_device_end_scene(struct wined3d_device *device)
{
    if (!device) return;
    device_end_frame(device, device_acquire_context(device));
    device_end_call(device);
}

void wined3d_device_flush(struct wined3d_device *device)
{
    struct wined3d_context *context;
    if (!device) return;
    context = device_acquire_context(device);
    GL_CALL(context, glFinish());
    device_end_call(device);
}

/* Several threads calling in turn (the caller serialises them): the context
 * is let go at the end of every call that made it current. */
void wined3d_device_set_multithreaded(struct wined3d_device *device, int enable)
{
    if (!device) return;
    if (enable) device->flags |= WINED3D_DEVICE_MULTITHREADED;
    else device->flags &= ~WINED3D_DEVICE_MULTITHREADED;
}


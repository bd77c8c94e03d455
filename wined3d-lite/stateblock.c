/*
 * Stateblocks: the device's current state is one, recording blocks and the
 * predefined ALL / PIXEL / VERTEX blocks are others.  A block holds a mask
 * of the states it has (the recorded ones, or the type's list) and their
 * values; capture copies the device's values in, apply sets them through
 * the device's Set* path (so unchanged values mark nothing dirty).
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(stateblock);

static const struct wined3d_matrix identity =
{
    1.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 1.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 1.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 1.0f,
};

/* Direct3D 7's initial values. */
void state_init_defaults(struct wined3d_state *state)
{
    uint32_t *rs = state->render_states;
    unsigned int i;

    memset(state, 0, sizeof(*state));
    rs[WINED3D_RS_TEXTUREPERSPECTIVE] = 1;
    rs[WINED3D_RS_ZENABLE] = WINED3D_ZB_FALSE;      /* the device sets TRUE when it has a depth buffer */
    rs[WINED3D_RS_FILLMODE] = WINED3D_FILL_SOLID;
    rs[WINED3D_RS_SHADEMODE] = WINED3D_SHADE_GOURAUD;
    rs[WINED3D_RS_ZWRITEENABLE] = 1;
    rs[WINED3D_RS_LASTPIXEL] = 1;
    rs[WINED3D_RS_SRCBLEND] = WINED3D_BLEND_ONE;
    rs[WINED3D_RS_DESTBLEND] = WINED3D_BLEND_ZERO;
    rs[WINED3D_RS_CULLMODE] = WINED3D_CULL_CCW;
    rs[WINED3D_RS_ZFUNC] = WINED3D_CMP_LESSEQUAL;
    rs[WINED3D_RS_ALPHAFUNC] = WINED3D_CMP_ALWAYS;
    rs[WINED3D_RS_FOGEND] = wined3d_float_to_dword(1.0f);
    rs[WINED3D_RS_FOGDENSITY] = wined3d_float_to_dword(1.0f);
    rs[WINED3D_RS_STENCILFAIL] = WINED3D_STENCIL_OP_KEEP;
    rs[WINED3D_RS_STENCILZFAIL] = WINED3D_STENCIL_OP_KEEP;
    rs[WINED3D_RS_STENCILPASS] = WINED3D_STENCIL_OP_KEEP;
    rs[WINED3D_RS_STENCILFUNC] = WINED3D_CMP_ALWAYS;
    rs[WINED3D_RS_STENCILMASK] = 0xffffffff;
    rs[WINED3D_RS_STENCILWRITEMASK] = 0xffffffff;
    rs[WINED3D_RS_TEXTUREFACTOR] = 0xffffffff;
    rs[WINED3D_RS_CLIPPING] = 1;
    rs[WINED3D_RS_LIGHTING] = 1;
    rs[WINED3D_RS_COLORVERTEX] = 1;
    rs[WINED3D_RS_LOCALVIEWER] = 1;
    rs[WINED3D_RS_DIFFUSEMATERIALSOURCE] = WINED3D_MCS_COLOR1;
    rs[WINED3D_RS_SPECULARMATERIALSOURCE] = WINED3D_MCS_COLOR2;
    rs[WINED3D_RS_AMBIENTMATERIALSOURCE] = WINED3D_MCS_MATERIAL;
    rs[WINED3D_RS_EMISSIVEMATERIALSOURCE] = WINED3D_MCS_MATERIAL;
    /* Core states. */
    rs[WINED3D_RS_COLORWRITEENABLE] = 0xf;
    rs[WINED3D_RS_BLENDOP] = WINED3D_BLEND_OP_ADD;
    rs[WINED3D_RS_BLENDFACTOR] = 0xffffffff;
    rs[WINED3D_RS_SRCBLENDALPHA] = WINED3D_BLEND_ONE;
    rs[WINED3D_RS_DESTBLENDALPHA] = WINED3D_BLEND_ZERO;
    rs[WINED3D_RS_BLENDOPALPHA] = WINED3D_BLEND_OP_ADD;

    for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
    {
        uint32_t *tss = state->texture_states[i];
        tss[WINED3D_TSS_COLOROP] = i ? WINED3D_TOP_DISABLE : WINED3D_TOP_MODULATE;
        tss[WINED3D_TSS_ALPHAOP] = i ? WINED3D_TOP_DISABLE : WINED3D_TOP_SELECTARG1;
        tss[WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
        tss[WINED3D_TSS_COLORARG2] = WINED3DTA_CURRENT;
        tss[WINED3D_TSS_ALPHAARG1] = WINED3DTA_TEXTURE;
        tss[WINED3D_TSS_ALPHAARG2] = WINED3DTA_CURRENT;
        tss[WINED3D_TSS_TEXCOORDINDEX] = i;
        tss[WINED3D_TSS_ADDRESS] = WINED3D_TADDRESS_WRAP;
        tss[WINED3D_TSS_ADDRESSU] = WINED3D_TADDRESS_WRAP;
        tss[WINED3D_TSS_ADDRESSV] = WINED3D_TADDRESS_WRAP;
        tss[WINED3D_TSS_MAGFILTER] = WINED3D_TFG_POINT;
        tss[WINED3D_TSS_MINFILTER] = WINED3D_TFN_POINT;
        tss[WINED3D_TSS_MIPFILTER] = WINED3D_TFP_NONE;
        tss[WINED3D_TSS_MAXANISOTROPY] = 1;
    }
    for (i = 0; i <= WINED3D_HIGHEST_TRANSFORM_STATE; ++i)
        state->transforms[i] = identity;
    state->viewport.max_z = 1.0f;
}

void state_cleanup(struct wined3d_state *state)
{
    free(state->lights);
    state->lights = NULL;
    state->light_count = state->light_capacity = 0;
}

int state_copy(struct wined3d_state *dst, const struct wined3d_state *src)
{
    struct wined3d_light_info *lights = NULL;

    if (src->light_count && !(lights = malloc(src->light_count * sizeof(*lights))))
        return 0;
    if (lights)
        memcpy(lights, src->lights, src->light_count * sizeof(*lights));
    state_cleanup(dst);
    *dst = *src;
    dst->lights = lights;
    dst->light_capacity = src->light_count;
    return 1;
}

/* ---------------------------------------------------------------------- */
/* Lights: a sorted array, any number of indices.                          */

struct wined3d_light_info *state_find_light(const struct wined3d_state *state, uint32_t index)
{
    unsigned int lo = 0, hi = state->light_count;

    while (lo < hi)
    {
        unsigned int mid = (lo + hi) / 2;
        if (state->lights[mid].index == index) return &state->lights[mid];
        if (state->lights[mid].index < index) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

/* Direct3D's default light: white directional light along +z. */
void state_default_light(struct wined3d_light *light)
{
    memset(light, 0, sizeof(*light));
    light->type = WINED3D_LIGHT_DIRECTIONAL;
    light->diffuse.r = light->diffuse.g = light->diffuse.b = 1.0f;
    light->direction.z = 1.0f;
}

struct wined3d_light_info *state_add_light(struct wined3d_state *state, uint32_t index)
{
    struct wined3d_light_info *info;
    unsigned int pos = 0;

    if ((info = state_find_light(state, index)))
        return info;
    if (state->light_count == state->light_capacity)
    {
        unsigned int cap = state->light_capacity ? state->light_capacity * 2 : 8;
        struct wined3d_light_info *n = realloc(state->lights, cap * sizeof(*n));
        if (!n) return NULL;
        state->lights = n;
        state->light_capacity = cap;
    }
    while (pos < state->light_count && state->lights[pos].index < index) ++pos;
    memmove(&state->lights[pos + 1], &state->lights[pos], (state->light_count - pos) * sizeof(*state->lights));
    ++state->light_count;
    info = &state->lights[pos];
    memset(info, 0, sizeof(*info));
    info->index = index;
    state_default_light(&info->light);
    return info;
}

/* Enable/disable a light in a state, keeping the active slots in step.
 * Returns 0 when a 9th light would be enabled. */
int stateblock_set_light_enable(struct wined3d_state *state, uint32_t index, int enable)
{
    struct wined3d_light_info *info = state_add_light(state, index);
    unsigned int i;

    if (!info) return 0;
    enable = !!enable;
    if (info->enabled == enable)
        return 1;
    if (enable)
    {
        for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
            if (!(state->active_light_mask & (1u << i)))
                break;
        if (i == WINED3D_MAX_ACTIVE_LIGHTS)
            return 0;
        state->active_light_mask |= 1u << i;
        state->active_light_index[i] = index;
        state->active_lights[i] = info->light;
    }
    else
    {
        for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
            if ((state->active_light_mask & (1u << i)) && state->active_light_index[i] == index)
                state->active_light_mask &= ~(1u << i);
    }
    info->enabled = enable;
    return 1;
}

/* ---------------------------------------------------------------------- */
/* Masks.                                                                  */

void stateblock_mask_set(struct wined3d_stateblock_mask *mask, unsigned int id)
{
    mask->states[id >> 5] |= 1u << (id & 31);
}

int stateblock_mask_test(const struct wined3d_stateblock_mask *mask, unsigned int id)
{
    return (mask->states[id >> 5] >> (id & 31)) & 1;
}

void stateblock_mask_add_light(struct wined3d_stateblock_mask *mask, uint32_t index)
{
    unsigned int i;
    for (i = 0; i < mask->light_count; ++i)
        if (mask->light_indices[i] == index) return;
    if (mask->light_count == mask->light_capacity)
    {
        unsigned int cap = mask->light_capacity ? mask->light_capacity * 2 : 8;
        uint32_t *n = realloc(mask->light_indices, cap * sizeof(*n));
        if (!n) return;
        mask->light_indices = n;
        mask->light_capacity = cap;
    }
    mask->light_indices[mask->light_count++] = index;
}

/* The lists Direct3D 7 defines for D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE.
 * The core states beyond D3D7 are pixel states. */
static const unsigned int pixel_render_states[] =
{
    WINED3D_RS_ZENABLE, WINED3D_RS_FILLMODE, WINED3D_RS_SHADEMODE, WINED3D_RS_LINEPATTERN,
    WINED3D_RS_ZWRITEENABLE, WINED3D_RS_ALPHATESTENABLE, WINED3D_RS_LASTPIXEL, WINED3D_RS_SRCBLEND,
    WINED3D_RS_DESTBLEND, WINED3D_RS_ZFUNC, WINED3D_RS_ALPHAREF, WINED3D_RS_ALPHAFUNC,
    WINED3D_RS_DITHERENABLE, WINED3D_RS_STIPPLEDALPHA, WINED3D_RS_FOGSTART, WINED3D_RS_FOGEND,
    WINED3D_RS_FOGDENSITY, WINED3D_RS_EDGEANTIALIAS, WINED3D_RS_ALPHABLENDENABLE, WINED3D_RS_ZBIAS,
    WINED3D_RS_STENCILENABLE, WINED3D_RS_STENCILFAIL, WINED3D_RS_STENCILZFAIL, WINED3D_RS_STENCILPASS,
    WINED3D_RS_STENCILFUNC, WINED3D_RS_STENCILREF, WINED3D_RS_STENCILMASK, WINED3D_RS_STENCILWRITEMASK,
    WINED3D_RS_TEXTUREFACTOR, WINED3D_RS_WRAP0, WINED3D_RS_WRAP1, WINED3D_RS_WRAP2, WINED3D_RS_WRAP3,
    WINED3D_RS_WRAP4, WINED3D_RS_WRAP5, WINED3D_RS_WRAP6, WINED3D_RS_WRAP7,
    WINED3D_RS_COLORWRITEENABLE, WINED3D_RS_BLENDOP, WINED3D_RS_SCISSORTESTENABLE, WINED3D_RS_BLENDFACTOR,
    WINED3D_RS_SEPARATEALPHABLENDENABLE, WINED3D_RS_SRCBLENDALPHA, WINED3D_RS_DESTBLENDALPHA,
    WINED3D_RS_BLENDOPALPHA, WINED3D_RS_DEPTHBIAS_UNITS, WINED3D_RS_DEPTHCLAMP, WINED3D_RS_ALPHAFAILACTION,
    WINED3D_RS_ZINTEGERBITS, WINED3D_RS_SHADERBLEND, WINED3D_RS_LODFROMQ,
};
static const unsigned int pixel_texture_states[] =
{
    WINED3D_TSS_COLOROP, WINED3D_TSS_COLORARG1, WINED3D_TSS_COLORARG2, WINED3D_TSS_ALPHAOP,
    WINED3D_TSS_ALPHAARG1, WINED3D_TSS_ALPHAARG2, WINED3D_TSS_BUMPENVMAT00, WINED3D_TSS_BUMPENVMAT01,
    WINED3D_TSS_BUMPENVMAT10, WINED3D_TSS_BUMPENVMAT11, WINED3D_TSS_ADDRESS, WINED3D_TSS_ADDRESSU,
    WINED3D_TSS_ADDRESSV, WINED3D_TSS_BORDERCOLOR, WINED3D_TSS_MAGFILTER, WINED3D_TSS_MINFILTER,
    WINED3D_TSS_MIPFILTER, WINED3D_TSS_MIPMAPLODBIAS, WINED3D_TSS_MAXMIPLEVEL, WINED3D_TSS_MAXANISOTROPY,
    WINED3D_TSS_BUMPENVLSCALE, WINED3D_TSS_BUMPENVLOFFSET,
};
static const unsigned int vertex_render_states[] =
{
    WINED3D_RS_SHADEMODE, WINED3D_RS_SPECULARENABLE, WINED3D_RS_CULLMODE, WINED3D_RS_FOGENABLE,
    WINED3D_RS_FOGCOLOR, WINED3D_RS_FOGTABLEMODE, WINED3D_RS_FOGSTART, WINED3D_RS_FOGEND,
    WINED3D_RS_FOGDENSITY, WINED3D_RS_RANGEFOGENABLE, WINED3D_RS_AMBIENT, WINED3D_RS_COLORVERTEX,
    WINED3D_RS_FOGVERTEXMODE, WINED3D_RS_CLIPPING, WINED3D_RS_LIGHTING, WINED3D_RS_NORMALIZENORMALS,
    WINED3D_RS_LOCALVIEWER, WINED3D_RS_EMISSIVEMATERIALSOURCE, WINED3D_RS_AMBIENTMATERIALSOURCE,
    WINED3D_RS_DIFFUSEMATERIALSOURCE, WINED3D_RS_SPECULARMATERIALSOURCE, WINED3D_RS_VERTEXBLEND,
    WINED3D_RS_CLIPPLANEENABLE, WINED3D_RS_LEGACYLIGHTING,
};
static const unsigned int vertex_texture_states[] =
{
    WINED3D_TSS_TEXCOORDINDEX, WINED3D_TSS_TEXTURETRANSFORMFLAGS,
};

static void mask_init_type(struct wined3d_stateblock_mask *mask, enum wined3d_stateblock_type type,
        const struct wined3d_state *state)
{
    unsigned int i, stage;

    if (type == WINED3D_SBT_ALL)
    {
        /* Every state but the stream source and the framebuffer, which
         * Direct3D 7 stateblocks do not hold; the FVF is a draw argument;
         * programs' constants are not Direct3D 7 state. */
        for (i = 0; i < STATE_COUNT; ++i)
            if (wined3d_state_is_valid(i) && i != STATE_STREAMSRC && i != STATE_FRAMEBUFFER && i != STATE_FVF
                    && i != STATE_PROGRAM_CONSTANTS)
                stateblock_mask_set(mask, i);
        mask->all_lights = 1;
        return;
    }
    if (type == WINED3D_SBT_PIXEL_STATE)
    {
        for (i = 0; i < sizeof(pixel_render_states) / sizeof(*pixel_render_states); ++i)
            stateblock_mask_set(mask, STATE_RENDER(pixel_render_states[i]));
        for (stage = 0; stage < WINED3D_MAX_TEXTURES; ++stage)
            for (i = 0; i < sizeof(pixel_texture_states) / sizeof(*pixel_texture_states); ++i)
                stateblock_mask_set(mask, STATE_TEXSTAGE(stage, pixel_texture_states[i]));
        stateblock_mask_set(mask, STATE_SCISSORRECT);
        return;
    }
    if (type == WINED3D_SBT_VERTEX_STATE)
    {
        for (i = 0; i < sizeof(vertex_render_states) / sizeof(*vertex_render_states); ++i)
            stateblock_mask_set(mask, STATE_RENDER(vertex_render_states[i]));
        for (stage = 0; stage < WINED3D_MAX_TEXTURES; ++stage)
            for (i = 0; i < sizeof(vertex_texture_states) / sizeof(*vertex_texture_states); ++i)
                stateblock_mask_set(mask, STATE_TEXSTAGE(stage, vertex_texture_states[i]));
        mask->all_lights = 1;
    }
}

/* ---------------------------------------------------------------------- */

static struct wined3d_stateblock *stateblock_alloc(struct wined3d_device *device, enum wined3d_stateblock_type type)
{
    struct wined3d_stateblock *sb;

    if (!(sb = calloc(1, sizeof(*sb))))
        return NULL;
    sb->device = device;
    sb->type = type;
    state_init_defaults(&sb->state);
    sb->next = device->stateblocks;
    if (device->stateblocks) device->stateblocks->prev = sb;
    device->stateblocks = sb;
    return sb;
}

int32_t wined3d_stateblock_create(struct wined3d_device *device, enum wined3d_stateblock_type type,
        struct wined3d_stateblock **stateblock)
{
    struct wined3d_stateblock *sb;
    int32_t hr;

    if (!device || !stateblock || type < WINED3D_SBT_ALL || type > WINED3D_SBT_VERTEX_STATE)
        return WINED3DERR_INVALIDCALL;
    if (device->recording)
        return WINED3DERR_INVALIDCALL;
    if (!(sb = stateblock_alloc(device, type)))
        return WINED3DERR_OUTOFMEMORY;
    mask_init_type(&sb->changed, type, &device->state);
    if ((hr = wined3d_stateblock_capture(sb)) != WINED3D_OK)
    {
        wined3d_stateblock_destroy(sb);
        return hr;
    }
    *stateblock = sb;
    TRACE("Created stateblock %p of type %u.\n", sb, type);
    return WINED3D_OK;
}

void wined3d_stateblock_destroy(struct wined3d_stateblock *sb)
{
    if (!sb) return;
    if (sb->device->recording == sb)
        sb->device->recording = NULL;
    if (sb->prev) sb->prev->next = sb->next; else sb->device->stateblocks = sb->next;
    if (sb->next) sb->next->prev = sb->prev;
    state_cleanup(&sb->state);
    free(sb->changed.light_indices);
    free(sb);
}

static void copy_light(struct wined3d_state *dst, const struct wined3d_state *src, uint32_t index)
{
    const struct wined3d_light_info *s = state_find_light(src, index);
    struct wined3d_light_info *d;

    if (!s)
    {
        /* Not set on the source: the block reads it as disabled default. */
        if ((d = state_find_light(dst, index)))
        {
            stateblock_set_light_enable(dst, index, 0);
            state_default_light(&d->light);
        }
        return;
    }
    if (!(d = state_add_light(dst, index)))
        return;
    d->light = s->light;
    stateblock_set_light_enable(dst, index, 0);
    stateblock_set_light_enable(dst, index, s->enabled);
}

static void copy_masked(struct wined3d_state *dst, const struct wined3d_state *src,
        const struct wined3d_stateblock_mask *mask)
{
    unsigned int i, stage;

    for (i = 1; i <= WINED3D_HIGHEST_RENDER_STATE; ++i)
        if (stateblock_mask_test(mask, STATE_RENDER(i)))
            dst->render_states[i] = src->render_states[i];
    for (stage = 0; stage < WINED3D_MAX_TEXTURES; ++stage)
    {
        for (i = 1; i <= WINED3D_HIGHEST_TEXTURE_STATE; ++i)
            if (stateblock_mask_test(mask, STATE_TEXSTAGE(stage, i)))
                dst->texture_states[stage][i] = src->texture_states[stage][i];
        if (stateblock_mask_test(mask, STATE_SAMPLER(stage)))
            dst->textures[stage] = src->textures[stage];
    }
    for (i = 1; i <= WINED3D_HIGHEST_TRANSFORM_STATE; ++i)
        if (stateblock_mask_test(mask, STATE_TRANSFORM(i)))
            dst->transforms[i] = src->transforms[i];
    if (stateblock_mask_test(mask, STATE_MATERIAL)) dst->material = src->material;
    if (stateblock_mask_test(mask, STATE_VIEWPORT)) dst->viewport = src->viewport;
    if (stateblock_mask_test(mask, STATE_SCISSORRECT)) dst->scissor_rect = src->scissor_rect;
    for (i = 0; i < WINED3D_MAX_CLIP_PLANES; ++i)
        if (stateblock_mask_test(mask, STATE_CLIPPLANE(i)))
            dst->clip_planes[i] = src->clip_planes[i];
    if (stateblock_mask_test(mask, STATE_FVF)) dst->fvf = src->fvf;
}

int32_t wined3d_stateblock_capture(struct wined3d_stateblock *sb)
{
    const struct wined3d_state *src;
    unsigned int i;

    if (!sb) return WINED3DERR_INVALIDCALL;
    if (sb->device->recording == sb) return WINED3DERR_INVALIDCALL;
    src = &sb->device->state;
    copy_masked(&sb->state, src, &sb->changed);
    if (sb->changed.all_lights)
    {
        /* Every light the device knows joins the block. */
        for (i = 0; i < src->light_count; ++i)
            stateblock_mask_add_light(&sb->changed, src->lights[i].index);
    }
    for (i = 0; i < sb->changed.light_count; ++i)
        copy_light(&sb->state, src, sb->changed.light_indices[i]);
    return WINED3D_OK;
}

int32_t wined3d_stateblock_apply(const struct wined3d_stateblock *sb)
{
    struct wined3d_device *device;
    const struct wined3d_state *s;
    unsigned int i, stage;

    if (!sb) return WINED3DERR_INVALIDCALL;
    device = sb->device;
    if (device->recording == sb) return WINED3DERR_INVALIDCALL;
    s = &sb->state;

    for (i = 1; i <= WINED3D_HIGHEST_RENDER_STATE; ++i)
        if (stateblock_mask_test(&sb->changed, STATE_RENDER(i)))
            wined3d_device_set_render_state(device, i, s->render_states[i]);
    for (stage = 0; stage < WINED3D_MAX_TEXTURES; ++stage)
    {
        for (i = 1; i <= WINED3D_HIGHEST_TEXTURE_STATE; ++i)
            /* ADDRESS would overwrite ADDRESSU/V; they are applied themselves. */
            if (i != WINED3D_TSS_ADDRESS && stateblock_mask_test(&sb->changed, STATE_TEXSTAGE(stage, i)))
                wined3d_device_set_texture_stage_state(device, stage, i, s->texture_states[stage][i]);
        if (stateblock_mask_test(&sb->changed, STATE_SAMPLER(stage)))
            wined3d_device_set_texture(device, stage, s->textures[stage]);
    }
    for (i = 1; i <= WINED3D_HIGHEST_TRANSFORM_STATE; ++i)
        if (stateblock_mask_test(&sb->changed, STATE_TRANSFORM(i)))
            wined3d_device_set_transform(device, i, &s->transforms[i]);
    if (stateblock_mask_test(&sb->changed, STATE_MATERIAL))
        wined3d_device_set_material(device, &s->material);
    if (stateblock_mask_test(&sb->changed, STATE_VIEWPORT))
        wined3d_device_set_viewport(device, &s->viewport);
    if (stateblock_mask_test(&sb->changed, STATE_SCISSORRECT))
        wined3d_device_set_scissor_rect(device, &s->scissor_rect);
    for (i = 0; i < WINED3D_MAX_CLIP_PLANES; ++i)
        if (stateblock_mask_test(&sb->changed, STATE_CLIPPLANE(i)))
        {
            float plane[4] = {s->clip_planes[i].x, s->clip_planes[i].y, s->clip_planes[i].z, s->clip_planes[i].w};
            wined3d_device_set_clip_plane(device, i, plane);
        }
    if (stateblock_mask_test(&sb->changed, STATE_FVF))
        wined3d_device_set_fvf(device, s->fvf);
    /* Lights: disable first, then set and enable, so that a block never
     * needs more than 8 slots at once. */
    for (i = 0; i < sb->changed.light_count; ++i)
    {
        const struct wined3d_light_info *l = state_find_light(s, sb->changed.light_indices[i]);
        if (!l || !l->enabled)
            wined3d_device_set_light_enable(device, sb->changed.light_indices[i], 0);
    }
    for (i = 0; i < sb->changed.light_count; ++i)
    {
        const struct wined3d_light_info *l = state_find_light(s, sb->changed.light_indices[i]);
        if (!l) continue;
        wined3d_device_set_light(device, l->index, &l->light);
        if (l->enabled)
            wined3d_device_set_light_enable(device, l->index, 1);
    }
    return WINED3D_OK;
}

int32_t wined3d_device_begin_stateblock(struct wined3d_device *device)
{
    struct wined3d_stateblock *sb;

    if (!device) return WINED3DERR_INVALIDCALL;
    if (device->recording) return WINED3DERR_RECORDING;
    if (!(sb = stateblock_alloc(device, WINED3D_SBT_RECORDED)))
        return WINED3DERR_OUTOFMEMORY;
    /* Start from the device's values so that recorded light enables find
     * their slots as the device would. */
    if (!state_copy(&sb->state, &device->state))
    {
        wined3d_stateblock_destroy(sb);
        return WINED3DERR_OUTOFMEMORY;
    }
    device->recording = sb;
    return WINED3D_OK;
}

int32_t wined3d_device_end_stateblock(struct wined3d_device *device, struct wined3d_stateblock **stateblock)
{
    if (!device || !stateblock) return WINED3DERR_INVALIDCALL;
    if (!device->recording) return WINED3DERR_NOTRECORDING;
    *stateblock = device->recording;
    device->recording = NULL;
    return WINED3D_OK;
}

int wined3d_device_is_recording(const struct wined3d_device *device)
{
    return device && device->recording != NULL;
}

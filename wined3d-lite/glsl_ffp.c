/*
 * Fixed-function pipeline: the key and the uniforms, derived from the state.
 *
 * The code generators live in glsl_ffp_vs.c and glsl_ffp_fs.c; this file
 * decides what goes into the key (state that changes code) and computes the
 * uniform block (everything else), and holds the helpers both generators
 * share.  See glsl_ffp.h for the contract with the rest of the core.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <xmmintrin.h>
#endif

#include <GL/glew.h>

#include "dx7gl/debug.h"
#include "wined3d-lite/wined3d.h"
#include "glsl_ffp.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ffp);

/* ---------------------------------------------------------------------- */
/* Text buffer.                                                            */

void wined3d_ffp_buffer_init(struct wined3d_ffp_buffer *buffer)
{
    buffer->capacity = 4096;
    buffer->size = 0;
    buffer->oom = 0;
    if (!(buffer->data = malloc(buffer->capacity)))
    {
        buffer->capacity = 0;
        buffer->oom = 1;
        return;
    }
    buffer->data[0] = 0;
}

void wined3d_ffp_buffer_printf(struct wined3d_ffp_buffer *buffer, const char *format, ...)
{
    va_list args;
    int len;

    if (buffer->oom) return;
    for (;;)
    {
        size_t left = buffer->capacity - buffer->size;
        char *data;

        va_start(args, format);
        len = vsnprintf(buffer->data + buffer->size, left, format, args);
        va_end(args);
        if (len < 0)
        {
            buffer->oom = 1;
            return;
        }
        if ((size_t)len < left)
        {
            buffer->size += len;
            return;
        }
        if (!(data = realloc(buffer->data, buffer->capacity * 2 + len)))
        {
            buffer->oom = 1;
            return;
        }
        buffer->data = data;
        buffer->capacity = buffer->capacity * 2 + len;
    }
}

char *wined3d_ffp_buffer_finish(struct wined3d_ffp_buffer *buffer)
{
    const char *line, *end;

    if (buffer->oom)
    {
        ERR("Out of memory generating a fixed-function shader.\n");
        free(buffer->data);
        return NULL;
    }
    /* DX7GL_DEBUG=+ffp shows the generated code, a line per message. */
    for (line = buffer->data; *line; line = *end ? end + 1 : end)
    {
        if (!(end = strchr(line, '\n'))) end = line + strlen(line);
        TRACE("%.*s\n", (int)(end - line), line);
    }
    return buffer->data;
}

/* ---------------------------------------------------------------------- */
/* The uniform blocks.  Each member table lists the members the tests      */
/* check: they compare the offsets GL reports with offsetof().             */

#define VS_MEMBER(glsl_name, c_member) {"ffp_vs_uniforms." glsl_name, offsetof(struct wined3d_ffp_vs_uniforms, c_member)}
#define FS_MEMBER(glsl_name, c_member) {"ffp_fs_uniforms." glsl_name, offsetof(struct wined3d_ffp_fs_uniforms, c_member)}

const struct wined3d_ffp_uniform_member wined3d_ffp_vs_uniform_members[] =
{
    VS_MEMBER("modelview[0]", modelview),
    VS_MEMBER("normal_matrix[0]", normal_matrix),
    VS_MEMBER("projection", projection),
    VS_MEMBER("texture_matrix[0]", texture_matrix),
    VS_MEMBER("clip_planes[0]", clip_planes),
    VS_MEMBER("clip_fixup", clip_fixup),
    VS_MEMBER("z_fixup", z_fixup),
    VS_MEMBER("rhw_scale", rhw_scale),
    VS_MEMBER("rhw_z", rhw_z),
    VS_MEMBER("fog_params", fog_params),
    VS_MEMBER("material_diffuse", material_diffuse),
    VS_MEMBER("material_ambient", material_ambient),
    VS_MEMBER("material_specular", material_specular),
    VS_MEMBER("material_emissive", material_emissive),
    VS_MEMBER("material_power", material_power),
    VS_MEMBER("global_ambient", global_ambient),
    VS_MEMBER("lights[0].diffuse", lights[0].diffuse),
    VS_MEMBER("lights[0].specular", lights[0].specular),
    VS_MEMBER("lights[0].ambient", lights[0].ambient),
    VS_MEMBER("lights[0].position", lights[0].position),
    VS_MEMBER("lights[0].direction", lights[0].direction),
    VS_MEMBER("lights[0].range_falloff", lights[0].range_falloff),
    VS_MEMBER("lights[0].attenuation", lights[0].attenuation),
    VS_MEMBER("lights[7].attenuation", lights[7].attenuation),
};
const unsigned int wined3d_ffp_vs_uniform_member_count
        = sizeof(wined3d_ffp_vs_uniform_members) / sizeof(wined3d_ffp_vs_uniform_members[0]);

const struct wined3d_ffp_uniform_member wined3d_ffp_fs_uniform_members[] =
{
    FS_MEMBER("texture_factor", texture_factor),
    FS_MEMBER("fog_color", fog_color),
    FS_MEMBER("fog_params", fog_params),
    FS_MEMBER("fog_source", fog_source),
    FS_MEMBER("alpha_ref", alpha_ref),
    FS_MEMBER("color_key_low", color_key_low),
    FS_MEMBER("color_key_high", color_key_high),
    FS_MEMBER("w_range", w_range),
    FS_MEMBER("blend_factor", blend_factor),
    FS_MEMBER("lod_params", lod_params),
    FS_MEMBER("stage_args[0]", stage_args),
    FS_MEMBER("stage_coef[0]", stage_coef),
    FS_MEMBER("bumpenv_matrix[0]", bumpenv_matrix),
    FS_MEMBER("bumpenv_luminance[0]", bumpenv_luminance),
    FS_MEMBER("slot_blend[0]", slot_blend),
};
const unsigned int wined3d_ffp_fs_uniform_member_count
        = sizeof(wined3d_ffp_fs_uniform_members) / sizeof(wined3d_ffp_fs_uniform_members[0]);

void wined3d_ffp_emit_vs_uniform_block(struct wined3d_ffp_buffer *buffer)
{
    wined3d_ffp_buffer_printf(buffer,
            "struct ffp_light\n"
            "{\n"
            "    vec4 diffuse;\n"
            "    vec4 specular;\n"
            "    vec4 ambient;\n"
            "    vec4 position;\n"
            "    vec4 direction;\n"
            "    vec4 range_falloff;\n"
            "    vec4 attenuation;\n"
            "};\n"
            "layout(std140) uniform ffp_vs_uniforms\n"
            "{\n"
            "    mat4 modelview[4];\n"
            "    mat4 normal_matrix[4];\n"
            "    mat4 projection;\n"
            "    mat4 texture_matrix[%u];\n"
            "    vec4 clip_planes[%u];\n"
            "    vec4 clip_fixup;\n"
            "    vec4 z_fixup;\n"
            "    vec4 rhw_scale;\n"
            "    vec4 rhw_z;\n"
            "    vec4 fog_params;\n"
            "    vec4 material_diffuse;\n"
            "    vec4 material_ambient;\n"
            "    vec4 material_specular;\n"
            "    vec4 material_emissive;\n"
            "    vec4 material_power;\n"
            "    vec4 global_ambient;\n"
            "    ffp_light lights[%u];\n"
            "} ffp;\n",
            WINED3D_FFP_MAX_STAGES, WINED3D_FFP_MAX_CLIP_PLANES, WINED3D_FFP_MAX_LIGHTS);
}

/* The fragment block's members, as struct wined3d_ffp_fs_uniforms. */
static void emit_fs_members(struct wined3d_ffp_buffer *buffer)
{
    wined3d_ffp_buffer_printf(buffer,
            "{\n"
            "    vec4 texture_factor;\n"
            "    vec4 fog_color;\n"
            "    vec4 fog_params;\n"
            "    vec4 fog_source;\n"
            "    vec4 alpha_ref;\n"
            "    vec4 color_key_low;\n"
            "    vec4 color_key_high;\n"
            "    vec4 w_range;\n"
            "    vec4 blend_factor;\n"
            "    vec4 lod_params;\n"
            "    ivec4 stage_args[%u];\n"
            "    vec4 stage_coef[%u];\n"
            "    vec4 bumpenv_matrix[%u];\n"
            "    vec4 bumpenv_luminance[%u];\n"
            "    vec4 slot_blend[2];\n",
            WINED3D_FFP_GENERIC_MAX_STAGES, WINED3D_FFP_GENERIC_MAX_STAGES * 6,
            WINED3D_FFP_MAX_STAGES, WINED3D_FFP_MAX_STAGES);
}

void wined3d_ffp_emit_fs_uniform_block(struct wined3d_ffp_buffer *buffer)
{
    wined3d_ffp_buffer_printf(buffer, "layout(std140) uniform ffp_fs_uniforms\n");
    emit_fs_members(buffer);
    wined3d_ffp_buffer_printf(buffer, "} ffp;\n");
}

/* With key.fs_slots: the blocks of the slots, "ffp" the primitive's (the
 * slot is flat, so the index is the same over the primitive). */
void wined3d_ffp_emit_fs_slot_blocks(struct wined3d_ffp_buffer *buffer, unsigned int count)
{
    wined3d_ffp_buffer_printf(buffer, "struct ffp_fs_block\n");
    emit_fs_members(buffer);
    wined3d_ffp_buffer_printf(buffer,
            "};\n"
            "layout(std140) uniform ffp_fs_slots\n"
            "{\n"
            "    ffp_fs_block ffp_fs_slot[%u];\n"
            "};\n"
            "#define ffp ffp_fs_slot[ffp_varying_slot]\n", count);
}

/* ---------------------------------------------------------------------- */
/* Key helpers shared by the generators.                                   */

/* Which arguments an op reads: bit 0 arg1, bit 1 arg2. */
unsigned int wined3d_ffp_op_args(unsigned int op)
{
    switch (op)
    {
        case WINED3D_TOP_DISABLE:
        case WINED3D_TOP_BUMPENVMAP:
        case WINED3D_TOP_BUMPENVMAPLUMINANCE:
            return 0;
        case WINED3D_TOP_SELECTARG1:
        case WINED3D_TOP_PREMODULATE:
            return 1;
        case WINED3D_TOP_SELECTARG2:
            return 2;
        default:
            return 3;
    }
}

static int op_is_bump(unsigned int op)
{
    return op == WINED3D_TOP_BUMPENVMAP || op == WINED3D_TOP_BUMPENVMAPLUMINANCE;
}

static int op_reads_texture_alpha(unsigned int op)
{
    return op == WINED3D_TOP_BLENDTEXTUREALPHA || op == WINED3D_TOP_BLENDTEXTUREALPHAPM;
}

unsigned int wined3d_ffp_stage_count(const struct wined3d_ffp_key *key)
{
    unsigned int s;

    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
        if (!key->stages[s].color_op || key->stages[s].color_op == WINED3D_TOP_DISABLE) break;
    return s;
}

static int arg_is(unsigned int arg, unsigned int sel)
{
    return (arg & WINED3DTA_SELECTMASK) == sel;
}

/* Inline for stage_samples: joined draws ask it of stage 0 at each draw (merge.c). */
static inline int op_reads_texture(unsigned int op, unsigned int arg1, unsigned int arg2)
{
    unsigned int args = wined3d_ffp_op_args(op);

    return ((args & 1) && arg_is(arg1, WINED3DTA_TEXTURE)) || ((args & 2) && arg_is(arg2, WINED3DTA_TEXTURE));
}

int wined3d_ffp_op_reads_texture(unsigned int op, unsigned int arg1, unsigned int arg2)
{
    return op_reads_texture(op, arg1, arg2);
}

/* As wined3d_ffp_stage_samples(), with the key's stage count given. */
static int stage_samples(const struct wined3d_ffp_key *key, unsigned int s, unsigned int count)
{
    const struct wined3d_ffp_stage_key *st;

    if (s == 0 && key->color_key) return 1;
    if (s >= count) return 0;
    if (key->generic_stages) return 1;
    st = &key->stages[s];
    if (s > 0 && (op_is_bump(key->stages[s - 1].color_op) || key->stages[s - 1].color_op == WINED3D_TOP_PREMODULATE
            || key->stages[s - 1].alpha_op == WINED3D_TOP_PREMODULATE))
        return 1;
    if (op_is_bump(st->color_op) || op_reads_texture_alpha(st->color_op) || op_reads_texture_alpha(st->alpha_op))
        return 1;
    if (op_reads_texture(st->color_op, st->color_arg1, st->color_arg2)
            || op_reads_texture(st->alpha_op, st->alpha_arg1, st->alpha_arg2))
        return 1;
    return 0;
}

/* s is below the stage count when the stages up to it are all enabled: no
 * need to count the rest (merge.c asks this of stage 0 at each draw). */
int wined3d_ffp_stage_samples(const struct wined3d_ffp_key *key, unsigned int s)
{
    unsigned int i;

    if (s == 0 && key->color_key) return 1;
    if (s >= WINED3D_FFP_MAX_STAGES) return 0;
    for (i = 0; i <= s; ++i)
        if (!key->stages[i].color_op || key->stages[i].color_op == WINED3D_TOP_DISABLE) return 0;
    return stage_samples(key, s, s + 1);
}

/* A 2D texture sampled at (u, v): no divide by q, no level from q, no cube
 * direction.  A software rasteriser interpolates every component of every
 * varying for each pixel (llvmpipe: with noperspective, 2.7 % of a thrash
 * batch's instructions; bench-findings, thirtieth pass). */
int wined3d_ffp_stage_coord_uv(const struct wined3d_ffp_key *key, unsigned int s)
{
    const struct wined3d_ffp_stage_key *st = &key->stages[s];

    return st->tex_type == WINED3D_FFP_TEX_2D && !st->projected && !st->lod_from_q;
}

const char *wined3d_ffp_interpolation(const struct wined3d_ffp_key *key, int colours)
{
    if (colours && key->flat)
        return "flat ";
    return key->noperspective ? "noperspective " : "";
}

int wined3d_ffp_fog_is_table(const struct wined3d_ffp_key *key)
{
    return key->fog >= WINED3D_FFP_FOG_TABLE_EXP;
}

int wined3d_ffp_fog_is_interpolated(const struct wined3d_ffp_key *key)
{
    return key->fog >= WINED3D_FFP_FOG_SPECULAR_ALPHA && key->fog <= WINED3D_FFP_FOG_VERTEX_LINEAR;
}

/* ---------------------------------------------------------------------- */
/* The key.                                                                */

static unsigned int fvf_tex_coord_size(uint32_t fvf, unsigned int i)
{
    static const unsigned int sizes[4] = {2, 3, 4, 1};
    return sizes[(fvf >> (16 + i * 2)) & 3];
}

/* An argument in the form the key keeps.  Invalid selectors were warned
 * about by the caller (warn_invalid_args). */
static unsigned int canonical_arg_quiet(unsigned int arg, unsigned int stage, int alpha)
{
    arg &= WINED3DTA_SELECTMASK | WINED3DTA_COMPLEMENT | WINED3DTA_ALPHAREPLICATE;
    if ((arg & WINED3DTA_SELECTMASK) > WINED3DTA_SPECULAR)
        arg = (arg & ~WINED3DTA_SELECTMASK) | WINED3DTA_CURRENT;
    /* On the first stage "current" is the diffuse colour. */
    if (!stage && arg_is(arg, WINED3DTA_CURRENT)) arg = (arg & ~WINED3DTA_SELECTMASK) | WINED3DTA_DIFFUSE;
    if (alpha) arg &= ~WINED3DTA_ALPHAREPLICATE;
    return arg;
}

static void warn_invalid_arg(unsigned int arg, unsigned int stage)
{
    if ((arg & WINED3DTA_SELECTMASK) > WINED3DTA_SPECULAR)
        WARN("Invalid texture argument %#x on stage %u, using current.\n", arg, stage);
}

static unsigned int canonical_arg(unsigned int arg, unsigned int stage, int alpha)
{
    warn_invalid_arg(arg, stage);
    return canonical_arg_quiet(arg, stage, alpha);
}

static int op_valid(unsigned int op)
{
    return op >= WINED3D_TOP_DISABLE && op <= WINED3D_TOP_DOTPRODUCT3;
}

/* Argument i of a stage (0 COLORARG1, 1 COLORARG2, 2 ALPHAARG1, 3
 * ALPHAARG2), canonical: from args when the caller has them all
 * (stage_canonical_args). */
static unsigned int stage_arg(const uint32_t *tss, unsigned int s, const uint8_t *args, unsigned int i)
{
    static const unsigned int states[4] = {WINED3D_TSS_COLORARG1, WINED3D_TSS_COLORARG2,
            WINED3D_TSS_ALPHAARG1, WINED3D_TSS_ALPHAARG2};

    return args ? args[i] : canonical_arg(tss[states[i]], s, i >= 2);
}

/* A stage's ops and the arguments they read; args as for stage_arg. */
static void stage_ops_from_state(struct wined3d_ffp_stage_key *st, const uint32_t *tss, unsigned int s,
        const uint8_t *args)
{
    unsigned int cop = tss[WINED3D_TSS_COLOROP], aop = tss[WINED3D_TSS_ALPHAOP];
    unsigned int reads;

    st->color_op = cop;
    reads = wined3d_ffp_op_args(cop);
    if (reads & 1) st->color_arg1 = stage_arg(tss, s, args, 0);
    if (reads & 2) st->color_arg2 = stage_arg(tss, s, args, 1);

    /* Dot product 3 writes its result to alpha too; the alpha op is unused. */
    if (cop == WINED3D_TOP_DOTPRODUCT3) return;

    /* Direct3D leaves alpha disabled with colour enabled undefined; the
     * alpha passes through.  The colour-only ops and the bump ops are not
     * alpha ops either. */
    if (!op_valid(aop) || aop == WINED3D_TOP_DISABLE || op_is_bump(aop)
            || (aop >= WINED3D_TOP_MODULATEALPHA_ADDCOLOR && aop <= WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA))
    {
        if (aop >= WINED3D_TOP_MODULATEALPHA_ADDCOLOR && aop <= WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA)
        {
            st->alpha_op = WINED3D_TOP_SELECTARG1;
            st->alpha_arg1 = stage_arg(tss, s, args, 2);
            return;
        }
        st->alpha_op = WINED3D_TOP_SELECTARG1;
        st->alpha_arg1 = canonical_arg(WINED3DTA_CURRENT, s, 1);
        return;
    }
    st->alpha_op = aop;
    reads = wined3d_ffp_op_args(aop);
    if (reads & 1) st->alpha_arg1 = stage_arg(tss, s, args, 2);
    if (reads & 2) st->alpha_arg2 = stage_arg(tss, s, args, 3);
}

/* What a stage's key needs of its texture: its type, and whether its
 * texels are signed. */
static void key_stage_texture(struct wined3d_ffp_stage_key *st, const struct wined3d_texture *texture)
{
    struct wined3d_texture_desc desc;
    const struct wined3d_format_info *info;

    st->tex_type = WINED3D_FFP_TEX_NONE;
    st->signed_tex = 0;
    if (!texture) return;
    wined3d_texture_get_desc(texture, &desc);
    st->tex_type = desc.type == WINED3D_RTYPE_TEXTURE_CUBE ? WINED3D_FFP_TEX_CUBE : WINED3D_FFP_TEX_2D;
    st->signed_tex = (info = wined3d_get_format_info(desc.format)) && info->bump;
}

static uint8_t fog_from_mode(unsigned int mode, uint8_t base)
{
    switch (mode)
    {
        case WINED3D_FOG_EXP:    return base;
        case WINED3D_FOG_EXP2:   return base + 1;
        case WINED3D_FOG_LINEAR: return base + 2;
        default:                 return WINED3D_FFP_FOG_OFF;
    }
}

static void key_fog(struct wined3d_ffp_key *key, const uint32_t *rs)
{
    unsigned int table = rs[WINED3D_RS_FOGTABLEMODE], vertex = rs[WINED3D_RS_FOGVERTEXMODE];

    if (!rs[WINED3D_RS_FOGENABLE])
        key->fog = WINED3D_FFP_FOG_OFF;
    /* Table (pixel) fog takes precedence over vertex fog. */
    else if (table >= WINED3D_FOG_EXP && table <= WINED3D_FOG_LINEAR)
        key->fog = fog_from_mode(table, WINED3D_FFP_FOG_TABLE_EXP);
    /* Pre-transformed vertices get no vertex fog computed: the application
     * supplies the factor in the specular alpha. */
    else if (!key->xyzrhw && vertex >= WINED3D_FOG_EXP && vertex <= WINED3D_FOG_LINEAR)
    {
        key->fog = fog_from_mode(vertex, WINED3D_FFP_FOG_VERTEX_EXP);
        key->range_fog = !!rs[WINED3D_RS_RANGEFOGENABLE];
    }
    else
        key->fog = WINED3D_FFP_FOG_SPECULAR_ALPHA;
}

static void key_lighting(struct wined3d_ffp_key *key, const struct wined3d_state *state)
{
    const uint32_t *rs = state->render_states;
    unsigned int i;

    if (key->xyzrhw || !rs[WINED3D_RS_LIGHTING]) return;
    key->lighting = 1;
    for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
    {
        unsigned int type;

        if (!(state->active_light_mask & (1u << i))) continue;
        type = state->active_lights[i].type;
        if (type < WINED3D_LIGHT_POINT || type > WINED3D_LIGHT_DIRECTIONAL)
        {
            WARN("Invalid light type %u, ignoring the light.\n", type);
            continue;
        }
        key->light_type[key->light_count++] = type;
    }
    if (rs[WINED3D_RS_COLORVERTEX])
    {
        uint8_t *sources[4] = {&key->diffuse_source, &key->ambient_source, &key->specular_source, &key->emissive_source};
        static const unsigned int states[4] = {WINED3D_RS_DIFFUSEMATERIALSOURCE, WINED3D_RS_AMBIENTMATERIALSOURCE,
                WINED3D_RS_SPECULARMATERIALSOURCE, WINED3D_RS_EMISSIVEMATERIALSOURCE};

        for (i = 0; i < 4; ++i)
        {
            unsigned int source = rs[states[i]];

            /* A vertex colour the vertex does not have falls back to the material. */
            if ((source == WINED3D_MCS_COLOR1 && key->has_diffuse) || (source == WINED3D_MCS_COLOR2 && key->has_specular))
                *sources[i] = source;
        }
    }
    key->normalize = rs[WINED3D_RS_NORMALIZENORMALS] && key->has_normal;
    key->local_viewer = !!rs[WINED3D_RS_LOCALVIEWER];
    key->legacy_lighting = !!rs[WINED3D_RS_LEGACYLIGHTING];
}

static void key_stage_coords(struct wined3d_ffp_key *key, const struct wined3d_state *state, unsigned int s,
        unsigned int tex_count)
{
    struct wined3d_ffp_stage_key *st = &key->stages[s];
    const uint32_t *tss = state->texture_states[s];
    unsigned int tci = tss[WINED3D_TSS_TEXCOORDINDEX], flags = tss[WINED3D_TSS_TEXTURETRANSFORMFLAGS];
    unsigned int count = flags & 0xff;

    key_stage_texture(st, state->textures[s]);
    st->texgen = key->xyzrhw ? WINED3D_FFP_TEXGEN_PASSTHRU : (tci >> 16) & 3;
    if (st->texgen == WINED3D_FFP_TEXGEN_PASSTHRU)
    {
        st->coord_index = tci & 7;
        if (st->coord_index < tex_count)
            st->coord_size = key->texcoord_size[st->coord_index] = fvf_tex_coord_size(state->fvf, st->coord_index);
    }
    /* Cylindrical wrapping is set per coordinate set. */
    st->wrap = state->render_states[WINED3D_RS_WRAP0 + (tci & 7)] & (WINED3D_WRAP_U | WINED3D_WRAP_V);
    /* COUNT1 (and a count with no transform) leaves the coordinates alone,
     * as Direct3D does; PROJECTED divides by the component COUNTn names,
     * for pre-transformed vertices too (which get no matrix). */
    if (count >= 2)
    {
        st->transform_count = count > 4 ? 4 : count;
        st->projected = !!(flags & WINED3D_TTFF_PROJECTED);
        /* Pre-transformed: only the division remains. */
        if (key->xyzrhw && !st->projected) st->transform_count = 0;
        if ((state->render_states[WINED3D_RS_LODFROMQ] & WINED3D_LODFROMQ_ENABLE) && st->projected && st->transform_count >= 2
                && st->tex_type == WINED3D_FFP_TEX_2D)
            st->lod_from_q = 1;
    }
}

/* Whether an op needs code of its own around the stage: a bump op perturbs
 * the next stage's coordinates, premodulate reads the next stage's texture. */
static int op_needs_own_code(unsigned int op)
{
    return op_is_bump(op) || op == WINED3D_TOP_PREMODULATE;
}

/* Ops whose sum has only the k terms (op_coefs below):
 * a1 * k.x + a2 * k.y + a1 * a2 * k.z + k.w. */
static int op_is_product_sum(unsigned int op)
{
    return op >= WINED3D_TOP_SELECTARG1 && op <= WINED3D_TOP_ADDSMOOTH;
}

/* Make the stages generic where the ops allow: every active stage gets the
 * same stand-in ops, which read its texture, so that it is sampled (and a
 * generic stage always samples, wined3d_ffp_stage_samples).  With state, the
 * arguments stay (generic ops): those the op reads as they are, the others
 * the state's, whose coefficients are zero. */
/* The four arguments of stage s (COLORARG1, COLORARG2, ALPHAARG1, ALPHAARG2)
 * in canonical form, as stage_ops_from_state writes those an op reads. */
static void stage_canonical_args(uint8_t *a, const uint32_t *tss, unsigned int s)
{
    unsigned int c1 = tss[WINED3D_TSS_COLORARG1], c2 = tss[WINED3D_TSS_COLORARG2];
    unsigned int a1 = tss[WINED3D_TSS_ALPHAARG1], a2 = tss[WINED3D_TSS_ALPHAARG2];

    /* Checked on every op switch: the warnings off the common path. */
    if (((c1 & WINED3DTA_SELECTMASK) > WINED3DTA_SPECULAR) | ((c2 & WINED3DTA_SELECTMASK) > WINED3DTA_SPECULAR)
            | ((a1 & WINED3DTA_SELECTMASK) > WINED3DTA_SPECULAR) | ((a2 & WINED3DTA_SELECTMASK) > WINED3DTA_SPECULAR))
    {
        warn_invalid_arg(c1, s);
        warn_invalid_arg(c2, s);
        warn_invalid_arg(a1, s);
        warn_invalid_arg(a2, s);
    }
    a[0] = canonical_arg_quiet(c1, s, 0);
    a[1] = canonical_arg_quiet(c2, s, 0);
    a[2] = canonical_arg_quiet(a1, s, 1);
    a[3] = canonical_arg_quiet(a2, s, 1);
}

/* Stage s of a generic key (key_generic_stages), from its ops.  With args
 * (the stage's canonical arguments, stage_canonical_args) the stage gets
 * generic ops and keeps its arguments. */
static void generic_stage(struct wined3d_ffp_stage_key *st, const uint8_t *args, unsigned int s,
        int whole_sums, unsigned int generic_args)
{
    /* Ops that are sums of the arguments and their product share the short
     * form; the others need the whole sum. */
    st->sums = whole_sums || !op_is_product_sum(st->color_op) || !op_is_product_sum(st->alpha_op);
    if (args)
    {
        /* (A zero argument is DIFFUSE: ask the op what it reads.) */
        unsigned int cargs = wined3d_ffp_op_args(st->color_op), aargs = wined3d_ffp_op_args(st->alpha_op);

        if (!(cargs & 1)) st->color_arg1 = args[0];
        if (!(cargs & 2)) st->color_arg2 = args[1];
        if (!(aargs & 1)) st->alpha_arg1 = args[2];
        if (!(aargs & 2)) st->alpha_arg2 = args[3];
        /* Arguments that switch often come from the block all the same. */
        if (generic_args & WINED3D_FFP_ARG_COLOR1) st->color_arg1 = 0;
        if (generic_args & WINED3D_FFP_ARG_COLOR2) st->color_arg2 = 0;
        if (generic_args & WINED3D_FFP_ARG_ALPHA1) st->alpha_arg1 = 0;
        if (generic_args & WINED3D_FFP_ARG_ALPHA2) st->alpha_arg2 = 0;
        st->generic_args = generic_args & 0xf;
        st->color_op = st->alpha_op = WINED3D_TOP_MODULATE;
        return;
    }
    st->color_op = st->alpha_op = WINED3D_TOP_MODULATE;
    st->color_arg1 = st->alpha_arg1 = WINED3DTA_TEXTURE;
    st->color_arg2 = st->alpha_arg2 = s ? WINED3DTA_CURRENT : WINED3DTA_DIFFUSE;
}

static void key_generic_stages(struct wined3d_ffp_key *key, const struct wined3d_state *state, int whole_sums,
        const uint8_t *generic_args)
{
    unsigned int s, count = wined3d_ffp_stage_count(key);

    if (!count || count > WINED3D_FFP_GENERIC_MAX_STAGES) return;
    for (s = 0; s < count; ++s)
        if (op_needs_own_code(key->stages[s].color_op) || op_needs_own_code(key->stages[s].alpha_op))
            return;
    for (s = 0; s < count; ++s)
    {
        uint8_t args[4];

        if (state)
            stage_canonical_args(args, state->texture_states[s], s);
        generic_stage(&key->stages[s], state ? args : NULL, s, whole_sums, generic_args ? generic_args[s] : 0);
    }
    key->generic_stages = state ? WINED3D_FFP_STAGES_GENERIC_OPS : WINED3D_FFP_STAGES_GENERIC;
}

/* The ops as sums (struct wined3d_ffp_fs_uniforms, stage_coef): k, s, t,
 * by op.  Dot product 3 (flagged) and the ops that never reach a generic
 * stage are zero. */
static const float op_coefs[WINED3D_TOP_DOTPRODUCT3 + 1][3][4] =
{
    [WINED3D_TOP_SELECTARG1]                = {{1, 0, 0, 0}},
    [WINED3D_TOP_SELECTARG2]                = {{0, 1, 0, 0}},
    [WINED3D_TOP_MODULATE]                  = {{0, 0, 1, 0}},
    [WINED3D_TOP_MODULATE2X]                = {{0, 0, 2, 0}},
    [WINED3D_TOP_MODULATE4X]                = {{0, 0, 4, 0}},
    [WINED3D_TOP_ADD]                       = {{1, 1, 0, 0}},
    [WINED3D_TOP_ADDSIGNED]                 = {{1, 1, 0, -0.5f}},
    [WINED3D_TOP_ADDSIGNED2X]               = {{2, 2, 0, -1}},
    [WINED3D_TOP_SUBTRACT]                  = {{1, -1, 0, 0}},
    [WINED3D_TOP_ADDSMOOTH]                 = {{1, 1, -1, 0}},
    [WINED3D_TOP_BLENDDIFFUSEALPHA]         = {{0, 1, 0, 0}, {1, 0, 0, 0}},
    [WINED3D_TOP_BLENDTEXTUREALPHA]         = {{0, 1, 0, 0}, {0, 1, 0, 0}},
    [WINED3D_TOP_BLENDFACTORALPHA]          = {{0, 1, 0, 0}, {0, 0, 1, 0}},
    [WINED3D_TOP_BLENDCURRENTALPHA]         = {{0, 1, 0, 0}, {0, 0, 0, 1}},
    [WINED3D_TOP_BLENDTEXTUREALPHAPM]       = {{1, 1, 0, 0}, {0}, {-1, 0, 0, 0}},
    [WINED3D_TOP_MODULATEALPHA_ADDCOLOR]    = {{1, 0, 0, 0}, {0}, {0, 1, 0, 0}},
    [WINED3D_TOP_MODULATECOLOR_ADDALPHA]    = {{0, 0, 1, 0}, {0}, {0, 0, 1, 0}},
    [WINED3D_TOP_MODULATEINVALPHA_ADDCOLOR] = {{1, 1, 0, 0}, {0}, {0, -1, 0, 0}},
    [WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA] = {{0, 1, -1, 0}, {0}, {0, 0, 1, 0}},
};

static void op_coef(float (*out)[4], unsigned int op)
{
    if (op < sizeof(op_coefs) / sizeof(op_coefs[0]))
        memcpy(out, op_coefs[op], sizeof(op_coefs[0]));
    else
        memset(out, 0, sizeof(op_coefs[0]));
}

/* A generic stage's part of the fragment block. */
static void pack_stage(struct wined3d_ffp_fs_uniforms *u, unsigned int s, const struct wined3d_ffp_stage_key *st)
{
    int32_t *args = u->stage_args[s];

    args[0] = st->color_arg1 | st->color_arg2 << 8;
    args[1] = st->alpha_arg1 | st->alpha_arg2 << 8;
    args[2] = 0;
    if (wined3d_ffp_op_reads_texture(st->color_op, st->color_arg1, st->color_arg2))
        args[2] |= WINED3D_FFP_STAGE_COLOR_READS_TEXTURE;
    if (wined3d_ffp_op_reads_texture(st->alpha_op, st->alpha_arg1, st->alpha_arg2))
        args[2] |= WINED3D_FFP_STAGE_ALPHA_READS_TEXTURE;
    if (st->color_op == WINED3D_TOP_DOTPRODUCT3)
    {
        /* Without a texture to read, both channel groups pass current. */
        args[2] |= WINED3D_FFP_STAGE_DOTPRODUCT3;
        if (args[2] & WINED3D_FFP_STAGE_COLOR_READS_TEXTURE)
            args[2] |= WINED3D_FFP_STAGE_ALPHA_READS_TEXTURE;
    }
    op_coef(&u->stage_coef[s * 6], st->color_op);
    op_coef(&u->stage_coef[s * 6 + 3], st->alpha_op);
}

/* Whether stage s of the state still gives the key's stage s, for a key
 * with generic stages: a change of a stage's ops or arguments then needs
 * only the fragment block, not a key derived again (about 750 instructions
 * a draw when a game switches an op between every draw).  Stricter than
 * the derivation: a stage turned off, or an op with code of its own, says
 * no.  When it holds and u is given, stage s's part of the fragment block
 * is packed into u as wined3d_ffp_fill_fs_uniforms would pack it: the
 * stage's ops are derived once a change, not again by the fill. */
int wined3d_ffp_stage_key_holds(const struct wined3d_ffp_key *key, const struct wined3d_state *state,
        unsigned int s, int whole_sums, struct wined3d_ffp_fs_uniforms *u)
{
    struct wined3d_ffp_stage_key ops, st = key->stages[s];
    const uint32_t *tss = state->texture_states[s];
    unsigned int cop = tss[WINED3D_TSS_COLOROP];
    uint8_t args[4];

    if (!key->generic_stages || s >= wined3d_ffp_stage_count(key) || !op_valid(cop) || cop == WINED3D_TOP_DISABLE)
        return 0;
    /* What stage_ops_from_state and generic_stage write, from zero as in
     * wined3d_ffp_key_from_state; the stage's coordinates stay.  Its ops
     * with only the arguments they read are also what the fill packs. */
    stage_canonical_args(args, tss, s);
    memset(&ops, 0, sizeof(ops));
    stage_ops_from_state(&ops, tss, s, args);
    if (op_needs_own_code(ops.color_op) || op_needs_own_code(ops.alpha_op))
        return 0;
    st.color_op = ops.color_op;
    st.color_arg1 = ops.color_arg1;
    st.color_arg2 = ops.color_arg2;
    st.alpha_op = ops.alpha_op;
    st.alpha_arg1 = ops.alpha_arg1;
    st.alpha_arg2 = ops.alpha_arg2;
    st.sums = 0;
    st.generic_args = 0;
    generic_stage(&st, key->generic_stages == WINED3D_FFP_STAGES_GENERIC_OPS ? args : NULL, s, whole_sums,
            key->stages[s].generic_args);
    if (memcmp(&st, &key->stages[s], sizeof(st)))
        return 0;
    if (u)
        pack_stage(u, s, &ops);
    return 1;
}

int wined3d_ffp_stage_key_holds_memo(const struct wined3d_ffp_key *key, struct wined3d_ffp_stage_memo *memo,
        const struct wined3d_state *state, unsigned int s, int whole_sums, struct wined3d_ffp_fs_uniforms *u)
{
    const uint32_t *tss = state->texture_states[s];
    uint32_t in[6];
    unsigned int i;
    int holds;

    in[0] = tss[WINED3D_TSS_COLOROP];
    in[1] = tss[WINED3D_TSS_COLORARG1];
    in[2] = tss[WINED3D_TSS_COLORARG2];
    in[3] = tss[WINED3D_TSS_ALPHAOP];
    in[4] = tss[WINED3D_TSS_ALPHAARG1];
    in[5] = tss[WINED3D_TSS_ALPHAARG2];
    for (i = 0; i < 2; ++i)
    {
        struct wined3d_ffp_stage_memo_entry *e = &memo->entries[i];

        if (!e->valid || e->whole_sums != !!whole_sums || memcmp(e->tss, in, sizeof(in)) || (u && !e->packed))
            continue;
        if (e->holds && u)
        {
            memcpy(u->stage_args[s], e->args, sizeof(e->args));
            memcpy(u->stage_coef[s * 6], e->coef, sizeof(e->coef));
        }
        return e->holds;
    }
    holds = wined3d_ffp_stage_key_holds(key, state, s, whole_sums, u);
    {
        struct wined3d_ffp_stage_memo_entry *e = &memo->entries[memo->next];

        memo->next ^= 1;
        memcpy(e->tss, in, sizeof(in));
        e->valid = 1;
        e->whole_sums = !!whole_sums;
        e->holds = holds;
        e->packed = u || !holds;
        if (holds && u)
        {
            memcpy(e->args, u->stage_args[s], sizeof(e->args));
            memcpy(e->coef, u->stage_coef[s * 6], sizeof(e->coef));
        }
    }
    return holds;
}

void wined3d_ffp_key_from_state(struct wined3d_ffp_key *key, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info)
{
    const uint32_t *rs = state->render_states;
    uint32_t fvf = state->fvf, position = fvf & WINED3DFVF_POSITION_MASK;
    unsigned int s, i, count, tex_count, betas = 0, uses_normal = 0, uses_reflection = 0;

    memset(key, 0, sizeof(*key));

    key->xyzrhw = position == WINED3DFVF_XYZRHW;
    if (position >= WINED3DFVF_XYZB1) betas = (position - WINED3DFVF_XYZRHW) / 2;
    key->has_normal = !key->xyzrhw && (fvf & WINED3DFVF_NORMAL);
    key->has_diffuse = !!(fvf & WINED3DFVF_DIFFUSE);
    key->has_specular = !!(fvf & WINED3DFVF_SPECULAR);
    tex_count = (fvf & WINED3DFVF_TEXCOUNT_MASK) >> WINED3DFVF_TEXCOUNT_SHIFT;
    if (tex_count > 8) tex_count = 8;

    if (!key->xyzrhw && betas)
    {
        unsigned int blend = rs[WINED3D_RS_VERTEXBLEND];
        key->blend_weights = blend > 3 ? 3 : blend;
        if (key->blend_weights > betas) key->blend_weights = betas;
    }

    key_lighting(key, state);
    key->specular_enable = !!rs[WINED3D_RS_SPECULARENABLE];
    key->flat = rs[WINED3D_RS_SHADEMODE] == WINED3D_SHADE_FLAT;
    key_fog(key, rs);
    if (!key->xyzrhw && rs[WINED3D_RS_CLIPPING])
        key->clip_planes = rs[WINED3D_RS_CLIPPLANEENABLE] & ((1u << WINED3D_FFP_MAX_CLIP_PLANES) - 1);
    if (rs[WINED3D_RS_ALPHATESTENABLE] && rs[WINED3D_RS_ALPHAFUNC] >= WINED3D_CMP_NEVER
            && rs[WINED3D_RS_ALPHAFUNC] < WINED3D_CMP_ALWAYS && !(info && (info->flags & WINED3D_FFP_ALPHA_PASSES)))
        key->alpha_func = rs[WINED3D_RS_ALPHAFUNC];
    if (rs[WINED3D_RS_COLORKEYENABLE] && info && info->color_key && state->textures[0])
        key->color_key = rs[WINED3D_RS_COLORKEYBLENDENABLE] ? 2 : 1;
    key->w_buffer = rs[WINED3D_RS_ZENABLE] == WINED3D_ZB_USEW;
    key->noperspective = key->xyzrhw && info && (info->flags & WINED3D_FFP_RHW_FLAT);
    /* Each primitive of one colour: flat gives that colour as interpolation
     * without perspective gives it (with perspective it may differ in the
     * last bit, so only then). */
    if (key->noperspective && (info->flags & WINED3D_FFP_COLOUR_FLAT))
        key->flat = 1;
    if (rs[WINED3D_RS_ALPHABLENDENABLE] && (rs[WINED3D_RS_SHADERBLEND] & WINED3D_SHADERBLEND_ENABLE))
    {
        unsigned int i, sel = 0;
        /* Selector 3 means what 2 means (zero, or the factor for C). */
        for (i = 0; i < 4; ++i)
        {
            unsigned int v = (rs[WINED3D_RS_SHADERBLEND] >> (2 * i)) & 3;
            sel |= (v == 3 ? 2 : v) << (2 * i);
        }
        key->shader_blend = 1;
        key->shader_blend_sel = sel;
    }

    /* Texture stages up to the first disabled one. */
    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
    {
        unsigned int cop = state->texture_states[s][WINED3D_TSS_COLOROP];

        if (!op_valid(cop) || cop == WINED3D_TOP_DISABLE)
        {
            if (cop != WINED3D_TOP_DISABLE) WARN("Invalid colour op %u on stage %u.\n", cop, s);
            break;
        }
        stage_ops_from_state(&key->stages[s], state->texture_states[s], s, NULL);
    }
    if (info && (info->flags & WINED3D_FFP_GENERIC_STAGES))
        key_generic_stages(key, NULL, !!(info->flags & WINED3D_FFP_WHOLE_SUMS), NULL);
    else if (info && (info->flags & WINED3D_FFP_GENERIC_OPS))
        key_generic_stages(key, state, !!(info->flags & WINED3D_FFP_WHOLE_SUMS), info->generic_args);
    /* Only stages that are on sample, and stage 0 for the colour key. */
    count = wined3d_ffp_stage_count(key);
    for (s = 0; s < (count ? count : 1); ++s)
    {
        if (!stage_samples(key, s, count)) continue;
        key_stage_coords(key, state, s, tex_count);
        if (key->stages[s].texgen == WINED3D_FFP_TEXGEN_CAMERASPACENORMAL) uses_normal = 1;
        if (key->stages[s].texgen == WINED3D_FFP_TEXGEN_CAMERASPACEREFLECTIONVECTOR) uses_normal = uses_reflection = 1;
    }

    /* Canonical form: drop what the code will not read. */
    if (!key->lighting && !uses_normal) key->has_normal = 0;
    if (key->lighting && !key->has_normal) key->normalize = 0;
    if (!(key->lighting && key->specular_enable) && !uses_reflection) key->local_viewer = 0;
    if (key->lighting)
    {
        int diffuse_used = 0;
        for (i = 0; i < 4; ++i)
        {
            const uint8_t src[4] = {key->diffuse_source, key->ambient_source, key->specular_source, key->emissive_source};
            if (src[i] == WINED3D_MCS_COLOR1) diffuse_used = 1;
        }
        if (!diffuse_used) key->has_diffuse = 0;
    }
}

uint32_t wined3d_ffp_key_hash(const struct wined3d_ffp_key *key)
{
    const unsigned char *p = (const unsigned char *)key;
    uint32_t hash = 2166136261u, word;
    size_t i;

    /* FNV-1a over 32-bit words (the key is bytes: memcpy for alignment),
     * then the tail bytes. */
    for (i = 0; i + 4 <= sizeof(*key); i += 4)
    {
        memcpy(&word, p + i, 4);
        hash = (hash ^ word) * 16777619u;
    }
    for (; i < sizeof(*key); ++i)
        hash = (hash ^ p[i]) * 16777619u;
    /* Fold the high bits down: the table index is hash % a small size. */
    return hash ^ (hash >> 16);
}

/* ---------------------------------------------------------------------- */
/* Uniforms.                                                               */

/* Row i of the product is the sum over k of a[i][k] times row k of b: four
 * rows of four lanes each.  The sums start at 0 and add the products in k's
 * order, as the scalar loop does, so both give the same bits (no fused
 * multiply-add on x86-64's baseline).  A joined draw of its own world matrix
 * computes this once a draw (tools/bench-findings.md, eleventh pass). */
static void matrix_multiply(float *out, const struct wined3d_matrix *a, const struct wined3d_matrix *b)
{
    const float *pa = &a->_11, *pb = &b->_11;
    unsigned int i;
#ifdef __SSE2__
    const __m128 b0 = _mm_loadu_ps(pb), b1 = _mm_loadu_ps(pb + 4), b2 = _mm_loadu_ps(pb + 8), b3 = _mm_loadu_ps(pb + 12);
    __m128 r[4];

    for (i = 0; i < 4; ++i)
    {
        __m128 sum = _mm_add_ps(_mm_setzero_ps(), _mm_mul_ps(_mm_set1_ps(pa[i * 4]), b0));

        sum = _mm_add_ps(sum, _mm_mul_ps(_mm_set1_ps(pa[i * 4 + 1]), b1));
        sum = _mm_add_ps(sum, _mm_mul_ps(_mm_set1_ps(pa[i * 4 + 2]), b2));
        r[i] = _mm_add_ps(sum, _mm_mul_ps(_mm_set1_ps(pa[i * 4 + 3]), b3));
    }
    /* out may be a or b. */
    for (i = 0; i < 4; ++i)
        _mm_storeu_ps(out + 4 * i, r[i]);
#else
    float r[16];
    unsigned int j, k;

    for (i = 0; i < 4; ++i)
        for (j = 0; j < 4; ++j)
        {
            float sum = 0.0f;
            for (k = 0; k < 4; ++k) sum += pa[i * 4 + k] * pb[k * 4 + j];
            r[i * 4 + j] = sum;
        }
    memcpy(out, r, sizeof(r));
#endif
}

/* Inverse transpose of the upper 3x3 (row-vector convention), as a 4x4;
 * the 3x3 itself when it is singular. */
static void normal_matrix_3x3(float *out, const float *m)
{
    float a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
    float c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g;
    float c10 = -(b * i - c * h), c11 = a * i - c * g, c12 = -(a * h - b * g);
    float c20 = b * f - c * e, c21 = -(a * f - c * d), c22 = a * e - b * d;
    float det = a * c00 + b * c01 + c * c02;

    memset(out, 0, 16 * sizeof(float));
    out[15] = 1.0f;
    if (fabsf(det) < 1e-30f)
    {
        memcpy(out, m, 3 * sizeof(float));
        memcpy(out + 4, m + 4, 3 * sizeof(float));
        memcpy(out + 8, m + 8, 3 * sizeof(float));
        return;
    }
    det = 1.0f / det;
    /* inverse = adjugate / det, adjugate = cofactor^T; its transpose is the
     * cofactor matrix itself. */
    out[0] = c00 * det; out[1] = c01 * det; out[2] = c02 * det;
    out[4] = c10 * det; out[5] = c11 * det; out[6] = c12 * det;
    out[8] = c20 * det; out[9] = c21 * det; out[10] = c22 * det;
}

static int matrix_invert(float *out, const float *m);

/* Entries of the adjugate of m (the inverse times the determinant) that
 * the normal matrix reads, with matrix_invert's expressions: the same
 * products in the same order, so the same bits wherever they are used. */
static inline float adjugate0(const float *m)
{
    return m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
}

static inline float adjugate4(const float *m)
{
    return -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
}

static inline float adjugate8(const float *m)
{
    return m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
}

static inline float adjugate12(const float *m)
{
    return -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
}

static inline float adjugate1(const float *m)
{
    return -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
}

static inline float adjugate5(const float *m)
{
    return m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
}

static inline float adjugate9(const float *m)
{
    return -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
}

static inline float adjugate2(const float *m)
{
    return m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
}

static inline float adjugate6(const float *m)
{
    return -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
}

static inline float adjugate10(const float *m)
{
    return m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
}

/* The normal matrix's 3x3 (the transpose of the inverse's upper 3x3) as
 * matrix_invert gives it, without the six cofactors a normal never reads
 * (a joined draw computes one per world matrix).  0 when m is singular,
 * out untouched. */
static int normal_matrix_invert(float *out, const float *m)
{
    float inv0 = adjugate0(m), inv4 = adjugate4(m), inv8 = adjugate8(m), inv12 = adjugate12(m);
    float inv1 = adjugate1(m), inv5 = adjugate5(m), inv9 = adjugate9(m);
    float inv2 = adjugate2(m), inv6 = adjugate6(m), inv10 = adjugate10(m);
    float det = m[0] * inv0 + m[1] * inv4 + m[2] * inv8 + m[3] * inv12;

    if (fabsf(det) < 1e-30f) return 0;
    det = 1.0f / det;
    out[0] = inv0 * det; out[1] = inv4 * det; out[2] = inv8 * det;
    out[4] = inv1 * det; out[5] = inv5 * det; out[6] = inv9 * det;
    out[8] = inv2 * det; out[9] = inv6 * det; out[10] = inv10 * det;
    return 1;
}

/* Whether m is affine (its last column 0, 0, 0, 1) with finite entries:
 * then every term of normal_matrix_invert's cofactors that reads m[3],
 * m[7], m[11] is a zero and m[15] a factor of 1. */
static int matrix_is_finite_affine(const float *m)
{
#ifdef __SSE2__
    const __m128 zero = _mm_setzero_ps();
    __m128 r0 = _mm_loadu_ps(m), r1 = _mm_loadu_ps(m + 4), r2 = _mm_loadu_ps(m + 8), r3 = _mm_loadu_ps(m + 12);
    /* x * 0 is 0 for a finite x, NaN for an infinity or NaN. */
    __m128 finite = _mm_and_ps(_mm_and_ps(_mm_cmpeq_ps(_mm_mul_ps(r0, zero), zero),
            _mm_cmpeq_ps(_mm_mul_ps(r1, zero), zero)), _mm_and_ps(_mm_cmpeq_ps(_mm_mul_ps(r2, zero), zero),
            _mm_cmpeq_ps(_mm_mul_ps(r3, zero), zero)));

    return _mm_movemask_ps(finite) == 0xf && m[3] == 0.0f && m[7] == 0.0f && m[11] == 0.0f && m[15] == 1.0f;
#else
    unsigned int i;

    if (m[3] != 0.0f || m[7] != 0.0f || m[11] != 0.0f || m[15] != 1.0f)
        return 0;
    for (i = 0; i < 15; ++i)
        if (!isfinite(m[i]))
            return 0;
    return 1;
#endif
}

/* -0.0f, the one zero whose sign normal_matrix_affine's short cofactors
 * may get wrong.  x + -0 is x and a difference of equal non-zero values
 * is +0, so +0 stays +0 whatever zeros the whole expression adds. */
static inline int is_negative_zero(float x)
{
    uint32_t bits;

    memcpy(&bits, &x, sizeof(bits));
    return bits == 0x80000000u;
}

/* normal_matrix_invert for a finite affine m (matrix_is_finite_affine):
 * each cofactor is its two terms that do not read the last column, in
 * their order there, and the determinant drops a product with m[3].  A
 * term of zero added to or taken from a non-zero value leaves it as it is,
 * and a factor of 1 changes no product, so the bits are normal_matrix_invert's.
 * A cofactor that comes out zero (a rotation about one axis has four) may
 * differ in its sign, which the zero terms decide: a sum of zeros is -0
 * only when every term is, so where the two terms give +0 the whole does
 * too, and only a -0 is computed whole (is_negative_zero).
 * A joined draw with its own world matrix computes one of these. */
static int normal_matrix_affine(float *out, const float *m)
{
    float inv0 = m[5] * m[10] - m[9] * m[6];
    float inv4 = -m[4] * m[10] + m[8] * m[6];
    float inv8 = m[4] * m[9] - m[8] * m[5];
    float inv1 = -m[1] * m[10] + m[9] * m[2];
    float inv5 = m[0] * m[10] - m[8] * m[2];
    float inv9 = -m[0] * m[9] + m[8] * m[1];
    float inv2 = m[1] * m[6] - m[5] * m[2];
    float inv6 = -m[0] * m[6] + m[4] * m[2];
    float inv10 = m[0] * m[5] - m[4] * m[1];
    float det;

    /* matrix_invert's expressions. */
    if (is_negative_zero(inv0))
        inv0 = adjugate0(m);
    if (is_negative_zero(inv4))
        inv4 = adjugate4(m);
    if (is_negative_zero(inv8))
        inv8 = adjugate8(m);
    if (is_negative_zero(inv1))
        inv1 = adjugate1(m);
    if (is_negative_zero(inv5))
        inv5 = adjugate5(m);
    if (is_negative_zero(inv9))
        inv9 = adjugate9(m);
    if (is_negative_zero(inv2))
        inv2 = adjugate2(m);
    if (is_negative_zero(inv6))
        inv6 = adjugate6(m);
    if (is_negative_zero(inv10))
        inv10 = adjugate10(m);
    det = m[0] * inv0 + m[1] * inv4 + m[2] * inv8;
    if (fabsf(det) < 1e-30f) return 0;
    det = 1.0f / det;
    out[0] = inv0 * det; out[1] = inv4 * det; out[2] = inv8 * det;
    out[4] = inv1 * det; out[5] = inv5 * det; out[6] = inv9 * det;
    out[8] = inv2 * det; out[9] = inv6 * det; out[10] = inv10 * det;
    return 1;
}

/* The normal matrix of modelview m, as a 4x4 (row-vector convention).
 * Direct3D 7 transposes the inverse of the whole 4x4, so that a
 * non-affine matrix changes normals too (Wine's ddraw7.c test_lighting:
 * with _34 = -1 and _44 = 0 a normal along z becomes 0); a singular one
 * leaves them as they are.  Direct3D 1-6 (legacy) use the inverse
 * transpose of the upper 3x3, and that 3x3 itself when it is singular
 * (ddraw1/2/4.c test_lighting). */
static void normal_matrix(float *out, const float *m, int legacy)
{
    if (!legacy)
    {
        memset(out, 0, 16 * sizeof(float));
        out[15] = 1.0f;
        if (!(matrix_is_finite_affine(m) ? normal_matrix_affine(out, m) : normal_matrix_invert(out, m)))
            out[0] = out[5] = out[10] = 1.0f;
        return;
    }
    normal_matrix_3x3(out, m);
}

static int matrix_invert(float *out, const float *m)
{
    float inv[16], det;
    unsigned int i;

    inv[0] = adjugate0(m);
    inv[4] = adjugate4(m);
    inv[8] = adjugate8(m);
    inv[12] = adjugate12(m);
    inv[1] = adjugate1(m);
    inv[5] = adjugate5(m);
    inv[9] = adjugate9(m);
    inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
    inv[2] = adjugate2(m);
    inv[6] = adjugate6(m);
    inv[10] = adjugate10(m);
    inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
    inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
    inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
    inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
    inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];

    det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
    if (fabsf(det) < 1e-30f) return 0;
    det = 1.0f / det;
    for (i = 0; i < 16; ++i) out[i] = inv[i] * det;
    return 1;
}

static void color_from_argb(float *out, uint32_t argb)
{
    out[0] = ((argb >> 16) & 0xff) / 255.0f;
    out[1] = ((argb >> 8) & 0xff) / 255.0f;
    out[2] = (argb & 0xff) / 255.0f;
    out[3] = ((argb >> 24) & 0xff) / 255.0f;
}

static void color_from_value(float *out, const struct wined3d_color *c)
{
    out[0] = c->r;
    out[1] = c->g;
    out[2] = c->b;
    out[3] = c->a;
}

static unsigned int mask_shift(uint32_t mask)
{
    unsigned int shift = 0;
    while (mask && !(mask & 1)) { mask >>= 1; ++shift; }
    return shift;
}

/* Per channel, the texel values that match the key range, half a step of
 * the channel's precision wider on each side. */
static void fill_color_key(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info)
{
    const struct wined3d_format_info *format;
    struct wined3d_color_key key;
    struct wined3d_texture_desc desc;
    int palettised;
    uint32_t masks[4];
    unsigned int c;

    /* Never matches. */
    for (c = 0; c < 4; ++c)
    {
        u->color_key_low[c] = 2.0f;
        u->color_key_high[c] = -1.0f;
    }
    if (!info || !info->color_key || !state->textures[0]) return;
    wined3d_texture_get_desc(state->textures[0], &desc);
    if (!(format = wined3d_get_format_info(desc.format)))
        return;
    key = *info->color_key;
    if ((palettised = format->palettised))
    {
        /* The key is a palette index; the texel's colour (the palette
         * entry, as expanded) is compared with that entry's colour. */
        struct wined3d_palette *palette = wined3d_texture_get_palette(state->textures[0]);
        uint32_t argb;

        if (key.high != key.low)
            FIXME("Colour key range %u-%u on a palettised texture: index %u only.\n", key.low, key.high, key.low);
        if (!palette || wined3d_palette_get_entries(palette, key.low & 0xff, 1, &argb) != WINED3D_OK)
            return;
        key.low = key.high = argb;
        format = wined3d_get_format_info(WINED3DFMT_A8R8G8B8);
    }
    else if (format->compressed)
    {
        /* DXT colours are R5G6B5 in the blocks: the key is one too, and a
         * decoded texel matches within half a 5/6-bit step. */
        format = wined3d_get_format_info(WINED3DFMT_R5G6B5);
    }
    if (!format || !(format->red_mask | format->green_mask | format->blue_mask | format->alpha_mask))
    {
        FIXME("Colour key on format %d is not supported in the shader.\n", desc.format);
        return;
    }
    masks[0] = format->red_mask;
    masks[1] = format->luminance ? format->red_mask : format->green_mask;
    masks[2] = format->luminance ? format->red_mask : format->blue_mask;
    /* The key compares alpha too where the format has it (Windows' drivers
     * do; Wine's ddraw1.c test_ck_rgba accepts ignoring it as broken only);
     * a palette index key compares the colour. */
    masks[3] = palettised ? 0 : format->alpha_mask;
    for (c = 0; c < 4; ++c)
    {
        unsigned int shift = mask_shift(masks[c]);
        float max = masks[c] ? (float)(masks[c] >> shift) : 1.0f;

        if (!masks[c])
        {
            u->color_key_low[c] = -1.0f;
            u->color_key_high[c] = 2.0f;
            continue;
        }
        u->color_key_low[c] = (((key.low & masks[c]) >> shift) - 0.5f) / max;
        u->color_key_high[c] = (((key.high & masks[c]) >> shift) + 0.5f) / max;
    }
}

static void fill_lights(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state)
{
    const struct wined3d_matrix *view = &state->transforms[WINED3D_TS_VIEW];
    const float *v = &view->_11;
    unsigned int i, slot = 0;

    color_from_argb(u->global_ambient, state->render_states[WINED3D_RS_AMBIENT]);
    color_from_value(u->material_diffuse, &state->material.diffuse);
    color_from_value(u->material_ambient, &state->material.ambient);
    color_from_value(u->material_specular, &state->material.specular);
    color_from_value(u->material_emissive, &state->material.emissive);
    u->material_power[0] = state->material.power;

    for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS && slot < WINED3D_FFP_MAX_LIGHTS; ++i)
    {
        const struct wined3d_light *light = &state->active_lights[i];
        struct wined3d_ffp_light_uniforms *l = &u->lights[slot];
        float p[3] = {light->position.x, light->position.y, light->position.z};
        float d[3] = {light->direction.x, light->direction.y, light->direction.z}, len;
        unsigned int k;

        if (!(state->active_light_mask & (1u << i))) continue;
        if (light->type < WINED3D_LIGHT_POINT || light->type > WINED3D_LIGHT_DIRECTIONAL) continue;
        ++slot;
        color_from_value(l->diffuse, &light->diffuse);
        color_from_value(l->specular, &light->specular);
        color_from_value(l->ambient, &light->ambient);
        /* Light positions and directions are in world space. */
        for (k = 0; k < 3; ++k)
        {
            l->position[k] = p[0] * v[k] + p[1] * v[4 + k] + p[2] * v[8 + k] + v[12 + k];
            l->direction[k] = d[0] * v[k] + d[1] * v[4 + k] + d[2] * v[8 + k];
        }
        l->position[3] = 1.0f;
        len = sqrtf(l->direction[0] * l->direction[0] + l->direction[1] * l->direction[1]
                + l->direction[2] * l->direction[2]);
        if (len > 0.0f)
            for (k = 0; k < 3; ++k) l->direction[k] /= len;
        l->range_falloff[0] = light->range;
        l->range_falloff[1] = light->falloff;
        l->range_falloff[2] = cosf(light->theta / 2.0f);
        l->range_falloff[3] = cosf(light->phi / 2.0f);
        l->attenuation[0] = light->attenuation0;
        l->attenuation[1] = light->attenuation1;
        l->attenuation[2] = light->attenuation2;
    }
}

/* Start, end, density and 1 / (end - start): both blocks have them (vertex
 * and table fog). */
static void fill_fog_params(float *params, const struct wined3d_state *state)
{
    const uint32_t *rs = state->render_states;
    float start = wined3d_dword_to_float(rs[WINED3D_RS_FOGSTART]);
    float end = wined3d_dword_to_float(rs[WINED3D_RS_FOGEND]);

    params[0] = start;
    params[1] = end;
    params[2] = wined3d_dword_to_float(rs[WINED3D_RS_FOGDENSITY]);
    /* start == end: everything from "end" on is fogged, nothing before. */
    params[3] = end != start ? 1.0f / (end - start) : 1e30f;
}

static void fill_fog(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state)
{
    const uint32_t *rs = state->render_states;
    const struct wined3d_matrix *proj = &state->transforms[WINED3D_TS_PROJECTION];
    uint32_t position = state->fvf & WINED3DFVF_POSITION_MASK;

    color_from_argb(u->fog_color, rs[WINED3D_RS_FOGCOLOR]);
    fill_fog_params(u->fog_params, state);
    /* Table fog is eye-relative (w) with a perspective projection and
     * z-based with an affine one; pre-transformed vertices use z. */
    u->fog_source[0] = (position != WINED3DFVF_XYZRHW && !(proj->_14 == 0.0f && proj->_24 == 0.0f
            && proj->_34 == 0.0f && proj->_44 == 1.0f)) ? 1.0f : 0.0f;
}

static const unsigned int ffp_worlds[4] = {WINED3D_TS_WORLD, WINED3D_TS_WORLD1, WINED3D_TS_WORLD2, WINED3D_TS_WORLD3};

static void fill_world(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state, unsigned int i)
{
    matrix_multiply(u->modelview[i], &state->transforms[ffp_worlds[i]], &state->transforms[WINED3D_TS_VIEW]);
    normal_matrix(u->normal_matrix[i], u->modelview[i], !!state->render_states[WINED3D_RS_LEGACYLIGHTING]);
}

void wined3d_ffp_world_matrices(float matrices[32], const struct wined3d_matrix *world,
        const struct wined3d_matrix *view, int legacy)
{
    matrix_multiply(matrices, world, view);
    normal_matrix(matrices + 16, matrices, legacy);
}

/* The transforms that do not depend on a world matrix. */
static void fill_other_transforms(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state)
{
    float view_inverse[16];
    unsigned int i, k;

    memcpy(u->projection, &state->transforms[WINED3D_TS_PROJECTION]._11, sizeof(u->projection));
    for (i = 0; i < WINED3D_FFP_MAX_STAGES; ++i)
        memcpy(u->texture_matrix[i], &state->transforms[WINED3D_TS_TEXTURE(i)]._11, sizeof(u->texture_matrix[i]));

    /* Clip planes are given in world space: plane_eye = view^-1 * plane. */
    if (!matrix_invert(view_inverse, &state->transforms[WINED3D_TS_VIEW]._11))
    {
        WARN("Singular view matrix.\n");
        memset(view_inverse, 0, sizeof(view_inverse));
        view_inverse[0] = view_inverse[5] = view_inverse[10] = view_inverse[15] = 1.0f;
    }
    for (i = 0; i < WINED3D_FFP_MAX_CLIP_PLANES; ++i)
    {
        const float *p = &state->clip_planes[i].x;
        for (k = 0; k < 4; ++k)
            u->clip_planes[i][k] = view_inverse[k * 4] * p[0] + view_inverse[k * 4 + 1] * p[1]
                    + view_inverse[k * 4 + 2] * p[2] + view_inverse[k * 4 + 3] * p[3];
    }
}

static void fill_transforms(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state, unsigned int parts)
{
    unsigned int i;

    for (i = 0; i < 4; ++i)
        if (parts & (WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_WORLD(i)))
            fill_world(u, state, i);
    if (parts & (WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_OTHER_TRANSFORMS))
        fill_other_transforms(u, state);
}

/* From Direct3D's clip space and pixel grid to GL's, and pre-transformed
 * vertices to NDC. */
static void fill_viewport(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state, uint32_t flags)
{
    const struct wined3d_viewport *vp = &state->viewport;
    float vw = vp->width ? (float)vp->width : 1.0f, vh = vp->height ? (float)vp->height : 1.0f;
    float depth_range, near_z, far_z, z_scale = 1.0f, z_scale_lo = 0.0f;
    unsigned int scale = (flags & WINED3D_FFP_SCALE_MASK) >> WINED3D_FFP_SCALE_SHIFT;

    /* Direct3D samples pixels at integer coordinates, GL at +0.5.  Shift
     * by a little less than half a pixel so an edge on an integer lands
     * clearly before the sample: top and left edges cover their pixels,
     * bottom and right ones do not, whatever GL's own tie rule.  A target
     * drawn at a larger scale is shifted by half of its own pixel: an edge
     * on an integer then falls between two of the program's pixels' blocks
     * and the picture scaled down covers what it covers at scale 1. */
    if (scale > 1)
    {
        vw *= scale;
        vh *= scale;
    }
    u->clip_fixup[0] = (flags & WINED3D_FFP_FLIP_Y) ? -1.0f : 1.0f;
    u->clip_fixup[1] = (63.0f / 64.0f) / vw;
    u->clip_fixup[2] = -(63.0f / 64.0f) / vh;
    if (scale > 1)
    {
        vw /= scale;
        vh /= scale;
    }
    u->z_fixup[0] = (flags & WINED3D_FFP_NO_CLIP_CONTROL) ? 2.0f : 1.0f;
    u->z_fixup[1] = (flags & WINED3D_FFP_NO_CLIP_CONTROL) ? -1.0f : 0.0f;

    /* Pre-transformed x, y are render-target pixels; the GL viewport is the
     * Direct3D viewport. */
    u->rhw_scale[0] = 2.0f / vw;
    u->rhw_scale[1] = -2.0f / vh;
    u->rhw_scale[2] = -1.0f - 2.0f * vp->x / vw;
    u->rhw_scale[3] = 1.0f + 2.0f * vp->y / vh;
    /* Their z reaches the depth buffer unscaled: undo glDepthRange(minZ, maxZ). */
    /* Integer z (the GS's): z / (2^n - 1) = z * 2^-n + z * 2^-2n + ..., two
     * terms with exactly representable factors, so the sum rounds to the
     * float nearest the exact quotient and GL's conversion back to n bits
     * gives z again, up to 2^24 - 1 (a float reciprocal of 2^24 - 1 is off
     * by one step at the top of the range). */
    if (state->render_states[WINED3D_RS_ZINTEGERBITS] == 16)
    {
        z_scale = 1.0f / 65536.0f;
        z_scale_lo = 1.0f / 4294967296.0f;
    }
    else if (state->render_states[WINED3D_RS_ZINTEGERBITS] == 24)
    {
        z_scale = 1.0f / 16777216.0f;
        z_scale_lo = z_scale * z_scale;
    }
    /* The range GL uses: state_viewport's (an inverted one is widened to
     * 0.001 there), which glDepthRange clamps to 0..1 (a viewport to 7.5
     * must not scale z by 1 / 7.5). An empty one leaves z at minZ (rhw_z
     * stays 0). */
    near_z = vp->min_z < 0.0f ? 0.0f : vp->min_z > 1.0f ? 1.0f : vp->min_z;
    far_z = vp->max_z > vp->min_z ? vp->max_z : vp->min_z + 0.001f;
    far_z = far_z < 0.0f ? 0.0f : far_z > 1.0f ? 1.0f : far_z;
    depth_range = far_z - near_z;
    if (depth_range > 1e-7f)
    {
        u->rhw_z[0] = z_scale / depth_range;
        u->rhw_z[1] = -near_z / depth_range;
        u->rhw_z[2] = z_scale_lo / depth_range;
    }
}

/* The stages that are on: up to the first disabled one. */
static unsigned int state_stage_count(const struct wined3d_state *state)
{
    unsigned int s, cop;

    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
        if (!op_valid(cop = state->texture_states[s][WINED3D_TSS_COLOROP]) || cop == WINED3D_TOP_DISABLE)
            break;
    return s;
}

/* The bump-mapping matrices, when one of the count stages that are on maps
 * bumps: answers whether it filled them. */
static int fill_bumpenv(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state, unsigned int count)
{
    unsigned int i, bump = 0;

    for (i = 0; i < count; ++i)
        bump |= op_is_bump(state->texture_states[i][WINED3D_TSS_COLOROP]);
    if (!bump)
        return 0;
    for (i = 0; i < WINED3D_FFP_MAX_STAGES; ++i)
    {
        const uint32_t *tss = state->texture_states[i];
        u->bumpenv_matrix[i][0] = wined3d_dword_to_float(tss[WINED3D_TSS_BUMPENVMAT00]);
        u->bumpenv_matrix[i][1] = wined3d_dword_to_float(tss[WINED3D_TSS_BUMPENVMAT01]);
        u->bumpenv_matrix[i][2] = wined3d_dword_to_float(tss[WINED3D_TSS_BUMPENVMAT10]);
        u->bumpenv_matrix[i][3] = wined3d_dword_to_float(tss[WINED3D_TSS_BUMPENVMAT11]);
        u->bumpenv_luminance[i][0] = wined3d_dword_to_float(tss[WINED3D_TSS_BUMPENVLSCALE]);
        u->bumpenv_luminance[i][1] = wined3d_dword_to_float(tss[WINED3D_TSS_BUMPENVLOFFSET]);
        u->bumpenv_luminance[i][2] = u->bumpenv_luminance[i][3] = 0.0f;
    }
    return 1;
}

/* w-buffer: w at the near and far planes of the projection matrix. */
static void fill_w_range(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state)
{
    const struct wined3d_matrix *proj = &state->transforms[WINED3D_TS_PROJECTION];
    float zn = 0.0f, zf = 1.0f, wn, wf;

    if (proj->_33 != 0.0f && proj->_33 != 1.0f)
    {
        zn = -proj->_43 / proj->_33;
        zf = proj->_43 / (1.0f - proj->_33);
    }
    wn = zn * proj->_34 + proj->_44;
    wf = zf * proj->_34 + proj->_44;
    if (wf == wn) wf = wn + 1.0f;
    u->w_range[0] = wn;
    u->w_range[1] = 1.0f / (wf - wn);
}

/* WINED3D_RS_LODFROMQ: K in 1/16 (signed 12 bits), scale 2^L, or 0 when fixed. */
static void fill_lod(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state)
{
    uint32_t v = state->render_states[WINED3D_RS_LODFROMQ];
    int32_t k = (int32_t)(v & 0xfff);

    if (k & 0x800) k -= 0x1000;
    u->lod_params[0] = k / 16.0f;
    u->lod_params[1] = (v & (1u << 14)) ? 0.0f : (float)(1u << ((v >> 12) & 3));
}

void wined3d_ffp_fill_uniforms(struct wined3d_ffp_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info)
{
    /* The whole fragment block is defined: zero after what the fill wrote. */
    memset(&u->fs, 0, sizeof(u->fs));
    wined3d_ffp_fill_vs_uniforms(&u->vs, state, info);
    wined3d_ffp_fill_fs_uniforms(&u->fs, state, info);
}

void wined3d_ffp_fill_vs_uniforms(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info)
{
    memset(u, 0, sizeof(*u));
    wined3d_ffp_update_vs_uniforms(u, state, info, WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_LIGHTS
            | WINED3D_FFP_VS_VIEWPORT_FOG);
}

/* Reads only what struct wined3d_ffp_vs_inputs copies, and each part only
 * the inputs that wined3d_ffp_vs_inputs_update() reports it under: keep
 * the three in step. */
void wined3d_ffp_update_vs_uniforms(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info, unsigned int parts)
{
    /* Every member a part owns is written or zeroed here, so the result
     * equals a fill from scratch. */
    if (parts & WINED3D_FFP_VS_ANY_TRANSFORM)
        fill_transforms(u, state, parts);
    if (parts & WINED3D_FFP_VS_LIGHTS)
    {
        memset(u->material_diffuse, 0, sizeof(*u) - offsetof(struct wined3d_ffp_vs_uniforms, material_diffuse));
        fill_lights(u, state);
    }
    if (parts & WINED3D_FFP_VS_VIEWPORT_FOG)
    {
        memset(u->clip_fixup, 0, offsetof(struct wined3d_ffp_vs_uniforms, material_diffuse)
                - offsetof(struct wined3d_ffp_vs_uniforms, clip_fixup));
        fill_viewport(u, state, info ? info->flags : 0);
        fill_fog_params(u->fog_params, state);
    }
}

/* The generic stages of the first count stages (those that are on). */
static unsigned int fill_generic_stages(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state,
        unsigned int count)
{
    unsigned int s;

    if (count > WINED3D_FFP_GENERIC_MAX_STAGES)
        count = WINED3D_FFP_GENERIC_MAX_STAGES;
    for (s = 0; s < count; ++s)
    {
        struct wined3d_ffp_stage_key st;

        memset(&st, 0, sizeof(st));
        stage_ops_from_state(&st, state->texture_states[s], s, NULL);
        pack_stage(u, s, &st);
    }
    return s;
}

/* The fragment block up to the end of what the program reads: a draw that
 * changes a stage's op then compares and sends a few hundred bytes, not the
 * whole block.  Generic stages' arguments and sums lie after the constants,
 * the bump matrices of all eight stages last. */
size_t wined3d_ffp_fill_fs_uniforms(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info)
{
    size_t used = offsetof(struct wined3d_ffp_fs_uniforms, stage_args);
    unsigned int count = state_stage_count(state), n;

    memset(u, 0, used);
    color_from_argb(u->texture_factor, state->render_states[WINED3D_RS_TEXTUREFACTOR]);
    fill_fog(u, state);
    u->alpha_ref[0] = (float)(state->render_states[WINED3D_RS_ALPHAREF] & 0xff);
    fill_color_key(u, state, info);
    fill_w_range(u, state);
    color_from_argb(u->blend_factor, state->render_states[WINED3D_RS_BLENDFACTOR]);
    fill_lod(u, state);
    if (info && (info->flags & (WINED3D_FFP_GENERIC_STAGES | WINED3D_FFP_GENERIC_OPS)))
    {
        memset(u->stage_args, 0, sizeof(u->stage_args));
        if ((n = fill_generic_stages(u, state, count)))
            used = offsetof(struct wined3d_ffp_fs_uniforms, stage_coef) + n * 6 * sizeof(u->stage_coef[0]);
    }
    if (fill_bumpenv(u, state, count))
    {
        /* Everything before the matrices is defined too. */
        memset((char *)u + used, 0, offsetof(struct wined3d_ffp_fs_uniforms, bumpenv_matrix) - used);
        used = offsetof(struct wined3d_ffp_fs_uniforms, slot_blend);
    }
    return used;
}

int wined3d_ffp_update_fs_uniforms(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info, unsigned int parts, size_t *used, size_t *lo, size_t *hi)
{
    size_t first = sizeof(*u), last = 0;
    unsigned int count, s, n;

    if (parts & ~(WINED3D_FFP_FS_TEXTURE_FACTOR | WINED3D_FFP_FS_ALPHA_REF | WINED3D_FFP_FS_STAGES
            | WINED3D_FFP_FS_STAGES_PACKED))
        return 0;
    if ((parts & (WINED3D_FFP_FS_STAGES | WINED3D_FFP_FS_STAGES_PACKED)) == WINED3D_FFP_FS_STAGES_PACKED)
    {
        /* The stages that changed are packed, the others as filled last,
         * and as many are on (else the key would not have held). */
        if (*used <= offsetof(struct wined3d_ffp_fs_uniforms, stage_coef))
            return 0;
        first = offsetof(struct wined3d_ffp_fs_uniforms, stage_args);
        last = *used;
    }
    else if (parts & WINED3D_FFP_FS_STAGES)
    {
        /* The bump matrices make the fill zero the gap before them. */
        count = state_stage_count(state);
        for (s = 0; s < count; ++s)
            if (op_is_bump(state->texture_states[s][WINED3D_TSS_COLOROP]))
                return 0;
        *used = offsetof(struct wined3d_ffp_fs_uniforms, stage_args);
        if (info && (info->flags & (WINED3D_FFP_GENERIC_STAGES | WINED3D_FFP_GENERIC_OPS)))
        {
            memset(u->stage_args, 0, sizeof(u->stage_args));
            if ((n = fill_generic_stages(u, state, count)))
                *used = offsetof(struct wined3d_ffp_fs_uniforms, stage_coef) + n * 6 * sizeof(u->stage_coef[0]);
        }
        first = offsetof(struct wined3d_ffp_fs_uniforms, stage_args);
        last = *used;
    }
    if (parts & WINED3D_FFP_FS_TEXTURE_FACTOR)
    {
        size_t at = offsetof(struct wined3d_ffp_fs_uniforms, texture_factor);

        color_from_argb(u->texture_factor, state->render_states[WINED3D_RS_TEXTUREFACTOR]);
        if (first > at) first = at;
        if (last < at + sizeof(u->texture_factor)) last = at + sizeof(u->texture_factor);
    }
    if (parts & WINED3D_FFP_FS_ALPHA_REF)
    {
        size_t at = offsetof(struct wined3d_ffp_fs_uniforms, alpha_ref);

        u->alpha_ref[0] = (float)(state->render_states[WINED3D_RS_ALPHAREF] & 0xff);
        if (first > at) first = at;
        if (last < at + sizeof(u->alpha_ref)) last = at + sizeof(u->alpha_ref);
    }
    if (last < first) last = first;
    *lo = first;
    *hi = last;
    return 1;
}

struct wined3d_ffp_vs_inputs
{
    int valid;
    int world_stale;                /* the block's world 0 is not from transforms[WORLD] */
    uint32_t flags;
    uint32_t render_states[5];      /* ZINTEGERBITS, AMBIENT, FOGSTART, FOGEND, FOGDENSITY */
    uint32_t light_mask;
    uint32_t legacy_lighting;       /* the normal matrices' rule */
    struct wined3d_viewport viewport;
    struct wined3d_material material;
    struct wined3d_vec4 clip_planes[WINED3D_MAX_CLIP_PLANES];
    struct wined3d_matrix transforms[WINED3D_HIGHEST_TRANSFORM_STATE + 1];
    struct wined3d_light lights[WINED3D_MAX_ACTIVE_LIGHTS];
};

struct wined3d_ffp_vs_inputs *wined3d_ffp_vs_inputs_create(void)
{
    return calloc(1, sizeof(struct wined3d_ffp_vs_inputs));
}

void wined3d_ffp_vs_inputs_forget_world(struct wined3d_ffp_vs_inputs *in)
{
    in->world_stale = 1;
}

unsigned int wined3d_ffp_vs_inputs_update(struct wined3d_ffp_vs_inputs *in, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info)
{
    const uint32_t *rs = state->render_states;
    uint32_t flags = info ? info->flags : 0;
    uint32_t now[5] = {rs[WINED3D_RS_ZINTEGERBITS], rs[WINED3D_RS_AMBIENT], rs[WINED3D_RS_FOGSTART],
            rs[WINED3D_RS_FOGEND], rs[WINED3D_RS_FOGDENSITY]};
    unsigned int parts = 0;

    if (!in->valid || in->legacy_lighting != rs[WINED3D_RS_LEGACYLIGHTING])
        parts = WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_LIGHTS | WINED3D_FFP_VS_VIEWPORT_FOG;
    /* Lights are kept in eye space: the view matrix moves them too. */
    if (memcmp(&in->transforms[WINED3D_TS_VIEW], &state->transforms[WINED3D_TS_VIEW], sizeof(struct wined3d_matrix)))
        parts |= WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_LIGHTS;
    else if (!(parts & WINED3D_FFP_VS_TRANSFORMS))
    {
        const struct wined3d_matrix *a = in->transforms, *b = state->transforms;
        unsigned int i;

        for (i = 0; i < 4; ++i)
            if (memcmp(&a[ffp_worlds[i]], &b[ffp_worlds[i]], sizeof(*a)) || (!i && in->world_stale))
                parts |= WINED3D_FFP_VS_WORLD(i);
        /* The projection, then the texture matrices (and the unused slots
         * before them) in one piece. */
        if (memcmp(&a[WINED3D_TS_PROJECTION], &b[WINED3D_TS_PROJECTION], sizeof(*a))
                || memcmp(&a[WINED3D_TS_WORLD3 + 1], &b[WINED3D_TS_WORLD3 + 1],
                (WINED3D_HIGHEST_TRANSFORM_STATE - WINED3D_TS_WORLD3) * sizeof(*a))
                || memcmp(in->clip_planes, state->clip_planes, sizeof(in->clip_planes)))
            parts |= WINED3D_FFP_VS_OTHER_TRANSFORMS;
    }
    if (in->render_states[1] != now[1] || in->light_mask != state->active_light_mask
            || memcmp(&in->material, &state->material, sizeof(in->material))
            || memcmp(in->lights, state->active_lights, sizeof(in->lights)))
        parts |= WINED3D_FFP_VS_LIGHTS;
    if (in->flags != flags || in->render_states[0] != now[0] || memcmp(in->render_states + 2, now + 2, 3 * sizeof(*now))
            || memcmp(&in->viewport, &state->viewport, sizeof(in->viewport)))
        parts |= WINED3D_FFP_VS_VIEWPORT_FOG;
    if (!parts)
        return 0;
    in->valid = 1;
    in->world_stale = 0;
    in->flags = flags;
    memcpy(in->render_states, now, sizeof(now));
    in->light_mask = state->active_light_mask;
    in->legacy_lighting = rs[WINED3D_RS_LEGACYLIGHTING];
    /* memcpy, not assignment: the padding too, for the memcmp above. */
    memcpy(&in->viewport, &state->viewport, sizeof(in->viewport));
    memcpy(&in->material, &state->material, sizeof(in->material));
    memcpy(in->clip_planes, state->clip_planes, sizeof(in->clip_planes));
    memcpy(in->transforms, state->transforms, sizeof(in->transforms));
    if (parts & WINED3D_FFP_VS_LIGHTS)
        memcpy(in->lights, state->active_lights, sizeof(in->lights));
    return parts;
}

unsigned int wined3d_ffp_vs_inputs_update_worlds(struct wined3d_ffp_vs_inputs *in, const struct wined3d_state *state)
{
    unsigned int i, parts = 0;

    if (!in->valid)
        return WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_LIGHTS | WINED3D_FFP_VS_VIEWPORT_FOG;
    for (i = 0; i < 4; ++i)
    {
        const struct wined3d_matrix *m = &state->transforms[ffp_worlds[i]];

        if (!memcmp(&in->transforms[ffp_worlds[i]], m, sizeof(*m)) && (i || !in->world_stale))
            continue;
        memcpy(&in->transforms[ffp_worlds[i]], m, sizeof(*m));
        parts |= WINED3D_FFP_VS_WORLD(i);
    }
    in->world_stale = 0;
    return parts;
}

void wined3d_ffp_program_bind_interface(unsigned int program)
{
    wined3d_ffp_program_bind_interface_counted(program, NULL, NULL);
}

/* count(ctx) runs before each GL call, so a caller's counters are exact. */
#define COUNTED(call) do { if (count) count(ctx); call; } while (0)
void wined3d_ffp_program_bind_interface_counted(unsigned int program, void (*count)(void *ctx), void *ctx)
{
    GLuint index;
    GLint location;
    unsigned int i;

    COUNTED(index = glGetUniformBlockIndex(program, "ffp_vs_uniforms"));
    if (index != GL_INVALID_INDEX)
        COUNTED(glUniformBlockBinding(program, index, WINED3D_FFP_VS_UBO_BINDING));
    COUNTED(index = glGetUniformBlockIndex(program, "ffp_fs_uniforms"));
    if (index != GL_INVALID_INDEX)
        COUNTED(glUniformBlockBinding(program, index, WINED3D_FFP_FS_UBO_BINDING));
    COUNTED(glUseProgram(program));
    for (i = 0; i < WINED3D_FFP_MAX_STAGES; ++i)
    {
        char name[16];

        snprintf(name, sizeof(name), "ffp_texture%u", i);
        COUNTED(location = glGetUniformLocation(program, name));
        if (location != -1)
            COUNTED(glUniform1i(location, i));
    }
    COUNTED(index = glGetUniformBlockIndex(program, "ffp_world_slots"));
    if (index != GL_INVALID_INDEX)
        COUNTED(glUniformBlockBinding(program, index, WINED3D_FFP_WORLD_UBO_BINDING));
    COUNTED(index = glGetUniformBlockIndex(program, "ffp_fs_slots"));
    if (index != GL_INVALID_INDEX)
        COUNTED(glUniformBlockBinding(program, index, WINED3D_FFP_FS_SLOTS_UBO_BINDING));
    /* Values past the array's (active) end are ignored. */
    COUNTED(location = glGetUniformLocation(program, "ffp_slot_texture"));
    if (location != -1)
    {
        GLint units[WINED3D_FFP_MAX_SLOTS];

        for (i = 0; i < WINED3D_FFP_MAX_SLOTS; ++i)
            units[i] = WINED3D_FFP_SLOT_UNIT + i;
        COUNTED(glUniform1iv(location, WINED3D_FFP_MAX_SLOTS, units));
    }
    COUNTED(location = glGetUniformLocation(program, "ffp_dest"));
    if (location != -1)
        COUNTED(glUniform1i(location, WINED3D_FFP_DEST_UNIT));
}
#undef COUNTED

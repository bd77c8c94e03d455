/*
 * The state table: every state id -> its group (the representative state)
 * and the function that applies the group to GL.  Groups follow the
 * wine-devel proposal (seed 004): states whose GL values depend on each
 * other are one group and are applied together, once per draw at most.
 *
 * Apply functions read the whole state and talk to GL only through the
 * caching wrappers of glstate.c.  Groups that only feed the generated
 * fixed-function shader set context flags; the draw then derives the
 * shader key / uniform block once.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(state);

struct wined3d_state_entry wined3d_state_table[STATE_COUNT];

/* ---------------------------------------------------------------------- */
/* Direct3D -> GL enums.                                                   */

GLenum wined3d_gl_compare_func(uint32_t d3d)
{
    static const GLenum funcs[] = {GL_NEVER, GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL,
            GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
    if (d3d >= 1 && d3d <= 8) return funcs[d3d];
    WARN("Invalid compare function %u, using ALWAYS.\n", d3d);
    return GL_ALWAYS;
}

GLenum wined3d_gl_blend_factor(uint32_t d3d, int src)
{
    switch (d3d)
    {
        case WINED3D_BLEND_ZERO:            return GL_ZERO;
        case WINED3D_BLEND_ONE:             return GL_ONE;
        case WINED3D_BLEND_SRCCOLOR:        return GL_SRC_COLOR;
        case WINED3D_BLEND_INVSRCCOLOR:     return GL_ONE_MINUS_SRC_COLOR;
        case WINED3D_BLEND_SRCALPHA:        return GL_SRC_ALPHA;
        case WINED3D_BLEND_INVSRCALPHA:     return GL_ONE_MINUS_SRC_ALPHA;
        case WINED3D_BLEND_DESTALPHA:       return GL_DST_ALPHA;
        case WINED3D_BLEND_INVDESTALPHA:    return GL_ONE_MINUS_DST_ALPHA;
        case WINED3D_BLEND_DESTCOLOR:       return GL_DST_COLOR;
        case WINED3D_BLEND_INVDESTCOLOR:    return GL_ONE_MINUS_DST_COLOR;
        case WINED3D_BLEND_SRCALPHASAT:     return src ? GL_SRC_ALPHA_SATURATE : GL_ONE;
        /* BOTH* are resolved by state_blend; as a plain factor they mean this. */
        case WINED3D_BLEND_BOTHSRCALPHA:    return GL_SRC_ALPHA;
        case WINED3D_BLEND_BOTHINVSRCALPHA: return GL_ONE_MINUS_SRC_ALPHA;
        case WINED3D_BLEND_BLENDFACTOR:     return GL_CONSTANT_COLOR;
        case WINED3D_BLEND_INVBLENDFACTOR:  return GL_ONE_MINUS_CONSTANT_COLOR;
    }
    WARN("Invalid blend factor %u.\n", d3d);
    return src ? GL_ONE : GL_ZERO;
}

GLenum wined3d_gl_blend_op(uint32_t d3d)
{
    switch (d3d)
    {
        case WINED3D_BLEND_OP_ADD:         return GL_FUNC_ADD;
        case WINED3D_BLEND_OP_SUBTRACT:    return GL_FUNC_SUBTRACT;
        case WINED3D_BLEND_OP_REVSUBTRACT: return GL_FUNC_REVERSE_SUBTRACT;
        case WINED3D_BLEND_OP_MIN:         return GL_MIN;
        case WINED3D_BLEND_OP_MAX:         return GL_MAX;
    }
    WARN("Invalid blend op %u.\n", d3d);
    return GL_FUNC_ADD;
}

GLenum wined3d_gl_stencil_op(uint32_t d3d)
{
    static const GLenum ops[] = {GL_KEEP, GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_DECR,
            GL_INVERT, GL_INCR_WRAP, GL_DECR_WRAP};
    if (d3d >= 1 && d3d <= 8) return ops[d3d];
    WARN("Invalid stencil op %u.\n", d3d);
    return GL_KEEP;
}

/* ---------------------------------------------------------------------- */
/* Apply functions.                                                        */

/* The program is derived again: a draw whose vertices share one rhw (and
 * whose primitives share their colours) takes the program without
 * perspective (with flat colours) now (draw.c, note_flat), at no switch of
 * its own. */
static void state_take_flat(struct wined3d_context *context)
{
    context->rhw_flat = !!context->rhw_flat_draws;
    context->colour_flat = !!context->colour_flat_draws;
}
void state_mark_shader(struct wined3d_context *context)
{
    context->shader_dirty = 1;
    context->uniforms_dirty = 1;
    state_take_flat(context);
}
void state_mark_uniforms(struct wined3d_context *context) { context->uniforms_dirty = 1; }
void state_mark_fs_shader(struct wined3d_context *context)
{
    context->shader_dirty = 1;
    state_take_flat(context);
    context->fs_uniforms_dirty = 1;
    context->fs_parts |= WINED3D_FFP_FS_ALL;
}
void state_mark_fs_uniforms(struct wined3d_context *context)
{
    context->fs_uniforms_dirty = 1;
    context->fs_parts |= WINED3D_FFP_FS_ALL;
}
void state_mark_fs_part(struct wined3d_context *context, unsigned int part)
{
    context->fs_uniforms_dirty = 1;
    context->fs_parts |= part;
}
void state_mark_vs_uniforms(struct wined3d_context *context, unsigned int groups)
{
    context->vs_uniforms_dirty = 1;
    context->vs_dirty_groups |= groups;
}

/* Retired or accepted-but-inert states (TEXTUREHANDLE, ROP2, stipple...):
 * ddraw maps the legacy ones; nothing in GL follows from them. */
static void state_nop(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    TRACE("%s has no GL effect.\n", wined3d_debug_state(id));
}

static void state_shader(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_shader(context);
}

static void state_uniforms(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_uniforms(context);
}

/* Groups that only the fragment stage reads (their states are none of
 * those wined3d_ffp_vs_inputs_update() compares): the program, or only the
 * fragment block. */
static void state_fs_shader(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_fs_shader(context);
}

/* A stage's ops and arguments.  With generic stages they are uniforms: the
 * program stays while the stage's part of its key does. */
static void state_stage_ops(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    unsigned int stage = STATE_TEXSTAGE_STAGE(id);

    /* The check derives the stage's ops; it packs them into the block
     * kept as last filled, so that the upload does not derive them again
     * (shader.c, upload_fs_block: a block not kept is filled whole). */
    if (!context->shader_dirty && context->program && stage < WINED3D_FFP_GENERIC_MAX_STAGES
            && wined3d_ffp_stage_key_holds_memo(&context->program->key, &context->program->stage_memo[stage], state,
                    stage, context->device->whole_sums, context->ubo_fs_next))
        state_mark_fs_part(context, context->ubo_fs_next ? WINED3D_FFP_FS_STAGES_PACKED : WINED3D_FFP_FS_STAGES);
    else
        state_mark_fs_shader(context);
}

static void state_fs_uniforms(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_fs_uniforms(context);
}

static void state_texture_factor(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_fs_part(context, WINED3D_FFP_FS_TEXTURE_FACTOR);
}

static void state_alpha_ref(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_fs_part(context, WINED3D_FFP_FS_ALPHA_REF);
}

/* States only the vertex block reads (glsl_ffp.c: the fragment block's
 * fill reads no matrix but the projection, and no material). */
static void state_vs_uniforms(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    state_mark_vs_uniforms(context, id == STATE_TRANSFORM(WINED3D_TS_WORLD)
            ? STATE_VS_DIRTY_WORLDS : STATE_VS_DIRTY_OTHER);
}

static void state_depthclamp(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id);

/* ZENABLE, ZWRITEENABLE, ZFUNC. */
static void state_depth(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    const uint32_t *rs = state->render_states;
    gl_set_cap(context, GL_CAP_DEPTH_TEST, rs[WINED3D_RS_ZENABLE] != WINED3D_ZB_FALSE);
    gl_depth_mask(context, rs[WINED3D_RS_ZWRITEENABLE] ? GL_TRUE : GL_FALSE);
    gl_depth_func(context, wined3d_gl_compare_func(rs[WINED3D_RS_ZFUNC]));
    state_depthclamp(context, state, id);
    /* w-buffer emulation is the generator's: turning it on needs a program
     * that writes depth from w, and turning it off one that does not (the
     * program in use may still be a w-buffer one). */
    if (rs[WINED3D_RS_ZENABLE] == WINED3D_ZB_USEW || (context->program && context->program->key.w_buffer))
        state_mark_shader(context);
}

static void state_fillmode(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    switch (state->render_states[WINED3D_RS_FILLMODE])
    {
        case WINED3D_FILL_POINT:     gl_polygon_mode(context, GL_POINT); break;
        case WINED3D_FILL_WIREFRAME: gl_polygon_mode(context, GL_LINE); break;
        default:                     gl_polygon_mode(context, GL_FILL); break;
    }
}

/* Render targets are stored top-down, which mirrors y against GL's window
 * space: a triangle Direct3D sees clockwise is counter-clockwise for GL.
 * Front faces are GL_CCW (= Direct3D clockwise) throughout. */
static void state_cullmode(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    gl_front_face(context, GL_CCW);
    switch (state->render_states[WINED3D_RS_CULLMODE])
    {
        case WINED3D_CULL_CW:
            gl_set_cap(context, GL_CAP_CULL_FACE, 1);
            gl_cull_face(context, GL_FRONT);
            break;
        case WINED3D_CULL_CCW:
            gl_set_cap(context, GL_CAP_CULL_FACE, 1);
            gl_cull_face(context, GL_BACK);
            break;
        default:
            gl_set_cap(context, GL_CAP_CULL_FACE, 0);
            break;
    }
}

/* ALPHABLENDENABLE, SRCBLEND, DESTBLEND, BLENDOP and the separate alpha
 * states: the GL call takes all factors at once. */
static void resolve_blend(uint32_t src, uint32_t dst, GLenum *gl_src, GLenum *gl_dst)
{
    /* BOTHSRCALPHA / BOTHINVSRCALPHA as source override the destination. */
    if (src == WINED3D_BLEND_BOTHSRCALPHA)
    {
        *gl_src = GL_SRC_ALPHA; *gl_dst = GL_ONE_MINUS_SRC_ALPHA;
        return;
    }
    if (src == WINED3D_BLEND_BOTHINVSRCALPHA)
    {
        *gl_src = GL_ONE_MINUS_SRC_ALPHA; *gl_dst = GL_SRC_ALPHA;
        return;
    }
    *gl_src = wined3d_gl_blend_factor(src, 1);
    *gl_dst = wined3d_gl_blend_factor(dst, 0);
}

/* A factor with the destination's alpha read as 1 (a target without alpha). */
static GLenum blend_alpha_one(GLenum f)
{
    switch (f)
    {
        case GL_DST_ALPHA:              return GL_ONE;
        case GL_ONE_MINUS_DST_ALPHA:    return GL_ZERO;
        case GL_SRC_ALPHA_SATURATE:     return GL_ZERO;   /* min(As, 1 - 1); alpha is not kept */
    }
    return f;
}

struct blend_funcs
{
    GLenum src, dst, src_a, dst_a, op, op_a;
};

static void blend_funcs(const struct wined3d_context *context, const uint32_t *rs, struct blend_funcs *f)
{
    resolve_blend(rs[WINED3D_RS_SRCBLEND], rs[WINED3D_RS_DESTBLEND], &f->src, &f->dst);
    f->op = f->op_a = wined3d_gl_blend_op(rs[WINED3D_RS_BLENDOP]);
    if (rs[WINED3D_RS_SEPARATEALPHABLENDENABLE])
    {
        resolve_blend(rs[WINED3D_RS_SRCBLENDALPHA], rs[WINED3D_RS_DESTBLENDALPHA], &f->src_a, &f->dst_a);
        f->op_a = wined3d_gl_blend_op(rs[WINED3D_RS_BLENDOPALPHA]);
    }
    else
    {
        f->src_a = f->src;
        f->dst_a = f->dst;
    }
    if (context->fb_alpha_one)
    {
        f->src = blend_alpha_one(f->src); f->dst = blend_alpha_one(f->dst);
        f->src_a = blend_alpha_one(f->src_a); f->dst_a = blend_alpha_one(f->dst_a);
    }
}

/* ONE, ZERO with an add writes the source as it is, as no blending does:
 * GL blending then stays off, which spares the driver reading the target
 * (and llvmpipe a change of its fragment state). */
static int blend_funcs_replace(const struct blend_funcs *f)
{
    return f->src == GL_ONE && f->dst == GL_ZERO && f->src_a == GL_ONE && f->dst_a == GL_ZERO
            && f->op == GL_FUNC_ADD && f->op_a == GL_FUNC_ADD;
}

/* Whether GL blends for these states (*f then holds its factors): not when
 * blending is off, done in the shader, or a replace. */
static int blend_gl_enabled(const struct wined3d_context *context, const uint32_t *rs, struct blend_funcs *f)
{
    if (!rs[WINED3D_RS_ALPHABLENDENABLE] || rs[WINED3D_RS_SHADERBLEND])
        return 0;
    blend_funcs(context, rs, f);
    return !blend_funcs_replace(f);
}

/* The blend GL is to have for these states: on with its factors and ops,
 * or off (all 0, so that joined draws' slots compare whole). */
static void blend_slot_fill(const struct wined3d_context *context, const uint32_t *rs, struct wined3d_blend_slot *slot)
{
    struct blend_funcs f;

    memset(slot, 0, sizeof(*slot));
    if (!(slot->on = blend_gl_enabled(context, rs, &f)))
        return;
    slot->f[0] = f.src; slot->f[1] = f.dst; slot->f[2] = f.src_a; slot->f[3] = f.dst_a;
    slot->f[4] = f.op; slot->f[5] = f.op_a;
}

static void state_blend(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    const uint32_t *rs = state->render_states;
    uint32_t shader_blend = rs[WINED3D_RS_ALPHABLENDENABLE] ? rs[WINED3D_RS_SHADERBLEND] : 0;
    struct wined3d_blend_slot slot;

    /* A blend done in the shader is in the program key; GL blending is off. */
    if (shader_blend != context->shader_blend)
    {
        state_mark_shader(context);
        state_mark_uniforms(context);
        context->shader_blend = shader_blend;
    }
    blend_slot_fill(context, rs, &slot);
    state_blend_slot_apply(context, &slot);
}

static inline unsigned int alpha_min(unsigned int a, unsigned int b)
{
    return a < b ? a : b;
}

/* Where a vertex of format fvf keeps its colours (the diffuse, then the
 * specular, each there only when the format has it). */
uint32_t state_fvf_colour_offset(uint32_t fvf)
{
    uint32_t pos = fvf & WINED3DFVF_POSITION_MASK, offset;

    if (pos == WINED3DFVF_XYZRHW)
        offset = 16;
    else    /* the position, then the blend weights */
        offset = 12 + (pos >= WINED3DFVF_XYZB1 ? 4 * ((pos - WINED3DFVF_XYZB1) / 2 + 1) : 0);
    if (fvf & WINED3DFVF_NORMAL) offset += 12;
    if (fvf & WINED3DFVF_RESERVED1) offset += 4;
    return offset;
}

/* The least diffuse alpha of count unlit vertices, stopping below need. */
unsigned int state_vertices_alpha_floor(uint32_t fvf, const uint8_t *vertices, uint32_t stride, uint32_t count,
        unsigned int need)
{
    uint32_t offset, i;
    unsigned int floor = 255;
    const uint8_t *p;

    if (!(fvf & WINED3DFVF_DIFFUSE))
        return 255;     /* opaque white */
    offset = state_fvf_colour_offset(fvf);
    /* A D3DCOLOR's alpha is its fourth byte.  Four vertices a step with
     * no branch on each (THRASH's draws read them every draw), the stop
     * checked between steps: a floor below need may come out lower than
     * the first alpha below it, which answers the same. */
    p = vertices + offset + 3;
    for (i = 0; i + 4 <= count && floor >= need; i += 4, p += 4 * (size_t)stride)
    {
        unsigned int a = alpha_min(p[0], p[stride]), b = alpha_min(p[2 * (size_t)stride], p[3 * (size_t)stride]);
        floor = alpha_min(floor, alpha_min(a, b));
    }
    for (; i < count && floor >= need; ++i, p += stride)
        floor = alpha_min(floor, *p);
    return floor;
}

/* What of the alpha test's answer follows from the state alone: the least
 * alpha that passes (need; 0: the test can fail whatever the texture and
 * the vertices), stage 0's alpha op and arguments, whether it reads the
 * texture and the vertices' diffuse, and the border colour's alpha that
 * caps the texture's floor (256: none).  The texture is read at each draw
 * (state_alpha_plan_passes): a game changing it between draws keeps the
 * plan (note_alpha_test, draw.c). */
void state_alpha_plan(const struct wined3d_state *state, uint32_t fvf, struct wined3d_alpha_plan *plan)
{
    const uint32_t *rs = state->render_states, *tss = state->texture_states[0];
    uint32_t op = tss[WINED3D_TSS_ALPHAOP], a1, a2;
    unsigned int need;

    /* need first: a plan left at 0 answers 0 whatever else it holds. */
    plan->need = 0;
    if (!rs[WINED3D_RS_ALPHATESTENABLE])
        return;
    /* The least 8-bit alpha that passes; the floor must clear it by one,
     * for the shader's float products. */
    switch (rs[WINED3D_RS_ALPHAFUNC])
    {
        case WINED3D_CMP_GREATER:
        case WINED3D_CMP_NOTEQUAL: need = (rs[WINED3D_RS_ALPHAREF] & 0xff) + 2; break;
        case WINED3D_CMP_GREATEREQUAL: need = (rs[WINED3D_RS_ALPHAREF] & 0xff) + 1; break;
        default: return;
    }
    if (need > 255 || state->texture_states[1][WINED3D_TSS_COLOROP] != WINED3D_TOP_DISABLE)
        return;
    if (tss[WINED3D_TSS_COLOROP] == WINED3D_TOP_DISABLE)
        op = WINED3D_TOP_SELECTARG1, a1 = WINED3DTA_DIFFUSE, a2 = WINED3DTA_DIFFUSE;
    else if (op == WINED3D_TOP_SELECTARG1 || op == WINED3D_TOP_SELECTARG2 || op == WINED3D_TOP_MODULATE)
        a1 = tss[WINED3D_TSS_ALPHAARG1], a2 = tss[WINED3D_TSS_ALPHAARG2];
    else
        return;
    if (op == WINED3D_TOP_SELECTARG2)
        a1 = a2;
    plan->modulate = op == WINED3D_TOP_MODULATE;
    plan->a1 = a1;
    plan->a2 = a2;
    plan->texture_cap = 256;
    plan->color_key = 0;
    if ((plan->reads_texture = a1 == WINED3DTA_TEXTURE || (plan->modulate && a2 == WINED3DTA_TEXTURE)))
    {
        /* A source colour key may replace texels by transparent black. */
        plan->color_key = !!rs[WINED3D_RS_COLORKEYENABLE];
        if (tss[WINED3D_TSS_ADDRESSU] == WINED3D_TADDRESS_BORDER || tss[WINED3D_TSS_ADDRESSV] == WINED3D_TADDRESS_BORDER)
            plan->texture_cap = tss[WINED3D_TSS_BORDERCOLOR] >> 24;
    }
    if ((plan->reads_diffuse = a1 == WINED3DTA_DIFFUSE || a1 == WINED3DTA_CURRENT
            || (plan->modulate && (a2 == WINED3DTA_DIFFUSE || a2 == WINED3DTA_CURRENT))))
    {
        /* Lit vertices take the material's alpha. */
        if ((fvf & WINED3DFVF_POSITION_MASK) != WINED3DFVF_XYZRHW && rs[WINED3D_RS_LIGHTING])
            return;
    }
    plan->tfactor = rs[WINED3D_RS_TEXTUREFACTOR] >> 24;
    plan->need = need;
}

/* Whether the alpha test cannot fail for a draw of count vertices from
 * memory: the test passes every alpha from some value up, and stage 0
 * alone makes the alpha by selecting or modulating the texture, the
 * unlit vertices' diffuse and the texture factor, whose least values are
 * known (the texture's from its uploaded texels, texture_alpha_floor).
 * The program then leaves the test out: a discard costs llvmpipe's
 * fragment code a tenth of a textured triangle's.  *read_vertices says
 * whether the answer depends on the vertices (else on the state and the
 * texture alone, and the caller may keep it). */
int state_alpha_test_passes(const struct wined3d_state *state, uint32_t fvf, const uint8_t *vertices,
        uint32_t stride, uint32_t count, int *read_vertices)
{
    struct wined3d_alpha_plan plan;

    state_alpha_plan(state, fvf, &plan);
    return state_alpha_plan_passes(&plan, state->textures[0], fvf, vertices, stride, count, read_vertices);
}

/* Blending off as applied, and off or ONE, ZERO in the state: the group's
 * apply would send nothing (joined draws, merge.c, may then leave it dirty). */
int state_blend_stays_off(const struct wined3d_context *context, const struct wined3d_state *state)
{
    const uint32_t *rs = state->render_states;
    uint32_t bit = 1u << GL_CAP_BLEND;
    struct blend_funcs f;

    if (context->shader_blend || !(context->gl.known_caps & bit) || (context->gl.caps & bit))
        return 0;
    /* A blend moving into the shader changes the program. */
    if (rs[WINED3D_RS_ALPHABLENDENABLE] && rs[WINED3D_RS_SHADERBLEND])
        return 0;
    return !blend_gl_enabled(context, rs, &f);
}

/* The blend of a draw that joins others (merge.c): on or off, and GL's
 * factors and ops when on (all 0 when off, so that slots compare whole).
 * 0 when it would move into the shader (a program change). */
int state_blend_slot(const struct wined3d_context *context, const struct wined3d_state *state,
        struct wined3d_blend_slot *slot)
{
    const uint32_t *rs = state->render_states;

    if (rs[WINED3D_RS_ALPHABLENDENABLE] && rs[WINED3D_RS_SHADERBLEND])
        return 0;
    blend_slot_fill(context, rs, slot);
    return 1;
}

/* The same for the blend GL has (a run's first draw, applied): 0 when
 * the cache does not know it. */
int state_blend_slot_applied(const struct wined3d_context *context, struct wined3d_blend_slot *slot)
{
    const struct wined3d_gl_cache *c = &context->gl;
    uint32_t bit = 1u << GL_CAP_BLEND;

    memset(slot, 0, sizeof(*slot));
    if (context->shader_blend || !(c->known_caps & bit))
        return 0;
    if (!(c->caps & bit))
        return 1;
    if (!c->valid_blend_func || !c->valid_blend_eq)
        return 0;
    slot->on = 1;
    memcpy(slot->f, c->blend_func, sizeof(c->blend_func));
    slot->f[4] = c->blend_eq[0];
    slot->f[5] = c->blend_eq[1];
    return 1;
}

/* A source factor as x + y * colour + z * alpha, -1 for one that reads the
 * destination (or a constant colour). */
static int blend_source_coef(GLenum f, float k[4])
{
    k[0] = k[1] = k[2] = k[3] = 0.0f;
    switch (f)
    {
        case GL_ZERO:                   return 0;
        case GL_ONE:                    k[0] = 1.0f; return 0;
        case GL_SRC_COLOR:              k[1] = 1.0f; return 0;
        case GL_ONE_MINUS_SRC_COLOR:    k[0] = 1.0f; k[1] = -1.0f; return 0;
        case GL_SRC_ALPHA:              k[2] = 1.0f; return 0;
        case GL_ONE_MINUS_SRC_ALPHA:    k[0] = 1.0f; k[2] = -1.0f; return 0;
    }
    return -1;
}

/* The blend as the slot program's factors (glsl_ffp.h,
 * WINED3D_FFP_FS_SLOTS_UBO_BINDING): off is ONE, ZERO.  0 when they cannot
 * be so: an op other than add, a factor reading the destination or a
 * colour as the destination factor, separate alpha factors. */
int state_blend_slot_factors(const struct wined3d_blend_slot *slot, float k[2][4])
{
    float d[4];

    if (!slot->on)
    {
        blend_source_coef(GL_ONE, k[0]);
        blend_source_coef(GL_ZERO, k[1]);
        return 1;
    }
    if (slot->f[4] != GL_FUNC_ADD || slot->f[5] != GL_FUNC_ADD || slot->f[2] != slot->f[0]
            || slot->f[3] != slot->f[1] || blend_source_coef(slot->f[0], k[0]) < 0
            || blend_source_coef(slot->f[1], d) < 0 || d[1] != 0.0f)
        return 0;
    /* The destination factor reads the alpha alone: x + y * alpha. */
    k[1][0] = d[0];
    k[1][1] = d[2];
    k[1][2] = k[1][3] = 0.0f;
    return 1;
}

/* GL's blend as a slot's (joined draws sent a slot at a time). */
void state_blend_slot_apply(struct wined3d_context *context, const struct wined3d_blend_slot *slot)
{
    gl_set_cap(context, GL_CAP_BLEND, slot->on);
    if (!slot->on)
        return;
    gl_blend_func(context, slot->f[0], slot->f[1], slot->f[2], slot->f[3]);
    gl_blend_equation(context, slot->f[4], slot->f[5]);
}

/* GL's blend for the slot program's two outputs. */
void state_blend_dual_source(struct wined3d_context *context)
{
    gl_set_cap(context, GL_CAP_BLEND, 1);
    gl_blend_func(context, GL_SRC1_COLOR, GL_SRC1_ALPHA, GL_ONE, GL_SRC1_ALPHA);
    gl_blend_equation(context, GL_FUNC_ADD, GL_FUNC_ADD);
}

static void state_blendfactor(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    GLfloat color[4];
    wined3d_color_from_argb(color, state->render_states[WINED3D_RS_BLENDFACTOR]);
    gl_blend_color(context, color);
    /* A shader blend reads the factor from the uniforms. */
    if (context->shader_blend)
        state_mark_uniforms(context);
}

static void state_dither(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    gl_set_cap(context, GL_CAP_DITHER, !!state->render_states[WINED3D_RS_DITHERENABLE]);
}

/* STENCILENABLE..STENCILWRITEMASK. */
static void state_stencil(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    const uint32_t *rs = state->render_states;

    gl_set_cap(context, GL_CAP_STENCIL_TEST, !!rs[WINED3D_RS_STENCILENABLE]);
    gl_stencil(context, wined3d_gl_compare_func(rs[WINED3D_RS_STENCILFUNC]), (GLint)rs[WINED3D_RS_STENCILREF],
            rs[WINED3D_RS_STENCILMASK], wined3d_gl_stencil_op(rs[WINED3D_RS_STENCILFAIL]),
            wined3d_gl_stencil_op(rs[WINED3D_RS_STENCILZFAIL]), wined3d_gl_stencil_op(rs[WINED3D_RS_STENCILPASS]));
    gl_stencil_mask(context, rs[WINED3D_RS_STENCILWRITEMASK]);
}

/* ZBIAS (D3D7, 0..16, larger is nearer) and the core's depth bias in
 * depth-buffer units: both become glPolygonOffset units. */
static void state_depthbias(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    const uint32_t *rs = state->render_states;
    int32_t bias = (int32_t)rs[WINED3D_RS_DEPTHBIAS_UNITS];
    float units = -(float)rs[WINED3D_RS_ZBIAS];
    int on;

    /* GL's unit is implementation-defined (llvmpipe: 2 LSB of a 24-bit
     * buffer); the core's bias is in LSBs of the attached buffer. */
    if (bias)
        units += (float)bias / context_depth_bias_lsb(context, context->fb_depth_bits ? context->fb_depth_bits : 24);
    on = units != 0.0f;

    gl_set_cap(context, GL_CAP_POLYGON_OFFSET_FILL, on);
    gl_set_cap(context, GL_CAP_POLYGON_OFFSET_LINE, on);
    gl_set_cap(context, GL_CAP_POLYGON_OFFSET_POINT, on);
    if (on)
        gl_polygon_offset(context, 0.0f, units);
}

/* Clamping instead of clipping at near/far: asked for, or a pre-transformed
 * draw, whose z Direct3D never clips but clamps to the depth buffer's range
 * (Wine's ddraw*.c test_zenable: z from -0.5 to 1.5 covers the whole target
 * without the z test; visual.c depth_clamp_test: with it, quads at z 5 and
 * 10 both land at 1.0, with CLIPPING on or off). The depth and vertex
 * format groups call this too. */
static void state_depthclamp(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    int rhw = (state->fvf & WINED3DFVF_POSITION_MASK) == WINED3DFVF_XYZRHW;

    gl_set_cap(context, GL_CAP_DEPTH_CLAMP, state->render_states[WINED3D_RS_DEPTHCLAMP] || rhw);
}

static void state_colorwrite(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    uint32_t m = state->render_states[WINED3D_RS_COLORWRITEENABLE];
    gl_color_mask(context, !!(m & WINED3D_COLOR_WRITE_RED), !!(m & WINED3D_COLOR_WRITE_GREEN),
            !!(m & WINED3D_COLOR_WRITE_BLUE), !!(m & WINED3D_COLOR_WRITE_ALPHA));
}

/* SCISSORTESTENABLE + the scissor rectangle.  Top-down storage: rows are GL
 * window rows, no flip. */
static void state_scissor(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    const struct wined3d_rect *r = &state->scissor_rect;

    unsigned int s = context->fb_scale;   /* drawn at another scale (supersample.c) */

    gl_set_cap(context, GL_CAP_SCISSOR_TEST, !!state->render_states[WINED3D_RS_SCISSORTESTENABLE]);
    if (state->render_states[WINED3D_RS_SCISSORTESTENABLE])
        gl_scissor(context, r->left * s, r->top * s, r->right > r->left ? (r->right - r->left) * s : 0,
                r->bottom > r->top ? (r->bottom - r->top) * s : 0);
}

/* CLIPPLANEENABLE + the 6 planes: GL clip distances written by the shader. */
static void state_clipplanes(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    uint32_t mask = state->render_states[WINED3D_RS_CLIPPLANEENABLE];
    unsigned int i;

    for (i = 0; i < WINED3D_MAX_CLIP_PLANES; ++i)
        gl_set_cap(context, GL_CAP_CLIP_DISTANCE0 + i, !!(mask & (1u << i)));
    state_mark_shader(context);
}

/* Viewport: x, y, size and minZ..maxZ.  D3D7 does not scale a
 * pre-transformed vertex's z; the generated shader undoes the depth range
 * for those (glsl_ffp.h), so the range stays the viewport's. */
static void state_viewport(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    const struct wined3d_viewport *vp = &state->viewport;
    unsigned int s = context->fb_scale;   /* drawn at another scale (supersample.c) */

    gl_viewport(context, vp->x * s, vp->y * s, vp->width * s, vp->height * s);
    /* An empty or inverted range is widened to 0.001, as Direct3D 7 does
     * (ProcessVertices likewise): Wine's ddraw7.c test_viewport draws at
     * z 0.001 with minZ = maxZ = 0 and at 0.501 with 0.5 and 0. */
    gl_depth_range(context, vp->min_z, vp->max_z > vp->min_z ? vp->max_z : vp->min_z + 0.001f);
    state_mark_uniforms(context);
}

/* Texture binding + the stage's sampler states. */
static GLint gl_address(uint32_t a)
{
    switch (a)
    {
        case WINED3D_TADDRESS_MIRROR: return GL_MIRRORED_REPEAT;
        case WINED3D_TADDRESS_CLAMP:  return GL_CLAMP_TO_EDGE;
        case WINED3D_TADDRESS_BORDER: return GL_CLAMP_TO_BORDER;
        default:                      return GL_REPEAT;
    }
}

static void sampler_params_apply(struct wined3d_context *context, const struct wined3d_state *state,
        unsigned int stage, const struct wined3d_texture *texture);

/* Whether the texture in place of the one the stage's part of the program
 * key was last derived with changes the key or the fragment block: what
 * they read of a texture is its kind (none, 2D, cube) and, on stage 0, a
 * source colour key (its version counts changes).  Filters and addressing
 * are sampler state; another texture of the same kind is only a new
 * binding (also for joined draws, merge.c). */
int state_texture_changes_key(const struct wined3d_context *context, unsigned int stage,
        const struct wined3d_texture *texture)
{
    const struct wined3d_texture *old = context->stage_texture[stage];

    if (old == texture)
        return texture && texture->key_version != context->stage_key_version[stage];
    if (!old || !texture || old->target != texture->target)
        return 1;
    return !stage && ((old->color_key_flags | texture->color_key_flags) & WINED3D_CKEY_SRC_BLT);
}

/* The bound texture.  Its sampler's parameters are a group of their own
 * (state_sampler_params): a game that changes the texture between draws
 * changes no filter; only a texture with or without mip levels changes the
 * minifying filter. */
static void state_sampler(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    unsigned int stage = id - STATE_SAMPLER_BASE;
    struct wined3d_texture *texture = state->textures[stage];
    uint32_t version = texture ? texture->key_version : 0;

    if (!texture)
        gl_bind_texture(context, stage, GL_TEXTURE_2D, 0);
    else
    {
        texture_load(texture, context);
        gl_bind_texture(context, stage, texture->target, texture->name);
        /* Applying the parameters binds their sampler object. */
        if (context->sampler_mipped[stage] != (texture->gl_levels > 1 ? 2 : 1))
            sampler_params_apply(context, state, stage, texture);
        else
            gl_bind_sampler(context, stage, context->samplers[stage]);
    }
    if (context->stage_texture[stage] != texture || context->stage_key_version[stage] != version)
    {
        if (state_texture_changes_key(context, stage, texture))
            state_mark_fs_shader(context);
        context->stage_texture[stage] = texture;
        context->stage_key_version[stage] = version;
    }
}

/* The texture_filter and anisotropy settings (device.c reads them when a
 * device is made; settings are the process's). */
struct wined3d_sampler_override wined3d_sampler_override;

/* The user's filter override on the program's choice. */
static void sampler_override(const struct wined3d_texture *texture, uint32_t mip, struct wined3d_gl_sampler_shadow *s)
{
    int mipped = texture->level_count > 1 && mip != WINED3D_TFP_NONE && mip != 0;

    switch (wined3d_sampler_override.filter)
    {
    case WINED3D_FILTER_OVERRIDE_POINT:
        s->mag = GL_NEAREST;
        s->min = mipped ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST;
        break;
    case WINED3D_FILTER_OVERRIDE_LINEAR:
        s->mag = GL_LINEAR;
        s->min = !mipped ? GL_LINEAR : mip == WINED3D_TFP_POINT ? GL_LINEAR_MIPMAP_NEAREST : GL_LINEAR_MIPMAP_LINEAR;
        break;
    case WINED3D_FILTER_OVERRIDE_TRILINEAR:
        s->mag = GL_LINEAR;
        s->min = texture->level_count > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR;
        break;
    case WINED3D_FILTER_OVERRIDE_NONE:
        break;
    }
    if (wined3d_sampler_override.anisotropy > 1)
        s->max_anisotropy = wined3d_sampler_override.anisotropy;
}

/* The parameters of a stage's sampler object from its texture stage
 * states; the minifying filter also depends on whether the texture has mip
 * levels.  Joined draws (merge.c) compare them between draws. */
void state_sampler_shadow(const struct wined3d_state *state, unsigned int stage,
        const struct wined3d_texture *texture, struct wined3d_gl_sampler_shadow *s)
{
    const uint32_t *tss = state->texture_states[stage];
    uint32_t mip = tss[WINED3D_TSS_MIPFILTER], min = tss[WINED3D_TSS_MINFILTER];
    int linear_min = min == WINED3D_TFN_LINEAR || min == WINED3D_TFN_ANISOTROPIC;

    memset(s, 0, sizeof(*s));
    s->wrap_s = gl_address(tss[WINED3D_TSS_ADDRESSU]);
    s->wrap_t = gl_address(tss[WINED3D_TSS_ADDRESSV]);
    s->wrap_r = GL_CLAMP_TO_EDGE;
    s->mag = tss[WINED3D_TSS_MAGFILTER] == WINED3D_TFG_POINT ? GL_NEAREST : GL_LINEAR;
    if (texture->gl_levels > texture->level_count)
        /* Generated levels (auto_mipmaps): the program asked for none, so
         * its mip filter says nothing; blend between them. */
        s->min = linear_min ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
    else if (texture->level_count <= 1 || mip == WINED3D_TFP_NONE || mip == 0)
        s->min = linear_min ? GL_LINEAR : GL_NEAREST;
    else if (mip == WINED3D_TFP_POINT)
        s->min = linear_min ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
    else
        s->min = linear_min ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
    s->max_anisotropy = (min == WINED3D_TFN_ANISOTROPIC || tss[WINED3D_TSS_MAGFILTER] == WINED3D_TFG_ANISOTROPIC)
            ? (GLint)(tss[WINED3D_TSS_MAXANISOTROPY] ? tss[WINED3D_TSS_MAXANISOTROPY] : 1) : 1;
    s->lod_bias = wined3d_dword_to_float(tss[WINED3D_TSS_MIPMAPLODBIAS]);
    wined3d_color_from_argb(s->border, tss[WINED3D_TSS_BORDERCOLOR]);
    s->max_mip_level = (GLint)tss[WINED3D_TSS_MAXMIPLEVEL];
    if (wined3d_sampler_override.active)
        sampler_override(texture, mip, s);
}

/* The stage's sampler object; context->sampler_mipped remembers for which
 * kind of texture (0: not applied, 1: without mip levels, 2: with). */
static void sampler_params_apply(struct wined3d_context *context, const struct wined3d_state *state,
        unsigned int stage, const struct wined3d_texture *texture)
{
    struct wined3d_gl_sampler_shadow s;

    state_sampler_shadow(state, stage, texture, &s);
    gl_sampler_params(context, stage, &s);
    context->sampler_mipped[stage] = texture->gl_levels > 1 ? 2 : 1;
}

/* A stage's filters and addressing: its sampler object, when a texture is
 * bound (state_sampler applies them with the next texture otherwise). */
static void state_sampler_params(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    unsigned int stage = STATE_TEXSTAGE_STAGE(id);

    if (state->textures[stage])
        sampler_params_apply(context, state, stage, state->textures[stage]);
    else
        context->sampler_mipped[stage] = 0;
}

static void state_fvf(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    context->vao_valid = 0;
    state_depthclamp(context, state, id);
    state_mark_shader(context);
}

static void state_streamsrc(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    context->vao_valid = 0;
}

static void state_framebuffer(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
    /* Held runs draw into the attachments as they are. */
    hold_flush_for_change(context->device);
    context_apply_framebuffer(context, state);
}

/* ---------------------------------------------------------------------- */
/* The table, one family per block.  { state, representative, apply }.     */

struct state_row { unsigned int state, group; wined3d_apply_func apply; };

#define RS(s) WINED3D_RS_##s
static const struct state_row render_state_rows[] =
{
    /* depth */
    {RS(ZENABLE), RS(ZENABLE), state_depth}, {RS(ZWRITEENABLE), RS(ZENABLE), state_depth},
    {RS(ZFUNC), RS(ZENABLE), state_depth},
    /* depth bias, clamp */
    {RS(ZBIAS), RS(ZBIAS), state_depthbias}, {RS(DEPTHBIAS_UNITS), RS(ZBIAS), state_depthbias},
    {RS(DEPTHCLAMP), RS(DEPTHCLAMP), state_depthclamp},
    /* rasteriser */
    {RS(FILLMODE), RS(FILLMODE), state_fillmode}, {RS(CULLMODE), RS(CULLMODE), state_cullmode},
    {RS(DITHERENABLE), RS(DITHERENABLE), state_dither},
    {RS(SHADEMODE), RS(SHADEMODE), state_shader},
    /* alpha test (in the shader; the fail action drives the draw passes);
     * the reference is only a uniform */
    {RS(ALPHATESTENABLE), RS(ALPHATESTENABLE), state_fs_shader},
    {RS(ALPHAFUNC), RS(ALPHATESTENABLE), state_fs_shader}, {RS(ALPHAFAILACTION), RS(ALPHATESTENABLE), state_fs_shader},
    {RS(ALPHAREF), RS(ALPHAREF), state_alpha_ref},
    /* blending */
    {RS(ALPHABLENDENABLE), RS(ALPHABLENDENABLE), state_blend}, {RS(SRCBLEND), RS(ALPHABLENDENABLE), state_blend},
    {RS(DESTBLEND), RS(ALPHABLENDENABLE), state_blend}, {RS(BLENDOP), RS(ALPHABLENDENABLE), state_blend},
    {RS(SEPARATEALPHABLENDENABLE), RS(ALPHABLENDENABLE), state_blend},
    {RS(SRCBLENDALPHA), RS(ALPHABLENDENABLE), state_blend}, {RS(DESTBLENDALPHA), RS(ALPHABLENDENABLE), state_blend},
    {RS(BLENDOPALPHA), RS(ALPHABLENDENABLE), state_blend}, {RS(SHADERBLEND), RS(ALPHABLENDENABLE), state_blend},
    {RS(BLENDFACTOR), RS(BLENDFACTOR), state_blendfactor},
    {RS(COLORWRITEENABLE), RS(COLORWRITEENABLE), state_colorwrite},
    /* fog */
    {RS(FOGENABLE), RS(FOGENABLE), state_shader}, {RS(FOGCOLOR), RS(FOGENABLE), state_shader},
    {RS(FOGTABLEMODE), RS(FOGENABLE), state_shader}, {RS(FOGSTART), RS(FOGENABLE), state_shader},
    {RS(FOGEND), RS(FOGENABLE), state_shader}, {RS(FOGDENSITY), RS(FOGENABLE), state_shader},
    {RS(RANGEFOGENABLE), RS(FOGENABLE), state_shader}, {RS(FOGVERTEXMODE), RS(FOGENABLE), state_shader},
    /* stencil */
    {RS(STENCILENABLE), RS(STENCILENABLE), state_stencil}, {RS(STENCILFAIL), RS(STENCILENABLE), state_stencil},
    {RS(STENCILZFAIL), RS(STENCILENABLE), state_stencil}, {RS(STENCILPASS), RS(STENCILENABLE), state_stencil},
    {RS(STENCILFUNC), RS(STENCILENABLE), state_stencil}, {RS(STENCILREF), RS(STENCILENABLE), state_stencil},
    {RS(STENCILMASK), RS(STENCILENABLE), state_stencil}, {RS(STENCILWRITEMASK), RS(STENCILENABLE), state_stencil},
    /* scissor (with STATE_SCISSORRECT below) */
    {RS(SCISSORTESTENABLE), RS(SCISSORTESTENABLE), state_scissor},
    /* pixel shader inputs */
    {RS(SPECULARENABLE), RS(SPECULARENABLE), state_shader},
    {RS(TEXTUREFACTOR), RS(TEXTUREFACTOR), state_texture_factor},
    {RS(COLORKEYENABLE), RS(COLORKEYENABLE), state_fs_shader},
    {RS(COLORKEYBLENDENABLE), RS(COLORKEYENABLE), state_fs_shader},
    {RS(ZINTEGERBITS), RS(ZINTEGERBITS), state_shader},
    {RS(LODFROMQ), RS(LODFROMQ), state_shader},
    /* lighting and vertex processing */
    {RS(LIGHTING), RS(LIGHTING), state_shader}, {RS(AMBIENT), RS(LIGHTING), state_shader},
    {RS(COLORVERTEX), RS(LIGHTING), state_shader}, {RS(LOCALVIEWER), RS(LIGHTING), state_shader},
    {RS(NORMALIZENORMALS), RS(LIGHTING), state_shader}, {RS(LEGACYLIGHTING), RS(LIGHTING), state_shader},
    {RS(DIFFUSEMATERIALSOURCE), RS(LIGHTING), state_shader}, {RS(SPECULARMATERIALSOURCE), RS(LIGHTING), state_shader},
    {RS(AMBIENTMATERIALSOURCE), RS(LIGHTING), state_shader}, {RS(EMISSIVEMATERIALSOURCE), RS(LIGHTING), state_shader},
    {RS(VERTEXBLEND), RS(VERTEXBLEND), state_shader},
    {RS(CLIPPING), RS(CLIPPING), state_shader},
    {RS(CLIPPLANEENABLE), RS(CLIPPLANEENABLE), state_clipplanes},
};

/* Retired or inert render states: each its own group with no GL effect. */
static const unsigned int inert_render_states[] =
{
    RS(TEXTUREHANDLE), RS(ANTIALIAS), RS(TEXTUREADDRESS), RS(TEXTUREPERSPECTIVE), RS(WRAPU), RS(WRAPV),
    RS(LINEPATTERN), RS(MONOENABLE), RS(ROP2), RS(PLANEMASK), RS(LASTPIXEL), RS(TEXTUREMAG), RS(TEXTUREMIN),
    RS(TEXTUREMAPBLEND), RS(ZVISIBLE), RS(SUBPIXEL), RS(SUBPIXELX), RS(STIPPLEDALPHA), RS(STIPPLEENABLE),
    RS(EDGEANTIALIAS), RS(OLDALPHABLENDENABLE), RS(BORDERCOLOR), RS(TEXTUREADDRESSU), RS(TEXTUREADDRESSV),
    RS(MIPMAPLODBIAS), RS(ANISOTROPY), RS(FLUSHBATCH), RS(TRANSLUCENTSORTINDEPENDENT), RS(EXTENTS),
};
#undef RS

/* Texture stage states, per stage: offsets, expanded for 8 stages. */
#define TSS(s) WINED3D_TSS_##s
static const struct state_row texture_stage_rows[] =
{
    /* colour and alpha ops: one group per stage */
    {TSS(COLOROP), TSS(COLOROP), state_stage_ops}, {TSS(COLORARG1), TSS(COLOROP), state_stage_ops},
    {TSS(COLORARG2), TSS(COLOROP), state_stage_ops}, {TSS(ALPHAOP), TSS(COLOROP), state_stage_ops},
    {TSS(ALPHAARG1), TSS(COLOROP), state_stage_ops}, {TSS(ALPHAARG2), TSS(COLOROP), state_stage_ops},
    /* bump environment: uniforms */
    {TSS(BUMPENVMAT00), TSS(BUMPENVMAT00), state_fs_uniforms},
    {TSS(BUMPENVMAT01), TSS(BUMPENVMAT00), state_fs_uniforms},
    {TSS(BUMPENVMAT10), TSS(BUMPENVMAT00), state_fs_uniforms},
    {TSS(BUMPENVMAT11), TSS(BUMPENVMAT00), state_fs_uniforms},
    {TSS(BUMPENVLSCALE), TSS(BUMPENVMAT00), state_fs_uniforms},
    {TSS(BUMPENVLOFFSET), TSS(BUMPENVMAT00), state_fs_uniforms},
    /* texture coordinates */
    {TSS(TEXCOORDINDEX), TSS(TEXCOORDINDEX), state_shader},
    {TSS(TEXTURETRANSFORMFLAGS), TSS(TEXCOORDINDEX), state_shader},
    /* sampler parameters: one group per stage (the bound texture is
     * STATE_SAMPLER, a group of its own) */
    {TSS(ADDRESS), TSS(ADDRESSU), state_sampler_params}, {TSS(ADDRESSU), TSS(ADDRESSU), state_sampler_params},
    {TSS(ADDRESSV), TSS(ADDRESSU), state_sampler_params}, {TSS(BORDERCOLOR), TSS(ADDRESSU), state_sampler_params},
    {TSS(MAGFILTER), TSS(ADDRESSU), state_sampler_params}, {TSS(MINFILTER), TSS(ADDRESSU), state_sampler_params},
    {TSS(MIPFILTER), TSS(ADDRESSU), state_sampler_params},
    {TSS(MIPMAPLODBIAS), TSS(ADDRESSU), state_sampler_params},
    {TSS(MAXMIPLEVEL), TSS(ADDRESSU), state_sampler_params},
    {TSS(MAXANISOTROPY), TSS(ADDRESSU), state_sampler_params},
};
#undef TSS

static void set_entry(unsigned int id, unsigned int group, wined3d_apply_func apply)
{
    wined3d_state_table[id].representative = group;
    wined3d_state_table[id].apply = apply;
}

void wined3d_state_table_init(void)
{
    unsigned int i, stage;

    if (wined3d_state_table[STATE_FRAMEBUFFER].apply)
        return;
    memset(wined3d_state_table, 0, sizeof(wined3d_state_table));

    for (i = 0; i < sizeof(render_state_rows) / sizeof(*render_state_rows); ++i)
        set_entry(STATE_RENDER(render_state_rows[i].state), STATE_RENDER(render_state_rows[i].group),
                render_state_rows[i].apply);
    for (i = 0; i < sizeof(inert_render_states) / sizeof(*inert_render_states); ++i)
        set_entry(inert_render_states[i], inert_render_states[i], state_nop);
    for (i = WINED3D_RS_STIPPLEPATTERN00; i <= WINED3D_RS_STIPPLEPATTERN31; ++i)
        set_entry(i, WINED3D_RS_STIPPLEPATTERN00, state_nop);
    for (i = WINED3D_RS_WRAP0; i <= WINED3D_RS_WRAP7; ++i)
        set_entry(i, WINED3D_RS_WRAP0, state_shader);

    for (stage = 0; stage < WINED3D_MAX_TEXTURES; ++stage)
    {
        for (i = 0; i < sizeof(texture_stage_rows) / sizeof(*texture_stage_rows); ++i)
        {
            const struct state_row *row = &texture_stage_rows[i];
            set_entry(STATE_TEXSTAGE(stage, row->state), STATE_TEXSTAGE(stage, row->group), row->apply);
        }
        set_entry(STATE_SAMPLER(stage), STATE_SAMPLER(stage), state_sampler);
    }

    /* Transforms: the world matrices are one group, the others one each.
     * No matrix changes the generated code (the projection's choice between
     * eye-relative and z-based table fog is a uniform too), so a matrix per
     * object costs a uniform update, not a key; only the projection feeds
     * the fragment block (fog, w range). */
    set_entry(STATE_TRANSFORM(WINED3D_TS_WORLD), STATE_TRANSFORM(WINED3D_TS_WORLD), state_vs_uniforms);
    for (i = WINED3D_TS_WORLD1; i <= WINED3D_TS_WORLD3; ++i)
        set_entry(STATE_TRANSFORM(i), STATE_TRANSFORM(WINED3D_TS_WORLD), state_vs_uniforms);
    set_entry(STATE_TRANSFORM(WINED3D_TS_VIEW), STATE_TRANSFORM(WINED3D_TS_VIEW), state_vs_uniforms);
    set_entry(STATE_TRANSFORM(WINED3D_TS_PROJECTION), STATE_TRANSFORM(WINED3D_TS_PROJECTION), state_uniforms);
    for (i = WINED3D_TS_TEXTURE0; i <= WINED3D_TS_TEXTURE7; ++i)
        set_entry(STATE_TRANSFORM(i), STATE_TRANSFORM(i), state_vs_uniforms);

    /* Everything else. */
    set_entry(STATE_MATERIAL, STATE_MATERIAL, state_vs_uniforms);
    set_entry(STATE_LIGHTS, STATE_LIGHTS, state_shader);
    set_entry(STATE_VIEWPORT, STATE_VIEWPORT, state_viewport);
    set_entry(STATE_SCISSORRECT, STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE), state_scissor);
    for (i = 0; i < WINED3D_MAX_CLIP_PLANES; ++i)
        set_entry(STATE_CLIPPLANE(i), STATE_RENDER(WINED3D_RS_CLIPPLANEENABLE), state_clipplanes);
    set_entry(STATE_FVF, STATE_FVF, state_fvf);
    set_entry(STATE_STREAMSRC, STATE_STREAMSRC, state_streamsrc);
    set_entry(STATE_FRAMEBUFFER, STATE_FRAMEBUFFER, state_framebuffer);
    set_entry(STATE_PROGRAM_CONSTANTS, STATE_PROGRAM_CONSTANTS, program_apply_constants);
}

int wined3d_state_is_valid(unsigned int state_id)
{
    wined3d_state_table_init();
    return state_id < STATE_COUNT && wined3d_state_table[state_id].apply != NULL;
}

const char *wined3d_debug_state(unsigned int id)
{
    static __thread char buf[64];

    if (STATE_IS_RENDER(id)) snprintf(buf, sizeof(buf), "render state %u", id);
    else if (STATE_IS_TEXSTAGE(id))
        snprintf(buf, sizeof(buf), "stage %u state %u", STATE_TEXSTAGE_STAGE(id),
                (id - STATE_TEXSTAGE_BASE) % (WINED3D_HIGHEST_TEXTURE_STATE + 1));
    else if (id < STATE_TRANSFORM_BASE) snprintf(buf, sizeof(buf), "texture %u", id - STATE_SAMPLER_BASE);
    else if (id < STATE_MATERIAL) snprintf(buf, sizeof(buf), "transform %u", id - STATE_TRANSFORM_BASE);
    else if (id == STATE_MATERIAL) return "material";
    else if (id == STATE_LIGHTS) return "lights";
    else if (id == STATE_VIEWPORT) return "viewport";
    else if (id == STATE_SCISSORRECT) return "scissor rect";
    else if (id < STATE_FVF) snprintf(buf, sizeof(buf), "clip plane %u", id - STATE_CLIPPLANE(0));
    else if (id == STATE_FVF) return "fvf";
    else if (id == STATE_STREAMSRC) return "stream source";
    else if (id == STATE_FRAMEBUFFER) return "framebuffer";
    else if (id == STATE_PROGRAM_CONSTANTS) return "program constants";
    else snprintf(buf, sizeof(buf), "invalid state %u", id);
    return buf;
}

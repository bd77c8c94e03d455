/*
 * Fixed-function pipeline: the fragment shader generator.
 *
 * Texture sampling (with bump environment mapping into the next stage),
 * colour key, the stage cascade, specular add, alpha test, fog and the
 * w-buffer.  Each texture op is one row of stage_ops[]: a GLSL template
 * instantiated once for the colour channels and once for alpha.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "dx7gl/debug.h"
#include "wined3d-lite/wined3d.h"
#include "glsl_ffp.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ffp);

#define out_(...) wined3d_ffp_buffer_printf(b, __VA_ARGS__)

/* Template placeholders, expanded per channel group (rgb or alpha):
 *   $1 $2  the arguments          $A   arg1's alpha
 *   $P $Q  the arguments' rgb     $S   the result type (vec3 / float)
 *   $D $T $F  diffuse / this stage's texture / texture factor alpha
 *   $C  current                   $N   the next stage's texture */
struct stage_op
{
    unsigned int op;
    const char *name;
    const char *template;
};

static const struct stage_op stage_ops[] =
{
    {WINED3D_TOP_SELECTARG1,                "selectarg1",       "$1"},
    {WINED3D_TOP_SELECTARG2,                "selectarg2",       "$2"},
    {WINED3D_TOP_MODULATE,                  "modulate",         "$1 * $2"},
    {WINED3D_TOP_MODULATE2X,                "modulate2x",       "$1 * $2 * 2.0"},
    {WINED3D_TOP_MODULATE4X,                "modulate4x",       "$1 * $2 * 4.0"},
    {WINED3D_TOP_ADD,                       "add",              "$1 + $2"},
    {WINED3D_TOP_ADDSIGNED,                 "addsigned",        "$1 + $2 - 0.5"},
    {WINED3D_TOP_ADDSIGNED2X,               "addsigned2x",      "($1 + $2 - 0.5) * 2.0"},
    {WINED3D_TOP_SUBTRACT,                  "subtract",         "$1 - $2"},
    {WINED3D_TOP_ADDSMOOTH,                 "addsmooth",        "$1 + $2 * (1.0 - $1)"},
    {WINED3D_TOP_BLENDDIFFUSEALPHA,         "blenddiffusealpha", "mix($2, $1, $D)"},
    {WINED3D_TOP_BLENDTEXTUREALPHA,         "blendtexturealpha", "mix($2, $1, $T)"},
    {WINED3D_TOP_BLENDFACTORALPHA,          "blendfactoralpha", "mix($2, $1, $F)"},
    {WINED3D_TOP_BLENDTEXTUREALPHAPM,       "blendtexturealphapm", "$1 + $2 * (1.0 - $T)"},
    {WINED3D_TOP_BLENDCURRENTALPHA,         "blendcurrentalpha", "mix($2, $1, current.a)"},
    {WINED3D_TOP_PREMODULATE,               "premodulate",      "$1 * $N"},
    {WINED3D_TOP_MODULATEALPHA_ADDCOLOR,    "modulatealpha_addcolor", "$1 + $A * $2"},
    {WINED3D_TOP_MODULATECOLOR_ADDALPHA,    "modulatecolor_addalpha", "$1 * $2 + $A"},
    {WINED3D_TOP_MODULATEINVALPHA_ADDCOLOR, "modulateinvalpha_addcolor", "(1.0 - $A) * $2 + $1"},
    {WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA, "modulateinvcolor_addalpha", "(1.0 - $1) * $2 + $A"},
    {WINED3D_TOP_BUMPENVMAP,                "bumpenvmap",       "$C"},
    {WINED3D_TOP_BUMPENVMAPLUMINANCE,       "bumpenvmapluminance", "$C"},
    {WINED3D_TOP_DOTPRODUCT3,               "dotproduct3",      "$S(4.0 * dot($P - 0.5, $Q - 0.5))"},
};

static const struct stage_op *find_stage_op(unsigned int op)
{
    unsigned int i;

    for (i = 0; i < sizeof(stage_ops) / sizeof(stage_ops[0]); ++i)
        if (stage_ops[i].op == op) return &stage_ops[i];
    return &stage_ops[0];
}

static int is_bump(unsigned int op)
{
    return op == WINED3D_TOP_BUMPENVMAP || op == WINED3D_TOP_BUMPENVMAPLUMINANCE;
}

static void fs_emit_inputs(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    const char *colours = wined3d_ffp_interpolation(key, 1), *interp = wined3d_ffp_interpolation(key, 0);
    unsigned int s;

    out_("%sin vec4 ffp_varying_diffuse;\n", colours);
    out_("%sin vec4 ffp_varying_specular;\n", colours);
    if (wined3d_ffp_fog_is_interpolated(key))
        out_("%sin float ffp_varying_fog;\n", interp);
    if (wined3d_ffp_fog_is_table(key))
        out_("noperspective in float ffp_varying_depth_z;\n");
    if (key->tex0_slots || key->fs_slots)
        out_("flat in int ffp_varying_slot;\n");
    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
    {
        if (!wined3d_ffp_stage_samples(key, s)) continue;
        out_("%sin %s ffp_varying_texcoord%u;\n", interp, wined3d_ffp_stage_coord_uv(key, s) ? "vec2" : "vec4", s);
        if (key->stages[s].wrap)
            out_("%sin vec4 ffp_varying_wrap%u;\n", interp, s);
        if (!s && key->tex0_slots)
            out_("uniform sampler2D ffp_slot_texture[%u];\n", key->tex0_slots);
        else if (key->stages[s].tex_type == WINED3D_FFP_TEX_2D)
            out_("uniform sampler2D ffp_texture%u;\n", s);
        else if (key->stages[s].tex_type == WINED3D_FFP_TEX_CUBE)
            out_("uniform samplerCube ffp_texture%u;\n", s);
    }
    if (key->shader_blend)
        out_("uniform sampler2D ffp_dest;\n");
    if (key->blend_slots)
        out_("layout(location = 0, index = 0) out vec4 ffp_color;\n"
             "layout(location = 0, index = 1) out vec4 ffp_blend;\n");
    else
        out_("layout(location = 0) out vec4 ffp_color;\n");
}

/* Stage 0 of joined draws: the primitive's texture is one of the slots.
 * Each sample is written with a constant index, as GLSL 3.30 wants; the
 * slot is the same over a primitive, so the derivatives the implicit level
 * of detail takes are those of one texture's pixels. */
static void fs_emit_slot_sample(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    unsigned int i;

    out_("    vec4 tex0;\n");
    for (i = 0; i < key->tex0_slots; ++i)
    {
        if (i + 1 < key->tex0_slots)
            out_("    %sif (ffp_varying_slot == %u)\n    ", i ? "else " : "", i);
        else if (i)
            out_("    else\n    ");
        if (key->stages[0].lod_from_q)
            out_("    tex0 = textureLod(ffp_slot_texture[%u], tc0.xy, lod0);\n", i);
        else
            out_("    tex0 = texture(ffp_slot_texture[%u], tc0.xy);\n", i);
    }
}

/* Sample stage s's texture: projected coordinates divided, coordinates
 * perturbed by the previous stage's bump map. */
static void fs_emit_sample(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key, unsigned int s)
{
    const struct wined3d_ffp_stage_key *st = &key->stages[s];
    unsigned int prev_op = s ? key->stages[s - 1].color_op : 0;
    int cube = st->tex_type == WINED3D_FFP_TEX_CUBE;
    static const char comp[] = "xyzw";

    if (st->tex_type == WINED3D_FFP_TEX_NONE)
    {
        out_("    vec4 tex%u = vec4(1.0);\n", s);
        return;
    }
    if (wined3d_ffp_stage_coord_uv(key, s))
        out_("    vec4 tc%u = vec4(ffp_varying_texcoord%u, 0.0, 1.0);\n", s, s);
    else
        out_("    vec4 tc%u = ffp_varying_texcoord%u;\n", s, s);
    if (st->wrap)
    {
        unsigned int c;
        for (c = 0; c < 2; ++c)
        {
            if (!(st->wrap & (1u << c))) continue;
            /* The copy whose screen-space rate is lower did not cross its seam. */
            out_("    tc%u.%c = fwidth(ffp_varying_wrap%u.%c) <= fwidth(ffp_varying_wrap%u.%c)"
                    " ? ffp_varying_wrap%u.%c : ffp_varying_wrap%u.%c - 0.5;\n",
                    s, comp[c], s, comp[c], s, comp[c + 2], s, comp[c], s, comp[c + 2]);
        }
    }
    /* The GS's level of detail from the divisor q (WINED3D_RS_LODFROMQ). */
    if (st->lod_from_q)
        out_("    float lod%u = ffp.lod_params.x + ffp.lod_params.y * log2(1.0 / max(abs(tc%u.%c), 1e-30));\n",
                s, s, comp[st->transform_count - 1]);
    if (st->projected && st->transform_count >= 2 && st->transform_count <= 4)
        out_("    tc%u.%s /= tc%u.%c;\n", s, cube ? "xyz" : "xy", s, comp[st->transform_count - 1]);
    if (s && is_bump(prev_op))
        out_("    tc%u.xy += vec2(dot(ffp.bumpenv_matrix[%u].xz, tex%u.rg), dot(ffp.bumpenv_matrix[%u].yw, tex%u.rg));\n",
                s, s - 1, s - 1, s - 1, s - 1);
    if (!s && key->tex0_slots)
        fs_emit_slot_sample(b, key);
    else if (st->lod_from_q)
        out_("    vec4 tex%u = textureLod(ffp_texture%u, tc%u.xy, lod%u);\n", s, s, s, s);
    else
        out_("    vec4 tex%u = texture(ffp_texture%u, tc%u.%s);\n", s, s, s, cube ? "xyz" : "xy");
    if (s && prev_op == WINED3D_TOP_BUMPENVMAPLUMINANCE)
        out_("    tex%u.rgb *= clamp(tex%u.b * ffp.bumpenv_luminance[%u].x + ffp.bumpenv_luminance[%u].y, 0.0, 1.0);\n",
                s, s - 1, s - 1, s - 1);
}

static void fs_emit_arg(struct wined3d_ffp_buffer *b, const char *var, unsigned int arg, unsigned int s)
{
    const char *src;
    char tex[8];

    switch (arg & WINED3DTA_SELECTMASK)
    {
        case WINED3DTA_DIFFUSE:  src = "diffuse"; break;
        case WINED3DTA_CURRENT:  src = s ? "current" : "diffuse"; break;
        case WINED3DTA_TEXTURE:  snprintf(tex, sizeof(tex), "tex%u", s); src = tex; break;
        case WINED3DTA_TFACTOR:  src = "ffp.texture_factor"; break;
        case WINED3DTA_SPECULAR: src = "specular"; break;
        default:                 src = "current"; break;
    }
    out_("    %s = %s;\n", var, src);
    if (arg & WINED3DTA_ALPHAREPLICATE)
        out_("    %s = vec4(%s.a);\n", var, var);
    if (arg & WINED3DTA_COMPLEMENT)
        out_("    %s = vec4(1.0) - %s;\n", var, var);
}

static void fs_emit_template(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key, unsigned int s,
        const char *template, int alpha)
{
    const char *swz = alpha ? ".a" : ".rgb";
    const char *a1 = alpha ? "aarg1" : "arg1", *a2 = alpha ? "aarg2" : "arg2";
    unsigned int count = wined3d_ffp_stage_count(key);
    const char *p;

    for (p = template; *p; ++p)
    {
        if (*p != '$')
        {
            out_("%c", *p);
            continue;
        }
        switch (*++p)
        {
            case '1': out_("%s%s", a1, swz); break;
            case '2': out_("%s%s", a2, swz); break;
            case 'A': out_("%s.a", a1); break;
            case 'P': out_("%s.rgb", a1); break;
            case 'Q': out_("%s.rgb", a2); break;
            case 'S': out_("%s", alpha ? "float" : "vec3"); break;
            case 'D': out_("diffuse.a"); break;
            case 'T': out_("tex%u.a", s); break;
            case 'F': out_("ffp.texture_factor.a"); break;
            case 'C': out_("current%s", swz); break;
            case 'N':
                /* Premodulate on the last stage has no next texture. */
                if (s + 1 < count || (s + 1 < WINED3D_FFP_MAX_STAGES && wined3d_ffp_stage_samples(key, s + 1)))
                    out_("tex%u%s", s + 1, swz);
                else
                    out_("%s(1.0)", alpha ? "float" : "vec3");
                break;
            default:
                ERR("Bad template character %c.\n", *p);
                return;
        }
    }
}

/* An op that keeps arguments in 0..1 there: a product or one of them. */
static int op_stays_in_range(unsigned int op)
{
    return op == WINED3D_TOP_MODULATE || op == WINED3D_TOP_SELECTARG1 || op == WINED3D_TOP_SELECTARG2;
}

/* Whether stage s's result needs no clamp: its ops keep 0..1 and every
 * argument is in 0..1 already.  The vertex colours are (the vertex program
 * clamps lit ones), the texture factor is, current is (each stage before
 * was clamped or is such a stage), a texture is unless its texels are
 * signed (or joined draws' slots give stage 0 textures the key does not
 * know).  A clamp costs a software rasteriser a minimum and a maximum of
 * each component for every pixel. */
static int stage_stays_in_range(const struct wined3d_ffp_key *key, unsigned int s)
{
    const struct wined3d_ffp_stage_key *st = &key->stages[s];
    const uint8_t args[4] = {st->color_arg1, st->color_arg2, st->alpha_arg1, st->alpha_arg2};
    unsigned int i;

    if (!op_stays_in_range(st->color_op) || !op_stays_in_range(st->alpha_op))
        return 0;
    for (i = 0; i < 4; ++i)
        if ((args[i] & WINED3DTA_SELECTMASK) == WINED3DTA_TEXTURE && (st->signed_tex || (!s && key->tex0_slots)))
            return 0;
    return 1;
}

static void fs_emit_stage(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key, unsigned int s)
{
    const struct wined3d_ffp_stage_key *st = &key->stages[s];
    const struct stage_op *cop = find_stage_op(st->color_op);
    const struct stage_op *aop = find_stage_op(st->alpha_op);
    int no_texture = st->tex_type == WINED3D_FFP_TEX_NONE;

    /* An op that reads the texture of a stage with no texture bound passes
     * "current" through instead (per channel group), as Direct3D drivers do. */
    if (no_texture && wined3d_ffp_op_reads_texture(st->color_op, st->color_arg1, st->color_arg2))
    {
        out_("    /* stage %u: %s without a texture: current passes */\n", s, cop->name);
        out_("    res_rgb = current.rgb;\n");
        if (st->color_op == WINED3D_TOP_DOTPRODUCT3)
        {
            out_("    res_a = current.a;\n");
            out_("    current = vec4(res_rgb, res_a);\n");
            return;
        }
    }
    else
    {
        unsigned int args = wined3d_ffp_op_args(st->color_op);

        out_("    /* stage %u: %s */\n", s, cop->name);
        if (args & 1) fs_emit_arg(b, "arg1", st->color_arg1, s);
        if (args & 2) fs_emit_arg(b, "arg2", st->color_arg2, s);
        out_("    res_rgb = ");
        fs_emit_template(b, key, s, cop->template, 0);
        out_(";\n");
        if (st->color_op == WINED3D_TOP_DOTPRODUCT3)
        {
            /* The dot product goes to all four channels. */
            out_("    res_a = res_rgb.r;\n");
            out_("    current = clamp(vec4(res_rgb, res_a), 0.0, 1.0);\n");
            return;
        }
    }
    if (no_texture && wined3d_ffp_op_reads_texture(st->alpha_op, st->alpha_arg1, st->alpha_arg2))
    {
        out_("    res_a = current.a; /* alpha %s without a texture */\n", aop->name);
    }
    else
    {
        unsigned int args = wined3d_ffp_op_args(st->alpha_op);

        out_("    /* alpha: %s */\n", aop->name);
        if (args & 1) fs_emit_arg(b, "aarg1", st->alpha_arg1, s);
        if (args & 2) fs_emit_arg(b, "aarg2", st->alpha_arg2, s);
        out_("    res_a = ");
        fs_emit_template(b, key, s, aop->template, 1);
        out_(";\n");
    }
    if (stage_stays_in_range(key, s))
        out_("    current = vec4(res_rgb, res_a);\n");
    else
        out_("    current = clamp(vec4(res_rgb, res_a), 0.0, 1.0);\n");
}

/* Generic stages: arguments chosen by the packed selectors (args: not built
 * in), ops as the sums described at struct wined3d_ffp_fs_uniforms. */
static void fs_emit_generic_functions(struct wined3d_ffp_buffer *b, int args)
{
    if (args)
        out_("vec4 ffp_arg(int a, vec4 diffuse, vec4 current, vec4 tex, vec4 specular)\n"
             "{\n"
             "    int sel = a & %d;\n"
             "    vec4 r = sel == %d ? diffuse : sel == %d ? tex : sel == %d ? ffp.texture_factor\n"
             "            : sel == %d ? specular : current;\n"
             "    if ((a & %d) != 0) r = vec4(r.a);\n"
             "    if ((a & %d) != 0) r = vec4(1.0) - r;\n"
             "    return r;\n"
             "}\n",
             WINED3DTA_SELECTMASK, WINED3DTA_DIFFUSE, WINED3DTA_TEXTURE, WINED3DTA_TFACTOR, WINED3DTA_SPECULAR,
             WINED3DTA_ALPHAREPLICATE, WINED3DTA_COMPLEMENT);
    out_("vec3 ffp_op_rgb(vec4 k, vec4 s, vec4 t, vec4 a1, vec4 a2, vec4 alphas)\n"
         "{\n"
         "    float f = dot(s, alphas);\n"
         "    return a1.rgb * (k.x + f) + a2.rgb * (k.y - f + t.x * alphas.y + t.y * a1.a)\n"
         "            + a1.rgb * a2.rgb * k.z + (k.w + t.z * a1.a);\n"
         "}\n"
         "float ffp_op_a(vec4 k, vec4 s, vec4 t, float a1, float a2, vec4 alphas)\n"
         "{\n"
         "    float f = dot(s, alphas);\n"
         "    return a1 * (k.x + f) + a2 * (k.y - f + t.x * alphas.y + t.y * a1) + a1 * a2 * k.z + k.w + t.z * a1;\n"
         "}\n");
}

/* Whether generic stages read arguments from the block (ffp_arg): all of
 * them, or those in their generic_args. */
static int key_reads_args(const struct wined3d_ffp_key *key)
{
    unsigned int s;

    if (key->generic_stages == WINED3D_FFP_STAGES_GENERIC)
        return 1;
    for (s = 0; s < WINED3D_FFP_GENERIC_MAX_STAGES; ++s)
        if (key->stages[s].generic_args)
            return 1;
    return 0;
}

/* On a stage without a texture, a generic op whose arguments read the
 * texture passes current (flags in ffp.stage_args, as the key would). */
static void fs_emit_generic_no_texture(struct wined3d_ffp_buffer *b, int no_texture)
{
    if (no_texture)
        out_("    if ((ops.z & %d) != 0) res_rgb = current.rgb;\n"
             "    if ((ops.z & %d) != 0) res_a = current.a;\n",
             WINED3D_FFP_STAGE_COLOR_READS_TEXTURE, WINED3D_FFP_STAGE_ALPHA_READS_TEXTURE);
}

/* A generic stage: on a stage without a texture, an op whose arguments read
 * the texture passes current (as fs_emit_stage decides from the key). */
static void fs_emit_generic_stage(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key, unsigned int s)
{
    const struct wined3d_ffp_stage_key *st = &key->stages[s];
    const struct { const char *var; const uint8_t *key_arg; } args[4] =
    {
        {"arg1", &st->color_arg1}, {"arg2", &st->color_arg2}, {"aarg1", &st->alpha_arg1}, {"aarg2", &st->alpha_arg2},
    };
    int no_texture = st->tex_type == WINED3D_FFP_TEX_NONE;
    unsigned int i, c = s * 6;

    out_("    /* stage %u: ops from ffp.stage_args and ffp.stage_coef */\n", s);
    out_("    ops = ffp.stage_args[%u];\n", s);
    /* Generic ops over built-in arguments, but for those that switch;
     * else every argument from the block. */
    for (i = 0; i < 4; ++i)
    {
        if (key->generic_stages == WINED3D_FFP_STAGES_GENERIC_OPS && !(st->generic_args & (1u << i)))
            fs_emit_arg(b, args[i].var, *args[i].key_arg, s);
        else
            out_("    %s = ffp_arg(ops.%c %s, diffuse, current, tex%u, specular);\n",
                    args[i].var, i < 2 ? 'x' : 'y', i & 1 ? ">> 8" : "& 255", s);
    }
    if (!st->sums)
    {
        /* Both ops are sums of the arguments and their product: a few
         * multiply-adds a pixel, no alpha terms, no dot product. */
        out_("    res_rgb = arg1.rgb * ffp.stage_coef[%u].x + arg2.rgb * ffp.stage_coef[%u].y\n"
             "            + arg1.rgb * arg2.rgb * ffp.stage_coef[%u].z + ffp.stage_coef[%u].w;\n",
             c, c, c, c);
        out_("    res_a = aarg1.a * ffp.stage_coef[%u].x + aarg2.a * ffp.stage_coef[%u].y\n"
             "            + aarg1.a * aarg2.a * ffp.stage_coef[%u].z + ffp.stage_coef[%u].w;\n",
             c + 3, c + 3, c + 3, c + 3);
    }
    else
    {
        out_("    alphas = vec4(diffuse.a, tex%u.a, ffp.texture_factor.a, current.a);\n", s);
        out_("    res_rgb = ffp_op_rgb(ffp.stage_coef[%u], ffp.stage_coef[%u], ffp.stage_coef[%u],\n"
             "            arg1, arg2, alphas);\n", c, c + 1, c + 2);
        out_("    res_a = ffp_op_a(ffp.stage_coef[%u], ffp.stage_coef[%u], ffp.stage_coef[%u],\n"
             "            aarg1.a, aarg2.a, alphas);\n", c + 3, c + 4, c + 5);
        /* Dot product 3 goes to all four channels (alpha's op is unused). */
        out_("    if ((ops.z & %d) != 0)\n"
             "    {\n"
             "        res_a = 4.0 * dot(arg1.rgb - 0.5, arg2.rgb - 0.5);\n"
             "        res_rgb = vec3(res_a);\n"
             "    }\n", WINED3D_FFP_STAGE_DOTPRODUCT3);
    }
    fs_emit_generic_no_texture(b, no_texture);
    out_("    current = clamp(vec4(res_rgb, res_a), 0.0, 1.0);\n");
}

static void fs_emit_alpha_test(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    static const char *const ops[] = {NULL, NULL, "<", "==", "<=", ">", "!=", ">="};

    /* 0 and ALWAYS (a key built by hand, e.g. the core's inverted test) pass all. */
    if (!key->alpha_func || key->alpha_func >= WINED3D_CMP_ALWAYS) return;
    if (key->alpha_func == WINED3D_CMP_NEVER)
    {
        out_("    discard;\n");
        return;
    }
    /* Compare the alpha as the 8-bit value Direct3D compares. */
    out_("    if (!(floor(current.a * 255.0 + 0.5) %s ffp.alpha_ref.x)) discard;\n", ops[key->alpha_func]);
}

static void fs_emit_fog(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    if (key->fog == WINED3D_FFP_FOG_OFF) return;
    if (wined3d_ffp_fog_is_interpolated(key))
        out_("    float fog = clamp(ffp_varying_fog, 0.0, 1.0);\n");
    else
    {
        /* Table fog per pixel, from the eye w or the depth z. */
        out_("    float fog_d = mix(ffp_varying_depth_z, 1.0 / gl_FragCoord.w, ffp.fog_source.x);\n");
        switch (key->fog)
        {
            case WINED3D_FFP_FOG_TABLE_LINEAR:
                out_("    float fog = (ffp.fog_params.y - fog_d) * ffp.fog_params.w;\n");
                break;
            case WINED3D_FFP_FOG_TABLE_EXP:
                out_("    float fog = exp(-ffp.fog_params.z * fog_d);\n");
                break;
            default:
                out_("    float fog = exp(-(ffp.fog_params.z * fog_d) * (ffp.fog_params.z * fog_d));\n");
                break;
        }
        out_("    fog = clamp(fog, 0.0, 1.0);\n");
    }
    out_("    current.rgb = mix(ffp.fog_color.rgb, current.rgb, fog);\n");
}

/* WINED3D_RS_SHADERBLEND: rgb = (A - B) * C + D with the destination read
 * from the copy the core made before the primitive; alpha stays the
 * source's.  GL blending is off for these draws. */
static void fs_emit_shader_blend(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    static const char *const colors[] = {"current.rgb", "dest.rgb", "vec3(0.0)"};
    static const char *const alphas[] = {"current.a", "dest.a", "ffp.blend_factor.a"};
    unsigned int sel = key->shader_blend_sel;

    if (!key->shader_blend) return;
    out_("    vec4 dest = texelFetch(ffp_dest, ivec2(gl_FragCoord.xy), 0);\n"
         "    current.rgb = clamp((%s - %s) * %s + %s, 0.0, 1.0);\n",
         colors[sel & 3], colors[(sel >> 2) & 3], alphas[(sel >> 4) & 3], colors[(sel >> 6) & 3]);
}

/* Joined draws that differ in their blend: the source clamped as GL
 * clamps it, and the factors for dual-source blending (glsl_ffp.h,
 * WINED3D_FFP_FS_SLOTS_UBO_BINDING); the colour's products are GL's. */
static void fs_emit_blend_slot(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    if (!key->blend_slots) return;
    out_("    current = clamp(current, 0.0, 1.0);\n"
         "    ffp_blend = vec4(ffp.slot_blend[0].x + ffp.slot_blend[0].y * current.rgb"
         " + ffp.slot_blend[0].z * current.a, ffp.slot_blend[1].x + ffp.slot_blend[1].y * current.a);\n"
         "    current.a *= ffp.slot_blend[0].x + (ffp.slot_blend[0].y + ffp.slot_blend[0].z) * current.a;\n");
}

char *wined3d_ffp_generate_fs(const struct wined3d_ffp_key *key)
{
    struct wined3d_ffp_buffer buffer, *b = &buffer;
    unsigned int s, count = wined3d_ffp_stage_count(key);

    wined3d_ffp_buffer_init(b);
    out_("#version 330 core\n");
    if (key->fs_slots)
        wined3d_ffp_emit_fs_slot_blocks(b, key->fs_slots);
    else
        wined3d_ffp_emit_fs_uniform_block(b);
    fs_emit_inputs(b, key);
    if (key->generic_stages)
        fs_emit_generic_functions(b, key_reads_args(key));

    out_("void main()\n"
         "{\n"
         "    vec4 diffuse = ffp_varying_diffuse;\n"
         "    vec4 specular = ffp_varying_specular;\n"
         "    vec4 current = diffuse;\n"
         "    vec4 arg1, arg2, aarg1, aarg2;\n"
         "    vec3 res_rgb;\n"
         "    float res_a;\n");
    if (key->generic_stages)
        out_("    ivec4 ops;\n"
             "    vec4 alphas;\n");
    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
        if (wined3d_ffp_stage_samples(key, s))
            fs_emit_sample(b, key, s);
    /* Colour key on the stage-0 texel: discarded, or with COLORKEYBLENDENABLE
     * made transparent black for blending and the alpha test to act on. */
    if (key->color_key)
        out_("    if (all(greaterThanEqual(tex0, ffp.color_key_low)) && all(lessThanEqual(tex0, ffp.color_key_high)))\n"
             "        %s;\n", key->color_key == 2 ? "tex0 = vec4(0.0)" : "discard");
    for (s = 0; s < count; ++s)
    {
        if (key->generic_stages)
            fs_emit_generic_stage(b, key, s);
        else
            fs_emit_stage(b, key, s);
    }
    if (key->specular_enable)
        out_("    current.rgb = min(current.rgb + specular.rgb, 1.0);\n");
    fs_emit_alpha_test(b, key);
    fs_emit_fog(b, key);
    if (key->w_buffer)
        out_("    gl_FragDepth = clamp((1.0 / gl_FragCoord.w - ffp.w_range.x) * ffp.w_range.y, 0.0, 1.0);\n");
    fs_emit_shader_blend(b, key);
    fs_emit_blend_slot(b, key);
    out_("    ffp_color = current;\n"
         "}\n");

    return wined3d_ffp_buffer_finish(b);
}

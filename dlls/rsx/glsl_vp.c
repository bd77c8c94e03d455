/*
 * GLSL of decoded RSX vertex programs, for wined3d-lite's programmable path
 * (its declarations: v_in<n>, vc[468], v_var<i>, o_position).
 *
 * Each slot reads its three sources once, computes the vector and the
 * scalar operation (the scalar one on source 2's first lane) and then
 * writes: the vector result to its temporary (unless 63), to the output
 * register with the result flag, and to the condition register with the
 * update flag or when it has neither destination; the scalar result to its
 * temporary, or with none to the output register, or with the vector's
 * result flag set to the condition register (RPCS3's reading).  The
 * condition test masks the lanes of both.
 *
 * Outputs reach the fragment program's interpolants by seed 002's
 * numbering: destination 0 the position, 1 colour 0 (interpolant 1), 7 to
 * 14 texture coordinates 0 to 7 (interpolants 4 to 11), 6 written with all
 * four lanes texture coordinate 9 (interpolant 13); 2 is colour 1 after
 * nouveau's numbering.  Any other output is refused: what it feeds is not
 * established.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

static const char swz[] = "xyzw";

static void emit_source(struct rsx_buffer *b, const struct rsx_vp_instruction *i, unsigned int n)
{
    const struct rsx_vp_source *s = &i->src[n];

    rsx_buffer_printf(b, "%s%s", s->neg ? "-" : "", s->abs ? "abs(" : "");
    switch (s->type)
    {
    case RSX_VP_TEMP: rsx_buffer_printf(b, "R[%u]", s->temp); break;
    case RSX_VP_INPUT: rsx_buffer_printf(b, "v_in%u", i->input); break;
    default: rsx_buffer_printf(b, "vc[%u]", i->constant); break;
    }
    rsx_buffer_printf(b, ".%c%c%c%c%s", swz[s->swizzle[0]], swz[s->swizzle[1]], swz[s->swizzle[2]],
            swz[s->swizzle[3]], s->abs ? ")" : "");
}

static int vector_expression(struct rsx_buffer *b, unsigned int op)
{
    switch (op)
    {
    case RSX_VP_VEC_MOV: rsx_buffer_printf(b, "s0"); break;
    case RSX_VP_VEC_MUL: rsx_buffer_printf(b, "s0 * s1"); break;
    case RSX_VP_VEC_ADD: rsx_buffer_printf(b, "s0 + s1"); break;
    case RSX_VP_VEC_MAD: rsx_buffer_printf(b, "s0 * s1 + s2"); break;
    case RSX_VP_VEC_DP3: rsx_buffer_printf(b, "vec4(dot(s0.xyz, s1.xyz))"); break;
    case RSX_VP_VEC_DPH: rsx_buffer_printf(b, "vec4(dot(s0.xyz, s1.xyz) + s1.w)"); break;
    case RSX_VP_VEC_DP4: rsx_buffer_printf(b, "vec4(dot(s0, s1))"); break;
    case RSX_VP_VEC_DST: rsx_buffer_printf(b, "vec4(1.0, s0.y * s1.y, s0.z, s1.w)"); break;
    case RSX_VP_VEC_MIN: rsx_buffer_printf(b, "min(s0, s1)"); break;
    case RSX_VP_VEC_MAX: rsx_buffer_printf(b, "max(s0, s1)"); break;
    case RSX_VP_VEC_SLT: rsx_buffer_printf(b, "vec4(lessThan(s0, s1))"); break;
    case RSX_VP_VEC_SGE: rsx_buffer_printf(b, "vec4(greaterThanEqual(s0, s1))"); break;
    case RSX_VP_VEC_SEQ: rsx_buffer_printf(b, "vec4(equal(s0, s1))"); break;
    case RSX_VP_VEC_SGT: rsx_buffer_printf(b, "vec4(greaterThan(s0, s1))"); break;
    case RSX_VP_VEC_SLE: rsx_buffer_printf(b, "vec4(lessThanEqual(s0, s1))"); break;
    case RSX_VP_VEC_SNE: rsx_buffer_printf(b, "vec4(notEqual(s0, s1))"); break;
    case RSX_VP_VEC_SFL: rsx_buffer_printf(b, "vec4(0.0)"); break;
    case RSX_VP_VEC_STR: rsx_buffer_printf(b, "vec4(1.0)"); break;
    case RSX_VP_VEC_FRC: rsx_buffer_printf(b, "fract(s0)"); break;
    case RSX_VP_VEC_FLR: rsx_buffer_printf(b, "floor(s0)"); break;
    case RSX_VP_VEC_SSG: rsx_buffer_printf(b, "sign(s0)"); break;
    default: return 0;
    }
    return 1;
}

/* Scalar operations; their meanings are NV_vertex_program's (RCC, EXP,
 * LOG, LIT as ARB_vertex_program defines them). */
static int scalar_expression(struct rsx_buffer *b, unsigned int op)
{
    switch (op)
    {
    case RSX_VP_SCA_MOV: rsx_buffer_printf(b, "vec4(s2.x)"); break;
    case RSX_VP_SCA_RCP: rsx_buffer_printf(b, "vec4(1.0 / s2.x)"); break;
    case RSX_VP_SCA_RCC: rsx_buffer_printf(b, "vec4(rsx_rcc(s2.x))"); break;
    case RSX_VP_SCA_RSQ: rsx_buffer_printf(b, "vec4(inversesqrt(abs(s2.x)))"); break;
    case RSX_VP_SCA_EXP: rsx_buffer_printf(b, "vec4(exp2(floor(s2.x)), fract(s2.x), exp2(s2.x), 1.0)"); break;
    case RSX_VP_SCA_LOG: rsx_buffer_printf(b, "rsx_log(s2.x)"); break;
    case RSX_VP_SCA_LIT: rsx_buffer_printf(b, "rsx_lit(s2)"); break;
    case RSX_VP_SCA_LG2: rsx_buffer_printf(b, "vec4(log2(s2.x))"); break;
    case RSX_VP_SCA_EX2: rsx_buffer_printf(b, "vec4(exp2(s2.x))"); break;
    case RSX_VP_SCA_SIN: rsx_buffer_printf(b, "vec4(sin(s2.x))"); break;
    case RSX_VP_SCA_COS: rsx_buffer_printf(b, "vec4(cos(s2.x))"); break;
    default: return 0;
    }
    return 1;
}

static void mask_lanes(unsigned int mask, char out[5])
{
    unsigned int c, n = 0;

    for (c = 0; c < 4; ++c)
        if (mask & (1u << c))
            out[n++] = swz[c];
    out[n] = 0;
}

static void emit_write(struct rsx_buffer *b, const char *reg, const char *value, unsigned int mask)
{
    char lanes[5];

    mask_lanes(mask, lanes);
    if (lanes[0])
        rsx_buffer_printf(b, "    %s.%s = mix(%s.%s, %s.%s, p.%s);\n", reg, lanes, reg, lanes, value, lanes, lanes);
}

/* Interpolant of an output register written with mask, -1 for position,
 * -2 when not established. */
static int output_interpolant(unsigned int output, unsigned int mask)
{
    if (output == 0) return -1;
    if (output == 1) return 1;
    if (output == 2) return 2;
    if (output >= 7 && output <= 14) return output - 3;
    if (output == 6 && mask == 0xf) return 13;
    return -2;
}

static const char prelude[] =
    "vec4 R[64], o[32], cc[2];\n"
    "float rsx_rcc(float x)\n"
    "{\n"
    "    float r = 1.0 / x, m = clamp(abs(r), 5.42101e-20, 1.884467e19);\n"
    "    return r < 0.0 ? -m : m;\n"
    "}\n"
    "vec4 rsx_log(float x)\n"
    "{\n"
    "    float a = abs(x), e = floor(log2(a));\n"
    "    return vec4(e, a / exp2(e), log2(a), 1.0);\n"
    "}\n"
    "vec4 rsx_lit(vec4 a)\n"
    "{\n"
    "    float d = max(a.x, 0.0), s = a.x > 0.0 ? pow(max(a.y, 0.0), clamp(a.w, -128.0, 128.0)) : 0.0;\n"
    "    return vec4(1.0, d, s, 1.0);\n"
    "}\n";

static int translate_slot(struct rsx_buffer *b, const struct rsx_vp_instruction *i, unsigned int n,
        uint32_t *outputs, struct rsx_error *error)
{
    static const char *const tests[8] = {NULL, "lessThan", "equal", "lessThanEqual", "greaterThan", "notEqual",
            "greaterThanEqual", NULL};
    unsigned int used = rsx_vp_vec_source_mask(i->vec_opcode) | (i->sca_opcode ? 4 : 0), s;
    int update = i->cond_update || i->cond_update_1;
    char reg[16];

    if (i->index_input || i->index_const)
        return rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: relative addressing needs ARL, which is not translated", n);
    if (i->vec_opcode && !rsx_vp_vec_opcode_name(i->vec_opcode))
        return rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: vector opcode %#x", n, i->vec_opcode);
    rsx_buffer_printf(b, "    /* %04u %s %s */\n", n, rsx_vp_vec_opcode_name(i->vec_opcode),
            rsx_vp_sca_opcode_name(i->sca_opcode));
    for (s = 0; s < 3; ++s)
        if (used & (1u << s))
        {
            rsx_buffer_printf(b, "    s%u = ", s);
            emit_source(b, i, s);
            rsx_buffer_printf(b, ";\n");
        }
    rsx_buffer_printf(b, "    p = ");
    if (!i->cond_test || i->cond == 7)
        rsx_buffer_printf(b, "bvec4(true);\n");
    else if (!i->cond)
        rsx_buffer_printf(b, "bvec4(false);\n");
    else
        rsx_buffer_printf(b, "%s(cc[%u].%c%c%c%c, vec4(0.0));\n", tests[i->cond], i->cond_reg,
                swz[i->cond_swizzle[0]], swz[i->cond_swizzle[1]], swz[i->cond_swizzle[2]], swz[i->cond_swizzle[3]]);
    if (i->vec_opcode)
    {
        rsx_buffer_printf(b, "    tv = ");
        if (!vector_expression(b, i->vec_opcode))
            return rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: vector %s is not translated (address register and "
                    "texture fetches are not used by the disc's programs)", n, rsx_vp_vec_opcode_name(i->vec_opcode));
        rsx_buffer_printf(b, ";\n");
        if (i->saturate)
            rsx_buffer_printf(b, "    tv = clamp(tv, 0.0, 1.0);\n");
    }
    if (i->sca_opcode)
    {
        rsx_buffer_printf(b, "    ts = ");
        if (!scalar_expression(b, i->sca_opcode))
            return rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: scalar %s (%#x) is not translated: branch, call and "
                    "stack numbers differ between nouveau and RPCS3 and none occurs on the disc", n,
                    rsx_vp_sca_opcode_name(i->sca_opcode), i->sca_opcode);
        rsx_buffer_printf(b, ";\n");
        if (i->saturate)
            rsx_buffer_printf(b, "    ts = clamp(ts, 0.0, 1.0);\n");
    }
    if (i->vec_opcode)
    {
        if (i->vec_dest != RSX_VP_NO_TEMP)
        {
            snprintf(reg, sizeof(reg), "R[%u]", i->vec_dest);
            emit_write(b, reg, "tv", i->vec_mask);
        }
        if (i->vec_result)
        {
            int v = output_interpolant(i->output, i->vec_mask);
            if (v == -2)
                return rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: output %u written with mask %#x: the interpolant "
                        "it feeds is not established", n, i->output, i->vec_mask);
            snprintf(reg, sizeof(reg), "o[%u]", i->output);
            emit_write(b, reg, "tv", i->vec_mask);
            *outputs |= 1u << i->output;
        }
        if (update || (i->vec_dest == RSX_VP_NO_TEMP && !i->vec_result))
        {
            snprintf(reg, sizeof(reg), "cc[%u]", i->cond_reg);
            emit_write(b, reg, "tv", i->vec_mask);
        }
    }
    if (i->sca_opcode)
    {
        if (i->sca_dest != RSX_VP_NO_TEMP)
            snprintf(reg, sizeof(reg), "R[%u]", i->sca_dest);
        else if (!i->vec_result)
        {
            if (output_interpolant(i->output, i->sca_mask) == -2)
                return rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: output %u written with mask %#x: the interpolant "
                        "it feeds is not established", n, i->output, i->sca_mask);
            snprintf(reg, sizeof(reg), "o[%u]", i->output);
            *outputs |= 1u << i->output;
        }
        else
            snprintf(reg, sizeof(reg), "cc[%u]", i->cond_reg);
        emit_write(b, reg, "ts", i->sca_mask);
        if (update && i->sca_dest != RSX_VP_NO_TEMP && !i->vec_opcode)
        {
            snprintf(reg, sizeof(reg), "cc[%u]", i->cond_reg);
            emit_write(b, reg, "ts", i->sca_mask);
        }
    }
    return RSX_OK;
}

int rsx_vp_translate(const struct rsx_vp_program *program, struct rsx_glsl *glsl, struct rsx_error *error)
{
    struct rsx_buffer b;
    uint32_t outputs = 0;
    unsigned int n;
    int hr;

    if (!program || !glsl)
        return rsx_fail(error, RSX_E_ARGUMENT, "no program");
    memset(glsl, 0, sizeof(*glsl));
    rsx_buffer_init(&b);
    rsx_buffer_printf(&b, "%s\nvoid shader_main()\n{\n    vec4 s0, s1, s2, tv, ts;\n    bvec4 p;\n"
            "    for (int k = 0; k < 64; ++k) R[k] = vec4(0.0);\n"
            "    for (int k = 0; k < 32; ++k) o[k] = vec4(0.0);\n"
            "    cc[0] = cc[1] = vec4(0.0);\n", prelude);
    for (n = 0; n < program->count; ++n)
        if ((hr = translate_slot(&b, &program->instructions[n], n, &outputs, error)) < 0)
        {
            free(rsx_buffer_take(&b));
            return hr;
        }
    rsx_buffer_printf(&b, "    o_position = o[0];\n");
    for (n = 1; n < 32; ++n)
        if (outputs & (1u << n))
        {
            int v = output_interpolant(n, 0xf);
            if (v >= 0)
            {
                rsx_buffer_printf(&b, "    v_var%d = o[%u];\n", v, n);
                glsl->varying_mask |= 1u << v;
            }
        }
    rsx_buffer_printf(&b, "}\n");
    if (!(glsl->body = rsx_buffer_take(&b)))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    glsl->attribute_mask = program->input_mask;
    glsl->constant_count = RSX_VP_CONSTANT_COUNT;
    return RSX_OK;
}

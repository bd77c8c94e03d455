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
    case RSX_VP_INPUT:
        if (i->index_input)
            rsx_buffer_printf(b, "rsx_attr(%u + A[%u].%c)", i->input, i->addr_reg, swz[i->addr_swizzle]);
        else
            rsx_buffer_printf(b, "v_in%u", i->input);
        break;
    default:
        /* An index past the 468 constants reads the nearest one: what the
         * RSX reads there is not established, and GLSL's is undefined. */
        if (i->index_const)
            rsx_buffer_printf(b, "vc[clamp(%u + A[%u].%c, 0, 467)]", i->constant, i->addr_reg, swz[i->addr_swizzle]);
        else
            rsx_buffer_printf(b, "vc[%u]", i->constant);
        break;
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
    case RSX_VP_VEC_ADD: rsx_buffer_printf(b, "s0 + s2"); break;
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

/* Interpolant of an output register written with mask: -1 the position,
 * -3 an output the fragment program does not read as an interpolant (the
 * back colours 3 and 4, which reach it only with two-sided lighting, a
 * render state this front end does not have; 6 with x alone, the point
 * size), -2 not established.  Nouveau's numbering: 2 COL1, 3 BFC0, 4 BFC1,
 * 5 FOGC (x; RPCS3 puts user clip distances in its other lanes), 6 PSZ. */
static int output_interpolant(unsigned int output, unsigned int mask)
{
    if (output == 0) return -1;
    if (output == 1) return 1;
    if (output == 2) return 2;
    if (output == 3 || output == 4) return -3;
    if (output == 5 && mask == 0x1) return 3;
    if (output >= 7 && output <= 14) return output - 3;
    if (output == 6 && mask == 0xf) return 13;
    if (output == 6 && mask == 0x1) return -3;
    return -2;
}

static const char prelude[] =
    "vec4 R[64], o[32], cc[2];\n"
    "ivec4 A[2];\n"
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

struct vp_context
{
    struct rsx_buffer *b;
    const struct rsx_vp_program *program;
    uint32_t outputs;           /* output registers written */
    int full6, psize;           /* output 6 written with xyzw / with x alone */
    int flow;                   /* the program branches: slots are cases of a switch */
    uint32_t samplers;          /* vertex texture units read by TXL */
    struct rsx_error *error;
};

static const char *const tests[8] = {NULL, "lessThan", "equal", "lessThanEqual", "greaterThan", "notEqual",
        "greaterThanEqual", NULL};

/* The condition of a slot (word 0 bits 2-13, 25) as a bvec4. */
static void emit_condition(struct rsx_buffer *b, const struct rsx_vp_instruction *i, int always_test)
{
    if ((!i->cond_test && !always_test) || i->cond == 7)
        rsx_buffer_printf(b, "bvec4(true)");
    else if (!i->cond)
        rsx_buffer_printf(b, "bvec4(false)");
    else
        rsx_buffer_printf(b, "%s(cc[%u].%c%c%c%c, vec4(0.0))", tests[i->cond], i->cond_reg,
                swz[i->cond_swizzle[0]], swz[i->cond_swizzle[1]], swz[i->cond_swizzle[2]], swz[i->cond_swizzle[3]]);
}

static int note_output(struct vp_context *c, const struct rsx_vp_instruction *i, unsigned int n, unsigned int mask)
{
    int v = output_interpolant(i->output, mask);

    if (v == -2)
        return rsx_fail(c->error, RSX_E_UNSUPPORTED, "slot %u: output %u written with mask %#x: the interpolant "
                "it feeds is not established", n, i->output, mask);
    c->outputs |= 1u << i->output;
    if (i->output == 6 && mask == 0xf)
        c->full6 = 1;
    if (i->output == 6 && mask == 0x1)
        c->psize = 1;
    return RSX_OK;
}

/* Branches, calls and returns (RPCS3's numbers; BRI and CLI are nouveau's
 * BRA and CAL, the immediate forms both sources describe).  The condition
 * is word 0's code, tested whether or not bit 13 is set (RPCS3). */
static int emit_flow(struct vp_context *c, const struct rsx_vp_instruction *i, unsigned int n)
{
    struct rsx_buffer *b = c->b;
    unsigned int target = rsx_vp_branch_target(i);

    if (i->sca_opcode >= RSX_VP_SCA_BRB)
        return rsx_fail(c->error, RSX_E_UNSUPPORTED, "slot %u: scalar %s (%#x) is not translated: it reads the "
                "boolean constants or the stack of a render state this front end does not have", n,
                rsx_vp_sca_opcode_name(i->sca_opcode), i->sca_opcode);
    if (i->sca_opcode != RSX_VP_SCA_BRA && i->sca_opcode != RSX_VP_SCA_RET && target >= c->program->count)
        return rsx_fail(c->error, RSX_E_INVALID, "slot %u: %s to slot %u, past the %u slots", n,
                rsx_vp_sca_opcode_name(i->sca_opcode), target, c->program->count);
    rsx_buffer_printf(b, "    if (any(");
    emit_condition(b, i, 1);
    rsx_buffer_printf(b, ")) { ");
    switch (i->sca_opcode)
    {
    case RSX_VP_SCA_BRA:    /* to the slot the address register holds */
        rsx_buffer_printf(b, "pc = A[%u].%c; break; }\n", i->addr_reg, swz[i->addr_swizzle]);
        break;
    case RSX_VP_SCA_BRI:
        rsx_buffer_printf(b, "pc = %u; break; }\n", target);
        break;
    case RSX_VP_SCA_CAL: case RSX_VP_SCA_CLI:
        rsx_buffer_printf(b, "if (sp < 8) { stack[sp++] = %u; pc = %u; break; } }\n", n + 1, target);
        break;
    default:    /* RET: from the program when nothing was called */
        rsx_buffer_printf(b, "pc = sp > 0 ? stack[--sp] : -1; break; }\n");
        break;
    }
    return RSX_OK;
}

static int translate_slot(struct vp_context *c, const struct rsx_vp_instruction *i, unsigned int n)
{
    struct rsx_buffer *b = c->b;
    int flow = i->sca_opcode && rsx_vp_sca_is_flow(i->sca_opcode);
    unsigned int used = rsx_vp_vec_source_mask(i->vec_opcode) | (i->sca_opcode && !flow ? 4 : 0), s;
    int update = i->cond_update || i->cond_update_1, hr;
    char reg[16];

    if (i->vec_opcode && !rsx_vp_vec_opcode_name(i->vec_opcode))
        return rsx_fail(c->error, RSX_E_UNSUPPORTED, "slot %u: vector opcode %#x", n, i->vec_opcode);
    if (c->flow)
        rsx_buffer_printf(b, "    case %u:\n", n);
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
    emit_condition(b, i, 0);
    rsx_buffer_printf(b, ";\n");
    if (i->vec_opcode == RSX_VP_VEC_ARL)
    {
        /* The address register named by the destination field, rounded
         * down (NV_vertex_program2; RPCS3 reads the same field). */
        unsigned int lane;
        if (i->vec_dest > 1)
            return rsx_fail(c->error, RSX_E_INVALID, "slot %u: ARL to address register %u (there are two)", n,
                    i->vec_dest);
        for (lane = 0; lane < 4; ++lane)
            if (i->vec_mask & (1u << lane))
                rsx_buffer_printf(b, "    if (p.%c) A[%u].%c = int(floor(s0.%c));\n", swz[lane], i->vec_dest,
                        swz[lane], swz[lane]);
    }
    else if (i->vec_opcode == RSX_VP_VEC_TXL)
    {
        /* NV_vertex_program3's TXL: the level from the coordinate's w
         * (RPCS3 samples level 0).  Vertex unit u is the core's stage u. */
        unsigned int u = rsx_vp_tex_unit(i);
        rsx_buffer_printf(b, "    tv = textureLod(s_tex%u, s0.xy, s0.w);\n", u);
        c->samplers |= 1u << u;
        if (i->saturate)
            rsx_buffer_printf(b, "    tv = clamp(tv, 0.0, 1.0);\n");
    }
    else if (i->vec_opcode)
    {
        rsx_buffer_printf(b, "    tv = ");
        if (!vector_expression(b, i->vec_opcode))
            return rsx_fail(c->error, RSX_E_UNSUPPORTED, "slot %u: vector %s is not translated", n,
                    rsx_vp_vec_opcode_name(i->vec_opcode));
        rsx_buffer_printf(b, ";\n");
        if (i->saturate)
            rsx_buffer_printf(b, "    tv = clamp(tv, 0.0, 1.0);\n");
    }
    if (i->sca_opcode && !flow)
    {
        rsx_buffer_printf(b, "    ts = ");
        if (!scalar_expression(b, i->sca_opcode))
            return rsx_fail(c->error, RSX_E_UNSUPPORTED, "slot %u: scalar opcode %#x is not translated", n,
                    i->sca_opcode);
        rsx_buffer_printf(b, ";\n");
        if (i->saturate)
            rsx_buffer_printf(b, "    ts = clamp(ts, 0.0, 1.0);\n");
    }
    if (i->vec_opcode && i->vec_opcode != RSX_VP_VEC_ARL)
    {
        if (i->vec_dest != RSX_VP_NO_TEMP)
        {
            snprintf(reg, sizeof(reg), "R[%u]", i->vec_dest);
            emit_write(b, reg, "tv", i->vec_mask);
        }
        if (i->vec_result)
        {
            if ((hr = note_output(c, i, n, i->vec_mask)) < 0)
                return hr;
            snprintf(reg, sizeof(reg), "o[%u]", i->output);
            emit_write(b, reg, "tv", i->vec_mask);
        }
        if (update || (i->vec_dest == RSX_VP_NO_TEMP && !i->vec_result))
        {
            snprintf(reg, sizeof(reg), "cc[%u]", i->cond_reg);
            emit_write(b, reg, "tv", i->vec_mask);
        }
    }
    if (i->sca_opcode && !flow)
    {
        if (i->sca_dest != RSX_VP_NO_TEMP)
            snprintf(reg, sizeof(reg), "R[%u]", i->sca_dest);
        else if (!i->vec_result)
        {
            if ((hr = note_output(c, i, n, i->sca_mask)) < 0)
                return hr;
            snprintf(reg, sizeof(reg), "o[%u]", i->output);
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
    if (flow)
        return emit_flow(c, i, n);
    return RSX_OK;
}

int rsx_vp_translate(const struct rsx_vp_program *program, struct rsx_glsl *glsl, struct rsx_error *error)
{
    struct rsx_buffer b;
    struct vp_context c;
    unsigned int n;
    int hr, indexed = 0;

    if (!program || !glsl)
        return rsx_fail(error, RSX_E_ARGUMENT, "no program");
    memset(glsl, 0, sizeof(*glsl));
    memset(&c, 0, sizeof(c));
    c.b = &b;
    c.program = program;
    c.error = error;
    for (n = 0; n < program->count; ++n)
    {
        const struct rsx_vp_instruction *i = &program->instructions[n];
        if (i->sca_opcode && rsx_vp_sca_is_flow(i->sca_opcode))
            c.flow = 1;
        if (i->index_input)
            indexed = 1;
    }
    rsx_buffer_init(&b);
    rsx_buffer_printf(&b, "%s", prelude);
    if (indexed)
    {
        /* Attributes read through the address register: any of the 16. */
        rsx_buffer_printf(&b, "vec4 rsx_attr(int n)\n{\n    switch (clamp(n, 0, 15))\n    {\n");
        for (n = 0; n < 16; ++n)
            rsx_buffer_printf(&b, "    case %u: return v_in%u;\n", n, n);
        rsx_buffer_printf(&b, "    }\n    return vec4(0.0);\n}\n");
    }
    rsx_buffer_printf(&b, "\nvoid shader_main()\n{\n    vec4 s0, s1, s2, tv, ts;\n    bvec4 p;\n"
            "    for (int k = 0; k < 64; ++k) R[k] = vec4(0.0);\n"
            "    for (int k = 0; k < 32; ++k) o[k] = vec4(0.0);\n"
            "    A[0] = A[1] = ivec4(0);\n"
            "    cc[0] = cc[1] = vec4(0.0);\n");
    if (c.flow)
        /* Slots are the cases of a switch run until the program ends; a
         * step limit keeps a program that loops for ever from hanging. */
        rsx_buffer_printf(&b, "    int pc = 0, sp = 0, steps = 0, stack[8];\n"
                "    while (pc >= 0 && pc < %u && ++steps < 65536)\n    {\n    switch (pc)\n    {\n", program->count);
    for (n = 0; n < program->count; ++n)
        if ((hr = translate_slot(&c, &program->instructions[n], n)) < 0)
        {
            free(rsx_buffer_take(&b));
            return hr;
        }
    if (c.flow)
        rsx_buffer_printf(&b, "    default:\n    pc = -1;\n    }\n    }\n");
    rsx_buffer_printf(&b, "    o_position = o[0];\n");
    for (n = 1; n < 32; ++n)
        if (c.outputs & (1u << n))
        {
            int v = output_interpolant(n, n == 6 ? (c.full6 ? 0xf : 0x1) : n == 5 ? 0x1 : 0xf);
            if (v >= 0)
            {
                rsx_buffer_printf(&b, "    v_var%d = o[%u];\n", v, n);
                glsl->varying_mask |= 1u << v;
            }
        }
    if (c.psize)
    {
        rsx_buffer_printf(&b, "    gl_PointSize = o[6].x;\n");
        glsl->writes_point_size = 1;
    }
    rsx_buffer_printf(&b, "}\n");
    if (!(glsl->body = rsx_buffer_take(&b)))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    glsl->attribute_mask = indexed ? 0xffff : program->input_mask;
    glsl->sampler_mask = c.samplers;
    glsl->constant_count = RSX_VP_CONSTANT_COUNT;
    return RSX_OK;
}

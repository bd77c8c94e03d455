/*
 * GLSL of decoded RSX fragment programs, for wined3d-lite's programmable
 * path (its declarations: v_var<i>, fc[], s_tex<u>, o_color, o_depth).
 *
 * Registers R0-R47 and H0-H47 are vec4 arrays (H kept apart from R: the
 * aliasing of two H registers onto one R is not modelled), the condition
 * registers cc[2].  An instruction reads its sources (swizzle, absolute
 * value, the source precision modifier of word 2, negation, in that order
 * as RPCS3 found on hardware), computes, scales by word 2's result scale,
 * saturates or clamps to the destination precision and writes the lanes of
 * its mask that pass its condition; with set_cond the same lanes go to the
 * condition register.  IFE becomes if / else, RET a return, KIL a discard.
 * Opcodes whose meaning is not sourced (pack/unpack, REFL, LIF, loops and
 * calls) are refused with a message.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

static const char swz[] = "xyzw";

struct fp_context
{
    struct rsx_buffer b;
    const struct rsx_fp_program *program;
    unsigned int constant_index;        /* of the instruction being translated */
    struct rsx_error *error;
    uint32_t varying_mask;
    uint32_t sampler_mask;
    int depth;                          /* indentation */
};

static void indent(struct fp_context *c)
{
    rsx_buffer_printf(&c->b, "%*s", 4 * c->depth, "");
}

/* A source as a vec4 expression. */
static void emit_source(struct fp_context *c, const struct rsx_fp_instruction *i, unsigned int n)
{
    const struct rsx_fp_source *s = &i->src[n];
    char base[64];
    int clamp_lo = 0, clamp_hi = 0;

    switch (s->type)
    {
    case RSX_FP_TEMP:
        snprintf(base, sizeof(base), "%c[%u]", s->fp16 ? 'H' : 'R', s->index);
        break;
    case RSX_FP_INPUT:
        c->varying_mask |= 1u << i->input;
        if (i->input == RSX_FP_IN_WPOS)
            snprintf(base, sizeof(base), "gl_FragCoord");
        else if (i->input == RSX_FP_IN_SSA)
            snprintf(base, sizeof(base), "vec4(gl_FrontFacing ? 1.0 : -1.0)");
        else if (i->input == RSX_FP_IN_COL0 || i->input == RSX_FP_IN_COL1)
            /* RPCS3's hardware tests: colour inputs read clamped to 0..1. */
            snprintf(base, sizeof(base), "clamp(v_var%u, 0.0, 1.0)", i->input);
        else
            snprintf(base, sizeof(base), "v_var%u", i->input);
        if (i->input == RSX_FP_IN_WPOS || i->input == RSX_FP_IN_SSA)
            c->varying_mask &= ~(1u << i->input);
        break;
    default:
        snprintf(base, sizeof(base), "fc[%u]", c->constant_index);
        break;
    }
    rsx_buffer_printf(&c->b, "%s", s->neg ? "-" : "");
    switch (s->prec_mod)
    {
    case 2: clamp_lo = -2; clamp_hi = 2; break;     /* fixed12 */
    case 3: clamp_lo = -1; clamp_hi = 1; break;     /* fixed9 */
    case 4: clamp_lo = 0; clamp_hi = 1; break;      /* saturate */
    }
    if (clamp_hi)
        rsx_buffer_printf(&c->b, "rsx_clamp(");
    if (s->abs)
        rsx_buffer_printf(&c->b, "abs(");
    rsx_buffer_printf(&c->b, "%s.%c%c%c%c", base, swz[s->swizzle[0]], swz[s->swizzle[1]], swz[s->swizzle[2]],
            swz[s->swizzle[3]]);
    if (s->abs)
        rsx_buffer_printf(&c->b, ")");
    if (clamp_hi)
        rsx_buffer_printf(&c->b, ", %d.0, %d.0)", clamp_lo, clamp_hi);
}

/* The condition of an instruction as a bvec4 expression. */
static void emit_condition(struct fp_context *c, const struct rsx_fp_instruction *i)
{
    static const char *const tests[8] = {NULL, "lessThan", "equal", "lessThanEqual", "greaterThan", "notEqual",
            "greaterThanEqual", NULL};
    unsigned int code = i->exec_lt | i->exec_eq << 1 | i->exec_gt << 2;

    if (code == 7)
        rsx_buffer_printf(&c->b, "bvec4(true)");
    else if (!code)
        rsx_buffer_printf(&c->b, "bvec4(false)");
    else
        rsx_buffer_printf(&c->b, "%s(cc[%u].%c%c%c%c, vec4(0.0))", tests[code], i->cond_reg,
                swz[i->cond_swizzle[0]], swz[i->cond_swizzle[1]], swz[i->cond_swizzle[2]], swz[i->cond_swizzle[3]]);
}

static int unsupported(struct fp_context *c, const struct rsx_fp_instruction *i, const char *why)
{
    return rsx_fail(c->error, RSX_E_UNSUPPORTED, "word %u: %s (%#x) is not translated: %s", i->offset,
            rsx_fp_opcode_name(i->opcode), i->opcode, why);
}

/* `t = <operation>;` for an ALU or texture opcode. */
static int emit_operation(struct fp_context *c, const struct rsx_fp_instruction *i)
{
    struct rsx_buffer *b = &c->b;
    unsigned int u = i->tex_unit;
    const char *f = NULL;

#define S(n) emit_source(c, i, n)
    indent(c);
    rsx_buffer_printf(b, "t = ");
    switch (i->opcode)
    {
    case RSX_FP_MOV: S(0); break;
    case RSX_FP_MUL: S(0); rsx_buffer_printf(b, " * "); S(1); break;
    case RSX_FP_ADD: S(0); rsx_buffer_printf(b, " + "); S(1); break;
    case RSX_FP_MAD: S(0); rsx_buffer_printf(b, " * "); S(1); rsx_buffer_printf(b, " + "); S(2); break;
    case RSX_FP_DP2: rsx_buffer_printf(b, "vec4(dot(("); S(0); rsx_buffer_printf(b, ").xy, ("); S(1);
        rsx_buffer_printf(b, ").xy))"); break;
    case RSX_FP_DP3: rsx_buffer_printf(b, "vec4(dot(("); S(0); rsx_buffer_printf(b, ").xyz, ("); S(1);
        rsx_buffer_printf(b, ").xyz))"); break;
    case RSX_FP_DP4: rsx_buffer_printf(b, "vec4(dot("); S(0); rsx_buffer_printf(b, ", "); S(1);
        rsx_buffer_printf(b, "))"); break;
    case RSX_FP_DP2A: rsx_buffer_printf(b, "vec4(dot(("); S(0); rsx_buffer_printf(b, ").xy, ("); S(1);
        rsx_buffer_printf(b, ").xy) + ("); S(2); rsx_buffer_printf(b, ").x)"); break;
    case RSX_FP_DST: rsx_buffer_printf(b, "rsx_dst("); S(0); rsx_buffer_printf(b, ", "); S(1);
        rsx_buffer_printf(b, ")"); break;
    case RSX_FP_MIN: f = "min"; /* fall through */
    case RSX_FP_MAX: if (!f) f = "max";
        rsx_buffer_printf(b, "%s(", f); S(0); rsx_buffer_printf(b, ", "); S(1); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_SLT: f = "lessThan"; goto compare;
    case RSX_FP_SGE: f = "greaterThanEqual"; goto compare;
    case RSX_FP_SLE: f = "lessThanEqual"; goto compare;
    case RSX_FP_SGT: f = "greaterThan"; goto compare;
    case RSX_FP_SNE: f = "notEqual"; goto compare;
    case RSX_FP_SEQ: f = "equal";
    compare:
        rsx_buffer_printf(b, "vec4(%s(", f); S(0); rsx_buffer_printf(b, ", "); S(1); rsx_buffer_printf(b, "))"); break;
    case RSX_FP_SFL: rsx_buffer_printf(b, "vec4(0.0)"); break;
    case RSX_FP_STR: rsx_buffer_printf(b, "vec4(1.0)"); break;
    case RSX_FP_FRC: rsx_buffer_printf(b, "fract("); S(0); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_FLR: rsx_buffer_printf(b, "floor("); S(0); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_DDX: rsx_buffer_printf(b, "dFdx("); S(0); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_DDY: rsx_buffer_printf(b, "dFdy("); S(0); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_RCP: rsx_buffer_printf(b, "vec4(1.0 / ("); S(0); rsx_buffer_printf(b, ").x)"); break;
    /* RSQ ignores the sign of its input (RPCS3's hardware notes). */
    case RSX_FP_RSQ: rsx_buffer_printf(b, "vec4(inversesqrt(abs(("); S(0); rsx_buffer_printf(b, ").x)))"); break;
    case RSX_FP_EX2: rsx_buffer_printf(b, "vec4(exp2(("); S(0); rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_LG2: rsx_buffer_printf(b, "vec4(log2(("); S(0); rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_COS: rsx_buffer_printf(b, "vec4(cos(("); S(0); rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_SIN: rsx_buffer_printf(b, "vec4(sin(("); S(0); rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_POW: rsx_buffer_printf(b, "vec4(pow(("); S(0); rsx_buffer_printf(b, ").x, ("); S(1);
        rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_LIT: rsx_buffer_printf(b, "rsx_lit("); S(0); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_LRP: rsx_buffer_printf(b, "mix("); S(2); rsx_buffer_printf(b, ", "); S(1);
        rsx_buffer_printf(b, ", "); S(0); rsx_buffer_printf(b, ")"); break;
    /* DIV divides by the second source's x; DIVSQ by its square root, and
     * gives 0 where the numerator is 0 (RPCS3's hardware notes). */
    case RSX_FP_DIV: S(0); rsx_buffer_printf(b, " / ("); S(1); rsx_buffer_printf(b, ").x"); break;
    case RSX_FP_DIVSQ: rsx_buffer_printf(b, "rsx_divsq("); S(0); rsx_buffer_printf(b, ", ("); S(1);
        rsx_buffer_printf(b, ").x)"); break;
    case RSX_FP_NRM: rsx_buffer_printf(b, "vec4(normalize(("); S(0); rsx_buffer_printf(b, ").xyz), 0.0)"); break;
    case RSX_FP_TEX: rsx_buffer_printf(b, "texture(s_tex%u, (", u); S(0); rsx_buffer_printf(b, ").xy)"); break;
    case RSX_FP_TXP: rsx_buffer_printf(b, "textureProj(s_tex%u, ", u); S(0); rsx_buffer_printf(b, ")"); break;
    case RSX_FP_TXL: rsx_buffer_printf(b, "textureLod(s_tex%u, (", u); S(0); rsx_buffer_printf(b, ").xy, (");
        S(1); rsx_buffer_printf(b, ").x)"); break;
    case RSX_FP_TXB: rsx_buffer_printf(b, "texture(s_tex%u, (", u); S(0); rsx_buffer_printf(b, ").xy, (");
        S(1); rsx_buffer_printf(b, ").x)"); break;
    case RSX_FP_TXD: rsx_buffer_printf(b, "textureGrad(s_tex%u, (", u); S(0); rsx_buffer_printf(b, ").xy, (");
        S(1); rsx_buffer_printf(b, ").xy, ("); S(2); rsx_buffer_printf(b, ").xy)"); break;
    case RSX_FP_PK4: case RSX_FP_UP4: case RSX_FP_PK2: case RSX_FP_UP2: case RSX_FP_PKB: case RSX_FP_UPB:
    case RSX_FP_PK16: case RSX_FP_UP16: case RSX_FP_PKG: case RSX_FP_UPG:
        return unsupported(c, i, "packing needs GLSL's pack functions, and the disc uses none");
    case RSX_FP_REFL:
        return unsupported(c, i, "nouveau lowers it before encoding, so its RSX form is not established");
    default:
        return unsupported(c, i, "its meaning is not sourced");
    }
#undef S
    rsx_buffer_printf(b, ";\n");
    if (i->opcode >= RSX_FP_TEX && i->opcode <= RSX_FP_TXD)
        c->sampler_mask |= 1u << u;
    if (i->opcode == RSX_FP_TXL || i->opcode == RSX_FP_TXB)
        c->sampler_mask |= 1u << u;
    if ((i->opcode == RSX_FP_TEX || i->opcode == RSX_FP_TXP || i->opcode == RSX_FP_TXD || i->opcode == RSX_FP_TXL
            || i->opcode == RSX_FP_TXB) && i->exp_tex)
    {
        indent(c);
        rsx_buffer_printf(b, "t = t * 2.0 - 1.0;\n");
    }
    return RSX_OK;
}

static const char *const scale_ops[8] = {NULL, " * 2.0", " * 4.0", " * 8.0", NULL, " * 0.5", " * 0.25", " * 0.125"};

/* The lanes of the mask, e.g. "xz". */
static void mask_lanes(unsigned int mask, char out[5])
{
    unsigned int c, n = 0;

    for (c = 0; c < 4; ++c)
        if (mask & (1u << c))
            out[n++] = swz[c];
    out[n] = 0;
}

static int emit_alu(struct fp_context *c, const struct rsx_fp_instruction *i)
{
    struct rsx_buffer *b = &c->b;
    unsigned int code = i->exec_lt | i->exec_eq << 1 | i->exec_gt << 2;
    char lanes[5];
    int hr;

    if (!code)
        return RSX_OK;      /* "FL": nothing is written */
    if (i->scale == 4)
        return rsx_fail(c->error, RSX_E_UNSUPPORTED, "word %u: result scale 4 has no meaning in any source", i->offset);
    if (i->use_index_reg)
        return rsx_fail(c->error, RSX_E_UNSUPPORTED, "word %u: indexed interpolant reads need a loop counter", i->offset);
    if ((hr = emit_operation(c, i)) < 0)
        return hr;
    if (scale_ops[i->scale])
    {
        indent(c);
        rsx_buffer_printf(b, "t = t%s;\n", scale_ops[i->scale]);
    }
    indent(c);
    if (i->saturate)
        rsx_buffer_printf(b, "t = rsx_clamp(t, 0.0, 1.0);\n");
    else if (i->prec == 2)
        rsx_buffer_printf(b, "t = rsx_clamp(t, -2.0, 2.0);\n");
    else if (i->prec == 3)
        rsx_buffer_printf(b, "t = rsx_clamp(t, -1.0, 1.0);\n");
    else if (i->dest_fp16 && !i->no_dest)
        rsx_buffer_printf(b, "t = clamp(t, -65504.0, 65504.0);\n");
    else
        rsx_buffer_printf(b, "/* fp32 */\n");
    mask_lanes(i->mask, lanes);
    if (!lanes[0])
        return RSX_OK;
    indent(c);
    rsx_buffer_printf(b, "p = ");
    emit_condition(c, i);
    rsx_buffer_printf(b, ";\n");
    if (!i->no_dest)
    {
        char reg[16];
        snprintf(reg, sizeof(reg), "%c[%u]", i->dest_fp16 ? 'H' : 'R', i->dest);
        indent(c);
        rsx_buffer_printf(b, "%s.%s = mix(%s.%s, t.%s, p.%s);\n", reg, lanes, reg, lanes, lanes, lanes);
    }
    if (i->set_cond)
    {
        indent(c);
        rsx_buffer_printf(b, "cc[%u].%s = mix(cc[%u].%s, t.%s, p.%s);\n", i->cond_mod_reg, lanes, i->cond_mod_reg,
                lanes, lanes, lanes);
    }
    return RSX_OK;
}

struct open_if
{
    uint32_t else_offset, end_offset;
    int in_else;
};

/* Close the IFE blocks that end, or switch to their else part, at offset. */
static void close_blocks(struct fp_context *c, struct open_if *stack, unsigned int *depth, uint32_t offset)
{
    while (*depth)
    {
        struct open_if *top = &stack[*depth - 1];

        if (!top->in_else && top->else_offset == offset)
        {
            --c->depth;
            indent(c);
            if (top->end_offset == offset)
            {
                rsx_buffer_printf(&c->b, "}\n");
                --*depth;
                continue;
            }
            rsx_buffer_printf(&c->b, "} else {\n");
            ++c->depth;
            top->in_else = 1;
            break;
        }
        if (top->in_else && top->end_offset == offset)
        {
            --c->depth;
            indent(c);
            rsx_buffer_printf(&c->b, "}\n");
            --*depth;
            continue;
        }
        break;
    }
}

static const char prelude[] =
    "vec4 R[48], H[48], cc[2];\n"
    "/* Saturation and the fixed-point precisions clamp; NaN becomes 0. */\n"
    "vec4 rsx_clamp(vec4 x, float lo, float hi) { return clamp(mix(x, vec4(0.0), isnan(x)), lo, hi); }\n"
    "vec4 rsx_divsq(vec4 a, float b) { return mix(a, a / sqrt(abs(b)), notEqual(a, vec4(0.0))); }\n"
    "vec4 rsx_dst(vec4 a, vec4 b) { return vec4(1.0, a.y * b.y, a.z, b.w); }\n"
    "vec4 rsx_lit(vec4 a)\n"
    "{\n"
    "    float d = max(a.x, 0.0), s = a.x > 0.0 ? pow(max(a.y, 0.0), clamp(a.w, -128.0, 128.0)) : 0.0;\n"
    "    return vec4(1.0, d, s, 1.0);\n"
    "}\n";

int rsx_fp_translate(const struct rsx_fp_program *program, const struct rsx_fragment_desc *desc,
        struct rsx_glsl *glsl, struct rsx_error *error)
{
    struct fp_context c;
    struct open_if *stack;
    unsigned int n, depth = 0, k;
    int hr = RSX_OK;

    if (!program || !glsl)
        return rsx_fail(error, RSX_E_ARGUMENT, "no program");
    memset(glsl, 0, sizeof(*glsl));
    memset(&c, 0, sizeof(c));
    c.program = program;
    c.error = error;
    rsx_buffer_init(&c.b);
    if (!(stack = calloc(program->count + 1, sizeof(*stack))))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    rsx_buffer_printf(&c.b, "%s\nvoid rsx_main()\n{\n    vec4 t;\n    bvec4 p;\n", prelude);
    c.depth = 1;
    for (n = 0; n < program->count && hr >= 0; ++n)
    {
        const struct rsx_fp_instruction *i = &program->instructions[n];

        close_blocks(&c, stack, &depth, i->offset);
        c.constant_index = 0;
        for (k = 0; k < n; ++k)
            c.constant_index += program->instructions[k].has_constant;
        indent(&c);
        rsx_buffer_printf(&c.b, "/* %04u %s */\n", i->offset, rsx_fp_opcode_name(i->opcode));
        switch (i->opcode)
        {
        case RSX_FP_NOP: case RSX_FP_FENCT: case RSX_FP_FENCB:
            break;      /* ordering between the texture and arithmetic units */
        case RSX_FP_KIL:
            indent(&c);
            rsx_buffer_printf(&c.b, "if (any(");
            emit_condition(&c, i);
            rsx_buffer_printf(&c.b, ")) discard;\n");
            break;
        case RSX_FP_IFE:
            indent(&c);
            rsx_buffer_printf(&c.b, "if (any(");
            emit_condition(&c, i);
            rsx_buffer_printf(&c.b, ")) {\n");
            stack[depth].else_offset = i->else_offset;
            stack[depth].end_offset = i->end_offset;
            stack[depth].in_else = 0;
            ++depth;
            ++c.depth;
            break;
        case RSX_FP_RET:
            indent(&c);
            rsx_buffer_printf(&c.b, "if (any(");
            emit_condition(&c, i);
            rsx_buffer_printf(&c.b, ")) return;\n");
            break;
        case RSX_FP_BRK: case RSX_FP_CAL: case RSX_FP_LOOP: case RSX_FP_REP:
            hr = rsx_fail(error, RSX_E_UNSUPPORTED, "word %u: %s is not translated: no program of the disc uses it, "
                    "so its fields are as the sources describe them and nothing more", i->offset,
                    rsx_fp_opcode_name(i->opcode));
            break;
        default:
            hr = emit_alu(&c, i);
        }
    }
    close_blocks(&c, stack, &depth, program->size_words);
    free(stack);
    if (hr < 0)
    {
        free(rsx_buffer_take(&c.b));
        return hr;
    }
    if (depth)
    {
        free(rsx_buffer_take(&c.b));
        return rsx_fail(error, RSX_E_INVALID, "an IFE block is still open at the program's end");
    }
    rsx_buffer_printf(&c.b, "}\n\nvoid shader_main()\n{\n"
            "    for (int k = 0; k < 48; ++k) R[k] = H[k] = vec4(0.0);\n"
            "    cc[0] = cc[1] = vec4(0.0);\n    rsx_main();\n    o_color = %s[0];\n",
            desc && desc->output_from_h0 ? "H" : "R");
    if (desc && desc->depth_replace)
    {
        rsx_buffer_printf(&c.b, "    o_depth = R[1].z;\n");
        glsl->writes_depth = 1;
    }
    rsx_buffer_printf(&c.b, "}\n");
    if (!(glsl->body = rsx_buffer_take(&c.b)))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    glsl->varying_mask = c.varying_mask;
    glsl->noperspective_mask = program->noperspective_mask & c.varying_mask;
    glsl->sampler_mask = c.sampler_mask;
    glsl->constant_count = program->constant_count;
    return RSX_OK;
}

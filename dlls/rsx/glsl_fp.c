/*
 * GLSL of decoded RSX fragment programs, for wined3d-lite's programmable
 * path (its declarations: v_var<i>, fc[], s_tex<u>, o_color, o_depth).
 *
 * Registers R0-R47 are a vec4 array; the half-precision registers are
 * their halves, as on NV30/NV40 (RPCS3's register file does the same): H2n
 * is R[n].xy and H2n+1 R[n].zw, each 32-bit lane holding two fp16 values
 * (x in the low 16 bits).  rsx_h() reads an H register from those bits and
 * rsx_set_h() rounds to fp16 and packs, so a write to H0 is visible as
 * R0.xy and one to R0.zw as H1.  The condition registers are cc[2].  An instruction reads its sources (swizzle, absolute
 * value, the source precision modifier of word 2, negation, in that order
 * as RPCS3 found on hardware), computes, scales by word 2's result scale,
 * saturates or clamps to the destination precision and writes the lanes of
 * its mask that pass its condition; with set_cond the same lanes go to the
 * condition register.  IFE becomes if / else, RET a return, KIL a discard.
 * LOOP and REP are counted for loops (the count from word 2 bits 2-9, as
 * the seed reads the field), BRK a break, CAL a call of a GLSL function
 * made of the instructions from the target to its first unconditional RET
 * outside any block.  Pack and unpack follow NV_fragment_program (PK2H,
 * PK2US, PK4B, PK4UB under RPCS3's names), PKG / UPG are PKB / UPB with the
 * sRGB curve on x, y and z (RPCS3: "UPB with gamma correction"), REFL is
 * NV_fragment_program's RFL and LIF RPCS3's reading of nouveau's LITEX2.
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
    int indexed;                        /* an interpolant is read through aL */
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
        if (s->fp16)
            snprintf(base, sizeof(base), "rsx_h(%u)", s->index);
        else
            snprintf(base, sizeof(base), "R[%u]", s->index);
        break;
    case RSX_FP_INPUT:
        c->varying_mask |= 1u << i->input;
        if (i->use_index_reg)
        {
            /* Word 3 bit 30: the interpolant indexed by the loop counter
             * (NV_fragment_program2's f[TEX0 + aL] form); any of 1 to 13
             * can be read. */
            snprintf(base, sizeof(base), "rsx_in(%u + aL)", i->input);
            c->varying_mask |= 0x3ffe;
            c->indexed = 1;
        }
        else if (i->input == RSX_FP_IN_WPOS)
            snprintf(base, sizeof(base), "gl_FragCoord");
        else if (i->input == RSX_FP_IN_SSA)
            snprintf(base, sizeof(base), "vec4(gl_FrontFacing ? 1.0 : -1.0)");
        else if (i->input == RSX_FP_IN_COL0 || i->input == RSX_FP_IN_COL1)
            /* RPCS3's hardware tests: colour inputs read clamped to 0..1. */
            snprintf(base, sizeof(base), "clamp(v_var%u, 0.0, 1.0)", i->input);
        else
            snprintf(base, sizeof(base), "v_var%u", i->input);
        if (!i->use_index_reg && (i->input == RSX_FP_IN_WPOS || i->input == RSX_FP_IN_SSA))
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
    /* Packing: the result's lanes all hold the packed bits as a float. */
    case RSX_FP_PK2: f = "rsx_pack_half(("; goto pack2;
    case RSX_FP_PK16: f = "rsx_pack_u16(clamp(("; goto pack2;
    pack2:
        rsx_buffer_printf(b, "vec4(uintBitsToFloat(%s", f); S(0);
        rsx_buffer_printf(b, ").xy%s)))", i->opcode == RSX_FP_PK16 ? ", 0.0, 1.0)" : ""); break;
    case RSX_FP_PK4: rsx_buffer_printf(b, "vec4(uintBitsToFloat(rsx_pk4b("); S(0); rsx_buffer_printf(b, ")))"); break;
    case RSX_FP_PKB: rsx_buffer_printf(b, "vec4(uintBitsToFloat(rsx_pack_u8("); S(0); rsx_buffer_printf(b, ")))"); break;
    case RSX_FP_PKG: rsx_buffer_printf(b, "vec4(uintBitsToFloat(rsx_pack_u8(rsx_to_srgb("); S(0);
        rsx_buffer_printf(b, "))))"); break;
    /* Unpacking reads the bits of the source's x. */
    case RSX_FP_UP2: rsx_buffer_printf(b, "rsx_unpack_half(floatBitsToUint(("); S(0); rsx_buffer_printf(b, ").x)).xyxy"); break;
    case RSX_FP_UP16: rsx_buffer_printf(b, "rsx_unpack_u16(floatBitsToUint(("); S(0); rsx_buffer_printf(b, ").x)).xyxy"); break;
    case RSX_FP_UP4: rsx_buffer_printf(b, "rsx_up4b(floatBitsToUint(("); S(0); rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_UPB: rsx_buffer_printf(b, "rsx_unpack_u8(floatBitsToUint(("); S(0); rsx_buffer_printf(b, ").x))"); break;
    case RSX_FP_UPG: rsx_buffer_printf(b, "rsx_from_srgb(rsx_unpack_u8(floatBitsToUint(("); S(0);
        rsx_buffer_printf(b, ").x)))"); break;
    case RSX_FP_REFL: rsx_buffer_printf(b, "rsx_refl("); S(0); rsx_buffer_printf(b, ", "); S(1);
        rsx_buffer_printf(b, ")"); break;
    case RSX_FP_LIF: rsx_buffer_printf(b, "rsx_lif("); S(0); rsx_buffer_printf(b, ")"); break;
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
    if (!i->no_dest && i->dest_fp16)
    {
        /* Only the lanes of the mask that pass the condition change. */
        indent(c);
        rsx_buffer_printf(b, "rsx_set_h(%u, t, bvec4(%s, %s, %s, %s));\n", i->dest,
                i->mask & 1 ? "p.x" : "false", i->mask & 2 ? "p.y" : "false",
                i->mask & 4 ? "p.z" : "false", i->mask & 8 ? "p.w" : "false");
    }
    else if (!i->no_dest)
    {
        indent(c);
        rsx_buffer_printf(b, "R[%u].%s = mix(R[%u].%s, t.%s, p.%s);\n", i->dest, lanes, i->dest, lanes, lanes, lanes);
    }
    if (i->set_cond)
    {
        indent(c);
        rsx_buffer_printf(b, "cc[%u].%s = mix(cc[%u].%s, t.%s, p.%s);\n", i->cond_mod_reg, lanes, i->cond_mod_reg,
                lanes, lanes, lanes);
    }
    return RSX_OK;
}

/* An open IFE (else and end offsets) or loop (both its end). */
struct open_block
{
    uint32_t else_offset, end_offset;
    int in_else, loop, counter;
    uint32_t id;                        /* the LOOP's offset: its saved counter */
};

struct block_stack
{
    struct open_block *blocks;
    unsigned int depth, loops;
};

/* Close the blocks that end, or switch an IFE to its else part, at offset. */
static void close_blocks(struct fp_context *c, struct block_stack *st, uint32_t offset)
{
    while (st->depth)
    {
        struct open_block *top = &st->blocks[st->depth - 1];

        if (!top->in_else && top->else_offset == offset)
        {
            --c->depth;
            indent(c);
            if (top->end_offset == offset)
            {
                rsx_buffer_printf(&c->b, "}\n");
                if (top->counter)
                {
                    indent(c);
                    rsx_buffer_printf(&c->b, "aL = aL%u;\n", top->id);
                }
                st->loops -= top->loop;
                --st->depth;
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
            --st->depth;
            continue;
        }
        break;
    }
}

static const char prelude[] =
    "vec4 R[48], cc[2], t;\n"
    "bvec4 p;\n"
    "int aL;\n"
    "/* Saturation and the fixed-point precisions clamp; NaN becomes 0. */\n"
    "vec4 rsx_clamp(vec4 x, float lo, float hi) { return clamp(mix(x, vec4(0.0), isnan(x)), lo, hi); }\n"
    "vec4 rsx_divsq(vec4 a, float b) { return mix(a, a / sqrt(abs(b)), notEqual(a, vec4(0.0))); }\n"
    "vec4 rsx_dst(vec4 a, vec4 b) { return vec4(1.0, a.y * b.y, a.z, b.w); }\n"
    "vec4 rsx_lit(vec4 a)\n"
    "{\n"
    "    float d = max(a.x, 0.0), s = a.x > 0.0 ? pow(max(a.y, 0.0), clamp(a.w, -128.0, 128.0)) : 0.0;\n"
    "    return vec4(1.0, d, s, 1.0);\n"
    "}\n"
    "vec4 rsx_lif(vec4 a) { return vec4(1.0, a.y, a.y > 0.0 ? exp2(a.w) : 0.0, 1.0); }\n"
    "/* NV_fragment_program's RFL: a the axis, b the direction (w undefined there). */\n"
    "vec4 rsx_refl(vec4 a, vec4 b) { float k = 2.0 * dot(a.xyz, b.xyz) / dot(a.xyz, a.xyz); return k * a - b; }\n"
    "/* GLSL 3.30 has no pack functions: fp16 with round to nearest even. */\n"
    "vec4 rsx_in(int n);\n"
    "uint rsx_f2h(float f)\n"
    "{\n"
    "    uint u = floatBitsToUint(f), sign = (u >> 16) & 0x8000u, m = u & 0x7fffffu, h, r;\n"
    "    int e = int((u >> 23) & 255u) - 112;\n"
    "    if (isnan(f)) return sign | 0x7e00u;\n"
    "    if (e >= 31) return sign | 0x7c00u;\n"
    "    if (e <= 0)\n"
    "    {\n"
    "        uint shift = uint(14 - e);\n"
    "        if (e < -10) return sign;\n"
    "        m |= 0x800000u;\n"
    "        h = m >> shift;\n"
    "        r = m & ((1u << shift) - 1u);\n"
    "        if (r > (1u << (shift - 1u)) || (r == (1u << (shift - 1u)) && (h & 1u) != 0u)) ++h;\n"
    "        return sign | h;\n"
    "    }\n"
    "    h = uint(e) << 10 | m >> 13;\n"
    "    r = m & 0x1fffu;\n"
    "    if (r > 0x1000u || (r == 0x1000u && (h & 1u) != 0u)) ++h;\n"
    "    return sign | h;\n"
    "}\n"
    "float rsx_h2f(uint h)\n"
    "{\n"
    "    uint sign = (h & 0x8000u) << 16, e = (h >> 10) & 31u, m = h & 1023u;\n"
    "    if (e == 0u) return uintBitsToFloat(sign | floatBitsToUint(float(m) * exp2(-24.0)));\n"
    "    if (e == 31u) return uintBitsToFloat(sign | 0x7f800000u | m << 13);\n"
    "    return uintBitsToFloat(sign | (e + 112u) << 23 | m << 13);\n"
    "}\n"
    "uint rsx_pack_half(vec2 v) { return rsx_f2h(v.x) | rsx_f2h(v.y) << 16; }\n"
    "vec2 rsx_unpack_half(uint v) { return vec2(rsx_h2f(v & 0xffffu), rsx_h2f(v >> 16)); }\n"
    "uint rsx_pack_u16(vec2 v) { uvec2 u = uvec2(round(clamp(v, 0.0, 1.0) * 65535.0)); return u.x | u.y << 16; }\n"
    "vec2 rsx_unpack_u16(uint v) { return vec2(uvec2(v & 0xffffu, v >> 16)) / 65535.0; }\n"
    "uint rsx_pack_u8(vec4 v)\n"
    "{\n"
    "    uvec4 u = uvec4(round(clamp(v, 0.0, 1.0) * 255.0));\n"
    "    return u.x | u.y << 8 | u.z << 16 | u.w << 24;\n"
    "}\n"
    "vec4 rsx_unpack_u8(uint v) { return vec4(uvec4(v, v >> 8, v >> 16, v >> 24) & 255u) / 255.0; }\n"
    "/* PK4B / UP4B: bytes biased by 128, 0 is -128/127 and 255 is 127/127. */\n"
    "uint rsx_pk4b(vec4 a)\n"
    "{\n"
    "    uvec4 u = uvec4(round(clamp(a, -128.0 / 127.0, 1.0) * 127.0) + 128.0);\n"
    "    return u.x | u.y << 8 | u.z << 16 | u.w << 24;\n"
    "}\n"
    "vec4 rsx_up4b(uint v) { return (vec4(uvec4(v, v >> 8, v >> 16, v >> 24) & 255u) - 128.0) / 127.0; }\n"
    "vec4 rsx_to_srgb(vec4 a)\n"
    "{\n"
    "    vec3 c = clamp(a.rgb, 0.0, 1.0);\n"
    "    return vec4(mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, greaterThan(c, vec3(0.0031308))), a.a);\n"
    "}\n"
    "vec4 rsx_from_srgb(vec4 a)\n"
    "{\n"
    "    return vec4(mix(a.rgb / 12.92, pow((a.rgb + 0.055) / 1.055, vec3(2.4)), greaterThan(a.rgb, vec3(0.04045))), a.a);\n"
    "}\n"
    "/* H2n is R[n].xy and H2n+1 R[n].zw, two fp16 values a lane. */\n"
    "vec4 rsx_h(int n)\n"
    "{\n"
    "    vec2 q = (n & 1) != 0 ? R[n >> 1].zw : R[n >> 1].xy;\n"
    "    return vec4(rsx_unpack_half(floatBitsToUint(q.x)), rsx_unpack_half(floatBitsToUint(q.y)));\n"
    "}\n"
    "void rsx_set_h(int n, vec4 v, bvec4 m)\n"
    "{\n"
    "    vec4 h = mix(rsx_h(n), v, m);\n"
    "    vec2 q = vec2(uintBitsToFloat(rsx_pack_half(h.xy)), uintBitsToFloat(rsx_pack_half(h.zw)));\n"
    "    if ((n & 1) != 0) R[n >> 1].zw = q; else R[n >> 1].xy = q;\n"
    "}\n";

/* A CAL target's function: from the target to its first unconditional
 * RET outside any block, or to the program's end. */
static unsigned int subroutine_end(const struct rsx_fp_program *program, unsigned int start)
{
    unsigned int n, open = 0;
    uint32_t ends[64];

    for (n = start; n < program->count; ++n)
    {
        const struct rsx_fp_instruction *i = &program->instructions[n];
        while (open && ends[open - 1] <= i->offset)
            --open;
        if (i->opcode == RSX_FP_RET && !open && i->exec_lt && i->exec_eq && i->exec_gt)
            return n + 1;
        if ((i->opcode == RSX_FP_IFE || i->opcode == RSX_FP_LOOP || i->opcode == RSX_FP_REP) && open < 64)
            ends[open++] = i->end_offset;
    }
    return program->count;
}

struct subroutine
{
    unsigned int first, last;   /* instructions [first, last) */
    uint32_t offset;
};

static void emit_cond_prefix(struct fp_context *c, const struct rsx_fp_instruction *i)
{
    indent(c);
    rsx_buffer_printf(&c->b, "if (any(");
    emit_condition(c, i);
    rsx_buffer_printf(&c->b, ")) ");
}

/* One function's body: instructions [first, last) minus those of other
 * functions when skip is set (the main program). */
static int emit_body(struct fp_context *c, unsigned int first, unsigned int last, const struct subroutine *subs,
        unsigned int sub_count, int skip)
{
    const struct rsx_fp_program *program = c->program;
    struct block_stack st;
    unsigned int n, k;
    int hr = RSX_OK;

    memset(&st, 0, sizeof(st));
    if (!(st.blocks = calloc(program->count + 1, sizeof(*st.blocks))))
        return rsx_fail(c->error, RSX_E_NOMEMORY, "out of memory");
    c->depth = 1;
    for (n = first; n < last && hr >= 0; ++n)
    {
        const struct rsx_fp_instruction *i = &program->instructions[n];
        int skipped = 0;

        close_blocks(c, &st, i->offset);
        for (k = 0; skip && k < sub_count; ++k)
            if (n >= subs[k].first && n < subs[k].last)
                skipped = 1;
        if (skipped)
            continue;
        c->constant_index = 0;
        for (k = 0; k < n; ++k)
            c->constant_index += program->instructions[k].has_constant;
        indent(c);
        rsx_buffer_printf(&c->b, "/* %04u %s */\n", i->offset, rsx_fp_opcode_name(i->opcode));
        switch (i->opcode)
        {
        case RSX_FP_NOP: case RSX_FP_FENCT: case RSX_FP_FENCB:
            break;      /* ordering between the texture and arithmetic units */
        case RSX_FP_KIL:
            emit_cond_prefix(c, i);
            rsx_buffer_printf(&c->b, "discard;\n");
            break;
        case RSX_FP_IFE:
        case RSX_FP_LOOP:
        case RSX_FP_REP:
        {
            struct open_block *o = &st.blocks[st.depth++];
            if (i->opcode == RSX_FP_LOOP)
            {
                /* The enclosing loop's counter comes back after this one. */
                indent(c);
                rsx_buffer_printf(&c->b, "int aL%u = aL;\n", i->offset);
            }
            emit_cond_prefix(c, i);
            if (i->opcode == RSX_FP_IFE)
                rsx_buffer_printf(&c->b, "{\n");
            else
            {
                /* Seed 002: word 2 bits 2-9 are the iteration count (REP
                 * repeats it in all three fields, as Mesa writes it); LOOP
                 * sets the counter aL from the initial value and the
                 * increment (bits 10-17, 19-26) at each pass. */
                rsx_buffer_printf(&c->b, "for (int l%u = 0; l%u < %u; ++l%u) {\n", st.depth, st.depth,
                        rsx_fp_loop_count(i), st.depth);
                if (i->opcode == RSX_FP_LOOP)
                {
                    indent(c);
                    rsx_buffer_printf(&c->b, "    aL = %u + l%u * %u;\n", rsx_fp_loop_init(i), st.depth,
                            rsx_fp_loop_increment(i));
                }
            }
            o->else_offset = i->opcode == RSX_FP_IFE ? i->else_offset : i->end_offset;
            o->end_offset = i->end_offset;
            o->in_else = 0;
            o->loop = i->opcode != RSX_FP_IFE;
            o->counter = i->opcode == RSX_FP_LOOP;
            o->id = i->offset;
            st.loops += o->loop;
            ++c->depth;
            break;
        }
        case RSX_FP_BRK:
            if (!st.loops)
            {
                hr = rsx_fail(c->error, RSX_E_INVALID, "word %u: BRK outside a LOOP or REP", i->offset);
                break;
            }
            emit_cond_prefix(c, i);
            rsx_buffer_printf(&c->b, "break;\n");
            break;
        case RSX_FP_CAL:
            emit_cond_prefix(c, i);
            rsx_buffer_printf(&c->b, "rsx_sub_%u();\n", i->else_offset);
            break;
        case RSX_FP_RET:
            emit_cond_prefix(c, i);
            rsx_buffer_printf(&c->b, "return;\n");
            break;
        default:
            hr = emit_alu(c, i);
        }
    }
    if (hr >= 0)
    {
        close_blocks(c, &st, last < program->count ? program->instructions[last].offset : program->size_words);
        if (st.depth)
            hr = rsx_fail(c->error, RSX_E_INVALID, "an IFE, LOOP or REP block is still open at word %u, the end of "
                    "its %s", last < program->count ? program->instructions[last].offset : program->size_words,
                    skip ? "program" : "subroutine");
    }
    free(st.blocks);
    return hr;
}

/* GLSL has no recursion: a subroutine that reaches itself is refused. */
static int calls_reach(const struct rsx_fp_program *program, const struct subroutine *subs, unsigned int sub_count,
        unsigned int from, unsigned int target, unsigned int depth)
{
    unsigned int n, k;

    if (depth > sub_count)
        return 1;
    for (n = subs[from].first; n < subs[from].last; ++n)
    {
        const struct rsx_fp_instruction *i = &program->instructions[n];
        if (i->opcode != RSX_FP_CAL)
            continue;
        for (k = 0; k < sub_count; ++k)
            if (subs[k].offset == i->else_offset
                    && (k == target || calls_reach(program, subs, sub_count, k, target, depth + 1)))
                return 1;
    }
    return 0;
}

int rsx_fp_translate(const struct rsx_fp_program *program, const struct rsx_fragment_desc *desc,
        struct rsx_glsl *glsl, struct rsx_error *error)
{
    struct fp_context c;
    struct subroutine *subs;
    unsigned int n, k, sub_count = 0;
    int hr = RSX_OK;

    if (!program || !glsl)
        return rsx_fail(error, RSX_E_ARGUMENT, "no program");
    memset(glsl, 0, sizeof(*glsl));
    memset(&c, 0, sizeof(c));
    c.program = program;
    c.error = error;
    rsx_buffer_init(&c.b);
    if (!(subs = calloc(program->count + 1, sizeof(*subs))))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    /* The subroutines: one per distinct CAL target. */
    for (n = 0; n < program->count; ++n)
    {
        const struct rsx_fp_instruction *i = &program->instructions[n];
        int index;
        if (i->opcode != RSX_FP_CAL)
            continue;
        for (k = 0; k < sub_count; ++k)
            if (subs[k].offset == i->else_offset)
                break;
        if (k < sub_count || (index = rsx_fp_instruction_at(program, i->else_offset)) < 0)
            continue;
        subs[sub_count].offset = i->else_offset;
        subs[sub_count].first = index;
        subs[sub_count].last = subroutine_end(program, index);
        ++sub_count;
    }
    for (k = 0; k < sub_count; ++k)
        if (calls_reach(program, subs, sub_count, k, k, 0))
        {
            uint32_t offset = subs[k].offset;
            free(subs);
            return rsx_fail(error, RSX_E_UNSUPPORTED, "the subroutine at word %u calls itself: GLSL has no recursion",
                    offset);
        }
    rsx_buffer_printf(&c.b, "%s\n", prelude);
    for (k = 0; k < sub_count; ++k)
        rsx_buffer_printf(&c.b, "void rsx_sub_%u();\n", subs[k].offset);
    for (k = 0; k < sub_count && hr >= 0; ++k)
    {
        rsx_buffer_printf(&c.b, "void rsx_sub_%u()\n{\n", subs[k].offset);
        hr = emit_body(&c, subs[k].first, subs[k].last, subs, sub_count, 0);
        rsx_buffer_printf(&c.b, "}\n");
    }
    if (hr >= 0)
    {
        rsx_buffer_printf(&c.b, "void rsx_main()\n{\n");
        hr = emit_body(&c, 0, program->count, subs, sub_count, 1);
    }
    free(subs);
    if (hr < 0)
    {
        free(rsx_buffer_take(&c.b));
        return hr;
    }
    rsx_buffer_printf(&c.b, "}\n\n");
    if (c.indexed)
    {
        rsx_buffer_printf(&c.b, "vec4 rsx_in(int n)\n{\n    switch (n)\n    {\n");
        for (k = 1; k < 14; ++k)
            rsx_buffer_printf(&c.b, "    case %u: return %sv_var%u%s;\n", k, k < 3 ? "clamp(" : "", k,
                    k < 3 ? ", 0.0, 1.0)" : "");
        rsx_buffer_printf(&c.b, "    }\n    return vec4(0.0);\n}\n");
    }
    rsx_buffer_printf(&c.b, "void shader_main()\n{\n"
            "    for (int k = 0; k < 48; ++k) R[k] = vec4(0.0);\n"
            "    aL = 0;\n"
            "    cc[0] = cc[1] = vec4(0.0);\n    rsx_main();\n    o_color = %s;\n",
            desc && desc->output_from_h0 ? "rsx_h(0)" : "R[0]");
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

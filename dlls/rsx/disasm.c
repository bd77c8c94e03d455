/*
 * Text of decoded RSX programs.  Every operand an instruction reads is
 * printed, including those RPCS3's disassembly leaves out (seed 002: the
 * second source of TXL and TXB, the third of TXD, an inline constant read
 * as a level of detail, ALU predicates, saturation and output scale), and
 * each instruction's words.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

static const char swz[] = "xyzw";
static const char *const fp_inputs[15] =
{
    "WPOS", "COL0", "COL1", "FOGC", "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6", "TEX7",
    "TEX8", "TEX9", "SSA",
};
static const char *const prec_mods[8] = {"", ":h", ":fx12", ":fx9", ":sat", ":m5", ":m6", ":m7"};
static const char *const scales[8] = {"", "_x2", "_x4", "_x8", "_s4", "_d2", "_d4", "_d8"};
static const char *const precs[4] = {"", "_fp16", "_fx12", "_fx9"};

static void print_swizzle(struct rsx_buffer *b, const uint8_t s[4])
{
    if (s[0] == 0 && s[1] == 1 && s[2] == 2 && s[3] == 3)
        return;
    rsx_buffer_printf(b, ".%c%c%c%c", swz[s[0]], swz[s[1]], swz[s[2]], swz[s[3]]);
}

static void print_mask(struct rsx_buffer *b, unsigned int mask)
{
    unsigned int c;

    if (mask == 0xf)
        return;
    rsx_buffer_printf(b, ".");
    for (c = 0; c < 4; ++c)
        if (mask & (1u << c))
            rsx_buffer_printf(b, "%c", swz[c]);
    if (!mask)
        rsx_buffer_printf(b, "(none)");
}

static void print_fp_cond(struct rsx_buffer *b, const struct rsx_fp_instruction *i)
{
    static const char *const names[8] = {"FL", "LT", "EQ", "LE", "GT", "NE", "GE", "TR"};
    unsigned int code = i->exec_lt | i->exec_eq << 1 | i->exec_gt << 2;

    if (code == 7 && !i->cond_reg && i->cond_swizzle[0] == 0 && i->cond_swizzle[1] == 1
            && i->cond_swizzle[2] == 2 && i->cond_swizzle[3] == 3)
        return;
    rsx_buffer_printf(b, " (%s RC%u", names[code], i->cond_reg);
    print_swizzle(b, i->cond_swizzle);
    rsx_buffer_printf(b, ")");
}

static void print_fp_source(struct rsx_buffer *b, const struct rsx_fp_instruction *i, unsigned int n)
{
    const struct rsx_fp_source *s = &i->src[n];

    rsx_buffer_printf(b, "%s%s", s->neg ? "-" : "", s->abs ? "|" : "");
    switch (s->type)
    {
    case RSX_FP_TEMP:
        rsx_buffer_printf(b, "%c%u", s->fp16 ? 'H' : 'R', s->index);
        break;
    case RSX_FP_INPUT:
        rsx_buffer_printf(b, "f[%s%s]%s", i->input < 15 ? fp_inputs[i->input] : "?", i->use_index_reg ? "+aL" : "",
                i->no_perspective ? "(noperspective)" : "");
        break;
    case RSX_FP_CONSTANT:
    {
        unsigned int c;
        rsx_buffer_printf(b, "{");
        for (c = 0; c < 4; ++c)
        {
            float f;
            memcpy(&f, &i->constant[c], 4);
            rsx_buffer_printf(b, "%s%g", c ? ", " : "", f);
        }
        rsx_buffer_printf(b, "}@%#x", i->constant_offset);
        break;
    }
    default:
        rsx_buffer_printf(b, "?%u", s->type);
    }
    print_swizzle(b, s->swizzle);
    rsx_buffer_printf(b, "%s%s", s->abs ? "|" : "", prec_mods[s->prec_mod & 7]);
}

static int is_texture_op(unsigned int op)
{
    return op == RSX_FP_TEX || op == RSX_FP_TXP || op == RSX_FP_TXD || op == RSX_FP_TXL || op == RSX_FP_TXB;
}

static void print_fp_instruction(struct rsx_buffer *b, const struct rsx_fp_instruction *i)
{
    unsigned int s, n = rsx_fp_source_count(i->opcode);
    int reads_input = 0;
    const char *name = rsx_fp_opcode_name(i->opcode);

    rsx_buffer_printf(b, "%04u: ", i->offset);
    if (i->opcode >= RSX_FP_BRANCH)
    {
        rsx_buffer_printf(b, "%s", name);
        print_fp_cond(b, i);
        if (i->opcode == RSX_FP_IFE)
            rsx_buffer_printf(b, " else=%u end=%u", i->else_offset, i->end_offset);
        else if (i->opcode == RSX_FP_CAL)
            rsx_buffer_printf(b, " target=%u", i->else_offset);
        else if (i->opcode == RSX_FP_LOOP || i->opcode == RSX_FP_REP)
            rsx_buffer_printf(b, " {count=%u, init=%u, increment=%u} end=%u", rsx_fp_loop_count(i),
                    rsx_fp_loop_init(i), rsx_fp_loop_increment(i), i->end_offset);
        if (i->word3_bit31)
            rsx_buffer_printf(b, " word3.31");
    }
    else
    {
        rsx_buffer_printf(b, "%s%c%s%s%s%s%s", name, i->dest_fp16 ? 'H' : 'R', i->set_cond ? "C" : "",
                i->saturate ? "_SAT" : "", scales[i->scale & 7], precs[i->prec & 3], i->exp_tex ? "_BX2" : "");
        if (i->set_cond)
            rsx_buffer_printf(b, "%u", i->cond_mod_reg);
        rsx_buffer_printf(b, " ");
        if (i->no_dest)
            rsx_buffer_printf(b, "RC%u", i->cond_mod_reg);
        else
            rsx_buffer_printf(b, "%c%u", i->dest_fp16 ? 'H' : 'R', i->dest);
        print_mask(b, i->mask);
        print_fp_cond(b, i);
        for (s = 0; s < n; ++s)
        {
            rsx_buffer_printf(b, ", ");
            print_fp_source(b, i, s);
        }
        if (is_texture_op(i->opcode))
            rsx_buffer_printf(b, ", TEX%u", i->tex_unit);
        for (s = 0; s < n; ++s)
            if (i->src[s].type == RSX_FP_INPUT)
                reads_input = 1;
        /* Seed 002: bits 21-29 of word 3 are all ones exactly when an
         * interpolant is read; anything else is printed. */
        if (i->addr_reg != (reads_input ? 0x7fc : 0) || (i->use_index_reg && !reads_input))
            rsx_buffer_printf(b, " addr=%#x%s", i->addr_reg, i->use_index_reg ? "+aL" : "");
    }
    if (i->end)
        rsx_buffer_printf(b, " END");
    rsx_buffer_printf(b, "\n");
}

char *rsx_fp_disassemble(const struct rsx_fp_program *program)
{
    struct rsx_buffer b;
    unsigned int n;

    rsx_buffer_init(&b);
    rsx_buffer_printf(&b, "# fragment program: %u instructions, %u words, %u inline constants\n",
            program->count, program->size_words, program->constant_count);
    for (n = 0; n < program->count; ++n)
        print_fp_instruction(&b, &program->instructions[n]);
    return rsx_buffer_take(&b);
}

/* ---------------------------------------------------------------------- */

static void print_vp_source(struct rsx_buffer *b, const struct rsx_vp_instruction *i, unsigned int n)
{
    const struct rsx_vp_source *s = &i->src[n];

    rsx_buffer_printf(b, "%s%s", s->neg ? "-" : "", s->abs ? "|" : "");
    switch (s->type)
    {
    case RSX_VP_TEMP: rsx_buffer_printf(b, "R%u", s->temp); break;
    case RSX_VP_INPUT:
        rsx_buffer_printf(b, "v[%u", i->input);
        if (i->index_input)
            rsx_buffer_printf(b, "+A%u.%c", i->addr_reg, swz[i->addr_swizzle]);
        rsx_buffer_printf(b, "]");
        break;
    case RSX_VP_CONSTANT:
        rsx_buffer_printf(b, "c[%u", i->constant);
        if (i->index_const)
            rsx_buffer_printf(b, "+A%u.%c", i->addr_reg, swz[i->addr_swizzle]);
        rsx_buffer_printf(b, "]");
        break;
    default: rsx_buffer_printf(b, "?0");
    }
    print_swizzle(b, s->swizzle);
    rsx_buffer_printf(b, "%s", s->abs ? "|" : "");
}

static void print_vp_cond(struct rsx_buffer *b, const struct rsx_vp_instruction *i)
{
    static const char *const names[8] = {"FL", "LT", "EQ", "LE", "GT", "NE", "GE", "TR"};

    if (!i->cond_test)
        return;
    rsx_buffer_printf(b, " (%s RC%u", names[i->cond & 7], i->cond_reg);
    print_swizzle(b, i->cond_swizzle);
    rsx_buffer_printf(b, ")");
}

static void print_vp_op(struct rsx_buffer *b, const struct rsx_vp_instruction *i, int scalar)
{
    unsigned int s, mask = scalar ? 4 : rsx_vp_vec_source_mask(i->vec_opcode);
    int update = i->cond_update || i->cond_update_1;

    if (scalar && rsx_vp_sca_is_flow(i->sca_opcode))
    {
        /* Branches: the condition (tested whatever bit 13 says) and the target. */
        static const char *const names[8] = {"FL", "LT", "EQ", "LE", "GT", "NE", "GE", "TR"};
        rsx_buffer_printf(b, "%s (%s RC%u", rsx_vp_sca_opcode_name(i->sca_opcode), names[i->cond & 7], i->cond_reg);
        print_swizzle(b, i->cond_swizzle);
        rsx_buffer_printf(b, ")");
        if (i->sca_opcode == RSX_VP_SCA_BRA)
            rsx_buffer_printf(b, " A%u.%c", i->addr_reg, swz[i->addr_swizzle]);
        else if (i->sca_opcode != RSX_VP_SCA_RET)
            rsx_buffer_printf(b, " L%u", rsx_vp_branch_target(i));
        return;
    }
    if (!scalar && i->vec_opcode == RSX_VP_VEC_ARL)
    {
        rsx_buffer_printf(b, "ARL A%u", i->vec_dest);
        print_mask(b, i->vec_mask);
        print_vp_cond(b, i);
        rsx_buffer_printf(b, ", ");
        print_vp_source(b, i, 0);
        return;
    }
    rsx_buffer_printf(b, "%s%s%s ", scalar ? rsx_vp_sca_opcode_name(i->sca_opcode) : rsx_vp_vec_opcode_name(i->vec_opcode),
            update ? "C" : "", i->saturate ? "_SAT" : "");
    if (scalar)
    {
        if (i->sca_dest != RSX_VP_NO_TEMP)
            rsx_buffer_printf(b, "R%u", i->sca_dest);
        else if (!i->vec_result)
            rsx_buffer_printf(b, "o[%u]", i->output);
        else
            rsx_buffer_printf(b, "RC%u", i->cond_reg);
        print_mask(b, i->sca_mask);
    }
    else
    {
        int any = 0;
        if (i->vec_dest != RSX_VP_NO_TEMP)
        {
            rsx_buffer_printf(b, "R%u", i->vec_dest);
            any = 1;
        }
        if (i->vec_result)
        {
            rsx_buffer_printf(b, "%so[%u]", any ? "+" : "", i->output);
            any = 1;
        }
        if (!any || update)
            rsx_buffer_printf(b, "%sRC%u", any ? "+" : "", i->cond_reg);
        print_mask(b, i->vec_mask);
    }
    print_vp_cond(b, i);
    for (s = 0; s < 3; ++s)
        if (mask & (1u << s))
        {
            rsx_buffer_printf(b, ", ");
            print_vp_source(b, i, s);
        }
    if (!scalar && i->vec_opcode == RSX_VP_VEC_TXL)
        rsx_buffer_printf(b, ", TEX%u", rsx_vp_tex_unit(i));
}

char *rsx_vp_disassemble(const struct rsx_vp_program *program)
{
    struct rsx_buffer b;
    unsigned int n;

    rsx_buffer_init(&b);
    rsx_buffer_printf(&b, "# vertex program: %u slots, attributes %#x, outputs %#x, %u temporaries\n",
            program->count, program->input_mask, program->output_mask, program->temp_count);
    for (n = 0; n < program->count; ++n)
    {
        const struct rsx_vp_instruction *i = &program->instructions[n];

        rsx_buffer_printf(&b, "%04u: ", n);
        if (i->vec_opcode || !i->sca_opcode)
            print_vp_op(&b, i, 0);
        if (i->sca_opcode)
        {
            if (i->vec_opcode)
                rsx_buffer_printf(&b, " ; ");
            print_vp_op(&b, i, 1);
        }
        if (i->addr_reg || i->addr_swizzle || i->d0_bit28 || i->d0_bit31)
            rsx_buffer_printf(&b, " [A%u.%c bit28=%u bit31=%u]", i->addr_reg, swz[i->addr_swizzle], i->d0_bit28,
                    i->d0_bit31);
        if (i->end)
            rsx_buffer_printf(&b, " END");
        rsx_buffer_printf(&b, "\n");
    }
    return rsx_buffer_take(&b);
}

/* ---------------------------------------------------------------------- */

static const char *variability_name(uint32_t v)
{
    return v == RSX_CG_VARYING ? "varying" : v == RSX_CG_UNIFORM ? "uniform" : v == RSX_CG_CONSTANT ? "constant" : "?";
}

static const char *direction_name(uint32_t d)
{
    return d == RSX_CG_IN ? "in" : d == RSX_CG_OUT ? "out" : d == RSX_CG_INOUT ? "inout" : "?";
}

char *rsx_program_describe(const struct rsx_program *p)
{
    struct rsx_buffer b;
    unsigned int n, k;

    rsx_buffer_init(&b);
    rsx_buffer_printf(&b, "# %s program at %#lx: revision %u, %u bytes, %u parameters, %u bytes of microcode at %#x\n",
            p->profile == RSX_CG_PROFILE_VERTEX ? "vertex" : "fragment", (unsigned long)p->file_offset, p->revision, p->total_size,
            p->parameter_count, p->ucode_size, p->ucode_offset);
    if (p->profile == RSX_CG_PROFILE_VERTEX)
    {
        const struct rsx_vertex_desc *v = &p->desc.vertex;
        rsx_buffer_printf(&b, "# instructions %u slot %u registers %u inputs %#x outputs %#x user_clip %#x\n",
                v->instruction_count, v->instruction_slot, v->register_count, v->attribute_input_mask,
                v->attribute_output_mask, v->user_clip_mask);
    }
    else
    {
        const struct rsx_fragment_desc *f = &p->desc.fragment;
        rsx_buffer_printf(&b, "# instructions %u inputs %#x partial_tex %#x texcoords %#x 2d %#x centroid %#x "
                "registers %u output_from_h0 %u depth_replace %u pixel_kill %u padding %u %u\n",
                f->instruction_count, f->attribute_input_mask, f->partial_tex_type, f->texcoord_input_mask,
                f->texcoord_2d_mask, f->texcoord_centroid_mask, f->register_count, f->output_from_h0,
                f->depth_replace, f->pixel_kill, f->padding[0], f->padding[1]);
    }
    for (n = 0; n < p->parameter_count; ++n)
    {
        const struct rsx_parameter *q = &p->parameters[n];
        rsx_buffer_printf(&b, "# param %u: \"%s\" type %u res %u %s %s index %d semantic \"%s\" paramno %d%s%s",
                n, q->name, q->type, q->resource, variability_name(q->variability), direction_name(q->direction),
                q->resource_index, q->semantic, q->paramno, q->referenced ? " referenced" : "",
                q->shared ? " shared" : "");
        if (q->default_count)
        {
            rsx_buffer_printf(&b, " default {");
            for (k = 0; k < q->default_count; ++k)
                rsx_buffer_printf(&b, "%s%g", k ? ", " : "", q->default_value[k]);
            rsx_buffer_printf(&b, "}");
        }
        if (q->embedded_count)
        {
            rsx_buffer_printf(&b, " embedded at");
            for (k = 0; k < q->embedded_count; ++k)
                rsx_buffer_printf(&b, " %#x", q->embedded_offsets[k]);
        }
        rsx_buffer_printf(&b, "\n");
    }
    return rsx_buffer_take(&b);
}

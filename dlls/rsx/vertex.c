/*
 * RSX vertex microcode (seed 002, "Vertex microcode"): 16-byte slots of
 * four big-endian words, the NV40 vertex instruction.  A slot holds a
 * vector and a scalar operation sharing three 17-bit sources, one
 * attribute index and one constant index; each has its own destination
 * and write mask.
 *
 *   word 0: 0-1 address lane, 2-9 condition lanes (x highest), 10-12
 *     condition code (LT, EQ, GT), 13 test enable, 14 update, 15-20 vector
 *     destination temporary (63 none), 21-23 absolute value of sources
 *     0-2, 24 address register, 25 condition register, 26 saturate, 27
 *     relative attribute addressing, 29 update (with 14), 30 vector result
 *     to the output register
 *   word 1: 0-7 source 0's upper 8 bits, 8-11 attribute, 12-21 constant,
 *     22-26 vector opcode, 27-31 scalar opcode
 *   word 2: 0-5 source 2's upper 6 bits, 6-22 source 1, 23-31 source 0's
 *     lower 9 bits
 *   word 3: 0 end, 1 relative constant addressing, 2-6 output register,
 *     7-12 scalar destination temporary, 13-16 vector mask, 17-20 scalar
 *     mask (x highest), 21-31 source 2's lower 11 bits
 *   a source: 0-1 type (1 temporary, 2 attribute, 3 constant), 2-7 the
 *     temporary, 8-15 swizzle (x highest), 16 negate
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

static const char *const vec_names[0x1a] =
{
    "NOP", "MOV", "MUL", "ADD", "MAD", "DP3", "DPH", "DP4", "DST", "MIN", "MAX", "SLT", "SGE",
    "ARL", "FRC", "FLR", "SEQ", "SFL", "SGT", "SLE", "SNE", "STR", "SSG", NULL, NULL, "TXL",
};
static const char *const sca_names[0x15] =
{
    "NOP", "MOV", "RCP", "RCC", "RSQ", "EXP", "LOG", "LIT", "BRA", "BRI", "CAL", "CLI", "RET",
    "LG2", "EX2", "SIN", "COS", "BRB", "CLB", "PSH", "POP",
};

const char *rsx_vp_vec_opcode_name(unsigned int opcode)
{
    return opcode < sizeof(vec_names) / sizeof(vec_names[0]) ? vec_names[opcode] : NULL;
}

const char *rsx_vp_sca_opcode_name(unsigned int opcode)
{
    return opcode < sizeof(sca_names) / sizeof(sca_names[0]) ? sca_names[opcode] : NULL;
}

/* Our masks have x in bit 0; the words have x highest. */
static uint8_t reverse4(uint32_t m)
{
    return (m >> 3 & 1) | (m >> 1 & 2) | (m << 1 & 4) | (m << 3 & 8);
}

static void decode_source(uint32_t v, struct rsx_vp_source *s)
{
    s->type = rsx_bits(v, 0, 2);
    s->temp = rsx_bits(v, 2, 6);
    s->swizzle[3] = rsx_bits(v, 8, 2);
    s->swizzle[2] = rsx_bits(v, 10, 2);
    s->swizzle[1] = rsx_bits(v, 12, 2);
    s->swizzle[0] = rsx_bits(v, 14, 2);
    s->neg = rsx_bits(v, 16, 1);
}

static void decode_slot(const uint32_t w[4], struct rsx_vp_instruction *i)
{
    i->addr_swizzle = rsx_bits(w[0], 0, 2);
    i->cond_swizzle[3] = rsx_bits(w[0], 2, 2);
    i->cond_swizzle[2] = rsx_bits(w[0], 4, 2);
    i->cond_swizzle[1] = rsx_bits(w[0], 6, 2);
    i->cond_swizzle[0] = rsx_bits(w[0], 8, 2);
    i->cond = rsx_bits(w[0], 10, 3);
    i->cond_test = rsx_bits(w[0], 13, 1);
    i->cond_update = rsx_bits(w[0], 14, 1);
    i->vec_dest = rsx_bits(w[0], 15, 6);
    i->src[0].abs = rsx_bits(w[0], 21, 1);
    i->src[1].abs = rsx_bits(w[0], 22, 1);
    i->src[2].abs = rsx_bits(w[0], 23, 1);
    i->addr_reg = rsx_bits(w[0], 24, 1);
    i->cond_reg = rsx_bits(w[0], 25, 1);
    i->saturate = rsx_bits(w[0], 26, 1);
    i->index_input = rsx_bits(w[0], 27, 1);
    i->d0_bit28 = rsx_bits(w[0], 28, 1);
    i->cond_update_1 = rsx_bits(w[0], 29, 1);
    i->vec_result = rsx_bits(w[0], 30, 1);
    i->d0_bit31 = rsx_bits(w[0], 31, 1);

    i->input = rsx_bits(w[1], 8, 4);
    i->constant = rsx_bits(w[1], 12, 10);
    i->vec_opcode = rsx_bits(w[1], 22, 5);
    i->sca_opcode = rsx_bits(w[1], 27, 5);

    decode_source(rsx_bits(w[2], 23, 9) | rsx_bits(w[1], 0, 8) << 9, &i->src[0]);
    decode_source(rsx_bits(w[2], 6, 17), &i->src[1]);
    decode_source(rsx_bits(w[3], 21, 11) | rsx_bits(w[2], 0, 6) << 11, &i->src[2]);

    i->end = rsx_bits(w[3], 0, 1);
    i->index_const = rsx_bits(w[3], 1, 1);
    i->output = rsx_bits(w[3], 2, 5);
    i->sca_dest = rsx_bits(w[3], 7, 6);
    i->vec_mask = reverse4(rsx_bits(w[3], 13, 4));
    i->sca_mask = reverse4(rsx_bits(w[3], 17, 4));
}

uint32_t rsx_vp_output_bit(unsigned int output, unsigned int mask)
{
    if (output == 1) return 1u << 0;
    if (output >= 7 && output <= 14) return 1u << (output + 7);
    if (output == 6 && mask == 0xf) return 1u << 13;
    if (output == 6 && mask == 0x1) return 1u << 5;
    return 0;
}

/* Sources each vector / scalar opcode reads (NV40: vector ops read 0, 1,
 * 2 in order; scalar ops read source 2). */
unsigned int rsx_vp_vec_source_mask(unsigned int opcode)
{
    switch (opcode)
    {
    case RSX_VP_VEC_NOP: case RSX_VP_VEC_SFL: case RSX_VP_VEC_STR: return 0;
    case RSX_VP_VEC_MOV: case RSX_VP_VEC_ARL: case RSX_VP_VEC_FRC: case RSX_VP_VEC_FLR:
    case RSX_VP_VEC_SSG: case RSX_VP_VEC_TXL:
        return 1;
    case RSX_VP_VEC_MAD: return 7;
    /* ADD reads sources 0 and 2 (nouveau encodes its second operand in
     * source 2, RPCS3 reads $0 + $2). */
    case RSX_VP_VEC_ADD: return 5;
    default: return 3;
    }
}

int rsx_vp_sca_is_flow(unsigned int opcode)
{
    return (opcode >= RSX_VP_SCA_BRA && opcode <= RSX_VP_SCA_RET) || opcode >= RSX_VP_SCA_BRB;
}

/* RPCS3's GetAddr: word 0 bit 23, word 2 bits 0-5, word 3 bits 29-31, the
 * bits source 2 would occupy (its absolute value, bits 11-16 and 8-10). */
unsigned int rsx_vp_branch_target(const struct rsx_vp_instruction *i)
{
    const struct rsx_vp_source *s = &i->src[2];
    uint32_t v = s->type | s->temp << 2 | s->swizzle[3] << 8 | s->swizzle[2] << 10 | s->swizzle[1] << 12
            | s->swizzle[0] << 14 | (uint32_t)s->neg << 16;

    return s->abs << 9 | ((v >> 11) & 0x3f) << 3 | ((v >> 8) & 7);
}

static void note_temp(struct rsx_vp_program *p, unsigned int t)
{
    if (t != RSX_VP_NO_TEMP && t + 1 > p->temp_count)
        p->temp_count = t + 1;
}

static void note_usage(struct rsx_vp_program *p, const struct rsx_vp_instruction *i)
{
    unsigned int s, used = rsx_vp_vec_source_mask(i->vec_opcode)
            | (i->sca_opcode && !rsx_vp_sca_is_flow(i->sca_opcode) ? 4 : 0);

    for (s = 0; s < 3; ++s)
        if (used & (1u << s))
        {
            if (i->src[s].type == RSX_VP_INPUT)
                p->input_mask |= 1u << i->input;
            else if (i->src[s].type == RSX_VP_TEMP)
                note_temp(p, i->src[s].temp);
        }
    /* ARL's destination field names an address register. */
    if (i->vec_opcode && i->vec_opcode != RSX_VP_VEC_ARL)
    {
        note_temp(p, i->vec_dest);
        if (i->vec_result)
            p->output_mask |= rsx_vp_output_bit(i->output, i->vec_mask);
    }
    if (i->sca_opcode && !rsx_vp_sca_is_flow(i->sca_opcode))
    {
        note_temp(p, i->sca_dest);
        if (i->sca_dest == RSX_VP_NO_TEMP && !i->vec_result)
            p->output_mask |= rsx_vp_output_bit(i->output, i->sca_mask);
    }
}

int rsx_vp_decode(const uint8_t *ucode, size_t size, struct rsx_vp_program *program, struct rsx_error *error)
{
    unsigned int n, count;
    int hr;

    if (!program || (!ucode && size))
        return rsx_fail(error, RSX_E_ARGUMENT, "no program or microcode");
    memset(program, 0, sizeof(*program));
    if (!size || size % 16)
        return rsx_fail(error, RSX_E_TRUNCATED, "%lu bytes are not whole 16-byte slots", (unsigned long)size);
    count = size / 16;
    if (!(program->instructions = calloc(count, sizeof(*program->instructions))))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    program->count = count;
    for (n = 0; n < count; ++n)
    {
        struct rsx_vp_instruction *i = &program->instructions[n];
        uint32_t w[4];
        unsigned int k, s, used;

        for (k = 0; k < 4; ++k)
            w[k] = rsx_be32(ucode + 16 * n + 4 * k);
        decode_slot(w, i);
        if (i->end != (n == count - 1))
        {
            hr = rsx_fail(error, RSX_E_INVALID, "slot %u: the end bit is %s (%u slots)", n,
                    i->end ? "set before the last slot" : "clear on the last slot", count);
            rsx_vp_program_free(program);
            return hr;
        }
        if (!rsx_vp_vec_opcode_name(i->vec_opcode) || !rsx_vp_sca_opcode_name(i->sca_opcode))
        {
            hr = rsx_fail(error, RSX_E_UNSUPPORTED, "slot %u: vector opcode %#x / scalar opcode %#x has no name; not guessed",
                    n, i->vec_opcode, i->sca_opcode);
            rsx_vp_program_free(program);
            return hr;
        }
        if (i->constant >= RSX_VP_CONSTANT_COUNT)
        {
            hr = rsx_fail(error, RSX_E_INVALID, "slot %u: constant index %u past the 468 constants", n, i->constant);
            rsx_vp_program_free(program);
            return hr;
        }
        used = rsx_vp_vec_source_mask(i->vec_opcode) | (i->sca_opcode && !rsx_vp_sca_is_flow(i->sca_opcode) ? 4 : 0);
        for (s = 0; s < 3; ++s)
            if ((used & (1u << s)) && !i->src[s].type)
            {
                hr = rsx_fail(error, RSX_E_INVALID, "slot %u: source %u has register type 0", n, s);
                rsx_vp_program_free(program);
                return hr;
            }
        note_usage(program, i);
    }
    if (!program->temp_count)
        program->temp_count = 1;
    return RSX_OK;
}

void rsx_vp_program_free(struct rsx_vp_program *program)
{
    if (!program)
        return;
    free(program->instructions);
    memset(program, 0, sizeof(*program));
}

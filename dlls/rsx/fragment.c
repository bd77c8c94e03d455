/*
 * RSX fragment microcode (seed 002, "Fragment microcode", "Instruction
 * words", "Control-flow words", "Opcode names").
 *
 * An instruction is 16 bytes: four 32-bit words, each rotated by 16 bits
 * before its fields are read (rsx_fp_word).  Word 0 holds the opcode and
 * destination, words 1 to 3 the three sources.  A non-branch instruction
 * with a constant source is followed by the constant's 16 bytes (rotated
 * likewise).  The last instruction has bit 0 of word 0 set.  A branch sets
 * bit 31 of word 2; the opcode is then that bit as bit 6 over word 0's six
 * bits, and words 2 and 3 below bit 31 are offsets in 32-bit words from the
 * program's start (IFE: else and end).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

/* RPCS3's names for the 62 numbers (seed 002's table); NULL: no name. */
static const char *const fp_names[0x46] =
{
    "NOP", "MOV", "MUL", "ADD", "MAD", "DP3", "DP4", "DST", "MIN", "MAX", "SLT", "SGE", "SLE", "SGT", "SNE", "SEQ",
    "FRC", "FLR", "KIL", "PK4", "UP4", "DDX", "DDY", "TEX", "TXP", "TXD", "RCP", "RSQ", "EX2", "LG2", "LIT", "LRP",
    "STR", "SFL", "COS", "SIN", "PK2", "UP2", "POW", "PKB", "UPB", "PK16", "UP16", NULL, "PKG", "UPG", "DP2A", "TXL",
    NULL, "TXB", NULL, NULL, NULL, NULL, "REFL", NULL, "DP2", "NRM", "DIV", "DIVSQ", "LIF", "FENCT", "FENCB", NULL,
    "BRK", "CAL", "IFE", "LOOP", "REP", "RET",
};

const char *rsx_fp_opcode_name(unsigned int opcode)
{
    return opcode < sizeof(fp_names) / sizeof(fp_names[0]) ? fp_names[opcode] : NULL;
}

static void decode_source(uint32_t w, struct rsx_fp_source *s)
{
    s->type = rsx_bits(w, 0, 2);
    s->index = rsx_bits(w, 2, 6);
    s->fp16 = rsx_bits(w, 8, 1);
    s->swizzle[0] = rsx_bits(w, 9, 2);
    s->swizzle[1] = rsx_bits(w, 11, 2);
    s->swizzle[2] = rsx_bits(w, 13, 2);
    s->swizzle[3] = rsx_bits(w, 15, 2);
    s->neg = rsx_bits(w, 17, 1);
}

/* One instruction from its four words (no constant). */
static void decode_words(const uint32_t w[4], struct rsx_fp_instruction *i)
{
    int branch = rsx_bits(w[2], 31, 1);

    i->end = rsx_bits(w[0], 0, 1);
    i->dest = rsx_bits(w[0], 1, 6);
    i->dest_fp16 = rsx_bits(w[0], 7, 1);
    i->set_cond = rsx_bits(w[0], 8, 1);
    i->mask = rsx_bits(w[0], 9, 4);
    i->input = rsx_bits(w[0], 13, 4);
    i->tex_unit = rsx_bits(w[0], 17, 4);
    i->exp_tex = rsx_bits(w[0], 21, 1);
    i->prec = rsx_bits(w[0], 22, 2);
    i->opcode = rsx_bits(w[0], 24, 6) | (branch ? RSX_FP_BRANCH : 0);
    i->no_dest = rsx_bits(w[0], 30, 1);
    i->saturate = rsx_bits(w[0], 31, 1);

    decode_source(w[1], &i->src[0]);
    i->exec_lt = rsx_bits(w[1], 18, 1);
    i->exec_eq = rsx_bits(w[1], 19, 1);
    i->exec_gt = rsx_bits(w[1], 20, 1);
    i->cond_swizzle[0] = rsx_bits(w[1], 21, 2);
    i->cond_swizzle[1] = rsx_bits(w[1], 23, 2);
    i->cond_swizzle[2] = rsx_bits(w[1], 25, 2);
    i->cond_swizzle[3] = rsx_bits(w[1], 27, 2);
    i->src[0].abs = rsx_bits(w[1], 29, 1);
    i->cond_mod_reg = rsx_bits(w[1], 30, 1);
    i->cond_reg = rsx_bits(w[1], 31, 1);

    if (branch)
    {
        i->else_offset = rsx_bits(w[2], 0, 31);
        i->end_offset = rsx_bits(w[3], 0, 31);
        i->word3_bit31 = rsx_bits(w[3], 31, 1);
        return;
    }
    decode_source(w[2], &i->src[1]);
    i->src[1].abs = rsx_bits(w[2], 18, 1);
    i->src[0].prec_mod = rsx_bits(w[2], 19, 3);
    i->src[1].prec_mod = rsx_bits(w[2], 22, 3);
    i->src[2].prec_mod = rsx_bits(w[2], 25, 3);
    i->scale = rsx_bits(w[2], 28, 3);

    decode_source(w[3], &i->src[2]);
    i->src[2].abs = rsx_bits(w[3], 18, 1);
    i->addr_reg = rsx_bits(w[3], 19, 11);
    i->use_index_reg = rsx_bits(w[3], 30, 1);
    i->no_perspective = rsx_bits(w[3], 31, 1);
}

/* Sources an opcode reads (0..3). */
static unsigned int fp_source_count(unsigned int opcode)
{
    switch (opcode)
    {
    case RSX_FP_NOP: case RSX_FP_KIL: case RSX_FP_FENCT: case RSX_FP_FENCB:
    case RSX_FP_STR: case RSX_FP_SFL:
        return 0;
    case RSX_FP_MAD: case RSX_FP_LRP: case RSX_FP_DP2A: case RSX_FP_TXD:
        return 3;
    case RSX_FP_MUL: case RSX_FP_ADD: case RSX_FP_DP3: case RSX_FP_DP4: case RSX_FP_DST: case RSX_FP_MIN:
    case RSX_FP_MAX: case RSX_FP_SLT: case RSX_FP_SGE: case RSX_FP_SLE: case RSX_FP_SGT: case RSX_FP_SNE:
    case RSX_FP_SEQ: case RSX_FP_POW: case RSX_FP_TXL: case RSX_FP_TXB: case RSX_FP_REFL: case RSX_FP_DP2:
    case RSX_FP_DIV: case RSX_FP_DIVSQ:
        return 2;
    default:
        return opcode >= RSX_FP_BRANCH ? 0 : 1;
    }
}

unsigned int rsx_fp_source_count(unsigned int opcode)
{
    return fp_source_count(opcode);
}

int rsx_fp_instruction_at(const struct rsx_fp_program *program, uint32_t offset)
{
    unsigned int i;

    for (i = 0; i < program->count; ++i)
        if (program->instructions[i].offset == offset)
            return i;
    return -1;
}

/* Branch targets: instruction boundaries (or the program's end), the else
 * at or after the next instruction, the end at or after the else. */
static int check_branches(const struct rsx_fp_program *program, struct rsx_error *error)
{
    unsigned int n;

    for (n = 0; n < program->count; ++n)
    {
        const struct rsx_fp_instruction *i = &program->instructions[n];
        uint32_t next = n + 1 < program->count ? program->instructions[n + 1].offset : program->size_words;

        if (i->opcode == RSX_FP_IFE)
        {
            if (i->else_offset < next || i->end_offset < i->else_offset || i->end_offset > program->size_words)
                return rsx_fail(error, RSX_E_INVALID, "IFE at word %u: else %u and end %u are not in order after it (next %u, size %u)",
                        i->offset, i->else_offset, i->end_offset, next, program->size_words);
            if ((i->else_offset != program->size_words && rsx_fp_instruction_at(program, i->else_offset) < 0)
                    || (i->end_offset != program->size_words && rsx_fp_instruction_at(program, i->end_offset) < 0))
                return rsx_fail(error, RSX_E_INVALID, "IFE at word %u: else %u or end %u is not an instruction boundary",
                        i->offset, i->else_offset, i->end_offset);
        }
        else if (i->opcode == RSX_FP_LOOP || i->opcode == RSX_FP_REP)
        {
            if (i->end_offset < next || i->end_offset > program->size_words
                    || (i->end_offset != program->size_words && rsx_fp_instruction_at(program, i->end_offset) < 0))
                return rsx_fail(error, RSX_E_INVALID, "%s at word %u: end %u is not a boundary after it",
                        rsx_fp_opcode_name(i->opcode), i->offset, i->end_offset);
        }
        else if (i->opcode == RSX_FP_CAL)
        {
            if (rsx_fp_instruction_at(program, i->else_offset) < 0)
                return rsx_fail(error, RSX_E_INVALID, "CAL at word %u: target %u is not an instruction",
                        i->offset, i->else_offset);
        }
    }
    return RSX_OK;
}

static int check_instruction(const struct rsx_fp_instruction *i, struct rsx_error *error)
{
    unsigned int s, n = fp_source_count(i->opcode);

    if (!rsx_fp_opcode_name(i->opcode))
        return rsx_fail(error, RSX_E_UNSUPPORTED, "word %u: opcode %#x has no name in any reader; not guessed",
                i->offset, i->opcode);
    if (i->opcode >= RSX_FP_BRANCH)
        return RSX_OK;
    for (s = 0; s < 3; ++s)
    {
        if (i->src[s].type == 3)
            return rsx_fail(error, RSX_E_INVALID, "word %u: %s source %u has register type 3",
                    i->offset, rsx_fp_opcode_name(i->opcode), s);
        if (s < n && i->src[s].type == RSX_FP_INPUT && i->input > RSX_FP_IN_SSA)
            return rsx_fail(error, RSX_E_INVALID, "word %u: interpolant %u does not exist", i->offset, i->input);
    }
    return RSX_OK;
}

int rsx_fp_decode(const uint8_t *ucode, size_t size, struct rsx_fp_program *program, struct rsx_error *error)
{
    size_t offset = 0, capacity = 0;
    int hr;

    if (!program || (!ucode && size))
        return rsx_fail(error, RSX_E_ARGUMENT, "no program or microcode");
    memset(program, 0, sizeof(*program));
    for (;;)
    {
        struct rsx_fp_instruction *i;
        uint32_t w[4];
        unsigned int k;

        if (offset + 16 > size)
        {
            hr = rsx_fail(error, RSX_E_TRUNCATED, "%lu bytes of microcode end before an instruction with the end flag", (unsigned long)size);
            rsx_fp_program_free(program);
            return hr;
        }
        if (program->count == capacity)
        {
            size_t c = capacity ? capacity * 2 : 32;
            struct rsx_fp_instruction *grown = realloc(program->instructions, c * sizeof(*grown));
            if (!grown)
            {
                hr = rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
                rsx_fp_program_free(program);
                return hr;
            }
            program->instructions = grown;
            capacity = c;
        }
        i = &program->instructions[program->count];
        memset(i, 0, sizeof(*i));
        for (k = 0; k < 4; ++k)
            w[k] = rsx_fp_word(ucode + offset + 4 * k);
        i->offset = offset / 4;
        decode_words(w, i);
        if ((hr = check_instruction(i, error)) < 0)
        {
            rsx_fp_program_free(program);
            return hr;
        }
        ++program->count;
        offset += 16;
        if (i->opcode < RSX_FP_BRANCH && (i->src[0].type == RSX_FP_CONSTANT || i->src[1].type == RSX_FP_CONSTANT
                || i->src[2].type == RSX_FP_CONSTANT))
        {
            if (offset + 16 > size)
            {
                hr = rsx_fail(error, RSX_E_TRUNCATED, "word %u: the inline constant runs past the %lu bytes",
                        i->offset, (unsigned long)size);
                rsx_fp_program_free(program);
                return hr;
            }
            i->has_constant = 1;
            i->constant_offset = offset;
            for (k = 0; k < 4; ++k)
                i->constant[k] = rsx_fp_word(ucode + offset + 4 * k);
            offset += 16;
            ++program->constant_count;
        }
        if (i->opcode < RSX_FP_BRANCH)
        {
            unsigned int s, n = fp_source_count(i->opcode);
            for (s = 0; s < n; ++s)
                if (i->src[s].type == RSX_FP_INPUT)
                {
                    program->input_mask |= 1u << i->input;
                    if (i->no_perspective)
                        program->noperspective_mask |= 1u << i->input;
                }
            if (i->opcode == RSX_FP_TEX || i->opcode == RSX_FP_TXP || i->opcode == RSX_FP_TXD
                    || i->opcode == RSX_FP_TXL || i->opcode == RSX_FP_TXB)
                program->texture_mask |= 1u << i->tex_unit;
            if (i->opcode == RSX_FP_KIL)
                program->has_kill = 1;
            if (!i->no_dest && !i->dest_fp16 && i->dest == 1 && (i->mask & 4))
                program->writes_depth_register = 1;
        }
        if (i->end)
            break;
    }
    program->size_words = offset / 4;
    for (; offset < size; ++offset)
        if (ucode[offset])
        {
            hr = rsx_fail(error, RSX_E_INVALID, "nonzero byte %#x at %#lx after the end instruction", ucode[offset], (unsigned long)offset);
            rsx_fp_program_free(program);
            return hr;
        }
    if ((hr = check_branches(program, error)) < 0)
    {
        rsx_fp_program_free(program);
        return hr;
    }
    return RSX_OK;
}

void rsx_fp_program_free(struct rsx_fp_program *program)
{
    if (!program)
        return;
    free(program->instructions);
    memset(program, 0, sizeof(*program));
}

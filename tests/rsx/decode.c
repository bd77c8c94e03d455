/*
 * RSX fragment and vertex microcode (seed 002): the decoders against the
 * tests' encoder.  decode(encode(x)) = x over randomised instructions,
 * encode(decode(words)) = words over randomised words, the word rotation
 * checked on bytes written by hand, inline constants, IFE offsets, every
 * refusal, the disassembly's operands RPCS3 leaves out, the GLSL of every
 * opcode the disc uses and the refusal of the others.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rsx.h"
#include "encoder.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static uint32_t bits(unsigned int n)
{
    return n >= 32 ? next() : next() & ((1u << n) - 1);
}

/* The 33 opcodes of the disc's census (seed 002, "Instruction census"). */
static const uint8_t disc_opcodes[33] =
{
    RSX_FP_ADD, RSX_FP_MOV, RSX_FP_MAD, RSX_FP_MUL, RSX_FP_TEX, RSX_FP_DP3, RSX_FP_DIV, RSX_FP_NRM, RSX_FP_FENCT,
    RSX_FP_DP2, RSX_FP_RCP, RSX_FP_DIVSQ, RSX_FP_EX2, RSX_FP_LG2, RSX_FP_RSQ, RSX_FP_SGE, RSX_FP_FLR, RSX_FP_TXL,
    RSX_FP_SLT, RSX_FP_MAX, RSX_FP_KIL, RSX_FP_FENCB, RSX_FP_SEQ, RSX_FP_FRC, RSX_FP_IFE, RSX_FP_SGT, RSX_FP_SIN,
    RSX_FP_COS, RSX_FP_DP4, RSX_FP_SLE, RSX_FP_SNE, RSX_FP_MIN, RSX_FP_RET,
};

static unsigned int named_fp_opcodes(uint8_t *out, int branches)
{
    unsigned int n = 0, op;
    for (op = 0; op < 0x80; ++op)
        if (rsx_fp_opcode_name(op) && (branches || op < RSX_FP_BRANCH))
            out[n++] = op;
    return n;
}

static void test_opcode_names(void **state)
{
    uint8_t ops[128];
    unsigned int n;

    /* 62 numbers have a name (seed 002, "Opcode names"). */
    assert_int_equal(named_fp_opcodes(ops, 1), 62);
    assert_string_equal(rsx_fp_opcode_name(0x3c), "LIF");
    assert_string_equal(rsx_fp_opcode_name(0x42), "IFE");
    assert_string_equal(rsx_fp_opcode_name(0x29), "PK16");
    assert_string_equal(rsx_fp_opcode_name(0x39), "NRM");
    assert_null(rsx_fp_opcode_name(0x2b));
    assert_null(rsx_fp_opcode_name(0x46));
    for (n = 0; n < 33; ++n)
        assert_non_null(rsx_fp_opcode_name(disc_opcodes[n]));
    /* 26 vector and 21 scalar vertex numbers; 24 and 21 named. */
    assert_string_equal(rsx_vp_vec_opcode_name(0x19), "TXL");
    assert_null(rsx_vp_vec_opcode_name(0x17));
    assert_null(rsx_vp_vec_opcode_name(0x1a));
    assert_string_equal(rsx_vp_sca_opcode_name(0x10), "COS");
    assert_null(rsx_vp_sca_opcode_name(0x15));
}

/* The rotation: each word's two 16-bit halves swap after a little-endian
 * read.  Bytes written by hand: MOVR R1.xyzw, f[TEX0] with the end flag. */
static void test_word_rotation(void **state)
{
    /* word 0 = end | dest 1 << 1 | mask xyzw << 9 | input 4 << 13 | MOV << 24
     *        = 0x01009e03; stored rotated: 0x9e030100 little-endian. */
    static const uint8_t ucode[16] =
    {
        0x00, 0x01, 0x03, 0x9e,
        /* word 1: type 1 (input), swizzle xyzw (0xe4 << 9), condition TR (7 << 18), cond swizzle xyzw (0xe4 << 21) */
        0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00,
    };
    uint8_t bytes[16];
    uint32_t w1 = 1 | 0xe4u << 9 | 7u << 18 | 0xe4u << 21, le = w1 << 16 | w1 >> 16;
    struct rsx_fp_program p;
    struct rsx_error error;

    memcpy(bytes, ucode, 16);
    bytes[4] = le; bytes[5] = le >> 8; bytes[6] = le >> 16; bytes[7] = le >> 24;
    assert_int_equal(rsx_fp_word(bytes), 0x01009e03);
    assert_int_equal(rsx_fp_decode(bytes, 16, &p, &error), RSX_OK);
    assert_int_equal(p.count, 1);
    assert_int_equal(p.instructions[0].opcode, RSX_FP_MOV);
    assert_int_equal(p.instructions[0].dest, 1);
    assert_int_equal(p.instructions[0].mask, 0xf);
    assert_int_equal(p.instructions[0].input, 4);
    assert_int_equal(p.instructions[0].src[0].type, RSX_FP_INPUT);
    assert_int_equal(p.instructions[0].end, 1);
    assert_int_equal(p.input_mask, 1u << 4);
    rsx_fp_program_free(&p);
}

static void random_fp_instruction(struct rsx_fp_instruction *i, const uint8_t *ops, unsigned int op_count)
{
    unsigned int s, c;

    memset(i, 0, sizeof(*i));
    i->opcode = ops[next() % op_count];
    i->dest = bits(6);
    i->dest_fp16 = bits(1);
    i->set_cond = bits(1);
    i->mask = bits(4);
    i->input = next() % 15;
    i->tex_unit = bits(4);
    i->exp_tex = bits(1);
    i->prec = bits(2);
    i->no_dest = bits(1);
    i->saturate = bits(1);
    i->exec_lt = bits(1);
    i->exec_eq = bits(1);
    i->exec_gt = bits(1);
    for (c = 0; c < 4; ++c)
        i->cond_swizzle[c] = bits(2);
    i->cond_mod_reg = bits(1);
    i->cond_reg = bits(1);
    for (s = 0; s < (i->opcode >= RSX_FP_BRANCH ? 1u : 3u); ++s)
    {
        struct rsx_fp_source *src = &i->src[s];
        src->type = next() % 3;
        src->index = bits(6);
        src->fp16 = bits(1);
        for (c = 0; c < 4; ++c)
            src->swizzle[c] = bits(2);
        src->neg = bits(1);
        src->abs = bits(1);
    }
    if (i->opcode >= RSX_FP_BRANCH)
        return;
    for (s = 0; s < 3; ++s)
        i->src[s].prec_mod = bits(3);
    i->scale = bits(3);
    i->addr_reg = bits(11);
    i->use_index_reg = bits(1);
    i->no_perspective = bits(1);
    if (i->src[0].type == RSX_FP_CONSTANT || i->src[1].type == RSX_FP_CONSTANT || i->src[2].type == RSX_FP_CONSTANT)
    {
        i->has_constant = 1;
        for (c = 0; c < 4; ++c)
            i->constant[c] = next();
    }
}

/* decode(encode(x)) = x: programs of random instructions (every named
 * opcode but the branches that carry offsets, which the IFE test covers). */
static void test_fp_round_trip(void **state)
{
    static struct fpa a;
    static uint8_t ucode[FPA_MAX * 32];
    uint8_t ops[128];
    unsigned int op_count = 0, all[128], n_all = named_fp_opcodes((uint8_t *)all, 1), round, n;

    (void)n_all;
    {
        uint8_t named[128];
        unsigned int k, count = named_fp_opcodes(named, 1);
        for (k = 0; k < count; ++k)
            if (named[k] != RSX_FP_IFE && named[k] != RSX_FP_LOOP && named[k] != RSX_FP_REP && named[k] != RSX_FP_CAL)
                ops[op_count++] = named[k];
    }
    assert_int_equal(op_count, 58);
    for (round = 0; round < 400; ++round)
    {
        struct rsx_fp_program p;
        struct rsx_error error;
        unsigned int count = 1 + next() % 40;
        size_t size;

        fpa_init(&a);
        for (n = 0; n < count; ++n)
        {
            random_fp_instruction(&a.ins[n], ops, op_count);
            a.else_index[n] = a.end_index[n] = -1;
        }
        a.count = count;
        size = fpa_assemble(&a, ucode, sizeof(ucode));
        assert_true(size > 0);
        if (rsx_fp_decode(ucode, size, &p, &error) != RSX_OK)
            fail_msg("round %u: %s", round, error.message);
        assert_int_equal(p.count, count);
        for (n = 0; n < count; ++n)
            if (memcmp(&p.instructions[n], &a.ins[n], sizeof(a.ins[n])))
                fail_msg("round %u instruction %u (%s) differs after decoding", round, n,
                        rsx_fp_opcode_name(a.ins[n].opcode));
        rsx_fp_program_free(&p);
    }
}

/* encode(decode(words)) = words for random words made valid. */
static void test_fp_words_round_trip(void **state)
{
    uint8_t ops[128];
    unsigned int op_count = named_fp_opcodes(ops, 0), round, k;

    for (round = 0; round < 5000; ++round)
    {
        uint8_t ucode[32], again[32];
        uint32_t w[4];
        struct rsx_fp_program p;
        struct rsx_error error;
        size_t size = 16;

        for (k = 0; k < 4; ++k)
            w[k] = next() ^ next() << 7;
        w[0] = (w[0] & ~(0x3fu << 24)) | (uint32_t)ops[next() % op_count] << 24 | 1;
        w[0] = (w[0] & ~(0xfu << 13)) | (next() % 15) << 13;
        w[2] &= ~(1u << 31);
        for (k = 1; k < 4; ++k)
            if ((w[k] & 3) == 3)
                w[k] &= ~1u;
        for (k = 0; k < 4; ++k)
        {
            uint32_t le = w[k] << 16 | w[k] >> 16;
            ucode[4 * k] = le; ucode[4 * k + 1] = le >> 8; ucode[4 * k + 2] = le >> 16; ucode[4 * k + 3] = le >> 24;
        }
        if ((w[1] & 3) == 2 || (w[2] & 3) == 2 || (w[3] & 3) == 2)
        {
            for (k = 16; k < 32; ++k)
                ucode[k] = next();
            size = 32;
        }
        if (rsx_fp_decode(ucode, size, &p, &error) != RSX_OK)
            fail_msg("round %u: %s", round, error.message);
        enc_fp_instruction(&p.instructions[0], again);
        assert_memory_equal(again, ucode, 16);
        if (size == 32)
        {
            uint32_t c[4];
            enc_fp_words(&p.instructions[0], c);
            for (k = 0; k < 4; ++k)
                assert_int_equal(p.instructions[0].constant[k], rsx_fp_word(ucode + 16 + 4 * k));
        }
        rsx_fp_program_free(&p);
    }
}

static void random_vp_instruction(struct rsx_vp_instruction *i)
{
    unsigned int s, c;

    memset(i, 0, sizeof(*i));
    do i->vec_opcode = bits(5); while (!rsx_vp_vec_opcode_name(i->vec_opcode));
    do i->sca_opcode = bits(5); while (!rsx_vp_sca_opcode_name(i->sca_opcode));
    i->input = bits(4);
    i->constant = next() % RSX_VP_CONSTANT_COUNT;
    for (s = 0; s < 3; ++s)
    {
        i->src[s].type = 1 + next() % 3;
        i->src[s].temp = bits(6);
        for (c = 0; c < 4; ++c)
            i->src[s].swizzle[c] = bits(2);
        i->src[s].neg = bits(1);
        i->src[s].abs = bits(1);
    }
    i->addr_swizzle = bits(2);
    for (c = 0; c < 4; ++c)
        i->cond_swizzle[c] = bits(2);
    i->cond = bits(3);
    i->cond_test = bits(1);
    i->cond_update = bits(1);
    i->vec_dest = bits(6);
    i->addr_reg = bits(1);
    i->cond_reg = bits(1);
    i->saturate = bits(1);
    i->index_input = bits(1);
    i->d0_bit28 = bits(1);
    i->cond_update_1 = bits(1);
    i->vec_result = bits(1);
    i->d0_bit31 = bits(1);
    i->index_const = bits(1);
    i->output = bits(5);
    i->sca_dest = bits(6);
    i->vec_mask = bits(4);
    i->sca_mask = bits(4);
}

static void test_vp_round_trip(void **state)
{
    static struct vpa a;
    static uint8_t ucode[VPA_MAX * 16];
    unsigned int round, n;

    for (round = 0; round < 400; ++round)
    {
        struct rsx_vp_program p;
        struct rsx_error error;
        unsigned int count = 1 + next() % 60;
        size_t size;

        vpa_init(&a);
        for (n = 0; n < count; ++n)
            random_vp_instruction(&a.ins[n]);
        a.count = count;
        size = vpa_assemble(&a, ucode, sizeof(ucode));
        if (rsx_vp_decode(ucode, size, &p, &error) != RSX_OK)
            fail_msg("round %u: %s", round, error.message);
        assert_int_equal(p.count, count);
        for (n = 0; n < count; ++n)
            if (memcmp(&p.instructions[n], &a.ins[n], sizeof(a.ins[n])))
                fail_msg("round %u slot %u differs after decoding", round, n);
        rsx_vp_program_free(&p);
    }
}

static void test_vp_words_round_trip(void **state)
{
    unsigned int round, k;

    for (round = 0; round < 5000; ++round)
    {
        struct rsx_vp_instruction i;
        struct rsx_vp_program p;
        struct rsx_error error;
        uint8_t ucode[16], again[16];

        random_vp_instruction(&i);
        i.end = 1;
        enc_vp_slot(&i, ucode);
        /* Random bits where the layout leaves freedom: the words as a whole. */
        for (k = 0; k < 16; ++k)
            again[k] = ucode[k];
        assert_int_equal(rsx_vp_decode(ucode, 16, &p, &error), RSX_OK);
        enc_vp_slot(&p.instructions[0], again);
        assert_memory_equal(again, ucode, 16);
        assert_memory_equal(&p.instructions[0], &i, sizeof(i));
        rsx_vp_program_free(&p);
    }
}

/* Fields at the places the seed gives, on words built by hand. */
static void test_vp_fields(void **state)
{
    uint8_t ucode[16];
    struct rsx_vp_program p;
    struct rsx_error error;
    const struct rsx_vp_instruction *i;
    /* MAD o[7].xy, v[3].yxzw, c[467].x, -|R5| ; RSQ R2.w, -|R5| */
    uint32_t src0 = 2 | (1u << 14 | 0u << 12 | 2u << 10 | 3u << 8);           /* attribute, .yxzw */
    uint32_t src1 = 3 | 0u << 8;                                                /* constant, .xxxx */
    uint32_t src2 = 1 | 5u << 2 | 0xe4u << 8 | 1u << 16;                        /* R5, negated */
    uint32_t w[4];
    unsigned int k;

    w[0] = 1u << 30 | 5u << 15 | 1u << 23 | 1u << 26 | 1u << 13 | 1u << 10 | 0xe4u << 2;
    w[1] = (src0 >> 9) | 3u << 8 | 467u << 12 | (uint32_t)RSX_VP_VEC_MAD << 22 | (uint32_t)RSX_VP_SCA_RSQ << 27;
    w[2] = (src2 >> 11) | src1 << 6 | (src0 & 0x1ff) << 23;
    w[3] = 1 | 7u << 2 | 2u << 7 | 0xcu << 13 | 0x1u << 17 | (src2 & 0x7ff) << 21;
    for (k = 0; k < 4; ++k)
    {
        ucode[4 * k] = w[k] >> 24; ucode[4 * k + 1] = w[k] >> 16; ucode[4 * k + 2] = w[k] >> 8; ucode[4 * k + 3] = w[k];
    }
    assert_int_equal(rsx_vp_decode(ucode, 16, &p, &error), RSX_OK);
    i = &p.instructions[0];
    assert_int_equal(i->vec_opcode, RSX_VP_VEC_MAD);
    assert_int_equal(i->sca_opcode, RSX_VP_SCA_RSQ);
    assert_int_equal(i->input, 3);
    assert_int_equal(i->constant, 467);
    assert_int_equal(i->src[0].type, RSX_VP_INPUT);
    assert_int_equal(i->src[0].swizzle[0], 1);
    assert_int_equal(i->src[0].swizzle[1], 0);
    assert_int_equal(i->src[0].swizzle[2], 2);
    assert_int_equal(i->src[0].swizzle[3], 3);
    assert_int_equal(i->src[1].type, RSX_VP_CONSTANT);
    assert_int_equal(i->src[2].type, RSX_VP_TEMP);
    assert_int_equal(i->src[2].temp, 5);
    assert_int_equal(i->src[2].neg, 1);
    assert_int_equal(i->src[2].abs, 1);
    assert_int_equal(i->src[0].abs, 0);
    assert_int_equal(i->saturate, 1);
    assert_int_equal(i->vec_result, 1);
    assert_int_equal(i->vec_dest, 5);
    assert_int_equal(i->output, 7);
    assert_int_equal(i->sca_dest, 2);
    assert_int_equal(i->vec_mask, 0x3);     /* x, y */
    assert_int_equal(i->sca_mask, 0x8);     /* w */
    assert_int_equal(i->cond_test, 1);
    assert_int_equal(i->cond, 1);           /* LT */
    assert_int_equal(i->end, 1);
    /* The header's masks follow from the code (seed 002). */
    assert_int_equal(p.input_mask, 1u << 3);
    assert_int_equal(p.output_mask, 1u << 14);
    assert_int_equal(p.temp_count, 6);
    rsx_vp_program_free(&p);
    assert_int_equal(rsx_vp_output_bit(1, 0xf), 1u << 0);
    assert_int_equal(rsx_vp_output_bit(14, 0x3), 1u << 21);
    assert_int_equal(rsx_vp_output_bit(6, 0xf), 1u << 13);
    assert_int_equal(rsx_vp_output_bit(6, 0x1), 1u << 5);
    assert_int_equal(rsx_vp_output_bit(3, 0xf), 0);
}

static void test_vp_refused(void **state)
{
    struct vpa a;
    struct rsx_vp_instruction *i;
    uint8_t ucode[64];
    struct rsx_vp_program p;
    struct rsx_error error;
    size_t size;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw");
    vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 1, -1, "xyzw");
    vpa_attr(i, 0, 0, "xyzw");
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    rsx_vp_program_free(&p);
    /* The end bit on the first slot, or on none. */
    assert_int_equal(rsx_vp_decode(ucode, 16, &p, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "end bit"));
    ucode[16 + 15] &= ~1;
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    ucode[16 + 15] |= 1;
    /* Not whole slots. */
    assert_int_equal(rsx_vp_decode(ucode, size - 4, &p, &error), RSX_E_TRUNCATED);
    /* A vector opcode without a name (0x17). */
    a.ins[0].vec_opcode = 0x17;
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_E_UNSUPPORTED);
    assert_non_null(strstr(error.message, "no name"));
    /* Constant 468 and beyond. */
    a.ins[0].vec_opcode = RSX_VP_VEC_MOV;
    vpa_const(&a.ins[0], 0, 468, "xyzw");
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "468"));
    vpa_const(&a.ins[0], 0, 467, "xyzw");
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    rsx_vp_program_free(&p);
    /* A source of type 0 that an operation reads. */
    a.ins[0].src[0].type = 0;
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_E_INVALID);
}

/* IFE's else and end offsets, an inline constant between, RET. */
static void test_fp_ife(void **state)
{
    struct fpa a;
    struct rsx_fp_instruction *i;
    uint8_t ucode[512];
    struct rsx_fp_program p;
    struct rsx_error error;
    unsigned int ife;
    size_t size;
    char *text;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    i->set_cond = 1;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    ife = fpa_ife(&a, "GT", 0, "xxxx");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 1.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    fpa_else(&a, ife);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 1.0f, 0.0f, 1.0f, "xyzw");
    fpa_endif(&a, ife);
    i = fpa_op(&a, RSX_FP_RET, 0, "");
    fpa_cond(i, "TR", 0, "xyzw");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(p.count, 5);
    assert_int_equal(p.constant_count, 2);
    assert_int_equal(p.instructions[1].opcode, RSX_FP_IFE);
    assert_int_equal(p.instructions[1].else_offset, 16);    /* words: 4 + 4 + 8 */
    assert_int_equal(p.instructions[1].end_offset, 24);
    assert_int_equal(p.instructions[2].constant_offset, 48);
    assert_int_equal(p.instructions[4].opcode, RSX_FP_RET);
    assert_int_equal(p.size_words, 28);
    text = rsx_fp_disassemble(&p);
    assert_non_null(strstr(text, "IFE (GT RC0.xxxx) else=16 end=24"));
    assert_non_null(strstr(text, "{1, 0, 0, 1}@0x30"));
    free(text);
    rsx_fp_program_free(&p);

    /* An else before the next instruction, an end before the else, an
     * offset inside an instruction: refused. */
    a.count = 5;
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    a.ins[1].else_offset = 4;
    enc_fp_instruction(&a.ins[1], ucode + 16);
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "IFE"));
    a.ins[1].else_offset = 16;
    a.ins[1].end_offset = 12;
    enc_fp_instruction(&a.ins[1], ucode + 16);
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    a.ins[1].end_offset = 20;      /* the constant of instruction 3 */
    enc_fp_instruction(&a.ins[1], ucode + 16);
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "boundary"));
    a.ins[1].end_offset = 400;
    enc_fp_instruction(&a.ins[1], ucode + 16);
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_INVALID);
}

static void test_fp_refused(void **state)
{
    struct fpa a;
    struct rsx_fp_instruction *i;
    uint8_t ucode[256];
    struct rsx_fp_program p;
    struct rsx_error error;
    size_t size;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_ADD, 0, "xyzw");
    fpa_const(i, 1, 1.0f, 2.0f, 3.0f, 4.0f, "xyzw");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    rsx_fp_program_free(&p);
    /* The constant cut off. */
    assert_int_equal(rsx_fp_decode(ucode, size - 4, &p, &error), RSX_E_TRUNCATED);
    assert_non_null(strstr(error.message, "constant"));
    /* Trailing zeros are accepted, anything else is not. */
    memset(ucode + size, 0, 16);
    assert_int_equal(rsx_fp_decode(ucode, size + 16, &p, &error), RSX_OK);
    rsx_fp_program_free(&p);
    ucode[size + 5] = 1;
    assert_int_equal(rsx_fp_decode(ucode, size + 16, &p, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "after the end"));
    /* No end flag. */
    a.ins[0].end = 0;
    enc_fp_instruction(&a.ins[0], ucode);
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_TRUNCATED);
    assert_non_null(strstr(error.message, "end flag"));
    /* Opcodes no reader names: 0x2b, 0x30, 0x3f and branch 0x46. */
    a.ins[0].opcode = 0x2b;
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_UNSUPPORTED);
    assert_non_null(strstr(error.message, "not guessed"));
    a.ins[0].opcode = 0x46;
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_UNSUPPORTED);
    /* Source type 3. */
    a.ins[0].opcode = RSX_FP_ADD;
    a.ins[0].src[2].type = 3;
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "type 3"));
    /* Interpolant 15. */
    a.ins[0].src[2].type = 0;
    fpa_input(&a.ins[0], 0, 15, "xyzw");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_E_INVALID);
    /* Nothing at all. */
    assert_int_equal(rsx_fp_decode(ucode, 0, &p, &error), RSX_E_TRUNCATED);
}

/* The operands RPCS3's text leaves out are printed. */
static void test_disassembly_operands(void **state)
{
    struct fpa a;
    struct rsx_fp_instruction *i;
    uint8_t ucode[512];
    struct rsx_fp_program p;
    struct rsx_error error;
    size_t size;
    char *text;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_TXL, 1, "xyzw");
    i->tex_unit = 2;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    fpa_const(i, 1, 3.0f, 0.0f, 0.0f, 0.0f, "xxxx");    /* an inline constant as LOD */
    i = fpa_op(&a, RSX_FP_TXB, 2, "xyzw");
    i->tex_unit = 3;
    fpa_input(i, 0, RSX_FP_IN_TEX0 + 1, "xyzw");
    fpa_temp(i, 1, 5, "wwww");
    i = fpa_op(&a, RSX_FP_TXD, 3, "xyzw");
    i->tex_unit = 4;
    fpa_temp(i, 0, 1, "xyzw");
    fpa_temp(i, 1, 6, "xyxy");
    fpa_temp(i, 2, 7, "zwzw");
    i = fpa_op(&a, RSX_FP_MUL, 0, "xyz");
    i->saturate = 1;
    i->scale = 5;
    i->src[0].prec_mod = 4;
    fpa_temp(i, 0, 1, "xyzw");
    fpa_temp(i, 1, 2, "xyzw");
    fpa_cond(i, "NE", 1, "yyyy");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_true(size > 0);
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    text = rsx_fp_disassemble(&p);
    assert_non_null(text);
    assert_non_null(strstr(text, "TXLR R1, f[TEX0], {3, 0, 0, 0}@0x10.xxxx, TEX2"));
    assert_non_null(strstr(text, "TXBR R2, f[TEX1], R5.wwww, TEX3"));
    assert_non_null(strstr(text, "TXDR R3, R1, R6.xyxy, R7.zwzw, TEX4"));
    assert_non_null(strstr(text, "MULR_SAT_d2 R0.xyz (NE RC1.yyyy), R1:sat, R2"));
    free(text);
    rsx_fp_program_free(&p);
}

/* A one-instruction program of each opcode (plus the MOV that writes R0):
 * the disc's 33 translate, the unsourced ones are refused with a message. */
static int translate_one(unsigned int opcode, struct rsx_glsl *glsl, struct rsx_error *error)
{
    struct fpa a;
    struct rsx_fp_instruction *i;
    uint8_t ucode[512];
    struct rsx_fp_program p;
    unsigned int ife = 0;
    size_t size;
    int hr;

    fpa_init(&a);
    if (opcode == RSX_FP_IFE)
        ife = fpa_ife(&a, "GT", 0, "xxxx");
    else if (opcode == RSX_FP_RET || opcode == RSX_FP_KIL)
    {
        i = fpa_op(&a, opcode, 0, "");
        fpa_cond(i, "LT", 0, "xxxx");
    }
    else if (opcode == RSX_FP_BRK)
    {
        /* Inside a loop, where it means something. */
        unsigned int loop = fpa_loop(&a, RSX_FP_LOOP, 2, 0, 1);
        i = fpa_op(&a, RSX_FP_BRK, 0, "");
        fpa_cond(i, "GT", 0, "xxxx");
        fpa_endloop(&a, loop);
    }
    else if (opcode == RSX_FP_CAL)
    {
        /* A call to a subroutine after the main program's RET. */
        unsigned int cal = fpa_cal(&a);
        fpa_op(&a, RSX_FP_RET, 0, "");
        fpa_target(&a, cal);
        i = fpa_op(&a, RSX_FP_MOV, 1, "xyzw");
        fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    }
    else if (opcode >= RSX_FP_BRANCH)
        fpa_op(&a, opcode, 0, "");
    else
    {
        i = fpa_op(&a, opcode, 1, "xyzw");
        fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
        fpa_temp(i, 1, 2, "xyzw");
        fpa_const(i, 2, 1.0f, 2.0f, 3.0f, 4.0f, "xyzw");
        i->tex_unit = 1;
    }
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_temp(i, 0, 1, "xyzw");
    if (opcode == RSX_FP_IFE)
        fpa_endif(&a, ife);
    if (!(size = fpa_assemble(&a, ucode, sizeof(ucode))))
        return -100;
    if ((hr = rsx_fp_decode(ucode, size, &p, error)) < 0)
        return hr;
    hr = rsx_fp_translate(&p, NULL, glsl, error);
    rsx_fp_program_free(&p);
    return hr;
}

static void test_fp_translation(void **state)
{
    static const struct { unsigned int opcode; const char *snippet; } expected[] =
    {
        {RSX_FP_TEX, "texture(s_tex1, (v_var4.xyzw).xy)"},
        {RSX_FP_TXL, "textureLod(s_tex1, (v_var4.xyzw).xy, (R[2].xyzw).x)"},
        {RSX_FP_DIVSQ, "rsx_divsq("},
        {RSX_FP_RSQ, "inversesqrt(abs("},
        {RSX_FP_NRM, "normalize("},
        {RSX_FP_KIL, "discard"},
        {RSX_FP_IFE, "if (any(greaterThan(cc[0].xxxx, vec4(0.0)))) {"},
        {RSX_FP_RET, "return;"},
        {RSX_FP_MAD, "v_var4.xyzw * R[2].xyzw + fc[0].xyzw"},
        {RSX_FP_DP2, "vec4(dot((v_var4.xyzw).xy, (R[2].xyzw).xy))"},
    };
    uint8_t ops[128];
    struct rsx_glsl glsl;
    struct rsx_error error;
    unsigned int n, count, translated = 0;

    for (n = 0; n < 33; ++n)
    {
        if (translate_one(disc_opcodes[n], &glsl, &error) != RSX_OK)
            fail_msg("%s: %s", rsx_fp_opcode_name(disc_opcodes[n]), error.message);
        rsx_glsl_free(&glsl);
    }
    for (n = 0; n < sizeof(expected) / sizeof(expected[0]); ++n)
    {
        assert_int_equal(translate_one(expected[n].opcode, &glsl, &error), RSX_OK);
        if (!strstr(glsl.body, expected[n].snippet))
            fail_msg("%s: \"%s\" not in\n%s", rsx_fp_opcode_name(expected[n].opcode), expected[n].snippet, glsl.body);
        rsx_glsl_free(&glsl);
    }
    /* Every named opcode: translated, or refused with RSX_E_UNSUPPORTED and a reason. */
    count = named_fp_opcodes(ops, 1);
    for (n = 0; n < count; ++n)
    {
        int hr = translate_one(ops[n], &glsl, &error);
        if (hr == RSX_OK)
        {
            ++translated;
            rsx_glsl_free(&glsl);
            continue;
        }
        assert_int_equal(hr, RSX_E_UNSUPPORTED);
        assert_non_null(strstr(error.message, rsx_fp_opcode_name(ops[n])));
    }
    /* All 62 named opcodes translate. */
    assert_int_equal(translated, 62);
}

/* The GLSL of the constructs the disc does not use, and their refusals. */
static void test_fp_translation_rest(void **state)
{
    static const struct { unsigned int opcode; const char *snippet; } expected[] =
    {
        {RSX_FP_PK2, "vec4(uintBitsToFloat(rsx_pack_half((v_var4.xyzw).xy)))"},
        {RSX_FP_UP2, "rsx_unpack_half(floatBitsToUint((v_var4.xyzw).x)).xyxy"},
        {RSX_FP_PK16, "rsx_pack_u16(clamp((v_var4.xyzw).xy, 0.0, 1.0))"},
        {RSX_FP_UP16, "rsx_unpack_u16(floatBitsToUint((v_var4.xyzw).x)).xyxy"},
        {RSX_FP_PK4, "rsx_pk4b(v_var4.xyzw)"},
        {RSX_FP_UP4, "rsx_up4b(floatBitsToUint((v_var4.xyzw).x))"},
        {RSX_FP_PKB, "rsx_pack_u8(v_var4.xyzw)"},
        {RSX_FP_UPB, "rsx_unpack_u8(floatBitsToUint((v_var4.xyzw).x))"},
        {RSX_FP_PKG, "rsx_pack_u8(rsx_to_srgb(v_var4.xyzw))"},
        {RSX_FP_UPG, "rsx_from_srgb(rsx_unpack_u8("},
        {RSX_FP_REFL, "rsx_refl(v_var4.xyzw, R[2].xyzw)"},
        {RSX_FP_LIF, "rsx_lif(v_var4.xyzw)"},
        {RSX_FP_LOOP, "for (int l1 = 0; l1 < 0; ++l1) {"},
        {RSX_FP_REP, "for (int l1 = 0; l1 < 0; ++l1) {"},
        {RSX_FP_BRK, "if (any(greaterThan(cc[0].xxxx, vec4(0.0)))) break;"},
        {RSX_FP_CAL, "if (any(bvec4(true))) rsx_sub_8();"},
    };
    struct fpa a;
    struct rsx_fp_instruction *i;
    uint8_t ucode[512];
    struct rsx_fp_program p;
    struct rsx_glsl glsl;
    struct rsx_error error;
    unsigned int n, cal;
    size_t size;

    for (n = 0; n < sizeof(expected) / sizeof(expected[0]); ++n)
    {
        if (translate_one(expected[n].opcode, &glsl, &error) != RSX_OK)
            fail_msg("%s: %s", rsx_fp_opcode_name(expected[n].opcode), error.message);
        if (!strstr(glsl.body, expected[n].snippet))
            fail_msg("%s: \"%s\" not in\n%s", rsx_fp_opcode_name(expected[n].opcode), expected[n].snippet, glsl.body);
        rsx_glsl_free(&glsl);
    }
    /* The subroutine is a function made of its instructions up to RET, and
     * the main program does not contain them. */
    assert_int_equal(translate_one(RSX_FP_CAL, &glsl, &error), RSX_OK);
    assert_non_null(strstr(glsl.body, "void rsx_sub_8()\n{\n    /* 0008 MOV */"));
    assert_null(strstr(strstr(glsl.body, "void rsx_main()"), "0008 MOV"));
    rsx_glsl_free(&glsl);
    /* H registers are halves of R: H3 is R1.zw. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 3, "xw");
    i->dest_fp16 = 1;
    fpa_temp(i, 0, 5, "xyzw");
    i->src[0].fp16 = 1;
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_fp_translate(&p, NULL, &glsl, &error), RSX_OK);
    assert_non_null(strstr(glsl.body, "t = rsx_h(5).xyzw;"));
    assert_non_null(strstr(glsl.body, "rsx_set_h(3, t, bvec4(p.x, false, false, p.w));"));
    assert_non_null(strstr(glsl.body, "if ((n & 1) != 0) R[n >> 1].zw = q; else R[n >> 1].xy = q;"));
    rsx_glsl_free(&glsl);
    rsx_fp_program_free(&p);

    /* An interpolant indexed by the loop counter; LOOP's fields printed. */
    fpa_init(&a);
    cal = fpa_loop(&a, RSX_FP_LOOP, 5, 2, 3);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_input(i, 0, RSX_FP_IN_TEX0 + 1, "xyzw");
    i->use_index_reg = 1;
    fpa_endloop(&a, cal);
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    {
        char *text = rsx_fp_disassemble(&p);
        if (!strstr(text, "LOOP {count=5, init=2, increment=3} end=8") || !strstr(text, "MOVR R0, f[TEX1+aL]"))
            fail_msg("disassembly:\n%s", text);
        free(text);
    }
    assert_int_equal(rsx_fp_translate(&p, NULL, &glsl, &error), RSX_OK);
    assert_non_null(strstr(glsl.body, "aL = 2 + l1 * 3;"));
    assert_non_null(strstr(glsl.body, "t = rsx_in(5 + aL).xyzw;"));
    assert_non_null(strstr(glsl.body, "aL = aL0;"));
    assert_int_equal(glsl.varying_mask, 0x3ffe);
    rsx_glsl_free(&glsl);
    rsx_fp_program_free(&p);

    /* BRK outside a loop has nothing to leave. */
    fpa_init(&a);
    fpa_op(&a, RSX_FP_BRK, 0, "");
    fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_fp_translate(&p, NULL, &glsl, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "BRK outside"));
    rsx_fp_program_free(&p);
    /* A subroutine that calls itself: GLSL cannot. */
    fpa_init(&a);
    cal = fpa_cal(&a);
    fpa_op(&a, RSX_FP_RET, 0, "");
    fpa_target(&a, cal);
    n = fpa_cal(&a);
    a.else_index[n] = a.else_index[cal];
    fpa_op(&a, RSX_FP_RET, 0, "");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_fp_translate(&p, NULL, &glsl, &error), RSX_E_UNSUPPORTED);
    assert_non_null(strstr(error.message, "calls itself"));
    rsx_fp_program_free(&p);
    /* A loop still open where its subroutine ends. */
    fpa_init(&a);
    cal = fpa_cal(&a);
    fpa_op(&a, RSX_FP_RET, 0, "");
    fpa_target(&a, cal);
    n = fpa_loop(&a, RSX_FP_REP, 3, 3, 3);
    fpa_op(&a, RSX_FP_RET, 0, "");
    fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_endloop(&a, n);
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_fp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_fp_translate(&p, NULL, &glsl, &error), RSX_OK);    /* the RET inside the REP is not its end */
    rsx_glsl_free(&glsl);
    rsx_fp_program_free(&p);
}

/* Result scale 4 has no meaning: refused, not guessed. */
static void test_fp_scale_refused(void **state)
{
    struct fpa a;
    struct rsx_fp_instruction *i;
    uint8_t ucode[64];
    struct rsx_fp_program p;
    struct rsx_glsl glsl;
    struct rsx_error error;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    i->scale = 4;
    assert_int_equal(rsx_fp_decode(ucode, fpa_assemble(&a, ucode, sizeof(ucode)), &p, &error), RSX_OK);
    assert_int_equal(rsx_fp_translate(&p, NULL, &glsl, &error), RSX_E_UNSUPPORTED);
    assert_non_null(strstr(error.message, "scale 4"));
    rsx_fp_program_free(&p);
}

static void test_vp_translation(void **state)
{
    struct vpa a;
    struct rsx_vp_instruction *i;
    uint8_t ucode[256];
    struct rsx_vp_program p;
    struct rsx_glsl glsl;
    struct rsx_error error;
    size_t size;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_DP4, RSX_VP_NO_TEMP, 0, "x");
    vpa_attr(i, 0, 0, "xyzw");
    vpa_const(i, 1, 32, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 7, "xyzw");
    vpa_attr(i, 0, 8, "xyzw");
    i = vpa_sca(&a, RSX_VP_SCA_RSQ, RSX_VP_NO_TEMP, 6, "xyzw");
    vpa_temp(i, 2, 3, "xxxx");
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_OK);
    assert_non_null(strstr(glsl.body, "vec4(dot(s0, s1))"));
    assert_non_null(strstr(glsl.body, "v_var4 = o[7];"));
    assert_non_null(strstr(glsl.body, "v_var13 = o[6];"));
    assert_int_equal(glsl.attribute_mask, 0x101);
    assert_int_equal(glsl.varying_mask, (1u << 4) | (1u << 13));
    rsx_glsl_free(&glsl);
    rsx_vp_program_free(&p);
    /* Output 6 with x alone (mask bit 5) is the point size, not an interpolant. */
    a.ins[2].sca_mask = 1;
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(p.output_mask, (1u << 14) | (1u << 5));
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_OK);
    assert_non_null(strstr(glsl.body, "gl_PointSize = o[6].x;"));
    assert_null(strstr(glsl.body, "v_var13"));
    assert_int_equal(glsl.varying_mask, 1u << 4);
    rsx_glsl_free(&glsl);
    rsx_vp_program_free(&p);
    /* Outputs 3 and 4 (back colours) are written but feed no interpolant;
     * output 5 with y is not established. */
    a.ins[2].sca_mask = 0xf;
    a.ins[2].output = 3;
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_OK);
    assert_non_null(strstr(glsl.body, "o[3].xyzw = mix(o[3].xyzw, ts.xyzw"));
    assert_int_equal(glsl.varying_mask, 1u << 4);
    rsx_glsl_free(&glsl);
    rsx_vp_program_free(&p);
    a.ins[2].output = 5;
    a.ins[2].sca_mask = 2;
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_E_UNSUPPORTED);
    assert_non_null(strstr(error.message, "output 5"));
    rsx_vp_program_free(&p);
    /* Boolean-constant branches and the stack need render state: refused. */
    a.ins[2].output = 6;
    a.ins[2].sca_mask = 0xf;
    vpa_set_branch(&a.ins[2], RSX_VP_SCA_BRB, 0);
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_E_UNSUPPORTED);
    assert_non_null(strstr(error.message, "BRB"));
    rsx_vp_program_free(&p);
    /* A call past the last slot is refused. */
    vpa_set_branch(&a.ins[2], RSX_VP_SCA_CAL, 3);
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_E_INVALID);
    assert_non_null(strstr(error.message, "past the 3 slots"));
    rsx_vp_program_free(&p);
}

/* Vertex branch targets, address registers and relative addressing in the
 * decoder, the disassembly and the GLSL. */
static void test_vp_flow_fields(void **state)
{
    struct vpa a;
    struct rsx_vp_instruction *i;
    uint8_t ucode[512];
    struct rsx_vp_program p;
    struct rsx_glsl glsl;
    struct rsx_error error;
    uint32_t w[4];
    size_t size;
    char *text;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_ARL, 1, -1, "xy");
    vpa_const(i, 0, 7, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw");
    vpa_const(i, 0, 100, "xyzw");
    i->index_const = 1;
    i->addr_reg = 1;
    i->addr_swizzle = 1;
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 2, -1, "xyzw");
    vpa_attr(i, 0, 3, "xyzw");
    i->index_input = 1;
    i = vpa_vec(&a, RSX_VP_VEC_TXL, 4, -1, "xyzw");
    vpa_temp(i, 0, 2, "xyzw");
    i->src[1].temp = 3;
    vpa_branch(&a, RSX_VP_SCA_BRI, 0x3ff);
    vpa_branch(&a, RSX_VP_SCA_CLI, 0x201);
    i = vpa_branch(&a, RSX_VP_SCA_BRA, 0);
    i->addr_reg = 1;
    i->addr_swizzle = 3;
    i = vpa_branch(&a, RSX_VP_SCA_RET, 0);
    i->cond = 4;        /* GT */
    i->cond_swizzle[0] = i->cond_swizzle[1] = i->cond_swizzle[2] = i->cond_swizzle[3] = 2;
    /* The target's bits, placed by hand: word 0 bit 23, word 2 bits 0-5, word 3 bits 29-31. */
    enc_vp_words(&a.ins[4], w);
    assert_int_equal(w[0] >> 23 & 1, 1);
    assert_int_equal(w[2] & 0x3f, 0x3f);
    assert_int_equal(w[3] >> 29, 7);
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    /* ARL's destination is an address register, not a temporary; a branch
     * reads no source 2. */
    assert_int_equal(p.temp_count, 5);
    assert_int_equal(p.input_mask, 1u << 3);
    text = rsx_vp_disassemble(&p);
    assert_non_null(text);
    if (!strstr(text, "ARL A1.xy, c[7]") || !strstr(text, "c[100+A1.y]") || !strstr(text, "v[3+A0.x]")
            || !strstr(text, "TXL R4, R2, TEX3") || !strstr(text, "BRI (TR RC0) L1023") || !strstr(text, "CLI (TR RC0) L513")
            || !strstr(text, "BRA (TR RC0) A1.w") || !strstr(text, "RET (GT RC0.zzzz)"))
        fail_msg("disassembly:\n%s", text);
    free(text);
    /* Targets past the program are refused at translation; within it the
     * slots become the cases of a switch. */
    assert_int_equal(rsx_vp_translate(&p, &glsl, &error), RSX_E_INVALID);
    rsx_vp_program_free(&p);
    vpa_set_branch(&a.ins[4], RSX_VP_SCA_BRI, 7);
    vpa_set_branch(&a.ins[5], RSX_VP_SCA_CLI, 7);
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    assert_int_equal(rsx_vp_decode(ucode, size, &p, &error), RSX_OK);
    if (rsx_vp_translate(&p, &glsl, &error) != RSX_OK)
        fail_msg("%s", error.message);
    assert_non_null(strstr(glsl.body, "if (p.x) A[1].x = int(floor(s0.x));"));
    assert_non_null(strstr(glsl.body, "vc[clamp(100 + A[1].y, 0, 467)]"));
    assert_non_null(strstr(glsl.body, "rsx_attr(3 + A[0].x)"));
    assert_non_null(strstr(glsl.body, "case 3:"));
    assert_non_null(strstr(glsl.body, "pc = 7; break;"));
    assert_non_null(strstr(glsl.body, "stack[sp++] = 6; pc = 7;"));
    assert_non_null(strstr(glsl.body, "tv = textureLod(s_tex3, s0.xy, s0.w);"));
    assert_int_equal(glsl.sampler_mask, 1u << 3);
    assert_non_null(strstr(glsl.body, "pc = A[1].w; break;"));
    assert_non_null(strstr(glsl.body, "if (any(greaterThan(cc[0].zzzz, vec4(0.0)))) { pc = sp > 0 ? stack[--sp] : -1;"));
    assert_int_equal(glsl.attribute_mask, 0xffff);
    rsx_glsl_free(&glsl);
    rsx_vp_program_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_opcode_names),
        cmocka_unit_test(test_word_rotation),
        cmocka_unit_test(test_fp_round_trip),
        cmocka_unit_test(test_fp_words_round_trip),
        cmocka_unit_test(test_vp_round_trip),
        cmocka_unit_test(test_vp_words_round_trip),
        cmocka_unit_test(test_vp_fields),
        cmocka_unit_test(test_vp_refused),
        cmocka_unit_test(test_fp_ife),
        cmocka_unit_test(test_fp_refused),
        cmocka_unit_test(test_disassembly_operands),
        cmocka_unit_test(test_fp_translation),
        cmocka_unit_test(test_fp_translation_rest),
        cmocka_unit_test(test_fp_scale_refused),
        cmocka_unit_test(test_vp_translation),
        cmocka_unit_test(test_vp_flow_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

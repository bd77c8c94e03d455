/*
 * The tests' RSX encoder (see encoder.h).  Field positions are written out
 * here from the seed's tables, not taken from the library.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "encoder.h"

static uint32_t put(uint32_t value, unsigned int shift, unsigned int width)
{
    return (value & ((width >= 32 ? 0 : 1u << width) - 1)) << shift;
}

static void store_le(uint8_t *p, uint32_t v)
{
    p[0] = v; p[1] = v >> 8; p[2] = v >> 16; p[3] = v >> 24;
}

static void store_be(uint8_t *p, uint32_t v)
{
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

/* Fragment words are read as little-endian and rotated by 16. */
static void store_fp(uint8_t *p, uint32_t word)
{
    store_le(p, word << 16 | word >> 16);
}

static uint32_t fp_source(const struct rsx_fp_source *s)
{
    return put(s->type, 0, 2) | put(s->index, 2, 6) | put(s->fp16, 8, 1) | put(s->swizzle[0], 9, 2)
            | put(s->swizzle[1], 11, 2) | put(s->swizzle[2], 13, 2) | put(s->swizzle[3], 15, 2) | put(s->neg, 17, 1);
}

void enc_fp_words(const struct rsx_fp_instruction *i, uint32_t w[4])
{
    int branch = i->opcode >= 0x40;

    w[0] = put(i->end, 0, 1) | put(i->dest, 1, 6) | put(i->dest_fp16, 7, 1) | put(i->set_cond, 8, 1)
            | put(i->mask, 9, 4) | put(i->input, 13, 4) | put(i->tex_unit, 17, 4) | put(i->exp_tex, 21, 1)
            | put(i->prec, 22, 2) | put(i->opcode & 0x3f, 24, 6) | put(i->no_dest, 30, 1) | put(i->saturate, 31, 1);
    w[1] = fp_source(&i->src[0]) | put(i->exec_lt, 18, 1) | put(i->exec_eq, 19, 1) | put(i->exec_gt, 20, 1)
            | put(i->cond_swizzle[0], 21, 2) | put(i->cond_swizzle[1], 23, 2) | put(i->cond_swizzle[2], 25, 2)
            | put(i->cond_swizzle[3], 27, 2) | put(i->src[0].abs, 29, 1) | put(i->cond_mod_reg, 30, 1)
            | put(i->cond_reg, 31, 1);
    if (branch)
    {
        w[2] = put(i->else_offset, 0, 31) | 1u << 31;
        w[3] = put(i->end_offset, 0, 31) | put(i->word3_bit31, 31, 1);
        return;
    }
    w[2] = fp_source(&i->src[1]) | put(i->src[1].abs, 18, 1) | put(i->src[0].prec_mod, 19, 3)
            | put(i->src[1].prec_mod, 22, 3) | put(i->src[2].prec_mod, 25, 3) | put(i->scale, 28, 3);
    w[3] = fp_source(&i->src[2]) | put(i->src[2].abs, 18, 1) | put(i->addr_reg, 19, 11)
            | put(i->use_index_reg, 30, 1) | put(i->no_perspective, 31, 1);
}

void enc_fp_instruction(const struct rsx_fp_instruction *i, uint8_t out[16])
{
    uint32_t w[4];
    unsigned int k;

    enc_fp_words(i, w);
    for (k = 0; k < 4; ++k)
        store_fp(out + 4 * k, w[k]);
}

static uint32_t vp_source(const struct rsx_vp_source *s)
{
    return put(s->type, 0, 2) | put(s->temp, 2, 6) | put(s->swizzle[3], 8, 2) | put(s->swizzle[2], 10, 2)
            | put(s->swizzle[1], 12, 2) | put(s->swizzle[0], 14, 2) | put(s->neg, 16, 1);
}

/* x in the highest bit of a 4-bit mask field. */
static uint32_t mask_field(unsigned int m)
{
    return (m & 1) << 3 | (m & 2) << 1 | (m & 4) >> 1 | (m & 8) >> 3;
}

void enc_vp_words(const struct rsx_vp_instruction *i, uint32_t w[4])
{
    uint32_t s0 = vp_source(&i->src[0]), s1 = vp_source(&i->src[1]), s2 = vp_source(&i->src[2]);

    w[0] = put(i->addr_swizzle, 0, 2) | put(i->cond_swizzle[3], 2, 2) | put(i->cond_swizzle[2], 4, 2)
            | put(i->cond_swizzle[1], 6, 2) | put(i->cond_swizzle[0], 8, 2) | put(i->cond, 10, 3)
            | put(i->cond_test, 13, 1) | put(i->cond_update, 14, 1) | put(i->vec_dest, 15, 6)
            | put(i->src[0].abs, 21, 1) | put(i->src[1].abs, 22, 1) | put(i->src[2].abs, 23, 1)
            | put(i->addr_reg, 24, 1) | put(i->cond_reg, 25, 1) | put(i->saturate, 26, 1) | put(i->index_input, 27, 1)
            | put(i->d0_bit28, 28, 1) | put(i->cond_update_1, 29, 1) | put(i->vec_result, 30, 1)
            | put(i->d0_bit31, 31, 1);
    w[1] = put(s0 >> 9, 0, 8) | put(i->input, 8, 4) | put(i->constant, 12, 10) | put(i->vec_opcode, 22, 5)
            | put(i->sca_opcode, 27, 5);
    w[2] = put(s2 >> 11, 0, 6) | put(s1, 6, 17) | put(s0, 23, 9);
    w[3] = put(i->end, 0, 1) | put(i->index_const, 1, 1) | put(i->output, 2, 5) | put(i->sca_dest, 7, 6)
            | put(mask_field(i->vec_mask), 13, 4) | put(mask_field(i->sca_mask), 17, 4) | put(s2, 21, 11);
}

void enc_vp_slot(const struct rsx_vp_instruction *i, uint8_t out[16])
{
    uint32_t w[4];
    unsigned int k;

    enc_vp_words(i, w);
    for (k = 0; k < 4; ++k)
        store_be(out + 4 * k, w[k]);
}

/* ---------------------------------------------------------------------- */

static unsigned int lanes(const char *s)
{
    unsigned int m = 0;
    for (; *s; ++s)
        m |= *s == 'x' ? 1 : *s == 'y' ? 2 : *s == 'z' ? 4 : *s == 'w' ? 8 : 0;
    return m;
}

static void swizzle(uint8_t out[4], const char *s)
{
    unsigned int c, n = strlen(s);
    for (c = 0; c < 4; ++c)
    {
        char ch = s[c < n ? c : n - 1];
        out[c] = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : 3;
    }
}

void fpa_init(struct fpa *a)
{
    memset(a, 0, sizeof(*a));
}

struct rsx_fp_instruction *fpa_op(struct fpa *a, unsigned int opcode, unsigned int dest, const char *mask)
{
    struct rsx_fp_instruction *i = &a->ins[a->count];
    unsigned int n;

    a->else_index[a->count] = a->end_index[a->count] = -1;
    ++a->count;
    i->opcode = opcode;
    i->dest = dest;
    i->mask = lanes(mask);
    i->exec_lt = i->exec_eq = i->exec_gt = 1;
    swizzle(i->cond_swizzle, "xyzw");
    for (n = 0; n < 3; ++n)
        swizzle(i->src[n].swizzle, "xyzw");
    return i;
}

void fpa_temp(struct rsx_fp_instruction *i, unsigned int n, unsigned int reg, const char *s)
{
    i->src[n].type = RSX_FP_TEMP;
    i->src[n].index = reg;
    swizzle(i->src[n].swizzle, s);
}

void fpa_input(struct rsx_fp_instruction *i, unsigned int n, unsigned int input, const char *s)
{
    i->src[n].type = RSX_FP_INPUT;
    i->input = input;
    i->addr_reg = 0x7fc;     /* word 3 bits 21-29 set, as on every interpolant read of the disc */
    swizzle(i->src[n].swizzle, s);
}

void fpa_const(struct rsx_fp_instruction *i, unsigned int n, float x, float y, float z, float w, const char *s)
{
    float v[4] = {x, y, z, w};
    i->src[n].type = RSX_FP_CONSTANT;
    i->has_constant = 1;
    memcpy(i->constant, v, 16);
    swizzle(i->src[n].swizzle, s);
}

void fpa_cond(struct rsx_fp_instruction *i, const char *code, unsigned int reg, const char *s)
{
    static const char *const names[8] = {"FL", "LT", "EQ", "LE", "GT", "NE", "GE", "TR"};
    unsigned int c;

    for (c = 0; c < 8; ++c)
        if (!strcmp(code, names[c]))
        {
            i->exec_lt = c & 1;
            i->exec_eq = (c >> 1) & 1;
            i->exec_gt = (c >> 2) & 1;
        }
    i->cond_reg = reg;
    swizzle(i->cond_swizzle, s);
}

unsigned int fpa_ife(struct fpa *a, const char *code, unsigned int reg, const char *s)
{
    struct rsx_fp_instruction *i = fpa_op(a, RSX_FP_IFE, 0, "");
    unsigned int n;

    for (n = 0; n < 3; ++n)
        memset(i->src[n].swizzle, 0, 4);
    swizzle(i->src[0].swizzle, "xyzw");
    fpa_cond(i, code, reg, s);
    return a->count - 1;
}

void fpa_else(struct fpa *a, unsigned int ife)
{
    a->else_index[ife] = a->count;
}

void fpa_endif(struct fpa *a, unsigned int ife)
{
    a->end_index[ife] = a->count;
    if (a->else_index[ife] < 0)
        a->else_index[ife] = a->count;
}

unsigned int fpa_loop(struct fpa *a, unsigned int opcode, unsigned int count, unsigned int init,
        unsigned int increment)
{
    unsigned int n = fpa_ife(a, "TR", 0, "xyzw");

    a->ins[n].opcode = opcode;
    a->ins[n].else_offset = put(count, 2, 8) | put(init, 10, 8) | put(increment, 19, 8);
    return n;
}

void fpa_endloop(struct fpa *a, unsigned int loop)
{
    a->end_index[loop] = a->count;
}

unsigned int fpa_cal(struct fpa *a)
{
    unsigned int n = fpa_ife(a, "TR", 0, "xyzw");

    a->ins[n].opcode = RSX_FP_CAL;
    return n;
}

void fpa_target(struct fpa *a, unsigned int cal)
{
    a->else_index[cal] = a->count;
}

size_t fpa_assemble(struct fpa *a, uint8_t *out, size_t capacity)
{
    uint32_t offsets[FPA_MAX + 1], words = 0;
    unsigned int n;
    size_t size = 0;

    for (n = 0; n < a->count; ++n)
    {
        struct rsx_fp_instruction *i = &a->ins[n];
        offsets[n] = words;
        i->offset = words;
        i->end = n == a->count - 1;
        words += i->has_constant ? 8 : 4;
    }
    offsets[a->count] = words;
    for (n = 0; n < a->count; ++n)
    {
        struct rsx_fp_instruction *i = &a->ins[n];
        if (i->opcode == RSX_FP_IFE)
            i->else_offset = offsets[a->else_index[n] < 0 ? a->count : (unsigned int)a->else_index[n]];
        else if (i->opcode == RSX_FP_CAL && a->else_index[n] >= 0)
            i->else_offset = offsets[a->else_index[n]];
        if (i->opcode == RSX_FP_IFE || i->opcode == RSX_FP_LOOP || i->opcode == RSX_FP_REP)
            i->end_offset = offsets[a->end_index[n] < 0 ? a->count : (unsigned int)a->end_index[n]];
    }
    if ((size_t)words * 4 > capacity)
        return 0;
    for (n = 0; n < a->count; ++n)
    {
        struct rsx_fp_instruction *i = &a->ins[n];
        enc_fp_instruction(i, out + size);
        size += 16;
        if (i->has_constant)
        {
            unsigned int k;
            i->constant_offset = size;
            for (k = 0; k < 4; ++k)
                store_fp(out + size + 4 * k, i->constant[k]);
            size += 16;
        }
    }
    return size;
}

void vpa_init(struct vpa *a)
{
    memset(a, 0, sizeof(*a));
}

static struct rsx_vp_instruction *vpa_slot(struct vpa *a)
{
    struct rsx_vp_instruction *i = &a->ins[a->count++];
    unsigned int n;

    i->vec_dest = RSX_VP_NO_TEMP;
    i->sca_dest = RSX_VP_NO_TEMP;
    swizzle(i->cond_swizzle, "xyzw");
    for (n = 0; n < 3; ++n)
    {
        i->src[n].type = RSX_VP_TEMP;
        swizzle(i->src[n].swizzle, "xyzw");
    }
    return i;
}

struct rsx_vp_instruction *vpa_vec(struct vpa *a, unsigned int opcode, unsigned int temp, int output, const char *mask)
{
    struct rsx_vp_instruction *i = vpa_slot(a);

    i->vec_opcode = opcode;
    i->vec_dest = temp;
    i->vec_mask = lanes(mask);
    if (output >= 0)
    {
        i->vec_result = 1;
        i->output = output;
    }
    return i;
}

struct rsx_vp_instruction *vpa_sca(struct vpa *a, unsigned int opcode, unsigned int temp, int output, const char *mask)
{
    struct rsx_vp_instruction *i = vpa_slot(a);

    i->sca_opcode = opcode;
    i->sca_dest = temp;
    i->sca_mask = lanes(mask);
    if (output >= 0)
        i->output = output;
    return i;
}

void vpa_set_branch(struct rsx_vp_instruction *i, unsigned int opcode, unsigned int target)
{
    /* Source 2's bits: 0-10 are word 3 bits 21-31, 11-16 word 2 bits 0-5. */
    uint32_t v = (target & 7) << 8 | ((target >> 3) & 0x3f) << 11;
    struct rsx_vp_source *s = &i->src[2];

    i->sca_opcode = opcode;
    i->cond = 7;
    s->abs = (target >> 9) & 1;
    s->type = v & 3;
    s->temp = (v >> 2) & 0x3f;
    s->swizzle[3] = (v >> 8) & 3;
    s->swizzle[2] = (v >> 10) & 3;
    s->swizzle[1] = (v >> 12) & 3;
    s->swizzle[0] = (v >> 14) & 3;
    s->neg = (v >> 16) & 1;
}

struct rsx_vp_instruction *vpa_branch(struct vpa *a, unsigned int opcode, unsigned int target)
{
    struct rsx_vp_instruction *i = vpa_slot(a);

    vpa_set_branch(i, opcode, target);
    return i;
}

void vpa_temp(struct rsx_vp_instruction *i, unsigned int n, unsigned int reg, const char *s)
{
    i->src[n].type = RSX_VP_TEMP;
    i->src[n].temp = reg;
    swizzle(i->src[n].swizzle, s);
}

void vpa_attr(struct rsx_vp_instruction *i, unsigned int n, unsigned int attribute, const char *s)
{
    i->src[n].type = RSX_VP_INPUT;
    i->input = attribute;
    swizzle(i->src[n].swizzle, s);
}

void vpa_const(struct rsx_vp_instruction *i, unsigned int n, unsigned int constant, const char *s)
{
    i->src[n].type = RSX_VP_CONSTANT;
    i->constant = constant;
    swizzle(i->src[n].swizzle, s);
}

size_t vpa_assemble(struct vpa *a, uint8_t *out, size_t capacity)
{
    unsigned int n;

    if ((size_t)a->count * 16 > capacity)
        return 0;
    for (n = 0; n < a->count; ++n)
    {
        a->ins[n].end = n == a->count - 1;
        enc_vp_slot(&a->ins[n], out + 16 * n);
    }
    return a->count * 16;
}

/* ---------------------------------------------------------------------- */

size_t enc_program(uint8_t *out, size_t capacity, uint32_t profile, const void *desc,
        const struct enc_param *params, unsigned int param_count, const uint8_t *ucode, uint32_t ucode_size)
{
    size_t desc_offset = 32, param_offset = desc_offset + 24, at = param_offset + 48 * (size_t)param_count;
    unsigned int n, k;

    if (at > capacity)
        return 0;
    memset(out, 0, at);
    if (profile == RSX_CG_PROFILE_VERTEX)
    {
        const struct rsx_vertex_desc *v = desc;
        store_be(out + desc_offset, v->instruction_count);
        store_be(out + desc_offset + 4, v->instruction_slot);
        store_be(out + desc_offset + 8, v->register_count);
        store_be(out + desc_offset + 12, v->attribute_input_mask);
        store_be(out + desc_offset + 16, v->attribute_output_mask);
        store_be(out + desc_offset + 20, v->user_clip_mask);
    }
    else
    {
        const struct rsx_fragment_desc *f = desc;
        uint8_t *d = out + desc_offset;
        store_be(d, f->instruction_count);
        store_be(d + 4, f->attribute_input_mask);
        store_be(d + 8, f->partial_tex_type);
        d[12] = f->texcoord_input_mask >> 8; d[13] = f->texcoord_input_mask;
        d[14] = f->texcoord_2d_mask >> 8; d[15] = f->texcoord_2d_mask;
        d[16] = f->texcoord_centroid_mask >> 8; d[17] = f->texcoord_centroid_mask;
        d[18] = f->register_count; d[19] = f->output_from_h0; d[20] = f->depth_replace; d[21] = f->pixel_kill;
        d[22] = f->padding[0]; d[23] = f->padding[1];
    }
    for (n = 0; n < param_count; ++n)
    {
        const struct enc_param *p = &params[n];
        uint8_t *e = out + param_offset + 48 * n;
        size_t name = 0, semantic = 0, def = 0, embedded = 0, len;

#define STRING(s, where) do { if ((s) && *(s)) { len = strlen(s) + 1; if (at + len > capacity) return 0; \
            memcpy(out + at, s, len); where = at; at += len; } } while (0)
        STRING(p->name, name);
        STRING(p->semantic, semantic);
#undef STRING
        at = (at + 3) & ~(size_t)3;
        if (p->default_count)
        {
            if (at + 4 * p->default_count > capacity) return 0;
            def = at;
            for (k = 0; k < p->default_count; ++k)
            {
                uint32_t bits;
                memcpy(&bits, &p->defaults[k], 4);
                store_be(out + at, bits);
                at += 4;
            }
        }
        if (p->embedded_count)
        {
            if (at + 4 + 4 * p->embedded_count > capacity) return 0;
            embedded = at;
            store_be(out + at, p->embedded_count);
            at += 4;
            for (k = 0; k < p->embedded_count; ++k, at += 4)
                store_be(out + at, p->embedded[k]);
        }
        store_be(e, p->type);
        store_be(e + 4, p->resource);
        store_be(e + 8, p->variability);
        store_be(e + 12, (uint32_t)p->resource_index);
        store_be(e + 16, name);
        store_be(e + 20, def);
        store_be(e + 24, embedded);
        store_be(e + 28, semantic);
        store_be(e + 32, p->direction);
        store_be(e + 36, (uint32_t)p->paramno);
        store_be(e + 40, p->referenced);
        store_be(e + 44, p->shared);
    }
    at = (at + 15) & ~(size_t)15;
    if (at + ucode_size > capacity)
        return 0;
    memset(out + param_offset + 48 * (size_t)param_count, 0, 0);
    memcpy(out + at, ucode, ucode_size);
    store_be(out, profile);
    store_be(out + 4, RSX_CG_REVISION);
    store_be(out + 8, at + ucode_size);
    store_be(out + 12, param_count);
    store_be(out + 16, param_offset);
    store_be(out + 20, desc_offset);
    store_be(out + 24, ucode_size);
    store_be(out + 28, at);
    return at + ucode_size;
}

size_t enc_container_append(uint8_t *out, size_t size, size_t capacity, const uint8_t *program, size_t program_size)
{
    size_t padded = (program_size + 63) & ~(size_t)63;

    if (size + padded > capacity)
        return 0;
    memmove(out + size, program, program_size);
    memset(out + size + program_size, 0, padded - program_size);
    return size + padded;
}

size_t enc_shp(uint8_t *out, size_t capacity, const uint32_t *keys, const unsigned int *record_of_entry,
        unsigned int entry_count, const struct enc_shp_record *records, unsigned int record_count)
{
    size_t table = 16 * (size_t)entry_count, at = 0;
    uint32_t offsets[64];
    unsigned int n, k;

    if (record_count > 64)
        return 0;
    for (n = 0; n < record_count; ++n)
    {
        offsets[n] = at;
        at = (at + records[n].size + 15) & ~(size_t)15;
    }
    if (table + at > capacity)
        return 0;
    memset(out, 0, table + at);
    for (n = 0; n < entry_count; ++n)
    {
        const struct enc_shp_record *r = &records[record_of_entry[n]];
        store_be(out + 16 * n, keys[n]);
        store_be(out + 16 * n + 4, offsets[record_of_entry[n]]);
        store_be(out + 16 * n + 8, 0x1000 * n);
        store_be(out + 16 * n + 12, r->size << 16 | 128);
    }
    for (n = 0; n < record_count; ++n)
    {
        const struct enc_shp_record *r = &records[n];
        uint8_t *h = out + table + offsets[n];
        store_be(h, r->magic);
        h[20] = r->variant_count;
        h[22] = r->descriptor_count >> 8;
        h[23] = r->descriptor_count;
        store_be(h + 24, r->descriptor_count ? 44 : 0);
        for (k = 0; k < r->descriptor_count && k < 8; ++k)
        {
            uint8_t *d = h + 44 + 20 * k;
            store_be(d, r->descriptors[k].hash);
            store_be(d + 4, r->descriptors[k].encoding);
            store_be(d + 8, r->descriptors[k].offsets[0]);
            store_be(d + 12, r->descriptors[k].offsets[1]);
            store_be(d + 16, r->descriptors[k].offsets[2]);
        }
    }
    return table + at;
}

/*
 * The tests' RSX encoder: writes every field of fragment and vertex
 * microcode, CgBinaryProgram containers and .shp indexes from the layout
 * documented in documentation/rsx.md (seed 002), independently of the
 * library's decoders.  No disc data is available, so every test program is
 * assembled here; rsxplay's demo uses it too.
 */
#ifndef DX7GL_TESTS_RSX_ENCODER_H
#define DX7GL_TESTS_RSX_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#include "rsx.h"

/* One instruction's 16 bytes (each word rotated by 16, little-endian). */
void enc_fp_words(const struct rsx_fp_instruction *i, uint32_t w[4]);
void enc_fp_instruction(const struct rsx_fp_instruction *i, uint8_t out[16]);
/* A vertex slot's 16 bytes (four big-endian words). */
void enc_vp_words(const struct rsx_vp_instruction *i, uint32_t w[4]);
void enc_vp_slot(const struct rsx_vp_instruction *i, uint8_t out[16]);

/* Fragment assembler: instructions in order; IFE targets by instruction
 * index, turned into word offsets by fpa_assemble. */
#define FPA_MAX 256
struct fpa
{
    struct rsx_fp_instruction ins[FPA_MAX];
    int else_index[FPA_MAX], end_index[FPA_MAX];   /* -1: the program's end */
    unsigned int count;
};
void fpa_init(struct fpa *a);
/* An instruction writing R<dest> (mask "xyzw" letters), condition TR,
 * sources R0.xyzw until set. */
struct rsx_fp_instruction *fpa_op(struct fpa *a, unsigned int opcode, unsigned int dest, const char *mask);
void fpa_temp(struct rsx_fp_instruction *i, unsigned int n, unsigned int reg, const char *swizzle);
void fpa_input(struct rsx_fp_instruction *i, unsigned int n, unsigned int input, const char *swizzle);
void fpa_const(struct rsx_fp_instruction *i, unsigned int n, float x, float y, float z, float w, const char *swizzle);
/* Condition: code "LT", "EQ", "LE", "GT", "NE", "GE", "TR", "FL" on RC<reg>.swizzle. */
void fpa_cond(struct rsx_fp_instruction *i, const char *code, unsigned int reg, const char *swizzle);
/* IFE / else / end; returns the IFE's index. */
unsigned int fpa_ife(struct fpa *a, const char *code, unsigned int reg, const char *swizzle);
void fpa_else(struct fpa *a, unsigned int ife);
void fpa_endif(struct fpa *a, unsigned int ife);
/* LOOP / REP {count, init, increment} (word 2 bits 2-9, 10-17, 19-26); the
 * body ends where fpa_endloop is called.  Returns the instruction's index. */
unsigned int fpa_loop(struct fpa *a, unsigned int opcode, unsigned int count, unsigned int init,
        unsigned int increment);
void fpa_endloop(struct fpa *a, unsigned int loop);
/* CAL; its target is the instruction added after fpa_target(a, cal). */
unsigned int fpa_cal(struct fpa *a);
void fpa_target(struct fpa *a, unsigned int cal);
/* Bytes of the program (end flag on the last instruction). */
size_t fpa_assemble(struct fpa *a, uint8_t *out, size_t capacity);

/* Vertex assembler. */
#define VPA_MAX 128
struct vpa
{
    struct rsx_vp_instruction ins[VPA_MAX];
    unsigned int count;
};
void vpa_init(struct vpa *a);
/* A slot with a vector operation writing R<temp> (63: none) and / or the
 * output register (output < 0: none). */
struct rsx_vp_instruction *vpa_vec(struct vpa *a, unsigned int opcode, unsigned int temp, int output, const char *mask);
/* A slot with a scalar operation (source 2) writing R<temp>, or the
 * output register when temp is 63. */
struct rsx_vp_instruction *vpa_sca(struct vpa *a, unsigned int opcode, unsigned int temp, int output, const char *mask);
void vpa_temp(struct rsx_vp_instruction *i, unsigned int n, unsigned int reg, const char *swizzle);
void vpa_attr(struct rsx_vp_instruction *i, unsigned int n, unsigned int attribute, const char *swizzle);
void vpa_const(struct rsx_vp_instruction *i, unsigned int n, unsigned int constant, const char *swizzle);
/* A slot with a scalar branch or call to slot target (word 0 bit 23, word 2
 * bits 0-5, word 3 bits 29-31, RPCS3's layout), condition TR. */
struct rsx_vp_instruction *vpa_branch(struct vpa *a, unsigned int opcode, unsigned int target);
/* Give an existing slot a scalar branch to target. */
void vpa_set_branch(struct rsx_vp_instruction *i, unsigned int opcode, unsigned int target);
size_t vpa_assemble(struct vpa *a, uint8_t *out, size_t capacity);

/* Containers. */
struct enc_param
{
    uint32_t type, resource, variability;
    int32_t resource_index;
    const char *name, *semantic;
    uint32_t direction;
    int32_t paramno;
    uint32_t referenced, shared;
    unsigned int default_count;
    float defaults[16];
    unsigned int embedded_count;
    uint32_t embedded[8];
};
/* One CgBinaryProgram (unpadded); returns its size, 0 when it does not fit.
 * desc: a struct rsx_vertex_desc or rsx_fragment_desc as the profile says. */
size_t enc_program(uint8_t *out, size_t capacity, uint32_t profile, const void *desc,
        const struct enc_param *params, unsigned int param_count, const uint8_t *ucode, uint32_t ucode_size);
/* Append a program padded with zeros to 64 bytes; returns the new size. */
size_t enc_container_append(uint8_t *out, size_t size, size_t capacity, const uint8_t *program, size_t program_size);

/* .shp: entries, then records at the given tail offsets. */
struct enc_shp_record
{
    uint32_t magic;
    uint8_t variant_count;
    uint16_t descriptor_count;
    uint32_t size;                   /* header + descriptors (at 44) */
    struct rsx_shp_descriptor descriptors[8];
};
size_t enc_shp(uint8_t *out, size_t capacity, const uint32_t *keys, const unsigned int *record_of_entry,
        unsigned int entry_count, const struct enc_shp_record *records, unsigned int record_count);

#endif

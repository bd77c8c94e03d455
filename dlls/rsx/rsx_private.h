/*
 * RSX front end: private definitions.
 */
#ifndef DX7GL_RSX_PRIVATE_H
#define DX7GL_RSX_PRIVATE_H

#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>

#include "rsx.h"

static inline uint32_t rsx_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline uint16_t rsx_be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}
static inline uint32_t rsx_bits(uint32_t v, unsigned int shift, unsigned int width)
{
    return (v >> shift) & ((width >= 32 ? 0 : (1u << width)) - 1);
}

/* Writes the message (and returns result) when error is not NULL. */
int rsx_fail(struct rsx_error *error, int result, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* A growing string for text and GLSL. */
struct rsx_buffer
{
    char *data;
    size_t size, capacity;
    int failed;
};
void rsx_buffer_init(struct rsx_buffer *b);
void rsx_buffer_printf(struct rsx_buffer *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* The string (NULL when an allocation failed; then the buffer is freed). */
char *rsx_buffer_take(struct rsx_buffer *b);

/* Sources an opcode reads: fragment (a count, 0..3) and vertex vector
 * (a mask of sources 0..2; scalar operations read source 2). */
unsigned int rsx_fp_source_count(unsigned int opcode);
unsigned int rsx_vp_vec_source_mask(unsigned int opcode);

/* Vertex scalar opcodes that branch, call, return or use the stack; the
 * slot index a branch or call goes to (words 0, 2, 3 in source 2's place). */
int rsx_vp_sca_is_flow(unsigned int opcode);
unsigned int rsx_vp_branch_target(const struct rsx_vp_instruction *i);
/* TXL's texture unit: word 2 bits 8-9 (RPCS3), source 1's place. */
static inline unsigned int rsx_vp_tex_unit(const struct rsx_vp_instruction *i) { return i->src[1].temp & 3; }

/* A float's bits printed as a GLSL literal that compiles exactly. */
void rsx_float_literal(char out[48], uint32_t bits);

#endif

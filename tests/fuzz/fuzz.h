/*
 * Shared by the libFuzzer harnesses: the input read as a stream of small
 * numbers, each harness turning them into calls. Reading past the end
 * gives zeros, so every input is a valid program of calls.
 */
#ifndef DX7GL_FUZZ_H
#define DX7GL_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct fuzz_input
{
    const uint8_t *data;
    size_t size, pos;
};

static inline int fuzz_more(const struct fuzz_input *in)
{
    return in->pos < in->size;
}

static inline uint8_t fuzz_u8(struct fuzz_input *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

static inline uint16_t fuzz_u16(struct fuzz_input *in)
{
    uint16_t v = fuzz_u8(in);
    return v | (uint16_t)fuzz_u8(in) << 8;
}

static inline uint32_t fuzz_u32(struct fuzz_input *in)
{
    uint32_t v = fuzz_u16(in);
    return v | (uint32_t)fuzz_u16(in) << 16;
}

/* A float: mostly ordinary values, sometimes any bit pattern (NaN, inf,
 * 1e30), as a careless program would pass. */
static inline float fuzz_float(struct fuzz_input *in)
{
    static const float common[] = {0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 16.0f, 255.0f, 1e-7f, 1e22f, -3.2e31f};
    uint8_t k = fuzz_u8(in);
    uint32_t bits;
    float f;

    if (k < 160)
        return common[k % (sizeof(common) / sizeof(common[0]))];
    if (k < 240)
        return (float)(int16_t)fuzz_u16(in) / 16.0f;
    bits = fuzz_u32(in);
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* A small number below limit (limit > 0). */
static inline unsigned int fuzz_below(struct fuzz_input *in, unsigned int limit)
{
    return fuzz_u8(in) % limit;
}

/* Copies up to size bytes of input into out (zeros after the end). */
static inline void fuzz_bytes(struct fuzz_input *in, void *out, size_t size)
{
    size_t n = in->size - in->pos < size ? in->size - in->pos : size;

    memcpy(out, in->data + in->pos, n);
    memset((uint8_t *)out + n, 0, size - n);
    in->pos += n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif

/*
 * GS adapter: private definitions.
 */
#ifndef DX7GL_GS_PRIVATE_H
#define DX7GL_GS_PRIVATE_H

#include <stdint.h>
#include <stddef.h>

#include "gs.h"

/* Image transfer in progress (TRXDIR written). */
struct gs_transfer
{
    int active;             /* host to local, waiting for IMAGE data */
    unsigned int psm, dbp, dbw;
    unsigned int x0, y0, w, h;  /* target rectangle */
    unsigned int x, y;          /* next pixel */
    /* Leftover bytes of a pixel split across quadwords (PSMCT24). */
    uint8_t pending[4];
    unsigned int pending_count;
};

/* Where transfers wrote, for consumers that cache decoded memory. */
#define GS_WRITE_LOG_SIZE 64
struct gs_write_range
{
    uint64_t generation;
    uint32_t first, last;       /* blocks, inclusive; last may pass 0x3fff when the GS wraps */
};

struct gs_device
{
    uint32_t *memory;                       /* GS_MEMORY_WORDS words */
    uint64_t regs[GS_REGISTER_COUNT];
    /* Vertex queue. */
    struct gs_vertex queue[3];
    unsigned int queue_count;
    float internal_q;                       /* Q of the last ST in PACKED mode */
    struct gs_transfer transfer;
    struct gs_draw_sink sink;
    struct gs_stats stats;
    uint64_t memory_generation;             /* bumped by every write through a transfer */
    struct gs_write_range write_log[GS_WRITE_LOG_SIZE]; /* indexed by generation % size */
};

/* memory.c */
int gs_psm_supported(unsigned int psm);
unsigned int gs_psm_bits(unsigned int psm);
void gs_psm_page_size(unsigned int psm, unsigned int *w, unsigned int *h);
int gs_transfer_start(struct gs_device *gs, unsigned int dir);
/* Consumes IMAGE data bytes; returns -1 when no transfer is active. */
int gs_transfer_data(struct gs_device *gs, const uint8_t *data, size_t size);
/* Checks a rectangle of a buffer stays inside GS memory without wrapping. */
int gs_rect_in_memory(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y,
        unsigned int w, unsigned int h);

/* A texel through any TEX0 value (mip levels: TBP0 / TBW from MIPTBP). */
uint32_t gs_read_texel_tex0(const struct gs_device *gs, uint64_t tex0, unsigned int x, unsigned int y);

/* Blocks a rectangle of a buffer touches (no validation, no wrap). */
void gs_rect_block_range(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y,
        unsigned int w, unsigned int h, uint32_t *first, uint32_t *last);
/* Whether memory in [first, last] may have been written since generation. */
int gs_memory_written_since(const struct gs_device *gs, uint64_t generation, uint32_t first, uint32_t last);

/* gif.c */
const char *gs_register_name(unsigned int reg);
int gs_register_known(unsigned int reg);

/* texcache.c */
uint32_t gs_texcache_start(const struct gs_texcache *cache);

#endif

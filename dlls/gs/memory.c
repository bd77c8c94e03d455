/*
 * GS local memory: the swizzled page / block / column layouts of PSMCT32,
 * PSMCT24, PSMCT16, PSMT8 and PSMT4, and image transfers.
 *
 * The layouts are the GS's documented ones (pages of 8 KB = 2048 words
 * holding 32 blocks of 64 words; each block four columns).  They are written
 * here as formulas over the coordinate bits rather than tables:
 *
 *   PSMCT32  page 64x32,  block 8x8,   blocks in a page interleave x and y
 *                                       (x bit, y bit, x bit, y bit, x bit)
 *   PSMCT16  page 64x64,  block 16x8,  (y bit, x bit, y bit, x bit, y bit)
 *   PSMT8    page 128x64, block 16x16, as PSMCT32
 *   PSMT4    page 128x128, block 32x16, as PSMCT16
 *
 * Buffer widths (BW) are in 64-pixel units; for PSMT8 and PSMT4 a row of
 * pages is BW / 2 pages wide.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gs_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(gs);

int gs_psm_supported(unsigned int psm)
{
    switch (psm)
    {
        case GS_PSMCT32: case GS_PSMCT24: case GS_PSMCT16: case GS_PSMT8: case GS_PSMT4:
            return 1;
        default:
            return 0;
    }
}

unsigned int gs_psm_bits(unsigned int psm)
{
    switch (psm)
    {
        case GS_PSMCT32: case GS_PSMZ32: return 32;
        case GS_PSMCT24: case GS_PSMZ24: return 24;
        case GS_PSMCT16: case GS_PSMCT16S: case GS_PSMZ16: case GS_PSMZ16S: return 16;
        case GS_PSMT8: return 8;
        case GS_PSMT4: return 4;
        default: return 0;
    }
}

void gs_psm_page_size(unsigned int psm, unsigned int *w, unsigned int *h)
{
    switch (psm)
    {
        case GS_PSMCT16: case GS_PSMCT16S: case GS_PSMZ16: case GS_PSMZ16S: *w = 64; *h = 64; break;
        case GS_PSMT8: *w = 128; *h = 64; break;
        case GS_PSMT4: *w = 128; *h = 128; break;
        default: *w = 64; *h = 32; break;
    }
}

/* Block number inside a page, "32" arrangement (PSMCT32, PSMT8): blocks
 * form an 8 x 4 grid. */
static unsigned int block_index32(unsigned int bx, unsigned int by)
{
    return (bx & 1) | (by & 1) << 1 | (bx & 2) << 1 | (by & 2) << 2 | (bx & 4) << 2;
}

/* "16" arrangement (PSMCT16, PSMT4): a 4 x 8 grid. */
static unsigned int block_index16(unsigned int bx, unsigned int by)
{
    return (by & 1) | (bx & 1) << 1 | (by & 2) << 1 | (bx & 2) << 2 | (by & 4) << 2;
}

/* Page and block of a pixel: the word address of the block's first word. */
static uint32_t block_address(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y)
{
    unsigned int pw, ph, bwidth, bheight, pages_per_row, page, block;

    gs_psm_page_size(psm, &pw, &ph);
    pages_per_row = (psm == GS_PSMT8 || psm == GS_PSMT4) ? bw >> 1 : bw;
    page = (y / ph) * pages_per_row + x / pw;
    x %= pw;
    y %= ph;
    switch (psm)
    {
        case GS_PSMCT16: bwidth = 16; bheight = 8; block = block_index16(x / bwidth, y / bheight); break;
        case GS_PSMT8:   bwidth = 16; bheight = 16; block = block_index32(x / bwidth, y / bheight); break;
        case GS_PSMT4:   bwidth = 32; bheight = 16; block = block_index16(x / bwidth, y / bheight); break;
        default:         bwidth = 8; bheight = 8; block = block_index32(x / bwidth, y / bheight); break;
    }
    return ((bp + page * 32 + block) % (GS_MEMORY_WORDS / GS_BLOCK_WORDS)) * GS_BLOCK_WORDS;
}

/* Position of a pixel inside its block, in units of the format's pixels
 * (words for 32-bit, half-words for 16-bit, bytes, nibbles). */
static unsigned int column_index(unsigned int psm, unsigned int x, unsigned int y)
{
    unsigned int r, c, xx, swap;

    switch (psm)
    {
        case GS_PSMCT16:
            x &= 15; y &= 7;
            /* Columns of 16x2; even x and odd x in separate halves of a word pair. */
            return (y >> 1) * 32 + (y & 1) * 4 + ((x >> 3) & 1) + (x & 1) * 2 + ((x >> 1) & 3) * 8;
        case GS_PSMT8:
            x &= 15; y &= 15;
            c = y >> 2; r = y & 3;
            /* Rows 2-3 of a column (rows 0-1 in odd columns) rotate x by 4. */
            swap = (r >> 1) ^ (c & 1);
            xx = swap ? (x & 7) ^ 4 : (x & 7);
            return c * 64 + (r >> 1) + (r & 1) * 8 + ((x >> 3) & 1) * 2 + (xx & 1) * 4 + ((xx >> 1) & 3) * 16;
        case GS_PSMT4:
            x &= 31; y &= 15;
            c = y >> 2; r = y & 3;
            swap = (r >> 1) ^ (c & 1);
            xx = swap ? (x & 7) ^ 4 : (x & 7);
            return c * 128 + (r >> 1) + (r & 1) * 16 + ((x >> 3) & 3) * 2 + (xx & 1) * 8 + ((xx >> 1) & 3) * 32;
        default: /* PSMCT32, PSMCT24 */
            x &= 7; y &= 7;
            return (y >> 1) * 16 + (y & 1) * 2 + (x & 1) + (x >> 1) * 4;
    }
}

int64_t gs_memory_address(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y,
        unsigned int *shift)
{
    unsigned int index, bits;
    uint32_t block;

    if (!gs_psm_supported(psm)) return -1;
    x &= 2047;
    y &= 2047;
    block = block_address(psm, bp, bw, x, y);
    index = column_index(psm, x, y);
    bits = gs_psm_bits(psm) == 24 ? 32 : gs_psm_bits(psm);
    if (shift) *shift = (index * bits) & 31;
    return block + (index * bits) / 32;
}

uint32_t gs_memory_read_pixel(const struct gs_device *gs, unsigned int psm, unsigned int bp, unsigned int bw,
        unsigned int x, unsigned int y)
{
    unsigned int shift;
    int64_t addr = gs_memory_address(psm, bp, bw, x, y, &shift);
    uint32_t word;

    if (addr < 0) return 0;
    word = gs->memory[addr];
    switch (psm)
    {
        case GS_PSMCT24: return word & 0xffffff;
        case GS_PSMCT16: return (word >> shift) & 0xffff;
        case GS_PSMT8: return (word >> shift) & 0xff;
        case GS_PSMT4: return (word >> shift) & 0xf;
        default: return word;
    }
}

void gs_memory_write_pixel(struct gs_device *gs, unsigned int psm, unsigned int bp, unsigned int bw,
        unsigned int x, unsigned int y, uint32_t value)
{
    unsigned int shift;
    int64_t addr = gs_memory_address(psm, bp, bw, x, y, &shift);
    uint32_t mask;

    if (addr < 0) return;
    switch (psm)
    {
        case GS_PSMCT24: mask = 0xffffff; shift = 0; break;
        case GS_PSMCT16: mask = 0xffffu << shift; break;
        case GS_PSMT8: mask = 0xffu << shift; break;
        case GS_PSMT4: mask = 0xfu << shift; break;
        default: mask = 0xffffffff; shift = 0; break;
    }
    gs->memory[addr] = (gs->memory[addr] & ~mask) | ((value << shift) & mask);
}

int gs_rect_in_memory(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y,
        unsigned int w, unsigned int h)
{
    unsigned int pw, ph, bwp, bhp, bx, by, pages_per_row;
    uint64_t last = 0;

    if (!gs_psm_supported(psm) || !w || !h) return 0;
    if (x + w > 2048 || y + h > 2048) return 0;
    if (!bw || x + w > bw * 64u) return 0;
    if ((psm == GS_PSMT8 || psm == GS_PSMT4) && (bw & 1)) return 0;
    gs_psm_page_size(psm, &pw, &ph);
    switch (psm)
    {
        case GS_PSMCT16: bwp = 16; bhp = 8; break;
        case GS_PSMT8: bwp = 16; bhp = 16; break;
        case GS_PSMT4: bwp = 32; bhp = 16; break;
        default: bwp = 8; bhp = 8; break;
    }
    pages_per_row = (psm == GS_PSMT8 || psm == GS_PSMT4) ? bw >> 1 : bw;
    /* The highest block the rectangle touches, without the 4 MB wrap. */
    for (by = y / bhp; by <= (y + h - 1) / bhp; ++by)
        for (bx = x / bwp; bx <= (x + w - 1) / bwp; ++bx)
        {
            unsigned int px = bx * bwp, py = by * bhp;
            uint64_t page = (uint64_t)(py / ph) * pages_per_row + px / pw;
            unsigned int block = (psm == GS_PSMCT16 || psm == GS_PSMT4)
                    ? block_index16((px % pw) / bwp, (py % ph) / bhp)
                    : block_index32((px % pw) / bwp, (py % ph) / bhp);
            uint64_t b = bp + page * 32 + block;
            if (b > last) last = b;
        }
    return last < GS_MEMORY_WORDS / GS_BLOCK_WORDS;
}

void gs_rect_block_range(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y,
        unsigned int w, unsigned int h, uint32_t *first, uint32_t *last)
{
    unsigned int pw, ph, bwp, bhp, bx, by, pages_per_row;
    uint64_t lo = ~(uint64_t)0, hi = 0;

    if (!w || !h)
    {
        *first = *last = bp;
        return;
    }
    gs_psm_page_size(psm, &pw, &ph);
    switch (psm)
    {
        case GS_PSMCT16: bwp = 16; bhp = 8; break;
        case GS_PSMT8: bwp = 16; bhp = 16; break;
        case GS_PSMT4: bwp = 32; bhp = 16; break;
        default: bwp = 8; bhp = 8; break;
    }
    pages_per_row = (psm == GS_PSMT8 || psm == GS_PSMT4) ? bw >> 1 : bw;
    if (!pages_per_row) pages_per_row = 1;
    for (by = y / bhp; by <= (y + h - 1) / bhp; ++by)
        for (bx = x / bwp; bx <= (x + w - 1) / bwp; ++bx)
        {
            unsigned int px = bx * bwp, py = by * bhp;
            uint64_t page = (uint64_t)(py / ph) * pages_per_row + px / pw, b;
            unsigned int block = (psm == GS_PSMCT16 || psm == GS_PSMT4)
                    ? block_index16((px % pw) / bwp, (py % ph) / bhp)
                    : block_index32((px % pw) / bwp, (py % ph) / bhp);
            b = bp + page * 32 + block;
            if (b < lo) lo = b;
            if (b > hi) hi = b;
        }
    *first = lo > 0xffffffffu ? 0xffffffffu : (uint32_t)lo;
    *last = hi > 0xffffffffu ? 0xffffffffu : (uint32_t)hi;
}

static void log_write(struct gs_device *gs, unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x,
        unsigned int y, unsigned int w, unsigned int h)
{
    struct gs_write_range *e;

    ++gs->memory_generation;
    e = &gs->write_log[gs->memory_generation % GS_WRITE_LOG_SIZE];
    e->generation = gs->memory_generation;
    gs_rect_block_range(psm, bp, bw, x, y, w, h, &e->first, &e->last);
}

int gs_memory_written_since(const struct gs_device *gs, uint64_t generation, uint32_t first, uint32_t last)
{
    uint64_t g;

    if (generation >= gs->memory_generation) return 0;
    /* Older than the log reaches: assume written. */
    if (gs->memory_generation - generation >= GS_WRITE_LOG_SIZE) return 1;
    for (g = generation + 1; g <= gs->memory_generation; ++g)
    {
        const struct gs_write_range *e = &gs->write_log[g % GS_WRITE_LOG_SIZE];
        if (e->first <= last && first <= e->last) return 1;
    }
    return 0;
}

/* Host order of transfer data: 32-bit words, 24-bit packed triples, 16-bit
 * half-words, bytes, nibbles (first pixel in the low nibble). */
static void transfer_advance(struct gs_transfer *t)
{
    if (++t->x >= t->x0 + t->w)
    {
        t->x = t->x0;
        if (++t->y >= t->y0 + t->h) t->active = 0;
    }
}

int gs_transfer_data(struct gs_device *gs, const uint8_t *data, size_t size)
{
    struct gs_transfer *t = &gs->transfer;
    size_t i = 0;

    if (!t->active)
    {
        WARN("IMAGE data without an active host to local transfer, %lu bytes dropped.\n", (unsigned long)size);
        return -1;
    }
    while (i < size && t->active)
    {
        switch (t->psm)
        {
            case GS_PSMT4:
                gs_memory_write_pixel(gs, t->psm, t->dbp, t->dbw, t->x, t->y, data[i] & 0xf);
                transfer_advance(t);
                if (t->active)
                {
                    gs_memory_write_pixel(gs, t->psm, t->dbp, t->dbw, t->x, t->y, data[i] >> 4);
                    transfer_advance(t);
                }
                ++i;
                break;
            case GS_PSMT8:
                gs_memory_write_pixel(gs, t->psm, t->dbp, t->dbw, t->x, t->y, data[i++]);
                transfer_advance(t);
                break;
            default:
            {
                unsigned int bytes = gs_psm_bits(t->psm) / 8;
                t->pending[t->pending_count++] = data[i++];
                if (t->pending_count == bytes)
                {
                    uint32_t v = t->pending[0] | t->pending[1] << 8;
                    if (bytes > 2) v |= (uint32_t)t->pending[2] << 16;
                    if (bytes > 3) v |= (uint32_t)t->pending[3] << 24;
                    t->pending_count = 0;
                    gs_memory_write_pixel(gs, t->psm, t->dbp, t->dbw, t->x, t->y, v);
                    transfer_advance(t);
                }
                break;
            }
        }
    }
    gs->stats.transfer_words += (i + 3) / 4;
    log_write(gs, t->psm, t->dbp, t->dbw, t->x0, t->y0, t->w, t->h);
    if (i < size)
        TRACE("Transfer complete, %lu trailing bytes ignored.\n", (unsigned long)(size - i));
    return 0;
}

static void local_to_local(struct gs_device *gs)
{
    uint64_t bitblt = gs->regs[GS_BITBLTBUF], pos = gs->regs[GS_TRXPOS], reg = gs->regs[GS_TRXREG];
    unsigned int spsm = gs_field(bitblt, 24, 6), dpsm = gs_field(bitblt, 56, 6);
    unsigned int sbp = gs_field(bitblt, 0, 14), sbw = gs_field(bitblt, 16, 6);
    unsigned int dbp = gs_field(bitblt, 32, 14), dbw = gs_field(bitblt, 48, 6);
    unsigned int sx = gs_field(pos, 0, 11), sy = gs_field(pos, 16, 11);
    unsigned int dx = gs_field(pos, 32, 11), dy = gs_field(pos, 48, 11);
    unsigned int w = gs_field(reg, 0, 12), h = gs_field(reg, 32, 12), x, y;
    uint32_t *tmp;

    if (spsm != dpsm || !gs_rect_in_memory(spsm, sbp, sbw, sx, sy, w, h)
            || !gs_rect_in_memory(dpsm, dbp, dbw, dx, dy, w, h))
    {
        WARN("Refusing local to local transfer psm %#x->%#x %ux%u (%u,%u)->(%u,%u).\n",
                spsm, dpsm, w, h, sx, sy, dx, dy);
        gs->stats.errors++;
        return;
    }
    /* Read everything first: source and target may overlap. */
    if (!(tmp = malloc((size_t)w * h * sizeof(*tmp)))) return;
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
            tmp[y * w + x] = gs_memory_read_pixel(gs, spsm, sbp, sbw, sx + x, sy + y);
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
            gs_memory_write_pixel(gs, dpsm, dbp, dbw, dx + x, dy + y, tmp[y * w + x]);
    free(tmp);
    gs->stats.transfers++;
    log_write(gs, dpsm, dbp, dbw, dx, dy, w, h);
}

int gs_transfer_start(struct gs_device *gs, unsigned int dir)
{
    uint64_t bitblt = gs->regs[GS_BITBLTBUF], pos = gs->regs[GS_TRXPOS], reg = gs->regs[GS_TRXREG];
    struct gs_transfer *t = &gs->transfer;

    if (t->active)
        WARN("New transfer while %u rows of the last one were outstanding.\n", t->y0 + t->h - t->y);
    memset(t, 0, sizeof(*t));
    switch (dir & 3)
    {
        case 0:
            t->psm = gs_field(bitblt, 56, 6);
            t->dbp = gs_field(bitblt, 32, 14);
            t->dbw = gs_field(bitblt, 48, 6);
            t->x0 = t->x = gs_field(pos, 32, 11);
            t->y0 = t->y = gs_field(pos, 48, 11);
            t->w = gs_field(reg, 0, 12);
            t->h = gs_field(reg, 32, 12);
            if (!gs_rect_in_memory(t->psm, t->dbp, t->dbw, t->x0, t->y0, t->w, t->h))
            {
                WARN("Refusing host to local transfer psm %#x bp %#x bw %u rect %u,%u %ux%u.\n",
                        t->psm, t->dbp, t->dbw, t->x0, t->y0, t->w, t->h);
                gs->stats.errors++;
                return -1;
            }
            t->active = 1;
            gs->stats.transfers++;
            return 0;
        case 1:
            /* Local to host: read on demand by gs_device_read_image(). */
            return 0;
        case 2:
            local_to_local(gs);
            return 0;
        default:
            return 0;
    }
}

long gs_device_read_image(struct gs_device *gs, void *out, size_t size)
{
    uint64_t bitblt = gs->regs[GS_BITBLTBUF], pos = gs->regs[GS_TRXPOS], reg = gs->regs[GS_TRXREG];
    unsigned int psm = gs_field(bitblt, 24, 6), sbp = gs_field(bitblt, 0, 14), sbw = gs_field(bitblt, 16, 6);
    unsigned int sx = gs_field(pos, 0, 11), sy = gs_field(pos, 16, 11);
    unsigned int w = gs_field(reg, 0, 12), h = gs_field(reg, 32, 12), x, y;
    size_t need, o = 0;
    uint8_t *dst = out;

    if (!gs_rect_in_memory(psm, sbp, sbw, sx, sy, w, h))
    {
        WARN("Refusing local to host transfer psm %#x.\n", psm);
        return -1;
    }
    need = ((size_t)w * h * gs_psm_bits(psm) + 7) / 8;
    if (size < need) return -1;
    memset(out, 0, need);
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
        {
            uint32_t v = gs_memory_read_pixel(gs, psm, sbp, sbw, sx + x, sy + y);
            switch (psm)
            {
                case GS_PSMT4:
                    dst[o / 2] |= (o & 1) ? v << 4 : v;
                    ++o;
                    break;
                case GS_PSMT8: dst[o++] = v; break;
                case GS_PSMCT16: dst[o++] = v; dst[o++] = v >> 8; break;
                case GS_PSMCT24: dst[o++] = v; dst[o++] = v >> 8; dst[o++] = v >> 16; break;
                default: dst[o++] = v; dst[o++] = v >> 8; dst[o++] = v >> 16; dst[o++] = v >> 24; break;
            }
        }
    return (long)need;
}

uint32_t *gs_device_memory(struct gs_device *gs)
{
    return gs->memory;
}

/* PSMCT16 (A1 B5 G5 R5) to 0xAABBGGRR on the GS's alpha scale, as TEXA
 * expands it: alpha TA0 or TA1 by the A bit (AEM: black is transparent). */
static uint32_t expand16(uint32_t c, uint64_t texa)
{
    uint32_t r = (c & 0x1f) << 3, g = ((c >> 5) & 0x1f) << 3, b = ((c >> 10) & 0x1f) << 3, a;

    if (gs_field(texa, 15, 1) && !(c & 0x7fff)) a = 0;
    else a = (c & 0x8000) ? gs_field(texa, 32, 8) : gs_field(texa, 0, 8);
    return r | g << 8 | b << 16 | a << 24;
}

/* CLUT entry i of a palette stored at CBP in CPSM, CSM1 layout: PSMCT32
 * entries in 16x16 (8-bit) or 8x2 (4-bit) blocks with the documented
 * column swap of 8-bit palettes. */
static uint32_t clut_entry(const struct gs_device *gs, uint64_t tex0, unsigned int psm, unsigned int i)
{
    unsigned int cbp = gs_field(tex0, 37, 14), cpsm = gs_field(tex0, 51, 4);
    unsigned int x, y, cw;

    if (gs_field(tex0, 55, 1))
    {
        /* CSM2: a one-line strip of PSMCT16 entries at (COU * 16, COV) of
         * a buffer CBW wide (TEXCLUT). */
        uint64_t texclut = gs->regs[GS_TEXCLUT];
        unsigned int cbw = gs_field(texclut, 0, 6);
        return expand16(gs_memory_read_pixel(gs, GS_PSMCT16, cbp, cbw ? cbw : 1,
                gs_field(texclut, 6, 6) * 16 + i, gs_field(texclut, 12, 10)), gs->regs[GS_TEXA]);
    }
    if (psm == GS_PSMT8)
    {
        /* Entries 8-15 and 16-23 of each 32 are exchanged (CSM1). */
        unsigned int j = (i & ~0x18u) | ((i & 0x08) << 1) | ((i & 0x10) >> 1);
        x = j & 15; y = j >> 4;
    }
    else
    {
        /* 4-bit: 16 entries in an 8x2 rectangle at CBP.  CSA (an offset
         * into the GS's CLUT buffer) is not modelled: RenderWare uploads
         * each palette to its own CBP with CSA 0. */
        x = i & 7; y = i >> 3;
    }
    cw = 1; /* the CLUT buffer is one 64-pixel unit wide */
    if (cpsm == 0 || cpsm == 1)
        return gs_memory_read_pixel(gs, GS_PSMCT32, cbp, cw, x, y);
    return expand16(gs_memory_read_pixel(gs, GS_PSMCT16, cbp, cw, x, y), gs->regs[GS_TEXA]);
}

uint32_t gs_device_read_texel(const struct gs_device *gs, unsigned int context, unsigned int x, unsigned int y)
{
    return gs_read_texel_tex0(gs, gs->regs[context ? GS_TEX0_2 : GS_TEX0_1], x, y);
}

uint32_t gs_read_texel_tex0(const struct gs_device *gs, uint64_t tex0, unsigned int x, unsigned int y)
{
    uint64_t texa = gs->regs[GS_TEXA];
    unsigned int tbp = gs_field(tex0, 0, 14), tbw = gs_field(tex0, 14, 6), psm = gs_field(tex0, 20, 6);
    uint32_t v;

    switch (psm)
    {
        case GS_PSMCT32:
            return gs_memory_read_pixel(gs, psm, tbp, tbw, x, y);
        case GS_PSMCT24:
            v = gs_memory_read_pixel(gs, psm, tbp, tbw, x, y);
            /* No alpha stored: TA0, or 0 for black with AEM. */
            if (gs_field(texa, 15, 1) && !v) return 0;
            return v | (uint32_t)gs_field(texa, 0, 8) << 24;
        case GS_PSMCT16:
            return expand16(gs_memory_read_pixel(gs, psm, tbp, tbw, x, y), texa);
        case GS_PSMT8:
        case GS_PSMT4:
            return clut_entry(gs, tex0, psm, gs_memory_read_pixel(gs, psm, tbp, tbw, x, y));
        default:
            return 0;
    }
}

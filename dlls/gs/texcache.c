/*
 * The driver's texture cache (TexCache_Init / _Find / _Upload /
 * _Allocate, seed 003 "GS memory"): a ring over the GS memory left after
 * the frame and Z buffers.  Entries {raster, address, size} from the oldest
 * to the newest; sizes rounded up to 2,048 words.  A raster that is not
 * resident goes right after the newest entry, or back at the start when it
 * does not fit before the end, and every older entry it overlaps is
 * dropped: first in, first out by address, with no use counts.  The rasters
 * of context 1 and 2 of the current draw are protected (the new raster is
 * then not placed), and a locked raster is never placed.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gs_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(gs);

struct gs_texcache_entry
{
    struct gs_raster *raster;
    uint32_t address, size;
};

struct gs_texcache
{
    uint32_t start, size;
    struct gs_texcache_entry *entries;  /* oldest first */
    unsigned int count, capacity;
    const struct gs_raster *protect[2];
    struct gs_texcache_counters frame, total;
};

int gs_texcache_create(uint32_t start, uint32_t size, struct gs_texcache **out)
{
    struct gs_texcache *cache;

    *out = NULL;
    if (start >= GS_MEMORY_WORDS || size > GS_MEMORY_WORDS - start || size < GS_PAGE_WORDS) return -1;
    if (!(cache = calloc(1, sizeof(*cache)))) return -1;
    cache->start = start;
    cache->size = size & ~(GS_PAGE_WORDS - 1);
    cache->capacity = cache->size / GS_PAGE_WORDS;
    if (!(cache->entries = calloc(cache->capacity, sizeof(*cache->entries))))
    {
        free(cache);
        return -1;
    }
    *out = cache;
    return 0;
}

void gs_texcache_destroy(struct gs_texcache *cache)
{
    unsigned int i;

    if (!cache) return;
    for (i = 0; i < cache->count; ++i) cache->entries[i].raster->resident = 0;
    free(cache->entries);
    free(cache);
}

uint32_t gs_texcache_start(const struct gs_texcache *cache)
{
    return cache->start;
}

void gs_texcache_set_context_rasters(struct gs_texcache *cache, const struct gs_raster *ctx1,
        const struct gs_raster *ctx2)
{
    cache->protect[0] = ctx1;
    cache->protect[1] = ctx2;
}

static void drop_entry(struct gs_texcache *cache, unsigned int i)
{
    cache->entries[i].raster->resident = 0;
    memmove(&cache->entries[i], &cache->entries[i + 1], (cache->count - i - 1) * sizeof(*cache->entries));
    --cache->count;
}

static void count(struct gs_texcache *cache, int what, uint64_t words)
{
    struct gs_texcache_counters *c[2] = {&cache->frame, &cache->total};
    unsigned int i;

    for (i = 0; i < 2; ++i)
    {
        switch (what)
        {
            case 0: c[i]->hits++; break;
            case 1: c[i]->uploads++; c[i]->words_sent += words; break;
            case 2: c[i]->evictions++; break;
            default: c[i]->refused++; break;
        }
    }
}

int gs_texcache_find_upload(struct gs_texcache *cache, struct gs_raster *raster)
{
    uint32_t size, addr;
    unsigned int i;

    if (!raster) return 0;
    if (raster->resident)
    {
        count(cache, 0, 0);
        return 1;
    }
    if (raster->locked)
    {
        TRACE("Raster %p is locked, not placed.\n", raster);
        count(cache, 3, 0);
        return 0;
    }
    size = gs_texcache_round(raster->size_words);
    if (!size || size > cache->size)
    {
        WARN("Raster %p of %u words does not fit the cache (%u words).\n", raster, raster->size_words, cache->size);
        count(cache, 3, 0);
        return 0;
    }
    addr = cache->count ? cache->entries[cache->count - 1].address + cache->entries[cache->count - 1].size
            : cache->start;
    if (addr + size > cache->start + cache->size) addr = cache->start;

    /* A protected raster in the way: not placed, nothing dropped. */
    for (i = 0; i < cache->count; ++i)
    {
        const struct gs_texcache_entry *e = &cache->entries[i];
        if (e->address < addr + size && addr < e->address + e->size
                && (e->raster == cache->protect[0] || e->raster == cache->protect[1]))
        {
            TRACE("Raster %p would overwrite protected raster %p.\n", raster, e->raster);
            count(cache, 3, 0);
            return 0;
        }
    }
    for (i = 0; i < cache->count;)
    {
        const struct gs_texcache_entry *e = &cache->entries[i];
        if (e->address < addr + size && addr < e->address + e->size)
        {
            drop_entry(cache, i);
            count(cache, 2, 0);
        }
        else ++i;
    }
    /* Capacity holds: entries never overlap and each is >= 2048 words. */
    cache->entries[cache->count].raster = raster;
    cache->entries[cache->count].address = addr;
    cache->entries[cache->count].size = size;
    ++cache->count;
    raster->resident = 1;
    raster->cache_address = addr;
    count(cache, 1, raster->size_words);
    return 2;
}

void gs_texcache_remove(struct gs_texcache *cache, struct gs_raster *raster)
{
    unsigned int i;

    for (i = 0; i < cache->count; ++i)
        if (cache->entries[i].raster == raster)
        {
            drop_entry(cache, i);
            return;
        }
}

unsigned int gs_texcache_resident_count(const struct gs_texcache *cache)
{
    return cache->count;
}

int gs_texcache_get_entry(const struct gs_texcache *cache, unsigned int i, const struct gs_raster **raster,
        uint32_t *address, uint32_t *size)
{
    if (i >= cache->count) return 0;
    if (raster) *raster = cache->entries[i].raster;
    if (address) *address = cache->entries[i].address;
    if (size) *size = cache->entries[i].size;
    return 1;
}

void gs_texcache_get_counters(const struct gs_texcache *cache, int frame, struct gs_texcache_counters *counters)
{
    *counters = frame ? cache->frame : cache->total;
}

void gs_texcache_end_frame(struct gs_texcache *cache)
{
    memset(&cache->frame, 0, sizeof(cache->frame));
}

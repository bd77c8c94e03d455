/*
 * The .shp permutation index (seed 002, "Permutation index (.shp)"):
 * a table of 16-byte big-endian entries, one per permutation
 *
 *   0x0 key, 0x4 metadata offset (into the tail, from the table's end),
 *   0x8 programs (locates the one or two adjacent programs),
 *   0xC sizes (upper 16 bits: the metadata record's size; lower 16: the
 *       permutation's programs, each padded to 64 bytes, summed)
 *
 * followed by a tail of metadata records.  A record starts with a 44-byte
 * header: the magic (0xAEBE000B vertex, 0xDEDE0007 fragment) at 0, the
 * variant count in byte 20, the descriptor count (16 bits) at 22 and the
 * descriptors' offset (32 bits) at 24; descriptors are 20 bytes (a hash, an
 * encoding and three offsets).  Records tile the tail with zero padding to
 * 16-byte alignment between them.  Lookup takes the first entry whose key
 * equals the one requested, as the game's load callbacks do.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

static int is_magic(uint32_t v)
{
    return v == RSX_SHP_MAGIC_VERTEX || v == RSX_SHP_MAGIC_FRAGMENT;
}

/* The format does not store the table's length: it ends where the first
 * record (a magic) starts. */
static unsigned int infer_entry_count(const uint8_t *p, size_t size)
{
    size_t n;

    for (n = 1; (n + 1) * RSX_SHP_ENTRY_SIZE <= size; ++n)
        if (is_magic(rsx_be32(p + n * RSX_SHP_ENTRY_SIZE)))
            return n;
    return 0;
}

static int read_record(const uint8_t *tail, struct rsx_shp_record *r, struct rsx_error *error)
{
    const uint8_t *h = tail + r->offset;
    unsigned int i;

    if (r->size < RSX_SHP_RECORD_HEADER_SIZE)
        return rsx_fail(error, RSX_E_INVALID, "record at tail offset %#x: size %u is under the 44-byte header",
                r->offset, r->size);
    r->magic = rsx_be32(h);
    if (!is_magic(r->magic))
        return rsx_fail(error, RSX_E_INVALID, "record at tail offset %#x: magic %#010x is neither 0xaebe000b nor 0xdede0007",
                r->offset, r->magic);
    r->variant_count = h[20];
    r->descriptor_count = rsx_be16(h + 22);
    r->descriptor_offset = rsx_be32(h + 24);
    if (r->descriptor_count && (r->descriptor_offset < RSX_SHP_RECORD_HEADER_SIZE
            || (uint64_t)r->descriptor_offset + (uint64_t)r->descriptor_count * RSX_SHP_DESCRIPTOR_SIZE > r->size))
        return rsx_fail(error, RSX_E_INVALID, "record at tail offset %#x: %u descriptors at %#x do not fit its %u bytes",
                r->offset, r->descriptor_count, r->descriptor_offset, r->size);
    if (r->descriptor_count && !(r->descriptors = calloc(r->descriptor_count, sizeof(*r->descriptors))))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    for (i = 0; i < r->descriptor_count; ++i)
    {
        const uint8_t *d = h + r->descriptor_offset + i * RSX_SHP_DESCRIPTOR_SIZE;
        r->descriptors[i].hash = rsx_be32(d);
        r->descriptors[i].encoding = rsx_be32(d + 4);
        r->descriptors[i].offsets[0] = rsx_be32(d + 8);
        r->descriptors[i].offsets[1] = rsx_be32(d + 12);
        r->descriptors[i].offsets[2] = rsx_be32(d + 16);
    }
    return RSX_OK;
}

static int compare_offsets(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The records the entries name, in tail order; they must tile the tail. */
static int read_records(const uint8_t *tail, struct rsx_shp *shp, struct rsx_error *error)
{
    uint32_t *offsets, expected = 0;
    unsigned int i, j, n = 0;
    int hr;

    if (!(offsets = malloc(shp->entry_count * sizeof(*offsets))))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    for (i = 0; i < shp->entry_count; ++i)
        offsets[i] = shp->entries[i].metadata_offset;
    qsort(offsets, shp->entry_count, sizeof(*offsets), compare_offsets);
    for (i = 0; i < shp->entry_count; ++i)
        if (!n || offsets[n - 1] != offsets[i])
            offsets[n++] = offsets[i];
    if (!(shp->records = calloc(n, sizeof(*shp->records))))
    {
        free(offsets);
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    }
    shp->record_count = n;
    for (i = 0; i < n; ++i)
    {
        struct rsx_shp_record *r = &shp->records[i];
        const struct rsx_shp_entry *first = NULL;
        size_t k;

        r->offset = offsets[i];
        for (j = 0; j < shp->entry_count; ++j)
            if (shp->entries[j].metadata_offset == r->offset)
            {
                if (!first)
                    first = &shp->entries[j];
                else if (shp->entries[j].metadata_size != first->metadata_size)
                {
                    free(offsets);
                    return rsx_fail(error, RSX_E_INVALID, "entries %u and %u give the record at %#x sizes %u and %u",
                            (unsigned int)(first - shp->entries), j, r->offset, first->metadata_size,
                            shp->entries[j].metadata_size);
                }
            }
        r->size = first->metadata_size;
        if (r->offset != expected)
        {
            free(offsets);
            if (r->offset < expected)
                return rsx_fail(error, RSX_E_INVALID, "the record at tail offset %#x overlaps the one before (which ends at %#x)",
                        r->offset, expected);
            return rsx_fail(error, RSX_E_INVALID, "tail bytes %#x..%#x belong to no record", expected, r->offset);
        }
        if ((uint64_t)r->offset + r->size > shp->tail_size)
        {
            free(offsets);
            return rsx_fail(error, RSX_E_TRUNCATED, "the record at tail offset %#x (%u bytes) runs past the %lu-byte tail",
                    r->offset, r->size, (unsigned long)shp->tail_size);
        }
        if ((hr = read_record(tail, r, error)) < 0)
        {
            free(offsets);
            return hr;
        }
        expected = (r->offset + r->size + 15) & ~15u;
        for (k = r->offset + r->size; k < expected && k < shp->tail_size; ++k)
            if (tail[k])
            {
                free(offsets);
                return rsx_fail(error, RSX_E_INVALID, "nonzero alignment byte at tail offset %#lx", (unsigned long)k);
            }
    }
    free(offsets);
    if (expected < shp->tail_size)
        return rsx_fail(error, RSX_E_INVALID, "tail bytes %#x..%#lx after the last record belong to no record",
                expected, (unsigned long)shp->tail_size);
    return RSX_OK;
}

int rsx_shp_read(const void *data, size_t size, unsigned int entry_count, struct rsx_shp *shp,
        struct rsx_error *error)
{
    const uint8_t *p = data;
    unsigned int i;
    int hr;

    if (!shp || (!data && size))
        return rsx_fail(error, RSX_E_ARGUMENT, "no index or data");
    memset(shp, 0, sizeof(*shp));
    if (!entry_count && !(entry_count = infer_entry_count(p, size)))
        return rsx_fail(error, RSX_E_INVALID, "no metadata record follows a table of 16-byte entries in %lu bytes", (unsigned long)size);
    if ((uint64_t)entry_count * RSX_SHP_ENTRY_SIZE > size)
        return rsx_fail(error, RSX_E_TRUNCATED, "%u entries need %u bytes, the index has %lu",
                entry_count, entry_count * RSX_SHP_ENTRY_SIZE, (unsigned long)size);
    shp->entry_count = entry_count;
    shp->table_size = (size_t)entry_count * RSX_SHP_ENTRY_SIZE;
    shp->tail_size = size - shp->table_size;
    if (!(shp->entries = calloc(entry_count, sizeof(*shp->entries))))
        return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
    for (i = 0; i < entry_count; ++i)
    {
        const uint8_t *e = p + i * RSX_SHP_ENTRY_SIZE;
        struct rsx_shp_entry *entry = &shp->entries[i];
        uint32_t sizes = rsx_be32(e + 12);

        entry->key = rsx_be32(e);
        entry->metadata_offset = rsx_be32(e + 4);
        entry->programs = rsx_be32(e + 8);
        entry->metadata_size = sizes >> 16;
        entry->programs_size = sizes & 0xffff;
        /* The message first: freeing the index frees the entry it names
         * (a use after free the fuzzer found, corpus regress-shp-message). */
        if (entry->metadata_offset >= shp->tail_size)
        {
            hr = rsx_fail(error, RSX_E_INVALID, "entry %u: metadata offset %#x past the %lu-byte tail",
                    i, entry->metadata_offset, (unsigned long)shp->tail_size);
            rsx_shp_free(shp);
            return hr;
        }
        if (entry->programs_size & 63)
        {
            hr = rsx_fail(error, RSX_E_INVALID, "entry %u: programs size %u is not a sum of 64-byte padded programs",
                    i, entry->programs_size);
            rsx_shp_free(shp);
            return hr;
        }
    }
    if ((hr = read_records(p + shp->table_size, shp, error)) < 0)
    {
        rsx_shp_free(shp);
        return hr;
    }
    for (i = 0; i < entry_count; ++i)
    {
        unsigned int r;
        for (r = 0; r < shp->record_count; ++r)
            if (shp->records[r].offset == shp->entries[i].metadata_offset)
                shp->entries[i].record = r;
    }
    return RSX_OK;
}

void rsx_shp_free(struct rsx_shp *shp)
{
    unsigned int i;

    if (!shp)
        return;
    for (i = 0; i < shp->record_count; ++i)
        free(shp->records[i].descriptors);
    free(shp->records);
    free(shp->entries);
    memset(shp, 0, sizeof(*shp));
}

const struct rsx_shp_entry *rsx_shp_find(const struct rsx_shp *shp, uint32_t key)
{
    unsigned int i;

    if (!shp)
        return NULL;
    for (i = 0; i < shp->entry_count; ++i)
        if (shp->entries[i].key == key)
            return &shp->entries[i];
    return NULL;
}

/*
 * The batcher (dx7wrap.c in the original): single triangles, quads, their
 * meshes, sprites and lines are copied into one 0x1fa0-byte buffer and drawn
 * with one DrawIndexedPrimitive when the primitive type changes, the buffer
 * would overflow, or any device state changes. Copies get the depth bias,
 * white diffuse when flat and the custom fog table; triangles and quads are
 * culled in software first. Points, strips, fans and setstate(0x1b3) go to
 * the device directly.
 */
#include "config.h"

#include <math.h>

#include "dx7z_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(thrash);

/* The sign bit of the doubled signed area against the cull word: 1 never
 * matches (draw all), 0x80000000 culls counter-clockwise, 0 clockwise
 * (screen space, y down). */
static inline BOOL cull(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c, DWORD cull_word)
{
    float area = (b->x - a->x) * (c->y - a->y) - (c->x - a->x) * (b->y - a->y);
    DWORD bits;

    memcpy(&bits, &area, sizeof(bits));
    return (bits & 0x80000000u) == cull_word;
}

BOOL dx7z_cull(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c, DWORD cull_word)
{
    return cull(a, b, c, cull_word);
}

static BYTE fog_lookup(float z)
{
    long i = lrintf(z * 255.0f);

    if (i < 0) i = 0;
    if (i > 255) i = 255;
    return dx7z.fog_table[i];
}

/* What every vertex the batcher takes (and every point) gets. */
static inline void adjust_vertex(struct thrash_vertex *v, float bias, BOOL flat, BOOL fog)
{
    v->z += bias;
    if (flat)
        v->diffuse = 0xffffffff;
    if (fog)
        v->specular = (DWORD)fog_lookup(v->z) << 24;
}

void dx7z_adjust_vertex(struct thrash_vertex *v)
{
    adjust_vertex(v, dx7z.depth_bias, dx7z.flat, dx7z.fog_table_on);
}

static DWORD batch_capacity(void)
{
    return DX7Z_BATCH_BYTES / dx7z.stride;
}

void dx7z_batch_flush(void)
{
    struct dx7z_batch *b = &dx7z.batch;

    if (!b->vertex_count)
        return;
    dx7z_dev_draw_indexed(b->type, dx7z.fvf, b->vertices, b->vertex_count, b->indices, b->index_count);
    b->vertex_count = b->index_count = 0;
    b->type = 0;
    ++b->flushes;
}

/* Makes room for nv vertices and ni indices of the given type. */
static WORD batch_reserve(D3DPRIMITIVETYPE type, DWORD nv, DWORD ni)
{
    struct dx7z_batch *b = &dx7z.batch;

    if ((b->vertex_count && b->type != (DWORD)type)
            || b->vertex_count + nv > batch_capacity()
            || b->index_count + ni > DX7Z_BATCH_INDICES)
        dx7z_batch_flush();
    b->type = type;
    return (WORD)b->vertex_count;
}

/* Copies count vertices (room made) and adjusts them. The two strides
 * are copied by constant sizes, which the compiler inlines: this runs for
 * every vertex the game draws. */
static void batch_copy(const struct thrash_vertex *const *src, unsigned int count)
{
    struct dx7z_batch *b = &dx7z.batch;
    DWORD stride = dx7z.stride;
    BYTE *dst = b->vertices + b->vertex_count * stride;
    float bias = dx7z.depth_bias;
    BOOL flat = dx7z.flat, fog = dx7z.fog_table_on;
    unsigned int i;

    for (i = 0; i < count; ++i, dst += stride)
    {
        if (stride == sizeof(struct thrash_vertex))
            memcpy(dst, src[i], sizeof(struct thrash_vertex));
        else
            memcpy(dst, src[i], sizeof(struct thrash_vertex2));
        adjust_vertex((struct thrash_vertex *)dst, bias, flat, fog);
    }
    b->vertex_count += count;
}

void dx7z_batch_tri(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c)
{
    struct dx7z_batch *batch = &dx7z.batch;
    const struct thrash_vertex *src[3] = {a, b, c};
    WORD base;

    if (cull(a, b, c, dx7z.cull_word))
        return;
    base = batch_reserve(D3DPT_TRIANGLELIST, 3, 3);
    batch_copy(src, 3);
    batch->indices[batch->index_count++] = base;
    batch->indices[batch->index_count++] = base + 1;
    batch->indices[batch->index_count++] = base + 2;
}

static void batch_quad_nocull(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c, const struct thrash_vertex *d)
{
    struct dx7z_batch *batch = &dx7z.batch;
    const struct thrash_vertex *src[4] = {a, b, c, d};
    WORD base = batch_reserve(D3DPT_TRIANGLELIST, 4, 6);
    WORD *idx = batch->indices + batch->index_count;

    batch_copy(src, 4);
    idx[0] = base; idx[1] = base + 1; idx[2] = base + 2;
    idx[3] = base; idx[4] = base + 2; idx[5] = base + 3;
    batch->index_count += 6;
}

/* A quad is culled by its first three corners. */
void dx7z_batch_quad(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c, const struct thrash_vertex *d)
{
    if (cull(a, b, c, dx7z.cull_word))
        return;
    batch_quad_nocull(a, b, c, d);
}

void dx7z_batch_line(const struct thrash_vertex *a, const struct thrash_vertex *b)
{
    struct dx7z_batch *batch = &dx7z.batch;
    const struct thrash_vertex *src[2] = {a, b};
    WORD base = batch_reserve(D3DPT_LINELIST, 2, 2);

    batch_copy(src, 2);
    batch->indices[batch->index_count++] = base;
    batch->indices[batch->index_count++] = base + 1;
}

/* Points are drawn from the caller's vertex, adjusted in place: drawing the
 * same point twice adds the bias twice (as the DLL does). */
void dx7z_draw_point(struct thrash_vertex *v)
{
    dx7z_batch_flush();
    dx7z_adjust_vertex(v);
    dx7z_dev_draw(D3DPT_POINTLIST, dx7z.fvf, v, 1);
}

/* A sprite: the axis-aligned rectangle between two corners, the texture
 * coordinates interpolated from theirs, everything else from the first. */
void dx7z_draw_sprite(const struct thrash_vertex *a, const struct thrash_vertex *b)
{
    struct thrash_vertex2 q[4];
    unsigned int i;

    for (i = 0; i < 4; ++i)
        memcpy(&q[i], a, dx7z.stride);
    q[1].v.x = b->x; q[1].v.u = b->u;
    q[2].v.x = b->x; q[2].v.y = b->y; q[2].v.u = b->u; q[2].v.v = b->v;
    q[3].v.y = b->y; q[3].v.v = b->v;
    batch_quad_nocull(&q[0].v, &q[1].v, &q[2].v, &q[3].v);
}

static const struct thrash_vertex *vertex_at(BYTE *vertices, DWORD index, DWORD step)
{
    return (const struct thrash_vertex *)(vertices + (size_t)index * step);
}

void dx7z_draw_trimesh(DWORD count, BYTE *vertices, const DWORD *indices)
{
    DWORD i;

    for (i = 0; i < count; ++i, indices += 3)
        dx7z_batch_tri(vertex_at(vertices, indices[0], dx7z.stride),
                vertex_at(vertices, indices[1], dx7z.stride),
                vertex_at(vertices, indices[2], dx7z.stride));
}

void dx7z_draw_quadmesh(DWORD count, BYTE *vertices, const DWORD *indices)
{
    DWORD i;

    for (i = 0; i < count; ++i, indices += 4)
        dx7z_batch_quad(vertex_at(vertices, indices[0], dx7z.stride),
                vertex_at(vertices, indices[1], dx7z.stride),
                vertex_at(vertices, indices[2], dx7z.stride),
                vertex_at(vertices, indices[3], dx7z.stride));
}

/* The line and point index functions step 32 bytes whatever the format. */
void dx7z_draw_linemesh(DWORD count, BYTE *vertices, const DWORD *indices)
{
    DWORD i;

    for (i = 0; i < count; ++i, indices += 2)
        dx7z_batch_line(vertex_at(vertices, indices[0], 32), vertex_at(vertices, indices[1], 32));
}

void dx7z_draw_pointmesh(DWORD count, BYTE *vertices, const DWORD *indices)
{
    DWORD i;

    for (i = 0; i < count; ++i)
        dx7z_draw_point((struct thrash_vertex *)vertex_at(vertices, indices[i], 32));
}

/* Sprite meshes take two indices a sprite; setstate(0x1e) sets the byte
 * step between the vertices (0: the vertex format's stride). */
void dx7z_draw_spritemesh(DWORD count, BYTE *vertices, const DWORD *indices)
{
    DWORD step = dx7z.sprite_stride ? dx7z.sprite_stride : dx7z.stride, i;

    for (i = 0; i < count; ++i, indices += 2)
        dx7z_draw_sprite(vertex_at(vertices, indices[0], step), vertex_at(vertices, indices[1], step));
}

/* Strips and fans (indexed or not) skip culling, bias, flat and fog and go
 * to the device as they are. What is queued is drawn first. */
void dx7z_draw_strip(D3DPRIMITIVETYPE type, DWORD count, BYTE *vertices, const DWORD *indices)
{
    WORD idx[1024];
    DWORD n, i, max = 0;

    if (!count)
        return;
    switch (type)
    {
    case D3DPT_TRIANGLESTRIP:
    case D3DPT_TRIANGLEFAN: n = count + 2; break;
    case D3DPT_LINESTRIP: n = count + 1; break;
    default: n = count; break;
    }
    if (n > sizeof(idx) / sizeof(idx[0]))
    {
        WARN("strip of %u vertices cut to %u\n", (unsigned)n, (unsigned)(sizeof(idx) / sizeof(idx[0])));
        n = sizeof(idx) / sizeof(idx[0]);
    }
    dx7z_batch_flush();
    if (!indices)
    {
        dx7z_dev_draw(type, dx7z.fvf, vertices, n);
        return;
    }
    for (i = 0; i < n; ++i)
    {
        if (indices[i] > 0xffff)
        {
            WARN("index %u out of range, strip refused\n", (unsigned)indices[i]);
            return;
        }
        idx[i] = (WORD)indices[i];
        if (idx[i] > max) max = idx[i];
    }
    dx7z_dev_draw_indexed(type, dx7z.fvf, vertices, max + 1, idx, n);
}

/* setstate(0x1b3): drawn at once, before whatever is still queued. The
 * answer says whether it was drawn: setstate answers 0 for what it did not
 * do (seed 000), and a draw the device refused (an index beyond the
 * vertices) was not done; the refusal is also counted for getstate(0x1b3). */
BOOL dx7z_draw_primitive(const struct thrash_primitive *prim)
{
    if (!prim->vertices || !prim->vertex_count || prim->type < D3DPT_POINTLIST
            || prim->type > D3DPT_TRIANGLEFAN)
        return FALSE;
    if (prim->indices)
        return dx7z_dev_draw_indexed(prim->type, dx7z.fvf, prim->vertices, prim->vertex_count,
                prim->indices, prim->index_count);
    return dx7z_dev_draw(prim->type, dx7z.fvf, prim->vertices, prim->vertex_count);
}

/* Every end of scene draws what is queued and drops the depth bias. */
void dx7z_end_scene(void)
{
    dx7z_batch_flush();
    dx7z_dev_end_scene();
    dx7z.depth_bias = 0.0f;
}

/*
 * Vertex buffers and the streaming ring that carries user-memory vertices
 * and indices to GL: one large buffer per kind, written front to back,
 * persistently mapped where GL has ARB_buffer_storage, else orphaned when
 * it wraps.  Never one buffer object per draw.
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(buffer);

#define RING_SIZE (4u << 20)
/* The ring is fenced in parts: the part being left gets a fence, and only
 * the part about to be written again is waited for, so the CPU fills one
 * part while the GPU still reads the others. */
#define RING_PARTS 4

static void ring_bind(struct wined3d_context *context, GLenum target, GLuint name)
{
    if (target == GL_ELEMENT_ARRAY_BUFFER) gl_bind_element_buffer(context, name);
    else gl_bind_array_buffer(context, name);
}

static int ring_init(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target, uint32_t size)
{
    GL_CALL(context, glGenBuffers(1, &ring->name));
    ring_bind(context, target, ring->name);
    ring->size = size;
    ring->offset = 0;
    if (GLEW_ARB_buffer_storage && !(context->device->flags & WINED3D_DEVICE_NO_PERSISTENT_MAP))
    {
        GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        GL_CALL(context, glBufferStorage(target, ring->size, NULL, flags));
        ring->map = GL_CALLV(context, glMapBufferRange(target, 0, ring->size, flags));
        if (ring->map)
            return 1;
        WARN("Persistent mapping failed; orphaning instead.\n");
        GL_CALL(context, glDeleteBuffers(1, &ring->name));
        gl_cache_forget_buffer(context->device, ring->name);
        GL_CALL(context, glGenBuffers(1, &ring->name));
        ring_bind(context, target, ring->name);
    }
    GL_CALL(context, glBufferData(target, ring->size, NULL, GL_STREAM_DRAW));
    return 1;
}

static int ring_fits(const struct wined3d_stream_ring *ring, uint32_t size)
{
    return size <= (1u << 30);
}

/* Fence part p: every command that reads it has been issued. */
static void ring_fence_part(struct wined3d_context *context, struct wined3d_stream_ring *ring, unsigned int p)
{
    if (ring->fences[p])
        return;
    ring->fences[p] = GL_CALLV(context, glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
}

/* Part p is about to be written again: wait until the GPU is done with what
 * was drawn from it the last time round. */
static void ring_wait_part(struct wined3d_context *context, struct wined3d_stream_ring *ring, unsigned int p)
{
    GLsync sync = ring->fences[p];

    if (!sync)
        return;
    GL_CALL(context, glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, (GLuint64)10000000000ull));
    GL_CALL(context, glDeleteSync(sync));
    ring->fences[p] = NULL;
}

/* Where size bytes aligned to align go in a mapped ring: never across a
 * part boundary, so that the fence of the part being left covers every
 * draw that reads it.  The ring's size is a power of two, so parts are
 * told apart by masks, without dividing. */
static inline uint32_t ring_place_mapped(struct wined3d_context *context, struct wined3d_stream_ring *ring,
        uint32_t size, uint32_t align)
{
    uint32_t part_mask = ~(ring->size / RING_PARTS - 1), pos, cur;
    unsigned int p;

    pos = (ring->offset + align - 1) / align * align;
    if (!ring->offset)
    {
        /* Nothing written since the ring was set up. */
        ring_wait_part(context, ring, 0);
        return pos;
    }
    /* The part holding the last byte written. */
    cur = (ring->offset - 1) & part_mask;
    if (pos + size <= ring->size && (pos & part_mask) == cur && ((pos + size - 1) & part_mask) == cur)
        return pos;
    /* Leave the current part for the start of the next one. */
    p = cur / (ring->size / RING_PARTS);
    ring_fence_part(context, ring, p);
    p = p + 1 < RING_PARTS ? p + 1 : 0;
    pos = (p * (ring->size / RING_PARTS) + align - 1) / align * align;
    ring_wait_part(context, ring, p);
    return pos;
}

void *stream_ring_reserve(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        uint32_t size, uint32_t align, uint32_t *offset)
{
    uint32_t pos, ring_size = RING_SIZE;

    /* The usual case is a mapped ring with room for the upload in a part. */
    if (!ring->map || (uint64_t)size + align > ring->size / RING_PARTS)
    {
        /* One upload must fit a part of the ring, alignment included
         * (65535 fat vertices grow it). */
        while (ring_size / RING_PARTS < (uint64_t)size + align && ring_size < (1u << 30)) ring_size *= 2;
        if ((uint64_t)size + align > ring_size / RING_PARTS)
            return NULL;
        if (ring->name && ring->size < ring_size)
        {
            TRACE("Growing the ring to %u bytes.\n", ring_size);
            stream_ring_destroy(context, ring);
        }
        if (!ring->name && !ring_init(context, ring, target, ring_size))
            return NULL;
        if (!ring->map)
        {
            ring_bind(context, target, ring->name);
            pos = (ring->offset + align - 1) / align * align;
            if (pos + size > ring->size)
            {
                /* Wrap: GL may still read the old contents, so orphan them. */
                GL_CALL(context, glBufferData(target, ring->size, NULL, GL_STREAM_DRAW));
                pos = 0;
            }
            *offset = pos;
            ring->offset = pos + size;
            return NULL;    /* orphaning path: the caller uses stream_ring_upload */
        }
    }
    /* No binding needed to write a mapped ring: the draw binds what it
     * reads from. */
    pos = ring_place_mapped(context, ring, size, align);
    *offset = pos;
    ring->offset = pos + size;
    return ring->map + pos;
}

int stream_ring_upload(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        const void *data, uint32_t size, uint32_t align, uint32_t *offset)
{
    void *p;

    *offset = 0;
    if (!size || !ring_fits(ring, size))
        return 0;
    if ((p = stream_ring_reserve(context, ring, target, size, align, offset)))
        memcpy(p, data, size);
    else if (ring->name && !ring->map && *offset + size <= ring->size)
        GL_CALL(context, glBufferSubData(target, *offset, size, data));
    else
        return 0;
    return 1;
}

void stream_ring_commit(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        uint32_t offset, uint32_t size)
{
    /* Coherent mapping: nothing to flush. */
}

void stream_ring_destroy(struct wined3d_context *context, struct wined3d_stream_ring *ring)
{
    unsigned int i;

    if (!ring->name) return;
    for (i = 0; i < RING_PARTS; ++i)
        if (ring->fences[i])
            GL_CALL(context, glDeleteSync(ring->fences[i]));
    if (ring->map)
    {
        gl_bind_array_buffer(context, ring->name);
        GL_CALL(context, glUnmapBuffer(GL_ARRAY_BUFFER));
    }
    GL_CALL(context, glDeleteBuffers(1, &ring->name));
    gl_cache_forget_buffer(context->device, ring->name);
    memset(ring, 0, sizeof(*ring));
}

/* ---------------------------------------------------------------------- */
/* Vertex buffers: the CPU copy is authoritative; a draw uploads it when   */
/* it changed.                                                             */

int32_t wined3d_buffer_create(struct wined3d_device *device, uint32_t size, uint32_t usage,
        struct wined3d_buffer **out)
{
    struct wined3d_buffer *buffer;

    if (!device || !out || !size) return WINED3DERR_INVALIDCALL;
    if (!(buffer = calloc(1, sizeof(*buffer)))) return WINED3DERR_OUTOFMEMORY;
    if (!(buffer->sysmem = calloc(1, size)))
    {
        free(buffer);
        return WINED3DERR_OUTOFMEMORY;
    }
    buffer->device = device;
    buffer->size = size;
    buffer->usage = usage;
    buffer->dirty = 1;
    *out = buffer;
    return WINED3D_OK;
}

void wined3d_buffer_destroy(struct wined3d_buffer *buffer)
{
    struct wined3d_device *device;

    if (!buffer) return;
    device = buffer->device;
    if (device->state.stream.buffer == buffer)
        wined3d_device_set_stream_source(device, NULL, 0, 0);
    if (buffer->name)
    {
        struct wined3d_context *context = device_acquire_context(device);
        GL_CALL(context, glDeleteBuffers(1, &buffer->name));
        gl_cache_forget_buffer(device, buffer->name);
    }
    free(buffer->sysmem);
    free(buffer);
    device_end_call(device);
}

uint32_t wined3d_buffer_get_size(const struct wined3d_buffer *buffer)
{
    return buffer ? buffer->size : 0;
}

int32_t wined3d_buffer_map(struct wined3d_buffer *buffer, uint32_t offset, uint32_t size, uint32_t flags, void **data)
{
    if (!buffer || !data || offset > buffer->size) return WINED3DERR_INVALIDCALL;
    if (!size) size = buffer->size - offset;
    if (size > buffer->size - offset) return WINED3DERR_INVALIDCALL;
    if (buffer->mapped) return WINED3DERR_LOCKED;
    buffer->mapped = 1;
    if (flags != WINED3D_MAP_READ)
        buffer->dirty = 1;
    *data = buffer->sysmem + offset;
    return WINED3D_OK;
}

int32_t wined3d_buffer_unmap(struct wined3d_buffer *buffer)
{
    if (!buffer) return WINED3DERR_INVALIDCALL;
    if (!buffer->mapped) return WINED3DERR_NOTLOCKED;
    buffer->mapped = 0;
    return WINED3D_OK;
}

void buffer_load(struct wined3d_buffer *buffer, struct wined3d_context *context)
{
    if (!buffer->name)
    {
        GL_CALL(context, glGenBuffers(1, &buffer->name));
        gl_bind_array_buffer(context, buffer->name);
        GL_CALL(context, glBufferData(GL_ARRAY_BUFFER, buffer->size, NULL, GL_DYNAMIC_DRAW));
        buffer->dirty = 1;
    }
    if (!buffer->dirty) return;
    gl_bind_array_buffer(context, buffer->name);
    GL_CALL(context, glBufferSubData(GL_ARRAY_BUFFER, 0, buffer->size, buffer->sysmem));
    buffer->dirty = 0;
}

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
#define RING_WAIT_TIMEOUT ((GLuint64)10000000000ull)
/* A frame larger than the ring makes it grow, up to this. */
#define RING_GROW_MAX (64u << 20)

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

/* Where the next upload aligned to align may start. */
static inline uint32_t ring_aligned(const struct wined3d_stream_ring *ring, uint32_t align)
{
    return (ring->offset + align - 1) / align * align;
}

/* The first n fences were passed: delete them. */
static void ring_retire(struct wined3d_context *context, struct wined3d_stream_ring *ring, unsigned int n)
{
    unsigned int i;

    for (i = 0; i < n; ++i)
        GL_CALL(context, glDeleteSync(ring->fences[i].sync));
    ring->fence_count -= n;
    memmove(ring->fences, ring->fences + n, ring->fence_count * sizeof(ring->fences[0]));
}

/* The bytes below position need are about to be written over: wait until
 * the GPU is done with the draws that read them.  The fences are put at the
 * ends of frames, not within one, because a fence makes Mesa flush what was
 * drawn so far, and with llvmpipe under Wine such flushes within a frame
 * halved the speed of the frame's remaining draws (tools/bench-findings.md);
 * a present flushes anyway. */
static void ring_wait(struct wined3d_context *context, struct wined3d_stream_ring *ring, uint64_t need)
{
    unsigned int i;
    GLsync sync;

    for (i = 0; i < ring->fence_count; ++i)
    {
        if (ring->fences[i].end < need)
            continue;
        GL_CALL(context, glClientWaitSync(ring->fences[i].sync, GL_SYNC_FLUSH_COMMANDS_BIT, RING_WAIT_TIMEOUT));
        ring->free_to = ring->fences[i].end;
        ring_retire(context, ring, i + 1);
        return;
    }
    /* The frame in progress wrote a whole lap: wait for everything. */
    TRACE("Frame larger than the ring (%u bytes); waiting for the GPU.\n", ring->size);
    sync = GL_CALLV(context, glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
    if (sync)
    {
        GL_CALL(context, glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, RING_WAIT_TIMEOUT));
        GL_CALL(context, glDeleteSync(sync));
    }
    else
        GL_CALL(context, glFinish());
    ring_retire(context, ring, ring->fence_count);
    ring->free_to = ring->head;
    ++ring->drains;
    /* Twice the size for the next upload, so that a frame fits. */
    if (ring->size < RING_GROW_MAX)
        ring->grow_to = ring->size * 2;
}

/* Where size bytes aligned to align go in a mapped ring, after waiting for
 * the GPU if it may still read what they overwrite.  The usual case is one
 * comparison. */
static inline uint32_t ring_place_mapped(struct wined3d_context *context, struct wined3d_stream_ring *ring,
        uint32_t size, uint32_t align)
{
    uint32_t pos = ring_aligned(ring, align);
    uint64_t start;

    if (pos + size > ring->size)
    {
        /* Wrap; the tail of the ring is skipped. */
        start = ring->head + (ring->size - ring->offset);
        pos = 0;
    }
    else
        start = ring->head + (pos - ring->offset);
    if (start + size > ring->free_to + ring->size)
        ring_wait(context, ring, start + size - ring->size);
    ring->head = start + size;
    return pos;
}

/* A fence costs the driver a few microseconds (on NVIDIA glFenceSync and the
 * poll of the oldest fence took 9 us a frame: at 100 draws a frame all of
 * the gap to a raw-GL program).  Small frames therefore share one: a frame
 * ends with a fence only once the ring has moved a sixteenth of a lap past
 * the last.  A writer a lap later then waits for a fence at most that much
 * later than the bytes it overwrites, long passed by then. */
void stream_ring_end_frame(struct wined3d_context *context, struct wined3d_stream_ring *ring)
{
    uint64_t fenced = ring->fence_count ? ring->fences[ring->fence_count - 1].end : ring->free_to;
    GLsync sync;

    if (!ring->map || ring->head - fenced < ring->size / STREAM_RING_FENCE_SHARE)
        return;
    if (ring->fence_count == STREAM_RING_FENCES)
    {
        /* Many small frames: drop the oldest fence if the GPU passed it,
         * else the newest, which the new one covers. */
        if (GL_CALLV(context, glClientWaitSync(ring->fences[0].sync, 0, 0)) != GL_TIMEOUT_EXPIRED)
        {
            ring->free_to = ring->fences[0].end;
            ring_retire(context, ring, 1);
        }
        else
            GL_CALL(context, glDeleteSync(ring->fences[--ring->fence_count].sync));
    }
    if (!(sync = GL_CALLV(context, glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0))))
        return;
    ring->fences[ring->fence_count].sync = sync;
    ring->fences[ring->fence_count].end = ring->head;
    ++ring->fence_count;
}

void *stream_ring_reserve(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        uint32_t size, uint32_t align, uint32_t *offset)
{
    uint32_t pos, ring_size = ring->grow_to > RING_SIZE ? ring->grow_to : RING_SIZE;

    /* The usual case is a mapped ring with room for the upload. */
    if (!ring->map || (uint64_t)size + align > ring->size / RING_UPLOAD_SHARE || ring->grow_to > ring->size)
    {
        /* Alignment included (65535 fat vertices grow the ring). */
        while (ring_size / RING_UPLOAD_SHARE < (uint64_t)size + align && ring_size < (1u << 30)) ring_size *= 2;
        if ((uint64_t)size + align > ring_size / RING_UPLOAD_SHARE)
            return NULL;
        if (ring->name && ring->size < ring_size)
        {
            uint64_t drains = ring->drains;

            TRACE("Growing the ring to %u bytes.\n", ring_size);
            stream_ring_destroy(context, ring);
            ring->drains = drains;
        }
        if (!ring->name && !ring_init(context, ring, target, ring_size))
            return NULL;
        if (!ring->map)
        {
            ring_bind(context, target, ring->name);
            pos = ring_aligned(ring, align);
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
    for (i = 0; i < ring->fence_count; ++i)
        GL_CALL(context, glDeleteSync(ring->fences[i].sync));
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

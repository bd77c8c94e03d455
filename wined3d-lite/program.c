/*
 * The programmable path: programs a front end generated (GLSL bodies and
 * their interface, include/wined3d-lite/wined3d.h), beside the fixed
 * function programs of shader.c.
 *
 * - A program is compiled and linked when it is created, once per bytes:
 *   creating one equal to a live program returns that one.  The core
 *   writes the declarations of both stages from the interface, so an
 *   interpolant carries the same qualifier on both sides.
 * - Constants are kept on the device, one array a stage, and are a state
 *   group (STATE_PROGRAM_CONSTANTS): a set that changes bytes marks it in
 *   every context's dirty list, as any Set* does, and widens the range
 *   still to send; a programmable draw sends of that range the 16-byte
 *   span that differs from what the stage's uniform buffer holds.  The
 *   buffers are shared by the device's contexts, so what one context sent
 *   the others need not send again.
 * - Draws take the device's state as any draw does: the dirty groups are
 *   applied first (blend, depth, viewport, textures and samplers of the
 *   stages...), through the GL state cache; the attributes use the
 *   context's VAO and its attribute shadow, which the fixed-function path
 *   then sets again.
 */
#include "config.h"

#include <stdio.h>

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(program);

/* The uniform blocks take the fixed-function blocks' binding points: a
 * draw binds its own before it draws, through the cache. */
#define PROGRAM_VS_BINDING WINED3D_FFP_VS_UBO_BINDING
#define PROGRAM_FS_BINDING WINED3D_FFP_FS_UBO_BINDING

struct wined3d_program
{
    struct wined3d_device *device;
    struct wined3d_program *next;
    unsigned int refcount;
    uint64_t hash;
    struct wined3d_program_desc desc;   /* bodies point at the copies below */
    char *vs_body, *fs_body;
    GLuint name;
};

struct wined3d_programmable
{
    struct wined3d_program *programs;   /* live programs */
    struct wined3d_program *current;
    float constants[2][WINED3D_PROGRAM_MAX_CONSTANTS * 4];
    GLuint ubo[2];
    unsigned char *ubo_shadow[2];       /* what each buffer holds */
    unsigned int pending_lo[2], pending_hi[2];  /* vec4s set since the last send */
};

static struct wined3d_programmable *programmable(struct wined3d_device *device)
{
    if (!device->programmable)
        device->programmable = calloc(1, sizeof(*device->programmable));
    return device->programmable;
}

static uint64_t hash_bytes(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    size_t i;

    for (i = 0; i < size; ++i)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t desc_hash(const struct wined3d_program_desc *desc)
{
    uint64_t h = 0xcbf29ce484222325ull;
    struct wined3d_program_desc fields = *desc;

    fields.vs_body = fields.fs_body = NULL;
    h = hash_bytes(h, &fields, sizeof(fields));
    h = hash_bytes(h, desc->vs_body, strlen(desc->vs_body) + 1);
    return hash_bytes(h, desc->fs_body, strlen(desc->fs_body) + 1);
}

static int desc_equal(const struct wined3d_program *p, const struct wined3d_program_desc *desc)
{
    struct wined3d_program_desc a = p->desc, b = *desc;

    a.vs_body = a.fs_body = b.vs_body = b.fs_body = NULL;
    return !memcmp(&a, &b, sizeof(a)) && !strcmp(p->vs_body, desc->vs_body) && !strcmp(p->fs_body, desc->fs_body);
}

static const char *qualifier(const struct wined3d_program_desc *desc, unsigned int i)
{
    if (desc->flat_mask & (1u << i)) return "flat ";
    if (desc->noperspective_mask & (1u << i)) return "noperspective ";
    return "";
}

/* The declarations and main() the core writes around a body. */
static char *program_source(const struct wined3d_program_desc *desc, int vertex, int clip_control)
{
    size_t size = strlen(vertex ? desc->vs_body : desc->fs_body) + 8192;
    char *s = malloc(size), *p = s;
    unsigned int i;

#define OUT(...) (p += snprintf(p, size - (p - s), __VA_ARGS__))
    if (!s) return NULL;
    OUT("#version 330\n");
    if (vertex)
    {
        if (desc->vs_constant_count)
            OUT("layout(std140) uniform wined3d_vs_constants { vec4 vc[%u]; };\n", desc->vs_constant_count);
        for (i = 0; i < WINED3D_PROGRAM_MAX_ATTRIBUTES; ++i)
            if (desc->attribute_mask & (1u << i))
                OUT("layout(location = %u) in vec4 v_in%u;\n", i, i);
        for (i = 0; i < WINED3D_PROGRAM_MAX_VARYINGS; ++i)
            if (desc->varying_mask & (1u << i))
                OUT("%sout vec4 v_var%u;\n", qualifier(desc, i), i);
        for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
            if (desc->vs_sampler_mask & (1u << i))
                OUT("uniform sampler2D s_tex%u;\n", i);
        OUT("vec4 o_position;\n%s\nvoid main()\n{\n", desc->vs_body);
        for (i = 0; i < WINED3D_PROGRAM_MAX_VARYINGS; ++i)
            if (desc->varying_mask & (1u << i))
                OUT("    v_var%u = vec4(0.0);\n", i);
        /* Render targets are stored top-down (wined3d.h): y is negated. */
        OUT("    o_position = vec4(0.0, 0.0, 0.0, 1.0);\n    shader_main();\n"
                "    gl_Position = vec4(o_position.x, -o_position.y, %s, o_position.w);\n}\n",
                clip_control ? "o_position.z" : "2.0 * o_position.z - o_position.w");
    }
    else
    {
        if (desc->fs_constant_count)
            OUT("layout(std140) uniform wined3d_fs_constants { vec4 fc[%u]; };\n", desc->fs_constant_count);
        for (i = 0; i < WINED3D_PROGRAM_MAX_VARYINGS; ++i)
            if (desc->varying_mask & (1u << i))
                OUT("%sin vec4 v_var%u;\n", qualifier(desc, i), i);
        for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
            if (desc->sampler_mask & (1u << i))
                OUT("uniform sampler2D s_tex%u;\n", i);
        OUT("layout(location = 0) out vec4 o_color;\nfloat o_depth;\n%s\nvoid main()\n{\n"
                "    o_depth = gl_FragCoord.z;\n    shader_main();\n%s}\n", desc->fs_body,
                desc->flags & WINED3D_PROGRAM_DEPTH_OUTPUT ? "    gl_FragDepth = o_depth;\n" : "");
    }
#undef OUT
    if ((size_t)(p - s) >= size - 1)
    {
        free(s);
        return NULL;
    }
    return s;
}

/* Link; set the sampler units and block bindings once. */
static GLuint link(struct wined3d_context *context, const struct wined3d_program_desc *desc)
{
    struct wined3d_device *device = context->device;
    char *vs_source = program_source(desc, 1, device->caps.clip_control);
    char *fs_source = program_source(desc, 0, device->caps.clip_control);
    GLuint program = 0;
    unsigned int i;

    if (vs_source && fs_source)
        program = shader_link_program(context, vs_source, fs_source);
    free(vs_source);
    free(fs_source);
    if (!program)
        return 0;
    if (desc->vs_constant_count)
        GL_CALL(context, glUniformBlockBinding(program, glGetUniformBlockIndex(program, "wined3d_vs_constants"),
                PROGRAM_VS_BINDING));
    if (desc->fs_constant_count)
        GL_CALL(context, glUniformBlockBinding(program, glGetUniformBlockIndex(program, "wined3d_fs_constants"),
                PROGRAM_FS_BINDING));
    gl_use_program(context, program);
    for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
        if ((desc->sampler_mask | desc->vs_sampler_mask) & (1u << i))
        {
            char name[16];
            GLint location;
            snprintf(name, sizeof(name), "s_tex%u", i);
            if ((location = GL_CALLV(context, glGetUniformLocation(program, name))) >= 0)
                GL_CALL(context, glUniform1i(location, i));
        }
    return program;
}

static int desc_valid(const struct wined3d_program_desc *desc)
{
    return desc && desc->vs_body && desc->fs_body
            && desc->vs_constant_count <= WINED3D_PROGRAM_MAX_CONSTANTS
            && desc->fs_constant_count <= WINED3D_PROGRAM_MAX_CONSTANTS
            && !(desc->attribute_mask >> WINED3D_PROGRAM_MAX_ATTRIBUTES)
            && !(desc->varying_mask >> WINED3D_PROGRAM_MAX_VARYINGS)
            && !(desc->sampler_mask >> WINED3D_MAX_TEXTURES)
            && !(desc->vs_sampler_mask >> WINED3D_MAX_TEXTURES)
            && !(desc->flags & ~(WINED3D_PROGRAM_DEPTH_OUTPUT | WINED3D_PROGRAM_POINT_SIZE));
}

int32_t wined3d_program_create(struct wined3d_device *device, const struct wined3d_program_desc *desc,
        struct wined3d_program **out)
{
    struct wined3d_programmable *pr;
    struct wined3d_context *context;
    struct wined3d_program *p;
    uint64_t hash;

    if (!out) return WINED3DERR_INVALIDCALL;
    *out = NULL;
    if (!device || !desc_valid(desc))
        return WINED3DERR_INVALIDCALL;
    if (!(pr = programmable(device)))
        return WINED3DERR_OUTOFMEMORY;
    hash = desc_hash(desc);
    for (p = pr->programs; p; p = p->next)
        if (p->hash == hash && desc_equal(p, desc))
        {
            ++p->refcount;
            ++device->frame.shader_cache_hits;
            *out = p;
            return WINED3D_OK;
        }
    if (!(p = calloc(1, sizeof(*p))) || !(p->vs_body = strdup(desc->vs_body)) || !(p->fs_body = strdup(desc->fs_body)))
    {
        if (p) { free(p->vs_body); free(p); }
        return WINED3DERR_OUTOFMEMORY;
    }
    p->device = device;
    p->refcount = 1;
    p->hash = hash;
    p->desc = *desc;
    p->desc.vs_body = p->vs_body;
    p->desc.fs_body = p->fs_body;
    context = context_acquire(device, device->context);
    p->name = link(context, &p->desc);
    if (!p->name)
    {
        free(p->vs_body);
        free(p->fs_body);
        free(p);
        return WINED3DERR_INVALIDCALL;
    }
    TRACE("Program %u linked (hash %#llx).\n", p->name, (unsigned long long)hash);
    p->next = pr->programs;
    pr->programs = p;
    *out = p;
    return WINED3D_OK;
}

static void program_free(struct wined3d_program *p)
{
    struct wined3d_device *device = p->device;
    struct wined3d_programmable *pr = device->programmable;
    struct wined3d_program **link_;
    struct wined3d_context *context = context_acquire(device, device->context);

    for (link_ = &pr->programs; *link_; link_ = &(*link_)->next)
        if (*link_ == p)
        {
            *link_ = p->next;
            break;
        }
    if (context->gl.program == p->name)
        gl_use_program(context, 0);
    GL_CALL(context, glDeleteProgram(p->name));
    free(p->vs_body);
    free(p->fs_body);
    free(p);
}

void wined3d_program_destroy(struct wined3d_program *program)
{
    if (!program || --program->refcount)
        return;
    /* The device's current program lives until it is replaced. */
    if (program->device->programmable->current == program)
    {
        program->refcount = 1;
        program->hash = 0;      /* no longer found by a create */
        program->desc.flags |= 0x80000000u;
        return;
    }
    program_free(program);
}

int32_t wined3d_device_set_program(struct wined3d_device *device, struct wined3d_program *program)
{
    struct wined3d_programmable *pr;
    struct wined3d_program *old;

    if (!device || (program && program->device != device))
        return WINED3DERR_INVALIDCALL;
    if (!(pr = programmable(device)))
        return WINED3DERR_OUTOFMEMORY;
    old = pr->current;
    pr->current = program;
    /* A program destroyed while current goes now. */
    if (old && old != program && (old->desc.flags & 0x80000000u))
        program_free(old);
    return WINED3D_OK;
}

struct wined3d_program *wined3d_device_get_program(const struct wined3d_device *device)
{
    return device && device->programmable ? device->programmable->current : NULL;
}

int32_t wined3d_device_set_program_constants(struct wined3d_device *device, enum wined3d_program_stage stage,
        unsigned int start, unsigned int count, const float *values)
{
    struct wined3d_programmable *pr;

    if (!device || (stage != WINED3D_PROGRAM_VERTEX && stage != WINED3D_PROGRAM_FRAGMENT)
            || start > WINED3D_PROGRAM_MAX_CONSTANTS || count > WINED3D_PROGRAM_MAX_CONSTANTS - start
            || (count && !values))
        return WINED3DERR_INVALIDCALL;
    if (!(pr = programmable(device)))
        return WINED3DERR_OUTOFMEMORY;
    /* As every Set*: nothing is marked when the values are the same. */
    if (!count || !memcmp(&pr->constants[stage][4 * start], values, count * 4 * sizeof(float)))
        return WINED3D_OK;
    memcpy(&pr->constants[stage][4 * start], values, count * 4 * sizeof(float));
    if (pr->pending_hi[stage] <= pr->pending_lo[stage])
    {
        pr->pending_lo[stage] = start;
        pr->pending_hi[stage] = start + count;
    }
    else
    {
        if (start < pr->pending_lo[stage]) pr->pending_lo[stage] = start;
        if (start + count > pr->pending_hi[stage]) pr->pending_hi[stage] = start + count;
    }
    device_invalidate_state(device, STATE_PROGRAM_CONSTANTS);
    return WINED3D_OK;
}

/* The group's apply: what the constants' buffers need is known from the
 * pending ranges, sent at the next programmable draw; a fixed-function draw
 * sends nothing for them. */
void program_apply_constants(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id)
{
}

int32_t wined3d_device_get_program_constants(const struct wined3d_device *device, enum wined3d_program_stage stage,
        unsigned int start, unsigned int count, float *values)
{
    if (!device || (stage != WINED3D_PROGRAM_VERTEX && stage != WINED3D_PROGRAM_FRAGMENT)
            || start > WINED3D_PROGRAM_MAX_CONSTANTS || count > WINED3D_PROGRAM_MAX_CONSTANTS - start
            || (count && !values))
        return WINED3DERR_INVALIDCALL;
    if (device->programmable)
        memcpy(values, &device->programmable->constants[stage][4 * start], count * 4 * sizeof(float));
    else
        memset(values, 0, count * 4 * sizeof(float));
    return WINED3D_OK;
}

/* A stage's constants set since the last send into its buffer: the span
 * that differs from what the buffer holds, or nothing. */
static void upload_constants(struct wined3d_context *context, struct wined3d_programmable *pr, unsigned int stage)
{
    struct wined3d_device *device = context->device;
    const unsigned char *data = (const unsigned char *)pr->constants[stage];
    size_t first = (size_t)pr->pending_lo[stage] * 16, last = (size_t)pr->pending_hi[stage] * 16;
    unsigned char *shadow = pr->ubo_shadow[stage];

    if (!shadow)
    {
        const size_t full = WINED3D_PROGRAM_MAX_CONSTANTS * 16;
        if (!(shadow = pr->ubo_shadow[stage] = calloc(1, full)))
            return;
        GL_CALL(context, glGenBuffers(1, &pr->ubo[stage]));
        gl_bind_uniform_buffer(context, pr->ubo[stage]);
        GL_CALL(context, glBufferData(GL_UNIFORM_BUFFER, full, shadow, GL_DYNAMIC_DRAW));
    }
    pr->pending_lo[stage] = pr->pending_hi[stage] = 0;
    while (first < last && !memcmp(shadow + first, data + first, 16)) first += 16;
    while (last > first && !memcmp(shadow + last - 16, data + last - 16, 16)) last -= 16;
    if (first == last)
    {
        ++device->frame.gl_calls_filtered;
        return;
    }
    gl_bind_uniform_buffer(context, pr->ubo[stage]);
    GL_CALL(context, glBufferSubData(GL_UNIFORM_BUFFER, first, last - first, data + first));
    memcpy(shadow + first, data + first, last - first);
}

static int attributes_valid(const struct wined3d_program_attribute *a, unsigned int count, uint32_t stride)
{
    uint32_t seen = 0;
    unsigned int i;

    if (count && !a)
        return 0;
    for (i = 0; i < count; ++i)
    {
        uint32_t size;
        if (a[i].location >= WINED3D_PROGRAM_MAX_ATTRIBUTES || (seen & (1u << a[i].location)))
            return 0;
        seen |= 1u << a[i].location;
        if (a[i].type == WINED3D_PROGRAM_ATTRIB_FLOAT && a[i].components >= 1 && a[i].components <= 4)
            size = 4 * a[i].components;
        else if (a[i].type == WINED3D_PROGRAM_ATTRIB_UBYTE_NORM && a[i].components == 4)
            size = 4;
        else
            return 0;
        if ((uint64_t)a[i].offset + size > stride)
            return 0;
    }
    return 1;
}

int32_t wined3d_device_draw_program_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const struct wined3d_program_attribute *attributes, unsigned int attribute_count,
        const void *vertices, uint32_t vertex_count, uint32_t stride, const uint16_t *indices, uint32_t index_count)
{
    struct wined3d_programmable *pr = device ? device->programmable : NULL;
    struct wined3d_program *program = pr ? pr->current : NULL;
    struct wined3d_context *context;
    GLenum mode = wined3d_gl_primitive_type(type);
    uint32_t offset, index_offset = 0, i;
    unsigned int loc;

    if (!program || mode == GL_INVALID_ENUM || !device->render_target || !stride || (vertex_count && !vertices))
        return WINED3DERR_INVALIDCALL;
    if (!vertex_count || (indices && !index_count))
        return WINED3D_OK;
    if (!attributes_valid(attributes, attribute_count, stride) || (uint64_t)vertex_count * stride > (1u << 30)
            || index_count > (1u << 28))
        return WINED3DERR_INVALIDCALL;
    for (i = 0; indices && i < index_count; ++i)
        if (indices[i] >= vertex_count)
            return WINED3DERR_INVALIDCALL;

    if (device_draws_pending(device))
        device_flush_draws(device);
    context = context_acquire_for_draw(device, device->context);
    if (!device->render_target->sub_resources[device->render_target_sub].gpu_valid)
        texture_load(device->render_target, context);
    if (device->depth_stencil && !device->depth_stencil->sub_resources[device->depth_stencil_sub].gpu_valid)
        texture_load(device->depth_stencil, context);
    if (context->dirty_count)
        context_apply_state(context, &device->state);

    if (!stream_ring_upload(context, &device->vertex_ring, GL_ARRAY_BUFFER, vertices, vertex_count * stride,
            stride, &offset))
        return WINED3DERR_OUTOFMEMORY;
    if (indices && !stream_ring_upload(context, &device->index_ring, GL_ELEMENT_ARRAY_BUFFER, indices,
            index_count * sizeof(*indices), 4, &index_offset))
        return WINED3DERR_OUTOFMEMORY;
    gl_bind_vao(context, context->vao);
    gl_bind_array_buffer(context, device->vertex_ring.name);
    for (loc = 0; loc < WINED3D_PROGRAM_MAX_ATTRIBUTES; ++loc)
    {
        const struct wined3d_program_attribute *a = NULL;
        for (i = 0; i < attribute_count; ++i)
            if (attributes[i].location == loc)
                a = &attributes[i];
        if (!a)
            gl_vertex_attrib(context, loc, 0, 0, 0, GL_FALSE, 0, 0);
        else if (a->type == WINED3D_PROGRAM_ATTRIB_UBYTE_NORM)
            gl_vertex_attrib(context, loc, 1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, a->offset);
        else
            gl_vertex_attrib(context, loc, 1, a->components, GL_FLOAT, GL_FALSE, stride, a->offset);
    }
    /* The fixed-function path sets its layout again at its next draw. */
    context->vao_valid = 0;

    gl_use_program(context, program->name);
    ++device->frame.shader_cache_hits;
    if (program->desc.vs_constant_count)
    {
        if (!pr->ubo[WINED3D_PROGRAM_VERTEX] || pr->pending_hi[WINED3D_PROGRAM_VERTEX])
            upload_constants(context, pr, WINED3D_PROGRAM_VERTEX);
        gl_bind_ubo(context, PROGRAM_VS_BINDING, pr->ubo[WINED3D_PROGRAM_VERTEX]);
    }
    if (program->desc.fs_constant_count)
    {
        if (!pr->ubo[WINED3D_PROGRAM_FRAGMENT] || pr->pending_hi[WINED3D_PROGRAM_FRAGMENT])
            upload_constants(context, pr, WINED3D_PROGRAM_FRAGMENT);
        gl_bind_ubo(context, PROGRAM_FS_BINDING, pr->ubo[WINED3D_PROGRAM_FRAGMENT]);
    }
    /* Only while the program writes gl_PointSize: the fixed-function
     * shaders do not, and GL leaves their point size undefined then. */
    if (program->desc.flags & WINED3D_PROGRAM_POINT_SIZE)
        gl_set_cap(context, GL_CAP_PROGRAM_POINT_SIZE, 1);
    if (indices)
    {
        gl_bind_element_buffer(context, device->index_ring.name);
        GL_CALL(context, glDrawElementsBaseVertex(mode, index_count, GL_UNSIGNED_SHORT,
                (const void *)(uintptr_t)index_offset, offset / stride));
    }
    else
        GL_CALL(context, glDrawArrays(mode, offset / stride, vertex_count));
    if (program->desc.flags & WINED3D_PROGRAM_POINT_SIZE)
        gl_set_cap(context, GL_CAP_PROGRAM_POINT_SIZE, 0);
    ++device->frame.draws;
    device_mark_rendered(device);
    return WINED3D_OK;
}

int32_t wined3d_device_draw_program_fullscreen(struct wined3d_device *device)
{
    static const float quad[4][8] =
    {
        {-1.0f,  1.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f},
        { 1.0f,  1.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f, 1.0f},
        {-1.0f, -1.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 1.0f},
        { 1.0f, -1.0f, 0.0f, 1.0f, 1.0f, 1.0f, 0.0f, 1.0f},
    };
    static const struct wined3d_program_attribute attributes[2] =
    {
        {0, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, 0},
        {1, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, 16},
    };

    return wined3d_device_draw_program_up(device, WINED3D_PT_TRIANGLESTRIP, attributes, 2, quad, 4,
            sizeof(quad[0]), NULL, 0);
}

void program_device_destroy(struct wined3d_device *device)
{
    struct wined3d_programmable *pr = device->programmable;
    struct wined3d_context *context;
    unsigned int i;

    if (!pr)
        return;
    context = device_acquire_context(device);
    pr->current = NULL;
    while (pr->programs)
        program_free(pr->programs);
    for (i = 0; i < 2; ++i)
    {
        if (pr->ubo[i])
        {
            gl_cache_forget_buffer(device, pr->ubo[i]);
            GL_CALL(context, glDeleteBuffers(1, &pr->ubo[i]));
        }
        free(pr->ubo_shadow[i]);
    }
    free(pr);
    device->programmable = NULL;
}

/*
 * The GL state cache.  Every GL call of the core is counted (GL_CALL or the
 * setters here).  A setter sends its call only when the value differs from
 * what this context's GL already holds; the skipped ones are counted as
 * filtered.  With WINED3D_DEVICE_NO_GL_CACHE every call is sent and the
 * ones that set a value GL already had are counted as redundant, which is
 * how a test shows that the cache, not luck, keeps the figure at 0.
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(gl);


void gl_cache_invalidate(struct wined3d_gl_cache *cache)
{
    TRACE("Forgetting every GL value of cache %p.\n", cache);
    memset(cache, 0, sizeof(*cache));
}

static const GLenum gl_cap_enums[GL_CAP_COUNT] =
{
    GL_BLEND, GL_DEPTH_TEST, GL_CULL_FACE, GL_STENCIL_TEST, GL_SCISSOR_TEST, GL_DITHER,
    GL_POLYGON_OFFSET_FILL, GL_POLYGON_OFFSET_LINE, GL_POLYGON_OFFSET_POINT, GL_DEPTH_CLAMP,
    GL_PROGRAM_POINT_SIZE, GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE1, GL_CLIP_DISTANCE2, GL_CLIP_DISTANCE3,
    GL_CLIP_DISTANCE4, GL_CLIP_DISTANCE5,
};

void gl_set_cap(struct wined3d_context *context, enum gl_cap cap, int enable)
{
    struct wined3d_gl_cache *c = &context->gl;
    uint32_t bit = 1u << cap;

    if (!gl_should_send(context, c->known_caps & bit, !!(c->caps & bit) == !!enable))
        return;
    if (enable) glEnable(gl_cap_enums[cap]); else glDisable(gl_cap_enums[cap]);
    c->known_caps |= bit;
    if (enable) c->caps |= bit; else c->caps &= ~bit;
}

void gl_depth_func(struct wined3d_context *context, GLenum func)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_depth_func, c->depth_func == func)) return;
    glDepthFunc(func);
    c->depth_func = func; c->valid_depth_func = 1;
}

void gl_depth_mask(struct wined3d_context *context, GLboolean mask)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_depth_mask, c->depth_mask == mask)) return;
    glDepthMask(mask);
    c->depth_mask = mask; c->valid_depth_mask = 1;
}

void gl_color_mask(struct wined3d_context *context, GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_color_mask, c->color_mask[0] == r && c->color_mask[1] == g
            && c->color_mask[2] == b && c->color_mask[3] == a)) return;
    glColorMask(r, g, b, a);
    c->color_mask[0] = r; c->color_mask[1] = g; c->color_mask[2] = b; c->color_mask[3] = a;
    c->valid_color_mask = 1;
}

void gl_blend_func(struct wined3d_context *context, GLenum src_rgb, GLenum dst_rgb, GLenum src_a, GLenum dst_a)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_blend_func, c->blend_func[0] == src_rgb && c->blend_func[1] == dst_rgb
            && c->blend_func[2] == src_a && c->blend_func[3] == dst_a)) return;
    glBlendFuncSeparate(src_rgb, dst_rgb, src_a, dst_a);
    c->blend_func[0] = src_rgb; c->blend_func[1] = dst_rgb; c->blend_func[2] = src_a; c->blend_func[3] = dst_a;
    c->valid_blend_func = 1;
}

void gl_blend_equation(struct wined3d_context *context, GLenum rgb, GLenum alpha)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_blend_eq, c->blend_eq[0] == rgb && c->blend_eq[1] == alpha)) return;
    glBlendEquationSeparate(rgb, alpha);
    c->blend_eq[0] = rgb; c->blend_eq[1] = alpha; c->valid_blend_eq = 1;
}

void gl_blend_color(struct wined3d_context *context, const GLfloat color[4])
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_blend_color, !memcmp(c->blend_color, color, sizeof(c->blend_color)))) return;
    glBlendColor(color[0], color[1], color[2], color[3]);
    memcpy(c->blend_color, color, sizeof(c->blend_color)); c->valid_blend_color = 1;
}

void gl_cull_face(struct wined3d_context *context, GLenum face)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_cull, c->cull_face == face)) return;
    glCullFace(face);
    c->cull_face = face; c->valid_cull = 1;
}

void gl_front_face(struct wined3d_context *context, GLenum face)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_front_face, c->front_face == face)) return;
    glFrontFace(face);
    c->front_face = face; c->valid_front_face = 1;
}

/* Direct3D 7 has one set of stencil states for both faces. */
void gl_stencil(struct wined3d_context *context, GLenum func, GLint ref, GLuint mask,
        GLenum fail, GLenum zfail, GLenum pass)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (gl_should_send(context, c->valid_stencil, c->stencil_func == func && c->stencil_ref == ref
            && c->stencil_mask == mask))
    {
        glStencilFunc(func, ref, mask);
        c->stencil_func = func; c->stencil_ref = ref; c->stencil_mask = mask;
    }
    if (gl_should_send(context, c->valid_stencil, c->stencil_fail == fail && c->stencil_zfail == zfail
            && c->stencil_pass == pass))
    {
        glStencilOp(fail, zfail, pass);
        c->stencil_fail = fail; c->stencil_zfail = zfail; c->stencil_pass = pass;
    }
    c->valid_stencil = 1;
}

void gl_stencil_mask(struct wined3d_context *context, GLuint mask)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_stencil_mask, c->stencil_writemask == mask)) return;
    glStencilMask(mask);
    c->stencil_writemask = mask; c->valid_stencil_mask = 1;
}

void gl_polygon_mode(struct wined3d_context *context, GLenum mode)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_polygon_mode, c->polygon_mode == mode)) return;
    glPolygonMode(GL_FRONT_AND_BACK, mode);
    c->polygon_mode = mode; c->valid_polygon_mode = 1;
}

void gl_polygon_offset(struct wined3d_context *context, GLfloat factor, GLfloat units)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_polygon_offset, c->offset_factor == factor && c->offset_units == units))
        return;
    glPolygonOffset(factor, units);
    c->offset_factor = factor; c->offset_units = units; c->valid_polygon_offset = 1;
}

void gl_viewport(struct wined3d_context *context, GLint x, GLint y, GLint w, GLint h)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_viewport, c->viewport[0] == x && c->viewport[1] == y
            && c->viewport[2] == w && c->viewport[3] == h)) return;
    glViewport(x, y, w, h);
    c->viewport[0] = x; c->viewport[1] = y; c->viewport[2] = w; c->viewport[3] = h; c->valid_viewport = 1;
}

void gl_depth_range(struct wined3d_context *context, GLdouble n, GLdouble f)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_depth_range, c->depth_range[0] == n && c->depth_range[1] == f)) return;
    glDepthRange(n, f);
    c->depth_range[0] = n; c->depth_range[1] = f; c->valid_depth_range = 1;
}

void gl_scissor(struct wined3d_context *context, GLint x, GLint y, GLint w, GLint h)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_scissor, c->scissor[0] == x && c->scissor[1] == y
            && c->scissor[2] == w && c->scissor[3] == h)) return;
    glScissor(x, y, w, h);
    c->scissor[0] = x; c->scissor[1] = y; c->scissor[2] = w; c->scissor[3] = h; c->valid_scissor = 1;
}

void gl_clear_color(struct wined3d_context *context, const GLfloat col[4])
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_clear_color, !memcmp(c->clear_color, col, sizeof(c->clear_color)))) return;
    glClearColor(col[0], col[1], col[2], col[3]);
    memcpy(c->clear_color, col, sizeof(c->clear_color)); c->valid_clear_color = 1;
}

void gl_clear_depth(struct wined3d_context *context, GLdouble d)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_clear_depth, c->clear_depth == d)) return;
    glClearDepth(d);
    c->clear_depth = d; c->valid_clear_depth = 1;
}

void gl_clear_stencil(struct wined3d_context *context, GLint s)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_clear_stencil, c->clear_stencil == s)) return;
    glClearStencil(s);
    c->clear_stencil = s; c->valid_clear_stencil = 1;
}

void gl_use_program(struct wined3d_context *context, GLuint program)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_program, c->program == program)) return;
    glUseProgram(program);
    c->program = program; c->valid_program = 1;
}

void gl_bind_vao(struct wined3d_context *context, GLuint vao)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_vao, c->vao == vao)) return;
    glBindVertexArray(vao);
    c->vao = vao; c->valid_vao = 1;
    /* The element buffer binding belongs to the VAO. */
    c->valid_element_buffer = 0;
}

void gl_bind_array_buffer(struct wined3d_context *context, GLuint buffer)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_array_buffer, c->array_buffer == buffer)) return;
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    c->array_buffer = buffer; c->valid_array_buffer = 1;
}

void gl_bind_element_buffer(struct wined3d_context *context, GLuint buffer)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_element_buffer, c->element_buffer == buffer)) return;
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffer);
    c->element_buffer = buffer; c->valid_element_buffer = 1;
}

void gl_bind_ubo(struct wined3d_context *context, unsigned int index, GLuint buffer)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_ubo[index], c->ubo[index] == buffer)) return;
    glBindBufferBase(GL_UNIFORM_BUFFER, index, buffer);
    c->ubo[index] = buffer; c->valid_ubo[index] = 1;
    /* glBindBufferBase binds the generic target too. */
    c->ubo[2] = buffer; c->valid_ubo[2] = 1;
}

/* A range to a binding point the cache does not follow (the joined draws'
 * world matrices: a new range each time); the generic binding follows. */
void gl_bind_ubo_range(struct wined3d_context *context, unsigned int index, GLuint buffer, GLintptr offset,
        GLsizeiptr size)
{
    GL_CALL(context, glBindBufferRange(GL_UNIFORM_BUFFER, index, buffer, offset, size));
    context->gl.ubo[2] = buffer;
    context->gl.valid_ubo[2] = 1;
}

void gl_bind_uniform_buffer(struct wined3d_context *context, GLuint buffer)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_ubo[2], c->ubo[2] == buffer)) return;
    glBindBuffer(GL_UNIFORM_BUFFER, buffer);
    c->ubo[2] = buffer; c->valid_ubo[2] = 1;
}

void gl_active_texture(struct wined3d_context *context, unsigned int unit)
{
    struct wined3d_gl_cache *c = &context->gl;
    GLenum e = GL_TEXTURE0 + unit;
    if (!gl_should_send(context, c->valid_active_texture, c->active_texture == e)) return;
    glActiveTexture(e);
    c->active_texture = e; c->valid_active_texture = 1;
}

void gl_bind_texture(struct wined3d_context *context, unsigned int unit, GLenum target, GLuint texture)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (unit >= GL_MAX_UNITS) return;
    /* Uploads and readbacks act on the active unit, so it is made active
     * even when the binding is already there. */
    gl_active_texture(context, unit);
    /* A texture of the other target may still be bound to the unit; that is
     * harmless, the sampler uniform decides which target is read. */
    if (!gl_should_send(context, c->valid_texture[unit], c->texture[unit] == texture
            && c->texture_target[unit] == target)) return;
    glBindTexture(target, texture);
    c->texture[unit] = texture; c->texture_target[unit] = target; c->valid_texture[unit] = 1;
}

void gl_bind_sampler(struct wined3d_context *context, unsigned int unit, GLuint sampler)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (unit >= GL_MAX_UNITS) return;
    if (!gl_should_send(context, c->valid_sampler[unit], c->sampler[unit] == sampler)) return;
    glBindSampler(unit, sampler);
    c->sampler[unit] = sampler; c->valid_sampler[unit] = 1;
}

/* Sets the parameters of sampler object `sampler`, whose known ones are *o,
 * to s: only those that differ (all when *o is not known). */
static void gl_sampler_write(struct wined3d_context *context, GLuint sampler, struct wined3d_gl_sampler_shadow *o,
        const struct wined3d_gl_sampler_shadow *s)
{
    int k = o->known;

#define SAMPLER_I(field, pname) \
    if (gl_should_send(context, k, o->field == s->field)) { glSamplerParameteri(sampler, pname, s->field); o->field = s->field; }
#define SAMPLER_F(field, pname) \
    if (gl_should_send(context, k, o->field == s->field)) { glSamplerParameterf(sampler, pname, s->field); o->field = s->field; }
    SAMPLER_I(wrap_s, GL_TEXTURE_WRAP_S)
    SAMPLER_I(wrap_t, GL_TEXTURE_WRAP_T)
    SAMPLER_I(wrap_r, GL_TEXTURE_WRAP_R)
    SAMPLER_I(mag, GL_TEXTURE_MAG_FILTER)
    SAMPLER_I(min, GL_TEXTURE_MIN_FILTER)
    SAMPLER_F(lod_bias, GL_TEXTURE_LOD_BIAS)
    if (GLEW_EXT_texture_filter_anisotropic || GLEW_ARB_texture_filter_anisotropic)
    {
        SAMPLER_I(max_anisotropy, GL_TEXTURE_MAX_ANISOTROPY_EXT)
    }
    /* MAXMIPLEVEL: the largest level used; a sampler's minimum LOD. */
    if (gl_should_send(context, k, o->max_mip_level == s->max_mip_level))
    {
        glSamplerParameterf(sampler, GL_TEXTURE_MIN_LOD, (GLfloat)s->max_mip_level);
        o->max_mip_level = s->max_mip_level;
    }
    if (gl_should_send(context, k, !memcmp(o->border, s->border, sizeof(o->border))))
    {
        glSamplerParameterfv(sampler, GL_TEXTURE_BORDER_COLOR, s->border);
        memcpy(o->border, s->border, sizeof(o->border));
    }
#undef SAMPLER_I
#undef SAMPLER_F
    o->known = 1;
}

static unsigned int gl_sampler_hash(const struct wined3d_gl_sampler_shadow *s)
{
    const uint32_t *w = (const uint32_t *)s;
    uint32_t h = 2166136261u;
    unsigned int i;

    for (i = 0; i < sizeof(*s) / sizeof(*w); ++i)
        h = (h ^ w[i]) * 16777619u;
    return (h ^ (h >> 15)) & (GL_SAMPLER_CACHE_SIZE - 1);
}

/* The context's sampler object with parameters key (known 1), made on first
 * use; 0 once the cache holds GL_SAMPLER_CACHE_SIZE - 1 of them.  Kept until
 * the context goes: a program that sets few filter and addressing
 * combinations gets one object for each. */
static GLuint gl_sampler_find(struct wined3d_context *context, const struct wined3d_gl_sampler_shadow *key)
{
    unsigned int i = gl_sampler_hash(key);
    struct wined3d_gl_sampler_entry *e;
    struct wined3d_gl_sampler_shadow o;

    for (;; i = (i + 1) & (GL_SAMPLER_CACHE_SIZE - 1))
    {
        e = &context->sampler_cache[i];
        if (!e->name)
            break;
        if (!memcmp(&e->params, key, sizeof(*key)))
            return e->name;
    }
    /* One entry stays free, so that a search always ends. */
    if (context->sampler_cache_count >= GL_SAMPLER_CACHE_SIZE - 1)
        return 0;
    GL_CALL(context, glGenSamplers(1, &e->name));
    if (!e->name)
        return 0;
    memset(&o, 0, sizeof(o));
    gl_sampler_write(context, e->name, &o, key);
    e->params = *key;
    ++context->sampler_cache_count;
    TRACE("Sampler %u for context %p (%u made).\n", e->name, context, context->sampler_cache_count);
    return e->name;
}

/* A change of filter or addressing selects another sampler object rather
 * than changing the one bound: a driver has to revalidate a sampler that
 * queued draws may still read (on the H200 a batch that changed a
 * filter cost several times one that did not), while binding another is
 * cheap.  The unit's own object, changed in place, once the cache is full. */
void gl_sampler_params(struct wined3d_context *context, unsigned int unit, const struct wined3d_gl_sampler_shadow *s)
{
    struct wined3d_gl_sampler_shadow *o = &context->gl.sampler_params[unit], key;
    GLuint sampler;

    if (unit >= GL_MAX_UNITS) return;
    key = *s;
    key.known = 1;
    if (!o->known || memcmp(o, &key, sizeof(key)))
    {
        if (!(sampler = gl_sampler_find(context, &key)))
        {
            /* The unit's own object changes: held runs may sample with it. */
            hold_flush_for_change(context->device);
            sampler = context->unit_samplers[unit];
            gl_sampler_write(context, sampler, &context->gl.unit_sampler_params[unit], &key);
        }
        context->samplers[unit] = sampler;
        *o = key;
    }
    gl_bind_sampler(context, unit, context->samplers[unit]);
}

void gl_sampler_cache_destroy(struct wined3d_context *context)
{
    unsigned int i;

    for (i = 0; i < GL_SAMPLER_CACHE_SIZE; ++i)
    {
        if (context->sampler_cache[i].name)
            GL_CALL(context, glDeleteSamplers(1, &context->sampler_cache[i].name));
        context->sampler_cache[i].name = 0;
    }
    context->sampler_cache_count = 0;
}

void gl_bind_draw_fbo(struct wined3d_context *context, GLuint fbo)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_draw_fbo, c->draw_fbo == fbo)) return;
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    c->draw_fbo = fbo; c->valid_draw_fbo = 1;
}

void gl_vertex_attrib(struct wined3d_context *context, unsigned int index, int enable, GLint size, GLenum type,
        GLboolean normalized, GLsizei stride, uintptr_t offset)
{
    struct wined3d_gl_attrib *a = &context->attribs[index];
    GLuint buffer = context->gl.array_buffer;

    if (gl_should_send(context, a->known, a->enabled == enable))
    {
        if (enable) glEnableVertexAttribArray(index); else glDisableVertexAttribArray(index);
        a->enabled = enable;
    }
    if (enable && gl_should_send(context, a->known, a->size == size && a->type == type
            && a->normalized == normalized && a->stride == stride && a->offset == offset && a->buffer == buffer))
    {
        glVertexAttribPointer(index, size, type, normalized, stride, (const void *)offset);
        a->size = size; a->type = type; a->normalized = normalized; a->stride = stride;
        a->offset = offset; a->buffer = buffer;
    }
    a->known = 1;
}

void gl_vertex_attrib_divisor(struct wined3d_context *context, unsigned int index, unsigned int divisor)
{
    if (!gl_should_send(context, 1, context->attrib_divisor[index] == divisor))
        return;
    glVertexAttribDivisor(index, divisor);
    context->attrib_divisor[index] = divisor;
}

void gl_bind_read_fbo(struct wined3d_context *context, GLuint fbo)
{
    struct wined3d_gl_cache *c = &context->gl;
    if (!gl_should_send(context, c->valid_read_fbo, c->read_fbo == fbo)) return;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    c->read_fbo = fbo; c->valid_read_fbo = 1;
}

void gl_pixel_store(struct wined3d_context *context, int pack, GLint alignment, GLint row_length)
{
    struct wined3d_gl_cache *c = &context->gl;
    GLint *a = pack ? &c->pack_alignment : &c->unpack_alignment;
    GLint *r = pack ? &c->pack_row_length : &c->unpack_row_length;
    int *valid = pack ? &c->valid_pack : &c->valid_unpack;

    if (gl_should_send(context, *valid, *a == alignment))
    {
        glPixelStorei(pack ? GL_PACK_ALIGNMENT : GL_UNPACK_ALIGNMENT, alignment);
        *a = alignment;
    }
    if (gl_should_send(context, *valid, *r == row_length))
    {
        glPixelStorei(pack ? GL_PACK_ROW_LENGTH : GL_UNPACK_ROW_LENGTH, row_length);
        *r = row_length;
    }
    *valid = 1;
}

/* Deleting an object unbinds it in the current context only; other
 * contexts keep a dangling name in their shadow that could be reused by the
 * next glGen*, so forget it everywhere. */
void gl_cache_forget_texture(struct wined3d_device *device, GLuint texture)
{
    unsigned int i, u;

    hold_flush_for_change(device);
    for (i = 0; i < device->context_count; ++i)
    {
        struct wined3d_context *context = device->contexts[i];
        for (u = 0; u < GL_MAX_UNITS; ++u)
            if (context->gl.texture[u] == texture)
                context->gl.valid_texture[u] = 0;
        /* Attachments of a deleted texture: the name may come back. */
        for (u = 0; u < 2; ++u)
            if (context->blit_attach[u].name == texture)
                context->blit_attach[u].valid = 0;
        if (context->fbo_color == texture || context->fbo_depth == texture || context->fbo_stencil == texture)
            context->fbo_attached_valid = 0;
    }
}

void gl_cache_forget_buffer(struct wined3d_device *device, GLuint buffer)
{
    unsigned int i;
    for (i = 0; i < device->context_count; ++i)
    {
        struct wined3d_gl_cache *c = &device->contexts[i]->gl;
        if (c->array_buffer == buffer) c->valid_array_buffer = 0;
        if (c->element_buffer == buffer) c->valid_element_buffer = 0;
        if (c->ubo[0] == buffer) c->valid_ubo[0] = 0;
        if (c->ubo[1] == buffer) c->valid_ubo[1] = 0;
        if (c->ubo[2] == buffer) c->valid_ubo[2] = 0;
        device->contexts[i]->vao_valid = 0;
        /* Pointers into a deleted buffer: a new buffer may reuse the name. */
        memset(device->contexts[i]->attribs, 0, sizeof(device->contexts[i]->attribs));
    }
}

/* Whether two shadows agree in everything a draw reads (hold.c): the
 * pipeline state, the program, the target, the units' textures and
 * samplers and the two block bindings; clear values, pixel store, the
 * active unit and the generic buffer bindings do not draw.  A value known
 * to one shadow only differs; one neither knows (never set) is the same. */
int gl_cache_draw_equal(const struct wined3d_gl_cache *a, const struct wined3d_gl_cache *b)
{
    unsigned int i;

#define SAME(v, test) (a->valid_##v == b->valid_##v && (!a->valid_##v || (test)))
#define EQ(f) (a->f == b->f)
#define MEM(f) (!memcmp(a->f, b->f, sizeof(a->f)))
    if (a->known_caps != b->known_caps || a->caps != b->caps)
        return 0;
    if (!SAME(depth_func, EQ(depth_func)) || !SAME(depth_mask, EQ(depth_mask))
            || !SAME(color_mask, MEM(color_mask)) || !SAME(blend_func, MEM(blend_func))
            || !SAME(blend_eq, MEM(blend_eq)) || !SAME(blend_color, MEM(blend_color))
            || !SAME(cull, EQ(cull_face)) || !SAME(front_face, EQ(front_face))
            || !SAME(stencil, EQ(stencil_func) && EQ(stencil_ref) && EQ(stencil_mask) && EQ(stencil_fail)
                    && EQ(stencil_zfail) && EQ(stencil_pass))
            || !SAME(stencil_mask, EQ(stencil_writemask)) || !SAME(polygon_mode, EQ(polygon_mode))
            || !SAME(polygon_offset, EQ(offset_factor) && EQ(offset_units))
            || !SAME(viewport, MEM(viewport)) || !SAME(depth_range, MEM(depth_range))
            || !SAME(scissor, MEM(scissor)) || !SAME(program, EQ(program)) || !SAME(draw_fbo, EQ(draw_fbo))
            || !SAME(ubo[0], EQ(ubo[0])) || !SAME(ubo[1], EQ(ubo[1])))
        return 0;
    for (i = 0; i < GL_MAX_UNITS; ++i)
        if (!SAME(texture[i], EQ(texture[i]) && EQ(texture_target[i])) || !SAME(sampler[i], EQ(sampler[i])))
            return 0;
#undef SAME
#undef EQ
#undef MEM
    return 1;
}

/* Makes GL hold what shadow s holds of everything a draw reads, through the
 * setters (so the context's own shadow follows and nothing already there is
 * sent).  What s does not know is left as GL has it. */
void gl_cache_restore_draw(struct wined3d_context *context, const struct wined3d_gl_cache *s)
{
    unsigned int i;

    for (i = 0; i < GL_CAP_COUNT; ++i)
        if (s->known_caps & (1u << i))
            gl_set_cap(context, i, !!(s->caps & (1u << i)));
    if (s->valid_depth_func) gl_depth_func(context, s->depth_func);
    if (s->valid_depth_mask) gl_depth_mask(context, s->depth_mask);
    if (s->valid_color_mask)
        gl_color_mask(context, s->color_mask[0], s->color_mask[1], s->color_mask[2], s->color_mask[3]);
    if (s->valid_blend_func)
        gl_blend_func(context, s->blend_func[0], s->blend_func[1], s->blend_func[2], s->blend_func[3]);
    if (s->valid_blend_eq) gl_blend_equation(context, s->blend_eq[0], s->blend_eq[1]);
    if (s->valid_blend_color) gl_blend_color(context, s->blend_color);
    if (s->valid_cull) gl_cull_face(context, s->cull_face);
    if (s->valid_front_face) gl_front_face(context, s->front_face);
    if (s->valid_stencil)
        gl_stencil(context, s->stencil_func, s->stencil_ref, s->stencil_mask, s->stencil_fail, s->stencil_zfail,
                s->stencil_pass);
    if (s->valid_stencil_mask) gl_stencil_mask(context, s->stencil_writemask);
    if (s->valid_polygon_mode) gl_polygon_mode(context, s->polygon_mode);
    if (s->valid_polygon_offset) gl_polygon_offset(context, s->offset_factor, s->offset_units);
    if (s->valid_viewport) gl_viewport(context, s->viewport[0], s->viewport[1], s->viewport[2], s->viewport[3]);
    if (s->valid_depth_range) gl_depth_range(context, s->depth_range[0], s->depth_range[1]);
    if (s->valid_scissor) gl_scissor(context, s->scissor[0], s->scissor[1], s->scissor[2], s->scissor[3]);
    if (s->valid_program) gl_use_program(context, s->program);
    if (s->valid_draw_fbo) gl_bind_draw_fbo(context, s->draw_fbo);
    if (s->valid_ubo[0]) gl_bind_ubo(context, 0, s->ubo[0]);
    if (s->valid_ubo[1]) gl_bind_ubo(context, 1, s->ubo[1]);
    for (i = 0; i < GL_MAX_UNITS; ++i)
    {
        if (s->valid_texture[i])
            gl_bind_texture(context, i, s->texture_target[i], s->texture[i]);
        if (s->valid_sampler[i])
            gl_bind_sampler(context, i, s->sampler[i]);
    }
}

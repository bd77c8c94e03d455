/*
 * Forced MSAA and the internal resolution scale (the "msaa" and
 * "resolution_scale" settings): render targets and depth buffers are drawn
 * into a draw copy of their own, multisampled and/or N times the size the
 * program asked for.  The texture itself stays at the program's size and
 * single-sampled: it is what sampling, Lock, GetDC, readbacks and blits see,
 * resolved from the draw copy when they need it.
 *
 * The draw copy is a multisampled renderbuffer ("ms") when samples > 1, and
 * a single-sampled texture at the scaled size ("hi") when the scale is > 1;
 * with both, hi is where ms is resolved before it is scaled down, and what
 * a present shows (the picture at the scaled size, fitted to the window).
 * A texture made current by other means (an upload, a blit into it) is
 * scaled up into the draw copy again before the next draw into it.
 *
 * Only 2D textures of one level get a draw copy: a mip-mapped or cube
 * render target, or a framebuffer whose two attachments do not match, is
 * drawn at the program's size (context.c decides per framebuffer).
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(supersample);

struct wined3d_draw_copy
{
    GLuint ms;                  /* multisampled renderbuffer, 0 without MSAA */
    GLuint hi;                  /* scaled texture, 0 at scale 1 */
    uint32_t width, height;     /* the scaled size */
    unsigned int samples, scale;
    int current;                /* holds at least what the texture holds */
    int newest;                 /* holds what the texture does not yet */
    int hi_current;             /* hi holds what ms holds */
};

/* Reads the settings; GL (current) says how many samples it offers. */
void supersample_device_init(struct wined3d_device *device)
{
    int samples = dx7gl_config_int("msaa"), scale = dx7gl_config_int("resolution_scale");
    GLint max_samples = 0;

    device->ss_scale = scale > 1 ? (unsigned int)scale : 1;
    device->ss_samples = 0;
    if (samples > 1)
    {
        gl_count_call(device);
        glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
        /* GL offers powers of two; more than it has is what it has. */
        while (samples > 1 && samples > max_samples) samples /= 2;
        device->ss_samples = samples > 1 ? (unsigned int)samples : 0;
    }
    if (device->ss_samples || device->ss_scale > 1)
        TRACE("Render targets drawn with %u samples at %u times their size.\n", device->ss_samples, device->ss_scale);
}

static GLenum internal_format(const struct wined3d_texture *texture)
{
    return texture->gl_format->internal ? texture->gl_format->internal : GL_RGBA8;
}

static GLbitfield blit_mask(const struct wined3d_texture *texture)
{
    if (!texture->format->depth) return GL_COLOR_BUFFER_BIT;
    return GL_DEPTH_BUFFER_BIT | (texture->format->stencil_bits ? GL_STENCIL_BUFFER_BIT : 0);
}

void supersample_texture_created(struct wined3d_texture *texture)
{
    struct wined3d_device *device = texture->device;
    struct wined3d_draw_copy *copy;

    if ((!device->ss_samples && device->ss_scale <= 1) || texture->target != GL_TEXTURE_2D
            || texture->level_count != 1 || (texture->desc.usage & WINED3D_USAGE_SYSTEMMEM)
            || !(texture->desc.usage & (WINED3D_USAGE_RENDERTARGET | WINED3D_USAGE_DEPTHSTENCIL)))
        return;
    if ((uint64_t)texture->desc.width * device->ss_scale > device->caps.max_texture_width
            || (uint64_t)texture->desc.height * device->ss_scale > device->caps.max_texture_height)
    {
        WARN("%ux%u at %u times is beyond GL's limit; drawn at its own size.\n", texture->desc.width,
                texture->desc.height, device->ss_scale);
        return;
    }
    if (!(copy = calloc(1, sizeof(*copy))))
        return;
    copy->samples = device->ss_samples;
    copy->scale = device->ss_scale;
    copy->width = texture->desc.width * copy->scale;
    copy->height = texture->desc.height * copy->scale;
    texture->draw_copy = copy;
}

void supersample_texture_destroyed(struct wined3d_texture *texture, struct wined3d_context *context)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;

    if (!copy) return;
    if (copy->ms)
    {
        GL_CALL(context, glDeleteRenderbuffers(1, &copy->ms));
        /* The framebuffers' shadows compare names only: a renderbuffer made
         * later may get this one's. */
        gl_cache_forget_texture(texture->device, copy->ms);
    }
    if (copy->hi)
    {
        GL_CALL(context, glDeleteTextures(1, &copy->hi));
        gl_cache_forget_texture(texture->device, copy->hi);
    }
    free(copy);
    texture->draw_copy = NULL;
}

static void alloc_copy(struct wined3d_texture *texture, struct wined3d_context *context)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;
    const struct wined3d_gl_format *glf = texture->gl_format;

    if (copy->scale > 1 && !copy->hi)
    {
        GL_CALL(context, glGenTextures(1, &copy->hi));
        gl_bind_texture(context, GL_SCRATCH_UNIT, GL_TEXTURE_2D, copy->hi);
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
        GL_CALL(context, glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, glf->swizzle));
        GL_CALL(context, glTexImage2D(GL_TEXTURE_2D, 0, internal_format(texture), copy->width, copy->height, 0,
                glf->format, glf->type, NULL));
    }
    if (copy->samples && !copy->ms)
    {
        GL_CALL(context, glGenRenderbuffers(1, &copy->ms));
        GL_CALL(context, glBindRenderbuffer(GL_RENDERBUFFER, copy->ms));
        GL_CALL(context, glRenderbufferStorageMultisample(GL_RENDERBUFFER, copy->samples, internal_format(texture),
                copy->width, copy->height));
    }
}

/* Attaches a texture (or, with renderbuffer set, a renderbuffer) to one of
 * this file's framebuffers as what the format is, the others detached. */
static void attach(struct wined3d_context *context, GLenum binding, GLuint fbo, const struct wined3d_texture *texture,
        GLuint name, int renderbuffer)
{
    GLenum point = !texture->format->depth ? GL_COLOR_ATTACHMENT0
            : texture->format->stencil_bits ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT;
    static const GLenum points[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT};
    unsigned int i;

    if (binding == GL_DRAW_FRAMEBUFFER) gl_bind_draw_fbo(context, fbo); else gl_bind_read_fbo(context, fbo);
    for (i = 0; i < 3; ++i)
        GL_CALL(context, glFramebufferTexture2D(binding, points[i], GL_TEXTURE_2D, 0, 0));
    if (renderbuffer)
        GL_CALL(context, glFramebufferRenderbuffer(binding, point, GL_RENDERBUFFER, name));
    else
        GL_CALL(context, glFramebufferTexture2D(binding, point, GL_TEXTURE_2D, name, 0));
    if (binding == GL_DRAW_FRAMEBUFFER)
        GL_CALL(context, glDrawBuffer(texture->format->depth ? GL_NONE : GL_COLOR_ATTACHMENT0));
    else
        GL_CALL(context, glReadBuffer(texture->format->depth ? GL_NONE : GL_COLOR_ATTACHMENT0));
}

/* One blit between two of the texture's copies (src_rb/dst_rb: the
 * renderbuffer).  Scaling down a colour takes GL's linear filter, which at
 * twice the size is the mean of each 2x2 block. */
static void copy_blit(struct wined3d_texture *texture, struct wined3d_context *context, GLuint src, int src_rb,
        uint32_t sw, uint32_t sh, GLuint dst, int dst_rb, uint32_t dw, uint32_t dh)
{
    GLenum filter = !texture->format->depth && dw < sw ? GL_LINEAR : GL_NEAREST;

    if (!context->ss_fbo[0])
        GL_CALL(context, glGenFramebuffers(2, context->ss_fbo));
    attach(context, GL_READ_FRAMEBUFFER, context->ss_fbo[0], texture, src, src_rb);
    attach(context, GL_DRAW_FRAMEBUFFER, context->ss_fbo[1], texture, dst, dst_rb);
    GL_CALL(context, glBlitFramebuffer(0, 0, sw, sh, 0, 0, dw, dh, blit_mask(texture), filter));
}

/* Blits leave the state the draws expect: nothing of it but the scissor
 * test and the bindings. */
static void copy_blits_done(struct wined3d_context *context)
{
    context_mark_dirty(context, STATE_FRAMEBUFFER);
    context_mark_dirty(context, STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE));
}

/* hi holds what ms holds. */
static void resolve_hi(struct wined3d_texture *texture, struct wined3d_context *context)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;

    if (!copy->ms || !copy->hi || copy->hi_current) return;
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    copy_blit(texture, context, copy->ms, 1, copy->width, copy->height, copy->hi, 0, copy->width, copy->height);
    copy_blits_done(context);
    copy->hi_current = 1;
}

void supersample_resolve(struct wined3d_texture *texture, struct wined3d_context *context)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;
    struct wined3d_sub_resource *s = &texture->sub_resources[0];

    if (!copy || !copy->newest) return;
    copy->newest = 0;   /* first: texture_load below must not come back here */
    if (!texture->gl_allocated) texture_load(texture, context);
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    if (copy->hi)
    {
        resolve_hi(texture, context);
        copy_blit(texture, context, copy->hi, 0, copy->width, copy->height, texture->name, 0, s->width, s->height);
    }
    else
        copy_blit(texture, context, copy->ms, 1, copy->width, copy->height, texture->name, 0, s->width, s->height);
    copy_blits_done(context);
    s->gpu_valid = 1;
    s->sysmem_valid = 0;
    s->alpha_floor = 0;
    texture_contents_changed(texture);
}

/* The draw copy made current from the texture, before a draw into it. */
static void refresh(struct wined3d_texture *texture, struct wined3d_context *context)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;
    const struct wined3d_sub_resource *s = &texture->sub_resources[0];

    texture_load(texture, context);
    alloc_copy(texture, context);
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    if (copy->hi)
    {
        copy_blit(texture, context, texture->name, 0, s->width, s->height, copy->hi, 0, copy->width, copy->height);
        if (copy->ms)
            copy_blit(texture, context, copy->hi, 0, copy->width, copy->height, copy->ms, 1, copy->width, copy->height);
    }
    else
        copy_blit(texture, context, texture->name, 0, s->width, s->height, copy->ms, 1, copy->width, copy->height);
    copy_blits_done(context);
    copy->current = 1;
    copy->hi_current = 1;
}

void supersample_prepare_target(struct wined3d_texture *texture, struct wined3d_context *context)
{
    if (texture && texture->draw_copy && !texture->draw_copy->current)
        refresh(texture, context);
}

GLuint supersample_attachment(struct wined3d_texture *texture, struct wined3d_context *context, int *renderbuffer)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;

    supersample_prepare_target(texture, context);
    *renderbuffer = !!copy->ms;
    return copy->ms ? copy->ms : copy->hi;
}

int supersample_matches(const struct wined3d_texture *rt, const struct wined3d_texture *ds)
{
    const struct wined3d_draw_copy *c = rt ? rt->draw_copy : NULL;

    if (!c) return 0;
    if (!ds) return 1;
    return ds->draw_copy && ds->draw_copy->samples == c->samples && ds->draw_copy->scale == c->scale
            && ds->draw_copy->width >= c->width && ds->draw_copy->height >= c->height;
}

unsigned int supersample_scale(const struct wined3d_texture *texture)
{
    return texture && texture->draw_copy ? texture->draw_copy->scale : 1;
}

void supersample_rendered(struct wined3d_texture *texture)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;
    struct wined3d_sub_resource *s = &texture->sub_resources[0];
    int was_newest = copy->newest;

    copy->current = copy->newest = 1;
    copy->hi_current = !copy->ms;
    s->sysmem_valid = 0;
    s->gpu_valid = 1;
    s->alpha_floor = 0;
    texture_contents_changed(texture);
    /* Stages that sample it take the resolved picture at their next draw. */
    if (!was_newest)
        texture_invalidate_bindings(texture);
}

int supersample_newest(const struct wined3d_texture *texture)
{
    return texture && texture->draw_copy && texture->draw_copy->newest;
}

void supersample_texture_changed(struct wined3d_texture *texture)
{
    struct wined3d_device *device = texture->device;

    if (!texture->draw_copy || (!texture->draw_copy->current && !texture->draw_copy->newest)) return;
    texture->draw_copy->current = texture->draw_copy->newest = 0;
    /* The next draw into it scales it up again (context.c). */
    if (texture == device->render_target || texture == device->depth_stencil)
        device_invalidate_state(device, STATE_FRAMEBUFFER);
}

int supersample_present_source(struct wined3d_texture *texture, struct wined3d_context *context, GLuint *name,
        uint32_t *width, uint32_t *height)
{
    struct wined3d_draw_copy *copy = texture->draw_copy;

    if (!copy || !copy->newest || !copy->hi)
        return 0;
    resolve_hi(texture, context);
    *name = copy->hi;
    *width = copy->width;
    *height = copy->height;
    return 1;
}

/* Rectangle (x0, y0)-(x1, y1) of the bound draw framebuffer (a draw copy),
 * resolved into the same place of a texture of its size, in the middle of
 * a draw (the shader blend's destination copy, draw.c): the bindings and
 * scissor test are put back as the draw has them. */
void supersample_copy_to_texture(struct wined3d_context *context, GLuint texture, GLint x0, GLint y0,
        GLint x1, GLint y1, int scissor)
{
    if (!context->ss_fbo[0])
        GL_CALL(context, glGenFramebuffers(2, context->ss_fbo));
    gl_bind_read_fbo(context, context->fbo);
    gl_bind_draw_fbo(context, context->ss_fbo[1]);
    GL_CALL(context, glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, 0, 0));
    GL_CALL(context, glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0));
    GL_CALL(context, glDrawBuffer(GL_COLOR_ATTACHMENT0));
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    GL_CALL(context, glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, scissor);
    gl_bind_draw_fbo(context, context->fbo);
}

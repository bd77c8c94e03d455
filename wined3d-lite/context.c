/*
 * GL contexts: one per swapchain, each with its own dirty list.
 *
 * The list holds group representatives; the bitmap says whether a group is
 * already listed, so a group is appended once however many of its states
 * change, and applied once by the next draw (seed 004's proposal, with the
 * "changed per context" array as a bitmap).
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(context);

static int dirty_test(const struct wined3d_context *context, unsigned int group)
{
    return (context->dirty_map[group >> 5] >> (group & 31)) & 1;
}

void context_mark_dirty(struct wined3d_context *context, unsigned int state_id)
{
    unsigned int group = wined3d_state_table[state_id].representative;

    if (dirty_test(context, group))
        return;
    context->dirty_map[group >> 5] |= 1u << (group & 31);
    context->dirty_list[context->dirty_count++] = group;
}

int context_is_dirty(const struct wined3d_context *context, unsigned int state_id)
{
    return dirty_test(context, wined3d_state_table[state_id].representative);
}

void context_mark_all_dirty(struct wined3d_context *context)
{
    unsigned int i;
    for (i = 0; i < STATE_COUNT; ++i)
        if (wined3d_state_table[i].apply)
            context_mark_dirty(context, i);
}

void context_apply_state(struct wined3d_context *context, const struct wined3d_state *state)
{
    struct wined3d_device *device = context->device;
    unsigned int i, group;

    for (i = 0; i < context->dirty_count; ++i)
    {
        group = context->dirty_list[i];
        context->dirty_map[group >> 5] &= ~(1u << (group & 31));
        TRACE("Applying %s.\n", wined3d_debug_state(group));
        wined3d_state_table[group].apply(context, state, group);
        ++device->frame.groups_applied;
    }
    context->dirty_count = 0;
}

/* ---------------------------------------------------------------------- */
/* Framebuffer: the selected render target and depth stencil, attached to  */
/* this context's FBO (FBOs are not shared between contexts).              */

static int fbo_attach(struct wined3d_context *context, GLenum attachment, struct wined3d_texture *texture,
        unsigned int sub, GLuint *cur_name, GLenum *cur_target, GLint *cur_level)
{
    GLuint name = 0;
    GLenum target = GL_TEXTURE_2D;
    GLint level = 0;

    if (texture)
    {
        texture_load(texture, context);
        name = texture->name;
        target = texture_gl_target_face(texture, sub);
        level = sub % texture->level_count;
    }
    if (!gl_should_send(context, context->fbo_attached_valid,
            *cur_name == name && *cur_target == target && *cur_level == level))
        return 0;
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, attachment, target, name, level);
    *cur_name = name; *cur_target = target; *cur_level = level;
    return 1;
}

void context_apply_framebuffer(struct wined3d_context *context, const struct wined3d_state *state)
{
    struct wined3d_device *device = context->device;
    struct wined3d_texture *ds = device->depth_stencil;

    int changed;

    gl_bind_draw_fbo(context, context->fbo);
    changed = fbo_attach(context, GL_COLOR_ATTACHMENT0, device->render_target, device->render_target_sub,
            &context->fbo_color, &context->fbo_color_target, &context->fbo_color_level);
    /* A depth-stencil texture on both attachments is GL's DEPTH_STENCIL. */
    changed |= fbo_attach(context, GL_DEPTH_ATTACHMENT, ds, device->depth_stencil_sub,
            &context->fbo_depth, &context->fbo_depth_target, &context->fbo_depth_level);
    changed |= fbo_attach(context, GL_STENCIL_ATTACHMENT, ds && ds->format->stencil_bits ? ds : NULL,
            device->depth_stencil_sub, &context->fbo_stencil, &context->fbo_stencil_target, &context->fbo_stencil_level);
    if (changed)
    {
        GLenum status = GL_CALLV(context, glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER));
        if (status != GL_FRAMEBUFFER_COMPLETE)
            ERR("Framebuffer incomplete (%#x): render target %s, depth stencil %s.\n", status,
                    device->render_target ? device->render_target->format->name : "none",
                    ds ? ds->format->name : "none");
    }
    context->fbo_attached_valid = 1;

    /* The framebuffer group is applied now; take it off the list. */
    if (dirty_test(context, STATE_FRAMEBUFFER))
    {
        unsigned int i;
        context->dirty_map[STATE_FRAMEBUFFER >> 5] &= ~(1u << (STATE_FRAMEBUFFER & 31));
        for (i = 0; i < context->dirty_count; ++i)
            if (context->dirty_list[i] == STATE_FRAMEBUFFER)
            {
                context->dirty_list[i] = context->dirty_list[--context->dirty_count];
                break;
            }
    }
}

/* ---------------------------------------------------------------------- */

DX7GL_DECLARE_DEBUG_CHANNEL(gl);

/* GL's own messages (WINED3D_DEVICE_DEBUG_CONTEXT) on the "gl" channel. */
static void GLAPIENTRY gl_debug_message(GLenum source, GLenum type, GLuint id, GLenum severity,
        GLsizei length, const GLchar *message, const void *user)
{
    if (type == GL_DEBUG_TYPE_ERROR)
        DX7GL_DPRINTF(DX7GL_DBCL_ERR, &dx7gl_dbch_gl, "GL error %#x: %s\n", id, message);
    else
        DX7GL_DPRINTF(DX7GL_DBCL_TRACE, &dx7gl_dbch_gl, "GL %#x/%#x: %s\n", type, id, message);
}

static void context_init_gl(struct wined3d_context *context)
{
    struct wined3d_device *device = context->device;
    unsigned int i;

    GL_CALL(context, glGenVertexArrays(1, &context->vao));
    GL_CALL(context, glGenVertexArrays(1, &context->present_vao));
    GL_CALL(context, glGenSamplers(2, context->present_samplers));
    GL_CALL(context, glSamplerParameteri(context->present_samplers[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    GL_CALL(context, glSamplerParameteri(context->present_samplers[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST));
    GL_CALL(context, glSamplerParameteri(context->present_samplers[1], GL_TEXTURE_MIN_FILTER, GL_LINEAR));
    GL_CALL(context, glSamplerParameteri(context->present_samplers[1], GL_TEXTURE_MAG_FILTER, GL_LINEAR));
    for (i = 0; i < 2; ++i)
    {
        GL_CALL(context, glSamplerParameteri(context->present_samplers[i], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
        GL_CALL(context, glSamplerParameteri(context->present_samplers[i], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
    }
    GL_CALL(context, glGenFramebuffers(1, &context->fbo));
    GL_CALL(context, glGenFramebuffers(2, context->blit_fbo));
    GL_CALL(context, glGenSamplers(WINED3D_MAX_TEXTURES, context->samplers));
    GL_CALL(context, glGenBuffers(1, &context->ubo));
    /* Direct3D's flat shading takes the first vertex's colour. */
    GL_CALL(context, glProvokingVertex(GL_FIRST_VERTEX_CONVENTION));
    /* Direct3D's clip space z is 0..w. */
    if (device->caps.clip_control)
        GL_CALL(context, glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE));
    gl_bind_vao(context, context->vao);
    if ((device->flags & WINED3D_DEVICE_DEBUG_CONTEXT) && glDebugMessageCallback)
    {
        GL_CALL(context, glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS));
        GL_CALL(context, glDebugMessageCallback(gl_debug_message, context));
    }
}

struct wined3d_context *context_create(struct wined3d_device *device, struct wined3d_swapchain *swapchain,
        const struct wined3d_swapchain_desc *desc)
{
    struct wined3d_context *context;
    struct wined3d_wsi_context *share = device->context_count ? device->contexts[0]->wsi : NULL;

    if (device->context_count >= WINED3D_MAX_SWAPCHAINS)
        return NULL;
    if (!(context = calloc(1, sizeof(*context))))
        return NULL;
    context->device = device;
    context->swapchain = swapchain;
    if (!(context->wsi = wsi_create_context(device, desc, share)))
    {
        free(context);
        return NULL;
    }
    if (!wsi_make_current(context->wsi))
    {
        wsi_destroy_context(context->wsi);
        free(context);
        return NULL;
    }
    device->current = context;
    if (!device->gl_ready)
    {
        GLenum err;
        glewExperimental = GL_TRUE;
        /* GLEW answers "no GLX display" after loading every GL function
         * when the context is EGL's; only earlier errors matter. */
        err = glewInit();
        if (err != GLEW_OK && !glGenVertexArrays)
        {
            ERR("glewInit failed: %s.\n", (const char *)glewGetErrorString(err));
            wsi_destroy_context(context->wsi);
            free(context);
            return NULL;
        }
        device->gl_ready = 1;
        device->caps.clip_control = GLEW_ARB_clip_control || GLEW_VERSION_4_5;
        device->caps.s3tc_native = !!GLEW_EXT_texture_compression_s3tc;
    }
    gl_cache_invalidate(&context->gl);
    context_init_gl(context);
    device->contexts[device->context_count++] = context;
    context_mark_all_dirty(context);
    context->shader_dirty = context->uniforms_dirty = 1;
    TRACE("Created context %p (%u contexts).\n", context, device->context_count);
    return context;
}

void context_destroy(struct wined3d_context *context)
{
    struct wined3d_device *device = context->device;
    unsigned int i;

    context_acquire(device, context);
    GL_CALL(context, glDeleteVertexArrays(1, &context->vao));
    GL_CALL(context, glDeleteVertexArrays(1, &context->present_vao));
    GL_CALL(context, glDeleteSamplers(2, context->present_samplers));
    GL_CALL(context, glDeleteFramebuffers(1, &context->fbo));
    GL_CALL(context, glDeleteFramebuffers(2, context->blit_fbo));
    GL_CALL(context, glDeleteSamplers(WINED3D_MAX_TEXTURES, context->samplers));
    GL_CALL(context, glDeleteBuffers(1, &context->ubo));
    free(context->ubo_shadow);
    for (i = 0; i < device->context_count; ++i)
        if (device->contexts[i] == context)
        {
            memmove(&device->contexts[i], &device->contexts[i + 1],
                    (device->context_count - i - 1) * sizeof(*device->contexts));
            --device->context_count;
            break;
        }
    wsi_destroy_context(context->wsi);
    if (device->current == context) device->current = NULL;
    if (device->context == context) device->context = device->context_count ? device->contexts[0] : NULL;
    free(context);
}

void context_release(struct wined3d_device *device)
{
    if (!device->current)
        return;
    /* Queued GL work must reach the GPU before another thread's context
     * reads the results (objects are shared). */
    if (wsi_is_current(device->current->wsi))
    {
        GL_CALL(device->current, glFlush());
        wsi_release(device->current->wsi);
    }
    device->current = NULL;
}

struct wined3d_context *context_acquire(struct wined3d_device *device, struct wined3d_context *context)
{
    /* Another thread may have drawn last: ask the window system too. */
    if (device->current != context || !wsi_is_current(context->wsi))
    {
        if (!wsi_make_current(context->wsi))
            ERR("Failed to make context %p current.\n", context);
        device->current = context;
    }
    return context;
}

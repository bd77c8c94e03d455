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

int context_is_dirty(const struct wined3d_context *context, unsigned int state_id)
{
    return context_group_dirty(context, wined3d_state_table[state_id].representative);
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

/* The texture, or its draw copy (copies: supersample.c), prepared before
 * the framebuffer is bound: both may blit through framebuffers of their own. */
static void fbo_prepare(struct wined3d_context *context, struct wined3d_texture *texture, int copies)
{
    if (!texture) return;
    if (copies) supersample_prepare_target(texture, context);
    else texture_load(texture, context);
}

static int fbo_attach(struct wined3d_context *context, GLenum attachment, struct wined3d_texture *texture,
        unsigned int sub, int copies, GLuint *cur_name, GLenum *cur_target, GLint *cur_level)
{
    GLuint name = 0;
    GLenum target = GL_TEXTURE_2D;
    GLint level = 0;
    int renderbuffer = 0;

    if (texture && copies)
    {
        name = supersample_attachment(texture, context, &renderbuffer);
        target = renderbuffer ? GL_RENDERBUFFER : GL_TEXTURE_2D;
    }
    else if (texture)
    {
        name = texture->name;
        target = texture_gl_target_face(texture, sub);
        level = sub % texture->level_count;
    }
    if (!gl_should_send(context, context->fbo_attached_valid,
            *cur_name == name && *cur_target == target && *cur_level == level))
        return 0;
    if (renderbuffer)
        glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, attachment, GL_RENDERBUFFER, name);
    else
        glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, attachment, target, name, level);
    *cur_name = name; *cur_target = target; *cur_level = level;
    return 1;
}

void context_apply_framebuffer(struct wined3d_context *context, const struct wined3d_state *state)
{
    struct wined3d_device *device = context->device;
    struct wined3d_texture *ds = device->depth_stencil;
    int changed, copies = supersample_matches(device->render_target, ds);
    unsigned int scale = copies ? supersample_scale(device->render_target) : 1;

    fbo_prepare(context, device->render_target, copies);
    fbo_prepare(context, ds, copies);
    gl_bind_draw_fbo(context, context->fbo);
    changed = fbo_attach(context, GL_COLOR_ATTACHMENT0, device->render_target, device->render_target_sub, copies,
            &context->fbo_color, &context->fbo_color_target, &context->fbo_color_level);
    /* A depth-stencil texture on both attachments is GL's DEPTH_STENCIL. */
    changed |= fbo_attach(context, GL_DEPTH_ATTACHMENT, ds, device->depth_stencil_sub, copies,
            &context->fbo_depth, &context->fbo_depth_target, &context->fbo_depth_level);
    changed |= fbo_attach(context, GL_STENCIL_ATTACHMENT, ds && ds->format->stencil_bits ? ds : NULL,
            device->depth_stencil_sub, copies, &context->fbo_stencil, &context->fbo_stencil_target,
            &context->fbo_stencil_level);
    context->fb_copies = copies;
    /* Drawn at another scale: the viewport and scissor rectangles scale
     * with it (state.c), and so does a point's one pixel. */
    if (context->fb_scale != scale)
    {
        context->fb_scale = scale;
        context_mark_dirty(context, STATE_VIEWPORT);
        context_mark_dirty(context, STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE));
        GL_CALL(context, glPointSize((GLfloat)scale));
    }
    /* The depth bias is in units of the depth buffer's LSB. */
    if (context->fb_depth_bits != (ds ? ds->format->depth_bits : 0))
    {
        context->fb_depth_bits = ds ? ds->format->depth_bits : 0;
        context_mark_dirty(context, STATE_RENDER(WINED3D_RS_ZBIAS));
    }
    /* An X8 target's alpha byte is stored but not D3D's (see utils.c): the
     * blend factors that read it are replaced while one is bound. */
    if (context->fb_alpha_one != (device->render_target && !device->render_target->format->alpha_mask))
    {
        context->fb_alpha_one = !context->fb_alpha_one;
        context_mark_dirty(context, STATE_RENDER(WINED3D_RS_ALPHABLENDENABLE));
    }
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
    if (context_group_dirty(context, STATE_FRAMEBUFFER))
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

/* Draw a depth-only quad at z = 0 with an offset of 1024 units into a 1x1
 * depth buffer of the given size and see where it lands. */
float context_depth_bias_lsb(struct wined3d_context *context, unsigned int bits)
{
    static const GLfloat full[4] = {-1.0f, -1.0f, 1.0f, 1.0f}, none[4] = {0.0f, 0.0f, 1.0f, 1.0f};
    static const unsigned int touched[] =
    {
        STATE_FRAMEBUFFER, STATE_VIEWPORT, STATE_RENDER(WINED3D_RS_ZENABLE), STATE_RENDER(WINED3D_RS_ZBIAS),
        STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE), STATE_RENDER(WINED3D_RS_CULLMODE),
        STATE_RENDER(WINED3D_RS_STENCILENABLE), STATE_RENDER(WINED3D_RS_FILLMODE),
        STATE_RENDER(WINED3D_RS_DEPTHCLAMP), STATE_RENDER(WINED3D_RS_CLIPPLANEENABLE),
    };
    unsigned int idx = bits <= 16 ? 0 : bits <= 24 ? 1 : 2, i;
    GLenum internal = idx == 0 ? GL_DEPTH_COMPONENT16 : idx == 1 ? GL_DEPTH_COMPONENT24 : GL_DEPTH_COMPONENT32;
    GLuint texture, fbo, program, value = 0;
    double lsb;

    if (context->depth_bias_lsb[idx] > 0.0f)
        return context->depth_bias_lsb[idx];
    if (!(program = shader_get_blit_program(context, BLIT_PROGRAM_PRESENT)))
        return context->depth_bias_lsb[idx] = 1.0f;

    GL_CALL(context, glGenTextures(1, &texture));
    gl_bind_texture(context, GL_SCRATCH_UNIT, GL_TEXTURE_2D, texture);
    GL_CALL(context, glTexImage2D(GL_TEXTURE_2D, 0, internal, 1, 1, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, NULL));
    GL_CALL(context, glGenFramebuffers(1, &fbo));
    gl_bind_draw_fbo(context, fbo);
    GL_CALL(context, glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, texture, 0));
    GL_CALL(context, glDrawBuffer(GL_NONE));

    gl_viewport(context, 0, 0, 1, 1);
    gl_depth_range(context, 0.0, 1.0);
    gl_set_cap(context, GL_CAP_DEPTH_TEST, 1);
    gl_depth_func(context, GL_ALWAYS);
    gl_depth_mask(context, GL_TRUE);
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    gl_set_cap(context, GL_CAP_CULL_FACE, 0);
    gl_set_cap(context, GL_CAP_STENCIL_TEST, 0);
    gl_set_cap(context, GL_CAP_DEPTH_CLAMP, 0);
    for (i = 0; i < WINED3D_MAX_CLIP_PLANES; ++i)
        gl_set_cap(context, GL_CAP_CLIP_DISTANCE0 + i, 0);
    gl_polygon_mode(context, GL_FILL);
    gl_set_cap(context, GL_CAP_POLYGON_OFFSET_FILL, 1);
    gl_polygon_offset(context, 0.0f, 1024.0f);
    gl_use_program(context, program);
    shader_set_blit_uniforms(context, BLIT_PROGRAM_PRESENT, full, none);
    gl_bind_vao(context, context->present_vao);
    GL_CALL(context, glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
    gl_bind_vao(context, context->vao);

    gl_pixel_store(context, 1, 4, 0);
    GL_CALL(context, glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &value));
    gl_bind_draw_fbo(context, 0);
    GL_CALL(context, glDeleteFramebuffers(1, &fbo));
    GL_CALL(context, glDeleteTextures(1, &texture));
    gl_cache_forget_texture(context->device, texture);

    /* value is the depth in 32-bit fixed point. */
    lsb = (double)value / 4294967295.0 * (double)((1ull << (idx == 0 ? 16 : idx == 1 ? 24 : 32)) - 1) / 1024.0;
    if (!(lsb > 0.0)) lsb = 1.0;
    TRACE("One polygon offset unit is %.3f LSB of a %u-bit depth buffer.\n", lsb, bits);
    for (i = 0; i < sizeof(touched) / sizeof(*touched); ++i)
        context_mark_dirty(context, touched[i]);
    return context->depth_bias_lsb[idx] = (float)lsb;
}

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
    GL_CALL(context, glGenSamplers(GL_MAX_UNITS, context->unit_samplers));
    memcpy(context->samplers, context->unit_samplers, sizeof(context->samplers));
    GL_CALL(context, glGenBuffers(2, context->ubo));
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
    /* The context being left may have queued work on shared objects (and
     * WGL's set-up of the new one changes what is current). */
    if (device->current && wsi_is_current(device->current->wsi))
        GL_CALL(device->current, glFlush());
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
    device->last_context = context;
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
        glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &device->max_uniform_block);
    }
    gl_cache_invalidate(&context->gl);
    context_init_gl(context);
    context->fb_scale = 1;
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
    if (context->ss_fbo[0])
        GL_CALL(context, glDeleteFramebuffers(2, context->ss_fbo));
    GL_CALL(context, glDeleteSamplers(GL_MAX_UNITS, context->unit_samplers));
    gl_sampler_cache_destroy(context);
    GL_CALL(context, glDeleteBuffers(2, context->ubo));
    if (context->dest_texture)
    {
        gl_cache_forget_texture(context->device, context->dest_texture);
        GL_CALL(context, glDeleteTextures(1, &context->dest_texture));
    }
    free(context->ubo_shadow[0]);
    free(context->ubo_shadow[1]);
    free(context->ubo_vs_inputs);
    free(context->ubo_vs_next);
    free(context->ubo_fs_next);
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
    if (device->last_context == context) device->last_context = NULL;
    if (device->context == context) device->context = device->context_count ? device->contexts[0] : NULL;
    free(context);
}

void context_release(struct wined3d_device *device)
{
    if (device_draws_pending(device))
        device_flush_draws(device);
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

/* The core makes its contexts current itself, so a draw need not ask the
 * window system (glvnd's eglGetCurrentContext makes a getpid() system call
 * each time, WGL two wglGetCurrent* calls).  A serial rather than the
 * pointer: a freed context's address may come back for a new one, and a
 * changed surface or DC gets a new serial so that every thread binds it
 * again.  Whoever makes a context of their own current on a thread the core
 * draws on must let the core know: the core's multithreaded mode releases
 * its context at the end of every call. */
__thread uint64_t wsi_current;

uint64_t wsi_next_serial(void)
{
    static uint64_t serial;

    return __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED);
}

struct wined3d_context *context_acquire(struct wined3d_device *device, struct wined3d_context *context)
{
    if (device_draws_pending(device))
        device_flush_draws(device);
    return context_acquire_for_draw(device, context);
}

struct wined3d_context *context_acquire_for_draw(struct wined3d_device *device, struct wined3d_context *context)
{
    /* Another thread may have drawn last: the window-system glue remembers
     * what this thread made current, without asking the window system. */
    if (device->current != context || !wsi_is_current(context->wsi))
    {
        struct wined3d_context *old = device->current;
        unsigned int i;

        /* Objects are shared: what the old context queued must be flushed
         * before this one uses them (GL's rules for shared objects). */
        if (old && old != context && wsi_is_current(old->wsi))
            GL_CALL(old, glFlush());
        if (!wsi_make_current(context->wsi))
            ERR("Failed to make context %p current.\n", context);
        if (device->last_context && device->last_context != context)
        {
            /* ...and a context sees another's changes to an object only
             * after binding it again: textures, and buffers behind the VAO. */
            for (i = 0; i < GL_MAX_UNITS; ++i)
                context->gl.valid_texture[i] = 0;
            for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
                context_mark_dirty(context, STATE_SAMPLER(i));
            memset(context->attribs, 0, sizeof(context->attribs));
            context->vao_valid = 0;
            context->gl.valid_array_buffer = context->gl.valid_element_buffer = 0;
        }
        device->current = context;
        device->last_context = context;
    }
    return context;
}

/*
 * Swapchains: a GL context, a back buffer (an offscreen render target) and
 * an optional implicit depth stencil.  Present copies a texture to the
 * window's framebuffer, scaled to fit with the aspect ratio kept, through
 * the gamma ramp.
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(swapchain);

int32_t swapchain_init(struct wined3d_device *device, const struct wined3d_swapchain_desc *desc,
        struct wined3d_context *share, struct wined3d_swapchain **out)
{
    struct wined3d_swapchain *swapchain;
    struct wined3d_texture_desc td;
    unsigned int i;
    int32_t hr;

    if (!(swapchain = calloc(1, sizeof(*swapchain))))
        return WINED3DERR_OUTOFMEMORY;
    swapchain->device = device;
    swapchain->desc = *desc;
    if (!swapchain->desc.backbuffer_format)
        swapchain->desc.backbuffer_format = WINED3DFMT_X8R8G8B8;
    swapchain->window = desc->native_window;
    for (i = 0; i < 256; ++i)
        swapchain->gamma.red[i] = swapchain->gamma.green[i] = swapchain->gamma.blue[i] = i * 257;
    swapchain->gamma_identity = 1;
    swapchain->window_alpha_bits = -1;
    if (!(swapchain->context = context_create(device, swapchain, &swapchain->desc)))
    {
        ERR("Failed to create a GL context.\n");
        free(swapchain);
        return WINED3DERR_NOTAVAILABLE;
    }

    /* The first context: what GL offers for the forced MSAA is known now,
     * before the first render target is made. */
    if (!share)
        supersample_device_init(device);
    memset(&td, 0, sizeof(td));
    td.type = WINED3D_RTYPE_TEXTURE_2D;
    td.format = swapchain->desc.backbuffer_format;
    td.usage = WINED3D_USAGE_RENDERTARGET;
    td.width = desc->backbuffer_width;
    td.height = desc->backbuffer_height;
    td.levels = 1;
    if (!device->caps.max_texture_width)
        device->caps.max_texture_width = device->caps.max_texture_height = 16384;
    if ((hr = wined3d_texture_create(device, &td, &swapchain->back_buffer)) != WINED3D_OK)
    {
        context_destroy(swapchain->context);
        free(swapchain);
        return hr;
    }
    swapchain->back_buffer->swapchain_owned = 1;
    if (desc->depth_stencil_format)
    {
        td.format = desc->depth_stencil_format;
        td.usage = WINED3D_USAGE_DEPTHSTENCIL;
        if ((hr = wined3d_texture_create(device, &td, &swapchain->depth_stencil)) != WINED3D_OK)
        {
            wined3d_texture_destroy(swapchain->back_buffer);
            context_destroy(swapchain->context);
            free(swapchain);
            return hr;
        }
        swapchain->depth_stencil->swapchain_owned = 1;
    }
    swapchain->hud = hud_create();
    swapchain_pace_init(swapchain);
    *out = swapchain;
    return WINED3D_OK;
}

void swapchain_cleanup(struct wined3d_swapchain *swapchain)
{
    struct wined3d_device *device = swapchain->device;
    unsigned int i;

    context_acquire(device, swapchain->context);
    hud_destroy(swapchain->hud, swapchain->context);
    if (swapchain->gamma_texture)
    {
        GL_CALL(swapchain->context, glDeleteTextures(1, &swapchain->gamma_texture));
        gl_cache_forget_texture(device, swapchain->gamma_texture);
    }
    wined3d_texture_destroy(swapchain->back_buffer);
    wined3d_texture_destroy(swapchain->depth_stencil);
    context_destroy(swapchain->context);
    for (i = 0; i < device->swapchain_count; ++i)
        if (device->swapchains[i] == swapchain)
        {
            memmove(&device->swapchains[i], &device->swapchains[i + 1],
                    (device->swapchain_count - i - 1) * sizeof(*device->swapchains));
            --device->swapchain_count;
            break;
        }
    free(swapchain);
}

int32_t wined3d_swapchain_create(struct wined3d_device *device, const struct wined3d_swapchain_desc *desc,
        struct wined3d_swapchain **out)
{
    struct wined3d_swapchain *swapchain;
    int32_t hr;

    if (!device || !desc || !out || !desc->backbuffer_width || !desc->backbuffer_height)
        return WINED3DERR_INVALIDCALL;
    if (device->swapchain_count >= WINED3D_MAX_SWAPCHAINS)
        return WINED3DERR_OUTOFMEMORY;
    if ((hr = swapchain_init(device, desc, device->contexts[0], &swapchain)) != WINED3D_OK)
        return hr;
    device->swapchains[device->swapchain_count++] = swapchain;
    context_release(device);
    *out = swapchain;
    return WINED3D_OK;
}

void wined3d_swapchain_destroy(struct wined3d_swapchain *swapchain)
{
    struct wined3d_device *device;

    if (!swapchain) return;
    device = swapchain->device;
    if (swapchain == device->swapchains[0])
    {
        WARN("The implicit swapchain goes with the device.\n");
        return;
    }
    if (device->context == swapchain->context)
        wined3d_device_set_swapchain(device, device->swapchains[0]);
    swapchain_cleanup(swapchain);
}

struct wined3d_texture *wined3d_swapchain_get_back_buffer(struct wined3d_swapchain *swapchain)
{
    return swapchain ? swapchain->back_buffer : NULL;
}

struct wined3d_texture *wined3d_swapchain_get_depth_stencil(struct wined3d_swapchain *swapchain)
{
    return swapchain ? swapchain->depth_stencil : NULL;
}

int32_t wined3d_swapchain_set_window(struct wined3d_swapchain *swapchain, uintptr_t window)
{
    if (!swapchain) return WINED3DERR_INVALIDCALL;
    /* ddraw names the window at every present: the same window keeps its
     * DC (or EGL surface) and the context bound to it.  Binding it again
     * cost a GetDC, a make-current and a query of the window's alpha bits
     * a frame under Wine, and a new EGL window surface a frame natively. */
    if (window && window == swapchain->window)
        return WINED3D_OK;
    if (!wsi_set_window(swapchain->context->wsi, window))
        return WINED3DERR_NOTAVAILABLE;
    swapchain->window = window;
    swapchain->window_alpha_bits = -1;
    ++swapchain->device->frame.window_binds;
    return WINED3D_OK;
}

int32_t wined3d_swapchain_resize(struct wined3d_swapchain *swapchain, uint32_t width, uint32_t height,
        enum wined3d_format_id format)
{
    struct wined3d_device *device;
    struct wined3d_texture_desc td;
    struct wined3d_texture *bb, *ds = NULL;
    int32_t hr;

    if (!swapchain || !width || !height) return WINED3DERR_INVALIDCALL;
    device = swapchain->device;
    wined3d_texture_get_desc(swapchain->back_buffer, &td);
    td.width = width;
    td.height = height;
    if (format) td.format = format;
    if ((hr = wined3d_texture_create(device, &td, &bb)) != WINED3D_OK)
        return hr;
    if (swapchain->depth_stencil)
    {
        wined3d_texture_get_desc(swapchain->depth_stencil, &td);
        td.width = width;
        td.height = height;
        if ((hr = wined3d_texture_create(device, &td, &ds)) != WINED3D_OK)
        {
            wined3d_texture_destroy(bb);
            return hr;
        }
        ds->swapchain_owned = 1;
    }
    bb->swapchain_owned = 1;
    wined3d_texture_destroy(swapchain->back_buffer);
    wined3d_texture_destroy(swapchain->depth_stencil);
    swapchain->back_buffer = bb;
    swapchain->depth_stencil = ds;
    swapchain->desc.backbuffer_width = width;
    swapchain->desc.backbuffer_height = height;
    swapchain->desc.backbuffer_format = bb->desc.format;
    if (device->context == swapchain->context)
        wined3d_device_set_swapchain(device, swapchain);
    return WINED3D_OK;
}

int32_t wined3d_swapchain_set_gamma_ramp(struct wined3d_swapchain *swapchain, const struct wined3d_gamma_ramp *ramp)
{
    unsigned int i;

    if (!swapchain || !ramp) return WINED3DERR_INVALIDCALL;
    swapchain->gamma = *ramp;
    swapchain->gamma_identity = 1;
    for (i = 0; i < 256; ++i)
        if (ramp->red[i] != i * 257 || ramp->green[i] != i * 257 || ramp->blue[i] != i * 257)
            swapchain->gamma_identity = 0;
    /* Uploaded at the next present. */
    if (swapchain->gamma_texture)
    {
        struct wined3d_context *context = context_acquire(swapchain->device, swapchain->context);
        GL_CALL(context, glDeleteTextures(1, &swapchain->gamma_texture));
        gl_cache_forget_texture(swapchain->device, swapchain->gamma_texture);
        swapchain->gamma_texture = 0;
        device_end_call(swapchain->device);
    }
    return WINED3D_OK;
}

int32_t wined3d_swapchain_get_gamma_ramp(const struct wined3d_swapchain *swapchain, struct wined3d_gamma_ramp *ramp)
{
    if (!swapchain || !ramp) return WINED3DERR_INVALIDCALL;
    *ramp = swapchain->gamma;
    return WINED3D_OK;
}

/* The groups whose GL state a present or blit program changes. */
static void invalidate_after_present(struct wined3d_context *context)
{
    static const unsigned int states[] =
    {
        STATE_RENDER(WINED3D_RS_ALPHABLENDENABLE), STATE_RENDER(WINED3D_RS_ZENABLE), STATE_RENDER(WINED3D_RS_CULLMODE),
        STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE), STATE_RENDER(WINED3D_RS_COLORWRITEENABLE),
        STATE_RENDER(WINED3D_RS_STENCILENABLE), STATE_RENDER(WINED3D_RS_FILLMODE), STATE_RENDER(WINED3D_RS_ZBIAS),
        STATE_RENDER(WINED3D_RS_DEPTHCLAMP), STATE_RENDER(WINED3D_RS_CLIPPLANEENABLE), STATE_VIEWPORT,
        STATE_FRAMEBUFFER, STATE_SAMPLER(GL_SCRATCH_UNIT - 1),
    };
    unsigned int i;

    for (i = 0; i < sizeof(states) / sizeof(*states); ++i)
        context_mark_dirty(context, states[i]);
    context->gl.valid_program = 0;
    context->program = NULL;
    context->shader_dirty = 1;
}

/* Where the picture goes in a window of ww x wh: scaled to fit, aspect kept. */
static void fit_rect(uint32_t sw, uint32_t sh, uint32_t ww, uint32_t wh, int stretch, GLint out[4])
{
    if (stretch || !sw || !sh)
    {
        out[0] = 0; out[1] = 0; out[2] = ww; out[3] = wh;
        return;
    }
    if ((uint64_t)ww * sh > (uint64_t)wh * sw)
    {
        out[3] = wh;
        out[2] = (GLint)((uint64_t)wh * sw / sh);
    }
    else
    {
        out[2] = ww;
        out[3] = (GLint)((uint64_t)ww * sh / sw);
    }
    out[0] = (ww - out[2]) / 2;
    out[1] = (wh - out[3]) / 2;
}

/* What a present shows: a sub-resource of a texture, or (texture NULL) the
 * scaled picture of a render target's draw copy. */
struct present_source
{
    struct wined3d_texture *texture;
    unsigned int sub;
    GLuint name;
    GLenum target;
    uint32_t width, height;
};

/* Pixel for pixel without a ramp, a framebuffer blit: Mesa makes it a copy
 * where the formats agree (llvmpipe: no shading pass for the whole window).
 * It carries the source's alpha byte, so only where the destination keeps
 * no alpha (the draw writes 1). */
static int present_blit(struct wined3d_swapchain *swapchain, struct wined3d_context *context,
        const struct present_source *src, const struct wined3d_rect *r,
        const GLint box[4], uint32_t wh, int flip, int dst_alpha)
{
    GLint y0 = flip ? (GLint)wh - box[1] : box[1], y1 = flip ? y0 - box[3] : y0 + box[3];

    if (!swapchain->gamma_identity || dst_alpha || box[2] != r->right - r->left || box[3] != r->bottom - r->top)
        return 0;
    if (src->texture)
        blit_attach(context, 0, src->texture, src->sub);
    else
    {
        /* A draw copy's scaled picture (supersample.c). */
        gl_bind_read_fbo(context, context->blit_fbo[0]);
        GL_CALL(context, glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, src->name, 0));
        context->blit_attach[0].valid = 0;
    }
    GL_CALL(context, glBlitFramebuffer(r->left, r->top, r->right, r->bottom, box[0], y0, box[0] + box[2], y1,
            GL_COLOR_BUFFER_BIT, GL_NEAREST));
    return 1;
}

/* Draw src into fbo (w x h): scaled to fit, aspect kept, through the gamma
 * ramp.  flip: the destination is bottom-up (a window).  dst_alpha: the
 * destination keeps an alpha channel. */
static int32_t present_draw(struct wined3d_swapchain *swapchain, struct wined3d_context *context,
        struct wined3d_texture *texture, unsigned int sub, const struct wined3d_rect *rect,
        uint32_t flags, GLuint fbo, uint32_t ww, uint32_t wh, int flip, int dst_alpha)
{
    static const GLfloat black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    int kind = swapchain->gamma_identity ? BLIT_PROGRAM_PRESENT : BLIT_PROGRAM_PRESENT_GAMMA, point;
    struct present_source source = {texture, sub, texture->name, texture->target,
            texture->sub_resources[sub].width, texture->sub_resources[sub].height}, *src = &source;
    const struct present_source *s = &source;
    struct wined3d_rect scaled = *rect;
    const struct wined3d_rect *r = rect;
    GLuint program;
    GLint box[4];

    /* A render target drawn at a larger scale shows that picture, fitted
     * to the window like any other. */
    if (!sub && supersample_present_source(texture, context, &source.name, &source.width, &source.height))
    {
        unsigned int k = source.width / texture->sub_resources[0].width;
        scaled.left *= k; scaled.top *= k; scaled.right *= k; scaled.bottom *= k;
        r = &scaled;
        source.texture = NULL;
        source.target = GL_TEXTURE_2D;
    }
    else
    {
        texture_load(texture, context);
        source.name = texture->name;
    }
    if (!(program = shader_get_blit_program(context, kind)))
        return WINED3DERR_GENERIC;
    gl_bind_draw_fbo(context, fbo);
    gl_set_cap(context, GL_CAP_BLEND, 0);
    gl_set_cap(context, GL_CAP_DEPTH_TEST, 0);
    gl_set_cap(context, GL_CAP_CULL_FACE, 0);
    gl_set_cap(context, GL_CAP_STENCIL_TEST, 0);
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    gl_set_cap(context, GL_CAP_POLYGON_OFFSET_FILL, 0);
    gl_polygon_mode(context, GL_FILL);
    gl_color_mask(context, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    fit_rect(r->right - r->left, r->bottom - r->top, ww, wh, flags & WINED3D_PRESENT_STRETCH_FILL, box);
    /* Black bars where the picture does not reach; a picture covering the
     * whole window (every windowed present) needs no clear. */
    if (box[2] != (GLint)ww || box[3] != (GLint)wh)
    {
        gl_viewport(context, 0, 0, ww, wh);
        gl_clear_color(context, black);
        GL_CALL(context, glClear(GL_COLOR_BUFFER_BIT));
    }
    if (present_blit(swapchain, context, src, r, box, wh, flip, dst_alpha))
    {
        invalidate_after_present(context);
        return WINED3D_OK;
    }
    /* box is in top-down rows; a bottom-up window wants it mirrored. */
    gl_viewport(context, box[0], flip ? (GLint)wh - box[1] - box[3] : box[1], box[2], box[3]);

    if (!swapchain->gamma_identity && !swapchain->gamma_texture)
    {
        uint16_t texels[256 * 3];
        unsigned int i;
        for (i = 0; i < 256; ++i)
        {
            texels[i * 3] = swapchain->gamma.red[i];
            texels[i * 3 + 1] = swapchain->gamma.green[i];
            texels[i * 3 + 2] = swapchain->gamma.blue[i];
        }
        GL_CALL(context, glGenTextures(1, &swapchain->gamma_texture));
        gl_bind_texture(context, GL_SCRATCH_UNIT - 1, GL_TEXTURE_2D, swapchain->gamma_texture);
        gl_pixel_store(context, 0, 2, 0);
        GL_CALL(context, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16, 256, 1, 0, GL_RGB, GL_UNSIGNED_SHORT, texels));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
        GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0));
    }
    gl_use_program(context, program);
    {
        GLfloat dst[4] = {-1.0f, -1.0f, 1.0f, 1.0f}, src_uv[4];

        /* The rectangle's corners run bottom-up in NDC: the source's bottom
         * row goes there in a bottom-up window, its top row in a top-down
         * texture. */
        src_uv[0] = (float)r->left / s->width;
        src_uv[1] = (float)(flip ? r->bottom : r->top) / s->height;
        src_uv[2] = (float)r->right / s->width;
        src_uv[3] = (float)(flip ? r->top : r->bottom) / s->height;
        shader_set_blit_uniforms(context, kind, dst, src_uv);
    }
    if (!swapchain->gamma_identity)
    {
        gl_bind_texture(context, GL_SCRATCH_UNIT - 1, GL_TEXTURE_2D, swapchain->gamma_texture);
        gl_bind_sampler(context, GL_SCRATCH_UNIT - 1, context->present_samplers[0]);
    }
    gl_bind_texture(context, GL_SCRATCH_UNIT, s->target, s->name);
    /* Pixel for pixel, nearest sampling gives the same picture for less. */
    point = (flags & WINED3D_PRESENT_POINT)
            || (box[2] == r->right - r->left && box[3] == r->bottom - r->top);
    gl_bind_sampler(context, GL_SCRATCH_UNIT, context->present_samplers[point ? 0 : 1]);
    /* No attributes: the rectangle comes from gl_VertexID. */
    gl_bind_vao(context, context->present_vao);
    GL_CALL(context, glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
    gl_bind_vao(context, context->vao);
    invalidate_after_present(context);
    return WINED3D_OK;
}

static int32_t present_check(struct wined3d_swapchain *swapchain, struct wined3d_texture **src,
        unsigned int *src_sub, const struct wined3d_rect *src_rect, struct wined3d_rect *r)
{
    struct wined3d_sub_resource *s;

    if (!*src) { *src = swapchain->back_buffer; *src_sub = 0; }
    if ((*src)->device != swapchain->device || *src_sub >= wined3d_texture_get_sub_resource_count(*src)
            || (*src)->format->depth)
        return WINED3DERR_INVALIDCALL;
    s = &(*src)->sub_resources[*src_sub];
    if (src_rect) *r = *src_rect; else { r->left = r->top = 0; r->right = s->width; r->bottom = s->height; }
    if (r->left < 0 || r->top < 0 || r->right > (int32_t)s->width || r->bottom > (int32_t)s->height
            || r->left >= r->right || r->top >= r->bottom)
        return WINED3DERR_INVALIDCALL;
    return WINED3D_OK;
}

int32_t wined3d_swapchain_present(struct wined3d_swapchain *swapchain, struct wined3d_texture *src,
        unsigned int src_sub, const struct wined3d_rect *src_rect, uint32_t flags)
{
    struct wined3d_device *device;
    struct wined3d_context *context;
    struct wined3d_rect r;
    uint32_t ww = 0, wh = 0;
    int32_t hr;

    if (!swapchain) return WINED3DERR_INVALIDCALL;
    device = swapchain->device;
    if ((hr = present_check(swapchain, &src, &src_sub, src_rect, &r)) != WINED3D_OK)
        return hr;
    context = context_acquire(device, swapchain->context);
    wsi_get_window_size(context->wsi, &ww, &wh);
    if (ww && wh)
    {
        if (swapchain->window_alpha_bits < 0)
        {
            GLint bits = 8;   /* if GL cannot say: as if it kept alpha */

            gl_bind_draw_fbo(context, 0);
            GL_CALL(context, glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_BACK_LEFT,
                    GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &bits));
            swapchain->window_alpha_bits = bits;
        }
        if ((hr = present_draw(swapchain, context, src, src_sub, &r, flags, 0, ww, wh, 1,
                swapchain->window_alpha_bits > 0)) != WINED3D_OK)
            return hr;
        hud_frame(swapchain->hud);
        hud_draw(swapchain->hud, context, 0, ww, wh, 1);
        swapchain_pace(swapchain);
        wsi_swap_buffers(context->wsi);
    }
    else
    {
        swapchain_pace(swapchain);
    }
    device_end_frame(device, context);
    ++device->frame.frames;
    wined3d_device_reset_frame_counters(device);
    /* A frame ends here: the next one may be drawn by another thread. */
    context_release(device);
    return WINED3D_OK;
}

/* The present's picture drawn into a render target instead of the window
 * (tests, and screenshots of what the window shows). */
int32_t swapchain_present_to_texture(struct wined3d_swapchain *swapchain, struct wined3d_texture *src,
        unsigned int src_sub, const struct wined3d_rect *src_rect, uint32_t flags, struct wined3d_texture *dst)
{
    struct wined3d_context *context;
    struct wined3d_rect r;
    int32_t hr;

    if (!swapchain || !dst || !(dst->desc.usage & WINED3D_USAGE_RENDERTARGET))
        return WINED3DERR_INVALIDCALL;
    if ((hr = present_check(swapchain, &src, &src_sub, src_rect, &r)) != WINED3D_OK)
        return hr;
    context = context_acquire(swapchain->device, swapchain->context);
    texture_load(dst, context);
    blit_attach(context, 1, dst, 0);
    hr = present_draw(swapchain, context, src, src_sub, &r, flags, context->blit_fbo[1],
            dst->sub_resources[0].width, dst->sub_resources[0].height, 0, dst->format->alpha_mask != 0);
    if (hr == WINED3D_OK)
        hud_draw(swapchain->hud, context, context->blit_fbo[1], dst->sub_resources[0].width,
                dst->sub_resources[0].height, 0);
    texture_invalidate_sysmem(dst, 0);
    return hr;
}

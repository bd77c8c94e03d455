/*
 * Blits between sub-resources.  Where GL gives the same pixels (one plain
 * colour format, no colour key, neither side in system memory, one side
 * already in GL) a blit is a glBlitFramebuffer and a colour fill a scissored
 * clear, so render targets, the primary and THRASH's front buffer stay in GL.
 * Everything else runs on the CPU copies: bit-exact for every format, with
 * stretching (point or linear), mirroring, source and destination colour
 * keys and colour/depth fills; a destination only GL holds then has just
 * the rectangle read back and written again.
 */
#include "config.h"

#include <math.h>
#ifdef __SSE2__
# include <emmintrin.h>
#endif

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(blit);

static uint32_t read_pixel(const struct wined3d_format_info *f, enum wined3d_format_id id,
        const uint8_t *row, unsigned int x)
{
    const uint8_t *p;
    if (id == WINED3DFMT_P4) return (x & 1) ? row[x / 2] >> 4 : row[x / 2] & 0xf;
    p = row + x * f->block_bytes;
    switch (f->block_bytes)
    {
        case 1: return p[0];
        case 2: return p[0] | p[1] << 8;
        case 3: return p[0] | p[1] << 8 | p[2] << 16;
        default: return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
    }
}

static void write_pixel(const struct wined3d_format_info *f, enum wined3d_format_id id,
        uint8_t *row, unsigned int x, uint32_t v)
{
    uint8_t *p;
    if (id == WINED3DFMT_P4)
    {
        if (x & 1) row[x / 2] = (row[x / 2] & 0x0f) | (v & 0xf) << 4;
        else row[x / 2] = (row[x / 2] & 0xf0) | (v & 0xf);
        return;
    }
    p = row + x * f->block_bytes;
    switch (f->block_bytes)
    {
        case 4: p[3] = v >> 24; /* fall through */
        case 3: p[2] = v >> 16; /* fall through */
        case 2: p[1] = v >> 8;  /* fall through */
        default: p[0] = v;
    }
}

/* The bits a colour key compares: a format's colour and alpha bits, so that
 * the unused byte of X8R8G8B8 (which GL does not keep: a render target or a
 * GL fill reads it back as ones) does not decide a match. */
static uint32_t key_mask(const struct wined3d_format_info *f)
{
    uint32_t mask = f->red_mask | f->green_mask | f->blue_mask | f->alpha_mask;
    return f->palettised || !mask ? 0xffffffffu : mask;
}

static int key_match(uint32_t v, const struct wined3d_color_key *key, uint32_t mask)
{
    return (v & mask) >= (key->low & mask) && (v & mask) <= (key->high & mask);
}

static int rect_valid(const struct wined3d_rect *r, const struct wined3d_sub_resource *s)
{
    return r->left >= 0 && r->top >= 0 && r->right <= (int32_t)s->width && r->bottom <= (int32_t)s->height
            && r->left < r->right && r->top < r->bottom;
}

static uint32_t lerp_argb(uint32_t a, uint32_t b, float t)
{
    uint32_t out = 0;
    unsigned int shift;
    for (shift = 0; shift < 32; shift += 8)
    {
        float ca = (a >> shift) & 0xff, cb = (b >> shift) & 0xff;
        out |= (uint32_t)(ca + (cb - ca) * t + 0.5f) << shift;
    }
    return out;
}

/* ---------------------------------------------------------------------- */
/* GPU path: both copies current in GL, same plain colour format, no keys. */

static int gpu_blit_format(enum wined3d_format_id id)
{
    switch (id)
    {
        case WINED3DFMT_R5G6B5: case WINED3DFMT_X1R5G5B5: case WINED3DFMT_A1R5G5B5: case WINED3DFMT_A4R4G4B4:
        case WINED3DFMT_R8G8B8: case WINED3DFMT_X8R8G8B8: case WINED3DFMT_A8R8G8B8: case WINED3DFMT_A8B8G8R8:
        case WINED3DFMT_X8B8G8R8: case WINED3DFMT_A1B5G5R5:
            return 1;
        default:
            return 0;
    }
}

static unsigned int mask_bits(uint32_t mask)
{
    unsigned int n = 0;

    for (; mask; mask &= mask - 1) ++n;
    return n;
}

/* Whether GL may copy src's texels into dst's format: the same format, or a
 * plain colour format no channel of which is narrower than src's (a 16-bit
 * back buffer shown on a 32-bit primary). GL widens a channel of n bits to
 * v * 255 / (2^n - 1) rounded, as the CPU path does; narrowing is left to
 * the CPU path, whose rounding GL's need not match. */
static int gpu_blit_formats(const struct wined3d_texture *dst, const struct wined3d_texture *src)
{
    const struct wined3d_format_info *d = dst->format, *s = src->format;

    if (!gpu_blit_format(dst->desc.format) || !gpu_blit_format(src->desc.format))
        return 0;
    if (src->desc.format == dst->desc.format)
        return 1;
    return mask_bits(d->red_mask) >= mask_bits(s->red_mask) && mask_bits(d->green_mask) >= mask_bits(s->green_mask)
            && mask_bits(d->blue_mask) >= mask_bits(s->blue_mask)
            && (!d->alpha_mask || !s->alpha_mask || mask_bits(d->alpha_mask) >= mask_bits(s->alpha_mask));
}

/* Attach a sub-resource to the read (i = 0) or draw (i = 1) blit framebuffer,
 * which stays bound. */
void blit_attach(struct wined3d_context *context, unsigned int i, struct wined3d_texture *t, unsigned int sub)
{
    GLenum target = texture_gl_target_face(t, sub), binding = i ? GL_DRAW_FRAMEBUFFER : GL_READ_FRAMEBUFFER;
    GLint level = sub % t->level_count;

    /* Drawn at another size or sample count: the texture first. */
    if (supersample_newest(t))
        supersample_resolve(t, context);
    if (i) gl_bind_draw_fbo(context, context->blit_fbo[1]); else gl_bind_read_fbo(context, context->blit_fbo[0]);
    if (!gl_should_send(context, context->blit_attach[i].valid, context->blit_attach[i].name == t->name
            && context->blit_attach[i].target == target && context->blit_attach[i].level == level))
        return;
    glFramebufferTexture2D(binding, GL_COLOR_ATTACHMENT0, target, t->name, level);
    context->blit_attach[i].name = t->name;
    context->blit_attach[i].target = target;
    context->blit_attach[i].level = level;
    context->blit_attach[i].valid = 1;
}

/* Where a sub-resource's current contents are: in GL, or only on the CPU.
 * A render target never drawn to counts as GL's (it has no CPU copy yet). */
static int sub_on_gpu(const struct wined3d_texture *t, unsigned int sub)
{
    return t->sub_resources[sub].gpu_valid;
}

static int rect_covers(const struct wined3d_rect *r, const struct wined3d_sub_resource *s)
{
    return !r->left && !r->top && r->right == (int32_t)s->width && r->bottom == (int32_t)s->height;
}

/* Make dst's GL copy current before GL writes into r of it.  When r covers
 * the whole sub-resource nothing of the old contents survives, so a stale
 * GL copy needs no upload. */
static void gpu_prepare_dst(struct wined3d_texture *dst, unsigned int sub, const struct wined3d_rect *r,
        struct wined3d_context *context)
{
    struct wined3d_sub_resource *s = &dst->sub_resources[sub];

    if (!s->gpu_valid && rect_covers(r, s))
    {
        s->gpu_valid = 1;
        texture_contents_changed(dst);
    }
    texture_load(dst, context);
}

/* The device's context, if this thread can use it.  A thread other than the
 * one that holds it (a program's second thread, without the device being
 * multithreaded) cannot; the CPU path then does what it can, as before. */
static struct wined3d_context *blit_context(struct wined3d_device *device)
{
    struct wined3d_context *context = device_acquire_context(device);

    if (!wsi_is_current(context->wsi))
    {
        WARN("The GL context is current in another thread; blitting on the CPU.\n");
        return NULL;
    }
    return context;
}

/* After GL wrote dst: the CPU copy is stale, stages sampling it reload. */
static void gpu_written(struct wined3d_texture *dst, unsigned int sub)
{
    texture_invalidate_sysmem(dst, sub);
    texture_invalidate_bindings(dst);
}

/* Blits between GL copies: plain colour formats GL converts as the CPU path
 * would (gpu_blit_formats), no colour key, neither
 * side in system memory, and at least one side already current in GL (two
 * CPU-only copies are cheaper to blit on the CPU than to upload).  A stale
 * side is uploaded first; a destination overwritten whole is not.  Stretches
 * use GL's nearest or linear filter, which sample at the same pixel centres
 * as the CPU path. */
static int try_gpu_blit(struct wined3d_texture *dst, unsigned int dst_sub, const struct wined3d_rect *dr,
        struct wined3d_texture *src, unsigned int src_sub, const struct wined3d_rect *sr, uint32_t flags,
        enum wined3d_texture_filter_type filter)
{
    struct wined3d_context *context;
    GLint dx0 = dr->left, dx1 = dr->right, dy0 = dr->top, dy1 = dr->bottom, t;

    if (flags & ~(WINED3D_BLT_MIRROR_LEFTRIGHT | WINED3D_BLT_MIRROR_UPDOWN | WINED3D_BLT_SRC_CKEY | WINED3D_BLT_DST_CKEY))
        return 0;
    /* A key flag without a key set is no key. */
    if ((flags & WINED3D_BLT_SRC_CKEY) && (src->color_key_flags & WINED3D_CKEY_SRC_BLT)) return 0;
    if ((flags & WINED3D_BLT_DST_CKEY) && (dst->color_key_flags & WINED3D_CKEY_DST_BLT)) return 0;
    if (!gpu_blit_formats(dst, src))
        return 0;
    if ((src->desc.usage | dst->desc.usage) & WINED3D_USAGE_SYSTEMMEM)
        return 0;
    if (!sub_on_gpu(src, src_sub) && !sub_on_gpu(dst, dst_sub))
        return 0;
    if (src == dst && src_sub == dst_sub)
        return 0;   /* overlapping GL blits are undefined */
    if (!(context = blit_context(dst->device)))
        return 0;
    texture_load(src, context);
    gpu_prepare_dst(dst, dst_sub, dr, context);
    blit_attach(context, 0, src, src_sub);
    blit_attach(context, 1, dst, dst_sub);
    /* Blits obey the scissor test; the core's blits do not. */
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    context_mark_dirty(context, STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE));
    context_mark_dirty(context, STATE_FRAMEBUFFER);
    if (flags & WINED3D_BLT_MIRROR_LEFTRIGHT) { t = dx0; dx0 = dx1; dx1 = t; }
    if (flags & WINED3D_BLT_MIRROR_UPDOWN) { t = dy0; dy0 = dy1; dy1 = t; }
    /* Top-down storage on both sides: Direct3D rows are GL rows. */
    GL_CALL(context, glBlitFramebuffer(sr->left, sr->top, sr->right, sr->bottom, dx0, dy0, dx1, dy1,
            GL_COLOR_BUFFER_BIT, filter == WINED3D_TEXF_LINEAR ? GL_LINEAR : GL_NEAREST));
    gpu_written(dst, dst_sub);
    return 1;
}

/* One channel of a fill value in the format's bits as a normalised float;
 * GL's conversion back to the channel's bits is exact. */
static GLfloat fill_channel(uint32_t v, uint32_t mask)
{
    unsigned int shift = 0;

    if (!mask) return 1.0f;
    while (!(mask & (1u << shift))) ++shift;
    return (GLfloat)((v & mask) >> shift) / (GLfloat)(mask >> shift);
}

/* Colour fills of a sub-resource current in GL (or of a render target
 * overwritten whole): a scissored clear of its GL copy, so that a render target is not read back
 * and uploaded again.  The unused bits of X formats go where GL keeps them
 * (X1R5G5B5's alpha bit); where it keeps none they read back as ones. */
static int try_gpu_fill(struct wined3d_texture *dst, unsigned int sub, const struct wined3d_rect *dr, uint32_t v)
{
    const struct wined3d_format_info *f = dst->format;
    struct wined3d_context *context;
    uint32_t alpha_mask;
    GLfloat color[4];

    if (!gpu_blit_format(dst->desc.format) || (dst->desc.usage & WINED3D_USAGE_SYSTEMMEM))
        return 0;
    /* A texture filled whole while only its CPU copy is current stays on the
     * CPU (it is likely being prepared for a Lock); a render target goes to
     * GL, where it is drawn and shown. */
    if (!sub_on_gpu(dst, sub) && !(rect_covers(dr, &dst->sub_resources[sub])
            && (dst->desc.usage & WINED3D_USAGE_RENDERTARGET)))
        return 0;
    alpha_mask = f->alpha_mask;
    if (!alpha_mask && f->bits_per_pixel < 32)
        alpha_mask = ((1u << f->bits_per_pixel) - 1) & ~(f->red_mask | f->green_mask | f->blue_mask);
    else if (!alpha_mask)
        alpha_mask = ~(f->red_mask | f->green_mask | f->blue_mask);
    color[0] = fill_channel(v, f->red_mask);
    color[1] = fill_channel(v, f->green_mask);
    color[2] = fill_channel(v, f->blue_mask);
    color[3] = fill_channel(v, alpha_mask);

    if (!(context = blit_context(dst->device)))
        return 0;
    gpu_prepare_dst(dst, sub, dr, context);
    blit_attach(context, 1, dst, sub);
    gl_color_mask(context, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 1);
    /* Top-down storage: Direct3D rows are GL rows. */
    gl_scissor(context, dr->left, dr->top, dr->right - dr->left, dr->bottom - dr->top);
    context_mark_dirty(context, STATE_RENDER(WINED3D_RS_COLORWRITEENABLE));
    context_mark_dirty(context, STATE_RENDER(WINED3D_RS_SCISSORTESTENABLE));
    context_mark_dirty(context, STATE_FRAMEBUFFER);
    GL_CALL(context, glClearBufferfv(GL_COLOR, 0, color));
    gpu_written(dst, sub);
    return 1;
}

/* Whether a w x h rectangle at x, y meets r. */
static int rects_meet(const struct wined3d_rect *r, unsigned int x, unsigned int y, unsigned int w, unsigned int h)
{
    return (int32_t)x < r->right && (int32_t)(x + w) > r->left && (int32_t)y < r->bottom && (int32_t)(y + h) > r->top;
}

/* Pixel for pixel between rectangles that share no memory: row by row,
 * with no temporary.  The keys compare what the general path compares (the
 * source's own value, the destination's before it is written); different
 * formats convert through ARGB. */
static void blit_rows(const struct wined3d_format_info *sf, enum wined3d_format_id sid, const uint8_t *sbase,
        uint32_t spitch, const struct wined3d_rect *sr, const struct wined3d_format_info *df,
        enum wined3d_format_id did, uint8_t *dbase, uint32_t dpitch, unsigned int dx, unsigned int dy,
        const struct wined3d_color_key *src_key, const struct wined3d_color_key *dst_key, int convert,
        const struct wined3d_palette *palette)
{
    const uint32_t smask = key_mask(sf), dmask = key_mask(df);
    const uint32_t *pal = palette ? palette->entries : NULL;
    unsigned int x, y, w = sr->right - sr->left, h = sr->bottom - sr->top;

    for (y = 0; y < h; ++y)
    {
        const uint8_t *srow = sbase + (size_t)(sr->top + y) * spitch;
        uint8_t *drow = dbase + (size_t)(dy + y) * dpitch;

        if (!convert && !src_key && !dst_key && sid != WINED3DFMT_P4)
        {
            memcpy(drow + (size_t)dx * df->block_bytes, srow + (size_t)sr->left * sf->block_bytes,
                    (size_t)w * sf->block_bytes);
            continue;
        }
        for (x = 0; x < w; ++x)
        {
            uint32_t v = read_pixel(sf, sid, srow, sr->left + x);

            if (src_key && key_match(v, src_key, smask))
                continue;
            if (dst_key && !key_match(read_pixel(df, did, drow, dx + x), dst_key, dmask))
                continue;
            if (convert)
                v = wined3d_color_to_format(did, wined3d_format_to_argb(sid, v, pal));
            write_pixel(df, did, drow, dx + x, v);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* CPU path into a destination only GL holds: the rectangle alone.         */

/* Reads rectangle r of a sub-resource only GL holds into tightly packed
 * rows (a keyed blit onto a render target), or NULL where the whole CPU
 * copy has to be made current instead. */
static int window_usable(const struct wined3d_texture *t, unsigned int sub)
{
    const struct wined3d_sub_resource *s = &t->sub_resources[sub];

    return s->gpu_valid && !s->sysmem_valid && t->gl_allocated && gpu_blit_format(t->desc.format)
            && !(t->desc.usage & WINED3D_USAGE_SYSTEMMEM);
}

/* In the device's kept buffer (a fresh one of a screen's size is page
 * faults at every blit under Wine): valid until the next window_read. */
static uint8_t *window_read(struct wined3d_texture *t, unsigned int sub, const struct wined3d_rect *r)
{
    const struct wined3d_gl_format *glf = t->gl_format;
    struct wined3d_context *context;
    uint8_t *data;

    if (!window_usable(t, sub))
        return NULL;
    if (!(data = device_scratch(t->device, DEVICE_SCRATCH_WINDOW,
            (size_t)(r->right - r->left) * (r->bottom - r->top) * t->format->block_bytes)))
        return NULL;
    if (!(context = blit_context(t->device)))
        return NULL;
    blit_attach(context, 0, t, sub);
    context_mark_dirty(context, STATE_FRAMEBUFFER);
    gl_pixel_store(context, 1, 1, 0);
    /* Top-down storage: Direct3D rows are GL rows. */
    GL_CALL(context, glReadPixels(r->left, r->top, r->right - r->left, r->bottom - r->top, glf->format, glf->type, data));
    return data;
}

/* Writes rows of the rectangle's size, row_length texels apart (0: tightly
 * packed), into the GL copy, which stays the current one. */
static void window_write_rows(struct wined3d_texture *t, unsigned int sub, const struct wined3d_rect *r,
        const uint8_t *data, GLint row_length)
{
    const struct wined3d_gl_format *glf = t->gl_format;
    struct wined3d_context *context = device_acquire_context(t->device);
    uint32_t w = r->right - r->left, h = r->bottom - r->top;

    gl_bind_texture(context, GL_SCRATCH_UNIT, t->target, t->name);
    gl_pixel_store(context, 0, 1, row_length);
    GL_CALL(context, glTexSubImage2D(texture_gl_target_face(t, sub), sub % t->level_count, r->left, r->top, w, h,
            glf->format, glf->type, data));
    ++context->device->frame.texture_uploads;
    context->device->frame.texture_upload_bytes += (uint64_t)w * h * t->format->block_bytes;
    texture_invalidate_sysmem(t, sub);
    texture_invalidate_bindings(t);
}

static void window_write(struct wined3d_texture *t, unsigned int sub, const struct wined3d_rect *r, const uint8_t *data)
{
    window_write_rows(t, sub, r, data, 0);
}

/* ---------------------------------------------------------------------- */
/* R5G6B5 onto a 32-bit surface: widened on the CPU.                       */

/* One R5G6B5 texel as X8R8G8B8 with an opaque alpha byte: each channel
 * widened to v * 255 / (2^n - 1) rounded, which is what GL (llvmpipe)
 * writes when a blit converts it; (v * 527 + 23) >> 6 and (v * 259 + 33)
 * >> 6 are that rounding for 5 and 6 bits, exact for every value. */
static inline uint32_t widen_r5g6b5(uint16_t v)
{
    uint32_t r = v >> 11, g = (v >> 5) & 0x3f, b = v & 0x1f;

    return 0xff000000u | ((r * 527 + 23) >> 6) << 16 | ((g * 259 + 33) >> 6) << 8 | ((b * 527 + 23) >> 6);
}

/* One row of them.  With SSE2 (every x86-64) eight texels a step in 16-bit
 * lanes, the same arithmetic (each product stays below 2^14), so the same
 * pixels; what is left after the last eight goes one by one.  One by one a
 * 640x480 frame took 0.7-0.9 ms under wine64 on the main job's machine, the
 * eight-wide loop about 0.2 ms. */
static void widen_r5g6b5_row(const uint16_t *in, uint32_t *out, uint32_t count)
{
    uint32_t x = 0;

#ifdef __SSE2__
    const __m128i mask5 = _mm_set1_epi16(0x1f), mask6 = _mm_set1_epi16(0x3f), alpha = _mm_set1_epi16((short)0xff00);
    const __m128i k5 = _mm_set1_epi16(527), k6 = _mm_set1_epi16(259), r5 = _mm_set1_epi16(23), r6 = _mm_set1_epi16(33);

    for (; x + 8 <= count; x += 8)
    {
        __m128i v = _mm_loadu_si128((const __m128i *)(in + x));
        __m128i r = _mm_srli_epi16(v, 11), g = _mm_and_si128(_mm_srli_epi16(v, 5), mask6), b = _mm_and_si128(v, mask5);
        __m128i bg, ra;

        r = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(r, k5), r5), 6);
        g = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(g, k6), r6), 6);
        b = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(b, k5), r5), 6);
        /* Bytes B, G in one lane and R, A in the next: interleaved, BGRA. */
        bg = _mm_or_si128(b, _mm_slli_epi16(g, 8));
        ra = _mm_or_si128(r, alpha);
        _mm_storeu_si128((__m128i *)(out + x), _mm_unpacklo_epi16(bg, ra));
        _mm_storeu_si128((__m128i *)(out + x + 4), _mm_unpackhi_epi16(bg, ra));
    }
#endif
    for (; x < count; ++x)
        out[x] = widen_r5g6b5(in[x]);
}

/* The copy a 16-bit mode's front buffer makes onto a 32-bit desktop's
 * primary (THRASH's windowed flip, issue 25).  As a GL blit it is a draw on
 * llvmpipe (another format: no copy), a whole-window shading pass a frame;
 * read back (a plain copy of the source's format), widened here and written
 * into the destination's GL copy it costs a tenth of that.  Same cases as
 * try_gpu_blit (one side in GL, no system memory, no key, no stretch or
 * mirror) and the same end: the destination current in GL only.  The
 * source's CPU copy is current afterwards, so a Lock of it reads nothing. */
static int try_cpu_widen(struct wined3d_texture *dst, unsigned int dst_sub, const struct wined3d_rect *dr,
        struct wined3d_texture *src, unsigned int src_sub, const struct wined3d_rect *sr, uint32_t flags)
{
    struct wined3d_sub_resource *ss = &src->sub_resources[src_sub];
    uint32_t w = dr->right - dr->left, h = dr->bottom - dr->top, y, *rows;
    struct wined3d_context *context;

    /* X8R8G8B8 (the desktop's) only: GL stores it as the BGRA bytes
     * uploaded, so the write is a copy; A8R8G8B8's RGBA storage would make
     * Mesa swizzle every texel. */
    if (src->desc.format != WINED3DFMT_R5G6B5 || dst->desc.format != WINED3DFMT_X8R8G8B8)
        return 0;
    if ((flags & WINED3D_BLT_SRC_CKEY) && !(src->color_key_flags & WINED3D_CKEY_SRC_BLT)) flags &= ~WINED3D_BLT_SRC_CKEY;
    if ((flags & WINED3D_BLT_DST_CKEY) && !(dst->color_key_flags & WINED3D_CKEY_DST_BLT)) flags &= ~WINED3D_BLT_DST_CKEY;
    if (flags || w != (uint32_t)(sr->right - sr->left) || h != (uint32_t)(sr->bottom - sr->top))
        return 0;
    if ((src->desc.usage | dst->desc.usage) & WINED3D_USAGE_SYSTEMMEM)
        return 0;
    if (!sub_on_gpu(src, src_sub) && !sub_on_gpu(dst, dst_sub))
        return 0;
    if (!(context = blit_context(dst->device)))
        return 0;
    texture_load_sysmem(src, context, src_sub);
    if (!ss->sysmem || !ss->sysmem_valid
            || !(rows = device_scratch(dst->device, DEVICE_SCRATCH_WIDEN, (size_t)w * h * sizeof(*rows))))
        return 0;
    for (y = 0; y < h; ++y)
        widen_r5g6b5_row((const uint16_t *)(ss->sysmem + (sr->top + y) * ss->pitch) + sr->left, rows + y * w, w);
    gpu_prepare_dst(dst, dst_sub, dr, context);
    window_write(dst, dst_sub, dr, (const uint8_t *)rows);
    return 1;
}

/* A DXT side is blitted through an A8R8G8B8 copy of its blocks, decoded
 * first and, for a destination, encoded again afterwards: a rectangle needs
 * no block alignment, as Windows asks none. */
static uint8_t *dxt_unpack(const struct wined3d_texture *t, const struct wined3d_sub_resource *s, uint32_t *pitch)
{
    uint32_t w = (s->width + 3) & ~3u, h = (s->height + 3) & ~3u;
    uint8_t *data;

    if (!(data = calloc((size_t)w * h, 4)))
        return NULL;
    *pitch = w * 4;
    wined3d_decode_dxt(t->desc.format, s->sysmem, s->pitch, data, *pitch, s->width, s->height);
    return data;
}

/* Encodes the blocks the rectangle touches; the others keep their bits. */
static void dxt_pack(struct wined3d_texture *t, struct wined3d_sub_resource *s, const struct wined3d_rect *r,
        const uint8_t *data, uint32_t pitch)
{
    const struct wined3d_format_info *f = t->format;
    unsigned int bx = r->left / 4, by = r->top / 4;
    unsigned int right = (r->right + 3) & ~3, bottom = (r->bottom + 3) & ~3;

    if (right > s->width) right = s->width;
    if (bottom > s->height) bottom = s->height;
    wined3d_encode_dxt(t->desc.format, data + by * 4 * pitch + bx * 16, pitch,
            s->sysmem + by * s->pitch + bx * f->block_bytes, s->pitch, right - bx * 4, bottom - by * 4);
}

static int32_t wined3d_texture_blt_impl(struct wined3d_texture *dst, unsigned int dst_sub, const struct wined3d_rect *dst_rect,
        struct wined3d_texture *src, unsigned int src_sub, const struct wined3d_rect *src_rect,
        uint32_t flags, const struct wined3d_blt_fx *fx, enum wined3d_texture_filter_type filter)
{
    struct wined3d_context *context;
    struct wined3d_sub_resource *ds, *ss = NULL;
    const struct wined3d_format_info *df, *sf = NULL;
    struct wined3d_rect dr, sr;
    struct wined3d_color_key src_key = {0, 0}, dst_key = {0, 0};
    int use_src_key = 0, use_dst_key = 0, convert, pixel_for_pixel;
    unsigned int x, y, dw, dh, dx, dy;
    uint8_t *window = NULL, *dbase, *unpacked_src = NULL, *unpacked_dst = NULL;
    const uint8_t *sbase;
    uint32_t dpitch, spitch;
    enum wined3d_format_id sid, did;

    if (!dst || dst_sub >= wined3d_texture_get_sub_resource_count(dst))
        return WINED3DERR_INVALIDCALL;
    ds = &dst->sub_resources[dst_sub];
    df = dst->format;
    if (ds->mapped) return WINED3DERR_LOCKED;
    if (dst_rect) dr = *dst_rect; else { dr.left = dr.top = 0; dr.right = ds->width; dr.bottom = ds->height; }
    if (!rect_valid(&dr, ds)) return WINED3DERR_INVALIDCALL;
    dw = dr.right - dr.left;
    dh = dr.bottom - dr.top;

    if (flags & (WINED3D_BLT_COLOR_FILL | WINED3D_BLT_DEPTH_FILL))
    {
        uint32_t v;
        if (!fx) return WINED3DERR_INVALIDCALL;
        /* As on Windows: a DXT surface takes no fill. */
        if (df->compressed) return WINED3DERR_NOTAVAILABLE;
        if (flags & WINED3D_BLT_DEPTH_FILL)
        {
            /* Clamped to 0..1; NaN (which no comparison catches) is 0:
             * converting it to an integer is undefined. */
            double d = !(fx->fill_depth >= 0.0f) ? 0.0 : fx->fill_depth > 1.0f ? 1.0 : fx->fill_depth;
            if (!df->depth) return WINED3DERR_INVALIDCALL;
            if (df->depth_bits == 16) v = (uint32_t)(d * 65535.0 + 0.5);
            else if (df->depth_bits == 24)
            {
                /* D24X8 and D24S8 keep the depth in the high bits, X8D24
                 * and S8D24 in the low. */
                v = (uint32_t)(d * 16777215.0 + 0.5);
                if (dst->desc.format == WINED3DFMT_D24X8 || dst->desc.format == WINED3DFMT_D24S8) v <<= 8;
            }
            else v = (uint32_t)(d * 4294967295.0 + 0.5);
        }
        else
        {
            v = fx->fill_color;
            if (try_gpu_fill(dst, dst_sub, &dr, v))
                return WINED3D_OK;
        }
        context = device_acquire_context(dst->device);
        texture_load_sysmem(dst, context, dst_sub);
        if (!ds->sysmem) return WINED3DERR_OUTOFMEMORY;
        for (y = 0; y < dh; ++y)
            for (x = 0; x < dw; ++x)
                write_pixel(df, dst->desc.format, ds->sysmem + (dr.top + y) * ds->pitch, dr.left + x, v);
        ds->gpu_valid = 0;
        supersample_texture_changed(dst);
        texture_invalidate_bindings(dst);
        return WINED3D_OK;
    }

    if (!src || src_sub >= wined3d_texture_get_sub_resource_count(src))
        return WINED3DERR_INVALIDCALL;
    ss = &src->sub_resources[src_sub];
    sf = src->format;
    if (ss->mapped) return WINED3DERR_LOCKED;
    if (src_rect) sr = *src_rect; else { sr.left = sr.top = 0; sr.right = ss->width; sr.bottom = ss->height; }
    if (!rect_valid(&sr, ss)) return WINED3DERR_INVALIDCALL;
    if (!(flags & (WINED3D_BLT_SRC_CKEY_OVERRIDE | WINED3D_BLT_DST_CKEY_OVERRIDE))
            && try_cpu_widen(dst, dst_sub, &dr, src, src_sub, &sr, flags))
        return WINED3D_OK;
    if (!(flags & (WINED3D_BLT_SRC_CKEY_OVERRIDE | WINED3D_BLT_DST_CKEY_OVERRIDE))
            && try_gpu_blit(dst, dst_sub, &dr, src, src_sub, &sr, flags, filter))
        return WINED3D_OK;
    if (sf->depth != df->depth)
    {
        FIXME("Blit from %s to %s is not supported.\n", sf->name, df->name);
        return WINED3DERR_NOTAVAILABLE;
    }
    if (flags & WINED3D_BLT_SRC_CKEY_OVERRIDE) { if (!fx) return WINED3DERR_INVALIDCALL; src_key = fx->src_color_key; use_src_key = 1; }
    else if ((flags & WINED3D_BLT_SRC_CKEY) && (src->color_key_flags & WINED3D_CKEY_SRC_BLT)) { src_key = src->src_blt_key; use_src_key = 1; }
    if (flags & WINED3D_BLT_DST_CKEY_OVERRIDE) { if (!fx) return WINED3DERR_INVALIDCALL; dst_key = fx->dst_color_key; use_dst_key = 1; }
    else if ((flags & WINED3D_BLT_DST_CKEY) && (dst->color_key_flags & WINED3D_CKEY_DST_BLT)) { dst_key = dst->dst_blt_key; use_dst_key = 1; }

    if ((sf->compressed || df->compressed) && (sf->palettised || df->palettised))
        return WINED3DERR_NOTAVAILABLE;
    /* Into a palettised format nothing converts; out of one, through the
     * source's palette (black without one), as ddraw's P8 to RGB blits need
     * (Wine's test_p8_blit). */
    convert = src->desc.format != dst->desc.format;
    if (convert && df->palettised)
        return WINED3DERR_NOTAVAILABLE;

    /* Neither stretched nor mirrored: the source's rectangle as it is. */
    pixel_for_pixel = dw == (uint32_t)(sr.right - sr.left) && dh == (uint32_t)(sr.bottom - sr.top)
            && !(flags & (WINED3D_BLT_MIRROR_LEFTRIGHT | WINED3D_BLT_MIRROR_UPDOWN));

    /* A plain copy onto a destination only GL holds: the source's rows go
     * into its GL copy as they are, without reading back what they replace
     * (a 2D game's background from a system-memory surface each frame). */
    if (pixel_for_pixel && !convert && !use_src_key && !use_dst_key && !sf->compressed && src != dst
            && window_usable(dst, dst_sub) && ss->pitch % sf->block_bytes == 0)
    {
        context = device_acquire_context(dst->device);
        texture_load_sysmem(src, context, src_sub);
        if (!ss->sysmem) return WINED3DERR_OUTOFMEMORY;
        window_write_rows(dst, dst_sub, &dr, ss->sysmem + sr.top * ss->pitch + sr.left * sf->block_bytes,
                ss->pitch / sf->block_bytes);
        return WINED3D_OK;
    }

    /* The CPU path: the source's CPU copy current, and the destination's,
     * or, where only GL holds the destination (a keyed blit onto a render
     * target), just the rectangle read from GL and written back. */
    context = device_acquire_context(dst->device);
    texture_load_sysmem(src, context, src_sub);
    if (!ss->sysmem) return WINED3DERR_OUTOFMEMORY;
    sbase = ss->sysmem;
    spitch = ss->pitch;
    sid = src->desc.format;
    if (sf->compressed)
    {
        if (!(unpacked_src = dxt_unpack(src, ss, &spitch))) return WINED3DERR_OUTOFMEMORY;
        sbase = unpacked_src;
        sid = WINED3DFMT_A8R8G8B8;
        sf = wined3d_get_format_info(sid);
    }
    did = dst->desc.format;
    if (df->compressed)
    {
        texture_load_sysmem(dst, context, dst_sub);
        if (!ds->sysmem || !(unpacked_dst = dxt_unpack(dst, ds, &dpitch)))
        {
            free(unpacked_src);
            return WINED3DERR_OUTOFMEMORY;
        }
        dbase = unpacked_dst;
        dx = dr.left;
        dy = dr.top;
        did = WINED3DFMT_A8R8G8B8;
        df = wined3d_get_format_info(did);
    }
    else if (src != dst && (window = window_read(dst, dst_sub, &dr)))
    {
        dbase = window;
        dpitch = dw * df->block_bytes;
        dx = dy = 0;
    }
    else
    {
        texture_load_sysmem(dst, context, dst_sub);
        if (!ds->sysmem)
        {
            free(unpacked_src);
            return WINED3DERR_OUTOFMEMORY;
        }
        dbase = ds->sysmem;
        dpitch = ds->pitch;
        dx = dr.left;
        dy = dr.top;
    }
    /* Decoded DXT has its alpha in the byte X8R8G8B8 leaves unused; Windows
     * writes it there (opaque: 0xff) instead of zeroing it. */
    if (sid == WINED3DFMT_A8R8G8B8 && did == WINED3DFMT_X8R8G8B8 && unpacked_src)
        did = WINED3DFMT_A8R8G8B8;
    convert = sid != did;

    if (pixel_for_pixel && (sbase != dbase || !rects_meet(&sr, dx, dy, dw, dh)))
        blit_rows(sf, sid, sbase, spitch, &sr, df, did, dbase, dpitch, dx, dy,
                use_src_key ? &src_key : NULL, use_dst_key ? &dst_key : NULL, convert, src->palette);
    else
    {
        /* Copy through a temporary so that overlapping blits within one
         * surface read the source before it is overwritten. */
        uint32_t *tmp = device_scratch(dst->device, DEVICE_SCRATCH_BLIT, (size_t)dw * dh * (sizeof(*tmp) + 1));
        uint8_t *keep = tmp ? (uint8_t *)(tmp + (size_t)dw * dh) : NULL;
        float sx = (float)(sr.right - sr.left) / dw, sy = (float)(sr.bottom - sr.top) / dh;
        const uint32_t *pal = src->palette ? src->palette->entries : NULL;

        if (!tmp)
        {
            free(unpacked_src);
            free(unpacked_dst);
            return WINED3DERR_OUTOFMEMORY;
        }
        for (y = 0; y < dh; ++y)
            for (x = 0; x < dw; ++x)
            {
                unsigned int ox = (flags & WINED3D_BLT_MIRROR_LEFTRIGHT) ? dw - 1 - x : x;
                unsigned int oy = (flags & WINED3D_BLT_MIRROR_UPDOWN) ? dh - 1 - y : y;
                float fx_ = (ox + 0.5f) * sx - 0.5f, fy_ = (oy + 0.5f) * sy - 0.5f;
                int px = sr.left + (int)((ox + 0.5f) * sx), py = sr.top + (int)((oy + 0.5f) * sy);
                uint32_t v;

                if (px >= sr.right) px = sr.right - 1;
                if (py >= sr.bottom) py = sr.bottom - 1;
                v = read_pixel(sf, sid, sbase + py * spitch, px);
                keep[y * dw + x] = !(use_src_key && key_match(v, &src_key, key_mask(sf)));
                if (filter == WINED3D_TEXF_LINEAR && !sf->palettised && !sf->depth && (sx != 1.0f || sy != 1.0f))
                {
                    int x0 = sr.left + (int)floorf(fx_), y0 = sr.top + (int)floorf(fy_);
                    float tx = fx_ - floorf(fx_), ty = fy_ - floorf(fy_);
                    int x1 = x0 + 1, y1 = y0 + 1;
                    uint32_t c00, c10, c01, c11;
                    if (x0 < sr.left) x0 = sr.left;
                    if (y0 < sr.top) y0 = sr.top;
                    if (x1 >= sr.right) x1 = sr.right - 1;
                    if (y1 >= sr.bottom) y1 = sr.bottom - 1;
                    c00 = wined3d_format_to_argb(sid, read_pixel(sf, sid, sbase + y0 * spitch, x0), pal);
                    c10 = wined3d_format_to_argb(sid, read_pixel(sf, sid, sbase + y0 * spitch, x1), pal);
                    c01 = wined3d_format_to_argb(sid, read_pixel(sf, sid, sbase + y1 * spitch, x0), pal);
                    c11 = wined3d_format_to_argb(sid, read_pixel(sf, sid, sbase + y1 * spitch, x1), pal);
                    v = wined3d_color_to_format(did,
                            lerp_argb(lerp_argb(c00, c10, tx), lerp_argb(c01, c11, tx), ty));
                }
                else if (convert)
                    v = wined3d_color_to_format(did, wined3d_format_to_argb(sid, v, pal));
                tmp[y * dw + x] = v;
            }
        for (y = 0; y < dh; ++y)
        {
            uint8_t *row = dbase + (dy + y) * dpitch;
            for (x = 0; x < dw; ++x)
            {
                if (!keep[y * dw + x]) continue;
                if (use_dst_key && !key_match(read_pixel(df, did, row, dx + x), &dst_key, key_mask(df)))
                    continue;
                write_pixel(df, did, row, dx + x, tmp[y * dw + x]);
            }
        }
    }
    free(unpacked_src);
    if (unpacked_dst)
    {
        dxt_pack(dst, ds, &dr, unpacked_dst, dpitch);
        free(unpacked_dst);
    }
    if (window)
    {
        window_write(dst, dst_sub, &dr, window);
        return WINED3D_OK;
    }
    ds->gpu_valid = 0;
    supersample_texture_changed(dst);
    texture_invalidate_bindings(dst);
    return WINED3D_OK;
}

int32_t wined3d_texture_blt(struct wined3d_texture *dst, unsigned int dst_sub_resource, const struct wined3d_rect *dst_rect,
        struct wined3d_texture *src, unsigned int src_sub_resource, const struct wined3d_rect *src_rect,
        uint32_t flags, const struct wined3d_blt_fx *fx, enum wined3d_texture_filter_type filter)
{
    int32_t hr = wined3d_texture_blt_impl(dst, dst_sub_resource, dst_rect, src, src_sub_resource, src_rect, flags, fx, filter);
    device_end_call(dst ? dst->device : NULL);
    return hr;
}

/*
 * Textures and surfaces.  A sub-resource (face, level) has a CPU copy and a
 * GL copy, each valid or not: uploads happen when GL needs the texture,
 * readbacks when the CPU maps what the GPU drew.  Palettised formats keep
 * their indices on the CPU and are expanded on upload, so a palette change
 * only marks the GL copy stale.
 */
#include "config.h"

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(texture);

static unsigned int max_levels(uint32_t w, uint32_t h)
{
    unsigned int n = 1;
    while (w > 1 || h > 1) { w = w > 1 ? w / 2 : 1; h = h > 1 ? h / 2 : 1; ++n; }
    return n;
}

int32_t wined3d_texture_create(struct wined3d_device *device, const struct wined3d_texture_desc *desc,
        struct wined3d_texture **out)
{
    const struct wined3d_format_info *format;
    struct wined3d_texture *texture;
    unsigned int level, face, i;
    uint32_t height;

    if (!device || !desc || !out || !desc->width || !desc->height)
        return WINED3DERR_INVALIDCALL;
    if (!(format = wined3d_get_format_info(desc->format)))
        return WINED3DERR_UNSUPPORTEDFORMAT;
    if (desc->type != WINED3D_RTYPE_TEXTURE_2D && desc->type != WINED3D_RTYPE_TEXTURE_CUBE)
        return WINED3DERR_INVALIDCALL;
    /* Beyond what the device reports: refused before anything is allocated. */
    if (desc->width > device->caps.max_texture_width || desc->height > device->caps.max_texture_height)
        return WINED3DERR_INVALIDCALL;
    if (desc->type == WINED3D_RTYPE_TEXTURE_CUBE && device->caps.max_cube_texture_size
            && desc->width > device->caps.max_cube_texture_size)
        return WINED3DERR_INVALIDCALL;
    if ((desc->usage & WINED3D_USAGE_DEPTHSTENCIL) && !format->depth)
        return WINED3DERR_INVALIDCALL;
    if (desc->row_alignment && desc->row_alignment != 4 && desc->row_alignment != 8)
        return WINED3DERR_INVALIDCALL;
    if ((desc->usage & WINED3D_USAGE_RENDERTARGET) && (format->depth || format->palettised || format->compressed
            || format->luminance || format->bump || desc->format == WINED3DFMT_A8))
        return WINED3DERR_INVALIDCALL;
    height = desc->type == WINED3D_RTYPE_TEXTURE_CUBE ? desc->width : desc->height;
    if (desc->levels > max_levels(desc->width, height))
        return WINED3DERR_INVALIDCALL;

    if (!(texture = calloc(1, sizeof(*texture))))
        return WINED3DERR_OUTOFMEMORY;
    texture->device = device;
    texture->desc = *desc;
    texture->desc.height = height;
    if (!texture->desc.row_alignment)
        texture->desc.row_alignment = 4;
    texture->format = format;
    texture->gl_format = wined3d_get_gl_format(desc->format, device->caps.s3tc_native);
    texture->level_count = desc->levels ? desc->levels : max_levels(desc->width, height);
    texture->desc.levels = texture->level_count;
    texture->face_count = desc->type == WINED3D_RTYPE_TEXTURE_CUBE ? 6 : 1;
    texture->target = desc->type == WINED3D_RTYPE_TEXTURE_CUBE ? GL_TEXTURE_CUBE_MAP : GL_TEXTURE_2D;
    texture->gl_levels = texture->level_count;
    /* auto_mipmaps: a texture the program made without mip levels gets a
     * chain GL generates from level 0 (Porsche Unleashed's profile: its car
     * and track textures shimmer in the distance without). */
    if (device->auto_mipmaps && texture->level_count == 1 && texture->target == GL_TEXTURE_2D
            && !(desc->usage & (WINED3D_USAGE_RENDERTARGET | WINED3D_USAGE_DEPTHSTENCIL | WINED3D_USAGE_SYSTEMMEM
            | WINED3D_USAGE_DYNAMIC)) && texture->gl_format->internal && !texture->gl_format->convert_row
            && !format->compressed)
        texture->gl_levels = max_levels(desc->width, height);
    if (!(texture->sub_resources = calloc(texture->level_count * texture->face_count, sizeof(*texture->sub_resources))))
    {
        free(texture);
        return WINED3DERR_OUTOFMEMORY;
    }
    for (face = 0; face < texture->face_count; ++face)
        for (level = 0; level < texture->level_count; ++level)
        {
            struct wined3d_sub_resource *sub = &texture->sub_resources[face * texture->level_count + level];
            sub->width = desc->width >> level ? desc->width >> level : 1;
            sub->height = height >> level ? height >> level : 1;
            sub->pitch = wined3d_format_calculate_aligned_pitch(desc->format, sub->width,
                    texture->desc.row_alignment);
            sub->size = sub->pitch * ((sub->height + format->block_height - 1) / format->block_height);
            /* Render targets start in GL; everything else starts as zeroed
             * CPU memory, as a freshly created Direct3D surface reads. */
            if (desc->usage & (WINED3D_USAGE_RENDERTARGET | WINED3D_USAGE_DEPTHSTENCIL))
                sub->gpu_valid = 1;
            else
            {
                if (!(sub->sysmem = calloc(1, sub->size)))
                {
                    for (i = 0; i < face * texture->level_count + level; ++i)
                        free(texture->sub_resources[i].sysmem);
                    free(texture->sub_resources);
                    free(texture);
                    return WINED3DERR_OUTOFMEMORY;
                }
                sub->sysmem_valid = 1;
            }
        }
    texture->next = device->textures;
    if (device->textures) device->textures->prev = texture;
    device->textures = texture;
    supersample_texture_created(texture);
    TRACE("Created texture %p, %s %ux%u, %u levels.\n", texture, format->name, desc->width, height,
            texture->level_count);
    *out = texture;
    return WINED3D_OK;
}

void wined3d_texture_destroy(struct wined3d_texture *texture)
{
    struct wined3d_device *device;
    unsigned int i;

    if (!texture) return;
    device = texture->device;
    device_texture_destroyed(device, texture);
    wined3d_texture_set_palette(texture, NULL);
    if (texture->draw_copy)
        supersample_texture_destroyed(texture, device_acquire_context(device));
    if (texture->name)
    {
        struct wined3d_context *context = device_acquire_context(device);
        GL_CALL(context, glDeleteTextures(1, &texture->name));
        gl_cache_forget_texture(device, texture->name);
    }
    for (i = 0; i < texture->level_count * texture->face_count; ++i)
        free(texture->sub_resources[i].sysmem);
    if (texture->prev) texture->prev->next = texture->next; else device->textures = texture->next;
    if (texture->next) texture->next->prev = texture->prev;
    free(texture->sub_resources);
    free(texture);
    device_end_call(device);
}

void wined3d_texture_get_desc(const struct wined3d_texture *texture, struct wined3d_texture_desc *desc)
{
    if (texture && desc) *desc = texture->desc;
}

/* The usage alone: a front end asks at every texture it sets (ddraw's
 * SetTexture), where the whole description would be a copy each time. */
uint32_t wined3d_texture_get_usage(const struct wined3d_texture *texture)
{
    return texture ? texture->desc.usage : 0;
}

unsigned int wined3d_texture_get_sub_resource_count(const struct wined3d_texture *texture)
{
    return texture ? texture->level_count * texture->face_count : 0;
}

void wined3d_texture_get_level_size(const struct wined3d_texture *texture, unsigned int level,
        uint32_t *width, uint32_t *height)
{
    if (!texture || level >= texture->level_count) { if (width) *width = 0; if (height) *height = 0; return; }
    if (width) *width = texture->sub_resources[level].width;
    if (height) *height = texture->sub_resources[level].height;
}

GLenum texture_gl_target_face(const struct wined3d_texture *texture, unsigned int sub)
{
    if (texture->target != GL_TEXTURE_CUBE_MAP)
        return GL_TEXTURE_2D;
    /* Direct3D's face order +X, -X, +Y, -Y, +Z, -Z is GL's. */
    return GL_TEXTURE_CUBE_MAP_POSITIVE_X + sub / texture->level_count;
}

/* ---------------------------------------------------------------------- */
/* GL side.                                                                */

static void texture_alloc_gl(struct wined3d_texture *texture, struct wined3d_context *context)
{
    const struct wined3d_gl_format *glf = texture->gl_format;
    GLenum internal = glf->internal ? glf->internal : GL_RGBA8;
    unsigned int level, face;

    hold_flush_for_change(texture->device);

    GL_CALL(context, glGenTextures(1, &texture->name));
    gl_bind_texture(context, GL_SCRATCH_UNIT, texture->target, texture->name);
    GL_CALL(context, glTexParameteri(texture->target, GL_TEXTURE_BASE_LEVEL, 0));
    GL_CALL(context, glTexParameteri(texture->target, GL_TEXTURE_MAX_LEVEL, texture->gl_levels - 1));
    GL_CALL(context, glTexParameteriv(texture->target, GL_TEXTURE_SWIZZLE_RGBA, glf->swizzle));
    /* Samplers override filtering; these keep GL's completeness rules happy
     * for blits, which use no sampler object. */
    GL_CALL(context, glTexParameteri(texture->target, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    GL_CALL(context, glTexParameteri(texture->target, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
    for (face = 0; face < texture->face_count; ++face)
        for (level = 0; level < texture->level_count; ++level)
        {
            unsigned int sub = face * texture->level_count + level;
            const struct wined3d_sub_resource *s = &texture->sub_resources[sub];
            GLenum target = texture_gl_target_face(texture, sub);

            if (texture->format->compressed && glf->internal)
                GL_CALL(context, glCompressedTexImage2D(target, level, internal, s->width, s->height, 0, s->size, NULL));
            else
                GL_CALL(context, glTexImage2D(target, level, internal, s->width, s->height, 0,
                        glf->format, glf->type, NULL));
        }
    /* The generated levels below the program's one. */
    for (level = texture->level_count; level < texture->gl_levels; ++level)
    {
        GLsizei w = texture->desc.width >> level, h = texture->desc.height >> level;
        GL_CALL(context, glTexImage2D(texture->target, level, internal, w ? w : 1, h ? h : 1, 0,
                glf->format, glf->type, NULL));
    }
    texture->gl_allocated = 1;
    texture_contents_changed(texture);
}

/* The least alpha a sampler reads from uploaded pixels, 0 when not known:
 * a format without alpha reads 1; 32-bit BGRA or RGBA bytes are looked at,
 * other formats are not. */
static uint8_t upload_alpha_floor(const struct wined3d_gl_format *glf, const uint8_t *data, uint32_t width,
        uint32_t height, uint32_t pitch)
{
    uint8_t floor = 255;
    uint32_t x, y;

    if (glf->swizzle[3] == GL_ONE)
        return 255;
    if (glf->swizzle[3] != GL_ALPHA || !((glf->format == GL_BGRA && glf->type == GL_UNSIGNED_INT_8_8_8_8_REV)
            || (glf->format == GL_RGBA && glf->type == GL_UNSIGNED_BYTE)))
        return 0;
    for (y = 0; y < height && floor; ++y)
        for (x = 0; x < width; ++x)
            if (data[y * pitch + 4 * x + 3] < floor)
                floor = data[y * pitch + 4 * x + 3];
    return floor;
}

/* A palettised texture's least alpha: its palette's least, whichever
 * entries the texels use (a bound, as the floor may be; 256 entries rather
 * than every texel).  Without a palette the texels are transparent black. */
static unsigned int palette_alpha_floor(const struct wined3d_palette *palette)
{
    unsigned int i, floor = 255;

    if (!palette)
        return 0;
    for (i = 0; i < palette->count && floor; ++i)
        if (palette->entries[i] >> 24 < floor)
            floor = palette->entries[i] >> 24;
    return floor;
}

/* X8D24 and S8D24 keep the depth in the low 24 bits, GL in the high 24:
 * each texel is turned by 8 bits on its way to or from GL. */
static int texture_depth_low24(const struct wined3d_texture *texture)
{
    return texture->desc.format == WINED3DFMT_X8D24 || texture->desc.format == WINED3DFMT_S8D24;
}

static void texture_upload_sub(struct wined3d_texture *texture, struct wined3d_context *context, unsigned int sub)
{
    struct wined3d_sub_resource *s = &texture->sub_resources[sub];
    const struct wined3d_gl_format *glf = texture->gl_format;
    GLenum target = texture_gl_target_face(texture, sub);

    /* Held runs (hold.c) sample what GL has now. */
    hold_flush_for_change(texture->device);
    unsigned int level = sub % texture->level_count, y;
    const uint8_t *data = s->sysmem;
    uint8_t *converted = NULL;
    uint32_t bytes = s->size, pitch = s->pitch;

    if (texture->format->palettised || glf->convert_row || (texture->format->compressed && !glf->internal)
            || texture_depth_low24(texture))
    {
        /* Four bytes a texel, tightly packed, in the device's kept buffer. */
        bytes = s->width * s->height * 4;
        if (!(converted = device_scratch(context->device, DEVICE_SCRATCH_UPLOAD, bytes))) return;
        data = converted;
    }
    if (texture->format->palettised)
    {
        static const uint32_t black[256];
        const uint32_t *palette = texture->palette ? texture->palette->entries : black;
        for (y = 0; y < s->height; ++y)
        {
            if (texture->desc.format == WINED3DFMT_P8)
                wined3d_convert_p8_row(s->sysmem + y * s->pitch, (uint32_t *)converted + y * s->width, s->width, palette);
            else
                wined3d_convert_p4_row(s->sysmem + y * s->pitch, (uint32_t *)converted + y * s->width, s->width, palette);
        }
    }
    else if (glf->convert_row)
    {
        for (y = 0; y < s->height; ++y)
            glf->convert_row(s->sysmem + y * s->pitch, converted + y * s->width * 4, s->width);
    }
    else if (texture->format->compressed && !glf->internal)
    {
        wined3d_decode_dxt(texture->desc.format, s->sysmem, s->pitch, converted, s->width * 4, s->width, s->height);
    }
    else if (texture_depth_low24(texture))
    {
        uint32_t x, *out = (uint32_t *)converted;

        for (y = 0; y < s->height; ++y)
            for (x = 0; x < s->width; ++x)
            {
                uint32_t v = ((const uint32_t *)(s->sysmem + y * s->pitch))[x];
                out[y * s->width + x] = v << 8 | v >> 24;
            }
    }

    if (converted)
        pitch = s->width * 4;
    s->alpha_floor = texture->format->compressed && glf->internal ? 0
            : texture->format->palettised ? palette_alpha_floor(texture->palette)
            : upload_alpha_floor(glf, data, s->width, s->height, pitch);
    gl_bind_texture(context, GL_SCRATCH_UNIT, texture->target, texture->name);
    /* GL pads each row to the alignment: the CPU copy's own, or 4 for the
     * tightly packed converted rows (a multiple of 4 bytes). */
    gl_pixel_store(context, 0, converted ? 4 : texture->desc.row_alignment, 0);
    if (texture->format->compressed && glf->internal)
        GL_CALL(context, glCompressedTexSubImage2D(target, level, 0, 0, s->width, s->height, glf->internal,
                s->size, data));
    else
        GL_CALL(context, glTexSubImage2D(target, level, 0, 0, s->width, s->height, glf->format, glf->type, data));
    ++context->device->frame.texture_uploads;
    context->device->frame.texture_upload_bytes += bytes;
    s->gpu_valid = 1;
    texture_contents_changed(texture);
}

void texture_load(struct wined3d_texture *texture, struct wined3d_context *context)
{
    unsigned int i;
    int top_uploaded = 0;

    if (supersample_newest(texture))
        supersample_resolve(texture, context);
    if (!texture->gl_allocated)
        texture_alloc_gl(texture, context);
    for (i = 0; i < texture->level_count * texture->face_count; ++i)
    {
        struct wined3d_sub_resource *s = &texture->sub_resources[i];
        /* Mapped for writing: the caller (with DDSCL_MULTITHREADED, maybe
         * another thread) is still writing it. The draw uses what GL has;
         * the unmap invalidates the bindings, so the next draw uploads the
         * finished contents. Reading the memory now would race the writer. */
        if (s->mapped && (s->map_flags & (WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD)))
            continue;
        if (!s->gpu_valid && s->sysmem_valid)
        {
            texture_upload_sub(texture, context, i);
            if (!(i % texture->level_count)) top_uploaded = 1;
        }
        else if (!s->gpu_valid)
        {
            s->gpu_valid = 1;   /* nothing anywhere: GL's undefined contents will do */
            s->alpha_floor = 0;
            texture_contents_changed(texture);
        }
    }
    if (top_uploaded && texture->gl_levels > texture->level_count)
    {
        gl_bind_texture(context, GL_SCRATCH_UNIT, texture->target, texture->name);
        GL_CALL(context, glGenerateMipmap(texture->target));
    }
    /* WINED3D_USAGE_AUTOGENMIPMAP: the levels below follow the top one. */
    if (top_uploaded && (texture->desc.usage & WINED3D_USAGE_AUTOGENMIPMAP) && texture->level_count > 1
            && texture->gl_format->internal && !texture->gl_format->convert_row && !texture->format->compressed)
    {
        gl_bind_texture(context, GL_SCRATCH_UNIT, texture->target, texture->name);
        GL_CALL(context, glGenerateMipmap(texture->target));
        for (i = 0; i < texture->level_count * texture->face_count; ++i)
            if (i % texture->level_count)
                texture_invalidate_sysmem(texture, i);
    }
}

void texture_load_sysmem(struct wined3d_texture *texture, struct wined3d_context *context, unsigned int sub)
{
    struct wined3d_sub_resource *s = &texture->sub_resources[sub];
    const struct wined3d_gl_format *glf = texture->gl_format;

    if (!s->sysmem && !(s->sysmem = calloc(1, s->size)))
        return;
    if (s->sysmem_valid)
        return;
    if (supersample_newest(texture))
        supersample_resolve(texture, context);
    if (!texture->gl_allocated || !glf->internal || texture->format->compressed || glf->convert_row)
    {
        s->sysmem_valid = 1;
        return;
    }
    gl_bind_texture(context, GL_SCRATCH_UNIT, texture->target, texture->name);
    gl_pixel_store(context, 1, texture->desc.row_alignment, 0);
    GL_CALL(context, glGetTexImage(texture_gl_target_face(texture, sub), sub % texture->level_count,
            glf->format, glf->type, s->sysmem));
    if (texture_depth_low24(texture))
    {
        uint32_t x, y;

        for (y = 0; y < s->height; ++y)
            for (x = 0; x < s->width; ++x)
            {
                uint32_t *v = (uint32_t *)(s->sysmem + y * s->pitch) + x;
                *v = *v >> 8 | *v << 24;
            }
    }
    ++context->device->frame.texture_readbacks;
    s->sysmem_valid = 1;
}

/* What texture_alpha_floor reads of the texture (its levels' floors and
 * whether GL has them), or its colour key, may have changed: a draw's
 * alpha test note taken before is stale (draw.c, note_alpha_test). */
void texture_contents_changed(struct wined3d_texture *texture)
{
    ++texture->device->texture_serial;
}

/* The CPU copy changed: stages sampling the texture must load it again. */
void texture_invalidate_bindings(struct wined3d_texture *texture)
{
    struct wined3d_device *device = texture->device;
    unsigned int i;

    texture_contents_changed(texture);
    for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
        if (device->state.textures[i] == texture)
            device_invalidate_state(device, STATE_SAMPLER(i));
}

void texture_invalidate_sysmem(struct wined3d_texture *texture, unsigned int sub)
{
    supersample_texture_changed(texture);
    texture->sub_resources[sub].sysmem_valid = 0;
    texture->sub_resources[sub].gpu_valid = 1;
    texture->sub_resources[sub].alpha_floor = 0;    /* written by GL: not looked at */
    texture_contents_changed(texture);
}

/* texture_alpha_floor's answer read again, and kept. */
unsigned int texture_read_alpha_floor(struct wined3d_texture *texture)
{
    unsigned int i, floor = 255;

    for (i = 0; i < texture->level_count * texture->face_count && floor; ++i)
    {
        const struct wined3d_sub_resource *s = &texture->sub_resources[i];

        /* An upload still to come may bring other texels. */
        if (!s->gpu_valid || !texture->gl_allocated)
        {
            floor = 0;
            break;
        }
        if (s->alpha_floor < floor)
            floor = s->alpha_floor;
    }
    texture->alpha_floor_memo = floor;
    texture->alpha_floor_serial = texture->device->texture_serial;
    texture->alpha_floor_valid = 1;
    return floor;
}

/* ---------------------------------------------------------------------- */
/* Map / unmap.                                                            */

static int32_t wined3d_texture_map_impl(struct wined3d_texture *texture, unsigned int sub, const struct wined3d_rect *rect,
        uint32_t flags, struct wined3d_map_desc *map)
{
    struct wined3d_sub_resource *s;
    const struct wined3d_format_info *f;
    struct wined3d_rect r;

    if (!texture || !map || sub >= wined3d_texture_get_sub_resource_count(texture))
        return WINED3DERR_INVALIDCALL;
    s = &texture->sub_resources[sub];
    f = texture->format;
    if (s->mapped)
        return WINED3DERR_LOCKED;
    if (rect)
    {
        r = *rect;
        if (r.left < 0 || r.top < 0 || r.right > (int32_t)s->width || r.bottom > (int32_t)s->height
                || r.left >= r.right || r.top >= r.bottom)
            return WINED3DERR_INVALIDCALL;
        if (f->compressed && ((r.left | r.top) & 3))
            return WINED3DERR_INVALIDCALL;
        if (texture->desc.format == WINED3DFMT_P4 && (r.left & 1))
            return WINED3DERR_INVALIDCALL;
    }
    else
    {
        r.left = r.top = 0; r.right = s->width; r.bottom = s->height;
    }
    if (!flags) flags = WINED3D_MAP_READ | WINED3D_MAP_WRITE;

    if (flags & WINED3D_MAP_DISCARD)
    {
        if (!s->sysmem && !(s->sysmem = calloc(1, s->size)))
            return WINED3DERR_OUTOFMEMORY;
        s->sysmem_valid = 1;
    }
    else if (!s->sysmem_valid)
    {
        texture_load_sysmem(texture, device_acquire_context(texture->device), sub);
        if (!s->sysmem) return WINED3DERR_OUTOFMEMORY;
    }
    s->mapped = 1;
    s->map_flags = flags;
    s->map_rect = r;
    map->row_pitch = s->pitch;
    map->slice_pitch = s->size;
    map->data = s->sysmem + (r.top / f->block_height) * s->pitch
            + (texture->desc.format == WINED3DFMT_P4 ? (uint32_t)r.left / 2 : ((uint32_t)r.left / f->block_width) * f->block_bytes);
    return WINED3D_OK;
}

static int32_t wined3d_texture_unmap_impl(struct wined3d_texture *texture, unsigned int sub)
{
    struct wined3d_sub_resource *s;

    if (!texture || sub >= wined3d_texture_get_sub_resource_count(texture))
        return WINED3DERR_INVALIDCALL;
    s = &texture->sub_resources[sub];
    if (!s->mapped)
        return WINED3DERR_NOTLOCKED;
    s->mapped = 0;
    if (s->map_flags & (WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD))
    {
        /* The CPU copy is now the only current one; GL gets it when it next
         * needs the texture (a draw, a present, or a framebuffer bind). */
        s->gpu_valid = 0;
        if (texture->desc.usage & WINED3D_USAGE_SYSTEMMEM)
            return WINED3D_OK;
        supersample_texture_changed(texture);
        texture_invalidate_bindings(texture);
        if (texture->desc.usage & (WINED3D_USAGE_RENDERTARGET | WINED3D_USAGE_DEPTHSTENCIL))
            texture_load(texture, device_acquire_context(texture->device));
    }
    return WINED3D_OK;
}

int32_t wined3d_texture_upload_data(struct wined3d_texture *texture, unsigned int sub, const void *data, uint32_t pitch)
{
    struct wined3d_map_desc map;
    const struct wined3d_sub_resource *s;
    unsigned int rows, y, row_bytes;
    int32_t hr;

    if (!texture || !data || sub >= wined3d_texture_get_sub_resource_count(texture))
        return WINED3DERR_INVALIDCALL;
    s = &texture->sub_resources[sub];
    if ((hr = wined3d_texture_map(texture, sub, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &map)) != WINED3D_OK)
        return hr;
    rows = (s->height + texture->format->block_height - 1) / texture->format->block_height;
    row_bytes = pitch < map.row_pitch ? pitch : map.row_pitch;
    for (y = 0; y < rows; ++y)
        memcpy((uint8_t *)map.data + y * map.row_pitch, (const uint8_t *)data + y * pitch, row_bytes);
    return wined3d_texture_unmap(texture, sub);
}

int32_t wined3d_texture_set_color_key(struct wined3d_texture *texture, uint32_t flags, const struct wined3d_color_key *key)
{
    if (!texture || !flags || (flags & ~(WINED3D_CKEY_SRC_BLT | WINED3D_CKEY_DST_BLT)))
        return WINED3DERR_INVALIDCALL;
    if (flags & WINED3D_CKEY_SRC_BLT)
    {
        if (key) texture->src_blt_key = *key;
        if (key) texture->color_key_flags |= WINED3D_CKEY_SRC_BLT; else texture->color_key_flags &= ~WINED3D_CKEY_SRC_BLT;
    }
    if (flags & WINED3D_CKEY_DST_BLT)
    {
        if (key) texture->dst_blt_key = *key;
        if (key) texture->color_key_flags |= WINED3D_CKEY_DST_BLT; else texture->color_key_flags &= ~WINED3D_CKEY_DST_BLT;
    }
    /* The shader's colour key comes from the stage-0 texture. */
    ++texture->key_version;
    texture_invalidate_bindings(texture);
    return WINED3D_OK;
}

/* ---------------------------------------------------------------------- */
/* Palettes.                                                               */

int32_t wined3d_palette_create(struct wined3d_device *device, uint32_t flags, unsigned int count,
        const uint32_t *entries, struct wined3d_palette **out)
{
    struct wined3d_palette *palette;
    unsigned int i;

    if (!device || !out || !count || count > 256)
        return WINED3DERR_INVALIDCALL;
    if (!(palette = calloc(1, sizeof(*palette))))
        return WINED3DERR_OUTOFMEMORY;
    palette->device = device;
    palette->flags = flags;
    palette->count = count;
    for (i = 0; i < count; ++i)
        palette->entries[i] = entries ? entries[i] : 0;
    if (!(flags & WINED3D_PALETTE_ALPHA))
        for (i = 0; i < 256; ++i) palette->entries[i] |= 0xff000000u;
    *out = palette;
    return WINED3D_OK;
}

void wined3d_palette_destroy(struct wined3d_palette *palette)
{
    if (!palette) return;
    while (palette->users)
        wined3d_texture_set_palette(palette->users, NULL);
    free(palette);
}

void texture_palette_changed(struct wined3d_texture *texture)
{
    unsigned int i;
    for (i = 0; i < texture->level_count * texture->face_count; ++i)
        if (texture->sub_resources[i].sysmem_valid)
            texture->sub_resources[i].gpu_valid = 0;
    /* A colour key compares the key index's palette colour (uniforms). */
    if (texture->color_key_flags & WINED3D_CKEY_SRC_BLT)
        ++texture->key_version;
    texture_invalidate_bindings(texture);
}

int32_t wined3d_palette_set_entries(struct wined3d_palette *palette, unsigned int start, unsigned int count,
        const uint32_t *entries)
{
    struct wined3d_texture *t;
    unsigned int i;

    if (!palette || !entries || start >= palette->count || count > palette->count - start)
        return WINED3DERR_INVALIDCALL;
    for (i = 0; i < count; ++i)
        palette->entries[start + i] = entries[i] | (palette->flags & WINED3D_PALETTE_ALPHA ? 0 : 0xff000000u);
    for (t = palette->users; t; t = t->next_palette_user)
        texture_palette_changed(t);
    return WINED3D_OK;
}

int32_t wined3d_palette_get_entries(const struct wined3d_palette *palette, unsigned int start, unsigned int count,
        uint32_t *entries)
{
    unsigned int i;
    if (!palette || !entries || start >= palette->count || count > palette->count - start)
        return WINED3DERR_INVALIDCALL;
    for (i = 0; i < count; ++i)
        entries[i] = palette->entries[start + i] & (palette->flags & WINED3D_PALETTE_ALPHA ? 0xffffffffu : 0xffffff);
    return WINED3D_OK;
}

int32_t wined3d_texture_set_palette(struct wined3d_texture *texture, struct wined3d_palette *palette)
{
    struct wined3d_texture **p;

    if (!texture) return WINED3DERR_INVALIDCALL;
    if (texture->palette == palette) return WINED3D_OK;
    if (texture->palette)
    {
        for (p = &texture->palette->users; *p; p = &(*p)->next_palette_user)
            if (*p == texture) { *p = texture->next_palette_user; break; }
        texture->next_palette_user = NULL;
    }
    texture->palette = palette;
    if (palette)
    {
        texture->next_palette_user = palette->users;
        palette->users = texture;
    }
    if (texture->format->palettised)
        texture_palette_changed(texture);
    return WINED3D_OK;
}

struct wined3d_palette *wined3d_texture_get_palette(const struct wined3d_texture *texture)
{
    return texture ? texture->palette : NULL;
}

int32_t wined3d_texture_map(struct wined3d_texture *texture, unsigned int sub_resource,
        const struct wined3d_rect *rect, uint32_t flags, struct wined3d_map_desc *map_desc)
{
    int32_t hr = wined3d_texture_map_impl(texture, sub_resource, rect, flags, map_desc);
    device_end_call(texture ? texture->device : NULL);
    return hr;
}

int32_t wined3d_texture_unmap(struct wined3d_texture *texture, unsigned int sub_resource)
{
    int32_t hr = wined3d_texture_unmap_impl(texture, sub_resource);
    device_end_call(texture ? texture->device : NULL);
    return hr;
}

/*
 * THRASH textures (dx7tex.c in the original): talloc, tupdate, tfree,
 * treset, settexture, with the data layout rules of the seed: rows of
 * (bits * width + 7) / 8 bytes, mip levels following level 0, DXT data
 * starting 8 bytes in. Every format is expanded to A8R8G8B8 on upload (one
 * texture format that every Direct3D 7 device has); the data is kept so a
 * clut-only update can expand palettised textures again.
 */
#include "config.h"

#include <stdlib.h>

#include "dx7z_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(thrash);

DWORD dx7z_texture_bits(DWORD format)
{
    switch (format)
    {
    case THRASH_FORMAT_P4: return 4;
    case THRASH_FORMAT_P8: return 8;
    case THRASH_FORMAT_ARGB1555:
    case THRASH_FORMAT_RGB565:
    case THRASH_FORMAT_ARGB4444: return 16;
    case THRASH_FORMAT_RGB888: return 24;
    case THRASH_FORMAT_ARGB8888: return 32;
    case THRASH_FORMAT_DXT1: return 4;
    case THRASH_FORMAT_DXT3: return 8;
    }
    return 0;
}

/* 5 (RGB888) is in the list but never available, as on the original. */
BOOL dx7z_texture_format_valid(DWORD format)
{
    return format != THRASH_FORMAT_RGB888 && dx7z_texture_bits(format) != 0;
}

static BOOL is_dxt(DWORD format)
{
    return format == THRASH_FORMAT_DXT1 || format == THRASH_FORMAT_DXT3;
}

DWORD dx7z_texture_row_bytes(DWORD format, DWORD width)
{
    return (dx7z_texture_bits(format) * width + 7) / 8;
}

/* DXT levels are counted in 4x4 blocks (the DLL advanced by pitch * height,
 * which isn't a compressed level's size; see documentation/thrash.md). */
size_t dx7z_texture_level_size(DWORD format, DWORD width, DWORD height)
{
    if (!width) width = 1;
    if (!height) height = 1;
    if (is_dxt(format))
        return (size_t)((width + 3) / 4) * ((height + 3) / 4) * (format == THRASH_FORMAT_DXT1 ? 8 : 16);
    return (size_t)dx7z_texture_row_bytes(format, width) * height;
}

size_t dx7z_texture_level_offset(DWORD format, DWORD width, DWORD height, DWORD level)
{
    size_t offset = is_dxt(format) ? 8 : 0;
    DWORD l;

    for (l = 0; l < level; ++l)
    {
        offset += dx7z_texture_level_size(format, width, height);
        width = width > 1 ? width / 2 : 1;
        height = height > 1 ? height / 2 : 1;
    }
    return offset;
}

/* ---- conversion to A8R8G8B8 ---- */

static DWORD expand5(DWORD v) { return (v << 3) | (v >> 2); }
static DWORD expand6(DWORD v) { return (v << 2) | (v >> 4); }

static DWORD rgb565(WORD c)
{
    return 0xff000000u | expand5((c >> 11) & 0x1f) << 16 | expand6((c >> 5) & 0x3f) << 8 | expand5(c & 0x1f);
}

static void dxt_colours(const BYTE *block, DWORD colours[4], BOOL dxt1)
{
    WORD c0 = block[0] | block[1] << 8, c1 = block[2] | block[3] << 8;
    unsigned int i;

    colours[0] = rgb565(c0);
    colours[1] = rgb565(c1);
    if (c0 > c1 || !dxt1)
    {
        for (i = 0; i < 3; ++i)
        {
            unsigned int s = i * 8;
            DWORD a = (colours[0] >> s) & 0xff, b = (colours[1] >> s) & 0xff;
            colours[2] = (colours[2] & ~(0xffu << s)) | ((2 * a + b) / 3) << s;
            colours[3] = (colours[3] & ~(0xffu << s)) | ((a + 2 * b) / 3) << s;
        }
        colours[2] |= 0xff000000u;
        colours[3] |= 0xff000000u;
    }
    else
    {
        for (i = 0; i < 3; ++i)
        {
            unsigned int s = i * 8;
            DWORD a = (colours[0] >> s) & 0xff, b = (colours[1] >> s) & 0xff;
            colours[2] = (colours[2] & ~(0xffu << s)) | ((a + b) / 2) << s;
        }
        colours[2] |= 0xff000000u;
        colours[3] = 0;
    }
}

static void convert_dxt(DWORD format, const BYTE *src, DWORD width, DWORD height, DWORD *dst, DWORD pitch)
{
    BOOL dxt1 = format == THRASH_FORMAT_DXT1;
    DWORD bx, by, x, y;

    for (by = 0; by < (height + 3) / 4; ++by)
    {
        for (bx = 0; bx < (width + 3) / 4; ++bx)
        {
            const BYTE *alpha = dxt1 ? NULL : src;
            const BYTE *colour = dxt1 ? src : src + 8;
            DWORD colours[4] = {0, 0, 0, 0}, bits;

            dxt_colours(colour, colours, dxt1);
            bits = colour[4] | colour[5] << 8 | colour[6] << 16 | (DWORD)colour[7] << 24;
            for (y = 0; y < 4; ++y)
            {
                for (x = 0; x < 4; ++x)
                {
                    DWORD px = bx * 4 + x, py = by * 4 + y, c = colours[(bits >> (2 * (y * 4 + x))) & 3];
                    if (alpha)
                    {
                        DWORD a = (alpha[y * 2 + x / 2] >> ((x & 1) * 4)) & 0xf;
                        c = (c & 0x00ffffff) | (a * 17) << 24;
                    }
                    if (px < width && py < height)
                        dst[py * pitch + px] = c;
                }
            }
            src += dxt1 ? 8 : 16;
        }
    }
}

/* One level from THRASH data to A8R8G8B8. Palettised textures are opaque;
 * P4 has its left pixel in the high nibble. */
void dx7z_texture_convert(DWORD format, const BYTE *src, DWORD width, DWORD height,
        const DWORD *clut, DWORD *dst, DWORD pitch)
{
    DWORD row = dx7z_texture_row_bytes(format, width), x, y;

    if (is_dxt(format))
    {
        convert_dxt(format, src, width, height, dst, pitch);
        return;
    }
    for (y = 0; y < height; ++y, src += row, dst += pitch)
    {
        for (x = 0; x < width; ++x)
        {
            DWORD c;
            WORD w;

            switch (format)
            {
            case THRASH_FORMAT_P4:
                c = 0xff000000u | (clut[(src[x / 2] >> ((x & 1) ? 0 : 4)) & 0xf] & 0xffffff);
                break;
            case THRASH_FORMAT_P8:
                c = 0xff000000u | (clut[src[x]] & 0xffffff);
                break;
            case THRASH_FORMAT_ARGB1555:
                w = src[2 * x] | src[2 * x + 1] << 8;
                c = (w & 0x8000 ? 0xff000000u : 0) | expand5((w >> 10) & 0x1f) << 16
                        | expand5((w >> 5) & 0x1f) << 8 | expand5(w & 0x1f);
                break;
            case THRASH_FORMAT_RGB565:
                c = rgb565(src[2 * x] | src[2 * x + 1] << 8);
                break;
            case THRASH_FORMAT_ARGB4444:
                w = src[2 * x] | src[2 * x + 1] << 8;
                c = ((w >> 12) & 0xf) * 17u << 24 | ((w >> 8) & 0xf) * 17u << 16
                        | ((w >> 4) & 0xf) * 17u << 8 | (w & 0xf) * 17u;
                break;
            case THRASH_FORMAT_ARGB8888:
                c = src[4 * x] | src[4 * x + 1] << 8 | src[4 * x + 2] << 16 | (DWORD)src[4 * x + 3] << 24;
                break;
            default:
                c = 0;
                break;
            }
            dst[x] = c;
        }
    }
}

/* ---- the exports' work ---- */

static DWORD max_levels(DWORD width, DWORD height)
{
    DWORD n = 1;

    while (width > 1 || height > 1)
    {
        width = width > 1 ? width / 2 : 1;
        height = height > 1 ? height / 2 : 1;
        ++n;
    }
    return n;
}

static size_t data_size(const struct dx7z_texture *t)
{
    return dx7z_texture_level_offset(t->format, t->width, t->height, t->levels);
}

struct dx7z_texture *dx7z_talloc(DWORD width, DWORD height, DWORD format, DWORD_PTR clut, DWORD mipstage)
{
    DWORD levels = (mipstage & 0xffff) + 1, stage = mipstage >> 16;
    struct dx7z_texture *t;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    if (!dx7z_texture_format_valid(format) || !width || !height || width > 4096 || height > 4096
            || stage >= THRASH_MAX_STAGES)
    {
        WARN("refused texture %ux%u format %u mipstage %#x\n", (unsigned)width, (unsigned)height,
                (unsigned)format, (unsigned)mipstage);
        return NULL;
    }
    if (levels > max_levels(width, height))
        levels = max_levels(width, height);
    if (!(t = calloc(1, sizeof(*t))))
        return NULL;
    t->width = width;
    t->height = height;
    t->format = format;
    t->levels = levels;
    t->stage = stage;
    t->clut_arg = clut;

    if (dx7z.ddraw)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
        desc.dwWidth = width;
        desc.dwHeight = height;
        desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
        desc.ddsCaps.dwCaps2 = DDSCAPS2_TEXTUREMANAGE;
        if (levels > 1)
        {
            desc.dwFlags |= DDSD_MIPMAPCOUNT;
            desc.dwMipMapCount = levels;
            desc.ddsCaps.dwCaps |= DDSCAPS_MIPMAP | DDSCAPS_COMPLEX;
        }
        desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
        desc.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_ALPHAPIXELS;
        desc.ddpfPixelFormat.dwRGBBitCount = 32;
        desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
        desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
        desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
        desc.ddpfPixelFormat.dwRGBAlphaBitMask = 0xff000000;
        if (FAILED(hr = IDirectDraw7_CreateSurface(dx7z.ddraw, &desc, &t->surface, NULL)))
        {
            WARN("CreateSurface failed, hr %#lx\n", (unsigned long)(DWORD)hr);
            free(t);
            return NULL;
        }
    }
    t->next = dx7z.textures;
    dx7z.textures = t;
    TRACE("%ux%u format %u levels %u stage %u -> %p\n", (unsigned)width, (unsigned)height,
            (unsigned)format, (unsigned)levels, (unsigned)stage, (void *)t);
    return t;
}

static BOOL upload(struct dx7z_texture *t)
{
    IDirectDrawSurface7 *level = t->surface, *next;
    DWORD w = t->width, h = t->height, l;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    if (!level)
        return TRUE;
    IDirectDrawSurface7_AddRef(level);
    for (l = 0; l < t->levels && level; ++l)
    {
        DDSCAPS2 caps;

        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        if (FAILED(hr = IDirectDrawSurface7_Lock(level, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL)))
        {
            WARN("Lock failed, hr %#lx\n", (unsigned long)(DWORD)hr);
            IDirectDrawSurface7_Release(level);
            return FALSE;
        }
        dx7z_texture_convert(t->format, t->pixels + dx7z_texture_level_offset(t->format, t->width, t->height, l),
                w, h, t->clut, desc.lpSurface, desc.lPitch / 4);
        IDirectDrawSurface7_Unlock(level, NULL);

        memset(&caps, 0, sizeof(caps));
        caps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP;
        next = NULL;
        if (l + 1 < t->levels)
            IDirectDrawSurface7_GetAttachedSurface(level, &caps, &next);
        IDirectDrawSurface7_Release(level);
        level = next;
        w = w > 1 ? w / 2 : 1;
        h = h > 1 ? h / 2 : 1;
    }
    if (level)
        IDirectDrawSurface7_Release(level);
    return TRUE;
}

/* tupdate(t, pixels, clut): either may be NULL; a clut alone re-expands the
 * kept data of a palettised texture. */
BOOL dx7z_tupdate(struct dx7z_texture *t, const void *pixels, const DWORD *clut)
{
    size_t size;

    if (!t)
        return FALSE;
    if (clut)
    {
        memcpy(t->clut, clut, sizeof(t->clut));
        t->has_clut = TRUE;
    }
    if (pixels)
    {
        size = data_size(t);
        if (!t->pixels && !(t->pixels = malloc(size)))
            return FALSE;
        t->pixels_size = size;
        memcpy(t->pixels, pixels, size);
    }
    if (!t->pixels)
        return clut != NULL;
    return upload(t);
}

/* tfree walks a list that nothing fills (0x60021d50 in the DLL), so it never
 * frees anything: textures go only with treset. Kept. */
BOOL dx7z_tfree(struct dx7z_texture *t)
{
    struct dx7z_texture **p;

    for (p = &dx7z.free_list; *p; p = &(*p)->next)
    {
        if (*p == t)
        {
            *p = t->next;
            return TRUE;
        }
    }
    TRACE("texture %p not on the free list; kept until treset\n", (void *)t);
    return TRUE;
}

/* Frees every texture. The recorded state 1 stays, so a new texture that
 * lands at a freed one's address is skipped by settexture as "already set"
 * (as in the DLL). */
BOOL dx7z_treset(void)
{
    struct dx7z_texture *t, *next;
    DWORD stage;

    dx7z_batch_flush();
    for (stage = 0; stage < THRASH_MAX_STAGES; ++stage)
    {
        if (dx7z.current_texture[stage])
            dx7z_dev_set_texture(stage, NULL);
        dx7z.current_texture[stage] = NULL;
    }
    dx7z_apply_stages();
    for (t = dx7z.textures; t; t = next)
    {
        next = t->next;
        if (t->surface)
            IDirectDrawSurface7_Release(t->surface);
        free(t->pixels);
        free(t);
    }
    dx7z.textures = NULL;
    return TRUE;
}

/* The stage operations depend on whether a stage has a texture, not on
 * which: one texture replacing another (what the game does between most
 * batches) leaves them as they are, once they have been sent to this
 * device (stage_ops_valid, cleared with a new device). */
BOOL dx7z_settexture(DWORD stage, struct dx7z_texture *t)
{
    unsigned int slot = dx7z_state_slot(THRASH_STATE_TEXTURE);
    struct dx7z_texture *old;

    if (stage >= THRASH_MAX_STAGES)
        return FALSE;
    if (dx7z.record[stage][slot] == (DWORD_PTR)t)
        return TRUE;
    dx7z_batch_flush();
    dx7z_dev_set_texture(stage, t ? t->surface : NULL);
    old = dx7z.current_texture[stage];
    dx7z.current_texture[stage] = t;
    if (!old || !t || !dx7z.stage_ops_valid[0])
        dx7z_apply_stages();
    return TRUE;
}

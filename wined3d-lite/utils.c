/*
 * Formats (sizes, masks, GL upload formats), FVF sizes and the CPU
 * conversions: palette expansion, DXT decoding, colour packing.
 */
#include "config.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(format);

#define PLAIN(id, bits, r, g, b, a) {id, #id, bits, 1, 1, (bits) / 8, r, g, b, a, 0, 0, 0, 0, 0, 0}
static const struct wined3d_format_info formats[WINED3DFMT_COUNT] =
{
    {WINED3DFMT_UNKNOWN, "WINED3DFMT_UNKNOWN", 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    PLAIN(WINED3DFMT_R5G6B5, 16, 0xf800, 0x07e0, 0x001f, 0),
    PLAIN(WINED3DFMT_X1R5G5B5, 16, 0x7c00, 0x03e0, 0x001f, 0),
    PLAIN(WINED3DFMT_A1R5G5B5, 16, 0x7c00, 0x03e0, 0x001f, 0x8000),
    PLAIN(WINED3DFMT_A4R4G4B4, 16, 0x0f00, 0x00f0, 0x000f, 0xf000),
    PLAIN(WINED3DFMT_R8G8B8, 24, 0xff0000, 0x00ff00, 0x0000ff, 0),
    PLAIN(WINED3DFMT_X8R8G8B8, 32, 0xff0000, 0x00ff00, 0x0000ff, 0),
    PLAIN(WINED3DFMT_A8R8G8B8, 32, 0xff0000, 0x00ff00, 0x0000ff, 0xff000000),
    {WINED3DFMT_P8, "WINED3DFMT_P8", 8, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0},
    {WINED3DFMT_P4, "WINED3DFMT_P4", 4, 2, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0},
    {WINED3DFMT_L8, "WINED3DFMT_L8", 8, 1, 1, 1, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 1},
    {WINED3DFMT_A8, "WINED3DFMT_A8", 8, 1, 1, 1, 0, 0, 0, 0xff, 0, 0, 0, 0, 0, 0},
    {WINED3DFMT_A8L8, "WINED3DFMT_A8L8", 16, 1, 1, 2, 0xff, 0, 0, 0xff00, 0, 0, 0, 0, 0, 1},
    {WINED3DFMT_DXT1, "WINED3DFMT_DXT1", 4, 4, 4, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
    {WINED3DFMT_DXT2, "WINED3DFMT_DXT2", 8, 4, 4, 16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
    {WINED3DFMT_DXT3, "WINED3DFMT_DXT3", 8, 4, 4, 16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
    {WINED3DFMT_DXT4, "WINED3DFMT_DXT4", 8, 4, 4, 16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
    {WINED3DFMT_DXT5, "WINED3DFMT_DXT5", 8, 4, 4, 16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
    {WINED3DFMT_D16, "WINED3DFMT_D16", 16, 1, 1, 2, 0, 0, 0, 0, 16, 0, 0, 0, 1, 0},
    {WINED3DFMT_D24X8, "WINED3DFMT_D24X8", 32, 1, 1, 4, 0, 0, 0, 0, 24, 0, 0, 0, 1, 0},
    {WINED3DFMT_D24S8, "WINED3DFMT_D24S8", 32, 1, 1, 4, 0, 0, 0, 0, 24, 8, 0, 0, 1, 0},
    {WINED3DFMT_D32, "WINED3DFMT_D32", 32, 1, 1, 4, 0, 0, 0, 0, 32, 0, 0, 0, 1, 0},
    PLAIN(WINED3DFMT_A8B8G8R8, 32, 0x0000ff, 0x00ff00, 0xff0000, 0xff000000),
    PLAIN(WINED3DFMT_X8B8G8R8, 32, 0x0000ff, 0x00ff00, 0xff0000, 0),
    PLAIN(WINED3DFMT_A1B5G5R5, 16, 0x001f, 0x03e0, 0x7c00, 0x8000),
    /* Bump formats are not plain RGB: no masks (DDPF_BUMPDUDV describes them). */
    {WINED3DFMT_V8U8, "WINED3DFMT_V8U8", 16, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
    {WINED3DFMT_L6V5U5, "WINED3DFMT_L6V5U5", 16, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
    {WINED3DFMT_X8L8V8U8, "WINED3DFMT_X8L8V8U8", 32, 1, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
    {WINED3DFMT_X8D24, "WINED3DFMT_X8D24", 32, 1, 1, 4, 0, 0, 0, 0, 24, 0, 0, 0, 1, 0},
    {WINED3DFMT_S8D24, "WINED3DFMT_S8D24", 32, 1, 1, 4, 0, 0, 0, 0, 24, 8, 0, 0, 1, 0},
};
#undef PLAIN

const struct wined3d_format_info *wined3d_get_format_info(enum wined3d_format_id id)
{
    if ((unsigned int)id >= WINED3DFMT_COUNT || id == WINED3DFMT_UNKNOWN)
    {
        WARN("Unknown format %u.\n", (unsigned int)id);
        return NULL;
    }
    return &formats[id];
}

/* Rows are 4-byte aligned, as GL's default (UN)PACK_ALIGNMENT reads them,
 * or 8-byte aligned (a DirectDraw surface in video memory); GL reads both
 * with the (UN)PACK_ALIGNMENT of the same value. */
uint32_t wined3d_format_calculate_aligned_pitch(enum wined3d_format_id id, uint32_t width, uint32_t alignment)
{
    const struct wined3d_format_info *f = wined3d_get_format_info(id);
    uint32_t blocks, mask = alignment == 8 ? 7 : 3;

    if (!f) return 0;
    blocks = (width + f->block_width - 1) / f->block_width;
    if (f->compressed)
        return blocks * f->block_bytes;
    if (id == WINED3DFMT_P4)
        return ((width + 1) / 2 + mask) & ~mask;
    return (blocks * f->block_bytes + mask) & ~mask;
}

uint32_t wined3d_format_calculate_pitch(enum wined3d_format_id id, uint32_t width)
{
    return wined3d_format_calculate_aligned_pitch(id, width, 4);
}

uint32_t wined3d_format_calculate_size(enum wined3d_format_id id, uint32_t width, uint32_t height)
{
    const struct wined3d_format_info *f = wined3d_get_format_info(id);
    if (!f) return 0;
    return wined3d_format_calculate_pitch(id, width) * ((height + f->block_height - 1) / f->block_height);
}

/* Bump formats to RGBA8_SNORM: du, dv signed in r, g; luminance in b. */
static int8_t snorm_from_signed(int v, int max)
{
    int r = v >= 0 ? (v * 127 + max / 2) / max : -((-v * 127 + max / 2) / max);
    return (int8_t)(r < -127 ? -127 : r > 127 ? 127 : r);
}

static void convert_l6v5u5_row(const uint8_t *src, uint8_t *dst, unsigned int width)
{
    unsigned int x;
    for (x = 0; x < width; ++x)
    {
        unsigned int v = src[x * 2] | src[x * 2 + 1] << 8;
        int u5 = v & 0x1f, v5 = (v >> 5) & 0x1f;
        if (u5 & 0x10) u5 -= 32;
        if (v5 & 0x10) v5 -= 32;
        dst[x * 4] = (uint8_t)snorm_from_signed(u5, 15);
        dst[x * 4 + 1] = (uint8_t)snorm_from_signed(v5, 15);
        dst[x * 4 + 2] = (uint8_t)((((v >> 10) & 0x3f) * 127 + 31) / 63);
        dst[x * 4 + 3] = 127;
    }
}

static void convert_x8l8v8u8_row(const uint8_t *src, uint8_t *dst, unsigned int width)
{
    unsigned int x;
    for (x = 0; x < width; ++x)
    {
        dst[x * 4] = src[x * 4];
        dst[x * 4 + 1] = src[x * 4 + 1];
        dst[x * 4 + 2] = (uint8_t)((src[x * 4 + 2] * 127 + 127) / 255);
        dst[x * 4 + 3] = 127;
    }
}

#define SW(r, g, b, a) {r, g, b, a}
#define RGBA SW(GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA)
static const struct wined3d_gl_format gl_formats[WINED3DFMT_COUNT] =
{
    [WINED3DFMT_R5G6B5]   = {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, RGBA, 0},
    [WINED3DFMT_X1R5G5B5] = {GL_RGB5_A1, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, SW(GL_RED, GL_GREEN, GL_BLUE, GL_ONE), 0},
    [WINED3DFMT_A1R5G5B5] = {GL_RGB5_A1, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, RGBA, 0},
    [WINED3DFMT_A4R4G4B4] = {GL_RGBA4, GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4_REV, RGBA, 0},
    [WINED3DFMT_R8G8B8]   = {GL_RGB8, GL_BGR, GL_UNSIGNED_BYTE, RGBA, 0},
    /* X8, the usual render target: unsized GL_RGBA, so that GL picks the
     * storage matching the upload's BGRA bytes, which is also a window's on
     * Mesa: a 1:1 present is then a copy, not a draw (swapchain.c).  Its
     * alpha byte is stored but is not D3D's: sampling reads 1 (swizzle),
     * blending replaces the factors that read it (state_blend), a present
     * copies it only where the window keeps no alpha. */
    [WINED3DFMT_X8R8G8B8] = {GL_RGBA, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, SW(GL_RED, GL_GREEN, GL_BLUE, GL_ONE), 0},
    [WINED3DFMT_A8R8G8B8] = {GL_RGBA8, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, RGBA, 0},
    [WINED3DFMT_P8]       = {0, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, RGBA, WINED3DFMT_A8R8G8B8},
    [WINED3DFMT_P4]       = {0, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, RGBA, WINED3DFMT_A8R8G8B8},
    [WINED3DFMT_L8]       = {GL_R8, GL_RED, GL_UNSIGNED_BYTE, SW(GL_RED, GL_RED, GL_RED, GL_ONE), 0},
    [WINED3DFMT_A8]       = {GL_R8, GL_RED, GL_UNSIGNED_BYTE, SW(GL_ZERO, GL_ZERO, GL_ZERO, GL_RED), 0},
    [WINED3DFMT_A8L8]     = {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, SW(GL_RED, GL_RED, GL_RED, GL_GREEN), 0},
    [WINED3DFMT_DXT1]     = {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 0, 0, RGBA, 0},
    [WINED3DFMT_DXT2]     = {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 0, 0, RGBA, 0},
    [WINED3DFMT_DXT3]     = {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 0, 0, RGBA, 0},
    [WINED3DFMT_DXT4]     = {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 0, 0, RGBA, 0},
    [WINED3DFMT_DXT5]     = {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 0, 0, RGBA, 0},
    [WINED3DFMT_D16]      = {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, RGBA, 0},
    [WINED3DFMT_D24X8]    = {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, RGBA, 0},
    [WINED3DFMT_D24S8]    = {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, RGBA, 0},
    [WINED3DFMT_D32]      = {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, RGBA, 0},
    [WINED3DFMT_A8B8G8R8] = {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, RGBA, 0},
    [WINED3DFMT_X8B8G8R8] = {GL_RGB8, GL_RGBA, GL_UNSIGNED_BYTE, SW(GL_RED, GL_GREEN, GL_BLUE, GL_ONE), 0},
    [WINED3DFMT_A1B5G5R5] = {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, RGBA, 0},
    [WINED3DFMT_V8U8]     = {GL_RG8_SNORM, GL_RG, GL_BYTE, SW(GL_RED, GL_GREEN, GL_ONE, GL_ONE), 0},
    [WINED3DFMT_L6V5U5]   = {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, SW(GL_RED, GL_GREEN, GL_BLUE, GL_ONE), 0,
                             convert_l6v5u5_row},
    [WINED3DFMT_X8L8V8U8] = {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, SW(GL_RED, GL_GREEN, GL_BLUE, GL_ONE), 0,
                             convert_x8l8v8u8_row},
    /* GL keeps depth in the high 24 bits: the CPU copy is turned by 8 bits
     * on its way to and from GL (texture.c). */
    [WINED3DFMT_X8D24]    = {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, RGBA, 0},
    [WINED3DFMT_S8D24]    = {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, RGBA, 0},
};
/* DXT without native S3TC: decoded to A8R8G8B8. */
static const struct wined3d_gl_format gl_format_decoded =
        {0, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, RGBA, WINED3DFMT_A8R8G8B8};
#undef RGBA
#undef SW

const struct wined3d_gl_format *wined3d_get_gl_format(enum wined3d_format_id id, int s3tc_native)
{
    const struct wined3d_format_info *f = wined3d_get_format_info(id);
    if (!f) return NULL;
    if (f->compressed && !s3tc_native)
        return &gl_format_decoded;
    return &gl_formats[id];
}

/* ---------------------------------------------------------------------- */
/* FVF.                                                                    */

unsigned int wined3d_fvf_get_tex_coord_size(uint32_t fvf, unsigned int i)
{
    static const unsigned int sizes[4] = {2, 3, 4, 1};
    return sizes[(fvf >> (16 + i * 2)) & 3];
}

static uint32_t fvf_compute_stride(uint32_t fvf)
{
    uint32_t size = 0;
    unsigned int i, count;

    switch (fvf & WINED3DFVF_POSITION_MASK)
    {
        case 0: break;
        case WINED3DFVF_XYZ:    size += 12; break;
        case WINED3DFVF_XYZRHW: size += 16; break;
        default: size += 12 + 4 * (((fvf & WINED3DFVF_POSITION_MASK) - WINED3DFVF_XYZB1) / 2 + 1); break;
    }
    if (!(fvf & WINED3DFVF_POSITION_MASK))
        return 0;
    if (fvf & WINED3DFVF_NORMAL) size += 12;
    if (fvf & WINED3DFVF_RESERVED1) size += 4;
    if (fvf & WINED3DFVF_DIFFUSE) size += 4;
    if (fvf & WINED3DFVF_SPECULAR) size += 4;
    count = (fvf & WINED3DFVF_TEXCOUNT_MASK) >> WINED3DFVF_TEXCOUNT_SHIFT;
    if (count > 8) return 0;
    /* Two floats for every set whose size bits are 0, the usual case. */
    if (!count || !((fvf >> 16) & ((1u << (2 * count)) - 1)))
        return size + 8 * count;
    for (i = 0; i < count; ++i)
        size += 4 * wined3d_fvf_get_tex_coord_size(fvf, i);
    return size;
}

/* Draws repeat one format many times: the last format asked for and its
 * stride, as one 64-bit value so that threads never see a torn pair. */
static uint64_t fvf_stride_last;

/* The largest of count indices, eight a step with SSE2 (unsigned 16-bit
 * maxima through the signed ones, the sign bit flipped); a compare and
 * branch per index cost seven instructions, a mesh has a few dozen.  With
 * dst, the indices are copied there with delta added in the same pass
 * (joined draws rebase a draw's indices to its run's first vertex); the
 * callers pass dst as a constant, so each gets its own loop. */
static inline uint16_t index_scan(uint16_t *dst, const uint16_t *indices, uint32_t count, uint16_t delta)
{
    uint16_t max = 0;
    uint32_t i = 0;

#ifdef __SSE2__
    if (count >= 8)
    {
        const __m128i flip = _mm_set1_epi16((short)0x8000), add = _mm_set1_epi16((short)delta);
        __m128i m = _mm_set1_epi16((short)0x8000);   /* 0, flipped */

        for (; i + 8 <= count; i += 8)
        {
            __m128i v = _mm_loadu_si128((const __m128i *)(indices + i));

            m = _mm_max_epi16(m, _mm_xor_si128(v, flip));
            if (dst)
                _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi16(v, add));
        }
        /* The last few once more as the last 8, which overlap the ones
         * done (dst is never indices: the same values written again). */
        if (i < count)
        {
            __m128i v = _mm_loadu_si128((const __m128i *)(indices + count - 8));

            m = _mm_max_epi16(m, _mm_xor_si128(v, flip));
            if (dst)
                _mm_storeu_si128((__m128i *)(dst + count - 8), _mm_add_epi16(v, add));
            i = count;
        }
        /* The lanes' maximum into lane 0 in three halvings (the zeros
         * shifted in reach only lanes that are not read after). */
        m = _mm_max_epi16(m, _mm_srli_si128(m, 8));
        m = _mm_max_epi16(m, _mm_srli_si128(m, 4));
        m = _mm_max_epi16(m, _mm_srli_si128(m, 2));
        max = (uint16_t)(_mm_cvtsi128_si32(m) ^ 0x8000);
    }
#endif
    for (; i < count; ++i)
    {
        max = indices[i] > max ? indices[i] : max;
        if (dst)
            dst[i] = (uint16_t)(indices[i] + delta);
    }
    return max;
}

uint16_t wined3d_index_max(const uint16_t *indices, uint32_t count)
{
    return index_scan(NULL, indices, count, 0);
}

/* The indices copied to dst with delta added; the largest before it. */
uint16_t wined3d_index_rebase(uint16_t *dst, const uint16_t *indices, uint32_t count, uint16_t delta)
{
    return index_scan(dst, indices, count, delta);
}

uint32_t wined3d_fvf_get_stride(uint32_t fvf)
{
    uint64_t last = __atomic_load_n(&fvf_stride_last, __ATOMIC_RELAXED);
    uint32_t stride;

    if ((uint32_t)(last >> 32) == fvf && fvf)
        return (uint32_t)last;
    stride = fvf_compute_stride(fvf);
    __atomic_store_n(&fvf_stride_last, ((uint64_t)fvf << 32) | stride, __ATOMIC_RELAXED);
    return stride;
}

/* ---------------------------------------------------------------------- */
/* Conversions.                                                            */

void wined3d_convert_p8_row(const uint8_t *src, uint32_t *dst, unsigned int width, const uint32_t *palette)
{
    unsigned int x;
    for (x = 0; x < width; ++x) dst[x] = palette[src[x]];
}

void wined3d_convert_p4_row(const uint8_t *src, uint32_t *dst, unsigned int width, const uint32_t *palette)
{
    unsigned int x;
    for (x = 0; x < width; ++x)
        dst[x] = palette[(x & 1) ? src[x / 2] >> 4 : src[x / 2] & 0xf];
}

static unsigned int mask_shift(uint32_t mask)
{
    unsigned int s = 0;
    if (!mask) return 0;
    while (!(mask & 1)) { mask >>= 1; ++s; }
    return s;
}

static uint32_t pack_channel(uint32_t value8, uint32_t mask)
{
    unsigned int shift = mask_shift(mask);
    uint32_t max = mask >> shift;
    return ((value8 * max + 127) / 255) << shift & mask;
}

static uint32_t unpack_channel(uint32_t value, uint32_t mask)
{
    unsigned int shift = mask_shift(mask);
    uint32_t max = mask >> shift;
    if (!mask) return 0;
    return (((value & mask) >> shift) * 255 + max / 2) / max;
}

uint32_t wined3d_color_to_format(enum wined3d_format_id id, uint32_t argb)
{
    const struct wined3d_format_info *f = wined3d_get_format_info(id);
    uint32_t a = argb >> 24, r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;

    if (!f) return 0;
    if (f->luminance)
        return (r & 0xff) | (f->alpha_mask ? a << 8 : 0);
    if (f->depth || f->palettised || f->compressed)
        return argb;
    return pack_channel(r, f->red_mask) | pack_channel(g, f->green_mask) | pack_channel(b, f->blue_mask)
            | pack_channel(a, f->alpha_mask);
}

uint32_t wined3d_format_to_argb(enum wined3d_format_id id, uint32_t v, const uint32_t *palette)
{
    const struct wined3d_format_info *f = wined3d_get_format_info(id);
    uint32_t a;

    if (!f) return 0;
    if (f->palettised)
        return palette ? palette[v & 0xff] : 0;
    if (f->luminance)
    {
        uint32_t l = v & 0xff;
        a = f->alpha_mask ? (v >> 8) & 0xff : 0xff;
        return a << 24 | l << 16 | l << 8 | l;
    }
    a = f->alpha_mask ? unpack_channel(v, f->alpha_mask) : 0xff;
    return a << 24 | unpack_channel(v, f->red_mask) << 16 | unpack_channel(v, f->green_mask) << 8
            | unpack_channel(v, f->blue_mask);
}

/* ---------------------------------------------------------------------- */
/* DXT decoding (S3TC as Direct3D defines it).                             */

static uint32_t rgb565_to_argb(uint16_t c)
{
    uint32_t r = (c >> 11) & 0x1f, g = (c >> 5) & 0x3f, b = c & 0x1f;
    r = (r << 3) | (r >> 2); g = (g << 2) | (g >> 4); b = (b << 3) | (b >> 2);
    return 0xff000000u | r << 16 | g << 8 | b;
}

static uint32_t mix(uint32_t c0, uint32_t c1, unsigned int w0, unsigned int w1, unsigned int d)
{
    uint32_t out = 0xff000000u;
    unsigned int shift;
    for (shift = 0; shift < 24; shift += 8)
        out |= ((((c0 >> shift) & 0xff) * w0 + ((c1 >> shift) & 0xff) * w1) / d) << shift;
    return out;
}

static void decode_color_block(const uint8_t *b, uint32_t colors[16], int dxt1)
{
    uint16_t c0 = b[0] | b[1] << 8, c1 = b[2] | b[3] << 8;
    uint32_t bits = b[4] | b[5] << 8 | b[6] << 16 | (uint32_t)b[7] << 24;
    uint32_t pal[4];
    unsigned int i;

    pal[0] = rgb565_to_argb(c0);
    pal[1] = rgb565_to_argb(c1);
    if (c0 > c1 || !dxt1)
    {
        pal[2] = mix(pal[0], pal[1], 2, 1, 3);
        pal[3] = mix(pal[0], pal[1], 1, 2, 3);
    }
    else
    {
        pal[2] = mix(pal[0], pal[1], 1, 1, 2);
        pal[3] = 0;     /* transparent black */
    }
    for (i = 0; i < 16; ++i)
        colors[i] = pal[(bits >> (2 * i)) & 3];
}

void wined3d_decode_dxt(enum wined3d_format_id id, const uint8_t *src, uint32_t src_pitch,
        uint8_t *dst, uint32_t dst_pitch, unsigned int width, unsigned int height)
{
    unsigned int bx, by, i, x, y;
    uint32_t colors[16];

    for (by = 0; by < (height + 3) / 4; ++by)
    {
        for (bx = 0; bx < (width + 3) / 4; ++bx)
        {
            const uint8_t *block = src + by * src_pitch + bx * (id == WINED3DFMT_DXT1 ? 8 : 16);

            if (id == WINED3DFMT_DXT1)
                decode_color_block(block, colors, 1);
            else
            {
                decode_color_block(block + 8, colors, 0);
                if (id == WINED3DFMT_DXT2 || id == WINED3DFMT_DXT3)
                {
                    for (i = 0; i < 16; ++i)
                    {
                        uint32_t a = (block[i / 2] >> ((i & 1) * 4)) & 0xf;
                        colors[i] = (colors[i] & 0xffffff) | (a * 17) << 24;
                    }
                }
                else
                {
                    uint32_t a[8], a0 = block[0], a1 = block[1];
                    uint64_t bits = 0;
                    for (i = 0; i < 6; ++i) bits |= (uint64_t)block[2 + i] << (8 * i);
                    a[0] = a0; a[1] = a1;
                    if (a0 > a1)
                        for (i = 0; i < 6; ++i) a[2 + i] = ((6 - i) * a0 + (1 + i) * a1) / 7;
                    else
                    {
                        for (i = 0; i < 4; ++i) a[2 + i] = ((4 - i) * a0 + (1 + i) * a1) / 5;
                        a[6] = 0; a[7] = 255;
                    }
                    for (i = 0; i < 16; ++i)
                        colors[i] = (colors[i] & 0xffffff) | a[(bits >> (3 * i)) & 7] << 24;
                }
            }
            for (y = 0; y < 4 && by * 4 + y < height; ++y)
                for (x = 0; x < 4 && bx * 4 + x < width; ++x)
                    memcpy(dst + (by * 4 + y) * dst_pitch + (bx * 4 + x) * 4, &colors[y * 4 + x], 4);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* DXT encoding, for blits into DXT surfaces.  The colour endpoints are the
 * two colours of the block that lie farthest apart: exact for blocks of one
 * or two colours (what a blit of flat colour or of a DXT source gives) and
 * close enough otherwise; each texel takes the nearest palette entry.      */

static uint16_t argb_to_rgb565(uint32_t c)
{
    uint32_t r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;
    return ((r * 31 + 127) / 255) << 11 | ((g * 63 + 127) / 255) << 5 | (b * 31 + 127) / 255;
}

static unsigned int rgb_distance(uint32_t a, uint32_t b)
{
    int dr = (int)((a >> 16) & 0xff) - (int)((b >> 16) & 0xff);
    int dg = (int)((a >> 8) & 0xff) - (int)((b >> 8) & 0xff);
    int db = (int)(a & 0xff) - (int)(b & 0xff);
    return dr * dr + dg * dg + db * db;
}

/* used[i]: whether texel i lies inside the surface (edge blocks of small
 * mip levels are partly outside). */
static void encode_color_block(const uint32_t colors[16], const uint8_t used[16], int dxt1, uint8_t *out)
{
    unsigned int i, j, k, best = 0, e0 = 16, e1 = 16, count;
    int transparent = 0, three;
    uint16_t c0 = 0, c1 = 0, t;
    uint32_t pal[4], bits = 0;

    for (i = 0; i < 16; ++i)
    {
        if (!used[i]) continue;
        if (dxt1 && colors[i] >> 24 < 0x80)
        {
            transparent = 1;
            continue;
        }
        if (e0 == 16) e0 = e1 = i;
        for (j = i + 1; j < 16; ++j)
        {
            unsigned int d;
            if (!used[j] || (dxt1 && colors[j] >> 24 < 0x80)) continue;
            if ((d = rgb_distance(colors[i], colors[j])) > best)
            {
                best = d;
                e0 = i;
                e1 = j;
            }
        }
    }
    if (e0 != 16)
    {
        c0 = argb_to_rgb565(colors[e0]);
        c1 = argb_to_rgb565(colors[e1]);
    }
    /* DXT1 tells its modes apart by the order of the endpoints: c0 > c1 has
     * four colours, c0 <= c1 three and transparent black. */
    if (transparent ? c0 > c1 : c0 < c1)
    {
        t = c0;
        c0 = c1;
        c1 = t;
    }
    three = dxt1 && c0 <= c1;
    pal[0] = rgb565_to_argb(c0);
    pal[1] = rgb565_to_argb(c1);
    pal[2] = three ? mix(pal[0], pal[1], 1, 1, 2) : mix(pal[0], pal[1], 2, 1, 3);
    pal[3] = three ? 0 : mix(pal[0], pal[1], 1, 2, 3);
    count = three ? 3 : 4;
    for (i = 0; i < 16; ++i)
    {
        unsigned int index = 0;

        if (!used[i]) continue;
        if (three && transparent && colors[i] >> 24 < 0x80)
            index = 3;
        else
        {
            for (k = 1, best = rgb_distance(colors[i], pal[0]); k < count; ++k)
            {
                unsigned int d = rgb_distance(colors[i], pal[k]);
                if (d < best)
                {
                    best = d;
                    index = k;
                }
            }
        }
        bits |= (uint32_t)index << (2 * i);
    }
    out[0] = c0;
    out[1] = c0 >> 8;
    out[2] = c1;
    out[3] = c1 >> 8;
    for (i = 0; i < 4; ++i)
        out[4 + i] = bits >> (8 * i);
}

/* DXT4/5: 3-bit indices into eight alphas between the largest and the
 * smallest; a block of one alpha uses the first only. */
static void encode_alpha_block(const uint32_t colors[16], const uint8_t used[16], uint8_t *out)
{
    unsigned int i, k, a0 = 0, a1 = 255, a[8];
    uint64_t bits = 0;

    for (i = 0; i < 16; ++i)
    {
        unsigned int v = colors[i] >> 24;
        if (!used[i]) continue;
        if (v > a0) a0 = v;
        if (v < a1) a1 = v;
    }
    if (a0 < a1) a0 = a1 = 0xff;
    a[0] = a0;
    a[1] = a1;
    for (i = 0; i < 6; ++i) a[2 + i] = ((6 - i) * a0 + (1 + i) * a1) / 7;
    for (i = 0; i < 16; ++i)
    {
        unsigned int v = colors[i] >> 24, index = 0, best = 256;

        if (!used[i] || a0 == a1) continue;
        for (k = 0; k < 8; ++k)
        {
            unsigned int d = v > a[k] ? v - a[k] : a[k] - v;
            if (d < best)
            {
                best = d;
                index = k;
            }
        }
        bits |= (uint64_t)index << (3 * i);
    }
    out[0] = a0;
    out[1] = a1;
    for (i = 0; i < 6; ++i)
        out[2 + i] = bits >> (8 * i);
}

void wined3d_encode_dxt(enum wined3d_format_id id, const uint8_t *src, uint32_t src_pitch,
        uint8_t *dst, uint32_t dst_pitch, unsigned int width, unsigned int height)
{
    unsigned int block_bytes = id == WINED3DFMT_DXT1 ? 8 : 16;
    unsigned int bx, by, i, x, y;
    uint32_t colors[16];
    uint8_t used[16];

    for (by = 0; by < (height + 3) / 4; ++by)
    {
        for (bx = 0; bx < (width + 3) / 4; ++bx)
        {
            uint8_t *block = dst + by * dst_pitch + bx * block_bytes;

            for (y = 0; y < 4; ++y)
                for (x = 0; x < 4; ++x)
                {
                    i = y * 4 + x;
                    used[i] = by * 4 + y < height && bx * 4 + x < width;
                    colors[i] = 0;
                    if (used[i])
                        memcpy(&colors[i], src + (by * 4 + y) * src_pitch + (bx * 4 + x) * 4, 4);
                }
            if (id == WINED3DFMT_DXT1)
            {
                encode_color_block(colors, used, 1, block);
                continue;
            }
            encode_color_block(colors, used, 0, block + 8);
            if (id == WINED3DFMT_DXT4 || id == WINED3DFMT_DXT5)
                encode_alpha_block(colors, used, block);
            else
            {
                memset(block, 0, 8);
                for (i = 0; i < 16; ++i)
                    block[i / 2] |= (((colors[i] >> 24) * 15 + 127) / 255) << ((i & 1) * 4);
            }
        }
    }
}

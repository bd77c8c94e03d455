/*
 * The built-in demo stream: what RenderWare's PS2 driver would send for a
 * small scene, recorded through the RenderWare level (gs_rw) and written
 * into the stream container.  It exercises a sky (Gouraud, Z test off), a
 * textured ground with perspective and the game's fog curve, cut-out
 * foliage under the game's alpha test (GEQUAL 0x40, AFAIL frame buffer
 * only) drawn in both orders, additive glow (ONE / ONE), thin lines for the
 * anti-flicker output, textures placed by the texture cache (PSMCT32,
 * PSMT8 and PSMT4 with CLUTs), and a last frame with 16-bit Z.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gsplay.h"
#include "gs.h"

struct demo
{
    struct gsplay_buffer *stream;
    struct gs_rw *rw;
    unsigned int zshift;    /* 8 with 16-bit Z: the scene's Z scaled to the buffer */
    int failed;
};

int gsplay_buffer_append(struct gsplay_buffer *b, const void *data, size_t size)
{
    if (b->size + size > b->capacity)
    {
        size_t cap = b->capacity ? b->capacity * 2 : 65536;
        uint8_t *d;
        while (cap < b->size + size) cap *= 2;
        if (!(d = realloc(b->data, cap))) return -1;
        b->data = d;
        b->capacity = cap;
    }
    memcpy(b->data + b->size, data, size);
    b->size += size;
    return 0;
}

int gsplay_append_record(struct gsplay_buffer *b, uint32_t type, const void *payload, size_t size)
{
    uint8_t head[8];
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        head[i] = type >> (i * 8);
        head[4 + i] = (uint32_t)size >> (i * 8);
    }
    if (gsplay_buffer_append(b, head, 8) < 0) return -1;
    return size ? gsplay_buffer_append(b, payload, size) : 0;
}

static void record_packet(void *ctx, const uint64_t *qwords, size_t count)
{
    struct demo *d = ctx;
    if (gsplay_append_record(d->stream, GSPLAY_GIF, qwords, count * 16) < 0) d->failed = 1;
}

static void rs(struct demo *d, unsigned int state, uintptr_t value)
{
    if (!gs_rw_render_state_set(d->rw, state, value)) d->failed = 1;
}

static void ad(struct demo *d, unsigned int reg, uint64_t value)
{
    uint64_t p[4] = {gs_make_giftag(1, 1, 0, 0, GS_GIF_PACKED, 1), GS_GIF_REG_AD, value, reg};
    record_packet(d, p, 2);
}

struct vtx { float x, y; uint32_t z; unsigned int r, g, b, a; float s, t, q; unsigned int fog; };

/* One PACKED tag per primitive list: ST (textured), RGBAQ, XYZF2. */
static void draw(struct demo *d, unsigned int type, const struct vtx *v, unsigned int n)
{
    unsigned int attr = gs_rw_get_shadow(d->rw, GS_RW_SHADOW_PRIM), tex = attr & GS_PRIM_TME, nreg = tex ? 3 : 2, i;
    uint64_t *p = calloc((1 + n * nreg) * 2, sizeof(uint64_t)), *o;
    union { float f; uint32_t u; } s, t, q;

    if (!p) { d->failed = 1; return; }
    p[0] = gs_make_giftag(n, 1, 1, type | (attr & 0x7f8), GS_GIF_PACKED, nreg);
    p[1] = tex ? (GS_ST | GS_RGBAQ << 4 | GS_XYZF2 << 8) : (GS_RGBAQ | GS_XYZF2 << 4);
    for (i = 0, o = p + 2; i < n; ++i)
    {
        if (tex)
        {
            s.f = v[i].s * v[i].q; t.f = v[i].t * v[i].q; q.f = v[i].q;
            *o++ = s.u | (uint64_t)t.u << 32;
            *o++ = q.u;
        }
        *o++ = v[i].r | (uint64_t)v[i].g << 32;
        *o++ = v[i].b | (uint64_t)v[i].a << 32;
        *o++ = (uint64_t)(unsigned int)(v[i].x * 16.0f) | (uint64_t)(unsigned int)(v[i].y * 16.0f) << 32;
        *o++ = (uint64_t)((v[i].z >> d->zshift) & 0xffffff) << 4 | (uint64_t)(v[i].fog & 0xff) << 36;
    }
    record_packet(d, p, 1 + n * nreg);
    free(p);
}

static struct vtx V(float x, float y, uint32_t z, unsigned int r, unsigned int g, unsigned int b, unsigned int a)
{
    struct vtx v = {x, y, z, r, g, b, a, 0.0f, 0.0f, 1.0f, 255};
    return v;
}

static void quad(struct demo *d, float x0, float y0, float x1, float y1, uint32_t z, unsigned int r,
        unsigned int g, unsigned int b, unsigned int a, float s1, float t1)
{
    struct vtx v[4];
    v[0] = V(x0, y0, z, r, g, b, a); v[0].s = 0; v[0].t = 0;
    v[1] = V(x1, y0, z, r, g, b, a); v[1].s = s1; v[1].t = 0;
    v[2] = V(x0, y1, z, r, g, b, a); v[2].s = 0; v[2].t = t1;
    v[3] = V(x1, y1, z, r, g, b, a); v[3].s = s1; v[3].t = t1;
    draw(d, GS_PRIM_TRISTRIP, v, 4);
}

#define SIGNS 100

/* Textures, made once. */
struct textures
{
    uint32_t checker[64 * 64];
    uint8_t leaf[64 * 64];
    uint32_t leaf_clut[256];
    uint8_t glow[32 * 32 / 2];
    uint32_t glow_clut[16];
    /* More small textures than the cache holds: the ring evicts. */
    uint32_t sign[SIGNS][32 * 32];
    struct gs_raster ground, foliage, lamp, signs[SIGNS];
};

static void make_textures(struct textures *t)
{
    unsigned int x, y, i;

    memset(t, 0, sizeof(*t));
    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
        {
            int c = ((x >> 3) ^ (y >> 3)) & 1;
            t->checker[y * 64 + x] = 0x80000000u | (c ? 0x3c8c50u : 0x286e3cu);
        }
    /* Leaf: index by distance from the centre; palette with alpha 0x80
     * inside, a 0x30 fringe (below AREF 0x40) and 0 outside. */
    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
        {
            float dx = (x - 31.5f) / 31.5f, dy = (y - 31.5f) / 20.0f;
            float r = sqrtf(dx * dx + dy * dy) + 0.15f * sinf(x * 0.9f) * sinf(y * 0.7f);
            t->leaf[y * 64 + x] = r < 0.8f ? 1 + (x * 7 + y * 3) % 100 : r < 1.0f ? 200 : 0;
        }
    for (i = 0; i < 256; ++i)
    {
        uint32_t c;
        unsigned int j = (i & ~0x18u) | ((i & 0x08) << 1) | ((i & 0x10) >> 1); /* stored CSM1 order */
        if (i == 0) c = 0;
        else if (i == 200) c = 0x30000000u | 0x20b040u;
        else c = 0x80000000u | (0x30 + i / 2) << 8 | (0x10 + i / 4);
        t->leaf_clut[j] = c;
    }
    for (y = 0; y < 32; ++y)
        for (x = 0; x < 32; ++x)
        {
            float r = sqrtf((x - 15.5f) * (x - 15.5f) + (y - 15.5f) * (y - 15.5f)) / 16.0f;
            unsigned int v = r >= 1.0f ? 0 : (unsigned int)((1.0f - r) * 15.0f);
            t->glow[(y * 32 + x) / 2] |= (x & 1) ? v << 4 : v;
        }
    for (i = 0; i < 16; ++i) t->glow_clut[i] = 0x80000000u | (i * 16) | (i * 12) << 8 | (i * 4) << 16;

    t->ground.width = 64; t->ground.height = 64;
    t->ground.format = GS_RW_FORMAT_888;
    t->ground.size_words = 4096;
    t->ground.tex0 = gs_make_tex0(0, 1, GS_PSMCT32, 6, 6, 1, 0, 0, 0, 0, 0, 0);
    t->ground.pixels = t->checker;

    t->foliage.width = 64; t->foliage.height = 64;
    t->foliage.format = GS_RW_FORMAT_8888 | GS_RW_FORMAT_PAL8;
    t->foliage.size_words = 1024 + 256;
    t->foliage.clut_offset_words = 1024;
    t->foliage.tex0 = gs_make_tex0(0, 2, GS_PSMT8, 6, 6, 1, 0, 0, 0, 0, 0, 1);
    t->foliage.pixels = t->leaf;
    t->foliage.clut = t->leaf_clut;

    t->lamp.width = 32; t->lamp.height = 32;
    t->lamp.format = GS_RW_FORMAT_888 | GS_RW_FORMAT_PAL4;
    t->lamp.size_words = 128 + 64;
    t->lamp.clut_offset_words = 128;
    t->lamp.tex0 = gs_make_tex0(0, 2, GS_PSMT4, 5, 5, 1, 0, 0, 0, 0, 0, 1);
    t->lamp.pixels = t->glow;
    t->lamp.clut = t->glow_clut;

    for (i = 0; i < SIGNS; ++i)
    {
        uint32_t c = 0x80000000u | ((i * 37) & 0xff) | ((i * 91) & 0xff) << 8 | ((i * 53 + 128) & 0xff) << 16;
        for (x = 0; x < 32 * 32; ++x) t->sign[i][x] = ((x & 31) < 2 || (x >> 5) < 2) ? 0x80ffffffu : c;
        t->signs[i].width = t->signs[i].height = 32;
        t->signs[i].format = GS_RW_FORMAT_888;
        t->signs[i].size_words = 32 * 32 * 2; /* two mip levels' worth: 2,048 words a sign */
        t->signs[i].tex0 = gs_make_tex0(0, 1, GS_PSMCT32, 5, 5, 1, 0, 0, 0, 0, 0, 0);
        t->signs[i].pixels = t->sign[i];
    }
}

#define FAR 115.0f
#define HORIZON 150.0f

/* Ground rows from w = 2 to FAR: screen y from the bottom to the horizon,
 * Z = 2^23 / w (larger nearer), fog from the game's curve. */
static void ground(struct demo *d, float scroll)
{
    unsigned int row;
    const float rows[] = {2.0f, 4.0f, 8.0f, 16.0f, 32.0f, 57.5f, 80.0f, 100.0f, FAR};

    for (row = 0; row + 1 < sizeof(rows) / sizeof(rows[0]); ++row)
    {
        struct vtx v[4];
        float w0 = rows[row], w1 = rows[row + 1];
        float y0 = HORIZON + 600.0f / w0, y1 = HORIZON + 600.0f / w1;
        unsigned int i;
        if (y0 > 447.0f) y0 = 447.0f;
        for (i = 0; i < 4; ++i)
        {
            float w = (i < 2) ? w0 : w1, y = (i < 2) ? y0 : y1, sx = (i & 1) ? 1.0f : -1.0f;
            v[i] = V(320.0f + sx * 4000.0f / w, y, (uint32_t)(8388608.0f / w), 0x80, 0x80, 0x80, 0x80);
            if (v[i].x < 0.0f) v[i].x = 0.0f;
            if (v[i].x > 639.0f) v[i].x = 639.0f;
            v[i].q = 1.0f / w;
            v[i].s = (v[i].x - 320.0f) * w / 400.0f;
            v[i].t = w * 0.5f + scroll;
            v[i].fog = gs_rw_fog_value(w, FAR, 0.5f);
        }
        draw(d, GS_PRIM_TRISTRIP, v, 4);
    }
}

static void scene(struct demo *d, struct textures *t, float scroll)
{
    unsigned int i;
    struct vtx sky[4];

    /* Sky: Z test off (ZTST always), Gouraud, no texture, not fogged. */
    rs(d, GS_RW_ZTESTENABLE, 0);
    rs(d, GS_RW_ZWRITEENABLE, 1);
    rs(d, GS_RW_TEXTURERASTER, 0);
    rs(d, GS_RW_VERTEXALPHAENABLE, 0);
    rs(d, GS_RW_FOGENABLE, 0);
    rs(d, GS_RW_SHADEMODE, 2);
    sky[0] = V(0, 0, 0, 40, 70, 160, 0x80);
    sky[1] = V(640, 0, 0, 40, 70, 160, 0x80);
    sky[2] = V(0, 448, 0, 230, 150, 90, 0x80);
    sky[3] = V(640, 448, 0, 230, 150, 90, 0x80);
    draw(d, GS_PRIM_TRISTRIP, sky, 4);

    /* Ground: perspective texture, fog, Z test on. */
    rs(d, GS_RW_ZTESTENABLE, 1);
    rs(d, GS_RW_FOGCOLOR, 0xff8c9cb4);
    rs(d, GS_RW_FOGENABLE, 1);
    rs(d, GS_RW_TEXTUREFILTER, 2);
    rs(d, GS_RW_TEXTUREADDRESS, 1);
    rs(d, GS_RW_TEXTURERASTER, (uintptr_t)&t->ground);
    ground(d, scroll);

    /* Foliage: cut-outs with the game's alpha test.  Left group back to
     * front, right group front to back: the AFAIL fringes sort differently. */
    rs(d, GS_RW_FOGENABLE, 0);
    rs(d, GS_RW_SRCBLEND, GS_RW_BLENDSRCALPHA);
    rs(d, GS_RW_DESTBLEND, GS_RW_BLENDINVSRCALPHA);
    rs(d, GS_RW_TEXTUREADDRESS, 3);
    rs(d, GS_RW_TEXTURERASTER, (uintptr_t)&t->foliage);
    for (i = 0; i < 4; ++i)
    {
        float x = 40.0f + i * 30.0f, y = 200.0f + i * 18.0f;
        quad(d, x, y, x + 140.0f, y + 90.0f, 3000000u + i * 400000u, 0x80, 0x80, 0x80, 0x80, 1.0f, 1.0f);
    }
    for (i = 0; i < 4; ++i)
    {
        float x = 460.0f - i * 30.0f, y = 254.0f - i * 18.0f;
        quad(d, x, y, x + 140.0f, y + 90.0f, 4200000u - i * 400000u, 0x80, 0x80, 0x80, 0x80, 1.0f, 1.0f);
    }

    /* Additive glow: destination first (SRCALPHA / ONE), then ONE / ONE. */
    rs(d, GS_RW_ZWRITEENABLE, 0);
    rs(d, GS_RW_DESTBLEND, GS_RW_BLENDONE);
    rs(d, GS_RW_SRCBLEND, GS_RW_BLENDONE);
    rs(d, GS_RW_VERTEXALPHAENABLE, 1);
    rs(d, GS_RW_TEXTURERASTER, (uintptr_t)&t->lamp);
    for (i = 0; i < 5; ++i)
    {
        float x = 100.0f + i * 100.0f + scroll * 20.0f, y = 120.0f;
        quad(d, x, y, x + 64.0f, y + 64.0f, 2000000u, 0x80, 0x80, 0x80, 0x80, 1.0f, 1.0f);
    }

    /* A row of small signs, each its own texture: 100 x 2,048 words does
     * not fit the 188,416-word cache, so the ring evicts every frame. */
    rs(d, GS_RW_ZTESTENABLE, 0);
    rs(d, GS_RW_VERTEXALPHAENABLE, 0);
    rs(d, GS_RW_TEXTUREFILTER, 1);
    for (i = 0; i < SIGNS; ++i)
    {
        float x = 20.0f + (i % 50) * 12.0f, y = 400.0f + (i / 50) * 14.0f;
        rs(d, GS_RW_TEXTURERASTER, (uintptr_t)&t->signs[i]);
        quad(d, x, y, x + 10.0f, y + 10.0f, 0, 0x80, 0x80, 0x80, 0x80, 1.0f, 1.0f);
    }
    rs(d, GS_RW_ZTESTENABLE, 1);
    rs(d, GS_RW_VERTEXALPHAENABLE, 1);

    /* One-pixel lines (the anti-flicker softens them). */
    rs(d, GS_RW_TEXTURERASTER, 0);
    rs(d, GS_RW_ZTESTENABLE, 0);
    rs(d, GS_RW_DESTBLEND, GS_RW_BLENDZERO);
    rs(d, GS_RW_SRCBLEND, GS_RW_BLENDONE);
    for (i = 0; i < 4; ++i)
    {
        struct vtx l[2];
        l[0] = V(20, 20 + i * 4, 0, 255, 255, 255, 0x80);
        l[1] = V(220, 21 + i * 4, 0, 255, 255, 255, 0x80);
        draw(d, GS_PRIM_SPRITE, l, 2);
    }
    /* Back to the usual pair: source first ((SRCALPHA, ZERO) exists,
     * (ONE, INVSRCALPHA) does not). */
    rs(d, GS_RW_SRCBLEND, GS_RW_BLENDSRCALPHA);
    rs(d, GS_RW_DESTBLEND, GS_RW_BLENDINVSRCALPHA);
}

/* The recording side's texture cache, as the driver would count it. */
static void report_cache(struct demo *d, unsigned int frame)
{
    struct gs_texcache_counters c;

    gs_texcache_get_counters(gs_rw_get_texcache(d->rw), 1, &c);
    printf("demo frame %u: texture cache %lu uploads, %lu words sent, %lu evictions, %lu hits, %lu refused\n",
            frame, (unsigned long)c.uploads, (unsigned long)c.words_sent, (unsigned long)c.evictions,
            (unsigned long)c.hits, (unsigned long)c.refused);
}

static int start(struct demo *d, unsigned int zdepth)
{
    if (gs_rw_create(GS_RW_VIDEO_MODE_DEFAULT, zdepth, NULL, &d->rw) < 0) return -1;
    d->zshift = zdepth == 16 ? 8 : 0;
    gs_rw_set_packet_sink(d->rw, record_packet, d);
    /* Sky_Start already sent FRAME_1, ZBUF_1, TEST_1 ... through the sink
     * only from now on: send the start-up registers again. */
    ad(d, GS_FRAME_1, gs_rw_get_shadow(d->rw, GS_RW_SHADOW_FRAME_1));
    ad(d, GS_ZBUF_1, gs_rw_get_shadow(d->rw, GS_RW_SHADOW_ZBUF_1));
    ad(d, GS_TEST_1, gs_rw_get_shadow(d->rw, GS_RW_SHADOW_TEST_1));
    ad(d, GS_ALPHA_1, gs_rw_get_shadow(d->rw, GS_RW_SHADOW_ALPHA_1));
    ad(d, GS_SCISSOR_1, gs_make_scissor(0, 639, 0, 447));
    ad(d, GS_XYOFFSET_1, gs_make_xyoffset(0, 0));
    ad(d, GS_PRMODECONT, 1);
    ad(d, GS_COLCLAMP, 1);
    return 0;
}

int gsplay_build_demo(struct gsplay_buffer *stream)
{
    static const char note[] = "dx7gl gsplay demo: sky, fogged ground, AFAIL foliage, additive glow, signs, lines; "
            "frames 1-2 24-bit Z, frame 3 16-bit Z";
    uint8_t header[GSPLAY_HEADER_SIZE];
    struct textures *t;
    struct demo d;
    unsigned int frame;

    memset(&d, 0, sizeof(d));
    d.stream = stream;
    memset(header, 0, sizeof(header));
    memcpy(header, GSPLAY_MAGIC, 8);
    header[8] = 640 & 0xff; header[9] = 640 >> 8;
    header[12] = 448 & 0xff; header[13] = 448 >> 8;
    header[16] = GSPLAY_FLAG_ANTI_FLICKER;
    if (gsplay_buffer_append(stream, header, sizeof(header)) < 0) return -1;
    gsplay_append_record(stream, GSPLAY_COMMENT, note, sizeof(note) - 1);
    if (!(t = malloc(sizeof(*t)))) return -1;
    make_textures(t);

    if (start(&d, 24) < 0) { free(t); return -1; }
    for (frame = 0; frame < 2; ++frame)
    {
        scene(&d, t, frame * 0.5f);
        gsplay_append_record(stream, GSPLAY_FRAME, NULL, 0);
        report_cache(&d, frame);
        gs_rw_flip(d.rw);
    }
    gs_rw_destroy(d.rw);
    /* Frame 3: Sky_Start with 16-bit Z (PSMZ16S). */
    if (start(&d, 16) < 0) { free(t); return -1; }
    scene(&d, t, 1.0f);
    gsplay_append_record(stream, GSPLAY_FRAME, NULL, 0);
    report_cache(&d, 2);
    gs_rw_destroy(d.rw);
    free(t);
    return d.failed ? -1 : 0;
}

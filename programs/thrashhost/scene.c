/*
 * The host's scenes, drawn only through the THRASH pointer table:
 *
 * selftest: the seed's self-test picture (a Gouraud triangle and its culled
 *   reverse, a wrapped palettised texture, a 50% alpha-blended quad, a
 *   vertex-fogged strip, a line and a point). tests/dx7z checks its pixels.
 * game: every call site of Porsche.exe the seed describes: meshes through
 *   setstate(0x1b3) in both vertex formats with per-stage blending, textures
 *   in every format, the lens-flare readrect, the z clear through window(3),
 *   2D text and a movie frame through lockwindow on both buffers, and the
 *   batcher's primitives with depth bias, the fog table, culling and flat
 *   shading.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "thrashhost.h"

#ifndef M_PI
# define M_PI 3.14159265358979323846
#endif

#define S(id, v) th_setstate(api, (id), (v))

static struct thrash_vertex vtx(float x, float y, float z, uint32_t diffuse, uint32_t specular, float u, float v)
{
    struct thrash_vertex r;

    r.x = x; r.y = y; r.z = z; r.rhw = 1.0f / (z + 1.0f);
    r.diffuse = diffuse; r.specular = specular;
    r.u = u; r.v = v;
    return r;
}

/* ---- textures ---- */

#define TEX_FORMATS 8
static const uint32_t tex_formats[TEX_FORMATS] = {1, 2, 3, 4, 6, 7, 12, 13};
static void *textures[TEX_FORMATS];
static void *checker, *lightmap;
static uint32_t clut_a[256], clut_b[256];

static unsigned int bits_of(uint32_t format)
{
    switch (format)
    {
    case 1: case 12: return 4;
    case 2: case 13: return 8;
    case 6: return 32;
    }
    return 16;
}

static size_t level_size(uint32_t format, unsigned int w, unsigned int h)
{
    if (format == 12 || format == 13)
        return (size_t)((w + 3) / 4) * ((h + 3) / 4) * (format == 12 ? 8 : 16);
    return (size_t)((bits_of(format) * w + 7) / 8) * h;
}

/* A pattern per format, the same picture (rings) in each, mips included. */
static uint8_t *make_texture_data(uint32_t format, unsigned int size, unsigned int levels, size_t *total)
{
    size_t offset = (format == 12 || format == 13) ? 8 : 0, n = offset;
    unsigned int l, w, x, y;
    uint8_t *data;

    for (l = 0, w = size; l < levels; ++l, w = w > 1 ? w / 2 : 1)
        n += level_size(format, w, w);
    if (!(data = calloc(1, n)))
        return NULL;
    *total = n;
    for (l = 0, w = size; l < levels; ++l, w = w > 1 ? w / 2 : 1)
    {
        uint8_t *p = data + offset;
        for (y = 0; y < w; ++y)
        {
            for (x = 0; x < w; ++x)
            {
                float dx = (x + 0.5f) / w - 0.5f, dy = (y + 0.5f) / w - 0.5f;
                unsigned int ring = (unsigned int)(sqrtf(dx * dx + dy * dy) * 8.0f) & 3;
                unsigned int r = ring & 1 ? 255 : 40, g = ring & 2 ? 220 : 60, b = 255 - l * 60, a = ring ? 255 : 128;
                size_t i = (size_t)y * w + x;

                switch (format)
                {
                case 1: p[i / 2] |= (ring & 0xf) << ((x & 1) ? 0 : 4); break;
                case 2: p[i] = ring; break;
                case 3: { uint16_t c = (a > 128) << 15 | (r >> 3) << 10 | (g >> 3) << 5 | b >> 3; p[2 * i] = c; p[2 * i + 1] = c >> 8; break; }
                case 4: { uint16_t c = (r >> 3) << 11 | (g >> 2) << 5 | b >> 3; p[2 * i] = c; p[2 * i + 1] = c >> 8; break; }
                case 6: p[4 * i] = b; p[4 * i + 1] = g; p[4 * i + 2] = r; p[4 * i + 3] = a; break;
                case 7: { uint16_t c = (a >> 4) << 12 | (r >> 4) << 8 | (g >> 4) << 4 | b >> 4; p[2 * i] = c; p[2 * i + 1] = c >> 8; break; }
                }
            }
        }
        if (format == 12 || format == 13)
        {
            /* Blocks of two colours, alternating index rows. */
            unsigned int blocks = ((w + 3) / 4) * ((w + 3) / 4), bsize = format == 12 ? 8 : 16, i;
            for (i = 0; i < blocks; ++i)
            {
                uint8_t *blk = p + i * bsize, *col = format == 12 ? blk : blk + 8;
                uint16_t c0 = (i & 1) ? 0xf800 : 0x07ff, c1 = 0x001f;
                if (format == 13) memset(blk, (i & 2) ? 0xff : 0x88, 8);
                col[0] = c0; col[1] = c0 >> 8; col[2] = c1; col[3] = c1 >> 8;
                col[4] = col[6] = 0x00; col[5] = col[7] = 0x55;
            }
        }
        offset += level_size(format, w, w);
    }
    return data;
}

int scene_init(struct thrash_api *api)
{
    unsigned int i;

    for (i = 0; i < 256; ++i)
    {
        clut_a[i] = i == 0 ? 0xff2020 : i == 1 ? 0x20ff20 : i == 2 ? 0x2020ff : 0xffffff;
        clut_b[i] = i == 0 ? 0x2020ff : i == 1 ? 0xffff20 : i == 2 ? 0xff20ff : 0x808080;
    }
    for (i = 0; i < TEX_FORMATS; ++i)
    {
        unsigned int levels = (i & 1) ? 3 : 1;
        size_t size;
        uint8_t *data = make_texture_data(tex_formats[i], 64, levels, &size);

        textures[i] = T(api, talloc, pfn_talloc)(64, 64, tex_formats[i], 0, levels - 1);
        if (textures[i] && data)
            T(api, tupdate, pfn_tupdate)(textures[i], data, tex_formats[i] <= 2 ? clut_a : NULL);
        free(data);
    }
    /* The self-test's checker: P8, 8x8, 4x4 cells of colours 0 and 1. */
    {
        uint8_t pix[64];
        for (i = 0; i < 64; ++i)
            pix[i] = ((i % 8) / 4 + (i / 8) / 4) & 1;
        checker = T(api, talloc, pfn_talloc)(8, 8, 2, 0, 0);
        if (checker)
        {
            T(api, tupdate, pfn_tupdate)(checker, pix, clut_b);
            /* A clut-only update: the same pixels, now in clut A's colours. */
            T(api, tupdate, pfn_tupdate)(checker, NULL, clut_a);
        }
    }
    /* Stage 1's texture for the two-coordinate-set meshes: ARGB8888. */
    {
        uint32_t pix[16 * 16];
        for (i = 0; i < 256; ++i)
            pix[i] = 0xff000000u | ((i & 15) * 16) << 16 | ((i / 16) * 16) << 8 | 0xc0;
        lightmap = T(api, talloc, pfn_talloc)(16, 16, 6, 0, 0x10000);
        if (lightmap)
            T(api, tupdate, pfn_tupdate)(lightmap, pix, NULL);
    }
    return checker != NULL;
}

void scene_free(struct thrash_api *api)
{
    unsigned int i;

    /* tfree never frees (as in the DLL); treset does. */
    for (i = 0; i < TEX_FORMATS; ++i)
        if (textures[i]) T(api, tfree, pfn_p1)(textures[i]);
    T(api, treset, pfn_void)();
    memset(textures, 0, sizeof(textures));
    checker = lightmap = NULL;
}

static void settex(struct thrash_api *api, void *t)
{
    T(api, settexture, pfn_p1)(t);
}

static void untextured(struct thrash_api *api)
{
    settex(api, NULL);
    S(0x29, 2);         /* stage 0 disabled: the diffuse colour */
}

/* ---- the self-test picture ---- */

int scene_selftest(struct thrash_api *api, int frame)
{
    struct thrash_vertex a, b, c, d, strip[8];
    uint32_t idx[8];
    unsigned int i;

    S(0x03, 0xff203040);
    T(api, window, pfn_u1)(2);
    T(api, clearwindow, pfn_void)();

    untextured(api);
    S(0x0a, 0);
    S(0x06, 1);
    S(0x02, 1);         /* cull counter-clockwise */

    /* A Gouraud triangle (clockwise on screen: drawn) and its reverse (culled). */
    a = vtx(40, 40, 0.5f, 0xffff0000, 0, 0, 0);
    b = vtx(280, 40, 0.5f, 0xff00ff00, 0, 0, 0);
    c = vtx(40, 200, 0.5f, 0xff0000ff, 0, 0, 0);
    T(api, drawtri, pfn_v3)(&a, &b, &c);
    a = vtx(360, 40, 0.5f, 0xffffffff, 0, 0, 0);
    b = vtx(360, 200, 0.5f, 0xffffffff, 0, 0, 0);
    c = vtx(600, 40, 0.5f, 0xffffffff, 0, 0, 0);
    T(api, drawtri, pfn_v3)(&a, &b, &c);

    /* A wrapped palettised texture: 8x8 P8 checker, uv 0..2 over 160 pixels.
     * A quarter-pixel offset keeps texel edges off pixel centres: at an exact
     * tie Wine's ddraw and ours pick different texels (documentation/thrash.md). */
    settex(api, checker);
    S(0x29, 0);
    S(0x07, 0);         /* point filter */
    S(0x0b, 0);         /* no mips */
    S(0x0d, 1);         /* wrap */
    a = vtx(40.25f, 240.25f, 0.5f, 0xffffffff, 0, 0, 0);
    b = vtx(200.25f, 240.25f, 0.5f, 0xffffffff, 0, 2, 0);
    c = vtx(200.25f, 400.25f, 0.5f, 0xffffffff, 0, 2, 2);
    d = vtx(40.25f, 400.25f, 0.5f, 0xffffffff, 0, 0, 2);
    T(api, drawquad, pfn_v4)(&a, &b, &c, &d);
    S(0x0d, 0);
    S(0x07, 1);

    /* A 50% alpha-blended white quad over an opaque red one. */
    untextured(api);
    a = vtx(240, 240, 0.5f, 0xffff0000, 0, 0, 0);
    b = vtx(400, 240, 0.5f, 0xffff0000, 0, 0, 0);
    c = vtx(400, 400, 0.5f, 0xffff0000, 0, 0, 0);
    d = vtx(240, 400, 0.5f, 0xffff0000, 0, 0, 0);
    T(api, drawquad, pfn_v4)(&a, &b, &c, &d);
    S(0x0a, 2);
    S(0x38, 0);
    a = vtx(320, 240, 0.4f, 0x80ffffff, 0, 0, 0);
    b = vtx(480, 240, 0.4f, 0x80ffffff, 0, 0, 0);
    c = vtx(480, 400, 0.4f, 0x80ffffff, 0, 0, 0);
    d = vtx(320, 400, 0.4f, 0x80ffffff, 0, 0, 0);
    T(api, drawquad, pfn_v4)(&a, &b, &c, &d);
    S(0x0a, 0);

    /* A vertex-fogged strip: blue, fog factor 1 (left) to 0 (right), yellow fog. */
    S(0x0f, 0xffffff00);
    S(0x15, 1);
    for (i = 0; i < 4; ++i)
    {
        uint32_t fog = (uint32_t)(255 - i * 85) << 24;
        strip[2 * i] = vtx(40 + i * 186.0f, 420, 0.5f, 0xff0000ff, fog, 0, 0);
        strip[2 * i + 1] = vtx(40 + i * 186.0f, 460, 0.5f, 0xff0000ff, fog, 0, 0);
        idx[2 * i] = 2 * i;
        idx[2 * i + 1] = 2 * i + 1;
    }
    S(0x02, 0);         /* strips aren't culled by THRASH; this one is counter-clockwise */
    T(api, drawtristrip, pfn_mesh)(6, strip, idx);
    S(0x02, 1);
    S(0x15, 0);

    /* A line and a point. */
    a = vtx(300, 220, 0.5f, 0xffffffff, 0, 0, 0);
    b = vtx(620, 220, 0.5f, 0xffffffff, 0, 0, 0);
    T(api, drawline, pfn_v2)(&a, &b);
    a = vtx(620, 300, 0.5f, 0xffffff00, 0, 0, 0);
    T(api, drawpoint, pfn_v1)(&a);

    T(api, flushwindow, pfn_void)();
    (void)frame;
    return 1;
}

/* ---- the game scene ---- */

const char *scene_log;

static void clear_frame(struct thrash_api *api, int frame)
{
    S(0x03, 0xff101828);
    T(api, window, pfn_u1)(2);
    T(api, clearwindow, pfn_void)();
    /* The game's z clear: window(3) clears only the z-buffer. */
    T(api, window, pfn_u1)(3);
    T(api, clearwindow, pfn_void)();
    T(api, window, pfn_u1)(2);
    (void)frame;
}

/* A ground grid drawn with the fog table and the batcher's trimesh. */
static void draw_ground(struct thrash_api *api, int frame)
{
    enum { N = 12 };
    static struct thrash_vertex grid[(N + 1) * (N + 1)];
    static uint32_t idx[N * N * 6];
    static uint8_t fog[65];
    unsigned int x, y, k = 0;

    for (x = 0; x < 65; ++x)
        fog[x] = (uint8_t)(255 - x * 255 / 64 * 3 / 4);
    for (y = 0; y <= N; ++y)
    {
        for (x = 0; x <= N; ++x)
        {
            float fy = (float)y / N, depth = 0.2f + 0.8f * (1.0f - fy);
            float fx = ((float)x / N - 0.5f) * (0.3f + 0.7f * fy);
            grid[y * (N + 1) + x] = vtx(320 + fx * 640, 260 + fy * fy * 220, depth,
                    ((x + y + frame / 8) & 1) ? 0xff406030 : 0xff305020, 0, (float)x, (float)y + frame * 0.05f);
        }
    }
    for (y = 0; y < N; ++y)
    {
        for (x = 0; x < N; ++x)
        {
            uint32_t i0 = y * (N + 1) + x;
            idx[k++] = i0; idx[k++] = i0 + 1; idx[k++] = i0 + N + 2;
            idx[k++] = i0; idx[k++] = i0 + N + 2; idx[k++] = i0 + N + 1;
        }
    }
    settex(api, textures[3]);   /* RGB565 */
    S(0x29, 0);
    S(0x0d, 1);
    S(0x0b, 3);
    S(0x0f, 0xff8090a0);
    S(0x14, fog);
    S(0x15, 1);
    T(api, drawtrimesh, pfn_mesh)(N * N * 2, grid, idx);
    S(0x14, 0);
    S(0x15, 0);
    S(0x0d, 0);
    S(0x0b, 1);
}

/* The car: a rotating box drawn as the renderer does, through 0x1b3. */
static void draw_car(struct thrash_api *api, int frame)
{
    static const float corners[8][3] =
    {
        {-1, -0.4f, -2}, {1, -0.4f, -2}, {1, 0.4f, -2}, {-1, 0.4f, -2},
        {-1, -0.4f, 2}, {1, -0.4f, 2}, {1, 0.4f, 2}, {-1, 0.4f, 2},
    };
    static const uint16_t faces[6][4] =
    {
        {0, 1, 2, 3}, {5, 4, 7, 6}, {4, 0, 3, 7}, {1, 5, 6, 2}, {3, 2, 6, 7}, {4, 5, 1, 0},
    };
    struct thrash_vertex2 v2[24];
    struct thrash_vertex v[24];
    uint16_t idx[36];
    struct thrash_primitive prim;
    float angle = frame * 0.05f, ca = cosf(angle), sa = sinf(angle);
    unsigned int f, i, k = 0;

    for (f = 0; f < 6; ++f)
    {
        for (i = 0; i < 4; ++i)
        {
            const float *p = corners[faces[f][i]];
            float x = p[0] * ca + p[2] * sa, z = -p[0] * sa + p[2] * ca + 6.0f, y = p[1] - 0.6f;
            float sx = 320 + x / z * 300, sy = 300 - y / z * 300, zz = z / 40.0f;
            uint32_t shade = 0xff000000u | (uint32_t)(120 + f * 20) << 16 | (uint32_t)(40 + f * 30) << 8 | 60;

            v[f * 4 + i] = vtx(sx, sy, zz, shade, 0xff000000u, i == 1 || i == 2, i >= 2);
            v[f * 4 + i].rhw = 1.0f / z;
            v2[f * 4 + i].v = v[f * 4 + i];
            v2[f * 4 + i].u2 = v[f * 4 + i].u * 0.5f;
            v2[f * 4 + i].v2 = v[f * 4 + i].v * 0.5f;
        }
        idx[k++] = f * 4; idx[k++] = f * 4 + 1; idx[k++] = f * 4 + 2;
        idx[k++] = f * 4; idx[k++] = f * 4 + 2; idx[k++] = f * 4 + 3;
    }
    /* Body: FVF 0x1c4 triangle list, texture blended by diffuse. The box's
     * faces aren't wound for culling. */
    S(0x02, 0);
    settex(api, textures[4]);   /* ARGB8888 */
    S(0x29, 0);
    prim.type = 4;
    prim.vertices = v;
    prim.vertex_count = 24;
    prim.indices = idx;
    prim.index_count = 18;
    S(0x1b3, &prim);
    /* Windows and roof: two coordinate sets, stage 1 modulating a lightmap. */
    S(0x2a, 1);
    settex(api, lightmap);
    S(0x10029, 3);
    prim.vertices = v2;
    prim.indices = idx + 18;
    S(0x1b3, &prim);
    S(0x10029, 0);
    settex(api, NULL);
    T(api, settexture, pfn_p1)(NULL);
    S(0x10001, 0);
    S(0x2a, 0);
    /* A shadow as a triangle strip, flat and untextured. */
    {
        struct thrash_vertex s[4];
        uint16_t si[4] = {0, 1, 3, 2};
        untextured(api);
        S(0x06, 0);
        s[0] = vtx(250, 330, 0.7f, 0xff000000, 0, 0, 0);
        s[1] = vtx(390, 330, 0.7f, 0xff000000, 0, 0, 0);
        s[2] = vtx(400, 350, 0.7f, 0xff000000, 0, 0, 0);
        s[3] = vtx(240, 350, 0.7f, 0xff000000, 0, 0, 0);
        S(0x0a, 2);
        S(0x38, 2);
        prim.type = 5;
        prim.vertices = s;
        prim.vertex_count = 4;
        prim.indices = si;
        prim.index_count = 4;
        S(0x1b3, &prim);
        S(0x38, 0);
        S(0x06, 1);
    }
}

/* Every texture format as sprites along the top, with depth bias. */
static void draw_texture_row(struct thrash_api *api, int frame)
{
    unsigned int i;

    S(0x29, 0);
    for (i = 0; i < TEX_FORMATS; ++i)
    {
        struct thrash_vertex a = vtx(16 + i * 78.0f, 16, 0.1f, 0xffffffff, 0, 0, 0);
        struct thrash_vertex b = vtx(16 + i * 78.0f + 64, 80, 0.1f, 0xffffffff, 0, 1, 1);
        settex(api, textures[i]);
        /* RS_SetDepthBias goes through one of setstate's alias slots. */
        T(api, setstate_b, pfn_setstate)(0x18, (tword)(i * 16));  /* value * 2^-15 */
        T(api, drawsprite, pfn_v2)(&a, &b);
    }
    T(api, setstate_b, pfn_setstate)(0x18, 0);
    /* A sprite mesh of the checker, two indices a sprite. */
    {
        struct thrash_vertex sv[4];
        uint32_t si[4] = {0, 1, 2, 3};
        settex(api, checker);
        sv[0] = vtx(560, 100, 0.1f, 0xffffffff, 0, 0, 0);
        sv[1] = vtx(600, 140, 0.1f, 0xffffffff, 0, 1, 1);
        sv[2] = vtx(floorf(580 + 10 * sinf(frame * 0.1f)) + 0.25f, 150, 0.1f, 0xffffffff, 0, 0, 0);
        sv[3] = vtx(620, 190, 0.1f, 0xffffffff, 0, 1, 1);
        T(api, drawspritemesh, pfn_mesh)(2, sv, si);
    }
}

/* The batcher's other primitives: quads, quad meshes, lines, points, culling. */
static void draw_batcher(struct thrash_api *api, int frame)
{
    struct thrash_vertex q[8], l[4], p[3];
    uint32_t qi[8] = {0, 1, 2, 3, 4, 5, 6, 7}, li[4] = {0, 1, 2, 3}, pi[3] = {0, 1, 2};
    unsigned int i;

    untextured(api);
    for (i = 0; i < 2; ++i)
    {
        float x = 20 + i * 70.0f;
        q[4 * i + 0] = vtx(x, 100, 0.3f, 0xffc0c000, 0, 0, 0);
        q[4 * i + 1] = vtx(x + 60, 100, 0.3f, 0xffc06000, 0, 0, 0);
        q[4 * i + 2] = vtx(x + 60, 160, 0.3f, 0xff600000, 0, 0, 0);
        q[4 * i + 3] = vtx(x, 160, 0.3f, 0xffc0c000, 0, 0, 0);
    }
    T(api, drawquadmesh, pfn_mesh)(2, q, qi);
    /* Clockwise culling hides the next quad; none draws it. */
    S(0x02, 2);
    T(api, drawquad, pfn_v4)(&q[0], &q[1], &q[2], &q[3]);
    S(0x02, 0);
    /* Lines off the half-pixel ties (where rasterizers may differ). */
    for (i = 0; i < 4; ++i)
        l[i] = vtx(20.25f + i * 40.0f, 180.25f + (i & 1) * 19.5f, 0.2f, 0xff00ffff, 0, 0, 0);
    T(api, drawlinemesh, pfn_mesh)(2, l, li);
    T(api, drawline, pfn_v2)(&l[0], &l[3]);
    /* Flat shading: the batcher makes the diffuse white. */
    S(0x06, 0);
    {
        struct thrash_vertex a = vtx(170, 100, 0.3f, 0xffff0000, 0, 0, 0);
        struct thrash_vertex b = vtx(200, 100, 0.3f, 0xff00ff00, 0, 0, 0);
        struct thrash_vertex c = vtx(170, 130, 0.3f, 0xff0000ff, 0, 0, 0);
        T(api, drawtri, pfn_v3)(&a, &b, &c);
    }
    S(0x06, 1);
    T(api, drawlinestrip, pfn_mesh)(3, l, li);
    for (i = 0; i < 3; ++i)
        p[i] = vtx(200 + i * 6.0f + (frame % 10), 190, 0.2f, 0xffff00ff, 0, 0, 0);
    T(api, drawpointmesh, pfn_mesh)(3, p, pi);
    T(api, drawpointstrip, pfn_mesh)(3, p, pi);
    /* A fan, non-indexed (the older @8 form isn't in the game's table). */
    {
        struct thrash_vertex fan[4];
        uint32_t fi[4] = {0, 1, 2, 3};
        fan[0] = vtx(600, 420, 0.2f, 0xffffffff, 0, 0, 0);
        fan[1] = vtx(630, 400, 0.2f, 0xff00ff00, 0, 0, 0);
        fan[2] = vtx(630, 440, 0.2f, 0xff0000ff, 0, 0, 0);
        fan[3] = vtx(600, 460, 0.2f, 0xffff0000, 0, 0, 0);
        T(api, drawtrifan, pfn_mesh)(2, fan, fi);
    }
    S(0x02, 1);
}

/* The lens flare: 4x4 pixels at the sun, read back when 0x1c3 says yes. */
static void draw_sun_and_flare(struct thrash_api *api, int frame)
{
    /* Edges on quarter pixels: near an exact pixel centre the rasterizers'
     * tie-breaking differs (documentation/thrash.md). */
    float sx = floorf(520 + 60 * sinf(frame * 0.02f)) + 0.25f, sy = 225.25f;
    struct thrash_vertex a = vtx(sx - 12, sy - 12, 0.99f, 0xffffffe0, 0, 0, 0);
    struct thrash_vertex b = vtx(sx + 12, sy + 12, 0.99f, 0xffffffe0, 0, 0, 0);
    uint8_t pixels[4 * 4 * 4];
    unsigned int i, bright = 0;

    untextured(api);
    T(api, drawsprite, pfn_v2)(&a, &b);
    if (!S(0x1c3, 0))
        return;
    T(api, window, pfn_u1)(2);
    if (!T(api, readrect, pfn_rect)((uint32_t)sx - 2, (uint32_t)sy - 2, 4, 4, pixels))
        return;
    for (i = 0; i < 16; ++i)
    {
        /* 2 bytes a pixel in 16-bit modes, 4 in 32-bit ones; the top byte of a
         * 565 pixel is mostly red and green. */
        if (pixels[i * 2 + 1] >= 0xc0) ++bright;
    }
    if (!bright)
        return;
    S(0x0a, 2);
    S(0x38, 1);     /* additive */
    for (i = 1; i <= 3; ++i)
    {
        float fx = floorf(sx + (320 - sx) * i * 0.5f) + 0.25f, fy = floorf(sy + (240 - sy) * i * 0.5f) + 0.25f;
        float r = 10.0f * i;
        uint32_t alpha = (uint32_t)(bright * 8) << 24;
        struct thrash_vertex fa = vtx(fx - r, fy - r, 0.0f, alpha | 0x8080ff, 0, 0, 0);
        struct thrash_vertex fb = vtx(fx + r, fy + r, 0.0f, alpha | 0x8080ff, 0, 0, 0);
        T(api, drawsprite, pfn_v2)(&fa, &fb);
    }
    S(0x38, 0);
    S(0x0a, 0);
}

/* 8x8 glyphs for digits and a few letters, as the software font driver draws. */
static const uint8_t font[][8] =
{
    {0x3c,0x66,0x6e,0x76,0x66,0x66,0x3c,0}, {0x18,0x38,0x18,0x18,0x18,0x18,0x7e,0},
    {0x3c,0x66,0x06,0x0c,0x30,0x60,0x7e,0}, {0x3c,0x66,0x06,0x1c,0x06,0x66,0x3c,0},
    {0x0c,0x1c,0x3c,0x6c,0x7e,0x0c,0x0c,0}, {0x7e,0x60,0x7c,0x06,0x06,0x66,0x3c,0},
    {0x3c,0x60,0x7c,0x66,0x66,0x66,0x3c,0}, {0x7e,0x06,0x0c,0x18,0x30,0x30,0x30,0},
    {0x3c,0x66,0x66,0x3c,0x66,0x66,0x3c,0}, {0x3c,0x66,0x66,0x3e,0x06,0x0c,0x38,0},
};

static void put_text(struct thrash_lock *lock, unsigned int x0, unsigned int y0, const char *text)
{
    unsigned int bpp = lock->format == 6 ? 4 : lock->format == 5 ? 3 : 2, i, x, y;

    for (i = 0; text[i]; ++i)
    {
        if (text[i] < '0' || text[i] > '9')
            continue;
        for (y = 0; y < 8; ++y)
        {
            for (x = 0; x < 8; ++x)
            {
                uint8_t *p;
                if (!(font[text[i] - '0'][y] & (0x80 >> x)) || x0 + i * 9 + x >= lock->width || y0 + y >= lock->height)
                    continue;
                p = (uint8_t *)lock->pixels + (y0 + y) * lock->pitch + (x0 + i * 9 + x) * bpp;
                memset(p, 0xff, bpp);
            }
        }
    }
}

/* 2D text on the back buffer. */
static void draw_text(struct thrash_api *api, int frame)
{
    struct thrash_lock *lock;
    char text[16];

    T(api, window, pfn_u1)(2);
    if (!(lock = T(api, lockwindow, pfn_lock)()))
        return;
    snprintf(text, sizeof(text), "%06d", frame);
    put_text(lock, 560, 466, text);
    T(api, unlockwindow, pfn_p1)(lock);
}

/* A movie frame into the front buffer after the flip, as the intro movies do. */
static void draw_movie(struct thrash_api *api, int frame)
{
    struct thrash_lock *lock;
    unsigned int x, y, bpp;

    T(api, window, pfn_u1)(1);
    if ((lock = T(api, lockwindow, pfn_lock)()))
    {
        bpp = lock->format == 6 ? 4 : 2;
        for (y = 0; y < 48 && y + 420 < lock->height; ++y)
        {
            uint8_t *row = (uint8_t *)lock->pixels + (y + 420) * lock->pitch + 8 * bpp;
            for (x = 0; x < 64; ++x)
            {
                uint32_t r = (x * 4 + frame * 3) & 0xff, g = (y * 5) & 0xff, b = 0x80;
                if (bpp == 4) { row[4 * x] = b; row[4 * x + 1] = g; row[4 * x + 2] = r; row[4 * x + 3] = 0xff; }
                else { uint16_t c = (r >> 3) << 11 | (g >> 2) << 5 | b >> 3; row[2 * x] = c; row[2 * x + 1] = c >> 8; }
            }
        }
        T(api, unlockwindow, pfn_p1)(lock);
    }
    T(api, window, pfn_u1)(2);
}

int scene_game(struct thrash_api *api, int frame)
{
    uint16_t stripe[32 * 2];
    unsigned int i;

    clear_frame(api, frame);
    T(api, clip, pfn_u4)(0, 0, SCENE_W, SCENE_H);
    S(0x06, 1);
    S(0x0a, 0);
    draw_ground(api, frame);
    draw_car(api, frame);
    draw_batcher(api, frame);
    draw_texture_row(api, frame);
    draw_sun_and_flare(api, frame);
    /* A Gouraud triangle in a clipped viewport: the clip rectangle. */
    T(api, clip, pfn_u4)(200, 100, 440, 200);
    {
        struct thrash_vertex a = vtx(180, 90, 0.05f, 0x80ff0000, 0, 0, 0);
        struct thrash_vertex b = vtx(460, 120, 0.05f, 0x8000ff00, 0, 0, 0);
        struct thrash_vertex c = vtx(300, 260, 0.05f, 0x800000ff, 0, 0, 0);
        untextured(api);
        S(0x0a, 2);
        T(api, drawtri, pfn_v3)(&a, &b, &c);
        S(0x0a, 0);
    }
    T(api, clip, pfn_u4)(0, 0, SCENE_W, SCENE_H);
    T(api, flushwindow, pfn_void)();
    /* writerect: 2 bytes a pixel (half a row's bytes in 32-bit modes: kept). */
    for (i = 0; i < 64; ++i)
        stripe[i] = (i & 4) ? 0xffff : 0x0000;
    T(api, window, pfn_u1)(2);
    T(api, writerect, pfn_rect)(300, 470, 32, 2, stripe);
    draw_text(api, frame);
    T(api, pageflip, pfn_void)();
    draw_movie(api, frame);
    T(api, sync, pfn_u1)(0);
    T(api, idle, pfn_void)();
    return 1;
}

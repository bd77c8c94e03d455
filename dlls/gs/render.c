/*
 * Drawing the GS's primitives through wined3d-lite.
 *
 * Kicked primitives become pre-transformed (XYZRHW) vertices, batched while
 * the drawing registers stay the same and drawn at the next flush with the
 * registers turned into core states:
 *  - XYZ: (X - OFX) / 16, (Y - OFY) / 16; the GS samples pixel centres at
 *    integer coordinates, which is the core's XYZRHW convention.  Z is the
 *    GS integer, kept exact through WINED3D_RS_ZINTEGERBITS (24 or 16).
 *  - TEST: ZTST NEVER / ALWAYS / GEQUAL / GREATER to the depth function,
 *    ZMSK to Z write; ATE / ATST / AREF to the alpha test with AFAIL as the
 *    core's alpha fail action (FB_ONLY: drawn and blended, no Z).
 *  - ALPHA through gs_blend_to_gl() (blend.c says which forms take another
 *    route); destination alpha is not blended (the GS writes As).
 *  - Colours and alphas on the GS's scale (0x80 = 1.0): MODULATE is the
 *    core's MODULATE2X, alphas for blending and the alpha test are scaled
 *    by 255 / 128, textures are decoded from GS memory (through the CLUT)
 *    with their alpha scaled the same way.
 *  - FGE: the vertex fog value in the specular alpha (Direct3D's vertex
 *    fog of pre-transformed vertices), colour from FOGCOL.
 *  - Flat shading takes the last vertex's colour, as the GS does.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gs_private.h"
#include "wined3d-lite/wined3d.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(gs);

/* Texture coordinates are (S, T, Q), divided per pixel (PROJECTED); w stays
 * 1 so colours and fog interpolate linearly in screen space as on the GS. */
#define GS_FVF (WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(1) \
        | WINED3DFVF_TEXCOORDSIZE3(0))

struct gs_gl_vertex
{
    float x, y, z, rhw;
    uint32_t diffuse, specular;
    float u, v, q;
};

struct gs_tex_entry
{
    uint64_t key_tex0, key_texa, key_mips;
    uint64_t generation;
    uint32_t first_block, last_block;   /* what the texture (levels and CLUT) was read from */
    struct wined3d_texture *texture;
};

#define GS_TEX_CACHE_SIZE 64

struct gs_renderer
{
    struct gs_device *gs;
    struct wined3d_device *device;
    unsigned int width, height;
    int own_device;
    struct wined3d_texture *rt, *ds;
    struct gs_gl_vertex *batch;
    unsigned int batch_count, batch_capacity;
    enum wined3d_primitive_type batch_type;
    unsigned int batch_attr, batch_context;
    struct gs_tex_entry textures[GS_TEX_CACHE_SIZE];
    unsigned int next_texture;
    int gs_lod;                     /* mip levels by the GS's LOD formula (WINED3D_RS_LODFROMQ) */
};

static unsigned int gs_alpha_to_gl(unsigned int a)
{
    unsigned int v = (a * 255 + 64) / 128;
    return v > 255 ? 255 : v;
}

static uint32_t argb(unsigned int a, unsigned int r, unsigned int g, unsigned int b)
{
    return (uint32_t)a << 24 | r << 16 | g << 8 | b;
}

static void convert_vertex(struct gs_renderer *r, const struct gs_primitive *p, const struct gs_vertex *in,
        const struct gs_vertex *colour, struct gs_gl_vertex *out)
{
    uint64_t ofs = r->gs->regs[p->context ? GS_XYOFFSET_2 : GS_XYOFFSET_1];
    uint64_t tex0 = r->gs->regs[p->context ? GS_TEX0_2 : GS_TEX0_1];
    uint64_t zbuf = r->gs->regs[p->context ? GS_ZBUF_2 : GS_ZBUF_1];
    unsigned int zbits = (gs_field(zbuf, 24, 4) >= 2) ? 16 : 24;
    uint32_t zmax = zbits == 16 ? 0xffff : 0xffffff;
    unsigned int tfx = gs_field(tex0, 35, 2), a;

    out->x = ((int)in->x - (int)gs_field(ofs, 0, 16)) / 16.0f;
    out->y = ((int)in->y - (int)gs_field(ofs, 32, 16)) / 16.0f;
    out->z = (float)(in->z > zmax ? zmax : in->z);
    out->rhw = 1.0f;
    /* Textured MODULATE and HIGHLIGHT run as MODULATE2X on the raw colour
     * and alpha; otherwise the alpha is rescaled for blending and the
     * alpha test. */
    if ((p->attr & GS_PRIM_TME) && tfx != 1)
        a = colour->a;
    else
        a = gs_alpha_to_gl(colour->a);
    out->diffuse = argb(a, colour->r, colour->g, colour->b);
    out->specular = argb((p->attr & GS_PRIM_FGE) ? in->fog : 255, 0, 0, 0);
    out->u = out->v = 0.0f;
    out->q = 1.0f;
    if (p->attr & GS_PRIM_TME)
    {
        float tw = (float)(1u << gs_field(tex0, 26, 4)), th = (float)(1u << gs_field(tex0, 30, 4));
        if (p->attr & GS_PRIM_FST)
        {
            out->u = in->u / 16.0f / tw;
            out->v = in->v / 16.0f / th;
        }
        else
        {
            /* S, T, Q interpolated linearly, S/Q and T/Q per pixel: the
             * GS's perspective correction. */
            out->u = in->s;
            out->v = in->t;
            out->q = in->q != 0.0f ? in->q : 1.0f;
        }
    }
}

static int batch_reserve(struct gs_renderer *r, unsigned int n)
{
    if (r->batch_count + n <= r->batch_capacity) return 1;
    {
        unsigned int cap = r->batch_capacity ? r->batch_capacity * 2 : 1024;
        struct gs_gl_vertex *b;
        while (cap < r->batch_count + n) cap *= 2;
        if (!(b = realloc(r->batch, cap * sizeof(*b)))) return 0;
        r->batch = b;
        r->batch_capacity = cap;
    }
    return 1;
}

static enum wined3d_primitive_type gl_type(enum gs_prim_type t)
{
    switch (t)
    {
        case GS_PRIM_POINT: return WINED3D_PT_POINTLIST;
        case GS_PRIM_LINE: case GS_PRIM_LINESTRIP: return WINED3D_PT_LINELIST;
        default: return WINED3D_PT_TRIANGLELIST;
    }
}

static void render_flush(void *ctx, struct gs_device *gs);

/* Whether two screen triangles share interior (separating axis test;
 * touching edges do not count: no pixel centre belongs to both). */
static int triangles_overlap(const struct gs_gl_vertex *a, const struct gs_gl_vertex *b)
{
    const struct gs_gl_vertex *t[2] = {a, b};
    unsigned int k, e, i;

    for (k = 0; k < 2; ++k)
        for (e = 0; e < 3; ++e)
        {
            const struct gs_gl_vertex *p0 = &t[k][e], *p1 = &t[k][(e + 1) % 3];
            float nx = p0->y - p1->y, ny = p1->x - p0->x;
            float min[2] = {1e30f, 1e30f}, max[2] = {-1e30f, -1e30f};
            for (i = 0; i < 6; ++i)
            {
                const struct gs_gl_vertex *v = &t[i / 3][i % 3];
                float d = v->x * nx + v->y * ny;
                if (d < min[i / 3]) min[i / 3] = d;
                if (d > max[i / 3]) max[i / 3] = d;
            }
            if (max[0] <= min[1] + 1e-4f || max[1] <= min[0] + 1e-4f) return 0;
        }
    return 1;
}

/* With an alpha fail action other than a discard the core draws a batch in
 * two passes (passing pixels, then failing ones), but the GS draws every
 * primitive whole before the next: a batch may only hold primitives that
 * do not overlap. */
static int afail_conflict(struct gs_renderer *r, const struct gs_primitive *p, const struct gs_gl_vertex *v,
        unsigned int count)
{
    uint64_t test = r->gs->regs[p->context ? GS_TEST_2 : GS_TEST_1];
    unsigned int i, j;

    if (!gs_field(test, 0, 1) || gs_field(test, 12, 2) == GS_AFAIL_KEEP || !r->batch_count) return 0;
    /* Points and lines, and long batches (the test is quadratic): one by one. */
    if (r->batch_type != WINED3D_PT_TRIANGLELIST || r->batch_count >= 3 * 256) return 1;
    for (i = 0; i + 3 <= r->batch_count; i += 3)
        for (j = 0; j + 3 <= count; j += 3)
            if (triangles_overlap(&r->batch[i], &v[j])) return 1;
    return 0;
}

static void render_primitive(void *ctx, struct gs_device *gs, const struct gs_primitive *p)
{
    struct gs_renderer *r = ctx;
    enum wined3d_primitive_type type = gl_type(p->type);
    const struct gs_vertex *last = &p->v[p->vertex_count - 1];
    struct gs_gl_vertex o[6];
    unsigned int i, count;

    if (p->type == GS_PRIM_SPRITE)
    {
        struct gs_gl_vertex c[2];
        /* Colour, Z and fog of the second vertex; corners from both. */
        convert_vertex(r, p, &p->v[0], &p->v[1], &c[0]);
        convert_vertex(r, p, &p->v[1], &p->v[1], &c[1]);
        c[0].z = c[1].z;
        c[0].specular = c[1].specular;
        /* One Q for the rectangle (the second vertex's): corners mix the
         * two vertices' coordinates. */
        c[0].u = c[0].u / c[0].q * c[1].q;
        c[0].v = c[0].v / c[0].q * c[1].q;
        c[0].q = c[1].q;
        o[0] = c[0];
        o[1] = c[1]; o[1].y = c[0].y; o[1].v = c[0].v;
        o[2] = c[0]; o[2].y = c[1].y; o[2].v = c[1].v;
        o[3] = o[1];
        o[4] = c[1];
        o[5] = o[2];
        count = 6;
    }
    else
    {
        for (i = 0; i < p->vertex_count; ++i)
            convert_vertex(r, p, &p->v[i], (p->attr & GS_PRIM_IIP) ? &p->v[i] : last, &o[i]);
        count = p->vertex_count;
    }
    if (r->batch_count && (type != r->batch_type || p->attr != r->batch_attr || p->context != r->batch_context
            || afail_conflict(r, p, o, count)))
        render_flush(r, gs);
    r->batch_type = type;
    r->batch_attr = p->attr;
    r->batch_context = p->context;
    if (!batch_reserve(r, count)) return;
    memcpy(&r->batch[r->batch_count], o, count * sizeof(o[0]));
    r->batch_count += count;
}

/* TEX0 of mip level n (1..6): TBP0 and TBW from MIPTBP1 / MIPTBP2. */
static uint64_t level_tex0(const struct gs_device *gs, unsigned int context, uint64_t tex0, unsigned int level)
{
    uint64_t mip = gs->regs[level <= 3 ? (context ? GS_MIPTBP1_2 : GS_MIPTBP1_1) : (context ? GS_MIPTBP2_2 : GS_MIPTBP2_1)];
    unsigned int i = (level - 1) % 3;

    if (!level) return tex0;
    tex0 &= ~(uint64_t)0xfffff;
    return tex0 | gs_field(mip, i * 20, 14) | gs_field(mip, i * 20 + 14, 6) << 14;
}

/* A GL texture holding the context's current TEX0 image (and mip levels
 * 1..levels-1 from MIPTBP) from GS memory; re-read when memory was written
 * through a transfer since it was made. */
static struct wined3d_texture *get_texture(struct gs_renderer *r, unsigned int context, unsigned int levels)
{
    uint64_t tex0 = r->gs->regs[context ? GS_TEX0_2 : GS_TEX0_1], texa = r->gs->regs[GS_TEXA];
    /* CSM2 CLUTs are placed by TEXCLUT: part of what the texture is. */
    int csm2 = gs_field(tex0, 55, 1);
    /* Everything but TCC and TFX (how the texture is used, not its data). */
    uint64_t key = tex0 & ~((uint64_t)7 << 34), mips = 0;
    unsigned int tw = gs_field(tex0, 26, 4), th = gs_field(tex0, 30, 4), w, h, x, y, i, level;
    struct gs_tex_entry *e = NULL;
    struct wined3d_texture_desc desc;
    struct wined3d_map_desc map;

    if (tw > 10) tw = 10;
    if (th > 10) th = 10;
    w = 1u << tw;
    h = 1u << th;
    if (csm2) texa ^= r->gs->regs[GS_TEXCLUT] << 40;
    if (levels > 1)
        mips = r->gs->regs[context ? GS_MIPTBP1_2 : GS_MIPTBP1_1] ^ (r->gs->regs[context ? GS_MIPTBP2_2 : GS_MIPTBP2_1] << 3)
                ^ ((uint64_t)levels << 61);
    for (i = 0; i < GS_TEX_CACHE_SIZE; ++i)
        if (r->textures[i].texture && r->textures[i].key_tex0 == key && r->textures[i].key_texa == texa
                && r->textures[i].key_mips == mips)
        {
            e = &r->textures[i];
            if (!gs_memory_written_since(r->gs, e->generation, e->first_block, e->last_block))
            {
                e->generation = r->gs->memory_generation;
                return e->texture;
            }
            break;
        }
    if (!e)
    {
        e = &r->textures[r->next_texture];
        r->next_texture = (r->next_texture + 1) % GS_TEX_CACHE_SIZE;
        if (e->texture)
        {
            /* Not left bound to the device while destroyed. */
            if (wined3d_device_get_texture(r->device, 0) == e->texture)
                wined3d_device_set_texture(r->device, 0, NULL);
            wined3d_texture_destroy(e->texture);
        }
        memset(&desc, 0, sizeof(desc));
        desc.type = WINED3D_RTYPE_TEXTURE_2D;
        desc.format = WINED3DFMT_A8B8G8R8;
        desc.width = w;
        desc.height = h;
        desc.levels = levels;
        e->texture = NULL;
        if (WINED3D_FAILED(wined3d_texture_create(r->device, &desc, &e->texture)))
        {
            ERR("Cannot create a %ux%u texture.\n", w, h);
            return NULL;
        }
        e->key_tex0 = key;
        e->key_texa = texa;
        e->key_mips = mips;
    }
    e->generation = r->gs->memory_generation;
    e->first_block = ~0u;
    e->last_block = 0;
    for (level = 0; level < levels; ++level)
    {
        uint64_t ltex0 = level_tex0(r->gs, context, tex0, level);
        unsigned int lw = w >> level ? w >> level : 1, lh = h >> level ? h >> level : 1;
        uint32_t first, last;
        gs_rect_block_range(gs_field(ltex0, 20, 6), gs_field(ltex0, 0, 14), gs_field(ltex0, 14, 6), 0, 0, lw, lh,
                &first, &last);
        if (first < e->first_block) e->first_block = first;
        if (last > e->last_block) e->last_block = last;
        if (WINED3D_FAILED(wined3d_texture_map(e->texture, level, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &map)))
            return NULL;
        for (y = 0; y < lh; ++y)
        {
            uint32_t *row = (uint32_t *)((uint8_t *)map.data + (size_t)y * map.row_pitch);
            for (x = 0; x < lw; ++x)
            {
                uint32_t t = gs_read_texel_tex0(r->gs, ltex0, x, y);
                row[x] = (t & 0xffffff) | (uint32_t)gs_alpha_to_gl(t >> 24) << 24;
            }
        }
        wined3d_texture_unmap(e->texture, level);
    }
    if (gs_field(tex0, 20, 6) == GS_PSMT8 || gs_field(tex0, 20, 6) == GS_PSMT4)
    {
        /* The CLUT: at most a 16x16 PSMCT32 rectangle (4 blocks). */
        uint32_t cbp = gs_field(tex0, 37, 14);
        if (cbp < e->first_block) e->first_block = cbp;
        /* A CSM2 strip may lie anywhere after CBP. */
        if (csm2) e->last_block = ~0u;
        else if (cbp + 3 > e->last_block) e->last_block = cbp + 3;
    }
    return e->texture;
}

static void set_rs(struct gs_renderer *r, enum wined3d_render_state s, uint32_t v)
{
    wined3d_device_set_render_state(r->device, s, v);
}

static void set_tss(struct gs_renderer *r, unsigned int stage, enum wined3d_texture_stage_state s, uint32_t v)
{
    wined3d_device_set_texture_stage_state(r->device, stage, s, v);
}

static void apply_state(struct gs_renderer *r)
{
    struct gs_device *gs = r->gs;
    unsigned int c = r->batch_context, attr = r->batch_attr;
    uint64_t test = gs->regs[c ? GS_TEST_2 : GS_TEST_1], zbuf = gs->regs[c ? GS_ZBUF_2 : GS_ZBUF_1];
    uint64_t alpha = gs->regs[c ? GS_ALPHA_2 : GS_ALPHA_1], frame = gs->regs[c ? GS_FRAME_2 : GS_FRAME_1];
    uint64_t scissor = gs->regs[c ? GS_SCISSOR_2 : GS_SCISSOR_1], tex1 = gs->regs[c ? GS_TEX1_2 : GS_TEX1_1];
    uint64_t clamp = gs->regs[c ? GS_CLAMP_2 : GS_CLAMP_1], tex0 = gs->regs[c ? GS_TEX0_2 : GS_TEX0_1];
    static const uint32_t ztst[4] = {WINED3D_CMP_NEVER, WINED3D_CMP_ALWAYS, WINED3D_CMP_GREATEREQUAL, WINED3D_CMP_GREATER};
    static const uint32_t atst[8] = {WINED3D_CMP_NEVER, WINED3D_CMP_ALWAYS, WINED3D_CMP_LESS, WINED3D_CMP_LESSEQUAL,
            WINED3D_CMP_EQUAL, WINED3D_CMP_GREATEREQUAL, WINED3D_CMP_GREATER, WINED3D_CMP_NOTEQUAL};
    struct wined3d_rect rect;
    struct gs_gl_blend blend;
    uint32_t fbmsk = frame >> 32, cw = 0, fog = gs->regs[GS_FOGCOL];
    unsigned int aref, i, stage = 0;

    /* Z */
    set_rs(r, WINED3D_RS_ZINTEGERBITS, gs_field(zbuf, 24, 4) >= 2 ? 16 : 24);
    if (gs_field(test, 16, 1))
    {
        set_rs(r, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
        set_rs(r, WINED3D_RS_ZFUNC, ztst[gs_field(test, 17, 2)]);
        set_rs(r, WINED3D_RS_ZWRITEENABLE, !gs_field(zbuf, 32, 1));
    }
    else
    {
        /* ZTE 0 is not allowed on the GS; treat it as no Z at all. */
        set_rs(r, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
        set_rs(r, WINED3D_RS_ZWRITEENABLE, 0);
    }

    /* Alpha test: AREF on the GS scale against alpha scaled by 255/128. */
    set_rs(r, WINED3D_RS_ALPHATESTENABLE, gs_field(test, 0, 1));
    set_rs(r, WINED3D_RS_ALPHAFUNC, atst[gs_field(test, 1, 3)]);
    aref = gs_field(test, 4, 8);
    set_rs(r, WINED3D_RS_ALPHAREF, aref >= 0x80 ? 255 : (aref * 255) / 128);
    set_rs(r, WINED3D_RS_ALPHAFAILACTION, gs_field(test, 12, 2));

    /* Blending: colour by ALPHA, destination alpha not blended. */
    set_rs(r, WINED3D_RS_ALPHABLENDENABLE, !!(attr & GS_PRIM_ABE));
    gs_blend_to_gl(alpha, &blend);
    /* The forms GL cannot blend read the destination in the shader. */
    set_rs(r, WINED3D_RS_SHADERBLEND, blend.shader_blend);
    set_rs(r, WINED3D_RS_SRCBLEND, blend.src);
    set_rs(r, WINED3D_RS_DESTBLEND, blend.dst);
    set_rs(r, WINED3D_RS_BLENDOP, blend.op);
    set_rs(r, WINED3D_RS_BLENDFACTOR, blend.blend_factor);
    set_rs(r, WINED3D_RS_SEPARATEALPHABLENDENABLE, 1);
    set_rs(r, WINED3D_RS_SRCBLENDALPHA, WINED3D_BLEND_ONE);
    set_rs(r, WINED3D_RS_DESTBLENDALPHA, WINED3D_BLEND_ZERO);
    set_rs(r, WINED3D_RS_BLENDOPALPHA, WINED3D_BLEND_OP_ADD);

    /* FBMSK: whole channels only. */
    for (i = 0; i < 4; ++i)
    {
        unsigned int m = (fbmsk >> (i * 8)) & 0xff;
        if (m != 0xff) cw |= 1u << i;
        if (m && m != 0xff) FIXME("Partial FBMSK %#x not supported.\n", fbmsk);
    }
    set_rs(r, WINED3D_RS_COLORWRITEENABLE, cw);

    /* Scissor (inclusive on the GS). */
    rect.left = gs_field(scissor, 0, 11);
    rect.right = gs_field(scissor, 16, 11) + 1;
    rect.top = gs_field(scissor, 32, 11);
    rect.bottom = gs_field(scissor, 48, 11) + 1;
    wined3d_device_set_scissor_rect(r->device, &rect);
    set_rs(r, WINED3D_RS_SCISSORTESTENABLE, 1);

    set_rs(r, WINED3D_RS_SHADEMODE, attr & GS_PRIM_IIP ? WINED3D_SHADE_GOURAUD : WINED3D_SHADE_FLAT);
    set_rs(r, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    set_rs(r, WINED3D_RS_LIGHTING, 0);
    set_rs(r, WINED3D_RS_SPECULARENABLE, 0);
    set_rs(r, WINED3D_RS_DITHERENABLE, 0);

    /* Fog: factor from the specular alpha. */
    set_rs(r, WINED3D_RS_FOGENABLE, !!(attr & GS_PRIM_FGE));
    set_rs(r, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_NONE);
    set_rs(r, WINED3D_RS_FOGVERTEXMODE, WINED3D_FOG_NONE);
    set_rs(r, WINED3D_RS_FOGCOLOR, argb(0xff, fog & 0xff, (fog >> 8) & 0xff, (fog >> 16) & 0xff));

    /* Texture function. */
    if (attr & GS_PRIM_TME)
    {
        unsigned int tfx = gs_field(tex0, 35, 2), tcc = gs_field(tex0, 34, 1), mmin = gs_field(tex1, 6, 3);
        unsigned int wms = gs_field(clamp, 0, 2), wmt = gs_field(clamp, 2, 2), mxl = gs_field(tex1, 2, 3);
        unsigned int levels = 1;

        /* MMIN 2..5 sample mip levels 0..MXL (up to 6), addressed by
         * MIPTBP1/2.  GL picks the level from screen derivatives, the GS
         * from Q with K and L; with gs_lod the core does the latter. */
        if (mmin >= 2 && mmin <= 5 && mxl)
        {
            unsigned int tw = gs_field(tex0, 26, 4), th = gs_field(tex0, 30, 4), max = tw > th ? tw : th;
            levels = (mxl > 6 ? 6 : mxl) + 1;
            if (levels > max + 1) levels = max + 1;
        }
        wined3d_device_set_texture(r->device, 0, get_texture(r, c, levels));
        /* Q is the divisor of the projected coordinates (1 for UV). */
        set_rs(r, WINED3D_RS_LODFROMQ, r->gs_lod && levels > 1 ? WINED3D_LODFROMQ(gs_field(tex1, 32, 12),
                gs_field(tex1, 19, 2), gs_field(tex1, 0, 1)) : 0);
        set_tss(r, 0, WINED3D_TSS_MAGFILTER, gs_field(tex1, 5, 1) ? WINED3D_TFG_LINEAR : WINED3D_TFG_POINT);
        /* MMIN: NEAREST, LINEAR, NEAREST_MIPMAP_NEAREST, NEAREST_MIPMAP_LINEAR,
         * LINEAR_MIPMAP_NEAREST, LINEAR_MIPMAP_LINEAR. */
        set_tss(r, 0, WINED3D_TSS_MINFILTER, (mmin == 1 || mmin >= 4) ? WINED3D_TFN_LINEAR : WINED3D_TFN_POINT);
        set_tss(r, 0, WINED3D_TSS_MIPFILTER, levels == 1 ? WINED3D_TFP_NONE
                : (mmin == 3 || mmin == 5) ? WINED3D_TFP_LINEAR : WINED3D_TFP_POINT);
        set_tss(r, 0, WINED3D_TSS_MAXMIPLEVEL, 0);
        set_tss(r, 0, WINED3D_TSS_ADDRESSU, (wms & 1) ? WINED3D_TADDRESS_CLAMP : WINED3D_TADDRESS_WRAP);
        set_tss(r, 0, WINED3D_TSS_ADDRESSV, (wmt & 1) ? WINED3D_TADDRESS_CLAMP : WINED3D_TADDRESS_WRAP);
        if (wms >= 2 || wmt >= 2) FIXME("Region clamp / repeat drawn as clamp / repeat.\n");
        set_tss(r, 0, WINED3D_TSS_TEXCOORDINDEX, 0);
        set_tss(r, 0, WINED3D_TSS_TEXTURETRANSFORMFLAGS, WINED3D_TTFF_COUNT3 | WINED3D_TTFF_PROJECTED);
        set_tss(r, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
        set_tss(r, 0, WINED3D_TSS_COLORARG2, WINED3DTA_DIFFUSE);
        set_tss(r, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_TEXTURE);
        set_tss(r, 0, WINED3D_TSS_ALPHAARG2, WINED3DTA_DIFFUSE);
        if (tfx == 1) /* DECAL */
        {
            set_tss(r, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
            set_tss(r, 0, WINED3D_TSS_ALPHAOP, tcc ? WINED3D_TOP_SELECTARG1 : WINED3D_TOP_SELECTARG2);
            if (!tcc) set_tss(r, 0, WINED3D_TSS_ALPHAARG2, WINED3DTA_DIFFUSE);
        }
        else
        {
            /* MODULATE: Ct * Cf >> 7; alpha At * Af >> 7 or Af (2 x the
             * raw vertex alpha).  HIGHLIGHT adds Af to the colour (and to
             * At); HIGHLIGHT2 keeps At. */
            set_tss(r, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_MODULATE2X);
            if (tcc && tfx == 0)
                set_tss(r, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_MODULATE2X);
            else if (tcc && tfx == 2)
                set_tss(r, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_ADD);
            else if (tcc)
                set_tss(r, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
            else
            {
                set_tss(r, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_ADD);
                set_tss(r, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_DIFFUSE);
            }
            if (tfx >= 2)
            {
                set_tss(r, 1, WINED3D_TSS_COLOROP, WINED3D_TOP_ADD);
                set_tss(r, 1, WINED3D_TSS_COLORARG1, WINED3DTA_CURRENT);
                set_tss(r, 1, WINED3D_TSS_COLORARG2, WINED3DTA_DIFFUSE | WINED3DTA_ALPHAREPLICATE);
                set_tss(r, 1, WINED3D_TSS_ALPHAARG1, WINED3DTA_CURRENT);
                set_tss(r, 1, WINED3D_TSS_ALPHAARG2, WINED3DTA_DIFFUSE);
                set_tss(r, 1, WINED3D_TSS_ALPHAOP, tcc && tfx == 2 ? WINED3D_TOP_ADD : WINED3D_TOP_SELECTARG1);
                set_tss(r, 1, WINED3D_TSS_TEXCOORDINDEX, 0);
            }
        }
        stage = (tfx >= 2) ? 2 : 1;
    }
    else
    {
        wined3d_device_set_texture(r->device, 0, NULL);
        set_tss(r, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
        set_tss(r, 0, WINED3D_TSS_COLORARG1, WINED3DTA_DIFFUSE);
        set_tss(r, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
        set_tss(r, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_DIFFUSE);
        stage = 1;
    }
    /* The blend forms that change the fragment colour first (blend.c). */
    if (blend.route == GS_BLEND_ROUTE_SHADER && (attr & GS_PRIM_ABE))
    {
        unsigned int k;
        set_tss(r, stage, WINED3D_TSS_COLORARG1, WINED3DTA_CURRENT);
        set_tss(r, stage, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
        set_tss(r, stage, WINED3D_TSS_ALPHAARG1, WINED3DTA_CURRENT);
        switch (blend.source)
        {
            case GS_BLEND_SOURCE_SCALED:
                /* x2 of half the factor: 1 + FIX / 0x80 is up to 2. */
                k = (unsigned int)(blend.src_scale * 0.5f * 255.0f + 0.5f);
                set_rs(r, WINED3D_RS_TEXTUREFACTOR, argb(0xff, k, k, k));
                set_tss(r, stage, WINED3D_TSS_COLOROP, WINED3D_TOP_MODULATE2X);
                set_tss(r, stage, WINED3D_TSS_COLORARG2, WINED3DTA_TFACTOR);
                break;
            case GS_BLEND_SOURCE_PLUS_ALPHA:
                /* Arg1.rgb + Arg1.a x Arg2.rgb = Cs + As Cs. */
                set_tss(r, stage, WINED3D_TSS_COLOROP, WINED3D_TOP_MODULATEALPHA_ADDCOLOR);
                set_tss(r, stage, WINED3D_TSS_COLORARG2, WINED3DTA_CURRENT);
                break;
            case GS_BLEND_SOURCE_ALPHA:
                set_tss(r, stage, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
                set_tss(r, stage, WINED3D_TSS_COLORARG1, WINED3DTA_CURRENT | WINED3DTA_ALPHAREPLICATE);
                break;
            default:
                k = gs_field(alpha, 32, 8);
                k = k >= 0x80 ? 255 : (k * 255 + 64) / 128;
                set_rs(r, WINED3D_RS_TEXTUREFACTOR, argb(0xff, k, k, k));
                set_tss(r, stage, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
                set_tss(r, stage, WINED3D_TSS_COLORARG1, WINED3DTA_TFACTOR);
                break;
        }
        /* Cd (1 + C) does not contain Cs: fog (which changes Cs) has no
         * effect on the GS. */
        if (blend.source == GS_BLEND_SOURCE_ALPHA || blend.source == GS_BLEND_SOURCE_FIX)
            set_rs(r, WINED3D_RS_FOGENABLE, 0);
        ++stage;
    }
    set_tss(r, stage, WINED3D_TSS_COLOROP, WINED3D_TOP_DISABLE);
    set_tss(r, stage, WINED3D_TSS_ALPHAOP, WINED3D_TOP_DISABLE);
}

static void render_flush(void *ctx, struct gs_device *gs)
{
    struct gs_renderer *r = ctx;
    int32_t hr;

    if (!r->batch_count) return;
    apply_state(r);
    wined3d_device_set_fvf(r->device, GS_FVF);
    hr = wined3d_device_draw_primitive_up(r->device, r->batch_type, r->batch, r->batch_count, sizeof(*r->batch));
    if (WINED3D_FAILED(hr)) WARN("Draw of %u vertices failed, hr %#x.\n", r->batch_count, (unsigned int)hr);
    r->batch_count = 0;
}

int gs_renderer_create(struct gs_device *gs, struct wined3d_device *device, unsigned int width, unsigned int height,
        struct gs_renderer **out)
{
    struct wined3d_texture_desc desc;
    struct gs_draw_sink sink;
    struct gs_renderer *r;

    *out = NULL;
    if (!width || !height || width > 2048 || height > 2048) return -1;
    if (!(r = calloc(1, sizeof(*r)))) return -1;
    r->gs = gs;
    r->device = device;
    r->width = width;
    r->height = height;
    memset(&desc, 0, sizeof(desc));
    desc.type = WINED3D_RTYPE_TEXTURE_2D;
    desc.format = WINED3DFMT_A8B8G8R8;
    desc.usage = WINED3D_USAGE_RENDERTARGET;
    desc.width = width;
    desc.height = height;
    desc.levels = 1;
    if (WINED3D_FAILED(wined3d_texture_create(device, &desc, &r->rt)))
        goto fail;
    desc.format = WINED3DFMT_D24S8;
    desc.usage = WINED3D_USAGE_DEPTHSTENCIL;
    if (WINED3D_FAILED(wined3d_texture_create(device, &desc, &r->ds)))
        goto fail;
    wined3d_device_set_render_target(device, r->rt, 0);
    wined3d_device_set_depth_stencil(device, r->ds, 0);
    /* The GS frame buffer starts black, Z at 0 (the farthest). */
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, 0.0f, 0);
    sink.primitive = render_primitive;
    sink.flush = render_flush;
    sink.ctx = r;
    gs_device_set_draw_sink(gs, &sink);
    *out = r;
    return 0;

fail:
    ERR("Cannot create the %ux%u render target.\n", width, height);
    if (r->rt) wined3d_texture_destroy(r->rt);
    free(r);
    return -1;
}

int gs_renderer_create_standalone(struct gs_device *gs, unsigned int width, unsigned int height, uintptr_t window,
        struct gs_renderer **out)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device;

    *out = NULL;
    memset(&desc, 0, sizeof(desc));
#ifdef _WIN32
    desc.window_system = WINED3D_WS_WGL;
    desc.native_window = window;
#else
    desc.window_system = window ? WINED3D_WS_EGL_WINDOW : WINED3D_WS_EGL_SURFACELESS;
    desc.native_window = window;
#endif
    desc.backbuffer_width = width;
    desc.backbuffer_height = height;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    if (WINED3D_FAILED(wined3d_device_create(&desc, 0, &device)))
    {
        ERR("Cannot create a core device.\n");
        return -1;
    }
    if (gs_renderer_create(gs, device, width, height, out) < 0)
    {
        wined3d_device_destroy(device);
        return -1;
    }
    (*out)->own_device = 1;
    return 0;
}

void gs_renderer_destroy(struct gs_renderer *r)
{
    unsigned int i;

    if (!r) return;
    gs_device_set_draw_sink(r->gs, NULL);
    wined3d_device_set_texture(r->device, 0, NULL);
    wined3d_device_set_render_target(r->device, NULL, 0);
    wined3d_device_set_depth_stencil(r->device, NULL, 0);
    for (i = 0; i < GS_TEX_CACHE_SIZE; ++i)
        if (r->textures[i].texture) wined3d_texture_destroy(r->textures[i].texture);
    if (r->ds) wined3d_texture_destroy(r->ds);
    if (r->rt) wined3d_texture_destroy(r->rt);
    if (r->own_device) wined3d_device_destroy(r->device);
    free(r->batch);
    free(r);
}

void gs_renderer_flush(struct gs_renderer *r)
{
    render_flush(r, r->gs);
}

int gs_renderer_read_frame(struct gs_renderer *r, uint32_t *pixels, int anti_flicker)
{
    struct wined3d_map_desc map;
    unsigned int y;

    gs_renderer_flush(r);
    if (WINED3D_FAILED(wined3d_texture_map(r->rt, 0, NULL, WINED3D_MAP_READ, &map)))
        return -1;
    for (y = 0; y < r->height; ++y)
        memcpy(pixels + (size_t)y * r->width, (uint8_t *)map.data + (size_t)y * map.row_pitch, r->width * 4);
    wined3d_texture_unmap(r->rt, 0);
    if (anti_flicker) gs_anti_flicker(pixels, r->width, r->height);
    return 0;
}

/* One copy of the frame over the back buffer; dy = -1 moves it one line up. */
static void compose_pass(struct gs_renderer *r, float bw, float bh, float dy)
{
    struct gs_gl_vertex v[4];
    float sy = bh / r->height;
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        v[i].x = (i & 1) ? bw - 0.5f : -0.5f;
        v[i].y = ((i & 2) ? bh - 0.5f : -0.5f) + dy * sy;
        v[i].z = 0.0f;
        v[i].rhw = 1.0f;
        v[i].diffuse = 0xffffffffu;
        v[i].specular = 0xff000000u;
        v[i].u = (i & 1) ? 1.0f : 0.0f;
        v[i].v = (i & 2) ? 1.0f : 0.0f;
        v[i].q = 1.0f;
    }
    wined3d_device_set_fvf(r->device, GS_FVF);
    wined3d_device_draw_primitive_up(r->device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
}

void gs_renderer_set_gs_lod(struct gs_renderer *r, int enable)
{
    if (!r) return;
    gs_renderer_flush(r);
    /* apply_state() reads it at the next flush. */
    r->gs_lod = !!enable;
}

int gs_renderer_compose(struct gs_renderer *r, int anti_flicker)
{
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(r->device, 0);
    struct wined3d_texture *back;
    struct wined3d_texture_desc desc;
    static const enum wined3d_render_state off[] =
    {
        WINED3D_RS_ZENABLE, WINED3D_RS_ZWRITEENABLE, WINED3D_RS_ALPHATESTENABLE, WINED3D_RS_FOGENABLE,
        WINED3D_RS_SCISSORTESTENABLE, WINED3D_RS_SEPARATEALPHABLENDENABLE, WINED3D_RS_ZINTEGERBITS,
        WINED3D_RS_SHADERBLEND, WINED3D_RS_LODFROMQ,
    };
    unsigned int i;

    gs_renderer_flush(r);
    if (!swapchain || !(back = wined3d_swapchain_get_back_buffer(swapchain))) return -1;
    wined3d_texture_get_desc(back, &desc);
    wined3d_device_set_render_target(r->device, back, 0);
    wined3d_device_set_depth_stencil(r->device, NULL, 0);
    for (i = 0; i < sizeof(off) / sizeof(off[0]); ++i) set_rs(r, off[i], 0);
    set_rs(r, WINED3D_RS_COLORWRITEENABLE, 0xf);
    set_rs(r, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    set_rs(r, WINED3D_RS_LIGHTING, 0);
    set_rs(r, WINED3D_RS_ALPHABLENDENABLE, 0);
    wined3d_device_set_texture(r->device, 0, r->rt);
    set_tss(r, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    set_tss(r, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    /* The TV picture has no alpha. */
    set_tss(r, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    set_tss(r, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_DIFFUSE);
    set_tss(r, 0, WINED3D_TSS_TEXCOORDINDEX, 0);
    set_tss(r, 0, WINED3D_TSS_TEXTURETRANSFORMFLAGS, WINED3D_TTFF_COUNT3 | WINED3D_TTFF_PROJECTED);
    set_tss(r, 0, WINED3D_TSS_ADDRESSU, WINED3D_TADDRESS_CLAMP);
    set_tss(r, 0, WINED3D_TSS_ADDRESSV, WINED3D_TADDRESS_CLAMP);
    set_tss(r, 0, WINED3D_TSS_MAGFILTER, desc.height == r->height ? WINED3D_TFG_POINT : WINED3D_TFG_LINEAR);
    set_tss(r, 0, WINED3D_TSS_MINFILTER, desc.height == r->height ? WINED3D_TFN_POINT : WINED3D_TFN_LINEAR);
    set_tss(r, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_NONE);
    set_tss(r, 1, WINED3D_TSS_COLOROP, WINED3D_TOP_DISABLE);
    set_tss(r, 1, WINED3D_TSS_ALPHAOP, WINED3D_TOP_DISABLE);
    /* Circuit 1: the frame from its first line. */
    compose_pass(r, desc.width, desc.height, 0.0f);
    if (anti_flicker)
    {
        /* Circuit 2 from the second line, mixed by PMODE's ALP 0x80. */
        set_rs(r, WINED3D_RS_ALPHABLENDENABLE, 1);
        set_rs(r, WINED3D_RS_BLENDOP, WINED3D_BLEND_OP_ADD);
        set_rs(r, WINED3D_RS_BLENDFACTOR, 0x80808080u);
        set_rs(r, WINED3D_RS_SRCBLEND, WINED3D_BLEND_BLENDFACTOR);
        set_rs(r, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVBLENDFACTOR);
        compose_pass(r, desc.width, desc.height, -1.0f);
    }
    wined3d_device_set_texture(r->device, 0, NULL);
    wined3d_device_set_render_target(r->device, r->rt, 0);
    wined3d_device_set_depth_stencil(r->device, r->ds, 0);
    return 0;
}

int gs_renderer_present(struct gs_renderer *r, int anti_flicker)
{
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(r->device, 0);

    if (gs_renderer_compose(r, anti_flicker) < 0) return -1;
    return WINED3D_FAILED(wined3d_swapchain_present(swapchain, NULL, 0, NULL, 0)) ? -1 : 0;
}

/*
 * The RenderWare level: Sky_RenderStateSet / _Get (0x0048e250 /
 * 0x0048ece8) over the driver's 64-bit GS register shadows, Sky_Start's
 * initial values, the per-draw alpha-test enable rules and the texture
 * cache hook of render state 1.
 *
 * Each change updates the whole shadow and sends it as a two-quadword GIF
 * packet (tag + one A+D pair) to the attached GS device, as the driver does
 * through Sky_OpenGifPacket.  A refused state answers 0 and changes nothing.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gs_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(gs);

struct gs_rw
{
    unsigned int mode_index, zdepth;
    struct gs_rw_video_mode mode;
    struct gs_memory_layout layout;
    struct gs_texcache *cache;
    struct gs_device *gs;
    uint64_t shadow[GS_RW_SHADOW_COUNT];
    uint64_t packet[4];
    gs_packet_sink sink;
    void *sink_ctx;
    unsigned int display_buffer;
    /* Render state values the registers do not hold on their own. */
    struct gs_raster *raster;
    unsigned int src_blend, dst_blend;
    unsigned int vertex_alpha, ztest, zwrite, filter, addr_u, addr_v, fog_type, cull, alpha_ref;
    uint32_t fog_color;
};

#define TEST_ATE_MASK   ((uint64_t)1)
#define TEST_ATST_MASK  ((uint64_t)7 << 1)
#define TEST_AREF_MASK  ((uint64_t)0xff << 4)
#define TEST_ZTE        ((uint64_t)1 << 16)
#define TEST_ZTST_MASK  ((uint64_t)3 << 17)
#define ZBUF_ZMSK       ((uint64_t)1 << 32)
#define TEX1_FILTER_MASK ((uint64_t)0x1e0)  /* MMAG | MMIN */
/* TEST_1 as Sky_Start sets it: ATE, ATST GEQUAL, AREF 0x40, AFAIL FB_ONLY. */
#define GS_RW_TEST_INITIAL 0x140bu

int gs_rw_alpha_test_enable(enum gs_rw_ate_caller caller, uint32_t format)
{
    unsigned int nibble = gs_rw_format_nibble(format);

    switch (caller)
    {
        case GS_RW_ATE_RENDERSTATE:
        case GS_RW_ATE_DUALTEX:
        case GS_RW_ATE_ENVMAP:
            return nibble != gs_rw_format_nibble(GS_RW_FORMAT_888);
        case GS_RW_ATE_WORLD:
        case GS_RW_ATE_CHARACTER2:
            return nibble == gs_rw_format_nibble(GS_RW_FORMAT_1555) || nibble == gs_rw_format_nibble(GS_RW_FORMAT_8888);
        case GS_RW_ATE_CHARACTER1:
            return 1;
    }
    return 0;
}

int gs_rw_filter_bits(unsigned int filter, unsigned int *mmag, unsigned int *mmin)
{
    /* RenderWare filter -> MMAG, MMIN as the driver sets them; 4 and 5 look
     * swapped against RenderWare's names and are kept that way. */
    static const unsigned char table[7][2] =
    {
        {0, 0},
        {0, GS_NEAREST},                    /* 1 nearest */
        {1, GS_LINEAR},                     /* 2 linear */
        {0, GS_NEAREST_MIPMAP_NEAREST},     /* 3 mip nearest */
        {1, GS_LINEAR_MIPMAP_NEAREST},      /* 4 mip linear: linear, nearest mip */
        {0, GS_NEAREST_MIPMAP_LINEAR},      /* 5 linear mip nearest: nearest, linear between mips */
        {1, GS_LINEAR_MIPMAP_LINEAR},       /* 6 linear mip linear */
    };

    if (filter < 1 || filter > 6) return 0;
    *mmag = table[filter][0];
    *mmin = table[filter][1];
    return 1;
}

static void send_packet(struct gs_rw *rw, const uint64_t *qwords, size_t count)
{
    if (rw->sink) rw->sink(rw->sink_ctx, qwords, count);
    if (rw->gs) gs_device_process(rw->gs, qwords, count);
}

static void send(struct gs_rw *rw, unsigned int reg, uint64_t value)
{
    rw->packet[0] = gs_make_giftag(1, 1, 0, 0, GS_GIF_PACKED, 1);
    rw->packet[1] = GS_GIF_REG_AD;
    rw->packet[2] = value;
    rw->packet[3] = reg;
    send_packet(rw, rw->packet, 2);
}

void gs_rw_set_packet_sink(struct gs_rw *rw, gs_packet_sink sink, void *ctx)
{
    rw->sink = sink;
    rw->sink_ctx = ctx;
}

static void set_shadow(struct gs_rw *rw, enum gs_rw_shadow s, uint64_t value)
{
    static const unsigned int regs[GS_RW_SHADOW_COUNT] =
    {
        GS_ZBUF_1, GS_FRAME_1, GS_TEST_1, GS_FOGCOL, GS_CLAMP_1, GS_TEX1_1, GS_ALPHA_1, 0,
    };

    rw->shadow[s] = value;
    /* The primitive bits go into the pipelines' PRIM, not a register. */
    if (s != GS_RW_SHADOW_PRIM) send(rw, regs[s], value);
}

static int raster_has_alpha(const struct gs_raster *raster)
{
    return raster && gs_rw_format_nibble(raster->format) != gs_rw_format_nibble(GS_RW_FORMAT_888);
}

static void update_abe(struct gs_rw *rw)
{
    uint64_t prim = rw->shadow[GS_RW_SHADOW_PRIM] & ~(uint64_t)GS_PRIM_ABE;

    if (rw->vertex_alpha || raster_has_alpha(rw->raster)) prim |= GS_PRIM_ABE;
    rw->shadow[GS_RW_SHADOW_PRIM] = prim;
}

static void set_ate(struct gs_rw *rw, int enable)
{
    uint64_t test = rw->shadow[GS_RW_SHADOW_TEST_1] & ~TEST_ATE_MASK;

    set_shadow(rw, GS_RW_SHADOW_TEST_1, test | (enable ? 1 : 0));
}

/* A real upload of the raster's pixels and palette into GS memory through
 * an image transfer (when the raster carries data and a GS is attached). */
static void upload_raster(struct gs_rw *rw, const struct gs_raster *raster)
{
    unsigned int psm = gs_field(raster->tex0, 20, 6), tbw = gs_field(raster->tex0, 14, 6);
    uint32_t bp = raster->cache_address / GS_BLOCK_WORDS;
    size_t bytes, qwords, tags, done, chunk, out;
    uint64_t *packet;

    if ((!rw->gs && !rw->sink) || !raster->pixels || !gs_psm_supported(psm)) return;
    bytes = ((size_t)raster->width * raster->height * gs_psm_bits(psm) + 7) / 8;
    qwords = (bytes + 15) / 16;
    tags = (qwords + GS_GIF_NLOOP_MAX - 1) / GS_GIF_NLOOP_MAX;
    if (!(packet = calloc((5 + tags + qwords) * 2 + 2 * (6 + 64), sizeof(uint64_t)))) return;
    packet[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
    packet[1] = GS_GIF_REG_AD;
    packet[2] = gs_make_bitbltbuf(0, 0, 0, bp, tbw, psm); packet[3] = GS_BITBLTBUF;
    packet[4] = gs_make_trxpos(0, 0, 0, 0, 0); packet[5] = GS_TRXPOS;
    packet[6] = gs_make_trxreg(raster->width, raster->height); packet[7] = GS_TRXREG;
    packet[8] = 0; packet[9] = GS_TRXDIR;
    /* NLOOP has 15 bits: a bigger raster goes as several IMAGE tags, as
     * the hardware requires (one tag's count would wrap and the texels
     * would be read as GIF tags). */
    for (done = 0, out = 10; done < qwords; done += chunk)
    {
        chunk = qwords - done < GS_GIF_NLOOP_MAX ? qwords - done : GS_GIF_NLOOP_MAX;
        packet[out++] = gs_make_giftag(chunk, done + chunk == qwords, 0, 0, GS_GIF_IMAGE, 0);
        packet[out++] = 0;
        memcpy(&packet[out], (const uint8_t *)raster->pixels + done * 16,
                done + chunk == qwords ? bytes - done * 16 : chunk * 16);
        out += chunk * 2;
    }
    send_packet(rw, packet, out / 2);
    if (raster->clut && raster->clut_offset_words)
    {
        unsigned int entries = psm == GS_PSMT4 ? 16 : 256;
        uint32_t cbp = (raster->cache_address + raster->clut_offset_words) / GS_BLOCK_WORDS;
        memset(packet, 0, 12 * sizeof(uint64_t));
        packet[0] = gs_make_giftag(4, 0, 0, 0, GS_GIF_PACKED, 1);
        packet[1] = GS_GIF_REG_AD;
        packet[2] = gs_make_bitbltbuf(0, 0, 0, cbp, 1, GS_PSMCT32); packet[3] = GS_BITBLTBUF;
        packet[4] = 0; packet[5] = GS_TRXPOS;
        packet[6] = entries == 16 ? gs_make_trxreg(8, 2) : gs_make_trxreg(16, 16); packet[7] = GS_TRXREG;
        packet[8] = 0; packet[9] = GS_TRXDIR;
        packet[10] = gs_make_giftag(entries / 4, 1, 0, 0, GS_GIF_IMAGE, 0);
        packet[11] = 0;
        memcpy(&packet[12], raster->clut, entries * 4);
        send_packet(rw, packet, 6 + entries / 4);
    }
    free(packet);
}

static void set_raster(struct gs_rw *rw, struct gs_raster *raster)
{
    uint64_t prim = rw->shadow[GS_RW_SHADOW_PRIM];

    rw->raster = raster;
    if (!raster)
    {
        rw->shadow[GS_RW_SHADOW_PRIM] = prim & ~(uint64_t)GS_PRIM_TME;
        gs_texcache_set_context_rasters(rw->cache, NULL, NULL);
        set_ate(rw, 0);
        update_abe(rw);
        return;
    }
    rw->shadow[GS_RW_SHADOW_PRIM] = prim | GS_PRIM_TME;
    /* The raster is context 1's from now on: protected while placing. */
    gs_texcache_set_context_rasters(rw->cache, raster, NULL);
    if (gs_texcache_find_upload(rw->cache, raster) == 2)
        upload_raster(rw, raster);
    if (raster->resident)
    {
        uint64_t tex0 = raster->tex0 & ~(uint64_t)0x3fff & ~((uint64_t)0x3fff << 37);
        tex0 |= gs_bits(raster->cache_address / GS_BLOCK_WORDS, 0, 14);
        if (raster->clut_offset_words)
            tex0 |= gs_bits((raster->cache_address + raster->clut_offset_words) / GS_BLOCK_WORDS, 37, 14);
        send(rw, GS_TEX0_1, tex0);
    }
    set_shadow(rw, GS_RW_SHADOW_TEX1_1, (rw->shadow[GS_RW_SHADOW_TEX1_1] & TEX1_FILTER_MASK)
            | (raster->tex1_lod & ~TEX1_FILTER_MASK));
    set_ate(rw, gs_rw_alpha_test_enable(GS_RW_ATE_RENDERSTATE, raster->format));
    update_abe(rw);
}

static int rw_atst(unsigned int func)
{
    /* rwALPHATESTFUNCTION 1..8: NEVER, LESS, EQUAL, LESSEQUAL, GREATER,
     * NOTEQUAL, GREATEREQUAL, ALWAYS. */
    static const int atst[9] = {-1, GS_ATST_NEVER, GS_ATST_LESS, GS_ATST_EQUAL, GS_ATST_LEQUAL,
            GS_ATST_GREATER, GS_ATST_NOTEQUAL, GS_ATST_GEQUAL, GS_ATST_ALWAYS};
    return func <= 8 ? atst[func] : -1;
}

static void set_clamp(struct gs_rw *rw)
{
    uint64_t clamp = rw->shadow[GS_RW_SHADOW_CLAMP_1] & ~(uint64_t)0xf;

    clamp |= (rw->addr_u == 3 ? GS_WRAP_CLAMP : GS_WRAP_REPEAT);
    clamp |= (rw->addr_v == 3 ? GS_WRAP_CLAMP : GS_WRAP_REPEAT) << 2;
    set_shadow(rw, GS_RW_SHADOW_CLAMP_1, clamp);
}

int gs_rw_render_state_set(struct gs_rw *rw, unsigned int state, uintptr_t value)
{
    uint64_t v;

    switch (state)
    {
        case GS_RW_TEXTURERASTER:
            set_raster(rw, (struct gs_raster *)value);
            return 1;

        case GS_RW_TEXTUREADDRESS:
        case GS_RW_TEXTUREADDRESSU:
        case GS_RW_TEXTUREADDRESSV:
            /* 1 wrap, 3 clamp; 2 mirror (and 4 border) cannot be drawn. */
            if (value != 1 && value != 3) return 0;
            if (state != GS_RW_TEXTUREADDRESSV) rw->addr_u = value;
            if (state != GS_RW_TEXTUREADDRESSU) rw->addr_v = value;
            set_clamp(rw);
            return 1;

        case GS_RW_TEXTUREPERSPECTIVE:
            if (!value) return 0;
            rw->shadow[GS_RW_SHADOW_PRIM] &= ~(uint64_t)GS_PRIM_FST;
            return 1;

        case GS_RW_ZTESTENABLE:
            rw->ztest = !!value;
            v = rw->shadow[GS_RW_SHADOW_TEST_1] & ~TEST_ZTST_MASK;
            v |= TEST_ZTE | (uint64_t)(value ? GS_ZTST_GEQUAL : GS_ZTST_ALWAYS) << 17;
            set_shadow(rw, GS_RW_SHADOW_TEST_1, v);
            return 1;

        case GS_RW_SHADEMODE:
            if (value != 1 && value != 2) return 0;
            v = rw->shadow[GS_RW_SHADOW_PRIM] & ~(uint64_t)GS_PRIM_IIP;
            rw->shadow[GS_RW_SHADOW_PRIM] = v | (value == 2 ? GS_PRIM_IIP : 0);
            return 1;

        case GS_RW_ZWRITEENABLE:
            rw->zwrite = !!value;
            v = rw->shadow[GS_RW_SHADOW_ZBUF_1] & ~ZBUF_ZMSK;
            set_shadow(rw, GS_RW_SHADOW_ZBUF_1, v | (value ? 0 : ZBUF_ZMSK));
            if (value && !rw->ztest)
            {
                v = rw->shadow[GS_RW_SHADOW_TEST_1] & ~TEST_ZTST_MASK;
                set_shadow(rw, GS_RW_SHADOW_TEST_1, v | TEST_ZTE | (uint64_t)GS_ZTST_ALWAYS << 17);
            }
            return 1;

        case GS_RW_TEXTUREFILTER:
        {
            unsigned int mmag, mmin;
            if (!gs_rw_filter_bits(value, &mmag, &mmin)) return 0;
            rw->filter = value;
            v = rw->shadow[GS_RW_SHADOW_TEX1_1] & ~TEX1_FILTER_MASK;
            set_shadow(rw, GS_RW_SHADOW_TEX1_1, v | gs_bits(mmag, 5, 1) | gs_bits(mmin, 6, 3));
            return 1;
        }

        case GS_RW_SRCBLEND:
        case GS_RW_DESTBLEND:
        {
            unsigned int src = state == GS_RW_SRCBLEND ? value : rw->src_blend;
            unsigned int dst = state == GS_RW_DESTBLEND ? value : rw->dst_blend;
            int64_t alpha;
            if (value > 8 || (alpha = gs_rw_blend_table(src, dst)) < 0) return 0;
            rw->src_blend = src;
            rw->dst_blend = dst;
            set_shadow(rw, GS_RW_SHADOW_ALPHA_1, (uint64_t)alpha);
            return 1;
        }

        case GS_RW_VERTEXALPHAENABLE:
            rw->vertex_alpha = !!value;
            update_abe(rw);
            return 1;

        case GS_RW_FOGENABLE:
            v = rw->shadow[GS_RW_SHADOW_PRIM] & ~(uint64_t)GS_PRIM_FGE;
            rw->shadow[GS_RW_SHADOW_PRIM] = v | (value ? GS_PRIM_FGE : 0);
            return 1;

        case GS_RW_FOGCOLOR:
            /* RWRGBALONG: 0xAARRGGBB; FOGCOL has red in the low byte. */
            rw->fog_color = value;
            set_shadow(rw, GS_RW_SHADOW_FOGCOL, gs_make_fogcol((value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff));
            return 1;

        case GS_RW_FOGTYPE:
            if (value != 1) return 0;
            rw->fog_type = 1;
            return 1;

        case GS_RW_CULLMODE:
            /* Kept for the pipelines, which cull in VU1 code. */
            rw->cull = value;
            return 1;

        case GS_RW_ALPHATESTFUNCTION:
        {
            int atst = rw_atst(value);
            if (atst < 0) return 0;
            v = rw->shadow[GS_RW_SHADOW_TEST_1] & ~TEST_ATST_MASK;
            set_shadow(rw, GS_RW_SHADOW_TEST_1, v | (uint64_t)atst << 1);
            return 1;
        }

        case GS_RW_ALPHATESTFUNCTIONREF:
        {
            /* reference x 128/255 (0x005969b8 = 0.50196), truncated. */
            unsigned int aref;
            if (value > 255) return 0;
            aref = (unsigned int)((float)value * (128.0f / 255.0f));
            rw->alpha_ref = value;
            v = rw->shadow[GS_RW_SHADOW_TEST_1] & ~TEST_AREF_MASK;
            set_shadow(rw, GS_RW_SHADOW_TEST_1, v | (uint64_t)aref << 4);
            return 1;
        }

        default:
            TRACE("Render state %u not supported.\n", state);
            return 0;
    }
}

int gs_rw_render_state_get(const struct gs_rw *rw, unsigned int state, uintptr_t *value)
{
    uint64_t prim = rw->shadow[GS_RW_SHADOW_PRIM], test = rw->shadow[GS_RW_SHADOW_TEST_1];
    unsigned int i;

    switch (state)
    {
        case GS_RW_TEXTURERASTER: *value = (uintptr_t)rw->raster; return 1;
        case GS_RW_TEXTUREADDRESS:
        case GS_RW_TEXTUREADDRESSU:
            *value = (rw->shadow[GS_RW_SHADOW_CLAMP_1] & 3) == GS_WRAP_CLAMP ? 3 : 1; return 1;
        case GS_RW_TEXTUREADDRESSV:
            *value = ((rw->shadow[GS_RW_SHADOW_CLAMP_1] >> 2) & 3) == GS_WRAP_CLAMP ? 3 : 1; return 1;
        case GS_RW_TEXTUREPERSPECTIVE: *value = !(prim & GS_PRIM_FST); return 1;
        case GS_RW_ZTESTENABLE: *value = gs_field(test, 17, 2) == GS_ZTST_GEQUAL; return 1;
        case GS_RW_SHADEMODE: *value = prim & GS_PRIM_IIP ? 2 : 1; return 1;
        case GS_RW_ZWRITEENABLE: *value = !(rw->shadow[GS_RW_SHADOW_ZBUF_1] & ZBUF_ZMSK); return 1;
        case GS_RW_TEXTUREFILTER:
        {
            unsigned int mmag, mmin, tex1 = rw->shadow[GS_RW_SHADOW_TEX1_1];
            for (i = 1; i <= 6; ++i)
                if (gs_rw_filter_bits(i, &mmag, &mmin) && mmag == gs_field(tex1, 5, 1) && mmin == gs_field(tex1, 6, 3))
                {
                    *value = i;
                    return 1;
                }
            *value = 1;
            return 1;
        }
        case GS_RW_SRCBLEND: *value = rw->src_blend; return 1;
        case GS_RW_DESTBLEND: *value = rw->dst_blend; return 1;
        case GS_RW_VERTEXALPHAENABLE: *value = rw->vertex_alpha; return 1;
        case GS_RW_FOGENABLE: *value = !!(prim & GS_PRIM_FGE); return 1;
        case GS_RW_FOGCOLOR:
        {
            uint64_t fc = rw->shadow[GS_RW_SHADOW_FOGCOL];
            *value = (rw->fog_color & 0xff000000u) | (uint32_t)(fc & 0xff) << 16 | (uint32_t)(fc & 0xff00)
                    | (uint32_t)((fc >> 16) & 0xff);
            return 1;
        }
        case GS_RW_FOGTYPE: *value = rw->fog_type; return 1;
        case GS_RW_CULLMODE: *value = rw->cull; return 1;
        case GS_RW_ALPHATESTFUNCTION:
            for (i = 1; i <= 8; ++i)
                if ((unsigned int)rw_atst(i) == gs_field(test, 1, 3)) { *value = i; return 1; }
            return 0;
        case GS_RW_ALPHATESTFUNCTIONREF: *value = rw->alpha_ref; return 1;
        default: return 0;
    }
}

void gs_rw_material_alpha_test(struct gs_rw *rw, enum gs_rw_ate_caller caller, const struct gs_raster *raster)
{
    set_ate(rw, raster ? gs_rw_alpha_test_enable(caller, raster->format) : caller == GS_RW_ATE_CHARACTER1);
}

void gs_rw_material_address(struct gs_rw *rw, unsigned int u_mode, unsigned int v_mode)
{
    rw->addr_u = u_mode == 3 ? 3 : 1;
    rw->addr_v = v_mode == 3 ? 3 : 1;
    set_clamp(rw);
}

int gs_rw_create(unsigned int video_mode, unsigned int zdepth, struct gs_device *gs, struct gs_rw **out)
{
    struct gs_rw *rw;

    *out = NULL;
    if (!(rw = calloc(1, sizeof(*rw)))) return -1;
    if (!gs_rw_get_video_mode(video_mode, &rw->mode) || !gs_rw_compute_layout(&rw->mode, zdepth, &rw->layout)
            || gs_texcache_create(rw->layout.texture_start, rw->layout.texture_words, &rw->cache) < 0)
    {
        WARN("Cannot start video mode %u with %u-bit Z.\n", video_mode, zdepth);
        free(rw);
        return -1;
    }
    rw->mode_index = video_mode;
    rw->zdepth = zdepth;
    rw->gs = gs;
    /* Sky_Start: display buffer 0, draw into buffer 1. */
    rw->display_buffer = 0;
    rw->src_blend = GS_RW_BLENDSRCALPHA;
    rw->dst_blend = GS_RW_BLENDINVSRCALPHA;
    rw->ztest = 1;
    rw->zwrite = 1;
    rw->addr_u = rw->addr_v = 1;
    rw->fog_type = 1;
    rw->cull = 1;
    rw->alpha_ref = 128;
    rw->shadow[GS_RW_SHADOW_PRIM] = GS_PRIM_IIP;
    set_shadow(rw, GS_RW_SHADOW_FRAME_1, rw->layout.frame_1[1]);
    set_shadow(rw, GS_RW_SHADOW_ZBUF_1, rw->layout.zbuf_1);
    set_shadow(rw, GS_RW_SHADOW_TEST_1, GS_RW_TEST_INITIAL);
    set_shadow(rw, GS_RW_SHADOW_ALPHA_1, (uint64_t)gs_rw_blend_table(rw->src_blend, rw->dst_blend));
    set_shadow(rw, GS_RW_SHADOW_CLAMP_1, 0);
    set_shadow(rw, GS_RW_SHADOW_TEX1_1, 0);
    set_shadow(rw, GS_RW_SHADOW_FOGCOL, 0);
    send(rw, GS_SCISSOR_1, gs_make_scissor(0, rw->mode.width - 1, 0, rw->mode.height - 1));
    *out = rw;
    return 0;
}

void gs_rw_destroy(struct gs_rw *rw)
{
    if (!rw) return;
    gs_texcache_destroy(rw->cache);
    free(rw);
}

uint64_t gs_rw_get_shadow(const struct gs_rw *rw, enum gs_rw_shadow shadow)
{
    return shadow < GS_RW_SHADOW_COUNT ? rw->shadow[shadow] : 0;
}

const struct gs_memory_layout *gs_rw_get_layout(const struct gs_rw *rw) { return &rw->layout; }
const struct gs_rw_video_mode *gs_rw_get_mode(const struct gs_rw *rw) { return &rw->mode; }
struct gs_texcache *gs_rw_get_texcache(struct gs_rw *rw) { return rw->cache; }
uint32_t gs_rw_texture_memory_size(const struct gs_rw *rw) { return rw->layout.texture_memory_size; }
unsigned int gs_rw_display_buffer(const struct gs_rw *rw) { return rw->display_buffer; }

void gs_rw_flip(struct gs_rw *rw)
{
    uint64_t frame;

    rw->display_buffer ^= 1;
    /* Draw into the buffer not displayed; keep FBMSK. */
    frame = (rw->shadow[GS_RW_SHADOW_FRAME_1] & ~(uint64_t)0x1ff) | rw->layout.fbp[rw->display_buffer ^ 1];
    set_shadow(rw, GS_RW_SHADOW_FRAME_1, frame);
    gs_texcache_end_frame(rw->cache);
}

void gs_rw_last_packet(const struct gs_rw *rw, uint64_t packet[4])
{
    memcpy(packet, rw->packet, sizeof(rw->packet));
}

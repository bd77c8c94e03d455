/*
 * dx7gl GS adapter: the PlayStation 2 Graphics Synthesizer state that
 * RenderWare 3.7's PS2 driver produces, replayed on wined3d-lite.
 *
 * Two levels:
 *  - the GS level (struct gs_device): 4 MB of GS local memory in the GS's
 *    swizzled layouts, every drawing register of both contexts, a GIF packet
 *    interpreter (PACKED / REGLIST / IMAGE, A+D) with the vertex kick, image
 *    transfers, and a draw sink that turns kicked primitives into core draws;
 *  - the RenderWare level (struct gs_rw): Sky_RenderStateSet/Get, the
 *    driver's 64-bit register shadows, its blend table, alpha-test rules,
 *    texture cache, video modes, GS memory layout and display records, as
 *    seed 003 describes them.  Every register change is sent to an attached
 *    gs_device as a two-quadword A+D GIF packet, as the driver does.
 *
 * Register values are whole 64-bit GS register values in Sony's field
 * layout.  Nothing here includes GL; rendering goes through wined3d-lite.
 */
#ifndef DX7GL_GS_H
#define DX7GL_GS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------- */
/* GS register addresses (A+D / REGLIST).                                  */

enum gs_register
{
    GS_PRIM = 0x00, GS_RGBAQ = 0x01, GS_ST = 0x02, GS_UV = 0x03,
    GS_XYZF2 = 0x04, GS_XYZ2 = 0x05, GS_TEX0_1 = 0x06, GS_TEX0_2 = 0x07,
    GS_CLAMP_1 = 0x08, GS_CLAMP_2 = 0x09, GS_FOG = 0x0a, GS_XYZF3 = 0x0c, GS_XYZ3 = 0x0d,
    GS_TEX1_1 = 0x14, GS_TEX1_2 = 0x15, GS_TEX2_1 = 0x16, GS_TEX2_2 = 0x17,
    GS_XYOFFSET_1 = 0x18, GS_XYOFFSET_2 = 0x19, GS_PRMODECONT = 0x1a, GS_PRMODE = 0x1b,
    GS_TEXCLUT = 0x1c, GS_SCANMSK = 0x22,
    GS_MIPTBP1_1 = 0x34, GS_MIPTBP1_2 = 0x35, GS_MIPTBP2_1 = 0x36, GS_MIPTBP2_2 = 0x37,
    GS_TEXA = 0x3b, GS_FOGCOL = 0x3d, GS_TEXFLUSH = 0x3f,
    GS_SCISSOR_1 = 0x40, GS_SCISSOR_2 = 0x41, GS_ALPHA_1 = 0x42, GS_ALPHA_2 = 0x43,
    GS_DIMX = 0x44, GS_DTHE = 0x45, GS_COLCLAMP = 0x46, GS_TEST_1 = 0x47, GS_TEST_2 = 0x48,
    GS_PABE = 0x49, GS_FBA_1 = 0x4a, GS_FBA_2 = 0x4b, GS_FRAME_1 = 0x4c, GS_FRAME_2 = 0x4d,
    GS_ZBUF_1 = 0x4e, GS_ZBUF_2 = 0x4f, GS_BITBLTBUF = 0x50, GS_TRXPOS = 0x51,
    GS_TRXREG = 0x52, GS_TRXDIR = 0x53, GS_HWREG = 0x54,
    GS_SIGNAL = 0x60, GS_FINISH = 0x61, GS_LABEL = 0x62,
    GS_REGISTER_COUNT = 0x63,
};

/* Pixel storage modes. */
enum gs_psm
{
    GS_PSMCT32 = 0x00, GS_PSMCT24 = 0x01, GS_PSMCT16 = 0x02, GS_PSMCT16S = 0x0a,
    GS_PSMT8 = 0x13, GS_PSMT4 = 0x14, GS_PSMT8H = 0x1b, GS_PSMT4HL = 0x24, GS_PSMT4HH = 0x2c,
    GS_PSMZ32 = 0x30, GS_PSMZ24 = 0x31, GS_PSMZ16 = 0x32, GS_PSMZ16S = 0x3a,
};

/* PRIM types and attribute bits (PRIM / PRMODE / the driver's primitive bits). */
enum gs_prim_type
{
    GS_PRIM_POINT = 0, GS_PRIM_LINE = 1, GS_PRIM_LINESTRIP = 2, GS_PRIM_TRIANGLE = 3,
    GS_PRIM_TRISTRIP = 4, GS_PRIM_TRIFAN = 5, GS_PRIM_SPRITE = 6, GS_PRIM_INVALID = 7,
};
#define GS_PRIM_IIP  0x008u   /* Gouraud */
#define GS_PRIM_TME  0x010u   /* textured */
#define GS_PRIM_FGE  0x020u   /* fog */
#define GS_PRIM_ABE  0x040u   /* alpha blend */
#define GS_PRIM_AA1  0x080u
#define GS_PRIM_FST  0x100u   /* UV (fixed) instead of STQ */
#define GS_PRIM_CTXT 0x200u   /* context 2 */
#define GS_PRIM_FIX  0x400u

/* TEST fields. */
enum gs_atst { GS_ATST_NEVER, GS_ATST_ALWAYS, GS_ATST_LESS, GS_ATST_LEQUAL, GS_ATST_EQUAL,
        GS_ATST_GEQUAL, GS_ATST_GREATER, GS_ATST_NOTEQUAL };
enum gs_afail { GS_AFAIL_KEEP, GS_AFAIL_FB_ONLY, GS_AFAIL_ZB_ONLY, GS_AFAIL_RGB_ONLY };
enum gs_ztst { GS_ZTST_NEVER, GS_ZTST_ALWAYS, GS_ZTST_GEQUAL, GS_ZTST_GREATER };
/* ALPHA selectors: A, B, D pick Cs, Cd or 0; C picks As, Ad or FIX. */
enum gs_alpha_sel { GS_SEL_CS = 0, GS_SEL_CD = 1, GS_SEL_ZERO = 2 };
enum gs_alpha_csel { GS_SEL_AS = 0, GS_SEL_AD = 1, GS_SEL_FIX = 2 };
/* TEX1 MMIN values. */
enum gs_filter { GS_NEAREST = 0, GS_LINEAR = 1, GS_NEAREST_MIPMAP_NEAREST = 2, GS_NEAREST_MIPMAP_LINEAR = 3,
        GS_LINEAR_MIPMAP_NEAREST = 4, GS_LINEAR_MIPMAP_LINEAR = 5 };
/* CLAMP WMS / WMT. */
enum gs_wrap { GS_WRAP_REPEAT = 0, GS_WRAP_CLAMP = 1, GS_WRAP_REGION_CLAMP = 2, GS_WRAP_REGION_REPEAT = 3 };

/* ---------------------------------------------------------------------- */
/* Register packing (Sony's field layout).                                 */

static inline uint64_t gs_bits(uint64_t v, unsigned int shift, unsigned int width)
{
    return (v & ((width >= 64 ? 0 : ((uint64_t)1 << width)) - 1)) << shift;
}
static inline uint64_t gs_field(uint64_t reg, unsigned int shift, unsigned int width)
{
    return (reg >> shift) & (((uint64_t)1 << width) - 1);
}

static inline uint64_t gs_make_prim(unsigned int type, unsigned int attr_bits)
{ return gs_bits(type, 0, 3) | (attr_bits & 0x7f8u); }
static inline uint64_t gs_make_rgbaq(unsigned int r, unsigned int g, unsigned int b, unsigned int a, float q)
{
    union { float f; uint32_t u; } cvt; cvt.f = q;
    return gs_bits(r, 0, 8) | gs_bits(g, 8, 8) | gs_bits(b, 16, 8) | gs_bits(a, 24, 8) | ((uint64_t)cvt.u << 32);
}
static inline uint64_t gs_make_st(float s, float t)
{
    union { float f; uint32_t u; } a, b; a.f = s; b.f = t;
    return a.u | ((uint64_t)b.u << 32);
}
/* u, v in 1/16 texel units (12.4). */
static inline uint64_t gs_make_uv(unsigned int u, unsigned int v) { return gs_bits(u, 0, 14) | gs_bits(v, 16, 14); }
/* x, y in 1/16 pixel units (12.4) of the primitive coordinate system. */
static inline uint64_t gs_make_xyz(unsigned int x, unsigned int y, uint32_t z)
{ return gs_bits(x, 0, 16) | gs_bits(y, 16, 16) | ((uint64_t)z << 32); }
static inline uint64_t gs_make_xyzf(unsigned int x, unsigned int y, uint32_t z, unsigned int f)
{ return gs_bits(x, 0, 16) | gs_bits(y, 16, 16) | gs_bits(z, 32, 24) | gs_bits(f, 56, 8); }
static inline uint64_t gs_make_fog(unsigned int f) { return gs_bits(f, 56, 8); }
static inline uint64_t gs_make_tex0(unsigned int tbp0, unsigned int tbw, unsigned int psm, unsigned int tw,
        unsigned int th, unsigned int tcc, unsigned int tfx, unsigned int cbp, unsigned int cpsm,
        unsigned int csm, unsigned int csa, unsigned int cld)
{
    return gs_bits(tbp0, 0, 14) | gs_bits(tbw, 14, 6) | gs_bits(psm, 20, 6) | gs_bits(tw, 26, 4)
            | gs_bits(th, 30, 4) | gs_bits(tcc, 34, 1) | gs_bits(tfx, 35, 2) | gs_bits(cbp, 37, 14)
            | gs_bits(cpsm, 51, 4) | gs_bits(csm, 55, 1) | gs_bits(csa, 56, 5) | gs_bits(cld, 61, 3);
}
static inline uint64_t gs_make_clamp(unsigned int wms, unsigned int wmt, unsigned int minu, unsigned int maxu,
        unsigned int minv, unsigned int maxv)
{
    return gs_bits(wms, 0, 2) | gs_bits(wmt, 2, 2) | gs_bits(minu, 4, 10) | gs_bits(maxu, 14, 10)
            | gs_bits(minv, 24, 10) | gs_bits(maxv, 34, 10);
}
/* k: the LOD bias K as signed fixed point with 4 fraction bits (1/16 units). */
static inline uint64_t gs_make_tex1(unsigned int lcm, unsigned int mxl, unsigned int mmag, unsigned int mmin,
        unsigned int mtba, unsigned int l, int k16)
{
    return gs_bits(lcm, 0, 1) | gs_bits(mxl, 2, 3) | gs_bits(mmag, 5, 1) | gs_bits(mmin, 6, 3)
            | gs_bits(mtba, 9, 1) | gs_bits(l, 19, 2) | gs_bits((uint64_t)(int64_t)k16, 32, 12);
}
static inline uint64_t gs_make_xyoffset(unsigned int ofx, unsigned int ofy)
{ return gs_bits(ofx, 0, 16) | gs_bits(ofy, 32, 16); }
static inline uint64_t gs_make_texclut(unsigned int cbw, unsigned int cou, unsigned int cov)
{ return gs_bits(cbw, 0, 6) | gs_bits(cou, 6, 6) | gs_bits(cov, 12, 10); }
static inline uint64_t gs_make_texa(unsigned int ta0, unsigned int aem, unsigned int ta1)
{ return gs_bits(ta0, 0, 8) | gs_bits(aem, 15, 1) | gs_bits(ta1, 32, 8); }
static inline uint64_t gs_make_fogcol(unsigned int r, unsigned int g, unsigned int b)
{ return gs_bits(r, 0, 8) | gs_bits(g, 8, 8) | gs_bits(b, 16, 8); }
static inline uint64_t gs_make_scissor(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1)
{ return gs_bits(x0, 0, 11) | gs_bits(x1, 16, 11) | gs_bits(y0, 32, 11) | gs_bits(y1, 48, 11); }
static inline uint64_t gs_make_alpha(unsigned int a, unsigned int b, unsigned int c, unsigned int d, unsigned int fix)
{ return gs_bits(a, 0, 2) | gs_bits(b, 2, 2) | gs_bits(c, 4, 2) | gs_bits(d, 6, 2) | gs_bits(fix, 32, 8); }
static inline uint64_t gs_make_test(unsigned int ate, unsigned int atst, unsigned int aref, unsigned int afail,
        unsigned int date, unsigned int datm, unsigned int zte, unsigned int ztst)
{
    return gs_bits(ate, 0, 1) | gs_bits(atst, 1, 3) | gs_bits(aref, 4, 8) | gs_bits(afail, 12, 2)
            | gs_bits(date, 14, 1) | gs_bits(datm, 15, 1) | gs_bits(zte, 16, 1) | gs_bits(ztst, 17, 2);
}
/* fbp in pages (2048 words), fbw in 64-pixel units. */
static inline uint64_t gs_make_frame(unsigned int fbp, unsigned int fbw, unsigned int psm, uint32_t fbmsk)
{ return gs_bits(fbp, 0, 9) | gs_bits(fbw, 16, 6) | gs_bits(psm, 24, 6) | ((uint64_t)fbmsk << 32); }
/* zbp in pages; psm the full PSMZ value (0x31...): the register keeps its low 6 bits. */
static inline uint64_t gs_make_zbuf(unsigned int zbp, unsigned int psm, unsigned int zmsk)
{ return gs_bits(zbp, 0, 9) | gs_bits(psm, 24, 6) | gs_bits(zmsk, 32, 1); }
/* sbp/dbp in blocks (64 words), sbw/dbw in 64-pixel units. */
static inline uint64_t gs_make_bitbltbuf(unsigned int sbp, unsigned int sbw, unsigned int spsm,
        unsigned int dbp, unsigned int dbw, unsigned int dpsm)
{
    return gs_bits(sbp, 0, 14) | gs_bits(sbw, 16, 6) | gs_bits(spsm, 24, 6)
            | gs_bits(dbp, 32, 14) | gs_bits(dbw, 48, 6) | gs_bits(dpsm, 56, 6);
}
static inline uint64_t gs_make_trxpos(unsigned int ssax, unsigned int ssay, unsigned int dsax, unsigned int dsay,
        unsigned int dir)
{ return gs_bits(ssax, 0, 11) | gs_bits(ssay, 16, 11) | gs_bits(dsax, 32, 11) | gs_bits(dsay, 48, 11) | gs_bits(dir, 59, 2); }
static inline uint64_t gs_make_trxreg(unsigned int w, unsigned int h) { return gs_bits(w, 0, 12) | gs_bits(h, 32, 12); }
/* Privileged (display) registers. */
static inline uint64_t gs_make_pmode(unsigned int en1, unsigned int en2, unsigned int mmod, unsigned int amod,
        unsigned int slbg, unsigned int alp)
{
    /* CRTMD (bits 2-4) is always 1. */
    return gs_bits(en1, 0, 1) | gs_bits(en2, 1, 1) | gs_bits(1, 2, 3) | gs_bits(mmod, 5, 1)
            | gs_bits(amod, 6, 1) | gs_bits(slbg, 7, 1) | gs_bits(alp, 8, 8);
}
static inline uint64_t gs_make_smode2(unsigned int intl, unsigned int ffmd, unsigned int dpms)
{ return gs_bits(intl, 0, 1) | gs_bits(ffmd, 1, 1) | gs_bits(dpms, 2, 2); }
static inline uint64_t gs_make_dispfb(unsigned int fbp, unsigned int fbw, unsigned int psm, unsigned int dbx,
        unsigned int dby)
{ return gs_bits(fbp, 0, 9) | gs_bits(fbw, 9, 6) | gs_bits(psm, 15, 5) | gs_bits(dbx, 32, 11) | gs_bits(dby, 43, 11); }
static inline uint64_t gs_make_display(unsigned int dx, unsigned int dy, unsigned int magh, unsigned int magv,
        unsigned int dw, unsigned int dh)
{
    return gs_bits(dx, 0, 12) | gs_bits(dy, 12, 11) | gs_bits(magh, 23, 4) | gs_bits(magv, 27, 2)
            | gs_bits(dw, 32, 12) | gs_bits(dh, 44, 11);
}

/* GIF tag. */
enum gs_gif_flg { GS_GIF_PACKED = 0, GS_GIF_REGLIST = 1, GS_GIF_IMAGE = 2, GS_GIF_DISABLED = 3 };
#define GS_GIF_REG_AD  0x0e   /* PACKED register descriptor: address + data */
#define GS_GIF_REG_NOP 0x0f
/* Low 64 bits of a tag; the high 64 bits are REGS (4 bits per register). */
/* A GIF tag's NLOOP has 15 bits: the most loops (quadwords of an IMAGE) one tag carries. */
#define GS_GIF_NLOOP_MAX 32767u
static inline uint64_t gs_make_giftag(unsigned int nloop, unsigned int eop, unsigned int pre, unsigned int prim,
        unsigned int flg, unsigned int nreg)
{
    return gs_bits(nloop, 0, 15) | gs_bits(eop, 15, 1) | gs_bits(pre, 46, 1) | gs_bits(prim, 47, 11)
            | gs_bits(flg, 58, 2) | gs_bits(nreg, 60, 4);
}

/* GS local memory: 4 MB = 0x100000 words = 16384 blocks of 64 words = 512 pages. */
#define GS_MEMORY_WORDS  0x100000u
#define GS_BLOCK_WORDS   64u
#define GS_PAGE_WORDS    2048u

/* ---------------------------------------------------------------------- */
/* GS level.                                                                */

struct gs_device;
struct wined3d_device;

/* A vertex as the GS holds it at the kick. */
struct gs_vertex
{
    uint32_t x, y;          /* 12.4, primitive coordinates (XYOFFSET not yet removed) */
    uint32_t z;             /* integer Z (XYZF: 24 bits) */
    uint8_t r, g, b, a;     /* RGBAQ colour, 0x80 = 1.0 */
    float q, s, t;          /* STQ */
    uint32_t u, v;          /* UV, 12.4 texels */
    uint8_t fog;            /* 0 = fog colour, 255 = no fog */
};

/* A primitive kicked by XYZ2/XYZF2, with the attributes it was drawn with
 * (PRIM or PRMODE, as PRMODECONT says). */
struct gs_primitive
{
    enum gs_prim_type type;
    unsigned int attr;      /* GS_PRIM_IIP..GS_PRIM_FIX bits */
    unsigned int context;   /* 0 or 1 */
    unsigned int vertex_count; /* 1 point, 2 line/sprite, 3 triangle */
    struct gs_vertex v[3];
};

/* Receives what the interpreter decides to draw.  flush() comes before a
 * register write that changes how later primitives are drawn, so a sink may
 * batch primitives between flushes. */
struct gs_draw_sink
{
    void (*primitive)(void *ctx, struct gs_device *gs, const struct gs_primitive *prim);
    void (*flush)(void *ctx, struct gs_device *gs);
    void *ctx;
};

struct gs_stats
{
    uint64_t packets, giftags, register_writes, primitives, vertices;
    uint64_t image_qwords, transfers, transfer_words;
    uint64_t errors;            /* malformed packets, unknown registers, refused transfers */
};

int gs_device_create(struct gs_device **gs);
void gs_device_destroy(struct gs_device *gs);
void gs_device_reset(struct gs_device *gs);
void gs_device_set_draw_sink(struct gs_device *gs, const struct gs_draw_sink *sink);

/* Interpret qword_count 128-bit quadwords of GIF data (little-endian pairs
 * of 64-bit words: lo, hi).  Returns 0 when everything was accepted, -1 when
 * the packet was refused (truncated tag data, malformed tag): processing
 * stops at the bad tag and nothing outside a transfer's target is written.
 * Unknown registers are skipped with a message and counted as errors. */
int gs_device_process(struct gs_device *gs, const uint64_t *qwords, size_t qword_count);
/* One register write as an A+D pair would do it; -1 for an unknown register. */
int gs_device_write_register(struct gs_device *gs, unsigned int reg, uint64_t value);
uint64_t gs_device_get_register(const struct gs_device *gs, unsigned int reg);
void gs_device_get_stats(const struct gs_device *gs, struct gs_stats *stats);

/* Local memory. */
uint32_t *gs_device_memory(struct gs_device *gs);
/* Word address of pixel (x, y) of a buffer at bp (blocks) with width bw
 * (64-pixel units) in psm; for 16/8/4-bit formats *shift gets the bit offset
 * inside the word.  Returns -1 for a psm without a layout here. */
int64_t gs_memory_address(unsigned int psm, unsigned int bp, unsigned int bw, unsigned int x, unsigned int y,
        unsigned int *shift);
/* Pixel read/write through a PSM (values as the PSM stores them: 32, 24, 16,
 * 8 or 4 bits).  Addresses wrap inside the 4 MB as the GS does. */
uint32_t gs_memory_read_pixel(const struct gs_device *gs, unsigned int psm, unsigned int bp, unsigned int bw,
        unsigned int x, unsigned int y);
void gs_memory_write_pixel(struct gs_device *gs, unsigned int psm, unsigned int bp, unsigned int bw,
        unsigned int x, unsigned int y, uint32_t value);
/* Local to host transfer (TRXDIR 1): copies the rectangle BITBLTBUF/TRXPOS/
 * TRXREG describe into out (packed pixels as the host receives them).
 * Returns the bytes written, -1 when refused. */
long gs_device_read_image(struct gs_device *gs, void *out, size_t size);
/* Texel of the current TEX0 of a context as 0xAABBGGRR (GS alpha scale),
 * through the CLUT for PSMT8/PSMT4 (the CLUT read from memory at CBP). */
uint32_t gs_device_read_texel(const struct gs_device *gs, unsigned int context, unsigned int x, unsigned int y);

/* ---------------------------------------------------------------------- */
/* Blending: GS (A - B) * C >> 7 + D.                                      */

/* One channel on the GS's scale (colours 0..255, alpha 0x80 = 1.0).
 * colclamp 1 clamps to 0..255, 0 wraps (keeps the low 8 bits). */
unsigned int gs_blend_channel(uint64_t alpha_reg, unsigned int cs, unsigned int cd, unsigned int as,
        unsigned int ad, int colclamp);

/* How an ALPHA register maps onto GL blending. */
enum gs_blend_route
{
    GS_BLEND_ROUTE_GL = 0,          /* one GL blend equation reproduces it */
    GS_BLEND_ROUTE_SHADER = 1,      /* exact with the fragment colour changed first (source below) */
    GS_BLEND_ROUTE_UNSUPPORTED = 2, /* no longer given: such forms take GS_BLEND_ROUTE_DEST_READ */
    GS_BLEND_ROUTE_DEST_READ = 3,   /* the core's shader blend reads the destination (shader_blend) */
};
/* What the fragment colour is before the GL blend (GS_BLEND_ROUTE_SHADER). */
enum gs_blend_source
{
    GS_BLEND_SOURCE_COLOR = 0,      /* Cs as drawn */
    GS_BLEND_SOURCE_SCALED = 1,     /* Cs x src_scale (Cs (1 + FIX)) */
    GS_BLEND_SOURCE_PLUS_ALPHA = 2, /* Cs + Cs x As (Cs (1 + As)) */
    GS_BLEND_SOURCE_ALPHA = 3,      /* As in every channel (Cd (1 + As) = Cd + As x Cd) */
    GS_BLEND_SOURCE_FIX = 4,        /* FIX / 0x80 in every channel (Cd (1 + FIX)) */
};
struct gs_gl_blend
{
    enum gs_blend_route route;
    uint32_t src, dst, op;          /* enum wined3d_blend / wined3d_blend_op values */
    uint32_t blend_factor;          /* ARGB for WINED3D_BLEND_BLENDFACTOR (FIX / 0x80) */
    enum gs_blend_source source;
    float src_scale;                /* GS_BLEND_SOURCE_SCALED: multiply the fragment colour by this */
    uint32_t shader_blend;          /* GS_BLEND_ROUTE_DEST_READ: WINED3D_RS_SHADERBLEND's value, else 0 */
};
void gs_blend_to_gl(uint64_t alpha_reg, struct gs_gl_blend *blend);

/* ---------------------------------------------------------------------- */
/* RenderWare level (seed 003).                                            */

/* RenderWare 3.7 render state ids handled by the driver. */
enum gs_rw_render_state
{
    GS_RW_TEXTURERASTER = 1, GS_RW_TEXTUREADDRESS = 2, GS_RW_TEXTUREADDRESSU = 3, GS_RW_TEXTUREADDRESSV = 4,
    GS_RW_TEXTUREPERSPECTIVE = 5, GS_RW_ZTESTENABLE = 6, GS_RW_SHADEMODE = 7, GS_RW_ZWRITEENABLE = 8,
    GS_RW_TEXTUREFILTER = 9, GS_RW_SRCBLEND = 10, GS_RW_DESTBLEND = 11, GS_RW_VERTEXALPHAENABLE = 12,
    GS_RW_FOGENABLE = 14, GS_RW_FOGCOLOR = 15, GS_RW_FOGTYPE = 16, GS_RW_CULLMODE = 20,
    GS_RW_ALPHATESTFUNCTION = 29, GS_RW_ALPHATESTFUNCTIONREF = 30,
};
/* RenderWare blend factors (rwBLEND*). */
enum gs_rw_blend { GS_RW_BLENDZERO = 1, GS_RW_BLENDONE = 2, GS_RW_BLENDSRCCOLOR = 3, GS_RW_BLENDINVSRCCOLOR = 4,
        GS_RW_BLENDSRCALPHA = 5, GS_RW_BLENDINVSRCALPHA = 6, GS_RW_BLENDDESTALPHA = 7, GS_RW_BLENDINVDESTALPHA = 8 };
/* RenderWare raster formats (rwRASTERFORMAT*), the nibble at raster +0x23. */
#define GS_RW_FORMAT_1555 0x0100u
#define GS_RW_FORMAT_565  0x0200u
#define GS_RW_FORMAT_4444 0x0300u
#define GS_RW_FORMAT_LUM8 0x0400u
#define GS_RW_FORMAT_8888 0x0500u
#define GS_RW_FORMAT_888  0x0600u
#define GS_RW_FORMAT_555  0x0a00u
#define GS_RW_FORMAT_PAL8 0x2000u
#define GS_RW_FORMAT_PAL4 0x4000u
static inline unsigned int gs_rw_format_nibble(uint32_t format) { return (format >> 8) & 0xf; }

/* A texture raster as the texture cache and render state 1 see it. */
struct gs_raster
{
    uint32_t width, height;
    uint32_t format;            /* RenderWare raster format (GS_RW_FORMAT_*) */
    uint32_t size_words;        /* words one upload sends: every mip level and the palette */
    uint64_t tex0;              /* TEX0 template (TBW, PSM, TW, TH, TCC, TFX, CPSM, CSM); TBP0 and
                                   CBP are filled in from the cache address */
    uint64_t tex1_lod;          /* the raster's LCM, MXL, L and K bits (sky mipmap extension) */
    uint32_t clut_offset_words; /* where the palette starts in the upload (0 = none) */
    int locked;                 /* raster extension +0x17: never placed by the cache */
    /* Optional data for a real upload into GS memory: pixels in the PSM's
     * host order (rows of width pixels), the CLUT as 16 or 256 PSMCT32 words
     * in the order the GS stores them (CSM1: for 256 entries, entries 8-15
     * and 16-23 of every 32 exchanged, as PS2 native textures carry them).
     * The CLUT goes clut_offset_words after the pixels (block-aligned). */
    const void *pixels;
    const uint32_t *clut;
    /* Cache link (owned by the texture cache). */
    int resident;
    uint32_t cache_address;     /* words */
};

/* Who decides the per-draw alpha-test enable (seed 003, Alpha test). */
enum gs_rw_ate_caller
{
    GS_RW_ATE_RENDERSTATE = 0,  /* render state 1 */
    GS_RW_ATE_DUALTEX = 1,      /* dual-texture upload 0x004275d0 */
    GS_RW_ATE_ENVMAP = 2,       /* environment-map upload 0x00428410 */
    GS_RW_ATE_WORLD = 3,        /* plain world upload 0x004290d8 */
    GS_RW_ATE_CHARACTER2 = 4,   /* second character upload 0x00426430 */
    GS_RW_ATE_CHARACTER1 = 5,   /* first character upload 0x004252c8 (pipeline 0x30081) */
};
int gs_rw_alpha_test_enable(enum gs_rw_ate_caller caller, uint32_t raster_format);

/* Video modes: 24-byte records {width, height, depth, flags, refresh, format}. */
#define GS_RW_VIDEO_MODE_COUNT 90
#define GS_RW_VIDEO_MODE_DEFAULT 82
#define GS_RW_VM_EXCLUSIVE  0x001u
#define GS_RW_VM_INTERLACE  0x002u   /* field mode */
#define GS_RW_VM_FFINTERLACE 0x004u  /* half-height buffer shown in both fields (frame mode) */
#define GS_RW_VM_FULLFRAME  0x100u   /* full-height buffer read a line in two per field (frame mode) */
#define GS_RW_VM_ANTIFLICKER 0x200u  /* second read circuit one line down, blended 50 % */
struct gs_rw_video_mode
{
    int32_t width, height, depth;
    uint32_t flags;
    int32_t refresh;
    uint32_t format;
};
int gs_rw_get_video_mode(unsigned int index, struct gs_rw_video_mode *mode);

/* Gs_ResetGraph's arguments for a mode. */
struct gs_reset_args { unsigned int mode, interlace, video, field; };
void gs_rw_reset_args(const struct gs_rw_video_mode *mode, struct gs_reset_args *args);

/* GS memory split (Sky_Start). */
struct gs_memory_layout
{
    unsigned int fbp[2];        /* frame buffers, pages */
    unsigned int fbw;           /* 64-pixel units */
    unsigned int frame_psm;
    unsigned int zbp, zpsm;     /* Z buffer, pages; PSMZ24 or PSMZ16S */
    uint32_t texture_start;     /* words */
    uint32_t texture_words;
    uint32_t texture_memory_size; /* bytes, as request 12 reports it */
    uint64_t frame_1[2];        /* FRAME_1 for drawing into buffer 0 / 1 */
    uint64_t zbuf_1;            /* ZBUF_1 as Sky_Start builds it (Z write on) */
};
int gs_rw_compute_layout(const struct gs_rw_video_mode *mode, unsigned int zdepth, struct gs_memory_layout *layout);

/* A display record (Gs_PutDisplayRecord): what the vertical blank writes. */
struct gs_display_record
{
    uint64_t pmode, smode2, dispfb1, display1, dispfb2, display2, bgcolor;
};
int gs_rw_display_record(const struct gs_rw_video_mode *mode, const struct gs_memory_layout *layout,
        unsigned int buffer, struct gs_display_record *record);

/* The fog curve of the game's cameras: 255 up to far * start, 0 at far,
 * linear in w between. */
unsigned int gs_rw_fog_value(float w, float far_clip, float fog_start);

/* Texture cache. */
struct gs_texcache_counters
{
    uint64_t uploads, evictions, words_sent, hits, refused;
};
struct gs_texcache;
int gs_texcache_create(uint32_t start_words, uint32_t size_words, struct gs_texcache **cache);
void gs_texcache_destroy(struct gs_texcache *cache);
/* The rasters of context 1 and 2 for the current draw (protected). */
void gs_texcache_set_context_rasters(struct gs_texcache *cache, const struct gs_raster *ctx1,
        const struct gs_raster *ctx2);
/* Makes the raster resident (placing and "uploading" it when it is not).
 * 1 = already resident, 2 = placed now, 0 = not placed (locked, too big, or
 * it would overwrite a protected raster). */
int gs_texcache_find_upload(struct gs_texcache *cache, struct gs_raster *raster);
/* Forget a raster (destroyed). */
void gs_texcache_remove(struct gs_texcache *cache, struct gs_raster *raster);
unsigned int gs_texcache_resident_count(const struct gs_texcache *cache);
/* The resident entries from oldest to newest. */
int gs_texcache_get_entry(const struct gs_texcache *cache, unsigned int i, const struct gs_raster **raster,
        uint32_t *address, uint32_t *size);
void gs_texcache_get_counters(const struct gs_texcache *cache, int frame, struct gs_texcache_counters *counters);
void gs_texcache_end_frame(struct gs_texcache *cache);
/* Round a raster size up to the cache's unit (2048 words). */
static inline uint32_t gs_texcache_round(uint32_t words) { return (words + 2047u) & ~2047u; }

struct gs_rw;
/* Sky_Start: mode index (GS_RW_VIDEO_MODE_DEFAULT for the game's), Z depth
 * 24 or 16.  gs may be NULL: then only the shadows are kept. */
int gs_rw_create(unsigned int video_mode, unsigned int zdepth, struct gs_device *gs, struct gs_rw **rw);
void gs_rw_destroy(struct gs_rw *rw);
/* Sky_RenderStateSet / _Get: 1 when handled, 0 when refused (nothing changed). */
int gs_rw_render_state_set(struct gs_rw *rw, unsigned int state, uintptr_t value);
int gs_rw_render_state_get(const struct gs_rw *rw, unsigned int state, uintptr_t *value);
/* A material upload of one of the game's pipelines sets or clears ATE alone. */
void gs_rw_material_alpha_test(struct gs_rw *rw, enum gs_rw_ate_caller caller, const struct gs_raster *raster);
/* CLAMP_1 from a material's addressing nibbles (3 = clamp). */
void gs_rw_material_address(struct gs_rw *rw, unsigned int u_mode, unsigned int v_mode);

/* The shadows, as the driver keeps them. */
enum gs_rw_shadow { GS_RW_SHADOW_ZBUF_1, GS_RW_SHADOW_FRAME_1, GS_RW_SHADOW_TEST_1, GS_RW_SHADOW_FOGCOL,
        GS_RW_SHADOW_CLAMP_1, GS_RW_SHADOW_TEX1_1, GS_RW_SHADOW_ALPHA_1, GS_RW_SHADOW_PRIM, GS_RW_SHADOW_COUNT };
uint64_t gs_rw_get_shadow(const struct gs_rw *rw, enum gs_rw_shadow shadow);
/* The ALPHA_1 value of a blend pair, -1 when the GS cannot express it. */
int64_t gs_rw_blend_table(unsigned int src, unsigned int dst);
/* TEX1 MMAG / MMIN of a RenderWare filter 1..6; 0 for an invalid one. */
int gs_rw_filter_bits(unsigned int filter, unsigned int *mmag, unsigned int *mmin);
const struct gs_memory_layout *gs_rw_get_layout(const struct gs_rw *rw);
const struct gs_rw_video_mode *gs_rw_get_mode(const struct gs_rw *rw);
struct gs_texcache *gs_rw_get_texcache(struct gs_rw *rw);
/* Standard request 12: texture memory size in bytes. */
uint32_t gs_rw_texture_memory_size(const struct gs_rw *rw);
/* Show raster: swap draw and display buffers (FRAME_1 follows). */
void gs_rw_flip(struct gs_rw *rw);
unsigned int gs_rw_display_buffer(const struct gs_rw *rw);
/* The GIF packet the last register change sent (two quadwords). */
void gs_rw_last_packet(const struct gs_rw *rw, uint64_t packet[4]);
/* Also hand every packet the driver sends (register changes, texture
 * uploads) to a sink, e.g. to record a GIF stream; NULL removes it. */
typedef void (*gs_packet_sink)(void *ctx, const uint64_t *qwords, size_t qword_count);
void gs_rw_set_packet_sink(struct gs_rw *rw, gs_packet_sink sink, void *ctx);

/* ---------------------------------------------------------------------- */
/* Rendering through wined3d-lite.                                          */

struct gs_renderer;
/* Draws the device's primitives into a render target of width x height
 * (the frame buffer FRAME_1/2 of the draws), with a depth buffer for 24-bit
 * integer Z. */
int gs_renderer_create(struct gs_device *gs, struct wined3d_device *device, unsigned int width, unsigned int height,
        struct gs_renderer **renderer);
/* The same with a core device of its own (destroyed with the renderer): an
 * offscreen EGL surfaceless context natively, WGL on Windows (window 0: a
 * hidden window).  For users of gs.dll, which does not export the core. */
int gs_renderer_create_standalone(struct gs_device *gs, unsigned int width, unsigned int height, uintptr_t window,
        struct gs_renderer **renderer);
void gs_renderer_destroy(struct gs_renderer *renderer);
/* Flush batched primitives. */
void gs_renderer_flush(struct gs_renderer *renderer);
/* Read the rendered picture as 0xAABBGGRR rows (top first); with
 * anti_flicker, each output line is the average of it and the next line, as
 * the two read circuits of mode 82 show it. */
int gs_renderer_read_frame(struct gs_renderer *renderer, uint32_t *pixels, int anti_flicker);
/* Presentation as mode 82's two read circuits do it, on the GPU: the frame
 * is drawn into the device's back buffer (scaled to it) and, with
 * anti_flicker, drawn again one line up blended at ALP 0x80, so each output
 * line is the average of two adjacent lines.  _compose stops there (the
 * back buffer can be read); _present also presents the swapchain. */
int gs_renderer_compose(struct gs_renderer *renderer, int anti_flicker);
int gs_renderer_present(struct gs_renderer *renderer, int anti_flicker);
/* Mip levels chosen as the GS chooses them, LOD = K + (log2(1 / |Q|) << L)
 * (K alone with TEX1.LCM = 1), instead of GL's choice from screen-space
 * derivatives.  Off by default: RenderWare's TEX1 K as read in a level does
 * not decode to a plausible value under the manual's layout (gs.md 5.2). */
void gs_renderer_set_gs_lod(struct gs_renderer *renderer, int enable);
/* The same filter on any picture, in place (the last line is kept). */
void gs_anti_flicker(uint32_t *pixels, unsigned int width, unsigned int height);

#ifdef __cplusplus
}
#endif

#endif /* DX7GL_GS_H */

/*
 * GS alpha blending: Cv = (A - B) * C >> 7 + D on the GS's scale, the
 * driver's 6 x 6 RenderWare blend table, and the mapping of any ALPHA
 * register value onto GL blending through wined3d-lite's states.
 */
#include "config.h"

#include "gs_private.h"
#include "wined3d-lite/wined3d.h"

/* ALPHA_1 values of RenderWare's factor pairs, indexed [destination][source]
 * over ZERO, ONE, SRCALPHA, INVSRCALPHA, DESTALPHA, INVDESTALPHA (rwBLEND 1,
 * 2, 5, 6, 7, 8).  -1: the GS cannot express the pair and the driver refuses
 * it.  Which entries exist and what they compute is the seed's table; the
 * selector encoding of each (several encodings compute the same thing) is
 * ours, except SRCALPHA / INVSRCALPHA = 0x44, read in a level, and ONE / ONE
 * with FIX = 0x80, as the seed gives them. */
#define P(a, b, c, d) ((int64_t)((a) | (b) << 2 | (c) << 4 | (d) << 6))
#define CS GS_SEL_CS
#define CD GS_SEL_CD
#define Z0 GS_SEL_ZERO
#define AS GS_SEL_AS
#define AD GS_SEL_AD
#define FX GS_SEL_FIX
static const int64_t blend_table[6][6] =
{
    /* destination ZERO */
    { P(Z0, Z0, AS, Z0), P(Z0, Z0, AS, CS), P(CS, Z0, AS, Z0), P(Z0, CS, AS, CS), P(CS, Z0, AD, Z0), P(Z0, CS, AD, CS) },
    /* destination ONE */
    { P(Z0, Z0, AS, CD), (P(CS, Z0, FX, CD) | (int64_t)0x80 << 32), P(CS, Z0, AS, CD), -1, P(CS, Z0, AD, CD), -1 },
    /* destination SRCALPHA */
    { P(CD, Z0, AS, Z0), P(CD, Z0, AS, CS), -1, P(CD, CS, AS, CS), -1, -1 },
    /* destination INVSRCALPHA */
    { P(Z0, CD, AS, CD), -1, P(CS, CD, AS, CD), -1, -1, -1 },
    /* destination DESTALPHA */
    { P(CD, Z0, AD, Z0), P(CD, Z0, AD, CS), -1, -1, -1, P(CD, CS, AD, CS) },
    /* destination INVDESTALPHA */
    { P(Z0, CD, AD, CD), -1, -1, -1, P(CS, CD, AD, CD), -1 },
};
#undef P

static int blend_index(unsigned int rw)
{
    switch (rw)
    {
        case GS_RW_BLENDZERO: return 0;
        case GS_RW_BLENDONE: return 1;
        case GS_RW_BLENDSRCALPHA: return 2;
        case GS_RW_BLENDINVSRCALPHA: return 3;
        case GS_RW_BLENDDESTALPHA: return 4;
        case GS_RW_BLENDINVDESTALPHA: return 5;
        default: return -1;
    }
}

int64_t gs_rw_blend_table(unsigned int src, unsigned int dst)
{
    int s = blend_index(src), d = blend_index(dst);

    if (s < 0 || d < 0) return -1;
    return blend_table[d][s];
}

unsigned int gs_blend_channel(uint64_t alpha, unsigned int cs, unsigned int cd, unsigned int as,
        unsigned int ad, int colclamp)
{
    int sel[3], c, v, i;
    unsigned int a = gs_field(alpha, 0, 2), b = gs_field(alpha, 2, 2), cc = gs_field(alpha, 4, 2);
    unsigned int d = gs_field(alpha, 6, 2), fix = gs_field(alpha, 32, 8);
    unsigned int abd[3] = {a, b, d};

    for (i = 0; i < 3; ++i)
        sel[i] = abd[i] == GS_SEL_CS ? (int)cs : abd[i] == GS_SEL_CD ? (int)cd : 0;
    c = cc == GS_SEL_AS ? (int)as : cc == GS_SEL_AD ? (int)ad : (int)fix;
    /* The GS multiplies by the 8-bit alpha and shifts by 7 (arithmetic). */
    v = ((sel[0] - sel[1]) * c >> 7) + sel[2];
    if (colclamp) return v < 0 ? 0 : v > 255 ? 255 : (unsigned int)v;
    return (unsigned int)v & 0xff;
}

static uint32_t c_factor(unsigned int csel, int inverse)
{
    switch (csel)
    {
        case GS_SEL_AS: return inverse ? WINED3D_BLEND_INVSRCALPHA : WINED3D_BLEND_SRCALPHA;
        case GS_SEL_AD: return inverse ? WINED3D_BLEND_INVDESTALPHA : WINED3D_BLEND_DESTALPHA;
        default: return inverse ? WINED3D_BLEND_INVBLENDFACTOR : WINED3D_BLEND_BLENDFACTOR;
    }
}

/* GL sees alpha on the GS scale divided by 0x80 (the adapter writes source
 * and destination alpha that way, clamped to 1.0), so C = As, Ad or FIX maps
 * to SRC_ALPHA, DST_ALPHA or the constant colour's alpha.  The forms:
 *
 *   A == B                 D alone
 *   (Cs - 0) C + D         D = 0: (C, ZERO); D = Cd: (C, ONE); D = Cs: Cs (1 + C)
 *   (Cd - 0) C + D         D = 0: (ZERO, C); D = Cs: (ONE, C); D = Cd: Cd (1 + C)
 *   (0 - Cs) C + D         D = Cs: (1-C, ZERO); D = Cd: REVSUBTRACT (C, ONE); D = 0: 0 clamped
 *   (0 - Cd) C + D         D = Cd: (ZERO, 1-C); D = Cs: SUBTRACT (ONE, C); D = 0: 0 clamped
 *   (Cs - Cd) C + D        D = Cd: (C, 1-C); D = 0: SUBTRACT (C, C); D = Cs: Cs (1 + C) - Cd C
 *   (Cd - Cs) C + D        D = Cs: (1-C, C); D = 0: REVSUBTRACT (C, C); D = Cd: Cd (1 + C) - Cs C
 *
 * Some of the rest are exact with the fragment colour changed first
 * (GS_BLEND_ROUTE_SHADER, texture stages in the renderer):
 *   Cs (1 + FIX)   the colour scaled by the constant 1 + FIX / 0x80, (ONE, ZERO)
 *   Cs (1 + As)    Cs + Cs As (MODULATEALPHA_ADDCOLOR), (ONE, ZERO)
 *   Cd (1 + As)    the colour replaced by As, (DESTCOLOR, ONE): As Cd + Cd
 *   Cd (1 + FIX)   the colour replaced by FIX / 0x80, (DESTCOLOR, ONE)
 * GL clamps the fragment colour to 1 as COLCLAMP = 1 clamps the result.
 * Not expressible without reading the destination: Cs (1 + Ad), Cd (1 +
 * Ad), (Cs - Cd) C + Cs and (Cd - Cs) C + Cd (8 forms).  They take
 * GS_BLEND_ROUTE_DEST_READ: the core's WINED3D_RS_SHADERBLEND computes
 * (A - B) C + D in the fragment shader from a copy of the target made
 * before each primitive (its selectors are the GS's).  src/dst/op keep an
 * approximation (the factor's "1 +" dropped) for callers without it.
 * None of the driver's 20 pairs is among them.  Alpha values above 0x80
 * (factors above 1.0) are clamped to 1.0. */
static void dest_read(struct gs_gl_blend *out, unsigned int a, unsigned int b, unsigned int c, unsigned int d)
{
    out->route = GS_BLEND_ROUTE_DEST_READ;
    out->shader_blend = WINED3D_SHADERBLEND(a, b, c, d);
}

void gs_blend_to_gl(uint64_t alpha, struct gs_gl_blend *out)
{
    unsigned int a = gs_field(alpha, 0, 2), b = gs_field(alpha, 2, 2), c = gs_field(alpha, 4, 2);
    unsigned int d = gs_field(alpha, 6, 2), fix = gs_field(alpha, 32, 8);
    unsigned int f = fix > 0x80 ? 0x80 : fix;
    uint32_t fa = (f * 255 + 64) / 128;

    if (a == 3) a = GS_SEL_ZERO;  /* reserved selector values act as 0 */
    if (b == 3) b = GS_SEL_ZERO;
    if (d == 3) d = GS_SEL_ZERO;
    if (c == 3) c = GS_SEL_FIX;

    out->route = GS_BLEND_ROUTE_GL;
    out->op = WINED3D_BLEND_OP_ADD;
    out->blend_factor = fa << 24 | fa << 16 | fa << 8 | fa;
    out->source = GS_BLEND_SOURCE_COLOR;
    out->src_scale = 1.0f;
    out->shader_blend = 0;

    if (a == b)
    {
        out->src = d == GS_SEL_CS ? WINED3D_BLEND_ONE : WINED3D_BLEND_ZERO;
        out->dst = d == GS_SEL_CD ? WINED3D_BLEND_ONE : WINED3D_BLEND_ZERO;
        return;
    }
    if (b == GS_SEL_ZERO)
    {
        if (a == GS_SEL_CS)
        {
            if (d == GS_SEL_CS)
            {
                out->src = WINED3D_BLEND_ONE;
                out->dst = WINED3D_BLEND_ZERO;
                if (c == GS_SEL_AD) { dest_read(out, a, b, c, d); return; }
                out->route = GS_BLEND_ROUTE_SHADER;
                if (c == GS_SEL_FIX)
                {
                    out->source = GS_BLEND_SOURCE_SCALED;
                    out->src_scale = 1.0f + fix / 128.0f;
                }
                else out->source = GS_BLEND_SOURCE_PLUS_ALPHA;
                return;
            }
            out->src = c_factor(c, 0);
            out->dst = d == GS_SEL_CD ? WINED3D_BLEND_ONE : WINED3D_BLEND_ZERO;
            return;
        }
        /* A = Cd */
        if (d == GS_SEL_CD)
        {
            if (c == GS_SEL_AD)
            {
                out->src = WINED3D_BLEND_ZERO;
                out->dst = c_factor(c, 0);
                dest_read(out, a, b, c, d);
                return;
            }
            out->route = GS_BLEND_ROUTE_SHADER;
            out->source = c == GS_SEL_AS ? GS_BLEND_SOURCE_ALPHA : GS_BLEND_SOURCE_FIX;
            out->src = WINED3D_BLEND_DESTCOLOR;
            out->dst = WINED3D_BLEND_ONE;
            return;
        }
        out->src = d == GS_SEL_CS ? WINED3D_BLEND_ONE : WINED3D_BLEND_ZERO;
        out->dst = c_factor(c, 0);
        return;
    }
    if (a == GS_SEL_ZERO)
    {
        if (b == GS_SEL_CS)
        {
            if (d == GS_SEL_CS) { out->src = c_factor(c, 1); out->dst = WINED3D_BLEND_ZERO; return; }
            if (d == GS_SEL_CD) { out->src = c_factor(c, 0); out->dst = WINED3D_BLEND_ONE;
                    out->op = WINED3D_BLEND_OP_REVSUBTRACT; return; }
        }
        else
        {
            if (d == GS_SEL_CD) { out->src = WINED3D_BLEND_ZERO; out->dst = c_factor(c, 1); return; }
            if (d == GS_SEL_CS) { out->src = WINED3D_BLEND_ONE; out->dst = c_factor(c, 0);
                    out->op = WINED3D_BLEND_OP_SUBTRACT; return; }
        }
        /* Negative result: 0 under COLCLAMP. */
        out->src = WINED3D_BLEND_ZERO;
        out->dst = WINED3D_BLEND_ZERO;
        return;
    }
    if (a == GS_SEL_CS) /* B = Cd */
    {
        if (d == GS_SEL_CD) { out->src = c_factor(c, 0); out->dst = c_factor(c, 1); return; }
        if (d == GS_SEL_ZERO) { out->src = c_factor(c, 0); out->dst = c_factor(c, 0);
                out->op = WINED3D_BLEND_OP_SUBTRACT; return; }
        out->src = c_factor(c, 0); out->dst = c_factor(c, 1);
        dest_read(out, a, b, c, d);
        return;
    }
    /* A = Cd, B = Cs */
    if (d == GS_SEL_CS) { out->src = c_factor(c, 1); out->dst = c_factor(c, 0); return; }
    if (d == GS_SEL_ZERO) { out->src = c_factor(c, 0); out->dst = c_factor(c, 0);
            out->op = WINED3D_BLEND_OP_REVSUBTRACT; return; }
    out->src = c_factor(c, 1); out->dst = c_factor(c, 0);
    dest_read(out, a, b, c, d);
}

/*
 * THRASH setstate / getstate: ids, values, refusals and their Direct3D 7
 * mapping (seed 000, "setstate"), the getstate record and the texture blend
 * modes of 0x29.
 */
#include "config.h"

#include <math.h>

#include "dx7z_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(thrash);

float dx7z_dword_to_float(DWORD v)
{
    float f;
    memcpy(&f, &v, sizeof(f));
    return f;
}

DWORD dx7z_float_to_dword(float f)
{
    DWORD v;
    memcpy(&v, &f, sizeof(v));
    return v;
}

/* ---- decoding and the record ---- */

static const struct { DWORD lo, hi; } record_ranges[] =
{
    {0x000, 0x046}, {0x064, 0x06e}, {0x0c8, 0x0d7},
    {0x12c, 0x13b}, {0x190, 0x19f}, {0x2bc, 0x2cb},
};

/* The DLL's slot map: each range starts at the previous range's base plus
 * (hi - lo), not (hi - lo + 1), so the last id of one range and the first
 * of the next share a slot (0x46 and 0x64, 0x6e and 0xc8, ...). Kept. */
unsigned int dx7z_state_slot(DWORD id)
{
    unsigned int base = 0, i;

    for (i = 0; i < sizeof(record_ranges) / sizeof(record_ranges[0]); ++i)
    {
        if (id >= record_ranges[i].lo && id <= record_ranges[i].hi)
            return base + (id - record_ranges[i].lo);
        base += record_ranges[i].hi - record_ranges[i].lo;
    }
    return DX7Z_SLOT_NONE;
}

/* Low 16 bits: the id; bits 16-18: the stage. Anything else set in the high
 * word is refused, so only 0x10000 .. 0x70000 exactly name stages 1-7. */
BOOL dx7z_state_decode(DWORD state, DWORD *id, DWORD *stage)
{
    DWORD high = state & 0xffff0000u;

    if (high & ~0x00070000u)
        return FALSE;
    *id = state & 0xffff;
    *stage = high >> 16;
    return TRUE;
}

/* ---- device state, flushing the batcher first (DX7_SetRS / DX7_SetTSS) ---- */

void dx7z_set_rs(D3DRENDERSTATETYPE rs, DWORD value)
{
    dx7z_batch_flush();
    dx7z_dev_set_render_state(rs, value);
}

void dx7z_set_tss(DWORD stage, D3DTEXTURESTAGESTATETYPE tss, DWORD value)
{
    dx7z_batch_flush();
    dx7z_dev_set_texture_stage_state(stage, tss, value);
}

/* ---- texture blend modes (0x29) ---- */

struct blend_ops
{
    DWORD colour_op, colour_arg1, colour_arg2;
    DWORD alpha_op, alpha_arg1, alpha_arg2;
};

static BOOL blend_mode_ops(DWORD stage, DWORD mode, struct blend_ops *o)
{
    const DWORD tex = D3DTA_TEXTURE, cur = D3DTA_CURRENT;

    o->colour_arg1 = o->alpha_arg1 = tex;
    o->colour_arg2 = o->alpha_arg2 = stage ? cur : D3DTA_DIFFUSE;

    switch (mode)
    {
    case 0:
    case 8:
        if (!stage)
        {
            o->colour_op = D3DTOP_MODULATE;
            o->alpha_op = dx7z.caps.alpha_modulate_op ? D3DTOP_MODULATE : D3DTOP_SELECTARG1;
        }
        else if (mode == 0)
        {
            /* A single-stage card has nothing to select into. */
            o->colour_op = o->alpha_op = dx7z.caps.stages > 1 ? D3DTOP_SELECTARG1 : D3DTOP_DISABLE;
        }
        else
        {
            o->colour_op = D3DTOP_BLENDTEXTUREALPHA;
            /* "disable" for alpha: passing the current alpha on is what a
             * disabled alpha op does while the colour op is active. */
            o->alpha_op = D3DTOP_SELECTARG1;
            o->alpha_arg1 = cur;
        }
        return TRUE;
    case 1:
        o->colour_op = o->alpha_op = D3DTOP_ADD;
        return TRUE;
    case 2:
        o->colour_op = o->alpha_op = D3DTOP_DISABLE;
        return TRUE;
    case 3:
        o->colour_op = o->alpha_op = D3DTOP_MODULATE;
        return TRUE;
    case 4:
        o->colour_op = D3DTOP_SUBTRACT;
        o->alpha_op = D3DTOP_SELECTARG1;
        return TRUE;
    case 5:
        o->colour_op = D3DTOP_SELECTARG2;
        o->alpha_op = D3DTOP_ADDSIGNED;
        o->alpha_arg1 = tex | D3DTA_COMPLEMENT;
        return TRUE;
    case 6:
        o->colour_op = D3DTOP_MODULATE2X;
        o->alpha_op = D3DTOP_MODULATE;
        return TRUE;
    case 7:
        o->colour_op = D3DTOP_MODULATE4X;
        o->alpha_op = D3DTOP_MODULATE;
        return TRUE;
    case 0x61:
        o->colour_op = o->alpha_op = D3DTOP_ADDSIGNED;
        return TRUE;
    case 0x62:
        o->colour_op = D3DTOP_ADD;
        o->alpha_op = D3DTOP_BLENDFACTORALPHA;
        o->alpha_arg2 = D3DTA_TFACTOR;
        return TRUE;
    case 0x63:
        o->colour_op = D3DTOP_BLENDFACTORALPHA;
        o->alpha_op = D3DTOP_SELECTARG1;
        return TRUE;
    }
    return FALSE;
}

/* What the device gets per stage. A stage without a texture ends the
 * cascade: it and every later stage are disabled, so stage 0 without a
 * texture gives the diffuse colour (the seed's port does the same; the game
 * draws with stage 1 empty under the default "select texture" mode). Only
 * values that changed are sent. */
void dx7z_apply_stages(void)
{
    static const D3DTEXTURESTAGESTATETYPE tss[6] =
    {
        D3DTSS_COLOROP, D3DTSS_COLORARG1, D3DTSS_COLORARG2,
        D3DTSS_ALPHAOP, D3DTSS_ALPHAARG1, D3DTSS_ALPHAARG2,
    };
    BOOL ended = FALSE;
    DWORD stage, i;

    for (stage = 0; stage < dx7z.caps.stages && stage < THRASH_MAX_STAGES; ++stage)
    {
        struct blend_ops o;
        DWORD values[6];

        if (!ended && dx7z.current_texture[stage] && blend_mode_ops(stage, dx7z.blend[stage], &o))
        {
            values[0] = o.colour_op; values[1] = o.colour_arg1; values[2] = o.colour_arg2;
            values[3] = o.alpha_op; values[4] = o.alpha_arg1; values[5] = o.alpha_arg2;
            if (o.colour_op == D3DTOP_DISABLE)
                ended = TRUE;
        }
        else
        {
            values[0] = D3DTOP_DISABLE; values[1] = D3DTA_TEXTURE; values[2] = D3DTA_CURRENT;
            values[3] = D3DTOP_DISABLE; values[4] = D3DTA_TEXTURE; values[5] = D3DTA_CURRENT;
            ended = TRUE;
        }
        for (i = 0; i < 6; ++i)
        {
            if (dx7z.stage_ops_valid[stage] && dx7z.stage_ops[stage][i] == values[i])
                continue;
            dx7z_set_tss(stage, tss[i], values[i]);
            dx7z.stage_ops[stage][i] = values[i];
        }
        dx7z.stage_ops_valid[stage] = TRUE;
    }
}

BOOL dx7z_blend_mode(DWORD stage, DWORD mode)
{
    struct blend_ops o;

    if (stage >= THRASH_MAX_STAGES || !blend_mode_ops(stage, mode, &o))
        return FALSE;
    dx7z.blend[stage] = mode;
    dx7z_apply_stages();
    return TRUE;
}

/* ---- fog table ---- */

/* The game hands 64 + 1 bytes: the fog factor at z = i / 64. The batcher
 * looks it up at round(z * 255), so the 65 points are spread linearly over
 * 256 entries (the ends exact). */
void dx7z_build_fog_table(const BYTE *table65, BYTE *table256)
{
    unsigned int i;

    for (i = 0; i < 256; ++i)
    {
        unsigned int num = i * 64, lo = num / 255, frac = num % 255;
        unsigned int a = table65[lo], b = table65[lo < 64 ? lo + 1 : 64];
        table256[i] = (BYTE)((a * (255 - frac) + b * frac + 127) / 255);
    }
}

static void apply_fog_mode(DWORD mode)
{
    DWORD table = D3DFOG_NONE;

    switch (mode)
    {
    case 2: table = D3DFOG_LINEAR; break;
    case 4: table = D3DFOG_EXP; break;
    case 8: table = D3DFOG_EXP2; break;
    }
    /* With the custom table the fog comes from the vertices' specular alpha. */
    if (dx7z.fog_table_on)
        table = D3DFOG_NONE;
    dx7z_set_rs(D3DRENDERSTATE_FOGENABLE, mode != 0);
    dx7z_set_rs(D3DRENDERSTATE_FOGTABLEMODE, table);
    dx7z_set_rs(D3DRENDERSTATE_FOGVERTEXMODE, D3DFOG_NONE);
}

/* ---- one state ---- */

static DWORD cmp_func(DWORD thrash)
{
    return thrash + D3DCMP_NEVER; /* 0..7 = never .. always */
}

static void apply_zbuffer(void)
{
    if (!dx7z.zmode)
    {
        dx7z_set_rs(D3DRENDERSTATE_ZFUNC, D3DCMP_ALWAYS);
        dx7z_set_rs(D3DRENDERSTATE_ZWRITEENABLE, FALSE);
        return;
    }
    dx7z_set_rs(D3DRENDERSTATE_ZENABLE, dx7z.zmode == 2 ? D3DZB_USEW : D3DZB_TRUE);
    dx7z_set_rs(D3DRENDERSTATE_ZWRITEENABLE, dx7z.zwrite);
    dx7z_set_rs(D3DRENDERSTATE_ZFUNC, cmp_func(dx7z.zcompare));
}

static DWORD stage_address(DWORD v)
{
    switch (v)
    {
    case 0: return D3DTADDRESS_CLAMP;
    case 1: return D3DTADDRESS_WRAP;
    case 2: return D3DTADDRESS_MIRROR;
    }
    return 0;
}

static DWORD stencil_op(DWORD v)
{
    /* THRASH's list skips 6: 0-5 keep .. invert, 7 incr, 8 decr. */
    if (v <= 5) return v + D3DSTENCILOP_KEEP;
    if (v == 7) return D3DSTENCILOP_INCR;
    if (v == 8) return D3DSTENCILOP_DECR;
    return 0;
}

static BOOL set_transparency(DWORD v)
{
    DWORD src, dst;

    switch (v)
    {
    case 0: src = D3DBLEND_SRCALPHA; dst = D3DBLEND_INVSRCALPHA; break;
    case 1: src = dx7z.caps.srcalpha_additive ? D3DBLEND_SRCALPHA : D3DBLEND_ONE; dst = D3DBLEND_ONE; break;
    case 2: src = D3DBLEND_ZERO; dst = D3DBLEND_INVSRCALPHA; break;
    case 3: src = D3DBLEND_ZERO; dst = D3DBLEND_SRCCOLOR; break;
    default: return FALSE;
    }
    dx7z_set_rs(D3DRENDERSTATE_SRCBLEND, src);
    dx7z_set_rs(D3DRENDERSTATE_DESTBLEND, dst);
    return TRUE;
}

static float fog_density(DWORD v)
{
    /* Small integers n mean 1/n; anything else is a float's bits. */
    if (!v) return 0.0f;
    if (v <= 0xffff) return 1.0f / (float)v;
    return dx7z_dword_to_float(v);
}

static DWORD_PTR set_one(DWORD id, DWORD stage, DWORD_PTR value)
{
    DWORD v = (DWORD)value;

    switch (id)
    {
    case THRASH_STATE_TEXTURE:
        return dx7z_settexture(stage, (struct dx7z_texture *)value);

    case THRASH_STATE_CULL:
        if (v > 2) return 0;
        dx7z.cull_word = v == 0 ? 1 : v == 1 ? 0x80000000u : 0;
        dx7z_set_rs(D3DRENDERSTATE_CULLMODE, v == 0 ? D3DCULL_NONE : v == 1 ? D3DCULL_CCW : D3DCULL_CW);
        return 1;

    case THRASH_STATE_BACKGROUND:
        dx7z.background = v;
        dx7z_batch_flush();
        dx7z_dev_set_material(v);
        return 1;

    case THRASH_STATE_ZBUFFER:
        if (v > 2) return 0;
        if (v == 2 && !dx7z.caps.wbuffer)
        {
            /* No W-buffer: z instead, and the answer says so. */
            dx7z.zmode = 1;
            apply_zbuffer();
            return 0;
        }
        dx7z.zmode = v;
        apply_zbuffer();
        return 1;

    case THRASH_STATE_DITHER:
        dx7z_set_rs(D3DRENDERSTATE_DITHERENABLE, v != 0);
        return 1;

    case THRASH_STATE_SHADE:
        if (v > 2) return 0;
        dx7z.flat = v == 0;
        dx7z_set_rs(D3DRENDERSTATE_SHADEMODE, v ? D3DSHADE_GOURAUD : D3DSHADE_FLAT);
        dx7z_set_rs(D3DRENDERSTATE_SPECULARENABLE, v == 2);
        return 1;

    case THRASH_STATE_FILTER:
        if (v > 2) return 0;
        if (v == 2 && dx7z.caps.aniso)
        {
            dx7z_set_tss(stage, D3DTSS_MAGFILTER, D3DTFG_ANISOTROPIC);
            dx7z_set_tss(stage, D3DTSS_MINFILTER, D3DTFN_ANISOTROPIC);
            dx7z_set_tss(stage, D3DTSS_MAXANISOTROPY, 2);
            return 1;
        }
        dx7z_set_tss(stage, D3DTSS_MAGFILTER, v ? D3DTFG_LINEAR : D3DTFG_POINT);
        dx7z_set_tss(stage, D3DTSS_MINFILTER, v ? D3DTFN_LINEAR : D3DTFN_POINT);
        return 1;

    case THRASH_STATE_LODBIAS:
        if (!dx7z.caps.mipmap_lod_bias) return 0;
        dx7z_set_tss(stage, D3DTSS_MIPMAPLODBIAS, v);
        return 1;

    case THRASH_STATE_ANTIALIAS:
        if (v > 2) return 0;
        if (v == 2 && !dx7z.caps.antialias) return 0;
        dx7z_set_rs(D3DRENDERSTATE_ANTIALIAS, v == 2 ? D3DANTIALIAS_SORTINDEPENDENT : D3DANTIALIAS_NONE);
        return 1;

    case THRASH_STATE_ALPHABLEND:
        if (v != 0 && v != 2) return 0;
        dx7z_set_rs(D3DRENDERSTATE_ALPHABLENDENABLE, v == 2);
        return 1;

    case THRASH_STATE_MIPMAP:
        if (v == 0) dx7z_set_tss(stage, D3DTSS_MIPFILTER, D3DTFP_NONE);
        else if (v == 1) dx7z_set_tss(stage, D3DTSS_MIPFILTER, D3DTFP_POINT);
        else if (v == 3) dx7z_set_tss(stage, D3DTSS_MIPFILTER, D3DTFP_LINEAR);
        else return 0;
        return 1;

    case THRASH_STATE_ADDRESS:
        if (!stage_address(v)) return 0;
        dx7z_set_tss(stage, D3DTSS_ADDRESS, stage_address(v));
        return 1;

    case THRASH_STATE_ADDRESSU:
    case THRASH_STATE_ADDRESSV:
        if (!stage_address(v)) return 0;
        dx7z_set_tss(stage, id == THRASH_STATE_ADDRESSU ? D3DTSS_ADDRESSU : D3DTSS_ADDRESSV, stage_address(v));
        return 1;

    case THRASH_STATE_FOGDENSITY:
        dx7z_set_rs(D3DRENDERSTATE_FOGDENSITY, dx7z_float_to_dword(fog_density(v)));
        return 1;

    case THRASH_STATE_FOGCOLOR:
        dx7z_set_rs(D3DRENDERSTATE_FOGCOLOR, v);
        return 1;

    case THRASH_STATE_WINDOWED:
        dx7z.windowed = v != 0;
        return 1;

    case THRASH_STATE_WINDOWHOOKS:
        if (value)
        {
            memcpy(&dx7z.hooks, (const void *)value, sizeof(dx7z.hooks));
            dx7z.hooks_set = TRUE;
        }
        else dx7z.hooks_set = FALSE;
        return 1;

    case THRASH_STATE_FOGTABLE:
    case THRASH_STATE_FOGTABLE2:
        dx7z_batch_flush();
        if (value)
        {
            dx7z_build_fog_table((const BYTE *)value, dx7z.fog_table);
            dx7z.fog_table_on = TRUE;
        }
        else dx7z.fog_table_on = FALSE;
        apply_fog_mode((DWORD)dx7z.record[0][dx7z_state_slot(THRASH_STATE_FOG)]);
        return 1;

    case THRASH_STATE_FOG:
        if (v != 0 && v != 1 && v != 2 && v != 4 && v != 8) return 0;
        apply_fog_mode(v);
        return 1;

    case THRASH_STATE_DEPTHBIAS:
    case THRASH_STATE_DEPTHBIAS2:
        dx7z_batch_flush();
        dx7z.depth_bias = (float)(int)v * (1.0f / 32768.0f);
        return 1;

    case THRASH_STATE_HWND:
        dx7z.hwnd = (HWND)value;
        return 1;

    case THRASH_STATE_SPRITESTRIDE:
        dx7z.sprite_stride = v;
        return 1;

    case THRASH_STATE_VERSION:
        dx7z.version = (v >= 0x68 && v <= 0x6b) ? v : 0x6b;
        return 1;

    case THRASH_STATE_NOTLOST:
        return dx7z_surfaces_ok();

    case THRASH_STATE_ALPHATEST:
        dx7z_set_rs(D3DRENDERSTATE_ALPHATESTENABLE, v != 0);
        if (v)
        {
            dx7z_set_rs(D3DRENDERSTATE_ALPHAREF, v);
            dx7z_set_rs(D3DRENDERSTATE_ALPHAFUNC, cmp_func(dx7z.alpha_compare));
        }
        return 1;

    case THRASH_STATE_CALLBACK:
        dx7z.callback = (thrash_state_callback)value;
        return 1;

    case THRASH_STATE_ZCOMPARE:
        if (v > 7) return 0;
        dx7z.zcompare = v;
        if (dx7z.zmode) dx7z_set_rs(D3DRENDERSTATE_ZFUNC, cmp_func(v));
        return 1;

    case THRASH_STATE_TEXTUREBLEND:
        return dx7z_blend_mode(stage, v);

    case THRASH_STATE_VERTEXFORMAT:
        if (v > 1) return 0;
        dx7z_batch_flush();
        dx7z.stride = v ? sizeof(struct thrash_vertex2) : sizeof(struct thrash_vertex);
        dx7z.fvf = v ? THRASH_FVF_2TEX : THRASH_FVF_1TEX;
        dx7z_set_tss(1, D3DTSS_TEXCOORDINDEX, v ? 1 : 0);
        return 1;

    case THRASH_STATE_GAMMA:
    case THRASH_STATE_GAMMA2:
    {
        float g = dx7z_dword_to_float(v);
        if (!(g >= 0.0f)) g = 0.0f;
        if (g > 4.0f) g = 4.0f;
        dx7z.gamma = g;
        return dx7z_set_gamma(g);
    }

    case THRASH_STATE_STENCILENABLE:
        if (!dx7z.caps.stencil) return 0;
        dx7z_set_rs(D3DRENDERSTATE_STENCILENABLE, v != 0);
        return 1;

    case THRASH_STATE_STENCILFUNC:
        if (!dx7z.caps.stencil || v > 7) return 0;
        dx7z_set_rs(D3DRENDERSTATE_STENCILFUNC, cmp_func(v));
        return 1;

    case THRASH_STATE_STENCILFAIL:
    case THRASH_STATE_STENCILZFAIL:
    case THRASH_STATE_STENCILPASS:
        if (!dx7z.caps.stencil || !stencil_op(v)) return 0;
        dx7z_set_rs(id == THRASH_STATE_STENCILFAIL ? D3DRENDERSTATE_STENCILFAIL
                : id == THRASH_STATE_STENCILZFAIL ? D3DRENDERSTATE_STENCILZFAIL
                : D3DRENDERSTATE_STENCILPASS, stencil_op(v));
        return 1;

    case THRASH_STATE_TRANSPARENCY:
    case THRASH_STATE_TRANSPARENCY2:
        return set_transparency(v);

    case THRASH_STATE_ZWRITE:
    case THRASH_STATE_ZWRITE2:
        dx7z.zwrite = v != 0;
        if (dx7z.zmode) dx7z_set_rs(D3DRENDERSTATE_ZWRITEENABLE, dx7z.zwrite);
        return 1;

    case THRASH_STATE_VSYNC:
    case THRASH_STATE_VSYNC2:
        dx7z.vsync = v != 0;
        return 1;

    case THRASH_STATE_GUARDBAND:
        /* Answers the card's guard band into the caller's 4 floats. */
        if (value) memcpy((void *)value, dx7z.caps.guard_band, sizeof(dx7z.caps.guard_band));
        return 1;

    case THRASH_STATE_ALPHACOMPARE:
        if (v > 7) return 0;
        dx7z.alpha_compare = v;
        dx7z_set_rs(D3DRENDERSTATE_ALPHAFUNC, cmp_func(v));
        return 1;

    case THRASH_STATE_CLEARZ:
        dx7z.clear_z = dx7z_dword_to_float(v);
        return 1;

    case THRASH_STATE_CAPS:
        if (value) memcpy((void *)value, dx7z.caps.words, sizeof(dx7z.caps.words));
        return 1;

    case THRASH_STATE_SRCBLEND:
    case THRASH_STATE_DESTBLEND:
        if (v > 9) return 0;
        dx7z_set_rs(id == THRASH_STATE_SRCBLEND ? D3DRENDERSTATE_SRCBLEND : D3DRENDERSTATE_DESTBLEND,
                v + D3DBLEND_ZERO);
        return 1;

    case THRASH_STATE_WIREFRAME:
        dx7z_set_rs(D3DRENDERSTATE_FILLMODE, v ? D3DFILL_WIREFRAME : D3DFILL_SOLID);
        return 1;

    case THRASH_STATE_TEXTUREFACTOR:
        dx7z_set_rs(D3DRENDERSTATE_TEXTUREFACTOR, v);
        return 1;

    case THRASH_STATE_DRAWPRIMITIVE:
        return value ? dx7z_draw_primitive((const struct thrash_primitive *)value) : 0;

    case THRASH_STATE_MODULATEALPHA:
        return dx7z.caps.modulate_alpha;

    /* Stored only. */
    case 0x1a: case 0x1b: case 0x1c: case 0x20: case 0x21:
    case 0x37: case 0x3a: case 0x3b: case 0x3d: case 0x3e:
        return 1;
    }

    /* The transform-and-lighting ids (0x1a4-0x1c1) and everything else. */
    TRACE("refused state %#x value %#lx\n", (unsigned)id, (unsigned long)value);
    return 0;
}

DWORD_PTR dx7z_setstate(DWORD state, DWORD_PTR value)
{
    DWORD id, stage;
    unsigned int slot;
    DWORD_PTR ret;

    if (!dx7z_state_decode(state, &id, &stage))
    {
        WARN("refused state %#x: bad stage bits\n", (unsigned)state);
        return 0;
    }
    /* Draws of 0x1b3 don't go through the record or the callback. */
    if (id == THRASH_STATE_DRAWPRIMITIVE)
        return set_one(id, stage, value);

    ret = set_one(id, stage, value);
    if (!ret)
        return 0;
    if ((slot = dx7z_state_slot(id)) != DX7Z_SLOT_NONE)
        dx7z.record[stage][slot] = value;
    if (dx7z.callback && id != THRASH_STATE_CALLBACK)
        dx7z.callback(state, value);
    return ret;
}

DWORD_PTR dx7z_getstate(DWORD state)
{
    DWORD id, stage;
    unsigned int slot;

    if (!dx7z_state_decode(state, &id, &stage))
        return 0;
    if (id == THRASH_STATE_CAPS)
        return (DWORD_PTR)dx7z.caps.words;
    if (id == THRASH_STATE_DRAWPRIMITIVE)
        return dx7z.refused_draws;
    if ((slot = dx7z_state_slot(id)) == DX7Z_SLOT_NONE)
        return 0;
    return dx7z.record[stage][slot];
}

/* Forgets everything recorded (driver load, restore). */
void dx7z_state_reset(void)
{
    memset(dx7z.record, 0, sizeof(dx7z.record));
    dx7z.cull_word = 1;
    dx7z.flat = FALSE;
    dx7z.depth_bias = 0.0f;
    dx7z.fog_table_on = FALSE;
    dx7z.stride = sizeof(struct thrash_vertex);
    dx7z.fvf = THRASH_FVF_1TEX;
    dx7z.version = 0x6b;
    dx7z.clear_z = 1.0f;
    dx7z.zcompare = 3;
    dx7z.alpha_compare = 4;
    dx7z.zmode = 1;
    dx7z.zwrite = TRUE;
    dx7z.vsync = TRUE;
    dx7z.gamma = 1.0f;
}

/* DX7_DefaultStates: what every video mode starts with. */
void dx7z_default_states(void)
{
    DWORD zmode = dx7z.zmode == 2 ? 2 : 1;

    dx7z_setstate(THRASH_STATE_TEXTURE, 0);
    dx7z_setstate(THRASH_STATE_TEXTURE | 0x10000, 0);
    dx7z_setstate(THRASH_STATE_CULL, 1);
    dx7z_setstate(THRASH_STATE_FILTER, 1);
    dx7z_setstate(THRASH_STATE_FILTER | 0x10000, 1);
    dx7z_setstate(THRASH_STATE_SHADE, 1);
    dx7z_setstate(THRASH_STATE_ALPHABLEND, 2);
    dx7z_setstate(THRASH_STATE_ALPHACOMPARE, 4);
    dx7z_setstate(THRASH_STATE_ALPHATEST, 16);
    dx7z_setstate(THRASH_STATE_MIPMAP, 1);
    dx7z_setstate(THRASH_STATE_MIPMAP | 0x10000, 1);
    dx7z_setstate(THRASH_STATE_BACKGROUND, 0);
    dx7z_setstate(THRASH_STATE_DITHER, 1);
    dx7z_setstate(THRASH_STATE_FOGDENSITY, 0);
    dx7z_setstate(THRASH_STATE_FOGCOLOR, 0xffffffff);
    dx7z_setstate(THRASH_STATE_FOG, 0);
    dx7z_dev_set_render_state(D3DRENDERSTATE_FOGSTART, dx7z_float_to_dword(0.0f));
    dx7z_dev_set_render_state(D3DRENDERSTATE_FOGEND, dx7z_float_to_dword(1.0f));
    dx7z_setstate(THRASH_STATE_TRANSPARENCY, 0);
    dx7z_setstate(THRASH_STATE_ADDRESS, 0);
    dx7z_setstate(THRASH_STATE_ADDRESS | 0x10000, 0);
    dx7z_setstate(THRASH_STATE_GAMMA, dx7z_float_to_dword(1.0f));
    dx7z_setstate(THRASH_STATE_DEPTHBIAS, 0);
    dx7z_setstate(THRASH_STATE_VERTEXFORMAT, 0);
    dx7z_setstate(THRASH_STATE_TEXTUREBLEND, 0);
    dx7z_setstate(THRASH_STATE_TEXTUREBLEND | 0x10000, 0);
    if (dx7z.caps.stencil) dx7z_setstate(THRASH_STATE_STENCILENABLE, 0);
    dx7z_setstate(THRASH_STATE_CLEARZ, dx7z_float_to_dword(1.0f));
    dx7z_setstate(THRASH_STATE_VSYNC, 1);
    dx7z_setstate(THRASH_STATE_ZWRITE, 1);
    dx7z_setstate(THRASH_STATE_ZCOMPARE, 3);
    if (!dx7z_setstate(THRASH_STATE_ZBUFFER, zmode))
        dx7z_setstate(THRASH_STATE_ZBUFFER, 1);
    /* Pre-transformed vertices only: no lighting, no clipping by D3D. */
    dx7z_dev_set_render_state(D3DRENDERSTATE_LIGHTING, FALSE);
}

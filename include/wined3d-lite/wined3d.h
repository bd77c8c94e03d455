/*
 * wined3d-lite: the public API of the dx7gl core.
 *
 * Every front end (ddraw, dx7z through ddraw, the GS adapter, native ports)
 * records Direct3D 7 style state here.  Set* calls never touch GL: they write
 * the value into the device's stateblock (or the one being recorded) and, when
 * the value changed, append the state's group to the dirty list of every GL
 * context.  A draw, clear, blit or present applies the dirty groups through a
 * GL state cache.
 *
 * Plain C99, no Windows headers.  Structures that mirror a Direct3D 7
 * structure (rect, colour value, vector, matrix, viewport, light, material,
 * strided data) have exactly its layout, so a front end may cast.
 * Functions that can fail return an HRESULT value (int32_t): WINED3D_OK or
 * one of the WINED3DERR_* codes below, which equal their D3DERR_/E_ twins.
 *
 * Conventions the core guarantees (see documentation/behaviour.md):
 * - Render targets are stored top-down, as Direct3D lays them out: row 0 of a
 *   locked render target is the top row of the picture.  Textures and render
 *   targets therefore share one orientation and a render target can be
 *   sampled as a texture directly.
 * - Pre-transformed (XYZRHW) x, y are pixels with Direct3D 7's convention:
 *   the centre of pixel (0, 0) is at (0.0, 0.0).  z is 0..1 and goes to the
 *   depth buffer unchanged (the viewport's minZ/maxZ do not scale it).
 * - Clip space z is Direct3D's 0..w (glClipControl ZERO_TO_ONE).
 */
#ifndef WINED3D_LITE_WINED3D_H
#define WINED3D_LITE_WINED3D_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------- */
/* Result codes (HRESULT values).                                          */

#define WINED3D_OK                     ((int32_t)0)
#define WINED3DOK_NOAUTOGEN            ((int32_t)0x0876086f)
#define WINED3DERR_GENERIC             ((int32_t)0x80004005) /* E_FAIL */
#define WINED3DERR_OUTOFMEMORY         ((int32_t)0x8007000e) /* E_OUTOFMEMORY */
#define WINED3DERR_INVALIDCALL         ((int32_t)0x8876086c)
#define WINED3DERR_NOTAVAILABLE        ((int32_t)0x8876086a)
#define WINED3DERR_NOTFOUND            ((int32_t)0x88760866)
#define WINED3DERR_OUTOFVIDEOMEMORY    ((int32_t)0x8876017c)
#define WINED3DERR_WASSTILLDRAWING     ((int32_t)0x8876021c)
#define WINED3DERR_UNSUPPORTEDFORMAT   ((int32_t)0x88760802) /* new: format not known to the core */
#define WINED3DERR_NOTLOCKED           ((int32_t)0x88760803) /* new: unmap of a sub-resource not mapped */
#define WINED3DERR_LOCKED              ((int32_t)0x88760804) /* new: map of a sub-resource already mapped */
#define WINED3DERR_RECORDING           ((int32_t)0x88760805) /* new: begin_stateblock while recording */
#define WINED3DERR_NOTRECORDING        ((int32_t)0x88760806) /* new: end_stateblock while not recording */

#define WINED3D_SUCCEEDED(hr) ((int32_t)(hr) >= 0)
#define WINED3D_FAILED(hr)    ((int32_t)(hr) < 0)

/* ---------------------------------------------------------------------- */
/* Small types, laid out as their Direct3D 7 / Win32 counterparts.         */

struct wined3d_rect       { int32_t left, top, right, bottom; };     /* RECT */
struct wined3d_color      { float r, g, b, a; };                     /* D3DCOLORVALUE */
struct wined3d_vec3       { float x, y, z; };                        /* D3DVECTOR */
struct wined3d_vec4       { float x, y, z, w; };
struct wined3d_matrix                                                 /* D3DMATRIX */
{
    float _11, _12, _13, _14;
    float _21, _22, _23, _24;
    float _31, _32, _33, _34;
    float _41, _42, _43, _44;
};
struct wined3d_viewport                                               /* D3DVIEWPORT7 */
{
    uint32_t x, y, width, height;
    float min_z, max_z;
};
enum wined3d_light_type
{
    WINED3D_LIGHT_POINT       = 1,
    WINED3D_LIGHT_SPOT        = 2,
    WINED3D_LIGHT_DIRECTIONAL = 3,
};
struct wined3d_light                                                  /* D3DLIGHT7 */
{
    uint32_t type;                      /* enum wined3d_light_type */
    struct wined3d_color diffuse, specular, ambient;
    struct wined3d_vec3 position, direction;
    float range, falloff;
    float attenuation0, attenuation1, attenuation2;
    float theta, phi;
};
struct wined3d_material                                               /* D3DMATERIAL7 */
{
    struct wined3d_color diffuse, ambient, specular, emissive;
    float power;
};
struct wined3d_strided_element { const void *data; uint32_t stride; }; /* D3DDP_PTRSTRIDE */
struct wined3d_strided_data                         /* D3DDRAWPRIMITIVESTRIDEDDATA */
{
    struct wined3d_strided_element position, normal, diffuse, specular;
    struct wined3d_strided_element tex_coords[8];
};
struct wined3d_gamma_ramp { uint16_t red[256], green[256], blue[256]; }; /* DDGAMMARAMP */
/* A colour key range, ARGB/format values as DDCOLORKEY. */
struct wined3d_color_key { uint32_t low, high; };

/* ---------------------------------------------------------------------- */
/* Render states.  1..152 are Direct3D 7's D3DRENDERSTATETYPE values       */
/* (retired ones included so a front end may forward anything); the core  */
/* states the GS adapter needs follow with Direct3D 9's numbers where D3D9 */
/* has the state, else from 256 up.                                        */

enum wined3d_render_state
{
    WINED3D_RS_TEXTUREHANDLE              = 1,   /* retired; front ends map it */
    WINED3D_RS_ANTIALIAS                  = 2,
    WINED3D_RS_TEXTUREADDRESS             = 3,
    WINED3D_RS_TEXTUREPERSPECTIVE         = 4,
    WINED3D_RS_WRAPU                      = 5,
    WINED3D_RS_WRAPV                      = 6,
    WINED3D_RS_ZENABLE                    = 7,   /* enum wined3d_zbuffer_type */
    WINED3D_RS_FILLMODE                   = 8,
    WINED3D_RS_SHADEMODE                  = 9,
    WINED3D_RS_LINEPATTERN                = 10,
    WINED3D_RS_MONOENABLE                 = 11,
    WINED3D_RS_ROP2                       = 12,
    WINED3D_RS_PLANEMASK                  = 13,
    WINED3D_RS_ZWRITEENABLE               = 14,
    WINED3D_RS_ALPHATESTENABLE            = 15,
    WINED3D_RS_LASTPIXEL                  = 16,
    WINED3D_RS_TEXTUREMAG                 = 17,
    WINED3D_RS_TEXTUREMIN                 = 18,
    WINED3D_RS_SRCBLEND                   = 19,
    WINED3D_RS_DESTBLEND                  = 20,
    WINED3D_RS_TEXTUREMAPBLEND            = 21,
    WINED3D_RS_CULLMODE                   = 22,
    WINED3D_RS_ZFUNC                      = 23,
    WINED3D_RS_ALPHAREF                   = 24,
    WINED3D_RS_ALPHAFUNC                  = 25,
    WINED3D_RS_DITHERENABLE               = 26,
    WINED3D_RS_ALPHABLENDENABLE           = 27,
    WINED3D_RS_FOGENABLE                  = 28,
    WINED3D_RS_SPECULARENABLE             = 29,
    WINED3D_RS_ZVISIBLE                   = 30,
    WINED3D_RS_SUBPIXEL                   = 31,
    WINED3D_RS_SUBPIXELX                  = 32,
    WINED3D_RS_STIPPLEDALPHA              = 33,
    WINED3D_RS_FOGCOLOR                   = 34,  /* ARGB */
    WINED3D_RS_FOGTABLEMODE               = 35,  /* enum wined3d_fog_mode */
    WINED3D_RS_FOGSTART                   = 36,  /* float bits */
    WINED3D_RS_FOGEND                     = 37,  /* float bits */
    WINED3D_RS_FOGDENSITY                 = 38,  /* float bits */
    WINED3D_RS_STIPPLEENABLE              = 39,
    WINED3D_RS_EDGEANTIALIAS              = 40,
    WINED3D_RS_COLORKEYENABLE             = 41,
    WINED3D_RS_OLDALPHABLENDENABLE        = 42,
    WINED3D_RS_BORDERCOLOR                = 43,
    WINED3D_RS_TEXTUREADDRESSU            = 44,
    WINED3D_RS_TEXTUREADDRESSV            = 45,
    WINED3D_RS_MIPMAPLODBIAS              = 46,
    WINED3D_RS_ZBIAS                      = 47,  /* 0..16, D3D7 */
    WINED3D_RS_RANGEFOGENABLE             = 48,
    WINED3D_RS_ANISOTROPY                 = 49,
    WINED3D_RS_FLUSHBATCH                 = 50,
    WINED3D_RS_TRANSLUCENTSORTINDEPENDENT = 51,
    WINED3D_RS_STENCILENABLE              = 52,
    WINED3D_RS_STENCILFAIL                = 53,
    WINED3D_RS_STENCILZFAIL               = 54,
    WINED3D_RS_STENCILPASS                = 55,
    WINED3D_RS_STENCILFUNC                = 56,
    WINED3D_RS_STENCILREF                 = 57,
    WINED3D_RS_STENCILMASK                = 58,
    WINED3D_RS_STENCILWRITEMASK           = 59,
    WINED3D_RS_TEXTUREFACTOR              = 60,  /* ARGB */
    WINED3D_RS_STIPPLEPATTERN00           = 64,  /* ..95 */
    WINED3D_RS_STIPPLEPATTERN31           = 95,
    WINED3D_RS_WRAP0                      = 128,
    WINED3D_RS_WRAP1                      = 129,
    WINED3D_RS_WRAP2                      = 130,
    WINED3D_RS_WRAP3                      = 131,
    WINED3D_RS_WRAP4                      = 132,
    WINED3D_RS_WRAP5                      = 133,
    WINED3D_RS_WRAP6                      = 134,
    WINED3D_RS_WRAP7                      = 135,
    WINED3D_RS_CLIPPING                   = 136,
    WINED3D_RS_LIGHTING                   = 137,
    WINED3D_RS_EXTENTS                    = 138,
    WINED3D_RS_AMBIENT                    = 139, /* ARGB */
    WINED3D_RS_FOGVERTEXMODE              = 140, /* enum wined3d_fog_mode */
    WINED3D_RS_COLORVERTEX                = 141,
    WINED3D_RS_LOCALVIEWER                = 142,
    WINED3D_RS_NORMALIZENORMALS           = 143,
    WINED3D_RS_COLORKEYBLENDENABLE        = 144,
    WINED3D_RS_DIFFUSEMATERIALSOURCE      = 145, /* enum wined3d_material_color_source */
    WINED3D_RS_SPECULARMATERIALSOURCE     = 146,
    WINED3D_RS_AMBIENTMATERIALSOURCE      = 147,
    WINED3D_RS_EMISSIVEMATERIALSOURCE     = 148,
    WINED3D_RS_VERTEXBLEND                = 151,
    WINED3D_RS_CLIPPLANEENABLE            = 152, /* bit i enables clip plane i */
    WINED3D_HIGHEST_D3D7_RENDER_STATE     = 152,

    /* Core states beyond Direct3D 7 (D3D9 numbers). */
    WINED3D_RS_COLORWRITEENABLE           = 168, /* WINED3D_COLOR_WRITE_* bits; default 0xf */
    WINED3D_RS_BLENDOP                    = 171, /* enum wined3d_blend_op; default ADD */
    WINED3D_RS_SCISSORTESTENABLE          = 174, /* rectangle: wined3d_device_set_scissor_rect */
    WINED3D_RS_BLENDFACTOR                = 193, /* ARGB constant colour for WINED3D_BLEND_BLENDFACTOR */
    WINED3D_RS_SEPARATEALPHABLENDENABLE   = 206,
    WINED3D_RS_SRCBLENDALPHA              = 207,
    WINED3D_RS_DESTBLENDALPHA             = 208,
    WINED3D_RS_BLENDOPALPHA               = 209,
    /* Core-only states. */
    WINED3D_RS_DEPTHBIAS_UNITS            = 256, /* int32: offset in units of the depth buffer's LSB,
                                                    added to every fragment's depth (GL's polygon-offset
                                                    unit is measured and scaled to that) */
    WINED3D_RS_DEPTHCLAMP                 = 257, /* clamp depth instead of clipping at near/far */
    WINED3D_RS_ALPHAFAILACTION            = 258, /* enum wined3d_alpha_fail_action */
    WINED3D_RS_ZINTEGERBITS               = 259, /* 0: normal D3D depth.  16 or 24: a pre-transformed
                                                    vertex's z is an integer 0..2^n-1 and lands in
                                                    the depth buffer exactly as that integer (use a
                                                    depth format of at least n bits). */
    WINED3D_RS_SHADERBLEND                = 260, /* 0: GL blending.  WINED3D_SHADERBLEND(a, b, c, d):
                                                    with ALPHABLENDENABLE, the fragment shader reads
                                                    the destination and writes
                                                    rgb = clamp((A - B) * C + D), alpha = the source's */
    WINED3D_RS_LODFROMQ                   = 261, /* 0: GL picks mip levels.  WINED3D_LODFROMQ(k, l, fixed):
                                                    stages with projected coordinates sample at
                                                    lod = k / 16 + 2^l * log2(1 / |q|) (the GS's
                                                    LOD; q the divisor), or k / 16 when fixed */
    WINED3D_RS_LEGACYLIGHTING             = 262, /* 0: Direct3D 7's lighting.  1: Direct3D 1-6's: point and
                                                    spot lights attenuate by a0 + a1 d' + a2 d'^2 with
                                                    d' = (range - d) / range (not its reciprocal), and
                                                    normals go through the inverse of the upper 3x3 of
                                                    world * view, or that 3x3 itself when it is singular
                                                    (Direct3D 7 inverts the whole 4x4) */
    WINED3D_HIGHEST_RENDER_STATE          = 262,
};

/* WINED3D_RS_SHADERBLEND: a blend GL's fixed blender cannot express (the PS2
 * GS's (A - B) * C + D with any selectors).  A, B, D select the source
 * colour, the destination colour or zero; C the source alpha, the
 * destination alpha or the alpha of WINED3D_RS_BLENDFACTOR.  The draw reads
 * the render target as it is before each primitive (primitives of one draw
 * blend over each other in order), with GL blending off. */
enum wined3d_shaderblend_sel
{
    WINED3D_SHADERBLEND_SRC  = 0,       /* A, B, D: source colour; C: source alpha */
    WINED3D_SHADERBLEND_DEST = 1,       /* destination colour / alpha */
    WINED3D_SHADERBLEND_ZERO = 2,       /* A, B, D: 0; C: BLENDFACTOR's alpha */
    WINED3D_SHADERBLEND_FACTOR = 2,
};
/* WINED3D_RS_LODFROMQ: k signed 12 bits in 1/16 (the GS's TEX1.K), l 0..3
 * (TEX1.L), fixed 1 for TEX1.LCM = 1. */
#define WINED3D_LODFROMQ_ENABLE 0x80000000u
#define WINED3D_LODFROMQ(k, l, fixed) (WINED3D_LODFROMQ_ENABLE | ((uint32_t)(k) & 0xfff) \
        | ((uint32_t)(l) & 3) << 12 | ((fixed) ? 1u << 14 : 0))
#define WINED3D_SHADERBLEND_ENABLE 0x100u
#define WINED3D_SHADERBLEND(a, b, c, d) (WINED3D_SHADERBLEND_ENABLE | (uint32_t)(a) | (uint32_t)(b) << 2 \
        | (uint32_t)(c) << 4 | (uint32_t)(d) << 6)

#define WINED3D_COLOR_WRITE_RED   0x1
#define WINED3D_COLOR_WRITE_GREEN 0x2
#define WINED3D_COLOR_WRITE_BLUE  0x4
#define WINED3D_COLOR_WRITE_ALPHA 0x8

/* Values of the render states (Direct3D's numbers). */
enum wined3d_zbuffer_type { WINED3D_ZB_FALSE = 0, WINED3D_ZB_TRUE = 1, WINED3D_ZB_USEW = 2 };
enum wined3d_fill_mode    { WINED3D_FILL_POINT = 1, WINED3D_FILL_WIREFRAME = 2, WINED3D_FILL_SOLID = 3 };
enum wined3d_shade_mode   { WINED3D_SHADE_FLAT = 1, WINED3D_SHADE_GOURAUD = 2, WINED3D_SHADE_PHONG = 3 };
enum wined3d_cull         { WINED3D_CULL_NONE = 1, WINED3D_CULL_CW = 2, WINED3D_CULL_CCW = 3 };
enum wined3d_cmp_func
{
    WINED3D_CMP_NEVER = 1, WINED3D_CMP_LESS = 2, WINED3D_CMP_EQUAL = 3, WINED3D_CMP_LESSEQUAL = 4,
    WINED3D_CMP_GREATER = 5, WINED3D_CMP_NOTEQUAL = 6, WINED3D_CMP_GREATEREQUAL = 7, WINED3D_CMP_ALWAYS = 8,
};
enum wined3d_blend
{
    WINED3D_BLEND_ZERO = 1, WINED3D_BLEND_ONE = 2, WINED3D_BLEND_SRCCOLOR = 3, WINED3D_BLEND_INVSRCCOLOR = 4,
    WINED3D_BLEND_SRCALPHA = 5, WINED3D_BLEND_INVSRCALPHA = 6, WINED3D_BLEND_DESTALPHA = 7,
    WINED3D_BLEND_INVDESTALPHA = 8, WINED3D_BLEND_DESTCOLOR = 9, WINED3D_BLEND_INVDESTCOLOR = 10,
    WINED3D_BLEND_SRCALPHASAT = 11, WINED3D_BLEND_BOTHSRCALPHA = 12, WINED3D_BLEND_BOTHINVSRCALPHA = 13,
    WINED3D_BLEND_BLENDFACTOR = 14, WINED3D_BLEND_INVBLENDFACTOR = 15, /* core (D3D9 numbers) */
};
enum wined3d_blend_op
{
    WINED3D_BLEND_OP_ADD = 1, WINED3D_BLEND_OP_SUBTRACT = 2, WINED3D_BLEND_OP_REVSUBTRACT = 3,
    WINED3D_BLEND_OP_MIN = 4, WINED3D_BLEND_OP_MAX = 5,
};
enum wined3d_fog_mode { WINED3D_FOG_NONE = 0, WINED3D_FOG_EXP = 1, WINED3D_FOG_EXP2 = 2, WINED3D_FOG_LINEAR = 3 };
enum wined3d_stencil_op
{
    WINED3D_STENCIL_OP_KEEP = 1, WINED3D_STENCIL_OP_ZERO = 2, WINED3D_STENCIL_OP_REPLACE = 3,
    WINED3D_STENCIL_OP_INCR_SAT = 4, WINED3D_STENCIL_OP_DECR_SAT = 5, WINED3D_STENCIL_OP_INVERT = 6,
    WINED3D_STENCIL_OP_INCR = 7, WINED3D_STENCIL_OP_DECR = 8,
};
enum wined3d_material_color_source { WINED3D_MCS_MATERIAL = 0, WINED3D_MCS_COLOR1 = 1, WINED3D_MCS_COLOR2 = 2 };
enum wined3d_vertex_blend_flags
{
    WINED3D_VBF_DISABLE = 0, WINED3D_VBF_1WEIGHTS = 1, WINED3D_VBF_2WEIGHTS = 2, WINED3D_VBF_3WEIGHTS = 3,
};
/* What happens to a fragment that fails the alpha test.  The actions other
 * than KEEP draw in two passes (passing fragments, then failing ones under
 * the action's masks), so within one draw overlapping primitives are not
 * ordered as the GS orders them: batch only non-overlapping primitives. */
enum wined3d_alpha_fail_action
{
    WINED3D_AFAIL_KEEP = 0,           /* Direct3D: discarded (PS2 GS AFAIL=0) */
    WINED3D_AFAIL_FB_ONLY = 1,        /* drawn and blended, depth not written (GS AFAIL=1) */
    WINED3D_AFAIL_ZB_ONLY = 2,        /* depth written, colour not (GS AFAIL=2) */
    WINED3D_AFAIL_RGB_ONLY = 3,       /* colour without alpha, no depth (GS AFAIL=3) */
};
#define WINED3D_WRAP_U 0x1  /* WINED3D_RS_WRAPn bits */
#define WINED3D_WRAP_V 0x2

/* ---------------------------------------------------------------------- */
/* Texture stage states: D3DTEXTURESTAGESTATETYPE numbers, 8 stages.        */

#define WINED3D_MAX_TEXTURES 8

enum wined3d_texture_stage_state
{
    WINED3D_TSS_COLOROP               = 1,
    WINED3D_TSS_COLORARG1             = 2,
    WINED3D_TSS_COLORARG2             = 3,
    WINED3D_TSS_ALPHAOP               = 4,
    WINED3D_TSS_ALPHAARG1             = 5,
    WINED3D_TSS_ALPHAARG2             = 6,
    WINED3D_TSS_BUMPENVMAT00          = 7,   /* float bits */
    WINED3D_TSS_BUMPENVMAT01          = 8,
    WINED3D_TSS_BUMPENVMAT10          = 9,
    WINED3D_TSS_BUMPENVMAT11          = 10,
    WINED3D_TSS_TEXCOORDINDEX         = 11,  /* index | WINED3D_TSS_TCI_* */
    WINED3D_TSS_ADDRESS               = 12,  /* sets U and V */
    WINED3D_TSS_ADDRESSU              = 13,
    WINED3D_TSS_ADDRESSV              = 14,
    WINED3D_TSS_BORDERCOLOR           = 15,  /* ARGB */
    WINED3D_TSS_MAGFILTER             = 16,  /* enum wined3d_texture_mag_filter */
    WINED3D_TSS_MINFILTER             = 17,  /* enum wined3d_texture_min_filter */
    WINED3D_TSS_MIPFILTER             = 18,  /* enum wined3d_texture_mip_filter */
    WINED3D_TSS_MIPMAPLODBIAS         = 19,  /* float bits */
    WINED3D_TSS_MAXMIPLEVEL           = 20,
    WINED3D_TSS_MAXANISOTROPY         = 21,
    WINED3D_TSS_BUMPENVLSCALE         = 22,  /* float bits */
    WINED3D_TSS_BUMPENVLOFFSET        = 23,  /* float bits */
    WINED3D_TSS_TEXTURETRANSFORMFLAGS = 24,  /* WINED3D_TTFF_* */
    WINED3D_HIGHEST_TEXTURE_STATE     = 24,
};

enum wined3d_texture_op
{
    WINED3D_TOP_DISABLE = 1, WINED3D_TOP_SELECTARG1 = 2, WINED3D_TOP_SELECTARG2 = 3,
    WINED3D_TOP_MODULATE = 4, WINED3D_TOP_MODULATE2X = 5, WINED3D_TOP_MODULATE4X = 6,
    WINED3D_TOP_ADD = 7, WINED3D_TOP_ADDSIGNED = 8, WINED3D_TOP_ADDSIGNED2X = 9,
    WINED3D_TOP_SUBTRACT = 10, WINED3D_TOP_ADDSMOOTH = 11,
    WINED3D_TOP_BLENDDIFFUSEALPHA = 12, WINED3D_TOP_BLENDTEXTUREALPHA = 13,
    WINED3D_TOP_BLENDFACTORALPHA = 14, WINED3D_TOP_BLENDTEXTUREALPHAPM = 15,
    WINED3D_TOP_BLENDCURRENTALPHA = 16, WINED3D_TOP_PREMODULATE = 17,
    WINED3D_TOP_MODULATEALPHA_ADDCOLOR = 18, WINED3D_TOP_MODULATECOLOR_ADDALPHA = 19,
    WINED3D_TOP_MODULATEINVALPHA_ADDCOLOR = 20, WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA = 21,
    WINED3D_TOP_BUMPENVMAP = 22, WINED3D_TOP_BUMPENVMAPLUMINANCE = 23, WINED3D_TOP_DOTPRODUCT3 = 24,
};

/* Texture arguments (D3DTA_*). */
#define WINED3DTA_SELECTMASK     0x0000000f
#define WINED3DTA_DIFFUSE        0x00000000
#define WINED3DTA_CURRENT        0x00000001
#define WINED3DTA_TEXTURE        0x00000002
#define WINED3DTA_TFACTOR        0x00000003
#define WINED3DTA_SPECULAR       0x00000004
#define WINED3DTA_COMPLEMENT     0x00000010
#define WINED3DTA_ALPHAREPLICATE 0x00000020

enum wined3d_texture_address
{
    WINED3D_TADDRESS_WRAP = 1, WINED3D_TADDRESS_MIRROR = 2, WINED3D_TADDRESS_CLAMP = 3,
    WINED3D_TADDRESS_BORDER = 4,
};
enum wined3d_texture_mag_filter
{
    WINED3D_TFG_POINT = 1, WINED3D_TFG_LINEAR = 2, WINED3D_TFG_FLATCUBIC = 3,
    WINED3D_TFG_GAUSSIANCUBIC = 4, WINED3D_TFG_ANISOTROPIC = 5,
};
enum wined3d_texture_min_filter
{
    WINED3D_TFN_POINT = 1, WINED3D_TFN_LINEAR = 2, WINED3D_TFN_ANISOTROPIC = 3,
};
enum wined3d_texture_mip_filter { WINED3D_TFP_NONE = 1, WINED3D_TFP_POINT = 2, WINED3D_TFP_LINEAR = 3 };

#define WINED3D_TSS_TCI_PASSTHRU                    0x00000000
#define WINED3D_TSS_TCI_CAMERASPACENORMAL           0x00010000
#define WINED3D_TSS_TCI_CAMERASPACEPOSITION         0x00020000
#define WINED3D_TSS_TCI_CAMERASPACEREFLECTIONVECTOR 0x00030000

#define WINED3D_TTFF_DISABLE   0
#define WINED3D_TTFF_COUNT1    1
#define WINED3D_TTFF_COUNT2    2
#define WINED3D_TTFF_COUNT3    3
#define WINED3D_TTFF_COUNT4    4
#define WINED3D_TTFF_PROJECTED 256

/* ---------------------------------------------------------------------- */
/* Transforms (D3DTRANSFORMSTATETYPE numbers).                             */

enum wined3d_transform_state
{
    WINED3D_TS_WORLD      = 1,
    WINED3D_TS_VIEW       = 2,
    WINED3D_TS_PROJECTION = 3,
    WINED3D_TS_WORLD1     = 4,
    WINED3D_TS_WORLD2     = 5,
    WINED3D_TS_WORLD3     = 6,
    WINED3D_TS_TEXTURE0   = 16,  /* ..TEXTURE7 = 23 */
    WINED3D_TS_TEXTURE7   = 23,
    WINED3D_HIGHEST_TRANSFORM_STATE = 23,
};
#define WINED3D_TS_TEXTURE(n) ((enum wined3d_transform_state)(WINED3D_TS_TEXTURE0 + (n)))

/* ---------------------------------------------------------------------- */
/* Vertex format: the D3D FVF dword.                                        */

#define WINED3DFVF_RESERVED0        0x001
#define WINED3DFVF_POSITION_MASK    0x00e
#define WINED3DFVF_XYZ              0x002
#define WINED3DFVF_XYZRHW           0x004
#define WINED3DFVF_XYZB1            0x006
#define WINED3DFVF_XYZB2            0x008
#define WINED3DFVF_XYZB3            0x00a
#define WINED3DFVF_XYZB4            0x00c
#define WINED3DFVF_XYZB5            0x00e
#define WINED3DFVF_NORMAL           0x010
#define WINED3DFVF_RESERVED1        0x020
#define WINED3DFVF_DIFFUSE          0x040
#define WINED3DFVF_SPECULAR         0x080
#define WINED3DFVF_TEXCOUNT_MASK    0xf00
#define WINED3DFVF_TEXCOUNT_SHIFT   8
#define WINED3DFVF_TEX(n)           ((uint32_t)(n) << WINED3DFVF_TEXCOUNT_SHIFT)
#define WINED3DFVF_TEX0             0x000
#define WINED3DFVF_TEX1             0x100
#define WINED3DFVF_TEX2             0x200
#define WINED3DFVF_TEX3             0x300
#define WINED3DFVF_TEX4             0x400
#define WINED3DFVF_TEX5             0x500
#define WINED3DFVF_TEX6             0x600
#define WINED3DFVF_TEX7             0x700
#define WINED3DFVF_TEX8             0x800
/* Per coordinate set: 0 = 2 floats, 1 = 3, 2 = 4, 3 = 1 (D3DFVF_TEXCOORDSIZEn). */
#define WINED3DFVF_TEXCOORDSIZE1(i) (3u << ((i) * 2 + 16))
#define WINED3DFVF_TEXCOORDSIZE2(i) (0u)
#define WINED3DFVF_TEXCOORDSIZE3(i) (1u << ((i) * 2 + 16))
#define WINED3DFVF_TEXCOORDSIZE4(i) (2u << ((i) * 2 + 16))

/* Bytes per vertex of an FVF, 0 for an invalid one. */
uint32_t wined3d_fvf_get_stride(uint32_t fvf);
/* Number of floats in texture coordinate set i of an FVF (1..4). */
unsigned int wined3d_fvf_get_tex_coord_size(uint32_t fvf, unsigned int i);
/* The largest of count 16-bit indices (0 for none): a draw's indices are in
 * range when it is below its vertex count. */
uint16_t wined3d_index_max(const uint16_t *indices, uint32_t count);

enum wined3d_primitive_type
{
    WINED3D_PT_POINTLIST     = 1,
    WINED3D_PT_LINELIST      = 2,
    WINED3D_PT_LINESTRIP     = 3,
    WINED3D_PT_TRIANGLELIST  = 4,
    WINED3D_PT_TRIANGLESTRIP = 5,
    WINED3D_PT_TRIANGLEFAN   = 6,
};

/* ---------------------------------------------------------------------- */
/* Formats.                                                                */

enum wined3d_format_id
{
    WINED3DFMT_UNKNOWN = 0,
    WINED3DFMT_R5G6B5,
    WINED3DFMT_X1R5G5B5,
    WINED3DFMT_A1R5G5B5,
    WINED3DFMT_A4R4G4B4,
    WINED3DFMT_R8G8B8,      /* 3 bytes: B, G, R in memory */
    WINED3DFMT_X8R8G8B8,
    WINED3DFMT_A8R8G8B8,
    WINED3DFMT_P8,          /* 8-bit palette index */
    WINED3DFMT_P4,          /* 4-bit index, two per byte, first pixel in the low nibble */
    WINED3DFMT_L8,
    WINED3DFMT_A8,
    WINED3DFMT_A8L8,
    WINED3DFMT_DXT1,
    WINED3DFMT_DXT2,
    WINED3DFMT_DXT3,
    WINED3DFMT_DXT4,
    WINED3DFMT_DXT5,
    WINED3DFMT_D16,
    WINED3DFMT_D24X8,       /* 32 bits: depth in the high 24 bits (D3D's D24X8) */
    WINED3DFMT_D24S8,       /* 32 bits: depth in the high 24, stencil in the low 8 */
    WINED3DFMT_D32,
    /* Byte-order-RGBA formats for the GS adapter (PS2 PSMCT32/24/16). */
    WINED3DFMT_A8B8G8R8,    /* bytes R, G, B, A */
    WINED3DFMT_X8B8G8R8,
    WINED3DFMT_A1B5G5R5,    /* bits 0-4 R, 5-9 G, 10-14 B, 15 A */
    /* Bump-map (du, dv) formats of DirectX 6/7, for D3DTOP_BUMPENVMAP*:
     * sampled as signed du, dv in r, g and the luminance (0..1) in b. */
    WINED3DFMT_V8U8,        /* byte 0 U, byte 1 V, signed */
    WINED3DFMT_L6V5U5,      /* bits 0-4 U, 5-9 V (signed), 10-15 L */
    WINED3DFMT_X8L8V8U8,    /* byte 0 U, 1 V (signed), 2 L, 3 unused */
    /* 32 bits with the depth in the low 24 (z mask 0x00ffffff, as Windows
     * drivers describe 24-bit z-buffers) and stencil in the high 8. */
    WINED3DFMT_X8D24,
    WINED3DFMT_S8D24,
    WINED3DFMT_COUNT
};

/* Size information of a format; block formats give the block. */
struct wined3d_format_info
{
    enum wined3d_format_id id;
    const char *name;
    unsigned int bits_per_pixel;       /* 4 for P4 and DXT1, 8 for DXT2-5 */
    unsigned int block_width, block_height, block_bytes; /* 1,1,bytes for plain formats */
    uint32_t red_mask, green_mask, blue_mask, alpha_mask; /* 0 where not a plain RGB format */
    unsigned int depth_bits, stencil_bits;
    unsigned int palettised : 1, compressed : 1, depth : 1, luminance : 1, bump : 1;
};
const struct wined3d_format_info *wined3d_get_format_info(enum wined3d_format_id id);
/* Bytes of one row (of blocks for DXT) and of a whole level. */
uint32_t wined3d_format_calculate_pitch(enum wined3d_format_id id, uint32_t width);
/* The same with rows padded to alignment bytes (4 or 8; 0 is 4), as a texture
 * of that row_alignment keeps them. */
uint32_t wined3d_format_calculate_aligned_pitch(enum wined3d_format_id id, uint32_t width, uint32_t alignment);
uint32_t wined3d_format_calculate_size(enum wined3d_format_id id, uint32_t width, uint32_t height);

/* ---------------------------------------------------------------------- */
/* Objects.                                                                */

struct wined3d_device;
struct wined3d_swapchain;    /* a window or headless target with its own GL context */
struct wined3d_texture;      /* 2D (with mips) or cube; a "surface" is one sub-resource */
struct wined3d_buffer;       /* vertex buffer */
struct wined3d_palette;
struct wined3d_stateblock;

/* ---------------------------------------------------------------------- */
/* Lights as stored in the state: any number set, 8 enabled at once.        */

#define WINED3D_MAX_ACTIVE_LIGHTS 8
#define WINED3D_MAX_CLIP_PLANES   6

struct wined3d_light_info
{
    uint32_t index;                 /* the Direct3D light index */
    struct wined3d_light light;
    int enabled;
};

struct wined3d_stream_state
{
    struct wined3d_buffer *buffer;  /* NULL when drawing from user memory */
    uint32_t offset, stride;
};

/* ---------------------------------------------------------------------- */
/* The device state.  The device's current state and every stateblock hold */
/* one; it is read-only for everyone but the core (the FFP generator reads  */
/* it to derive its key and uniforms).                                      */

struct wined3d_state
{
    uint32_t render_states[WINED3D_HIGHEST_RENDER_STATE + 1];
    uint32_t texture_states[WINED3D_MAX_TEXTURES][WINED3D_HIGHEST_TEXTURE_STATE + 1];
    struct wined3d_texture *textures[WINED3D_MAX_TEXTURES];
    struct wined3d_matrix transforms[WINED3D_HIGHEST_TRANSFORM_STATE + 1];
    struct wined3d_material material;
    struct wined3d_viewport viewport;
    struct wined3d_rect scissor_rect;
    struct wined3d_vec4 clip_planes[WINED3D_MAX_CLIP_PLANES];
    uint32_t fvf;                   /* vertex format of the next draw */
    struct wined3d_stream_state stream;

    /* Every light ever set, sorted by index (an owned array). */
    struct wined3d_light_info *lights;
    unsigned int light_count, light_capacity;
    /* The enabled lights in the order they were enabled: slot i holds a copy
     * of the light; active_light_mask bit i says the slot is used. */
    uint32_t active_light_mask;
    uint32_t active_light_index[WINED3D_MAX_ACTIVE_LIGHTS];
    struct wined3d_light active_lights[WINED3D_MAX_ACTIVE_LIGHTS];
};

/* Float render/stage states are stored as their bit pattern. */
static inline float wined3d_dword_to_float(uint32_t d) { union { uint32_t d; float f; } u; u.d = d; return u.f; }
static inline uint32_t wined3d_float_to_dword(float f) { union { uint32_t d; float f; } u; u.f = f; return u.d; }

/* ---------------------------------------------------------------------- */
/* Device.                                                                 */

enum wined3d_window_system
{
    WINED3D_WS_EGL_SURFACELESS = 0, /* native, headless: renders to offscreen framebuffers only */
    WINED3D_WS_EGL_WINDOW      = 1, /* native: native_display (or NULL = default) + native_window */
    WINED3D_WS_WGL             = 2, /* PE: native_window is the HWND */
};

#define WINED3D_DEVICE_NO_GL_CACHE   0x00000001 /* send every GL call (to measure the cache) */
#define WINED3D_DEVICE_NO_VSYNC      0x00000002
#define WINED3D_DEVICE_DEBUG_CONTEXT 0x00000004 /* GL debug output to the "gl" channel */
#define WINED3D_DEVICE_MULTITHREADED 0x00000010 /* see wined3d_device_set_multithreaded() */
#define WINED3D_DEVICE_NO_PERSISTENT_MAP 0x00000008 /* stream through orphaned buffers even where
                                                      ARB_buffer_storage exists (tests, benchmarks) */
/* Texture stage ops: by default they are built into the programs until a
 * frame switches programs for ops alone many times, then read from the
 * uniforms with the arguments still built in, and after another such frame
 * (the arguments switch) ops and arguments both from the uniforms.  These
 * force one way; so does the environment variable DX7GL_STAGES=generic,
 * ops or baked. */
#define WINED3D_DEVICE_GENERIC_STAGES 0x00000020
#define WINED3D_DEVICE_BAKED_STAGES   0x00000040
#define WINED3D_DEVICE_GENERIC_OPS    0x00000080

struct wined3d_swapchain_desc
{
    enum wined3d_window_system window_system;
    void *native_display;           /* EGL native display (Display *, wl_display *) or NULL */
    uintptr_t native_window;        /* EGLNativeWindowType or HWND; 0 for surfaceless */
    uint32_t backbuffer_width, backbuffer_height;
    enum wined3d_format_id backbuffer_format;   /* A8R8G8B8, X8R8G8B8, R5G6B5, X1R5G5B5, A8B8G8R8... */
    enum wined3d_format_id depth_stencil_format;/* WINED3DFMT_UNKNOWN: no implicit depth buffer */
};

/* Create a device with its implicit swapchain (swapchain 0, current). */
int32_t wined3d_device_create(const struct wined3d_swapchain_desc *desc, uint32_t flags,
        struct wined3d_device **device);
void wined3d_device_destroy(struct wined3d_device *device);

struct wined3d_caps
{
    uint32_t max_texture_width, max_texture_height;
    uint32_t max_cube_texture_size;  /* a cube face's edge (GL_MAX_CUBE_MAP_TEXTURE_SIZE) */
    uint32_t max_texture_stages, max_simultaneous_textures;   /* 8, 8 */
    uint32_t max_active_lights, max_user_clip_planes;         /* 8, 6 */
    int s3tc_native;                /* DXT uploaded as is; else decoded on upload */
    int clip_control;               /* glClipControl available */
    const char *gl_renderer, *gl_version;
};
void wined3d_device_get_caps(const struct wined3d_device *device, struct wined3d_caps *caps);

/* Threads.  A GL context is current on one thread at a time.  The core makes
 * it current on the calling thread and lets go of it at every present, so a
 * device created on one thread and drawn on another works frame by frame.
 * When several threads call in turn within a frame (DDSCL_MULTITHREADED; the
 * caller serialises the calls), enable this: every call that used GL lets go
 * of the context when it returns (one make-current per call). */
void wined3d_device_set_multithreaded(struct wined3d_device *device, int enable);

/* Further swapchains: each has its own GL context (sharing objects with the
 * others) and its own dirty list. */
int32_t wined3d_swapchain_create(struct wined3d_device *device, const struct wined3d_swapchain_desc *desc,
        struct wined3d_swapchain **swapchain);
void wined3d_swapchain_destroy(struct wined3d_swapchain *swapchain);
struct wined3d_swapchain *wined3d_device_get_swapchain(struct wined3d_device *device, unsigned int idx);
/* Select the swapchain (GL context) that the following draws, clears and
 * blits go through; also resets the render target to its back buffer and
 * the depth stencil to its implicit one. */
int32_t wined3d_device_set_swapchain(struct wined3d_device *device, struct wined3d_swapchain *swapchain);
struct wined3d_texture *wined3d_swapchain_get_back_buffer(struct wined3d_swapchain *swapchain);
struct wined3d_texture *wined3d_swapchain_get_depth_stencil(struct wined3d_swapchain *swapchain);
/* The window (HWND or native window) presentations go to; 0 for none. */
int32_t wined3d_swapchain_set_window(struct wined3d_swapchain *swapchain, uintptr_t window);
int32_t wined3d_swapchain_resize(struct wined3d_swapchain *swapchain, uint32_t width, uint32_t height,
        enum wined3d_format_id format);

/* Present: copies src (a texture's sub-resource; NULL = the back buffer) to
 * the window, scaled to fit with the aspect ratio kept (black bars), through
 * the gamma ramp and, for P8 sources, the texture's palette.  src_rect NULL =
 * whole.  Ends the frame for the frame counters. */
#define WINED3D_PRESENT_STRETCH_FILL 0x1    /* scale to the whole window, aspect not kept */
#define WINED3D_PRESENT_POINT        0x2    /* point filter instead of linear */
int32_t wined3d_swapchain_present(struct wined3d_swapchain *swapchain, struct wined3d_texture *src,
        unsigned int src_sub_resource, const struct wined3d_rect *src_rect, uint32_t flags);
int32_t wined3d_swapchain_set_gamma_ramp(struct wined3d_swapchain *swapchain, const struct wined3d_gamma_ramp *ramp);
int32_t wined3d_swapchain_get_gamma_ramp(const struct wined3d_swapchain *swapchain, struct wined3d_gamma_ramp *ramp);

/* ---------------------------------------------------------------------- */
/* State.  Set* only record; they never call GL and never fail for a valid */
/* id.  Out-of-range ids give WINED3DERR_INVALIDCALL.                       */

int32_t wined3d_device_set_render_state(struct wined3d_device *device, enum wined3d_render_state state, uint32_t value);
int32_t wined3d_device_get_render_state(const struct wined3d_device *device, enum wined3d_render_state state, uint32_t *value);
int32_t wined3d_device_set_texture_stage_state(struct wined3d_device *device, unsigned int stage,
        enum wined3d_texture_stage_state state, uint32_t value);
int32_t wined3d_device_get_texture_stage_state(const struct wined3d_device *device, unsigned int stage,
        enum wined3d_texture_stage_state state, uint32_t *value);
int32_t wined3d_device_set_texture(struct wined3d_device *device, unsigned int stage, struct wined3d_texture *texture);
/* The core holds no references: destroying a bound texture unbinds it. */
struct wined3d_texture *wined3d_device_get_texture(const struct wined3d_device *device, unsigned int stage);
int32_t wined3d_device_set_transform(struct wined3d_device *device, enum wined3d_transform_state state,
        const struct wined3d_matrix *matrix);
int32_t wined3d_device_get_transform(const struct wined3d_device *device, enum wined3d_transform_state state,
        struct wined3d_matrix *matrix);
/* transform = matrix * transform, as IDirect3DDevice7::MultiplyTransform. */
int32_t wined3d_device_multiply_transform(struct wined3d_device *device, enum wined3d_transform_state state,
        const struct wined3d_matrix *matrix);
int32_t wined3d_device_set_material(struct wined3d_device *device, const struct wined3d_material *material);
int32_t wined3d_device_get_material(const struct wined3d_device *device, struct wined3d_material *material);
int32_t wined3d_device_set_light(struct wined3d_device *device, uint32_t index, const struct wined3d_light *light);
int32_t wined3d_device_get_light(const struct wined3d_device *device, uint32_t index, struct wined3d_light *light);
/* Enabling a light that was never set sets it to Direct3D's default light
 * first.  A 9th enabled light gives WINED3DERR_INVALIDCALL. */
int32_t wined3d_device_set_light_enable(struct wined3d_device *device, uint32_t index, int enable);
int32_t wined3d_device_get_light_enable(const struct wined3d_device *device, uint32_t index, int *enable);
int32_t wined3d_device_set_viewport(struct wined3d_device *device, const struct wined3d_viewport *viewport);
int32_t wined3d_device_get_viewport(const struct wined3d_device *device, struct wined3d_viewport *viewport);
int32_t wined3d_device_set_clip_plane(struct wined3d_device *device, unsigned int index, const float plane[4]);
int32_t wined3d_device_get_clip_plane(const struct wined3d_device *device, unsigned int index, float plane[4]);
int32_t wined3d_device_set_scissor_rect(struct wined3d_device *device, const struct wined3d_rect *rect);
int32_t wined3d_device_get_scissor_rect(const struct wined3d_device *device, struct wined3d_rect *rect);
/* Vertex format of the following draws (a D3D FVF). */
int32_t wined3d_device_set_fvf(struct wined3d_device *device, uint32_t fvf);
/* The same for the draws that follow, but always on the device's state, even
 * while recording (the recording block gets no vertex format): Direct3D 7's
 * per-draw FVF, which is not part of its state blocks. */
int32_t wined3d_device_set_draw_fvf(struct wined3d_device *device, uint32_t fvf);
uint32_t wined3d_device_get_fvf(const struct wined3d_device *device);
/* Vertex buffer for wined3d_device_draw_primitive*(); NULL unbinds. */
int32_t wined3d_device_set_stream_source(struct wined3d_device *device, struct wined3d_buffer *buffer,
        uint32_t offset, uint32_t stride);
/* The device's current state (read only). */
const struct wined3d_state *wined3d_device_get_state(const struct wined3d_device *device);

/* Render target and depth stencil: a texture's sub-resource (a texture
 * created with WINED3D_USAGE_RENDERTARGET / DEPTHSTENCIL).  NULL = none
 * (draws and clears then fail until one is set).  Setting a render target
 * resets the viewport to its size, as Direct3D 9 does; Direct3D 7 keeps the
 * viewport: ddraw uses wined3d_device_set_render_target_ex below. */
int32_t wined3d_device_set_render_target(struct wined3d_device *device, struct wined3d_texture *texture,
        unsigned int sub_resource);
/* The same with flags: WINED3D_SET_RT_KEEP_VIEWPORT leaves the viewport
 * as it is (Direct3D 7), also while a state block is being recorded, when
 * the viewport could not be set back.  The target is never recorded. */
#define WINED3D_SET_RT_KEEP_VIEWPORT 0x00000001u
int32_t wined3d_device_set_render_target_ex(struct wined3d_device *device, struct wined3d_texture *texture,
        unsigned int sub_resource, uint32_t flags);
int32_t wined3d_device_set_depth_stencil(struct wined3d_device *device, struct wined3d_texture *texture,
        unsigned int sub_resource);
struct wined3d_texture *wined3d_device_get_render_target(const struct wined3d_device *device, unsigned int *sub_resource);
struct wined3d_texture *wined3d_device_get_depth_stencil(const struct wined3d_device *device, unsigned int *sub_resource);
/* A number that changes whenever the render target or the depth stencil
 * changes (also to NULL) and whenever any texture is destroyed (a new one
 * may come back at its address): a front end that bound a target and finds
 * the same number binds nothing again. */
uint32_t wined3d_device_get_target_serial(const struct wined3d_device *device);

/* ---------------------------------------------------------------------- */
/* Stateblocks.                                                            */

enum wined3d_stateblock_type
{
    WINED3D_SBT_RECORDED    = 0,
    WINED3D_SBT_ALL         = 1,    /* D3DSBT_ALL */
    WINED3D_SBT_PIXEL_STATE = 2,    /* D3DSBT_PIXELSTATE */
    WINED3D_SBT_VERTEX_STATE = 3,   /* D3DSBT_VERTEXSTATE */
};

/* A predefined block: holds the states Direct3D 7 lists for the type, with
 * their current values.  Blocks hold no references: a texture destroyed
 * while a block holds it reads as NULL there.  Blocks still alive when the
 * device is destroyed go with it. */
int32_t wined3d_stateblock_create(struct wined3d_device *device, enum wined3d_stateblock_type type,
        struct wined3d_stateblock **stateblock);
void wined3d_stateblock_destroy(struct wined3d_stateblock *stateblock);
/* Set the device's current values into the block's recorded states. */
int32_t wined3d_stateblock_capture(struct wined3d_stateblock *stateblock);
/* Set the block's recorded states on the device (marks groups dirty). */
int32_t wined3d_stateblock_apply(const struct wined3d_stateblock *stateblock);
/* While recording, Set* calls write into the recording block only; draws
 * still draw, with the device's state (wined3d_device_set_draw_fvf). */
int32_t wined3d_device_begin_stateblock(struct wined3d_device *device);
int32_t wined3d_device_end_stateblock(struct wined3d_device *device, struct wined3d_stateblock **stateblock);
int wined3d_device_is_recording(const struct wined3d_device *device);

/* ---------------------------------------------------------------------- */
/* Drawing.  Counts are vertices (or indices), as Direct3D 7 counts them.  */
/* User-memory data goes through a streaming buffer ring.                  */

/* From the stream source buffer: vertices start..start+count-1. */
int32_t wined3d_device_draw_primitive(struct wined3d_device *device, enum wined3d_primitive_type type,
        uint32_t start_vertex, uint32_t vertex_count);
/* From the stream source buffer with 16-bit user-memory indices; index i
 * addresses vertex base_vertex + i.  vertex_count (vertices the indices may
 * reach, from base_vertex) bounds the copy. */
int32_t wined3d_device_draw_indexed_primitive(struct wined3d_device *device, enum wined3d_primitive_type type,
        uint32_t base_vertex, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count);
/* User-memory vertices laid out as the current FVF (stride 0 = the FVF's). */
int32_t wined3d_device_draw_primitive_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const void *vertices, uint32_t vertex_count, uint32_t stride);
int32_t wined3d_device_draw_indexed_primitive_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const void *vertices, uint32_t vertex_count, uint32_t stride, const uint16_t *indices, uint32_t index_count);
/* Strided user memory (the FVF says which elements are used); indices may
 * be NULL for a non-indexed draw. */
int32_t wined3d_device_draw_primitive_strided(struct wined3d_device *device, enum wined3d_primitive_type type,
        const struct wined3d_strided_data *data, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count);

/* Clear (D3DCLEAR_* flags).  Rectangles are in render-target pixels and are
 * clipped to the viewport; rect_count 0 = the whole viewport. */
#define WINED3DCLEAR_TARGET     0x00000001
#define WINED3DCLEAR_ZBUFFER    0x00000002
#define WINED3DCLEAR_STENCIL    0x00000004
#define WINED3DCLEAR_USE_STATE_MASKS 0x00000100 /* honour COLORWRITEENABLE, the scissor test and
                                                   STENCILWRITEMASK (the GS adapter); D3D7 does not */
#define WINED3DCLEAR_IGNORE_VIEWPORT 0x00000200 /* rectangles relative to the whole target */
int32_t wined3d_device_clear(struct wined3d_device *device, uint32_t rect_count, const struct wined3d_rect *rects,
        uint32_t flags, uint32_t argb, float z, uint32_t stencil);

/* ---------------------------------------------------------------------- */
/* Textures and surfaces.                                                  */

enum wined3d_resource_type { WINED3D_RTYPE_TEXTURE_2D = 1, WINED3D_RTYPE_TEXTURE_CUBE = 2 };

#define WINED3D_USAGE_RENDERTARGET  0x00000001
#define WINED3D_USAGE_DEPTHSTENCIL  0x00000002
#define WINED3D_USAGE_SYSTEMMEM     0x00000004 /* CPU only, never uploaded (D3D's system memory) */
#define WINED3D_USAGE_DYNAMIC       0x00000008 /* locked often */
#define WINED3D_USAGE_AUTOGENMIPMAP 0x00000010 /* lower levels follow level 0 (GL-native formats) */

struct wined3d_texture_desc
{
    enum wined3d_resource_type type;
    enum wined3d_format_id format;
    uint32_t usage;
    uint32_t width, height;         /* a cube's faces are width x width */
    uint32_t levels;                /* 0 = the full chain down to 1x1 */
    uint32_t row_alignment;         /* rows of the CPU copy padded to 4 (also 0) or 8 bytes;
                                     * a compressed format's block rows never are */
};
int32_t wined3d_texture_create(struct wined3d_device *device, const struct wined3d_texture_desc *desc,
        struct wined3d_texture **texture);
void wined3d_texture_destroy(struct wined3d_texture *texture);
void wined3d_texture_get_desc(const struct wined3d_texture *texture, struct wined3d_texture_desc *desc);
uint32_t wined3d_texture_get_usage(const struct wined3d_texture *texture);
/* Sub-resources: face * levels + level (faces in D3D's order +X,-X,+Y,-Y,+Z,-Z). */
unsigned int wined3d_texture_get_sub_resource_count(const struct wined3d_texture *texture);
void wined3d_texture_get_level_size(const struct wined3d_texture *texture, unsigned int level,
        uint32_t *width, uint32_t *height);

#define WINED3D_MAP_READ      0x1
#define WINED3D_MAP_WRITE     0x2
#define WINED3D_MAP_DISCARD   0x4   /* old contents need not be read back */

struct wined3d_map_desc
{
    void *data;                     /* first byte of the rectangle */
    uint32_t row_pitch;             /* bytes between rows (block rows for DXT) */
    uint32_t slice_pitch;
};
/* Map a sub-resource, whole (rect NULL) or a rectangle (block-aligned for
 * DXT).  What the GPU drew is read back first; on unmap what the CPU
 * wrote (with WINED3D_MAP_WRITE) is uploaded, bit-exact. */
int32_t wined3d_texture_map(struct wined3d_texture *texture, unsigned int sub_resource,
        const struct wined3d_rect *rect, uint32_t flags, struct wined3d_map_desc *map_desc);
int32_t wined3d_texture_unmap(struct wined3d_texture *texture, unsigned int sub_resource);
/* Convenience: replace a whole sub-resource from memory laid out with pitch. */
int32_t wined3d_texture_upload_data(struct wined3d_texture *texture, unsigned int sub_resource,
        const void *data, uint32_t pitch);

/* Colour keys as used by blits and D3DRENDERSTATE_COLORKEYENABLE (values in
 * the texture's format).  NULL key = none. */
#define WINED3D_CKEY_SRC_BLT 0x1
#define WINED3D_CKEY_DST_BLT 0x2
int32_t wined3d_texture_set_color_key(struct wined3d_texture *texture, uint32_t flags,
        const struct wined3d_color_key *key);

/* Palettes: 16 (P4) or 256 entries, each 0xAARRGGBB.  Changing entries
 * re-expands every texture the palette is attached to; indices are kept. */
#define WINED3D_PALETTE_ALPHA 0x1   /* entries carry alpha; else alpha = 0xff */
int32_t wined3d_palette_create(struct wined3d_device *device, uint32_t flags, unsigned int entry_count,
        const uint32_t *entries, struct wined3d_palette **palette);
void wined3d_palette_destroy(struct wined3d_palette *palette);
int32_t wined3d_palette_set_entries(struct wined3d_palette *palette, unsigned int start, unsigned int count,
        const uint32_t *entries);
int32_t wined3d_palette_get_entries(const struct wined3d_palette *palette, unsigned int start, unsigned int count,
        uint32_t *entries);
int32_t wined3d_texture_set_palette(struct wined3d_texture *texture, struct wined3d_palette *palette);
struct wined3d_palette *wined3d_texture_get_palette(const struct wined3d_texture *texture);

/* Blits between sub-resources (any textures, render targets, the back
 * buffer), stretching as the rectangles say (NULL = whole). */
#define WINED3D_BLT_COLOR_FILL   0x00000001 /* fx->fill_color in the destination format; src unused */
#define WINED3D_BLT_SRC_CKEY     0x00000002 /* the source's WINED3D_CKEY_SRC_BLT key */
#define WINED3D_BLT_SRC_CKEY_OVERRIDE 0x00000004 /* fx->src_color_key */
#define WINED3D_BLT_DST_CKEY     0x00000008 /* only where the destination matches its DST_BLT key */
#define WINED3D_BLT_DST_CKEY_OVERRIDE 0x00000010
#define WINED3D_BLT_MIRROR_LEFTRIGHT 0x00000020
#define WINED3D_BLT_MIRROR_UPDOWN    0x00000040
#define WINED3D_BLT_DEPTH_FILL   0x00000080 /* fx->fill_depth in 0..1 */
enum wined3d_texture_filter_type { WINED3D_TEXF_POINT = 1, WINED3D_TEXF_LINEAR = 2 };
struct wined3d_blt_fx
{
    uint32_t fill_color;
    float fill_depth;
    struct wined3d_color_key src_color_key, dst_color_key;
};
int32_t wined3d_texture_blt(struct wined3d_texture *dst, unsigned int dst_sub_resource, const struct wined3d_rect *dst_rect,
        struct wined3d_texture *src, unsigned int src_sub_resource, const struct wined3d_rect *src_rect,
        uint32_t flags, const struct wined3d_blt_fx *fx, enum wined3d_texture_filter_type filter);

/* ---------------------------------------------------------------------- */
/* Vertex buffers.                                                         */

int32_t wined3d_buffer_create(struct wined3d_device *device, uint32_t size, uint32_t usage,
        struct wined3d_buffer **buffer);
void wined3d_buffer_destroy(struct wined3d_buffer *buffer);
uint32_t wined3d_buffer_get_size(const struct wined3d_buffer *buffer);
/* Map a range (size 0 = to the end). */
int32_t wined3d_buffer_map(struct wined3d_buffer *buffer, uint32_t offset, uint32_t size, uint32_t flags, void **data);
int32_t wined3d_buffer_unmap(struct wined3d_buffer *buffer);

/* ---------------------------------------------------------------------- */
/* Programmable path (program.c): programs a front end generated.          */
/* A program is a vertex and a fragment stage in GLSL 3.30 bodies plus     */
/* their interface; the core writes the declarations:                      */
/*  - attribute n (bit n of attribute_mask): `in vec4 v_in<n>`, location n; */
/*  - interpolant i (bit i of varying_mask): `v_var<i>`, written by the     */
/*    vertex stage (zero until it does), read by the fragment stage, with   */
/*    GLSL's noperspective or flat qualifier when its bit says so;         */
/*  - `vc[vs_constant_count]` and `fc[fs_constant_count]` vec4 constants   */
/*    in one uniform block a stage, set with                              */
/*    wined3d_device_set_program_constants and uploaded at a draw only     */
/*    when their bytes changed;                                            */
/*  - sampler u (bit u of sampler_mask): `sampler2D s_tex<u>`, the texture */
/*    and sampler states of texture stage u; bit u of vs_sampler_mask      */
/*    declares the same sampler in the vertex stage;                       */
/*  - the vertex stage writes `o_position` (clip space with z 0..w, y up), */
/*    the fragment stage `o_color` and, with WINED3D_PROGRAM_DEPTH_OUTPUT, */
/*    `o_depth`.                                                           */
/* Each body defines `void shader_main()`.  Programs are compiled and      */
/* linked once and cached by their bytes: creating one equal to a live one */
/* returns that one (counted as a cache hit).  Render states that are not  */
/* fixed-function (blend, depth, stencil, cull, colour write, scissor,     */
/* viewport) apply to programmable draws as to any other.                  */

#define WINED3D_PROGRAM_MAX_ATTRIBUTES 16
#define WINED3D_PROGRAM_MAX_VARYINGS   16
#define WINED3D_PROGRAM_MAX_CONSTANTS  1024   /* vec4s a stage */
#define WINED3D_PROGRAM_DEPTH_OUTPUT   0x1u
#define WINED3D_PROGRAM_POINT_SIZE     0x2u   /* the vertex stage writes gl_PointSize */

struct wined3d_program;
struct wined3d_program_desc
{
    const char *vs_body, *fs_body;
    uint32_t attribute_mask;
    uint32_t varying_mask;
    uint32_t noperspective_mask, flat_mask;
    uint32_t sampler_mask;              /* units 0..WINED3D_MAX_TEXTURES-1 */
    uint32_t vs_constant_count, fs_constant_count;
    uint32_t flags;
    uint32_t vs_sampler_mask;           /* units the vertex stage samples */
};
/* WINED3DERR_INVALIDCALL for a desc out of range or GLSL that does not
 * compile or link (the log goes to the debug channel "program"). */
int32_t wined3d_program_create(struct wined3d_device *device, const struct wined3d_program_desc *desc,
        struct wined3d_program **program);
/* Programs are counted: each create needs a destroy.  A program still set
 * on the device stays until it is replaced. */
void wined3d_program_destroy(struct wined3d_program *program);
/* The program of the following wined3d_device_draw_program* calls. */
int32_t wined3d_device_set_program(struct wined3d_device *device, struct wined3d_program *program);
struct wined3d_program *wined3d_device_get_program(const struct wined3d_device *device);
enum wined3d_program_stage { WINED3D_PROGRAM_VERTEX = 0, WINED3D_PROGRAM_FRAGMENT = 1 };
/* count vec4s from start (4 * count floats). */
int32_t wined3d_device_set_program_constants(struct wined3d_device *device, enum wined3d_program_stage stage,
        unsigned int start, unsigned int count, const float *values);
int32_t wined3d_device_get_program_constants(const struct wined3d_device *device, enum wined3d_program_stage stage,
        unsigned int start, unsigned int count, float *values);

enum wined3d_program_attribute_type
{
    WINED3D_PROGRAM_ATTRIB_FLOAT = 0,   /* 1..4 floats */
    WINED3D_PROGRAM_ATTRIB_UBYTE_NORM = 1, /* 4 unsigned bytes read as 0..1 (x first in memory) */
};
struct wined3d_program_attribute
{
    uint32_t location;                  /* attribute n */
    uint32_t components;                /* 1..4; missing ones read (0, 0, 0, 1) */
    uint32_t type;                      /* enum wined3d_program_attribute_type */
    uint32_t offset;                    /* bytes into a vertex */
};
/* User-memory vertices with the device's program; indices may be NULL. */
int32_t wined3d_device_draw_program_up(struct wined3d_device *device, enum wined3d_primitive_type type,
        const struct wined3d_program_attribute *attributes, unsigned int attribute_count,
        const void *vertices, uint32_t vertex_count, uint32_t stride, const uint16_t *indices, uint32_t index_count);
/* A pass over the whole viewport with the device's program: attribute 0 is
 * the corner in clip space (x, y in -1..1, z 0, w 1), attribute 1 its
 * screen coordinate (u, v in 0..1, v = 0 at the top row). */
int32_t wined3d_device_draw_program_fullscreen(struct wined3d_device *device);

/* ---------------------------------------------------------------------- */
/* Counters: per frame (since the last present or reset) and in total.     */

struct wined3d_counters
{
    uint64_t draws;                 /* glDraw* calls made for the caller's draws */
    uint64_t groups_applied;        /* dirty state groups applied */
    uint64_t gl_calls;              /* GL calls made by the core */
    uint64_t redundant_gl_calls;    /* calls that set a value GL already had */
    uint64_t gl_calls_filtered;     /* calls the state cache did not send */
    uint64_t programs_built;        /* shader programs compiled and linked */
    uint64_t shader_cache_hits;     /* draws whose program came from the cache */
    uint64_t texture_uploads;       /* glTex(Sub)Image / compressed uploads */
    uint64_t texture_upload_bytes;
    uint64_t frames;                /* presents */
    uint64_t texture_readbacks;     /* whole sub-resources read back from GL (Lock, CPU blits) */
    uint64_t scratch_allocations;   /* buffers of a frame's size allocated (kept for the next use) */
    uint64_t window_binds;          /* windows bound to the presenting context (a DC or surface each) */
};
enum wined3d_counters_kind
{
    WINED3D_COUNTERS_FRAME = 0,       /* the frame in progress */
    WINED3D_COUNTERS_LAST_FRAME = 1,  /* the frame the last present ended */
    WINED3D_COUNTERS_TOTAL = 2,       /* since the device was created */
};
void wined3d_device_get_counters(const struct wined3d_device *device, enum wined3d_counters_kind kind,
        struct wined3d_counters *counters);
/* Start a new frame for the counters without presenting (tests, benchmarks). */
void wined3d_device_reset_frame_counters(struct wined3d_device *device);

/* The client ended a scene (Direct3D's EndScene): what was drawn so far is
 * a frame's worth, for the streaming ring's fences and the choice of how
 * stage ops reach the programs.  A present does the same. */
void wined3d_device_end_scene(struct wined3d_device *device);

/* Finish all GL work (for readbacks by timing tools). */
void wined3d_device_flush(struct wined3d_device *device);

#ifdef __cplusplus
}
#endif

#endif /* WINED3D_LITE_WINED3D_H */

/*
 * The Direct3D 7 fixed-function pipeline as generated GLSL (OpenGL 3.3 core).
 *
 * The contract between the generator and the rest of the core:
 *
 * 1. Key.  wined3d_ffp_key_from_state() reduces a struct wined3d_state to a
 *    struct wined3d_ffp_key holding exactly the state that changes the
 *    generated code.  The key is zero-padded and canonical (a state the code
 *    does not depend on in this configuration is stored as 0), so two keys
 *    describe the same program iff memcmp() says they are equal; hash it with
 *    wined3d_ffp_key_hash().  Cache programs by key.
 *
 * 2. Code.  wined3d_ffp_generate_vs()/_fs() return malloc'ed GLSL sources
 *    ("#version 330 core") for a key; the caller frees them.
 *
 * 3. Interface of every generated program (fixed, independent of the key):
 *    - vertex attributes at the locations WINED3D_FFP_ATTRIB_* below, set up
 *      from the FVF; an element the FVF lacks is never read by the program,
 *      so the VAO may leave it disabled;
 *    - two uniform blocks (std140): "ffp_vs_uniforms", laid out as struct
 *      wined3d_ffp_vs_uniforms and read by the vertex shader only, bound to
 *      binding point WINED3D_FFP_VS_UBO_BINDING; and "ffp_fs_uniforms",
 *      laid out as struct wined3d_ffp_fs_uniforms and read by the fragment
 *      shader only, bound to WINED3D_FFP_FS_UBO_BINDING;
 *    - samplers "ffp_texture0".."ffp_texture7" (sampler2D, or samplerCube
 *      when the stage's texture is a cube map), stage i on texture unit i;
 *      with key.tex0_slots, "ffp_slot_texture" in place of ffp_texture0;
 *      with key.world_slots, the block "ffp_world_slots";
 *    - one output, "ffp_color", at location 0.
 *    wined3d_ffp_program_bind_interface() does the glUniformBlockBinding and
 *    glUniform1i calls after a successful link.
 *
 * 4. Uniforms.  wined3d_ffp_fill_uniforms() computes every value the code
 *    reads (matrices with the Direct3D to GL clip-space conversion, lights in
 *    eye space, fog, texture factor, alpha reference, colour key...).  Upload
 *    each of its two structs as it is into its own buffer, and only when
 *    its bytes changed: a per-object world matrix then leaves the fragment
 *    stage's constants alone.  State that only changes uniforms never
 *    changes the key, so churning it builds no program.
 *
 * What the core must do in GL for the generated code to be right:
 *    - glProvokingVertex(GL_FIRST_VERTEX_CONVENTION): with D3DSHADE_FLAT the
 *      colours are "flat" varyings and Direct3D takes the first vertex's;
 *    - glClipControl(origin, GL_ZERO_TO_ONE) where available; otherwise pass
 *      WINED3D_FFP_NO_CLIP_CONTROL and the shader remaps z to GL's -w..w;
 *    - keep glDepthRange(viewport min_z, max_z) for every draw: the uniforms
 *      undo it for XYZRHW vertices, whose z Direct3D writes unscaled;
 *    - with WINED3D_FFP_FLIP_Y the shader negates clip-space y (the core
 *      stores render targets top-down with origin GL_LOWER_LEFT); the front
 *      face is then mirrored, so glFrontFace must be swapped by the core;
 *    - glEnable(GL_CLIP_DISTANCE0 + i) for each bit i of key.clip_planes (the
 *      shader writes all six distances, 1.0 for planes that do not clip, so
 *      enabling by CLIPPLANEENABLE alone is also safe);
 *    - for pre-transformed draws, GL_DEPTH_CLAMP is the closest GL has to
 *      Direct3D not clipping XYZRHW vertices at near/far (optional);
 *    - the attribute formats given below (D3DCOLOR through GL_BGRA);
 *    - bump-map (du/dv) textures sampled as signed normalised with du, dv in
 *      r, g and the luminance of L6V5U5/X8L8V8U8 in b.
 * Alpha test, colour key, specular add, fog and w-buffering are done in the
 * fragment shader; the core sets no GL state for them.
 */
#ifndef WINED3D_LITE_GLSL_FFP_H
#define WINED3D_LITE_GLSL_FFP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct wined3d_state;
struct wined3d_color_key;

/* ---------------------------------------------------------------------- */
/* Vertex attribute locations.                                             */

/* vec4.  D3DFVF_XYZ*: 3 floats (GL supplies w = 1).  D3DFVF_XYZRHW: 4
 * floats x, y (pixels), z (0..1), rhw. */
#define WINED3D_FFP_ATTRIB_POSITION     0
/* vec4.  The FVF's blend weights (betas), 1..4 floats (XYZB1..XYZB4; of
 * XYZB5 the first 4).  Only the first key.blend_weights are read; the last
 * matrix's weight is 1 - their sum. */
#define WINED3D_FFP_ATTRIB_BLENDWEIGHT  1
/* vec3.  3 floats. */
#define WINED3D_FFP_ATTRIB_NORMAL       2
/* vec4.  D3DCOLOR: glVertexAttribPointer(loc, GL_BGRA, GL_UNSIGNED_BYTE,
 * GL_TRUE, ...), so the shader sees r, g, b, a. */
#define WINED3D_FFP_ATTRIB_DIFFUSE      3
#define WINED3D_FFP_ATTRIB_SPECULAR     4
/* float.  With key.tex0_slots: which of the "ffp_slot_texture" samplers
 * stage 0 reads for this vertex's primitive (the vertex shader passes it on
 * flat); with key.world_slots: which matrices of "ffp_world_slots" place
 * the vertex.  GL_UNSIGNED_BYTE (GL_UNSIGNED_SHORT past 256 world slots),
 * not normalised. */
#define WINED3D_FFP_ATTRIB_SLOT         5
/* vec4.  Texture coordinate set n of the FVF (n = 0..7) at location 8 + n,
 * with its D3DFVF_TEXCOORDSIZE (1..4 floats).  The shader pads missing
 * components itself, Direct3D's way. */
#define WINED3D_FFP_ATTRIB_TEXCOORD0    8
#define WINED3D_FFP_ATTRIB_COUNT        16

/* Binding points of the vertex and the fragment uniform block. */
#define WINED3D_FFP_VS_UBO_BINDING      0
#define WINED3D_FFP_FS_UBO_BINDING      1
/* With key.shader_blend: "ffp_dest" (sampler2D) is the render target as it
 * was before the primitive, same size and rows, read with texelFetch at
 * gl_FragCoord; the core binds it to this unit. */
#define WINED3D_FFP_DEST_UNIT           8
/* With key.tex0_slots = n: "ffp_slot_texture" (sampler2D[n]) are stage 0's
 * textures, element i on unit WINED3D_FFP_SLOT_UNIT + i. */
#define WINED3D_FFP_SLOT_UNIT           9
#define WINED3D_FFP_MAX_SLOTS           4
/* With key.world_slots = n: the block "ffp_world_slots" at this binding,
 * std140 as struct wined3d_ffp_world_slots with n matrices: the run's view
 * matrix, the legacy lighting flag (x: 1.0 with D3DRENDERSTATE_LEGACYLIGHTING)
 * and slot i's world matrix, each as Direct3D lays it out.  The shader forms
 * world * view and the normal matrix itself; the core uses the slots only
 * where the vertex block's rules give the same (merge.c): an affine world
 * and view unless lighting is legacy. */
#define WINED3D_FFP_WORLD_UBO_BINDING   2
/* 1000 slots make a block of 64,080 bytes, within the 64 KiB of NVIDIA's
 * and Mesa's GL_MAX_UNIFORM_BLOCK_SIZE (the core reads fewer where it is
 * smaller); above 256 the slot attribute is GL_UNSIGNED_SHORT. */
#define WINED3D_FFP_MAX_WORLD_SLOTS     1000
/* With key.fs_slots = n: the block "ffp_fs_slots" at this binding, std140,
 * n structs wined3d_ffp_fs_uniforms one after the other.  With
 * key.blend_slots, each block's slot_blend holds the factors of its draws'
 * blend, which the core does as GL_SRC1_COLOR, GL_SRC1_ALPHA (colour) and
 * GL_ONE, GL_SRC1_ALPHA (alpha) with an add: the program writes the source
 * clamped to 0..1 ("ffp_color", its alpha times the source factor's) and
 * the factors ("ffp_blend" at index 1: the source factor in rgb, the
 * destination factor in a).  slot_blend[0] is the source factor as
 * x + y * colour + z * alpha (its alpha x + (y + z) * alpha), slot_blend[1]
 * the destination factor as x + y * alpha; so the factors that read the
 * destination cannot be slots.  The colour's products stay GL's own. */
#define WINED3D_FFP_FS_SLOTS_UBO_BINDING 3
struct wined3d_ffp_world_slots
{
    float view[16];
    float flags[4];
    float world[][16];
};
#define WINED3D_FFP_MAX_STAGES          8
#define WINED3D_FFP_MAX_LIGHTS          8
#define WINED3D_FFP_MAX_CLIP_PLANES     6
#define WINED3D_FFP_GENERIC_MAX_STAGES  4

/* ---------------------------------------------------------------------- */
/* The key.                                                                */

enum wined3d_ffp_tex_type
{
    WINED3D_FFP_TEX_NONE = 0,       /* no texture bound: an op reading D3DTA_TEXTURE passes current,
                                       the texture's alpha for the BLENDTEXTUREALPHA ops is 1 */
    WINED3D_FFP_TEX_2D   = 1,
    WINED3D_FFP_TEX_CUBE = 2,
};

/* Texture coordinate generation (D3DTSS_TCI_* >> 16). */
enum wined3d_ffp_texgen
{
    WINED3D_FFP_TEXGEN_PASSTHRU = 0,
    WINED3D_FFP_TEXGEN_CAMERASPACENORMAL = 1,
    WINED3D_FFP_TEXGEN_CAMERASPACEPOSITION = 2,
    WINED3D_FFP_TEXGEN_CAMERASPACEREFLECTIONVECTOR = 3,
};

/* Where a fragment's fog factor comes from (Direct3D's precedence already
 * resolved by wined3d_ffp_key_from_state()). */
enum wined3d_ffp_fog
{
    WINED3D_FFP_FOG_OFF = 0,
    WINED3D_FFP_FOG_SPECULAR_ALPHA = 1, /* factor = the vertex specular alpha (application fog) */
    WINED3D_FFP_FOG_VERTEX_EXP = 2,     /* factor computed per vertex (FOGVERTEXMODE) */
    WINED3D_FFP_FOG_VERTEX_EXP2 = 3,
    WINED3D_FFP_FOG_VERTEX_LINEAR = 4,
    WINED3D_FFP_FOG_TABLE_EXP = 5,      /* factor computed per pixel (FOGTABLEMODE) */
    WINED3D_FFP_FOG_TABLE_EXP2 = 6,
    WINED3D_FFP_FOG_TABLE_LINEAR = 7,
};

/* One texture stage.  Stages from the first one whose colour op is
 * D3DTOP_DISABLE on are all zero. */
struct wined3d_ffp_stage_key
{
    uint8_t color_op;               /* enum wined3d_texture_op */
    uint8_t color_arg1, color_arg2; /* WINED3DTA_*, with modifiers; 0 when the op does not read it */
    uint8_t alpha_op;
    uint8_t alpha_arg1, alpha_arg2;
    uint8_t tex_type;               /* enum wined3d_ffp_tex_type */
    uint8_t signed_tex;             /* the texture's texels are signed (bump formats): outside 0..1 */
    uint8_t coord_index;            /* D3DTSS_TEXCOORDINDEX & 7 (0 with texgen) */
    uint8_t texgen;                 /* enum wined3d_ffp_texgen */
    uint8_t transform_count;        /* 0: no texture transform, 2..4: D3DTTFF_COUNTn */
    uint8_t projected;              /* D3DTTFF_PROJECTED: divide by component transform_count (or 4) */
    uint8_t coord_size;             /* components the coordinate has before the transform (1..4) */
    uint8_t wrap;                   /* D3DRENDERSTATE_WRAPn of the coordinate set: bit 0 u, bit 1 v */
    uint8_t lod_from_q;             /* WINED3D_RS_LODFROMQ on a projected 2D stage: textureLod from q */
    uint8_t sums;                   /* generic stages: 1 when an op needs the whole sum (alphas, dot product) */
    uint8_t generic_args;           /* generic ops: the WINED3D_FFP_ARG_* read from the fragment block
                                       (their fields 0) rather than built in */
};

/* How a program gets its texture stages: wined3d_ffp_key.generic_stages,
 * and the device's choice (device.c). */
enum wined3d_ffp_stages
{
    WINED3D_FFP_STAGES_BUILT_IN = 0,    /* ops and arguments in the code */
    WINED3D_FFP_STAGES_GENERIC = 1,     /* ops and arguments from the fragment block */
    WINED3D_FFP_STAGES_GENERIC_OPS = 2, /* ops from the block, arguments in the code */
};

struct wined3d_ffp_key
{
    /* Vertex input (from the FVF). */
    uint8_t xyzrhw;                 /* pre-transformed: no transform, lighting, texgen, clip planes */
    uint8_t has_normal;
    uint8_t has_diffuse;
    uint8_t has_specular;
    uint8_t blend_weights;          /* 0..3: weights read; blend_weights + 1 world matrices */
    uint8_t texcoord_size[8];       /* per FVF coordinate set: 0 = absent (or unused), 1..4 */

    /* Lighting. */
    uint8_t lighting;
    uint8_t light_count;            /* lights 0..light_count-1 of the uniforms are used */
    uint8_t light_type[WINED3D_FFP_MAX_LIGHTS];   /* enum wined3d_light_type */
    uint8_t diffuse_source;         /* enum wined3d_material_color_source, after fallbacks */
    uint8_t ambient_source;
    uint8_t specular_source;
    uint8_t emissive_source;
    uint8_t local_viewer;
    uint8_t normalize;
    uint8_t legacy_lighting;        /* WINED3D_RS_LEGACYLIGHTING: Direct3D 1-6's attenuation */

    /* Colours, fog, clipping. */
    uint8_t specular_enable;        /* SPECULARENABLE: lit specular computed and added */
    uint8_t flat;                   /* D3DSHADE_FLAT, or WINED3D_FFP_COLOUR_FLAT without perspective */
    uint8_t fog;                    /* enum wined3d_ffp_fog */
    uint8_t range_fog;              /* vertex fog from the distance, not z */
    uint8_t clip_planes;            /* mask of user clip planes written to gl_ClipDistance */

    /* Per-pixel tests. */
    uint8_t alpha_func;             /* 0: alpha test off, else enum wined3d_cmp_func */
    uint8_t color_key;              /* COLORKEYENABLE with a keyed texture on stage 0: 1 discard,
                                       2 (COLORKEYBLENDENABLE) the texel becomes (0, 0, 0, 0) */
    uint8_t w_buffer;               /* D3DZB_USEW: depth written from w */
    uint8_t shader_blend;           /* WINED3D_RS_SHADERBLEND in effect: the shader blends with the
                                       destination read from ffp_dest (GL blending off) */
    uint8_t shader_blend_sel;       /* its selectors a | b << 2 | c << 4 | d << 6, each 0..2 */
    /* The stages' ops and arguments are read from the fragment block
     * (ffp.stage_args, ffp.stage_coef), not built into the program, so that
     * one program serves every combination: set by
     * wined3d_ffp_key_from_state() for WINED3D_FFP_GENERIC_STAGES when at
     * most WINED3D_FFP_GENERIC_MAX_STAGES stages are on and none uses a bump
     * or premodulate op.  The stages' op and argument fields then hold a
     * fixed stand-in (WINED3D_FFP_STAGES_GENERIC).  With
     * WINED3D_FFP_GENERIC_OPS (WINED3D_FFP_STAGES_GENERIC_OPS) only the ops are read
     * from the block; the arguments stay built in, each the one the op in
     * effect reads or, where it reads none, the state's, so that switching
     * between ops over the same arguments keeps the program. */
    uint8_t generic_stages;
    /* Joined draws that differ in their stage-0 texture (the core's draw
     * path; never from the state): 0, or how many textures stage 0 chooses
     * from, per primitive, by the WINED3D_FFP_ATTRIB_SLOT attribute.
     * Only with a 2D texture on stage 0. */
    uint8_t tex0_slots;
    /* Joined draws that differ in their world matrix (the core's): 0, or
     * the number of slots (at most WINED3D_FFP_MAX_WORLD_SLOTS) of the block
     * "ffp_world_slots", whence world 0 comes by the WINED3D_FFP_ATTRIB_SLOT
     * attribute (the shader forms modelview[0] and normal_matrix[0]).  Only without vertex blending. */
    uint16_t world_slots;           /* (at an even offset: no padding) */
    /* Joined draws that differ in their fragment block (the core's): 0, or
     * the number of blocks of "ffp_fs_slots", of which the primitive's
     * WINED3D_FFP_ATTRIB_SLOT chooses the one read in place of
     * "ffp_fs_uniforms".  With blend_slots the draws also differ in their
     * blend, which the program then finishes with two outputs for
     * dual-source blending (see WINED3D_FFP_FS_SLOTS_UBO_BINDING). */
    uint8_t fs_slots;
    uint8_t blend_slots;
    /* Pre-transformed vertices that all have one rhw (WINED3D_FFP_RHW_FLAT):
     * the varyings are interpolated without perspective, which gives the
     * same values for a constant w and costs a software rasteriser less. */
    uint8_t noperspective;

    struct wined3d_ffp_stage_key stages[WINED3D_FFP_MAX_STAGES];
};

/* Per-draw facts that are not in struct wined3d_state (they live in
 * resources or in the core's GL set-up). */
#define WINED3D_FFP_FLIP_Y          0x1 /* negate clip-space y (targets stored top-down, origin lower left) */
#define WINED3D_FFP_NO_CLIP_CONTROL 0x2 /* GL's -w..w clip z: the shader remaps Direct3D's 0..w */
#define WINED3D_FFP_GENERIC_STAGES  0x4 /* ask for generic stages (see wined3d_ffp_key.generic_stages) */
#define WINED3D_FFP_GENERIC_OPS     0x8 /* ask for generic ops with built-in arguments */
#define WINED3D_FFP_WHOLE_SUMS      0x10 /* generic stages always with the whole sums (stage key: sums) */
#define WINED3D_FFP_ALPHA_PASSES    0x20 /* the alpha test cannot fail: left out */
#define WINED3D_FFP_RHW_FLAT        0x40 /* pre-transformed vertices of one rhw: noperspective varyings */
#define WINED3D_FFP_COLOUR_FLAT     0x80 /* besides, each primitive's vertices share their colours: flat colours */
/* Bits 8-11: the target's resolution scale when above 1 (supersample.c):
 * the half-pixel shift is one of its pixels, not one of the program's. */
#define WINED3D_FFP_SCALE_SHIFT     8
#define WINED3D_FFP_SCALE_MASK      0xf00

/* A stage's arguments, as bits of wined3d_ffp_stage_key.generic_args. */
#define WINED3D_FFP_ARG_COLOR1      0x1
#define WINED3D_FFP_ARG_COLOR2      0x2
#define WINED3D_FFP_ARG_ALPHA1      0x4
#define WINED3D_FFP_ARG_ALPHA2      0x8

struct wined3d_ffp_draw_info
{
    uint32_t flags;                 /* WINED3D_FFP_* */
    /* The stage-0 texture's source colour key (WINED3D_CKEY_SRC_BLT), or
     * NULL when it has none.  Used with COLORKEYENABLE. */
    const struct wined3d_color_key *color_key;
    /* With WINED3D_FFP_GENERIC_OPS: per stage, the arguments that are
     * nevertheless read from the fragment block (WINED3D_FFP_ARG_*), or NULL
     * for none. */
    const uint8_t *generic_args;
};

/* ---------------------------------------------------------------------- */
/* The uniform blocks, std140.  Only vec4, ivec4 and mat4 members, so the  */
/* C layout equals std140.  Matrices are Direct3D matrices stored as they are       */
/* (row-major _11.._44); GLSL reads them column-major, i.e. transposed, so  */
/* "m * v" in the shader is Direct3D's "v * M".                            */

struct wined3d_ffp_light_uniforms
{
    float diffuse[4];
    float specular[4];
    float ambient[4];
    float position[4];              /* eye space, w = 1 */
    float direction[4];             /* eye space, normalised; the way the light shines */
    float range_falloff[4];         /* range, falloff, cos(theta / 2), cos(phi / 2) */
    float attenuation[4];           /* a0, a1, a2, 0 */
};

/* The vertex shader's block, "ffp_vs_uniforms": everything the vertex
 * stage reads.  Transforms change per object, so they live apart from the
 * fragment stage's constants: some drivers (llvmpipe) copy a fragment
 * shader's constant buffers into their binned scene whenever one of them
 * changes, and a per-object matrix there would cost a copy per draw. */
struct wined3d_ffp_vs_uniforms
{
    float modelview[4][16];         /* world_i * view */
    float normal_matrix[4][16];     /* inverse transpose of the upper 3x3 of modelview_i */
    float projection[16];
    float texture_matrix[WINED3D_FFP_MAX_STAGES][16];
    float clip_planes[WINED3D_FFP_MAX_CLIP_PLANES][4];  /* eye space */

    /* Clip-space post-processing, in this order: clip.xy += clip_fixup.yz * clip.w
     * (Direct3D's pixel centres, in Direct3D's NDC orientation); clip.y *= clip_fixup.x
     * (the y flip); clip.z = clip.z * z_fixup.x + clip.w * z_fixup.y. */
    float clip_fixup[4];            /* y sign, pixel offset x, pixel offset y (NDC units), 0 */
    float z_fixup[4];               /* scale, offset, 0, 0 */
    /* XYZRHW: ndc.xy = pos.xy * rhw_scale.xy + rhw_scale.zw;
     * ndc.z = pos.z * rhw_z.x + (pos.z * rhw_z.z + rhw_z.y); z is 0 but for
     * integer depth, where x + z split 1 / (2^n - 1) into exact parts. */
    float rhw_scale[4];
    float rhw_z[4];
    float fog_params[4];            /* vertex fog: start, end, density, 1 / (end - start) */

    /* Lighting. */
    float material_diffuse[4];
    float material_ambient[4];
    float material_specular[4];
    float material_emissive[4];
    float material_power[4];        /* power, 0, 0, 0 */
    float global_ambient[4];        /* D3DRENDERSTATE_AMBIENT */
    struct wined3d_ffp_light_uniforms lights[WINED3D_FFP_MAX_LIGHTS];
};

/* The fragment shader's block, "ffp_fs_uniforms": the pixel pipeline's
 * constants, a few hundred bytes that rarely change between draws. */
struct wined3d_ffp_fs_uniforms
{
    float texture_factor[4];
    float fog_color[4];
    float fog_params[4];            /* table fog: start, end, density, 1 / (end - start) */
    float fog_source[4];            /* table fog: x = 1: from eye w, 0: from z (projection-matrix rule) */
    float alpha_ref[4];             /* ALPHAREF & 0xff as 0..255 */
    float color_key_low[4];         /* a stage-0 texel with low <= t <= high in every channel matches the key */
    float color_key_high[4];
    float w_range[4];               /* w-buffer: depth = (w - x) * y, x = w at near, y = 1 / (far - near) */
    float blend_factor[4];          /* WINED3D_RS_BLENDFACTOR as r, g, b, a (shader blend's C) */
    float lod_params[4];            /* WINED3D_RS_LODFROMQ: lod = x + y * log2(1 / |q|) */
    /* Generic stages (zero otherwise).  stage_args: the colour arguments
     * (arg1 | arg2 << 8, canonical as in the key), the alpha arguments, and
     * WINED3D_FFP_STAGE_* flags.  stage_coef: per stage, the colour op then
     * the alpha op, each as three vec4s k, s, t for
     *     result = a1 * (k.x + f) + a2 * (k.y - f + t.x * T + t.y * A)
     *              + a1 * a2 * k.z + k.w + t.z * A
     * with f = dot(s, (diffuse.a, texture.a, factor.a, current.a)),
     * T the texture's alpha and A arg1's alpha: every op but dot product 3,
     * bump and premodulate is such a sum, which costs a few multiply-adds a
     * pixel where choosing among the ops would cost all of them. */
    int32_t stage_args[WINED3D_FFP_GENERIC_MAX_STAGES][4];
    float stage_coef[WINED3D_FFP_GENERIC_MAX_STAGES * 6][4];
    /* Last: only a bump-mapping stage reads them. */
    float bumpenv_matrix[WINED3D_FFP_MAX_STAGES][4];    /* 00, 01, 10, 11 */
    float bumpenv_luminance[WINED3D_FFP_MAX_STAGES][4]; /* lscale, loffset, 0, 0 */
    /* Read only from "ffp_fs_slots" with key.blend_slots (see
     * WINED3D_FFP_FS_SLOTS_UBO_BINDING); the fill leaves it alone. */
    float slot_blend[2][4];
};
#define WINED3D_FFP_STAGE_COLOR_READS_TEXTURE 0x1  /* passes current on a stage without a texture */
#define WINED3D_FFP_STAGE_ALPHA_READS_TEXTURE 0x2
#define WINED3D_FFP_STAGE_DOTPRODUCT3         0x4

/* Both blocks, as wined3d_ffp_fill_uniforms() computes them. */
struct wined3d_ffp_uniforms
{
    struct wined3d_ffp_vs_uniforms vs;
    struct wined3d_ffp_fs_uniforms fs;
};

/* ---------------------------------------------------------------------- */
/* Functions.                                                              */

/* Derive the key for the next draw.  info may be NULL (no colour key). */
void wined3d_ffp_key_from_state(struct wined3d_ffp_key *key, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info);
uint32_t wined3d_ffp_key_hash(const struct wined3d_ffp_key *key);
/* Keys are compared and hashed on every draw that changes a stage's op:
 * whole words at a time, not bytes. */
static inline int wined3d_ffp_key_equal(const struct wined3d_ffp_key *a, const struct wined3d_ffp_key *b)
{
    return !memcmp(a, b, sizeof(*a));
}

/* malloc'ed GLSL 3.30 sources, NULL on out-of-memory. */
char *wined3d_ffp_generate_vs(const struct wined3d_ffp_key *key);
char *wined3d_ffp_generate_fs(const struct wined3d_ffp_key *key);

/* Compute the uniform block for the next draw.  The key must be the one
 * wined3d_ffp_key_from_state() gives for the same state and info (the light
 * slots follow it). */
void wined3d_ffp_fill_uniforms(struct wined3d_ffp_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info);

/* The two halves of wined3d_ffp_fill_uniforms(). */
void wined3d_ffp_fill_vs_uniforms(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info);
/* The fragment block's fill answers how many of its leading bytes it
 * wrote: what follows belongs to stages the state leaves off (or to bump
 * mapping no stage does), which the program for this state never reads. */
size_t wined3d_ffp_fill_fs_uniforms(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info);

/* Parts of the fragment block that one state group feeds alone, so that a
 * game switching an op or the texture factor between draws computes and
 * compares a vec4 or a stage, not the whole block.  Anything else is
 * WINED3D_FFP_FS_ALL. */
#define WINED3D_FFP_FS_TEXTURE_FACTOR 0x1 /* texture_factor: TEXTUREFACTOR */
#define WINED3D_FFP_FS_ALPHA_REF      0x2 /* alpha_ref: ALPHAREF */
#define WINED3D_FFP_FS_STAGES         0x4 /* stage_args, stage_coef: the stages' ops and arguments */
#define WINED3D_FFP_FS_ALL            0x8
/* The stages' part, with the stages that changed packed into the block
 * already (wined3d_ffp_stage_key_holds with the block): only its span. */
#define WINED3D_FFP_FS_STAGES_PACKED  0x10
/* u holds what wined3d_ffp_fill_fs_uniforms() wrote for earlier inputs
 * with the same info, *used its answer: compute the given parts again, as
 * the fill would, and answer the span [*lo, *hi) that may differ now (*used
 * updated).  Answers 0, with u untouched, when the parts need the whole
 * fill (WINED3D_FFP_FS_ALL, or a stage that maps bumps). */
int wined3d_ffp_update_fs_uniforms(struct wined3d_ffp_fs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info, unsigned int parts, size_t *used, size_t *lo, size_t *hi);

/* The vertex block in three parts, each computed from its own inputs. */
#define WINED3D_FFP_VS_TRANSFORMS    0x1 /* matrices and clip planes: transforms, clip planes */
#define WINED3D_FFP_VS_LIGHTS        0x2 /* material, ambient, lights: the view matrix, lights, material, AMBIENT */
#define WINED3D_FFP_VS_VIEWPORT_FOG  0x4 /* clip-space fix-ups, fog: viewport, flags, ZINTEGERBITS, fog states */
/* Pieces of the transforms part, reported instead of it when the view matrix
 * did not change: a new world matrix per object recomputes one product and
 * one normal matrix, not all four, the view's inverse and the clip planes. */
#define WINED3D_FFP_VS_WORLD(i)      (0x10u << (i))  /* modelview[i], normal_matrix[i]: WORLD_i */
#define WINED3D_FFP_VS_WORLDS        0xf0u
#define WINED3D_FFP_VS_OTHER_TRANSFORMS 0x100 /* projection, texture matrices, clip planes */
#define WINED3D_FFP_VS_ANY_TRANSFORM \
        (WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_WORLDS | WINED3D_FFP_VS_OTHER_TRANSFORMS)
/* u holds the block of earlier inputs: compute the given parts again. */
/* The modelview (world * view) and normal matrix, as the vertex block's
 * modelview[0] and normal_matrix[0] hold them: 32 floats; legacy:
 * D3DRENDERSTATE_LEGACYLIGHTING. */
void wined3d_ffp_world_matrices(float matrices[32], const struct wined3d_matrix *world,
        const struct wined3d_matrix *view, int legacy);
void wined3d_ffp_update_vs_uniforms(struct wined3d_ffp_vs_uniforms *u, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info, unsigned int parts);

/* A copy of everything wined3d_ffp_fill_vs_uniforms() reads.  Computing the
 * vertex block (matrix products and inverses, lights in eye space) costs
 * more than comparing its inputs: a change of a stage's op or texture
 * leaves them all as they were, a world matrix per object the lights.
 * _update() stores the inputs of state and info and returns the parts
 * (WINED3D_FFP_VS_*) whose inputs differ from the stored ones (all on the
 * first call, 0 when none).  Free with free(). */
struct wined3d_ffp_vs_inputs;
struct wined3d_ffp_vs_inputs *wined3d_ffp_vs_inputs_create(void);
/* The block's world 0 matrices were written from elsewhere (the core's
 * joined draws): the next update reports WINED3D_FFP_VS_WORLD(0). */
void wined3d_ffp_vs_inputs_forget_world(struct wined3d_ffp_vs_inputs *inputs);
unsigned int wined3d_ffp_vs_inputs_update(struct wined3d_ffp_vs_inputs *inputs, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info);
/* The same when the caller knows that only world matrices can have changed
 * since the last _update() (its dirty groups say so): compares and stores
 * those four alone. */
unsigned int wined3d_ffp_vs_inputs_update_worlds(struct wined3d_ffp_vs_inputs *inputs,
        const struct wined3d_state *state);

/* After linking: block binding and sampler units (the program must be
 * current or not; uses glUniform1i, so it binds the program).  Needs GL. */
void wined3d_ffp_program_bind_interface(unsigned int program);
/* The same, calling count(ctx) before each GL call it makes; it leaves the
 * program current. */
void wined3d_ffp_program_bind_interface_counted(unsigned int program, void (*count)(void *ctx), void *ctx);

/* Name of a member of struct wined3d_ffp_vs_uniforms or _fs_uniforms in its
 * GLSL block, for tests that compare std140 offsets with offsetof(). */
struct wined3d_ffp_uniform_member { const char *name; size_t offset; };
extern const struct wined3d_ffp_uniform_member wined3d_ffp_vs_uniform_members[];
extern const unsigned int wined3d_ffp_vs_uniform_member_count;
extern const struct wined3d_ffp_uniform_member wined3d_ffp_fs_uniform_members[];
extern const unsigned int wined3d_ffp_fs_uniform_member_count;

/* Internal to the generator. */
struct wined3d_ffp_buffer
{
    char *data;
    size_t size, capacity;
    int oom;
};
void wined3d_ffp_buffer_init(struct wined3d_ffp_buffer *buffer);
void wined3d_ffp_buffer_printf(struct wined3d_ffp_buffer *buffer, const char *format, ...)
#ifdef __GNUC__
        __attribute__((format(printf, 2, 3)))
#endif
        ;
/* Returns the text (the caller frees it) or NULL after an allocation failure. */
char *wined3d_ffp_buffer_finish(struct wined3d_ffp_buffer *buffer);
/* The GLSL declaration of the vertex or the fragment uniform block, instance
 * name "ffp" in both. */
void wined3d_ffp_emit_vs_uniform_block(struct wined3d_ffp_buffer *buffer);
void wined3d_ffp_emit_fs_uniform_block(struct wined3d_ffp_buffer *buffer);
void wined3d_ffp_emit_fs_slot_blocks(struct wined3d_ffp_buffer *buffer, unsigned int count);
/* Whether stage s of the key samples its texture (also for bump, premodulate, colour key). */
int wined3d_ffp_stage_samples(const struct wined3d_ffp_key *key, unsigned int s);
/* Whether the fragment stage reads only u and v of stage s's coordinate:
 * then the varying carries two components, not four. */
int wined3d_ffp_stage_coord_uv(const struct wined3d_ffp_key *key, unsigned int s);
/* The interpolation qualifier of the key's varyings, with its space: of the
 * colours (colours 1) or of the rest.  Both stages declare the same. */
const char *wined3d_ffp_interpolation(const struct wined3d_ffp_key *key, int colours);
unsigned int wined3d_ffp_stage_count(const struct wined3d_ffp_key *key);
/* Whether stage s of state still gives stage s of a key with generic stages
 * (then a program of the key draws it with the fragment block refilled).
 * When it does and u is not NULL, stage s's part of the fragment block is
 * packed into u as wined3d_ffp_fill_fs_uniforms() would pack it. */
int wined3d_ffp_stage_key_holds(const struct wined3d_ffp_key *key, const struct wined3d_state *state,
        unsigned int s, int whole_sums, struct wined3d_ffp_fs_uniforms *u);
/* The last answers of wined3d_ffp_stage_key_holds() for one stage of one
 * key, with the stage's part of the block it packed: a game that switches
 * a stage between a few ops asks the same questions again and again.
 * Zeroed, it holds nothing; it belongs to the key it was asked with. */
struct wined3d_ffp_stage_memo_entry
{
    uint32_t tss[6];                /* COLOROP, COLORARG1, COLORARG2, ALPHAOP, ALPHAARG1, ALPHAARG2 */
    uint8_t valid, whole_sums, holds;
    uint8_t packed;                 /* args and coef hold the packed stage (or it did not hold) */
    int32_t args[4];
    float coef[6][4];
};
struct wined3d_ffp_stage_memo
{
    struct wined3d_ffp_stage_memo_entry entries[2];
    unsigned int next;
};
/* wined3d_ffp_stage_key_holds() through the memo of stage s (s below
 * WINED3D_FFP_GENERIC_MAX_STAGES) for key. */
int wined3d_ffp_stage_key_holds_memo(const struct wined3d_ffp_key *key, struct wined3d_ffp_stage_memo *memo,
        const struct wined3d_state *state, unsigned int s, int whole_sums, struct wined3d_ffp_fs_uniforms *u);
/* Which arguments a texture op reads: bit 0 arg1, bit 1 arg2. */
unsigned int wined3d_ffp_op_args(unsigned int op);
/* Whether an op reads D3DTA_TEXTURE through the arguments it uses. */
int wined3d_ffp_op_reads_texture(unsigned int op, unsigned int arg1, unsigned int arg2);
int wined3d_ffp_fog_is_table(const struct wined3d_ffp_key *key);
int wined3d_ffp_fog_is_interpolated(const struct wined3d_ffp_key *key);

#endif /* WINED3D_LITE_GLSL_FFP_H */

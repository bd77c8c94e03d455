/*
 * The fog pass and a small scene as RSX microcode (see demo_programs.h).
 *
 * The fog program follows seed 002's reading of fog.psp:
 *   depth = r/2^8 + g/2^16 + b/2^24 (the three depth bytes)
 *   P = MainInv[0](2u-1) + MainInv[1](1-2v) + MainInv[2] depth + MainInv[3]; P.xyz /= P.w
 *   tD = sat((P.z - a1) / (a2 - a1)), tH1 = sat((P.y - a3) / ((a4 - a3) / 2)),
 *   tH2 = sat((a4 - P.y) / ((a4 - a3) / 2)), f = S(tD) S(tH1) S(tH2), S(t) = t^2 (3 - 2t)
 *   out = scene + f a8 ((a5, a6, a7) - scene)
 * Its uniforms are inline constants patched through the parameters'
 * embedded-constant offsets, as the RSX driver does.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "encoder.h"
#include "demo_programs.h"

/* Uniform slots: which instructions' constants each parameter patches. */
struct uniform_use
{
    const char *name;
    unsigned int count;
    unsigned int instructions[8];
};

static size_t fp_program(uint8_t *out, size_t capacity, struct fpa *a, const struct uniform_use *uses,
        unsigned int use_count, uint32_t input_mask, uint16_t texcoords)
{
    struct enc_param params[8];
    struct rsx_fragment_desc desc;
    uint8_t ucode[4096];
    size_t size = fpa_assemble(a, ucode, sizeof(ucode));
    unsigned int n, k;

    if (!size)
        return 0;
    memset(params, 0, sizeof(params));
    for (n = 0; n < use_count; ++n)
    {
        params[n].type = 1048;                 /* float4 */
        params[n].resource = 2178;
        params[n].variability = RSX_CG_UNIFORM;
        params[n].resource_index = -1;
        params[n].name = uses[n].name;
        params[n].direction = RSX_CG_IN;
        params[n].paramno = n;
        params[n].referenced = 1;
        params[n].embedded_count = uses[n].count;
        for (k = 0; k < uses[n].count; ++k)
            params[n].embedded[k] = a->ins[uses[n].instructions[k]].constant_offset;
    }
    memset(&desc, 0, sizeof(desc));
    desc.instruction_count = a->count;
    desc.attribute_input_mask = input_mask;
    desc.texcoord_input_mask = texcoords;
    desc.texcoord_2d_mask = texcoords;
    desc.register_count = 12;
    return enc_program(out, capacity, RSX_CG_PROFILE_FRAGMENT, &desc, params, use_count, ucode, size);
}

static size_t vp_program(uint8_t *out, size_t capacity, struct vpa *a, uint32_t inputs, uint32_t outputs)
{
    struct rsx_vertex_desc desc;
    uint8_t ucode[2048];
    size_t size = vpa_assemble(a, ucode, sizeof(ucode));

    memset(&desc, 0, sizeof(desc));
    desc.instruction_count = a->count;
    desc.register_count = 2;
    desc.attribute_input_mask = inputs;
    desc.attribute_output_mask = outputs;
    return enc_program(out, capacity, RSX_CG_PROFILE_VERTEX, &desc, NULL, 0, ucode, size);
}

static size_t fog_fp(uint8_t *out, size_t capacity)
{
    static const struct uniform_use uses[6] =
    {
        {"MainInv[0]", 1, {4}}, {"MainInv[1]", 1, {5}}, {"MainInv[2]", 1, {6}}, {"MainInv[3]", 1, {7}},
        {"FogParams0", 5, {9, 10, 11, 12, 13}}, {"FogParams1", 2, {20, 22}},
    };
    struct rsx_fp_instruction *i;
    struct fpa a;

    fpa_init(&a);
    /* 0: the depth bytes; 1: depth */
    i = fpa_op(&a, RSX_FP_TEX, 1, "xyzw"); i->tex_unit = 1; fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    i = fpa_op(&a, RSX_FP_DP3, 2, "x"); fpa_temp(i, 0, 1, "xyzw");
    fpa_const(i, 1, 255.0f / 256.0f, 255.0f / 65536.0f, 255.0f / 16777216.0f, 0.0f, "xyzw");
    /* 2, 3: (2u - 1, 1 - 2v) */
    i = fpa_op(&a, RSX_FP_ADD, 3, "xy"); fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    fpa_const(i, 1, -0.5f, -0.5f, 0.0f, 0.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MUL, 3, "xy"); fpa_temp(i, 0, 3, "xyzw"); fpa_const(i, 1, 2.0f, -2.0f, 0.0f, 0.0f, "xyzw");
    /* 4-7: P = MainInv rows */
    i = fpa_op(&a, RSX_FP_MUL, 4, "xyzw"); fpa_const(i, 0, 0, 0, 0, 0, "xyzw"); fpa_temp(i, 1, 3, "xxxx");
    i = fpa_op(&a, RSX_FP_MAD, 4, "xyzw"); fpa_const(i, 0, 0, 0, 0, 0, "xyzw"); fpa_temp(i, 1, 3, "yyyy");
    fpa_temp(i, 2, 4, "xyzw");
    i = fpa_op(&a, RSX_FP_MAD, 4, "xyzw"); fpa_const(i, 0, 0, 0, 0, 0, "xyzw"); fpa_temp(i, 1, 2, "xxxx");
    fpa_temp(i, 2, 4, "xyzw");
    i = fpa_op(&a, RSX_FP_ADD, 4, "xyzw"); fpa_temp(i, 0, 4, "xyzw"); fpa_const(i, 1, 0, 0, 0, 0, "xyzw");
    /* 8: P.xyz /= P.w */
    i = fpa_op(&a, RSX_FP_DIV, 5, "xyz"); fpa_temp(i, 0, 4, "xyzw"); fpa_temp(i, 1, 4, "wwww");
    /* 9: R6.x = P.z - a1; 10: R6.y = a2 - a1; 11: R6.z = P.y - a3; 12: R6.w = a4 - P.y; 13: R8.x = (a4 - a3) / 2 */
    i = fpa_op(&a, RSX_FP_ADD, 6, "x"); fpa_temp(i, 0, 5, "zzzz"); fpa_const(i, 1, 0, 0, 0, 0, "xxxx"); i->src[1].neg = 1;
    i = fpa_op(&a, RSX_FP_ADD, 6, "y"); fpa_const(i, 0, 0, 0, 0, 0, "yyyy"); i->src[1] = i->src[0];
    memset(i->src[1].swizzle, 0, 4); i->src[1].neg = 1;
    i = fpa_op(&a, RSX_FP_ADD, 6, "z"); fpa_temp(i, 0, 5, "yyyy"); fpa_const(i, 1, 0, 0, 0, 0, "zzzz"); i->src[1].neg = 1;
    i = fpa_op(&a, RSX_FP_ADD, 6, "w"); fpa_const(i, 0, 0, 0, 0, 0, "wwww"); fpa_temp(i, 1, 5, "yyyy"); i->src[1].neg = 1;
    i = fpa_op(&a, RSX_FP_ADD, 8, "x"); fpa_const(i, 0, 0, 0, 0, 0, "wwww"); i->src[1] = i->src[0];
    memset(i->src[1].swizzle, 2, 4); i->src[1].neg = 1; i->scale = 5;     /* / 2 */
    /* 14-16: tD, tH1, tH2, saturated */
    i = fpa_op(&a, RSX_FP_DIV, 7, "x"); i->saturate = 1; fpa_temp(i, 0, 6, "xxxx"); fpa_temp(i, 1, 6, "yyyy");
    i = fpa_op(&a, RSX_FP_DIV, 7, "y"); i->saturate = 1; fpa_temp(i, 0, 6, "zzzz"); fpa_temp(i, 1, 8, "xxxx");
    i = fpa_op(&a, RSX_FP_DIV, 7, "z"); i->saturate = 1; fpa_temp(i, 0, 6, "wwww"); fpa_temp(i, 1, 8, "xxxx");
    /* 17: 3 - 2t; 18, 19: times t twice */
    i = fpa_op(&a, RSX_FP_MAD, 9, "xyz"); fpa_temp(i, 0, 7, "xyzw"); fpa_const(i, 1, -2.0f, 0, 0, 3.0f, "xxxx");
    i->src[2] = i->src[1]; memset(i->src[2].swizzle, 3, 4);
    i = fpa_op(&a, RSX_FP_MUL, 9, "xyz"); fpa_temp(i, 0, 9, "xyzw"); fpa_temp(i, 1, 7, "xyzw");
    i = fpa_op(&a, RSX_FP_MUL, 9, "xyz"); fpa_temp(i, 0, 9, "xyzw"); fpa_temp(i, 1, 7, "xyzw");
    /* 20: f a8 = S(tD) * a8, then 21: * S(tH1) * ... */
    i = fpa_op(&a, RSX_FP_MUL, 9, "x"); fpa_temp(i, 0, 9, "xxxx"); fpa_const(i, 1, 0, 0, 0, 0, "wwww");
    i = fpa_op(&a, RSX_FP_MUL, 9, "x"); fpa_temp(i, 0, 9, "xxxx"); fpa_temp(i, 1, 9, "yyyy");
    /* 22: fog colour - scene (after the scene's TEX at 23? no: scene first) */
    i = fpa_op(&a, RSX_FP_ADD, 11, "xyz"); fpa_const(i, 0, 0, 0, 0, 0, "xyzw"); fpa_temp(i, 1, 10, "xyzw");
    i->src[1].neg = 1;
    i = fpa_op(&a, RSX_FP_MUL, 9, "x"); fpa_temp(i, 0, 9, "xxxx"); fpa_temp(i, 1, 9, "zzzz");
    i = fpa_op(&a, RSX_FP_MAD, 0, "xyz"); fpa_temp(i, 0, 11, "xyzw"); fpa_temp(i, 1, 9, "xxxx"); fpa_temp(i, 2, 10, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 0, "w"); fpa_temp(i, 0, 10, "wwww");
    /* The scene's colour must be read before instruction 22: put its TEX
     * first by moving it in front (R10 is free until then). */
    {
        struct rsx_fp_instruction tex;
        memset(&tex, 0, sizeof(tex));
        tex = a.ins[0];
        tex.dest = 10;
        tex.tex_unit = 0;
        memmove(&a.ins[1], &a.ins[0], a.count * sizeof(a.ins[0]));
        memmove(&a.else_index[1], &a.else_index[0], a.count * sizeof(int));
        memmove(&a.end_index[1], &a.end_index[0], a.count * sizeof(int));
        a.ins[0] = tex;
        ++a.count;
    }
    {
        /* The uses above count instructions without that TEX: shift by one. */
        struct uniform_use shifted[6];
        unsigned int n, k;
        memcpy(shifted, uses, sizeof(shifted));
        for (n = 0; n < 6; ++n)
            for (k = 0; k < shifted[n].count; ++k)
                ++shifted[n].instructions[k];
        return fp_program(out, capacity, &a, shifted, 6, 1u << 14, 1);
    }
}

static size_t fullscreen_vp(uint8_t *out, size_t capacity)
{
    struct rsx_vp_instruction *i;
    struct vpa a;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw"); vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 7, "xyzw"); vpa_attr(i, 0, 1, "xyzw");
    return vp_program(out, capacity, &a, 0x3, 1u << 14);
}

static size_t transform_vp(uint8_t *out, size_t capacity)
{
    struct rsx_vp_instruction *i;
    struct vpa a;
    unsigned int r;

    vpa_init(&a);
    for (r = 0; r < 4; ++r)
    {
        i = vpa_vec(&a, RSX_VP_VEC_DP4, RSX_VP_NO_TEMP, 0, r == 0 ? "x" : r == 1 ? "y" : r == 2 ? "z" : "w");
        vpa_attr(i, 0, 0, "xyzw");
        vpa_const(i, 1, 32 + r, "xyzw");
    }
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 7, "xyzw"); vpa_attr(i, 0, 8, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 1, "xyzw"); vpa_attr(i, 0, 3, "xyzw");
    return vp_program(out, capacity, &a, 0x109, 1u << 0 | 1u << 14);
}

static size_t textured_fp(uint8_t *out, size_t capacity)
{
    static const struct uniform_use uses[1] = {{"GlobalBrightness", 1, {2}}};
    struct rsx_fp_instruction *i;
    struct fpa a;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_TEX, 1, "xyzw"); i->tex_unit = 0; fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    i = fpa_op(&a, RSX_FP_MUL, 1, "xyzw"); fpa_temp(i, 0, 1, "xyzw"); fpa_input(i, 1, RSX_FP_IN_COL0, "xyzw");
    i = fpa_op(&a, RSX_FP_MUL, 0, "xyzw"); fpa_temp(i, 0, 1, "xyzw"); fpa_const(i, 1, 1.0f, 1.0f, 1.0f, 1.0f, "xyzw");
    return fp_program(out, capacity, &a, uses, 1, 1u << 14 | 1u << 0 | 1u << 2, 1);
}

static size_t depth_rgb_fp(uint8_t *out, size_t capacity)
{
    struct rsx_fp_instruction *i;
    struct fpa a;

    fpa_init(&a);
    /* R1 = floor(z * (2^8, 2^16, 2^24)); bytes (R1.x, R1.y - 256 R1.x, R1.z - 256 R1.y) / 255 */
    i = fpa_op(&a, RSX_FP_MUL, 1, "xyz"); fpa_input(i, 0, RSX_FP_IN_WPOS, "zzzz");
    fpa_const(i, 1, 256.0f, 65536.0f, 16777216.0f, 0.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_FLR, 1, "xyz"); fpa_temp(i, 0, 1, "xyzw");
    i = fpa_op(&a, RSX_FP_MAD, 2, "yz"); fpa_temp(i, 0, 1, "xxyy"); fpa_const(i, 1, -256.0f, -256.0f, -256.0f, -256.0f, "xyzw");
    fpa_temp(i, 2, 1, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 2, "x"); fpa_temp(i, 0, 1, "xxxx");
    i = fpa_op(&a, RSX_FP_MUL, 0, "xyz"); fpa_temp(i, 0, 2, "xyzw");
    fpa_const(i, 1, 1.0f / 255.0f, 1.0f / 255.0f, 1.0f / 255.0f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 0, "w"); fpa_const(i, 0, 1.0f, 1.0f, 1.0f, 1.0f, "xyzw");
    return fp_program(out, capacity, &a, NULL, 0, 0, 0);
}

size_t demo_build_container(uint8_t *out, size_t capacity)
{
    size_t (*const builders[DEMO_PROGRAM_COUNT])(uint8_t *, size_t) =
    {
        fullscreen_vp, fog_fp, transform_vp, textured_fp, depth_rgb_fp,
    };
    static uint8_t program[16384];
    size_t size = 0, n;
    unsigned int k;

    for (k = 0; k < DEMO_PROGRAM_COUNT; ++k)
    {
        if (!(n = builders[k](program, sizeof(program))))
            return 0;
        if (!(size = enc_container_append(out, size, capacity, program, n)))
            return 0;
    }
    return size;
}

static float smooth(float t)
{
    return t * t * (3.0f - 2.0f * t);
}

static float sat(float t)
{
    return t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
}

void demo_fog_reference(const float m[16], const float a[8], const float scene[3], const uint8_t d[3],
        float u, float v, float out[3])
{
    float depth = d[0] / 256.0f + d[1] / 65536.0f + d[2] / 16777216.0f, p[4], half, f;
    unsigned int c;

    for (c = 0; c < 4; ++c)
        p[c] = m[c] * (2.0f * u - 1.0f) + m[4 + c] * (1.0f - 2.0f * v) + m[8 + c] * depth + m[12 + c];
    for (c = 0; c < 3; ++c)
        p[c] /= p[3];
    half = (a[3] - a[2]) / 2.0f;
    f = smooth(sat((p[2] - a[0]) / (a[1] - a[0]))) * smooth(sat((p[1] - a[2]) / half))
            * smooth(sat((a[3] - p[1]) / half));
    for (c = 0; c < 3; ++c)
        out[c] = scene[c] + f * a[7] * (a[4 + c] - scene[c]);
}

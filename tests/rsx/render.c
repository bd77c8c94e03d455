/*
 * Decoded RSX programs drawing on real Mesa (llvmpipe, EGL surfaceless)
 * through wined3d-lite's programmable path: every opcode the disc's
 * fragment programs use, IFE both ways, KIL, RET, result scale,
 * saturation, the precision clamps, condition-code masks, non-perspective
 * interpolants, and a decoded vertex program that transforms a triangle to
 * known pixels and computes colours with the vector and scalar operations
 * the disc uses.  Expected values are computed here from the operations'
 * definitions.  The core's program cache and constant uploads are checked
 * through its counters.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rsx.h"
#include "encoder.h"
#include "demo_programs.h"
#include "wined3d-lite/wined3d.h"

#define W 64
#define H 64
#define CLEAR 0xff102030u

struct scene
{
    struct wined3d_device *device;
    struct wined3d_texture *target, *texture, *mipped;
    uint32_t pixels[W * H];
};

struct vertex
{
    float position[4], tex0[4], tex1[4], color[4];
};

static const struct wined3d_program_attribute attributes[4] =
{
    {0, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, offsetof(struct vertex, position)},
    {8, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, offsetof(struct vertex, tex0)},
    {9, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, offsetof(struct vertex, tex1)},
    {3, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, offsetof(struct vertex, color)},
};

static void make_texture(struct scene *s, struct wined3d_texture **t, unsigned int levels, const uint32_t *texels0,
        uint32_t level1)
{
    struct wined3d_texture_desc desc;

    memset(&desc, 0, sizeof(desc));
    desc.type = WINED3D_RTYPE_TEXTURE_2D;
    desc.format = WINED3DFMT_A8R8G8B8;
    desc.width = desc.height = 2;
    desc.levels = levels;
    assert_int_equal(wined3d_texture_create(s->device, &desc, t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(*t, 0, texels0, 8), WINED3D_OK);
    if (levels > 1)
        assert_int_equal(wined3d_texture_upload_data(*t, 1, &level1, 4), WINED3D_OK);
}

static int setup(void **state)
{
    static const uint32_t texels[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    static const uint32_t red[4] = {0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000};
    struct wined3d_swapchain_desc desc;
    struct wined3d_texture_desc td;
    struct scene *s = calloc(1, sizeof(*s));
    unsigned int stage;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = W;
    desc.backbuffer_height = H;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    /* llvmpipe is the GL of every machine here: no device is a failure. */
    assert_int_equal(wined3d_device_create(&desc, 0, &s->device), WINED3D_OK);
    memset(&td, 0, sizeof(td));
    td.type = WINED3D_RTYPE_TEXTURE_2D;
    td.format = WINED3DFMT_A8R8G8B8;
    td.usage = WINED3D_USAGE_RENDERTARGET;
    td.width = W;
    td.height = H;
    td.levels = 1;
    assert_int_equal(wined3d_texture_create(s->device, &td, &s->target), WINED3D_OK);
    assert_int_equal(wined3d_device_set_render_target(s->device, s->target, 0), WINED3D_OK);
    wined3d_device_set_render_state(s->device, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
    wined3d_device_set_render_state(s->device, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    make_texture(s, &s->texture, 1, texels, 0);
    make_texture(s, &s->mipped, 2, red, 0xff00c000);
    for (stage = 0; stage < 3; ++stage)
    {
        wined3d_device_set_texture_stage_state(s->device, stage, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
        wined3d_device_set_texture_stage_state(s->device, stage, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
        wined3d_device_set_texture_stage_state(s->device, stage, WINED3D_TSS_MIPFILTER, WINED3D_TFP_POINT);
    }
    wined3d_device_set_texture(s->device, 1, s->texture);
    wined3d_device_set_texture(s->device, 2, s->mipped);
    *state = s;
    return 0;
}

static int teardown(void **state)
{
    struct scene *s = *state;

    wined3d_device_set_program(s->device, NULL);
    wined3d_device_set_texture(s->device, 1, NULL);
    wined3d_device_set_texture(s->device, 2, NULL);
    wined3d_texture_destroy(s->texture);
    wined3d_texture_destroy(s->mipped);
    wined3d_device_set_render_target(s->device, NULL, 0);
    wined3d_texture_destroy(s->target);
    wined3d_device_destroy(s->device);
    free(s);
    return 0;
}

static void read_pixels(struct scene *s)
{
    struct wined3d_map_desc map;
    unsigned int y;

    assert_int_equal(wined3d_texture_map(s->target, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    for (y = 0; y < H; ++y)
        memcpy(&s->pixels[y * W], (const uint8_t *)map.data + y * map.row_pitch, W * 4);
    assert_int_equal(wined3d_texture_unmap(s->target, 0), WINED3D_OK);
}

static unsigned int to8(float v)
{
    if (!(v > 0.0f)) return 0;
    if (v >= 1.0f) return 255;
    return (unsigned int)lrintf(v * 255.0f);
}

/* ARGB pixel against (r, g, b, a) in 0..1, clamped as the target stores. */
static void check_pixel(struct scene *s, unsigned int x, unsigned int y, const float e[4], unsigned int tol,
        const char *what)
{
    uint32_t p = s->pixels[y * W + x];
    int got[4] = {(int)(p >> 16 & 0xff), (int)(p >> 8 & 0xff), (int)(p & 0xff), (int)(p >> 24)};
    unsigned int c;

    for (c = 0; c < 4; ++c)
        if (abs(got[c] - (int)to8(e[c])) > (int)tol)
            fail_msg("%s: pixel (%u,%u) = %08x, expected %.4f %.4f %.4f %.4f (lane %u)", what, x, y, p,
                    e[0], e[1], e[2], e[3], c);
}

static void check_argb(struct scene *s, unsigned int x, unsigned int y, uint32_t argb, const char *what)
{
    if (s->pixels[y * W + x] != argb)
        fail_msg("%s: pixel (%u,%u) = %08x, expected %08x", what, x, y, s->pixels[y * W + x], argb);
}

/* The pass-through vertex program: position from attribute 0, texture
 * coordinates 0 and 1 from attributes 8 and 9, colour 0 from 3. */
static size_t pass_vp(uint8_t *out, size_t capacity)
{
    struct vpa a;
    struct rsx_vp_instruction *i;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw");
    vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 7, "xyzw");
    vpa_attr(i, 0, 8, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 8, "xyzw");
    vpa_attr(i, 0, 9, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 1, "xyzw");
    vpa_attr(i, 0, 3, "xyzw");
    return vpa_assemble(&a, out, capacity);
}

/* A quad over the target; tex0.x and tex1.x go 0 -> 1 left to right when
 * ramp is set, else tex0 = t0 and tex1 = t1 everywhere. */
static void quad(struct vertex v[4], const float t0[4], const float t1[4], int ramp)
{
    static const float corners[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    unsigned int n;

    memset(v, 0, 4 * sizeof(*v));
    for (n = 0; n < 4; ++n)
    {
        v[n].position[0] = corners[n][0];
        v[n].position[1] = corners[n][1];
        v[n].position[3] = 1.0f;
        memcpy(v[n].tex0, t0, 16);
        memcpy(v[n].tex1, t1, 16);
        if (ramp)
            v[n].tex0[0] = v[n].tex1[0] = corners[n][0] > 0 ? 1.0f : 0.0f;
        v[n].color[0] = 0.5f;
        v[n].color[3] = 1.0f;
    }
}

/* Vertex program constants: count registers from index. */
struct vp_constants
{
    unsigned int index, count;
    const float *values;
};

/* Decode, translate, draw: the two programs with their vertex constants
 * over v (4 vertices: a strip, 3: a triangle), the target read back. */
static void draw_programs(struct scene *s, const uint8_t *vp, size_t vp_size, const uint8_t *fp, size_t fp_size,
        const struct vp_constants *constants, unsigned int constant_count, const struct vertex *v, unsigned int count)
{
    struct rsx_pipeline pipeline;
    struct rsx_error error;
    unsigned int n;

    assert_true(fp_size > 0);
    if (rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, NULL, &pipeline, &error) != RSX_OK)
        fail_msg("pipeline: %s", error.message);
    assert_int_equal(rsx_pipeline_bind(&pipeline), RSX_OK);
    for (n = 0; n < constant_count; ++n)
        assert_int_equal(rsx_pipeline_set_vertex_constants(&pipeline, constants[n].index, constants[n].count,
                constants[n].values), RSX_OK);
    assert_int_equal(wined3d_device_clear(s->device, 0, NULL, WINED3DCLEAR_TARGET, CLEAR, 1.0f, 0), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_program_up(s->device, count == 4 ? WINED3D_PT_TRIANGLESTRIP
            : WINED3D_PT_TRIANGLELIST, attributes, 4, v, count, sizeof(*v), NULL, 0), WINED3D_OK);
    read_pixels(s);
    wined3d_device_set_program(s->device, NULL);
    rsx_pipeline_destroy(&pipeline);
}

/* A fragment program over the quad, behind the pass-through vertex program. */
static void draw_fp(struct scene *s, struct fpa *a, const struct vertex v[4], unsigned int count)
{
    uint8_t vp[256], fp[4096];
    size_t vp_size = pass_vp(vp, sizeof(vp)), fp_size = fpa_assemble(a, fp, sizeof(fp));

    draw_programs(s, vp, vp_size, fp, fp_size, NULL, 0, v, count);
}

/* A vertex program behind a fragment program that moves one interpolant
 * (input) to colour 0: what the vertex program wrote there. */
static void draw_vp_output(struct scene *s, const uint8_t *vp, size_t vp_size, unsigned int input,
        const struct vp_constants *constants, unsigned int constant_count, const struct vertex *v, unsigned int count)
{
    struct rsx_fp_instruction *i;
    uint8_t fp[256];
    struct fpa a;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_input(i, 0, input, "xyzw");
    draw_programs(s, vp, vp_size, fp, fpa_assemble(&a, fp, sizeof(fp)), constants, constant_count, v, count);
}

static const float T0[4] = {0.25f, 0.5f, 0.75f, 0.9f};
static const float T1[4] = {0.25f, 0.75f, 0.0f, 0.0f};
static const float C1[4] = {0.5f, 0.5f, 0.125f, 0.2f};
static const float C2[4] = {0.1f, 0.2f, 0.3f, 0.05f};
static const float CU[4] = {1.5f, 0.25f, -0.75f, 4.0f};    /* unary operations' source */

static float dot(const float *a, const float *b, unsigned int n)
{
    float r = 0.0f;
    unsigned int i;
    for (i = 0; i < n; ++i) r += a[i] * b[i];
    return r;
}

/* The expected result of an opcode on (T0, C1, R2 = C2), or on CU alone. */
static int reference(unsigned int op, float r[4])
{
    unsigned int c;
    float x = CU[0];

    if (op == RSX_FP_NRM)
    {
        float l = sqrtf(dot(T0, T0, 3));
        r[0] = T0[0] / l; r[1] = T0[1] / l; r[2] = T0[2] / l; r[3] = 0.0f;
        return 1;
    }
    for (c = 0; c < 4; ++c)
    {
        const float a = T0[c], b = C1[c], d = C2[c];
        switch (op)
        {
        case RSX_FP_ADD: r[c] = a + b; break;
        case RSX_FP_MUL: r[c] = a * b; break;
        case RSX_FP_MAD: r[c] = a * b + d; break;
        case RSX_FP_MOV: r[c] = a; break;
        case RSX_FP_MIN: r[c] = a < b ? a : b; break;
        case RSX_FP_MAX: r[c] = a > b ? a : b; break;
        case RSX_FP_SLT: r[c] = a < b; break;
        case RSX_FP_SGE: r[c] = a >= b; break;
        case RSX_FP_SLE: r[c] = a <= b; break;
        case RSX_FP_SGT: r[c] = a > b; break;
        case RSX_FP_SNE: r[c] = a != b; break;
        case RSX_FP_SEQ: r[c] = a == b; break;
        case RSX_FP_DP2: r[c] = dot(T0, C1, 2); break;
        case RSX_FP_DP3: r[c] = dot(T0, C1, 3); break;
        case RSX_FP_DP4: r[c] = dot(T0, C1, 4) / 2.0f; break;   /* with result scale /2 */
        case RSX_FP_DIV: r[c] = a / C1[0]; break;
        case RSX_FP_DIVSQ: r[c] = a / sqrtf(fabsf(C1[0])); break;
        case RSX_FP_FRC: r[c] = CU[c] - floorf(CU[c]); break;
        case RSX_FP_FLR: r[c] = floorf(CU[c]) * 0.25f + 0.25f; break;   /* then scaled into range */
        case RSX_FP_RCP: r[c] = 1.0f / CU[3]; break;
        case RSX_FP_RSQ: r[c] = 1.0f / sqrtf(fabsf(CU[2] * 16.0f / 3.0f)); break;
        case RSX_FP_EX2: r[c] = exp2f(CU[2]); break;
        case RSX_FP_LG2: r[c] = log2f(x); break;
        case RSX_FP_SIN: r[c] = sinf(x); break;
        case RSX_FP_COS: r[c] = cosf(x); break;
        default: return 0;
        }
    }
    return 1;
}

/* One ALU opcode per program: MOV R2, C2; OP R1, f[TEX0], C1, R2 (or OP R1,
 * CU for the unary ones); MOV R0, R1. */
static void test_alu_opcodes(void **state)
{
    static const unsigned int binary[] = {RSX_FP_ADD, RSX_FP_MUL, RSX_FP_MAD, RSX_FP_MOV, RSX_FP_MIN, RSX_FP_MAX,
            RSX_FP_SLT, RSX_FP_SGE, RSX_FP_SLE, RSX_FP_SGT, RSX_FP_SNE, RSX_FP_SEQ, RSX_FP_DP2, RSX_FP_DP3, RSX_FP_DP4,
            RSX_FP_DIV, RSX_FP_DIVSQ, RSX_FP_NRM};
    static const unsigned int unary[] = {RSX_FP_FRC, RSX_FP_FLR, RSX_FP_RCP, RSX_FP_RSQ, RSX_FP_EX2, RSX_FP_LG2,
            RSX_FP_SIN, RSX_FP_COS};
    struct scene *s = *state;
    struct vertex v[4];
    unsigned int n;

    quad(v, T0, T1, 0);
    for (n = 0; n < sizeof(binary) / sizeof(binary[0]) + sizeof(unary) / sizeof(unary[0]); ++n)
    {
        int is_unary = n >= sizeof(binary) / sizeof(binary[0]);
        unsigned int op = is_unary ? unary[n - sizeof(binary) / sizeof(binary[0])] : binary[n];
        struct rsx_fp_instruction *i;
        float expected[4];
        struct fpa a;

        fpa_init(&a);
        i = fpa_op(&a, RSX_FP_MOV, 2, "xyzw");
        fpa_const(i, 0, C2[0], C2[1], C2[2], C2[3], "xyzw");
        i = fpa_op(&a, op, 1, op == RSX_FP_NRM ? "xyz" : "xyzw");
        if (is_unary)
        {
            /* Scalar ones read x: the source is swizzled to the lane. */
            const char *sw = op == RSX_FP_RCP ? "wwww" : op == RSX_FP_RSQ || op == RSX_FP_EX2 ? "zzzz"
                    : op == RSX_FP_FRC || op == RSX_FP_FLR ? "xyzw" : "xxxx";
            fpa_const(i, 0, CU[0], CU[1], CU[2], CU[3], sw);
            if (op == RSX_FP_RSQ)
                i->constant[2] = 0, memcpy(&i->constant[2], &(float){CU[2] * 16.0f / 3.0f}, 4);
        }
        else
        {
            fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
            fpa_const(i, 1, C1[0], C1[1], C1[2], C1[3], "xyzw");
            fpa_temp(i, 2, 2, "xyzw");
            if (op == RSX_FP_DP4)
                i->scale = 5;    /* /2 */
        }
        i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
        fpa_temp(i, 0, 1, "xyzw");
        if (op == RSX_FP_FLR)
        {
            /* Floors are integers: R0 = R1 * 0.25 + 0.25 brings them into range. */
            i->opcode = RSX_FP_MAD;
            fpa_const(i, 1, 0.25f, 0.25f, 0.25f, 0.25f, "xyzw");
            fpa_const(i, 2, 0.25f, 0.25f, 0.25f, 0.25f, "xyzw");
        }
        draw_fp(s, &a, v, 4);
        assert_true(reference(op, expected));
        check_pixel(s, W / 2, H / 2, expected, 1, rsx_fp_opcode_name(op));
        check_pixel(s, 0, 0, expected, 1, rsx_fp_opcode_name(op));
    }
}

/* TEX and TXL at unit 1 and 2, with the FENCT / FENCB between. */
static void test_texture_opcodes(void **state)
{
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    struct fpa a;
    float t1[4] = {0.25f, 0.75f, 0.0f, 0.0f};

    quad(v, T0, t1, 0);
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_TEX, 0, "xyzw");
    i->tex_unit = 1;
    fpa_input(i, 0, RSX_FP_IN_TEX0 + 1, "xyzw");
    fpa_op(&a, RSX_FP_FENCT, 0, "");
    fpa_op(&a, RSX_FP_FENCB, 0, "");
    draw_fp(s, &a, v, 4);
    /* (0.25, 0.75): texel (0, 1), the third of {red, green, blue, white}. */
    check_argb(s, 5, 5, 0xff0000ff, "TEX");

    /* TXL with the level from an inline constant: level 1 is green. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_TXL, 0, "xyzw");
    i->tex_unit = 2;
    fpa_input(i, 0, RSX_FP_IN_TEX0 + 1, "xyzw");
    fpa_const(i, 1, 1.0f, 0.0f, 0.0f, 0.0f, "xxxx");
    draw_fp(s, &a, v, 4);
    check_argb(s, 5, 5, 0xff00c000, "TXL level 1");
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_TXL, 0, "xyzw");
    i->tex_unit = 2;
    fpa_input(i, 0, RSX_FP_IN_TEX0 + 1, "xyzw");
    fpa_const(i, 1, 0.0f, 0.0f, 0.0f, 0.0f, "xxxx");
    draw_fp(s, &a, v, 4);
    check_argb(s, 5, 5, 0xffc00000, "TXL level 0");
}

/* cc0 = u - 0.5 (no destination); the left half has u < 0.5. */
static void set_cc_from_u(struct fpa *a)
{
    struct rsx_fp_instruction *i = fpa_op(a, RSX_FP_ADD, 0, "xyzw");

    i->no_dest = 1;
    i->set_cond = 1;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xxxx");
    fpa_const(i, 1, -0.5f, -0.5f, -0.5f, -0.5f, "xyzw");
}

static void test_control_flow(void **state)
{
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    unsigned int ife;
    struct fpa a;

    quad(v, T0, T1, 1);

    /* IFE (GT): red on the right, green on the left. */
    fpa_init(&a);
    set_cc_from_u(&a);
    ife = fpa_ife(&a, "GT", 0, "xxxx");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 1.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    fpa_else(&a, ife);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 1.0f, 0.0f, 1.0f, "xyzw");
    fpa_endif(&a, ife);
    draw_fp(s, &a, v, 4);
    check_argb(s, 2, H / 2, 0xff00ff00, "IFE else");
    check_argb(s, W - 3, H / 2, 0xffff0000, "IFE then");

    /* KIL (LT): the left half keeps the clear colour. */
    fpa_init(&a);
    set_cc_from_u(&a);
    i = fpa_op(&a, RSX_FP_KIL, 0, "");
    fpa_cond(i, "LT", 0, "xxxx");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 1.0f, 1.0f, "xyzw");
    draw_fp(s, &a, v, 4);
    check_argb(s, 2, H / 2, CLEAR, "KIL");
    check_argb(s, W - 3, H / 2, 0xff0000ff, "not killed");

    /* RET leaves the instructions after it undone. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 1.0f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_RET, 0, "");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 1.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    draw_fp(s, &a, v, 4);
    check_argb(s, W / 2, H / 2, 0xff0000ff, "RET");

    /* A conditional write: lanes where cc.x > 0 (right half) take red. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    set_cc_from_u(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "x");
    fpa_cond(i, "GT", 0, "xxxx");
    fpa_const(i, 0, 1.0f, 1.0f, 1.0f, 1.0f, "xyzw");
    draw_fp(s, &a, v, 4);
    check_argb(s, 2, H / 2, 0xff000000, "conditional write, false");
    check_argb(s, W - 3, H / 2, 0xffff0000, "conditional write, true");
}

/* Constructs the disc does not use: loops, breaks and calls. */
static void test_loops_and_calls(void **state)
{
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    unsigned int loop, cal;
    struct fpa a;
    float e[4];

    quad(v, T0, T1, 1);
    /* R0 = 0; LOOP {4, 0, 1}: R0.x += 0.2; REP {3, 3, 3}: R0.y += 0.25. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    loop = fpa_loop(&a, RSX_FP_LOOP, 4, 0, 1);
    i = fpa_op(&a, RSX_FP_ADD, 0, "x");
    fpa_temp(i, 0, 0, "xyzw");
    fpa_const(i, 1, 0.2f, 0.2f, 0.2f, 0.2f, "xyzw");
    fpa_endloop(&a, loop);
    loop = fpa_loop(&a, RSX_FP_REP, 3, 3, 3);
    i = fpa_op(&a, RSX_FP_ADD, 0, "y");
    fpa_temp(i, 0, 0, "xyzw");
    fpa_const(i, 1, 0.25f, 0.25f, 0.25f, 0.25f, "xyzw");
    fpa_endloop(&a, loop);
    draw_fp(s, &a, v, 4);
    e[0] = 0.8f; e[1] = 0.75f; e[2] = 0.0f; e[3] = 1.0f;
    check_pixel(s, W / 2, H / 2, e, 1, "LOOP 4 times, REP 3 times");

    /* LOOP {8}: R0.x += 0.2; R1.x += 0.125 setting cc (R1.x from -0.3);
     * BRK (GT) leaves after the third pass: 0.6, not 8 * 0.2. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 1, "xyzw");
    fpa_const(i, 0, -0.3f, 0.0f, 0.0f, 0.0f, "xyzw");
    loop = fpa_loop(&a, RSX_FP_LOOP, 8, 0, 1);
    i = fpa_op(&a, RSX_FP_ADD, 0, "x");
    fpa_temp(i, 0, 0, "xyzw");
    fpa_const(i, 1, 0.2f, 0.2f, 0.2f, 0.2f, "xyzw");
    i = fpa_op(&a, RSX_FP_ADD, 1, "x");
    i->set_cond = 1;
    fpa_temp(i, 0, 1, "xyzw");
    fpa_const(i, 1, 0.125f, 0.125f, 0.125f, 0.125f, "xyzw");
    i = fpa_op(&a, RSX_FP_BRK, 0, "");
    fpa_cond(i, "GT", 0, "xxxx");
    fpa_endloop(&a, loop);
    draw_fp(s, &a, v, 4);
    e[0] = 0.6f; e[1] = 0.0f;
    check_pixel(s, W / 2, H / 2, e, 1, "BRK");

    /* f[TEX0 + aL] in LOOP {2, 0, 1} sums TEX0 and TEX1; in LOOP {1, 1, 1}
     * it reads TEX1 alone (the counter starts at the initial value). */
    {
        static const unsigned int fields[2][3] = {{2, 0, 1}, {1, 1, 1}};
        unsigned int k, c;
        quad(v, T0, T1, 0);
        for (k = 0; k < 2; ++k)
        {
            fpa_init(&a);
            i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
            fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 0.0f, "xyzw");
            loop = fpa_loop(&a, RSX_FP_LOOP, fields[k][0], fields[k][1], fields[k][2]);
            i = fpa_op(&a, RSX_FP_ADD, 0, "xyzw");
            fpa_temp(i, 0, 0, "xyzw");
            fpa_input(i, 1, RSX_FP_IN_TEX0, "xyzw");
            i->use_index_reg = 1;
            fpa_endloop(&a, loop);
            draw_fp(s, &a, v, 4);
            for (c = 0; c < 4; ++c)
                e[c] = k ? T1[c] : T0[c] + T1[c];
            check_pixel(s, W / 2, H / 2, e, 1, k ? "f[TEX0 + aL], aL from 1" : "f[TEX0 + aL], aL 0 and 1");
        }
        quad(v, T0, T1, 1);
    }

    /* Main: R0 = (0, 0, 0, 1); CAL (GT on u - 0.5) sub; R0.z = 0.5; RET.
     * Sub: R0.x = 1; RET; R0.y = 1 (never reached).  The right half calls. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    set_cc_from_u(&a);
    cal = fpa_cal(&a);
    fpa_cond(&a.ins[cal], "GT", 0, "xxxx");
    i = fpa_op(&a, RSX_FP_MOV, 0, "z");
    fpa_const(i, 0, 0.5f, 0.5f, 0.5f, 0.5f, "xyzw");
    fpa_op(&a, RSX_FP_RET, 0, "");
    fpa_target(&a, cal);
    i = fpa_op(&a, RSX_FP_MOV, 0, "x");
    fpa_const(i, 0, 1.0f, 1.0f, 1.0f, 1.0f, "xyzw");
    fpa_op(&a, RSX_FP_RET, 0, "");
    i = fpa_op(&a, RSX_FP_MOV, 0, "y");
    fpa_const(i, 0, 1.0f, 1.0f, 1.0f, 1.0f, "xyzw");
    draw_fp(s, &a, v, 4);
    check_argb(s, 2, H / 2, 0xff000080, "CAL not taken");
    check_argb(s, W - 3, H / 2, 0xffff0080, "CAL and RET");
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* An instruction reading a constant whose x holds the given bits. */
static struct rsx_fp_instruction *op_on_bits(struct fpa *a, unsigned int opcode, unsigned int dest, const char *mask,
        uint32_t bits)
{
    struct rsx_fp_instruction *i = fpa_op(a, opcode, dest, mask);

    fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 0.0f, "xyzw");
    i->constant[0] = bits;
    return i;
}

/* Pack and unpack: unpacking known bits checks the layout and scale, and
 * unpack(pack(x)) gives x back. */
static void test_pack_unpack(void **state)
{
    static const struct { unsigned int pack, unpack; uint32_t bits; float value[4]; float tolerance; } cases[] =
    {
        /* PK4UB / UP4UB: x in the low byte, 0..255 as 0..1. */
        {RSX_FP_PKB, RSX_FP_UPB, 0x4080ff00, {0.0f, 1.0f, 128.0f / 255.0f, 64.0f / 255.0f}, 0},
        /* PK4B / UP4B: bytes biased by 128, over 127. */
        {RSX_FP_PK4, RSX_FP_UP4, 0x80c0ff80, {0.0f, 1.0f, 64.0f / 127.0f, 0.0f}, 0},
        /* PK2US / UP2US: 16-bit unsigned, x low; result xyxy. */
        {RSX_FP_PK16, RSX_FP_UP16, 0x4000ffff, {1.0f, 16384.0f / 65535.0f, 1.0f, 16384.0f / 65535.0f}, 0},
        /* PK2H / UP2H: two halves (0x3800 = 0.5, 0x3400 = 0.25). */
        {RSX_FP_PK2, RSX_FP_UP2, 0x34003800, {0.5f, 0.25f, 0.5f, 0.25f}, 0},
        /* PKG / UPG: UPB then the sRGB curve on rgb (0xbc: 0.5029 linear). */
        {RSX_FP_PKG, RSX_FP_UPG, 0x80bcff00, {0.0f, 1.0f, 0.5029f, 128.0f / 255.0f}, 0},
    };
    static const float x[4] = {0.25f, 0.75f, 0.5f, 1.0f};
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    struct fpa a;
    unsigned int n, c;
    float e[4];
    char what[64];

    quad(v, x, T1, 0);
    for (n = 0; n < sizeof(cases) / sizeof(cases[0]); ++n)
    {
        /* UP of known bits; UP4B gives -1..1, shown as * 0.5 + 0.5. */
        fpa_init(&a);
        op_on_bits(&a, cases[n].unpack, 1, "xyzw", cases[n].bits);
        i = fpa_op(&a, RSX_FP_MAD, 0, "xyzw");
        fpa_temp(i, 0, 1, "xyzw");
        fpa_const(i, 1, 0.5f, 0.5f, 0.5f, 0.5f, "xyzw");
        fpa_temp(i, 2, 2, "xyzw");    /* R2 = 0 */
        draw_fp(s, &a, v, 4);
        for (c = 0; c < 4; ++c)
            e[c] = cases[n].value[c] * 0.5f;
        snprintf(what, sizeof(what), "%s of %08x", rsx_fp_opcode_name(cases[n].unpack), cases[n].bits);
        check_pixel(s, 8, 8, e, 1, what);

        /* PK then UP of the interpolant (0.25, 0.75, 0.5, 1). */
        fpa_init(&a);
        i = fpa_op(&a, cases[n].pack, 1, "xyzw");
        fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
        i = fpa_op(&a, cases[n].unpack, 0, "xyzw");
        fpa_temp(i, 0, 1, "xxxx");
        draw_fp(s, &a, v, 4);
        for (c = 0; c < 4; ++c)
            e[c] = (cases[n].pack == RSX_FP_PK2 || cases[n].pack == RSX_FP_PK16) ? x[c & 1] : x[c];
        snprintf(what, sizeof(what), "%s then %s", rsx_fp_opcode_name(cases[n].pack),
                rsx_fp_opcode_name(cases[n].unpack));
        check_pixel(s, 8, 8, e, 1, what);
    }
    /* The packed bits themselves: PKB of (0.25, 0.75, 0.5, 1) read back
     * through UP2H would differ; compare them with the CPU's bytes by
     * unpacking them as two 16-bit values. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_PKB, 1, "xyzw");
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    i = fpa_op(&a, RSX_FP_UP16, 0, "xyzw");
    fpa_temp(i, 0, 1, "xxxx");
    draw_fp(s, &a, v, 4);
    {
        uint32_t bits = 64u | 191u << 8 | 128u << 16 | 255u << 24;
        e[0] = e[2] = (bits & 0xffff) / 65535.0f;
        e[1] = e[3] = (bits >> 16) / 65535.0f;
        check_pixel(s, 8, 8, e, 1, "PKB bits");
    }
    (void)float_bits;
}

/* H registers are the halves of R registers; REFL and LIF. */
static void test_half_registers(void **state)
{
    static const struct rsx_fragment_desc from_h0 = {.output_from_h0 = 1};
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    struct fpa a;
    float e[4];
    uint8_t vp[256], fp[1024];
    size_t vp_size, fp_size;
    struct rsx_pipeline pipeline;
    struct rsx_error error;

    quad(v, T0, T1, 0);
    /* H1 = (0.25, 0.5, 0.75, 1) is R0.zw: UP2H of R0.z and R0.w gives it back. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 1, "xyzw");
    i->dest_fp16 = 1;
    fpa_const(i, 0, 0.25f, 0.5f, 0.75f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_UP2, 2, "xy");
    fpa_temp(i, 0, 0, "zzzz");
    i = fpa_op(&a, RSX_FP_UP2, 2, "zw");
    fpa_temp(i, 0, 0, "wwww");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_temp(i, 0, 2, "xyzw");
    draw_fp(s, &a, v, 4);
    e[0] = 0.25f; e[1] = 0.5f; e[2] = 0.75f; e[3] = 1.0f;
    check_pixel(s, 8, 8, e, 1, "H1 is R0.zw");

    /* R3.x written as fp32 bits of two halves is H6.xy; a masked H6.y
     * write leaves H6.x. */
    fpa_init(&a);
    op_on_bits(&a, RSX_FP_MOV, 3, "xyzw", 0x34003800);     /* H6.xy = (0.5, 0.25) */
    i = fpa_op(&a, RSX_FP_MOV, 6, "y");
    i->dest_fp16 = 1;
    fpa_const(i, 0, 0.125f, 0.125f, 0.125f, 0.125f, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_temp(i, 0, 6, "xyxy");
    i->src[0].fp16 = 1;
    draw_fp(s, &a, v, 4);
    e[0] = 0.5f; e[1] = 0.125f; e[2] = 0.5f; e[3] = 0.125f;
    check_pixel(s, 8, 8, e, 1, "R3.x is H6.xy");

    /* output_from_h0: the colour is H0, i.e. R0.xy's halves. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 1.0f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    i->dest_fp16 = 1;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    vp_size = pass_vp(vp, sizeof(vp));
    fp_size = fpa_assemble(&a, fp, sizeof(fp));
    if (rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, &from_h0, &pipeline, &error) != RSX_OK)
        fail_msg("pipeline: %s", error.message);
    assert_int_equal(rsx_pipeline_bind(&pipeline), RSX_OK);
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3D_OK);
    read_pixels(s);
    wined3d_device_set_program(s->device, NULL);
    rsx_pipeline_destroy(&pipeline);
    check_pixel(s, 8, 8, T0, 1, "output from H0");

    /* REFL (axis (0, 0, 2), direction T0.xyz): 2 (a.b) / (a.a) a - b;
     * LIF: (1, y, y > 0 ? 2^w : 0, 1). */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_REFL, 1, "xyz");
    fpa_const(i, 0, 0.0f, 0.0f, 2.0f, 0.0f, "xyzw");
    fpa_input(i, 1, RSX_FP_IN_TEX0, "xyzw");
    i = fpa_op(&a, RSX_FP_MAD, 0, "xyz");
    fpa_temp(i, 0, 1, "xyzw");
    fpa_const(i, 1, 0.5f, 0.5f, 0.5f, 0.5f, "xyzw");
    fpa_const(i, 2, 0.5f, 0.5f, 0.5f, 0.5f, "xyzw");
    i = fpa_op(&a, RSX_FP_LIF, 2, "xyzw");
    fpa_const(i, 0, 0.0f, 0.3f, 0.0f, -1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 0, "w");
    fpa_temp(i, 0, 2, "zzzz");
    draw_fp(s, &a, v, 4);
    e[0] = -T0[0] * 0.5f + 0.5f; e[1] = -T0[1] * 0.5f + 0.5f; e[2] = T0[2] * 0.5f + 0.5f; e[3] = 0.5f;
    check_pixel(s, 8, 8, e, 1, "REFL and LIF");
}

/* Result scale, saturation, destination precision, source modifiers. */
static void test_modifiers(void **state)
{
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    struct fpa a;
    float e[4];
    unsigned int c;

    quad(v, T0, T1, 0);
    /* ADD_SAT then - 0.5: w shows the saturation (1.1 -> 1). */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_ADD, 1, "xyzw");
    i->saturate = 1;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    fpa_const(i, 1, C1[0], C1[1], C1[2], C1[3], "xyzw");
    i = fpa_op(&a, RSX_FP_ADD, 0, "xyzw");
    fpa_temp(i, 0, 1, "xyzw");
    fpa_const(i, 1, -0.5f, -0.5f, -0.5f, -0.5f, "xyzw");
    draw_fp(s, &a, v, 4);
    for (c = 0; c < 4; ++c)
        e[c] = fminf(T0[c] + C1[c], 1.0f) - 0.5f;
    check_pixel(s, 8, 8, e, 1, "saturate");

    /* Result scales x2, x4, /2, /4, /8 on MUL. */
    {
        static const unsigned int scales[5] = {1, 2, 5, 6, 7};
        static const float factors[5] = {2.0f, 4.0f, 0.5f, 0.25f, 0.125f};
        unsigned int k;
        for (k = 0; k < 5; ++k)
        {
            fpa_init(&a);
            i = fpa_op(&a, RSX_FP_MUL, 0, "xyzw");
            i->scale = scales[k];
            fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
            fpa_const(i, 1, 0.5f, 0.25f, 0.5f, 0.25f, "xyzw");
            draw_fp(s, &a, v, 4);
            e[0] = T0[0] * 0.5f * factors[k]; e[1] = T0[1] * 0.25f * factors[k];
            e[2] = T0[2] * 0.5f * factors[k]; e[3] = T0[3] * 0.25f * factors[k];
            check_pixel(s, 8, 8, e, 1, "result scale");
        }
    }

    /* fixed9 precision clamps to -1..1: R1 = T0 * 4 -> 1; R0 = R1 / 4. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MUL, 1, "xyzw");
    i->prec = 3;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    fpa_const(i, 1, 4.0f, 4.0f, -8.0f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MAD, 0, "xyzw");
    fpa_temp(i, 0, 1, "xyzw");
    fpa_const(i, 1, 0.25f, 0.25f, 0.25f, 0.25f, "xyzw");
    fpa_const(i, 2, 0.25f, 0.25f, 0.25f, 0.25f, "xyzw");
    draw_fp(s, &a, v, 4);
    e[0] = 0.5f; e[1] = 0.5f; e[2] = 0.0f; e[3] = T0[3] * 0.25f + 0.25f;
    check_pixel(s, 8, 8, e, 1, "fixed9");

    /* The source saturate modifier (word 2 field 4) and -|x|. */
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_ADD, 0, "xyzw");
    fpa_const(i, 0, 2.0f, -1.0f, 0.5f, 3.0f, "xyzw");
    i->src[0].prec_mod = 4;
    fpa_input(i, 1, RSX_FP_IN_TEX0, "xyzw");
    i->src[1].neg = 1;
    i->src[1].abs = 1;
    draw_fp(s, &a, v, 4);
    e[0] = 1.0f - T0[0]; e[1] = 0.0f - T0[1]; e[2] = 0.5f - T0[2]; e[3] = 1.0f - T0[3];
    check_pixel(s, 8, 8, e, 1, "source modifiers");
}

/* Two triangles with w = 1 on the left and 4 on the right: TEX0 read with
 * word 3 bit 31 (no perspective correction) goes linearly across the
 * screen, TEX1 without it perspective-correctly. */
static void test_noperspective(void **state)
{
    struct scene *s = *state;
    struct rsx_fp_instruction *i;
    struct vertex v[6];
    unsigned int n, x;
    struct fpa a;
    static const float corner[6][2] = {{-1, -1}, {1, -1}, {-1, 1}, {-1, 1}, {1, -1}, {1, 1}};

    memset(v, 0, sizeof(v));
    for (n = 0; n < 6; ++n)
    {
        float w = corner[n][0] > 0 ? 4.0f : 1.0f;
        v[n].position[0] = corner[n][0] * w;
        v[n].position[1] = corner[n][1] * w;
        v[n].position[3] = w;
        v[n].tex0[0] = v[n].tex1[0] = corner[n][0] > 0 ? 1.0f : 0.0f;
    }
    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    i = fpa_op(&a, RSX_FP_MOV, 0, "x");
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xxxx");
    i->no_perspective = 1;
    i = fpa_op(&a, RSX_FP_MOV, 0, "y");
    fpa_input(i, 0, RSX_FP_IN_TEX0 + 1, "xxxx");
    draw_fp(s, &a, v, 6);
    for (x = 4; x < W; x += 12)
    {
        float f = (x + 0.5f) / W, e[4];
        e[0] = f;
        e[1] = (f / 4.0f) / ((1.0f - f) + f / 4.0f);
        e[2] = 0.0f;
        e[3] = 1.0f;
        check_pixel(s, x, H / 2, e, 2, "interpolation");
    }
}

/* A decoded vertex program: c32-c35 a matrix that maps the model triangle
 * (0,0), (1,0), (0,1) to (-0.5,-0.5), (0.5,-0.5), (-0.5,0.5); colour 0 and
 * texture coordinates from vector and scalar operations. */
static size_t transform_vp(uint8_t *out, size_t capacity)
{
    struct vpa a;
    struct rsx_vp_instruction *i;
    unsigned int r;

    vpa_init(&a);
    for (r = 0; r < 4; ++r)
    {
        i = vpa_vec(&a, RSX_VP_VEC_DP4, RSX_VP_NO_TEMP, 0, r == 0 ? "x" : r == 1 ? "y" : r == 2 ? "z" : "w");
        vpa_attr(i, 0, 0, "xyzw");
        vpa_const(i, 1, 32 + r, "xyzw");
    }
    /* R1 = v3 * c40; R1 = R1 + c41; R1 = R1 * c40.x + R1 */
    i = vpa_vec(&a, RSX_VP_VEC_MUL, 1, -1, "xyzw"); vpa_attr(i, 0, 3, "xyzw"); vpa_const(i, 1, 40, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_ADD, 1, -1, "xyzw"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 2, 41, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MAD, 1, -1, "xyzw"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 1, 40, "xxxx");
    vpa_temp(i, 2, 1, "xyzw");
    /* Scalars into R3: RSQ, EX2, LG2, SIN; into R4: COS, RCP. */
    i = vpa_sca(&a, RSX_VP_SCA_RSQ, 3, -1, "x"); vpa_const(i, 2, 42, "xxxx");
    i = vpa_sca(&a, RSX_VP_SCA_EX2, 3, -1, "y"); vpa_const(i, 2, 42, "zzzz");
    i = vpa_sca(&a, RSX_VP_SCA_LG2, 3, -1, "z"); vpa_const(i, 2, 42, "yyyy");
    i = vpa_sca(&a, RSX_VP_SCA_SIN, 3, -1, "w"); vpa_const(i, 2, 42, "wwww");
    i = vpa_sca(&a, RSX_VP_SCA_COS, 4, -1, "x"); vpa_const(i, 2, 42, "wwww");
    i = vpa_sca(&a, RSX_VP_SCA_RCP, 4, -1, "y"); vpa_const(i, 2, 42, "yyyy");
    /* A vector and a scalar operation in one slot. */
    i = vpa_vec(&a, RSX_VP_VEC_FRC, 5, -1, "xyzw"); vpa_temp(i, 0, 1, "xyzw");
    i->sca_opcode = RSX_VP_SCA_MOV; i->sca_dest = 4; i->sca_mask = 0xc; vpa_const(i, 2, 41, "wwww");
    i = vpa_vec(&a, RSX_VP_VEC_FLR, 6, -1, "xyzw"); vpa_temp(i, 0, 3, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_DP3, 7, -1, "x"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 1, 41, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_DPH, 7, -1, "y"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 1, 41, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_SGE, 8, -1, "xyzw"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 1, 40, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_SLT, 9, -1, "xyzw"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 1, 40, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MAX, 10, -1, "xyzw"); vpa_temp(i, 0, 5, "xyzw"); vpa_const(i, 1, 43, "xyzw");
    /* Outputs: colour 0 = R5 (fractions), TEX0 = R3 * c43 (saturated), TEX1 = (R7.x, R7.y, R8.z, R9.w) * 0.25,
     * TEX2 = (R4.x, R4.y, R6.x / 4, R10.w), the last with a negated, absolute source. */
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 1, "xyzw"); vpa_temp(i, 0, 5, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MUL, RSX_VP_NO_TEMP, 7, "xyzw"); vpa_temp(i, 0, 3, "xyzw"); vpa_const(i, 1, 43, "xyzw");
    i->saturate = 1;
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 11, -1, "x"); vpa_temp(i, 0, 7, "xxxx");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 11, -1, "y"); vpa_temp(i, 0, 7, "yyyy");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 11, -1, "z"); vpa_temp(i, 0, 8, "zzzz");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 11, -1, "w"); vpa_temp(i, 0, 9, "wwww");
    i = vpa_vec(&a, RSX_VP_VEC_MUL, RSX_VP_NO_TEMP, 8, "xyzw"); vpa_temp(i, 0, 11, "xyzw"); vpa_const(i, 1, 40, "yyyy");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 12, -1, "xy"); vpa_temp(i, 0, 4, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MUL, 12, -1, "z"); vpa_temp(i, 0, 6, "xxxx"); vpa_const(i, 1, 40, "yyyy");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 12, -1, "w"); vpa_temp(i, 0, 10, "wwww");
    i->src[0].neg = 1; i->src[0].abs = 1;
    i = vpa_vec(&a, RSX_VP_VEC_ADD, RSX_VP_NO_TEMP, 9, "xyzw"); vpa_temp(i, 0, 12, "xyzw"); vpa_const(i, 2, 44, "xyzw");
    return vpa_assemble(&a, out, capacity);
}

static void test_vertex_program(void **state)
{
    static const float matrix[16] =
    {
        1.0f, 0.0f, 0.0f, -0.5f,     /* rows: x' = x - 0.5 */
        0.0f, 1.0f, 0.0f, -0.5f,
        0.0f, 0.0f, 0.0f, 0.5f,
        0.0f, 0.0f, 0.0f, 1.0f,
    };
    static const float c40[4] = {0.5f, 0.25f, 2.0f, 0.1f}, c41[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    static const float c42[4] = {0.25f, 3.7f, -1.0f, 0.5f}, c43[4] = {0.4f, 0.5f, 0.3f, 0.6f};
    static const float c44[4] = {0.0f, 0.0f, 0.5f, 1.5f}, color[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    static const struct vp_constants constants[] =
    {
        {32, 4, matrix}, {40, 1, c40}, {41, 1, c41}, {42, 1, c42}, {43, 1, c43}, {44, 1, c44},
    };
    struct scene *s = *state;
    uint8_t vp[1024];
    size_t vp_size = transform_vp(vp, sizeof(vp));
    struct vertex v[3];
    float r1[4], r3[4], r4[4], r5[4], r6[4], r7[2], r8[4], r9[4], r10[4], e[4][4];
    unsigned int n, c, output;

    memset(v, 0, sizeof(v));
    for (n = 0; n < 3; ++n)
    {
        v[n].position[0] = n == 1 ? 1.0f : 0.0f;
        v[n].position[1] = n == 2 ? 1.0f : 0.0f;
        v[n].position[3] = 1.0f;
        memcpy(v[n].color, color, 16);
    }
    /* What the program computes. */
    for (c = 0; c < 4; ++c)
    {
        r1[c] = color[c] * c40[c] + c41[c];
        r1[c] = r1[c] * c40[0] + r1[c];
        r5[c] = r1[c] - floorf(r1[c]);
        r8[c] = r1[c] >= c40[c];
        r9[c] = r1[c] < c40[c];
        r10[c] = fmaxf(r5[c], c43[c]);
    }
    r3[0] = 1.0f / sqrtf(c42[0]); r3[1] = exp2f(c42[2]); r3[2] = log2f(c42[1]); r3[3] = sinf(c42[3]);
    r4[0] = cosf(c42[3]); r4[1] = 1.0f / c42[1]; r4[2] = r4[3] = c41[3];
    for (c = 0; c < 4; ++c)
        r6[c] = floorf(r3[c]);
    r7[0] = dot(r1, c41, 3);
    r7[1] = dot(r1, c41, 3) + c41[3];
    for (c = 0; c < 4; ++c)
    {
        e[0][c] = r5[c];
        e[1][c] = fminf(fmaxf(r3[c] * c43[c], 0.0f), 1.0f);
    }
    e[2][0] = r7[0] * c40[1]; e[2][1] = r7[1] * c40[1]; e[2][2] = r8[2] * c40[1]; e[2][3] = r9[3] * c40[1];
    e[3][0] = r4[0] + c44[0]; e[3][1] = r4[1] + c44[1]; e[3][2] = r6[0] * c40[1] + c44[2];
    e[3][3] = -fabsf(r10[3]) + c44[3];

    for (output = 0; output < 4; ++output)
    {
        char what[32];

        draw_vp_output(s, vp, vp_size, output == 0 ? RSX_FP_IN_COL0 : RSX_FP_IN_TEX0 + output - 1, constants,
                sizeof(constants) / sizeof(constants[0]), v, 3);
        snprintf(what, sizeof(what), "vertex output %u", output);
        /* The triangle: (16,48), (48,48), (16,16) in rows from the top. */
        check_pixel(s, 20, 44, e[output], 2, what);
        check_pixel(s, 17, 20, e[output], 2, what);
        check_pixel(s, 44, 46, e[output], 2, what);
        check_argb(s, 44, 20, CLEAR, "above the hypotenuse");
        check_argb(s, 14, 30, CLEAR, "left of the triangle");
        check_argb(s, 30, 49, CLEAR, "below the triangle");
        check_argb(s, 30, 15, CLEAR, "above the triangle");
    }
}

/* Vertex control flow, the address registers, relative addressing and
 * outputs 5 and 6:
 *   0 MOV o0, v0              7 BRI L9
 *   1 MOV o6, v8 (TEX9)       8 MOV R1, c45         (skipped)
 *   2 MOV o5.x, c44.x (FOGC)  9 MOV o1, R1 ; BRA A1.x (11)
 *   3 ARL A0.xy, c50          10 MOV o1, c45        (skipped)
 *   4 ARL A1.x, c50.z         11 MOV o7, v[8+A0.y] ; RET
 *   5 MOV R1, c[40+A0.x]      12 ADD R1, R1, c43    (the subroutine)
 *   6 CAL L12                 13 RET */
static size_t flow_vp(uint8_t *out, size_t capacity)
{
    struct vpa a;
    struct rsx_vp_instruction *i;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw"); vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 6, "xyzw"); vpa_attr(i, 0, 8, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 5, "x"); vpa_const(i, 0, 44, "xxxx");
    i = vpa_vec(&a, RSX_VP_VEC_ARL, 0, -1, "xy"); vpa_const(i, 0, 50, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_ARL, 1, -1, "x"); vpa_const(i, 0, 50, "zzzz");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 1, -1, "xyzw"); vpa_const(i, 0, 40, "xyzw");
    i->index_const = 1;
    vpa_branch(&a, RSX_VP_SCA_CAL, 12);
    vpa_branch(&a, RSX_VP_SCA_BRI, 9);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, 1, -1, "xyzw"); vpa_const(i, 0, 45, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 1, "xyzw"); vpa_temp(i, 0, 1, "xyzw");
    vpa_set_branch(i, RSX_VP_SCA_BRA, 0);
    i->addr_reg = 1;
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 1, "xyzw"); vpa_const(i, 0, 45, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 7, "xyzw"); vpa_attr(i, 0, 8, "xyzw");
    i->index_input = 1;
    i->addr_swizzle = 1;
    vpa_set_branch(i, RSX_VP_SCA_RET, 0);
    i = vpa_vec(&a, RSX_VP_VEC_ADD, 1, -1, "xyzw"); vpa_temp(i, 0, 1, "xyzw"); vpa_const(i, 2, 43, "xyzw");
    vpa_branch(&a, RSX_VP_SCA_RET, 0);
    return vpa_assemble(&a, out, capacity);
}

static void test_vertex_flow(void **state)
{
    static const float c40[4] = {0.9f, 0.9f, 0.9f, 0.9f}, c42[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    static const float c43[4] = {0.3f, 0.2f, 0.1f, 0.4f}, c44[4] = {0.625f, 0.0f, 0.0f, 0.0f};
    static const float c45[4] = {1.0f, 0.0f, 1.0f, 1.0f}, c50[4] = {2.7f, 1.2f, 11.5f, 0.0f};
    static const unsigned int inputs[4] = {RSX_FP_IN_COL0, RSX_FP_IN_TEX0, RSX_FP_IN_TEX0 + 9, RSX_FP_IN_FOGC};
    static const struct vp_constants constants[] =
    {
        {40, 1, c40}, {42, 1, c42}, {43, 1, c43}, {44, 1, c44}, {45, 1, c45}, {50, 1, c50},
    };
    struct scene *s = *state;
    uint8_t vp[1024];
    size_t vp_size = flow_vp(vp, sizeof(vp));
    struct vertex v[4];
    float e[4][4] = {{0.4f, 0.4f, 0.4f, 0.8f}};
    unsigned int n;

    quad(v, T0, T1, 0);
    memcpy(e[1], T1, 16);       /* v[8 + A0.y] = v9 */
    memcpy(e[2], T0, 16);       /* output 6 (xyzw) is texture coordinate 9 */
    e[3][0] = c44[0];           /* output 5.x is the fog coordinate */
    e[3][1] = e[3][2] = e[3][3] = 0.0f;
    for (n = 0; n < 4; ++n)
    {
        char what[32];

        draw_vp_output(s, vp, vp_size, inputs[n], constants, sizeof(constants) / sizeof(constants[0]), v, 4);
        snprintf(what, sizeof(what), "vertex flow, input %u", inputs[n]);
        check_pixel(s, W / 2, H / 2, e[n], 1, what);
    }
}

/* Vertex TXL on unit 2 (the two-level texture: level 0 red, 1 green), the
 * level from the coordinate's w; the colour goes out as colour 0. */
static void test_vertex_txl(void **state)
{
    struct scene *s = *state;
    uint8_t vp[256], fp[256];
    size_t vp_size, fp_size;
    struct rsx_pipeline pipeline;
    struct rsx_error error;
    struct rsx_vp_instruction *i;
    struct rsx_fp_instruction *f;
    struct vertex v[4];
    struct vpa a;
    struct fpa b;
    unsigned int level;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw"); vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_TXL, 1, -1, "xyzw"); vpa_attr(i, 0, 8, "xyzw");
    i->src[1].temp = 2;         /* word 2 bits 8-9: the texture unit */
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 1, "xyzw"); vpa_temp(i, 0, 1, "xyzw");
    vp_size = vpa_assemble(&a, vp, sizeof(vp));
    fpa_init(&b);
    f = fpa_op(&b, RSX_FP_MOV, 0, "xyzw");
    fpa_input(f, 0, RSX_FP_IN_COL0, "xyzw");
    fp_size = fpa_assemble(&b, fp, sizeof(fp));
    for (level = 0; level < 2; ++level)
    {
        float t0[4] = {0.25f, 0.75f, 0.0f, 0.0f};
        t0[3] = level;
        quad(v, t0, T1, 0);
        if (rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, NULL, &pipeline, &error) != RSX_OK)
            fail_msg("pipeline: %s", error.message);
        assert_int_equal(pipeline.vs.sampler_mask, 1u << 2);
        assert_int_equal(rsx_pipeline_bind(&pipeline), RSX_OK);
        assert_int_equal(wined3d_device_clear(s->device, 0, NULL, WINED3DCLEAR_TARGET, CLEAR, 1.0f, 0), WINED3D_OK);
        assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
                sizeof(*v), NULL, 0), WINED3D_OK);
        read_pixels(s);
        wined3d_device_set_program(s->device, NULL);
        rsx_pipeline_destroy(&pipeline);
        check_argb(s, W / 2, H / 2, level ? 0xff00c000 : 0xffc00000, level ? "vertex TXL level 1" : "vertex TXL level 0");
    }
}

/* Output 6 with x alone is the point size: a point drawn 8 pixels wide,
 * then a fixed-function point after it 1 pixel wide again. */
static void test_point_size(void **state)
{
    static const float size[4] = {8.0f, 0.0f, 0.0f, 0.0f};
    struct scene *s = *state;
    uint8_t vp[256], fp[256];
    size_t vp_size, fp_size;
    struct rsx_pipeline pipeline;
    struct rsx_error error;
    struct rsx_vp_instruction *i;
    struct rsx_fp_instruction *f;
    struct vertex v;
    struct vpa a;
    struct fpa b;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw"); vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 6, "x"); vpa_const(i, 0, 46, "xxxx");
    vp_size = vpa_assemble(&a, vp, sizeof(vp));
    fpa_init(&b);
    f = fpa_op(&b, RSX_FP_MOV, 0, "xyzw");
    fpa_const(f, 0, 1.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    fp_size = fpa_assemble(&b, fp, sizeof(fp));
    memset(&v, 0, sizeof(v));
    v.position[0] = 1.0f / W;      /* the centre of pixel (32, 31) */
    v.position[1] = 1.0f / H;
    v.position[3] = 1.0f;
    if (rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, NULL, &pipeline, &error) != RSX_OK)
        fail_msg("pipeline: %s", error.message);
    assert_true(pipeline.vs.writes_point_size);
    assert_int_equal(rsx_pipeline_bind(&pipeline), RSX_OK);
    assert_int_equal(rsx_pipeline_set_vertex_constants(&pipeline, 46, 1, size), RSX_OK);
    assert_int_equal(wined3d_device_clear(s->device, 0, NULL, WINED3DCLEAR_TARGET, CLEAR, 1.0f, 0), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_POINTLIST, attributes, 4, &v, 1,
            sizeof(v), NULL, 0), WINED3D_OK);
    read_pixels(s);
    wined3d_device_set_program(s->device, NULL);
    rsx_pipeline_destroy(&pipeline);
    check_argb(s, 32, 31, 0xffff0000, "point centre");
    check_argb(s, 29, 28, 0xffff0000, "inside an 8-pixel point");
    check_argb(s, 35, 34, 0xffff0000, "inside an 8-pixel point");
    check_argb(s, 37, 31, CLEAR, "outside an 8-pixel point");
    check_argb(s, 32, 26, CLEAR, "outside an 8-pixel point");
}

/* Programs are linked once: a second pipeline of the same programs comes
 * from the cache; unchanged constants are not sent again. */
static void test_cache_and_counters(void **state)
{
    struct scene *s = *state;
    uint8_t vp[256], fp[256];
    struct rsx_pipeline a, b;
    struct rsx_error error;
    struct wined3d_counters before, after;
    struct rsx_fp_instruction *i;
    struct vertex v[4];
    struct fpa f;
    size_t vp_size = pass_vp(vp, sizeof(vp)), fp_size;
    float value[4] = {0.0f, 0.0f, 1.0f, 1.0f};

    fpa_init(&f);
    i = fpa_op(&f, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 1.0f, 0.0f, 0.0f, 1.0f, "xyzw");
    fp_size = fpa_assemble(&f, fp, sizeof(fp));
    quad(v, T0, T1, 0);

    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &before);
    assert_int_equal(rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, NULL, &a, &error), RSX_OK);
    assert_int_equal(rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, NULL, &b, &error), RSX_OK);
    assert_ptr_equal(a.program, b.program);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &after);
    assert_int_equal(after.programs_built - before.programs_built, 1);

    assert_int_equal(rsx_pipeline_bind(&a), RSX_OK);
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3D_OK);
    read_pixels(s);
    check_argb(s, 3, 3, 0xffff0000, "constant from the microcode");
    /* (The readback may have marked the framebuffer: one draw applies it.) */
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3D_OK);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &before);
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3D_OK);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &after);
    assert_int_equal(after.draws - before.draws, 1);
    /* Nothing changed: no state group was dirty, nothing was sent. */
    assert_int_equal(after.groups_applied - before.groups_applied, 0);
    /* Setting the same constants again marks nothing either. */
    assert_int_equal(rsx_pipeline_bind(&a), RSX_OK);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &before);
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3D_OK);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &after);
    assert_int_equal(after.groups_applied - before.groups_applied, 0);
    /* Patching the inline constant, as the driver does for a uniform: the
     * constants' group is applied at the next draw, which is blue. */
    assert_int_equal(rsx_pipeline_set_fragment_constant(&a, a.fs_constant_offsets[0], value), RSX_OK);
    assert_int_equal(rsx_pipeline_set_fragment_constant(&a, 12345, value), RSX_E_INVALID);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &before);
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3D_OK);
    wined3d_device_get_counters(s->device, WINED3D_COUNTERS_TOTAL, &after);
    assert_int_equal(after.groups_applied - before.groups_applied, 1);
    read_pixels(s);
    check_argb(s, 3, 3, 0xff0000ff, "patched constant");
    wined3d_device_set_program(s->device, NULL);
    rsx_pipeline_destroy(&b);
    rsx_pipeline_destroy(&a);

    /* The fixed-function path draws as before after programmable draws
     * (it sets its own vertex layout, program and blocks again). */
    {
        static const struct { float x, y, z, rhw; uint32_t diffuse; } quad_rhw[4] =
        {
            {0.0f, 0.0f, 0.0f, 1.0f, 0xff00ff00}, {W, 0.0f, 0.0f, 1.0f, 0xff00ff00},
            {0.0f, H, 0.0f, 1.0f, 0xff00ff00}, {W, H, 0.0f, 1.0f, 0xff00ff00},
        };
        assert_int_equal(wined3d_device_set_fvf(s->device, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE), WINED3D_OK);
        assert_int_equal(wined3d_device_draw_primitive_up(s->device, WINED3D_PT_TRIANGLESTRIP, quad_rhw, 4,
                sizeof(quad_rhw[0])), WINED3D_OK);
        read_pixels(s);
        check_argb(s, 3, 3, 0xff00ff00, "fixed function after programs");
    }

    /* Bad calls are refused, not drawn. */
    assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, attributes, 4, v, 4,
            sizeof(*v), NULL, 0), WINED3DERR_INVALIDCALL);      /* no program */
    assert_int_equal(rsx_pipeline_create_from_ucode(s->device, vp, vp_size, fp, fp_size, NULL, &a, &error), RSX_OK);
    assert_int_equal(rsx_pipeline_bind(&a), RSX_OK);
    {
        struct wined3d_program_attribute bad = {16, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, 0};
        static const uint16_t indices[3] = {0, 1, 7};
        assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, &bad, 1, v, 4,
                sizeof(*v), NULL, 0), WINED3DERR_INVALIDCALL);   /* location 16 */
        bad.location = 0;
        bad.offset = sizeof(*v) - 8;
        assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLESTRIP, &bad, 1, v, 4,
                sizeof(*v), NULL, 0), WINED3DERR_INVALIDCALL);   /* past the stride */
        assert_int_equal(wined3d_device_draw_program_up(s->device, WINED3D_PT_TRIANGLELIST, attributes, 4, v, 4,
                sizeof(*v), indices, 3), WINED3DERR_INVALIDCALL); /* index past the vertices */
        assert_int_equal(wined3d_device_draw_program_up(s->device, 99, attributes, 4, v, 4,
                sizeof(*v), NULL, 0), WINED3DERR_INVALIDCALL);
    }
    wined3d_device_set_program(s->device, NULL);
    rsx_pipeline_destroy(&a);
}

/* The fog pass of seed 002, assembled as fog.psp's program would be, run
 * as a full-screen pass of the core over a scene texture (unit 0) and a
 * depth texture read as RGB bytes (unit 1); every 3rd pixel against the
 * formula. */
static void test_fog_pass(void **state)
{
    static const float main_inv[16] =
    {
        1.0f, 0.0f, 0.0f, 0.0f,
        0.0f, 1.0f, 0.0f, 0.0f,
        0.0f, 0.0f, 1.0f, 0.5f,
        0.0f, 0.1f, 0.0f, 1.0f,
    };
    static const float params[8] = {0.1f, 0.8f, -0.8f, 0.6f, 0.7f, 0.75f, 0.8f, 0.6f};
    struct scene *s = *state;
    static uint8_t file[65536];
    static uint32_t scene[W * H], depth[W * H];
    struct wined3d_texture *scene_texture, *depth_texture;
    struct wined3d_texture_desc td;
    struct rsx_container c;
    struct rsx_pipeline pipeline;
    struct rsx_error error;
    const struct rsx_program *fog;
    size_t size = demo_build_container(file, sizeof(file));
    unsigned int x, y, n, checked = 0;
    char name[16];

    assert_true(size > 0);
    assert_int_equal(rsx_container_read(file, size, &c, &error), RSX_OK);
    assert_int_equal(c.count, DEMO_PROGRAM_COUNT);
    fog = &c.programs[DEMO_FP_FOG];
    for (y = 0; y < H; ++y)
        for (x = 0; x < W; ++x)
        {
            uint32_t d = (uint32_t)((x * 0.9f / W + y * 0.09f / H) * 16777216.0f);
            scene[y * W + x] = 0xff000000u | (x * 4) << 16 | (y * 4) << 8 | 0x40;
            depth[y * W + x] = 0xff000000u | d;
        }
    memset(&td, 0, sizeof(td));
    td.type = WINED3D_RTYPE_TEXTURE_2D;
    td.format = WINED3DFMT_A8R8G8B8;
    td.width = W;
    td.height = H;
    td.levels = 1;
    assert_int_equal(wined3d_texture_create(s->device, &td, &scene_texture), WINED3D_OK);
    assert_int_equal(wined3d_texture_create(s->device, &td, &depth_texture), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(scene_texture, 0, scene, W * 4), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(depth_texture, 0, depth, W * 4), WINED3D_OK);

    if (rsx_pipeline_create(s->device, &c.programs[DEMO_VP_FULLSCREEN], fog, &pipeline, &error) != RSX_OK)
        fail_msg("fog pipeline: %s", error.message);
    for (n = 0; n < 4; ++n)
    {
        snprintf(name, sizeof(name), "MainInv[%u]", n);
        assert_int_equal(rsx_pipeline_set_fragment_parameter(&pipeline, rsx_program_find_parameter(fog, name),
                &main_inv[4 * n], 4), RSX_OK);
    }
    assert_int_equal(rsx_pipeline_set_fragment_parameter(&pipeline, rsx_program_find_parameter(fog, "FogParams0"),
            params, 4), RSX_OK);
    assert_int_equal(rsx_pipeline_set_fragment_parameter(&pipeline, rsx_program_find_parameter(fog, "FogParams1"),
            params + 4, 4), RSX_OK);
    assert_int_equal(rsx_pipeline_bind(&pipeline), RSX_OK);
    wined3d_device_set_texture(s->device, 0, scene_texture);
    wined3d_device_set_texture(s->device, 1, depth_texture);
    assert_int_equal(wined3d_device_clear(s->device, 0, NULL, WINED3DCLEAR_TARGET, CLEAR, 1.0f, 0), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_program_fullscreen(s->device), WINED3D_OK);
    read_pixels(s);
    for (y = 0; y < H; y += 3)
        for (x = 0; x < W; x += 3)
        {
            uint32_t sp = scene[y * W + x], dp = depth[y * W + x];
            float rgb[3] = {(sp >> 16 & 0xff) / 255.0f, (sp >> 8 & 0xff) / 255.0f, (sp & 0xff) / 255.0f}, out[3], e[4];
            uint8_t bytes[3] = {dp >> 16 & 0xff, dp >> 8 & 0xff, dp & 0xff};

            demo_fog_reference(main_inv, params, rgb, bytes, (x + 0.5f) / W, (y + 0.5f) / H, out);
            e[0] = out[0]; e[1] = out[1]; e[2] = out[2]; e[3] = 1.0f;
            check_pixel(s, x, y, e, 2, "fog");
            ++checked;
        }
    /* The band fogs some pixels and leaves others: the test sees both. */
    {
        uint32_t sp = scene[0], p = s->pixels[0];
        assert_true(p == sp || abs((int)(p & 0xff) - (int)(sp & 0xff)) <= 2);    /* u = v = 0: outside the band */
    }
    assert_true(s->pixels[(H / 2) * W + W - 2] != scene[(H / 2) * W + W - 2]);
    assert_int_equal(checked, 22 * 22);
    wined3d_device_set_program(s->device, NULL);
    rsx_pipeline_destroy(&pipeline);
    wined3d_device_set_texture(s->device, 0, NULL);
    wined3d_device_set_texture(s->device, 1, s->texture);
    wined3d_texture_destroy(scene_texture);
    wined3d_texture_destroy(depth_texture);
    rsx_container_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_alu_opcodes),
        cmocka_unit_test(test_texture_opcodes),
        cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_loops_and_calls),
        cmocka_unit_test(test_pack_unpack),
        cmocka_unit_test(test_half_registers),
        cmocka_unit_test(test_modifiers),
        cmocka_unit_test(test_noperspective),
        cmocka_unit_test(test_vertex_program),
        cmocka_unit_test(test_vertex_flow),
        cmocka_unit_test(test_vertex_txl),
        cmocka_unit_test(test_point_size),
        cmocka_unit_test(test_cache_and_counters),
        cmocka_unit_test(test_fog_pass),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

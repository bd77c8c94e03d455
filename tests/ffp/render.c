/*
 * Pixel tests of the generated fixed-function pipeline on real Mesa against
 * a CPU reference of Direct3D 7's formulas (within 2/255 per channel).
 *
 * These tests drive GL themselves (program, UBO filled by
 * wined3d_ffp_fill_uniforms, glDrawArrays) so they exercise the generator
 * independently of the core's draw path.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ffp_test.h"

#define TOLERANCE 2

static const uint8_t tex_2d[8] = {1, 1, 1, 1, 1, 1, 1, 1};

static int setup(void **ctx)
{
    return ffp_gl_init() ? 0 : -1;
}

static int teardown(void **ctx)
{
    ffp_gl_cleanup();
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Vertex layouts.                                                         */

struct rhw_vertex
{
    float x, y, z, rhw;
    uint32_t diffuse, specular;
    float u0, v0, u1, v1;
};
#define RHW_FVF (WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(2))

struct lit_vertex
{
    float x, y, z;
    float nx, ny, nz;
    uint32_t diffuse, specular;
    float u, v;
};
#define LIT_FVF (WINED3DFVF_XYZ | WINED3DFVF_NORMAL | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(1))

static void rhw_quad(struct rhw_vertex *v, float x0, float y0, float x1, float y1, float z,
        uint32_t diffuse, uint32_t specular)
{
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        v[i].x = i & 1 ? x1 : x0;
        v[i].y = i & 2 ? y1 : y0;
        v[i].z = z;
        v[i].rhw = 1.0f;
        v[i].diffuse = diffuse;
        v[i].specular = specular;
        v[i].u0 = v[i].u1 = i & 1 ? 1.0f : 0.0f;
        v[i].v0 = v[i].v1 = i & 2 ? 1.0f : 0.0f;
    }
}

/* Draw a full-target quad for the state with optional textures. */
static void draw_rhw_quad(const struct wined3d_state *state, const struct rhw_vertex *v, const GLuint *textures)
{
    struct wined3d_ffp_uniforms u;
    GLuint program = ffp_prepare(state, &u, tex_2d, NULL);

    assert_true(program != 0);
    ffp_gl_draw(program, &u, state->fvf, GL_TRIANGLE_STRIP, v, 4, textures, 0);
}

static GLuint solid_texture(uint32_t argb)
{
    return ffp_gl_texture_2d(1, 1, &argb, 1);
}

/* ---------------------------------------------------------------------- */
/* CPU reference of the pixel pipeline.                                    */

struct color { float r, g, b, a; };

static struct color color_from_argb(uint32_t c)
{
    struct color r = {((c >> 16) & 0xff) / 255.0f, ((c >> 8) & 0xff) / 255.0f, (c & 0xff) / 255.0f,
            (c >> 24) / 255.0f};
    return r;
}

static float sat(float v)
{
    return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

struct ref_inputs
{
    struct color diffuse, specular, factor, current, texture, next_texture;
};

static struct color ref_arg(const struct ref_inputs *in, unsigned int arg)
{
    struct color c;

    switch (arg & WINED3DTA_SELECTMASK)
    {
        case WINED3DTA_DIFFUSE:  c = in->diffuse; break;
        case WINED3DTA_CURRENT:  c = in->current; break;
        case WINED3DTA_TEXTURE:  c = in->texture; break;
        case WINED3DTA_TFACTOR:  c = in->factor; break;
        default:                 c = in->specular; break;
    }
    if (arg & WINED3DTA_ALPHAREPLICATE) c.r = c.g = c.b = c.a;
    if (arg & WINED3DTA_COMPLEMENT)
    {
        c.r = 1.0f - c.r; c.g = 1.0f - c.g; c.b = 1.0f - c.b; c.a = 1.0f - c.a;
    }
    return c;
}

/* One channel of a D3DTOP, as the DirectX 7 documentation defines it. */
static float ref_op(const struct ref_inputs *in, unsigned int op, float a1, float a2, float a1_alpha,
        float cur)
{
    switch (op)
    {
        case WINED3D_TOP_SELECTARG1: return a1;
        case WINED3D_TOP_SELECTARG2: return a2;
        case WINED3D_TOP_MODULATE: return a1 * a2;
        case WINED3D_TOP_MODULATE2X: return 2.0f * a1 * a2;
        case WINED3D_TOP_MODULATE4X: return 4.0f * a1 * a2;
        case WINED3D_TOP_ADD: return a1 + a2;
        case WINED3D_TOP_ADDSIGNED: return a1 + a2 - 0.5f;
        case WINED3D_TOP_ADDSIGNED2X: return 2.0f * (a1 + a2 - 0.5f);
        case WINED3D_TOP_SUBTRACT: return a1 - a2;
        case WINED3D_TOP_ADDSMOOTH: return a1 + a2 - a1 * a2;
        case WINED3D_TOP_BLENDDIFFUSEALPHA: return a1 * in->diffuse.a + a2 * (1.0f - in->diffuse.a);
        case WINED3D_TOP_BLENDTEXTUREALPHA: return a1 * in->texture.a + a2 * (1.0f - in->texture.a);
        case WINED3D_TOP_BLENDFACTORALPHA: return a1 * in->factor.a + a2 * (1.0f - in->factor.a);
        case WINED3D_TOP_BLENDTEXTUREALPHAPM: return a1 + a2 * (1.0f - in->texture.a);
        case WINED3D_TOP_BLENDCURRENTALPHA: return a1 * in->current.a + a2 * (1.0f - in->current.a);
        case WINED3D_TOP_MODULATEALPHA_ADDCOLOR: return a1 + a1_alpha * a2;
        case WINED3D_TOP_MODULATECOLOR_ADDALPHA: return a1 * a2 + a1_alpha;
        case WINED3D_TOP_MODULATEINVALPHA_ADDCOLOR: return (1.0f - a1_alpha) * a2 + a1;
        case WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA: return (1.0f - a1) * a2 + a1_alpha;
        default: return cur;
    }
}

/* A stage: colour op and alpha op (DOTPRODUCT3 replicates into alpha). */
static struct color ref_stage(const struct ref_inputs *in, unsigned int cop, unsigned int carg1, unsigned int carg2,
        unsigned int aop, unsigned int aarg1, unsigned int aarg2)
{
    struct color c1 = ref_arg(in, carg1), c2 = ref_arg(in, carg2), r;
    struct color x1 = ref_arg(in, aarg1), x2 = ref_arg(in, aarg2);

    if (cop == WINED3D_TOP_DOTPRODUCT3)
    {
        float d = sat(4.0f * ((c1.r - 0.5f) * (c2.r - 0.5f) + (c1.g - 0.5f) * (c2.g - 0.5f) + (c1.b - 0.5f) * (c2.b - 0.5f)));
        r.r = r.g = r.b = r.a = d;
        return r;
    }
    if (cop == WINED3D_TOP_PREMODULATE)
    {
        r.r = c1.r * in->next_texture.r;
        r.g = c1.g * in->next_texture.g;
        r.b = c1.b * in->next_texture.b;
    }
    else
    {
        r.r = ref_op(in, cop, c1.r, c2.r, c1.a, in->current.r);
        r.g = ref_op(in, cop, c1.g, c2.g, c1.a, in->current.g);
        r.b = ref_op(in, cop, c1.b, c2.b, c1.a, in->current.b);
    }
    if (aop == WINED3D_TOP_PREMODULATE) r.a = x1.a * in->next_texture.a;
    else if (aop == WINED3D_TOP_DISABLE) r.a = in->current.a;
    else r.a = ref_op(in, aop, x1.a, x2.a, x1.a, in->current.a);
    r.r = sat(r.r); r.g = sat(r.g); r.b = sat(r.b); r.a = sat(r.a);
    return r;
}

static uint32_t argb_from_color(struct color c)
{
    return ffp_argb(c.r, c.g, c.b, c.a);
}

/* ---------------------------------------------------------------------- */
/* Rasterisation conventions.                                              */

/* Direct3D's pixel centres are at integer coordinates: a quad from 10.0 to
 * 20.0 covers pixels 10..19; from 10.5 to 20.5 pixels 11..20. */
static void test_pixel_centres(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;

    ffp_gl_clear(0xff000000, 1.0f);
    rhw_quad(v, 10.0f, 10.0f, 20.0f, 20.0f, 0.5f, 0xffffffff, 0);
    draw_rhw_quad(&state, v, NULL);
    assert_int_equal(ffp_gl_read(10, 10), 0xffffffff);
    assert_int_equal(ffp_gl_read(19, 19), 0xffffffff);
    assert_int_equal(ffp_gl_read(9, 10), 0xff000000);
    assert_int_equal(ffp_gl_read(10, 9), 0xff000000);
    assert_int_equal(ffp_gl_read(20, 19), 0xff000000);
    assert_int_equal(ffp_gl_read(19, 20), 0xff000000);

    ffp_gl_clear(0xff000000, 1.0f);
    rhw_quad(v, 30.5f, 30.5f, 40.5f, 40.5f, 0.5f, 0xffffffff, 0);
    draw_rhw_quad(&state, v, NULL);
    assert_int_equal(ffp_gl_read(30, 31), 0xff000000);
    assert_int_equal(ffp_gl_read(31, 31), 0xffffffff);
    assert_int_equal(ffp_gl_read(40, 40), 0xffffffff);
    assert_int_equal(ffp_gl_read(41, 40), 0xff000000);
    assert_int_equal(ffp_gl_read(40, 41), 0xff000000);

    /* A viewport offset does not move pre-transformed vertices. */
    state.viewport.x = 8;
    state.viewport.y = 4;
    state.viewport.width = 32;
    state.viewport.height = 32;
    glViewport(8, 4, 32, 32);
    ffp_gl_clear(0xff000000, 1.0f);
    rhw_quad(v, 10.0f, 10.0f, 20.0f, 20.0f, 0.5f, 0xffffffff, 0);
    draw_rhw_quad(&state, v, NULL);
    glViewport(0, 0, FFP_TEST_WIDTH, FFP_TEST_HEIGHT);
    assert_int_equal(ffp_gl_read(10, 10), 0xffffffff);
    assert_int_equal(ffp_gl_read(9, 10), 0xff000000);
    assert_int_equal(ffp_gl_read(19, 19), 0xffffffff);
}

/* Flat shading takes the first vertex's colours. */
static void test_flat_shading(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[3];
    struct wined3d_ffp_uniforms u;
    GLuint program;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_SHADEMODE] = WINED3D_SHADE_FLAT;
    state.render_states[WINED3D_RS_SPECULARENABLE] = 1;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    memset(v, 0, sizeof(v));
    v[0].x = 0.0f;  v[0].y = 0.0f;  v[0].diffuse = 0xff800000; v[0].specular = 0x00000040;
    v[1].x = 64.0f; v[1].y = 0.0f;  v[1].diffuse = 0xff00ff00; v[1].specular = 0x00000000;
    v[2].x = 0.0f;  v[2].y = 64.0f; v[2].diffuse = 0xff0000ff; v[2].specular = 0x00ff0000;
    v[0].rhw = v[1].rhw = v[2].rhw = 1.0f;

    ffp_gl_clear(0xff000000, 1.0f);
    program = ffp_prepare(&state, &u, NULL, NULL);
    assert_true(program != 0);
    ffp_gl_draw(program, &u, state.fvf, GL_TRIANGLES, v, 3, NULL, 0);
    assert_int_equal(ffp_gl_read(2, 2), 0xff800040);
    assert_int_equal(ffp_gl_read(40, 5), 0xff800040);
    assert_int_equal(ffp_gl_read(5, 40), 0xff800040);

    /* Gouraud interpolates: halfway along the top edge. */
    state.render_states[WINED3D_RS_SHADEMODE] = WINED3D_SHADE_GOURAUD;
    state.render_states[WINED3D_RS_SPECULARENABLE] = 0;
    ffp_gl_clear(0xff000000, 1.0f);
    program = ffp_prepare(&state, &u, NULL, NULL);
    ffp_gl_draw(program, &u, state.fvf, GL_TRIANGLES, v, 3, NULL, 0);
    assert_true(ffp_color_close(ffp_gl_read(32, 0), ffp_argb(0.5f * 128.0f / 255.0f, 0.5f, 0.0f, 1.0f), 3));
}

/* ---------------------------------------------------------------------- */
/* Texture stages.                                                         */

static const uint32_t stage_ops_list[] =
{
    WINED3D_TOP_SELECTARG1, WINED3D_TOP_SELECTARG2, WINED3D_TOP_MODULATE, WINED3D_TOP_MODULATE2X,
    WINED3D_TOP_MODULATE4X, WINED3D_TOP_ADD, WINED3D_TOP_ADDSIGNED, WINED3D_TOP_ADDSIGNED2X,
    WINED3D_TOP_SUBTRACT, WINED3D_TOP_ADDSMOOTH, WINED3D_TOP_BLENDDIFFUSEALPHA,
    WINED3D_TOP_BLENDTEXTUREALPHA, WINED3D_TOP_BLENDFACTORALPHA, WINED3D_TOP_BLENDTEXTUREALPHAPM,
    WINED3D_TOP_BLENDCURRENTALPHA, WINED3D_TOP_PREMODULATE, WINED3D_TOP_MODULATEALPHA_ADDCOLOR,
    WINED3D_TOP_MODULATECOLOR_ADDALPHA, WINED3D_TOP_MODULATEINVALPHA_ADDCOLOR,
    WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA, WINED3D_TOP_DOTPRODUCT3,
};

struct stage_case
{
    uint32_t carg1, carg2, aarg1, aarg2;
};

static const struct stage_case stage_cases[] =
{
    {WINED3DTA_TEXTURE, WINED3DTA_DIFFUSE, WINED3DTA_TEXTURE, WINED3DTA_DIFFUSE},
    {WINED3DTA_TFACTOR | WINED3DTA_COMPLEMENT, WINED3DTA_SPECULAR, WINED3DTA_DIFFUSE | WINED3DTA_COMPLEMENT, WINED3DTA_TFACTOR},
    {WINED3DTA_DIFFUSE | WINED3DTA_ALPHAREPLICATE, WINED3DTA_TEXTURE | WINED3DTA_COMPLEMENT | WINED3DTA_ALPHAREPLICATE,
            WINED3DTA_SPECULAR, WINED3DTA_TEXTURE | WINED3DTA_COMPLEMENT},
    {WINED3DTA_CURRENT, WINED3DTA_TFACTOR | WINED3DTA_ALPHAREPLICATE, WINED3DTA_CURRENT, WINED3DTA_TEXTURE},
};

static void run_stage_case(unsigned int op, const struct stage_case *c, unsigned int stage, unsigned int *failures)
{
    const uint32_t diffuse = 0xc0406080, specular = 0x20a0c010, factor = 0x60e02040;
    const uint32_t tex0 = 0x9030d070, tex1 = 0x50f08020, tex2 = 0xa0608090;
    GLuint textures[8] = {0};
    struct ref_inputs in;
    struct wined3d_state state;
    struct rhw_vertex v[4];
    struct color result;
    uint32_t expected, got;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_TEXTUREFACTOR] = factor;
    in.diffuse = color_from_argb(diffuse);
    in.specular = color_from_argb(specular);
    in.factor = color_from_argb(factor);
    in.current = in.diffuse;
    textures[0] = solid_texture(tex0);
    textures[1] = solid_texture(tex1);
    textures[2] = solid_texture(tex2);

    if (stage == 1)
    {
        /* Stage 0 makes "current" differ from diffuse. */
        state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE;
        state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
        state.texture_states[0][WINED3D_TSS_COLORARG2] = WINED3DTA_DIFFUSE;
        state.texture_states[0][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_ADD;
        state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_TEXTURE;
        state.texture_states[0][WINED3D_TSS_ALPHAARG2] = WINED3DTA_SPECULAR;
        in.texture = color_from_argb(tex0);
        in.current = ref_stage(&in, WINED3D_TOP_MODULATE, WINED3DTA_TEXTURE, WINED3DTA_DIFFUSE,
                WINED3D_TOP_ADD, WINED3DTA_TEXTURE, WINED3DTA_SPECULAR);
    }
    state.texture_states[stage][WINED3D_TSS_COLOROP] = op;
    state.texture_states[stage][WINED3D_TSS_COLORARG1] = c->carg1;
    state.texture_states[stage][WINED3D_TSS_COLORARG2] = c->carg2;
    state.texture_states[stage][WINED3D_TSS_ALPHAOP] = op == WINED3D_TOP_DOTPRODUCT3
            || (op >= WINED3D_TOP_MODULATEALPHA_ADDCOLOR && op <= WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA)
            ? WINED3D_TOP_MODULATE : op;
    state.texture_states[stage][WINED3D_TSS_ALPHAARG1] = c->aarg1;
    state.texture_states[stage][WINED3D_TSS_ALPHAARG2] = c->aarg2;
    state.texture_states[stage][WINED3D_TSS_TEXCOORDINDEX] = 0;
    /* Premodulate reads the next stage's texture; that stage selects current. */
    state.texture_states[stage + 1][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[stage + 1][WINED3D_TSS_COLORARG1] = WINED3DTA_CURRENT;
    state.texture_states[stage + 1][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[stage + 1][WINED3D_TSS_ALPHAARG1] = WINED3DTA_CURRENT;

    in.texture = color_from_argb(stage ? tex1 : tex0);
    in.next_texture = color_from_argb(stage ? tex2 : tex1);
    result = ref_stage(&in, op, c->carg1, c->carg2, state.texture_states[stage][WINED3D_TSS_ALPHAOP],
            c->aarg1, c->aarg2);
    expected = argb_from_color(result);

    ffp_gl_clear(0x00000000, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, diffuse, specular);
    draw_rhw_quad(&state, v, textures);
    got = ffp_gl_read(17, 23);
    if (!ffp_color_close(got, expected, TOLERANCE))
    {
        fprintf(stderr, "Stage %u op %u args %#x %#x / %#x %#x: got %08x, expected %08x.\n", stage, op,
                c->carg1, c->carg2, c->aarg1, c->aarg2, got, expected);
        ++*failures;
    }
    glDeleteTextures(3, textures);
}

static void test_stage_ops(void **ctx)
{
    unsigned int i, j, failures = 0;

    for (i = 0; i < sizeof(stage_ops_list) / sizeof(stage_ops_list[0]); ++i)
        for (j = 0; j < sizeof(stage_cases) / sizeof(stage_cases[0]); ++j)
        {
            run_stage_case(stage_ops_list[i], &stage_cases[j], 0, &failures);
            run_stage_case(stage_ops_list[i], &stage_cases[j], 1, &failures);
        }
    assert_int_equal(failures, 0);
}

/* The cascade stops at the first disabled stage, even with later stages set. */
static void test_stage_cascade_end(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];
    GLuint textures[8] = {0};

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    textures[0] = solid_texture(0xff808080);
    textures[2] = solid_texture(0xff000000);
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_DISABLE;
    state.texture_states[2][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[2][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xff4080ff, 0);
    draw_rhw_quad(&state, v, textures);
    /* modulate(texture, diffuse) colour, texture alpha */
    assert_true(ffp_color_close(ffp_gl_read(5, 5), ffp_argb(0.2509f * 0.502f, 0.502f * 0.502f, 0.502f, 1.0f), TOLERANCE));
    glDeleteTextures(8, textures);
}

/* Specular add after the stages (SPECULARENABLE). */
static void test_specular_add(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0x80405060, 0x30c02010);

    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, NULL);
    assert_true(ffp_color_close(ffp_gl_read(3, 3), 0x80405060, TOLERANCE));
    state.render_states[WINED3D_RS_SPECULARENABLE] = 1;
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, NULL);
    assert_true(ffp_color_close(ffp_gl_read(3, 3), 0x80ff7070, TOLERANCE));
}

/* Bump environment mapping perturbs the next stage's coordinates; the
 * luminance variant scales its colour. */
static void test_bump_env_map(void **ctx)
{
    static const uint32_t env[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    const int8_t dudv[2] = {64, 0};   /* du = 64/127 */
    struct wined3d_state state;
    struct rhw_vertex v[4];
    GLuint textures[8] = {0};
    float du = 64.0f / 127.0f;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    textures[0] = ffp_gl_texture_2d_snorm_rg(1, 1, dudv);
    textures[1] = ffp_gl_texture_2d(2, 2, env, 1);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_BUMPENVMAP;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
    state.texture_states[0][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    /* u' = u + m00 du + m10 dv: m00 = 1 moves u by du (~0.5: to the next texel). */
    state.texture_states[0][WINED3D_TSS_BUMPENVMAT00] = wined3d_float_to_dword(1.0f);
    state.texture_states[0][WINED3D_TSS_BUMPENVMAT01] = wined3d_float_to_dword(0.0f);
    state.texture_states[0][WINED3D_TSS_BUMPENVMAT10] = wined3d_float_to_dword(0.0f);
    state.texture_states[0][WINED3D_TSS_BUMPENVMAT11] = wined3d_float_to_dword(0.0f);
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[1][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
    state.texture_states[1][WINED3D_TSS_TEXCOORDINDEX] = 1;

    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xffffffff, 0);
    /* Texture coordinates 0.25 everywhere: texel (0, 0) is red; +du lands in (1, 0), green. */
    for (unsigned int i = 0; i < 4; ++i) v[i].u1 = v[i].v1 = 0.25f;
    draw_rhw_quad(&state, v, textures);
    assert_true(ffp_color_close(ffp_gl_read(20, 20), 0xff00ff00, TOLERANCE));
    (void)du;

    /* m01 moves v instead: texel (0, 1), blue. */
    state.texture_states[0][WINED3D_TSS_BUMPENVMAT00] = wined3d_float_to_dword(0.0f);
    state.texture_states[0][WINED3D_TSS_BUMPENVMAT01] = wined3d_float_to_dword(1.0f);
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, textures);
    assert_true(ffp_color_close(ffp_gl_read(20, 20), 0xff0000ff, TOLERANCE));
    glDeleteTextures(8, textures);
}

/* A stage's result is clamped to 0..1 before the next stage reads it where
 * it can leave that range: modulate2x of 0.75 gives 1.5, clamped 1.0, less
 * the factor 0.5 is 0.5 (127), not 1.0; a modulate of a signed texel
 * (-0.5) gives 0, plus the factor 0.5 is 0.5 (128), not 0.  The program
 * leaves the clamp out only where the arguments keep the range (glsl.c,
 * test_stage_clamp_left_out). */
static void test_stage_clamp_before_next(void **ctx)
{
    const int8_t rg[2] = {-64, 64};
    struct wined3d_ffp_uniforms u;
    struct wined3d_ffp_key key;
    struct wined3d_state state;
    struct rhw_vertex v[4];
    GLuint textures[8] = {0}, program;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_TEXTUREFACTOR] = 0xff808080;
    textures[0] = solid_texture(0xffc0c0c0);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE2X;
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_SUBTRACT;
    state.texture_states[1][WINED3D_TSS_COLORARG1] = WINED3DTA_CURRENT;
    state.texture_states[1][WINED3D_TSS_COLORARG2] = WINED3DTA_TFACTOR;
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xffffffff, 0);
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, textures);
    assert_true(ffp_color_close(ffp_gl_read(5, 5), 0xff7f7f7f, TOLERANCE));
    glDeleteTextures(1, textures);

    /* The signed texture as a bump format's: the key says so. */
    textures[0] = ffp_gl_texture_2d_snorm_rg(1, 1, rg);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE;
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_ADD;
    program = ffp_prepare(&state, &u, tex_2d, &key);
    assert_true(program != 0);
    key.stages[0].signed_tex = 1;
    assert_true((program = ffp_gl_build(&key)) != 0);
    ffp_gl_clear(0, 1.0f);
    ffp_gl_draw(program, &u, state.fvf, GL_TRIANGLE_STRIP, v, 4, textures, 0);
    assert_true(ffp_color_close(ffp_gl_read(5, 5), 0xff80ff80, TOLERANCE));
    glDeleteTextures(8, textures);
}

/* An op reading the texture of a stage with no texture passes "current"
 * through (colour and alpha separately). */
static void test_stage_without_texture(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];
    struct wined3d_ffp_uniforms u;
    GLuint program;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_TEXTUREFACTOR] = 0x40808080;
    /* Colour: modulate(texture, tfactor) -> current (diffuse) passes.
     * Alpha: select tfactor, no texture read -> applied. */
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
    state.texture_states[0][WINED3D_TSS_COLORARG2] = WINED3DTA_TFACTOR;
    state.texture_states[0][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG2;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_TEXTURE;
    state.texture_states[0][WINED3D_TSS_ALPHAARG2] = WINED3DTA_TFACTOR;
    /* Stage 1: selectarg2 ignores its texture argument: the factor. */
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_ADD;
    state.texture_states[1][WINED3D_TSS_COLORARG1] = WINED3DTA_CURRENT;
    state.texture_states[1][WINED3D_TSS_COLORARG2] = WINED3DTA_DIFFUSE;
    state.texture_states[1][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[1][WINED3D_TSS_ALPHAARG1] = WINED3DTA_CURRENT;
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xff102030, 0);
    program = ffp_prepare(&state, &u, NULL, NULL);
    assert_true(program != 0);
    ffp_gl_draw(program, &u, state.fvf, GL_TRIANGLE_STRIP, v, 4, NULL, 0);
    assert_true(ffp_color_close(ffp_gl_read(9, 9), 0x40204060, TOLERANCE));
}

/* Bump environment map with luminance: the next stage's colour is scaled
 * by saturate(L * lscale + loffset). */
static void test_bump_env_map_luminance(void **ctx)
{
    const int8_t dudvl[4] = {0, 0, 64, 127};
    static const uint32_t env = 0xff80c0ff;
    struct wined3d_state state;
    struct rhw_vertex v[4];
    GLuint textures[8] = {0};
    float l = 64.0f / 127.0f, scale = sat(l * 1.5f + 0.1f);

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    glGenTextures(1, &textures[0]);
    glBindTexture(GL_TEXTURE_2D, textures[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 1, 1, 0, GL_RGBA, GL_BYTE, dudvl);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    textures[1] = solid_texture(env);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_BUMPENVMAPLUMINANCE;
    state.texture_states[0][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[0][WINED3D_TSS_BUMPENVLSCALE] = wined3d_float_to_dword(1.5f);
    state.texture_states[0][WINED3D_TSS_BUMPENVLOFFSET] = wined3d_float_to_dword(0.1f);
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[1][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
    state.texture_states[1][WINED3D_TSS_TEXCOORDINDEX] = 1;
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xffffffff, 0);
    draw_rhw_quad(&state, v, textures);
    assert_true(ffp_color_close(ffp_gl_read(20, 20), ffp_argb(scale * 0x80 / 255.0f, scale * 0xc0 / 255.0f, scale, 1.0f),
            TOLERANCE));
    glDeleteTextures(8, textures);
}

/* D3DRENDERSTATE_WRAP0: u interpolates the shorter way round the cylinder. */
static void test_cylindrical_wrap(void **ctx)
{
    static const uint32_t strip[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    struct wined3d_state state;
    struct rhw_vertex v[4];
    GLuint textures[8] = {0};
    unsigned int i;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    textures[0] = ffp_gl_texture_2d(4, 1, strip, 1);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xffffffff, 0);
    for (i = 0; i < 4; ++i) v[i].u0 = i & 1 ? 0.1f : 0.9f;

    /* Without wrapping u goes 0.9 -> 0.1 across: x = 24 is u 0.6, x = 40 u 0.4. */
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, textures);
    assert_int_equal(ffp_gl_read(24, 10), 0xff0000ff);
    assert_int_equal(ffp_gl_read(40, 10), 0xff00ff00);

    /* Wrapped: 0.9 -> 1.1, x = 24 is u 0.975, x = 40 u 1.025. */
    state.render_states[WINED3D_RS_WRAP0] = WINED3D_WRAP_U;
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, textures);
    assert_int_equal(ffp_gl_read(24, 10), 0xffffffff);
    assert_int_equal(ffp_gl_read(40, 10), 0xffff0000);

    /* WRAP1 (another coordinate set) or WRAP_V do not wrap u of set 0. */
    state.render_states[WINED3D_RS_WRAP0] = WINED3D_WRAP_V;
    state.render_states[WINED3D_RS_WRAP1] = WINED3D_WRAP_U;
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, textures);
    assert_int_equal(ffp_gl_read(24, 10), 0xff0000ff);
    glDeleteTextures(8, textures);
}

/* All eight stages, each with its own texture on its own unit. */
static void test_eight_stages(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];
    GLuint textures[8];
    unsigned int s;
    float r = 0x10 / 255.0f, g = 0.0f, b = 0.0f;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    for (s = 0; s < 8; ++s)
    {
        textures[s] = solid_texture(0xff000000 | ((s + 1) << 8) * 4 | (s == 7 ? 0x30 : 0));
        state.texture_states[s][WINED3D_TSS_COLOROP] = s ? WINED3D_TOP_ADD : WINED3D_TOP_SELECTARG2;
        state.texture_states[s][WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
        state.texture_states[s][WINED3D_TSS_COLORARG2] = s ? WINED3DTA_CURRENT : WINED3DTA_DIFFUSE;
        state.texture_states[s][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG1;
        state.texture_states[s][WINED3D_TSS_ALPHAARG1] = WINED3DTA_CURRENT;
        state.texture_states[s][WINED3D_TSS_TEXCOORDINDEX] = s & 1;
        if (s) g += ((s + 1) * 4) / 255.0f;
    }
    b = 0x30 / 255.0f;
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xff100000, 0);
    draw_rhw_quad(&state, v, textures);
    assert_true(ffp_color_close(ffp_gl_read(33, 17), ffp_argb(r, g, b, 1.0f), TOLERANCE));
    glDeleteTextures(8, textures);
}

/* Random cascades of up to four stages (ops, arguments, modifiers, alpha
 * ops) against the reference chained stage by stage. */
static void test_random_cascades(void **ctx)
{
    static const uint32_t tex_colors[4] = {0x9030d070, 0x50f08020, 0xa0608090, 0x20c0e0f0};
    const uint32_t diffuse = 0xc0406080, specular = 0x20a0c010, factor = 0x60e02040;
    uint32_t rng = 0x2545f491;
    GLuint textures[8] = {0};
    unsigned int n, s, failures = 0;

    for (s = 0; s < 4; ++s) textures[s] = solid_texture(tex_colors[s]);
    for (n = 0; n < 150; ++n)
    {
        struct wined3d_state state;
        struct ref_inputs in;
        struct rhw_vertex v[4];
        unsigned int count;
        uint32_t expected, got;

        ffp_state_init(&state);
        state.fvf = RHW_FVF;
        state.render_states[WINED3D_RS_TEXTUREFACTOR] = factor;
        in.diffuse = color_from_argb(diffuse);
        in.specular = color_from_argb(specular);
        in.factor = color_from_argb(factor);
        in.current = in.diffuse;
#define RND(k) (rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5, rng % (k))
        count = 1 + RND(4);
        for (s = 0; s < count; ++s)
        {
            uint32_t *tss = state.texture_states[s];
            uint32_t cop, aop, ref_aop;

            do cop = WINED3D_TOP_SELECTARG1 + RND(23);
            while (cop == WINED3D_TOP_PREMODULATE || cop == WINED3D_TOP_BUMPENVMAP || cop == WINED3D_TOP_BUMPENVMAPLUMINANCE);
            aop = WINED3D_TOP_DISABLE + RND(21);
            if (aop == WINED3D_TOP_PREMODULATE) aop = WINED3D_TOP_ADD;
            tss[WINED3D_TSS_COLOROP] = cop;
            tss[WINED3D_TSS_ALPHAOP] = aop;
            tss[WINED3D_TSS_COLORARG1] = RND(5) | (RND(4) << 4);
            tss[WINED3D_TSS_COLORARG2] = RND(5) | (RND(4) << 4);
            tss[WINED3D_TSS_ALPHAARG1] = RND(5) | (RND(2) << 4);
            tss[WINED3D_TSS_ALPHAARG2] = RND(5) | (RND(2) << 4);
            tss[WINED3D_TSS_TEXCOORDINDEX] = 0;
            /* What the DX7 text leaves open, as ours resolves it (8.12). */
            ref_aop = aop;
            if (aop == WINED3D_TOP_DISABLE)
                ref_aop = WINED3D_TOP_DISABLE;
            else if (aop >= WINED3D_TOP_MODULATEALPHA_ADDCOLOR && aop <= WINED3D_TOP_MODULATEINVCOLOR_ADDALPHA)
                ref_aop = WINED3D_TOP_SELECTARG1;
            in.texture = color_from_argb(tex_colors[s]);
            in.current = ref_stage(&in, cop, tss[WINED3D_TSS_COLORARG1], tss[WINED3D_TSS_COLORARG2], ref_aop,
                    tss[WINED3D_TSS_ALPHAARG1], tss[WINED3D_TSS_ALPHAARG2]);
        }
#undef RND
        expected = argb_from_color(in.current);
        ffp_gl_clear(0, 1.0f);
        rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, diffuse, specular);
        draw_rhw_quad(&state, v, textures);
        got = ffp_gl_read(21, 13);
        if (!ffp_color_close(got, expected, TOLERANCE))
        {
            if (failures < 5)
                fprintf(stderr, "Cascade %u (%u stages): got %08x, expected %08x.\n", n, count, got, expected);
            ++failures;
        }
    }
    glDeleteTextures(8, textures);
    assert_int_equal(failures, 0);
}

/* ---------------------------------------------------------------------- */
/* Alpha test.                                                             */

static int ref_alpha_test(unsigned int func, unsigned int alpha, unsigned int ref)
{
    switch (func)
    {
        case WINED3D_CMP_NEVER: return 0;
        case WINED3D_CMP_LESS: return alpha < ref;
        case WINED3D_CMP_EQUAL: return alpha == ref;
        case WINED3D_CMP_LESSEQUAL: return alpha <= ref;
        case WINED3D_CMP_GREATER: return alpha > ref;
        case WINED3D_CMP_NOTEQUAL: return alpha != ref;
        case WINED3D_CMP_GREATEREQUAL: return alpha >= ref;
        default: return 1;
    }
}

/* The same pictures with the stages' ops read from the fragment block (one
 * program for every combination); bump and premodulate keep their own code. */
#define GENERIC_TEST(name) \
    static void name##_generic(void **ctx) \
    { \
        ffp_gl_generic_stages(WINED3D_FFP_STAGES_GENERIC); \
        name(ctx); \
        ffp_gl_generic_stages(WINED3D_FFP_STAGES_BUILT_IN); \
    }
GENERIC_TEST(test_stage_ops)
GENERIC_TEST(test_stage_without_texture)
GENERIC_TEST(test_eight_stages)
GENERIC_TEST(test_random_cascades)
GENERIC_TEST(test_bump_env_map)

/* And with only the ops read from the block, the arguments built in. */
#define GENERIC_OPS_TEST(name) \
    static void name##_generic_ops(void **ctx) \
    { \
        ffp_gl_generic_stages(WINED3D_FFP_STAGES_GENERIC_OPS); \
        name(ctx); \
        ffp_gl_generic_stages(WINED3D_FFP_STAGES_BUILT_IN); \
    }
GENERIC_OPS_TEST(test_stage_ops)
GENERIC_OPS_TEST(test_stage_without_texture)
GENERIC_OPS_TEST(test_eight_stages)
GENERIC_OPS_TEST(test_random_cascades)

static void test_alpha_test(void **ctx)
{
    static const unsigned int alphas[] = {0x00, 0x7f, 0x80, 0x81, 0xff};
    struct wined3d_state state;
    struct rhw_vertex v[4];
    unsigned int func, i, failures = 0;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_ALPHATESTENABLE] = 1;
    state.render_states[WINED3D_RS_ALPHAREF] = 0x80;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    for (func = WINED3D_CMP_NEVER; func <= WINED3D_CMP_ALWAYS; ++func)
        for (i = 0; i < sizeof(alphas) / sizeof(alphas[0]); ++i)
        {
            int drawn;

            state.render_states[WINED3D_RS_ALPHAFUNC] = func;
            ffp_gl_clear(0xff000000, 1.0f);
            rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, (alphas[i] << 24) | 0x00ffffff, 0);
            draw_rhw_quad(&state, v, NULL);
            drawn = (ffp_gl_read(8, 8) & 0xffffff) == 0xffffff;
            if (drawn != ref_alpha_test(func, alphas[i], 0x80))
            {
                fprintf(stderr, "Alpha func %u alpha %#x: drawn %d.\n", func, alphas[i], drawn);
                ++failures;
            }
        }
    assert_int_equal(failures, 0);
}

/* ---------------------------------------------------------------------- */
/* Fog.                                                                    */

static float ref_fog(unsigned int mode, float d, float start, float end, float density)
{
    switch (mode)
    {
        case WINED3D_FOG_LINEAR: return sat((end - d) / (end - start));
        case WINED3D_FOG_EXP: return sat(expf(-density * d));
        case WINED3D_FOG_EXP2: return sat(expf(-(density * d) * (density * d)));
        default: return 1.0f;
    }
}

static uint32_t ref_fogged(uint32_t color, uint32_t fog_color, float f)
{
    struct color c = color_from_argb(color), fc = color_from_argb(fog_color);
    return ffp_argb(f * c.r + (1.0f - f) * fc.r, f * c.g + (1.0f - f) * fc.g, f * c.b + (1.0f - f) * fc.b, c.a);
}

/* Table fog on pre-transformed vertices: from z, per pixel. */
static void test_table_fog_rhw(void **ctx)
{
    static const float zs[] = {0.1f, 0.35f, 0.6f, 0.9f};
    struct wined3d_state state;
    struct rhw_vertex v[4];
    unsigned int mode, i, failures = 0;
    const float start = 0.2f, end = 0.8f, density = 2.0f;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_FOGENABLE] = 1;
    state.render_states[WINED3D_RS_FOGCOLOR] = 0x0020c0e0;
    state.render_states[WINED3D_RS_FOGSTART] = wined3d_float_to_dword(start);
    state.render_states[WINED3D_RS_FOGEND] = wined3d_float_to_dword(end);
    state.render_states[WINED3D_RS_FOGDENSITY] = wined3d_float_to_dword(density);
    /* Vertex mode set too: table fog takes precedence. */
    state.render_states[WINED3D_RS_FOGVERTEXMODE] = WINED3D_FOG_LINEAR;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    for (mode = WINED3D_FOG_EXP; mode <= WINED3D_FOG_LINEAR; ++mode)
        for (i = 0; i < 4; ++i)
        {
            uint32_t expected, got;

            state.render_states[WINED3D_RS_FOGTABLEMODE] = mode;
            ffp_gl_clear(0, 1.0f);
            rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, zs[i], 0xff804020, 0xff000000);
            draw_rhw_quad(&state, v, NULL);
            expected = ref_fogged(0xff804020, 0x0020c0e0, ref_fog(mode, zs[i], start, end, density));
            got = ffp_gl_read(30, 30);
            if (!ffp_color_close(got, expected, TOLERANCE))
            {
                fprintf(stderr, "Table fog mode %u z %.2f: got %08x, expected %08x.\n", mode, zs[i], got, expected);
                ++failures;
            }
        }
    assert_int_equal(failures, 0);
}

/* No fog mode: the factor is the specular alpha. */
static void test_specular_alpha_fog(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_FOGENABLE] = 1;
    state.render_states[WINED3D_RS_FOGCOLOR] = 0x000000ff;
    /* Vertex fog is not computed for pre-transformed vertices. */
    state.render_states[WINED3D_RS_FOGVERTEXMODE] = WINED3D_FOG_LINEAR;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.5f, 0xffff0000, 0x40000000);
    draw_rhw_quad(&state, v, NULL);
    assert_true(ffp_color_close(ffp_gl_read(30, 30), ref_fogged(0xffff0000, 0x000000ff, 0x40 / 255.0f), TOLERANCE));

    /* Fog off: untouched. */
    state.render_states[WINED3D_RS_FOGENABLE] = 0;
    ffp_gl_clear(0, 1.0f);
    draw_rhw_quad(&state, v, NULL);
    assert_true(ffp_color_close(ffp_gl_read(30, 30), 0xffff0000, TOLERANCE));
}

/* Transformed vertices, one point per pixel so each pixel shows exactly one
 * vertex's result.  The projection scales eye x, y by 1/16 and maps eye z
 * 0..100 to 0..1, affine (w = 1). */
static void set_ortho_projection(struct wined3d_state *state)
{
    struct wined3d_matrix *p = &state->transforms[WINED3D_TS_PROJECTION];

    memset(p, 0, sizeof(*p));
    p->_11 = 1.0f / 16.0f;
    p->_22 = 1.0f / 16.0f;
    p->_33 = 1.0f / 100.0f;
    p->_44 = 1.0f;
}

/* Eye position of a point that lands on pixel (px, py) with depth ez. */
static void point_at_pixel(struct lit_vertex *v, unsigned int px, unsigned int py, float ez)
{
    float ndc_x = 2.0f * px / FFP_TEST_WIDTH - 1.0f, ndc_y = 1.0f - 2.0f * py / FFP_TEST_HEIGHT;

    memset(v, 0, sizeof(*v));
    v->x = ndc_x * 16.0f;
    v->y = ndc_y * 16.0f;
    v->z = ez;
}

static void draw_points(const struct wined3d_state *state, const struct lit_vertex *v, unsigned int count,
        const GLuint *textures)
{
    struct wined3d_ffp_uniforms u;
    GLuint program = ffp_prepare(state, &u, tex_2d, NULL);

    assert_true(program != 0);
    ffp_gl_draw(program, &u, state->fvf, GL_POINTS, v, count, textures, 0);
}

static void test_vertex_fog(void **ctx)
{
    struct wined3d_state state;
    struct lit_vertex v[8];
    unsigned int mode, range, i, failures = 0;
    const float start = 10.0f, end = 80.0f, density = 0.03f;

    ffp_state_init(&state);
    state.fvf = LIT_FVF;
    state.render_states[WINED3D_RS_LIGHTING] = 0;
    state.render_states[WINED3D_RS_FOGENABLE] = 1;
    state.render_states[WINED3D_RS_FOGCOLOR] = 0x00ffff00;
    state.render_states[WINED3D_RS_FOGSTART] = wined3d_float_to_dword(start);
    state.render_states[WINED3D_RS_FOGEND] = wined3d_float_to_dword(end);
    state.render_states[WINED3D_RS_FOGDENSITY] = wined3d_float_to_dword(density);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    set_ortho_projection(&state);
    for (i = 0; i < 8; ++i)
    {
        point_at_pixel(&v[i], 4 + i * 7, 10 + i * 5, 5.0f + i * 11.0f);
        v[i].diffuse = 0xff2040ff;
    }
    for (range = 0; range < 2; ++range)
        for (mode = WINED3D_FOG_EXP; mode <= WINED3D_FOG_LINEAR; ++mode)
        {
            state.render_states[WINED3D_RS_FOGVERTEXMODE] = mode;
            state.render_states[WINED3D_RS_RANGEFOGENABLE] = range;
            ffp_gl_clear(0, 1.0f);
            draw_points(&state, v, 8, NULL);
            for (i = 0; i < 8; ++i)
            {
                float d = range ? sqrtf(v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z) : v[i].z;
                uint32_t expected = ref_fogged(0xff2040ff, 0x00ffff00, ref_fog(mode, d, start, end, density));
                uint32_t got = ffp_gl_read(4 + i * 7, 10 + i * 5);
                if (!ffp_color_close(got, expected, TOLERANCE))
                {
                    fprintf(stderr, "Vertex fog mode %u range %u d %.1f: got %08x, expected %08x.\n",
                            mode, range, d, got, expected);
                    ++failures;
                }
            }
        }
    assert_int_equal(failures, 0);
}

/* Table fog with transformed vertices: z-based with an affine projection,
 * eye-relative (w) with a perspective one. */
static void test_table_fog_projection_rule(void **ctx)
{
    struct wined3d_state state;
    struct lit_vertex v[4];
    struct wined3d_matrix *p = &state.transforms[WINED3D_TS_PROJECTION];
    unsigned int i, failures = 0;

    ffp_state_init(&state);
    state.fvf = LIT_FVF;
    state.render_states[WINED3D_RS_LIGHTING] = 0;
    state.render_states[WINED3D_RS_FOGENABLE] = 1;
    state.render_states[WINED3D_RS_FOGTABLEMODE] = WINED3D_FOG_LINEAR;
    state.render_states[WINED3D_RS_FOGCOLOR] = 0x00000000;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;

    /* Affine: fog from z in 0..1. */
    set_ortho_projection(&state);
    state.render_states[WINED3D_RS_FOGSTART] = wined3d_float_to_dword(0.0f);
    state.render_states[WINED3D_RS_FOGEND] = wined3d_float_to_dword(1.0f);
    for (i = 0; i < 4; ++i)
    {
        point_at_pixel(&v[i], 10 + i * 10, 20, 10.0f + i * 25.0f);
        v[i].diffuse = 0xffffffff;
    }
    ffp_gl_clear(0, 1.0f);
    draw_points(&state, v, 4, NULL);
    for (i = 0; i < 4; ++i)
    {
        float f = 1.0f - v[i].z / 100.0f;
        if (!ffp_color_close(ffp_gl_read(10 + i * 10, 20), ffp_argb(f, f, f, 1.0f), TOLERANCE))
        {
            fprintf(stderr, "Affine table fog %u: got %08x.\n", i, ffp_gl_read(10 + i * 10, 20));
            ++failures;
        }
    }

    /* Perspective (zn 1, zf 101, w = eye z): fog from w with start/end in eye units. */
    memset(p, 0, sizeof(*p));
    p->_11 = 1.0f;
    p->_22 = 1.0f;
    p->_33 = 101.0f / 100.0f;
    p->_43 = -101.0f / 100.0f;
    p->_34 = 1.0f;
    state.render_states[WINED3D_RS_FOGSTART] = wined3d_float_to_dword(10.0f);
    state.render_states[WINED3D_RS_FOGEND] = wined3d_float_to_dword(90.0f);
    for (i = 0; i < 4; ++i)
    {
        float ez = 5.0f + i * 25.0f;
        /* x / z = ndc x */
        v[i].x = (2.0f * (10 + i * 10) / FFP_TEST_WIDTH - 1.0f) * ez;
        v[i].y = (1.0f - 2.0f * 20 / FFP_TEST_HEIGHT) * ez;
        v[i].z = ez;
    }
    ffp_gl_clear(0, 1.0f);
    draw_points(&state, v, 4, NULL);
    for (i = 0; i < 4; ++i)
    {
        float f = sat((90.0f - v[i].z) / 80.0f);
        if (!ffp_color_close(ffp_gl_read(10 + i * 10, 20), ffp_argb(f, f, f, 1.0f), TOLERANCE))
        {
            fprintf(stderr, "Perspective table fog %u: got %08x, expected %08x.\n", i,
                    ffp_gl_read(10 + i * 10, 20), ffp_argb(f, f, f, 1.0f));
            ++failures;
        }
    }
    assert_int_equal(failures, 0);
}

/* ---------------------------------------------------------------------- */
/* Lighting.                                                               */

static float dot3(const float *a, const float *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void normalize3(float *v)
{
    float l = sqrtf(dot3(v, v));
    if (l > 0.0f) { v[0] /= l; v[1] /= l; v[2] /= l; }
}

static struct color color_from_value(const struct wined3d_color *v)
{
    struct color c = {v->r, v->g, v->b, v->a};
    return c;
}

/* Direct3D 7 lighting of one vertex in eye space (view = identity). */
static void ref_light_vertex(const struct wined3d_state *state, const float *pos, const float *normal,
        uint32_t vdiffuse, uint32_t vspecular, uint32_t *out_diffuse, uint32_t *out_specular)
{
    const struct wined3d_material *m = &state->material;
    struct color ga = color_from_argb(state->render_states[WINED3D_RS_AMBIENT]);
    struct color vd = color_from_argb(vdiffuse), vs = color_from_argb(vspecular);
    struct color cd = color_from_value(&m->diffuse), ca = color_from_value(&m->ambient);
    struct color cs = color_from_value(&m->specular), ce = color_from_value(&m->emissive);
    float amb[3] = {ga.r, ga.g, ga.b}, dif[3] = {0}, spc[3] = {0};
    int spec_on = state->render_states[WINED3D_RS_SPECULARENABLE];
    unsigned int i, k;

    /* Colour sources with COLORVERTEX (the vertex has both colours). */
    if (state->render_states[WINED3D_RS_COLORVERTEX])
    {
        const uint32_t srcs[4] = {state->render_states[WINED3D_RS_DIFFUSEMATERIALSOURCE],
                state->render_states[WINED3D_RS_AMBIENTMATERIALSOURCE],
                state->render_states[WINED3D_RS_SPECULARMATERIALSOURCE],
                state->render_states[WINED3D_RS_EMISSIVEMATERIALSOURCE]};
        struct color *dst[4] = {&cd, &ca, &cs, &ce};
        for (k = 0; k < 4; ++k)
        {
            if (srcs[k] == WINED3D_MCS_COLOR1) *dst[k] = vd;
            else if (srcs[k] == WINED3D_MCS_COLOR2) *dst[k] = vs;
        }
    }

    for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
    {
        const struct wined3d_light *l = &state->active_lights[i];
        float dir[3], att = 1.0f, ndotl;

        if (!(state->active_light_mask & (1u << i))) continue;
        if (l->type == WINED3D_LIGHT_DIRECTIONAL)
        {
            dir[0] = -l->direction.x; dir[1] = -l->direction.y; dir[2] = -l->direction.z;
            normalize3(dir);
        }
        else
        {
            float d;
            dir[0] = l->position.x - pos[0]; dir[1] = l->position.y - pos[1]; dir[2] = l->position.z - pos[2];
            d = sqrtf(dot3(dir, dir));
            normalize3(dir);
            att = d > l->range ? 0.0f : 1.0f / (l->attenuation0 + l->attenuation1 * d + l->attenuation2 * d * d);
            if (l->type == WINED3D_LIGHT_SPOT)
            {
                float ld[3] = {l->direction.x, l->direction.y, l->direction.z}, rho;
                float ct = cosf(l->theta / 2.0f), cp = cosf(l->phi / 2.0f);
                normalize3(ld);
                rho = -dot3(dir, ld);
                if (rho <= cp) att = 0.0f;
                else if (rho <= ct) att *= powf((rho - cp) / (ct - cp), l->falloff);
            }
        }
        amb[0] += l->ambient.r * att; amb[1] += l->ambient.g * att; amb[2] += l->ambient.b * att;
        ndotl = dot3(normal, dir);
        if (ndotl > 0.0f)
        {
            dif[0] += l->diffuse.r * ndotl * att; dif[1] += l->diffuse.g * ndotl * att; dif[2] += l->diffuse.b * ndotl * att;
            if (spec_on)
            {
                float h[3], e[3] = {0.0f, 0.0f, -1.0f}, ndoth;
                if (state->render_states[WINED3D_RS_LOCALVIEWER])
                {
                    e[0] = -pos[0]; e[1] = -pos[1]; e[2] = -pos[2];
                    normalize3(e);
                }
                h[0] = dir[0] + e[0]; h[1] = dir[1] + e[1]; h[2] = dir[2] + e[2];
                normalize3(h);
                ndoth = dot3(normal, h);
                if (ndoth > 0.0f)
                {
                    float p = powf(ndoth, m->power);
                    spc[0] += l->specular.r * p * att; spc[1] += l->specular.g * p * att; spc[2] += l->specular.b * p * att;
                }
            }
        }
    }
    *out_diffuse = ffp_argb(ce.r + ca.r * amb[0] + cd.r * dif[0], ce.g + ca.g * amb[1] + cd.g * dif[1],
            ce.b + ca.b * amb[2] + cd.b * dif[2], cd.a);
    *out_specular = ffp_argb(cs.r * spc[0], cs.g * spc[1], cs.b * spc[2], 0.0f);
}

/* Many points with different positions and normals; each pixel is compared
 * with the reference lighting of its vertex. */
static unsigned int check_lit_points(struct wined3d_state *state, const char *what)
{
    struct lit_vertex v[64];
    unsigned int i, failures = 0;

    for (i = 0; i < 64; ++i)
    {
        unsigned int px = 2 + (i % 8) * 8, py = 2 + (i / 8) * 8;
        float n[3] = {sinf(i * 0.7f), cosf(i * 1.3f), -1.0f - 0.5f * sinf(i * 0.4f)};

        normalize3(n);
        point_at_pixel(&v[i], px, py, 2.0f + (i % 13) * 3.0f);
        v[i].nx = n[0]; v[i].ny = n[1]; v[i].nz = n[2];
        v[i].diffuse = 0xff000000 | (i * 0x030507);
        v[i].specular = 0x80402010 + i;
    }
    ffp_gl_clear(0, 1.0f);
    draw_points(state, v, 64, NULL);
    for (i = 0; i < 64; ++i)
    {
        unsigned int px = 2 + (i % 8) * 8, py = 2 + (i / 8) * 8;
        float pos[3] = {v[i].x, v[i].y, v[i].z}, n[3] = {v[i].nx, v[i].ny, v[i].nz};
        uint32_t diffuse, specular, expected, got;
        struct color d, s;

        ref_light_vertex(state, pos, n, v[i].diffuse, v[i].specular, &diffuse, &specular);
        d = color_from_argb(diffuse);
        s = color_from_argb(specular);
        if (state->render_states[WINED3D_RS_SPECULARENABLE])
            expected = ffp_argb(d.r + s.r, d.g + s.g, d.b + s.b, d.a);
        else
            expected = diffuse;
        got = ffp_gl_read(px, py);
        if (!ffp_color_close(got, expected, TOLERANCE))
        {
            if (failures < 5)
                fprintf(stderr, "%s vertex %u: got %08x, expected %08x.\n", what, i, got, expected);
            ++failures;
        }
    }
    return failures;
}

static void lighting_state(struct wined3d_state *state)
{
    ffp_state_init(state);
    state->fvf = LIT_FVF;
    set_ortho_projection(state);
    state->render_states[WINED3D_RS_AMBIENT] = 0xff101820;
    state->texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state->texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state->texture_states[0][WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    state->material.diffuse = (struct wined3d_color){0.8f, 0.7f, 0.6f, 0.5f};
    state->material.ambient = (struct wined3d_color){0.5f, 0.6f, 0.7f, 1.0f};
    state->material.specular = (struct wined3d_color){0.9f, 0.8f, 0.7f, 1.0f};
    state->material.emissive = (struct wined3d_color){0.05f, 0.02f, 0.0f, 0.0f};
    state->material.power = 12.0f;
    state->render_states[WINED3D_RS_COLORVERTEX] = 0;
}

static void add_light(struct wined3d_state *state, unsigned int slot, const struct wined3d_light *light)
{
    state->active_light_mask |= 1u << slot;
    state->active_lights[slot] = *light;
}

static void test_lighting(void **ctx)
{
    struct wined3d_state state;
    struct wined3d_light light;
    unsigned int failures = 0;

    /* Directional. */
    lighting_state(&state);
    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_DIRECTIONAL;
    light.diffuse = (struct wined3d_color){1.0f, 0.9f, 0.8f, 1.0f};
    light.specular = (struct wined3d_color){0.6f, 0.6f, 0.6f, 1.0f};
    light.ambient = (struct wined3d_color){0.1f, 0.05f, 0.0f, 1.0f};
    light.direction = (struct wined3d_vec3){0.3f, -0.2f, 1.0f};
    add_light(&state, 0, &light);
    failures += check_lit_points(&state, "directional");
    state.render_states[WINED3D_RS_SPECULARENABLE] = 1;
    failures += check_lit_points(&state, "directional+specular local");
    state.render_states[WINED3D_RS_LOCALVIEWER] = 0;
    failures += check_lit_points(&state, "directional+specular nonlocal");

    /* Point with attenuation and range. */
    lighting_state(&state);
    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_POINT;
    light.diffuse = (struct wined3d_color){1.0f, 1.0f, 1.0f, 1.0f};
    light.specular = (struct wined3d_color){1.0f, 0.5f, 0.2f, 1.0f};
    light.ambient = (struct wined3d_color){0.2f, 0.2f, 0.2f, 1.0f};
    light.position = (struct wined3d_vec3){3.0f, 4.0f, -5.0f};
    light.range = 30.0f;
    light.attenuation0 = 0.5f;
    light.attenuation1 = 0.05f;
    light.attenuation2 = 0.002f;
    add_light(&state, 2, &light);
    state.render_states[WINED3D_RS_SPECULARENABLE] = 1;
    failures += check_lit_points(&state, "point");

    /* Spot: inside, edge and outside of the cone. */
    lighting_state(&state);
    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_SPOT;
    light.diffuse = (struct wined3d_color){0.9f, 1.0f, 0.7f, 1.0f};
    light.ambient = (struct wined3d_color){0.1f, 0.1f, 0.3f, 1.0f};
    light.position = (struct wined3d_vec3){0.0f, 0.0f, -20.0f};
    light.direction = (struct wined3d_vec3){0.0f, 0.0f, 1.0f};
    light.range = 1000.0f;
    light.attenuation0 = 1.0f;
    light.theta = 0.6f;
    light.phi = 1.4f;
    light.falloff = 2.0f;
    add_light(&state, 0, &light);
    failures += check_lit_points(&state, "spot");

    /* Colour sources with COLORVERTEX, two lights, NORMALIZENORMALS. */
    state.render_states[WINED3D_RS_COLORVERTEX] = 1;
    state.render_states[WINED3D_RS_AMBIENTMATERIALSOURCE] = WINED3D_MCS_COLOR2;
    state.render_states[WINED3D_RS_EMISSIVEMATERIALSOURCE] = WINED3D_MCS_COLOR1;
    state.render_states[WINED3D_RS_NORMALIZENORMALS] = 1;
    light.type = WINED3D_LIGHT_DIRECTIONAL;
    light.direction = (struct wined3d_vec3){-0.5f, 0.5f, 1.0f};
    add_light(&state, 5, &light);
    failures += check_lit_points(&state, "sources");
    assert_int_equal(failures, 0);
}

/* ---------------------------------------------------------------------- */
/* Texture coordinates: generation and transforms.                         */

/* A 4x4 texture with a distinct colour per texel. */
static GLuint grid_texture(uint32_t *texels)
{
    unsigned int i;

    for (i = 0; i < 16; ++i) texels[i] = 0xff000000 | ((i * 16 + 8) << 16) | ((255 - i * 16) << 8) | (i * 5);
    return ffp_gl_texture_2d(4, 4, texels, 1);
}

static uint32_t grid_lookup(const uint32_t *texels, float u, float v)
{
    int x = (int)floorf(u * 4.0f) & 3, y = (int)floorf(v * 4.0f) & 3;
    return texels[y * 4 + x];
}

/* Texture matrix that maps texel centres: out = in * M. */
static void test_texture_transforms(void **ctx)
{
    struct wined3d_state state;
    struct lit_vertex v[16];
    uint32_t texels[16];
    GLuint textures[8] = {0};
    struct wined3d_matrix *m = &state.transforms[WINED3D_TS_TEXTURE0];
    unsigned int i, failures = 0, variant;

    textures[0] = grid_texture(texels);
    for (variant = 0; variant < 4; ++variant)
    {
        ffp_state_init(&state);
        state.fvf = LIT_FVF;
        state.render_states[WINED3D_RS_LIGHTING] = 0;
        set_ortho_projection(&state);
        state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
        for (i = 0; i < 16; ++i)
        {
            point_at_pixel(&v[i], 5 + (i % 4) * 13, 5 + (i / 4) * 13, 10.0f);
            v[i].u = (i % 4) * 0.25f + 0.125f;
            v[i].v = (i / 4) * 0.25f + 0.125f;
        }
        /* Swap u and v and translate by one texel in u: Direct3D takes the
         * translation of 2D coordinates from the third row. */
        memset(m, 0, sizeof(*m));
        m->_12 = 1.0f;
        m->_21 = 1.0f;
        m->_31 = 0.25f;
        m->_44 = 1.0f;
        switch (variant)
        {
            case 0: state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT2; break;
            case 1: state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_DISABLE; break;
            case 2: state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT1; break;
            case 3:
                /* COUNT3 | PROJECTED: third output = 2 (from the padded 1 * _33), so u, v halve. */
                state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT3 | WINED3D_TTFF_PROJECTED;
                m->_31 = 0.0f;
                m->_33 = 2.0f;
                break;
        }
        ffp_gl_clear(0, 1.0f);
        draw_points(&state, v, 16, textures);
        for (i = 0; i < 16; ++i)
        {
            float u = v[i].u, vv = v[i].v, eu = u, ev = vv;
            uint32_t got, expected;

            if (variant == 0) { eu = vv + 0.25f; ev = u; }
            else if (variant == 3) { eu = vv / 2.0f; ev = u / 2.0f; }
            expected = grid_lookup(texels, eu, ev);
            got = ffp_gl_read(5 + (i % 4) * 13, 5 + (i / 4) * 13);
            if (!ffp_color_close(got, expected, TOLERANCE))
            {
                fprintf(stderr, "Texture transform variant %u point %u: got %08x, expected %08x.\n",
                        variant, i, got, expected);
                ++failures;
            }
        }
    }
    glDeleteTextures(8, textures);
    assert_int_equal(failures, 0);
}

static void test_texgen(void **ctx)
{
    struct wined3d_state state;
    struct lit_vertex v[16];
    uint32_t texels[16];
    GLuint textures[8] = {0};
    unsigned int i, mode, failures = 0;

    textures[0] = grid_texture(texels);
    for (mode = 1; mode <= 3; ++mode)
    {
        ffp_state_init(&state);
        state.fvf = LIT_FVF;
        state.render_states[WINED3D_RS_LIGHTING] = 0;
        state.render_states[WINED3D_RS_LOCALVIEWER] = 0;
        set_ortho_projection(&state);
        state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
        state.texture_states[0][WINED3D_TSS_TEXCOORDINDEX] = mode << 16;
        /* Map the generated xy from -1..1 (normals) or -16..16 (positions) to 0..1. */
        {
            struct wined3d_matrix *m = &state.transforms[WINED3D_TS_TEXTURE0];
            float s = mode == 2 ? 1.0f / 32.0f : 0.5f;
            memset(m, 0, sizeof(*m));
            m->_11 = s;
            m->_22 = s;
            m->_41 = 0.5f;
            m->_42 = 0.5f;
            m->_44 = 1.0f;
            state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT2;
        }
        for (i = 0; i < 16; ++i)
        {
            float n[3] = {((i % 4) - 1.5f) * 0.45f, ((i / 4) - 1.5f) * 0.45f, -1.0f};
            point_at_pixel(&v[i], 5 + (i % 4) * 13, 5 + (i / 4) * 13, 10.0f);
            v[i].nx = n[0]; v[i].ny = n[1]; v[i].nz = n[2];
        }
        ffp_gl_clear(0, 1.0f);
        draw_points(&state, v, 16, textures);
        for (i = 0; i < 16; ++i)
        {
            float g[3], u, vv;
            uint32_t got, expected;

            if (mode == 1)
            {
                g[0] = v[i].nx; g[1] = v[i].ny; g[2] = v[i].nz;
            }
            else if (mode == 2)
            {
                g[0] = v[i].x; g[1] = v[i].y; g[2] = v[i].z;
            }
            else
            {
                /* Reflection of the view direction (0, 0, 1) about the unit normal. */
                float n[3] = {v[i].nx, v[i].ny, v[i].nz}, e[3] = {0.0f, 0.0f, 1.0f}, d;
                normalize3(n);
                d = dot3(n, e);
                g[0] = e[0] - 2.0f * d * n[0]; g[1] = e[1] - 2.0f * d * n[1]; g[2] = e[2] - 2.0f * d * n[2];
            }
            u = (mode == 2 ? g[0] / 32.0f : g[0] * 0.5f) + 0.5f;
            vv = (mode == 2 ? g[1] / 32.0f : g[1] * 0.5f) + 0.5f;
            /* Skip coordinates on a texel border, where either texel is right. */
            if (fabsf(u * 4.0f - floorf(u * 4.0f + 0.5f)) < 0.02f || fabsf(vv * 4.0f - floorf(vv * 4.0f + 0.5f)) < 0.02f)
                continue;
            expected = grid_lookup(texels, u, vv);
            got = ffp_gl_read(5 + (i % 4) * 13, 5 + (i / 4) * 13);
            if (!ffp_color_close(got, expected, TOLERANCE))
            {
                fprintf(stderr, "Texgen %u point %u (%.3f %.3f): got %08x, expected %08x.\n", mode, i, u, vv,
                        got, expected);
                ++failures;
            }
        }
    }
    glDeleteTextures(8, textures);
    assert_int_equal(failures, 0);
}

/* ---------------------------------------------------------------------- */
/* Vertex blending and clip planes.                                        */

struct blend_vertex
{
    float x, y, z;
    float b[3];
    uint32_t diffuse;
};

static void test_vertex_blend(void **ctx)
{
    struct wined3d_state state;
    struct blend_vertex v[3];
    struct wined3d_ffp_uniforms u;
    GLuint program;
    unsigned int i, weights, failures = 0;
    static const float tx[4] = {0.0f, 8.0f, 0.0f, -4.0f}, ty[4] = {0.0f, 0.0f, -8.0f, 4.0f};

    ffp_state_init(&state);
    state.fvf = WINED3DFVF_XYZB3 | WINED3DFVF_DIFFUSE;
    state.render_states[WINED3D_RS_LIGHTING] = 0;
    set_ortho_projection(&state);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    {
        static const unsigned int worlds[4] = {WINED3D_TS_WORLD, WINED3D_TS_WORLD1, WINED3D_TS_WORLD2, WINED3D_TS_WORLD3};
        for (i = 0; i < 4; ++i)
        {
            state.transforms[worlds[i]]._41 = tx[i];
            state.transforms[worlds[i]]._42 = ty[i];
        }
    }
    for (weights = 0; weights <= 3; ++weights)
    {
        state.render_states[WINED3D_RS_VERTEXBLEND] = weights;
        for (i = 0; i < 3; ++i)
        {
            v[i].x = -8.0f + i * 6.0f;
            v[i].y = 4.0f - i * 5.0f;
            v[i].z = 10.0f;
            v[i].b[0] = 0.25f;
            v[i].b[1] = 0.25f;
            v[i].b[2] = 0.125f;
            v[i].diffuse = 0xffffffff;
        }
        ffp_gl_clear(0, 1.0f);
        program = ffp_prepare(&state, &u, NULL, NULL);
        assert_true(program != 0);
        ffp_gl_draw(program, &u, state.fvf, GL_POINTS, v, 3, NULL, 0);
        for (i = 0; i < 3; ++i)
        {
            float w[4] = {0}, sum = 0.0f, x = 0.0f, y = 0.0f;
            unsigned int k, px, py;

            for (k = 0; k < weights; ++k) { w[k] = v[i].b[k]; sum += w[k]; }
            w[weights] = 1.0f - sum;
            for (k = 0; k <= weights; ++k)
            {
                x += w[k] * (v[i].x + tx[k]);
                y += w[k] * (v[i].y + ty[k]);
            }
            px = (unsigned int)floorf((x / 16.0f + 1.0f) * FFP_TEST_WIDTH / 2.0f + 0.5f);
            py = (unsigned int)floorf((1.0f - y / 16.0f) * FFP_TEST_HEIGHT / 2.0f + 0.5f);
            if (ffp_gl_read(px, py) != 0xffffffff)
            {
                fprintf(stderr, "Blend %u weights vertex %u: nothing at %u, %u.\n", weights, i, px, py);
                ++failures;
            }
        }
    }
    assert_int_equal(failures, 0);
}

static void test_clip_planes(void **ctx)
{
    struct wined3d_state state;
    struct lit_vertex v[4];
    struct wined3d_ffp_uniforms u;
    struct wined3d_ffp_key key;
    GLuint program;
    unsigned int i;

    ffp_state_init(&state);
    state.fvf = LIT_FVF;
    state.render_states[WINED3D_RS_LIGHTING] = 0;
    set_ortho_projection(&state);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    /* World-space plane x >= 4 (kept where dot >= 0), seen through a view
     * that moves everything by -4 in x: in eye space x >= 0. */
    state.clip_planes[2] = (struct wined3d_vec4){1.0f, 0.0f, 0.0f, -4.0f};
    state.transforms[WINED3D_TS_VIEW]._41 = -4.0f;
    state.render_states[WINED3D_RS_CLIPPLANEENABLE] = 1u << 2;
    for (i = 0; i < 4; ++i)
    {
        memset(&v[i], 0, sizeof(v[i]));
        v[i].x = (i & 1 ? 16.0f : -16.0f) + 4.0f;
        v[i].y = i & 2 ? -16.0f : 16.0f;
        v[i].z = 10.0f;
        v[i].diffuse = 0xff00ff00;
    }
    program = ffp_prepare(&state, &u, tex_2d, &key);
    assert_int_equal(key.clip_planes, 1u << 2);
    glEnable(GL_CLIP_DISTANCE2);
    ffp_gl_clear(0xff000000, 1.0f);
    ffp_gl_draw(program, &u, state.fvf, GL_TRIANGLE_STRIP, v, 4, NULL, 0);
    glDisable(GL_CLIP_DISTANCE2);
    assert_int_equal(ffp_gl_read(10, 30), 0xff000000);
    assert_int_equal(ffp_gl_read(50, 30), 0xff00ff00);

    /* CLIPPING off disables user planes, even with the GL distance enabled. */
    state.render_states[WINED3D_RS_CLIPPING] = 0;
    program = ffp_prepare(&state, &u, tex_2d, &key);
    assert_int_equal(key.clip_planes, 0);
    glEnable(GL_CLIP_DISTANCE2);
    ffp_gl_clear(0xff000000, 1.0f);
    ffp_gl_draw(program, &u, state.fvf, GL_TRIANGLE_STRIP, v, 4, NULL, 0);
    glDisable(GL_CLIP_DISTANCE2);
    assert_int_equal(ffp_gl_read(10, 30), 0xff00ff00);
    assert_int_equal(ffp_gl_read(50, 30), 0xff00ff00);
}

/* ---------------------------------------------------------------------- */
/* W-buffer.                                                               */

static void test_w_buffer(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];
    struct wined3d_matrix *p = &state.transforms[WINED3D_TS_PROJECTION];
    float depth, w = 25.0f;

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.render_states[WINED3D_RS_ZENABLE] = WINED3D_ZB_USEW;
    /* zn 1, zf 101. */
    memset(p, 0, sizeof(*p));
    p->_11 = p->_22 = 1.0f;
    p->_33 = 101.0f / 100.0f;
    p->_43 = -101.0f / 100.0f;
    p->_34 = 1.0f;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.9f, 0xffffffff, 0);
    for (unsigned int i = 0; i < 4; ++i) v[i].rhw = 1.0f / w;
    draw_rhw_quad(&state, v, NULL);
    depth = ffp_gl_read_depth(20, 20);
    /* Linear in w between the near and far planes. */
    assert_true(fabsf(depth - (w - 1.0f) / 100.0f) < 0.002f);

    /* A nearer w wins even with a larger z. */
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.99f, 0xff0000ff, 0);
    for (unsigned int i = 0; i < 4; ++i) v[i].rhw = 1.0f / 10.0f;
    draw_rhw_quad(&state, v, NULL);
    assert_int_equal(ffp_gl_read(20, 20), 0xff0000ff);
    glDisable(GL_DEPTH_TEST);
}

/* Pre-transformed z reaches the depth buffer unscaled by minZ/maxZ. */
static void test_rhw_depth(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];

    ffp_state_init(&state);
    state.fvf = RHW_FVF;
    state.viewport.min_z = 0.25f;
    state.viewport.max_z = 0.75f;
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    glDepthRange(0.25, 0.75);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    ffp_gl_clear(0, 1.0f);
    rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.6f, 0xffffffff, 0);
    draw_rhw_quad(&state, v, NULL);
    glDepthRange(0.0, 1.0);
    glDisable(GL_DEPTH_TEST);
    assert_true(fabsf(ffp_gl_read_depth(10, 10) - 0.6f) < 0.001f);
}

/* Without glClipControl the shader remaps Direct3D's 0..w clip z: the same
 * depths land in the buffer, for pre-transformed and transformed vertices. */
static void test_depth_without_clip_control(void **ctx)
{
    struct wined3d_state state;
    struct rhw_vertex v[4];
    struct lit_vertex p;
    unsigned int pass;

    for (pass = 0; pass < 2; ++pass)
    {
        if (!ffp_gl_force_gl_depth(pass)) continue;
        ffp_state_init(&state);
        state.fvf = RHW_FVF;
        state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
        state.texture_states[0][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_ALWAYS);
        ffp_gl_clear(0, 1.0f);
        rhw_quad(v, 0.0f, 0.0f, FFP_TEST_WIDTH, FFP_TEST_HEIGHT, 0.3f, 0xffffffff, 0);
        draw_rhw_quad(&state, v, NULL);
        assert_true(fabsf(ffp_gl_read_depth(10, 10) - 0.3f) < 0.001f);

        /* Transformed: eye z 40 of the 0..100 projection is depth 0.4. */
        state.fvf = LIT_FVF;
        state.render_states[WINED3D_RS_LIGHTING] = 0;
        set_ortho_projection(&state);
        point_at_pixel(&p, 20, 20, 40.0f);
        p.diffuse = 0xffffffff;
        draw_points(&state, &p, 1, NULL);
        assert_true(fabsf(ffp_gl_read_depth(20, 20) - 0.4f) < 0.001f);
        /* Behind the near plane (eye z < 0) is clipped in both modes. */
        ffp_gl_clear(0, 1.0f);
        point_at_pixel(&p, 20, 20, -1.0f);
        p.diffuse = 0xffffffff;
        draw_points(&state, &p, 1, NULL);
        assert_int_equal(ffp_gl_read(20, 20), 0);
        glDisable(GL_DEPTH_TEST);
    }
    ffp_gl_force_gl_depth(0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_pixel_centres),
        cmocka_unit_test(test_flat_shading),
        cmocka_unit_test(test_stage_ops),
        cmocka_unit_test(test_stage_cascade_end),
        cmocka_unit_test(test_stage_clamp_before_next),
        cmocka_unit_test(test_specular_add),
        cmocka_unit_test(test_bump_env_map),
        cmocka_unit_test(test_bump_env_map_luminance),
        cmocka_unit_test(test_stage_without_texture),
        cmocka_unit_test(test_cylindrical_wrap),
        cmocka_unit_test(test_eight_stages),
        cmocka_unit_test(test_random_cascades),
        cmocka_unit_test(test_stage_ops_generic),
        cmocka_unit_test(test_stage_without_texture_generic),
        cmocka_unit_test(test_eight_stages_generic),
        cmocka_unit_test(test_random_cascades_generic),
        cmocka_unit_test(test_bump_env_map_generic),
        cmocka_unit_test(test_stage_ops_generic_ops),
        cmocka_unit_test(test_stage_without_texture_generic_ops),
        cmocka_unit_test(test_eight_stages_generic_ops),
        cmocka_unit_test(test_random_cascades_generic_ops),
        cmocka_unit_test(test_alpha_test),
        cmocka_unit_test(test_table_fog_rhw),
        cmocka_unit_test(test_specular_alpha_fog),
        cmocka_unit_test(test_vertex_fog),
        cmocka_unit_test(test_table_fog_projection_rule),
        cmocka_unit_test(test_lighting),
        cmocka_unit_test(test_texture_transforms),
        cmocka_unit_test(test_texgen),
        cmocka_unit_test(test_vertex_blend),
        cmocka_unit_test(test_clip_planes),
        cmocka_unit_test(test_w_buffer),
        cmocka_unit_test(test_rhw_depth),
        cmocka_unit_test(test_depth_without_clip_control),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

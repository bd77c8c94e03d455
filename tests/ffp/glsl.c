/*
 * The generated GLSL compiles and links on real Mesa for many keys, and the
 * uniform blocks' std140 layouts as GL reports them equal the C structs.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ffp_test.h"

static int setup(void **ctx)
{
    return ffp_gl_init() ? 0 : -1;
}

static int teardown(void **ctx)
{
    ffp_gl_cleanup();
    return 0;
}

static void check_block(GLuint program, const char *block_name, GLint size_expected,
        const struct wined3d_ffp_uniform_member *members, unsigned int count, GLuint binding,
        GLenum referenced, GLenum not_referenced)
{
    GLuint block;
    GLint size = 0, value = -1;
    unsigned int i;

    block = glGetUniformBlockIndex(program, block_name);
    assert_int_not_equal(block, GL_INVALID_INDEX);
    glGetActiveUniformBlockiv(program, block, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
    assert_int_equal(size, size_expected);
    glGetActiveUniformBlockiv(program, block, GL_UNIFORM_BLOCK_BINDING, &value);
    assert_int_equal(value, binding);
    /* Each stage reads its own block only: a per-object matrix must not
     * be part of the fragment stage's constants. */
    glGetActiveUniformBlockiv(program, block, referenced, &value);
    assert_int_equal(value, GL_TRUE);
    glGetActiveUniformBlockiv(program, block, not_referenced, &value);
    assert_int_equal(value, GL_FALSE);

    for (i = 0; i < count; ++i)
    {
        const char *name = members[i].name;
        GLuint index = GL_INVALID_INDEX;
        GLint offset = -1;

        glGetUniformIndices(program, 1, &name, &index);
        if (index == GL_INVALID_INDEX) fprintf(stderr, "No uniform %s.\n", name);
        assert_int_not_equal(index, GL_INVALID_INDEX);
        glGetActiveUniformsiv(program, 1, &index, GL_UNIFORM_OFFSET, &offset);
        if (offset != (GLint)members[i].offset)
            fprintf(stderr, "%s: GL offset %d, C offset %zu.\n", name, offset, members[i].offset);
        assert_int_equal(offset, members[i].offset);
    }
}

static void test_uniform_layout(void **ctx)
{
    struct wined3d_ffp_key key;
    GLuint program;
    GLint blocks = 0;

    /* The vertex stage reads rhw_scale, the fragment stage alpha_ref. */
    memset(&key, 0, sizeof(key));
    key.xyzrhw = 1;
    key.alpha_func = WINED3D_CMP_GREATER;
    program = ffp_gl_build(&key);
    assert_true(program != 0);
    glGetProgramiv(program, GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
    assert_int_equal(blocks, 2);
    check_block(program, "ffp_vs_uniforms", sizeof(struct wined3d_ffp_vs_uniforms),
            wined3d_ffp_vs_uniform_members, wined3d_ffp_vs_uniform_member_count, WINED3D_FFP_VS_UBO_BINDING,
            GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER);
    check_block(program, "ffp_fs_uniforms", sizeof(struct wined3d_ffp_fs_uniforms),
            wined3d_ffp_fs_uniform_members, wined3d_ffp_fs_uniform_member_count, WINED3D_FFP_FS_UBO_BINDING,
            GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER);
}

/* xorshift: the same sequence on every run. */
static uint32_t rng_state = 0x12345678;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static uint32_t pick(uint32_t n)
{
    return rng() % n;
}

static const uint32_t fvf_positions[] =
{
    WINED3DFVF_XYZ, WINED3DFVF_XYZRHW, WINED3DFVF_XYZB1, WINED3DFVF_XYZB2, WINED3DFVF_XYZB3, WINED3DFVF_XYZB4,
    WINED3DFVF_XYZB5,
};

static void random_state(struct wined3d_state *state)
{
    uint32_t *rs = state->render_states;
    unsigned int s, i, stages;

    ffp_state_init(state);
    state->fvf = fvf_positions[pick(7)] | (pick(2) ? WINED3DFVF_NORMAL : 0) | (pick(2) ? WINED3DFVF_DIFFUSE : 0)
            | (pick(2) ? WINED3DFVF_SPECULAR : 0) | WINED3DFVF_TEX(pick(9)) | (rng() & 0xffff0000);
    rs[WINED3D_RS_LIGHTING] = pick(2);
    rs[WINED3D_RS_SPECULARENABLE] = pick(2);
    rs[WINED3D_RS_LOCALVIEWER] = pick(2);
    rs[WINED3D_RS_NORMALIZENORMALS] = pick(2);
    rs[WINED3D_RS_COLORVERTEX] = pick(2);
    rs[WINED3D_RS_DIFFUSEMATERIALSOURCE] = pick(3);
    rs[WINED3D_RS_AMBIENTMATERIALSOURCE] = pick(3);
    rs[WINED3D_RS_SPECULARMATERIALSOURCE] = pick(3);
    rs[WINED3D_RS_EMISSIVEMATERIALSOURCE] = pick(3);
    rs[WINED3D_RS_SHADEMODE] = 1 + pick(2);
    rs[WINED3D_RS_FOGENABLE] = pick(2);
    rs[WINED3D_RS_FOGTABLEMODE] = pick(4);
    rs[WINED3D_RS_FOGVERTEXMODE] = pick(4);
    rs[WINED3D_RS_RANGEFOGENABLE] = pick(2);
    rs[WINED3D_RS_CLIPPLANEENABLE] = pick(64);
    rs[WINED3D_RS_ALPHATESTENABLE] = pick(2);
    rs[WINED3D_RS_ALPHAFUNC] = 1 + pick(8);
    rs[WINED3D_RS_VERTEXBLEND] = pick(4);
    rs[WINED3D_RS_ZENABLE] = pick(3);
    for (i = 0; i < 8; ++i) rs[WINED3D_RS_WRAP0 + i] = pick(4);
    for (i = 0; i < 8; ++i)
        if (pick(2))
        {
            state->active_light_mask |= 1u << i;
            state->active_lights[i].type = 1 + pick(3);
        }
    stages = pick(9);
    for (s = 0; s < 8; ++s)
    {
        uint32_t *tss = state->texture_states[s];
        tss[WINED3D_TSS_COLOROP] = s < stages ? 2 + pick(23) : WINED3D_TOP_DISABLE;
        tss[WINED3D_TSS_ALPHAOP] = 1 + pick(24);
        tss[WINED3D_TSS_COLORARG1] = pick(5) | (pick(4) << 4);
        tss[WINED3D_TSS_COLORARG2] = pick(5) | (pick(4) << 4);
        tss[WINED3D_TSS_ALPHAARG1] = pick(5) | (pick(4) << 4);
        tss[WINED3D_TSS_ALPHAARG2] = pick(5) | (pick(4) << 4);
        tss[WINED3D_TSS_TEXCOORDINDEX] = pick(8) | (pick(4) << 16);
        tss[WINED3D_TSS_TEXTURETRANSFORMFLAGS] = pick(5) | (pick(2) ? WINED3D_TTFF_PROJECTED : 0);
    }
}

static int build_ok(const struct wined3d_ffp_key *key)
{
    GLuint program = ffp_gl_build(key);
    return program != 0;
}

/* Keys from random Direct3D states (texture types varied by hand, since no
 * core textures exist here). */
static void test_random_states(void **ctx)
{
    struct wined3d_state state;
    struct wined3d_ffp_key key;
    unsigned int i, s, failures = 0;

    for (i = 0; i < 300; ++i)
    {
        random_state(&state);
        wined3d_ffp_key_from_state(&key, &state, NULL);
        for (s = 0; s < 8; ++s)
            if (wined3d_ffp_stage_samples(&key, s)) key.stages[s].tex_type = pick(3);
        if (!build_ok(&key)) ++failures;
    }
    assert_int_equal(failures, 0);
}

/* Every op in every stage position with every argument form. */
static void test_every_op(void **ctx)
{
    struct wined3d_state state;
    struct wined3d_ffp_key key;
    unsigned int op, arg, failures = 0;
    uint8_t tex_types[8] = {1, 1, 1, 1, 1, 1, 1, 1};

    for (op = WINED3D_TOP_SELECTARG1; op <= WINED3D_TOP_DOTPRODUCT3; ++op)
        for (arg = 0; arg < 5; ++arg)
        {
            ffp_state_init(&state);
            state.fvf = WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(2);
            state.texture_states[0][WINED3D_TSS_COLOROP] = op;
            state.texture_states[0][WINED3D_TSS_ALPHAOP] = op;
            state.texture_states[0][WINED3D_TSS_COLORARG1] = arg | WINED3DTA_COMPLEMENT;
            state.texture_states[0][WINED3D_TSS_ALPHAARG2] = arg;
            state.texture_states[1][WINED3D_TSS_COLOROP] = op;
            state.texture_states[1][WINED3D_TSS_COLORARG2] = arg | WINED3DTA_ALPHAREPLICATE;
            state.texture_states[1][WINED3D_TSS_ALPHAOP] = op;
            state.texture_states[1][WINED3D_TSS_TEXCOORDINDEX] = 1;
            state.texture_states[2][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE;
            state.texture_states[2][WINED3D_TSS_TEXCOORDINDEX] = 1;
            wined3d_ffp_key_from_state(&key, &state, NULL);
            for (unsigned int s = 0; s < 8; ++s)
                if (wined3d_ffp_stage_samples(&key, s)) key.stages[s].tex_type = tex_types[s];
            if (!build_ok(&key)) ++failures;
        }
    assert_int_equal(failures, 0);
}

/* Hand-made keys for the vertex side: each light type, blending, texgen,
 * transforms, fog modes, clip planes, flat shading, w-buffer. */
static void test_vertex_features(void **ctx)
{
    struct wined3d_ffp_key key;
    unsigned int i, failures = 0;

    for (i = 0; i < 64; ++i)
    {
        memset(&key, 0, sizeof(key));
        key.has_normal = 1;
        key.has_diffuse = i & 1;
        key.has_specular = (i >> 1) & 1;
        key.blend_weights = i % 4;
        key.lighting = 1;
        key.light_count = 1 + i % 8;
        for (unsigned int l = 0; l < key.light_count; ++l) key.light_type[l] = 1 + (i + l) % 3;
        key.diffuse_source = i % 3;
        key.specular_source = (i / 3) % 3;
        key.local_viewer = (i >> 2) & 1;
        key.normalize = (i >> 3) & 1;
        key.specular_enable = (i >> 4) & 1;
        key.flat = (i >> 5) & 1;
        key.fog = i % 8;
        key.range_fog = key.fog >= WINED3D_FFP_FOG_VERTEX_EXP && key.fog <= WINED3D_FFP_FOG_VERTEX_LINEAR && (i & 8);
        key.clip_planes = i;
        key.alpha_func = i % 10; /* 8 (ALWAYS) and 9 are not made by key_from_state but must not break */
        key.w_buffer = i & 1;
        key.texcoord_size[0] = 1 + i % 4;
        key.stages[0].color_op = WINED3D_TOP_MODULATE;
        key.stages[0].color_arg1 = WINED3DTA_TEXTURE;
        key.stages[0].alpha_op = WINED3D_TOP_SELECTARG1;
        key.stages[0].alpha_arg1 = WINED3DTA_TEXTURE;
        key.stages[0].tex_type = 1 + (i & 1);
        key.stages[0].texgen = i % 4;
        key.stages[0].coord_size = key.stages[0].texgen ? 0 : key.texcoord_size[0];
        key.stages[0].transform_count = (i % 5) < 2 ? 0 : i % 5;
        key.stages[0].projected = (i >> 1) & 1 && key.stages[0].transform_count;
        if (!build_ok(&key)) ++failures;
    }
    assert_int_equal(failures, 0);
}

/* A stage whose ops and arguments keep 0..1 (a modulate or a select of
 * vertex colours, the factor, current or an unsigned texture) ends without
 * a clamp, which costs a software rasteriser for each pixel; one that can
 * leave the range (modulate2x, add, a signed texture) keeps it. */
static void test_stage_clamp_left_out(void **ctx)
{
    static const struct
    {
        uint32_t op, arg1;
        uint8_t signed_tex;
        int clamped;
    }
    cases[] =
    {
        {WINED3D_TOP_MODULATE, WINED3DTA_TEXTURE, 0, 0},
        {WINED3D_TOP_SELECTARG1, WINED3DTA_TFACTOR | WINED3DTA_COMPLEMENT, 0, 0},
        {WINED3D_TOP_MODULATE, WINED3DTA_TEXTURE, 1, 1},
        {WINED3D_TOP_MODULATE2X, WINED3DTA_TEXTURE, 0, 1},
        {WINED3D_TOP_ADD, WINED3DTA_TEXTURE, 0, 1},
    };
    static const char clamp[] = "current = clamp(vec4(res_rgb, res_a), 0.0, 1.0);";
    struct wined3d_state state;
    struct wined3d_ffp_key key;
    unsigned int i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        char *fs;

        ffp_state_init(&state);
        state.fvf = WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_TEX1;
        state.texture_states[0][WINED3D_TSS_COLOROP] = cases[i].op;
        state.texture_states[0][WINED3D_TSS_COLORARG1] = cases[i].arg1;
        wined3d_ffp_key_from_state(&key, &state, NULL);
        key.stages[0].tex_type = WINED3D_FFP_TEX_2D;
        key.stages[0].signed_tex = cases[i].signed_tex;
        fs = wined3d_ffp_generate_fs(&key);
        if (!strstr(fs, clamp) != !cases[i].clamped)
            fprintf(stderr, "case %u: expected %s clamp\n%s\n", i, cases[i].clamped ? "a" : "no", fs);
        assert_int_equal(!!strstr(fs, clamp), cases[i].clamped);
        free(fs);
        assert_true(build_ok(&key));
    }
}

/* A 2D stage sampled at (u, v) hands the fragment stage two interpolated
 * components; a projected or cube stage keeps all four, which it reads. */
static void test_coord_varying_width(void **ctx)
{
    static const struct
    {
        uint32_t fvf, ttff;
        uint8_t tex_type;
        const char *width;
    }
    cases[] =
    {
        {WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_TEX1, 0, WINED3D_FFP_TEX_2D, "vec2"},
        {WINED3DFVF_XYZ | WINED3DFVF_TEX1, WINED3D_TTFF_COUNT2, WINED3D_FFP_TEX_2D, "vec2"},
        {WINED3DFVF_XYZ | WINED3DFVF_TEX1 | WINED3DFVF_TEXCOORDSIZE3(0), WINED3D_TTFF_COUNT3 | WINED3D_TTFF_PROJECTED,
                WINED3D_FFP_TEX_2D, "vec4"},
        {WINED3DFVF_XYZ | WINED3DFVF_TEX1 | WINED3DFVF_TEXCOORDSIZE3(0), 0, WINED3D_FFP_TEX_CUBE, "vec4"},
    };
    struct wined3d_state state;
    struct wined3d_ffp_key key;
    char out[64], in[64];
    unsigned int i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        char *vs, *fs;

        ffp_state_init(&state);
        state.fvf = cases[i].fvf;
        state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE;
        state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = cases[i].ttff;
        wined3d_ffp_key_from_state(&key, &state, NULL);
        assert_true(wined3d_ffp_stage_samples(&key, 0));
        key.stages[0].tex_type = cases[i].tex_type;
        vs = wined3d_ffp_generate_vs(&key);
        fs = wined3d_ffp_generate_fs(&key);
        snprintf(out, sizeof(out), "out %s ffp_varying_texcoord0;", cases[i].width);
        snprintf(in, sizeof(in), "in %s ffp_varying_texcoord0;", cases[i].width);
        if (!strstr(vs, out) || !strstr(fs, in))
            fprintf(stderr, "case %u: expected %s\n%s\n%s\n", i, cases[i].width, vs, fs);
        assert_non_null(strstr(vs, out));
        assert_non_null(strstr(fs, in));
        free(vs);
        free(fs);
        assert_true(build_ok(&key));
    }
}

/* A random float in -2..2 with a few exact values among them. */
static float random_float(void)
{
    return (float)((int)pick(33) - 16) / 8.0f;
}

static void random_matrix(struct wined3d_matrix *m)
{
    float *f = &m->_11;
    unsigned int i;

    for (i = 0; i < 16; ++i) f[i] = random_float();
}

/* One input of the vertex block changed at random. */
static void change_vs_input(struct wined3d_state *state, struct wined3d_ffp_draw_info *info)
{
    static const unsigned int transforms[] =
    {
        WINED3D_TS_WORLD, WINED3D_TS_WORLD1, WINED3D_TS_WORLD2, WINED3D_TS_WORLD3, WINED3D_TS_VIEW,
        WINED3D_TS_PROJECTION, WINED3D_TS_TEXTURE0, WINED3D_TS_TEXTURE7,
    };
    uint32_t *rs = state->render_states;
    struct wined3d_light *light = &state->active_lights[pick(8)];

    switch (pick(12))
    {
        case 0: case 1: case 2: random_matrix(&state->transforms[transforms[pick(8)]]); break;
        case 3: (&state->clip_planes[pick(6)].x)[pick(4)] = random_float(); break;
        case 4: state->viewport.x = pick(64); state->viewport.width = 1 + pick(640);
                state->viewport.min_z = pick(2) * 0.5f; break;
        case 5: (&state->material.diffuse.r)[pick(17)] = random_float(); break;
        case 6: state->active_light_mask ^= 1u << pick(8); break;
        case 7: light->type = 1 + pick(3); light->diffuse.g = random_float(); light->position.x = random_float();
                light->direction.y = random_float(); light->theta = random_float(); light->range = random_float();
                break;
        case 8: rs[WINED3D_RS_AMBIENT] = rng(); break;
        case 9: rs[WINED3D_RS_FOGSTART + pick(3)] = wined3d_float_to_dword(random_float()); break;
        case 10: rs[WINED3D_RS_ZINTEGERBITS] = pick(2) ? 0 : pick(2) ? 16 : 24; break;
        case 11: info->flags ^= WINED3D_FFP_NO_CLIP_CONTROL; break;
    }
}

/* The vertex block computed again part by part, only the parts whose
 * inputs changed, equals the block computed from scratch. */
static void test_vs_parts_equal_fill(void **ctx)
{
    struct wined3d_ffp_draw_info info = {WINED3D_FFP_FLIP_Y, NULL};
    struct wined3d_ffp_vs_uniforms *current, *fresh;
    struct wined3d_ffp_vs_inputs *inputs;
    struct wined3d_state *state;
    unsigned int i, parts, skipped = 0;

    state = calloc(1, sizeof(*state));
    current = calloc(1, sizeof(*current));
    fresh = calloc(1, sizeof(*fresh));
    inputs = wined3d_ffp_vs_inputs_create();
    assert_true(state && current && fresh && inputs);
    random_state(state);
    state->viewport.width = state->viewport.height = 64;
    state->viewport.max_z = 1.0f;
    parts = wined3d_ffp_vs_inputs_update(inputs, state, &info);
    assert_int_equal(parts, WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_LIGHTS | WINED3D_FFP_VS_VIEWPORT_FOG);
    wined3d_ffp_fill_vs_uniforms(current, state, &info);
    assert_int_equal(wined3d_ffp_vs_inputs_update(inputs, state, &info), 0);

    for (i = 0; i < 3000; ++i)
    {
        change_vs_input(state, &info);
        if (pick(3) == 0) change_vs_input(state, &info);
        parts = wined3d_ffp_vs_inputs_update(inputs, state, &info);
        if (!parts) ++skipped;
        wined3d_ffp_update_vs_uniforms(current, state, &info, parts);
        wined3d_ffp_fill_vs_uniforms(fresh, state, &info);
        assert_memory_equal(current, fresh, sizeof(*fresh));
    }
    /* Some changes set a value the state already had. */
    assert_true(skipped < 1500);

    /* A new world matrix per object is its own piece, not all transforms. */
    parts = wined3d_ffp_vs_inputs_update(inputs, state, &info);
    random_matrix(&state->transforms[WINED3D_TS_WORLD1]);
    parts = wined3d_ffp_vs_inputs_update(inputs, state, &info);
    assert_int_equal(parts, WINED3D_FFP_VS_WORLD(1));
    wined3d_ffp_update_vs_uniforms(current, state, &info, parts);
    wined3d_ffp_fill_vs_uniforms(fresh, state, &info);
    assert_memory_equal(current, fresh, sizeof(*fresh));
    /* Told that only world matrices changed: the same pieces, and the full
     * comparison afterwards finds the inputs in step. */
    random_matrix(&state->transforms[WINED3D_TS_WORLD3]);
    random_matrix(&state->transforms[WINED3D_TS_WORLD]);
    parts = wined3d_ffp_vs_inputs_update_worlds(inputs, state);
    assert_int_equal(parts, WINED3D_FFP_VS_WORLD(0) | WINED3D_FFP_VS_WORLD(3));
    wined3d_ffp_update_vs_uniforms(current, state, &info, parts);
    wined3d_ffp_fill_vs_uniforms(fresh, state, &info);
    assert_memory_equal(current, fresh, sizeof(*fresh));
    assert_int_equal(wined3d_ffp_vs_inputs_update(inputs, state, &info), 0);
    assert_int_equal(wined3d_ffp_vs_inputs_update_worlds(inputs, state), 0);
    random_matrix(&state->transforms[WINED3D_TS_PROJECTION]);
    assert_int_equal(wined3d_ffp_vs_inputs_update(inputs, state, &info), WINED3D_FFP_VS_OTHER_TRANSFORMS);
    random_matrix(&state->transforms[WINED3D_TS_VIEW]);
    assert_int_equal(wined3d_ffp_vs_inputs_update(inputs, state, &info),
            WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_LIGHTS);
    free(inputs);
    free(fresh);
    free(current);
    free(state);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_uniform_layout),
        cmocka_unit_test(test_vs_parts_equal_fill),
        cmocka_unit_test(test_random_states),
        cmocka_unit_test(test_every_op),
        cmocka_unit_test(test_vertex_features),
        cmocka_unit_test(test_coord_varying_width),
        cmocka_unit_test(test_stage_clamp_left_out),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

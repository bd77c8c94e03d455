/*
 * Properties of the fixed-function key: states that only feed uniforms do
 * not change it, states that change code do, the key is canonical (unused
 * stages and arguments do not matter) and fully written (memcmp-able).
 * No GL needed.
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
#include "../../wined3d-lite/wined3d_private.h"

/* A few base configurations that exercise different parts of the key. */
static void base_state(struct wined3d_state *state, unsigned int which)
{
    uint32_t *rs = state->render_states;

    ffp_state_init(state);
    switch (which)
    {
        case 0: /* pre-transformed, two stages, table fog, alpha test */
            state->fvf = WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(2);
            state->texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_ADD;
            state->texture_states[1][WINED3D_TSS_TEXCOORDINDEX] = 1;
            rs[WINED3D_RS_FOGENABLE] = 1;
            rs[WINED3D_RS_FOGTABLEMODE] = WINED3D_FOG_EXP2;
            rs[WINED3D_RS_ALPHATESTENABLE] = 1;
            rs[WINED3D_RS_ALPHAFUNC] = WINED3D_CMP_GREATER;
            break;
        case 1: /* lit, three lights, vertex fog, specular, blending, clip planes */
            state->fvf = WINED3DFVF_XYZB2 | WINED3DFVF_NORMAL | WINED3DFVF_DIFFUSE | WINED3DFVF_TEX(1);
            rs[WINED3D_RS_VERTEXBLEND] = WINED3D_VBF_2WEIGHTS;
            rs[WINED3D_RS_SPECULARENABLE] = 1;
            rs[WINED3D_RS_FOGENABLE] = 1;
            rs[WINED3D_RS_FOGVERTEXMODE] = WINED3D_FOG_LINEAR;
            rs[WINED3D_RS_CLIPPLANEENABLE] = 0x5;
            state->active_light_mask = 0x13;
            state->active_lights[0].type = WINED3D_LIGHT_POINT;
            state->active_lights[1].type = WINED3D_LIGHT_SPOT;
            state->active_lights[4].type = WINED3D_LIGHT_DIRECTIONAL;
            break;
        default: /* unlit, texgen and a projected texture transform, w-buffer */
            state->fvf = WINED3DFVF_XYZ | WINED3DFVF_NORMAL | WINED3DFVF_TEX(1) | WINED3DFVF_TEXCOORDSIZE3(0);
            rs[WINED3D_RS_LIGHTING] = 0;
            rs[WINED3D_RS_ZENABLE] = WINED3D_ZB_USEW;
            state->texture_states[0][WINED3D_TSS_TEXCOORDINDEX] = WINED3D_TSS_TCI_CAMERASPACEREFLECTIONVECTOR;
            state->texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT3 | WINED3D_TTFF_PROJECTED;
            break;
    }
}

static void key_of(struct wined3d_ffp_key *key, const struct wined3d_state *state)
{
    wined3d_ffp_key_from_state(key, state, NULL);
}

typedef void (*state_change)(struct wined3d_state *state);

#define RS_CHANGE(name, id, value) \
    static void name(struct wined3d_state *s) { s->render_states[id] = (value); }
#define TSS_CHANGE(name, stage, id, value) \
    static void name(struct wined3d_state *s) { s->texture_states[stage][id] = (value); }

RS_CHANGE(fog_start, WINED3D_RS_FOGSTART, wined3d_float_to_dword(3.5f))
RS_CHANGE(fog_end, WINED3D_RS_FOGEND, wined3d_float_to_dword(77.0f))
RS_CHANGE(fog_density, WINED3D_RS_FOGDENSITY, wined3d_float_to_dword(0.25f))
RS_CHANGE(fog_color, WINED3D_RS_FOGCOLOR, 0x123456)
RS_CHANGE(alpha_ref, WINED3D_RS_ALPHAREF, 0x42)
RS_CHANGE(texture_factor, WINED3D_RS_TEXTUREFACTOR, 0x80808080)
RS_CHANGE(ambient, WINED3D_RS_AMBIENT, 0xff203040)
RS_CHANGE(src_blend, WINED3D_RS_SRCBLEND, WINED3D_BLEND_SRCALPHA)
RS_CHANGE(dst_blend, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVSRCALPHA)
RS_CHANGE(blend_enable, WINED3D_RS_ALPHABLENDENABLE, 1)
RS_CHANGE(zfunc, WINED3D_RS_ZFUNC, WINED3D_CMP_GREATER)
RS_CHANGE(zwrite, WINED3D_RS_ZWRITEENABLE, 0)
RS_CHANGE(cull, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE)
RS_CHANGE(fill, WINED3D_RS_FILLMODE, WINED3D_FILL_WIREFRAME)
RS_CHANGE(zbias, WINED3D_RS_ZBIAS, 7)
RS_CHANGE(dither, WINED3D_RS_DITHERENABLE, 1)
RS_CHANGE(stencil, WINED3D_RS_STENCILENABLE, 1)
RS_CHANGE(stencil_ref, WINED3D_RS_STENCILREF, 3)
RS_CHANGE(wrap7, WINED3D_RS_WRAP7, WINED3D_WRAP_U) /* no stage uses set 7 */
RS_CHANGE(perspective, WINED3D_RS_TEXTUREPERSPECTIVE, 0)
RS_CHANGE(last_pixel, WINED3D_RS_LASTPIXEL, 0)
TSS_CHANGE(bump00, 0, WINED3D_TSS_BUMPENVMAT00, wined3d_float_to_dword(0.5f))
TSS_CHANGE(bump11, 1, WINED3D_TSS_BUMPENVMAT11, wined3d_float_to_dword(-0.5f))
TSS_CHANGE(lscale, 0, WINED3D_TSS_BUMPENVLSCALE, wined3d_float_to_dword(2.0f))
TSS_CHANGE(loffset, 0, WINED3D_TSS_BUMPENVLOFFSET, wined3d_float_to_dword(0.1f))
TSS_CHANGE(address, 0, WINED3D_TSS_ADDRESSU, WINED3D_TADDRESS_CLAMP)
TSS_CHANGE(mag, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_LINEAR)
TSS_CHANGE(min, 1, WINED3D_TSS_MINFILTER, WINED3D_TFN_ANISOTROPIC)
TSS_CHANGE(lod_bias, 0, WINED3D_TSS_MIPMAPLODBIAS, wined3d_float_to_dword(-1.0f))
TSS_CHANGE(border, 0, WINED3D_TSS_BORDERCOLOR, 0xffff0000)
TSS_CHANGE(anisotropy, 0, WINED3D_TSS_MAXANISOTROPY, 8)

static void world(struct wined3d_state *s) { s->transforms[WINED3D_TS_WORLD]._41 = 3.0f; }
static void world1(struct wined3d_state *s) { s->transforms[WINED3D_TS_WORLD1]._22 = 2.0f; }
static void view(struct wined3d_state *s) { s->transforms[WINED3D_TS_VIEW]._43 = 10.0f; }
static void projection(struct wined3d_state *s) { s->transforms[WINED3D_TS_PROJECTION]._34 = 1.0f; }
static void texture0(struct wined3d_state *s) { s->transforms[WINED3D_TS_TEXTURE0]._11 = 4.0f; }
static void viewport(struct wined3d_state *s) { s->viewport.x = 5; s->viewport.width = 20; s->viewport.max_z = 0.5f; }
static void clip_plane(struct wined3d_state *s) { s->clip_planes[0].x = 1.0f; s->clip_planes[2].w = -3.0f; }
static void material(struct wined3d_state *s)
{
    s->material.diffuse.r = 0.3f;
    s->material.power = 40.0f;
    s->material.emissive.b = 1.0f;
}
static void light_params(struct wined3d_state *s)
{
    unsigned int i;
    for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
    {
        s->active_lights[i].diffuse.g = 0.5f;
        s->active_lights[i].position.x = 9.0f;
        s->active_lights[i].direction.y = -1.0f;
        s->active_lights[i].range = 100.0f;
        s->active_lights[i].attenuation1 = 0.5f;
        s->active_lights[i].theta = 0.3f;
        s->active_lights[i].phi = 0.9f;
        s->active_lights[i].falloff = 3.0f;
    }
}
/* Stages after the first disabled one do not matter. */
static void later_stages(struct wined3d_state *s)
{
    unsigned int i;
    for (i = 2; i < 8; ++i)
    {
        s->texture_states[i][WINED3D_TSS_COLORARG1] = WINED3DTA_SPECULAR | WINED3DTA_COMPLEMENT;
        s->texture_states[i][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_ADDSIGNED;
        s->texture_states[i][WINED3D_TSS_TEXCOORDINDEX] = WINED3D_TSS_TCI_CAMERASPACENORMAL;
        s->texture_states[i][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT4;
    }
    s->texture_states[3][WINED3D_TSS_COLOROP] = WINED3D_TOP_MODULATE4X;
}
/* The second argument of SELECTARG1 is not read. */
static void unused_arg(struct wined3d_state *s)
{
    s->texture_states[0][WINED3D_TSS_ALPHAARG2] = WINED3DTA_TFACTOR | WINED3DTA_ALPHAREPLICATE;
}

static const struct { const char *name; state_change change; } uniform_changes[] =
{
    {"fog start", fog_start}, {"fog end", fog_end}, {"fog density", fog_density}, {"fog colour", fog_color},
    {"alpha ref", alpha_ref}, {"texture factor", texture_factor}, {"ambient", ambient},
    {"src blend", src_blend}, {"dst blend", dst_blend}, {"blend enable", blend_enable}, {"zfunc", zfunc},
    {"zwrite", zwrite}, {"cull", cull}, {"fill", fill}, {"zbias", zbias}, {"dither", dither},
    {"stencil", stencil}, {"stencil ref", stencil_ref}, {"wrap7", wrap7}, {"perspective", perspective},
    {"last pixel", last_pixel}, {"bump00", bump00}, {"bump11", bump11}, {"lscale", lscale},
    {"loffset", loffset}, {"address", address}, {"mag", mag}, {"min", min}, {"lod bias", lod_bias},
    {"border", border}, {"anisotropy", anisotropy}, {"world", world}, {"world1", world1}, {"view", view},
    {"projection", projection}, {"texture0", texture0}, {"viewport", viewport}, {"clip plane", clip_plane},
    {"material", material}, {"light parameters", light_params}, {"later stages", later_stages},
    {"unused argument", unused_arg},
};

static void test_uniform_states_keep_key(void **ctx)
{
    struct wined3d_ffp_key base, key;
    struct wined3d_state state;
    unsigned int which, i, failures = 0;

    for (which = 0; which < 3; ++which)
        for (i = 0; i < sizeof(uniform_changes) / sizeof(uniform_changes[0]); ++i)
        {
            base_state(&state, which);
            key_of(&base, &state);
            uniform_changes[i].change(&state);
            key_of(&key, &state);
            if (!wined3d_ffp_key_equal(&base, &key))
            {
                fprintf(stderr, "Base %u: \"%s\" changed the key.\n", which, uniform_changes[i].name);
                ++failures;
            }
        }
    assert_int_equal(failures, 0);
}

RS_CHANGE(lighting_off, WINED3D_RS_LIGHTING, 0)
RS_CHANGE(fog_exp, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_EXP)
RS_CHANGE(fog_off, WINED3D_RS_FOGENABLE, 0)
RS_CHANGE(flat, WINED3D_RS_SHADEMODE, WINED3D_SHADE_FLAT)
RS_CHANGE(specular_enable, WINED3D_RS_SPECULARENABLE, 1)
RS_CHANGE(alpha_func, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_LESSEQUAL)
RS_CHANGE(alpha_test_off, WINED3D_RS_ALPHATESTENABLE, 0)
TSS_CHANGE(colorop, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_MODULATE2X)
TSS_CHANGE(colorarg, 0, WINED3D_TSS_COLORARG2, WINED3DTA_TFACTOR)
TSS_CHANGE(complement, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE | WINED3DTA_COMPLEMENT)
TSS_CHANGE(alphaop, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_MODULATE)
TSS_CHANGE(stage1_on, 1, WINED3D_TSS_COLOROP, WINED3D_TOP_SUBTRACT)
TSS_CHANGE(tci, 0, WINED3D_TSS_TEXCOORDINDEX, 1)
RS_CHANGE(wrap0, WINED3D_RS_WRAP0, WINED3D_WRAP_V)

static void fvf_specular(struct wined3d_state *s) { s->fvf ^= WINED3DFVF_SPECULAR; }

static const struct { const char *name; state_change change; } code_changes[] =
{
    {"fog mode", fog_exp}, {"fog off", fog_off}, {"flat", flat}, {"specular enable", specular_enable},
    {"alpha func", alpha_func}, {"alpha test off", alpha_test_off}, {"colour op", colorop},
    {"colour arg", colorarg}, {"complement", complement}, {"alpha op", alphaop},
    {"stage 1 on", stage1_on}, {"texcoord index", tci}, {"fvf specular", fvf_specular}, {"wrap0", wrap0},
};

/* Base 0 (pre-transformed, stage 1 disabled unless changed). */
static void test_code_states_change_key(void **ctx)
{
    struct wined3d_ffp_key base, key;
    struct wined3d_state state;
    unsigned int i, failures = 0;

    for (i = 0; i < sizeof(code_changes) / sizeof(code_changes[0]); ++i)
    {
        base_state(&state, 0);
        state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_DISABLE;
        key_of(&base, &state);
        code_changes[i].change(&state);
        key_of(&key, &state);
        if (wined3d_ffp_key_equal(&base, &key))
        {
            fprintf(stderr, "\"%s\" did not change the key.\n", code_changes[i].name);
            ++failures;
        }
    }
    /* The lit base: lighting, light types, local viewer. */
    base_state(&state, 1);
    key_of(&base, &state);
    lighting_off(&state);
    key_of(&key, &state);
    assert_false(wined3d_ffp_key_equal(&base, &key));
    base_state(&state, 1);
    state.active_lights[4].type = WINED3D_LIGHT_POINT;
    key_of(&key, &state);
    assert_false(wined3d_ffp_key_equal(&base, &key));
    base_state(&state, 1);
    state.render_states[WINED3D_RS_LOCALVIEWER] = 0;
    key_of(&key, &state);
    assert_false(wined3d_ffp_key_equal(&base, &key));
    assert_int_equal(failures, 0);
}

/* The key is written whole: garbage in the caller's struct does not leak in. */
static void test_key_fully_written(void **ctx)
{
    struct wined3d_ffp_key a, b;
    struct wined3d_state state;
    unsigned int which;

    for (which = 0; which < 3; ++which)
    {
        base_state(&state, which);
        memset(&a, 0x00, sizeof(a));
        memset(&b, 0xa5, sizeof(b));
        key_of(&a, &state);
        key_of(&b, &state);
        assert_memory_equal(&a, &b, sizeof(a));
        assert_int_equal(wined3d_ffp_key_hash(&a), wined3d_ffp_key_hash(&b));
    }
}

/* Generic stages: ops and arguments leave the key (one program for all of
 * them), the texture types and the stage count stay in it, and a bump or
 * premodulate op keeps its own code. */
static void test_generic_stages_key(void **ctx)
{
    struct wined3d_ffp_draw_info info = {WINED3D_FFP_FLIP_Y | WINED3D_FFP_GENERIC_STAGES, NULL};
    struct wined3d_ffp_key base, key;
    struct wined3d_state state;
    unsigned int i;
    static const state_change same_program[] = {colorop, colorarg, complement, alphaop};

    base_state(&state, 0);
    wined3d_ffp_key_from_state(&base, &state, &info);
    assert_int_equal(base.generic_stages, WINED3D_FFP_STAGES_GENERIC);
    assert_int_equal(wined3d_ffp_stage_count(&base), 2);
    for (i = 0; i < sizeof(same_program) / sizeof(same_program[0]); ++i)
    {
        base_state(&state, 0);
        same_program[i](&state);
        wined3d_ffp_key_from_state(&key, &state, &info);
        assert_true(wined3d_ffp_key_equal(&base, &key));
    }
    /* Turning a stage off or on is still code. */
    base_state(&state, 0);
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_DISABLE;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_int_equal(wined3d_ffp_stage_count(&key), 1);
    assert_false(wined3d_ffp_key_equal(&base, &key));
    /* Both stages sample their textures, whatever the ops read. */
    base_state(&state, 0);
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    state.texture_states[1][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_true(wined3d_ffp_stage_samples(&key, 1));
    /* Bump mapping and premodulate are not generic. */
    base_state(&state, 0);
    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_BUMPENVMAP;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_int_equal(key.generic_stages, WINED3D_FFP_STAGES_BUILT_IN);
    base_state(&state, 0);
    state.texture_states[1][WINED3D_TSS_ALPHAOP] = WINED3D_TOP_PREMODULATE;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_int_equal(key.generic_stages, WINED3D_FFP_STAGES_BUILT_IN);
    /* Without the flag nothing changes. */
    base_state(&state, 0);
    key_of(&key, &state);
    assert_int_equal(key.generic_stages, WINED3D_FFP_STAGES_BUILT_IN);
    assert_int_equal(key.stages[1].color_op, WINED3D_TOP_ADD);

    /* Generic ops: the ops leave the key, the arguments stay, also those
     * the op in effect does not read. */
    info.flags = WINED3D_FFP_FLIP_Y | WINED3D_FFP_GENERIC_OPS;
    base_state(&state, 0);
    wined3d_ffp_key_from_state(&base, &state, &info);
    assert_int_equal(base.generic_stages, WINED3D_FFP_STAGES_GENERIC_OPS);
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_true(wined3d_ffp_key_equal(&base, &key));
    state.texture_states[1][WINED3D_TSS_COLORARG2] ^= WINED3DTA_COMPLEMENT;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_false(wined3d_ffp_key_equal(&base, &key));
    base_state(&state, 0);
    state.texture_states[1][WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[1][WINED3D_TSS_COLORARG2] = WINED3DTA_DIFFUSE;
    wined3d_ffp_key_from_state(&key, &state, &info);
    assert_int_equal(key.stages[1].color_arg1, WINED3DTA_DIFFUSE);
    assert_true(wined3d_ffp_stage_samples(&key, 1));
}

/* The fragment block updated in the parts one group feeds (the texture
 * factor, the alpha reference, the stages' ops and arguments) holds what
 * the whole fill gives, over the bytes the fill says it wrote; a stage
 * that maps bumps needs the whole fill. */
static void test_fs_block_parts(void **ctx)
{
    static const unsigned int flags[] = {WINED3D_FFP_FLIP_Y, WINED3D_FFP_FLIP_Y | WINED3D_FFP_GENERIC_OPS,
            WINED3D_FFP_FLIP_Y | WINED3D_FFP_GENERIC_STAGES};
    struct wined3d_ffp_fs_uniforms *kept = malloc(sizeof(*kept)), *whole = malloc(sizeof(*whole));
    struct wined3d_ffp_fs_uniforms *before = malloc(sizeof(*before));
    size_t before_used;
    struct wined3d_ffp_draw_info info = {0, NULL};
    struct wined3d_state state;
    size_t used, whole_used, lo, hi;
    unsigned int f, step;

    assert_non_null(kept);
    assert_non_null(whole);
    assert_non_null(before);
    for (f = 0; f < sizeof(flags) / sizeof(flags[0]); ++f)
    {
        info.flags = flags[f];
        base_state(&state, 0);
        memset(kept, 0xcc, sizeof(*kept));
        used = wined3d_ffp_fill_fs_uniforms(kept, &state, &info);
        for (step = 0; step < 6; ++step)
        {
            unsigned int parts = 0;

            switch (step)
            {
                case 0:
                    state.render_states[WINED3D_RS_TEXTUREFACTOR] = 0x80402010;
                    parts = WINED3D_FFP_FS_TEXTURE_FACTOR;
                    break;
                case 1:
                    state.render_states[WINED3D_RS_ALPHAREF] = 0x7f;
                    parts = WINED3D_FFP_FS_ALPHA_REF;
                    break;
                case 2: /* a stage's op and argument */
                    state.texture_states[0][WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
                    state.texture_states[1][WINED3D_TSS_ALPHAARG2] = WINED3DTA_TFACTOR;
                    parts = WINED3D_FFP_FS_STAGES;
                    break;
                case 3: /* a stage turned off: the block ends sooner */
                    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_DISABLE;
                    parts = WINED3D_FFP_FS_STAGES;
                    break;
                case 4: /* and on again, with all three parts */
                    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_ADDSIGNED;
                    state.render_states[WINED3D_RS_TEXTUREFACTOR] = 0x01020304;
                    state.render_states[WINED3D_RS_ALPHAREF] = 0x10;
                    parts = WINED3D_FFP_FS_STAGES | WINED3D_FFP_FS_TEXTURE_FACTOR | WINED3D_FFP_FS_ALPHA_REF;
                    break;
                case 5:
                    state.render_states[WINED3D_RS_FOGCOLOR] = 0xff00ff00;
                    assert_false(wined3d_ffp_update_fs_uniforms(kept, &state, &info, WINED3D_FFP_FS_ALL,
                            &used, &lo, &hi));
                    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_BUMPENVMAP;
                    assert_false(wined3d_ffp_update_fs_uniforms(kept, &state, &info, WINED3D_FFP_FS_STAGES,
                            &used, &lo, &hi));
                    continue;
            }
            memcpy(before, kept, sizeof(*kept));
            before_used = used;
            assert_true(wined3d_ffp_update_fs_uniforms(kept, &state, &info, parts, &used, &lo, &hi));
            /* Outside the span the block is as it was uploaded. */
            assert_true(lo <= hi && hi <= sizeof(*kept));
            assert_memory_equal(kept, before, lo < before_used ? lo : before_used);
            if (hi < before_used)
                assert_memory_equal((char *)kept + hi, (char *)before + hi, before_used - hi);
            assert_true(hi >= used || used <= before_used);
            memset(whole, 0x33, sizeof(*whole));
            whole_used = wined3d_ffp_fill_fs_uniforms(whole, &state, &info);
            assert_int_equal(used, whole_used);
            assert_memory_equal(kept, whole, used);
        }
    }
    free(kept);
    free(whole);
    free(before);
}

/* A stage's ops changed under a program with generic stages: the check
 * that the key still holds agrees with the key derived again (stricter
 * only for a stage turned off or an op with code of its own), and when it
 * holds it packs the stage into the block as the whole fill would, so that
 * the update with WINED3D_FFP_FS_STAGES_PACKED need not derive it again. */
static void test_stage_key_holds_packs(void **ctx)
{
    static const unsigned int flags[] = {WINED3D_FFP_GENERIC_OPS, WINED3D_FFP_GENERIC_STAGES,
            WINED3D_FFP_GENERIC_OPS | WINED3D_FFP_WHOLE_SUMS, WINED3D_FFP_GENERIC_STAGES | WINED3D_FFP_WHOLE_SUMS};
    static const struct
    {
        unsigned int stage, id, value;
        int strict;     /* the check says no although the key may be the same */
    }
    changes[] =
    {
        {0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1},
        {1, WINED3D_TSS_ALPHAOP, WINED3D_TOP_MODULATE2X},
        {1, WINED3D_TSS_COLORARG1, WINED3DTA_TFACTOR},
        {0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_BLENDTEXTUREALPHA},
        {1, WINED3D_TSS_COLOROP, WINED3D_TOP_DISABLE, 1},
        {0, WINED3D_TSS_COLOROP, WINED3D_TOP_BUMPENVMAP, 1},
        {1, WINED3D_TSS_COLOROP, WINED3D_TOP_PREMODULATE, 1},
        {0, WINED3D_TSS_ALPHAARG1, 0x7},
        {1, WINED3D_TSS_ALPHAOP, WINED3D_TOP_DISABLE},
        {1, WINED3D_TSS_ALPHAOP, WINED3D_TOP_MODULATEALPHA_ADDCOLOR},
        {0, WINED3D_TSS_COLOROP, WINED3D_TOP_DOTPRODUCT3},
        {1, WINED3D_TSS_COLORARG2, WINED3DTA_CURRENT | WINED3DTA_COMPLEMENT},
    };
    struct wined3d_ffp_fs_uniforms *kept = malloc(sizeof(*kept)), *whole = malloc(sizeof(*whole));
    struct wined3d_ffp_fs_uniforms *before = malloc(sizeof(*before)), *via_memo = malloc(sizeof(*via_memo));
    struct wined3d_ffp_stage_memo memo[2];
    struct wined3d_ffp_draw_info info = {0, NULL};
    struct wined3d_ffp_key key, again;
    struct wined3d_state state;
    size_t used, before_used, lo, hi;
    unsigned int f, c, m, holds = 0, n = sizeof(changes) / sizeof(changes[0]);

    assert_non_null(kept);
    assert_non_null(whole);
    assert_non_null(before);
    assert_non_null(via_memo);
    for (f = 0; f < sizeof(flags) / sizeof(flags[0]); ++f)
    {
        int whole_sums = !!(flags[f] & WINED3D_FFP_WHOLE_SUMS);

        info.flags = WINED3D_FFP_FLIP_Y | flags[f];
        memset(memo, 0, sizeof(memo));
        for (c = 0; c < 2 * n; ++c)
        {
            int h;

            base_state(&state, 0);
            wined3d_ffp_key_from_state(&key, &state, &info);
            assert_int_not_equal(key.generic_stages, WINED3D_FFP_STAGES_BUILT_IN);
            memset(kept, 0xcc, sizeof(*kept));
            used = wined3d_ffp_fill_fs_uniforms(kept, &state, &info);
            state.texture_states[changes[c % n].stage][changes[c % n].id] = changes[c % n].value;
            memcpy(before, kept, sizeof(*kept));
            before_used = used;

            h = wined3d_ffp_stage_key_holds(&key, &state, changes[c % n].stage, whole_sums, kept);
            wined3d_ffp_key_from_state(&again, &state, &info);
            /* Through the memo, asked first and then again: the same answer
             * and the same bytes (the memo is the key's, kept across the
             * changes, so older answers are looked up too). */
            for (m = 0; m < 2; ++m)
            {
                memcpy(via_memo, before, sizeof(*before));
                assert_int_equal(wined3d_ffp_stage_key_holds_memo(&key, &memo[changes[c % n].stage], &state,
                        changes[c % n].stage, whole_sums, via_memo), h);
                assert_memory_equal(via_memo, kept, sizeof(*kept));
            }
            if (!h)
            {
                /* Not holding, the block is left alone. */
                assert_memory_equal(kept, before, sizeof(*kept));
                if (!changes[c % n].strict)
                    assert_false(wined3d_ffp_key_equal(&key, &again));
                continue;
            }
            ++holds;
            assert_false(changes[c % n].strict);
            assert_true(wined3d_ffp_key_equal(&key, &again));
            assert_true(wined3d_ffp_update_fs_uniforms(kept, &state, &info, WINED3D_FFP_FS_STAGES_PACKED,
                    &used, &lo, &hi));
            assert_int_equal(used, before_used);
            assert_true(lo <= hi && hi <= used);
            assert_memory_equal(kept, before, lo);
            memset(whole, 0x33, sizeof(*whole));
            assert_int_equal(wined3d_ffp_fill_fs_uniforms(whole, &state, &info), used);
            assert_memory_equal(kept, whole, used);
        }
    }
    /* Each kind of change held somewhere. */
    assert_true(holds >= 32);
    free(kept);
    free(whole);
    free(before);
    free(via_memo);
}

/* Direct3D's fog precedence. */
static void test_fog_precedence(void **ctx)
{
    struct wined3d_ffp_key key;
    struct wined3d_state state;

    base_state(&state, 1);
    key_of(&key, &state);
    assert_int_equal(key.fog, WINED3D_FFP_FOG_VERTEX_LINEAR);
    state.render_states[WINED3D_RS_FOGTABLEMODE] = WINED3D_FOG_EXP;
    key_of(&key, &state);
    assert_int_equal(key.fog, WINED3D_FFP_FOG_TABLE_EXP);
    state.render_states[WINED3D_RS_FOGTABLEMODE] = WINED3D_FOG_NONE;
    state.render_states[WINED3D_RS_FOGVERTEXMODE] = WINED3D_FOG_NONE;
    key_of(&key, &state);
    assert_int_equal(key.fog, WINED3D_FFP_FOG_SPECULAR_ALPHA);
    state.render_states[WINED3D_RS_FOGENABLE] = 0;
    key_of(&key, &state);
    assert_int_equal(key.fog, WINED3D_FFP_FOG_OFF);

    /* Pre-transformed: no vertex fog, the specular alpha instead. */
    base_state(&state, 0);
    state.render_states[WINED3D_RS_FOGTABLEMODE] = WINED3D_FOG_NONE;
    state.render_states[WINED3D_RS_FOGVERTEXMODE] = WINED3D_FOG_EXP;
    key_of(&key, &state);
    assert_int_equal(key.fog, WINED3D_FFP_FOG_SPECULAR_ALPHA);
}

/* Enabled lights are packed in slot order; colour sources fall back to the
 * material for colours the vertex lacks. */
static void test_lights_and_sources(void **ctx)
{
    struct wined3d_ffp_key key;
    struct wined3d_state state;

    base_state(&state, 1);
    key_of(&key, &state);
    assert_int_equal(key.lighting, 1);
    assert_int_equal(key.light_count, 3);
    assert_int_equal(key.light_type[0], WINED3D_LIGHT_POINT);
    assert_int_equal(key.light_type[1], WINED3D_LIGHT_SPOT);
    assert_int_equal(key.light_type[2], WINED3D_LIGHT_DIRECTIONAL);
    assert_int_equal(key.light_type[3], 0);
    assert_int_equal(key.blend_weights, 2);
    /* Default sources: diffuse from colour 1 (present), specular from
     * colour 2 (absent: material). */
    assert_int_equal(key.diffuse_source, WINED3D_MCS_COLOR1);
    assert_int_equal(key.specular_source, WINED3D_MCS_MATERIAL);
    state.render_states[WINED3D_RS_COLORVERTEX] = 0;
    key_of(&key, &state);
    assert_int_equal(key.diffuse_source, WINED3D_MCS_MATERIAL);

    /* Pre-transformed vertices are never lit nor clipped by user planes. */
    state.fvf = WINED3DFVF_XYZRHW | WINED3DFVF_NORMAL;
    key_of(&key, &state);
    assert_int_equal(key.lighting, 0);
    assert_int_equal(key.clip_planes, 0);
    assert_int_equal(key.blend_weights, 0);
}

/* COUNT1 and DISABLE mean no transform; PROJECTED keeps its component. */
static void test_texture_transform_flags(void **ctx)
{
    struct wined3d_ffp_key key;
    struct wined3d_state state;

    base_state(&state, 2);
    key_of(&key, &state);
    assert_int_equal(key.stages[0].texgen, WINED3D_FFP_TEXGEN_CAMERASPACEREFLECTIONVECTOR);
    assert_int_equal(key.stages[0].transform_count, 3);
    assert_int_equal(key.stages[0].projected, 1);
    assert_int_equal(key.has_normal, 1);
    assert_int_equal(key.w_buffer, 1);
    state.texture_states[0][WINED3D_TSS_TEXTURETRANSFORMFLAGS] = WINED3D_TTFF_COUNT1 | WINED3D_TTFF_PROJECTED;
    key_of(&key, &state);
    assert_int_equal(key.stages[0].transform_count, 0);
    assert_int_equal(key.stages[0].projected, 0);
    /* Pass-through coordinates: the FVF's size is in the key. */
    state.texture_states[0][WINED3D_TSS_TEXCOORDINDEX] = 0;
    key_of(&key, &state);
    assert_int_equal(key.stages[0].coord_size, 3);
    assert_int_equal(key.texcoord_size[0], 3);
    /* Without texgen or lighting the normal is not read. */
    assert_int_equal(key.has_normal, 0);
}

/* The alpha test that the draw's vertices cannot fail: any one vertex with
 * a diffuse alpha at or below the reference makes it possibly failing,
 * wherever it is among the vertices (the floor is read several vertices a
 * step, THRASH's draws of 4 to 24). */
static void test_alpha_test_vertices(void **ctx)
{
    struct vertex { float x, y, z, rhw; uint32_t diffuse; } v[13];
    struct wined3d_state state;
    uint32_t *rs = state.render_states, *tss = state.texture_states[0];
    unsigned int count, low, i, failures = 0;
    int read_vertices;

    ffp_state_init(&state);
    state.fvf = WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE;
    rs[WINED3D_RS_ALPHATESTENABLE] = 1;
    rs[WINED3D_RS_ALPHAFUNC] = WINED3D_CMP_GREATER;
    rs[WINED3D_RS_ALPHAREF] = 0x10;
    tss[WINED3D_TSS_COLOROP] = WINED3D_TOP_SELECTARG1;
    tss[WINED3D_TSS_COLORARG1] = WINED3DTA_DIFFUSE;
    tss[WINED3D_TSS_ALPHAOP] = WINED3D_TOP_SELECTARG1;
    tss[WINED3D_TSS_ALPHAARG1] = WINED3DTA_DIFFUSE;
    state.texture_states[1][WINED3D_TSS_COLOROP] = WINED3D_TOP_DISABLE;
    memset(v, 0, sizeof(v));
    for (count = 1; count <= 13; ++count)
        for (low = 0; low <= count; ++low)
        {
            int passes;

            for (i = 0; i < count; ++i)
                v[i].diffuse = i == low ? 0x10ffffff : 0x12ffffff;
            read_vertices = 0;
            passes = state_alpha_test_passes(&state, state.fvf, (const uint8_t *)v, sizeof(v[0]), count,
                    &read_vertices);
            /* low == count: every vertex clears the reference by two. */
            if (passes != (low == count) || !read_vertices)
            {
                fprintf(stderr, "%u vertices, low alpha at %u: passes %d, read %d.\n", count, low, passes,
                        read_vertices);
                ++failures;
            }
        }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_uniform_states_keep_key),
        cmocka_unit_test(test_code_states_change_key),
        cmocka_unit_test(test_key_fully_written),
        cmocka_unit_test(test_generic_stages_key),
        cmocka_unit_test(test_fs_block_parts),
        cmocka_unit_test(test_stage_key_holds_packs),
        cmocka_unit_test(test_fog_precedence),
        cmocka_unit_test(test_lights_and_sources),
        cmocka_unit_test(test_texture_transform_flags),
        cmocka_unit_test(test_alpha_test_vertices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

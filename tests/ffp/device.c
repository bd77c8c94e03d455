/*
 * The generator through the core's device: programs built equal distinct
 * keys over 500 fixed-function states (and repeats hit the cache), state
 * that feeds code or uniforms reaches the pixels after it changes, and
 * end-to-end pixels (lighting, fog, colour key) against the CPU reference.
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

#include "wined3d-lite/wined3d.h"
#include "../../wined3d-lite/wined3d_private.h"

#define WIDTH 64
#define HEIGHT 64

struct fixture
{
    struct wined3d_device *device;
    struct wined3d_texture *tex2d, *cube, *keyed;
};

static int setup(void **ctx)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_texture_desc tdesc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 4, 4, 1};
    struct fixture *f = calloc(1, sizeof(*f));
    uint32_t texels[16];
    unsigned int i;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = WIDTH;
    desc.backbuffer_height = HEIGHT;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    if (!f || wined3d_device_create(&desc, 0, &f->device) != WINED3D_OK)
    {
        fprintf(stderr, "No device (EGL surfaceless GL 3.3 core needed).\n");
        free(f);
        return -1;
    }
    if (wined3d_texture_create(f->device, &tdesc, &f->tex2d) != WINED3D_OK) return -1;
    /* Texel i: red i * 16, green 255 - i * 16; texels 5 and 10 are the key colour. */
    for (i = 0; i < 16; ++i) texels[i] = 0xff000000 | ((i * 16) << 16) | ((255 - i * 16) << 8) | 0x40;
    texels[5] = texels[10] = 0xff00ff00;
    if (wined3d_texture_upload_data(f->tex2d, 0, texels, 16) != WINED3D_OK) return -1;
    if (wined3d_texture_create(f->device, &tdesc, &f->keyed) != WINED3D_OK) return -1;
    if (wined3d_texture_upload_data(f->keyed, 0, texels, 16) != WINED3D_OK) return -1;
    {
        struct wined3d_color_key key = {0xff00ff00, 0xff00ff00};
        if (wined3d_texture_set_color_key(f->keyed, WINED3D_CKEY_SRC_BLT, &key) != WINED3D_OK) return -1;
    }
    tdesc.type = WINED3D_RTYPE_TEXTURE_CUBE;
    if (wined3d_texture_create(f->device, &tdesc, &f->cube) != WINED3D_OK) return -1;
    *ctx = f;
    return 0;
}

static int teardown(void **ctx)
{
    struct fixture *f = *ctx;

    wined3d_texture_destroy(f->tex2d);
    wined3d_texture_destroy(f->keyed);
    wined3d_texture_destroy(f->cube);
    wined3d_device_destroy(f->device);
    free(f);
    return 0;
}

static void reset_state(struct fixture *f);

static uint32_t rng_state = 0x9e3779b9;
static uint32_t pick(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state % n;
}

static const uint32_t positions[] =
{
    WINED3DFVF_XYZ, WINED3DFVF_XYZRHW, WINED3DFVF_XYZB1, WINED3DFVF_XYZB2, WINED3DFVF_XYZB3,
};

/* A random fixed-function state through the public setters. */
static void random_state(struct fixture *f)
{
    struct wined3d_device *d = f->device;
    struct wined3d_light light;
    unsigned int i, s, stages = pick(4);

    wined3d_device_set_fvf(d, positions[pick(5)] | (pick(2) ? WINED3DFVF_NORMAL : 0)
            | (pick(2) ? WINED3DFVF_DIFFUSE : 0) | (pick(2) ? WINED3DFVF_SPECULAR : 0)
            | WINED3DFVF_TEX(pick(3)) | (pick(4) << 16));
    wined3d_device_set_render_state(d, WINED3D_RS_LIGHTING, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_SPECULARENABLE, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_LOCALVIEWER, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_NORMALIZENORMALS, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_COLORVERTEX, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_DIFFUSEMATERIALSOURCE, pick(3));
    wined3d_device_set_render_state(d, WINED3D_RS_AMBIENTMATERIALSOURCE, pick(3));
    wined3d_device_set_render_state(d, WINED3D_RS_SHADEMODE, 1 + pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_FOGENABLE, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_FOGTABLEMODE, pick(4));
    wined3d_device_set_render_state(d, WINED3D_RS_FOGVERTEXMODE, pick(4));
    wined3d_device_set_render_state(d, WINED3D_RS_RANGEFOGENABLE, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_CLIPPLANEENABLE, pick(4));
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHATESTENABLE, pick(2));
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHAFUNC, 1 + pick(8));
    wined3d_device_set_render_state(d, WINED3D_RS_VERTEXBLEND, pick(3));
    wined3d_device_set_render_state(d, WINED3D_RS_ZENABLE, pick(3));
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, pick(2));
    /* States that change no code, churned alongside. */
    wined3d_device_set_render_state(d, WINED3D_RS_FOGCOLOR, pick(0x1000000));
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHAREF, pick(256));
    wined3d_device_set_render_state(d, WINED3D_RS_TEXTUREFACTOR, pick(0x1000000));
    for (i = 0; i < 4; ++i)
    {
        memset(&light, 0, sizeof(light));
        light.type = 1 + pick(3);
        light.diffuse.r = light.diffuse.g = 1.0f;
        light.direction.z = 1.0f;
        light.range = 10.0f;
        light.attenuation0 = 1.0f;
        wined3d_device_set_light(d, i, &light);
        wined3d_device_set_light_enable(d, i, pick(2));
    }
    for (s = 0; s < 3; ++s)
    {
        uint32_t which = pick(4);
        wined3d_device_set_texture(d, s, which == 0 ? NULL : which == 1 ? f->cube : which == 2 ? f->keyed : f->tex2d);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_COLOROP, s < stages ? 2 + pick(23) : WINED3D_TOP_DISABLE);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_ALPHAOP, 1 + pick(24));
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_COLORARG1, pick(5) | (pick(4) << 4));
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_COLORARG2, pick(5) | (pick(4) << 4));
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_ALPHAARG1, pick(5));
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_TEXCOORDINDEX, pick(3) | (pick(4) << 16));
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_TEXTURETRANSFORMFLAGS,
                pick(5) | (pick(2) ? WINED3D_TTFF_PROJECTED : 0));
    }
}

static void current_key(struct fixture *f, struct wined3d_ffp_key *key, const uint8_t *vertices, uint32_t stride)
{
    const struct wined3d_state *state = wined3d_device_get_state(f->device);
    static const struct wined3d_color_key color_key = {0xff00ff00, 0xff00ff00};
    struct wined3d_ffp_draw_info info = {0, NULL};
    int read_vertices;

    /* The key's colour-key bit needs the stage-0 texture's key; an alpha
     * test the draw's vertices cannot fail is left out. */
    if (state->textures[0] == f->keyed) info.color_key = &color_key;
    if (state_alpha_test_passes(state, state->fvf, vertices, stride, 3, &read_vertices))
        info.flags |= WINED3D_FFP_ALPHA_PASSES;
    wined3d_ffp_key_from_state(key, state, &info);
}

static void test_programs_equal_distinct_keys(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_counters before, after;
    struct wined3d_ffp_key *keys;
    unsigned int distinct = 0, draws = 0, i, guard;
    uint8_t vertices[3 * 256];
    uint32_t seed;

    memset(vertices, 0, sizeof(vertices));
    seed = rng_state;
    keys = calloc(600, sizeof(*keys));
    assert_non_null(keys);
    wined3d_device_get_counters(f->device, WINED3D_COUNTERS_TOTAL, &before);
    for (guard = 0; distinct < 500 && guard < 5000; ++guard)
    {
        struct wined3d_ffp_key key;
        uint32_t stride;
        int32_t hr;

        random_state(f);
        stride = wined3d_fvf_get_stride(wined3d_device_get_state(f->device)->fvf);
        hr = wined3d_device_draw_primitive_up(f->device, WINED3D_PT_TRIANGLELIST, vertices, 3, stride);
        assert_int_equal(hr, WINED3D_OK);
        /* The same state again: no new program. */
        hr = wined3d_device_draw_primitive_up(f->device, WINED3D_PT_TRIANGLELIST, vertices, 3, stride);
        assert_int_equal(hr, WINED3D_OK);
        draws += 2;
        current_key(f, &key, vertices, stride);
        for (i = 0; i < distinct; ++i)
            if (wined3d_ffp_key_equal(&keys[i], &key)) break;
        if (i == distinct) keys[distinct++] = key;
    }
    wined3d_device_flush(f->device);
    wined3d_device_get_counters(f->device, WINED3D_COUNTERS_TOTAL, &after);
    fprintf(stderr, "%u draws, %u distinct keys, %llu programs built, %llu cache hits.\n", draws, distinct,
            (unsigned long long)(after.programs_built - before.programs_built),
            (unsigned long long)(after.shader_cache_hits - before.shader_cache_hits));
    assert_true(distinct >= 500);
    assert_int_equal(after.programs_built - before.programs_built, distinct);

    /* Replaying the first 100 states builds nothing and hits the cache. */
    rng_state = seed;
    for (i = 0; i < 100; ++i)
    {
        random_state(f);
        assert_int_equal(wined3d_device_draw_primitive_up(f->device, WINED3D_PT_TRIANGLELIST, vertices, 3,
                wined3d_fvf_get_stride(wined3d_device_get_state(f->device)->fvf)), WINED3D_OK);
    }
    wined3d_device_get_counters(f->device, WINED3D_COUNTERS_TOTAL, &before);
    assert_int_equal(before.programs_built, after.programs_built);
    assert_true(before.shader_cache_hits >= after.shader_cache_hits + 90);
    free(keys);
}

/* Churning states that only feed uniforms builds no program. */
static void test_uniform_churn_builds_nothing(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct wined3d_counters before, after;
    struct wined3d_material material;
    struct wined3d_light light;
    struct wined3d_matrix m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    struct { float x, y, z, nx, ny, nz; uint32_t c; } v[3] =
    {
        {-1, 1, 0.5f, 0, 0, -1, 0xffffffff}, {1, 1, 0.5f, 0, 0, -1, 0xffffffff}, {-1, -1, 0.5f, 0, 0, -1, 0xffffffff},
    };
    unsigned int i;

    reset_state(f);
    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_POINT;
    light.range = 100.0f;
    light.attenuation0 = 1.0f;
    wined3d_device_set_light(d, 0, &light);
    wined3d_device_set_light_enable(d, 0, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_LIGHTING, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_FOGENABLE, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_FOGVERTEXMODE, WINED3D_FOG_LINEAR);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZ | WINED3DFVF_NORMAL | WINED3DFVF_DIFFUSE);
    wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLELIST, v, 3, sizeof(v[0]));
    wined3d_device_get_counters(d, WINED3D_COUNTERS_TOTAL, &before);
    for (i = 0; i < 200; ++i)
    {
        memset(&material, 0, sizeof(material));
        material.diffuse.r = i / 200.0f;
        material.power = (float)i;
        wined3d_device_set_material(d, &material);
        light.position.x = (float)i;
        light.diffuse.g = i / 400.0f;
        light.range = 50.0f + i;
        wined3d_device_set_light(d, 0, &light);
        m._41 = i * 0.001f;
        wined3d_device_set_transform(d, WINED3D_TS_WORLD, &m);
        wined3d_device_set_transform(d, WINED3D_TS_VIEW, &m);
        wined3d_device_set_transform(d, WINED3D_TS_PROJECTION, &m);
        wined3d_device_set_render_state(d, WINED3D_RS_FOGCOLOR, i * 0x010203);
        wined3d_device_set_render_state(d, WINED3D_RS_FOGSTART, wined3d_float_to_dword(i * 0.1f));
        wined3d_device_set_render_state(d, WINED3D_RS_FOGEND, wined3d_float_to_dword(100.0f + i));
        wined3d_device_set_render_state(d, WINED3D_RS_ALPHAREF, i & 0xff);
        wined3d_device_set_render_state(d, WINED3D_RS_TEXTUREFACTOR, i * 0x01010101);
        wined3d_device_set_render_state(d, WINED3D_RS_AMBIENT, i * 0x00010101);
        wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_BUMPENVMAT00, wined3d_float_to_dword(i * 0.5f));
        assert_int_equal(wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLELIST, v, 3, sizeof(v[0])), WINED3D_OK);
    }
    wined3d_device_get_counters(d, WINED3D_COUNTERS_TOTAL, &after);
    assert_int_equal(after.programs_built, before.programs_built);
    assert_int_equal(after.draws, before.draws + 200);
    reset_state(f);
}

/* ---------------------------------------------------------------------- */
/* Pixels through the device.                                              */

static uint32_t read_pixel(struct fixture *f, unsigned int x, unsigned int y)
{
    struct wined3d_texture *back = wined3d_swapchain_get_back_buffer(wined3d_device_get_swapchain(f->device, 0));
    struct wined3d_map_desc map;
    uint32_t value;

    assert_int_equal(wined3d_texture_map(back, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    value = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x];
    wined3d_texture_unmap(back, 0);
    return value;
}

static int close_to(uint32_t a, uint32_t b, unsigned int tolerance)
{
    unsigned int shift;

    for (shift = 0; shift < 32; shift += 8)
        if (abs((int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff)) > (int)tolerance) return 0;
    return 1;
}

static unsigned int to8(float v)
{
    return v <= 0.0f ? 0 : v >= 1.0f ? 255 : (unsigned int)floorf(v * 255.0f + 0.5f);
}

static void reset_state(struct fixture *f)
{
    struct wined3d_device *d = f->device;
    struct wined3d_matrix identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    unsigned int s;

    wined3d_device_set_render_state(d, WINED3D_RS_LIGHTING, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_FOGENABLE, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHATESTENABLE, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_SPECULARENABLE, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
    wined3d_device_set_render_state(d, WINED3D_RS_SHADEMODE, WINED3D_SHADE_GOURAUD);
    wined3d_device_set_render_state(d, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    wined3d_device_set_render_state(d, WINED3D_RS_CLIPPLANEENABLE, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_VERTEXBLEND, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHABLENDENABLE, 0);
    for (s = 0; s < 8; ++s)
    {
        wined3d_device_set_texture(d, s, NULL);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_COLOROP, s ? WINED3D_TOP_DISABLE : WINED3D_TOP_SELECTARG1);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_COLORARG1, WINED3DTA_DIFFUSE);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_ALPHAOP, s ? WINED3D_TOP_DISABLE : WINED3D_TOP_SELECTARG1);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_ALPHAARG1, WINED3DTA_DIFFUSE);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_TEXCOORDINDEX, s);
        wined3d_device_set_texture_stage_state(d, s, WINED3D_TSS_TEXTURETRANSFORMFLAGS, 0);
    }
    for (s = 0; s < 4; ++s) wined3d_device_set_light_enable(d, s, 0);
    wined3d_device_set_transform(d, WINED3D_TS_WORLD, &identity);
    wined3d_device_set_transform(d, WINED3D_TS_VIEW, &identity);
    wined3d_device_set_transform(d, WINED3D_TS_PROJECTION, &identity);
}

struct rhw_tex_vertex { float x, y, z, rhw; uint32_t diffuse, specular; float u, v; };

static void draw_rhw_quad(struct fixture *f, float z, uint32_t diffuse, uint32_t specular)
{
    struct rhw_tex_vertex v[4];
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        v[i].x = i & 1 ? WIDTH : 0.0f;
        v[i].y = i & 2 ? HEIGHT : 0.0f;
        v[i].z = z;
        v[i].rhw = 1.0f;
        v[i].diffuse = diffuse;
        v[i].specular = specular;
        v[i].u = i & 1 ? 1.0f : 0.0f;
        v[i].v = i & 2 ? 1.0f : 0.0f;
    }
    wined3d_device_set_fvf(f->device, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(1));
    assert_int_equal(wined3d_device_draw_primitive_up(f->device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
}

/* A state change reaches the pixels at the next draw: code states (a new
 * program) and uniform states (the block re-uploaded). */
static void test_state_changes_reach_pixels(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;

    reset_state(f);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xff204060, 0xff000000);
    assert_true(close_to(read_pixel(f, 10, 10), 0xff204060, 1));

    /* Texture factor: uniform. */
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TFACTOR);
    wined3d_device_set_render_state(d, WINED3D_RS_TEXTUREFACTOR, 0xff112233);
    draw_rhw_quad(f, 0.5f, 0xff204060, 0xff000000);
    assert_true(close_to(read_pixel(f, 10, 10), 0xff112233, 1));
    wined3d_device_set_render_state(d, WINED3D_RS_TEXTUREFACTOR, 0xff445566);
    draw_rhw_quad(f, 0.5f, 0xff204060, 0xff000000);
    assert_true(close_to(read_pixel(f, 10, 10), 0xff445566, 1));

    /* Fog colour and table fog mode. */
    wined3d_device_set_render_state(d, WINED3D_RS_FOGENABLE, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_LINEAR);
    wined3d_device_set_render_state(d, WINED3D_RS_FOGSTART, wined3d_float_to_dword(0.0f));
    wined3d_device_set_render_state(d, WINED3D_RS_FOGEND, wined3d_float_to_dword(1.0f));
    wined3d_device_set_render_state(d, WINED3D_RS_FOGCOLOR, 0x00ff0000);
    draw_rhw_quad(f, 0.25f, 0xff204060, 0xff000000);
    {
        float fr = 0.75f;
        uint32_t expected = 0xff000000 | (to8(fr * 0x44 / 255.0f + (1 - fr)) << 16)
                | (to8(fr * 0x55 / 255.0f) << 8) | to8(fr * 0x66 / 255.0f);
        assert_true(close_to(read_pixel(f, 10, 10), expected, 2));
    }
    wined3d_device_set_render_state(d, WINED3D_RS_FOGCOLOR, 0x000000ff);
    draw_rhw_quad(f, 0.25f, 0xff204060, 0xff000000);
    {
        float fr = 0.75f;
        uint32_t expected = 0xff000000 | (to8(fr * 0x44 / 255.0f) << 16)
                | (to8(fr * 0x55 / 255.0f) << 8) | to8(fr * 0x66 / 255.0f + (1 - fr));
        assert_true(close_to(read_pixel(f, 10, 10), expected, 2));
    }
    wined3d_device_set_render_state(d, WINED3D_RS_FOGENABLE, 0);

    /* Alpha test: function (code) and reference (uniform). */
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_DIFFUSE);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHAREF, 0x80);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0x70ffffff, 0);
    assert_int_equal(read_pixel(f, 10, 10), 0xff000000);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHAREF, 0x60);
    draw_rhw_quad(f, 0.5f, 0x70ffffff, 0);
    assert_int_equal(read_pixel(f, 10, 10) & 0xffffff, 0xffffff);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHATESTENABLE, 0);

    /* Flat shading (code) and specular enable (code). */
    wined3d_device_set_render_state(d, WINED3D_RS_SPECULARENABLE, 1);
    draw_rhw_quad(f, 0.5f, 0xff200000, 0xff000030);
    assert_true(close_to(read_pixel(f, 10, 10), 0xff200030, 1));
    reset_state(f);
}

/* The vertex block is computed again only when what it is computed from
 * changed: a transform, the material or a light reaches the pixels with or
 * without a new program at the same draw, and a new program alone keeps
 * the vertex block as it was. */
struct xyz_vertex { float x, y, z, nx, ny, nz; uint32_t c; };

static void draw_left_quad(struct fixture *f)
{
    static const struct xyz_vertex v[4] =
    {
        {-1.0f, -1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0xff00ff00}, {0.0f, -1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0xff00ff00},
        {-1.0f,  1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0xff00ff00}, {0.0f,  1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0xff00ff00},
    };

    wined3d_device_clear(f->device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    wined3d_device_set_fvf(f->device, WINED3DFVF_XYZ | WINED3DFVF_NORMAL | WINED3DFVF_DIFFUSE);
    assert_int_equal(wined3d_device_draw_primitive_up(f->device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
}

static void toggle_alpha_op(struct fixture *f)
{
    const struct wined3d_state *state = wined3d_device_get_state(f->device);
    uint32_t op = state->texture_states[0][WINED3D_TSS_ALPHAOP];

    wined3d_device_set_texture_stage_state(f->device, 0, WINED3D_TSS_ALPHAOP,
            op == WINED3D_TOP_SELECTARG1 ? WINED3D_TOP_SELECTARG2 : WINED3D_TOP_SELECTARG1);
}

static void test_vertex_block_follows_state(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct wined3d_matrix m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    struct wined3d_material material;
    struct wined3d_light light;

    reset_state(f);
    draw_left_quad(f);
    assert_int_equal(read_pixel(f, 16, 32) & 0xffffff, 0x00ff00);
    assert_int_equal(read_pixel(f, 48, 32) & 0xffffff, 0x000000);

    /* A new program and a new world matrix at the same draw. */
    toggle_alpha_op(f);
    m._41 = 1.0f;
    wined3d_device_set_transform(d, WINED3D_TS_WORLD, &m);
    draw_left_quad(f);
    assert_int_equal(read_pixel(f, 16, 32) & 0xffffff, 0x000000);
    assert_int_equal(read_pixel(f, 48, 32) & 0xffffff, 0x00ff00);
    /* A new program alone. */
    toggle_alpha_op(f);
    draw_left_quad(f);
    assert_int_equal(read_pixel(f, 16, 32) & 0xffffff, 0x000000);
    assert_int_equal(read_pixel(f, 48, 32) & 0xffffff, 0x00ff00);

    /* Lit: a white directional light along +z on normals facing -z. */
    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_DIRECTIONAL;
    light.diffuse.r = light.diffuse.g = light.diffuse.b = light.diffuse.a = 1.0f;
    light.direction.z = 1.0f;
    wined3d_device_set_light(d, 0, &light);
    wined3d_device_set_light_enable(d, 0, 1);
    memset(&material, 0, sizeof(material));
    material.diffuse.r = material.diffuse.a = 1.0f;
    wined3d_device_set_material(d, &material);
    wined3d_device_set_render_state(d, WINED3D_RS_COLORVERTEX, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_LIGHTING, 1);
    draw_left_quad(f);
    assert_true(close_to(read_pixel(f, 48, 32), 0xffff0000, 1));
    /* The material with a new program, then the light alone. */
    material.diffuse.r = 0.0f;
    material.diffuse.b = 1.0f;
    wined3d_device_set_material(d, &material);
    toggle_alpha_op(f);
    draw_left_quad(f);
    assert_true(close_to(read_pixel(f, 48, 32), 0xff0000ff, 1));
    light.diffuse.b = 0.5f;
    wined3d_device_set_light(d, 0, &light);
    draw_left_quad(f);
    assert_true(close_to(read_pixel(f, 48, 32), 0xff000080, 1));
    /* The view matrix with a new program: back to the left half. */
    m._41 = -1.0f;
    wined3d_device_set_transform(d, WINED3D_TS_VIEW, &m);
    toggle_alpha_op(f);
    draw_left_quad(f);
    assert_true(close_to(read_pixel(f, 16, 32), 0xff000080, 1));
    assert_int_equal(read_pixel(f, 48, 32) & 0xffffff, 0x000000);

    wined3d_device_set_light_enable(d, 0, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_COLORVERTEX, 1);
    reset_state(f);
}

/* A stage's op toggled at every draw costs the program switch and nothing
 * else: no uniform block is uploaded again (the GL calls of such draws
 * exceed those of draws without a change by exactly one glUseProgram). */
static void test_program_toggle_uploads_nothing(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct wined3d_counters c0, c1, c2;
    struct wined3d_buffer *vb;
    struct rhw_tex_vertex *v;
    unsigned int i;

    reset_state(f);
    assert_int_equal(wined3d_buffer_create(d, 4 * sizeof(*v), 0, &vb), WINED3D_OK);
    assert_int_equal(wined3d_buffer_map(vb, 0, 0, 0, (void **)&v), WINED3D_OK);
    for (i = 0; i < 4; ++i)
    {
        v[i].x = i & 1 ? WIDTH : 0.0f;
        v[i].y = i & 2 ? HEIGHT : 0.0f;
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].diffuse = 0xff204060;
        v[i].specular = 0;
        v[i].u = v[i].v = 0.0f;
    }
    assert_int_equal(wined3d_buffer_unmap(vb), WINED3D_OK);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(1));
    wined3d_device_set_stream_source(d, vb, 0, sizeof(*v));
    /* Both programs built and both blocks uploaded once. */
    for (i = 0; i < 4; ++i)
    {
        toggle_alpha_op(f);
        assert_int_equal(wined3d_device_draw_primitive(d, WINED3D_PT_TRIANGLESTRIP, 0, 4), WINED3D_OK);
    }

    wined3d_device_get_counters(d, WINED3D_COUNTERS_TOTAL, &c0);
    for (i = 0; i < 20; ++i)
        assert_int_equal(wined3d_device_draw_primitive(d, WINED3D_PT_TRIANGLESTRIP, 0, 4), WINED3D_OK);
    wined3d_device_get_counters(d, WINED3D_COUNTERS_TOTAL, &c1);
    for (i = 0; i < 20; ++i)
    {
        toggle_alpha_op(f);
        assert_int_equal(wined3d_device_draw_primitive(d, WINED3D_PT_TRIANGLESTRIP, 0, 4), WINED3D_OK);
    }
    wined3d_device_get_counters(d, WINED3D_COUNTERS_TOTAL, &c2);
    assert_int_equal(c2.programs_built, c0.programs_built);
    assert_int_equal(c2.gl_calls - c1.gl_calls, c1.gl_calls - c0.gl_calls + 20);
    assert_int_equal(c2.redundant_gl_calls, c0.redundant_gl_calls);

    wined3d_device_set_stream_source(d, NULL, 0, 0);
    wined3d_buffer_destroy(vb);
    reset_state(f);
}

/* Colour key: keyed texels of the stage-0 texture are not drawn. */
static void test_color_key(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    unsigned int x, y, wrong = 0;

    reset_state(f);
    wined3d_device_set_texture(d, 0, f->keyed);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 1);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    /* 4x4 texels over 64x64 pixels: texel (tx, ty) covers 16x16 pixels. */
    for (y = 0; y < 4; ++y)
        for (x = 0; x < 4; ++x)
        {
            unsigned int i = y * 4 + x;
            uint32_t got = read_pixel(f, x * 16 + 8, y * 16 + 8);
            uint32_t expected = (i == 5 || i == 10) ? 0xff0000ff : 0xff000000 | ((i * 16) << 16) | ((255 - i * 16) << 8) | 0x40;
            if (!close_to(got, expected, 1))
            {
                fprintf(stderr, "Colour key texel %u: got %08x, expected %08x.\n", i, got, expected);
                ++wrong;
            }
        }
    assert_int_equal(wrong, 0);

    /* COLORKEYBLENDENABLE: keyed texels become (0, 0, 0, 0) and blend away. */
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYBLENDENABLE, 1);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_SRCBLEND, WINED3D_BLEND_SRCALPHA);
    wined3d_device_set_render_state(d, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVSRCALPHA);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    assert_int_equal(read_pixel(f, 1 * 16 + 8, 1 * 16 + 8), 0xff0000ff);
    assert_true(close_to(read_pixel(f, 8, 8), 0xff00ff40, 1));
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYBLENDENABLE, 0);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHABLENDENABLE, 0);

    /* COLORKEYENABLE off: all drawn. */
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    assert_int_equal(read_pixel(f, 1 * 16 + 8, 1 * 16 + 8), 0xff00ff00);

    /* The key compares alpha on a format with alpha: the key colour with
     * another alpha keys nothing out (Wine's ddraw1.c test_ck_rgba). */
    {
        struct wined3d_color_key key = {0x7f00ff00, 0x7f00ff00};

        wined3d_texture_set_color_key(f->keyed, WINED3D_CKEY_SRC_BLT, &key);
        wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 1);
        wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
        draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
        assert_int_equal(read_pixel(f, 1 * 16 + 8, 1 * 16 + 8), 0xff00ff00);
        key.low = key.high = 0xff00ff00;
        wined3d_texture_set_color_key(f->keyed, WINED3D_CKEY_SRC_BLT, &key);
        wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 0);
    }
    reset_state(f);
}

/* Draw the 4x4 texture over the target keyed and count the texels whose
 * pixel shows the blue background (keyed) against the expected mask. */
static void check_keyed(struct fixture *f, struct wined3d_texture *t, uint32_t keyed_mask, const char *what)
{
    struct wined3d_device *d = f->device;
    unsigned int x, y, wrong = 0;

    wined3d_device_set_texture(d, 0, t);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    for (y = 0; y < 4; ++y)
        for (x = 0; x < 4; ++x)
        {
            unsigned int i = y * 4 + x;
            int keyed = read_pixel(f, x * 16 + 8, y * 16 + 8) == 0xff0000ff;
            if (keyed != !!(keyed_mask & (1u << i)))
            {
                fprintf(stderr, "%s texel %u: keyed %d.\n", what, i, keyed);
                ++wrong;
            }
        }
    assert_int_equal(wrong, 0);
}

/* Colour key on P8 and DXT1 textures: the texel's colour is compared with
 * the key's (a palette index's entry; a DXT key is R5G6B5). */
static void test_color_key_palettised_dxt(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_P8, 0, 4, 4, 1};
    struct wined3d_color_key key = {5, 5};
    struct wined3d_palette *palette;
    struct wined3d_texture *t;
    uint32_t entries[256], red = 0xffff0000;
    uint8_t indices[16], block[8];
    unsigned int i;

    reset_state(f);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 1);

    /* P8: index i, entry i a distinct colour; entries 5 and 12 green. */
    for (i = 0; i < 256; ++i) entries[i] = 0xff000000 | ((i * 16) & 0xff) << 16 | 0x40;
    entries[5] = entries[12] = 0xff00ff00;
    for (i = 0; i < 16; ++i) indices[i] = i;
    assert_int_equal(wined3d_palette_create(d, 0, 256, entries, &palette), WINED3D_OK);
    assert_int_equal(wined3d_texture_create(d, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_set_palette(t, palette), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, indices, 4), WINED3D_OK);
    assert_int_equal(wined3d_texture_set_color_key(t, WINED3D_CKEY_SRC_BLT, &key), WINED3D_OK);
    check_keyed(f, t, 1u << 5 | 1u << 12, "P8");
    /* Entry 5 turns red: the key follows it (texel 5 red, keyed; 12 green, drawn). */
    assert_int_equal(wined3d_palette_set_entries(palette, 5, 1, &red), WINED3D_OK);
    check_keyed(f, t, 1u << 5, "P8 after a palette change");
    wined3d_device_set_texture(d, 0, NULL);
    wined3d_texture_destroy(t);
    wined3d_palette_destroy(palette);

    /* DXT1, one block: c0 red, c1 green (4-colour mode); row 0 uses codes
     * 0, 1, 2, 3, the rest code 0.  Key green 0x07e0: texel 1 only. */
    desc.format = WINED3DFMT_DXT1;
    block[0] = 0x00; block[1] = 0xf8; block[2] = 0xe0; block[3] = 0x07;
    block[4] = 0 | 1 << 2 | 2 << 4 | 3 << 6; block[5] = block[6] = block[7] = 0;
    key.low = key.high = 0x07e0;
    assert_int_equal(wined3d_texture_create(d, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, block, 8), WINED3D_OK);
    assert_int_equal(wined3d_texture_set_color_key(t, WINED3D_CKEY_SRC_BLT, &key), WINED3D_OK);
    check_keyed(f, t, 1u << 1, "DXT1");
    wined3d_device_set_texture(d, 0, NULL);
    wined3d_texture_destroy(t);
    wined3d_device_set_render_state(d, WINED3D_RS_COLORKEYENABLE, 0);
    reset_state(f);
}

/* One directional light on a transformed triangle, through the device. */
static void test_lit_triangle(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct { float x, y, z, nx, ny, nz; } v[3] =
    {
        {-1.0f, 1.0f, 0.5f, 0.0f, 0.0f, -1.0f},
        {3.0f, 1.0f, 0.5f, 0.0f, 0.0f, -1.0f},
        {-1.0f, -3.0f, 0.5f, 0.0f, 0.0f, -1.0f},
    };
    struct wined3d_material material;
    struct wined3d_light light;
    float ndotl, r, g, b;

    reset_state(f);
    memset(&material, 0, sizeof(material));
    material.diffuse = (struct wined3d_color){0.8f, 0.6f, 0.4f, 1.0f};
    material.ambient = (struct wined3d_color){1.0f, 1.0f, 1.0f, 1.0f};
    wined3d_device_set_material(d, &material);
    memset(&light, 0, sizeof(light));
    light.type = WINED3D_LIGHT_DIRECTIONAL;
    light.diffuse = (struct wined3d_color){1.0f, 1.0f, 1.0f, 1.0f};
    light.direction = (struct wined3d_vec3){0.0f, 0.6f, 0.8f};
    wined3d_device_set_light(d, 0, &light);
    wined3d_device_set_light_enable(d, 0, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_LIGHTING, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_AMBIENT, 0xff202020);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZ | WINED3DFVF_NORMAL);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    assert_int_equal(wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLELIST, v, 3, sizeof(v[0])), WINED3D_OK);
    ndotl = 0.8f;
    r = 0x20 / 255.0f + 0.8f * ndotl;
    g = 0x20 / 255.0f + 0.6f * ndotl;
    b = 0x20 / 255.0f + 0.4f * ndotl;
    if (!close_to(read_pixel(f, 20, 20), 0xff000000 | (to8(r) << 16) | (to8(g) << 8) | to8(b), 2))
        fprintf(stderr, "Lit triangle: got %08x, expected %08x.\n", read_pixel(f, 20, 20),
                0xff000000 | (to8(r) << 16) | (to8(g) << 8) | to8(b));
    assert_true(close_to(read_pixel(f, 20, 20), 0xff000000 | (to8(r) << 16) | (to8(g) << 8) | to8(b), 2));
    reset_state(f);
}

/* ---------------------------------------------------------------------- */
/* Frame-buffer operations of the Direct3D 7 pixel pipeline.              */

struct fcolor { float r, g, b, a; };

static struct fcolor fc(uint32_t c)
{
    struct fcolor r = {((c >> 16) & 0xff) / 255.0f, ((c >> 8) & 0xff) / 255.0f, (c & 0xff) / 255.0f, (c >> 24) / 255.0f};
    return r;
}

static struct fcolor blend_factor(uint32_t factor, struct fcolor s, struct fcolor d)
{
    struct fcolor f = {0, 0, 0, 0};
    float x;

    switch (factor)
    {
        case WINED3D_BLEND_ZERO: break;
        case WINED3D_BLEND_ONE: f.r = f.g = f.b = f.a = 1.0f; break;
        case WINED3D_BLEND_SRCCOLOR: f = s; break;
        case WINED3D_BLEND_INVSRCCOLOR: f.r = 1 - s.r; f.g = 1 - s.g; f.b = 1 - s.b; f.a = 1 - s.a; break;
        case WINED3D_BLEND_SRCALPHA: f.r = f.g = f.b = f.a = s.a; break;
        case WINED3D_BLEND_INVSRCALPHA: f.r = f.g = f.b = f.a = 1 - s.a; break;
        case WINED3D_BLEND_DESTALPHA: f.r = f.g = f.b = f.a = d.a; break;
        case WINED3D_BLEND_INVDESTALPHA: f.r = f.g = f.b = f.a = 1 - d.a; break;
        case WINED3D_BLEND_DESTCOLOR: f = d; break;
        case WINED3D_BLEND_INVDESTCOLOR: f.r = 1 - d.r; f.g = 1 - d.g; f.b = 1 - d.b; f.a = 1 - d.a; break;
        case WINED3D_BLEND_SRCALPHASAT:
            x = s.a < 1 - d.a ? s.a : 1 - d.a;
            f.r = f.g = f.b = x; f.a = 1.0f;
            break;
    }
    return f;
}

static uint32_t ref_blend(uint32_t src, uint32_t dst, uint32_t sf, uint32_t df)
{
    struct fcolor s = fc(src), d = fc(dst), a, b;

    /* BOTHSRCALPHA / BOTHINVSRCALPHA set both factors from the source. */
    if (sf == WINED3D_BLEND_BOTHSRCALPHA) { sf = WINED3D_BLEND_SRCALPHA; df = WINED3D_BLEND_INVSRCALPHA; }
    else if (sf == WINED3D_BLEND_BOTHINVSRCALPHA) { sf = WINED3D_BLEND_INVSRCALPHA; df = WINED3D_BLEND_SRCALPHA; }
    a = blend_factor(sf, s, d);
    b = blend_factor(df, s, d);
    return (to8(s.a * a.a + d.a * b.a) << 24) | (to8(s.r * a.r + d.r * b.r) << 16)
            | (to8(s.g * a.g + d.g * b.g) << 8) | to8(s.b * a.b + d.b * b.b);
}

/* Every D3DBLEND as source and destination factor. */
static void test_blend_factors(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    const uint32_t dst = 0x60a04080, src = 0xa0306090;
    unsigned int sf, df, failures = 0;

    reset_state(f);
    wined3d_device_set_render_state(d, WINED3D_RS_ALPHABLENDENABLE, 1);
    for (sf = WINED3D_BLEND_ZERO; sf <= WINED3D_BLEND_BOTHINVSRCALPHA; ++sf)
        for (df = WINED3D_BLEND_ZERO; df <= WINED3D_BLEND_SRCALPHASAT; ++df)
        {
            uint32_t expected, got;

            /* The destination factor SRCALPHASAT is not valid in Direct3D. */
            if (df == WINED3D_BLEND_SRCALPHASAT) continue;
            wined3d_device_set_render_state(d, WINED3D_RS_SRCBLEND, sf);
            wined3d_device_set_render_state(d, WINED3D_RS_DESTBLEND, df);
            wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, dst, 1.0f, 0);
            draw_rhw_quad(f, 0.5f, src, 0);
            expected = ref_blend(src, dst, sf, df);
            got = read_pixel(f, 12, 12);
            if (!close_to(got, expected, 2))
            {
                fprintf(stderr, "Blend src %u dst %u: got %08x, expected %08x.\n", sf, df, got, expected);
                ++failures;
            }
        }
    reset_state(f);
    assert_int_equal(failures, 0);
}

static uint32_t ref_stencil_op(uint32_t op, uint32_t value, uint32_t ref)
{
    switch (op)
    {
        case WINED3D_STENCIL_OP_ZERO: return 0;
        case WINED3D_STENCIL_OP_REPLACE: return ref & 0xff;
        case WINED3D_STENCIL_OP_INCR_SAT: return value < 255 ? value + 1 : 255;
        case WINED3D_STENCIL_OP_DECR_SAT: return value ? value - 1 : 0;
        case WINED3D_STENCIL_OP_INVERT: return ~value & 0xff;
        case WINED3D_STENCIL_OP_INCR: return (value + 1) & 0xff;
        case WINED3D_STENCIL_OP_DECR: return (value - 1) & 0xff;
        default: return value;
    }
}

/* Whether the stencil value at the test pixel equals v: draw with EQUAL. */
static int stencil_is(struct fixture *f, uint32_t v)
{
    struct wined3d_device *d = f->device;
    int equal;

    wined3d_device_set_render_state(d, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILFUNC, WINED3D_CMP_EQUAL);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILREF, v);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILMASK, 0xff);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILPASS, WINED3D_STENCIL_OP_KEEP);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILFAIL, WINED3D_STENCIL_OP_KEEP);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILZFAIL, WINED3D_STENCIL_OP_KEEP);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    equal = read_pixel(f, 12, 12) == 0xffffffff;
    return equal;
}

/* Every stencil op on the pass, fail and depth-fail paths. */
static void test_stencil_ops(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    static const uint32_t starts[] = {0x00, 0x7f, 0xff};
    unsigned int op, path, i, failures = 0;

    reset_state(f);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILENABLE, 1);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILWRITEMASK, 0xff);
    for (path = 0; path < 3; ++path)
        for (op = WINED3D_STENCIL_OP_KEEP; op <= WINED3D_STENCIL_OP_DECR; ++op)
            for (i = 0; i < 3; ++i)
            {
                uint32_t expected = ref_stencil_op(op, starts[i], 0x42);

                wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_ZBUFFER | WINED3DCLEAR_STENCIL, 0, 0.5f, starts[i]);
                /* path 0: stencil and depth pass; 1: stencil fails; 2: depth fails. */
                wined3d_device_set_render_state(d, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
                wined3d_device_set_render_state(d, WINED3D_RS_ZFUNC, path == 2 ? WINED3D_CMP_NEVER : WINED3D_CMP_ALWAYS);
                wined3d_device_set_render_state(d, WINED3D_RS_STENCILFUNC, path == 1 ? WINED3D_CMP_NEVER : WINED3D_CMP_ALWAYS);
                wined3d_device_set_render_state(d, WINED3D_RS_STENCILREF, 0x42);
                wined3d_device_set_render_state(d, WINED3D_RS_STENCILPASS, path == 0 ? op : WINED3D_STENCIL_OP_KEEP);
                wined3d_device_set_render_state(d, WINED3D_RS_STENCILFAIL, path == 1 ? op : WINED3D_STENCIL_OP_KEEP);
                wined3d_device_set_render_state(d, WINED3D_RS_STENCILZFAIL, path == 2 ? op : WINED3D_STENCIL_OP_KEEP);
                draw_rhw_quad(f, 0.25f, 0xff808080, 0);
                /* Also "not something else", so a stencil test that is off cannot pass. */
                if (!stencil_is(f, expected) || stencil_is(f, expected ^ 0x80))
                {
                    fprintf(stderr, "Stencil op %u path %u start %#x: not %#x.\n", op, path, starts[i], expected);
                    ++failures;
                }
            }
    /* The reference and mask: LESS passes where (ref & mask) < (value & mask). */
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_STENCIL, 0, 1.0f, 0x35);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILFUNC, WINED3D_CMP_LESS);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILREF, 0x13);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILMASK, 0x0f);
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILPASS, WINED3D_STENCIL_OP_ZERO);
    wined3d_device_set_render_state(d, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    draw_rhw_quad(f, 0.25f, 0xff808080, 0);
    if (!stencil_is(f, 0) || stencil_is(f, 0x35)) ++failures; /* 3 < 5: passed, zeroed */
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILENABLE, 0);
    reset_state(f);
    assert_int_equal(failures, 0);
}

/* Fill modes: points and wireframe draw less than solid. */
static void test_fill_mode(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;

    reset_state(f);
    wined3d_device_set_render_state(d, WINED3D_RS_FILLMODE, WINED3D_FILL_WIREFRAME);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    assert_int_equal(read_pixel(f, 20, 40), 0xff000000);
    /* The wireframe's outer edges are drawn. */
    assert_int_equal(read_pixel(f, 0, 30), 0xffffffff);
    wined3d_device_set_render_state(d, WINED3D_RS_FILLMODE, WINED3D_FILL_POINT);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    assert_int_equal(read_pixel(f, 0, 0), 0xffffffff);
    assert_int_equal(read_pixel(f, 0, 30), 0xff000000);
    wined3d_device_set_render_state(d, WINED3D_RS_FILLMODE, WINED3D_FILL_SOLID);
    draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
    assert_int_equal(read_pixel(f, 20, 40), 0xffffffff);
    reset_state(f);
}

/* ---------------------------------------------------------------------- */
/* Vertex data and samplers through the core.                             */

/* Strided data (each element from its own array) draws as interleaved. */
static void test_strided(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    float positions[4][4] = {{0, 0, 0.5f, 1}, {WIDTH, 0, 0.5f, 1}, {0, HEIGHT, 0.5f, 1}, {WIDTH, HEIGHT, 0.5f, 1}};
    uint32_t colors[4] = {0xff204080, 0xff204080, 0xff204080, 0xff204080};
    struct { float pad; uint32_t specular; } speculars[4] = {{0, 0xff002000}, {0, 0xff002000}, {0, 0xff002000}, {0, 0xff002000}};
    struct wined3d_strided_data data;

    reset_state(f);
    memset(&data, 0, sizeof(data));
    data.position.data = positions;
    data.position.stride = sizeof(positions[0]);
    data.diffuse.data = colors;
    data.diffuse.stride = sizeof(colors[0]);
    data.specular.data = &speculars[0].specular;
    data.specular.stride = sizeof(speculars[0]);
    wined3d_device_set_render_state(d, WINED3D_RS_SPECULARENABLE, 1);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    assert_int_equal(wined3d_device_draw_primitive_strided(d, WINED3D_PT_TRIANGLESTRIP, &data, 4, NULL, 0), WINED3D_OK);
    assert_true(close_to(read_pixel(f, 30, 30), 0xff206080, 1));
    reset_state(f);
}

/* Cube maps: the face a direction selects, with 3-component coordinates
 * (D3DFVF_TEXCOORDSIZE3), in Direct3D's face order +X -X +Y -Y +Z -Z. */
static void test_cube_map(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    static const uint32_t face_colors[6] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00, 0xffff00ff, 0xff00ffff};
    static const float dirs[6][3] = {{1, 0.1f, 0.2f}, {-1, 0.2f, -0.1f}, {0.1f, 1, 0.2f}, {0.2f, -1, 0.1f}, {0.1f, 0.2f, 1}, {-0.2f, 0.1f, -1}};
    struct { float x, y, z, rhw; float u, v, w; } pts[6];
    uint32_t texels[16];
    unsigned int i, j, wrong = 0;

    reset_state(f);
    for (i = 0; i < 6; ++i)
    {
        for (j = 0; j < 16; ++j) texels[j] = face_colors[i];
        assert_int_equal(wined3d_texture_upload_data(f->cube, i, texels, 16), WINED3D_OK);
        pts[i].x = 5.0f + i * 9.0f;
        pts[i].y = 7.0f;
        pts[i].z = 0.5f;
        pts[i].rhw = 1.0f;
        pts[i].u = dirs[i][0];
        pts[i].v = dirs[i][1];
        pts[i].w = dirs[i][2];
    }
    wined3d_device_set_texture(d, 0, f->cube);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZRHW | WINED3DFVF_TEX(1) | WINED3DFVF_TEXCOORDSIZE3(0));
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    assert_int_equal(wined3d_device_draw_primitive_up(d, WINED3D_PT_POINTLIST, pts, 6, sizeof(pts[0])), WINED3D_OK);
    for (i = 0; i < 6; ++i)
    {
        uint32_t got = read_pixel(f, 5 + i * 9, 7);
        if (got != face_colors[i])
        {
            fprintf(stderr, "Cube face %u: got %08x, expected %08x.\n", i, got, face_colors[i]);
            ++wrong;
        }
    }
    reset_state(f);
    assert_int_equal(wrong, 0);
}

/* Address modes: wrap, mirror, clamp, border (with BORDERCOLOR). */
static void test_address_modes(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct { float x, y, z, rhw; float u, v; } pts[4];
    static const float us[4] = {1.125f, 1.875f, -0.375f, 1.625f};
    unsigned int mode, i, wrong = 0;

    reset_state(f);
    wined3d_device_set_texture(d, 0, f->tex2d);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_BORDERCOLOR, 0xff123456);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZRHW | WINED3DFVF_TEX(1));
    for (i = 0; i < 4; ++i)
    {
        pts[i].x = 4.0f + i * 8.0f;
        pts[i].y = 9.0f;
        pts[i].z = 0.5f;
        pts[i].rhw = 1.0f;
        pts[i].u = us[i];
        pts[i].v = 0.125f;
    }
    for (mode = WINED3D_TADDRESS_WRAP; mode <= WINED3D_TADDRESS_BORDER; ++mode)
    {
        wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSU, mode);
        wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_ADDRESSV, WINED3D_TADDRESS_WRAP);
        wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        assert_int_equal(wined3d_device_draw_primitive_up(d, WINED3D_PT_POINTLIST, pts, 4, sizeof(pts[0])), WINED3D_OK);
        for (i = 0; i < 4; ++i)
        {
            float u = us[i];
            int texel;
            uint32_t expected, got;

            switch (mode)
            {
                case WINED3D_TADDRESS_WRAP: u -= floorf(u); break;
                case WINED3D_TADDRESS_MIRROR: u = fmodf(fabsf(u), 2.0f); if (u > 1.0f) u = 2.0f - u; break;
                case WINED3D_TADDRESS_CLAMP: u = u < 0 ? 0.0f : u > 1 ? 0.999f : u; break;
                default: break;
            }
            texel = (int)floorf(u * 4.0f);
            /* Row 0 of the fixture texture: texel i = red i*16, green 255-i*16, blue 0x40 (1 is not keyed). */
            if (mode == WINED3D_TADDRESS_BORDER && (u < 0.0f || u > 1.0f)) expected = 0xff123456;
            else expected = 0xff000000 | ((texel * 16) << 16) | ((255 - texel * 16) << 8) | 0x40;
            got = read_pixel(f, 4 + i * 8, 9);
            if (!close_to(got, expected, 1))
            {
                fprintf(stderr, "Address mode %u u %.3f: got %08x, expected %08x.\n", mode, us[i], got, expected);
                ++wrong;
            }
        }
    }
    reset_state(f);
    assert_int_equal(wrong, 0);
}

/* ZBIAS pulls coplanar geometry towards the viewer. */
static void test_zbias(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;

    reset_state(f);
    wined3d_device_set_render_state(d, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
    wined3d_device_set_render_state(d, WINED3D_RS_ZFUNC, WINED3D_CMP_LESS);
    wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff000000, 1.0f, 0);
    draw_rhw_quad(f, 0.5f, 0xffff0000, 0);
    draw_rhw_quad(f, 0.5f, 0xff00ff00, 0);
    assert_int_equal(read_pixel(f, 30, 30), 0xffff0000);
    wined3d_device_set_render_state(d, WINED3D_RS_ZBIAS, 8);
    draw_rhw_quad(f, 0.5f, 0xff00ff00, 0);
    assert_int_equal(read_pixel(f, 30, 30), 0xff00ff00);
    wined3d_device_set_render_state(d, WINED3D_RS_ZBIAS, 0);
    reset_state(f);
}

/* Mip levels: MAXMIPLEVEL is the largest level used, MIPMAPLODBIAS shifts
 * the level. */
static void test_mip_selection(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 16, 16, 3};
    static const uint32_t level_colors[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
    struct wined3d_texture *texture;
    struct rhw_tex_vertex v[4];
    uint32_t texels[256];
    unsigned int i, level;

    reset_state(f);
    assert_int_equal(wined3d_texture_create(d, &desc, &texture), WINED3D_OK);
    for (level = 0; level < 3; ++level)
    {
        unsigned int size = 16 >> level;
        for (i = 0; i < size * size; ++i) texels[i] = level_colors[level];
        assert_int_equal(wined3d_texture_upload_data(texture, level, texels, size * 4), WINED3D_OK);
    }
    wined3d_device_set_texture(d, 0, texture);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_POINT);
    /* A 16x16 quad with the 16x16 texture: level 0. */
    for (i = 0; i < 4; ++i)
    {
        v[i].x = i & 1 ? 16.0f : 0.0f;
        v[i].y = i & 2 ? 16.0f : 0.0f;
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].diffuse = 0xffffffff;
        v[i].specular = 0;
        v[i].u = i & 1 ? 1.0f : 0.0f;
        v[i].v = i & 2 ? 1.0f : 0.0f;
    }
    wined3d_device_set_fvf(d, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX(1));
    wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_int_equal(read_pixel(f, 8, 8), 0xffff0000);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAXMIPLEVEL, 1);
    wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_int_equal(read_pixel(f, 8, 8), 0xff00ff00);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MAXMIPLEVEL, 0);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MIPMAPLODBIAS, wined3d_float_to_dword(2.0f));
    wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_int_equal(read_pixel(f, 8, 8), 0xff0000ff);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MIPMAPLODBIAS, 0);
    wined3d_device_set_texture_stage_state(d, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_NONE);
    reset_state(f);
    wined3d_texture_destroy(texture);
}

/* Cull modes: D3DCULL_CCW (the default) removes triangles that are
 * counter-clockwise on screen (y down), D3DCULL_CW clockwise ones. */
static void test_cull_modes(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    /* Clockwise on screen: right, then down-left. */
    struct { float x, y, z, rhw; uint32_t c; } cw[3] = {{0, 0, 0.5f, 1, 0xffffffff}, {64, 0, 0.5f, 1, 0xffffffff}, {0, 64, 0.5f, 1, 0xffffffff}};
    struct { float x, y, z, rhw; uint32_t c; } ccw[3] = {{0, 0, 0.5f, 1, 0xffffffff}, {0, 64, 0.5f, 1, 0xffffffff}, {64, 0, 0.5f, 1, 0xffffffff}};
    static const struct { uint32_t mode; int cw_drawn, ccw_drawn; } tests[] =
    {
        {WINED3D_CULL_NONE, 1, 1}, {WINED3D_CULL_CW, 0, 1}, {WINED3D_CULL_CCW, 1, 0},
    };
    unsigned int i;

    reset_state(f);
    wined3d_device_set_fvf(d, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE);
    for (i = 0; i < 3; ++i)
    {
        wined3d_device_set_render_state(d, WINED3D_RS_CULLMODE, tests[i].mode);
        wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLELIST, cw, 3, sizeof(cw[0]));
        assert_int_equal(read_pixel(f, 10, 10) == 0xffffffff, tests[i].cw_drawn);
        wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        wined3d_device_draw_primitive_up(d, WINED3D_PT_TRIANGLELIST, ccw, 3, sizeof(ccw[0]));
        assert_int_equal(read_pixel(f, 10, 10) == 0xffffffff, tests[i].ccw_drawn);
    }
    reset_state(f);
}

/* Every stencil compare function, with the reference and read mask. */
static void test_stencil_funcs(void **ctx)
{
    struct fixture *f = *ctx;
    struct wined3d_device *d = f->device;
    static const uint32_t values[] = {0x21, 0x25, 0x29};
    unsigned int func, i, failures = 0;

    reset_state(f);
    for (func = WINED3D_CMP_NEVER; func <= WINED3D_CMP_ALWAYS; ++func)
        for (i = 0; i < 3; ++i)
        {
            /* (ref & mask) FUNC (value & mask): ref 0x15 & 0x0f = 5 against 1, 5, 9. */
            uint32_t ref = 0x15 & 0x0f, v = values[i] & 0x0f;
            int pass = func == WINED3D_CMP_NEVER ? 0 : func == WINED3D_CMP_LESS ? ref < v
                    : func == WINED3D_CMP_EQUAL ? ref == v : func == WINED3D_CMP_LESSEQUAL ? ref <= v
                    : func == WINED3D_CMP_GREATER ? ref > v : func == WINED3D_CMP_NOTEQUAL ? ref != v
                    : func == WINED3D_CMP_GREATEREQUAL ? ref >= v : 1;
            int drawn;

            wined3d_device_clear(d, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_STENCIL, 0xff000000, 1.0f, values[i]);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILENABLE, 1);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILFUNC, func);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILREF, 0x15);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILMASK, 0x0f);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILPASS, WINED3D_STENCIL_OP_KEEP);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILFAIL, WINED3D_STENCIL_OP_KEEP);
            wined3d_device_set_render_state(d, WINED3D_RS_STENCILZFAIL, WINED3D_STENCIL_OP_KEEP);
            draw_rhw_quad(f, 0.5f, 0xffffffff, 0);
            drawn = read_pixel(f, 12, 12) == 0xffffffff;
            if (drawn != pass)
            {
                fprintf(stderr, "Stencil func %u value %#x: drawn %d.\n", func, values[i], drawn);
                ++failures;
            }
        }
    wined3d_device_set_render_state(d, WINED3D_RS_STENCILENABLE, 0);
    reset_state(f);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_lit_triangle),
        cmocka_unit_test(test_state_changes_reach_pixels),
        cmocka_unit_test(test_vertex_block_follows_state),
        cmocka_unit_test(test_program_toggle_uploads_nothing),
        cmocka_unit_test(test_color_key),
        cmocka_unit_test(test_color_key_palettised_dxt),
        cmocka_unit_test(test_blend_factors),
        cmocka_unit_test(test_stencil_ops),
        cmocka_unit_test(test_fill_mode),
        cmocka_unit_test(test_cull_modes),
        cmocka_unit_test(test_stencil_funcs),
        cmocka_unit_test(test_strided),
        cmocka_unit_test(test_cube_map),
        cmocka_unit_test(test_address_modes),
        cmocka_unit_test(test_zbias),
        cmocka_unit_test(test_mip_selection),
        cmocka_unit_test(test_uniform_churn_builds_nothing),
        cmocka_unit_test(test_programs_equal_distinct_keys),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/*
 * Pixel tests on real Mesa against a CPU reference of Direct3D 7's rules:
 * pixel centres, flat shading's first vertex, alpha test in the shader,
 * texture stage ops, fog, the core's GS states (blend ops, alpha-fail
 * actions, integer depth), clears against viewport, rectangles and masks,
 * and blits.
 */
#include "config.h"

#include <math.h>

#include "core_test.h"

static struct wined3d_texture *solid_texture(struct wined3d_device *device, uint32_t argb)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 1, 1, 1};
    struct wined3d_texture *t;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, &argb, 4), WINED3D_OK);
    return t;
}

static void draw_tex_quad(struct wined3d_device *device, uint32_t diffuse)
{
    struct tl_tex_vertex v[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, diffuse, 0.0f, 0.0f}, {16.0f, 0.0f, 0.5f, 1.0f, diffuse, 1.0f, 0.0f},
        {0.0f, 16.0f, 0.5f, 1.0f, diffuse, 0.0f, 1.0f}, {16.0f, 16.0f, 0.5f, 1.0f, diffuse, 1.0f, 1.0f},
    };
    wined3d_device_set_fvf(device, TL_TEX_FVF);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])), WINED3D_OK);
}

/* Direct3D 7 samples at integer pixel coordinates: a quad from 0.5 to 2.5
 * covers pixels 1 and 2 (GL's half-pixel centres would give 0 and 1). */
static void test_pixel_centres(void **state)
{
    struct wined3d_device *device = create_device();

    draw_quad(device, 0.5f, 0.5f, 2.5f, 2.5f, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 0, 0), 0);
    assert_int_equal(read_pixel(device, 1, 1), 0xffffffff);
    assert_int_equal(read_pixel(device, 2, 2), 0xffffffff);
    assert_int_equal(read_pixel(device, 3, 3), 0);
    assert_int_equal(read_pixel(device, 0, 1), 0);
    assert_int_equal(read_pixel(device, 2, 3), 0);
    /* Row 0 is the top: y grows downwards. */
    draw_quad(device, 10.0f, 0.0f, 12.0f, 1.0f, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(device, 10, 0), 0xff00ff00);
    assert_int_equal(read_pixel(device, 10, 1), 0);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Culling: (0,0) (10,0) (0,10) is clockwise on screen (y down).  The
 * default D3DCULL_CCW keeps it, D3DCULL_CW removes it. */
static void test_cull_modes(void **state)
{
    struct wined3d_device *device = create_device();
    struct tl_vertex cw[3] = {{0, 0, 0.5f, 1, 0xffff0000}, {10, 0, 0.5f, 1, 0xffff0000}, {0, 10, 0.5f, 1, 0xffff0000}};
    struct tl_vertex ccw[3] = {{20, 0, 0.5f, 1, 0xff00ff00}, {20, 10, 0.5f, 1, 0xff00ff00}, {30, 0, 0.5f, 1, 0xff00ff00}};
    static const struct { uint32_t mode, cw_drawn, ccw_drawn; } tests[] =
    {
        {WINED3D_CULL_CCW, 1, 0}, {WINED3D_CULL_CW, 0, 1}, {WINED3D_CULL_NONE, 1, 1},
    };
    unsigned int i;

    wined3d_device_set_fvf(device, TL_FVF);
    for (i = 0; i < 3; ++i)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, tests[i].mode);
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, cw, 3, sizeof(cw[0]));
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, ccw, 3, sizeof(ccw[0]));
        assert_int_equal(read_pixel(device, 2, 2), tests[i].cw_drawn ? 0xffff0000 : 0);
        assert_int_equal(read_pixel(device, 22, 2), tests[i].ccw_drawn ? 0xff00ff00 : 0);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Flat shading takes each triangle's first vertex's colour. */
static void test_flat_shading(void **state)
{
    struct wined3d_device *device = create_device();
    struct tl_vertex strip[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xffff0000}, {32.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
        {0.0f, 32.0f, 0.5f, 1.0f, 0xff0000ff}, {32.0f, 32.0f, 0.5f, 1.0f, 0xffffffff},
    };

    wined3d_device_set_render_state(device, WINED3D_RS_SHADEMODE, WINED3D_SHADE_FLAT);
    wined3d_device_set_fvf(device, TL_FVF);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, strip, 4, sizeof(strip[0]));
    /* Triangle 0 (v0 v1 v2): red; triangle 1 (v1 v2 v3): green. */
    assert_int_equal(read_pixel(device, 4, 4), 0xffff0000);
    assert_int_equal(read_pixel(device, 28, 28), 0xff00ff00);
    /* Gouraud interpolates. */
    wined3d_device_set_render_state(device, WINED3D_RS_SHADEMODE, WINED3D_SHADE_GOURAUD);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, strip, 4, sizeof(strip[0]));
    assert_true(read_pixel(device, 4, 4) != 0xffff0000);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static int cmp(uint32_t func, uint32_t a, uint32_t ref)
{
    switch (func)
    {
        case WINED3D_CMP_NEVER: return 0;
        case WINED3D_CMP_LESS: return a < ref;
        case WINED3D_CMP_EQUAL: return a == ref;
        case WINED3D_CMP_LESSEQUAL: return a <= ref;
        case WINED3D_CMP_GREATER: return a > ref;
        case WINED3D_CMP_NOTEQUAL: return a != ref;
        case WINED3D_CMP_GREATEREQUAL: return a >= ref;
        default: return 1;
    }
}

static void test_alpha_test(void **state)
{
    static const uint32_t alphas[] = {0x7f, 0x80, 0x81};
    struct wined3d_device *device = create_device();
    uint32_t func, i;

    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x80);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
    for (func = WINED3D_CMP_NEVER; func <= WINED3D_CMP_ALWAYS; ++func)
    {
        wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFUNC, func);
        for (i = 0; i < 3; ++i)
        {
            uint32_t color = alphas[i] << 24 | 0x00ff00;
            wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
            draw_quad(device, 0, 0, 8, 8, color, 0.5f);
            if (read_pixel(device, 2, 2) != (cmp(func, alphas[i], 0x80) ? color : 0))
                fail_msg("func %u alpha %#x: %08x", func, alphas[i], read_pixel(device, 2, 2));
        }
    }
    /* The reference changing between draws: only a uniform, no key derived
     * (state_fs_uniforms), so no cache look-up either.  (A test that passes
     * large alphas may be left out when the vertices' alphas clear the
     * reference, a key change: test_alpha_test_left_out.) */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_LESSEQUAL);
    draw_quad(device, 0, 0, 8, 8, 0x80ff0000, 0.5f);
    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 3; ++i)
    {
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, alphas[i]);
        draw_quad(device, 0, 0, 8, 8, 0x8000ff00, 0.5f);
        assert_int_equal(read_pixel(device, 2, 2), 0x80 <= alphas[i] ? 0x8000ff00 : 0);
    }
    {
        struct wined3d_counters c;

        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        assert_int_equal(c.programs_built, 0);
        assert_int_equal(c.shader_cache_hits, 0);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static int alpha_test_in_program(struct wined3d_device *device)
{
    return device->context->program && device->context->program->key.alpha_func;
}

/* When the alpha comes from the texture alone the draw keeps its note
 * from one draw to the next (draw.c, note_alpha_test): it must still follow
 * the texture's upload, a texel written through a map, a colour key and
 * a new reference. */
static void test_alpha_test_note_kept(void **state)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 2, 1};
    const uint32_t texels[4] = {0xc0ff0000, 0xc0ff0000, 0xc0ff0000, 0xc0ff0000};
    static const struct wined3d_color_key key = {0xc0ff0000, 0xc0ff0000};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *t;
    struct wined3d_map_desc map;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    wined3d_device_set_texture(device, 0, t);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x80);

    /* The first draw's note is taken before the texels reach GL; the
     * upload itself (no state change) makes the second draw look again. */
    draw_tex_quad(device, 0x00ffffff);
    assert_true(alpha_test_in_program(device));
    draw_tex_quad(device, 0x00ffffff);
    assert_false(alpha_test_in_program(device));
    draw_tex_quad(device, 0x00ffffff);      /* kept */
    assert_false(alpha_test_in_program(device));
    assert_int_equal(read_pixel(device, 4, 4), 0xc0ff0000);

    /* A texel written through a map. */
    assert_int_equal(wined3d_texture_map(t, 0, NULL, 0, &map), WINED3D_OK);
    ((uint32_t *)map.data)[0] = 0x10ff0000;
    assert_int_equal(wined3d_texture_unmap(t, 0), WINED3D_OK);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_tex_quad(device, 0x00ffffff);
    draw_tex_quad(device, 0x00ffffff);
    assert_true(alpha_test_in_program(device));
    assert_int_equal(read_pixel(device, 4, 4), 0);
    assert_int_equal(read_pixel(device, 12, 12), 0xc0ff0000);

    /* The texels back, then a source colour key on them. */
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    draw_tex_quad(device, 0x00ffffff);
    draw_tex_quad(device, 0x00ffffff);
    assert_false(alpha_test_in_program(device));
    wined3d_device_set_render_state(device, WINED3D_RS_COLORKEYENABLE, 1);
    draw_tex_quad(device, 0x00ffffff);
    assert_false(alpha_test_in_program(device));    /* no key yet */
    assert_int_equal(wined3d_texture_set_color_key(t, WINED3D_CKEY_SRC_BLT, &key), WINED3D_OK);
    draw_tex_quad(device, 0x00ffffff);
    assert_true(alpha_test_in_program(device));
    assert_int_equal(wined3d_texture_set_color_key(t, WINED3D_CKEY_SRC_BLT, NULL), WINED3D_OK);
    draw_tex_quad(device, 0x00ffffff);
    assert_false(alpha_test_in_program(device));

    /* A reference above the texels' alpha. */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0xc0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_tex_quad(device, 0x00ffffff);
    assert_true(alpha_test_in_program(device));
    assert_int_equal(read_pixel(device, 4, 4), 0);

    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A test that passes alphas from the reference up is left out of the
 * program while the stage-0 texture's uploaded texels and the vertices'
 * diffuse alphas make every fragment pass, and comes back when a texel
 * written through a map or by a GL blit, a vertex, the reference or the op
 * could fail. */
static void test_alpha_test_left_out(void **state)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 2, 1};
    const uint32_t texels[4] = {0xc0ff0000, 0xc0ff0000, 0xc0ff0000, 0xc0ff0000};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *t, *src;
    struct wined3d_map_desc map;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    wined3d_device_set_texture(device, 0, t);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_MODULATE);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x80);

    /* 0xc0 * 0xff: every fragment passes; the first draw uploads the texels. */
    draw_tex_quad(device, 0xffffffff);
    draw_tex_quad(device, 0xffffffff);
    assert_int_equal(read_pixel(device, 4, 4), 0xc0ff0000);
    assert_false(alpha_test_in_program(device));

    /* 0xc0 * 0x80 = 0x60 fails: the test is back, nothing drawn. */
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_tex_quad(device, 0x80ffffff);
    assert_int_equal(read_pixel(device, 4, 4), 0);
    assert_true(alpha_test_in_program(device));

    /* A texel written through a map: the floor read from the upload before
     * no longer holds. */
    draw_tex_quad(device, 0xffffffff);
    assert_false(alpha_test_in_program(device));
    assert_int_equal(wined3d_texture_map(t, 0, NULL, 0, &map), WINED3D_OK);
    ((uint32_t *)map.data)[0] = 0x10ff0000;
    assert_int_equal(wined3d_texture_unmap(t, 0), WINED3D_OK);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_tex_quad(device, 0xffffffff);
    assert_int_equal(read_pixel(device, 4, 4), 0);          /* texel (0, 0): alpha 0x10 */
    assert_int_equal(read_pixel(device, 12, 12), 0xc0ff0000);
    assert_true(alpha_test_in_program(device));
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_tex_quad(device, 0xffffffff);      /* the floor is now the new texel's */
    assert_int_equal(read_pixel(device, 4, 4), 0);
    assert_true(alpha_test_in_program(device));

    /* The reference just below the floor, and an op the floor does not cover. */
    assert_int_equal(wined3d_texture_upload_data(t, 0, texels, 8), WINED3D_OK);
    draw_tex_quad(device, 0xffffffff);      /* uploads: the test stays for it */
    assert_true(alpha_test_in_program(device));
    draw_tex_quad(device, 0xffffffff);
    assert_false(alpha_test_in_program(device));
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0xc0);
    draw_tex_quad(device, 0xffffffff);
    assert_true(alpha_test_in_program(device));
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x80);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_ADD);
    draw_tex_quad(device, 0xffffffff);
    assert_true(alpha_test_in_program(device));

    /* A GL blit into the texture: its texels are not looked at, the test stays. */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_MODULATE);
    draw_tex_quad(device, 0xffffffff);
    assert_false(alpha_test_in_program(device));
    src = solid_texture(device, 0x10ff0000);
    wined3d_device_set_texture(device, 0, src);
    draw_tex_quad(device, 0xffffffff);      /* loads it into GL */
    wined3d_device_set_texture(device, 0, t);
    assert_int_equal(wined3d_texture_blt(t, 0, NULL, src, 0, NULL, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_tex_quad(device, 0xffffffff);
    draw_tex_quad(device, 0xffffffff);
    assert_int_equal(read_pixel(device, 4, 4), 0);
    assert_true(alpha_test_in_program(device));

    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(src);
    wined3d_texture_destroy(t);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* CPU reference of the stage ops on one channel (0..255). */
static unsigned int sat(int v) { return v < 0 ? 0 : v > 255 ? 255 : (unsigned int)v; }

static uint32_t per_channel(uint32_t a, uint32_t b, unsigned int op, uint32_t diffuse, uint32_t tex)
{
    uint32_t out = 0;
    unsigned int shift;
    for (shift = 0; shift < 32; shift += 8)
    {
        int x = (a >> shift) & 0xff, y = (b >> shift) & 0xff, r;
        float da = (diffuse >> 24) / 255.0f, ta = (tex >> 24) / 255.0f;
        switch (op)
        {
            case WINED3D_TOP_SELECTARG1: r = x; break;
            case WINED3D_TOP_SELECTARG2: r = y; break;
            case WINED3D_TOP_MODULATE: r = (int)lrintf(x * y / 255.0f); break;
            case WINED3D_TOP_MODULATE2X: r = (int)lrintf(2.0f * x * y / 255.0f); break;
            case WINED3D_TOP_MODULATE4X: r = (int)lrintf(4.0f * x * y / 255.0f); break;
            case WINED3D_TOP_ADD: r = x + y; break;
            case WINED3D_TOP_ADDSIGNED: r = (int)lrintf(x + y - 127.5f); break;
            case WINED3D_TOP_SUBTRACT: r = x - y; break;
            case WINED3D_TOP_BLENDDIFFUSEALPHA: r = (int)lrintf(x * da + y * (1.0f - da)); break;
            case WINED3D_TOP_BLENDTEXTUREALPHA: r = (int)lrintf(x * ta + y * (1.0f - ta)); break;
            default: r = 0;
        }
        out |= sat(r) << shift;
    }
    return out;
}

static void run_stage_ops(uint32_t flags)
{
    static const unsigned int ops[] =
    {
        WINED3D_TOP_SELECTARG1, WINED3D_TOP_SELECTARG2, WINED3D_TOP_MODULATE, WINED3D_TOP_MODULATE2X,
        WINED3D_TOP_MODULATE4X, WINED3D_TOP_ADD, WINED3D_TOP_ADDSIGNED, WINED3D_TOP_SUBTRACT,
        WINED3D_TOP_BLENDDIFFUSEALPHA, WINED3D_TOP_BLENDTEXTUREALPHA,
    };
    const uint32_t tex = 0x60c08040, diffuse = 0xa0406080;
    struct wined3d_device *device = create_device_ex(64, 64, WINED3DFMT_D24S8, flags);
    struct wined3d_texture *t = solid_texture(device, tex);
    unsigned int i;

    assert_int_equal(device->generic_stages, (flags & WINED3D_DEVICE_GENERIC_STAGES) ? WINED3D_FFP_STAGES_GENERIC
            : (flags & WINED3D_DEVICE_GENERIC_OPS) ? WINED3D_FFP_STAGES_GENERIC_OPS : WINED3D_FFP_STAGES_BUILT_IN);
    wined3d_device_set_texture(device, 0, t);
    for (i = 0; i < sizeof(ops) / sizeof(*ops); ++i)
    {
        uint32_t expect = per_channel(tex, diffuse, ops[i], diffuse, tex), got;
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, ops[i]);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, ops[i]);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG2, WINED3DTA_DIFFUSE);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_TEXTURE);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG2, WINED3DTA_DIFFUSE);
        draw_tex_quad(device, diffuse);
        got = read_pixel(device, 4, 4);
        if (!channel_close(got, expect, 2))
            fail_msg("op %u: %08x, expected %08x", ops[i], got, expect);
    }

    /* DISABLE on stage 0: the diffuse colour passes through. */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_DISABLE);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_DISABLE);
    draw_tex_quad(device, diffuse);
    assert_color_close(read_pixel(device, 4, 4), diffuse, 1);

    /* Modifiers: complement and alpha replicate. */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE | WINED3DTA_COMPLEMENT);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAARG1, WINED3DTA_TEXTURE);
    draw_tex_quad(device, diffuse);
    assert_color_close(read_pixel(device, 4, 4), (tex & 0xff000000) | (~tex & 0xffffff), 1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1, WINED3DTA_DIFFUSE | WINED3DTA_ALPHAREPLICATE);
    draw_tex_quad(device, diffuse);
    assert_color_close(read_pixel(device, 4, 4), 0x60a0a0a0, 1);

    /* Two stages: stage 1 adds the texture factor to the current colour. */
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
    wined3d_device_set_texture_stage_state(device, 1, WINED3D_TSS_COLOROP, WINED3D_TOP_ADD);
    wined3d_device_set_texture_stage_state(device, 1, WINED3D_TSS_COLORARG1, WINED3DTA_CURRENT);
    wined3d_device_set_texture_stage_state(device, 1, WINED3D_TSS_COLORARG2, WINED3DTA_TFACTOR);
    wined3d_device_set_texture_stage_state(device, 1, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 1, WINED3D_TSS_ALPHAARG1, WINED3DTA_CURRENT);
    wined3d_device_set_render_state(device, WINED3D_RS_TEXTUREFACTOR, 0x00102030);
    draw_tex_quad(device, diffuse);
    assert_color_close(read_pixel(device, 4, 4), 0x60d0a070, 1);
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_stage_ops(void **state)
{
    run_stage_ops(0);
}

/* Draws that change only which 2D texture is bound re-derive no program
 * key and fill no uniforms (no program lookups counted) and show each
 * texture; a keyed texture on stage 0 with COLORKEYENABLE does re-derive
 * it, and its key is applied. */
static void test_texture_switch_keeps_program(void **state)
{
    const uint32_t colours[2] = {0xff40c080, 0xff8020a0};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *t[2] = {solid_texture(device, colours[0]), solid_texture(device, colours[1])};
    struct wined3d_color_key key = {colours[1], colours[1]};
    struct wined3d_counters c;
    unsigned int i;

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture(device, 0, t[0]);
    draw_tex_quad(device, 0xffffffff);
    wined3d_device_reset_frame_counters(device);
    for (i = 1; i <= 10; ++i)
    {
        wined3d_device_set_texture(device, 0, t[i & 1]);
        draw_tex_quad(device, 0xffffffff);
        assert_color_close(read_pixel(device, 4, 4), colours[i & 1], 1);
    }
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.draws, 10);
    assert_int_equal(c.shader_cache_hits, 0);
    assert_int_equal(c.programs_built, 0);

    /* A source colour key on the second texture: its texels are discarded. */
    assert_int_equal(wined3d_texture_set_color_key(t[1], WINED3D_CKEY_SRC_BLT, &key), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_COLORKEYENABLE, 1);
    wined3d_device_set_texture(device, 0, t[0]);
    draw_tex_quad(device, 0xffffffff);
    assert_color_close(read_pixel(device, 4, 4), colours[0], 1);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    wined3d_device_set_texture(device, 0, t[1]);
    draw_tex_quad(device, 0xffffffff);
    assert_color_close(read_pixel(device, 4, 4), 0xff000000, 1);

    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t[0]);
    wined3d_texture_destroy(t[1]);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* The same with the stage ops (and arguments) read from the uniforms. */
static void test_stage_ops_generic(void **state)
{
    run_stage_ops(WINED3D_DEVICE_GENERIC_STAGES);
    run_stage_ops(WINED3D_DEVICE_GENERIC_OPS);
}

/* Draws that switch programs for stage ops alone: after a frame (ended by
 * EndScene or a present) with many of them the device reads the ops from
 * the uniforms (arguments built in), and toggling the op then builds no
 * program and switches none; the pictures stay right.  A frame that then
 * toggles an argument as often makes the arguments generic too, and one
 * toggling between a short-sum op and another the whole sums.  A device
 * made with WINED3D_DEVICE_BAKED_STAGES keeps a program per op. */
static void test_generic_stages_policy(void **state)
{
    const uint32_t tex = 0x60c08040, diffuse = 0xa0406080;
    const uint32_t expect[2] = {per_channel(tex, diffuse, WINED3D_TOP_MODULATE, diffuse, tex), tex};
    unsigned int round, round_ops, baked, i;

    /* Auto with the frame ended by EndScene, baked, auto with a present. */
    for (round = 0; round < 3; ++round)
    {
        struct wined3d_device *device = create_device_ex(64, 64, WINED3DFMT_D24S8,
                round == 1 ? WINED3D_DEVICE_BAKED_STAGES : 0);
        struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
        struct wined3d_texture *t = solid_texture(device, tex);
        struct wined3d_counters c;

        wined3d_device_set_texture(device, 0, t);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG1);
        for (i = 0; i < 100; ++i)
        {
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP,
                    i & 1 ? WINED3D_TOP_SELECTARG1 : WINED3D_TOP_MODULATE);
            draw_tex_quad(device, diffuse);
        }
        assert_int_equal(device->generic_stages, WINED3D_FFP_STAGES_BUILT_IN);
        baked = round == 1;
        if (round)
            assert_int_equal(wined3d_swapchain_present(swapchain, wined3d_device_get_render_target(device, NULL),
                    0, NULL, 0), WINED3D_OK);
        else
            wined3d_device_end_scene(device);
        assert_int_equal(device->generic_stages, baked ? WINED3D_FFP_STAGES_BUILT_IN : WINED3D_FFP_STAGES_GENERIC_OPS);
        wined3d_device_reset_frame_counters(device);
        for (i = 0; i < 100; ++i)
        {
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP,
                    i & 1 ? WINED3D_TOP_SELECTARG1 : WINED3D_TOP_MODULATE);
            draw_tex_quad(device, diffuse);
            if (i < 4 || i >= 98)
                assert_color_close(read_pixel(device, 4, 4) & 0xffffff, expect[i & 1] & 0xffffff, 2);
        }
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        assert_int_equal(c.draws, 100);
        /* Generic: one program built for the 100 draws, then kept without
         * deriving the key again (state_stage_ops): no cache look-ups. */
        assert_int_equal(c.programs_built, baked ? 0 : 1);
        assert_int_equal(c.shader_cache_hits, baked ? 100 : 0);

        /* An argument toggled as often: that argument from the uniforms
         * too, the others still built in; one program for the toggling. */
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
        for (i = 0; i < 100; ++i)
        {
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1,
                    i & 1 ? WINED3DTA_DIFFUSE : WINED3DTA_TEXTURE);
            draw_tex_quad(device, diffuse);
        }
        wined3d_device_end_scene(device);
        assert_int_equal(device->generic_stages, baked ? WINED3D_FFP_STAGES_BUILT_IN : WINED3D_FFP_STAGES_GENERIC_OPS);
        assert_int_equal(device->generic_args[0], baked ? 0 : WINED3D_FFP_ARG_COLOR1);
        wined3d_device_reset_frame_counters(device);
        for (i = 0; i < 4; ++i)
        {
            wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1,
                    i & 1 ? WINED3DTA_DIFFUSE : WINED3DTA_TEXTURE);
            draw_tex_quad(device, diffuse);
            assert_color_close(read_pixel(device, 4, 4) & 0xffffff, (i & 1 ? diffuse : tex) & 0xffffff, 2);
        }
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        assert_int_equal(c.programs_built, baked ? 0 : 1);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLORARG1, WINED3DTA_TEXTURE);
        assert_int_equal(device->whole_sums, 0);

        /* Generic stages with short sums for MODULATE and SELECTARG1, the
         * whole sum for BLENDTEXTUREALPHA: a frame switching between them
         * gives every generic stage the whole sum, one program again. */
        for (round_ops = 0; round_ops < 2; ++round_ops)
        {
            wined3d_device_reset_frame_counters(device);
            for (i = 0; i < 100; ++i)
            {
                unsigned int op = i & 1 ? WINED3D_TOP_BLENDTEXTUREALPHA : WINED3D_TOP_MODULATE;

                wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, op);
                draw_tex_quad(device, diffuse);
                if (i < 4 || i >= 98)
                    assert_color_close(read_pixel(device, 4, 4) & 0xffffff,
                            per_channel(tex, diffuse, op, diffuse, tex) & 0xffffff, 2);
            }
            wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
            if (round_ops && !baked)
                assert_int_equal(c.programs_built, 0);
            wined3d_device_end_scene(device);
            assert_int_equal(device->whole_sums, !baked);
        }
        wined3d_device_set_texture(device, 0, NULL);
        wined3d_texture_destroy(t);
        assert_no_gl_error(device);
        wined3d_device_destroy(device);
    }
}

static uint32_t fog_blend(uint32_t color, uint32_t fog, float f)
{
    uint32_t out = color & 0xff000000;
    unsigned int shift;
    for (shift = 0; shift < 24; shift += 8)
        out |= (uint32_t)lrintf(((color >> shift) & 0xff) * f + ((fog >> shift) & 0xff) * (1.0f - f)) << shift;
    return out;
}

static void test_fog(void **state)
{
    struct wined3d_device *device = create_device();
    struct tl_spec_vertex v[4];
    const uint32_t color = 0xff00ff00, fog = 0x00ff0000;
    unsigned int i;
    float z = 0.5f;

    for (i = 0; i < 4; ++i)
    {
        v[i].x = (i & 1) ? 16.0f : 0.0f;
        v[i].y = (i & 2) ? 16.0f : 0.0f;
        v[i].z = z;
        v[i].rhw = 1.0f;
        v[i].diffuse = color;
        v[i].specular = 0x40000000;     /* vertex fog factor 0x40 */
    }
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGCOLOR, fog);
    wined3d_device_set_fvf(device, TL_SPEC_FVF);

    /* No table mode: the specular alpha is the factor. */
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_color_close(read_pixel(device, 4, 4), fog_blend(color, fog, 0x40 / 255.0f), 2);

    /* Table fog from the pixel's depth. */
    wined3d_device_set_render_state(device, WINED3D_RS_FOGSTART, wined3d_float_to_dword(0.25f));
    wined3d_device_set_render_state(device, WINED3D_RS_FOGEND, wined3d_float_to_dword(0.75f));
    wined3d_device_set_render_state(device, WINED3D_RS_FOGDENSITY, wined3d_float_to_dword(2.0f));
    wined3d_device_set_render_state(device, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_LINEAR);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_color_close(read_pixel(device, 4, 4), fog_blend(color, fog, (0.75f - z) / 0.5f), 2);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_EXP);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_color_close(read_pixel(device, 4, 4), fog_blend(color, fog, expf(-2.0f * z)), 2);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_EXP2);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_color_close(read_pixel(device, 4, 4), fog_blend(color, fog, expf(-(2.0f * z) * (2.0f * z))), 2);

    /* Linear vertex fog with start == end fogs every vertex, near or far
     * (Wine's ddraw7.c test_fog_special); table fog only from end on. */
    {
        struct { float x, y, z; uint32_t c; } q[4] =
        {
            {-1.0f, 1.0f, 0.0f, color}, {1.0f, 1.0f, 1.0f, color},
            {-1.0f, -1.0f, 0.0f, color}, {1.0f, -1.0f, 1.0f, color},
        };

        wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_FOGSTART, wined3d_float_to_dword(0.5f));
        wined3d_device_set_render_state(device, WINED3D_RS_FOGEND, wined3d_float_to_dword(0.5f));
        wined3d_device_set_render_state(device, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_NONE);
        wined3d_device_set_render_state(device, WINED3D_RS_FOGVERTEXMODE, WINED3D_FOG_LINEAR);
        wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_DIFFUSE);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
        assert_color_close(read_pixel(device, 30, 32), 0xffff0000, 1);
        assert_color_close(read_pixel(device, 34, 32), 0xffff0000, 1);
        wined3d_device_set_render_state(device, WINED3D_RS_FOGVERTEXMODE, WINED3D_FOG_NONE);
        wined3d_device_set_render_state(device, WINED3D_RS_FOGTABLEMODE, WINED3D_FOG_LINEAR);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
        assert_color_close(read_pixel(device, 30, 32), color, 1);
        assert_color_close(read_pixel(device, 34, 32), 0xffff0000, 1);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A device drawing the vertex colour with the z-buffer off, blending on as
 * src, dest. */
static struct wined3d_device *blend_device(uint32_t src, uint32_t dest)
{
    struct wined3d_device *device = create_device();

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, src);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, dest);
    return device;
}

/* The GS's blend forms: subtract, reverse subtract, min, max, a constant
 * factor, separate alpha. */
static void test_blend_ops(void **state)
{
    struct wined3d_device *device = blend_device(WINED3D_BLEND_ONE, WINED3D_BLEND_ONE);
    const uint32_t dst = 0x80604020, src = 0x40202060;

#define CHECK(op, expect) do { \
        wined3d_device_set_render_state(device, WINED3D_RS_BLENDOP, op); \
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, dst, 1.0f, 0); \
        draw_quad(device, 0, 0, 8, 8, src, 0.5f); \
        assert_color_close(read_pixel(device, 2, 2), expect, 1); \
    } while (0)
    CHECK(WINED3D_BLEND_OP_ADD, 0xc0806080);
    CHECK(WINED3D_BLEND_OP_SUBTRACT, 0x00000040);
    CHECK(WINED3D_BLEND_OP_REVSUBTRACT, 0x40402000);
    CHECK(WINED3D_BLEND_OP_MIN, 0x40202020);
    CHECK(WINED3D_BLEND_OP_MAX, 0x80604060);
    /* GS FIX: a constant factor (0x80/0xff) on the source. */
    wined3d_device_set_render_state(device, WINED3D_RS_BLENDFACTOR, 0x80808080);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_BLENDFACTOR);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ZERO);
    CHECK(WINED3D_BLEND_OP_ADD, 0x20101030);
    /* Separate alpha: colour as above, alpha keeps the destination. */
    wined3d_device_set_render_state(device, WINED3D_RS_SEPARATEALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLENDALPHA, WINED3D_BLEND_ZERO);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLENDALPHA, WINED3D_BLEND_ONE);
    CHECK(WINED3D_BLEND_OP_ADD, 0x80101030);
#undef CHECK
    /* The colour write mask: only green and alpha. */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_COLORWRITEENABLE, WINED3D_COLOR_WRITE_GREEN | WINED3D_COLOR_WRITE_ALPHA);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, dst, 1.0f, 0);
    draw_quad(device, 0, 0, 8, 8, src, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0x40602020);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static int gl_blending(struct wined3d_device *device)
{
    return !!(device->context->gl.caps & (1u << GL_CAP_BLEND));
}

/* Blending ONE, ZERO with an add writes the source as it is: GL blending
 * stays off for it, the picture that of blending; any other form blends. */
static void test_blend_replace_stays_off(void **state)
{
    struct wined3d_device *device = blend_device(WINED3D_BLEND_ONE, WINED3D_BLEND_ZERO);
    const uint32_t dst = 0x80604020, src = 0x40202060;

#define CHECK(blending, expect) do { \
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, dst, 1.0f, 0); \
        draw_quad(device, 0, 0, 8, 8, src, 0.5f); \
        assert_int_equal(gl_blending(device), blending); \
        assert_color_close(read_pixel(device, 2, 2), expect, 1); \
    } while (0)
    CHECK(0, src);
    /* Any factor that reads the target, or another op, blends. */
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ONE);
    CHECK(1, 0xc0806080);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ZERO);
    CHECK(0, src);
    wined3d_device_set_render_state(device, WINED3D_RS_BLENDOP, WINED3D_BLEND_OP_MIN);
    CHECK(1, 0x40202020);
    wined3d_device_set_render_state(device, WINED3D_RS_BLENDOP, WINED3D_BLEND_OP_ADD);
    /* Colour replaced, alpha kept from the target: blends. */
    wined3d_device_set_render_state(device, WINED3D_RS_SEPARATEALPHABLENDENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLENDALPHA, WINED3D_BLEND_ZERO);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLENDALPHA, WINED3D_BLEND_ONE);
    CHECK(1, 0x80202060);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLENDALPHA, WINED3D_BLEND_ONE);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLENDALPHA, WINED3D_BLEND_ZERO);
    CHECK(0, src);
#undef CHECK
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* BOTHSRCALPHA as the source factor overrides the destination factor;
 * a target without alpha reads destination alpha as 1. */
static void test_blend_d3d_rules(void **state)
{
    /* ZERO, the destination factor, is overridden. */
    struct wined3d_device *device = blend_device(WINED3D_BLEND_BOTHSRCALPHA, WINED3D_BLEND_ZERO);
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_X8R8G8B8, WINED3D_USAGE_RENDERTARGET, 16, 16, 1};
    struct wined3d_map_desc map;
    struct wined3d_texture *x8, *x1;

    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.5f);
    /* src * 0.25 + dst * 0.75 */
    assert_color_close(read_pixel(device, 2, 2), 0xd04000bf, 2);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_BOTHINVSRCALPHA);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.5f);
    /* src * 0.75 + dst * 0.25 */
    assert_color_close(read_pixel(device, 2, 2), 0x70bf0040, 2);

    /* DESTALPHA on an X8 target: 1, whatever alpha the clear stored. */
    assert_int_equal(wined3d_texture_create(device, &desc, &x8), WINED3D_OK);
    wined3d_device_set_render_target(device, x8, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_DESTALPHA);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ZERO);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2) & 0xffffff, 0xff0000);
    /* INVDESTALPHA: 0, so the blue stays out. */
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_ONE);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_INVDESTALPHA);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2) & 0xffffff, 0xff0000);
    wined3d_device_set_swapchain(device, wined3d_device_get_swapchain(device, 0));
    wined3d_texture_destroy(x8);

    /* X1R5G5B5 the same, though GL stores its bit (cleared to 0 here). */
    desc.format = WINED3DFMT_X1R5G5B5;
    assert_int_equal(wined3d_texture_create(device, &desc, &x1), WINED3D_OK);
    wined3d_device_set_render_target(device, x1, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_DESTALPHA);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ZERO);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.5f);
    assert_int_equal(wined3d_texture_map(x1, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    assert_int_equal(((const uint16_t *)((const uint8_t *)map.data + 2 * map.row_pitch))[2] & 0x7fff, 0x7c00);
    wined3d_texture_unmap(x1, 0);
    wined3d_device_set_swapchain(device, wined3d_device_get_swapchain(device, 0));
    wined3d_texture_destroy(x1);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* ZBIAS pulls a coplanar polygon forward; the core's depth bias is in
 * depth-buffer units; stencil reference, function, ops and masks; depth
 * clamp keeps a polygon beyond the far plane. */
static void test_depth_stencil_states(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture *ds = wined3d_device_get_depth_stencil(device, NULL);
    struct wined3d_map_desc map;
    uint32_t d;

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESS);
    draw_quad(device, 0, 0, 8, 8, 0xffff0000, 0.5f);
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0xffff0000);     /* coplanar, LESS: fails */
    wined3d_device_set_render_state(device, WINED3D_RS_ZBIAS, 1);
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0xff00ff00);     /* biased forward: passes */
    wined3d_device_set_render_state(device, WINED3D_RS_ZBIAS, 0);

    /* Depth bias of +256 units on a 24-bit buffer, ALWAYS: stored z moves by 256. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    wined3d_device_set_render_state(device, WINED3D_RS_ZINTEGERBITS, 24);
    wined3d_device_set_render_state(device, WINED3D_RS_DEPTHBIAS_UNITS, 256);
    draw_quad(device, 16, 0, 24, 8, 0xffffffff, (float)0x400000);
    wined3d_device_set_render_state(device, WINED3D_RS_DEPTHBIAS_UNITS, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ZINTEGERBITS, 0);
    assert_int_equal(wined3d_texture_map(ds, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    d = ((const uint32_t *)((const uint8_t *)map.data + 2 * map.row_pitch))[18] >> 8;
    wined3d_texture_unmap(ds, 0);
    if (d < 0x400000 + 255 || d > 0x400000 + 257)
        fail_msg("Depth %#x with a bias of 256 units on %#x.", d, 0x400000);

    /* Stencil: the first quad writes ref 3 where it passes, the second draws
     * only where the stencil equals 3 under the read mask. */
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER | WINED3DCLEAR_STENCIL, 0, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILFUNC, WINED3D_CMP_ALWAYS);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILPASS, WINED3D_STENCIL_OP_REPLACE);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILREF, 3);
    draw_quad(device, 0, 0, 4, 4, 0xffff0000, 0.5f);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILPASS, WINED3D_STENCIL_OP_KEEP);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILFUNC, WINED3D_CMP_EQUAL);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILREF, 7);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILMASK, 0x3);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    draw_quad(device, 0, 0, 8, 8, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0xff00ff00);     /* 3 & 3 == 7 & 3 */
    assert_int_equal(read_pixel(device, 6, 6), 0);
    /* INCR_SAT through the write mask. */
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILFUNC, WINED3D_CMP_ALWAYS);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILPASS, WINED3D_STENCIL_OP_INCR_SAT);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILWRITEMASK, 0xfe);
    draw_quad(device, 0, 0, 4, 4, 0xff0000ff, 0.5f);
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILENABLE, 0);
    assert_int_equal(wined3d_texture_map(ds, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    /* 3 + 1 = 4, written through 0xfe: (3 & ~0xfe) | (4 & 0xfe) = 5. */
    assert_int_equal(((const uint32_t *)((const uint8_t *)map.data + 2 * map.row_pitch))[2] & 0xff, 5);
    wined3d_texture_unmap(ds, 0);

    /* Depth clamp: a transformed polygon beyond the far plane is kept. */
    {
        struct { float x, y, z; uint32_t c; } v[4] =
        {
            {-1.0f, 1.0f, 1.5f, 0xffffff00}, {1.0f, 1.0f, 1.5f, 0xffffff00},
            {-1.0f, -1.0f, 1.5f, 0xffffff00}, {1.0f, -1.0f, 1.5f, 0xffffff00},
        };
        wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_DIFFUSE);
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 32, 32), 0);
        wined3d_device_set_render_state(device, WINED3D_RS_DEPTHCLAMP, 1);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 32, 32), 0xffffff00);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Without the z test, pre-transformed z outside 0..1 is not clipped: a
 * quad from z -0.5 to 1.5 covers the target (Wine's ddraw*.c test_zenable);
 * transformed vertices beyond the far plane still are. */
static void test_zenable_false_rhw(void **state)
{
    struct wined3d_device *device = create_device();
    struct tl_vertex q[4] =
    {
        {0.0f, 64.0f, -0.5f, 1.0f, 0xff00ff00}, {0.0f, 0.0f, -0.5f, 1.0f, 0xff00ff00},
        {64.0f, 64.0f, 1.5f, 1.0f, 0xff00ff00}, {64.0f, 0.0f, 1.5f, 1.0f, 0xff00ff00},
    };
    struct { float x, y, z; uint32_t c; } far[4] =
    {
        {-1.0f, 1.0f, 1.5f, 0xffffff00}, {1.0f, 1.0f, 1.5f, 0xffffff00},
        {-1.0f, -1.0f, 1.5f, 0xffffff00}, {1.0f, -1.0f, 1.5f, 0xffffff00},
    };
    unsigned int x, y;

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xffff0000, 0.0f, 0);
    wined3d_device_set_fvf(device, TL_FVF);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
    for (y = 4; y < 64; y += 8)
        for (x = 4; x < 64; x += 8)
            assert_int_equal(read_pixel(device, x, y), 0xff00ff00);

    /* The transformed draw after it is clipped at the far plane again. */
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_DIFFUSE);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, far, 4, sizeof(far[0]));
    assert_int_equal(read_pixel(device, 32, 32), 0);

    /* With the z test on, pre-transformed z beyond 1 is not clipped either
     * but lands at 1.0 (Wine's visual.c depth_clamp_test): a quad at z 1
     * with LESSEQUAL covers all of it, one at 0.5 only the part in front. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    wined3d_device_set_fvf(device, TL_FVF);
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
    assert_int_equal(read_pixel(device, 60, 60), 0xff00ff00);
    assert_int_equal(read_pixel(device, 32, 32), 0xff00ff00);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
    for (x = 0; x < 4; ++x)
    {
        q[x].z = 0.5f;
        q[x].diffuse = 0xff0000ff;
    }
    wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
    assert_int_equal(read_pixel(device, 60, 60), 0xff0000ff);
    assert_int_equal(read_pixel(device, 2, 2), 0xff00ff00);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* An empty or inverted depth range is widened to 0.001 (Wine's ddraw7.c
 * test_viewport): a transformed quad at z 1 lands at minZ + 0.001, between
 * clears just below and just above it. */
static void test_empty_depth_range(void **state)
{
    static const float ranges[][3] = {{0.0f, 0.0f, 0.001f}, {0.5f, 0.0f, 0.501f}, {0.25f, 0.75f, 0.75f}};
    struct wined3d_device *device = create_device();
    struct { float x, y, z; uint32_t c; } q[4] =
    {
        {-1.0f, 1.0f, 1.0f, 0xffffffff}, {1.0f, 1.0f, 1.0f, 0xffffffff},
        {-1.0f, -1.0f, 1.0f, 0xffffffff}, {1.0f, -1.0f, 1.0f, 0xffffffff},
    };
    struct wined3d_viewport vp = {0, 0, 64, 64, 0.0f, 1.0f};
    unsigned int i;

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_fvf(device, WINED3DFVF_XYZ | WINED3DFVF_DIFFUSE);
    for (i = 0; i < sizeof(ranges) / sizeof(*ranges); ++i)
    {
        vp.min_z = ranges[i][0];
        vp.max_z = ranges[i][1];
        assert_int_equal(wined3d_device_set_viewport(device, &vp), WINED3D_OK);
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, ranges[i][2] - 0.0001f, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_GREATER);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
        assert_int_equal(read_pixel(device, 32, 32), 0xffffffff);
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, ranges[i][2] + 0.0001f, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESS);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, q, 4, sizeof(q[0]));
        assert_int_equal(read_pixel(device, 32, 32), 0xffffffff);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* The sampler's parameters are a group apart from the bound texture, but a
 * texture with mip levels after one without still gets the mip filter. */
static void test_sampler_follows_mip_levels(void **state)
{
    static const uint32_t colors[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    static const struct tl_tex_vertex v[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {8.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
        {0.0f, 8.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f}, {8.0f, 8.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f},
    };
    struct wined3d_device *device = create_device();
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 8, 8, 4};
    struct wined3d_texture *mipped, *single;
    uint32_t pixels[64];
    unsigned int level, x;

    assert_int_equal(wined3d_texture_create(device, &desc, &mipped), WINED3D_OK);
    for (level = 0; level < 4; ++level)
    {
        for (x = 0; x < 64; ++x) pixels[x] = colors[level];
        wined3d_texture_upload_data(mipped, level, pixels, (8 >> level) * 4);
    }
    desc.levels = 1;
    assert_int_equal(wined3d_texture_create(device, &desc, &single), WINED3D_OK);
    for (x = 0; x < 64; ++x) pixels[x] = 0xff808080;
    wined3d_texture_upload_data(single, 0, pixels, 32);

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_POINT);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAXMIPLEVEL, 2);
    wined3d_device_set_fvf(device, TL_TEX_FVF);
    for (x = 0; x < 2; ++x)
    {
        /* Without levels the filter has no mip part; level 2 with them. */
        wined3d_device_set_texture(device, 0, single);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 3, 3), 0xff808080);
        wined3d_device_set_texture(device, 0, mipped);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 3, 3), colors[2]);
    }
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(single);
    wined3d_texture_destroy(mipped);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* D3DTSS_MAXMIPLEVEL n: level n is the most detailed one used. */
static void test_max_mip_level(void **state)
{
    static const uint32_t colors[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    struct wined3d_device *device = create_device();
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 8, 8, 4};
    struct wined3d_texture *t;
    unsigned int level, x;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    for (level = 0; level < 4; ++level)
    {
        uint32_t pixels[64];
        for (x = 0; x < 64; ++x) pixels[x] = colors[level];
        wined3d_texture_upload_data(t, level, pixels, (8 >> level) * 4);
    }
    wined3d_device_set_texture(device, 0, t);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG1);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_POINT);
    /* Drawn 8x8: level 0 unless limited. */
    {
        struct tl_tex_vertex v[4] =
        {
            {0.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {8.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
            {0.0f, 8.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f}, {8.0f, 8.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f},
        };
        wined3d_device_set_fvf(device, TL_TEX_FVF);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 3, 3), colors[0]);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAXMIPLEVEL, 2);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 3, 3), colors[2]);
    }
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t);

    /* WINED3D_USAGE_AUTOGENMIPMAP: level 2 follows level 0. */
    desc.usage = WINED3D_USAGE_AUTOGENMIPMAP;
    desc.levels = 0;
    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    {
        uint32_t pixels[64];
        for (x = 0; x < 64; ++x) pixels[x] = 0xff00ffff;
        wined3d_texture_upload_data(t, 0, pixels, 32);
    }
    wined3d_device_set_texture(device, 0, t);
    {
        struct tl_tex_vertex v[4] =
        {
            {0.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {8.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
            {0.0f, 8.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f}, {8.0f, 8.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f},
        };
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
        assert_int_equal(read_pixel(device, 3, 3), 0xff00ffff);
    }
    /* The generated level reads back through a lock. */
    {
        struct wined3d_map_desc map;
        assert_int_equal(wined3d_texture_map(t, 2, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        assert_int_equal(*(uint32_t *)map.data, 0xff00ffff);
        wined3d_texture_unmap(t, 2);
    }
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(t);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Alpha-test failure that still draws (GS AFAIL=1 FB_ONLY): colour and
 * blending happen, depth is not written. */
static void test_alpha_fail_fb_only(void **state)
{
    struct wined3d_device *device = create_device();

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAREF, 0x80);

    /* Direct3D: the failing quad leaves nothing. */
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.2f);
    assert_int_equal(read_pixel(device, 2, 2), 0);

    /* FB_ONLY: drawn; a farther quad still passes the depth test. */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFAILACTION, WINED3D_AFAIL_FB_ONLY);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.2f);
    assert_int_equal(read_pixel(device, 2, 2), 0x40ff0000);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 0);
    draw_quad(device, 0, 0, 4, 4, 0xff00ff00, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0xff00ff00);
    /* A passing fragment does write depth. */
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    draw_quad(device, 0, 0, 8, 8, 0xc00000ff, 0.2f);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 0);
    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0xc00000ff);

    /* ZB_ONLY: depth written, colour not. */
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHAFAILACTION, WINED3D_AFAIL_ZB_ONLY);
    draw_quad(device, 0, 0, 8, 8, 0x40ff0000, 0.2f);
    assert_int_equal(read_pixel(device, 2, 2), 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHATESTENABLE, 0);
    draw_quad(device, 0, 0, 8, 8, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 2, 2), 0);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* GS depth: the vertex's z is an integer that lands in the 24-bit buffer
 * exactly; GEQUAL with larger = nearer. */
static void test_integer_depth(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture *ds = wined3d_device_get_depth_stencil(device, NULL);
    struct wined3d_map_desc map;
    static const uint32_t zs[] = {0, 1, 0x123456, 0x7fffff, 0x800000, 0xabcdef, 0xfffffd, 0xfffffe, 0xffffff};
    unsigned int i;

    wined3d_device_set_render_state(device, WINED3D_RS_ZINTEGERBITS, 24);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    for (i = 0; i < sizeof(zs) / sizeof(*zs); ++i)
        draw_quad(device, (float)(i * 4), 0, (float)(i * 4 + 4), 4, 0xffffffff, (float)zs[i]);
    assert_int_equal(wined3d_texture_map(ds, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    for (i = 0; i < sizeof(zs) / sizeof(*zs); ++i)
    {
        uint32_t d = ((const uint32_t *)map.data)[i * 4 + 1] >> 8;
        if (d != zs[i]) fail_msg("z %#x stored as %#x", zs[i], d);
    }
    wined3d_texture_unmap(ds, 0);

    /* GEQUAL: a quad at 0x123456 passes over 0x123456, fails below it. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_GREATEREQUAL);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0);
    draw_quad(device, 0, 0, 24, 4, 0xff00ff00, (float)0x123456);
    assert_int_equal(read_pixel(device, 1, 1), 0xff00ff00);     /* over 0 */
    assert_int_equal(read_pixel(device, 9, 1), 0xff00ff00);     /* equal */
    assert_int_equal(read_pixel(device, 13, 1), 0);             /* behind 0x7fffff */
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* D3DZB_USEW through the device: depth from w between the projection's
 * near and far planes, so a quad nearer in w wins over one nearer in z;
 * switching back to a z-buffer orders by z again. */
static void draw_rhw_quad(struct wined3d_device *device, uint32_t diffuse, float z, float w)
{
    struct tl_vertex v[4] =
    {
        {0.0f, 0.0f, z, 1.0f / w, diffuse}, {64.0f, 0.0f, z, 1.0f / w, diffuse},
        {0.0f, 64.0f, z, 1.0f / w, diffuse}, {64.0f, 64.0f, z, 1.0f / w, diffuse},
    };
    assert_int_equal(wined3d_device_set_fvf(device, TL_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
}

static void test_w_buffer(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_matrix proj;

    /* zn 1, zf 101. */
    memset(&proj, 0, sizeof(proj));
    proj._11 = proj._22 = 1.0f;
    proj._33 = 101.0f / 100.0f;
    proj._43 = -101.0f / 100.0f;
    proj._34 = 1.0f;
    wined3d_device_set_transform(device, WINED3D_TS_PROJECTION, &proj);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_USEW);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    draw_rhw_quad(device, 0xff00ff00, 0.9f, 10.0f);
    draw_rhw_quad(device, 0xffff0000, 0.1f, 50.0f);
    assert_int_equal(read_pixel(device, 32, 32), 0xff00ff00);
    draw_rhw_quad(device, 0xff0000ff, 0.95f, 5.0f);
    assert_int_equal(read_pixel(device, 32, 32), 0xff0000ff);

    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    draw_rhw_quad(device, 0xff00ff00, 0.1f, 50.0f);
    draw_rhw_quad(device, 0xffff0000, 0.9f, 10.0f);
    assert_int_equal(read_pixel(device, 32, 32), 0xff00ff00);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void assert_red_near(struct wined3d_device *device, unsigned int x, unsigned int y, unsigned int red)
{
    uint32_t c = read_pixel(device, x, y), r = (c >> 16) & 0xff;
    if (r + 1 < red || r > red + 1) fail_msg("pixel %u,%u: %#x, red expected %#x", x, y, c, red);
}

/* WINED3D_RS_SHADERBLEND: (A - B) * C + D in the shader with the destination
 * read before each primitive, also for primitives of one draw that overlap. */
static void test_shader_blend(void **state)
{
    struct wined3d_device *device = create_device();
    struct tl_vertex v[12];
    unsigned int i;
    static const float corners[6][2] = {{0, 0}, {16, 0}, {0, 16}, {16, 0}, {16, 16}, {0, 16}};

    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0x80200000, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ALPHABLENDENABLE, 1);
    /* Cs * Ad + Cd: not a GL blend with the alpha written as the source's. */
    wined3d_device_set_render_state(device, WINED3D_RS_SHADERBLEND, WINED3D_SHADERBLEND(WINED3D_SHADERBLEND_SRC,
            WINED3D_SHADERBLEND_ZERO, WINED3D_SHADERBLEND_DEST, WINED3D_SHADERBLEND_DEST));
    /* One draw, two quads on the same pixels: 0x20 + 2 * 0x40 * 0x80 / 255. */
    for (i = 0; i < 12; ++i)
    {
        v[i].x = corners[i % 6][0]; v[i].y = corners[i % 6][1];
        v[i].z = 0.5f; v[i].rhw = 1.0f; v[i].diffuse = 0x80400000;
    }
    assert_int_equal(wined3d_device_set_fvf(device, TL_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 12, sizeof(v[0])),
            WINED3D_OK);
    assert_red_near(device, 2, 13, 0x60);
    assert_red_near(device, 13, 2, 0x60);
    assert_int_equal(read_pixel(device, 2, 13) >> 24, 0x80);
    assert_red_near(device, 20, 2, 0x20);
    /* A strip goes through the list conversion: both triangles once. */
    draw_quad(device, 16, 0, 32, 16, 0x80400000, 0.5f);
    assert_red_near(device, 18, 13, 0x40);
    assert_red_near(device, 29, 2, 0x40);

    /* (Cs - Cd) * As + Cs = (0x60 - 0x20) * 0x80 / 255 + 0x60. */
    wined3d_device_set_render_state(device, WINED3D_RS_SHADERBLEND, WINED3D_SHADERBLEND(WINED3D_SHADERBLEND_SRC,
            WINED3D_SHADERBLEND_DEST, WINED3D_SHADERBLEND_SRC, WINED3D_SHADERBLEND_SRC));
    draw_quad(device, 32, 0, 48, 16, 0x80600000, 0.5f);
    assert_red_near(device, 40, 8, 0x80);
    /* C from BLENDFACTOR's alpha: Cd + Cs * 0x40 / 255. */
    wined3d_device_set_render_state(device, WINED3D_RS_BLENDFACTOR, 0x40000000);
    wined3d_device_set_render_state(device, WINED3D_RS_SHADERBLEND, WINED3D_SHADERBLEND(WINED3D_SHADERBLEND_SRC,
            WINED3D_SHADERBLEND_ZERO, WINED3D_SHADERBLEND_FACTOR, WINED3D_SHADERBLEND_DEST));
    draw_quad(device, 48, 0, 64, 16, 0x80800000, 0.5f);
    assert_red_near(device, 56, 8, 0x40);

    /* An X8R8G8B8 target reads destination alpha as 1 here too. */
    {
        struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_X8R8G8B8,
                WINED3D_USAGE_RENDERTARGET, 16, 16, 1};
        struct wined3d_texture *x8;

        assert_int_equal(wined3d_texture_create(device, &desc, &x8), WINED3D_OK);
        wined3d_device_set_render_target(device, x8, 0);
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0x00200000, 1.0f, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_SHADERBLEND, WINED3D_SHADERBLEND(WINED3D_SHADERBLEND_SRC,
                WINED3D_SHADERBLEND_ZERO, WINED3D_SHADERBLEND_DEST, WINED3D_SHADERBLEND_DEST));
        draw_quad(device, 0, 0, 8, 8, 0x00400000, 0.5f);
        assert_red_near(device, 4, 4, 0x60);
        wined3d_device_set_swapchain(device, wined3d_device_get_swapchain(device, 0));
        wined3d_texture_destroy(x8);
    }

    /* Off again: GL's blend (ONE, ONE) as set. */
    wined3d_device_set_render_state(device, WINED3D_RS_SHADERBLEND, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, WINED3D_BLEND_ONE);
    wined3d_device_set_render_state(device, WINED3D_RS_DESTBLEND, WINED3D_BLEND_ONE);
    draw_quad(device, 0, 32, 16, 48, 0x80100000, 0.5f);
    assert_red_near(device, 8, 40, 0x30);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_clear_rects_viewport(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_viewport vp = {8, 8, 16, 16, 0.0f, 1.0f};
    struct wined3d_rect rects[2] = {{0, 0, 12, 12}, {20, 20, 40, 22}};

    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    assert_int_equal(wined3d_device_set_viewport(device, &vp), WINED3D_OK);
    /* No rectangles: the whole viewport. */
    assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xffff0000, 1.0f, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 7, 7), 0xff000000);
    assert_int_equal(read_pixel(device, 8, 8), 0xffff0000);
    assert_int_equal(read_pixel(device, 23, 23), 0xffff0000);
    assert_int_equal(read_pixel(device, 24, 24), 0xff000000);
    /* Rectangles are clipped to the viewport. */
    assert_int_equal(wined3d_device_clear(device, 2, rects, WINED3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0), WINED3D_OK);
    assert_int_equal(read_pixel(device, 4, 4), 0xff000000);
    assert_int_equal(read_pixel(device, 8, 8), 0xff00ff00);
    assert_int_equal(read_pixel(device, 11, 11), 0xff00ff00);
    assert_int_equal(read_pixel(device, 12, 12), 0xffff0000);
    assert_int_equal(read_pixel(device, 22, 20), 0xff00ff00);
    assert_int_equal(read_pixel(device, 22, 22), 0xffff0000);
    assert_int_equal(read_pixel(device, 30, 21), 0xff000000);
    /* Direct3D ignores the write mask and scissor; the GS asks for them. */
    wined3d_device_set_render_state(device, WINED3D_RS_COLORWRITEENABLE, WINED3D_COLOR_WRITE_BLUE);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xffffffff, 1.0f, 0);
    assert_int_equal(read_pixel(device, 10, 10), 0xffffffff);
    {
        struct wined3d_rect scissor = {10, 10, 12, 12};
        wined3d_device_set_render_state(device, WINED3D_RS_SCISSORTESTENABLE, 1);
        wined3d_device_set_scissor_rect(device, &scissor);
    }
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_USE_STATE_MASKS, 0xff0000ff, 1.0f, 0);
    assert_int_equal(read_pixel(device, 10, 10), 0xff0000ff);
    assert_int_equal(read_pixel(device, 12, 12), 0xff000000);
    /* The write mask and scissor state still hold for draws afterwards. */
    draw_quad(device, 0, 0, 64, 64, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 11, 11), 0xff0000ff);
    assert_int_equal(read_pixel(device, 13, 13), 0xff000000);
    /* Without a render target draws and clears fail; the target comes back. */
    {
        struct wined3d_texture *rt = wined3d_device_get_render_target(device, NULL);
        struct tl_vertex v[3] = {{0, 0, 0.5f, 1, 0}, {4, 0, 0.5f, 1, 0}, {0, 4, 0.5f, 1, 0}};
        assert_int_equal(wined3d_device_set_render_target(device, NULL, 0), WINED3D_OK);
        assert_null(wined3d_device_get_render_target(device, NULL));
        assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0, 1.0f, 0), WINED3DERR_INVALIDCALL);
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 3, sizeof(v[0])),
                WINED3DERR_INVALIDCALL);
        assert_int_equal(wined3d_device_set_render_target(device, rt, 0), WINED3D_OK);
        assert_int_equal(read_pixel(device, 10, 10), 0xff0000ff);
    }
    /* Clearing a depth buffer that is not there fails. */
    wined3d_device_set_depth_stencil(device, NULL, 0);
    assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_ZBUFFER, 0, 1.0f, 0), WINED3DERR_INVALIDCALL);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_blit(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 4, 4, 1};
    struct wined3d_texture *src, *bb = wined3d_device_get_render_target(device, NULL);
    struct wined3d_color_key key = {0xff00ff00, 0xff00ff00};
    struct wined3d_rect dr = {8, 8, 16, 16}, sr = {0, 0, 2, 2};
    struct wined3d_blt_fx fx;
    uint32_t pixels[16];
    unsigned int i;

    for (i = 0; i < 16; ++i) pixels[i] = (i & 1) ? 0xff00ff00 : 0xff000000 | i * 0x10;
    assert_int_equal(wined3d_texture_create(device, &desc, &src), WINED3D_OK);
    wined3d_texture_upload_data(src, 0, pixels, 16);
    wined3d_texture_set_color_key(src, WINED3D_CKEY_SRC_BLT, &key);

    /* Colour fill, then a 2x stretch of the top-left 2x2 with the key. */
    memset(&fx, 0, sizeof(fx));
    fx.fill_color = 0xff808080;
    assert_int_equal(wined3d_texture_blt(bb, 0, NULL, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(wined3d_texture_blt(bb, 0, &dr, src, 0, &sr, WINED3D_BLT_SRC_CKEY, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xff000000);
    assert_int_equal(read_pixel(device, 9, 9), 0xff000000);
    assert_int_equal(read_pixel(device, 12, 8), 0xff808080);     /* keyed out */
    assert_int_equal(read_pixel(device, 8, 12), 0xff000040);
    assert_int_equal(read_pixel(device, 7, 7), 0xff808080);
    /* A draw afterwards keeps the blitted pixels. */
    draw_quad(device, 0, 0, 2, 2, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 8, 12), 0xff000040);
    assert_int_equal(read_pixel(device, 0, 0), 0xffffffff);
    /* Mirror. */
    assert_int_equal(wined3d_texture_blt(bb, 0, &dr, src, 0, &sr, WINED3D_BLT_MIRROR_LEFTRIGHT, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(read_pixel(device, 15, 8), 0xff000000);
    assert_int_equal(read_pixel(device, 8, 8), 0xff00ff00);
    /* Bad rectangles. */
    dr.right = 100;
    assert_int_equal(wined3d_texture_blt(bb, 0, &dr, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3DERR_INVALIDCALL);
    wined3d_texture_destroy(src);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void draw_paths(struct wined3d_device *device)
{
    struct tl_vertex v[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xffff0000}, {8.0f, 0.0f, 0.5f, 1.0f, 0xffff0000},
        {0.0f, 8.0f, 0.5f, 1.0f, 0xffff0000}, {8.0f, 8.0f, 0.5f, 1.0f, 0xffff0000},
    };
    static const uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
    struct wined3d_strided_data strided;
    struct wined3d_buffer *vb;
    void *data;
    unsigned int i;

    wined3d_device_set_fvf(device, TL_FVF);
    /* Indexed user memory. */
    assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 4, sizeof(v[0]),
            indices, 6), WINED3D_OK);
    assert_int_equal(read_pixel(device, 7, 7), 0xffff0000);
    /* An index past the vertices is refused. */
    {
        static const uint16_t bad[3] = {0, 1, 9};
        assert_int_equal(wined3d_device_draw_indexed_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 4, sizeof(v[0]),
                bad, 3), WINED3DERR_INVALIDCALL);
    }
    /* A vertex buffer, non-indexed and indexed. */
    assert_int_equal(wined3d_buffer_create(device, sizeof(v) * 2, 0, &vb), WINED3D_OK);
    assert_int_equal(wined3d_buffer_map(vb, 0, 0, WINED3D_MAP_WRITE, &data), WINED3D_OK);
    for (i = 0; i < 4; ++i) { v[i].x += 16.0f; v[i].diffuse = 0xff00ff00; }
    memcpy((char *)data + sizeof(v), v, sizeof(v));
    wined3d_buffer_unmap(vb);
    wined3d_device_set_stream_source(device, vb, 0, sizeof(v[0]));
    assert_int_equal(wined3d_device_draw_primitive(device, WINED3D_PT_TRIANGLESTRIP, 4, 4), WINED3D_OK);
    assert_int_equal(read_pixel(device, 20, 4), 0xff00ff00);
    assert_int_equal(wined3d_device_draw_primitive(device, WINED3D_PT_TRIANGLESTRIP, 6, 4), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_buffer_map(vb, sizeof(v), 0, WINED3D_MAP_WRITE, &data), WINED3D_OK);
    for (i = 0; i < 4; ++i) { ((struct tl_vertex *)data)[i].y += 16.0f; ((struct tl_vertex *)data)[i].diffuse = 0xff0000ff; }
    wined3d_buffer_unmap(vb);
    assert_int_equal(wined3d_device_draw_indexed_primitive(device, WINED3D_PT_TRIANGLELIST, 4, 4, indices, 6), WINED3D_OK);
    assert_int_equal(read_pixel(device, 20, 20), 0xff0000ff);
    wined3d_device_set_stream_source(device, NULL, 0, 0);
    wined3d_buffer_destroy(vb);
    /* Strided: positions and colours from separate arrays. */
    {
        float pos[4][4] = {{32, 0, 0.5f, 1}, {40, 0, 0.5f, 1}, {32, 8, 0.5f, 1}, {40, 8, 0.5f, 1}};
        uint32_t colors[4] = {0xffffff00, 0xffffff00, 0xffffff00, 0xffffff00};
        memset(&strided, 0, sizeof(strided));
        strided.position.data = pos; strided.position.stride = 16;
        strided.diffuse.data = colors; strided.diffuse.stride = 4;
        assert_int_equal(wined3d_device_draw_primitive_strided(device, WINED3D_PT_TRIANGLESTRIP, &strided, 4, NULL, 0),
                WINED3D_OK);
        assert_int_equal(read_pixel(device, 36, 4), 0xffffff00);
    }
    /* Lines and points land on the pixels Direct3D names. */
    {
        struct tl_vertex p[2] = {{50.0f, 50.0f, 0.5f, 1.0f, 0xffffffff}, {52.0f, 50.0f, 0.5f, 1.0f, 0xffffffff}};
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, p, 2, sizeof(p[0])), WINED3D_OK);
        assert_int_equal(read_pixel(device, 50, 50), 0xffffffff);
        assert_int_equal(read_pixel(device, 52, 50), 0xffffffff);
        assert_int_equal(read_pixel(device, 51, 50), 0);
    }
    /* One draw larger than the ring (65535 vertices of 152 bytes) grows it. */
    {
        const uint32_t fvf = WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR | WINED3DFVF_TEX8
                | WINED3DFVF_TEXCOORDSIZE4(0) | WINED3DFVF_TEXCOORDSIZE4(1) | WINED3DFVF_TEXCOORDSIZE4(2)
                | WINED3DFVF_TEXCOORDSIZE4(3) | WINED3DFVF_TEXCOORDSIZE4(4) | WINED3DFVF_TEXCOORDSIZE4(5)
                | WINED3DFVF_TEXCOORDSIZE4(6) | WINED3DFVF_TEXCOORDSIZE4(7);
        uint32_t stride = wined3d_fvf_get_stride(fvf), n = 65535 / 3 * 3;
        uint8_t *big;
        assert_int_equal(stride, 152);
        big = calloc(n, stride);
        assert_non_null(big);
        for (i = 0; i < n; ++i)
        {
            float *p = (float *)(big + i * stride);
            /* Degenerate triangles, except the last one covering (58, 58). */
            p[0] = i >= n - 3 ? (i == n - 2 ? 64.0f : 56.0f) : 0.0f;
            p[1] = i >= n - 3 ? (i == n - 1 ? 64.0f : 56.0f) : 0.0f;
            p[2] = 0.5f; p[3] = 1.0f;
            ((uint32_t *)p)[4] = 0xff804020;
        }
        wined3d_device_set_fvf(device, fvf);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, big, n, stride), WINED3D_OK);
        assert_int_equal(read_pixel(device, 58, 58), 0xff804020);
        free(big);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_MODULATE);
        wined3d_device_set_fvf(device, TL_FVF);
    }
    /* Many draws through the ring wrap it without losing data. */
    for (i = 0; i < 70000; ++i)
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    assert_int_equal(read_pixel(device, 20, 4), 0xff00ff00);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Render target to render target: done by GL (glBlitFramebuffer), with the
 * same results as the CPU path and without reading the picture back. */
static void test_gpu_blit(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, WINED3D_USAGE_RENDERTARGET, 16, 16, 1};
    struct wined3d_texture *src, *bb = wined3d_device_get_render_target(device, NULL);
    struct wined3d_rect sr = {0, 0, 4, 4}, dr = {32, 32, 40, 40};
    struct wined3d_counters c;
    unsigned int i;

    assert_int_equal(wined3d_texture_create(device, &desc, &src), WINED3D_OK);
    wined3d_device_set_render_target(device, src, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff102030, 1.0f, 0);
    draw_quad(device, 0, 0, 2, 2, 0xffff0000, 0.5f);
    wined3d_device_set_render_target(device, bb, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    /* Render states do not apply to blits. */
    wined3d_device_set_render_state(device, WINED3D_RS_COLORWRITEENABLE, WINED3D_COLOR_WRITE_RED);
    wined3d_device_set_render_state(device, WINED3D_RS_SCISSORTESTENABLE, 1);

    wined3d_device_reset_frame_counters(device);
    for (i = 0; i < 3; ++i)
        assert_int_equal(wined3d_texture_blt(bb, 0, &dr, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_uploads, 0);     /* nothing went through the CPU */
    assert_int_equal(c.redundant_gl_calls, 0);
    assert_true(src->sub_resources[0].sysmem_valid == 0);
    assert_int_equal(read_pixel(device, 32, 32), 0xffff0000);
    assert_int_equal(read_pixel(device, 35, 35), 0xffff0000);
    assert_int_equal(read_pixel(device, 36, 36), 0xff102030);
    assert_int_equal(read_pixel(device, 39, 39), 0xff102030);
    assert_int_equal(read_pixel(device, 40, 40), 0xff000000);
    /* Mirrored both ways. */
    assert_int_equal(wined3d_texture_blt(bb, 0, &dr, src, 0, &sr,
            WINED3D_BLT_MIRROR_LEFTRIGHT | WINED3D_BLT_MIRROR_UPDOWN, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(read_pixel(device, 39, 39), 0xffff0000);
    assert_int_equal(read_pixel(device, 32, 32), 0xff102030);
    /* Drawing afterwards goes to the render target again, with its states. */
    wined3d_device_set_render_state(device, WINED3D_RS_SCISSORTESTENABLE, 0);
    draw_quad(device, 0, 0, 4, 4, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 1, 1), 0xffff0000);
    assert_int_equal(read_pixel(device, 39, 39), 0xffff0000);
    wined3d_texture_destroy(src);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A texture of w x h in format fmt with usage, filled with a pattern that
 * differs in every pixel and every channel. */
static struct wined3d_texture *pattern_texture(struct wined3d_device *device, enum wined3d_format_id fmt,
        uint32_t usage, unsigned int w, unsigned int h, uint32_t seed)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, fmt, usage, w, h, 1};
    struct wined3d_texture *t;
    struct wined3d_map_desc map;
    unsigned int x, y, bpp = wined3d_get_format_info(fmt)->bits_per_pixel / 8;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    assert_int_equal(wined3d_texture_map(t, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
        {
            uint32_t v = (seed + x * 0x01030507u + y * 0x0b0d1113u) * 2654435761u;
            memcpy((uint8_t *)map.data + y * map.row_pitch + x * bpp, &v, bpp);
        }
    assert_int_equal(wined3d_texture_unmap(t, 0), WINED3D_OK);
    return t;
}

/* Compares two textures' CPU copies pixel by pixel, each colour channel at
 * most tolerance apart (the unused bits of an X format read back as GL keeps
 * them). */
static void assert_pixels_within(struct wined3d_texture *a, struct wined3d_texture *b, const char *what,
        int tolerance)
{
    const struct wined3d_format_info *f = a->format;
    /* GL keeps X1R5G5B5's top bit: compared as a channel of its own. */
    const uint32_t masks[] = {f->red_mask, f->green_mask, f->blue_mask, f->alpha_mask,
            a->desc.format == WINED3DFMT_X1R5G5B5 ? 0x8000u : 0};
    unsigned int x, y, i, bpp = f->bits_per_pixel / 8, w = a->sub_resources[0].width, h = a->sub_resources[0].height;
    struct wined3d_map_desc ma, mb;
    uint32_t va, vb;

    assert_int_equal(wined3d_texture_map(a, 0, NULL, WINED3D_MAP_READ, &ma), WINED3D_OK);
    assert_int_equal(wined3d_texture_map(b, 0, NULL, WINED3D_MAP_READ, &mb), WINED3D_OK);
    for (y = 0; y < h; ++y)
        for (x = 0; x < w; ++x)
        {
            va = vb = 0;
            memcpy(&va, (const uint8_t *)ma.data + y * ma.row_pitch + x * bpp, bpp);
            memcpy(&vb, (const uint8_t *)mb.data + y * mb.row_pitch + x * bpp, bpp);
            for (i = 0; i < sizeof(masks) / sizeof(*masks); ++i)
            {
                unsigned int shift = masks[i] ? (unsigned int)__builtin_ctz(masks[i]) : 0;
                int ca = (int)((va & masks[i]) >> shift), cb = (int)((vb & masks[i]) >> shift);

                if (ca - cb > tolerance || cb - ca > tolerance)
                    fail_msg("%s, %s: pixel %u,%u is %#x, the CPU path gives %#x.", what, f->name, x, y, va, vb);
            }
        }
    wined3d_texture_unmap(a, 0);
    wined3d_texture_unmap(b, 0);
}

static void assert_same_pixels(struct wined3d_texture *a, struct wined3d_texture *b, const char *what)
{
    assert_pixels_within(a, b, what, 0);
}

/* Blits and fills between render targets run in GL and give the CPU path's
 * pixels exactly: a rectangle subset, stretches up, down and by odd
 * factors, mirrors, fills; the reference is the same operation on system
 * memory copies (which the core always blits on the CPU). */
static void test_gpu_blit_exact(void **state)
{
    static const enum wined3d_format_id formats[] =
    {
        WINED3DFMT_A8R8G8B8, WINED3DFMT_X8R8G8B8, WINED3DFMT_R5G6B5, WINED3DFMT_X1R5G5B5, WINED3DFMT_A4R4G4B4,
    };
    static const struct { struct wined3d_rect dr, sr; uint32_t flags; const char *what; } blits[] =
    {
        {{3, 5, 13, 12}, {2, 1, 12, 8}, 0, "subset"},
        {{0, 0, 24, 20}, {4, 4, 16, 14}, 0, "stretch up 2x"},
        {{1, 2, 8, 9}, {0, 0, 21, 23}, 0, "stretch down"},
        {{2, 3, 19, 10}, {5, 6, 12, 9}, 0, "odd stretch"},
        {{4, 4, 20, 16}, {0, 0, 16, 12}, WINED3D_BLT_MIRROR_LEFTRIGHT, "mirror left-right"},
        {{6, 1, 13, 19}, {3, 2, 10, 8}, WINED3D_BLT_MIRROR_UPDOWN | WINED3D_BLT_MIRROR_LEFTRIGHT, "mirror both, stretched"},
    };
    struct wined3d_device *device = create_device();
    struct wined3d_texture *gpu_src, *gpu_dst, *cpu_src, *cpu_dst;
    struct wined3d_counters c;
    struct wined3d_blt_fx fx;
    struct wined3d_rect fill = {5, 7, 17, 11};
    unsigned int i, j;

    for (i = 0; i < sizeof(formats) / sizeof(*formats); ++i)
    {
        for (j = 0; j < sizeof(blits) / sizeof(*blits); ++j)
        {
            gpu_src = pattern_texture(device, formats[i], WINED3D_USAGE_RENDERTARGET, 24, 24, 1);
            gpu_dst = pattern_texture(device, formats[i], WINED3D_USAGE_RENDERTARGET, 24, 20, 2);
            cpu_src = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 24, 24, 1);
            cpu_dst = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 24, 20, 2);
            /* ddraw's SetTexture asks for the usage alone. */
            assert_true(wined3d_texture_get_usage(cpu_src) & WINED3D_USAGE_SYSTEMMEM);
            assert_false(wined3d_texture_get_usage(gpu_src) & WINED3D_USAGE_SYSTEMMEM);
            /* Both render targets current in GL only. */
            wined3d_device_set_render_target(device, gpu_src, 0);
            wined3d_device_set_render_target(device, gpu_dst, 0);
            wined3d_device_reset_frame_counters(device);
            assert_int_equal(wined3d_texture_blt(gpu_dst, 0, &blits[j].dr, gpu_src, 0, &blits[j].sr,
                    blits[j].flags, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
            wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
            assert_int_equal(c.texture_readbacks, 0);
            assert_int_equal(wined3d_texture_blt(cpu_dst, 0, &blits[j].dr, cpu_src, 0, &blits[j].sr,
                    blits[j].flags, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_same_pixels(gpu_dst, cpu_dst, blits[j].what);
            wined3d_texture_destroy(gpu_src);
            wined3d_texture_destroy(gpu_dst);
            wined3d_texture_destroy(cpu_src);
            wined3d_texture_destroy(cpu_dst);
        }

        /* A colour fill of a rectangle, and one of the whole surface. */
        gpu_dst = pattern_texture(device, formats[i], WINED3D_USAGE_RENDERTARGET, 24, 20, 3);
        cpu_dst = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 24, 20, 3);
        wined3d_device_set_render_target(device, gpu_dst, 0);
        memset(&fx, 0, sizeof(fx));
        fx.fill_color = 0xa5c3e187u;
        wined3d_device_reset_frame_counters(device);
        assert_int_equal(wined3d_texture_blt(gpu_dst, 0, &fill, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                WINED3D_TEXF_POINT), WINED3D_OK);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        assert_int_equal(c.texture_readbacks, 0);
        assert_int_equal(c.texture_uploads, 0);
        assert_int_equal(wined3d_texture_blt(cpu_dst, 0, &fill, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                WINED3D_TEXF_POINT), WINED3D_OK);
        assert_same_pixels(gpu_dst, cpu_dst, "fill");
        fx.fill_color = 0x5a3c1e78u;
        assert_int_equal(wined3d_texture_blt(gpu_dst, 0, NULL, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                WINED3D_TEXF_POINT), WINED3D_OK);
        assert_int_equal(wined3d_texture_blt(cpu_dst, 0, NULL, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                WINED3D_TEXF_POINT), WINED3D_OK);
        assert_same_pixels(gpu_dst, cpu_dst, "whole fill");
        wined3d_texture_destroy(gpu_dst);
        wined3d_texture_destroy(cpu_dst);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* A render target holding t's pixels in GL only (a same-format blit, which
 * GL makes), as a frame drawn by GL is. */
static struct wined3d_texture *gl_only_copy(struct wined3d_device *device, struct wined3d_texture *t)
{
    struct wined3d_texture_desc desc = t->desc;
    struct wined3d_texture *copy;

    desc.usage = WINED3D_USAGE_RENDERTARGET;
    assert_int_equal(wined3d_texture_create(device, &desc, &copy), WINED3D_OK);
    assert_int_equal(wined3d_texture_blt(copy, 0, NULL, t, 0, NULL, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_false(copy->sub_resources[0].sysmem_valid);
    wined3d_texture_destroy(t);
    return copy;
}

/* Unscaled CPU blits go row by row, without a temporary: a plain copy from
 * system memory onto a surface only GL holds goes into its GL copy as the
 * source's rows are (row length from the source's pitch: 61 texels of
 * R5G6B5 are a 62-texel pitch), a keyed one through the rectangle read
 * back; an overlapping blit within one surface still reads its source
 * before writing.  The reference is the same blit onto system memory, or
 * from an identical second surface. */
static void test_blit_rows(void **state)
{
    static const enum wined3d_format_id formats[] = {WINED3DFMT_R5G6B5, WINED3DFMT_X8R8G8B8};
    static const struct wined3d_rect sr = {3, 2, 50, 40}, dr = {5, 4, 52, 42};
    static const struct wined3d_rect osr = {0, 0, 40, 30}, odr = {5, 7, 45, 37};
    struct wined3d_device *device = create_device();
    unsigned int i, keyed;

    for (i = 0; i < sizeof(formats) / sizeof(*formats); ++i)
        for (keyed = 0; keyed < 2; ++keyed)
        {
            struct wined3d_texture *src = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 61, 45, 7);
            struct wined3d_texture *gpu = gl_only_copy(device,
                    pattern_texture(device, formats[i], WINED3D_USAGE_RENDERTARGET, 64, 48, 8));
            struct wined3d_texture *ref = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 64, 48, 8);
            struct wined3d_texture *a = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 64, 48, 9);
            struct wined3d_texture *b = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 64, 48, 9);
            struct wined3d_texture *b_src = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 64, 48, 9);
            uint32_t flags = keyed ? WINED3D_BLT_SRC_CKEY_OVERRIDE : 0;
            struct wined3d_blt_fx fx;
            struct wined3d_map_desc map;

            memset(&fx, 0, sizeof(fx));
            if (keyed)
            {
                /* The key: the source's first texel of each row, and a range. */
                assert_int_equal(wined3d_texture_map(src, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
                fx.src_color_key.low = *(uint16_t *)map.data;
                fx.src_color_key.high = fx.src_color_key.low + 0x400;
                wined3d_texture_unmap(src, 0);
            }
            assert_int_equal(wined3d_texture_blt(gpu, 0, &dr, src, 0, &sr, flags, &fx, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_int_equal(wined3d_texture_blt(ref, 0, &dr, src, 0, &sr, flags, &fx, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_false(gpu->sub_resources[0].sysmem_valid);
            assert_same_pixels(gpu, ref, keyed ? "keyed onto GL" : "onto GL");

            /* Overlapping, the destination below and right of the source. */
            assert_int_equal(wined3d_texture_blt(a, 0, &odr, a, 0, &osr, flags, &fx, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_int_equal(wined3d_texture_blt(b, 0, &odr, b_src, 0, &osr, flags, &fx, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_same_pixels(a, b, "overlapping");

            wined3d_texture_destroy(src);
            wined3d_texture_destroy(gpu);
            wined3d_texture_destroy(ref);
            wined3d_texture_destroy(a);
            wined3d_texture_destroy(b);
            wined3d_texture_destroy(b_src);
        }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Blits that widen the channels (a 16-bit back buffer onto a 32-bit primary,
 * what a 16-bit game on a 32-bit desktop does every frame) run in GL too;
 * narrowing ones stay on the CPU. GL widens n bits to 8 by v * 255 / (2^n - 1)
 * rounded, as the CPU path does, where llvmpipe replicates the top bits into
 * the bottom ones instead: a few values then come out 1 higher (6-bit 51 is
 * 207, not 206), so the pixels are compared to within 1 a channel; the same
 * format and narrowing stay exact (test_gpu_blit_exact). */
static void test_gpu_blit_widening(void **state)
{
    /* gpu 2: R5G6B5 onto X8R8G8B8 is widened on the CPU (test_cpu_widen)
     * from the source read back once; the stretched, mirrored blit is GL's. */
    static const struct { enum wined3d_format_id src, dst; int gpu; } pairs[] =
    {
        {WINED3DFMT_R5G6B5, WINED3DFMT_X8R8G8B8, 2}, {WINED3DFMT_R5G6B5, WINED3DFMT_A8R8G8B8, 1},
        {WINED3DFMT_X1R5G5B5, WINED3DFMT_X8R8G8B8, 1}, {WINED3DFMT_A1R5G5B5, WINED3DFMT_A8R8G8B8, 1},
        {WINED3DFMT_A4R4G4B4, WINED3DFMT_A8R8G8B8, 1}, {WINED3DFMT_X1R5G5B5, WINED3DFMT_R5G6B5, 1},
        {WINED3DFMT_X8R8G8B8, WINED3DFMT_R5G6B5, 0}, {WINED3DFMT_R5G6B5, WINED3DFMT_X1R5G5B5, 0},
    };
    static const struct wined3d_rect dr = {2, 3, 62, 47}, sr = {1, 0, 61, 44}, up = {0, 0, 64, 48}, part = {8, 8, 24, 20};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *gpu_src, *gpu_dst, *cpu_src, *cpu_dst;
    struct wined3d_counters c;
    unsigned int i;

    for (i = 0; i < sizeof(pairs) / sizeof(*pairs); ++i)
    {
        /* 64 x 48 hashed pixels: every value of every 4-, 5- and 6-bit channel. */
        gpu_src = pattern_texture(device, pairs[i].src, WINED3D_USAGE_RENDERTARGET, 64, 48, 5);
        gpu_dst = pattern_texture(device, pairs[i].dst, WINED3D_USAGE_RENDERTARGET, 64, 48, 6);
        cpu_src = pattern_texture(device, pairs[i].src, WINED3D_USAGE_SYSTEMMEM, 64, 48, 5);
        cpu_dst = pattern_texture(device, pairs[i].dst, WINED3D_USAGE_SYSTEMMEM, 64, 48, 6);
        gpu_src = gl_only_copy(device, gpu_src);
        gpu_dst = gl_only_copy(device, gpu_dst);
        wined3d_device_reset_frame_counters(device);
        assert_int_equal(wined3d_texture_blt(gpu_dst, 0, &dr, gpu_src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
        assert_int_equal(wined3d_texture_blt(gpu_dst, 0, &up, gpu_src, 0, &part, WINED3D_BLT_MIRROR_UPDOWN, NULL,
                WINED3D_TEXF_POINT), WINED3D_OK);
        wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
        if (pairs[i].gpu == 1)
        {
            assert_int_equal(c.texture_readbacks, 0);
            assert_int_equal(c.texture_upload_bytes, 0);
        }
        else if (pairs[i].gpu == 2)
        {
            assert_int_equal(c.texture_readbacks, 1);
            assert_int_equal(c.texture_upload_bytes, (dr.right - dr.left) * (dr.bottom - dr.top) * 4);
        }
        assert_int_equal(wined3d_texture_blt(cpu_dst, 0, &dr, cpu_src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
        assert_int_equal(wined3d_texture_blt(cpu_dst, 0, &up, cpu_src, 0, &part, WINED3D_BLT_MIRROR_UPDOWN, NULL,
                WINED3D_TEXF_POINT), WINED3D_OK);
        if (pairs[i].gpu)
            assert_pixels_within(gpu_dst, cpu_dst, wined3d_get_format_info(pairs[i].src)->name, 1);
        else
            assert_same_pixels(gpu_dst, cpu_dst, wined3d_get_format_info(pairs[i].src)->name);
        wined3d_texture_destroy(gpu_src);
        wined3d_texture_destroy(gpu_dst);
        wined3d_texture_destroy(cpu_src);
        wined3d_texture_destroy(cpu_dst);
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* R5G6B5 onto X8R8G8B8 (a 16-bit mode's front buffer onto a 32-bit
 * desktop's primary, every frame of the main job at 16 bits) is widened on
 * the CPU instead of drawn by GL, and gives GL's pixels exactly: every one
 * of the 65536 values against GL's own blit of the same source into
 * A8R8G8B8.  The source is read back once, its CPU copy stays current (a
 * Lock of it after the copy reads nothing), the destination ends in GL
 * only, and its pixels outside the rectangle stay. */
static void test_cpu_widen(void **state)
{
    static const struct wined3d_rect sr = {0, 0, 256, 256}, dr = {3, 2, 259, 258};
    struct wined3d_device *device = create_device();
    struct wined3d_texture *src, *dst, *ref;
    struct wined3d_map_desc map, mref;
    struct wined3d_counters c;
    struct wined3d_blt_fx fx;
    unsigned int x, y;
    uint32_t v, r;

    src = pattern_texture(device, WINED3DFMT_R5G6B5, WINED3D_USAGE_RENDERTARGET, 256, 256, 0);
    assert_int_equal(wined3d_texture_map(src, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
    for (y = 0; y < 256; ++y)
        for (x = 0; x < 256; ++x)
            ((uint16_t *)((uint8_t *)map.data + y * map.row_pitch))[x] = y << 8 | x;
    assert_int_equal(wined3d_texture_unmap(src, 0), WINED3D_OK);
    src = gl_only_copy(device, src);
    dst = gl_only_copy(device, pattern_texture(device, WINED3DFMT_X8R8G8B8, WINED3D_USAGE_RENDERTARGET, 262, 260, 3));
    ref = gl_only_copy(device, pattern_texture(device, WINED3DFMT_A8R8G8B8, WINED3D_USAGE_RENDERTARGET, 256, 256, 4));
    memset(&fx, 0, sizeof(fx));
    fx.fill_color = 0x00123456;
    assert_int_equal(wined3d_texture_blt(dst, 0, NULL, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx, WINED3D_TEXF_POINT),
            WINED3D_OK);

    wined3d_device_reset_frame_counters(device);
    assert_int_equal(wined3d_texture_blt(dst, 0, &dr, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_readbacks, 1);
    assert_int_equal(c.texture_uploads, 1);
    assert_true(src->sub_resources[0].sysmem_valid);
    assert_false(dst->sub_resources[0].sysmem_valid);
    /* GL's widening, the reference. */
    assert_int_equal(wined3d_texture_blt(ref, 0, NULL, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_readbacks, 1);

    assert_int_equal(wined3d_texture_map(src, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    assert_int_equal(((uint16_t *)((uint8_t *)map.data + 200 * map.row_pitch))[17], 200 << 8 | 17);
    assert_int_equal(wined3d_texture_unmap(src, 0), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_readbacks, 1);

    assert_int_equal(wined3d_texture_map(dst, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    assert_int_equal(wined3d_texture_map(ref, 0, NULL, WINED3D_MAP_READ, &mref), WINED3D_OK);
    for (y = 0; y < 260; ++y)
        for (x = 0; x < 262; ++x)
        {
            v = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x] & 0xffffff;
            if (x < 3 || x >= 259 || y < 2 || y >= 258)
            {
                if (v != 0x123456)
                    fail_msg("Outside the rectangle at %u,%u: %06x.", x, y, v);
                continue;
            }
            r = ((const uint32_t *)((const uint8_t *)mref.data + (y - 2) * mref.row_pitch))[x - 3] & 0xffffff;
            if (v != r)
                fail_msg("R5G6B5 %04x widened to %06x, GL gives %06x.", (y - 2) << 8 | (x - 3), v, r);
        }
    assert_int_equal(wined3d_texture_unmap(ref, 0), WINED3D_OK);
    assert_int_equal(wined3d_texture_unmap(dst, 0), WINED3D_OK);
    /* 16/31, 32/63, 8/31 of full: 0x84, 0x82, 0x42. */
    assert_int_equal(wined3d_texture_map(dst, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    v = (16 << 11) | (32 << 5) | 8;
    assert_int_equal(((const uint32_t *)((const uint8_t *)map.data + (2 + (v >> 8)) * map.row_pitch))[3 + (v & 0xff)]
            & 0xffffff, 0x848242);
    assert_int_equal(wined3d_texture_unmap(dst, 0), WINED3D_OK);

    wined3d_texture_destroy(ref);
    wined3d_texture_destroy(dst);
    wined3d_texture_destroy(src);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* The widening goes eight texels a step where it can (SSE2) and one by one
 * for the rest: rows of every width from 1 to 19, starting at every offset
 * from 0 to 3 of the source and the destination, give the formula's pixels
 * (which test_cpu_widen holds to GL's), and nothing beside the rectangle
 * moves. */
static void test_cpu_widen_row_edges(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture *src, *dst;
    struct wined3d_map_desc map;
    struct wined3d_blt_fx fx;
    unsigned int w, off, x, y;

    src = pattern_texture(device, WINED3DFMT_R5G6B5, WINED3D_USAGE_RENDERTARGET, 24, 3, 7);
    src = gl_only_copy(device, src);
    dst = gl_only_copy(device, pattern_texture(device, WINED3DFMT_X8R8G8B8, WINED3D_USAGE_RENDERTARGET, 24, 3, 8));
    memset(&fx, 0, sizeof(fx));
    fx.fill_color = 0x00123456;
    for (w = 1; w < 20; ++w)
        for (off = 0; off < 4; ++off)
        {
            struct wined3d_rect sr = {off, 1, off + w, 2}, dr = {3 - off, 1, 3 - off + w, 2};
            uint16_t in[24];

            assert_int_equal(wined3d_texture_blt(dst, 0, NULL, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                    WINED3D_TEXF_POINT), WINED3D_OK);
            assert_true(dst->sub_resources[0].gpu_valid);
            assert_int_equal(wined3d_texture_blt(dst, 0, &dr, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_false(dst->sub_resources[0].sysmem_valid);
            assert_int_equal(wined3d_texture_map(src, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
            memcpy(in, (const uint8_t *)map.data + map.row_pitch, sizeof(in));
            assert_int_equal(wined3d_texture_unmap(src, 0), WINED3D_OK);
            assert_int_equal(wined3d_texture_map(dst, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
            for (y = 0; y < 3; ++y)
                for (x = 0; x < 24; ++x)
                {
                    uint32_t v = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x] & 0xffffff, e;

                    if (y == 1 && (int32_t)x >= dr.left && (int32_t)x < dr.right)
                    {
                        uint32_t c = in[x - dr.left + sr.left];
                        e = ((c >> 11) * 527 + 23) >> 6 << 16 | (((c >> 5) & 0x3f) * 259 + 33) >> 6 << 8
                                | ((c & 0x1f) * 527 + 23) >> 6;
                    }
                    else e = 0x123456;
                    if (v != e)
                        fail_msg("Width %u, offset %u: %06x at %u,%u, expected %06x.", w, off, v, x, y, e);
                }
            assert_int_equal(wined3d_texture_unmap(dst, 0), WINED3D_OK);
        }
    wined3d_texture_destroy(dst);
    wined3d_texture_destroy(src);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Keyed blits onto a render target only GL holds read and write back just
 * the rectangle, and give the CPU path's pixels exactly: source keys, a
 * destination key, stretched and mirrored. */
static void test_keyed_blit_exact(void **state)
{
    static const enum wined3d_format_id formats[] =
    {
        WINED3DFMT_A8R8G8B8, WINED3DFMT_X8R8G8B8, WINED3DFMT_R5G6B5, WINED3DFMT_X1R5G5B5, WINED3DFMT_A4R4G4B4,
    };
    static const struct { struct wined3d_rect dr, sr; uint32_t flags; const char *what; } blits[] =
    {
        {{3, 5, 13, 12}, {2, 1, 12, 8}, WINED3D_BLT_SRC_CKEY, "source key"},
        {{0, 0, 24, 20}, {4, 4, 16, 14}, WINED3D_BLT_SRC_CKEY, "source key, stretched"},
        {{2, 3, 19, 10}, {5, 6, 12, 9}, WINED3D_BLT_DST_CKEY | WINED3D_BLT_MIRROR_LEFTRIGHT, "destination key, mirrored"},
        {{1, 1, 23, 19}, {0, 0, 24, 24}, WINED3D_BLT_SRC_CKEY | WINED3D_BLT_DST_CKEY, "both keys"},
    };
    struct wined3d_device *device = create_device();
    struct wined3d_texture *gpu_src, *gpu_dst, *cpu_src, *cpu_dst;
    struct wined3d_rect corner = {0, 0, 1, 1};
    const struct wined3d_format_info *f;
    struct wined3d_color_key key;
    struct wined3d_counters c;
    struct wined3d_blt_fx fx;
    unsigned int i, j;
    uint32_t mask;

    memset(&fx, 0, sizeof(fx));
    for (i = 0; i < sizeof(formats) / sizeof(*formats); ++i)
    {
        f = wined3d_get_format_info(formats[i]);
        mask = f->red_mask | f->green_mask | f->blue_mask | f->alpha_mask;
        for (j = 0; j < sizeof(blits) / sizeof(*blits); ++j)
        {
            gpu_src = pattern_texture(device, formats[i], 0, 24, 24, 1);
            cpu_src = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 24, 24, 1);
            gpu_dst = pattern_texture(device, formats[i], WINED3D_USAGE_RENDERTARGET, 24, 20, 2);
            cpu_dst = pattern_texture(device, formats[i], WINED3D_USAGE_SYSTEMMEM, 24, 20, 2);
            /* A fill in GL leaves the render target's CPU copy stale. */
            assert_int_equal(wined3d_texture_blt(gpu_dst, 0, &corner, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                    WINED3D_TEXF_POINT), WINED3D_OK);
            assert_int_equal(wined3d_texture_blt(cpu_dst, 0, &corner, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx,
                    WINED3D_TEXF_POINT), WINED3D_OK);
            assert_false(gpu_dst->sub_resources[0].sysmem_valid);
            /* Keys matching about a third of the pattern's values. */
            key.low = 0;
            key.high = mask / 3;
            wined3d_texture_set_color_key(gpu_src, WINED3D_CKEY_SRC_BLT, &key);
            wined3d_texture_set_color_key(cpu_src, WINED3D_CKEY_SRC_BLT, &key);
            key.low = mask / 3;
            key.high = mask / 3 * 2;
            wined3d_texture_set_color_key(gpu_dst, WINED3D_CKEY_DST_BLT, &key);
            wined3d_texture_set_color_key(cpu_dst, WINED3D_CKEY_DST_BLT, &key);

            wined3d_device_reset_frame_counters(device);
            assert_int_equal(wined3d_texture_blt(gpu_dst, 0, &blits[j].dr, gpu_src, 0, &blits[j].sr,
                    blits[j].flags, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
            wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
            assert_int_equal(c.texture_readbacks, 0);
            assert_false(gpu_dst->sub_resources[0].sysmem_valid);
            assert_int_equal(wined3d_texture_blt(cpu_dst, 0, &blits[j].dr, cpu_src, 0, &blits[j].sr,
                    blits[j].flags, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
            assert_same_pixels(gpu_dst, cpu_dst, blits[j].what);
            wined3d_texture_destroy(gpu_src);
            wined3d_texture_destroy(gpu_dst);
            wined3d_texture_destroy(cpu_src);
            wined3d_texture_destroy(cpu_dst);
        }
    }
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* Where the copies live around a GL blit: the destination is not read back
 * (the windowed present's blit to the primary once did that every frame),
 * a destination overwritten whole is not uploaded either, a partly
 * overwritten one keeps the rest of its CPU-written pixels, and a Lock
 * afterwards reads what GL wrote. */
static void test_gpu_blit_residency(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture *bb = wined3d_device_get_render_target(device, NULL), *src, *dst, *plain;
    struct wined3d_rect sr = {0, 0, 64, 64}, part = {8, 8, 24, 16};
    struct wined3d_map_desc map;
    struct wined3d_counters c;
    struct wined3d_blt_fx fx;
    uint32_t v;

    src = pattern_texture(device, WINED3DFMT_A8R8G8B8, WINED3D_USAGE_RENDERTARGET, 64, 64, 7);
    wined3d_device_set_render_target(device, src, 0);
    draw_quad(device, 0, 0, 64, 64, 0xff2080c0, 0.5f);
    wined3d_device_set_render_target(device, bb, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0);

    /* Render target to render target, each frame: no read-back, no upload. */
    wined3d_device_reset_frame_counters(device);
    assert_int_equal(wined3d_texture_blt(bb, 0, NULL, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(wined3d_texture_blt(bb, 0, NULL, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_readbacks, 0);
    assert_int_equal(c.texture_uploads, 0);
    assert_false(bb->sub_resources[0].sysmem_valid);
    /* A Lock reads the blitted pixels back then. */
    assert_int_equal(read_pixel(device, 10, 50), 0xff2080c0);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_readbacks, 1);

    /* A texture last written on the CPU, overwritten whole: its stale GL
     * copy is not uploaded first. */
    dst = pattern_texture(device, WINED3DFMT_A8R8G8B8, 0, 64, 64, 9);
    wined3d_device_reset_frame_counters(device);
    assert_int_equal(wined3d_texture_blt(dst, 0, NULL, src, 0, NULL, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &c);
    assert_int_equal(c.texture_readbacks, 0);
    assert_int_equal(c.texture_uploads, 0);
    assert_int_equal(wined3d_texture_map(dst, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    assert_int_equal(*(uint32_t *)map.data, 0xff2080c0);
    assert_int_equal(wined3d_texture_unmap(dst, 0), WINED3D_OK);

    /* A plain texture written on the CPU, blitted into in part from a render
     * target: the rest of it keeps the CPU's pixels. */
    plain = pattern_texture(device, WINED3DFMT_A8R8G8B8, 0, 32, 32, 11);
    assert_int_equal(wined3d_texture_map(plain, 0, NULL, WINED3D_MAP_WRITE, &map), WINED3D_OK);
    ((uint32_t *)map.data)[0] = 0xff00ff00;
    ((uint32_t *)((uint8_t *)map.data + 20 * map.row_pitch))[30] = 0xff0000ff;
    assert_int_equal(wined3d_texture_unmap(plain, 0), WINED3D_OK);
    assert_int_equal(wined3d_texture_blt(plain, 0, &part, src, 0, &sr, 0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(wined3d_texture_map(plain, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    assert_int_equal(((uint32_t *)map.data)[0], 0xff00ff00);
    assert_int_equal(((uint32_t *)((uint8_t *)map.data + 20 * map.row_pitch))[30], 0xff0000ff);
    assert_int_equal(((uint32_t *)((uint8_t *)map.data + 8 * map.row_pitch))[8], 0xff2080c0);
    assert_int_equal(((uint32_t *)((uint8_t *)map.data + 15 * map.row_pitch))[23], 0xff2080c0);
    assert_int_equal(wined3d_texture_unmap(plain, 0), WINED3D_OK);

    /* A fill, then a Lock of the render target: GL's fill is what it reads. */
    memset(&fx, 0, sizeof(fx));
    fx.fill_color = 0xff445566;
    assert_int_equal(wined3d_texture_blt(bb, 0, &part, NULL, 0, NULL, WINED3D_BLT_COLOR_FILL, &fx, WINED3D_TEXF_POINT),
            WINED3D_OK);
    assert_int_equal(read_pixel(device, 8, 8), 0xff445566);
    assert_int_equal(read_pixel(device, 23, 15), 0xff445566);
    assert_int_equal(read_pixel(device, 24, 15), 0xff2080c0);
    assert_int_equal(read_pixel(device, 7, 8), 0xff2080c0);
    /* Drawing afterwards keeps both, and the fill changed no render state. */
    draw_quad(device, 0, 0, 2, 2, 0xffffffff, 0.5f);
    assert_int_equal(read_pixel(device, 1, 1), 0xffffffff);
    assert_int_equal(read_pixel(device, 8, 8), 0xff445566);
    v = read_pixel(device, 40, 40);
    assert_int_equal(v, 0xff2080c0);

    wined3d_texture_destroy(plain);
    wined3d_texture_destroy(dst);
    wined3d_texture_destroy(src);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_draw_paths(void **state)
{
    draw_paths(create_device());
}

/* The same through orphaned buffers instead of a persistent mapping. */
static void test_draw_paths_orphaning(void **state)
{
    struct wined3d_device *device = create_device_ex(64, 64, WINED3DFMT_D24S8, WINED3D_DEVICE_NO_PERSISTENT_MAP);

    draw_paths(device);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_pixel_centres),
        cmocka_unit_test(test_cull_modes),
        cmocka_unit_test(test_flat_shading),
        cmocka_unit_test(test_alpha_test),
        cmocka_unit_test(test_alpha_test_left_out),
        cmocka_unit_test(test_alpha_test_note_kept),
        cmocka_unit_test(test_stage_ops),
        cmocka_unit_test(test_stage_ops_generic),
        cmocka_unit_test(test_generic_stages_policy),
        cmocka_unit_test(test_texture_switch_keeps_program),
        cmocka_unit_test(test_fog),
        cmocka_unit_test(test_blend_ops),
        cmocka_unit_test(test_blend_d3d_rules),
        cmocka_unit_test(test_blend_replace_stays_off),
        cmocka_unit_test(test_sampler_follows_mip_levels),
        cmocka_unit_test(test_max_mip_level),
        cmocka_unit_test(test_depth_stencil_states),
        cmocka_unit_test(test_zenable_false_rhw),
        cmocka_unit_test(test_empty_depth_range),
        cmocka_unit_test(test_alpha_fail_fb_only),
        cmocka_unit_test(test_integer_depth),
        cmocka_unit_test(test_w_buffer),
        cmocka_unit_test(test_shader_blend),
        cmocka_unit_test(test_clear_rects_viewport),
        cmocka_unit_test(test_blit),
        cmocka_unit_test(test_gpu_blit),
        cmocka_unit_test(test_gpu_blit_exact),
        cmocka_unit_test(test_gpu_blit_widening),
        cmocka_unit_test(test_cpu_widen),
        cmocka_unit_test(test_blit_rows),
        cmocka_unit_test(test_cpu_widen_row_edges),
        cmocka_unit_test(test_keyed_blit_exact),
        cmocka_unit_test(test_gpu_blit_residency),
        cmocka_unit_test(test_draw_paths),
        cmocka_unit_test(test_draw_paths_orphaning),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

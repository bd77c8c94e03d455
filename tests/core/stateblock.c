/*
 * Stateblocks: recording, apply, capture and the predefined ALL / PIXEL /
 * VERTEX blocks with Direct3D 7's lists; lights (any index, 8 enabled).
 */
#include "config.h"

#include "core_test.h"

static void test_recording(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_context *context = device->contexts[0];
    struct wined3d_stateblock *sb;
    struct wined3d_light light;
    struct tl_vertex rec_tri[3] =
    {
        {10.0f, 10.0f, 0.5f, 1.0f, 0xff00ff00}, {30.0f, 10.0f, 0.5f, 1.0f, 0xff00ff00},
        {10.0f, 30.0f, 0.5f, 1.0f, 0xff00ff00},
    };
    uint32_t v;

    draw_quad(device, 0, 0, 4, 4, 0xffffffff, 0.5f);
    assert_int_equal(wined3d_device_end_stateblock(device, &sb), WINED3DERR_NOTRECORDING);
    assert_int_equal(wined3d_device_begin_stateblock(device), WINED3D_OK);
    assert_int_equal(wined3d_device_begin_stateblock(device), WINED3DERR_RECORDING);
    assert_true(wined3d_device_is_recording(device));

    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_GREATER);
    wined3d_device_set_texture_stage_state(device, 3, WINED3D_TSS_ALPHAOP, WINED3D_TOP_ADD);
    state_default_light(&light);
    light.diffuse.r = 0.5f;
    wined3d_device_set_light(device, 1000, &light);
    wined3d_device_set_light_enable(device, 1000, 1);

    /* Recording touched neither the device's values nor any dirty list. */
    wined3d_device_get_render_state(device, WINED3D_RS_FOGENABLE, &v);
    assert_int_equal(v, 0);
    wined3d_device_get_render_state(device, WINED3D_RS_ZFUNC, &v);
    assert_int_equal(v, WINED3D_CMP_LESSEQUAL);
    assert_int_equal(context->dirty_count, 0);
    assert_int_equal(wined3d_device_get_light(device, 1000, &light), WINED3DERR_INVALIDCALL);
    /* A Direct3D 7 draw while recording: its vertex format goes to the
     * device's state, not into the block, and the draw draws. */
    assert_int_equal(wined3d_device_set_draw_fvf(device, TL_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_get_fvf(device), TL_FVF);
    assert_false(stateblock_mask_test(&device->recording->changed, STATE_FVF));
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, rec_tri, 3, sizeof(rec_tri[0])),
            WINED3D_OK);
    assert_int_equal(read_pixel(device, 12, 12), 0xff00ff00);
    assert_int_equal(wined3d_device_get_fvf(device), TL_FVF);
    /* Set* for the format still records (the Direct3D 8/9 way). */
    assert_int_equal(wined3d_device_set_fvf(device, WINED3DFVF_XYZ), WINED3D_OK);
    assert_true(stateblock_mask_test(&device->recording->changed, STATE_FVF));
    assert_int_equal(wined3d_device_get_fvf(device), TL_FVF);

    /* A target set while recording with KEEP_VIEWPORT is bound at once and
     * leaves the device's viewport (and the block) alone. */
    {
        struct wined3d_texture *rt = wined3d_device_get_render_target(device, NULL), *rt2;
        struct wined3d_viewport vp, got;
        struct wined3d_texture_desc rdesc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8,
                WINED3D_USAGE_RENDERTARGET, 32, 32, 1};

        wined3d_device_get_viewport(device, &vp);
        assert_int_equal(wined3d_texture_create(device, &rdesc, &rt2), WINED3D_OK);
        assert_int_equal(wined3d_device_set_render_target_ex(device, rt2, 0, WINED3D_SET_RT_KEEP_VIEWPORT),
                WINED3D_OK);
        assert_ptr_equal(wined3d_device_get_render_target(device, NULL), rt2);
        wined3d_device_get_viewport(device, &got);
        assert_memory_equal(&vp, &got, sizeof(vp));
        assert_false(stateblock_mask_test(&device->recording->changed, STATE_VIEWPORT));
        assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0),
                WINED3D_OK);
        assert_int_equal(read_pixel(device, 5, 5), 0xff0000ff);
        assert_int_equal(wined3d_device_set_render_target_ex(device, rt, 0, WINED3D_SET_RT_KEEP_VIEWPORT),
                WINED3D_OK);
        assert_int_equal(read_pixel(device, 12, 12), 0xff00ff00);
        wined3d_texture_destroy(rt2);
    }

    assert_int_equal(wined3d_device_end_stateblock(device, &sb), WINED3D_OK);
    assert_false(wined3d_device_is_recording(device));

    /* Apply sets exactly the recorded states. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZWRITEENABLE, 0);
    assert_int_equal(wined3d_stateblock_apply(sb), WINED3D_OK);
    wined3d_device_get_render_state(device, WINED3D_RS_FOGENABLE, &v);
    assert_int_equal(v, 1);
    wined3d_device_get_render_state(device, WINED3D_RS_ZFUNC, &v);
    assert_int_equal(v, WINED3D_CMP_GREATER);
    wined3d_device_get_render_state(device, WINED3D_RS_ZWRITEENABLE, &v);
    assert_int_equal(v, 0);
    wined3d_device_get_texture_stage_state(device, 3, WINED3D_TSS_ALPHAOP, &v);
    assert_int_equal(v, WINED3D_TOP_ADD);
    assert_int_equal(wined3d_device_get_light(device, 1000, &light), WINED3D_OK);
    assert_true(light.diffuse.r == 0.5f);
    {
        int enabled = 0;
        wined3d_device_get_light_enable(device, 1000, &enabled);
        assert_true(enabled);
    }
    assert_true(context_is_dirty(context, WINED3D_RS_FOGENABLE));
    assert_true(context_is_dirty(context, WINED3D_RS_ZENABLE));
    assert_true(context_is_dirty(context, STATE_LIGHTS));

    /* Capture takes the device's values of the recorded states only. */
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_EQUAL);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 0);
    assert_int_equal(wined3d_stateblock_capture(sb), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_ALWAYS);
    wined3d_device_set_render_state(device, WINED3D_RS_FOGENABLE, 1);
    wined3d_device_set_render_state(device, WINED3D_RS_ZWRITEENABLE, 1);
    wined3d_stateblock_apply(sb);
    wined3d_device_get_render_state(device, WINED3D_RS_ZFUNC, &v);
    assert_int_equal(v, WINED3D_CMP_EQUAL);
    wined3d_device_get_render_state(device, WINED3D_RS_FOGENABLE, &v);
    assert_int_equal(v, 0);
    wined3d_device_get_render_state(device, WINED3D_RS_ZWRITEENABLE, &v);
    assert_int_equal(v, 1);

    wined3d_stateblock_destroy(sb);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

/* MultiplyTransform is not recorded: while a block is being recorded it
 * multiplies the device's matrix, and the block leaves that transform alone
 * (Wine's ddraw7.c test_multiply_transform). */
static void test_multiply_not_recorded(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_context *context = device->contexts[0];
    struct wined3d_matrix one = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, two = one, got;
    struct wined3d_stateblock *sb;

    two._11 = two._22 = two._33 = two._44 = 2.0f;
    assert_int_equal(wined3d_device_set_transform(device, WINED3D_TS_VIEW, &one), WINED3D_OK);
    assert_int_equal(wined3d_device_begin_stateblock(device), WINED3D_OK);
    assert_int_equal(wined3d_device_multiply_transform(device, WINED3D_TS_VIEW, &two), WINED3D_OK);
    assert_false(stateblock_mask_test(&device->recording->changed, STATE_TRANSFORM(WINED3D_TS_VIEW)));
    assert_true(context_is_dirty(context, STATE_TRANSFORM(WINED3D_TS_VIEW)));
    assert_int_equal(wined3d_device_end_stateblock(device, &sb), WINED3D_OK);
    wined3d_device_get_transform(device, WINED3D_TS_VIEW, &got);
    assert_memory_equal(&got, &two, sizeof(got));

    /* The block holds no transform: capture and apply keep the device's. */
    assert_int_equal(wined3d_stateblock_capture(sb), WINED3D_OK);
    assert_int_equal(wined3d_device_set_transform(device, WINED3D_TS_VIEW, &one), WINED3D_OK);
    assert_int_equal(wined3d_stateblock_apply(sb), WINED3D_OK);
    wined3d_device_get_transform(device, WINED3D_TS_VIEW, &got);
    assert_memory_equal(&got, &one, sizeof(got));

    wined3d_stateblock_destroy(sb);
    wined3d_device_destroy(device);
}

static void test_apply_unchanged_marks_nothing(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_stateblock *sb;

    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_ALL, &sb), WINED3D_OK);
    draw_quad(device, 0, 0, 4, 4, 0xffffffff, 0.5f);
    assert_int_equal(device->contexts[0]->dirty_count, 0);
    /* The device already holds every value: nothing becomes dirty. */
    assert_int_equal(wined3d_stateblock_apply(sb), WINED3D_OK);
    assert_int_equal(device->contexts[0]->dirty_count, 0);
    wined3d_stateblock_destroy(sb);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void set_all(struct wined3d_device *device, uint32_t v)
{
    struct wined3d_matrix m;
    memset(&m, 0, sizeof(m));
    m._11 = m._22 = m._33 = m._44 = (float)v;
    wined3d_device_set_render_state(device, WINED3D_RS_SRCBLEND, v);            /* pixel */
    wined3d_device_set_render_state(device, WINED3D_RS_STENCILREF, v);          /* pixel */
    wined3d_device_set_render_state(device, WINED3D_RS_AMBIENT, v);             /* vertex */
    wined3d_device_set_render_state(device, WINED3D_RS_FOGVERTEXMODE, v);       /* vertex */
    wined3d_device_set_render_state(device, WINED3D_RS_SHADEMODE, v);           /* both */
    wined3d_device_set_texture_stage_state(device, 2, WINED3D_TSS_COLOROP, v);  /* pixel */
    wined3d_device_set_texture_stage_state(device, 2, WINED3D_TSS_TEXCOORDINDEX, v); /* vertex */
    wined3d_device_set_transform(device, WINED3D_TS_VIEW, &m);                 /* ALL only */
}

static void check(struct wined3d_device *device, uint32_t pixel, uint32_t vertex, uint32_t both, uint32_t all)
{
    struct wined3d_matrix m;
    uint32_t v;
    wined3d_device_get_render_state(device, WINED3D_RS_SRCBLEND, &v); assert_int_equal(v, pixel);
    wined3d_device_get_render_state(device, WINED3D_RS_STENCILREF, &v); assert_int_equal(v, pixel);
    wined3d_device_get_render_state(device, WINED3D_RS_AMBIENT, &v); assert_int_equal(v, vertex);
    wined3d_device_get_render_state(device, WINED3D_RS_FOGVERTEXMODE, &v); assert_int_equal(v, vertex);
    wined3d_device_get_render_state(device, WINED3D_RS_SHADEMODE, &v); assert_int_equal(v, both);
    wined3d_device_get_texture_stage_state(device, 2, WINED3D_TSS_COLOROP, &v); assert_int_equal(v, pixel);
    wined3d_device_get_texture_stage_state(device, 2, WINED3D_TSS_TEXCOORDINDEX, &v); assert_int_equal(v, vertex);
    wined3d_device_get_transform(device, WINED3D_TS_VIEW, &m); assert_true(m._11 == (float)all);
}

static void test_predefined(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_stateblock *all, *pixel, *vertex;

    set_all(device, 1);
    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_ALL, &all), WINED3D_OK);
    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_PIXEL_STATE, &pixel), WINED3D_OK);
    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_VERTEX_STATE, &vertex), WINED3D_OK);
    assert_int_equal(wined3d_stateblock_create(device, 4, &all), WINED3DERR_INVALIDCALL);

    set_all(device, 2);
    wined3d_stateblock_apply(pixel);
    check(device, 1, 2, 1, 2);
    set_all(device, 2);
    wined3d_stateblock_apply(vertex);
    check(device, 2, 1, 1, 2);
    set_all(device, 2);
    wined3d_stateblock_apply(all);
    check(device, 1, 1, 1, 1);

    wined3d_stateblock_destroy(all);
    wined3d_stateblock_destroy(pixel);
    wined3d_stateblock_destroy(vertex);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_lights(void **state)
{
    struct wined3d_device *device = create_device();
    const struct wined3d_state *s = wined3d_device_get_state(device);
    struct wined3d_stateblock *sb;
    struct wined3d_light light;
    unsigned int i;
    int enabled;

    state_default_light(&light);
    for (i = 0; i < 8; ++i)
    {
        light.range = (float)i;
        assert_int_equal(wined3d_device_set_light(device, i * 7919, &light), WINED3D_OK);
        assert_int_equal(wined3d_device_set_light_enable(device, i * 7919, 1), WINED3D_OK);
    }
    /* A 9th enabled light is refused; a light enabled without being set is
     * the default light. */
    assert_int_equal(wined3d_device_set_light_enable(device, 5, 1), WINED3DERR_INVALIDCALL);
    assert_int_equal(s->active_light_mask, 0xff);
    assert_int_equal(wined3d_device_set_light_enable(device, 7919, 0), WINED3D_OK);
    assert_int_equal(wined3d_device_set_light_enable(device, 5, 1), WINED3D_OK);
    assert_int_equal(wined3d_device_get_light(device, 5, &light), WINED3D_OK);
    assert_int_equal(light.type, WINED3D_LIGHT_DIRECTIONAL);
    assert_true(light.direction.z == 1.0f);
    assert_int_equal(s->active_light_mask, 0xff);

    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_VERTEX_STATE, &sb), WINED3D_OK);
    wined3d_device_set_light_enable(device, 5, 0);
    wined3d_device_set_light_enable(device, 7919, 1);
    wined3d_stateblock_apply(sb);
    wined3d_device_get_light_enable(device, 5, &enabled);
    assert_true(enabled);
    wined3d_device_get_light_enable(device, 7919, &enabled);
    assert_false(enabled);
    wined3d_stateblock_destroy(sb);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_texture_lifetime(void **state)
{
    struct wined3d_device *device = create_device();
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 4, 4, 1};
    struct wined3d_stateblock *sb, *leaked;
    struct wined3d_texture *t;

    assert_int_equal(wined3d_texture_create(device, &desc, &t), WINED3D_OK);
    wined3d_device_set_texture(device, 2, t);
    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_ALL, &sb), WINED3D_OK);
    assert_int_equal(wined3d_stateblock_create(device, WINED3D_SBT_ALL, &leaked), WINED3D_OK);
    wined3d_texture_destroy(t);
    assert_null(wined3d_device_get_texture(device, 2));
    assert_null(sb->state.textures[2]);
    wined3d_stateblock_apply(sb);
    assert_null(wined3d_device_get_texture(device, 2));
    draw_quad(device, 0, 0, 4, 4, 0xffffffff, 0.5f);
    wined3d_stateblock_destroy(sb);
    /* "leaked" goes with the device. */
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

static void test_invalid(void **state)
{
    struct wined3d_device *device = create_device();
    uint32_t v;

    assert_int_equal(wined3d_device_set_render_state(device, 0, 1), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_render_state(device, 61, 1), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_render_state(device, 100000, 1), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_get_render_state(device, 300, &v), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_texture_stage_state(device, 8, WINED3D_TSS_COLOROP, 1), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_texture_stage_state(device, 0, 25, 1), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_transform(device, 7, NULL), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_clip_plane(device, 6, NULL), WINED3DERR_INVALIDCALL);
    assert_int_equal(wined3d_device_set_fvf(device, WINED3DFVF_DIFFUSE), WINED3DERR_INVALIDCALL);
    /* D3DTSS_ADDRESS sets U and V. */
    assert_int_equal(wined3d_device_set_texture_stage_state(device, 1, WINED3D_TSS_ADDRESS, WINED3D_TADDRESS_CLAMP), WINED3D_OK);
    wined3d_device_get_texture_stage_state(device, 1, WINED3D_TSS_ADDRESSV, &v);
    assert_int_equal(v, WINED3D_TADDRESS_CLAMP);
    /* Direct3D 7 defaults. */
    wined3d_device_get_render_state(device, WINED3D_RS_ZENABLE, &v);
    assert_int_equal(v, WINED3D_ZB_TRUE);
    wined3d_device_get_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, &v);
    assert_int_equal(v, WINED3D_TOP_MODULATE);
    wined3d_device_get_texture_stage_state(device, 1, WINED3D_TSS_COLOROP, &v);
    assert_int_equal(v, WINED3D_TOP_DISABLE);
    wined3d_device_get_texture_stage_state(device, 5, WINED3D_TSS_TEXCOORDINDEX, &v);
    assert_int_equal(v, 5);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_recording),
        cmocka_unit_test(test_multiply_not_recorded),
        cmocka_unit_test(test_apply_unchanged_marks_nothing),
        cmocka_unit_test(test_predefined),
        cmocka_unit_test(test_lights),
        cmocka_unit_test(test_texture_lifetime),
        cmocka_unit_test(test_invalid),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}

/*
 * The state table: every state has a group and an apply function, the
 * groups partition the states, and the groups are the ones the design
 * names (fog, blend, alpha test, depth, stencil, each stage's ops, each
 * stage's sampler).  No GL needed.
 */
#include "config.h"

#include "core_test.h"

static void test_every_state_has_a_group(void **state)
{
    unsigned int id, count = 0;

    wined3d_state_table_init();
    for (id = 0; id < STATE_COUNT; ++id)
    {
        const struct wined3d_state_entry *e = &wined3d_state_table[id];
        if (!e->apply) continue;
        ++count;
        if (!wined3d_state_table[e->representative].apply)
            fail_msg("%s: group %u has no entry", wined3d_debug_state(id), e->representative);
    }
    /* Every Direct3D 7 render state 1..152 the SDK defines. */
    for (id = 1; id <= 60; ++id)
        if (id != 61) assert_true(wined3d_state_is_valid(STATE_RENDER(id)));
    for (id = WINED3D_RS_STIPPLEPATTERN00; id <= WINED3D_RS_STIPPLEPATTERN31; ++id)
        assert_true(wined3d_state_is_valid(id));
    for (id = WINED3D_RS_WRAP0; id <= WINED3D_RS_EMISSIVEMATERIALSOURCE; ++id)
        assert_true(wined3d_state_is_valid(id));
    assert_true(wined3d_state_is_valid(WINED3D_RS_VERTEXBLEND));
    assert_true(wined3d_state_is_valid(WINED3D_RS_CLIPPLANEENABLE));
    /* Gaps are not states. */
    assert_false(wined3d_state_is_valid(0));
    assert_false(wined3d_state_is_valid(61));
    assert_false(wined3d_state_is_valid(100));
    assert_false(wined3d_state_is_valid(149));
    assert_false(wined3d_state_is_valid(153));
    /* Every stage state of every stage, the textures, transforms and the rest. */
    for (id = 0; id < WINED3D_MAX_TEXTURES; ++id)
    {
        unsigned int s;
        for (s = 1; s <= WINED3D_HIGHEST_TEXTURE_STATE; ++s)
            assert_true(wined3d_state_is_valid(STATE_TEXSTAGE(id, s)));
        assert_false(wined3d_state_is_valid(STATE_TEXSTAGE(id, 0)));
        assert_true(wined3d_state_is_valid(STATE_SAMPLER(id)));
        assert_true(wined3d_state_is_valid(STATE_TRANSFORM(WINED3D_TS_TEXTURE(id))));
    }
    for (id = WINED3D_TS_WORLD; id <= WINED3D_TS_WORLD3; ++id)
        assert_true(wined3d_state_is_valid(STATE_TRANSFORM(id)));
    assert_true(wined3d_state_is_valid(STATE_MATERIAL));
    assert_true(wined3d_state_is_valid(STATE_LIGHTS));
    assert_true(wined3d_state_is_valid(STATE_VIEWPORT));
    assert_true(wined3d_state_is_valid(STATE_SCISSORRECT));
    for (id = 0; id < WINED3D_MAX_CLIP_PLANES; ++id)
        assert_true(wined3d_state_is_valid(STATE_CLIPPLANE(id)));
    assert_true(wined3d_state_is_valid(STATE_FVF));
    assert_true(wined3d_state_is_valid(STATE_FRAMEBUFFER));
    assert_true(count > 300);
}

/* A partition: each group's representative belongs to the group itself, and
 * all members of a group share the group's apply function. */
static void test_groups_partition(void **state)
{
    unsigned int id;

    wined3d_state_table_init();
    for (id = 0; id < STATE_COUNT; ++id)
    {
        const struct wined3d_state_entry *e = &wined3d_state_table[id];
        if (!e->apply) continue;
        if (wined3d_state_table[e->representative].representative != e->representative)
            fail_msg("%s: representative %u is not its own group", wined3d_debug_state(id), e->representative);
        if (wined3d_state_table[e->representative].apply != e->apply)
            fail_msg("%s: apply differs from its group's", wined3d_debug_state(id));
    }
}

static void assert_same_group(unsigned int a, unsigned int b)
{
    if (wined3d_state_table[a].representative != wined3d_state_table[b].representative)
        fail_msg("%s and %s are in different groups", wined3d_debug_state(a), wined3d_debug_state(b));
}

static void assert_other_group(unsigned int a, unsigned int b)
{
    if (wined3d_state_table[a].representative == wined3d_state_table[b].representative)
        fail_msg("%s and %s share a group", wined3d_debug_state(a), wined3d_debug_state(b));
}

static void test_named_groups(void **state)
{
    static const unsigned int fog[] = {WINED3D_RS_FOGCOLOR, WINED3D_RS_FOGTABLEMODE, WINED3D_RS_FOGSTART,
            WINED3D_RS_FOGEND, WINED3D_RS_FOGDENSITY, WINED3D_RS_RANGEFOGENABLE, WINED3D_RS_FOGVERTEXMODE};
    static const unsigned int blend[] = {WINED3D_RS_SRCBLEND, WINED3D_RS_DESTBLEND, WINED3D_RS_BLENDOP,
            WINED3D_RS_SEPARATEALPHABLENDENABLE, WINED3D_RS_SRCBLENDALPHA, WINED3D_RS_DESTBLENDALPHA,
            WINED3D_RS_BLENDOPALPHA};
    static const unsigned int stencil[] = {WINED3D_RS_STENCILFAIL, WINED3D_RS_STENCILZFAIL, WINED3D_RS_STENCILPASS,
            WINED3D_RS_STENCILFUNC, WINED3D_RS_STENCILREF, WINED3D_RS_STENCILMASK, WINED3D_RS_STENCILWRITEMASK};
    static const unsigned int ops[] = {WINED3D_TSS_COLORARG1, WINED3D_TSS_COLORARG2, WINED3D_TSS_ALPHAOP,
            WINED3D_TSS_ALPHAARG1, WINED3D_TSS_ALPHAARG2};
    static const unsigned int sampler[] = {WINED3D_TSS_ADDRESS, WINED3D_TSS_ADDRESSU, WINED3D_TSS_ADDRESSV,
            WINED3D_TSS_BORDERCOLOR, WINED3D_TSS_MAGFILTER, WINED3D_TSS_MINFILTER, WINED3D_TSS_MIPFILTER,
            WINED3D_TSS_MIPMAPLODBIAS, WINED3D_TSS_MAXMIPLEVEL, WINED3D_TSS_MAXANISOTROPY};
    unsigned int i, s;

    wined3d_state_table_init();
    for (i = 0; i < sizeof(fog) / sizeof(*fog); ++i) assert_same_group(WINED3D_RS_FOGENABLE, fog[i]);
    for (i = 0; i < sizeof(blend) / sizeof(*blend); ++i) assert_same_group(WINED3D_RS_ALPHABLENDENABLE, blend[i]);
    for (i = 0; i < sizeof(stencil) / sizeof(*stencil); ++i) assert_same_group(WINED3D_RS_STENCILENABLE, stencil[i]);
    /* The alpha reference is only a uniform: no key derived for it. */
    assert_other_group(WINED3D_RS_ALPHATESTENABLE, WINED3D_RS_ALPHAREF);
    assert_same_group(WINED3D_RS_ALPHATESTENABLE, WINED3D_RS_ALPHAFUNC);
    assert_same_group(WINED3D_RS_ZENABLE, WINED3D_RS_ZWRITEENABLE);
    assert_same_group(WINED3D_RS_ZENABLE, WINED3D_RS_ZFUNC);
    assert_same_group(WINED3D_RS_SCISSORTESTENABLE, STATE_SCISSORRECT);
    assert_same_group(WINED3D_RS_CLIPPLANEENABLE, STATE_CLIPPLANE(3));
    assert_same_group(WINED3D_RS_ZBIAS, WINED3D_RS_DEPTHBIAS_UNITS);
    for (s = 0; s < WINED3D_MAX_TEXTURES; ++s)
    {
        for (i = 0; i < sizeof(ops) / sizeof(*ops); ++i)
            assert_same_group(STATE_TEXSTAGE(s, WINED3D_TSS_COLOROP), STATE_TEXSTAGE(s, ops[i]));
        /* Filters and addressing are one group; the bound texture another,
         * so that a texture change does not compute the sampler again. */
        for (i = 0; i < sizeof(sampler) / sizeof(*sampler); ++i)
            assert_same_group(STATE_TEXSTAGE(s, WINED3D_TSS_ADDRESSU), STATE_TEXSTAGE(s, sampler[i]));
        assert_other_group(STATE_SAMPLER(s), STATE_TEXSTAGE(s, WINED3D_TSS_ADDRESSU));
        assert_other_group(STATE_SAMPLER(s), STATE_TEXSTAGE(s, WINED3D_TSS_COLOROP));
        assert_other_group(STATE_TEXSTAGE(s, WINED3D_TSS_ADDRESSU), STATE_TEXSTAGE(s, WINED3D_TSS_COLOROP));
        if (s)
        {
            assert_other_group(STATE_TEXSTAGE(s, WINED3D_TSS_COLOROP), STATE_TEXSTAGE(0, WINED3D_TSS_COLOROP));
            assert_other_group(STATE_SAMPLER(s), STATE_SAMPLER(0));
        }
    }
    /* Unrelated states stay apart. */
    assert_other_group(WINED3D_RS_FOGENABLE, WINED3D_RS_ALPHABLENDENABLE);
    assert_other_group(WINED3D_RS_ZENABLE, WINED3D_RS_STENCILENABLE);
    assert_other_group(WINED3D_RS_ALPHATESTENABLE, WINED3D_RS_ALPHABLENDENABLE);
    assert_other_group(STATE_VIEWPORT, STATE_FRAMEBUFFER);
}

static void test_gl_enums(void **state)
{
    assert_int_equal(wined3d_gl_compare_func(WINED3D_CMP_GREATEREQUAL), GL_GEQUAL);
    assert_int_equal(wined3d_gl_compare_func(WINED3D_CMP_NEVER), GL_NEVER);
    assert_int_equal(wined3d_gl_blend_op(WINED3D_BLEND_OP_REVSUBTRACT), GL_FUNC_REVERSE_SUBTRACT);
    assert_int_equal(wined3d_gl_blend_op(WINED3D_BLEND_OP_MAX), GL_MAX);
    assert_int_equal(wined3d_gl_stencil_op(WINED3D_STENCIL_OP_INCR_SAT), GL_INCR);
    assert_int_equal(wined3d_gl_stencil_op(WINED3D_STENCIL_OP_INCR), GL_INCR_WRAP);
    /* Core GL has no quads or line loops; Direct3D 7 has neither either. */
    assert_int_equal(wined3d_gl_primitive_type(WINED3D_PT_TRIANGLEFAN), GL_TRIANGLE_FAN);
    assert_int_equal(wined3d_gl_primitive_type(7), GL_INVALID_ENUM);
}

static void test_fvf_stride(void **state)
{
    assert_int_equal(wined3d_fvf_get_stride(WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE), 20);
    assert_int_equal(wined3d_fvf_get_stride(WINED3DFVF_XYZ | WINED3DFVF_NORMAL | WINED3DFVF_TEX1), 32);
    /* D3DLVERTEX: xyz, reserved, diffuse, specular, uv. */
    assert_int_equal(wined3d_fvf_get_stride(WINED3DFVF_XYZ | WINED3DFVF_RESERVED1 | WINED3DFVF_DIFFUSE
            | WINED3DFVF_SPECULAR | WINED3DFVF_TEX1), 32);
    assert_int_equal(wined3d_fvf_get_stride(WINED3DFVF_XYZB3 | WINED3DFVF_TEX2 | WINED3DFVF_TEXCOORDSIZE1(1)), 36);
    assert_int_equal(wined3d_fvf_get_stride(WINED3DFVF_DIFFUSE), 0);
    assert_int_equal(wined3d_fvf_get_stride(WINED3DFVF_XYZ | 0x900), 0);
}

/* The index check's maximum, wherever the largest index lies and whatever
 * the count's remainder by four. */
static void test_index_max(void **state)
{
    uint16_t indices[11];
    unsigned int count, at, i;

    assert_int_equal(wined3d_index_max(NULL, 0), 0);
    for (count = 1; count <= 11; ++count)
        for (at = 0; at < count; ++at)
        {
            for (i = 0; i < count; ++i) indices[i] = (uint16_t)(i * 7 % 5);
            indices[at] = 0xfffe - count;
            assert_int_equal(wined3d_index_max(indices, count), 0xfffe - count);
        }
    indices[0] = 0xffff;
    assert_int_equal(wined3d_index_max(indices, 1), 0xffff);
    /* Around the sign bit, in the eight-a-step part too. */
    for (i = 0; i < 11; ++i) indices[i] = 0x7fff;
    indices[9] = 0x8000;
    assert_int_equal(wined3d_index_max(indices, 11), 0x8000);
    indices[3] = 0xffff;
    assert_int_equal(wined3d_index_max(indices, 9), 0xffff);
    assert_int_equal(wined3d_index_max(indices, 3), 0x7fff);
}

/* The rebased copy: each index plus the delta (wrapping as 16 bits), and
 * the largest index before it, in the eight-a-step part and the rest. */
static void test_index_rebase(void **state)
{
    uint16_t indices[19], dst[19];
    unsigned int count, i;

    assert_int_equal(wined3d_index_rebase(dst, NULL, 0, 5), 0);
    for (count = 1; count <= 19; ++count)
    {
        for (i = 0; i < count; ++i)
            indices[i] = (uint16_t)(i * 7919 % 65521);
        indices[count / 2] = (uint16_t)(0x8000 + count);
        memset(dst, 0, sizeof(dst));
        assert_int_equal(wined3d_index_rebase(dst, indices, count, 0x7ff0), wined3d_index_max(indices, count));
        for (i = 0; i < count; ++i)
            assert_int_equal(dst[i], (uint16_t)(indices[i] + 0x7ff0));
        for (; i < 19; ++i)
            assert_int_equal(dst[i], 0);
    }
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_every_state_has_a_group),
        cmocka_unit_test(test_groups_partition),
        cmocka_unit_test(test_named_groups),
        cmocka_unit_test(test_gl_enums),
        cmocka_unit_test(test_fvf_stride),
        cmocka_unit_test(test_index_max),
        cmocka_unit_test(test_index_rebase),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

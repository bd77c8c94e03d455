/*
 * THRASH setstate/getstate: stage decoding, the record's slot arithmetic,
 * refusals, the Direct3D mapping, the blend modes of 0x29, the callback and
 * setvideomode's default states.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_device.h"

static int setup(void **ctx)
{
    fake_reset();
    return 0;
}

static void test_decode(void **ctx)
{
    DWORD id, stage;

    assert_true(dx7z_state_decode(0x29, &id, &stage));
    assert_int_equal(id, 0x29);
    assert_int_equal(stage, 0);
    for (DWORD s = 1; s <= 7; ++s)
    {
        assert_true(dx7z_state_decode(0x29 | s << 16, &id, &stage));
        assert_int_equal(stage, s);
        assert_int_equal(id, 0x29);
    }
    /* Only bits 16-18: 0x80000 and above are refused. */
    assert_false(dx7z_state_decode(0x80029, &id, &stage));
    assert_false(dx7z_state_decode(0x100029, &id, &stage));
    assert_false(dx7z_state_decode(0xffff0029, &id, &stage));
    assert_int_equal(dx7z_setstate(0x80029, 3), 0);
    assert_int_equal(dx7z_setstate(0x80000005, 1), 0);
    assert_int_equal(fake_call_count, 0);
}

static void test_slots(void **ctx)
{
    /* Each range starts at the previous base plus hi - lo: neighbours share. */
    assert_int_equal(dx7z_state_slot(0x00), 0);
    assert_int_equal(dx7z_state_slot(0x46), 0x46);
    assert_int_equal(dx7z_state_slot(0x64), 0x46);
    assert_int_equal(dx7z_state_slot(0x6e), 0x46 + 10);
    assert_int_equal(dx7z_state_slot(0xc8), 0x46 + 10);
    assert_int_equal(dx7z_state_slot(0xd7), 0x46 + 10 + 15);
    assert_int_equal(dx7z_state_slot(0x12c), 0x46 + 10 + 15);
    assert_int_equal(dx7z_state_slot(0x13b), 0x46 + 10 + 30);
    assert_int_equal(dx7z_state_slot(0x190), 0x46 + 10 + 30);
    assert_int_equal(dx7z_state_slot(0x19f), 0x46 + 10 + 45);
    assert_int_equal(dx7z_state_slot(0x2bc), 0x46 + 10 + 45);
    assert_int_equal(dx7z_state_slot(0x2cb), DX7Z_SLOTS_PER_STAGE - 1);
    assert_int_equal(dx7z_state_slot(0x47), DX7Z_SLOT_NONE);
    assert_int_equal(dx7z_state_slot(0x63), DX7Z_SLOT_NONE);
    assert_int_equal(dx7z_state_slot(0x1a4), DX7Z_SLOT_NONE);
    assert_int_equal(dx7z_state_slot(0x2cc), DX7Z_SLOT_NONE);

    /* Recorded per stage. */
    assert_int_equal(dx7z_setstate(0x0d, 1), 1);
    assert_int_equal(dx7z_setstate(0x1000d, 2), 1);
    assert_int_equal(dx7z_getstate(0x0d), 1);
    assert_int_equal(dx7z_getstate(0x1000d), 2);
    assert_int_equal(dx7z_getstate(0x2000d), 0);
    /* 0x194 and 0x195 are recorded; a refused value leaves the record. */
    assert_int_equal(dx7z_setstate(0x194, 4), 1);
    assert_int_equal(dx7z_setstate(0x194, 10), 0);
    assert_int_equal(dx7z_getstate(0x194), 4);
    /* Ids outside the ranges answer 0 from getstate. */
    assert_int_equal(dx7z_getstate(0x1b3), 0);
    /* A shared slot: 0x2bc (not a state) reads what 0x19f's slot holds. */
    dx7z.record[0][dx7z_state_slot(0x19f)] = 0x1234;
    assert_int_equal(dx7z_getstate(0x2bc), 0x1234);
}

static void test_refusals(void **ctx)
{
    static const DWORD refused[][2] =
    {
        {0x0a, 1}, {0x0a, 3}, {0x0b, 2}, {0x02, 3}, {0x06, 3}, {0x07, 3}, {0x0d, 3},
        {0x15, 3}, {0x15, 16}, {0x28, 8}, {0x2a, 2}, {0x38, 4}, {0x194, 10}, {0x29, 9},
        {0x29, 0x60}, {0x25, 0}, {0x1a4, 0}, {0x1b0, 1}, {0x1c1, 0}, {0x47, 0}, {0x200, 0},
        {0x36, 6},
    };
    unsigned int i;

    for (i = 0; i < sizeof(refused) / sizeof(refused[0]); ++i)
        assert_int_equal(dx7z_setstate(refused[i][0], refused[i][1]), 0);
    /* Stored only: answered, recorded, nothing sent. */
    fake_call_count = 0;
    assert_int_equal(dx7z_setstate(0x1a, 7), 1);
    assert_int_equal(dx7z_setstate(0x3e, 9), 1);
    assert_int_equal(fake_call_count, 0);
    assert_int_equal(dx7z_getstate(0x1a), 7);
    assert_int_equal(dx7z_getstate(0x3e), 9);
    /* No W-buffer on this card: z instead, and the answer says no. */
    assert_int_equal(dx7z_setstate(0x04, 2), 0);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZENABLE), D3DZB_TRUE);
    dx7z.caps.wbuffer = TRUE;
    assert_int_equal(dx7z_setstate(0x04, 2), 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZENABLE), D3DZB_USEW);
    /* Version: 0x68..0x6b, else 0x6b. */
    dx7z_setstate(0x1f, 0x69);
    assert_int_equal(dx7z.version, 0x69);
    dx7z_setstate(0x1f, 0x50);
    assert_int_equal(dx7z.version, 0x6b);
    /* The flare's switch follows the card. */
    assert_int_equal(dx7z_setstate(0x1c3, 0), 1);
    dx7z.caps.modulate_alpha = FALSE;
    assert_int_equal(dx7z_setstate(0x1c3, 0), 0);
}

static void test_mapping(void **ctx)
{
    dx7z_setstate(0x02, 0);
    assert_int_equal(fake_rs(D3DRENDERSTATE_CULLMODE), D3DCULL_NONE);
    assert_int_equal(dx7z.cull_word, 1);
    dx7z_setstate(0x02, 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_CULLMODE), D3DCULL_CCW);
    assert_int_equal(dx7z.cull_word, 0x80000000u);
    dx7z_setstate(0x02, 2);
    assert_int_equal(fake_rs(D3DRENDERSTATE_CULLMODE), D3DCULL_CW);
    assert_int_equal(dx7z.cull_word, 0);

    dx7z_setstate(0x06, 0);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SHADEMODE), D3DSHADE_FLAT);
    assert_true(dx7z.flat);
    dx7z_setstate(0x06, 2);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SHADEMODE), D3DSHADE_GOURAUD);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SPECULARENABLE), TRUE);

    dx7z_setstate(0x0a, 2);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ALPHABLENDENABLE), TRUE);
    dx7z_setstate(0x28, 3);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZFUNC), D3DCMP_LESSEQUAL);
    dx7z_setstate(0x04, 0);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZFUNC), D3DCMP_ALWAYS);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZWRITEENABLE), FALSE);
    dx7z_setstate(0x04, 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZFUNC), D3DCMP_LESSEQUAL);

    dx7z_setstate(0x24, 0x40);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ALPHATESTENABLE), TRUE);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ALPHAREF), 0x40);
    dx7z_setstate(0x24, 0);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ALPHATESTENABLE), FALSE);

    dx7z_setstate(0x194, 4);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SRCBLEND), D3DBLEND_SRCALPHA);
    dx7z_setstate(0x195, 9);
    assert_int_equal(fake_rs(D3DRENDERSTATE_DESTBLEND), D3DBLEND_INVDESTCOLOR);
    dx7z_setstate(0x38, 3);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SRCBLEND), D3DBLEND_ZERO);
    assert_int_equal(fake_rs(D3DRENDERSTATE_DESTBLEND), D3DBLEND_SRCCOLOR);
    dx7z_setstate(0x68, 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SRCBLEND), D3DBLEND_SRCALPHA);
    assert_int_equal(fake_rs(D3DRENDERSTATE_DESTBLEND), D3DBLEND_ONE);
    dx7z.caps.srcalpha_additive = FALSE;
    dx7z_setstate(0x38, 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_SRCBLEND), D3DBLEND_ONE);

    dx7z_setstate(0x15, 4);
    assert_int_equal(fake_rs(D3DRENDERSTATE_FOGENABLE), TRUE);
    assert_int_equal(fake_rs(D3DRENDERSTATE_FOGTABLEMODE), D3DFOG_EXP);
    dx7z_setstate(0x0e, 4);     /* n means 1/n */
    assert_int_equal(fake_rs(D3DRENDERSTATE_FOGDENSITY), dx7z_float_to_dword(0.25f));
    dx7z_setstate(0x0e, dx7z_float_to_dword(0.5f));
    assert_int_equal(fake_rs(D3DRENDERSTATE_FOGDENSITY), dx7z_float_to_dword(0.5f));

    dx7z_setstate(0x1000b, 3);
    assert_int_equal(fake_tss(1, D3DTSS_MIPFILTER), D3DTFP_LINEAR);
    dx7z_setstate(0x0d, 2);
    assert_int_equal(fake_tss(0, D3DTSS_ADDRESS), D3DTADDRESS_MIRROR);
    dx7z_setstate(0x42, 0);
    assert_int_equal(fake_tss(0, D3DTSS_ADDRESSV), D3DTADDRESS_CLAMP);
    dx7z_setstate(0x07, 0);
    assert_int_equal(fake_tss(0, D3DTSS_MAGFILTER), D3DTFG_POINT);

    dx7z_setstate(0x2a, 1);
    assert_int_equal(dx7z.stride, 40);
    assert_int_equal(dx7z.fvf, 0x2c4);
    assert_int_equal(fake_tss(1, D3DTSS_TEXCOORDINDEX), 1);
    dx7z_setstate(0x2a, 0);
    assert_int_equal(dx7z.stride, 32);
    assert_int_equal(dx7z.fvf, 0x1c4);

    dx7z_setstate(0x36, 7);
    assert_int_equal(fake_rs(D3DRENDERSTATE_STENCILPASS), D3DSTENCILOP_INCR);
    dx7z_setstate(0x34, 5);
    assert_int_equal(fake_rs(D3DRENDERSTATE_STENCILFAIL), D3DSTENCILOP_INVERT);
    dx7z_setstate(0x199, 1);
    assert_int_equal(fake_rs(D3DRENDERSTATE_FILLMODE), D3DFILL_WIREFRAME);
}

static struct dx7z_texture tex0, tex1;

static void test_blend_modes(void **ctx)
{
    /* No texture: the cascade ends, stage 0 gives the diffuse colour. */
    dx7z_setstate(0x29, 3);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_DISABLE);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_DISABLE);

    dx7z_setstate(0x01, (DWORD_PTR)&tex0);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_MODULATE);
    assert_int_equal(fake_tss(0, D3DTSS_ALPHAOP), D3DTOP_MODULATE);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_DISABLE);

    dx7z_setstate(0x29, 0);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_MODULATE);
    assert_int_equal(fake_tss(0, D3DTSS_COLORARG1), D3DTA_TEXTURE);
    assert_int_equal(fake_tss(0, D3DTSS_COLORARG2), D3DTA_DIFFUSE);
    dx7z.caps.alpha_modulate_op = FALSE;
    dx7z_setstate(0x29, 8);
    assert_int_equal(fake_tss(0, D3DTSS_ALPHAOP), D3DTOP_SELECTARG1);

    tex1.stage = 1;
    dx7z_setstate(0x10001, (DWORD_PTR)&tex1);
    dx7z_setstate(0x10029, 0);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_SELECTARG1);
    assert_int_equal(fake_tss(1, D3DTSS_COLORARG1), D3DTA_TEXTURE);
    dx7z_setstate(0x10029, 8);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_BLENDTEXTUREALPHA);
    dx7z_setstate(0x10029, 1);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_ADD);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAOP), D3DTOP_ADD);
    dx7z_setstate(0x10029, 4);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_SUBTRACT);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAOP), D3DTOP_SELECTARG1);
    dx7z_setstate(0x10029, 5);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_SELECTARG2);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAOP), D3DTOP_ADDSIGNED);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAARG1), D3DTA_TEXTURE | D3DTA_COMPLEMENT);
    dx7z_setstate(0x10029, 6);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_MODULATE2X);
    dx7z_setstate(0x10029, 7);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_MODULATE4X);
    dx7z_setstate(0x10029, 0x61);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_ADDSIGNED);
    dx7z_setstate(0x10029, 0x62);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_ADD);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAOP), D3DTOP_BLENDFACTORALPHA);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAARG2), D3DTA_TFACTOR);
    dx7z_setstate(0x10029, 0x63);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_BLENDFACTORALPHA);
    assert_int_equal(fake_tss(1, D3DTSS_ALPHAOP), D3DTOP_SELECTARG1);
    dx7z_setstate(0x10029, 2);
    assert_int_equal(fake_tss(1, D3DTSS_COLOROP), D3DTOP_DISABLE);
    assert_int_equal(dx7z_getstate(0x10029), 2);
    assert_int_equal(dx7z_getstate(0x29), 8);

    /* One stage only: mode 0 disables the later stage. */
    dx7z.caps.stages = 1;
    assert_int_equal(dx7z_setstate(0x10029, 0), 1);
}

/* Swapping one texture for another leaves the stage operations (they
 * depend on whether a stage has a texture): nothing is sent again, unless
 * the device is new (stage_ops_valid cleared, as setvideomode does). */
static void test_texture_swap(void **ctx)
{
    static struct dx7z_texture a, b;
    unsigned int tss;

    dx7z_setstate(0x01, (DWORD_PTR)&a);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_MODULATE);
    tss = fake_count(FAKE_TSS);
    dx7z_setstate(0x01, (DWORD_PTR)&b);
    assert_int_equal(fake_count(FAKE_TSS), tss);
    assert_int_equal(fake_count(FAKE_TEXTURE), 2);

    memset(dx7z.stage_ops_valid, 0, sizeof(dx7z.stage_ops_valid));
    dx7z_setstate(0x01, (DWORD_PTR)&a);
    assert_true(fake_count(FAKE_TSS) > tss);
    assert_int_equal(fake_last(FAKE_TSS)->a, dx7z.caps.stages - 1);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_MODULATE);

    dx7z_setstate(0x01, 0);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_DISABLE);
    dx7z_setstate(0x01, (DWORD_PTR)&b);
    assert_int_equal(fake_tss(0, D3DTSS_COLOROP), D3DTOP_MODULATE);
}

static DWORD cb_state[8];
static DWORD_PTR cb_value[8];
static unsigned int cb_count;

static void THRASHAPI callback(DWORD state, DWORD_PTR value)
{
    if (cb_count < 8)
    {
        cb_state[cb_count] = state;
        cb_value[cb_count] = value;
    }
    ++cb_count;
}

static void test_callback(void **ctx)
{
    cb_count = 0;
    assert_int_equal(dx7z_setstate(0x27, (DWORD_PTR)callback), 1);
    dx7z_setstate(0x05, 1);
    dx7z_setstate(0x0a, 1);     /* refused: not passed on */
    dx7z_setstate(0x1000d, 1);
    assert_int_equal(cb_count, 2);
    assert_int_equal(cb_state[0], 0x05);
    assert_int_equal(cb_value[0], 1);
    assert_int_equal(cb_state[1], 0x1000d);
}

static void test_defaults(void **ctx)
{
    dx7z_default_states();
    assert_int_equal(dx7z_getstate(0x01), 0);
    assert_int_equal(dx7z_getstate(0x02), 1);
    assert_int_equal(dx7z_getstate(0x07), 1);
    assert_int_equal(dx7z_getstate(0x06), 1);
    assert_int_equal(dx7z_getstate(0x0a), 2);
    assert_int_equal(dx7z_getstate(0x24), 16);
    assert_int_equal(dx7z_getstate(0x0b), 1);
    assert_int_equal(dx7z_getstate(0x03), 0);
    assert_int_equal(dx7z_getstate(0x05), 1);
    assert_int_equal(dx7z_getstate(0x15), 0);
    assert_int_equal(dx7z_getstate(0x0e), 0);
    assert_int_equal(dx7z_getstate(0x0f), 0xffffffff);
    assert_int_equal(dx7z_getstate(0x38), 0);
    assert_int_equal(dx7z_getstate(0x0d), 0);
    assert_int_equal(dx7z_getstate(0x2e), dx7z_float_to_dword(1.0f));
    assert_int_equal(dx7z_getstate(0x18), 0);
    assert_int_equal(dx7z_getstate(0x2a), 0);
    assert_int_equal(dx7z_getstate(0x29), 0);
    assert_int_equal(dx7z_getstate(0x10029), 0);
    assert_int_equal(dx7z_getstate(0x2f), 0);
    assert_int_equal(dx7z_getstate(0x43), dx7z_float_to_dword(1.0f));
    assert_int_equal(dx7z_getstate(0x3c), 1);
    assert_int_equal(dx7z_getstate(0x04), 1);
    assert_int_equal(dx7z_getstate(0x28), 3);
    assert_int_equal(fake_rs(D3DRENDERSTATE_CULLMODE), D3DCULL_CCW);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZFUNC), D3DCMP_LESSEQUAL);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ALPHAREF), 16);
    assert_int_equal(fake_rs(D3DRENDERSTATE_FOGENABLE), FALSE);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ALPHABLENDENABLE), TRUE);
    assert_int_equal(fake_rs(D3DRENDERSTATE_LIGHTING), FALSE);
    assert_true(dx7z.clear_z == 1.0f);
    /* W first when it was asked for and the card has it. */
    fake_reset();
    dx7z.caps.wbuffer = TRUE;
    dx7z_setstate(0x04, 2);
    dx7z_default_states();
    assert_int_equal(dx7z_getstate(0x04), 2);
    assert_int_equal(fake_rs(D3DRENDERSTATE_ZENABLE), D3DZB_USEW);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup(test_decode, setup),
        cmocka_unit_test_setup(test_slots, setup),
        cmocka_unit_test_setup(test_refusals, setup),
        cmocka_unit_test_setup(test_mapping, setup),
        cmocka_unit_test_setup(test_blend_modes, setup),
        cmocka_unit_test_setup(test_texture_swap, setup),
        cmocka_unit_test_setup(test_callback, setup),
        cmocka_unit_test_setup(test_defaults, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

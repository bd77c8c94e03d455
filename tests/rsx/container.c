/*
 * CgBinaryProgram containers and the .shp permutation index (seed 002),
 * built by the tests' encoder: every header, parameter and descriptor
 * field read back; bad padding, bytes left over, truncation and offsets
 * past the end refused with a message.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rsx.h"
#include "encoder.h"

static uint8_t fragment_ucode[64];
static size_t fragment_ucode_size;

/* MOV R0, {0.25, 0.5, 0.75, 1}: one instruction and its constant. */
static void build_fragment_ucode(void)
{
    struct fpa a;
    struct rsx_fp_instruction *i;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_MOV, 0, "xyzw");
    fpa_const(i, 0, 0.25f, 0.5f, 0.75f, 1.0f, "xyzw");
    fragment_ucode_size = fpa_assemble(&a, fragment_ucode, sizeof(fragment_ucode));
}

static size_t build_fragment_program(uint8_t *out, size_t capacity)
{
    struct rsx_fragment_desc d;
    struct enc_param p[2];

    build_fragment_ucode();
    memset(&d, 0, sizeof(d));
    d.instruction_count = 1;
    d.attribute_input_mask = 0x4000;
    d.partial_tex_type = 0x5;
    d.texcoord_input_mask = 0x1;
    d.texcoord_2d_mask = 0x3;
    d.register_count = 2;
    d.pixel_kill = 0;
    memset(p, 0, sizeof(p));
    p[0].type = 1048;   /* float4 */
    p[0].resource = 2178;
    p[0].variability = RSX_CG_UNIFORM;
    p[0].resource_index = -1;
    p[0].name = "ColorConstant";
    p[0].semantic = "";
    p[0].direction = RSX_CG_IN;
    p[0].paramno = 3;
    p[0].referenced = 1;
    p[0].default_count = 4;
    p[0].defaults[0] = 1.0f; p[0].defaults[1] = 0.5f; p[0].defaults[2] = 0.25f; p[0].defaults[3] = 0.125f;
    p[0].embedded_count = 1;
    p[0].embedded[0] = 16;
    p[1].type = 1066;   /* sampler2D */
    p[1].resource = 2048;
    p[1].variability = RSX_CG_UNIFORM;
    p[1].resource_index = 0;
    p[1].name = "Color_Map";
    p[1].semantic = "TEXUNIT0";
    p[1].direction = RSX_CG_IN;
    p[1].paramno = 4;
    p[1].shared = 1;
    /* A semantic of the length that leaves padding to write. */
    for (;;)
    {
        static char semantic[32] = "C";
        size_t size = enc_program(out, capacity, RSX_CG_PROFILE_FRAGMENT, &d, p, 2, fragment_ucode, fragment_ucode_size);
        if (size % 64 || strlen(semantic) > 20)
            return size;
        strcat(semantic, "C");
        p[0].semantic = semantic;
    }
}

static size_t build_vertex_program(uint8_t *out, size_t capacity)
{
    struct rsx_vertex_desc d;
    uint8_t ucode[32];
    struct vpa a;
    struct rsx_vp_instruction *i;
    size_t size;

    vpa_init(&a);
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 0, "xyzw");
    vpa_attr(i, 0, 0, "xyzw");
    i = vpa_vec(&a, RSX_VP_VEC_MOV, RSX_VP_NO_TEMP, 7, "xyzw");
    vpa_attr(i, 0, 8, "xyzw");
    size = vpa_assemble(&a, ucode, sizeof(ucode));
    memset(&d, 0, sizeof(d));
    d.instruction_count = 2;
    d.register_count = 1;
    d.attribute_input_mask = 0x101;
    d.attribute_output_mask = 1u << 14;
    return enc_program(out, capacity, RSX_CG_PROFILE_VERTEX, &d, NULL, 0, ucode, size);
}

static void test_fragment_program_fields(void **state)
{
    uint8_t program[1024], file[2048];
    struct rsx_container c;
    struct rsx_error error;
    const struct rsx_program *p;
    const struct rsx_parameter *q;
    size_t size = build_fragment_program(program, sizeof(program)), total;

    assert_true(size > 0);
    total = enc_container_append(file, 0, sizeof(file), program, size);
    assert_int_equal(total % 64, 0);
    assert_int_equal(rsx_container_read(file, total, &c, &error), RSX_OK);
    assert_int_equal(c.count, 1);
    p = &c.programs[0];
    assert_int_equal(p->profile, RSX_CG_PROFILE_FRAGMENT);
    assert_int_equal(p->revision, 6);
    assert_int_equal(p->total_size, size);
    assert_int_equal(p->parameter_count, 2);
    assert_int_equal(p->ucode_size, fragment_ucode_size);
    assert_memory_equal(p->ucode, fragment_ucode, fragment_ucode_size);
    assert_int_equal(p->desc.fragment.instruction_count, 1);
    assert_int_equal(p->desc.fragment.attribute_input_mask, 0x4000);
    assert_int_equal(p->desc.fragment.partial_tex_type, 5);
    assert_int_equal(p->desc.fragment.texcoord_input_mask, 1);
    assert_int_equal(p->desc.fragment.texcoord_2d_mask, 3);
    assert_int_equal(p->desc.fragment.register_count, 2);
    assert_int_equal(p->desc.fragment.pixel_kill, 0);
    q = rsx_program_find_parameter(p, "ColorConstant");
    assert_non_null(q);
    assert_int_equal(q->type, 1048);
    assert_int_equal(q->variability, RSX_CG_UNIFORM);
    assert_int_equal(q->direction, RSX_CG_IN);
    assert_int_equal(q->resource_index, -1);
    assert_int_equal(q->paramno, 3);
    assert_int_equal(q->referenced, 1);
    assert_int_equal(q->default_count, 4);
    assert_true(q->default_value[1] == 0.5f && q->default_value[3] == 0.125f);
    assert_int_equal(q->embedded_count, 1);
    assert_int_equal(q->embedded_offsets[0], 16);
    q = rsx_program_find_parameter(p, "Color_Map");
    assert_non_null(q);
    assert_string_equal(q->semantic, "TEXUNIT0");
    assert_int_equal(q->shared, 1);
    assert_int_equal(q->embedded_count, 0);
    assert_null(rsx_program_find_parameter(p, "Normal_Map"));
    rsx_container_free(&c);
}

static void test_sequence(void **state)
{
    uint8_t a[1024], b[1024], file[4096];
    struct rsx_container c;
    struct rsx_error error;
    size_t sa = build_fragment_program(a, sizeof(a)), sb = build_vertex_program(b, sizeof(b)), total;

    total = enc_container_append(file, 0, sizeof(file), a, sa);
    total = enc_container_append(file, total, sizeof(file), b, sb);
    total = enc_container_append(file, total, sizeof(file), a, sa);
    assert_int_equal(rsx_container_read(file, total, &c, &error), RSX_OK);
    assert_int_equal(c.count, 3);
    assert_int_equal(c.programs[1].profile, RSX_CG_PROFILE_VERTEX);
    assert_int_equal(c.programs[1].file_offset, (sa + 63) & ~63u);
    assert_int_equal(c.programs[1].desc.vertex.instruction_count, 2);
    assert_int_equal(c.programs[1].desc.vertex.attribute_input_mask, 0x101);
    assert_int_equal(c.programs[1].desc.vertex.attribute_output_mask, 1u << 14);
    assert_int_equal(c.programs[1].parameter_count, 0);
    rsx_container_free(&c);
}

/* Reads a damaged file: refused with `result` and a message that names it. */
static void expect_refused(const uint8_t *file, size_t size, int result, const char *words)
{
    struct rsx_container c;
    struct rsx_error error;

    memset(&error, 0, sizeof(error));
    assert_int_equal(rsx_container_read(file, size, &c, &error), result);
    assert_non_null(strstr(error.message, words));
    assert_int_equal(c.count, 0);
    assert_null(c.programs);
}

static void test_refused(void **state)
{
    uint8_t program[1024], file[2048], bad[2048];
    size_t size = build_fragment_program(program, sizeof(program)), total;

    total = enc_container_append(file, 0, sizeof(file), program, size);
    assert_true(total > size);

    /* A nonzero padding byte. */
    memcpy(bad, file, total);
    bad[total - 1] = 1;
    expect_refused(bad, total, RSX_E_INVALID, "padding");
    /* Bytes left over after the last program (less than a header). */
    memcpy(bad, file, total);
    memset(bad + total, 0xab, 16);
    expect_refused(bad, total + 16, RSX_E_TRUNCATED, "header");
    /* Whole zero blocks left over are no program either. */
    memset(bad + total, 0, 64);
    expect_refused(bad, total + 64, RSX_E_INVALID, "profile");
    /* The padding cut off. */
    expect_refused(file, size + 1, RSX_E_TRUNCATED, "padding");
    /* Truncated inside the program. */
    expect_refused(file, size - 8, RSX_E_TRUNCATED, "totalSize");
    /* Revision 5. */
    memcpy(bad, file, total);
    bad[7] = 5;
    expect_refused(bad, total, RSX_E_UNSUPPORTED, "revision");
    /* The parameter table past the end. */
    memcpy(bad, file, total);
    bad[15] = 200;
    expect_refused(bad, total, RSX_E_INVALID, "parameters");
    /* The microcode past the end. */
    memcpy(bad, file, total);
    bad[27] = 0xff;
    bad[26] = 0x0f;
    expect_refused(bad, total, RSX_E_INVALID, "microcode");
    /* A name offset past the end (parameter 0's name at byte 56 + 16). */
    memcpy(bad, file, total);
    bad[56 + 16] = 0x7f;
    expect_refused(bad, total, RSX_E_INVALID, "name");
    /* An embedded-constant count running past the end (param 0 at 56 + 24). */
    {
        uint32_t at;
        memcpy(bad, file, total);
        at = (uint32_t)bad[56 + 24] << 24 | bad[56 + 25] << 16 | bad[56 + 26] << 8 | bad[56 + 27];
        bad[at] = 0x10;
        expect_refused(bad, total, RSX_E_TRUNCATED, "embedded");
    }
    /* Empty. */
    expect_refused(file, 0, RSX_E_TRUNCATED, "empty");
}

/* ---------------------------------------------------------------------- */

static size_t build_shp(uint8_t *out, size_t capacity)
{
    static const uint32_t keys[4] = {0x11, 0x22, 0x11, 0x33};
    static const unsigned int of[4] = {0, 1, 2, 1};
    struct enc_shp_record r[3];

    memset(r, 0, sizeof(r));
    r[0].magic = RSX_SHP_MAGIC_VERTEX;
    r[0].variant_count = 1;
    r[0].descriptor_count = 1;
    r[0].size = 44 + 20;
    r[0].descriptors[0].hash = 0xc0105ea1;
    r[0].descriptors[0].encoding = 2;
    r[0].descriptors[0].offsets[0] = 467;
    r[1].magic = RSX_SHP_MAGIC_FRAGMENT;
    r[1].variant_count = 2;
    r[1].descriptor_count = 2;
    r[1].size = 44 + 40;
    r[1].descriptors[1].hash = 0xdeadbeef;
    r[1].descriptors[1].offsets[2] = 7;
    r[2].magic = RSX_SHP_MAGIC_FRAGMENT;
    r[2].size = 44;
    return enc_shp(out, capacity, keys, of, 4, r, 3);
}

static void test_shp(void **state)
{
    uint8_t file[1024];
    struct rsx_shp shp;
    struct rsx_error error;
    const struct rsx_shp_entry *e;
    size_t size = build_shp(file, sizeof(file));

    assert_true(size > 0);
    /* The table length is found where the first record starts. */
    assert_int_equal(rsx_shp_read(file, size, 0, &shp, &error), RSX_OK);
    assert_int_equal(shp.entry_count, 4);
    assert_int_equal(shp.record_count, 3);
    assert_int_equal(shp.table_size, 64);
    e = rsx_shp_find(&shp, 0x11);
    assert_ptr_equal(e, &shp.entries[0]);     /* the first of two equal keys */
    assert_int_equal(e->metadata_offset, 0);
    assert_int_equal(e->metadata_size, 64);
    assert_int_equal(e->programs_size, 128);
    assert_int_equal(shp.records[e->record].magic, RSX_SHP_MAGIC_VERTEX);
    assert_int_equal(shp.records[e->record].variant_count, 1);
    assert_int_equal(shp.records[e->record].descriptor_count, 1);
    assert_int_equal(shp.records[e->record].descriptors[0].hash, 0xc0105ea1);
    assert_int_equal(shp.records[e->record].descriptors[0].offsets[0], 467);
    e = rsx_shp_find(&shp, 0x33);
    assert_non_null(e);
    assert_int_equal(shp.records[e->record].magic, RSX_SHP_MAGIC_FRAGMENT);
    assert_int_equal(shp.records[e->record].variant_count, 2);
    assert_int_equal(shp.records[e->record].descriptors[1].hash, 0xdeadbeef);
    assert_int_equal(shp.records[e->record].descriptors[1].offsets[2], 7);
    assert_int_equal(e->metadata_offset, 64);
    assert_null(rsx_shp_find(&shp, 0x44));
    rsx_shp_free(&shp);
    /* With the table length given. */
    assert_int_equal(rsx_shp_read(file, size, 4, &shp, &error), RSX_OK);
    rsx_shp_free(&shp);
}

static void expect_shp_refused(const uint8_t *file, size_t size, unsigned int entries, int result, const char *words)
{
    struct rsx_shp shp;
    struct rsx_error error;

    memset(&error, 0, sizeof(error));
    assert_int_equal(rsx_shp_read(file, size, entries, &shp, &error), result);
    assert_non_null(strstr(error.message, words));
    assert_null(shp.entries);
}

static void test_shp_refused(void **state)
{
    uint8_t file[1024], bad[1024];
    size_t size = build_shp(file, sizeof(file));

    /* An offset past the end of the tail. */
    memcpy(bad, file, size);
    bad[16 + 6] = 0x10;
    expect_shp_refused(bad, size, 4, RSX_E_INVALID, "past");
    /* A record that does not start with a magic. */
    memcpy(bad, file, size);
    bad[64 + 64] ^= 0xff;
    expect_shp_refused(bad, size, 4, RSX_E_INVALID, "magic");
    /* Nonzero alignment padding between records (record 0 ends at 64+64, record 1 at 128+84). */
    memcpy(bad, file, size);
    bad[64 + 64 + 84 + 2] = 1;
    expect_shp_refused(bad, size, 4, RSX_E_INVALID, "alignment");
    /* Truncated: the last record cut. */
    expect_shp_refused(file, size - 8, 4, RSX_E_TRUNCATED, "runs past");
    /* A tail with bytes no record covers. */
    memcpy(bad, file, size);
    memset(bad + size, 0, 32);
    expect_shp_refused(bad, size + 32, 4, RSX_E_INVALID, "no record");
    /* More descriptors than the record holds. */
    memcpy(bad, file, size);
    bad[64 + 23] = 9;
    expect_shp_refused(bad, size, 4, RSX_E_INVALID, "descriptors");
    /* A table longer than the data. */
    expect_shp_refused(file, size, 200, RSX_E_TRUNCATED, "entries");
    /* No record at all. */
    memset(bad, 0x11, 64);
    expect_shp_refused(bad, 64, 0, RSX_E_INVALID, "no metadata record");
    /* Programs size not a sum of 64-byte programs. */
    memcpy(bad, file, size);
    bad[15] = 100;
    expect_shp_refused(bad, size, 4, RSX_E_INVALID, "64-byte");
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_fragment_program_fields),
        cmocka_unit_test(test_sequence),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_shp),
        cmocka_unit_test(test_shp_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

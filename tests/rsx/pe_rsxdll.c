/*
 * rsx.dll from a PE program (loaded by name, as a port would): the exports
 * resolve, a container assembled by the tests' encoder reads back, its
 * fragment program decodes, disassembles and translates, and damaged input
 * is refused with a message.
 */
#include <windows.h>
#include <string.h>

#include "test.h"
#include "rsx.h"
#include "encoder.h"

static HMODULE rsx_dll;
static int (*p_rsx_container_read)(const void *, size_t, struct rsx_container *, struct rsx_error *);
static void (*p_rsx_container_free)(struct rsx_container *);
static const struct rsx_parameter *(*p_rsx_program_find_parameter)(const struct rsx_program *, const char *);
static int (*p_rsx_fp_decode)(const uint8_t *, size_t, struct rsx_fp_program *, struct rsx_error *);
static void (*p_rsx_fp_program_free)(struct rsx_fp_program *);
static char *(*p_rsx_fp_disassemble)(const struct rsx_fp_program *);
static int (*p_rsx_fp_translate)(const struct rsx_fp_program *, const struct rsx_fragment_desc *, struct rsx_glsl *,
        struct rsx_error *);
static void (*p_rsx_glsl_free)(struct rsx_glsl *);
static const char *(*p_rsx_fp_opcode_name)(unsigned int);

static int load(void)
{
#define GET(f) if (!(p_##f = (void *)GetProcAddress(rsx_dll, #f))) { ok(0, "%s not exported.\n", #f); return 0; }
    if (!(rsx_dll = LoadLibraryA("rsx.dll"))) return 0;
    GET(rsx_container_read) GET(rsx_container_free) GET(rsx_program_find_parameter) GET(rsx_fp_decode)
    GET(rsx_fp_program_free) GET(rsx_fp_disassemble) GET(rsx_fp_translate) GET(rsx_glsl_free)
    GET(rsx_fp_opcode_name)
#undef GET
    return 1;
}

static void test_container(void)
{
    static uint8_t ucode[256], program[1024], file[2048];
    struct rsx_fragment_desc desc;
    struct rsx_fp_instruction *i;
    struct enc_param param;
    struct rsx_container c;
    struct rsx_fp_program fp;
    struct rsx_error error;
    struct rsx_glsl glsl;
    struct fpa a;
    size_t size, program_size, total;
    char *text;

    fpa_init(&a);
    i = fpa_op(&a, RSX_FP_TEX, 1, "xyzw");
    i->tex_unit = 0;
    fpa_input(i, 0, RSX_FP_IN_TEX0, "xyzw");
    i = fpa_op(&a, RSX_FP_MUL, 0, "xyzw");
    fpa_temp(i, 0, 1, "xyzw");
    fpa_const(i, 1, 0.5f, 0.5f, 0.5f, 1.0f, "xyzw");
    size = fpa_assemble(&a, ucode, sizeof(ucode));
    memset(&desc, 0, sizeof(desc));
    desc.instruction_count = 2;
    memset(&param, 0, sizeof(param));
    param.type = 1048;
    param.variability = RSX_CG_UNIFORM;
    param.name = "GlobalBrightness";
    param.direction = RSX_CG_IN;
    param.embedded_count = 1;
    param.embedded[0] = a.ins[1].constant_offset;
    /* A semantic of the length that leaves padding after the program. */
    {
        static char semantic[32];
        do
        {
            strcat(semantic, "C");
            param.semantic = semantic;
            program_size = enc_program(program, sizeof(program), RSX_CG_PROFILE_FRAGMENT, &desc, &param, 1,
                    ucode, size);
        } while (!(program_size % 64) && strlen(semantic) < 20);
    }
    total = enc_container_append(file, 0, sizeof(file), program, program_size);

    ok(!strcmp(p_rsx_fp_opcode_name(0x39), "NRM"), "opcode 0x39 is %s.\n", p_rsx_fp_opcode_name(0x39));
    ok(p_rsx_container_read(file, total, &c, &error) == RSX_OK, "container refused: %s\n", error.message);
    if (c.count != 1)
    {
        ok(0, "%u programs.\n", c.count);
        return;
    }
    ok(p_rsx_program_find_parameter(&c.programs[0], "GlobalBrightness") != NULL, "no GlobalBrightness.\n");
    ok(p_rsx_fp_decode(c.programs[0].ucode, c.programs[0].ucode_size, &fp, &error) == RSX_OK,
            "decode: %s\n", error.message);
    ok(fp.count == 2 && fp.constant_count == 1, "%u instructions, %u constants.\n", fp.count, fp.constant_count);
    text = p_rsx_fp_disassemble(&fp);
    ok(text && strstr(text, "TEXR R1, f[TEX0], TEX0"), "disassembly:\n%s\n", text ? text : "(null)");
    free(text);
    ok(p_rsx_fp_translate(&fp, &c.programs[0].desc.fragment, &glsl, &error) == RSX_OK, "translate: %s\n",
            error.message);
    ok(glsl.body && strstr(glsl.body, "texture(s_tex0") != NULL, "GLSL without the sample.\n");
    ok(glsl.sampler_mask == 1 && glsl.constant_count == 1, "samplers %#x, constants %u.\n", glsl.sampler_mask,
            glsl.constant_count);
    p_rsx_glsl_free(&glsl);
    p_rsx_fp_program_free(&fp);
    p_rsx_container_free(&c);

    /* Nonzero padding and a cut program: refused, with the reason. */
    ok(total > program_size, "no padding after %lu bytes.\n", (unsigned long)program_size);
    file[total - 1] = 1;
    ok(p_rsx_container_read(file, total, &c, &error) == RSX_E_INVALID && strstr(error.message, "padding"),
            "bad padding: %s\n", error.message);
    ok(p_rsx_container_read(file, program_size - 1, &c, &error) == RSX_E_TRUNCATED, "cut: %s\n", error.message);
}

START_TEST(rsxdll)
{
    if (!load())
    {
        ok(0, "rsx.dll could not be loaded (error %lu).\n", GetLastError());
        return;
    }
    test_container();
    FreeLibrary(rsx_dll);
}

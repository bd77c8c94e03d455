/*
 * rsxdis: disassembles PlayStation 3 RSX shader programs.
 *
 *   rsxdis FILE [--glsl]
 *
 * FILE is a .vsp / .psp entry (CgBinaryProgram revision-6 programs, each
 * padded to 64 bytes), or with --fp / --vp bare fragment / vertex
 * microcode.  Each program's header, parameters and every operand of every
 * instruction are printed; --glsl adds the GLSL the RSX front end emits.
 * A file that is not well formed is refused with the reason, exit status 1.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx.h"

static void usage(FILE *f)
{
    fprintf(f, "Usage: rsxdis FILE [--glsl] [--fp | --vp]\n"
            "Prints the programs of a .vsp / .psp container (CgBinaryProgram revision 6):\n"
            "header, parameters, disassembly of every instruction with all its operands.\n"
            "  --glsl  also print the GLSL each program translates to\n"
            "  --fp    FILE is bare fragment microcode, not a container\n"
            "  --vp    FILE is bare vertex microcode (16-byte slots)\n"
            "  --help  this text\n");
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    size_t capacity = 0, n;

    *size = 0;
    if (!f)
        return NULL;
    for (;;)
    {
        if (*size == capacity)
        {
            unsigned char *grown = realloc(data, capacity = capacity ? capacity * 2 : 65536);
            if (!grown) { free(data); fclose(f); return NULL; }
            data = grown;
        }
        if (!(n = fread(data + *size, 1, capacity - *size, f)))
            break;
        *size += n;
    }
    fclose(f);
    return data ? data : malloc(1);
}

static int print_fragment(const uint8_t *ucode, size_t size, const struct rsx_fragment_desc *desc, int glsl)
{
    struct rsx_fp_program fp;
    struct rsx_error error;
    struct rsx_glsl out;
    char *text;

    if (rsx_fp_decode(ucode, size, &fp, &error) < 0)
    {
        printf("# fragment microcode refused: %s\n", error.message);
        return 1;
    }
    if ((text = rsx_fp_disassemble(&fp)))
        fputs(text, stdout);
    free(text);
    if (glsl)
    {
        if (rsx_fp_translate(&fp, desc, &out, &error) < 0)
            printf("# no GLSL: %s\n", error.message);
        else
        {
            printf("# GLSL (fragment; interpolants %#x, noperspective %#x, samplers %#x, %u constants)\n%s",
                    out.varying_mask, out.noperspective_mask, out.sampler_mask, out.constant_count, out.body);
            rsx_glsl_free(&out);
        }
    }
    rsx_fp_program_free(&fp);
    return 0;
}

static int print_vertex(const uint8_t *ucode, size_t size, int glsl)
{
    struct rsx_vp_program vp;
    struct rsx_error error;
    struct rsx_glsl out;
    char *text;

    if (rsx_vp_decode(ucode, size, &vp, &error) < 0)
    {
        printf("# vertex microcode refused: %s\n", error.message);
        return 1;
    }
    if ((text = rsx_vp_disassemble(&vp)))
        fputs(text, stdout);
    free(text);
    if (glsl)
    {
        if (rsx_vp_translate(&vp, &out, &error) < 0)
            printf("# no GLSL: %s\n", error.message);
        else
        {
            printf("# GLSL (vertex; attributes %#x, interpolants %#x)\n%s", out.attribute_mask, out.varying_mask,
                    out.body);
            rsx_glsl_free(&out);
        }
    }
    rsx_vp_program_free(&vp);
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int glsl = 0, bare = 0, status = 0, i;
    struct rsx_container container;
    struct rsx_error error;
    unsigned char *data;
    unsigned int n;
    size_t size;

    for (i = 1; i < argc; ++i)
    {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return 0; }
        else if (!strcmp(argv[i], "--glsl")) glsl = 1;
        else if (!strcmp(argv[i], "--fp")) bare = 1;
        else if (!strcmp(argv[i], "--vp")) bare = 2;
        else if (argv[i][0] == '-' && argv[i][1]) { fprintf(stderr, "rsxdis: unknown option %s\n", argv[i]); usage(stderr); return 2; }
        else if (!path) path = argv[i];
        else { usage(stderr); return 2; }
    }
    if (!path)
    {
        usage(stderr);
        return 2;
    }
    if (!(data = read_file(path, &size)))
    {
        fprintf(stderr, "rsxdis: cannot read %s\n", path);
        return 1;
    }
    if (bare == 1)
        status = print_fragment(data, size, NULL, glsl);
    else if (bare == 2)
        status = print_vertex(data, size, glsl);
    else if (rsx_container_read(data, size, &container, &error) < 0)
    {
        fprintf(stderr, "rsxdis: %s: %s\n", path, error.message);
        status = 1;
    }
    else
    {
        printf("# %s: %u program%s\n", path, container.count, container.count == 1 ? "" : "s");
        for (n = 0; n < container.count; ++n)
        {
            const struct rsx_program *p = &container.programs[n];
            char *text = rsx_program_describe(p);
            if (text)
                fputs(text, stdout);
            free(text);
            if (p->profile == RSX_CG_PROFILE_FRAGMENT)
                status |= print_fragment(p->ucode, p->ucode_size, &p->desc.fragment, glsl);
            else if ((uint64_t)p->desc.vertex.instruction_count * 16 > p->ucode_size)
            {
                printf("# vertex descriptor: %u instructions need more than %u bytes\n",
                        p->desc.vertex.instruction_count, p->ucode_size);
                status = 1;
            }
            else
                status |= print_vertex(p->ucode, p->desc.vertex.instruction_count * 16, glsl);
        }
        rsx_container_free(&container);
    }
    free(data);
    return status;
}

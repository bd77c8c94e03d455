/*
 * CgBinaryProgram containers (seed 002, "Containers"): a .vsp / .psp entry is
 * a sequence of revision-6 programs, each padded with zeros to a multiple of
 * 64 bytes.  All fields are big-endian.
 *
 *   header (32 bytes): profile, revision, totalSize, parameterCount,
 *     parameterArray, program (descriptor offset), ucodeSize, ucode
 *   parameter (48 bytes): type, res, var, resIndex, name, defaultValue,
 *     embeddedConst, semantic, direction, paramno, isReferenced, isShared
 *   vertex descriptor (24): instructionCount, instructionSlot,
 *     registerCount, attributeInputMask, attributeOutputMask, userClipMask
 *   fragment descriptor (24): instructionCount, attributeInputMask,
 *     partialTexType, texCoordsInputMask (16), texCoords2D (16),
 *     texCoordsCentroid (16), registerCount, outputFromH0, depthReplace,
 *     pixelKill (8 each), two bytes of padding
 *
 * Every offset is from the program's first byte and must stay inside
 * totalSize; strings must end inside it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

int rsx_fail(struct rsx_error *error, int result, const char *format, ...)
{
    va_list args;

    if (error)
    {
        va_start(args, format);
        vsnprintf(error->message, sizeof(error->message), format, args);
        va_end(args);
    }
    return result;
}

const char *rsx_result_name(int result)
{
    switch (result)
    {
    case RSX_OK: return "ok";
    case RSX_E_TRUNCATED: return "truncated";
    case RSX_E_INVALID: return "invalid";
    case RSX_E_UNSUPPORTED: return "unsupported";
    case RSX_E_NOMEMORY: return "out of memory";
    case RSX_E_ARGUMENT: return "bad argument";
    }
    return "unknown";
}

/* A NUL-terminated string at offset inside [0, size); "" for offset 0. */
static int read_string(const uint8_t *p, uint32_t size, uint32_t offset, const char **out,
        struct rsx_error *error, const char *what, unsigned int index)
{
    if (!offset)
    {
        *out = "";
        return RSX_OK;
    }
    if (offset >= size)
        return rsx_fail(error, RSX_E_INVALID, "parameter %u: %s offset %#x past the program's %u bytes",
                index, what, offset, size);
    if (!memchr(p + offset, 0, size - offset))
        return rsx_fail(error, RSX_E_TRUNCATED, "parameter %u: %s at %#x has no end inside the program",
                index, what, offset);
    *out = (const char *)p + offset;
    return RSX_OK;
}

/* Floats a default value of this Cg type holds (CG_FLOAT.. CG_FLOAT4x4 and
 * the half and fixed forms have the same layout); 4 for others. */
static unsigned int type_floats(uint32_t type)
{
    /* Cg numbers the float types 1045 (float) to 1064 (float4x4), rows
     * then columns: float, float2, 3, 4, then float1x1 .. float4x4. */
    if (type >= 1045 && type <= 1048) return type - 1044;
    if (type >= 1049 && type <= 1064)
    {
        unsigned int n = type - 1049;
        return (n / 4 + 1) * (n % 4 + 1);
    }
    return 4;
}

static int read_parameter(struct rsx_program *program, unsigned int index, struct rsx_error *error)
{
    const uint8_t *base = program->data, *p = base + program->parameter_offset + index * RSX_CG_PARAMETER_SIZE;
    struct rsx_parameter *param = &program->parameters[index];
    uint32_t size = program->total_size, name, def, embedded, semantic;
    unsigned int i;
    int hr;

    param->type = rsx_be32(p);
    param->resource = rsx_be32(p + 4);
    param->variability = rsx_be32(p + 8);
    param->resource_index = (int32_t)rsx_be32(p + 12);
    name = rsx_be32(p + 16);
    def = rsx_be32(p + 20);
    embedded = rsx_be32(p + 24);
    semantic = rsx_be32(p + 28);
    param->direction = rsx_be32(p + 32);
    param->paramno = (int32_t)rsx_be32(p + 36);
    param->referenced = rsx_be32(p + 40);
    param->shared = rsx_be32(p + 44);
    if ((hr = read_string(base, size, name, &param->name, error, "name", index)) < 0)
        return hr;
    if ((hr = read_string(base, size, semantic, &param->semantic, error, "semantic", index)) < 0)
        return hr;
    if (def)
    {
        unsigned int n = type_floats(param->type);
        if ((uint64_t)def + 4 * n > size)
            return rsx_fail(error, RSX_E_INVALID, "parameter %u: default value at %#x (%u floats) past the end",
                    index, def, n);
        param->default_count = n;
        for (i = 0; i < n; ++i)
        {
            uint32_t bits = rsx_be32(base + def + 4 * i);
            memcpy(&param->default_value[i], &bits, 4);
        }
    }
    if (embedded)
    {
        uint32_t count;
        if ((uint64_t)embedded + 4 > size)
            return rsx_fail(error, RSX_E_INVALID, "parameter %u: embedded constants at %#x past the end", index, embedded);
        count = rsx_be32(base + embedded);
        if ((uint64_t)embedded + 4 + 4 * (uint64_t)count > size)
            return rsx_fail(error, RSX_E_TRUNCATED, "parameter %u: %u embedded constant offsets past the end",
                    index, count);
        if (count)
        {
            if (!(param->embedded_offsets = malloc(count * sizeof(uint32_t))))
                return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
            for (i = 0; i < count; ++i)
            {
                uint32_t o = rsx_be32(base + embedded + 4 + 4 * i);
                if ((uint64_t)o + 16 > program->ucode_size || (o & 15))
                    return rsx_fail(error, RSX_E_INVALID,
                            "parameter %u: embedded constant offset %#x is not a constant slot of the %u-byte microcode",
                            index, o, program->ucode_size);
                param->embedded_offsets[i] = o;
            }
            param->embedded_count = count;
        }
    }
    return RSX_OK;
}

static void read_descriptor(struct rsx_program *program)
{
    const uint8_t *d = program->data + program->descriptor_offset;

    if (program->profile == RSX_CG_PROFILE_VERTEX)
    {
        struct rsx_vertex_desc *v = &program->desc.vertex;
        v->instruction_count = rsx_be32(d);
        v->instruction_slot = rsx_be32(d + 4);
        v->register_count = rsx_be32(d + 8);
        v->attribute_input_mask = rsx_be32(d + 12);
        v->attribute_output_mask = rsx_be32(d + 16);
        v->user_clip_mask = rsx_be32(d + 20);
    }
    else
    {
        struct rsx_fragment_desc *f = &program->desc.fragment;
        f->instruction_count = rsx_be32(d);
        f->attribute_input_mask = rsx_be32(d + 4);
        f->partial_tex_type = rsx_be32(d + 8);
        f->texcoord_input_mask = rsx_be16(d + 12);
        f->texcoord_2d_mask = rsx_be16(d + 14);
        f->texcoord_centroid_mask = rsx_be16(d + 16);
        f->register_count = d[18];
        f->output_from_h0 = d[19];
        f->depth_replace = d[20];
        f->pixel_kill = d[21];
        f->padding[0] = d[22];
        f->padding[1] = d[23];
    }
}

/* [offset, offset + length) inside size. */
static int in_range(uint32_t offset, uint64_t length, uint32_t size)
{
    return (uint64_t)offset + length <= size;
}

int rsx_program_read(const void *data, size_t size, struct rsx_program *program, struct rsx_error *error)
{
    const uint8_t *p = data;
    unsigned int i;
    int hr;

    if (!program || (!data && size))
        return rsx_fail(error, RSX_E_ARGUMENT, "no program or data");
    memset(program, 0, sizeof(*program));
    if (size < RSX_CG_HEADER_SIZE)
        return rsx_fail(error, RSX_E_TRUNCATED, "%lu bytes: shorter than the 32-byte CgBinaryProgram header", (unsigned long)size);
    program->profile = rsx_be32(p);
    program->revision = rsx_be32(p + 4);
    program->total_size = rsx_be32(p + 8);
    program->parameter_count = rsx_be32(p + 12);
    program->parameter_offset = rsx_be32(p + 16);
    program->descriptor_offset = rsx_be32(p + 20);
    program->ucode_size = rsx_be32(p + 24);
    program->ucode_offset = rsx_be32(p + 28);
    program->data = p;

    if (program->profile != RSX_CG_PROFILE_VERTEX && program->profile != RSX_CG_PROFILE_FRAGMENT)
        return rsx_fail(error, RSX_E_INVALID, "profile %u is neither sce_vp_rsx (7003) nor sce_fp_rsx (7004)",
                program->profile);
    if (program->revision != RSX_CG_REVISION)
        return rsx_fail(error, RSX_E_UNSUPPORTED, "binary format revision %u, not 6", program->revision);
    if (program->total_size < RSX_CG_HEADER_SIZE)
        return rsx_fail(error, RSX_E_INVALID, "totalSize %u is smaller than the header", program->total_size);
    if (program->total_size > size)
        return rsx_fail(error, RSX_E_TRUNCATED, "totalSize %u but only %lu bytes", program->total_size, (unsigned long)size);
    if (!in_range(program->parameter_offset, (uint64_t)program->parameter_count * RSX_CG_PARAMETER_SIZE,
            program->total_size))
        return rsx_fail(error, RSX_E_INVALID, "%u parameters at %#x run past totalSize %u",
                program->parameter_count, program->parameter_offset, program->total_size);
    if (!in_range(program->descriptor_offset, RSX_CG_VERTEX_DESC_SIZE, program->total_size))
        return rsx_fail(error, RSX_E_INVALID, "descriptor at %#x runs past totalSize %u",
                program->descriptor_offset, program->total_size);
    if (!in_range(program->ucode_offset, program->ucode_size, program->total_size))
        return rsx_fail(error, RSX_E_INVALID, "%u bytes of microcode at %#x run past totalSize %u",
                program->ucode_size, program->ucode_offset, program->total_size);
    program->ucode = p + program->ucode_offset;
    read_descriptor(program);

    if (program->parameter_count)
    {
        if (!(program->parameters = calloc(program->parameter_count, sizeof(*program->parameters))))
            return rsx_fail(error, RSX_E_NOMEMORY, "out of memory for %u parameters", program->parameter_count);
        for (i = 0; i < program->parameter_count; ++i)
            if ((hr = read_parameter(program, i, error)) < 0)
            {
                rsx_program_free(program);
                return hr;
            }
    }
    return RSX_OK;
}

void rsx_program_free(struct rsx_program *program)
{
    unsigned int i;

    if (!program || !program->parameters)
        return;
    for (i = 0; i < program->parameter_count; ++i)
        free(program->parameters[i].embedded_offsets);
    free(program->parameters);
    program->parameters = NULL;
}

const struct rsx_parameter *rsx_program_find_parameter(const struct rsx_program *program, const char *name)
{
    unsigned int i;

    if (!program || !name || !program->parameters)
        return NULL;
    for (i = 0; i < program->parameter_count; ++i)
        if (!strcmp(program->parameters[i].name, name))
            return &program->parameters[i];
    return NULL;
}

int rsx_container_read(const void *data, size_t size, struct rsx_container *container, struct rsx_error *error)
{
    const uint8_t *p = data;
    size_t offset = 0, capacity = 0;
    int hr;

    if (!container || (!data && size))
        return rsx_fail(error, RSX_E_ARGUMENT, "no container or data");
    memset(container, 0, sizeof(*container));
    if (!size)
        return rsx_fail(error, RSX_E_TRUNCATED, "an empty entry holds no program");
    while (offset < size)
    {
        struct rsx_program *program;
        size_t padded, i;

        if (container->count == capacity)
        {
            size_t n = capacity ? capacity * 2 : 8;
            struct rsx_program *grown = realloc(container->programs, n * sizeof(*grown));
            if (!grown)
            {
                hr = rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
                rsx_container_free(container);
                return hr;
            }
            container->programs = grown;
            capacity = n;
        }
        program = &container->programs[container->count];
        if ((hr = rsx_program_read(p + offset, size - offset, program, error)) < 0)
        {
            if (error)
            {
                /* Name the program: "program N at OFFSET: " before the reason. */
                char prefix[64];
                size_t pl, ml = strlen(error->message);
                snprintf(prefix, sizeof(prefix), "program %u at %#lx: ", container->count, (unsigned long)offset);
                pl = strlen(prefix);
                if (pl + ml >= sizeof(error->message))
                    ml = sizeof(error->message) - pl - 1;
                memmove(error->message + pl, error->message, ml);
                memcpy(error->message, prefix, pl);
                error->message[pl + ml] = 0;
            }
            rsx_container_free(container);
            return hr;
        }
        program->file_offset = offset;
        ++container->count;
        padded = (program->total_size + RSX_CG_ALIGNMENT - 1) & ~(size_t)(RSX_CG_ALIGNMENT - 1);
        if (offset + padded > size)
        {
            hr = rsx_fail(error, RSX_E_TRUNCATED, "program %u at %#lx: its padding to 64 bytes runs past the %lu-byte entry",
                    container->count - 1, (unsigned long)offset, (unsigned long)size);
            rsx_container_free(container);
            return hr;
        }
        for (i = offset + program->total_size; i < offset + padded; ++i)
            if (p[i])
            {
                hr = rsx_fail(error, RSX_E_INVALID, "program %u: nonzero padding byte %#x at %#lx",
                        container->count - 1, p[i], (unsigned long)i);
                rsx_container_free(container);
                return hr;
            }
        offset += padded;
    }
    return RSX_OK;
}

void rsx_container_free(struct rsx_container *container)
{
    unsigned int i;

    if (!container)
        return;
    for (i = 0; i < container->count; ++i)
        rsx_program_free(&container->programs[i]);
    free(container->programs);
    container->programs = NULL;
    container->count = 0;
}

/*
 * RSX pipelines on wined3d-lite: a vertex and a fragment program,
 * translated to GLSL and handed to the core's programmable path with their
 * interface.  The fragment program's inline constants live in the core's
 * fragment constant block (fc[k], k in program order), so a named uniform
 * is set as the RSX driver patches it into the microcode: through the
 * parameter's embedded constant offsets.  The vertex constants are the
 * core's vertex block (vc[0..467]).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"
#include "wined3d-lite/wined3d.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(rsx);

static int pipeline_finish(struct wined3d_device *device, struct rsx_vp_program *vp,
        const struct rsx_fragment_desc *fp_desc, struct rsx_pipeline *pipeline, struct rsx_error *error)
{
    struct wined3d_program_desc desc;
    unsigned int n, k = 0;
    int hr;

    if ((hr = rsx_vp_translate(vp, &pipeline->vs, error)) < 0)
        return hr;
    if ((hr = rsx_fp_translate(&pipeline->fp, fp_desc, &pipeline->fs, error)) < 0)
        return hr;
    if (pipeline->fs.sampler_mask >> 8)
        return rsx_fail(error, RSX_E_UNSUPPORTED, "texture units %#x: the core has 8 texture stages",
                pipeline->fs.sampler_mask);
    if (pipeline->fs.constant_count > WINED3D_PROGRAM_MAX_CONSTANTS)
        return rsx_fail(error, RSX_E_UNSUPPORTED, "%u inline constants: more than the core's %u",
                pipeline->fs.constant_count, WINED3D_PROGRAM_MAX_CONSTANTS);
    if (pipeline->fs.constant_count)
    {
        pipeline->fs_constants = calloc(pipeline->fs.constant_count, 4 * sizeof(float));
        pipeline->fs_constant_offsets = calloc(pipeline->fs.constant_count, sizeof(uint32_t));
        if (!pipeline->fs_constants || !pipeline->fs_constant_offsets)
            return rsx_fail(error, RSX_E_NOMEMORY, "out of memory");
        for (n = 0; n < pipeline->fp.count; ++n)
        {
            const struct rsx_fp_instruction *i = &pipeline->fp.instructions[n];
            if (!i->has_constant)
                continue;
            memcpy(&pipeline->fs_constants[4 * k], i->constant, 16);
            pipeline->fs_constant_offsets[k++] = i->constant_offset;
        }
    }
    memset(&desc, 0, sizeof(desc));
    desc.vs_body = pipeline->vs.body;
    desc.fs_body = pipeline->fs.body;
    desc.attribute_mask = pipeline->vs.attribute_mask;
    desc.varying_mask = pipeline->vs.varying_mask | pipeline->fs.varying_mask;
    desc.noperspective_mask = pipeline->fs.noperspective_mask;
    desc.sampler_mask = pipeline->fs.sampler_mask;
    desc.vs_sampler_mask = pipeline->vs.sampler_mask;
    desc.vs_constant_count = pipeline->vs.constant_count;
    desc.fs_constant_count = pipeline->fs.constant_count;
    desc.flags = (pipeline->fs.writes_depth ? WINED3D_PROGRAM_DEPTH_OUTPUT : 0)
            | (pipeline->vs.writes_point_size ? WINED3D_PROGRAM_POINT_SIZE : 0);
    TRACE("Vertex GLSL:\n%s\nFragment GLSL:\n%s\n", desc.vs_body, desc.fs_body);
    if (WINED3D_FAILED(wined3d_program_create(device, &desc, &pipeline->program)))
        return rsx_fail(error, RSX_E_INVALID, "the core refused the translated programs (see the \"program\" debug channel)");
    pipeline->device = device;
    return RSX_OK;
}

int rsx_pipeline_create_from_ucode(struct wined3d_device *device, const uint8_t *vp_ucode, size_t vp_size,
        const uint8_t *fp_ucode, size_t fp_size, const struct rsx_fragment_desc *fp_desc,
        struct rsx_pipeline *pipeline, struct rsx_error *error)
{
    struct rsx_vp_program vp;
    int hr;

    if (!device || !pipeline)
        return rsx_fail(error, RSX_E_ARGUMENT, "no device or pipeline");
    memset(pipeline, 0, sizeof(*pipeline));
    if ((hr = rsx_vp_decode(vp_ucode, vp_size, &vp, error)) < 0)
        return hr;
    if ((hr = rsx_fp_decode(fp_ucode, fp_size, &pipeline->fp, error)) < 0)
    {
        rsx_vp_program_free(&vp);
        return hr;
    }
    hr = pipeline_finish(device, &vp, fp_desc, pipeline, error);
    rsx_vp_program_free(&vp);
    if (hr < 0)
        rsx_pipeline_destroy(pipeline);
    return hr;
}

int rsx_pipeline_create(struct wined3d_device *device, const struct rsx_program *vertex,
        const struct rsx_program *fragment, struct rsx_pipeline *pipeline, struct rsx_error *error)
{
    if (!vertex || !fragment || vertex->profile != RSX_CG_PROFILE_VERTEX || fragment->profile != RSX_CG_PROFILE_FRAGMENT)
        return rsx_fail(error, RSX_E_ARGUMENT, "a vertex and a fragment program are needed");
    if ((uint64_t)vertex->desc.vertex.instruction_count * 16 > vertex->ucode_size)
        return rsx_fail(error, RSX_E_INVALID, "the vertex descriptor's %u instructions need more than the %u bytes of microcode",
                vertex->desc.vertex.instruction_count, vertex->ucode_size);
    return rsx_pipeline_create_from_ucode(device, vertex->ucode, vertex->desc.vertex.instruction_count * 16,
            fragment->ucode, fragment->ucode_size, &fragment->desc.fragment, pipeline, error);
}

void rsx_pipeline_destroy(struct rsx_pipeline *pipeline)
{
    if (!pipeline)
        return;
    if (pipeline->program)
        wined3d_program_destroy(pipeline->program);
    rsx_fp_program_free(&pipeline->fp);
    rsx_glsl_free(&pipeline->vs);
    rsx_glsl_free(&pipeline->fs);
    free(pipeline->fs_constants);
    free(pipeline->fs_constant_offsets);
    memset(pipeline, 0, sizeof(*pipeline));
}

int rsx_pipeline_bind(struct rsx_pipeline *pipeline)
{
    if (!pipeline || !pipeline->program)
        return RSX_E_ARGUMENT;
    if (WINED3D_FAILED(wined3d_device_set_program(pipeline->device, pipeline->program)))
        return RSX_E_INVALID;
    if (pipeline->fs.constant_count && WINED3D_FAILED(wined3d_device_set_program_constants(pipeline->device,
            WINED3D_PROGRAM_FRAGMENT, 0, pipeline->fs.constant_count, pipeline->fs_constants)))
        return RSX_E_INVALID;
    return RSX_OK;
}

int rsx_pipeline_set_fragment_constant(struct rsx_pipeline *pipeline, uint32_t ucode_offset, const float value[4])
{
    unsigned int k;

    if (!pipeline || !value)
        return RSX_E_ARGUMENT;
    for (k = 0; k < pipeline->fs.constant_count; ++k)
        if (pipeline->fs_constant_offsets[k] == ucode_offset)
        {
            memcpy(&pipeline->fs_constants[4 * k], value, 4 * sizeof(float));
            if (pipeline->device && wined3d_device_get_program(pipeline->device) == pipeline->program)
                wined3d_device_set_program_constants(pipeline->device, WINED3D_PROGRAM_FRAGMENT, k, 1,
                        &pipeline->fs_constants[4 * k]);
            return RSX_OK;
        }
    return RSX_E_INVALID;
}

int rsx_pipeline_set_fragment_parameter(struct rsx_pipeline *pipeline, const struct rsx_parameter *parameter,
        const float *value, unsigned int count)
{
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    unsigned int n;
    int hr;

    if (!pipeline || !parameter || !value || !count || count > 4)
        return RSX_E_ARGUMENT;
    memcpy(v, value, count * sizeof(float));
    for (n = 0; n < parameter->embedded_count; ++n)
        if ((hr = rsx_pipeline_set_fragment_constant(pipeline, parameter->embedded_offsets[n], v)) < 0)
            return hr;
    return parameter->embedded_count ? RSX_OK : RSX_E_INVALID;
}

int rsx_pipeline_set_vertex_constants(struct rsx_pipeline *pipeline, unsigned int start, unsigned int count,
        const float *values)
{
    if (!pipeline || !pipeline->device || start + count > RSX_VP_CONSTANT_COUNT || start + count < start)
        return RSX_E_ARGUMENT;
    return WINED3D_SUCCEEDED(wined3d_device_set_program_constants(pipeline->device, WINED3D_PROGRAM_VERTEX, start,
            count, values)) ? RSX_OK : RSX_E_INVALID;
}

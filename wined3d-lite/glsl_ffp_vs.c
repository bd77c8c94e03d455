/*
 * Fixed-function pipeline: the vertex shader generator.
 *
 * One small emitter per feature: inputs, outputs, position (pre-transformed
 * or transformed with vertex blending), clip planes, lighting, fog and
 * texture coordinates.  Everything the emitters read from the key changes
 * code; everything else is a uniform.
 */
#include "config.h"

#include "wined3d-lite/wined3d.h"
#include "glsl_ffp.h"

#define out_(...) wined3d_ffp_buffer_printf(b, __VA_ARGS__)

static void vs_emit_inputs(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    unsigned int i;

    out_("layout(location = %u) in vec4 ffp_attrib_position;\n", WINED3D_FFP_ATTRIB_POSITION);
    if (key->blend_weights)
        out_("layout(location = %u) in vec4 ffp_attrib_blendweight;\n", WINED3D_FFP_ATTRIB_BLENDWEIGHT);
    if (key->has_normal)
        out_("layout(location = %u) in vec3 ffp_attrib_normal;\n", WINED3D_FFP_ATTRIB_NORMAL);
    if (key->has_diffuse)
        out_("layout(location = %u) in vec4 ffp_attrib_diffuse;\n", WINED3D_FFP_ATTRIB_DIFFUSE);
    if (key->has_specular)
        out_("layout(location = %u) in vec4 ffp_attrib_specular;\n", WINED3D_FFP_ATTRIB_SPECULAR);
    for (i = 0; i < 8; ++i)
        if (key->texcoord_size[i])
            out_("layout(location = %u) in vec4 ffp_attrib_texcoord%u;\n", WINED3D_FFP_ATTRIB_TEXCOORD0 + i, i);
    if (key->tex0_slots || key->world_slots || key->fs_slots)
        out_("layout(location = %u) in float ffp_attrib_slot;\n", WINED3D_FFP_ATTRIB_SLOT);
    if (key->tex0_slots || key->fs_slots)
        out_("flat out int ffp_varying_slot;\n");
    if (key->world_slots)
        out_("layout(std140) uniform ffp_world_slots\n"
             "{\n"
             "    mat4 view;\n"
             "    vec4 flags;\n"
             "    mat4 world_slot[%u];\n"
             "} ffp_ws;\n", key->world_slots);
}

static void vs_emit_outputs(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    const char *colours = wined3d_ffp_interpolation(key, 1), *interp = wined3d_ffp_interpolation(key, 0);
    unsigned int s;

    out_("%sout vec4 ffp_varying_diffuse;\n", colours);
    out_("%sout vec4 ffp_varying_specular;\n", colours);
    if (wined3d_ffp_fog_is_interpolated(key))
        out_("%sout float ffp_varying_fog;\n", interp);
    if (wined3d_ffp_fog_is_table(key))
        out_("noperspective out float ffp_varying_depth_z;\n");
    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
    {
        if (!wined3d_ffp_stage_samples(key, s)) continue;
        out_("%sout %s ffp_varying_texcoord%u;\n", interp, wined3d_ffp_stage_coord_uv(key, s) ? "vec2" : "vec4", s);
        if (key->stages[s].wrap)
            out_("%sout vec4 ffp_varying_wrap%u;\n", interp, s);
    }
}

/* Pre-transformed: pixels to NDC, w = 1 / rhw so GL interpolates with
 * perspective as Direct3D does. */
static void vs_emit_position_rhw(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    out_("    float w = ffp_attrib_position.w != 0.0 ? 1.0 / ffp_attrib_position.w : 1.0;\n"
         "    vec2 ndc = ffp_attrib_position.xy * ffp.rhw_scale.xy + ffp.rhw_scale.zw;\n"
         "    float z = ffp_attrib_position.z * ffp.rhw_z.x + (ffp_attrib_position.z * ffp.rhw_z.z + ffp.rhw_z.y);\n"
         "    gl_Position = vec4(ndc * w, z * w, w);\n"
         "    ec_pos = vec4(ffp_attrib_position.xyz, 1.0);\n");
    if (wined3d_ffp_fog_is_table(key))
        out_("    ffp_varying_depth_z = ffp_attrib_position.z;\n");
}

/* World (blended over up to 4 matrices, the last weight implicit), view,
 * projection. */
static void vs_emit_position_transform(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    static const char comp[] = "xyzw";
    unsigned int i, n = key->blend_weights > 3 ? 3 : key->blend_weights;

    out_("    vec4 pos = vec4(ffp_attrib_position.xyz, 1.0);\n");
    if (!n && key->world_slots)
    {
        /* Joined draws: each its own world matrix, with the run's view.
         * The normal matrix is the inverse transpose of the 3x3 (columns
         * c: cross products of the other two over the determinant), the
         * vertex block's for an affine world * view (the core joins no
         * other unless lighting is legacy, which always takes the 3x3);
         * singular, the 3x3 itself for legacy lighting, else identity. */
        out_("    mat4 mv = ffp_ws.view * ffp_ws.world_slot[int(ffp_attrib_slot)];\n"
             "    ec_pos = mv * pos;\n");
        if (key->has_normal)
            out_("    mat3 m3 = mat3(mv);\n"
                 "    vec3 c0 = cross(m3[1], m3[2]), c1 = cross(m3[2], m3[0]), c2 = cross(m3[0], m3[1]);\n"
                 "    float det = dot(m3[0], c0);\n"
                 "    mat3 nm = abs(det) >= 1e-30 ? mat3(c0, c1, c2) * (1.0 / det)\n"
                 "            : ffp_ws.flags.x != 0.0 ? m3 : mat3(1.0);\n"
                 "    ec_normal = nm * ffp_attrib_normal;\n");
    }
    else if (!n)
    {
        out_("    ec_pos = ffp.modelview[0] * pos;\n");
        if (key->has_normal)
            out_("    ec_normal = mat3(ffp.normal_matrix[0]) * ffp_attrib_normal;\n");
    }
    else
    {
        out_("    float weight[4];\n"
             "    float last = 1.0;\n");
        for (i = 0; i < n; ++i)
            out_("    weight[%u] = ffp_attrib_blendweight.%c;\n"
                 "    last -= weight[%u];\n", i, comp[i], i);
        out_("    weight[%u] = last;\n", n);
        out_("    ec_pos = vec4(0.0);\n");
        for (i = 0; i <= n; ++i)
        {
            out_("    ec_pos += weight[%u] * (ffp.modelview[%u] * pos);\n", i, i);
            if (key->has_normal)
                out_("    ec_normal += weight[%u] * (mat3(ffp.normal_matrix[%u]) * ffp_attrib_normal);\n", i, i);
        }
    }
    if (key->normalize)
        out_("    if (dot(ec_normal, ec_normal) > 0.0) ec_normal = normalize(ec_normal);\n");
    out_("    gl_Position = ffp.projection * ec_pos;\n");
    if (wined3d_ffp_fog_is_table(key))
        out_("    ffp_varying_depth_z = gl_Position.w != 0.0 ? gl_Position.z / gl_Position.w : 0.0;\n");
}

/* User clip planes, already in eye space.  Every distance is written, 1.0
 * for planes that do not clip this draw (pre-transformed vertices, CLIPPING
 * off), because an enabled GL_CLIP_DISTANCEi the shader leaves unwritten
 * clips at random. */
static void vs_emit_clip_planes(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    unsigned int i;

    for (i = 0; i < WINED3D_FFP_MAX_CLIP_PLANES; ++i)
    {
        if (key->clip_planes & (1u << i))
            out_("    gl_ClipDistance[%u] = dot(ec_pos, ffp.clip_planes[%u]);\n", i, i);
        else
            out_("    gl_ClipDistance[%u] = 1.0;\n", i);
    }
}

static const char *material_source(const struct wined3d_ffp_key *key, unsigned int source, const char *material)
{
    if (source == WINED3D_MCS_COLOR1 && key->has_diffuse) return "ffp_attrib_diffuse";
    if (source == WINED3D_MCS_COLOR2 && key->has_specular) return "ffp_attrib_specular";
    return material;
}

/* One light, Direct3D 7's equations: attenuation 1 / (a0 + a1 d + a2 d^2)
 * inside the range, 0 outside; spot factor 1 inside theta, 0 outside phi,
 * ((rho - cos(phi/2)) / (cos(theta/2) - cos(phi/2)))^falloff between.
 * Direct3D 1-6 (legacy_lighting) attenuate by a0 + a1 d' + a2 d'^2 with
 * d' = (range - d) / range, 1 at the light and 0 at the range. */
static void vs_emit_light(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key, unsigned int i)
{
    unsigned int type = key->light_type[i];

    out_("    /* light %u */\n", i);
    if (type == WINED3D_LIGHT_DIRECTIONAL)
    {
        out_("    dir = -ffp.lights[%u].direction.xyz;\n"
             "    att = 1.0;\n", i);
    }
    else
    {
        out_("    dir = ffp.lights[%u].position.xyz - ec_pos.xyz;\n"
             "    dist = length(dir);\n"
             "    if (dist > 0.0) dir /= dist;\n"
             "    if (dist > ffp.lights[%u].range_falloff.x) att = 0.0;\n", i, i);
        if (key->legacy_lighting)
            out_("    else\n"
                 "    {\n"
                 "        float d = (ffp.lights[%u].range_falloff.x - dist) / ffp.lights[%u].range_falloff.x;\n"
                 "        att = dot(ffp.lights[%u].attenuation.xyz, vec3(1.0, d, d * d));\n"
                 "    }\n", i, i, i);
        else
            out_("    else att = 1.0 / max(dot(ffp.lights[%u].attenuation.xyz, vec3(1.0, dist, dist * dist)), 1.0e-20);\n",
                 i);
        if (type == WINED3D_LIGHT_SPOT)
            out_("    rho = dot(-dir, ffp.lights[%u].direction.xyz);\n"
                 "    if (rho <= ffp.lights[%u].range_falloff.w) att = 0.0;\n"
                 "    else if (rho <= ffp.lights[%u].range_falloff.z)\n"
                 "        att *= pow((rho - ffp.lights[%u].range_falloff.w)\n"
                 "                / (ffp.lights[%u].range_falloff.z - ffp.lights[%u].range_falloff.w),\n"
                 "                ffp.lights[%u].range_falloff.y);\n",
                 i, i, i, i, i, i, i);
    }
    out_("    amb += ffp.lights[%u].ambient.rgb * att;\n", i);
    out_("    ndotl = dot(ec_normal, dir);\n"
         "    if (ndotl > 0.0)\n"
         "    {\n"
         "        dif += ndotl * ffp.lights[%u].diffuse.rgb * att;\n", i);
    if (key->specular_enable)
        out_("        ndoth = dot(ec_normal, normalize(dir + to_eye));\n"
             "        if (ndoth > 0.0) spc += pow(ndoth, ffp.material_power.x) * ffp.lights[%u].specular.rgb * att;\n", i);
    out_("    }\n");
}

static void vs_emit_colors(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    unsigned int i;

    if (!key->lighting)
    {
        out_("    diffuse = %s;\n", key->has_diffuse ? "ffp_attrib_diffuse" : "vec4(1.0)");
        out_("    specular = %s;\n", key->has_specular ? "ffp_attrib_specular" : "vec4(0.0)");
        return;
    }

    out_("    vec4 mat_diffuse = %s;\n", material_source(key, key->diffuse_source, "ffp.material_diffuse"));
    out_("    vec4 mat_ambient = %s;\n", material_source(key, key->ambient_source, "ffp.material_ambient"));
    out_("    vec4 mat_specular = %s;\n", material_source(key, key->specular_source, "ffp.material_specular"));
    out_("    vec4 mat_emissive = %s;\n", material_source(key, key->emissive_source, "ffp.material_emissive"));
    out_("    vec3 amb = ffp.global_ambient.rgb, dif = vec3(0.0), spc = vec3(0.0);\n"
         "    vec3 dir;\n"
         "    float att, dist, rho, ndotl, ndoth;\n");
    if (key->specular_enable)
        out_("    vec3 to_eye = %s;\n", key->local_viewer ? "-normalize(ec_pos.xyz)" : "vec3(0.0, 0.0, -1.0)");
    for (i = 0; i < key->light_count && i < WINED3D_FFP_MAX_LIGHTS; ++i)
        vs_emit_light(b, key, i);
    out_("    diffuse = vec4(mat_emissive.rgb + mat_ambient.rgb * amb + mat_diffuse.rgb * dif, mat_diffuse.a);\n");
    /* Without SPECULARENABLE lighting computes no specular and the vertex's
     * own specular colour passes (what D3DTA_SPECULAR and the fog factor
     * see), as in Wine. */
    if (key->specular_enable)
        out_("    specular = vec4(mat_specular.rgb * spc, %s);\n", key->has_specular ? "ffp_attrib_specular.a" : "0.0");
    else
        out_("    specular = %s;\n", key->has_specular ? "ffp_attrib_specular" : "vec4(0.0)");
    out_("    diffuse = clamp(diffuse, 0.0, 1.0);\n"
         "    specular = clamp(specular, 0.0, 1.0);\n");
}

/* Vertex fog: the factor per vertex, interpolated; or the application's
 * factor in the specular alpha. */
static void vs_emit_fog(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key)
{
    if (key->fog == WINED3D_FFP_FOG_SPECULAR_ALPHA)
    {
        out_("    ffp_varying_fog = specular.a;\n");
        return;
    }
    if (!wined3d_ffp_fog_is_interpolated(key)) return;

    out_("    float fog_d = %s;\n", key->range_fog ? "length(ec_pos.xyz)" : "abs(ec_pos.z)");
    switch (key->fog)
    {
        case WINED3D_FFP_FOG_VERTEX_LINEAR:
            /* start == end fogs every vertex (Wine's ddraw7.c
             * test_fog_special; table fog keeps what lies before end). */
            out_("    ffp_varying_fog = ffp.fog_params.x == ffp.fog_params.y ? 0.0\n"
                 "            : (ffp.fog_params.y - fog_d) * ffp.fog_params.w;\n");
            break;
        case WINED3D_FFP_FOG_VERTEX_EXP:
            out_("    ffp_varying_fog = exp(-ffp.fog_params.z * fog_d);\n");
            break;
        case WINED3D_FFP_FOG_VERTEX_EXP2:
            out_("    ffp_varying_fog = exp(-(ffp.fog_params.z * fog_d) * (ffp.fog_params.z * fog_d));\n");
            break;
    }
    out_("    ffp_varying_fog = clamp(ffp_varying_fog, 0.0, 1.0);\n");
}

/* Texture coordinates: pass-through or generated, then the texture matrix.
 * Direct3D feeds the matrix the coordinate padded with a 1 right after its
 * last component (u -> (u, 1, 0, 0), uv -> (u, v, 1, 0)); GL's default
 * fill (0, 0, 0, 1) is kept when there is no transform. */
static void vs_emit_texcoord(struct wined3d_ffp_buffer *b, const struct wined3d_ffp_key *key, unsigned int s)
{
    const struct wined3d_ffp_stage_key *st = &key->stages[s];
    int transform = st->transform_count && !key->xyzrhw;
    unsigned int i = st->coord_index;

    out_("    tc = ");
    switch (st->texgen)
    {
        case WINED3D_FFP_TEXGEN_CAMERASPACENORMAL:
            out_("vec4(ec_normal, 1.0);\n");
            break;
        case WINED3D_FFP_TEXGEN_CAMERASPACEPOSITION:
            out_("vec4(ec_pos.xyz, 1.0);\n");
            break;
        case WINED3D_FFP_TEXGEN_CAMERASPACEREFLECTIONVECTOR:
            out_("vec4(reflect(%s, dot(ec_normal, ec_normal) > 0.0 ? normalize(ec_normal) : ec_normal), 1.0);\n",
                    key->local_viewer ? "normalize(ec_pos.xyz)" : "vec3(0.0, 0.0, 1.0)");
            break;
        default:
            if (!st->coord_size)
                out_("vec4(0.0, 0.0, 0.0, 1.0);\n");
            else if (!transform || st->coord_size == 3 || st->coord_size == 4)
                out_("ffp_attrib_texcoord%u;\n", i);
            else if (st->coord_size == 1)
                out_("vec4(ffp_attrib_texcoord%u.x, 1.0, 0.0, 0.0);\n", i);
            else
                out_("vec4(ffp_attrib_texcoord%u.xy, 1.0, 0.0);\n", i);
            break;
    }
    if (transform)
        out_("    tc = ffp.texture_matrix[%u] * tc;\n", s);
    out_("    ffp_varying_texcoord%u = tc%s;\n", s, wined3d_ffp_stage_coord_uv(key, s) ? ".xy" : "");
    /* Cylindrical wrapping (D3DRENDERSTATE_WRAPn): the coordinate twice,
     * with its seam at 0 and at 0.5; the fragment shader takes the one that
     * does not cross its seam over the primitive, i.e. the shorter way
     * round, as Direct3D interpolates. */
    if (st->wrap)
        out_("    ffp_varying_wrap%u = vec4(fract(tc.xy), fract(tc.xy + 0.5));\n", s);
}

static void vs_emit_clip_fixup(struct wined3d_ffp_buffer *b)
{
    out_("    gl_Position.xy += ffp.clip_fixup.yz * gl_Position.w;\n"
         "    gl_Position.y *= ffp.clip_fixup.x;\n"
         "    gl_Position.z = gl_Position.z * ffp.z_fixup.x + gl_Position.w * ffp.z_fixup.y;\n");
}

char *wined3d_ffp_generate_vs(const struct wined3d_ffp_key *key)
{
    struct wined3d_ffp_buffer buffer, *b = &buffer;
    unsigned int s;

    wined3d_ffp_buffer_init(b);
    out_("#version 330 core\n");
    wined3d_ffp_emit_vs_uniform_block(b);
    vs_emit_inputs(b, key);
    vs_emit_outputs(b, key);

    out_("void main()\n"
         "{\n"
         "    vec4 ec_pos = vec4(0.0, 0.0, 0.0, 1.0);\n"
         "    vec3 ec_normal = vec3(0.0);\n"
         "    vec4 diffuse, specular, tc;\n");
    if (key->xyzrhw)
        vs_emit_position_rhw(b, key);
    else
        vs_emit_position_transform(b, key);
    vs_emit_clip_planes(b, key);
    vs_emit_colors(b, key);
    out_("    ffp_varying_diffuse = diffuse;\n"
         "    ffp_varying_specular = specular;\n");
    if (key->tex0_slots || key->fs_slots)
        out_("    ffp_varying_slot = int(ffp_attrib_slot);\n");
    vs_emit_fog(b, key);
    for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
        if (wined3d_ffp_stage_samples(key, s))
            vs_emit_texcoord(b, key, s);
    vs_emit_clip_fixup(b);
    out_("}\n");

    return wined3d_ffp_buffer_finish(b);
}

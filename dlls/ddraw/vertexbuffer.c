/*
 * IDirect3DVertexBuffer7 and the CPU vertex pipeline of ProcessVertices.
 *
 * Every buffer keeps its vertices in system memory; a video memory buffer
 * also has a core buffer, uploaded before a draw when the CPU copy changed.
 * ProcessVertices transforms, lights and clips on the CPU with the same
 * rules the generated fixed-function shaders follow.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "d3d7_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(d3d7);

/* ---------------------------------------------------------------------- */
/* FVF helpers.                                                            */

static unsigned int fvf_position_floats(DWORD fvf)
{
    switch (fvf & D3DFVF_POSITION_MASK)
    {
        case D3DFVF_XYZ: return 3;
        case D3DFVF_XYZRHW: return 4;
        case D3DFVF_XYZB1: return 4;
        case D3DFVF_XYZB2: return 5;
        case D3DFVF_XYZB3: return 6;
        case D3DFVF_XYZB4: return 7;
        case D3DFVF_XYZB5: return 8;
        default: return 0;
    }
}

static unsigned int fvf_tex_count(DWORD fvf)
{
    return (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
}

static unsigned int fvf_tex_size(DWORD fvf, unsigned int i)
{
    static const unsigned int sizes[4] = {2, 3, 4, 1};
    return sizes[(fvf >> (16 + i * 2)) & 3];
}

BOOL d3d7_fvf_is_valid(DWORD fvf)
{
    if (!(fvf & D3DFVF_POSITION_MASK)) return FALSE;
    if (fvf & 0x0000f001) return FALSE;     /* D3DFVF_RESERVED0 and RESERVED2 */
    if (fvf_tex_count(fvf) > 8) return FALSE;
    if ((fvf & D3DFVF_POSITION_MASK) == D3DFVF_XYZRHW && (fvf & D3DFVF_NORMAL)) return FALSE;
    return TRUE;
}

DWORD d3d7_fvf_stride(DWORD fvf)
{
    unsigned int i, size;

    if (!d3d7_fvf_is_valid(fvf)) return 0;
    size = fvf_position_floats(fvf) * 4;
    if (fvf & D3DFVF_NORMAL) size += 12;
    if (fvf & D3DFVF_RESERVED1) size += 4;
    if (fvf & D3DFVF_DIFFUSE) size += 4;
    if (fvf & D3DFVF_SPECULAR) size += 4;
    for (i = 0; i < fvf_tex_count(fvf); ++i)
        size += fvf_tex_size(fvf, i) * 4;
    return size;
}

void d3d7_strided_from_fvf(struct wined3d_strided_data *s, DWORD fvf, const BYTE *data, DWORD stride)
{
    unsigned int i, offset = 0;

    memset(s, 0, sizeof(*s));
    s->position.data = data;
    s->position.stride = stride;
    offset = fvf_position_floats(fvf) * 4;
    if (fvf & D3DFVF_NORMAL)
    {
        s->normal.data = data + offset;
        s->normal.stride = stride;
        offset += 12;
    }
    if (fvf & D3DFVF_RESERVED1) offset += 4;
    if (fvf & D3DFVF_DIFFUSE)
    {
        s->diffuse.data = data + offset;
        s->diffuse.stride = stride;
        offset += 4;
    }
    if (fvf & D3DFVF_SPECULAR)
    {
        s->specular.data = data + offset;
        s->specular.stride = stride;
        offset += 4;
    }
    for (i = 0; i < fvf_tex_count(fvf); ++i)
    {
        s->tex_coords[i].data = data + offset;
        s->tex_coords[i].stride = stride;
        offset += fvf_tex_size(fvf, i) * 4;
    }
}

/* ---------------------------------------------------------------------- */
/* Math.                                                                   */

void d3d7_multiply_matrix(struct wined3d_matrix *out, const struct wined3d_matrix *a, const struct wined3d_matrix *b)
{
    const float *x = &a->_11, *y = &b->_11;
    float r[16];
    unsigned int i, j;

    for (i = 0; i < 4; ++i)
        for (j = 0; j < 4; ++j)
            r[i * 4 + j] = x[i * 4 + 0] * y[0 * 4 + j] + x[i * 4 + 1] * y[1 * 4 + j]
                    + x[i * 4 + 2] * y[2 * 4 + j] + x[i * 4 + 3] * y[3 * 4 + j];
    memcpy(&out->_11, r, sizeof(r));
}

static void transform_point(float out[4], const float v[3], const struct wined3d_matrix *m)
{
    out[0] = v[0] * m->_11 + v[1] * m->_21 + v[2] * m->_31 + m->_41;
    out[1] = v[0] * m->_12 + v[1] * m->_22 + v[2] * m->_32 + m->_42;
    out[2] = v[0] * m->_13 + v[1] * m->_23 + v[2] * m->_33 + m->_43;
    out[3] = v[0] * m->_14 + v[1] * m->_24 + v[2] * m->_34 + m->_44;
}

static void transform_dir(float out[3], const float v[3], const struct wined3d_matrix *m)
{
    out[0] = v[0] * m->_11 + v[1] * m->_21 + v[2] * m->_31;
    out[1] = v[0] * m->_12 + v[1] * m->_22 + v[2] * m->_32;
    out[2] = v[0] * m->_13 + v[1] * m->_23 + v[2] * m->_33;
}

static float dot3(const float a[3], const float b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void normalize3(float v[3])
{
    float l = sqrtf(dot3(v, v));

    if (l > 0.0f)
    {
        v[0] /= l;
        v[1] /= l;
        v[2] /= l;
    }
}

/* The determinant of the 3x3 left of m (row-major 4x4) without row r and
 * column c. */
static float minor3(const float *m, unsigned int r, unsigned int c)
{
    float a[9];
    unsigned int i, j, k = 0;

    for (i = 0; i < 4; ++i)
        for (j = 0; j < 4; ++j)
            if (i != r && j != c) a[k++] = m[i * 4 + j];
    return a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6])
            + a[2] * (a[3] * a[7] - a[4] * a[6]);
}

/* The normal matrix, as the core computes it (WINED3D_RS_LEGACYLIGHTING):
 * Direct3D 7 takes the upper 3x3 of the inverse transpose of the whole 4x4
 * (its cofactors over its determinant), Direct3D 1-6 the inverse transpose
 * of the upper 3x3, or that 3x3 itself when it is singular. */
static void normal_matrix(float out[3][3], const struct wined3d_matrix *m, BOOL legacy)
{
    float a = m->_11, b = m->_12, c = m->_13, d = m->_21, e = m->_22, f = m->_23, g = m->_31, h = m->_32, i = m->_33;
    float det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    unsigned int r, k;

    if (!legacy)
    {
        const float *p = &m->_11;
        float det4 = 0.0f;

        for (k = 0; k < 4; ++k)
            det4 += p[k] * ((k & 1) ? -minor3(p, 0, k) : minor3(p, 0, k));
        if (fabsf(det4) >= 1e-20f)
        {
            for (r = 0; r < 3; ++r)
                for (k = 0; k < 3; ++k)
                    out[r][k] = (((r + k) & 1) ? -minor3(p, r, k) : minor3(p, r, k)) / det4;
            return;
        }
    }
    else if (fabsf(det) < 1e-20f)
    {
        out[0][0] = a; out[0][1] = b; out[0][2] = c;
        out[1][0] = d; out[1][1] = e; out[1][2] = f;
        out[2][0] = g; out[2][1] = h; out[2][2] = i;
        return;
    }
    if (fabsf(det) < 1e-20f) det = 1.0f;
    /* Row-vector convention: n' = n * (M^-1)^T. */
    out[0][0] = (e * i - f * h) / det;
    out[0][1] = -(d * i - f * g) / det;
    out[0][2] = (d * h - e * g) / det;
    out[1][0] = -(b * i - c * h) / det;
    out[1][1] = (a * i - c * g) / det;
    out[1][2] = -(a * h - b * g) / det;
    out[2][0] = (b * f - c * e) / det;
    out[2][1] = -(a * f - c * d) / det;
    out[2][2] = (a * e - b * d) / det;
}

static void color_from_argb(struct wined3d_color *c, DWORD argb)
{
    c->a = ((argb >> 24) & 0xff) / 255.0f;
    c->r = ((argb >> 16) & 0xff) / 255.0f;
    c->g = ((argb >> 8) & 0xff) / 255.0f;
    c->b = (argb & 0xff) / 255.0f;
}

static DWORD argb_from_color(float r, float g, float b, float a)
{
    float v[4] = {a, r, g, b};
    DWORD out = 0;
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        /* NaN (lighting of NaN positions or normals) is 0, not a conversion
         * out of range. */
        float x = v[i] > 1.0f ? 1.0f : v[i] >= 0.0f ? v[i] : 0.0f;
        out = (out << 8) | (DWORD)(x * 255.0f + 0.5f);
    }
    return out;
}

void d3d7_vp_state_from_device(struct d3d7_vp_state *vp, struct wined3d_device *device)
{
    const struct wined3d_state *state = wined3d_device_get_state(device);
    unsigned int i;

    memset(vp, 0, sizeof(*vp));
    vp->world = state->transforms[WINED3D_TS_WORLD];
    vp->view = state->transforms[WINED3D_TS_VIEW];
    vp->projection = state->transforms[WINED3D_TS_PROJECTION];
    vp->viewport = state->viewport;
    vp->lighting = !!state->render_states[WINED3D_RS_LIGHTING];
    vp->specular_enable = !!state->render_states[WINED3D_RS_SPECULARENABLE];
    vp->local_viewer = !!state->render_states[WINED3D_RS_LOCALVIEWER];
    vp->normalize_normals = !!state->render_states[WINED3D_RS_NORMALIZENORMALS];
    vp->color_vertex = !!state->render_states[WINED3D_RS_COLORVERTEX];
    vp->legacy_lighting = !!state->render_states[WINED3D_RS_LEGACYLIGHTING];
    if (state->render_states[WINED3D_RS_FOGENABLE])
        vp->fog_mode = state->render_states[WINED3D_RS_FOGVERTEXMODE];
    vp->range_fog = !!state->render_states[WINED3D_RS_RANGEFOGENABLE];
    memcpy(&vp->fog_start, &state->render_states[WINED3D_RS_FOGSTART], sizeof(float));
    memcpy(&vp->fog_end, &state->render_states[WINED3D_RS_FOGEND], sizeof(float));
    memcpy(&vp->fog_density, &state->render_states[WINED3D_RS_FOGDENSITY], sizeof(float));
    vp->ambient = state->render_states[WINED3D_RS_AMBIENT];
    vp->diffuse_source = state->render_states[WINED3D_RS_DIFFUSEMATERIALSOURCE];
    vp->specular_source = state->render_states[WINED3D_RS_SPECULARMATERIALSOURCE];
    vp->ambient_source = state->render_states[WINED3D_RS_AMBIENTMATERIALSOURCE];
    vp->emissive_source = state->render_states[WINED3D_RS_EMISSIVEMATERIALSOURCE];
    vp->material = state->material;
    for (i = 0; i < WINED3D_MAX_ACTIVE_LIGHTS; ++i)
        if (state->active_light_mask & (1u << i))
            vp->lights[vp->light_count++] = state->active_lights[i];
    vp->clip_plane_enable = state->render_states[WINED3D_RS_CLIPPLANEENABLE];
    for (i = 0; i < D3D7_MAX_CLIP_PLANES; ++i)
    {
        vp->clip_planes[i][0] = state->clip_planes[i].x;
        vp->clip_planes[i][1] = state->clip_planes[i].y;
        vp->clip_planes[i][2] = state->clip_planes[i].z;
        vp->clip_planes[i][3] = state->clip_planes[i].w;
    }
}

/* The material colour a lighting term uses: the material's own or, with
 * COLORVERTEX, the vertex's diffuse or specular colour. */
static const struct wined3d_color *material_color(const struct d3d7_vp_state *s, uint32_t source,
        const struct wined3d_color *own, const struct wined3d_color *diffuse, const struct wined3d_color *specular)
{
    if (!s->color_vertex) return own;
    if (source == WINED3D_MCS_COLOR1 && diffuse) return diffuse;
    if (source == WINED3D_MCS_COLOR2 && specular) return specular;
    return own;
}

static void light_vertex(const struct d3d7_vp_state *s, const struct wined3d_matrix *world_view,
        const float pos[3], const float normal[3], const struct wined3d_color *vdiffuse,
        const struct wined3d_color *vspecular, DWORD *out_diffuse, DWORD *out_specular)
{
    const struct wined3d_color *mat_diffuse, *mat_ambient, *mat_specular, *mat_emissive;
    float p[4], n[3], nm[3][3], to_eye[3];
    float amb[3] = {0}, dif[3] = {0}, spe[3] = {0};
    struct wined3d_color global;
    unsigned int i;

    transform_point(p, pos, world_view);
    normal_matrix(nm, world_view, s->legacy_lighting);
    n[0] = normal[0] * nm[0][0] + normal[1] * nm[1][0] + normal[2] * nm[2][0];
    n[1] = normal[0] * nm[0][1] + normal[1] * nm[1][1] + normal[2] * nm[2][1];
    n[2] = normal[0] * nm[0][2] + normal[1] * nm[1][2] + normal[2] * nm[2][2];
    if (s->normalize_normals) normalize3(n);
    /* Camera space looks down +z: without a local viewer the eye is
     * infinitely far along -z. */
    if (s->local_viewer)
    {
        to_eye[0] = -p[0];
        to_eye[1] = -p[1];
        to_eye[2] = -p[2];
        normalize3(to_eye);
    }
    else
    {
        to_eye[0] = 0.0f;
        to_eye[1] = 0.0f;
        to_eye[2] = -1.0f;
    }

    for (i = 0; i < s->light_count; ++i)
    {
        const struct wined3d_light *l = &s->lights[i];
        float dir[3], lvec[3], ndotl, atten = 1.0f, spot = 1.0f;

        if (l->type == WINED3D_LIGHT_DIRECTIONAL)
        {
            float d[3] = {l->direction.x, l->direction.y, l->direction.z};

            transform_dir(dir, d, &s->view);
            dir[0] = -dir[0];
            dir[1] = -dir[1];
            dir[2] = -dir[2];
            normalize3(dir);
        }
        else
        {
            float lp[4], wp[3] = {l->position.x, l->position.y, l->position.z}, dist;

            transform_point(lp, wp, &s->view);
            lvec[0] = lp[0] - p[0];
            lvec[1] = lp[1] - p[1];
            lvec[2] = lp[2] - p[2];
            dist = sqrtf(dot3(lvec, lvec));
            if (dist > l->range) continue;
            dir[0] = lvec[0];
            dir[1] = lvec[1];
            dir[2] = lvec[2];
            normalize3(dir);
            if (s->legacy_lighting)
            {
                /* Direct3D 1-6: 1 at the light, 0 at the range, not inverted. */
                float dl = (l->range - dist) / l->range;

                atten = l->attenuation0 + l->attenuation1 * dl + l->attenuation2 * dl * dl;
            }
            else
            {
                atten = l->attenuation0 + l->attenuation1 * dist + l->attenuation2 * dist * dist;
                atten = atten > 0.0f ? 1.0f / atten : 1.0f;
            }
            if (l->type == WINED3D_LIGHT_SPOT)
            {
                float sd[3] = {l->direction.x, l->direction.y, l->direction.z}, cdir[3], rho;
                float cos_theta = cosf(l->theta / 2.0f), cos_phi = cosf(l->phi / 2.0f);

                transform_dir(cdir, sd, &s->view);
                normalize3(cdir);
                rho = -dot3(cdir, dir);
                if (rho <= cos_phi) spot = 0.0f;
                else if (rho > cos_theta) spot = 1.0f;
                else
                {
                    spot = (rho - cos_phi) / (cos_theta - cos_phi);
                    if (l->falloff != 1.0f) spot = powf(spot, l->falloff);
                }
            }
        }

        amb[0] += l->ambient.r * atten * spot;
        amb[1] += l->ambient.g * atten * spot;
        amb[2] += l->ambient.b * atten * spot;
        ndotl = dot3(n, dir);
        if (ndotl <= 0.0f) continue;
        dif[0] += l->diffuse.r * ndotl * atten * spot;
        dif[1] += l->diffuse.g * ndotl * atten * spot;
        dif[2] += l->diffuse.b * ndotl * atten * spot;
        if (s->material.power > 0.0f)
        {
            float h[3] = {to_eye[0] + dir[0], to_eye[1] + dir[1], to_eye[2] + dir[2]}, ndoth;

            normalize3(h);
            ndoth = dot3(n, h);
            if (ndoth > 0.0f)
            {
                float f = powf(ndoth, s->material.power) * atten * spot;

                spe[0] += l->specular.r * f;
                spe[1] += l->specular.g * f;
                spe[2] += l->specular.b * f;
            }
        }
    }

    mat_diffuse = material_color(s, s->diffuse_source, &s->material.diffuse, vdiffuse, vspecular);
    mat_ambient = material_color(s, s->ambient_source, &s->material.ambient, vdiffuse, vspecular);
    mat_specular = material_color(s, s->specular_source, &s->material.specular, vdiffuse, vspecular);
    mat_emissive = material_color(s, s->emissive_source, &s->material.emissive, vdiffuse, vspecular);
    color_from_argb(&global, s->ambient);

    if (out_diffuse)
        *out_diffuse = argb_from_color(
                mat_emissive->r + mat_ambient->r * (global.r + amb[0]) + mat_diffuse->r * dif[0],
                mat_emissive->g + mat_ambient->g * (global.g + amb[1]) + mat_diffuse->g * dif[1],
                mat_emissive->b + mat_ambient->b * (global.b + amb[2]) + mat_diffuse->b * dif[2],
                mat_diffuse->a);
    if (out_specular)
        *out_specular = argb_from_color(mat_specular->r * spe[0], mat_specular->g * spe[1],
                mat_specular->b * spe[2], mat_specular->a);
}

/* Vertex fog of a position, 0..255 (0 fully fogged), from the eye-space
 * distance or z as the generated shaders compute it. */
static DWORD vertex_fog(const struct d3d7_vp_state *s, const float pos[3], const struct wined3d_matrix *world_view)
{
    float p[4], d, f;

    transform_point(p, pos, world_view);
    d = s->range_fog ? sqrtf(dot3(p, p)) : fabsf(p[2]);
    switch (s->fog_mode)
    {
        case D3DFOG_EXP:  f = expf(-s->fog_density * d); break;
        case D3DFOG_EXP2: f = expf(-(s->fog_density * d) * (s->fog_density * d)); break;
        default:
            /* start == end fogs every vertex, as the shaders do. */
            f = s->fog_end != s->fog_start ? (s->fog_end - d) / (s->fog_end - s->fog_start) : 0.0f;
            break;
    }
    if (!(f >= 0.0f)) f = 0.0f;
    if (f > 1.0f) f = 1.0f;
    return (DWORD)(f * 255.0f + 0.5f);
}

static DWORD clip_code(const struct d3d7_vp_state *s, const float c[4], const float world_pos[3],
        const struct wined3d_matrix *world_view)
{
    DWORD code = 0;
    unsigned int i;

    if (c[0] < -c[3]) code |= D3D7_CLIP_LEFT;
    if (c[0] > c[3]) code |= D3D7_CLIP_RIGHT;
    if (c[1] > c[3]) code |= D3D7_CLIP_TOP;
    if (c[1] < -c[3]) code |= D3D7_CLIP_BOTTOM;
    if (c[2] < 0.0f) code |= D3D7_CLIP_FRONT;
    if (c[2] > c[3]) code |= D3D7_CLIP_BACK;
    if (s->clip_plane_enable)
    {
        float world[4];

        /* User clip planes are in world space in Direct3D 7. */
        (void)world_view;
        world[0] = world_pos[0] * s->world._11 + world_pos[1] * s->world._21 + world_pos[2] * s->world._31 + s->world._41;
        world[1] = world_pos[0] * s->world._12 + world_pos[1] * s->world._22 + world_pos[2] * s->world._32 + s->world._42;
        world[2] = world_pos[0] * s->world._13 + world_pos[1] * s->world._23 + world_pos[2] * s->world._33 + s->world._43;
        world[3] = world_pos[0] * s->world._14 + world_pos[1] * s->world._24 + world_pos[2] * s->world._34 + s->world._44;
        for (i = 0; i < D3D7_MAX_CLIP_PLANES; ++i)
        {
            const float *p = s->clip_planes[i];

            if (!(s->clip_plane_enable & (1u << i))) continue;
            if (p[0] * world[0] + p[1] * world[1] + p[2] * world[2] + p[3] * world[3] < 0.0f)
                code |= D3DCLIP_GEN0 << i;
        }
    }
    return code;
}

/* Converting a float beyond LONG's range is undefined: positions far
 * outside the screen (1e22, or a world matrix of 1e30) are clamped. */
BOOL d3d7_extent_from_float(float f, LONG *out)
{
    if (f != f) return FALSE;
    if (f >= 2147483648.0f) *out = 0x7fffffff;
    else if (f <= -2147483648.0f) *out = -0x7fffffff - 1;
    else *out = (LONG)f;
    return TRUE;
}

void d3d7_clip_status_add_extents(D3DCLIPSTATUS *cs, const D3DRECT *e)
{
    if (!(cs->dwFlags & D3DCLIPSTATUS_EXTENTS2))
    {
        cs->minx = (float)e->x1;
        cs->miny = (float)e->y1;
        cs->maxx = (float)e->x2;
        cs->maxy = (float)e->y2;
        cs->dwFlags |= D3DCLIPSTATUS_EXTENTS2;
        return;
    }
    if (e->x1 < cs->minx) cs->minx = (float)e->x1;
    if (e->y1 < cs->miny) cs->miny = (float)e->y1;
    if (e->x2 > cs->maxx) cs->maxx = (float)e->x2;
    if (e->y2 > cs->maxy) cs->maxy = (float)e->y2;
}

DWORD d3d7_process_vertices_cpu(const struct d3d7_vp_state *s, DWORD ops,
        DWORD src_fvf, const struct wined3d_strided_data *src, unsigned int count,
        DWORD dst_fvf, BYTE *dst, DWORD dst_stride, DWORD *clip_codes, D3DRECT *extents)
{
    struct wined3d_matrix world_view, wvp;
    struct wined3d_strided_data out;
    float min_z = s->viewport.min_z, max_z = s->viewport.max_z;
    unsigned int i, t, src_tex = fvf_tex_count(src_fvf), dst_tex = fvf_tex_count(dst_fvf);
    /* Direct3D 7 lights vertices without normals too, as if their normal
     * were 0: ambient and emissive light only (Wine's ddraw7.c
     * test_lighting); older versions leave D3DVOP_LIGHT out for them. */
    BOOL light = !!(ops & D3DVOP_LIGHT);
    static const float no_normal[3];
    DWORD clip_union = 0;

    d3d7_multiply_matrix(&world_view, &s->world, &s->view);
    d3d7_multiply_matrix(&wvp, &world_view, &s->projection);
    /* An empty depth range is widened to 0.001, as Direct3D 7 does. */
    if (max_z <= min_z) max_z = min_z + 0.001f;
    d3d7_strided_from_fvf(&out, dst_fvf, dst, dst_stride);

    for (i = 0; i < count; ++i)
    {
        const float *pos = (const float *)((const BYTE *)src->position.data + i * src->position.stride);
        struct wined3d_color vdiffuse, vspecular;
        BOOL have_diffuse = (src_fvf & D3DFVF_DIFFUSE) && src->diffuse.data;
        BOOL have_specular = (src_fvf & D3DFVF_SPECULAR) && src->specular.data;
        DWORD src_diffuse = 0xffffffff, src_specular = 0;
        float c[4], rhw, *o;

        if (have_diffuse)
        {
            src_diffuse = *(const DWORD *)((const BYTE *)src->diffuse.data + i * src->diffuse.stride);
            color_from_argb(&vdiffuse, src_diffuse);
        }
        if (have_specular)
        {
            src_specular = *(const DWORD *)((const BYTE *)src->specular.data + i * src->specular.stride);
            color_from_argb(&vspecular, src_specular);
        }

        transform_point(c, pos, &wvp);
        if (clip_codes || (ops & D3DVOP_CLIP))
        {
            DWORD code = clip_code(s, c, pos, &world_view);

            if (clip_codes) clip_codes[i] = code;
            clip_union |= code;
        }
        rhw = c[3] != 0.0f ? 1.0f / c[3] : 1.0f;

        o = (float *)((BYTE *)out.position.data + i * dst_stride);
        o[0] = s->viewport.x + (1.0f + c[0] * rhw) * s->viewport.width * 0.5f;
        o[1] = s->viewport.y + (1.0f - c[1] * rhw) * s->viewport.height * 0.5f;
        o[2] = min_z + c[2] * rhw * (max_z - min_z);
        if ((dst_fvf & D3DFVF_POSITION_MASK) == D3DFVF_XYZRHW) o[3] = rhw;
        if (extents)
        {
            LONG x1, y1, x2, y2;

            /* NaN positions add nothing. */
            if (d3d7_extent_from_float(floorf(o[0]), &x1) && d3d7_extent_from_float(floorf(o[1]), &y1)
                    && d3d7_extent_from_float(ceilf(o[0]), &x2) && d3d7_extent_from_float(ceilf(o[1]), &y2))
            {
                if (x1 < extents->x1) extents->x1 = x1;
                if (y1 < extents->y1) extents->y1 = y1;
                if (x2 > extents->x2) extents->x2 = x2;
                if (y2 > extents->y2) extents->y2 = y2;
            }
        }

        if (light)
        {
            const float *normal = (src_fvf & D3DFVF_NORMAL) && src->normal.data
                    ? (const float *)((const BYTE *)src->normal.data + i * src->normal.stride) : no_normal;
            DWORD d = 0, sp = 0;

            light_vertex(s, &world_view, pos, normal, have_diffuse ? &vdiffuse : NULL,
                    have_specular ? &vspecular : NULL, &d, &sp);
            if (dst_fvf & D3DFVF_DIFFUSE) *(DWORD *)((BYTE *)out.diffuse.data + i * dst_stride) = d;
            if (dst_fvf & D3DFVF_SPECULAR) *(DWORD *)((BYTE *)out.specular.data + i * dst_stride) = sp;
        }
        else if (!(ops & D3D7_VOP_DONOTCOPYDATA))
        {
            if (dst_fvf & D3DFVF_DIFFUSE) *(DWORD *)((BYTE *)out.diffuse.data + i * dst_stride) = src_diffuse;
            if (dst_fvf & D3DFVF_SPECULAR) *(DWORD *)((BYTE *)out.specular.data + i * dst_stride) = src_specular;
        }
        /* Vertex fog goes to the specular alpha, whatever the table fog
         * (Wine's ddraw7.c test_fog_process_vertices). */
        if ((dst_fvf & D3DFVF_SPECULAR) && s->fog_mode >= D3DFOG_EXP && s->fog_mode <= D3DFOG_LINEAR
                && (light || !(ops & D3D7_VOP_DONOTCOPYDATA)))
        {
            DWORD *spec = (DWORD *)((BYTE *)out.specular.data + i * dst_stride);

            *spec = (*spec & 0x00ffffff) | vertex_fog(s, pos, &world_view) << 24;
        }

        for (t = 0; t < dst_tex && !(ops & D3D7_VOP_DONOTCOPYDATA); ++t)
        {
            float *tc = (float *)((BYTE *)out.tex_coords[t].data + i * dst_stride);
            unsigned int n = fvf_tex_size(dst_fvf, t), k, have = 0;
            const float *sc = NULL;

            if (t < src_tex && src->tex_coords[t].data)
            {
                sc = (const float *)((const BYTE *)src->tex_coords[t].data + i * src->tex_coords[t].stride);
                have = fvf_tex_size(src_fvf, t);
            }
            for (k = 0; k < n; ++k)
                tc[k] = k < have ? sc[k] : (k == 3 ? 1.0f : 0.0f);
        }
    }
    return clip_union;
}

/* ---------------------------------------------------------------------- */
/* IDirect3DVertexBuffer7                                                  */

static const IDirect3DVertexBuffer7Vtbl d3d7_vertex_buffer_vtbl;

struct d3d7_vertex_buffer *d3d7_vertex_buffer_from_iface(IDirect3DVertexBuffer7 *iface)
{
    if (!iface || iface->lpVtbl != &d3d7_vertex_buffer_vtbl) return NULL;
    return (struct d3d7_vertex_buffer *)((char *)iface - offsetof(struct d3d7_vertex_buffer,
            IDirect3DVertexBuffer7_iface));
}

static inline struct d3d7_vertex_buffer *impl_from_iface(IDirect3DVertexBuffer7 *iface)
{
    return (struct d3d7_vertex_buffer *)((char *)iface - offsetof(struct d3d7_vertex_buffer,
            IDirect3DVertexBuffer7_iface));
}

struct wined3d_buffer *d3d7_vertex_buffer_prepare_draw(struct d3d7_vertex_buffer *buffer)
{
    void *data;

    if (!buffer->wined3d_buffer) return NULL;
    if (buffer->dirty)
    {
        if (FAILED(wined3d_buffer_map(buffer->wined3d_buffer, 0, buffer->size,
                WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &data)))
            return NULL;
        memcpy(data, buffer->data, buffer->size);
        wined3d_buffer_unmap(buffer->wined3d_buffer);
        buffer->dirty = FALSE;
    }
    return buffer->wined3d_buffer;
}

static HRESULT d3d7_vertex_buffer_QueryInterface_unlocked(IDirect3DVertexBuffer7 *iface, REFIID riid,
        void **out)
{
    TRACE("iface %p, riid %s, out %p.\n", iface, dx7gl_dbgstr_guid(riid), out);

    if (!out) return DDERR_INVALIDPARAMS;
    if (riid && (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirect3DVertexBuffer7)))
    {
        IDirect3DVertexBuffer7_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_QueryInterface(IDirect3DVertexBuffer7 *iface, REFIID riid,
        void **out)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_QueryInterface_unlocked(iface, riid, out);
    ddraw_unlock();
    return ret;
}

static ULONG d3d7_vertex_buffer_AddRef_unlocked(IDirect3DVertexBuffer7 *iface)
{
    struct d3d7_vertex_buffer *buffer = impl_from_iface(iface);
    ULONG refcount = __sync_add_and_fetch(&buffer->refcount, 1);

    TRACE("%p increasing refcount to %u.\n", buffer, (unsigned int)refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d7_vertex_buffer_AddRef(IDirect3DVertexBuffer7 *iface)
{
    ULONG ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_AddRef_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static ULONG d3d7_vertex_buffer_Release_unlocked(IDirect3DVertexBuffer7 *iface)
{
    struct d3d7_vertex_buffer *buffer = impl_from_iface(iface);
    ULONG refcount = __sync_sub_and_fetch(&buffer->refcount, 1);

    TRACE("%p decreasing refcount to %u.\n", buffer, (unsigned int)refcount);

    if (!refcount)
    {
        if (buffer->wined3d_buffer)
        {
            const struct wined3d_state *state = wined3d_device_get_state(buffer->wined3d_device);

            /* Do not leave the core pointing at a freed buffer. */
            if (state->stream.buffer == buffer->wined3d_buffer)
                wined3d_device_set_stream_source(buffer->wined3d_device, NULL, 0, 0);
            wined3d_buffer_destroy(buffer->wined3d_buffer);
        }
        free(buffer->clip_codes);
        free(buffer->data);
        if (buffer->ddraw_iface) IDirectDraw7_Release(buffer->ddraw_iface);
        free(buffer);
    }
    return refcount;
}

static ULONG STDMETHODCALLTYPE d3d7_vertex_buffer_Release(IDirect3DVertexBuffer7 *iface)
{
    ULONG ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_Release_unlocked(iface);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_vertex_buffer_Lock_unlocked(IDirect3DVertexBuffer7 *iface, DWORD flags,
        void **data, DWORD *size)
{
    struct d3d7_vertex_buffer *buffer = impl_from_iface(iface);

    TRACE("iface %p, flags %#x, data %p, size %p.\n", iface, (unsigned int)flags, data, size);

    if (!data) return DDERR_INVALIDPARAMS;
    if (buffer->optimized)
    {
        *data = NULL;
        return D3DERR_VERTEXBUFFEROPTIMIZED;
    }
    /* The CPU copy is always current, so DISCARDCONTENTS and NOOVERWRITE
     * need nothing; READONLY leaves the core buffer as it is. */
    if (!(flags & DDLOCK_READONLY)) buffer->dirty = TRUE;
    ++buffer->lock_count;
    *data = buffer->data;
    if (size) *size = buffer->size;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_Lock(IDirect3DVertexBuffer7 *iface, DWORD flags,
        void **data, DWORD *size)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_Lock_unlocked(iface, flags, data, size);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_vertex_buffer_Unlock_unlocked(IDirect3DVertexBuffer7 *iface)
{
    struct d3d7_vertex_buffer *buffer = impl_from_iface(iface);

    TRACE("iface %p.\n", iface);

    if (!buffer->lock_count) return D3DERR_VERTEXBUFFERUNLOCKFAILED;
    --buffer->lock_count;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_Unlock(IDirect3DVertexBuffer7 *iface)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_Unlock_unlocked(iface);
    ddraw_unlock();
    return ret;
}

/* Windows transforms into a destination without RHW as if it had one: each
 * vertex's rhw lands on the float after its position, which the next
 * vertex overwrites, so the last one's stays in the vertex after the range
 * if the buffer has one (Wine's test_process_vertices; no program is known
 * to rely on it, but it is the buffer's content Windows leaves). */
static void process_last_rhw(struct d3d7_vertex_buffer *dst, DWORD dst_index, DWORD count,
        const struct d3d7_vp_state *state, DWORD src_fvf, const struct wined3d_strided_data *src)
{
    float *tmp;

    const BYTE *pos = src->position.data;

    /* A source in the destination's memory was overwritten already. */
    if (dst->fvf != D3DFVF_XYZ || dst_index + count >= dst->vertex_count
            || (pos >= dst->data && pos < dst->data + dst->size))
        return;
    if (!(tmp = malloc(count * 4 * sizeof(*tmp))))
        return;
    d3d7_process_vertices_cpu(state, D3DVOP_TRANSFORM, src_fvf, src, count, D3DFVF_XYZRHW,
            (BYTE *)tmp, 4 * sizeof(*tmp), NULL, NULL);
    memcpy(dst->data + (dst_index + count) * dst->stride, &tmp[(count - 1) * 4 + 3], sizeof(*tmp));
    free(tmp);
}

static HRESULT process(struct d3d7_vertex_buffer *dst, DWORD ops, DWORD dst_index, DWORD count,
        DWORD src_fvf, const struct wined3d_strided_data *src, IDirect3DDevice7 *device_iface, DWORD flags)
{
    struct d3d7_device *device = d3d7_device_from_iface(device_iface);
    struct d3d7_vp_state state;
    D3DRECT extents;
    DWORD clip;

    extents.x1 = extents.y1 = 0x7fffffff;
    extents.x2 = extents.y2 = -0x7fffffff;
    if (!device) return DDERR_INVALIDPARAMS;
    if (!(ops & D3DVOP_TRANSFORM)) return DDERR_INVALIDPARAMS;
    if (dst->optimized) return D3DERR_VERTEXBUFFEROPTIMIZED;
    if (dst->lock_count) return D3DERR_VERTEXBUFFERLOCKED;
    if (dst_index > dst->vertex_count || count > dst->vertex_count - dst_index) return DDERR_INVALIDPARAMS;
    if (!count) return D3D_OK;

    d3d7_device_activate(device);
    d3d7_vp_state_from_device(&state, device->wined3d_device);
    ops &= ~D3D7_VOP_DONOTCOPYDATA;
    if (flags & D3DPV_DONOTCOPYDATA) ops |= D3D7_VOP_DONOTCOPYDATA;
    /* A Direct3D 6 buffer copies the colours of vertices without normals
     * (Wine's ddraw4.c test_lighting), Direct3D 7 lights them. */
    if (dst->legacy && !(src_fvf & D3DFVF_NORMAL)) ops &= ~D3DVOP_LIGHT;
    if (!dst->clip_codes && (ops & D3DVOP_CLIP) && !(dst->caps & D3DVBCAPS_DONOTCLIP))
        dst->clip_codes = calloc(dst->vertex_count, sizeof(*dst->clip_codes));
    clip = d3d7_process_vertices_cpu(&state, ops, src_fvf, src, count, dst->fvf,
            dst->data + dst_index * dst->stride, dst->stride,
            (ops & D3DVOP_CLIP) && dst->clip_codes ? dst->clip_codes + dst_index : NULL,
            (ops & D3DVOP_EXTENTS) ? &extents : NULL);
    process_last_rhw(dst, dst_index, count, &state, src_fvf, src);
    dst->dirty = TRUE;

    if (ops & D3DVOP_CLIP)
        device->clip_status.dwStatus |= clip;
    if (ops & D3DVOP_EXTENTS)
        d3d7_clip_status_add_extents(&device->clip_status, &extents);
    return D3D_OK;
}

static HRESULT d3d7_vertex_buffer_ProcessVertices_unlocked(IDirect3DVertexBuffer7 *iface, DWORD ops,
        DWORD dst_index, DWORD count, IDirect3DVertexBuffer7 *src_buffer, DWORD src_index,
        IDirect3DDevice7 *device, DWORD flags)
{
    struct d3d7_vertex_buffer *dst = impl_from_iface(iface);
    struct d3d7_vertex_buffer *src = d3d7_vertex_buffer_from_iface(src_buffer);
    struct wined3d_strided_data strided;

    TRACE("iface %p, ops %#x, dst_index %u, count %u, src %p, src_index %u, device %p, flags %#x.\n", iface,
            (unsigned int)ops, (unsigned int)dst_index, (unsigned int)count, src_buffer,
            (unsigned int)src_index, device, (unsigned int)flags);

    if (!src) return DDERR_INVALIDPARAMS;
    if (src->lock_count) return D3DERR_VERTEXBUFFERLOCKED;
    if ((src->fvf & D3DFVF_POSITION_MASK) == D3DFVF_XYZRHW) return DDERR_INVALIDPARAMS;
    if (src_index > src->vertex_count || count > src->vertex_count - src_index) return DDERR_INVALIDPARAMS;
    d3d7_strided_from_fvf(&strided, src->fvf, src->data + src_index * src->stride, src->stride);
    return process(dst, ops, dst_index, count, src->fvf, &strided, device, flags);
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_ProcessVertices(IDirect3DVertexBuffer7 *iface, DWORD ops,
        DWORD dst_index, DWORD count, IDirect3DVertexBuffer7 *src_buffer, DWORD src_index,
        IDirect3DDevice7 *device, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_ProcessVertices_unlocked(iface, ops, dst_index, count, src_buffer, src_index, device, flags);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_vertex_buffer_GetVertexBufferDesc_unlocked(IDirect3DVertexBuffer7 *iface,
        D3DVERTEXBUFFERDESC *desc)
{
    struct d3d7_vertex_buffer *buffer = impl_from_iface(iface);

    TRACE("iface %p, desc %p.\n", iface, desc);

    if (!desc) return DDERR_INVALIDPARAMS;
    /* dwSize is left as the caller set it and nothing beyond the
     * structure is written. */
    desc->dwCaps = buffer->caps;
    desc->dwFVF = buffer->fvf;
    desc->dwNumVertices = buffer->vertex_count;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_GetVertexBufferDesc(IDirect3DVertexBuffer7 *iface,
        D3DVERTEXBUFFERDESC *desc)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_GetVertexBufferDesc_unlocked(iface, desc);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_vertex_buffer_Optimize_unlocked(IDirect3DVertexBuffer7 *iface,
        IDirect3DDevice7 *device, DWORD flags)
{
    struct d3d7_vertex_buffer *buffer = impl_from_iface(iface);

    TRACE("iface %p, device %p, flags %#x.\n", iface, device, (unsigned int)flags);

    if (buffer->optimized) return D3DERR_VERTEXBUFFEROPTIMIZED;
    if (buffer->lock_count) return D3DERR_VERTEXBUFFERLOCKED;
    buffer->optimized = TRUE;
    buffer->caps |= D3DVBCAPS_OPTIMIZED;
    d3d7_vertex_buffer_prepare_draw(buffer);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_Optimize(IDirect3DVertexBuffer7 *iface,
        IDirect3DDevice7 *device, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_Optimize_unlocked(iface, device, flags);
    ddraw_unlock();
    return ret;
}

static HRESULT d3d7_vertex_buffer_ProcessVerticesStrided_unlocked(IDirect3DVertexBuffer7 *iface,
        DWORD ops, DWORD dst_index, DWORD count, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD fvf,
        IDirect3DDevice7 *device, DWORD flags)
{
    struct d3d7_vertex_buffer *dst = impl_from_iface(iface);

    TRACE("iface %p, ops %#x, dst_index %u, count %u, data %p, fvf %#x, device %p, flags %#x.\n", iface,
            (unsigned int)ops, (unsigned int)dst_index, (unsigned int)count, data, (unsigned int)fvf,
            device, (unsigned int)flags);

    if (!data || !data->position.lpvData) return DDERR_INVALIDPARAMS;
    if (!d3d7_fvf_is_valid(fvf) || (fvf & D3DFVF_POSITION_MASK) == D3DFVF_XYZRHW)
        return DDERR_INVALIDPARAMS;
    if ((fvf & D3DFVF_NORMAL) && !data->normal.lpvData) return DDERR_INVALIDPARAMS;
    return process(dst, ops, dst_index, count, fvf, (const struct wined3d_strided_data *)data, device, flags);
}

static HRESULT STDMETHODCALLTYPE d3d7_vertex_buffer_ProcessVerticesStrided(IDirect3DVertexBuffer7 *iface,
        DWORD ops, DWORD dst_index, DWORD count, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD fvf,
        IDirect3DDevice7 *device, DWORD flags)
{
    HRESULT ret;

    ddraw_lock();
    ret = d3d7_vertex_buffer_ProcessVerticesStrided_unlocked(iface, ops, dst_index, count, data, fvf, device, flags);
    ddraw_unlock();
    return ret;
}

static const IDirect3DVertexBuffer7Vtbl d3d7_vertex_buffer_vtbl =
{
    d3d7_vertex_buffer_QueryInterface,
    d3d7_vertex_buffer_AddRef,
    d3d7_vertex_buffer_Release,
    d3d7_vertex_buffer_Lock,
    d3d7_vertex_buffer_Unlock,
    d3d7_vertex_buffer_ProcessVertices,
    d3d7_vertex_buffer_GetVertexBufferDesc,
    d3d7_vertex_buffer_Optimize,
    d3d7_vertex_buffer_ProcessVerticesStrided,
};

HRESULT d3d7_vertex_buffer_create(struct d3d7 *d3d, const D3DVERTEXBUFFERDESC *desc, DWORD flags,
        struct d3d7_vertex_buffer **out)
{
    struct d3d7_vertex_buffer *buffer;
    DWORD stride;

    /* The description must say its own size, as Direct3D 7 checks it. */
    if (desc->dwSize != sizeof(*desc))
        return DDERR_INVALIDPARAMS;
    if (!d3d7_fvf_is_valid(desc->dwFVF) || !(stride = d3d7_fvf_stride(desc->dwFVF)))
        return D3DERR_INVALIDVERTEXFORMAT;
    if (!desc->dwNumVertices || desc->dwNumVertices > D3DMAXNUMVERTICES)
        return DDERR_INVALIDPARAMS;

    if (!(buffer = calloc(1, sizeof(*buffer))))
        return DDERR_OUTOFMEMORY;
    buffer->IDirect3DVertexBuffer7_iface.lpVtbl = &d3d7_vertex_buffer_vtbl;
    buffer->refcount = 1;
    buffer->d3d = d3d;
    buffer->caps = desc->dwCaps & ~D3DVBCAPS_OPTIMIZED;
    buffer->fvf = desc->dwFVF;
    buffer->vertex_count = desc->dwNumVertices;
    buffer->stride = stride;
    buffer->size = stride * desc->dwNumVertices;
    if (!(buffer->data = calloc(1, buffer->size)))
    {
        free(buffer);
        return DDERR_OUTOFMEMORY;
    }
    /* Video memory buffers draw from a core buffer. */
    buffer->wined3d_device = d3d7_ddraw_get_wined3d_device(d3d->ddraw);
    if (!(buffer->caps & D3DVBCAPS_SYSTEMMEMORY) && buffer->wined3d_device)
    {
        if (FAILED(wined3d_buffer_create(buffer->wined3d_device, buffer->size, 0, &buffer->wined3d_buffer)))
        {
            WARN("Failed to create a core buffer, drawing from system memory.\n");
            buffer->wined3d_buffer = NULL;
        }
        buffer->dirty = TRUE;
    }
    buffer->ddraw_iface = d3d7_ddraw_get_iface(d3d->ddraw);
    IDirectDraw7_AddRef(buffer->ddraw_iface);
    *out = buffer;
    TRACE("Created vertex buffer %p, fvf %#x, %u vertices.\n", buffer, (unsigned int)buffer->fvf,
            (unsigned int)buffer->vertex_count);
    return D3D_OK;
}

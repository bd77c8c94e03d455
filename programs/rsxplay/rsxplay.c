/*
 * rsxplay: a scene drawn through decoded RSX programs on wined3d-lite.
 *
 *   rsxplay --demo [--out DIR] [--write-container FILE]
 *   rsxplay CONTAINER [--out DIR]
 *
 * The programs come from a container (the demo's is assembled with the
 * test suite's encoder: no disc data is available) and are read, decoded
 * and translated by dlls/rsx exactly as a .psp / .vsp from the disc would
 * be.  Three passes, as the game draws its frame: the scene with a
 * textured program (GlobalBrightness a uniform patched into the
 * microcode), the scene's depth as RGB bytes (what the fog pass reads
 * through an RGB8 view of the depth buffer), then the fog pass of seed 002
 * as a core full-screen pass, with MainInv the inverse of the projection
 * and CHARLIE's opacity.  The frame goes to DIR/rsxplay-demo.png.  A
 * container that is not well formed, or not the demo's five programs, is
 * refused with exit status 1.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx.h"
#include "demo_programs.h"
#include "dx7gl/png.h"
#include "wined3d-lite/wined3d.h"

#define WIDTH 320
#define HEIGHT 240

struct vertex
{
    float position[4], tex0[4], color[4];
};

static const struct wined3d_program_attribute attributes[3] =
{
    {0, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, 0},
    {8, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, 16},
    {3, 4, WINED3D_PROGRAM_ATTRIB_FLOAT, 32},
};

struct geometry
{
    struct vertex vertices[4 + 24 * 4];
    uint16_t indices[6 + 36 * 4];
    unsigned int vertex_count, index_count;
};

static void add_quad(struct geometry *g, const float p[4][3], const float uv_scale, const float color[3])
{
    static const float uv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    unsigned int base = g->vertex_count, n;

    for (n = 0; n < 4; ++n)
    {
        struct vertex *v = &g->vertices[g->vertex_count++];
        memcpy(v->position, p[n], 12);
        v->position[3] = 1.0f;
        v->tex0[0] = uv[n][0] * uv_scale;
        v->tex0[1] = uv[n][1] * uv_scale;
        v->color[0] = color[0];
        v->color[1] = color[1];
        v->color[2] = color[2];
        v->color[3] = 1.0f;
    }
    g->indices[g->index_count++] = base;
    g->indices[g->index_count++] = base + 1;
    g->indices[g->index_count++] = base + 2;
    g->indices[g->index_count++] = base;
    g->indices[g->index_count++] = base + 2;
    g->indices[g->index_count++] = base + 3;
}

/* A box's four sides and top, shaded by their direction. */
static void add_box(struct geometry *g, float x, float z, float size, float height)
{
    static const float shade[5][3] = {{0.9f, 0.8f, 0.7f}, {0.6f, 0.55f, 0.5f}, {0.75f, 0.7f, 0.6f},
            {0.5f, 0.45f, 0.4f}, {1.0f, 0.95f, 0.85f}};
    float x0 = x - size, x1 = x + size, z0 = z - size, z1 = z + size, y0 = -1.5f, y1 = -1.5f + height;
    const float faces[5][4][3] =
    {
        {{x0, y0, z0}, {x1, y0, z0}, {x1, y1, z0}, {x0, y1, z0}},
        {{x1, y0, z0}, {x1, y0, z1}, {x1, y1, z1}, {x1, y1, z0}},
        {{x0, y0, z1}, {x0, y0, z0}, {x0, y1, z0}, {x0, y1, z1}},
        {{x1, y0, z1}, {x0, y0, z1}, {x0, y1, z1}, {x1, y1, z1}},
        {{x0, y1, z0}, {x1, y1, z0}, {x1, y1, z1}, {x0, y1, z1}},
    };
    unsigned int f;

    for (f = 0; f < 5; ++f)
        add_quad(g, faces[f], 2.0f, shade[f]);
}

static void build_scene(struct geometry *g)
{
    static const float ground[4][3] = {{-40, -1.5f, 1}, {40, -1.5f, 1}, {40, -1.5f, 80}, {-40, -1.5f, 80}};
    static const float ground_color[3] = {0.55f, 0.7f, 0.45f};

    memset(g, 0, sizeof(*g));
    add_quad(g, ground, 24.0f, ground_color);
    add_box(g, -3.0f, 8.0f, 1.0f, 3.0f);
    add_box(g, 2.5f, 14.0f, 1.5f, 5.0f);
    add_box(g, -6.0f, 26.0f, 2.0f, 7.0f);
    add_box(g, 8.0f, 40.0f, 3.0f, 9.0f);
}

/* Direct3D-style projection (row vectors, clip z 0..w) and its inverse. */
static void projection(float p[16], float inv[16])
{
    const float zn = 1.0f, zf = 100.0f, ys = 1.7f, xs = ys * HEIGHT / WIDTH, q = zf / (zf - zn);

    memset(p, 0, 16 * sizeof(float));
    memset(inv, 0, 16 * sizeof(float));
    p[0] = xs; p[5] = ys; p[10] = q; p[11] = 1.0f; p[14] = -zn * q;
    inv[0] = 1.0f / xs; inv[5] = 1.0f / ys; inv[11] = -(zf - zn) / (zn * zf); inv[14] = 1.0f; inv[15] = 1.0f / zn;
}

static int create_target(struct wined3d_device *device, uint32_t usage, enum wined3d_format_id format,
        struct wined3d_texture **texture)
{
    struct wined3d_texture_desc desc;

    memset(&desc, 0, sizeof(desc));
    desc.type = WINED3D_RTYPE_TEXTURE_2D;
    desc.format = format;
    desc.usage = usage;
    desc.width = WIDTH;
    desc.height = HEIGHT;
    desc.levels = 1;
    return WINED3D_SUCCEEDED(wined3d_texture_create(device, &desc, texture)) ? 0 : -1;
}

static int create_checker(struct wined3d_device *device, struct wined3d_texture **texture)
{
    static uint32_t texels[64 * 64];
    struct wined3d_texture_desc desc;
    unsigned int x, y;

    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
            texels[y * 64 + x] = ((x / 8 + y / 8) & 1) ? 0xffe8e0d0 : 0xff8c8478;
    memset(&desc, 0, sizeof(desc));
    desc.type = WINED3D_RTYPE_TEXTURE_2D;
    desc.format = WINED3DFMT_A8R8G8B8;
    desc.usage = WINED3D_USAGE_AUTOGENMIPMAP;
    desc.width = desc.height = 64;
    desc.levels = 0;
    if (WINED3D_FAILED(wined3d_texture_create(device, &desc, texture)))
        return -1;
    return WINED3D_SUCCEEDED(wined3d_texture_upload_data(*texture, 0, texels, 64 * 4)) ? 0 : -1;
}

static void draw_scene(struct wined3d_device *device, const struct geometry *g)
{
    wined3d_device_draw_program_up(device, WINED3D_PT_TRIANGLELIST, attributes, 3, g->vertices, g->vertex_count,
            sizeof(g->vertices[0]), g->indices, g->index_count);
}

static int set_parameter(struct rsx_pipeline *pipeline, const struct rsx_program *program, const char *name,
        const float *value)
{
    const struct rsx_parameter *p = rsx_program_find_parameter(program, name);

    if (!p || rsx_pipeline_set_fragment_parameter(pipeline, p, value, 4) < 0)
    {
        fprintf(stderr, "rsxplay: the fragment program has no uniform %s\n", name);
        return -1;
    }
    return 0;
}

static int render(const struct rsx_container *c, const char *dir)
{
    static const float brightness[4] = {1.1f, 1.1f, 1.1f, 1.0f};
    /* a1, a2: distance band; a3, a4: height band; a5-a7 colour; a8 CHARLIE's opacity. */
    static const float fog0[4] = {3.0f, 45.0f, -2.5f, 4.0f}, fog1[4] = {0.93f, 0.72f, 0.55f, 0.4157f};
    struct rsx_pipeline scene, depth, fog;
    struct wined3d_texture *color_rt, *depth_rt, *final_rt, *zbuffer, *checker;
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device;
    struct wined3d_counters counters;
    struct wined3d_map_desc map;
    struct rsx_error error;
    struct geometry g;
    float proj[16], inv[16], mvp[16];
    static uint32_t rgba[WIDTH * HEIGHT];
    char path[4096], name[16];
    unsigned int n, y, x;
    int status = 0;

    if (c->count != DEMO_PROGRAM_COUNT || c->programs[DEMO_VP_FULLSCREEN].profile != RSX_CG_PROFILE_VERTEX
            || c->programs[DEMO_FP_FOG].profile != RSX_CG_PROFILE_FRAGMENT)
    {
        fprintf(stderr, "rsxplay: the container is not the demo's five programs\n");
        return 1;
    }
    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = WIDTH;
    desc.backbuffer_height = HEIGHT;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    if (WINED3D_FAILED(wined3d_device_create(&desc, 0, &device)))
    {
        fprintf(stderr, "rsxplay: no GL device (EGL surfaceless)\n");
        return 1;
    }
    if (create_target(device, WINED3D_USAGE_RENDERTARGET, WINED3DFMT_A8R8G8B8, &color_rt) < 0
            || create_target(device, WINED3D_USAGE_RENDERTARGET, WINED3DFMT_A8R8G8B8, &depth_rt) < 0
            || create_target(device, WINED3D_USAGE_RENDERTARGET, WINED3DFMT_A8R8G8B8, &final_rt) < 0
            || create_target(device, WINED3D_USAGE_DEPTHSTENCIL, WINED3DFMT_D24S8, &zbuffer) < 0
            || create_checker(device, &checker) < 0)
    {
        fprintf(stderr, "rsxplay: could not create the targets\n");
        wined3d_device_destroy(device);
        return 1;
    }
    if (rsx_pipeline_create(device, &c->programs[DEMO_VP_TRANSFORM], &c->programs[DEMO_FP_TEXTURED], &scene, &error) < 0
            || rsx_pipeline_create(device, &c->programs[DEMO_VP_TRANSFORM], &c->programs[DEMO_FP_DEPTH_RGB], &depth,
                    &error) < 0
            || rsx_pipeline_create(device, &c->programs[DEMO_VP_FULLSCREEN], &c->programs[DEMO_FP_FOG], &fog, &error) < 0)
    {
        fprintf(stderr, "rsxplay: %s\n", error.message);
        wined3d_device_destroy(device);
        return 1;
    }
    build_scene(&g);
    projection(proj, inv);
    /* The view is the identity: c32..c35 are the projection's columns. */
    for (n = 0; n < 16; ++n)
        mvp[n] = proj[(n % 4) * 4 + n / 4];
    status |= set_parameter(&scene, &c->programs[DEMO_FP_TEXTURED], "GlobalBrightness", brightness);
    for (n = 0; n < 4 && !status; ++n)
    {
        snprintf(name, sizeof(name), "MainInv[%u]", n);
        status |= set_parameter(&fog, &c->programs[DEMO_FP_FOG], name, &inv[4 * n]);
    }
    status |= set_parameter(&fog, &c->programs[DEMO_FP_FOG], "FogParams0", fog0);
    status |= set_parameter(&fog, &c->programs[DEMO_FP_FOG], "FogParams1", fog1);

    wined3d_device_set_depth_stencil(device, zbuffer, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
    wined3d_device_set_render_state(device, WINED3D_RS_ZFUNC, WINED3D_CMP_LESSEQUAL);
    wined3d_device_set_texture(device, 0, checker);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_LINEAR);

    /* Pass 1: the scene's colours. */
    wined3d_device_set_render_target(device, color_rt, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff7fa7d0, 1.0f, 0);
    rsx_pipeline_bind(&scene);
    rsx_pipeline_set_vertex_constants(&scene, 32, 4, mvp);
    draw_scene(device, &g);
    /* Pass 2: its depth as three bytes (far: ff ff ff). */
    wined3d_device_set_render_target(device, depth_rt, 0);
    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xffffffff, 1.0f, 0);
    rsx_pipeline_bind(&depth);
    draw_scene(device, &g);
    /* Pass 3: fog over the whole frame. */
    wined3d_device_set_render_target(device, final_rt, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
    wined3d_device_set_texture(device, 0, color_rt);
    wined3d_device_set_texture(device, 1, depth_rt);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MIPFILTER, WINED3D_TFP_NONE);
    for (n = 0; n < 2; ++n)
    {
        wined3d_device_set_texture_stage_state(device, n, WINED3D_TSS_MAGFILTER, WINED3D_TFG_POINT);
        wined3d_device_set_texture_stage_state(device, n, WINED3D_TSS_MINFILTER, WINED3D_TFN_POINT);
    }
    rsx_pipeline_bind(&fog);
    if (WINED3D_FAILED(wined3d_device_draw_program_fullscreen(device)))
        status = 1;

    if (WINED3D_SUCCEEDED(wined3d_texture_map(final_rt, 0, NULL, WINED3D_MAP_READ, &map)))
    {
        for (y = 0; y < HEIGHT; ++y)
            for (x = 0; x < WIDTH; ++x)
            {
                uint32_t p = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x];
                rgba[y * WIDTH + x] = 0xff000000u | (p & 0xff) << 16 | (p & 0xff00) | (p >> 16 & 0xff);
            }
        wined3d_texture_unmap(final_rt, 0);
        snprintf(path, sizeof(path), "%s/rsxplay-demo.png", dir);
        if (dx7gl_png_write(path, rgba, WIDTH, HEIGHT, DX7GL_PNG_RGBA32) < 0)
        {
            fprintf(stderr, "rsxplay: cannot write %s\n", path);
            status = 1;
        }
        else
        {
            wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &counters);
            printf("rsxplay: wrote %s (%ux%u): %llu draws, %llu programs built\n", path, WIDTH, HEIGHT,
                    (unsigned long long)counters.draws, (unsigned long long)counters.programs_built);
        }
    }
    else
        status = 1;

    wined3d_device_set_program(device, NULL);
    rsx_pipeline_destroy(&scene);
    rsx_pipeline_destroy(&depth);
    rsx_pipeline_destroy(&fog);
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_device_set_texture(device, 1, NULL);
    wined3d_device_set_render_target(device, NULL, 0);
    wined3d_device_set_depth_stencil(device, NULL, 0);
    wined3d_texture_destroy(color_rt);
    wined3d_texture_destroy(depth_rt);
    wined3d_texture_destroy(final_rt);
    wined3d_texture_destroy(zbuffer);
    wined3d_texture_destroy(checker);
    wined3d_device_destroy(device);
    return status ? 1 : 0;
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    long n;

    *size = 0;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0
            && (data = malloc(n ? n : 1)) && fread(data, 1, n, f) == (size_t)n)
        *size = n;
    else
    {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

static void usage(FILE *f)
{
    fprintf(f, "Usage: rsxplay (--demo | CONTAINER) [--out DIR] [--write-container FILE]\n"
            "Draws a scene through decoded RSX programs (scene, depth as RGB, the fog pass)\n"
            "and writes DIR/rsxplay-demo.png (DIR defaults to the current directory).\n");
}

int main(int argc, char **argv)
{
    const char *dir = ".", *input = NULL, *write = NULL;
    static uint8_t built[65536];
    struct rsx_container c;
    struct rsx_error error;
    unsigned char *data = NULL;
    size_t size = 0;
    int demo = 0, status, i;

    for (i = 1; i < argc; ++i)
    {
        if (!strcmp(argv[i], "--help")) { usage(stdout); return 0; }
        else if (!strcmp(argv[i], "--demo")) demo = 1;
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) dir = argv[++i];
        else if (!strcmp(argv[i], "--write-container") && i + 1 < argc) write = argv[++i];
        else if (argv[i][0] != '-' && !input) input = argv[i];
        else { usage(stderr); return 2; }
    }
    if (demo == !!input)
    {
        usage(stderr);
        return 2;
    }
    if (demo)
    {
        if (!(size = demo_build_container(built, sizeof(built))))
            return 1;
        if (write)
        {
            FILE *f = fopen(write, "wb");
            if (!f || fwrite(built, 1, size, f) != size)
            {
                fprintf(stderr, "rsxplay: cannot write %s\n", write);
                if (f) fclose(f);
                return 1;
            }
            fclose(f);
        }
    }
    else if (!(data = read_file(input, &size)))
    {
        fprintf(stderr, "rsxplay: cannot read %s\n", input);
        return 1;
    }
    if (rsx_container_read(demo ? built : data, size, &c, &error) < 0)
    {
        fprintf(stderr, "rsxplay: %s: %s\n", demo ? "demo" : input, error.message);
        free(data);
        return 1;
    }
    status = render(&c, dir);
    rsx_container_free(&c);
    free(data);
    return status;
}

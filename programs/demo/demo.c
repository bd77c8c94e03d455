/*
 * demo: draws a small scene through the core on a headless device (EGL
 * surfaceless) and writes the frame as a PNG.
 *
 *     demo [--out DIR] [--width W] [--height H]
 *
 * The scene: a clear, a Gouraud-shaded triangle and a textured, modulated
 * quad, all pre-transformed (XYZRHW) vertices.  Prints the PNG's path and
 * the core's counters for the frame.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dx7gl/png.h"
#include "wined3d-lite/wined3d.h"

struct tl_vertex { float x, y, z, rhw; uint32_t diffuse; };
struct tl_tex_vertex { float x, y, z, rhw; uint32_t diffuse; float u, v; };

/* The core's frame is B, G, R, A bytes (A8R8G8B8 / X8R8G8B8) with row_pitch
 * bytes a row; the PNG writer takes packed R, G, B rows. */
static int write_png(const char *path, const uint8_t *bgra, uint32_t pitch, uint32_t width, uint32_t height)
{
    uint8_t *rgb, *dst;
    uint32_t x, y;
    int ret;

    if (!(rgb = malloc((size_t)width * height * 3)))
        return 0;
    dst = rgb;
    for (y = 0; y < height; ++y)
    {
        const uint8_t *src = bgra + (size_t)y * pitch;
        for (x = 0; x < width; ++x, dst += 3)
        {
            dst[0] = src[x * 4 + 2];
            dst[1] = src[x * 4 + 1];
            dst[2] = src[x * 4];
        }
    }
    ret = dx7gl_png_write(path, rgb, width, height, DX7GL_PNG_RGB24) == 0;
    free(rgb);
    return ret;
}

static int make_checker(struct wined3d_device *device, struct wined3d_texture **texture)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 64, 64, 1};
    struct wined3d_map_desc map;
    uint32_t x, y;

    if (wined3d_texture_create(device, &desc, texture) != WINED3D_OK)
        return 0;
    if (wined3d_texture_map(*texture, 0, NULL, WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD, &map) != WINED3D_OK)
        return 0;
    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
            ((uint32_t *)((uint8_t *)map.data + y * map.row_pitch))[x] =
                    ((x / 8 + y / 8) & 1) ? 0xffffffff : 0xff2060c0;
    return wined3d_texture_unmap(*texture, 0) == WINED3D_OK;
}

int main(int argc, char **argv)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device;
    struct wined3d_texture *checker, *back;
    struct wined3d_counters counters;
    struct wined3d_map_desc map;
    const char *out = ".";
    char path[4096];
    uint32_t width = 320, height = 240;
    int i;

    for (i = 1; i < argc; ++i)
    {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
        {
            printf("usage: demo [--out DIR] [--width W] [--height H]\n"
                   "  draws one frame through the core and writes DIR/demo.png\n");
            return 0;
        }
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (!strcmp(argv[i], "--width") && i + 1 < argc) width = strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--height") && i + 1 < argc) height = strtoul(argv[++i], NULL, 0);
        else
        {
            fprintf(stderr, "usage: demo [--out DIR] [--width W] [--height H]\n");
            return 2;
        }
    }
    if (!width || !height || width > 4096 || height > 4096)
    {
        fprintf(stderr, "demo: bad size %ux%u\n", width, height);
        return 2;
    }
    if (mkdir(out, 0777) && errno != EEXIST)
    {
        fprintf(stderr, "demo: cannot create %s: %s\n", out, strerror(errno));
        return 1;
    }

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = width;
    desc.backbuffer_height = height;
    desc.backbuffer_format = WINED3DFMT_X8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    if (wined3d_device_create(&desc, 0, &device) != WINED3D_OK)
    {
        fprintf(stderr, "demo: no GL device (EGL surfaceless with a GL 3.3 core context is needed)\n");
        return 1;
    }
    if (!make_checker(device, &checker))
    {
        fprintf(stderr, "demo: texture creation failed\n");
        wined3d_device_destroy(device);
        return 1;
    }

    wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff203040, 1.0f, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_LIGHTING, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);

    {
        /* Gouraud triangle: red, green, blue corners. */
        float w = (float)width, h = (float)height;
        struct tl_vertex tri[3] =
        {
            {w * 0.25f, h * 0.10f, 0.5f, 1.0f, 0xffff0000},
            {w * 0.45f, h * 0.85f, 0.5f, 1.0f, 0xff00ff00},
            {w * 0.05f, h * 0.85f, 0.5f, 1.0f, 0xff0000ff},
        };
        struct tl_tex_vertex quad[4] =
        {
            {w * 0.55f, h * 0.15f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f},
            {w * 0.95f, h * 0.15f, 0.5f, 1.0f, 0xffffff80, 2.0f, 0.0f},
            {w * 0.55f, h * 0.85f, 0.5f, 1.0f, 0xff80ffff, 0.0f, 2.0f},
            {w * 0.95f, h * 0.85f, 0.5f, 1.0f, 0xffffffff, 2.0f, 2.0f},
        };

        wined3d_device_set_fvf(device, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_SELECTARG2);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ALPHAOP, WINED3D_TOP_SELECTARG2);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, tri, 3, sizeof(tri[0]));

        wined3d_device_set_fvf(device, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_TEX1);
        wined3d_device_set_texture(device, 0, checker);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_COLOROP, WINED3D_TOP_MODULATE);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER, WINED3D_TFG_LINEAR);
        wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER, WINED3D_TFN_LINEAR);
        wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, quad, 4, sizeof(quad[0]));
    }

    back = wined3d_swapchain_get_back_buffer(wined3d_device_get_swapchain(device, 0));
    if (wined3d_texture_map(back, 0, NULL, WINED3D_MAP_READ, &map) != WINED3D_OK)
    {
        fprintf(stderr, "demo: reading the frame back failed\n");
        wined3d_device_destroy(device);
        return 1;
    }
    snprintf(path, sizeof(path), "%s/demo.png", out);
    if (!write_png(path, map.data, map.row_pitch, width, height))
    {
        fprintf(stderr, "demo: writing %s failed\n", path);
        wined3d_texture_unmap(back, 0);
        wined3d_device_destroy(device);
        return 1;
    }
    wined3d_texture_unmap(back, 0);
    wined3d_device_get_counters(device, WINED3D_COUNTERS_FRAME, &counters);
    fprintf(stderr, "demo: draws %llu, groups applied %llu, GL calls %llu (redundant %llu, filtered %llu), "
            "programs built %llu, cache hits %llu, texture uploads %llu (%llu bytes)\n",
            (unsigned long long)counters.draws, (unsigned long long)counters.groups_applied,
            (unsigned long long)counters.gl_calls, (unsigned long long)counters.redundant_gl_calls,
            (unsigned long long)counters.gl_calls_filtered, (unsigned long long)counters.programs_built,
            (unsigned long long)counters.shader_cache_hits, (unsigned long long)counters.texture_uploads,
            (unsigned long long)counters.texture_upload_bytes);
    wined3d_texture_destroy(checker);
    wined3d_device_destroy(device);
    printf("%s\n", path);
    return 0;
}

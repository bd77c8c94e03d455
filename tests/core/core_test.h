/*
 * Shared helpers of the core's cmocka tests: a headless device on real Mesa
 * (EGL surfaceless), pre-transformed vertices and frame readback.
 */
#ifndef CORE_TEST_H
#define CORE_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "wined3d_private.h"

struct tl_vertex { float x, y, z, rhw; uint32_t diffuse; };
struct tl_spec_vertex { float x, y, z, rhw; uint32_t diffuse, specular; };
struct tl_tex_vertex { float x, y, z, rhw; uint32_t diffuse; float u, v; };

#define TL_FVF (WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE)
#define TL_SPEC_FVF (WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_SPECULAR)
#define TL_TEX_FVF (WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE | WINED3DFVF_TEX1)

static inline struct wined3d_device *create_device_ex(uint32_t w, uint32_t h, enum wined3d_format_id ds,
        uint32_t flags)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device = NULL;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = w;
    desc.backbuffer_height = h;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = ds;
    assert_int_equal(wined3d_device_create(&desc, flags, &device), WINED3D_OK);
    assert_non_null(device);
    /* Pre-transformed defaults for the tests. */
    wined3d_device_set_render_state(device, WINED3D_RS_LIGHTING, 0);
    wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET
            | (ds ? WINED3DCLEAR_ZBUFFER : 0) | (ds == WINED3DFMT_D24S8 ? WINED3DCLEAR_STENCIL : 0),
            0, 1.0f, 0), WINED3D_OK);
    return device;
}

static inline struct wined3d_device *create_device(void)
{
    return create_device_ex(64, 64, WINED3DFMT_D24S8, 0);
}

/* Read one pixel of the current render target (A8R8G8B8). */
static inline uint32_t read_pixel(struct wined3d_device *device, unsigned int x, unsigned int y)
{
    struct wined3d_texture *rt = wined3d_device_get_render_target(device, NULL);
    struct wined3d_map_desc map;
    uint32_t v;

    assert_int_equal(wined3d_texture_map(rt, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    v = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x];
    assert_int_equal(wined3d_texture_unmap(rt, 0), WINED3D_OK);
    return v;
}

/* A full-target quad (two triangles as a strip) in one colour. */
static inline void draw_quad(struct wined3d_device *device, float x0, float y0, float x1, float y1,
        uint32_t diffuse, float z)
{
    struct tl_vertex v[4] =
    {
        {x0, y0, z, 1.0f, diffuse}, {x1, y0, z, 1.0f, diffuse},
        {x0, y1, z, 1.0f, diffuse}, {x1, y1, z, 1.0f, diffuse},
    };
    assert_int_equal(wined3d_device_set_fvf(device, TL_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
}

static inline int channel_close(uint32_t a, uint32_t b, unsigned int tolerance)
{
    unsigned int shift;
    for (shift = 0; shift < 32; shift += 8)
    {
        int d = (int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff);
        if (d < 0) d = -d;
        if ((unsigned int)d > tolerance) return 0;
    }
    return 1;
}

#define assert_color_close(got, expect, tol) do { \
        uint32_t g_ = (got), e_ = (expect); \
        if (!channel_close(g_, e_, tol)) fail_msg("colour %08x, expected %08x (+-%u)", g_, e_, (unsigned int)(tol)); \
    } while (0)

/* No GL error is pending in the device's current context. */
#define assert_no_gl_error(device) do { \
        GLenum e_; \
        device_acquire_context(device); \
        if ((e_ = glGetError()) != GL_NO_ERROR) fail_msg("GL error %#x", e_); \
    } while (0)

static inline int gl_available(void)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
    desc.backbuffer_width = desc.backbuffer_height = 4;
    if (wined3d_device_create(&desc, 0, &device) != WINED3D_OK)
        return 0;
    wined3d_device_destroy(device);
    return 1;
}

/* The group set-up of a suite that needs GL: fail the group without it. */
static inline int gl_group_setup(void **state)
{
    return gl_available() ? 0 : -1;
}

#endif /* CORE_TEST_H */

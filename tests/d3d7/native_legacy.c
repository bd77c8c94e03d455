/*
 * Direct3D 6 and 5 as a native port links them: libdx7gl-ddraw on EGL
 * surfaceless with real Mesa.  IDirect3D3 and IDirect3D2 from the same
 * DirectDraw object, a device of each on an offscreen target, a viewport
 * cleared with its background material, a triangle through DrawPrimitive
 * (Device3) and through Begin/Vertex/End (Device2), a quad through the
 * viewport's clip volume, and the pixels read back.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "d3d7_private.h"

#define SIZE 32

struct tl_vertex
{
    float x, y, z, rhw;
    DWORD diffuse;
};

static const struct tl_vertex triangle[3] =
{
    {0.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
    {32.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
    {0.0f, 32.0f, 0.5f, 1.0f, 0xff00ff00},
};

static IDirectDrawSurface4 *create_target(IDirectDraw4 *ddraw)
{
    IDirectDrawSurface4 *surface = NULL;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = desc.dwHeight = SIZE;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0xff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0xff00;
    desc.ddpfPixelFormat.dwBBitMask = 0xff;
    assert_int_equal(IDirectDraw4_CreateSurface(ddraw, &desc, &surface, NULL), DD_OK);
    return surface;
}

static DWORD pixel(IDirectDrawSurface4 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD v;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface4_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL), DD_OK);
    v = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0xffffff;
    IDirectDrawSurface4_Unlock(surface, NULL);
    return v;
}

static IDirect3DViewport3 *add_viewport(IDirect3D3 *d3d, IDirect3DDevice3 *device, DWORD x, DWORD y, DWORD w, DWORD h)
{
    IDirect3DViewport3 *viewport;
    D3DVIEWPORT2 vp;

    assert_int_equal(IDirect3D3_CreateViewport(d3d, &viewport, NULL), D3D_OK);
    assert_int_equal(IDirect3DDevice3_AddViewport(device, viewport), D3D_OK);
    memset(&vp, 0, sizeof(vp));
    vp.dwSize = sizeof(vp);
    vp.dwX = x;
    vp.dwY = y;
    vp.dwWidth = w;
    vp.dwHeight = h;
    vp.dvClipX = -1.0f;
    vp.dvClipY = 1.0f;
    vp.dvClipWidth = vp.dvClipHeight = 2.0f;
    vp.dvMaxZ = 1.0f;
    assert_int_equal(IDirect3DViewport3_SetViewport2(viewport, &vp), D3D_OK);
    assert_int_equal(IDirect3DDevice3_SetCurrentViewport(device, viewport), D3D_OK);
    return viewport;
}

static void test_device3(void **state)
{
    static const struct { float x, y, z; DWORD diffuse; } quad[4] =
    {
        {-1.0f, -1.0f, 0.5f, 0xff0000ff}, {-1.0f, 1.0f, 0.5f, 0xff0000ff},
        {1.0f, -1.0f, 0.5f, 0xff0000ff}, {1.0f, 1.0f, 0.5f, 0xff0000ff},
    };
    D3DRECT rect = {{0}, {0}, {SIZE}, {SIZE}};
    IDirect3DMaterial3 *background;
    IDirect3DViewport3 *viewport;
    IDirect3DDevice3 *device;
    IDirectDrawSurface4 *rt;
    D3DMATERIALHANDLE handle;
    IDirectDraw7 *ddraw7;
    IDirectDraw4 *ddraw;
    D3DMATERIAL mat;
    IDirect3D3 *d3d;

    (void)state;
    assert_int_equal(DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw4, (void **)&ddraw), DD_OK);
    IDirectDraw7_Release(ddraw7);
    assert_int_equal(IDirectDraw4_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL), DD_OK);
    assert_int_equal(IDirectDraw4_QueryInterface(ddraw, &IID_IDirect3D3, (void **)&d3d), DD_OK);
    rt = create_target(ddraw);
    assert_int_equal(IDirect3D3_CreateDevice(d3d, &IID_IDirect3DHALDevice, rt, &device, NULL), D3D_OK);
    viewport = add_viewport(d3d, device, 0, 0, SIZE, SIZE);

    /* The background material's diffuse colour fills the viewport. */
    assert_int_equal(IDirect3D3_CreateMaterial(d3d, &background, NULL), D3D_OK);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = 1.0f;
    assert_int_equal(IDirect3DMaterial3_SetMaterial(background, &mat), D3D_OK);
    assert_int_equal(IDirect3DMaterial3_GetHandle(background, device, &handle), D3D_OK);
    assert_int_equal(IDirect3DViewport3_SetBackground(viewport, handle), D3D_OK);
    assert_int_equal(IDirect3DViewport3_Clear(viewport, 1, &rect, D3DCLEAR_TARGET), D3D_OK);
    assert_int_equal(pixel(rt, 16, 16), 0xff0000);

    /* A pre-transformed triangle: the upper left half turns green. */
    assert_int_equal(IDirect3DDevice3_BeginScene(device), D3D_OK);
    assert_int_equal(IDirect3DDevice3_DrawPrimitive(device, D3DPT_TRIANGLELIST,
            D3DFVF_XYZRHW | D3DFVF_DIFFUSE, (void *)triangle, 3, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice3_EndScene(device), D3D_OK);
    assert_int_equal(pixel(rt, 4, 4), 0x00ff00);
    assert_int_equal(pixel(rt, 28, 28), 0xff0000);

    /* Through a smaller viewport's clip volume: the quad fills it exactly. */
    IDirect3DViewport3_Release(viewport);
    viewport = add_viewport(d3d, device, 8, 8, 16, 16);
    assert_int_equal(IDirect3DDevice3_BeginScene(device), D3D_OK);
    assert_int_equal(IDirect3DDevice3_DrawPrimitive(device, D3DPT_TRIANGLESTRIP,
            D3DFVF_XYZ | D3DFVF_DIFFUSE, (void *)quad, 4, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice3_EndScene(device), D3D_OK);
    assert_int_equal(pixel(rt, 16, 16), 0x0000ff);
    assert_int_equal(pixel(rt, 28, 28), 0xff0000);

    IDirect3DMaterial3_Release(background);
    IDirect3DViewport3_Release(viewport);
    assert_int_equal(IDirect3DDevice3_Release(device), 0);
    IDirectDrawSurface4_Release(rt);
    IDirect3D3_Release(d3d);
    IDirectDraw4_Release(ddraw);
}

static void test_device2(void **state)
{
    D3DRECT rect = {{0}, {0}, {SIZE}, {SIZE}};
    IDirectDrawSurface4 *rt4;
    IDirectDrawSurface *rt;
    IDirect3DViewport2 *viewport;
    IDirect3DDevice2 *device;
    IDirectDraw7 *ddraw7;
    IDirectDraw4 *ddraw4;
    D3DTLVERTEX v[3];
    D3DVIEWPORT2 vp;
    IDirect3D2 *d3d;
    unsigned int i;

    (void)state;
    assert_int_equal(DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_SetCooperativeLevel(ddraw7, NULL, DDSCL_NORMAL), DD_OK);
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw7, &IID_IDirect3D2, (void **)&d3d), DD_OK);
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw4, (void **)&ddraw4), DD_OK);
    rt4 = create_target(ddraw4);
    assert_int_equal(IDirectDrawSurface4_QueryInterface(rt4, &IID_IDirectDrawSurface, (void **)&rt), DD_OK);
    assert_int_equal(IDirect3D2_CreateDevice(d3d, &IID_IDirect3DHALDevice, rt, &device), D3D_OK);
    assert_int_equal(IDirect3D2_CreateViewport(d3d, &viewport, NULL), D3D_OK);
    assert_int_equal(IDirect3DDevice2_AddViewport(device, viewport), D3D_OK);
    memset(&vp, 0, sizeof(vp));
    vp.dwSize = sizeof(vp);
    vp.dwWidth = vp.dwHeight = SIZE;
    vp.dvClipX = -1.0f;
    vp.dvClipY = 1.0f;
    vp.dvClipWidth = vp.dvClipHeight = 2.0f;
    vp.dvMaxZ = 1.0f;
    assert_int_equal(IDirect3DViewport2_SetViewport2(viewport, &vp), D3D_OK);
    assert_int_equal(IDirect3DDevice2_SetCurrentViewport(device, viewport), D3D_OK);
    assert_int_equal(IDirect3DViewport2_Clear(viewport, 1, &rect, D3DCLEAR_TARGET), D3D_OK);
    assert_int_equal(pixel(rt4, 16, 16), 0x000000);

    /* A D3DTLVERTEX triangle through Begin/Vertex/End. */
    memset(v, 0, sizeof(v));
    for (i = 0; i < 3; ++i)
    {
        v[i].sx = triangle[i].x;
        v[i].sy = triangle[i].y;
        v[i].sz = 0.5f;
        v[i].rhw = 1.0f;
        v[i].color = 0xff00ff00;
    }
    assert_int_equal(IDirect3DDevice2_BeginScene(device), D3D_OK);
    assert_int_equal(IDirect3DDevice2_Begin(device, D3DPT_TRIANGLELIST, D3DVT_TLVERTEX, 0), D3D_OK);
    for (i = 0; i < 3; ++i)
        assert_int_equal(IDirect3DDevice2_Vertex(device, &v[i]), D3D_OK);
    assert_int_equal(IDirect3DDevice2_End(device, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice2_EndScene(device), D3D_OK);
    assert_int_equal(pixel(rt4, 4, 4), 0x00ff00);
    assert_int_equal(pixel(rt4, 28, 28), 0x000000);

    IDirect3DViewport2_Release(viewport);
    assert_int_equal(IDirect3DDevice2_Release(device), 0);
    IDirectDrawSurface_Release(rt);
    IDirectDrawSurface4_Release(rt4);
    IDirectDraw4_Release(ddraw4);
    IDirect3D2_Release(d3d);
    IDirectDraw7_Release(ddraw7);
}

/* One lit quad of the given half-width at z (normals along -z) through
 * device, its centre pixel read back. */
static DWORD draw_lit(IDirect3DDevice3 *device, IDirectDrawSurface4 *rt, IDirect3DViewport3 *viewport,
        float w, float z)
{
    struct { float x, y, z, nx, ny, nz; } quad[4] =
    {
        {-w, -1.0f, z, 0.0f, 0.0f, -1.0f}, {-w, 1.0f, z, 0.0f, 0.0f, -1.0f},
        {w, -1.0f, z, 0.0f, 0.0f, -1.0f}, {w, 1.0f, z, 0.0f, 0.0f, -1.0f},
    };
    D3DRECT rect = {{0}, {0}, {SIZE}, {SIZE}};

    assert_int_equal(IDirect3DViewport3_Clear(viewport, 1, &rect, D3DCLEAR_TARGET), D3D_OK);
    assert_int_equal(IDirect3DDevice3_BeginScene(device), D3D_OK);
    assert_int_equal(IDirect3DDevice3_DrawPrimitive(device, D3DPT_TRIANGLESTRIP,
            D3DFVF_XYZ | D3DFVF_NORMAL, quad, 4, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice3_EndScene(device), D3D_OK);
    return pixel(rt, 16, 16);
}

#define assert_grey(got, level) do { \
        DWORD g_ = (got), l_ = (level); \
        if ((g_ & 0xff) + 2 < l_ || (g_ & 0xff) > l_ + 2 || ((g_ >> 8) & 0xff) != (g_ & 0xff) \
                || ((g_ >> 16) & 0xff) != (g_ & 0xff)) \
            fail_msg("colour %06lx, expected grey %02lx", (unsigned long)g_, (unsigned long)l_); \
    } while (0)

/* Lighting by Direct3D 6's rules (the core's WINED3D_RS_LEGACYLIGHTING),
 * drawn and through ProcessVertices: a point light attenuates by
 * a0 + a1 d' + a2 d'^2 with d' = (range - d) / range; a parallel point
 * light shines from its position's direction without attenuation; a
 * singular world matrix is its own normal matrix; vertices without
 * normals keep their colours (Wine's ddraw4.c test_specular_lighting and
 * test_lighting). */
static void test_legacy_lighting(void **state)
{
    static const D3DMATRIX singular =
    {
        1.0f, 0.0f, 1.0f, 0.0f,
        0.0f, 1.0f, 0.0f, 0.0f,
        1.0f, 0.0f, 1.0f, 0.0f,
        0.0f, 0.0f, 0.5f, 1.0f,
    };
    static const struct { float x, y, z; DWORD diffuse; } no_normal = {0.0f, 0.0f, 0.5f, 0xff00ff00};
    struct { float x, y, z, rhw; DWORD diffuse; } *out;
    IDirect3DVertexBuffer *src, *dst;
    D3DVERTEXBUFFERDESC vb_desc;
    IDirect3DViewport3 *viewport;
    IDirect3DMaterial3 *material;
    IDirect3DDevice3 *device;
    IDirectDrawSurface4 *rt;
    D3DMATERIALHANDLE handle;
    IDirect3DLight *light;
    IDirectDraw7 *ddraw7;
    IDirectDraw4 *ddraw;
    D3DLIGHT2 light_desc;
    D3DMATERIAL mat;
    D3DMATRIX world;
    IDirect3D3 *d3d;
    void *data;

    (void)state;
    assert_int_equal(DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw4, (void **)&ddraw), DD_OK);
    IDirectDraw7_Release(ddraw7);
    assert_int_equal(IDirectDraw4_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL), DD_OK);
    assert_int_equal(IDirectDraw4_QueryInterface(ddraw, &IID_IDirect3D3, (void **)&d3d), DD_OK);
    rt = create_target(ddraw);
    assert_int_equal(IDirect3D3_CreateDevice(d3d, &IID_IDirect3DHALDevice, rt, &device, NULL), D3D_OK);
    viewport = add_viewport(d3d, device, 0, 0, SIZE, SIZE);
    IDirect3DDevice3_SetRenderState(device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);

    assert_int_equal(IDirect3D3_CreateMaterial(d3d, &material, NULL), D3D_OK);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = mat.diffuse.g = mat.diffuse.b = mat.diffuse.a = 1.0f;
    assert_int_equal(IDirect3DMaterial3_SetMaterial(material, &mat), D3D_OK);
    assert_int_equal(IDirect3DMaterial3_GetHandle(material, device, &handle), D3D_OK);
    assert_int_equal(IDirect3DDevice3_SetLightState(device, D3DLIGHTSTATE_MATERIAL, handle), D3D_OK);

    /* A point light at the eye, range 10, a2 = 1: the corners (at distance
     * sqrt(3)) get ((10 - sqrt(3)) / 10)^2 = 0.684 times cos = 0.577, 0x65
     * (Direct3D 7's 1 / d^2 would give 0x31). */
    assert_int_equal(IDirect3D3_CreateLight(d3d, &light, NULL), D3D_OK);
    assert_int_equal(IDirect3DViewport3_AddLight(viewport, light), D3D_OK);
    memset(&light_desc, 0, sizeof(light_desc));
    light_desc.dwSize = sizeof(light_desc);
    light_desc.dltType = D3DLIGHT_POINT;
    light_desc.dcvColor.r = light_desc.dcvColor.g = light_desc.dcvColor.b = 1.0f;
    light_desc.dvRange = 10.0f;
    light_desc.dvAttenuation2 = 1.0f;
    light_desc.dwFlags = D3DLIGHT_ACTIVE;
    assert_int_equal(IDirect3DLight_SetLight(light, (D3DLIGHT *)&light_desc), D3D_OK);
    assert_grey(draw_lit(device, rt, viewport, 1.0f, 1.0f), 0x65);

    /* The same through a vertex buffer on the CPU. */
    memset(&vb_desc, 0, sizeof(vb_desc));
    vb_desc.dwSize = sizeof(vb_desc);
    vb_desc.dwFVF = D3DFVF_XYZ | D3DFVF_NORMAL;
    vb_desc.dwNumVertices = 1;
    assert_int_equal(IDirect3D3_CreateVertexBuffer(d3d, &vb_desc, &src, 0, NULL), D3D_OK);
    vb_desc.dwFVF = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;
    assert_int_equal(IDirect3D3_CreateVertexBuffer(d3d, &vb_desc, &dst, 0, NULL), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer_Lock(src, 0, &data, NULL), D3D_OK);
    {
        float v[6] = {1.0f, 1.0f, 1.0f, 0.0f, 0.0f, -1.0f};
        memcpy(data, v, sizeof(v));
    }
    assert_int_equal(IDirect3DVertexBuffer_Unlock(src), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer_ProcessVertices(dst, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 1, src, 0,
            device, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer_Lock(dst, 0, (void **)&out, NULL), D3D_OK);
    assert_grey(out->diffuse & 0xffffff, 0x65);
    assert_int_equal(IDirect3DVertexBuffer_Unlock(dst), D3D_OK);
    IDirect3DVertexBuffer_Release(src);

    /* Vertices without normals keep their colour (Direct3D 7 lights them). */
    vb_desc.dwFVF = D3DFVF_XYZ | D3DFVF_DIFFUSE;
    assert_int_equal(IDirect3D3_CreateVertexBuffer(d3d, &vb_desc, &src, 0, NULL), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer_Lock(src, 0, &data, NULL), D3D_OK);
    memcpy(data, &no_normal, sizeof(no_normal));
    assert_int_equal(IDirect3DVertexBuffer_Unlock(src), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer_ProcessVertices(dst, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 1, src, 0,
            device, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer_Lock(dst, 0, (void **)&out, NULL), D3D_OK);
    assert_int_equal(out->diffuse, 0xff00ff00);
    assert_int_equal(IDirect3DVertexBuffer_Unlock(dst), D3D_OK);
    IDirect3DVertexBuffer_Release(src);
    IDirect3DVertexBuffer_Release(dst);

    /* A parallel point light at (1, 0, -1): every vertex is lit from that
     * direction, cos = 0.707 (0xb4), whatever its attenuation. */
    light_desc.dltType = D3DLIGHT_PARALLELPOINT;
    light_desc.dvPosition.x = 1.0f;
    light_desc.dvPosition.z = -1.0f;
    light_desc.dvAttenuation0 = 1.0f;
    assert_int_equal(IDirect3DLight_SetLight(light, (D3DLIGHT *)&light_desc), D3D_OK);
    assert_grey(draw_lit(device, rt, viewport, 1.0f, 1.0f), 0xb4);

    /* A directional light along +z and a singular world matrix: the normal
     * (0, 0, -1) becomes (-1, 0, -1), normalised, cos = 0.707. */
    light_desc.dltType = D3DLIGHT_DIRECTIONAL;
    light_desc.dvDirection.z = 1.0f;
    assert_int_equal(IDirect3DLight_SetLight(light, (D3DLIGHT *)&light_desc), D3D_OK);
    assert_grey(draw_lit(device, rt, viewport, 0.4f, 0.0f), 0xff);
    world = singular;
    assert_int_equal(IDirect3DDevice3_SetTransform(device, D3DTRANSFORMSTATE_WORLD, &world), D3D_OK);
    assert_grey(draw_lit(device, rt, viewport, 0.4f, 0.0f), 0xb4);

    IDirect3DLight_Release(light);
    IDirect3DMaterial3_Release(material);
    IDirect3DViewport3_Release(viewport);
    assert_int_equal(IDirect3DDevice3_Release(device), 0);
    IDirectDrawSurface4_Release(rt);
    IDirect3D3_Release(d3d);
    IDirectDraw4_Release(ddraw);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_device3),
        cmocka_unit_test(test_device2),
        cmocka_unit_test(test_legacy_lighting),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

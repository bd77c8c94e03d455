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

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_device3),
        cmocka_unit_test(test_device2),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Direct3D 7 as a native port links it: libdx7gl-ddraw on EGL surfaceless
 * with real Mesa.  Create the device on an offscreen target with a
 * z-buffer, clear, draw pre-transformed and transformed-and-lit geometry,
 * draw from a vertex buffer, and read the pixels back.
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

struct ctx
{
    IDirectDraw7 *ddraw;
    IDirect3D7 *d3d;
    IDirectDrawSurface7 *rt, *ds;
    IDirect3DDevice7 *device;
};

static IDirectDrawSurface7 *create_surface(IDirectDraw7 *ddraw, DWORD caps, const DDPIXELFORMAT *pf)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = desc.dwHeight = 32;
    desc.ddpfPixelFormat = *pf;
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DD_OK);
    return surface;
}

static int setup(void **state)
{
    static struct ctx c;
    DDPIXELFORMAT rgb, z;

    memset(&c, 0, sizeof(c));
    memset(&rgb, 0, sizeof(rgb));
    rgb.dwSize = sizeof(rgb);
    rgb.dwFlags = DDPF_RGB;
    rgb.dwRGBBitCount = 32;
    rgb.dwRBitMask = 0xff0000;
    rgb.dwGBitMask = 0xff00;
    rgb.dwBBitMask = 0xff;
    memset(&z, 0, sizeof(z));
    z.dwSize = sizeof(z);
    z.dwFlags = DDPF_ZBUFFER;
    z.dwZBufferBitDepth = 16;
    z.dwZBitMask = 0xffff;

    if (DirectDrawCreateEx(NULL, (void **)&c.ddraw, &IID_IDirectDraw7, NULL) != DD_OK) return -1;
    if (IDirectDraw7_SetCooperativeLevel(c.ddraw, NULL, DDSCL_NORMAL) != DD_OK) return -1;
    if (IDirectDraw7_QueryInterface(c.ddraw, &IID_IDirect3D7, (void **)&c.d3d) != DD_OK) return -1;
    c.rt = create_surface(c.ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY, &rgb);
    c.ds = create_surface(c.ddraw, DDSCAPS_ZBUFFER, &z);
    if (IDirectDrawSurface7_AddAttachedSurface(c.rt, c.ds) != DD_OK) return -1;
    if (IDirect3D7_CreateDevice(c.d3d, &IID_IDirect3DTnLHalDevice, c.rt, &c.device) != D3D_OK) return -1;
    *state = &c;
    return 0;
}

static int teardown(void **state)
{
    struct ctx *c = *state;

    IDirect3DDevice7_Release(c->device);
    IDirectDrawSurface7_Release(c->ds);
    IDirectDrawSurface7_Release(c->rt);
    IDirect3D7_Release(c->d3d);
    IDirectDraw7_Release(c->ddraw);
    return 0;
}

static DWORD pixel(struct ctx *c, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD v;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(c->rt, NULL, &desc, DDLOCK_READONLY, NULL), DD_OK);
    v = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0xffffff;
    IDirectDrawSurface7_Unlock(c->rt, NULL);
    return v;
}

struct tl { float x, y, z, rhw; DWORD c; };

static void test_clear_and_draw(void **state)
{
    struct ctx *c = *state;
    struct tl tri[3] = {{2, 2, 0.5f, 1, 0xff00ff00}, {30, 2, 0.5f, 1, 0xff00ff00}, {2, 30, 0.5f, 1, 0xff00ff00}};

    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    assert_int_equal(IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER,
            0x00ff0000, 1.0f, 0), D3D_OK);
    assert_int_equal(pixel(c, 16, 16), 0xff0000);
    assert_int_equal(IDirect3DDevice7_BeginScene(c->device), D3D_OK);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            tri, 3, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_EndScene(c->device), D3D_OK);
    assert_int_equal(pixel(c, 6, 6), 0x00ff00);
    assert_int_equal(pixel(c, 28, 28), 0xff0000);
}

struct lit { float x, y, z, nx, ny, nz; };

static void test_lit_and_processed(void **state)
{
    struct ctx *c = *state;
    struct lit quad[4] = {{-1, -1, 0.5f, 0, 0, -1}, {-1, 1, 0.5f, 0, 0, -1}, {1, -1, 0.5f, 0, 0, -1}, {1, 1, 0.5f, 0, 0, -1}};
    IDirect3DVertexBuffer7 *src, *dst;
    D3DVERTEXBUFFERDESC desc;
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    DWORD drawn;
    void *data;

    memset(&mat, 0, sizeof(mat));
    mat.diffuse.g = mat.diffuse.a = 1.0f;
    IDirect3DDevice7_SetMaterial(c->device, &mat);
    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dcvDiffuse.r = light.dcvDiffuse.g = light.dcvDiffuse.b = 0.5f;
    light.dvDirection.z = 1.0f;
    assert_int_equal(IDirect3DDevice7_SetLight(c->device, 0, &light), D3D_OK);
    assert_int_equal(IDirect3DDevice7_LightEnable(c->device, 0, TRUE), D3D_OK);

    IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice7_BeginScene(c->device);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL,
            quad, 4, 0), D3D_OK);
    IDirect3DDevice7_EndScene(c->device);
    drawn = pixel(c, 16, 16);
    assert_true(((drawn >> 8) & 0xff) >= 0x7e && ((drawn >> 8) & 0xff) <= 0x81);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_XYZ | D3DFVF_NORMAL;
    desc.dwNumVertices = 4;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &src, 0), D3D_OK);
    desc.dwFVF = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &dst, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(src, DDLOCK_WRITEONLY, &data, NULL), D3D_OK);
    memcpy(data, quad, sizeof(quad));
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(src), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 4, src, 0,
            c->device, 0), D3D_OK);
    IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice7_BeginScene(c->device);
    assert_int_equal(IDirect3DDevice7_DrawPrimitiveVB(c->device, D3DPT_TRIANGLESTRIP, dst, 0, 4, 0), D3D_OK);
    IDirect3DDevice7_EndScene(c->device);
    assert_int_equal(pixel(c, 16, 16), drawn);
    IDirect3DVertexBuffer7_Release(dst);
    IDirect3DVertexBuffer7_Release(src);
    IDirect3DDevice7_LightEnable(c->device, 0, FALSE);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_clear_and_draw),
        cmocka_unit_test(test_lit_and_processed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

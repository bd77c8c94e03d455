/*
 * Direct3D 7 as a native port links it: libdx7gl-ddraw on EGL surfaceless
 * with real Mesa.  Create the device on an offscreen target with a
 * z-buffer, clear, draw pre-transformed and transformed-and-lit geometry,
 * draw from a vertex buffer, and read the pixels back.  Bad input of issue
 * 23 (Load near LONG_MAX, extents out of LONG's range, a vertex buffer
 * description of the wrong size) is answered without undefined behaviour.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
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

static DWORD surface_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD v;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY, NULL), DD_OK);
    v = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0xffffff;
    IDirectDrawSurface7_Unlock(surface, NULL);
    return v;
}

/* Two devices of one DirectDraw object draw in turns: the first device's
 * second draw goes to its own target although the target it bound last is
 * unchanged; only the other device's draw moved the core's (the device
 * binds again when the core's target serial moved). */
static void test_two_devices_in_turns(void **state)
{
    struct ctx *c = *state;
    struct tl quad[4] = {{0, 0, 0.5f, 1, 0}, {16, 0, 0.5f, 1, 0}, {0, 16, 0.5f, 1, 0}, {16, 16, 0.5f, 1, 0}};
    IDirectDrawSurface7 *rt2;
    IDirect3DDevice7 *device2;
    DDSURFACEDESC2 desc;
    unsigned int i;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_GetSurfaceDesc(c->rt, &desc), DD_OK);
    rt2 = create_surface(c->ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY,
            &desc.ddpfPixelFormat);
    assert_int_equal(IDirect3D7_CreateDevice(c->d3d, &IID_IDirect3DHALDevice, rt2, &device2), D3D_OK);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice7_SetRenderState(device2, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice7_SetRenderState(device2, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    assert_int_equal(IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_Clear(device2, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0), D3D_OK);

    for (i = 0; i < 4; ++i) quad[i].c = 0xffff0000;
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            quad, 4, 0), D3D_OK);
    for (i = 0; i < 4; ++i) quad[i].c = 0xff00ff00;
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(device2, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            quad, 4, 0), D3D_OK);
    for (i = 0; i < 4; ++i)
    {
        quad[i].x += 16.0f;
        quad[i].y += 16.0f;
        quad[i].c = 0xff0000ff;
    }
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            quad, 4, 0), D3D_OK);

    assert_int_equal(surface_pixel(c->rt, 8, 8), 0xff0000);
    assert_int_equal(surface_pixel(c->rt, 24, 24), 0x0000ff);
    assert_int_equal(surface_pixel(rt2, 8, 8), 0x00ff00);
    assert_int_equal(surface_pixel(rt2, 24, 24), 0x000000);

    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice7_Release(device2);
    IDirectDrawSurface7_Release(rt2);
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

/* Issue 23, fault 3: Load's rectangle check must not overflow LONG for a
 * destination point near LONG_MAX (UBSan's signed overflow before). */
static IDirectDrawSurface7 *create_texture(IDirectDraw7 *ddraw, DWORD size)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.dwWidth = desc.dwHeight = size;
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DD_OK);
    return surface;
}

static void test_load_overflow(void **state)
{
    static const POINT points[] = {{0x7fffffff, 0}, {0, 0x7fffffff}, {0x7ffffffc, 0x7ffffffc}, {8, 0}};
    struct ctx *c = *state;
    IDirectDrawSurface7 *src = create_texture(c->ddraw, 8), *dst = create_texture(c->ddraw, 8);
    RECT rect = {0, 0, 4, 4};
    POINT point = {4, 4};
    unsigned int i;

    for (i = 0; i < sizeof(points) / sizeof(points[0]); ++i)
    {
        point = points[i];
        assert_int_equal(IDirect3DDevice7_Load(c->device, dst, &point, src, NULL, 0), DDERR_INVALIDPARAMS);
        assert_int_equal(IDirect3DDevice7_Load(c->device, dst, &point, src, &rect, 0), DDERR_INVALIDPARAMS);
    }
    point.x = point.y = 4;
    assert_int_equal(IDirect3DDevice7_Load(c->device, dst, &point, src, &rect, 0), D3D_OK);
    IDirectDrawSurface7_Release(dst);
    IDirectDrawSurface7_Release(src);
}

/* Fault 4: clip-status extents of positions beyond LONG's range are
 * clamped, NaN positions are skipped (UBSan: float to LONG out of range). */
static void reset_extents(IDirect3DDevice7 *device)
{
    D3DCLIPSTATUS cs;

    memset(&cs, 0, sizeof(cs));
    cs.dwFlags = D3DCLIPSTATUS_EXTENTS2;
    cs.minx = cs.miny = 10.0f;
    cs.maxx = cs.maxy = 11.0f;
    assert_int_equal(IDirect3DDevice7_SetClipStatus(device, &cs), D3D_OK);
}

static void test_extents_out_of_range(void **state)
{
    struct ctx *c = *state;
    struct tl huge[3] = {{1e22f, -1e22f, 0.5f, 1, 0}, {3.2e31f, 5, 0.5f, 1, 0}, {5, 5, 0.5f, 1, 0}};
    struct tl nan3[3] = {{NAN, NAN, 0.5f, 1, 0}, {NAN, 5, 0.5f, 1, 0}, {NAN, NAN, 0.5f, 1, 0}};
    struct lit far[3] = {{0, 0, 0.5f, 0, 0, -1}, {1, 0, 0.5f, 0, 0, -1}, {0, 1, 0.5f, 0, 0, -1}};
    IDirect3DVertexBuffer7 *src, *dst;
    D3DVERTEXBUFFERDESC desc;
    D3DMATRIX world;
    D3DCLIPSTATUS cs;
    void *data;

    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_EXTENTS, TRUE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_LIGHTING, FALSE);
    reset_extents(c->device);
    IDirect3DDevice7_BeginScene(c->device);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            huge, 3, 0), D3D_OK);
    IDirect3DDevice7_EndScene(c->device);
    assert_int_equal(IDirect3DDevice7_GetClipStatus(c->device, &cs), D3D_OK);
    assert_true(cs.maxx >= 2.1e9f);
    assert_true(cs.miny <= -2.1e9f);
    assert_true(cs.minx <= 5.0f && cs.maxy >= 5.0f);

    /* NaN positions add nothing. */
    reset_extents(c->device);
    IDirect3DDevice7_BeginScene(c->device);
    IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, nan3, 3, 0);
    IDirect3DDevice7_EndScene(c->device);
    assert_int_equal(IDirect3DDevice7_GetClipStatus(c->device, &cs), D3D_OK);
    assert_true(cs.minx == 10.0f && cs.maxx == 11.0f && cs.miny == 10.0f && cs.maxy == 11.0f);

    /* ProcessVertices with D3DVOP_EXTENTS through a world matrix of 1e30. */
    memset(&world, 0, sizeof(world));
    world._11 = world._22 = 1e30f;
    world._33 = world._44 = 1.0f;
    assert_int_equal(IDirect3DDevice7_SetTransform(c->device, D3DTRANSFORMSTATE_WORLD, &world), D3D_OK);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_XYZ | D3DFVF_NORMAL;
    desc.dwNumVertices = 3;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &src, 0), D3D_OK);
    desc.dwFVF = D3DFVF_XYZRHW;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &dst, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(src, DDLOCK_WRITEONLY, &data, NULL), D3D_OK);
    memcpy(data, far, sizeof(far));
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(src), D3D_OK);
    reset_extents(c->device);
    assert_int_equal(IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM | D3DVOP_EXTENTS, 0, 3, src, 0,
            c->device, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_GetClipStatus(c->device, &cs), D3D_OK);
    assert_true(cs.maxx >= 2.1e9f);
    assert_true(cs.miny <= -2.1e9f);
    /* And a draw of the same through the transform path. */
    reset_extents(c->device);
    IDirect3DDevice7_BeginScene(c->device);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZ | D3DFVF_NORMAL,
            far, 3, 0), D3D_OK);
    IDirect3DDevice7_EndScene(c->device);
    assert_int_equal(IDirect3DDevice7_GetClipStatus(c->device, &cs), D3D_OK);
    assert_true(cs.maxx >= 2.1e9f);

    IDirect3DVertexBuffer7_Release(dst);
    IDirect3DVertexBuffer7_Release(src);
    world._11 = world._22 = 1.0f;
    IDirect3DDevice7_SetTransform(c->device, D3DTRANSFORMSTATE_WORLD, &world);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_EXTENTS, FALSE);
}

/* An index beyond the vertices: DDERR_INVALIDPARAMS and nothing drawn,
 * whether the draw would join the one before it or not, with the extents
 * kept or not (the core checks the indices as it copies them; ddraw scans
 * them first only when the extents are kept). */
static void test_indices_out_of_range(void **state)
{
    struct ctx *c = *state;
    struct tl tri[3] = {{2, 2, 0.5f, 1, 0xff00ff00}, {30, 2, 0.5f, 1, 0xff00ff00}, {2, 30, 0.5f, 1, 0xff00ff00}};
    struct tl far_tri[3] = {{20, 20, 0.5f, 1, 0xff0000ff}, {31, 20, 0.5f, 1, 0xff0000ff},
            {20, 31, 0.5f, 1, 0xff0000ff}};
    WORD good[3] = {0, 1, 2}, bad[3] = {0, 1, 3};
    D3DCLIPSTATUS cs;
    unsigned int extents;

    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_LIGHTING, FALSE);
    for (extents = 0; extents < 2; ++extents)
    {
        IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_EXTENTS, extents);
        reset_extents(c->device);
        assert_int_equal(IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER,
                0x00ff0000, 1.0f, 0), D3D_OK);
        assert_int_equal(IDirect3DDevice7_BeginScene(c->device), D3D_OK);
        /* First alone, then after a good draw it would join. */
        assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST,
                D3DFVF_XYZRHW | D3DFVF_DIFFUSE, far_tri, 3, bad, 3, 0), DDERR_INVALIDPARAMS);
        assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST,
                D3DFVF_XYZRHW | D3DFVF_DIFFUSE, tri, 3, good, 3, 0), D3D_OK);
        assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST,
                D3DFVF_XYZRHW | D3DFVF_DIFFUSE, far_tri, 3, bad, 3, 0), DDERR_INVALIDPARAMS);
        assert_int_equal(IDirect3DDevice7_EndScene(c->device), D3D_OK);
        assert_int_equal(pixel(c, 6, 6), 0x00ff00);
        assert_int_equal(pixel(c, 24, 24), 0xff0000);
        assert_int_equal(IDirect3DDevice7_GetClipStatus(c->device, &cs), D3D_OK);
        if (extents)    /* only the good triangle's */
            assert_true(cs.minx == 2.0f && cs.maxx == 30.0f && cs.miny == 2.0f && cs.maxy == 30.0f);
    }
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_EXTENTS, FALSE);
}

/* Fault 5: a vertex buffer description must say its own size. */
static void test_vertex_buffer_desc_size(void **state)
{
    static const DWORD sizes[] = {0, 4, sizeof(D3DVERTEXBUFFERDESC) - 1, sizeof(D3DVERTEXBUFFERDESC) + 4};
    struct ctx *c = *state;
    IDirect3DVertexBuffer7 *vb;
    D3DVERTEXBUFFERDESC desc;
    unsigned int i;

    memset(&desc, 0, sizeof(desc));
    desc.dwFVF = D3DFVF_XYZ;
    desc.dwNumVertices = 4;
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); ++i)
    {
        desc.dwSize = sizes[i];
        vb = (void *)0xdeadbeef;
        assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &vb, 0), DDERR_INVALIDPARAMS);
        assert_null(vb);
    }
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &vb, 0), D3D_OK);
    IDirect3DVertexBuffer7_Release(vb);
}

/* Rendering answers of Wine's ddraw7.c: Clear with rectangles but a count
 * of 0 clears nothing (test_clear_rect_count); ProcessVertices lights
 * vertices without normals with ambient light only (test_lighting); a
 * non-affine world matrix takes the normals with it (the normal matrix
 * comes from the inverse of the whole 4x4: here a normal along z becomes
 * 0, so the quad is black); an RGB device samples a system memory texture
 * and sees what is written into it between draws (test_ck_rgba). */
static void test_wine_rendering(void **state)
{
    static const D3DMATRIX identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    static const D3DMATRIX nonaffine = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 10, 10, 10, 0};
    struct { float x, y, z, nx, ny, nz; DWORD c; } quad[4] =
    {
        {-11, -11, -10, 0, 0, -1, 0xff0000ff}, {-11, -9, -10, 0, 0, -1, 0xff0000ff},
        {-9, -11, -10, 0, 0, -1, 0xff0000ff}, {-9, -9, -10, 0, 0, -1, 0xff0000ff},
    };
    struct { float x, y, z; DWORD c; } unlit = {0.0f, 0.0f, 0.5f, 0xff00ff00};
    struct { float x, y, z, rhw; DWORD c; float u, v; } tquad[4] =
    {
        {0, 0, 0.5f, 1, 0xffffffff, 0, 0}, {32, 0, 0.5f, 1, 0xffffffff, 1, 0},
        {0, 32, 0.5f, 1, 0xffffffff, 0, 1}, {32, 32, 0.5f, 1, 0xffffffff, 1, 1},
    };
    struct { float x, y, z, rhw; DWORD c; } *out;
    D3DRECT rect = {{0}, {0}, {32}, {32}};
    IDirect3DVertexBuffer7 *src, *dst;
    IDirectDrawSurface7 *texture;
    IDirect3DDevice7 *rgb;
    D3DVERTEXBUFFERDESC desc;
    struct ctx *c = *state;
    DDSURFACEDESC2 sd;
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    DDBLTFX fx;
    void *data;

    IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET, 0x00ff0000, 1.0f, 0);
    assert_int_equal(IDirect3DDevice7_Clear(c->device, 0, &rect, D3DCLEAR_TARGET, 0x0000ff00, 1.0f, 0), D3D_OK);
    assert_int_equal(pixel(c, 16, 16), 0xff0000);

    memset(&mat, 0, sizeof(mat));
    mat.diffuse.r = mat.diffuse.g = mat.diffuse.b = mat.diffuse.a = 1.0f;
    IDirect3DDevice7_SetMaterial(c->device, &mat);
    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dcvDiffuse.r = light.dcvDiffuse.g = light.dcvDiffuse.b = 1.0f;
    light.dvDirection.z = 1.0f;
    assert_int_equal(IDirect3DDevice7_SetLight(c->device, 0, &light), D3D_OK);
    assert_int_equal(IDirect3DDevice7_LightEnable(c->device, 0, TRUE), D3D_OK);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_LIGHTING, TRUE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_ZENABLE, FALSE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);

    /* The vertex colour is the material's (COLORVERTEX): blue where lit. */
    IDirect3DDevice7_SetTransform(c->device, D3DTRANSFORMSTATE_WORLD, (D3DMATRIX *)&nonaffine);
    IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET, 0x00ffffff, 1.0f, 0);
    IDirect3DDevice7_BeginScene(c->device);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLESTRIP,
            D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE, quad, 4, 0), D3D_OK);
    IDirect3DDevice7_EndScene(c->device);
    assert_int_equal(pixel(c, 16, 16), 0x000000);
    IDirect3DDevice7_SetTransform(c->device, D3DTRANSFORMSTATE_WORLD, (D3DMATRIX *)&identity);
    quad[0].x = quad[1].x = -1; quad[2].x = quad[3].x = 1;
    quad[0].y = quad[2].y = -1; quad[1].y = quad[3].y = 1;
    quad[0].z = quad[1].z = quad[2].z = quad[3].z = 0.5f;
    IDirect3DDevice7_BeginScene(c->device);
    IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE, quad, 4, 0);
    IDirect3DDevice7_EndScene(c->device);
    assert_int_equal(pixel(c, 16, 16), 0x0000ff);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_XYZ | D3DFVF_DIFFUSE;
    desc.dwNumVertices = 1;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &src, 0), D3D_OK);
    desc.dwFVF = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &dst, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(src, 0, &data, NULL), D3D_OK);
    memcpy(data, &unlit, sizeof(unlit));
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(src), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 1, src, 0,
            c->device, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(dst, 0, (void **)&out, NULL), D3D_OK);
    assert_int_equal(out->c, 0xff000000);
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(dst), D3D_OK);
    IDirect3DVertexBuffer7_Release(dst);
    IDirect3DVertexBuffer7_Release(src);
    IDirect3DDevice7_LightEnable(c->device, 0, FALSE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_ZENABLE, TRUE);

    /* A system memory texture on an RGB device of the same target. */
    memset(&sd, 0, sizeof(sd));
    sd.dwSize = sizeof(sd);
    sd.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    sd.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY;
    sd.dwWidth = sd.dwHeight = 8;
    assert_int_equal(IDirectDraw7_CreateSurface(c->ddraw, &sd, &texture, NULL), DD_OK);
    assert_int_equal(IDirect3D7_CreateDevice(c->d3d, &IID_IDirect3DRGBDevice, c->rt, &rgb), D3D_OK);
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0xff00ff00;
    assert_int_equal(IDirectDrawSurface7_Blt(texture, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx), DD_OK);
    assert_int_equal(IDirect3DDevice7_SetTexture(rgb, 0, texture), D3D_OK);
    IDirect3DDevice7_SetRenderState(rgb, D3DRENDERSTATE_ZENABLE, FALSE);
    IDirect3DDevice7_Clear(rgb, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    IDirect3DDevice7_BeginScene(rgb);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(rgb, D3DPT_TRIANGLESTRIP,
            D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, tquad, 4, 0), D3D_OK);
    IDirect3DDevice7_EndScene(rgb);
    assert_int_equal(pixel(c, 16, 16), 0x00ff00);
    fx.dwFillColor = 0xff0000ff;
    assert_int_equal(IDirectDrawSurface7_Blt(texture, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx), DD_OK);
    IDirect3DDevice7_BeginScene(rgb);
    IDirect3DDevice7_DrawPrimitive(rgb, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, tquad, 4, 0);
    IDirect3DDevice7_EndScene(rgb);
    assert_int_equal(pixel(c, 16, 16), 0x0000ff);
    assert_int_equal(IDirect3DDevice7_SetTexture(rgb, 0, NULL), D3D_OK);
    IDirect3DDevice7_Release(rgb);

    /* A surface without DDSCAPS_TEXTURE is taken and sampled as no texture
     * (Wine's ddraw7.c test_texture_wrong_caps): black with the texture as
     * the only argument. */
    {
        IDirectDrawSurface7 *plain, *got = NULL;

        sd.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
        assert_int_equal(IDirectDraw7_CreateSurface(c->ddraw, &sd, &plain, NULL), DD_OK);
        fx.dwFillColor = 0xff00ff00;
        assert_int_equal(IDirectDrawSurface7_Blt(plain, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx), DD_OK);
        assert_int_equal(IDirect3DDevice7_SetTexture(c->device, 0, plain), D3D_OK);
        assert_int_equal(IDirect3DDevice7_GetTexture(c->device, 0, &got), D3D_OK);
        assert_ptr_equal(got, plain);
        IDirectDrawSurface7_Release(got);
        IDirect3DDevice7_SetTextureStageState(c->device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice7_SetTextureStageState(c->device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_ZENABLE, FALSE);
        IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
        IDirect3DDevice7_BeginScene(c->device);
        assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLESTRIP,
                D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, tquad, 4, 0), D3D_OK);
        IDirect3DDevice7_EndScene(c->device);
        assert_int_equal(pixel(c, 16, 16), 0x000000);
        assert_int_equal(IDirect3DDevice7_SetTexture(c->device, 0, NULL), D3D_OK);
        IDirect3DDevice7_SetTextureStageState(c->device, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_ZENABLE, TRUE);
        IDirectDrawSurface7_Release(plain);
    }
    IDirectDrawSurface7_Release(texture);
}

/* Draws with NULL data and nothing to read succeed and draw nothing
 * (Wine's ddraw7.c test_draw_primitive); with something to read they
 * are refused. */
static void test_draw_null_empty(void **state)
{
    static WORD indices[] = {0, 1, 2};
    struct tl tri[3] = {{2, 2, 0.5f, 1, 0xff00ff00}, {30, 2, 0.5f, 1, 0xff00ff00}, {2, 30, 0.5f, 1, 0xff00ff00}};
    D3DDRAWPRIMITIVESTRIDEDDATA strided;
    struct ctx *c = *state;

    memset(&strided, 0, sizeof(strided));
    IDirect3DDevice7_Clear(c->device, 0, NULL, D3DCLEAR_TARGET, 0x00ff0000, 1.0f, 0);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW, NULL, 0, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW,
            NULL, 0, NULL, 0, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW,
            NULL, 0, indices, 3, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            tri, 3, NULL, 0, 0), D3D_OK);
    assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitiveStrided(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW,
            &strided, 0, NULL, 0, 0), D3D_OK);
    assert_int_equal(pixel(c, 6, 6), 0xff0000);
    assert_int_equal(IDirect3DDevice7_DrawPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW, NULL, 3, 0),
            DDERR_INVALIDPARAMS);
    assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            tri, 3, NULL, 3, 0), DDERR_INVALIDPARAMS);
    assert_int_equal(IDirect3DDevice7_DrawIndexedPrimitive(c->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW,
            NULL, 3, indices, 3, 0), DDERR_INVALIDPARAMS);
}

/* ProcessVertices writes vertex fog into the specular alpha: exp(-0.5)
 * and the linear 0.5 from z, the range when RANGEFOGENABLE is on (Wine's
 * ddraw7.c test_fog_process_vertices). */
static void test_process_vertices_fog(void **state)
{
    static const struct { float x, y, z; DWORD c; } v[2] = {{0.0f, 0.0f, 0.5f, 0xff00ff00}, {0.3f, 0.4f, 0.0f, 0xff00ff00}};
    struct { float x, y, z, rhw; DWORD c, s; } *out;
    IDirect3DVertexBuffer7 *src, *dst;
    D3DVERTEXBUFFERDESC desc;
    struct ctx *c = *state;
    float f;
    void *data;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_XYZ | D3DFVF_DIFFUSE;
    desc.dwNumVertices = 2;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &src, 0), D3D_OK);
    desc.dwFVF = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR;
    assert_int_equal(IDirect3D7_CreateVertexBuffer(c->d3d, &desc, &dst, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(src, 0, &data, NULL), D3D_OK);
    memcpy(data, v, sizeof(v));
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(src), D3D_OK);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGVERTEXMODE, D3DFOG_EXP);
    f = 1.0f;
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGDENSITY, *(DWORD *)&f);
    f = 0.0f;
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGSTART, *(DWORD *)&f);
    f = 1.0f;
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGEND, *(DWORD *)&f);

    assert_int_equal(IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM, 0, 2, src, 0, c->device, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(dst, 0, (void **)&out, NULL), D3D_OK);
    assert_int_equal(out[0].s, 0x9b000000);
    assert_int_equal(out[1].s, 0xff000000);
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(dst), D3D_OK);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_RANGEFOGENABLE, TRUE);
    assert_int_equal(IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM, 0, 2, src, 0, c->device, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(dst, 0, (void **)&out, NULL), D3D_OK);
    assert_int_equal(out[1].s, 0x9b000000);
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(dst), D3D_OK);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_RANGEFOGENABLE, FALSE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGVERTEXMODE, D3DFOG_LINEAR);
    assert_int_equal(IDirect3DVertexBuffer7_ProcessVertices(dst, D3DVOP_TRANSFORM, 0, 2, src, 0, c->device, 0), D3D_OK);
    assert_int_equal(IDirect3DVertexBuffer7_Lock(dst, 0, (void **)&out, NULL), D3D_OK);
    assert_int_equal(out[0].s, 0x80000000);
    assert_int_equal(IDirect3DVertexBuffer7_Unlock(dst), D3D_OK);

    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGVERTEXMODE, D3DFOG_NONE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_FOGENABLE, FALSE);
    IDirect3DDevice7_SetRenderState(c->device, D3DRENDERSTATE_LIGHTING, TRUE);
    IDirect3DVertexBuffer7_Release(dst);
    IDirect3DVertexBuffer7_Release(src);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_clear_and_draw),
        cmocka_unit_test(test_lit_and_processed),
        cmocka_unit_test(test_load_overflow),
        cmocka_unit_test(test_extents_out_of_range),
        cmocka_unit_test(test_indices_out_of_range),
        cmocka_unit_test(test_vertex_buffer_desc_size),
        cmocka_unit_test(test_wine_rendering),
        cmocka_unit_test(test_draw_null_empty),
        cmocka_unit_test(test_process_vertices_fog),
        cmocka_unit_test(test_two_devices_in_turns),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/*
 * Shared helpers of the Direct3D 7 PE tests: a window, a DirectDraw object,
 * a render target with an optional z-buffer, a device, pixel readback.
 */
#ifndef DX7GL_D3D7_TEST_H
#define DX7GL_D3D7_TEST_H

#define COBJMACROS
#include <windows.h>
#include <math.h>
#include <limits.h>
#include <initguid.h>
#include <ddraw.h>
#include <d3d.h>
#include "test.h"

struct d3d7_test
{
    HWND window;
    IDirectDraw7 *ddraw;
    IDirect3D7 *d3d;
    IDirectDrawSurface7 *rt, *ds;
    IDirect3DDevice7 *device;
    DWORD width, height;
};

static inline ULONG get_refcount(IUnknown *object)
{
    IUnknown_AddRef(object);
    return IUnknown_Release(object);
}

static inline HWND create_test_window(void)
{
    return CreateWindowA("static", "d3d7_test", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0, 640, 480,
            NULL, NULL, NULL, NULL);
}

static inline BOOL create_ddraw(struct d3d7_test *t)
{
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    t->window = create_test_window();
    hr = DirectDrawCreateEx(NULL, (void **)&t->ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    hr = IDirectDraw7_SetCooperativeLevel(t->ddraw, t->window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(t->ddraw, &IID_IDirect3D7, (void **)&t->d3d);
    ok(hr == DD_OK, "QueryInterface(IID_IDirect3D7): hr %#lx.\n", hr);
    return SUCCEEDED(hr);
}

/* A 32-bit X8R8G8B8 render target. */
static inline IDirectDrawSurface7 *create_rt(IDirectDraw7 *ddraw, DWORD w, DWORD h, DWORD extra_caps)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | extra_caps;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Create render target: hr %#lx.\n", hr);
    return surface;
}

/* A z-buffer: 16 bits, or 24 bits + 8 stencil bits. */
static inline IDirectDrawSurface7 *create_zbuffer(IDirectDraw7 *ddraw, DWORD w, DWORD h, BOOL stencil)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    if (stencil)
    {
        desc.ddpfPixelFormat.dwFlags |= DDPF_STENCILBUFFER;
        desc.ddpfPixelFormat.dwZBufferBitDepth = 32;
        desc.ddpfPixelFormat.dwStencilBitDepth = 8;
        desc.ddpfPixelFormat.dwZBitMask = 0xffffff00;
        desc.ddpfPixelFormat.dwStencilBitMask = 0x000000ff;
    }
    else
    {
        desc.ddpfPixelFormat.dwZBufferBitDepth = 16;
        desc.ddpfPixelFormat.dwZBitMask = 0x0000ffff;
    }
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Create z-buffer: hr %#lx.\n", hr);
    return surface;
}

enum test_depth { TEST_NO_DEPTH, TEST_DEPTH, TEST_DEPTH_STENCIL };

static inline BOOL create_device(struct d3d7_test *t, DWORD w, DWORD h, enum test_depth depth)
{
    HRESULT hr;

    if (!create_ddraw(t)) return FALSE;
    t->width = w;
    t->height = h;
    if (!(t->rt = create_rt(t->ddraw, w, h, DDSCAPS_VIDEOMEMORY))) return FALSE;
    if (depth != TEST_NO_DEPTH)
    {
        if (!(t->ds = create_zbuffer(t->ddraw, w, h, depth == TEST_DEPTH_STENCIL))) return FALSE;
        hr = IDirectDrawSurface7_AddAttachedSurface(t->rt, t->ds);
        ok(hr == DD_OK, "AddAttachedSurface: hr %#lx.\n", hr);
    }
    hr = IDirect3D7_CreateDevice(t->d3d, &IID_IDirect3DTnLHalDevice, t->rt, &t->device);
    if (FAILED(hr))
        hr = IDirect3D7_CreateDevice(t->d3d, &IID_IDirect3DHALDevice, t->rt, &t->device);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    return SUCCEEDED(hr);
}

static inline void destroy_device(struct d3d7_test *t)
{
    if (t->device) IDirect3DDevice7_Release(t->device);
    if (t->ds) IDirectDrawSurface7_Release(t->ds);
    if (t->rt) IDirectDrawSurface7_Release(t->rt);
    if (t->d3d) IDirect3D7_Release(t->d3d);
    if (t->ddraw) IDirectDraw7_Release(t->ddraw);
    if (t->window) DestroyWindow(t->window);
    memset(t, 0, sizeof(*t));
}

/* The colour of a pixel of a 32-bit surface, alpha dropped. */
static inline DWORD get_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD color;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr)) return 0xdeadbeef;
    color = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0x00ffffff;
    IDirectDrawSurface7_Unlock(surface, NULL);
    return color;
}

static inline BOOL compare_color(DWORD c1, DWORD c2, BYTE max_diff)
{
    unsigned int i;

    for (i = 0; i < 32; i += 8)
    {
        int a = (c1 >> i) & 0xff, b = (c2 >> i) & 0xff;
        if (abs(a - b) > max_diff) return FALSE;
    }
    return TRUE;
}

static inline BOOL compare_float(float f, float g, unsigned int ulps)
{
    int x, y;

    memcpy(&x, &f, 4);
    memcpy(&y, &g, 4);
    if (x < 0) x = INT_MIN - x;
    if (y < 0) y = INT_MIN - y;
    return (unsigned int)abs(x - y) <= ulps;
}

struct tl_vertex
{
    float x, y, z, rhw;
    DWORD diffuse;
};
#define TL_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

/* A screen-space quad as a 4-vertex strip. */
static inline void make_quad(struct tl_vertex *v, float x0, float y0, float x1, float y1, float z, DWORD color)
{
    v[0].x = x0; v[0].y = y0;
    v[1].x = x1; v[1].y = y0;
    v[2].x = x0; v[2].y = y1;
    v[3].x = x1; v[3].y = y1;
    for (int i = 0; i < 4; ++i)
    {
        v[i].z = z;
        v[i].rhw = 1.0f;
        v[i].diffuse = color;
    }
}

/* The same through the version-1 interfaces, for the Direct3D 1 and 2
 * tests (IDirectDraw2::CreateSurface hands out IDirectDrawSurface too). */
static inline IDirectDrawSurface *create_surface1(IDirectDraw *ddraw, DWORD caps, DWORD w, DWORD h)
{
    IDirectDrawSurface *surface = NULL;
    DDSURFACEDESC desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface (caps %#lx): hr %#lx.\n", caps, hr);
    return surface;
}

static inline void fill1(IDirectDrawSurface *surface, DWORD color)
{
    DDBLTFX fx;
    HRESULT hr;

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = color;
    hr = IDirectDrawSurface_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
}

static inline DWORD get_pixel1(IDirectDrawSurface *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC desc;
    DWORD color;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr)) return 0xdeadbeef;
    color = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0x00ffffff;
    IDirectDrawSurface_Unlock(surface, NULL);
    return color;
}

#endif

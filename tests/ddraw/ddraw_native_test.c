/*
 * Native tests of ddraw: the pure logic (pixel format and surface
 * description conversions, the mode list) and the DirectDraw API as a native
 * port links it (libdx7gl-ddraw on EGL surfaceless, real Mesa): surfaces,
 * Lock round trips, fills and keyed blits read back; DX7GL_GetCounters;
 * a device drawn on by two threads in turn (DDSCL_MULTITHREADED).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <pthread.h>
#include <cmocka.h>

#include "../../dlls/ddraw/ddraw_private.h"
#include "dx7gl/config.h"

static void test_format_round_trip(void **state)
{
    enum wined3d_format_id id;
    unsigned int converted = 0;

    for (id = WINED3DFMT_R5G6B5; id < WINED3DFMT_COUNT; ++id)
    {
        DDPIXELFORMAT ddpf;

        if (!ddraw_format_to_ddpf(id, &ddpf))
            continue;
        ++converted;
        assert_int_equal(ddpf.dwSize, sizeof(ddpf));
        if (ddraw_format_from_ddpf(&ddpf) != id)
            fail_msg("Format %u does not come back (got %u).", id, ddraw_format_from_ddpf(&ddpf));
    }
    assert_true(converted >= 18);
}

static void test_format_details(void **state)
{
    DDPIXELFORMAT ddpf;

    assert_true(ddraw_format_to_ddpf(WINED3DFMT_R5G6B5, &ddpf));
    assert_int_equal(ddpf.dwFlags, DDPF_RGB);
    assert_int_equal(ddpf.dwRGBBitCount, 16);
    assert_int_equal(ddpf.dwRBitMask, 0xf800);
    assert_int_equal(ddpf.dwGBitMask, 0x07e0);
    assert_int_equal(ddpf.dwBBitMask, 0x001f);

    assert_true(ddraw_format_to_ddpf(WINED3DFMT_A8R8G8B8, &ddpf));
    assert_int_equal(ddpf.dwFlags, DDPF_RGB | DDPF_ALPHAPIXELS);
    assert_int_equal(ddpf.dwRGBAlphaBitMask, 0xff000000);

    assert_true(ddraw_format_to_ddpf(WINED3DFMT_D24S8, &ddpf));
    assert_int_equal(ddpf.dwFlags, DDPF_ZBUFFER | DDPF_STENCILBUFFER);
    assert_int_equal(ddpf.dwZBufferBitDepth, 32);
    assert_int_equal(ddpf.dwStencilBitDepth, 8);

    assert_true(ddraw_format_to_ddpf(WINED3DFMT_DXT3, &ddpf));
    assert_int_equal(ddpf.dwFlags, DDPF_FOURCC);
    assert_int_equal(ddpf.dwFourCC, MAKEFOURCC('D', 'X', 'T', '3'));

    /* Unsupported descriptions map to nothing. */
    memset(&ddpf, 0, sizeof(ddpf));
    ddpf.dwSize = sizeof(ddpf);
    ddpf.dwFlags = DDPF_YUV;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_UNKNOWN);
    ddpf.dwFlags = DDPF_RGB;
    ddpf.dwRGBBitCount = 16;
    ddpf.dwRBitMask = 0x1234;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_UNKNOWN);
    /* A 24-bit z-buffer with its depth in the low bits (as Windows drivers
     * describe theirs) is X8D24; in the high bits D24X8. */
    memset(&ddpf, 0, sizeof(ddpf));
    ddpf.dwSize = sizeof(ddpf);
    ddpf.dwFlags = DDPF_ZBUFFER;
    ddpf.dwZBufferBitDepth = 24;
    ddpf.dwZBitMask = 0xffffff;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_X8D24);
    ddpf.dwZBufferBitDepth = 32;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_X8D24);
    ddpf.dwZBitMask = 0xffffff00;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_D24X8);
    ddpf.dwFlags |= DDPF_STENCILBUFFER;
    ddpf.dwStencilBitDepth = 8;
    ddpf.dwStencilBitMask = 0xff;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_D24S8);
    ddpf.dwZBitMask = 0x00ffffff;
    ddpf.dwStencilBitMask = 0xff000000;
    assert_int_equal(ddraw_format_from_ddpf(&ddpf), WINED3DFMT_S8D24);
    assert_int_equal(ddraw_format_from_bpp(8), WINED3DFMT_P8);
    assert_int_equal(ddraw_format_from_bpp(16), WINED3DFMT_R5G6B5);
    assert_int_equal(ddraw_format_from_bpp(32), WINED3DFMT_X8R8G8B8);
    assert_int_equal(ddraw_format_from_bpp(12), WINED3DFMT_UNKNOWN);
}

static void test_desc_conversion(void **state)
{
    DDSURFACEDESC desc1, back1;
    DDSURFACEDESC2 desc2;

    memset(&desc1, 0, sizeof(desc1));
    desc1.dwSize = sizeof(desc1);
    desc1.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_CKSRCBLT;
    desc1.dwWidth = 17;
    desc1.dwHeight = 3;
    desc1.ddckCKSrcBlt.dwColorSpaceLowValue = 0x1234;
    desc1.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    ddraw_desc1_to_desc2(&desc1, &desc2);
    assert_int_equal(desc2.dwSize, sizeof(desc2));
    assert_int_equal(desc2.dwWidth, 17);
    assert_int_equal(desc2.ddckCKSrcBlt.dwColorSpaceLowValue, 0x1234);
    assert_int_equal(desc2.ddsCaps.dwCaps, DDSCAPS_TEXTURE);
    ddraw_desc2_to_desc1(&desc2, &back1);
    assert_memory_equal(&desc1, &back1, sizeof(desc1));

    /* DDSURFACEDESC's z-buffer depth turns into a pixel format. */
    memset(&desc1, 0, sizeof(desc1));
    desc1.dwSize = sizeof(desc1);
    desc1.dwFlags = DDSD_CAPS | DDSD_ZBUFFERBITDEPTH;
    desc1.dwZBufferBitDepth = 16;
    ddraw_desc1_to_desc2(&desc1, &desc2);
    assert_true(desc2.dwFlags & DDSD_PIXELFORMAT);
    assert_false(desc2.dwFlags & DDSD_ZBUFFERBITDEPTH);
    assert_int_equal(desc2.ddpfPixelFormat.dwFlags, DDPF_ZBUFFER);
    assert_int_equal(desc2.ddpfPixelFormat.dwZBitMask, 0xffff);
}

static void test_modes(void **state)
{
    struct ddraw_mode list[64];
    unsigned int i, count;

    assert_true(ddraw_mode_is_supported(640, 480, 8));
    assert_true(ddraw_mode_is_supported(640, 480, 16));
    assert_true(ddraw_mode_is_supported(800, 600, 32));
    assert_true(ddraw_mode_is_supported(1024, 768, 16));
    assert_true(ddraw_mode_is_supported(1280, 1024, 32));
    assert_true(ddraw_mode_is_supported(1600, 1200, 8));
    assert_false(ddraw_mode_is_supported(641, 480, 16));
    assert_false(ddraw_mode_is_supported(640, 480, 12));
    /* Natively there is no display to ask: the list is the virtual modes,
     * 60 Hz when refresh rates are asked for, 0 otherwise. */
    count = ddraw_display_modes(list, 64, FALSE);
    assert_int_equal(count, 36);
    for (i = 0; i < count; ++i)
    {
        assert_true(list[i].bpp == 8 || list[i].bpp == 16 || list[i].bpp == 32);
        assert_int_equal(list[i].refresh_rate, 0);
    }
    assert_int_equal(ddraw_display_modes(list, 64, TRUE), 36);
    assert_int_equal(list[0].refresh_rate, 60);
    assert_int_equal(ddraw_display_modes(list, 4, FALSE), 4);
    assert_false(ddraw_display_mode_listed(640, 480, 16));
}

/* The API natively: an offscreen surface through the core. */
static IDirectDraw7 *create_ddraw(void)
{
    IDirectDraw7 *ddraw = NULL;

    assert_int_equal(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL), DD_OK);
    return ddraw;
}

static IDirectDrawSurface7 *create_surface(IDirectDraw7 *ddraw, DWORD width, DWORD height)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = width;
    desc.dwHeight = height;
    ddraw_format_to_ddpf(WINED3DFMT_X8R8G8B8, &desc.ddpfPixelFormat);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    if (hr != DD_OK)
        fail_msg("CreateSurface: hr %#x.", (unsigned int)hr);
    return surface;
}

static DWORD read_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD value;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY, NULL), DD_OK);
    value = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0xffffff;
    assert_int_equal(IDirectDrawSurface7_Unlock(surface, NULL), DD_OK);
    return value;
}

/* SetDisplayMode with a zero size: DDERR_INVALIDPARAMS, or DD_OK and no
 * change where the program's profile or the settings say display_mode_zero
 * (Need for Speed: Porsche Unleashed's start-up). */
static void test_display_mode_zero(void **state)
{
    static const char * const programs[] = {"/games/Porsche.exe", "/games/nfs5.exe", "/games/other.exe"};
    IDirectDraw7 *ddraw;
    DDSURFACEDESC2 before, after;
    unsigned int i;
    HRESULT hr;

    unsetenv("DX7GL_DISPLAY_MODE_ZERO");
    for (i = 0; i < 4; ++i)
    {
        int accepted = i < 2 || i == 3;

        if (i == 3) setenv("DX7GL_DISPLAY_MODE_ZERO", "1", 1);
        dx7gl_config_reset(programs[i < 3 ? i : 2]);
        ddraw = create_ddraw();
        memset(&before, 0, sizeof(before));
        before.dwSize = sizeof(before);
        after = before;
        assert_int_equal(IDirectDraw7_GetDisplayMode(ddraw, &before), DD_OK);
        hr = IDirectDraw7_SetDisplayMode(ddraw, 0, 0, 32, 0, 0);
        assert_int_equal(hr, accepted ? DD_OK : DDERR_INVALIDPARAMS);
        hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 0, 16, 0, 0);
        assert_int_equal(hr, accepted ? DD_OK : DDERR_INVALIDPARAMS);
        assert_int_equal(IDirectDraw7_GetDisplayMode(ddraw, &after), DD_OK);
        assert_int_equal(after.dwWidth, before.dwWidth);
        assert_int_equal(after.dwHeight, before.dwHeight);
        IDirectDraw7_Release(ddraw);
    }
    unsetenv("DX7GL_DISPLAY_MODE_ZERO");
    dx7gl_config_reset(NULL);
}

/* depth_bits: Porsche Unleashed's 24-bit z-buffer request gets 16 bits
 * (its profile), other programs what they ask for; a stencil request is
 * kept; the surface describes the depth it has. */
static DWORD zbuffer_bits(IDirectDraw7 *ddraw, DWORD bits, DWORD mask, DWORD stencil)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    DWORD got;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER | (stencil ? DDPF_STENCILBUFFER : 0);
    desc.ddpfPixelFormat.dwZBufferBitDepth = bits;
    desc.ddpfPixelFormat.dwZBitMask = mask;
    desc.ddpfPixelFormat.dwStencilBitDepth = stencil ? 8 : 0;
    desc.ddpfPixelFormat.dwStencilBitMask = stencil;
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DD_OK);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_GetSurfaceDesc(surface, &desc), DD_OK);
    got = desc.ddpfPixelFormat.dwZBitMask;
    IDirectDrawSurface7_Release(surface);
    return got;
}

static void test_depth_bits(void **state)
{
    IDirectDraw7 *ddraw;

    unsetenv("DX7GL_DEPTH_BITS");
    dx7gl_config_reset("/games/Porsche.exe");
    ddraw = create_ddraw();
    assert_int_equal(zbuffer_bits(ddraw, 24, 0xffffff, 0), 0xffff);
    assert_int_equal(zbuffer_bits(ddraw, 16, 0xffff, 0), 0xffff);
    assert_int_equal(zbuffer_bits(ddraw, 32, 0xffffff00, 0xff), 0xffffff00);
    IDirectDraw7_Release(ddraw);

    dx7gl_config_reset("/games/other.exe");
    ddraw = create_ddraw();
    assert_int_equal(zbuffer_bits(ddraw, 24, 0xffffff, 0), 0xffffff);
    IDirectDraw7_Release(ddraw);

    setenv("DX7GL_DEPTH_BITS", "24", 1);
    dx7gl_config_reset("/games/Porsche.exe");
    ddraw = create_ddraw();
    assert_int_equal(zbuffer_bits(ddraw, 16, 0xffff, 0), 0xffffff);
    IDirectDraw7_Release(ddraw);
    unsetenv("DX7GL_DEPTH_BITS");
    dx7gl_config_reset(NULL);
}

static void test_native_surfaces(void **state)
{
    IDirectDrawSurface7 *src, *dst;
    IDirectDraw7 *ddraw = create_ddraw();
    DDSURFACEDESC2 desc;
    DDCOLORKEY key;
    DDBLTFX fx;
    HDC dc;
    RECT rect;
    unsigned int x, y;

    src = create_surface(ddraw, 8, 8);
    dst = create_surface(ddraw, 16, 16);

    /* A pattern written through Lock comes back. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(src, NULL, &desc, DDLOCK_WRITEONLY, NULL), DD_OK);
    for (y = 0; y < 8; ++y)
        for (x = 0; x < 8; ++x)
            *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) = (x < 4) ? 0x00ff0000 : 0x000000ff;
    assert_int_equal(IDirectDrawSurface7_Unlock(src, NULL), DD_OK);
    assert_int_equal(read_pixel(src, 1, 1), 0xff0000);
    assert_int_equal(read_pixel(src, 6, 6), 0x0000ff);

    /* Fill, then a keyed blit: blue is transparent. */
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0x00404040;
    assert_int_equal(IDirectDrawSurface7_Blt(dst, NULL, NULL, NULL, DDBLT_COLORFILL, &fx), DD_OK);
    assert_int_equal(read_pixel(dst, 15, 15), 0x404040);
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0x000000ff;
    assert_int_equal(IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT, &key), DD_OK);
    SetRect(&rect, 0, 0, 8, 8);
    assert_int_equal(IDirectDrawSurface7_BltFast(dst, 4, 4, src, &rect, DDBLTFAST_SRCCOLORKEY), DD_OK);
    assert_int_equal(read_pixel(dst, 5, 5), 0xff0000);
    assert_int_equal(read_pixel(dst, 10, 10), 0x404040);
    assert_int_equal(read_pixel(dst, 2, 2), 0x404040);

    /* Stretch to the whole destination. */
    assert_int_equal(IDirectDrawSurface7_Blt(dst, NULL, src, NULL, 0, NULL), DD_OK);
    assert_int_equal(read_pixel(dst, 1, 1), 0xff0000);
    assert_int_equal(read_pixel(dst, 14, 14), 0x0000ff);

    /* No GDI natively: an honest error. */
    assert_int_equal(IDirectDrawSurface7_GetDC(dst, &dc), DDERR_CANTCREATEDC);
    assert_null(dc);

    assert_int_equal(IDirectDrawSurface7_Release(src), 0);
    assert_int_equal(IDirectDrawSurface7_Release(dst), 0);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

/* An 8x8 X8R8G8B8 render target of the object and a Direct3D device on it. */
static IDirect3DDevice7 *create_device(IDirectDraw7 *ddraw, IDirectDrawSurface7 **target)
{
    IDirect3DDevice7 *device = NULL;
    DDSURFACEDESC2 desc;
    IDirect3D7 *d3d;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE;
    desc.dwWidth = desc.dwHeight = 8;
    ddraw_format_to_ddpf(WINED3DFMT_X8R8G8B8, &desc.ddpfPixelFormat);
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, target, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d), DD_OK);
    assert_int_equal(IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, *target, &device), D3D_OK);
    IDirect3D7_Release(d3d);
    return device;
}

/* A blue pre-transformed triangle over the top left corner: one core draw.
 * No cmocka assertion: other threads call it too. */
static HRESULT draw_triangle(IDirect3DDevice7 *device)
{
    static const struct { float x, y, z, rhw; DWORD colour; } triangle[3] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xff0000ff}, {8.0f, 0.0f, 0.5f, 1.0f, 0xff0000ff},
        {0.0f, 8.0f, 0.5f, 1.0f, 0xff0000ff},
    };
    HRESULT hr;

    if (FAILED(hr = IDirect3DDevice7_BeginScene(device)))
        return hr;
    hr = IDirect3DDevice7_DrawPrimitive(device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            (void *)triangle, 3, 0);
    IDirect3DDevice7_EndScene(device);
    return hr;
}

/* One draw on a device of its own, read back. */
static void draw_one(IDirectDraw7 *ddraw)
{
    IDirectDrawSurface7 *target;
    IDirect3DDevice7 *device = create_device(ddraw, &target);

    assert_int_equal(draw_triangle(device), D3D_OK);
    assert_int_equal(read_pixel(target, 1, 1), 0x0000ff);
    IDirect3DDevice7_Release(device);
    assert_int_equal(IDirectDrawSurface7_Release(target), 0);
}

/* DX7GL_GetCounters: the core's counters of an object's device, the sum
 * over every object for NULL, errors for anything that is not ours. */
static void test_get_counters(void **state)
{
    struct wined3d_counters a, b, sum, before;
    IDirectDraw7 *ddraw_a = create_ddraw(), *ddraw_b = create_ddraw();
    IDirectDraw *ddraw1;
    unsigned int i;
    int dummy;

    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw_a, WINED3D_COUNTERS_TOTAL, NULL), DDERR_INVALIDPARAMS);
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw_a, WINED3D_COUNTERS_TOTAL + 1, &a), DDERR_INVALIDPARAMS);
    /* Not a DirectDraw object at all: compared, never followed. */
    assert_int_equal(DX7GL_GetCounters((IUnknown *)&dummy, WINED3D_COUNTERS_TOTAL, &a), DDERR_INVALIDOBJECT);
    /* No surface yet, so no device. */
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw_a, WINED3D_COUNTERS_TOTAL, &a), DDERR_NOTINITIALIZED);
    assert_int_equal(DX7GL_GetCounters(NULL, WINED3D_COUNTERS_TOTAL, &a), DDERR_NOTINITIALIZED);

    /* One draw on a, two on b. */
    draw_one(ddraw_a);
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw_a, WINED3D_COUNTERS_TOTAL, &before), DD_OK);
    assert_int_equal(before.draws, 1);
    assert_true(before.gl_calls > 0);
    draw_one(ddraw_b);
    draw_one(ddraw_b);
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw_a, WINED3D_COUNTERS_TOTAL, &a), DD_OK);
    assert_memory_equal(&a, &before, sizeof(a));
    /* Any interface of the object will do. */
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw_b, &IID_IDirectDraw, (void **)&ddraw1), DD_OK);
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw1, WINED3D_COUNTERS_TOTAL, &b), DD_OK);
    assert_int_equal(b.draws, 2);
    assert_int_equal(DX7GL_GetCounters(NULL, WINED3D_COUNTERS_TOTAL, &sum), DD_OK);
    assert_int_equal(sum.draws, 3);
    for (i = 0; i < sizeof(sum) / sizeof(uint64_t); ++i)
        assert_int_equal(((uint64_t *)&sum)[i], ((uint64_t *)&a)[i] + ((uint64_t *)&b)[i]);
    IDirectDraw_Release(ddraw1);

    /* A released object is no longer known, and the sum is the other's. */
    assert_int_equal(IDirectDraw7_Release(ddraw_b), 0);
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw_b, WINED3D_COUNTERS_TOTAL, &b), DDERR_INVALIDOBJECT);
    assert_int_equal(DX7GL_GetCounters(NULL, WINED3D_COUNTERS_TOTAL, &sum), DD_OK);
    assert_memory_equal(&sum, &a, sizeof(a));

    assert_int_equal(IDirectDraw7_Release(ddraw_a), 0);
    assert_int_equal(DX7GL_GetCounters(NULL, WINED3D_COUNTERS_TOTAL, &sum), DDERR_NOTINITIALIZED);
}

/* DDSCL_MULTITHREADED: a second thread clears and draws on the device
 * between this thread's calls, within one frame (no present), and this
 * thread reads the result back.  EGL, like WGL, makes a context current on
 * one thread at a time. */
struct draw_thread
{
    IDirect3DDevice7 *device;
    HRESULT clear_hr, draw_hr;
};

static void *draw_thread_proc(void *arg)
{
    struct draw_thread *t = arg;
    D3DRECT left;

    left.x1 = 0; left.y1 = 0; left.x2 = 4; left.y2 = 8;
    t->clear_hr = IDirect3DDevice7_Clear(t->device, 1, &left, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0);
    t->draw_hr = draw_triangle(t->device);
    return NULL;
}

static void test_threads(void **state)
{
    struct draw_thread t = {NULL, E_FAIL, E_FAIL};
    IDirectDrawSurface7 *target;
    IDirectDraw7 *ddraw = NULL;
    pthread_t thread;

    assert_int_equal(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL | DDSCL_MULTITHREADED), DD_OK);
    t.device = create_device(ddraw, &target);
    assert_int_equal(IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0xffff0000, 1.0f, 0), D3D_OK);
    assert_int_equal(pthread_create(&thread, NULL, draw_thread_proc, &t), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_int_equal(t.clear_hr, D3D_OK);
    assert_int_equal(t.draw_hr, D3D_OK);
    assert_int_equal(read_pixel(target, 6, 6), 0xff0000);  /* this thread's clear */
    assert_int_equal(read_pixel(target, 2, 6), 0x00ff00);  /* the other's clear */
    assert_int_equal(read_pixel(target, 1, 1), 0x0000ff);  /* the other's triangle */
    IDirect3DDevice7_Release(t.device);
    assert_int_equal(IDirectDrawSurface7_Release(target), 0);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_format_details),
        cmocka_unit_test(test_desc_conversion),
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_display_mode_zero),
        cmocka_unit_test(test_depth_bits),
        cmocka_unit_test(test_native_surfaces),
        cmocka_unit_test(test_get_counters),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

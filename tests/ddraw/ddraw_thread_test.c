/*
 * DDSCL_MULTITHREADED: several threads create, lock, fill, blit and release
 * surfaces of one DirectDraw object at once, and the main thread renders on
 * it after they ended; and one Direct3D device whose clears and draws come
 * from one thread after another within a frame (no present between them),
 * each thread's result read back by the next.
 * Against ours and Wine's builtin.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>
#include <d3d.h>

#include "ddraw_test.h"

static IDirectDraw7 *ddraw;
static LONG thread_failures;

static DWORD WINAPI worker(void *arg)
{
    unsigned int i, id = (unsigned int)(ULONG_PTR)arg;
    IDirectDrawSurface7 *a, *b;
    DDSURFACEDESC2 desc;
    DDBLTFX fx;
    HRESULT hr;

    for (i = 0; i < 40; ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
        desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | (i & 1 ? DDSCAPS_SYSTEMMEMORY : 0);
        desc.dwWidth = 16 + id;
        desc.dwHeight = 16;
        if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &a, NULL)))
        {
            InterlockedIncrement(&thread_failures);
            continue;
        }
        if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &b, NULL)))
        {
            InterlockedIncrement(&thread_failures);
            IDirectDrawSurface7_Release(a);
            continue;
        }
        memset(&fx, 0, sizeof(fx));
        fx.dwSize = sizeof(fx);
        fx.dwFillColor = id * 0x1111 + i;
        if (FAILED(IDirectDrawSurface7_Blt(a, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx)))
            InterlockedIncrement(&thread_failures);
        if (FAILED(IDirectDrawSurface7_Blt(b, NULL, a, NULL, DDBLT_WAIT, NULL)))
            InterlockedIncrement(&thread_failures);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(b, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        if (SUCCEEDED(hr))
        {
            DWORD got = *(DWORD *)desc.lpSurface;

            /* Compare the bits the mode's format keeps (16 or 32 bits). */
            if (desc.ddpfPixelFormat.dwRGBBitCount == 32 ? (got & 0xffffff) != fx.dwFillColor
                    : (WORD)got != (WORD)fx.dwFillColor)
                InterlockedIncrement(&thread_failures);
            IDirectDrawSurface7_Unlock(b, NULL);
        }
        else
            InterlockedIncrement(&thread_failures);
        IDirectDrawSurface7_Release(b);
        IDirectDrawSurface7_Release(a);
    }
    return 0;
}

/* ---------------------------------------------------------------------- */
/* One device, its calls made by one thread after another.                 */

struct device_threads
{
    IDirect3DDevice7 *device;
    IDirectDrawSurface7 *target;
};

/* The target's pixel (x, y), RGB only; 0xdeadbeef if it cannot be locked. */
static DWORD get_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD value;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr))
        return 0xdeadbeef;
    value = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0x00ffffff;
    IDirectDrawSurface7_Unlock(surface, NULL);
    return value;
}

/* The left half green, and a blue triangle in the top left corner. */
static DWORD WINAPI draw_thread(void *arg)
{
    static const struct { float x, y, z, rhw; DWORD colour; } triangle[3] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xff0000ff}, {16.0f, 0.0f, 0.5f, 1.0f, 0xff0000ff},
        {0.0f, 16.0f, 0.5f, 1.0f, 0xff0000ff},
    };
    struct device_threads *t = arg;
    D3DRECT left;
    HRESULT hr;

    left.x1 = 0; left.y1 = 0; left.x2 = 32; left.y2 = 64;

    hr = IDirect3DDevice7_Clear(t->device, 1, &left, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0);
    ok(hr == D3D_OK, "Clear on the second thread: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginScene(t->device);
    ok(hr == D3D_OK, "BeginScene: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DrawPrimitive(t->device, D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
            (void *)triangle, 3, 0);
    ok(hr == D3D_OK, "DrawPrimitive on the second thread: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndScene(t->device);
    ok(hr == D3D_OK, "EndScene: hr %#lx.\n", hr);
    return 0;
}

/* Reads what the first thread drew, then clears everything white. */
static DWORD WINAPI read_clear_thread(void *arg)
{
    struct device_threads *t = arg;
    DWORD colour;
    HRESULT hr;

    colour = get_pixel(t->target, 48, 32);
    ok(colour == 0xff0000, "Third thread, right half: %#lx.\n", colour);
    colour = get_pixel(t->target, 16, 48);
    ok(colour == 0x00ff00, "Third thread, left half: %#lx.\n", colour);
    hr = IDirect3DDevice7_Clear(t->device, 0, NULL, D3DCLEAR_TARGET, 0xffffffff, 1.0f, 0);
    ok(hr == D3D_OK, "Clear on the third thread: hr %#lx.\n", hr);
    return 0;
}

static void run_thread(LPTHREAD_START_ROUTINE proc, struct device_threads *t)
{
    HANDLE thread = CreateThread(NULL, 0, proc, t, 0, NULL);

    ok(!!thread, "CreateThread failed.\n");
    if (!thread)
        return;
    WaitForSingleObject(thread, INFINITE);
    CloseHandle(thread);
}

/* A 64x64 X8R8G8B8 render target of the object and a device on it; FALSE
 * (and a skip) without a Direct3D device. */
static BOOL create_device(IDirectDraw7 *ddraw7, struct device_threads *t)
{
    DDSURFACEDESC2 desc;
    IDirect3D7 *d3d;
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    hr = IDirectDraw7_CreateSurface(ddraw7, &desc, &t->target, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr))
        return FALSE;
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirect3D7, (void **)&d3d);
    ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, t->target, &t->device);
        ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
        IDirect3D7_Release(d3d);
    }
    if (t->device)
        return TRUE;
    skip("No Direct3D device.\n");
    IDirectDrawSurface7_Release(t->target);
    t->target = NULL;
    return FALSE;
}

static void release_device(struct device_threads *t)
{
    IDirect3DDevice7_Release(t->device);
    IDirectDrawSurface7_Release(t->target);
}

static void test_device_threads(void)
{
    struct device_threads t;
    IDirectDraw7 *ddraw7;
    DWORD colour;
    HWND window;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_thread", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64, NULL, NULL, NULL, NULL);
    hr = DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw7, window, DDSCL_NORMAL | DDSCL_MULTITHREADED);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);

    if (create_device(ddraw7, &t))
    {
        /* This thread clears red, the next one draws, this one reads back. */
        hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0xffff0000, 1.0f, 0);
        ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
        run_thread(draw_thread, &t);
        colour = get_pixel(t.target, 48, 32);
        ok(colour == 0xff0000, "Right half: %#lx.\n", colour);
        colour = get_pixel(t.target, 16, 48);
        ok(colour == 0x00ff00, "Left half: %#lx.\n", colour);
        colour = get_pixel(t.target, 3, 3);
        ok(colour == 0x0000ff, "Triangle: %#lx.\n", colour);
        /* A third thread reads and clears; this one reads again. */
        run_thread(read_clear_thread, &t);
        colour = get_pixel(t.target, 3, 3);
        ok(colour == 0xffffff, "After the third thread's clear: %#lx.\n", colour);
        release_device(&t);
    }
    ok(!IDirectDraw7_Release(ddraw7), "DirectDraw object not freed.\n");
    DestroyWindow(window);
}

/* The workers are gone, and one of them made the object's first surface
 * (so, on ours, its core device): this thread still renders. */
static void test_device_after_workers(void)
{
    struct device_threads t;
    DWORD colour;
    HRESULT hr;

    if (!create_device(ddraw, &t))
        return;
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    colour = get_pixel(t.target, 32, 32);
    ok(colour == 0x0000ff, "After the workers ended: %#lx.\n", colour);
    release_device(&t);
}

START_TEST(ddraw_thread)
{
    HANDLE threads[4];
    unsigned int i;
    HRESULT hr;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL | DDSCL_MULTITHREADED);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);

    for (i = 0; i < ARRAY_SIZE(threads); ++i)
        threads[i] = CreateThread(NULL, 0, worker, (void *)(ULONG_PTR)i, 0, NULL);
    WaitForMultipleObjects(ARRAY_SIZE(threads), threads, TRUE, INFINITE);
    for (i = 0; i < ARRAY_SIZE(threads); ++i)
        CloseHandle(threads[i]);
    ok(!thread_failures, "%ld operations failed.\n", thread_failures);
    test_device_after_workers();
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");

    test_device_threads();
}

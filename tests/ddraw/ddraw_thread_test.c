/*
 * DDSCL_MULTITHREADED: several threads create, lock, fill, blit and release
 * surfaces of one DirectDraw object at once.  Against ours and Wine's builtin.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "test.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

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
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");
}

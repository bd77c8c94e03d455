/*
 * DDSCL_FPUSETUP / DDSCL_FPUPRESERVE.  On i686 creating a Direct3D device
 * leaves the calling thread's x87 control word at single precision with
 * every exception masked, unless the cooperative level has FPUPRESERVE (no
 * 32-bit Wine here to run that).  On x86_64 float and double math is SSE
 * and Direct3D leaves the FPU alone whatever the flags, as Wine's builtin
 * does: the x87 control word, long double (x87) arithmetic and MXCSR's
 * control bits are what they were before CreateDevice.
 * Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>
#include <d3d.h>

#include "test.h"

static WORD get_fpu_cw(void)
{
    WORD cw;

    __asm__ __volatile__ ("fnstcw %0" : "=m" (cw));
    return cw;
}

static void set_fpu_cw(WORD cw)
{
    __asm__ __volatile__ ("fldcw %0" : : "m" (cw));
}

static DWORD get_mxcsr(void)
{
    DWORD csr;

    __asm__ __volatile__ ("stmxcsr %0" : "=m" (csr));
    return csr;
}

/* 1/3 in long double: rounded to 24 bits under single precision. */
static BOOL x87_divides_in_single_precision(void)
{
    volatile long double one = 1.0L, three = 3.0L, q;

    q = one / three;
    return (double)q == (double)(1.0f / 3.0f);
}

/* Creates a device on an offscreen surface; the FPU control word after it. */
static BOOL create_device(HWND window, DWORD level, WORD *cw_after)
{
    IDirectDrawSurface7 *surface;
    IDirect3DDevice7 *device;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    IDirect3D7 *d3d;
    BOOL ret = FALSE;
    HRESULT hr;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return FALSE;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, level);
    ok(hr == DD_OK, "SetCooperativeLevel(%#lx): hr %#lx.\n", level, hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = 64;
    desc.dwHeight = 64;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
        ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            /* Enumerating says nothing about the FPU yet on Windows; only
             * the creation is checked. */
            set_fpu_cw(*cw_after);
            hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, surface, &device);
            ok(hr == DD_OK, "CreateDevice: hr %#lx.\n", hr);
            if (SUCCEEDED(hr))
            {
                *cw_after = get_fpu_cw();
                ret = TRUE;
                IDirect3DDevice7_Release(device);
            }
            IDirect3D7_Release(d3d);
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
    return ret;
}

START_TEST(ddraw_fpu)
{
    static const struct
    {
        DWORD level;
    }
    tests[] =
    {
        {DDSCL_NORMAL},
        {DDSCL_NORMAL | DDSCL_FPUSETUP},
        {DDSCL_NORMAL | DDSCL_FPUPRESERVE},
    };
    const WORD start_cw = 0x27f;    /* the Win64 default: 53-bit precision, all masked */
    unsigned int i;
    DWORD mxcsr;
    HWND window;
    WORD cw;

    window = CreateWindowA("static", "ddraw_fpu", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64, NULL, NULL, NULL, NULL);
    for (i = 0; i < sizeof(tests) / sizeof(tests[0]); ++i)
    {
        set_fpu_cw(start_cw);
        ok(!x87_divides_in_single_precision(), "Single precision before any device.\n");
        mxcsr = get_mxcsr();
        cw = start_cw;
        if (!create_device(window, tests[i].level, &cw))
            continue;
        ok(cw == start_cw, "Level %#lx: the control word is %#x after CreateDevice.\n", tests[i].level, cw);
        ok(!x87_divides_in_single_precision(), "Level %#lx: long double divides in single precision.\n",
                tests[i].level);
        /* Only the control bits: GL work may leave sticky status flags. */
        ok((get_mxcsr() & ~0x3fu) == (mxcsr & ~0x3fu), "Level %#lx: MXCSR changed from %#lx to %#lx.\n",
                tests[i].level, mxcsr, get_mxcsr());
    }
    set_fpu_cw(start_cw);
    DestroyWindow(window);
}

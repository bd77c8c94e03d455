/*
 * GetDC and Lock of a flipping chain's back buffer and primary while the
 * quality overrides draw the render target elsewhere: forced MSAA (msaa=4),
 * the internal resolution scale (resolution_scale=2) and both.  Whatever the
 * core draws into, the program must see its own 640x480 surface: a
 * Direct3D draw is in the DC's bits and in a Lock (the same pixels in
 * both), GDI's text and fill drawn through the DC are in a Lock and survive
 * the next Direct3D draw, and a Flip hands the primary the same picture.
 *
 * ddraw reads its settings once a process, so the program runs itself once
 * per setting (DX7GL_MSAA / DX7GL_RESOLUTION_SCALE in the child's
 * environment) and the parent checks each child's exit status.  In ours
 * with an override on, the triangle's edges must come out with partial
 * coverage (proof that the override drew it); without one, and in Wine's
 * builtin (which ignores the keys), with none.
 */
#include "config.h"

#include <stdlib.h>

#include "d3d7_test.h"

/* The mode the program sets, and the part of the surfaces the test reads. */
#define WIDTH 640
#define HEIGHT 480
#define CHILD_VARIABLE "DX7GL_TEST_QUALITY_CHILD"
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

struct setting
{
    const char *name;           /* the child's argument */
    const char *msaa, *scale;   /* DX7GL_MSAA, DX7GL_RESOLUTION_SCALE; NULL: unset */
};

static const struct setting settings[] =
{
    {"default", NULL, NULL},
    {"msaa", "4", NULL},
    {"scale", NULL, "2"},
    {"msaa+scale", "4", "2"},
};

static DWORD pixels_lock[WIDTH * HEIGHT], pixels_dc[WIDTH * HEIGHT], pixels_before[WIDTH * HEIGHT];
/* The surfaces' size: the mode's (Wine's builtin cannot set one under a
 * plain X server and keeps the desktop's). */
static DWORD mode_width, mode_height;

/* The surface's pixels through a Lock (without the top byte), and its size
 * as the lock describes it. */
static BOOL lock_pixels(IDirectDrawSurface7 *surface, DWORD *pixels, DWORD *w, DWORD *h)
{
    DDSURFACEDESC2 desc;
    unsigned int y, x;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr))
        return FALSE;
    *w = desc.dwWidth;
    *h = desc.dwHeight;
    ok(desc.lPitch >= WIDTH * 4, "Pitch %ld.\n", desc.lPitch);
    for (y = 0; y < HEIGHT && y < desc.dwHeight; ++y)
        for (x = 0; x < WIDTH && x < desc.dwWidth; ++x)
            pixels[y * WIDTH + x] = ((const DWORD *)((const BYTE *)desc.lpSurface + y * desc.lPitch))[x] & 0xffffff;
    IDirectDrawSurface7_Unlock(surface, NULL);
    return TRUE;
}

/* The size of the bitmap GetDC gave, and its pixels as GDI copies them out
 * (a BitBlt into a DIB of our own). */
static void dc_pixels(HDC dc, DWORD *pixels, DWORD *w, DWORD *h)
{
    BITMAPINFO info;
    BITMAP bitmap;
    HBITMAP dib, old;
    void *bits;
    HDC mem;
    unsigned int i;

    memset(&bitmap, 0, sizeof(bitmap));
    GetObjectA(GetCurrentObject(dc, OBJ_BITMAP), sizeof(bitmap), &bitmap);
    *w = bitmap.bmWidth > 0 ? bitmap.bmWidth : 0;
    *h = bitmap.bmHeight > 0 ? bitmap.bmHeight : 0;

    memset(&info, 0, sizeof(info));
    info.bmiHeader.biSize = sizeof(info.bmiHeader);
    info.bmiHeader.biWidth = WIDTH;
    info.bmiHeader.biHeight = -HEIGHT;
    info.bmiHeader.biPlanes = 1;
    info.bmiHeader.biBitCount = 32;
    info.bmiHeader.biCompression = BI_RGB;
    dib = CreateDIBSection(NULL, &info, DIB_RGB_COLORS, &bits, NULL, 0);
    ok(dib != NULL, "CreateDIBSection failed.\n");
    if (!dib)
        return;
    mem = CreateCompatibleDC(dc);
    old = SelectObject(mem, dib);
    ok(BitBlt(mem, 0, 0, WIDTH, HEIGHT, dc, 0, 0, SRCCOPY), "BitBlt from the surface's DC failed.\n");
    GdiFlush();
    for (i = 0; i < WIDTH * HEIGHT; ++i)
        pixels[i] = ((const DWORD *)bits)[i] & 0xffffff;
    SelectObject(mem, old);
    DeleteDC(mem);
    DeleteObject(dib);
}

/* Pixels whose green is neither 0 nor 255 above row 390: a white-on-black
 * edge of the triangle drawn with more than one sample a pixel (below are
 * GDI's text, whose glyphs may be smoothed, and the quad). */
#define EDGE_ROWS 390
static unsigned int partial_pixels(const DWORD *pixels)
{
    unsigned int i, n = 0, g;

    for (i = 0; i < WIDTH * EDGE_ROWS; ++i)
    {
        g = (pixels[i] >> 8) & 0xff;
        if (g && g != 255) ++n;
    }
    return n;
}

static unsigned int count_rect(const DWORD *pixels, unsigned int x0, unsigned int y0,
        unsigned int x1, unsigned int y1, DWORD value)
{
    unsigned int x, y, n = 0;

    for (y = y0; y < y1; ++y)
        for (x = x0; x < x1; ++x)
            if (pixels[y * WIDTH + x] == value) ++n;
    return n;
}

static unsigned int differences(const DWORD *a, const DWORD *b)
{
    unsigned int i, n = 0;

    for (i = 0; i < WIDTH * HEIGHT; ++i)
        if (a[i] != b[i]) ++n;
    return n;
}

/* The surface seen through GetDC and through Lock: both the program's
 * size, the same pixels.  The DC's pixels stay in pixels_dc. */
static void check_views(IDirectDrawSurface7 *surface, const char *what)
{
    DDSURFACEDESC2 desc;
    DWORD lw = 0, lh = 0;
    DWORD dw = 0, dh = 0;
    HRESULT hr;
    HDC dc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
    ok(hr == DD_OK && desc.dwWidth == mode_width && desc.dwHeight == mode_height,
            "%s: GetSurfaceDesc: hr %#lx, %lux%lu.\n",
            what, hr, desc.dwWidth, desc.dwHeight);
    hr = IDirectDrawSurface7_GetDC(surface, &dc);
    ok(hr == DD_OK, "%s: GetDC: hr %#lx.\n", what, hr);
    if (FAILED(hr))
        return;
    dc_pixels(dc, pixels_dc, &dw, &dh);
    ok(dw == mode_width && dh == mode_height, "%s: the DC's bitmap is %lux%lu.\n", what, dw, dh);
    hr = IDirectDrawSurface7_ReleaseDC(surface, dc);
    ok(hr == DD_OK, "%s: ReleaseDC: hr %#lx.\n", what, hr);
    if (!lock_pixels(surface, pixels_lock, &lw, &lh))
        return;
    ok(lw == mode_width && lh == mode_height, "%s: the lock is %lux%lu.\n", what, lw, lh);
    ok(!differences(pixels_dc, pixels_lock), "%s: %u pixels differ between the DC and the lock.\n",
            what, differences(pixels_dc, pixels_lock));
}

static void draw(IDirect3DDevice7 *device, D3DPRIMITIVETYPE type, struct tl_vertex *v, DWORD count)
{
    HRESULT hr;

    hr = IDirect3DDevice7_BeginScene(device);
    ok(hr == D3D_OK, "BeginScene: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DrawPrimitive(device, type, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, v, count, 0);
    ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndScene(device);
    ok(hr == D3D_OK, "EndScene: hr %#lx.\n", hr);
}

/* Red fill and white text through the back buffer's DC, over black. */
static void draw_gdi(IDirectDrawSurface7 *back)
{
    RECT rect = {500, 300, 540, 340};
    HBRUSH brush;
    HRESULT hr;
    HDC dc;

    hr = IDirectDrawSurface7_GetDC(back, &dc);
    ok(hr == DD_OK, "GetDC: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    brush = CreateSolidBrush(RGB(255, 0, 0));
    FillRect(dc, &rect, brush);
    DeleteObject(brush);
    SetTextColor(dc, RGB(255, 255, 255));
    SetBkMode(dc, TRANSPARENT);
    TextOutA(dc, 400, 400, "dx7gl quality", 13);
    hr = IDirectDrawSurface7_ReleaseDC(back, dc);
    ok(hr == DD_OK, "ReleaseDC: hr %#lx.\n", hr);
}

static void run_child(const struct setting *setting, HWND window)
{
    struct tl_vertex triangle[3] =
    {
        {40.0f, 30.0f, 0.5f, 1.0f, 0xffffffff}, {600.0f, 130.0f, 0.5f, 1.0f, 0xffffffff},
        {90.0f, 450.0f, 0.5f, 1.0f, 0xffffffff},
    }, quad[4];
    IDirectDrawSurface7 *primary = NULL, *back = NULL, *z = NULL;
    IDirect3DDevice7 *device = NULL;
    IDirect3D7 *d3d = NULL;
    BOOL drawn_elsewhere = winetest_is_ours() && (setting->msaa || setting->scale);
    unsigned int edge;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDSCAPS2 caps;
    HRESULT hr;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, WIDTH, HEIGHT, 32, 0, 0);
    ok(hr == DD_OK || broken(hr == DDERR_UNSUPPORTED), "SetDisplayMode: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDraw7_GetDisplayMode(ddraw, &desc);
    ok(hr == DD_OK, "GetDisplayMode: hr %#lx.\n", hr);
    mode_width = desc.dwWidth;
    mode_height = desc.dwHeight;
    if (FAILED(hr) || mode_width < WIDTH || mode_height < HEIGHT || desc.ddpfPixelFormat.dwRGBBitCount != 32)
    {
        skip("Mode %lux%lu, %lu bits.\n", mode_width, mode_height, desc.ddpfPixelFormat.dwRGBBitCount);
        goto done;
    }

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX | DDSCAPS_3DDEVICE;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "CreateSurface(flip chain): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&caps, 0, sizeof(caps));
    caps.dwCaps = DDSCAPS_BACKBUFFER;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);
    if (FAILED(hr) || !(z = create_zbuffer(ddraw, mode_width, mode_height, FALSE)))
        goto done;
    hr = IDirectDrawSurface7_AddAttachedSurface(back, z);
    ok(hr == DD_OK, "AddAttachedSurface(z-buffer): hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
    ok(hr == DD_OK, "QueryInterface(IDirect3D7): hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, back, &device);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_LIGHTING, FALSE);
    hr = IDirect3DDevice7_Clear(device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000000, 1.0f, 0);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);

    /* A slanted triangle (every edge crosses pixels partly), seen through
     * the DC and the lock. */
    draw(device, D3DPT_TRIANGLELIST, triangle, 3);
    check_views(back, "back buffer after the draw");
    ok(pixels_dc[200 * WIDTH + 200] == 0xffffff, "Inside the triangle: %06lx.\n", pixels_dc[200 * WIDTH + 200]);
    ok(pixels_dc[460 * WIDTH + 620] == 0, "Outside the triangle: %06lx.\n", pixels_dc[460 * WIDTH + 620]);
    edge = partial_pixels(pixels_dc);
    if (drawn_elsewhere)
        ok(edge >= 300, "%u pixels of partial coverage on the edges; the override did not draw.\n", edge);
    else
        ok(!edge, "%u pixels of partial coverage without an override.\n", edge);

    /* GDI through the DC, seen through a lock. */
    draw_gdi(back);
    if (lock_pixels(back, pixels_lock, &desc.dwWidth, &desc.dwHeight))
    {
        ok(count_rect(pixels_lock, 500, 300, 540, 340, 0xff0000) == 1600, "The fill is not in the lock (%06lx).\n",
                pixels_lock[320 * WIDTH + 520]);
        ok(count_rect(pixels_lock, 400, EDGE_ROWS, 560, 440, 0xffffff) > 20, "The text is not in the lock.\n");
        ok(pixels_lock[200 * WIDTH + 200] == 0xffffff, "The triangle is lost: %06lx.\n",
                pixels_lock[200 * WIDTH + 200]);
        ok(partial_pixels(pixels_lock) == edge, "Partial pixels %u, were %u.\n", partial_pixels(pixels_lock), edge);
    }

    /* A Direct3D draw after GDI's: both in the DC, and the flip gives the
     * primary the same picture. */
    /* Its edge pixels may be partly covered with more samples than one (an
     * edge on a whole number runs through pixel centres), so the inside
     * and what lies two pixels out are checked. */
    make_quad(quad, 20.0f, 400.0f, 60.0f, 440.0f, 0.5f, 0xff00ff00);
    draw(device, D3DPT_TRIANGLESTRIP, quad, 4);
    check_views(back, "back buffer after GDI and a draw");
    ok(count_rect(pixels_dc, 21, 401, 59, 439, 0x00ff00) == 38 * 38, "The quad is not in the DC: %u pixels (%06lx).\n",
            count_rect(pixels_dc, 21, 401, 59, 439, 0x00ff00), pixels_dc[420 * WIDTH + 40]);
    ok(!pixels_dc[420 * WIDTH + 17] && !pixels_dc[420 * WIDTH + 62] && !pixels_dc[397 * WIDTH + 40]
            && !pixels_dc[442 * WIDTH + 40], "The quad spills: %06lx %06lx %06lx %06lx.\n",
            pixels_dc[420 * WIDTH + 17], pixels_dc[420 * WIDTH + 62], pixels_dc[397 * WIDTH + 40],
            pixels_dc[442 * WIDTH + 40]);
    ok(count_rect(pixels_dc, 500, 300, 540, 340, 0xff0000) == 1600, "The fill did not survive the draw (%06lx).\n",
            pixels_dc[320 * WIDTH + 520]);
    ok(count_rect(pixels_dc, 400, EDGE_ROWS, 560, 440, 0xffffff) > 20, "The text did not survive the draw.\n");
    ok(partial_pixels(pixels_dc) == edge, "After the draw partial pixels %u, were %u.\n",
            partial_pixels(pixels_dc), edge);
    memcpy(pixels_before, pixels_dc, sizeof(pixels_before));

    hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
    ok(hr == DD_OK, "Flip: hr %#lx.\n", hr);
    check_views(primary, "primary after the flip");
    ok(!differences(pixels_dc, pixels_before), "%u pixels of the primary differ from the back buffer's before the flip.\n",
            differences(pixels_dc, pixels_before));

done:
    if (device) IDirect3DDevice7_Release(device);
    if (d3d) IDirect3D7_Release(d3d);
    if (z) IDirectDrawSurface7_Release(z);
    if (back) IDirectDrawSurface7_Release(back);
    if (primary) IDirectDrawSurface7_Release(primary);
    IDirectDraw7_RestoreDisplayMode(ddraw);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
}

/* Runs this program again with the setting in its environment; its
 * output goes to ours, its exit status is its failures and skips. */
static void spawn(const struct setting *setting)
{
    PROCESS_INFORMATION pi;
    STARTUPINFOA si;
    char path[MAX_PATH];
    DWORD code = ~0u;

    SetEnvironmentVariableA(CHILD_VARIABLE, setting->name);
    SetEnvironmentVariableA("DX7GL_MSAA", setting->msaa);
    SetEnvironmentVariableA("DX7GL_RESOLUTION_SCALE", setting->scale);
    GetModuleFileNameA(NULL, path, sizeof(path));
    memset(&si, 0, sizeof(si));
    si.cb = sizeof(si);
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    si.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
    si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    if (!CreateProcessA(path, NULL, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi))
    {
        ok(0, "%s: CreateProcess failed, error %lu.\n", setting->name, GetLastError());
        return;
    }
    if (WaitForSingleObject(pi.hProcess, 120000) != WAIT_OBJECT_0)
        TerminateProcess(pi.hProcess, 255);
    GetExitCodeProcess(pi.hProcess, &code);
    ok(!code, "%s: the child ended with %lu (failures and skips).\n", setting->name, code);
    CloseHandle(pi.hThread);
    CloseHandle(pi.hProcess);
    SetEnvironmentVariableA(CHILD_VARIABLE, NULL);
    SetEnvironmentVariableA("DX7GL_MSAA", NULL);
    SetEnvironmentVariableA("DX7GL_RESOLUTION_SCALE", NULL);
}

START_TEST(d3d7_quality)
{
    const char *child = getenv(CHILD_VARIABLE);
    static char name[64];
    unsigned int i;
    HWND window;

    if (!child)
    {
        for (i = 0; i < ARRAY_SIZE(settings); ++i)
            spawn(&settings[i]);
        return;
    }
    for (i = 0; i < ARRAY_SIZE(settings); ++i)
        if (!strcmp(child, settings[i].name)) break;
    if (i == ARRAY_SIZE(settings))
    {
        ok(0, "Unknown setting %s.\n", child);
        exit(1);
    }
    snprintf(name, sizeof(name), "d3d7_quality (%s)", child);
    winetest_state.name = name;
    window = CreateWindowA("static", "d3d7_quality_test", WS_POPUP | WS_VISIBLE, 0, 0, WIDTH, HEIGHT,
            NULL, NULL, NULL, NULL);
    ok(window != NULL, "CreateWindow failed.\n");
    run_child(&settings[i], window);
    DestroyWindow(window);
    /* A skip in a child is no pass for the parent either. */
    i = winetest_summary();
    exit(i + (winetest_state.skips ? 1 : 0));
}

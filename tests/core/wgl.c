/*
 * core_wgl_test.exe: the core on WGL (under Wine or Windows), without
 * ddraw: a device on a window and one on a hidden window, drawing, lock
 * readback, present to the window and two contexts on one thread.
 */
#include "config.h"

#include <windows.h>

#include "test.h"
#include "wined3d-lite/wined3d.h"

struct tl_vertex { float x, y, z, rhw; uint32_t diffuse; };

static uint32_t read_back(struct wined3d_device *device, unsigned int x, unsigned int y)
{
    struct wined3d_texture *rt = wined3d_device_get_render_target(device, NULL);
    struct wined3d_map_desc map;
    uint32_t v = 0xdeadbeef;

    if (wined3d_texture_map(rt, 0, NULL, WINED3D_MAP_READ, &map) != WINED3D_OK)
        return v;
    v = ((const uint32_t *)((const uint8_t *)map.data + y * map.row_pitch))[x];
    wined3d_texture_unmap(rt, 0);
    return v;
}

static void draw_square(struct wined3d_device *device, float x0, float y0, float x1, float y1, uint32_t color)
{
    struct tl_vertex v[4] =
    {
        {x0, y0, 0.5f, 1.0f, color}, {x1, y0, 0.5f, 1.0f, color},
        {x0, y1, 0.5f, 1.0f, color}, {x1, y1, 0.5f, 1.0f, color},
    };
    int32_t hr;

    wined3d_device_set_fvf(device, WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE);
    hr = wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0]));
    ok(hr == WINED3D_OK, "Draw failed, hr %#x.\n", (unsigned int)hr);
}

static struct wined3d_device *create(HWND window, unsigned int w, unsigned int h)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device = NULL;
    int32_t hr;

    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_WGL;
    desc.native_window = (uintptr_t)window;
    desc.backbuffer_width = w;
    desc.backbuffer_height = h;
    desc.backbuffer_format = WINED3DFMT_X8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    hr = wined3d_device_create(&desc, 0, &device);
    ok(hr == WINED3D_OK, "Device creation failed, hr %#x.\n", (unsigned int)hr);
    if (device)
    {
        /* The depth buffer starts undefined, as in Direct3D. */
        wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_LIGHTING, 0);
        wined3d_device_set_render_state(device, WINED3D_RS_CULLMODE, WINED3D_CULL_NONE);
    }
    return device;
}

static void test_window_device(void)
{
    HWND window = CreateWindowA("static", "core_wgl_test", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
            0, 0, 320, 240, NULL, NULL, NULL, NULL);
    struct wined3d_device *device;
    struct wined3d_caps caps;
    uint32_t v;
    int32_t hr;

    ok(window != NULL, "No window.\n");
    if (!(device = create(window, 160, 120)))
    {
        DestroyWindow(window);
        return;
    }
    wined3d_device_get_caps(device, &caps);
    trace("GL renderer %s, version %s.\n", caps.gl_renderer, caps.gl_version);
    hr = wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff0000ff, 1.0f, 0);
    ok(hr == WINED3D_OK, "Clear failed, hr %#x.\n", (unsigned int)hr);
    draw_square(device, 10.0f, 10.0f, 50.0f, 50.0f, 0xffff0000);
    v = read_back(device, 20, 20);
    ok((v & 0xffffff) == 0xff0000, "Got %#x at 20,20.\n", v);
    v = read_back(device, 100, 100);
    ok((v & 0xffffff) == 0x0000ff, "Got %#x at 100,100.\n", v);

    hr = wined3d_swapchain_present(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL, 0);
    ok(hr == WINED3D_OK, "Present failed, hr %#x.\n", (unsigned int)hr);
    /* The window shows the picture scaled to fit, aspect kept, black bars
     * at the sides (160x120 into the client area), top row at the top. */
    {
        HDC dc = GetDC(window);
        RECT r;
        unsigned int cw, ch, bw, x0;
        COLORREF c;

        GetClientRect(window, &r);
        cw = r.right - r.left;
        ch = r.bottom - r.top;
        bw = ch * 160 / 120 <= cw ? ch * 160 / 120 : cw;
        x0 = (cw - bw) / 2;
        c = GetPixel(dc, cw / 2, ch / 2);
        ok(c == RGB(0, 0, 0xff), "Window centre %#lx, expected blue.\n", (unsigned long)c);
        c = GetPixel(dc, x0 + bw * 20 / 160, ch * 20 / 120);
        ok(c == RGB(0xff, 0, 0), "Window at the red square %#lx, expected red.\n", (unsigned long)c);
        if (x0 > 2)
        {
            c = GetPixel(dc, x0 / 2, ch / 2);
            ok(c == RGB(0, 0, 0), "Bar %#lx, expected black.\n", (unsigned long)c);
        }
        ReleaseDC(window, dc);
    }
    wined3d_device_destroy(device);
    DestroyWindow(window);
}

static void test_hidden_window_device(void)
{
    struct wined3d_device *device = create(NULL, 64, 64);
    struct wined3d_swapchain_desc desc;
    struct wined3d_swapchain *second = NULL;
    int32_t hr;

    if (!device) return;
    draw_square(device, 0.0f, 0.0f, 8.0f, 8.0f, 0xff00ff00);
    ok((read_back(device, 4, 4) & 0xffffff) == 0x00ff00, "Got %#x.\n", read_back(device, 4, 4));
    /* A second context sharing objects, on the same thread. */
    memset(&desc, 0, sizeof(desc));
    desc.window_system = WINED3D_WS_WGL;
    desc.backbuffer_width = desc.backbuffer_height = 16;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    hr = wined3d_swapchain_create(device, &desc, &second);
    ok(hr == WINED3D_OK, "Second swapchain failed, hr %#x.\n", (unsigned int)hr);
    if (second)
    {
        wined3d_device_set_swapchain(device, second);
        draw_square(device, 0.0f, 0.0f, 8.0f, 8.0f, 0xffff00ff);
        ok(read_back(device, 4, 4) == 0xffff00ff, "Got %#x.\n", read_back(device, 4, 4));
        wined3d_device_set_swapchain(device, wined3d_device_get_swapchain(device, 0));
        ok((read_back(device, 4, 4) & 0xffffff) == 0x00ff00, "Got %#x.\n", read_back(device, 4, 4));
        wined3d_swapchain_destroy(second);
    }
    wined3d_device_destroy(device);
}

START_TEST(core_wgl)
{
    test_window_device();
    test_hidden_window_device();
}

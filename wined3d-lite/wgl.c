/*
 * WGL glue for the PE builds (under Wine or Windows): a pixel format on the
 * window's DC, a 3.3 core context through wglCreateContextAttribsARB (a
 * legacy context is needed first to get the function), one context per
 * window, sharing objects with the first; made current on the drawing
 * thread.  Without a window a hidden one carries the context.
 */
#include "config.h"

#ifdef _WIN32

#include <windows.h>

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(wgl);

#define WGL_CONTEXT_MAJOR_VERSION_ARB    0x2091
#define WGL_CONTEXT_MINOR_VERSION_ARB    0x2092
#define WGL_CONTEXT_PROFILE_MASK_ARB     0x9126
#define WGL_CONTEXT_CORE_PROFILE_BIT_ARB 0x00000001
#define WGL_CONTEXT_FLAGS_ARB            0x2094
#define WGL_CONTEXT_DEBUG_BIT_ARB        0x00000001
typedef HGLRC (WINAPI *create_context_attribs_func)(HDC dc, HGLRC share, const int *attribs);
typedef BOOL (WINAPI *swap_interval_func)(int interval);

struct wined3d_wsi_context
{
    HWND window;
    HWND own_window;        /* hidden window when the caller gave none */
    HDC dc;
    HGLRC context;
    int swap_interval, interval_set;
    uint64_t serial;        /* this binding (context + DC); see wsi_current */
};

static HWND create_hidden_window(void)
{
    static const char class_name[] = "dx7gl_wined3d_hidden";
    static int registered;
    WNDCLASSA wc;

    if (!registered)
    {
        memset(&wc, 0, sizeof(wc));
        wc.style = CS_OWNDC;
        wc.lpfnWndProc = DefWindowProcA;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = class_name;
        RegisterClassA(&wc);
        registered = 1;
    }
    return CreateWindowA(class_name, "dx7gl", WS_POPUP, 0, 0, 16, 16, NULL, NULL, GetModuleHandleA(NULL), NULL);
}

/* The window's pixel format: only presents draw there (the core renders into
 * textures), so the least depth and stencil offered, and no alpha, which lets
 * a present copy its source's bytes, alpha byte included, without changing
 * what the window shows (swapchain.c).  0 when the DC offers no such format. */
static int find_pixel_format(HDC dc)
{
    const DWORD flags = PFD_DRAW_TO_WINDOW | PFD_SUPPORT_OPENGL | PFD_DOUBLEBUFFER;
    int i, count, best = 0, best_bits = 0;
    PIXELFORMATDESCRIPTOR pfd;

    count = DescribePixelFormat(dc, 1, sizeof(pfd), &pfd);
    for (i = 1; i <= count; ++i)
    {
        if (!DescribePixelFormat(dc, i, sizeof(pfd), &pfd) || (pfd.dwFlags & flags) != flags
                || (pfd.dwFlags & PFD_GENERIC_FORMAT) || pfd.iPixelType != PFD_TYPE_RGBA
                || pfd.cColorBits < 24 || pfd.cRedBits != 8 || pfd.cAlphaBits)
            continue;
        if (!best || pfd.cDepthBits + pfd.cStencilBits < best_bits)
        {
            best = i;
            best_bits = pfd.cDepthBits + pfd.cStencilBits;
        }
    }
    TRACE("dc %p: format %d of %d.\n", dc, best, count);
    return best;
}

static int set_pixel_format(HDC dc)
{
    PIXELFORMATDESCRIPTOR pfd;
    int format;

    if (GetPixelFormat(dc) > 0)
        return 1;
    if ((format = find_pixel_format(dc)) && DescribePixelFormat(dc, format, sizeof(pfd), &pfd)
            && SetPixelFormat(dc, format, &pfd))
        return 1;
    memset(&pfd, 0, sizeof(pfd));
    pfd.nSize = sizeof(pfd);
    pfd.nVersion = 1;
    pfd.dwFlags = PFD_DRAW_TO_WINDOW | PFD_SUPPORT_OPENGL | PFD_DOUBLEBUFFER;
    pfd.iPixelType = PFD_TYPE_RGBA;
    pfd.cColorBits = 32;
    pfd.iLayerType = PFD_MAIN_PLANE;
    if (!(format = ChoosePixelFormat(dc, &pfd)))
        return 0;
    return SetPixelFormat(dc, format, &pfd);
}

struct wined3d_wsi_context *wsi_create_context(struct wined3d_device *device,
        const struct wined3d_swapchain_desc *desc, struct wined3d_wsi_context *share)
{
    int attribs[] =
    {
        WGL_CONTEXT_MAJOR_VERSION_ARB, 3, WGL_CONTEXT_MINOR_VERSION_ARB, 3,
        WGL_CONTEXT_PROFILE_MASK_ARB, WGL_CONTEXT_CORE_PROFILE_BIT_ARB, 0, 0, 0
    };
    struct wined3d_wsi_context *ctx;
    create_context_attribs_func create;
    HGLRC legacy;

    if (desc->window_system != WINED3D_WS_WGL)
    {
        WARN("Window system %u is not available in this build.\n", desc->window_system);
        return NULL;
    }
    if (!(ctx = calloc(1, sizeof(*ctx))))
        return NULL;
    if (device->flags & WINED3D_DEVICE_DEBUG_CONTEXT)
    {
        attribs[6] = WGL_CONTEXT_FLAGS_ARB;
        attribs[7] = WGL_CONTEXT_DEBUG_BIT_ARB;
    }
    ctx->window = (HWND)desc->native_window;
    if (!ctx->window && !(ctx->window = ctx->own_window = create_hidden_window()))
        goto fail;
    if (!(ctx->dc = GetDC(ctx->window)) || !set_pixel_format(ctx->dc))
    {
        ERR("No GL pixel format for window %p.\n", ctx->window);
        goto fail;
    }
    if (!(legacy = wglCreateContext(ctx->dc)))
        goto fail;
    wglMakeCurrent(ctx->dc, legacy);
    create = (create_context_attribs_func)(void *)wglGetProcAddress("wglCreateContextAttribsARB");
    if (create)
        ctx->context = create(ctx->dc, share ? share->context : NULL, attribs);
    wglMakeCurrent(NULL, NULL);
    wsi_current = 0;
    wglDeleteContext(legacy);
    if (!ctx->context)
    {
        ERR("No GL 3.3 core context.\n");
        goto fail;
    }
    ctx->swap_interval = (device->flags & WINED3D_DEVICE_NO_VSYNC) ? 0 : 1;
    ctx->serial = wsi_next_serial();
    return ctx;

fail:
    if (ctx->dc) ReleaseDC(ctx->window, ctx->dc);
    if (ctx->own_window) DestroyWindow(ctx->own_window);
    free(ctx);
    return NULL;
}

void wsi_destroy_context(struct wined3d_wsi_context *ctx)
{
    if (!ctx) return;
    if (wglGetCurrentContext() == ctx->context)
        wglMakeCurrent(NULL, NULL);
    if (wsi_current == ctx->serial)
        wsi_current = 0;
    wglDeleteContext(ctx->context);
    ReleaseDC(ctx->window, ctx->dc);
    if (ctx->own_window) DestroyWindow(ctx->own_window);
    free(ctx);
}

int wsi_make_current(struct wined3d_wsi_context *ctx)
{
    if (!wglMakeCurrent(ctx->dc, ctx->context))
    {
        wsi_current = 0;
        return 0;
    }
    wsi_current = ctx->serial;
    return 1;
}

int wsi_is_current(struct wined3d_wsi_context *ctx)
{
    return wsi_current == ctx->serial;
}

void wsi_release(struct wined3d_wsi_context *ctx)
{
    if (wsi_current != ctx->serial)
        return;
    wglMakeCurrent(NULL, NULL);
    wsi_current = 0;
}

int wsi_swap_buffers(struct wined3d_wsi_context *ctx)
{
    if (ctx->own_window) return 0;
    if (!ctx->interval_set)
    {
        swap_interval_func set_interval = (swap_interval_func)(void *)wglGetProcAddress("wglSwapIntervalEXT");
        if (set_interval) set_interval(ctx->swap_interval);
        ctx->interval_set = 1;
    }
    return SwapBuffers(ctx->dc) != FALSE;
}

void wsi_get_window_size(struct wined3d_wsi_context *ctx, uint32_t *width, uint32_t *height)
{
    RECT r;
    *width = *height = 0;
    if (ctx->own_window || !GetClientRect(ctx->window, &r)) return;
    *width = r.right - r.left;
    *height = r.bottom - r.top;
}

int wsi_set_window(struct wined3d_wsi_context *ctx, uintptr_t window)
{
    HWND hwnd = (HWND)window;
    HDC dc;

    if (!hwnd)
    {
        if (!ctx->own_window && !(ctx->own_window = create_hidden_window())) return 0;
        hwnd = ctx->own_window;
    }
    if (!(dc = GetDC(hwnd)) || !set_pixel_format(dc))
        return 0;
    /* Other threads that had the old DC bind the new one next time. */
    ctx->serial = wsi_next_serial();
    if (wglGetCurrentContext() == ctx->context && wglMakeCurrent(dc, ctx->context))
        wsi_current = ctx->serial;
    ReleaseDC(ctx->window, ctx->dc);
    if (ctx->own_window && hwnd != ctx->own_window)
    {
        DestroyWindow(ctx->own_window);
        ctx->own_window = NULL;
    }
    ctx->window = hwnd;
    ctx->dc = dc;
    return 1;
}

#endif /* _WIN32 */

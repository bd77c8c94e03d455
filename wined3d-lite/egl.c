/*
 * EGL glue for native builds: the surfaceless platform for headless use
 * (tests, the demo) and a window surface when the caller gives a native
 * window.  One context per swapchain, all sharing objects with the first.
 */
#include "config.h"

#ifndef _WIN32

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(egl);

struct wined3d_wsi_context
{
    EGLDisplay display;
    EGLConfig config;
    EGLContext context;
    EGLSurface surface;
    EGLint swap_interval;
    int interval_set;
    uint64_t serial;        /* this binding (context + surface); see wsi_current */
};

/* The displays our contexts use, with how many contexts each. A display
 * the core initialised is terminated when its last context goes, so a
 * host that loads and unloads a driver again and again does not keep
 * Mesa's screen each time. One the application had initialised already
 * is its own and stays. EGL initialises a display once per process, not
 * once per call, hence the count. */
struct egl_display_use
{
    EGLDisplay display;
    unsigned int contexts;
    int ours;
};

/* AddressSanitizer builds keep their displays: once terminated, llvmpipe's
 * allocations made from its JIT-compiled code (an unknown module) are no
 * longer reachable, and LeakSanitizer reports them as leaks it can neither
 * symbolize nor suppress (see tests/ffp/Makefile.am). */
#if defined(__SANITIZE_ADDRESS__)
# define EGL_KEEP_DISPLAYS 1
#else
# define EGL_KEEP_DISPLAYS 0
#endif

static struct egl_display_use displays[8];
static pthread_mutex_t displays_mutex = PTHREAD_MUTEX_INITIALIZER;

static struct egl_display_use *display_use_find(EGLDisplay display)
{
    unsigned int i;

    for (i = 0; i < sizeof(displays) / sizeof(displays[0]); ++i)
        if (displays[i].contexts && displays[i].display == display)
            return &displays[i];
    return NULL;
}

/* Initialises the display if needed and counts one more context on it. */
static int display_acquire(EGLDisplay display, EGLint *major, EGLint *minor)
{
    struct egl_display_use *use;
    unsigned int i;
    int ours, ret = 0;

    pthread_mutex_lock(&displays_mutex);
    if ((use = display_use_find(display)))
    {
        ++use->contexts;
        ret = eglInitialize(display, major, minor);
    }
    else
    {
        ours = !eglQueryString(display, EGL_VENDOR);
        eglGetError();  /* EGL_NOT_INITIALIZED from the question above */
        for (i = 0; i < sizeof(displays) / sizeof(displays[0]) && displays[i].contexts; ++i) {}
        if (eglInitialize(display, major, minor))
        {
            ret = 1;
            if (i < sizeof(displays) / sizeof(displays[0]))
            {
                displays[i].display = display;
                displays[i].contexts = 1;
                displays[i].ours = ours;
            }
            else
                WARN("Too many EGL displays; display %p is never terminated.\n", display);
        }
    }
    pthread_mutex_unlock(&displays_mutex);
    return ret;
}

static void display_release(EGLDisplay display)
{
    struct egl_display_use *use;

    pthread_mutex_lock(&displays_mutex);
    if ((use = display_use_find(display)) && !--use->contexts && use->ours && !EGL_KEEP_DISPLAYS)
    {
        TRACE("Terminating EGL display %p: its last context is gone.\n", display);
        /* Not eglReleaseThread: this thread may have a context of another
         * display current. */
        eglTerminate(display);
    }
    pthread_mutex_unlock(&displays_mutex);
}

static EGLDisplay get_display(const struct wined3d_swapchain_desc *desc)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display;

    if (desc->window_system == WINED3D_WS_EGL_WINDOW)
        return eglGetDisplay((EGLNativeDisplayType)desc->native_display);
    get_platform_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_platform_display)
    {
        ERR("eglGetPlatformDisplayEXT is missing.\n");
        return EGL_NO_DISPLAY;
    }
    return get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

struct wined3d_wsi_context *wsi_create_context(struct wined3d_device *device,
        const struct wined3d_swapchain_desc *desc, struct wined3d_wsi_context *share)
{
    EGLint context_attribs[] =
    {
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_NONE, EGL_NONE, EGL_NONE
    };
    static const EGLint config_attribs[] =
    {
        EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE
    };
    struct wined3d_wsi_context *ctx;
    EGLint major, minor, count = 0;

    if (desc->window_system != WINED3D_WS_EGL_SURFACELESS && desc->window_system != WINED3D_WS_EGL_WINDOW)
    {
        WARN("Window system %u is not available in this build.\n", desc->window_system);
        return NULL;
    }
    if (!(ctx = calloc(1, sizeof(*ctx))))
        return NULL;
    ctx->display = share ? share->display : get_display(desc);
    if (ctx->display == EGL_NO_DISPLAY || !display_acquire(ctx->display, &major, &minor))
    {
        ERR("No EGL display (error %#x).\n", eglGetError());
        free(ctx);
        return NULL;
    }
    if (!eglBindAPI(EGL_OPENGL_API))
    {
        ERR("EGL has no desktop OpenGL.\n");
        display_release(ctx->display);
        free(ctx);
        return NULL;
    }
    ctx->config = EGL_NO_CONFIG_KHR;
    if (desc->window_system == WINED3D_WS_EGL_WINDOW || (share && share->config != EGL_NO_CONFIG_KHR))
    {
        if (!eglChooseConfig(ctx->display, config_attribs, &ctx->config, 1, &count) || !count)
        {
            ERR("No EGL config for a window.\n");
            display_release(ctx->display);
            free(ctx);
            return NULL;
        }
    }
    if (device->flags & WINED3D_DEVICE_DEBUG_CONTEXT)
    {
        context_attribs[6] = EGL_CONTEXT_OPENGL_DEBUG;
        context_attribs[7] = EGL_TRUE;
    }
    ctx->context = eglCreateContext(ctx->display, ctx->config, share ? share->context : EGL_NO_CONTEXT,
            context_attribs);
    if (ctx->context == EGL_NO_CONTEXT)
    {
        ERR("Failed to create a GL 3.3 core context (error %#x).\n", eglGetError());
        display_release(ctx->display);
        free(ctx);
        return NULL;
    }
    ctx->surface = EGL_NO_SURFACE;
    if (desc->window_system == WINED3D_WS_EGL_WINDOW && desc->native_window)
    {
        ctx->surface = eglCreateWindowSurface(ctx->display, ctx->config,
                (EGLNativeWindowType)desc->native_window, NULL);
        if (ctx->surface == EGL_NO_SURFACE)
            WARN("No window surface (error %#x); presenting goes nowhere.\n", eglGetError());
    }
    ctx->swap_interval = (device->flags & WINED3D_DEVICE_NO_VSYNC) ? 0 : 1;
    ctx->serial = wsi_next_serial();
    TRACE("EGL %d.%d context %p.\n", major, minor, ctx->context);
    return ctx;
}

void wsi_destroy_context(struct wined3d_wsi_context *ctx)
{
    if (!ctx) return;
    if (eglGetCurrentContext() == ctx->context)
        eglMakeCurrent(ctx->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (wsi_current == ctx->serial)
        wsi_current = 0;
    if (ctx->surface != EGL_NO_SURFACE)
        eglDestroySurface(ctx->display, ctx->surface);
    eglDestroyContext(ctx->display, ctx->context);
    display_release(ctx->display);
    free(ctx);
}

int wsi_make_current(struct wined3d_wsi_context *ctx)
{
    if (eglMakeCurrent(ctx->display, ctx->surface, ctx->surface, ctx->context) != EGL_TRUE)
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
    eglMakeCurrent(ctx->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    wsi_current = 0;
}

int wsi_swap_buffers(struct wined3d_wsi_context *ctx)
{
    if (ctx->surface == EGL_NO_SURFACE) return 0;
    /* The interval belongs to the surface current at the time of the call. */
    if (!ctx->interval_set)
    {
        eglSwapInterval(ctx->display, ctx->swap_interval);
        ctx->interval_set = 1;
    }
    return eglSwapBuffers(ctx->display, ctx->surface) == EGL_TRUE;
}

void wsi_get_window_size(struct wined3d_wsi_context *ctx, uint32_t *width, uint32_t *height)
{
    EGLint w = 0, h = 0;
    if (ctx->surface != EGL_NO_SURFACE)
    {
        eglQuerySurface(ctx->display, ctx->surface, EGL_WIDTH, &w);
        eglQuerySurface(ctx->display, ctx->surface, EGL_HEIGHT, &h);
    }
    *width = w;
    *height = h;
}

int wsi_set_window(struct wined3d_wsi_context *ctx, uintptr_t window)
{
    EGLSurface surface = EGL_NO_SURFACE;

    if (window)
    {
        if (ctx->config == EGL_NO_CONFIG_KHR)
            return 0;   /* a surfaceless device stays headless */
        surface = eglCreateWindowSurface(ctx->display, ctx->config, (EGLNativeWindowType)window, NULL);
        if (surface == EGL_NO_SURFACE) return 0;
    }
    /* Other threads that had the old surface bind the new one next time. */
    ctx->serial = wsi_next_serial();
    if (eglGetCurrentContext() == ctx->context && eglMakeCurrent(ctx->display, surface, surface, ctx->context))
        wsi_current = ctx->serial;
    if (ctx->surface != EGL_NO_SURFACE)
        eglDestroySurface(ctx->display, ctx->surface);
    ctx->surface = surface;
    ctx->interval_set = 0;
    return 1;
}

#endif /* _WIN32 */

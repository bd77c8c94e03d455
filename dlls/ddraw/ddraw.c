/*
 * ddraw: the DirectDraw object.  IDirectDraw7 does the work; IDirectDraw4,
 * IDirectDraw2 and IDirectDraw are thin adapters over the same object
 * (ddraw_thunks.c), each with its own reference count as DirectDraw keeps
 * them.
 */
#include "config.h"

#include <stdio.h>
#ifndef _WIN32
#include <time.h>
#include <unistd.h>
#endif

#include "ddraw_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

struct ddraw *ddraw_exclusive_owner;

/* Another object than DDRAW holds exclusive mode. Windows ties the mode to
 * the window it was set on: once that window is destroyed the claim is gone,
 * even while the object lives on (a program, or one of Wine's tests, that
 * leaks it), and another object may take exclusive mode. Called with the
 * lock held. */
static BOOL ddraw_exclusive_elsewhere(const struct ddraw *ddraw)
{
    struct ddraw *owner = ddraw_exclusive_owner;

    if (!owner || owner == ddraw)
        return FALSE;
#ifdef _WIN32
    if (owner->focus_window && !IsWindow(owner->focus_window))
    {
        TRACE("ddraw %p: exclusive mode ends with its window %p.\n", (void *)owner, (void *)owner->focus_window);
        ddraw_exclusive_owner = NULL;
        return FALSE;
    }
#endif
    return TRUE;
}

#ifndef _WIN32
/* Windows are used only once a port has said which display they are on:
 * before that an HWND is an opaque token (thrashhost passes 1). */
static void *ddraw_native_display;
static BOOL ddraw_native_windows;

void dx7gl_ddraw_set_native_display(void *display)
{
    ddraw_lock();
    ddraw_native_display = display;
    ddraw_native_windows = TRUE;
    ddraw_unlock();
}
#endif

/* The identifier GetDeviceIdentifier reports: stable, and saying what it is. */
static const GUID ddraw_device_guid = {0x5d2c1f6e, 0x7a41, 0x4c8b, {0x9e, 0x37, 0x64, 0x78, 0x37, 0x67, 0x6c, 0x01}};

static void ddraw_destroy(struct ddraw *ddraw);
#ifdef _WIN32
static void ddraw_restore_fullscreen_window(struct ddraw *ddraw, BOOL keep_topmost, BOOL keep_frame);
static void ddraw_fit_fullscreen_window(struct ddraw *ddraw);
#endif

static const IDirectDraw7Vtbl ddraw7_vtbl;

struct ddraw *ddraw_from_ddraw7(IDirectDraw7 *iface)
{
    if (!iface || iface->lpVtbl != &ddraw7_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw7_iface);
}

static inline struct ddraw *impl7(IDirectDraw7 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw, IDirectDraw7_iface);
}

/* ---------------------------------------------------------------------- */
/* Reference counting: one count per interface.                            */

ULONG ddraw_addref_count(struct ddraw *ddraw, LONG *count)
{
    ULONG ref;

    ddraw_lock();
    ref = ++*count;
    if (ref == 1)
        ++ddraw->iface_count;
    ddraw_unlock();
    return ref;
}

ULONG ddraw_release_count(struct ddraw *ddraw, LONG *count)
{
    ULONG ref;

    ddraw_lock();
    if (*count <= 0)
    {
        /* Releasing more than was added: DirectDraw answers 0 and does nothing. */
        WARN("Release of an interface without references.\n");
        ddraw_unlock();
        return 0;
    }
    ref = --*count;
    if (!ref && !--ddraw->iface_count)
        ddraw_destroy(ddraw);
    ddraw_unlock();
    return ref;
}

static HRESULT ddraw_query_interface(struct ddraw *ddraw, REFIID riid, void **out)
{
    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid)
        return DDERR_INVALIDPARAMS;

    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirectDraw7))
    {
        ddraw_addref_count(ddraw, &ddraw->ref7);
        *out = &ddraw->IDirectDraw7_iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_IDirectDraw4))
    {
        ddraw_addref_count(ddraw, &ddraw->ref4);
        *out = &ddraw->IDirectDraw4_iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_IDirectDraw2))
    {
        ddraw_addref_count(ddraw, &ddraw->ref2);
        *out = &ddraw->IDirectDraw2_iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_IDirectDraw))
    {
        ddraw_addref_count(ddraw, &ddraw->ref1);
        *out = &ddraw->IDirectDraw_iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_IDirect3D7) || IsEqualGUID(riid, &IID_IDirect3D3)
            || IsEqualGUID(riid, &IID_IDirect3D2) || IsEqualGUID(riid, &IID_IDirect3D))
        return ddraw_d3d_query_interface(ddraw, riid, out);

    WARN("Unsupported interface %s.\n", dx7gl_dbgstr_guid(riid));
    return E_NOINTERFACE;
}

/* ---------------------------------------------------------------------- */
/* The core device                                                         */

#ifdef _WIN32
static LRESULT CALLBACK ddraw_window_proc(HWND window, UINT message, WPARAM wparam, LPARAM lparam)
{
    return DefWindowProcA(window, message, wparam, lparam);
}

static HWND ddraw_create_window(BOOL visible)
{
    static ATOM class_atom;
    WNDCLASSA wc;

    if (!class_atom)
    {
        memset(&wc, 0, sizeof(wc));
        wc.lpfnWndProc = ddraw_window_proc;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = "dx7gl_ddraw_window";
        class_atom = RegisterClassA(&wc);
    }
    return CreateWindowA("dx7gl_ddraw_window", "DirectDraw", visible ? (WS_POPUP | WS_VISIBLE) : WS_POPUP,
            0, 0, GetSystemMetrics(SM_CXSCREEN), GetSystemMetrics(SM_CYSCREEN), NULL, NULL,
            GetModuleHandleA(NULL), NULL);
}

/* DDSCL_CREATEDEVICEWINDOW's window: Windows' class and title, by which
 * programs (and Wine's test_coop_level_create_device_window) find it; it
 * covers the screen and lives until the object leaves exclusive mode. */
static HWND ddraw_create_device_window(void)
{
    static ATOM class_atom;
    WNDCLASSA wc;
    HWND window;

    if (!class_atom)
    {
        memset(&wc, 0, sizeof(wc));
        wc.lpfnWndProc = ddraw_window_proc;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = "DirectDrawDeviceWnd";
        class_atom = RegisterClassA(&wc);
    }
    window = CreateWindowA("DirectDrawDeviceWnd", "DirectDrawDeviceWnd", WS_POPUP, 0, 0,
            GetSystemMetrics(SM_CXSCREEN), GetSystemMetrics(SM_CYSCREEN), NULL, NULL, GetModuleHandleA(NULL), NULL);
    if (window)
        ShowWindow(window, SW_SHOW);
    else
        ERR("Failed to create the device window (%lu).\n", (unsigned long)GetLastError());
    return window;
}

static HWND ddraw_create_hidden_window(struct ddraw *ddraw);

/* Leaving exclusive mode destroys the device window; GL goes on drawing
 * through the program's window or a hidden one. */
static void ddraw_destroy_device_window(struct ddraw *ddraw, HWND next)
{
    HWND window = ddraw->created_device_window;

    if (!window)
        return;
    ddraw->created_device_window = NULL;
    /* Exclusive mode drew through it. */
    if (ddraw->swapchain)
    {
        if (!next || !IsWindow(next))
        {
            if (!ddraw->own_window)
                ddraw->own_window = ddraw_create_hidden_window(ddraw);
            next = ddraw->own_window;
        }
        if (next)
            wined3d_swapchain_set_window(ddraw->swapchain, (uintptr_t)next);
    }
    DestroyWindow(window);
}

/* The hidden window GL draws through when the program gave none.  A window
 * dies with the thread that made it, and the first thread to need the core
 * device may be a worker that ends (DDSCL_MULTITHREADED programs): GL would
 * lose its drawable for every thread after it.  So the window belongs to a
 * thread of its own, which pumps its messages and destroys it at the end. */
struct ddraw_window_thread_params
{
    HANDLE ready;
    HWND window;
};

static DWORD WINAPI ddraw_window_thread_proc(void *arg)
{
    struct ddraw_window_thread_params *params = arg;
    HWND window;
    MSG msg;

    window = params->window = ddraw_create_window(FALSE);
    SetEvent(params->ready);    /* params belongs to the creator from here on */
    if (!window)
        return 0;
    /* Until ddraw_end_window_thread() posts WM_QUIT. */
    while (GetMessageA(&msg, NULL, 0, 0) > 0)
        DispatchMessageA(&msg);
    DestroyWindow(window);
    return 0;
}

static HWND ddraw_create_hidden_window(struct ddraw *ddraw)
{
    struct ddraw_window_thread_params params;
    HANDLE thread;
    DWORD id;

    params.window = NULL;
    if (!(params.ready = CreateEventA(NULL, TRUE, FALSE, NULL)))
        return NULL;
    if (!(thread = CreateThread(NULL, 0, ddraw_window_thread_proc, &params, 0, &id)))
    {
        ERR("Failed to start the window thread.\n");
        CloseHandle(params.ready);
        return NULL;
    }
    WaitForSingleObject(params.ready, INFINITE);
    CloseHandle(params.ready);
    if (!params.window)
    {
        ERR("Failed to create the hidden window.\n");
        WaitForSingleObject(thread, INFINITE);
        CloseHandle(thread);
        return NULL;
    }
    ddraw->window_thread = thread;
    ddraw->window_thread_id = id;
    return params.window;
}

/* Ends the hidden window's thread, which destroys the window (only the
 * thread that made a window may destroy it). */
static void ddraw_end_window_thread(struct ddraw *ddraw)
{
    DWORD start = GetTickCount(), elapsed, ret;
    MSG msg;

    PostThreadMessageA(ddraw->window_thread_id, WM_QUIT, 0, 0);
    /* Messages the window's end sends to this thread's windows (focus,
     * activation) are delivered while waiting.  Bounded: at process exit the
     * thread may be gone or never run again. */
    for (;;)
    {
        elapsed = GetTickCount() - start;
        ret = MsgWaitForMultipleObjects(1, &ddraw->window_thread, FALSE, elapsed < 5000 ? 5000 - elapsed : 0,
                QS_SENDMESSAGE);
        if (ret != WAIT_OBJECT_0 + 1)
            break;
        PeekMessageA(&msg, NULL, 0, 0, PM_NOREMOVE);
    }
    if (ret != WAIT_OBJECT_0)
        WARN("The window thread did not end.\n");
    CloseHandle(ddraw->window_thread);
    ddraw->window_thread = NULL;
    ddraw->own_window = NULL;
}
#endif

/* Points the core's presentation at a window (natively only once windows
 * are in use, see dx7gl_ddraw_set_native_display()). */
static void ddraw_set_core_window(struct ddraw *ddraw, HWND window)
{
    if (!ddraw->swapchain || !window)
        return;
#ifndef _WIN32
    if (!ddraw_native_windows)
        return;
#endif
    wined3d_swapchain_set_window(ddraw->swapchain, (uintptr_t)window);
}

HRESULT ddraw_init_wined3d(struct ddraw *ddraw)
{
    struct wined3d_swapchain_desc desc;
    uint32_t flags;
    HRESULT hr;

    if (ddraw->wined3d_device)
        return DD_OK;

    memset(&desc, 0, sizeof(desc));
#ifdef _WIN32
    {
        HWND window = ddraw->device_window ? ddraw->device_window : ddraw->focus_window;

        /* A normal-mode program may never give a window; GL needs one. */
        if (!window)
        {
            if (!ddraw->own_window)
                ddraw->own_window = ddraw_create_hidden_window(ddraw);
            window = ddraw->own_window;
        }
        desc.window_system = WINED3D_WS_WGL;
        desc.native_window = (uintptr_t)window;
    }
#else
    {
        HWND window = ddraw->device_window ? ddraw->device_window : ddraw->focus_window;

        /* Natively a cooperative-level window is an EGLNativeWindowType of the
         * display dx7gl_ddraw_set_native_display() gave; without one the
         * core renders offscreen. */
        if (!ddraw_native_windows)
            window = NULL;
        desc.window_system = window ? WINED3D_WS_EGL_WINDOW : WINED3D_WS_EGL_SURFACELESS;
        desc.native_display = window ? ddraw_native_display : NULL;
        desc.native_window = (uintptr_t)window;
    }
#endif
    desc.backbuffer_width = ddraw->mode.width;
    desc.backbuffer_height = ddraw->mode.height;
    desc.backbuffer_format = WINED3DFMT_X8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_UNKNOWN;

    /* Presents never wait for the monitor: a blit to the primary presents at
     * once, and Flip paces itself to the (simulated) 60 Hz refresh.  With
     * DDSCL_MULTITHREADED several threads call in turn (the lock serialises
     * them), so the core lets go of its context after every call. */
    flags = WINED3D_DEVICE_NO_VSYNC | (ddraw->multithreaded ? WINED3D_DEVICE_MULTITHREADED : 0);
    hr = wined3d_device_create(&desc, flags, &ddraw->wined3d_device);
#ifndef _WIN32
    if (FAILED(hr) && desc.window_system == WINED3D_WS_EGL_WINDOW)
    {
        /* Not a window of that display after all: draw offscreen. */
        WARN("No EGL window for %p, rendering offscreen.\n", (void *)desc.native_window);
        desc.window_system = WINED3D_WS_EGL_SURFACELESS;
        desc.native_display = NULL;
        desc.native_window = 0;
        hr = wined3d_device_create(&desc, flags, &ddraw->wined3d_device);
    }
#endif
    if (FAILED(hr))
    {
        ERR("Failed to create the core device, hr %#x.\n", (unsigned int)hr);
        ddraw->wined3d_device = NULL;
        return DDERR_GENERIC;
    }
    ddraw->swapchain = wined3d_device_get_swapchain(ddraw->wined3d_device, 0);
    if (ddraw->gamma_set && ddraw->swapchain)
        wined3d_swapchain_set_gamma_ramp(ddraw->swapchain, (const struct wined3d_gamma_ramp *)&ddraw->gamma_ramp);
    return DD_OK;
}

void ddraw_surface_removed(struct ddraw *ddraw, struct ddraw_surface *surface)
{
    struct ddraw_surface **p;

    for (p = &ddraw->surfaces; *p; p = &(*p)->next_root)
    {
        if (*p == surface)
        {
            *p = surface->next_root;
            break;
        }
    }
    if (ddraw->primary == surface)
        ddraw->primary = NULL;
}

static void ddraw_destroy(struct ddraw *ddraw)
{
    struct ddraw_surface *surface, *next;

    TRACE("Destroying ddraw %p.\n", ddraw);
    ddraw_object_unregister(ddraw);
    ddraw_d3d_destroy(ddraw);
    /* Surfaces of DirectDraw 1/2 do not keep the object alive; they live on
     * without it, their methods answering what a lost object allows. */
    for (surface = ddraw->surfaces; surface; surface = next)
    {
        next = surface->next_root;
        ddraw_surface_orphan(surface);
    }
    ddraw->surfaces = NULL;
    if (ddraw_exclusive_owner == ddraw)
        ddraw_exclusive_owner = NULL;
    /* The display goes back to its mode with the object that changed it,
     * unless another object holds exclusive mode: its mode stays (Wine's
     * test_coop_level_mode_set_multi). */
    if (ddraw->display_changed && !ddraw_exclusive_elsewhere(ddraw))
        ddraw_display_restore_mode();
#ifdef _WIN32
    ddraw_restore_fullscreen_window(ddraw, FALSE, FALSE);
    ddraw_window_unhook(ddraw, TRUE);
#endif
    if (ddraw->wined3d_device)
        wined3d_device_destroy(ddraw->wined3d_device);
#ifdef _WIN32
    if (ddraw->created_device_window)
        DestroyWindow(ddraw->created_device_window);
    if (ddraw->window_thread)
        ddraw_end_window_thread(ddraw);
    else if (ddraw->own_window)
        DestroyWindow(ddraw->own_window);
#endif
    free(ddraw);
}

/* What a present of the primary shows: the window it shows in, and the
 * part of the primary (all of it in exclusive mode).  FALSE when nothing is
 * to be shown. */
BOOL ddraw_present_target(struct ddraw *ddraw, struct ddraw_surface *primary, struct ddraw_present_target *target)
{
    struct wined3d_rect *rect = &target->rect;
    HWND window = NULL;

    target->whole = TRUE;
    if (ddraw->cooperative_level & DDSCL_EXCLUSIVE)
    {
        window = ddraw->device_window ? ddraw->device_window : ddraw->focus_window;
#ifdef _WIN32
        /* The program may have destroyed its window already. */
        if (window && !IsWindow(window))
            return FALSE;
#endif
    }
#ifdef _WIN32
    else
    {
        POINT origin = {0, 0};
        RECT client;

        /* Windowed: the primary is the desktop; show the window's part of it. */
        window = primary->clipper && primary->clipper->window ? primary->clipper->window : ddraw->focus_window;
        if (!window || !IsWindow(window) || !GetClientRect(window, &client) || !ClientToScreen(window, &origin))
            return FALSE;
        rect->left = origin.x;
        rect->top = origin.y;
        rect->right = origin.x + client.right;
        rect->bottom = origin.y + client.bottom;
        if (rect->left < 0) rect->left = 0;
        if (rect->top < 0) rect->top = 0;
        if (rect->right > (LONG)primary->desc.dwWidth) rect->right = primary->desc.dwWidth;
        if (rect->bottom > (LONG)primary->desc.dwHeight) rect->bottom = primary->desc.dwHeight;
        if (rect->right <= rect->left || rect->bottom <= rect->top)
            return FALSE;
        target->whole = FALSE;
    }
#endif
    if (target->whole)
    {
        rect->left = rect->top = 0;
        rect->right = primary->desc.dwWidth;
        rect->bottom = primary->desc.dwHeight;
    }
    target->window = window;
    return TRUE;
}

/* Show the target's picture, taken from src (the primary itself, or a
 * surface holding the same pixels at dx, dy from the primary's). */
void ddraw_present_to(struct ddraw *ddraw, const struct ddraw_present_target *target,
        struct ddraw_surface *primary, struct ddraw_surface *src, LONG dx, LONG dy)
{
    struct wined3d_rect rect = target->rect;

    rect.left += dx;
    rect.right += dx;
    rect.top += dy;
    rect.bottom += dy;
    ddraw_set_core_window(ddraw, target->window);
    wined3d_swapchain_present(ddraw->swapchain, src->texture, src->sub_resource,
            target->whole && src == primary ? NULL : &rect, target->whole ? 0 : WINED3D_PRESENT_STRETCH_FILL);
}

HRESULT ddraw_present(struct ddraw *ddraw, struct ddraw_surface *src)
{
    struct ddraw_present_target target;

    if (ddraw->swapchain && src && src->texture && ddraw_present_target(ddraw, src, &target))
        ddraw_present_to(ddraw, &target, src, src, 0, 0);
    return DD_OK;
}

/* ---------------------------------------------------------------------- */
/* IDirectDraw7                                                            */

static HRESULT STDMETHODCALLTYPE ddraw7_QueryInterface(IDirectDraw7 *iface, REFIID riid, void **out)
{
    HRESULT hr;

    ddraw_lock();
    hr = ddraw_query_interface(impl7(iface), riid, out);
    ddraw_unlock();
    return hr;
}

static ULONG STDMETHODCALLTYPE ddraw7_AddRef(IDirectDraw7 *iface)
{
    struct ddraw *ddraw = impl7(iface);
    return ddraw_addref_count(ddraw, &ddraw->ref7);
}

static ULONG STDMETHODCALLTYPE ddraw7_Release(IDirectDraw7 *iface)
{
    struct ddraw *ddraw = impl7(iface);
    return ddraw_release_count(ddraw, &ddraw->ref7);
}

static HRESULT STDMETHODCALLTYPE ddraw7_Compact(IDirectDraw7 *iface)
{
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_CreateClipper(IDirectDraw7 *iface, DWORD flags,
        IDirectDrawClipper **clipper, IUnknown *outer)
{
    TRACE("iface %p, flags %#x.\n", (void *)iface, (unsigned int)flags);
    if (outer)
        return CLASS_E_NOAGGREGATION;
    return DirectDrawCreateClipper(flags, clipper, NULL);
}

HRESULT ddraw_create_palette(struct ddraw *ddraw, DWORD flags, PALETTEENTRY *entries,
        IDirectDrawPalette **palette, IUnknown *outer, IUnknown *owner_iface)
{
    struct ddraw_palette *object;
    HRESULT hr;

    if (!palette)
        return DDERR_INVALIDPARAMS;
    *palette = NULL;
    if (outer)
        return CLASS_E_NOAGGREGATION;
    ddraw_lock();
    if (!ddraw->cooperative_level)
    {
        ddraw_unlock();
        return DDERR_NOCOOPERATIVELEVELSET;
    }
    hr = ddraw_palette_create(ddraw, flags, entries, owner_iface, &object);
    if (SUCCEEDED(hr))
        *palette = &object->IDirectDrawPalette_iface;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw7_CreatePalette(IDirectDraw7 *iface, DWORD flags, PALETTEENTRY *entries,
        IDirectDrawPalette **palette, IUnknown *outer)
{
    return ddraw_create_palette(impl7(iface), flags, entries, palette, outer, (IUnknown *)iface);
}

HRESULT ddraw_create_surface(struct ddraw *ddraw, DDSURFACEDESC2 *desc, unsigned int version,
        IUnknown *owner_iface, struct ddraw_surface **surface)
{
    HRESULT hr;

    ddraw_lock();
    if (!ddraw->initialized)
        hr = DDERR_NOTINITIALIZED;
    else if (!ddraw->cooperative_level)
        hr = DDERR_NOCOOPERATIVELEVELSET;
    else
    {
        ddraw_update_mode(ddraw);
        hr = ddraw_surface_create(ddraw, desc, version, owner_iface, surface);
    }
    ddraw_unlock();
    return hr;
}

/* CreateSurface's answers before anything is made: without a cooperative
 * level or a description Windows leaves the out pointer as it was (Wine's
 * test_coop_level_surf_create); after them it is cleared. */
HRESULT ddraw_create_surface_begin(struct ddraw *ddraw, const void *desc, DWORD desc_size, void **out,
        IUnknown *outer)
{
    HRESULT hr = DD_OK;

    if (!out)
        return DDERR_INVALIDPARAMS;
    if (outer)
        return CLASS_E_NOAGGREGATION;
    ddraw_lock();
    if (ddraw->initialized && !ddraw->cooperative_level)
        hr = DDERR_NOCOOPERATIVELEVELSET;
    ddraw_unlock();
    if (FAILED(hr))
        return hr;
    if (!desc || *(const DWORD *)desc != desc_size)
        return DDERR_INVALIDPARAMS;
    if (!ddraw_out_pointer_valid(out, sizeof(*out)))
        return E_INVALIDARG;
    *out = NULL;
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_CreateSurface(IDirectDraw7 *iface, DDSURFACEDESC2 *desc,
        IDirectDrawSurface7 **surface, IUnknown *outer)
{
    struct ddraw_surface *object;
    HRESULT hr;

    TRACE("iface %p, desc %p, surface %p, outer %p.\n", (void *)iface, (void *)desc, (void *)surface, (void *)outer);
    if (FAILED(hr = ddraw_create_surface_begin(impl7(iface), desc, sizeof(*desc), (void **)surface, outer)))
        return hr;
    if (SUCCEEDED(hr = ddraw_create_surface(impl7(iface), desc, 7, (IUnknown *)iface, &object)))
        *surface = &object->IDirectDrawSurface7_iface;
    return hr;
}

HRESULT ddraw_duplicate_surface(struct ddraw *ddraw, struct ddraw_surface *src,
        unsigned int version, IUnknown *owner_iface, struct ddraw_surface **dst)
{
    HRESULT hr;

    if (!src)
        return DDERR_INVALIDPARAMS;
    /* Windows shares the memory of a duplicate; primaries and complex
     * structures cannot be duplicated. */
    if (src->desc.ddsCaps.dwCaps & (DDSCAPS_PRIMARYSURFACE | DDSCAPS_COMPLEX | DDSCAPS_FLIP | DDSCAPS_MIPMAP)
            || src->implicit)
        return DDERR_CANTDUPLICATE;
    ddraw_lock();
    hr = ddraw_surface_duplicate(ddraw, src, version, owner_iface, dst);
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw7_DuplicateSurface(IDirectDraw7 *iface, IDirectDrawSurface7 *src,
        IDirectDrawSurface7 **dst)
{
    struct ddraw_surface *object;
    HRESULT hr;

    if (!dst)
        return DDERR_INVALIDPARAMS;
    *dst = NULL;
    if (SUCCEEDED(hr = ddraw_duplicate_surface(impl7(iface), ddraw_surface_from_iface7(src), 7,
            (IUnknown *)iface, &object)))
        *dst = &object->IDirectDrawSurface7_iface;
    return hr;
}

static BOOL ddraw_mode_matches(const struct ddraw_mode *mode, const DDSURFACEDESC2 *filter)
{
    if (!filter)
        return TRUE;
    if ((filter->dwFlags & DDSD_WIDTH) && filter->dwWidth != mode->width)
        return FALSE;
    if ((filter->dwFlags & DDSD_HEIGHT) && filter->dwHeight != mode->height)
        return FALSE;
    if ((filter->dwFlags & DDSD_REFRESHRATE) && filter->dwRefreshRate && filter->dwRefreshRate != mode->refresh_rate)
        return FALSE;
    /* Windows compares the bit count whatever the format's flags say. */
    if ((filter->dwFlags & DDSD_PIXELFORMAT) && filter->ddpfPixelFormat.dwRGBBitCount != mode->bpp)
        return FALSE;
    return TRUE;
}

static void ddraw_fill_mode_desc(const struct ddraw_mode *mode, BOOL refresh, DDSURFACEDESC2 *desc)
{
    memset(desc, 0, sizeof(*desc));
    desc->dwSize = sizeof(*desc);
    desc->dwFlags = DDSD_HEIGHT | DDSD_WIDTH | DDSD_PITCH | DDSD_PIXELFORMAT | DDSD_REFRESHRATE;
    desc->dwWidth = mode->width;
    desc->dwHeight = mode->height;
    desc->lPitch = (mode->width * ((mode->bpp + 7) / 8) + 3) & ~3u;
    desc->dwRefreshRate = refresh ? mode->refresh_rate : 0;
    ddraw_format_to_ddpf(ddraw_format_from_bpp(mode->bpp), &desc->ddpfPixelFormat);
}


HRESULT ddraw_enum_modes(DWORD flags, const DDSURFACEDESC2 *filter, void *context,
        ddraw_mode_callback thunk, void *callback)
{
    struct ddraw_mode list[256];
    unsigned int i, j, count;
    DDSURFACEDESC2 desc;

    if (flags & ~(DDEDM_REFRESHRATES | DDEDM_STANDARDVGAMODES))
        return DDERR_INVALIDPARAMS;

    /* The filter sees each mode's refresh rate; without DDEDM_REFRESHRATES
     * a size and depth is reported once, with a rate of 0. */
    count = ddraw_display_modes(list, ARRAY_SIZE(list), TRUE);
    for (i = 0; i < count; ++i)
    {
        if (!ddraw_mode_matches(&list[i], filter))
            continue;
        if (!(flags & DDEDM_REFRESHRATES))
        {
            for (j = 0; j < i; ++j)
                if (list[j].width == list[i].width && list[j].height == list[i].height
                        && list[j].bpp == list[i].bpp && ddraw_mode_matches(&list[j], filter))
                    break;
            if (j < i)
                continue;
        }
        ddraw_fill_mode_desc(&list[i], !!(flags & DDEDM_REFRESHRATES), &desc);
        if (thunk(&desc, context, callback) == DDENUMRET_CANCEL)
            break;
    }
    return DD_OK;
}

static HRESULT ddraw_mode_thunk2(DDSURFACEDESC2 *desc, void *context, void *callback)
{
    return ((LPDDENUMMODESCALLBACK2)callback)(desc, context);
}

static HRESULT STDMETHODCALLTYPE ddraw7_EnumDisplayModes(IDirectDraw7 *iface, DWORD flags,
        DDSURFACEDESC2 *desc, void *context, LPDDENUMMODESCALLBACK2 callback)
{
    if (!callback)
        return DDERR_INVALIDPARAMS;
    return ddraw_enum_modes(flags, desc, context, ddraw_mode_thunk2, (void *)callback);
}

struct ddraw_enum_surfaces_ctx
{
    unsigned int version;
    void *callback;
    void *context;
};

static BOOL ddraw_surface_matches(const struct ddraw_surface *surface, DWORD flags, const DDSURFACEDESC2 *filter)
{
    BOOL match = TRUE;

    if (flags & DDENUMSURFACES_ALL || !filter)
        return TRUE;
    if ((filter->dwFlags & DDSD_WIDTH) && filter->dwWidth != surface->desc.dwWidth)
        match = FALSE;
    if ((filter->dwFlags & DDSD_HEIGHT) && filter->dwHeight != surface->desc.dwHeight)
        match = FALSE;
    if ((filter->dwFlags & DDSD_CAPS)
            && (filter->ddsCaps.dwCaps & surface->desc.ddsCaps.dwCaps) != filter->ddsCaps.dwCaps)
        match = FALSE;
    if ((filter->dwFlags & DDSD_PIXELFORMAT)
            && ddraw_format_from_ddpf(&filter->ddpfPixelFormat) != surface->format)
        match = FALSE;
    return (flags & DDENUMSURFACES_NOMATCH) ? !match : match;
}

static HRESULT ddraw_enum_call(struct ddraw_surface *surface, DDSURFACEDESC2 *desc, unsigned int version,
        void *context, void *callback)
{
    IUnknown *iface = surface ? ddraw_surface_get_iface(surface, version) : NULL;
    DDSURFACEDESC desc1;

    if (surface)
        ddraw_surface_addref_version(surface, version);
    if (version == 7)
        return ((LPDDENUMSURFACESCALLBACK7)callback)((IDirectDrawSurface7 *)iface, desc, context);
    if (version == 4)
        return ((LPDDENUMSURFACESCALLBACK2)callback)((IDirectDrawSurface4 *)iface, desc, context);
    ddraw_desc2_to_desc1(desc, &desc1);
    return ((LPDDENUMSURFACESCALLBACK)callback)((IDirectDrawSurface *)iface, &desc1, context);
}

struct ddraw_enum_create_ctx
{
    struct ddraw *ddraw;
    const DDSURFACEDESC2 *filter;
    unsigned int version;
    void *context;
    void *callback;
    HRESULT ret;
};

/* DDENUMSURFACES_CANBECREATED: the description as a surface made from the
 * filter would have, handed over without a surface. */
static HRESULT ddraw_enum_try_create(struct ddraw_enum_create_ctx *ctx, DWORD width, DWORD height)
{
    struct ddraw_surface *surface;
    DDSURFACEDESC2 desc = *ctx->filter;

    desc.dwSize = sizeof(desc);
    desc.dwFlags |= DDSD_WIDTH | DDSD_HEIGHT;
    desc.dwWidth = width;
    desc.dwHeight = height;
    if (FAILED(ddraw_create_surface(ctx->ddraw, &desc, 7, NULL, &surface)))
        return DDENUMRET_OK;
    desc = surface->desc;
    IDirectDrawSurface7_Release(&surface->IDirectDrawSurface7_iface);
    return ctx->ret = ddraw_enum_call(NULL, &desc, ctx->version, ctx->context, ctx->callback);
}

static HRESULT ddraw_enum_create_mode(DDSURFACEDESC2 *mode, void *context, void *callback)
{
    (void)callback;
    return ddraw_enum_try_create(context, mode->dwWidth, mode->dwHeight);
}

static HRESULT ddraw_enum_can_create(struct ddraw *ddraw, DWORD flags, const DDSURFACEDESC2 *filter,
        unsigned int version, void *context, void *callback)
{
    struct ddraw_enum_create_ctx ctx = {ddraw, filter, version, context, callback, DDENUMRET_OK};
    DDSURFACEDESC2 modes;

    if ((flags & (DDENUMSURFACES_ALL | DDENUMSURFACES_MATCH | DDENUMSURFACES_NOMATCH)) != DDENUMSURFACES_MATCH
            || !filter)
        return DDERR_INVALIDPARAMS;
    if (filter->dwFlags & DDSD_WIDTH)
    {
        ddraw_enum_try_create(&ctx, filter->dwWidth,
                (filter->dwFlags & DDSD_HEIGHT) ? filter->dwHeight : filter->dwWidth);
        return DD_OK;
    }
    /* Without a size, Windows tries every display mode of the current
     * format, in EnumDisplayModes' order. */
    ddraw_lock();
    ddraw_fill_mode_desc(&ddraw->mode, FALSE, &modes);
    ddraw_unlock();
    modes.dwFlags = DDSD_PIXELFORMAT;
    return ddraw_enum_modes(0, &modes, &ctx, ddraw_enum_create_mode, NULL);
}

HRESULT ddraw_enum_surfaces(struct ddraw *ddraw, DWORD flags, DDSURFACEDESC2 *filter,
        unsigned int version, void *context, void *callback)
{
    struct ddraw_surface *root, *surface, *list[256];
    unsigned int count = 0, i;
    DDSURFACEDESC2 desc;

    if (!callback)
        return DDERR_INVALIDPARAMS;
    if (flags & DDENUMSURFACES_CANBECREATED)
        return ddraw_enum_can_create(ddraw, flags, filter, version, context, callback);
    if (!(flags & DDENUMSURFACES_DOESEXIST))
        return DDERR_INVALIDPARAMS;
    if (!(flags & DDENUMSURFACES_ALL) && !filter)
        return DDERR_INVALIDPARAMS;

    ddraw_lock();
    /* Every surface: the roots and what their complex structures made. */
    for (root = ddraw->surfaces; root && count < ARRAY_SIZE(list); root = root->next_root)
    {
        for (surface = root; surface && count < ARRAY_SIZE(list); surface = surface->complex_next)
        {
            if (ddraw_surface_matches(surface, flags, filter))
                list[count++] = surface;
        }
    }
    for (i = 0; i < count; ++i)
    {
        desc = list[i]->desc;
        if (ddraw_enum_call(list[i], &desc, version, context, callback) == DDENUMRET_CANCEL)
            break;
    }
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_EnumSurfaces(IDirectDraw7 *iface, DWORD flags,
        DDSURFACEDESC2 *desc, void *context, LPDDENUMSURFACESCALLBACK7 callback)
{
    return ddraw_enum_surfaces(impl7(iface), flags, desc, 7, context, (void *)callback);
}

/* The surface whose memory GDI shows: the primary until a Flip, then the
 * one of its flip chain that holds the primary's first memory (Wine's
 * test_gdi_surface). */
static struct ddraw_surface *ddraw_gdi_surface(struct ddraw *ddraw)
{
    struct ddraw_surface *primary = ddraw->primary, *s;

    if (!primary || !primary->gdi_texture)
        return primary;
    for (s = primary; s; s = s->complex_next)
        if (s->texture == primary->gdi_texture)
            return s;
    return primary;
}

static HRESULT STDMETHODCALLTYPE ddraw7_FlipToGDISurface(IDirectDraw7 *iface)
{
    struct ddraw *ddraw = impl7(iface);
    struct ddraw_surface *gdi;
    HRESULT hr = DD_OK;

    ddraw_lock();
    if (!ddraw->primary)
        hr = DDERR_NOTFOUND;
    else if (!(ddraw->primary->desc.ddsCaps.dwCaps & DDSCAPS_FLIP))
        hr = DDERR_NOTFLIPPABLE;
    else if ((gdi = ddraw_gdi_surface(ddraw)) != ddraw->primary)
        hr = ddraw_surface_flip(ddraw->primary, gdi, DDFLIP_NOVSYNC);
    else
        ddraw_present(ddraw, ddraw->primary);
    ddraw_unlock();
    return hr;
}

static void ddraw_fill_caps(struct ddraw *ddraw, DDCAPS *caps)
{
    DWORD used = 0;
    struct ddraw_surface *surface;

    memset(caps, 0, sizeof(*caps));
    caps->dwSize = sizeof(*caps);
    caps->dwCaps = DDCAPS_BLT | DDCAPS_BLTCOLORFILL | DDCAPS_BLTDEPTHFILL | DDCAPS_BLTSTRETCH
            | DDCAPS_CANBLTSYSMEM | DDCAPS_CANCLIP | DDCAPS_CANCLIPSTRETCHED | DDCAPS_COLORKEY
            | DDCAPS_GDI | DDCAPS_PALETTE | DDCAPS_3D | DDCAPS_BLTFOURCC | DDCAPS_ALIGNBOUNDARYDEST
            | DDCAPS_ALIGNBOUNDARYSRC | DDCAPS_ALIGNSIZEDEST | DDCAPS_ALIGNSIZESRC | DDCAPS_ALIGNSTRIDE
            | DDCAPS_READSCANLINE;
    caps->dwCaps2 = DDCAPS2_CERTIFIED | DDCAPS2_NOPAGELOCKREQUIRED | DDCAPS2_WIDESURFACES
            | DDCAPS2_CANRENDERWINDOWED | DDCAPS2_PRIMARYGAMMA | DDCAPS2_CANMANAGETEXTURE
            | DDCAPS2_FLIPINTERVAL | DDCAPS2_FLIPNOVSYNC;
    caps->dwCKeyCaps = DDCKEYCAPS_SRCBLT | DDCKEYCAPS_DESTBLT;
    caps->dwFXCaps = DDFXCAPS_BLTMIRRORLEFTRIGHT | DDFXCAPS_BLTMIRRORUPDOWN | DDFXCAPS_BLTSHRINKX
            | DDFXCAPS_BLTSHRINKXN | DDFXCAPS_BLTSHRINKY | DDFXCAPS_BLTSHRINKYN | DDFXCAPS_BLTSTRETCHX
            | DDFXCAPS_BLTSTRETCHXN | DDFXCAPS_BLTSTRETCHY | DDFXCAPS_BLTSTRETCHYN;
    caps->dwPalCaps = DDPCAPS_8BIT | DDPCAPS_PRIMARYSURFACE | DDPCAPS_ALLOW256;
    caps->dwZBufferBitDepths = DDBD_16 | DDBD_24 | DDBD_32;
    caps->dwVidMemTotal = DDRAW_VIDMEM_TOTAL;
    for (surface = ddraw->surfaces; surface; surface = surface->next_root)
    {
        if (!(surface->desc.ddsCaps.dwCaps & DDSCAPS_SYSTEMMEMORY))
            used += surface->desc.dwHeight * (DWORD)abs(surface->desc.lPitch);
    }
    caps->dwVidMemFree = used < DDRAW_VIDMEM_TOTAL ? DDRAW_VIDMEM_TOTAL - used : 0;
    caps->dwNumFourCCCodes = 5;
    caps->dwAlignBoundarySrc = 1;
    caps->dwAlignSizeSrc = 1;
    caps->dwAlignBoundaryDest = 1;
    caps->dwAlignSizeDest = 1;
    caps->dwAlignStrideAlign = 4;
    caps->dwSVBCaps = caps->dwVSBCaps = caps->dwSSBCaps = DDCAPS_BLT | DDCAPS_BLTSTRETCH | DDCAPS_COLORKEY;
    caps->dwSVBCKeyCaps = caps->dwVSBCKeyCaps = caps->dwSSBCKeyCaps = DDCKEYCAPS_SRCBLT;
    caps->dwSVBFXCaps = caps->dwVSBFXCaps = caps->dwSSBFXCaps = caps->dwFXCaps;
    /* No DDSCAPS_ALPHA, SYSTEMMEMORY or VISIBLE: Windows never reports
     * them among the device's surface caps; a hardware device names both
     * local and non-local (AGP) video memory (Wine's test_caps). */
    caps->ddsCaps.dwCaps = DDSCAPS_BACKBUFFER | DDSCAPS_COMPLEX | DDSCAPS_FLIP
            | DDSCAPS_FRONTBUFFER | DDSCAPS_OFFSCREENPLAIN | DDSCAPS_PALETTE | DDSCAPS_PRIMARYSURFACE
            | DDSCAPS_TEXTURE | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY
            | DDSCAPS_ZBUFFER | DDSCAPS_MIPMAP | DDSCAPS_LOCALVIDMEM | DDSCAPS_NONLOCALVIDMEM | DDSCAPS_OWNDC;
    caps->ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE
            | DDSCAPS2_MIPMAPSUBLEVEL;
    caps->ddsOldCaps.dwCaps = caps->ddsCaps.dwCaps;
}

static BOOL ddraw_caps_size_valid(DWORD size)
{
    return size == sizeof(DDCAPS_DX3) || size == sizeof(DDCAPS_DX5) || size == sizeof(DDCAPS_DX7);
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetCaps(IDirectDraw7 *iface, DDCAPS *driver_caps, DDCAPS *hel_caps)
{
    struct ddraw *ddraw = impl7(iface);
    DDCAPS caps;

    TRACE("iface %p, driver_caps %p, hel_caps %p.\n", (void *)iface, (void *)driver_caps, (void *)hel_caps);
    if (!driver_caps && !hel_caps)
        return DDERR_INVALIDPARAMS;
    if ((driver_caps && !ddraw_caps_size_valid(driver_caps->dwSize))
            || (hel_caps && !ddraw_caps_size_valid(hel_caps->dwSize)))
        return DDERR_INVALIDPARAMS;

    ddraw_lock();
    ddraw_fill_caps(ddraw, &caps);
    ddraw_unlock();
    if (driver_caps)
    {
        DWORD size = driver_caps->dwSize;
        memcpy(driver_caps, &caps, size);
        driver_caps->dwSize = size;
    }
    if (hel_caps)
    {
        DWORD size = hel_caps->dwSize;
        memcpy(hel_caps, &caps, size);
        hel_caps->dwSize = size;
    }
    return DD_OK;
}

/* Unless a mode is set virtually, the display's: a program (or another
 * object) may have changed it since. Called with the lock held. */
void ddraw_update_mode(struct ddraw *ddraw)
{
    if (!ddraw->mode_virtual)
        ddraw_get_desktop_mode(&ddraw->mode);
}

HRESULT ddraw_get_display_mode(struct ddraw *ddraw, DDSURFACEDESC2 *desc)
{
    ddraw_lock();
    ddraw_update_mode(ddraw);
    ddraw_fill_mode_desc(&ddraw->mode, TRUE, desc);
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetDisplayMode(IDirectDraw7 *iface, DDSURFACEDESC2 *desc)
{
    DDSURFACEDESC2 d;

    if (!desc || (desc->dwSize != sizeof(DDSURFACEDESC2) && desc->dwSize != sizeof(DDSURFACEDESC)))
        return DDERR_INVALIDPARAMS;
    ddraw_get_display_mode(impl7(iface), &d);
    if (desc->dwSize == sizeof(DDSURFACEDESC))
    {
        /* The smaller structure is filled, but IDirectDraw4 and 7 say
         * DDSURFACEDESC2 in dwSize (Wine's test_surface_desc_size). */
        ddraw_desc2_to_desc1(&d, (DDSURFACEDESC *)desc);
        desc->dwSize = sizeof(DDSURFACEDESC2);
    }
    else
        *desc = d;
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetFourCCCodes(IDirectDraw7 *iface, DWORD *count, DWORD *codes)
{
    static const DWORD fourcc[] =
    {
        MAKEFOURCC('D', 'X', 'T', '1'), MAKEFOURCC('D', 'X', 'T', '2'), MAKEFOURCC('D', 'X', 'T', '3'),
        MAKEFOURCC('D', 'X', 'T', '4'), MAKEFOURCC('D', 'X', 'T', '5'),
    };
    unsigned int i;

    if (!count)
        return DDERR_INVALIDPARAMS;
    if (codes)
    {
        for (i = 0; i < ARRAY_SIZE(fourcc) && i < *count; ++i)
            codes[i] = fourcc[i];
    }
    *count = ARRAY_SIZE(fourcc);
    return DD_OK;
}

HRESULT ddraw_get_gdi_surface(struct ddraw *ddraw, struct ddraw_surface **surface)
{
    ddraw_lock();
    *surface = ddraw_gdi_surface(ddraw);
    ddraw_unlock();
    return *surface ? DD_OK : DDERR_NOTFOUND;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetGDISurface(IDirectDraw7 *iface, IDirectDrawSurface7 **out)
{
    struct ddraw_surface *surface;
    HRESULT hr;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (SUCCEEDED(hr = ddraw_get_gdi_surface(impl7(iface), &surface)))
    {
        *out = &surface->IDirectDrawSurface7_iface;
        IDirectDrawSurface7_AddRef(*out);
    }
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetMonitorFrequency(IDirectDraw7 *iface, DWORD *frequency)
{
    if (!frequency)
        return DDERR_INVALIDPARAMS;
    *frequency = 60;
    return DD_OK;
}

/* A simulated 60 Hz raster: the scan line follows the clock. */
static uint64_t ddraw_time_us(void)
{
#ifdef _WIN32
    LARGE_INTEGER freq, counter;

    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&counter);
    return (uint64_t)(counter.QuadPart / (double)freq.QuadPart * 1e6);
#else
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
#endif
}

#define DDRAW_FRAME_US 16667

static DWORD ddraw_raster_line(struct ddraw *ddraw, BOOL *in_vblank)
{
    DWORD total = ddraw->mode.height + ddraw->mode.height / 20 + 1;
    DWORD line = (DWORD)((ddraw_time_us() % DDRAW_FRAME_US) * total / DDRAW_FRAME_US);

    *in_vblank = line >= ddraw->mode.height;
    return line;
}

void ddraw_wait_for_refresh(unsigned int intervals)
{
    uint64_t now = ddraw_time_us();
    uint64_t next = (now / DDRAW_FRAME_US + (intervals ? intervals : 1)) * DDRAW_FRAME_US;

#ifdef _WIN32
    Sleep((DWORD)((next - now + 999) / 1000));
#else
    usleep((useconds_t)(next - now));
#endif
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetScanLine(IDirectDraw7 *iface, DWORD *line)
{
    BOOL vblank;

    if (!line)
        return DDERR_INVALIDPARAMS;
    *line = ddraw_raster_line(impl7(iface), &vblank);
    return vblank ? DDERR_VERTICALBLANKINPROGRESS : DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetVerticalBlankStatus(IDirectDraw7 *iface, BOOL *status)
{
    if (!status)
        return DDERR_INVALIDPARAMS;
    ddraw_raster_line(impl7(iface), status);
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_Initialize(IDirectDraw7 *iface, GUID *guid)
{
    struct ddraw *ddraw = impl7(iface);
    HRESULT hr = DD_OK;

    ddraw_lock();
    if (ddraw->initialized)
        hr = DDERR_ALREADYINITIALIZED;
    else if (guid && !IsEqualGUID(guid, &GUID_NULL)
            && guid != (GUID *)(ULONG_PTR)DDCREATE_EMULATIONONLY && guid != (GUID *)(ULONG_PTR)DDCREATE_HARDWAREONLY)
        hr = DDERR_INVALIDDIRECTDRAWGUID;
    else
        ddraw->initialized = TRUE;
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_restore_display_mode(struct ddraw *ddraw)
{
    ddraw_lock();
    if (ddraw_exclusive_elsewhere(ddraw))
    {
        ddraw_unlock();
        return DDERR_NOEXCLUSIVEMODE;
    }
    if (ddraw->mode_set)
    {
        struct ddraw_mode old = ddraw->mode;

        if (ddraw->display_changed)
            ddraw_display_restore_mode();
        ddraw->display_changed = FALSE;
        ddraw->focus_restored_mode = FALSE;
        ddraw->mode_virtual = FALSE;
        ddraw_get_desktop_mode(&ddraw->mode);
        ddraw->mode_set = FALSE;
        ++ddraw->mode_uniqueness;
        if (old.width != ddraw->mode.width || old.height != ddraw->mode.height || old.bpp != ddraw->mode.bpp)
            ddraw_lose_surfaces(ddraw);
#ifdef _WIN32
        ddraw_fit_fullscreen_window(ddraw);
#endif
    }
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_RestoreDisplayMode(IDirectDraw7 *iface)
{
    return ddraw_restore_display_mode(impl7(iface));
}

#ifdef _WIN32
/* Exclusive fullscreen: the device window covers the desktop as a borderless
 * popup (the mode is shown letterboxed inside it), as a mode change would
 * make it on Windows; leaving exclusive mode puts it back. */
static void ddraw_setup_fullscreen_window(struct ddraw *ddraw, HWND window)
{
    struct ddraw_mode desktop;
    LONG style, exstyle;
    unsigned int width, height;

    if (!window || !IsWindow(window) || ddraw->fullscreen_window == window)
        return;
    /* The windowed setting: exclusive mode stays in the program's window,
     * its client area the size the setting names (or the mode's); the
     * present scales the picture into it. */
    if (dx7gl_config_size("windowed", &width, &height))
    {
        RECT r;

        if (!width || !height)
        {
            width = ddraw->mode.width;
            height = ddraw->mode.height;
        }
        SetRect(&r, 0, 0, width, height);
        AdjustWindowRectEx(&r, GetWindowLongA(window, GWL_STYLE), FALSE, GetWindowLongA(window, GWL_EXSTYLE));
        SetWindowPos(window, NULL, 0, 0, r.right - r.left, r.bottom - r.top,
                SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE | SWP_SHOWWINDOW);
        return;
    }
    ddraw_get_desktop_mode(&desktop);
    ddraw->fullscreen_window = window;
    ddraw->saved_style = style = GetWindowLongA(window, GWL_STYLE);
    ddraw->saved_exstyle = exstyle = GetWindowLongA(window, GWL_EXSTYLE);
    style = (style & ~(WS_CAPTION | WS_THICKFRAME)) | WS_POPUP | WS_SYSMENU;
    exstyle = (exstyle & ~(WS_EX_WINDOWEDGE | WS_EX_CLIENTEDGE)) | WS_EX_TOPMOST;
    SetWindowLongA(window, GWL_STYLE, style);
    SetWindowLongA(window, GWL_EXSTYLE, exstyle);
    SetWindowPos(window, HWND_TOPMOST, 0, 0, desktop.width, desktop.height,
            SWP_SHOWWINDOW | SWP_NOACTIVATE | SWP_FRAMECHANGED);
}

/* After a mode change the covering window covers the new screen, as
 * Windows' DirectDraw resizes its device window. */
static void ddraw_fit_fullscreen_window(struct ddraw *ddraw)
{
    struct ddraw_mode desktop;

    if (!ddraw->fullscreen_window || !IsWindow(ddraw->fullscreen_window))
        return;
    ddraw_get_desktop_mode(&desktop);
    SetWindowPos(ddraw->fullscreen_window, NULL, 0, 0, desktop.width, desktop.height,
            SWP_NOACTIVATE | SWP_NOZORDER);
}

/* The window's own style again, but shown or hidden as it is now (the
 * program may have hidden it since), and no longer topmost: Windows makes
 * it so, topmost or not before, unless DDSCL_NOWINDOWCHANGES leaves it as
 * exclusive mode made it (Wine's test_window_style). Its place and size
 * stay as they are (Wine's test_window_position). Windows never restyles
 * the window, so giving the frame back is ours alone: when exclusive mode
 * ends with a window named that was neither the focus nor the device
 * window, Windows leaves the old one untouched and it hears no WM_SIZE
 * (Wine's test_coop_level_mode_set), so its frame is not recomputed then
 * (keep_frame): the style is back, the frame follows at its next resize. */
static void ddraw_restore_fullscreen_window(struct ddraw *ddraw, BOOL keep_topmost, BOOL keep_frame)
{
    HWND window = ddraw->fullscreen_window;
    LONG style, exstyle;

    ddraw->fullscreen_window = NULL;
    if (!window || !IsWindow(window))
        return;
    style = (ddraw->saved_style & ~WS_VISIBLE) | (GetWindowLongA(window, GWL_STYLE) & WS_VISIBLE);
    exstyle = ddraw->saved_exstyle & ~WS_EX_TOPMOST;
    if (keep_topmost)
        exstyle |= GetWindowLongA(window, GWL_EXSTYLE) & WS_EX_TOPMOST;
    SetWindowLongA(window, GWL_STYLE, style);
    SetWindowLongA(window, GWL_EXSTYLE, exstyle);
    SetWindowPos(window, (exstyle & WS_EX_TOPMOST) ? HWND_TOPMOST : HWND_NOTOPMOST, 0, 0, 0, 0,
            SWP_NOMOVE | SWP_NOSIZE | SWP_NOACTIVATE | (keep_frame ? 0 : SWP_FRAMECHANGED));
}
#endif

HRESULT ddraw_set_cooperative_level(struct ddraw *ddraw, HWND window, DWORD flags)
{
    static const DWORD valid = DDSCL_FULLSCREEN | DDSCL_ALLOWREBOOT | DDSCL_NOWINDOWCHANGES | DDSCL_NORMAL
            | DDSCL_EXCLUSIVE | DDSCL_ALLOWMODEX | DDSCL_SETFOCUSWINDOW | DDSCL_SETDEVICEWINDOW
            | DDSCL_CREATEDEVICEWINDOW | DDSCL_MULTITHREADED | DDSCL_FPUSETUP | DDSCL_FPUPRESERVE;
    HRESULT hr = DD_OK;

    TRACE("ddraw %p, window %p, flags %#x.\n", (void *)ddraw, (void *)window, (unsigned int)flags);

    if (flags & ~valid)
        return DDERR_INVALIDPARAMS;
    /* One of these is needed. */
    if (!(flags & (DDSCL_SETFOCUSWINDOW | DDSCL_NORMAL | DDSCL_EXCLUSIVE)))
        return DDERR_INVALIDPARAMS;
    /* DDSCL_NORMAL | DDSCL_FULLSCREEN is normal mode, as on Windows; with
     * DDSCL_EXCLUSIVE too it is exclusive mode (Wine's ddrawmodes.c). */
    if ((flags & DDSCL_NORMAL) && (flags & DDSCL_EXCLUSIVE) && !(flags & DDSCL_FULLSCREEN))
        return DDERR_INVALIDPARAMS;
    if ((flags & DDSCL_EXCLUSIVE) && (flags & DDSCL_NORMAL))
        flags &= ~DDSCL_NORMAL;
    if ((flags & DDSCL_CREATEDEVICEWINDOW) && !(flags & DDSCL_EXCLUSIVE))
        return DDERR_INVALIDPARAMS;
#ifdef _WIN32
    if (window && !IsWindow(window))
        return DDERR_INVALIDPARAMS;
#endif

    ddraw_lock();
    if (!ddraw->initialized)
    {
        ddraw_unlock();
        return DDERR_NOTINITIALIZED;
    }

    /* Only the focus window. */
    if ((flags & DDSCL_SETFOCUSWINDOW) && !(flags & DDSCL_CREATEDEVICEWINDOW))
    {
        if (flags & (DDSCL_MULTITHREADED | DDSCL_FPUSETUP | DDSCL_FPUPRESERVE | DDSCL_ALLOWREBOOT
                | DDSCL_ALLOWMODEX | DDSCL_SETDEVICEWINDOW | DDSCL_NORMAL | DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN))
            hr = DDERR_INVALIDPARAMS;
        else if (ddraw->cooperative_level & DDSCL_EXCLUSIVE)
            hr = DDERR_HWNDALREADYSET;
        else
        {
            ddraw->focus_window = window;
            ddraw->cooperative_level |= DDSCL_SETFOCUSWINDOW;
        }
        ddraw_unlock();
        return hr;
    }

    if (flags & DDSCL_EXCLUSIVE)
    {
        HWND device_window = window;

        if (!(flags & DDSCL_FULLSCREEN) || (!window && !(flags & DDSCL_CREATEDEVICEWINDOW)))
        {
            ddraw_unlock();
            return DDERR_INVALIDPARAMS;
        }
        if (ddraw_exclusive_elsewhere(ddraw))
        {
            ddraw_unlock();
            return DDERR_EXCLUSIVEMODEALREADYSET;
        }
        if (flags & DDSCL_CREATEDEVICEWINDOW)
        {
            if (!ddraw->focus_window && !(flags & DDSCL_SETFOCUSWINDOW))
            {
                ddraw_unlock();
                return DDERR_NOFOCUSWINDOW;
            }
#ifdef _WIN32
            if (!ddraw->created_device_window)
                ddraw->created_device_window = ddraw_create_device_window();
            device_window = ddraw->created_device_window;
#else
            device_window = NULL;
#endif
            if (flags & DDSCL_SETFOCUSWINDOW)
            {
                /* Windows makes the device window first, and keeps it. */
                if (!window)
                {
                    ddraw_unlock();
                    return DDERR_NOHWND;
                }
                ddraw->focus_window = window;
            }
        }
        else if (!ddraw->focus_window || !(ddraw->cooperative_level & DDSCL_SETFOCUSWINDOW))
            ddraw->focus_window = window;
        ddraw->device_window = device_window;
        ddraw_exclusive_owner = ddraw;
        ddraw_exclusive_window_taken(ddraw, device_window ? device_window : window);
#ifdef _WIN32
        if (!(flags & DDSCL_NOWINDOWCHANGES) && device_window != ddraw->created_device_window)
            ddraw_setup_fullscreen_window(ddraw, device_window);
        /* Windows' DirectDraw takes the focus window over and activates it
         * (WM_ACTIVATEAPP, WM_SETFOCUS: Wine's test_coop_level_activateapp,
         * test_wndproc, test_killfocus). */
        if (ddraw->focus_window && IsWindow(ddraw->focus_window))
        {
            ddraw_window_hook(ddraw, ddraw->focus_window);
            SetWindowPos(ddraw->focus_window, NULL, 0, 0, 0, 0, SWP_NOSIZE | SWP_NOMOVE);
        }
#endif
    }
    else
    {
        /* Once IDirectDraw::SetCooperativeLevel succeeded, Windows leaves
         * the mode as it is (Wine's test_coop_level_versions). Otherwise
         * the display's mode comes back first, while exclusive mode holds,
         * and the window this call names takes the screen's size, not the
         * one exclusive mode was on (Wine's test_coop_level_mode_set: its
         * WM_SIZE sees the desktop's size). */
        if ((ddraw->cooperative_level & DDSCL_EXCLUSIVE) && !ddraw->scl_ddraw1)
        {
#ifdef _WIN32
            HWND fullscreen = ddraw->fullscreen_window;

            if (fullscreen && window)
                ddraw->fullscreen_window = window;
            ddraw_restore_display_mode(ddraw);
            ddraw->fullscreen_window = fullscreen;
#else
            ddraw_restore_display_mode(ddraw);
#endif
        }
#ifdef _WIN32
        ddraw_restore_fullscreen_window(ddraw, !!(flags & DDSCL_NOWINDOWCHANGES),
                window && window != ddraw->fullscreen_window && window != ddraw->focus_window);
        ddraw_window_unhook(ddraw, FALSE);
        ddraw_destroy_device_window(ddraw, window);
#endif
        if (ddraw_exclusive_owner == ddraw)
            ddraw_exclusive_owner = NULL;
        ddraw->focus_window = window;
        ddraw->device_window = NULL;
    }

    ddraw->cooperative_level = flags;
    /* Once asked for, for good: threads the program started on the promise
     * may still be calling after a later level without the flag. */
    if ((flags & DDSCL_MULTITHREADED) && !ddraw->multithreaded)
    {
        TRACE("ddraw %p: multithreaded from now on.\n", (void *)ddraw);
        ddraw->multithreaded = TRUE;
        wined3d_device_set_multithreaded(ddraw->wined3d_device, 1);
    }
    ddraw_set_core_window(ddraw, ddraw->device_window ? ddraw->device_window : ddraw->focus_window);
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_SetCooperativeLevel(IDirectDraw7 *iface, HWND window, DWORD flags)
{
    return ddraw_set_cooperative_level(impl7(iface), window, flags);
}

HRESULT ddraw_set_display_mode(struct ddraw *ddraw, DWORD width, DWORD height, DWORD bpp,
        DWORD refresh_rate, DWORD flags)
{
    BOOL changed;

    TRACE("ddraw %p, %ux%ux%u, refresh %u, flags %#x.\n", (void *)ddraw, (unsigned int)width,
            (unsigned int)height, (unsigned int)bpp, (unsigned int)refresh_rate, (unsigned int)flags);

    ddraw_lock();
    if (ddraw_exclusive_elsewhere(ddraw))
    {
        ddraw_unlock();
        return DDERR_NOEXCLUSIVEMODE;
    }
    /* A zero size is no mode.  Need for Speed: Porsche Unleashed asks for
     * one and quits when that fails: its profile (display_mode_zero, in
     * libs/port/profile.c) makes it succeed and change nothing. */
    if (!width || !height)
    {
        ddraw_unlock();
        return dx7gl_config_int("display_mode_zero") ? DD_OK : DDERR_INVALIDPARAMS;
    }
    if (flags & ~DDSDM_STANDARDVGAMODE)
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    ddraw_update_mode(ddraw);
    if (!bpp)
        bpp = ddraw->mode.bpp;
    if (bpp == 24)
        bpp = 32;
    if (!ddraw_mode_is_supported(width, height, bpp))
    {
        ddraw_unlock();
        return DDERR_INVALIDMODE;
    }
    /* A different mode loses the surfaces made in the old one (Wine's
     * test_coop_level_mode_set, test_primary_palette).  Setting the mode
     * the display has loses nothing here: programs that set their mode
     * again after making their surfaces keep them. */
    changed = ddraw->mode.width != width || ddraw->mode.height != height || ddraw->mode.bpp != bpp;
    if (changed)
    {
        ++ddraw->mode_uniqueness;
        ddraw_lose_surfaces(ddraw);
    }
    ddraw->mode.width = width;
    ddraw->mode.height = height;
    ddraw->mode.bpp = bpp;
    ddraw->mode.refresh_rate = refresh_rate;
    ddraw->mode_set = TRUE;
    /* The display's own modes change the display; others are virtual.
     * The mode the display has already is not set again: Wine tells every
     * window of a change even then, and the device window would follow. */
    if ((!changed && !ddraw->mode_virtual) || ddraw_display_set_mode(&ddraw->mode))
    {
        ddraw->display_changed = TRUE;
        ddraw->display_mode = ddraw->mode;
        ddraw->mode_virtual = FALSE;
        ddraw_get_desktop_mode(&ddraw->mode);
    }
    else
    {
        TRACE("%ux%ux%u is set virtually.\n", (unsigned int)width, (unsigned int)height, (unsigned int)bpp);
        ddraw->mode_virtual = TRUE;
        if (!ddraw->mode.refresh_rate)
            ddraw->mode.refresh_rate = 60;
    }
#ifdef _WIN32
    /* Setting the mode the display already has leaves the device window
     * where the program put it (Wine's test_redundant_mode_set). */
    if (changed)
        ddraw_fit_fullscreen_window(ddraw);
#endif
    if (ddraw->swapchain)
        wined3d_swapchain_resize(ddraw->swapchain, width, height, WINED3DFMT_X8R8G8B8);
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_SetDisplayMode(IDirectDraw7 *iface, DWORD width, DWORD height,
        DWORD bpp, DWORD refresh_rate, DWORD flags)
{
    return ddraw_set_display_mode(impl7(iface), width, height, bpp, refresh_rate, flags);
}

HRESULT ddraw_wait_for_vertical_blank(struct ddraw *ddraw, DWORD flags, HANDLE event)
{
    BOOL vblank;
    DWORD line;

    if (flags & DDWAITVB_BLOCKBEGINEVENT)
        return DDERR_UNSUPPORTED;
    if (!(flags & (DDWAITVB_BLOCKBEGIN | DDWAITVB_BLOCKEND)) || (flags & ~(DDWAITVB_BLOCKBEGIN | DDWAITVB_BLOCKEND)))
        return DDERR_INVALIDPARAMS;
    /* Sleep until the simulated raster reaches the blank (or leaves it). */
    line = ddraw_raster_line(ddraw, &vblank);
    if ((flags & DDWAITVB_BLOCKBEGIN) ? !vblank : vblank)
    {
        uint64_t wait = DDRAW_FRAME_US - ddraw_time_us() % DDRAW_FRAME_US;
        (void)line;
#ifdef _WIN32
        Sleep((DWORD)(wait / 1000));
#else
        usleep((useconds_t)wait);
#endif
    }
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_WaitForVerticalBlank(IDirectDraw7 *iface, DWORD flags, HANDLE event)
{
    return ddraw_wait_for_vertical_blank(impl7(iface), flags, event);
}

HRESULT ddraw_get_available_vid_mem(struct ddraw *ddraw, DWORD caps, DWORD *total, DWORD *free_mem)
{
    DDCAPS c;

    if (!total && !free_mem)
        return DDERR_INVALIDPARAMS;
    if (caps & (DDSCAPS_SYSTEMMEMORY | DDSCAPS_OVERLAY))
    {
        /* No video memory is used by system memory surfaces, and overlays do not exist. */
        if (caps & DDSCAPS_OVERLAY)
            return DDERR_INVALIDCAPS;
    }
    ddraw_lock();
    ddraw_fill_caps(ddraw, &c);
    ddraw_unlock();
    if (total)
        *total = c.dwVidMemTotal;
    if (free_mem)
        *free_mem = c.dwVidMemFree;
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetAvailableVidMem(IDirectDraw7 *iface, DDSCAPS2 *caps,
        DWORD *total, DWORD *free_mem)
{
    return ddraw_get_available_vid_mem(impl7(iface), caps ? caps->dwCaps : 0, total, free_mem);
}

HRESULT ddraw_get_surface_from_dc(struct ddraw *ddraw, HDC dc, struct ddraw_surface **out)
{
    struct ddraw_surface *surface;

    ddraw_lock();
    for (surface = ddraw->surfaces; surface; surface = surface->next_root)
    {
#ifdef _WIN32
        struct ddraw_surface *s;

        /* Members of complex structures (back buffers, levels) too. */
        for (s = surface; s; s = s->complex_next)
        {
            if (s->dc_in_use && s->dc == dc)
            {
                *out = s;
                ddraw_unlock();
                return DD_OK;
            }
        }
#endif
    }
    ddraw_unlock();
    return DDERR_NOTFOUND;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetSurfaceFromDC(IDirectDraw7 *iface, HDC dc, IDirectDrawSurface7 **out)
{
    struct ddraw_surface *surface;
    HRESULT hr;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (SUCCEEDED(hr = ddraw_get_surface_from_dc(impl7(iface), dc, &surface)))
    {
        *out = &surface->IDirectDrawSurface7_iface;
        IDirectDrawSurface7_AddRef(*out);
    }
    return hr;
}

HRESULT ddraw_restore_all_surfaces(struct ddraw *ddraw)
{
    struct ddraw_surface *surface;

    ddraw_lock();
    for (surface = ddraw->surfaces; surface; surface = surface->next_root)
        IDirectDrawSurface7_Restore(&surface->IDirectDrawSurface7_iface);
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_RestoreAllSurfaces(IDirectDraw7 *iface)
{
    return ddraw_restore_all_surfaces(impl7(iface));
}

/* What the Direct3D runtime does to the FPU when a device is created: on
 * i686, unless the program asked for DDSCL_FPUPRESERVE, it leaves the calling
 * thread's x87 control word at single precision, round to nearest,
 * exceptions masked (DDSCL_FPUSETUP only promises that the program set it so
 * itself; the result is the same).  On x86_64 float and double math is SSE
 * and the x87 is left alone, as Wine's builtin does there
 * (ddraw_fpu_test): neither the control word nor MXCSR changes. */
void ddraw_fpu_setup(struct ddraw *ddraw)
{
#if defined(__GNUC__) && defined(__i386__)
    unsigned short cw;

    if (ddraw->cooperative_level & DDSCL_FPUPRESERVE)
        return;
    __asm__ __volatile__ ("fnstcw %0" : "=m" (cw));
    cw = (cw & ~0xf3f) | 0x3f;
    __asm__ __volatile__ ("fldcw %0" : : "m" (cw));
#else
    (void)ddraw;
#endif
}

static HRESULT STDMETHODCALLTYPE ddraw7_TestCooperativeLevel(IDirectDraw7 *iface)
{
    return ddraw_test_cooperative_level(impl7(iface));
}

void ddraw_fill_identifier(DDDEVICEIDENTIFIER2 *id)
{
    memset(id, 0, sizeof(*id));
    /* Programs (and Wine's ddrawmodes.c) look for the driver DLL's name here. */
    snprintf(id->szDriver, sizeof(id->szDriver), "ddraw.dll");
    snprintf(id->szDescription, sizeof(id->szDescription), "dx7gl DirectDraw on OpenGL");
    id->liDriverVersion.HighPart = 0x00070000;
    id->liDriverVersion.LowPart = 0x00000001;
    id->guidDeviceIdentifier = ddraw_device_guid;
}

static HRESULT STDMETHODCALLTYPE ddraw7_GetDeviceIdentifier(IDirectDraw7 *iface, DDDEVICEIDENTIFIER2 *id, DWORD flags)
{
    DDDEVICEIDENTIFIER2 full;

    if (!id)
        return DDERR_INVALIDPARAMS;
    if (flags & ~DDGDI_GETHOSTIDENTIFIER)
        return DDERR_INVALIDPARAMS;
    /* Up to dwWHQLLevel: the structure's padding to 8 bytes may be the
     * program's next variable (Wine's ddrawmodes.c testddraw7). */
    ddraw_fill_identifier(&full);
    memcpy(id, &full, offsetof(DDDEVICEIDENTIFIER2, dwWHQLLevel) + sizeof(full.dwWHQLLevel));
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw7_StartModeTest(IDirectDraw7 *iface, SIZE *modes, DWORD count, DWORD flags)
{
    if (!modes && count)
        return DDERR_INVALIDPARAMS;
    if (flags & ~DDSMT_ISTESTREQUIRED)
        return DDERR_INVALIDPARAMS;
    /* Modes are virtual: every one works, no test is ever needed. */
    return DDERR_TESTFINISHED;
}

static HRESULT STDMETHODCALLTYPE ddraw7_EvaluateMode(IDirectDraw7 *iface, DWORD flags, DWORD *timeout)
{
    if (!timeout)
        return DDERR_INVALIDPARAMS;
    if (flags & ~(DDEM_MODEPASSED | DDEM_MODEFAILED))
        return DDERR_INVALIDPARAMS;
    *timeout = 0;
    return DDERR_TESTFINISHED;
}

static const IDirectDraw7Vtbl ddraw7_vtbl =
{
    ddraw7_QueryInterface,
    ddraw7_AddRef,
    ddraw7_Release,
    ddraw7_Compact,
    ddraw7_CreateClipper,
    ddraw7_CreatePalette,
    ddraw7_CreateSurface,
    ddraw7_DuplicateSurface,
    ddraw7_EnumDisplayModes,
    ddraw7_EnumSurfaces,
    ddraw7_FlipToGDISurface,
    ddraw7_GetCaps,
    ddraw7_GetDisplayMode,
    ddraw7_GetFourCCCodes,
    ddraw7_GetGDISurface,
    ddraw7_GetMonitorFrequency,
    ddraw7_GetScanLine,
    ddraw7_GetVerticalBlankStatus,
    ddraw7_Initialize,
    ddraw7_RestoreDisplayMode,
    ddraw7_SetCooperativeLevel,
    ddraw7_SetDisplayMode,
    ddraw7_WaitForVerticalBlank,
    ddraw7_GetAvailableVidMem,
    ddraw7_GetSurfaceFromDC,
    ddraw7_RestoreAllSurfaces,
    ddraw7_TestCooperativeLevel,
    ddraw7_GetDeviceIdentifier,
    ddraw7_StartModeTest,
    ddraw7_EvaluateMode,
};

/* ---------------------------------------------------------------------- */

HRESULT ddraw_create(const GUID *guid, struct ddraw **out)
{
    struct ddraw *ddraw;

    *out = NULL;
    if (!(ddraw = calloc(1, sizeof(*ddraw))))
        return DDERR_OUTOFMEMORY;
    ddraw->IDirectDraw7_iface.lpVtbl = &ddraw7_vtbl;
    ddraw_init_thunks(ddraw);
    ddraw_get_desktop_mode(&ddraw->mode);
    if (FAILED(ddraw_object_register(ddraw)))
    {
        free(ddraw);
        return DDERR_OUTOFMEMORY;
    }
    *out = ddraw;
    return DD_OK;
}

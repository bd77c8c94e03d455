/*
 * ddraw: IDirectDrawClipper.  A clipper follows a window (the visible part
 * of its client area in screen coordinates: what overlapping windows and
 * the screen's edges leave of it, as GDI's system region has it) or holds
 * an explicit clip list.
 */
#include "config.h"

#include "ddraw_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

static const IDirectDrawClipperVtbl ddraw_clipper_vtbl;

/* Every live clipper of the process, under the lock.  Programs hand clipper
 * methods pointers to clippers they have released, or to memory of their
 * own with our vtable copied in; native ddraw answers those with
 * DDERR_INVALIDPARAMS (and AddRef/Release with 0) instead of following
 * them, as Wine's tests show, so a pointer is looked up here before it is
 * ever read. */
static struct ddraw_clipper **live_clippers;
static unsigned int live_count, live_capacity;

static BOOL clipper_register(struct ddraw_clipper *clipper)
{
    if (live_count == live_capacity)
    {
        unsigned int capacity = live_capacity ? live_capacity * 2 : 16;
        struct ddraw_clipper **list = realloc(live_clippers, capacity * sizeof(*list));

        if (!list)
            return FALSE;
        live_clippers = list;
        live_capacity = capacity;
    }
    live_clippers[live_count++] = clipper;
    return TRUE;
}

static void clipper_unregister(struct ddraw_clipper *clipper)
{
    unsigned int i;

    for (i = 0; i < live_count; ++i)
    {
        if (live_clippers[i] == clipper)
        {
            live_clippers[i] = live_clippers[--live_count];
            break;
        }
    }
    if (!live_count)
    {
        free(live_clippers);
        live_clippers = NULL;
        live_capacity = 0;
    }
}

/* The clipper behind IFACE if it is a live one, else NULL; the pointer is
 * only compared.  Called with the lock held. */
static struct ddraw_clipper *clipper_live(IDirectDrawClipper *iface)
{
    unsigned int i;

    for (i = 0; i < live_count; ++i)
    {
        if (&live_clippers[i]->IDirectDrawClipper_iface == iface)
            return live_clippers[i];
    }
    return NULL;
}

struct ddraw_clipper *ddraw_clipper_from_iface(IDirectDrawClipper *iface)
{
    struct ddraw_clipper *clipper;

    ddraw_lock();
    clipper = clipper_live(iface);
    ddraw_unlock();
    return clipper;
}

#ifdef _WIN32
/* The visible part of a window's client area in screen coordinates: the
 * client rectangle less every visible window above it (above the window
 * itself and above each of its ancestors among their siblings) and less
 * what lies off the screen.  Wine's GDI does not clip top-level windows
 * against each other (the X server does), so the system region of a DC
 * cannot tell; the window manager's z-order can. */
static RGNDATA *clipper_visible_region(HWND window, const RECT *client, const RECT *screen_in)
{
    HWND desktop = GetDesktopWindow(), level, above;
    RGNDATA *region = NULL;
    RECT screen, r;
    HRGN rgn, cut;
    DWORD size;

    if (!(rgn = CreateRectRgnIndirect(client)))
        return NULL;
    if (screen_in)
        screen = *screen_in;
    else
    {
        screen.left = GetSystemMetrics(SM_XVIRTUALSCREEN);
        screen.top = GetSystemMetrics(SM_YVIRTUALSCREEN);
        screen.right = screen.left + GetSystemMetrics(SM_CXVIRTUALSCREEN);
        screen.bottom = screen.top + GetSystemMetrics(SM_CYVIRTUALSCREEN);
    }
    if (screen.right > screen.left && (cut = CreateRectRgnIndirect(&screen)))
    {
        CombineRgn(rgn, rgn, cut, RGN_AND);
        DeleteObject(cut);
    }
    for (level = window; level && level != desktop; level = GetAncestor(level, GA_PARENT))
    {
        for (above = GetWindow(level, GW_HWNDPREV); above; above = GetWindow(above, GW_HWNDPREV))
        {
            if (!IsWindowVisible(above) || IsIconic(above) || !GetWindowRect(above, &r) || IsRectEmpty(&r))
                continue;
            if ((cut = CreateRectRgnIndirect(&r)))
            {
                CombineRgn(rgn, rgn, cut, RGN_DIFF);
                DeleteObject(cut);
            }
        }
    }
    if ((size = GetRegionData(rgn, 0, NULL)) && (region = malloc(size)) && !GetRegionData(rgn, size, region))
    {
        free(region);
        region = NULL;
    }
    DeleteObject(rgn);
    return region;
}
#endif

/* The clip region as a newly allocated RGNDATA (NULL if there is none).
 * screen: the screen's rectangle if the caller knows it, else NULL. */
static RGNDATA *clipper_build_region(struct ddraw_clipper *clipper, const RECT *screen)
{
    RGNDATA *region;

    if (clipper->window)
    {
#ifdef _WIN32
        POINT origin = {0, 0};
        RECT client;

        if (!IsWindow(clipper->window) || !GetClientRect(clipper->window, &client)
                || !ClientToScreen(clipper->window, &origin))
            return NULL;
        OffsetRect(&client, origin.x, origin.y);
        if ((region = clipper_visible_region(clipper->window, &client, screen)))
            return region;
        OffsetRect(&client, -origin.x, -origin.y);
        /* No region (out of memory): the client rectangle. */
        if (!(region = calloc(1, sizeof(RGNDATAHEADER) + sizeof(RECT))))
            return NULL;
        region->rdh.dwSize = sizeof(region->rdh);
        region->rdh.iType = RDH_RECTANGLES;
        region->rdh.nCount = (client.right > client.left && client.bottom > client.top) ? 1 : 0;
        region->rdh.nRgnSize = sizeof(RECT);
        OffsetRect(&client, origin.x, origin.y);
        region->rdh.rcBound = client;
        memcpy(region->Buffer, &client, sizeof(client));
        return region;
#else
        return NULL;
#endif
    }
    if (clipper->region)
    {
        size_t size = sizeof(RGNDATAHEADER) + clipper->region->rdh.nCount * sizeof(RECT);

        if ((region = malloc(size)))
            memcpy(region, clipper->region, size);
        return region;
    }
    return NULL;
}

HRESULT ddraw_clipper_get_rects(struct ddraw_clipper *clipper, const RECT *screen, RECT **rects, unsigned int *count)
{
    RGNDATA *region;

    *rects = NULL;
    *count = 0;
    /* Windows refuses such a blit as GetClipList does (Wine's
     * test_clipper_blt), rather than drawing unclipped. */
    if (clipper && !clipper->window && !clipper->region)
        return DDERR_NOCLIPLIST;
    if (!clipper || !(region = clipper_build_region(clipper, screen)))
        return S_FALSE;
    if (region->rdh.nCount)
    {
        if ((*rects = malloc(region->rdh.nCount * sizeof(RECT))))
        {
            memcpy(*rects, region->Buffer, region->rdh.nCount * sizeof(RECT));
            *count = region->rdh.nCount;
        }
    }
    free(region);
    return DD_OK;
}

static ULONG STDMETHODCALLTYPE ddraw_clipper_AddRef(IDirectDrawClipper *iface);

static HRESULT STDMETHODCALLTYPE ddraw_clipper_QueryInterface(IDirectDrawClipper *iface, REFIID riid, void **out)
{
    if (!out)
        return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirectDrawClipper))
    {
        /* Not through the vtable: the program may have replaced it. */
        if (!ddraw_clipper_AddRef(iface))
        {
            *out = NULL;
            return DDERR_INVALIDPARAMS;
        }
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE ddraw_clipper_AddRef(IDirectDrawClipper *iface)
{
    struct ddraw_clipper *clipper;
    ULONG ref = 0;

    ddraw_lock();
    if ((clipper = clipper_live(iface)))
        ref = ++clipper->ref;
    ddraw_unlock();
    return ref;
}

/* Called with the lock held, for a live clipper. */
static ULONG clipper_release(struct ddraw_clipper *clipper)
{
    ULONG ref;

    if (!(ref = --clipper->ref))
    {
        clipper_unregister(clipper);
        free(clipper->region);
        free(clipper);
    }
    return ref;
}

static ULONG STDMETHODCALLTYPE ddraw_clipper_Release(IDirectDrawClipper *iface)
{
    struct ddraw_clipper *clipper;
    ULONG ref;

    ddraw_lock();
    /* Unlike the other methods, native Release also refuses a live clipper
     * whose vtable the program replaced. */
    if (!(clipper = clipper_live(iface)) || iface->lpVtbl != &ddraw_clipper_vtbl || !clipper->ref)
    {
        ddraw_unlock();
        WARN("%p is not a live clipper.\n", (void *)iface);
        return 0;
    }
    ref = clipper_release(clipper);
    ddraw_unlock();
    return ref;
}

void ddraw_clipper_release(struct ddraw_clipper *clipper)
{
    ddraw_lock();
    if (clipper_live(&clipper->IDirectDrawClipper_iface) && clipper->ref)
        clipper_release(clipper);
    ddraw_unlock();
}

static HRESULT STDMETHODCALLTYPE ddraw_clipper_GetClipList(IDirectDrawClipper *iface, RECT *rect,
        RGNDATA *clip_list, DWORD *clip_list_size)
{
    struct ddraw_clipper *clipper;
    RGNDATA *region;
    DWORD size, i, kept = 0;
    RECT *rects;

    if (!clip_list_size)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!(clipper = clipper_live(iface)))
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    if (!clipper->window && !clipper->region)
    {
        ddraw_unlock();
        return DDERR_NOCLIPLIST;
    }
    if (!(region = clipper_build_region(clipper, NULL)))
    {
        ddraw_unlock();
        return DDERR_GENERIC;
    }
    ddraw_unlock();

    /* Clip each rectangle to the requested one. */
    rects = (RECT *)region->Buffer;
    for (i = 0; i < region->rdh.nCount; ++i)
    {
        RECT r = rects[i];

        if (rect)
        {
            if (r.left < rect->left) r.left = rect->left;
            if (r.top < rect->top) r.top = rect->top;
            if (r.right > rect->right) r.right = rect->right;
            if (r.bottom > rect->bottom) r.bottom = rect->bottom;
            if (r.right <= r.left || r.bottom <= r.top)
                continue;
        }
        rects[kept++] = r;
    }
    region->rdh.nCount = kept;
    region->rdh.nRgnSize = kept * sizeof(RECT);
    if (rect)
        region->rdh.rcBound = *rect;
    size = sizeof(RGNDATAHEADER) + kept * sizeof(RECT);

    if (!clip_list)
    {
        *clip_list_size = size;
        free(region);
        return DD_OK;
    }
    if (*clip_list_size < size)
    {
        *clip_list_size = size;
        free(region);
        return DDERR_REGIONTOOSMALL;
    }
    memcpy(clip_list, region, size);
    *clip_list_size = size;
    free(region);
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw_clipper_GetHWnd(IDirectDrawClipper *iface, HWND *window)
{
    struct ddraw_clipper *clipper;

    if (!window)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!(clipper = clipper_live(iface)))
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    *window = clipper->window;
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw_clipper_Initialize(IDirectDrawClipper *iface, IDirectDraw *ddraw, DWORD flags)
{
    struct ddraw_clipper *clipper;
    HRESULT hr = DD_OK;

    if (flags)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!(clipper = clipper_live(iface)))
        hr = DDERR_INVALIDPARAMS;
    else if (clipper->initialized)
        hr = DDERR_ALREADYINITIALIZED;
    else
        clipper->initialized = TRUE;
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw_clipper_IsClipListChanged(IDirectDrawClipper *iface, BOOL *changed)
{
    struct ddraw_clipper *clipper;

    if (!changed)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    clipper = clipper_live(iface);
    ddraw_unlock();
    if (!clipper)
        return DDERR_INVALIDPARAMS;
    /* The clip list follows the window; nothing is cached that could go stale. */
    *changed = FALSE;
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw_clipper_SetClipList(IDirectDrawClipper *iface, RGNDATA *clip_list, DWORD flags)
{
    struct ddraw_clipper *clipper;
    RGNDATA *copy = NULL;

    if (flags)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!(clipper = clipper_live(iface)))
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    if (clipper->window)
    {
        ddraw_unlock();
        return DDERR_CLIPPERISUSINGHWND;
    }
    if (clip_list)
    {
        size_t size = sizeof(RGNDATAHEADER) + clip_list->rdh.nCount * sizeof(RECT);

        if (clip_list->rdh.dwSize != sizeof(RGNDATAHEADER) || clip_list->rdh.iType != RDH_RECTANGLES)
        {
            ddraw_unlock();
            return DDERR_INVALIDCLIPLIST;
        }
        if (!(copy = malloc(size)))
        {
            ddraw_unlock();
            return DDERR_OUTOFMEMORY;
        }
        memcpy(copy, clip_list, size);
    }
    free(clipper->region);
    clipper->region = copy;
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw_clipper_SetHWnd(IDirectDrawClipper *iface, DWORD flags, HWND window)
{
    struct ddraw_clipper *clipper;

#ifdef _WIN32
    if (window && !IsWindow(window))
        return DDERR_INVALIDPARAMS;
#endif
    ddraw_lock();
    if (!(clipper = clipper_live(iface)))
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    clipper->window = window;
    ddraw_unlock();
    return DD_OK;
}

static const IDirectDrawClipperVtbl ddraw_clipper_vtbl =
{
    ddraw_clipper_QueryInterface,
    ddraw_clipper_AddRef,
    ddraw_clipper_Release,
    ddraw_clipper_GetClipList,
    ddraw_clipper_GetHWnd,
    ddraw_clipper_Initialize,
    ddraw_clipper_IsClipListChanged,
    ddraw_clipper_SetClipList,
    ddraw_clipper_SetHWnd,
};

HRESULT ddraw_clipper_create(DWORD flags, struct ddraw_clipper **out)
{
    struct ddraw_clipper *clipper;

    TRACE("flags %#x.\n", (unsigned int)flags);
    *out = NULL;
    if (flags)
        return DDERR_INVALIDPARAMS;
    if (!(clipper = calloc(1, sizeof(*clipper))))
        return DDERR_OUTOFMEMORY;
    clipper->IDirectDrawClipper_iface.lpVtbl = &ddraw_clipper_vtbl;
    clipper->ref = 1;
    ddraw_lock();
    if (!clipper_register(clipper))
    {
        ddraw_unlock();
        free(clipper);
        return DDERR_OUTOFMEMORY;
    }
    ddraw_unlock();
    *out = clipper;
    return DD_OK;
}

void ddraw_clipper_init(struct ddraw_clipper *clipper)
{
    clipper->initialized = TRUE;
}

/*
 * ddraw: lost surfaces.  Windows' DirectDraw takes video memory back from a
 * program that no longer owns the screen: when its exclusive-mode window
 * loses the focus, when the display mode changes, and when exclusive mode is
 * taken on a window that did not hold it.  Surfaces in video memory, every
 * primary and every z-buffer are then lost: IsLost, Lock, Blt, BltFast,
 * GetDC, Flip and GetAttachedSurface answer DDERR_SURFACELOST until Restore
 * or RestoreAllSurfaces; system memory surfaces are never lost.  Programs of
 * the time are written around this (they restore and redraw when a call
 * answers DDERR_SURFACELOST), and Wine's tests hold an implementation to it
 * (test_lost_device, test_coop_level_d3d_state, test_coop_level_mode_set).
 * Our storage survives all of this; only the answers change.
 *
 * The object's state, as Windows shows it: LOST while the focus is elsewhere
 * (TestCooperativeLevel answers DDERR_NOEXCLUSIVEMODE and nothing can be
 * restored), NOT_RESTORED once the program may have the screen again (every
 * surface counts as lost until the next call that looks marks each of them
 * lost one by one), OK otherwise.  A surface created while NOT_RESTORED is
 * not lost: the marking comes first.
 */
#include "config.h"

#include "ddraw_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

/* The window exclusive mode was last taken on, by any object of the process;
 * forgotten when it loses the focus.  Exclusive mode again on the same
 * window loses nothing (Wine's test_lost_device). */
static HWND ddraw_exclusive_window;

static BOOL ddraw_surface_can_be_lost(const struct ddraw_surface *surface)
{
    DWORD caps = surface->desc.ddsCaps.dwCaps;

    /* Managed textures are the runtime's to keep: never lost. */
    if (surface->desc.ddsCaps.dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE))
        return FALSE;
    return !(caps & DDSCAPS_SYSTEMMEMORY) || (caps & (DDSCAPS_PRIMARYSURFACE | DDSCAPS_ZBUFFER));
}

/* From OK to NOT_RESTORED: the display changed under the surfaces. */
void ddraw_lose_surfaces(struct ddraw *ddraw)
{
    LONG expected = DDRAW_DEVICE_OK;

    if (__atomic_compare_exchange_n(&ddraw->device_state, &expected, DDRAW_DEVICE_NOT_RESTORED, FALSE,
            __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        TRACE("ddraw %p: surfaces lost.\n", (void *)ddraw);
}

/* The exclusive-mode window lost the focus (active FALSE) or has it again.
 * Called from the focus window's procedure, without the lock. */
void ddraw_focus_changed(struct ddraw *ddraw, BOOL active)
{
    LONG expected = DDRAW_DEVICE_LOST;

    TRACE("ddraw %p, active %d.\n", (void *)ddraw, active);
    if (!active)
    {
        __atomic_store_n(&ddraw->device_state, DDRAW_DEVICE_LOST, __ATOMIC_SEQ_CST);
        __atomic_store_n(&ddraw_exclusive_window, NULL, __ATOMIC_SEQ_CST);
        return;
    }
    __atomic_compare_exchange_n(&ddraw->device_state, &expected, DDRAW_DEVICE_NOT_RESTORED, FALSE,
            __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/* Exclusive mode on WINDOW (lock held): a window that did not hold it loses
 * every surface. */
void ddraw_exclusive_window_taken(struct ddraw *ddraw, HWND window)
{
    if (__atomic_load_n(&ddraw_exclusive_window, __ATOMIC_SEQ_CST) == window)
        return;
    ddraw_lose_surfaces(ddraw);
    __atomic_store_n(&ddraw_exclusive_window, window, __ATOMIC_SEQ_CST);
}

/* NOT_RESTORED becomes OK with every surface marked lost (lock held). */
void ddraw_update_lost_surfaces(struct ddraw *ddraw)
{
    struct ddraw_surface *root, *s;

#ifdef _WIN32
    /* The focus came back before its WM_ACTIVATEAPP did (a program that
     * restores from a WM_QUERYNEWPALETTE handler, or one whose window
     * procedure is no longer ours): the foreground says so. */
    if (__atomic_load_n(&ddraw->device_state, __ATOMIC_SEQ_CST) == DDRAW_DEVICE_LOST
            && (ddraw->cooperative_level & DDSCL_EXCLUSIVE) && ddraw->focus_window
            && GetForegroundWindow() == ddraw->focus_window)
        ddraw_focus_changed(ddraw, TRUE);
#endif
    if (__atomic_load_n(&ddraw->device_state, __ATOMIC_SEQ_CST) != DDRAW_DEVICE_NOT_RESTORED)
        return;
    for (root = ddraw->surfaces; root; root = root->next_root)
    {
        for (s = root; s; s = s->complex_next)
            s->lost = TRUE;
    }
    __atomic_store_n(&ddraw->device_state, DDRAW_DEVICE_OK, __ATOMIC_SEQ_CST);
}

BOOL ddraw_surface_lost(const struct ddraw_surface *surface)
{
    if (!surface->ddraw)
        return TRUE;
    if (!ddraw_surface_can_be_lost(surface))
        return FALSE;
    return surface->lost || __atomic_load_n(&surface->ddraw->device_state, __ATOMIC_SEQ_CST) != DDRAW_DEVICE_OK;
}

HRESULT ddraw_surface_is_lost(struct ddraw_surface *surface)
{
    HRESULT hr;

    ddraw_lock();
    hr = ddraw_surface_lost(surface) ? DDERR_SURFACELOST : DD_OK;
    ddraw_unlock();
    return hr;
}

/* A primary made in another mode than the display's cannot come back. */
static BOOL ddraw_surface_wrong_mode(struct ddraw_surface *surface)
{
    struct ddraw *ddraw = surface->ddraw;

    if (!(surface->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE))
        return FALSE;
    ddraw_update_mode(ddraw);
    return surface->desc.dwWidth != ddraw->mode.width || surface->desc.dwHeight != ddraw->mode.height
            || surface->desc.ddpfPixelFormat.dwRGBBitCount != ddraw->mode.bpp;
}

HRESULT ddraw_surface_restore(struct ddraw_surface *surface)
{
    struct ddraw_surface *s;
    HRESULT hr = DD_OK;

    ddraw_lock();
    if (!surface->ddraw || ddraw_surface_wrong_mode(surface))
    {
        hr = DDERR_WRONGMODE;
        goto done;
    }
    if (!ddraw_surface_can_be_lost(surface))
        goto done;
    ddraw_update_lost_surfaces(surface->ddraw);
    /* Nothing comes back while another program has the screen. */
    if (__atomic_load_n(&surface->ddraw->device_state, __ATOMIC_SEQ_CST) == DDRAW_DEVICE_LOST)
    {
        hr = DDERR_WRONGMODE;
        goto done;
    }
    /* A complex structure comes back whole; surfaces attached to it
     * explicitly (a z-buffer) are restored on their own. */
    surface->lost = FALSE;
    if (surface->root == surface)
    {
        for (s = surface->complex_next; s; s = s->complex_next)
            s->lost = FALSE;
    }
done:
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_test_cooperative_level(struct ddraw *ddraw)
{
    return __atomic_load_n(&ddraw->device_state, __ATOMIC_SEQ_CST) == DDRAW_DEVICE_LOST
            ? DDERR_NOEXCLUSIVEMODE : DD_OK;
}

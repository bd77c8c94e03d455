/*
 * ddraw: the focus window in exclusive mode.  As Windows' DirectDraw does,
 * exclusive mode replaces the focus window's window procedure with one of
 * ours that passes every message on and puts a covering window back over
 * the screen when the program is activated again; leaving exclusive mode or
 * releasing the object puts the program's procedure back, unless the
 * program has replaced ours since (Wine's test_wndproc).
 */
#include "config.h"

#include "ddraw_private.h"
#include "dx7gl/debug.h"

#ifdef _WIN32

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

struct ddraw_window_hook
{
    HWND window;
    WNDPROC proc;           /* the program's */
    struct ddraw *ddraw;
};

/* Not ddraw's lock: the procedure runs on the window's thread, which may be
 * waiting for that lock while another thread sends it a message. */
static CRITICAL_SECTION ddraw_hook_cs;
static INIT_ONCE ddraw_hook_once = INIT_ONCE_STATIC_INIT;
static struct ddraw_window_hook ddraw_hooks[32];
static unsigned int ddraw_hook_count;

static BOOL CALLBACK ddraw_hook_init(INIT_ONCE *once, void *param, void **context)
{
    (void)once;
    (void)param;
    (void)context;
    InitializeCriticalSection(&ddraw_hook_cs);
    return TRUE;
}

static void ddraw_hook_lock(void)
{
    InitOnceExecuteOnce(&ddraw_hook_once, ddraw_hook_init, NULL, NULL);
    EnterCriticalSection(&ddraw_hook_cs);
}

static struct ddraw_window_hook *ddraw_hook_find(HWND window)
{
    unsigned int i;

    for (i = 0; i < ddraw_hook_count; ++i)
        if (ddraw_hooks[i].window == window)
            return &ddraw_hooks[i];
    return NULL;
}

static LONG_PTR ddraw_get_proc(HWND window)
{
    return IsWindowUnicode(window) ? GetWindowLongPtrW(window, GWLP_WNDPROC)
            : GetWindowLongPtrA(window, GWLP_WNDPROC);
}

static LONG_PTR ddraw_set_proc(HWND window, LONG_PTR proc)
{
    return IsWindowUnicode(window) ? SetWindowLongPtrW(window, GWLP_WNDPROC, proc)
            : SetWindowLongPtrA(window, GWLP_WNDPROC, proc);
}

/* The exclusive-mode program lost the focus: the surfaces are lost and, as
 * Windows' DirectDraw does when the object changed the display's mode, the
 * display goes back to the desktop's mode and the covering window is
 * minimised (Wine's test_coop_level_mode_set: the program sees the display
 * change while still in exclusive mode, then WM_KILLFOCUS and the
 * minimising with the object lost, then WM_ACTIVATEAPP). Without a mode of
 * its own the window stays as it is: ours shows the covering window, which
 * Windows leaves hidden if the program did (Wine's test_window_style). No
 * lock: see ddraw_focus_changed. */
static void ddraw_window_deactivate(struct ddraw *ddraw, HWND window)
{
    BOOL minimise = FALSE;

    if (ddraw->display_changed && !ddraw->mode_virtual && !ddraw->focus_restored_mode)
    {
        TRACE("Window %p deactivated: the desktop's mode again.\n", (void *)window);
        ddraw->focus_restored_mode = TRUE;
        ddraw_display_restore_mode();
        minimise = ddraw->fullscreen_window == window && !(ddraw->cooperative_level & DDSCL_NOWINDOWCHANGES);
    }
    ddraw_focus_changed(ddraw, FALSE);
    if (minimise && IsWindowVisible(window) && !IsIconic(window))
        ShowWindow(window, SW_MINIMIZE);
}

/* Activated again: the covering window covers the screen again, as the
 * program left it (Wine's test_window_position), in the mode the object
 * set, which focus loss took away: the window takes that mode's size first,
 * then the display changes (Wine's test_coop_level_mode_set). */
static void ddraw_window_activate(struct ddraw *ddraw, HWND window)
{
    BOOL set_mode = ddraw->focus_restored_mode && ddraw->display_changed;
    struct ddraw_mode mode = ddraw->display_mode;

    ddraw->focus_restored_mode = FALSE;
    if (ddraw->fullscreen_window == window)
    {
        TRACE("Window %p activated: covering the screen again.\n", (void *)window);
        SetWindowPos(window, NULL, 0, 0, set_mode ? (int)mode.width : GetSystemMetrics(SM_CXSCREEN),
                set_mode ? (int)mode.height : GetSystemMetrics(SM_CYSCREEN), SWP_NOACTIVATE | SWP_NOZORDER);
    }
    if (set_mode && !ddraw_display_set_mode(&mode))
        WARN("The display refused the object's mode %ux%ux%u again.\n", (unsigned int)mode.width,
                (unsigned int)mode.height, (unsigned int)mode.bpp);
    ddraw_focus_changed(ddraw, TRUE);
}

static LRESULT CALLBACK ddraw_focus_proc(HWND window, UINT message, WPARAM wparam, LPARAM lparam)
{
    struct ddraw_window_hook *hook;
    struct ddraw *ddraw = NULL;
    WNDPROC proc = NULL;
    HWND cover;

    ddraw_hook_lock();
    if ((hook = ddraw_hook_find(window)))
    {
        proc = hook->proc;
        ddraw = hook->ddraw;
    }
    LeaveCriticalSection(&ddraw_hook_cs);

    if (!proc)
        return IsWindowUnicode(window) ? DefWindowProcW(window, message, wparam, lparam)
                : DefWindowProcA(window, message, wparam, lparam);

    /* In exclusive mode the surfaces go with the focus, and are lost
     * until restored once it is back (Wine's test_lost_device); the
     * display and the window go with it too. */
    if (message == WM_ACTIVATEAPP && ddraw && (ddraw->cooperative_level & DDSCL_EXCLUSIVE))
    {
        if (wparam)
            ddraw_window_activate(ddraw, window);
        else
            ddraw_window_deactivate(ddraw, window);
    }

    /* A display change in exclusive mode: the covering window follows the
     * new screen before the program hears of it, and a change the program
     * made itself (ChangeDisplaySettings, not SetDisplayMode, which set the
     * object's mode first) loses the surfaces, as Windows' DirectDraw does
     * (Wine's test_coop_level_mode_set). The covering window is the device
     * window, or the window a SetCooperativeLevel leaving exclusive mode
     * names (ddraw.c). No lock: see ddraw_focus_changed. */
    if (message == WM_DISPLAYCHANGE && ddraw && (ddraw->cooperative_level & DDSCL_EXCLUSIVE)
            && (cover = ddraw->fullscreen_window))
    {
        TRACE("Window %p: the display is now %ux%u.\n", (void *)cover, LOWORD(lparam), HIWORD(lparam));
        SetWindowPos(cover, NULL, 0, 0, LOWORD(lparam), HIWORD(lparam), SWP_NOACTIVATE | SWP_NOZORDER);
        if (LOWORD(lparam) != ddraw->mode.width || HIWORD(lparam) != ddraw->mode.height)
        {
            LONG state = DDRAW_DEVICE_OK;

            __atomic_compare_exchange_n(&ddraw->device_state, &state, DDRAW_DEVICE_NOT_RESTORED, FALSE,
                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        }
    }

    return IsWindowUnicode(window) ? CallWindowProcW(proc, window, message, wparam, lparam)
            : CallWindowProcA(proc, window, message, wparam, lparam);
}

void ddraw_window_hook(struct ddraw *ddraw, HWND window)
{
    struct ddraw_window_hook *hook;

    if (!window || !IsWindow(window))
        return;
    ddraw_hook_lock();
    if ((hook = ddraw_hook_find(window)))
    {
        /* Already ours (another object's or this one's): this object owns it now. */
        hook->ddraw = ddraw;
    }
    else if (ddraw_hook_count < ARRAY_SIZE(ddraw_hooks))
    {
        hook = &ddraw_hooks[ddraw_hook_count++];
        hook->window = window;
        hook->ddraw = ddraw;
        hook->proc = (WNDPROC)ddraw_get_proc(window);
        ddraw_set_proc(window, (LONG_PTR)ddraw_focus_proc);
        TRACE("Window %p: procedure %p replaced.\n", (void *)window, (void *)hook->proc);
    }
    else
    {
        WARN("Too many focus windows; window %p keeps its procedure.\n", (void *)window);
    }
    LeaveCriticalSection(&ddraw_hook_cs);
}

void ddraw_window_unhook(struct ddraw *ddraw, BOOL release)
{
    unsigned int i;

    ddraw_hook_lock();
    for (i = 0; i < ddraw_hook_count;)
    {
        struct ddraw_window_hook *hook = &ddraw_hooks[i];

        if (hook->ddraw != ddraw)
        {
            ++i;
            continue;
        }
        /* The program's procedure goes back only if ours is still the
         * window's; one the program set since stays. Windows then keeps
         * the window as taken over until the object goes: exclusive mode
         * again does not replace the procedure a second time. */
        if (IsWindow(hook->window) && ddraw_get_proc(hook->window) == (LONG_PTR)ddraw_focus_proc)
            ddraw_set_proc(hook->window, (LONG_PTR)hook->proc);
        else if (!release && IsWindow(hook->window))
        {
            ++i;
            continue;
        }
        ddraw_hooks[i] = ddraw_hooks[--ddraw_hook_count];
    }
    LeaveCriticalSection(&ddraw_hook_cs);
}

#else

void ddraw_window_hook(struct ddraw *ddraw, HWND window)
{
    (void)ddraw;
    (void)window;
}

void ddraw_window_unhook(struct ddraw *ddraw, BOOL release)
{
    (void)ddraw;
    (void)release;
}

#endif

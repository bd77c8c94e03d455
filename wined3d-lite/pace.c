/*
 * Frame pacing: the "frame_rate_limit" setting.  Each present waits until
 * its frame's share of a second is up, measured from the previous one's
 * deadline, so the rate holds without drifting; a present that comes late
 * starts the count again instead of letting frames through in a burst.
 */
#include "config.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#include "wined3d_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(swapchain);

/* Sleeps most of the time and yields for the last millisecond: sleeps end
 * up to a scheduler tick late. */
static void wait_until(uint64_t deadline)
{
    uint64_t now;

    while ((now = hud_time_us()) < deadline)
    {
        uint64_t left = deadline - now;
#ifdef _WIN32
        Sleep(left > 2000 ? (DWORD)((left - 1000) / 1000) : 0);
#else
        struct timespec ts = {0, 0};
        if (left > 2000) ts.tv_nsec = (long)(left - 1000) * 1000;
        if (ts.tv_nsec >= 1000000000L) { ts.tv_sec = ts.tv_nsec / 1000000000L; ts.tv_nsec %= 1000000000L; }
        nanosleep(&ts, NULL);
#endif
    }
}

void swapchain_pace_init(struct wined3d_swapchain *swapchain)
{
    int limit = dx7gl_config_int("frame_rate_limit");

    swapchain->frame_interval_us = limit > 0 ? 1000000u / (unsigned int)limit : 0;
    swapchain->next_present_us = 0;
    if (limit > 0) TRACE("At most %d frames a second.\n", limit);
}

void swapchain_pace(struct wined3d_swapchain *swapchain)
{
    uint64_t interval = swapchain->frame_interval_us, now;

    if (!interval) return;
    now = hud_time_us();
    if (swapchain->next_present_us && now < swapchain->next_present_us)
    {
        wait_until(swapchain->next_present_us);
        swapchain->next_present_us += interval;
    }
    else
    {
        swapchain->next_present_us = now + interval;
    }
}

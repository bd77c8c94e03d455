/*
 * ddraw: the display's modes.  EnumDisplayModes offers what the display
 * itself lists (user32's EnumDisplaySettings), as Windows' DirectDraw does,
 * and SetDisplayMode changes the display through ChangeDisplaySettingsEx, so
 * screen metrics, window sizes and WM_DISPLAYCHANGE follow as a program and
 * Wine's tests expect.  A mode the display does not list (a game asking for
 * 640x480 on a desktop that cannot switch) is set virtually: surfaces get
 * its size and presentation scales it into the window, the desktop stays.
 */
#include "config.h"

#include "ddraw_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

#ifdef _WIN32
DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);
#endif

/* The sizes a mode may be set virtually in, in 8, 16 and 32 bits. */
static const struct { DWORD width, height; } ddraw_virtual_sizes[] =
{
    {320, 200}, {320, 240}, {400, 300}, {512, 384}, {640, 400}, {640, 480},
    {800, 600}, {1024, 768}, {1152, 864}, {1280, 960}, {1280, 1024}, {1600, 1200},
};

static const DWORD ddraw_virtual_depths[] = {8, 16, 32};

static BOOL ddraw_mode_listed(const struct ddraw_mode *list, unsigned int count, const struct ddraw_mode *mode,
        BOOL refresh_rates)
{
    unsigned int i;

    for (i = 0; i < count; ++i)
    {
        if (list[i].width == mode->width && list[i].height == mode->height && list[i].bpp == mode->bpp
                && (!refresh_rates || list[i].refresh_rate == mode->refresh_rate))
            return TRUE;
    }
    return FALSE;
}

static unsigned int ddraw_virtual_modes(struct ddraw_mode *list, unsigned int count, unsigned int max,
        BOOL refresh_rates)
{
    unsigned int i, j;

    for (i = 0; i < ARRAY_SIZE(ddraw_virtual_depths); ++i)
    {
        for (j = 0; j < ARRAY_SIZE(ddraw_virtual_sizes) && count < max; ++j)
        {
            struct ddraw_mode m = {ddraw_virtual_sizes[j].width, ddraw_virtual_sizes[j].height,
                    ddraw_virtual_depths[i], refresh_rates ? 60 : 0};

            if (!ddraw_mode_listed(list, count, &m, FALSE))
                list[count++] = m;
        }
    }
    return count;
}

/* What the display lists, in its order: 8, 16 and 32 bits (a 24-bit mode
 * is not one a DirectDraw surface has), each size and depth once unless
 * refresh rates are asked for (as Windows lists them: 0 without). */
static unsigned int ddraw_display_list(struct ddraw_mode *list, unsigned int max, BOOL refresh_rates)
{
    unsigned int count = 0;
#ifdef _WIN32
    DEVMODEW devmode;
    DWORD i;

    memset(&devmode, 0, sizeof(devmode));
    devmode.dmSize = sizeof(devmode);
    for (i = 0; count < max && EnumDisplaySettingsW(NULL, i, &devmode); ++i)
    {
        struct ddraw_mode m = {devmode.dmPelsWidth, devmode.dmPelsHeight, devmode.dmBitsPerPel,
                refresh_rates ? devmode.dmDisplayFrequency : 0};

        if (m.bpp != 8 && m.bpp != 16 && m.bpp != 32)
            continue;
        if (!ddraw_mode_listed(list, count, &m, refresh_rates))
            list[count++] = m;
    }
#else
    (void)list;
    (void)max;
    (void)refresh_rates;
#endif
    return count;
}

unsigned int ddraw_display_modes(struct ddraw_mode *list, unsigned int max, BOOL refresh_rates)
{
    unsigned int count = ddraw_display_list(list, max, refresh_rates);

    /* Natively there is no display to ask; with the virtual_modes setting
     * a program that only picks from the list may pick a virtual mode. */
    if (!count || dx7gl_config_int("virtual_modes"))
        count = ddraw_virtual_modes(list, count, max, refresh_rates);
    return count;
}

BOOL ddraw_display_mode_listed(DWORD width, DWORD height, DWORD bpp)
{
    struct ddraw_mode list[512], m = {width, height, bpp, 0};
    unsigned int count = ddraw_display_list(list, ARRAY_SIZE(list), FALSE);

    return ddraw_mode_listed(list, count, &m, FALSE);
}

BOOL ddraw_mode_is_supported(DWORD width, DWORD height, DWORD bpp)
{
    struct ddraw_mode desktop;
    unsigned int i;

    if (bpp != 8 && bpp != 16 && bpp != 32)
        return FALSE;
    ddraw_get_desktop_mode(&desktop);
    if (width == desktop.width && height == desktop.height)
        return TRUE;
    for (i = 0; i < ARRAY_SIZE(ddraw_virtual_sizes); ++i)
    {
        if (ddraw_virtual_sizes[i].width == width && ddraw_virtual_sizes[i].height == height)
            return TRUE;
    }
    return ddraw_display_mode_listed(width, height, bpp);
}

BOOL ddraw_display_set_mode(const struct ddraw_mode *mode)
{
#ifdef _WIN32
    DEVMODEW devmode;
    LONG ret;

    if (!ddraw_display_mode_listed(mode->width, mode->height, mode->bpp))
        return FALSE;
    memset(&devmode, 0, sizeof(devmode));
    devmode.dmSize = sizeof(devmode);
    devmode.dmFields = DM_PELSWIDTH | DM_PELSHEIGHT | DM_BITSPERPEL;
    devmode.dmPelsWidth = mode->width;
    devmode.dmPelsHeight = mode->height;
    devmode.dmBitsPerPel = mode->bpp;
    if (mode->refresh_rate)
    {
        devmode.dmFields |= DM_DISPLAYFREQUENCY;
        devmode.dmDisplayFrequency = mode->refresh_rate;
    }
    if ((ret = ChangeDisplaySettingsExW(NULL, &devmode, NULL, CDS_FULLSCREEN, NULL)) == DISP_CHANGE_SUCCESSFUL)
        return TRUE;
    WARN("The display refused %ux%ux%u (%ld); the mode is set virtually.\n", (unsigned int)mode->width,
            (unsigned int)mode->height, (unsigned int)mode->bpp, (long)ret);
#else
    (void)mode;
#endif
    return FALSE;
}

void ddraw_display_restore_mode(void)
{
#ifdef _WIN32
    LONG ret;

    if ((ret = ChangeDisplaySettingsExW(NULL, NULL, NULL, 0, NULL)) != DISP_CHANGE_SUCCESSFUL)
        WARN("Restoring the display's mode failed (%ld).\n", (long)ret);
#endif
}

void ddraw_get_desktop_mode(struct ddraw_mode *mode)
{
#ifdef _WIN32
    DEVMODEW devmode;

    memset(&devmode, 0, sizeof(devmode));
    devmode.dmSize = sizeof(devmode);
    if (EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &devmode) && devmode.dmPelsWidth && devmode.dmPelsHeight)
    {
        mode->width = devmode.dmPelsWidth;
        mode->height = devmode.dmPelsHeight;
        mode->bpp = devmode.dmBitsPerPel;
        mode->refresh_rate = devmode.dmDisplayFrequency;
    }
    else
    {
        mode->width = GetSystemMetrics(SM_CXSCREEN);
        mode->height = GetSystemMetrics(SM_CYSCREEN);
        mode->bpp = 32;
        mode->refresh_rate = 0;
    }
    /* Our surfaces have 8, 16 or 32 bits; a 24-bit desktop shows as 32. */
    if (mode->bpp != 8 && mode->bpp != 16)
        mode->bpp = 32;
    if (!mode->width || !mode->height)
    {
        mode->width = 1024;
        mode->height = 768;
    }
#else
    /* Natively there is no desktop; a port draws into its own window. */
    mode->width = 1024;
    mode->height = 768;
    mode->bpp = 32;
    mode->refresh_rate = 60;
#endif
}

/*
 * core_hud_cost: what the HUD adds to a present, measured on real GL.
 * Two 640x480 devices, one with DX7GL_HUD=full, present the same picture
 * through swapchain_present_to_texture (the window's present path) and wait
 * for GL after each; blocks of the two alternate so machine load falls on
 * both.  Prints the median and mean time of a present of each and their
 * differences.  The presents follow each other faster than the HUD paints
 * its text again (every 250 ms), so the median is a present without a
 * repaint; PACE_MS between presents makes them come at a game's rate.
 *
 *   core_hud_cost [PRESENTS_PER_BLOCK [BLOCKS [PACE_MS]]]
 */
#include "config.h"

#include <time.h>

#include "core_test.h"
#include "dx7gl/config.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_X8R8G8B8, WINED3D_USAGE_RENDERTARGET,
            640, 480, 1};
    unsigned int per_block = argc > 1 ? (unsigned int)atoi(argv[1]) : 100, blocks = argc > 2 ? (unsigned int)atoi(argv[2]) : 10;
    double pace = argc > 3 ? atof(argv[3]) : 0.0;
    struct wined3d_device *devices[2];
    struct wined3d_texture *windows[2];
    double *times[2], median[2], mean[2];
    unsigned int i, b, k;

    if (argc > 1 && !strcmp(argv[1], "--help"))
    {
        printf("usage: core_hud_cost [PRESENTS_PER_BLOCK [BLOCKS [PACE_MS]]]\n");
        return 0;
    }
    if (!per_block || !blocks || per_block > 100000 || blocks > 1000 || pace < 0.0 || pace > 1000.0)
    {
        fprintf(stderr, "core_hud_cost: bad counts\n");
        return 2;
    }
    for (i = 0; i < 2; ++i)
    {
        struct wined3d_swapchain_desc sd;

        if (i) setenv("DX7GL_HUD", "full", 1);
        else unsetenv("DX7GL_HUD");
        dx7gl_config_reset(NULL);
        memset(&sd, 0, sizeof(sd));
        sd.window_system = WINED3D_WS_EGL_SURFACELESS;
        sd.backbuffer_width = 640;
        sd.backbuffer_height = 480;
        sd.backbuffer_format = WINED3DFMT_X8R8G8B8;
        if (wined3d_device_create(&sd, 0, &devices[i]) != WINED3D_OK
                || wined3d_texture_create(devices[i], &desc, &windows[i]) != WINED3D_OK)
        {
            fprintf(stderr, "core_hud_cost: no GL device\n");
            return 1;
        }
        wined3d_device_clear(devices[i], 0, NULL, WINED3DCLEAR_TARGET, 0xff336699, 1.0f, 0);
        times[i] = calloc((size_t)per_block * blocks, sizeof(double));
    }
    for (b = 0; b < blocks; ++b)
        for (i = 0; i < 2; ++i)
            for (k = 0; k < per_block; ++k)
            {
                struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(devices[i], 0);
                double start = now_ms();

                swapchain_present_to_texture(swapchain, NULL, 0, NULL, 0, windows[i]);
                /* hud_frame as the window's present calls it: the graph fills. */
                hud_frame(swapchain->hud);
                wined3d_device_flush(devices[i]);
                times[i][b * per_block + k] = now_ms() - start;
                while (now_ms() - start < pace) ;
            }
    for (i = 0; i < 2; ++i)
    {
        qsort(times[i], (size_t)per_block * blocks, sizeof(double), compare);
        median[i] = times[i][per_block * blocks / 2];
        for (k = 0, mean[i] = 0.0; k < per_block * blocks; ++k) mean[i] += times[i][k];
        mean[i] /= per_block * blocks;
        wined3d_texture_destroy(windows[i]);
        wined3d_device_destroy(devices[i]);
        free(times[i]);
    }
    printf("core_hud_cost: %u presents each, 640x480, ms a present (median / mean): hud off %.3f / %.3f, "
            "hud full %.3f / %.3f, the HUD %.3f / %.3f\n", per_block * blocks, median[0], mean[0], median[1], mean[1],
            median[1] - median[0], mean[1] - mean[0]);
    return 0;
}

/*
 * Frames out: the driver's lockwindow answer converted to RGB (main.c writes
 * it with libs/port's PNG writer), and the PSNR of two such frames.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "thrashhost.h"

/* One window of the driver read back through lockwindow: its rows copied
 * out as they are, in the window's format (the timed part of a frame). */
int thrash_capture(struct thrash_api *api, int window, struct thrash_frame *frame)
{
    struct thrash_lock *lock;
    size_t row_bytes, size;
    unsigned int y;

    T(api, window, pfn_u1)(window);
    lock = T(api, lockwindow, pfn_lock)();
    if (!lock)
    {
        T(api, window, pfn_u1)(2);
        return 0;
    }
    row_bytes = (size_t)lock->width * (lock->format == 4 || lock->format == 11 ? 2 : lock->format == 5 ? 3 : 4);
    size = row_bytes * lock->height;
    if (size > frame->size)
    {
        uint8_t *p = realloc(frame->pixels, size);
        if (!p)
        {
            T(api, unlockwindow, pfn_p1)(lock);
            T(api, window, pfn_u1)(2);
            return 0;
        }
        frame->pixels = p;
        frame->size = size;
    }
    for (y = 0; y < lock->height; ++y)
        memcpy(frame->pixels + y * row_bytes, (const uint8_t *)lock->pixels + (size_t)y * lock->pitch, row_bytes);
    frame->pitch = row_bytes;
    frame->format = lock->format;
    frame->width = lock->width;
    frame->height = lock->height;
    T(api, unlockwindow, pfn_p1)(lock);
    T(api, window, pfn_u1)(2);
    return 1;
}

/* A frame read back by thrash_capture as RGB, width x height (black where
 * the window is smaller). */
void thrash_frame_rgb(const struct thrash_frame *frame, uint8_t *rgb, unsigned int width, unsigned int height)
{
    unsigned int x, y;

    for (y = 0; y < height; ++y)
    {
        const uint8_t *row = frame->pixels + (size_t)y * frame->pitch;
        uint8_t *out = rgb + (size_t)y * width * 3;

        for (x = 0; x < width; ++x, out += 3)
        {
            uint32_t c;
            if (y >= frame->height || x >= frame->width)
            {
                out[0] = out[1] = out[2] = 0;
                continue;
            }
            switch (frame->format)
            {
            case 4:
                c = row[2 * x] | row[2 * x + 1] << 8;
                out[0] = ((c >> 11) & 0x1f) * 255 / 31;
                out[1] = ((c >> 5) & 0x3f) * 255 / 63;
                out[2] = (c & 0x1f) * 255 / 31;
                break;
            case 11:
                c = row[2 * x] | row[2 * x + 1] << 8;
                out[0] = ((c >> 10) & 0x1f) * 255 / 31;
                out[1] = ((c >> 5) & 0x1f) * 255 / 31;
                out[2] = (c & 0x1f) * 255 / 31;
                break;
            case 5:
                out[0] = row[3 * x + 2]; out[1] = row[3 * x + 1]; out[2] = row[3 * x];
                break;
            default:
                out[0] = row[4 * x + 2]; out[1] = row[4 * x + 1]; out[2] = row[4 * x];
                break;
            }
        }
    }
}

/* One window of the driver to RGB through lockwindow. */
int thrash_capture_rgb(struct thrash_api *api, int window, uint8_t *rgb, unsigned int width, unsigned int height)
{
    struct thrash_frame frame = {0};
    int ok = thrash_capture(api, window, &frame);

    if (ok)
        thrash_frame_rgb(&frame, rgb, width, height);
    free(frame.pixels);
    return ok;
}

/* Peak signal-to-noise ratio of two RGB pictures, in dB (1000 if equal). */
double psnr_rgb(const uint8_t *a, const uint8_t *b, size_t bytes)
{
    double sum = 0.0, mse;
    size_t i;

    for (i = 0; i < bytes; ++i)
    {
        double d = (double)a[i] - (double)b[i];
        sum += d * d;
    }
    mse = sum / (double)bytes;
    if (mse == 0.0)
        return 1000.0;
    return 10.0 * log10(255.0 * 255.0 / mse);
}

/*
 * Frames out: the driver's lockwindow answer converted to RGB, written as a
 * PNG with stored (uncompressed) deflate blocks, so no zlib is needed on
 * either build.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "thrashhost.h"

static uint32_t crc_table[256];

static void crc_init(void)
{
    uint32_t c, n, k;

    if (crc_table[1])
        return;
    for (n = 0; n < 256; ++n)
    {
        for (c = n, k = 0; k < 8; ++k)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
    while (n--)
        crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
    return crc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static int write_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t head[8], tail[4];
    uint32_t crc;

    put32(head, len);
    memcpy(head + 4, type, 4);
    crc = crc_update(0xffffffffu, head + 4, 4);
    crc = crc_update(crc, data, len) ^ 0xffffffffu;
    put32(tail, crc);
    return fwrite(head, 8, 1, f) == 1 && (!len || fwrite(data, len, 1, f) == 1) && fwrite(tail, 4, 1, f) == 1;
}

int png_write_rgb(const char *path, const uint8_t *rgb, unsigned int width, unsigned int height)
{
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    size_t raw_size = (size_t)(width * 3 + 1) * height, blocks = (raw_size + 65534) / 65535;
    size_t zsize = 2 + raw_size + blocks * 5 + 4, pos = 0, done = 0, y;
    uint8_t ihdr[13], *raw, *z;
    uint32_t a = 1, b = 0;
    FILE *f;
    int ok;

    crc_init();
    if (!(raw = malloc(raw_size)) || !(z = malloc(zsize)))
    {
        free(raw);
        return 0;
    }
    for (y = 0; y < height; ++y)
    {
        raw[y * (width * 3 + 1)] = 0;
        memcpy(raw + y * (width * 3 + 1) + 1, rgb + y * width * 3, width * 3);
    }
    z[pos++] = 0x78;
    z[pos++] = 0x01;
    while (done < raw_size)
    {
        size_t n = raw_size - done > 65535 ? 65535 : raw_size - done;
        z[pos++] = done + n == raw_size;
        z[pos++] = n & 0xff; z[pos++] = n >> 8;
        z[pos++] = ~n & 0xff; z[pos++] = (~n >> 8) & 0xff;
        memcpy(z + pos, raw + done, n);
        pos += n;
        done += n;
    }
    for (y = 0; y < raw_size; ++y)
    {
        a = (a + raw[y]) % 65521;
        b = (b + a) % 65521;
    }
    put32(z + pos, b << 16 | a);
    pos += 4;

    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = ihdr[11] = ihdr[12] = 0;
    ok = (f = fopen(path, "wb")) != NULL;
    if (ok)
    {
        ok = fwrite(signature, 8, 1, f) == 1 && write_chunk(f, "IHDR", ihdr, 13)
                && write_chunk(f, "IDAT", z, (uint32_t)pos) && write_chunk(f, "IEND", NULL, 0);
        ok = fclose(f) == 0 && ok;
    }
    free(raw);
    free(z);
    return ok;
}

/* One window of the driver to RGB through lockwindow. */
int thrash_capture_rgb(struct thrash_api *api, int window, uint8_t *rgb, unsigned int width, unsigned int height)
{
    struct thrash_lock *lock;
    unsigned int x, y;

    T(api, window, pfn_u1)(window);
    lock = T(api, lockwindow, pfn_lock)();
    if (!lock)
    {
        T(api, window, pfn_u1)(2);
        return 0;
    }
    for (y = 0; y < height; ++y)
    {
        const uint8_t *row = (const uint8_t *)lock->pixels + (size_t)y * lock->pitch;
        uint8_t *out = rgb + (size_t)y * width * 3;

        for (x = 0; x < width; ++x, out += 3)
        {
            uint32_t c;
            if (y >= lock->height || x >= lock->width)
            {
                out[0] = out[1] = out[2] = 0;
                continue;
            }
            switch (lock->format)
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
    T(api, unlockwindow, pfn_p1)(lock);
    T(api, window, pfn_u1)(2);
    return 1;
}

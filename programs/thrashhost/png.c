/*
 * Frames out: the driver's lockwindow answer converted to RGB, written as a
 * PNG with stored (uncompressed) deflate blocks, so no zlib is needed on
 * either build.
 */
#include "config.h"

#include <stdio.h>
#include <math.h>
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

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

/* Reads back what png_write_rgb wrote (8-bit RGB, filter 0, stored deflate
 * blocks); anything else is refused. The caller frees *rgb. */
int png_read_rgb(const char *path, uint8_t **rgb, unsigned int *width, unsigned int *height)
{
    uint8_t *file = NULL, *idat = NULL, *raw = NULL, *p;
    size_t size, idat_size = 0, raw_size, pos, done = 0, y;
    long len;
    FILE *f;
    int ok = 0;

    *rgb = NULL;
    if (!(f = fopen(path, "rb")))
        return 0;
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    size = len > 0 ? (size_t)len : 0;
    if (size < 8 + 25 || !(file = malloc(size)) || fread(file, size, 1, f) != 1 || memcmp(file + 1, "PNG", 3))
        goto done;
    *width = get32(file + 16);
    *height = get32(file + 20);
    if (file[24] != 8 || file[25] != 2 || !*width || !*height || *width > 16384 || *height > 16384)
        goto done;
    if (!(idat = malloc(size)))
        goto done;
    for (p = file + 8; p + 12 <= file + size; p += 12 + get32(p))
    {
        uint32_t n = get32(p);
        if (p + 12 + n > file + size) goto done;
        if (!memcmp(p + 4, "IDAT", 4)) { memcpy(idat + idat_size, p + 8, n); idat_size += n; }
    }
    raw_size = (size_t)(*width * 3 + 1) * *height;
    if (!(raw = malloc(raw_size)) || idat_size < 2)
        goto done;
    for (pos = 2; done < raw_size && pos + 5 <= idat_size; )
    {
        size_t n = idat[pos + 1] | idat[pos + 2] << 8;
        if ((idat[pos] & 6) || pos + 5 + n > idat_size || done + n > raw_size) goto done;
        memcpy(raw + done, idat + pos + 5, n);
        done += n;
        pos += 5 + n;
    }
    if (done != raw_size || !(*rgb = malloc((size_t)*width * *height * 3)))
        goto done;
    for (y = 0; y < *height; ++y)
    {
        if (raw[y * (*width * 3 + 1)]) { free(*rgb); *rgb = NULL; goto done; }
        memcpy(*rgb + y * *width * 3, raw + y * (*width * 3 + 1) + 1, *width * 3);
    }
    ok = 1;
done:
    fclose(f);
    free(file);
    free(idat);
    free(raw);
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

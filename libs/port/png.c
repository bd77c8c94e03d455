/*
 * PNG files for the programs and tests: 8-bit RGB or RGBA rows, filter 0,
 * inside zlib "stored" deflate blocks.  Nothing is compressed, so neither
 * the native nor the PE builds need libpng or zlib; the files are larger,
 * which does not matter for test frames.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dx7gl/png.h"

/* A stored deflate block holds at most this many bytes. */
#define STORED_BLOCK_MAX 65535
/* Larger sizes are refused on reading: no test frame comes near it. */
#define READ_MAX_SIDE 16384

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

struct png_crc
{
    uint32_t table[256];
};

/* A table on the caller's stack rather than a static one: no set-up order
 * or threads to think about, and 256 entries cost nothing next to a frame. */
static void png_crc_init(struct png_crc *crc)
{
    uint32_t c, n, k;

    for (n = 0; n < 256; ++n)
    {
        for (c = n, k = 0; k < 8; ++k)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc->table[n] = c;
    }
}

static uint32_t png_crc_update(const struct png_crc *crc, uint32_t value, const uint8_t *p, size_t n)
{
    while (n--)
        value = crc->table[(value ^ *p++) & 0xff] ^ (value >> 8);
    return value;
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static uint32_t get_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int png_write_chunk(FILE *f, const struct png_crc *crc, const char *type, const uint8_t *data,
        uint32_t size)
{
    uint8_t head[8], tail[4];
    uint32_t value;

    put_be32(head, size);
    memcpy(head + 4, type, 4);
    value = png_crc_update(crc, 0xffffffffu, head + 4, 4);
    value = png_crc_update(crc, value, data, size) ^ 0xffffffffu;
    put_be32(tail, value);
    return fwrite(head, 8, 1, f) == 1 && (!size || fwrite(data, size, 1, f) == 1) && fwrite(tail, 4, 1, f) == 1;
}

/* The image as PNG scanlines: a filter byte (0, none) before each row. */
static uint8_t *png_make_scanlines(const void *pixels, unsigned int width, unsigned int height,
        enum dx7gl_png_layout layout, size_t *size)
{
    size_t channels = layout == DX7GL_PNG_RGBA32 ? 4 : 3, row = (size_t)width * channels + 1;
    unsigned int x, y;
    uint8_t *raw;

    *size = row * height;
    if (!(raw = malloc(*size ? *size : 1)))
        return NULL;
    for (y = 0; y < height; ++y)
    {
        uint8_t *out = raw + y * row;

        *out++ = 0;
        if (layout == DX7GL_PNG_RGB24)
        {
            memcpy(out, (const uint8_t *)pixels + (size_t)y * width * 3, (size_t)width * 3);
            continue;
        }
        /* Words, not bytes: the same file on any byte order. */
        for (x = 0; x < width; ++x, out += 4)
        {
            uint32_t p = ((const uint32_t *)pixels)[(size_t)y * width + x];

            out[0] = p; out[1] = p >> 8; out[2] = p >> 16; out[3] = p >> 24;
        }
    }
    return raw;
}

/* A zlib stream of stored blocks around the scanlines, Adler-32 at the end. */
static uint8_t *png_make_zlib(const uint8_t *raw, size_t raw_size, size_t *size)
{
    size_t blocks = raw_size ? (raw_size + STORED_BLOCK_MAX - 1) / STORED_BLOCK_MAX : 1;
    size_t done = 0, pos = 0, i;
    uint32_t a = 1, b = 0;
    uint8_t *z;

    if (!(z = malloc(2 + blocks * 5 + raw_size + 4)))
        return NULL;
    z[pos++] = 0x78;        /* deflate, 32K window */
    z[pos++] = 0x01;        /* no dictionary, check bits */
    for (i = 0; i < blocks; ++i)
    {
        size_t n = raw_size - done < STORED_BLOCK_MAX ? raw_size - done : STORED_BLOCK_MAX;

        z[pos++] = i + 1 == blocks;    /* BFINAL, BTYPE 00 */
        z[pos++] = n & 0xff; z[pos++] = n >> 8;
        z[pos++] = ~n & 0xff; z[pos++] = (~n >> 8) & 0xff;
        memcpy(z + pos, raw + done, n);
        pos += n;
        done += n;
    }
    for (i = 0; i < raw_size; ++i)
    {
        a = (a + raw[i]) % 65521;
        b = (b + a) % 65521;
    }
    put_be32(z + pos, b << 16 | a);
    *size = pos + 4;
    return z;
}

int dx7gl_png_write(const char *path, const void *pixels, unsigned int width, unsigned int height,
        enum dx7gl_png_layout layout)
{
    uint8_t ihdr[13], *raw, *z = NULL;
    size_t raw_size, z_size = 0;
    struct png_crc crc;
    int ok = 0;
    FILE *f;

    if (!path || !pixels || (layout != DX7GL_PNG_RGB24 && layout != DX7GL_PNG_RGBA32))
        return -1;
    if (!(raw = png_make_scanlines(pixels, width, height, layout, &raw_size))
            || !(z = png_make_zlib(raw, raw_size, &z_size)) || z_size > UINT32_MAX)
        goto done;

    put_be32(ihdr, width);
    put_be32(ihdr + 4, height);
    ihdr[8] = 8;                                    /* bits per channel */
    ihdr[9] = layout == DX7GL_PNG_RGBA32 ? 6 : 2;   /* colour type: RGBA or RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;             /* deflate, filter 0, no interlace */
    png_crc_init(&crc);
    if ((f = fopen(path, "wb")))
    {
        ok = fwrite(png_signature, 8, 1, f) == 1 && png_write_chunk(f, &crc, "IHDR", ihdr, 13)
                && png_write_chunk(f, &crc, "IDAT", z, (uint32_t)z_size)
                && png_write_chunk(f, &crc, "IEND", NULL, 0);
        ok = fclose(f) == 0 && ok;
    }
done:
    free(raw);
    free(z);
    return ok ? 0 : -1;
}

/* The whole file in memory; NULL if it cannot be read. */
static uint8_t *png_load_file(const char *path, size_t *size)
{
    uint8_t *data = NULL;
    long len;
    FILE *f;

    if (!(f = fopen(path, "rb")))
        return NULL;
    if (!fseek(f, 0, SEEK_END) && (len = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET)
            && (data = malloc((size_t)len)) && fread(data, (size_t)len, 1, f) == 1)
        *size = (size_t)len;
    else
    {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

/* The IDAT chunks' contents joined (at most the file's size); NULL if a
 * chunk runs past the end of the file. */
static uint8_t *png_join_idat(const uint8_t *file, size_t size, size_t *idat_size)
{
    size_t pos = 8;
    uint8_t *idat;

    if (!(idat = malloc(size)))
        return NULL;
    *idat_size = 0;
    while (size - pos >= 12)
    {
        size_t n = get_be32(file + pos);

        if (n > size - pos - 12)
        {
            free(idat);
            return NULL;
        }
        if (!memcmp(file + pos + 4, "IDAT", 4))
        {
            memcpy(idat + *idat_size, file + pos + 8, n);
            *idat_size += n;
        }
        pos += 12 + n;
    }
    return idat;
}

/* Stored blocks only: a compressed block is refused. */
static int png_unstore(const uint8_t *idat, size_t idat_size, uint8_t *raw, size_t raw_size)
{
    size_t pos = 2, done = 0;

    if (idat_size < 2)
        return 0;
    while (done < raw_size && idat_size - pos >= 5)
    {
        size_t n = idat[pos + 1] | idat[pos + 2] << 8;

        if ((idat[pos] & 6) || n > idat_size - pos - 5 || n > raw_size - done)
            return 0;
        memcpy(raw + done, idat + pos + 5, n);
        done += n;
        pos += 5 + n;
    }
    return done == raw_size;
}

int dx7gl_png_read_rgb(const char *path, uint8_t **rgb, unsigned int *width, unsigned int *height)
{
    uint8_t *file, *idat = NULL, *raw = NULL;
    size_t size = 0, idat_size, row, y;
    unsigned int w, h;
    int ok = 0;

    *rgb = NULL;
    if (!(file = png_load_file(path, &size)))
        return -1;
    if (size < 8 + 25 || memcmp(file, png_signature, 8) || memcmp(file + 12, "IHDR", 4))
        goto done;
    w = get_be32(file + 16);
    h = get_be32(file + 20);
    if (file[24] != 8 || file[25] != 2 || file[28] || !w || !h || w > READ_MAX_SIDE || h > READ_MAX_SIDE)
        goto done;
    row = (size_t)w * 3 + 1;
    if (!(idat = png_join_idat(file, size, &idat_size)) || !(raw = malloc(row * h))
            || !png_unstore(idat, idat_size, raw, row * h) || !(*rgb = malloc((size_t)w * h * 3)))
        goto done;
    for (y = 0; y < h; ++y)
    {
        if (raw[y * row])
        {
            free(*rgb);
            *rgb = NULL;
            goto done;
        }
        memcpy(*rgb + y * w * 3, raw + y * row + 1, (size_t)w * 3);
    }
    *width = w;
    *height = h;
    ok = 1;
done:
    free(file);
    free(idat);
    free(raw);
    return ok ? 0 : -1;
}

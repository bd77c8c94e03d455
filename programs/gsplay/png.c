/*
 * A minimal PNG writer: RGBA 8-bit, zlib "stored" blocks (no compression),
 * so the program needs no libpng in any build.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gsplay.h"

static uint32_t crc_table[256];

static void crc_init(void)
{
    uint32_t c, n, k;

    if (crc_table[1]) return;
    for (n = 0; n < 256; ++n)
    {
        c = n;
        for (k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
    while (n--) crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
    return crc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static int write_chunk(FILE *f, const char *type, const uint8_t *data, size_t size)
{
    uint8_t head[8], tail[4];
    uint32_t crc;

    put32(head, (uint32_t)size);
    memcpy(head + 4, type, 4);
    crc = crc_update(0xffffffffu, head + 4, 4);
    crc = crc_update(crc, data, size) ^ 0xffffffffu;
    put32(tail, crc);
    return fwrite(head, 8, 1, f) == 1 && (!size || fwrite(data, size, 1, f) == 1) && fwrite(tail, 4, 1, f) == 1;
}

int gsplay_write_png(const char *path, const uint32_t *pixels, unsigned int width, unsigned int height)
{
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    size_t row = (size_t)width * 4 + 1, raw_size = row * height, blocks, z_size, i, o;
    uint8_t ihdr[13], *raw, *z;
    uint32_t a = 1, b = 0;
    unsigned int x, y;
    FILE *f;
    int ok;

    crc_init();
    if (!(raw = malloc(raw_size))) return -1;
    for (y = 0; y < height; ++y)
    {
        raw[y * row] = 0; /* filter: none */
        for (x = 0; x < width; ++x)
        {
            uint32_t p = pixels[(size_t)y * width + x];
            uint8_t *d = &raw[y * row + 1 + x * 4];
            d[0] = p; d[1] = p >> 8; d[2] = p >> 16; d[3] = p >> 24;
        }
    }
    blocks = (raw_size + 65534) / 65535;
    if (!blocks) blocks = 1;
    z_size = 2 + blocks * 5 + raw_size + 4;
    if (!(z = malloc(z_size)))
    {
        free(raw);
        return -1;
    }
    z[0] = 0x78; z[1] = 0x01;
    for (i = 0, o = 2; i < blocks; ++i)
    {
        size_t n = raw_size - i * 65535 < 65535 ? raw_size - i * 65535 : 65535;
        z[o++] = i + 1 == blocks;
        z[o++] = n & 0xff; z[o++] = n >> 8;
        z[o++] = ~n & 0xff; z[o++] = (~n >> 8) & 0xff;
        memcpy(z + o, raw + i * 65535, n);
        o += n;
    }
    for (i = 0; i < raw_size; ++i)
    {
        a = (a + raw[i]) % 65521;
        b = (b + a) % 65521;
    }
    put32(z + o, b << 16 | a);
    o += 4;

    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    ok = 0;
    if ((f = fopen(path, "wb")))
    {
        ok = fwrite(signature, 8, 1, f) == 1 && write_chunk(f, "IHDR", ihdr, 13)
                && write_chunk(f, "IDAT", z, o) && write_chunk(f, "IEND", NULL, 0);
        ok = (fclose(f) == 0) && ok;
    }
    free(raw);
    free(z);
    return ok ? 0 : -1;
}

/*
 * libs/port's PNG files: the exact bytes of a one-pixel file (checked
 * against CRC and Adler-32 values computed elsewhere), RGB round trips over
 * one and several stored blocks, and files the reader must refuse.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "dx7gl/png.h"

static char tmp_path[64];

static int setup(void **state)
{
    int fd;

    strcpy(tmp_path, "/tmp/dx7gl-png-test.XXXXXX");
    if ((fd = mkstemp(tmp_path)) < 0)
        return -1;
    close(fd);
    return 0;
}

static int teardown(void **state)
{
    unlink(tmp_path);
    return 0;
}

static size_t read_file(const char *path, uint8_t *buffer, size_t size)
{
    FILE *f = fopen(path, "rb");
    size_t n;

    assert_non_null(f);
    n = fread(buffer, 1, size, f);
    fclose(f);
    return n;
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");

    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    fclose(f);
}

/* One RGBA pixel 0x80112233 (A 0x80, B 0x11, G 0x22, R 0x33). */
static void test_one_pixel_rgba(void **state)
{
    static const uint8_t expect[] =
    {
        0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
        0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
        0x1f, 0x15, 0xc4, 0x89,                     /* the well-known CRC of this IHDR */
        0, 0, 0, 16, 'I', 'D', 'A', 'T',
        0x78, 0x01,                                 /* zlib header */
        0x01, 0x05, 0x00, 0xfa, 0xff,               /* final stored block of 5 bytes */
        0x00, 0x33, 0x22, 0x11, 0x80,               /* filter 0, R, G, B, A */
        0x01, 0xd9, 0x00, 0xe7,                     /* Adler-32 */
    };
    const uint32_t pixel = 0x80112233u;
    uint8_t got[256];
    size_t size;

    assert_int_equal(dx7gl_png_write(tmp_path, &pixel, 1, 1, DX7GL_PNG_RGBA32), 0);
    size = read_file(tmp_path, got, sizeof(got));
    /* IHDR, IDAT with its CRC, and the 12 bytes of IEND. */
    assert_int_equal(size, sizeof(expect) + 4 + 12);
    assert_memory_equal(got, expect, sizeof(expect));
    assert_memory_equal(got + sizeof(expect) + 4, "\0\0\0\0IEND\xae\x42\x60\x82", 12);
}

static void round_trip(unsigned int width, unsigned int height)
{
    uint8_t *rgb = malloc((size_t)width * height * 3), *back = NULL;
    unsigned int w = 0, h = 0;
    size_t i;

    assert_non_null(rgb);
    for (i = 0; i < (size_t)width * height * 3; ++i)
        rgb[i] = (uint8_t)(i * 7 + i / 251);
    assert_int_equal(dx7gl_png_write(tmp_path, rgb, width, height, DX7GL_PNG_RGB24), 0);
    assert_int_equal(dx7gl_png_read_rgb(tmp_path, &back, &w, &h), 0);
    assert_non_null(back);
    assert_int_equal(w, width);
    assert_int_equal(h, height);
    assert_memory_equal(back, rgb, (size_t)width * height * 3);
    free(back);
    free(rgb);
}

static void test_round_trip(void **state)
{
    round_trip(1, 1);
    round_trip(3, 5);
    /* 200 * 3 + 1 bytes a row, 120 rows: two stored blocks. */
    round_trip(200, 120);
    round_trip(640, 480);
}

static void expect_refused(void)
{
    uint8_t *rgb = (uint8_t *)1;
    unsigned int w = 0, h = 0;

    assert_int_equal(dx7gl_png_read_rgb(tmp_path, &rgb, &w, &h), -1);
    assert_null(rgb);
}

static void test_refused(void **state)
{
    const uint8_t rgb[2 * 2 * 3] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    const uint32_t rgba[4] = {0};
    uint8_t file[256];
    size_t size;

    /* RGBA is not what the reader takes. */
    assert_int_equal(dx7gl_png_write(tmp_path, rgba, 2, 2, DX7GL_PNG_RGBA32), 0);
    expect_refused();

    assert_int_equal(dx7gl_png_write(tmp_path, rgb, 2, 2, DX7GL_PNG_RGB24), 0);
    size = read_file(tmp_path, file, sizeof(file));
    assert_true(size > 60);

    /* Cut short anywhere. */
    write_file(tmp_path, file, 20);
    expect_refused();
    write_file(tmp_path, file, size - 20);
    expect_refused();
    /* An IDAT length past the end of the file. */
    file[33] = file[34] = file[35] = 0xff;
    write_file(tmp_path, file, size);
    expect_refused();
    file[33] = file[34] = 0;
    /* A compressed (fixed Huffman) block instead of a stored one. */
    assert_int_equal(dx7gl_png_write(tmp_path, rgb, 2, 2, DX7GL_PNG_RGB24), 0);
    read_file(tmp_path, file, sizeof(file));
    file[8 + 25 + 8 + 2] = 0x03;
    write_file(tmp_path, file, size);
    expect_refused();
    /* Not a PNG, and no file at all. */
    write_file(tmp_path, (const uint8_t *)"not a png file, but long enough to be one.", 42);
    expect_refused();
    unlink(tmp_path);
    expect_refused();

    /* Writing where no file can be. */
    assert_int_equal(dx7gl_png_write("/nonexistent-dir/x.png", rgb, 2, 2, DX7GL_PNG_RGB24), -1);
    assert_int_equal(dx7gl_png_write(tmp_path, NULL, 2, 2, DX7GL_PNG_RGB24), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_one_pixel_rgba, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

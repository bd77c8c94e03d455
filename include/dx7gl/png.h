/*
 * A minimal PNG writer and reader for the programs and tests (libs/port,
 * libportpng): 8-bit RGB or RGBA, written with zlib "stored" (uncompressed)
 * deflate blocks, so no build needs libpng or zlib.  The reader takes back
 * only what the writer writes.  Not installed.
 */
#ifndef DX7GL_PNG_H
#define DX7GL_PNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How the caller's pixels are laid out in memory, rows top to bottom with no
 * padding between them. */
enum dx7gl_png_layout
{
    DX7GL_PNG_RGB24,    /* 3 bytes a pixel: R, G, B; written as an RGB PNG */
    DX7GL_PNG_RGBA32,   /* one uint32_t a pixel, 0xAABBGGRR; written as an RGBA PNG */
};

/* 0 on success, -1 when the file cannot be written or memory runs out. */
int dx7gl_png_write(const char *path, const void *pixels, unsigned int width, unsigned int height,
        enum dx7gl_png_layout layout);

/* Reads an 8-bit RGB PNG of stored deflate blocks and filter 0 (what
 * dx7gl_png_write writes for DX7GL_PNG_RGB24) into *rgb (R, G, B bytes; the
 * caller frees it).  Anything else is refused: -1, *rgb NULL. */
int dx7gl_png_read_rgb(const char *path, uint8_t **rgb, unsigned int *width, unsigned int *height);

#ifdef __cplusplus
}
#endif

#endif /* DX7GL_PNG_H */

/*
 * bench: the thrash scene, the traffic of Porsche Unleashed's THRASH host
 * through dx7z.dll (PE) or libdx7gl-dx7z (native), bound as the game binds
 * it: LoadLibrary and GetProcAddress of the exports, MSVC stdcall names
 * first (_THRASH_<name>@N), plain names second.
 *
 * Natively the driver is libdx7gl-dx7z, linked in (or loaded by name).
 *
 * A frame: clearwindow, then `draws` batches, each one state change (texture,
 * blending, transparency or filter, which makes the driver flush its batcher)
 * followed by two drawquad calls; every fourth batch is also a small mesh
 * drawn through setstate(0x1b3) as the game draws its meshes.  Then pageflip.
 * Each batch ends up as one DrawIndexedPrimitive in the driver, so the scene
 * makes `draws` draws a frame (the batches; the meshes add a quarter more).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#if defined(_WIN32) && !defined(_WIN64)
# define THRASHCALL __attribute__((stdcall))
#else
# define THRASHCALL
#endif

typedef uintptr_t thrash_ptr;

/* setstate(0x1b3, &prim), laid out as dlls/dx7z (documentation/thrash.md). */
struct thrash_primitive
{
    uint32_t type;
    void *vertices;
    uint32_t vertex_count;
    uint16_t *indices;
    uint32_t index_count;
};

struct thrash_vertex
{
    float x, y, z, rhw;
    uint32_t diffuse, specular;
    float u, v;
};

static struct
{
    void *module;
    uint32_t (THRASHCALL *init)(void);
    thrash_ptr (THRASHCALL *setstate)(uint32_t state, thrash_ptr value);
    uint32_t (THRASHCALL *setvideomode)(uint32_t mode, uint32_t buffers, uint32_t depth);
    uint32_t (THRASHCALL *window)(uint32_t n);
    uint32_t (THRASHCALL *clearwindow)(void);
    uint32_t (THRASHCALL *pageflip)(void);
    void (THRASHCALL *drawquad)(void *a, void *b, void *c, void *d);
    void *(THRASHCALL *talloc)(uint32_t w, uint32_t h, uint32_t format, thrash_ptr clut, uint32_t mipstage);
    uint32_t (THRASHCALL *tupdate)(void *t, const void *pixels, const uint32_t *clut);
    uint32_t (THRASHCALL *settexture)(void *t);
    uint32_t (THRASHCALL *treset)(void);
    uint32_t (THRASHCALL *readrect)(uint32_t x, uint32_t y, uint32_t w, uint32_t h, void *dst);
    void (THRASHCALL *restore)(void);
    void *textures[2];
    struct thrash_vertex *quads;     /* 2 quads (8 vertices) per batch */
    struct thrash_vertex mesh[16];
    uint16_t mesh_indices[6 * 9];
    char detail[300];
    int ready;
} thrash;

static void *thrash_proc(const char *name, unsigned int arg_bytes)
{
    char decorated[64];
    void *p;

    snprintf(decorated, sizeof(decorated), "_THRASH_%s@%u", name, arg_bytes);
    if ((p = bench_symbol(thrash.module, decorated)))
        return p;
    snprintf(decorated, sizeof(decorated), "THRASH_%s", name);
    return bench_symbol(thrash.module, decorated);
}

const char *bench_thrash_describe(void)
{
    return thrash.detail;
}

static void make_geometry(unsigned int batches)
{
    unsigned int b, j;

    for (b = 0; b < batches * 2; ++b)
    {
        struct thrash_vertex *q = thrash.quads + 4 * b;
        unsigned int cell = b % 4800;
        float x0 = (float)(cell % 80) * 8.0f, y0 = (float)(cell / 80) * 8.0f;
        const float xs[4] = {x0, x0 + 7, x0 + 7, x0}, ys[4] = {y0, y0, y0 + 7, y0 + 7};
        const float us[4] = {1 / 16.0f, 15 / 16.0f, 15 / 16.0f, 1 / 16.0f};   /* as churn's */
        const float vs[4] = {1 / 16.0f, 1 / 16.0f, 15 / 16.0f, 15 / 16.0f};

        for (j = 0; j < 4; ++j)
        {
            q[j].x = xs[j]; q[j].y = ys[j]; q[j].z = 0.5f; q[j].rhw = 1.0f;
            q[j].diffuse = 0xff000000u | ((b * 2654435761u) & 0x00ffffffu) | 0x00404040u;
            q[j].specular = 0xff000000u;
            q[j].u = us[j]; q[j].v = vs[j];
        }
    }
    /* The mesh: a 3x3 grid of quads as an indexed triangle list. */
    for (j = 0; j < 16; ++j)
    {
        struct thrash_vertex *v = &thrash.mesh[j];

        v->x = 500.0f + 30.0f * (j % 4); v->y = 300.0f + 30.0f * (j / 4);
        v->z = 0.4f; v->rhw = 1.0f; v->diffuse = 0xffc0c0c0; v->specular = 0xff000000;
        v->u = (j % 4) / 3.0f; v->v = (j / 4) / 3.0f;
    }
    for (j = 0; j < 9; ++j)
    {
        uint16_t a = (uint16_t)(j / 3 * 4 + j % 3), *ix = thrash.mesh_indices + 6 * j;

        ix[0] = a; ix[1] = a + 1; ix[2] = a + 4; ix[3] = a + 4; ix[4] = a + 1; ix[5] = a + 5;
    }
}

int bench_thrash_setup(const struct bench_config *config, const char **why)
{
    static char reason[200];
    uint32_t pixels[64 * 64];
    unsigned int i;

#ifdef _WIN32
    const char *name = "dx7z.dll";
#else
    const char *name = "libdx7gl-dx7z.so.0";
#endif
    memset(&thrash, 0, sizeof(thrash));
#ifndef _WIN32
    /* Natively the driver is linked in; a NULL module means the global scope. */
    if (!bench_symbol(NULL, "THRASH_init"))
#endif
    if (!(thrash.module = bench_load_library(name)))
    {
        snprintf(reason, sizeof(reason), "%s could not be loaded", name);
        *why = reason;
        return -1;
    }
#define GET(field, n, bytes) \
    if (!(*(void **)&thrash.field = thrash_proc(n, bytes))) \
    { \
        snprintf(reason, sizeof(reason), "%s lacks THRASH_%s", name, n); \
        *why = reason; \
        return -1; \
    }
    GET(init, "init", 0)
    GET(setstate, "setstate", 8)
    GET(setvideomode, "setvideomode", 12)
    GET(window, "window", 4)
    GET(clearwindow, "clearwindow", 0)
    GET(pageflip, "pageflip", 0)
    GET(drawquad, "drawquad", 16)
    GET(talloc, "talloc", 20)
    GET(tupdate, "tupdate", 12)
    GET(settexture, "settexture", 4)
    GET(treset, "treset", 0)
    GET(readrect, "readrect", 20)
    GET(restore, "restore", 0)
#undef GET

    if (!thrash.init())
    {
        *why = "THRASH_init found no Direct3D 7 device";
        return -1;
    }
    thrash.setstate(0x12, 1);                           /* windowed */
#ifdef _WIN32
    thrash.setstate(0x19, (thrash_ptr)bench_window());  /* the window */
#else
    thrash.setstate(0x19, 1);   /* natively the driver's ddraw draws off-screen */
#endif
    if (!thrash.setvideomode(1, 2, 2))                  /* 640x480, 2 buffers, 32 bits */
    {
        *why = "THRASH_setvideomode(640x480) failed";
        return -1;
    }
    thrash.window(2);
    for (i = 0; i < 2; ++i)
    {
        /* format 6: ARGB8888, no clut, no mips, stage 0 */
        if (!(thrash.textures[i] = thrash.talloc(64, 64, 6, 0, 0)))
        {
            *why = "THRASH_talloc(64x64 ARGB8888) failed";
            return -2;
        }
        bench_texture_pixels(pixels, 64, i ? 0xc080c0e0 : 0xffe0c080);
        thrash.tupdate(thrash.textures[i], pixels, NULL);
    }
    if (!(thrash.quads = malloc(sizeof(*thrash.quads) * 8 * config->draws)))
    {
        *why = "out of memory";
        return -2;
    }
    make_geometry(config->draws);
    snprintf(thrash.detail, sizeof(thrash.detail), "THRASH driver %s", name);
    thrash.ready = 1;
    return 0;
}

int bench_thrash_frame(const struct bench_config *config, unsigned int index, const char **why)
{
    struct thrash_primitive prim;
    unsigned int b;

    thrash.clearwindow();
    for (b = 0; b < config->draws; ++b)
    {
        struct thrash_vertex *q = thrash.quads + 8 * b;

        /* The state change that ends the previous batch, cycling through
         * what the game changes most: texture, blending, transparency mode
         * and filtering. */
        switch (b & 3)
        {
            case 0: thrash.settexture(thrash.textures[(b >> 2) & 1]); break;
            case 1: thrash.setstate(0x0a, (b >> 2) & 1 ? 2 : 0); break;   /* alpha blending */
            case 2: thrash.setstate(0x38, (b >> 2) & 1); break;            /* transparency */
            case 3: thrash.setstate(0x07, (b >> 2) & 1); break;            /* filter */
        }
        thrash.drawquad(&q[0], &q[1], &q[2], &q[3]);
        thrash.drawquad(&q[4], &q[5], &q[6], &q[7]);
        if ((b & 3) == 3)
        {
            prim.type = 4;                  /* D3DPT_TRIANGLELIST */
            prim.vertices = thrash.mesh;
            prim.vertex_count = 16;
            prim.indices = thrash.mesh_indices;
            prim.index_count = 54;
            thrash.setstate(0x1b3, (thrash_ptr)&prim);
        }
    }
    thrash.pageflip();
    return 0;
}

void bench_thrash_finish(const struct bench_config *config)
{
    uint32_t pixel[4];

    if (thrash.ready)
        thrash.readrect(0, 0, 1, 1, pixel);
}

/* The front buffer after the last flip, through readrect as the game reads
 * its lens-flare pixels: 4 bytes a pixel in the 32-bit mode set up above. */
int bench_thrash_read_frame(const struct bench_config *config, uint32_t *pixels)
{
    unsigned int i;

    if (!thrash.ready)
        return -1;
    thrash.window(1);
    if (!thrash.readrect(0, 0, BENCH_WIDTH, BENCH_HEIGHT, pixels))
    {
        thrash.window(2);
        return -1;
    }
    thrash.window(2);
    for (i = 0; i < BENCH_WIDTH * BENCH_HEIGHT; ++i)
        pixels[i] &= 0x00ffffffu;
    return 0;
}

void bench_thrash_teardown(const struct bench_config *config)
{
    if (thrash.ready)
    {
        thrash.treset();
        thrash.restore();
    }
    free(thrash.quads);
    thrash.quads = NULL;
    thrash.ready = 0;
}

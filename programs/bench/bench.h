/*
 * bench: draw-call cost, GL traffic and frame rate of Direct3D 7 style
 * scenes.  Two programs share this header and main.c:
 *
 *   bench        a Direct3D 7 client (d3d7.c, thrash.c): runs on any ddraw,
 *                ours (PE ddraw.dll or the native libdx7gl-ddraw), Wine's
 *                builtin one, Windows;
 *   bench-floor  the raw-GL floor (floor.c): the same scenes drawn by
 *                hand-written OpenGL 3.3 core code with the minimal call
 *                sequence, through WGL (PE, run under wine64 like the
 *                Direct3D 7 runs) or EGL surfaceless (native).
 *
 * Every scene prints one JSON line (see main.c for the fields).  The floor is
 * the one place outside wined3d-lite that calls GL: it is the measuring stick
 * the core is compared against, so it must not go through the core.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>
#include <stdio.h>

enum bench_scene
{
    BENCH_SCENE_CHURN,
    BENCH_SCENE_TNL,
    BENCH_SCENE_FILL,
    BENCH_SCENE_THRASH,
    BENCH_SCENE_COUNT
};

#define BENCH_WIDTH  640
#define BENCH_HEIGHT 480
#define BENCH_MAX_CHANGES 16
#define BENCH_MAX_LIGHTS 8

struct bench_config
{
    enum bench_scene scene;
    unsigned int draws;         /* draws per frame (objects for tnl, batches for thrash) */
    unsigned int changes;       /* churn: state changes between draws (0..16) */
    unsigned int lights;        /* tnl: enabled lights (1..8) */
    unsigned int frames;        /* timed frames */
    unsigned int warmup;        /* untimed frames first (shader compiles, uploads) */
    double min_seconds;         /* keep drawing frames until this much time passed */
    int smoke;                  /* CI: a few frames, correctness only */
    const char *label;          /* free text copied into the JSON line */
    const char *dump_dir;       /* write each scene's last frame there as PPM */
    int batched;                /* bench-floor: the hand-batched reference (--batched) */
};

/* The frame index of the frame drawn after the timed ones and dumped with
 * --dump: fixed, so that runs of any length draw the same picture. */
#define BENCH_CHECK_FRAME 7

/* What a scene run measured, filled by the implementation. */
struct bench_result
{
    unsigned int frames;        /* timed frames drawn */
    uint64_t draws;             /* draws made in the timed frames */
    uint64_t wall_ns;
    uint64_t cpu_ns;            /* the process's CPU time, all threads */
    uint64_t thread_cpu_ns;     /* the calling thread's CPU time */
    uint64_t rss_kb_start, rss_kb_end; /* resident after the warm-up and at the end */
    /* Our core's counters, when the ddraw in use offers them. */
    int have_counters;
    double gl_calls, redundant_gl_calls, groups_applied, programs_built;
    const char *note;           /* optional remark for the JSON line */
};

/* An implementation: the Direct3D 7 client or the GL floor. */
struct bench_impl
{
    const char *name;           /* "d3d7" or "gl-floor" */
    /* Set up device and resources for the scene.  Returns 0, or -1 with
     * *why set when the scene cannot run here (a skip, not an error), or
     * -2 with *why set on a real error. */
    int (*setup)(const struct bench_config *config, const char **why);
    /* Draw one frame and present it; 0 or -2 (error, *why set). */
    int (*frame)(const struct bench_config *config, unsigned int index, const char **why);
    /* Wait until the GPU finished everything drawn so far. */
    void (*finish)(const struct bench_config *config);
    /* Counters for the timed frames, if any (may be NULL). */
    void (*counters)(const struct bench_config *config, struct bench_result *result);
    void (*teardown)(const struct bench_config *config);
    /* Describes the implementation actually in use (driver, ddraw module). */
    const char *(*describe)(void);
    /* Read the last frame back as top-down 0x00RRGGBB pixels (BENCH_WIDTH x
     * BENCH_HEIGHT); 0 on success.  May be NULL. */
    int (*read_frame)(const struct bench_config *config, uint32_t *pixels);
};

extern const struct bench_impl bench_impl;

/* Platform helpers (main.c). */
uint64_t bench_time_ns(void);
uint64_t bench_thread_cpu_ns(void);
uint64_t bench_process_cpu_ns(void);   /* all threads: driver and GL threads too */
uint64_t bench_peak_rss_kb(void);
uint64_t bench_rss_kb(void);            /* resident now */
void *bench_window(void);           /* the benchmark's window (PE), NULL natively */
void bench_pump_messages(void);
void *bench_load_library(const char *name);
void *bench_symbol(void *library, const char *name);
const char *bench_scene_name(enum bench_scene scene);

/* Scene geometry shared by the Direct3D 7 client and the floor, so both
 * draw the same pixels. */
struct bench_tlvertex           /* D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1 */
{
    float x, y, z, rhw;
    uint32_t diffuse;
    float u, v;
};
struct bench_nvertex            /* D3DFVF_XYZ | D3DFVF_NORMAL */
{
    float x, y, z;
    float nx, ny, nz;
};

/* churn: the quads (6 vertices each, clockwise on screen) of a frame. */
void bench_churn_vertices(struct bench_tlvertex *vertices, unsigned int draws);
/* fill: full-screen blended quads. */
void bench_fill_vertices(struct bench_tlvertex *vertices, unsigned int draws);
/* tnl: a unit cube (24 vertices, 36 indices) and each object's world matrix. */
extern const struct bench_nvertex bench_cube_vertices[24];
extern const uint16_t bench_cube_indices[36];
void bench_tnl_world(float *m, unsigned int object, unsigned int objects, unsigned int frame);
void bench_tnl_view_projection(float *view, float *projection); /* 16 floats each */
/* The lights of the tnl scene: directional, in D3D's left-handed world. */
void bench_tnl_light(unsigned int index, unsigned int count, float direction[3], float diffuse[4]);
/* A 64x64 ARGB checker texture of the given tint. */
void bench_texture_pixels(uint32_t *pixels, unsigned int size, uint32_t tint);

#endif /* BENCH_H */

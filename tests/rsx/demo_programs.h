/*
 * RSX programs assembled with the tests' encoder for the fog test and
 * rsxplay's demo: the fog pass of seed 002 (fog.psp, "The fog pass"), and a
 * small scene (a transform vertex program, a textured fragment program and
 * one that writes the depth as three bytes of RGB, as the game's depth
 * buffer reads through an RGB8 view).
 */
#ifndef DX7GL_TESTS_RSX_DEMO_PROGRAMS_H
#define DX7GL_TESTS_RSX_DEMO_PROGRAMS_H

#include <stddef.h>
#include <stdint.h>

/* Container programs, in order. */
enum demo_program
{
    DEMO_VP_FULLSCREEN,     /* o[0] = v0, TEX0 = v1 (the core's full-screen pass attributes) */
    DEMO_FP_FOG,            /* the fog pass: scene at unit 0, depth RGB at unit 1 */
    DEMO_VP_TRANSFORM,      /* o[0] = c32..c35 * v0, TEX0 = v8, COL0 = v3 */
    DEMO_FP_TEXTURED,       /* TEX unit 0 at TEX0, times COL0, times GlobalBrightness */
    DEMO_FP_DEPTH_RGB,      /* the fragment's depth as bytes r, g, b (most significant first) */
    DEMO_PROGRAM_COUNT,
};

/* The container (.psp-like, every program padded to 64 bytes); 0 when it
 * does not fit.  The fog program's uniforms: MainInv[0..3] (float4 rows),
 * FogParams0 = (a1, a2, a3, a4), FogParams1 = (a5, a6, a7, a8); the
 * textured one's GlobalBrightness (float4). */
size_t demo_build_container(uint8_t *out, size_t capacity);

/* The fog formula of the seed, for pixel (u, v) with scene colour rgb and
 * depth bytes: out = scene + f * a8 * ((a5, a6, a7) - scene). */
void demo_fog_reference(const float main_inv[16], const float a[8], const float scene[3],
        const uint8_t depth_bytes[3], float u, float v, float out[3]);

#endif

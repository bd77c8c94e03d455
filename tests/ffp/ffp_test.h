/*
 * Shared helpers of the fixed-function generator tests: a headless GL 3.3
 * core context (EGL surfaceless, real Mesa), program building, a small
 * FVF-driven draw that sets up attributes as glsl_ffp.h says the core must,
 * and a Direct3D 7 default state.
 */
#ifndef DX7GL_TESTS_FFP_TEST_H
#define DX7GL_TESTS_FFP_TEST_H

#include <stddef.h>
#include <stdint.h>

#include <GL/glew.h>

#include "wined3d-lite/wined3d.h"
#include "../../wined3d-lite/glsl_ffp.h"

#define FFP_TEST_WIDTH  64
#define FFP_TEST_HEIGHT 64

/* Create the context and a FFP_TEST_WIDTH x FFP_TEST_HEIGHT RGBA8 + D24S8
 * framebuffer; 0 when no GL is available. */
int ffp_gl_init(void);
void ffp_gl_cleanup(void);
int ffp_gl_has_clip_control(void);
/* Use GL's -1..1 clip z (no glClipControl) and WINED3D_FFP_NO_CLIP_CONTROL
 * for the following draws, or go back; returns whether the mode is set. */
int ffp_gl_force_gl_depth(int force);
/* How ffp_prepare() asks for the stages: enum wined3d_ffp_stages. */
void ffp_gl_generic_stages(enum wined3d_ffp_stages stages);

/* Compile and link the key's program; 0 on failure, with the info log and
 * the sources printed. */
GLuint ffp_gl_build(const struct wined3d_ffp_key *key);

/* Textures the tests make by hand (the core is not used here). */
GLuint ffp_gl_texture_2d(unsigned int width, unsigned int height, const uint32_t *argb, int nearest);
GLuint ffp_gl_texture_2d_snorm_rg(unsigned int width, unsigned int height, const int8_t *rg);

void ffp_gl_clear(uint32_t argb, float depth);
/* Draw vertices in the FVF's layout (floats and D3DCOLOR dwords) with the
 * program and uniforms; textures[i] is bound to unit i (0 = none). */
void ffp_gl_draw(GLuint program, const struct wined3d_ffp_uniforms *u, uint32_t fvf, GLenum mode,
        const void *vertices, unsigned int count, const GLuint *textures, GLuint cube_unit_mask);
/* Pixel (x, y) of the picture, top row = 0, as 0xAARRGGBB. */
uint32_t ffp_gl_read(unsigned int x, unsigned int y);
float ffp_gl_read_depth(unsigned int x, unsigned int y);

/* A struct wined3d_state with Direct3D 7's defaults, identity transforms,
 * a FFP_TEST_WIDTH x FFP_TEST_HEIGHT viewport. */
void ffp_state_init(struct wined3d_state *state);

/* Key, uniforms and program for a state in one call (draw flags: FLIP_Y,
 * plus NO_CLIP_CONTROL when GL lacks clip control).  tex_types override the
 * key's texture types (the tests bind GL textures themselves). */
GLuint ffp_prepare(const struct wined3d_state *state, struct wined3d_ffp_uniforms *u, const uint8_t *tex_types,
        struct wined3d_ffp_key *key_out);

/* |a - b| per channel of two ARGB values within tolerance. */
int ffp_color_close(uint32_t a, uint32_t b, unsigned int tolerance);
uint32_t ffp_argb(float r, float g, float b, float a);

#endif

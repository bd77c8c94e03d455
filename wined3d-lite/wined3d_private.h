/*
 * wined3d-lite: private declarations of the core (one header for the directory).
 *
 * Data flow: Set* (device.c) -> stateblock values (stateblock.c) -> dirty
 * groups appended per context (context.c, state ids and groups in state.c)
 * -> at draw/clear/blit/present the context applies each dirty group once
 * through its apply function (state.c), which talks to GL only through the
 * counting, caching wrappers in glstate.c.
 */
#ifndef WINED3D_PRIVATE_H
#define WINED3D_PRIVATE_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <stdlib.h>

#include <GL/glew.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "wined3d-lite/wined3d.h"
#include "glsl_ffp.h"

/* m copied to dst unless it has old's bytes (dst may be old); whether it
 * was.  A world matrix set for each draw mostly differs: with SSE2 its rows
 * are loaded once for the compare and the copy (a memcmp call and a copy
 * cost about 30 instructions more).  Bytes, not values: -0 and NaN count
 * as changes, as memcmp has them. */
static inline int matrix_store_changed(struct wined3d_matrix *dst, const struct wined3d_matrix *m,
        const struct wined3d_matrix *old)
{
#ifdef __SSE2__
    const __m128i *a = (const __m128i *)m, *b = (const __m128i *)old;
    __m128i *d = (__m128i *)dst;
    __m128i r0 = _mm_loadu_si128(a), r1 = _mm_loadu_si128(a + 1), r2 = _mm_loadu_si128(a + 2),
            r3 = _mm_loadu_si128(a + 3);
    __m128i eq = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi32(r0, _mm_loadu_si128(b)),
            _mm_cmpeq_epi32(r1, _mm_loadu_si128(b + 1))), _mm_and_si128(_mm_cmpeq_epi32(r2,
            _mm_loadu_si128(b + 2)), _mm_cmpeq_epi32(r3, _mm_loadu_si128(b + 3))));

    if (_mm_movemask_epi8(eq) == 0xffff)
        return 0;
    _mm_storeu_si128(d, r0);
    _mm_storeu_si128(d + 1, r1);
    _mm_storeu_si128(d + 2, r2);
    _mm_storeu_si128(d + 3, r3);
    return 1;
#else
    if (!memcmp(m, old, sizeof(*m)))
        return 0;
    memmove(dst, m, sizeof(*dst));
    return 1;
#endif
}

/* ---------------------------------------------------------------------- */
/* Unified state ids: one number space for every state family.             */

#define STATE_RENDER(rs)          ((unsigned int)(rs))
#define STATE_TEXSTAGE_BASE       (WINED3D_HIGHEST_RENDER_STATE + 1)
#define STATE_TEXSTAGE(stage, s)  (STATE_TEXSTAGE_BASE + (stage) * (WINED3D_HIGHEST_TEXTURE_STATE + 1) + (s))
#define STATE_TEXSTAGE_STAGE(id)  (((id) - STATE_TEXSTAGE_BASE) / (WINED3D_HIGHEST_TEXTURE_STATE + 1))
#define STATE_SAMPLER_BASE        (STATE_TEXSTAGE(WINED3D_MAX_TEXTURES, 0))
#define STATE_SAMPLER(stage)      (STATE_SAMPLER_BASE + (stage))     /* the bound texture */
#define STATE_TRANSFORM_BASE      (STATE_SAMPLER(WINED3D_MAX_TEXTURES))
#define STATE_TRANSFORM(t)        (STATE_TRANSFORM_BASE + (t))
#define STATE_MATERIAL            (STATE_TRANSFORM(WINED3D_HIGHEST_TRANSFORM_STATE + 1))
#define STATE_LIGHTS              (STATE_MATERIAL + 1)               /* the active lights */
#define STATE_VIEWPORT            (STATE_LIGHTS + 1)
#define STATE_SCISSORRECT         (STATE_VIEWPORT + 1)
#define STATE_CLIPPLANE(i)        (STATE_SCISSORRECT + 1 + (i))
#define STATE_FVF                 (STATE_CLIPPLANE(WINED3D_MAX_CLIP_PLANES))
#define STATE_STREAMSRC           (STATE_FVF + 1)
#define STATE_FRAMEBUFFER         (STATE_STREAMSRC + 1)              /* render target + depth stencil */
#define STATE_PROGRAM_CONSTANTS   (STATE_FRAMEBUFFER + 1)            /* program.c: both stages' constants */
#define STATE_HIGHEST             (STATE_PROGRAM_CONSTANTS)
#define STATE_COUNT               (STATE_HIGHEST + 1)

#define STATE_IS_RENDER(s)   ((s) < STATE_TEXSTAGE_BASE)
#define STATE_IS_TEXSTAGE(s) ((s) >= STATE_TEXSTAGE_BASE && (s) < STATE_SAMPLER_BASE)

struct wined3d_context;

/* Apply one group: called with the representative state id. */
typedef void (*wined3d_apply_func)(struct wined3d_context *context, const struct wined3d_state *state,
        unsigned int state_id);

struct wined3d_state_entry
{
    unsigned int representative;    /* the group; 0 = not a valid state id */
    wined3d_apply_func apply;
};

/* state.c */
extern struct wined3d_state_entry wined3d_state_table[STATE_COUNT];
void wined3d_state_table_init(void);
const char *wined3d_debug_state(unsigned int state_id);
int wined3d_state_is_valid(unsigned int state_id);
/* Whether the alpha test cannot fail for a draw of count vertices from memory. */
int state_alpha_test_passes(const struct wined3d_state *state, uint32_t fvf, const uint8_t *vertices,
        uint32_t stride, uint32_t count, int *read_vertices);
/* What of that answer follows from the state alone (state_alpha_plan), and
 * the answer from it for stage 0's texture and the draw's vertices: the
 * state's part stays while only textures change (note_alpha_test). */
struct wined3d_alpha_plan
{
    unsigned int need;          /* least alpha that passes; 0: the test can fail */
    uint32_t a1, a2;            /* stage 0's alpha arguments (a1 the selected one) */
    int modulate, reads_texture, reads_diffuse, color_key;
    unsigned int texture_cap;   /* the border colour's alpha, 256: no border */
    unsigned int tfactor;       /* the texture factor's alpha */
};
void state_alpha_plan(const struct wined3d_state *state, uint32_t fvf, struct wined3d_alpha_plan *plan);
uint32_t state_fvf_colour_offset(uint32_t fvf);
/* The least diffuse alpha of count unlit vertices, stopping below need. */
unsigned int state_vertices_alpha_floor(uint32_t fvf, const uint8_t *vertices, uint32_t stride, uint32_t count,
        unsigned int need);
/* Whether applying the blend group would leave GL as it is, blending off. */
int state_blend_stays_off(const struct wined3d_context *context, const struct wined3d_state *state);
/* A draw's blend as joined draws keep it (state.c, merge.c): on or off, GL's
 * factors and ops (src, dst, src_a, dst_a, op, op_a) when on, 0 when off. */
struct wined3d_blend_slot
{
    int on;
    GLenum f[6];
};
int state_blend_slot(const struct wined3d_context *context, const struct wined3d_state *state,
        struct wined3d_blend_slot *slot);
int state_blend_slot_applied(const struct wined3d_context *context, struct wined3d_blend_slot *slot);
int state_blend_slot_factors(const struct wined3d_blend_slot *slot, float k[2][4]);
void state_blend_slot_apply(struct wined3d_context *context, const struct wined3d_blend_slot *slot);
void state_blend_dual_source(struct wined3d_context *context);
/* Whether binding texture on the stage changes the program key (or the
 * fragment block) from what it was last derived with. */
int state_texture_changes_key(const struct wined3d_context *context, unsigned int stage,
        const struct wined3d_texture *texture);
/* The texture_filter and anisotropy settings, applied to every sampler. */
enum wined3d_filter_override
{
    WINED3D_FILTER_OVERRIDE_NONE = 0,
    WINED3D_FILTER_OVERRIDE_POINT,
    WINED3D_FILTER_OVERRIDE_LINEAR,
    WINED3D_FILTER_OVERRIDE_TRILINEAR,
};
extern struct wined3d_sampler_override
{
    int active;
    enum wined3d_filter_override filter;
    int anisotropy;     /* 0 or 1: the program's */
} wined3d_sampler_override;
/* The stage's sampler object parameters for texture from the stage states. */
struct wined3d_gl_sampler_shadow;
void state_sampler_shadow(const struct wined3d_state *state, unsigned int stage,
        const struct wined3d_texture *texture, struct wined3d_gl_sampler_shadow *s);
/* Groups the FFP shader key/uniforms depend on mark these context flags. */
void state_mark_shader(struct wined3d_context *context);
void state_mark_uniforms(struct wined3d_context *context);
/* The same for state the vertex block does not read (stage ops, alpha
 * test, textures...): its comparison is skipped. */
void state_mark_fs_shader(struct wined3d_context *context);
void state_mark_fs_uniforms(struct wined3d_context *context);
/* The same for a group that feeds only the given parts of the fragment
 * block (WINED3D_FFP_FS_*). */
void state_mark_fs_part(struct wined3d_context *context, unsigned int part);
#define STATE_VS_DIRTY_WORLDS 0x1
#define STATE_VS_DIRTY_OTHER  0x2
void state_mark_vs_uniforms(struct wined3d_context *context, unsigned int groups);

/* ---------------------------------------------------------------------- */
/* GL state cache (glstate.c).  Every GL call of the core goes through     */
/* GL_CALL() or one of the gl_* setters below, which count it; the setters */
/* compare with a shadow and do not send a value GL already has.           */

enum gl_cap
{
    GL_CAP_BLEND, GL_CAP_DEPTH_TEST, GL_CAP_CULL_FACE, GL_CAP_STENCIL_TEST, GL_CAP_SCISSOR_TEST,
    GL_CAP_DITHER, GL_CAP_POLYGON_OFFSET_FILL, GL_CAP_POLYGON_OFFSET_LINE, GL_CAP_POLYGON_OFFSET_POINT,
    GL_CAP_DEPTH_CLAMP, GL_CAP_PROGRAM_POINT_SIZE,
    GL_CAP_CLIP_DISTANCE0, GL_CAP_CLIP_DISTANCE5 = GL_CAP_CLIP_DISTANCE0 + 5,
    GL_CAP_COUNT
};

#define GL_SCRATCH_UNIT WINED3D_MAX_TEXTURES  /* uploads, blits and presents bind here */
/* Then the stage-0 textures of joined draws (merge.c, merge_texture_slot). */
#define GL_MAX_UNITS (WINED3D_FFP_SLOT_UNIT + WINED3D_FFP_MAX_SLOTS)
/* Sampler objects a context keeps by their parameters (a power of two). */
#define GL_SAMPLER_CACHE_SIZE 64
struct wined3d_gl_sampler_shadow
{
    GLint wrap_s, wrap_t, wrap_r, mag, min, max_anisotropy;
    GLfloat lod_bias, border[4];
    GLint max_mip_level;
    int known;
};

struct wined3d_gl_cache
{
    uint32_t known_caps, caps;
    /* A value is known when valid is set; else the next call always sends. */
    int valid_depth_func, valid_depth_mask, valid_color_mask, valid_blend_func, valid_blend_eq,
        valid_blend_color, valid_cull, valid_front_face, valid_stencil, valid_polygon_mode,
        valid_polygon_offset, valid_viewport, valid_depth_range, valid_scissor, valid_clear_color,
        valid_clear_depth, valid_clear_stencil, valid_program, valid_vao, valid_array_buffer,
        valid_element_buffer, valid_active_texture, valid_draw_fbo, valid_read_fbo, valid_pack,
        valid_unpack, valid_stencil_mask, valid_ubo[3];
    GLenum depth_func; GLboolean depth_mask; GLboolean color_mask[4];
    GLenum blend_func[4]; GLenum blend_eq[2]; GLfloat blend_color[4];
    GLenum cull_face, front_face;
    GLenum stencil_func, stencil_fail, stencil_zfail, stencil_pass; GLint stencil_ref; GLuint stencil_mask, stencil_writemask;
    GLenum polygon_mode; GLfloat offset_factor, offset_units;
    GLint viewport[4]; GLdouble depth_range[2]; GLint scissor[4];
    GLfloat clear_color[4]; GLdouble clear_depth; GLint clear_stencil;
    /* ubo: binding points 0 and 1, then GL_UNIFORM_BUFFER's generic binding. */
    GLuint program, vao, array_buffer, element_buffer, draw_fbo, read_fbo, ubo[3];
    GLenum active_texture;
    GLuint texture[GL_MAX_UNITS]; GLenum texture_target[GL_MAX_UNITS]; int valid_texture[GL_MAX_UNITS];
    GLuint sampler[GL_MAX_UNITS]; int valid_sampler[GL_MAX_UNITS];
    /* The parameters of the sampler object each unit's draws use
     * (context->samplers), and of each unit's own object (unit_samplers). */
    struct wined3d_gl_sampler_shadow sampler_params[GL_MAX_UNITS];
    struct wined3d_gl_sampler_shadow unit_sampler_params[GL_MAX_UNITS];
    GLint pack_alignment, unpack_alignment, unpack_row_length, pack_row_length;
};

struct wined3d_device;
/* Both run for every GL call and every cached setter: inline, defined after
 * struct wined3d_device. */
static inline void gl_count_call(struct wined3d_device *device);
#define GL_CALL(context, call) do { gl_count_call((context)->device); call; } while (0)
/* For a value-returning call. */
#define GL_CALLV(context, call) (gl_count_call((context)->device), (call))

void gl_cache_invalidate(struct wined3d_gl_cache *cache);
/* What a draw reads of two shadows is the same (hold.c); GL made to hold a
 * shadow's draw state through the setters. */
int gl_cache_draw_equal(const struct wined3d_gl_cache *a, const struct wined3d_gl_cache *b);
void gl_cache_restore_draw(struct wined3d_context *context, const struct wined3d_gl_cache *s);
/* For callers keeping their own shadow: whether to send a call (and count it). */
static inline int gl_should_send(struct wined3d_context *context, int known, int same);
void gl_set_cap(struct wined3d_context *context, enum gl_cap cap, int enable);
void gl_depth_func(struct wined3d_context *context, GLenum func);
void gl_depth_mask(struct wined3d_context *context, GLboolean mask);
void gl_color_mask(struct wined3d_context *context, GLboolean r, GLboolean g, GLboolean b, GLboolean a);
void gl_blend_func(struct wined3d_context *context, GLenum src_rgb, GLenum dst_rgb, GLenum src_a, GLenum dst_a);
void gl_blend_equation(struct wined3d_context *context, GLenum rgb, GLenum alpha);
void gl_blend_color(struct wined3d_context *context, const GLfloat color[4]);
void gl_cull_face(struct wined3d_context *context, GLenum face);
void gl_front_face(struct wined3d_context *context, GLenum face);
void gl_stencil(struct wined3d_context *context, GLenum func, GLint ref, GLuint mask,
        GLenum fail, GLenum zfail, GLenum pass);
void gl_stencil_mask(struct wined3d_context *context, GLuint mask);
void gl_polygon_mode(struct wined3d_context *context, GLenum mode);
void gl_polygon_offset(struct wined3d_context *context, GLfloat factor, GLfloat units);
void gl_viewport(struct wined3d_context *context, GLint x, GLint y, GLint w, GLint h);
void gl_depth_range(struct wined3d_context *context, GLdouble n, GLdouble f);
void gl_scissor(struct wined3d_context *context, GLint x, GLint y, GLint w, GLint h);
void gl_clear_color(struct wined3d_context *context, const GLfloat c[4]);
void gl_clear_depth(struct wined3d_context *context, GLdouble d);
void gl_clear_stencil(struct wined3d_context *context, GLint s);
void gl_use_program(struct wined3d_context *context, GLuint program);
void gl_bind_vao(struct wined3d_context *context, GLuint vao);
void gl_bind_array_buffer(struct wined3d_context *context, GLuint buffer);
void gl_bind_element_buffer(struct wined3d_context *context, GLuint buffer); /* part of the VAO */
void gl_bind_ubo(struct wined3d_context *context, unsigned int index, GLuint buffer); /* binding point 0 or 1 */
void gl_bind_uniform_buffer(struct wined3d_context *context, GLuint buffer);  /* the generic binding */
void gl_bind_ubo_range(struct wined3d_context *context, unsigned int index, GLuint buffer, GLintptr offset,
        GLsizeiptr size);
void gl_active_texture(struct wined3d_context *context, unsigned int unit);
void gl_bind_texture(struct wined3d_context *context, unsigned int unit, GLenum target, GLuint texture);
void gl_bind_sampler(struct wined3d_context *context, unsigned int unit, GLuint sampler);
void gl_bind_draw_fbo(struct wined3d_context *context, GLuint fbo);
/* An attribute of the draw VAO (which must be bound): enabled with a
 * pointer into the bound array buffer, or disabled. */
void gl_vertex_attrib(struct wined3d_context *context, unsigned int index, int enable, GLint size, GLenum type,
        GLboolean normalized, GLsizei stride, uintptr_t offset);
/* The divisor of an attribute of the draw VAO (which must be bound): 0 a
 * value a vertex, 1 a value an instance. */
void gl_vertex_attrib_divisor(struct wined3d_context *context, unsigned int index, unsigned int divisor);
void gl_bind_read_fbo(struct wined3d_context *context, GLuint fbo);
void gl_pixel_store(struct wined3d_context *context, int pack, GLint alignment, GLint row_length);
/* Sampler object parameters of a unit's sampler, compared with a shadow. */
/* Binds to the unit a sampler object with parameters s (made once and kept
 * by its parameters) and makes it the unit's context->samplers entry. */
void gl_sampler_params(struct wined3d_context *context, unsigned int unit, const struct wined3d_gl_sampler_shadow *s);
void gl_sampler_cache_destroy(struct wined3d_context *context);
/* Forget bindings of an object being deleted (in every context). */
void gl_cache_forget_texture(struct wined3d_device *device, GLuint texture);
void gl_cache_forget_buffer(struct wined3d_device *device, GLuint buffer);

/* ---------------------------------------------------------------------- */
/* Window-system glue (egl.c natively, wgl.c in PE builds).                */

struct wined3d_wsi_context;     /* opaque per window system */
/* The binding (context and surface or DC) the calling thread made current
 * through wsi_make_current, by serial; 0 for none.  Kept by the backends,
 * defined once in context.c. */
/* The default TLS model, not initial-exec: the core is also loaded by
 * dlopen (THRASH loads libdx7gl-dx7z, which needs ddraw and the core), and
 * glibc's static TLS surplus did not hold ddraw's initial-exec lock depth
 * and this one together (dx7z_binding: "cannot allocate memory in static
 * TLS block"). */
extern __thread uint64_t wsi_current;
/* A serial for a new binding; never 0, never reused. */
uint64_t wsi_next_serial(void);
struct wined3d_wsi_context *wsi_create_context(struct wined3d_device *device,
        const struct wined3d_swapchain_desc *desc, struct wined3d_wsi_context *share);
void wsi_destroy_context(struct wined3d_wsi_context *ctx);
int wsi_make_current(struct wined3d_wsi_context *ctx);
/* Whether the context is current on the calling thread. */
int wsi_is_current(struct wined3d_wsi_context *ctx);
/* Make no context current on the calling thread (if ctx is). */
void wsi_release(struct wined3d_wsi_context *ctx);
/* Swap to the window; returns 0 when there is no window. */
int wsi_swap_buffers(struct wined3d_wsi_context *ctx);
/* The window's current size in pixels (0 when none). */
void wsi_get_window_size(struct wined3d_wsi_context *ctx, uint32_t *width, uint32_t *height);
int wsi_set_window(struct wined3d_wsi_context *ctx, uintptr_t window);

/* ---------------------------------------------------------------------- */
/* Contexts (context.c): one GL context per swapchain, each with its own   */
/* dirty list and bitmap.                                                  */

struct wined3d_ffp_program;

struct wined3d_context
{
    struct wined3d_device *device;
    struct wined3d_swapchain *swapchain;
    struct wined3d_wsi_context *wsi;
    struct wined3d_gl_cache gl;

    /* The dirty list: group representatives, each listed at most once. */
    unsigned int dirty_list[STATE_COUNT];
    unsigned int dirty_count;
    uint32_t dirty_map[(STATE_COUNT + 31) / 32];

    /* Set by apply functions of groups that feed the generated shader:
     * the program, both uniform blocks, only the fragment block, or only
     * the vertex block (and which groups marked that: only the world
     * matrices, or others). */
    int shader_dirty, uniforms_dirty, fs_uniforms_dirty, vs_uniforms_dirty;
    /* Which parts of the fragment block (WINED3D_FFP_FS_*) the groups that
     * marked it feed: with only a few, the block kept in ubo_fs_next is
     * updated in those parts. */
    unsigned int fs_parts;
    /* The draw's alpha test cannot fail (state_alpha_test_passes): the
     * program leaves it out (WINED3D_FFP_ALPHA_PASSES). */
    int alpha_test_passes;
    /* Draws whose pre-transformed vertices all have one rhw, on a software
     * rasteriser (draw.c, note_flat): rhw_flat_draws in a row up to the
     * current one, up to FLAT_DRAWS (0: the current draw's rhw varies);
     * rhw_flat, what the program is derived with (WINED3D_FFP_RHW_FLAT),
     * follows the current draw when the program changes for any reason,
     * after a few flat draws in a row, and at once when it must.  The
     * colour_ pair the same for draws that besides have one colour on each
     * primitive (WINED3D_FFP_COLOUR_FLAT). */
    int rhw_flat, colour_flat;
    unsigned int rhw_flat_draws, colour_flat_draws;
    /* state_alpha_test_passes' answer when it read no vertices, kept
     * while no state changes (context_mark_dirty drops it) and no texture's
     * contents do (the device's texture_serial): alpha_note_valid,
     * alpha_note_passes, and the serial it was taken at. */
    int alpha_note_valid, alpha_note_passes;
    uint32_t alpha_note_serial;
    /* state_alpha_plan for the device's state and FVF: dropped by every
     * state change but a texture's (context_mark_dirty), so that a game
     * changing textures between draws reads only the texture's floor. */
    int alpha_plan_valid;
    struct wined3d_alpha_plan alpha_plan;
    unsigned int vs_dirty_groups;
    /* WINED3D_RS_SHADERBLEND as last applied (0 when blending is off), and
     * the copy of the render target such draws read (GL_SCRATCH_UNIT). */
    uint32_t shader_blend;
    GLuint dest_texture;
    uint32_t dest_width, dest_height;
    GLenum dest_internal;          /* its format: the draw copy's when drawn through one */
    int dest_alpha_one;            /* its alpha swizzled to 1 (an X8 target's copy) */
    struct wined3d_ffp_program *program;   /* bound program */
    /* What the program key was last derived with, per stage. */
    struct wined3d_texture *stage_texture[WINED3D_MAX_TEXTURES];
    uint32_t stage_key_version[WINED3D_MAX_TEXTURES];
    uint8_t sampler_mipped[WINED3D_MAX_TEXTURES];    /* state.c, sampler_params_apply */

    GLuint vao;                    /* one VAO; attribute layout follows the FVF */
    GLuint present_vao;            /* an empty one for present and blit programs */
    GLuint present_samplers[2];    /* point, linear: for present sources */
    float depth_bias_lsb[3];       /* 16, 24, 32 bits: 0 = not measured yet */
    unsigned int fb_depth_bits;    /* of the attached depth buffer */
    int fb_alpha_one;              /* the render target has no alpha: D3D reads it as 1 */
    uint32_t vao_fvf, vao_stride, vao_base; GLuint vao_buffer; int vao_valid;
    /* The draw VAO's attribute divisors (gl_vertex_attrib_divisor): VAO
     * state that only the core changes, so no cache reset forgets them;
     * a new VAO's are 0. */
    uint8_t attrib_divisor[WINED3D_FFP_ATTRIB_COUNT];
    /* What the draw VAO's attributes hold, so an FVF change only sends the
     * attributes that differ. */
    struct wined3d_gl_attrib
    {
        int known, enabled;
        GLint size; GLenum type; GLboolean normalized; GLsizei stride; uintptr_t offset; GLuint buffer;
    } attribs[WINED3D_FFP_ATTRIB_COUNT];
    GLuint fbo;                    /* framebuffer for the selected render target */
    GLuint blit_fbo[2];            /* read/draw framebuffers for blits and readbacks */
    GLuint ss_fbo[2];              /* supersample.c's read/draw framebuffers */
    int fb_copies;                 /* the framebuffer is drawn through draw copies */
    unsigned int fb_scale;         /* their resolution scale (viewport, scissor, points) */
    struct { GLuint name; GLenum target; GLint level; int valid; } blit_attach[2];
    /* The sampler object each unit's draws use (the slot units' for joined
     * draws): one of sampler_cache's, or the unit's own (unit_samplers),
     * changed in place once the cache is full (glstate.c gl_sampler_params). */
    GLuint samplers[GL_MAX_UNITS];
    GLuint unit_samplers[GL_MAX_UNITS];
    struct wined3d_gl_sampler_entry
    {
        struct wined3d_gl_sampler_shadow params;    /* known always 1 */
        GLuint name;                                /* 0: a free entry */
    } sampler_cache[GL_SAMPLER_CACHE_SIZE];
    unsigned int sampler_cache_count;
    /* The fixed-function uniform blocks, [0] the vertex one and [1] the
     * fragment one, each with a copy of what its buffer holds. */
    GLuint ubo[2];
    unsigned char *ubo_shadow[2];  /* what each block's buffer holds */
    struct wined3d_ffp_vs_inputs *ubo_vs_inputs;   /* what ubo_shadow[0] was computed from */
    /* The vertex block computed in place; equals ubo_shadow[0] after an upload. */
    struct wined3d_ffp_vs_uniforms *ubo_vs_next;
    /* The fragment block as last filled, its used size, and the draw info's
     * flags and colour key it was filled with; equal to ubo_shadow[1] in
     * [0, ubo_fs_used) after an upload. */
    struct wined3d_ffp_fs_uniforms *ubo_fs_next;
    size_t ubo_fs_used;
    uint32_t ubo_fs_flags;
    const void *ubo_fs_color_key;
    int ubo_fs_valid;
    int fbo_attached_valid;
    GLuint fbo_color, fbo_depth, fbo_stencil;
    GLenum fbo_color_target, fbo_depth_target, fbo_stencil_target;
    GLint fbo_color_level, fbo_depth_level, fbo_stencil_level;
};

struct wined3d_context *context_create(struct wined3d_device *device, struct wined3d_swapchain *swapchain,
        const struct wined3d_swapchain_desc *desc);
void context_destroy(struct wined3d_context *context);
/* Make the context current (when it is not) and return it, after sending
 * joined draws (merge.c) so that GL sees them before the caller's work. */
struct wined3d_context *context_acquire(struct wined3d_device *device, struct wined3d_context *context);
/* The same without sending them: for a draw, which decides itself. */
struct wined3d_context *context_acquire_for_draw(struct wined3d_device *device, struct wined3d_context *context);
/* Let go of the device's current context on this thread, so that another
 * thread can draw next (done after device creation and each present). */
void context_release(struct wined3d_device *device);
/* Whether a group is on the dirty list. */
static inline int context_group_dirty(const struct wined3d_context *context, unsigned int group)
{
    return (context->dirty_map[group >> 5] >> (group & 31)) & 1;
}
/* A state changed: its group joins the dirty list (once).  Inline: a state
 * set for each draw (a world matrix) pays little more than the test. */
static inline void context_mark_dirty(struct wined3d_context *context, unsigned int state_id)
{
    unsigned int group = wined3d_state_table[state_id].representative;

    /* Before the test: a group may stay dirty across joined draws. */
    context->alpha_note_valid = 0;
    if (state_id - STATE_SAMPLER_BASE >= WINED3D_MAX_TEXTURES)
        context->alpha_plan_valid = 0;
    if (context_group_dirty(context, group))
        return;
    context->dirty_map[group >> 5] |= 1u << (group & 31);
    context->dirty_list[context->dirty_count++] = group;
}
void context_mark_all_dirty(struct wined3d_context *context);
int context_is_dirty(const struct wined3d_context *context, unsigned int state_id);
/* Apply every dirty group once and empty the list. */
void context_apply_state(struct wined3d_context *context, const struct wined3d_state *state);
/* Only the framebuffer group (for clears and blits). */
void context_apply_framebuffer(struct wined3d_context *context, const struct wined3d_state *state);
/* Depth-buffer LSBs per glPolygonOffset unit for a depth buffer of `bits`
 * (implementation-defined in GL: measured once per context). */
float context_depth_bias_lsb(struct wined3d_context *context, unsigned int bits);

/* ---------------------------------------------------------------------- */
/* Formats (utils.c).                                                      */

struct wined3d_gl_format
{
    GLenum internal, format, type;   /* 0 internal: not uploadable as is (converted) */
    GLint swizzle[4];                /* GL_RED.. or GL_ZERO/GL_ONE */
    enum wined3d_format_id upload_as;/* converted formats: the format uploaded (A8R8G8B8) */
    /* Formats GL cannot take as they are: one row to 4 bytes per pixel in
     * format/type (uploaded only; the CPU copy keeps the original). */
    void (*convert_row)(const uint8_t *src, uint8_t *dst, unsigned int width);
};
const struct wined3d_gl_format *wined3d_get_gl_format(enum wined3d_format_id id, int s3tc_native);
/* Conversion of one row to/from A8R8G8B8 (for palettised and decoded formats). */
void wined3d_convert_p8_row(const uint8_t *src, uint32_t *dst, unsigned int width, const uint32_t *palette);
void wined3d_convert_p4_row(const uint8_t *src, uint32_t *dst, unsigned int width, const uint32_t *palette);
/* Decode DXT1-5 into A8R8G8B8 (dst_pitch in bytes); width/height in pixels. */
void wined3d_decode_dxt(enum wined3d_format_id id, const uint8_t *src, uint32_t src_pitch,
        uint8_t *dst, uint32_t dst_pitch, unsigned int width, unsigned int height);
/* Encode A8R8G8B8 texels (src_pitch in bytes) into DXT1-5 blocks. */
void wined3d_encode_dxt(enum wined3d_format_id id, const uint8_t *src, uint32_t src_pitch,
        uint8_t *dst, uint32_t dst_pitch, unsigned int width, unsigned int height);
uint32_t wined3d_color_to_format(enum wined3d_format_id id, uint32_t argb);
uint32_t wined3d_format_to_argb(enum wined3d_format_id id, uint32_t value, const uint32_t *palette);

/* ---------------------------------------------------------------------- */
/* Resources.                                                              */

struct wined3d_sub_resource
{
    uint32_t width, height;
    uint32_t pitch, size;           /* of the CPU copy */
    uint8_t *sysmem;                /* the CPU copy (allocated on first need) */
    int sysmem_valid;               /* CPU copy holds the current contents */
    int gpu_valid;                  /* GL texture holds the current contents */
    uint8_t alpha_floor;            /* least alpha a sampler reads from the GL copy (0: not known) */
    int mapped;
    uint32_t map_flags;
    struct wined3d_rect map_rect;
};

struct wined3d_texture
{
    struct wined3d_device *device;
    struct wined3d_texture_desc desc;
    const struct wined3d_format_info *format;
    const struct wined3d_gl_format *gl_format;
    unsigned int level_count, face_count;
    GLuint name;
    GLenum target;                  /* GL_TEXTURE_2D or GL_TEXTURE_CUBE_MAP */
    int gl_allocated;
    /* The levels GL holds: level_count, or a whole chain generated from
     * level 0 (the auto_mipmaps setting, textures made without levels). */
    unsigned int gl_levels;
    struct wined3d_palette *palette;
    struct wined3d_texture *next_palette_user;
    struct wined3d_color_key src_blt_key, dst_blt_key;
    uint32_t color_key_flags;
    struct wined3d_sub_resource *sub_resources;
    struct wined3d_texture *next, *prev;    /* device list */
    uint32_t swapchain_owned;               /* back buffer / implicit depth: not user-destroyable */
    uint32_t key_version;                   /* bumped when the colour keys change */
    struct wined3d_draw_copy *draw_copy;    /* supersample.c: forced MSAA / resolution scale */
    /* texture_alpha_floor's answer, taken at the device's texture_serial. */
    int alpha_floor_valid;
    unsigned int alpha_floor_memo;
    uint32_t alpha_floor_serial;
};

GLenum texture_gl_target_face(const struct wined3d_texture *texture, unsigned int sub_resource);
/* Make the GL texture current (upload what the CPU holds). */
void texture_load(struct wined3d_texture *texture, struct wined3d_context *context);
/* Make the CPU copy current (read back what the GPU holds). */
void texture_load_sysmem(struct wined3d_texture *texture, struct wined3d_context *context, unsigned int sub_resource);
/* The GPU copy changed (rendered to): CPU copies are stale. */
void texture_invalidate_sysmem(struct wined3d_texture *texture, unsigned int sub_resource);
void texture_palette_changed(struct wined3d_texture *texture);
/* The least alpha (0..255) sampling the GL copy reads; 0 when not known. */
/* texture_alpha_floor (after the device) when its kept answer is stale. */
unsigned int texture_read_alpha_floor(struct wined3d_texture *texture);
void texture_invalidate_bindings(struct wined3d_texture *texture);
void texture_contents_changed(struct wined3d_texture *texture);

/* Forced MSAA and resolution scale (supersample.c): a render target's or
 * depth buffer's draw copy, resolved into the texture when that is read. */
void supersample_device_init(struct wined3d_device *device);
void supersample_texture_created(struct wined3d_texture *texture);
void supersample_texture_destroyed(struct wined3d_texture *texture, struct wined3d_context *context);
/* The texture holds what the draw copy holds (no-op when it does already). */
void supersample_resolve(struct wined3d_texture *texture, struct wined3d_context *context);
void supersample_prepare_target(struct wined3d_texture *texture, struct wined3d_context *context);
/* The draw copy's GL object to attach; *renderbuffer: it is a renderbuffer. */
GLuint supersample_attachment(struct wined3d_texture *texture, struct wined3d_context *context, int *renderbuffer);
/* Whether a framebuffer of rt and ds (or none) is drawn through their copies. */
int supersample_matches(const struct wined3d_texture *rt, const struct wined3d_texture *ds);
unsigned int supersample_scale(const struct wined3d_texture *texture);
/* A draw went into the copy / the texture changed by other means. */
void supersample_rendered(struct wined3d_texture *texture);
void supersample_texture_changed(struct wined3d_texture *texture);
int supersample_newest(const struct wined3d_texture *texture);
void supersample_copy_to_texture(struct wined3d_context *context, GLuint texture, GLint x0, GLint y0,
        GLint x1, GLint y1, int scissor);
/* The scaled picture a present shows instead of the texture, when newer. */
int supersample_present_source(struct wined3d_texture *texture, struct wined3d_context *context, GLuint *name,
        uint32_t *width, uint32_t *height);

struct wined3d_palette
{
    struct wined3d_device *device;
    uint32_t flags;
    unsigned int count;
    uint32_t entries[256];
    struct wined3d_texture *users;
};

struct wined3d_buffer
{
    struct wined3d_device *device;
    uint32_t size, usage;
    uint8_t *sysmem;                /* authoritative copy; uploaded on draw when dirty */
    GLuint name;
    int dirty, mapped;
};
void buffer_load(struct wined3d_buffer *buffer, struct wined3d_context *context);

/* Streaming ring for user-memory vertices and indices (buffer.c). */
#define STREAM_RING_FENCES 8
/* A frame's end gets a fence once the ring moved this share of a lap past
 * the last one (buffer.c, stream_ring_end_frame). */
#define STREAM_RING_FENCE_SHARE 16
struct wined3d_stream_ring
{
    GLuint name;
    uint8_t *map;                   /* persistent mapping, or NULL (orphaning) */
    uint32_t size, offset;
    /* Positions count bytes since the ring was made, laps included: head is
     * the end of the last upload, free_to where the GPU is known done
     * (anything below free_to + size may be written). */
    uint64_t head, free_to;
    /* Fences put at the ends of frames, oldest first: each covers the
     * draws that read the ring below its end. */
    struct { GLsync sync; uint64_t end; } fences[STREAM_RING_FENCES];
    unsigned int fence_count;
    uint64_t drains;                /* waits for all the GPU's work: a frame larger than the ring */
    uint32_t grow_to;               /* after a drain: the size the ring is made again at */
};
/* Copy data into the ring at *offset (aligned to align); 0 on failure. */
int stream_ring_upload(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        const void *data, uint32_t size, uint32_t align, uint32_t *offset);
/* Reserve space and return a pointer to write size bytes into. */
void *stream_ring_reserve(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        uint32_t size, uint32_t align, uint32_t *offset);
void stream_ring_commit(struct wined3d_context *context, struct wined3d_stream_ring *ring, GLenum target,
        uint32_t offset, uint32_t size);
void stream_ring_destroy(struct wined3d_context *context, struct wined3d_stream_ring *ring);
/* A frame ends: fence what was drawn from the ring so far. */
void stream_ring_end_frame(struct wined3d_context *context, struct wined3d_stream_ring *ring);
/* One upload takes at most a quarter of the ring (a larger one grows it), so
 * a lap holds several draws. */
#define RING_UPLOAD_SHARE 4
/* Where a run of uploads from offset from, right after each other, may end:
 * with the ring neither wrapping nor made again, and the run within what
 * one upload may take; 0 when none may follow.  It holds while the ring's
 * next bytes are the run's end (nothing else was written or made since).
 * A joined draw's vertices are not in GL's hands until it is sent: a wrap
 * would write over the start of the run, a new ring delete it. */
static inline uint32_t stream_ring_append_limit(const struct wined3d_stream_ring *ring, uint32_t from)
{
    uint64_t limit = (uint64_t)from + ring->size / RING_UPLOAD_SHARE;

    if (!ring->map || ring->grow_to > ring->size || from > ring->offset)
        return 0;
    return limit < ring->size ? (uint32_t)limit : ring->size;
}
/* After stream_ring_append_limit said they fit: where those size bytes go, or NULL
 * when the GPU may still read them (the caller takes the slower way). */
static inline void *stream_ring_append(struct wined3d_stream_ring *ring, uint32_t size)
{
    uint32_t at = ring->offset;

    if (ring->head + size > ring->free_to + ring->size)
        return NULL;
    ring->head += size;
    ring->offset = at + size;
    return ring->map + at;
}
/* Joined draws with fewer stage-0 texture changes go to GL one draw per
 * texture; from this many on, as one draw with the slot program (merge.c). */
#define MERGE_SLOT_SEGMENTS 4
/* ... and, where GL rasterises on the CPU (device->software_raster), while
 * the run's pre-transformed draws cover at most this many pixels a
 * segment; a draw that would start a segment past that does not join.
 * The slot program samples every slot's texture for each pixel (a
 * software rasteriser runs both sides of its branches) and blends every
 * pixel through the dual-source factors, opaque ones too: on llvmpipe the
 * thrash scene's runs (about 2,000 pixels a batch) took twice the CPU as
 * one draw as they take as segments, a GL draw with a state change costing
 * about what 500 such pixels do.  Sent a segment at a time, joined draws
 * cost more than the same draws apart (their slots' bookkeeping: 300
 * instructions a thrash batch).  A GPU shades the pixels itself. */
#define MERGE_SLOT_PIXELS 512
/* Work a device that presents to a window queues before it flushes GL
 * (draw.c, device_flush_some): the pixels of pre-transformed draws'
 * bounding boxes, DEVICE_FLUSH_VERTEX_WORK for any other vertex, draws of
 * a few vertices not counted, with at least DEVICE_FLUSH_MIN_DRAWS draws
 * between two flushes. */
#define DEVICE_FLUSH_WORK 500000
#define DEVICE_FLUSH_VERTEX_WORK 128
#define DEVICE_FLUSH_MIN_DRAWS 16
#define DEVICE_FLUSH_SMALL_DRAW 8   /* vertices: no more count no work */

/* A box of pre-transformed positions (x0, x1, y0, y1) grown by the
 * position p (x, y), and the pixels it covers, capped at DEVICE_FLUSH_WORK
 * (0 for an empty box or coordinates that are not numbers): draw.c's work
 * of a draw and merge.c's estimate of a run's pixels. */
static inline void rhw_box_add(float box[4], const float *p)
{
    box[0] = p[0] < box[0] ? p[0] : box[0];
    box[1] = p[0] > box[1] ? p[0] : box[1];
    box[2] = p[1] < box[2] ? p[1] : box[2];
    box[3] = p[1] > box[3] ? p[1] : box[3];
}

static inline uint32_t rhw_box_pixels(const float box[4])
{
    float area = (box[1] - box[0]) * (box[3] - box[2]);

    if (!(area > 0.0f))
        return 0;
    return area < (float)DEVICE_FLUSH_WORK ? (uint32_t)area : DEVICE_FLUSH_WORK;
}
#define MERGE_SLOTS_TEXTURE 1   /* stage 0's texture */
#define MERGE_SLOTS_WORLD   2   /* the world matrix */
#define MERGE_SLOTS_PIXEL   4   /* stage 0's texture, the fragment block, the blend */
#define MERGE_MESH_ONE          1   /* a run of one draw */
#define MERGE_MESH_KEPT         2   /* the same, its mesh copied */
#define MERGE_MESH_INSTANCED    3   /* a run of one mesh drawn again */
/* Send the joined draws to GL and stop joining (merge.c). */
void device_flush_draws(struct wined3d_device *device);
void merge_forget_run(struct wined3d_device *device);
/* hold.c: runs of pre-transformed triangles held back across state changes
 * (software rasterisers).  hold_pending_run: the pending run is held, 1, or
 * must be sent, 0; hold_join: the applied draw joins a held run, 1, or 0;
 * hold_flush sends them all, oldest first, with their state, and puts GL's
 * back; hold_flush_oldest the oldest only. */
#define HOLD_RUNS 2
struct wined3d_held_run;
int hold_pending_run(struct wined3d_device *device);
int hold_join(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, uint32_t vertex_count);
void hold_flush(struct wined3d_device *device);
void hold_flush_oldest(struct wined3d_device *device);
void hold_destroy(struct wined3d_device *device, struct wined3d_context *context);
/* A draw from memory joined to the held-back ones, 1; 0: it cannot join. */
int merge_join(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, uint32_t vertex_count, const uint16_t *indices, uint32_t index_count);
/* A draw whose state is applied held back for others to join, 1; 0: it
 * goes to GL at once. */
int merge_start(struct wined3d_device *device, struct wined3d_context *context, GLenum mode, uint32_t fvf,
        uint32_t stride, const void *vertices, GLint first, uint32_t vertex_count, const uint16_t *indices,
        uint32_t index_offset, uint32_t index_count);
/* Helpers of the draw path that joined draws share (draw.c): the vertex
 * array for fvf at base in buffer, and the draw's program bound (0: none). */
void draw_setup_vao(struct wined3d_context *context, uint32_t fvf, uint32_t stride, GLuint buffer, uint32_t base);
int draw_program(struct wined3d_context *context, const struct wined3d_state *state, int invert_alpha);
/* Indices copied with delta added; returns the largest before (utils.c). */
uint16_t wined3d_index_rebase(uint16_t *dst, const uint16_t *indices, uint32_t count, uint16_t delta);

/* ---------------------------------------------------------------------- */
/* Shaders (shader.c): programs built from the FFP generator, cached.      */

struct wined3d_ffp_program
{
    GLuint program;
    GLint ubo_index;
    struct wined3d_ffp_program *next;   /* hash chain */
    uint32_t hash;
    struct wined3d_ffp_key key;
    /* Stage changes asked of this key (state.c, state_stage_ops). */
    struct wined3d_ffp_stage_memo stage_memo[WINED3D_FFP_GENERIC_MAX_STAGES];
};
GLuint shader_link_program(struct wined3d_context *context, const char *vs_source, const char *fs_source);
struct wined3d_ffp_program *shader_get_program(struct wined3d_context *context, const struct wined3d_state *state,
        int invert_alpha_test);
struct wined3d_ffp_program *shader_get_slot_program(struct wined3d_context *context,
        const struct wined3d_ffp_program *program, unsigned int tex0_slots, unsigned int world_slots,
        unsigned int fs_slots, int blend_slots);
void shader_set_fs_block(struct wined3d_context *context, const struct wined3d_ffp_fs_uniforms *fs, size_t used);
/* The fragment block's buffer made to hold these bytes (a held run's, hold.c). */
void shader_restore_fs_block(struct wined3d_context *context, const void *bytes);
void shader_draw_info(const struct wined3d_state *state, struct wined3d_context *context,
        struct wined3d_ffp_draw_info *info);
/* World 0's matrices (wined3d_ffp_world_matrices) into the vertex block as
 * GL has it, for joined draws; the next upload computes them again. */
void shader_set_world_matrices(struct wined3d_context *context, const float matrices[32]);
/* The vertex block, and the fragment block too if fs. */
#define SHADER_UNIFORMS_VS        0x1  /* the vertex block, anything it reads may have changed */
#define SHADER_UNIFORMS_VS_WORLDS 0x2  /* the vertex block, only world matrices changed */
#define SHADER_UNIFORMS_FS        0x4  /* the fragment block */
void shader_upload_uniforms(struct wined3d_context *context, const struct wined3d_state *state, unsigned int blocks);
/* Both uniform blocks on their binding points (cached). */
void shader_bind_uniforms(struct wined3d_context *context);
void shader_destroy_all(struct wined3d_device *device);
/* program.c: the programmable path's programs and buffers, at device destruction. */
void program_device_destroy(struct wined3d_device *device);
/* program.c: the apply function of STATE_PROGRAM_CONSTANTS. */
void program_apply_constants(struct wined3d_context *context, const struct wined3d_state *state, unsigned int id);
void blit_attach(struct wined3d_context *context, unsigned int i, struct wined3d_texture *t, unsigned int sub);
/* A private program for blits/present: samples unit 0 into the target. */
GLuint shader_get_blit_program(struct wined3d_context *context, int kind);
/* The rectangle uniforms of blit program kind (current). */
void shader_set_blit_uniforms(struct wined3d_context *context, int kind, const GLfloat dst[4], const GLfloat src[4]);
/* PRESENT_GAMMA is PRESENT through the gamma ramp: a program of its own, as
 * a branch on a uniform would make llvmpipe fetch the ramp for every pixel
 * of every present. */
enum { BLIT_PROGRAM_COPY = 0, BLIT_PROGRAM_CKEY = 1, BLIT_PROGRAM_PRESENT = 2, BLIT_PROGRAM_PRESENT_GAMMA = 3,
        BLIT_PROGRAM_COUNT };

/* ---------------------------------------------------------------------- */
/* Swapchain and device.                                                   */

struct wined3d_swapchain
{
    struct wined3d_device *device;
    struct wined3d_swapchain_desc desc;
    struct wined3d_context *context;
    struct wined3d_texture *back_buffer, *depth_stencil;
    struct wined3d_gamma_ramp gamma;
    int gamma_identity;
    GLuint gamma_texture;
    int window_alpha_bits;         /* of the window's back buffer; -1 = not asked yet */
    uintptr_t window;
    struct wined3d_hud *hud;       /* the on-screen display, NULL when off (hud.c) */
    /* frame_rate_limit (pace.c): the time a frame takes at least, and when
     * the next present may go; 0: no limit, no present yet. */
    uint64_t frame_interval_us, next_present_us;
};

/* pace.c: the frame-rate limit, applied at each present. */
void swapchain_pace_init(struct wined3d_swapchain *swapchain);
void swapchain_pace(struct wined3d_swapchain *swapchain);

/* hud.c: the on-screen display ("hud" setting), drawn at present. */
struct wined3d_hud *hud_create(void);
void hud_destroy(struct wined3d_hud *hud, struct wined3d_context *context);
/* A present: one more frame for the frame times. */
void hud_frame(struct wined3d_hud *hud);
/* Over the picture in fbo (ww x wh; flip: bottom-up, a window), outside
 * the frame's counters, GL state put back as the cache knew it. */
void hud_draw(struct wined3d_hud *hud, struct wined3d_context *context, GLuint fbo, uint32_t ww, uint32_t wh,
        int flip);
uint64_t hud_time_us(void);

struct wined3d_stateblock_mask
{
    /* Which states a stateblock holds: one bit per state id; light indices
     * are listed separately. */
    uint32_t states[(STATE_COUNT + 31) / 32];
    uint32_t *light_indices; unsigned int light_count, light_capacity; /* set or enabled */
    int all_lights;
};

struct wined3d_stateblock
{
    struct wined3d_device *device;
    struct wined3d_stateblock *next, *prev;     /* the device's blocks */
    enum wined3d_stateblock_type type;
    struct wined3d_state state;
    struct wined3d_stateblock_mask changed;
};

#define WINED3D_MAX_SWAPCHAINS 16
#define PROGRAM_HASH_SIZE 256

/* What the device's kept buffers serve (device_scratch): each use its own,
 * since a blit's widening and a texture's converted upload may both be in
 * flight in one call. */
enum device_scratch_use
{
    DEVICE_SCRATCH_WIDEN,       /* rows a blit widens on the CPU (blit.c) */
    DEVICE_SCRATCH_UPLOAD,      /* a texture's texels converted for GL (texture.c) */
    DEVICE_SCRATCH_WINDOW,      /* a rectangle read back for a CPU blit (blit.c) */
    DEVICE_SCRATCH_BLIT,        /* a CPU blit's temporary, for overlap and stretching (blit.c) */
    DEVICE_SCRATCH_COUNT
};

struct wined3d_device
{
    uint32_t flags;
    struct wined3d_state state;
    /* Bumped whenever what texture_alpha_floor reads may change (uploads,
     * writes through GL or the CPU, colour keys, palettes):
     * texture_contents_changed. */
    uint32_t texture_serial;
    struct wined3d_stateblock *recording;

    struct wined3d_swapchain *swapchains[WINED3D_MAX_SWAPCHAINS];
    unsigned int swapchain_count;
    struct wined3d_context *contexts[WINED3D_MAX_SWAPCHAINS];
    unsigned int context_count;
    struct wined3d_context *context;        /* the one draws go through */
    struct wined3d_context *current;        /* the one current on this thread */
    struct wined3d_context *last_context;   /* the one used last (survives releases) */

    struct wined3d_texture *render_target, *depth_stencil;
    unsigned int render_target_sub, depth_stencil_sub;
    uint32_t target_serial;                 /* wined3d_device_get_target_serial */
    uint32_t stride_fvf, fvf_stride;        /* the last format a draw asked the stride of (draw.c) */

    struct wined3d_stream_ring vertex_ring, index_ring, slot_ring, world_ring;
    /* Room for work of a frame's size, kept (device_scratch). */
    void *scratch[DEVICE_SCRATCH_COUNT];
    size_t scratch_size[DEVICE_SCRATCH_COUNT];
    /* The work after which device_flush_some flushes GL (0: never), and
     * the work and draws queued since it or the present last did. */
    uint32_t flush_work, work_unflushed;
    unsigned int draws_unflushed;
    GLint ubo_offset_align;                 /* GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, 0: not asked yet */
    GLint max_uniform_block;                /* GL_MAX_UNIFORM_BLOCK_SIZE */
    /* GL rasterises on the CPU (llvmpipe, softpipe, swrast): pixels cost
     * the CPU time draws do (merge.c, MERGE_SLOT_PIXELS). */
    int software_raster;
    unsigned int world_slot_max;            /* world slots a joined run reads (merge.c), 0: not known yet */
    /* Draws joined into one GL draw (merge.c): list draws from user memory,
     * none changing state but stage 0's texture and filters or the world
     * matrix, whose vertices (and indices) follow each other in the rings,
     * the first held back like the others.  valid: the last draw may be
     * joined (its context, mode, format, ring run [run_start, end)); count:
     * vertices of the draws not yet sent, from vertex base (the run's
     * first).  Indexed: count indices of the index ring's run
     * [index_start, index_end), rebased to vertex base (an instanced
     * run's count: its instances).
     * slot_kind: what differs between the joined draws besides their
     * vertices, nothing or one of MERGE_SLOTS_*; slot_count: how many
     * stage-0 textures (GL names in slot_names, slot 0 the one bound) or
     * world matrices (worlds: the core's WORLD matrix, slot 0 run_world,
     * the run's first draw's, which the vertex block holds; the state may
     * have moved on when they are sent, so the slots' view and lighting
     * mode are kept too) the run reads; segments: where the joined draws
     * change from one slot to another (slot 0 before the first). */
    struct
    {
        int valid, indexed;
        struct wined3d_context *context;
        GLenum mode;
        uint32_t fvf, stride, run_start, end;
        uint32_t vertex_end;            /* end / stride: each draw adds whole vertices */
        uint32_t index_start, index_end;
        GLuint buffer;
        GLint base;
        GLsizei count;
        int slot_kind;
        unsigned int slot_count;
        GLuint slot_names[WINED3D_FFP_MAX_SLOTS];
        struct wined3d_gl_sampler_shadow slot_samplers[WINED3D_FFP_MAX_SLOTS];
        struct wined3d_matrix run_world;
        struct wined3d_matrix run_view;     /* with world slots: the run's view */
        int run_legacy;                     /* and its D3DRENDERSTATE_LEGACYLIGHTING */
        struct wined3d_matrix *worlds;
        struct wined3d_merge_segment
        {
            GLsizei count_start;        /* the segment's first index (or vertex) among the joined */
            uint32_t vertex_start;      /* its first vertex from the run's start */
            unsigned int slot;
        } *segments;
        unsigned int segment_count, segments_size;
        unsigned int last_slot;             /* the last segment's slot (0 before the first) */
        /* The context's dirty groups the run's joins have looked at (the
         * list's first dirty_seen), which of stage 0's texture and the
         * world they hold (MERGE_SLOTS_* bits) and whether a blend group. */
        unsigned int dirty_seen, dirty_kinds;
        int dirty_blend;
        /* MERGE_SLOTS_PIXEL: a slot is stage 0's texture and sampler (when
         * the program samples it), a fragment block and a blend.  slot_fs:
         * WINED3D_FFP_MAX_SLOTS blocks and, last, the next draw's, built
         * over slot 0's (the run's first draw's); fs_used: how much of them
         * the program reads; the stages (fs_stages, a bit each) and the
         * other parts (fs_parts, WINED3D_FFP_FS_*) the run's joins changed,
         * whose bytes lie in [fs_lo, fs_hi); tex_varies, blend_varies:
         * whether the slots differ in their texture or their blend. */
        struct wined3d_ffp_fs_uniforms *slot_fs;
        struct wined3d_blend_slot slot_blend[WINED3D_FFP_MAX_SLOTS];
        size_t fs_used, fs_lo, fs_hi;
        unsigned int fs_stages, fs_parts;
        int tex_varies, blend_varies;
        int samples0;                   /* the run's program samples stage 0; -1: not asked yet */
        /* Where the run's vertices and indices may end in their rings
         * (stream_ring_append_limit of their first bytes). */
        uint32_t vertex_limit, index_limit;
        /* About how many pixels the run's pre-transformed draws cover
         * (merge_pixels), counted from its first join on (pixels_counted). */
        uint64_t pixels;
        int pixels_counted;
        /* mesh_run: MERGE_MESH_ONE or MERGE_MESH_KEPT while the run holds
         * one draw, MERGE_MESH_INSTANCED when each of its draws has the
         * first's mesh (its vertices and indices, the bytes of `mesh`),
         * which is in the rings once and drawn count times (mesh_count its
         * indices or vertices), a draw's slot read per instance (the
         * segments' count_start and vertex_start then count instances);
         * else 0.  mesh: with MERGE_MESH_KEPT or MERGE_MESH_INSTANCED, a
         * copy in cached memory of the first draw's vertices then indices
         * (made when copy_mesh was on at the run's start and they fit in
         * MERGE_MESH_MAX), and where the first draw had them from
         * (mesh_from, mesh_indices_from); the mesh's counts are the run's
         * while it is one.  copy_mesh: the second draw of the last run that
         * had one had the first's counts and pointers (a mesh drawn again,
         * maybe). */
        int mesh_run, copy_mesh;
        GLsizei mesh_count;
        const void *mesh_from;
        const uint16_t *mesh_indices_from;
        uint8_t *mesh;
    } merge;
    /* hold.c: runs held back, oldest first; the buffer their vertices go
     * through; the hold_runs setting; draws that joined a held run and
     * held runs sent (for tests). */
    struct wined3d_held_run *held[HOLD_RUNS];
    unsigned int held_count;
    GLuint hold_buffer;
    int hold_enabled;
    uint64_t held_joins, held_runs_sent;
    struct wined3d_texture *textures;       /* every texture (for palette and cache cleanup) */
    struct wined3d_stateblock *stateblocks; /* every stateblock (their texture pointers) */

    struct wined3d_ffp_program *programs[PROGRAM_HASH_SIZE];
    /* Programs switched to this frame that differ from the last one only in
     * their stages (shader.c); how programs get their stages now (device.c). */
    unsigned int ffp_op_switches;
    enum wined3d_ffp_stages generic_stages;
    /* With generic ops: per stage, the arguments read from the block all the
     * same (WINED3D_FFP_ARG_*), and those the frame's switches changed. */
    uint8_t generic_args[WINED3D_FFP_GENERIC_MAX_STAGES];
    uint8_t ffp_arg_switches[WINED3D_FFP_GENERIC_MAX_STAGES];
    int whole_sums;     /* generic stages without the short sums (device.c) */
    GLuint blit_programs[BLIT_PROGRAM_COUNT];
    /* Each blit program's uniforms (program state, shared by contexts). */
    struct wined3d_blit_uniforms
    {
        GLint dst_rect, src_rect;
        GLfloat dst_value[4], src_value[4]; int known;
    } blit_uniforms[BLIT_PROGRAM_COUNT];

    struct wined3d_programmable *programmable;  /* program.c: front ends' programs, constants */
    int auto_mipmaps;                       /* the auto_mipmaps setting */
    unsigned int ss_samples, ss_scale;      /* the msaa and resolution_scale settings (supersample.c) */
    struct wined3d_counters frame, last_frame, total_base;
    struct wined3d_caps caps;
    char renderer[128], version[128];
    int gl_ready;
};

static inline int device_cache_disabled(const struct wined3d_device *device)
{
    return device->flags & WINED3D_DEVICE_NO_GL_CACHE;
}

/* Draws not yet sent: the pending run or held ones. */
static inline int device_draws_pending(const struct wined3d_device *device)
{
    return device->merge.valid || device->held_count;
}

/* What held runs read is about to change: they go to GL first. */
static inline void hold_flush_for_change(struct wined3d_device *device)
{
    if (device->held_count)
        hold_flush(device);
}

static inline void gl_count_call(struct wined3d_device *device)
{
    ++device->frame.gl_calls;
}

/* Whether to send a call: same = the value equals the known one.  With the
 * cache off every call goes and the ones GL did not need count as redundant. */
static inline int gl_should_send(struct wined3d_context *context, int known, int same)
{
    struct wined3d_device *device = context->device;

    if (known && same)
    {
        if (!device_cache_disabled(device))
        {
            ++device->frame.gl_calls_filtered;
            return 0;
        }
        ++device->frame.redundant_gl_calls;
    }
    ++device->frame.gl_calls;
    return 1;
}

/* stateblock.c */
void state_init_defaults(struct wined3d_state *state);
void state_cleanup(struct wined3d_state *state);
int state_copy(struct wined3d_state *dst, const struct wined3d_state *src);
struct wined3d_light_info *state_find_light(const struct wined3d_state *state, uint32_t index);
struct wined3d_light_info *state_add_light(struct wined3d_state *state, uint32_t index);
void state_default_light(struct wined3d_light *light);
void stateblock_mask_set(struct wined3d_stateblock_mask *mask, unsigned int state_id);
int stateblock_mask_test(const struct wined3d_stateblock_mask *mask, unsigned int state_id);
void stateblock_mask_add_light(struct wined3d_stateblock_mask *mask, uint32_t index);
int stateblock_set_light_enable(struct wined3d_state *state, uint32_t index, int enable);

/* device.c */
/* A state changed on the device: mark its group dirty in every context. */
/* Inline: every Set that changes something calls it (one context mostly). */
static inline void device_invalidate_state(struct wined3d_device *device, unsigned int state_id)
{
    unsigned int i;

    for (i = 0; i < device->context_count; ++i)
        context_mark_dirty(device->contexts[i], state_id);
}

/* Kept while no texture's contents change (the device's texture_serial):
 * a game alternating textures between draws asks it of each at each draw. */
static inline unsigned int texture_alpha_floor(struct wined3d_texture *texture)
{
    if (texture->alpha_floor_valid && texture->alpha_floor_serial == texture->device->texture_serial)
        return texture->alpha_floor_memo;
    return texture_read_alpha_floor(texture);
}

/* The least alpha a stage-0 argument gives (0: not known); tex and diffuse
 * are the texture's and the vertices' floors. */
static inline unsigned int state_alpha_plan_arg_floor(const struct wined3d_alpha_plan *plan, uint32_t arg,
        unsigned int tex, unsigned int diffuse)
{
    switch (arg)
    {
        case WINED3DTA_DIFFUSE:
        case WINED3DTA_CURRENT: return diffuse;     /* stage 0's current is the diffuse */
        case WINED3DTA_TEXTURE: return tex;
        case WINED3DTA_TFACTOR: return plan->tfactor;
    }
    return 0;   /* the specular, or a modifier */
}

/* The plan's answer for stage 0's texture t and the draw's vertices
 * (inline: note_alpha_test asks it at each draw after a texture change). */
static inline int state_alpha_plan_passes(const struct wined3d_alpha_plan *plan, struct wined3d_texture *t,
        uint32_t fvf, const uint8_t *vertices, uint32_t stride, uint32_t count, int *read_vertices)
{
    unsigned int tex = 0, diffuse = 0, floor;

    if (!plan->need)
        return 0;
    if (plan->reads_texture)
    {
        if (!t || (plan->color_key && (t->color_key_flags & WINED3D_CKEY_SRC_BLT))
                || !(tex = texture_alpha_floor(t)))
            return 0;
        if (plan->texture_cap < tex)
            tex = plan->texture_cap;
    }
    if (plan->reads_diffuse)
    {
        *read_vertices = 1;
        diffuse = state_vertices_alpha_floor(fvf, vertices, stride, count, plan->need);
    }
    floor = state_alpha_plan_arg_floor(plan, plan->a1, tex, diffuse);
    if (plan->modulate)
        floor = floor * state_alpha_plan_arg_floor(plan, plan->a2, tex, diffuse) / 255;
    return floor >= plan->need;
}
void device_counters_add(struct wined3d_device *device, size_t field_offset, uint64_t n);
/* A frame ended (a present, an EndScene). */
void device_end_frame(struct wined3d_device *device, struct wined3d_context *context);
#define DEVICE_COUNT(device, field, n) \
    device_counters_add((device), offsetof(struct wined3d_counters, field), (n))
struct wined3d_context *device_acquire_context(struct wined3d_device *device);
/* At least size bytes of the device's buffer for use, whose contents are
 * not kept; NULL when out of memory.  The buffer stays for the next call: a
 * fresh block of a frame's size costs page faults at every use, which
 * under Wine take longer than the work (a 640x480 P8 upload: ~10 ms). */
void *device_scratch(struct wined3d_device *device, enum device_scratch_use use, size_t size);
/* End of a public call that may have made the context current: in
 * multithreaded mode let go of it for the next caller's thread. */
static inline void device_end_call(struct wined3d_device *device)
{
    if (device && (device->flags & WINED3D_DEVICE_MULTITHREADED))
        context_release(device);
}
void device_mark_targets_rendered(struct wined3d_device *device);
/* Whether drawing to the sub-resource leaves nothing to note: only its GL
 * copy was current already. */
static inline int device_sub_rendered(const struct wined3d_texture *texture, unsigned int sub)
{
    return !texture || (texture->sub_resources[sub].gpu_valid && !texture->sub_resources[sub].sysmem_valid);
}
/* A draw or clear changed the render target and depth stencil in GL.  Mostly
 * so already since the last draw: the compares inline (a joined draw calls
 * this for each of its draws). */
static inline void device_mark_rendered(struct wined3d_device *device)
{
    if ((device->context && device->context->fb_copies)
            || !device_sub_rendered(device->render_target, device->render_target_sub)
            || !device_sub_rendered(device->depth_stencil, device->depth_stencil_sub))
        device_mark_targets_rendered(device);
}
void device_texture_destroyed(struct wined3d_device *device, struct wined3d_texture *texture);

/* swapchain.c */
int32_t swapchain_init(struct wined3d_device *device, const struct wined3d_swapchain_desc *desc,
        struct wined3d_context *share, struct wined3d_swapchain **swapchain);
void swapchain_cleanup(struct wined3d_swapchain *swapchain);
int32_t swapchain_present_to_texture(struct wined3d_swapchain *swapchain, struct wined3d_texture *src,
        unsigned int src_sub, const struct wined3d_rect *src_rect, uint32_t flags, struct wined3d_texture *dst);

/* Direct3D -> GL enums (state.c). */
GLenum wined3d_gl_compare_func(uint32_t d3d);
GLenum wined3d_gl_blend_factor(uint32_t d3d, int src);
GLenum wined3d_gl_blend_op(uint32_t d3d);
GLenum wined3d_gl_stencil_op(uint32_t d3d);
/* Direct3D's primitive type as GL's mode, GL_INVALID_ENUM for none. */
static inline GLenum wined3d_gl_primitive_type(uint32_t d3d)
{
    static const GLenum modes[] = {GL_INVALID_ENUM, GL_POINTS, GL_LINES, GL_LINE_STRIP, GL_TRIANGLES,
            GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN};

    return d3d < sizeof(modes) / sizeof(*modes) ? modes[d3d] : GL_INVALID_ENUM;
}

/* Small helpers. */
static inline void wined3d_color_from_argb(GLfloat out[4], uint32_t argb)
{
    out[0] = ((argb >> 16) & 0xff) / 255.0f;
    out[1] = ((argb >> 8) & 0xff) / 255.0f;
    out[2] = (argb & 0xff) / 255.0f;
    out[3] = ((argb >> 24) & 0xff) / 255.0f;
}

#endif /* WINED3D_PRIVATE_H */

/*
 * Programs: the fixed-function generator's programs, compiled and linked
 * once per key and cached in a hash table (programs are shared by every
 * context of the device); the two uniform blocks, each uploaded only when
 * its bytes changed; and the core's own small programs for present and
 * blits.
 */
#include "config.h"

#include <stdio.h>

#include "wined3d_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(shader);

#define STATIC_ASSERT_UBO_SIZE \
    typedef char ubo_size_is_vec4s[((sizeof(struct wined3d_ffp_vs_uniforms) | sizeof(struct wined3d_ffp_fs_uniforms)) \
            % 16) ? -1 : 1] __attribute__((unused))

static GLuint compile_shader(struct wined3d_context *context, GLenum type, const char *source)
{
    GLuint shader = GL_CALLV(context, glCreateShader(type));
    GLint ok = 0;

    GL_CALL(context, glShaderSource(shader, 1, &source, NULL));
    GL_CALL(context, glCompileShader(shader));
    GL_CALL(context, glGetShaderiv(shader, GL_COMPILE_STATUS, &ok));
    if (!ok)
    {
        char log[4096];
        GL_CALL(context, glGetShaderInfoLog(shader, sizeof(log), NULL, log));
        ERR("Shader compilation failed:\n%s\nSource:\n%s\n", log, source);
        GL_CALL(context, glDeleteShader(shader));
        return 0;
    }
    return shader;
}

/* Compiles and links one program, counted as built; 0 with the log on
 * failure.  The programmable path (program.c) links through it too. */
GLuint shader_link_program(struct wined3d_context *context, const char *vs_source, const char *fs_source)
{
    GLuint vs, fs, program;
    GLint ok = 0;

    if (!(vs = compile_shader(context, GL_VERTEX_SHADER, vs_source)))
        return 0;
    if (!(fs = compile_shader(context, GL_FRAGMENT_SHADER, fs_source)))
    {
        GL_CALL(context, glDeleteShader(vs));
        return 0;
    }
    program = GL_CALLV(context, glCreateProgram());
    GL_CALL(context, glAttachShader(program, vs));
    GL_CALL(context, glAttachShader(program, fs));
    GL_CALL(context, glLinkProgram(program));
    GL_CALL(context, glDeleteShader(vs));
    GL_CALL(context, glDeleteShader(fs));
    GL_CALL(context, glGetProgramiv(program, GL_LINK_STATUS, &ok));
    if (!ok)
    {
        char log[4096];
        GL_CALL(context, glGetProgramInfoLog(program, sizeof(log), NULL, log));
        ERR("Program link failed:\n%s\n", log);
        GL_CALL(context, glDeleteProgram(program));
        return 0;
    }
    ++context->device->frame.programs_built;
    return program;
}

void shader_draw_info(const struct wined3d_state *state, struct wined3d_context *context,
        struct wined3d_ffp_draw_info *info)
{
    const struct wined3d_texture *t0 = state->textures[0];

    info->flags = WINED3D_FFP_FLIP_Y;
    if (!context->device->caps.clip_control)
        info->flags |= WINED3D_FFP_NO_CLIP_CONTROL;
    info->color_key = t0 && (t0->color_key_flags & WINED3D_CKEY_SRC_BLT) ? &t0->src_blt_key : NULL;
    if (context->device->generic_stages == WINED3D_FFP_STAGES_GENERIC)
        info->flags |= WINED3D_FFP_GENERIC_STAGES;
    else if (context->device->generic_stages == WINED3D_FFP_STAGES_GENERIC_OPS)
        info->flags |= WINED3D_FFP_GENERIC_OPS;
    info->generic_args = context->device->generic_args;
    if (context->device->whole_sums)
        info->flags |= WINED3D_FFP_WHOLE_SUMS;
    if (context->alpha_test_passes)
        info->flags |= WINED3D_FFP_ALPHA_PASSES;
    if (context->rhw_flat)
        info->flags |= WINED3D_FFP_RHW_FLAT;
    if (context->colour_flat)
        info->flags |= WINED3D_FFP_COLOUR_FLAT;
    if (context->fb_scale > 1)
        info->flags |= context->fb_scale << WINED3D_FFP_SCALE_SHIFT;
}

/* Keys that differ at most in their stages (ops, arguments, what each
 * stage samples), with as many stages on. */
static int keys_differ_in_stages_only(const struct wined3d_ffp_key *a, const struct wined3d_ffp_key *b)
{
    return !memcmp(a, b, offsetof(struct wined3d_ffp_key, stages))
            && wined3d_ffp_stage_count(a) == wined3d_ffp_stage_count(b);
}

/* Which arguments of the generic stages two such keys differ in. */
static void note_arg_switches(struct wined3d_device *device, const struct wined3d_ffp_key *a,
        const struct wined3d_ffp_key *b)
{
    unsigned int s;

    for (s = 0; s < WINED3D_FFP_GENERIC_MAX_STAGES; ++s)
    {
        const struct wined3d_ffp_stage_key *x = &a->stages[s], *y = &b->stages[s];

        device->ffp_arg_switches[s] |= (x->color_arg1 != y->color_arg1 ? WINED3D_FFP_ARG_COLOR1 : 0)
                | (x->color_arg2 != y->color_arg2 ? WINED3D_FFP_ARG_COLOR2 : 0)
                | (x->alpha_arg1 != y->alpha_arg1 ? WINED3D_FFP_ARG_ALPHA1 : 0)
                | (x->alpha_arg2 != y->alpha_arg2 ? WINED3D_FFP_ARG_ALPHA2 : 0);
    }
}

/* The alpha test inverted: the second pass of a non-discarding alpha fail. */
static uint32_t invert_cmp(uint32_t f)
{
    static const uint32_t inv[] = {0, WINED3D_CMP_ALWAYS, WINED3D_CMP_GREATEREQUAL, WINED3D_CMP_NOTEQUAL,
            WINED3D_CMP_GREATER, WINED3D_CMP_LESSEQUAL, WINED3D_CMP_EQUAL, WINED3D_CMP_LESS, WINED3D_CMP_NEVER};
    return f >= 1 && f <= 8 ? inv[f] : WINED3D_CMP_NEVER;
}

static void count_gl_call(void *device)
{
    gl_count_call(device);
}

/* The cached program of a key, built at its first use. */
static struct wined3d_ffp_program *program_for_key(struct wined3d_context *context,
        const struct wined3d_ffp_key *key)
{
    struct wined3d_device *device = context->device;
    uint32_t hash = wined3d_ffp_key_hash(key);
    struct wined3d_ffp_program *p;
    char *vs, *fs;

    for (p = device->programs[hash % PROGRAM_HASH_SIZE]; p; p = p->next)
        if (p->hash == hash && wined3d_ffp_key_equal(&p->key, key))
        {
            ++device->frame.shader_cache_hits;
            return p;
        }

    if (!(p = calloc(1, sizeof(*p))))
        return NULL;
    vs = wined3d_ffp_generate_vs(key);
    fs = wined3d_ffp_generate_fs(key);
    if (vs && fs)
        p->program = shader_link_program(context, vs, fs);
    free(vs);
    free(fs);
    if (!p->program)
    {
        free(p);
        return NULL;
    }
    /* The generator binds the block and samplers, each GL call counted;
     * the program is current afterwards. */
    wined3d_ffp_program_bind_interface_counted(p->program, count_gl_call, device);
    context->gl.program = p->program;
    context->gl.valid_program = 1;
    p->hash = hash;
    p->key = *key;
    p->next = device->programs[hash % PROGRAM_HASH_SIZE];
    device->programs[hash % PROGRAM_HASH_SIZE] = p;
    return p;
}

struct wined3d_ffp_program *shader_get_program(struct wined3d_context *context, const struct wined3d_state *state,
        int invert_alpha_test)
{
    struct wined3d_device *device = context->device;
    struct wined3d_ffp_draw_info info;
    struct wined3d_ffp_key key;

    shader_draw_info(state, context, &info);
    wined3d_ffp_key_from_state(&key, state, &info);
    if (invert_alpha_test)
        key.alpha_func = invert_cmp(key.alpha_func ? key.alpha_func : WINED3D_CMP_ALWAYS);
    /* Most state changes leave the key as it was: no hash needed then. */
    if (context->program && !invert_alpha_test && wined3d_ffp_key_equal(&context->program->key, &key))
    {
        ++device->frame.shader_cache_hits;
        return context->program;
    }
    if (context->program && !invert_alpha_test && !device->whole_sums
            && keys_differ_in_stages_only(&context->program->key, &key))
    {
        ++device->ffp_op_switches;
        note_arg_switches(device, &context->program->key, &key);
    }
    return program_for_key(context, &key);
}

/* The program of joined draws whose stage-0 texture, world matrix or
 * fragment block varies: that of `program` reading stage 0 from tex0_slots
 * textures, its world matrices from world_slots slots, or its fragment
 * block from fs_slots blocks, with the blend's factors from them when
 * blend_slots (merge.c). */
struct wined3d_ffp_program *shader_get_slot_program(struct wined3d_context *context,
        const struct wined3d_ffp_program *program, unsigned int tex0_slots, unsigned int world_slots,
        unsigned int fs_slots, int blend_slots)
{
    struct wined3d_ffp_key key = program->key;

    key.tex0_slots = tex0_slots;
    key.world_slots = world_slots;
    key.fs_slots = fs_slots;
    key.blend_slots = !!blend_slots;
    return program_for_key(context, &key);
}

void shader_set_world_matrices(struct wined3d_context *context, const float matrices[32])
{
    static const size_t at[2] = {offsetof(struct wined3d_ffp_vs_uniforms, modelview),
            offsetof(struct wined3d_ffp_vs_uniforms, normal_matrix)};
    unsigned int i;

    gl_bind_uniform_buffer(context, context->ubo[0]);
    for (i = 0; i < 2; ++i)
    {
        GL_CALL(context, glBufferSubData(GL_UNIFORM_BUFFER, at[i], 16 * sizeof(float), matrices + 16 * i));
        memcpy(context->ubo_shadow[0] + at[i], matrices + 16 * i, 16 * sizeof(float));
    }
    if (context->ubo_vs_inputs)
        wined3d_ffp_vs_inputs_forget_world(context->ubo_vs_inputs);
}

static int vec4_equal(const unsigned char *a, const unsigned char *b)
{
#ifdef __SSE2__
    /* One compare of the 16 bytes: upload_block's scan takes a step per
     * vec4, 14 of them for a churn draw's stage op change. */
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)a),
            _mm_loadu_si128((const __m128i *)b))) == 0xffff;
#else
    uint64_t a0, a1, b0, b1;

    memcpy(&a0, a, 8); memcpy(&a1, a + 8, 8);
    memcpy(&b0, b, 8); memcpy(&b1, b + 8, 8);
    return !((a0 ^ b0) | (a1 ^ b1));
#endif
}

/* One block into its buffer, only when its bytes differ from what the
 * buffer holds, and then only the 16-byte span that changed (a world
 * matrix per object is 128 bytes of the vertex block with its normal
 * matrix).  Bytes outside [lo, hi) are known to equal the buffer's, or are
 * not read by the program.  The shadow starts as zeros, as the buffer. */
static void upload_block(struct wined3d_context *context, unsigned int index, const void *data, size_t size,
        size_t lo, size_t hi)
{
    const unsigned char *b = data;
    unsigned char *shadow = context->ubo_shadow[index];
    size_t first = lo, last = hi;
    int fresh = !shadow;

    if (fresh)
    {
        if (!(shadow = context->ubo_shadow[index] = calloc(1, size))) return;
        gl_bind_uniform_buffer(context, context->ubo[index]);
        GL_CALL(context, glBufferData(GL_UNIFORM_BUFFER, size, shadow, GL_DYNAMIC_DRAW));
    }
    if (device_cache_disabled(context->device))
    {
        /* Counted only: without the cache every upload is sent whole. */
        if (!fresh && !memcmp(shadow + lo, b + lo, hi - lo))
            ++context->device->frame.redundant_gl_calls;
    }
    else
    {
        /* The scan from both ends finds the same bytes as a compare of the
         * whole span would, without the compare's call and second pass
         * (about 60 instructions of a churn draw). */
        while (first < last && vec4_equal(shadow + first, b + first)) first += 16;
        while (last > first && vec4_equal(shadow + last - 16, b + last - 16)) last -= 16;
        if (first == last)
        {
            /* The same bytes: the upload would be redundant. */
            if (!fresh) ++context->device->frame.gl_calls_filtered;
            return;
        }
    }
    /* Held runs read the vertex block as it is (hold.c). */
    if (!index)
        hold_flush_for_change(context->device);
    /* Through the generic uniform buffer binding, not GL_ARRAY_BUFFER: the
     * vertex ring lives there and would need binding again at every draw. */
    gl_bind_uniform_buffer(context, context->ubo[index]);
    GL_CALL(context, glBufferSubData(GL_UNIFORM_BUFFER, first, last - first, b + first));
    memcpy(shadow + first, b + first, last - first);
}

/* A joined draw's fragment block into the block's buffer (merge.c, draws
 * sent a slot at a time).  It was built over the block as filled last with
 * the same fill and as many bytes, and differs from it only in parts whose
 * groups are still dirty, which the next upload computes again: so it
 * becomes the block as filled last, and the next run's pixel slots can
 * still start from it.  Any other block is filled again whole. */
void shader_set_fs_block(struct wined3d_context *context, const struct wined3d_ffp_fs_uniforms *fs, size_t used)
{
    if (!context->ubo_shadow[1])
        return;
    upload_block(context, 1, fs, sizeof(*fs), 0, used);
    if (context->ubo_fs_valid && context->ubo_fs_next && used == context->ubo_fs_used)
        memcpy(context->ubo_fs_next, fs, used);
    else
        context->ubo_fs_valid = 0;
}

/* Only the span that differs is sent; ubo_fs_next, the block as filled for
 * the device's state, is left as it is: the caller puts the bytes it
 * replaced back before the next draw of that state. */
void shader_restore_fs_block(struct wined3d_context *context, const void *bytes)
{
    if (context->ubo_shadow[1])
        upload_block(context, 1, bytes, sizeof(struct wined3d_ffp_fs_uniforms), 0,
                sizeof(struct wined3d_ffp_fs_uniforms));
}

/* Where the parts of the vertex block that changed lie. */
static void vs_parts_span(unsigned int parts, size_t *lo, size_t *hi)
{
    const size_t viewport_fog = offsetof(struct wined3d_ffp_vs_uniforms, clip_fixup);
    const size_t lights = offsetof(struct wined3d_ffp_vs_uniforms, material_diffuse);

    *lo = parts & WINED3D_FFP_VS_ANY_TRANSFORM ? 0 : parts & WINED3D_FFP_VS_VIEWPORT_FOG ? viewport_fog : lights;
    *hi = parts & WINED3D_FFP_VS_LIGHTS ? sizeof(struct wined3d_ffp_vs_uniforms)
            : parts & WINED3D_FFP_VS_VIEWPORT_FOG ? lights
            : parts & (WINED3D_FFP_VS_TRANSFORMS | WINED3D_FFP_VS_OTHER_TRANSFORMS) ? viewport_fog
            : offsetof(struct wined3d_ffp_vs_uniforms, projection);  /* world matrices only */
}

/* The vertex block: computed again only in the parts whose inputs changed,
 * over the block as uploaded last (without the GL cache, every upload is
 * tried, to count). */
static void upload_vs_block(struct wined3d_context *context, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info, int worlds_only)
{
    struct wined3d_ffp_vs_uniforms *vs;
    unsigned int parts;
    size_t lo, hi;

    if (!context->ubo_vs_next)
        context->ubo_vs_next = malloc(sizeof(*context->ubo_vs_next));
    if (!context->ubo_vs_inputs)
        context->ubo_vs_inputs = wined3d_ffp_vs_inputs_create();
    if (!(vs = context->ubo_vs_next) || !context->ubo_vs_inputs || !context->ubo_shadow[0]
            || device_cache_disabled(context->device))
    {
        struct wined3d_ffp_vs_uniforms local;

        /* The copy of the inputs must describe the uploaded block. */
        if (context->ubo_vs_inputs)
            wined3d_ffp_vs_inputs_update(context->ubo_vs_inputs, state, info);
        if (!vs)
            vs = &local;
        wined3d_ffp_fill_vs_uniforms(vs, state, info);
        upload_block(context, 0, vs, sizeof(*vs), 0, sizeof(*vs));
        return;
    }
    /* A world matrix per object, and nothing else marked the block: only
     * the world matrices can differ from the last upload's inputs. */
    if (worlds_only)
        parts = wined3d_ffp_vs_inputs_update_worlds(context->ubo_vs_inputs, state);
    else
        parts = wined3d_ffp_vs_inputs_update(context->ubo_vs_inputs, state, info);
    if (!parts)
        return;
    wined3d_ffp_update_vs_uniforms(vs, state, info, parts);
    vs_parts_span(parts, &lo, &hi);
    upload_block(context, 0, vs, sizeof(*vs), lo, hi);
}

/* The fragment block: only the parts whose groups changed are computed
 * again, and compared, over the block as filled last, when the draw's info
 * is the same (without the GL cache, every upload is tried whole, to
 * count). */
static void upload_fs_block(struct wined3d_context *context, const struct wined3d_state *state,
        const struct wined3d_ffp_draw_info *info, unsigned int parts)
{
    struct wined3d_ffp_fs_uniforms *fs;
    size_t lo, hi;

    if (!context->ubo_fs_next)
        context->ubo_fs_next = malloc(sizeof(*context->ubo_fs_next));
    if (!(fs = context->ubo_fs_next) || device_cache_disabled(context->device))
    {
        struct wined3d_ffp_fs_uniforms local;
        size_t used;

        context->ubo_fs_valid = 0;
        if (!fs)
            fs = &local;
        used = wined3d_ffp_fill_fs_uniforms(fs, state, info);
        upload_block(context, 1, fs, sizeof(*fs), 0, used);
        return;
    }
    if (context->ubo_fs_valid && context->ubo_shadow[1] && parts && context->ubo_fs_flags == info->flags
            && context->ubo_fs_color_key == info->color_key
            && wined3d_ffp_update_fs_uniforms(fs, state, info, parts, &context->ubo_fs_used, &lo, &hi))
    {
        if (lo < hi)
            upload_block(context, 1, fs, sizeof(*fs), lo, hi);
        return;
    }
    context->ubo_fs_used = wined3d_ffp_fill_fs_uniforms(fs, state, info);
    context->ubo_fs_flags = info->flags;
    context->ubo_fs_color_key = info->color_key;
    context->ubo_fs_valid = 1;
    upload_block(context, 1, fs, sizeof(*fs), 0, context->ubo_fs_used);
}

void shader_upload_uniforms(struct wined3d_context *context, const struct wined3d_state *state, unsigned int blocks)
{
    unsigned int parts = context->fs_parts;

    struct wined3d_ffp_draw_info info;

    /* The blocks are vec4s only, so 16-byte steps cover them exactly. */
    STATIC_ASSERT_UBO_SIZE;
    context->fs_parts = 0;
    shader_draw_info(state, context, &info);
    if (blocks & (SHADER_UNIFORMS_VS | SHADER_UNIFORMS_VS_WORLDS))
        upload_vs_block(context, state, &info, !(blocks & SHADER_UNIFORMS_VS));
    if (blocks & SHADER_UNIFORMS_FS)
        upload_fs_block(context, state, &info, parts);
}

void shader_bind_uniforms(struct wined3d_context *context)
{
    gl_bind_ubo(context, WINED3D_FFP_VS_UBO_BINDING, context->ubo[0]);
    gl_bind_ubo(context, WINED3D_FFP_FS_UBO_BINDING, context->ubo[1]);
}

void shader_destroy_all(struct wined3d_device *device)
{
    struct wined3d_context *context = device_acquire_context(device);
    unsigned int i;

    for (i = 0; i < PROGRAM_HASH_SIZE; ++i)
        while (device->programs[i])
        {
            struct wined3d_ffp_program *p = device->programs[i];
            device->programs[i] = p->next;
            GL_CALL(context, glDeleteProgram(p->program));
            free(p);
        }
    for (i = 0; i < BLIT_PROGRAM_COUNT; ++i)
        if (device->blit_programs[i])
        {
            GL_CALL(context, glDeleteProgram(device->blit_programs[i]));
            device->blit_programs[i] = 0;
            device->blit_uniforms[i].known = 0;
        }
    for (i = 0; i < device->context_count; ++i)
        device->contexts[i]->gl.valid_program = 0;
}

/* ---------------------------------------------------------------------- */
/* Present / blit programs: a rectangle from vertex ids, no attributes.    */

static const char blit_vs[] =
    "#version 330 core\n"
    "uniform vec4 dst_rect;  /* x0, y0, x1, y1 in NDC */\n"
    "uniform vec4 src_rect;  /* u0, v0, u1, v1 */\n"
    "out vec2 uv;\n"
    "void main()\n"
    "{\n"
    "    vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));\n"
    "    gl_Position = vec4(mix(dst_rect.xy, dst_rect.zw, c), 0.0, 1.0);\n"
    "    uv = mix(src_rect.xy, src_rect.zw, c);\n"
    "}\n";

#define PRESENT_FS_HEAD \
    "#version 330 core\n" \
    "uniform sampler2D tex;\n" \
    "in vec2 uv;\n" \
    "out vec4 color;\n"

static const char present_fs[] =
    PRESENT_FS_HEAD
    "void main()\n"
    "{\n"
    "    color = vec4(texture(tex, uv).rgb, 1.0);\n"
    "}\n";

static const char present_gamma_fs[] =
    PRESENT_FS_HEAD
    "uniform sampler2D gamma;  /* 256x1: the ramp, r/g/b channels */\n"
    "void main()\n"
    "{\n"
    "    vec3 i = clamp(texture(tex, uv).rgb, 0.0, 1.0) * (255.0 / 256.0) + 0.5 / 256.0;\n"
    "    color = vec4(texture(gamma, vec2(i.r, 0.5)).r, texture(gamma, vec2(i.g, 0.5)).g,\n"
    "            texture(gamma, vec2(i.b, 0.5)).b, 1.0);\n"
    "}\n";

/* A blit program's uniforms are program state: sent when they change. */
void shader_set_blit_uniforms(struct wined3d_context *context, int kind, const GLfloat dst[4], const GLfloat src[4])
{
    struct wined3d_device *device = context->device;
    struct wined3d_blit_uniforms *u = &device->blit_uniforms[kind];

    if (gl_should_send(context, u->known, !memcmp(u->dst_value, dst, sizeof(u->dst_value))))
    {
        glUniform4fv(u->dst_rect, 1, dst);
        memcpy(u->dst_value, dst, sizeof(u->dst_value));
    }
    if (gl_should_send(context, u->known, !memcmp(u->src_value, src, sizeof(u->src_value))))
    {
        glUniform4fv(u->src_rect, 1, src);
        memcpy(u->src_value, src, sizeof(u->src_value));
    }
    u->known = 1;
}

GLuint shader_get_blit_program(struct wined3d_context *context, int kind)
{
    struct wined3d_device *device = context->device;
    GLuint program;
    GLint loc;

    if (kind < 0 || kind >= BLIT_PROGRAM_COUNT)
        return 0;
    if (device->blit_programs[kind])
        return device->blit_programs[kind];
    if (!(program = shader_link_program(context, blit_vs, kind == BLIT_PROGRAM_PRESENT_GAMMA ? present_gamma_fs : present_fs)))
        return 0;
    gl_use_program(context, program);
    if ((loc = GL_CALLV(context, glGetUniformLocation(program, "tex"))) >= 0)
        GL_CALL(context, glUniform1i(loc, GL_SCRATCH_UNIT));
    if ((loc = GL_CALLV(context, glGetUniformLocation(program, "gamma"))) >= 0)
        GL_CALL(context, glUniform1i(loc, GL_SCRATCH_UNIT - 1));
    device->blit_uniforms[kind].dst_rect = GL_CALLV(context, glGetUniformLocation(program, "dst_rect"));
    device->blit_uniforms[kind].src_rect = GL_CALLV(context, glGetUniformLocation(program, "src_rect"));
    device->blit_uniforms[kind].known = 0;
    device->blit_programs[kind] = program;
    return program;
}

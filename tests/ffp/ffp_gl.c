/*
 * GL helpers of the fixed-function generator tests (see ffp_test.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "ffp_test.h"

static EGLDisplay display = EGL_NO_DISPLAY;
static EGLContext context = EGL_NO_CONTEXT;
static GLuint fbo, color_rb, depth_rb, vao, vbo, ubo[2];
static int clip_control;

struct cached_program
{
    struct wined3d_ffp_key key;
    GLuint program;
};
static struct cached_program *cache;
static unsigned int cache_count, cache_capacity;

int ffp_gl_init(void)
{
    static const EGLint context_attribs[] =
    {
        EGL_CONTEXT_MAJOR_VERSION, 3,
        EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_NONE,
    };
    GLenum err;

    if (context != EGL_NO_CONTEXT) return 1;
    display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL))
    {
        /* Not Mesa (a vendor driver on a headless GPU): its default display. */
        display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL))
        {
            const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
            fprintf(stderr, "No EGL display (client extensions: %s).\n", ext ? ext : "none");
            return 0;
        }
    }
    if (!eglBindAPI(EGL_OPENGL_API)) return 0;
    context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, context_attribs);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    {
        fprintf(stderr, "No GL 3.3 core context.\n");
        return 0;
    }
    glewExperimental = GL_TRUE;
    err = glewInit();
    /* GLEW built for GLX reports no GLX display with EGL; GL itself loaded. */
    if (err != GLEW_OK && err != GLEW_ERROR_NO_GLX_DISPLAY)
    {
        fprintf(stderr, "glewInit: %s\n", glewGetErrorString(err));
        return 0;
    }
    while (glGetError() != GL_NO_ERROR);
    if (getenv("FFP_TEST_VERBOSE"))
        fprintf(stderr, "GL: %s, %s\n", glGetString(GL_RENDERER), glGetString(GL_VERSION));
    clip_control = GLEW_ARB_clip_control || GLEW_VERSION_4_5;

    glGenRenderbuffers(1, &color_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, color_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, FFP_TEST_WIDTH, FFP_TEST_HEIGHT);
    glGenRenderbuffers(1, &depth_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, depth_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, FFP_TEST_WIDTH, FFP_TEST_HEIGHT);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_rb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth_rb);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    {
        fprintf(stderr, "Incomplete framebuffer.\n");
        return 0;
    }
    glViewport(0, 0, FFP_TEST_WIDTH, FFP_TEST_HEIGHT);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glGenBuffers(2, ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo[0]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof(struct wined3d_ffp_vs_uniforms), NULL, GL_DYNAMIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, WINED3D_FFP_VS_UBO_BINDING, ubo[0]);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo[1]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof(struct wined3d_ffp_fs_uniforms), NULL, GL_DYNAMIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, WINED3D_FFP_FS_UBO_BINDING, ubo[1]);
    /* What glsl_ffp.h asks of the core. */
    glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
    if (clip_control) glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    return glGetError() == GL_NO_ERROR;
}

void ffp_gl_cleanup(void)
{
    unsigned int i;

    if (context == EGL_NO_CONTEXT) return;
    for (i = 0; i < cache_count; ++i) glDeleteProgram(cache[i].program);
    free(cache);
    cache = NULL;
    cache_count = cache_capacity = 0;
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(2, ubo);
    glDeleteVertexArrays(1, &vao);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &color_rb);
    glDeleteRenderbuffers(1, &depth_rb);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
    eglTerminate(display);
    context = EGL_NO_CONTEXT;
}

int ffp_gl_has_clip_control(void)
{
    return clip_control;
}

static int force_no_clip_control;
static enum wined3d_ffp_stages generic_stages;

void ffp_gl_generic_stages(enum wined3d_ffp_stages stages)
{
    generic_stages = stages;
}

int ffp_gl_force_gl_depth(int force)
{
    if (!clip_control) return force;
    force_no_clip_control = force;
    glClipControl(GL_LOWER_LEFT, force ? GL_NEGATIVE_ONE_TO_ONE : GL_ZERO_TO_ONE);
    return 1;
}

static GLuint compile(GLenum type, const char *source)
{
    GLuint shader = glCreateShader(type);
    GLint status;

    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    glGetShaderiv(shader, GL_COMPILE_STATUS, &status);
    if (!status)
    {
        char log[4096];
        glGetShaderInfoLog(shader, sizeof(log), NULL, log);
        fprintf(stderr, "Compile failure:\n%s\n--- source ---\n%s\n", log, source);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

GLuint ffp_gl_build(const struct wined3d_ffp_key *key)
{
    char *vs_text = wined3d_ffp_generate_vs(key), *fs_text = wined3d_ffp_generate_fs(key);
    GLuint vs = 0, fs = 0, program = 0;
    GLint status;
    unsigned int i;

    for (i = 0; i < cache_count; ++i)
        if (wined3d_ffp_key_equal(&cache[i].key, key))
        {
            free(vs_text);
            free(fs_text);
            return cache[i].program;
        }

    if (!vs_text || !fs_text) goto done;
    if (!(vs = compile(GL_VERTEX_SHADER, vs_text)) || !(fs = compile(GL_FRAGMENT_SHADER, fs_text))) goto done;
    program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glGetProgramiv(program, GL_LINK_STATUS, &status);
    if (!status)
    {
        char log[4096];
        glGetProgramInfoLog(program, sizeof(log), NULL, log);
        fprintf(stderr, "Link failure:\n%s\n--- vs ---\n%s\n--- fs ---\n%s\n", log, vs_text, fs_text);
        glDeleteProgram(program);
        program = 0;
        goto done;
    }
    wined3d_ffp_program_bind_interface(program);
    if (cache_count == cache_capacity)
    {
        cache_capacity = cache_capacity ? cache_capacity * 2 : 64;
        cache = realloc(cache, cache_capacity * sizeof(*cache));
    }
    cache[cache_count].key = *key;
    cache[cache_count++].program = program;
done:
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    free(vs_text);
    free(fs_text);
    return program;
}

GLuint ffp_gl_texture_2d(unsigned int width, unsigned int height, const uint32_t *argb, int nearest)
{
    GLuint texture;

    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    /* 0xAARRGGBB little-endian dwords are B, G, R, A bytes. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_BGRA, GL_UNSIGNED_BYTE, argb);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, nearest ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, nearest ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    return texture;
}

GLuint ffp_gl_texture_2d_snorm_rg(unsigned int width, unsigned int height, const int8_t *rg)
{
    GLuint texture;

    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8_SNORM, width, height, 0, GL_RG, GL_BYTE, rg);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return texture;
}

void ffp_gl_clear(uint32_t argb, float depth)
{
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glClearColor(((argb >> 16) & 0xff) / 255.0f, ((argb >> 8) & 0xff) / 255.0f, (argb & 0xff) / 255.0f,
            (argb >> 24) / 255.0f);
    glClearDepth(depth);
    glDepthMask(GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static unsigned int tex_coord_size(uint32_t fvf, unsigned int i)
{
    static const unsigned int sizes[4] = {2, 3, 4, 1};
    return sizes[(fvf >> (16 + i * 2)) & 3];
}

/* Attribute set-up from an FVF, the locations glsl_ffp.h fixes. */
static unsigned int setup_attributes(uint32_t fvf)
{
    uint32_t position = fvf & WINED3DFVF_POSITION_MASK;
    unsigned int offset = 0, stride = 0, i, betas = 0, tex_count;

    for (i = 0; i < WINED3D_FFP_ATTRIB_COUNT; ++i) glDisableVertexAttribArray(i);
    if (position >= WINED3DFVF_XYZB1) betas = (position - WINED3DFVF_XYZRHW) / 2;
    tex_count = (fvf & WINED3DFVF_TEXCOUNT_MASK) >> WINED3DFVF_TEXCOUNT_SHIFT;

    /* First pass for the stride. */
    stride = (position == WINED3DFVF_XYZRHW ? 16 : 12) + betas * 4;
    if (fvf & WINED3DFVF_NORMAL) stride += 12;
    if (fvf & WINED3DFVF_DIFFUSE) stride += 4;
    if (fvf & WINED3DFVF_SPECULAR) stride += 4;
    for (i = 0; i < tex_count; ++i) stride += 4 * tex_coord_size(fvf, i);

    glEnableVertexAttribArray(WINED3D_FFP_ATTRIB_POSITION);
    glVertexAttribPointer(WINED3D_FFP_ATTRIB_POSITION, position == WINED3DFVF_XYZRHW ? 4 : 3, GL_FLOAT, GL_FALSE,
            stride, (void *)(uintptr_t)offset);
    offset += position == WINED3DFVF_XYZRHW ? 16 : 12;
    if (betas)
    {
        glEnableVertexAttribArray(WINED3D_FFP_ATTRIB_BLENDWEIGHT);
        glVertexAttribPointer(WINED3D_FFP_ATTRIB_BLENDWEIGHT, betas > 4 ? 4 : betas, GL_FLOAT, GL_FALSE, stride,
                (void *)(uintptr_t)offset);
        offset += betas * 4;
    }
    if (fvf & WINED3DFVF_NORMAL)
    {
        glEnableVertexAttribArray(WINED3D_FFP_ATTRIB_NORMAL);
        glVertexAttribPointer(WINED3D_FFP_ATTRIB_NORMAL, 3, GL_FLOAT, GL_FALSE, stride, (void *)(uintptr_t)offset);
        offset += 12;
    }
    if (fvf & WINED3DFVF_DIFFUSE)
    {
        glEnableVertexAttribArray(WINED3D_FFP_ATTRIB_DIFFUSE);
        glVertexAttribPointer(WINED3D_FFP_ATTRIB_DIFFUSE, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                (void *)(uintptr_t)offset);
        offset += 4;
    }
    if (fvf & WINED3DFVF_SPECULAR)
    {
        glEnableVertexAttribArray(WINED3D_FFP_ATTRIB_SPECULAR);
        glVertexAttribPointer(WINED3D_FFP_ATTRIB_SPECULAR, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                (void *)(uintptr_t)offset);
        offset += 4;
    }
    for (i = 0; i < tex_count; ++i)
    {
        unsigned int size = tex_coord_size(fvf, i);
        glEnableVertexAttribArray(WINED3D_FFP_ATTRIB_TEXCOORD0 + i);
        glVertexAttribPointer(WINED3D_FFP_ATTRIB_TEXCOORD0 + i, size, GL_FLOAT, GL_FALSE, stride,
                (void *)(uintptr_t)offset);
        offset += 4 * size;
    }
    return stride;
}

void ffp_gl_draw(GLuint program, const struct wined3d_ffp_uniforms *u, uint32_t fvf, GLenum mode,
        const void *vertices, unsigned int count, const GLuint *textures, GLuint cube_unit_mask)
{
    unsigned int stride, i;

    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glUseProgram(program);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo[0]);
    glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(u->vs), &u->vs);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo[1]);
    glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(u->fs), &u->fs);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    /* Stride first, then the data. */
    stride = setup_attributes(fvf);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)stride * count, vertices, GL_STREAM_DRAW);
    for (i = 0; i < 8; ++i)
    {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, 0);
        glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
        if (textures && textures[i])
            glBindTexture(cube_unit_mask & (1u << i) ? GL_TEXTURE_CUBE_MAP : GL_TEXTURE_2D, textures[i]);
    }
    glActiveTexture(GL_TEXTURE0);
    glDrawArrays(mode, 0, count);
}

uint32_t ffp_gl_read(unsigned int x, unsigned int y)
{
    uint8_t p[4];

    /* The tests draw with WINED3D_FFP_FLIP_Y: picture row y is GL row y. */
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    return ((uint32_t)p[3] << 24) | ((uint32_t)p[0] << 16) | ((uint32_t)p[1] << 8) | p[2];
}

float ffp_gl_read_depth(unsigned int x, unsigned int y)
{
    float d;

    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    return d;
}

static const struct wined3d_matrix identity =
{
    1.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 1.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 1.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 1.0f,
};

void ffp_state_init(struct wined3d_state *state)
{
    uint32_t *rs = state->render_states;
    unsigned int i;

    memset(state, 0, sizeof(*state));
    rs[WINED3D_RS_ZENABLE] = WINED3D_ZB_FALSE;
    rs[WINED3D_RS_FILLMODE] = WINED3D_FILL_SOLID;
    rs[WINED3D_RS_SHADEMODE] = WINED3D_SHADE_GOURAUD;
    rs[WINED3D_RS_ZWRITEENABLE] = 1;
    rs[WINED3D_RS_LASTPIXEL] = 1;
    rs[WINED3D_RS_SRCBLEND] = WINED3D_BLEND_ONE;
    rs[WINED3D_RS_DESTBLEND] = WINED3D_BLEND_ZERO;
    rs[WINED3D_RS_CULLMODE] = WINED3D_CULL_CCW;
    rs[WINED3D_RS_ZFUNC] = WINED3D_CMP_LESSEQUAL;
    rs[WINED3D_RS_ALPHAFUNC] = WINED3D_CMP_ALWAYS;
    rs[WINED3D_RS_FOGSTART] = wined3d_float_to_dword(0.0f);
    rs[WINED3D_RS_FOGEND] = wined3d_float_to_dword(1.0f);
    rs[WINED3D_RS_FOGDENSITY] = wined3d_float_to_dword(1.0f);
    rs[WINED3D_RS_TEXTUREFACTOR] = 0xffffffff;
    rs[WINED3D_RS_CLIPPING] = 1;
    rs[WINED3D_RS_LIGHTING] = 1;
    rs[WINED3D_RS_COLORVERTEX] = 1;
    rs[WINED3D_RS_LOCALVIEWER] = 1;
    rs[WINED3D_RS_DIFFUSEMATERIALSOURCE] = WINED3D_MCS_COLOR1;
    rs[WINED3D_RS_SPECULARMATERIALSOURCE] = WINED3D_MCS_COLOR2;
    rs[WINED3D_RS_AMBIENTMATERIALSOURCE] = WINED3D_MCS_MATERIAL;
    rs[WINED3D_RS_EMISSIVEMATERIALSOURCE] = WINED3D_MCS_MATERIAL;
    rs[WINED3D_RS_STENCILFUNC] = WINED3D_CMP_ALWAYS;
    rs[WINED3D_RS_STENCILMASK] = 0xffffffff;
    rs[WINED3D_RS_STENCILWRITEMASK] = 0xffffffff;
    for (i = 0; i < WINED3D_MAX_TEXTURES; ++i)
    {
        uint32_t *tss = state->texture_states[i];
        tss[WINED3D_TSS_COLOROP] = i ? WINED3D_TOP_DISABLE : WINED3D_TOP_MODULATE;
        tss[WINED3D_TSS_COLORARG1] = WINED3DTA_TEXTURE;
        tss[WINED3D_TSS_COLORARG2] = WINED3DTA_CURRENT;
        tss[WINED3D_TSS_ALPHAOP] = i ? WINED3D_TOP_DISABLE : WINED3D_TOP_SELECTARG1;
        tss[WINED3D_TSS_ALPHAARG1] = WINED3DTA_TEXTURE;
        tss[WINED3D_TSS_ALPHAARG2] = WINED3DTA_CURRENT;
        tss[WINED3D_TSS_TEXCOORDINDEX] = i;
        tss[WINED3D_TSS_ADDRESSU] = tss[WINED3D_TSS_ADDRESSV] = WINED3D_TADDRESS_WRAP;
        tss[WINED3D_TSS_MAGFILTER] = WINED3D_TFG_POINT;
        tss[WINED3D_TSS_MINFILTER] = WINED3D_TFN_POINT;
        tss[WINED3D_TSS_MIPFILTER] = WINED3D_TFP_NONE;
        tss[WINED3D_TSS_MAXANISOTROPY] = 1;
    }
    for (i = 0; i <= WINED3D_HIGHEST_TRANSFORM_STATE; ++i) state->transforms[i] = identity;
    state->material.power = 0.0f;
    state->viewport.width = FFP_TEST_WIDTH;
    state->viewport.height = FFP_TEST_HEIGHT;
    state->viewport.max_z = 1.0f;
    state->fvf = WINED3DFVF_XYZRHW | WINED3DFVF_DIFFUSE;
}

GLuint ffp_prepare(const struct wined3d_state *state, struct wined3d_ffp_uniforms *u, const uint8_t *tex_types,
        struct wined3d_ffp_key *key_out)
{
    struct wined3d_ffp_draw_info info = {WINED3D_FFP_FLIP_Y, NULL};
    struct wined3d_ffp_key key;
    unsigned int s;

    if (!clip_control || force_no_clip_control) info.flags |= WINED3D_FFP_NO_CLIP_CONTROL;
    if (generic_stages == WINED3D_FFP_STAGES_GENERIC) info.flags |= WINED3D_FFP_GENERIC_STAGES;
    if (generic_stages == WINED3D_FFP_STAGES_GENERIC_OPS) info.flags |= WINED3D_FFP_GENERIC_OPS;
    wined3d_ffp_key_from_state(&key, state, &info);
    if (tex_types)
        for (s = 0; s < WINED3D_FFP_MAX_STAGES; ++s)
            if (wined3d_ffp_stage_samples(&key, s)) key.stages[s].tex_type = tex_types[s];
    wined3d_ffp_fill_uniforms(u, state, &info);
    if (key_out) *key_out = key;
    return ffp_gl_build(&key);
}

int ffp_color_close(uint32_t a, uint32_t b, unsigned int tolerance)
{
    unsigned int shift;

    for (shift = 0; shift < 32; shift += 8)
    {
        int ca = (a >> shift) & 0xff, cb = (b >> shift) & 0xff;
        if (abs(ca - cb) > (int)tolerance) return 0;
    }
    return 1;
}

static unsigned int to8(float v)
{
    if (v <= 0.0f) return 0;
    if (v >= 1.0f) return 255;
    return (unsigned int)floorf(v * 255.0f + 0.5f);
}

uint32_t ffp_argb(float r, float g, float b, float a)
{
    return (to8(a) << 24) | (to8(r) << 16) | (to8(g) << 8) | to8(b);
}

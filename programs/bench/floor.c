/*
 * bench-floor: the raw-GL floor.  The bench scenes drawn by hand-written
 * OpenGL 3.3 core code issuing the minimal call sequence, with no
 * translation layer, in the same process model as the Direct3D 7 runs: a PE
 * program on WGL (run under wine64, whose opengl32 calls the host's libGL)
 * and a native program on EGL's surfaceless platform (an FBO as target).
 *
 * What "minimal" means here, per scene:
 * - churn: the frame's vertices are streamed once a frame (one
 *   glBufferSubData: a D3D7 draw from user memory has to be copied somewhere,
 *   a translation layer can at best batch the copies), then per draw only the
 *   GL calls that the k state changes need (one each: glBindTexture,
 *   glEnable/glDisable, glBlendFunc, glDepthFunc, glDepthMask,
 *   glSamplerParameteri, glUniform*) and one glDrawArrays.  The
 *   texture-stage operations are uniforms of one program.
 * - tnl: static vertex and index buffers; per object one glUniformMatrix4fv
 *   (the world matrix) and one glDrawElements.  Lighting is per vertex in
 *   one program with the lights in uniforms, as Direct3D 7 lights.
 * - fill: as churn with no state changes.
 * - thrash: per batch the one state change the THRASH host made and one
 *   glDrawElements of its two quads; a mesh draw every fourth batch.
 *
 * With --batched it is the hand-batched reference instead: the best
 * hand-written GL 3.3 for the same frames, where nothing is drawn twice
 * that one draw can cover (batched_* below):
 * - per-draw values that a shader can read (stage 0's texture and filter,
 *   colour and alpha ops, COLORARG2, TEXTUREFACTOR, ALPHAREF) travel as a
 *   per-vertex integer, uploaded with the vertices, so they do not end a run;
 *   textures and filters are chosen among units (2 textures x 2 samplers);
 * - state the shader cannot take (blending, depth, culling, churn's sampler
 *   changes) ends a run: one glDraw* per unchanged run, then only the calls
 *   that change;
 * - tnl's world matrices are an instanced attribute: one glDrawElementsInstanced
 *   a frame; thrash's indices are laid out in draw order (32-bit, the mesh's
 *   vertices copied per draw) so that a run is one range.
 * That is the physical limit a layer that joins draws can aim at.
 * GL is otherwise only called inside wined3d-lite: this file is the measuring
 * stick the core is compared with, so it must not go through the core.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GL/glew.h>
#ifdef _WIN32
# define WIN32_LEAN_AND_MEAN
# include <windows.h>
#else
# include <EGL/egl.h>
# include <EGL/eglext.h>
#endif

#include "bench.h"

static struct
{
#ifdef _WIN32
    HDC dc;
    HGLRC context;
#else
    EGLDisplay display;
    EGLContext context;
    GLuint fbo, renderbuffers[2];
#endif
    int have_context;
    GLuint programs[2], vao, vbo, ibo, textures[2], sampler;
    /* --batched: per-vertex draw values, instanced world matrices, the
     * linear-filtered sampler of units 2 and 3, and thrash's current state. */
    GLuint bits_vbo, world_vbo, sampler_linear;
    uint8_t *bits;
    float *worlds;
    unsigned int thrash_texture, thrash_filter, thrash_blend, thrash_func;
    GLint u_screen, u_colorop, u_alphaop, u_colorarg2, u_tfactor, u_alpharef;
    GLint u_world, u_viewproj, u_light_count, u_light_dir, u_light_diffuse, u_ambient;
    struct bench_tlvertex *vertices;
    unsigned int vertex_count;
    uint16_t *indices;
    char detail[300];
} fl;

/* ---------------------------------------------------------------------- */
/* Window-system glue.                                                     */

#ifdef _WIN32

typedef HGLRC (WINAPI *create_context_attribs_fn)(HDC dc, HGLRC share, const int *attribs);
typedef BOOL (WINAPI *swap_interval_fn)(int interval);

static int glue_create(const char **why)
{
    PIXELFORMATDESCRIPTOR pfd;
    create_context_attribs_fn create_attribs;
    swap_interval_fn swap_interval;
    HGLRC legacy;
    int format;
    static const int attribs[] =
    {
        0x2091, 3,          /* WGL_CONTEXT_MAJOR_VERSION_ARB */
        0x2092, 3,          /* WGL_CONTEXT_MINOR_VERSION_ARB */
        0x9126, 0x00000001, /* WGL_CONTEXT_PROFILE_MASK_ARB: core */
        0
    };

    if (fl.have_context)
        return 0;
    fl.dc = GetDC(bench_window());
    memset(&pfd, 0, sizeof(pfd));
    pfd.nSize = sizeof(pfd);
    pfd.nVersion = 1;
    pfd.dwFlags = PFD_DRAW_TO_WINDOW | PFD_SUPPORT_OPENGL | PFD_DOUBLEBUFFER;
    pfd.iPixelType = PFD_TYPE_RGBA;
    pfd.cColorBits = 32;
    pfd.cAlphaBits = 8;
    pfd.cDepthBits = 24;
    if (!(format = ChoosePixelFormat(fl.dc, &pfd)) || !SetPixelFormat(fl.dc, format, &pfd))
    {
        *why = "no WGL pixel format";
        return -1;
    }
    if (!(legacy = wglCreateContext(fl.dc)) || !wglMakeCurrent(fl.dc, legacy))
    {
        *why = "wglCreateContext failed";
        return -1;
    }
    if (!(create_attribs = (create_context_attribs_fn)(void (*)(void))wglGetProcAddress("wglCreateContextAttribsARB"))
            || !(fl.context = create_attribs(fl.dc, NULL, attribs)))
    {
        *why = "no OpenGL 3.3 core context (wglCreateContextAttribsARB)";
        return -1;
    }
    wglMakeCurrent(fl.dc, fl.context);
    wglDeleteContext(legacy);
    glewExperimental = GL_TRUE;
    if (glewInit() != GLEW_OK)
    {
        *why = "glewInit failed";
        return -1;
    }
    if ((swap_interval = (swap_interval_fn)(void (*)(void))wglGetProcAddress("wglSwapIntervalEXT")))
        swap_interval(0);
    fl.have_context = 1;
    snprintf(fl.detail, sizeof(fl.detail), "WGL: %s, %s", (const char *)glGetString(GL_RENDERER),
            (const char *)glGetString(GL_VERSION));
    return 0;
}

static void glue_present(void)
{
    SwapBuffers(fl.dc);
}

static void glue_destroy(void)
{
    /* The context lives for the whole process: one per run, as a game has. */
}

#else /* native: EGL surfaceless */

static int glue_create(const char **why)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display;
    EGLint major, minor;
    static const EGLint attribs[] =
    {
        EGL_CONTEXT_MAJOR_VERSION, 3,
        EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_NONE
    };
    GLenum err;

    if (fl.have_context)
        return 0;
    get_platform_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_platform_display
            || (fl.display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL))
            == EGL_NO_DISPLAY || !eglInitialize(fl.display, &major, &minor))
    {
        *why = "no EGL surfaceless display";
        return -1;
    }
    eglBindAPI(EGL_OPENGL_API);
    if ((fl.context = eglCreateContext(fl.display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs)) == EGL_NO_CONTEXT
            || !eglMakeCurrent(fl.display, EGL_NO_SURFACE, EGL_NO_SURFACE, fl.context))
    {
        *why = "no OpenGL 3.3 core EGL context";
        return -1;
    }
    glewExperimental = GL_TRUE;
    /* A GLX build of GLEW loads the GL entry points and then fails on the
     * missing GLX display; the GL part is what we need. */
    if ((err = glewInit()) != GLEW_OK && err != GLEW_ERROR_NO_GLX_DISPLAY)
    {
        *why = "glewInit failed";
        return -1;
    }
    glGenFramebuffers(1, &fl.fbo);
    glGenRenderbuffers(2, fl.renderbuffers);
    glBindRenderbuffer(GL_RENDERBUFFER, fl.renderbuffers[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, BENCH_WIDTH, BENCH_HEIGHT);
    glBindRenderbuffer(GL_RENDERBUFFER, fl.renderbuffers[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, BENCH_WIDTH, BENCH_HEIGHT);
    glBindFramebuffer(GL_FRAMEBUFFER, fl.fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, fl.renderbuffers[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, fl.renderbuffers[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    {
        *why = "incomplete framebuffer";
        return -2;
    }
    fl.have_context = 1;
    snprintf(fl.detail, sizeof(fl.detail), "EGL %d.%d surfaceless: %s, %s", major, minor,
            (const char *)glGetString(GL_RENDERER), (const char *)glGetString(GL_VERSION));
    return 0;
}

static void glue_present(void)
{
    /* No window: hand the frame to the driver as a swap would. */
    glFlush();
}

static void glue_destroy(void)
{
}

#endif

/* ---------------------------------------------------------------------- */
/* Programs.                                                               */

static const char tl_vs[] =
    "#version 330 core\n"
    "layout(location = 0) in vec4 position;\n"   /* x, y pixels; z 0..1; rhw */
    "layout(location = 1) in vec4 diffuse;\n"
    "layout(location = 2) in vec2 texcoord;\n"
    "uniform vec2 screen;\n"
    "out vec4 colour;\n"
    "out vec2 uv;\n"
    "void main()\n"
    "{\n"
    /* Direct3D's pixel centres are on integer coordinates, GL's at +0.5;
     * 1/64 less keeps Direct3D's top-left rule for edges through centres. */
    "    vec2 p = (position.xy + (0.5 - 1.0 / 64.0)) / screen * 2.0 - 1.0;\n"
    "    float w = 1.0 / position.w;\n"
    "    gl_Position = vec4(p.x, -p.y, position.z * 2.0 - 1.0, 1.0) * w;\n"
    "    colour = diffuse;\n"
    "    uv = texcoord;\n"
    "}\n";

static const char tl_fs[] =
    "#version 330 core\n"
    "in vec4 colour;\n"
    "in vec2 uv;\n"
    "uniform sampler2D tex;\n"
    "uniform int colorop, alphaop, colorarg2;\n"  /* 0 modulate, 1 select arg1; arg2 0 diffuse, 1 factor */
    "uniform vec4 tfactor;\n"
    "uniform float alpharef;\n"
    "layout(location = 0) out vec4 result;\n"
    "void main()\n"
    "{\n"
    "    vec4 t = texture(tex, uv), arg2 = colorarg2 == 1 ? tfactor : colour;\n"
    "    result.rgb = colorop == 1 ? t.rgb : t.rgb * arg2.rgb;\n"
    "    result.a = alphaop == 1 ? t.a : t.a * colour.a;\n"
    "    if (result.a < alpharef) discard;\n"
    "}\n";

static const char tnl_vs[] =
    "#version 330 core\n"
    "layout(location = 0) in vec3 position;\n"
    "layout(location = 1) in vec3 normal;\n"
    "uniform mat4 world, viewproj;\n"            /* Direct3D row-vector matrices, uploaded as they are */
    "uniform int light_count;\n"
    "uniform vec3 light_dir[8];\n"
    "uniform vec4 light_diffuse[8];\n"
    "uniform vec4 ambient;\n"
    "out vec4 colour;\n"
    "void main()\n"
    "{\n"
    "    vec4 p = viewproj * (world * vec4(position, 1.0));\n"
    "    vec3 n = (world * vec4(normal, 0.0)).xyz;\n"  /* unit: the world matrices do not scale */
    "    vec3 c = ambient.rgb * 0.2;\n"
    "    for (int i = 0; i < light_count; ++i)\n"
    "        c += max(dot(n, -normalize(light_dir[i])), 0.0) * light_diffuse[i].rgb;\n"
    "    colour = vec4(clamp(c, 0.0, 1.0), 1.0);\n"
    /* Direct3D's pixel centres are on integer coordinates, GL's half a pixel
     * further: shift by half a pixel; D3D's clip z is 0..w, GL's -w..w. */
    "    vec2 shift = (1.0 - 1.0 / 32.0) / vec2(640.0, -480.0);\n"
    "    gl_Position = vec4(p.xy + shift * p.w, 2.0 * p.z - p.w, p.w);\n"
    "}\n";

static const char tnl_fs[] =
    "#version 330 core\n"
    "in vec4 colour;\n"
    "layout(location = 0) out vec4 result;\n"
    "void main() { result = colour; }\n";

/* --batched: the same pipeline with the per-draw values in a flat
 * per-vertex integer (bit 0 texture, 1 COLOROP, 2 ALPHAOP, 3 COLORARG2,
 * 4 TEXTUREFACTOR, 5 ALPHAREF, 6 linear filter) and the samplers on four
 * units: tex[2 * linear + texture]. */
static const char tl_vs_batched[] =
    "#version 330 core\n"
    "layout(location = 0) in vec4 position;\n"
    "layout(location = 1) in vec4 diffuse;\n"
    "layout(location = 2) in vec2 texcoord;\n"
    "layout(location = 3) in uint bits;\n"
    "uniform vec2 screen;\n"
    "out vec4 colour;\n"
    "out vec2 uv;\n"
    "flat out uint draw_bits;\n"
    "void main()\n"
    "{\n"
    "    vec2 p = (position.xy + (0.5 - 1.0 / 64.0)) / screen * 2.0 - 1.0;\n"
    "    float w = 1.0 / position.w;\n"
    "    gl_Position = vec4(p.x, -p.y, position.z * 2.0 - 1.0, 1.0) * w;\n"
    "    colour = diffuse;\n"
    "    uv = texcoord;\n"
    "    draw_bits = bits;\n"
    "}\n";

static const char tl_fs_batched[] =
    "#version 330 core\n"
    "in vec4 colour;\n"
    "in vec2 uv;\n"
    "flat in uint draw_bits;\n"
    "uniform sampler2D tex[4];\n"
    "layout(location = 0) out vec4 result;\n"
    "void main()\n"
    "{\n"
    "    uint unit = (draw_bits & 1u) | ((draw_bits >> 5u) & 2u);\n"
    "    vec4 t = unit == 0u ? texture(tex[0], uv) : unit == 1u ? texture(tex[1], uv)\n"
    "            : unit == 2u ? texture(tex[2], uv) : texture(tex[3], uv);\n"
    "    float f = ((draw_bits & 16u) != 0u ? 192.0 : 128.0) / 255.0;\n"
    "    vec4 arg2 = (draw_bits & 8u) != 0u ? vec4(f, f, f, 1.0) : colour;\n"
    "    result.rgb = (draw_bits & 2u) != 0u ? t.rgb : t.rgb * arg2.rgb;\n"
    "    result.a = (draw_bits & 4u) != 0u ? t.a : t.a * colour.a;\n"
    "    if (result.a < ((draw_bits & 32u) != 0u ? 32.0 : 16.0) / 255.0) discard;\n"
    "}\n";

static const char tnl_vs_batched[] =
    "#version 330 core\n"
    "layout(location = 0) in vec3 position;\n"
    "layout(location = 1) in vec3 normal;\n"
    "layout(location = 4) in mat4 world;\n"     /* per instance: locations 4-7 */
    "uniform mat4 viewproj;\n"
    "uniform int light_count;\n"
    "uniform vec3 light_dir[8];\n"
    "uniform vec4 light_diffuse[8];\n"
    "uniform vec4 ambient;\n"
    "out vec4 colour;\n"
    "void main()\n"
    "{\n"
    "    vec4 p = viewproj * (world * vec4(position, 1.0));\n"
    "    vec3 n = (world * vec4(normal, 0.0)).xyz;\n"
    "    vec3 c = ambient.rgb * 0.2;\n"
    "    for (int i = 0; i < light_count; ++i)\n"
    "        c += max(dot(n, -normalize(light_dir[i])), 0.0) * light_diffuse[i].rgb;\n"
    "    colour = vec4(clamp(c, 0.0, 1.0), 1.0);\n"
    "    vec2 shift = (1.0 - 1.0 / 32.0) / vec2(640.0, -480.0);\n"
    "    gl_Position = vec4(p.xy + shift * p.w, 2.0 * p.z - p.w, p.w);\n"
    "}\n";

static GLuint build_program(const char *vs, const char *fs, const char **why)
{
    const char *sources[2] = {vs, fs};
    GLenum types[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    GLuint program = glCreateProgram();
    GLint ok;
    unsigned int i;

    for (i = 0; i < 2; ++i)
    {
        GLuint shader = glCreateShader(types[i]);

        glShaderSource(shader, 1, &sources[i], NULL);
        glCompileShader(shader);
        glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
        if (!ok)
        {
            static char log[512];

            glGetShaderInfoLog(shader, sizeof(log), NULL, log);
            *why = log;
            return 0;
        }
        glAttachShader(program, shader);
        glDeleteShader(shader);
    }
    glLinkProgram(program);
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok)
    {
        *why = "program link failed";
        return 0;
    }
    return program;
}

/* ---------------------------------------------------------------------- */
/* Scenes.                                                                 */

static void floor_teardown(const struct bench_config *config)
{
    if (fl.have_context)
    {
        glBindVertexArray(0);
        glUseProgram(0);
        if (fl.programs[0]) glDeleteProgram(fl.programs[0]);
        if (fl.programs[1]) glDeleteProgram(fl.programs[1]);
        glDeleteVertexArrays(1, &fl.vao);
        glDeleteBuffers(1, &fl.vbo);
        glDeleteBuffers(1, &fl.ibo);
        glDeleteTextures(2, fl.textures);
        glDeleteSamplers(1, &fl.sampler);
        glDeleteBuffers(1, &fl.bits_vbo);
        glDeleteBuffers(1, &fl.world_vbo);
        glDeleteSamplers(1, &fl.sampler_linear);
    }
    fl.programs[0] = fl.programs[1] = fl.vao = fl.vbo = fl.ibo = fl.sampler = 0;
    fl.bits_vbo = fl.world_vbo = fl.sampler_linear = 0;
    free(fl.bits);
    free(fl.worlds);
    fl.bits = NULL;
    fl.worlds = NULL;
    fl.textures[0] = fl.textures[1] = 0;
    free(fl.vertices);
    free(fl.indices);
    fl.vertices = NULL;
    fl.indices = NULL;
    glue_destroy();
}

static void tl_layout(void)
{
    const GLsizei stride = sizeof(struct bench_tlvertex);

    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, stride, (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *)16);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, (void *)20);
}

/* The thrash scene's vertices: two quads per batch, then the 16 mesh vertices. */
static void thrash_geometry(unsigned int batches)
{
    unsigned int b, j, n = 0;

    for (b = 0; b < batches * 2; ++b)
    {
        unsigned int cell = b % 4800;
        float x0 = (float)(cell % 80) * 8.0f, y0 = (float)(cell / 80) * 8.0f;
        const float xs[4] = {x0, x0 + 7, x0 + 7, x0}, ys[4] = {y0, y0, y0 + 7, y0 + 7};
        const float us[4] = {1 / 16.0f, 15 / 16.0f, 15 / 16.0f, 1 / 16.0f};   /* as churn's */
        const float vs[4] = {1 / 16.0f, 1 / 16.0f, 15 / 16.0f, 15 / 16.0f};

        for (j = 0; j < 4; ++j, ++n)
        {
            fl.vertices[n].x = xs[j]; fl.vertices[n].y = ys[j]; fl.vertices[n].z = 0.5f;
            fl.vertices[n].rhw = 1.0f; fl.vertices[n].u = us[j]; fl.vertices[n].v = vs[j];
            fl.vertices[n].diffuse = 0xff000000u | ((b * 2654435761u) & 0x00ffffffu) | 0x00404040u;
        }
    }
    for (j = 0; j < 16; ++j, ++n)
    {
        fl.vertices[n].x = 500.0f + 30.0f * (j % 4); fl.vertices[n].y = 300.0f + 30.0f * (j / 4);
        fl.vertices[n].z = 0.4f; fl.vertices[n].rhw = 1.0f; fl.vertices[n].diffuse = 0xffc0c0c0;
        fl.vertices[n].u = (j % 4) / 3.0f; fl.vertices[n].v = (j / 4) / 3.0f;
    }
    /* Indices: each batch's two quads as 12, then the mesh's 54. */
    for (b = 0; b < batches; ++b)
        for (j = 0; j < 2; ++j)
        {
            uint16_t base = (uint16_t)((8 * b + 4 * j) & 0xffff), *ix = fl.indices + 12 * b + 6 * j;

            ix[0] = base; ix[1] = base + 1; ix[2] = base + 2; ix[3] = base; ix[4] = base + 2; ix[5] = base + 3;
        }
    for (j = 0; j < 9; ++j)
    {
        uint16_t a = (uint16_t)(j / 3 * 4 + j % 3), *ix = fl.indices + 12 * batches + 6 * j;

        ix[0] = a; ix[1] = a + 1; ix[2] = a + 4; ix[3] = a + 4; ix[4] = a + 1; ix[5] = a + 5;
    }
}

/* The GL objects and state both paths start from: a vertex array with a
 * vertex and an index buffer bound, the two 64x64 textures, a sampler with
 * nearest filtering, and Direct3D's default render states. */
static void create_objects(void)
{
    uint32_t pixels[64 * 64];
    unsigned int i;

    glGenVertexArrays(1, &fl.vao);
    glBindVertexArray(fl.vao);
    glGenBuffers(1, &fl.vbo);
    glGenBuffers(1, &fl.ibo);
    glBindBuffer(GL_ARRAY_BUFFER, fl.vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, fl.ibo);
    glGenTextures(2, fl.textures);
    for (i = 0; i < 2; ++i)
    {
        bench_texture_pixels(pixels, 64, i ? 0xc080c0e0 : 0xffe0c080);
        glBindTexture(GL_TEXTURE_2D, fl.textures[i]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_BGRA, GL_UNSIGNED_BYTE, pixels);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    }
    glGenSamplers(1, &fl.sampler);
    glSamplerParameteri(fl.sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(fl.sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glViewport(0, 0, BENCH_WIDTH, BENCH_HEIGHT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    /* Direct3D's default culls counter-clockwise triangles: clockwise ones
     * (as seen on screen) are the front faces. */
    glEnable(GL_CULL_FACE);
    glFrontFace(GL_CW);
    glCullFace(GL_BACK);
    glClearColor(0x20 / 255.0f, 0x30 / 255.0f, 0x40 / 255.0f, 1.0f);
    glClearDepth(1.0);
}

/* The tnl scene on program p (made current): the view-projection, the
 * lights and the ambient colour, and the cube in the bound buffers. */
static void tnl_setup(GLuint p, const struct bench_config *config)
{
    float view[16], projection[16], vp[16];
    unsigned int r, c, k, i;

    glUseProgram(p);
    fl.u_viewproj = glGetUniformLocation(p, "viewproj");
    bench_tnl_view_projection(view, projection);
    /* view * projection, row-vector convention. */
    for (r = 0; r < 4; ++r)
        for (c = 0; c < 4; ++c)
            for (vp[4 * r + c] = 0.0f, k = 0; k < 4; ++k)
                vp[4 * r + c] += view[4 * r + k] * projection[4 * k + c];
    glUniformMatrix4fv(fl.u_viewproj, 1, GL_FALSE, vp);
    glUniform1i(glGetUniformLocation(p, "light_count"), (GLint)config->lights);
    for (i = 0; i < config->lights; ++i)
    {
        float direction[3], diffuse[4];
        char name[32];

        bench_tnl_light(i, config->lights, direction, diffuse);
        snprintf(name, sizeof(name), "light_dir[%u]", i);
        glUniform3fv(glGetUniformLocation(p, name), 1, direction);
        snprintf(name, sizeof(name), "light_diffuse[%u]", i);
        glUniform4fv(glGetUniformLocation(p, name), 1, diffuse);
    }
    glUniform4f(glGetUniformLocation(p, "ambient"), 0x20 / 255.0f, 0x20 / 255.0f, 0x20 / 255.0f, 1.0f);
    glBufferData(GL_ARRAY_BUFFER, sizeof(bench_cube_vertices), bench_cube_vertices, GL_STATIC_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(bench_cube_indices), bench_cube_indices, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct bench_nvertex), (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(struct bench_nvertex), (void *)12);
}

/* The churn and fill scenes' quads, two triangles a draw; fill's are
 * blended over each other without a depth test and filtered linearly. */
static int quad_vertices(const struct bench_config *config)
{
    fl.vertex_count = 6 * config->draws;
    if (!(fl.vertices = malloc(sizeof(*fl.vertices) * fl.vertex_count)))
        return -1;
    if (config->scene == BENCH_SCENE_CHURN)
        bench_churn_vertices(fl.vertices, config->draws);
    else
    {
        bench_fill_vertices(fl.vertices, config->draws);
        glEnable(GL_BLEND);
        glDisable(GL_DEPTH_TEST);
        glSamplerParameteri(fl.sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glSamplerParameteri(fl.sampler, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    }
    return 0;
}

static int batched_setup(const struct bench_config *config, const char **why);

static int floor_setup(const struct bench_config *config, const char **why)
{
    int ret;

    if ((ret = glue_create(why)))
        return ret;
    if (config->batched)
        return batched_setup(config, why);
    if (!(fl.programs[0] = build_program(tl_vs, tl_fs, why)) || !(fl.programs[1] = build_program(tnl_vs, tnl_fs, why)))
        return -2;
    create_objects();
    glBindTexture(GL_TEXTURE_2D, fl.textures[0]);
    glBindSampler(0, fl.sampler);

    if (config->scene == BENCH_SCENE_TNL)
    {
        tnl_setup(fl.programs[1], config);
        fl.u_world = glGetUniformLocation(fl.programs[1], "world");
    }
    else
    {
        GLuint p = fl.programs[0];

        glUseProgram(p);
        glUniform2f(glGetUniformLocation(p, "screen"), BENCH_WIDTH, BENCH_HEIGHT);
        glUniform1i(glGetUniformLocation(p, "tex"), 0);
        fl.u_colorop = glGetUniformLocation(p, "colorop");
        fl.u_alphaop = glGetUniformLocation(p, "alphaop");
        fl.u_colorarg2 = glGetUniformLocation(p, "colorarg2");
        fl.u_tfactor = glGetUniformLocation(p, "tfactor");
        fl.u_alpharef = glGetUniformLocation(p, "alpharef");
        glUniform4f(fl.u_tfactor, 0x80 / 255.0f, 0x80 / 255.0f, 0x80 / 255.0f, 1.0f);
        glUniform1f(fl.u_alpharef, 0x10 / 255.0f);
        /* Direct3D's stage 0 alpha is the texture's (SELECTARG1) unless the
         * scene sets MODULATE: fill does, churn's slot 6 does from k = 7. */
        glUniform1i(fl.u_alphaop, config->scene == BENCH_SCENE_FILL
                || (config->scene == BENCH_SCENE_CHURN && config->changes > 6) ? 0 : 1);
        if (config->scene == BENCH_SCENE_THRASH)
        {
            fl.vertex_count = 8 * config->draws + 16;
            fl.vertices = malloc(sizeof(*fl.vertices) * fl.vertex_count);
            fl.indices = malloc(sizeof(*fl.indices) * (12 * config->draws + 54));
            if (!fl.vertices || !fl.indices)
                return -2;
            thrash_geometry(config->draws);
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(*fl.indices) * (12 * config->draws + 54), fl.indices,
                    GL_STATIC_DRAW);
            glDisable(GL_CULL_FACE);
        }
        else
        {
            if (quad_vertices(config))
                return -2;
        }
        glBufferData(GL_ARRAY_BUFFER, sizeof(*fl.vertices) * fl.vertex_count, NULL, GL_STREAM_DRAW);
        tl_layout();
    }
    if (glGetError() != GL_NO_ERROR)
    {
        *why = "GL error during set-up";
        return -2;
    }
    return 0;
}

/* The GL equivalent of churn's state change slot (see d3d7.c). */
static void churn_change(unsigned int slot, unsigned int v, unsigned int *blend)
{
    switch (slot)
    {
        case 0:  glBindTexture(GL_TEXTURE_2D, fl.textures[v]); break;
        case 1:  if (v) glEnable(GL_BLEND); else glDisable(GL_BLEND); break;
        case 2:  glUniform1i(fl.u_colorop, v); break;
        case 3:  blend[0] = v ? GL_ONE : GL_SRC_ALPHA; glBlendFunc(blend[0], blend[1]); break;
        case 4:  glSamplerParameteri(fl.sampler, GL_TEXTURE_MAG_FILTER, v ? GL_LINEAR : GL_NEAREST); break;
        case 5:  glDepthFunc(v ? GL_ALWAYS : GL_LEQUAL); break;
        case 6:  glUniform1i(fl.u_alphaop, v); break;
        case 7:  blend[1] = v ? GL_ZERO : GL_ONE_MINUS_SRC_ALPHA; glBlendFunc(blend[0], blend[1]); break;
        case 8:  glSamplerParameteri(fl.sampler, GL_TEXTURE_WRAP_S, v ? GL_CLAMP_TO_EDGE : GL_REPEAT); break;
        case 9:
        {
            float f = (v ? 0xc0 : 0x80) / 255.0f;
            glUniform4f(fl.u_tfactor, f, f, f, 1.0f);
            break;
        }
        case 10: glSamplerParameteri(fl.sampler, GL_TEXTURE_MIN_FILTER, v ? GL_LINEAR : GL_NEAREST); break;
        case 11: glUniform1f(fl.u_alpharef, (v ? 0x20 : 0x10) / 255.0f); break;
        case 12: glUniform1i(fl.u_colorarg2, v); break;
        case 13: if (v) glDisable(GL_CULL_FACE); else glEnable(GL_CULL_FACE); break;
        case 14: glDepthMask(v ? GL_FALSE : GL_TRUE); break;
        case 15: glSamplerParameteri(fl.sampler, GL_TEXTURE_WRAP_T, v ? GL_CLAMP_TO_EDGE : GL_REPEAT); break;
    }
}

/* ---------------------------------------------------------------------- */
/* The hand-batched reference (--batched).                                 */

/* Churn's state change slots whose values the batched shader reads from the
 * per-vertex bits, and the bit each sets; the others end a run. */
static int batched_churn_bit(unsigned int slot)
{
    switch (slot)
    {
        case 0: return 0x01;    /* texture */
        case 2: return 0x02;    /* COLOROP */
        case 6: return 0x04;    /* ALPHAOP */
        case 12: return 0x08;   /* COLORARG2 */
        case 9: return 0x10;    /* TEXTUREFACTOR */
        case 11: return 0x20;   /* ALPHAREF */
    }
    return 0;
}

static void batched_tl_program(const struct bench_config *config)
{
    GLuint p = fl.programs[0];
    GLint units[4] = {0, 1, 2, 3};
    unsigned int i;

    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "screen"), BENCH_WIDTH, BENCH_HEIGHT);
    glUniform1iv(glGetUniformLocation(p, "tex"), 4, units);
    /* Units 0 and 1 hold the two textures with the sampler churn changes,
     * units 2 and 3 the same with linear filtering (thrash's filter). */
    glGenSamplers(1, &fl.sampler_linear);
    glSamplerParameteri(fl.sampler_linear, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glSamplerParameteri(fl.sampler_linear, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    for (i = 0; i < 4; ++i)
    {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, fl.textures[i & 1]);
        glBindSampler(i, i < 2 ? fl.sampler : fl.sampler_linear);
    }
    glActiveTexture(GL_TEXTURE0);
    glGenBuffers(1, &fl.bits_vbo);
    glBindBuffer(GL_ARRAY_BUFFER, fl.bits_vbo);
    glBufferData(GL_ARRAY_BUFFER, fl.vertex_count, NULL, GL_STREAM_DRAW);
    glEnableVertexAttribArray(3);
    glVertexAttribIPointer(3, 1, GL_UNSIGNED_BYTE, 1, (void *)0);
    glBindBuffer(GL_ARRAY_BUFFER, fl.vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof(*fl.vertices) * fl.vertex_count, NULL, GL_STREAM_DRAW);
    tl_layout();
}

/* Thrash's vertices and 32-bit indices in draw order: each batch's two
 * quads, then after every fourth batch a copy of the mesh of its own. */
static int batched_thrash_geometry(unsigned int batches)
{
    unsigned int meshes = batches / 4, b, j, v = 0, n = 0;
    struct bench_tlvertex *naive;
    uint16_t *naive_indices;
    uint32_t *ix;

    fl.vertex_count = 8 * batches + 16 * meshes;
    naive = malloc(sizeof(*naive) * (8 * batches + 16));
    naive_indices = malloc(sizeof(*naive_indices) * (12 * batches + 54));
    ix = malloc(sizeof(*ix) * (12 * batches + 54 * meshes));
    if (!naive || !naive_indices || !ix)
    {
        free(naive);
        free(naive_indices);
        free(ix);
        return -1;
    }
    /* The naive floor's geometry, rearranged. */
    fl.vertices = naive;
    fl.indices = naive_indices;
    thrash_geometry(batches);
    fl.vertices = malloc(sizeof(*fl.vertices) * fl.vertex_count);
    fl.indices = NULL;
    for (b = 0; b < batches && fl.vertices; ++b)
    {
        memcpy(fl.vertices + v, naive + 8 * b, 8 * sizeof(*naive));
        for (j = 0; j < 12; ++j)
            ix[n++] = v + naive_indices[12 * b + j] - ((8 * b) & 0xffffu);
        v += 8;
        if ((b & 3) == 3)
        {
            memcpy(fl.vertices + v, naive + 8 * batches, 16 * sizeof(*naive));
            for (j = 0; j < 54; ++j)
                ix[n++] = v + naive_indices[12 * batches + j];
            v += 16;
        }
    }
    if (fl.vertices)
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(*ix) * n, ix, GL_STATIC_DRAW);
    free(naive);
    free(naive_indices);
    free(ix);
    return fl.vertices ? 0 : -1;
}

static int batched_setup(const struct bench_config *config, const char **why)
{
    unsigned int i;

    if (!(fl.programs[0] = build_program(tl_vs_batched, tl_fs_batched, why))
            || !(fl.programs[1] = build_program(tnl_vs_batched, tnl_fs, why)))
        return -2;
    create_objects();
    fl.thrash_texture = fl.thrash_filter = fl.thrash_blend = fl.thrash_func = 0;

    if (config->scene == BENCH_SCENE_TNL)
    {
        tnl_setup(fl.programs[1], config);
        /* The world matrices, one per instance, columns as glUniformMatrix4fv
         * takes the row-vector array: attribute 4 + i is column i. */
        if (!(fl.worlds = malloc(sizeof(float) * 16 * config->draws)))
            return -2;
        glGenBuffers(1, &fl.world_vbo);
        glBindBuffer(GL_ARRAY_BUFFER, fl.world_vbo);
        glBufferData(GL_ARRAY_BUFFER, sizeof(float) * 16 * config->draws, NULL, GL_STREAM_DRAW);
        for (i = 0; i < 4; ++i)
        {
            glEnableVertexAttribArray(4 + i);
            glVertexAttribPointer(4 + i, 4, GL_FLOAT, GL_FALSE, 16 * sizeof(float), (void *)(4 * i * sizeof(float)));
            glVertexAttribDivisor(4 + i, 1);
        }
    }
    else
    {
        if (config->scene == BENCH_SCENE_THRASH)
        {
            if (batched_thrash_geometry(config->draws))
                return -2;
            glDisable(GL_CULL_FACE);
        }
        else
        {
            if (quad_vertices(config))
                return -2;
        }
        if (!(fl.bits = malloc(fl.vertex_count)))
            return -2;
        batched_tl_program(config);
    }
    if (glGetError() != GL_NO_ERROR)
    {
        *why = "GL error during set-up";
        return -2;
    }
    return 0;
}

static void batched_upload(void)
{
    glBindBuffer(GL_ARRAY_BUFFER, fl.vbo);
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(*fl.vertices) * fl.vertex_count, fl.vertices);
    glBindBuffer(GL_ARRAY_BUFFER, fl.bits_vbo);
    glBufferSubData(GL_ARRAY_BUFFER, 0, fl.vertex_count, fl.bits);
}

/* Churn and fill: the bits of each draw, then one glDrawArrays per run of
 * draws that the GL state between them does not split. */
static void batched_churn(const struct bench_config *config)
{
    unsigned int d, k, start = 0, breaking = 0, blend[2] = {GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA};
    unsigned int changes = config->scene == BENCH_SCENE_CHURN ? config->changes : 0;
    /* ALPHAOP is SELECTARG1 unless the scene sets MODULATE (as floor_setup). */
    uint8_t base = config->scene == BENCH_SCENE_FILL || changes > 6 ? 0 : 0x04;

    for (k = 0; k < changes; ++k)
        if (!batched_churn_bit(k))
            breaking = 1;
    for (d = 0; d < config->draws; ++d)
    {
        uint8_t bits = base;

        for (k = 0; k < changes; ++k)
            if (batched_churn_bit(k))
                bits = (d & 1) ? bits | batched_churn_bit(k) : bits & ~batched_churn_bit(k);
        memset(fl.bits + 6 * d, bits, 6);
    }
    batched_upload();
    if (breaking)
        for (d = 1; d < config->draws; ++d)
        {
            glDrawArrays(GL_TRIANGLES, 6 * start, 6 * (d - start));
            start = d;
            for (k = 0; k < changes; ++k)
                if (!batched_churn_bit(k))
                    churn_change(k, d & 1, blend);
        }
    glDrawArrays(GL_TRIANGLES, 6 * start, 6 * (config->draws - start));
    if (breaking && (config->draws & 1) == 0)
        for (k = 0; k < changes; ++k)
            if (!batched_churn_bit(k))
                churn_change(k, 0, blend);
}

static void batched_thrash_draw(unsigned int start, unsigned int end)
{
    if (end > start)
        glDrawElements(GL_TRIANGLES, end - start, GL_UNSIGNED_INT, (void *)(sizeof(uint32_t) * start));
}

/* Thrash: texture and filter are bits; blending ends a run only when it
 * changes what is drawn (the factors do not matter while it is off). */
static void batched_thrash(const struct bench_config *config)
{
    unsigned int b, j, v = 0, index = 0, start = 0;

    for (b = 0; b < config->draws; ++b)
    {
        unsigned int value = (b >> 2) & 1, count = (b & 3) == 3 ? 24 : 8;
        uint8_t bits;

        switch (b & 3)
        {
            case 0: fl.thrash_texture = value; break;
            case 1:
                if (fl.thrash_blend != value)
                {
                    batched_thrash_draw(start, index);
                    start = index;
                    if (value) glEnable(GL_BLEND); else glDisable(GL_BLEND);
                    fl.thrash_blend = value;
                }
                break;
            case 2:
                if (fl.thrash_func != value)
                {
                    if (fl.thrash_blend)
                    {
                        batched_thrash_draw(start, index);
                        start = index;
                    }
                    glBlendFunc(GL_SRC_ALPHA, value ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA);
                    fl.thrash_func = value;
                }
                break;
            case 3: fl.thrash_filter = value; break;
        }
        /* Bit 6 (linear) with bit 0 (texture) picks the unit; ALPHAOP is SELECTARG1. */
        bits = (uint8_t)(fl.thrash_texture | 0x04 | fl.thrash_filter << 6);
        for (j = 0; j < count; ++j)
            fl.bits[v + j] = bits;
        v += count;
        index += count == 24 ? 12 + 54 : 12;
    }
    batched_upload();
    batched_thrash_draw(start, index);
}

static int batched_frame(const struct bench_config *config, unsigned int index, const char **why)
{
    unsigned int d;

    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    switch (config->scene)
    {
        case BENCH_SCENE_CHURN:
        case BENCH_SCENE_FILL:
            batched_churn(config);
            break;

        case BENCH_SCENE_TNL:
            for (d = 0; d < config->draws; ++d)
                bench_tnl_world(fl.worlds + 16 * d, d, config->draws, index);
            glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(float) * 16 * config->draws, fl.worlds);
            glDrawElementsInstanced(GL_TRIANGLES, 36, GL_UNSIGNED_SHORT, (void *)0, config->draws);
            break;

        case BENCH_SCENE_THRASH:
            batched_thrash(config);
            break;

        default:
            break;
    }
    glue_present();
    return 0;
}


static int floor_frame(const struct bench_config *config, unsigned int index, const char **why)
{
    unsigned int d, k, blend[2] = {GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA};

    if (config->batched)
        return batched_frame(config, index, why);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    switch (config->scene)
    {
        case BENCH_SCENE_CHURN:
        case BENCH_SCENE_FILL:
            glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(*fl.vertices) * fl.vertex_count, fl.vertices);
            for (d = 0; d < config->draws; ++d)
            {
                /* Draw 0 needs no change: the state is the value-0 set. */
                if (config->scene == BENCH_SCENE_CHURN && d)
                    for (k = 0; k < config->changes; ++k)
                        churn_change(k, d & 1, blend);
                glDrawArrays(GL_TRIANGLES, 6 * d, 6);
            }
            if (config->scene == BENCH_SCENE_CHURN && config->changes && (config->draws & 1) == 0)
                for (k = 0; k < config->changes; ++k)
                    churn_change(k, 0, blend);
            break;

        case BENCH_SCENE_TNL:
            for (d = 0; d < config->draws; ++d)
            {
                float world[16];

                bench_tnl_world(world, d, config->draws, index);
                glUniformMatrix4fv(fl.u_world, 1, GL_FALSE, world);
                glDrawElements(GL_TRIANGLES, 36, GL_UNSIGNED_SHORT, (void *)0);
            }
            break;

        case BENCH_SCENE_THRASH:
            glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(*fl.vertices) * fl.vertex_count, fl.vertices);
            for (d = 0; d < config->draws; ++d)
            {
                unsigned int v = (d >> 2) & 1;

                switch (d & 3)
                {
                    case 0: glBindTexture(GL_TEXTURE_2D, fl.textures[v]); break;
                    case 1: if (v) glEnable(GL_BLEND); else glDisable(GL_BLEND); break;
                    case 2: glBlendFunc(GL_SRC_ALPHA, v ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA); break;
                    case 3:
                        glSamplerParameteri(fl.sampler, GL_TEXTURE_MIN_FILTER, v ? GL_LINEAR : GL_NEAREST);
                        glSamplerParameteri(fl.sampler, GL_TEXTURE_MAG_FILTER, v ? GL_LINEAR : GL_NEAREST);
                        break;
                }
                /* 16-bit indices address 65,536 vertices: far batches draw
                 * with a base vertex. */
                glDrawElementsBaseVertex(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT,
                        (void *)(sizeof(uint16_t) * 12 * d), (GLint)((8 * d) & ~0xffffu));
                if ((d & 3) == 3)
                    glDrawElementsBaseVertex(GL_TRIANGLES, 54, GL_UNSIGNED_SHORT,
                            (void *)(sizeof(uint16_t) * 12 * config->draws), (GLint)(8 * config->draws));
            }
            break;

        default:
            break;
    }
    glue_present();
    return 0;
}

static void floor_finish(const struct bench_config *config)
{
    unsigned char pixel[4];

    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
}

static int floor_read_frame(const struct bench_config *config, uint32_t *pixels)
{
    unsigned char *rgba = malloc(4 * BENCH_WIDTH * BENCH_HEIGHT);
    unsigned int x, y;

    if (!rgba)
        return -1;
    glReadPixels(0, 0, BENCH_WIDTH, BENCH_HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    /* GL's rows go bottom up. */
    for (y = 0; y < BENCH_HEIGHT; ++y)
        for (x = 0; x < BENCH_WIDTH; ++x)
        {
            const unsigned char *p = rgba + 4 * ((BENCH_HEIGHT - 1 - y) * BENCH_WIDTH + x);

            pixels[y * BENCH_WIDTH + x] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    free(rgba);
    return 0;
}

static const char *floor_describe(void)
{
    return fl.detail;
}

const struct bench_impl bench_impl =
{
    "gl-floor",
    floor_setup,
    floor_frame,
    floor_finish,
    NULL,
    floor_teardown,
    floor_describe,
    floor_read_frame,
};

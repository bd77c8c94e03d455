/*
 * glcount: counts the GL calls of a process from outside, the same way for
 * every implementation (our core natively, wine64 running our ddraw.dll or
 * Wine's builtin one, the GL floor).  Load it with LD_PRELOAD; Wine's
 * opengl32 calls the host's libGL, so the count covers what actually reaches
 * the driver.
 *
 *   GLCOUNT_DIR=/some/dir LD_PRELOAD=/path/libglcount.so program ...
 *
 * At exit every process that made GL calls writes GLCOUNT_DIR/glcount.<pid>.json:
 *   {"pid", "comm", "calls", "redundant", "functions": {name: count, ...},
 *    "redundant_functions": {name: count, ...}}
 *
 * How calls are caught: the shim exports every gl* name (glcount_stubs.c), so
 * direct calls bind to it; it wraps dlsym, glXGetProcAddress(ARB) and
 * eglGetProcAddress so that entry points fetched at run time (GLEW, Wine's
 * winex11.drv, Mesa's dispatch users) are the counting stubs too.
 *
 * Redundant calls: for the state-setting functions in glcount_wrapped.txt
 * the shim remembers the value GL was last given (per context, reset when a
 * different context is made current) and counts a call that sets the same
 * value again.  Objects are tracked by name (texture/sampler parameters by
 * the object, uniforms by program and location, bindings by unit and
 * target).  It is a lower bound: state set through other functions (glGet
 * not consulted, DSA, glPushAttrib...) is not modelled.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>

#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>

#define EXPORT __attribute__((visibility("default")))

/* From glcount_stubs.c. */
extern unsigned long long glcount_stub_calls[4096];
extern void *glcount_stub_real[4096];
extern const char *const glcount_stub_names[];
extern void *const glcount_stub_addresses[];
extern const unsigned int glcount_stub_count;

/* ---------------------------------------------------------------------- */
/* The C-wrapped functions: counted here, with redundancy.                 */

enum wrapped
{
#define W(name) W_##name,
#include "glcount_wrapped.h"
#undef W
    W_COUNT
};
static const char *const wrapped_names[W_COUNT] =
{
#define W(name) #name,
#include "glcount_wrapped.h"
#undef W
};
static unsigned long long wrapped_calls[W_COUNT], wrapped_redundant[W_COUNT];
static void *wrapped_real[W_COUNT];

static void *(*real_dlsym)(void *handle, const char *name);
static void *(*real_glx_gpa)(const GLubyte *name);
static void *(*real_egl_gpa)(const char *name);
static int (*real_glx_make_current)(void *dpy, unsigned long drawable, void *ctx);
static int (*real_glx_make_context_current)(void *dpy, unsigned long draw, unsigned long read, void *ctx);
static unsigned int (*real_egl_make_current)(void *dpy, void *draw, void *read, void *ctx);

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;

static void init_real_dlsym(void)
{
    if (!real_dlsym)
        real_dlsym = dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34");
    if (!real_dlsym)
        real_dlsym = dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
}

static void noop(void)
{
}

/* The real address of a GL function, wherever it can be had. */
static void *lookup_real(const char *name)
{
    void *p = NULL;

    init_real_dlsym();
    if (real_dlsym)
        p = real_dlsym(RTLD_NEXT, name);
    if (!p && !real_glx_gpa && real_dlsym)
        real_glx_gpa = real_dlsym(RTLD_NEXT, "glXGetProcAddressARB");
    if (!p && real_glx_gpa)
        p = real_glx_gpa((const GLubyte *)name);
    if (!p && !real_egl_gpa && real_dlsym)
        real_egl_gpa = real_dlsym(RTLD_NEXT, "eglGetProcAddress");
    if (!p && real_egl_gpa)
        p = real_egl_gpa(name);
    return p;
}

__attribute__((visibility("hidden"))) void glcount_resolve_stub(unsigned int index)
{
    void *p = lookup_real(glcount_stub_names[index]);

    glcount_stub_real[index] = p ? p : (void *)noop;
}

static void *wrapped(enum wrapped w)
{
    if (!wrapped_real[w])
    {
        void *p = lookup_real(wrapped_names[w]);

        wrapped_real[w] = p ? p : (void *)noop;
    }
    __atomic_add_fetch(&wrapped_calls[w], 1, __ATOMIC_RELAXED);
    return wrapped_real[w];
}

/* ---- the state model ---- */

/* A small open-addressing map from a 64-bit key to up to 64 bytes. */
#define MAP_SIZE 65536
struct map_entry
{
    uint64_t key;       /* 0 = empty */
    unsigned int size;
    unsigned char value[64];
};
static struct map_entry *state_map;

static void reset_state(void)
{
    if (state_map)
        memset(state_map, 0, sizeof(*state_map) * MAP_SIZE);
}

/* Records value under key; returns 1 when it was already the value. */
static int same_value(uint64_t key, const void *value, unsigned int size)
{
    uint64_t h;
    unsigned int i, n;
    int same = 0;

    if (size > 64)
        return 0;
    key |= 1ull << 63;  /* never 0 */
    h = key * 0x9e3779b97f4a7c15ull;
    pthread_mutex_lock(&state_lock);
    if (!state_map && !(state_map = calloc(MAP_SIZE, sizeof(*state_map))))
    {
        pthread_mutex_unlock(&state_lock);
        return 0;
    }
    for (i = (unsigned int)(h >> 48), n = 0; n < MAP_SIZE; ++n, i = (i + 1) & (MAP_SIZE - 1))
    {
        struct map_entry *e = &state_map[i];

        if (e->key == key)
        {
            same = e->size == size && !memcmp(e->value, value, size);
            break;
        }
        if (!e->key)
        {
            e->key = key;
            break;
        }
    }
    if (n < MAP_SIZE)
    {
        state_map[i].size = size;
        memcpy(state_map[i].value, value, size);
    }
    pthread_mutex_unlock(&state_lock);
    return same;
}

/* Keys: a function-class tag in the top bits, the object/unit/target below. */
#define KEY(tag, a, b) (((uint64_t)(tag) << 52) | (((uint64_t)(a) & 0xffffffu) << 24) | ((uint64_t)(b) & 0xffffffu))
enum tag
{
    T_CAP = 1, T_FUNC, T_PROGRAM, T_VAO, T_ACTIVE, T_BUFFER, T_TEXTURE, T_SAMPLER_BIND, T_FRAMEBUFFER,
    T_UNIFORM, T_SAMPLER_PARAM, T_TEX_PARAM, T_BUFFER_INDEXED,
};

static GLuint current_program, current_vao, active_unit;

static void note(enum wrapped w, uint64_t key, const void *value, unsigned int size)
{
    if (same_value(key, value, size))
        __atomic_add_fetch(&wrapped_redundant[w], 1, __ATOMIC_RELAXED);
}

static unsigned int target_index(GLenum target)
{
    switch (target)
    {
        case GL_TEXTURE_1D: return 1;
        case GL_TEXTURE_2D: return 2;
        case GL_TEXTURE_3D: return 3;
        case GL_TEXTURE_CUBE_MAP: return 4;
        case GL_TEXTURE_RECTANGLE: return 5;
        case GL_TEXTURE_2D_ARRAY: return 6;
        case GL_TEXTURE_2D_MULTISAMPLE: return 7;
        case GL_TEXTURE_BUFFER: return 8;
        default: return 9 + (target & 0xff);
    }
}

/* The texture bound to (unit, target), for glTexParameter. */
static GLuint bound_texture(GLenum target)
{
    uint64_t key = KEY(T_TEXTURE, active_unit, target_index(target)) | (1ull << 63);
    uint64_t h = key * 0x9e3779b97f4a7c15ull;
    unsigned int i, n;
    GLuint name = 0;

    pthread_mutex_lock(&state_lock);
    for (i = (unsigned int)(h >> 48), n = 0; state_map && n < MAP_SIZE; ++n, i = (i + 1) & (MAP_SIZE - 1))
    {
        if (state_map[i].key == key)
        {
            memcpy(&name, state_map[i].value, sizeof(name));
            break;
        }
        if (!state_map[i].key)
            break;
    }
    pthread_mutex_unlock(&state_lock);
    return name;
}

#define CALL(name, type) ((type)wrapped(W_##name))

EXPORT void glEnable(GLenum cap)
{
    unsigned char v = 1;
    note(W_glEnable, KEY(T_CAP, cap, 0), &v, 1);
    CALL(glEnable, void (*)(GLenum))(cap);
}

EXPORT void glDisable(GLenum cap)
{
    unsigned char v = 0;
    note(W_glDisable, KEY(T_CAP, cap, 0), &v, 1);
    CALL(glDisable, void (*)(GLenum))(cap);
}

/* Functions whose whole argument list is the state: decl declares v. */
#define UNPAREN(...) __VA_ARGS__
#define SIMPLE(name, tag_b, proto, args, decl) \
    EXPORT void name proto \
    { \
        UNPAREN decl; \
        note(W_##name, KEY(T_FUNC, W_##name, tag_b), &v, sizeof(v)); \
        CALL(name, void (*) proto) args; \
    }

/* glBlendFunc and glBlendFuncSeparate set the same state: key both as the separate form. */
EXPORT void glBlendFunc(GLenum s, GLenum d)
{
    const GLenum v[4] = {s, d, s, d};
    note(W_glBlendFunc, KEY(T_FUNC, W_glBlendFuncSeparate, 0), v, sizeof(v));
    CALL(glBlendFunc, void (*)(GLenum, GLenum))(s, d);
}
EXPORT void glBlendFuncSeparate(GLenum s, GLenum d, GLenum sa, GLenum da)
{
    const GLenum v[4] = {s, d, sa, da};
    note(W_glBlendFuncSeparate, KEY(T_FUNC, W_glBlendFuncSeparate, 0), v, sizeof(v));
    CALL(glBlendFuncSeparate, void (*)(GLenum, GLenum, GLenum, GLenum))(s, d, sa, da);
}
EXPORT void glBlendEquation(GLenum m)
{
    const GLenum v[2] = {m, m};
    note(W_glBlendEquation, KEY(T_FUNC, W_glBlendEquationSeparate, 0), v, sizeof(v));
    CALL(glBlendEquation, void (*)(GLenum))(m);
}
EXPORT void glBlendEquationSeparate(GLenum m, GLenum ma)
{
    const GLenum v[2] = {m, ma};
    note(W_glBlendEquationSeparate, KEY(T_FUNC, W_glBlendEquationSeparate, 0), v, sizeof(v));
    CALL(glBlendEquationSeparate, void (*)(GLenum, GLenum))(m, ma);
}

SIMPLE(glBlendColor, 0, (GLfloat r, GLfloat g, GLfloat b, GLfloat a), (r, g, b, a), (const GLfloat v[4] = {r, g, b, a}))
SIMPLE(glClearColor, 0, (GLfloat r, GLfloat g, GLfloat b, GLfloat a), (r, g, b, a), (const GLfloat v[4] = {r, g, b, a}))
SIMPLE(glClearDepth, 0, (GLdouble d), (d), (const GLdouble v = d))
SIMPLE(glClearStencil, 0, (GLint s), (s), (const GLint v = s))
SIMPLE(glColorMask, 0, (GLboolean r, GLboolean g, GLboolean b, GLboolean a), (r, g, b, a), (const GLboolean v[4] = {r, g, b, a}))
SIMPLE(glCullFace, 0, (GLenum m), (m), (const GLenum v = m))
SIMPLE(glDepthFunc, 0, (GLenum f), (f), (const GLenum v = f))
SIMPLE(glDepthMask, 0, (GLboolean f), (f), (const GLboolean v = f))
SIMPLE(glDepthRange, 0, (GLdouble n, GLdouble f), (n, f), (const GLdouble v[2] = {n, f}))
SIMPLE(glFrontFace, 0, (GLenum m), (m), (const GLenum v = m))
SIMPLE(glPolygonMode, face, (GLenum face, GLenum mode), (face, mode), (const GLenum v = mode))
SIMPLE(glPolygonOffset, 0, (GLfloat f, GLfloat u), (f, u), (const GLfloat v[2] = {f, u}))
SIMPLE(glScissor, 0, (GLint x, GLint y, GLsizei w, GLsizei h), (x, y, w, h), (const GLint v[4] = {x, y, w, h}))
SIMPLE(glViewport, 0, (GLint x, GLint y, GLsizei w, GLsizei h), (x, y, w, h), (const GLint v[4] = {x, y, w, h}))
SIMPLE(glStencilMask, 0, (GLuint m), (m), (const GLuint v = m))

EXPORT void glStencilFunc(GLenum f, GLint r, GLuint m)
{
    const struct { GLenum f; GLint r; GLuint m; } v = {f, r, m};
    note(W_glStencilFunc, KEY(T_FUNC, W_glStencilFuncSeparate, GL_FRONT_AND_BACK), &v, sizeof(v));
    CALL(glStencilFunc, void (*)(GLenum, GLint, GLuint))(f, r, m);
}
EXPORT void glStencilFuncSeparate(GLenum face, GLenum f, GLint r, GLuint m)
{
    const struct { GLenum f; GLint r; GLuint m; } v = {f, r, m};
    note(W_glStencilFuncSeparate, KEY(T_FUNC, W_glStencilFuncSeparate, face), &v, sizeof(v));
    CALL(glStencilFuncSeparate, void (*)(GLenum, GLenum, GLint, GLuint))(face, f, r, m);
}
EXPORT void glStencilOp(GLenum a, GLenum b, GLenum c)
{
    const GLenum v[3] = {a, b, c};
    note(W_glStencilOp, KEY(T_FUNC, W_glStencilOpSeparate, GL_FRONT_AND_BACK), v, sizeof(v));
    CALL(glStencilOp, void (*)(GLenum, GLenum, GLenum))(a, b, c);
}
EXPORT void glStencilOpSeparate(GLenum face, GLenum a, GLenum b, GLenum c)
{
    const GLenum v[3] = {a, b, c};
    note(W_glStencilOpSeparate, KEY(T_FUNC, W_glStencilOpSeparate, face), v, sizeof(v));
    CALL(glStencilOpSeparate, void (*)(GLenum, GLenum, GLenum, GLenum))(face, a, b, c);
}

EXPORT void glUseProgram(GLuint p)
{
    note(W_glUseProgram, KEY(T_PROGRAM, 0, 0), &p, sizeof(p));
    current_program = p;
    CALL(glUseProgram, void (*)(GLuint))(p);
}
EXPORT void glBindVertexArray(GLuint a)
{
    note(W_glBindVertexArray, KEY(T_VAO, 0, 0), &a, sizeof(a));
    current_vao = a;
    CALL(glBindVertexArray, void (*)(GLuint))(a);
}
EXPORT void glActiveTexture(GLenum unit)
{
    note(W_glActiveTexture, KEY(T_ACTIVE, 0, 0), &unit, sizeof(unit));
    active_unit = unit - GL_TEXTURE0;
    CALL(glActiveTexture, void (*)(GLenum))(unit);
}
EXPORT void glBindBuffer(GLenum target, GLuint b)
{
    /* The element array binding belongs to the vertex array object. */
    note(W_glBindBuffer, KEY(T_BUFFER, target, target == GL_ELEMENT_ARRAY_BUFFER ? current_vao : 0), &b, sizeof(b));
    CALL(glBindBuffer, void (*)(GLenum, GLuint))(target, b);
}
/* Binding a range or a whole buffer to an indexed point binds the buffer to
 * the target's generic point too (GL 4.5, 6.1.1): the model follows, or a
 * later glBindBuffer back to the old generic buffer would look redundant. */
static void bind_indexed(enum wrapped w, GLenum target, GLuint index, GLuint b, GLintptr offset, GLsizeiptr size)
{
    struct { GLuint b; GLintptr offset; GLsizeiptr size; } v;

    memset(&v, 0, sizeof(v));
    v.b = b;
    v.offset = offset;
    v.size = size;
    note(w, KEY(T_BUFFER_INDEXED, target, index), &v, sizeof(v));
    same_value(KEY(T_BUFFER, target, 0), &b, sizeof(b));
}
EXPORT void glBindBufferBase(GLenum target, GLuint index, GLuint b)
{
    bind_indexed(W_glBindBufferBase, target, index, b, 0, -1);
    CALL(glBindBufferBase, void (*)(GLenum, GLuint, GLuint))(target, index, b);
}
EXPORT void glBindBufferRange(GLenum target, GLuint index, GLuint b, GLintptr offset, GLsizeiptr size)
{
    bind_indexed(W_glBindBufferRange, target, index, b, offset, size);
    CALL(glBindBufferRange, void (*)(GLenum, GLuint, GLuint, GLintptr, GLsizeiptr))(target, index, b, offset, size);
}
EXPORT void glBindTexture(GLenum target, GLuint t)
{
    note(W_glBindTexture, KEY(T_TEXTURE, active_unit, target_index(target)), &t, sizeof(t));
    CALL(glBindTexture, void (*)(GLenum, GLuint))(target, t);
}
EXPORT void glBindSampler(GLuint unit, GLuint s)
{
    note(W_glBindSampler, KEY(T_SAMPLER_BIND, unit, 0), &s, sizeof(s));
    CALL(glBindSampler, void (*)(GLuint, GLuint))(unit, s);
}
EXPORT void glBindFramebuffer(GLenum target, GLuint f)
{
    if (target == GL_FRAMEBUFFER)
    {
        /* Sets both bindings: redundant only if both already were f. */
        int d = same_value(KEY(T_FRAMEBUFFER, GL_DRAW_FRAMEBUFFER, 0), &f, sizeof(f));
        int r = same_value(KEY(T_FRAMEBUFFER, GL_READ_FRAMEBUFFER, 0), &f, sizeof(f));

        if (d && r)
            __atomic_add_fetch(&wrapped_redundant[W_glBindFramebuffer], 1, __ATOMIC_RELAXED);
    }
    else
        note(W_glBindFramebuffer, KEY(T_FRAMEBUFFER, target, 0), &f, sizeof(f));
    CALL(glBindFramebuffer, void (*)(GLenum, GLuint))(target, f);
}

EXPORT void glSamplerParameteri(GLuint s, GLenum pname, GLint v)
{
    note(W_glSamplerParameteri, KEY(T_SAMPLER_PARAM, s, pname), &v, sizeof(v));
    CALL(glSamplerParameteri, void (*)(GLuint, GLenum, GLint))(s, pname, v);
}
EXPORT void glSamplerParameterf(GLuint s, GLenum pname, GLfloat v)
{
    note(W_glSamplerParameterf, KEY(T_SAMPLER_PARAM, s, pname), &v, sizeof(v));
    CALL(glSamplerParameterf, void (*)(GLuint, GLenum, GLfloat))(s, pname, v);
}
EXPORT void glTexParameteri(GLenum target, GLenum pname, GLint v)
{
    note(W_glTexParameteri, KEY(T_TEX_PARAM, bound_texture(target), pname), &v, sizeof(v));
    CALL(glTexParameteri, void (*)(GLenum, GLenum, GLint))(target, pname, v);
}
EXPORT void glTexParameterf(GLenum target, GLenum pname, GLfloat v)
{
    note(W_glTexParameterf, KEY(T_TEX_PARAM, bound_texture(target), pname), &v, sizeof(v));
    CALL(glTexParameterf, void (*)(GLenum, GLenum, GLfloat))(target, pname, v);
}

/* Uniforms: keyed by program and location. */
#define UNIFORM_KEY(loc) KEY(T_UNIFORM, current_program, (GLuint)(loc))
EXPORT void glUniform1f(GLint l, GLfloat a)
{
    note(W_glUniform1f, UNIFORM_KEY(l), &a, sizeof(a));
    CALL(glUniform1f, void (*)(GLint, GLfloat))(l, a);
}
EXPORT void glUniform1i(GLint l, GLint a)
{
    note(W_glUniform1i, UNIFORM_KEY(l), &a, sizeof(a));
    CALL(glUniform1i, void (*)(GLint, GLint))(l, a);
}
EXPORT void glUniform2f(GLint l, GLfloat a, GLfloat b)
{
    const GLfloat v[2] = {a, b};
    note(W_glUniform2f, UNIFORM_KEY(l), v, sizeof(v));
    CALL(glUniform2f, void (*)(GLint, GLfloat, GLfloat))(l, a, b);
}
EXPORT void glUniform4f(GLint l, GLfloat a, GLfloat b, GLfloat c, GLfloat d)
{
    const GLfloat v[4] = {a, b, c, d};
    note(W_glUniform4f, UNIFORM_KEY(l), v, sizeof(v));
    CALL(glUniform4f, void (*)(GLint, GLfloat, GLfloat, GLfloat, GLfloat))(l, a, b, c, d);
}
#define UNIFORM_V(name, type, n) \
    EXPORT void name(GLint l, GLsizei count, const type *v) \
    { \
        if (count == 1 && v) \
            note(W_##name, UNIFORM_KEY(l), v, sizeof(type) * (n)); \
        CALL(name, void (*)(GLint, GLsizei, const type *))(l, count, v); \
    }
UNIFORM_V(glUniform2fv, GLfloat, 2)
UNIFORM_V(glUniform3fv, GLfloat, 3)
UNIFORM_V(glUniform4fv, GLfloat, 4)
UNIFORM_V(glUniform4iv, GLint, 4)
EXPORT void glUniformMatrix4fv(GLint l, GLsizei count, GLboolean transpose, const GLfloat *v)
{
    if (count == 1 && v)
        note(W_glUniformMatrix4fv, UNIFORM_KEY(l) ^ ((uint64_t)transpose << 50), v, 64);
    CALL(glUniformMatrix4fv, void (*)(GLint, GLsizei, GLboolean, const GLfloat *))(l, count, transpose, v);
}

/* ---------------------------------------------------------------------- */
/* Context switches reset the model.                                       */

static void *last_context;

static void context_changed(void *ctx)
{
    if (ctx != last_context)
    {
        last_context = ctx;
        reset_state();
        current_program = current_vao = active_unit = 0;
    }
}

EXPORT int glXMakeCurrent(void *dpy, unsigned long drawable, void *ctx)
{
    if (!real_glx_make_current)
        real_glx_make_current = lookup_real("glXMakeCurrent");
    context_changed(ctx);
    return real_glx_make_current ? real_glx_make_current(dpy, drawable, ctx) : 0;
}

EXPORT int glXMakeContextCurrent(void *dpy, unsigned long draw, unsigned long read, void *ctx)
{
    if (!real_glx_make_context_current)
        real_glx_make_context_current = lookup_real("glXMakeContextCurrent");
    context_changed(ctx);
    return real_glx_make_context_current ? real_glx_make_context_current(dpy, draw, read, ctx) : 0;
}

EXPORT unsigned int eglMakeCurrent(void *dpy, void *draw, void *read, void *ctx)
{
    if (!real_egl_make_current)
        real_egl_make_current = lookup_real("eglMakeCurrent");
    context_changed(ctx);
    return real_egl_make_current ? real_egl_make_current(dpy, draw, read, ctx) : 0;
}

/* ---------------------------------------------------------------------- */
/* Run-time lookups hand out the counting entry points.                    */

static int name_compare(const void *key, const void *element)
{
    return strcmp(key, *(const char *const *)element);
}

/* Our entry point for name, remembering real as its target; NULL if the
 * name is not one we count. */
static void *counting_entry(const char *name, void *real)
{
    const char *const *found;
    unsigned int i;

    if (!name || name[0] != 'g' || name[1] != 'l')
        return NULL;
    if ((found = bsearch(name, glcount_stub_names, glcount_stub_count, sizeof(*glcount_stub_names), name_compare)))
    {
        i = (unsigned int)(found - glcount_stub_names);
        if (!glcount_stub_real[i] || glcount_stub_real[i] == (void *)noop)
            glcount_stub_real[i] = real;
        return glcount_stub_addresses[i];
    }
    for (i = 0; i < W_COUNT; ++i)
        if (!strcmp(name, wrapped_names[i]))
        {
            if (!wrapped_real[i] || wrapped_real[i] == (void *)noop)
                wrapped_real[i] = real;
            return real_dlsym(RTLD_DEFAULT, name);  /* our own export */
        }
    return NULL;
}

EXPORT void *glXGetProcAddressARB(const GLubyte *name)
{
    void *real, *ours;

    if (!real_glx_gpa)
    {
        init_real_dlsym();
        real_glx_gpa = real_dlsym(RTLD_NEXT, "glXGetProcAddressARB");
    }
    if (!real_glx_gpa || !(real = real_glx_gpa(name)))
        return NULL;
    if (!strcmp((const char *)name, "glXMakeCurrent") || !strcmp((const char *)name, "glXMakeContextCurrent"))
    {
        if (!strcmp((const char *)name, "glXMakeCurrent"))
            real_glx_make_current = real;
        else
            real_glx_make_context_current = real;
        return real_dlsym(RTLD_DEFAULT, (const char *)name);
    }
    return (ours = counting_entry((const char *)name, real)) ? ours : real;
}

EXPORT void *glXGetProcAddress(const GLubyte *name)
{
    return glXGetProcAddressARB(name);
}

EXPORT void *eglGetProcAddress(const char *name)
{
    void *real, *ours;

    if (!real_egl_gpa)
    {
        init_real_dlsym();
        real_egl_gpa = real_dlsym(RTLD_NEXT, "eglGetProcAddress");
    }
    if (!real_egl_gpa || !(real = real_egl_gpa(name)))
        return NULL;
    return (ours = counting_entry(name, real)) ? ours : real;
}

/* Wine's winex11.drv (and others) dlopen libGL and look its functions up by
 * handle; those lookups must hand out the counting entry points as well. */
EXPORT void *dlsym(void *handle, const char *name)
{
    void *real, *ours;

    init_real_dlsym();
    if (!real_dlsym)
        return NULL;
    real = real_dlsym(handle, name);
    if (!real || (name[0] != 'g' && name[0] != 'e'))
        return real;
    if (!strcmp(name, "glXGetProcAddressARB") || !strcmp(name, "glXGetProcAddress"))
    {
        real_glx_gpa = real;
        return (void *)glXGetProcAddressARB;
    }
    if (!strcmp(name, "eglGetProcAddress"))
    {
        real_egl_gpa = real;
        return (void *)eglGetProcAddress;
    }
    if (!strcmp(name, "glXMakeCurrent"))
    {
        real_glx_make_current = real;
        return (void *)glXMakeCurrent;
    }
    if (!strcmp(name, "glXMakeContextCurrent"))
    {
        real_glx_make_context_current = real;
        return (void *)glXMakeContextCurrent;
    }
    if (!strcmp(name, "eglMakeCurrent"))
    {
        real_egl_make_current = real;
        return (void *)eglMakeCurrent;
    }
    /* Our own symbols looked up through RTLD_DEFAULT are already ours. */
    if (handle == RTLD_DEFAULT || handle == RTLD_NEXT)
        return real;
    return (ours = counting_entry(name, real)) ? ours : real;
}

/* ---------------------------------------------------------------------- */
/* The report.                                                             */

struct row { const char *name; unsigned long long count; };

static int row_compare(const void *a, const void *b)
{
    const struct row *x = a, *y = b;

    return x->count < y->count ? 1 : x->count > y->count ? -1 : strcmp(x->name, y->name);
}

static void write_rows(FILE *f, struct row *rows, unsigned int n)
{
    unsigned int i;

    qsort(rows, n, sizeof(*rows), row_compare);
    for (i = 0; i < n; ++i)
        fprintf(f, "%s\"%s\": %llu", i ? ", " : "", rows[i].name, rows[i].count);
}

__attribute__((destructor)) static void glcount_report(void)
{
    unsigned long long total = 0, redundant = 0;
    const char *dir = getenv("GLCOUNT_DIR");
    struct row *rows;
    unsigned int i, n = 0;
    char path[4096], comm[64] = "";
    FILE *f;

    for (i = 0; i < glcount_stub_count; ++i)
        total += glcount_stub_calls[i];
    for (i = 0; i < W_COUNT; ++i)
    {
        total += wrapped_calls[i];
        redundant += wrapped_redundant[i];
    }
    if (!total || !dir)
        return;
    if ((f = fopen("/proc/self/comm", "r")))
    {
        if (fgets(comm, sizeof(comm), f))
            comm[strcspn(comm, "\n\"\\")] = 0;
        fclose(f);
    }
    snprintf(path, sizeof(path), "%s/glcount.%d.json", dir, (int)getpid());
    if (!(f = fopen(path, "w")) || !(rows = malloc(sizeof(*rows) * (glcount_stub_count + W_COUNT))))
    {
        if (f)
            fclose(f);
        return;
    }
    fprintf(f, "{\"pid\": %d, \"comm\": \"%s\", \"calls\": %llu, \"redundant\": %llu, \"functions\": {",
            (int)getpid(), comm, total, redundant);
    for (i = 0; i < glcount_stub_count; ++i)
        if (glcount_stub_calls[i])
        {
            rows[n].name = glcount_stub_names[i];
            rows[n++].count = glcount_stub_calls[i];
        }
    for (i = 0; i < W_COUNT; ++i)
        if (wrapped_calls[i])
        {
            rows[n].name = wrapped_names[i];
            rows[n++].count = wrapped_calls[i];
        }
    write_rows(f, rows, n);
    fprintf(f, "}, \"redundant_functions\": {");
    for (i = 0, n = 0; i < W_COUNT; ++i)
        if (wrapped_redundant[i])
        {
            rows[n].name = wrapped_names[i];
            rows[n++].count = wrapped_redundant[i];
        }
    write_rows(f, rows, n);
    fprintf(f, "}}\n");
    fclose(f);
    free(rows);
}

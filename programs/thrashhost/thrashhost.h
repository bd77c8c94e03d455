/*
 * thrashhost: the game's side of THRASH. Binds a driver as Porsche.exe does
 * (seed 000, "Binding"), then draws scenes through the pointer table only.
 * The self-test scene is shared with tests/dx7z.
 */
#ifndef THRASHHOST_H
#define THRASHHOST_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#ifdef _WIN32
# ifndef WIN32_LEAN_AND_MEAN
#  define WIN32_LEAN_AND_MEAN
# endif
# include <windows.h>
# define THRASHCALL __stdcall
#else
# define THRASHCALL
# define __cdecl
#endif

typedef uintptr_t tword;   /* one word of the pointer table / a state value */

struct thrash_vertex
{
    float x, y, z, rhw;
    uint32_t diffuse, specular;
    float u, v;
};

struct thrash_vertex2
{
    struct thrash_vertex v;
    float u2, v2;
};

struct thrash_primitive    /* setstate(0x1b3, &prim) */
{
    uint32_t type;
    void *vertices;
    uint32_t vertex_count;
    uint16_t *indices;
    uint32_t index_count;
};

struct thrash_lock
{
    void *pixels;
    uint32_t pitch, format, width, height;
};

struct thrash_about
{
    uint32_t signature, size, version, flags;
    uint32_t min_width, max_width, multiple_width, min_height, max_height, multiple_height;
    uint32_t formats[16];
    uint32_t cluts[4];
    uint32_t mode_count, stages;
    union { void *ptr; uint64_t pad; } modes;
    char name[16];
    uint32_t subtype, texture_ram;
    union { void *ptr; uint64_t pad; } author;
    uint32_t dx_version;
    char device_name[36];
};

/* The pointer table: 45 words a set (0x6bd850.. in Porsche.exe). Slot
 * numbers are (address - 0x6bd850) / 4 of the seed's table. */
enum thrash_slot
{
    SLOT_drawspritemesh = 0, SLOT_idle = 1, SLOT_setstate_a = 2, SLOT_clearwindow = 3,
    SLOT_setstate_b = 4, SLOT_drawpoint = 5, SLOT_drawtri = 6, SLOT_unlockwindow = 7,
    SLOT_writerect = 8, SLOT_about = 9, SLOT_restore = 10, SLOT_drawlinemesh = 11,
    SLOT_tupdate = 12, SLOT_drawquadmesh = 13, SLOT_pageflip = 14, SLOT_tfree = 15,
    SLOT_drawline = 16, SLOT_settexture = 17, SLOT_setvideomode = 18, SLOT_init = 19,
    SLOT_drawpointmesh = 20, SLOT_lockwindow = 21, SLOT_talloc = 22, SLOT_readrect = 23,
    SLOT_flushwindow = 24, SLOT_drawsprite = 25, SLOT_sync = 26, SLOT_setstate = 27,
    SLOT_drawpointstrip = 28, SLOT_getstate = 29, SLOT_treset = 30, SLOT_drawtrifan = 31,
    SLOT_is = 32, SLOT_drawlinestrip = 33, SLOT_getstate_a = 34, SLOT_drawtristrip = 35,
    SLOT_getstate_b = 36, SLOT_unknown37 = 37, SLOT_drawquad = 38, SLOT_drawtrimesh = 39,
    SLOT_window = 40, SLOT_clip = 41, SLOT_selectdisplay = 42, SLOT_unknown43 = 43,
    SLOT_unknown44 = 44,
    THRASH_TABLE_WORDS = 45
};

#define THRASH_TABLE_SETS 4

struct thrash_api
{
    void *table[THRASH_TABLE_WORDS];
    void *module;
    int glide;
    int bound;             /* exports found */
};

/* Typed calls through the table. */
typedef const struct thrash_about *(THRASHCALL *pfn_about)(void);
typedef uint32_t (THRASHCALL *pfn_void)(void);
typedef uint32_t (THRASHCALL *pfn_u1)(uint32_t);
typedef uint32_t (THRASHCALL *pfn_u3)(uint32_t, uint32_t, uint32_t);
typedef uint32_t (THRASHCALL *pfn_u4)(uint32_t, uint32_t, uint32_t, uint32_t);
typedef uint32_t (THRASHCALL *pfn_rect)(uint32_t, uint32_t, uint32_t, uint32_t, void *);
typedef tword (THRASHCALL *pfn_setstate)(uint32_t, tword);
typedef tword (THRASHCALL *pfn_getstate)(uint32_t);
typedef void (THRASHCALL *pfn_v1)(void *);
typedef void (THRASHCALL *pfn_v2)(void *, void *);
typedef void (THRASHCALL *pfn_v3)(void *, void *, void *);
typedef void (THRASHCALL *pfn_v4)(void *, void *, void *, void *);
typedef void (THRASHCALL *pfn_mesh)(uint32_t, void *, const uint32_t *);
typedef void *(THRASHCALL *pfn_talloc)(uint32_t, uint32_t, uint32_t, tword, uint32_t);
typedef uint32_t (THRASHCALL *pfn_tupdate)(void *, const void *, const uint32_t *);
typedef uint32_t (THRASHCALL *pfn_p1)(void *);
typedef struct thrash_lock *(THRASHCALL *pfn_lock)(void);

#define T(api, slot, type) ((type)(api)->table[SLOT_##slot])
#define th_setstate(api, s, v)  T(api, setstate, pfn_setstate)((s), (tword)(v))
#define th_getstate(api, s)     T(api, getstate, pfn_getstate)((s))

/* bind.c */
const char *thrash_drivername(const char *requested);
int thrash_opendll(struct thrash_api *api, const char *name);
void thrash_closedll(struct thrash_api *api);
void thrash_savetable(struct thrash_api *api, int set);
void thrash_selecttable(struct thrash_api *api, int set);
int thrash_openwindow(struct thrash_api *api, int width, int height, int windowed);
int thrash_setmode(struct thrash_api *api, int mode, int bits);
void thrash_probe(struct thrash_api *api, FILE *log);
extern int thrash_lock_hook_calls[2];
extern const uint32_t thrash_probe_states[9];

/* scene.c */
#define SCENE_W 640
#define SCENE_H 480
int scene_selftest(struct thrash_api *api, int frame);
int scene_game(struct thrash_api *api, int frame);
int scene_init(struct thrash_api *api);
void scene_free(struct thrash_api *api);
extern const char *scene_log;

/* capture.c */
struct thrash_frame     /* a window's pixels as read back, rows packed */
{
    uint8_t *pixels;
    size_t size;
    uint32_t pitch, format, width, height;
};
double psnr_rgb(const uint8_t *a, const uint8_t *b, size_t bytes);
int thrash_capture(struct thrash_api *api, int window, struct thrash_frame *frame);
void thrash_frame_rgb(const struct thrash_frame *frame, uint8_t *rgb, unsigned int width, unsigned int height);
int thrash_capture_rgb(struct thrash_api *api, int window, uint8_t *rgb, unsigned int width, unsigned int height);

#endif

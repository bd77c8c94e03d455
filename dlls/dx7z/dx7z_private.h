/*
 * dx7z: EA's THRASH ("3rash") driver interface on Direct3D 7.
 *
 * The driver is a Direct3D 7 client like the original dx7z.dll of Need for
 * Speed: Porsche Unleashed: it only uses DirectDraw 7 / Direct3D 7 COM calls,
 * so it runs on dx7gl's ddraw, on Wine's builtin ddraw and on Windows.
 *
 * Files: main.c (the exports), state.c (setstate/getstate), batch.c (the
 * batcher and the draw exports), texture.c (talloc and friends), window.c
 * (video modes, windows, locks), about.c (the about record), device.c (the
 * only file that calls the Direct3D device; tests replace it with a fake).
 */
#ifndef DX7Z_PRIVATE_H
#define DX7Z_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ddraw.h"
#include "d3d.h"

/* The exports are __stdcall, as in the original DLL (MSVC, 2000). */
#if defined(_WIN32) && !defined(_WIN64)
# define THRASHAPI __attribute__((stdcall))
# define THRASHCDECL __attribute__((cdecl))
#else
# define THRASHAPI
# define THRASHCDECL
#endif

/* ---- THRASH state ids (setstate / getstate) ---- */
#define THRASH_STATE_TEXTURE        0x01
#define THRASH_STATE_CULL           0x02
#define THRASH_STATE_BACKGROUND     0x03
#define THRASH_STATE_ZBUFFER        0x04
#define THRASH_STATE_DITHER         0x05
#define THRASH_STATE_SHADE          0x06
#define THRASH_STATE_FILTER         0x07
#define THRASH_STATE_LODBIAS        0x08
#define THRASH_STATE_ANTIALIAS      0x09
#define THRASH_STATE_ALPHABLEND     0x0a
#define THRASH_STATE_MIPMAP         0x0b
#define THRASH_STATE_ADDRESS        0x0d
#define THRASH_STATE_FOGDENSITY     0x0e
#define THRASH_STATE_FOGCOLOR       0x0f
#define THRASH_STATE_WINDOWED       0x12
#define THRASH_STATE_WINDOWHOOKS    0x13
#define THRASH_STATE_FOGTABLE       0x14
#define THRASH_STATE_FOG            0x15
#define THRASH_STATE_DEPTHBIAS      0x18
#define THRASH_STATE_HWND           0x19
#define THRASH_STATE_SPRITESTRIDE   0x1e
#define THRASH_STATE_VERSION        0x1f
#define THRASH_STATE_NOTLOST        0x23
#define THRASH_STATE_ALPHATEST      0x24
#define THRASH_STATE_UNKNOWN25      0x25
#define THRASH_STATE_CALLBACK       0x27
#define THRASH_STATE_ZCOMPARE       0x28
#define THRASH_STATE_TEXTUREBLEND   0x29
#define THRASH_STATE_VERTEXFORMAT   0x2a
#define THRASH_STATE_GAMMA          0x2e
#define THRASH_STATE_STENCILENABLE  0x2f
#define THRASH_STATE_STENCILFUNC    0x30
#define THRASH_STATE_STENCILFAIL    0x34
#define THRASH_STATE_STENCILZFAIL   0x35
#define THRASH_STATE_STENCILPASS    0x36
#define THRASH_STATE_TRANSPARENCY   0x38
#define THRASH_STATE_ZWRITE         0x39
#define THRASH_STATE_VSYNC          0x3c
#define THRASH_STATE_GUARDBAND      0x3f
#define THRASH_STATE_ALPHACOMPARE   0x40
#define THRASH_STATE_ADDRESSU       0x41
#define THRASH_STATE_ADDRESSV       0x42
#define THRASH_STATE_CLEARZ         0x43
#define THRASH_STATE_GAMMA2         0x65
#define THRASH_STATE_DEPTHBIAS2     0x66
#define THRASH_STATE_VSYNC2         0x67
#define THRASH_STATE_TRANSPARENCY2  0x68
#define THRASH_STATE_FOGTABLE2      0x69
#define THRASH_STATE_ZWRITE2        0x6a
#define THRASH_STATE_CAPS           0x193
#define THRASH_STATE_SRCBLEND       0x194
#define THRASH_STATE_DESTBLEND      0x195
#define THRASH_STATE_WIREFRAME      0x199
#define THRASH_STATE_TEXTUREFACTOR  0x19a
#define THRASH_STATE_TNL_FIRST      0x1a4
#define THRASH_STATE_TNL_LAST       0x1c1
#define THRASH_STATE_DRAWPRIMITIVE  0x1b3
#define THRASH_STATE_MODULATEALPHA  0x1c3

#define THRASH_MAX_STAGES           8
#define THRASH_CAPS_WORDS           47

/* ---- the getstate record ---- */
/* Six id ranges; a range's slots start where the previous one's last id
 * was (base += hi - lo), so neighbouring ranges share one slot. */
#define DX7Z_SLOTS_PER_STAGE        141
#define DX7Z_SLOT_NONE              (~0u)

/* ---- vertices ---- */
#define THRASH_FVF_1TEX   (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1) /* 0x1c4 */
#define THRASH_FVF_2TEX   (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX2) /* 0x2c4 */

struct thrash_vertex
{
    float x, y, z, rhw;
    DWORD diffuse, specular;
    float u, v;
};

struct thrash_vertex2
{
    struct thrash_vertex v;
    float u2, v2;
};

/* setstate(0x1b3, &prim): a raw draw. Layout chosen by dx7gl (the seed does
 * not give it), see documentation/thrash.md. */
struct thrash_primitive
{
    DWORD type;             /* D3DPRIMITIVETYPE: 4 list, 5 strip, ... */
    void *vertices;         /* in the current vertex format (0x2a) */
    DWORD vertex_count;
    WORD *indices;          /* NULL: DrawPrimitive */
    DWORD index_count;
};

/* lockwindow's answer (0x600216d8 in the DLL). */
struct thrash_lock
{
    void *pixels;
    DWORD pitch;
    DWORD format;           /* 4 RGB565, 11 RGB555, 6 32-bit, 5 24-bit, bits for z */
    DWORD width;
    DWORD height;
};

/* ---- the about record: 0xd0 bytes on i686 and x86_64 alike ---- */
union thrash_ptr
{
    void *ptr;
    uint64_t pad;
};

struct thrash_displaymode
{
    DWORD width, height, bits;
    DWORD format;           /* word 3: the lockwindow format (4 = 565, 6 = 32-bit) */
    DWORD unknown[3];       /* words 4-6: 1, 1, 1 as the DLL has them */
    DWORD reserved[3];
};

#define THRASH_DISPLAY_MODES 6

struct thrash_about
{
    DWORD signature;        /* 0x00 '7D3D' */
    DWORD size;             /* 0x04 0xd0 */
    DWORD version;          /* 0x08 */
    DWORD flags;            /* 0x0c */
    DWORD min_width;        /* 0x10 texture size limits */
    DWORD max_width;
    DWORD multiple_width;
    DWORD min_height;
    DWORD max_height;
    DWORD multiple_height;  /* 0x24 */
    DWORD formats[16];      /* 0x28 bit 0 available, bit 5 1555 only as 555 */
    DWORD cluts[4];         /* 0x68 */
    DWORD mode_count;       /* 0x78 entries in modes, index 0 unused */
    DWORD stages;           /* 0x7c */
    union thrash_ptr modes; /* 0x80 struct thrash_displaymode[] */
    char name[16];          /* 0x88 "DX7 3rash" */
    DWORD subtype;          /* 0x98 */
    DWORD texture_ram;      /* 0x9c */
    union thrash_ptr author;/* 0xa0 */
    DWORD dx_version;       /* 0xa8 7 */
    char device_name[36];   /* 0xac */
};

#define THRASH_ABOUT_SIGNATURE 0x37443344u   /* '7D3D' */
#define THRASH_ABOUT_SIZE      0xd0

#define THRASH_ABOUT_FLAG_0          0x01
#define THRASH_ABOUT_FLAG_SQUARE     0x02
#define THRASH_ABOUT_FLAG_POW2_W     0x04
#define THRASH_ABOUT_FLAG_POW2_H     0x08
#define THRASH_ABOUT_FLAG_SOFTWARE   0x10
#define THRASH_ABOUT_FLAG_WINDOWED   0x20
#define THRASH_ABOUT_FLAG_GLOBALCLUT 0x40
#define THRASH_ABOUT_FLAG_TRILINEAR2 0x80

/* ---- texture formats ---- */
#define THRASH_FORMAT_P4        1
#define THRASH_FORMAT_P8        2
#define THRASH_FORMAT_ARGB1555  3
#define THRASH_FORMAT_RGB565    4
#define THRASH_FORMAT_RGB888    5
#define THRASH_FORMAT_ARGB8888  6
#define THRASH_FORMAT_ARGB4444  7
#define THRASH_FORMAT_DXT1      12
#define THRASH_FORMAT_DXT3      13

struct dx7z_texture
{
    struct dx7z_texture *next;
    DWORD width, height, format, levels, stage;
    DWORD_PTR clut_arg;
    IDirectDrawSurface7 *surface;
    BYTE *pixels;           /* the last uploaded data, for clut-only updates */
    size_t pixels_size;
    DWORD clut[256];        /* 0x00RRGGBB */
    BOOL has_clut;
};

/* ---- the card ---- */
struct dx7z_caps
{
    DWORD stages;
    BOOL wbuffer, stencil, aniso, mipmap_lod_bias, antialias;
    BOOL modulate_alpha;    /* texture blend modulate alpha: 0x1c3 */
    BOOL alpha_modulate_op; /* D3DTOP_MODULATE for alpha in stage 0 */
    BOOL srcalpha_additive; /* additive transparency with src alpha */
    BOOL pow2, square;
    DWORD min_tex_w, min_tex_h, max_tex_w, max_tex_h;
    DWORD subtype;
    DWORD texture_ram;
    char device_name[36];
    float guard_band[4];
    DWORD words[THRASH_CAPS_WORDS];
};

/* ---- the batcher ---- */
#define DX7Z_BATCH_BYTES    0x1fa0
#define DX7Z_BATCH_INDICES  1024

struct dx7z_batch
{
    BYTE vertices[DX7Z_BATCH_BYTES];
    WORD indices[DX7Z_BATCH_INDICES];
    DWORD vertex_count, index_count;
    DWORD type;             /* D3DPRIMITIVETYPE of what is queued, 0 when empty */
    DWORD flushes;          /* statistics, for tests and the host */
};

/* ---- everything the driver knows ---- */
struct dx7z_hooks
{
    DWORD_PTR words[8];
};

typedef void (THRASHCDECL *thrash_lock_hook)(int locking);
typedef void (THRASHAPI *thrash_state_callback)(DWORD state, DWORD_PTR value);

struct dx7z
{
    /* setstate record (getstate) */
    DWORD_PTR record[THRASH_MAX_STAGES][DX7Z_SLOTS_PER_STAGE];

    /* derived state the batcher and windows use */
    DWORD cull_word;        /* 1 draw all, 0x80000000 cull ccw, 0 cull cw */
    BOOL flat;
    float depth_bias;
    BOOL fog_table_on;
    BYTE fog_table[256];
    DWORD stride;           /* 32 or 40 */
    DWORD fvf;
    DWORD version;
    DWORD background;
    float clear_z;
    DWORD zcompare;         /* THRASH 0..7 */
    DWORD alpha_compare;    /* THRASH 0..7 */
    DWORD zmode;            /* THRASH 0, 1, 2 */
    BOOL zwrite;
    BOOL vsync;
    BOOL windowed;
    HWND hwnd;
    struct dx7z_hooks hooks;
    BOOL hooks_set;
    thrash_state_callback callback;
    float gamma;
    DWORD sprite_stride;
    struct dx7z_texture *current_texture[THRASH_MAX_STAGES];
    DWORD blend[THRASH_MAX_STAGES];         /* 0x29 per stage */
    DWORD stage_ops[THRASH_MAX_STAGES][6];  /* what the device has */
    BOOL stage_ops_valid[THRASH_MAX_STAGES];

    struct dx7z_batch batch;
    struct dx7z_caps caps;

    /* textures */
    struct dx7z_texture *textures;
    struct dx7z_texture *free_list; /* tfree's list: nothing fills it (as in the DLL) */

    /* DirectDraw / Direct3D objects (device.c, window.c) */
    IDirectDraw7 *ddraw;
    IDirect3D7 *d3d;
    IDirect3DDevice7 *device;
    IDirectDrawSurface7 *primary, *front, *back, *zbuffer;
    IDirectDrawClipper *clipper;
    IDirectDrawGammaControl *gamma_control;
    DDGAMMARAMP desktop_ramp;
    BOOL have_desktop_ramp;
    BOOL in_scene;
    DWORD display;
    DWORD mode, width, height, bits;
    DWORD window;           /* window(n) */
    struct thrash_lock lock;
    IDirectDrawSurface7 *locked;
    D3DVIEWPORT7 viewport;
    DWORD frames;
    /* Draws the device refused (a bad index, a bad type): getstate(0x1b3)
     * answers it, dx7gl's own addition (the DLL answers 0 there). */
    DWORD refused_draws;
};

extern struct dx7z dx7z;

/* state.c */
unsigned int dx7z_state_slot(DWORD id);
BOOL dx7z_state_decode(DWORD state, DWORD *id, DWORD *stage);
DWORD_PTR dx7z_setstate(DWORD state, DWORD_PTR value);
DWORD_PTR dx7z_getstate(DWORD state);
void dx7z_default_states(void);
void dx7z_state_reset(void);
BOOL dx7z_blend_mode(DWORD stage, DWORD mode);
void dx7z_apply_stages(void);
void dx7z_build_fog_table(const BYTE *table65, BYTE *table256);
void dx7z_set_rs(D3DRENDERSTATETYPE rs, DWORD value);
void dx7z_set_tss(DWORD stage, D3DTEXTURESTAGESTATETYPE tss, DWORD value);
float dx7z_dword_to_float(DWORD v);
DWORD dx7z_float_to_dword(float f);

/* batch.c */
BOOL dx7z_cull(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c, DWORD cull_word);
void dx7z_adjust_vertex(struct thrash_vertex *v);
void dx7z_batch_flush(void);
void dx7z_batch_tri(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c);
void dx7z_batch_quad(const struct thrash_vertex *a, const struct thrash_vertex *b,
        const struct thrash_vertex *c, const struct thrash_vertex *d);
void dx7z_batch_line(const struct thrash_vertex *a, const struct thrash_vertex *b);
void dx7z_draw_point(struct thrash_vertex *v);
void dx7z_draw_sprite(const struct thrash_vertex *a, const struct thrash_vertex *b);
void dx7z_draw_trimesh(DWORD count, BYTE *vertices, const DWORD *indices);
void dx7z_draw_quadmesh(DWORD count, BYTE *vertices, const DWORD *indices);
void dx7z_draw_linemesh(DWORD count, BYTE *vertices, const DWORD *indices);
void dx7z_draw_pointmesh(DWORD count, BYTE *vertices, const DWORD *indices);
void dx7z_draw_spritemesh(DWORD count, BYTE *vertices, const DWORD *indices);
void dx7z_draw_strip(D3DPRIMITIVETYPE type, DWORD count, BYTE *vertices, const DWORD *indices);
BOOL dx7z_draw_primitive(const struct thrash_primitive *prim);
void dx7z_end_scene(void);

/* texture.c */
DWORD dx7z_texture_bits(DWORD format);
BOOL dx7z_texture_format_valid(DWORD format);
DWORD dx7z_texture_row_bytes(DWORD format, DWORD width);
size_t dx7z_texture_level_size(DWORD format, DWORD width, DWORD height);
size_t dx7z_texture_level_offset(DWORD format, DWORD width, DWORD height, DWORD level);
void dx7z_texture_convert(DWORD format, const BYTE *src, DWORD width, DWORD height,
        const DWORD *clut, DWORD *dst, DWORD dst_pitch_pixels);
struct dx7z_texture *dx7z_talloc(DWORD width, DWORD height, DWORD format, DWORD_PTR clut, DWORD mipstage);
BOOL dx7z_tupdate(struct dx7z_texture *t, const void *pixels, const DWORD *clut);
BOOL dx7z_tfree(struct dx7z_texture *t);
BOOL dx7z_treset(void);
BOOL dx7z_settexture(DWORD stage, struct dx7z_texture *t);

/* window.c */
BOOL dx7z_init(void);
BOOL dx7z_setvideomode(DWORD mode, DWORD buffers, DWORD depth);
void dx7z_restore(void);
BOOL dx7z_window(DWORD n);
struct thrash_lock *dx7z_lockwindow(void);
BOOL dx7z_unlockwindow(void);
BOOL dx7z_readrect(DWORD x, DWORD y, DWORD w, DWORD h, void *dst);
BOOL dx7z_writerect(DWORD x, DWORD y, DWORD w, DWORD h, const void *src);
BOOL dx7z_clearwindow(void);
BOOL dx7z_pageflip(void);
BOOL dx7z_flushwindow(void);
BOOL dx7z_clip(DWORD x0, DWORD y0, DWORD x1, DWORD y1);
BOOL dx7z_surfaces_ok(void);
BOOL dx7z_set_gamma(float gamma);
DWORD dx7z_readrect_bpp(DWORD format);
DWORD dx7z_writerect_bpp(DWORD format);

/* about.c */
const struct thrash_about *dx7z_about(void);
DWORD dx7z_card_subtype(DWORD vendor, DWORD device);
void dx7z_caps_default(struct dx7z_caps *caps);
extern const struct thrash_displaymode dx7z_display_modes[THRASH_DISPLAY_MODES];

/* device.c: every call the logic makes on the Direct3D device. */
void dx7z_dev_set_render_state(D3DRENDERSTATETYPE rs, DWORD value);
void dx7z_dev_set_texture_stage_state(DWORD stage, D3DTEXTURESTAGESTATETYPE tss, DWORD value);
void dx7z_dev_set_texture(DWORD stage, IDirectDrawSurface7 *surface);
void dx7z_dev_set_material(DWORD colour);
/* The draws answer FALSE when the device refused them (and count it in
 * dx7z.refused_draws); TRUE when drawn, or when there is no device yet. */
BOOL dx7z_dev_draw_indexed(D3DPRIMITIVETYPE type, DWORD fvf, void *vertices, DWORD vertex_count,
        WORD *indices, DWORD index_count);
BOOL dx7z_dev_draw(D3DPRIMITIVETYPE type, DWORD fvf, void *vertices, DWORD vertex_count);
void dx7z_dev_clear(DWORD flags, DWORD colour, float z);
void dx7z_dev_begin_scene(void);
void dx7z_dev_end_scene(void);
void dx7z_dev_set_viewport(const D3DVIEWPORT7 *vp);

#endif /* DX7Z_PRIVATE_H */

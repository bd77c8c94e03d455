/*
 * The on-screen display (DX7GL_HUD, the configuration's "hud"): frames per
 * second, frame times and their graph, the core's counters for the frame,
 * GL memory and the version, drawn by the swapchain at each present over
 * the window's picture.
 *
 * The text is drawn on the CPU with our own 5x7 font into an RGBA picture
 * a few times a second, uploaded into a texture of the HUD's own and drawn
 * opaque over the window with a program of its own: one draw a frame, an
 * upload only at a repaint.  The frame-time graph is a second draw whose
 * program reads the bars from uniforms, so the graph moves on every frame
 * without a repaint.
 * Nothing goes into the application's surfaces.  The HUD's GL calls are
 * taken out of the frame's counters, and what it changed in GL is put back
 * as the state cache knew it, so the next frame sends and counts exactly
 * what it would have without the HUD.
 */
#include "config.h"

#include <stdio.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#include "wined3d_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(hud);

/* What the HUD shows, in the order of its lines. */
enum hud_item
{
    HUD_FPS = 0x01,
    HUD_FRAMETIME = 0x02,
    HUD_DRAWS = 0x04,
    HUD_GROUPS = 0x08,
    HUD_GLCALLS = 0x10,
    HUD_UPLOADS = 0x20,
    HUD_MEMORY = 0x40,
    HUD_VERSION = 0x80,
};

static const struct
{
    const char *name;
    unsigned int item;
}
hud_items[] =
{
    {"fps", HUD_FPS}, {"frametime", HUD_FRAMETIME}, {"draws", HUD_DRAWS}, {"groups", HUD_GROUPS},
    {"glcalls", HUD_GLCALLS}, {"uploads", HUD_UPLOADS}, {"memory", HUD_MEMORY}, {"version", HUD_VERSION},
};

#define HUD_GRAPH_FRAMES 120
#define HUD_GRAPH_FRAMES_STR "120"  /* the same, for the program's text */
#define HUD_GRAPH_VEC4S "30"        /* HUD_GRAPH_FRAMES / 4 */
#define HUD_GRAPH_HEIGHT 24
#define HUD_LINE_CHARS 48
/* The text is drawn again and uploaded at most this often (the picture
 * is drawn every frame, the graph moves every frame): four times a second
 * is as fast as numbers can be read.  At 20 a second the repaints were
 * about half of the HUD's 3-4 % of the thrash scene's frame time. */
#define HUD_REPAINT_US 250000
#define HUD_MAX_LINES 10

struct wined3d_hud
{
    unsigned int items;
    /* Frame times in milliseconds, a ring of the last HUD_GRAPH_FRAMES. */
    float frame_ms[HUD_GRAPH_FRAMES];
    unsigned int frame_next, frame_count;
    uint64_t last_us;               /* the previous present, 0 before the first */
    uint64_t fps_start_us;          /* frames per second over half-second windows */
    unsigned int fps_frames;
    double fps;
    uint32_t *pixels;               /* the picture, tex_width x tex_height, top row first */
    unsigned int tex_width, tex_height;
    /* Two textures taken in turn: a repaint writes the one the last frames
     * did not draw with, so the upload never waits for a frame the driver
     * is still rendering (llvmpipe flushed and waited on every repaint:
     * about 7 % of the thrash scene's frame time with one texture). */
    GLuint textures[2], program;
    unsigned int current;           /* the texture drawn with now */
    GLuint graph_program;           /* draws the graph's bars over the picture */
    GLint rect_loc[2], graph_loc[3];   /* dst, src of each program; the graph's bars */
    int texture_sized[2];           /* each has tex_width x tex_height */
    unsigned int width, height;     /* of the picture the texture holds, 0: none yet */
    unsigned int scale;             /* its pixels per font pixel */
    uint64_t painted_us;            /* when it was drawn */
    unsigned int graph_x, graph_y;  /* the graph's top-left corner in the picture */
    int failed;                     /* GL would not make the program: draw nothing */
};

/* 5x7 glyphs of the printable ASCII characters, one byte a row, bit 4 the
 * left column; lower case is drawn as upper case. */
static const uint8_t hud_font[95][7] =
{
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, /* ' ' */
    {0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04}, /* '!' */
    {0x0a, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00}, /* '"' */
    {0x0a, 0x0a, 0x1f, 0x0a, 0x1f, 0x0a, 0x0a}, /* '#' */
    {0x04, 0x0f, 0x14, 0x0e, 0x05, 0x1e, 0x04}, /* '$' */
    {0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03}, /* '%' */
    {0x0c, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0d}, /* '&' */
    {0x04, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00}, /* '\'' */
    {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02}, /* '(' */
    {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08}, /* ')' */
    {0x00, 0x04, 0x15, 0x0e, 0x15, 0x04, 0x00}, /* '*' */
    {0x00, 0x04, 0x04, 0x1f, 0x04, 0x04, 0x00}, /* '+' */
    {0x00, 0x00, 0x00, 0x00, 0x0c, 0x04, 0x08}, /* ',' */
    {0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00}, /* '-' */
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x0c}, /* '.' */
    {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00}, /* '/' */
    {0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e}, /* '0' */
    {0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e}, /* '1' */
    {0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f}, /* '2' */
    {0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e}, /* '3' */
    {0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02}, /* '4' */
    {0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e}, /* '5' */
    {0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e}, /* '6' */
    {0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}, /* '7' */
    {0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e}, /* '8' */
    {0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c}, /* '9' */
    {0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c, 0x00}, /* ':' */
    {0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x04, 0x08}, /* ';' */
    {0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02}, /* '<' */
    {0x00, 0x00, 0x1f, 0x00, 0x1f, 0x00, 0x00}, /* '=' */
    {0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08}, /* '>' */
    {0x0e, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04}, /* '?' */
    {0x0e, 0x11, 0x17, 0x15, 0x17, 0x10, 0x0f}, /* '@' */
    {0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11}, /* 'A' */
    {0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e}, /* 'B' */
    {0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e}, /* 'C' */
    {0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c}, /* 'D' */
    {0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f}, /* 'E' */
    {0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10}, /* 'F' */
    {0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f}, /* 'G' */
    {0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11}, /* 'H' */
    {0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e}, /* 'I' */
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c}, /* 'J' */
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, /* 'K' */
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f}, /* 'L' */
    {0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11}, /* 'M' */
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}, /* 'N' */
    {0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e}, /* 'O' */
    {0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10}, /* 'P' */
    {0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d}, /* 'Q' */
    {0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11}, /* 'R' */
    {0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e}, /* 'S' */
    {0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, /* 'T' */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e}, /* 'U' */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04}, /* 'V' */
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a}, /* 'W' */
    {0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11}, /* 'X' */
    {0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04}, /* 'Y' */
    {0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f}, /* 'Z' */
    {0x0e, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0e}, /* '[' */
    {0x00, 0x10, 0x08, 0x04, 0x02, 0x01, 0x00}, /* '\\' */
    {0x0e, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0e}, /* ']' */
    {0x04, 0x0a, 0x11, 0x00, 0x00, 0x00, 0x00}, /* '^' */
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1f}, /* '_' */
    {0x08, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00}, /* '`' */
    {0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11}, /* 'a' */
    {0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e}, /* 'b' */
    {0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e}, /* 'c' */
    {0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c}, /* 'd' */
    {0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f}, /* 'e' */
    {0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10}, /* 'f' */
    {0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f}, /* 'g' */
    {0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11}, /* 'h' */
    {0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e}, /* 'i' */
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c}, /* 'j' */
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, /* 'k' */
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f}, /* 'l' */
    {0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11}, /* 'm' */
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}, /* 'n' */
    {0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e}, /* 'o' */
    {0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10}, /* 'p' */
    {0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d}, /* 'q' */
    {0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11}, /* 'r' */
    {0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e}, /* 's' */
    {0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, /* 't' */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e}, /* 'u' */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04}, /* 'v' */
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a}, /* 'w' */
    {0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11}, /* 'x' */
    {0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04}, /* 'y' */
    {0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f}, /* 'z' */
    {0x03, 0x04, 0x04, 0x08, 0x04, 0x04, 0x03}, /* '{' */
    {0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, /* '|' */
    {0x18, 0x04, 0x04, 0x02, 0x04, 0x04, 0x18}, /* '}' */
    {0x00, 0x00, 0x08, 0x15, 0x02, 0x00, 0x00}, /* '~' */
};

uint64_t hud_time_us(void)
{
#ifdef _WIN32
    LARGE_INTEGER counter, freq;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&counter);
    return (uint64_t)(counter.QuadPart / (double)freq.QuadPart * 1e6);
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
#endif
}

struct wined3d_hud *hud_create(void)
{
    struct wined3d_hud *hud;
    unsigned int items = 0, i;

    for (i = 0; i < sizeof(hud_items) / sizeof(*hud_items); ++i)
        if (dx7gl_config_has("hud", hud_items[i].name)) items |= hud_items[i].item;
    if (!items) return NULL;
    if (!(hud = calloc(1, sizeof(*hud)))) return NULL;
    hud->items = items;
    TRACE("HUD items %#x.\n", items);
    return hud;
}

void hud_destroy(struct wined3d_hud *hud, struct wined3d_context *context)
{
    unsigned int i;

    if (!hud) return;
    for (i = 0; i < 2; ++i)
    {
        if (!hud->textures[i]) continue;
        GL_CALL(context, glDeleteTextures(1, &hud->textures[i]));
        gl_cache_forget_texture(context->device, hud->textures[i]);
    }
    if (hud->program)
    {
        if (context->gl.program == hud->program || context->gl.program == hud->graph_program)
            context->gl.valid_program = 0;
        GL_CALL(context, glDeleteProgram(hud->program));
        GL_CALL(context, glDeleteProgram(hud->graph_program));
    }
    free(hud->pixels);
    free(hud);
}

/* A present happened: one more frame time. */
void hud_frame(struct wined3d_hud *hud)
{
    uint64_t now = hud_time_us();

    if (!hud) return;
    if (hud->last_us)
    {
        hud->frame_ms[hud->frame_next] = (float)((now - hud->last_us) / 1000.0);
        hud->frame_next = (hud->frame_next + 1) % HUD_GRAPH_FRAMES;
        if (hud->frame_count < HUD_GRAPH_FRAMES) ++hud->frame_count;
    }
    hud->last_us = now;
    if (!hud->fps_start_us) hud->fps_start_us = now;
    ++hud->fps_frames;
    if (now - hud->fps_start_us >= 500000)
    {
        hud->fps = hud->fps_frames * 1e6 / (double)(now - hud->fps_start_us);
        hud->fps_start_us = now;
        hud->fps_frames = 0;
    }
}

/* ---------------------------------------------------------------------- */
/* The picture.                                                            */

/* Opaque: the box is drawn without blending, so llvmpipe neither reads
 * nor mixes the window's pixels under it. */
#define HUD_BACKGROUND 0xff202020u  /* ABGR in memory order R, G, B, A: dark grey */
#define HUD_GRAPH_BACK 0xff383838u  /* the graph's background; its bars come from the program */
#define HUD_TEXT       0xffffffffu

static void fill(struct wined3d_hud *hud, unsigned int x, unsigned int y, unsigned int w, unsigned int h,
        uint32_t rgba)
{
    unsigned int i, j;
    uint32_t *row;

    if (x >= hud->tex_width || y >= hud->tex_height) return;
    if (w > hud->tex_width - x) w = hud->tex_width - x;
    if (h > hud->tex_height - y) h = hud->tex_height - y;
    for (j = 0, row = hud->pixels + y * hud->tex_width + x; j < h; ++j, row += hud->tex_width)
        for (i = 0; i < w; ++i)
            row[i] = rgba;
}

static void draw_text(struct wined3d_hud *hud, unsigned int x, unsigned int y, unsigned int scale, const char *text)
{
    unsigned int row, col;
    unsigned char c;

    for (; (c = (unsigned char)*text); ++text, x += 6 * scale)
    {
        const uint8_t *glyph;
        if (c >= 'a' && c <= 'z') c -= 'a' - 'A';
        if (c < 32 || c > 126) c = '?';
        glyph = hud_font[c - 32];
        for (row = 0; row < 7; ++row)
            for (col = 0; col < 5; ++col)
                if (glyph[row] & (0x10 >> col))
                    fill(hud, x + col * scale, y + row * scale, scale, scale, HUD_TEXT);
    }
}

/* The GL memory the device's textures hold, in bytes (their CPU copies'
 * sizes: what GL allocated for them, near enough). */
static uint64_t texture_memory(const struct wined3d_device *device)
{
    const struct wined3d_texture *t;
    uint64_t bytes = 0;
    unsigned int i, count;

    for (t = device->textures; t; t = t->next)
    {
        if (!t->gl_allocated) continue;
        count = t->level_count * t->face_count;
        for (i = 0; i < count; ++i) bytes += t->sub_resources[i].size;
    }
    return bytes;
}

static unsigned int hud_lines(struct wined3d_hud *hud, const struct wined3d_device *device,
        const struct wined3d_counters *c, char lines[HUD_MAX_LINES][HUD_LINE_CHARS], int *graph_after)
{
    unsigned int n = 0;

    *graph_after = -1;
    if (hud->items & HUD_FPS)
        snprintf(lines[n++], HUD_LINE_CHARS, "FPS %.1f", hud->fps);
    if (hud->items & HUD_FRAMETIME)
    {
        float last = hud->frame_count ? hud->frame_ms[(hud->frame_next + HUD_GRAPH_FRAMES - 1) % HUD_GRAPH_FRAMES] : 0.0f;
        snprintf(lines[n++], HUD_LINE_CHARS, "FRAME %.2f MS", last);
        *graph_after = n;
    }
    if (hud->items & HUD_DRAWS)
        snprintf(lines[n++], HUD_LINE_CHARS, "DRAWS %llu", (unsigned long long)c->draws);
    if (hud->items & HUD_GROUPS)
        snprintf(lines[n++], HUD_LINE_CHARS, "GROUPS %llu", (unsigned long long)c->groups_applied);
    if (hud->items & HUD_GLCALLS)
        snprintf(lines[n++], HUD_LINE_CHARS, "GL CALLS %llu FILTERED %llu", (unsigned long long)c->gl_calls,
                (unsigned long long)c->gl_calls_filtered);
    if (hud->items & HUD_UPLOADS)
        snprintf(lines[n++], HUD_LINE_CHARS, "UPLOADS %llu %llu KB PROGRAMS %llu",
                (unsigned long long)c->texture_uploads, (unsigned long long)(c->texture_upload_bytes + 1023) / 1024,
                (unsigned long long)c->programs_built);
    if (hud->items & HUD_MEMORY)
        snprintf(lines[n++], HUD_LINE_CHARS, "TEXTURES %.1f MB", texture_memory(device) / 1048576.0);
    if (hud->items & HUD_VERSION)
    {
        snprintf(lines[n++], HUD_LINE_CHARS, "DX7GL %s", PACKAGE_VERSION);
        snprintf(lines[n++], HUD_LINE_CHARS, "%.*s", HUD_LINE_CHARS - 1, device->renderer);
    }
    return n;
}

/* Draws the picture; returns its size in *w, *h. */
static int hud_paint(struct wined3d_hud *hud, const struct wined3d_device *device, const struct wined3d_counters *c,
        unsigned int scale, unsigned int *w, unsigned int *h)
{
    char lines[HUD_MAX_LINES][HUD_LINE_CHARS];
    unsigned int n, i, longest = 0, width, height, y, pad = 3 * scale, line_h = 9 * scale;
    int graph_after;

    n = hud_lines(hud, device, c, lines, &graph_after);
    for (i = 0; i < n; ++i)
        if (strlen(lines[i]) > longest) longest = (unsigned int)strlen(lines[i]);
    width = longest * 6 * scale;
    if (graph_after >= 0 && width < HUD_GRAPH_FRAMES * scale) width = HUD_GRAPH_FRAMES * scale;
    width += 2 * pad;
    height = n * line_h + 2 * pad - 2 * scale + (graph_after >= 0 ? (HUD_GRAPH_HEIGHT + 3) * scale : 0);
    if (width > hud->tex_width || height > hud->tex_height)
    {
        uint32_t *p;
        unsigned int tw = hud->tex_width > width ? hud->tex_width : width;
        unsigned int th = hud->tex_height > height ? hud->tex_height : height;
        if (!(p = realloc(hud->pixels, (size_t)tw * th * sizeof(*p)))) return 0;
        hud->pixels = p;
        hud->tex_width = tw;
        hud->tex_height = th;
        hud->texture_sized[0] = hud->texture_sized[1] = 0;
        fill(hud, 0, 0, tw, th, 0);
    }
    fill(hud, 0, 0, width, height, HUD_BACKGROUND);
    y = pad;
    for (i = 0; i < n; ++i)
    {
        draw_text(hud, pad, y, scale, lines[i]);
        y += line_h;
        if ((int)i + 1 == graph_after)
        {
            /* The bars are the program's (hud_bars); the picture has
             * their background, where the program looks for them. */
            fill(hud, pad, y, HUD_GRAPH_FRAMES * scale, HUD_GRAPH_HEIGHT * scale, HUD_GRAPH_BACK);
            hud->graph_x = pad;
            hud->graph_y = y;
            y += (HUD_GRAPH_HEIGHT + 3) * scale;
        }
    }
    *w = width;
    *h = height;
    return 1;
}

/* ---------------------------------------------------------------------- */
/* GL.                                                                     */

static const char hud_vs[] =
    "#version 330 core\n"
    "uniform vec4 dst;   /* NDC: x0, y0 (the picture's top-left corner), x1, y1 */\n"
    "uniform vec4 src;   /* texture coordinates of the same corners */\n"
    "out vec2 tc;\n"
    "void main()\n"
    "{\n"
    "    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));\n"
    "    gl_Position = vec4(mix(dst.xy, dst.zw, corner), 0.0, 1.0);\n"
    "    tc = mix(src.xy, src.zw, corner);\n"
    "}\n";

static const char hud_fs[] =
    "#version 330 core\n"
    "uniform sampler2D picture;\n"
    "in vec2 tc;\n"
    "out vec4 color;\n"
    "void main()\n"
    "{\n"
    "    color = texture(picture, tc);\n"
    "}\n";

/* The graph, a draw of its own over its rectangle of the picture (so the
 * picture's program stays a plain fetch): a bar per column from the bars
 * uniform (hud_bars), oldest on the left, its height a fraction of the
 * graph's, negative for a slow frame; rows are lit from the bottom up to
 * the height, the pixels a fill of that many rows makes. */
static const char hud_graph_fs[] =
    "#version 330 core\n"
    "uniform vec4 bars[" HUD_GRAPH_VEC4S "];\n"
    "in vec2 tc;\n"
    "out vec4 color;\n"
    "void main()\n"
    "{\n"
    "    int col = min(int(tc.x * " HUD_GRAPH_FRAMES_STR ".0), " HUD_GRAPH_FRAMES_STR " - 1);\n"
    "    float bar = bars[col >> 2][col & 3];\n"
    "    if (1.0 - tc.y >= abs(bar)) color = vec4(56.0, 56.0, 56.0, 255.0) / 255.0;\n"
    "    else if (bar < 0.0) color = vec4(240.0, 64.0, 64.0, 255.0) / 255.0;\n"
    "    else color = vec4(64.0, 224.0, 64.0, 255.0) / 255.0;\n"
    "}\n";

static GLuint hud_compile(struct wined3d_context *context, GLenum type, const char *source)
{
    GLuint shader = GL_CALLV(context, glCreateShader(type));
    GLint ok = 0;

    GL_CALL(context, glShaderSource(shader, 1, &source, NULL));
    GL_CALL(context, glCompileShader(shader));
    GL_CALL(context, glGetShaderiv(shader, GL_COMPILE_STATUS, &ok));
    if (!ok)
    {
        char log[1024];
        GL_CALL(context, glGetShaderInfoLog(shader, sizeof(log), NULL, log));
        ERR("HUD shader: %s\n", log);
        GL_CALL(context, glDeleteShader(shader));
        return 0;
    }
    return shader;
}

static GLuint hud_link(struct wined3d_context *context, GLuint vs, const char *fs_source)
{
    GLuint fs = hud_compile(context, GL_FRAGMENT_SHADER, fs_source), program = 0;
    GLint ok = 0;

    if (vs && fs)
    {
        program = GL_CALLV(context, glCreateProgram());
        GL_CALL(context, glAttachShader(program, vs));
        GL_CALL(context, glAttachShader(program, fs));
        GL_CALL(context, glLinkProgram(program));
        GL_CALL(context, glGetProgramiv(program, GL_LINK_STATUS, &ok));
    }
    if (fs) GL_CALL(context, glDeleteShader(fs));
    if (!ok && program)
    {
        GL_CALL(context, glDeleteProgram(program));
        program = 0;
    }
    return program;
}

static int hud_init_gl(struct wined3d_hud *hud, struct wined3d_context *context)
{
    GLuint vs;

    if (hud->program) return 1;
    vs = hud_compile(context, GL_VERTEX_SHADER, hud_vs);
    hud->program = hud_link(context, vs, hud_fs);
    hud->graph_program = hud_link(context, vs, hud_graph_fs);
    if (vs) GL_CALL(context, glDeleteShader(vs));
    if (!hud->program || !hud->graph_program)
    {
        ERR("The HUD's programs do not link; no HUD.\n");
        if (hud->program) GL_CALL(context, glDeleteProgram(hud->program));
        if (hud->graph_program) GL_CALL(context, glDeleteProgram(hud->graph_program));
        hud->program = hud->graph_program = 0;
        hud->failed = 1;
        return 0;
    }
    gl_use_program(context, hud->program);
    GL_CALL(context, glUniform1i(glGetUniformLocation(hud->program, "picture"), GL_SCRATCH_UNIT));
    hud->rect_loc[0] = GL_CALLV(context, glGetUniformLocation(hud->program, "dst"));
    hud->rect_loc[1] = GL_CALLV(context, glGetUniformLocation(hud->program, "src"));
    hud->graph_loc[0] = GL_CALLV(context, glGetUniformLocation(hud->graph_program, "dst"));
    hud->graph_loc[1] = GL_CALLV(context, glGetUniformLocation(hud->graph_program, "src"));
    hud->graph_loc[2] = GL_CALLV(context, glGetUniformLocation(hud->graph_program, "bars"));
    return 1;
}

/* Puts back what the HUD changed, as the cache knew it before (cache), so
 * GL and the cache agree again; then the cache is the one from before. */
static void hud_restore(struct wined3d_context *context, const struct wined3d_gl_cache *cache)
{
    static const enum gl_cap caps[] = {GL_CAP_BLEND, GL_CAP_DEPTH_TEST, GL_CAP_CULL_FACE, GL_CAP_STENCIL_TEST,
            GL_CAP_SCISSOR_TEST, GL_CAP_POLYGON_OFFSET_FILL};
    unsigned int i;

    for (i = 0; i < sizeof(caps) / sizeof(*caps); ++i)
        if (cache->known_caps & (1u << caps[i]))
            gl_set_cap(context, caps[i], !!(cache->caps & (1u << caps[i])));
    if (cache->valid_blend_func)
        gl_blend_func(context, cache->blend_func[0], cache->blend_func[1], cache->blend_func[2], cache->blend_func[3]);
    if (cache->valid_blend_eq)
        gl_blend_equation(context, cache->blend_eq[0], cache->blend_eq[1]);
    if (cache->valid_color_mask)
        gl_color_mask(context, cache->color_mask[0], cache->color_mask[1], cache->color_mask[2], cache->color_mask[3]);
    if (cache->valid_polygon_mode)
        gl_polygon_mode(context, cache->polygon_mode);
    if (cache->valid_viewport)
        gl_viewport(context, cache->viewport[0], cache->viewport[1], cache->viewport[2], cache->viewport[3]);
    if (cache->valid_unpack)
    {
        /* gl_pixel_store sets both of one direction. */
        gl_pixel_store(context, 0, cache->unpack_alignment, cache->unpack_row_length);
    }
    if (cache->valid_texture[GL_SCRATCH_UNIT])
        gl_bind_texture(context, GL_SCRATCH_UNIT, cache->texture_target[GL_SCRATCH_UNIT],
                cache->texture[GL_SCRATCH_UNIT]);
    if (cache->valid_sampler[GL_SCRATCH_UNIT])
        gl_bind_sampler(context, GL_SCRATCH_UNIT, cache->sampler[GL_SCRATCH_UNIT]);
    if (cache->valid_active_texture && context->gl.active_texture != cache->active_texture)
        GL_CALL(context, glActiveTexture(cache->active_texture));
    if (cache->valid_vao)
        gl_bind_vao(context, cache->vao);
    if (cache->valid_program)
        gl_use_program(context, cache->program);
    if (cache->valid_draw_fbo)
        gl_bind_draw_fbo(context, cache->draw_fbo);
    context->gl = *cache;
}

/* The graph's bars for the program, from the last frames' times, newest
 * on the right: full height is 33.3 ms or the slowest frame shown; a frame
 * over 1.5 times the mean (a stutter) is slow.  A bar is at least a pixel
 * high and a whole number of pixels (heights in pixels over the graph's). */
static void hud_bars(const struct wined3d_hud *hud, GLfloat bars[HUD_GRAPH_FRAMES])
{
    float top = 1000.0f / 30.0f, mean = 0.0f, rows = (float)(HUD_GRAPH_HEIGHT * hud->scale);
    unsigned int k;

    for (k = 0; k < hud->frame_count; ++k)
    {
        if (hud->frame_ms[k] > top) top = hud->frame_ms[k];
        mean += hud->frame_ms[k];
    }
    if (hud->frame_count) mean /= hud->frame_count;
    memset(bars, 0, HUD_GRAPH_FRAMES * sizeof(*bars));
    for (k = 0; k < hud->frame_count; ++k)
    {
        unsigned int idx = (hud->frame_next + HUD_GRAPH_FRAMES - hud->frame_count + k) % HUD_GRAPH_FRAMES;
        float ms = hud->frame_ms[idx];
        unsigned int bar = (unsigned int)(ms / top * rows + 0.5f);
        if (!bar) bar = 1;
        bars[HUD_GRAPH_FRAMES - hud->frame_count + k] = (ms > 1.5f * mean ? -1.0f : 1.0f) * bar / rows;
    }
}

void hud_draw(struct wined3d_hud *hud, struct wined3d_context *context, GLuint fbo, uint32_t ww, uint32_t wh,
        int flip)
{
    struct wined3d_device *device = context->device;
    struct wined3d_counters saved = device->frame;
    struct wined3d_gl_cache cache;
    unsigned int w, h, scale = ww >= 1024 ? 2 : 1, margin;
    uint64_t now;
    GLfloat dst[4], src[4], bars[HUD_GRAPH_FRAMES];
    int new_texture = 0;

    if (!hud || hud->failed || !ww || !wh) return;
    cache = context->gl;
    if (!hud_init_gl(hud, context)) goto done;
    now = hud_time_us();
    if (!hud->width || scale != hud->scale || now - hud->painted_us >= HUD_REPAINT_US)
    {
        if (!hud_paint(hud, device, &saved, scale, &w, &h)) goto done;
        hud->width = w;
        hud->height = h;
        hud->scale = scale;
        hud->painted_us = now;
        hud->current ^= 1;
        if (!hud->textures[hud->current])
            GL_CALL(context, glGenTextures(1, &hud->textures[hud->current]));
        new_texture = !hud->texture_sized[hud->current];
        hud->texture_sized[hud->current] = 1;
        gl_bind_texture(context, GL_SCRATCH_UNIT, GL_TEXTURE_2D, hud->textures[hud->current]);
        gl_pixel_store(context, 0, 4, hud->tex_width);
        if (new_texture)
        {
            GL_CALL(context, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, hud->tex_width, hud->tex_height, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, hud->pixels));
            GL_CALL(context, glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0));
        }
        else
        {
            GL_CALL(context, glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE,
                    hud->pixels));
        }
    }
    else
    {
        w = hud->width;
        h = hud->height;
        gl_bind_texture(context, GL_SCRATCH_UNIT, GL_TEXTURE_2D, hud->textures[hud->current]);
    }
    gl_bind_sampler(context, GL_SCRATCH_UNIT, context->present_samplers[0]);

    gl_bind_draw_fbo(context, fbo);
    gl_set_cap(context, GL_CAP_BLEND, 0);
    gl_set_cap(context, GL_CAP_DEPTH_TEST, 0);
    gl_set_cap(context, GL_CAP_CULL_FACE, 0);
    gl_set_cap(context, GL_CAP_STENCIL_TEST, 0);
    gl_set_cap(context, GL_CAP_SCISSOR_TEST, 0);
    gl_set_cap(context, GL_CAP_POLYGON_OFFSET_FILL, 0);
    gl_polygon_mode(context, GL_FILL);
    /* Every channel, as the present's own draw writes them: a colour mask
     * would make llvmpipe read the window's pixels back. */
    gl_color_mask(context, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl_viewport(context, 0, 0, ww, wh);
    gl_use_program(context, hud->program);

    /* The picture's top-left corner at (margin, margin) from the top-left
     * of the window, pixel for pixel. */
    margin = 4 * scale;
    dst[0] = -1.0f + 2.0f * margin / ww;
    dst[2] = -1.0f + 2.0f * (margin + w) / ww;
    dst[1] = flip ? 1.0f - 2.0f * margin / wh : -1.0f + 2.0f * margin / wh;
    dst[3] = flip ? 1.0f - 2.0f * (margin + h) / wh : -1.0f + 2.0f * (margin + h) / wh;
    src[0] = 0.0f;
    src[1] = 0.0f;
    src[2] = (float)w / hud->tex_width;
    src[3] = (float)h / hud->tex_height;
    GL_CALL(context, glUniform4fv(hud->rect_loc[0], 1, dst));
    GL_CALL(context, glUniform4fv(hud->rect_loc[1], 1, src));
    gl_bind_vao(context, context->present_vao);
    GL_CALL(context, glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
    if (hud->items & HUD_FRAMETIME)
    {
        static const GLfloat whole[4] = {0.0f, 0.0f, 1.0f, 1.0f};
        unsigned int gx = margin + hud->graph_x, gy = margin + hud->graph_y;

        dst[0] = -1.0f + 2.0f * gx / ww;
        dst[2] = -1.0f + 2.0f * (gx + HUD_GRAPH_FRAMES * hud->scale) / ww;
        dst[1] = flip ? 1.0f - 2.0f * gy / wh : -1.0f + 2.0f * gy / wh;
        dst[3] = flip ? 1.0f - 2.0f * (gy + HUD_GRAPH_HEIGHT * hud->scale) / wh
                : -1.0f + 2.0f * (gy + HUD_GRAPH_HEIGHT * hud->scale) / wh;
        hud_bars(hud, bars);
        gl_use_program(context, hud->graph_program);
        GL_CALL(context, glUniform4fv(hud->graph_loc[0], 1, dst));
        GL_CALL(context, glUniform4fv(hud->graph_loc[1], 1, whole));
        GL_CALL(context, glUniform4fv(hud->graph_loc[2], HUD_GRAPH_FRAMES / 4, bars));
        GL_CALL(context, glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
    }

done:
    hud_restore(context, &cache);
    device->frame = saved;
}

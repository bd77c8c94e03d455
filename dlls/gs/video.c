/*
 * Video modes, GS memory split and display records, as Sky_Start
 * (0x00496758) builds them, and the fog curve of the game's cameras.
 */
#include "config.h"

#include <string.h>

#include "gs_private.h"


/* The 90 records {width, height, depth, flags, refresh, format} at
 * 0x0052ec38.  What the seed states is kept exactly: five flag sets with
 * 22 x 0x1, 20 x 0x3, 20 x 0x203, 20 x 0x5 (all 224 or 256 lines) and 8 x
 * 0x101 (all 448 or 512 lines); mode 82 = 640 x 448, 32-bit, 0x203, 60 Hz,
 * format 0x500; 72 and 77 the same with 0x101 and 0x3; 87 the progressive
 * 640 x 480.  The other rows are a reconstruction (the seed does not list
 * them): each height has ten width/depth pairs, NTSC heights 60 Hz, PAL 50,
 * 32-bit modes format 0x500 (8888) and 16-bit 0x100 (1555). */
static const struct gs_rw_video_mode video_modes[GS_RW_VIDEO_MODE_COUNT] =
{
    /*  0 */ {320, 224, 32, 0x1, 60, 0x500},
    /*  1 */ {512, 224, 32, 0x1, 60, 0x500},
    /*  2 */ {640, 224, 32, 0x1, 60, 0x500},
    /*  3 */ {512, 224, 16, 0x1, 60, 0x100},
    /*  4 */ {640, 224, 16, 0x1, 60, 0x100},
    /*  5 */ {256, 224, 16, 0x1, 60, 0x100},
    /*  6 */ {256, 224, 32, 0x1, 60, 0x500},
    /*  7 */ {320, 224, 16, 0x1, 60, 0x100},
    /*  8 */ {384, 224, 16, 0x1, 60, 0x100},
    /*  9 */ {384, 224, 32, 0x1, 60, 0x500},
    /* 10 */ {320, 256, 32, 0x1, 50, 0x500},
    /* 11 */ {512, 256, 32, 0x1, 50, 0x500},
    /* 12 */ {640, 256, 32, 0x1, 50, 0x500},
    /* 13 */ {512, 256, 16, 0x1, 50, 0x100},
    /* 14 */ {640, 256, 16, 0x1, 50, 0x100},
    /* 15 */ {256, 256, 16, 0x1, 50, 0x100},
    /* 16 */ {256, 256, 32, 0x1, 50, 0x500},
    /* 17 */ {320, 256, 16, 0x1, 50, 0x100},
    /* 18 */ {384, 256, 16, 0x1, 50, 0x100},
    /* 19 */ {384, 256, 32, 0x1, 50, 0x500},
    /* 20 */ {320, 224, 32, 0x5, 60, 0x500},
    /* 21 */ {512, 224, 32, 0x5, 60, 0x500},
    /* 22 */ {640, 224, 32, 0x5, 60, 0x500},
    /* 23 */ {512, 224, 16, 0x5, 60, 0x100},
    /* 24 */ {640, 224, 16, 0x5, 60, 0x100},
    /* 25 */ {256, 224, 16, 0x5, 60, 0x100},
    /* 26 */ {256, 224, 32, 0x5, 60, 0x500},
    /* 27 */ {320, 224, 16, 0x5, 60, 0x100},
    /* 28 */ {384, 224, 16, 0x5, 60, 0x100},
    /* 29 */ {384, 224, 32, 0x5, 60, 0x500},
    /* 30 */ {320, 256, 32, 0x5, 50, 0x500},
    /* 31 */ {512, 256, 32, 0x5, 50, 0x500},
    /* 32 */ {640, 256, 32, 0x5, 50, 0x500},
    /* 33 */ {512, 256, 16, 0x5, 50, 0x100},
    /* 34 */ {640, 256, 16, 0x5, 50, 0x100},
    /* 35 */ {256, 256, 16, 0x5, 50, 0x100},
    /* 36 */ {256, 256, 32, 0x5, 50, 0x500},
    /* 37 */ {320, 256, 16, 0x5, 50, 0x100},
    /* 38 */ {384, 256, 16, 0x5, 50, 0x100},
    /* 39 */ {384, 256, 32, 0x5, 50, 0x500},
    /* 40 */ {320, 512, 32, 0x3, 50, 0x500},
    /* 41 */ {512, 512, 32, 0x3, 50, 0x500},
    /* 42 */ {640, 512, 32, 0x3, 50, 0x500},
    /* 43 */ {512, 512, 16, 0x3, 50, 0x100},
    /* 44 */ {640, 512, 16, 0x3, 50, 0x100},
    /* 45 */ {256, 512, 16, 0x3, 50, 0x100},
    /* 46 */ {256, 512, 32, 0x3, 50, 0x500},
    /* 47 */ {320, 512, 16, 0x3, 50, 0x100},
    /* 48 */ {384, 512, 16, 0x3, 50, 0x100},
    /* 49 */ {384, 512, 32, 0x3, 50, 0x500},
    /* 50 */ {320, 512, 32, 0x203, 50, 0x500},
    /* 51 */ {512, 512, 32, 0x203, 50, 0x500},
    /* 52 */ {640, 512, 32, 0x203, 50, 0x500},
    /* 53 */ {512, 512, 16, 0x203, 50, 0x100},
    /* 54 */ {640, 512, 16, 0x203, 50, 0x100},
    /* 55 */ {256, 512, 16, 0x203, 50, 0x100},
    /* 56 */ {256, 512, 32, 0x203, 50, 0x500},
    /* 57 */ {320, 512, 16, 0x203, 50, 0x100},
    /* 58 */ {384, 512, 16, 0x203, 50, 0x100},
    /* 59 */ {384, 512, 32, 0x203, 50, 0x500},
    /* 60 */ {512, 512, 32, 0x101, 50, 0x500},
    /* 61 */ {640, 512, 32, 0x101, 50, 0x500},
    /* 62 */ {640, 512, 16, 0x101, 50, 0x100},
    /* 63 */ {256, 448, 16, 0x3, 60, 0x100},
    /* 64 */ {256, 448, 32, 0x3, 60, 0x500},
    /* 65 */ {320, 448, 16, 0x3, 60, 0x100},
    /* 66 */ {384, 448, 16, 0x3, 60, 0x100},
    /* 67 */ {384, 448, 32, 0x3, 60, 0x500},
    /* 68 */ {256, 448, 16, 0x203, 60, 0x100},
    /* 69 */ {256, 448, 32, 0x203, 60, 0x500},
    /* 70 */ {320, 448, 32, 0x101, 60, 0x500},
    /* 71 */ {512, 448, 32, 0x101, 60, 0x500},
    /* 72 */ {640, 448, 32, 0x101, 60, 0x500},
    /* 73 */ {512, 448, 16, 0x101, 60, 0x100},
    /* 74 */ {640, 448, 16, 0x101, 60, 0x100},
    /* 75 */ {320, 448, 32, 0x3, 60, 0x500},
    /* 76 */ {512, 448, 32, 0x3, 60, 0x500},
    /* 77 */ {640, 448, 32, 0x3, 60, 0x500},
    /* 78 */ {512, 448, 16, 0x3, 60, 0x100},
    /* 79 */ {640, 448, 16, 0x3, 60, 0x100},
    /* 80 */ {320, 448, 32, 0x203, 60, 0x500},
    /* 81 */ {512, 448, 32, 0x203, 60, 0x500},
    /* 82 */ {640, 448, 32, 0x203, 60, 0x500},
    /* 83 */ {512, 448, 16, 0x203, 60, 0x100},
    /* 84 */ {640, 448, 16, 0x203, 60, 0x100},
    /* 85 */ {320, 448, 16, 0x203, 60, 0x100},
    /* 86 */ {384, 448, 16, 0x203, 60, 0x100},
    /* 87 */ {640, 480, 32, 0x1, 60, 0x500},
    /* 88 */ {640, 480, 16, 0x1, 60, 0x100},
    /* 89 */ {384, 448, 32, 0x203, 60, 0x500},
};

int gs_rw_get_video_mode(unsigned int index, struct gs_rw_video_mode *mode)
{
    if (index >= GS_RW_VIDEO_MODE_COUNT) return 0;
    *mode = video_modes[index];
    return 1;
}

static int mode_is_pal(const struct gs_rw_video_mode *mode)
{
    return mode->height == 256 || mode->height == 512;
}

/* Gs_ResetGraph(0, interlace, video, field) by flag: 0x2 without 0x4 is
 * interlaced field mode, 0x4 or 0x100 interlaced frame mode, neither
 * non-interlaced.  Sky_Start passes video 0 and the reset fills in NTSC (2);
 * PAL (3) for 256 / 512 lines and 480p (0x50) for the progressive mode are
 * our reading. */
void gs_rw_reset_args(const struct gs_rw_video_mode *mode, struct gs_reset_args *args)
{
    args->mode = 0;
    if ((mode->flags & GS_RW_VM_INTERLACE) && !(mode->flags & GS_RW_VM_FFINTERLACE))
    {
        args->interlace = 1;
        args->field = 0;
    }
    else if (mode->flags & (GS_RW_VM_FFINTERLACE | GS_RW_VM_FULLFRAME))
    {
        args->interlace = 1;
        args->field = 1;
    }
    else
    {
        args->interlace = 0;
        args->field = 1;
    }
    args->video = mode->height == 480 ? 0x50 : mode_is_pal(mode) ? 3 : 2;
}

static unsigned int div_round_up(unsigned int a, unsigned int b)
{
    return (a + b - 1) / b;
}

int gs_rw_compute_layout(const struct gs_rw_video_mode *mode, unsigned int zdepth, struct gs_memory_layout *l)
{
    unsigned int fb_pages, z_pages, fbw, end;

    memset(l, 0, sizeof(*l));
    if (mode->width <= 0 || mode->height <= 0 || (mode->depth != 32 && mode->depth != 16)
            || (zdepth != 24 && zdepth != 16))
        return 0;
    fbw = div_round_up(mode->width, 64);
    /* 32-bit pages are 64 x 32 pixels, 16-bit pages 64 x 64. */
    fb_pages = fbw * div_round_up(mode->height, mode->depth == 32 ? 32 : 64);
    z_pages = fbw * div_round_up(mode->height, zdepth == 24 ? 32 : 64);
    l->fbw = fbw;
    l->frame_psm = mode->depth == 32 ? GS_PSMCT32 : GS_PSMCT16S;
    l->fbp[0] = 0;
    l->fbp[1] = fb_pages;
    l->zbp = 2 * fb_pages;
    l->zpsm = zdepth == 24 ? GS_PSMZ24 : GS_PSMZ16S;
    end = (l->zbp + z_pages) * GS_PAGE_WORDS;
    if (end >= GS_MEMORY_WORDS) return 0;
    l->texture_start = end;
    l->texture_words = GS_MEMORY_WORDS - end;
    l->texture_memory_size = (GS_MEMORY_WORDS - end) * 4;
    l->frame_1[0] = gs_make_frame(l->fbp[0], fbw, l->frame_psm, 0);
    l->frame_1[1] = gs_make_frame(l->fbp[1], fbw, l->frame_psm, 0);
    l->zbuf_1 = gs_make_zbuf(l->zbp, l->zpsm, 0);
    return 1;
}

/* The record Gs_PutDisplayRecord writes for a displayed buffer.  Facts
 * (mode 82, read in a level): PMODE 0x8067, SMODE2 0x1, DISPFB2 with DBY 1,
 * DISPLAY2 DX 636, DY 50, MAGH 3, DW 2559, DH 446, and circuit 1 the same
 * buffer from its first line with DH 447.  For the other modes: one circuit
 * (PMODE 0x8066) without 0x200; PAL DX 656 / DY 72; non-interlaced DY halved;
 * a half-height buffer in frame mode (0x4) doubled vertically (MAGV 1). */
int gs_rw_display_record(const struct gs_rw_video_mode *mode, const struct gs_memory_layout *layout,
        unsigned int buffer, struct gs_display_record *r)
{
    struct gs_reset_args args;
    unsigned int two = !!(mode->flags & GS_RW_VM_ANTIFLICKER);
    unsigned int magh, dw, dx, dy, dh, magv = 0, psm;

    memset(r, 0, sizeof(*r));
    if (buffer > 1 || mode->width <= 0 || mode->height <= 0) return 0;
    gs_rw_reset_args(mode, &args);
    magh = 2560 / mode->width;
    if (!magh) magh = 1;
    dw = mode->width * magh - 1;
    --magh;
    dx = mode_is_pal(mode) ? 656 : 636;
    dy = mode_is_pal(mode) ? 72 : 50;
    if (!args.interlace) dy /= 2;
    dh = mode->height - 1;
    if (mode->flags & GS_RW_VM_FFINTERLACE)
    {
        magv = 1;
        dh = mode->height * 2 - 1;
    }
    psm = layout->frame_psm;
    r->pmode = gs_make_pmode(two, 1, 1, 1, 0, 0x80);
    r->smode2 = gs_make_smode2(args.interlace, args.field, 0);
    r->dispfb1 = gs_make_dispfb(layout->fbp[buffer], layout->fbw, psm, 0, 0);
    r->display1 = gs_make_display(dx, dy, magh, magv, dw, dh);
    r->dispfb2 = gs_make_dispfb(layout->fbp[buffer], layout->fbw, psm, 0, two);
    r->display2 = gs_make_display(dx, dy, magh, magv, dw, dh - two);
    r->bgcolor = 0;
    return 1;
}

/* 255 up to far * start, 0 at far, linear in w between (seed 003, Fog;
 * measured from GS dumps, rounded to nearest here). */
unsigned int gs_rw_fog_value(float w, float far_clip, float fog_start)
{
    float near_end = far_clip * fog_start, v;

    if (w <= near_end) return 255;
    if (w >= far_clip) return 0;
    v = 255.0f * (far_clip - w) / (far_clip - near_end);
    return (unsigned int)(v + 0.5f);
}

/* Vertical two-tap filter: each output line the average of itself and the
 * line below (the second read circuit, one line down, blended with ALP
 * 0x80).  The last line has no line below and is kept. */
void gs_anti_flicker(uint32_t *pixels, unsigned int width, unsigned int height)
{
    unsigned int x, y, c;

    for (y = 0; y + 1 < height; ++y)
    {
        uint32_t *row = pixels + (size_t)y * width, *next = row + width;
        for (x = 0; x < width; ++x)
        {
            uint32_t a = row[x], b = next[x], out = 0;
            for (c = 0; c < 32; c += 8)
                out |= ((((a >> c) & 0xff) + ((b >> c) & 0xff) + 1) >> 1) << c;
            row[x] = out;
        }
    }
}

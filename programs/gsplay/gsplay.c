/*
 * gsplay: replays a GIF packet stream (the container in gsplay.h) through
 * the GS adapter on wined3d-lite and writes each frame as a PNG.
 *
 *   gsplay [options] FILE       replay a stream file
 *   gsplay [options] --demo     the built-in stream
 * options:
 *   --out DIR           frames as DIR/frame-0000.png ... (default "gsplay-out";
 *                       created if missing), as --out names a folder in
 *                       every program of the tree
 *   --help              this text
 *   --write-stream FILE also write the (demo) stream to FILE
 *   --anti-flicker / --no-anti-flicker   override the stream's flag
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#ifdef _WIN32
#include <direct.h>
#else
#include <sys/stat.h>
#endif

#include "dx7gl/png.h"
#include "gsplay.h"
#include "gs.h"
#include "wined3d-lite/wined3d.h"

static uint32_t get32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static int read_file(const char *path, struct gsplay_buffer *b)
{
    uint8_t chunk[65536];
    size_t n;
    FILE *f = fopen(path, "rb");

    if (!f) return -1;
    while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
        if (gsplay_buffer_append(b, chunk, n) < 0) { fclose(f); return -1; }
    fclose(f);
    return 0;
}

static int write_file(const char *path, const struct gsplay_buffer *b)
{
    FILE *f = fopen(path, "wb");
    int ok;

    if (!f) return -1;
    ok = fwrite(b->data, 1, b->size, f) == b->size;
    return (fclose(f) == 0 && ok) ? 0 : -1;
}

static const char usage_text[] =
    "usage: gsplay [--out DIR] [--write-stream FILE] [--[no-]anti-flicker] (--demo | FILE)\n"
    "  replays a GIF packet stream through the GS adapter and writes each frame\n"
    "  as DIR/frame-NNNN.png (DIR defaults to gsplay-out and is created)\n";

static int make_dir(const char *dir)
{
#ifdef _WIN32
    if (!_mkdir(dir) || errno == EEXIST) return 0;
#else
    if (!mkdir(dir, 0777) || errno == EEXIST) return 0;
#endif
    fprintf(stderr, "gsplay: cannot create %s\n", dir);
    return -1;
}

static int play(const struct gsplay_buffer *s, const char *out, int anti_flicker_override)
{
    struct wined3d_swapchain_desc desc;
    struct wined3d_device *device = NULL;
    struct gs_renderer *renderer = NULL;
    struct gs_device *gs = NULL;
    uint32_t width, height, flags, *pixels = NULL;
    unsigned int frame = 0, i;
    size_t o = GSPLAY_HEADER_SIZE;
    int anti_flicker, ret = 1;

    if (s->size < GSPLAY_HEADER_SIZE || memcmp(s->data, GSPLAY_MAGIC, 8))
    {
        fprintf(stderr, "gsplay: not a stream file (magic %s expected)\n", GSPLAY_MAGIC);
        return 1;
    }
    width = get32(s->data + 8);
    height = get32(s->data + 12);
    flags = get32(s->data + 16);
    if (!width || !height || width > 2048 || height > 2048)
    {
        fprintf(stderr, "gsplay: bad frame size %ux%u\n", width, height);
        return 1;
    }
    anti_flicker = anti_flicker_override >= 0 ? anti_flicker_override : !!(flags & GSPLAY_FLAG_ANTI_FLICKER);

    memset(&desc, 0, sizeof(desc));
#ifdef _WIN32
    desc.window_system = WINED3D_WS_WGL;
#else
    desc.window_system = WINED3D_WS_EGL_SURFACELESS;
#endif
    desc.backbuffer_width = width;
    desc.backbuffer_height = height;
    desc.backbuffer_format = WINED3DFMT_A8R8G8B8;
    desc.depth_stencil_format = WINED3DFMT_D24S8;
    if (WINED3D_FAILED(wined3d_device_create(&desc, 0, &device)))
    {
        fprintf(stderr, "gsplay: cannot create a GL device\n");
        return 1;
    }
    if (gs_device_create(&gs) < 0 || gs_renderer_create(gs, device, width, height, &renderer) < 0
            || !(pixels = malloc((size_t)width * height * 4)))
    {
        fprintf(stderr, "gsplay: out of memory\n");
        goto done;
    }

    while (o + 8 <= s->size)
    {
        uint32_t type = get32(s->data + o), len = get32(s->data + o + 4);
        const uint8_t *payload = s->data + o + 8;

        if (len > s->size - o - 8)
        {
            fprintf(stderr, "gsplay: record at %lu runs past the end of the stream\n", (unsigned long)o);
            goto done;
        }
        switch (type)
        {
            case GSPLAY_GIF:
            {
                uint64_t *q;
                if (len % 16)
                {
                    fprintf(stderr, "gsplay: GIF record at %lu is not whole quadwords, skipped\n", (unsigned long)o);
                    break;
                }
                /* Copy for alignment. */
                if (!(q = malloc(len ? len : 16))) goto done;
                memcpy(q, payload, len);
                if (gs_device_process(gs, q, len / 16) < 0)
                    fprintf(stderr, "gsplay: GIF packet at %lu refused\n", (unsigned long)o);
                free(q);
                break;
            }
            case GSPLAY_FRAME:
            {
                char path[4096];
                struct gs_stats st;
                struct wined3d_counters counters;
                if (gs_renderer_read_frame(renderer, pixels, anti_flicker) < 0)
                {
                    fprintf(stderr, "gsplay: cannot read frame %u\n", frame);
                    goto done;
                }
                /* The TV shows RGB: PMODE blends the circuits with the fixed
                 * ALP, the frame buffer's alpha (As written by the GS) is not
                 * part of the picture. */
                for (i = 0; i < width * height; ++i) pixels[i] |= 0xff000000u;
                snprintf(path, sizeof(path), "%s/frame-%04u.png", out, frame);
                if (dx7gl_png_write(path, pixels, width, height, DX7GL_PNG_RGBA32) < 0)
                {
                    fprintf(stderr, "gsplay: cannot write %s\n", path);
                    goto done;
                }
                gs_device_get_stats(gs, &st);
                wined3d_device_get_counters(device, WINED3D_COUNTERS_TOTAL, &counters);
                printf("frame %u: %s (%ux%u%s), %lu primitives, %lu GL draws, %lu transfers, %lu errors so far\n",
                        frame, path, width, height, anti_flicker ? ", anti-flicker" : "", (unsigned long)st.primitives,
                        (unsigned long)counters.draws, (unsigned long)st.transfers, (unsigned long)st.errors);
                ++frame;
                break;
            }
            case GSPLAY_COMMENT:
                break;
            default:
                fprintf(stderr, "gsplay: unknown record type %u at %lu skipped\n", type, (unsigned long)o);
                break;
        }
        o += 8 + len;
    }
    ret = 0;

done:
    free(pixels);
    gs_renderer_destroy(renderer);
    gs_device_destroy(gs);
    wined3d_device_destroy(device);
    return ret;
}

int main(int argc, char **argv)
{
    const char *out = "gsplay-out", *input = NULL, *write_stream = NULL;
    struct gsplay_buffer stream = {0};
    int demo = 0, anti_flicker = -1, i, ret;

    for (i = 1; i < argc; ++i)
    {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
        {
            fputs(usage_text, stdout);
            return 0;
        }
        else if (!strcmp(argv[i], "--demo")) demo = 1;
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (!strcmp(argv[i], "--write-stream") && i + 1 < argc) write_stream = argv[++i];
        else if (!strcmp(argv[i], "--anti-flicker")) anti_flicker = 1;
        else if (!strcmp(argv[i], "--no-anti-flicker")) anti_flicker = 0;
        else if (argv[i][0] != '-' && !input) input = argv[i];
        else
        {
            fputs(usage_text, stderr);
            return 2;
        }
    }
    if (!demo && !input)
    {
        fputs(usage_text, stderr);
        return 2;
    }
    if (demo ? gsplay_build_demo(&stream) < 0 : read_file(input, &stream) < 0)
    {
        fprintf(stderr, "gsplay: cannot %s\n", demo ? "build the demo stream" : "read the stream");
        return 1;
    }
    if (write_stream && write_file(write_stream, &stream) < 0)
    {
        fprintf(stderr, "gsplay: cannot write %s\n", write_stream);
        return 1;
    }
    ret = make_dir(out) < 0 ? 1 : play(&stream, out, anti_flicker);
    free(stream.data);
    return ret;
}

/*
 * thrashhost [--driver PATH] [--scene NAME] [--frames N] [--out DIR] [--size WxH] [--bits 16|32]
 *            [--fullscreen]
 * thrashhost --compare DIR_A DIR_B [--scene NAME] [--frames N] [--min-psnr DB]
 *
 * Binds a THRASH driver as Porsche.exe does, opens the window, probes the
 * graphics options, sets the video mode and draws a scene (game: the
 * default, every call site; selftest: the seed's self-test picture), writing
 * each frame's front buffer as PNG and printing the frame rate.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _WIN32
# include <direct.h>
#else
# include <sys/stat.h>
#endif

#include "dx7gl/png.h"
#include "thrashhost.h"

static const struct { unsigned int w, h; } modes[6] = {{0, 0}, {640, 480}, {800, 600}, {1024, 768}, {1280, 1024}, {1600, 1200}};

static double now(void)
{
#ifdef _WIN32
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
#endif
}

static void pump_messages(void)
{
#ifdef _WIN32
    MSG msg;
    while (PeekMessageA(&msg, NULL, 0, 0, PM_REMOVE))
    {
        TranslateMessage(&msg);
        DispatchMessageA(&msg);
    }
#endif
}

static void usage(FILE *f)
{
    fprintf(f, "usage: thrashhost [--driver PATH] [--scene game|selftest] [--frames N] [--out DIR] "
            "[--size WxH] [--bits 16|32] [--fullscreen]\n"
            "       thrashhost --compare DIR_A DIR_B [--scene NAME] [--frames N] [--min-psnr DB]\n");
}

/* PSNR of every frame of two runs (e.g. our ddraw and Wine's builtin). */
static int compare_runs(const char *a, const char *b, const char *scene, unsigned int frames, double min_psnr)
{
    unsigned int i, wa, ha, wb, hb, bad = 0;
    double worst = 1000.0;

    for (i = 0; i < frames; ++i)
    {
        char pa[512], pb[512];
        uint8_t *ra, *rb;
        double p;

        snprintf(pa, sizeof(pa), "%s/%s-%03u.png", a, scene, i);
        snprintf(pb, sizeof(pb), "%s/%s-%03u.png", b, scene, i);
        ra = rb = NULL;
        if (dx7gl_png_read_rgb(pa, &ra, &wa, &ha) < 0 || dx7gl_png_read_rgb(pb, &rb, &wb, &hb) < 0
                || wa != wb || ha != hb)
        {
            printf("compare: frame %u: missing, unreadable or of another size\n", i);
            free(ra);
            free(rb);
            ++bad;
            continue;
        }
        p = psnr_rgb(ra, rb, (size_t)wa * ha * 3);
        if (p < worst) worst = p;
        if (p < min_psnr) ++bad;
        printf("compare: frame %u: PSNR %.2f dB%s\n", i, p, p < min_psnr ? " (below the limit)" : "");
        free(ra);
        free(rb);
    }
    printf("compare: %u frames, worst %.2f dB, %u below %.1f dB: %s\n", frames, worst, bad, min_psnr,
            bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    const char *driver = NULL, *scene = "game", *out = "thrash-out", *compare_a = NULL, *compare_b = NULL;
    double min_psnr = 40.0;
    int windowed = 1;
    unsigned int width = 640, height = 480, frames = 30, bits = 16, mode = 0, i;
    double render_time = 0.0, start;
    struct thrash_api api;
    const struct thrash_about *about;
    struct thrash_frame frame = {0};
    uint8_t *rgb;
    int written = 0, captured;

    for (i = 1; i < (unsigned int)argc; ++i)
    {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return 0; }
        else if (!strcmp(argv[i], "--driver") && i + 1 < (unsigned int)argc) driver = argv[++i];
        else if (!strcmp(argv[i], "--scene") && i + 1 < (unsigned int)argc) scene = argv[++i];
        else if (!strcmp(argv[i], "--frames") && i + 1 < (unsigned int)argc) frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && i + 1 < (unsigned int)argc) out = argv[++i];
        else if (!strcmp(argv[i], "--bits") && i + 1 < (unsigned int)argc) bits = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--fullscreen")) windowed = 0;
        else if (!strcmp(argv[i], "--min-psnr") && i + 1 < (unsigned int)argc) min_psnr = atof(argv[++i]);
        else if (!strcmp(argv[i], "--compare") && i + 2 < (unsigned int)argc)
        {
            compare_a = argv[++i];
            compare_b = argv[++i];
        }
        else if (!strcmp(argv[i], "--size") && i + 1 < (unsigned int)argc)
        {
            if (sscanf(argv[++i], "%ux%u", &width, &height) != 2) { usage(stderr); return 2; }
        }
        else { usage(stderr); return 2; }
    }
    if (compare_a)
        return compare_runs(compare_a, compare_b, scene, frames, min_psnr);
    for (i = 1; i < 6; ++i)
        if (modes[i].w == width && modes[i].h == height) mode = i;
    if (!mode)
    {
        fprintf(stderr, "thrashhost: %ux%u is not a THRASH display mode (640x480, 800x600, 1024x768, "
                "1280x1024, 1600x1200)\n", width, height);
        return 2;
    }
    if (strcmp(scene, "game") && strcmp(scene, "selftest"))
    {
        fprintf(stderr, "thrashhost: no scene \"%s\" (game, selftest)\n", scene);
        return 2;
    }

#ifdef _WIN32
    if (!driver) driver = "dx7z";
#else
    if (!driver) driver = "libdx7gl-dx7z.so";
#endif
    driver = thrash_drivername(driver);
    if (!thrash_opendll(&api, driver))
        return 1;
    thrash_savetable(&api, 0);
    thrash_selecttable(&api, 0);
    about = T(&api, about, pfn_about)();
    printf("thrashhost: driver %s: %d exports bound, \"%.16s\" version %#x, signature %.4s%s\n", driver, api.bound,
            about ? about->name : "?", about ? (unsigned)about->version : 0u,
            about ? (const char *)&about->signature : "????", api.glide ? " (Glide)" : "");
    if (!T(&api, is, pfn_void)() || !T(&api, init, pfn_void)())
    {
        fprintf(stderr, "thrashhost: the driver has no Direct3D device\n");
        return 1;
    }
    if (!thrash_openwindow(&api, width, height, windowed))
    {
        fprintf(stderr, "thrashhost: no window\n");
        return 1;
    }
    if (!thrash_setmode(&api, mode, bits))
    {
        fprintf(stderr, "thrashhost: setvideomode(%u, 2, %u) failed\n", mode, bits == 32 ? 2 : 1);
        return 1;
    }
    thrash_probe(&api, stdout);
    if (!scene_init(&api))
        fprintf(stderr, "thrashhost: some textures could not be made\n");

#ifdef _WIN32
    _mkdir(out);
#else
    mkdir(out, 0777);
#endif
    rgb = malloc((size_t)width * height * 3);
    for (i = 0; i < frames; ++i)
    {
        pump_messages();
        start = now();
        if (!strcmp(scene, "selftest"))
        {
            scene_selftest(&api, i);
            T(&api, pageflip, pfn_void)();
        }
        else
            scene_game(&api, i);
        /* Reading the front buffer back waits for the frame to be drawn, so
         * it is timed (the lock and copying its rows out); converting them
         * to RGB and writing the PNG aren't, nor is the first frame (shader
         * compiles and uploads). */
        captured = rgb && thrash_capture(&api, 1, &frame);
        if (i || frames == 1)
            render_time += now() - start;
        if (captured)
        {
            thrash_frame_rgb(&frame, rgb, width, height);
            char path[512];
            snprintf(path, sizeof(path), "%s/%s-%03u.png", out, scene, i);
            if (!dx7gl_png_write(path, rgb, width, height, DX7GL_PNG_RGB24)) ++written;
        }
    }
    printf("thrashhost: %u frames of \"%s\" at %ux%u, %u bits: %.1f fps (drawing, flipping and reading back; first frame not counted); "
            "lock hook called %d/%d times\n", frames, scene, width, height, bits,
            render_time > 0 ? (frames > 1 ? frames - 1 : 1) / render_time : 0.0, thrash_lock_hook_calls[1], thrash_lock_hook_calls[0]);
    printf("thrashhost: %d frames written to %s/%s-NNN.png\n", written, out, scene);
    free(rgb);
    free(frame.pixels);
    scene_free(&api);
    T(&api, restore, pfn_void)();
    thrash_closedll(&api);
    return written == (int)frames ? 0 : 1;
}

/*
 * bench: the driver shared by the Direct3D 7 client and the GL floor.
 *
 * Usage: bench [--scene churn|tnl|fill|thrash|all] [--draws N] [--changes K]
 *              [--lights L] [--frames F] [--min-seconds S] [--warmup W] [--label TEXT]
 *              [--dump DIR] [--smoke]
 * --dump: after the timed frames draw one more (index BENCH_CHECK_FRAME,
 * untimed) and write it to DIR/<scene>-k<K>-l<L>-n<N>.ppm.
 * --batched (bench-floor only): the hand-batched reference instead of the
 * naive floor; the Direct3D 7 client refuses it.
 * --min-seconds: after the F frames, keep drawing frames until S seconds of
 * timed frames have passed (so fast implementations are timed long enough).
 *
 * Each scene configuration prints one JSON line on stdout:
 *   {"scene", "impl", "label", "changes", "lights", "draws_per_frame",
 *    "frames", "draws", "seconds", "draws_per_second", "cpu_ns_per_draw" (the
 *    process: every thread, so a driver's worker threads count), "thread_cpu_ns_per_draw"
 *    (the calling thread only),
 *    "fps", "rss_kb_start" (resident after the warm-up), "rss_kb_end", "peak_rss_kb", "status" ("ok", "skipped", "error"), "reason",
 *    "impl_detail", and where our core's counters are reachable
 *    "gl_calls_per_draw", "redundant_gl_calls_per_draw",
 *    "groups_applied_per_draw", "programs_built"}.
 * Frames are timed by wall clock from the first timed frame to the end of a
 * final wait for the GPU; CPU time is the calling thread's.
 *
 * Exit status: 0 when every scene ran or was skipped for a stated reason
 * (no dx7z.dll, no 3D device), 1 when a scene failed, 2 on bad arguments.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#ifdef _WIN32
# define WIN32_LEAN_AND_MEAN
# include <windows.h>
# include <psapi.h>
#else
# include <time.h>
# include <dlfcn.h>
# include <sys/resource.h>
# include <unistd.h>
#endif

#include "bench.h"

/* ---------------------------------------------------------------------- */
/* Platform helpers.                                                       */

#ifdef _WIN32

uint64_t bench_time_ns(void)
{
    static LARGE_INTEGER frequency;
    LARGE_INTEGER now;

    if (!frequency.QuadPart)
        QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&now);
    return (uint64_t)((double)now.QuadPart * 1e9 / (double)frequency.QuadPart);
}

/* Under Wine the Linux threads of the process are visible through the Z:
 * drive: /proc's schedstat counts their CPU time in nanoseconds, where
 * GetProcessTimes has 10 ms ticks.  (/proc/thread-self does not name the
 * calling thread when opened through Wine, so the calling thread's time
 * comes from GetThreadTimes, 10 ms ticks.) */
static uint64_t read_schedstat(const char *path)
{
    unsigned long long ns = 0;
    FILE *f = fopen(path, "r");

    if (!f)
        return 0;
    if (fscanf(f, "%llu", &ns) != 1)
        ns = 0;
    fclose(f);
    return ns;
}

uint64_t bench_thread_cpu_ns(void)
{
    FILETIME creation, exit, kernel, user;
    ULARGE_INTEGER k, u;
    if (!GetThreadTimes(GetCurrentThread(), &creation, &exit, &kernel, &user))
        return 0;
    k.LowPart = kernel.dwLowDateTime; k.HighPart = kernel.dwHighDateTime;
    u.LowPart = user.dwLowDateTime; u.HighPart = user.dwHighDateTime;
    return (k.QuadPart + u.QuadPart) * 100;
}

uint64_t bench_process_cpu_ns(void)
{
    FILETIME creation, exit, kernel, user;
    ULARGE_INTEGER k, u;
    WIN32_FIND_DATAA data;
    HANDLE find;
    uint64_t ns = 0;

    /* Every live thread's schedstat (threads that ended are not counted,
     * the benchmark's threads live as long as the process). */
    if ((find = FindFirstFileA("Z:\\proc\\self\\task\\*", &data)) != INVALID_HANDLE_VALUE)
    {
        do
        {
            char path[MAX_PATH];

            if (data.cFileName[0] == '.')
                continue;
            snprintf(path, sizeof(path), "Z:\\proc\\self\\task\\%s\\schedstat", data.cFileName);
            ns += read_schedstat(path);
        } while (FindNextFileA(find, &data));
        FindClose(find);
        if (ns)
            return ns;
    }
    if (!GetProcessTimes(GetCurrentProcess(), &creation, &exit, &kernel, &user))
        return 0;
    k.LowPart = kernel.dwLowDateTime; k.HighPart = kernel.dwHighDateTime;
    u.LowPart = user.dwLowDateTime; u.HighPart = user.dwHighDateTime;
    return (k.QuadPart + u.QuadPart) * 100;
}

uint64_t bench_peak_rss_kb(void)
{
    PROCESS_MEMORY_COUNTERS pmc;

    if (!GetProcessMemoryInfo(GetCurrentProcess(), &pmc, sizeof(pmc)))
        return 0;
    return pmc.PeakWorkingSetSize / 1024;
}

uint64_t bench_rss_kb(void)
{
    PROCESS_MEMORY_COUNTERS pmc;

    if (!GetProcessMemoryInfo(GetCurrentProcess(), &pmc, sizeof(pmc)))
        return 0;
    return pmc.WorkingSetSize / 1024;
}

static LRESULT CALLBACK bench_wndproc(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam)
{
    return DefWindowProcA(hwnd, msg, wparam, lparam);
}

void *bench_window(void)
{
    static HWND hwnd;
    WNDCLASSA wc;
    RECT r = {0, 0, BENCH_WIDTH, BENCH_HEIGHT};

    if (hwnd)
        return hwnd;
    memset(&wc, 0, sizeof(wc));
    wc.lpfnWndProc = bench_wndproc;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.hCursor = LoadCursorA(NULL, (LPCSTR)IDC_ARROW);
    wc.lpszClassName = "dx7gl_bench";
    RegisterClassA(&wc);
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    hwnd = CreateWindowA("dx7gl_bench", "dx7gl bench", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0,
            r.right - r.left, r.bottom - r.top, NULL, NULL, wc.hInstance, NULL);
    bench_pump_messages();
    return hwnd;
}

void bench_pump_messages(void)
{
    MSG msg;

    while (PeekMessageA(&msg, NULL, 0, 0, PM_REMOVE))
    {
        TranslateMessage(&msg);
        DispatchMessageA(&msg);
    }
}

void *bench_load_library(const char *name)
{
    return LoadLibraryA(name);
}

void *bench_symbol(void *library, const char *name)
{
    return library ? (void *)GetProcAddress(library, name) : NULL;
}

#else /* native */

uint64_t bench_time_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

uint64_t bench_thread_cpu_ns(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

uint64_t bench_process_cpu_ns(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts))
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

uint64_t bench_peak_rss_kb(void)
{
    struct rusage usage;

    if (getrusage(RUSAGE_SELF, &usage))
        return 0;
    return usage.ru_maxrss;
}

uint64_t bench_rss_kb(void)
{
    unsigned long long size = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");

    if (!f)
        return 0;
    if (fscanf(f, "%llu %llu", &size, &resident) != 2)
        resident = 0;
    fclose(f);
    return resident * (uint64_t)sysconf(_SC_PAGESIZE) / 1024;
}

void *bench_window(void)
{
    return NULL;
}

void bench_pump_messages(void)
{
}

void *bench_load_library(const char *name)
{
    return dlopen(name, RTLD_NOW | RTLD_LOCAL);
}

void *bench_symbol(void *library, const char *name)
{
    return dlsym(library ? library : RTLD_DEFAULT, name);
}

#endif

/* ---------------------------------------------------------------------- */
/* Scene geometry, shared so that both implementations draw the same.      */

static const char *const scene_names[BENCH_SCENE_COUNT] = {"churn", "tnl", "fill", "thrash"};

const char *bench_scene_name(enum bench_scene scene)
{
    return scene < BENCH_SCENE_COUNT ? scene_names[scene] : "?";
}

/* 8x8 pixel quads on an 80x60 grid; past 4,800 draws the grid repeats. */
void bench_churn_vertices(struct bench_tlvertex *v, unsigned int draws)
{
    unsigned int i;

    for (i = 0; i < draws; ++i, v += 6)
    {
        unsigned int cell = i % 4800;
        float x0 = (float)(cell % 80) * 8.0f, y0 = (float)(cell / 80) * 8.0f;
        float x1 = x0 + 7.0f, y1 = y0 + 7.0f, z = 0.5f - 0.4f * (float)i / (float)draws;
        uint32_t colour = 0xff000000u | ((i * 2654435761u) & 0x00ffffffu) | 0x00404040u;
        const float xs[6] = {x0, x1, x0, x0, x1, x1}, ys[6] = {y0, y0, y1, y1, y0, y1};
        /* Pixel centres (integer coordinates in Direct3D) sample texel
         * centres of the 8x8 checker cells: no result hangs on rounding. */
        const float a = 1.0f / 16.0f, b = 15.0f / 16.0f;
        const float us[6] = {a, b, a, a, b, b}, vs[6] = {a, a, b, b, a, b};
        unsigned int j;

        for (j = 0; j < 6; ++j)
        {
            v[j].x = xs[j]; v[j].y = ys[j]; v[j].z = z; v[j].rhw = 1.0f;
            v[j].diffuse = colour; v[j].u = us[j]; v[j].v = vs[j];
        }
    }
}

void bench_fill_vertices(struct bench_tlvertex *v, unsigned int draws)
{
    unsigned int i;

    for (i = 0; i < draws; ++i, v += 6)
    {
        const float w = BENCH_WIDTH, h = BENCH_HEIGHT;
        const float xs[6] = {0, w, 0, 0, w, w}, ys[6] = {0, 0, h, h, 0, h};
        const float us[6] = {0, 4, 0, 0, 4, 4}, vs[6] = {0, 0, 3, 3, 0, 3};
        uint32_t colour = 0x80000000u | (i & 1 ? 0x00ffc080u : 0x0080c0ffu);
        unsigned int j;

        for (j = 0; j < 6; ++j)
        {
            v[j].x = xs[j]; v[j].y = ys[j]; v[j].z = 0.5f; v[j].rhw = 1.0f;
            v[j].diffuse = colour; v[j].u = us[j] + 0.25f * i; v[j].v = vs[j];
        }
    }
}

/* Faces of a unit cube, each wound clockwise seen from outside (D3D's front
 * faces in a left-handed world). */
const struct bench_nvertex bench_cube_vertices[24] =
{
    {-1, -1, -1, 0, 0, -1}, {-1, 1, -1, 0, 0, -1}, {1, 1, -1, 0, 0, -1}, {1, -1, -1, 0, 0, -1},
    {1, -1, 1, 0, 0, 1}, {1, 1, 1, 0, 0, 1}, {-1, 1, 1, 0, 0, 1}, {-1, -1, 1, 0, 0, 1},
    {-1, -1, 1, -1, 0, 0}, {-1, 1, 1, -1, 0, 0}, {-1, 1, -1, -1, 0, 0}, {-1, -1, -1, -1, 0, 0},
    {1, -1, -1, 1, 0, 0}, {1, 1, -1, 1, 0, 0}, {1, 1, 1, 1, 0, 0}, {1, -1, 1, 1, 0, 0},
    {-1, 1, -1, 0, 1, 0}, {-1, 1, 1, 0, 1, 0}, {1, 1, 1, 0, 1, 0}, {1, 1, -1, 0, 1, 0},
    {-1, -1, 1, 0, -1, 0}, {-1, -1, -1, 0, -1, 0}, {1, -1, -1, 0, -1, 0}, {1, -1, 1, 0, -1, 0},
};
const uint16_t bench_cube_indices[36] =
{
    0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 8, 9, 10, 8, 10, 11,
    12, 13, 14, 12, 14, 15, 16, 17, 18, 16, 18, 19, 20, 21, 22, 20, 22, 23,
};

/* Row-vector matrices as Direct3D uses them (v' = v * M); m[4 * row + col]. */
static void mat_identity(float m[16])
{
    memset(m, 0, 16 * sizeof(float));
    m[0] = m[5] = m[10] = m[15] = 1.0f;
}

/* Rotation about y and a translation only: no scale, so the normals stay
 * unit length and D3DRS_NORMALIZENORMALS does not matter.  The cubes (2 units)
 * sit 3 units apart on a square grid far enough away to fit the view. */
void bench_tnl_world(float *m, unsigned int object, unsigned int objects, unsigned int frame)
{
    unsigned int side = (unsigned int)ceil(sqrt((double)(objects ? objects : 1)));
    float a = 0.05f * (float)frame + 0.37f * (float)object, c = cosf(a), s = sinf(a);
    float half = 1.5f * (float)side;

    mat_identity(m);
    m[0] = c;  m[2] = -s;
    m[8] = s;  m[10] = c;
    m[12] = -half + 3.0f * (float)(object % side) + 1.5f;
    m[13] = half - 3.0f * (float)((object / side) % side) - 1.5f;
    m[14] = 4.0f + 3.2f * half;
}

void bench_tnl_view_projection(float *view, float *proj)
{
    /* Identity view; a left-handed perspective with a 45 degree field of view. */
    float yscale = 1.0f / tanf(3.14159265f / 8.0f), xscale = yscale * BENCH_HEIGHT / BENCH_WIDTH;
    float zn = 1.0f, zf = 2000.0f;

    mat_identity(view);
    memset(proj, 0, 16 * sizeof(float));
    proj[0] = xscale;
    proj[5] = yscale;
    proj[10] = zf / (zf - zn);
    proj[11] = 1.0f;
    proj[14] = -zn * zf / (zf - zn);
}

/* Directional lights whose intensities add up to about the same brightness
 * whatever their number, so that nothing saturates. */
void bench_tnl_light(unsigned int index, unsigned int count, float direction[3], float diffuse[4])
{
    float a = 0.8f * (float)index, scale = 1.6f / (float)(count + 1);

    direction[0] = cosf(a) * 0.6f;
    direction[1] = -0.5f + 0.1f * (float)index;
    direction[2] = 0.6f + sinf(a) * 0.4f;
    diffuse[0] = scale * (0.8f + 0.2f * (float)(index % 3));
    diffuse[1] = scale * (0.7f + 0.15f * (float)((index + 1) % 3));
    diffuse[2] = scale * (0.6f + 0.2f * (float)((index + 2) % 3));
    diffuse[3] = 1.0f;
}

void bench_texture_pixels(uint32_t *pixels, unsigned int size, uint32_t tint)
{
    unsigned int x, y;

    for (y = 0; y < size; ++y)
        for (x = 0; x < size; ++x)
            pixels[y * size + x] = ((x / 8 + y / 8) & 1) ? tint : 0xff000000u | (~tint & 0x00ffffffu);
}

/* ---------------------------------------------------------------------- */
/* The driver.                                                             */

static void usage(FILE *f)
{
    fprintf(f, "usage: %s [--scene churn|tnl|fill|thrash|all] [--draws N] [--changes K] [--lights L]\n"
            "       [--frames F] [--min-seconds S] [--warmup W] [--label TEXT] [--dump DIR] [--smoke]\n"
            "       [--batched] (bench-floor: the hand-batched reference)\n", bench_impl.name);
}

static void json_string(const char *key, const char *value)
{
    printf(", \"%s\": \"", key);
    for (; value && *value; ++value)
    {
        if (*value == '"' || *value == '\\')
            printf("\\%c", *value);
        else if ((unsigned char)*value < 0x20)
            printf(" ");
        else
            putchar(*value);
    }
    putchar('"');
}

static void print_line(const struct bench_config *config, const char *status, const char *reason,
        const struct bench_result *result)
{
    printf("{\"scene\": \"%s\"", bench_scene_name(config->scene));
    json_string("impl", config->batched ? "gl-batched" : bench_impl.name);
    json_string("label", config->label ? config->label : "");
    printf(", \"changes\": %u, \"lights\": %u, \"draws_per_frame\": %u, \"frames\": %u",
            config->scene == BENCH_SCENE_CHURN ? config->changes : 0,
            config->scene == BENCH_SCENE_TNL ? config->lights : 0, config->draws,
            result && result->frames ? result->frames : config->frames);
    if (result && result->wall_ns)
    {
        double seconds = result->wall_ns * 1e-9;

        double draws = result->draws ? (double)result->draws : 1.0;

        printf(", \"draws\": %llu, \"seconds\": %.6f, \"draws_per_second\": %.1f, \"cpu_ns_per_draw\": %.1f"
                ", \"thread_cpu_ns_per_draw\": %.1f, \"fps\": %.3f", (unsigned long long)result->draws, seconds,
                result->draws / seconds, result->cpu_ns / draws, result->thread_cpu_ns / draws,
                result->frames / seconds);
        if (result->have_counters)
            printf(", \"gl_calls_per_draw\": %.3f, \"redundant_gl_calls_per_draw\": %.3f"
                    ", \"groups_applied_per_draw\": %.3f, \"programs_built\": %.0f",
                    result->gl_calls, result->redundant_gl_calls, result->groups_applied, result->programs_built);
    }
    if (result && result->wall_ns)
        printf(", \"rss_kb_start\": %llu, \"rss_kb_end\": %llu", (unsigned long long)result->rss_kb_start,
                (unsigned long long)result->rss_kb_end);
    printf(", \"peak_rss_kb\": %llu", (unsigned long long)bench_peak_rss_kb());
    json_string("status", status);
    json_string("reason", reason ? reason : (result && result->note ? result->note : ""));
    json_string("impl_detail", bench_impl.describe ? bench_impl.describe() : "");
    printf("}\n");
    fflush(stdout);
}

/* The last frame as a binary PPM, for comparing implementations' pixels. */
static void dump_frame(const struct bench_config *config)
{
    char path[512];
    uint32_t *pixels;
    unsigned int i;
    FILE *f;

    if (!config->dump_dir || !bench_impl.read_frame
            || !(pixels = malloc(sizeof(*pixels) * BENCH_WIDTH * BENCH_HEIGHT)))
        return;
    snprintf(path, sizeof(path), "%s/%s-k%u-l%u-n%u.ppm", config->dump_dir, bench_scene_name(config->scene),
            config->scene == BENCH_SCENE_CHURN ? config->changes : 0,
            config->scene == BENCH_SCENE_TNL ? config->lights : 0, config->draws);
    if (!bench_impl.read_frame(config, pixels) && (f = fopen(path, "wb")))
    {
        fprintf(f, "P6\n%u %u\n255\n", BENCH_WIDTH, BENCH_HEIGHT);
        for (i = 0; i < BENCH_WIDTH * BENCH_HEIGHT; ++i)
        {
            unsigned char rgb[3] = {(unsigned char)(pixels[i] >> 16), (unsigned char)(pixels[i] >> 8),
                    (unsigned char)pixels[i]};
            fwrite(rgb, 1, 3, f);
        }
        fclose(f);
    }
    free(pixels);
}

/* Runs one scene configuration: 0 ran, 1 skipped, -1 failed. */
static int run_one(const struct bench_config *config)
{
    struct bench_result result;
    const char *why = NULL;
    uint64_t t0, c0, p0;
    unsigned int i, frames;
    int ret;

    memset(&result, 0, sizeof(result));
    if ((ret = bench_impl.setup(config, &why)))
    {
        print_line(config, ret == -1 ? "skipped" : "error", why, NULL);
        if (bench_impl.teardown)
            bench_impl.teardown(config);
        return ret == -1 ? 1 : -1;
    }
    for (i = 0; i < config->warmup; ++i)
    {
        if (bench_impl.frame(config, i, &why))
            goto failed;
        bench_pump_messages();
    }
    bench_impl.finish(config);
    result.rss_kb_start = bench_rss_kb();

    t0 = bench_time_ns();
    c0 = bench_thread_cpu_ns();
    p0 = bench_process_cpu_ns();
    /* The frames asked for, then more until min_seconds have passed. */
    for (i = 0; i < config->frames || (config->min_seconds > 0.0
            && (bench_time_ns() - t0) * 1e-9 < config->min_seconds); ++i)
    {
        if (bench_impl.frame(config, config->warmup + i, &why))
            goto failed;
        bench_pump_messages();
    }
    frames = i;
    bench_impl.finish(config);
    result.wall_ns = bench_time_ns() - t0;
    result.thread_cpu_ns = bench_thread_cpu_ns() - c0;
    result.cpu_ns = bench_process_cpu_ns() - p0;
    result.rss_kb_end = bench_rss_kb();
    if (!result.wall_ns)
        result.wall_ns = 1;
    result.frames = frames;
    result.draws = (uint64_t)config->draws * frames;
    if (bench_impl.counters)
        bench_impl.counters(config, &result);
    /* The pixels of the timed run itself: one more frame, untimed, with a
     * fixed index, so that every implementation and run length draws the
     * same picture from the state the timed frames left. */
    if (config->dump_dir)
    {
        if (bench_impl.frame(config, BENCH_CHECK_FRAME, &why))
            goto failed;
        bench_impl.finish(config);
        dump_frame(config);
    }
    print_line(config, "ok", NULL, &result);
    bench_impl.teardown(config);
    return 0;

failed:
    print_line(config, "error", why, NULL);
    bench_impl.teardown(config);
    return -1;
}

static unsigned int default_draws(enum bench_scene scene)
{
    switch (scene)
    {
        case BENCH_SCENE_CHURN: return 5000;
        case BENCH_SCENE_TNL: return 1000;
        case BENCH_SCENE_FILL: return 8;
        case BENCH_SCENE_THRASH: return 2000;
        default: return 1;
    }
}

static unsigned int default_frames(enum bench_scene scene)
{
    return scene == BENCH_SCENE_FILL ? 60 : 20;
}

int main(int argc, char **argv)
{
    struct bench_config base, list[16];
    unsigned int count = 0, i, draws = 0, frames = 0, warmup = 3;
    int all = 1, changes = -1, lights = -1, failed = 0, skipped = 0;
    enum bench_scene scene = BENCH_SCENE_CHURN;

    memset(&base, 0, sizeof(base));
    for (i = 1; i < (unsigned int)argc; ++i)
    {
        const char *arg = argv[i], *val = i + 1 < (unsigned int)argc ? argv[i + 1] : NULL;

        if (!strcmp(arg, "--smoke"))
            base.smoke = 1;
        else if (!strcmp(arg, "--batched"))
            base.batched = 1;
        else if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
        {
            usage(stdout);
            return 0;
        }
        else if (!val)
        {
            usage(stderr);
            return 2;
        }
        else if (!strcmp(arg, "--scene"))
        {
            unsigned int s;

            all = !strcmp(val, "all");
            for (s = 0; !all && s < BENCH_SCENE_COUNT; ++s)
                if (!strcmp(val, scene_names[s]))
                    break;
            if (!all && s == BENCH_SCENE_COUNT)
            {
                fprintf(stderr, "unknown scene %s\n", val);
                return 2;
            }
            scene = s;
            ++i;
        }
        else if (!strcmp(arg, "--draws")) { draws = strtoul(val, NULL, 0); ++i; }
        else if (!strcmp(arg, "--changes")) { changes = strtol(val, NULL, 0); ++i; }
        else if (!strcmp(arg, "--lights")) { lights = strtol(val, NULL, 0); ++i; }
        else if (!strcmp(arg, "--frames")) { frames = strtoul(val, NULL, 0); ++i; }
        else if (!strcmp(arg, "--warmup")) { warmup = strtoul(val, NULL, 0); ++i; }
        else if (!strcmp(arg, "--label")) { base.label = val; ++i; }
        else if (!strcmp(arg, "--min-seconds")) { base.min_seconds = strtod(val, NULL); ++i; }
        else if (!strcmp(arg, "--dump")) { base.dump_dir = val; ++i; }
        else
        {
            usage(stderr);
            return 2;
        }
    }
    if (changes > BENCH_MAX_CHANGES || lights > BENCH_MAX_LIGHTS || draws > 1000000)
    {
        fprintf(stderr, "out of range: changes <= %u, lights <= %u, draws <= 1000000\n",
                BENCH_MAX_CHANGES, BENCH_MAX_LIGHTS);
        return 2;
    }
    if (base.smoke)
        warmup = 1;
    base.warmup = warmup;

    /* The configurations to run: one, or the standard set. */
    if (all)
    {
        static const unsigned int churn_k[] = {0, 1, 4, 16}, tnl_l[] = {1, 8};
        unsigned int j;

        for (j = 0; j < 4; ++j)
        {
            list[count] = base; list[count].scene = BENCH_SCENE_CHURN;
            list[count++].changes = changes >= 0 ? (unsigned int)changes : churn_k[j];
            if (changes >= 0)
                break;
        }
        for (j = 0; j < 2; ++j)
        {
            list[count] = base; list[count].scene = BENCH_SCENE_TNL;
            list[count++].lights = lights > 0 ? (unsigned int)lights : tnl_l[j];
            if (lights > 0)
                break;
        }
        list[count] = base; list[count++].scene = BENCH_SCENE_FILL;
        list[count] = base; list[count++].scene = BENCH_SCENE_THRASH;
    }
    else
    {
        list[count] = base;
        list[count].scene = scene;
        list[count].changes = changes >= 0 ? (unsigned int)changes : 0;
        list[count++].lights = lights > 0 ? (unsigned int)lights : 4;
    }

    for (i = 0; i < count; ++i)
    {
        struct bench_config *c = &list[i];

        if (!c->lights)
            c->lights = 4;
        c->draws = draws ? draws : default_draws(c->scene);
        c->frames = frames ? frames : default_frames(c->scene);
        if (c->smoke)
        {
            if (!frames)
                c->frames = 3;
            if (!draws)
                c->draws = c->draws > 200 ? 200 : c->draws;
        }
        switch (run_one(c))
        {
            case 1: ++skipped; break;
            case -1: ++failed; break;
        }
    }
    fprintf(stderr, "%s: %u scene(s), %d failed, %d skipped\n", bench_impl.name, count, failed, skipped);
    return failed ? 1 : 0;
}

/*
 * The binding, as Porsche.exe does it: THRASH_drivername, THRASH_opendll
 * (LoadLibrary with two path patterns, GetProcAddress of the exports into the
 * 45-word pointer table, the getstate/setstate aliases, the version, about
 * and the Glide flag), THRASH_selecttable / savetable, THRASH_openwindow,
 * GLIDE_env's mode set and the graphics-options probe (0x44e760).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
# include <dlfcn.h>
#endif

#include "thrashhost.h"

static char driver_name[260] = "dx7z";
static void *table_sets[THRASH_TABLE_SETS][THRASH_TABLE_WORDS];

/* "!name" forces the driver; otherwise THRASH_DRIVERNAME wins over the
 * name asked for. */
const char *thrash_drivername(const char *requested)
{
    const char *env = getenv("THRASH_DRIVERNAME");

    if (requested && requested[0] == '!')
        snprintf(driver_name, sizeof(driver_name), "%s", requested + 1);
    else if (env && *env)
        snprintf(driver_name, sizeof(driver_name), "%s", env);
    else if (requested && *requested)
        snprintf(driver_name, sizeof(driver_name), "%s", requested);
    return driver_name;
}

static const struct { const char *name; int bytes; int slot; } exports[] =
{
    {"about", 0, SLOT_about},           {"clearwindow", 0, SLOT_clearwindow},
    {"clip", 16, SLOT_clip},            {"drawline", 8, SLOT_drawline},
    {"drawlinemesh", 12, SLOT_drawlinemesh}, {"drawlinestrip", 12, SLOT_drawlinestrip},
    {"drawpoint", 4, SLOT_drawpoint},   {"drawpointmesh", 12, SLOT_drawpointmesh},
    {"drawpointstrip", 12, SLOT_drawpointstrip}, {"drawquad", 16, SLOT_drawquad},
    {"drawquadmesh", 12, SLOT_drawquadmesh}, {"drawsprite", 8, SLOT_drawsprite},
    {"drawspritemesh", 12, SLOT_drawspritemesh}, {"drawtri", 12, SLOT_drawtri},
    {"drawtrifan", 12, SLOT_drawtrifan}, {"drawtrimesh", 12, SLOT_drawtrimesh},
    {"drawtristrip", 12, SLOT_drawtristrip}, {"flushwindow", 0, SLOT_flushwindow},
    {"getstate", 4, SLOT_getstate},     {"idle", 0, SLOT_idle},
    {"init", 0, SLOT_init},             {"is", 0, SLOT_is},
    {"lockwindow", 0, SLOT_lockwindow}, {"pageflip", 0, SLOT_pageflip},
    {"readrect", 20, SLOT_readrect},    {"restore", 0, SLOT_restore},
    {"selectdisplay", 4, SLOT_selectdisplay}, {"setstate", 8, SLOT_setstate},
    {"settexture", 4, SLOT_settexture}, {"setvideomode", 12, SLOT_setvideomode},
    {"sync", 4, SLOT_sync},             {"talloc", 20, SLOT_talloc},
    {"tfree", 4, SLOT_tfree},           {"treset", 0, SLOT_treset},
    {"tupdate", 12, SLOT_tupdate},      {"unlockwindow", 4, SLOT_unlockwindow},
    {"window", 4, SLOT_window},         {"writerect", 20, SLOT_writerect},
};

static void *open_module(const char *path)
{
#ifdef _WIN32
    return LoadLibraryA(path);
#else
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
#endif
}

static void *module_symbol(void *module, const char *name)
{
#ifdef _WIN32
    return (void *)GetProcAddress(module, name);
#else
    return dlsym(module, name);
#endif
}

/* The decorated name first (what the game asks for), the plain one after. */
static void *find_export(void *module, const char *name, int bytes)
{
    char buf[64];
    void *p;

    snprintf(buf, sizeof(buf), "_THRASH_%s@%d", name, bytes);
    if ((p = module_symbol(module, buf)))
        return p;
    snprintf(buf, sizeof(buf), "THRASH_%s", name);
    return module_symbol(module, buf);
}

int thrash_opendll(struct thrash_api *api, const char *name)
{
    static const char *patterns[2] =
#ifdef _WIN32
        {"Drivers\\%s.dll", "%s"};
#else
        {"Drivers/lib%s.so", "%s"};
#endif
    const struct thrash_about *about;
    char path[300];
    unsigned int i;

    memset(api, 0, sizeof(*api));
    if (!name || !*name)
    {
        fprintf(stderr, "THRASH_opendll - NO LIBRARY SPECIFIED.\n");
        return 0;
    }
    for (i = 0; i < 2 && !api->module; ++i)
    {
        snprintf(path, sizeof(path), patterns[i], name);
        api->module = open_module(path);
    }
    if (!api->module)
    {
        fprintf(stderr, "THRASH_opendll - LOADLIBRARY FAILED ON \"%s\".\n", name);
#ifndef _WIN32
        fprintf(stderr, "THRASH_opendll - %s\n", dlerror());
#endif
        return 0;
    }
    for (i = 0; i < sizeof(exports) / sizeof(exports[0]); ++i)
    {
        void *p = find_export(api->module, exports[i].name, exports[i].bytes);
        api->table[exports[i].slot] = p;
        if (p) ++api->bound;
        else fprintf(stderr, "THRASH_opendll - no export %s\n", exports[i].name);
    }
    if (!api->table[SLOT_about] || !api->table[SLOT_setstate] || !api->table[SLOT_getstate])
    {
        fprintf(stderr, "THRASH_opendll - not a 3rash DLL\n");
        thrash_closedll(api);
        return 0;
    }
    /* getstate and setstate each fill two more slots. */
    api->table[SLOT_setstate_a] = api->table[SLOT_setstate_b] = api->table[SLOT_setstate];
    api->table[SLOT_getstate_a] = api->table[SLOT_getstate_b] = api->table[SLOT_getstate];

    th_setstate(api, 0x1f, 0x6b);
    about = T(api, about, pfn_about)();
    api->glide = about && (about->signature == 0x33444658u /* '3DFX' */
            || about->signature == 0x32464433u /* '2FD3' */);
    return 1;
}

void thrash_closedll(struct thrash_api *api)
{
    if (api->module)
    {
#ifdef _WIN32
        FreeLibrary(api->module);
#else
        dlclose(api->module);
#endif
    }
    memset(api, 0, sizeof(*api));
}

void thrash_savetable(struct thrash_api *api, int set)
{
    if (set >= 0 && set < THRASH_TABLE_SETS)
        memcpy(table_sets[set], api->table, sizeof(api->table));
}

void thrash_selecttable(struct thrash_api *api, int set)
{
    if (set >= 0 && set < THRASH_TABLE_SETS && table_sets[set][SLOT_setstate])
        memcpy(api->table, table_sets[set], sizeof(api->table));
}

/* The window hooks (0x5e1960 in the game): 8 words, [5] called around locks. */
int thrash_lock_hook_calls[2];

static void __cdecl lock_hook(int locking)
{
    ++thrash_lock_hook_calls[locking ? 1 : 0];
}

static tword window_hooks[8];

#ifdef _WIN32
static LRESULT CALLBACK window_proc(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam)
{
    return DefWindowProcA(hwnd, msg, wparam, lparam);
}
#endif

int thrash_openwindow(struct thrash_api *api, int width, int height, int windowed)
{
    tword hwnd;

    if (!width || !height)
    {
        width = 640;
        height = 480;
    }
#ifdef _WIN32
    {
        WNDCLASSA wc;
        RECT r = {0, 0, width, height};

        memset(&wc, 0, sizeof(wc));
        wc.lpfnWndProc = window_proc;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = "thrashhost";
        wc.hCursor = LoadCursorA(NULL, (LPCSTR)IDC_ARROW);
        RegisterClassA(&wc);
        AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
        hwnd = (tword)CreateWindowA("thrashhost", "thrashhost", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
                0, 0, r.right - r.left, r.bottom - r.top, NULL, NULL, wc.hInstance, NULL);
        if (!hwnd)
            return 0;
    }
#else
    hwnd = 1;   /* natively the driver's ddraw draws offscreen */
#endif
    memset(window_hooks, 0, sizeof(window_hooks));
    window_hooks[5] = (tword)lock_hook;
    th_setstate(api, 0x12, windowed);
    th_setstate(api, 0x13, window_hooks);
    th_setstate(api, 0x19, hwnd);
    if (th_setstate(api, 0x25, 0))
        printf("thrashhost: setstate(0x25) answered yes (the DLL answers 0)\n");
    return 1;
}

/* GLIDE_env's part: display, then the video mode (16-bit: depth 1). */
int thrash_setmode(struct thrash_api *api, int mode, int bits)
{
    T(api, selectdisplay, pfn_u1)(0);
    return T(api, setvideomode, pfn_u3)(mode, 2, bits == 32 ? 2 : 1);
}

const uint32_t thrash_probe_states[9] = {0x24, 0x2f, 6, 0x15, 7, 0xb, 0x38, 4, 0x29};

/* RS_ProbeThrashState: sets a state to its own id, restores it if refused;
 * the options screen then puts every probed state back. */
void thrash_probe(struct thrash_api *api, FILE *log)
{
    const struct thrash_about *about = T(api, about, pfn_about)();
    unsigned int i;

    for (i = 0; i < 9; ++i)
    {
        uint32_t s = thrash_probe_states[i];
        /* RS_ProbeThrashState reads and writes through the alias slots. */
        tword old = T(api, getstate_a, pfn_getstate)(s);
        tword ok = T(api, setstate_a, pfn_setstate)(s, s);

        T(api, setstate_a, pfn_setstate)(s, old);
        if (log) fprintf(log, "probe: state %#x %s\n", (unsigned)s, ok ? "taken" : "refused");
    }
    if (log && about)
        fprintf(log, "probe: flags %#x (global clut %s), textures %ux%u..%ux%u, %u stages, subtype %#x, "
                "texture RAM %u KB, device \"%.36s\"\n", (unsigned)about->flags,
                about->flags & 0x40 ? "yes" : "no", (unsigned)about->min_width, (unsigned)about->min_height,
                (unsigned)about->max_width, (unsigned)about->max_height, (unsigned)about->stages,
                (unsigned)about->subtype, (unsigned)(about->texture_ram / 1024), about->device_name);
}

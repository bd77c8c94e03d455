/*
 * bench: the Direct3D 7 client.  Only DirectDraw 7 / Direct3D 7 COM calls,
 * so the same binary measures any ddraw: ours, Wine's builtin one (PE, under
 * wine64 with WINEDLLOVERRIDES=ddraw=b) or Windows'.
 *
 * Set-up as a windowed DX7 game does it: DirectDrawCreateEx, DDSCL_NORMAL,
 * a primary surface with a clipper on the window, an off-screen render target
 * with an attached z-buffer, a HAL IDirect3DDevice7 on it; every frame is
 * cleared, drawn between BeginScene/EndScene and blitted to the window.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddraw.h"
#include "d3d.h"
#include "wined3d-lite/wined3d.h"

#include "bench.h"

#define FVF_TL (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)
#define FVF_N  (D3DFVF_XYZ | D3DFVF_NORMAL)

typedef HRESULT (WINAPI *ddraw_create_ex_fn)(GUID *guid, void **ddraw, REFIID iid, IUnknown *outer);
/* Our ddraw's own export (include/ddraw.h): the core's counters of a
 * DirectDraw object, or of all of them for NULL.  Other ddraws lack it. */
typedef HRESULT (WINAPI *dx7gl_get_counters_fn)(IUnknown *object, DWORD kind, struct wined3d_counters *counters);

static struct
{
    void *module;
    char module_path[260];
    IDirectDraw7 *ddraw;
    IDirect3D7 *d3d;
    IDirect3DDevice7 *device;
    IDirectDrawSurface7 *primary, *target, *zbuffer, *textures[2];
    IDirectDrawClipper *clipper;
    struct bench_tlvertex *vertices;
    dx7gl_get_counters_fn get_counters;
    struct wined3d_counters counters_prev, counters_last;
    int have_counters;
    char detail[512];
} bench;

int bench_thrash_setup(const struct bench_config *config, const char **why);
int bench_thrash_frame(const struct bench_config *config, unsigned int index, const char **why);
void bench_thrash_finish(const struct bench_config *config);
void bench_thrash_teardown(const struct bench_config *config);
const char *bench_thrash_describe(void);
int bench_thrash_read_frame(const struct bench_config *config, uint32_t *pixels);

static ddraw_create_ex_fn find_ddraw(void)
{
#ifdef _WIN32
    /* Whichever ddraw.dll the loader picks: ours next to the program with
     * ddraw=n, Wine's with ddraw=b. */
    if (!(bench.module = bench_load_library("ddraw.dll")))
        return NULL;
    GetModuleFileNameA(bench.module, bench.module_path, sizeof(bench.module_path));
    return (ddraw_create_ex_fn)bench_symbol(bench.module, "DirectDrawCreateEx");
#else
    /* Natively bench is linked with libdx7gl-ddraw. */
    strcpy(bench.module_path, "libdx7gl-ddraw (linked)");
    bench.module = NULL;
    return DirectDrawCreateEx;
#endif
}

/* The counters export of the ddraw in use: the one bench loaded, or for the
 * thrash scene the one dx7z.dll imports (the same module).  NULL for a
 * ddraw without it (Wine's builtin, Windows'): no core counters then. */
static dx7gl_get_counters_fn find_get_counters(void)
{
#ifdef _WIN32
    HMODULE module = GetModuleHandleA("ddraw.dll");

    return module ? (dx7gl_get_counters_fn)bench_symbol(module, "DX7GL_GetCounters") : NULL;
#else
    return DX7GL_GetCounters;
#endif
}

/* How much a z-buffer format is wanted: 24 bits of depth (as the floor's
 * DEPTH_COMPONENT24 and Wine's default) without stencil first, then with
 * stencil, then deeper, then anything. */
static unsigned int zbuffer_score(const DDPIXELFORMAT *format)
{
    unsigned int bits = 0;
    DWORD mask = format->dwZBitMask;

    for (; mask; mask &= mask - 1)
        ++bits;
    if (!bits)
        bits = format->dwZBufferBitDepth;
    return (bits == 24 ? 4 : bits > 24 ? 2 : 0) + !(format->dwFlags & DDPF_STENCILBUFFER);
}

static HRESULT CALLBACK find_zbuffer(DDPIXELFORMAT *format, void *context)
{
    DDPIXELFORMAT *best = context;

    if (!best->dwSize || zbuffer_score(format) > zbuffer_score(best))
        *best = *format;
    return D3DENUMRET_OK;
}

static int fail(const char **why, const char *what, HRESULT hr, int ret)
{
    static char buffer[160];

    snprintf(buffer, sizeof(buffer), "%s failed, hr %#lx", what, (unsigned long)hr);
    *why = buffer;
    return ret;
}

static HRESULT create_texture(unsigned int index, uint32_t tint)
{
    DDSURFACEDESC2 desc;
    uint32_t pixels[64 * 64];
    unsigned int y;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.dwWidth = desc.dwHeight = 64;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_TEXTUREMANAGE;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_ALPHAPIXELS;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    desc.ddpfPixelFormat.dwRGBAlphaBitMask = 0xff000000;
    if (FAILED(hr = IDirectDraw7_CreateSurface(bench.ddraw, &desc, &bench.textures[index], NULL)))
        return hr;
    bench_texture_pixels(pixels, 64, tint);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(hr = IDirectDrawSurface7_Lock(bench.textures[index], NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL)))
        return hr;
    for (y = 0; y < 64; ++y)
        memcpy((char *)desc.lpSurface + y * desc.lPitch, pixels + y * 64, 64 * 4);
    return IDirectDrawSurface7_Unlock(bench.textures[index], NULL);
}

static void d3d7_teardown(const struct bench_config *config)
{
    unsigned int i;

    if (config->scene == BENCH_SCENE_THRASH)
    {
        bench_thrash_teardown(config);
        return;
    }
    for (i = 0; i < 2; ++i)
        if (bench.textures[i])
            IDirectDrawSurface7_Release(bench.textures[i]);
    if (bench.device)
        IDirect3DDevice7_Release(bench.device);
    if (bench.zbuffer)
        IDirectDrawSurface7_Release(bench.zbuffer);
    if (bench.target)
        IDirectDrawSurface7_Release(bench.target);
    if (bench.clipper)
        IDirectDrawClipper_Release(bench.clipper);
    if (bench.primary)
        IDirectDrawSurface7_Release(bench.primary);
    if (bench.d3d)
        IDirect3D7_Release(bench.d3d);
    if (bench.ddraw)
        IDirectDraw7_Release(bench.ddraw);
    free(bench.vertices);
    bench.detail[0] = 0;
    bench.textures[0] = bench.textures[1] = NULL;
    bench.device = NULL; bench.zbuffer = bench.target = bench.primary = NULL;
    bench.clipper = NULL; bench.d3d = NULL; bench.ddraw = NULL; bench.vertices = NULL;
}

static HRESULT set_scene_state(const struct bench_config *config)
{
    IDirect3DDevice7 *dev = bench.device;
    D3DVIEWPORT7 vp = {0, 0, BENCH_WIDTH, BENCH_HEIGHT, 0.0f, 1.0f};
    HRESULT hr;

    if (FAILED(hr = IDirect3DDevice7_SetViewport(dev, &vp)))
        return hr;
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ZFUNC, D3DCMP_LESSEQUAL);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_DESTBLEND, D3DBLEND_INVSRCALPHA);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHAFUNC, D3DCMP_GREATEREQUAL);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHAREF, 0x10);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHATESTENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_TEXTUREFACTOR, 0xff808080);

    switch (config->scene)
    {
        case BENCH_SCENE_CHURN:
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_LIGHTING, FALSE);
            IDirect3DDevice7_SetTexture(dev, 0, bench.textures[0]);
            break;

        case BENCH_SCENE_FILL:
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_LIGHTING, FALSE);
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHABLENDENABLE, TRUE);
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
            IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_MAGFILTER, D3DTFG_LINEAR);
            IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_MINFILTER, D3DTFN_LINEAR);
            /* The vertices' alpha (0x80) blends, not only the texture's. */
            IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_MODULATE);
            IDirect3DDevice7_SetTexture(dev, 0, bench.textures[0]);
            break;

        case BENCH_SCENE_TNL:
        {
            D3DMATERIAL7 material;
            D3DMATRIX view, projection;
            unsigned int i;

            memset(&material, 0, sizeof(material));
            material.diffuse.r = material.diffuse.g = material.diffuse.b = material.diffuse.a = 1.0f;
            material.ambient.r = material.ambient.g = material.ambient.b = 0.2f;
            IDirect3DDevice7_SetMaterial(dev, &material);
            bench_tnl_view_projection(&view._11, &projection._11);
            IDirect3DDevice7_SetTransform(dev, D3DTRANSFORMSTATE_VIEW, &view);
            IDirect3DDevice7_SetTransform(dev, D3DTRANSFORMSTATE_PROJECTION, &projection);
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_LIGHTING, TRUE);
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_AMBIENT, 0xff202020);
            IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHATESTENABLE, FALSE);
            IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG2);
            IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG2);
            for (i = 0; i < config->lights; ++i)
            {
                D3DLIGHT7 light;
                float direction[3], diffuse[4];

                memset(&light, 0, sizeof(light));
                bench_tnl_light(i, config->lights, direction, diffuse);
                light.dltType = D3DLIGHT_DIRECTIONAL;
                light.dcvDiffuse.r = diffuse[0]; light.dcvDiffuse.g = diffuse[1];
                light.dcvDiffuse.b = diffuse[2]; light.dcvDiffuse.a = diffuse[3];
                light.dvDirection.x = direction[0]; light.dvDirection.y = direction[1];
                light.dvDirection.z = direction[2];
                if (FAILED(hr = IDirect3DDevice7_SetLight(dev, i, &light))
                        || FAILED(hr = IDirect3DDevice7_LightEnable(dev, i, TRUE)))
                    return hr;
            }
            break;
        }

        default:
            break;
    }
    return D3D_OK;
}

static int d3d7_setup(const struct bench_config *config, const char **why)
{
    ddraw_create_ex_fn create;
    DDSURFACEDESC2 desc;
    DDPIXELFORMAT zformat;
    HWND window;
    HRESULT hr;

    memset(&bench.counters_prev, 0, sizeof(bench.counters_prev));
    memset(&bench.counters_last, 0, sizeof(bench.counters_last));
    bench.have_counters = 0;
    if (config->batched)
    {
        *why = "--batched is bench-floor's hand-batched reference";
        return -2;
    }
    if (config->scene == BENCH_SCENE_THRASH)
        return bench_thrash_setup(config, why);

    if (!(create = find_ddraw()))
    {
        *why = "no ddraw with DirectDrawCreateEx could be loaded";
        return -1;
    }
    window = bench_window();
    if (FAILED(hr = create(NULL, (void **)&bench.ddraw, &IID_IDirectDraw7, NULL)))
        return fail(why, "DirectDrawCreateEx", hr, -1);
    if (FAILED(hr = IDirectDraw7_SetCooperativeLevel(bench.ddraw, window, DDSCL_NORMAL)))
        return fail(why, "SetCooperativeLevel", hr, -2);
    if (FAILED(hr = IDirectDraw7_QueryInterface(bench.ddraw, &IID_IDirect3D7, (void **)&bench.d3d)))
        return fail(why, "QueryInterface(IDirect3D7)", hr, -1);

    /* The primary and its clipper; natively there may be no window to show. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    if (window && SUCCEEDED(IDirectDraw7_CreateSurface(bench.ddraw, &desc, &bench.primary, NULL)))
    {
        if (SUCCEEDED(IDirectDraw7_CreateClipper(bench.ddraw, 0, &bench.clipper, NULL)))
        {
            IDirectDrawClipper_SetHWnd(bench.clipper, 0, window);
            IDirectDrawSurface7_SetClipper(bench.primary, bench.clipper);
        }
    }

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.dwWidth = BENCH_WIDTH;
    desc.dwHeight = BENCH_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY;
    if (FAILED(hr = IDirectDraw7_CreateSurface(bench.ddraw, &desc, &bench.target, NULL)))
        return fail(why, "CreateSurface(render target)", hr, -2);

    memset(&zformat, 0, sizeof(zformat));
    IDirect3D7_EnumZBufferFormats(bench.d3d, &IID_IDirect3DHALDevice, find_zbuffer, &zformat);
    if (!zformat.dwSize)
    {
        *why = "no z-buffer format offered";
        return -2;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.dwWidth = BENCH_WIDTH;
    desc.dwHeight = BENCH_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER | DDSCAPS_VIDEOMEMORY;
    desc.ddpfPixelFormat = zformat;
    if (FAILED(hr = IDirectDraw7_CreateSurface(bench.ddraw, &desc, &bench.zbuffer, NULL)))
        return fail(why, "CreateSurface(z-buffer)", hr, -2);
    if (FAILED(hr = IDirectDrawSurface7_AddAttachedSurface(bench.target, bench.zbuffer)))
        return fail(why, "AddAttachedSurface(z-buffer)", hr, -2);
    if (FAILED(hr = IDirect3D7_CreateDevice(bench.d3d, &IID_IDirect3DHALDevice, bench.target, &bench.device)))
        return fail(why, "CreateDevice(HAL)", hr, -1);

    if (FAILED(hr = create_texture(0, 0xffe0c080)) || FAILED(hr = create_texture(1, 0xc080c0e0)))
        return fail(why, "texture creation", hr, -2);
    if (FAILED(hr = set_scene_state(config)))
        return fail(why, "scene state", hr, -2);

    if (config->scene == BENCH_SCENE_CHURN || config->scene == BENCH_SCENE_FILL)
    {
        if (!(bench.vertices = malloc(sizeof(*bench.vertices) * 6 * config->draws)))
        {
            *why = "out of memory";
            return -2;
        }
        if (config->scene == BENCH_SCENE_CHURN)
            bench_churn_vertices(bench.vertices, config->draws);
        else
            bench_fill_vertices(bench.vertices, config->draws);
    }
    snprintf(bench.detail, sizeof(bench.detail), "ddraw: %s; zbuffer %u bits%s%s", bench.module_path,
            (unsigned)zformat.dwZBufferBitDepth, zformat.dwFlags & DDPF_STENCILBUFFER ? " with stencil" : "", bench.primary ? "; windowed present" : "; no primary, no present");
    return 0;
}

/* The churn scene's state changes: slot i toggles one state between two
 * values that both draw the quads.  Kinds interleave so that k = 1 is a
 * texture change and k = 4 is texture, render state, stage state, render
 * state. */
static void churn_change(IDirect3DDevice7 *dev, unsigned int slot, unsigned int v)
{
    switch (slot)
    {
        case 0:  IDirect3DDevice7_SetTexture(dev, 0, bench.textures[v]); break;
        case 1:  IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHABLENDENABLE, v); break;
        case 2:  IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_COLOROP, v ? D3DTOP_SELECTARG1 : D3DTOP_MODULATE); break;
        case 3:  IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_SRCBLEND, v ? D3DBLEND_ONE : D3DBLEND_SRCALPHA); break;
        case 4:  IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_MAGFILTER, v ? D3DTFG_LINEAR : D3DTFG_POINT); break;
        case 5:  IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ZFUNC, v ? D3DCMP_ALWAYS : D3DCMP_LESSEQUAL); break;
        case 6:  IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, v ? D3DTOP_SELECTARG1 : D3DTOP_MODULATE); break;
        case 7:  IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_DESTBLEND, v ? D3DBLEND_ZERO : D3DBLEND_INVSRCALPHA); break;
        case 8:  IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_ADDRESSU, v ? D3DTADDRESS_CLAMP : D3DTADDRESS_WRAP); break;
        case 9:  IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_TEXTUREFACTOR, v ? 0xffc0c0c0 : 0xff808080); break;
        case 10: IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_MINFILTER, v ? D3DTFN_LINEAR : D3DTFN_POINT); break;
        case 11: IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ALPHAREF, v ? 0x20 : 0x10); break;
        case 12: IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, v ? D3DTA_TFACTOR : D3DTA_DIFFUSE); break;
        case 13: IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_CULLMODE, v ? D3DCULL_NONE : D3DCULL_CCW); break;
        case 14: IDirect3DDevice7_SetRenderState(dev, D3DRENDERSTATE_ZWRITEENABLE, !v); break;
        case 15: IDirect3DDevice7_SetTextureStageState(dev, 0, D3DTSS_ADDRESSV, v ? D3DTADDRESS_CLAMP : D3DTADDRESS_WRAP); break;
    }
}

static void present(void)
{
#ifdef _WIN32
    RECT dst;
    POINT origin = {0, 0};

    if (!bench.primary)
        return;
    GetClientRect(bench_window(), &dst);
    ClientToScreen(bench_window(), &origin);
    OffsetRect(&dst, origin.x, origin.y);
    IDirectDrawSurface7_Blt(bench.primary, &dst, bench.target, NULL, DDBLT_WAIT, NULL);
#else
    if (bench.primary)
        IDirectDrawSurface7_Blt(bench.primary, NULL, bench.target, NULL, DDBLT_WAIT, NULL);
#endif
}

static int d3d7_frame(const struct bench_config *config, unsigned int index, const char **why)
{
    IDirect3DDevice7 *dev = bench.device;
    unsigned int d, k;
    HRESULT hr;

    if (config->scene == BENCH_SCENE_THRASH)
        return bench_thrash_frame(config, index, why);

    if (FAILED(hr = IDirect3DDevice7_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff203040, 1.0f, 0)))
        return fail(why, "Clear", hr, -2);
    if (FAILED(hr = IDirect3DDevice7_BeginScene(dev)))
        return fail(why, "BeginScene", hr, -2);
    switch (config->scene)
    {
        case BENCH_SCENE_CHURN:
            for (d = 0; d < config->draws; ++d)
            {
                for (k = 0; k < config->changes; ++k)
                    churn_change(dev, k, d & 1);
                if (FAILED(hr = IDirect3DDevice7_DrawPrimitive(dev, D3DPT_TRIANGLELIST, FVF_TL,
                        bench.vertices + 6 * d, 6, 0)))
                    return fail(why, "DrawPrimitive", hr, -2);
            }
            break;

        case BENCH_SCENE_FILL:
            for (d = 0; d < config->draws; ++d)
                if (FAILED(hr = IDirect3DDevice7_DrawPrimitive(dev, D3DPT_TRIANGLELIST, FVF_TL,
                        bench.vertices + 6 * d, 6, 0)))
                    return fail(why, "DrawPrimitive", hr, -2);
            break;

        case BENCH_SCENE_TNL:
            for (d = 0; d < config->draws; ++d)
            {
                D3DMATRIX world;

                bench_tnl_world(&world._11, d, config->draws, index);
                IDirect3DDevice7_SetTransform(dev, D3DTRANSFORMSTATE_WORLD, &world);
                if (FAILED(hr = IDirect3DDevice7_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, FVF_N,
                        (void *)bench_cube_vertices, 24, (WORD *)bench_cube_indices, 36, 0)))
                    return fail(why, "DrawIndexedPrimitive", hr, -2);
            }
            break;

        default:
            break;
    }
    if (FAILED(hr = IDirect3DDevice7_EndScene(dev)))
        return fail(why, "EndScene", hr, -2);
    present();
    /* A frame starts from the same state each time. */
    if (config->scene == BENCH_SCENE_CHURN && config->changes && (config->draws & 1) == 0)
        for (k = 0; k < config->changes; ++k)
            churn_change(dev, k, 0);
    return 0;
}

/* Reading a pixel of the render target waits for everything drawn. */
static void d3d7_finish(const struct bench_config *config)
{
    DDSURFACEDESC2 desc;
    RECT r = {0, 0, 1, 1};

    if (config->scene == BENCH_SCENE_THRASH)
        bench_thrash_finish(config);
    else
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        if (SUCCEEDED(IDirectDrawSurface7_Lock(bench.target, &r, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL)))
            IDirectDrawSurface7_Unlock(bench.target, &r);
    }
    /* Called after the warm-up and after the timed frames: the difference
     * of the last two snapshots is the timed frames' share. */
    bench.counters_prev = bench.counters_last;
    bench.have_counters = 0;
    if (!bench.get_counters)
        bench.get_counters = find_get_counters();
    /* The thrash scene's DirectDraw object is the driver's: NULL sums every
     * object of the process, and bench has none of its own then. */
    if (bench.get_counters)
        bench.have_counters = SUCCEEDED(bench.get_counters(config->scene == BENCH_SCENE_THRASH
                ? NULL : (IUnknown *)bench.ddraw, WINED3D_COUNTERS_TOTAL, &bench.counters_last));
}

static void d3d7_counters(const struct bench_config *config, struct bench_result *result)
{
    const struct wined3d_counters *a = &bench.counters_prev, *b = &bench.counters_last;
    double draws = result->draws ? (double)result->draws : 1.0;

    if (!bench.have_counters)
        return;
    result->have_counters = 1;
    result->gl_calls = (double)(b->gl_calls - a->gl_calls) / draws;
    result->redundant_gl_calls = (double)(b->redundant_gl_calls - a->redundant_gl_calls) / draws;
    result->groups_applied = (double)(b->groups_applied - a->groups_applied) / draws;
    /* Over the whole run: compiles in the warm-up count too. */
    result->programs_built = (double)b->programs_built;
}

/* The render target, converted from whatever RGB format it has. */
static int d3d7_read_frame(const struct bench_config *config, uint32_t *pixels)
{
    DDSURFACEDESC2 desc;
    const DDPIXELFORMAT *pf = &desc.ddpfPixelFormat;
    unsigned int x, y, c;

    if (config->scene == BENCH_SCENE_THRASH)
        return bench_thrash_read_frame(config, pixels);
    if (!bench.target)
        return -1;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_Lock(bench.target, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL)))
        return -1;
    if (!(pf->dwFlags & DDPF_RGB) || (pf->dwRGBBitCount != 16 && pf->dwRGBBitCount != 32))
    {
        IDirectDrawSurface7_Unlock(bench.target, NULL);
        return -1;
    }
    for (y = 0; y < BENCH_HEIGHT && y < desc.dwHeight; ++y)
    {
        const unsigned char *row = (const unsigned char *)desc.lpSurface + y * desc.lPitch;

        for (x = 0; x < BENCH_WIDTH && x < desc.dwWidth; ++x)
        {
            uint32_t v = pf->dwRGBBitCount == 32 ? ((const uint32_t *)row)[x] : ((const uint16_t *)row)[x];
            const DWORD masks[3] = {pf->dwRBitMask, pf->dwGBitMask, pf->dwBBitMask};
            uint32_t out = 0;

            for (c = 0; c < 3; ++c)
            {
                DWORD m = masks[c];
                unsigned int shift = 0, bits = 0;
                uint32_t value;

                if (!m)
                    continue;
                while (!(m & 1)) { m >>= 1; ++shift; }
                while (m & 1) { m >>= 1; ++bits; }
                value = (v >> shift) & ((1u << bits) - 1);
                value = bits >= 8 ? value >> (bits - 8) : (value * 255 + ((1u << bits) - 1) / 2) / ((1u << bits) - 1);
                out |= value << (16 - 8 * c);
            }
            pixels[y * BENCH_WIDTH + x] = out;
        }
    }
    IDirectDrawSurface7_Unlock(bench.target, NULL);
    return 0;
}

static const char *d3d7_describe(void)
{
    return bench.detail[0] ? bench.detail : bench_thrash_describe();
}

const struct bench_impl bench_impl =
{
    "d3d7",
    d3d7_setup,
    d3d7_frame,
    d3d7_finish,
    d3d7_counters,
    d3d7_teardown,
    d3d7_describe,
    d3d7_read_frame,
};

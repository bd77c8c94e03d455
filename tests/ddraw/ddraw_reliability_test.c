/*
 * Regression tests for the faults of issue 23 that live in ddraw's surfaces
 * (natively, libdx7gl-ddraw on EGL surfaceless with real Mesa):
 *  - fault 1: CreateSurface with application memory (DDSD_LPSURFACE) checks
 *    the pitch as SetSurfaceDesc does, and refuses it on a primary;
 *  - fault 7: with DDSCL_MULTITHREADED a draw on one thread never uploads a
 *    texture that another thread holds locked (the same program runs in a
 *    ThreadSanitizer build, where the old upload was a reported data race);
 *  - fault 9: a texture beyond what the device reports is refused at once,
 *    before any memory is allocated for it.
 * And, for issue 25, the references SetTexture holds (it takes and drops
 * them under its own lock, and not at all for the texture already set).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <pthread.h>
#include <sched.h>
#include <cmocka.h>

#include "../../dlls/ddraw/ddraw_private.h"

static IDirectDraw7 *create_ddraw(DWORD coop)
{
    IDirectDraw7 *ddraw = NULL;

    assert_int_equal(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_SetCooperativeLevel(ddraw, NULL, coop), DD_OK);
    return ddraw;
}

static void init_desc(DDSURFACEDESC2 *desc, DWORD caps, DWORD width, DWORD height)
{
    memset(desc, 0, sizeof(*desc));
    desc->dwSize = sizeof(*desc);
    desc->dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc->ddsCaps.dwCaps = caps;
    desc->dwWidth = width;
    desc->dwHeight = height;
    ddraw_format_to_ddpf(WINED3DFMT_X8R8G8B8, &desc->ddpfPixelFormat);
}

/* ---- fault 1 ---- */

static HRESULT create_user_memory(IDirectDraw7 *ddraw, void *memory, LONG pitch, DWORD extra_flags,
        IDirectDrawSurface7 **surface)
{
    DDSURFACEDESC2 desc;

    init_desc(&desc, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY, 16, 16);
    desc.dwFlags |= DDSD_LPSURFACE | extra_flags;
    desc.lpSurface = memory;
    desc.lPitch = pitch;
    *surface = NULL;
    return IDirectDraw7_CreateSurface(ddraw, &desc, surface, NULL);
}

static void test_user_memory_pitch(void **state)
{
    /* 16 x 16 at 32 bpp: 64-byte rows. A guard zone follows the rows. */
    static const LONG bad[] = {-64, -4, 0, 8, 16, 60, 66, 0x7ffffffe};
    IDirectDraw7 *ddraw = create_ddraw(DDSCL_NORMAL);
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    BYTE *memory;
    DDBLTFX fx;
    unsigned int i, x, y;

    memory = malloc(16 * 128 + 256);
    assert_non_null(memory);
    memset(memory, 0xcc, 16 * 128 + 256);

    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i)
    {
        HRESULT hr = create_user_memory(ddraw, memory, bad[i], DDSD_PITCH, &surface);

        if (hr != DDERR_INVALIDPARAMS)
            fail_msg("pitch %d: hr %#x.", (int)bad[i], (unsigned int)hr);
        assert_null(surface);
    }
    /* Windows wants the pitch with application memory. */
    assert_int_equal(create_user_memory(ddraw, memory, 64, 0, &surface), DDERR_INVALIDPARAMS);

    /* A pitch of a row and one of two rows work; a fill writes the rows at
     * that pitch into the application's memory and nothing beyond. */
    assert_int_equal(create_user_memory(ddraw, memory, 128, DDSD_PITCH, &surface), DD_OK);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_GetSurfaceDesc(surface, &desc), DD_OK);
    assert_int_equal(desc.lPitch, 128);
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0x00123456;
    assert_int_equal(IDirectDrawSurface7_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx), DD_OK);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL), DD_OK);
    assert_ptr_equal(desc.lpSurface, memory);
    assert_int_equal(desc.lPitch, 128);
    assert_int_equal(IDirectDrawSurface7_Unlock(surface, NULL), DD_OK);
    for (y = 0; y < 16; ++y)
    {
        for (x = 0; x < 16; ++x)
            assert_int_equal(*(DWORD *)(memory + y * 128 + x * 4) & 0xffffff, 0x123456);
        for (x = 64; x < 128; ++x)
            assert_int_equal(memory[y * 128 + x], 0xcc);
    }
    for (x = 16 * 128; x < 16 * 128 + 256; ++x)
        assert_int_equal(memory[x], 0xcc);
    assert_int_equal(IDirectDrawSurface7_Release(surface), 0);

    assert_int_equal(create_user_memory(ddraw, memory, 64, DDSD_PITCH, &surface), DD_OK);
    assert_int_equal(IDirectDrawSurface7_Release(surface), 0);

    /* Application memory is system memory: asked in video memory, Windows
     * answers DDERR_INVALIDCAPS (Wine's test_create_surface_pitch). */
    init_desc(&desc, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_VIDEOMEMORY, 16, 16);
    desc.dwFlags |= DDSD_LPSURFACE | DDSD_PITCH;
    desc.lpSurface = memory;
    desc.lPitch = 64;
    surface = NULL;
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DDERR_INVALIDCAPS);
    assert_null(surface);

    /* Application memory on a primary: refused, never read as a screen. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_LPSURFACE | DDSD_PITCH;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    desc.lpSurface = memory;
    desc.lPitch = 64;
    surface = NULL;
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DDERR_INVALIDPARAMS);
    assert_null(surface);

    free(memory);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

/* ---- fault 7 ---- */

static IDirect3DDevice7 *create_device(IDirectDraw7 *ddraw, IDirectDrawSurface7 **target)
{
    IDirect3DDevice7 *device = NULL;
    DDSURFACEDESC2 desc;
    IDirect3D7 *d3d;

    init_desc(&desc, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE, 8, 8);
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, target, NULL), DD_OK);
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d), DD_OK);
    assert_int_equal(IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, *target, &device), D3D_OK);
    IDirect3D7_Release(d3d);
    return device;
}

static DWORD read_pixel(IDirectDrawSurface7 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD value;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL), DD_OK);
    value = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0xffffff;
    assert_int_equal(IDirectDrawSurface7_Unlock(surface, NULL), DD_OK);
    return value;
}

/* A textured quad over the whole 8x8 target (no cmocka assertion: other
 * threads call it). */
static HRESULT draw_textured(IDirect3DDevice7 *device)
{
    static const struct { float x, y, z, rhw; float u, v; } quad[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0.0f, 0.0f}, {8.0f, 0.0f, 0.5f, 1.0f, 1.0f, 0.0f},
        {0.0f, 8.0f, 0.5f, 1.0f, 0.0f, 1.0f}, {8.0f, 8.0f, 0.5f, 1.0f, 1.0f, 1.0f},
    };
    HRESULT hr;

    if (FAILED(hr = IDirect3DDevice7_BeginScene(device)))
        return hr;
    hr = IDirect3DDevice7_DrawPrimitive(device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_TEX1,
            (void *)quad, 4, 0);
    IDirect3DDevice7_EndScene(device);
    return hr;
}

static void fill_texture(IDirectDrawSurface7 *texture, DWORD colour)
{
    DDSURFACEDESC2 desc;
    unsigned int x, y;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(texture, NULL, &desc, DDLOCK_WRITEONLY | DDLOCK_WAIT, NULL), DD_OK);
    for (y = 0; y < 8; ++y)
        for (x = 0; x < 8; ++x)
            *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) = colour;
    assert_int_equal(IDirectDrawSurface7_Unlock(texture, NULL), DD_OK);
}

struct draw_thread
{
    IDirect3DDevice7 *device;
    IDirectDrawSurface7 *texture;
    HRESULT hr;
    unsigned int iterations;
    int stop;               /* atomic: read while the writer runs */
    LONG failures;
};

static void *draw_once_proc(void *arg)
{
    struct draw_thread *t = arg;

    t->hr = draw_textured(t->device);
    return NULL;
}

static IDirectDrawSurface7 *create_texture(IDirectDraw7 *ddraw, enum wined3d_format_id format)
{
    IDirectDrawSurface7 *texture = NULL;
    DDSURFACEDESC2 desc;

    init_desc(&desc, DDSCAPS_TEXTURE, 8, 8);
    ddraw_format_to_ddpf(format, &desc.ddpfPixelFormat);
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &texture, NULL), DD_OK);
    return texture;
}

/* The rule, deterministically: thread A holds the texture locked and has
 * written half of it when thread B draws with it. B's draw must not upload
 * what A is writing; A's Unlock makes the whole new contents current. */
static void test_draw_does_not_upload_locked_texture(void **state)
{
    IDirectDraw7 *ddraw = create_ddraw(DDSCL_NORMAL | DDSCL_MULTITHREADED);
    struct wined3d_counters before, after;
    struct draw_thread t = {0};
    IDirectDrawSurface7 *target, *texture;
    DDSURFACEDESC2 desc;
    pthread_t thread;
    unsigned int x, y;

    t.device = create_device(ddraw, &target);
    t.texture = texture = create_texture(ddraw, WINED3DFMT_X8R8G8B8);
    assert_int_equal(IDirect3DDevice7_SetTexture(t.device, 0, texture), D3D_OK);
    assert_int_equal(IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE), D3D_OK);

    /* Red, written and unlocked but not drawn yet: the GL copy is stale. */
    fill_texture(texture, 0x00ff0000);
    /* Locked again and half of it written green: "still writing". */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    assert_int_equal(IDirectDrawSurface7_Lock(texture, NULL, &desc, DDLOCK_WRITEONLY | DDLOCK_WAIT, NULL), DD_OK);
    for (y = 0; y < 4; ++y)
        for (x = 0; x < 8; ++x)
            *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) = 0x0000ff00;

    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &before), DD_OK);
    t.hr = E_FAIL;
    assert_int_equal(pthread_create(&thread, NULL, draw_once_proc, &t), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_int_equal(t.hr, D3D_OK);
    /* Reading the target back runs whatever draw is held; it uploaded
     * nothing of the locked texture. */
    assert_int_not_equal(read_pixel(target, 2, 1), 0x00ff00);
    assert_int_equal(DX7GL_GetCounters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &after), DD_OK);
    assert_int_equal(after.texture_uploads, before.texture_uploads);

    for (y = 4; y < 8; ++y)
        for (x = 0; x < 8; ++x)
            *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) = 0x0000ff00;
    assert_int_equal(IDirectDrawSurface7_Unlock(texture, NULL), DD_OK);
    assert_int_equal(draw_textured(t.device), D3D_OK);
    assert_int_equal(read_pixel(target, 2, 1), 0x00ff00);
    assert_int_equal(read_pixel(target, 5, 6), 0x00ff00);

    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirect3DDevice7_Release(t.device);
    assert_int_equal(IDirectDrawSurface7_Release(texture), 0);
    assert_int_equal(IDirectDrawSurface7_Release(target), 0);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

/* The stress the fault was found with: one thread locks the texture and
 * writes it with memset over and over, the other draws with it. In a
 * ThreadSanitizer build (configure --enable-tsan) a read of the locked
 * memory by a draw is reported as a data race and fails the test. */
static void *writer_proc(void *arg)
{
    struct draw_thread *t = arg;
    DDSURFACEDESC2 desc;
    unsigned int i;

    /* Until the other thread has drawn enough: the two overlap whatever
     * the speed of either. */
    for (i = 0; !__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        if (FAILED(IDirectDrawSurface7_Lock(t->texture, NULL, &desc, DDLOCK_WRITEONLY | DDLOCK_WAIT, NULL)))
        {
            ++t->failures;
            continue;
        }
        memset(desc.lpSurface, i & 1 ? 0xff : 0x00, 8 * desc.lPitch);
        if (FAILED(IDirectDrawSurface7_Unlock(t->texture, NULL)))
            ++t->failures;
        sched_yield();
    }
    t->iterations = i;
    return NULL;
}

static void test_lock_draw_stress(void **state)
{
    IDirectDraw7 *ddraw = create_ddraw(DDSCL_NORMAL | DDSCL_MULTITHREADED);
    struct draw_thread t = {0};
    IDirectDrawSurface7 *target;
    IDirectDrawPalette *palette;
    PALETTEENTRY entries[256];
    unsigned int draws, failed_draws = 0, i;
    pthread_t thread;

    t.device = create_device(ddraw, &target);
    /* P8: the core expands the indices itself on upload, so ThreadSanitizer
     * sees the read (formats GL takes as they are are read inside Mesa). */
    t.texture = create_texture(ddraw, WINED3DFMT_P8);
    for (i = 0; i < 256; ++i)
    {
        entries[i].peRed = entries[i].peGreen = entries[i].peBlue = i;
        entries[i].peFlags = 0;
    }
    assert_int_equal(IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL), DD_OK);
    assert_int_equal(IDirectDrawSurface7_SetPalette(t.texture, palette), DD_OK);
    assert_int_equal(IDirect3DDevice7_SetTexture(t.device, 0, t.texture), D3D_OK);
    assert_int_equal(pthread_create(&thread, NULL, writer_proc, &t), 0);
    for (draws = 0; draws < 200; ++draws)
    {
        if (FAILED(draw_textured(t.device)))
            ++failed_draws;
        /* Read back now and then, so held draws run while the other writes. */
        if (!(draws % 8))
            read_pixel(target, 0, 0);
    }
    __atomic_store_n(&t.stop, 1, __ATOMIC_RELEASE);
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_int_equal(t.failures, 0);
    assert_int_equal(failed_draws, 0);
    assert_true(t.iterations > 0);
    /* After the last Unlock (0xff bytes or zeros) the texture is drawn whole. */
    assert_int_equal(draw_textured(t.device), D3D_OK);
    assert_int_equal(read_pixel(target, 3, 3), (t.iterations - 1) & 1 ? 0xffffff : 0x000000);

    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirect3DDevice7_Release(t.device);
    assert_int_equal(IDirectDrawSurface7_Release(t.texture), 0);
    IDirectDrawPalette_Release(palette);
    assert_int_equal(IDirectDrawSurface7_Release(target), 0);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

/* ---- fault 9 ---- */

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void test_texture_size_limits(void **state)
{
    IDirectDraw7 *ddraw = create_ddraw(DDSCL_NORMAL);
    IDirectDrawSurface7 *surface = NULL, *device_target;
    IDirect3DDevice7 *device;
    D3DDEVICEDESC7 caps;
    DDSURFACEDESC2 desc;
    DDCAPS ddcaps;
    double start;
    HRESULT hr;

    device = create_device(ddraw, &device_target);
    assert_int_equal(IDirect3DDevice7_GetCaps(device, &caps), D3D_OK);
    memset(&ddcaps, 0, sizeof(ddcaps));
    ddcaps.dwSize = sizeof(ddcaps);
    assert_int_equal(IDirectDraw7_GetCaps(ddraw, &ddcaps, NULL), DD_OK);

    /* A 6-face cube of 16190 x 16190 (six GiB of texels): refused at once. */
    init_desc(&desc, DDSCAPS_TEXTURE | DDSCAPS_COMPLEX, 16190, 16190);
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    start = now();
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    assert_true(FAILED(hr));
    assert_null(surface);
    assert_true(now() - start < 0.5);

    /* Wider than the device reports: refused. */
    init_desc(&desc, DDSCAPS_TEXTURE, caps.dwMaxTextureWidth + 1, 4);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    assert_true(FAILED(hr));
    assert_null(surface);

    /* A texture bigger than all the video memory reported: refused at once
     * with DDERR_OUTOFVIDEOMEMORY, no allocation attempted. */
    init_desc(&desc, DDSCAPS_TEXTURE | DDSCAPS_VIDEOMEMORY, caps.dwMaxTextureWidth, caps.dwMaxTextureHeight);
    if ((uint64_t)caps.dwMaxTextureWidth * caps.dwMaxTextureHeight * 4 > ddcaps.dwVidMemTotal)
    {
        start = now();
        assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DDERR_OUTOFVIDEOMEMORY);
        assert_null(surface);
        assert_true(now() - start < 0.5);
    }
    else
        print_message("The device's largest texture fits its video memory: nothing to refuse.\n");

    /* The largest cube the device can draw still works (small here). */
    init_desc(&desc, DDSCAPS_TEXTURE | DDSCAPS_COMPLEX, 256, 256);
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    assert_int_equal(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL), DD_OK);
    IDirectDrawSurface7_Release(surface);

    IDirect3DDevice7_Release(device);
    assert_int_equal(IDirectDrawSurface7_Release(device_target), 0);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

/* ---- SetTexture's references (issue 25) ---- */

/* An IUnknown kept as a surface's private data: its last Release says that
 * the surface was destroyed. */
struct destroy_watch
{
    IUnknown IUnknown_iface;
    LONG ref;
};

static HRESULT STDMETHODCALLTYPE watch_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE watch_AddRef(IUnknown *iface)
{
    return ++((struct destroy_watch *)iface)->ref;
}

static ULONG STDMETHODCALLTYPE watch_Release(IUnknown *iface)
{
    return --((struct destroy_watch *)iface)->ref;
}

static const IUnknownVtbl watch_vtbl = {watch_QueryInterface, watch_AddRef, watch_Release};

static ULONG surface_refcount(IDirectDrawSurface7 *surface)
{
    IDirectDrawSurface7_AddRef(surface);
    return IDirectDrawSurface7_Release(surface);
}

static void test_set_texture_references(void **state)
{
    static const GUID watch_guid = {0x5e7e0025, 0x1234, 0x4d3d, {0x9a, 0x7b, 0x25, 0x25, 0x25, 0x25, 0x25, 0x25}};
    struct destroy_watch watch = {{&watch_vtbl}, 1};
    IDirectDraw7 *ddraw = create_ddraw(DDSCL_NORMAL);
    IDirectDrawSurface7 *target, *a, *b, *got;
    IDirectDrawSurface4 *surface4;
    IDirect3DDevice7 *device;
    IDirectDraw4 *ddraw4;
    DDSURFACEDESC2 desc;
    DWORD block;

    device = create_device(ddraw, &target);
    a = create_texture(ddraw, WINED3DFMT_X8R8G8B8);
    b = create_texture(ddraw, WINED3DFMT_X8R8G8B8);
    assert_int_equal(IDirectDrawSurface7_SetPrivateData(b, &watch_guid, &watch.IUnknown_iface,
            sizeof(IUnknown *), DDSPD_IUNKNOWNPOINTER), DD_OK);
    assert_int_equal(watch.ref, 2);

    /* One reference a stage, however often the same texture is set. */
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, a), D3D_OK);
    assert_int_equal(surface_refcount(a), 2);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, a), D3D_OK);
    assert_int_equal(surface_refcount(a), 2);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 1, a), D3D_OK);
    assert_int_equal(surface_refcount(a), 3);
    assert_int_equal(IDirect3DDevice7_GetTexture(device, 0, &got), D3D_OK);
    assert_ptr_equal(got, a);
    IDirectDrawSurface7_Release(got);

    /* Another texture: the old one's reference goes. */
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, b), D3D_OK);
    assert_int_equal(surface_refcount(a), 2);
    assert_int_equal(surface_refcount(b), 2);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 1, NULL), D3D_OK);
    assert_int_equal(surface_refcount(a), 1);

    /* A state block being recorded holds its own, once a stage as well. */
    assert_int_equal(IDirect3DDevice7_BeginStateBlock(device), D3D_OK);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, a), D3D_OK);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, a), D3D_OK);
    assert_int_equal(surface_refcount(a), 2);
    assert_int_equal(IDirect3DDevice7_EndStateBlock(device, &block), D3D_OK);
    assert_int_equal(surface_refcount(a), 2);
    assert_int_equal(surface_refcount(b), 2);
    assert_int_equal(IDirect3DDevice7_DeleteStateBlock(device, block), D3D_OK);
    assert_int_equal(surface_refcount(a), 1);

    /* The device's reference is the last one: replacing the texture
     * destroys it (its private data is released then). */
    assert_int_equal(IDirectDrawSurface7_Release(b), 1);
    assert_int_equal(watch.ref, 2);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, a), D3D_OK);
    assert_int_equal(watch.ref, 1);
    assert_int_equal(surface_refcount(a), 2);
    assert_int_equal(draw_textured(device), D3D_OK);

    /* A texture IDirectDraw4 made, set as its IDirectDrawSurface4: the
     * device's reference is the first on its IDirectDrawSurface7, and
     * keeps the surface after the application's last Release. */
    watch.ref = 1;
    assert_int_equal(IDirectDraw7_QueryInterface(ddraw, &IID_IDirectDraw4, (void **)&ddraw4), DD_OK);
    init_desc(&desc, DDSCAPS_TEXTURE, 8, 8);
    assert_int_equal(IDirectDraw4_CreateSurface(ddraw4, &desc, &surface4, NULL), DD_OK);
    assert_int_equal(IDirectDrawSurface4_SetPrivateData(surface4, &watch_guid, &watch.IUnknown_iface,
            sizeof(IUnknown *), DDSPD_IUNKNOWNPOINTER), DD_OK);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 2, (IDirectDrawSurface7 *)surface4), D3D_OK);
    assert_int_equal(IDirectDrawSurface4_Release(surface4), 0);
    assert_int_equal(watch.ref, 2);
    assert_int_equal(IDirect3DDevice7_SetTexture(device, 2, NULL), D3D_OK);
    assert_int_equal(watch.ref, 1);
    IDirectDraw4_Release(ddraw4);

    assert_int_equal(IDirect3DDevice7_SetTexture(device, 0, NULL), D3D_OK);
    assert_int_equal(IDirectDrawSurface7_Release(a), 0);
    IDirect3DDevice7_Release(device);
    assert_int_equal(IDirectDrawSurface7_Release(target), 0);
    assert_int_equal(IDirectDraw7_Release(ddraw), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_user_memory_pitch),
        cmocka_unit_test(test_draw_does_not_upload_locked_texture),
        cmocka_unit_test(test_lock_draw_stress),
        cmocka_unit_test(test_texture_size_limits),
        cmocka_unit_test(test_set_texture_references),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

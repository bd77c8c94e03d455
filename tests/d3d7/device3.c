/*
 * Direct3D 6: IDirect3D3, IDirect3DDevice3 and what comes with them
 * (viewports, materials, lights, IDirect3DTexture2, IDirect3DVertexBuffer).
 * Interfaces, answers to bad input, and pictures read back from the render
 * target.  Against ours and Wine's builtin ddraw.
 */
#include "d3d7_test.h"

#define W 64
#define H 64

struct d3d3_test
{
    HWND window;
    IDirectDraw4 *ddraw;
    IDirect3D3 *d3d;
    IDirectDrawSurface4 *rt;
    IDirect3DDevice3 *device;
    IDirect3DViewport3 *viewport;
};

static IDirectDrawSurface4 *create_surface4(IDirectDraw4 *ddraw, DWORD caps, DWORD w, DWORD h, BOOL alpha)
{
    IDirectDrawSurface4 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = caps;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB | (alpha ? DDPF_ALPHAPIXELS : 0);
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    desc.ddpfPixelFormat.dwRGBAlphaBitMask = alpha ? 0xff000000 : 0;
    hr = IDirectDraw4_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface (caps %#lx): hr %#lx.\n", caps, hr);
    return surface;
}

static void fill4(IDirectDrawSurface4 *surface, DWORD color)
{
    DDBLTFX fx;
    HRESULT hr;

    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = color;
    hr = IDirectDrawSurface4_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
}

static DWORD get_pixel4(IDirectDrawSurface4 *surface, unsigned int x, unsigned int y)
{
    DDSURFACEDESC2 desc;
    DWORD color;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface4_Lock(surface, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr)) return 0xdeadbeef;
    color = *(DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch + x * 4) & 0x00ffffff;
    IDirectDrawSurface4_Unlock(surface, NULL);
    return color;
}

#define check_pixel(t, x, y, expect) check_pixel_(__LINE__, t, x, y, expect)
static void check_pixel_(int line, struct d3d3_test *t, unsigned int x, unsigned int y, DWORD expect)
{
    DWORD color = get_pixel4(t->rt, x, y);
    ok_(__FILE__, line)(compare_color(color, expect, 2), "Pixel (%u,%u) is %#08lx, expected %#08lx.\n",
            x, y, color, expect);
}

static void set_viewport2(IDirect3DViewport3 *viewport, DWORD x, DWORD y, DWORD w, DWORD h)
{
    D3DVIEWPORT2 vp;
    HRESULT hr;

    memset(&vp, 0, sizeof(vp));
    vp.dwSize = sizeof(vp);
    vp.dwX = x;
    vp.dwY = y;
    vp.dwWidth = w;
    vp.dwHeight = h;
    vp.dvClipX = -1.0f;
    vp.dvClipY = 1.0f;
    vp.dvClipWidth = 2.0f;
    vp.dvClipHeight = 2.0f;
    vp.dvMinZ = 0.0f;
    vp.dvMaxZ = 1.0f;
    hr = IDirect3DViewport3_SetViewport2(viewport, &vp);
    ok(hr == D3D_OK, "SetViewport2: hr %#lx.\n", hr);
}

static BOOL setup(struct d3d3_test *t)
{
    IDirectDraw *ddraw1;
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    t->window = create_test_window();
    hr = DirectDrawCreate(NULL, &ddraw1, NULL);
    ok(hr == DD_OK, "DirectDrawCreate: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    hr = IDirectDraw_QueryInterface(ddraw1, &IID_IDirectDraw4, (void **)&t->ddraw);
    ok(hr == DD_OK, "QueryInterface(IID_IDirectDraw4): hr %#lx.\n", hr);
    IDirectDraw_Release(ddraw1);
    if (FAILED(hr)) return FALSE;
    hr = IDirectDraw4_SetCooperativeLevel(t->ddraw, t->window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw4_QueryInterface(t->ddraw, &IID_IDirect3D3, (void **)&t->d3d);
    ok(hr == DD_OK, "QueryInterface(IID_IDirect3D3): hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    if (!(t->rt = create_surface4(t->ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY,
            W, H, FALSE)))
        return FALSE;
    hr = IDirect3D3_CreateDevice(t->d3d, &IID_IDirect3DHALDevice, t->rt, &t->device, NULL);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    hr = IDirect3D3_CreateViewport(t->d3d, &t->viewport, NULL);
    ok(hr == D3D_OK, "CreateViewport: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_AddViewport(t->device, t->viewport);
    ok(hr == D3D_OK, "AddViewport: hr %#lx.\n", hr);
    set_viewport2(t->viewport, 0, 0, W, H);
    hr = IDirect3DDevice3_SetCurrentViewport(t->device, t->viewport);
    ok(hr == D3D_OK, "SetCurrentViewport: hr %#lx.\n", hr);
    IDirect3DDevice3_SetRenderState(t->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    return TRUE;
}

static void teardown(struct d3d3_test *t)
{
    if (t->viewport) IDirect3DViewport3_Release(t->viewport);
    if (t->device) IDirect3DDevice3_Release(t->device);
    if (t->rt) IDirectDrawSurface4_Release(t->rt);
    if (t->d3d) IDirect3D3_Release(t->d3d);
    if (t->ddraw) IDirectDraw4_Release(t->ddraw);
    if (t->window) DestroyWindow(t->window);
}

static void clear(struct d3d3_test *t, DWORD color)
{
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    HRESULT hr;

    hr = IDirect3DViewport3_Clear2(t->viewport, 1, &rect, D3DCLEAR_TARGET, color, 1.0f, 0);
    ok(hr == D3D_OK, "Clear2: hr %#lx.\n", hr);
}

/* ---------------------------------------------------------------------- */

static HRESULT CALLBACK enum_devices_cb(GUID *guid, char *description, char *name,
        D3DDEVICEDESC *hal, D3DDEVICEDESC *hel, void *context)
{
    unsigned int *count = context;

    ok(hal->dwSize == sizeof(*hal), "HAL description size %lu.\n", hal->dwSize);
    ok(hel->dwSize == sizeof(*hel), "HEL description size %lu.\n", hel->dwSize);
    if (IsEqualGUID(guid, &IID_IDirect3DHALDevice))
    {
        ok(hal->dcmColorModel == D3DCOLOR_RGB, "HAL colour model %#lx.\n", hal->dcmColorModel);
        ok(hal->dwFlags & D3DDD_DEVCAPS, "HAL flags %#lx.\n", hal->dwFlags);
        ok(hal->dpcTriCaps.dwTextureCaps & D3DPTEXTURECAPS_PERSPECTIVE, "HAL texture caps %#lx.\n",
                hal->dpcTriCaps.dwTextureCaps);
        ok(!(hel->dpcTriCaps.dwTextureCaps & D3DPTEXTURECAPS_PERSPECTIVE), "HEL texture caps %#lx.\n",
                hel->dpcTriCaps.dwTextureCaps);
        /* The HAL device has hardware T&L in its HAL description only. */
        ok(hal->dwDevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT, "HAL dev caps %#lx.\n", hal->dwDevCaps);
        ok(!(hel->dwDevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT), "HEL dev caps %#lx.\n", hel->dwDevCaps);
    }
    ++*count;
    return DDENUMRET_OK;
}

static void test_interfaces(void)
{
    D3DFINDDEVICESEARCH search;
    D3DFINDDEVICERESULT result;
    IDirect3D2 *d3d2;
    IDirect3D7 *d3d7;
    IDirectDraw *ddraw1;
    IDirectDraw4 *ddraw4;
    IDirect3D3 *d3d3;
    unsigned int count = 0;
    ULONG ref, ref_after;
    HRESULT hr;

    hr = DirectDrawCreate(NULL, &ddraw1, NULL);
    ok(hr == DD_OK, "DirectDrawCreate: hr %#lx.\n", hr);
    if (FAILED(hr)) return;
    hr = IDirectDraw_QueryInterface(ddraw1, &IID_IDirectDraw4, (void **)&ddraw4);
    ok(hr == DD_OK, "QueryInterface(IID_IDirectDraw4): hr %#lx.\n", hr);

    /* IDirect3D3 counts with IDirectDraw. */
    ref = get_refcount((IUnknown *)ddraw1);
    hr = IDirectDraw4_QueryInterface(ddraw4, &IID_IDirect3D3, (void **)&d3d3);
    ok(hr == DD_OK, "QueryInterface(IID_IDirect3D3): hr %#lx.\n", hr);
    ref_after = get_refcount((IUnknown *)ddraw1);
    ok(ref_after == ref + 1, "IDirectDraw refcount %lu, was %lu.\n", ref_after, ref);
    hr = IDirectDraw_QueryInterface(ddraw1, &IID_IDirect3D2, (void **)&d3d2);
    ok(hr == DD_OK, "QueryInterface(IID_IDirect3D2): hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirect3D2_Release(d3d2);
    hr = IDirect3D3_QueryInterface(d3d3, &IID_IDirect3D7, (void **)&d3d7);
    ok(hr == DD_OK || hr == E_NOINTERFACE, "QueryInterface(IID_IDirect3D7): hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirect3D7_Release(d3d7);

    hr = IDirect3D3_EnumDevices(d3d3, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "EnumDevices(NULL): hr %#lx.\n", hr);
    hr = IDirect3D3_EnumDevices(d3d3, enum_devices_cb, &count);
    ok(hr == D3D_OK, "EnumDevices: hr %#lx.\n", hr);
    ok(count >= 2, "%u devices enumerated.\n", count);

    memset(&search, 0, sizeof(search));
    memset(&result, 0, sizeof(result));
    hr = IDirect3D3_FindDevice(d3d3, &search, &result);
    ok(hr == DDERR_INVALIDPARAMS, "FindDevice with dwSize 0: hr %#lx.\n", hr);
    search.dwSize = sizeof(search);
    result.dwSize = sizeof(result);
    search.dwFlags = D3DFDS_GUID;
    search.guid = IID_IDirect3DHALDevice;
    hr = IDirect3D3_FindDevice(d3d3, &search, &result);
    ok(hr == D3D_OK, "FindDevice(HAL): hr %#lx.\n", hr);
    ok(result.ddHwDesc.dwSize == sizeof(result.ddHwDesc), "Found description size %lu.\n", result.ddHwDesc.dwSize);
    search.guid = IID_IDirect3DNullDevice;
    hr = IDirect3D3_FindDevice(d3d3, &search, &result);
    ok(hr == DDERR_NOTFOUND, "FindDevice(null device): hr %#lx.\n", hr);
    hr = IDirect3D3_FindDevice(d3d3, NULL, &result);
    ok(hr == DDERR_INVALIDPARAMS, "FindDevice(NULL): hr %#lx.\n", hr);

    IDirect3D3_Release(d3d3);
    ref_after = get_refcount((IUnknown *)ddraw1);
    ok(ref_after == ref, "IDirectDraw refcount %lu after the release, was %lu.\n", ref_after, ref);
    IDirectDraw4_Release(ddraw4);
    IDirectDraw_Release(ddraw1);
}

static void test_bad_input(void)
{
    IDirect3DMaterial3 *material;
    D3DDEVICEDESC hal, hel;
    IDirect3DLight *light;
    IDirect3DViewport3 *viewport, *current;
    D3DMATERIAL mat;
    D3DVIEWPORT2 vp2;
    D3DLIGHT2 l;
    struct d3d3_test t;
    DWORD value;
    HRESULT hr;

    if (!setup(&t)) goto done;

    /* Wine's builtin ddraw writes through the NULL pointer. */
    if (winetest_is_ours())
    {
        hr = IDirect3D3_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, t.rt, NULL, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "CreateDevice(NULL out): hr %#lx.\n", hr);
    }
    hr = IDirect3D3_CreateViewport(t.d3d, &viewport, (IUnknown *)t.d3d);
    ok(hr == CLASS_E_NOAGGREGATION, "CreateViewport with an outer unknown: hr %#lx.\n", hr);

    memset(&hal, 0, sizeof(hal));
    memset(&hel, 0, sizeof(hel));
    hal.dwSize = hel.dwSize = 12;
    hr = IDirect3DDevice3_GetCaps(t.device, &hal, &hel);
    ok(hr == DDERR_INVALIDPARAMS, "GetCaps with dwSize 12: hr %#lx.\n", hr);
    hal.dwSize = hel.dwSize = sizeof(hal);
    hr = IDirect3DDevice3_GetCaps(t.device, &hal, &hel);
    ok(hr == D3D_OK, "GetCaps: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_GetCaps(t.device, NULL, &hel);
    ok(hr == DDERR_INVALIDPARAMS, "GetCaps(NULL): hr %#lx.\n", hr);

    hr = IDirect3DDevice3_SetLightState(t.device, 0, 0);
    ok(hr == DDERR_INVALIDPARAMS, "SetLightState(0): hr %#lx.\n", hr);
    hr = IDirect3DDevice3_SetLightState(t.device, D3DLIGHTSTATE_MATERIAL, 0x1234);
    ok(hr == DDERR_INVALIDPARAMS, "SetLightState(MATERIAL, bad handle): hr %#lx.\n", hr);
    hr = IDirect3DDevice3_GetLightState(t.device, D3DLIGHTSTATE_MATERIAL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "GetLightState(NULL): hr %#lx.\n", hr);
    hr = IDirect3DDevice3_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, 0x1234);
    ok(hr == DDERR_INVALIDPARAMS, "SetRenderState(TEXTUREHANDLE, bad handle): hr %#lx.\n", hr);
    hr = IDirect3DDevice3_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAPBLEND, &value);
    ok(hr == D3D_OK && value == D3DTBLEND_MODULATE, "TEXTUREMAPBLEND: hr %#lx, value %lu.\n", hr, value);
    hr = IDirect3DDevice3_SetTransform(t.device, D3DTRANSFORMSTATE_WORLD, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "SetTransform(NULL): hr %#lx.\n", hr);
    /* Wine's builtin ddraw takes the vertex, and divides by zero at End. */
    if (winetest_is_ours())
    {
        hr = IDirect3DDevice3_Vertex(t.device, &value);
        ok(hr == D3DERR_NOTINBEGIN, "Vertex outside Begin: hr %#lx.\n", hr);
        hr = IDirect3DDevice3_End(t.device, 0);
        ok(hr == D3DERR_NOTINBEGIN, "End outside Begin: hr %#lx.\n", hr);
    }

    /* Viewports */
    hr = IDirect3D3_CreateViewport(t.d3d, &viewport, NULL);
    ok(hr == D3D_OK, "CreateViewport: hr %#lx.\n", hr);
    memset(&vp2, 0, sizeof(vp2));
    vp2.dwSize = sizeof(vp2);
    vp2.dwWidth = vp2.dwHeight = 16;
    vp2.dvClipX = -1.0f; vp2.dvClipY = 1.0f; vp2.dvClipWidth = vp2.dvClipHeight = 2.0f; vp2.dvMaxZ = 1.0f;
    hr = IDirect3DViewport3_SetViewport2(viewport, &vp2);
    ok(hr == D3DERR_VIEWPORTHASNODEVICE, "SetViewport2 without a device: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_GetViewport2(viewport, &vp2);
    ok(hr == D3DERR_VIEWPORTDATANOTSET, "GetViewport2 before SetViewport2: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_SetCurrentViewport(t.device, viewport);
    ok(hr == DDERR_INVALIDPARAMS, "SetCurrentViewport of a viewport not added: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_AddViewport(t.device, viewport);
    ok(hr == D3D_OK, "AddViewport: hr %#lx.\n", hr);
    vp2.dwSize = sizeof(vp2) + 1;
    hr = IDirect3DViewport3_SetViewport2(viewport, &vp2);
    ok(hr == DDERR_INVALIDPARAMS, "SetViewport2 with a bad dwSize: hr %#lx.\n", hr);
    vp2.dwSize = sizeof(vp2);
    vp2.dwWidth = W + 1;
    hr = IDirect3DViewport3_SetViewport2(viewport, &vp2);
    ok(hr == DDERR_INVALIDPARAMS, "SetViewport2 wider than the target: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_SetViewport2(viewport, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "SetViewport2(NULL): hr %#lx.\n", hr);
    hr = IDirect3DViewport3_Clear2(viewport, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    ok(hr == D3D_OK, "Clear2 without rectangles: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_GetCurrentViewport(t.device, &current);
    ok(hr == D3D_OK && current == t.viewport, "GetCurrentViewport: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirect3DViewport3_Release(current);
    hr = IDirect3DDevice3_DeleteViewport(t.device, viewport);
    ok(hr == D3D_OK, "DeleteViewport: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_DeleteViewport(t.device, viewport);
    ok(hr == DDERR_INVALIDPARAMS, "DeleteViewport again: hr %#lx.\n", hr);

    /* Lights */
    hr = IDirect3D3_CreateLight(t.d3d, &light, NULL);
    ok(hr == D3D_OK, "CreateLight: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin ddraw reads through the NULL pointer. */
    {
        hr = IDirect3DLight_SetLight(light, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "SetLight(NULL): hr %#lx.\n", hr);
    }
    /* A size short of a D3DLIGHT2 reads as a D3DLIGHT, which is on. */
    memset(&l, 0, sizeof(l));
    l.dwSize = 7;
    l.dltType = D3DLIGHT_DIRECTIONAL;
    hr = IDirect3DLight_SetLight(light, (D3DLIGHT *)&l);
    ok(hr == D3D_OK, "SetLight with dwSize 7: hr %#lx.\n", hr);
    l.dwSize = sizeof(l);
    hr = IDirect3DLight_GetLight(light, (D3DLIGHT *)&l);
    ok(hr == D3D_OK && l.dwFlags == D3DLIGHT_ACTIVE, "GetLight: hr %#lx, flags %#lx.\n", hr, l.dwFlags);
    l.dwSize = sizeof(l);
    l.dltType = 0;
    hr = IDirect3DLight_SetLight(light, (D3DLIGHT *)&l);
    ok(hr == DDERR_INVALIDPARAMS, "SetLight with type 0: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_DeleteLight(viewport, light);
    ok(hr == DDERR_INVALIDPARAMS, "DeleteLight of a light not added: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_AddLight(viewport, light);
    ok(hr == D3D_OK, "AddLight: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_AddLight(t.viewport, light);
    ok(hr == D3DERR_LIGHTHASVIEWPORT, "AddLight to a second viewport: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_DeleteLight(viewport, light);
    ok(hr == D3D_OK, "DeleteLight: hr %#lx.\n", hr);
    IDirect3DLight_Release(light);
    IDirect3DViewport3_Release(viewport);

    /* Materials */
    hr = IDirect3D3_CreateMaterial(t.d3d, &material, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat) - 4;
    hr = IDirect3DMaterial3_SetMaterial(material, &mat);
    ok(hr == D3D_OK, "SetMaterial with a short dwSize: hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin ddraw reads past the structure, or through NULL. */
    {
        mat.dwSize = sizeof(mat) + 4;
        hr = IDirect3DMaterial3_SetMaterial(material, &mat);
        ok(hr == DDERR_INVALIDPARAMS, "SetMaterial with a long dwSize: hr %#lx.\n", hr);
        hr = IDirect3DMaterial3_SetMaterial(material, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "SetMaterial(NULL): hr %#lx.\n", hr);
        hr = IDirect3DMaterial3_GetHandle(material, t.device, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "GetHandle(NULL): hr %#lx.\n", hr);
    }
    IDirect3DMaterial3_Release(material);

done:
    teardown(&t);
}

/* ---------------------------------------------------------------------- */
/* Pictures                                                                */

struct xyz_diffuse
{
    float x, y, z;
    DWORD diffuse;
};

struct tl_tex
{
    float x, y, z, rhw;
    DWORD diffuse;
    float u, v;
};

static void make_tl_quad(struct tl_tex *v, float x0, float y0, float x1, float y1, DWORD color)
{
    static const float uv[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        v[i].x = i & 1 ? x1 : x0;
        v[i].y = i & 2 ? y1 : y0;
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].diffuse = color;
        v[i].u = uv[i][0];
        v[i].v = uv[i][1];
    }
}

static void test_draw(void)
{
    struct tl_vertex tri[3] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
        {64.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
        {0.0f, 64.0f, 0.5f, 1.0f, 0xff00ff00},
    };
    struct xyz_diffuse quad[4] =
    {
        {-1.0f, -1.0f, 0.5f, 0xff0000ff}, {-1.0f, 1.0f, 0.5f, 0xff0000ff},
        {1.0f, -1.0f, 0.5f, 0xff0000ff}, {1.0f, 1.0f, 0.5f, 0xff0000ff},
    };
    WORD indices[] = {0, 1, 2};
    struct d3d3_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;

    /* A pre-transformed triangle through DrawPrimitive: the upper left half. */
    clear(&t, 0xffff0000);
    hr = IDirect3DDevice3_BeginScene(t.device);
    ok(hr == D3D_OK, "BeginScene: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 3, 0);
    ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_EndScene(t.device);
    ok(hr == D3D_OK, "EndScene: hr %#lx.\n", hr);
    check_pixel(&t, 8, 8, 0x00ff00);
    check_pixel(&t, 56, 56, 0xff0000);

    /* The same with Begin/Vertex/End, and indexed. */
    clear(&t, 0xffff0000);
    IDirect3DDevice3_BeginScene(t.device);
    hr = IDirect3DDevice3_Begin(t.device, D3DPT_TRIANGLELIST, TL_FVF, 0);
    ok(hr == D3D_OK, "Begin: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_Begin(t.device, D3DPT_TRIANGLELIST, TL_FVF, 0);
    ok(hr == D3DERR_INBEGIN || broken(hr == D3D_OK), "Begin inside Begin: hr %#lx.\n", hr);
    for (i = 0; i < 3; ++i)
    {
        hr = IDirect3DDevice3_Vertex(t.device, &tri[i]);
        ok(hr == D3D_OK, "Vertex: hr %#lx.\n", hr);
    }
    hr = IDirect3DDevice3_End(t.device, 0);
    ok(hr == D3D_OK, "End: hr %#lx.\n", hr);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 8, 8, 0x00ff00);
    check_pixel(&t, 56, 56, 0xff0000);

    clear(&t, 0xffff0000);
    IDirect3DDevice3_BeginScene(t.device);
    hr = IDirect3DDevice3_DrawIndexedPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 3, indices, 3, 0);
    ok(hr == D3D_OK, "DrawIndexedPrimitive: hr %#lx.\n", hr);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 8, 8, 0x00ff00);

    /* Untransformed vertices go through the current viewport: a quad over
     * the clip volume fills the viewport's rectangle and nothing else. */
    clear(&t, 0xffff0000);
    set_viewport2(t.viewport, 16, 16, 32, 32);
    IDirect3DDevice3_BeginScene(t.device);
    hr = IDirect3DDevice3_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_DIFFUSE, quad, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitive (XYZ): hr %#lx.\n", hr);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 32, 32, 0x0000ff);
    check_pixel(&t, 4, 4, 0xff0000);
    check_pixel(&t, 60, 60, 0xff0000);

    /* Clear2 follows the viewport it is called on. */
    {
        D3DRECT rect = {{0}, {0}, {W}, {H}};

        set_viewport2(t.viewport, 0, 0, W, H);
        clear(&t, 0xff000000);
        set_viewport2(t.viewport, 0, 0, 32, 32);
        hr = IDirect3DViewport3_Clear2(t.viewport, 1, &rect, D3DCLEAR_TARGET, 0xffffffff, 1.0f, 0);
        ok(hr == D3D_OK, "Clear2: hr %#lx.\n", hr);
        check_pixel(&t, 8, 8, 0xffffff);
        check_pixel(&t, 48, 48, 0x000000);
        set_viewport2(t.viewport, 0, 0, W, H);
    }

done:
    teardown(&t);
}

/* A lit triangle: material handle, light on the viewport, normals. */
static void test_lighting(void)
{
    static const struct
    {
        float x, y, z, nx, ny, nz, u, v;
    }
    quad[4] =
    {
        {-1.0f, -1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0.0f, 0.0f},
        {-1.0f, 1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0.0f, 0.0f},
        {1.0f, -1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0.0f, 0.0f},
        {1.0f, 1.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0.0f, 0.0f},
    };
    IDirect3DMaterial3 *material, *background;
    D3DMATERIALHANDLE handle, bg_handle, h;
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    IDirect3DLight *light;
    D3DMATERIAL mat;
    struct d3d3_test t;
    D3DLIGHT2 l;
    BOOL valid;
    HRESULT hr;

    if (!setup(&t)) goto done;

    /* The viewport's background material is its Clear colour. */
    hr = IDirect3D3_CreateMaterial(t.d3d, &background, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = 1.0f;
    mat.diffuse.g = 1.0f;
    hr = IDirect3DMaterial3_SetMaterial(background, &mat);
    ok(hr == D3D_OK, "SetMaterial: hr %#lx.\n", hr);
    hr = IDirect3DMaterial3_GetHandle(background, t.device, &bg_handle);
    ok(hr == D3D_OK && bg_handle, "GetHandle: hr %#lx, handle %#lx.\n", hr, bg_handle);
    hr = IDirect3DMaterial3_GetHandle(background, t.device, &h);
    ok(hr == D3D_OK && h == bg_handle, "GetHandle again: hr %#lx, handle %#lx.\n", hr, h);
    hr = IDirect3DViewport3_SetBackground(t.viewport, bg_handle);
    ok(hr == D3D_OK, "SetBackground: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_GetBackground(t.viewport, &h, &valid);
    ok(hr == D3D_OK && h == bg_handle && valid, "GetBackground: hr %#lx, handle %#lx, valid %d.\n", hr, h, valid);
    hr = IDirect3DViewport3_Clear(t.viewport, 1, &rect, D3DCLEAR_TARGET);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    check_pixel(&t, 32, 32, 0xffff00);

    hr = IDirect3D3_CreateMaterial(t.d3d, &material, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.g = 1.0f;
    mat.diffuse.a = 1.0f;
    hr = IDirect3DMaterial3_SetMaterial(material, &mat);
    ok(hr == D3D_OK, "SetMaterial: hr %#lx.\n", hr);
    hr = IDirect3DMaterial3_GetHandle(material, t.device, &handle);
    ok(hr == D3D_OK && handle && handle != bg_handle, "GetHandle: hr %#lx, handle %#lx.\n", hr, handle);
    hr = IDirect3DDevice3_SetLightState(t.device, D3DLIGHTSTATE_MATERIAL, handle);
    ok(hr == D3D_OK, "SetLightState(MATERIAL): hr %#lx.\n", hr);
    hr = IDirect3DDevice3_GetLightState(t.device, D3DLIGHTSTATE_MATERIAL, &h);
    ok(hr == D3D_OK && h == handle, "GetLightState(MATERIAL): hr %#lx, %#lx.\n", hr, h);
    IDirect3DDevice3_SetLightState(t.device, D3DLIGHTSTATE_AMBIENT, 0);

    hr = IDirect3D3_CreateLight(t.d3d, &light, NULL);
    ok(hr == D3D_OK, "CreateLight: hr %#lx.\n", hr);
    memset(&l, 0, sizeof(l));
    l.dwSize = sizeof(l);
    l.dltType = D3DLIGHT_DIRECTIONAL;
    l.dcvColor.r = l.dcvColor.g = l.dcvColor.b = l.dcvColor.a = 1.0f;
    l.dvDirection.z = 1.0f;
    l.dwFlags = D3DLIGHT_ACTIVE;
    hr = IDirect3DLight_SetLight(light, (D3DLIGHT *)&l);
    ok(hr == D3D_OK, "SetLight: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_AddLight(t.viewport, light);
    ok(hr == D3D_OK, "AddLight: hr %#lx.\n", hr);

    /* Lit: the material's green, whatever the vertices say. */
    clear(&t, 0xff000000);
    IDirect3DDevice3_BeginScene(t.device);
    hr = IDirect3DDevice3_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_VERTEX, (void *)quad, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitive (D3DFVF_VERTEX): hr %#lx.\n", hr);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 32, 32, 0x00ff00);

    /* Switched off through the light: black. */
    l.dwFlags = 0;
    hr = IDirect3DLight_SetLight(light, (D3DLIGHT *)&l);
    ok(hr == D3D_OK, "SetLight: hr %#lx.\n", hr);
    clear(&t, 0xffff0000);
    IDirect3DDevice3_BeginScene(t.device);
    IDirect3DDevice3_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_VERTEX, (void *)quad, 4, 0);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 32, 32, 0x000000);

    hr = IDirect3DViewport3_DeleteLight(t.viewport, light);
    ok(hr == D3D_OK, "DeleteLight: hr %#lx.\n", hr);
    IDirect3DLight_Release(light);
    IDirect3DMaterial3_Release(material);
    IDirect3DMaterial3_Release(background);
done:
    teardown(&t);
}

/* A DX6 vertex-buffer draw with two texture stages. */
static void test_vertex_buffer_textures(void)
{
    IDirectDrawSurface4 *tex_surface[2] = {NULL, NULL};
    IDirect3DTexture2 *tex[2] = {NULL, NULL}, *got;
    D3DVERTEXBUFFERDESC desc;
    IDirect3DVertexBuffer *vb;
    WORD indices[] = {0, 1, 2, 1, 3, 2};
    struct d3d3_test t;
    struct tl_tex *data;
    DWORD size, value;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;

    for (i = 0; i < 2; ++i)
    {
        if (!(tex_surface[i] = create_surface4(t.ddraw, DDSCAPS_TEXTURE, 8, 8, FALSE))) goto done;
        fill4(tex_surface[i], i ? 0x00ff0000 : 0x000000ff);
        hr = IDirectDrawSurface4_QueryInterface(tex_surface[i], &IID_IDirect3DTexture2, (void **)&tex[i]);
        ok(hr == D3D_OK, "QueryInterface(IID_IDirect3DTexture2): hr %#lx.\n", hr);
        if (FAILED(hr)) goto done;
    }

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    desc.dwNumVertices = 4;
    hr = IDirect3D3_CreateVertexBuffer(t.d3d, &desc, &vb, 0, NULL);
    ok(hr == D3D_OK, "CreateVertexBuffer: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    hr = IDirect3D3_CreateVertexBuffer(t.d3d, NULL, &vb, 0, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "CreateVertexBuffer(NULL desc): hr %#lx.\n", hr);
    hr = IDirect3DVertexBuffer_Lock(vb, DDLOCK_WAIT, (void **)&data, &size);
    ok(hr == D3D_OK, "Lock: hr %#lx.\n", hr);
    make_tl_quad(data, 0.0f, 0.0f, 64.0f, 64.0f, 0xffffffff);
    hr = IDirect3DVertexBuffer_Unlock(vb);
    ok(hr == D3D_OK, "Unlock: hr %#lx.\n", hr);

    /* Stage 0: the blue texture (the legacy MODULATE blend); stage 1 adds the red one. */
    hr = IDirect3DDevice3_SetTexture(t.device, 0, tex[0]);
    ok(hr == D3D_OK, "SetTexture(0): hr %#lx.\n", hr);
    hr = IDirect3DDevice3_GetTexture(t.device, 0, &got);
    ok(hr == D3D_OK && got == tex[0], "GetTexture(0): hr %#lx, %p.\n", hr, got);
    if (got) IDirect3DTexture2_Release(got);
    clear(&t, 0xff000000);
    IDirect3DDevice3_BeginScene(t.device);
    hr = IDirect3DDevice3_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, vb, 0, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitiveVB: hr %#lx.\n", hr);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 32, 32, 0x0000ff);

    hr = IDirect3DDevice3_SetTexture(t.device, 1, tex[1]);
    ok(hr == D3D_OK, "SetTexture(1): hr %#lx.\n", hr);
    IDirect3DDevice3_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_ADD);
    IDirect3DDevice3_SetTextureStageState(t.device, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice3_SetTextureStageState(t.device, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice3_SetTextureStageState(t.device, 1, D3DTSS_TEXCOORDINDEX, 0);
    clear(&t, 0xff000000);
    IDirect3DDevice3_BeginScene(t.device);
    hr = IDirect3DDevice3_DrawIndexedPrimitiveVB(t.device, D3DPT_TRIANGLELIST, vb, indices, 6, 0);
    ok(hr == D3D_OK, "DrawIndexedPrimitiveVB: hr %#lx.\n", hr);
    IDirect3DDevice3_EndScene(t.device);
    check_pixel(&t, 32, 32, 0xff00ff);
    check_pixel(&t, 2, 2, 0xff00ff);

    /* Stage 0 through a texture handle: the red texture alone. */
    IDirect3DDevice3_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    if (winetest_is_ours()) /* Wine's builtin ddraw reads through the NULL device. */
    {
        hr = IDirect3DTexture2_GetHandle(tex[1], (IDirect3DDevice2 *)NULL, &value);
        ok(hr == DDERR_INVALIDPARAMS, "GetHandle(NULL device): hr %#lx.\n", hr);
    }
    {
        IDirect3DDevice2 *device2;

        hr = IDirect3DDevice3_QueryInterface(t.device, &IID_IDirect3DDevice2, (void **)&device2);
        ok(hr == D3D_OK || hr == E_NOINTERFACE, "QueryInterface(IID_IDirect3DDevice2): hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            hr = IDirect3DTexture2_GetHandle(tex[1], device2, &value);
            ok(hr == D3D_OK && value, "GetHandle: hr %#lx, handle %#lx.\n", hr, value);
            hr = IDirect3DDevice3_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, value);
            ok(hr == D3D_OK, "SetRenderState(TEXTUREHANDLE): hr %#lx.\n", hr);
            clear(&t, 0xff000000);
            IDirect3DDevice3_BeginScene(t.device);
            IDirect3DDevice3_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, vb, 0, 4, 0);
            IDirect3DDevice3_EndScene(t.device);
            check_pixel(&t, 32, 32, 0xff0000);
            IDirect3DDevice2_Release(device2);
        }
    }

    IDirect3DDevice3_SetTexture(t.device, 0, NULL);
    IDirect3DDevice3_SetTexture(t.device, 1, NULL);
    IDirect3DVertexBuffer_Release(vb);
done:
    for (i = 0; i < 2; ++i)
    {
        if (tex[i]) IDirect3DTexture2_Release(tex[i]);
        if (tex_surface[i]) IDirectDrawSurface4_Release(tex_surface[i]);
    }
    teardown(&t);
}

/* IDirect3DViewport3::TransformVertices: the device's matrices and the
 * viewport's rectangle, with clip flags in D3DTRANSFORM_CLIPPED mode. */
static void test_transform_vertices(void)
{
    static const struct
    {
        float x, y, z, w;
        DWORD payload[4];
    }
    in[3] =
    {
        {0.0f, 0.0f, 0.5f, 0.0f, {0x11, 0x22, 0x33, 0x44}},
        {0.5f, -0.5f, 0.25f, 0.0f, {0x55, 0x66, 0x77, 0x88}},
        {2.0f, 0.0f, 0.5f, 0.0f, {0x99, 0xaa, 0xbb, 0xcc}},
    };
    struct
    {
        float x, y, z, w;
        DWORD payload[4];
    }
    out[3];
    D3DHVERTEX h[3];
    D3DTRANSFORMDATA data;
    struct d3d3_test t;
    DWORD offscreen;
    HRESULT hr;

    if (!setup(&t)) goto done;

    memset(&data, 0, sizeof(data));
    data.dwSize = sizeof(data);
    data.lpIn = (void *)in;
    data.dwInSize = sizeof(in[0]);
    data.lpOut = out;
    data.dwOutSize = sizeof(out[0]);
    data.lpHOut = h;
    memset(out, 0, sizeof(out));
    hr = IDirect3DViewport3_TransformVertices(t.viewport, 2, &data, D3DTRANSFORM_UNCLIPPED, &offscreen);
    ok(hr == D3D_OK, "TransformVertices: hr %#lx.\n", hr);
    ok(!offscreen, "offscreen %#lx.\n", offscreen);
    ok(compare_float(out[0].x, 32.0f, 4096) && compare_float(out[0].y, 32.0f, 4096)
            && compare_float(out[0].z, 0.5f, 4096) && compare_float(out[0].w, 1.0f, 4096),
            "Vertex 0 at %.8e, %.8e, %.8e, %.8e.\n", out[0].x, out[0].y, out[0].z, out[0].w);
    ok(compare_float(out[1].x, 48.0f, 4096) && compare_float(out[1].y, 48.0f, 4096)
            && compare_float(out[1].z, 0.25f, 4096), "Vertex 1 at %.8e, %.8e, %.8e.\n", out[1].x, out[1].y, out[1].z);
    ok(out[1].payload[0] == 0x55 && out[1].payload[3] == 0x88, "Payload %#lx, %#lx.\n",
            out[1].payload[0], out[1].payload[3]);

    memset(h, 0xcc, sizeof(h));
    hr = IDirect3DViewport3_TransformVertices(t.viewport, 3, &data, D3DTRANSFORM_CLIPPED, &offscreen);
    ok(hr == D3D_OK, "TransformVertices (clipped): hr %#lx.\n", hr);
    ok(!offscreen, "offscreen %#lx.\n", offscreen);
    ok(!h[0].dwFlags && !h[1].dwFlags, "Clip flags %#lx, %#lx.\n", h[0].dwFlags, h[1].dwFlags);
    ok(h[2].dwFlags == D3DCLIP_RIGHT, "Clip flags of the vertex on the right %#lx.\n", h[2].dwFlags);
    ok(compare_float(h[2].hx, 2.0f, 4096), "hx %.8e.\n", h[2].hx);
    hr = IDirect3DViewport3_TransformVertices(t.viewport, 1, &data, D3DTRANSFORM_CLIPPED, &offscreen);
    ok(hr == D3D_OK && !offscreen, "TransformVertices: hr %#lx, offscreen %#lx.\n", hr, offscreen);
    data.lpIn = (void *)&in[2];
    hr = IDirect3DViewport3_TransformVertices(t.viewport, 1, &data, D3DTRANSFORM_CLIPPED, &offscreen);
    ok(hr == D3D_OK && offscreen == D3DCLIP_RIGHT, "TransformVertices: hr %#lx, offscreen %#lx.\n", hr, offscreen);

    hr = IDirect3DViewport3_TransformVertices(t.viewport, 1, &data, 0, &offscreen);
    ok(hr == DDERR_INVALIDPARAMS, "TransformVertices without flags: hr %#lx.\n", hr);
    data.dwSize = 0;
    hr = IDirect3DViewport3_TransformVertices(t.viewport, 1, &data, D3DTRANSFORM_CLIPPED, &offscreen);
    ok(hr == DDERR_INVALIDPARAMS, "TransformVertices with dwSize 0: hr %#lx.\n", hr);
    hr = IDirect3DViewport3_TransformVertices(t.viewport, 1, NULL, D3DTRANSFORM_CLIPPED, &offscreen);
    ok(hr == DDERR_INVALIDPARAMS, "TransformVertices(NULL): hr %#lx.\n", hr);
done:
    teardown(&t);
}

/* The device, its viewport and a material outlive the DirectDraw object:
 * their methods answer without touching what went with it. */
static void test_outlive_ddraw(void)
{
    struct tl_vertex tri[3] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
        {64.0f, 0.0f, 0.5f, 1.0f, 0xff00ff00},
        {0.0f, 64.0f, 0.5f, 1.0f, 0xff00ff00},
    };
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    IDirect3DMaterial3 *material;
    D3DMATERIALHANDLE handle;
    struct d3d3_test t;
    D3DMATERIAL mat;
    DWORD value;
    HRESULT hr;

    if (!setup(&t)) goto done;
    hr = IDirect3D3_CreateMaterial(t.d3d, &material, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    IDirect3DMaterial3_SetMaterial(material, &mat);
    hr = IDirect3DMaterial3_GetHandle(material, t.device, &handle);
    ok(hr == D3D_OK, "GetHandle: hr %#lx.\n", hr);
    hr = IDirect3DDevice3_SetLightState(t.device, D3DLIGHTSTATE_MATERIAL, handle);
    ok(hr == D3D_OK, "SetLightState: hr %#lx.\n", hr);

    IDirect3D3_Release(t.d3d);
    t.d3d = NULL;
    IDirectDraw4_Release(t.ddraw);
    t.ddraw = NULL;

    /* Whatever they answer, they must not crash. */
    IDirect3DDevice3_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice3_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, &value);
    IDirect3DDevice3_SetLightState(t.device, D3DLIGHTSTATE_MATERIAL, handle);
    IDirect3DDevice3_BeginScene(t.device);
    IDirect3DDevice3_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 3, 0);
    IDirect3DDevice3_EndScene(t.device);
    IDirect3DViewport3_Clear2(t.viewport, 1, &rect, D3DCLEAR_TARGET, 0, 1.0f, 0);
    hr = IDirect3DMaterial3_GetHandle(material, t.device, &handle);
    ok(FAILED(hr) || handle, "GetHandle after the DirectDraw object: hr %#lx.\n", hr);
    IDirect3DMaterial3_SetMaterial(material, &mat);
    IDirect3DMaterial3_Release(material);
done:
    teardown(&t);
}

/* A surface without DDSCAPS_TEXTURE as a texture: taken by both devices;
 * the software (RGB) device samples it, the hardware one samples no
 * texture (Wine's ddraw4.c test_texture_wrong_caps). */
static void test_plain_surface_texture(void)
{
    static const GUID *const guids[] = {&IID_IDirect3DHALDevice, &IID_IDirect3DRGBDevice};
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    IDirectDrawSurface4 *rt, *plain;
    IDirect3DViewport3 *viewport;
    IDirect3DTexture2 *texture;
    IDirect3DDevice3 *device;
    struct d3d3_test t;
    struct tl_tex quad[4];
    unsigned int i;
    DWORD color;
    HRESULT hr;

    if (!setup(&t)) goto done;
    /* Wine's builtin makes one device per DirectDraw object. */
    IDirect3DDevice3_DeleteViewport(t.device, t.viewport);
    IDirect3DDevice3_Release(t.device);
    t.device = NULL;
    for (i = 0; i < 2; ++i)
    {
        if (!(rt = create_surface4(t.ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE
                | (i ? DDSCAPS_SYSTEMMEMORY : DDSCAPS_VIDEOMEMORY), W, H, FALSE)))
            continue;
        hr = IDirect3D3_CreateDevice(t.d3d, guids[i], rt, &device, NULL);
        ok(hr == D3D_OK, "Device %u: CreateDevice: hr %#lx.\n", i, hr);
        if (FAILED(hr))
        {
            IDirectDrawSurface4_Release(rt);
            continue;
        }
        IDirect3D3_CreateViewport(t.d3d, &viewport, NULL);
        IDirect3DDevice3_AddViewport(device, viewport);
        set_viewport2(viewport, 0, 0, W, H);
        IDirect3DDevice3_SetCurrentViewport(device, viewport);
        IDirect3DDevice3_SetRenderState(device, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice3_SetRenderState(device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);

        plain = create_surface4(t.ddraw, DDSCAPS_OFFSCREENPLAIN | (i ? DDSCAPS_SYSTEMMEMORY : 0), 8, 8, TRUE);
        fill4(plain, 0xff00ff00);
        hr = IDirectDrawSurface4_QueryInterface(plain, &IID_IDirect3DTexture2, (void **)&texture);
        ok(hr == D3D_OK, "Device %u: QueryInterface(IID_IDirect3DTexture2): hr %#lx.\n", i, hr);
        IDirect3DDevice3_SetTextureStageState(device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice3_SetTextureStageState(device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice3_SetTextureStageState(device, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
        IDirect3DDevice3_SetTextureStageState(device, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
        hr = IDirect3DDevice3_SetTexture(device, 0, texture);
        ok(hr == D3D_OK, "Device %u: SetTexture: hr %#lx.\n", i, hr);
        hr = IDirect3DViewport3_Clear2(viewport, 1, &rect, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
        ok(hr == D3D_OK, "Device %u: Clear2: hr %#lx.\n", i, hr);
        make_tl_quad(quad, 0.0f, 0.0f, 64.0f, 64.0f, 0xffffffff);
        IDirect3DDevice3_BeginScene(device);
        hr = IDirect3DDevice3_DrawPrimitive(device, D3DPT_TRIANGLESTRIP,
                D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, quad, 4, 0);
        ok(hr == D3D_OK, "Device %u: DrawPrimitive: hr %#lx.\n", i, hr);
        IDirect3DDevice3_EndScene(device);
        color = get_pixel4(rt, 32, 32);
        ok(compare_color(color, i ? 0x00ff00 : 0xffffff, 2), "Device %u: pixel %#08lx.\n", i, color);

        IDirect3DDevice3_SetTexture(device, 0, NULL);
        IDirect3DTexture2_Release(texture);
        IDirectDrawSurface4_Release(plain);
        IDirect3DDevice3_DeleteViewport(device, viewport);
        IDirect3DViewport3_Release(viewport);
        IDirect3DDevice3_Release(device);
        IDirectDrawSurface4_Release(rt);
    }
done:
    teardown(&t);
}

START_TEST(d3d3_device)
{
    test_interfaces();
    test_bad_input();
    test_draw();
    test_lighting();
    test_vertex_buffer_textures();
    test_transform_vertices();
    test_outlive_ddraw();
    test_plain_surface_texture();
}

/*
 * Direct3D 5: IDirect3D2 and IDirect3DDevice2 on DirectDraw 1 surfaces:
 * typed vertices (D3DTLVERTEX, D3DLVERTEX), Begin/Vertex/End, viewports
 * with a background material, textures through handles and the legacy
 * texture blend.  Against ours and Wine's builtin ddraw.
 */
#include "d3d7_test.h"

#define W 64
#define H 64

struct d3d2_test
{
    HWND window;
    IDirectDraw *ddraw;
    IDirect3D2 *d3d;
    IDirectDrawSurface *rt;
    IDirect3DDevice2 *device;
    IDirect3DViewport2 *viewport;
};

#define check_pixel(t, x, y, expect) check_pixel_(__LINE__, t, x, y, expect)
static void check_pixel_(int line, struct d3d2_test *t, unsigned int x, unsigned int y, DWORD expect)
{
    DWORD color = get_pixel1(t->rt, x, y);
    ok_(__FILE__, line)(compare_color(color, expect, 2), "Pixel (%u,%u) is %#08lx, expected %#08lx.\n",
            x, y, color, expect);
}

static BOOL setup(struct d3d2_test *t)
{
    D3DVIEWPORT2 vp;
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    t->window = create_test_window();
    hr = DirectDrawCreate(NULL, &t->ddraw, NULL);
    ok(hr == DD_OK, "DirectDrawCreate: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    hr = IDirectDraw_SetCooperativeLevel(t->ddraw, t->window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw_QueryInterface(t->ddraw, &IID_IDirect3D2, (void **)&t->d3d);
    ok(hr == DD_OK, "QueryInterface(IID_IDirect3D2): hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    if (!(t->rt = create_surface1(t->ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY, W, H)))
        return FALSE;
    hr = IDirect3D2_CreateDevice(t->d3d, &IID_IDirect3DHALDevice, t->rt, &t->device);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    hr = IDirect3D2_CreateViewport(t->d3d, &t->viewport, NULL);
    ok(hr == D3D_OK, "CreateViewport: hr %#lx.\n", hr);
    hr = IDirect3DDevice2_AddViewport(t->device, t->viewport);
    ok(hr == D3D_OK, "AddViewport: hr %#lx.\n", hr);
    memset(&vp, 0, sizeof(vp));
    vp.dwSize = sizeof(vp);
    vp.dwWidth = W;
    vp.dwHeight = H;
    vp.dvClipX = -1.0f;
    vp.dvClipY = 1.0f;
    vp.dvClipWidth = 2.0f;
    vp.dvClipHeight = 2.0f;
    vp.dvMaxZ = 1.0f;
    hr = IDirect3DViewport2_SetViewport2(t->viewport, &vp);
    ok(hr == D3D_OK, "SetViewport2: hr %#lx.\n", hr);
    hr = IDirect3DDevice2_SetCurrentViewport(t->device, t->viewport);
    ok(hr == D3D_OK, "SetCurrentViewport: hr %#lx.\n", hr);
    IDirect3DDevice2_SetRenderState(t->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    return TRUE;
}

static void teardown(struct d3d2_test *t)
{
    if (t->viewport) IDirect3DViewport2_Release(t->viewport);
    if (t->device) IDirect3DDevice2_Release(t->device);
    if (t->rt) IDirectDrawSurface_Release(t->rt);
    if (t->d3d) IDirect3D2_Release(t->d3d);
    if (t->ddraw) IDirectDraw_Release(t->ddraw);
    if (t->window) DestroyWindow(t->window);
}

static void set_tl(D3DTLVERTEX *v, float x, float y, D3DCOLOR color, float u, float tv)
{
    memset(v, 0, sizeof(*v));
    v->sx = x;
    v->sy = y;
    v->sz = 0.5f;
    v->rhw = 1.0f;
    v->color = color;
    v->tu = u;
    v->tv = tv;
}

static void test_draw(void)
{
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    IDirect3DMaterial2 *background;
    D3DMATERIALHANDLE handle;
    D3DTLVERTEX tri[3];
    D3DLVERTEX quad[4];
    D3DMATERIAL mat;
    struct d3d2_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;

    /* The background material fills the viewport on Clear. */
    hr = IDirect3D2_CreateMaterial(t.d3d, &background, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = 1.0f;
    hr = IDirect3DMaterial2_SetMaterial(background, &mat);
    ok(hr == D3D_OK, "SetMaterial: hr %#lx.\n", hr);
    hr = IDirect3DMaterial2_GetHandle(background, t.device, &handle);
    ok(hr == D3D_OK && handle, "GetHandle: hr %#lx, handle %#lx.\n", hr, handle);
    hr = IDirect3DViewport2_SetBackground(t.viewport, handle);
    ok(hr == D3D_OK, "SetBackground: hr %#lx.\n", hr);
    hr = IDirect3DViewport2_Clear(t.viewport, 1, &rect, D3DCLEAR_TARGET);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    check_pixel(&t, 32, 32, 0xff0000);

    /* A D3DTLVERTEX triangle through Begin/Vertex/End: the upper left half. */
    set_tl(&tri[0], 0.0f, 0.0f, 0xff00ff00, 0.0f, 0.0f);
    set_tl(&tri[1], 64.0f, 0.0f, 0xff00ff00, 0.0f, 0.0f);
    set_tl(&tri[2], 0.0f, 64.0f, 0xff00ff00, 0.0f, 0.0f);
    hr = IDirect3DDevice2_BeginScene(t.device);
    ok(hr == D3D_OK, "BeginScene: hr %#lx.\n", hr);
    hr = IDirect3DDevice2_Begin(t.device, D3DPT_TRIANGLELIST, D3DVT_TLVERTEX, 0);
    ok(hr == D3D_OK, "Begin: hr %#lx.\n", hr);
    for (i = 0; i < 3; ++i)
    {
        hr = IDirect3DDevice2_Vertex(t.device, &tri[i]);
        ok(hr == D3D_OK, "Vertex: hr %#lx.\n", hr);
    }
    hr = IDirect3DDevice2_End(t.device, 0);
    ok(hr == D3D_OK, "End: hr %#lx.\n", hr);
    hr = IDirect3DDevice2_EndScene(t.device);
    ok(hr == D3D_OK, "EndScene: hr %#lx.\n", hr);
    check_pixel(&t, 8, 8, 0x00ff00);
    check_pixel(&t, 56, 56, 0xff0000);

    /* A D3DLVERTEX quad over the clip volume, coloured by its vertices. */
    for (i = 0; i < 4; ++i)
    {
        memset(&quad[i], 0, sizeof(quad[i]));
        quad[i].x = i & 1 ? 1.0f : -1.0f;
        quad[i].y = i & 2 ? -1.0f : 1.0f;
        quad[i].z = 0.5f;
        quad[i].color = 0xff0000ff;
    }
    hr = IDirect3DViewport2_Clear(t.viewport, 1, &rect, D3DCLEAR_TARGET);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    IDirect3DDevice2_BeginScene(t.device);
    hr = IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DVT_LVERTEX, quad, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitive (D3DVT_LVERTEX): hr %#lx.\n", hr);
    hr = IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, 0, quad, 4, 0);
    ok(hr == DDERR_INVALIDPARAMS, "DrawPrimitive with vertex type 0: hr %#lx.\n", hr);
    IDirect3DDevice2_EndScene(t.device);
    check_pixel(&t, 32, 32, 0x0000ff);
    check_pixel(&t, 2, 61, 0x0000ff);

    IDirect3DMaterial2_Release(background);
done:
    teardown(&t);
}

static void test_texture_handles(void)
{
    IDirectDrawSurface *surface[2] = {NULL, NULL};
    IDirect3DTexture2 *tex[2] = {NULL, NULL};
    D3DTEXTUREHANDLE handle[2], h;
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    D3DTLVERTEX quad[4];
    struct d3d2_test t;
    DWORD value;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;

    for (i = 0; i < 2; ++i)
    {
        if (!(surface[i] = create_surface1(t.ddraw, DDSCAPS_TEXTURE, 8, 8))) goto done;
        fill1(surface[i], i ? 0x00ffffff : 0x0000ff00);
        hr = IDirectDrawSurface_QueryInterface(surface[i], &IID_IDirect3DTexture2, (void **)&tex[i]);
        ok(hr == D3D_OK, "QueryInterface(IID_IDirect3DTexture2): hr %#lx.\n", hr);
        if (FAILED(hr)) goto done;
        hr = IDirect3DTexture2_GetHandle(tex[i], t.device, &handle[i]);
        ok(hr == D3D_OK && handle[i], "GetHandle: hr %#lx, handle %#lx.\n", hr, handle[i]);
    }
    ok(handle[0] != handle[1], "Both textures have handle %#lx.\n", handle[0]);
    hr = IDirect3DTexture2_GetHandle(tex[0], t.device, &h);
    ok(hr == D3D_OK && h == handle[0], "GetHandle again: hr %#lx, handle %#lx.\n", hr, h);

    set_tl(&quad[0], 0.0f, 0.0f, 0xffff0000, 0.0f, 0.0f);
    set_tl(&quad[1], 64.0f, 0.0f, 0xffff0000, 1.0f, 0.0f);
    set_tl(&quad[2], 0.0f, 64.0f, 0xffff0000, 0.0f, 1.0f);
    set_tl(&quad[3], 64.0f, 64.0f, 0xffff0000, 1.0f, 1.0f);

    /* MODULATE (the default): the white texture times the red vertices. */
    hr = IDirect3DDevice2_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAPBLEND, &value);
    ok(hr == D3D_OK && value == D3DTBLEND_MODULATE, "TEXTUREMAPBLEND: hr %#lx, %lu.\n", hr, value);
    hr = IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, handle[1]);
    ok(hr == D3D_OK, "SetRenderState(TEXTUREHANDLE): hr %#lx.\n", hr);
    hr = IDirect3DDevice2_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, &value);
    ok(hr == D3D_OK && value == handle[1], "GetRenderState(TEXTUREHANDLE): hr %#lx, %#lx.\n", hr, value);
    IDirect3DDevice2_BeginScene(t.device);
    hr = IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DVT_TLVERTEX, quad, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
    IDirect3DDevice2_EndScene(t.device);
    check_pixel(&t, 32, 32, 0xff0000);

    /* COPY: the texture alone; then the green one through its handle. */
    hr = IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAPBLEND, D3DTBLEND_COPY);
    ok(hr == D3D_OK, "SetRenderState(TEXTUREMAPBLEND): hr %#lx.\n", hr);
    IDirect3DDevice2_BeginScene(t.device);
    IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DVT_TLVERTEX, quad, 4, 0);
    IDirect3DDevice2_EndScene(t.device);
    check_pixel(&t, 32, 32, 0xffffff);
    hr = IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, handle[0]);
    ok(hr == D3D_OK, "SetRenderState(TEXTUREHANDLE): hr %#lx.\n", hr);
    IDirect3DDevice2_BeginScene(t.device);
    IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DVT_TLVERTEX, quad, 4, 0);
    IDirect3DDevice2_EndScene(t.device);
    check_pixel(&t, 32, 32, 0x00ff00);

    /* SwapTextureHandles: the handle now names the other texture. */
    hr = IDirect3DDevice2_SwapTextureHandles(t.device, tex[0], tex[1]);
    ok(hr == D3D_OK, "SwapTextureHandles: hr %#lx.\n", hr);
    hr = IDirect3DTexture2_GetHandle(tex[0], t.device, &h);
    ok(hr == D3D_OK && h == handle[1], "Handle after the swap: hr %#lx, %#lx.\n", hr, h);
    hr = IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, handle[0]);
    ok(hr == D3D_OK, "SetRenderState(TEXTUREHANDLE): hr %#lx.\n", hr);
    IDirect3DViewport2_Clear(t.viewport, 1, &rect, D3DCLEAR_TARGET);
    IDirect3DDevice2_BeginScene(t.device);
    IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DVT_TLVERTEX, quad, 4, 0);
    IDirect3DDevice2_EndScene(t.device);
    check_pixel(&t, 32, 32, 0xffffff);

    hr = IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, 0);
    ok(hr == D3D_OK, "SetRenderState(TEXTUREHANDLE, 0): hr %#lx.\n", hr);
done:
    for (i = 0; i < 2; ++i)
    {
        if (tex[i]) IDirect3DTexture2_Release(tex[i]);
        if (surface[i]) IDirectDrawSurface_Release(surface[i]);
    }
    teardown(&t);
}

/* The source colour key of a texture with alpha compares the alpha too:
 * a texel of the key's colour but another alpha is drawn (Wine's ddraw1.c
 * test_ck_rgba; only ATI's r200 ignored the alpha).  Without alpha in the
 * format, the key's alpha bits do not matter. */
static void test_color_key_alpha(void)
{
    static const struct
    {
        DWORD alpha_mask, key, fill, expect;
    }
    tests[] =
    {
        {0xff000000, 0xff00ff00, 0xff00ff00, 0xff0000},   /* keyed out: the background */
        {0xff000000, 0xff00ff00, 0x7f00ff00, 0x00ff00},   /* another alpha: drawn */
        {0x00000000, 0x0000ff00, 0xff00ff00, 0xff0000},   /* no alpha in the format: keyed out */
    };
    D3DRECT rect = {{0}, {0}, {W}, {H}};
    IDirect3DMaterial2 *background = NULL;
    IDirectDrawSurface *surface;
    D3DTEXTUREHANDLE handle;
    D3DMATERIALHANDLE mh;
    IDirect3DTexture2 *tex;
    DDSURFACEDESC desc;
    D3DTLVERTEX quad[4];
    D3DMATERIAL mat;
    struct d3d2_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;
    hr = IDirect3D2_CreateMaterial(t.d3d, &background, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = 1.0f;
    IDirect3DMaterial2_SetMaterial(background, &mat);
    IDirect3DMaterial2_GetHandle(background, t.device, &mh);
    IDirect3DViewport2_SetBackground(t.viewport, mh);

    set_tl(&quad[0], 0.0f, 0.0f, 0xffffffff, 0.0f, 0.0f);
    set_tl(&quad[1], 64.0f, 0.0f, 0xffffffff, 1.0f, 0.0f);
    set_tl(&quad[2], 0.0f, 64.0f, 0xffffffff, 0.0f, 1.0f);
    set_tl(&quad[3], 64.0f, 64.0f, 0xffffffff, 1.0f, 1.0f);
    IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAPBLEND, D3DTBLEND_COPY);
    hr = IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_COLORKEYENABLE, TRUE);
    ok(hr == D3D_OK, "SetRenderState(COLORKEYENABLE): hr %#lx.\n", hr);

    for (i = 0; i < sizeof(tests) / sizeof(tests[0]); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_CKSRCBLT;
        desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
        desc.dwWidth = 8;
        desc.dwHeight = 8;
        desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
        desc.ddpfPixelFormat.dwFlags = DDPF_RGB | (tests[i].alpha_mask ? DDPF_ALPHAPIXELS : 0);
        desc.ddpfPixelFormat.dwRGBBitCount = 32;
        desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
        desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
        desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
        desc.ddpfPixelFormat.dwRGBAlphaBitMask = tests[i].alpha_mask;
        desc.ddckCKSrcBlt.dwColorSpaceLowValue = tests[i].key;
        desc.ddckCKSrcBlt.dwColorSpaceHighValue = tests[i].key;
        hr = IDirectDraw_CreateSurface(t.ddraw, &desc, &surface, NULL);
        ok(hr == DD_OK, "Test %u: CreateSurface: hr %#lx.\n", i, hr);
        if (FAILED(hr)) continue;
        fill1(surface, tests[i].fill);
        hr = IDirectDrawSurface_QueryInterface(surface, &IID_IDirect3DTexture2, (void **)&tex);
        ok(hr == D3D_OK, "Test %u: QueryInterface(IID_IDirect3DTexture2): hr %#lx.\n", i, hr);
        if (SUCCEEDED(hr))
        {
            hr = IDirect3DTexture2_GetHandle(tex, t.device, &handle);
            ok(hr == D3D_OK, "Test %u: GetHandle: hr %#lx.\n", i, hr);
            IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, handle);
            IDirect3DViewport2_Clear(t.viewport, 1, &rect, D3DCLEAR_TARGET);
            IDirect3DDevice2_BeginScene(t.device);
            hr = IDirect3DDevice2_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DVT_TLVERTEX, quad, 4, 0);
            ok(hr == D3D_OK, "Test %u: DrawPrimitive: hr %#lx.\n", i, hr);
            IDirect3DDevice2_EndScene(t.device);
            check_pixel(&t, 32, 32, tests[i].expect);
            IDirect3DDevice2_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, 0);
            IDirect3DTexture2_Release(tex);
        }
        IDirectDrawSurface_Release(surface);
    }
done:
    if (background) IDirect3DMaterial2_Release(background);
    teardown(&t);
}

/* SetRenderTarget with a z-buffer: DDERR_INVALIDPIXELFORMAT, and the
 * z-buffer is what GetRenderTarget answers, without a reference of the
 * program's interface taken on it (Wine's ddraw2.c test_rt_caps). */
static void test_render_target_zbuffer(void)
{
    IDirectDrawSurface *zbuffer = NULL, *got;
    struct d3d2_test t;
    DDSURFACEDESC desc;
    ULONG refcount;
    HRESULT hr;

    if (!setup(&t)) goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_ZBUFFERBITDEPTH;
    desc.ddsCaps.dwCaps = DDSCAPS_3DDEVICE | DDSCAPS_ZBUFFER;
    desc.dwWidth = W;
    desc.dwHeight = H;
    desc.dwZBufferBitDepth = 16;
    hr = IDirectDraw_CreateSurface(t.ddraw, &desc, &zbuffer, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;

    hr = IDirect3DDevice2_SetRenderTarget(t.device, zbuffer, 0);
    ok(hr == DDERR_INVALIDPIXELFORMAT, "SetRenderTarget: hr %#lx.\n", hr);
    refcount = IDirectDrawSurface_AddRef(zbuffer);
    ok(refcount == 2, "Refcount %lu.\n", refcount);
    IDirectDrawSurface_Release(zbuffer);
    hr = IDirect3DDevice2_GetRenderTarget(t.device, &got);
    ok(hr == D3D_OK && got == zbuffer, "GetRenderTarget: hr %#lx, %p.\n", hr, got);
    if (SUCCEEDED(hr)) IDirectDrawSurface_Release(got);

    /* The device keeps it alive itself; the old target is set back. */
    IDirectDrawSurface_Release(zbuffer);
    zbuffer = NULL;
    hr = IDirect3DDevice2_SetRenderTarget(t.device, t.rt, 0);
    ok(hr == D3D_OK, "SetRenderTarget back: hr %#lx.\n", hr);
done:
    if (zbuffer) IDirectDrawSurface_Release(zbuffer);
    teardown(&t);
}

START_TEST(d3d2_device)
{
    test_draw();
    test_texture_handles();
    test_color_key_alpha();
    test_render_target_zbuffer();
}

/*
 * IDirect3D7 and IDirect3DDevice7: each method, its flags and its errors.
 *
 * Where Wine's builtin ddraw (the reference run) answers differently from
 * what Direct3D 7 documents, the test accepts its answer with broken().
 */
#include <limits.h>
#include "d3d7_test.h"

struct enum_ctx
{
    unsigned int count, rgb, hal, tnl;
    char *desc[8], *name[8];
    HRESULT ret;
};

static HRESULT CALLBACK enum_devices_cb(char *desc, char *name, D3DDEVICEDESC7 *caps, void *context)
{
    struct enum_ctx *ctx = context;

    if (ctx->count < 8)
    {
        ctx->desc[ctx->count] = desc;
        ctx->name[ctx->count] = name;
    }
    if (IsEqualGUID(&caps->deviceGUID, &IID_IDirect3DRGBDevice)) ++ctx->rgb;
    else if (IsEqualGUID(&caps->deviceGUID, &IID_IDirect3DHALDevice)) ++ctx->hal;
    else if (IsEqualGUID(&caps->deviceGUID, &IID_IDirect3DTnLHalDevice))
    {
        ++ctx->tnl;
        ok(caps->dwDevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT, "T&L HAL without HWTRANSFORMANDLIGHT.\n");
    }
    ok(caps->wMaxTextureBlendStages >= 2, "Got %u blend stages.\n", caps->wMaxTextureBlendStages);
    ok(caps->wMaxSimultaneousTextures >= 2, "Got %u simultaneous textures.\n", caps->wMaxSimultaneousTextures);
    ok(caps->dwMaxTextureWidth >= 256, "Got max texture width %lu.\n", caps->dwMaxTextureWidth);
    ok(caps->dpcTriCaps.dwZCmpCaps & D3DPCMPCAPS_LESSEQUAL, "No LESSEQUAL z compare.\n");
    ok(caps->dpcTriCaps.dwSrcBlendCaps & D3DPBLENDCAPS_SRCALPHA, "No SRCALPHA blend.\n");
    ++ctx->count;
    return ctx->ret;
}

static void test_enum_devices(void)
{
    struct d3d7_test t;
    struct enum_ctx ctx, ctx2;
    HRESULT hr;

    if (!create_ddraw(&t)) return;

    /* IDirect3D7 counts with IDirectDraw7. */
    {
        ULONG ref = get_refcount((IUnknown *)t.ddraw);
        IDirect3D7 *d3d2;
        IDirectDraw7 *dd;

        ok(get_refcount((IUnknown *)t.d3d) == ref, "IDirect3D7 count %lu, IDirectDraw7 count %lu.\n",
                get_refcount((IUnknown *)t.d3d), ref);
        hr = IDirectDraw7_QueryInterface(t.ddraw, &IID_IDirect3D7, (void **)&d3d2);
        ok(hr == DD_OK && d3d2 == t.d3d, "Got hr %#lx, %p, expected %p.\n", hr, d3d2, t.d3d);
        ok(get_refcount((IUnknown *)t.ddraw) == ref + 1, "Count %lu, expected %lu.\n",
                get_refcount((IUnknown *)t.ddraw), ref + 1);
        if (SUCCEEDED(hr)) IDirect3D7_Release(d3d2);
        hr = IDirect3D7_QueryInterface(t.d3d, &IID_IDirectDraw7, (void **)&dd);
        ok(hr == DD_OK && dd == t.ddraw, "Got hr %#lx.\n", hr);
        if (SUCCEEDED(hr)) IDirectDraw7_Release(dd);
    }

    hr = IDirect3D7_EnumDevices(t.d3d, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    memset(&ctx, 0, sizeof(ctx));
    ctx.ret = DDENUMRET_OK;
    hr = IDirect3D7_EnumDevices(t.d3d, enum_devices_cb, &ctx);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(ctx.rgb == 1, "Got %u RGB devices.\n", ctx.rgb);
    ok(ctx.hal == 1, "Got %u HAL devices.\n", ctx.hal);
    ok(ctx.tnl <= 1, "Got %u T&L HAL devices.\n", ctx.tnl);
    ok(ctx.tnl < ctx.count, "Only the T&L HAL device was enumerated.\n");

    /* Strings stay valid and identical across enumerations. */
    memset(&ctx2, 0, sizeof(ctx2));
    ctx2.ret = DDENUMRET_OK;
    hr = IDirect3D7_EnumDevices(t.d3d, enum_devices_cb, &ctx2);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(ctx2.count == ctx.count, "Got %u and %u devices.\n", ctx.count, ctx2.count);
    if (ctx.count == ctx2.count && ctx.count)
    {
        ok(ctx.desc[0] == ctx2.desc[0], "Description pointers differ.\n");
        ok(ctx.name[0] == ctx2.name[0], "Name pointers differ.\n");
    }

    /* Any answer but DDENUMRET_OK stops. */
    memset(&ctx, 0, sizeof(ctx));
    ctx.ret = DDENUMRET_CANCEL;
    hr = IDirect3D7_EnumDevices(t.d3d, enum_devices_cb, &ctx);
    ok(hr == D3D_OK && ctx.count == 1, "Got hr %#lx, count %u.\n", hr, ctx.count);
    memset(&ctx, 0, sizeof(ctx));
    ctx.ret = E_INVALIDARG;
    hr = IDirect3D7_EnumDevices(t.d3d, enum_devices_cb, &ctx);
    ok(hr == D3D_OK && ctx.count == 1, "Got hr %#lx, count %u.\n", hr, ctx.count);

    destroy_device(&t);
}

static HRESULT CALLBACK enum_z_cb(DDPIXELFORMAT *pf, void *context)
{
    unsigned int *count = context;

    ok(pf->dwFlags & DDPF_ZBUFFER, "Format flags %#lx.\n", pf->dwFlags);
    ok(pf->dwZBufferBitDepth == 16 || pf->dwZBufferBitDepth == 24 || pf->dwZBufferBitDepth == 32,
            "Got depth %lu.\n", pf->dwZBufferBitDepth);
    ok(pf->dwZBitMask, "No z mask.\n");
    ++*count;
    return DDENUMRET_OK;
}

static void test_enum_zbuffer_formats(void)
{
    struct d3d7_test t;
    unsigned int count = 0;
    HRESULT hr;

    if (!create_ddraw(&t)) return;
    hr = IDirect3D7_EnumZBufferFormats(t.d3d, &IID_IDirect3DHALDevice, NULL, &count);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3D7_EnumZBufferFormats(t.d3d, &IID_IDirect3DHALDevice, enum_z_cb, &count);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(count >= 2, "Got %u z formats.\n", count);
    hr = IDirect3D7_EvictManagedTextures(t.d3d);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    destroy_device(&t);
}

static void test_create_device(void)
{
    IDirectDrawSurface7 *plain, *zbuf, *sysmem;
    IDirect3DDevice7 *device = (void *)0xdeadbeef;
    IDirect3D7 *d3d2;
    DDSURFACEDESC2 desc;
    struct d3d7_test t;
    ULONG ref;
    HRESULT hr;

    if (!create_ddraw(&t)) return;

    /* A surface without DDSCAPS_3DDEVICE cannot be a target. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 32;
    hr = IDirectDraw7_CreateSurface(t.ddraw, &desc, &plain, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, plain, &device);
    ok(hr == DDERR_INVALIDCAPS, "Got hr %#lx.\n", hr);
    ok(!device, "Got device %p.\n", device);
    IDirectDrawSurface7_Release(plain);

    zbuf = create_zbuffer(t.ddraw, 32, 32, FALSE);
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, zbuf, &device);
    ok(hr == DDERR_INVALIDCAPS, "Got hr %#lx.\n", hr);
    IDirectDrawSurface7_Release(zbuf);

    /* A hardware device needs a video memory target. */
    sysmem = create_rt(t.ddraw, 32, 32, DDSCAPS_SYSTEMMEMORY);
    if (sysmem)
    {
        device = NULL;
        hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, sysmem, &device);
        ok(hr == D3DERR_SURFACENOTINVIDMEM, "Got hr %#lx.\n", hr);
        if (device) IDirect3DDevice7_Release(device);
        IDirectDrawSurface7_Release(sysmem);
    }

    t.rt = create_rt(t.ddraw, 64, 64, DDSCAPS_VIDEOMEMORY);
    /* Wine's builtin ddraw writes through the NULL pointer. */
    if (winetest_is_ours())
    {
        hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, t.rt, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, NULL, &device);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    device = NULL;
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirectDraw7, t.rt, &device);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx for a bogus device GUID.\n", hr);
    if (device) IDirect3DDevice7_Release(device);

    ref = get_refcount((IUnknown *)t.rt);
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, t.rt, &t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    ok(get_refcount((IUnknown *)t.rt) == ref + 1, "Target refcount %lu, expected %lu.\n",
            get_refcount((IUnknown *)t.rt), ref + 1);

    hr = IDirect3DDevice7_GetDirect3D(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetDirect3D(t.device, &d3d2);
    ok(hr == D3D_OK && d3d2 == t.d3d, "Got hr %#lx, d3d %p, expected %p.\n", hr, d3d2, t.d3d);
    if (SUCCEEDED(hr)) IDirect3D7_Release(d3d2);

    hr = IDirect3DDevice7_QueryInterface(t.device, &IID_IDirect3DDevice7, (void **)&device);
    ok(hr == D3D_OK && device == t.device, "Got hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirect3DDevice7_Release(device);

done:
    destroy_device(&t);
}

static void test_caps(void)
{
    D3DDEVICEDESC7 desc;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_GetCaps(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    hr = IDirect3DDevice7_GetCaps(t.device, &desc);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(desc.dwDevCaps & D3DDEVCAPS_HWRASTERIZATION, "No hardware rasterization.\n");
    ok(desc.dwStencilCaps & D3DSTENCILCAPS_KEEP, "No stencil caps.\n");
    ok(desc.wMaxUserClipPlanes >= 1, "No user clip planes.\n");
    ok(desc.dwMaxActiveLights >= 8, "Got %lu active lights.\n", desc.dwMaxActiveLights);
done:
    destroy_device(&t);
}

static void test_scene(void)
{
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_EndScene(t.device);
    ok(hr == D3DERR_SCENE_NOT_IN_SCENE, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginScene(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginScene(t.device);
    ok(hr == D3DERR_SCENE_IN_SCENE, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndScene(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndScene(t.device);
    ok(hr == D3DERR_SCENE_NOT_IN_SCENE, "Got hr %#lx.\n", hr);

    /* A hardware device does not end a scene while recording. */
    hr = IDirect3DDevice7_BeginScene(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginStateBlock(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndScene(t.device);
    ok(hr == D3DERR_SCENE_END_FAILED || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    {
        DWORD sb;

        hr = IDirect3DDevice7_EndStateBlock(t.device, &sb);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_DeleteStateBlock(t.device, sb);
    }
    IDirect3DDevice7_EndScene(t.device);
done:
    destroy_device(&t);
}

static void test_render_states(void)
{
    struct d3d7_test t;
    DWORD value;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;

    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ZENABLE, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    /* Defaults. */
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ZENABLE, &value);
    ok(hr == D3D_OK && value == D3DZB_TRUE, "ZENABLE: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_LIGHTING, &value);
    ok(hr == D3D_OK && value == TRUE, "LIGHTING: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_CULLMODE, &value);
    ok(hr == D3D_OK && value == D3DCULL_CCW, "CULLMODE: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ZFUNC, &value);
    ok(hr == D3D_OK && value == D3DCMP_LESSEQUAL, "ZFUNC: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_SRCBLEND, &value);
    ok(hr == D3D_OK && value == D3DBLEND_ONE, "SRCBLEND: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_DESTBLEND, &value);
    ok(hr == D3D_OK && value == D3DBLEND_ZERO, "DESTBLEND: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_SHADEMODE, &value);
    ok(hr == D3D_OK && value == D3DSHADE_GOURAUD, "SHADEMODE: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_FILLMODE, &value);
    ok(hr == D3D_OK && value == D3DFILL_SOLID, "FILLMODE: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ZWRITEENABLE, &value);
    ok(hr == D3D_OK && value == TRUE, "ZWRITEENABLE: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_CLIPPING, &value);
    ok(hr == D3D_OK && value == TRUE, "CLIPPING: hr %#lx, value %#lx.\n", hr, value);

    /* Round trips. */
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x42);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(hr == D3D_OK && value == 0x42, "ALPHAREF: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGCOLOR, 0x00123456);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_FOGCOLOR, &value);
    ok(hr == D3D_OK && value == 0x00123456, "FOGCOLOR: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CLIPPLANEENABLE, 0x3);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_CLIPPLANEENABLE, &value);
    ok(hr == D3D_OK && value == 0x3, "CLIPPLANEENABLE: hr %#lx, value %#lx.\n", hr, value);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CLIPPLANEENABLE, 0);

    /* Texture handles and TEXTUREMAPBLEND belong to older interfaces. */
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, 0);
    ok(hr == DDERR_INVALIDPARAMS, "TEXTUREHANDLE: got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREHANDLE, &value);
    ok(hr == DDERR_INVALIDPARAMS, "TEXTUREHANDLE: got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAPBLEND, D3DTBLEND_MODULATE);
    ok(hr == DDERR_INVALIDPARAMS, "TEXTUREMAPBLEND: got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAPBLEND, &value);
    ok(hr == DDERR_INVALIDPARAMS, "TEXTUREMAPBLEND: got hr %#lx.\n", hr);

    /* The retired texture render states answer through stage 0. */
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREMAG, D3DFILTER_LINEAR);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_MAGFILTER, &value);
    ok(hr == D3D_OK && value == D3DTFG_LINEAR, "MAGFILTER: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREMIN, D3DFILTER_LINEARMIPLINEAR);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_MINFILTER, &value);
    ok(hr == D3D_OK && value == D3DTFN_LINEAR, "MINFILTER: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_MIPFILTER, &value);
    ok(hr == D3D_OK && value == D3DTFP_LINEAR, "MIPFILTER: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREMIN, &value);
    ok(hr == D3D_OK && value == D3DFILTER_LINEARMIPLINEAR, "TEXTUREMIN: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREADDRESS, D3DTADDRESS_CLAMP);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_ADDRESSV, &value);
    ok(hr == D3D_OK && value == D3DTADDRESS_CLAMP, "ADDRESSV: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_TEXTUREADDRESSU, &value);
    ok(hr == D3D_OK && value == D3DTADDRESS_CLAMP, "TEXTUREADDRESSU: hr %#lx, value %#lx.\n", hr, value);

done:
    destroy_device(&t);
}

static void test_transforms(void)
{
    static D3DMATRIX ident = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    static D3DMATRIX m1 = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1};
    D3DMATRIX m;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_GetTransform(t.device, D3DTRANSFORMSTATE_WORLD, &m);
    ok(hr == D3D_OK && !memcmp(&m, &ident, sizeof(m)), "World is not the identity, hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_WORLD, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTransform(t.device, D3DTRANSFORMSTATE_WORLD, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_VIEW, &m1);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTransform(t.device, D3DTRANSFORMSTATE_VIEW, &m);
    ok(hr == D3D_OK && !memcmp(&m, &m1, sizeof(m)), "View differs, hr %#lx.\n", hr);
    /* MultiplyTransform: new = matrix * old. */
    hr = IDirect3DDevice7_MultiplyTransform(t.device, D3DTRANSFORMSTATE_VIEW, &m1);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTransform(t.device, D3DTRANSFORMSTATE_VIEW, &m);
    ok(hr == D3D_OK && m._11 == 4.0f && m._22 == 9.0f && m._33 == 16.0f
            && m._41 == 3.0f && m._42 == 8.0f && m._43 == 15.0f,
            "Got %f %f %f %f %f %f.\n", m._11, m._22, m._33, m._41, m._42, m._43);
    hr = IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_TEXTURE3, &m1);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTransform(t.device, D3DTRANSFORMSTATE_TEXTURE3, &m);
    ok(hr == D3D_OK && !memcmp(&m, &m1, sizeof(m)), "Texture 3 differs, hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin ddraw reads through NULL. */
    {
        hr = IDirect3DDevice7_MultiplyTransform(t.device, D3DTRANSFORMSTATE_WORLD, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
done:
    destroy_device(&t);
}

static void test_viewport(void)
{
    D3DVIEWPORT7 vp;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 48, TEST_DEPTH)) goto done;
    memset(&vp, 0xcc, sizeof(vp));
    hr = IDirect3DDevice7_GetViewport(t.device, &vp);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(vp.dwX == 0 && vp.dwY == 0 && vp.dwWidth == 64 && vp.dwHeight == 48, "Got %lu,%lu %lux%lu.\n",
            vp.dwX, vp.dwY, vp.dwWidth, vp.dwHeight);
    ok(vp.dvMinZ == 0.0f && vp.dvMaxZ == 1.0f, "Got z %f..%f.\n", vp.dvMinZ, vp.dvMaxZ);
    hr = IDirect3DDevice7_SetViewport(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetViewport(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    vp.dwX = 10; vp.dwY = 5; vp.dwWidth = 20; vp.dwHeight = 30; vp.dvMinZ = 0.25f; vp.dvMaxZ = 0.75f;
    hr = IDirect3DDevice7_SetViewport(t.device, &vp);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(&vp, 0, sizeof(vp));
    IDirect3DDevice7_GetViewport(t.device, &vp);
    ok(vp.dwX == 10 && vp.dwY == 5 && vp.dwWidth == 20 && vp.dwHeight == 30 && vp.dvMaxZ == 0.75f,
            "Got %lu,%lu %lux%lu.\n", vp.dwX, vp.dwY, vp.dwWidth, vp.dwHeight);

    /* A viewport outside the target is refused and changes nothing. */
    vp.dwX = 40; vp.dwWidth = 30;
    hr = IDirect3DDevice7_SetViewport(t.device, &vp);
    ok(hr == E_INVALIDARG, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_GetViewport(t.device, &vp);
    ok(vp.dwX == 10 && vp.dwWidth == 20, "Viewport changed to %lu %lu.\n", vp.dwX, vp.dwWidth);
done:
    destroy_device(&t);
}

static void test_material(void)
{
    D3DMATERIAL7 m, m2;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_SetMaterial(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    memset(&m, 0, sizeof(m));
    m.diffuse.r = 0.5f;
    m.power = 129.0f;
    hr = IDirect3DDevice7_SetMaterial(t.device, &m);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(&m2, 0xcc, sizeof(m2));
    hr = IDirect3DDevice7_GetMaterial(t.device, &m2);
    ok(hr == D3D_OK && !memcmp(&m, &m2, sizeof(m)), "Material differs, hr %#lx.\n", hr);
    m.power = -1.0f;
    hr = IDirect3DDevice7_SetMaterial(t.device, &m);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
done:
    destroy_device(&t);
}

static void test_lights(void)
{
    D3DLIGHT7 light, defaultlight;
    struct d3d7_test t;
    BOOL enabled;
    unsigned int i;
    HRESULT hr;
    float zero = 0.0f;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;

    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dcvDiffuse.r = 0.5f;
    light.dvDirection.y = 1.0f;
    /* Any index, growing as needed. */
    hr = IDirect3DDevice7_SetLight(t.device, 5, &light);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetLight(t.device, 1000, &light);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetLight(t.device, 1000, &light);
    ok(hr == D3D_OK && light.dcvDiffuse.r == 0.5f, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetLight(t.device, 2, &light);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin ddraw writes through NULL. */
    {
        hr = IDirect3DDevice7_GetLight(t.device, 5, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    hr = IDirect3DDevice7_SetLight(t.device, 6, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    /* Enabling a light never set gives it the default light. */
    memset(&defaultlight, 0, sizeof(defaultlight));
    defaultlight.dltType = D3DLIGHT_DIRECTIONAL;
    defaultlight.dcvDiffuse.r = defaultlight.dcvDiffuse.g = defaultlight.dcvDiffuse.b = 1.0f;
    defaultlight.dvDirection.z = 1.0f;
    hr = IDirect3DDevice7_LightEnable(t.device, 20, TRUE);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(&light, 0xcc, sizeof(light));
    hr = IDirect3DDevice7_GetLight(t.device, 20, &light);
    ok(hr == D3D_OK && !memcmp(&light, &defaultlight, sizeof(light)), "Not the default light, hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetLightEnable(t.device, 20, &enabled);
    ok(hr == D3D_OK && enabled, "Got hr %#lx, enabled %d.\n", hr, enabled);
    hr = IDirect3DDevice7_LightEnable(t.device, 20, FALSE);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetLightEnable(t.device, 20, &enabled);
    ok(hr == D3D_OK && !enabled, "Got hr %#lx, enabled %d.\n", hr, enabled);
    hr = IDirect3DDevice7_GetLightEnable(t.device, 23, &enabled);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetLightEnable(t.device, 5, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    /* Invalid lights. */
    memset(&light, 0, sizeof(light));
    light.dltType = 0;
    hr = IDirect3DDevice7_SetLight(t.device, 100, &light);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    light.dltType = 12345;
    hr = IDirect3DDevice7_SetLight(t.device, 101, &light);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    light.dltType = D3DLIGHT_SPOT;
    light.dvAttenuation0 = -1.0f;
    hr = IDirect3DDevice7_SetLight(t.device, 103, &light);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetLight(t.device, 103, &light);
    ok(hr == DDERR_INVALIDPARAMS, "A refused light was stored, hr %#lx.\n", hr);
    light.dvAttenuation0 = 1.0f / zero;
    hr = IDirect3DDevice7_SetLight(t.device, 103, &light);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dvAttenuation0 = -1.0f;
    hr = IDirect3DDevice7_SetLight(t.device, 103, &light);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

    /* More lights than dwMaxActiveLights may be enabled. */
    for (i = 1; i <= 10; ++i)
    {
        hr = IDirect3DDevice7_LightEnable(t.device, 200 + i, TRUE);
        ok(hr == D3D_OK, "Enabling light %u: hr %#lx.\n", i, hr);
        hr = IDirect3DDevice7_GetLightEnable(t.device, 200 + i, &enabled);
        ok(hr == D3D_OK && enabled, "Light %u: hr %#lx, enabled %d.\n", i, hr, enabled);
    }
    for (i = 1; i <= 10; ++i)
        IDirect3DDevice7_LightEnable(t.device, 200 + i, FALSE);
done:
    destroy_device(&t);
}

static IDirectDrawSurface7 *create_texture(IDirectDraw7 *ddraw, DWORD w, DWORD h)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_ALPHAPIXELS;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    desc.ddpfPixelFormat.dwRGBAlphaBitMask = 0xff000000;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Create texture: hr %#lx.\n", hr);
    return surface;
}

static void test_textures(void)
{
    IDirectDrawSurface7 *tex, *got;
    struct d3d7_test t;
    ULONG ref;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    tex = create_texture(t.ddraw, 16, 16);
    if (!tex) goto done;

    hr = IDirect3DDevice7_GetTexture(t.device, 0, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    got = (void *)0xdeadbeef;
    hr = IDirect3DDevice7_GetTexture(t.device, 0, &got);
    ok(hr == D3D_OK && !got, "Got hr %#lx, texture %p.\n", hr, got);

    ref = get_refcount((IUnknown *)tex);
    hr = IDirect3DDevice7_SetTexture(t.device, 0, tex);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    /* The device holds a reference to a bound texture. */
    ok(get_refcount((IUnknown *)tex) == ref + 1 || broken(get_refcount((IUnknown *)tex) == ref),
            "Refcount %lu, was %lu.\n", get_refcount((IUnknown *)tex), ref);
    hr = IDirect3DDevice7_GetTexture(t.device, 0, &got);
    ok(hr == D3D_OK && got == tex, "Got hr %#lx, texture %p.\n", hr, got);
    if (got) IDirectDrawSurface7_Release(got);
    hr = IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(get_refcount((IUnknown *)tex) == ref, "Refcount %lu, expected %lu.\n", get_refcount((IUnknown *)tex), ref);

    hr = IDirect3DDevice7_SetTexture(t.device, 8, tex);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    /* A surface without DDSCAPS_TEXTURE is taken and sampled as no
     * texture (Wine's ddraw7.c test_texture_wrong_caps). */
    hr = IDirect3DDevice7_SetTexture(t.device, 1, t.rt);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetTexture(t.device, 1, NULL);

    hr = IDirect3DDevice7_PreLoad(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_PreLoad(t.device, tex);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

    IDirectDrawSurface7_Release(tex);
done:
    destroy_device(&t);
}

static void test_texture_stage_states(void)
{
    struct d3d7_test t;
    DWORD value;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_COLOROP, &value);
    ok(hr == D3D_OK && value == D3DTOP_MODULATE, "Stage 0 COLOROP: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 1, D3DTSS_COLOROP, &value);
    ok(hr == D3D_OK && value == D3DTOP_DISABLE, "Stage 1 COLOROP: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_ALPHAOP, &value);
    ok(hr == D3D_OK && value == D3DTOP_SELECTARG1, "Stage 0 ALPHAOP: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 3, D3DTSS_TEXCOORDINDEX, &value);
    ok(hr == D3D_OK && value == 3, "Stage 3 TEXCOORDINDEX: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_COLORARG1, &value);
    ok(hr == D3D_OK && value == D3DTA_TEXTURE, "COLORARG1: hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_COLORARG2, &value);
    ok(hr == D3D_OK && value == D3DTA_CURRENT, "COLORARG2: hr %#lx, value %#lx.\n", hr, value);

    hr = IDirect3DDevice7_SetTextureStageState(t.device, 2, D3DTSS_COLOROP, D3DTOP_ADD);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 2, D3DTSS_COLOROP, &value);
    ok(hr == D3D_OK && value == D3DTOP_ADD, "Got hr %#lx, value %#lx.\n", hr, value);
    hr = IDirect3DDevice7_SetTextureStageState(t.device, 2, D3DTSS_COLOROP, D3DTOP_DISABLE);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_ADDRESS, D3DTADDRESS_MIRROR);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 1, D3DTSS_ADDRESSV, &value);
    ok(hr == D3D_OK && value == D3DTADDRESS_MIRROR, "Got hr %#lx, value %#lx.\n", hr, value);

    hr = IDirect3DDevice7_GetTextureStageState(t.device, 0, D3DTSS_COLOROP, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetTextureStageState(t.device, 8, D3DTSS_COLOROP, D3DTOP_ADD);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTextureStageState(t.device, 8, D3DTSS_COLOROP, &value);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetTextureStageState(t.device, 0, 100, 0);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
done:
    destroy_device(&t);
}

static void test_stateblocks(void)
{
    DWORD sb, sb2, value;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;

    hr = IDirect3DDevice7_EndStateBlock(t.device, &sb);
    ok(hr == D3DERR_NOTINBEGINSTATEBLOCK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_ApplyStateBlock(t.device, 0);
    ok(hr == D3DERR_INVALIDSTATEBLOCK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_CaptureStateBlock(t.device, 12345);
    ok(hr == D3DERR_INVALIDSTATEBLOCK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DeleteStateBlock(t.device, 12345);
    ok(hr == D3DERR_INVALIDSTATEBLOCK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_CreateStateBlock(t.device, D3DSBT_ALL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_CreateStateBlock(t.device, 0x1234, &sb);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    /* Record: the state set while recording goes into the block only. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x10);
    hr = IDirect3DDevice7_BeginStateBlock(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginStateBlock(t.device);
    ok(hr == D3DERR_INBEGINSTATEBLOCK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x20);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_CreateStateBlock(t.device, D3DSBT_ALL, &sb2);
    ok(hr == D3DERR_INBEGINSTATEBLOCK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndStateBlock(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    sb = 0;
    hr = IDirect3DDevice7_EndStateBlock(t.device, &sb);
    ok(hr == D3D_OK && sb, "Got hr %#lx, handle %#lx.\n", hr, sb);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(hr == D3D_OK && value == 0x10, "Recording changed the device: %#lx.\n", value);
    hr = IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(value == 0x20, "Applied block gave %#lx.\n", value);

    /* Capture takes the device's values for the states the block holds. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x30);
    hr = IDirect3DDevice7_CaptureStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x40);
    IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(value == 0x30, "Captured block gave %#lx.\n", value);
    hr = IDirect3DDevice7_DeleteStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    ok(hr == D3DERR_INVALIDSTATEBLOCK, "Got hr %#lx.\n", hr);

    /* Predefined blocks. */
    hr = IDirect3DDevice7_CreateStateBlock(t.device, D3DSBT_ALL, &sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x50);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE);
    hr = IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(value == 0x30, "ALL block gave ALPHAREF %#lx.\n", value);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_LIGHTING, &value);
    ok(value == TRUE, "ALL block gave LIGHTING %#lx.\n", value);
    IDirect3DDevice7_DeleteStateBlock(t.device, sb);

    hr = IDirect3DDevice7_CreateStateBlock(t.device, D3DSBT_PIXELSTATE, &sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x60);
    IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(value == 0x30, "PIXELSTATE block gave ALPHAREF %#lx.\n", value);
    IDirect3DDevice7_DeleteStateBlock(t.device, sb);

    hr = IDirect3DDevice7_CreateStateBlock(t.device, D3DSBT_VERTEXSTATE, &sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x70);
    IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_LIGHTING, &value);
    ok(value == TRUE, "VERTEXSTATE block gave LIGHTING %#lx.\n", value);
    IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(value == 0x70, "VERTEXSTATE block touched ALPHAREF: %#lx.\n", value);
    IDirect3DDevice7_DeleteStateBlock(t.device, sb);
done:
    destroy_device(&t);
}

static void test_clip_planes(void)
{
    float plane[4] = {1.0f, 2.0f, 3.0f, 4.0f}, got[4];
    D3DCLIPSTATUS status;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_SetClipPlane(t.device, 0, plane);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(got, 0, sizeof(got));
    hr = IDirect3DDevice7_GetClipPlane(t.device, 0, got);
    ok(hr == D3D_OK && !memcmp(got, plane, sizeof(got)), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetClipPlane(t.device, 0, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetClipPlane(t.device, 0, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetClipPlane(t.device, 32, plane);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == (HRESULT)0x8876086c), "Got hr %#lx.\n", hr);

    memset(&status, 0, sizeof(status));
    hr = IDirect3DDevice7_GetClipStatus(t.device, &status);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(status.dwFlags == D3DCLIPSTATUS_EXTENTS2, "Got flags %#lx.\n", status.dwFlags);
    ok(status.maxx == 64.0f && status.maxy == 64.0f, "Got extents %f %f.\n", status.maxx, status.maxy);
    hr = IDirect3DDevice7_SetClipStatus(t.device, &status);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetClipStatus(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
done:
    destroy_device(&t);
}

/* D3DRENDERSTATE_EXTENTS: draws grow the clip status extents by their
 * vertices' screen positions, unless D3DDP_DONOTUPDATEEXTENTS. */
static void test_draw_extents(void)
{
    struct tl_vertex tri[3] =
    {
        {10.0f, 12.0f, 0.5f, 1.0f, 0xffffffff}, {50.0f, 12.0f, 0.5f, 1.0f, 0xffffffff},
        {10.0f, 40.0f, 0.5f, 1.0f, 0xffffffff},
    };
    struct tl_vertex wide[3] =
    {
        {2.0f, 3.0f, 0.5f, 1.0f, 0xffffffff}, {60.0f, 3.0f, 0.5f, 1.0f, 0xffffffff},
        {2.0f, 61.0f, 0.5f, 1.0f, 0xffffffff},
    };
    struct { float x, y, z; DWORD diffuse; } xyz[3] =
    {
        {-0.75f, 0.75f, 0.5f, 0xffffffff}, {0.75f, 0.75f, 0.5f, 0xffffffff}, {-0.75f, -0.75f, 0.5f, 0xffffffff},
    };
    IDirect3DVertexBuffer7 *vb = NULL;
    D3DVERTEXBUFFERDESC vb_desc;
    D3DCLIPSTATUS status;
    struct d3d7_test t;
    unsigned int i;
    void *data;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    memset(&vb_desc, 0, sizeof(vb_desc));
    vb_desc.dwSize = sizeof(vb_desc);
    vb_desc.dwFVF = TL_FVF;
    vb_desc.dwNumVertices = 3;
    hr = IDirect3D7_CreateVertexBuffer(t.d3d, &vb_desc, &vb, 0);
    ok(hr == D3D_OK, "CreateVertexBuffer: hr %#lx.\n", hr);
    if (vb && SUCCEEDED(IDirect3DVertexBuffer7_Lock(vb, DDLOCK_WAIT, &data, NULL)))
    {
        memcpy(data, tri, sizeof(tri));
        IDirect3DVertexBuffer7_Unlock(vb);
    }
    memset(&status, 0, sizeof(status));
    status.dwFlags = D3DCLIPSTATUS_EXTENTS2;
    status.minx = status.maxx = 30.0f;
    status.miny = status.maxy = 20.0f;
    hr = IDirect3DDevice7_SetClipStatus(t.device, &status);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_BeginScene(t.device);
    /* Off by default: nothing changes. */
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, wide, 3, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_EXTENTS, TRUE);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, wide, 3, D3DDP_DONOTUPDATEEXTENTS);
    memset(&status, 0, sizeof(status));
    IDirect3DDevice7_GetClipStatus(t.device, &status);
    ok((status.minx == 30.0f && status.maxx == 30.0f && status.miny == 20.0f && status.maxy == 20.0f)
            || broken(!winetest_is_ours() && status.maxx == 64.0f), /* Wine's builtin: the viewport */
            "Got extents %f %f %f %f.\n", status.minx, status.miny, status.maxx, status.maxy);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 3, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(t.device);
    memset(&status, 0, sizeof(status));
    IDirect3DDevice7_GetClipStatus(t.device, &status);
    ok((status.minx == 10.0f && status.miny == 12.0f && status.maxx == 50.0f && status.maxy == 40.0f)
            || broken(!winetest_is_ours() && status.maxx == 64.0f),
            "Got extents %f %f %f %f.\n", status.minx, status.miny, status.maxx, status.maxy);

    /* Untransformed vertices count where they land on the screen
     * (identity transforms: x, y -0.75..0.75 is 8..56). */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_BeginScene(t.device);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, D3DFVF_XYZ | D3DFVF_DIFFUSE, xyz, 3, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(t.device);
    memset(&status, 0, sizeof(status));
    IDirect3DDevice7_GetClipStatus(t.device, &status);
    ok((fabsf(status.minx - 8.0f) <= 1.0f && fabsf(status.miny - 8.0f) <= 1.0f
            && fabsf(status.maxx - 56.0f) <= 1.0f && fabsf(status.maxy - 56.0f) <= 1.0f)
            || broken(!winetest_is_ours() && status.maxx == 64.0f),
            "Got extents %f %f %f %f.\n", status.minx, status.miny, status.maxx, status.maxy);

    /* The strided draws and DrawIndexedPrimitiveVB grow them the same way. */
    for (i = 0; i < 3; ++i)
    {
        static const WORD indices[3] = {0, 1, 2};
        static const char *const names[3] = {"DrawPrimitiveStrided", "DrawIndexedPrimitiveStrided",
                "DrawIndexedPrimitiveVB"};
        D3DDRAWPRIMITIVESTRIDEDDATA strided;

        memset(&status, 0, sizeof(status));
        status.dwFlags = D3DCLIPSTATUS_EXTENTS2;
        status.minx = status.maxx = 30.0f;
        status.miny = status.maxy = 20.0f;
        IDirect3DDevice7_SetClipStatus(t.device, &status);
        memset(&strided, 0, sizeof(strided));
        strided.position.lpvData = &tri[0].x;
        strided.position.dwStride = sizeof(tri[0]);
        strided.diffuse.lpvData = &tri[0].diffuse;
        strided.diffuse.dwStride = sizeof(tri[0]);
        IDirect3DDevice7_BeginScene(t.device);
        if (i == 0)
            hr = IDirect3DDevice7_DrawPrimitiveStrided(t.device, D3DPT_TRIANGLELIST, TL_FVF, &strided, 3, 0);
        else if (i == 1)
            hr = IDirect3DDevice7_DrawIndexedPrimitiveStrided(t.device, D3DPT_TRIANGLELIST, TL_FVF, &strided, 3,
                    (WORD *)indices, 3, 0);
        else
        {
            hr = E_FAIL;
            if (vb) hr = IDirect3DDevice7_DrawIndexedPrimitiveVB(t.device, D3DPT_TRIANGLELIST, vb, 0, 3,
                    (WORD *)indices, 3, 0);
        }
        ok(hr == D3D_OK, "%s: hr %#lx.\n", names[i], hr);
        IDirect3DDevice7_EndScene(t.device);
        memset(&status, 0, sizeof(status));
        IDirect3DDevice7_GetClipStatus(t.device, &status);
        ok((status.minx == 10.0f && status.miny == 12.0f && status.maxx == 50.0f && status.maxy == 40.0f)
                || broken(!winetest_is_ours() && status.maxx == 64.0f),
                "%s: got extents %f %f %f %f.\n", names[i], status.minx, status.miny, status.maxx, status.maxy);
    }
done:
    if (vb) IDirect3DVertexBuffer7_Release(vb);
    destroy_device(&t);
}

static void test_sphere_visibility(void)
{
    D3DVECTOR centers[3] = {{{0.0f}, {0.0f}, {0.5f}}, {{5.0f}, {0.0f}, {0.5f}}, {{1.0f}, {0.0f}, {0.5f}}};
    D3DVALUE radii[3] = {0.1f, 0.5f, 0.5f};
    DWORD result[3];
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_ComputeSphereVisibility(t.device, centers, radii, 3, 0, result);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    /* Identity transforms: the frustum is -1..1 in x and y, 0..1 in z. */
    ok(result[0] == 0, "Sphere 0: %#lx.\n", result[0]);
    ok(result[1] == (D3DSTATUS_CLIPUNIONRIGHT | D3DSTATUS_CLIPINTERSECTIONRIGHT), "Sphere 1: %#lx.\n", result[1]);
    ok(result[2] == D3DSTATUS_CLIPUNIONRIGHT, "Sphere 2: %#lx.\n", result[2]);
done:
    destroy_device(&t);
}

static void test_validate_device(void)
{
    struct d3d7_test t;
    DWORD passes;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    if (winetest_is_ours()) /* Wine's builtin ddraw writes through NULL. */
    {
        hr = IDirect3DDevice7_ValidateDevice(t.device, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    passes = 0xdead;
    hr = IDirect3DDevice7_ValidateDevice(t.device, &passes);
    ok(hr == D3D_OK && passes == 1, "Got hr %#lx, passes %lu.\n", hr, passes);
    /* A light map setup of the era. */
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    hr = IDirect3DDevice7_ValidateDevice(t.device, &passes);
    ok(hr == D3D_OK && passes == 1, "Got hr %#lx, passes %lu.\n", hr, passes);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
done:
    destroy_device(&t);
}

static HRESULT CALLBACK enum_tex_cb(DDPIXELFORMAT *pf, void *context)
{
    unsigned int *count = context;

    ok(pf->dwSize == sizeof(*pf), "Got size %lu.\n", pf->dwSize);
    ++*count;
    return DDENUMRET_OK;
}

static void test_misc(void)
{
    unsigned int count = 0;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_EnumTextureFormats(t.device, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EnumTextureFormats(t.device, enum_tex_cb, &count);
    ok(hr == D3D_OK && count >= 6, "Got hr %#lx, %u formats.\n", hr, count);
    hr = IDirect3DDevice7_GetInfo(t.device, D3DDEVINFOID_TEXTUREMANAGER, NULL, 0);
    ok(hr == S_FALSE, "Got hr %#lx.\n", hr);
done:
    destroy_device(&t);
}

static void test_render_target(void)
{
    IDirectDrawSurface7 *newrt, *failrt, *oldrt, *temp;
    D3DVIEWPORT7 vp;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 256, 256, TEST_DEPTH)) goto done;
    newrt = create_rt(t.ddraw, 64, 64, DDSCAPS_VIDEOMEMORY);
    failrt = create_zbuffer(t.ddraw, 64, 64, FALSE);

    hr = IDirect3DDevice7_GetRenderTarget(t.device, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderTarget(t.device, &oldrt);
    ok(hr == D3D_OK && oldrt == t.rt, "Got hr %#lx.\n", hr);

    memset(&vp, 0, sizeof(vp));
    vp.dwX = 10; vp.dwY = 10; vp.dwWidth = 50; vp.dwHeight = 50; vp.dvMaxZ = 1.0f;
    IDirect3DDevice7_SetViewport(t.device, &vp);

    /* A z-buffer without DDSCAPS_3DDEVICE is refused and changes nothing. */
    hr = IDirect3DDevice7_SetRenderTarget(t.device, failrt, 0);
    ok(hr == DDERR_INVALIDCAPS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderTarget(t.device, &temp);
    ok(hr == D3D_OK && temp == oldrt, "Got %p, expected %p.\n", temp, oldrt);
    if (temp) IDirectDrawSurface7_Release(temp);

    hr = IDirect3DDevice7_SetRenderTarget(t.device, newrt, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    /* Direct3D 7 keeps the viewport across SetRenderTarget. */
    memset(&vp, 0xff, sizeof(vp));
    IDirect3DDevice7_GetViewport(t.device, &vp);
    ok(vp.dwX == 10 && vp.dwWidth == 50, "Viewport %lu %lu.\n", vp.dwX, vp.dwWidth);

    hr = IDirect3DDevice7_SetRenderTarget(t.device, oldrt, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    if (winetest_is_ours()) /* Wine's builtin ddraw reads through NULL. */
    {
        hr = IDirect3DDevice7_SetRenderTarget(t.device, NULL, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }

    IDirectDrawSurface7_Release(oldrt);
    IDirectDrawSurface7_Release(newrt);
    IDirectDrawSurface7_Release(failrt);
done:
    destroy_device(&t);
}

/* Two devices of one DirectDraw object draw in turns: each draw lands on
 * its own device's target, also when the target it bound last is still
 * the device's own and only the other device's draw moved the core's. */
static void test_two_devices_in_turns(void)
{
    IDirectDrawSurface7 *rt2 = NULL;
    IDirect3DDevice7 *device2 = NULL;
    struct tl_vertex q[4];
    struct d3d7_test t;
    DWORD got;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_NO_DEPTH)) goto done;
    if (!(rt2 = create_rt(t.ddraw, 64, 64, DDSCAPS_VIDEOMEMORY))) goto done;
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, rt2, &device2);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(device2, D3DRENDERSTATE_LIGHTING, FALSE);
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0x00000000, 1.0f, 0);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_Clear(device2, 0, NULL, D3DCLEAR_TARGET, 0x00000000, 1.0f, 0);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);

    make_quad(q, 0, 0, 32, 32, 0.5f, 0x00ff0000);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
    ok(hr == D3D_OK, "Draw: hr %#lx.\n", hr);
    make_quad(q, 0, 0, 32, 32, 0.5f, 0x0000ff00);
    hr = IDirect3DDevice7_DrawPrimitive(device2, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
    ok(hr == D3D_OK, "Draw: hr %#lx.\n", hr);
    make_quad(q, 32, 32, 64, 64, 0.5f, 0x000000ff);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
    ok(hr == D3D_OK, "Draw: hr %#lx.\n", hr);

    got = get_pixel(t.rt, 16, 16);
    ok(got == 0x00ff0000, "First target, first draw: %#08lx.\n", got);
    got = get_pixel(t.rt, 48, 48);
    ok(got == 0x000000ff, "First target, third draw: %#08lx.\n", got);
    got = get_pixel(rt2, 16, 16);
    ok(got == 0x0000ff00, "Second target: %#08lx.\n", got);
    got = get_pixel(rt2, 48, 48);
    ok(got == 0x00000000, "Second target, the first device's draw: %#08lx.\n", got);

done:
    if (device2) IDirect3DDevice7_Release(device2);
    if (rt2) IDirectDrawSurface7_Release(rt2);
    destroy_device(&t);
}

static HRESULT CALLBACK count_devices_caps(char *desc, char *name, D3DDEVICEDESC7 *caps, void *context)
{
    D3DDEVICEDESC7 *out = context;

    if (IsEqualGUID(&caps->deviceGUID, &out->deviceGUID)) *out = *caps;
    return DDENUMRET_OK;
}

static void test_bad_input(void)
{
    D3DDEVICEDESC7 enum_caps, caps;
    D3DMATRIX m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, got;
    D3DVECTOR center = {{0}, {0}, {0}};
    D3DVALUE radius = 1.0f;
    DWORD value, passes, result;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;

    /* The caps EnumDevices reports are the device's. */
    memset(&enum_caps, 0, sizeof(enum_caps));
    memset(&caps, 0, sizeof(caps));
    IDirect3DDevice7_GetCaps(t.device, &caps);
    enum_caps.deviceGUID = caps.deviceGUID;
    IDirect3D7_EnumDevices(t.d3d, count_devices_caps, &enum_caps);
    ok(!memcmp(&enum_caps, &caps, sizeof(caps)), "EnumDevices and GetCaps disagree.\n");

    /* Invalid render states change nothing. */
    hr = IDirect3DDevice7_SetRenderState(t.device, 0, 1);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetRenderState(t.device, 300, 1);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ZFUNC, &value);
    ok(hr == D3D_OK && value == D3DCMP_LESSEQUAL, "ZFUNC changed to %#lx.\n", value);

    /* Invalid transform states. */
    if (winetest_is_ours())
    {
        hr = IDirect3DDevice7_SetTransform(t.device, 0, &m);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_SetTransform(t.device, 7, &m);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_GetTransform(t.device, 100, &got);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_GetMaterial(t.device, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_ComputeSphereVisibility(t.device, NULL, &radius, 1, 0, &result);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_ComputeSphereVisibility(t.device, &center, &radius, 1, 0, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_GetClipStatus(t.device, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DDevice7_QueryInterface(t.device, &IID_IDirect3DDevice7, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

        /* ValidateDevice on an operation Direct3D 7 does not have. */
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, 100);
        hr = IDirect3DDevice7_ValidateDevice(t.device, &passes);
        ok(hr == D3DERR_UNSUPPORTEDCOLOROPERATION, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, 0x40);
        hr = IDirect3DDevice7_ValidateDevice(t.device, &passes);
        ok(hr == D3DERR_UNSUPPORTEDCOLORARG, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ALPHAOP, 0);
        hr = IDirect3DDevice7_ValidateDevice(t.device, &passes);
        ok(hr == D3DERR_UNSUPPORTEDALPHAOPERATION, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    }
    hr = IDirect3DDevice7_ComputeSphereVisibility(t.device, &center, &radius, 1, 0, &result);
    ok(hr == D3D_OK && result == D3DSTATUS_CLIPUNIONFRONT, "Got hr %#lx, result %#lx.\n", hr, result);
done:
    destroy_device(&t);
}

START_TEST(device)
{
    test_enum_devices();
    test_enum_zbuffer_formats();
    test_create_device();
    test_caps();
    test_scene();
    test_render_states();
    test_transforms();
    test_viewport();
    test_material();
    test_lights();
    test_textures();
    test_texture_stage_states();
    test_stateblocks();
    test_clip_planes();
    test_draw_extents();
    test_sphere_visibility();
    test_validate_device();
    test_misc();
    test_render_target();
    test_two_devices_in_turns();
    test_bad_input();
}

/*
 * Direct3D 7 corner cases: texture references held by state blocks, draws
 * and render target changes while recording, IDirect3DDevice7::Load, the
 * RGB device on system memory, and releasing objects in any order.
 */
#include "d3d7_test.h"

static IDirectDrawSurface7 *create_argb_texture(IDirectDraw7 *ddraw, DWORD w, DWORD h, DWORD color)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;
    unsigned int x, y;

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
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL))) return NULL;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (SUCCEEDED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL)))
    {
        for (y = 0; y < h; ++y)
            for (x = 0; x < w; ++x)
                ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = color;
        IDirectDrawSurface7_Unlock(surface, NULL);
    }
    return surface;
}

struct tex_vertex
{
    float x, y, z, rhw;
    float u, v;
};

static void draw_textured(IDirect3DDevice7 *device)
{
    struct tex_vertex v[4] =
    {
        {0, 0, 0.5f, 1, 0, 0}, {64, 0, 0.5f, 1, 1, 0}, {0, 64, 0.5f, 1, 0, 1}, {64, 64, 0.5f, 1, 1, 1},
    };
    HRESULT hr;

    IDirect3DDevice7_Clear(device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice7_BeginScene(device);
    hr = IDirect3DDevice7_DrawPrimitive(device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_TEX1, v, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(device);
}

static void test_stateblock_textures(void)
{
    IDirectDrawSurface7 *red, *green, *got;
    struct d3d7_test t;
    DWORD sb, color;
    ULONG ref;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    red = create_argb_texture(t.ddraw, 4, 4, 0xffff0000);
    green = create_argb_texture(t.ddraw, 4, 4, 0xff00ff00);
    if (!red || !green) goto done;
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);

    IDirect3DDevice7_SetTexture(t.device, 0, red);
    hr = IDirect3DDevice7_BeginStateBlock(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_SetTexture(t.device, 0, green);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndStateBlock(t.device, &sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

    /* Recording left the device's texture alone. */
    hr = IDirect3DDevice7_GetTexture(t.device, 0, &got);
    ok(hr == D3D_OK && got == red, "Got %p, expected %p.\n", got, red);
    if (got) IDirectDrawSurface7_Release(got);
    draw_textured(t.device);
    color = get_pixel(t.rt, 32, 32);
    ok(compare_color(color, 0xff0000, 1), "Got %#08lx.\n", color);

    hr = IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_GetTexture(t.device, 0, &got);
    ok(hr == D3D_OK && got == green, "Got %p, expected %p.\n", got, green);
    if (got) IDirectDrawSurface7_Release(got);
    draw_textured(t.device);
    color = get_pixel(t.rt, 32, 32);
    ok(compare_color(color, 0x00ff00, 1), "Got %#08lx.\n", color);

    /* Unbinding and deleting the block leaves the texture as it was. */
    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    hr = IDirect3DDevice7_DeleteStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ref = get_refcount((IUnknown *)green);
    ok(ref == 1, "Green texture refcount %lu.\n", ref);

    IDirectDrawSurface7_Release(red);
    IDirectDrawSurface7_Release(green);
done:
    destroy_device(&t);
}

static void test_recording_draws(void)
{
    D3DVIEWPORT7 vp = {8, 8, 40, 40, 0.0f, 1.0f}, got;
    IDirectDrawSurface7 *rt2;
    struct tl_vertex q[4];
    struct d3d7_test t;
    DWORD sb, color;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    hr = IDirect3DDevice7_SetViewport(t.device, &vp);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

    /* Draws while recording still draw, with the vertex format given. */
    hr = IDirect3DDevice7_BeginStateBlock(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    make_quad(q, 0, 0, 64, 64, 0.5f, 0xff0000ff);
    IDirect3DDevice7_BeginScene(t.device);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(t.device);

    /* SetRenderTarget while recording keeps the viewport. */
    rt2 = create_rt(t.ddraw, 64, 64, DDSCAPS_VIDEOMEMORY);
    hr = IDirect3DDevice7_SetRenderTarget(t.device, rt2, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(&got, 0, sizeof(got));
    IDirect3DDevice7_GetViewport(t.device, &got);
    ok(got.dwX == 8 && got.dwWidth == 40, "Viewport %lu %lu.\n", got.dwX, got.dwWidth);
    /* The new target is bound at once: a clear while recording goes there. */
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    color = get_pixel(rt2, 32, 32);
    ok(compare_color(color, 0x00ff00, 1), "Got %#08lx.\n", color);
    hr = IDirect3DDevice7_SetRenderTarget(t.device, t.rt, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_EndStateBlock(t.device, &sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_DeleteStateBlock(t.device, sb);
    IDirectDrawSurface7_Release(rt2);

    color = get_pixel(t.rt, 32, 32);
    ok(compare_color(color, 0x0000ff, 1), "Got %#08lx.\n", color);
    color = get_pixel(t.rt, 2, 2);
    ok(color == 0, "Drawn outside the viewport: %#08lx.\n", color);
done:
    destroy_device(&t);
}

static void test_load(void)
{
    IDirectDrawSurface7 *src, *dst;
    POINT p = {2, 2};
    RECT r = {0, 0, 2, 2};
    struct d3d7_test t;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    src = create_argb_texture(t.ddraw, 8, 8, 0xff123456);
    dst = create_argb_texture(t.ddraw, 8, 8, 0xff000000);
    if (!src || !dst) goto done;

    hr = IDirect3DDevice7_Load(t.device, NULL, NULL, src, NULL, 0);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, NULL, NULL, 0);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    r.right = 9;
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, src, &r, 0);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);

    r.right = 2;
    hr = IDirect3DDevice7_Load(t.device, dst, &p, src, &r, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(dst, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        DWORD *row2 = (DWORD *)((BYTE *)desc.lpSurface + 2 * desc.lPitch);
        DWORD *row0 = desc.lpSurface;

        ok(row2[2] == 0xff123456, "Loaded texel %#08lx.\n", row2[2]);
        ok(row2[3] == 0xff123456, "Loaded texel %#08lx.\n", row2[3]);
        ok(row0[0] == 0xff000000, "Texel outside the rectangle %#08lx.\n", row0[0]);
        ok(row2[4] == 0xff000000, "Texel outside the rectangle %#08lx.\n", row2[4]);
        IDirectDrawSurface7_Unlock(dst, NULL);
    }

    /* Whole surface. */
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, src, NULL, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirectDrawSurface7_Release(src);
    IDirectDrawSurface7_Release(dst);
done:
    destroy_device(&t);
}

/* A 16x16 cube map of 32-bit texels, each face filled with its own value. */
static IDirectDrawSurface7 *create_cube(IDirectDraw7 *ddraw, BOOL fill)
{
    IDirectDrawSurface7 *cube = NULL, *face;
    DDSURFACEDESC2 desc;
    unsigned int i, x, y;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    desc.dwWidth = desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 32;
    desc.ddpfPixelFormat.dwRBitMask = 0x00ff0000;
    desc.ddpfPixelFormat.dwGBitMask = 0x0000ff00;
    desc.ddpfPixelFormat.dwBBitMask = 0x000000ff;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL))) return NULL;
    for (i = 0; fill && i < 6; ++i)
    {
        DDSCAPS2 caps = {0, DDSCAPS2_CUBEMAP | (DDSCAPS2_CUBEMAP_POSITIVEX << i), 0, {0}};

        if (!i) { face = cube; IDirectDrawSurface7_AddRef(face); }
        else if (FAILED(IDirectDrawSurface7_GetAttachedSurface(cube, &caps, &face))) continue;
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        if (SUCCEEDED(IDirectDrawSurface7_Lock(face, NULL, &desc, DDLOCK_WAIT, NULL)))
        {
            for (y = 0; y < 16; ++y)
                for (x = 0; x < 16; ++x)
                    ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = 0x100000 * (i + 1) + y * 16 + x;
            IDirectDrawSurface7_Unlock(face, NULL);
        }
        IDirectDrawSurface7_Release(face);
    }
    return cube;
}

/* Load copies every face of a cube map that the flags name, not only the
 * root's (+X): the other faces hang off the root, whose caps name +X alone
 * (Wine's ddraw7.c test_device_load). */
static void test_load_cube(void)
{
    IDirectDrawSurface7 *src, *dst, *face;
    struct d3d7_test t;
    DDSURFACEDESC2 desc;
    unsigned int i;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    src = create_cube(t.ddraw, TRUE);
    dst = create_cube(t.ddraw, FALSE);
    ok(src && dst, "Failed to create the cube maps.\n");
    if (!src || !dst) goto done;
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, src, NULL, DDSCAPS2_CUBEMAP_ALLFACES & ~DDSCAPS2_CUBEMAP_NEGATIVEZ);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    for (i = 0; i < 6; ++i)
    {
        DDSCAPS2 caps = {0, DDSCAPS2_CUBEMAP | (DDSCAPS2_CUBEMAP_POSITIVEX << i), 0, {0}};
        DWORD expect = i == 5 ? 0 : 0x100000 * (i + 1) + 3 * 16 + 5;

        if (!i) { face = dst; IDirectDrawSurface7_AddRef(face); }
        else
        {
            hr = IDirectDrawSurface7_GetAttachedSurface(dst, &caps, &face);
            ok(hr == DD_OK, "Face %u: hr %#lx.\n", i, hr);
            if (FAILED(hr)) continue;
        }
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(face, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Face %u: hr %#lx.\n", i, hr);
        if (SUCCEEDED(hr))
        {
            DWORD v = ((DWORD *)((BYTE *)desc.lpSurface + 3 * desc.lPitch))[5] & 0x00ffffff;

            /* -Z was left out of the flags: it stays as it was. */
            ok(v == expect, "Face %u: texel %#08lx, expected %#08lx.\n", i, v, expect);
            IDirectDrawSurface7_Unlock(face, NULL);
        }
        IDirectDrawSurface7_Release(face);
    }
    /* A cube into a plain texture, or the other way round: refused. */
    face = create_argb_texture(t.ddraw, 16, 16, 0);
    hr = IDirect3DDevice7_Load(t.device, face, NULL, src, NULL, DDSCAPS2_CUBEMAP_ALLFACES);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, face, NULL, 0);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    IDirectDrawSurface7_Release(face);
    IDirectDrawSurface7_Release(src);
    IDirectDrawSurface7_Release(dst);
done:
    destroy_device(&t);
}

static IDirectDrawSurface7 *create_p8_mipmap(IDirectDraw7 *ddraw)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX | DDSCAPS_MIPMAP;
    desc.dwWidth = desc.dwHeight = 16;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED8;
    desc.ddpfPixelFormat.dwRGBBitCount = 8;
    IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    return surface;
}

/* Load also gives the destination the source's palette entries (into the
 * destination's own palette, never the palette object) and colour keys. */
static void test_load_palette_and_keys(void)
{
    IDirectDrawPalette *src_pal, *dst_pal, *pal;
    IDirectDrawSurface7 *src, *dst;
    PALETTEENTRY entries[256];
    struct d3d7_test t;
    DDCOLORKEY key;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    src = create_p8_mipmap(t.ddraw);
    dst = create_p8_mipmap(t.ddraw);
    ok(src && dst, "Failed to create the P8 textures.\n");
    if (!src || !dst) goto done;
    memset(entries, 0, sizeof(entries));
    entries[7].peGreen = 0x11;
    hr = IDirectDraw7_CreatePalette(t.ddraw, DDPCAPS_ALLOW256 | DDPCAPS_8BIT, entries, &src_pal, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    entries[7].peGreen = 0x22;
    hr = IDirectDraw7_CreatePalette(t.ddraw, DDPCAPS_ALLOW256 | DDPCAPS_8BIT, entries, &dst_pal, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    IDirectDrawSurface7_SetPalette(src, src_pal);

    /* A destination without a palette gets none. */
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, src, NULL, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetPalette(dst, &pal);
    ok(hr == DDERR_NOPALETTEATTACHED, "Got hr %#lx.\n", hr);

    hr = IDirectDrawSurface7_SetPalette(dst, dst_pal);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 7;
    hr = IDirectDrawSurface7_SetColorKey(src, DDCKEY_SRCBLT, &key);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_Load(t.device, dst, NULL, src, NULL, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_GetPalette(dst, &pal);
    ok(hr == DD_OK && pal == dst_pal, "Got hr %#lx, palette %p, expected %p.\n", hr, pal, dst_pal);
    if (SUCCEEDED(hr)) IDirectDrawPalette_Release(pal);
    memset(entries, 0, sizeof(entries));
    IDirectDrawPalette_GetEntries(dst_pal, 0, 0, 256, entries);
    ok(entries[7].peGreen == 0x11, "Entry 7 green %#x, expected the source's 0x11.\n", entries[7].peGreen);
    memset(&key, 0, sizeof(key));
    hr = IDirectDrawSurface7_GetColorKey(dst, DDCKEY_SRCBLT, &key);
    ok(hr == DD_OK && key.dwColorSpaceLowValue == 7 && key.dwColorSpaceHighValue == 7,
            "Got hr %#lx, key %#lx-%#lx.\n", hr, key.dwColorSpaceLowValue, key.dwColorSpaceHighValue);

    IDirectDrawSurface7_Release(src);
    IDirectDrawSurface7_Release(dst);
    IDirectDrawPalette_Release(src_pal);
    IDirectDrawPalette_Release(dst_pal);
done:
    destroy_device(&t);
}

static void test_rgb_device(void)
{
    IDirectDrawSurface7 *rt;
    IDirect3DDevice7 *device = NULL;
    D3DDEVICEDESC7 caps;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_ddraw(&t)) goto done;
    if (!(rt = create_rt(t.ddraw, 32, 32, DDSCAPS_SYSTEMMEMORY))) goto done;
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DRGBDevice, rt, &device);
    ok(hr == D3D_OK, "RGB device on system memory: hr %#lx.\n", hr);
    if (device)
    {
        hr = IDirect3DDevice7_GetCaps(device, &caps);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        ok(IsEqualGUID(&caps.deviceGUID, &IID_IDirect3DRGBDevice) || broken(1), "Not the RGB device's caps.\n");
        hr = IDirect3DDevice7_Clear(device, 0, NULL, D3DCLEAR_TARGET, 0x0000ff00, 1.0f, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        {
            DWORD color = get_pixel(rt, 16, 16);
            struct tl_vertex q[4];

            ok(color == 0x00ff00, "Got %#08lx.\n", color);
            /* A draw lands in the system memory surface at EndScene. */
            IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_LIGHTING, FALSE);
            make_quad(q, 8, 8, 24, 24, 0.5f, 0xff0000ff);
            hr = IDirect3DDevice7_BeginScene(device);
            ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
            hr = IDirect3DDevice7_DrawPrimitive(device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
            ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
            hr = IDirect3DDevice7_EndScene(device);
            ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
            color = get_pixel(rt, 16, 16);
            ok(color == 0x0000ff, "Got %#08lx.\n", color);
            color = get_pixel(rt, 2, 2);
            ok(color == 0x00ff00, "Got %#08lx.\n", color);
        }
        IDirect3DDevice7_Release(device);
    }
    IDirectDrawSurface7_Release(rt);
done:
    destroy_device(&t);
}

static void test_release_order(void)
{
    IDirect3DVertexBuffer7 *vb;
    D3DVERTEXBUFFERDESC desc;
    struct d3d7_test t;
    ULONG ref;
    HRESULT hr;

    if (!create_device(&t, 32, 32, TEST_DEPTH)) goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = TL_FVF;
    desc.dwNumVertices = 4;
    hr = IDirect3D7_CreateVertexBuffer(t.d3d, &desc, &vb, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

    /* The application lets go of DirectDraw first. */
    IDirect3D7_Release(t.d3d);
    t.d3d = NULL;
    IDirectDraw7_Release(t.ddraw);
    t.ddraw = NULL;
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0x00ff0000, 1.0f, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginScene(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, vb, 0, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(t.device);
    ref = IDirect3DVertexBuffer7_Release(vb);
    ok(!ref, "Vertex buffer refcount %lu.\n", ref);
    ref = IDirect3DDevice7_Release(t.device);
    ok(!ref, "Device refcount %lu.\n", ref);
    t.device = NULL;
done:
    destroy_device(&t);
}

/* Two devices of one DirectDraw object keep their own state and targets. */
static void test_two_devices(void)
{
    IDirectDrawSurface7 *rt2 = NULL;
    IDirect3DDevice7 *device2 = NULL;
    struct tl_vertex q[4];
    struct d3d7_test t;
    DWORD value, color;
    HRESULT hr;

    if (!create_device(&t, 32, 32, TEST_NO_DEPTH)) goto done;
    if (!(rt2 = create_rt(t.ddraw, 32, 32, DDSCAPS_VIDEOMEMORY))) goto done;
    hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, rt2, &device2);
    ok(hr == D3D_OK || broken(hr == DDERR_INVALIDPARAMS), "Second device: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;

    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x11);
    IDirect3DDevice7_SetRenderState(device2, D3DRENDERSTATE_ALPHAREF, 0x22);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(hr == D3D_OK && value == 0x11, "Device 1 ALPHAREF %#lx.\n", value);
    hr = IDirect3DDevice7_GetRenderState(device2, D3DRENDERSTATE_ALPHAREF, &value);
    ok(hr == D3D_OK && value == 0x22, "Device 2 ALPHAREF %#lx.\n", value);

    /* Each draws to its own target with its own state. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(device2, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(device2, D3DRENDERSTATE_TEXTUREFACTOR, 0xff00ff00);
    IDirect3DDevice7_SetTextureStageState(device2, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(device2, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    make_quad(q, 0, 0, 32, 32, 0.5f, 0xffff0000);
    IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    IDirect3DDevice7_Clear(device2, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    IDirect3DDevice7_BeginScene(t.device);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
    IDirect3DDevice7_EndScene(t.device);
    IDirect3DDevice7_BeginScene(device2);
    IDirect3DDevice7_DrawPrimitive(device2, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
    IDirect3DDevice7_EndScene(device2);
    color = get_pixel(t.rt, 16, 16);
    ok(color == 0xff0000, "Device 1 drew %#08lx.\n", color);
    color = get_pixel(rt2, 16, 16);
    ok(color == 0x00ff00, "Device 2 drew %#08lx.\n", color);

    /* Releasing the active device leaves the other working. */
    IDirect3DDevice7_Release(device2);
    device2 = NULL;
    IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
    color = get_pixel(t.rt, 16, 16);
    ok(color == 0x0000ff, "Device 1 cleared to %#08lx.\n", color);
    hr = IDirect3DDevice7_GetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, &value);
    ok(hr == D3D_OK && value == 0x11, "Device 1 ALPHAREF %#lx.\n", value);

    /* Releasing a device that is not the active one leaves the active
     * one's textures bound. */
    {
        IDirectDrawSurface7 *tex = create_argb_texture(t.ddraw, 4, 4, 0xff00ffff), *got = NULL;

        hr = IDirect3D7_CreateDevice(t.d3d, &IID_IDirect3DHALDevice, rt2, &device2);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_SetTexture(t.device, 0, tex);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        if (device2) IDirect3DDevice7_Release(device2);
        device2 = NULL;
        draw_textured(t.device);
        color = get_pixel(t.rt, 16, 16);
        ok(color == 0x00ffff, "Device 1 drew %#08lx.\n", color);
        IDirect3DDevice7_GetTexture(t.device, 0, &got);
        ok(got == tex, "Got texture %p, expected %p.\n", got, tex);
        if (got) IDirectDrawSurface7_Release(got);
        IDirect3DDevice7_SetTexture(t.device, 0, NULL);
        if (tex) IDirectDrawSurface7_Release(tex);
    }
done:
    if (device2) IDirect3DDevice7_Release(device2);
    if (rt2) IDirectDrawSurface7_Release(rt2);
    destroy_device(&t);
}

START_TEST(state)
{
    test_stateblock_textures();
    test_recording_draws();
    test_load();
    test_load_cube();
    test_load_palette_and_keys();
    test_rgb_device();
    test_release_order();
    test_two_devices();
}

/*
 * More of the Direct3D 7 pipeline, read back: culling, flat shading, fill
 * modes, the specular add, user clip planes, texture addressing, colour
 * keying, texture transforms, vertex fog, point and spot lights, palettised
 * textures and mipmaps.
 */
#include "d3d7_test.h"

#define W 64
#define H 64

static BOOL setup(struct d3d7_test *t)
{
    if (!create_device(t, W, H, TEST_DEPTH)) return FALSE;
    IDirect3DDevice7_SetRenderState(t->device, D3DRENDERSTATE_LIGHTING, FALSE);
    return TRUE;
}

static void frame(struct d3d7_test *t, DWORD color)
{
    IDirect3DDevice7_Clear(t->device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, color, 1.0f, 0);
}

#define check_pixel(t, x, y, expect, diff) check_pixel_(__LINE__, t, x, y, expect, diff)
static void check_pixel_(int line, struct d3d7_test *t, unsigned int x, unsigned int y, DWORD expect, BYTE diff)
{
    DWORD color = get_pixel(t->rt, x, y);
    ok_(__FILE__, line)(compare_color(color, expect, diff), "Pixel (%u,%u) is %#08lx, expected %#08lx.\n",
            x, y, color, expect);
}

static void draw(struct d3d7_test *t, D3DPRIMITIVETYPE type, DWORD fvf, void *v, DWORD count)
{
    HRESULT hr;

    IDirect3DDevice7_BeginScene(t->device);
    hr = IDirect3DDevice7_DrawPrimitive(t->device, type, fvf, v, count, 0);
    ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(t->device);
}

static void test_cull_shade_fill(void)
{
    /* Clockwise on screen (Direct3D's default front face). */
    struct tl_vertex cw[3] = {{8, 8, 0.5f, 1, 0xff0000}, {56, 8, 0.5f, 1, 0x00ff00}, {8, 56, 0.5f, 1, 0x0000ff}};
    struct tl_vertex ccw[3] = {{8, 8, 0.5f, 1, 0xff0000}, {8, 56, 0.5f, 1, 0xff0000}, {56, 8, 0.5f, 1, 0xff0000}};
    struct d3d7_test t;

    if (!setup(&t)) goto done;
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, ccw, 3);
    check_pixel(&t, 16, 16, 0x000000, 0);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, cw, 3);
    check_pixel(&t, 16, 16, 0xc02020, 64);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_CW);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, cw, 3);
    check_pixel(&t, 16, 16, 0x000000, 0);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, ccw, 3);
    check_pixel(&t, 16, 16, 0xff0000, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);

    /* Flat shading takes the first vertex's colour. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_SHADEMODE, D3DSHADE_FLAT);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, cw, 3);
    check_pixel(&t, 40, 12, 0xff0000, 0);
    check_pixel(&t, 12, 40, 0xff0000, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_SHADEMODE, D3DSHADE_GOURAUD);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, cw, 3);
    check_pixel(&t, 12, 40, 0x2020c0, 64);

    /* Wireframe: the inside stays empty. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FILLMODE, D3DFILL_WIREFRAME);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, ccw, 3);
    check_pixel(&t, 20, 20, 0x000000, 0);
    check_pixel(&t, 8, 30, 0xff0000, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FILLMODE, D3DFILL_SOLID);
done:
    destroy_device(&t);
}

struct spec_vertex
{
    float x, y, z, rhw;
    DWORD diffuse, specular;
};

static void test_specular(void)
{
    struct spec_vertex v[4] =
    {
        {0, 0, 0.5f, 1, 0xff800000, 0x00008000}, {64, 0, 0.5f, 1, 0xff800000, 0x00008000},
        {0, 64, 0.5f, 1, 0xff800000, 0x00008000}, {64, 64, 0.5f, 1, 0xff800000, 0x00008000},
    };
    struct d3d7_test t;

    if (!setup(&t)) goto done;
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR, v, 4);
    check_pixel(&t, 32, 32, 0x800000, 1);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_SPECULARENABLE, TRUE);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR, v, 4);
    check_pixel(&t, 32, 32, 0x808000, 1);
done:
    destroy_device(&t);
}

struct xyz_vertex
{
    float x, y, z;
    DWORD diffuse;
};

static void test_clip_plane(void)
{
    struct xyz_vertex quad[4] =
    {
        {-1, -1, 0.5f, 0xff0000}, {-1, 1, 0.5f, 0xff0000}, {1, -1, 0.5f, 0xff0000}, {1, 1, 0.5f, 0xff0000},
    };
    float plane[4] = {1.0f, 0.0f, 0.0f, 0.0f}; /* keeps x >= 0 */
    struct d3d7_test t;

    if (!setup(&t)) goto done;
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice7_SetClipPlane(t.device, 0, plane);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CLIPPLANEENABLE, 1);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_DIFFUSE, quad, 4);
    check_pixel(&t, 16, 32, 0x000000, 0);
    check_pixel(&t, 48, 32, 0xff0000, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CLIPPLANEENABLE, 0);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_DIFFUSE, quad, 4);
    check_pixel(&t, 16, 32, 0xff0000, 0);
done:
    destroy_device(&t);
}

struct tex_vertex
{
    float x, y, z, rhw;
    float u, v;
};
#define TEX_FVF (D3DFVF_XYZRHW | D3DFVF_TEX1)

static IDirectDrawSurface7 *create_tex(IDirectDraw7 *ddraw, DWORD w, DWORD h, DWORD caps, DWORD levels,
        const DDPIXELFORMAT *pf)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | (levels ? DDSD_MIPMAPCOUNT : 0);
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | caps;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.dwMipMapCount = levels;
    desc.ddpfPixelFormat = *pf;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL))) return NULL;
    return surface;
}

static const DDPIXELFORMAT argb = {sizeof(DDPIXELFORMAT), DDPF_RGB | DDPF_ALPHAPIXELS, 0,
        {32}, {0xff0000}, {0xff00}, {0xff}, {0xff000000}};

/* Fills a 32-bit surface: left half c0, right half c1. */
static void fill_halves(IDirectDrawSurface7 *surface, DWORD c0, DWORD c1)
{
    DDSURFACEDESC2 desc;
    unsigned int x, y;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL))) return;
    for (y = 0; y < desc.dwHeight; ++y)
        for (x = 0; x < desc.dwWidth; ++x)
            ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = x < desc.dwWidth / 2 ? c0 : c1;
    IDirectDrawSurface7_Unlock(surface, NULL);
}

static void tex_quad(struct tex_vertex *v, float u0, float u1)
{
    static const float pos[4][2] = {{0, 0}, {64, 0}, {0, 64}, {64, 64}};
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        v[i].x = pos[i][0];
        v[i].y = pos[i][1];
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].u = (i & 1) ? u1 : u0;
        v[i].v = (i & 2) ? 1.0f : 0.0f;
    }
}

static void test_addressing_colorkey_transform(void)
{
    IDirectDrawSurface7 *tex;
    struct tex_vertex v[4];
    DDCOLORKEY key;
    struct d3d7_test t;
    D3DMATRIX m = {1, 0, 0, 0, 0, 1, 0, 0, 0.5f, 0, 1, 0, 0, 0, 0, 1};
    HRESULT hr;

    if (!setup(&t)) goto done;
    if (!(tex = create_tex(t.ddraw, 4, 4, 0, 0, &argb))) goto done;
    fill_halves(tex, 0xffff0000, 0xff0000ff);
    IDirect3DDevice7_SetTexture(t.device, 0, tex);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);

    /* u from 0 to 2: wrap repeats, clamp stretches the right edge. */
    tex_quad(v, 0.0f, 2.0f);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 4, 32, 0xff0000, 0);
    check_pixel(&t, 36, 32, 0xff0000, 0);
    check_pixel(&t, 60, 32, 0x0000ff, 0);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ADDRESS, D3DTADDRESS_CLAMP);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 4, 32, 0xff0000, 0);
    check_pixel(&t, 36, 32, 0x0000ff, 0);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ADDRESS, D3DTADDRESS_MIRROR);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 36, 32, 0x0000ff, 0);
    check_pixel(&t, 60, 32, 0xff0000, 0);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ADDRESS, D3DTADDRESS_WRAP);

    /* A texture transform shifting u by half a texture (untransformed
     * vertices: both ddraws leave pre-transformed ones alone). */
    {
        struct { float x, y, z, u, v; } xq[4] =
        {
            {-1, 1, 0.5f, 0, 0}, {1, 1, 0.5f, 1, 0}, {-1, -1, 0.5f, 0, 1}, {1, -1, 0.5f, 1, 1},
        };

        IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_TEXTURE0, &m);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT2);
        frame(&t, 0);
        draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_TEX1, xq, 4);
        check_pixel(&t, 4, 32, 0x0000ff, 0);
        check_pixel(&t, 40, 32, 0xff0000, 0);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_DISABLE);
    }
    tex_quad(v, 0.0f, 1.0f);

    /* Colour key: the blue half disappears. */
    key.dwColorSpaceLowValue = key.dwColorSpaceHighValue = 0xff0000ff;
    hr = IDirectDrawSurface7_SetColorKey(tex, DDCKEY_SRCBLT, &key);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_COLORKEYENABLE, TRUE);
    frame(&t, 0x00ffffff);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 8, 32, 0xff0000, 0);
    check_pixel(&t, 56, 32, 0xffffff, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_COLORKEYENABLE, FALSE);

    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirectDrawSurface7_Release(tex);
done:
    destroy_device(&t);
}

static void test_mipmaps(void)
{
    DDSCAPS2 caps = {DDSCAPS_TEXTURE | DDSCAPS_MIPMAP, 0, 0, {0}};
    IDirectDrawSurface7 *tex, *level1 = NULL;
    struct tex_vertex v[4];
    struct d3d7_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;
    tex = create_tex(t.ddraw, 128, 128, DDSCAPS_MIPMAP | DDSCAPS_COMPLEX, 2, &argb);
    ok(!!tex, "Failed to create a mipmapped texture.\n");
    if (!tex) goto done;
    fill_halves(tex, 0xffff0000, 0xffff0000);
    hr = IDirectDrawSurface7_GetAttachedSurface(tex, &caps, &level1);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (level1) fill_halves(level1, 0xff00ff00, 0xff00ff00);
    IDirect3DDevice7_SetTexture(t.device, 0, tex);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_MIPFILTER, D3DTFP_POINT);

    /* 128 texels on 64 pixels: level 1. */
    tex_quad(v, 0.0f, 1.0f);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 32, 32, 0x00ff00, 1);
    /* MAXMIPLEVEL 0 allows level 0 only... it is the most detailed level allowed. */
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_MIPFILTER, D3DTFP_NONE);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 32, 32, 0xff0000, 1);
    /* Twice the size on screen: level 0 again. */
    for (i = 0; i < 4; ++i) { v[i].u *= 0.25f; v[i].v *= 0.25f; }
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_MIPFILTER, D3DTFP_POINT);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    check_pixel(&t, 32, 32, 0xff0000, 1);

    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    if (level1) IDirectDrawSurface7_Release(level1);
    IDirectDrawSurface7_Release(tex);
done:
    destroy_device(&t);
}

static void test_palette_texture(void)
{
    static const DDPIXELFORMAT p8 = {sizeof(DDPIXELFORMAT), DDPF_RGB | DDPF_PALETTEINDEXED8, 0, {8}, {0}, {0}, {0}, {0}};
    IDirectDrawSurface7 *tex;
    IDirectDrawPalette *palette;
    PALETTEENTRY entries[256];
    DDSURFACEDESC2 desc;
    struct tex_vertex v[4];
    struct d3d7_test t;
    unsigned int y;
    DWORD color;
    HRESULT hr;

    if (!setup(&t)) goto done;
    if (!(tex = create_tex(t.ddraw, 8, 8, 0, 0, &p8)))
    {
        skip("No P8 textures.\n");
        goto done;
    }
    memset(entries, 0, sizeof(entries));
    entries[1].peGreen = 0xff;
    entries[2].peBlue = 0xff;
    hr = IDirectDraw7_CreatePalette(t.ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    IDirectDrawSurface7_SetPalette(tex, palette);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (SUCCEEDED(IDirectDrawSurface7_Lock(tex, NULL, &desc, DDLOCK_WAIT, NULL)))
    {
        for (y = 0; y < 8; ++y)
            memset((BYTE *)desc.lpSurface + y * desc.lPitch, 1, 8);
        IDirectDrawSurface7_Unlock(tex, NULL);
    }
    IDirect3DDevice7_SetTexture(t.device, 0, tex);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    tex_quad(v, 0.0f, 1.0f);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    /* Wine's builtin ddraw draws P8 textures black. */
    color = get_pixel(t.rt, 32, 32);
    ok(compare_color(color, 0x00ff00, 1) || broken(1), "Got %#08lx.\n", color);

    /* New entries show up without touching the indices. */
    entries[1].peGreen = 0;
    entries[1].peRed = 0xff;
    IDirectDrawPalette_SetEntries(palette, 0, 1, 1, &entries[1]);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
    color = get_pixel(t.rt, 32, 32);
    ok(compare_color(color, 0xff0000, 1) || broken(1), "Got %#08lx.\n", color);

    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirectDrawPalette_Release(palette);
    IDirectDrawSurface7_Release(tex);
done:
    destroy_device(&t);
}

struct lit_vertex
{
    float x, y, z;
    float nx, ny, nz;
};

static void test_vertex_fog_point_light(void)
{
    struct xyz_vertex quad[4] =
    {
        {-1, -1, 0.5f, 0xffff0000}, {-1, 1, 0.5f, 0xffff0000}, {1, -1, 0.5f, 0xffff0000}, {1, 1, 0.5f, 0xffff0000},
    };
    struct lit_vertex lquad[4] =
    {
        {-1, -1, 0.5f, 0, 0, -1}, {-1, 1, 0.5f, 0, 0, -1}, {1, -1, 0.5f, 0, 0, -1}, {1, 1, 0.5f, 0, 0, -1},
    };
    float start = 0.0f, end = 1.0f;
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    struct d3d7_test t;
    DWORD d;

    if (!setup(&t)) goto done;
    /* Linear vertex fog over z = 0.5 with start 0, end 1: half fogged. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGCOLOR, 0x000000ff);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGVERTEXMODE, D3DFOG_LINEAR);
    memcpy(&d, &start, 4);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGSTART, d);
    memcpy(&d, &end, 4);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGEND, d);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_DIFFUSE, quad, 4);
    check_pixel(&t, 32, 32, 0x800080, 8);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGENABLE, FALSE);

    /* A point light 1 unit in front of the quad's centre. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, TRUE);
    memset(&mat, 0, sizeof(mat));
    mat.diffuse.r = mat.diffuse.g = mat.diffuse.b = mat.diffuse.a = 1.0f;
    IDirect3DDevice7_SetMaterial(t.device, &mat);
    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_POINT;
    light.dcvDiffuse.r = 1.0f;
    light.dvPosition.z = -0.5f;
    light.dvRange = 10.0f;
    light.dvAttenuation0 = 1.0f;
    IDirect3DDevice7_SetLight(t.device, 0, &light);
    IDirect3DDevice7_LightEnable(t.device, 0, TRUE);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, lquad, 4);
    /* Per-vertex lighting: at the corners the light comes in at
     * cos = 1 / sqrt(1 + 1 + 1) and the centre interpolates that. */
    check_pixel(&t, 32, 32, 0x930000, 8);

    /* Out of range: dark. */
    light.dvRange = 1.0f;
    IDirect3DDevice7_SetLight(t.device, 0, &light);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, lquad, 4);
    check_pixel(&t, 32, 32, 0x000000, 2);
done:
    destroy_device(&t);
}

struct blend_vertex
{
    float x, y, z, beta;
    DWORD diffuse;
};

static void test_vertex_blend_wbuffer(void)
{
    /* The quad sits at x = -1..0; world 1 moves it right by 1. */
    struct blend_vertex quad[4] =
    {
        {-1, -1, 0.5f, 0, 0xff0000}, {-1, 1, 0.5f, 0, 0xff0000}, {0, -1, 0.5f, 0, 0xff0000}, {0, 1, 0.5f, 0, 0xff0000},
    };
    static D3DMATRIX world1 = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1};
    D3DDEVICEDESC7 caps;
    struct d3d7_test t;
    unsigned int i;

    if (!setup(&t)) goto done;
    IDirect3DDevice7_GetCaps(t.device, &caps);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_WORLD1, &world1);
    if (caps.wMaxVertexBlendMatrices >= 2)
    {
        /* Weight 0 for world: all of world 1. */
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_VERTEXBLEND, D3DVBLEND_1WEIGHT);
        frame(&t, 0);
        draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZB1 | D3DFVF_DIFFUSE, quad, 4);
        check_pixel(&t, 16, 32, 0x000000, 0);
        check_pixel(&t, 48, 32, 0xff0000, 0);
        /* Half and half: shifted by half a unit. */
        for (i = 0; i < 4; ++i) quad[i].beta = 0.5f;
        frame(&t, 0);
        draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZB1 | D3DFVF_DIFFUSE, quad, 4);
        check_pixel(&t, 8, 32, 0x000000, 0);
        check_pixel(&t, 32, 32, 0xff0000, 0);
        check_pixel(&t, 56, 32, 0x000000, 0);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_VERTEXBLEND, D3DVBLEND_DISABLE);
    }
    else skip("No vertex blending.\n");

    /* W-buffer: two overlapping pre-transformed triangles, the green one
     * nearer in w (10) but farther in z (0.9) than the red one (w 50, z 0.1).
     * A z-buffer keeps red, D3DZB_USEW keeps green in either order.  The
     * w range comes from the projection matrix (zn 1, zf 101), which
     * Direct3D needs set for w-buffering even for transformed vertices. */
    if (caps.dpcTriCaps.dwRasterCaps & D3DPRASTERCAPS_WBUFFER)
    {
        static D3DMATRIX proj = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 101.0f / 100.0f, 1, 0, 0, -101.0f / 100.0f, 0};
        struct tl_vertex near_w[3] =
        {
            {0, 0, 0.9f, 1.0f / 10.0f, 0xff00ff00}, {128, 0, 0.9f, 1.0f / 10.0f, 0xff00ff00},
            {0, 128, 0.9f, 1.0f / 10.0f, 0xff00ff00},
        };
        struct tl_vertex far_w[3] =
        {
            {0, 0, 0.1f, 1.0f / 50.0f, 0xffff0000}, {128, 0, 0.1f, 1.0f / 50.0f, 0xffff0000},
            {0, 128, 0.1f, 1.0f / 50.0f, 0xffff0000},
        };

        IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_PROJECTION, &proj);
        frame(&t, 0);
        IDirect3DDevice7_BeginScene(t.device);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, near_w, 3, 0);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, far_w, 3, 0);
        IDirect3DDevice7_EndScene(t.device);
        check_pixel(&t, 16, 16, 0xff0000, 0);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZENABLE, D3DZB_USEW);
        frame(&t, 0);
        IDirect3DDevice7_BeginScene(t.device);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, near_w, 3, 0);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, far_w, 3, 0);
        IDirect3DDevice7_EndScene(t.device);
        check_pixel(&t, 16, 16, 0x00ff00, 0);
        frame(&t, 0);
        IDirect3DDevice7_BeginScene(t.device);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, far_w, 3, 0);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, near_w, 3, 0);
        IDirect3DDevice7_EndScene(t.device);
        check_pixel(&t, 16, 16, 0x00ff00, 0);
        /* Back to z: ordered by z again. */
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZENABLE, D3DZB_TRUE);
        frame(&t, 0);
        IDirect3DDevice7_BeginScene(t.device);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, near_w, 3, 0);
        IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, far_w, 3, 0);
        IDirect3DDevice7_EndScene(t.device);
        check_pixel(&t, 16, 16, 0xff0000, 0);
    }
    else skip("No w-buffer.\n");
done:
    destroy_device(&t);
}

static void test_caps_claims(void)
{
    IDirectDrawSurface7 *tex;
    struct tex_vertex v[4];
    D3DDEVICEDESC7 caps;
    struct d3d7_test t;
    DWORD color;

    if (!setup(&t)) goto done;
    IDirect3DDevice7_GetCaps(t.device, &caps);
    if (!(tex = create_tex(t.ddraw, 4, 4, 0, 0, &argb))) goto done;
    fill_halves(tex, 0xff808080, 0xff808080);
    IDirect3DDevice7_SetTexture(t.device, 0, tex);

    /* Border addressing: outside 0..1 the border colour. */
    if (caps.dpcTriCaps.dwTextureAddressCaps & D3DPTADDRESSCAPS_BORDER)
    {
        tex_quad(v, -1.0f, 1.0f);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ADDRESS, D3DTADDRESS_BORDER);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_BORDERCOLOR, 0xff00ff00);
        frame(&t, 0);
        draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
        check_pixel(&t, 8, 32, 0x00ff00, 1);
        check_pixel(&t, 56, 32, 0x808080, 1);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ADDRESS, D3DTADDRESS_WRAP);
    }

    /* DOTPRODUCT3 of (0.5, 0.5, 0.5) biased: 0 + the factor's (1, 0.5, 0.5) -> 0.5 * 4 * ... */
    if (caps.dwTextureOpCaps & D3DTEXOPCAPS_DOTPRODUCT3)
    {
        tex_quad(v, 0.0f, 1.0f);
        fill_halves(tex, 0xffffffff, 0xffffffff);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREFACTOR, 0xff808080);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_DOTPRODUCT3);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG2, D3DTA_TFACTOR);
        frame(&t, 0);
        draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
        /* (1,1,1) and (~0,~0,~0) after the bias: a dot of about 0. */
        color = get_pixel(t.rt, 32, 32);
        ok(compare_color(color, 0x000000, 8), "DOTPRODUCT3 gave %#08lx.\n", color);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREFACTOR, 0xffffffff);
        frame(&t, 0);
        draw(&t, D3DPT_TRIANGLESTRIP, TEX_FVF, v, 4);
        color = get_pixel(t.rt, 32, 32);
        ok(compare_color(color, 0xffffff, 2), "DOTPRODUCT3 gave %#08lx.\n", color);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG2, D3DTA_CURRENT);
    }

    /* Z bias: a coplanar quad drawn later with a bias wins under LESS. */
    if (caps.dpcTriCaps.dwRasterCaps & D3DPRASTERCAPS_ZBIAS)
    {
        IDirect3DDevice7_SetTexture(t.device, 0, NULL);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZFUNC, D3DCMP_LESS);
        frame(&t, 0);
        IDirect3DDevice7_BeginScene(t.device);
        {
            struct tl_vertex q[4];

            make_quad(q, 0, 0, 64, 64, 0.5f, 0xff0000);
            IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
            make_quad(q, 0, 0, 64, 64, 0.5f, 0x0000ff);
            IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
            IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZBIAS, 8);
            make_quad(q, 0, 0, 32, 64, 0.5f, 0x00ff00);
            IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
            IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZBIAS, 0);
        }
        IDirect3DDevice7_EndScene(t.device);
        check_pixel(&t, 16, 32, 0x00ff00, 0);
        check_pixel(&t, 48, 32, 0xff0000, 0);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZFUNC, D3DCMP_LESSEQUAL);
    }
    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirectDrawSurface7_Release(tex);
done:
    destroy_device(&t);
}

static void test_cube_texture(void)
{
    static const DWORD faces[6] =
    {
        DDSCAPS2_CUBEMAP_POSITIVEX, DDSCAPS2_CUBEMAP_NEGATIVEX, DDSCAPS2_CUBEMAP_POSITIVEY,
        DDSCAPS2_CUBEMAP_NEGATIVEY, DDSCAPS2_CUBEMAP_POSITIVEZ, DDSCAPS2_CUBEMAP_NEGATIVEZ,
    };
    static const DWORD colors[6] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00, 0xff00ffff, 0xffff00ff};
    struct { float x, y, z, rhw, s, t, r; } v[4];
    IDirectDrawSurface7 *cube, *face;
    DDSURFACEDESC2 desc;
    D3DDEVICEDESC7 caps;
    struct d3d7_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t)) goto done;
    IDirect3DDevice7_GetCaps(t.device, &caps);
    if (!(caps.dpcTriCaps.dwTextureCaps & D3DPTEXTURECAPS_CUBEMAP))
    {
        skip("No cube maps.\n");
        goto done;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    desc.dwWidth = desc.dwHeight = 4;
    desc.ddpfPixelFormat = argb;
    hr = IDirectDraw7_CreateSurface(t.ddraw, &desc, &cube, NULL);
    ok(hr == DD_OK, "Cube: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    for (i = 0; i < 6; ++i)
    {
        DDSCAPS2 fcaps = {DDSCAPS_TEXTURE, DDSCAPS2_CUBEMAP | faces[i], 0, {0}};

        face = NULL;
        if (i == 0)
        {
            face = cube;
            IDirectDrawSurface7_AddRef(face);
        }
        else
            IDirectDrawSurface7_GetAttachedSurface(cube, &fcaps, &face);
        ok(!!face, "No face %u.\n", i);
        if (!face) continue;
        fill_halves(face, colors[i], colors[i]);
        IDirectDrawSurface7_Release(face);
    }
    IDirect3DDevice7_SetTexture(t.device, 0, cube);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    for (i = 0; i < 4; ++i)
    {
        v[i].x = (i & 1) ? 64.0f : 0.0f;
        v[i].y = (i & 2) ? 64.0f : 0.0f;
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].s = 0.0f;
        v[i].t = 0.0f;
        v[i].r = 1.0f;  /* +Z */
    }
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0), v, 4);
    check_pixel(&t, 32, 32, 0x00ffff, 1);
    for (i = 0; i < 4; ++i) { v[i].s = -1.0f; v[i].r = 0.0f; }  /* -X */
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0), v, 4);
    check_pixel(&t, 32, 32, 0x00ff00, 1);
    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirectDrawSurface7_Release(cube);
done:
    destroy_device(&t);
}

/* The guard band the caps claim: a triangle reaching far outside the
 * target draws its visible part. */
static void test_guard_band(void)
{
    D3DDEVICEDESC7 caps;
    struct d3d7_test t;
    struct tl_vertex tri[3] =
    {
        {-20000.0f, -20000.0f, 0.5f, 1, 0x00ff00}, {20000.0f, 32.0f, 0.5f, 1, 0x00ff00},
        {-20000.0f, 20000.0f, 0.5f, 1, 0x00ff00},
    };

    if (!setup(&t)) goto done;
    IDirect3DDevice7_GetCaps(t.device, &caps);
    ok(caps.dvGuardBandLeft <= -20000.0f || broken(1), "Guard band left %f.\n", caps.dvGuardBandLeft);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    frame(&t, 0);
    draw(&t, D3DPT_TRIANGLELIST, TL_FVF, tri, 3);
    check_pixel(&t, 32, 32, 0x00ff00, 0);
    check_pixel(&t, 4, 4, 0x00ff00, 0);
done:
    destroy_device(&t);
}

START_TEST(pipeline)
{
    test_cull_shade_fill();
    test_specular();
    test_clip_plane();
    test_addressing_colorkey_transform();
    test_mipmaps();
    test_palette_texture();
    test_vertex_fog_point_light();
    test_vertex_blend_wbuffer();
    test_caps_claims();
    test_cube_texture();
    test_guard_band();
}

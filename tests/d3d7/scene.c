/*
 * A Direct3D 7 program of the SDK era, start to end: enumerate the devices
 * and z-buffer formats, pick the T&L HAL, build a windowed back buffer with
 * a z-buffer, then draw a rotating, textured, lit, z-buffered cube for a few
 * frames from a vertex buffer and present it with Blt to the primary.
 * Each frame is read back: the cube's front face is lit and textured, the
 * background stays, and the hidden faces never win the z test.
 */
#include "d3d7_test.h"

struct enum_choice
{
    GUID guid;
    BOOL found_tnl, found_hal;
    DDPIXELFORMAT zformat;
    BOOL found_z;
};

static HRESULT CALLBACK choose_device(char *desc, char *name, D3DDEVICEDESC7 *caps, void *context)
{
    struct enum_choice *c = context;

    if (IsEqualGUID(&caps->deviceGUID, &IID_IDirect3DTnLHalDevice))
    {
        c->guid = caps->deviceGUID;
        c->found_tnl = TRUE;
    }
    else if (IsEqualGUID(&caps->deviceGUID, &IID_IDirect3DHALDevice) && !c->found_tnl)
    {
        c->guid = caps->deviceGUID;
        c->found_hal = TRUE;
    }
    return DDENUMRET_OK;
}

static HRESULT CALLBACK choose_z(DDPIXELFORMAT *pf, void *context)
{
    struct enum_choice *c = context;

    /* The SDK samples take the first 16-bit format. */
    if (pf->dwZBufferBitDepth == 16 && !(pf->dwFlags & DDPF_STENCILBUFFER))
    {
        c->zformat = *pf;
        c->found_z = TRUE;
        return DDENUMRET_CANCEL;
    }
    return DDENUMRET_OK;
}

struct cube_vertex
{
    float x, y, z;
    float nx, ny, nz;
    float u, v;
};
#define CUBE_FVF (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1)

static void make_cube(struct cube_vertex *v, WORD *idx)
{
    /* Normal n and the face's axes a, b with a x b = -n, so that each face
     * is clockwise seen from outside (Direct3D culls counter-clockwise). */
    static const float n[6][3] = {{0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
    static const float ax[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}};
    static const float bx[6][3] = {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, -1}};
    unsigned int f, i;

    for (f = 0; f < 6; ++f)
    {
        const float *a = ax[f], *b = bx[f];

        for (i = 0; i < 4; ++i)
        {
            float s = (i & 1) ? 1.0f : -1.0f, t = (i & 2) ? -1.0f : 1.0f;
            struct cube_vertex *c = &v[f * 4 + i];

            c->x = n[f][0] + s * a[0] + t * b[0];
            c->y = n[f][1] + s * a[1] + t * b[1];
            c->z = n[f][2] + s * a[2] + t * b[2];
            c->nx = n[f][0];
            c->ny = n[f][1];
            c->nz = n[f][2];
            c->u = (i & 1) ? 1.0f : 0.0f;
            c->v = (i & 2) ? 1.0f : 0.0f;
        }
        idx[f * 6 + 0] = f * 4 + 0;
        idx[f * 6 + 1] = f * 4 + 1;
        idx[f * 6 + 2] = f * 4 + 2;
        idx[f * 6 + 3] = f * 4 + 2;
        idx[f * 6 + 4] = f * 4 + 1;
        idx[f * 6 + 5] = f * 4 + 3;
    }
}

static void set_matrices(IDirect3DDevice7 *device, float angle)
{
    float c = cosf(angle), s = sinf(angle);
    /* Rotation about y; the camera 5 units back; a 60 degree perspective. */
    D3DMATRIX world = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    D3DMATRIX view = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 5, 1};
    float zn = 1.0f, zf = 20.0f, h = 1.0f / tanf(3.14159265f / 6.0f), q = zf / (zf - zn);
    D3DMATRIX proj = {h, 0, 0, 0, 0, h, 0, 0, 0, 0, q, 1, 0, 0, -q * zn, 0};

    IDirect3DDevice7_SetTransform(device, D3DTRANSFORMSTATE_WORLD, &world);
    IDirect3DDevice7_SetTransform(device, D3DTRANSFORMSTATE_VIEW, &view);
    IDirect3DDevice7_SetTransform(device, D3DTRANSFORMSTATE_PROJECTION, &proj);
}

/* The fullscreen form: a flip chain with the device on the back buffer.
 * Each frame clears and draws, flips, and the next frame must land on the
 * new back buffer (the surfaces swap their contents at each flip). */
static void test_flip_chain(void)
{
    IDirectDrawSurface7 *primary = NULL, *back = NULL, *zbuf = NULL;
    DDSCAPS2 caps = {DDSCAPS_BACKBUFFER, 0, 0, {0}};
    IDirect3DDevice7 *device = NULL;
    IDirectDraw7 *ddraw = NULL;
    IDirect3D7 *d3d = NULL;
    DDSURFACEDESC2 desc;
    unsigned int frame;
    HWND window;
    HRESULT hr;

    window = create_test_window();
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL))) return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    hr = IDirectDraw7_SetDisplayMode(ddraw, 640, 480, 32, 0, 0);
    /* Wine's builtin cannot change modes under Xvfb. */
    ok(hr == DD_OK || broken(hr == E_NOTIMPL), "SetDisplayMode: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX | DDSCAPS_3DDEVICE;
    desc.dwBackBufferCount = 1;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "Flip chain: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    hr = IDirectDrawSurface7_GetAttachedSurface(primary, &caps, &back);
    ok(hr == DD_OK, "Back buffer: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(back, &desc);
    zbuf = create_zbuffer(ddraw, desc.dwWidth, desc.dwHeight, FALSE);
    if (zbuf) IDirectDrawSurface7_AddAttachedSurface(back, zbuf);
    IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
    hr = IDirect3D7_CreateDevice(d3d, &IID_IDirect3DHALDevice, back, &device);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_LIGHTING, FALSE);

    for (frame = 0; frame < 4; ++frame)
    {
        struct tl_vertex q[4];
        DWORD color = frame & 1 ? 0x0000ff00 : 0x00ff0000, got;

        hr = IDirect3DDevice7_Clear(device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0x00000080, 1.0f, 0);
        ok(hr == D3D_OK, "Frame %u: hr %#lx.\n", frame, hr);
        make_quad(q, 100, 100, 300, 300, 0.5f, color);
        IDirect3DDevice7_BeginScene(device);
        hr = IDirect3DDevice7_DrawPrimitive(device, D3DPT_TRIANGLESTRIP, TL_FVF, q, 4, 0);
        ok(hr == D3D_OK, "Frame %u: hr %#lx.\n", frame, hr);
        IDirect3DDevice7_EndScene(device);
        got = get_pixel(back, 200, 200);
        ok(got == color, "Frame %u: back buffer %#08lx, expected %#08lx.\n", frame, got, color);
        got = get_pixel(back, 50, 50);
        ok(got == 0x000080, "Frame %u: background %#08lx.\n", frame, got);
        hr = IDirectDrawSurface7_Flip(primary, NULL, DDFLIP_WAIT);
        ok(hr == DD_OK, "Frame %u: Flip hr %#lx.\n", frame, hr);
        /* After the flip the front holds this frame. */
        got = get_pixel(primary, 200, 200);
        ok(got == color, "Frame %u: front %#08lx, expected %#08lx.\n", frame, got, color);
    }

done:
    if (device) IDirect3DDevice7_Release(device);
    if (d3d) IDirect3D7_Release(d3d);
    if (zbuf) IDirectDrawSurface7_Release(zbuf);
    if (back) IDirectDrawSurface7_Release(back);
    if (primary) IDirectDrawSurface7_Release(primary);
    if (ddraw)
    {
        IDirectDraw7_RestoreDisplayMode(ddraw);
        IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
        IDirectDraw7_Release(ddraw);
    }
    DestroyWindow(window);
}

START_TEST(scene)
{
    IDirectDrawSurface7 *primary = NULL, *back = NULL, *zbuf = NULL, *tex = NULL;
    IDirectDrawClipper *clipper = NULL;
    IDirect3DVertexBuffer7 *vb = NULL;
    IDirect3DDevice7 *device = NULL;
    struct cube_vertex *vdata;
    struct enum_choice choice;
    D3DVERTEXBUFFERDESC vbd;
    IDirect3D7 *d3d = NULL;
    IDirectDraw7 *ddraw = NULL;
    DDSURFACEDESC2 desc;
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    WORD indices[36];
    struct cube_vertex cube[24];
    unsigned int frame;
    HWND window;
    HRESULT hr;

    window = create_test_window();
    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;

    memset(&choice, 0, sizeof(choice));
    hr = IDirect3D7_EnumDevices(d3d, choose_device, &choice);
    ok(hr == D3D_OK && (choice.found_tnl || choice.found_hal), "No hardware device, hr %#lx.\n", hr);
    hr = IDirect3D7_EnumZBufferFormats(d3d, &choice.guid, choose_z, &choice);
    ok(hr == D3D_OK && choice.found_z, "No 16-bit z format, hr %#lx.\n", hr);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &primary, NULL);
    ok(hr == DD_OK, "Primary: hr %#lx.\n", hr);
    hr = IDirectDraw7_CreateClipper(ddraw, 0, &clipper, NULL);
    ok(hr == DD_OK, "Clipper: hr %#lx.\n", hr);
    if (clipper)
    {
        IDirectDrawClipper_SetHWnd(clipper, 0, window);
        if (primary) IDirectDrawSurface7_SetClipper(primary, clipper);
    }

    if (!(back = create_rt(ddraw, 128, 128, DDSCAPS_VIDEOMEMORY))) goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER | DDSCAPS_VIDEOMEMORY;
    desc.dwWidth = desc.dwHeight = 128;
    desc.ddpfPixelFormat = choice.zformat;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &zbuf, NULL);
    ok(hr == DD_OK, "Z-buffer: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    hr = IDirectDrawSurface7_AddAttachedSurface(back, zbuf);
    ok(hr == DD_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3D7_CreateDevice(d3d, &choice.guid, back, &device);
    ok(hr == D3D_OK, "CreateDevice: hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;

    /* A 2x2 texture: the cube's faces are white-ish orange. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.dwWidth = desc.dwHeight = 2;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB;
    desc.ddpfPixelFormat.dwRGBBitCount = 16;
    desc.ddpfPixelFormat.dwRBitMask = 0xf800;
    desc.ddpfPixelFormat.dwGBitMask = 0x07e0;
    desc.ddpfPixelFormat.dwBBitMask = 0x001f;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &tex, NULL);
    ok(hr == DD_OK, "Texture: hr %#lx.\n", hr);
    if (tex)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        if (SUCCEEDED(IDirectDrawSurface7_Lock(tex, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL)))
        {
            WORD *row0 = desc.lpSurface, *row1 = (WORD *)((BYTE *)desc.lpSurface + desc.lPitch);
            row0[0] = row0[1] = row1[0] = row1[1] = 0xfc00; /* r = 31, g = 32 of 63 */
            IDirectDrawSurface7_Unlock(tex, NULL);
        }
        IDirect3DDevice7_SetTexture(device, 0, tex);
    }

    make_cube(cube, indices);
    memset(&vbd, 0, sizeof(vbd));
    vbd.dwSize = sizeof(vbd);
    vbd.dwFVF = CUBE_FVF;
    vbd.dwNumVertices = 24;
    hr = IDirect3D7_CreateVertexBuffer(d3d, &vbd, &vb, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;
    IDirect3DVertexBuffer7_Lock(vb, DDLOCK_WRITEONLY, (void **)&vdata, NULL);
    memcpy(vdata, cube, sizeof(cube));
    IDirect3DVertexBuffer7_Unlock(vb);

    memset(&mat, 0, sizeof(mat));
    mat.diffuse.r = mat.diffuse.g = mat.diffuse.b = mat.diffuse.a = 1.0f;
    mat.ambient.r = mat.ambient.g = mat.ambient.b = 1.0f;
    IDirect3DDevice7_SetMaterial(device, &mat);
    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dcvDiffuse.r = light.dcvDiffuse.g = light.dcvDiffuse.b = 1.0f;
    light.dvDirection.z = 1.0f;
    IDirect3DDevice7_SetLight(device, 0, &light);
    IDirect3DDevice7_LightEnable(device, 0, TRUE);
    IDirect3DDevice7_SetRenderState(device, D3DRENDERSTATE_AMBIENT, 0x00202020);
    IDirect3DDevice7_SetTextureStageState(device, 0, D3DTSS_MAGFILTER, D3DTFG_LINEAR);
    IDirect3DDevice7_SetTextureStageState(device, 0, D3DTSS_MINFILTER, D3DTFN_LINEAR);

    for (frame = 0; frame < 8; ++frame)
    {
        DWORD c, bg;

        set_matrices(device, frame * 0.1f);
        hr = IDirect3DDevice7_Clear(device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0x00000040, 1.0f, 0);
        ok(hr == D3D_OK, "Frame %u: clear hr %#lx.\n", frame, hr);
        hr = IDirect3DDevice7_BeginScene(device);
        ok(hr == D3D_OK, "Frame %u: hr %#lx.\n", frame, hr);
        hr = IDirect3DDevice7_DrawIndexedPrimitiveVB(device, D3DPT_TRIANGLELIST, vb, 0, 24, indices, 36, 0);
        ok(hr == D3D_OK, "Frame %u: draw hr %#lx.\n", frame, hr);
        hr = IDirect3DDevice7_EndScene(device);
        ok(hr == D3D_OK, "Frame %u: hr %#lx.\n", frame, hr);

        /* The centre shows the front face: the texture's orange, lit
         * by cos(angle) plus the ambient term. */
        c = get_pixel(back, 64, 64);
        {
            float lit = cosf(frame * 0.1f) + 0x20 / 255.0f;
            DWORD r = (DWORD)(lit > 1.0f ? 255 : lit * 255), g = (DWORD)(lit > 1.0f ? 130 : lit * 130);

            ok(compare_color(c, (r << 16) | (g << 8), 12), "Frame %u: centre %#08lx, expected %#08lx.\n",
                    frame, c, (r << 16) | (g << 8));
        }
        bg = get_pixel(back, 2, 2);
        ok(bg == 0x000040, "Frame %u: background %#08lx.\n", frame, bg);
        if (primary)
        {
            hr = IDirectDrawSurface7_Blt(primary, NULL, back, NULL, DDBLT_WAIT, NULL);
            ok(hr == DD_OK, "Frame %u: Blt to the primary, hr %#lx.\n", frame, hr);
        }
    }

done:
    if (vb) IDirect3DVertexBuffer7_Release(vb);
    if (device)
    {
        IDirect3DDevice7_SetTexture(device, 0, NULL);
        IDirect3DDevice7_Release(device);
    }
    if (tex) IDirectDrawSurface7_Release(tex);
    if (zbuf) IDirectDrawSurface7_Release(zbuf);
    if (back) IDirectDrawSurface7_Release(back);
    if (clipper) IDirectDrawClipper_Release(clipper);
    if (primary) IDirectDrawSurface7_Release(primary);
    if (d3d) IDirect3D7_Release(d3d);
    if (ddraw) IDirectDraw7_Release(ddraw);
    DestroyWindow(window);

    test_flip_chain();
}

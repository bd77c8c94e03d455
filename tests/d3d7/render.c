/*
 * Direct3D 7 rendering, read back from the render target: clears, each
 * primitive type, indexed and strided draws, vertex buffers, viewport,
 * z-buffer, stencil, blending, alpha test, fog, lights, texture formats,
 * multi-texture setups and state blocks.
 */
#include "d3d7_test.h"

#define W 64
#define H 64

static void begin(struct d3d7_test *t, DWORD clear_color)
{
    HRESULT hr;

    hr = IDirect3DDevice7_Clear(t->device, 0, NULL, D3DCLEAR_TARGET | (t->ds ? D3DCLEAR_ZBUFFER : 0),
            clear_color, 1.0f, 0);
    ok(hr == D3D_OK, "Clear: hr %#lx.\n", hr);
    hr = IDirect3DDevice7_BeginScene(t->device);
    ok(hr == D3D_OK, "BeginScene: hr %#lx.\n", hr);
}

static void end(struct d3d7_test *t)
{
    HRESULT hr = IDirect3DDevice7_EndScene(t->device);
    ok(hr == D3D_OK, "EndScene: hr %#lx.\n", hr);
}

static void draw_quad(struct d3d7_test *t, float x0, float y0, float x1, float y1, float z, DWORD color)
{
    struct tl_vertex v[4];
    HRESULT hr;

    make_quad(v, x0, y0, x1, y1, z, color);
    hr = IDirect3DDevice7_DrawPrimitive(t->device, D3DPT_TRIANGLESTRIP, TL_FVF, v, 4, 0);
    ok(hr == D3D_OK, "DrawPrimitive: hr %#lx.\n", hr);
}

#define check_pixel(t, x, y, expect, diff) check_pixel_(__LINE__, t, x, y, expect, diff)
static void check_pixel_(int line, struct d3d7_test *t, unsigned int x, unsigned int y, DWORD expect, BYTE diff)
{
    DWORD color = get_pixel(t->rt, x, y);
    ok_(__FILE__, line)(compare_color(color, expect, diff), "Pixel (%u,%u) is %#08lx, expected %#08lx.\n",
            x, y, color, expect);
}

static BOOL setup(struct d3d7_test *t, enum test_depth depth)
{
    if (!create_device(t, W, H, depth)) return FALSE;
    IDirect3DDevice7_SetRenderState(t->device, D3DRENDERSTATE_LIGHTING, FALSE);
    IDirect3DDevice7_SetRenderState(t->device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    return TRUE;
}

static void test_clear(void)
{
    D3DRECT rects[2] = {{{0}, {0}, {16}, {16}}, {{32}, {32}, {48}, {48}}};
    D3DVIEWPORT7 vp = {8, 8, 48, 48, 0.0f, 1.0f};
    struct d3d7_test t;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0x00ff0000, 1.0f, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    check_pixel(&t, 0, 0, 0xff0000, 0);
    check_pixel(&t, 63, 63, 0xff0000, 0);

    hr = IDirect3DDevice7_Clear(t.device, 2, rects, D3DCLEAR_TARGET, 0x0000ff00, 1.0f, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    check_pixel(&t, 8, 8, 0x00ff00, 0);
    check_pixel(&t, 40, 40, 0x00ff00, 0);
    check_pixel(&t, 20, 20, 0xff0000, 0);
    check_pixel(&t, 16, 16, 0xff0000, 0);

    /* Clears are limited to the viewport. */
    hr = IDirect3DDevice7_SetViewport(t.device, &vp);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET, 0x000000ff, 1.0f, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    check_pixel(&t, 2, 2, 0x00ff00, 0);
    check_pixel(&t, 30, 30, 0x0000ff, 0);
    check_pixel(&t, 60, 60, 0xff0000, 0);

    /* Bad input. */
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, 0, 0, 1.0f, 0);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_STENCIL, 0, 1.0f, 0);
    ok(hr == D3DERR_STENCILBUFFER_NOTPRESENT || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
done:
    destroy_device(&t);

    /* Without a z-buffer, clearing z fails. */
    if (!setup(&t, TEST_NO_DEPTH)) goto done2;
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    ok(hr == D3DERR_ZBUFFER_NOTPRESENT || broken(hr == (HRESULT)0x8876086c), "Got hr %#lx.\n", hr);
done2:
    destroy_device(&t);
}

static void test_primitives(void)
{
    struct tl_vertex tri[3] = {{4, 4, 0, 1, 0xff0000}, {60, 4, 0, 1, 0xff0000}, {4, 60, 0, 1, 0xff0000}};
    struct tl_vertex fan[4] = {{8, 8, 0, 1, 0x00ff00}, {56, 8, 0, 1, 0x00ff00}, {56, 56, 0, 1, 0x00ff00},
            {8, 56, 0, 1, 0x00ff00}};
    struct tl_vertex points[2] = {{10, 10, 0, 1, 0xffffff}, {50, 40, 0, 1, 0x0000ff}};
    struct tl_vertex lines[4] = {{4, 20, 0, 1, 0xffff00}, {60, 20, 0, 1, 0xffff00},
            {30, 30, 0, 1, 0x00ffff}, {30, 60, 0, 1, 0x00ffff}};
    struct tl_vertex strip[3] = {{2, 50, 0, 1, 0xff00ff}, {40, 50, 0, 1, 0xff00ff}, {40, 10, 0, 1, 0xff00ff}};
    struct d3d7_test t;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;

    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 3, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 10, 10, 0xff0000, 0);
    check_pixel(&t, 50, 50, 0x000000, 0);

    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLEFAN, TL_FVF, fan, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 50, 12, 0x00ff00, 0);
    check_pixel(&t, 12, 50, 0x00ff00, 0);
    check_pixel(&t, 2, 2, 0x000000, 0);

    begin(&t, 0);
    draw_quad(&t, 16, 16, 48, 48, 0.0f, 0x0000ff);
    end(&t);
    check_pixel(&t, 20, 20, 0x0000ff, 0);
    check_pixel(&t, 46, 46, 0x0000ff, 0);
    check_pixel(&t, 10, 10, 0x000000, 0);

    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_POINTLIST, TL_FVF, points, 2, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 10, 10, 0xffffff, 0);
    check_pixel(&t, 50, 40, 0x0000ff, 0);
    check_pixel(&t, 12, 12, 0x000000, 0);

    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_LINELIST, TL_FVF, lines, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 32, 20, 0xffff00, 0);
    check_pixel(&t, 30, 45, 0x00ffff, 0);
    check_pixel(&t, 32, 25, 0x000000, 0);

    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_LINESTRIP, TL_FVF, strip, 3, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 20, 50, 0xff00ff, 0);
    check_pixel(&t, 40, 30, 0xff00ff, 0);
    check_pixel(&t, 20, 30, 0x000000, 0);

    /* Bad input changes nothing. */
    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, 0, TL_FVF, tri, 3, 0);
    ok(hr == D3DERR_INVALIDPRIMITIVETYPE || broken(SUCCEEDED(hr)), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, 7, TL_FVF, tri, 3, 0);
    ok(hr == D3DERR_INVALIDPRIMITIVETYPE || broken(SUCCEEDED(hr)), "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, D3DFVF_DIFFUSE, tri, 3, 0);
    ok(hr == D3DERR_INVALIDVERTEXTYPE || broken(SUCCEEDED(hr)), "Got hr %#lx.\n", hr);
    if (winetest_is_ours())
    {
        hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, NULL, 3, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 0, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 10, 10, 0x000000, 0);

    /* Drawing outside a scene works, as in the retail runtime. */
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, tri, 3, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    check_pixel(&t, 10, 10, 0xff0000, 0);
done:
    destroy_device(&t);
}

static void test_indexed_strided(void)
{
    struct tl_vertex v[4];
    WORD indices[6] = {0, 1, 2, 2, 1, 3}, bad[3] = {0, 1, 9};
    float pos[4][4];
    DWORD colors[4] = {0x00ff00, 0x00ff00, 0x00ff00, 0x00ff00};
    D3DDRAWPRIMITIVESTRIDEDDATA sd;
    struct d3d7_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    make_quad(v, 8, 8, 56, 56, 0.0f, 0xff0000);

    begin(&t, 0);
    hr = IDirect3DDevice7_DrawIndexedPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, v, 4, indices, 6, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 12, 12, 0xff0000, 0);
    check_pixel(&t, 52, 52, 0xff0000, 0);
    check_pixel(&t, 4, 4, 0x000000, 0);

    if (winetest_is_ours())
    {
        begin(&t, 0);
        hr = IDirect3DDevice7_DrawIndexedPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, v, 4, bad, 3, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Index beyond the vertices: hr %#lx.\n", hr);
        hr = IDirect3DDevice7_DrawIndexedPrimitive(t.device, D3DPT_TRIANGLELIST, TL_FVF, v, 4, NULL, 3, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        end(&t);
    }

    for (i = 0; i < 4; ++i)
    {
        pos[i][0] = v[i].x;
        pos[i][1] = v[i].y;
        pos[i][2] = 0.0f;
        pos[i][3] = 1.0f;
    }
    memset(&sd, 0, sizeof(sd));
    sd.position.lpvData = pos;
    sd.position.dwStride = sizeof(pos[0]);
    sd.diffuse.lpvData = colors;
    sd.diffuse.dwStride = sizeof(colors[0]);
    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitiveStrided(t.device, D3DPT_TRIANGLESTRIP, TL_FVF, &sd, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 12, 12, 0x00ff00, 0);
    check_pixel(&t, 52, 52, 0x00ff00, 0);

    colors[0] = colors[1] = colors[2] = colors[3] = 0x0000ff;
    begin(&t, 0);
    hr = IDirect3DDevice7_DrawIndexedPrimitiveStrided(t.device, D3DPT_TRIANGLELIST, TL_FVF, &sd, 4, indices, 6, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 12, 12, 0x0000ff, 0);
    check_pixel(&t, 52, 52, 0x0000ff, 0);
done:
    destroy_device(&t);
}

static void test_vertex_buffer_draws(void)
{
    static const DWORD caps[2] = {0, D3DVBCAPS_SYSTEMMEMORY};
    D3DVERTEXBUFFERDESC desc;
    IDirect3DVertexBuffer7 *vb;
    WORD indices[6] = {0, 1, 2, 2, 1, 3};
    struct tl_vertex *data;
    struct d3d7_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    for (i = 0; i < 2; ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwCaps = caps[i];
        desc.dwFVF = TL_FVF;
        desc.dwNumVertices = 8;
        hr = IDirect3D7_CreateVertexBuffer(t.d3d, &desc, &vb, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        if (FAILED(hr)) continue;
        hr = IDirect3DVertexBuffer7_Lock(vb, DDLOCK_WRITEONLY | DDLOCK_DISCARDCONTENTS, (void **)&data, NULL);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        make_quad(data, 0, 0, 1, 1, 0.0f, 0);
        make_quad(data + 4, 8, 8, 56, 56, 0.0f, i ? 0x00ff00 : 0xff0000);

        /* A locked buffer does not draw (Wine's builtin ddraw crashes). */
        if (winetest_is_ours())
        {
            begin(&t, 0);
            hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, vb, 4, 4, 0);
            ok(hr == D3DERR_VERTEXBUFFERLOCKED, "Got hr %#lx.\n", hr);
            end(&t);
        }
        hr = IDirect3DVertexBuffer7_Unlock(vb);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

        begin(&t, 0);
        hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, vb, 4, 4, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        end(&t);
        check_pixel(&t, 12, 12, i ? 0x00ff00 : 0xff0000, 0);
        check_pixel(&t, 52, 52, i ? 0x00ff00 : 0xff0000, 0);
        check_pixel(&t, 4, 4, 0x000000, 0);

        /* New contents after a NOOVERWRITE lock are drawn. */
        hr = IDirect3DVertexBuffer7_Lock(vb, DDLOCK_NOOVERWRITE, (void **)&data, NULL);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        make_quad(data + 4, 8, 8, 56, 56, 0.0f, 0x0000ff);
        IDirect3DVertexBuffer7_Unlock(vb);
        begin(&t, 0);
        hr = IDirect3DDevice7_DrawIndexedPrimitiveVB(t.device, D3DPT_TRIANGLELIST, vb, 4, 4, indices, 6, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        if (winetest_is_ours())
        {
            hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, vb, 6, 4, 0);
            ok(hr == DDERR_INVALIDPARAMS, "Draw beyond the buffer: hr %#lx.\n", hr);
            hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, NULL, 0, 4, 0);
            ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        }
        end(&t);
        check_pixel(&t, 12, 12, 0x0000ff, 0);
        check_pixel(&t, 52, 52, 0x0000ff, 0);
        IDirect3DVertexBuffer7_Release(vb);
    }
done:
    destroy_device(&t);
}

struct xyz_vertex
{
    float x, y, z;
    DWORD diffuse;
};

static void test_viewport_transform(void)
{
    struct xyz_vertex quad[4] =
    {
        {-1.0f, -1.0f, 0.5f, 0xff0000}, {-1.0f, 1.0f, 0.5f, 0xff0000},
        {1.0f, -1.0f, 0.5f, 0xff0000}, {1.0f, 1.0f, 0.5f, 0xff0000},
    };
    D3DVIEWPORT7 vp = {0, 0, 32, 32, 0.0f, 1.0f};
    struct d3d7_test t;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    begin(&t, 0x00ffffff);
    hr = IDirect3DDevice7_SetViewport(t.device, &vp);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_DIFFUSE, quad, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 4, 4, 0xff0000, 0);
    check_pixel(&t, 28, 28, 0xff0000, 0);
    check_pixel(&t, 40, 40, 0xffffff, 0);
    check_pixel(&t, 40, 4, 0xffffff, 0);

    /* y goes up in clip space: a triangle in the upper half lands at the top. */
    vp.dwWidth = W;
    vp.dwHeight = H;
    IDirect3DDevice7_SetViewport(t.device, &vp);
    quad[0].y = quad[2].y = 0.0f;
    begin(&t, 0x00ffffff);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_DIFFUSE, quad, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 32, 8, 0xff0000, 0);
    check_pixel(&t, 32, 56, 0xffffff, 0);
done:
    destroy_device(&t);
}

static void test_zbuffer(void)
{
    struct d3d7_test t;

    if (!setup(&t, TEST_DEPTH)) goto done;
    begin(&t, 0);
    draw_quad(&t, 8, 8, 40, 40, 0.2f, 0x00ff00);
    draw_quad(&t, 24, 24, 56, 56, 0.8f, 0xff0000);
    end(&t);
    check_pixel(&t, 30, 30, 0x00ff00, 0);
    check_pixel(&t, 50, 50, 0xff0000, 0);

    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZFUNC, D3DCMP_GREATER);
    begin(&t, 0);
    IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.0f, 0);
    draw_quad(&t, 8, 8, 40, 40, 0.2f, 0x00ff00);
    draw_quad(&t, 24, 24, 56, 56, 0.8f, 0xff0000);
    end(&t);
    check_pixel(&t, 30, 30, 0xff0000, 0);
    check_pixel(&t, 12, 12, 0x00ff00, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZFUNC, D3DCMP_LESSEQUAL);

    /* ZWRITEENABLE off: the second quad is not hidden by the first. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZWRITEENABLE, FALSE);
    begin(&t, 0);
    draw_quad(&t, 8, 8, 40, 40, 0.2f, 0x00ff00);
    draw_quad(&t, 24, 24, 56, 56, 0.8f, 0xff0000);
    end(&t);
    check_pixel(&t, 30, 30, 0xff0000, 0);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZWRITEENABLE, TRUE);

    /* ZENABLE off. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
    begin(&t, 0);
    draw_quad(&t, 8, 8, 40, 40, 0.2f, 0x00ff00);
    draw_quad(&t, 24, 24, 56, 56, 0.8f, 0xff0000);
    end(&t);
    check_pixel(&t, 30, 30, 0xff0000, 0);
done:
    destroy_device(&t);
}

/* Pre-transformed z reaches the depth buffer as it is, whatever the
 * viewport's dvMaxZ, and clamped to 1.0 there rather than clipped, with
 * CLIPPING on or off (Wine's visual.c depth_clamp_test: quads at z 5 and 10
 * with a viewport to 7.5 both land at 1.0, so with LESSEQUAL the later one
 * covers the earlier). visual.c also allows nothing drawn at all, which is
 * what Wine's builtin does here; ours draws as Windows does. */
static void test_pretransformed_depth_clamp(void)
{
    D3DVIEWPORT7 vp = {0, 0, W, H, 0.0f, 7.5f};
    struct d3d7_test t;

    if (!setup(&t, TEST_DEPTH)) goto done;
    IDirect3DDevice7_SetViewport(t.device, &vp);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZFUNC, D3DCMP_LESSEQUAL);
    begin(&t, 0x0000ff);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CLIPPING, FALSE);
    draw_quad(&t, 0, 0, W, H, 5.0f, 0x002b7f);
    draw_quad(&t, 0, 40, W, 48, 10.0f, 0xf9e814);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CLIPPING, TRUE);
    draw_quad(&t, 8, 8, 24, 24, 10.0f, 0xffffff);
    end(&t);
    check_pixel(&t, 32, 32, 0x002b7f, 1);
    check_pixel(&t, 32, 44, 0xf9e814, 1);
    check_pixel(&t, 16, 16, 0xffffff, 1);

    vp.dvMaxZ = 1.0f;
    IDirect3DDevice7_SetViewport(t.device, &vp);
done:
    destroy_device(&t);
}

static void test_stencil(void)
{
    struct d3d7_test t;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH_STENCIL)) goto done;
    hr = IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL,
            0, 1.0f, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_STENCILENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_STENCILFUNC, D3DCMP_ALWAYS);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_STENCILPASS, D3DSTENCILOP_REPLACE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_STENCILREF, 1);
    IDirect3DDevice7_BeginScene(t.device);
    draw_quad(&t, 8, 8, 32, 32, 0.5f, 0xff0000);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_STENCILFUNC, D3DCMP_EQUAL);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_STENCILPASS, D3DSTENCILOP_KEEP);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ZFUNC, D3DCMP_ALWAYS);
    draw_quad(&t, 0, 0, 64, 64, 0.5f, 0x0000ff);
    end(&t);
    check_pixel(&t, 20, 20, 0x0000ff, 0);
    check_pixel(&t, 48, 48, 0x000000, 0);
done:
    destroy_device(&t);
}

static void test_blend_alpha_test(void)
{
    struct d3d7_test t;

    if (!setup(&t, TEST_DEPTH)) goto done;
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_DESTBLEND, D3DBLEND_INVSRCALPHA);
    begin(&t, 0x000000ff);
    draw_quad(&t, 0, 0, 64, 64, 0.5f, 0x80ff0000);
    end(&t);
    check_pixel(&t, 32, 32, 0x80007f, 2);

    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_DESTBLEND, D3DBLEND_ONE);
    begin(&t, 0x00000080);
    draw_quad(&t, 0, 0, 64, 64, 0.5f, 0x00800000);
    end(&t);
    check_pixel(&t, 32, 32, 0x800080, 1);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHABLENDENABLE, FALSE);

    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHATESTENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAFUNC, D3DCMP_GREATER);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_ALPHAREF, 0x80);
    begin(&t, 0);
    draw_quad(&t, 0, 0, 32, 64, 0.5f, 0x40ff0000);
    draw_quad(&t, 32, 0, 64, 64, 0.5f, 0xc000ff00);
    end(&t);
    check_pixel(&t, 16, 32, 0x000000, 0);
    check_pixel(&t, 48, 32, 0x00ff00, 0);
done:
    destroy_device(&t);
}

struct tl_spec_vertex
{
    float x, y, z, rhw;
    DWORD diffuse, specular;
};

static void test_fog(void)
{
    struct tl_spec_vertex v[4];
    struct tl_vertex q[4];
    struct d3d7_test t;
    float start = 0.0f, end_ = 1.0f;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGENABLE, TRUE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGCOLOR, 0x0000ff00);

    /* Pre-transformed vertices: the fog factor is the specular alpha. */
    make_quad(q, 0, 0, 64, 64, 0.5f, 0xff0000);
    for (i = 0; i < 4; ++i)
    {
        v[i].x = q[i].x; v[i].y = q[i].y; v[i].z = q[i].z; v[i].rhw = 1.0f;
        v[i].diffuse = 0xffff0000;
        v[i].specular = i < 2 ? 0x00000000 : 0xff000000;
    }
    v[0].x = v[2].x = 0; v[1].x = v[3].x = 64;
    for (i = 0; i < 4; ++i) v[i].specular = (i & 1) ? 0xff000000 : 0x00000000;
    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP,
            D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR, v, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    /* Left: factor 0 = all fog; right: factor 1 = no fog. */
    check_pixel(&t, 1, 32, 0x00ff00, 10);
    check_pixel(&t, 62, 32, 0xff0000, 10);
    check_pixel(&t, 32, 32, 0x808000, 10);

    /* Linear table fog over z. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGTABLEMODE, D3DFOG_LINEAR);
    {
        DWORD d;

        memcpy(&d, &start, 4);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGSTART, d);
        memcpy(&d, &end_, 4);
        IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_FOGEND, d);
    }
    begin(&t, 0);
    draw_quad(&t, 0, 0, 32, 64, 0.0f, 0xff0000);
    draw_quad(&t, 32, 0, 64, 64, 1.0f, 0xff0000);
    end(&t);
    check_pixel(&t, 16, 32, 0xff0000, 10);
    check_pixel(&t, 48, 32, 0x00ff00, 10);
done:
    destroy_device(&t);
}

struct lit_vertex
{
    float x, y, z;
    float nx, ny, nz;
};

static void test_lighting(void)
{
    struct lit_vertex quad[4] =
    {
        {-1.0f, -1.0f, 0.5f, 0.0f, 0.0f, -1.0f}, {-1.0f, 1.0f, 0.5f, 0.0f, 0.0f, -1.0f},
        {1.0f, -1.0f, 0.5f, 0.0f, 0.0f, -1.0f}, {1.0f, 1.0f, 0.5f, 0.0f, 0.0f, -1.0f},
    };
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    struct d3d7_test t;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_LIGHTING, TRUE);
    memset(&mat, 0, sizeof(mat));
    mat.diffuse.r = 1.0f;
    mat.diffuse.a = 1.0f;
    mat.ambient.b = 1.0f;
    IDirect3DDevice7_SetMaterial(t.device, &mat);

    /* No light, no ambient: black. */
    begin(&t, 0x00ffffff);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, quad, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 32, 32, 0x000000, 1);

    /* Ambient only. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_AMBIENT, 0x00808080);
    begin(&t, 0x00ffffff);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, quad, 4, 0);
    end(&t);
    check_pixel(&t, 32, 32, 0x000080, 2);

    /* A directional light shining along +z onto normals facing -z. */
    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dcvDiffuse.r = light.dcvDiffuse.g = light.dcvDiffuse.b = 1.0f;
    light.dvDirection.z = 1.0f;
    IDirect3DDevice7_SetLight(t.device, 0, &light);
    IDirect3DDevice7_LightEnable(t.device, 0, TRUE);
    begin(&t, 0x00ffffff);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, quad, 4, 0);
    end(&t);
    check_pixel(&t, 32, 32, 0xff0080, 2);

    /* A light from behind does not light the front. */
    light.dvDirection.z = -1.0f;
    IDirect3DDevice7_SetLight(t.device, 0, &light);
    begin(&t, 0x00ffffff);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, quad, 4, 0);
    end(&t);
    check_pixel(&t, 32, 32, 0x000080, 2);
done:
    destroy_device(&t);
}

struct tex_vertex
{
    float x, y, z, rhw;
    DWORD diffuse;
    float u, v;
};

static IDirectDrawSurface7 *create_texture_fmt(IDirectDraw7 *ddraw, const DDPIXELFORMAT *pf, DWORD w, DWORD h)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.dwWidth = w;
    desc.dwHeight = h;
    desc.ddpfPixelFormat = *pf;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL))) return NULL;
    return surface;
}

/* Fills a texture with one texel value of bpp bits (or a block for DXT). */
static void fill_texture(IDirectDrawSurface7 *surface, const void *texel, unsigned int texel_size, DWORD rows)
{
    DDSURFACEDESC2 desc;
    unsigned int x, y;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WRITEONLY | DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr)) return;
    if (desc.ddpfPixelFormat.dwFlags & DDPF_FOURCC)
    {
        /* 4x4 blocks of texel_size bytes, block rows packed. */
        for (x = 0; x < (desc.dwWidth / 4) * (desc.dwHeight / 4); ++x)
            memcpy((BYTE *)desc.lpSurface + x * texel_size, texel, texel_size);
    }
    else
    {
        for (y = 0; y < rows; ++y)
            for (x = 0; x < desc.dwWidth * texel_size; x += texel_size)
                memcpy((BYTE *)desc.lpSurface + y * desc.lPitch + x, texel, texel_size);
    }
    IDirectDrawSurface7_Unlock(surface, NULL);
}

static void make_tex_quad(struct tex_vertex *v, float x0, float y0, float x1, float y1, DWORD color)
{
    struct tl_vertex q[4];
    unsigned int i;

    make_quad(q, x0, y0, x1, y1, 0.5f, color);
    for (i = 0; i < 4; ++i)
    {
        v[i].x = q[i].x; v[i].y = q[i].y; v[i].z = 0.5f; v[i].rhw = 1.0f; v[i].diffuse = color;
        v[i].u = (i & 1) ? 1.0f : 0.0f;
        v[i].v = (i & 2) ? 1.0f : 0.0f;
    }
}

static void test_texture_formats(void)
{
    static const struct
    {
        const char *name;
        DWORD flags, bits, r, g, b, a, fourcc;
        BYTE texel[16];
        unsigned int size, rows;
        DWORD expect;
    }
    formats[] =
    {
        {"A8R8G8B8", DDPF_RGB | DDPF_ALPHAPIXELS, 32, 0xff0000, 0xff00, 0xff, 0xff000000, 0,
                {0x40, 0x80, 0xc0, 0xff}, 4, 16, 0xc08040},
        {"X8R8G8B8", DDPF_RGB, 32, 0xff0000, 0xff00, 0xff, 0, 0, {0xff, 0x00, 0x80, 0x00}, 4, 16, 0x8000ff},
        {"R5G6B5", DDPF_RGB, 16, 0xf800, 0x07e0, 0x001f, 0, 0, {0x1f, 0xf8}, 2, 16, 0xff00ff},
        {"X1R5G5B5", DDPF_RGB, 16, 0x7c00, 0x03e0, 0x001f, 0, 0, {0xe0, 0x03}, 2, 16, 0x00ff00},
        {"A1R5G5B5", DDPF_RGB | DDPF_ALPHAPIXELS, 16, 0x7c00, 0x03e0, 0x001f, 0x8000, 0, {0x00, 0xfc}, 2, 16, 0xff0000},
        {"A4R4G4B4", DDPF_RGB | DDPF_ALPHAPIXELS, 16, 0x0f00, 0x00f0, 0x000f, 0xf000, 0, {0xf0, 0xff}, 2, 16, 0xffff00},
        {"R8G8B8", DDPF_RGB, 24, 0xff0000, 0xff00, 0xff, 0, 0, {0x20, 0x40, 0x80}, 3, 16, 0x804020},
        {"L8", DDPF_LUMINANCE, 8, 0xff, 0, 0, 0, 0, {0x80}, 1, 16, 0x808080},
        {"A8L8", DDPF_LUMINANCE | DDPF_ALPHAPIXELS, 16, 0xff, 0, 0, 0xff00, 0, {0x40, 0xff}, 2, 16, 0x404040},
        /* A DXT1 block: colour0 = pure blue, every index 0. */
        {"DXT1", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','1'),
                {0x1f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, 8, 4, 0x0000ff},
        /* 16-byte blocks: opaque alpha, then the same colour block (green). */
        {"DXT2", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','2'),
                {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe0, 0x07}, 16, 4, 0x00ff00},
        {"DXT3", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','3'),
                {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe0, 0x07}, 16, 4, 0x00ff00},
        {"DXT4", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','4'),
                {0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe0, 0x07}, 16, 4, 0x00ff00},
        {"DXT5", DDPF_FOURCC, 0, 0, 0, 0, 0, MAKEFOURCC('D','X','T','5'),
                {0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe0, 0x07}, 16, 4, 0x00ff00},
    };
    struct tex_vertex v[4];
    struct d3d7_test t;
    unsigned int i;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    make_tex_quad(v, 0, 0, 64, 64, 0xffffffff);

    for (i = 0; i < sizeof(formats) / sizeof(*formats); ++i)
    {
        IDirectDrawSurface7 *tex;
        DDPIXELFORMAT pf;

        memset(&pf, 0, sizeof(pf));
        pf.dwSize = sizeof(pf);
        pf.dwFlags = formats[i].flags;
        pf.dwFourCC = formats[i].fourcc;
        pf.dwRGBBitCount = formats[i].bits;
        pf.dwRBitMask = formats[i].r;
        pf.dwGBitMask = formats[i].g;
        pf.dwBBitMask = formats[i].b;
        pf.dwRGBAlphaBitMask = formats[i].a;
        if (!(tex = create_texture_fmt(t.ddraw, &pf, 16, 16)))
        {
            skip("Format %s is not supported.\n", formats[i].name);
            continue;
        }
        fill_texture(tex, formats[i].texel, formats[i].size, formats[i].rows);
        hr = IDirect3DDevice7_SetTexture(t.device, 0, tex);
        ok(hr == D3D_OK, "%s: hr %#lx.\n", formats[i].name, hr);
        begin(&t, 0);
        hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP,
                D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, v, 4, 0);
        ok(hr == D3D_OK, "%s: hr %#lx.\n", formats[i].name, hr);
        end(&t);
        {
            DWORD c = get_pixel(t.rt, 32, 32);
            ok(compare_color(c, formats[i].expect, 8), "%s: got %#08lx, expected %#08lx.\n",
                    formats[i].name, c, formats[i].expect);
        }
        IDirect3DDevice7_SetTexture(t.device, 0, NULL);
        IDirectDrawSurface7_Release(tex);
    }
done:
    destroy_device(&t);
}

static IDirectDrawSurface7 *solid_texture(IDirectDraw7 *ddraw, DWORD argb)
{
    DDPIXELFORMAT pf;
    IDirectDrawSurface7 *tex;

    memset(&pf, 0, sizeof(pf));
    pf.dwSize = sizeof(pf);
    pf.dwFlags = DDPF_RGB | DDPF_ALPHAPIXELS;
    pf.dwRGBBitCount = 32;
    pf.dwRBitMask = 0xff0000;
    pf.dwGBitMask = 0xff00;
    pf.dwBBitMask = 0xff;
    pf.dwRGBAlphaBitMask = 0xff000000;
    if ((tex = create_texture_fmt(ddraw, &pf, 8, 8)))
        fill_texture(tex, &argb, 4, 8);
    return tex;
}

static void test_multitexture(void)
{
    IDirectDrawSurface7 *base, *lightmap;
    struct tex_vertex v[4];
    struct d3d7_test t;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    base = solid_texture(t.ddraw, 0xff80ff40);
    lightmap = solid_texture(t.ddraw, 0xff808080);
    if (!base || !lightmap) goto done;
    make_tex_quad(v, 0, 0, 64, 64, 0xffffffff);
    IDirect3DDevice7_SetTexture(t.device, 0, base);
    IDirect3DDevice7_SetTexture(t.device, 1, lightmap);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_TEXCOORDINDEX, 0);

    /* Light map: base * light. */
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    begin(&t, 0);
    hr = IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP,
            D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, v, 4, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    end(&t);
    check_pixel(&t, 32, 32, 0x408020, 2);

    /* Detail texture: base + detail - 0.5. */
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_ADDSIGNED);
    begin(&t, 0);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, v, 4, 0);
    end(&t);
    check_pixel(&t, 32, 32, 0x80ff40, 2);

    /* Specular-style add, saturating. */
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_ADD);
    begin(&t, 0);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, v, 4, 0);
    end(&t);
    check_pixel(&t, 32, 32, 0xffffc0, 2);

    /* Texture factor through stage 1. */
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREFACTOR, 0xff00ff00);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    begin(&t, 0);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, v, 4, 0);
    end(&t);
    check_pixel(&t, 32, 32, 0x00ff00, 1);

    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirect3DDevice7_SetTexture(t.device, 1, NULL);
    IDirectDrawSurface7_Release(base);
    IDirectDrawSurface7_Release(lightmap);
done:
    destroy_device(&t);
}

struct tex2_vertex
{
    float x, y, z, rhw;
    DWORD diffuse;
    float u0, v0, u1, v1;
};

/* Two coordinate sets: the light map's coordinates pick its left half. */
static void test_multitexture_two_sets(void)
{
    IDirectDrawSurface7 *base, *lightmap;
    struct tex2_vertex v[4];
    DDSURFACEDESC2 desc;
    struct d3d7_test t;
    unsigned int i, x, y;

    if (!setup(&t, TEST_DEPTH)) goto done;
    base = solid_texture(t.ddraw, 0x80ffffff);
    lightmap = solid_texture(t.ddraw, 0xff000000);
    if (!base || !lightmap) goto done;
    /* Light map: left half 0x404040, right half 0xffffff. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (SUCCEEDED(IDirectDrawSurface7_Lock(lightmap, NULL, &desc, DDLOCK_WAIT, NULL)))
    {
        for (y = 0; y < desc.dwHeight; ++y)
            for (x = 0; x < desc.dwWidth; ++x)
                ((DWORD *)((BYTE *)desc.lpSurface + y * desc.lPitch))[x] = x < desc.dwWidth / 2 ? 0xff404040 : 0xffffffff;
        IDirectDrawSurface7_Unlock(lightmap, NULL);
    }
    for (i = 0; i < 4; ++i)
    {
        v[i].x = (i & 1) ? 64.0f : 0.0f;
        v[i].y = (i & 2) ? 64.0f : 0.0f;
        v[i].z = 0.5f;
        v[i].rhw = 1.0f;
        v[i].diffuse = 0xffffffff;
        v[i].u0 = (i & 1) ? 1.0f : 0.0f;
        v[i].v0 = (i & 2) ? 1.0f : 0.0f;
        v[i].u1 = (i & 1) ? 0.25f : 0.0f;  /* the left half of the light map only */
        v[i].v1 = v[i].v0;
    }
    IDirect3DDevice7_SetTexture(t.device, 0, base);
    IDirect3DDevice7_SetTexture(t.device, 1, lightmap);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_TEXCOORDINDEX, 1);
    begin(&t, 0);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX2, v, 4, 0);
    end(&t);
    check_pixel(&t, 48, 32, 0x404040, 2);

    /* Gloss in the base's alpha: colour + alpha * light (MODULATEALPHA_ADDCOLOR). */
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_MODULATEALPHA_ADDCOLOR);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG1, D3DTA_CURRENT);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLORARG2, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice7_SetTexture(t.device, 0, lightmap);
    IDirect3DDevice7_SetTexture(t.device, 1, base);
    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_TEXCOORDINDEX, 0);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_TEXCOORDINDEX, 1);
    begin(&t, 0);
    IDirect3DDevice7_DrawPrimitive(t.device, D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX2, v, 4, 0);
    end(&t);
    /* 0x404040 + 1.0 * 0xffffff saturates. */
    check_pixel(&t, 48, 32, 0xffffff, 2);

    IDirect3DDevice7_SetTextureStageState(t.device, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice7_SetTexture(t.device, 0, NULL);
    IDirect3DDevice7_SetTexture(t.device, 1, NULL);
    IDirectDrawSurface7_Release(base);
    IDirectDrawSurface7_Release(lightmap);
done:
    destroy_device(&t);
}

static void test_stateblock_render(void)
{
    struct d3d7_test t;
    DWORD sb;
    HRESULT hr;

    if (!setup(&t, TEST_DEPTH)) goto done;
    hr = IDirect3DDevice7_BeginStateBlock(t.device);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_TEXTUREFACTOR, 0xff0000ff);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice7_SetTextureStageState(t.device, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    hr = IDirect3DDevice7_EndStateBlock(t.device, &sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);

    /* Recording did not change what draws. */
    begin(&t, 0);
    draw_quad(&t, 0, 0, 64, 64, 0.5f, 0xff0000);
    end(&t);
    check_pixel(&t, 32, 32, 0xff0000, 0);

    hr = IDirect3DDevice7_ApplyStateBlock(t.device, sb);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    begin(&t, 0);
    draw_quad(&t, 0, 0, 64, 64, 0.5f, 0xff0000);
    end(&t);
    check_pixel(&t, 32, 32, 0x0000ff, 0);
    IDirect3DDevice7_DeleteStateBlock(t.device, sb);
done:
    destroy_device(&t);
}

START_TEST(render)
{
    test_clear();
    test_primitives();
    test_indexed_strided();
    test_vertex_buffer_draws();
    test_viewport_transform();
    test_zbuffer();
    test_pretransformed_depth_clamp();
    test_stencil();
    test_blend_alpha_test();
    test_fog();
    test_lighting();
    test_texture_formats();
    test_multitexture();
    test_multitexture_two_sets();
    test_stateblock_render();
}

/*
 * IDirect3DVertexBuffer7: creation, Lock flags, descriptions, Optimize and
 * ProcessVertices / ProcessVerticesStrided.  The transform results are the
 * values Windows gives (as recorded by Wine's ddraw7 tests).
 */
#include "d3d7_test.h"

struct vec3 { float x, y, z; };
struct vec4 { float x, y, z, w; };

static BOOL compare_vec4(const struct vec4 *v, float x, float y, float z, float w, unsigned int ulps)
{
    return compare_float(v->x, x, ulps) && compare_float(v->y, y, ulps)
            && compare_float(v->z, z, ulps) && compare_float(v->w, w, ulps);
}

static IDirect3DVertexBuffer7 *create_vb(IDirect3D7 *d3d, DWORD fvf, DWORD count, DWORD caps)
{
    IDirect3DVertexBuffer7 *vb = NULL;
    D3DVERTEXBUFFERDESC desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwCaps = caps;
    desc.dwFVF = fvf;
    desc.dwNumVertices = count;
    hr = IDirect3D7_CreateVertexBuffer(d3d, &desc, &vb, 0);
    ok(hr == D3D_OK, "CreateVertexBuffer: hr %#lx.\n", hr);
    return vb;
}

static void test_create_desc_lock(void)
{
    static const DWORD lock_flags[] =
    {
        0, DDLOCK_WAIT, DDLOCK_EVENT, DDLOCK_READONLY, DDLOCK_WRITEONLY, DDLOCK_NOSYSLOCK,
        DDLOCK_NOOVERWRITE, DDLOCK_DISCARDCONTENTS, DDLOCK_READONLY | DDLOCK_WRITEONLY,
        DDLOCK_READONLY | DDLOCK_DISCARDCONTENTS, 0xdeadbeef,
    };
    union { D3DVERTEXBUFFERDESC desc; BYTE bytes[512]; } mem;
    IDirect3DVertexBuffer7 *vb;
    D3DVERTEXBUFFERDESC desc;
    struct d3d7_test t;
    unsigned int i;
    DWORD size;
    void *data;
    HRESULT hr;

    if (!create_ddraw(&t)) goto done;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_XYZ;
    desc.dwNumVertices = 64;
    hr = IDirect3D7_CreateVertexBuffer(t.d3d, NULL, &vb, 0);
    ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    if (winetest_is_ours())
    {
        hr = IDirect3D7_CreateVertexBuffer(t.d3d, &desc, NULL, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    /* The last parameter is documented as 0 and ignored. */
    hr = IDirect3D7_CreateVertexBuffer(t.d3d, &desc, &vb, 12345678);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    if (FAILED(hr)) goto done;

    for (i = 0; i < sizeof(lock_flags) / sizeof(*lock_flags); ++i)
    {
        data = NULL;
        hr = IDirect3DVertexBuffer7_Lock(vb, lock_flags[i], &data, NULL);
        ok(hr == D3D_OK && data, "Lock flags %#lx: hr %#lx.\n", lock_flags[i], hr);
        if (SUCCEEDED(hr))
        {
            hr = IDirect3DVertexBuffer7_Unlock(vb);
            ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        }
    }
    size = 0;
    hr = IDirect3DVertexBuffer7_Lock(vb, 0, &data, &size);
    ok(hr == D3D_OK && size == 64 * 12, "Got hr %#lx, size %lu.\n", hr, size);
    IDirect3DVertexBuffer7_Unlock(vb);
    if (winetest_is_ours())
    {
        hr = IDirect3DVertexBuffer7_Lock(vb, 0, NULL, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }

    /* GetVertexBufferDesc writes nothing beyond the structure and keeps dwSize. */
    memset(mem.bytes, 0x12, sizeof(mem.bytes));
    mem.desc.dwSize = 2 * sizeof(D3DVERTEXBUFFERDESC);
    hr = IDirect3DVertexBuffer7_GetVertexBufferDesc(vb, &mem.desc);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(mem.desc.dwSize == 2 * sizeof(D3DVERTEXBUFFERDESC), "Got size %lu.\n", mem.desc.dwSize);
    ok(mem.bytes[sizeof(D3DVERTEXBUFFERDESC)] == 0x12, "Wrote beyond the structure.\n");
    ok(mem.desc.dwCaps == 0 && mem.desc.dwFVF == D3DFVF_XYZ && mem.desc.dwNumVertices == 64,
            "Got caps %#lx, fvf %#lx, %lu vertices.\n", mem.desc.dwCaps, mem.desc.dwFVF, mem.desc.dwNumVertices);
    if (winetest_is_ours())
    {
        hr = IDirect3DVertexBuffer7_GetVertexBufferDesc(vb, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    IDirect3DVertexBuffer7_Release(vb);

    /* A system memory buffer keeps its caps. */
    if ((vb = create_vb(t.d3d, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, 16, D3DVBCAPS_SYSTEMMEMORY | D3DVBCAPS_WRITEONLY)))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        IDirect3DVertexBuffer7_GetVertexBufferDesc(vb, &desc);
        ok(desc.dwCaps == (D3DVBCAPS_SYSTEMMEMORY | D3DVBCAPS_WRITEONLY), "Got caps %#lx.\n", desc.dwCaps);
        IDirect3DVertexBuffer7_Release(vb);
    }
done:
    destroy_device(&t);
}

static void test_process_vertices(void)
{
    static D3DMATRIX world = {0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1};
    static D3DMATRIX view = {2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3};
    static D3DMATRIX proj = {1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1};
    IDirect3DVertexBuffer7 *src_vb, *dst_vb;
    struct vec3 *src;
    struct vec4 *dst;
    D3DVIEWPORT7 vp;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 256, 256, TEST_DEPTH)) goto done;
    src_vb = create_vb(t.d3d, D3DFVF_XYZ, 4, 0);
    dst_vb = create_vb(t.d3d, D3DFVF_XYZRHW, 4, 0);
    if (!src_vb || !dst_vb) goto done;

    hr = IDirect3DVertexBuffer7_Lock(src_vb, 0, (void **)&src, NULL);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    src[0].x = 0.0f; src[0].y = 0.0f; src[0].z = 0.0f;
    src[1].x = 1.0f; src[1].y = 1.0f; src[1].z = 1.0f;
    src[2].x = -1.0f; src[2].y = -1.0f; src[2].z = 0.5f;
    src[3].x = 0.5f; src[3].y = -0.5f; src[3].z = 0.25f;

    /* A locked source is refused. */
    if (winetest_is_ours())
    {
        hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, src_vb, 0, t.device, 0);
        ok(hr == D3DERR_VERTEXBUFFERLOCKED, "Got hr %#lx.\n", hr);
    }
    IDirect3DVertexBuffer7_Unlock(src_vb);

    memset(&vp, 0, sizeof(vp));
    vp.dwX = 64; vp.dwY = 64; vp.dwWidth = 128; vp.dwHeight = 128; vp.dvMinZ = 0.0f; vp.dvMaxZ = 1.0f;
    IDirect3DDevice7_SetViewport(t.device, &vp);
    hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, src_vb, 0, t.device, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DVertexBuffer7_Lock(dst_vb, 0, (void **)&dst, NULL);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    ok(compare_vec4(&dst[0], 128.0f, 128.0f, 0.0f, 1.0f, 4096), "Vertex 0 {%.8e %.8e %.8e %.8e}.\n",
            dst[0].x, dst[0].y, dst[0].z, dst[0].w);
    ok(compare_vec4(&dst[1], 192.0f, 64.0f, 1.0f, 1.0f, 4096), "Vertex 1 {%.8e %.8e %.8e %.8e}.\n",
            dst[1].x, dst[1].y, dst[1].z, dst[1].w);
    ok(compare_vec4(&dst[2], 64.0f, 192.0f, 0.5f, 1.0f, 4096), "Vertex 2 {%.8e %.8e %.8e %.8e}.\n",
            dst[2].x, dst[2].y, dst[2].z, dst[2].w);
    ok(compare_vec4(&dst[3], 160.0f, 160.0f, 0.25f, 1.0f, 4096), "Vertex 3 {%.8e %.8e %.8e %.8e}.\n",
            dst[3].x, dst[3].y, dst[3].z, dst[3].w);
    IDirect3DVertexBuffer7_Unlock(dst_vb);

    /* An empty depth range is widened. */
    vp.dvMinZ = 0.0f; vp.dvMaxZ = 0.0f;
    IDirect3DDevice7_SetViewport(t.device, &vp);
    IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, src_vb, 0, t.device, 0);
    IDirect3DVertexBuffer7_Lock(dst_vb, 0, (void **)&dst, NULL);
    ok(compare_vec4(&dst[1], 192.0f, 64.0f, 1.0e-3f, 1.0f, 4096), "Vertex 1 {%.8e %.8e %.8e %.8e}.\n",
            dst[1].x, dst[1].y, dst[1].z, dst[1].w);
    IDirect3DVertexBuffer7_Unlock(dst_vb);

    memset(&vp, 0, sizeof(vp));
    vp.dwX = 10; vp.dwY = 5; vp.dwWidth = 246; vp.dwHeight = 130; vp.dvMinZ = -2.0f; vp.dvMaxZ = 4.0f;
    IDirect3DDevice7_SetViewport(t.device, &vp);
    IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, src_vb, 0, t.device, 0);
    IDirect3DVertexBuffer7_Lock(dst_vb, 0, (void **)&dst, NULL);
    ok(compare_vec4(&dst[0], 133.0f, 70.0f, -2.0f, 1.0f, 4096), "Vertex 0 {%.8e %.8e %.8e %.8e}.\n",
            dst[0].x, dst[0].y, dst[0].z, dst[0].w);
    ok(compare_vec4(&dst[3], 194.5f, 102.5f, -0.5f, 1.0f, 4096), "Vertex 3 {%.8e %.8e %.8e %.8e}.\n",
            dst[3].x, dst[3].y, dst[3].z, dst[3].w);
    IDirect3DVertexBuffer7_Unlock(dst_vb);

    IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_WORLD, &world);
    IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_VIEW, &view);
    IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_PROJECTION, &proj);
    hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, src_vb, 0, t.device, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DVertexBuffer7_Lock(dst_vb, 0, (void **)&dst, NULL);
    ok(compare_vec4(&dst[0], 256.0f, 70.0f, -2.0f, 3.333e-1f, 4096), "Vertex 0 {%.8e %.8e %.8e %.8e}.\n",
            dst[0].x, dst[0].y, dst[0].z, dst[0].w);
    ok(compare_vec4(&dst[1], 256.0f, 78.125f, -2.75f, 0.125f, 4096), "Vertex 1 {%.8e %.8e %.8e %.8e}.\n",
            dst[1].x, dst[1].y, dst[1].z, dst[1].w);
    ok(compare_vec4(&dst[2], 256.0f, 44.0f, 0.4f, 0.4f, 4096), "Vertex 2 {%.8e %.8e %.8e %.8e}.\n",
            dst[2].x, dst[2].y, dst[2].z, dst[2].w);
    ok(compare_vec4(&dst[3], 256.0f, 81.818176f, -3.090909f, 0.36363637f, 4096),
            "Vertex 3 {%.8e %.8e %.8e %.8e}.\n", dst[3].x, dst[3].y, dst[3].z, dst[3].w);
    IDirect3DVertexBuffer7_Unlock(dst_vb);

    /* Ranges and arguments (Wine's builtin ddraw overruns the buffers). */
    if (winetest_is_ours())
    {
        hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 2, 4, src_vb, 0, t.device, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, NULL, 0, t.device, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM, 0, 4, src_vb, 0, NULL, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }

    IDirect3DVertexBuffer7_Release(dst_vb);
    IDirect3DVertexBuffer7_Release(src_vb);
done:
    destroy_device(&t);
}

struct lit_src { float x, y, z, nx, ny, nz; };
struct tl_out { float x, y, z, rhw; DWORD diffuse, specular; };

static void test_process_lighting_strided(void)
{
    struct lit_src src[2] = {{0, 0, 0.5f, 0, 0, -1}, {0.5f, 0.5f, 0.5f, 0, 0, 1}};
    D3DDRAWPRIMITIVESTRIDEDDATA sd;
    IDirect3DVertexBuffer7 *src_vb, *dst_vb;
    struct tl_out *out;
    struct lit_src *p;
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    struct d3d7_test t;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    src_vb = create_vb(t.d3d, D3DFVF_XYZ | D3DFVF_NORMAL, 2, 0);
    dst_vb = create_vb(t.d3d, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR, 2, 0);
    if (!src_vb || !dst_vb) goto done;
    IDirect3DVertexBuffer7_Lock(src_vb, 0, (void **)&p, NULL);
    memcpy(p, src, sizeof(src));
    IDirect3DVertexBuffer7_Unlock(src_vb);

    memset(&mat, 0, sizeof(mat));
    mat.diffuse.r = 1.0f; mat.diffuse.a = 1.0f;
    mat.ambient.g = 1.0f;
    IDirect3DDevice7_SetMaterial(t.device, &mat);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_AMBIENT, 0x00404040);
    memset(&light, 0, sizeof(light));
    light.dltType = D3DLIGHT_DIRECTIONAL;
    light.dcvDiffuse.r = light.dcvDiffuse.g = light.dcvDiffuse.b = 1.0f;
    light.dvDirection.z = 1.0f;
    IDirect3DDevice7_SetLight(t.device, 0, &light);
    IDirect3DDevice7_LightEnable(t.device, 0, TRUE);

    hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 2, src_vb, 0,
            t.device, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DVertexBuffer7_Lock(dst_vb, 0, (void **)&out, NULL);
    /* Facing the light: diffuse red plus ambient green; facing away: ambient only. */
    ok(compare_color(out[0].diffuse, 0xffff4000, 2), "Vertex 0 diffuse %#08lx.\n", out[0].diffuse);
    ok(compare_color(out[1].diffuse, 0xff004000, 2), "Vertex 1 diffuse %#08lx.\n", out[1].diffuse);
    ok(compare_float(out[0].x, 32.0f, 64) && compare_float(out[0].y, 32.0f, 64), "Vertex 0 at %f,%f.\n",
            out[0].x, out[0].y);
    IDirect3DVertexBuffer7_Unlock(dst_vb);

    /* The same through strided data. */
    memset(&sd, 0, sizeof(sd));
    sd.position.lpvData = &src[0].x;
    sd.position.dwStride = sizeof(src[0]);
    sd.normal.lpvData = &src[0].nx;
    sd.normal.dwStride = sizeof(src[0]);
    hr = IDirect3DVertexBuffer7_ProcessVerticesStrided(dst_vb, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 2, &sd,
            D3DFVF_XYZ | D3DFVF_NORMAL, t.device, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DVertexBuffer7_Lock(dst_vb, 0, (void **)&out, NULL);
    ok(compare_color(out[0].diffuse, 0xffff4000, 2), "Vertex 0 diffuse %#08lx.\n", out[0].diffuse);
    ok(compare_float(out[1].x, 48.0f, 64) && compare_float(out[1].y, 16.0f, 64), "Vertex 1 at %f,%f.\n",
            out[1].x, out[1].y);
    IDirect3DVertexBuffer7_Unlock(dst_vb);

    /* The processed buffer draws as pre-transformed vertices. */
    IDirect3DDevice7_BeginScene(t.device);
    hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_POINTLIST, dst_vb, 0, 2, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    IDirect3DDevice7_EndScene(t.device);

    IDirect3DVertexBuffer7_Release(dst_vb);
    IDirect3DVertexBuffer7_Release(src_vb);
done:
    destroy_device(&t);
}

static void test_optimize(void)
{
    IDirect3DVertexBuffer7 *vb;
    D3DVERTEXBUFFERDESC desc;
    struct d3d7_test t;
    void *data;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    if (!(vb = create_vb(t.d3d, D3DFVF_XYZRHW, 4, 0))) goto done;
    hr = IDirect3DVertexBuffer7_Optimize(vb, t.device, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirect3DVertexBuffer7_GetVertexBufferDesc(vb, &desc);
    ok(desc.dwCaps & D3DVBCAPS_OPTIMIZED || broken(!desc.dwCaps), "Got caps %#lx.\n", desc.dwCaps);
    /* An optimized buffer cannot be locked any more. */
    hr = IDirect3DVertexBuffer7_Lock(vb, 0, &data, NULL);
    ok(hr == D3DERR_VERTEXBUFFEROPTIMIZED || broken(hr == D3D_OK), "Got hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirect3DVertexBuffer7_Unlock(vb);
    IDirect3DVertexBuffer7_Release(vb);
done:
    destroy_device(&t);
}

static void test_bad_input(void)
{
    IDirect3DVertexBuffer7 *vb = NULL, *src;
    D3DVERTEXBUFFERDESC desc;
    struct d3d7_test t;
    void *data;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFVF = D3DFVF_DIFFUSE;
    desc.dwNumVertices = 4;
    hr = IDirect3D7_CreateVertexBuffer(t.d3d, &desc, &vb, 0);
    ok(hr == D3DERR_INVALIDVERTEXFORMAT || broken(hr == D3D_OK), "No position: hr %#lx.\n", hr);
    if (vb) IDirect3DVertexBuffer7_Release(vb);
    vb = NULL;
    desc.dwFVF = D3DFVF_XYZ;
    desc.dwNumVertices = 0;
    hr = IDirect3D7_CreateVertexBuffer(t.d3d, &desc, &vb, 0);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == D3D_OK), "No vertices: hr %#lx.\n", hr);
    if (vb) IDirect3DVertexBuffer7_Release(vb);

    vb = create_vb(t.d3d, D3DFVF_XYZRHW, 4, 0);
    src = create_vb(t.d3d, D3DFVF_XYZ, 4, 0);
    if (!vb || !src) goto done;
    hr = IDirect3DVertexBuffer7_Unlock(vb);
    ok(hr == D3DERR_VERTEXBUFFERUNLOCKFAILED || broken(hr == D3D_OK), "Unlock without Lock: hr %#lx.\n", hr);
    if (winetest_is_ours())
    {
        /* ProcessVertices needs D3DVOP_TRANSFORM and a destination not locked. */
        hr = IDirect3DVertexBuffer7_ProcessVertices(vb, D3DVOP_LIGHT, 0, 4, src, 0, t.device, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        IDirect3DVertexBuffer7_Lock(vb, 0, &data, NULL);
        hr = IDirect3DVertexBuffer7_ProcessVertices(vb, D3DVOP_TRANSFORM, 0, 4, src, 0, t.device, 0);
        ok(hr == D3DERR_VERTEXBUFFERLOCKED, "Got hr %#lx.\n", hr);
        IDirect3DVertexBuffer7_Unlock(vb);
        /* A transformed source cannot be processed again. */
        hr = IDirect3DVertexBuffer7_ProcessVertices(src, D3DVOP_TRANSFORM, 0, 4, vb, 0, t.device, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
        hr = IDirect3DVertexBuffer7_ProcessVerticesStrided(vb, D3DVOP_TRANSFORM, 0, 4, NULL, D3DFVF_XYZ,
                t.device, 0);
        ok(hr == DDERR_INVALIDPARAMS, "Got hr %#lx.\n", hr);
    }
    hr = IDirect3DVertexBuffer7_Optimize(vb, t.device, 0);
    ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
    hr = IDirect3DVertexBuffer7_Optimize(vb, t.device, 0);
    ok(hr == D3DERR_VERTEXBUFFEROPTIMIZED || broken(hr == D3D_OK), "Second Optimize: hr %#lx.\n", hr);
    IDirect3DVertexBuffer7_Release(src);
    IDirect3DVertexBuffer7_Release(vb);
done:
    destroy_device(&t);
}

/* ProcessVertices on the CPU and the device's own transform and lighting
 * give the same pixels, for each light type. */
static void test_process_matches_draw(void)
{
    static const struct lit_src quad[4] =
    {
        {-0.8f, -0.8f, 0.5f, -0.3f, 0.2f, -1.0f}, {-0.8f, 0.8f, 0.5f, 0.3f, 0.4f, -1.0f},
        {0.8f, -0.8f, 0.5f, -0.1f, -0.5f, -1.0f}, {0.8f, 0.8f, 0.5f, 0.6f, 0.1f, -1.0f},
    };
    static const unsigned int points[][2] = {{32, 32}, {12, 12}, {52, 12}, {12, 52}, {52, 52}, {32, 20}};
    static D3DMATRIX world = {0.9f, 0.1f, 0, 0, -0.1f, 0.9f, 0, 0, 0, 0, 1, 0, 0.05f, -0.05f, 0.2f, 1};
    static const D3DLIGHTTYPE types[3] = {D3DLIGHT_DIRECTIONAL, D3DLIGHT_POINT, D3DLIGHT_SPOT};
    IDirect3DVertexBuffer7 *src_vb, *dst_vb;
    DWORD direct[6];
    struct lit_src *p;
    D3DMATERIAL7 mat;
    D3DLIGHT7 light;
    struct d3d7_test t;
    unsigned int i, l;
    HRESULT hr;

    if (!create_device(&t, 64, 64, TEST_DEPTH)) goto done;
    src_vb = create_vb(t.d3d, D3DFVF_XYZ | D3DFVF_NORMAL, 4, 0);
    dst_vb = create_vb(t.d3d, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR, 4, 0);
    if (!src_vb || !dst_vb) goto done;
    IDirect3DVertexBuffer7_Lock(src_vb, 0, (void **)&p, NULL);
    memcpy(p, quad, sizeof(quad));
    IDirect3DVertexBuffer7_Unlock(src_vb);

    IDirect3DDevice7_SetTransform(t.device, D3DTRANSFORMSTATE_WORLD, &world);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_NORMALIZENORMALS, TRUE);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_AMBIENT, 0x00303030);
    memset(&mat, 0, sizeof(mat));
    mat.diffuse.r = 0.9f; mat.diffuse.g = 0.6f; mat.diffuse.b = 0.3f; mat.diffuse.a = 1.0f;
    mat.ambient.r = mat.ambient.g = mat.ambient.b = 1.0f;
    mat.specular.r = mat.specular.g = mat.specular.b = 0.5f;
    mat.power = 8.0f;
    IDirect3DDevice7_SetMaterial(t.device, &mat);
    IDirect3DDevice7_SetRenderState(t.device, D3DRENDERSTATE_SPECULARENABLE, TRUE);

    for (l = 0; l < 3; ++l)
    {
        memset(&light, 0, sizeof(light));
        light.dltType = types[l];
        light.dcvDiffuse.r = light.dcvDiffuse.g = light.dcvDiffuse.b = 1.0f;
        light.dcvSpecular.r = light.dcvSpecular.g = light.dcvSpecular.b = 1.0f;
        light.dcvAmbient.r = 0.1f;
        light.dvDirection.x = 0.3f;
        light.dvDirection.y = -0.2f;
        light.dvDirection.z = 1.0f;
        light.dvPosition.x = -0.3f;
        light.dvPosition.y = 0.2f;
        light.dvPosition.z = -1.5f;
        light.dvRange = 20.0f;
        light.dvAttenuation0 = 0.5f;
        light.dvAttenuation1 = 0.2f;
        light.dvFalloff = 1.0f;
        light.dvTheta = 0.6f;
        light.dvPhi = 1.6f;
        IDirect3DDevice7_SetLight(t.device, 0, &light);
        IDirect3DDevice7_LightEnable(t.device, 0, TRUE);

        IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        IDirect3DDevice7_BeginScene(t.device);
        hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, src_vb, 0, 4, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_EndScene(t.device);
        for (i = 0; i < 6; ++i)
            direct[i] = get_pixel(t.rt, points[i][0], points[i][1]);

        hr = IDirect3DVertexBuffer7_ProcessVertices(dst_vb, D3DVOP_TRANSFORM | D3DVOP_LIGHT, 0, 4, src_vb, 0,
                t.device, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_Clear(t.device, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        IDirect3DDevice7_BeginScene(t.device);
        hr = IDirect3DDevice7_DrawPrimitiveVB(t.device, D3DPT_TRIANGLESTRIP, dst_vb, 0, 4, 0);
        ok(hr == D3D_OK, "Got hr %#lx.\n", hr);
        IDirect3DDevice7_EndScene(t.device);
        for (i = 0; i < 6; ++i)
        {
            DWORD c = get_pixel(t.rt, points[i][0], points[i][1]);
            ok(compare_color(c, direct[i], 3), "Light type %u, point %u: processed %#08lx, drawn %#08lx.\n",
                    types[l], i, c, direct[i]);
        }
        ok(direct[0] != 0, "Light type %u: nothing was drawn.\n", types[l]);
    }

    IDirect3DVertexBuffer7_Release(dst_vb);
    IDirect3DVertexBuffer7_Release(src_vb);
done:
    destroy_device(&t);
}

START_TEST(vertexbuffer)
{
    test_create_desc_lock();
    test_process_vertices();
    test_process_lighting_strided();
    test_optimize();
    test_bad_input();
    test_process_matches_draw();
}

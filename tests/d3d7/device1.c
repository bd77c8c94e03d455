/*
 * Direct3D 1: IDirect3D from IDirectDraw, the IDirect3DDevice of a surface's
 * QueryInterface, execute buffers and IDirect3DDevice::Execute drawing to
 * known pixels (pre-transformed vertices, a lit and textured triangle
 * through matrix handles), matrix instructions, the status and branches,
 * Pick, and what a bad execute buffer answers.  Against ours and Wine's
 * builtin ddraw; calls the builtin does not check (it reads past the buffer
 * or crashes) run against ours only.
 */
#include "d3d7_test.h"

#define W 64
#define H 64

struct d3d1_test
{
    HWND window;
    IDirectDraw *ddraw;
    IDirect3D *d3d;
    IDirectDrawSurface *rt;
    IDirect3DDevice *device;
    IDirect3DViewport *viewport;
    IDirect3DExecuteBuffer *buffer;
};

#define check_pixel(t, x, y, expect) check_pixel_(__LINE__, t, x, y, expect)
static void check_pixel_(int line, struct d3d1_test *t, unsigned int x, unsigned int y, DWORD expect)
{
    DWORD color = get_pixel1(t->rt, x, y);
    ok_(__FILE__, line)(compare_color(color, expect, 2), "Pixel (%u,%u) is %#08lx, expected %#08lx.\n",
            x, y, color, expect);
}

static BOOL setup(struct d3d1_test *t)
{
    D3DEXECUTEBUFFERDESC desc;
    IDirect3D *d3d_from_device;
    D3DVIEWPORT vp;
    ULONG ref;
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    t->window = create_test_window();
    hr = DirectDrawCreate(NULL, &t->ddraw, NULL);
    ok(hr == DD_OK, "DirectDrawCreate: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    hr = IDirectDraw_SetCooperativeLevel(t->ddraw, t->window, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = IDirectDraw_QueryInterface(t->ddraw, &IID_IDirect3D, (void **)&t->d3d);
    ok(hr == DD_OK, "QueryInterface(IID_IDirect3D): hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    if (!(t->rt = create_surface1(t->ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_VIDEOMEMORY, W, H)))
        return FALSE;
    hr = IDirectDrawSurface_QueryInterface(t->rt, &IID_IDirect3DHALDevice, (void **)&t->device);
    ok(hr == D3D_OK, "QueryInterface(IID_IDirect3DHALDevice): hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    /* The device is part of the surface: one count. */
    ref = get_refcount((IUnknown *)t->rt);
    ok(ref == 2, "Surface refcount %lu, expected 2.\n", ref);
    ref = get_refcount((IUnknown *)t->device);
    ok(ref == 2, "Device refcount %lu, expected 2.\n", ref);
    hr = IDirect3DDevice_GetDirect3D(t->device, &d3d_from_device);
    ok(hr == D3D_OK && d3d_from_device == t->d3d, "GetDirect3D: hr %#lx, %p (expected %p).\n",
            hr, d3d_from_device, t->d3d);
    if (SUCCEEDED(hr)) IDirect3D_Release(d3d_from_device);

    hr = IDirect3D_CreateViewport(t->d3d, &t->viewport, NULL);
    ok(hr == D3D_OK, "CreateViewport: hr %#lx.\n", hr);
    hr = IDirect3DDevice_AddViewport(t->device, t->viewport);
    ok(hr == D3D_OK, "AddViewport: hr %#lx.\n", hr);
    /* x and y in -1..1 fill the viewport. */
    memset(&vp, 0, sizeof(vp));
    vp.dwSize = sizeof(vp);
    vp.dwWidth = W;
    vp.dwHeight = H;
    vp.dvScaleX = W / 2.0f;
    vp.dvScaleY = H / 2.0f;
    vp.dvMaxX = 1.0f;
    vp.dvMaxY = 1.0f;
    vp.dvMaxZ = 1.0f;
    hr = IDirect3DViewport_SetViewport(t->viewport, &vp);
    ok(hr == D3D_OK, "SetViewport: hr %#lx.\n", hr);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = D3DDEB_BUFSIZE | D3DDEB_CAPS;
    desc.dwCaps = D3DDEBCAPS_SYSTEMMEMORY;
    desc.dwBufferSize = 4096;
    hr = IDirect3DDevice_CreateExecuteBuffer(t->device, &desc, &t->buffer, NULL);
    ok(hr == D3D_OK, "CreateExecuteBuffer: hr %#lx.\n", hr);
    return SUCCEEDED(hr);
}

static void teardown(struct d3d1_test *t)
{
    if (t->buffer) IDirect3DExecuteBuffer_Release(t->buffer);
    if (t->viewport)
    {
        if (t->device) IDirect3DDevice_DeleteViewport(t->device, t->viewport);
        IDirect3DViewport_Release(t->viewport);
    }
    if (t->device) IDirect3DDevice_Release(t->device);
    if (t->rt) IDirectDrawSurface_Release(t->rt);
    if (t->d3d) IDirect3D_Release(t->d3d);
    if (t->ddraw) IDirectDraw_Release(t->ddraw);
    if (t->window) DestroyWindow(t->window);
}

/* ---------------------------------------------------------------------- */
/* Writing instructions                                                    */

struct writer
{
    BYTE *base, *p;
};

static void *emit(struct writer *w, BYTE opcode, BYTE size, WORD count)
{
    D3DINSTRUCTION *ins = (D3DINSTRUCTION *)w->p;

    ins->bOpcode = opcode;
    ins->bSize = size;
    ins->wCount = count;
    w->p += sizeof(*ins) + size * count;
    return ins + 1;
}

static void emit_process_vertices(struct writer *w, DWORD flags, WORD start, WORD dest, DWORD count)
{
    D3DPROCESSVERTICES *pv = emit(w, D3DOP_PROCESSVERTICES, sizeof(*pv), 1);

    pv->dwFlags = flags;
    pv->wStart = start;
    pv->wDest = dest;
    pv->dwCount = count;
    pv->dwReserved = 0;
}

static void emit_state(struct writer *w, BYTE opcode, DWORD state, DWORD value)
{
    D3DSTATE *s = emit(w, opcode, sizeof(*s), 1);

    s->drstRenderStateType = state;
    s->dwArg[0] = value;
}

static void emit_triangle(struct writer *w, WORD v1, WORD v2, WORD v3)
{
    D3DTRIANGLE *tri = emit(w, D3DOP_TRIANGLE, sizeof(*tri), 1);

    tri->v1 = v1;
    tri->v2 = v2;
    tri->v3 = v3;
    tri->wFlags = D3DTRIFLAG_EDGEENABLETRIANGLE;
}

static void emit_exit(struct writer *w)
{
    emit(w, D3DOP_EXIT, 0, 0);
}

/* Locks the buffer; vertices go first, then instructions. */
static BOOL begin(struct d3d1_test *t, struct writer *w, const void *vertices, DWORD vertex_count)
{
    D3DEXECUTEBUFFERDESC desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirect3DExecuteBuffer_Lock(t->buffer, &desc);
    ok(hr == D3D_OK, "Lock: hr %#lx.\n", hr);
    if (FAILED(hr)) return FALSE;
    ok(desc.dwBufferSize == 4096 && desc.lpData, "Lock: size %lu, data %p.\n", desc.dwBufferSize, desc.lpData);
    w->base = desc.lpData;
    memset(w->base, 0, desc.dwBufferSize);
    memcpy(w->base, vertices, vertex_count * 32);
    w->p = w->base + vertex_count * 32;
    return TRUE;
}

static void end(struct d3d1_test *t, struct writer *w, DWORD vertex_count)
{
    D3DEXECUTEDATA data;
    HRESULT hr;

    hr = IDirect3DExecuteBuffer_Unlock(t->buffer);
    ok(hr == D3D_OK, "Unlock: hr %#lx.\n", hr);
    memset(&data, 0, sizeof(data));
    data.dwSize = sizeof(data);
    data.dwVertexCount = vertex_count;
    data.dwInstructionOffset = vertex_count * 32;
    data.dwInstructionLength = (DWORD)(w->p - w->base) - vertex_count * 32;
    data.dsStatus.dwStatus = D3DSTATUS_DEFAULT;
    hr = IDirect3DExecuteBuffer_SetExecuteData(t->buffer, &data);
    ok(hr == D3D_OK, "SetExecuteData: hr %#lx.\n", hr);
}

static HRESULT execute(struct d3d1_test *t)
{
    HRESULT hr, hr2;

    hr = IDirect3DDevice_BeginScene(t->device);
    ok(hr == D3D_OK, "BeginScene: hr %#lx.\n", hr);
    hr2 = IDirect3DDevice_Execute(t->device, t->buffer, t->viewport, D3DEXECUTE_CLIPPED);
    hr = IDirect3DDevice_EndScene(t->device);
    ok(hr == D3D_OK, "EndScene: hr %#lx.\n", hr);
    return hr2;
}

static void set_tl(D3DTLVERTEX *v, float x, float y, DWORD color)
{
    memset(v, 0, sizeof(*v));
    v->sx = x;
    v->sy = y;
    v->sz = 0.5f;
    v->rhw = 1.0f;
    v->color = color;
}

/* ---------------------------------------------------------------------- */
/* Tests                                                                   */

static void test_interfaces(struct d3d1_test *t)
{
    IDirectDrawSurface *surface;
    IDirect3DDevice *device2;
    IDirect3D3 *d3d3;
    HRESULT hr;

    hr = IDirect3D_Initialize(t->d3d, NULL);
    ok(hr == DDERR_ALREADYINITIALIZED, "IDirect3D::Initialize: hr %#lx.\n", hr);
    /* The device answers for its surface. */
    hr = IDirect3DDevice_QueryInterface(t->device, &IID_IDirectDrawSurface, (void **)&surface);
    ok(hr == D3D_OK && surface == t->rt, "Device QueryInterface(surface): hr %#lx, %p.\n", hr, surface);
    if (SUCCEEDED(hr)) IDirectDrawSurface_Release(surface);
    /* One device per surface. */
    hr = IDirectDrawSurface_QueryInterface(t->rt, &IID_IDirect3DHALDevice, (void **)&device2);
    ok(hr == D3D_OK && device2 == t->device, "Second QueryInterface: hr %#lx, %p.\n", hr, device2);
    if (SUCCEEDED(hr)) IDirect3DDevice_Release(device2);
    hr = IDirect3D_QueryInterface(t->d3d, &IID_IDirect3D3, (void **)&d3d3);
    ok(hr == D3D_OK, "IDirect3D QueryInterface(IDirect3D3): hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirect3D3_Release(d3d3);
}

static void test_tl_triangle(struct d3d1_test *t)
{
    struct writer w;
    D3DTLVERTEX v[3];
    HRESULT hr;

    /* Covers the left half of the target, and a little more. */
    set_tl(&v[0], 0.0f, 0.0f, 0xffff0000);
    set_tl(&v[1], 40.0f, 0.0f, 0xffff0000);
    set_tl(&v[2], 0.0f, 64.0f, 0xffff0000);
    fill1(t->rt, 0x000000ff);
    if (!begin(t, &w, v, 3)) return;
    emit_process_vertices(&w, D3DPROCESSVERTICES_COPY, 0, 0, 3);
    emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    emit_triangle(&w, 0, 1, 2);
    emit_exit(&w);
    end(t, &w, 3);
    hr = execute(t);
    ok(hr == D3D_OK, "Execute: hr %#lx.\n", hr);
    check_pixel(t, 4, 4, 0x00ff0000);
    check_pixel(t, 60, 60, 0x000000ff);
}

static void test_lit_textured_triangle(struct d3d1_test *t)
{
    static const D3DMATRIX identity = {1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f,
            0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    D3DMATRIXHANDLE world, view, proj;
    D3DTEXTUREHANDLE texture_handle;
    D3DMATERIALHANDLE material_handle;
    IDirectDrawSurface *texture_surface;
    IDirect3DMaterial *material;
    IDirect3DTexture *texture;
    IDirect3DLight *light;
    D3DMATERIAL mat;
    D3DLIGHT l;
    D3DVERTEX v[3];
    struct writer w;
    unsigned int i;
    HRESULT hr;

    hr = IDirect3DDevice_CreateMatrix(t->device, &world);
    ok(hr == D3D_OK && world, "CreateMatrix: hr %#lx, handle %#lx.\n", hr, world);
    IDirect3DDevice_CreateMatrix(t->device, &view);
    IDirect3DDevice_CreateMatrix(t->device, &proj);
    IDirect3DDevice_SetMatrix(t->device, world, (D3DMATRIX *)&identity);
    IDirect3DDevice_SetMatrix(t->device, view, (D3DMATRIX *)&identity);
    IDirect3DDevice_SetMatrix(t->device, proj, (D3DMATRIX *)&identity);

    /* A white material, lit by a yellow directional light straight on. */
    hr = IDirect3D_CreateMaterial(t->d3d, &material, NULL);
    ok(hr == D3D_OK, "CreateMaterial: hr %#lx.\n", hr);
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = mat.diffuse.g = mat.diffuse.b = mat.diffuse.a = 1.0f;
    IDirect3DMaterial_SetMaterial(material, &mat);
    hr = IDirect3DMaterial_GetHandle(material, t->device, &material_handle);
    ok(hr == D3D_OK && material_handle, "Material GetHandle: hr %#lx, handle %#lx.\n", hr, material_handle);
    hr = IDirect3D_CreateLight(t->d3d, &light, NULL);
    ok(hr == D3D_OK, "CreateLight: hr %#lx.\n", hr);
    memset(&l, 0, sizeof(l));
    l.dwSize = sizeof(l);
    l.dltType = D3DLIGHT_DIRECTIONAL;
    l.dcvColor.r = l.dcvColor.g = 1.0f;
    l.dvDirection.z = 1.0f;
    IDirect3DLight_SetLight(light, &l);
    hr = IDirect3DViewport_AddLight(t->viewport, light);
    ok(hr == D3D_OK, "AddLight: hr %#lx.\n", hr);

    /* A cyan texture: modulated with yellow light, green. */
    texture_surface = create_surface1(t->ddraw, DDSCAPS_TEXTURE | DDSCAPS_VIDEOMEMORY, 8, 8);
    fill1(texture_surface, 0x0000ffff);
    hr = IDirectDrawSurface_QueryInterface(texture_surface, &IID_IDirect3DTexture, (void **)&texture);
    ok(hr == D3D_OK, "QueryInterface(IID_IDirect3DTexture): hr %#lx.\n", hr);
    hr = IDirect3DTexture_GetHandle(texture, t->device, &texture_handle);
    ok(hr == D3D_OK && texture_handle, "Texture GetHandle: hr %#lx, handle %#lx.\n", hr, texture_handle);

    memset(v, 0, sizeof(v));
    v[0].x = -1.0f; v[0].y = 1.0f;
    v[1].x = 1.0f; v[1].y = 1.0f;
    v[2].x = -1.0f; v[2].y = -1.0f;
    for (i = 0; i < 3; ++i)
    {
        v[i].z = 0.5f;
        v[i].nz = -1.0f;
        v[i].tu = 0.5f;
        v[i].tv = 0.5f;
    }
    fill1(t->rt, 0x00000000);
    if (!begin(t, &w, v, 3)) return;
    emit_state(&w, D3DOP_STATETRANSFORM, D3DTRANSFORMSTATE_WORLD, world);
    emit_state(&w, D3DOP_STATETRANSFORM, D3DTRANSFORMSTATE_VIEW, view);
    emit_state(&w, D3DOP_STATETRANSFORM, D3DTRANSFORMSTATE_PROJECTION, proj);
    emit_state(&w, D3DOP_STATELIGHT, D3DLIGHTSTATE_MATERIAL, material_handle);
    emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_TEXTUREHANDLE, texture_handle);
    emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    emit_process_vertices(&w, D3DPROCESSVERTICES_TRANSFORMLIGHT, 0, 0, 3);
    emit_triangle(&w, 0, 1, 2);
    emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_TEXTUREHANDLE, 0);
    emit_exit(&w);
    end(t, &w, 3);
    hr = execute(t);
    ok(hr == D3D_OK, "Execute: hr %#lx.\n", hr);
    check_pixel(t, 4, 4, 0x0000ff00);
    check_pixel(t, 60, 60, 0x00000000);

    /* Without the material the vertices are white, unlit: the texture's cyan. */
    fill1(t->rt, 0x00000000);
    if (begin(t, &w, v, 3))
    {
        emit_state(&w, D3DOP_STATELIGHT, D3DLIGHTSTATE_MATERIAL, 0);
        emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_TEXTUREHANDLE, texture_handle);
        emit_process_vertices(&w, D3DPROCESSVERTICES_TRANSFORMLIGHT, 0, 0, 3);
        emit_triangle(&w, 0, 1, 2);
        emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_TEXTUREHANDLE, 0);
        emit_exit(&w);
        end(t, &w, 3);
        hr = execute(t);
        ok(hr == D3D_OK, "Execute: hr %#lx.\n", hr);
        check_pixel(t, 4, 4, 0x0000ffff);
    }

    /* The world matrix follows its handle: moved right by a whole viewport
     * width, the triangle leaves the target. */
    {
        D3DMATRIX moved = identity;

        moved._41 = 2.0f;
        IDirect3DDevice_SetMatrix(t->device, world, &moved);
        fill1(t->rt, 0x00000000);
        if (begin(t, &w, v, 3))
        {
            emit_process_vertices(&w, D3DPROCESSVERTICES_TRANSFORM, 0, 0, 3);
            emit_triangle(&w, 0, 1, 2);
            emit_exit(&w);
            end(t, &w, 3);
            hr = execute(t);
            ok(hr == D3D_OK, "Execute: hr %#lx.\n", hr);
            check_pixel(t, 4, 4, 0x00000000);
        }
        IDirect3DDevice_SetMatrix(t->device, world, (D3DMATRIX *)&identity);
    }

    IDirect3DViewport_DeleteLight(t->viewport, light);
    IDirect3DLight_Release(light);
    IDirect3DTexture_Release(texture);
    IDirectDrawSurface_Release(texture_surface);
    IDirect3DMaterial_Release(material);
    IDirect3DDevice_DeleteMatrix(t->device, world);
    IDirect3DDevice_DeleteMatrix(t->device, view);
    IDirect3DDevice_DeleteMatrix(t->device, proj);
}

static void test_matrices(struct d3d1_test *t)
{
    D3DMATRIX a, b, m;
    D3DMATRIXHANDLE ha, hb, hc;
    struct writer w;
    D3DTLVERTEX v;
    HRESULT hr;

    hr = IDirect3DDevice_CreateMatrix(t->device, &ha);
    ok(hr == D3D_OK, "CreateMatrix: hr %#lx.\n", hr);
    IDirect3DDevice_CreateMatrix(t->device, &hb);
    IDirect3DDevice_CreateMatrix(t->device, &hc);
    ok(ha && hb && hc && ha != hb && hb != hc, "Handles %#lx %#lx %#lx.\n", ha, hb, hc);
    memset(&m, 0xcc, sizeof(m));
    hr = IDirect3DDevice_GetMatrix(t->device, ha, &m);
    ok(hr == D3D_OK && m._11 == 0.0f && m._44 == 0.0f, "A new matrix: hr %#lx, _11 %f.\n", hr, m._11);

    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    a._11 = 2.0f; a._22 = 3.0f; a._33 = 1.0f; a._44 = 1.0f; a._41 = 5.0f;
    b._11 = 4.0f; b._22 = 1.0f; b._33 = 1.0f; b._44 = 1.0f; b._42 = 7.0f;
    IDirect3DDevice_SetMatrix(t->device, ha, &a);
    IDirect3DDevice_SetMatrix(t->device, hb, &b);

    /* hc = ha * hb, then ha = hc (MATRIXLOAD). */
    set_tl(&v, 0.0f, 0.0f, 0);
    if (!begin(t, &w, &v, 1)) return;
    {
        D3DMATRIXMULTIPLY *mm = emit(&w, D3DOP_MATRIXMULTIPLY, sizeof(*mm), 1);
        D3DMATRIXLOAD *ml;

        mm->hDestMatrix = hc;
        mm->hSrcMatrix1 = ha;
        mm->hSrcMatrix2 = hb;
        ml = emit(&w, D3DOP_MATRIXLOAD, sizeof(*ml), 1);
        ml->hDestMatrix = ha;
        ml->hSrcMatrix = hc;
    }
    emit_exit(&w);
    end(t, &w, 1);
    hr = execute(t);
    ok(hr == D3D_OK, "Execute: hr %#lx.\n", hr);
    hr = IDirect3DDevice_GetMatrix(t->device, hc, &m);
    ok(hr == D3D_OK, "GetMatrix: hr %#lx.\n", hr);
    ok(m._11 == 8.0f && m._22 == 3.0f && m._41 == 20.0f && m._42 == 7.0f,
            "Product: _11 %f, _22 %f, _41 %f, _42 %f.\n", m._11, m._22, m._41, m._42);
    hr = IDirect3DDevice_GetMatrix(t->device, ha, &m);
    ok(hr == D3D_OK && m._11 == 8.0f && m._42 == 7.0f, "MATRIXLOAD: _11 %f, _42 %f.\n", m._11, m._42);

    hr = IDirect3DDevice_DeleteMatrix(t->device, hb);
    ok(hr == D3D_OK, "DeleteMatrix: hr %#lx.\n", hr);
    hr = IDirect3DDevice_GetMatrix(t->device, hb, &m);
    ok(hr == DDERR_INVALIDPARAMS, "GetMatrix of a deleted handle: hr %#lx.\n", hr);
    hr = IDirect3DDevice_SetMatrix(t->device, hb, &a);
    ok(hr == DDERR_INVALIDPARAMS, "SetMatrix of a deleted handle: hr %#lx.\n", hr);
    hr = IDirect3DDevice_DeleteMatrix(t->device, hb);
    ok(hr == DDERR_INVALIDPARAMS, "DeleteMatrix twice: hr %#lx.\n", hr);
    hr = IDirect3DDevice_SetMatrix(t->device, ha, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "SetMatrix(NULL): hr %#lx.\n", hr);
    IDirect3DDevice_DeleteMatrix(t->device, ha);
    IDirect3DDevice_DeleteMatrix(t->device, hc);
}

static void test_status_and_branch(struct d3d1_test *t)
{
    static const D3DMATRIX identity = {1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f,
            0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    D3DMATRIXHANDLE m;
    D3DEXECUTEDATA data;
    D3DLVERTEX v[3];
    D3DBRANCH *branch;
    D3DSTATUS *status;
    struct writer w;
    BYTE *branch_at;
    unsigned int i;
    HRESULT hr;

    IDirect3DDevice_CreateMatrix(t->device, &m);
    IDirect3DDevice_SetMatrix(t->device, m, (D3DMATRIX *)&identity);
    /* A triangle entirely left of the viewport (x < -1). */
    memset(v, 0, sizeof(v));
    v[0].x = -3.0f; v[0].y = 1.0f;
    v[1].x = -2.0f; v[1].y = 1.0f;
    v[2].x = -3.0f; v[2].y = -1.0f;
    for (i = 0; i < 3; ++i)
    {
        v[i].z = 0.5f;
        v[i].color = 0xffffffff;
    }
    fill1(t->rt, 0x00000000);
    if (!begin(t, &w, v, 3)) return;
    emit_state(&w, D3DOP_STATETRANSFORM, D3DTRANSFORMSTATE_WORLD, m);
    emit_state(&w, D3DOP_STATETRANSFORM, D3DTRANSFORMSTATE_VIEW, m);
    emit_state(&w, D3DOP_STATETRANSFORM, D3DTRANSFORMSTATE_PROJECTION, m);
    status = emit(&w, D3DOP_SETSTATUS, sizeof(*status), 1);
    status->dwFlags = D3DSETSTATUS_ALL;
    status->dwStatus = D3DSTATUS_DEFAULT;
    memset(&status->drExtent, 0, sizeof(status->drExtent));
    emit_process_vertices(&w, D3DPROCESSVERTICES_TRANSFORM | D3DPROCESSVERTICES_UPDATEEXTENTS, 0, 0, 3);
    /* All three are outside the left plane: skip the draw below. */
    branch_at = w.p;
    branch = emit(&w, D3DOP_BRANCHFORWARD, sizeof(*branch), 1);
    branch->dwMask = D3DSTATUS_CLIPINTERSECTIONLEFT;
    branch->dwValue = D3DSTATUS_CLIPINTERSECTIONLEFT;
    branch->bNegate = FALSE;
    /* A full-target TL triangle that must not be drawn. */
    emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    emit(&w, D3DOP_TRIANGLE, 0, 0);     /* no records: still fine */
    {
        D3DTRIANGLE *tri = emit(&w, D3DOP_TRIANGLE, sizeof(*tri), 1);

        tri->v1 = 0;
        tri->v2 = 1;
        tri->v3 = 2;
        tri->wFlags = D3DTRIFLAG_START;
    }
    branch->dwOffset = (DWORD)(w.p - branch_at);
    emit_exit(&w);
    end(t, &w, 3);
    hr = execute(t);
    ok(hr == D3D_OK, "Execute: hr %#lx.\n", hr);

    memset(&data, 0, sizeof(data));
    hr = IDirect3DExecuteBuffer_GetExecuteData(t->buffer, &data);
    ok(hr == D3D_OK, "GetExecuteData: hr %#lx.\n", hr);
    ok(data.dsStatus.dwStatus & D3DSTATUS_CLIPUNIONLEFT, "Status %#lx lacks CLIPUNIONLEFT.\n", data.dsStatus.dwStatus);
    ok(data.dsStatus.dwStatus & D3DSTATUS_CLIPINTERSECTIONLEFT, "Status %#lx lacks CLIPINTERSECTIONLEFT.\n",
            data.dsStatus.dwStatus);
    ok(!(data.dsStatus.dwStatus & D3DSTATUS_CLIPINTERSECTIONRIGHT), "Status %#lx has CLIPINTERSECTIONRIGHT.\n",
            data.dsStatus.dwStatus);
    /* x = -3 is a whole viewport width left of x = -1: pixel -64. */
    ok(data.dsStatus.drExtent.x1 == -64 && data.dsStatus.drExtent.x2 == -32
            && data.dsStatus.drExtent.y1 == 0 && data.dsStatus.drExtent.y2 == 64,
            "Extents (%ld,%ld)-(%ld,%ld).\n", data.dsStatus.drExtent.x1, data.dsStatus.drExtent.y1,
            data.dsStatus.drExtent.x2, data.dsStatus.drExtent.y2);
    check_pixel(t, 32, 32, 0x00000000);
    IDirect3DDevice_DeleteMatrix(t->device, m);
}

static void test_pick(struct d3d1_test *t)
{
    D3DPICKRECORD records[4];
    struct writer w;
    D3DTLVERTEX v[3];
    D3DRECT rect;
    DWORD count;
    HRESULT hr;

    set_tl(&v[0], 0.0f, 0.0f, 0xffff0000);
    set_tl(&v[1], 32.0f, 0.0f, 0xffff0000);
    set_tl(&v[2], 0.0f, 32.0f, 0xffff0000);
    if (!begin(t, &w, v, 3)) return;
    emit_process_vertices(&w, D3DPROCESSVERTICES_COPY, 0, 0, 3);
    emit_triangle(&w, 0, 1, 2);
    emit_exit(&w);
    end(t, &w, 3);

    fill1(t->rt, 0x000000ff);
    rect.x1 = 5; rect.y1 = 5; rect.x2 = 6; rect.y2 = 6;
    hr = IDirect3DDevice_Pick(t->device, t->buffer, t->viewport, 0, &rect);
    ok(hr == D3D_OK, "Pick: hr %#lx.\n", hr);
    if (!winetest_is_ours()) return;    /* Wine's builtin records nothing */
    count = 0;
    hr = IDirect3DDevice_GetPickRecords(t->device, &count, NULL);
    ok(hr == D3D_OK && count == 1, "GetPickRecords: hr %#lx, count %lu.\n", hr, count);
    memset(records, 0, sizeof(records));
    count = 4;
    hr = IDirect3DDevice_GetPickRecords(t->device, &count, records);
    ok(hr == D3D_OK && count == 1, "GetPickRecords: hr %#lx, count %lu.\n", hr, count);
    ok(records[0].bOpcode == D3DOP_TRIANGLE && records[0].dvZ == 0.5f
            && records[0].dwOffset == 3 * 32 + 2 * sizeof(D3DINSTRUCTION) + sizeof(D3DPROCESSVERTICES),
            "Record: opcode %u, offset %lu, z %f.\n", records[0].bOpcode, records[0].dwOffset, records[0].dvZ);
    /* Picking draws nothing. */
    check_pixel(t, 5, 5, 0x000000ff);

    rect.x1 = 40; rect.y1 = 40;
    hr = IDirect3DDevice_Pick(t->device, t->buffer, t->viewport, 0, &rect);
    ok(hr == D3D_OK, "Pick: hr %#lx.\n", hr);
    hr = IDirect3DDevice_GetPickRecords(t->device, &count, NULL);
    ok(hr == D3D_OK && !count, "GetPickRecords outside: hr %#lx, count %lu.\n", hr, count);
    /* No records into an array (copied from NULL once: fuzz_execute). */
    count = 4;
    hr = IDirect3DDevice_GetPickRecords(t->device, &count, records);
    ok(hr == D3D_OK && !count, "GetPickRecords of none: hr %#lx, count %lu.\n", hr, count);
    hr = IDirect3DDevice_GetPickRecords(t->device, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "GetPickRecords(NULL): hr %#lx.\n", hr);
}

static HRESULT CALLBACK validate_cb(void *context, DWORD offset)
{
    *(DWORD *)context = offset;
    return D3D_OK;
}

/* A buffer of one bad instruction after a good one: what Execute answers. */
static HRESULT execute_bad(struct d3d1_test *t, const void *bad, DWORD bad_size, DWORD vertex_count)
{
    struct writer w;
    D3DTLVERTEX v;

    set_tl(&v, 0.0f, 0.0f, 0);
    if (!begin(t, &w, &v, 1)) return E_FAIL;
    emit_state(&w, D3DOP_STATERENDER, D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    memcpy(w.p, bad, bad_size);
    w.p += bad_size;
    end(t, &w, vertex_count);
    return execute(t);
}

static void test_errors(struct d3d1_test *t)
{
    D3DEXECUTEBUFFERDESC desc;
    D3DEXECUTEDATA data;
    IDirect3DExecuteBuffer *buffer;
    DWORD offset, cb_offset;
    struct
    {
        D3DINSTRUCTION ins;
        BYTE records[32];
    } bad;
    HRESULT hr;

    if (winetest_is_ours()) /* Wine's builtin reads through the NULL pointer. */
    {
        hr = IDirect3DDevice_CreateExecuteBuffer(t->device, NULL, &buffer, NULL);
        ok(hr == DDERR_INVALIDPARAMS, "CreateExecuteBuffer(NULL desc): hr %#lx.\n", hr);
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = D3DDEB_BUFSIZE;
    desc.dwBufferSize = 64;
    hr = IDirect3DDevice_CreateExecuteBuffer(t->device, &desc, &buffer, (IUnknown *)t->device);
    ok(hr == CLASS_E_NOAGGREGATION, "CreateExecuteBuffer(outer): hr %#lx.\n", hr);

    hr = IDirect3DDevice_Execute(t->device, NULL, t->viewport, D3DEXECUTE_CLIPPED);
    ok(hr == DDERR_INVALIDPARAMS, "Execute(NULL): hr %#lx.\n", hr);
    memset(&data, 0, sizeof(data));
    data.dwSize = sizeof(data) + 1;
    hr = IDirect3DExecuteBuffer_SetExecuteData(t->buffer, &data);
    ok(hr == DDERR_INVALIDPARAMS, "SetExecuteData(wrong dwSize): hr %#lx.\n", hr);
    hr = IDirect3DExecuteBuffer_Optimize(t->buffer, 0);
    ok(hr == DDERR_UNSUPPORTED, "Optimize: hr %#lx.\n", hr);

    if (!winetest_is_ours()) return;    /* Wine's builtin checks none of what follows */

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirect3DExecuteBuffer_Lock(t->buffer, &desc);
    ok(hr == D3D_OK, "Lock: hr %#lx.\n", hr);
    hr = IDirect3DExecuteBuffer_Lock(t->buffer, &desc);
    ok(hr == D3DERR_EXECUTE_LOCKED, "Lock twice: hr %#lx.\n", hr);
    hr = IDirect3DDevice_Execute(t->device, t->buffer, t->viewport, D3DEXECUTE_CLIPPED);
    ok(hr == D3DERR_EXECUTE_LOCKED, "Execute while locked: hr %#lx.\n", hr);
    hr = IDirect3DExecuteBuffer_Unlock(t->buffer);
    ok(hr == D3D_OK, "Unlock: hr %#lx.\n", hr);
    hr = IDirect3DExecuteBuffer_Unlock(t->buffer);
    ok(hr == D3DERR_EXECUTE_NOT_LOCKED, "Unlock twice: hr %#lx.\n", hr);

    /* Instructions beyond the buffer. */
    memset(&data, 0, sizeof(data));
    data.dwSize = sizeof(data);
    data.dwInstructionOffset = 4000;
    data.dwInstructionLength = 200;
    hr = IDirect3DExecuteBuffer_SetExecuteData(t->buffer, &data);
    ok(hr == D3D_OK, "SetExecuteData: hr %#lx.\n", hr);
    hr = IDirect3DDevice_Execute(t->device, t->buffer, t->viewport, D3DEXECUTE_CLIPPED);
    ok(hr == DDERR_INVALIDPARAMS, "Execute past the end: hr %#lx.\n", hr);

    /* An unknown opcode. */
    memset(&bad, 0, sizeof(bad));
    bad.ins.bOpcode = 42;
    hr = execute_bad(t, &bad, sizeof(bad.ins), 1);
    ok(hr == DDERR_INVALIDPARAMS, "Unknown opcode: hr %#lx.\n", hr);
    /* Validate says where it is: after the vertex and the render state. */
    offset = cb_offset = 0xdeadbeef;
    hr = IDirect3DExecuteBuffer_Validate(t->buffer, &offset, validate_cb, &cb_offset, 0);
    ok(hr == DDERR_INVALIDPARAMS, "Validate: hr %#lx.\n", hr);
    ok(offset == 32 + sizeof(D3DINSTRUCTION) + sizeof(D3DSTATE) && cb_offset == offset,
            "Validate offset %lu, callback %lu.\n", offset, cb_offset);

    /* A triangle of a vertex the buffer does not have. */
    bad.ins.bOpcode = D3DOP_TRIANGLE;
    bad.ins.bSize = sizeof(D3DTRIANGLE);
    bad.ins.wCount = 1;
    ((D3DTRIANGLE *)bad.records)->v2 = 1;
    hr = execute_bad(t, &bad, sizeof(bad.ins) + sizeof(D3DTRIANGLE), 1);
    ok(hr == DDERR_INVALIDPARAMS, "Vertex index out of range: hr %#lx.\n", hr);
    /* Records running past the end of the stream. */
    bad.ins.wCount = 1000;
    hr = execute_bad(t, &bad, sizeof(bad.ins) + sizeof(D3DTRIANGLE), 1);
    ok(hr == DDERR_INVALIDPARAMS, "Count past the end: hr %#lx.\n", hr);
    /* Records smaller than the opcode's. */
    bad.ins.wCount = 1;
    bad.ins.bSize = 4;
    hr = execute_bad(t, &bad, sizeof(bad.ins) + 4, 1);
    ok(hr == DDERR_INVALIDPARAMS, "Record too small: hr %#lx.\n", hr);
    /* Processing more vertices than the execute data has. */
    memset(&bad, 0, sizeof(bad));
    bad.ins.bOpcode = D3DOP_PROCESSVERTICES;
    bad.ins.bSize = sizeof(D3DPROCESSVERTICES);
    bad.ins.wCount = 1;
    ((D3DPROCESSVERTICES *)bad.records)->dwFlags = D3DPROCESSVERTICES_COPY;
    ((D3DPROCESSVERTICES *)bad.records)->dwCount = 2;
    hr = execute_bad(t, &bad, sizeof(bad.ins) + sizeof(D3DPROCESSVERTICES), 1);
    ok(hr == DDERR_INVALIDPARAMS, "Processing past the vertices: hr %#lx.\n", hr);
    /* A vertex count past the buffer's end. */
    ((D3DPROCESSVERTICES *)bad.records)->dwCount = 200;
    hr = execute_bad(t, &bad, sizeof(bad.ins) + sizeof(D3DPROCESSVERTICES), 200);
    ok(hr == DDERR_INVALIDPARAMS, "Vertices past the buffer: hr %#lx.\n", hr);
    /* A branch past the end. */
    memset(&bad, 0, sizeof(bad));
    bad.ins.bOpcode = D3DOP_BRANCHFORWARD;
    bad.ins.bSize = sizeof(D3DBRANCH);
    bad.ins.wCount = 1;
    ((D3DBRANCH *)bad.records)->dwOffset = 100000;
    hr = execute_bad(t, &bad, sizeof(bad.ins) + sizeof(D3DBRANCH), 1);
    ok(hr == DDERR_INVALIDPARAMS, "Branch past the end: hr %#lx.\n", hr);
    /* A good buffer validates. */
    memset(&bad, 0, sizeof(bad));
    bad.ins.bOpcode = D3DOP_EXIT;
    hr = execute_bad(t, &bad, sizeof(bad.ins), 1);
    ok(hr == D3D_OK, "Good buffer: hr %#lx.\n", hr);
    hr = IDirect3DExecuteBuffer_Validate(t->buffer, &offset, NULL, NULL, 0);
    ok(hr == D3D_OK, "Validate a good buffer: hr %#lx.\n", hr);
}

static void test_lifetime(void)
{
    IDirectDrawSurface *surface;
    IDirect3DDevice *device;
    IDirectDraw *ddraw;
    ULONG ref;
    HRESULT hr;

    if (FAILED(DirectDrawCreate(NULL, &ddraw, NULL))) return;
    IDirectDraw_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    if (!(surface = create_surface1(ddraw, DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE | DDSCAPS_SYSTEMMEMORY, 16, 16)))
    {
        IDirectDraw_Release(ddraw);
        return;
    }
    hr = IDirectDrawSurface_QueryInterface(surface, &IID_IDirect3DRGBDevice, (void **)&device);
    ok(hr == D3D_OK, "QueryInterface(IID_IDirect3DRGBDevice): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        /* The device keeps its surface alive, and goes with it. */
        ref = IDirectDrawSurface_Release(surface);
        ok(ref == 1, "Surface refcount %lu after its release, expected 1.\n", ref);
        ref = IDirect3DDevice_Release(device);
        ok(ref == 0, "Device refcount %lu, expected 0.\n", ref);
    }
    else
    {
        IDirectDrawSurface_Release(surface);
    }
    ref = IDirectDraw_Release(ddraw);
    ok(ref == 0, "DirectDraw refcount %lu, expected 0.\n", ref);
}

START_TEST(d3d1_device)
{
    struct d3d1_test t;

    if (setup(&t))
    {
        test_interfaces(&t);
        test_tl_triangle(&t);
        test_lit_textured_triangle(&t);
        test_matrices(&t);
        test_status_and_branch(&t);
        test_pick(&t);
        test_errors(&t);
    }
    teardown(&t);
    test_lifetime();
}

/*
 * libFuzzer harness: IDirect3DDevice7 call sequences on our ddraw natively
 * (EGL surfaceless, llvmpipe). One device on a 32x32 target with a
 * z-buffer lives for the process; each input starts from the state
 * captured at creation (a D3DSBT_ALL stateblock) and makes up to 64 calls:
 * render and stage states of any id and value, transforms, viewports,
 * materials, lights, clip planes, textures, draws of any primitive type
 * and FVF (strided, indexed, from vertex buffers), clears with rectangles,
 * clip status, ProcessVertices, Load, stateblocks, scenes. Vertex and index
 * memory the harness passes is as big as the counts it passes say.
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "d3d7_private.h"
#include "fuzz_d3d.h"

static IDirectDraw7 *ddraw;
static IDirect3D7 *d3d;
static IDirectDrawSurface7 *target, *zbuffer, *textures[2];
static IDirect3DDevice7 *device;
static DWORD initial_state;

static IDirectDrawSurface7 *create_surface(DWORD caps, DWORD width, DWORD height, const DDPIXELFORMAT *pf)
{
    IDirectDrawSurface7 *surface = NULL;
    DDSURFACEDESC2 desc;

    fuzz_surface_desc(&desc, caps, width, height, pf);
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL)))
        abort();
    return surface;
}

static void init(void)
{
    DDPIXELFORMAT rgb, z;

    fuzz_rgb_format(&rgb);
    fuzz_z_format(&z);
    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL))
            || FAILED(IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL))
            || FAILED(IDirectDraw7_QueryInterface(ddraw, &IID_IDirect3D7, (void **)&d3d)))
        abort();
    target = create_surface(DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE, FUZZ_TARGET_SIZE, FUZZ_TARGET_SIZE, &rgb);
    zbuffer = create_surface(DDSCAPS_ZBUFFER, FUZZ_TARGET_SIZE, FUZZ_TARGET_SIZE, &z);
    textures[0] = create_surface(DDSCAPS_TEXTURE, FUZZ_TEXTURE_SIZE, FUZZ_TEXTURE_SIZE, &rgb);
    textures[1] = create_surface(DDSCAPS_TEXTURE | DDSCAPS_MIPMAP | DDSCAPS_COMPLEX, FUZZ_TEXTURE_SIZE,
            FUZZ_TEXTURE_SIZE, &rgb);
    if (FAILED(IDirectDrawSurface7_AddAttachedSurface(target, zbuffer))
            || FAILED(IDirect3D7_CreateDevice(d3d, &IID_IDirect3DTnLHalDevice, target, &device))
            || FAILED(IDirect3DDevice7_CreateStateBlock(device, D3DSBT_ALL, &initial_state)))
        abort();
}

static DWORD random_fvf(struct fuzz_input *in)
{
    static const DWORD positions[] = {D3DFVF_XYZ, D3DFVF_XYZRHW, D3DFVF_XYZB1, D3DFVF_XYZB2, D3DFVF_XYZB5};
    uint8_t k = fuzz_u8(in);

    if (k >= 240)
        return fuzz_u32(in);    /* anything: most are refused */
    return positions[k % 5] | (fuzz_u8(in) & 1 ? D3DFVF_NORMAL : 0) | (fuzz_u8(in) & 1 ? D3DFVF_DIFFUSE : 0)
            | (fuzz_u8(in) & 1 ? D3DFVF_SPECULAR : 0) | (fuzz_below(in, 9) << D3DFVF_TEXCOUNT_SHIFT)
            | ((DWORD)fuzz_u16(in) << 16);
}

static void fill_floats(struct fuzz_input *in, float *f, size_t count)
{
    size_t i;
    for (i = 0; i < count; ++i)
        f[i] = fuzz_float(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static float vertices[64 * 64];
    static WORD indices[256];
    struct fuzz_input in = {data, size, 0};
    IDirect3DVertexBuffer7 *vbs[2] = {0};
    unsigned int ops = 0, i;
    DWORD stateblock = 0;
    BOOL in_scene = FALSE;

    if (!device)
        init();
    IDirect3DDevice7_ApplyStateBlock(device, initial_state);
    fill_floats(&in, vertices, 64);
    for (i = 64; i < sizeof(vertices) / sizeof(vertices[0]); ++i)
        vertices[i] = vertices[i % 64] * (float)(i / 64);

    while (fuzz_more(&in) && ops++ < 64)
    {
        switch (fuzz_below(&in, 20))
        {
            case 0: case 1:
                IDirect3DDevice7_SetRenderState(device, fuzz_u8(&in), fuzz_u8(&in) < 200 ? fuzz_below(&in, 10) : fuzz_u32(&in));
                break;
            case 2:
                IDirect3DDevice7_SetTextureStageState(device, fuzz_below(&in, 10), fuzz_below(&in, 30),
                        fuzz_u8(&in) < 200 ? fuzz_below(&in, 30) : fuzz_u32(&in));
                break;
            case 3:
            {
                D3DMATRIX m;
                fill_floats(&in, &m._11, 16);
                IDirect3DDevice7_SetTransform(device, fuzz_u8(&in) < 200 ? 1 + fuzz_below(&in, 3) : fuzz_u32(&in), &m);
                if (fuzz_u8(&in) & 1)
                    IDirect3DDevice7_MultiplyTransform(device, fuzz_u16(&in), &m);
                break;
            }
            case 4:
            {
                D3DVIEWPORT7 vp;
                vp.dwX = fuzz_u8(&in) < 200 ? fuzz_below(&in, 40) : fuzz_u32(&in);
                vp.dwY = fuzz_u8(&in) < 200 ? fuzz_below(&in, 40) : fuzz_u32(&in);
                vp.dwWidth = fuzz_u8(&in) < 200 ? fuzz_below(&in, 40) : fuzz_u32(&in);
                vp.dwHeight = fuzz_u8(&in) < 200 ? fuzz_below(&in, 40) : fuzz_u32(&in);
                vp.dvMinZ = fuzz_float(&in);
                vp.dvMaxZ = fuzz_float(&in);
                IDirect3DDevice7_SetViewport(device, &vp);
                break;
            }
            case 5:
            {
                D3DMATERIAL7 mat;
                D3DLIGHT7 light;
                fill_floats(&in, (float *)&mat, sizeof(mat) / sizeof(float));
                IDirect3DDevice7_SetMaterial(device, &mat);
                fill_floats(&in, (float *)&light, sizeof(light) / sizeof(float));
                light.dltType = fuzz_below(&in, 5);
                i = fuzz_u8(&in) < 200 ? fuzz_below(&in, 10) : fuzz_u32(&in);
                IDirect3DDevice7_SetLight(device, i, &light);
                IDirect3DDevice7_LightEnable(device, i, fuzz_u8(&in) & 1);
                break;
            }
            case 6:
            {
                float plane[4];
                fill_floats(&in, plane, 4);
                IDirect3DDevice7_SetClipPlane(device, fuzz_below(&in, 8), plane);
                break;
            }
            case 7:
                IDirect3DDevice7_SetTexture(device, fuzz_below(&in, 9), fuzz_u8(&in) & 1 ? textures[fuzz_u8(&in) & 1] : NULL);
                break;
            case 8: case 9: case 10:
            {
                DWORD fvf = random_fvf(&in), count = fuzz_below(&in, 64), stride = d3d7_fvf_stride(fvf);
                D3DPRIMITIVETYPE type = fuzz_below(&in, 8);
                DWORD index_count = fuzz_below(&in, 200);

                if (stride > 64 * sizeof(float)) break;
                for (i = 0; i < index_count; ++i)
                    indices[i] = fuzz_u8(&in) < 240 ? fuzz_below(&in, count ? count : 1) : fuzz_u16(&in);
                if (fuzz_u8(&in) & 1)
                    IDirect3DDevice7_DrawPrimitive(device, type, fvf, vertices, count, fuzz_u32(&in) & 0x1f);
                else
                    IDirect3DDevice7_DrawIndexedPrimitive(device, type, fvf, vertices, count, indices, index_count,
                            fuzz_u32(&in) & 0x1f);
                break;
            }
            case 11:
            {
                D3DVERTEXBUFFERDESC desc;
                unsigned int slot = fuzz_u8(&in) & 1;
                void *p;
                DWORD size;

                if (vbs[slot]) IDirect3DVertexBuffer7_Release(vbs[slot]);
                vbs[slot] = NULL;
                memset(&desc, 0, sizeof(desc));
                desc.dwSize = fuzz_u8(&in) < 240 ? sizeof(desc) : fuzz_u8(&in);
                desc.dwCaps = fuzz_u32(&in);
                desc.dwFVF = random_fvf(&in);
                desc.dwNumVertices = 1 + fuzz_below(&in, 64);
                if (FAILED(IDirect3D7_CreateVertexBuffer(d3d, &desc, &vbs[slot], 0)))
                    break;
                if (SUCCEEDED(IDirect3DVertexBuffer7_Lock(vbs[slot], DDLOCK_WRITEONLY, &p, &size)))
                {
                    memcpy(p, vertices, size < sizeof(vertices) ? size : sizeof(vertices));
                    IDirect3DVertexBuffer7_Unlock(vbs[slot]);
                }
                break;
            }
            case 12:
            {
                IDirect3DVertexBuffer7 *vb = vbs[fuzz_u8(&in) & 1];
                DWORD start = fuzz_below(&in, 70), count = fuzz_below(&in, 70), index_count = fuzz_below(&in, 200);

                if (!vb) break;
                for (i = 0; i < index_count; ++i)
                    indices[i] = fuzz_u8(&in) < 240 ? fuzz_below(&in, 64) : fuzz_u16(&in);
                if (fuzz_u8(&in) & 1)
                    IDirect3DDevice7_DrawPrimitiveVB(device, fuzz_below(&in, 8), vb, start, count, fuzz_u32(&in) & 0x1f);
                else
                    IDirect3DDevice7_DrawIndexedPrimitiveVB(device, fuzz_below(&in, 8), vb, start, count, indices,
                            index_count, fuzz_u32(&in) & 0x1f);
                break;
            }
            case 13:
            {
                IDirect3DVertexBuffer7 *dst = vbs[0], *src = vbs[1];
                if (!dst || !src) break;
                IDirect3DVertexBuffer7_ProcessVertices(dst, fuzz_u32(&in) & 0x1f, fuzz_below(&in, 70), fuzz_below(&in, 70),
                        src, fuzz_below(&in, 70), device, fuzz_u32(&in) & 3);
                break;
            }
            case 14:
            {
                D3DRECT rects[4];
                DWORD count = fuzz_below(&in, 5);
                for (i = 0; i < 4; ++i)
                {
                    rects[i].x1 = (int8_t)fuzz_u8(&in);
                    rects[i].y1 = (int8_t)fuzz_u8(&in);
                    rects[i].x2 = (int8_t)fuzz_u8(&in);
                    rects[i].y2 = (int8_t)fuzz_u8(&in);
                }
                IDirect3DDevice7_Clear(device, count, count ? rects : NULL, fuzz_u8(&in) & 7, fuzz_u32(&in),
                        fuzz_float(&in), fuzz_u32(&in));
                break;
            }
            case 15:
            {
                D3DCLIPSTATUS cs;
                fill_floats(&in, (float *)&cs, sizeof(cs) / sizeof(float));
                cs.dwFlags = fuzz_u8(&in) & 7;
                cs.dwStatus = fuzz_u32(&in);
                if (fuzz_u8(&in) & 1) IDirect3DDevice7_SetClipStatus(device, &cs);
                else IDirect3DDevice7_GetClipStatus(device, &cs);
                break;
            }
            case 16:
            {
                POINT pt = {(LONG)fuzz_u32(&in), (LONG)fuzz_u32(&in)};
                RECT r = {(int8_t)fuzz_u8(&in), (int8_t)fuzz_u8(&in), (int8_t)fuzz_u8(&in), (int8_t)fuzz_u8(&in)};
                IDirect3DDevice7_Load(device, textures[fuzz_u8(&in) & 1], fuzz_u8(&in) & 1 ? &pt : NULL,
                        textures[fuzz_u8(&in) & 1], fuzz_u8(&in) & 1 ? &r : NULL, fuzz_u32(&in));
                break;
            }
            case 17:
                if (!in_scene) in_scene = SUCCEEDED(IDirect3DDevice7_BeginScene(device));
                else in_scene = FAILED(IDirect3DDevice7_EndScene(device));
                break;
            case 18:
                if (!stateblock)
                {
                    if (fuzz_u8(&in) & 1)
                        IDirect3DDevice7_CreateStateBlock(device, fuzz_below(&in, 4), &stateblock);
                    else if (SUCCEEDED(IDirect3DDevice7_BeginStateBlock(device)))
                        IDirect3DDevice7_EndStateBlock(device, &stateblock);
                }
                else
                {
                    switch (fuzz_below(&in, 3))
                    {
                        case 0: IDirect3DDevice7_ApplyStateBlock(device, stateblock); break;
                        case 1: IDirect3DDevice7_CaptureStateBlock(device, stateblock); break;
                        case 2: IDirect3DDevice7_DeleteStateBlock(device, stateblock); stateblock = 0; break;
                    }
                }
                break;
            case 19:
            {
                DWORD value;
                IDirect3DDevice7_GetRenderState(device, fuzz_u8(&in), &value);
                IDirect3DDevice7_GetTextureStageState(device, fuzz_below(&in, 10), fuzz_below(&in, 30), &value);
                IDirect3DDevice7_ValidateDevice(device, &value);
                break;
            }
        }
    }
    /* Back to a clean device for the next input. */
    {
        DWORD recorded = 0;
        if (SUCCEEDED(IDirect3DDevice7_EndStateBlock(device, &recorded)) && recorded)
            IDirect3DDevice7_DeleteStateBlock(device, recorded);
    }
    if (stateblock) IDirect3DDevice7_DeleteStateBlock(device, stateblock);
    if (in_scene) IDirect3DDevice7_EndScene(device);
    IDirect3DDevice7_SetTexture(device, 0, NULL);
    IDirect3DDevice7_SetTexture(device, 1, NULL);
    for (i = 0; i < 2; ++i)
        if (vbs[i]) IDirect3DVertexBuffer7_Release(vbs[i]);
    {
        DDSURFACEDESC2 desc;
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        if (SUCCEEDED(IDirectDrawSurface7_Lock(target, NULL, &desc, DDLOCK_READONLY | DDLOCK_WAIT, NULL)))
            IDirectDrawSurface7_Unlock(target, NULL);
    }
    return 0;
}

/*
 * libFuzzer harness: Direct3D 1 execute buffers on our ddraw natively (EGL
 * surfaceless, llvmpipe). One IDirect3DDevice (the HAL device of a 32x32
 * surface with a z-buffer) lives for the process, with a viewport, a lit
 * material (handle 1), a texture (handle 2), a second texture (handle 3)
 * and matrix handles 1 to 3. Each input is an execute buffer: a header
 * (the D3DEXECUTEDATA offsets and counts, mostly small, sometimes any
 * value, and which calls to make) and then the buffer's bytes, vertices
 * and instructions alike. It is executed, picked and validated; every
 * offset, count, index and opcode in it is the input's. The device's state
 * goes back to what it was at creation before each input.
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "d3d7_private.h"
#include "fuzz_d3d.h"

#define BUFFER_SIZE 4096

static IDirectDraw *ddraw;
static IDirect3D *d3d;
static IDirectDrawSurface *target, *zbuffer, *textures[2];
static IDirect3DDevice *device;
static IDirect3DViewport *viewport;
static IDirect3DMaterial *material;
static IDirect3DLight *light;
static IDirect3DExecuteBuffer *buffer;
static IDirect3DDevice7 *device7;
static DWORD initial_state;
static D3DMATRIXHANDLE matrices[3];

static IDirectDrawSurface *create_surface(DWORD caps, DWORD width, DWORD height, const DDPIXELFORMAT *pf)
{
    IDirectDrawSurface *surface = NULL;
    DDSURFACEDESC2 desc2;
    DDSURFACEDESC desc;

    fuzz_surface_desc(&desc2, caps, width, height, pf);
    memcpy(&desc, &desc2, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL)))
        abort();
    return surface;
}

static void init_objects(void)
{
    D3DTEXTUREHANDLE texture_handle;
    D3DMATERIALHANDLE material_handle;
    IDirect3DTexture *texture;
    D3DMATERIAL mat;
    D3DVIEWPORT vp;
    D3DLIGHT l;
    unsigned int i;

    if (FAILED(IDirect3D_CreateViewport(d3d, &viewport, NULL))
            || FAILED(IDirect3DDevice_AddViewport(device, viewport)))
        abort();
    memset(&vp, 0, sizeof(vp));
    vp.dwSize = sizeof(vp);
    vp.dwWidth = vp.dwHeight = FUZZ_TARGET_SIZE;
    vp.dvScaleX = vp.dvScaleY = 16.0f;
    vp.dvMaxX = vp.dvMaxY = vp.dvMaxZ = 1.0f;
    IDirect3DViewport_SetViewport(viewport, &vp);

    /* Handle 1: a material; a point light on the viewport. */
    if (FAILED(IDirect3D_CreateMaterial(d3d, &material, NULL)))
        abort();
    memset(&mat, 0, sizeof(mat));
    mat.dwSize = sizeof(mat);
    mat.diffuse.r = mat.diffuse.g = mat.diffuse.b = mat.diffuse.a = 1.0f;
    mat.specular.r = 1.0f;
    mat.power = 8.0f;
    IDirect3DMaterial_SetMaterial(material, &mat);
    IDirect3DMaterial_GetHandle(material, device, &material_handle);
    if (FAILED(IDirect3D_CreateLight(d3d, &light, NULL)))
        abort();
    memset(&l, 0, sizeof(l));
    l.dwSize = sizeof(l);
    l.dltType = D3DLIGHT_POINT;
    l.dcvColor.r = l.dcvColor.g = l.dcvColor.b = 1.0f;
    l.dvPosition.z = -2.0f;
    l.dvAttenuation0 = 1.0f;
    IDirect3DLight_SetLight(light, &l);
    IDirect3DViewport_AddLight(viewport, light);

    /* Handles 2 and 3: textures. */
    for (i = 0; i < 2; ++i)
    {
        if (FAILED(IDirectDrawSurface_QueryInterface(textures[i], &IID_IDirect3DTexture, (void **)&texture)))
            abort();
        IDirect3DTexture_GetHandle(texture, device, &texture_handle);
        IDirect3DTexture_Release(texture);
    }
    for (i = 0; i < 3; ++i)
        if (FAILED(IDirect3DDevice_CreateMatrix(device, &matrices[i])))
            abort();
}

static void init(void)
{
    D3DEXECUTEBUFFERDESC desc;
    DDPIXELFORMAT rgb, z;

    fuzz_rgb_format(&rgb);
    fuzz_z_format(&z);
    if (FAILED(DirectDrawCreate(NULL, &ddraw, NULL))
            || FAILED(IDirectDraw_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL))
            || FAILED(IDirectDraw_QueryInterface(ddraw, &IID_IDirect3D, (void **)&d3d)))
        abort();
    target = create_surface(DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE, FUZZ_TARGET_SIZE, FUZZ_TARGET_SIZE, &rgb);
    zbuffer = create_surface(DDSCAPS_ZBUFFER, FUZZ_TARGET_SIZE, FUZZ_TARGET_SIZE, &z);
    textures[0] = create_surface(DDSCAPS_TEXTURE, FUZZ_TEXTURE_SIZE, FUZZ_TEXTURE_SIZE, &rgb);
    textures[1] = create_surface(DDSCAPS_TEXTURE, FUZZ_TEXTURE_SIZE, FUZZ_TEXTURE_SIZE, &rgb);
    if (FAILED(IDirectDrawSurface_AddAttachedSurface(target, zbuffer))
            || FAILED(IDirectDrawSurface_QueryInterface(target, &IID_IDirect3DHALDevice, (void **)&device)))
        abort();
    init_objects();
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = D3DDEB_BUFSIZE;
    desc.dwBufferSize = BUFFER_SIZE;
    if (FAILED(IDirect3DDevice_CreateExecuteBuffer(device, &desc, &buffer, NULL)))
        abort();
    /* The Direct3D 7 device underneath, to go back to the first state. */
    device7 = d3d1_device_from_iface(device)->device7;
    if (FAILED(IDirect3DDevice7_CreateStateBlock(device7, D3DSBT_ALL, &initial_state)))
        abort();
}

/* Mostly small offsets and counts near the buffer's; sometimes any value. */
static DWORD offset_or_any(struct fuzz_input *in, unsigned int limit)
{
    return fuzz_u8(in) < 224 ? fuzz_u16(in) % limit : fuzz_u32(in);
}

static void reset(void)
{
    static const D3DMATRIX identity = {1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f,
            0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    unsigned int i;

    IDirect3DDevice7_ApplyStateBlock(device7, initial_state);
    for (i = 0; i < 3; ++i)
        IDirect3DDevice_SetMatrix(device, matrices[i], (D3DMATRIX *)&identity);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size, 0};
    D3DEXECUTEBUFFERDESC desc;
    D3DPICKRECORD records[8];
    D3DEXECUTEDATA exec;
    DWORD ops, count, offset;
    D3DRECT rect;

    if (!device)
        init();
    reset();

    ops = fuzz_u8(&in);
    memset(&exec, 0, sizeof(exec));
    exec.dwSize = sizeof(exec);
    exec.dwVertexOffset = offset_or_any(&in, BUFFER_SIZE + 64);
    exec.dwVertexCount = offset_or_any(&in, 160);
    exec.dwInstructionOffset = offset_or_any(&in, BUFFER_SIZE + 64);
    exec.dwInstructionLength = offset_or_any(&in, BUFFER_SIZE + 64);
    exec.dsStatus.dwStatus = fuzz_u32(&in);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirect3DExecuteBuffer_Lock(buffer, &desc)))
        abort();
    fuzz_bytes(&in, desc.lpData, BUFFER_SIZE);
    IDirect3DExecuteBuffer_Unlock(buffer);
    IDirect3DExecuteBuffer_SetExecuteData(buffer, &exec);

    IDirect3DDevice_BeginScene(device);
    IDirect3DDevice_Execute(device, buffer, viewport, D3DEXECUTE_CLIPPED);
    if (ops & 1)
        IDirect3DDevice_Execute(device, buffer, viewport, D3DEXECUTE_UNCLIPPED);
    IDirect3DDevice_EndScene(device);
    if (ops & 2)
    {
        rect.x1 = rect.x2 = (LONG)(ops >> 2) & 31;
        rect.y1 = rect.y2 = (LONG)(ops >> 3) & 31;
        IDirect3DDevice_Pick(device, buffer, viewport, 0, &rect);
        count = 8;
        IDirect3DDevice_GetPickRecords(device, &count, records);
        IDirect3DDevice_GetPickRecords(device, &count, NULL);
    }
    if (ops & 0x80)
        IDirect3DExecuteBuffer_Validate(buffer, &offset, NULL, NULL, 0);
    IDirect3DExecuteBuffer_GetExecuteData(buffer, &exec);
    {
        DDSURFACEDESC sd;
        memset(&sd, 0, sizeof(sd));
        sd.dwSize = sizeof(sd);
        if (SUCCEEDED(IDirectDrawSurface_Lock(target, NULL, &sd, DDLOCK_READONLY | DDLOCK_WAIT, NULL)))
            IDirectDrawSurface_Unlock(target, NULL);
    }
    return 0;
}

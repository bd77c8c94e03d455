/*
 * Complex surfaces and the older interfaces: mip chains, cube maps, managed
 * textures (priority, LOD), client memory (SetSurfaceDesc), enumeration of
 * surfaces and attachments, DuplicateSurface, and DirectDraw 1 surfaces
 * through DDSURFACEDESC.  Against ours and Wine's builtin ddraw.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "test.h"

static IDirectDraw7 *create_ddraw(void)
{
    IDirectDraw7 *ddraw;

    if (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL)))
        return NULL;
    IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    return ddraw;
}

static void set_argb(DDPIXELFORMAT *format)
{
    memset(format, 0, sizeof(*format));
    format->dwSize = sizeof(*format);
    format->dwFlags = DDPF_RGB | DDPF_ALPHAPIXELS;
    format->dwRGBBitCount = 32;
    format->dwRBitMask = 0x00ff0000;
    format->dwGBitMask = 0x0000ff00;
    format->dwBBitMask = 0x000000ff;
    format->dwRGBAlphaBitMask = 0xff000000;
}

static HRESULT WINAPI count_attached(IDirectDrawSurface7 *surface, DDSURFACEDESC2 *desc, void *context)
{
    ++*(unsigned int *)context;
    IDirectDrawSurface7_Release(surface);
    return DDENUMRET_OK;
}

static void test_mipmaps(void)
{
    IDirectDrawSurface7 *texture, *level, *next;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int count, i;
    DDSCAPS2 caps;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_MIPMAPCOUNT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP | DDSCAPS_COMPLEX;
    desc.dwWidth = 32;
    desc.dwHeight = 16;
    desc.dwMipMapCount = 4;
    set_argb(&desc.ddpfPixelFormat);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &texture, NULL);
    ok(hr == DD_OK, "Mip chain: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;

    count = 0;
    hr = IDirectDrawSurface7_EnumAttachedSurfaces(texture, &count, count_attached);
    ok(hr == DD_OK && count == 1, "EnumAttachedSurfaces: hr %#lx, %u surfaces.\n", hr, count);

    /* Walk the levels: each half the size, each lockable on its own. */
    level = texture;
    IDirectDrawSurface7_AddRef(level);
    for (i = 0; i < 4; ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_GetSurfaceDesc(level, &desc);
        ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
        ok(desc.dwWidth == (32u >> i) && desc.dwHeight == (16u >> i), "Level %u is %lux%lu.\n", i,
                desc.dwWidth, desc.dwHeight);
        ok(desc.dwMipMapCount == 4 - i, "Level %u mip count %lu.\n", i, desc.dwMipMapCount);
        if (i)
            ok(desc.ddsCaps.dwCaps2 & DDSCAPS2_MIPMAPSUBLEVEL, "Level %u caps2 %#lx.\n", i, desc.ddsCaps.dwCaps2);

        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(level, NULL, &desc, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL);
        ok(hr == DD_OK, "Lock of level %u: hr %#lx.\n", i, hr);
        if (SUCCEEDED(hr))
        {
            *(DWORD *)desc.lpSurface = 0xff000000 | i;
            IDirectDrawSurface7_Unlock(level, NULL);
        }

        memset(&caps, 0, sizeof(caps));
        caps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP;
        hr = IDirectDrawSurface7_GetAttachedSurface(level, &caps, &next);
        if (i < 3)
            ok(hr == DD_OK, "Level %u has no next level: hr %#lx.\n", i, hr);
        else
            ok(hr == DDERR_NOTFOUND, "The last level has a next: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(level);
        if (FAILED(hr))
            break;
        level = next;
    }

    /* Read a level back. */
    caps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP;
    hr = IDirectDrawSurface7_GetAttachedSurface(texture, &caps, &level);
    ok(hr == DD_OK, "GetAttachedSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(level, NULL, &desc, DDLOCK_WAIT | DDLOCK_READONLY, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ok(*(DWORD *)desc.lpSurface == 0xff000001, "Level 1 holds %#lx.\n", *(DWORD *)desc.lpSurface);
            IDirectDrawSurface7_Unlock(level, NULL);
        }
        /* Implicit surfaces cannot be detached. */
        hr = IDirectDrawSurface7_DeleteAttachedSurface(texture, 0, level);
        ok(hr == DDERR_CANNOTDETACHSURFACE || broken(hr == DDERR_SURFACENOTATTACHED),
                "DeleteAttachedSurface of a level: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(level);
    }
    ok(!IDirectDrawSurface7_Release(texture), "Mip chain not freed.\n");
done:
    IDirectDraw7_Release(ddraw);
}

static void test_cube_map(void)
{
    IDirectDrawSurface7 *cube, *face;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDSCAPS2 caps;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    desc.dwWidth = desc.dwHeight = 16;
    set_argb(&desc.ddpfPixelFormat);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    ok(hr == DD_OK, "Cube map: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(cube, &desc);
    ok(desc.ddsCaps.dwCaps2 & DDSCAPS2_CUBEMAP_POSITIVEX, "Root caps2 %#lx.\n", desc.ddsCaps.dwCaps2);
    memset(&caps, 0, sizeof(caps));
    caps.dwCaps2 = DDSCAPS2_CUBEMAP_NEGATIVEZ;
    hr = IDirectDrawSurface7_GetAttachedSurface(cube, &caps, &face);
    ok(hr == DD_OK, "GetAttachedSurface(-Z): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(face, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock of a face: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
            IDirectDrawSurface7_Unlock(face, NULL);
        IDirectDrawSurface7_Release(face);
    }
    ok(!IDirectDrawSurface7_Release(cube), "Cube map not freed.\n");

    /* Faces are square. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    desc.dwWidth = 16;
    desc.dwHeight = 8;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    /* Wine's builtin creates it. */
    ok(FAILED(hr) || broken(hr == DD_OK), "A non-square cube map was created.\n");
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(cube);
done:
    IDirectDraw7_Release(ddraw);
}

struct face_order
{
    DWORD faces[8];
    unsigned int count;
};

static HRESULT WINAPI record_face(IDirectDrawSurface7 *surface, DDSURFACEDESC2 *desc, void *context)
{
    struct face_order *order = context;

    if (order->count < ARRAYSIZE(order->faces))
        order->faces[order->count] = desc->ddsCaps.dwCaps2
                & (DDSCAPS2_CUBEMAP_ALLFACES | DDSCAPS2_MIPMAPSUBLEVEL);
    ++order->count;
    IDirectDrawSurface7_Release(surface);
    return DDENUMRET_OK;
}

static HRESULT WINAPI set_palette_on(IDirectDrawSurface7 *surface, DDSURFACEDESC2 *desc, void *context)
{
    IDirectDrawSurface7_SetPalette(surface, context);
    IDirectDrawSurface7_Release(surface);
    return DDENUMRET_OK;
}

static ULONG palette_refs(IDirectDrawPalette *palette)
{
    IDirectDrawPalette_AddRef(palette);
    return IDirectDrawPalette_Release(palette);
}

/* What dsurface.c's CubeMapTest holds Windows to: faces are named and need a
 * cube map, a cube's attachments come newest first, and releasing the cube
 * lets go of the palettes its faces held. */
static void test_cube_map_rules(void)
{
    static const DWORD expected[] =
    {
        DDSCAPS2_CUBEMAP_NEGATIVEZ, DDSCAPS2_CUBEMAP_POSITIVEZ, DDSCAPS2_CUBEMAP_NEGATIVEY,
        DDSCAPS2_CUBEMAP_POSITIVEY, DDSCAPS2_CUBEMAP_NEGATIVEX,
        DDSCAPS2_CUBEMAP_POSITIVEX | DDSCAPS2_MIPMAPSUBLEVEL,
    };
    struct face_order order = {{0}, 0};
    IDirectDrawSurface7 *cube;
    IDirectDrawPalette *palette;
    PALETTEENTRY entries[256];
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_COMPLEX | DDSCAPS_MIPMAP | DDSCAPS_SYSTEMMEMORY;
    desc.dwWidth = desc.dwHeight = 32;
    set_argb(&desc.ddpfPixelFormat);

    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "A cube map without faces: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(cube);
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP_ALLFACES;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Faces without a cube map: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(cube);
    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP_POSITIVEX;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    ok(hr == DDERR_INVALIDCAPS, "A face without a cube map: hr %#lx.\n", hr);
    if (SUCCEEDED(hr)) IDirectDrawSurface7_Release(cube);

    desc.ddsCaps.dwCaps2 = DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    ok(hr == DD_OK, "Cube map with mip levels: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        IDirectDrawSurface7_EnumAttachedSurfaces(cube, &order, record_face);
        ok(order.count == ARRAYSIZE(expected), "%u attachments.\n", order.count);
        for (i = 0; i < ARRAYSIZE(expected) && i < order.count; ++i)
            ok(order.faces[i] == expected[i], "Attachment %u: caps2 %#lx, expected %#lx.\n",
                    i, order.faces[i], expected[i]);
        ok(!IDirectDrawSurface7_Release(cube), "Cube map not freed.\n");
    }

    /* Palettes on the faces of an 8-bit cube go with it. */
    memset(entries, 0, sizeof(entries));
    hr = IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);
    ok(hr == DD_OK, "CreatePalette: hr %#lx.\n", hr);
    memset(&desc.ddpfPixelFormat, 0, sizeof(desc.ddpfPixelFormat));
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_PALETTEINDEXED8;
    desc.ddpfPixelFormat.dwRGBBitCount = 8;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &cube, NULL);
    ok(hr == DD_OK, "8-bit cube map: hr %#lx.\n", hr);
    if (SUCCEEDED(hr) && palette)
    {
        IDirectDrawSurface7_SetPalette(cube, palette);
        IDirectDrawSurface7_EnumAttachedSurfaces(cube, palette, set_palette_on);
        ok(palette_refs(palette) > 2, "The faces hold no palette.\n");
        IDirectDrawSurface7_Release(cube);
        ok(palette_refs(palette) == 1, "The cube's faces kept %lu references.\n", palette_refs(palette) - 1);
    }
    if (palette)
        IDirectDrawPalette_Release(palette);
    IDirectDraw7_Release(ddraw);
}

static void test_managed(void)
{
    IDirectDrawSurface7 *texture, *plain;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DWORD value;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.ddsCaps.dwCaps2 = DDSCAPS2_TEXTUREMANAGE;
    desc.dwWidth = desc.dwHeight = 8;
    set_argb(&desc.ddpfPixelFormat);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &texture, NULL);
    ok(hr == DD_OK, "Managed texture: hr %#lx.\n", hr);
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &plain, NULL);
    ok(hr == DDERR_INVALIDCAPS, "Managed in system memory: hr %#lx.\n", hr);
    desc.ddsCaps.dwCaps = DDSCAPS_TEXTURE;
    desc.ddsCaps.dwCaps2 = 0;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &plain, NULL);
    ok(hr == DD_OK, "Plain texture: hr %#lx.\n", hr);
    if (FAILED(hr))
        plain = NULL;
    if (texture)
    {
        hr = IDirectDrawSurface7_SetPriority(texture, 7);
        ok(hr == DD_OK, "SetPriority: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_GetPriority(texture, &value);
        ok(hr == DD_OK && value == 7, "GetPriority: hr %#lx, %lu.\n", hr, value);
        hr = IDirectDrawSurface7_SetLOD(texture, 0);
        ok(hr == DD_OK, "SetLOD: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_GetLOD(texture, &value);
        ok(hr == DD_OK && !value, "GetLOD: hr %#lx, %lu.\n", hr, value);
        IDirectDrawSurface7_Release(texture);
    }
    if (plain)
    {
        hr = IDirectDrawSurface7_GetPriority(plain, &value);
        ok(hr == DDERR_INVALIDPARAMS, "GetPriority of an unmanaged texture: hr %#lx.\n", hr);
        hr = IDirectDrawSurface7_GetLOD(plain, &value);
        ok(hr == DDERR_INVALIDOBJECT, "GetLOD of an unmanaged texture: hr %#lx.\n", hr);
        IDirectDrawSurface7_Release(plain);
    }
    IDirectDraw7_Release(ddraw);
}

static void test_client_memory(void)
{
    static DWORD memory[16 * 16], memory2[8 * 8];
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    DDBLTFX fx;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_SYSTEMMEMORY;
    desc.dwWidth = desc.dwHeight = 16;
    set_argb(&desc.ddpfPixelFormat);
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_LPSURFACE;
    desc.lpSurface = memory;
    hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
    ok(hr == DD_OK, "SetSurfaceDesc: hr %#lx.\n", hr);
    hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 1);
    ok(hr == DDERR_INVALIDPARAMS, "SetSurfaceDesc with flags: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK && desc.lpSurface == memory, "Lock: hr %#lx, %p, memory %p.\n", hr, desc.lpSurface, memory);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Unlock(surface, NULL);

    /* A fill lands in the application's memory. */
    memset(&fx, 0, sizeof(fx));
    fx.dwSize = sizeof(fx);
    fx.dwFillColor = 0x12345678;
    hr = IDirectDrawSurface7_Blt(surface, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx);
    ok(hr == DD_OK, "Fill: hr %#lx.\n", hr);
    ok(memory[17] == 0x12345678, "Client memory holds %#lx.\n", memory[17]);

    /* A new size and pitch. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_LPSURFACE | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PITCH;
    desc.lpSurface = memory2;
    desc.dwWidth = desc.dwHeight = 8;
    desc.lPitch = 8 * 4;
    hr = IDirectDrawSurface7_SetSurfaceDesc(surface, &desc, 0);
    ok(hr == DD_OK, "SetSurfaceDesc with a size: hr %#lx.\n", hr);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
    ok(desc.dwWidth == 8 && desc.dwHeight == 8 && desc.lPitch == 32, "Now %lux%lu, pitch %ld.\n",
            desc.dwWidth, desc.dwHeight, desc.lPitch);
    IDirectDrawSurface7_Release(surface);
done:
    IDirectDraw7_Release(ddraw);
}

static HRESULT WINAPI enum_surfaces_cb(IDirectDrawSurface7 *surface, DDSURFACEDESC2 *desc, void *context)
{
    ++*(unsigned int *)context;
    IDirectDrawSurface7_Release(surface);
    return DDENUMRET_OK;
}

static void test_enum_and_duplicate(void)
{
    IDirectDrawSurface7 *a, *b, *dup;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int count = 0;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 8;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &a, NULL)))
        goto done;
    desc.dwWidth = 16;
    if (FAILED(IDirectDraw7_CreateSurface(ddraw, &desc, &b, NULL)))
    {
        IDirectDrawSurface7_Release(a);
        goto done;
    }
    hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_DOESEXIST | DDENUMSURFACES_ALL, NULL, &count,
            enum_surfaces_cb);
    ok(hr == DD_OK && count == 2, "EnumSurfaces: hr %#lx, %u surfaces.\n", hr, count);
    count = 0;
    desc.dwFlags = DDSD_WIDTH;
    desc.dwWidth = 16;
    hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_DOESEXIST | DDENUMSURFACES_MATCH, &desc, &count,
            enum_surfaces_cb);
    ok(hr == DD_OK && count == 1, "Matching EnumSurfaces: hr %#lx, %u surfaces.\n", hr, count);
    hr = IDirectDraw7_EnumSurfaces(ddraw, DDENUMSURFACES_DOESEXIST | DDENUMSURFACES_ALL, NULL, &count, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "EnumSurfaces without a callback: hr %#lx.\n", hr);

    hr = IDirectDraw7_DuplicateSurface(ddraw, a, &dup);
    ok(hr == DD_OK || broken(hr == DDERR_CANTDUPLICATE), "DuplicateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IDirectDrawSurface7_Release(dup);
    IDirectDrawSurface7_Release(a);
    IDirectDrawSurface7_Release(b);
done:
    IDirectDraw7_Release(ddraw);
}

static void test_ddraw1_surfaces(void)
{
    IDirectDrawSurface *surface;
    IDirectDrawSurface7 *surface7;
    DDSURFACEDESC desc;
    IDirectDraw *ddraw;
    HRESULT hr;
    ULONG ref;

    if (FAILED(DirectDrawCreate(NULL, &ddraw, NULL)))
        return;
    IDirectDraw_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = 20;
    desc.dwHeight = 10;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "DirectDraw 1 CreateSurface: hr %#lx.\n", hr);
    if (FAILED(hr))
        goto done;
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    hr = IDirectDrawSurface_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
    ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ok(desc.dwWidth == 20 && desc.lpSurface, "Lock desc %lux%lu, %p.\n", desc.dwWidth, desc.dwHeight,
                desc.lpSurface);
        hr = IDirectDrawSurface_Unlock(surface, desc.lpSurface);
        ok(hr == DD_OK, "Unlock: hr %#lx.\n", hr);
    }
    /* The interfaces count separately. */
    hr = IDirectDrawSurface_QueryInterface(surface, &IID_IDirectDrawSurface7, (void **)&surface7);
    ok(hr == DD_OK, "QueryInterface(IDirectDrawSurface7): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ref = IDirectDrawSurface7_AddRef(surface7);
        ok(ref == 2, "IDirectDrawSurface7 refcount %lu.\n", ref);
        IDirectDrawSurface7_Release(surface7);
        IDirectDrawSurface7_Release(surface7);
    }
    ref = IDirectDrawSurface_Release(surface);
    ok(!ref, "Release returned %lu.\n", ref);
done:
    IDirectDraw_Release(ddraw);
}

/* A z-buffer through DDSURFACEDESC (Wine's dsurface.c zbufferbitdepth_test,
 * pixelformat_flag_test): its depth goes in DDSD_ZBUFFERBITDEPTH, not in a
 * pixel format flag, and is not a mip level count; a pixel format given
 * beside the depth wins. */
static void test_ddraw1_zbuffer_desc(void)
{
    IDirectDrawSurface *surface;
    DDSURFACEDESC desc;
    IDirectDraw *ddraw;
    HRESULT hr;

    if (FAILED(DirectDrawCreate(NULL, &ddraw, NULL)))
        return;
    IDirectDraw_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_ZBUFFERBITDEPTH;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = desc.dwHeight = 16;
    desc.dwZBufferBitDepth = 16;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "16-bit z-buffer: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface_GetSurfaceDesc(surface, &desc);
        ok(hr == DD_OK, "GetSurfaceDesc: hr %#lx.\n", hr);
        ok(desc.dwFlags & DDSD_ZBUFFERBITDEPTH, "Flags %#lx lack DDSD_ZBUFFERBITDEPTH.\n", desc.dwFlags);
        ok(!(desc.dwFlags & DDSD_PIXELFORMAT), "Flags %#lx have DDSD_PIXELFORMAT.\n", desc.dwFlags);
        ok(desc.dwZBufferBitDepth == 16, "Depth %lu.\n", desc.dwZBufferBitDepth);
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface_Lock(surface, NULL, &desc, DDLOCK_WAIT, NULL);
        ok(hr == DD_OK, "Lock: hr %#lx.\n", hr);
        if (SUCCEEDED(hr))
        {
            ok((desc.dwFlags & (DDSD_ZBUFFERBITDEPTH | DDSD_PIXELFORMAT)) == DDSD_ZBUFFERBITDEPTH,
                    "Lock's flags %#lx.\n", desc.dwFlags);
            IDirectDrawSurface_Unlock(surface, NULL);
        }
        IDirectDrawSurface_Release(surface);
    }

    /* A pixel format beside the depth wins: 16 bits, whatever the depth says. */
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_ZBUFFERBITDEPTH | DDSD_PIXELFORMAT;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.dwWidth = desc.dwHeight = 16;
    desc.dwZBufferBitDepth = 32;
    desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
    desc.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    desc.ddpfPixelFormat.dwZBufferBitDepth = 16;
    desc.ddpfPixelFormat.dwZBitMask = 0xffff;
    hr = IDirectDraw_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "Z-buffer with both: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        IDirectDrawSurface_GetSurfaceDesc(surface, &desc);
        ok(desc.dwZBufferBitDepth == 16, "Depth %lu, expected the pixel format's 16.\n", desc.dwZBufferBitDepth);
        IDirectDrawSurface_Release(surface);
    }
    IDirectDraw_Release(ddraw);
}

/* A Lock rectangle that cuts a DXT block (Wine's dsurface.c
 * partial_block_lock_test): system memory and managed textures lock the
 * blocks it touches, video memory refuses it. */
static void test_partial_block_lock(void)
{
    static const struct { DWORD caps, caps2; BOOL partial; const char *name; } pools[] =
    {
        {DDSCAPS_TEXTURE | DDSCAPS_VIDEOMEMORY, 0, FALSE, "video memory"},
        {DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY, 0, TRUE, "system memory"},
        {DDSCAPS_TEXTURE, DDSCAPS2_TEXTUREMANAGE, TRUE, "managed"},
    };
    static const RECT rects[] = {{2, 0, 4, 4}, {0, 0, 2, 4}, {0, 2, 4, 4}, {0, 0, 4, 2}};
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    unsigned int i, j;
    BYTE *base;
    HRESULT hr;

    if (!(ddraw = create_ddraw()))
        return;
    for (i = 0; i < ARRAYSIZE(pools); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
        desc.ddsCaps.dwCaps = pools[i].caps;
        desc.ddsCaps.dwCaps2 = pools[i].caps2;
        desc.dwWidth = desc.dwHeight = 16;
        desc.ddpfPixelFormat.dwSize = sizeof(desc.ddpfPixelFormat);
        desc.ddpfPixelFormat.dwFlags = DDPF_FOURCC;
        desc.ddpfPixelFormat.dwFourCC = MAKEFOURCC('D','X','T','1');
        hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
        ok(hr == DD_OK, "DXT1 in %s: hr %#lx.\n", pools[i].name, hr);
        if (FAILED(hr))
            continue;
        memset(&desc, 0, sizeof(desc));
        desc.dwSize = sizeof(desc);
        hr = IDirectDrawSurface7_Lock(surface, NULL, &desc, 0, NULL);
        ok(hr == DD_OK, "Lock of %s: hr %#lx.\n", pools[i].name, hr);
        base = desc.lpSurface;
        IDirectDrawSurface7_Unlock(surface, NULL);
        for (j = 0; j < ARRAYSIZE(rects); ++j)
        {
            RECT r = rects[j];

            /* Shifted one block right and down, so the pointer says where it starts. */
            OffsetRect(&r, 4, 4);
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            hr = IDirectDrawSurface7_Lock(surface, &r, &desc, 0, NULL);
            ok(SUCCEEDED(hr) == pools[i].partial, "%s, rectangle %u: hr %#lx.\n", pools[i].name, j, hr);
            if (FAILED(hr))
                continue;
            /* A row of four 8-byte blocks down, a block right. */
            ok((BYTE *)desc.lpSurface - base == 4 * 8 + 8,
                    "%s, rectangle %u: pointer at %+ld.\n", pools[i].name, j,
                    (long)((BYTE *)desc.lpSurface - base));
            IDirectDrawSurface7_Unlock(surface, NULL);
        }
        /* Whole blocks lock in every pool. */
        {
            RECT whole = {4, 4, 8, 8};
            memset(&desc, 0, sizeof(desc));
            desc.dwSize = sizeof(desc);
            hr = IDirectDrawSurface7_Lock(surface, &whole, &desc, 0, NULL);
            ok(hr == DD_OK, "%s, whole block: hr %#lx.\n", pools[i].name, hr);
            if (SUCCEEDED(hr))
                IDirectDrawSurface7_Unlock(surface, NULL);
        }
        IDirectDrawSurface7_Release(surface);
    }
    IDirectDraw7_Release(ddraw);
}

START_TEST(ddraw_texture)
{
    test_mipmaps();
    test_cube_map();
    test_cube_map_rules();
    test_managed();
    test_client_memory();
    test_enum_and_duplicate();
    test_ddraw1_surfaces();
    test_ddraw1_zbuffer_desc();
    test_partial_block_lock();
}

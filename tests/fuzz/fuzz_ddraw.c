/*
 * libFuzzer harness: DirectDraw surface descriptions and rectangles on our
 * ddraw natively. Each input describes up to four surfaces (flags, caps,
 * sizes, pixel formats of every kind or raw, pitches, application memory,
 * mip counts, back buffers, colour keys) and then Locks, Blts, BltFasts,
 * colour and depth fills, SetSurfaceDesc, colour keys, palettes and
 * attachments with rectangles from the input. Application memory is as big
 * as the pitch and height the harness itself claims (a caller's contract);
 * a negative or small pitch is passed as it is, since ddraw must refuse it.
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "ddraw_private.h"

#define MAX_SURFACES 4
#define USER_MEMORY (256 * 1024)

static IDirectDraw7 *ddraw;

static void pixel_format(struct fuzz_input *in, DDPIXELFORMAT *pf)
{
    static const enum wined3d_format_id ids[] =
    {
        WINED3DFMT_R5G6B5, WINED3DFMT_X1R5G5B5, WINED3DFMT_A1R5G5B5, WINED3DFMT_A4R4G4B4, WINED3DFMT_R8G8B8,
        WINED3DFMT_X8R8G8B8, WINED3DFMT_A8R8G8B8, WINED3DFMT_P8, WINED3DFMT_P4, WINED3DFMT_L8, WINED3DFMT_A8,
        WINED3DFMT_A8L8, WINED3DFMT_DXT1, WINED3DFMT_DXT3, WINED3DFMT_DXT5, WINED3DFMT_D16, WINED3DFMT_D24X8,
        WINED3DFMT_D24S8, WINED3DFMT_D32, WINED3DFMT_V8U8, WINED3DFMT_L6V5U5, WINED3DFMT_X8L8V8U8,
    };
    uint8_t k = fuzz_u8(in);

    memset(pf, 0, sizeof(*pf));
    if (k < 220 && ddraw_format_to_ddpf(ids[k % (sizeof(ids) / sizeof(ids[0]))], pf))
        return;
    /* Any description at all. */
    fuzz_bytes(in, pf, sizeof(*pf));
    if (fuzz_u8(in) & 1) pf->dwSize = sizeof(*pf);
}

static void rect_of(struct fuzz_input *in, RECT *r)
{
    r->left = (int8_t)fuzz_u8(in);
    r->top = (int8_t)fuzz_u8(in);
    r->right = (int8_t)fuzz_u8(in) + (fuzz_u8(in) & 0x7f);
    r->bottom = (int8_t)fuzz_u8(in) + (fuzz_u8(in) & 0x7f);
}

static void create(struct fuzz_input *in, IDirectDrawSurface7 **out, uint8_t *memory)
{
    static const DWORD caps_bits[] =
    {
        DDSCAPS_OFFSCREENPLAIN, DDSCAPS_TEXTURE, DDSCAPS_SYSTEMMEMORY, DDSCAPS_VIDEOMEMORY, DDSCAPS_3DDEVICE,
        DDSCAPS_ZBUFFER, DDSCAPS_MIPMAP, DDSCAPS_COMPLEX, DDSCAPS_FLIP, DDSCAPS_PRIMARYSURFACE, DDSCAPS_BACKBUFFER,
        DDSCAPS_OWNDC, DDSCAPS_PALETTE, DDSCAPS_ALPHA, DDSCAPS_LOCALVIDMEM, DDSCAPS_OVERLAY,
    };
    DDSURFACEDESC2 desc;
    unsigned int i;
    uint16_t mask;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = fuzz_u8(in) < 250 ? sizeof(desc) : fuzz_u8(in);
    desc.dwFlags = fuzz_u8(in) < 200 ? DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | (fuzz_u16(in) & 0x1f7e0) : fuzz_u32(in);
    mask = fuzz_u16(in);
    for (i = 0; i < 16; ++i)
        if (mask & (1u << i)) desc.ddsCaps.dwCaps |= caps_bits[i];
    if (fuzz_u8(in) < 40)
        desc.ddsCaps.dwCaps2 = fuzz_u8(in) & 1 ? DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_ALLFACES : fuzz_u32(in);
    desc.dwWidth = fuzz_u8(in) < 230 ? fuzz_below(in, 70) : fuzz_u32(in);
    desc.dwHeight = fuzz_u8(in) < 230 ? fuzz_below(in, 70) : fuzz_u32(in);
    desc.dwBackBufferCount = fuzz_below(in, 4);
    desc.dwMipMapCount = fuzz_below(in, 10);
    pixel_format(in, &desc.ddpfPixelFormat);
    desc.ddckCKSrcBlt.dwColorSpaceLowValue = fuzz_u32(in);
    desc.ddckCKSrcBlt.dwColorSpaceHighValue = fuzz_u32(in);
    desc.lPitch = fuzz_u8(in) < 200 ? 4 * (LONG)fuzz_below(in, 80) : (LONG)fuzz_u32(in);
    desc.lpSurface = NULL;
    if (desc.dwFlags & DDSD_LPSURFACE)
    {
        /* The memory the description claims, when the harness has it. */
        uint64_t need = (uint64_t)(desc.lPitch < 0 ? -(int64_t)desc.lPitch : desc.lPitch) * desc.dwHeight;
        if (need <= USER_MEMORY && desc.dwWidth <= 4096)
            desc.lpSurface = memory;
        else
            desc.dwFlags &= ~DDSD_LPSURFACE;
    }
    IDirectDraw7_CreateSurface(ddraw, &desc, out, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t memory[MAX_SURFACES][USER_MEMORY];
    IDirectDrawSurface7 *surfaces[MAX_SURFACES] = {0};
    struct fuzz_input in = {data, size, 0};
    IDirectDrawPalette *palette = NULL;
    PALETTEENTRY entries[256];
    unsigned int ops = 0, i;

    if (!ddraw && (FAILED(DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL))
            || FAILED(IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL))))
        abort();
    memset(entries, 0x40, sizeof(entries));
    IDirectDraw7_CreatePalette(ddraw, DDPCAPS_8BIT | DDPCAPS_ALLOW256, entries, &palette, NULL);

    while (fuzz_more(&in) && ops++ < 32)
    {
        IDirectDrawSurface7 *a = surfaces[fuzz_below(&in, MAX_SURFACES)], *b = surfaces[fuzz_below(&in, MAX_SURFACES)];
        RECT ra, rb;
        DDBLTFX fx;

        switch (fuzz_below(&in, 10))
        {
            case 0: case 1:
            {
                unsigned int slot = fuzz_below(&in, MAX_SURFACES);
                if (surfaces[slot]) IDirectDrawSurface7_Release(surfaces[slot]);
                surfaces[slot] = NULL;
                create(&in, &surfaces[slot], memory[slot]);
                break;
            }
            case 2:
            {
                DDSURFACEDESC2 desc;
                BOOL whole;
                if (!a) break;
                memset(&desc, 0, sizeof(desc));
                desc.dwSize = sizeof(desc);
                rect_of(&in, &ra);
                whole = fuzz_u8(&in) & 1;
                if (SUCCEEDED(IDirectDrawSurface7_Lock(a, whole ? NULL : &ra, &desc, fuzz_u32(&in) & 0x1f831, NULL)))
                {
                    /* Write the first pixel of what was locked.  An empty
                     * rectangle locks too (as on Windows) and points at its
                     * corner, which may be one past the surface's last pixel:
                     * nothing of it may be written. */
                    if (desc.lpSurface && !(desc.ddpfPixelFormat.dwFlags & DDPF_FOURCC)
                            && (whole || (ra.right > ra.left && ra.bottom > ra.top)))
                        memset(desc.lpSurface, fuzz_u8(&in), desc.ddpfPixelFormat.dwRGBBitCount / 8);
                    IDirectDrawSurface7_Unlock(a, fuzz_u8(&in) & 1 ? &ra : NULL);
                }
                break;
            }
            case 3: case 4:
                if (!a) break;
                rect_of(&in, &ra);
                rect_of(&in, &rb);
                memset(&fx, 0, sizeof(fx));
                fx.dwSize = fuzz_u8(&in) < 250 ? sizeof(fx) : fuzz_u8(&in);
                fx.dwFillColor = fuzz_u32(&in);
                fx.dwFillDepth = fuzz_u32(&in);
                fx.dwDDFX = fuzz_u32(&in) & 0xf;
                fx.ddckSrcColorkey.dwColorSpaceLowValue = fuzz_u32(&in);
                IDirectDrawSurface7_Blt(a, fuzz_u8(&in) & 1 ? &ra : NULL, b, fuzz_u8(&in) & 1 ? &rb : NULL,
                        fuzz_u32(&in) & 0x0304ec00, &fx);
                break;
            case 5:
                if (!a) break;
                rect_of(&in, &rb);
                IDirectDrawSurface7_BltFast(a, (int8_t)fuzz_u8(&in), (int8_t)fuzz_u8(&in), b, fuzz_u8(&in) & 1 ? &rb : NULL,
                        fuzz_u32(&in) & 0x17);
                break;
            case 6:
            {
                DDCOLORKEY key = {fuzz_u32(&in), fuzz_u32(&in)};
                if (!a) break;
                IDirectDrawSurface7_SetColorKey(a, fuzz_u32(&in) & 0x1f, fuzz_u8(&in) & 1 ? &key : NULL);
                IDirectDrawSurface7_SetPalette(a, fuzz_u8(&in) & 1 ? palette : NULL);
                break;
            }
            case 7:
            {
                DDSURFACEDESC2 desc;
                unsigned int slot = fuzz_below(&in, MAX_SURFACES);
                if (!surfaces[slot]) break;
                memset(&desc, 0, sizeof(desc));
                desc.dwSize = sizeof(desc);
                desc.dwFlags = fuzz_u8(&in) & (DDSD_LPSURFACE | DDSD_PITCH | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT);
                desc.dwWidth = fuzz_below(&in, 70);
                desc.dwHeight = fuzz_below(&in, 70);
                desc.lPitch = fuzz_u8(&in) < 200 ? 4 * (LONG)fuzz_below(&in, 80) : (LONG)fuzz_u32(&in);
                pixel_format(&in, &desc.ddpfPixelFormat);
                if ((uint64_t)(desc.lPitch < 0 ? -(int64_t)desc.lPitch : desc.lPitch) * (desc.dwHeight ? desc.dwHeight : 70)
                        > USER_MEMORY)
                    break;
                desc.lpSurface = memory[slot];
                IDirectDrawSurface7_SetSurfaceDesc(surfaces[slot], &desc, fuzz_u8(&in) < 250 ? 0 : 1);
                break;
            }
            case 8:
                if (!a || !b) break;
                if (fuzz_u8(&in) & 1) IDirectDrawSurface7_AddAttachedSurface(a, b);
                else IDirectDrawSurface7_DeleteAttachedSurface(a, 0, b);
                break;
            case 9:
            {
                DDSURFACEDESC2 desc;
                DDSCAPS2 caps = {fuzz_u32(&in), 0, 0, {0}};
                IDirectDrawSurface7 *attached = NULL;
                if (!a) break;
                memset(&desc, 0, sizeof(desc));
                desc.dwSize = sizeof(desc);
                IDirectDrawSurface7_GetSurfaceDesc(a, &desc);
                if (SUCCEEDED(IDirectDrawSurface7_GetAttachedSurface(a, &caps, &attached)))
                    IDirectDrawSurface7_Release(attached);
                IDirectDrawSurface7_IsLost(a);
                break;
            }
        }
    }
    for (i = 0; i < MAX_SURFACES; ++i)
        if (surfaces[i]) IDirectDrawSurface7_Release(surfaces[i]);
    if (palette) IDirectDrawPalette_Release(palette);
    return 0;
}

/*
 * Shared by the Direct3D harnesses (fuzz_d3d7 through IDirectDraw7,
 * fuzz_execute through the version-1 interfaces): the surfaces their
 * device draws into are described alike, a 32x32 X8R8G8B8 target with a
 * 16-bit z-buffer and 16x16 textures of the target's format.
 */
#ifndef DX7GL_FUZZ_D3D_H
#define DX7GL_FUZZ_D3D_H

#include <string.h>

#include <ddraw.h>

#define FUZZ_TARGET_SIZE 32
#define FUZZ_TEXTURE_SIZE 16

static inline void fuzz_rgb_format(DDPIXELFORMAT *pf)
{
    memset(pf, 0, sizeof(*pf));
    pf->dwSize = sizeof(*pf);
    pf->dwFlags = DDPF_RGB;
    pf->dwRGBBitCount = 32;
    pf->dwRBitMask = 0xff0000;
    pf->dwGBitMask = 0xff00;
    pf->dwBBitMask = 0xff;
}

static inline void fuzz_z_format(DDPIXELFORMAT *pf)
{
    memset(pf, 0, sizeof(*pf));
    pf->dwSize = sizeof(*pf);
    pf->dwFlags = DDPF_ZBUFFER;
    pf->dwZBufferBitDepth = 16;
    pf->dwZBitMask = 0xffff;
}

/* A surface of the caps and size, in the format pf (NULL: the display's).
 * A DDSURFACEDESC is this description's beginning (up to the first DWORD
 * of the caps), so the version-1 harness copies that part. */
static inline void fuzz_surface_desc(DDSURFACEDESC2 *desc, DWORD caps, DWORD width, DWORD height,
        const DDPIXELFORMAT *pf)
{
    memset(desc, 0, sizeof(*desc));
    desc->dwSize = sizeof(*desc);
    desc->dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | (pf ? DDSD_PIXELFORMAT : 0);
    desc->ddsCaps.dwCaps = caps;
    desc->dwWidth = width;
    desc->dwHeight = height;
    if (pf) desc->ddpfPixelFormat = *pf;
}

#endif

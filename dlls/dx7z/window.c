/*
 * THRASH video modes and windows: DirectDraw set-up (fullscreen flipping
 * chain, or windowed with a blit), the z-buffer, the Direct3D device, and
 * what window(n) selects for lockwindow, readrect, writerect, clearwindow.
 */
#include "config.h"

#include <stdlib.h>

#include "dx7z_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(thrash);

BOOL dx7z_init(void)
{
    HRESULT hr;

    if (dx7z.ddraw)
        return TRUE;
    if (FAILED(hr = DirectDrawCreateEx(NULL, (void **)&dx7z.ddraw, &IID_IDirectDraw7, NULL)))
    {
        WARN("DirectDrawCreateEx failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        dx7z.ddraw = NULL;
        return FALSE;
    }
    if (FAILED(hr = IDirectDraw7_QueryInterface(dx7z.ddraw, &IID_IDirect3D7, (void **)&dx7z.d3d)))
    {
        WARN("no IDirect3D7, hr %#lx\n", (unsigned long)(DWORD)hr);
        IDirectDraw7_Release(dx7z.ddraw);
        dx7z.ddraw = NULL;
        return FALSE;
    }
    return TRUE;
}

static void release_surfaces(void)
{
    if (dx7z.device)
    {
        dx7z_dev_end_scene();
        IDirect3DDevice7_Release(dx7z.device);
        dx7z.device = NULL;
    }
    if (dx7z.gamma_control) { IDirectDrawGammaControl_Release(dx7z.gamma_control); dx7z.gamma_control = NULL; }
    if (dx7z.zbuffer) { IDirectDrawSurface7_Release(dx7z.zbuffer); dx7z.zbuffer = NULL; }
    if (dx7z.back) { IDirectDrawSurface7_Release(dx7z.back); dx7z.back = NULL; }
    if (dx7z.front && dx7z.front != dx7z.primary) IDirectDrawSurface7_Release(dx7z.front);
    dx7z.front = NULL;
    if (dx7z.clipper) { IDirectDrawClipper_Release(dx7z.clipper); dx7z.clipper = NULL; }
    if (dx7z.primary) { IDirectDrawSurface7_Release(dx7z.primary); dx7z.primary = NULL; }
    dx7z.locked = NULL;
    dx7z.in_scene = FALSE;
}

void dx7z_restore(void)
{
    dx7z_batch_flush();
    dx7z_treset();
    release_surfaces();
    if (dx7z.ddraw)
    {
        if (!dx7z.windowed)
            IDirectDraw7_RestoreDisplayMode(dx7z.ddraw);
        if (dx7z.hwnd)
            IDirectDraw7_SetCooperativeLevel(dx7z.ddraw, dx7z.hwnd, DDSCL_NORMAL);
    }
    if (dx7z.d3d) { IDirect3D7_Release(dx7z.d3d); dx7z.d3d = NULL; }
    if (dx7z.ddraw)
    {
        ULONG left = IDirectDraw7_Release(dx7z.ddraw);
        /* Everything the driver made is gone: a reference left is a leak. */
        if (left)
            WARN("DirectDraw still has %lu references\n", (unsigned long)left);
        dx7z.ddraw = NULL;
    }
    dx7z.mode = 0;
}

static void set_colour_format(DDPIXELFORMAT *pf, DWORD bits)
{
    memset(pf, 0, sizeof(*pf));
    pf->dwSize = sizeof(*pf);
    pf->dwFlags = DDPF_RGB;
    pf->dwRGBBitCount = bits;
    if (bits == 16)
    {
        pf->dwRBitMask = 0xf800;
        pf->dwGBitMask = 0x07e0;
        pf->dwBBitMask = 0x001f;
    }
    else
    {
        pf->dwRBitMask = 0xff0000;
        pf->dwGBitMask = 0x00ff00;
        pf->dwBBitMask = 0x0000ff;
    }
}

static HRESULT create_plain(DWORD width, DWORD height, DWORD bits, DWORD caps, IDirectDrawSurface7 **surface)
{
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.dwWidth = width;
    desc.dwHeight = height;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | caps;
    set_colour_format(&desc.ddpfPixelFormat, bits);
    return IDirectDraw7_CreateSurface(dx7z.ddraw, &desc, surface, NULL);
}

/* The z-buffer the engine gets: as deep as the colour buffer, with stencil
 * in 32-bit modes when the device has it. */
struct zformat_choice
{
    DWORD colour_bits;
    DDPIXELFORMAT best;
    int score;
};

static HRESULT CALLBACK zformat_cb(DDPIXELFORMAT *pf, void *ctx)
{
    struct zformat_choice *c = ctx;
    DWORD depth = pf->dwZBufferBitDepth - ((pf->dwFlags & DDPF_STENCILBUFFER) ? pf->dwStencilBitDepth : 0);
    int score = 0;

    if (!(pf->dwFlags & DDPF_ZBUFFER))
        return D3DENUMRET_OK;
    if (c->colour_bits == 16)
        score = depth == 16 ? 100 : depth == 24 ? 50 : 10;
    else
        score = depth == 24 ? 100 : depth == 32 ? 60 : depth == 16 ? 30 : 10;
    if (pf->dwFlags & DDPF_STENCILBUFFER)
        score += c->colour_bits == 16 ? -5 : 5;
    if (score > c->score)
    {
        c->score = score;
        c->best = *pf;
    }
    return D3DENUMRET_OK;
}

static BOOL create_zbuffer(void)
{
    struct zformat_choice choice;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&choice, 0, sizeof(choice));
    choice.colour_bits = dx7z.bits;
    choice.score = -1;
    IDirect3D7_EnumZBufferFormats(dx7z.d3d, &IID_IDirect3DHALDevice, zformat_cb, &choice);
    if (choice.score < 0)
    {
        WARN("no z-buffer format\n");
        return FALSE;
    }
    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    desc.dwWidth = dx7z.width;
    desc.dwHeight = dx7z.height;
    desc.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    desc.ddpfPixelFormat = choice.best;
    if (FAILED(hr = IDirectDraw7_CreateSurface(dx7z.ddraw, &desc, &dx7z.zbuffer, NULL)))
    {
        WARN("z-buffer CreateSurface failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        dx7z.zbuffer = NULL;
        return FALSE;
    }
    if (FAILED(hr = IDirectDrawSurface7_AddAttachedSurface(dx7z.back, dx7z.zbuffer)))
    {
        WARN("AddAttachedSurface failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        IDirectDrawSurface7_Release(dx7z.zbuffer);
        dx7z.zbuffer = NULL;
        return FALSE;
    }
    dx7z.caps.stencil = (choice.best.dwFlags & DDPF_STENCILBUFFER) != 0;
    return TRUE;
}

/* Narrows the GeForce 256 profile to what the device says. */
static void read_caps(void)
{
    D3DDEVICEDESC7 desc;
    DDDEVICEIDENTIFIER2 id;
    DDSCAPS2 caps;
    DWORD total = 0, free_mem = 0;
    BOOL stencil = dx7z.caps.stencil;

    dx7z_caps_default(&dx7z.caps);
    dx7z.caps.stencil = stencil;
    memset(&desc, 0, sizeof(desc));
    if (SUCCEEDED(IDirect3DDevice7_GetCaps(dx7z.device, &desc)))
    {
        const D3DPRIMCAPS *tri = &desc.dpcTriCaps;

        dx7z.caps.stages = desc.wMaxSimultaneousTextures ? desc.wMaxSimultaneousTextures : 1;
        if (dx7z.caps.stages > THRASH_MAX_STAGES) dx7z.caps.stages = THRASH_MAX_STAGES;
        dx7z.caps.wbuffer = (tri->dwRasterCaps & D3DPRASTERCAPS_WBUFFER) != 0;
        dx7z.caps.aniso = (tri->dwRasterCaps & D3DPRASTERCAPS_ANISOTROPY) != 0;
        dx7z.caps.mipmap_lod_bias = (tri->dwRasterCaps & D3DPRASTERCAPS_MIPMAPLODBIAS) != 0;
        dx7z.caps.antialias = (tri->dwRasterCaps & D3DPRASTERCAPS_ANTIALIASSORTINDEPENDENT) != 0;
        dx7z.caps.modulate_alpha = (tri->dwTextureBlendCaps & D3DPTBLENDCAPS_MODULATEALPHA) != 0;
        dx7z.caps.alpha_modulate_op = (desc.dwTextureOpCaps & D3DTEXOPCAPS_MODULATE) != 0;
        dx7z.caps.srcalpha_additive = (tri->dwSrcBlendCaps & D3DPBLENDCAPS_SRCALPHA) != 0;
        dx7z.caps.pow2 = (tri->dwTextureCaps & D3DPTEXTURECAPS_POW2) != 0;
        dx7z.caps.square = (tri->dwTextureCaps & D3DPTEXTURECAPS_SQUAREONLY) != 0;
        if (desc.dwMinTextureWidth) dx7z.caps.min_tex_w = desc.dwMinTextureWidth;
        if (desc.dwMinTextureHeight) dx7z.caps.min_tex_h = desc.dwMinTextureHeight;
        if (desc.dwMaxTextureWidth) dx7z.caps.max_tex_w = desc.dwMaxTextureWidth;
        if (desc.dwMaxTextureHeight) dx7z.caps.max_tex_h = desc.dwMaxTextureHeight;
        if (desc.dvGuardBandLeft < desc.dvGuardBandRight)
        {
            dx7z.caps.guard_band[0] = desc.dvGuardBandLeft;
            dx7z.caps.guard_band[1] = desc.dvGuardBandRight;
            dx7z.caps.guard_band[2] = desc.dvGuardBandTop;
            dx7z.caps.guard_band[3] = desc.dvGuardBandBottom;
        }
    }
    memset(&id, 0, sizeof(id));
    if (SUCCEEDED(IDirectDraw7_GetDeviceIdentifier(dx7z.ddraw, &id, 0)))
    {
        dx7z.caps.subtype = dx7z_card_subtype(id.dwVendorId, id.dwDeviceId);
        if (id.szDescription[0])
        {
            memcpy(dx7z.caps.device_name, id.szDescription, sizeof(dx7z.caps.device_name) - 1);
            dx7z.caps.device_name[sizeof(dx7z.caps.device_name) - 1] = 0;
        }
    }
    memset(&caps, 0, sizeof(caps));
    caps.dwCaps = DDSCAPS_TEXTURE;
    if (SUCCEEDED(IDirectDraw7_GetAvailableVidMem(dx7z.ddraw, &caps, &total, &free_mem)) && total)
        dx7z.caps.texture_ram = total;
}

static BOOL create_chain(DWORD buffers)
{
    DDSURFACEDESC2 desc;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS;
    desc.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    if (!dx7z.windowed)
    {
        desc.dwFlags |= DDSD_BACKBUFFERCOUNT;
        /* setvideomode's buffers: 3 asks for triple buffering. */
        desc.dwBackBufferCount = buffers >= 3 ? 2 : 1;
        desc.ddsCaps.dwCaps |= DDSCAPS_FLIP | DDSCAPS_COMPLEX | DDSCAPS_3DDEVICE;
    }
    if (FAILED(hr = IDirectDraw7_CreateSurface(dx7z.ddraw, &desc, &dx7z.primary, NULL)))
    {
        WARN("primary CreateSurface failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        dx7z.primary = NULL;
        return FALSE;
    }
    if (!dx7z.windowed)
    {
        DDSCAPS2 caps;

        memset(&caps, 0, sizeof(caps));
        caps.dwCaps = DDSCAPS_BACKBUFFER;
        if (FAILED(hr = IDirectDrawSurface7_GetAttachedSurface(dx7z.primary, &caps, &dx7z.back)))
        {
            WARN("no back buffer, hr %#lx\n", (unsigned long)(DWORD)hr);
            dx7z.back = NULL;
            return FALSE;
        }
        dx7z.front = dx7z.primary;
        return TRUE;
    }

    /* Windowed: the flip becomes a blit. The front buffer is a surface of
     * the mode's size, so front locks and reads see what was flipped. */
    if (SUCCEEDED(IDirectDraw7_CreateClipper(dx7z.ddraw, 0, &dx7z.clipper, NULL)))
    {
        IDirectDrawClipper_SetHWnd(dx7z.clipper, 0, dx7z.hwnd);
        IDirectDrawSurface7_SetClipper(dx7z.primary, dx7z.clipper);
    }
    if (FAILED(hr = create_plain(dx7z.width, dx7z.height, dx7z.bits, DDSCAPS_3DDEVICE, &dx7z.back)))
    {
        WARN("back buffer CreateSurface failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        dx7z.back = NULL;
        return FALSE;
    }
    if (FAILED(hr = create_plain(dx7z.width, dx7z.height, dx7z.bits, 0, &dx7z.front)))
    {
        WARN("front buffer CreateSurface failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        dx7z.front = NULL;
        return FALSE;
    }
    return TRUE;
}

/* setvideomode(mode, buffers, depth): modes 1..5 of the about record;
 * depth 2 asks for 32 bits a pixel, anything else 16. */
BOOL dx7z_setvideomode(DWORD mode, DWORD buffers, DWORD depth)
{
    HRESULT hr;

    if (!mode || mode >= THRASH_DISPLAY_MODES)
    {
        WARN("no display mode %u\n", (unsigned)mode);
        return FALSE;
    }
    if (!dx7z.hwnd)
    {
        WARN("no window (setstate 0x19)\n");
        return FALSE;
    }
    if (!dx7z_init())
        return FALSE;
    dx7z_batch_flush();
    dx7z_treset();
    release_surfaces();

    dx7z.mode = mode;
    dx7z.width = dx7z_display_modes[mode].width;
    dx7z.height = dx7z_display_modes[mode].height;
    dx7z.bits = depth == 2 ? 32 : 16;
    TRACE("mode %u (%ux%u, %u bits), %u buffers, %s\n", (unsigned)mode, (unsigned)dx7z.width,
            (unsigned)dx7z.height, (unsigned)dx7z.bits, (unsigned)buffers, dx7z.windowed ? "windowed" : "fullscreen");

    hr = IDirectDraw7_SetCooperativeLevel(dx7z.ddraw, dx7z.hwnd,
            dx7z.windowed ? DDSCL_NORMAL : DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    if (FAILED(hr))
    {
        WARN("SetCooperativeLevel failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        return FALSE;
    }
    if (!dx7z.windowed && FAILED(hr = IDirectDraw7_SetDisplayMode(dx7z.ddraw, dx7z.width, dx7z.height,
            dx7z.bits, 0, 0)))
    {
        /* A display that can't take the mode (an X server can't change its
         * depth): draw at the asked depth anyway and present as windowed. */
        WARN("SetDisplayMode(%ux%ux%u) failed, hr %#lx; presenting windowed\n", (unsigned)dx7z.width,
                (unsigned)dx7z.height, (unsigned)dx7z.bits, (unsigned long)(DWORD)hr);
        IDirectDraw7_SetCooperativeLevel(dx7z.ddraw, dx7z.hwnd, DDSCL_NORMAL);
        dx7z.windowed = TRUE;
    }
    if (!create_chain(buffers))
        goto fail;
    dx7z.caps.stencil = FALSE;
    create_zbuffer();
    if (FAILED(hr = IDirect3D7_CreateDevice(dx7z.d3d, &IID_IDirect3DHALDevice, dx7z.back, &dx7z.device)))
    {
        WARN("CreateDevice failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        dx7z.device = NULL;
        goto fail;
    }
    read_caps();
    /* A new device has Direct3D's defaults, not what we sent the old one. */
    memset(dx7z.stage_ops_valid, 0, sizeof(dx7z.stage_ops_valid));
    if (dx7z.zbuffer)
    {
        DDSURFACEDESC2 zd;
        memset(&zd, 0, sizeof(zd));
        zd.dwSize = sizeof(zd);
        if (SUCCEEDED(IDirectDrawSurface7_GetSurfaceDesc(dx7z.zbuffer, &zd)))
            dx7z.caps.stencil = (zd.ddpfPixelFormat.dwFlags & DDPF_STENCILBUFFER) != 0;
    }
    if (SUCCEEDED(IDirectDrawSurface7_QueryInterface(dx7z.primary, &IID_IDirectDrawGammaControl,
            (void **)&dx7z.gamma_control)))
    {
        if (!dx7z.have_desktop_ramp && SUCCEEDED(IDirectDrawGammaControl_GetGammaRamp(dx7z.gamma_control,
                0, &dx7z.desktop_ramp)))
            dx7z.have_desktop_ramp = TRUE;
    }
    else dx7z.gamma_control = NULL;

    dx7z.window = 2;
    dx7z_clip(0, 0, dx7z.width, dx7z.height);
    dx7z_default_states();
    dx7z_dev_clear(D3DCLEAR_TARGET | (dx7z.zbuffer ? D3DCLEAR_ZBUFFER : 0), 0, 1.0f);
    return TRUE;

fail:
    release_surfaces();
    dx7z.mode = 0;
    return FALSE;
}

/* ---- windows ---- */

static IDirectDrawSurface7 *window_surface(void)
{
    switch (dx7z.window)
    {
    case 1: return dx7z.front;
    case 2: return dx7z.back ? dx7z.back : dx7z.front;
    case 3:
    case 5: return dx7z.zbuffer;
    }
    return NULL;
}

BOOL dx7z_window(DWORD n)
{
    dx7z.window = n;
    return n == 1 || n == 2 || n == 3 || n == 5;
}

static DWORD lock_format(const DDPIXELFORMAT *pf)
{
    if (pf->dwFlags & DDPF_ZBUFFER)
        return pf->dwZBufferBitDepth;
    switch (pf->dwRGBBitCount)
    {
    case 16: return pf->dwGBitMask == 0x3e0 ? 11 : 4;
    case 24: return 5;
    case 32: return 6;
    }
    return 0;
}

DWORD dx7z_readrect_bpp(DWORD format)
{
    return format == 6 ? 4 : format == 5 ? 3 : 2;
}

/* writerect copies 2 bytes a pixel unless the format is 5 (24-bit), so in
 * 32-bit modes only the left half of each row's bytes is written (kept). */
DWORD dx7z_writerect_bpp(DWORD format)
{
    return format == 5 ? 3 : 2;
}

static void call_lock_hook(int locking)
{
    thrash_lock_hook hook;

    if (!dx7z.hooks_set || !dx7z.hooks.words[5])
        return;
    hook = (thrash_lock_hook)dx7z.hooks.words[5];
    hook(locking);
}

/* Locks leave the scene and draw what is queued first, so that a read sees
 * what was drawn (the lens flare reads 4x4 pixels at the sun). */
static BOOL lock_surface(IDirectDrawSurface7 *surface, RECT *rect, DDSURFACEDESC2 *desc, DWORD flags)
{
    HRESULT hr;

    dx7z_end_scene();
    memset(desc, 0, sizeof(*desc));
    desc->dwSize = sizeof(*desc);
    if (FAILED(hr = IDirectDrawSurface7_Lock(surface, rect, desc, DDLOCK_WAIT | flags, NULL)))
    {
        WARN("Lock failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        return FALSE;
    }
    return TRUE;
}

struct thrash_lock *dx7z_lockwindow(void)
{
    IDirectDrawSurface7 *surface = window_surface();
    DDSURFACEDESC2 desc;
    BOOL ok;

    if (!surface || dx7z.locked)
        return NULL;
    call_lock_hook(1);
    ok = lock_surface(surface, NULL, &desc, 0);
    call_lock_hook(0);
    if (!ok)
        return NULL;
    dx7z.locked = surface;
    dx7z.lock.pixels = desc.lpSurface;
    dx7z.lock.pitch = desc.lPitch;
    dx7z.lock.format = lock_format(&desc.ddpfPixelFormat);
    dx7z.lock.width = desc.dwWidth;
    dx7z.lock.height = desc.dwHeight;
    return &dx7z.lock;
}

BOOL dx7z_unlockwindow(void)
{
    if (!dx7z.locked)
        return FALSE;
    IDirectDrawSurface7_Unlock(dx7z.locked, NULL);
    dx7z.locked = NULL;
    return TRUE;
}

static BOOL clip_rect(IDirectDrawSurface7 *surface, DWORD *x, DWORD *y, DWORD *w, DWORD *h, RECT *r)
{
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    if (FAILED(IDirectDrawSurface7_GetSurfaceDesc(surface, &desc)))
        return FALSE;
    if (*x >= desc.dwWidth || *y >= desc.dwHeight || !*w || !*h)
        return FALSE;
    if (*w > desc.dwWidth - *x) *w = desc.dwWidth - *x;
    if (*h > desc.dwHeight - *y) *h = desc.dwHeight - *y;
    r->left = *x;
    r->top = *y;
    r->right = *x + *w;
    r->bottom = *y + *h;
    return TRUE;
}

BOOL dx7z_readrect(DWORD x, DWORD y, DWORD w, DWORD h, void *dst)
{
    IDirectDrawSurface7 *surface = window_surface();
    DDSURFACEDESC2 desc;
    DWORD bpp, row;
    BYTE *out = dst;
    RECT r;

    if (!surface || !dst || dx7z.locked || !clip_rect(surface, &x, &y, &w, &h, &r))
        return FALSE;
    if (!lock_surface(surface, &r, &desc, DDLOCK_READONLY))
        return FALSE;
    bpp = dx7z_readrect_bpp(lock_format(&desc.ddpfPixelFormat));
    for (row = 0; row < h; ++row)
        memcpy(out + row * w * bpp, (BYTE *)desc.lpSurface + row * desc.lPitch, w * bpp);
    IDirectDrawSurface7_Unlock(surface, &r);
    return TRUE;
}

BOOL dx7z_writerect(DWORD x, DWORD y, DWORD w, DWORD h, const void *src)
{
    IDirectDrawSurface7 *surface = window_surface();
    DDSURFACEDESC2 desc;
    const BYTE *in = src;
    DWORD bpp, row;
    RECT r;

    if (!surface || !src || dx7z.locked || !clip_rect(surface, &x, &y, &w, &h, &r))
        return FALSE;
    if (!lock_surface(surface, &r, &desc, DDLOCK_WRITEONLY))
        return FALSE;
    bpp = dx7z_writerect_bpp(lock_format(&desc.ddpfPixelFormat));
    for (row = 0; row < h; ++row)
        memcpy((BYTE *)desc.lpSurface + row * desc.lPitch, in + row * w * bpp, w * bpp);
    IDirectDrawSurface7_Unlock(surface, &r);
    return TRUE;
}

static DWORD surface_colour(IDirectDrawSurface7 *surface, DWORD argb)
{
    DDSURFACEDESC2 desc;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    IDirectDrawSurface7_GetSurfaceDesc(surface, &desc);
    if (desc.ddpfPixelFormat.dwRGBBitCount == 16)
    {
        DWORD r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
        if (desc.ddpfPixelFormat.dwGBitMask == 0x3e0)
            return (r >> 3) << 10 | (g >> 3) << 5 | b >> 3;
        return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3;
    }
    return argb & 0xffffff;
}

/* Doesn't flush: what is still queued lands on top of the cleared area. */
BOOL dx7z_clearwindow(void)
{
    switch (dx7z.window)
    {
    case 1:
        if (dx7z.front && dx7z.front != dx7z.back)
        {
            DDBLTFX fx;
            memset(&fx, 0, sizeof(fx));
            fx.dwSize = sizeof(fx);
            fx.dwFillColor = surface_colour(dx7z.front, dx7z.background);
            return SUCCEEDED(IDirectDrawSurface7_Blt(dx7z.front, NULL, NULL, NULL, DDBLT_COLORFILL | DDBLT_WAIT, &fx));
        }
        /* fall through */
    case 2:
        dx7z_dev_clear(D3DCLEAR_TARGET | (dx7z.zbuffer ? D3DCLEAR_ZBUFFER : 0), dx7z.background, dx7z.clear_z);
        return dx7z.device != NULL;
    case 3:
    case 5:
        if (!dx7z.zbuffer)
            return FALSE;
        dx7z_dev_clear(D3DCLEAR_ZBUFFER, 0, dx7z.clear_z);
        return TRUE;
    }
    return FALSE;
}

static void present_windowed(void)
{
#ifdef _WIN32
    RECT dst;
    POINT origin = {0, 0};

    if (!dx7z.primary || !dx7z.hwnd)
        return;
    if (!GetClientRect(dx7z.hwnd, &dst))
        return;
    ClientToScreen(dx7z.hwnd, &origin);
    OffsetRect(&dst, origin.x, origin.y);
    if (dst.right > dst.left && dst.bottom > dst.top)
        IDirectDrawSurface7_Blt(dx7z.primary, &dst, dx7z.front, NULL, DDBLT_WAIT, NULL);
#else
    /* Natively the host presents the front buffer itself. */
#endif
}

BOOL dx7z_pageflip(void)
{
    HRESULT hr;

    if (!dx7z.device)
        return FALSE;
    dx7z_end_scene();
    ++dx7z.frames;
    if (dx7z.windowed)
    {
        if (FAILED(hr = IDirectDrawSurface7_Blt(dx7z.front, NULL, dx7z.back, NULL, DDBLT_WAIT, NULL)))
            WARN("Blt to the front buffer failed, hr %#lx\n", (unsigned long)(DWORD)hr);
        present_windowed();
        return SUCCEEDED(hr);
    }
    if (FAILED(hr = IDirectDrawSurface7_Flip(dx7z.primary, NULL, dx7z.vsync ? DDFLIP_WAIT : DDFLIP_WAIT | DDFLIP_NOVSYNC)))
        WARN("Flip failed, hr %#lx\n", (unsigned long)(DWORD)hr);
    return SUCCEEDED(hr);
}

BOOL dx7z_flushwindow(void)
{
    dx7z_end_scene();
    return TRUE;
}

/* clip(x0, y0, x1, y1): the viewport; clears are clipped to it. */
BOOL dx7z_clip(DWORD x0, DWORD y0, DWORD x1, DWORD y1)
{
    if (x1 > dx7z.width) x1 = dx7z.width;
    if (y1 > dx7z.height) y1 = dx7z.height;
    if (x0 >= x1 || y0 >= y1)
        return FALSE;
    dx7z_batch_flush();
    dx7z.viewport.dwX = x0;
    dx7z.viewport.dwY = y0;
    dx7z.viewport.dwWidth = x1 - x0;
    dx7z.viewport.dwHeight = y1 - y0;
    dx7z.viewport.dvMinZ = 0.0f;
    dx7z.viewport.dvMaxZ = 1.0f;
    dx7z_dev_set_viewport(&dx7z.viewport);
    return TRUE;
}

BOOL dx7z_surfaces_ok(void)
{
    if (!dx7z.primary)
        return FALSE;
    if (IDirectDrawSurface7_IsLost(dx7z.primary) != DD_OK)
        return FALSE;
    return !dx7z.back || IDirectDrawSurface7_IsLost(dx7z.back) == DD_OK;
}

/* The desktop's ramp times the gamma value. Without a gamma control the
 * value is kept and the answer is still yes (the game only probes it). */
BOOL dx7z_set_gamma(float gamma)
{
    DDGAMMARAMP ramp;
    unsigned int i;

    if (!dx7z.gamma_control || !dx7z.have_desktop_ramp)
        return TRUE;
    for (i = 0; i < 256; ++i)
    {
        float r = dx7z.desktop_ramp.red[i] * gamma, g = dx7z.desktop_ramp.green[i] * gamma;
        float b = dx7z.desktop_ramp.blue[i] * gamma;
        ramp.red[i] = r > 65535.0f ? 65535 : (WORD)r;
        ramp.green[i] = g > 65535.0f ? 65535 : (WORD)g;
        ramp.blue[i] = b > 65535.0f ? 65535 : (WORD)b;
    }
    IDirectDrawGammaControl_SetGammaRamp(dx7z.gamma_control, 0, &ramp);
    return TRUE;
}

/*
 * ddraw: surfaces.  IDirectDrawSurface7 does the work on one object per
 * surface; IDirectDrawSurface4/3/2/1 are thin adapters (surface_thunks.c,
 * one function per method and version, onto the ddraw_surface_* methods
 * here) with their own reference counts.  IDirectDrawGammaControl lives on
 * the same object (surface_gamma.c); GetDC and ReleaseDC are in
 * surface_dc.c, Blt and BltFast in surface_blt.c, the attached surfaces and
 * Flip in surface_attach.c.
 *
 * Storage is the core's: a root surface owns a wined3d texture (a 2D
 * texture with its mip levels, or a cube); its implicit sub-surfaces (mip
 * levels, cube faces) are sub-resources of it.  The buffers of a flip chain
 * are separate textures, and Flip exchanges them between the surface objects
 * as DirectDraw exchanges the memory behind the interfaces.
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>

#include "ddraw_private.h"
#include "dx7gl/config.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

/* Writable, as Windows' is (Wine's ddraw1.c test_vtbl_protection); not
 * static: d3d7_private.h compares an interface's with it inline. */

struct ddraw_surface *ddraw_surface_from_iface7(IDirectDrawSurface7 *iface)
{
    if (!iface || iface->lpVtbl != &ddraw_surface7_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface7_iface);
}

/* A surface from its interface of any version, with that version: a method
 * of one version takes a surface passed as another's (Wine's
 * test_surface_interface_mismatch attaches an IDirectDrawSurface7 z-buffer
 * through IDirectDrawSurface3). */
struct ddraw_surface *ddraw_surface_from_any_iface(void *iface, unsigned int *version)
{
    struct ddraw_surface *surface;

    *version = 7;
    if ((surface = ddraw_surface_from_iface7(iface)))
        return surface;
    *version = 4;
    if ((surface = ddraw_surface_from_iface4(iface)))
        return surface;
    *version = 3;
    if ((surface = ddraw_surface_from_iface3(iface)))
        return surface;
    *version = 2;
    if ((surface = ddraw_surface_from_iface2(iface)))
        return surface;
    *version = 1;
    return ddraw_surface_from_iface1(iface);
}

IUnknown *ddraw_surface_get_iface(struct ddraw_surface *surface, unsigned int version)
{
    switch (version)
    {
        case 7: return (IUnknown *)&surface->IDirectDrawSurface7_iface;
        case 4: return (IUnknown *)&surface->IDirectDrawSurface4_iface;
        case 3: return (IUnknown *)&surface->IDirectDrawSurface3_iface;
        case 2: return (IUnknown *)&surface->IDirectDrawSurface2_iface;
        default: return (IUnknown *)&surface->IDirectDrawSurface_iface;
    }
}

/* ---------------------------------------------------------------------- */
/* Reference counting                                                      */

static LONG *surface_ref_of(struct ddraw_surface *surface, unsigned int version)
{
    switch (version)
    {
        case 7: return &surface->ref7;
        case 4: return &surface->ref4;
        case 3: return &surface->ref3;
        case 2: return &surface->ref2;
        case 0: return &surface->gamma_ref;
        default: return &surface->ref1;
    }
}

static ULONG surface_addref_locked(struct ddraw_surface *surface, unsigned int version)
{
    LONG *ref = surface_ref_of(surface, version);
    ULONG r = ++*ref;

    if (r == 1)
        ++surface->iface_count;
    return r;
}

ULONG ddraw_surface_addref(struct ddraw_surface *surface, unsigned int version)
{
    ULONG r;

    ddraw_lock();
    r = surface_addref_locked(surface, version);
    ddraw_unlock();
    return r;
}

void ddraw_surface_addref_version(struct ddraw_surface *surface, unsigned int version)
{
    ddraw_surface_addref(surface, version);
}

static void surface_destroy(struct ddraw_surface *surface);

/* Whether any surface of the root's complex structure still has references. */
static BOOL surface_complex_in_use(struct ddraw_surface *root)
{
    struct ddraw_surface *s;

    if (root->iface_count)
        return TRUE;
    for (s = root->complex_next; s; s = s->complex_next)
        if (s->iface_count)
            return TRUE;
    return FALSE;
}

/* Release's work under the lock; *owner is what a destroyed structure held
 * a reference on (owner_iface), to release after the lock, or NULL. */
static ULONG surface_release_locked(struct ddraw_surface *surface, unsigned int version, IUnknown **owner)
{
    LONG *ref = surface_ref_of(surface, version);
    struct ddraw_surface *root;
    ULONG r;

    *owner = NULL;
    if (*ref <= 0)
    {
        WARN("Release of an interface without references.\n");
        return 0;
    }
    r = --*ref;
    if (!r)
        --surface->iface_count;
    root = surface->root;
    /* A complex structure goes when its root's last reference goes; its
     * implicit surfaces live as long as the root. */
    if (!r && !root->iface_count && (surface == root || !surface_complex_in_use(root)))
    {
        *owner = root->owner_iface;
        root->owner_iface = NULL;
        surface_destroy(root);
    }
    return r;
}

ULONG ddraw_surface_release(struct ddraw_surface *surface, unsigned int version)
{
    IUnknown *owner;
    ULONG r;

    ddraw_lock();
    r = surface_release_locked(surface, version, &owner);
    ddraw_unlock();
    if (owner)
        IUnknown_Release(owner);
    return r;
}

/* ---------------------------------------------------------------------- */
/* Storage                                                                 */


static void surface_release_storage(struct ddraw_surface *surface)
{
    ddraw_surface_free_dc(surface);
    if (surface->share_next)
    {
        /* Others share the texture (DuplicateSurface): leave it to them. */
        struct ddraw_surface *prev = surface->share_next;

        while (prev->share_next != surface)
            prev = prev->share_next;
        prev->share_next = surface->share_next == prev ? NULL : surface->share_next;
        surface->share_next = NULL;
        surface->owns_texture = FALSE;
    }
    if (surface->texture && surface->owns_texture)
        wined3d_texture_destroy(surface->texture);
    surface->texture = NULL;
    surface->owns_texture = FALSE;
    free(surface->sysmem);
    surface->sysmem = NULL;
}

static void surface_detach_all(struct ddraw_surface *surface)
{
    unsigned int i;

    for (i = 0; i < surface->attached_count; ++i)
    {
        struct ddraw_surface *att = surface->attached[i];

        if (att->root != surface->root)
        {
            /* Explicit attachment: it held a reference. */
            att->attached_to = NULL;
            ddraw_surface_release(att, att->attach_version);
        }
    }
    surface->attached_count = 0;
}

static void surface_free_one(struct ddraw_surface *surface)
{
    struct ddraw_private_data *data, *next;

    surface_detach_all(surface);
    if (surface->attached_to)
    {
        struct ddraw_surface *parent = surface->attached_to;
        unsigned int i;

        for (i = 0; i < parent->attached_count; ++i)
        {
            if (parent->attached[i] == surface)
            {
                memmove(&parent->attached[i], &parent->attached[i + 1],
                        (parent->attached_count - i - 1) * sizeof(parent->attached[0]));
                --parent->attached_count;
                break;
            }
        }
    }
    if (surface->palette)
        IDirectDrawPalette_Release(&surface->palette->IDirectDrawPalette_iface);
    if (surface->clipper)
        ddraw_clipper_release(surface->clipper);
    for (data = surface->private_data; data; data = next)
    {
        next = data->next;
        if (data->flags & DDSPD_IUNKNOWNPOINTER)
            IUnknown_Release(data->u.object);
        else
            free(data->u.data);
        free(data);
    }
    if (surface->texture_handle || surface->device1)
        ddraw_d3d_surface_freed(surface);
    surface_release_storage(surface);
    free(surface);
}

static void surface_destroy(struct ddraw_surface *root)
{
    struct ddraw_surface *s, *next;

    TRACE("Destroying surface %p.\n", (void *)root);
    if (root->ddraw)
        ddraw_surface_removed(root->ddraw, root);
    /* Drop the links inside the structure first so that freeing one member
     * does not reach another; explicit attachments (a z-buffer attached to a
     * back buffer) stay, and are released with the surface they are on. */
    for (s = root; s; s = s->complex_next)
    {
        unsigned int i, kept = 0;

        for (i = 0; i < s->attached_count; ++i)
            if (s->attached[i]->root != root)
                s->attached[kept++] = s->attached[i];
        s->attached_count = kept;
    }
    for (s = root->complex_next; s; s = next)
    {
        next = s->complex_next;
        surface_free_one(s);
    }
    surface_free_one(root);
}

void ddraw_surface_orphan(struct ddraw_surface *root)
{
    struct ddraw_surface *s;

    /* The core device goes with the DirectDraw object: so does the storage. */
    for (s = root; s; s = s->complex_next)
    {
        surface_release_storage(s);
        s->ddraw = NULL;
        s->lost = TRUE;
    }
    if (root->palette)
        root->palette->ddraw = NULL;
}

BOOL ddraw_surface_is_primary_chain(const struct ddraw_surface *surface)
{
    return !!(surface->root->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE);
}

/* The depth_bits setting (Porsche Unleashed's profile): a z-buffer without
 * stencil gets the depth the setting names instead of the one asked for;
 * the surface describes what it got, so Lock agrees with it.  A stencil
 * request keeps its format: the program uses the stencil. */
static enum wined3d_format_id surface_depth_setting(enum wined3d_format_id format)
{
    const char *bits = dx7gl_config_string("depth_bits");

    if (!strcmp(bits, "app") || wined3d_get_format_info(format)->stencil_bits)
        return format;
    if (!strcmp(bits, "16")) return WINED3DFMT_D16;
    if (!strcmp(bits, "24")) return wined3d_get_format_info(format)->depth_bits == 24 ? format : WINED3DFMT_X8D24;
    return WINED3DFMT_D32;
}

static uint32_t surface_usage(const DDSCAPS2 *caps, enum wined3d_format_id format)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(format);

    if (caps->dwCaps & DDSCAPS_ZBUFFER)
        return WINED3D_USAGE_DEPTHSTENCIL;
    /* Managed textures say DDSCAPS_SYSTEMMEMORY, as on Windows, but are
     * drawn with like video memory ones; so is a primary that says it. */
    if ((caps->dwCaps & DDSCAPS_SYSTEMMEMORY) && !(caps->dwCaps & DDSCAPS_PRIMARYSURFACE)
            && !(caps->dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE)))
        return WINED3D_USAGE_SYSTEMMEM;
    if (info && (info->palettised || info->compressed))
        return 0;
    if (caps->dwCaps & (DDSCAPS_PRIMARYSURFACE | DDSCAPS_BACKBUFFER | DDSCAPS_FLIP | DDSCAPS_3DDEVICE
            | DDSCAPS_OFFSCREENPLAIN))
        return WINED3D_USAGE_RENDERTARGET;
    if (!(caps->dwCaps & DDSCAPS_TEXTURE))
        return WINED3D_USAGE_RENDERTARGET;
    return 0;
}

/* Windows pads the rows of a surface in video memory to 8 bytes (pitch 0x100
 * for 63 pixels of 32 bits) and those of one in system memory to 4 bytes on
 * 64-bit Windows, 8 on 32-bit (Wine's test_create_surface_pitch). The core
 * keeps the texture's CPU copy so; Lock and GetDC hand out its rows. */
unsigned int ddraw_surface_row_alignment(const DDSCAPS2 *caps)
{
    if (caps->dwCaps & DDSCAPS_VIDEOMEMORY)
        return 8;
    return sizeof(void *) == 8 ? 4 : 8;
}

/* The bytes of every face and level a texture would hold. */
static uint64_t surface_texture_bytes(enum wined3d_resource_type type, enum wined3d_format_id format,
        DWORD width, DWORD height, DWORD levels)
{
    uint64_t bytes = 0;
    DWORD level;

    for (level = 0; level < (levels ? levels : 1); ++level)
    {
        bytes += wined3d_format_calculate_size(format, width, height);
        width = width > 1 ? width / 2 : 1;
        height = height > 1 ? height / 2 : 1;
    }
    return type == WINED3D_RTYPE_TEXTURE_CUBE ? bytes * 6 : bytes;
}

static HRESULT surface_create_texture(struct ddraw *ddraw, enum wined3d_resource_type type,
        enum wined3d_format_id format, const DDSCAPS2 *caps, DWORD width, DWORD height, DWORD levels,
        struct wined3d_texture **texture)
{
    struct wined3d_texture_desc desc;
    HRESULT hr;

    /* A surface in video memory bigger than all the video memory GetCaps
     * reports is refused at once, before the core allocates (and zeroes)
     * its CPU copy: a 6-face cube of 16190 x 16190 would be six GiB. */
    if (!(caps->dwCaps & DDSCAPS_SYSTEMMEMORY)
            && !(caps->dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE))
            && surface_texture_bytes(type, format, width, height, levels) > DDRAW_VIDMEM_TOTAL)
    {
        WARN("%ux%u (%u levels) is more than all the video memory.\n", (unsigned int)width,
                (unsigned int)height, (unsigned int)levels);
        *texture = NULL;
        return DDERR_OUTOFVIDEOMEMORY;
    }

    if (FAILED(hr = ddraw_init_wined3d(ddraw)))
        return hr;
    memset(&desc, 0, sizeof(desc));
    desc.type = type;
    desc.format = format;
    desc.usage = surface_usage(caps, format);
    desc.row_alignment = ddraw_surface_row_alignment(caps);
    desc.width = width;
    desc.height = height;
    desc.levels = levels;
    if (FAILED(hr = wined3d_texture_create(ddraw->wined3d_device, &desc, texture)))
    {
        WARN("Core texture creation failed, hr %#x.\n", (unsigned int)hr);
        *texture = NULL;
        return hr == WINED3DERR_OUTOFMEMORY ? DDERR_OUTOFMEMORY : DDERR_OUTOFVIDEOMEMORY;
    }
    return DD_OK;
}

/* The pitch is the core texture's: its rows are padded as the caps say. */
static void surface_fill_pitch(DDSURFACEDESC2 *desc, enum wined3d_format_id format)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(format);

    desc->dwFlags &= ~(DDSD_PITCH | DDSD_LINEARSIZE | DDSD_LPSURFACE);
    if (info && info->compressed)
    {
        desc->dwFlags |= DDSD_LINEARSIZE;
        desc->dwLinearSize = wined3d_format_calculate_size(format, desc->dwWidth, desc->dwHeight);
    }
    else
    {
        desc->dwFlags |= DDSD_PITCH;
        desc->lPitch = wined3d_format_calculate_aligned_pitch(format, desc->dwWidth,
                ddraw_surface_row_alignment(&desc->ddsCaps));
    }
    desc->lpSurface = NULL;
}

static struct ddraw_surface *surface_alloc(struct ddraw *ddraw, unsigned int version)
{
    struct ddraw_surface *surface;

    if (!(surface = calloc(1, sizeof(*surface))))
        return NULL;
    surface->IDirectDrawSurface7_iface.lpVtbl = &ddraw_surface7_vtbl;
    ddraw_surface_init_thunks(surface);
    ddraw_surface_init_gamma(surface);
    surface->ddraw = ddraw;
    surface->version = version;
    surface->root = surface;
    surface->uniqueness = 1;
    return surface;
}

static void surface_attach_implicit(struct ddraw_surface *parent, struct ddraw_surface *child)
{
    if (parent->attached_count < ARRAY_SIZE(parent->attached))
        parent->attached[parent->attached_count++] = child;
}

static void surface_add_complex(struct ddraw_surface *root, struct ddraw_surface *child)
{
    struct ddraw_surface **p = &root->complex_next;

    while (*p)
        p = &(*p)->complex_next;
    *p = child;
    child->root = root;
    child->implicit = TRUE;
}

static unsigned int surface_full_levels(DWORD width, DWORD height)
{
    unsigned int levels = 1;

    while (width > 1 || height > 1)
    {
        width = width > 1 ? width / 2 : 1;
        height = height > 1 ? height / 2 : 1;
        ++levels;
    }
    return levels;
}

/* The pitch of application memory (DDSD_LPSURFACE): positive, a multiple
 * of four and at least a row (a row of 4x4 blocks for compressed formats).
 * Rows are copied between that memory and the texture at this pitch, so a
 * smaller or negative one would read or write outside the application's
 * buffer. CreateSurface and SetSurfaceDesc both ask this. */
static HRESULT surface_check_client_pitch(enum wined3d_format_id format, DWORD width, LONG pitch)
{
    if (pitch <= 0 || (pitch & 3) || (DWORD)pitch < wined3d_format_calculate_pitch(format, width))
        return DDERR_INVALIDPARAMS;
    return DD_OK;
}

/* Application memory at CreateSurface: never in video memory
 * (DDERR_INVALIDCAPS, asked first, as Windows does) nor for a primary (it
 * would be read as a whole screen); the pitch is required and checked, as
 * Windows does. A compressed format is always taken as tightly packed block
 * rows: IDirectDraw7 wants its linear size, at least the whole surface's,
 * and refuses a pitch; IDirectDraw4 takes a pitch too, of any value, and
 * ignores it (Wine's ddraw7.c and ddraw4.c test_block_formats_creation). */
static HRESULT surface_validate_client_memory(DDSURFACEDESC2 *desc, DWORD caps, enum wined3d_format_id format,
        unsigned int version)
{
    const struct wined3d_format_info *info = wined3d_get_format_info(format);

    if (caps & DDSCAPS_VIDEOMEMORY)
        return DDERR_INVALIDCAPS;
    if (!desc->lpSurface || (caps & DDSCAPS_PRIMARYSURFACE))
        return DDERR_INVALIDPARAMS;
    if (info->compressed)
    {
        if ((desc->dwFlags & DDSD_PITCH) ? version >= 7 : (!(desc->dwFlags & DDSD_LINEARSIZE)
                || desc->dwLinearSize < wined3d_format_calculate_size(format, desc->dwWidth, desc->dwHeight)))
            return DDERR_INVALIDPARAMS;
        desc->dwFlags = (desc->dwFlags & ~DDSD_LINEARSIZE) | DDSD_PITCH;
        desc->lPitch = wined3d_format_calculate_pitch(format, desc->dwWidth);
        return DD_OK;
    }
    if (!(desc->dwFlags & DDSD_PITCH))
        return DDERR_INVALIDPARAMS;
    return surface_check_client_pitch(format, desc->dwWidth, desc->lPitch);
}

/* A colour key of more than one value (see ddraw_surface_set_color_key). */
static BOOL surface_has_range_key(const DDSURFACEDESC2 *desc)
{
    return ((desc->dwFlags & DDSD_CKSRCBLT)
            && desc->ddckCKSrcBlt.dwColorSpaceLowValue != desc->ddckCKSrcBlt.dwColorSpaceHighValue)
            || ((desc->dwFlags & DDSD_CKDESTBLT)
            && desc->ddckCKDestBlt.dwColorSpaceLowValue != desc->ddckCKDestBlt.dwColorSpaceHighValue)
            || ((desc->dwFlags & DDSD_CKSRCOVERLAY)
            && desc->ddckCKSrcOverlay.dwColorSpaceLowValue != desc->ddckCKSrcOverlay.dwColorSpaceHighValue)
            || ((desc->dwFlags & DDSD_CKDESTOVERLAY)
            && desc->ddckCKDestOverlay.dwColorSpaceLowValue != desc->ddckCKDestOverlay.dwColorSpaceHighValue);
}

static HRESULT surface_validate_desc(struct ddraw *ddraw, DDSURFACEDESC2 *desc, unsigned int version,
        enum wined3d_format_id *format)
{
    DWORD caps = desc->ddsCaps.dwCaps, caps2 = desc->ddsCaps.dwCaps2;

    /* Without DDSD_CAPS the caps are still read, as on Windows (Wine's
     * dsurface.c no_ddsd_caps_test creates a primary so). */
    desc->dwFlags |= DDSD_CAPS;
    if (caps & DDSCAPS_OVERLAY)
        return DDERR_NOOVERLAYHW;
    if ((caps & DDSCAPS_SYSTEMMEMORY) && (caps & DDSCAPS_VIDEOMEMORY))
        return DDERR_INVALIDCAPS;
    /* Mip levels are for textures only (Wine's test_mipmap). */
    if ((caps & DDSCAPS_MIPMAP) && !(caps & DDSCAPS_TEXTURE))
        return DDERR_INVALIDCAPS;
    /* Allocation on load is for textures only (Wine's test_create_surface_pitch). */
    if ((caps & DDSCAPS_ALLOCONLOAD) && !(caps & DDSCAPS_TEXTURE))
        return DDERR_INVALIDCAPS;
    if ((caps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE))
            && (!(caps & DDSCAPS_TEXTURE) || (caps & (DDSCAPS_SYSTEMMEMORY | DDSCAPS_VIDEOMEMORY))))
        return DDERR_INVALIDCAPS;
    /* Only a managed texture may be write-only (Wine's test_lockrect_invalid). */
    if ((caps & DDSCAPS_WRITEONLY) && !(caps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE)))
        return DDERR_INVALIDCAPS;
    if ((caps & DDSCAPS_FLIP) && !(caps & DDSCAPS_COMPLEX))
        return DDERR_INVALIDCAPS;
    if ((caps & DDSCAPS_FLIP) && (!(desc->dwFlags & DDSD_BACKBUFFERCOUNT) || !desc->dwBackBufferCount))
        return DDERR_INVALIDCAPS;
    /* Back buffers are for flip chains, and a cube map has none (Wine's
     * test_flip: DDERR_INVALIDPARAMS for a cube, else DDERR_INVALIDCAPS). */
    if ((desc->dwFlags & DDSD_BACKBUFFERCOUNT) && (caps2 & DDSCAPS2_CUBEMAP))
        return DDERR_INVALIDPARAMS;
    if ((desc->dwFlags & DDSD_BACKBUFFERCOUNT) && desc->dwBackBufferCount && !(caps & DDSCAPS_FLIP))
        return DDERR_INVALIDCAPS;
    /* IDirectDraw (version 1) alone makes a lone back buffer (Wine's d3d.c
     * BackBuffer3DCreateSurfaceTest), but no primary that says it is one,
     * and takes DDSCAPS_FRONTBUFFER on a primary without a flip chain
     * (Wine's ddraw1.c test_primary_caps). */
    if ((caps & DDSCAPS_BACKBUFFER) && (version > 1 || (caps & DDSCAPS_PRIMARYSURFACE)))
        return DDERR_INVALIDCAPS;
    if ((caps & DDSCAPS_FRONTBUFFER) && (version > 1 || !(caps & DDSCAPS_PRIMARYSURFACE) || (caps & DDSCAPS_FLIP)))
        return DDERR_INVALIDCAPS;
    if ((caps2 & DDSCAPS2_CUBEMAP) && !(caps & (DDSCAPS_TEXTURE)))
        return DDERR_INVALIDCAPS;
    /* A cube map names its faces, and faces need a cube map (Wine's
     * dsurface.c CubeMapTest). */
    if ((caps2 & DDSCAPS2_CUBEMAP_ALLFACES) && !(caps2 & DDSCAPS2_CUBEMAP))
        return DDERR_INVALIDCAPS;
    if ((caps2 & DDSCAPS2_CUBEMAP) && !(caps2 & DDSCAPS2_CUBEMAP_ALLFACES))
        return DDERR_INVALIDPARAMS;
    if (caps2 & DDSCAPS2_VOLUME)
        return DDERR_INVALIDCAPS;
    /* DirectDraw 1-3 take no application memory; video memory is refused
     * for itself first (Wine's ddraw1.c test_create_surface_pitch). */
    if ((desc->dwFlags & DDSD_LPSURFACE) && version < 4)
        return (caps & DDSCAPS_VIDEOMEMORY) ? DDERR_INVALIDCAPS : DDERR_INVALIDPARAMS;

    if (caps & DDSCAPS_PRIMARYSURFACE)
    {
        if (desc->dwFlags & (DDSD_WIDTH | DDSD_HEIGHT))
            return DDERR_INVALIDPARAMS;
        if (ddraw->primary)
            return DDERR_PRIMARYSURFACEALREADYEXISTS;
        if ((caps & DDSCAPS_FLIP) && !(ddraw->cooperative_level & DDSCL_EXCLUSIVE))
            return DDERR_NOEXCLUSIVEMODE;
        /* The screen is never a texture, and a complex primary is a flip
         * chain (Wine's test_primary_caps). A primary may say it is in
         * system memory (Wine's dsurface.c SurfaceCapsTest), though not
         * one with back buffers. */
        if ((caps & DDSCAPS_TEXTURE) || ((caps & DDSCAPS_COMPLEX) && !(caps & DDSCAPS_FLIP))
                || ((caps & DDSCAPS_SYSTEMMEMORY) && (caps & DDSCAPS_FLIP)))
            return DDERR_INVALIDCAPS;
        desc->dwWidth = ddraw->mode.width;
        desc->dwHeight = ddraw->mode.height;
        desc->dwFlags |= DDSD_WIDTH | DDSD_HEIGHT;
    }
    else
    {
        if (!(desc->dwFlags & DDSD_WIDTH) || !(desc->dwFlags & DDSD_HEIGHT)
                || !desc->dwWidth || !desc->dwHeight)
            return DDERR_INVALIDPARAMS;
        if (desc->dwWidth > 16384 || desc->dwHeight > 16384)
            return DDERR_INVALIDPARAMS;
    }

    if (desc->dwFlags & DDSD_PIXELFORMAT)
    {
        /* The pixel format's dwSize is not checked: Windows creates surfaces
         * whose programs left it 0 (Wine's test_range_colorkey and
         * test_ck_operation do). */
        if ((*format = ddraw_format_from_ddpf(&desc->ddpfPixelFormat)) == WINED3DFMT_UNKNOWN)
            return DDERR_INVALIDPIXELFORMAT;
        if (caps & DDSCAPS_PRIMARYSURFACE)
            *format = ddraw_format_from_bpp(ddraw->mode.bpp);
    }
    else
    {
        if (caps & DDSCAPS_ZBUFFER)
            return DDERR_INVALIDPIXELFORMAT;
        *format = ddraw_format_from_bpp(ddraw->mode.bpp);
    }
    if (!!(caps & DDSCAPS_ZBUFFER) != !!wined3d_get_format_info(*format)->depth)
        return DDERR_INVALIDPIXELFORMAT;
    /* Windows keeps no 32-bit z-buffer in video memory: asked for one
     * without a placement, it makes it in system memory (Wine's
     * test_d32_support). */
    if ((caps & DDSCAPS_ZBUFFER) && *format == WINED3DFMT_D32
            && !(caps & (DDSCAPS_SYSTEMMEMORY | DDSCAPS_VIDEOMEMORY)))
        desc->ddsCaps.dwCaps |= DDSCAPS_SYSTEMMEMORY;
    if (caps & DDSCAPS_ZBUFFER)
        *format = surface_depth_setting(*format);
    /* Whole 4x4 blocks only, textures included (Windows refuses a 1x1 DXT1
     * texture; smaller mip levels below an aligned top level are fine). */
    if (wined3d_get_format_info(*format)->compressed && ((desc->dwWidth | desc->dwHeight) & 3))
        return DDERR_INVALIDPARAMS;
    if ((caps2 & DDSCAPS2_CUBEMAP) && desc->dwWidth != desc->dwHeight)
        return DDERR_INVALIDPARAMS;
    if (surface_has_range_key(desc))
        return DDERR_NOCOLORKEYHW;
    if (desc->dwFlags & DDSD_LPSURFACE)
        return surface_validate_client_memory(desc, caps, *format, version);
    return DD_OK;
}

static void surface_set_caps_defaults(DDSCAPS2 *caps)
{
    /* Windows reports a managed texture in system memory (Wine's
     * test_rt_caps): its Lock takes any dwSize, as a system memory one's. */
    if (caps->dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE))
        caps->dwCaps |= DDSCAPS_SYSTEMMEMORY;
    if (!(caps->dwCaps & (DDSCAPS_SYSTEMMEMORY | DDSCAPS_VIDEOMEMORY))
            && !(caps->dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE)))
        caps->dwCaps |= DDSCAPS_VIDEOMEMORY;
    if (caps->dwCaps & DDSCAPS_VIDEOMEMORY)
        caps->dwCaps |= DDSCAPS_LOCALVIDMEM;
}

static HRESULT surface_create_flip_chain(struct ddraw *ddraw, struct ddraw_surface *front,
        enum wined3d_format_id format, unsigned int version)
{
    struct ddraw_surface *prev = front, *s;
    DWORD i, count = front->desc.dwBackBufferCount;
    HRESULT hr;

    for (i = 0; i < count; ++i)
    {
        if (!(s = surface_alloc(ddraw, version)))
            return DDERR_OUTOFMEMORY;
        s->desc = front->desc;
        s->desc.dwFlags &= ~DDSD_BACKBUFFERCOUNT;
        s->desc.dwBackBufferCount = 0;
        s->desc.ddsCaps.dwCaps &= ~(DDSCAPS_FRONTBUFFER | DDSCAPS_VISIBLE | DDSCAPS_PRIMARYSURFACE);
        if (!i)
            s->desc.ddsCaps.dwCaps |= DDSCAPS_BACKBUFFER;
        s->format = format;
        surface_add_complex(front, s);
        if (FAILED(hr = surface_create_texture(ddraw, WINED3D_RTYPE_TEXTURE_2D, format, &s->desc.ddsCaps,
                s->desc.dwWidth, s->desc.dwHeight, 1, &s->texture)))
            return hr;
        s->owns_texture = TRUE;
        surface_attach_implicit(prev, s);
        prev = s;
    }
    /* The chain is circular: the last buffer has the front buffer attached. */
    surface_attach_implicit(prev, front);
    return DD_OK;
}

static HRESULT surface_create_mip_levels(struct ddraw *ddraw, struct ddraw_surface *top, unsigned int face,
        unsigned int levels, unsigned int version)
{
    struct ddraw_surface *prev = top, *s;
    DWORD width = top->desc.dwWidth, height = top->desc.dwHeight;
    unsigned int level;

    for (level = 1; level < levels; ++level)
    {
        width = width > 1 ? width / 2 : 1;
        height = height > 1 ? height / 2 : 1;
        if (!(s = surface_alloc(ddraw, version)))
            return DDERR_OUTOFMEMORY;
        s->desc = top->desc;
        s->desc.dwWidth = width;
        s->desc.dwHeight = height;
        s->desc.dwMipMapCount = levels - level;
        s->desc.ddsCaps.dwCaps2 |= DDSCAPS2_MIPMAPSUBLEVEL;
        s->format = top->format;
        surface_fill_pitch(&s->desc, s->format);
        s->texture = top->root->texture;
        s->sub_resource = face * levels + level;
        surface_add_complex(top->root, s);
        surface_attach_implicit(prev, s);
        prev = s;
    }
    return DD_OK;
}

HRESULT ddraw_surface_create(struct ddraw *ddraw, DDSURFACEDESC2 *in_desc, unsigned int version,
        IUnknown *owner_iface, struct ddraw_surface **out)
{
    enum wined3d_format_id format;
    struct ddraw_surface *root, *child;
    DDSURFACEDESC2 desc = *in_desc;
    unsigned int levels = 1;
    DWORD z_depth = 0;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = surface_validate_desc(ddraw, &desc, version, &format)))
        return hr;

    surface_set_caps_defaults(&desc.ddsCaps);
    if (desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE)
    {
        desc.ddsCaps.dwCaps |= DDSCAPS_VISIBLE;
        if (desc.ddsCaps.dwCaps & DDSCAPS_FLIP)
            desc.ddsCaps.dwCaps |= DDSCAPS_FRONTBUFFER;
    }
    if ((desc.ddsCaps.dwCaps & DDSCAPS_FLIP) && !(desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE))
        desc.ddsCaps.dwCaps |= DDSCAPS_FRONTBUFFER;
    if ((desc.ddsCaps.dwCaps & DDSCAPS_MIPMAP) && (desc.ddsCaps.dwCaps & DDSCAPS_COMPLEX))
    {
        /* A count, if given, is at least one level (Wine's ddraw4.c test_mipmap). */
        if ((desc.dwFlags & DDSD_MIPMAPCOUNT) && !desc.dwMipMapCount)
            return DDERR_INVALIDPARAMS;
        /* Without a count the chain ends when the smaller side reaches one
         * pixel: 6 levels for 128x32 (Wine's ddraw4.c test_mipmap). */
        levels = (desc.dwFlags & DDSD_MIPMAPCOUNT) ? desc.dwMipMapCount
                : surface_full_levels(desc.dwWidth < desc.dwHeight ? desc.dwWidth : desc.dwHeight, 1);
        if (levels > surface_full_levels(desc.dwWidth, desc.dwHeight))
            return DDERR_INVALIDPARAMS;
        desc.dwFlags |= DDSD_MIPMAPCOUNT;
        desc.dwMipMapCount = levels;
    }
    else if ((desc.dwFlags & DDSD_MIPMAPCOUNT) && desc.dwMipMapCount > 1)
        return DDERR_INVALIDCAPS;
    else if (desc.ddsCaps.dwCaps & DDSCAPS_MIPMAP)
    {
        desc.dwFlags |= DDSD_MIPMAPCOUNT;
        desc.dwMipMapCount = 1;
    }

    if (!(root = surface_alloc(ddraw, version)))
        return DDERR_OUTOFMEMORY;
    root->format = format;
    if (!(desc.dwFlags & DDSD_PIXELFORMAT))
        desc.dwFlags |= DDSD_PIXELFORMAT;
    else if (desc.ddsCaps.dwCaps & DDSCAPS_ZBUFFER)
        z_depth = desc.ddpfPixelFormat.dwZBufferBitDepth;
    ddraw_format_to_ddpf(format, &desc.ddpfPixelFormat);
    /* A 24-bit z-buffer asked for as 24 bits says so, though its pixels
     * have 32 (Wine's dsurface.c zbufferbitdepth_test). */
    if (z_depth == 24 && wined3d_get_format_info(format)->depth_bits == 24)
        desc.ddpfPixelFormat.dwZBufferBitDepth = 24;
    if (desc.dwFlags & DDSD_LPSURFACE)
        root->client_memory = desc.lpSurface;
    if (desc.dwFlags & DDSD_CKSRCBLT)
        root->src_blt_key = desc.ddckCKSrcBlt;
    if (desc.dwFlags & DDSD_CKDESTBLT)
        root->dst_blt_key = desc.ddckCKDestBlt;
    if (desc.dwFlags & DDSD_CKSRCOVERLAY)
        root->src_overlay_key = desc.ddckCKSrcOverlay;
    if (desc.dwFlags & DDSD_CKDESTOVERLAY)
        root->dst_overlay_key = desc.ddckCKDestOverlay;
    {
        LONG client_pitch = desc.lPitch;
        BOOL has_pitch = !!(desc.dwFlags & DDSD_PITCH);

        root->desc = desc;
        surface_fill_pitch(&root->desc, format);
        if (root->client_memory && has_pitch)
            root->desc.lPitch = client_pitch;
    }
    root->desc.dwSize = sizeof(root->desc);
    root->owner_iface = NULL;

    if (desc.ddsCaps.dwCaps2 & DDSCAPS2_CUBEMAP)
    {
        static const DWORD face_caps[6] =
        {
            DDSCAPS2_CUBEMAP_POSITIVEX, DDSCAPS2_CUBEMAP_NEGATIVEX, DDSCAPS2_CUBEMAP_POSITIVEY,
            DDSCAPS2_CUBEMAP_NEGATIVEY, DDSCAPS2_CUBEMAP_POSITIVEZ, DDSCAPS2_CUBEMAP_NEGATIVEZ,
        };
        unsigned int face;

        hr = surface_create_texture(ddraw, WINED3D_RTYPE_TEXTURE_CUBE, format, &desc.ddsCaps,
                desc.dwWidth, desc.dwWidth, levels, &root->texture);
        if (SUCCEEDED(hr))
        {
            root->owns_texture = TRUE;
            root->desc.ddsCaps.dwCaps2 = (root->desc.ddsCaps.dwCaps2 & ~DDSCAPS2_CUBEMAP_ALLFACES) | face_caps[0];
            /* The first face's mip levels are attached before the other
             * faces: Windows enumerates a surface's attachments newest first,
             * so the faces come from -Z to -X and the first face's level last
             * (Wine's dsurface.c CubeMapTest). */
            hr = surface_create_mip_levels(ddraw, root, 0, levels, version);
            for (face = 1; face < 6 && SUCCEEDED(hr); ++face)
            {
                struct ddraw_surface *s = surface_alloc(ddraw, version);

                if (!s)
                {
                    hr = DDERR_OUTOFMEMORY;
                    break;
                }
                s->desc = root->desc;
                s->desc.ddsCaps.dwCaps2 = (s->desc.ddsCaps.dwCaps2 & ~DDSCAPS2_CUBEMAP_ALLFACES) | face_caps[face];
                s->format = format;
                s->texture = root->texture;
                s->sub_resource = face * levels;
                surface_add_complex(root, s);
                surface_attach_implicit(root, s);
                hr = surface_create_mip_levels(ddraw, s, face, levels, version);
            }
        }
    }
    else
    {
        hr = surface_create_texture(ddraw, WINED3D_RTYPE_TEXTURE_2D, format, &desc.ddsCaps,
                desc.dwWidth, desc.dwHeight, levels, &root->texture);
        if (SUCCEEDED(hr))
        {
            root->owns_texture = TRUE;
            if (levels > 1)
                hr = surface_create_mip_levels(ddraw, root, 0, levels, version);
            if (SUCCEEDED(hr) && (desc.ddsCaps.dwCaps & DDSCAPS_FLIP))
                hr = surface_create_flip_chain(ddraw, root, format, version);
        }
    }
    if (SUCCEEDED(hr) && root->client_memory && root->texture)
        wined3d_texture_upload_data(root->texture, 0, root->client_memory, root->desc.lPitch);
    if (FAILED(hr))
    {
        surface_destroy(root);
        return hr;
    }
    if (root->src_blt_key.dwColorSpaceLowValue || (desc.dwFlags & DDSD_CKSRCBLT))
    {
        struct wined3d_color_key key = {root->src_blt_key.dwColorSpaceLowValue, root->src_blt_key.dwColorSpaceHighValue};
        wined3d_texture_set_color_key(root->texture, WINED3D_CKEY_SRC_BLT, &key);
    }
    if (desc.dwFlags & DDSD_CKDESTBLT)
    {
        struct wined3d_color_key key = {root->dst_blt_key.dwColorSpaceLowValue, root->dst_blt_key.dwColorSpaceHighValue};
        wined3d_texture_set_color_key(root->texture, WINED3D_CKEY_DST_BLT, &key);
    }

    /* DirectDraw 4 and 7 surfaces keep their DirectDraw interface alive. */
    if ((root->owner_iface = owner_iface))
        IUnknown_AddRef(owner_iface);
    /* Surfaces lost before this one are marked so; this one is not. */
    ddraw_update_lost_surfaces(ddraw);
    root->next_root = ddraw->surfaces;
    ddraw->surfaces = root;
    if (root->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE)
        ddraw->primary = root;
    /* version is the DirectDraw interface's; IDirectDraw2 hands out the
     * IDirectDrawSurface interface, whose count this is. The structure's
     * other surfaces (back buffers, mip levels, cube faces) start with a
     * reference of their own as well, which the structure holds: a back
     * buffer from GetAttachedSurface is at 1 after its Release (Wine's
     * test_primary_palette). They still go only with the root. */
    for (child = root; child; child = child->complex_next)
        ddraw_surface_addref(child, version == 2 ? 1 : version);
    *out = root;
    return DD_OK;
}

/* ---------------------------------------------------------------------- */
/* Method implementations, shared by all versions                          */

HRESULT ddraw_surface_query_interface(struct ddraw_surface *surface, REFIID riid, void **out)
{
    unsigned int version;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (!riid)
        return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IDirectDrawSurface7))
        version = 7;
    else if (IsEqualGUID(riid, &IID_IDirectDrawSurface4))
        version = 4;
    else if (IsEqualGUID(riid, &IID_IDirectDrawSurface3))
        version = 3;
    else if (IsEqualGUID(riid, &IID_IDirectDrawSurface2))
        version = 2;
    else if (IsEqualGUID(riid, &IID_IDirectDrawSurface))
        version = 1;
    else if (IsEqualGUID(riid, &IID_IUnknown))
        version = 1;    /* the first interface, with its own count, whichever created it (as on Windows) */
    else if (IsEqualGUID(riid, &IID_IDirectDrawGammaControl))
    {
        ddraw_surface_addref(surface, 0);
        *out = &surface->IDirectDrawGammaControl_iface;
        return S_OK;
    }
    else if (IsEqualGUID(riid, &IID_IDirect3DTexture2) || IsEqualGUID(riid, &IID_IDirect3DTexture))
        return ddraw_d3d_texture_query_interface(surface, riid, out);
    else if (IsEqualGUID(riid, &IID_IDirect3DHALDevice) || IsEqualGUID(riid, &IID_IDirect3DRGBDevice))
        return ddraw_d3d_device1_query_interface(surface, riid, out);
    else
    {
        WARN("Unsupported interface %s.\n", dx7gl_dbgstr_guid(riid));
        /* Surfaces of DirectDraw 1-4 answer E_INVALIDARG for what they do
         * not have, colour control aside (Wine's ddraw1/2/4 test_surface_qi). */
        if (surface->version == 7 || IsEqualGUID(riid, &IID_IDirectDrawColorControl))
            return E_NOINTERFACE;
        return E_INVALIDARG;
    }
    ddraw_surface_addref(surface, version);
    *out = ddraw_surface_get_iface(surface, version);
    return S_OK;
}

HRESULT ddraw_surface_check_usable(struct ddraw_surface *surface)
{
    if (!surface->ddraw || !surface->texture)
        return DDERR_SURFACELOST;
    if (ddraw_surface_lost(surface))
        return DDERR_SURFACELOST;
    return DD_OK;
}

HRESULT ddraw_surface_duplicate(struct ddraw *ddraw, struct ddraw_surface *src, unsigned int version,
        IUnknown *owner_iface, struct ddraw_surface **out)
{
    struct ddraw_surface *dst;
    DDSURFACEDESC2 desc;
    HRESULT hr;

    if (FAILED(hr = ddraw_surface_check_usable(src)))
        return hr;
    desc = src->desc;
    desc.dwFlags &= ~(DDSD_PITCH | DDSD_LPSURFACE | DDSD_LINEARSIZE);
    if (FAILED(hr = ddraw_surface_create(ddraw, &desc, version, owner_iface, &dst)))
        return hr;
    /* Drop the new storage and take the source's: the two surfaces are two
     * objects over one memory, as DirectDraw makes them. */
    surface_release_storage(dst);
    dst->texture = src->texture;
    dst->sub_resource = src->sub_resource;
    dst->owns_texture = TRUE;
    dst->format = src->format;
    dst->desc = src->desc;
    if (!src->dib_backed)
        dst->client_memory = src->client_memory;
    else
        surface_fill_pitch(&dst->desc, dst->format);
    dst->share_next = src->share_next ? src->share_next : src;
    src->share_next = dst;
    dst->src_blt_key = src->src_blt_key;
    dst->dst_blt_key = src->dst_blt_key;
    dst->src_overlay_key = src->src_overlay_key;
    dst->dst_overlay_key = src->dst_overlay_key;
    *out = dst;
    return DD_OK;
}

void ddraw_surface_changed(struct ddraw_surface *surface)
{
    ++surface->uniqueness;
    if (!surface->uniqueness)
        surface->uniqueness = 1;
}

/* Client memory surfaces: the application's memory is the truth on the CPU
 * side; after the core wrote the texture, copy it back. */
void ddraw_surface_sync_client(struct ddraw_surface *surface)
{
    struct wined3d_map_desc map;
    DWORD row, bytes;
    const struct wined3d_format_info *info;

    if (!surface->client_memory || !surface->texture)
        return;
    info = wined3d_get_format_info(surface->format);
    bytes = wined3d_format_calculate_pitch(surface->format, surface->desc.dwWidth);
    if (FAILED(wined3d_texture_map(surface->texture, surface->sub_resource, NULL, WINED3D_MAP_READ, &map)))
        return;
    for (row = 0; row < (info->compressed ? (surface->desc.dwHeight + 3) / 4 : surface->desc.dwHeight); ++row)
        memcpy((BYTE *)surface->client_memory + row * surface->desc.lPitch, (BYTE *)map.data + row * map.row_pitch, bytes);
    wined3d_texture_unmap(surface->texture, surface->sub_resource);
}

void ddraw_surface_show(struct ddraw_surface *surface)
{
    if (surface->ddraw && ((surface->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE)
            || ((surface->desc.ddsCaps.dwCaps & DDSCAPS_FRONTBUFFER) && ddraw_surface_is_primary_chain(surface))))
        ddraw_present(surface->ddraw, surface);
}


/* Whether a rectangle of a compressed surface starts or ends inside a 4x4
 * block (an end at the surface's edge is whole). */
static BOOL surface_rect_cuts_blocks(const struct ddraw_surface *surface, const RECT *rect)
{
    return ((rect->left | rect->top) & 3)
            || ((rect->right & 3) && rect->right != (LONG)surface->desc.dwWidth)
            || ((rect->bottom & 3) && rect->bottom != (LONG)surface->desc.dwHeight);
}

HRESULT ddraw_surface_lock(struct ddraw_surface *surface, RECT *rect, void *desc_ptr, DWORD flags)
{
    DDSURFACEDESC2 *desc2 = desc_ptr;
    struct wined3d_map_desc map;
    struct wined3d_rect wrect;
    const RECT *map_rect = rect;
    DDSURFACEDESC2 out;
    uint32_t map_flags;
    DWORD size;
    HRESULT hr;

    if (!desc_ptr)
        return DDERR_INVALIDPARAMS;
    /* Windows takes any size for a system-memory texture of IDirectDraw7
     * (Wine's test_surface_desc_size): it fills a DDSURFACEDESC2 where one
     * fits, a DDSURFACEDESC otherwise, and leaves dwSize as the program set
     * it.  Surfaces of the older DirectDraw interfaces check the size
     * (Wine's ddraw1/2/4.c). */
    size = desc2->dwSize;
    if (size != sizeof(DDSURFACEDESC) && size != sizeof(DDSURFACEDESC2)
            && (surface->version != 7 || (surface->desc.ddsCaps.dwCaps & (DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY))
            != (DDSCAPS_TEXTURE | DDSCAPS_SYSTEMMEMORY)))
        return DDERR_INVALIDPARAMS;

    ddraw_lock();
    if (FAILED(hr = ddraw_surface_check_usable(surface)))
        goto done;
    if (rect)
    {
        const struct wined3d_format_info *info = wined3d_get_format_info(surface->format);

        /* An empty rectangle inside the surface locks (Wine's
         * test_lockrect_invalid); one turned round does not. */
        if (rect->left < 0 || rect->top < 0 || rect->left > rect->right || rect->top > rect->bottom
                || rect->right > (LONG)surface->desc.dwWidth || rect->bottom > (LONG)surface->desc.dwHeight)
        {
            /* Windows leaves no pointer behind in the description. */
            if (size >= offsetof(DDSURFACEDESC, lpSurface) + sizeof(void *))
                ((DDSURFACEDESC *)desc_ptr)->lpSurface = NULL;
            hr = DDERR_INVALIDPARAMS;
            goto done;
        }
        if (rect->left == rect->right || rect->top == rect->bottom)
            map_rect = NULL;
        /* A rectangle that cuts a 4x4 block: system memory and managed
         * textures lock the blocks it touches, video memory refuses it
         * (Windows since Vista, as Direct3D 8 and 9; Wine's dsurface.c
         * partial_block_lock_test). */
        if (info->compressed && surface_rect_cuts_blocks(surface, rect)
                && !(surface->desc.ddsCaps.dwCaps & DDSCAPS_SYSTEMMEMORY)
                && !(surface->desc.ddsCaps.dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE)))
        {
            hr = DDERR_INVALIDPARAMS;
            goto done;
        }
    }
    /* DirectDraw refuses a Lock while a DC is out, but not the other order
     * (GetDC of a locked surface: the lock and the DC share the memory). */
    if (surface->lock_count || surface->dc_in_use)
    {
        hr = DDERR_SURFACEBUSY;
        goto done;
    }
    if (surface->desc.ddsCaps.dwCaps2 & DDSCAPS2_NOTUSERLOCKABLE)
    {
        hr = DDERR_GENERIC;
        goto done;
    }

    map_flags = WINED3D_MAP_READ | WINED3D_MAP_WRITE;
    if (flags & DDLOCK_READONLY)
        map_flags = WINED3D_MAP_READ;
    else if (flags & DDLOCK_DISCARDCONTENTS)
        map_flags = WINED3D_MAP_WRITE | WINED3D_MAP_DISCARD;
    else if (flags & DDLOCK_WRITEONLY)
        map_flags = WINED3D_MAP_WRITE;

    out = surface->desc;
#ifdef _WIN32
    /* The core may have drawn since (blits, Direct3D).  Also for a
     * write-only lock: the pixels it does not write must stay. */
    if (surface->dib_backed && !((map_flags & WINED3D_MAP_DISCARD) && !rect))
        ddraw_surface_sync_client(surface);
#endif
    if (surface->client_memory)
    {
        /* The application's own memory. */
        const struct wined3d_format_info *info = wined3d_get_format_info(surface->format);
        BYTE *p = surface->client_memory;

        if (rect)
            p += rect->top / (info->compressed ? 4 : 1) * surface->desc.lPitch
                    + (info->compressed ? rect->left & ~3 : rect->left) * info->bits_per_pixel / 8
                    * (info->compressed ? 4 : 1);
        out.lpSurface = p;
    }
    else
    {
        if (map_rect)
        {
            wrect.left = map_rect->left;
            wrect.top = map_rect->top;
            wrect.right = map_rect->right;
            wrect.bottom = map_rect->bottom;
            if (wined3d_get_format_info(surface->format)->compressed)
            {
                /* The whole blocks the rectangle touches. */
                wrect.left &= ~3;
                wrect.top &= ~3;
                wrect.right = (wrect.right + 3) & ~3;
                wrect.bottom = (wrect.bottom + 3) & ~3;
                if (wrect.right > (LONG)surface->desc.dwWidth)
                    wrect.right = surface->desc.dwWidth;
                if (wrect.bottom > (LONG)surface->desc.dwHeight)
                    wrect.bottom = surface->desc.dwHeight;
            }
        }
        /* An empty rectangle maps the whole surface and points into it. */
        if (FAILED(hr = wined3d_texture_map(surface->texture, surface->sub_resource, map_rect ? &wrect : NULL,
                map_flags, &map)))
        {
            WARN("Map failed, hr %#x.\n", (unsigned int)hr);
            hr = hr == WINED3DERR_LOCKED ? DDERR_SURFACEBUSY : DDERR_GENERIC;
            goto done;
        }
        out.lpSurface = map.data;
        if (!(out.dwFlags & DDSD_LINEARSIZE))
            out.lPitch = map.row_pitch;
        surface->lock_base = NULL;
        if (!wined3d_get_format_info(surface->format)->compressed)
        {
            surface->lock_base = (BYTE *)map.data;
            if (map_rect)
                surface->lock_base -= map_rect->top * map.row_pitch
                        + map_rect->left * (wined3d_get_format_info(surface->format)->bits_per_pixel / 8);
            surface->lock_pitch = map.row_pitch;
        }
        if (rect && !map_rect)
        {
            const struct wined3d_format_info *info = wined3d_get_format_info(surface->format);

            out.lpSurface = (BYTE *)map.data + rect->top / info->block_height * map.row_pitch
                    + rect->left / info->block_width * info->block_bytes;
        }
    }
    /* lpSurface is filled, but Windows does not say so in dwFlags (Wine's
     * test_set_surface_desc and test_ck_operation). */
    surface->lock_count = 1;
    surface->lock_rect = rect ? *rect : (RECT){0, 0, (LONG)surface->desc.dwWidth, (LONG)surface->desc.dwHeight};
    if (size >= sizeof(DDSURFACEDESC2))
        *desc2 = out;
    else
        ddraw_desc2_to_desc1(&out, (DDSURFACEDESC *)desc_ptr);
    desc2->dwSize = size;
    hr = DD_OK;
done:
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_surface_unlock(struct ddraw_surface *surface)
{
    HRESULT hr = DD_OK;

    ddraw_lock();
    if (!surface->lock_count)
        hr = DDERR_NOTLOCKED;
    else
    {
        surface->lock_count = 0;
        if (surface->client_memory)
        {
            if (surface->texture)
                wined3d_texture_upload_data(surface->texture, surface->sub_resource, surface->client_memory,
                        surface->desc.lPitch);
        }
        else if (surface->texture)
        {
            ddraw_surface_dc_to_lock(surface);
            wined3d_texture_unmap(surface->texture, surface->sub_resource);
        }
        surface->lock_base = NULL;
        ddraw_surface_changed(surface);
        ddraw_surface_show(surface);
    }
    ddraw_unlock();
    return hr;
}

void ddraw_surface_set_core_keys(struct ddraw_surface *surface)
{
    struct wined3d_color_key key;

    if (!surface->texture)
        return;
    if (surface->desc.dwFlags & DDSD_CKSRCBLT)
    {
        key = surface_key(&surface->src_blt_key);
        wined3d_texture_set_color_key(surface->texture, WINED3D_CKEY_SRC_BLT, &key);
    }
    else
        wined3d_texture_set_color_key(surface->texture, WINED3D_CKEY_SRC_BLT, NULL);
    if (surface->desc.dwFlags & DDSD_CKDESTBLT)
    {
        key = surface_key(&surface->dst_blt_key);
        wined3d_texture_set_color_key(surface->texture, WINED3D_CKEY_DST_BLT, &key);
    }
    else
        wined3d_texture_set_color_key(surface->texture, WINED3D_CKEY_DST_BLT, NULL);
}

HRESULT ddraw_surface_get_color_key(struct ddraw_surface *surface, DWORD flags, DDCOLORKEY *key)
{
    HRESULT hr = DD_OK;

    if (!key)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    switch (flags)
    {
        case DDCKEY_SRCBLT:
            if (!(surface->desc.dwFlags & DDSD_CKSRCBLT)) hr = DDERR_NOCOLORKEY;
            else *key = surface->src_blt_key;
            break;
        case DDCKEY_DESTBLT:
            if (!(surface->desc.dwFlags & DDSD_CKDESTBLT)) hr = DDERR_NOCOLORKEY;
            else *key = surface->dst_blt_key;
            break;
        case DDCKEY_SRCOVERLAY:
            if (!(surface->desc.dwFlags & DDSD_CKSRCOVERLAY)) hr = DDERR_NOCOLORKEY;
            else *key = surface->src_overlay_key;
            break;
        case DDCKEY_DESTOVERLAY:
            if (!(surface->desc.dwFlags & DDSD_CKDESTOVERLAY)) hr = DDERR_NOCOLORKEY;
            else *key = surface->dst_overlay_key;
            break;
        default:
            hr = DDERR_INVALIDPARAMS;
            break;
    }
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_surface_set_color_key(struct ddraw_surface *surface, DWORD flags, DDCOLORKEY *key)
{
    DDCOLORKEY k;
    DWORD which = flags & ~DDCKEY_COLORSPACE, sd_flag;
    DDCOLORKEY *slot;

    switch (which)
    {
        case DDCKEY_SRCBLT: slot = &surface->src_blt_key; sd_flag = DDSD_CKSRCBLT; break;
        case DDCKEY_DESTBLT: slot = &surface->dst_blt_key; sd_flag = DDSD_CKDESTBLT; break;
        case DDCKEY_SRCOVERLAY: slot = &surface->src_overlay_key; sd_flag = DDSD_CKSRCOVERLAY; break;
        case DDCKEY_DESTOVERLAY: slot = &surface->dst_overlay_key; sd_flag = DDSD_CKDESTOVERLAY; break;
        default: return DDERR_INVALIDPARAMS;
    }
    ddraw_lock();
    if (!surface->ddraw)
    {
        ddraw_unlock();
        return DDERR_SURFACELOST;
    }
    if (key)
    {
        k = *key;
        /* GetCaps offers no colour-space keys: a range is refused, as
         * Windows' drivers do (Wine's test_range_colorkey); without
         * DDCKEY_COLORSPACE the key is the single low value. */
        if ((flags & DDCKEY_COLORSPACE) && k.dwColorSpaceLowValue != k.dwColorSpaceHighValue)
        {
            ddraw_unlock();
            return DDERR_NOCOLORKEYHW;
        }
        if (!(flags & DDCKEY_COLORSPACE))
            k.dwColorSpaceHighValue = k.dwColorSpaceLowValue;
        *slot = k;
        surface->desc.dwFlags |= sd_flag;
        if (sd_flag == DDSD_CKSRCBLT) surface->desc.ddckCKSrcBlt = k;
        else if (sd_flag == DDSD_CKDESTBLT) surface->desc.ddckCKDestBlt = k;
        else if (sd_flag == DDSD_CKSRCOVERLAY) surface->desc.ddckCKSrcOverlay = k;
        else surface->desc.ddckCKDestOverlay = k;
    }
    else
    {
        /* GetSurfaceDesc reports the key zeroed (Wine's ddraw2.c
         * test_ck_operation), but a blit through IDirectDrawSurface 1-3 still
         * uses the last destination key set (surface_blt.c). */
        if (sd_flag != DDSD_CKDESTBLT)
            memset(slot, 0, sizeof(*slot));
        surface->desc.dwFlags &= ~sd_flag;
        if (sd_flag == DDSD_CKSRCBLT) memset(&surface->desc.ddckCKSrcBlt, 0, sizeof(DDCOLORKEY));
        else if (sd_flag == DDSD_CKDESTBLT) memset(&surface->desc.ddckCKDestBlt, 0, sizeof(DDCOLORKEY));
        else if (sd_flag == DDSD_CKSRCOVERLAY) memset(&surface->desc.ddckCKSrcOverlay, 0, sizeof(DDCOLORKEY));
        else memset(&surface->desc.ddckCKDestOverlay, 0, sizeof(DDCOLORKEY));
    }
    ddraw_surface_set_core_keys(surface);
    ddraw_unlock();
    return DD_OK;
}

static void surface_apply_palette(struct ddraw_surface *surface)
{
    struct ddraw_palette *palette = surface->palette;
    struct ddraw_surface *s;
    uint32_t argb[256];

    if (!surface->ddraw || !surface->texture)
        return;
    if (palette && !palette->wined3d_palette && surface->ddraw->wined3d_device
            && (palette->entry_count == 256 || palette->entry_count == 16))
    {
        ddraw_palette_get_argb(palette, argb, palette->entry_count);
        if (FAILED(wined3d_palette_create(surface->ddraw->wined3d_device,
                (palette->flags & DDPCAPS_ALPHA) ? WINED3D_PALETTE_ALPHA : 0,
                palette->entry_count, argb, &palette->wined3d_palette)))
            palette->wined3d_palette = NULL;
    }
    /* A flip chain shares one palette across its buffers. */
    if (surface->desc.ddsCaps.dwCaps & DDSCAPS_FLIP)
    {
        for (s = surface->root; s; s = s->complex_next)
            if (s->texture)
                wined3d_texture_set_palette(s->texture, palette ? palette->wined3d_palette : NULL);
    }
    else if (surface->owns_texture)
        wined3d_texture_set_palette(surface->texture, palette ? palette->wined3d_palette : NULL);
}

HRESULT ddraw_surface_set_palette(struct ddraw_surface *surface, IDirectDrawPalette *palette_iface)
{
    struct ddraw_palette *palette = ddraw_palette_from_iface(palette_iface), *old;
    const struct wined3d_format_info *info;

    if (palette_iface && !palette)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!surface->ddraw)
    {
        ddraw_unlock();
        return DDERR_SURFACELOST;
    }
    /* A palette with alpha is for textures only; Windows says so before it
     * looks at the format (Wine's test_palette_alpha). */
    if (palette && (palette->flags & DDPCAPS_ALPHA) && !(surface->desc.ddsCaps.dwCaps & DDSCAPS_TEXTURE))
    {
        ddraw_unlock();
        return DDERR_INVALIDSURFACETYPE;
    }
    info = wined3d_get_format_info(surface->format);
    if (!info->palettised)
    {
        ddraw_unlock();
        return DDERR_INVALIDPIXELFORMAT;
    }
    if (palette && ((info->bits_per_pixel == 8) != (palette->entry_count == 256)))
    {
        ddraw_unlock();
        return DDERR_INVALIDPIXELFORMAT;
    }
    old = surface->palette;
    if (palette)
        IDirectDrawPalette_AddRef(&palette->IDirectDrawPalette_iface);
    surface->palette = palette;
    surface_apply_palette(surface);
    /* GetCaps tells the palette the primary shows (Windows does). */
    if (surface->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE)
    {
        if (old)
            old->flags &= ~DDPCAPS_PRIMARYSURFACE;
        if (palette)
            palette->flags |= DDPCAPS_PRIMARYSURFACE;
    }
    if (old)
        IDirectDrawPalette_Release(&old->IDirectDrawPalette_iface);
    if (surface->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE)
        ddraw_present(surface->ddraw, surface);
    ddraw_unlock();
    return DD_OK;
}

void ddraw_surface_palette_destroyed(struct ddraw *ddraw, struct ddraw_palette *palette)
{
    struct ddraw_surface *root, *s;

    for (root = ddraw->surfaces; root; root = root->next_root)
    {
        for (s = root; s; s = s->complex_next)
        {
            if (s->palette != palette)
                continue;
            s->palette = NULL;
            surface_apply_palette(s);
        }
    }
}

HRESULT ddraw_surface_get_palette(struct ddraw_surface *surface, IDirectDrawPalette **out)
{
    if (!out)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!surface->palette)
    {
        *out = NULL;
        ddraw_unlock();
        return DDERR_NOPALETTEATTACHED;
    }
    *out = &surface->palette->IDirectDrawPalette_iface;
    IDirectDrawPalette_AddRef(*out);
    ddraw_unlock();
    return DD_OK;
}

HRESULT ddraw_surface_set_clipper(struct ddraw_surface *surface, IDirectDrawClipper *clipper_iface)
{
    struct ddraw_clipper *clipper = ddraw_clipper_from_iface(clipper_iface), *old;

    if (clipper_iface && !clipper)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    old = surface->clipper;
    if (clipper)
        IDirectDrawClipper_AddRef(&clipper->IDirectDrawClipper_iface);
    surface->clipper = clipper;
    if (old)
        ddraw_clipper_release(old);
    ddraw_unlock();
    return DD_OK;
}

HRESULT ddraw_surface_get_clipper(struct ddraw_surface *surface, IDirectDrawClipper **out)
{
    if (!out)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (!surface->clipper)
    {
        *out = NULL;
        ddraw_unlock();
        return DDERR_NOCLIPPERATTACHED;
    }
    *out = &surface->clipper->IDirectDrawClipper_iface;
    IDirectDrawClipper_AddRef(*out);
    ddraw_unlock();
    return DD_OK;
}

HRESULT ddraw_surface_get_surface_desc(struct ddraw_surface *surface, void *desc_ptr, BOOL desc2_only)
{
    DDSURFACEDESC2 *desc = desc_ptr;

    if (!desc)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (desc2_only)
    {
        if (desc->dwSize != sizeof(DDSURFACEDESC2))
        {
            ddraw_unlock();
            return DDERR_INVALIDPARAMS;
        }
        *desc = surface->desc;
    }
    else
    {
        if (desc->dwSize != sizeof(DDSURFACEDESC))
        {
            ddraw_unlock();
            return DDERR_INVALIDPARAMS;
        }
        ddraw_desc2_to_desc1(&surface->desc, (DDSURFACEDESC *)desc_ptr);
    }
    /* Compressed, in the application's memory: Windows says the linear
     * size is ~0u (Wine's test_block_formats_creation). desc.lPitch, what
     * the copies use, is the row of blocks. */
    if (surface->client_memory && wined3d_get_format_info(surface->format)->compressed)
    {
        if (desc2_only) desc->dwLinearSize = ~0u;
        else ((DDSURFACEDESC *)desc_ptr)->dwLinearSize = ~0u;
    }
    /* After a change of the display's bit depth Windows describes the
     * (lost) primary in the new mode's pixel format (Wine's
     * test_primary_palette: 8 bits, then 32). */
    if ((surface->desc.ddsCaps.dwCaps & DDSCAPS_PRIMARYSURFACE) && surface->ddraw
            && ddraw_format_from_bpp(surface->ddraw->mode.bpp) != surface->format)
        ddraw_format_to_ddpf(ddraw_format_from_bpp(surface->ddraw->mode.bpp),
                desc2_only ? &desc->ddpfPixelFormat : &((DDSURFACEDESC *)desc_ptr)->ddpfPixelFormat);
    ddraw_unlock();
    return DD_OK;
}

/* SetSurfaceDesc's surfaces: system memory ones, a managed texture's not
 * (it says system memory too), nor a primary or a z-buffer. */
static BOOL surface_takes_client_memory(const struct ddraw_surface *surface)
{
    const DDSCAPS2 *caps = &surface->desc.ddsCaps;

    return (caps->dwCaps & DDSCAPS_SYSTEMMEMORY)
            && !(caps->dwCaps & (DDSCAPS_PRIMARYSURFACE | DDSCAPS_ZBUFFER))
            && !(caps->dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE));
}

/* The checks of SetSurfaceDesc's description, in Windows' order (Wine's
 * test_set_surface_desc): a pitch only with a width and the other way
 * round, a height alone, nothing without the memory, no caps but 0. */
static HRESULT surface_check_new_desc(const DDSURFACEDESC2 *desc)
{
    static const DWORD allowed = DDSD_LPSURFACE | DDSD_PITCH | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_CAPS;

    if (desc->dwFlags & ~allowed)
        return DDERR_INVALIDPARAMS;
    if (!(desc->dwFlags & DDSD_LPSURFACE) || !desc->lpSurface)
        return DDERR_INVALIDPARAMS;
    if ((desc->dwFlags & DDSD_CAPS) && desc->ddsCaps.dwCaps)
        return DDERR_INVALIDCAPS;
    if (!!(desc->dwFlags & DDSD_WIDTH) != !!(desc->dwFlags & DDSD_PITCH))
        return DDERR_INVALIDPARAMS;
    if ((desc->dwFlags & DDSD_WIDTH) && (!desc->dwWidth || desc->lPitch <= 0 || (desc->lPitch & 3)))
        return DDERR_INVALIDPARAMS;
    if ((desc->dwFlags & DDSD_HEIGHT) && !desc->dwHeight)
        return DDERR_INVALIDPARAMS;
    return DD_OK;
}

/* Points the surface at the application's memory: its own texture when the
 * size or format change, which a mip level or a shared texture cannot. */
static HRESULT surface_use_client_memory(struct ddraw_surface *surface, const DDSURFACEDESC2 *new_desc,
        enum wined3d_format_id format, void *memory)
{
    struct wined3d_texture *texture;
    DDSCAPS2 caps;
    HRESULT hr;

    if (new_desc->dwWidth != surface->desc.dwWidth || new_desc->dwHeight != surface->desc.dwHeight
            || format != surface->format || !surface->texture)
    {
        if (surface->root != surface || surface->complex_next || surface->share_next)
            return DDERR_INVALIDPARAMS;
        caps = new_desc->ddsCaps;
        if (FAILED(hr = surface_create_texture(surface->ddraw, WINED3D_RTYPE_TEXTURE_2D, format, &caps,
                new_desc->dwWidth, new_desc->dwHeight, 1, &texture)))
            return hr;
        surface_release_storage(surface);
        surface->texture = texture;
        surface->owns_texture = TRUE;
        surface->format = format;
    }
    else
        ddraw_surface_free_dc(surface);
    surface->desc = *new_desc;
    surface->client_memory = memory;
    wined3d_texture_upload_data(surface->texture, surface->sub_resource, memory, surface->desc.lPitch);
    return DD_OK;
}

HRESULT ddraw_surface_set_surface_desc(struct ddraw_surface *surface, DDSURFACEDESC2 *desc, DWORD flags)
{
    enum wined3d_format_id format;
    DDSURFACEDESC2 new_desc;
    HRESULT hr;

    if (!desc || flags)
        return DDERR_INVALIDPARAMS;

    ddraw_lock();
    /* The kind of surface is checked before anything in the description. */
    if (!surface->ddraw || !surface_takes_client_memory(surface))
    {
        hr = DDERR_INVALIDSURFACETYPE;
        goto done;
    }
    if (FAILED(hr = surface_check_new_desc(desc)))
        goto done;
    if (surface->lock_count || surface->dc_in_use)
    {
        hr = DDERR_SURFACEBUSY;
        goto done;
    }
    new_desc = surface->desc;
    format = surface->format;
    if (desc->dwFlags & DDSD_PIXELFORMAT)
    {
        if ((format = ddraw_format_from_ddpf(&desc->ddpfPixelFormat)) == WINED3DFMT_UNKNOWN
                || wined3d_get_format_info(format)->depth)
        {
            hr = DDERR_INVALIDPIXELFORMAT;
            goto done;
        }
        ddraw_format_to_ddpf(format, &new_desc.ddpfPixelFormat);
    }
    if (desc->dwFlags & DDSD_WIDTH)
        new_desc.dwWidth = desc->dwWidth;
    if (desc->dwFlags & DDSD_HEIGHT)
        new_desc.dwHeight = desc->dwHeight;
    /* Without a new pitch, the one the surface's rows had stays: it must
     * still hold a row of the (new) format. */
    if (FAILED(hr = surface_check_client_pitch(format, new_desc.dwWidth,
            (desc->dwFlags & DDSD_PITCH) ? desc->lPitch : surface->desc.lPitch)))
        goto done;
    if (!(desc->dwFlags & DDSD_PITCH))
        new_desc.lPitch = surface->desc.lPitch;
    else
        new_desc.lPitch = desc->lPitch;
    if (FAILED(hr = surface_use_client_memory(surface, &new_desc, format, desc->lpSurface)))
        goto done;
    ddraw_surface_set_core_keys(surface);
    surface_apply_palette(surface);
    ddraw_surface_changed(surface);
done:
    ddraw_unlock();
    return hr;
}

HRESULT ddraw_surface_get_dd_interface(struct ddraw_surface *surface, void **out)
{
    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    ddraw_lock();
    if (!surface->ddraw)
    {
        ddraw_unlock();
        return DDERR_SURFACELOST;
    }
    switch (surface->version)
    {
        case 7: *out = &surface->ddraw->IDirectDraw7_iface; break;
        case 4: *out = &surface->ddraw->IDirectDraw4_iface; break;
        case 2: *out = &surface->ddraw->IDirectDraw2_iface; break;
        default: *out = &surface->ddraw->IDirectDraw_iface; break;
    }
    IUnknown_AddRef((IUnknown *)*out);
    ddraw_unlock();
    return DD_OK;
}

static struct ddraw_private_data *surface_find_private(struct ddraw_surface *surface, REFGUID tag)
{
    struct ddraw_private_data *data;

    for (data = surface->private_data; data; data = data->next)
        if (IsEqualGUID(&data->tag, tag))
            return data;
    return NULL;
}

HRESULT ddraw_surface_free_private_data(struct ddraw_surface *surface, REFGUID tag)
{
    struct ddraw_private_data **p, *data;

    if (!tag)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    for (p = &surface->private_data; (data = *p); p = &data->next)
    {
        if (IsEqualGUID(&data->tag, tag))
        {
            *p = data->next;
            if (data->flags & DDSPD_IUNKNOWNPOINTER)
                IUnknown_Release(data->u.object);
            else
                free(data->u.data);
            free(data);
            ddraw_unlock();
            return DD_OK;
        }
    }
    ddraw_unlock();
    return DDERR_NOTFOUND;
}

HRESULT ddraw_surface_set_private_data(struct ddraw_surface *surface, REFGUID tag, void *data_ptr,
        DWORD size, DWORD flags)
{
    struct ddraw_private_data *data;

    /* No data is no data, even of size 0 (Wine's test_private_data). */
    if (!tag || !data_ptr || (flags & ~(DDSPD_IUNKNOWNPOINTER | DDSPD_VOLATILE)))
        return DDERR_INVALIDPARAMS;
    if ((flags & DDSPD_IUNKNOWNPOINTER) && (size != sizeof(IUnknown *) || !data_ptr))
        return DDERR_INVALIDPARAMS;
    if (!(data = calloc(1, sizeof(*data))))
        return DDERR_OUTOFMEMORY;
    data->tag = *tag;
    data->flags = flags;
    data->size = size;
    if (flags & DDSPD_IUNKNOWNPOINTER)
    {
        data->u.object = (IUnknown *)data_ptr;
        IUnknown_AddRef(data->u.object);
    }
    else if (size)
    {
        if (!(data->u.data = malloc(size)))
        {
            free(data);
            return DDERR_OUTOFMEMORY;
        }
        memcpy(data->u.data, data_ptr, size);
    }
    ddraw_surface_free_private_data(surface, tag);
    ddraw_lock();
    data->next = surface->private_data;
    surface->private_data = data;
    ddraw_unlock();
    return DD_OK;
}

HRESULT ddraw_surface_get_private_data(struct ddraw_surface *surface, REFGUID tag, void *out, DWORD *size)
{
    struct ddraw_private_data *data;
    HRESULT hr = DD_OK;

    if (!tag)
        return DDERR_INVALIDPARAMS;
    /* Windows' order (Wine's test_private_data): an unknown tag first, then
     * the size, then the buffer; an interface comes back without AddRef. */
    ddraw_lock();
    if (!(data = surface_find_private(surface, tag)))
        hr = DDERR_NOTFOUND;
    else if (!size)
        hr = DDERR_INVALIDPARAMS;
    else if (*size < data->size)
    {
        *size = data->size;
        hr = DDERR_MOREDATA;
    }
    else if (!out)
        hr = DDERR_INVALIDPARAMS;
    else
    {
        *size = data->size;
        if (data->flags & DDSPD_IUNKNOWNPOINTER)
            *(IUnknown **)out = data->u.object;
        else if (data->size)
            memcpy(out, data->u.data, data->size);
    }
    ddraw_unlock();
    return hr;
}

static BOOL surface_is_managed(const struct ddraw_surface *surface)
{
    return !!(surface->desc.ddsCaps.dwCaps2 & (DDSCAPS2_TEXTUREMANAGE | DDSCAPS2_D3DTEXTUREMANAGE));
}

/* Priorities belong to the root of a managed texture; other textures answer
 * DDERR_INVALIDPARAMS, surfaces that are not textures DDERR_INVALIDOBJECT. */
static HRESULT surface_check_priority(struct ddraw_surface *surface)
{
    if (!(surface->desc.ddsCaps.dwCaps & DDSCAPS_TEXTURE))
        return DDERR_INVALIDOBJECT;
    if (!surface_is_managed(surface) || surface->root != surface)
        return DDERR_INVALIDPARAMS;
    return DD_OK;
}

static HRESULT surface_set_priority(struct ddraw_surface *surface, DWORD priority)
{
    HRESULT hr;

    if (FAILED(hr = surface_check_priority(surface)))
        return hr;
    surface->priority = priority;
    return DD_OK;
}

static HRESULT surface_get_priority(struct ddraw_surface *surface, DWORD *priority)
{
    HRESULT hr;

    if (!priority)
        return DDERR_INVALIDPARAMS;
    if (FAILED(hr = surface_check_priority(surface)))
        return hr;
    *priority = surface->priority;
    return DD_OK;
}

static HRESULT surface_set_lod(struct ddraw_surface *surface, DWORD lod)
{
    if (!surface_is_managed(surface))
        return DDERR_INVALIDOBJECT;
    if (surface->root != surface || lod >= (surface->desc.dwMipMapCount ? surface->desc.dwMipMapCount : 1))
        return DDERR_INVALIDPARAMS;
    surface->lod = lod;
    return DD_OK;
}

static HRESULT surface_get_lod(struct ddraw_surface *surface, DWORD *lod)
{
    if (!lod)
        return DDERR_INVALIDPARAMS;
    if (!surface_is_managed(surface))
        return DDERR_INVALIDOBJECT;
    *lod = surface->lod;
    return DD_OK;
}

/* ---------------------------------------------------------------------- */
/* Small methods                                                           */

HRESULT ddraw_surface_get_caps(struct ddraw_surface *surface, DDSCAPS2 *caps)
{
    if (!caps)
        return DDERR_INVALIDPARAMS;
    *caps = surface->desc.ddsCaps;
    return DD_OK;
}

HRESULT ddraw_surface_get_pixel_format(struct ddraw_surface *surface, DDPIXELFORMAT *format)
{
    if (!format)
        return DDERR_INVALIDPARAMS;
    *format = surface->desc.ddpfPixelFormat;
    return DD_OK;
}

HRESULT ddraw_surface_get_blt_status(struct ddraw_surface *surface, DWORD flags)
{
    if (flags != DDGBS_CANBLT && flags != DDGBS_ISBLTDONE)
        return DDERR_INVALIDPARAMS;
    return DD_OK;
}

HRESULT ddraw_surface_get_flip_status(struct ddraw_surface *surface, DWORD flags)
{
    if (flags != DDGFS_CANFLIP && flags != DDGFS_ISFLIPDONE)
        return DDERR_INVALIDPARAMS;
    if (!(surface->desc.ddsCaps.dwCaps & DDSCAPS_FLIP))
        return DDERR_INVALIDSURFACETYPE;
    return DD_OK;
}

HRESULT ddraw_surface_page_lock(struct ddraw_surface *surface, DWORD flags)
{
    return flags ? DDERR_INVALIDPARAMS : DD_OK;
}

HRESULT ddraw_surface_get_uniqueness_value(struct ddraw_surface *surface, DWORD *value)
{
    if (!value)
        return DDERR_INVALIDPARAMS;
    *value = surface->uniqueness;
    return DD_OK;
}

HRESULT ddraw_surface_change_uniqueness_value(struct ddraw_surface *surface)
{
    ddraw_surface_changed(surface);
    return DD_OK;
}

/* ---------------------------------------------------------------------- */
/* What the Direct3D 7 layer needs from surfaces and the DirectDraw object */

struct ddraw_surface *d3d7_surface_from_iface(IDirectDrawSurface7 *iface)
{
    return ddraw_surface_from_iface7(iface);
}

/* Direct3D 7's references on the textures set on its stages: SetTexture
 * holds the lock, so taking it again inside AddRef and Release is only cost.
 * The owner is released with the lock still held, as a nested Release
 * would. */
void d3d7_surface_addref_locked(struct ddraw_surface *surface)
{
    surface_addref_locked(surface, 7);
}

void d3d7_surface_release_locked(struct ddraw_surface *surface)
{
    IUnknown *owner;

    surface_release_locked(surface, 7, &owner);
    if (owner)
        IUnknown_Release(owner);
}

/* Windows' interfaces of every version share one layout, so Direct3D 7
 * takes an older one where it asks for an IDirectDrawSurface7 (Wine's
 * ddraw7.c test_texture_wrong_caps sets the IDirectDrawSurface4 that
 * IDirectDraw4 made as a texture). */
struct ddraw_surface *d3d7_surface_from_older_iface(IDirectDrawSurface7 *iface)
{
    unsigned int version;

    return ddraw_surface_from_any_iface(iface, &version);
}

struct wined3d_device *d3d7_ddraw_get_wined3d_device(struct ddraw *ddraw)
{
    if (FAILED(ddraw_init_wined3d(ddraw)))
        return NULL;
    /* The Direct3D layer asks for the core device when it creates a device
     * (and when it enumerates them): the moment Direct3D sets up the FPU. */
    ddraw_fpu_setup(ddraw);
    return ddraw->wined3d_device;
}

IDirectDraw7 *d3d7_ddraw_get_iface(struct ddraw *ddraw)
{
    return &ddraw->IDirectDraw7_iface;
}

/* ---------------------------------------------------------------------- */
/* IDirectDrawSurface7: thin functions onto the methods above (the older */
/* versions' are in surface_thunks.c)                                      */

static inline struct ddraw_surface *impl7(IDirectDrawSurface7 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface7_iface);
}

static HRESULT STDMETHODCALLTYPE surface7_QueryInterface(IDirectDrawSurface7 *iface, REFIID riid, void **out)
{
    return ddraw_surface_query_interface(impl7(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE surface7_AddRef(IDirectDrawSurface7 *iface)
{
    return ddraw_surface_addref(impl7(iface), 7);
}

static ULONG STDMETHODCALLTYPE surface7_Release(IDirectDrawSurface7 *iface)
{
    return ddraw_surface_release(impl7(iface), 7);
}

static HRESULT STDMETHODCALLTYPE surface7_AddAttachedSurface(IDirectDrawSurface7 *iface, IDirectDrawSurface7 *attachment)
{
    return ddraw_surface_add_attached(impl7(iface), 7, attachment);
}

static HRESULT STDMETHODCALLTYPE surface7_AddOverlayDirtyRect(IDirectDrawSurface7 *iface, RECT *rect)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_Blt(IDirectDrawSurface7 *iface, RECT *dst_rect, IDirectDrawSurface7 *src, RECT *src_rect, DWORD flags, DDBLTFX *fx)
{
    if (src && !ddraw_surface_from_iface7(src))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_blt(impl7(iface), dst_rect, ddraw_surface_from_iface7(src), src_rect, flags, fx);
}

static HRESULT STDMETHODCALLTYPE surface7_BltBatch(IDirectDrawSurface7 *iface, DDBLTBATCH *batch, DWORD count, DWORD flags)
{
    return DDERR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE surface7_BltFast(IDirectDrawSurface7 *iface, DWORD x, DWORD y, IDirectDrawSurface7 *src, RECT *src_rect, DWORD trans)
{
    return ddraw_surface_blt_fast(impl7(iface), x, y, ddraw_surface_from_iface7(src), src_rect, trans);
}

static HRESULT STDMETHODCALLTYPE surface7_DeleteAttachedSurface(IDirectDrawSurface7 *iface, DWORD flags, IDirectDrawSurface7 *attachment)
{
    return ddraw_surface_delete_attached(impl7(iface), flags, attachment);
}

static HRESULT STDMETHODCALLTYPE surface7_EnumAttachedSurfaces(IDirectDrawSurface7 *iface, void *context, LPDDENUMSURFACESCALLBACK7 callback)
{
    return ddraw_surface_enum_attached(impl7(iface), 7, context, (void *)callback);
}

static HRESULT STDMETHODCALLTYPE surface7_EnumOverlayZOrders(IDirectDrawSurface7 *iface, DWORD flags, void *context, LPDDENUMSURFACESCALLBACK7 callback)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_Flip(IDirectDrawSurface7 *iface, IDirectDrawSurface7 *dst, DWORD flags)
{
    if (dst && !ddraw_surface_from_iface7(dst))
        return DDERR_INVALIDPARAMS;
    return ddraw_surface_flip(impl7(iface), ddraw_surface_from_iface7(dst), flags);
}

static HRESULT STDMETHODCALLTYPE surface7_GetAttachedSurface(IDirectDrawSurface7 *iface, DDSCAPS2 *caps, IDirectDrawSurface7 **attachment)
{
    struct ddraw_surface *att;
    HRESULT hr;

    if (!caps || !attachment)
        return DDERR_INVALIDPARAMS;
    if (SUCCEEDED(hr = ddraw_surface_get_attached(impl7(iface), caps, 7, &att)))
        *attachment = &att->IDirectDrawSurface7_iface;
    else
        *attachment = NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE surface7_GetBltStatus(IDirectDrawSurface7 *iface, DWORD flags)
{
    return ddraw_surface_get_blt_status(impl7(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface7_GetCaps(IDirectDrawSurface7 *iface, DDSCAPS2 *caps)
{
    return ddraw_surface_get_caps(impl7(iface), caps);
}

static HRESULT STDMETHODCALLTYPE surface7_GetClipper(IDirectDrawSurface7 *iface, IDirectDrawClipper **clipper)
{
    return ddraw_surface_get_clipper(impl7(iface), clipper);
}

static HRESULT STDMETHODCALLTYPE surface7_GetColorKey(IDirectDrawSurface7 *iface, DWORD flags, DDCOLORKEY *key)
{
    return ddraw_surface_get_color_key(impl7(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface7_GetDC(IDirectDrawSurface7 *iface, HDC *dc)
{
    return ddraw_surface_get_dc(impl7(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface7_GetFlipStatus(IDirectDrawSurface7 *iface, DWORD flags)
{
    return ddraw_surface_get_flip_status(impl7(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface7_GetOverlayPosition(IDirectDrawSurface7 *iface, LONG *x, LONG *y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_GetPalette(IDirectDrawSurface7 *iface, IDirectDrawPalette **palette)
{
    return ddraw_surface_get_palette(impl7(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface7_GetPixelFormat(IDirectDrawSurface7 *iface, DDPIXELFORMAT *format)
{
    return ddraw_surface_get_pixel_format(impl7(iface), format);
}

static HRESULT STDMETHODCALLTYPE surface7_GetSurfaceDesc(IDirectDrawSurface7 *iface, DDSURFACEDESC2 *desc)
{
    return ddraw_surface_get_surface_desc(impl7(iface), desc, TRUE);
}

static HRESULT STDMETHODCALLTYPE surface7_Initialize(IDirectDrawSurface7 *iface, IDirectDraw *ddraw, DDSURFACEDESC2 *desc)
{
    return DDERR_ALREADYINITIALIZED;
}

static HRESULT STDMETHODCALLTYPE surface7_IsLost(IDirectDrawSurface7 *iface)
{
    return ddraw_surface_is_lost(impl7(iface));
}

static HRESULT STDMETHODCALLTYPE surface7_Lock(IDirectDrawSurface7 *iface, RECT *rect, DDSURFACEDESC2 *desc, DWORD flags, HANDLE event)
{
    return ddraw_surface_lock(impl7(iface), rect, desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface7_ReleaseDC(IDirectDrawSurface7 *iface, HDC dc)
{
    return ddraw_surface_release_dc(impl7(iface), dc);
}

static HRESULT STDMETHODCALLTYPE surface7_Restore(IDirectDrawSurface7 *iface)
{
    return ddraw_surface_restore(impl7(iface));
}

static HRESULT STDMETHODCALLTYPE surface7_SetClipper(IDirectDrawSurface7 *iface, IDirectDrawClipper *clipper)
{
    return ddraw_surface_set_clipper(impl7(iface), clipper);
}

/* Through IDirectDrawSurface7 (only), a mip level below the top takes
 * neither a colour key nor a palette: they are the top level's (Wine's
 * ddraw7.c test_ck_complex, test_palette_complex). Earlier interfaces set them. */
static HRESULT STDMETHODCALLTYPE surface7_SetColorKey(IDirectDrawSurface7 *iface, DWORD flags, DDCOLORKEY *key)
{
    if (impl7(iface)->desc.ddsCaps.dwCaps2 & DDSCAPS2_MIPMAPSUBLEVEL)
        return DDERR_NOTONMIPMAPSUBLEVEL;
    return ddraw_surface_set_color_key(impl7(iface), flags, key);
}

static HRESULT STDMETHODCALLTYPE surface7_SetOverlayPosition(IDirectDrawSurface7 *iface, LONG x, LONG y)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_SetPalette(IDirectDrawSurface7 *iface, IDirectDrawPalette *palette)
{
    if (impl7(iface)->desc.ddsCaps.dwCaps2 & DDSCAPS2_MIPMAPSUBLEVEL)
        return DDERR_NOTONMIPMAPSUBLEVEL;
    return ddraw_surface_set_palette(impl7(iface), palette);
}

static HRESULT STDMETHODCALLTYPE surface7_Unlock(IDirectDrawSurface7 *iface, RECT *rect)
{
    return ddraw_surface_unlock(impl7(iface));
}

static HRESULT STDMETHODCALLTYPE surface7_UpdateOverlay(IDirectDrawSurface7 *iface, RECT *src_rect, IDirectDrawSurface7 *dst, RECT *dst_rect, DWORD flags, DDOVERLAYFX *fx)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_UpdateOverlayDisplay(IDirectDrawSurface7 *iface, DWORD flags)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_UpdateOverlayZOrder(IDirectDrawSurface7 *iface, DWORD flags, IDirectDrawSurface7 *reference)
{
    return DDERR_NOTAOVERLAYSURFACE;
}

static HRESULT STDMETHODCALLTYPE surface7_GetDDInterface(IDirectDrawSurface7 *iface, void **ddraw)
{
    return ddraw_surface_get_dd_interface(impl7(iface), ddraw);
}

static HRESULT STDMETHODCALLTYPE surface7_PageLock(IDirectDrawSurface7 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl7(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface7_PageUnlock(IDirectDrawSurface7 *iface, DWORD flags)
{
    return ddraw_surface_page_lock(impl7(iface), flags);
}

static HRESULT STDMETHODCALLTYPE surface7_SetSurfaceDesc(IDirectDrawSurface7 *iface, DDSURFACEDESC2 *desc, DWORD flags)
{
    return ddraw_surface_set_surface_desc(impl7(iface), desc, flags);
}

static HRESULT STDMETHODCALLTYPE surface7_SetPrivateData(IDirectDrawSurface7 *iface, REFGUID tag, void *data, DWORD size, DWORD flags)
{
    return ddraw_surface_set_private_data(impl7(iface), tag, data, size, flags);
}

static HRESULT STDMETHODCALLTYPE surface7_GetPrivateData(IDirectDrawSurface7 *iface, REFGUID tag, void *data, DWORD *size)
{
    return ddraw_surface_get_private_data(impl7(iface), tag, data, size);
}

static HRESULT STDMETHODCALLTYPE surface7_FreePrivateData(IDirectDrawSurface7 *iface, REFGUID tag)
{
    return ddraw_surface_free_private_data(impl7(iface), tag);
}

static HRESULT STDMETHODCALLTYPE surface7_GetUniquenessValue(IDirectDrawSurface7 *iface, DWORD *value)
{
    return ddraw_surface_get_uniqueness_value(impl7(iface), value);
}

static HRESULT STDMETHODCALLTYPE surface7_ChangeUniquenessValue(IDirectDrawSurface7 *iface)
{
    return ddraw_surface_change_uniqueness_value(impl7(iface));
}

static HRESULT STDMETHODCALLTYPE surface7_SetPriority(IDirectDrawSurface7 *iface, DWORD priority)
{
    return surface_set_priority(impl7(iface), priority);
}

static HRESULT STDMETHODCALLTYPE surface7_GetPriority(IDirectDrawSurface7 *iface, DWORD *priority)
{
    return surface_get_priority(impl7(iface), priority);
}

static HRESULT STDMETHODCALLTYPE surface7_SetLOD(IDirectDrawSurface7 *iface, DWORD lod)
{
    return surface_set_lod(impl7(iface), lod);
}

static HRESULT STDMETHODCALLTYPE surface7_GetLOD(IDirectDrawSurface7 *iface, DWORD *lod)
{
    return surface_get_lod(impl7(iface), lod);
}

IDirectDrawSurface7Vtbl ddraw_surface7_vtbl =
{
    surface7_QueryInterface,
    surface7_AddRef,
    surface7_Release,
    surface7_AddAttachedSurface,
    surface7_AddOverlayDirtyRect,
    surface7_Blt,
    surface7_BltBatch,
    surface7_BltFast,
    surface7_DeleteAttachedSurface,
    surface7_EnumAttachedSurfaces,
    surface7_EnumOverlayZOrders,
    surface7_Flip,
    surface7_GetAttachedSurface,
    surface7_GetBltStatus,
    surface7_GetCaps,
    surface7_GetClipper,
    surface7_GetColorKey,
    surface7_GetDC,
    surface7_GetFlipStatus,
    surface7_GetOverlayPosition,
    surface7_GetPalette,
    surface7_GetPixelFormat,
    surface7_GetSurfaceDesc,
    surface7_Initialize,
    surface7_IsLost,
    surface7_Lock,
    surface7_ReleaseDC,
    surface7_Restore,
    surface7_SetClipper,
    surface7_SetColorKey,
    surface7_SetOverlayPosition,
    surface7_SetPalette,
    surface7_Unlock,
    surface7_UpdateOverlay,
    surface7_UpdateOverlayDisplay,
    surface7_UpdateOverlayZOrder,
    surface7_GetDDInterface,
    surface7_PageLock,
    surface7_PageUnlock,
    surface7_SetSurfaceDesc,
    surface7_SetPrivateData,
    surface7_GetPrivateData,
    surface7_FreePrivateData,
    surface7_GetUniquenessValue,
    surface7_ChangeUniquenessValue,
    surface7_SetPriority,
    surface7_GetPriority,
    surface7_SetLOD,
    surface7_GetLOD,
};

/*
 * ddraw: IDirectDrawPalette.  The entries live here; a core palette mirrors
 * them once the palette is attached to a surface that has core storage, so
 * that a change re-expands palettised textures and shows on the primary at
 * the next presentation.
 */
#include "config.h"

#include "ddraw_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

/* Writable, as Windows' is (Wine's ddraw1.c test_vtbl_protection). */
static IDirectDrawPaletteVtbl ddraw_palette_vtbl;

struct ddraw_palette *ddraw_palette_from_iface(IDirectDrawPalette *iface)
{
    if (!iface || iface->lpVtbl != &ddraw_palette_vtbl)
        return NULL;
    return DDRAW_CONTAINING(iface, struct ddraw_palette, IDirectDrawPalette_iface);
}

static inline struct ddraw_palette *impl_from_iface(IDirectDrawPalette *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_palette, IDirectDrawPalette_iface);
}

static unsigned int palette_size_from_flags(DWORD flags)
{
    switch (flags & (DDPCAPS_1BIT | DDPCAPS_2BIT | DDPCAPS_4BIT | DDPCAPS_8BIT))
    {
        case DDPCAPS_1BIT: return 2;
        case DDPCAPS_2BIT: return 4;
        case DDPCAPS_4BIT: return 16;
        case DDPCAPS_8BIT: return 256;
        default: return 0;
    }
}

void ddraw_palette_get_argb(const struct ddraw_palette *palette, uint32_t *argb, unsigned int count)
{
    unsigned int i;

    for (i = 0; i < count && i < palette->entry_count; ++i)
    {
        const PALETTEENTRY *e = &palette->entries[i];
        uint32_t alpha = (palette->flags & DDPCAPS_ALPHA) ? e->peFlags : 0xff;

        argb[i] = (alpha << 24) | ((uint32_t)e->peRed << 16) | ((uint32_t)e->peGreen << 8) | e->peBlue;
    }
}

static void palette_update_core(struct ddraw_palette *palette, unsigned int start, unsigned int count)
{
    uint32_t argb[256];

    if (!palette->wined3d_palette)
        return;
    ddraw_palette_get_argb(palette, argb, palette->entry_count);
    wined3d_palette_set_entries(palette->wined3d_palette, start, count, argb + start);
}

static HRESULT STDMETHODCALLTYPE ddraw_palette_QueryInterface(IDirectDrawPalette *iface, REFIID riid, void **out)
{
    if (!out)
        return DDERR_INVALIDPARAMS;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirectDrawPalette))
    {
        IDirectDrawPalette_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE ddraw_palette_AddRef(IDirectDrawPalette *iface)
{
    struct ddraw_palette *palette = impl_from_iface(iface);
    ULONG ref;

    ddraw_lock();
    ref = ++palette->ref;
    ddraw_unlock();
    return ref;
}

static ULONG STDMETHODCALLTYPE ddraw_palette_Release(IDirectDrawPalette *iface)
{
    struct ddraw_palette *palette = impl_from_iface(iface);
    IUnknown *owner = NULL;
    ULONG ref;

    ddraw_lock();
    if (!palette->ref)
    {
        ddraw_unlock();
        return 0;
    }
    if (!(ref = --palette->ref))
    {
        /* Released to nothing while still set (the program released the
         * surface's reference too): the surfaces forget it before it goes. */
        if (palette->ddraw)
            ddraw_surface_palette_destroyed(palette->ddraw, palette);
        if (palette->wined3d_palette)
            wined3d_palette_destroy(palette->wined3d_palette);
        owner = palette->owner_iface;
        free(palette);
    }
    ddraw_unlock();
    if (owner)
        IUnknown_Release(owner);
    return ref;
}

static HRESULT STDMETHODCALLTYPE ddraw_palette_GetCaps(IDirectDrawPalette *iface, DWORD *caps)
{
    if (!caps)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    *caps = impl_from_iface(iface)->flags;
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw_palette_GetEntries(IDirectDrawPalette *iface, DWORD flags,
        DWORD start, DWORD count, PALETTEENTRY *entries)
{
    struct ddraw_palette *palette = impl_from_iface(iface);
    unsigned int i;

    if (flags || !entries)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (start > palette->entry_count || count > palette->entry_count - start)
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    if (palette->flags & DDPCAPS_8BITENTRIES)
    {
        BYTE *indices = (BYTE *)entries;

        for (i = 0; i < count; ++i)
            indices[i] = palette->entries[start + i].peRed;
    }
    else
        memcpy(entries, &palette->entries[start], count * sizeof(*entries));
    ddraw_unlock();
    return DD_OK;
}

static HRESULT STDMETHODCALLTYPE ddraw_palette_Initialize(IDirectDrawPalette *iface, IDirectDraw *ddraw,
        DWORD flags, PALETTEENTRY *entries)
{
    return DDERR_ALREADYINITIALIZED;
}

static void palette_store(struct ddraw_palette *palette, DWORD start, DWORD count, const PALETTEENTRY *entries)
{
    unsigned int i;

    if (palette->flags & DDPCAPS_8BITENTRIES)
    {
        const BYTE *indices = (const BYTE *)entries;

        for (i = 0; i < count; ++i)
        {
            palette->entries[start + i].peRed = indices[i];
            palette->entries[start + i].peGreen = 0;
            palette->entries[start + i].peBlue = 0;
            palette->entries[start + i].peFlags = 0;
        }
    }
    else
        memcpy(&palette->entries[start], entries, count * sizeof(*entries));
    /* An 8-bit palette without DDPCAPS_ALLOW256 keeps the system's black
     * and white at 0 and 255. */
    if (palette->entry_count == 256 && !(palette->flags & (DDPCAPS_ALLOW256 | DDPCAPS_8BITENTRIES)))
    {
        static const PALETTEENTRY black = {0x00, 0x00, 0x00, 0x00};
        static const PALETTEENTRY white = {0xff, 0xff, 0xff, 0x00};

        palette->entries[0] = black;
        palette->entries[255] = white;
    }
}

static HRESULT STDMETHODCALLTYPE ddraw_palette_SetEntries(IDirectDrawPalette *iface, DWORD flags,
        DWORD start, DWORD count, PALETTEENTRY *entries)
{
    struct ddraw_palette *palette = impl_from_iface(iface);

    if (flags || !entries)
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    if (start > palette->entry_count || count > palette->entry_count - start)
    {
        ddraw_unlock();
        return DDERR_INVALIDPARAMS;
    }
    palette_store(palette, start, count, entries);
    palette_update_core(palette, 0, palette->entry_count);
    /* The primary's palette shows at once, as on a palettised display. */
    if (palette->ddraw && palette->ddraw->primary && palette->ddraw->primary->palette == palette)
        ddraw_present(palette->ddraw, palette->ddraw->primary);
    ddraw_unlock();
    return DD_OK;
}

static IDirectDrawPaletteVtbl ddraw_palette_vtbl =
{
    ddraw_palette_QueryInterface,
    ddraw_palette_AddRef,
    ddraw_palette_Release,
    ddraw_palette_GetCaps,
    ddraw_palette_GetEntries,
    ddraw_palette_Initialize,
    ddraw_palette_SetEntries,
};

HRESULT ddraw_palette_create(struct ddraw *ddraw, DWORD flags, PALETTEENTRY *entries,
        IUnknown *owner_iface, struct ddraw_palette **out)
{
    static const DWORD valid = DDPCAPS_1BIT | DDPCAPS_2BIT | DDPCAPS_4BIT | DDPCAPS_8BIT | DDPCAPS_8BITENTRIES
            | DDPCAPS_ALLOW256 | DDPCAPS_PRIMARYSURFACE | DDPCAPS_PRIMARYSURFACELEFT | DDPCAPS_VSYNC
            | DDPCAPS_INITIALIZE | DDPCAPS_ALPHA;
    struct ddraw_palette *palette;
    unsigned int size;

    TRACE("ddraw %p, flags %#x, entries %p.\n", (void *)ddraw, (unsigned int)flags, (void *)entries);
    *out = NULL;
    if (flags & ~valid)
        return DDERR_INVALIDPARAMS;
    if (!(size = palette_size_from_flags(flags)))
        return DDERR_INVALIDPARAMS;
    if ((flags & DDPCAPS_8BITENTRIES) && size == 256)
        return DDERR_INVALIDPARAMS;
    if ((flags & DDPCAPS_ALLOW256) && size != 256)
        return DDERR_INVALIDPARAMS;
    if (!entries)
        return DDERR_INVALIDPARAMS;

    if (!(palette = calloc(1, sizeof(*palette))))
        return DDERR_OUTOFMEMORY;
    palette->IDirectDrawPalette_iface.lpVtbl = &ddraw_palette_vtbl;
    palette->ref = 1;
    palette->flags = flags & ~DDPCAPS_INITIALIZE;
    palette->entry_count = size;
    palette->ddraw = ddraw;
    palette_store(palette, 0, size, entries);
    /* DirectDraw 4 and 7 palettes keep their DirectDraw object alive. */
    if ((palette->owner_iface = owner_iface))
        IUnknown_AddRef(owner_iface);
    *out = palette;
    return DD_OK;
}

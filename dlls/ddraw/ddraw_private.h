/*
 * ddraw: DirectDraw 7 on the wined3d-lite core.  Private header.
 *
 * One object per file, as Wine does it: ddraw.c (IDirectDraw7 and its v1/v2/v4
 * adapters), surface.c (IDirectDrawSurface7 and v1-v4, gamma control; some
 * of its concerns in surface_*.c), palette.c, clipper.c, main.c (exports and
 * class factories), utils.c (pixel formats, display modes, argument checks
 * shared by the objects).  The Direct3D 7 layer (direct3d.c, device*.c,
 * vertexbuffer.c) is reached only through the hooks declared at the end of
 * this file.
 *
 * Locking: one process-wide recursive lock around every method, as Wine's
 * ddraw does with the wined3d mutex, so the core is only ever entered by one
 * thread at a time.  A GL context is current on one thread at a time too:
 * with DDSCL_MULTITHREADED the core device lets go of it after every call
 * (wined3d_device_set_multithreaded), so threads may take turns within a
 * frame; without it the context moves between threads at presents only.
 */
#ifndef DX7GL_DDRAW_PRIVATE_H
#define DX7GL_DDRAW_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ddraw.h>
#include <d3d.h>
#include "wined3d-lite/wined3d.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#define DDRAW_CONTAINING(ptr, type, field) ((type *)((char *)(ptr) - offsetof(type, field)))
/* The video memory GetCaps reports; no single surface in video memory is
 * allowed to be bigger (surface.c refuses it before allocating anything). */
#define DDRAW_VIDMEM_TOTAL (256u * 1024 * 1024)

/* The process-wide lock (recursive). */
void ddraw_lock(void);
void ddraw_unlock(void);
/* For the tests: whether the lock is biased to the caller (see main.c). */
unsigned int ddraw_lock_bias_state(void);

/* ---------------------------------------------------------------------- */
/* Display modes                                                           */

struct ddraw_mode
{
    DWORD width, height, bpp, refresh_rate;
};

/* display.c.  The modes EnumDisplayModes offers: the display's own (user32's
 * list), or the virtual ones where it lists none (natively) or the
 * virtual_modes setting asks; refresh rates 0 unless asked for. */
unsigned int ddraw_display_modes(struct ddraw_mode *list, unsigned int max, BOOL refresh_rates);
/* The display lists the mode: SetDisplayMode changes the display to it. */
BOOL ddraw_display_mode_listed(DWORD width, DWORD height, DWORD bpp);
/* A mode SetDisplayMode takes: the display's, or one it can set virtually. */
BOOL ddraw_mode_is_supported(DWORD width, DWORD height, DWORD bpp);
/* Changes the display (ChangeDisplaySettingsEx); FALSE when the display
 * does not list the mode or refuses it (the mode is then set virtually). */
BOOL ddraw_display_set_mode(const struct ddraw_mode *mode);
/* Puts the display back in its registry mode. */
void ddraw_display_restore_mode(void);
/* The display's current mode. */
void ddraw_get_desktop_mode(struct ddraw_mode *mode);

/* ---------------------------------------------------------------------- */
/* Pixel formats                                                           */

/* DDPIXELFORMAT of a core format (FALSE if it has none). */
BOOL ddraw_format_to_ddpf(enum wined3d_format_id format, DDPIXELFORMAT *ddpf);
/* Core format of a DDPIXELFORMAT (UNKNOWN if unsupported). */
enum wined3d_format_id ddraw_format_from_ddpf(const DDPIXELFORMAT *ddpf);
/* The format of a display mode's bit depth. */
enum wined3d_format_id ddraw_format_from_bpp(DWORD bpp);

/* ---------------------------------------------------------------------- */
/* Surface descriptions: conversion between DDSURFACEDESC and DDSURFACEDESC2 */

void ddraw_desc1_to_desc2(const DDSURFACEDESC *in, DDSURFACEDESC2 *out);
void ddraw_desc2_to_desc1(const DDSURFACEDESC2 *in, DDSURFACEDESC *out);
void ddraw_caps2_to_caps1(const DDSCAPS2 *in, DDSCAPS *out);
void ddraw_caps1_to_caps2(const DDSCAPS *in, DDSCAPS2 *out);

/* Whether SIZE bytes at PTR may be written: an out pointer a program passes
 * may point nowhere ((void **)0xdeadbeef), which native ddraw answers with an
 * error instead of a crash.  Native builds can only check for NULL. */
BOOL ddraw_out_pointer_valid(void *ptr, size_t size);

/* ---------------------------------------------------------------------- */
/* The DirectDraw object                                                   */

struct ddraw_surface;
struct d3d7;

#define DDRAW_MAX_SURFACE_PRIVATE 0

struct ddraw
{
    IDirectDraw7 IDirectDraw7_iface;
    IDirectDraw4 IDirectDraw4_iface;
    IDirectDraw2 IDirectDraw2_iface;
    IDirectDraw IDirectDraw_iface;
    /* One count per interface, as DirectDraw keeps them; the object lives
     * while any of them is non-zero (iface_count of them). */
    LONG ref7, ref4, ref2, ref1, iface_count;

    BOOL initialized;               /* Initialize() called (or created by DirectDrawCreate*) */
    DWORD cooperative_level;        /* DDSCL_* flags set */
    BOOL multithreaded;             /* DDSCL_MULTITHREADED was set once: it stays for the object's life */
    HWND focus_window, device_window;
    HWND own_window;                /* the hidden window we created for GL */
    HWND created_device_window;     /* DDSCL_CREATEDEVICEWINDOW's "DirectDrawDeviceWnd" */
    HANDLE window_thread;           /* the thread that owns own_window when it is the hidden GL one */
    DWORD window_thread_id;
    HWND fullscreen_window;         /* the window we made cover the desktop, and what it was */
    LONG saved_style, saved_exstyle;
    struct ddraw_mode mode;         /* the display mode surfaces are made in */
    BOOL mode_set;                  /* SetDisplayMode changed it */
    BOOL mode_virtual;              /* ... virtually: not the display's mode */
    BOOL display_changed;           /* SetDisplayMode changed the display (restored at the end) */
    struct ddraw_mode display_mode; /* ... to this mode: set again when the program is activated */
    BOOL focus_restored_mode;       /* focus loss in exclusive mode put the desktop's mode back */
    BOOL scl_ddraw1;                /* IDirectDraw::SetCooperativeLevel succeeded: NORMAL keeps the mode */
    DWORD mode_uniqueness;

    struct wined3d_device *wined3d_device;  /* created with the first surface */
    struct wined3d_swapchain *swapchain;
    struct ddraw_surface *primary;
    struct ddraw_surface *surfaces; /* every root surface, linked by next_root */
    struct d3d7 *d3d7;              /* the IDirect3D7 object, if asked for */
    DDGAMMARAMP gamma_ramp;
    BOOL gamma_set;
    LONG device_state;              /* DDRAW_DEVICE_*: whether surfaces are lost (surface_lost.c) */
};

HRESULT ddraw_create(const GUID *guid, struct ddraw **ddraw);
/* ddraw->mode from the display unless a mode is set virtually (lock held). */
void ddraw_update_mode(struct ddraw *ddraw);
/* window.c: exclusive mode's hold on the focus window's procedure; unhook
 * at NORMAL (release FALSE) and when the object goes (TRUE). */
void ddraw_window_hook(struct ddraw *ddraw, HWND window);
void ddraw_window_unhook(struct ddraw *ddraw, BOOL release);
/* main.c: the process's list of live DirectDraw objects (DX7GL_GetCounters);
 * ddraw_create and the object's destruction keep it, under the lock. */
HRESULT ddraw_object_register(struct ddraw *ddraw);
void ddraw_object_unregister(struct ddraw *ddraw);
/* The surface of DDRAW whose GetDC handed out DC (DDERR_NOTFOUND if none). */
HRESULT ddraw_get_surface_from_dc(struct ddraw *ddraw, HDC dc, struct ddraw_surface **out);
/* ddraw.dll's undocumented export: the surface, of any DirectDraw object of
 * the process, whose GetDC handed out DC (Wine's tests import it). */
HRESULT WINAPI GetSurfaceFromDC(HDC dc, IDirectDrawSurface **surface, HDC *device_dc);
struct ddraw *ddraw_from_ddraw7(IDirectDraw7 *iface);
struct ddraw *ddraw_from_ddraw4(IDirectDraw4 *iface);
struct ddraw *ddraw_from_ddraw2(IDirectDraw2 *iface);
struct ddraw *ddraw_from_ddraw1(IDirectDraw *iface);

/* ddraw.c: the DirectDraw object's work, shared by IDirectDraw7 and the
 * older interfaces of ddraw_thunks.c. */
typedef HRESULT (*ddraw_mode_callback)(DDSURFACEDESC2 *desc, void *context, void *callback);
ULONG ddraw_addref_count(struct ddraw *ddraw, LONG *count);
ULONG ddraw_release_count(struct ddraw *ddraw, LONG *count);
HRESULT ddraw_create_palette(struct ddraw *ddraw, DWORD flags, PALETTEENTRY *entries,
        IDirectDrawPalette **palette, IUnknown *outer, IUnknown *owner_iface);
HRESULT ddraw_create_surface_begin(struct ddraw *ddraw, const void *desc, DWORD desc_size, void **out,
        IUnknown *outer);
HRESULT ddraw_create_surface(struct ddraw *ddraw, DDSURFACEDESC2 *desc, unsigned int version,
        IUnknown *owner_iface, struct ddraw_surface **surface);
HRESULT ddraw_duplicate_surface(struct ddraw *ddraw, struct ddraw_surface *src,
        unsigned int version, IUnknown *owner_iface, struct ddraw_surface **dst);
HRESULT ddraw_enum_modes(DWORD flags, const DDSURFACEDESC2 *filter, void *context,
        ddraw_mode_callback thunk, void *callback);
HRESULT ddraw_enum_surfaces(struct ddraw *ddraw, DWORD flags, DDSURFACEDESC2 *filter,
        unsigned int version, void *context, void *callback);
HRESULT ddraw_get_display_mode(struct ddraw *ddraw, DDSURFACEDESC2 *desc);
HRESULT ddraw_set_display_mode(struct ddraw *ddraw, DWORD width, DWORD height, DWORD bpp,
        DWORD refresh_rate, DWORD flags);
HRESULT ddraw_restore_display_mode(struct ddraw *ddraw);
HRESULT ddraw_set_cooperative_level(struct ddraw *ddraw, HWND window, DWORD flags);
HRESULT ddraw_get_gdi_surface(struct ddraw *ddraw, struct ddraw_surface **surface);
HRESULT ddraw_restore_all_surfaces(struct ddraw *ddraw);
HRESULT ddraw_get_available_vid_mem(struct ddraw *ddraw, DWORD caps, DWORD *total, DWORD *free_mem);
HRESULT ddraw_wait_for_vertical_blank(struct ddraw *ddraw, DWORD flags, HANDLE event);
void ddraw_fill_identifier(DDDEVICEIDENTIFIER2 *id);

/* ddraw_thunks.c */
void ddraw_init_thunks(struct ddraw *ddraw);
/* Creates the core device on demand (needs a window on PE). */
HRESULT ddraw_init_wined3d(struct ddraw *ddraw);
/* Called when a surface goes away. */
void ddraw_surface_removed(struct ddraw *ddraw, struct ddraw_surface *surface);
/* Shows the primary (or a flipped-to buffer) in the window. */
HRESULT ddraw_present(struct ddraw *ddraw, struct ddraw_surface *src);
/* Where a present of the primary goes (ddraw_present_target), and a present
 * there from another surface holding the primary's pixels (ddraw_present_to). */
struct ddraw_present_target
{
    HWND window;
    struct wined3d_rect rect;   /* the part of the primary shown */
    BOOL whole;                 /* all of it (exclusive mode): shown as it is */
};
BOOL ddraw_present_target(struct ddraw *ddraw, struct ddraw_surface *primary, struct ddraw_present_target *target);
void ddraw_present_to(struct ddraw *ddraw, const struct ddraw_present_target *target,
        struct ddraw_surface *primary, struct ddraw_surface *src, LONG dx, LONG dy);
/* Sleeps to the next simulated 60 Hz refresh (or the n-th one). */
void ddraw_wait_for_refresh(unsigned int intervals);
/* Direct3D's FPU set-up on the calling thread, unless DDSCL_FPUPRESERVE:
 * x87 single precision, round to nearest, every exception masked. */
void ddraw_fpu_setup(struct ddraw *ddraw);
/* The exclusive-mode owner, if any. */
extern struct ddraw *ddraw_exclusive_owner;
/* surface_lost.c: surfaces lost to focus loss and display changes.  LOST
 * while the exclusive-mode window is in the background, NOT_RESTORED until
 * the next look marks every surface lost. */
enum ddraw_device_state
{
    DDRAW_DEVICE_OK,
    DDRAW_DEVICE_LOST,
    DDRAW_DEVICE_NOT_RESTORED,
};
void ddraw_lose_surfaces(struct ddraw *ddraw);
void ddraw_focus_changed(struct ddraw *ddraw, BOOL active);
void ddraw_exclusive_window_taken(struct ddraw *ddraw, HWND window);
void ddraw_update_lost_surfaces(struct ddraw *ddraw);
HRESULT ddraw_test_cooperative_level(struct ddraw *ddraw);

/* ---------------------------------------------------------------------- */
/* Palettes                                                                */

struct ddraw_palette
{
    IDirectDrawPalette IDirectDrawPalette_iface;
    LONG ref;
    DWORD flags;                    /* DDPCAPS_* */
    unsigned int entry_count;
    PALETTEENTRY entries[256];
    IUnknown *owner_iface;          /* the DirectDraw interface that created it (reference held) */
    struct wined3d_palette *wined3d_palette;
    struct ddraw *ddraw;
};

HRESULT ddraw_palette_create(struct ddraw *ddraw, DWORD flags, PALETTEENTRY *entries,
        IUnknown *owner_iface, struct ddraw_palette **palette);
struct ddraw_palette *ddraw_palette_from_iface(IDirectDrawPalette *iface);
/* The palette's entries as 0xAARRGGBB (alpha from peFlags with DDPCAPS_ALPHA). */
void ddraw_palette_get_argb(const struct ddraw_palette *palette, uint32_t *argb, unsigned int count);
/* surface.c: a palette goes while surfaces of DDRAW still point at it (the
 * program released their references too): they lose it, and GetPalette
 * answers DDERR_NOPALETTEATTACHED, as on Windows. */
void ddraw_surface_palette_destroyed(struct ddraw *ddraw, struct ddraw_palette *palette);

/* ---------------------------------------------------------------------- */
/* Clippers                                                                */

struct ddraw_clipper
{
    IDirectDrawClipper IDirectDrawClipper_iface;
    LONG ref;
    BOOL initialized;
    HWND window;
    RGNDATA *region;                /* the clip list, when no window */
};

HRESULT ddraw_clipper_create(DWORD flags, struct ddraw_clipper **clipper);
struct ddraw_clipper *ddraw_clipper_from_iface(IDirectDrawClipper *iface);
/* A surface's reference: released only while the clipper lives (a program
 * may have released it to nothing behind the surface's back). */
void ddraw_clipper_release(struct ddraw_clipper *clipper);
void ddraw_clipper_init(struct ddraw_clipper *clipper);
/* The clip rectangles in surface coordinates: DD_OK (count 0 = nothing
 * visible); S_FALSE if the whole destination is visible (the window is gone);
 * DDERR_NOCLIPLIST for a clipper with neither a window nor a clip list, which
 * a blit through it answers too.  screen: the screen's rectangle if the
 * caller knows it (the primary's bounds), or NULL to ask the system, which
 * costs Wine a display-cache check per question (0.2 ms). */
HRESULT ddraw_clipper_get_rects(struct ddraw_clipper *clipper, const RECT *screen, RECT **rects, unsigned int *count);

/* ---------------------------------------------------------------------- */
/* Surfaces                                                                */

struct ddraw_private_data
{
    struct ddraw_private_data *next;
    GUID tag;
    DWORD flags;
    DWORD size;
    union
    {
        void *data;
        IUnknown *object;
    } u;
};

struct d3d3_device;

struct ddraw_surface
{
    IDirectDrawSurface7 IDirectDrawSurface7_iface;
    IDirectDrawSurface4 IDirectDrawSurface4_iface;
    IDirectDrawSurface3 IDirectDrawSurface3_iface;
    IDirectDrawSurface2 IDirectDrawSurface2_iface;
    IDirectDrawSurface IDirectDrawSurface_iface;
    IDirectDrawGammaControl IDirectDrawGammaControl_iface;
    LONG ref7, ref4, ref3, ref2, ref1, gamma_ref, iface_count;
    unsigned int version;           /* the DirectDraw interface version that created it */

    struct ddraw *ddraw;            /* NULL once the DirectDraw object is gone */
    IUnknown *owner_iface;          /* v4/v7: the creating DirectDraw interface (reference held) */
    DDSURFACEDESC2 desc;            /* as GetSurfaceDesc reports it (lpSurface NULL) */
    enum wined3d_format_id format;

    /* Storage: the core texture and this surface's sub-resource in it.  The
     * root of a mip chain or cube owns the texture; its sub-levels share it. */
    struct wined3d_texture *texture;
    unsigned int sub_resource;
    BOOL owns_texture;
    /* DuplicateSurface: a ring of the surfaces sharing this texture (NULL
     * when alone); the last one to go destroys it. */
    struct ddraw_surface *share_next;
    void *client_memory;            /* SetSurfaceDesc memory: the application's */
    BYTE *sysmem;                   /* CPU copy for client-memory surfaces */

    /* Complex structures: the root owns its attached surfaces. */
    struct ddraw_surface *root;     /* self for a root */
    struct ddraw_surface *next_root;/* the DirectDraw object's list of roots */
    struct ddraw_surface *complex_next; /* implicit attachments of a root, in creation order */
    struct ddraw_surface *attached[16]; /* surfaces attached to this one (GetAttachedSurface) */
    unsigned int attached_count;
    struct ddraw_surface *attached_to;  /* explicitly attached (AddAttachedSurface) to */
    unsigned int attach_version;    /* the interface version it was attached through (reference held there) */
    BOOL implicit;                  /* created as part of a complex structure */

    struct ddraw_palette *palette;  /* reference held */
    struct ddraw_clipper *clipper;  /* reference held */
    DDCOLORKEY src_blt_key, dst_blt_key, src_overlay_key, dst_overlay_key;

    LONG lock_count;
    RECT lock_rect;
    BOOL dc_in_use;
    /* From the first GetDC on, the DIB section's memory is the surface's CPU
     * storage (client_memory points at it): GDI, Lock and the core share it. */
    BOOL dib_backed;
    /* A first GetDC while the core's memory is locked: the DIB holds a copy,
     * written into the lock's memory (lock_base) at ReleaseDC or Unlock. */
    BOOL dc_over_lock;
    BYTE *lock_base;                /* the core's memory of the whole surface while locked */
    DWORD lock_pitch;
#ifdef _WIN32
    HDC dc;
    HBITMAP dib;
    HGDIOBJ old_bitmap;
    void *dib_bits;
    DWORD dib_pitch;                /* the bytes between the DIB's rows */
#endif
    struct ddraw_private_data *private_data;
    DWORD uniqueness;
    DWORD priority, lod;
    BOOL lost;
    /* A flippable primary: the texture it had before its first Flip, the
     * memory GDI shows (GetGDISurface, FlipToGDISurface); only compared. */
    struct wined3d_texture *gdi_texture;
    /* Direct3D 1-3: the surface as a texture (texture2.c) and its handle. */
    IDirect3DTexture2 IDirect3DTexture2_iface;
    IDirect3DTexture IDirect3DTexture_iface;
    DWORD texture_handle;
    /* Direct3D 1: the device QueryInterface(IID_IDirect3DHALDevice or
     * IID_IDirect3DRGBDevice) made; part of the surface (device1.c). */
    struct d3d3_device *device1;
};

HRESULT ddraw_surface_create(struct ddraw *ddraw, DDSURFACEDESC2 *desc, unsigned int version,
        IUnknown *owner_iface, struct ddraw_surface **surface);
/* IDirectDrawSurface7's methods (surface.c). */
extern IDirectDrawSurface7Vtbl ddraw_surface7_vtbl;
struct ddraw_surface *ddraw_surface_from_iface7(IDirectDrawSurface7 *iface);
/* From an interface of any version; *version says which. NULL: not ours. */
struct ddraw_surface *ddraw_surface_from_any_iface(void *iface, unsigned int *version);
struct ddraw_surface *ddraw_surface_from_iface4(IDirectDrawSurface4 *iface);
struct ddraw_surface *ddraw_surface_from_iface3(IDirectDrawSurface3 *iface);
struct ddraw_surface *ddraw_surface_from_iface2(IDirectDrawSurface2 *iface);
struct ddraw_surface *ddraw_surface_from_iface1(IDirectDrawSurface *iface);
/* DuplicateSurface: a new surface sharing src's memory. */
HRESULT ddraw_surface_duplicate(struct ddraw *ddraw, struct ddraw_surface *src, unsigned int version,
        IUnknown *owner_iface, struct ddraw_surface **out);
/* The DirectDraw object is going away: detach every surface from it. */
void ddraw_surface_orphan(struct ddraw_surface *surface);
/* The interface of a surface for a DirectDraw interface version (1, 2, 3, 4, 7). */
IUnknown *ddraw_surface_get_iface(struct ddraw_surface *surface, unsigned int version);
/* The bytes a surface's rows are padded to (4 or 8), from its caps. */
unsigned int ddraw_surface_row_alignment(const DDSCAPS2 *caps);
/* AddRef on the interface of a version. */
void ddraw_surface_addref_version(struct ddraw_surface *surface, unsigned int version);

/* Set up the interfaces of a new surface object other than
 * IDirectDrawSurface7: versions 4, 3, 2, 1 (surface_thunks.c) and
 * IDirectDrawGammaControl (surface_gamma.c). */
void ddraw_surface_init_thunks(struct ddraw_surface *surface);
void ddraw_surface_init_gamma(struct ddraw_surface *surface);
/* What surface.c and surface_dc.c (GetDC, ReleaseDC) share. */
HRESULT ddraw_surface_check_usable(struct ddraw_surface *surface);
BOOL ddraw_surface_is_primary_chain(const struct ddraw_surface *surface);
/* The surface's contents changed: a new uniqueness value. */
void ddraw_surface_changed(struct ddraw_surface *surface);
/* If the surface is what the screen shows (the primary, or the front buffer
 * of its flip chain), present it. */
void ddraw_surface_show(struct ddraw_surface *surface);
/* Client memory surfaces: copies the core's picture into the application's memory. */
void ddraw_surface_sync_client(struct ddraw_surface *surface);
/* Frees the DC and DIB section, if any. */
void ddraw_surface_free_dc(struct ddraw_surface *surface);
/* A DC taken over a lock: what GDI drew so far goes into the lock's memory. */
void ddraw_surface_dc_to_lock(struct ddraw_surface *surface);
/* What surface.c and surface_blt.c (Blt, BltFast) share. */
/* Whether a rectangle lies in the surface and is not empty. */
static inline BOOL surface_rect_valid(const struct ddraw_surface *surface, const RECT *rect)
{
    return rect->left >= 0 && rect->top >= 0 && rect->left < rect->right && rect->top < rect->bottom
            && rect->right <= (LONG)surface->desc.dwWidth && rect->bottom <= (LONG)surface->desc.dwHeight;
}
/* The whole surface as a rectangle. */
static inline void surface_whole_rect(const struct ddraw_surface *surface, RECT *rect)
{
    rect->left = rect->top = 0;
    rect->right = surface->desc.dwWidth;
    rect->bottom = surface->desc.dwHeight;
}
/* Converts a DirectDraw colour key to the core's, for the surface format. */
static inline struct wined3d_color_key surface_key(const DDCOLORKEY *key)
{
    struct wined3d_color_key k = {key->dwColorSpaceLowValue, key->dwColorSpaceHighValue};
    return k;
}
/* Puts the surface object's blit colour keys on its core texture. */
void ddraw_surface_set_core_keys(struct ddraw_surface *surface);
/* The methods shared by every surface interface version (surface*.c), for
 * the per-version adapters of surface_thunks.c and surface_gamma.c.  Lock
 * takes either description (dwSize says which); GetSurfaceDesc takes a
 * DDSURFACEDESC2 when desc2_only, else a DDSURFACEDESC.  A version argument
 * (1, 2, 3, 4, 7; 0 for the gamma interface) picks the interface and the
 * reference count used. */
ULONG ddraw_surface_addref(struct ddraw_surface *surface, unsigned int version);
ULONG ddraw_surface_release(struct ddraw_surface *surface, unsigned int version);
HRESULT ddraw_surface_query_interface(struct ddraw_surface *surface, REFIID riid, void **out);
HRESULT ddraw_surface_lock(struct ddraw_surface *surface, RECT *rect, void *desc_ptr, DWORD flags);
HRESULT ddraw_surface_unlock(struct ddraw_surface *surface);
HRESULT ddraw_surface_blt(struct ddraw_surface *dst, RECT *dst_rect, struct ddraw_surface *src,
        RECT *src_rect, DWORD flags, DDBLTFX *fx);
/* Blt through the IDirectDrawSurface interface of a version (1-4, 7): the
 * older ones take DDBLT_KEYDEST's key from the source. */
HRESULT ddraw_surface_blt_version(struct ddraw_surface *dst, RECT *dst_rect, struct ddraw_surface *src,
        RECT *src_rect, DWORD flags, DDBLTFX *fx, unsigned int version);
HRESULT ddraw_surface_blt_fast(struct ddraw_surface *dst, DWORD x, DWORD y, struct ddraw_surface *src,
        RECT *src_rect, DWORD trans);
HRESULT ddraw_surface_get_attached(struct ddraw_surface *surface, const DDSCAPS2 *caps, unsigned int version,
        struct ddraw_surface **out);
/* The attachment is an interface of any version (the method's own is version). */
HRESULT ddraw_surface_add_attached(struct ddraw_surface *surface, unsigned int version, void *attachment);
HRESULT ddraw_surface_delete_attached(struct ddraw_surface *surface, DWORD flags, void *attachment);
HRESULT ddraw_surface_enum_attached(struct ddraw_surface *surface, unsigned int version, void *context,
        void *callback);
HRESULT ddraw_surface_flip(struct ddraw_surface *front, struct ddraw_surface *target, DWORD flags);
HRESULT ddraw_surface_get_color_key(struct ddraw_surface *surface, DWORD flags, DDCOLORKEY *key);
HRESULT ddraw_surface_set_color_key(struct ddraw_surface *surface, DWORD flags, DDCOLORKEY *key);
HRESULT ddraw_surface_set_palette(struct ddraw_surface *surface, IDirectDrawPalette *palette_iface);
HRESULT ddraw_surface_get_palette(struct ddraw_surface *surface, IDirectDrawPalette **out);
HRESULT ddraw_surface_set_clipper(struct ddraw_surface *surface, IDirectDrawClipper *clipper_iface);
HRESULT ddraw_surface_get_clipper(struct ddraw_surface *surface, IDirectDrawClipper **out);
HRESULT ddraw_surface_get_surface_desc(struct ddraw_surface *surface, void *desc_ptr, BOOL desc2_only);
HRESULT ddraw_surface_set_surface_desc(struct ddraw_surface *surface, DDSURFACEDESC2 *desc, DWORD flags);
HRESULT ddraw_surface_get_dc(struct ddraw_surface *surface, HDC *dc);
HRESULT ddraw_surface_release_dc(struct ddraw_surface *surface, HDC dc);
HRESULT ddraw_surface_get_dd_interface(struct ddraw_surface *surface, void **out);
HRESULT ddraw_surface_free_private_data(struct ddraw_surface *surface, REFGUID tag);
HRESULT ddraw_surface_set_private_data(struct ddraw_surface *surface, REFGUID tag, void *data_ptr,
        DWORD size, DWORD flags);
HRESULT ddraw_surface_get_private_data(struct ddraw_surface *surface, REFGUID tag, void *out, DWORD *size);
HRESULT ddraw_surface_get_caps(struct ddraw_surface *surface, DDSCAPS2 *caps);
HRESULT ddraw_surface_get_pixel_format(struct ddraw_surface *surface, DDPIXELFORMAT *format);
HRESULT ddraw_surface_get_blt_status(struct ddraw_surface *surface, DWORD flags);
HRESULT ddraw_surface_get_flip_status(struct ddraw_surface *surface, DWORD flags);
HRESULT ddraw_surface_is_lost(struct ddraw_surface *surface);
/* Whether the surface is lost now (lock held; surface_lost.c). */
BOOL ddraw_surface_lost(const struct ddraw_surface *surface);
HRESULT ddraw_surface_restore(struct ddraw_surface *surface);
HRESULT ddraw_surface_page_lock(struct ddraw_surface *surface, DWORD flags);
HRESULT ddraw_surface_get_uniqueness_value(struct ddraw_surface *surface, DWORD *value);
HRESULT ddraw_surface_change_uniqueness_value(struct ddraw_surface *surface);

/* ---------------------------------------------------------------------- */
/* The Direct3D 7 layer (device.c, direct3d.c, vertexbuffer.c).             */

/* IDirectDraw7::QueryInterface of IID_IDirect3D7 (and the older IDirect3D
 * IIDs) lands here.  Returns E_NOINTERFACE when the Direct3D layer is not
 * built in. */
HRESULT ddraw_d3d_query_interface(struct ddraw *ddraw, REFIID riid, void **out);
/* The DirectDraw object is being destroyed. */
void ddraw_d3d_destroy(struct ddraw *ddraw);
/* IDirectDrawSurface*::QueryInterface of IID_IDirect3DTexture2 and
 * IID_IDirect3DTexture (texture2.c). */
HRESULT ddraw_d3d_texture_query_interface(struct ddraw_surface *surface, REFIID riid, void **out);
/* IDirectDrawSurface*::QueryInterface of IID_IDirect3DHALDevice and
 * IID_IDirect3DRGBDevice: the surface's Direct3D 1 device (device1.c). */
HRESULT ddraw_d3d_device1_query_interface(struct ddraw_surface *surface, REFIID riid, void **out);
/* A surface is being freed: its texture handle and Direct3D 1 device go with it. */
void ddraw_d3d_surface_freed(struct ddraw_surface *surface);
/* A z-buffer was attached to or detached from the surface: devices drawing
 * to it take the one it has now (device.c). */
void ddraw_d3d_attachments_changed(struct ddraw_surface *surface);

#endif /* DX7GL_DDRAW_PRIVATE_H */

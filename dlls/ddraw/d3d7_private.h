/*
 * Direct3D 7 on the wined3d-lite core: IDirect3D7, IDirect3DDevice7 and
 * IDirect3DVertexBuffer7.
 *
 * This header belongs to the Direct3D 7 layer.  It includes the DirectDraw
 * private header (the DirectDraw object and its surfaces); the DirectDraw
 * side reaches this layer only through the functions declared there.
 *
 * Every Set* of the device goes to the core's state tracking
 * (wined3d_device_set_*); nothing here calls GL.
 */
#ifndef DX7GL_D3D7_PRIVATE_H
#define DX7GL_D3D7_PRIVATE_H

#include "ddraw_private.h"
#include "d3d.h"
#include "wined3d-lite/wined3d.h"

#define D3D7_MAX_TEXTURES 8
#define D3D7_MAX_CLIP_PLANES 6

/* ---------------------------------------------------------------------- */
/* What this layer needs from the DirectDraw side, in one place.           */

/* The core device of a DirectDraw object (created on demand), or NULL. */
struct wined3d_device *d3d7_ddraw_get_wined3d_device(struct ddraw *ddraw);
/* The DirectDraw object's IDirectDraw7 interface (no reference taken). */
IDirectDraw7 *d3d7_ddraw_get_iface(struct ddraw *ddraw);
/* A surface of ours behind an IDirectDrawSurface7, or NULL. */
struct ddraw_surface *d3d7_surface_from_iface(IDirectDrawSurface7 *iface);
/* The surface's core texture and sub-resource (NULL when it has none).
 * Inline, as the three below: SetTexture asks them on every call. */
static inline struct wined3d_texture *d3d7_surface_get_texture(struct ddraw_surface *surface,
        unsigned int *sub_resource)
{
    if (sub_resource)
        *sub_resource = surface->sub_resource;
    return surface->texture;
}
/* The surface's description as the application would get it. */
static inline const DDSURFACEDESC2 *d3d7_surface_get_desc(struct ddraw_surface *surface)
{
    return &surface->desc;
}
/* The surface's interface. */
static inline IDirectDrawSurface7 *d3d7_surface_get_iface(struct ddraw_surface *surface)
{
    return &surface->IDirectDrawSurface7_iface;
}
/* The surface behind an IDirectDrawSurface7 this layer holds (no check). */
static inline struct ddraw_surface *d3d7_surface_impl(IDirectDrawSurface7 *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_surface, IDirectDrawSurface7_iface);
}
/* The same for an interface of any version passed as an IDirectDrawSurface7;
 * inline for an IDirectDrawSurface7 (SetTexture's every call), surface.c
 * tries the older versions. */
struct ddraw_surface *d3d7_surface_from_older_iface(IDirectDrawSurface7 *iface);
static inline struct ddraw_surface *d3d7_surface_from_any_iface(IDirectDrawSurface7 *iface)
{
    if (iface && iface->lpVtbl == &ddraw_surface7_vtbl)
        return d3d7_surface_impl(iface);
    return d3d7_surface_from_older_iface(iface);
}
/* A reference on the surface's IDirectDrawSurface7, taken and dropped as its
 * AddRef and Release do, by a caller that holds the ddraw lock already.
 * Inline where only the count changes: not its first reference, or not its
 * last (surface.c does the rest). */
void d3d7_surface_addref_locked(struct ddraw_surface *surface);
void d3d7_surface_release_locked(struct ddraw_surface *surface);
static inline void d3d7_surface_addref(struct ddraw_surface *surface)
{
    if (surface->ref7 > 0) ++surface->ref7;
    else d3d7_surface_addref_locked(surface);
}
static inline void d3d7_surface_release(struct ddraw_surface *surface)
{
    if (surface->ref7 > 1) --surface->ref7;
    else d3d7_surface_release_locked(surface);
}

/* ---------------------------------------------------------------------- */
/* IDirect3D7                                                              */

struct d3d7
{
    IDirect3D7 IDirect3D7_iface;
    struct ddraw *ddraw;
    /* The devices made from it (no references).  They share the DirectDraw
     * object's core device: the active one's state is the core's, the
     * others keep theirs in a saved state block until they are used. */
    struct d3d7_device *devices;
    struct d3d7_device *active;
    struct wined3d_stateblock *defaults;    /* the core's state before any device */
    /* The DirectX 5 and 6 interfaces of the same object (direct3d3.c) and
     * the material and texture handles they hand out. */
    IDirect3D3 IDirect3D3_iface;
    IDirect3D2 IDirect3D2_iface;
    IDirect3D IDirect3D_iface;          /* DirectX 3 (direct3d1.c) */
    struct d3d_handle *handles;
    unsigned int handle_count;
};

HRESULT d3d7_create(struct ddraw *ddraw, struct d3d7 **d3d);
void d3d7_destroy(struct d3d7 *d3d);
struct d3d7 *d3d7_from_iface(IDirect3D7 *iface);

/* The three devices Direct3D 7 enumerates. */
enum d3d7_device_kind
{
    D3D7_DEVICE_RGB = 0,
    D3D7_DEVICE_HAL = 1,
    D3D7_DEVICE_TNLHAL = 2,
};
/* Fills desc with the capabilities of a device kind, from the core's caps. */
void d3d7_fill_device_desc(struct wined3d_device *wined3d_device, enum d3d7_device_kind kind, D3DDEVICEDESC7 *desc);
BOOL d3d7_device_kind_from_guid(const GUID *guid, enum d3d7_device_kind *kind);

/* ---------------------------------------------------------------------- */
/* IDirect3DDevice7                                                        */

struct d3d7_stateblock_entry
{
    struct wined3d_stateblock *stateblock;  /* NULL: free slot */
    /* Textures the block holds, with references, so that applying the
     * block can keep the device's reference counting right. */
    uint32_t texture_mask;
    IDirectDrawSurface7 *textures[D3D7_MAX_TEXTURES];
};

struct d3d7_device
{
    IDirect3DDevice7 IDirect3DDevice7_iface;
    LONG refcount;
    struct d3d7 *d3d;
    struct d3d7_device *next;           /* in d3d->devices */
    struct wined3d_stateblock *saved;   /* this device's state while another is active */
    struct ddraw *ddraw;
    struct wined3d_device *wined3d_device;
    /* The core's state, read by the draws without a call (it stays where
     * it is while the core device lives). */
    const struct wined3d_state *core_state;
    enum d3d7_device_kind kind;
    GUID guid;

    IDirectDrawSurface7 *target;        /* reference held */
    /* A target the core cannot render to (a system memory surface, which an
     * RGB device may use) is drawn through a core render target and copied
     * back at EndScene and after clears. */
    struct wined3d_texture *shadow;
    struct wined3d_texture *shadow_of;
    unsigned int shadow_of_sub;
    BOOL shadow_dirty;
    IDirectDrawSurface7 *depth;         /* the target's z-buffer when it was set; reference held */
    /* What bind_target found bound last: the target and z-buffer, their
     * surfaces' core textures and the core's target serial after binding.
     * A draw that finds them all unchanged binds nothing (the usual case:
     * flips, SetRenderTarget and a surface's new storage change one). */
    BOOL bound_valid;
    IDirectDrawSurface7 *bound_target, *bound_depth;
    struct ddraw_surface *bound_rt, *bound_ds;  /* theirs (references held through them) */
    struct wined3d_texture *bound_rt_texture, *bound_ds_texture;
    unsigned int bound_rt_sub, bound_ds_sub;
    uint32_t bound_serial;
    IDirectDrawSurface7 *textures[D3D7_MAX_TEXTURES]; /* references held */
    /* A system memory texture, which an RGB device samples, is drawn
     * through a core copy of it, refreshed before each draw. */
    struct wined3d_texture *texture_shadows[D3D7_MAX_TEXTURES];
    uint32_t texture_shadow_mask;       /* stages whose core texture is their shadow */
    struct wined3d_texture *black_texture;  /* sampled for surfaces without DDSCAPS_TEXTURE */
    BOOL sample_plain_surfaces;         /* a Direct3D 1-6 RGB device samples those surfaces */
    BOOL in_scene;

    /* Recording a state block: the textures set while recording. */
    uint32_t rec_texture_mask;
    IDirectDrawSurface7 *rec_textures[D3D7_MAX_TEXTURES];

    struct d3d7_stateblock_entry *stateblocks;  /* handle h is stateblocks[h - 1] */
    unsigned int stateblock_count;

    D3DCLIPSTATUS clip_status;

    /* The vertex format of the last draw, checked and decoded once: games
     * draw many times with one format, so a draw compares instead. */
    DWORD draw_fvf, draw_fvf_stride;

    /* Lights enabled beyond the core's eight: Direct3D 7 accepts any number
     * and lights with the first ones; these wait for a free slot. */
    DWORD *extra_lights;
    unsigned int extra_light_count, extra_light_capacity;
};

HRESULT d3d7_device_create(struct d3d7 *d3d, enum d3d7_device_kind kind, const GUID *guid,
        IDirectDrawSurface7 *target, struct d3d7_device **device);
struct d3d7_device *d3d7_device_from_iface(IDirect3DDevice7 *iface);
void d3d7_device_switch(struct d3d7_device *device);
/* Makes the device's state the core's (several devices share the core).
 * Mostly it is already: the test inline, as every method calls it (a draw
 * and its SetTransform twice). */
static inline void d3d7_device_activate(struct d3d7_device *device)
{
    if (device->d3d && device->d3d->active != device)
        d3d7_device_switch(device);
}

/* The device behind an interface known to be ours (no check: the vtable's
 * methods). */
static inline struct d3d7_device *impl_from_IDirect3DDevice7(IDirect3DDevice7 *iface)
{
    return (struct d3d7_device *)((char *)iface - offsetof(struct d3d7_device, IDirect3DDevice7_iface));
}

/* The Direct3D 7 result of a core call.  Success is tested first: GCC
 * would otherwise reach it after three compares of the switch's search. */
static inline HRESULT hr_from_wined3d(int32_t hr)
{
    if (__builtin_expect(hr == WINED3D_OK, 1)) return D3D_OK;
    switch (hr)
    {
        case WINED3DERR_INVALIDCALL: return DDERR_INVALIDPARAMS;
        case WINED3DERR_OUTOFMEMORY: return DDERR_OUTOFMEMORY;
        case WINED3DERR_OUTOFVIDEOMEMORY: return DDERR_OUTOFVIDEOMEMORY;
        case WINED3DERR_RECORDING: return D3DERR_INBEGINSTATEBLOCK;
        case WINED3DERR_NOTRECORDING: return D3DERR_NOTINBEGINSTATEBLOCK;
        default: return hr;
    }
}

/* What device.c, device_draw.c and device_stateblock.c share. */
/* d3d7_device_bind_target's work when the test below does not pass. */
void d3d7_device_rebind_target(struct d3d7_device *device);
/* Whether what bind_target would bind is bound already: the same target
 * and z-buffer with the same core textures, and the core's targets
 * unchanged since (its serial; it also changes when a texture is destroyed,
 * so a texture that comes back at the same address does not pass). */
static inline BOOL d3d7_device_target_still_bound(const struct d3d7_device *device)
{
    const struct ddraw_surface *rt = device->bound_rt, *ds = device->bound_ds;

    return device->bound_valid && device->target == device->bound_target && device->depth == device->bound_depth
            && wined3d_device_get_target_serial(device->wined3d_device) == device->bound_serial
            && rt->texture == device->bound_rt_texture && rt->sub_resource == device->bound_rt_sub
            && (!ds || (ds->texture == device->bound_ds_texture && ds->sub_resource == device->bound_ds_sub));
}
/* Binds the device's target and z-buffer in the core (device.c), after
 * bringing the stages' texture shadows up to date.  Mostly both are: the
 * tests inline, as every draw makes them. */
static inline void d3d7_device_bind_target(struct d3d7_device *device)
{
    if (device->texture_shadow_mask || !d3d7_device_target_still_bound(device))
        d3d7_device_rebind_target(device);
}
/* Writes what was drawn into a shadowed target back to its surface (device.c). */
void d3d7_device_sync_shadow(struct d3d7_device *device);
/* Drops a state block entry and its texture references (device_stateblock.c). */
void d3d7_stateblock_entry_release(struct d3d7_stateblock_entry *entry);
/* Drops the textures set while recording a state block (device_stateblock.c). */
void d3d7_device_release_recording(struct d3d7_device *device);
/* Methods of the vtable (device.c) implemented in device_draw.c. */
HRESULT STDMETHODCALLTYPE d3d7_device_DrawPrimitive(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags);
HRESULT STDMETHODCALLTYPE d3d7_device_DrawIndexedPrimitive(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
HRESULT STDMETHODCALLTYPE d3d7_device_DrawPrimitiveStrided(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count, DWORD flags);
HRESULT STDMETHODCALLTYPE d3d7_device_DrawIndexedPrimitiveStrided(IDirect3DDevice7 *iface,
        D3DPRIMITIVETYPE type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD vertex_count,
        WORD *indices, DWORD index_count, DWORD flags);
HRESULT STDMETHODCALLTYPE d3d7_device_DrawPrimitiveVB(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer7 *buffer, DWORD start_vertex, DWORD vertex_count, DWORD flags);
HRESULT STDMETHODCALLTYPE d3d7_device_DrawIndexedPrimitiveVB(IDirect3DDevice7 *iface, D3DPRIMITIVETYPE type,
        IDirect3DVertexBuffer7 *buffer, DWORD start_vertex, DWORD vertex_count, WORD *indices,
        DWORD index_count, DWORD flags);
/* Methods of the vtable (device.c) implemented in device_stateblock.c. */
HRESULT STDMETHODCALLTYPE d3d7_device_BeginStateBlock(IDirect3DDevice7 *iface);
HRESULT STDMETHODCALLTYPE d3d7_device_EndStateBlock(IDirect3DDevice7 *iface, DWORD *handle);
HRESULT STDMETHODCALLTYPE d3d7_device_ApplyStateBlock(IDirect3DDevice7 *iface, DWORD handle);
HRESULT STDMETHODCALLTYPE d3d7_device_CaptureStateBlock(IDirect3DDevice7 *iface, DWORD handle);
HRESULT STDMETHODCALLTYPE d3d7_device_DeleteStateBlock(IDirect3DDevice7 *iface, DWORD handle);
HRESULT STDMETHODCALLTYPE d3d7_device_CreateStateBlock(IDirect3DDevice7 *iface, D3DSTATEBLOCKTYPE type,
        DWORD *handle);

/* ---------------------------------------------------------------------- */
/* IDirect3DVertexBuffer7                                                  */

struct d3d7_vertex_buffer
{
    IDirect3DVertexBuffer7 IDirect3DVertexBuffer7_iface;
    LONG refcount;
    struct d3d7 *d3d;
    IDirectDraw7 *ddraw_iface;          /* reference held, as Direct3D 7 does */
    struct wined3d_device *wined3d_device;
    struct wined3d_buffer *wined3d_buffer;  /* video memory buffers */
    BYTE *data;                         /* the vertices (system memory copy, always valid) */
    DWORD caps, fvf, vertex_count, stride, size;
    LONG lock_count;
    BOOL optimized;
    BOOL dirty;                         /* CPU copy newer than the core buffer */
    BOOL have_extents;
    D3DVECTOR extent_min, extent_max;   /* written by D3DVOP_EXTENTS */
    DWORD *clip_codes;                  /* D3DVOP_CLIP results per vertex (transformed buffers) */
    BOOL legacy;                        /* made for an IDirect3DVertexBuffer (Direct3D 6) */
};

HRESULT d3d7_vertex_buffer_create(struct d3d7 *d3d, const D3DVERTEXBUFFERDESC *desc, DWORD flags,
        struct d3d7_vertex_buffer **buffer);
struct d3d7_vertex_buffer *d3d7_vertex_buffer_from_iface(IDirect3DVertexBuffer7 *iface);
/* The core buffer to draw from, uploaded if the CPU copy changed; NULL for
 * system memory buffers, which draw from user memory. */
struct wined3d_buffer *d3d7_vertex_buffer_prepare_draw(struct d3d7_vertex_buffer *buffer);

/* ---------------------------------------------------------------------- */
/* The CPU vertex pipeline (vertexbuffer.c), pure and testable.             */

struct d3d7_vp_state
{
    struct wined3d_matrix world, view, projection;
    struct wined3d_viewport viewport;
    BOOL lighting, specular_enable, local_viewer, normalize_normals, color_vertex;
    BOOL legacy_lighting;                /* WINED3D_RS_LEGACYLIGHTING */
    uint32_t fog_mode;                   /* FOGVERTEXMODE with FOGENABLE, else D3DFOG_NONE */
    BOOL range_fog;
    float fog_start, fog_end, fog_density;
    uint32_t ambient;                    /* ARGB */
    uint32_t diffuse_source, specular_source, ambient_source, emissive_source;
    struct wined3d_material material;
    unsigned int light_count;
    struct wined3d_light lights[WINED3D_MAX_ACTIVE_LIGHTS];
    uint32_t clip_plane_enable;
    float clip_planes[D3D7_MAX_CLIP_PLANES][4];
};

/* Direct3D clip codes. */
#define D3D7_CLIP_LEFT   0x001
#define D3D7_CLIP_RIGHT  0x002
#define D3D7_CLIP_TOP    0x004
#define D3D7_CLIP_BOTTOM 0x008
#define D3D7_CLIP_FRONT  0x010
#define D3D7_CLIP_BACK   0x020

/* Internal op: D3DPV_DONOTCOPYDATA, leave the destination's colours (when
 * not lighting) and texture coordinates as they are. */
#define D3D7_VOP_DONOTCOPYDATA 0x40000000

/* Transforms (and optionally lights and clips) count vertices described by
 * the strided source into the destination (any FVF with XYZRHW position).
 * clip_codes (may be NULL) receives the D3DCLIP_* flags of each vertex;
 * extents (may be NULL) grows with the screen positions written.  Returns
 * the union of the clip codes.  Ops are D3DVOP_* flags. */
DWORD d3d7_process_vertices_cpu(const struct d3d7_vp_state *state, DWORD ops,
        DWORD src_fvf, const struct wined3d_strided_data *src, unsigned int count,
        DWORD dst_fvf, BYTE *dst, DWORD dst_stride, DWORD *clip_codes, D3DRECT *extents);
/* Grows the clip status extents by the rectangle (the first sets them). */
void d3d7_clip_status_add_extents(D3DCLIPSTATUS *cs, const D3DRECT *e);
/* A screen coordinate as a LONG extent: clamped to LONG's range (NaN: FALSE). */
BOOL d3d7_extent_from_float(float f, LONG *out);
/* The matrix product a * b (row vectors: first a, then b). */
void d3d7_multiply_matrix(struct wined3d_matrix *out, const struct wined3d_matrix *a, const struct wined3d_matrix *b);
/* Builds a strided description of count vertices laid out as fvf in memory. */
void d3d7_strided_from_fvf(struct wined3d_strided_data *strided, DWORD fvf, const BYTE *data, DWORD stride);
/* Collects the device's state for the CPU pipeline. */
void d3d7_vp_state_from_device(struct d3d7_vp_state *vp, struct wined3d_device *device);

/* Bytes per vertex of an FVF (0 when invalid). */
DWORD d3d7_fvf_stride(DWORD fvf);
/* Whether an FVF is one Direct3D 7 accepts for drawing. */
BOOL d3d7_fvf_is_valid(DWORD fvf);

/* ---------------------------------------------------------------------- */
/* The DirectX 5 and 6 interfaces, thunks onto the objects above:          */
/* direct3d3.c (IDirect3D3, IDirect3D2), device3.c (IDirect3DDevice3),     */
/* device2.c (IDirect3DDevice2), viewport.c, material.c, light.c,          */
/* texture2.c (IDirect3DTexture2 of a surface), vertexbuffer1.c.           */

/* Material and texture handles: an index + 1 into the d3d7's table. */
enum d3d_handle_type
{
    D3D_HANDLE_FREE = 0,
    D3D_HANDLE_MATERIAL,
    D3D_HANDLE_TEXTURE,
};

struct d3d_handle
{
    enum d3d_handle_type type;
    void *object;
};

DWORD d3d_handle_alloc(struct d3d7 *d3d, enum d3d_handle_type type, void *object);
void *d3d_handle_get(struct d3d7 *d3d, DWORD handle, enum d3d_handle_type type);
void d3d_handle_free(struct d3d7 *d3d, DWORD handle);
/* The Direct3D object is going away: objects holding handles forget them. */
void d3d_handles_destroy(struct d3d7 *d3d);

struct d3d_viewport;
struct d3d_material;

/* Sets up IDirect3D3, IDirect3D2 and IDirect3D on the object (direct3d3.c). */
void d3d3_init(struct d3d7 *d3d);
extern const IDirect3DVtbl d3d1_vtbl;
/* What IDirect3D shares with the later versions (direct3d3.c). */
HRESULT d3d3_enum_devices(struct d3d7 *d3d, LPD3DENUMDEVICESCALLBACK callback, void *context);
HRESULT d3d3_find_device(struct d3d7 *d3d, D3DFINDDEVICESEARCH *search, D3DFINDDEVICERESULT *result,
        const GUID * const *guids, unsigned int guid_count, DWORD desc_size);
/* The device description of Direct3D 1-3 for a device kind. */
void d3d3_fill_device_desc(struct wined3d_device *wined3d_device, enum d3d7_device_kind kind,
        D3DDEVICEDESC *hal, D3DDEVICEDESC *hel);
/* Whether dwSize is that of the DirectX 3, 5 or 6 D3DDEVICEDESC. */
BOOL d3d3_device_desc_size_valid(const D3DDEVICEDESC *desc);
/* Copies a D3DDEVICEDESC into one of the caller's size (dwSize), FALSE if the size is not one of the three. */
BOOL d3d3_copy_device_desc(D3DDEVICEDESC *dst, const D3DDEVICEDESC *src);

struct d3d_execute_buffer;

/* IDirect3DDevice3, IDirect3DDevice2 and IDirect3DDevice: one object over
 * an IDirect3DDevice7. */
struct d3d3_device
{
    IDirect3DDevice3 IDirect3DDevice3_iface;
    IDirect3DDevice2 IDirect3DDevice2_iface;
    IDirect3DDevice IDirect3DDevice_iface;  /* version 1 (device1.c) */
    LONG refcount;
    unsigned int version;               /* 3, 2 or 1: the interface it was created as */
    IDirect3DDevice7 *device7;          /* reference held */
    struct ddraw_surface *target;
    IUnknown *target_iface;             /* the target's interface of that version; reference held */

    struct d3d_viewport *viewports;     /* added viewports (references held), in order */
    struct d3d_viewport *current;       /* reference held */

    DWORD material;                     /* D3DLIGHTSTATE_MATERIAL */
    struct d3d_material *applied_material;
    DWORD applied_serial;
    DWORD texture_handle;               /* D3DRENDERSTATE_TEXTUREHANDLE */
    DWORD texture_map_blend;            /* D3DRENDERSTATE_TEXTUREMAPBLEND */
    BOOL legacy_blend;                  /* TEXTUREMAPBLEND was set: stage 0 follows it */
    /* Direct3D 1-3 viewports carry a clip volume: the projection the core
     * gets is the application's times the viewport's clip-space matrix. */
    D3DMATRIX legacy_projection, legacy_clipspace;

    /* Begin/Vertex/End */
    BOOL in_begin;
    D3DPRIMITIVETYPE begin_type;
    DWORD begin_fvf, begin_flags, begin_stride;
    BYTE *begin_vertices;
    DWORD begin_count, begin_capacity;
    /* BeginIndexed/Index/End */
    BYTE *begin_indexed_vertices;
    DWORD begin_indexed_vertex_count;
    WORD *begin_indices;
    DWORD begin_index_count, begin_index_capacity;

    /* Version 1: part of its surface, whose count it shares (device1.c). */
    struct ddraw_surface *owner;
    /* Matrix handles: handle h is matrices[h - 1] (NULL: free); the ones
     * STATETRANSFORM bound follow SetMatrix, MATRIXLOAD and MATRIXMULTIPLY. */
    D3DMATRIX **matrices;
    DWORD matrix_count;
    D3DMATRIXHANDLE bound_matrices[3];  /* world, view, projection */
    D3DPICKRECORD *pick_records;
    DWORD pick_count;
};

HRESULT d3d3_device_create(struct d3d7 *d3d, const GUID *guid, struct ddraw_surface *target,
        unsigned int version, struct d3d3_device **device);
struct d3d3_device *d3d3_device_from_iface3(IDirect3DDevice3 *iface);
struct d3d3_device *d3d3_device_from_iface2(IDirect3DDevice2 *iface);
/* The device's Direct3D object (NULL once the DirectDraw object is gone). */
struct d3d7 *d3d3_device_get_d3d(struct d3d3_device *device);
/* A viewport leaves the device's list (viewport.c calls this). */
void d3d3_device_viewport_gone(struct d3d3_device *device, struct d3d_viewport *viewport);
/* Methods shared by the version 2 and 3 interfaces (device3.c). */
HRESULT d3d3_device_add_viewport(struct d3d3_device *device, struct d3d_viewport *viewport);
HRESULT d3d3_device_delete_viewport(struct d3d3_device *device, struct d3d_viewport *viewport);
HRESULT d3d3_device_next_viewport(struct d3d3_device *device, struct d3d_viewport *viewport,
        struct d3d_viewport **next, DWORD flags);
HRESULT d3d3_device_set_current_viewport(struct d3d3_device *device, struct d3d_viewport *viewport);
HRESULT d3d3_device_begin(struct d3d3_device *device, D3DPRIMITIVETYPE type, DWORD fvf, DWORD flags);
HRESULT d3d3_device_begin_indexed(struct d3d3_device *device, D3DPRIMITIVETYPE type, DWORD fvf,
        void *vertices, DWORD vertex_count, DWORD flags);
/* SetRenderTarget keeping the target's interface of a DirectDraw version (4 or 1). */
HRESULT d3d3_device_set_render_target(struct d3d3_device *device, struct ddraw_surface *surface,
        unsigned int version, DWORD flags);
/* The current viewport's clip volume as a matrix after the projection. */
void d3d3_device_set_clipspace(struct d3d3_device *device, const D3DMATRIX *clipspace);
/* Makes the material of D3DLIGHTSTATE_MATERIAL (changed or not) the Direct3D 7
 * device's; FALSE when there is none. */
BOOL d3d3_device_apply_material(struct d3d3_device *device);
/* Before a draw: lighting as Direct3D 1-3 decide it, and the current material. */
void d3d3_device_prepare_draw(struct d3d3_device *device, DWORD fvf, DWORD flags);
/* The flexible vertex format of a Direct3D 5 vertex type (0 if invalid). */
DWORD d3d2_fvf_from_vertex_type(D3DVERTEXTYPE type);
extern const IDirect3DDevice2Vtbl d3d2_device_vtbl;
extern const IDirect3DDeviceVtbl d3d1_device_vtbl;
/* The version 1 device behind an interface of ours (NULL for others). */
struct d3d3_device *d3d1_device_from_iface(IDirect3DDevice *iface);
/* Version 1: the matrix of a handle (NULL when not a live handle). */
D3DMATRIX *d3d1_device_get_matrix(struct d3d3_device *device, D3DMATRIXHANDLE handle);
/* Version 1: a matrix changed; the transforms it is bound to follow it. */
void d3d1_device_matrix_changed(struct d3d3_device *device, D3DMATRIXHANDLE handle);
/* Version 1: STATETRANSFORM, a transform bound to a matrix handle. */
HRESULT d3d1_device_bind_matrix(struct d3d3_device *device, D3DTRANSFORMSTATETYPE state, D3DMATRIXHANDLE handle);
/* Version 1: the surface is going away and its device with it. */
void d3d1_device_destroy(struct d3d3_device *device);

/* IDirect3DExecuteBuffer (executebuffer.c) */
struct d3d_execute_buffer
{
    IDirect3DExecuteBuffer IDirect3DExecuteBuffer_iface;
    LONG refcount;
    D3DEXECUTEBUFFERDESC desc;          /* lpData: ours or the application's memory */
    BOOL own_data, locked;
    D3DEXECUTEDATA data;
    D3DTLVERTEX *tl;                    /* the processed vertices (dwVertexCount of them) */
    DWORD tl_count;
};

HRESULT d3d_execute_buffer_create(struct d3d3_device *device, const D3DEXECUTEBUFFERDESC *desc,
        struct d3d_execute_buffer **buffer);
struct d3d_execute_buffer *d3d_execute_buffer_from_iface(IDirect3DExecuteBuffer *iface);

/* The execute buffer interpreter (execute.c): runs the instructions on the
 * device.  With picking, nothing is drawn and the triangles covering the
 * point (x, y) are recorded instead. */
struct d3d_execute_pick
{
    LONG x, y;
    D3DPICKRECORD *records;
    DWORD count, capacity;
};
HRESULT d3d_execute_buffer_run(struct d3d_execute_buffer *buffer, struct d3d3_device *device,
        struct d3d_execute_pick *pick);
/* Checks the instructions without running them; *error_offset is where a
 * bad one starts. */
HRESULT d3d_execute_buffer_validate(struct d3d_execute_buffer *buffer, DWORD *error_offset);

/* IDirect3DViewport, 2 and 3: one interface (each version extends the last). */
struct d3d_viewport
{
    IDirect3DViewport3 IDirect3DViewport3_iface;
    LONG refcount;
    struct d3d3_device *device;         /* the device it was added to (no reference) */
    struct d3d_viewport *next;          /* in the device's list */
    unsigned int data_version;          /* 0: not set, 1: D3DVIEWPORT, 2: D3DVIEWPORT2 */
    D3DVIEWPORT vp1;
    D3DVIEWPORT2 vp2;
    DWORD background;                   /* material handle */
    IDirectDrawSurface4 *background_depth;  /* reference held */
    struct d3d_light *lights;           /* references held */
};

HRESULT d3d_viewport_create(struct d3d_viewport **viewport);
struct d3d_viewport *d3d_viewport_from_iface(IDirect3DViewport3 *iface);
/* Makes the viewport's rectangle, clip volume and lights the device's. */
void d3d_viewport_activate(struct d3d_viewport *viewport, BOOL with_lights);
void d3d_viewport_deactivate(struct d3d_viewport *viewport);
/* A light of the viewport changed: the device lights again if the viewport is current. */
void d3d_viewport_light_changed(struct d3d_viewport *viewport);

/* IDirect3DMaterial, 2 and 3 (one object, three interfaces). */
struct d3d_material
{
    IDirect3DMaterial3 IDirect3DMaterial3_iface;
    IDirect3DMaterial2 IDirect3DMaterial2_iface;
    IDirect3DMaterial IDirect3DMaterial_iface;
    LONG refcount;
    struct d3d7 *d3d;                   /* NULL once the DirectDraw object is gone */
    DWORD handle;
    DWORD serial;                       /* grows with each SetMaterial */
    D3DMATERIAL data;
};

HRESULT d3d_material_create(struct d3d7 *d3d, struct d3d_material **material);
/* The material's colours as Direct3D 7 takes them. */
void d3d_material_to_7(const struct d3d_material *material, D3DMATERIAL7 *out);
D3DCOLOR d3d_material_diffuse_argb(const struct d3d_material *material);

/* IDirect3DLight */
struct d3d_light
{
    IDirect3DLight IDirect3DLight_iface;
    LONG refcount;
    struct d3d_viewport *viewport;      /* the viewport it was added to (no reference) */
    struct d3d_light *next;             /* in the viewport's list */
    DWORD index;                        /* the device light index while active, + 1 */
    DWORD serial;                       /* when it was last set or added: newer lights win a slot */
    D3DLIGHT2 data;                     /* dwFlags: D3DLIGHT_ACTIVE etc. */
};

HRESULT d3d_light_create(struct d3d_light **light);
struct d3d_light *d3d_light_from_iface(IDirect3DLight *iface);
/* Sets the light on the viewport's device (index = the light's place) or switches it off. */
void d3d_light_activate(struct d3d_light *light, struct d3d3_device *device, DWORD index);
void d3d_light_deactivate(struct d3d_light *light, struct d3d3_device *device);
/* A number that grows with each call (under the ddraw lock). */
DWORD d3d_light_next_serial(void);

/* IDirect3DTexture2 and IDirect3DTexture of a surface (texture2.c). */
struct ddraw_surface *d3d_texture2_surface(IDirect3DTexture2 *iface);
struct ddraw_surface *d3d_texture1_surface(IDirect3DTexture *iface);
IDirect3DTexture2 *d3d_texture2_iface(struct ddraw_surface *surface);

/* IDirect3DVertexBuffer over an IDirect3DVertexBuffer7 */
struct d3d3_vertex_buffer
{
    IDirect3DVertexBuffer IDirect3DVertexBuffer_iface;
    LONG refcount;
    IDirect3DVertexBuffer7 *vb7;        /* reference held (it holds the DirectDraw object) */
};

HRESULT d3d3_vertex_buffer_create(struct d3d7 *d3d, D3DVERTEXBUFFERDESC *desc, DWORD flags,
        struct d3d3_vertex_buffer **buffer);
struct d3d3_vertex_buffer *d3d3_vertex_buffer_from_iface(IDirect3DVertexBuffer *iface);

#endif /* DX7GL_D3D7_PRIVATE_H */

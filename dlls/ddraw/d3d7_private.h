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
/* The surface's core texture and sub-resource (NULL when it has none). */
struct wined3d_texture *d3d7_surface_get_texture(struct ddraw_surface *surface, unsigned int *sub_resource);
/* The surface's description as the application would get it. */
const DDSURFACEDESC2 *d3d7_surface_get_desc(struct ddraw_surface *surface);
/* The surface's interface. */
IDirectDrawSurface7 *d3d7_surface_get_iface(struct ddraw_surface *surface);

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
    IDirectDrawSurface7 *textures[D3D7_MAX_TEXTURES]; /* references held */
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
/* Makes the device's state the core's (several devices share the core). */
void d3d7_device_activate(struct d3d7_device *device);

/* The device behind an interface known to be ours (no check: the vtable's
 * methods). */
static inline struct d3d7_device *impl_from_IDirect3DDevice7(IDirect3DDevice7 *iface)
{
    return (struct d3d7_device *)((char *)iface - offsetof(struct d3d7_device, IDirect3DDevice7_iface));
}

/* The Direct3D 7 result of a core call. */
static inline HRESULT hr_from_wined3d(int32_t hr)
{
    switch (hr)
    {
        case WINED3D_OK: return D3D_OK;
        case WINED3DERR_INVALIDCALL: return DDERR_INVALIDPARAMS;
        case WINED3DERR_OUTOFMEMORY: return DDERR_OUTOFMEMORY;
        case WINED3DERR_OUTOFVIDEOMEMORY: return DDERR_OUTOFVIDEOMEMORY;
        case WINED3DERR_RECORDING: return D3DERR_INBEGINSTATEBLOCK;
        case WINED3DERR_NOTRECORDING: return D3DERR_NOTINBEGINSTATEBLOCK;
        default: return hr;
    }
}

/* What device.c, device_draw.c and device_stateblock.c share. */
/* Binds the device's target and z-buffer in the core (device.c). */
void d3d7_device_bind_target(struct d3d7_device *device);
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

#endif /* DX7GL_D3D7_PRIVATE_H */

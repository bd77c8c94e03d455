/*
 * Direct3D 7 API: GUIDs, result codes, IDirect3D7, IDirect3DDevice7 and
 * IDirect3DVertexBuffer7.
 *
 * Written for dx7gl from the documented Direct3D API.  The interfaces of
 * DirectX 3-6 (IDirect3D/2/3, IDirect3DDevice/2/3, textures, materials,
 * lights, viewports, execute buffers, vertex buffers) follow the DirectX 7
 * ones.
 */
#ifndef DX7GL_D3D_H
#define DX7GL_D3D_H

#include "dx7gl/win32.h"
#include <ddraw.h>
#include <d3dtypes.h>
#include <d3dcaps.h>

#ifndef DIRECT3D_VERSION
#define DIRECT3D_VERSION 0x0700
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Interfaces */
DEFINE_GUID(IID_IDirect3D, 0x3bba0080, 0x2421, 0x11cf, 0xa3, 0x1a, 0x00, 0xaa, 0x00, 0xb9, 0x33, 0x56);
DEFINE_GUID(IID_IDirect3D2, 0x6aae1ec1, 0x662a, 0x11d0, 0x88, 0x9d, 0x00, 0xaa, 0x00, 0xbb, 0xb7, 0x6a);
DEFINE_GUID(IID_IDirect3D3, 0xbb223240, 0xe72b, 0x11d0, 0xa9, 0xb4, 0x00, 0xaa, 0x00, 0xc0, 0x99, 0x3e);
DEFINE_GUID(IID_IDirect3D7, 0xf5049e77, 0x4861, 0x11d2, 0xa4, 0x07, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0xa8);

/* Device types */
DEFINE_GUID(IID_IDirect3DRampDevice, 0xf2086b20, 0x259f, 0x11cf, 0xa3, 0x1a, 0x00, 0xaa, 0x00, 0xb9, 0x33, 0x56);
DEFINE_GUID(IID_IDirect3DRGBDevice, 0xa4665c60, 0x2673, 0x11cf, 0xa3, 0x1a, 0x00, 0xaa, 0x00, 0xb9, 0x33, 0x56);
DEFINE_GUID(IID_IDirect3DHALDevice, 0x84e63de0, 0x46aa, 0x11cf, 0x81, 0x6f, 0x00, 0x00, 0xc0, 0x20, 0x15, 0x6e);
DEFINE_GUID(IID_IDirect3DMMXDevice, 0x881949a1, 0xd6f3, 0x11d0, 0x89, 0xab, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DRefDevice, 0x50936643, 0x13e9, 0x11d1, 0x89, 0xaa, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DNullDevice, 0x8767df22, 0xbacc, 0x11d1, 0x89, 0x69, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0xa8);
DEFINE_GUID(IID_IDirect3DTnLHalDevice, 0xf5049e78, 0x4861, 0x11d2, 0xa4, 0x07, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0xa8);

DEFINE_GUID(IID_IDirect3DDevice, 0x64108800, 0x957d, 0x11d0, 0x89, 0xab, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DDevice2, 0x93281501, 0x8cf8, 0x11d0, 0x89, 0xab, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DDevice3, 0xb0ab3b60, 0x33d7, 0x11d1, 0xa9, 0x81, 0x00, 0xc0, 0x4f, 0xd7, 0xb1, 0x74);
DEFINE_GUID(IID_IDirect3DDevice7, 0xf5049e79, 0x4861, 0x11d2, 0xa4, 0x07, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0xa8);
DEFINE_GUID(IID_IDirect3DTexture, 0x2cdcd9e0, 0x25a0, 0x11cf, 0xa3, 0x1a, 0x00, 0xaa, 0x00, 0xb9, 0x33, 0x56);
DEFINE_GUID(IID_IDirect3DTexture2, 0x93281502, 0x8cf8, 0x11d0, 0x89, 0xab, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DLight, 0x4417c142, 0x33ad, 0x11cf, 0x81, 0x6f, 0x00, 0x00, 0xc0, 0x20, 0x15, 0x6e);
DEFINE_GUID(IID_IDirect3DMaterial, 0x4417c144, 0x33ad, 0x11cf, 0x81, 0x6f, 0x00, 0x00, 0xc0, 0x20, 0x15, 0x6e);
DEFINE_GUID(IID_IDirect3DMaterial2, 0x93281503, 0x8cf8, 0x11d0, 0x89, 0xab, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DMaterial3, 0xca9c46f4, 0xd3c5, 0x11d1, 0xb7, 0x5a, 0x00, 0x60, 0x08, 0x52, 0xb3, 0x12);
DEFINE_GUID(IID_IDirect3DExecuteBuffer, 0x4417c145, 0x33ad, 0x11cf, 0x81, 0x6f, 0x00, 0x00, 0xc0, 0x20, 0x15, 0x6e);
DEFINE_GUID(IID_IDirect3DViewport, 0x4417c146, 0x33ad, 0x11cf, 0x81, 0x6f, 0x00, 0x00, 0xc0, 0x20, 0x15, 0x6e);
DEFINE_GUID(IID_IDirect3DViewport2, 0x93281500, 0x8cf8, 0x11d0, 0x89, 0xab, 0x00, 0xa0, 0xc9, 0x05, 0x41, 0x29);
DEFINE_GUID(IID_IDirect3DViewport3, 0xb0ab3b61, 0x33d7, 0x11d1, 0xa9, 0x81, 0x00, 0xc0, 0x4f, 0xd7, 0xb1, 0x74);
DEFINE_GUID(IID_IDirect3DVertexBuffer, 0x7a503555, 0x4a83, 0x11d1, 0xa5, 0xdb, 0x00, 0xa0, 0xc9, 0x03, 0x67, 0xf8);
DEFINE_GUID(IID_IDirect3DVertexBuffer7, 0xf5049e7d, 0x4861, 0x11d2, 0xa4, 0x07, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0xa8);

typedef struct IDirect3D IDirect3D, *LPDIRECT3D;
typedef struct IDirect3D2 IDirect3D2, *LPDIRECT3D2;
typedef struct IDirect3D3 IDirect3D3, *LPDIRECT3D3;
typedef struct IDirect3D7 IDirect3D7, *LPDIRECT3D7;
typedef struct IDirect3DDevice IDirect3DDevice, *LPDIRECT3DDEVICE;
typedef struct IDirect3DDevice2 IDirect3DDevice2, *LPDIRECT3DDEVICE2;
typedef struct IDirect3DDevice3 IDirect3DDevice3, *LPDIRECT3DDEVICE3;
typedef struct IDirect3DDevice7 IDirect3DDevice7, *LPDIRECT3DDEVICE7;
typedef struct IDirect3DTexture IDirect3DTexture, *LPDIRECT3DTEXTURE;
typedef struct IDirect3DTexture2 IDirect3DTexture2, *LPDIRECT3DTEXTURE2;
typedef struct IDirect3DLight IDirect3DLight, *LPDIRECT3DLIGHT;
typedef struct IDirect3DMaterial IDirect3DMaterial, *LPDIRECT3DMATERIAL;
typedef struct IDirect3DMaterial2 IDirect3DMaterial2, *LPDIRECT3DMATERIAL2;
typedef struct IDirect3DMaterial3 IDirect3DMaterial3, *LPDIRECT3DMATERIAL3;
typedef struct IDirect3DExecuteBuffer IDirect3DExecuteBuffer, *LPDIRECT3DEXECUTEBUFFER;
typedef struct IDirect3DViewport IDirect3DViewport, *LPDIRECT3DVIEWPORT;
typedef struct IDirect3DViewport2 IDirect3DViewport2, *LPDIRECT3DVIEWPORT2;
typedef struct IDirect3DViewport3 IDirect3DViewport3, *LPDIRECT3DVIEWPORT3;
typedef struct IDirect3DVertexBuffer IDirect3DVertexBuffer, *LPDIRECT3DVERTEXBUFFER;
typedef struct IDirect3DVertexBuffer7 IDirect3DVertexBuffer7, *LPDIRECT3DVERTEXBUFFER7;

/* Results */
#define D3D_OK DD_OK
#define D3DERR_BADMAJORVERSION MAKE_DDHRESULT(700)
#define D3DERR_BADMINORVERSION MAKE_DDHRESULT(701)
#define D3DERR_INVALID_DEVICE MAKE_DDHRESULT(705)
#define D3DERR_INITFAILED MAKE_DDHRESULT(706)
#define D3DERR_DEVICEAGGREGATED MAKE_DDHRESULT(707)
#define D3DERR_EXECUTE_CREATE_FAILED MAKE_DDHRESULT(710)
#define D3DERR_EXECUTE_DESTROY_FAILED MAKE_DDHRESULT(711)
#define D3DERR_EXECUTE_LOCK_FAILED MAKE_DDHRESULT(712)
#define D3DERR_EXECUTE_UNLOCK_FAILED MAKE_DDHRESULT(713)
#define D3DERR_EXECUTE_LOCKED MAKE_DDHRESULT(714)
#define D3DERR_EXECUTE_NOT_LOCKED MAKE_DDHRESULT(715)
#define D3DERR_EXECUTE_FAILED MAKE_DDHRESULT(716)
#define D3DERR_EXECUTE_CLIPPED_FAILED MAKE_DDHRESULT(717)
#define D3DERR_TEXTURE_NO_SUPPORT MAKE_DDHRESULT(720)
#define D3DERR_TEXTURE_CREATE_FAILED MAKE_DDHRESULT(721)
#define D3DERR_TEXTURE_DESTROY_FAILED MAKE_DDHRESULT(722)
#define D3DERR_TEXTURE_LOCK_FAILED MAKE_DDHRESULT(723)
#define D3DERR_TEXTURE_UNLOCK_FAILED MAKE_DDHRESULT(724)
#define D3DERR_TEXTURE_LOAD_FAILED MAKE_DDHRESULT(725)
#define D3DERR_TEXTURE_SWAP_FAILED MAKE_DDHRESULT(726)
#define D3DERR_TEXTURE_LOCKED MAKE_DDHRESULT(727)
#define D3DERR_TEXTURE_NOT_LOCKED MAKE_DDHRESULT(728)
#define D3DERR_TEXTURE_GETSURF_FAILED MAKE_DDHRESULT(729)
#define D3DERR_MATRIX_CREATE_FAILED MAKE_DDHRESULT(730)
#define D3DERR_MATRIX_DESTROY_FAILED MAKE_DDHRESULT(731)
#define D3DERR_MATRIX_SETDATA_FAILED MAKE_DDHRESULT(732)
#define D3DERR_MATRIX_GETDATA_FAILED MAKE_DDHRESULT(733)
#define D3DERR_SETVIEWPORTDATA_FAILED MAKE_DDHRESULT(734)
#define D3DERR_INVALIDCURRENTVIEWPORT MAKE_DDHRESULT(735)
#define D3DERR_INVALIDPRIMITIVETYPE MAKE_DDHRESULT(736)
#define D3DERR_INVALIDVERTEXTYPE MAKE_DDHRESULT(737)
#define D3DERR_TEXTURE_BADSIZE MAKE_DDHRESULT(738)
#define D3DERR_INVALIDRAMPTEXTURE MAKE_DDHRESULT(739)
#define D3DERR_MATERIAL_CREATE_FAILED MAKE_DDHRESULT(740)
#define D3DERR_MATERIAL_DESTROY_FAILED MAKE_DDHRESULT(741)
#define D3DERR_MATERIAL_SETDATA_FAILED MAKE_DDHRESULT(742)
#define D3DERR_MATERIAL_GETDATA_FAILED MAKE_DDHRESULT(743)
#define D3DERR_INVALIDPALETTE MAKE_DDHRESULT(744)
#define D3DERR_ZBUFF_NEEDS_SYSTEMMEMORY MAKE_DDHRESULT(745)
#define D3DERR_ZBUFF_NEEDS_VIDEOMEMORY MAKE_DDHRESULT(746)
#define D3DERR_SURFACENOTINVIDMEM MAKE_DDHRESULT(747)
#define D3DERR_LIGHT_SET_FAILED MAKE_DDHRESULT(750)
#define D3DERR_LIGHTHASVIEWPORT MAKE_DDHRESULT(751)
#define D3DERR_LIGHTNOTINTHISVIEWPORT MAKE_DDHRESULT(752)
#define D3DERR_SCENE_IN_SCENE MAKE_DDHRESULT(760)
#define D3DERR_SCENE_NOT_IN_SCENE MAKE_DDHRESULT(761)
#define D3DERR_SCENE_BEGIN_FAILED MAKE_DDHRESULT(762)
#define D3DERR_SCENE_END_FAILED MAKE_DDHRESULT(763)
#define D3DERR_INBEGIN MAKE_DDHRESULT(770)
#define D3DERR_NOTINBEGIN MAKE_DDHRESULT(771)
#define D3DERR_NOVIEWPORTS MAKE_DDHRESULT(772)
#define D3DERR_VIEWPORTDATANOTSET MAKE_DDHRESULT(773)
#define D3DERR_VIEWPORTHASNODEVICE MAKE_DDHRESULT(774)
#define D3DERR_NOCURRENTVIEWPORT MAKE_DDHRESULT(775)
#define D3DERR_INVALIDVERTEXFORMAT MAKE_DDHRESULT(2048)
#define D3DERR_COLORKEYATTACHED MAKE_DDHRESULT(2050)
#define D3DERR_VERTEXBUFFEROPTIMIZED MAKE_DDHRESULT(2060)
#define D3DERR_VBUF_CREATE_FAILED MAKE_DDHRESULT(2061)
#define D3DERR_VERTEXBUFFERLOCKED MAKE_DDHRESULT(2062)
#define D3DERR_VERTEXBUFFERUNLOCKFAILED MAKE_DDHRESULT(2063)
#define D3DERR_ZBUFFER_NOTPRESENT MAKE_DDHRESULT(2070)
#define D3DERR_STENCILBUFFER_NOTPRESENT MAKE_DDHRESULT(2071)
#define D3DERR_WRONGTEXTUREFORMAT MAKE_DDHRESULT(2072)
#define D3DERR_UNSUPPORTEDCOLOROPERATION MAKE_DDHRESULT(2073)
#define D3DERR_UNSUPPORTEDCOLORARG MAKE_DDHRESULT(2074)
#define D3DERR_UNSUPPORTEDALPHAOPERATION MAKE_DDHRESULT(2075)
#define D3DERR_UNSUPPORTEDALPHAARG MAKE_DDHRESULT(2076)
#define D3DERR_TOOMANYOPERATIONS MAKE_DDHRESULT(2077)
#define D3DERR_CONFLICTINGTEXTUREFILTER MAKE_DDHRESULT(2078)
#define D3DERR_UNSUPPORTEDFACTORVALUE MAKE_DDHRESULT(2079)
#define D3DERR_CONFLICTINGRENDERSTATE MAKE_DDHRESULT(2081)
#define D3DERR_UNSUPPORTEDTEXTUREFILTER MAKE_DDHRESULT(2082)
#define D3DERR_TOOMANYPRIMITIVES MAKE_DDHRESULT(2083)
#define D3DERR_INVALIDMATRIX MAKE_DDHRESULT(2084)
#define D3DERR_TOOMANYVERTICES MAKE_DDHRESULT(2085)
#define D3DERR_CONFLICTINGTEXTUREPALETTE MAKE_DDHRESULT(2086)
#define D3DERR_INVALIDSTATEBLOCK MAKE_DDHRESULT(2100)
#define D3DERR_INBEGINSTATEBLOCK MAKE_DDHRESULT(2101)
#define D3DERR_NOTINBEGINSTATEBLOCK MAKE_DDHRESULT(2102)
#define D3DERR_COMMAND_UNPARSED MAKE_DDHRESULT(3000)

/* GetInfo() ids */
#define D3DDEVINFOID_TEXTUREMANAGER 1
#define D3DDEVINFOID_D3DTEXTUREMANAGER 2
#define D3DDEVINFOID_TEXTURING 3

/* NextIndex-style enumerations of IDirect3DViewport */
#define D3DNEXT_NEXT 0x00000001
#define D3DNEXT_HEAD 0x00000002
#define D3DNEXT_TAIL 0x00000004

/* GetInfo() answers */
typedef struct _D3DDEVINFO_TEXTUREMANAGER
{
    BOOL bThrashing;
    DWORD dwApproxBytesDownloaded;
    DWORD dwNumEvicts;
    DWORD dwNumVidCreates;
    DWORD dwNumTexturesUsed;
    DWORD dwNumUsedTexInVid;
    DWORD dwWorkingSet;
    DWORD dwWorkingSetBytes;
    DWORD dwTotalManaged;
    DWORD dwTotalBytes;
    DWORD dwLastPri;
} D3DDEVINFO_TEXTUREMANAGER, *LPD3DDEVINFO_TEXTUREMANAGER;

typedef struct _D3DDEVINFO_TEXTURING
{
    DWORD dwNumLoads;
    DWORD dwApproxBytesLoaded;
    DWORD dwNumPreLoads;
    DWORD dwNumSet;
    DWORD dwNumCreates;
    DWORD dwNumDestroys;
    DWORD dwNumSetPriorities;
    DWORD dwNumSetLODs;
    DWORD dwNumLocks;
    DWORD dwNumGetDCs;
} D3DDEVINFO_TEXTURING, *LPD3DDEVINFO_TEXTURING;

/* DirectX 7 interfaces */
typedef struct IDirect3D7Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3D7 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D7 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D7 *This);
    /* IDirect3D7 */
    HRESULT (STDMETHODCALLTYPE *EnumDevices)(IDirect3D7 *This, LPD3DENUMDEVICESCALLBACK7 callback, void *context);
    HRESULT (STDMETHODCALLTYPE *CreateDevice)(IDirect3D7 *This, REFCLSID rclsid, IDirectDrawSurface7 *surface, IDirect3DDevice7 **device);
    HRESULT (STDMETHODCALLTYPE *CreateVertexBuffer)(IDirect3D7 *This, D3DVERTEXBUFFERDESC *desc, IDirect3DVertexBuffer7 **vertex_buffer, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *EnumZBufferFormats)(IDirect3D7 *This, REFCLSID device_iid, LPD3DENUMPIXELFORMATSCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *EvictManagedTextures)(IDirect3D7 *This);
} IDirect3D7Vtbl;

struct IDirect3D7
{
    const IDirect3D7Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3D7_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3D7_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D7_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D7_EnumDevices(p, a, b) (p)->lpVtbl->EnumDevices(p, a, b)
#define IDirect3D7_CreateDevice(p, a, b, c) (p)->lpVtbl->CreateDevice(p, a, b, c)
#define IDirect3D7_CreateVertexBuffer(p, a, b, c) (p)->lpVtbl->CreateVertexBuffer(p, a, b, c)
#define IDirect3D7_EnumZBufferFormats(p, a, b, c) (p)->lpVtbl->EnumZBufferFormats(p, a, b, c)
#define IDirect3D7_EvictManagedTextures(p) (p)->lpVtbl->EvictManagedTextures(p)
#endif

typedef struct IDirect3DDevice7Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DDevice7 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DDevice7 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DDevice7 *This);
    /* IDirect3DDevice7 */
    HRESULT (STDMETHODCALLTYPE *GetCaps)(IDirect3DDevice7 *This, D3DDEVICEDESC7 *desc);
    HRESULT (STDMETHODCALLTYPE *EnumTextureFormats)(IDirect3DDevice7 *This, LPD3DENUMPIXELFORMATSCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *BeginScene)(IDirect3DDevice7 *This);
    HRESULT (STDMETHODCALLTYPE *EndScene)(IDirect3DDevice7 *This);
    HRESULT (STDMETHODCALLTYPE *GetDirect3D)(IDirect3DDevice7 *This, IDirect3D7 **d3d);
    HRESULT (STDMETHODCALLTYPE *SetRenderTarget)(IDirect3DDevice7 *This, IDirectDrawSurface7 *surface, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetRenderTarget)(IDirect3DDevice7 *This, IDirectDrawSurface7 **surface);
    HRESULT (STDMETHODCALLTYPE *Clear)(IDirect3DDevice7 *This, DWORD count, D3DRECT *rects, DWORD flags, D3DCOLOR color, D3DVALUE z, DWORD stencil);
    HRESULT (STDMETHODCALLTYPE *SetTransform)(IDirect3DDevice7 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *GetTransform)(IDirect3DDevice7 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *SetViewport)(IDirect3DDevice7 *This, D3DVIEWPORT7 *viewport);
    HRESULT (STDMETHODCALLTYPE *MultiplyTransform)(IDirect3DDevice7 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *GetViewport)(IDirect3DDevice7 *This, D3DVIEWPORT7 *viewport);
    HRESULT (STDMETHODCALLTYPE *SetMaterial)(IDirect3DDevice7 *This, D3DMATERIAL7 *material);
    HRESULT (STDMETHODCALLTYPE *GetMaterial)(IDirect3DDevice7 *This, D3DMATERIAL7 *material);
    HRESULT (STDMETHODCALLTYPE *SetLight)(IDirect3DDevice7 *This, DWORD idx, D3DLIGHT7 *light);
    HRESULT (STDMETHODCALLTYPE *GetLight)(IDirect3DDevice7 *This, DWORD idx, D3DLIGHT7 *light);
    HRESULT (STDMETHODCALLTYPE *SetRenderState)(IDirect3DDevice7 *This, D3DRENDERSTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *GetRenderState)(IDirect3DDevice7 *This, D3DRENDERSTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *BeginStateBlock)(IDirect3DDevice7 *This);
    HRESULT (STDMETHODCALLTYPE *EndStateBlock)(IDirect3DDevice7 *This, DWORD *stateblock);
    HRESULT (STDMETHODCALLTYPE *PreLoad)(IDirect3DDevice7 *This, IDirectDrawSurface7 *surface);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitive)(IDirect3DDevice7 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitive)(IDirect3DDevice7 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *SetClipStatus)(IDirect3DDevice7 *This, D3DCLIPSTATUS *clip_status);
    HRESULT (STDMETHODCALLTYPE *GetClipStatus)(IDirect3DDevice7 *This, D3DCLIPSTATUS *clip_status);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitiveStrided)(IDirect3DDevice7 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *strided_data, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitiveStrided)(IDirect3DDevice7 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *strided_data, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitiveVB)(IDirect3DDevice7 *This, D3DPRIMITIVETYPE primitive_type, IDirect3DVertexBuffer7 *vb, DWORD start_vertex, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitiveVB)(IDirect3DDevice7 *This, D3DPRIMITIVETYPE primitive_type, IDirect3DVertexBuffer7 *vb, DWORD start_vertex, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *ComputeSphereVisibility)(IDirect3DDevice7 *This, D3DVECTOR *centers, D3DVALUE *radii, DWORD sphere_count, DWORD flags, DWORD *return_values);
    HRESULT (STDMETHODCALLTYPE *GetTexture)(IDirect3DDevice7 *This, DWORD stage, IDirectDrawSurface7 **surface);
    HRESULT (STDMETHODCALLTYPE *SetTexture)(IDirect3DDevice7 *This, DWORD stage, IDirectDrawSurface7 *surface);
    HRESULT (STDMETHODCALLTYPE *GetTextureStageState)(IDirect3DDevice7 *This, DWORD stage, D3DTEXTURESTAGESTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *SetTextureStageState)(IDirect3DDevice7 *This, DWORD stage, D3DTEXTURESTAGESTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *ValidateDevice)(IDirect3DDevice7 *This, DWORD *pass_count);
    HRESULT (STDMETHODCALLTYPE *ApplyStateBlock)(IDirect3DDevice7 *This, DWORD stateblock);
    HRESULT (STDMETHODCALLTYPE *CaptureStateBlock)(IDirect3DDevice7 *This, DWORD stateblock);
    HRESULT (STDMETHODCALLTYPE *DeleteStateBlock)(IDirect3DDevice7 *This, DWORD stateblock);
    HRESULT (STDMETHODCALLTYPE *CreateStateBlock)(IDirect3DDevice7 *This, D3DSTATEBLOCKTYPE type, DWORD *stateblock);
    HRESULT (STDMETHODCALLTYPE *Load)(IDirect3DDevice7 *This, IDirectDrawSurface7 *dst_surface, POINT *dst_point, IDirectDrawSurface7 *src_surface, RECT *src_rect, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *LightEnable)(IDirect3DDevice7 *This, DWORD idx, BOOL enable);
    HRESULT (STDMETHODCALLTYPE *GetLightEnable)(IDirect3DDevice7 *This, DWORD idx, BOOL *enable);
    HRESULT (STDMETHODCALLTYPE *SetClipPlane)(IDirect3DDevice7 *This, DWORD idx, D3DVALUE *plane);
    HRESULT (STDMETHODCALLTYPE *GetClipPlane)(IDirect3DDevice7 *This, DWORD idx, D3DVALUE *plane);
    HRESULT (STDMETHODCALLTYPE *GetInfo)(IDirect3DDevice7 *This, DWORD info_id, void *info, DWORD info_size);
} IDirect3DDevice7Vtbl;

struct IDirect3DDevice7
{
    const IDirect3DDevice7Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DDevice7_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DDevice7_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DDevice7_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DDevice7_GetCaps(p, a) (p)->lpVtbl->GetCaps(p, a)
#define IDirect3DDevice7_EnumTextureFormats(p, a, b) (p)->lpVtbl->EnumTextureFormats(p, a, b)
#define IDirect3DDevice7_BeginScene(p) (p)->lpVtbl->BeginScene(p)
#define IDirect3DDevice7_EndScene(p) (p)->lpVtbl->EndScene(p)
#define IDirect3DDevice7_GetDirect3D(p, a) (p)->lpVtbl->GetDirect3D(p, a)
#define IDirect3DDevice7_SetRenderTarget(p, a, b) (p)->lpVtbl->SetRenderTarget(p, a, b)
#define IDirect3DDevice7_GetRenderTarget(p, a) (p)->lpVtbl->GetRenderTarget(p, a)
#define IDirect3DDevice7_Clear(p, a, b, c, d, e, f) (p)->lpVtbl->Clear(p, a, b, c, d, e, f)
#define IDirect3DDevice7_SetTransform(p, a, b) (p)->lpVtbl->SetTransform(p, a, b)
#define IDirect3DDevice7_GetTransform(p, a, b) (p)->lpVtbl->GetTransform(p, a, b)
#define IDirect3DDevice7_SetViewport(p, a) (p)->lpVtbl->SetViewport(p, a)
#define IDirect3DDevice7_MultiplyTransform(p, a, b) (p)->lpVtbl->MultiplyTransform(p, a, b)
#define IDirect3DDevice7_GetViewport(p, a) (p)->lpVtbl->GetViewport(p, a)
#define IDirect3DDevice7_SetMaterial(p, a) (p)->lpVtbl->SetMaterial(p, a)
#define IDirect3DDevice7_GetMaterial(p, a) (p)->lpVtbl->GetMaterial(p, a)
#define IDirect3DDevice7_SetLight(p, a, b) (p)->lpVtbl->SetLight(p, a, b)
#define IDirect3DDevice7_GetLight(p, a, b) (p)->lpVtbl->GetLight(p, a, b)
#define IDirect3DDevice7_SetRenderState(p, a, b) (p)->lpVtbl->SetRenderState(p, a, b)
#define IDirect3DDevice7_GetRenderState(p, a, b) (p)->lpVtbl->GetRenderState(p, a, b)
#define IDirect3DDevice7_BeginStateBlock(p) (p)->lpVtbl->BeginStateBlock(p)
#define IDirect3DDevice7_EndStateBlock(p, a) (p)->lpVtbl->EndStateBlock(p, a)
#define IDirect3DDevice7_PreLoad(p, a) (p)->lpVtbl->PreLoad(p, a)
#define IDirect3DDevice7_DrawPrimitive(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitive(p, a, b, c, d, e)
#define IDirect3DDevice7_DrawIndexedPrimitive(p, a, b, c, d, e, f, g) (p)->lpVtbl->DrawIndexedPrimitive(p, a, b, c, d, e, f, g)
#define IDirect3DDevice7_SetClipStatus(p, a) (p)->lpVtbl->SetClipStatus(p, a)
#define IDirect3DDevice7_GetClipStatus(p, a) (p)->lpVtbl->GetClipStatus(p, a)
#define IDirect3DDevice7_DrawPrimitiveStrided(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitiveStrided(p, a, b, c, d, e)
#define IDirect3DDevice7_DrawIndexedPrimitiveStrided(p, a, b, c, d, e, f, g) (p)->lpVtbl->DrawIndexedPrimitiveStrided(p, a, b, c, d, e, f, g)
#define IDirect3DDevice7_DrawPrimitiveVB(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitiveVB(p, a, b, c, d, e)
#define IDirect3DDevice7_DrawIndexedPrimitiveVB(p, a, b, c, d, e, f, g) (p)->lpVtbl->DrawIndexedPrimitiveVB(p, a, b, c, d, e, f, g)
#define IDirect3DDevice7_ComputeSphereVisibility(p, a, b, c, d, e) (p)->lpVtbl->ComputeSphereVisibility(p, a, b, c, d, e)
#define IDirect3DDevice7_GetTexture(p, a, b) (p)->lpVtbl->GetTexture(p, a, b)
#define IDirect3DDevice7_SetTexture(p, a, b) (p)->lpVtbl->SetTexture(p, a, b)
#define IDirect3DDevice7_GetTextureStageState(p, a, b, c) (p)->lpVtbl->GetTextureStageState(p, a, b, c)
#define IDirect3DDevice7_SetTextureStageState(p, a, b, c) (p)->lpVtbl->SetTextureStageState(p, a, b, c)
#define IDirect3DDevice7_ValidateDevice(p, a) (p)->lpVtbl->ValidateDevice(p, a)
#define IDirect3DDevice7_ApplyStateBlock(p, a) (p)->lpVtbl->ApplyStateBlock(p, a)
#define IDirect3DDevice7_CaptureStateBlock(p, a) (p)->lpVtbl->CaptureStateBlock(p, a)
#define IDirect3DDevice7_DeleteStateBlock(p, a) (p)->lpVtbl->DeleteStateBlock(p, a)
#define IDirect3DDevice7_CreateStateBlock(p, a, b) (p)->lpVtbl->CreateStateBlock(p, a, b)
#define IDirect3DDevice7_Load(p, a, b, c, d, e) (p)->lpVtbl->Load(p, a, b, c, d, e)
#define IDirect3DDevice7_LightEnable(p, a, b) (p)->lpVtbl->LightEnable(p, a, b)
#define IDirect3DDevice7_GetLightEnable(p, a, b) (p)->lpVtbl->GetLightEnable(p, a, b)
#define IDirect3DDevice7_SetClipPlane(p, a, b) (p)->lpVtbl->SetClipPlane(p, a, b)
#define IDirect3DDevice7_GetClipPlane(p, a, b) (p)->lpVtbl->GetClipPlane(p, a, b)
#define IDirect3DDevice7_GetInfo(p, a, b, c) (p)->lpVtbl->GetInfo(p, a, b, c)
#endif

typedef struct IDirect3DVertexBuffer7Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DVertexBuffer7 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVertexBuffer7 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVertexBuffer7 *This);
    /* IDirect3DVertexBuffer7 */
    HRESULT (STDMETHODCALLTYPE *Lock)(IDirect3DVertexBuffer7 *This, DWORD flags, void **data, DWORD *data_size);
    HRESULT (STDMETHODCALLTYPE *Unlock)(IDirect3DVertexBuffer7 *This);
    HRESULT (STDMETHODCALLTYPE *ProcessVertices)(IDirect3DVertexBuffer7 *This, DWORD vertex_op, DWORD dst_idx, DWORD count, IDirect3DVertexBuffer7 *src_buffer, DWORD src_idx, IDirect3DDevice7 *device, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetVertexBufferDesc)(IDirect3DVertexBuffer7 *This, D3DVERTEXBUFFERDESC *desc);
    HRESULT (STDMETHODCALLTYPE *Optimize)(IDirect3DVertexBuffer7 *This, IDirect3DDevice7 *device, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *ProcessVerticesStrided)(IDirect3DVertexBuffer7 *This, DWORD vertex_op, DWORD dst_idx, DWORD count, D3DDRAWPRIMITIVESTRIDEDDATA *data, DWORD fvf, IDirect3DDevice7 *device, DWORD flags);
} IDirect3DVertexBuffer7Vtbl;

struct IDirect3DVertexBuffer7
{
    const IDirect3DVertexBuffer7Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DVertexBuffer7_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DVertexBuffer7_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVertexBuffer7_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVertexBuffer7_Lock(p, a, b, c) (p)->lpVtbl->Lock(p, a, b, c)
#define IDirect3DVertexBuffer7_Unlock(p) (p)->lpVtbl->Unlock(p)
#define IDirect3DVertexBuffer7_ProcessVertices(p, a, b, c, d, e, f, g) (p)->lpVtbl->ProcessVertices(p, a, b, c, d, e, f, g)
#define IDirect3DVertexBuffer7_GetVertexBufferDesc(p, a) (p)->lpVtbl->GetVertexBufferDesc(p, a)
#define IDirect3DVertexBuffer7_Optimize(p, a, b) (p)->lpVtbl->Optimize(p, a, b)
#define IDirect3DVertexBuffer7_ProcessVerticesStrided(p, a, b, c, d, e, f, g) (p)->lpVtbl->ProcessVerticesStrided(p, a, b, c, d, e, f, g)
#endif

/* Interfaces of DirectX 3-6 (IDirect3D/2/3, their devices, textures,
 * materials, lights, viewports, execute buffers and vertex buffers), with
 * the structures only they use. */

/* FindDevice() */
typedef struct _D3DFINDDEVICESEARCH
{
    DWORD dwSize;
    DWORD dwFlags;
    BOOL bHardware;
    D3DCOLORMODEL dcmColorModel;
    GUID guid;
    DWORD dwCaps;
    D3DPRIMCAPS dpcPrimCaps;
} D3DFINDDEVICESEARCH, *LPD3DFINDDEVICESEARCH;

typedef struct _D3DFINDDEVICERESULT
{
    DWORD dwSize;
    GUID guid;
    D3DDEVICEDESC ddHwDesc;
    D3DDEVICEDESC ddSwDesc;
} D3DFINDDEVICERESULT, *LPD3DFINDDEVICERESULT;

/* The D3DDEVICEDESC sizes of DirectX 3 and 5 (dwSize of older programs). */
#define D3DDEVICEDESCSIZE_V1 172
#define D3DDEVICEDESCSIZE_V2 204
#define D3DDEVICEDESCSIZE_V3 252

/* Execute buffers */
typedef struct _D3DSTATUS
{
    DWORD dwFlags;
    DWORD dwStatus;
    D3DRECT drExtent;
} D3DSTATUS, *LPD3DSTATUS;

#define D3DSETSTATUS_STATUS 0x00000001
#define D3DSETSTATUS_EXTENTS 0x00000002
#define D3DSETSTATUS_ALL (D3DSETSTATUS_STATUS | D3DSETSTATUS_EXTENTS)

typedef struct _D3DEXECUTEBUFFERDESC
{
    DWORD dwSize;
    DWORD dwFlags;
    DWORD dwCaps;
    DWORD dwBufferSize;
    void *lpData;
} D3DEXECUTEBUFFERDESC, *LPD3DEXECUTEBUFFERDESC;

#define D3DDEB_BUFSIZE 0x00000001
#define D3DDEB_CAPS 0x00000002
#define D3DDEB_LPDATA 0x00000004
#define D3DDEBCAPS_SYSTEMMEMORY 0x00000001
#define D3DDEBCAPS_VIDEOMEMORY 0x00000002
#define D3DDEBCAPS_MEM (D3DDEBCAPS_SYSTEMMEMORY | D3DDEBCAPS_VIDEOMEMORY)

typedef struct _D3DEXECUTEDATA
{
    DWORD dwSize;
    DWORD dwVertexOffset;
    DWORD dwVertexCount;
    DWORD dwInstructionOffset;
    DWORD dwInstructionLength;
    DWORD dwHVertexOffset;
    D3DSTATUS dsStatus;
} D3DEXECUTEDATA, *LPD3DEXECUTEDATA;

#define D3DEXECUTE_CLIPPED 0x00000001
#define D3DEXECUTE_UNCLIPPED 0x00000002

typedef struct _D3DPICKRECORD
{
    BYTE bOpcode;
    BYTE bPad;
    DWORD dwOffset;
    D3DVALUE dvZ;
} D3DPICKRECORD, *LPD3DPICKRECORD;

/* IDirect3DViewport::TransformVertices and LightElements */
typedef struct _D3DTRANSFORMDATA
{
    DWORD dwSize;
    void *lpIn;
    DWORD dwInSize;
    void *lpOut;
    DWORD dwOutSize;
    D3DHVERTEX *lpHOut;
    DWORD dwClip;
    DWORD dwClipIntersection;
    DWORD dwClipUnion;
    D3DRECT drExtent;
} D3DTRANSFORMDATA, *LPD3DTRANSFORMDATA;

#define D3DTRANSFORM_CLIPPED 0x00000001
#define D3DTRANSFORM_UNCLIPPED 0x00000002

typedef struct _D3DLIGHTINGELEMENT
{
    D3DVECTOR dvPosition;
    D3DVECTOR dvNormal;
} D3DLIGHTINGELEMENT, *LPD3DLIGHTINGELEMENT;

typedef struct _D3DLIGHTDATA
{
    DWORD dwSize;
    D3DLIGHTINGELEMENT *lpIn;
    DWORD dwInSize;
    D3DTLVERTEX *lpOut;
    DWORD dwOutSize;
} D3DLIGHTDATA, *LPD3DLIGHTDATA;

typedef struct IDirect3DVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3D *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D *This);
    /* IDirect3D */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3D *This, REFCLSID riid);
    HRESULT (STDMETHODCALLTYPE *EnumDevices)(IDirect3D *This, LPD3DENUMDEVICESCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *CreateLight)(IDirect3D *This, IDirect3DLight **light, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateMaterial)(IDirect3D *This, IDirect3DMaterial **material, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateViewport)(IDirect3D *This, IDirect3DViewport **viewport, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *FindDevice)(IDirect3D *This, D3DFINDDEVICESEARCH *search, D3DFINDDEVICERESULT *result);
} IDirect3DVtbl;

struct IDirect3D
{
    const IDirect3DVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3D_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3D_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D_Initialize(p, a) (p)->lpVtbl->Initialize(p, a)
#define IDirect3D_EnumDevices(p, a, b) (p)->lpVtbl->EnumDevices(p, a, b)
#define IDirect3D_CreateLight(p, a, b) (p)->lpVtbl->CreateLight(p, a, b)
#define IDirect3D_CreateMaterial(p, a, b) (p)->lpVtbl->CreateMaterial(p, a, b)
#define IDirect3D_CreateViewport(p, a, b) (p)->lpVtbl->CreateViewport(p, a, b)
#define IDirect3D_FindDevice(p, a, b) (p)->lpVtbl->FindDevice(p, a, b)
#endif

typedef struct IDirect3D2Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3D2 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D2 *This);
    /* IDirect3D2 */
    HRESULT (STDMETHODCALLTYPE *EnumDevices)(IDirect3D2 *This, LPD3DENUMDEVICESCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *CreateLight)(IDirect3D2 *This, IDirect3DLight **light, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateMaterial)(IDirect3D2 *This, IDirect3DMaterial2 **material, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateViewport)(IDirect3D2 *This, IDirect3DViewport2 **viewport, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *FindDevice)(IDirect3D2 *This, D3DFINDDEVICESEARCH *search, D3DFINDDEVICERESULT *result);
    HRESULT (STDMETHODCALLTYPE *CreateDevice)(IDirect3D2 *This, REFCLSID rclsid, IDirectDrawSurface *surface, IDirect3DDevice2 **device);
} IDirect3D2Vtbl;

struct IDirect3D2
{
    const IDirect3D2Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3D2_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3D2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D2_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D2_EnumDevices(p, a, b) (p)->lpVtbl->EnumDevices(p, a, b)
#define IDirect3D2_CreateLight(p, a, b) (p)->lpVtbl->CreateLight(p, a, b)
#define IDirect3D2_CreateMaterial(p, a, b) (p)->lpVtbl->CreateMaterial(p, a, b)
#define IDirect3D2_CreateViewport(p, a, b) (p)->lpVtbl->CreateViewport(p, a, b)
#define IDirect3D2_FindDevice(p, a, b) (p)->lpVtbl->FindDevice(p, a, b)
#define IDirect3D2_CreateDevice(p, a, b, c) (p)->lpVtbl->CreateDevice(p, a, b, c)
#endif

typedef struct IDirect3D3Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3D3 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D3 *This);
    /* IDirect3D3 */
    HRESULT (STDMETHODCALLTYPE *EnumDevices)(IDirect3D3 *This, LPD3DENUMDEVICESCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *CreateLight)(IDirect3D3 *This, IDirect3DLight **light, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateMaterial)(IDirect3D3 *This, IDirect3DMaterial3 **material, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateViewport)(IDirect3D3 *This, IDirect3DViewport3 **viewport, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *FindDevice)(IDirect3D3 *This, D3DFINDDEVICESEARCH *search, D3DFINDDEVICERESULT *result);
    HRESULT (STDMETHODCALLTYPE *CreateDevice)(IDirect3D3 *This, REFCLSID rclsid, IDirectDrawSurface4 *surface, IDirect3DDevice3 **device, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *CreateVertexBuffer)(IDirect3D3 *This, D3DVERTEXBUFFERDESC *desc, IDirect3DVertexBuffer **vertex_buffer, DWORD flags, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *EnumZBufferFormats)(IDirect3D3 *This, REFCLSID device_iid, LPD3DENUMPIXELFORMATSCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *EvictManagedTextures)(IDirect3D3 *This);
} IDirect3D3Vtbl;

struct IDirect3D3
{
    const IDirect3D3Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3D3_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3D3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D3_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D3_EnumDevices(p, a, b) (p)->lpVtbl->EnumDevices(p, a, b)
#define IDirect3D3_CreateLight(p, a, b) (p)->lpVtbl->CreateLight(p, a, b)
#define IDirect3D3_CreateMaterial(p, a, b) (p)->lpVtbl->CreateMaterial(p, a, b)
#define IDirect3D3_CreateViewport(p, a, b) (p)->lpVtbl->CreateViewport(p, a, b)
#define IDirect3D3_FindDevice(p, a, b) (p)->lpVtbl->FindDevice(p, a, b)
#define IDirect3D3_CreateDevice(p, a, b, c, d) (p)->lpVtbl->CreateDevice(p, a, b, c, d)
#define IDirect3D3_CreateVertexBuffer(p, a, b, c, d) (p)->lpVtbl->CreateVertexBuffer(p, a, b, c, d)
#define IDirect3D3_EnumZBufferFormats(p, a, b, c) (p)->lpVtbl->EnumZBufferFormats(p, a, b, c)
#define IDirect3D3_EvictManagedTextures(p) (p)->lpVtbl->EvictManagedTextures(p)
#endif

typedef struct IDirect3DDeviceVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DDevice *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DDevice *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DDevice *This);
    /* IDirect3DDevice */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DDevice *This, IDirect3D *d3d, GUID *guid, D3DDEVICEDESC *desc);
    HRESULT (STDMETHODCALLTYPE *GetCaps)(IDirect3DDevice *This, D3DDEVICEDESC *hal_desc, D3DDEVICEDESC *hel_desc);
    HRESULT (STDMETHODCALLTYPE *SwapTextureHandles)(IDirect3DDevice *This, IDirect3DTexture *tex1, IDirect3DTexture *tex2);
    HRESULT (STDMETHODCALLTYPE *CreateExecuteBuffer)(IDirect3DDevice *This, D3DEXECUTEBUFFERDESC *desc, IDirect3DExecuteBuffer **buffer, IUnknown *outer);
    HRESULT (STDMETHODCALLTYPE *GetStats)(IDirect3DDevice *This, D3DSTATS *stats);
    HRESULT (STDMETHODCALLTYPE *Execute)(IDirect3DDevice *This, IDirect3DExecuteBuffer *buffer, IDirect3DViewport *viewport, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *AddViewport)(IDirect3DDevice *This, IDirect3DViewport *viewport);
    HRESULT (STDMETHODCALLTYPE *DeleteViewport)(IDirect3DDevice *This, IDirect3DViewport *viewport);
    HRESULT (STDMETHODCALLTYPE *NextViewport)(IDirect3DDevice *This, IDirect3DViewport *viewport, IDirect3DViewport **next, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *Pick)(IDirect3DDevice *This, IDirect3DExecuteBuffer *buffer, IDirect3DViewport *viewport, DWORD flags, D3DRECT *rect);
    HRESULT (STDMETHODCALLTYPE *GetPickRecords)(IDirect3DDevice *This, DWORD *count, D3DPICKRECORD *records);
    HRESULT (STDMETHODCALLTYPE *EnumTextureFormats)(IDirect3DDevice *This, LPD3DENUMTEXTUREFORMATSCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *CreateMatrix)(IDirect3DDevice *This, D3DMATRIXHANDLE *matrix);
    HRESULT (STDMETHODCALLTYPE *SetMatrix)(IDirect3DDevice *This, D3DMATRIXHANDLE handle, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *GetMatrix)(IDirect3DDevice *This, D3DMATRIXHANDLE handle, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *DeleteMatrix)(IDirect3DDevice *This, D3DMATRIXHANDLE handle);
    HRESULT (STDMETHODCALLTYPE *BeginScene)(IDirect3DDevice *This);
    HRESULT (STDMETHODCALLTYPE *EndScene)(IDirect3DDevice *This);
    HRESULT (STDMETHODCALLTYPE *GetDirect3D)(IDirect3DDevice *This, IDirect3D **d3d);
} IDirect3DDeviceVtbl;

struct IDirect3DDevice
{
    const IDirect3DDeviceVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DDevice_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DDevice_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DDevice_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DDevice_Initialize(p, a, b, c) (p)->lpVtbl->Initialize(p, a, b, c)
#define IDirect3DDevice_GetCaps(p, a, b) (p)->lpVtbl->GetCaps(p, a, b)
#define IDirect3DDevice_SwapTextureHandles(p, a, b) (p)->lpVtbl->SwapTextureHandles(p, a, b)
#define IDirect3DDevice_CreateExecuteBuffer(p, a, b, c) (p)->lpVtbl->CreateExecuteBuffer(p, a, b, c)
#define IDirect3DDevice_GetStats(p, a) (p)->lpVtbl->GetStats(p, a)
#define IDirect3DDevice_Execute(p, a, b, c) (p)->lpVtbl->Execute(p, a, b, c)
#define IDirect3DDevice_AddViewport(p, a) (p)->lpVtbl->AddViewport(p, a)
#define IDirect3DDevice_DeleteViewport(p, a) (p)->lpVtbl->DeleteViewport(p, a)
#define IDirect3DDevice_NextViewport(p, a, b, c) (p)->lpVtbl->NextViewport(p, a, b, c)
#define IDirect3DDevice_Pick(p, a, b, c, d) (p)->lpVtbl->Pick(p, a, b, c, d)
#define IDirect3DDevice_GetPickRecords(p, a, b) (p)->lpVtbl->GetPickRecords(p, a, b)
#define IDirect3DDevice_EnumTextureFormats(p, a, b) (p)->lpVtbl->EnumTextureFormats(p, a, b)
#define IDirect3DDevice_CreateMatrix(p, a) (p)->lpVtbl->CreateMatrix(p, a)
#define IDirect3DDevice_SetMatrix(p, a, b) (p)->lpVtbl->SetMatrix(p, a, b)
#define IDirect3DDevice_GetMatrix(p, a, b) (p)->lpVtbl->GetMatrix(p, a, b)
#define IDirect3DDevice_DeleteMatrix(p, a) (p)->lpVtbl->DeleteMatrix(p, a)
#define IDirect3DDevice_BeginScene(p) (p)->lpVtbl->BeginScene(p)
#define IDirect3DDevice_EndScene(p) (p)->lpVtbl->EndScene(p)
#define IDirect3DDevice_GetDirect3D(p, a) (p)->lpVtbl->GetDirect3D(p, a)
#endif

typedef struct IDirect3DDevice2Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DDevice2 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DDevice2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DDevice2 *This);
    /* IDirect3DDevice2 */
    HRESULT (STDMETHODCALLTYPE *GetCaps)(IDirect3DDevice2 *This, D3DDEVICEDESC *hal_desc, D3DDEVICEDESC *hel_desc);
    HRESULT (STDMETHODCALLTYPE *SwapTextureHandles)(IDirect3DDevice2 *This, IDirect3DTexture2 *tex1, IDirect3DTexture2 *tex2);
    HRESULT (STDMETHODCALLTYPE *GetStats)(IDirect3DDevice2 *This, D3DSTATS *stats);
    HRESULT (STDMETHODCALLTYPE *AddViewport)(IDirect3DDevice2 *This, IDirect3DViewport2 *viewport);
    HRESULT (STDMETHODCALLTYPE *DeleteViewport)(IDirect3DDevice2 *This, IDirect3DViewport2 *viewport);
    HRESULT (STDMETHODCALLTYPE *NextViewport)(IDirect3DDevice2 *This, IDirect3DViewport2 *viewport, IDirect3DViewport2 **next, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *EnumTextureFormats)(IDirect3DDevice2 *This, LPD3DENUMTEXTUREFORMATSCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *BeginScene)(IDirect3DDevice2 *This);
    HRESULT (STDMETHODCALLTYPE *EndScene)(IDirect3DDevice2 *This);
    HRESULT (STDMETHODCALLTYPE *GetDirect3D)(IDirect3DDevice2 *This, IDirect3D2 **d3d);
    HRESULT (STDMETHODCALLTYPE *SetCurrentViewport)(IDirect3DDevice2 *This, IDirect3DViewport2 *viewport);
    HRESULT (STDMETHODCALLTYPE *GetCurrentViewport)(IDirect3DDevice2 *This, IDirect3DViewport2 **viewport);
    HRESULT (STDMETHODCALLTYPE *SetRenderTarget)(IDirect3DDevice2 *This, IDirectDrawSurface *surface, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetRenderTarget)(IDirect3DDevice2 *This, IDirectDrawSurface **surface);
    HRESULT (STDMETHODCALLTYPE *Begin)(IDirect3DDevice2 *This, D3DPRIMITIVETYPE primitive_type, D3DVERTEXTYPE vertex_type, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *BeginIndexed)(IDirect3DDevice2 *This, D3DPRIMITIVETYPE primitive_type, D3DVERTEXTYPE vertex_type, void *vertices, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *Vertex)(IDirect3DDevice2 *This, void *vertex);
    HRESULT (STDMETHODCALLTYPE *Index)(IDirect3DDevice2 *This, WORD index);
    HRESULT (STDMETHODCALLTYPE *End)(IDirect3DDevice2 *This, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetRenderState)(IDirect3DDevice2 *This, D3DRENDERSTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *SetRenderState)(IDirect3DDevice2 *This, D3DRENDERSTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *GetLightState)(IDirect3DDevice2 *This, D3DLIGHTSTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *SetLightState)(IDirect3DDevice2 *This, D3DLIGHTSTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *SetTransform)(IDirect3DDevice2 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *GetTransform)(IDirect3DDevice2 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *MultiplyTransform)(IDirect3DDevice2 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitive)(IDirect3DDevice2 *This, D3DPRIMITIVETYPE primitive_type, D3DVERTEXTYPE vertex_type, void *vertices, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitive)(IDirect3DDevice2 *This, D3DPRIMITIVETYPE primitive_type, D3DVERTEXTYPE vertex_type, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *SetClipStatus)(IDirect3DDevice2 *This, D3DCLIPSTATUS *clip_status);
    HRESULT (STDMETHODCALLTYPE *GetClipStatus)(IDirect3DDevice2 *This, D3DCLIPSTATUS *clip_status);
} IDirect3DDevice2Vtbl;

struct IDirect3DDevice2
{
    const IDirect3DDevice2Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DDevice2_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DDevice2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DDevice2_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DDevice2_GetCaps(p, a, b) (p)->lpVtbl->GetCaps(p, a, b)
#define IDirect3DDevice2_SwapTextureHandles(p, a, b) (p)->lpVtbl->SwapTextureHandles(p, a, b)
#define IDirect3DDevice2_GetStats(p, a) (p)->lpVtbl->GetStats(p, a)
#define IDirect3DDevice2_AddViewport(p, a) (p)->lpVtbl->AddViewport(p, a)
#define IDirect3DDevice2_DeleteViewport(p, a) (p)->lpVtbl->DeleteViewport(p, a)
#define IDirect3DDevice2_NextViewport(p, a, b, c) (p)->lpVtbl->NextViewport(p, a, b, c)
#define IDirect3DDevice2_EnumTextureFormats(p, a, b) (p)->lpVtbl->EnumTextureFormats(p, a, b)
#define IDirect3DDevice2_BeginScene(p) (p)->lpVtbl->BeginScene(p)
#define IDirect3DDevice2_EndScene(p) (p)->lpVtbl->EndScene(p)
#define IDirect3DDevice2_GetDirect3D(p, a) (p)->lpVtbl->GetDirect3D(p, a)
#define IDirect3DDevice2_SetCurrentViewport(p, a) (p)->lpVtbl->SetCurrentViewport(p, a)
#define IDirect3DDevice2_GetCurrentViewport(p, a) (p)->lpVtbl->GetCurrentViewport(p, a)
#define IDirect3DDevice2_SetRenderTarget(p, a, b) (p)->lpVtbl->SetRenderTarget(p, a, b)
#define IDirect3DDevice2_GetRenderTarget(p, a) (p)->lpVtbl->GetRenderTarget(p, a)
#define IDirect3DDevice2_Begin(p, a, b, c) (p)->lpVtbl->Begin(p, a, b, c)
#define IDirect3DDevice2_BeginIndexed(p, a, b, c, d, e) (p)->lpVtbl->BeginIndexed(p, a, b, c, d, e)
#define IDirect3DDevice2_Vertex(p, a) (p)->lpVtbl->Vertex(p, a)
#define IDirect3DDevice2_Index(p, a) (p)->lpVtbl->Index(p, a)
#define IDirect3DDevice2_End(p, a) (p)->lpVtbl->End(p, a)
#define IDirect3DDevice2_GetRenderState(p, a, b) (p)->lpVtbl->GetRenderState(p, a, b)
#define IDirect3DDevice2_SetRenderState(p, a, b) (p)->lpVtbl->SetRenderState(p, a, b)
#define IDirect3DDevice2_GetLightState(p, a, b) (p)->lpVtbl->GetLightState(p, a, b)
#define IDirect3DDevice2_SetLightState(p, a, b) (p)->lpVtbl->SetLightState(p, a, b)
#define IDirect3DDevice2_SetTransform(p, a, b) (p)->lpVtbl->SetTransform(p, a, b)
#define IDirect3DDevice2_GetTransform(p, a, b) (p)->lpVtbl->GetTransform(p, a, b)
#define IDirect3DDevice2_MultiplyTransform(p, a, b) (p)->lpVtbl->MultiplyTransform(p, a, b)
#define IDirect3DDevice2_DrawPrimitive(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitive(p, a, b, c, d, e)
#define IDirect3DDevice2_DrawIndexedPrimitive(p, a, b, c, d, e, f, g) (p)->lpVtbl->DrawIndexedPrimitive(p, a, b, c, d, e, f, g)
#define IDirect3DDevice2_SetClipStatus(p, a) (p)->lpVtbl->SetClipStatus(p, a)
#define IDirect3DDevice2_GetClipStatus(p, a) (p)->lpVtbl->GetClipStatus(p, a)
#endif

typedef struct IDirect3DDevice3Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DDevice3 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DDevice3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DDevice3 *This);
    /* IDirect3DDevice3 */
    HRESULT (STDMETHODCALLTYPE *GetCaps)(IDirect3DDevice3 *This, D3DDEVICEDESC *hal_desc, D3DDEVICEDESC *hel_desc);
    HRESULT (STDMETHODCALLTYPE *GetStats)(IDirect3DDevice3 *This, D3DSTATS *stats);
    HRESULT (STDMETHODCALLTYPE *AddViewport)(IDirect3DDevice3 *This, IDirect3DViewport3 *viewport);
    HRESULT (STDMETHODCALLTYPE *DeleteViewport)(IDirect3DDevice3 *This, IDirect3DViewport3 *viewport);
    HRESULT (STDMETHODCALLTYPE *NextViewport)(IDirect3DDevice3 *This, IDirect3DViewport3 *viewport, IDirect3DViewport3 **next, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *EnumTextureFormats)(IDirect3DDevice3 *This, LPD3DENUMPIXELFORMATSCALLBACK callback, void *context);
    HRESULT (STDMETHODCALLTYPE *BeginScene)(IDirect3DDevice3 *This);
    HRESULT (STDMETHODCALLTYPE *EndScene)(IDirect3DDevice3 *This);
    HRESULT (STDMETHODCALLTYPE *GetDirect3D)(IDirect3DDevice3 *This, IDirect3D3 **d3d);
    HRESULT (STDMETHODCALLTYPE *SetCurrentViewport)(IDirect3DDevice3 *This, IDirect3DViewport3 *viewport);
    HRESULT (STDMETHODCALLTYPE *GetCurrentViewport)(IDirect3DDevice3 *This, IDirect3DViewport3 **viewport);
    HRESULT (STDMETHODCALLTYPE *SetRenderTarget)(IDirect3DDevice3 *This, IDirectDrawSurface4 *surface, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetRenderTarget)(IDirect3DDevice3 *This, IDirectDrawSurface4 **surface);
    HRESULT (STDMETHODCALLTYPE *Begin)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *BeginIndexed)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *Vertex)(IDirect3DDevice3 *This, void *vertex);
    HRESULT (STDMETHODCALLTYPE *Index)(IDirect3DDevice3 *This, WORD index);
    HRESULT (STDMETHODCALLTYPE *End)(IDirect3DDevice3 *This, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetRenderState)(IDirect3DDevice3 *This, D3DRENDERSTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *SetRenderState)(IDirect3DDevice3 *This, D3DRENDERSTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *GetLightState)(IDirect3DDevice3 *This, D3DLIGHTSTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *SetLightState)(IDirect3DDevice3 *This, D3DLIGHTSTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *SetTransform)(IDirect3DDevice3 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *GetTransform)(IDirect3DDevice3 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *MultiplyTransform)(IDirect3DDevice3 *This, D3DTRANSFORMSTATETYPE state, D3DMATRIX *matrix);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitive)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, void *vertices, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitive)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, void *vertices, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *SetClipStatus)(IDirect3DDevice3 *This, D3DCLIPSTATUS *clip_status);
    HRESULT (STDMETHODCALLTYPE *GetClipStatus)(IDirect3DDevice3 *This, D3DCLIPSTATUS *clip_status);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitiveStrided)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *strided_data, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitiveStrided)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, DWORD fvf, D3DDRAWPRIMITIVESTRIDEDDATA *strided_data, DWORD vertex_count, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitiveVB)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, IDirect3DVertexBuffer *vb, DWORD start_vertex, DWORD vertex_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitiveVB)(IDirect3DDevice3 *This, D3DPRIMITIVETYPE primitive_type, IDirect3DVertexBuffer *vb, WORD *indices, DWORD index_count, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *ComputeSphereVisibility)(IDirect3DDevice3 *This, D3DVECTOR *centers, D3DVALUE *radii, DWORD sphere_count, DWORD flags, DWORD *return_values);
    HRESULT (STDMETHODCALLTYPE *GetTexture)(IDirect3DDevice3 *This, DWORD stage, IDirect3DTexture2 **texture);
    HRESULT (STDMETHODCALLTYPE *SetTexture)(IDirect3DDevice3 *This, DWORD stage, IDirect3DTexture2 *texture);
    HRESULT (STDMETHODCALLTYPE *GetTextureStageState)(IDirect3DDevice3 *This, DWORD stage, D3DTEXTURESTAGESTATETYPE state, DWORD *value);
    HRESULT (STDMETHODCALLTYPE *SetTextureStageState)(IDirect3DDevice3 *This, DWORD stage, D3DTEXTURESTAGESTATETYPE state, DWORD value);
    HRESULT (STDMETHODCALLTYPE *ValidateDevice)(IDirect3DDevice3 *This, DWORD *pass_count);
} IDirect3DDevice3Vtbl;

struct IDirect3DDevice3
{
    const IDirect3DDevice3Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DDevice3_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DDevice3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DDevice3_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DDevice3_GetCaps(p, a, b) (p)->lpVtbl->GetCaps(p, a, b)
#define IDirect3DDevice3_GetStats(p, a) (p)->lpVtbl->GetStats(p, a)
#define IDirect3DDevice3_AddViewport(p, a) (p)->lpVtbl->AddViewport(p, a)
#define IDirect3DDevice3_DeleteViewport(p, a) (p)->lpVtbl->DeleteViewport(p, a)
#define IDirect3DDevice3_NextViewport(p, a, b, c) (p)->lpVtbl->NextViewport(p, a, b, c)
#define IDirect3DDevice3_EnumTextureFormats(p, a, b) (p)->lpVtbl->EnumTextureFormats(p, a, b)
#define IDirect3DDevice3_BeginScene(p) (p)->lpVtbl->BeginScene(p)
#define IDirect3DDevice3_EndScene(p) (p)->lpVtbl->EndScene(p)
#define IDirect3DDevice3_GetDirect3D(p, a) (p)->lpVtbl->GetDirect3D(p, a)
#define IDirect3DDevice3_SetCurrentViewport(p, a) (p)->lpVtbl->SetCurrentViewport(p, a)
#define IDirect3DDevice3_GetCurrentViewport(p, a) (p)->lpVtbl->GetCurrentViewport(p, a)
#define IDirect3DDevice3_SetRenderTarget(p, a, b) (p)->lpVtbl->SetRenderTarget(p, a, b)
#define IDirect3DDevice3_GetRenderTarget(p, a) (p)->lpVtbl->GetRenderTarget(p, a)
#define IDirect3DDevice3_Begin(p, a, b, c) (p)->lpVtbl->Begin(p, a, b, c)
#define IDirect3DDevice3_BeginIndexed(p, a, b, c, d, e) (p)->lpVtbl->BeginIndexed(p, a, b, c, d, e)
#define IDirect3DDevice3_Vertex(p, a) (p)->lpVtbl->Vertex(p, a)
#define IDirect3DDevice3_Index(p, a) (p)->lpVtbl->Index(p, a)
#define IDirect3DDevice3_End(p, a) (p)->lpVtbl->End(p, a)
#define IDirect3DDevice3_GetRenderState(p, a, b) (p)->lpVtbl->GetRenderState(p, a, b)
#define IDirect3DDevice3_SetRenderState(p, a, b) (p)->lpVtbl->SetRenderState(p, a, b)
#define IDirect3DDevice3_GetLightState(p, a, b) (p)->lpVtbl->GetLightState(p, a, b)
#define IDirect3DDevice3_SetLightState(p, a, b) (p)->lpVtbl->SetLightState(p, a, b)
#define IDirect3DDevice3_SetTransform(p, a, b) (p)->lpVtbl->SetTransform(p, a, b)
#define IDirect3DDevice3_GetTransform(p, a, b) (p)->lpVtbl->GetTransform(p, a, b)
#define IDirect3DDevice3_MultiplyTransform(p, a, b) (p)->lpVtbl->MultiplyTransform(p, a, b)
#define IDirect3DDevice3_DrawPrimitive(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitive(p, a, b, c, d, e)
#define IDirect3DDevice3_DrawIndexedPrimitive(p, a, b, c, d, e, f, g) (p)->lpVtbl->DrawIndexedPrimitive(p, a, b, c, d, e, f, g)
#define IDirect3DDevice3_SetClipStatus(p, a) (p)->lpVtbl->SetClipStatus(p, a)
#define IDirect3DDevice3_GetClipStatus(p, a) (p)->lpVtbl->GetClipStatus(p, a)
#define IDirect3DDevice3_DrawPrimitiveStrided(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitiveStrided(p, a, b, c, d, e)
#define IDirect3DDevice3_DrawIndexedPrimitiveStrided(p, a, b, c, d, e, f, g) (p)->lpVtbl->DrawIndexedPrimitiveStrided(p, a, b, c, d, e, f, g)
#define IDirect3DDevice3_DrawPrimitiveVB(p, a, b, c, d, e) (p)->lpVtbl->DrawPrimitiveVB(p, a, b, c, d, e)
#define IDirect3DDevice3_DrawIndexedPrimitiveVB(p, a, b, c, d, e) (p)->lpVtbl->DrawIndexedPrimitiveVB(p, a, b, c, d, e)
#define IDirect3DDevice3_ComputeSphereVisibility(p, a, b, c, d, e) (p)->lpVtbl->ComputeSphereVisibility(p, a, b, c, d, e)
#define IDirect3DDevice3_GetTexture(p, a, b) (p)->lpVtbl->GetTexture(p, a, b)
#define IDirect3DDevice3_SetTexture(p, a, b) (p)->lpVtbl->SetTexture(p, a, b)
#define IDirect3DDevice3_GetTextureStageState(p, a, b, c) (p)->lpVtbl->GetTextureStageState(p, a, b, c)
#define IDirect3DDevice3_SetTextureStageState(p, a, b, c) (p)->lpVtbl->SetTextureStageState(p, a, b, c)
#define IDirect3DDevice3_ValidateDevice(p, a) (p)->lpVtbl->ValidateDevice(p, a)
#endif

typedef struct IDirect3DTextureVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DTexture *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DTexture *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DTexture *This);
    /* IDirect3DTexture */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DTexture *This, IDirect3DDevice *device, IDirectDrawSurface *surface);
    HRESULT (STDMETHODCALLTYPE *GetHandle)(IDirect3DTexture *This, IDirect3DDevice *device, D3DTEXTUREHANDLE *handle);
    HRESULT (STDMETHODCALLTYPE *PaletteChanged)(IDirect3DTexture *This, DWORD start, DWORD count);
    HRESULT (STDMETHODCALLTYPE *Load)(IDirect3DTexture *This, IDirect3DTexture *src);
    HRESULT (STDMETHODCALLTYPE *Unload)(IDirect3DTexture *This);
} IDirect3DTextureVtbl;

struct IDirect3DTexture
{
    const IDirect3DTextureVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DTexture_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DTexture_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DTexture_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DTexture_Initialize(p, a, b) (p)->lpVtbl->Initialize(p, a, b)
#define IDirect3DTexture_GetHandle(p, a, b) (p)->lpVtbl->GetHandle(p, a, b)
#define IDirect3DTexture_PaletteChanged(p, a, b) (p)->lpVtbl->PaletteChanged(p, a, b)
#define IDirect3DTexture_Load(p, a) (p)->lpVtbl->Load(p, a)
#define IDirect3DTexture_Unload(p) (p)->lpVtbl->Unload(p)
#endif

typedef struct IDirect3DTexture2Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DTexture2 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DTexture2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DTexture2 *This);
    /* IDirect3DTexture2 */
    HRESULT (STDMETHODCALLTYPE *GetHandle)(IDirect3DTexture2 *This, IDirect3DDevice2 *device, D3DTEXTUREHANDLE *handle);
    HRESULT (STDMETHODCALLTYPE *PaletteChanged)(IDirect3DTexture2 *This, DWORD start, DWORD count);
    HRESULT (STDMETHODCALLTYPE *Load)(IDirect3DTexture2 *This, IDirect3DTexture2 *src);
} IDirect3DTexture2Vtbl;

struct IDirect3DTexture2
{
    const IDirect3DTexture2Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DTexture2_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DTexture2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DTexture2_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DTexture2_GetHandle(p, a, b) (p)->lpVtbl->GetHandle(p, a, b)
#define IDirect3DTexture2_PaletteChanged(p, a, b) (p)->lpVtbl->PaletteChanged(p, a, b)
#define IDirect3DTexture2_Load(p, a) (p)->lpVtbl->Load(p, a)
#endif

typedef struct IDirect3DLightVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DLight *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DLight *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DLight *This);
    /* IDirect3DLight */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DLight *This, IDirect3D *d3d);
    HRESULT (STDMETHODCALLTYPE *SetLight)(IDirect3DLight *This, D3DLIGHT *light);
    HRESULT (STDMETHODCALLTYPE *GetLight)(IDirect3DLight *This, D3DLIGHT *light);
} IDirect3DLightVtbl;

struct IDirect3DLight
{
    const IDirect3DLightVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DLight_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DLight_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DLight_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DLight_Initialize(p, a) (p)->lpVtbl->Initialize(p, a)
#define IDirect3DLight_SetLight(p, a) (p)->lpVtbl->SetLight(p, a)
#define IDirect3DLight_GetLight(p, a) (p)->lpVtbl->GetLight(p, a)
#endif

typedef struct IDirect3DMaterialVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DMaterial *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DMaterial *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DMaterial *This);
    /* IDirect3DMaterial */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DMaterial *This, IDirect3D *d3d);
    HRESULT (STDMETHODCALLTYPE *SetMaterial)(IDirect3DMaterial *This, D3DMATERIAL *material);
    HRESULT (STDMETHODCALLTYPE *GetMaterial)(IDirect3DMaterial *This, D3DMATERIAL *material);
    HRESULT (STDMETHODCALLTYPE *GetHandle)(IDirect3DMaterial *This, IDirect3DDevice *device, D3DMATERIALHANDLE *handle);
    HRESULT (STDMETHODCALLTYPE *Reserve)(IDirect3DMaterial *This);
    HRESULT (STDMETHODCALLTYPE *Unreserve)(IDirect3DMaterial *This);
} IDirect3DMaterialVtbl;

struct IDirect3DMaterial
{
    const IDirect3DMaterialVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DMaterial_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DMaterial_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DMaterial_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DMaterial_Initialize(p, a) (p)->lpVtbl->Initialize(p, a)
#define IDirect3DMaterial_SetMaterial(p, a) (p)->lpVtbl->SetMaterial(p, a)
#define IDirect3DMaterial_GetMaterial(p, a) (p)->lpVtbl->GetMaterial(p, a)
#define IDirect3DMaterial_GetHandle(p, a, b) (p)->lpVtbl->GetHandle(p, a, b)
#define IDirect3DMaterial_Reserve(p) (p)->lpVtbl->Reserve(p)
#define IDirect3DMaterial_Unreserve(p) (p)->lpVtbl->Unreserve(p)
#endif

typedef struct IDirect3DMaterial2Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DMaterial2 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DMaterial2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DMaterial2 *This);
    /* IDirect3DMaterial2 */
    HRESULT (STDMETHODCALLTYPE *SetMaterial)(IDirect3DMaterial2 *This, D3DMATERIAL *material);
    HRESULT (STDMETHODCALLTYPE *GetMaterial)(IDirect3DMaterial2 *This, D3DMATERIAL *material);
    HRESULT (STDMETHODCALLTYPE *GetHandle)(IDirect3DMaterial2 *This, IDirect3DDevice2 *device, D3DMATERIALHANDLE *handle);
} IDirect3DMaterial2Vtbl;

struct IDirect3DMaterial2
{
    const IDirect3DMaterial2Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DMaterial2_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DMaterial2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DMaterial2_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DMaterial2_SetMaterial(p, a) (p)->lpVtbl->SetMaterial(p, a)
#define IDirect3DMaterial2_GetMaterial(p, a) (p)->lpVtbl->GetMaterial(p, a)
#define IDirect3DMaterial2_GetHandle(p, a, b) (p)->lpVtbl->GetHandle(p, a, b)
#endif

typedef struct IDirect3DMaterial3Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DMaterial3 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DMaterial3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DMaterial3 *This);
    /* IDirect3DMaterial3 */
    HRESULT (STDMETHODCALLTYPE *SetMaterial)(IDirect3DMaterial3 *This, D3DMATERIAL *material);
    HRESULT (STDMETHODCALLTYPE *GetMaterial)(IDirect3DMaterial3 *This, D3DMATERIAL *material);
    HRESULT (STDMETHODCALLTYPE *GetHandle)(IDirect3DMaterial3 *This, IDirect3DDevice3 *device, D3DMATERIALHANDLE *handle);
} IDirect3DMaterial3Vtbl;

struct IDirect3DMaterial3
{
    const IDirect3DMaterial3Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DMaterial3_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DMaterial3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DMaterial3_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DMaterial3_SetMaterial(p, a) (p)->lpVtbl->SetMaterial(p, a)
#define IDirect3DMaterial3_GetMaterial(p, a) (p)->lpVtbl->GetMaterial(p, a)
#define IDirect3DMaterial3_GetHandle(p, a, b) (p)->lpVtbl->GetHandle(p, a, b)
#endif

typedef struct IDirect3DExecuteBufferVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DExecuteBuffer *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DExecuteBuffer *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DExecuteBuffer *This);
    /* IDirect3DExecuteBuffer */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DExecuteBuffer *This, IDirect3DDevice *device, D3DEXECUTEBUFFERDESC *desc);
    HRESULT (STDMETHODCALLTYPE *Lock)(IDirect3DExecuteBuffer *This, D3DEXECUTEBUFFERDESC *desc);
    HRESULT (STDMETHODCALLTYPE *Unlock)(IDirect3DExecuteBuffer *This);
    HRESULT (STDMETHODCALLTYPE *SetExecuteData)(IDirect3DExecuteBuffer *This, D3DEXECUTEDATA *data);
    HRESULT (STDMETHODCALLTYPE *GetExecuteData)(IDirect3DExecuteBuffer *This, D3DEXECUTEDATA *data);
    HRESULT (STDMETHODCALLTYPE *Validate)(IDirect3DExecuteBuffer *This, DWORD *offset, LPD3DVALIDATECALLBACK callback, void *context, DWORD reserved);
    HRESULT (STDMETHODCALLTYPE *Optimize)(IDirect3DExecuteBuffer *This, DWORD flags);
} IDirect3DExecuteBufferVtbl;

struct IDirect3DExecuteBuffer
{
    const IDirect3DExecuteBufferVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DExecuteBuffer_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DExecuteBuffer_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DExecuteBuffer_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DExecuteBuffer_Initialize(p, a, b) (p)->lpVtbl->Initialize(p, a, b)
#define IDirect3DExecuteBuffer_Lock(p, a) (p)->lpVtbl->Lock(p, a)
#define IDirect3DExecuteBuffer_Unlock(p) (p)->lpVtbl->Unlock(p)
#define IDirect3DExecuteBuffer_SetExecuteData(p, a) (p)->lpVtbl->SetExecuteData(p, a)
#define IDirect3DExecuteBuffer_GetExecuteData(p, a) (p)->lpVtbl->GetExecuteData(p, a)
#define IDirect3DExecuteBuffer_Validate(p, a, b, c, d) (p)->lpVtbl->Validate(p, a, b, c, d)
#define IDirect3DExecuteBuffer_Optimize(p, a) (p)->lpVtbl->Optimize(p, a)
#endif

typedef struct IDirect3DViewportVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DViewport *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DViewport *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DViewport *This);
    /* IDirect3DViewport */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DViewport *This, IDirect3D *d3d);
    HRESULT (STDMETHODCALLTYPE *GetViewport)(IDirect3DViewport *This, D3DVIEWPORT *data);
    HRESULT (STDMETHODCALLTYPE *SetViewport)(IDirect3DViewport *This, D3DVIEWPORT *data);
    HRESULT (STDMETHODCALLTYPE *TransformVertices)(IDirect3DViewport *This, DWORD vertex_count, D3DTRANSFORMDATA *data, DWORD flags, DWORD *offscreen);
    HRESULT (STDMETHODCALLTYPE *LightElements)(IDirect3DViewport *This, DWORD element_count, D3DLIGHTDATA *data);
    HRESULT (STDMETHODCALLTYPE *SetBackground)(IDirect3DViewport *This, D3DMATERIALHANDLE material);
    HRESULT (STDMETHODCALLTYPE *GetBackground)(IDirect3DViewport *This, D3DMATERIALHANDLE *material, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *SetBackgroundDepth)(IDirect3DViewport *This, IDirectDrawSurface *surface);
    HRESULT (STDMETHODCALLTYPE *GetBackgroundDepth)(IDirect3DViewport *This, IDirectDrawSurface **surface, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *Clear)(IDirect3DViewport *This, DWORD count, D3DRECT *rects, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *AddLight)(IDirect3DViewport *This, IDirect3DLight *light);
    HRESULT (STDMETHODCALLTYPE *DeleteLight)(IDirect3DViewport *This, IDirect3DLight *light);
    HRESULT (STDMETHODCALLTYPE *NextLight)(IDirect3DViewport *This, IDirect3DLight *light, IDirect3DLight **next, DWORD flags);
} IDirect3DViewportVtbl;

struct IDirect3DViewport
{
    const IDirect3DViewportVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DViewport_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DViewport_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DViewport_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DViewport_Initialize(p, a) (p)->lpVtbl->Initialize(p, a)
#define IDirect3DViewport_GetViewport(p, a) (p)->lpVtbl->GetViewport(p, a)
#define IDirect3DViewport_SetViewport(p, a) (p)->lpVtbl->SetViewport(p, a)
#define IDirect3DViewport_TransformVertices(p, a, b, c, d) (p)->lpVtbl->TransformVertices(p, a, b, c, d)
#define IDirect3DViewport_LightElements(p, a, b) (p)->lpVtbl->LightElements(p, a, b)
#define IDirect3DViewport_SetBackground(p, a) (p)->lpVtbl->SetBackground(p, a)
#define IDirect3DViewport_GetBackground(p, a, b) (p)->lpVtbl->GetBackground(p, a, b)
#define IDirect3DViewport_SetBackgroundDepth(p, a) (p)->lpVtbl->SetBackgroundDepth(p, a)
#define IDirect3DViewport_GetBackgroundDepth(p, a, b) (p)->lpVtbl->GetBackgroundDepth(p, a, b)
#define IDirect3DViewport_Clear(p, a, b, c) (p)->lpVtbl->Clear(p, a, b, c)
#define IDirect3DViewport_AddLight(p, a) (p)->lpVtbl->AddLight(p, a)
#define IDirect3DViewport_DeleteLight(p, a) (p)->lpVtbl->DeleteLight(p, a)
#define IDirect3DViewport_NextLight(p, a, b, c) (p)->lpVtbl->NextLight(p, a, b, c)
#endif

typedef struct IDirect3DViewport2Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DViewport2 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DViewport2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DViewport2 *This);
    /* IDirect3DViewport2 */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DViewport2 *This, IDirect3D *d3d);
    HRESULT (STDMETHODCALLTYPE *GetViewport)(IDirect3DViewport2 *This, D3DVIEWPORT *data);
    HRESULT (STDMETHODCALLTYPE *SetViewport)(IDirect3DViewport2 *This, D3DVIEWPORT *data);
    HRESULT (STDMETHODCALLTYPE *TransformVertices)(IDirect3DViewport2 *This, DWORD vertex_count, D3DTRANSFORMDATA *data, DWORD flags, DWORD *offscreen);
    HRESULT (STDMETHODCALLTYPE *LightElements)(IDirect3DViewport2 *This, DWORD element_count, D3DLIGHTDATA *data);
    HRESULT (STDMETHODCALLTYPE *SetBackground)(IDirect3DViewport2 *This, D3DMATERIALHANDLE material);
    HRESULT (STDMETHODCALLTYPE *GetBackground)(IDirect3DViewport2 *This, D3DMATERIALHANDLE *material, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *SetBackgroundDepth)(IDirect3DViewport2 *This, IDirectDrawSurface *surface);
    HRESULT (STDMETHODCALLTYPE *GetBackgroundDepth)(IDirect3DViewport2 *This, IDirectDrawSurface **surface, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *Clear)(IDirect3DViewport2 *This, DWORD count, D3DRECT *rects, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *AddLight)(IDirect3DViewport2 *This, IDirect3DLight *light);
    HRESULT (STDMETHODCALLTYPE *DeleteLight)(IDirect3DViewport2 *This, IDirect3DLight *light);
    HRESULT (STDMETHODCALLTYPE *NextLight)(IDirect3DViewport2 *This, IDirect3DLight *light, IDirect3DLight **next, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetViewport2)(IDirect3DViewport2 *This, D3DVIEWPORT2 *data);
    HRESULT (STDMETHODCALLTYPE *SetViewport2)(IDirect3DViewport2 *This, D3DVIEWPORT2 *data);
} IDirect3DViewport2Vtbl;

struct IDirect3DViewport2
{
    const IDirect3DViewport2Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DViewport2_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DViewport2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DViewport2_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DViewport2_Initialize(p, a) (p)->lpVtbl->Initialize(p, a)
#define IDirect3DViewport2_GetViewport(p, a) (p)->lpVtbl->GetViewport(p, a)
#define IDirect3DViewport2_SetViewport(p, a) (p)->lpVtbl->SetViewport(p, a)
#define IDirect3DViewport2_TransformVertices(p, a, b, c, d) (p)->lpVtbl->TransformVertices(p, a, b, c, d)
#define IDirect3DViewport2_LightElements(p, a, b) (p)->lpVtbl->LightElements(p, a, b)
#define IDirect3DViewport2_SetBackground(p, a) (p)->lpVtbl->SetBackground(p, a)
#define IDirect3DViewport2_GetBackground(p, a, b) (p)->lpVtbl->GetBackground(p, a, b)
#define IDirect3DViewport2_SetBackgroundDepth(p, a) (p)->lpVtbl->SetBackgroundDepth(p, a)
#define IDirect3DViewport2_GetBackgroundDepth(p, a, b) (p)->lpVtbl->GetBackgroundDepth(p, a, b)
#define IDirect3DViewport2_Clear(p, a, b, c) (p)->lpVtbl->Clear(p, a, b, c)
#define IDirect3DViewport2_AddLight(p, a) (p)->lpVtbl->AddLight(p, a)
#define IDirect3DViewport2_DeleteLight(p, a) (p)->lpVtbl->DeleteLight(p, a)
#define IDirect3DViewport2_NextLight(p, a, b, c) (p)->lpVtbl->NextLight(p, a, b, c)
#define IDirect3DViewport2_GetViewport2(p, a) (p)->lpVtbl->GetViewport2(p, a)
#define IDirect3DViewport2_SetViewport2(p, a) (p)->lpVtbl->SetViewport2(p, a)
#endif

typedef struct IDirect3DViewport3Vtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DViewport3 *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DViewport3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DViewport3 *This);
    /* IDirect3DViewport3 */
    HRESULT (STDMETHODCALLTYPE *Initialize)(IDirect3DViewport3 *This, IDirect3D *d3d);
    HRESULT (STDMETHODCALLTYPE *GetViewport)(IDirect3DViewport3 *This, D3DVIEWPORT *data);
    HRESULT (STDMETHODCALLTYPE *SetViewport)(IDirect3DViewport3 *This, D3DVIEWPORT *data);
    HRESULT (STDMETHODCALLTYPE *TransformVertices)(IDirect3DViewport3 *This, DWORD vertex_count, D3DTRANSFORMDATA *data, DWORD flags, DWORD *offscreen);
    HRESULT (STDMETHODCALLTYPE *LightElements)(IDirect3DViewport3 *This, DWORD element_count, D3DLIGHTDATA *data);
    HRESULT (STDMETHODCALLTYPE *SetBackground)(IDirect3DViewport3 *This, D3DMATERIALHANDLE material);
    HRESULT (STDMETHODCALLTYPE *GetBackground)(IDirect3DViewport3 *This, D3DMATERIALHANDLE *material, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *SetBackgroundDepth)(IDirect3DViewport3 *This, IDirectDrawSurface *surface);
    HRESULT (STDMETHODCALLTYPE *GetBackgroundDepth)(IDirect3DViewport3 *This, IDirectDrawSurface **surface, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *Clear)(IDirect3DViewport3 *This, DWORD count, D3DRECT *rects, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *AddLight)(IDirect3DViewport3 *This, IDirect3DLight *light);
    HRESULT (STDMETHODCALLTYPE *DeleteLight)(IDirect3DViewport3 *This, IDirect3DLight *light);
    HRESULT (STDMETHODCALLTYPE *NextLight)(IDirect3DViewport3 *This, IDirect3DLight *light, IDirect3DLight **next, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetViewport2)(IDirect3DViewport3 *This, D3DVIEWPORT2 *data);
    HRESULT (STDMETHODCALLTYPE *SetViewport2)(IDirect3DViewport3 *This, D3DVIEWPORT2 *data);
    HRESULT (STDMETHODCALLTYPE *SetBackgroundDepth2)(IDirect3DViewport3 *This, IDirectDrawSurface4 *surface);
    HRESULT (STDMETHODCALLTYPE *GetBackgroundDepth2)(IDirect3DViewport3 *This, IDirectDrawSurface4 **surface, BOOL *valid);
    HRESULT (STDMETHODCALLTYPE *Clear2)(IDirect3DViewport3 *This, DWORD count, D3DRECT *rects, DWORD flags, D3DCOLOR color, D3DVALUE z, DWORD stencil);
} IDirect3DViewport3Vtbl;

struct IDirect3DViewport3
{
    const IDirect3DViewport3Vtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DViewport3_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DViewport3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DViewport3_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DViewport3_Initialize(p, a) (p)->lpVtbl->Initialize(p, a)
#define IDirect3DViewport3_GetViewport(p, a) (p)->lpVtbl->GetViewport(p, a)
#define IDirect3DViewport3_SetViewport(p, a) (p)->lpVtbl->SetViewport(p, a)
#define IDirect3DViewport3_TransformVertices(p, a, b, c, d) (p)->lpVtbl->TransformVertices(p, a, b, c, d)
#define IDirect3DViewport3_LightElements(p, a, b) (p)->lpVtbl->LightElements(p, a, b)
#define IDirect3DViewport3_SetBackground(p, a) (p)->lpVtbl->SetBackground(p, a)
#define IDirect3DViewport3_GetBackground(p, a, b) (p)->lpVtbl->GetBackground(p, a, b)
#define IDirect3DViewport3_SetBackgroundDepth(p, a) (p)->lpVtbl->SetBackgroundDepth(p, a)
#define IDirect3DViewport3_GetBackgroundDepth(p, a, b) (p)->lpVtbl->GetBackgroundDepth(p, a, b)
#define IDirect3DViewport3_Clear(p, a, b, c) (p)->lpVtbl->Clear(p, a, b, c)
#define IDirect3DViewport3_AddLight(p, a) (p)->lpVtbl->AddLight(p, a)
#define IDirect3DViewport3_DeleteLight(p, a) (p)->lpVtbl->DeleteLight(p, a)
#define IDirect3DViewport3_NextLight(p, a, b, c) (p)->lpVtbl->NextLight(p, a, b, c)
#define IDirect3DViewport3_GetViewport2(p, a) (p)->lpVtbl->GetViewport2(p, a)
#define IDirect3DViewport3_SetViewport2(p, a) (p)->lpVtbl->SetViewport2(p, a)
#define IDirect3DViewport3_SetBackgroundDepth2(p, a) (p)->lpVtbl->SetBackgroundDepth2(p, a)
#define IDirect3DViewport3_GetBackgroundDepth2(p, a, b) (p)->lpVtbl->GetBackgroundDepth2(p, a, b)
#define IDirect3DViewport3_Clear2(p, a, b, c, d, e, f) (p)->lpVtbl->Clear2(p, a, b, c, d, e, f)
#endif

typedef struct IDirect3DVertexBufferVtbl
{
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDirect3DVertexBuffer *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVertexBuffer *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVertexBuffer *This);
    /* IDirect3DVertexBuffer */
    HRESULT (STDMETHODCALLTYPE *Lock)(IDirect3DVertexBuffer *This, DWORD flags, void **data, DWORD *data_size);
    HRESULT (STDMETHODCALLTYPE *Unlock)(IDirect3DVertexBuffer *This);
    HRESULT (STDMETHODCALLTYPE *ProcessVertices)(IDirect3DVertexBuffer *This, DWORD vertex_op, DWORD dst_idx, DWORD count, IDirect3DVertexBuffer *src_buffer, DWORD src_idx, IDirect3DDevice3 *device, DWORD flags);
    HRESULT (STDMETHODCALLTYPE *GetVertexBufferDesc)(IDirect3DVertexBuffer *This, D3DVERTEXBUFFERDESC *desc);
    HRESULT (STDMETHODCALLTYPE *Optimize)(IDirect3DVertexBuffer *This, IDirect3DDevice3 *device, DWORD flags);
} IDirect3DVertexBufferVtbl;

struct IDirect3DVertexBuffer
{
    const IDirect3DVertexBufferVtbl *lpVtbl;
};

#if !defined(__cplusplus) || defined(CINTERFACE)
#define IDirect3DVertexBuffer_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IDirect3DVertexBuffer_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVertexBuffer_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVertexBuffer_Lock(p, a, b, c) (p)->lpVtbl->Lock(p, a, b, c)
#define IDirect3DVertexBuffer_Unlock(p) (p)->lpVtbl->Unlock(p)
#define IDirect3DVertexBuffer_ProcessVertices(p, a, b, c, d, e, f, g) (p)->lpVtbl->ProcessVertices(p, a, b, c, d, e, f, g)
#define IDirect3DVertexBuffer_GetVertexBufferDesc(p, a) (p)->lpVtbl->GetVertexBufferDesc(p, a)
#define IDirect3DVertexBuffer_Optimize(p, a, b) (p)->lpVtbl->Optimize(p, a, b)
#endif

#ifdef __cplusplus
}
#endif

#endif /* DX7GL_D3D_H */

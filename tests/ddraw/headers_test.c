/*
 * Native checks of dx7gl's DirectDraw / Direct3D 7 headers: the Win32 base
 * types have their Windows widths, every structure has the x86_64 Windows
 * layout, result codes and GUIDs have their documented values and the C call
 * macros reach the right vtable slot.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#define INITGUID
#include <ddraw.h>
#include <d3d.h>

#include "headers_layout.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void test_base_types(void **state)
{
    assert_int_equal(sizeof(BYTE), 1);
    assert_int_equal(sizeof(WORD), 2);
    assert_int_equal(sizeof(DWORD), 4);
    assert_int_equal(sizeof(LONG), 4);
    assert_int_equal(sizeof(ULONG), 4);
    assert_int_equal(sizeof(BOOL), 4);
    assert_int_equal(sizeof(HRESULT), 4);
    assert_int_equal(sizeof(WCHAR), 2);
    assert_int_equal(sizeof(GUID), 16);
    assert_int_equal(sizeof(LARGE_INTEGER), 8);
    assert_int_equal(sizeof(RECT), 16);
    assert_int_equal(sizeof(POINT), 8);
    assert_int_equal(sizeof(SIZE), 8);
    assert_int_equal(sizeof(PALETTEENTRY), 4);
    assert_int_equal(sizeof(RGNDATAHEADER), 32);
    assert_int_equal(sizeof(HWND), sizeof(void *));
    assert_int_equal(sizeof(DWORD_PTR), sizeof(void *));
    assert_true((DWORD)-1 > 0);
    assert_true((LONG)-1 < 0);
}

struct layout_row
{
    const char *name;
    size_t actual;
    size_t win32;
    size_t win64;
};

static void test_layouts(void **state)
{
    static const struct layout_row rows[] =
    {
#define X(expr, name, v32, v64) {name, expr, v32, v64},
        DX7GL_LAYOUT_TABLE
#undef X
    };
    unsigned int i, failures = 0;

    assert_true(ARRAY_SIZE(rows) > 100);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        if (rows[i].actual == rows[i].win64)
            continue;
        print_error("%s: %zu, Win64 has %zu\n", rows[i].name, rows[i].actual, rows[i].win64);
        ++failures;
    }
    assert_int_equal(failures, 0);
    /* Documented 32-bit sizes, as a sanity check of the table itself. */
    assert_int_equal(sizeof(DDCAPS), 380);
    assert_int_equal(sizeof(DDCAPS_DX5), 364);
    assert_int_equal(sizeof(DDCAPS_DX3), 316);
    assert_int_equal(sizeof(D3DDEVICEDESC7), 236);
    assert_int_equal(sizeof(D3DDEVICEDESC), 252);
}

static void test_result_codes(void **state)
{
    assert_int_equal((uint32_t)DD_OK, 0);
    assert_int_equal((uint32_t)DDERR_INVALIDPARAMS, 0x80070057);
    assert_int_equal((uint32_t)DDERR_OUTOFMEMORY, 0x8007000e);
    assert_int_equal((uint32_t)DDERR_UNSUPPORTED, 0x80004001);
    assert_int_equal((uint32_t)DDERR_GENERIC, 0x80004005);
    assert_int_equal((uint32_t)DDERR_SURFACELOST, 0x887601c2);
    assert_int_equal((uint32_t)DDERR_INVALIDOBJECT, 0x88760082);
    assert_int_equal((uint32_t)DDERR_NOCOOPERATIVELEVELSET, 0x887600d4);
    assert_int_equal((uint32_t)DDERR_NOTLOCKED, 0x88760248);
    assert_int_equal((uint32_t)D3DERR_SCENE_IN_SCENE, 0x887602f8);
    assert_int_equal((uint32_t)D3DERR_INVALIDVERTEXFORMAT, 0x88760800);
    assert_true(FAILED(DDERR_WASSTILLDRAWING));
    assert_true(SUCCEEDED(DD_FALSE));
}

static void test_guids(void **state)
{
    static const GUID ddraw7 = {0x15e65ec0, 0x3b9c, 0x11d2, {0xb9, 0x2f, 0x00, 0x60, 0x97, 0x97, 0xea, 0x5b}};

    assert_true(IsEqualGUID(&IID_IDirectDraw7, &ddraw7));
    assert_false(IsEqualGUID(&IID_IDirectDraw7, &IID_IDirectDraw4));
    assert_int_equal(IID_IDirect3DDevice7.Data1, 0xf5049e79);
    assert_int_equal(IID_IDirect3DTnLHalDevice.Data1, 0xf5049e78);
    assert_int_equal(CLSID_DirectDraw7.Data1, 0x3c305196);
    assert_int_equal(IID_IUnknown.Data4[0], 0xc0);
    assert_int_equal(IID_IUnknown.Data4[7], 0x46);
}

/* A fake object whose CreateSurface records its arguments: the macro must pass
 * the object itself first and the arguments in order. */
static IDirectDraw7 *seen_this;
static DDSURFACEDESC2 *seen_desc;
static HRESULT STDMETHODCALLTYPE fake_create_surface(IDirectDraw7 *iface, DDSURFACEDESC2 *desc,
        IDirectDrawSurface7 **surface, IUnknown *outer)
{
    seen_this = iface;
    seen_desc = desc;
    *surface = NULL;
    return DDERR_NOCOOPERATIVELEVELSET;
}

static HRESULT STDMETHODCALLTYPE fake_set_render_state(IDirect3DDevice7 *iface,
        D3DRENDERSTATETYPE state, DWORD value)
{
    return state == D3DRENDERSTATE_LIGHTING && value == 7 ? D3D_OK : E_FAIL;
}

static void test_call_macros(void **state)
{
    IDirectDraw7Vtbl vtbl = {0};
    IDirectDraw7 object = {&vtbl};
    IDirect3DDevice7Vtbl dev_vtbl = {0};
    IDirect3DDevice7 device = {&dev_vtbl};
    IDirectDrawSurface7 *surface = (void *)1;
    DDSURFACEDESC2 desc;

    vtbl.CreateSurface = fake_create_surface;
    assert_int_equal(IDirectDraw7_CreateSurface(&object, &desc, &surface, NULL), DDERR_NOCOOPERATIVELEVELSET);
    assert_ptr_equal(seen_this, &object);
    assert_ptr_equal(seen_desc, &desc);
    assert_null(surface);

    dev_vtbl.SetRenderState = fake_set_render_state;
    assert_int_equal(IDirect3DDevice7_SetRenderState(&device, D3DRENDERSTATE_LIGHTING, 7), D3D_OK);
    /* Vtable slot positions of a few methods (pointer slots from 0). */
    assert_int_equal(offsetof(IDirectDraw7Vtbl, CreateSurface) / sizeof(void *), 6);
    assert_int_equal(offsetof(IDirectDraw7Vtbl, EvaluateMode) / sizeof(void *), 29);
    assert_int_equal(offsetof(IDirectDrawSurface7Vtbl, Lock) / sizeof(void *), 25);
    assert_int_equal(offsetof(IDirectDrawSurface7Vtbl, GetLOD) / sizeof(void *), 48);
    assert_int_equal(offsetof(IDirect3DDevice7Vtbl, SetRenderState) / sizeof(void *), 20);
    assert_int_equal(offsetof(IDirect3DDevice7Vtbl, GetInfo) / sizeof(void *), 48);
}

static void test_constants(void **state)
{
    assert_int_equal(DDSD_ALL, 0x00fff9ee);
    assert_int_equal(DDSCAPS_PRIMARYSURFACE, 0x200);
    assert_int_equal(DDSCL_FPUPRESERVE, 0x1000);
    assert_int_equal(DDLOCK_DISCARDCONTENTS, 0x2000);
    assert_int_equal(DDBLT_COLORFILL, 0x400);
    assert_int_equal(D3DFVF_TLVERTEX, 0x1c4);
    assert_int_equal(D3DFVF_LVERTEX, 0x1e2);
    assert_int_equal(D3DFVF_VERTEX, 0x112);
    assert_int_equal(D3DRENDERSTATE_CLIPPLANEENABLE, 152);
    assert_int_equal(D3DRENDERSTATE_STIPPLEPATTERN(31), 95);
    assert_int_equal(D3DTSS_TEXTURETRANSFORMFLAGS, 24);
    assert_int_equal(D3DTOP_DOTPRODUCT3, 24);
    assert_int_equal(D3DFVF_TEXCOORDSIZE1(1), 3 << 18);
    assert_int_equal(RGBA_MAKE(1, 2, 3, 4), 0x04010203);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_base_types),
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_result_codes),
        cmocka_unit_test(test_guids),
        cmocka_unit_test(test_call_macros),
        cmocka_unit_test(test_constants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

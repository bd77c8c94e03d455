/*
 * DirectDraw object creation, QueryInterface and the per-interface reference
 * counts, GetCaps, GetDeviceIdentifier, enumeration and the argument checks
 * of the exports.  Runs against dx7gl's ddraw.dll and Wine's builtin one.
 */
#include "config.h"

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "wined3d-lite/wined3d.h"
#include "ddraw_test.h"

static void test_create(void)
{
    IDirectDraw7 *ddraw7;
    IDirectDraw *ddraw1;
    IUnknown *unknown;
    void *out;
    HRESULT hr;
    ULONG ref;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "DirectDrawCreateEx with IID_IDirectDraw: hr %#lx.\n", hr);
    hr = DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, (IUnknown *)0xdeadbeef);
    ok(hr == CLASS_E_NOAGGREGATION, "Aggregation: hr %#lx.\n", hr);

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    ref = get_refcount((IUnknown *)ddraw7);
    ok(ref == 1, "Refcount %lu.\n", ref);
    ref = IDirectDraw7_Release(ddraw7);
    ok(!ref, "Release returned %lu.\n", ref);

    hr = DirectDrawCreate(NULL, &ddraw1, NULL);
    ok(hr == DD_OK, "DirectDrawCreate: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IDirectDraw_QueryInterface(ddraw1, &IID_IDirectDraw7, &out);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw7): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        ref = get_refcount((IUnknown *)out);
        ok(ref == 1, "IDirectDraw7 refcount %lu.\n", ref);
        ref = get_refcount((IUnknown *)ddraw1);
        ok(ref == 1, "IDirectDraw refcount %lu.\n", ref);
        IDirectDraw7_Release((IDirectDraw7 *)out);
    }
    hr = IDirectDraw_QueryInterface(ddraw1, &IID_IUnknown, (void **)&unknown);
    ok(hr == DD_OK, "QueryInterface(IUnknown): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
        IUnknown_Release(unknown);
    ref = IDirectDraw_Release(ddraw1);
    ok(!ref, "Release returned %lu.\n", ref);
}

static void test_query_interface(void)
{
    IDirectDraw7 *ddraw7;
    IDirectDraw4 *ddraw4;
    IDirectDraw2 *ddraw2;
    IDirectDraw *ddraw1;
    void *out = (void *)0xdeadbeef;
    HRESULT hr;
    ULONG ref;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw7, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;

    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw4, (void **)&ddraw4);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw4): hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw2, (void **)&ddraw2);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw2): hr %#lx.\n", hr);
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDraw, (void **)&ddraw1);
    ok(hr == DD_OK, "QueryInterface(IDirectDraw): hr %#lx.\n", hr);

    /* Each interface counts on its own. */
    ref = IDirectDraw4_AddRef(ddraw4);
    ok(ref == 2, "IDirectDraw4 AddRef returned %lu.\n", ref);
    ref = IDirectDraw2_AddRef(ddraw2);
    ok(ref == 2, "IDirectDraw2 AddRef returned %lu.\n", ref);
    ref = get_refcount((IUnknown *)ddraw7);
    ok(ref == 1, "IDirectDraw7 refcount %lu.\n", ref);
    ref = get_refcount((IUnknown *)ddraw1);
    ok(ref == 1, "IDirectDraw refcount %lu.\n", ref);
    IDirectDraw4_Release(ddraw4);
    IDirectDraw2_Release(ddraw2);

    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDrawSurface7, &out);
    ok(hr == E_NOINTERFACE, "QueryInterface(IDirectDrawSurface7): hr %#lx.\n", hr);
    ok(!out, "Got %p.\n", out);
    hr = IDirectDraw7_QueryInterface(ddraw7, &IID_IDirectDrawPalette, &out);
    ok(hr == E_NOINTERFACE, "QueryInterface(IDirectDrawPalette): hr %#lx.\n", hr);

    /* The object lives while any interface has references. */
    ref = IDirectDraw7_Release(ddraw7);
    ok(!ref, "IDirectDraw7 Release returned %lu.\n", ref);
    ref = IDirectDraw4_Release(ddraw4);
    ok(!ref, "IDirectDraw4 Release returned %lu.\n", ref);
    ref = IDirectDraw2_Release(ddraw2);
    ok(!ref, "IDirectDraw2 Release returned %lu.\n", ref);
    hr = IDirectDraw_SetCooperativeLevel(ddraw1, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel on the remaining interface: hr %#lx.\n", hr);
    ref = IDirectDraw_Release(ddraw1);
    ok(!ref, "IDirectDraw Release returned %lu.\n", ref);
}

static void test_caps(void)
{
    DDCAPS driver_caps, hel_caps;
    DDDEVICEIDENTIFIER2 id;
    IDirectDraw7 *ddraw;
    DWORD count, codes[8];
    HRESULT hr;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;

    hr = IDirectDraw7_GetCaps(ddraw, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "GetCaps(NULL, NULL): hr %#lx.\n", hr);
    memset(&driver_caps, 0, sizeof(driver_caps));
    hr = IDirectDraw7_GetCaps(ddraw, &driver_caps, NULL);
    /* Wine's builtin copies as many bytes as dwSize says. */
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "GetCaps with dwSize 0: hr %#lx.\n", hr);
    driver_caps.dwSize = sizeof(driver_caps) + 1;
    hr = IDirectDraw7_GetCaps(ddraw, &driver_caps, NULL);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "GetCaps with a wrong dwSize: hr %#lx.\n", hr);

    memset(&driver_caps, 0, sizeof(driver_caps));
    driver_caps.dwSize = sizeof(driver_caps);
    memset(&hel_caps, 0, sizeof(hel_caps));
    hel_caps.dwSize = sizeof(hel_caps);
    hr = IDirectDraw7_GetCaps(ddraw, &driver_caps, &hel_caps);
    ok(hr == DD_OK, "GetCaps: hr %#lx.\n", hr);
    ok(driver_caps.dwSize == sizeof(driver_caps), "dwSize %lu.\n", driver_caps.dwSize);
    ok(driver_caps.dwCaps & DDCAPS_BLT, "No DDCAPS_BLT in %#lx.\n", driver_caps.dwCaps);
    ok(driver_caps.dwCaps & DDCAPS_BLTCOLORFILL, "No DDCAPS_BLTCOLORFILL in %#lx.\n", driver_caps.dwCaps);
    ok(driver_caps.dwVidMemTotal >= driver_caps.dwVidMemFree, "Free %lu > total %lu.\n",
            driver_caps.dwVidMemFree, driver_caps.dwVidMemTotal);
    /* The DirectX 5 size is accepted too. */
    memset(&driver_caps, 0xcc, sizeof(driver_caps));
    driver_caps.dwSize = sizeof(DDCAPS_DX5);
    hr = IDirectDraw7_GetCaps(ddraw, &driver_caps, NULL);
    ok(hr == DD_OK, "GetCaps (DX5 size): hr %#lx.\n", hr);
    ok(driver_caps.ddsCaps.dwCaps == 0xcccccccc, "Wrote past the DX5 size.\n");

    hr = IDirectDraw7_GetDeviceIdentifier(ddraw, NULL, 0);
    ok(hr == DDERR_INVALIDPARAMS, "GetDeviceIdentifier(NULL): hr %#lx.\n", hr);
    memset(&id, 0, sizeof(id));
    hr = IDirectDraw7_GetDeviceIdentifier(ddraw, &id, 0);
    ok(hr == DD_OK, "GetDeviceIdentifier: hr %#lx.\n", hr);
    ok(id.szDescription[0], "Empty description.\n");
    trace("Device: \"%s\" / \"%s\".\n", id.szDriver, id.szDescription);
    /* The driver DLL's name; nothing written past dwWHQLLevel, where the
     * structure's padding may be the program's next variable (Wine's
     * ddrawmodes.c testddraw7). */
    ok(!!strstr(id.szDriver, ".dll"), "szDriver \"%s\".\n", id.szDriver);
    {
        DWORD size = offsetof(DDDEVICEIDENTIFIER2, dwWHQLLevel) + sizeof(DWORD);
        BYTE buffer[sizeof(DDDEVICEIDENTIFIER2) + 8];

        memset(buffer, 0xab, sizeof(buffer));
        hr = IDirectDraw7_GetDeviceIdentifier(ddraw, (DDDEVICEIDENTIFIER2 *)buffer, 0);
        ok(hr == DD_OK, "GetDeviceIdentifier: hr %#lx.\n", hr);
        ok(buffer[size] == 0xab && buffer[size + 3] == 0xab, "Wrote past dwWHQLLevel.\n");
    }
    /* Not implemented on Windows, whatever the arguments. */
    ok(DirectDrawEnumerateExW(NULL, NULL, 0) == DDERR_UNSUPPORTED, "DirectDrawEnumerateExW(NULL).\n");

    hr = IDirectDraw7_GetFourCCCodes(ddraw, NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS || broken(hr == DD_OK), "GetFourCCCodes(NULL): hr %#lx.\n", hr);
    count = 0;
    hr = IDirectDraw7_GetFourCCCodes(ddraw, &count, NULL);
    ok(hr == DD_OK, "GetFourCCCodes: hr %#lx.\n", hr);
    ok(count >= 5 || broken(count < 5), "Got %lu codes.\n", count);
    if (count > ARRAY_SIZE(codes))
        count = ARRAY_SIZE(codes);
    hr = IDirectDraw7_GetFourCCCodes(ddraw, &count, codes);
    ok(hr == DD_OK, "GetFourCCCodes: hr %#lx.\n", hr);

    IDirectDraw7_Release(ddraw);
}

static BOOL WINAPI enum_cb(GUID *guid, char *description, char *name, void *context)
{
    ++*(unsigned int *)context;
    ok(!guid, "The primary display has GUID %p.\n", guid);
    ok(description && name, "Missing strings.\n");
    return TRUE;
}

static BOOL WINAPI enum_ex_cb(GUID *guid, char *description, char *name, void *context, HMONITOR monitor)
{
    if (!guid)
        ++*(unsigned int *)context;
    return TRUE;
}

static void test_enumerate(void)
{
    unsigned int count = 0;
    HRESULT hr;

    hr = DirectDrawEnumerateA(NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "DirectDrawEnumerateA(NULL): hr %#lx.\n", hr);
    hr = DirectDrawEnumerateA(enum_cb, &count);
    ok(hr == DD_OK, "DirectDrawEnumerateA: hr %#lx.\n", hr);
    ok(count == 1, "%u callbacks.\n", count);

    count = 0;
    hr = DirectDrawEnumerateExA(enum_ex_cb, &count, 0);
    ok(hr == DD_OK, "DirectDrawEnumerateExA: hr %#lx.\n", hr);
    ok(count == 1, "%u callbacks for the primary display.\n", count);
    hr = DirectDrawEnumerateExA(enum_ex_cb, &count, 0x80000000);
    ok(hr == DDERR_INVALIDPARAMS, "DirectDrawEnumerateExA with bad flags: hr %#lx.\n", hr);

    hr = DirectDrawEnumerateW(NULL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "DirectDrawEnumerateW(NULL): hr %#lx.\n", hr);
}

static void test_cooperative_level_basics(void)
{
    DDSURFACEDESC2 desc;
    IDirectDrawSurface7 *surface;
    IDirectDraw7 *ddraw;
    HRESULT hr;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 16;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DDERR_NOCOOPERATIVELEVELSET, "CreateSurface without a cooperative level: hr %#lx.\n", hr);

    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_FULLSCREEN);
    ok(hr == DDERR_INVALIDPARAMS, "DDSCL_FULLSCREEN alone: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DDERR_INVALIDPARAMS, "Exclusive without a window: hr %#lx.\n", hr);
    /* Windows takes DDSCL_FULLSCREEN with DDSCL_NORMAL as normal mode. */
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "DDSCL_NORMAL | DDSCL_FULLSCREEN: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, 0);
    ok(hr == DDERR_INVALIDPARAMS, "No flags: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "DDSCL_NORMAL: hr %#lx.\n", hr);

    IDirectDraw7_Release(ddraw);
}

static void test_class_factory(void)
{
    IDirectDrawClipper *clipper;
    IDirectDraw7 *ddraw;
    DDCAPS caps;
    HRESULT hr;

    hr = CoInitialize(NULL);
    ok(SUCCEEDED(hr), "CoInitialize: hr %#lx.\n", hr);
    hr = CoCreateInstance(&CLSID_DirectDraw7, NULL, CLSCTX_INPROC_SERVER, &IID_IDirectDraw7, (void **)&ddraw);
    if (FAILED(hr))
    {
        /* Wine registers its system ddraw.dll as the server; a native one
         * next to the program is not loaded through COM. */
        skip("CoCreateInstance(CLSID_DirectDraw7): hr %#lx.\n", hr);
        CoUninitialize();
        return;
    }
    /* Not initialised until Initialize(). */
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    /* Wine's builtin does not check. */
    ok(hr == DDERR_NOTINITIALIZED || broken(hr == DD_OK), "SetCooperativeLevel before Initialize: hr %#lx.\n", hr);
    hr = IDirectDraw7_Initialize(ddraw, NULL);
    ok(hr == DD_OK, "Initialize: hr %#lx.\n", hr);
    hr = IDirectDraw7_Initialize(ddraw, NULL);
    ok(hr == DDERR_ALREADYINITIALIZED, "Second Initialize: hr %#lx.\n", hr);
    memset(&caps, 0, sizeof(caps));
    caps.dwSize = sizeof(caps);
    hr = IDirectDraw7_GetCaps(ddraw, &caps, NULL);
    ok(hr == DD_OK, "GetCaps: hr %#lx.\n", hr);
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");

    hr = CoCreateInstance(&CLSID_DirectDrawClipper, NULL, CLSCTX_INPROC_SERVER, &IID_IDirectDrawClipper,
            (void **)&clipper);
    ok(hr == DD_OK, "CoCreateInstance(CLSID_DirectDrawClipper): hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDrawClipper_Initialize(clipper, NULL, 0);
        ok(hr == DD_OK, "Clipper Initialize: hr %#lx.\n", hr);
        hr = IDirectDrawClipper_Initialize(clipper, NULL, 0);
        ok(hr == DDERR_ALREADYINITIALIZED, "Second clipper Initialize: hr %#lx.\n", hr);
        IDirectDrawClipper_Release(clipper);
    }
    CoUninitialize();
}

/* The class factory straight from the DLL (COM itself would load the
 * registered system ddraw.dll). */
static void test_dll_get_class_object(void)
{
    HRESULT (WINAPI *get_class_object)(REFCLSID clsid, REFIID iid, void **out);
    IClassFactory *factory;
    IDirectDraw7 *ddraw;
    HMODULE module;
    HRESULT hr;

    module = GetModuleHandleA("ddraw.dll");
    ok(!!module, "ddraw.dll is not loaded.\n");
    if (!module)
        return;
    get_class_object = (void *)GetProcAddress(module, "DllGetClassObject");
    ok(!!get_class_object, "No DllGetClassObject export.\n");
    if (!get_class_object)
        return;
    hr = get_class_object(&IID_IDirectDraw7, &IID_IClassFactory, (void **)&factory);
    ok(hr == CLASS_E_CLASSNOTAVAILABLE, "Unknown class: hr %#lx.\n", hr);
    hr = get_class_object(&CLSID_DirectDraw7, &IID_IClassFactory, (void **)&factory);
    ok(hr == S_OK, "DllGetClassObject(CLSID_DirectDraw7): hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IClassFactory_CreateInstance(factory, NULL, &IID_IDirectDraw7, (void **)&ddraw);
    ok(hr == S_OK, "CreateInstance: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
        ok(hr == DDERR_NOTINITIALIZED || broken(hr == DD_OK), "SetCooperativeLevel before Initialize: hr %#lx.\n", hr);
        hr = IDirectDraw7_Initialize(ddraw, NULL);
        ok(hr == DD_OK || broken(hr == DDERR_ALREADYINITIALIZED), "Initialize: hr %#lx.\n", hr);
        hr = IDirectDraw7_Initialize(ddraw, NULL);
        ok(hr == DDERR_ALREADYINITIALIZED, "Second Initialize: hr %#lx.\n", hr);
        ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");
    }
    IClassFactory_Release(factory);
}

/* dx7gl's own export: ours has it, Wine's builtin (and Windows') does not. */
static void test_dx7gl_get_counters(void)
{
    HRESULT (WINAPI *get_counters)(IUnknown *object, DWORD kind, struct wined3d_counters *counters);
    struct wined3d_counters counters, sum;
    IDirectDrawSurface7 *surface;
    DDSURFACEDESC2 desc;
    IDirectDraw7 *ddraw;
    HMODULE module;
    HRESULT hr;
    int dummy;

    module = GetModuleHandleA("ddraw.dll");
    ok(!!module, "ddraw.dll is not loaded.\n");
    if (!module)
        return;
    get_counters = (void *)GetProcAddress(module, "DX7GL_GetCounters");
    if (!winetest_is_ours())
    {
        ok(!get_counters, "Wine's builtin ddraw exports DX7GL_GetCounters.\n");
        return;
    }
    ok(!!get_counters, "No DX7GL_GetCounters export.\n");
    if (!get_counters)
        return;

    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr))
        return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, NULL, DDSCL_NORMAL);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    hr = get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, NULL);
    ok(hr == DDERR_INVALIDPARAMS, "No counters: hr %#lx.\n", hr);
    hr = get_counters((IUnknown *)&dummy, WINED3D_COUNTERS_TOTAL, &counters);
    ok(hr == DDERR_INVALIDOBJECT, "Not a DirectDraw object: hr %#lx.\n", hr);
    hr = get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &counters);
    ok(hr == DDERR_NOTINITIALIZED, "No device yet: hr %#lx.\n", hr);

    memset(&desc, 0, sizeof(desc));
    desc.dwSize = sizeof(desc);
    desc.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    desc.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN;
    desc.dwWidth = desc.dwHeight = 16;
    hr = IDirectDraw7_CreateSurface(ddraw, &desc, &surface, NULL);
    ok(hr == DD_OK, "CreateSurface: hr %#lx.\n", hr);
    if (SUCCEEDED(hr))
    {
        hr = get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &counters);
        ok(hr == DD_OK, "With a device: hr %#lx.\n", hr);
        hr = get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL + 1, &counters);
        ok(hr == DDERR_INVALIDPARAMS, "Unknown kind: hr %#lx.\n", hr);
        /* The only object: the process's sum is its counters. */
        hr = get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &counters);
        ok(hr == DD_OK, "With a device: hr %#lx.\n", hr);
        hr = get_counters(NULL, WINED3D_COUNTERS_TOTAL, &sum);
        ok(hr == DD_OK, "Every object: hr %#lx.\n", hr);
        ok(!memcmp(&sum, &counters, sizeof(sum)), "The sum differs from the only object's counters.\n");
        IDirectDrawSurface7_Release(surface);
    }
    ok(!IDirectDraw7_Release(ddraw), "DirectDraw object not freed.\n");
    hr = get_counters((IUnknown *)ddraw, WINED3D_COUNTERS_TOTAL, &counters);
    ok(hr == DDERR_INVALIDOBJECT, "Released object: hr %#lx.\n", hr);
}

START_TEST(ddraw_create)
{
    test_create();
    test_query_interface();
    test_caps();
    test_enumerate();
    test_cooperative_level_basics();
    test_class_factory();
    test_dll_get_class_object();
    test_dx7gl_get_counters();
}

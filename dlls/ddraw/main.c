/*
 * ddraw: the exports of ddraw.dll (DirectDrawCreate*, DirectDrawEnumerate*,
 * DirectDrawCreateClipper), the class factories of DllGetClassObject and the
 * process-wide lock.  Natively the same functions are plain C symbols of
 * libdx7gl-ddraw.
 */
#define _GNU_SOURCE     /* syscall() */
#include "config.h"

#ifndef _WIN32
#include <pthread.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#endif
#endif

#include "ddraw_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

/* ---------------------------------------------------------------------- */
/* The lock                                                                */

/* Statically initialised: the lock is taken on every API call, so it is not
 * worth a once-check there. */
#ifdef _WIN32
static CRITICAL_SECTION ddraw_cs = {NULL, -1, 0, 0, 0, 0};

void ddraw_lock(void)
{
    EnterCriticalSection(&ddraw_cs);
}

void ddraw_unlock(void)
{
    LeaveCriticalSection(&ddraw_cs);
}
#else
/* Recursive through a per-thread depth over a lock word: glibc's recursive
 * mutex checks its kind and owner on each call (about 80 instructions a
 * lock and unlock), and a draw takes the lock once per API call, twice for
 * a draw that sets its world matrix first.  Only the thread that holds the
 * word changes its depth above 0; initial-exec keeps the depth a plain
 * load (no __tls_get_addr call). */
static __thread unsigned int ddraw_lock_depth __attribute__((tls_model("initial-exec")));
#ifdef __linux__
/* 0 free, 1 held, 2 held with waiters (Drepper, "Futexes Are Tricky",
 * the third mutex): uncontended, one atomic operation each way. */
static int ddraw_lock_word;

static void lock_word_acquire(void)
{
    int c = 0;

    if (__atomic_compare_exchange_n(&ddraw_lock_word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return;
    if (c != 2)
        c = __atomic_exchange_n(&ddraw_lock_word, 2, __ATOMIC_ACQUIRE);
    while (c)
    {
        syscall(SYS_futex, &ddraw_lock_word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
        c = __atomic_exchange_n(&ddraw_lock_word, 2, __ATOMIC_ACQUIRE);
    }
}

static void lock_word_release(void)
{
    if (__atomic_exchange_n(&ddraw_lock_word, 0, __ATOMIC_RELEASE) == 2)
        syscall(SYS_futex, &ddraw_lock_word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
static pthread_mutex_t ddraw_mutex = PTHREAD_MUTEX_INITIALIZER;

static void lock_word_acquire(void)
{
    pthread_mutex_lock(&ddraw_mutex);
}

static void lock_word_release(void)
{
    pthread_mutex_unlock(&ddraw_mutex);
}
#endif

void ddraw_lock(void)
{
    if (!ddraw_lock_depth++)
        lock_word_acquire();
}

void ddraw_unlock(void)
{
    if (!--ddraw_lock_depth)
        lock_word_release();
}
#endif

/* ---------------------------------------------------------------------- */
/* Every live DirectDraw object of the process (under the lock), so that     */
/* DX7GL_GetCounters can tell our objects from anything else it is given.   */

static struct ddraw **ddraw_objects;
static unsigned int ddraw_object_count, ddraw_object_capacity;

HRESULT ddraw_object_register(struct ddraw *ddraw)
{
    if (ddraw_object_count == ddraw_object_capacity)
    {
        unsigned int capacity = ddraw_object_capacity ? ddraw_object_capacity * 2 : 4;
        struct ddraw **objects = realloc(ddraw_objects, capacity * sizeof(*objects));

        if (!objects)
            return DDERR_OUTOFMEMORY;
        ddraw_objects = objects;
        ddraw_object_capacity = capacity;
    }
    ddraw_objects[ddraw_object_count++] = ddraw;
    return DD_OK;
}

void ddraw_object_unregister(struct ddraw *ddraw)
{
    unsigned int i;

    for (i = 0; i < ddraw_object_count; ++i)
    {
        if (ddraw_objects[i] == ddraw)
        {
            ddraw_objects[i] = ddraw_objects[--ddraw_object_count];
            break;
        }
    }
    if (!ddraw_object_count)
    {
        /* The last one: nothing stays allocated behind the program's back. */
        free(ddraw_objects);
        ddraw_objects = NULL;
        ddraw_object_capacity = 0;
    }
}

/* Ours if one of the DirectDraw interfaces of a live object; the pointer is
 * only compared, never followed, so anything at all may be passed. */
static struct ddraw *ddraw_object_from_iface(const IUnknown *iface)
{
    unsigned int i;

    for (i = 0; i < ddraw_object_count; ++i)
    {
        struct ddraw *ddraw = ddraw_objects[i];

        if (iface == (IUnknown *)&ddraw->IDirectDraw7_iface || iface == (IUnknown *)&ddraw->IDirectDraw4_iface
                || iface == (IUnknown *)&ddraw->IDirectDraw2_iface || iface == (IUnknown *)&ddraw->IDirectDraw_iface)
            return ddraw;
    }
    return NULL;
}

static void ddraw_counters_add(struct wined3d_counters *sum, const struct wined3d_counters *counters)
{
    uint64_t *a = (uint64_t *)sum;
    const uint64_t *b = (const uint64_t *)counters;
    size_t i;

    for (i = 0; i < sizeof(*sum) / sizeof(uint64_t); ++i)
        a[i] += b[i];
}

/* dx7gl's own export, for benchmarks and tools: the core's counters
 * (WINED3D_COUNTERS_FRAME, _LAST_FRAME or _TOTAL) of a DirectDraw object's
 * device, which its Direct3D devices share; with a NULL object, the sum over
 * every DirectDraw object of the process (a driver such as dx7z.dll makes
 * its own).  Windows' and Wine's ddraw.dll lack it: callers look it up with
 * GetProcAddress. */
HRESULT WINAPI DX7GL_GetCounters(IUnknown *object, DWORD kind, struct wined3d_counters *counters)
{
    struct wined3d_counters one;
    struct ddraw *ddraw;
    unsigned int i, found = 0;
    HRESULT hr = DD_OK;

    TRACE("object %p, kind %u, counters %p.\n", (void *)object, (unsigned int)kind, (void *)counters);
    if (!counters || kind > WINED3D_COUNTERS_TOTAL)
        return DDERR_INVALIDPARAMS;
    memset(counters, 0, sizeof(*counters));

    ddraw_lock();
    if (object)
    {
        if (!(ddraw = ddraw_object_from_iface(object)))
            hr = DDERR_INVALIDOBJECT;
        else if (!ddraw->wined3d_device)
            hr = DDERR_NOTINITIALIZED;  /* no surface or device yet */
        else
            wined3d_device_get_counters(ddraw->wined3d_device, kind, counters);
    }
    else
    {
        for (i = 0; i < ddraw_object_count; ++i)
        {
            if (!ddraw_objects[i]->wined3d_device)
                continue;
            wined3d_device_get_counters(ddraw_objects[i]->wined3d_device, kind, &one);
            ddraw_counters_add(counters, &one);
            ++found;
        }
        if (!found)
            hr = DDERR_NOTINITIALIZED;
    }
    ddraw_unlock();
    return hr;
}

/* ---------------------------------------------------------------------- */
/* Creation                                                                */

static BOOL ddraw_guid_valid(const GUID *guid)
{
    return !guid || guid == (GUID *)(ULONG_PTR)DDCREATE_EMULATIONONLY
            || guid == (GUID *)(ULONG_PTR)DDCREATE_HARDWAREONLY || IsEqualGUID(guid, &GUID_NULL);
}

static HRESULT ddraw_create_object(GUID *guid, REFIID iid, void **out, IUnknown *outer)
{
    struct ddraw *ddraw;
    HRESULT hr;

    if (!out)
        return DDERR_INVALIDPARAMS;
    *out = NULL;
    if (outer)
        return CLASS_E_NOAGGREGATION;
    if (!ddraw_guid_valid(guid))
        return DDERR_INVALIDDIRECTDRAWGUID;
    if (FAILED(hr = ddraw_create(guid, &ddraw)))
        return hr;
    ddraw->initialized = TRUE;

    if (IsEqualGUID(iid, &IID_IDirectDraw7))
    {
        ddraw->ref7 = 1;
        *out = &ddraw->IDirectDraw7_iface;
    }
    else
    {
        ddraw->ref1 = 1;
        *out = &ddraw->IDirectDraw_iface;
    }
    ddraw->iface_count = 1;
    return DD_OK;
}

HRESULT WINAPI DirectDrawCreate(GUID *guid, IDirectDraw **ddraw, IUnknown *outer)
{
    HRESULT hr;

    TRACE("guid %s, ddraw %p, outer %p.\n", dx7gl_dbgstr_guid(guid), (void *)ddraw, (void *)outer);
    ddraw_lock();
    hr = ddraw_create_object(guid, &IID_IDirectDraw, (void **)ddraw, outer);
    ddraw_unlock();
    return hr;
}

HRESULT WINAPI DirectDrawCreateEx(GUID *guid, void **ddraw, REFIID iid, IUnknown *outer)
{
    HRESULT hr;

    TRACE("guid %s, ddraw %p, iid %s, outer %p.\n", dx7gl_dbgstr_guid(guid), (void *)ddraw,
            dx7gl_dbgstr_guid(iid), (void *)outer);
    if (!iid || !IsEqualGUID(iid, &IID_IDirectDraw7))
        return DDERR_INVALIDPARAMS;
    ddraw_lock();
    hr = ddraw_create_object(guid, iid, ddraw, outer);
    ddraw_unlock();
    return hr;
}

HRESULT WINAPI DirectDrawCreateClipper(DWORD flags, IDirectDrawClipper **clipper, IUnknown *outer)
{
    struct ddraw_clipper *object;
    HRESULT hr;

    TRACE("flags %#x, clipper %p, outer %p.\n", (unsigned int)flags, (void *)clipper, (void *)outer);
    if (!clipper)
        return DDERR_INVALIDPARAMS;
    *clipper = NULL;
    if (outer)
        return CLASS_E_NOAGGREGATION;
    ddraw_lock();
    if (SUCCEEDED(hr = ddraw_clipper_create(flags, &object)))
    {
        ddraw_clipper_init(object);
        *clipper = &object->IDirectDrawClipper_iface;
    }
    ddraw_unlock();
    return hr;
}

HRESULT WINAPI GetSurfaceFromDC(HDC dc, IDirectDrawSurface **surface, HDC *device_dc)
{
    struct ddraw_surface *found = NULL;
    HRESULT hr = DDERR_NOTFOUND;
    unsigned int i;

    TRACE("dc %p, surface %p, device_dc %p.\n", (void *)dc, (void *)surface, (void *)device_dc);
    if (!surface)
        return E_INVALIDARG;
    *surface = NULL;
    if (!device_dc)
        return E_INVALIDARG;
    /* No display DC of the device to give: dx7gl draws through GL. */
    *device_dc = NULL;
    ddraw_lock();
    for (i = 0; i < ddraw_object_count && FAILED(hr); ++i)
        hr = ddraw_get_surface_from_dc(ddraw_objects[i], dc, &found);
    if (SUCCEEDED(hr))
    {
        *surface = &found->IDirectDrawSurface_iface;
        IDirectDrawSurface_AddRef(*surface);
    }
    ddraw_unlock();
    return hr;
}

/* ---------------------------------------------------------------------- */
/* Enumeration: one device, the primary display.                            */

static char ddraw_driver_description[] = "Primary Display Driver";
static char ddraw_driver_name[] = "display";

HRESULT WINAPI DirectDrawEnumerateA(LPDDENUMCALLBACKA callback, void *context)
{
    if (!callback)
        return DDERR_INVALIDPARAMS;
    callback(NULL, ddraw_driver_description, ddraw_driver_name, context);
    return DD_OK;
}

HRESULT WINAPI DirectDrawEnumerateExA(LPDDENUMCALLBACKEXA callback, void *context, DWORD flags)
{
    if (!callback)
        return DDERR_INVALIDPARAMS;
    if (flags & ~(DDENUM_ATTACHEDSECONDARYDEVICES | DDENUM_DETACHEDSECONDARYDEVICES | DDENUM_NONDISPLAYDEVICES))
        return DDERR_INVALIDPARAMS;
    callback(NULL, ddraw_driver_description, ddraw_driver_name, context, NULL);
    return DD_OK;
}

/* Windows does not implement the Unicode enumerations; programs fall back
 * to the ANSI ones. */
HRESULT WINAPI DirectDrawEnumerateW(LPDDENUMCALLBACKW callback, void *context)
{
    if (!callback)
        return DDERR_INVALIDPARAMS;
    return DDERR_UNSUPPORTED;
}

/* Not implemented on Windows: DDERR_UNSUPPORTED whatever the arguments
 * (Wine's ddrawmodes.c test_DirectDrawEnumerateExW). */
HRESULT WINAPI DirectDrawEnumerateExW(LPDDENUMCALLBACKEXW callback, void *context, DWORD flags)
{
    (void)callback;
    (void)context;
    (void)flags;
    return DDERR_UNSUPPORTED;
}

/* ---------------------------------------------------------------------- */
/* Class factories                                                         */

struct ddraw_class_factory
{
    IClassFactory IClassFactory_iface;
    LONG ref;
    const CLSID *clsid;
};

static inline struct ddraw_class_factory *impl_from_IClassFactory(IClassFactory *iface)
{
    return DDRAW_CONTAINING(iface, struct ddraw_class_factory, IClassFactory_iface);
}

static HRESULT STDMETHODCALLTYPE ddraw_cf_QueryInterface(IClassFactory *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IClassFactory))
    {
        IClassFactory_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE ddraw_cf_AddRef(IClassFactory *iface)
{
    struct ddraw_class_factory *factory = impl_from_IClassFactory(iface);
    ULONG ref;

    ddraw_lock();
    ref = ++factory->ref;
    ddraw_unlock();
    return ref;
}

static ULONG STDMETHODCALLTYPE ddraw_cf_Release(IClassFactory *iface)
{
    struct ddraw_class_factory *factory = impl_from_IClassFactory(iface);
    ULONG ref;

    ddraw_lock();
    ref = factory->ref ? --factory->ref : 0;
    ddraw_unlock();
    if (!ref)
        free(factory);
    return ref;
}

static HRESULT STDMETHODCALLTYPE ddraw_cf_CreateInstance(IClassFactory *iface, IUnknown *outer,
        REFIID riid, void **out)
{
    struct ddraw_class_factory *factory = impl_from_IClassFactory(iface);
    HRESULT hr;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (outer)
        return CLASS_E_NOAGGREGATION;

    ddraw_lock();
    if (IsEqualGUID(factory->clsid, &CLSID_DirectDrawClipper))
    {
        struct ddraw_clipper *clipper;

        /* Not initialised: the program calls Initialize() first. */
        if (SUCCEEDED(hr = ddraw_clipper_create(0, &clipper)))
        {
            hr = IDirectDrawClipper_QueryInterface(&clipper->IDirectDrawClipper_iface, riid, out);
            IDirectDrawClipper_Release(&clipper->IDirectDrawClipper_iface);
        }
    }
    else
    {
        struct ddraw *ddraw;

        /* Not initialised either: IDirectDraw*::Initialize() comes next. */
        if (SUCCEEDED(hr = ddraw_create(NULL, &ddraw)))
        {
            ddraw->ref7 = 1;
            ddraw->iface_count = 1;
            hr = IDirectDraw7_QueryInterface(&ddraw->IDirectDraw7_iface, riid, out);
            IDirectDraw7_Release(&ddraw->IDirectDraw7_iface);
        }
    }
    ddraw_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE ddraw_cf_LockServer(IClassFactory *iface, BOOL lock)
{
    return S_OK;
}

static const IClassFactoryVtbl ddraw_cf_vtbl =
{
    ddraw_cf_QueryInterface,
    ddraw_cf_AddRef,
    ddraw_cf_Release,
    ddraw_cf_CreateInstance,
    ddraw_cf_LockServer,
};

HRESULT WINAPI DllGetClassObject(REFCLSID rclsid, REFIID riid, void **out)
{
    struct ddraw_class_factory *factory;
    HRESULT hr;

    TRACE("clsid %s, iid %s.\n", dx7gl_dbgstr_guid(rclsid), dx7gl_dbgstr_guid(riid));
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!IsEqualGUID(rclsid, &CLSID_DirectDraw) && !IsEqualGUID(rclsid, &CLSID_DirectDraw7)
            && !IsEqualGUID(rclsid, &CLSID_DirectDrawClipper))
        return CLASS_E_CLASSNOTAVAILABLE;
    if (!(factory = calloc(1, sizeof(*factory))))
        return E_OUTOFMEMORY;
    factory->IClassFactory_iface.lpVtbl = &ddraw_cf_vtbl;
    factory->ref = 1;
    factory->clsid = IsEqualGUID(rclsid, &CLSID_DirectDrawClipper) ? &CLSID_DirectDrawClipper : &CLSID_DirectDraw7;
    hr = IClassFactory_QueryInterface(&factory->IClassFactory_iface, riid, out);
    IClassFactory_Release(&factory->IClassFactory_iface);
    return hr;
}

HRESULT WINAPI DllCanUnloadNow(void)
{
    /* Objects may be alive; staying loaded is always safe. */
    return S_FALSE;
}

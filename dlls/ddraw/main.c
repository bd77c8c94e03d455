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
#include <sched.h>
#ifdef __linux__
#include <linux/futex.h>
#include <linux/membarrier.h>
#include <sys/syscall.h>
#endif
#endif

#include "ddraw_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(ddraw);

/* ---------------------------------------------------------------------- */
/* The lock                                                                */

/* Every API call takes this lock and releases it again, and until the bias
 * below each of the two steps was one atomic read-modify-write (a futex word
 * natively, a critical section under Windows).  A locked instruction is a
 * full barrier: on a real GPU it waits for the draw's streamed vertex stores
 * to GPU-visible memory to drain, and perf on an H200 put ddraw_lock and
 * ddraw_unlock at a third of the process's CPU samples in the tnl scene.
 *
 * Almost every program calls ddraw from one thread only.  So the lock is
 * biased: the first thread that takes the underlying lock (the "word")
 * becomes its bias owner, and from then on enters and leaves with plain
 * loads and stores.  The first time any other thread takes the word, it
 * revokes the bias, for good, and from then on everybody uses the word.
 *
 * The owner's fast entry:      fast_active = 1; (compiler barrier)
 *                              if (!revoked) held, else fast_active = 0
 *                              and take the word.
 * The owner's fast exit:       fast_active = 0 (a release store).
 * Revocation (word held):      revoked = 1; heavy barrier;
 *                              wait until fast_active == 0; owner = NULL.
 *
 * This is Dekker's exclusion with one side's fence moved to the other side:
 * the heavy barrier (membarrier natively, FlushProcessWriteBuffers under
 * Windows) makes every other running thread pass a full barrier before it
 * returns.  If the owner's store of fast_active came before that point in
 * its program, the revoker's later load sees 1 and waits for the owner to
 * leave; if it came after, the owner's load of revoked (later still) sees the
 * revoker's store, made before the barrier, and the owner backs off to the
 * word, which the revoker holds.  Either way the two are never both inside.
 * What the owner wrote inside reaches the revoker through the release store
 * of fast_active = 0 and the revoker's acquire load of it.
 *
 * Who writes what: owner and revoked change only under the word (revoked
 * only from 0 to 1), fast_active only by the owner itself.  The owner knows
 * itself without reading owner: natively by its depth, which counts from
 * LOCK_OWNER once it claimed the bias; under Windows by owner, which the
 * revoker changes only once fast_active is 0, i.e. not while the owner is
 * inside.  Without a working heavy barrier no owner is ever set, which is
 * the lock as it was.  Natively a thread that ends while it is the owner
 * stays the owner in name, and the revoker touches only globals, so nothing
 * of the dead thread; a later thread that reuses its TLS block (only after
 * it ended) is taken for the owner at its first lock, which is as correct
 * as the dead thread would have been.  Under Windows the owner's thread
 * detach ends the bias instead (see lock_thread_detach). */
struct ddraw_lock_bias
{
    const void *owner;      /* the bias thread's identity, NULL none */
    int revoked;            /* 1 once the bias was revoked; never cleared */
    int fast_active;        /* 1 while the owner holds (or takes) the lock on the fast path */
    unsigned int fast_depth;    /* Windows: the owner's recursion on the fast path */
};
static struct ddraw_lock_bias ddraw_bias;

static const void *lock_bias_owner(void)
{
    return __atomic_load_n(&ddraw_bias.owner, __ATOMIC_RELAXED);
}

/* The owner's fast entry; FALSE when it must take the word instead. */
static BOOL lock_bias_enter(void)
{
    __atomic_store_n(&ddraw_bias.fast_active, 1, __ATOMIC_RELAXED);
    /* Only the compiler may not reorder the store and the load: the
     * revoker's heavy barrier stands in for the processor's fence. */
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&ddraw_bias.revoked, __ATOMIC_ACQUIRE))
        return TRUE;
    __atomic_store_n(&ddraw_bias.fast_active, 0, __ATOMIC_RELEASE);
    return FALSE;
}

static void lock_bias_leave(void)
{
    __atomic_store_n(&ddraw_bias.fast_active, 0, __ATOMIC_RELEASE);
}

#ifdef _WIN32
/* The word: statically initialised, the lock is taken on every API call,
 * so it is not worth a once-check there.  Recursive by itself. */
static CRITICAL_SECTION ddraw_cs = {NULL, -1, 0, 0, 0, 0};
/* The owner, for the revoker to stop it; -1 in ddraw_barrier_state once
 * that failed (no bias then). */
static HANDLE ddraw_bias_thread;
static int ddraw_barrier_state;

/* The thread's TEB; read directly, as NtCurrentTeb() does, because GCC
 * warns about the header's version (a read at a small constant address). */
static inline const void *lock_identity(void)
{
    const void *teb;

#ifdef __x86_64__
    __asm__("movq %%gs:0x30, %0" : "=r" (teb));
#elif defined(__i386__)
    __asm__("movl %%fs:0x18, %0" : "=r" (teb));
#else
    teb = NtCurrentTeb();
#endif
    return teb;
}

static void lock_yield(void)
{
    SwitchToThread();
}

/* Under the word, by the thread about to become the owner. */
static BOOL lock_barrier_init(void)
{
    if (!ddraw_barrier_state)
        ddraw_barrier_state = DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(),
                &ddraw_bias_thread, THREAD_SUSPEND_RESUME | THREAD_GET_CONTEXT, FALSE, 0) ? 1 : -1;
    return ddraw_barrier_state > 0;
}

/* FlushProcessWriteBuffers is the heavy barrier on Windows, but Wine 8's is
 * an empty stub.  Suspending the owner and reading its context also does
 * it: the owner is stopped at an interrupt and reports its context through
 * the system (wineserver under Wine), so what it stored before is visible
 * to us afterwards, and what it loads after it resumes sees our store of
 * revoked.  Revocation happens once a process; its cost does not matter. */
static void lock_barrier_run(void)
{
    CONTEXT context;

    FlushProcessWriteBuffers();
    if (SuspendThread(ddraw_bias_thread) != (DWORD)-1)
    {
        memset(&context, 0, sizeof(context));
        context.ContextFlags = CONTEXT_CONTROL;
        GetThreadContext(ddraw_bias_thread, &context);
        ResumeThread(ddraw_bias_thread);
    }
    CloseHandle(ddraw_bias_thread);
    ddraw_bias_thread = NULL;
}
#else
/* Recursive through a per-thread depth over a lock word: glibc's recursive
 * mutex checks its kind and owner on each call (about 80 instructions a
 * lock and unlock), and a draw takes the lock once per API call, twice for
 * a draw that sets its world matrix first.  Only the thread that holds the
 * lock changes its depth above 0; initial-exec keeps the depth a plain
 * load (no __tls_get_addr call).  Its address is the thread's identity for
 * the bias; the owner's fast path reads its depth and revoked, and compares
 * no identity. */
static __thread unsigned int ddraw_lock_depth __attribute__((tls_model("initial-exec")));
/* The bias owner's depth counts from here, so that one compare tells its
 * outermost entry and exit from the rest.  Its claiming hold is turned into
 * a fast one (lock_slow), so above LOCK_OWNER a hold is always a fast one. */
#define LOCK_OWNER 0x80000000u

#define lock_identity() ((const void *)&ddraw_lock_depth)

static void lock_yield(void)
{
    sched_yield();
}

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

/* The membarrier command the revoker uses, found once under the word: 0 not
 * asked yet, -1 none (no bias then). */
static int ddraw_membarrier_cmd;

static BOOL lock_barrier_init(void)
{
    long mask;

    if (ddraw_membarrier_cmd)
        return ddraw_membarrier_cmd > 0;
    ddraw_membarrier_cmd = -1;
    mask = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0);
    if (mask <= 0)
        return FALSE;
    /* The expedited form interrupts only the CPUs running this process's
     * threads; it needs the process registered first. */
    if ((mask & MEMBARRIER_CMD_PRIVATE_EXPEDITED)
            && !syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0))
        ddraw_membarrier_cmd = MEMBARRIER_CMD_PRIVATE_EXPEDITED;
    else if (mask & MEMBARRIER_CMD_GLOBAL)
        ddraw_membarrier_cmd = MEMBARRIER_CMD_GLOBAL;
    TRACE("membarrier command %d.\n", ddraw_membarrier_cmd);
    return ddraw_membarrier_cmd > 0;
}

static void lock_barrier_run(void)
{
    if (!syscall(SYS_membarrier, ddraw_membarrier_cmd, 0))
        return;
    /* A child of fork() may have lost the registration. */
    if (ddraw_membarrier_cmd == MEMBARRIER_CMD_PRIVATE_EXPEDITED
            && !syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0)
            && !syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0))
        return;
    if (!syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0))
        return;
    /* Not seen; a store buffer drains within microseconds, so waiting
     * stands in for the barrier. */
    ERR("membarrier failed, waiting instead.\n");
    usleep(10000);
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

/* No process-wide barrier known here: never a bias. */
static BOOL lock_barrier_init(void)
{
    return FALSE;
}

static void lock_barrier_run(void)
{
}
#endif
#endif

/* Called by the holder of the word after taking it, outermost or not.
 * @me: the caller's identity. */
static void lock_bias_update(const void *me)
{
    const void *owner = lock_bias_owner();

    if (owner == me)
        return;
    if (owner)
    {
        TRACE("Revoking the lock's bias (owner %p, now %p).\n", owner, me);
        __atomic_store_n(&ddraw_bias.revoked, 1, __ATOMIC_RELAXED);
        lock_barrier_run();
        while (__atomic_load_n(&ddraw_bias.fast_active, __ATOMIC_ACQUIRE))
            lock_yield();
        __atomic_store_n(&ddraw_bias.owner, NULL, __ATOMIC_RELAXED);
        return;
    }
    if (!__atomic_load_n(&ddraw_bias.revoked, __ATOMIC_RELAXED) && lock_barrier_init())
        __atomic_store_n(&ddraw_bias.owner, me, __ATOMIC_RELAXED);
}


#ifdef _WIN32
/* Out of line: the fast path then saves no registers. */
static void __attribute__((noinline)) lock_slow(const void *me)
{
    EnterCriticalSection(&ddraw_cs);
    lock_bias_update(me);
}

void ddraw_lock(void)
{
    const void *me = lock_identity();

    if (lock_bias_owner() == me)
    {
        /* Within a fast hold, or a fast hold nested in a slow one. */
        if (ddraw_bias.fast_depth)
        {
            ++ddraw_bias.fast_depth;
            return;
        }
        if (lock_bias_enter())
        {
            ddraw_bias.fast_depth = 1;
            return;
        }
    }
    lock_slow(me);
}

void ddraw_unlock(void)
{
    /* A fast hold is always the innermost one: once fast_depth is above 0,
     * every nested entry is fast too. */
    if (lock_bias_owner() == lock_identity() && ddraw_bias.fast_depth)
    {
        if (!--ddraw_bias.fast_depth)
            lock_bias_leave();
        return;
    }
    LeaveCriticalSection(&ddraw_cs);
}

/* The owner ending: a new thread may reuse its TEB, and the revoker could
 * no longer stop it through the owner's handle, so the lock stops being
 * biased.  Only the owner enters fast, and it is not inside now, so it may
 * set revoked without the word (any other writer writes 1 too).  Taking the
 * word here, under the loader lock, could deadlock against a thread that
 * holds it and loads a library.  The next thread to take the word clears
 * the owner as in any revocation. */
static void lock_thread_detach(void)
{
    if (lock_bias_owner() == lock_identity())
        __atomic_store_n(&ddraw_bias.revoked, 1, __ATOMIC_RELEASE);
}

static BOOL lock_held_fast(void)
{
    return lock_bias_owner() == lock_identity() && ddraw_bias.fast_depth;
}

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, void *reserved)
{
    if (reason == DLL_THREAD_DETACH)
        lock_thread_detach();
    return TRUE;
}
#else
/* Out of line: the fast path then saves no registers.  Called with the
 * depth already 1. */
static void __attribute__((noinline)) lock_slow(void)
{
    lock_word_acquire();
    lock_bias_update(lock_identity());
    if (lock_bias_owner() != lock_identity())
        return;
    /* Just became the owner (the owner itself comes here only after the
     * revocation, which cleared owner): hold on the fast path from now on,
     * and let the word go.  A revoker takes the word after this, so it sees
     * fast_active set and waits. */
    __atomic_store_n(&ddraw_bias.fast_active, 1, __ATOMIC_RELAXED);
    ddraw_lock_depth = LOCK_OWNER + 1;
    lock_word_release();
}

/* Not split: GCC would move the outermost case into a second function,
 * two more instructions a call on the fast path. */
void __attribute__((optimize("no-partial-inlining"))) ddraw_lock(void)
{
    unsigned int depth = ddraw_lock_depth;

    ddraw_lock_depth = depth + 1;
    if (depth == LOCK_OWNER)
    {
        if (lock_bias_enter())
            return;
        /* Revoked: an ordinary thread from now on. */
        ddraw_lock_depth = 1;
        lock_slow();
    }
    else if (!depth)
        lock_slow();
}

void ddraw_unlock(void)
{
    unsigned int depth = --ddraw_lock_depth;

    if (depth == LOCK_OWNER)
        lock_bias_leave();
    else if (!depth)
        lock_word_release();
}

static BOOL lock_held_fast(void)
{
    return ddraw_lock_depth > LOCK_OWNER;
}
#endif

/* For tests/ddraw/ddraw_lock_test.c: bit 0, the caller is the bias owner;
 * bit 1, a thread is; bit 2, the bias was revoked; bit 3, the caller holds
 * the lock on the fast path. */
unsigned int ddraw_lock_bias_state(void)
{
    const void *owner = lock_bias_owner();
    unsigned int state = 0;

    if (owner)
        state |= 2;
    if (owner && owner == lock_identity())
        state |= 1;
    if (lock_held_fast())
        state |= 8;
    if (__atomic_load_n(&ddraw_bias.revoked, __ATOMIC_RELAXED))
        state |= 4;
    return state;
}

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

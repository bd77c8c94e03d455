/*
 * bench (native): our core's counters without any help from ddraw.
 *
 * bench is linked with libdx7gl-ddraw, which calls wined3d_device_create in
 * libwined3d-lite through the dynamic linker; the executable's definition
 * below comes first in the lookup scope (bench is linked -export-dynamic), so
 * it sees every device the front ends create, passes the call on and keeps
 * the newest device.  bench_core_counters() then reads that device's
 * counters with the core's public wined3d_device_get_counters().
 */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <string.h>

#include "wined3d-lite/wined3d.h"
#include "bench.h"

typedef int32_t (*device_create_fn)(const struct wined3d_swapchain_desc *desc, uint32_t flags,
        struct wined3d_device **device);
typedef void (*device_destroy_fn)(struct wined3d_device *device);
typedef void (*get_counters_fn)(const struct wined3d_device *device, enum wined3d_counters_kind kind,
        struct wined3d_counters *counters);

static struct wined3d_device *newest_device;

int32_t wined3d_device_create(const struct wined3d_swapchain_desc *desc, uint32_t flags,
        struct wined3d_device **device)
{
    static device_create_fn real;
    int32_t hr;

    if (!real && !(real = (device_create_fn)dlsym(RTLD_NEXT, "wined3d_device_create")))
        return WINED3DERR_NOTAVAILABLE;
    hr = real(desc, flags, device);
    if (WINED3D_SUCCEEDED(hr) && device)
        newest_device = *device;
    return hr;
}

void wined3d_device_destroy(struct wined3d_device *device)
{
    static device_destroy_fn real;

    if (device == newest_device)
        newest_device = NULL;
    if (real || (real = (device_destroy_fn)dlsym(RTLD_NEXT, "wined3d_device_destroy")))
        real(device);
}

int bench_core_counters(struct wined3d_counters *counters)
{
    static get_counters_fn get;

    memset(counters, 0, sizeof(*counters));
    if (!newest_device)
        return 0;
    if (!get && !(get = (get_counters_fn)dlsym(RTLD_DEFAULT, "wined3d_device_get_counters")))
        return 0;
    get(newest_device, WINED3D_COUNTERS_TOTAL, counters);
    return 1;
}

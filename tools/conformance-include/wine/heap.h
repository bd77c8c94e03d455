/*
 * dx7gl's stand-in for Wine's internal <wine/heap.h> (see wine/debug.h here):
 * the process-heap helpers some dlls/ddraw tests call.
 */
#ifndef DX7GL_CONFORMANCE_WINE_HEAP_H
#define DX7GL_CONFORMANCE_WINE_HEAP_H

#include <windef.h>
#include <winbase.h>

static inline void *heap_alloc(SIZE_T size)
{
    return HeapAlloc(GetProcessHeap(), 0, size);
}

static inline void *heap_alloc_zero(SIZE_T size)
{
    return HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, size);
}

static inline void *heap_realloc(void *mem, SIZE_T size)
{
    if (!mem) return HeapAlloc(GetProcessHeap(), 0, size);
    return HeapReAlloc(GetProcessHeap(), 0, mem, size);
}

static inline void heap_free(void *mem)
{
    HeapFree(GetProcessHeap(), 0, mem);
}

#endif

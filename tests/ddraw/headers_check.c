/*
 * Compile-time check of the DirectDraw / Direct3D 7 headers in the PE builds:
 * they build with mingw-w64 on top of <windows.h>, and every structure in
 * headers_layout.h has its Windows size and offsets for the target (i686 or
 * x86_64).  Nothing runs; a wrong layout stops the build.
 */
#include "config.h"

#include <stddef.h>

#define INITGUID
#include <ddraw.h>
#include <d3d.h>

#include "headers_layout.h"

#ifdef _WIN64
#define X(expr, name, v32, v64) _Static_assert((expr) == (v64), name);
#else
#define X(expr, name, v32, v64) _Static_assert((expr) == (v32), name);
#endif
DX7GL_LAYOUT_TABLE
#undef X

/* Calling convention: the methods are __stdcall on i686 (callee pops). */
typedef HRESULT (STDMETHODCALLTYPE *dx7gl_check_method)(IDirectDraw7 *iface);
_Static_assert(sizeof(((IDirectDraw7Vtbl *)0)->Compact) == sizeof(dx7gl_check_method), "vtable slot");

int dx7gl_headers_check(void);
int dx7gl_headers_check(void)
{
    return IsEqualGUID(&IID_IDirectDraw7, &IID_IDirectDraw7);
}

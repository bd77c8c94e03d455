/*
 * Win32 base types for the DirectX headers.
 *
 * On a PE target (_WIN32) this is just the platform's <windows.h> and
 * <objbase.h>.  On the native Linux build it is a small set of our own: the
 * integer types with the widths Windows gives them (DWORD and LONG are 32 bits
 * even on x86_64, as on Win64), the handle types as distinct pointers, GUIDs,
 * HRESULTs and IUnknown.  Calling conventions are empty natively: x86_64 has
 * one calling convention.
 *
 * Only what the DirectDraw / Direct3D 7 headers and their users need is here;
 * it is not a general Windows emulation layer.
 */
#ifndef DX7GL_WIN32_H
#define DX7GL_WIN32_H

#ifdef _WIN32

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
/* The C call macros of IUnknown and friends (IUnknown_Release(p)...), and
 * const vtables as ours are. */
#ifndef CONST_VTABLE
#define CONST_VTABLE
#endif
#ifndef COBJMACROS
#define COBJMACROS
#endif
#include <windows.h>
#include <objbase.h>

#else /* native */

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WINAPI
#define CALLBACK
#define STDMETHODCALLTYPE
#define STDAPI HRESULT
#define STDAPICALLTYPE
#define CDECL
#define APIENTRY

#ifndef CONST
#define CONST const
#endif
#ifndef VOID
#define VOID void
#endif
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#ifndef MAX_PATH
#define MAX_PATH 260
#endif

typedef uint8_t BYTE, *PBYTE, *LPBYTE;
typedef uint16_t WORD, *PWORD, *LPWORD;
typedef uint32_t DWORD, *PDWORD, *LPDWORD;
typedef int32_t LONG, *PLONG, *LPLONG;
typedef uint32_t ULONG, *PULONG;
typedef int16_t SHORT;
typedef uint16_t USHORT;
typedef int INT, *LPINT;
typedef unsigned int UINT;
typedef int BOOL, *PBOOL, *LPBOOL;
typedef uint8_t BOOLEAN;
typedef char CHAR;
typedef unsigned char UCHAR;
typedef uint16_t WCHAR;   /* UTF-16, as on Windows; not wchar_t */
typedef float FLOAT;
typedef double DOUBLE;
typedef int64_t LONGLONG;
typedef uint64_t ULONGLONG;
typedef uint64_t DWORD64;
typedef void *PVOID, *LPVOID;
typedef const void *LPCVOID;
typedef CHAR *LPSTR;
typedef const CHAR *LPCSTR;
typedef WCHAR *LPWSTR;
typedef const WCHAR *LPCWSTR;
typedef intptr_t INT_PTR, LONG_PTR;
typedef uintptr_t UINT_PTR, ULONG_PTR, DWORD_PTR;
typedef size_t SIZE_T;
typedef LONG HRESULT;
typedef WORD ATOM;
typedef DWORD COLORREF;
typedef UINT_PTR WPARAM;
typedef LONG_PTR LPARAM;
typedef LONG_PTR LRESULT;

/* Handles: distinct pointer types so that mixing them up warns. */
#define DX7GL_DECLARE_HANDLE(name) struct name##__ { int unused; }; typedef struct name##__ *name
typedef void *HANDLE;
DX7GL_DECLARE_HANDLE(HWND);
DX7GL_DECLARE_HANDLE(HDC);
DX7GL_DECLARE_HANDLE(HMONITOR);
DX7GL_DECLARE_HANDLE(HINSTANCE);
DX7GL_DECLARE_HANDLE(HPALETTE);
DX7GL_DECLARE_HANDLE(HBITMAP);
DX7GL_DECLARE_HANDLE(HRGN);
DX7GL_DECLARE_HANDLE(HKEY);
typedef HANDLE HGDIOBJ;
typedef HINSTANCE HMODULE;
#undef DX7GL_DECLARE_HANDLE

typedef union _LARGE_INTEGER
{
    struct
    {
        DWORD LowPart;
        LONG HighPart;
    };
    struct
    {
        DWORD LowPart;
        LONG HighPart;
    } u;
    LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;

typedef union _ULARGE_INTEGER
{
    struct
    {
        DWORD LowPart;
        DWORD HighPart;
    };
    struct
    {
        DWORD LowPart;
        DWORD HighPart;
    } u;
    ULONGLONG QuadPart;
} ULARGE_INTEGER, *PULARGE_INTEGER;

typedef struct tagRECT
{
    LONG left;
    LONG top;
    LONG right;
    LONG bottom;
} RECT, *PRECT, *LPRECT;
typedef const RECT *LPCRECT;

static inline BOOL SetRect(RECT *rect, int left, int top, int right, int bottom)
{
    rect->left = left;
    rect->top = top;
    rect->right = right;
    rect->bottom = bottom;
    return TRUE;
}

static inline BOOL OffsetRect(RECT *rect, int dx, int dy)
{
    rect->left += dx;
    rect->right += dx;
    rect->top += dy;
    rect->bottom += dy;
    return TRUE;
}

typedef struct tagPOINT
{
    LONG x;
    LONG y;
} POINT, *PPOINT, *LPPOINT;

typedef struct tagSIZE
{
    LONG cx;
    LONG cy;
} SIZE, *PSIZE, *LPSIZE;

typedef struct tagPALETTEENTRY
{
    BYTE peRed;
    BYTE peGreen;
    BYTE peBlue;
    BYTE peFlags;
} PALETTEENTRY, *PPALETTEENTRY, *LPPALETTEENTRY;

#define PC_RESERVED 0x01
#define PC_EXPLICIT 0x02
#define PC_NOCOLLAPSE 0x04

typedef struct _RGNDATAHEADER
{
    DWORD dwSize;
    DWORD iType;
    DWORD nCount;
    DWORD nRgnSize;
    RECT rcBound;
} RGNDATAHEADER, *PRGNDATAHEADER;

typedef struct _RGNDATA
{
    RGNDATAHEADER rdh;
    char Buffer[1];
} RGNDATA, *PRGNDATA, *LPRGNDATA;

#define RDH_RECTANGLES 1

#define LOWORD(l) ((WORD)((DWORD_PTR)(l) & 0xffff))
#define HIWORD(l) ((WORD)((DWORD_PTR)(l) >> 16))
#define MAKELONG(lo, hi) ((LONG)(((WORD)(lo)) | (((DWORD)((WORD)(hi))) << 16)))
#define RGB(r, g, b) ((COLORREF)(((BYTE)(r)) | ((WORD)((BYTE)(g)) << 8) | (((DWORD)(BYTE)(b)) << 16)))

/* GUIDs */
typedef struct _GUID
{
    uint32_t Data1;
    uint16_t Data2;
    uint16_t Data3;
    uint8_t Data4[8];
} GUID, *LPGUID;
typedef GUID IID, CLSID;
typedef IID *LPIID;
typedef CLSID *LPCLSID;
typedef const GUID *REFGUID;
typedef const IID *REFIID;
typedef const CLSID *REFCLSID;

static inline int IsEqualGUID(REFGUID a, REFGUID b)
{
    return !memcmp(a, b, sizeof(GUID));
}
#define IsEqualIID(a, b) IsEqualGUID(a, b)
#define IsEqualCLSID(a, b) IsEqualGUID(a, b)

#ifdef __cplusplus
#define DX7GL_EXTERN_C extern "C"
#else
#define DX7GL_EXTERN_C extern
#endif

/* With INITGUID defined before a header is included, DEFINE_GUID defines the
 * GUID; otherwise it declares it.  The definitions are weak so that several
 * libraries may each define the same GUIDs, as selectany does on Windows. */
#undef DEFINE_GUID
#ifdef INITGUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    DX7GL_EXTERN_C const GUID name; \
    const GUID __attribute__((weak)) name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    DX7GL_EXTERN_C const GUID name
#endif

#ifndef DX7GL_GUID_NULL_DEFINED
#define DX7GL_GUID_NULL_DEFINED
static const GUID GUID_NULL = {0, 0, 0, {0, 0, 0, 0, 0, 0, 0, 0}};
#define IID_NULL GUID_NULL
#define CLSID_NULL GUID_NULL
#endif

/* HRESULTs */
#define SEVERITY_SUCCESS 0
#define SEVERITY_ERROR 1
#define FACILITY_NULL 0
#define FACILITY_ITF 4
#define FACILITY_WIN32 7
#define MAKE_HRESULT(sev, fac, code) \
    ((HRESULT)(((uint32_t)(sev) << 31) | ((uint32_t)(fac) << 16) | ((uint32_t)(code))))
#define SUCCEEDED(hr) ((HRESULT)(hr) >= 0)
#define FAILED(hr) ((HRESULT)(hr) < 0)
#define HRESULT_CODE(hr) ((hr) & 0xffff)
#define HRESULT_FACILITY(hr) (((hr) >> 16) & 0x1fff)

#define S_OK ((HRESULT)0)
#define S_FALSE ((HRESULT)1)
#define E_NOTIMPL ((HRESULT)0x80004001)
#define E_NOINTERFACE ((HRESULT)0x80004002)
#define E_POINTER ((HRESULT)0x80004003)
#define E_ABORT ((HRESULT)0x80004004)
#define E_FAIL ((HRESULT)0x80004005)
#define E_UNEXPECTED ((HRESULT)0x8000ffff)
#define E_ACCESSDENIED ((HRESULT)0x80070005)
#define E_HANDLE ((HRESULT)0x80070006)
#define E_OUTOFMEMORY ((HRESULT)0x8007000e)
#define E_INVALIDARG ((HRESULT)0x80070057)
#define CLASS_E_NOAGGREGATION ((HRESULT)0x80040110)
#define CLASS_E_CLASSNOTAVAILABLE ((HRESULT)0x80040111)
#define CO_E_NOTINITIALIZED ((HRESULT)0x800401f0)

/* COM */
typedef struct IUnknown IUnknown, *LPUNKNOWN;
typedef struct IUnknownVtbl
{
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IUnknown *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IUnknown *This);
    ULONG (STDMETHODCALLTYPE *Release)(IUnknown *This);
} IUnknownVtbl;
struct IUnknown
{
    const IUnknownVtbl *lpVtbl;
};
#define IUnknown_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IUnknown_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IUnknown_Release(p) (p)->lpVtbl->Release(p)

typedef struct IClassFactory IClassFactory, *LPCLASSFACTORY;
typedef struct IClassFactoryVtbl
{
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IClassFactory *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IClassFactory *This);
    ULONG (STDMETHODCALLTYPE *Release)(IClassFactory *This);
    HRESULT (STDMETHODCALLTYPE *CreateInstance)(IClassFactory *This, IUnknown *outer, REFIID riid, void **out);
    HRESULT (STDMETHODCALLTYPE *LockServer)(IClassFactory *This, BOOL lock);
} IClassFactoryVtbl;
struct IClassFactory
{
    const IClassFactoryVtbl *lpVtbl;
};
#define IClassFactory_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IClassFactory_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IClassFactory_Release(p) (p)->lpVtbl->Release(p)
#define IClassFactory_CreateInstance(p, a, b, c) (p)->lpVtbl->CreateInstance(p, a, b, c)
#define IClassFactory_LockServer(p, a) (p)->lpVtbl->LockServer(p, a)

DEFINE_GUID(IID_IUnknown, 0x00000000, 0x0000, 0x0000, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46);
DEFINE_GUID(IID_IClassFactory, 0x00000001, 0x0000, 0x0000, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46);

#ifdef __cplusplus
}
#endif

#endif /* _WIN32 */

#endif /* DX7GL_WIN32_H */

/*
 * The windowed setting (DX7GL_WINDOWED=320x240, set by the program before
 * ddraw reads its settings): exclusive full-screen mode keeps the program's
 * captioned window, its client area 320x240, where without the setting
 * (Wine's builtin, and ours by default: ddraw_display_test) the window
 * covers the desktop as a borderless popup.  Against ours; on Wine's
 * builtin the setting means nothing and the popup is the reference.
 */
#include "config.h"

#include <stdlib.h>

#define COBJMACROS
#define INITGUID
#include <ddraw.h>

#include "test.h"

static void test_windowed(void)
{
    IDirectDraw7 *ddraw;
    RECT client;
    HWND window;
    LONG style;
    HRESULT hr;

    window = CreateWindowA("static", "ddraw_windowed_test", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
            50, 50, 640, 480, NULL, NULL, NULL, NULL);
    ok(window != NULL, "CreateWindow failed.\n");
    hr = DirectDrawCreateEx(NULL, (void **)&ddraw, &IID_IDirectDraw7, NULL);
    ok(hr == DD_OK, "DirectDrawCreateEx: hr %#lx.\n", hr);
    if (FAILED(hr)) return;
    hr = IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN);
    ok(hr == DD_OK, "SetCooperativeLevel: hr %#lx.\n", hr);
    GetClientRect(window, &client);
    style = GetWindowLongA(window, GWL_STYLE);
    ok((client.right == 320 && client.bottom == 240) || broken(client.right > 320),
            "Client area %ldx%ld.\n", client.right, client.bottom);
    ok((style & WS_CAPTION) == WS_CAPTION || broken(!(style & WS_CAPTION)), "Style %#lx.\n", style);
    IDirectDraw7_SetCooperativeLevel(ddraw, window, DDSCL_NORMAL);
    IDirectDraw7_Release(ddraw);
    DestroyWindow(window);
}

START_TEST(ddraw_windowed)
{
    /* Before the first DirectDraw call: ddraw reads its settings once. */
    _putenv("DX7GL_WINDOWED=320x240");
    test_windowed();
}

/*
 * Checks the harness itself and that a DirectDraw object can be made and
 * released under whichever ddraw.dll the runner chose.
 */
#include <windows.h>
#include "test.h"

typedef HRESULT (WINAPI *create_ex_fn)(GUID *guid, void **dd, const IID *iid, IUnknown *outer);

static void test_todo_logic(void)
{
    long failures = winetest_state.failures, todos = winetest_state.todos;

    todo_if(0) ok(1, "A todo_if(0) block runs as a plain test.\n");
    ok(winetest_state.failures == failures, "todo_if(0) counted a failure.\n");
    todo_if(1) ok(0, "Expected to fail inside a todo block.\n");
    ok(winetest_state.todos == todos + 1, "Got %ld todos, expected %ld.\n", winetest_state.todos, todos + 1);
    ok(winetest_state.failures == failures, "A failing todo counted as a failure.\n");
    ok(!broken(0), "broken(0) must be false.\n");
    ok(broken(1) == !winetest_is_ours(), "broken(1) is true only in the reference run.\n");
}

static void test_ddraw_loads(void)
{
    HMODULE module = LoadLibraryA("ddraw.dll");
    create_ex_fn create_ex;
    char path[MAX_PATH];

    ok(module != NULL, "ddraw.dll did not load, error %lu.\n", GetLastError());
    if (!module) return;
    GetModuleFileNameA(module, path, sizeof(path));
    trace("ddraw.dll is %s.\n", path);
    create_ex = (create_ex_fn)(void *)GetProcAddress(module, "DirectDrawCreateEx");
    ok(create_ex != NULL, "DirectDrawCreateEx is not exported.\n");
    FreeLibrary(module);
}

START_TEST(harness)
{
    test_todo_logic();
    test_ddraw_loads();
}

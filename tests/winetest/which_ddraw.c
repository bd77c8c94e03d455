/*
 * Says which ddraw.dll a plain program gets: loads it as programs do, by
 * name, and prints "ddraw: ours" (it exports dx7gl's DX7GL_GetCounters),
 * "ddraw: builtin" (Wine's, which carries Wine's builtin signature after
 * its DOS header) or "ddraw: other", with the file it came from. The exit
 * status is 0, 1 and 2 for those, 3 when there is no ddraw.dll at all.
 * tools/run-tests.sh's installer section runs it around dx7gl-setup.
 */
#include <stdio.h>
#include <string.h>
#include <windows.h>

int main(void)
{
    static const char signature[] = "Wine builtin DLL";
    char path[MAX_PATH] = "";
    HMODULE module;
    const char *which;
    int code;

    if (!(module = LoadLibraryA("ddraw.dll")))
    {
        printf("ddraw: none (error %lu)\n", (unsigned long)GetLastError());
        return 3;
    }
    GetModuleFileNameA(module, path, sizeof(path));
    if (GetProcAddress(module, "DX7GL_GetCounters"))
        which = "ours", code = 0;
    else if (!memcmp((const char *)module + 0x40, signature, sizeof(signature) - 1))
        which = "builtin", code = 1;
    else
        which = "other", code = 2;
    printf("ddraw: %s (%s)\n", which, path);
    FreeLibrary(module);
    return code;
}

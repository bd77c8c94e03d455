#!/bin/bash
# tools/dx7gl-setup on a fresh Wine prefix: before install a plain program
# loads Wine's builtin ddraw.dll, after install ours, after uninstall Wine's
# again, with the prefix's system32\ddraw.dll as it was.
#
#   setup-check.sh PE64_BUILD_DIR [PE32_BUILD_DIR]
#
# The program is tests/winetest's which_ddraw.exe (LoadLibrary("ddraw.dll"),
# then: does it export DX7GL_GetCounters, or carry Wine's builtin signature).
set -u

build=${1:?usage: setup-check.sh PE64_BUILD_DIR [PE32_BUILD_DIR]}
build32=${2:-}
top=$(cd "$(dirname "$0")/../.." && pwd)
wine=$top/tools/wine
exe=$build/tests/winetest/which_ddraw.exe
[ -f "$exe" ] || { echo "setup-check: $exe is not built"; exit 1; }
[ -f "$build/dlls/ddraw/ddraw.dll" ] || { echo "setup-check: $build/dlls/ddraw/ddraw.dll is not built"; exit 1; }

tmp=$(mktemp -d /tmp/dx7gl-setup-check.XXXXXX)
export WINEPREFIX=$tmp/prefix WINEDEBUG=-all
trap '"$wine" --server -k >/dev/null 2>&1; rm -rf "$tmp"' EXIT
"$wine" --new-prefix || exit 1
mkdir -p "$tmp/run"
cp "$exe" "$tmp/run/" || exit 1
sys=$WINEPREFIX/drive_c/windows/system32
cp "$sys/ddraw.dll" "$tmp/ddraw-before.dll" 2>/dev/null

fail=0
# expect WHAT STATUS: runs the program with no DLL overrides in the environment.
expect() {
    local out rc
    out=$(cd "$tmp/run" && env -u WINEDLLOVERRIDES "$wine" which_ddraw.exe 2>/dev/null | tr -d '\r')
    rc=$?
    echo "setup-check: $1: $out"
    case "$out" in
        "ddraw: $2 "*) ;;
        *) echo "setup-check: FAIL: $1: expected ddraw: $2"; fail=1 ;;
    esac
}

expect "fresh prefix" builtin
args=(install --prefix "$WINEPREFIX" --dlls64 "$build")
[ -n "$build32" ] && args+=(--dlls32 "$build32")
"$top/tools/dx7gl-setup" "${args[@]}" || { echo "setup-check: FAIL: install"; fail=1; }
expect "after install" ours
grep -qi '"ddraw"="native"' "$WINEPREFIX/user.reg" || { echo "setup-check: FAIL: no ddraw=native override"; fail=1; }
if [ -n "$build32" ] && [ -d "$WINEPREFIX/drive_c/windows/syswow64" ]; then
    cmp -s "$build32/dlls/ddraw/ddraw.dll" "$WINEPREFIX/drive_c/windows/syswow64/ddraw.dll" ||
        { echo "setup-check: FAIL: the 32-bit ddraw.dll is not in syswow64"; fail=1; }
fi
"$top/tools/dx7gl-setup" uninstall --prefix "$WINEPREFIX" || { echo "setup-check: FAIL: uninstall"; fail=1; }
expect "after uninstall" builtin
if grep -qi '"ddraw"="native"' "$WINEPREFIX/user.reg"; then
    echo "setup-check: FAIL: the ddraw override is still there"; fail=1
fi
if [ -f "$tmp/ddraw-before.dll" ] && ! cmp -s "$tmp/ddraw-before.dll" "$sys/ddraw.dll"; then
    echo "setup-check: FAIL: system32\\ddraw.dll is not Wine's again"; fail=1
fi
[ -e "$sys/dx7z.dll" ] && { echo "setup-check: FAIL: dx7z.dll left in system32"; fail=1; }
[ $fail = 0 ] && echo "setup-check: PASS"
exit $fail

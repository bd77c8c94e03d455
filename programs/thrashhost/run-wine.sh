#!/bin/bash
# The game's way through dx7gl: thrashhost.exe (the PE build) under wine64,
# binding dx7z.dll, which draws through ddraw.dll: ours by default, Wine's
# builtin one with --builtin. Prints where the frames went and the frame rate.
#
#   programs/thrashhost/run-wine.sh [--builtin] [BUILD_ROOT] [-- thrashhost arguments]
#
# BUILD_ROOT holds the x86_64-w64-mingw32 tree (default: build). Frames go to
# build/out/thrash unless --out is among the host's arguments.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
impl=ours root=$top/build
while [ $# -gt 0 ]; do
    case $1 in
        --builtin) impl=builtin; shift ;;
        --) shift; break ;;
        *) root=$1; shift ;;
    esac
done
pe=$root/x86_64-w64-mingw32
wine=$top/tools/wine
args=("$@")
case " ${args[*]:-} " in *" --out "*) ;; *) mkdir -p "$root/out/thrash"; args+=(--out "$root/out/thrash") ;; esac

if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1024x768x24" "$0" $([ $impl = builtin ] && echo --builtin) "$root" -- "${args[@]}"
fi
for f in "$pe/programs/thrashhost/thrashhost.exe" "$pe/dlls/dx7z/dx7z.dll"; do
    [ -f "$f" ] || { echo "run-wine: $f is not built (tools/setup.sh)" >&2; exit 1; }
done
if [ $impl = ours ] && [ ! -f "$pe/dlls/ddraw/ddraw.dll" ]; then
    echo "run-wine: our ddraw.dll is not built" >&2; exit 1
fi
tmp=$(mktemp -d /tmp/dx7gl-thrashhost.XXXXXX)
export WINEPREFIX=$tmp/prefix WINEDEBUG=${WINEDEBUG:--all}
trap '"$wine" --server -k >/dev/null 2>&1; rm -rf "$tmp"' EXIT
"$wine" --new-prefix || exit 1
mkdir -p "$tmp/run"
cp "$pe/programs/thrashhost/thrashhost.exe" "$pe/dlls/dx7z/dx7z.dll" "$tmp/run/"
[ $impl = ours ] && cp "$pe/dlls/ddraw/ddraw.dll" "$tmp/run/"
ov=$([ $impl = ours ] && echo n || echo b)
echo "run-wine: thrashhost.exe on dx7z.dll and $impl ddraw (ddraw=$ov)"
cd "$tmp/run" && WINEDLLOVERRIDES="ddraw=$ov;mscoree,mshtml=" timeout -k 10 600 "$wine" thrashhost.exe "${args[@]}"

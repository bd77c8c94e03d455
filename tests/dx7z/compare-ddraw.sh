#!/bin/bash
# The host's scene under wine64 on our ddraw.dll and on Wine's builtin one
# must give the same picture: PSNR of at least 40 dB on every frame.
#   tests/dx7z/compare-ddraw.sh [BUILD_ROOT] [SCENE] [FRAMES] [HOST_ARGS...]
# BUILD_ROOT holds the x86_64-w64-mingw32 tree (default: build). The frames
# stay in $OUT (default: a temporary directory) for a look at the difference.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
root=${1:-$top/build}
scene=${2:-game}
frames=${3:-10}
shift 3 2>/dev/null || shift $#
extra=("$@")
pe=$root/x86_64-w64-mingw32
wine=$top/tools/wine

if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1024x768x24" "$0" "$root" "$scene" "$frames" "${extra[@]}"
fi
for f in "$pe/programs/thrashhost/thrashhost.exe" "$pe/dlls/dx7z/dx7z.dll"; do
    [ -f "$f" ] || { echo "compare-ddraw: $f is not built"; exit 1; }
done
tmp=$(mktemp -d /tmp/dx7gl-thrash.XXXXXX)
out=${OUT:-$tmp/out}
export WINEPREFIX=$tmp/prefix WINEDEBUG=${WINEDEBUG:--all}
trap '"$wine" --server -k >/dev/null 2>&1; rm -rf "$tmp/prefix" "$tmp/run"' EXIT
"$wine" --new-prefix || exit 1

mkdir -p "$tmp/run" "$out"
cp "$pe/programs/thrashhost/thrashhost.exe" "$pe/dlls/dx7z/dx7z.dll" "$tmp/run/"
[ -f "$pe/dlls/ddraw/ddraw.dll" ] && cp "$pe/dlls/ddraw/ddraw.dll" "$tmp/run/"
status=0
for impl in ours builtin; do
    case $impl in ours) ov=n ;; builtin) ov=b ;; esac
    (cd "$tmp/run" && WINEDLLOVERRIDES="ddraw=$ov;mscoree,mshtml=" timeout -k 10 300 \
        "$wine" thrashhost.exe "${extra[@]}" --scene "$scene" --frames "$frames" --out "$("$wine" winepath -w "$out/$impl" 2>/dev/null || echo "$out/$impl")") \
        >"$out/$impl.log" 2>&1
    echo "compare-ddraw: $impl: $(grep -E 'fps|frames written' "$out/$impl.log" | tr '\n' ' ')"
done
native=$root/native/programs/thrashhost/thrashhost
if [ -x "$native" ]; then
    "$native" --compare "$out/ours" "$out/builtin" --scene "$scene" --frames "$frames" || status=1
else
    (cd "$tmp/run" && "$wine" thrashhost.exe --compare "$out/ours" "$out/builtin" --scene "$scene" --frames "$frames") || status=1
fi
echo "compare-ddraw: frames in $out"
exit $status

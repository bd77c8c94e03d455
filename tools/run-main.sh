#!/bin/bash
# The project's main job on its built-in default: the THRASH host (the PE
# build of programs/thrashhost, binding dx7z.dll as Porsche.exe does) under
# wine64 on our ddraw.dll, drawing its default scene; it prints where the
# frames went and the frame rate.
#
#   tools/run-main.sh            the THRASH host under wine64 on ours
#   tools/run-main.sh --demo     the core's native demo frame (EGL, no Wine)
# Further arguments go to thrashhost (--scene NAME, --frames N, --out DIR,
# --size WxH).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --demo ]; then
    demo=$top/build/native/programs/demo/demo
    [ -x "$demo" ] || { echo "run-main: $demo is not built; run tools/setup.sh first" >&2; exit 1; }
    mkdir -p "$top/build/out"
    exec "$demo" --out "$top/build/out"
fi
exec "$top/programs/thrashhost/run-wine.sh" "$top/build" -- "$@"

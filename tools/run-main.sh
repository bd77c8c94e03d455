#!/bin/bash
# The project's main job on its built-in default: draws a frame through the
# core and writes it as PNG, printing where it went.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/build/out}
mkdir -p "$out"
demo=$top/build/native/programs/demo/demo
if [ ! -x "$demo" ]; then
    echo "run-main: $demo is not built; run tools/setup.sh first" >&2
    exit 1
fi
exec "$demo" --out "$out"

#!/bin/sh
# Bundle the fixed-function tests for a machine with a vendor GL driver but
# no GL development files (the device machines with an NVIDIA GPU): the test
# programs linked against the static core, the glvnd/GLEW/cmocka/X client
# libraries they load, and an EGL vendor file pointing at the driver.
#
#   tests/ffp/gpu-bundle.sh [BUILD_DIR [OUT_DIR [EGL_VENDOR_LIBRARY]]]
#   then, on the GPU machine, from the repository root:
#   cd OUT_DIR && LD_LIBRARY_PATH=$PWD __EGL_VENDOR_LIBRARY_FILENAMES=$PWD/vendor.json ./ffp_render_test
#
# Needs a built native tree (tools/setup.sh or make -C build/native).
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build/native}
out=${2:-$top/build/devtest}
vendor=${3:-/usr/local/nvidia/lib64/libEGL_nvidia.so.0}
libdir=/lib/x86_64-linux-gnu

mkdir -p "$out"
for t in render glsl key device; do
    extra=
    [ "$t" = device ] || extra="$top/tests/ffp/ffp_gl.c"
    gcc -std=gnu99 -O1 -I"$top/include" -I"$build" "$top/tests/ffp/$t.c" $extra \
        "$build/wined3d-lite/.libs/libwined3d-lite.a" "$build/libs/port/.libs/libport.a" \
        -lcmocka -lEGL -lGLEW -lGL -lm -o "$out/ffp_${t}_test"
done
for l in libEGL.so.1 libGLdispatch.so.0 libGLX.so.0 libGL.so.1 libGLEW.so.2.2 libcmocka.so.0 \
         libX11.so.6 libxcb.so.1 libXau.so.6 libXdmcp.so.6 libbsd.so.0 libmd.so.0; do
    cp -L "$libdir/$l" "$out/"
done
cat > "$out/vendor.json" <<EOJ
{
    "file_format_version" : "1.0.0",
    "ICD" : { "library_path" : "$vendor" }
}
EOJ
echo "bundle in $out"

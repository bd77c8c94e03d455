#!/bin/bash
# Runs every dx7gl test: the native cmocka suites, the same suites built with
# AddressSanitizer and UndefinedBehaviorSanitizer, the export tables of the
# PE DLLs (both PE trees), the winetest-style PE programs under wine64
# against our ddraw.dll and, as a reference, Wine's builtin one, and the
# THRASH host's pictures on both ddraws compared frame by frame.
# Builds first (tools/setup.sh, seconds when nothing changed).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=${JOBS:-$(nproc)}
declare -a results

section() { echo; echo "==== $* ===="; }
record() { results+=("$1: $([ "$2" = 0 ] && echo PASS || echo FAIL)"); [ "$2" = 0 ] || status=1; }
# Not run is not passed: a suite that exited 77 (automake's SKIP) or a cmocka
# test that called skip() fails its check, except the suites named after the
# tree, skipped there on purpose. Prints what was skipped; status 1 if any counts.
skips() { # skips TREE [ALLOWED_SUITE...]
    local tree=$1 rc=0 log name; shift
    for log in $(find "$tree/tests" -name '*.log' ! -name test-suite.log | sort); do
        name=$(basename "$log" .log)
        case " $* " in *" $name "*) continue ;; esac
        if [ -f "${log%.log}.trs" ] && grep -q '^:test-result: SKIP' "${log%.log}.trs"; then
            echo "SKIPPED, counted as a failure: $name (the whole suite)"; rc=1
        fi
        if grep -qE '^\[  SKIPPED \]' "$log"; then
            grep -E '^\[  SKIPPED \]' "$log" | sed "s|^|SKIPPED, counted as a failure: $name: |"; rc=1
        fi
    done
    return $rc
}
status=0

"$top/tools/setup.sh" || exit 1

cmocka_summary() {
    # The cmocka summary lines of every suite, as the test driver logged them.
    local log
    for log in $(find "$1/tests" -name '*.log' ! -name test-suite.log | sort); do
        grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$log" | sed "s|^|$(basename "$log" .log): |"
    done
}

section "native cmocka tests (build/native)"
rm -f build/native-check.err build/asan-check.err
# Under Xvfb, so the core's EGL window test (core_eglwindow) runs too.
xvfb-run -a -s "-screen 0 1024x768x24" make -s -C build/native -j"$jobs" check 2>build/native-check.err | grep -E "^(PASS|FAIL|ERROR|SKIP|XFAIL|XPASS):"; rc=${PIPESTATUS[0]}
cmocka_summary build/native
[ $rc = 0 ] || { cat build/native-check.err; find build/native/tests -name '*.log' ! -name test-suite.log -exec grep -l 'FAILED\|ERROR' {} + | xargs -r tail -n 30; }
skips build/native || rc=1
record "native cmocka" $rc

section "programs: --help and unknown options (tests/port/programs-check.sh)"
PROGRAMS_DIR=build/native/programs tests/port/programs-check.sh; record "programs' command lines" $?

section "native cmocka tests with ASan+UBSan (build/asan)"
# A static build: Mesa's JIT-compiled shader code leaks from an unknown module
# in shared builds, which LeakSanitizer can neither symbolize nor suppress.
# The tests and what they run are built; programs/bench (an LD_PRELOAD shim
# needs a shared build) is not.
if [ ! -f build/asan/Makefile ]; then
    mkdir -p build/asan
    (cd build/asan && "$top/configure" -q --enable-sanitizers --disable-shared) || exit 1
fi
rc=0
for dir in libs/port wined3d-lite dlls/ddraw dlls/gs dlls/rsx dlls/dx7z programs/demo programs/gsplay programs/rsxdis programs/rsxplay programs/thrashhost; do
    make -s -C "build/asan/$dir" -j"$jobs" >/dev/null 2>>build/asan-check.err || rc=1
done
# intercept_tls_get_addr=0: GCC 12's LeakSanitizer follows the dynamic TLS
# blocks of dlopened libraries (Mesa's driver) and, in some builds, reads a
# bogus one and crashes at exit ("Tracer caught signal 11", DTLS at 0xba0);
# our code has no dynamic TLS (a static build), so nothing of ours goes
# unscanned.
# Mesa's driver preloaded: LeakSanitizer looks at exit, after Mesa's EGL has
# unloaded the driver it opened, and memory the driver's globals still held
# then looks leaked, from "<unknown module>" (Debian's Mesa 22.3.6-1+deb12u2:
# 128 bytes from a realloc in ffp_glsl_test and core_egldisplay). Preloaded,
# it stays mapped to the end and its globals are scanned; ASan then is not
# first in the link order, which verify_asan_link_order=0 allows.  Only the
# tests get it (TESTS_ENVIRONMENT), not make and the compilers.
dri=
for f in /usr/lib/*/dri/swrast_dri.so; do [ -f "$f" ] && dri=$f && break; done
for dir in build/asan/tests/*/; do
    [ -f "$dir/Makefile" ] || continue
    env -u DISPLAY ASAN_OPTIONS=detect_leaks=1:intercept_tls_get_addr=0:verify_asan_link_order=0 \
        make -s -C "$dir" -j"$jobs" check TESTS_ENVIRONMENT="${dri:+LD_PRELOAD=$dri; export LD_PRELOAD;}" 2>>build/asan-check.err |
        grep -E "^(PASS|FAIL|ERROR|SKIP|XFAIL|XPASS):"
    [ "${PIPESTATUS[0]}" = 0 ] || rc=1
done
cmocka_summary build/asan
[ $rc = 0 ] || { cat build/asan-check.err; find build/asan/tests -name '*.log' ! -name test-suite.log -exec grep -l 'FAILED\|ERROR\|Sanitizer' {} + | xargs -r tail -n 40; }
# Skipped here on purpose, and run in the native section above: the window
# test needs an X display, and the sanitizer suites run without one
# (LeakSanitizer reports the X client libraries' own allocations);
# dx7z_render and dx7z_binding load the THRASH driver as a shared library,
# which this static build does not make; core_egldisplay checks that the EGL display is
# terminated and memory returned, where sanitizer builds keep the display
# (LeakSanitizer cannot read llvmpipe's freed JIT code) and their allocators
# do not report mallinfo2.
skips build/asan core_eglwindow dx7z_render dx7z_binding core_egldisplay || rc=1
record "sanitizer cmocka" $rc

section "PE export tables (i686 and x86_64)"
"$top/tools/check-exports.sh" "$top/build"; record "PE exports" $?

section "PE tests under wine64 (ours must pass; Wine's builtin is the reference)"
"$top/tests/winetest/run-pe-tests" "$top/build/x86_64-w64-mingw32" "$top/build/reference-report.txt"
record "PE tests under wine64" $?

section "THRASH host under wine64: ours against Wine's builtin ddraw (PSNR >= 40 dB a frame)"
"$top/tests/dx7z/compare-ddraw.sh" "$top/build" game 10 | grep -E '^compare: [0-9]+ frames|FAIL|not built'
record "THRASH picture, ours vs builtin" "${PIPESTATUS[0]}"
"$top/tests/dx7z/compare-ddraw.sh" "$top/build" selftest 3 | grep -E '^compare: [0-9]+ frames|FAIL|not built'
record "THRASH self-test picture, ours vs builtin" "${PIPESTATUS[0]}"

section "benchmark smoke run (each scene a few frames; speed is never asserted)"
"$top/tools/bench" --smoke; record "bench smoke" $?

section "Wine's DirectDraw tests on ours: d3d.c, ddraw7.c, ddraw4.c, ddraw2.c, ddraw1.c, dsurface.c (no crash; failures at most tests/conformance-baseline.txt's)"
t0=$SECONDS
# A worker per core, at most four (each has a Wine prefix and an Xvfb of its own).
"$top/tools/conformance" --file d3d --file ddraw7 --file ddraw4 --file ddraw2 --file ddraw1 --file dsurface --impl ours -j $((jobs < 4 ? jobs : 4)) \
    --check "$top/tests/conformance-baseline.txt" |
    grep -E '^conformance: (d3d|ddraw[1247]|dsurface) ours|CHECK|check:|failed$'
rc=${PIPESTATUS[0]}
echo "conformance: $((SECONDS - t0)) s"
record "Wine's ddraw tests on ours" "$rc"

section "fuzzing: every seed replayed, then 5,000 inputs a harness from a fixed random seed (tools/fuzz; any crash or sanitizer report fails)"
t0=$SECONDS
rc=0
"$top/tools/fuzz" --replay || rc=1
"$top/tools/fuzz" --scratch --runs 5000 || rc=1
echo "fuzz: $((SECONDS - t0)) s"
record "fuzz corpora and short runs" "$rc"

section "Wine prefix installer: tools/dx7gl-setup on a fresh prefix (ours loads after install, Wine's after uninstall)"
"$top/tests/winetest/setup-check.sh" "$top/build/x86_64-w64-mingw32" "$top/build/i686-w64-mingw32" | grep -E '^setup-check:'
record "dx7gl-setup install/uninstall" "${PIPESTATUS[0]}"

section "summary"
printf '%s\n' "${results[@]}"
exit $status

#!/bin/bash
# Sets up a fresh Debian 12 machine for dx7gl and builds all three trees:
#   build/native                   x86_64 Linux (libraries, cmocka tests, programs)
#   build/x86_64-w64-mingw32       64-bit PE DLLs and test programs (run under wine64)
#   build/i686-w64-mingw32         32-bit PE DLLs (linked and export-checked only)
# Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
build=$top/build
jobs=${JOBS:-$(nproc)}
pe_hosts="x86_64-w64-mingw32 i686-w64-mingw32"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
log() { echo "setup: $*"; }

# Wine's X11 driver loads the X extension libraries below at run time; the
# wine64 package only recommends them, and a minimal Debian has none.
packages="build-essential autoconf automake libtool pkg-config dpkg-dev
    gcc-mingw-w64-x86-64 gcc-mingw-w64-i686 binutils-mingw-w64
    wine64 xvfb xauth python3
    libxrandr2 libxrender1 libxi6 libxcomposite1 libxcursor1 libxfixes3
    libxinerama1 libxxf86vm1 libgl1
    libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri
    libglew-dev libcmocka-dev clang libclang-rt-14-dev"

# Every command the scripts call that a minimal Debian lacks, with the
# package that provides it: checked after installing, so a machine where one
# is missing stops here rather than halfway through the tests.
commands="gcc:build-essential make:build-essential autoreconf:autoconf automake:automake
    libtoolize:libtool pkg-config:pkg-config dpkg-source:dpkg-dev
    x86_64-w64-mingw32-gcc:gcc-mingw-w64-x86-64 i686-w64-mingw32-gcc:gcc-mingw-w64-i686
    x86_64-w64-mingw32-objdump:binutils-mingw-w64-x86-64 i686-w64-mingw32-objdump:binutils-mingw-w64-i686
    x86_64-w64-mingw32-ar:binutils-mingw-w64-x86-64 i686-w64-mingw32-ar:binutils-mingw-w64-i686
    xvfb-run:xvfb Xvfb:xvfb xauth:xauth python3:python3 timeout:coreutils clang:clang"

# A Wine 8.0 or later that the user has already (tools/wine decides) is used
# as it is; only a machine without one gets Debian's wine64.
if "$top/tools/wine" --which >/dev/null 2>&1; then
    packages=$(echo $packages | tr ' ' '\n' | grep -vx wine64 | tr '\n' ' ')
fi

missing=$(dpkg-query -W -f='${Package} ${Status}\n' $packages 2>/dev/null |
    awk '$NF != "installed" {print $1}' || true)
# dpkg-query prints nothing at all for a package it has never heard of.
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
missing=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ -n "${missing// /}" ]; then
    log "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -q
    if ! as_root apt-get install -y -q --no-install-recommends $missing; then
        # wine64 has failed here on a version skew between main and security;
        # preferring main's versions resolves it.
        log "install failed; pinning the security archive below main and retrying"
        printf 'Package: *\nPin: release l=Debian-Security\nPin-Priority: 100\n' |
            as_root tee /etc/apt/preferences.d/dx7gl-security-pin >/dev/null
        as_root apt-get update -q
        as_root apt-get install -y -q --no-install-recommends $missing
    fi
fi

for pair in $commands; do
    command -v "${pair%%:*}" >/dev/null ||
        { echo "setup: the command ${pair%%:*} is missing: install Debian's package ${pair#*:}" >&2; exit 1; }
done
# The Wine the scripts will use (tools/wine decides, for all of them; it
# names the package wine64 when there is none).
wine=$("$top/tools/wine" --which) || exit 1
log "Wine: $wine"

# deb-src entries for the Debian archives this machine already uses (its own
# apt sources, the entries of this release's suites), so that `apt-get
# source` reaches the same archive as `apt-get install`.
add_deb_src() {
    local codename
    codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
    [ -n "$codename" ] || { echo "setup: /etc/os-release names no release" >&2; return 1; }
    # deb822 files: each enabled stanza of type deb serving this release
    # again, as deb-src.
    awk -v rel="$codename" '
        function flush() {
            if (text != "" && deb && ours && enabled) { sub(/\n+$/, "", out); printf "%s%s\n", sep, out; sep = "\n" }
            text = ""; out = ""; deb = 0; ours = 0; enabled = 1
        }
        BEGIN { enabled = 1 }
        FNR == 1 || /^[ \t]*$/ { flush() }
        /^[ \t]*$/ { next }
        /^#/ { next }
        { text = text $0 "\n"; line = $0 }
        tolower($1) == "types:" { deb = 0; for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1; line = "Types: deb-src" }
        tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == rel || index($i, rel "-") == 1) ours = 1 }
        tolower($1) == "enabled:" && tolower($2) == "no" { enabled = 0 }
        { out = out line "\n" }
        END { flush() }
    ' /etc/apt/sources.list.d/*.sources 2>/dev/null | as_root tee /etc/apt/sources.list.d/dx7gl-src.sources >/dev/null
    # One-line files: each "deb" line of this release's suites, as deb-src.
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
        awk -v rel="$codename" '$1 == "deb" {
            i = 1; if ($2 ~ /^\[/) { i = 2; while (i <= NF && $i !~ /\]$/) i++ }
            s = $(i + 2); if (s == rel || index(s, rel "-") == 1) { $1 = "deb-src"; print } }' |
        as_root tee /etc/apt/sources.list.d/dx7gl-src.list >/dev/null
    [ -s /etc/apt/sources.list.d/dx7gl-src.sources ] || as_root rm -f /etc/apt/sources.list.d/dx7gl-src.sources
    [ -s /etc/apt/sources.list.d/dx7gl-src.list ] || as_root rm -f /etc/apt/sources.list.d/dx7gl-src.list
    if [ ! -f /etc/apt/sources.list.d/dx7gl-src.sources ] && [ ! -f /etc/apt/sources.list.d/dx7gl-src.list ]; then
        echo "setup: no apt source of this machine serves Debian $codename; add one (deb or deb-src) and run again" >&2
        return 1
    fi
    as_root apt-get update -q
}

# GLEW for the PE builds: mingw-w64 has none, so build GLEW's own source
# (Debian's glew source package) into build/glew-<host>.
glew_src=$build/glew-src
for host in $pe_hosts; do
    lib=$build/glew-$host/lib/libglew32s.a
    [ -f "$lib" ] && continue
    if [ ! -f "$glew_src/src/glew.c" ]; then
        if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
            log "adding deb-src entries for Debian's source packages (from this machine's apt sources)"
            add_deb_src || exit 1
        fi
        rm -rf "$build/glew-dl" && mkdir -p "$build/glew-dl"
        (cd "$build/glew-dl" && apt-get source -q glew >/dev/null)
        dir=$(find "$build/glew-dl" -mindepth 1 -maxdepth 1 -type d -name 'glew-*' | head -n 1)
        [ -f "$dir/src/glew.c" ] || { echo "setup: glew source has no src/glew.c" >&2; exit 1; }
        rm -rf "$glew_src" && mv "$dir" "$glew_src" && rm -rf "$build/glew-dl"
    fi
    log "building GLEW for $host"
    out=$build/glew-$host
    mkdir -p "$out/lib" "$out/include"
    $host-gcc -O2 -DGLEW_STATIC -DGLEW_NO_GLU -I"$glew_src/include" -c "$glew_src/src/glew.c" -o "$out/glew.o"
    $host-ar rcs "$lib.tmp" "$out/glew.o" && mv "$lib.tmp" "$lib"
    cp -r "$glew_src/include/GL" "$out/include/"
    rm -f "$out/glew.o"
done

if [ ! -x configure ] || [ configure.ac -nt configure ]; then
    log "autoreconf"
    autoreconf -fi >/dev/null
fi

configure_tree() {
    local dir=$1; shift
    if [ ! -f "$dir/Makefile" ]; then
        log "configuring $dir"
        mkdir -p "$dir"
        (cd "$dir" && "$top/configure" -q "$@")
    fi
}

configure_tree "$build/native" --prefix=/usr/local
for host in $pe_hosts; do
    configure_tree "$build/$host" --host=$host --with-pe-glew="$build/glew-$host"
done

for dir in native $pe_hosts; do
    log "building $dir"
    make -s -C "$build/$dir" -j"$jobs" >/dev/null
done
log "done: build/native, build/x86_64-w64-mingw32, build/i686-w64-mingw32"

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

packages="build-essential autoconf automake libtool pkg-config dpkg-dev
    gcc-mingw-w64-x86-64 gcc-mingw-w64-i686 binutils-mingw-w64
    wine64 xvfb xauth python3
    libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri
    libglew-dev libcmocka-dev"

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

# GLEW for the PE builds: mingw-w64 has none, so build GLEW's own source
# (Debian's glew source package) into build/glew-<host>.
glew_src=$build/glew-src
for host in $pe_hosts; do
    lib=$build/glew-$host/lib/libglew32s.a
    [ -f "$lib" ] && continue
    if [ ! -f "$glew_src/src/glew.c" ]; then
        if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
            log "adding a deb-src entry for Debian's source packages"
            printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
                as_root tee /etc/apt/sources.list.d/dx7gl-src.sources >/dev/null
            as_root apt-get update -q
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

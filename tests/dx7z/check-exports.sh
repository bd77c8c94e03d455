#!/bin/bash
# Checks dx7z.dll's export table against the THRASH names Porsche.exe binds:
#   tests/dx7z/check-exports.sh BUILD_DIR
# BUILD_DIR is a PE tree (build/i686-w64-mingw32 or build/x86_64-w64-mingw32).
# Every function must be exported as MSVC decorates a __stdcall export,
# _THRASH_<name>@<4 x arguments>, and undecorated as THRASH_<name>, both at
# the same address; the older strip/fan forms as _THRASH_<name>@8 too.
# The list is written out here on purpose (not read from dx7z.def), so a
# wrong .def is caught. Argument counts: documentation/thrash.md.
set -u
build=${1:?usage: check-exports.sh BUILD_DIR}
dll=$build/dlls/dx7z/dx7z.dll
case $(basename "$build") in
    i686*) objdump=i686-w64-mingw32-objdump ;;
    x86_64*) objdump=x86_64-w64-mingw32-objdump ;;
    *) objdump=$(command -v i686-w64-mingw32-objdump || echo objdump) ;;
esac
if [ ! -f "$dll" ]; then
    echo "dx7z check-exports: $dll was not built"; exit 1
fi

# name and argument bytes of the 38 functions
expected="about 0
clearwindow 0
clip 16
drawline 8
drawlinemesh 12
drawlinestrip 12
drawpoint 4
drawpointmesh 12
drawpointstrip 12
drawquad 16
drawquadmesh 12
drawsprite 8
drawspritemesh 12
drawtri 12
drawtrifan 12
drawtrimesh 12
drawtristrip 12
flushwindow 0
getstate 4
idle 0
init 0
is 0
lockwindow 0
pageflip 0
readrect 20
restore 0
selectdisplay 4
setstate 8
settexture 4
setvideomode 12
sync 4
talloc 20
tfree 4
treset 0
tupdate 12
unlockwindow 4
window 4
writerect 20"
older="drawtristrip drawtrifan drawlinestrip drawpointstrip"

# "RVA name" for every named export
table=$($objdump -p "$dll" | awk '
    /^Export Address Table/ {e = 1; next}
    e && /\+base\[/ {gsub(/[][]/, " "); rva[$1] = $(NF - 2)}
    /\[Ordinal\/Name Pointer\] Table/ {e = 0; t = 1; next}
    t && NF == 0 {t = 0}
    t {gsub(/[][]/, " "); print rva[$1], $NF}')
rva_of() { awk -v n="$1" '$2 == n {print $1}' <<<"$table"; }

status=0 count=0
while read -r name bytes; do
    for n in "THRASH_$name" "_THRASH_$name@$bytes"; do
        count=$((count + 1))
        [ -n "$(rva_of "$n")" ] || { echo "dx7z check-exports: $(basename "$build"): missing $n"; status=1; }
    done
    a=$(rva_of "THRASH_$name") b=$(rva_of "_THRASH_$name@$bytes")
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then
        echo "dx7z check-exports: THRASH_$name and _THRASH_$name@$bytes differ ($a, $b)"; status=1
    fi
done <<<"$expected"
for name in $older; do
    count=$((count + 1))
    a=$(rva_of "_THRASH_$name@8") b=$(rva_of "_THRASH_$name@12")
    if [ -z "$a" ]; then echo "dx7z check-exports: missing _THRASH_$name@8"; status=1
    elif [ "$a" = "$b" ]; then echo "dx7z check-exports: _THRASH_$name@8 is the @12 function"; status=1; fi
done
total=$(wc -l <<<"$table")
if [ "$total" != "$count" ]; then
    echo "dx7z check-exports: $total names exported, $count expected"; status=1
fi
echo "dx7z check-exports: $(basename "$build"): $count names checked, $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status

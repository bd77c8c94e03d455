#!/bin/bash
# Reads the export tables of the PE DLLs (both PE trees) with objdump and
# checks that the module exports exactly the names it must (a name missing
# or one more than these fails):
#   - every name in dlls/<module>/<module>.def,
#   - for ddraw.dll, the entry points DirectDraw programs import,
#   - for dx7z.dll, the THRASH names checked by tests/dx7z/check-exports.sh.
# The i686 tree cannot be run on these machines, so this is its test.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/build}
status=0 checked=0

ddraw_required="DirectDrawCreate DirectDrawCreateEx DirectDrawCreateClipper DirectDrawEnumerateA
DirectDrawEnumerateW DirectDrawEnumerateExA DirectDrawEnumerateExW DllCanUnloadNow DllGetClassObject
GetSurfaceFromDC"

def_names() {
    # EXPORTS section of a .def: the exported name is the first word, up to '=' or ' @'.
    sed -n '/^EXPORTS/,$p' "$1" | tail -n +2 | sed 's/;.*//' |
        awk 'NF { n = $1; sub(/=.*/, "", n); print n }'
}

for host in i686-w64-mingw32 x86_64-w64-mingw32; do
    for def in "$top"/dlls/*/*.def; do
        [ -f "$def" ] || continue
        module=$(basename "$def" .def)
        dll=$build/$host/dlls/$module/$module.dll
        if [ ! -f "$dll" ]; then
            echo "check-exports: $host: $module.dll was not built"; status=1; continue
        fi
        exports=$($host-objdump -p "$dll" | awk '/\[Ordinal\/Name Pointer\] Table/ {t = 1; next} t && NF == 0 {t = 0} t {print $NF}')
        want=$(def_names "$def")
        [ "$module" = ddraw ] && want="$want $ddraw_required"
        missing=0
        for name in $want; do
            grep -qxF -- "$name" <<<"$exports" || { echo "check-exports: $host $module.dll lacks $name"; missing=1; }
        done
        for name in $exports; do
            grep -qxF -- "$name" <<<"$(tr ' ' '\n' <<<"$want")" ||
                { echo "check-exports: $host $module.dll exports $name, which it should not"; missing=1; }
        done
        count=$(wc -w <<<"$want")
        if [ $missing = 0 ]; then
            echo "check-exports: $host $module.dll: all $count names exported, no others"
        else
            status=1
        fi
        checked=$((checked + 1))
    done
    if [ -x "$top/tests/dx7z/check-exports.sh" ] && [ -f "$build/$host/dlls/dx7z/dx7z.dll" ]; then
        "$top/tests/dx7z/check-exports.sh" "$build/$host" || status=1
    fi
done
echo "check-exports: $checked DLL export tables read, $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status

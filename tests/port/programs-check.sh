#!/bin/sh
# Every program of the tree agrees on its command line (issue 26): --help
# prints a usage line on stdout and exits 0, an unknown option is refused
# with status 2 and a usage line on stderr.
top=${PROGRAMS_DIR:-../../programs}
rc=0
for p in demo/demo gsplay/gsplay rsxdis/rsxdis rsxplay/rsxplay thrashhost/thrashhost bench/bench bench/bench-floor; do
    name=${p#*/}
    exe="$top/$p"
    if [ ! -x "$exe" ]; then
        echo "programs-check: $exe was not built"
        rc=1
        continue
    fi
    out=$("$exe" --help 2>/dev/null); st=$?
    if [ "$st" != 0 ] || ! printf '%s\n' "$out" | grep -qi "^usage: "; then
        echo "programs-check: $name --help answered $st without a usage line on stdout"
        rc=1
    fi
    err=$("$exe" --no-such-option 2>&1 >/dev/null); st=$?
    if [ "$st" != 2 ] || ! printf '%s\n' "$err" | grep -qi "usage: "; then
        echo "programs-check: $name refused an unknown option with status $st (want 2 and a usage line)"
        rc=1
    fi
done
[ $rc = 0 ] && echo "programs-check: ok"
exit $rc

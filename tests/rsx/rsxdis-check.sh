#!/bin/sh
# rsxdis and rsxplay: the demo's container disassembles with every program,
# --glsl prints GLSL, a damaged container is refused with exit status 1 and
# a message; rsxplay --demo writes its PNG.
set -e
rsxdis=${RSXDIS:-../../programs/rsxdis/rsxdis}
rsxplay=${RSXPLAY:-../../programs/rsxplay/rsxplay}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$rsxdis" --help | grep -q "Usage: rsxdis FILE"
"$rsxplay" --demo --out "$tmp" --write-container "$tmp/demo.psp" > "$tmp/play.log"
test -s "$tmp/rsxplay-demo.png"
grep -q "rsxplay: wrote" "$tmp/play.log"
"$rsxdis" "$tmp/demo.psp" > "$tmp/dis.txt"
grep -q "^# .*demo.psp: [0-9]* programs" "$tmp/dis.txt"
grep -q "vertex program at" "$tmp/dis.txt"
grep -q "fragment program at" "$tmp/dis.txt"
grep -q "TEXR" "$tmp/dis.txt"
grep -q "END" "$tmp/dis.txt"
! grep -q "refused" "$tmp/dis.txt"
"$rsxdis" "$tmp/demo.psp" --glsl > "$tmp/glsl.txt"
grep -q "void shader_main()" "$tmp/glsl.txt"
grep -q "texture(s_tex0" "$tmp/glsl.txt"
# A damaged container: refused, status 1, with the reason.
size=$(wc -c < "$tmp/demo.psp")
head -c $((size - 7)) "$tmp/demo.psp" > "$tmp/cut.psp"
rc=0; "$rsxdis" "$tmp/cut.psp" > /dev/null 2> "$tmp/err" || rc=$?
test "$rc" -eq 1
grep -q "rsxdis: .*cut.psp: " "$tmp/err"
echo "not a program" > "$tmp/bad.psp"
rc=0; "$rsxdis" "$tmp/bad.psp" > /dev/null 2>&1 || rc=$?
test "$rc" -eq 1
echo "rsxdis-check: ok"

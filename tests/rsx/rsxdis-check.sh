#!/bin/sh
# rsxdis and rsxplay: the demo's container disassembles with every program,
# --glsl prints GLSL, a damaged container is refused with exit status 1 and
# a message; rsxplay --demo writes its PNG; bare microcode of loops, calls,
# branches and the other constructs the disc does not use is disassembled
# and translated.
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
# Bare microcode with the constructs the disc does not use (the fuzz seeds,
# after their first byte): every one disassembled and translated.
corpus=${srcdir:-.}/../fuzz/corpus/fuzz_rsx
tail -c +2 "$corpus/seed-fragment-flow" > "$tmp/flow.fp"
"$rsxdis" "$tmp/flow.fp" --fp --glsl > "$tmp/flow-fp.txt"
for text in "LOOP {count=3, init=1, increment=2}" "f[TEX0+aL]" "BRK (GT RC0.xxxx)" "REP {count=2" "PK2R" \
        "UPGR" "CAL target=56" "MOVH H1" "REFLR" "LIFR" "void rsx_sub_56()" "aL = 1 + l1 * 2;" "rsx_set_h(1, t"; do
    grep -qF "$text" "$tmp/flow-fp.txt"
done
tail -c +2 "$corpus/seed-vertex-flow" > "$tmp/flow.vp"
"$rsxdis" "$tmp/flow.vp" --vp --glsl > "$tmp/flow-vp.txt"
for text in "ARL A0.xy, c[50]" "c[40+A0.x]" "TXL R2, v[8], TEX1" "CAL (TR RC0) L9" "BRI (TR RC0) L7" \
        "BRA (TR RC0) A0.x" "v[8+A0.x]" "RET (TR RC0)" "switch (pc)" "gl_PointSize = o[6].x;" "v_var3 = o[5];"; do
    grep -qF "$text" "$tmp/flow-vp.txt"
done
echo "rsxdis-check: ok"

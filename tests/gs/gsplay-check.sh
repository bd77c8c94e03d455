#!/bin/sh
# gsplay: the built-in stream replays; the stream it writes replays to the
# same frames; a truncated stream and a file that is not a stream are
# refused with exit status 1 (no crash); --out names a folder, created when
# missing, and --help answers on stdout with status 0.
set -e
gsplay=${GSPLAY:-../../programs/gsplay/gsplay}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$gsplay" --help | grep -q "^usage: gsplay"
"$gsplay" --demo --out "$tmp/demo" --write-stream "$tmp/demo.gsplay" > "$tmp/log"
for i in 0000 0001 0002; do test -s "$tmp/demo/frame-$i.png"; done
grep -q "0 errors" "$tmp/log"
"$gsplay" "$tmp/demo.gsplay" --out "$tmp/file" > /dev/null
for i in 0000 0001 0002; do cmp "$tmp/demo/frame-$i.png" "$tmp/file/frame-$i.png"; done
# Without the anti-flicker the frames differ.
"$gsplay" "$tmp/demo.gsplay" --no-anti-flicker --out "$tmp/sharp" > /dev/null
! cmp -s "$tmp/demo/frame-0000.png" "$tmp/sharp/frame-0000.png"

head -c 1000 "$tmp/demo.gsplay" > "$tmp/trunc.gsplay"
rc=0; "$gsplay" "$tmp/trunc.gsplay" --out "$tmp/t" > /dev/null 2>&1 || rc=$?
test "$rc" -eq 1
echo "not a stream" > "$tmp/bad.gsplay"
rc=0; "$gsplay" "$tmp/bad.gsplay" --out "$tmp/b" > /dev/null 2>&1 || rc=$?
test "$rc" -eq 1
# An --out that cannot be made is refused before anything is drawn.
rc=0; "$gsplay" --demo --out "$tmp/bad.gsplay/x" > /dev/null 2>&1 || rc=$?
test "$rc" -eq 1
echo "gsplay-check: ok"

#!/usr/bin/env bash
# An OpenGL program (tests/pipe3d/gl/NAME.c) through Mesa's iris on the
# simulated GPU against llvmpipe: builds it, runs it on llvmpipe
# (LIBGL_ALWAYS_SOFTWARE=1) and with `gtsim exec --platform PLATFORM
# --dump-surfaces DIR`, and requires both to print "PASS NAME" (the
# program checks its hand-computed values itself) and the same lines
# (lines starting "gtsim_" are gtsim-only checks).
#   run.sh GTSIM WORKDIR NAME PLATFORM MODE
# MODE: nohiz (INTEL_DEBUG=noccs,nohiz: glClear of depth/stencil is a blorp
# draw) or hiz (INTEL_DEBUG=noccs: iris keeps HiZ and clears depth with
# 3DSTATE_WM_HZ_OP).  A missing compiler, header or library fails.
set -uo pipefail
gtsim=$1 work=$2 name=$3 platform=$4 mode=$5
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$work"
out=$work/$name-$platform-$mode
rm -rf "$out.dump" && mkdir -p "$out.dump"
cc=${CC_FOR_LIVE_TESTS:-cc}
"$cc" -std=c11 -D_GNU_SOURCE -O1 "$here/$name.c" -o "$out.bin" -lEGL -lOpenGL -lpng ||
    fail "cannot build $name (needs libegl-dev, libopengl-dev, libpng-dev)"
LIBGL_ALWAYS_SOFTWARE=1 timeout 300 "$out.bin" >"$out.ref" 2>"$out.ref.err" ||
    { cat "$out.ref"; fail "$name on llvmpipe"; }
case $mode in
nohiz) dbg=noccs,nohiz ;;
hiz) dbg=noccs ;;
*) fail "mode $mode (nohiz or hiz)" ;;
esac
INTEL_DEBUG=$dbg timeout 900 "$gtsim" exec --platform "$platform" --dump-surfaces "$out.dump" -- "$out.bin" \
    >"$out.out" 2>"$out.err"
rc=$?
cat "$out.out"
grep -v '^gtsim-i915: device ran' "$out.err" >&2
[ $rc -eq 0 ] || fail "$name through gtsim exited with status $rc"
grep -qx "PASS $name" "$out.out" || fail "$name did not print 'PASS $name'"
diff <(grep -v '^gtsim_' "$out.ref") <(grep -v '^gtsim_' "$out.out") || fail "$name differs from llvmpipe"
ls "$out.dump"/batch*_rt0_64x64.png >/dev/null 2>&1 || fail "no render target dump"
echo "PASS $name $platform $mode"

#!/usr/bin/env bash
# OpenGL ES scenes (gl_scenes.c) rendered by Mesa's iris through gtsim's
# i915 device match Mesa's llvmpipe, the software reference, within 1 per
# channel: smooth and flat shading, depth test, blending, strips with
# primitive restart, fans with culling, textures, gl_FragCoord with discard,
# uniforms and the scissor, perspective-correct interpolation.
#   gl_scenes.sh GTSIM WORKDIR PLATFORM
set -uo pipefail
gtsim=$1 work=$2 platform=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
cc=${CC_FOR_LIVE_TESTS:-cc}
"$cc" -std=c11 -O2 "$here/gl_scenes.c" -o "$work/gl_scenes" -lEGL -lGLESv2 -lm ||
    fail "cannot build gl_scenes.c (needs libegl-dev, libgles-dev)"
LIBGL_ALWAYS_SOFTWARE=1 "$work/gl_scenes" "$work/llvmpipe.bin" 2>"$work/llvmpipe.err" ||
    fail "llvmpipe run failed: $(tail -3 "$work/llvmpipe.err")"
grep -q "GL_RENDERER llvmpipe" "$work/llvmpipe.err" || fail "the reference did not run on llvmpipe"
# iris's colour compression (CCS) and HiZ are not modelled: turned off
timeout 900 env -u NEOReadDebugKeys -u SetCommandStreamReceiver -u ProductFamilyOverride INTEL_DEBUG=noccs,nohiz \
    "$gtsim" exec --via i915 --platform "$platform" -- "$work/gl_scenes" "$work/$platform.bin" \
    2>"$work/$platform.err"
rc=$?
[ $rc -eq 0 ] || fail "$platform: gl_scenes exited with status $rc: $(tail -5 "$work/$platform.err")"
grep -q "GL_RENDERER Mesa Intel" "$work/$platform.err" || fail "$platform: not rendered by iris"
if grep -q "gtsim-i915: GPU hang" "$work/$platform.err"; then
    fail "$platform: $(grep -m1 'gtsim-i915: GPU hang' "$work/$platform.err")"
fi
"$work/gl_scenes" --compare "$work/llvmpipe.bin" "$work/$platform.bin"

#!/usr/bin/env bash
# The gears frame (gears.c) on llvmpipe (the software reference) and through
# gtsim on skl and tgllp (iris, INTEL_DEBUG=noccs,nohiz: no colour
# compression or HiZ, which gtsim does not model); each gtsim image must
# match llvmpipe's within TOL = 3 per channel on all but 0.5% of the pixels
# (gears --compare prints the largest difference).  Images: WORKDIR/*.png.
#   gears.sh GTSIM GEARS WORKDIR [PLATFORM...]   (default: skl tgllp)
set -uo pipefail
gtsim=$1 gears=$2 work=$3
shift 3
platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=(skl tgllp)
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
env -u INTEL_DEBUG LIBGL_ALWAYS_SOFTWARE=1 "$gears" "$work/llvmpipe.png" || fail "gears on llvmpipe"
for platform in "${platforms[@]}"; do
    timeout 900 env -u LIBGL_ALWAYS_SOFTWARE INTEL_DEBUG=noccs,nohiz \
        "$gtsim" exec --platform "$platform" -- "$gears" "$work/$platform.png" >"$work/$platform.log" 2>&1 ||
        { tail -5 "$work/$platform.log"; fail "gears through gtsim on $platform"; }
    echo -n "$platform: "
    "$gears" --compare "$work/llvmpipe.png" "$work/$platform.png" 3 || fail "$platform image differs"
done
echo PASS

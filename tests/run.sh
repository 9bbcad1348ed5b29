#!/usr/bin/env bash
# The gtsim test command (README "Quick start"; CI runs it through .ci/run).
# Installs the Debian packages the tests use when they are missing (needs
# root; otherwise stops at once naming them), builds gtsim twice (optimised,
# and with AddressSanitizer + UndefinedBehaviorSanitizer) and runs the whole
# CTest suite in both builds.  No test is skipped because a tool is absent.
set -euo pipefail
cd "$(dirname "$0")/.."

. tools/deps.sh
gtsim_require_packages "${GTSIM_BUILD_PACKAGES[@]}" python3 libcmocka-dev libigc-tools intel-gpu-tools clang libclang-rt-14-dev \
    intel-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo libze1 libze-dev groff-base man-db libdrm-dev \
    mesa-utils libegl-dev libgles-dev libopengl-dev libgl1-mesa-dri libegl-mesa0 mesa-vulkan-drivers vulkan-tools \
    vainfo i965-va-driver intel-media-va-driver "${GTSIM_PIGLIT_PACKAGES[@]}"

jobs=$(nproc 2>/dev/null || echo 2)
run_build() { # dir, build targets ("" = all), ctest args, cmake args...
    local dir=$1 targets=$2 ctest_args=$3
    shift 3
    cmake -S . -B "$dir" -G "Unix Makefiles" -DGTSIM_BUILD_TESTS=ON "$@" >/dev/null
    # shellcheck disable=SC2086
    cmake --build "$dir" -j"$jobs" ${targets:+--target $targets}
    # shellcheck disable=SC2086
    ctest --test-dir "$dir" --output-on-failure --timeout 600 -j"$jobs" $ctest_args
}
# The suite runs with one host thread per core (2 on CI).  In the optimised
# build every walker of 4 groups or more runs on them from its start
# (GTSIM_PARALLEL_MIN_US=0); the sanitizer build keeps the default, where
# they join, in the middle of the walk, walkers with 200 us of work left.
echo "== optimised build"
GTSIM_PARALLEL_MIN_US=0 run_build build "" "" -DCMAKE_BUILD_TYPE=RelWithDebInfo
echo "== sanitizer build (ASan + UBSan; the x86-64 baseline versions of the EU hot paths)"
ASAN_OPTIONS=detect_leaks=1 run_build build-san "" "" -DCMAKE_BUILD_TYPE=Debug -DGTSIM_SANITIZE=ON \
    -DGTSIM_HOST_ISA_VERSIONS=OFF
# The EU hot paths have three host-ISA versions (x86-64-v4, AVX2, baseline)
# and the loader runs one: on an AVX-512 host the optimised build covers
# x86-64-v4, the sanitizer build the baseline, and this build the AVX2 code
# (compiled for AVX2 outright, as most hosts run it) on the tests that
# execute EU code: instruction-level, replays, OpenCL programs and shaders.
if grep -qw avx512f /proc/cpuinfo && grep -qw avx2 /proc/cpuinfo; then
    echo "== AVX2 build (the AVX2 versions of the EU hot paths, on an AVX-512 host)"
    run_build build-avx2 "" "-R ^(euexec|replay|ocl_|i915_ocl_|i915_live_|p3d_gl_glsl)" \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS=-mavx2
else
    echo "== no AVX2 build: this host has no AVX-512, so the optimised build ran its best versions"
fi
echo "== fuzz build (clang libFuzzer + ASan + UBSan): short fuzz runs of the AUB reader, EU decoder, TBX server, blitter, video engine and 3D commands"
CC=clang run_build build-fuzz "fuzz_aub fuzz_eu fuzz_tbx fuzz_blt fuzz_video fuzz_3d mkaub" "-R ^fuzz_" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGTSIM_FUZZ=ON
echo "tests/run.sh: all tests passed"

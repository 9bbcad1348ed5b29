#!/usr/bin/env bash
# Quick start: build gtsim and replay the bundled vector-add capture (written
# by Intel's OpenCL runtime for Skylake), checking the output buffer against
# the CPU-computed expected result.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
gtsim_require_packages "${GTSIM_BUILD_PACKAGES[@]}"
# GTSIM_BUILD_TESTS=OFF: the test tree needs test-only packages (tests/run.sh).
cmake -S . -B build -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGTSIM_BUILD_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" --target gtsim
exec build/gtsim run tests/corpus/vadd/trace.aub.gz --expect tests/corpus/vadd/expect.txt --stats

#!/usr/bin/env bash
# The gtsim test command (README "Quick start"; CI runs it through .ci/run).
# Installs the Debian packages the tests use when they are missing (needs
# root; otherwise stops at once naming them), builds gtsim twice (optimised,
# and with AddressSanitizer + UndefinedBehaviorSanitizer) and runs the whole
# CTest suite in both builds.  No test is skipped because a tool is absent.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake make gcc pkg-config python3 zlib1g-dev libcmocka-dev libigc-tools)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    if [ "$(id -u)" != 0 ]; then
        echo "tests/run.sh: missing Debian packages: ${missing[*]} (run as root to install them)" >&2
        exit 1
    fi
    echo "tests/run.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi

jobs=$(nproc 2>/dev/null || echo 2)
run_build() { # dir, cmake args...
    local dir=$1
    shift
    cmake -S . -B "$dir" -G "Unix Makefiles" "$@" >/dev/null
    cmake --build "$dir" -j"$jobs"
    ctest --test-dir "$dir" --output-on-failure -j"$jobs"
}
echo "== optimised build"
run_build build -DCMAKE_BUILD_TYPE=RelWithDebInfo
echo "== sanitizer build (ASan + UBSan)"
ASAN_OPTIONS=detect_leaks=1 run_build build-san -DCMAKE_BUILD_TYPE=Debug -DGTSIM_SANITIZE=ON
echo "tests/run.sh: all tests passed"

#!/usr/bin/env bash
# Benchmark (not a test): the bench workloads' OpenCL programs run side by
# side on gtsim (`gtsim exec`, Intel's runtime in TBX mode), PoCL and
# oclgrind, through plain buffers (bench/src/peers.c; oclgrind has no SVM),
# everything pinned to one host core (taskset -c CORE).  Each run times one
# enqueue + clFinish after a warm-up enqueue and checks the outputs against
# the CPU reference.  Prints the seconds per runtime and the ratios
# gtsim/PoCL and oclgrind/gtsim.
#   bench/peers.sh [BUILD_DIR] [NAME...]     (env: CORE=0, NO_OCLGRIND=1 to skip it)
# Needs: gcc, ocl-icd-opencl-dev, intel-opencl-icd, pocl-opencl-icd, oclgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
shift $(($# > 0 ? 1 : 0))
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(branchy nbody matmul256 reduce1m i64div)
core=${CORE:-0}
cmake -S . -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DGTSIM_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gtsim >/dev/null
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gtsim-peers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
gcc -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -ffp-contract=off bench/src/peers.c -o "$tmp/peers" -lOpenCL -lm

# one: RUNTIME-LABEL COMMAND... -> seconds (or "fail")
one() {
    local label=$1 out
    shift
    if out=$("$@" 2>&1) && grep -q '^TIME ' <<<"$out"; then
        awk '/^TIME / {print $3}' <<<"$out"
    else
        echo "$label: $(tail -n 3 <<<"$out")" >&2
        echo fail
    fi
}

echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores; all runtimes pinned to core $core"
printf '%-10s %12s %12s %12s %12s %14s\n' workload "gtsim (s)" "PoCL (s)" "oclgrind (s)" "gtsim/PoCL" "oclgrind/gtsim"
for name in "${names[@]}"; do
    g=$(one gtsim taskset -c "$core" "$build/gtsim" exec --platform skl -- "$tmp/peers" "$name" bench/src)
    p=$(one pocl env PEERS_PLATFORM=Portable taskset -c "$core" "$tmp/peers" "$name" bench/src)
    o=skipped
    [ -n "${NO_OCLGRIND:-}" ] ||
        o=$(one oclgrind env PEERS_PLATFORM=Oclgrind taskset -c "$core" oclgrind "$tmp/peers" "$name" bench/src)
    awk -v n="$name" -v g="$g" -v p="$p" -v o="$o" 'BEGIN {
        r1 = (g + 0 > 0 && p + 0 > 0) ? sprintf("%.1f", g / p) : "-";
        r2 = (g + 0 > 0 && o + 0 > 0) ? sprintf("%.1f", o / g) : "-";
        printf "%-10s %12s %12s %12s %12s %14s\n", n, g, p, o, r1, r2 }'
done

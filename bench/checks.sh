#!/usr/bin/env bash
# Benchmark (not a test) of the kernel checks' cost (src/check.c): replays
# each benchmark workload (bench/<name>/ and bench/<name>/tgllp/) on one
# host thread with no check, then with --check=bounds, --check=barrier,
# --check=slm-race, --check=swsb (tgllp; skl has no SWSB), --check=uninit and
# --check=all, each run's outputs checked against the CPU-computed bytes,
# and prints the host CPU seconds executing (best of REPEATS) and each
# check's slowdown.  The "none" column is the executor's own speed (the
# checks cost nothing when off: compare with bench/run.sh).
#   bench/checks.sh [BUILD_DIR] [REPEATS] [NAME...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
repeats=${2:-3}
shift $(($# > 2 ? 2 : $#))
cmake -S . -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DGTSIM_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gtsim >/dev/null
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(branchy matmul256 nbody reduce1m)
dirs=()
for n in "${names[@]}"; do
    for d in "bench/$n" "bench/$n/tgllp"; do
        [ -f "$d/trace.aub.gz" ] && dirs+=("$d")
    done
done
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores; gtsim runs on one host thread"
echo "gtsim: $("$build/gtsim" --version 2>/dev/null | head -n1)"
printf '%-18s %10s %18s %18s %18s %18s %18s %18s\n' workload "none (s)" "bounds (s, x)" "barrier (s, x)" \
    "slm-race (s, x)" "swsb (s, x)" "uninit (s, x)" "all (s, x)"
best_secs() { # dir, options...: best host CPU seconds executing of $repeats runs
    local dir=$1 best=
    shift
    for _ in $(seq "$repeats"); do
        local out
        out=$("$build/gtsim" run "$dir/trace.aub.gz" --expect "$dir/expect.txt" --stats --host-threads 1 "$@" 2>&1) ||
            { echo "$dir $*: FAILED" >&2; echo "$out" | tail -n5 >&2; exit 1; }
        local s
        s=$(awk '/^host CPU executing/ {print $4}' <<<"$out")
        if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$s; fi
    done
    echo "$best"
}
for dir in "${dirs[@]}"; do
    base=$(best_secs "$dir")
    row=$(printf '%-18s %10.3f' "${dir#bench/}" "$base")
    for c in bounds barrier slm-race swsb uninit all; do
        s=$(best_secs "$dir" --check=$c)
        row+=$(awk -v s="$s" -v b="$base" 'BEGIN{printf " %10.3f %6.2fx", s, (b > 0 ? s / b : 0)}')
    done
    echo "$row"
done

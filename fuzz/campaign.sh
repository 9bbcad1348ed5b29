#!/usr/bin/env bash
# Fuzz campaign (not part of the test command).  For volume, each libFuzzer
# target runs in a build with UndefinedBehaviorSanitizer alone (several
# times faster than with ASan); then every input it kept (corpus) and every
# finding is run once more in an ASan+UBSan build, so a memory error an
# input causes is caught there even if it did not crash the fast build.
#   fuzz/campaign.sh [--runs N | --seconds S] [--jobs J] [--target T]... [BUILD_PREFIX]
# --runs N: N executions per target (default 10000000); --seconds S: S
# seconds per target instead; --jobs J: targets run at once (default: the
# host's cores); --target T: only T (fuzz_aub, fuzz_eu, fuzz_tbx, fuzz_blt, fuzz_video, fuzz_3d;
# repeatable).  Builds go to BUILD_PREFIX-ub and BUILD_PREFIX-asan
# (default build-fuzz); results to BUILD_PREFIX-ub/campaign-DATE/<target>/
# (log, corpus, findings, asan.log).  Prints per target: executions,
# exec/s, coverage (libFuzzer's cov = edges, ft = features), corpus size,
# findings (crash-/leak-/timeout-/oom- files) and the ASan replay's verdict.
set -euo pipefail
runs=10000000 secs='' jobs=$(nproc) only=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --runs) runs=$2 secs=''; shift 2 ;;
    --seconds) secs=$2 runs=''; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --target) only+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
for v in "${runs:-$secs}" "$jobs"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "counts must be positive whole numbers" >&2; exit 2; }
done
src=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:-$src/build-fuzz}
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
out=$prefix-ub/campaign-${stamp//:/}
targets=(fuzz_aub fuzz_eu fuzz_tbx fuzz_blt fuzz_video fuzz_3d)
if [[ ${#only[@]} -gt 0 ]]; then
    for t in "${only[@]}"; do
        [[ " ${targets[*]} " == *" $t "* ]] || { echo "unknown target $t" >&2; exit 2; }
    done
    targets=("${only[@]}")
fi
for kind in ub:undefined asan:address,undefined; do
    b=$prefix-${kind%%:*}
    CC=clang cmake -S "$src" -B "$b" -DGTSIM_FUZZ=ON -DGTSIM_SANITIZERS="${kind#*:}" -DGTSIM_BUILD_TESTS=ON \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$b" -j"$jobs" --target "${targets[@]}" mkaub >/dev/null
done
seeds=$prefix-ub/fuzz/seeds
"$src/fuzz/make_seeds.sh" "$seeds" "$prefix-ub/tests/replay/mkaub" "$src"/tests/corpus/*/kernels/*.isa \
    "$src"/tests/corpus/*/kernels_tgllp/*.isa >/dev/null
python3 "$src/tests/tbx/make_tbx_seeds.py" "$seeds/tbx" >/dev/null
python3 "$src/fuzz/make_blt_seeds.py" "$seeds/blt" >/dev/null
python3 "$src/fuzz/make_video_seeds.py" "$src/src/gen" "$seeds/video" >/dev/null

# -timeout: an input running 20 s is a finding (the targets set small work
# bounds, fuzz/fuzz_config.h); -max_len per target: AUB traces up to 64 KiB,
# a platform byte and up to 64 EU instructions, TBX streams up to 8 KiB,
# blitter batches up to 16 KiB, video engine batches up to 8 KiB.
opts() {
    case $1 in
    fuzz_aub) echo "-max_len=65536 $seeds/aub" ;;
    fuzz_eu) echo "-max_len=1025 $seeds/eu" ;;
    fuzz_tbx) echo "-max_len=8192 $seeds/tbx" ;;
    fuzz_blt) echo "-max_len=16384 $seeds/blt" ;;
    fuzz_video) echo "-max_len=8192 $seeds/video" ;;
    fuzz_3d) echo "-max_len=4096" ;;
    esac
}
limit=${runs:+-runs=$runs}
limit=${limit:--max_total_time=$secs}
fuzz_one() {
    local t=$1 dir=$out/$1
    mkdir -p "$dir/corpus" "$dir/findings"
    # shellcheck disable=SC2046
    "$prefix-ub/fuzz/$t" "$limit" -timeout=20 -rss_limit_mb=2560 -print_final_stats=1 \
        -artifact_prefix="$dir/findings/" "$dir/corpus" $(opts "$t") >"$dir/log" 2>&1 || true
    # every kept input and finding once more under ASan+UBSan
    if [[ -n $(find "$dir/corpus" "$dir/findings" -type f -print -quit) ]]; then
        find "$dir/corpus" "$dir/findings" -type f -print0 |
            xargs -0 -n 500 "$prefix-asan/fuzz/$t" -timeout=20 -rss_limit_mb=2560 >"$dir/asan.log" 2>&1 &&
            echo clean >"$dir/asan" || echo "REPORT (see asan.log)" >"$dir/asan"
    else
        echo "no inputs" >"$dir/asan"
    fi
}
echo "fuzz campaign $stamp, ${runs:+$runs executions}${secs:+$secs s} per target, $(git -C "$src" describe --always --dirty 2>/dev/null || echo '?'), $jobs at once"
running=0
for t in "${targets[@]}"; do
    fuzz_one "$t" &
    if ((++running >= jobs)); then
        wait -n
        running=$((running - 1))
    fi
done
wait
printf '%-10s %14s %8s %6s %8s %6s %8s %s\n' target executions exec/s cov ft corpus findings "ASan+UBSan replay"
for t in "${targets[@]}"; do
    dir=$out/$t
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$dir/log" | tail -1)
    rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$dir/log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$dir/log" | tail -1 || true)
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    corp=$(find "$dir/corpus" -type f | wc -l)
    findings=$(find "$dir/findings" -type f | wc -l)
    printf '%-10s %14s %8s %6s %8s %6s %8s %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
        "$corp" "$findings" "$(cat "$dir/asan")"
done
echo "logs, corpora and findings: $out"

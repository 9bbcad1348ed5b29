#!/usr/bin/env bash
# Unmodified OpenCL / Level Zero programs on the simulated GPU through
# `gtsim exec` (Intel's runtime in TBX mode talking to gtsim serve).  Builds
# the program first; a missing compiler, header, library or runtime makes
# the test fail, never skip.
#   live.sh GTSIM WORKDIR corpus NAME    tests/corpus/src/NAME.c must print "PASS NAME"
#   live.sh GTSIM WORKDIR clinfo         clinfo must list the simulated GPU
#   live.sh GTSIM WORKDIR ze             tests/tbx/ze_vscale.c must print "PASS ze_vscale"
#   live.sh GTSIM WORKDIR ze_copy        tests/tbx/ze_copy.c (copies and fills on the copy
#                                        engine, EnableBlitterOperationsSupport=1) must print
#                                        "PASS ze_copy", executed as XY_BLOCK_COPY_BLT and
#                                        XY_FAST_COLOR_BLT on the blitter
#   live.sh GTSIM WORKDIR threads        tests/tbx/cl_threads.c: 4 threads build and run programs
#                                        for 3 s while one unloads the compiler (the runtime
#                                        polls completion from several threads at once)
#   live.sh GTSIM WORKDIR sleepy         tests/tbx/cl_threads.c: 1.2 s on the host between
#                                        enqueue and read, under a 1 s --timeout (only stalls
#                                        mid-message are timed)
# The platform is GTSIM_TEST_PLATFORM (default skl).
set -uo pipefail
gtsim=$1 work=$2 kind=$3 name=${4:-$3}
platform=${GTSIM_TEST_PLATFORM:-skl}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$work"
cc=${CC_FOR_LIVE_TESTS:-cc}
fail() { echo "FAIL: $*"; exit 1; }

exec_opts=()
run_exec() { # log, program and args...
    local log=$1
    shift
    timeout 600 "$gtsim" exec -v --via tbx --platform "$platform" "${exec_opts[@]}" -- "$@" >"$log.out" 2>"$log.err"
    local rc=$?
    cat "$log.out"
    grep -v ': client [0-9]*: ' "$log.err" | grep -v 'connected' >&2
    grep -E ': client 1: ' "$log.err"
    grep -q 'client 1 connected' "$log.err" || fail "the program never connected to the server"
    return $rc
}

case $kind in
corpus)
    src=$root/tests/corpus/src
    # The corpus build line (tests/corpus/README.md); not sanitized, the
    # runtime is loaded into it.
    "$cc" -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off "$src/$name.c" -o "$work/$name" -lOpenCL -lm ||
        fail "cannot build $name (needs ocl-icd-opencl-dev, opencl-headers)"
    run_exec "$work/$name" "$work/$name" "$src"
    rc=$?
    [ $rc -eq 0 ] || fail "$name exited with status $rc"
    grep -qx "PASS $name" "$work/$name.out" || fail "$name did not print 'PASS $name'"
    ;;
profile)
    # --profile through the server: the client's kernel listing, its
    # executions summing to the client's EU instructions (--stats)
    src=$root/tests/corpus/src
    "$cc" -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off "$src/mandel.c" -o "$work/mandel_p" -lOpenCL -lm ||
        fail "cannot build mandel"
    exec_opts=(--profile --stats)
    run_exec "$work/$name" "$work/mandel_p" "$src"
    rc=$?
    [ $rc -eq 0 ] || fail "mandel exited with status $rc"
    total=$(sed -n 's/^gtsim exec: client 1: gtsim profile: 1 kernel, \([0-9]*\) EU instructions executed$/\1/p' "$work/$name.err")
    ran=$(sed -n 's/^gtsim exec: client 1: EU instructions *\([0-9]*\).*/\1/p' "$work/$name.err")
    [ -n "$total" ] && [ "$total" = "$ran" ] || fail "profile total '$total' is not the client's EU instructions, '$ran'"
    # --stats per kernel: mandel's one kernel did all of the client's work
    grep -qE "^gtsim exec: client 1: kernel 0x[0-9a-f]{12}  1 walkers, [0-9]+ threads, $ran EU instructions, [0-9]+ lane-ops \(100.0%\)\$" "$work/$name.err" ||
        fail "no per-kernel --stats line of $ran EU instructions"
    ;;
clinfo)
    command -v clinfo >/dev/null || fail "clinfo is not installed"
    run_exec "$work/clinfo" clinfo >/dev/null
    rc=$?
    [ $rc -eq 0 ] || fail "clinfo exited with status $rc"
    # The Intel platform's device block, up to the next platform's.
    awk '/Platform Name +Intel\(R\) OpenCL/ {p=1} p && /Device Name/ {d++} d && /^ *Platform Name/ && !/Intel/ {exit} d {print}' \
        "$work/clinfo.out" >"$work/clinfo.intel"
    grep -E 'Device Name|Device Vendor |Max compute units|Max work group size|Global memory size|Max memory allocation|Preferred work group size multiple' \
        "$work/clinfo.intel" | head -12
    # The device as the runtime describes it: Skylake GT2 24 EUs (3
    # subslices x 8), work groups up to 256 work items; Tiger Lake GT2 and
    # DG1 96 EUs (6 dual-subslices x 16), up to 512.
    case $platform in
    skl) eus=24 wg=256 ;;
    tgllp | dg1) eus=96 wg=512 ;;
    *) fail "no clinfo expectations for platform $platform" ;;
    esac
    grep -Eq 'Device Name +Intel\(R\) Graphics' "$work/clinfo.intel" || fail "no Intel(R) Graphics device listed"
    grep -Eq "Max compute units +$eus\$" "$work/clinfo.intel" || fail "compute units of the $platform device not $eus"
    grep -Eq "Max work group size +$wg\$" "$work/clinfo.intel" || fail "max work group size not $wg"
    grep -Eq 'Global memory size +[1-9]' "$work/clinfo.intel" || fail "no global memory size"
    ;;
ze)
    command -v ocloc >/dev/null || fail "ocloc (intel-opencl-icd) is not installed"
    ocloc compile -q -file "$here/ze_vscale.cl" -device "$platform" -output "$work/ze_vscale" -output_no_suffix >/dev/null ||
        fail "ocloc could not compile ze_vscale.cl"
    [ -s "$work/ze_vscale.spv" ] || fail "ocloc wrote no SPIR-V"
    "$cc" -std=c11 -O2 "$here/ze_vscale.c" -o "$work/ze_vscale_prog" -lze_loader ||
        fail "cannot build ze_vscale.c (needs libze-dev)"
    run_exec "$work/ze" "$work/ze_vscale_prog" "$work/ze_vscale.spv"
    rc=$?
    [ $rc -eq 0 ] || fail "ze_vscale exited with status $rc"
    grep -qx "PASS ze_vscale" "$work/ze.out" || fail "ze_vscale did not print 'PASS ze_vscale'"
    ;;
ze_copy)
    "$cc" -std=c11 -O2 "$here/ze_copy.c" -o "$work/ze_copy_prog" -lze_loader ||
        fail "cannot build ze_copy.c (needs libze-dev)"
    exec_opts=(--trace-commands)
    EnableBlitterOperationsSupport=1 run_exec "$work/ze_copy" "$work/ze_copy_prog"
    rc=$?
    [ $rc -eq 0 ] || fail "ze_copy exited with status $rc"
    grep -qx "PASS ze_copy" "$work/ze_copy.out" || fail "ze_copy did not print 'PASS ze_copy'"
    for cmd in XY_BLOCK_COPY_BLT XY_FAST_COLOR_BLT; do
        n=$(grep -c "blitter batch .*: $cmd" "$work/ze_copy.err")
        echo "$cmd on the blitter: $n"
        [ "$n" -gt 0 ] || fail "the copy engine ran no $cmd"
    done
    ;;
threads | sleepy)
    "$cc" -std=c11 -O2 "$here/cl_threads.c" -o "$work/cl_threads_$kind" -lOpenCL -lpthread ||
        fail "cannot build cl_threads.c (needs ocl-icd-opencl-dev, opencl-headers)"
    if [ "$kind" = threads ]; then
        run_exec "$work/$name" "$work/cl_threads_$kind" threads 4 3
    else
        exec_opts=(--timeout 1000)
        run_exec "$work/$name" "$work/cl_threads_$kind" sleepy 2 1200
    fi
    rc=$?
    [ $rc -eq 0 ] || fail "cl_threads $kind exited with status $rc"
    grep -qx "PASS cl_threads $kind" "$work/$name.out" || fail "cl_threads did not print 'PASS cl_threads $kind'"
    ! grep -q "Out of sequence" "$work/$name.err" || fail "the runtime read an answer meant for another thread"
    ! grep -q "dropped" "$work/$name.err" || fail "a client was dropped"
    ;;
*)
    fail "unknown kind $kind"
    ;;
esac
# The work ran on the simulated GPU (the server's per-client report; the
# copy engine runs no walker, its commands are counted above).
[ "$kind" = clinfo ] || [ "$kind" = ze_copy ] || grep -Eq ': client 1: device ran [0-9]+ commands, [1-9][0-9]* walkers' "$work/$name.err" ||
    fail "the simulated GPU ran no walker"
echo "ok: $name"

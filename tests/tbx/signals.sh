#!/usr/bin/env bash
# Stop signals and the program's death end a running kernel at once.  The
# program (tests/tbx/cl_threads.c, mode hang) enqueues an OpenCL kernel that
# loops forever and waits for it; once it runs (seen in the -vv trace or the
# --progress line; the SIGINT-to-exec case: 1 s after "ENQUEUED hang"):
#   SIGINT to `gtsim serve`        -> serve exits 0 within 3 s
#   SIGTERM to `gtsim exec`        -> exec exits 143 (the program got SIGTERM) within 3 s
#                                     (with --progress: the progress line showed the kernel)
#   SIGINT to `gtsim exec`         -> exec exits 130 within 3 s
#   SIGKILL to the program of exec -> exec exits 137 within 3 s
# each with a report of where the kernel was (EU IP, walker, thread group).
# Without interruption the kernel runs until the per-thread watchdog, 1e9
# instructions: many seconds.
#   signals.sh GTSIM WORKDIR
set -uo pipefail
gtsim=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
. "$(dirname "$0")/lib.sh"
below() { # start, end, seconds
    awk -v s="$1" -v e="$2" -v b="$3" 'BEGIN { d = e - s; printf "  (%.2f s, bound %s s)\n", d, b; exit !(d < b) }'
}
wait_enqueued() { # output file, pid
    for _ in $(seq 600); do
        grep -q "ENQUEUED hang" "$1" 2>/dev/null && { sleep 1; return 0; }
        kill -0 "$2" 2>/dev/null || break
        sleep 0.1
    done
    echo "FAIL: the program never enqueued its kernel"; cat "$1"
    return 1
}
# The kernel runs: the server's -vv trace shows the held-back submission
# delivered, or the --progress line counts EU instructions.
wait_running() { # stderr log, pid
    for _ in $(seq 600); do
        grep -aq "(deferred submission)" "$1" 2>/dev/null && { sleep 0.3; return 0; }
        grep -Eaq '[1-9][0-9.]*[MGT]? EU instructions' "$1" 2>/dev/null && { sleep 0.3; return 0; }
        kill -0 "$2" 2>/dev/null || break
        sleep 0.1
    done
    echo "FAIL: the kernel never started"; tail -n 3 "$1"
    return 1
}
where_reported() { # log
    grep -Eq 'stopped: .*interrupted.* at kernel GVA 0x[0-9a-f]+ ip 0x[0-9a-f]+' "$1" &&
        grep -Eq 'in GPGPU_WALKER at batch 0x[0-9a-f]+, thread group' "$1"
}

stopped() { # label, signal command (e.g. "kill -INT 123"), pid, exit status, stderr file
    local t0 t1 rc
    t0=$(now)
    $2
    wait "$3"
    rc=$?
    t1=$(now)
    check "$1: exit status $4" test $rc -eq "$4"
    check "  ... stops within 1 s" below "$t0" "$t1" 1
    check "  ... with a report of where the kernel was" where_reported "$5"
}

cc -std=c11 -O2 "$here/cl_threads.c" -o "$work/cl_threads" -lOpenCL -lpthread ||
    { echo "FAIL: cannot build cl_threads.c (needs ocl-icd-opencl-dev, opencl-headers)"; exit 1; }

# 1. gtsim serve, SIGINT.
rm -f "$work/serve.out" "$work"/*.out # no stale port or "ENQUEUED" of an earlier run
"$gtsim" serve --port 0 -vv >"$work/serve.out" 2>"$work/serve.err" &
srv=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/^gtsim serve: listening on .*:\([0-9]*\) (platform .*)$/\1/p' "$work/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
done
NEOReadDebugKeys=1 SetCommandStreamReceiver=2 ProductFamilyOverride=skl TbxServer=127.0.0.1 TbxPort=$port \
    "$work/cl_threads" hang >"$work/prog1.out" 2>"$work/prog1.err" &
prog=$!
if wait_enqueued "$work/prog1.out" $prog && wait_running "$work/serve.err" $srv; then
    stopped "serve: SIGINT during a runaway kernel" "kill -INT $srv" $srv 0 "$work/serve.err"
else
    fails=$((fails + 1))
    kill $srv
fi
kill -KILL $prog 2>/dev/null
wait $prog 2>/dev/null

# 2. gtsim exec, SIGTERM.
"$gtsim" exec --via tbx --progress -- "$work/cl_threads" hang >"$work/exec2.out" 2>"$work/exec2.err" &
ex=$!
if wait_enqueued "$work/exec2.out" $ex && wait_running "$work/exec2.err" $ex; then
    stopped "exec: SIGTERM during a runaway kernel" "kill -TERM $ex" $ex 143 "$work/exec2.err"
    check "  ... --progress: a progress line while the kernel ran" \
        grep -Eaq 'gtsim: [0-9.]+[MGT]? walkers, [0-9.]+[MGT]? threads, [0-9.]+[MGT]? EU instructions, [0-9.]+ s' \
        "$work/exec2.err"
else
    fails=$((fails + 1))
    kill -KILL $ex
fi

# 2b. gtsim exec, SIGINT: passed on to the program.
"$gtsim" exec --via tbx -- "$work/cl_threads" hang >"$work/exec2b.out" 2>"$work/exec2b.err" &
ex=$!
if wait_enqueued "$work/exec2b.out" $ex; then
    stopped "exec: SIGINT during a runaway kernel" "kill -INT $ex" $ex 130 "$work/exec2b.err"
    check "  ... no progress line when stderr is not a terminal" \
        bash -c "! grep -aq 'EU instructions, [0-9.]* s' '$work/exec2b.err'"
else
    fails=$((fails + 1))
    kill -KILL $ex
fi

# 3. gtsim exec, the program is killed.
"$gtsim" exec --via tbx --progress -- "$work/cl_threads" hang >"$work/exec3.out" 2>"$work/exec3.err" &
ex=$!
if wait_enqueued "$work/exec3.out" $ex && wait_running "$work/exec3.err" $ex; then
    stopped "exec: program killed during a runaway kernel" "pkill -KILL -P $ex" $ex 137 "$work/exec3.err"
    check "  ... saying the program was killed" grep -q "the program was killed by signal 9" "$work/exec3.err"
else
    fails=$((fails + 1))
    kill -KILL $ex
fi
[ $fails -eq 0 ] || tail -n 5 "$work"/*.err
echo "$fails failed"
[ "$fails" -eq 0 ]

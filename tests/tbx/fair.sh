#!/usr/bin/env bash
# A fair `gtsim serve`: 8 silent connections, 8 idle runtimes (hello sent,
# then nothing), a client stalled in the middle of a header, one trickling a
# 1 MiB payload a byte at a time, and one not reading a 64 MiB answer do not
# delay other clients: a protocol round trip stays fast and a real OpenCL
# program (the corpus vadd, through Intel's runtime) passes in normal time,
# far below the server's 60 s stall timeout (the single-threaded server
# made each of them wait for it).  SIGTERM then ends the server at once.
#   fair.sh GTSIM TBX_CLIENT WORKDIR
set -uo pipefail
gtsim=$1 client=$2 work=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
. "$(dirname "$0")/lib.sh"
elapsed_below() { # start, seconds
    awk -v s="$1" -v e="$(now)" -v b="$2" 'BEGIN { d = e - s; printf "  (%.2f s, bound %s s)\n", d, b; exit !(d < b) }'
}

cc -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off "$root/tests/corpus/src/vadd.c" -o "$work/vadd" -lOpenCL -lm ||
    { echo "FAIL: cannot build vadd (needs ocl-icd-opencl-dev, opencl-headers)"; exit 1; }

rm -f "$work/serve.out" # not a stale port of an earlier run
"$gtsim" serve --port 0 --timeout 60000 --stats >"$work/serve.out" 2>"$work/serve.err" &
srv=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/^gtsim serve: listening on .*:\([0-9]*\) (platform .*)$/\1/p' "$work/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "FAIL: server did not start"; cat "$work/serve.err"; exit 1; }

hostile=()
for _ in $(seq 8); do
    "$client" "$port" idle & hostile+=($!)
    "$client" "$port" hello-idle & hostile+=($!)
done
"$client" "$port" stall-header & hostile+=($!)
"$client" "$port" trickle & hostile+=($!)
"$client" "$port" no-drain & hostile+=($!)
sleep 1

t0=$(now)
check "a round trip while 19 hostile clients are connected" "$client" "$port" smoke
check "  ... within 3 s" elapsed_below "$t0" 3

t0=$(now)
NEOReadDebugKeys=1 SetCommandStreamReceiver=2 ProductFamilyOverride=skl TbxServer=127.0.0.1 TbxPort=$port \
    timeout 120 "$work/vadd" "$root/tests/corpus/src" >"$work/vadd.out" 2>"$work/vadd.err"
rc=$?
cat "$work/vadd.out"
check "vadd through the server exits 0" test $rc -eq 0
check "vadd prints PASS" grep -qx "PASS vadd" "$work/vadd.out"
check "  ... within 30 s" elapsed_below "$t0" 30
check "the hostile clients are still connected (none timed out early)" \
    test "$(grep -c 'dropped' "$work/serve.err")" -eq 0

t0=$(now)
kill -TERM $srv
wait $srv
rc=$?
check "SIGTERM with stalled clients: exit status 0" test $rc -eq 0
check "  ... within 3 s" elapsed_below "$t0" 3
check "--stats: per-client figures" grep -Eq '^gtsim serve: client [0-9]+: commands +[1-9][0-9]* \([1-9][0-9]* walkers\)' "$work/serve.err"
check "--stats: total" grep -Eq '^gtsim serve: total: EU instructions +[1-9]' "$work/serve.err"
check "--stats: peak host memory" grep -Eq '^gtsim serve: total: peak host memory +[0-9]+ KiB' "$work/serve.err"
kill "${hostile[@]}" 2>/dev/null
wait "${hostile[@]}" 2>/dev/null
[ $fails -eq 0 ] || { echo "--- server log"; cat "$work/serve.err"; }
echo "$fails failed"
[ "$fails" -eq 0 ]

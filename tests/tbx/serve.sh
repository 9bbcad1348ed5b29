#!/usr/bin/env bash
# gtsim serve as a process: readiness line, clients one after another, bad
# clients dropped with a logged reason while the server keeps serving, a
# fresh device per client (or --keep-state), --once, loopback-only default.
#   serve.sh GTSIM TBX_CLIENT WORKDIR
set -uo pipefail
gtsim=$1 client=$2 work=$3
mkdir -p "$work"
. "$(dirname "$0")/lib.sh"

# Start a server in the background; sets srv_pid and port once it is ready.
start_server() { # log-prefix, args...
    local log=$1
    shift
    rm -f "$log.out" # not a stale port of an earlier run
    "$gtsim" serve --port 0 "$@" >"$log.out" 2>"$log.err" &
    srv_pid=$!
    port=
    for _ in $(seq 100); do
        port=$(sed -n 's/^gtsim serve: listening on .*:\([0-9]*\) (platform .*)$/\1/p' "$log.out")
        [ -n "$port" ] && return 0
        kill -0 "$srv_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "FAIL: server did not print its listening line"; cat "$log.out" "$log.err"
    exit 1
}

start_server "$work/multi"
check "smoke client" "$client" "$port" smoke
check "garbage client is dropped" "$client" "$port" garbage
check "oversized write is dropped" "$client" "$port" oversized
check "half a header" "$client" "$port" half
check "memory of a client" "$client" "$port" put-marker
check "next client gets a fresh device" "$client" "$port" marker-gone
check "server still serves after bad clients" "$client" "$port" smoke
kill -TERM "$srv_pid"
wait "$srv_pid"
check "server exits 0 on SIGTERM" test $? -eq 0
check "drop reason logged: unknown type" grep -q "dropped: unknown message type 16962" "$work/multi.err"
check "drop reason logged: size limit" grep -q "dropped: WRITE_DATA_REQ of 4294967295 bytes .* exceeds" "$work/multi.err"
check "drop reason logged: mid-message" grep -q "dropped: client disconnected in the middle of a message header" "$work/multi.err"

start_server "$work/keep" --keep-state
check "keep-state: write" "$client" "$port" put-marker
check "keep-state: next client sees it" "$client" "$port" marker-kept
kill -TERM "$srv_pid"
wait "$srv_pid"

# A per-client host-memory budget: a client writing more pages than it
# allows is dropped with a "host memory limit" report; the next client gets
# a fresh device and budget.
start_server "$work/budget" --max-host-memory 1M
check "page storm past --max-host-memory is dropped" "$client" "$port" page-storm
check "a client after it is served" "$client" "$port" smoke
kill -TERM "$srv_pid"
wait "$srv_pid"
check "drop reason: host memory limit" grep -q "dropped: memory write failed on the device: host memory limit" "$work/budget.err"

start_server "$work/once" --once
check "--once: smoke" "$client" "$port" smoke
wait "$srv_pid"
check "--once: exits 0 after a good client" test $? -eq 0
start_server "$work/once-bad" --once
"$client" "$port" garbage >/dev/null
wait "$srv_pid"
check "--once: exits 1 after a dropped client" test $? -eq 1

"$gtsim" serve --host 0.0.0.0 --port 0 >"$work/remote.out" 2>"$work/remote.err"
check "non-loopback bind refused without --allow-remote" test $? -ne 0
check "refusal explains why" grep -qz "has no.*authentication" "$work/remote.err"
check "refusal prints no listening line" test ! -s "$work/remote.out"
start_server "$work/remote" --host 0.0.0.0 --allow-remote --once
check "--allow-remote: serves" "$client" "$port" smoke
wait "$srv_pid"
check "--allow-remote prints a warning" grep -q "WARNING: listening on non-loopback address 0.0.0.0" "$work/remote.err"

"$gtsim" serve --platform nosuch --port 0 >/dev/null 2>"$work/plat.err"
check "unknown platform refused" test $? -eq 2

# gtsim exec: the program sees the runtime's TBX settings, talks to the
# private server, and its exit status (or signal) becomes gtsim's.
env_line=$("$gtsim" exec --via tbx --platform skl -- sh -c 'echo "$NEOReadDebugKeys $SetCommandStreamReceiver $ProductFamilyOverride $TbxServer"')
check "exec: runtime environment" test "$env_line" = "1 2 skl 127.0.0.1"
check "exec: a client reaches the server on \$TbxPort" "$gtsim" exec --via tbx -- sh -c "\"$client\" \"\$TbxPort\" smoke"
"$gtsim" exec --via tbx -- sh -c 'exit 7'
check "exec: exit status passed through" test $? -eq 7
"$gtsim" exec --via tbx -- sh -c 'kill -KILL $$' 2>"$work/exec-sig.err"
check "exec: death by signal is 128+N" test $? -eq 137
"$gtsim" exec --via tbx -- "$work/no-such-program" 2>"$work/exec-missing.err"
check "exec: a missing program is 127" test $? -eq 127

echo "$fails failed"
[ "$fails" -eq 0 ]

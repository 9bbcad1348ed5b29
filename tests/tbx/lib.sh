# Sourced by the tests/tbx scripts: a failure counter and its check, a clock.
fails=0
check() { # description, command...
    local d=$1
    shift
    if "$@"; then echo "ok: $d"; else echo "FAIL: $d"; fails=$((fails + 1)); fi
}
now() { date +%s.%N; }

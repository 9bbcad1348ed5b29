#!/usr/bin/env bash
# Runs the EU test programs with GTSIM_EU_COVERAGE on, merges their counts
# and prints the coverage table (tests/euexec/cov_report.py); fails when a
# test program fails or a required Gen9 opcode / form never executed.
#   cov_run.sh WORKDIR TEST_PROGRAM...
set -u
work=$1; shift
mkdir -p "$work"
cov=$work/eu_coverage.txt
rm -f "$cov"
rc=0
for prog in "$@"; do
    if ! GTSIM_EU_COVERAGE=$cov "$prog" >"$work/$(basename "$prog").log" 2>&1; then
        echo "FAIL: $prog (log: $work/$(basename "$prog").log)"
        rc=1
    fi
done
python3 "$(dirname "$0")/cov_report.py" "$cov" || rc=1
exit $rc

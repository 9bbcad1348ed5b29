#!/usr/bin/env bash
# Runs the EU test programs with GTSIM_EU_COVERAGE on, merges their counts
# and prints the coverage table (tests/euexec/cov_report.py); fails when a
# test program fails or a required Gen9 opcode / form never executed.
#   cov_run.sh [--gen12] WORKDIR TEST_PROGRAM...
#   (--gen12: the Gen12LP requirements, cov_report.py --gen12)
set -u
gen=
if [ "${1:-}" = --gen12 ]; then gen=--gen12; shift; fi
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
python3 "$(dirname "$0")/cov_report.py" $gen "$cov" || rc=1
exit $rc

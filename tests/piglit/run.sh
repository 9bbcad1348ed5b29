#!/usr/bin/env bash
# Runs piglit tests (Debian package piglit, PIGLIT_PLATFORM=surfaceless_egl) on
# Mesa's llvmpipe or on iris through gtsim, N at a time, each under a timeout;
# prints one line per test: RESULT <tab> NAME <tab> SECONDS <tab> CAUSE (for a
# test that does not pass: gtsim's report when the simulation stopped on an
# error, else the test's own message).  Checks first that the tests get the
# renderer asked for (GL_RENDERER: llvmpipe, or "Mesa Intel" on the simulated GPU).
#
#   tests/piglit/run.sh [--platform llvmpipe|skl|tgllp] [--jobs N] [--timeout SECONDS]
#                       [--gtsim build/gtsim] [-o RESULTS] [LIST]
#
# LIST defaults to tests/piglit/tests-quick.txt, the platform to skl, N to the
# host's processors, the timeout to 60 s.  Refresh the committed llvmpipe
# baseline (after a Mesa or piglit update, or a change of the list) with
#   tests/piglit/run.sh --platform llvmpipe -o tests/piglit/llvmpipe.txt
# and group a run's failure causes, largest first, with
#   python3 tests/piglit/piglit.py causes RESULTS
# The check ctest piglit_skl / piglit_tgllp runs: tests/piglit/piglit.py check.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
args=() list=$here/tests-quick.txt platform=skl
while (($#)); do
    case $1 in
        --platform) platform=$2; shift 2 ;;
        --jobs|--timeout|--gtsim|-o|--output|--partial) args+=("$1" "$2"); shift 2 ;;
        --progress) args+=("$1"); shift ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
        *) list=$1; shift ;;
    esac
done
if [ "$platform" != llvmpipe ] && [[ ! " ${args[*]} " =~ " --gtsim " ]]; then
    args+=(--gtsim "$here/../../build/gtsim")
fi
exec python3 "$here/piglit.py" run --platform "$platform" "${args[@]}" "$list"

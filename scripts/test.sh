#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the whole test suite with CTest on all cores.
# Tests labelled `tensorflow` use the oracle venv (.venv) and skip visibly without it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" "$@"
build="${TFMIGRATE_BUILD_DIR:-$root/build}"
# Bounded libFuzzer runs (graph parsers, diff's trace comparison) when clang is available
# (scripts/fuzz.sh). A fuzz failure does not hide the suite's results: both run, and the
# exit status is non-zero when either failed.
fuzz_status=0
"$root/scripts/fuzz.sh" || fuzz_status=$?
cd "$build"
suite_status=0
ctest --output-on-failure -j "$(nproc)" --timeout 900 || suite_status=$?
if (( fuzz_status != 0 )); then
  echo "[test] the bounded fuzz runs failed (scripts/fuzz.sh, exit $fuzz_status)" >&2
  exit "$fuzz_status"
fi
exit "$suite_status"

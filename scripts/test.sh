#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the whole test suite with CTest on all cores.
# Tests labelled `tensorflow` use the oracle venv (.venv) and skip visibly without it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" "$@"
build="${TFMIGRATE_BUILD_DIR:-$root/build}"
# Bounded libFuzzer run of the graph parsers when clang is available (scripts/fuzz.sh).
"$root/scripts/fuzz.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)" --timeout 900

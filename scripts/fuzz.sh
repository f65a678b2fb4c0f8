#!/usr/bin/env bash
# Builds the libFuzzer targets (graph parsers, graph run, diff's trace comparison, check and rewrite on Python) with clang (build-fuzz/) and runs it for a
# bounded time through CTest (label `fuzz`, 30 s). Skips visibly without clang.
#   scripts/fuzz.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cxx="$(command -v clang++-14 || command -v clang++ || true)"
cc="$(command -v clang-14 || command -v clang || true)"
if [[ -z "$cxx" || -z "$cc" ]]; then
  echo "[fuzz] SKIP: clang is not installed (apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 0
fi
build="$root/build-fuzz"
if [[ ! -f "$build/build.ninja" ]]; then
  CC="$cc" CXX="$cxx" cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" --target fuzzers -j "$(nproc)" | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
cd "$build"
ctest -L fuzz --output-on-failure --timeout 300

#!/usr/bin/env bash
# The default build runs on any x86-64 processor (issue: a build made on an AVX-512 machine
# died with SIGILL on an AVX2-only one). Three checks of the build tree BUILD:
#   1. the kernels were compiled without -march (TFMIGRATE_KERNEL_MARCH empty); an opt-in
#      build (=native, =x86-64-v3, ...) is not the default and is skipped with a message;
#   2. the runtime library's own objects use no AVX or AVX-512 register (ymm/zmm) anywhere:
#      every instruction it may ever execute, not only the tested paths;
#   3. the kernel tests (GEMM, kernels, TensorFlow's graph-run goldens with convolutions and
#      matrix products) pass under QEMU emulating `qemu64`, a baseline x86-64 CPU without
#      SSE4, AVX or AVX-512: an instruction beyond it would be SIGILL. oneDNN picks its
#      code by CPUID, so this also checks that it falls back on such a CPU.
# Usage: tests/isa_baseline.sh BUILD SOURCE_DIR        exit 0 pass, 1 fail, 77 skip
set -u
build="$1"
src="$2"
march="$(sed -n 's/^TFMIGRATE_KERNEL_MARCH:STRING=//p' "$build/CMakeCache.txt")"
if [[ -n "$march" ]]; then
  echo "SKIPPED: this build opted in to -march=$march (TFMIGRATE_KERNEL_MARCH); the baseline check is for the default build"
  exit 77
fi
case "$(uname -m)" in x86_64) ;; *) echo "SKIPPED: not an x86-64 machine"; exit 77 ;; esac
fail=0

# 1. No -march on any runtime source in the compile database.
if grep -E '"command".*-march=' "$build/compile_commands.json" | grep -q '/runtime/'; then
  echo "FAIL: runtime sources compiled with -march although TFMIGRATE_KERNEL_MARCH is empty:"
  grep -oE '"file": "[^"]*runtime/[^"]*"' "$build/compile_commands.json" | head -5
  fail=1
fi

# 2. No ymm/zmm register in the disassembly of the runtime's objects.
lib="$build/runtime/libruntime.a"
if [[ ! -f "$lib" ]]; then
  echo "FAIL: $lib not built"
  exit 1
fi
wide="$(objdump -d --no-show-raw-insn "$lib" | grep -E '%[yz]mm[0-9]' | head -5)"
if [[ -n "$wide" ]]; then
  echo "FAIL: AVX/AVX-512 instructions in the runtime library of a default build:"
  echo "$wide"
  fail=1
else
  echo "ok: no ymm/zmm register in $(objdump -d --no-show-raw-insn "$lib" | grep -c '^ ') instructions of libruntime.a"
fi

# 3. Kernel tests on an emulated baseline CPU.
qemu="$(command -v qemu-x86_64 || true)"
if [[ -z "$qemu" ]]; then
  echo "FAIL: qemu-x86_64 not found (scripts/setup.sh installs Debian's qemu-user)"
  exit 1
fi
cd "$src" || exit 1
run() {
  local bin="$1" filter="$2"
  if ! out="$("$qemu" -cpu qemu64 "$bin" --gtest_filter="$filter" --gtest_brief=1 2>&1)"; then
    echo "FAIL: $(basename "$bin") --gtest_filter=$filter under qemu-x86_64 -cpu qemu64:"
    echo "$out" | tail -20
    fail=1
  else
    echo "ok: $(basename "$bin") $filter on qemu64: $(echo "$out" | grep -E 'PASSED|tests ran' | tail -1)"
  fi
}
run "$build/runtime/tests/runtime_tests" 'Gemm.Float32MatchesTheDefinition:Gemm.LoneNegative*:Kernels.*'
run "$build/runtime/tests/runtime_special_kernel_tests" '*'
run "$build/runtime/tests/graph_import_tests" 'Run/GraphGolden.*:GraphRun.*'
exit $fail

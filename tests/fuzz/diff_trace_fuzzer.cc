// libFuzzer target for `tfmigrate diff`'s trace comparison and reports: built when the
// compiler is clang (tests/fuzz/CMakeLists.txt); CI runs it for a bounded time:
//   build/tests/fuzz/diff_trace_fuzzer -max_total_time=60 -rss_limit_mb=1024 fuzz_traces/
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/diff_fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tfm::fuzz::DiffTraceFuzzOne(data, size);
  return 0;
}

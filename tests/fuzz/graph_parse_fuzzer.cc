// libFuzzer target for the graph parsers (binary and text): built when the compiler
// is clang (tests/fuzz/CMakeLists.txt); CI runs it for a bounded time:
//   build/tests/fuzz/graph_parse_fuzzer -max_total_time=60 -rss_limit_mb=1024 testdata/graphs/
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/graph_fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tfm::fuzz::GraphFuzzOne(data, size);
  return 0;
}

// libFuzzer target through `tfmigrate run GRAPH`'s whole path (issue 19: no input makes
// `run` abort): graph_run_fuzz_entry.h. Built with clang under ASan and UBSan
// (tests/fuzz/CMakeLists.txt), the runtime's own sources compiled into it instrumented:
//   build-fuzz/tests/fuzz/graph_run_fuzzer -max_total_time=60 -rss_limit_mb=2048 corpus/
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/graph_run_fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tfm::fuzz::GraphRunFuzzOne(data, size);
  return 0;
}

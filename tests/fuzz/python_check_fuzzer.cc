// libFuzzer target through `tfmigrate check` and `tfmigrate rewrite` (both levels) on a
// Python module or notebook: python_fuzz_entry.h. Built with clang under ASan and UBSan
// (tests/fuzz/CMakeLists.txt), the analyzer's and rewriter's own sources compiled into it
// instrumented:
//   build-fuzz/tests/fuzz/python_check_fuzzer -max_total_time=60 -rss_limit_mb=2048 corpus/
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/python_fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tfm::fuzz::PythonFuzzOne(data, size);
  return 0;
}

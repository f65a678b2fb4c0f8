// libFuzzer target through the calls the runtime's Python facade makes (issue 19: the
// Python front end; no call sequence makes the runtime abort): runtime_api_fuzz_entry.h.
// Built with clang under ASan and UBSan (tests/fuzz/CMakeLists.txt), the runtime's own
// sources compiled into it instrumented:
//   build-fuzz/tests/fuzz/runtime_api_fuzzer -max_total_time=60 -rss_limit_mb=2048 corpus/
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/runtime_api_fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tfm::fuzz::RuntimeApiFuzzOne(data, size);
  return 0;
}

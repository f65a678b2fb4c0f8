// Bounded replay of the runtime API fuzzer's entry (tests/fuzz/runtime_api_fuzz_entry.h)
// with any compiler: programs of facade calls from a fixed pseudo-random stream must all
// come back with a Status (the libFuzzer target explores further under ASan and UBSan).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "tests/fuzz/runtime_api_fuzz_entry.h"

namespace tfm::fuzz {
namespace {

TEST(RuntimeApiFuzz, ReplayOfSeededProgramsReturns) {
  std::mt19937 rng(20261204);
  RuntimeApiStats total;
  for (int run = 0; run < 3000; ++run) {
    std::vector<uint8_t> bytes(16 + rng() % 240);
    for (auto& c : bytes) c = static_cast<uint8_t>(rng());
    RuntimeApiStats s = RuntimeApiFuzzOne(bytes.data(), bytes.size());
    total.nodes += s.nodes;
    total.node_errors += s.node_errors;
    total.eager_ok += s.eager_ok;
    total.eager_errors += s.eager_errors;
    total.runs_ok += s.runs_ok;
    total.run_errors += s.run_errors;
  }
  // The stream reaches every kind of call, and both outcomes of each: a program that
  // never built a node or ran a kernel would fuzz nothing.
  EXPECT_GT(total.nodes, 1000u);
  EXPECT_GT(total.node_errors, 1000u);
  EXPECT_GT(total.eager_ok, 100u);
  EXPECT_GT(total.eager_errors, 100u);
  EXPECT_GT(total.runs_ok, 100u);
  EXPECT_GT(total.run_errors, 100u);
}

}  // namespace
}  // namespace tfm::fuzz

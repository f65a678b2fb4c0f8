// The one entry point the graph fuzzers drive: bytes -> ParseGraphBytes, first as a
// binary-looking name (".pb"), then as a SavedModel and a MetaGraphDef name hint, so
// the binary and text parsers and every validation pass see the input. Used by the
// libFuzzer target (graph_parse_fuzzer.cc, built with clang) and by the bounded
// replay test (graph_bad_input_test.cc) that runs in CTest with any compiler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "analyzer/graph/graph_file.h"
#include "analyzer/graph/summary.h"

namespace tfm::fuzz {

// Returns 1 when some interpretation parsed (then the summary was built too), 0 otherwise.
inline int GraphFuzzOne(const uint8_t* data, size_t size) {
  graph::LoadLimits limits;
  limits.max_bytes = 1u << 20;
  limits.max_nodes = 20000;
  int ok = 0;
  for (const char* hint : {"model.pb", "saved_model.pb", "model.meta"}) {
    auto f = graph::ParseGraphBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz", limits, hint);
    if (f) {
      ok = 1;
      (void)graph::Summarize(*f);
    } else if (f.error().message.empty()) {
      __builtin_trap();  // every error must carry a message
    }
  }
  return ok;
}

}  // namespace tfm::fuzz

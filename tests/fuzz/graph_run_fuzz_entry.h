// The one entry point of the graph run fuzzers: bytes -> the graph loader -> import into
// the runtime Graph (the op signature checks, shape functions) -> variable initializers
// and the kernels of the fetched nodes (`tfmigrate run GRAPH`'s whole path), with every
// Placeholder fed zeros of its declared shape (unknown dimensions 1). Used by the
// libFuzzer target (graph_run_fuzzer.cc, clang, ASan and UBSan) and by the bounded replay
// of mutated test graphs (runtime/tests/graph_import_test.cc) with any compiler.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "analyzer/graph/graph_file.h"
#include "runtime/graph/import_run.h"

namespace tfm::fuzz {

// "[[0,0],[0,0]]" for a [2,2] (unknown dimensions 1; at most 256 elements, else "0").
inline std::string ZerosFeed(const tensorflow::NodeDef* def) {
  if (!def || !def->attr().count("shape")) return "0";
  const auto& s = def->attr().at("shape").shape();
  if (s.unknown_rank() || s.dim_size() > 6) return "0";
  std::vector<int64_t> dims;
  int64_t n = 1;
  for (const auto& d : s.dim()) {
    int64_t k = d.size() < 0 ? 1 : d.size();
    if (k > 256 || (n *= k) > 256) return "0";
    dims.push_back(k);
  }
  std::function<std::string(size_t)> level = [&](size_t i) -> std::string {
    if (i == dims.size()) return "0";
    std::string r = "[";
    for (int64_t k = 0; k < dims[i]; ++k) r += (k ? "," : "") + level(i + 1);
    return r + "]";
  };
  return level(0);
}

// Returns the run's exit code (-1 when the bytes are not a graph). Traps when a failure
// has no message or more than one line.
inline int GraphRunFuzzOne(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  graph::LoadLimits limits;
  limits.max_bytes = 1u << 20;
  limits.max_nodes = 2000;
  auto f = graph::ParseGraphBytes(bytes, "fuzz", limits, "model.pbtxt");
  if (!f || f->meta_graphs.empty()) return -1;
  const auto& g = f->meta_graphs[0].graph;
  if (g.nodes.empty()) return -1;
  // A shape an attr or a constant gives can ask for gigabytes, which TF would allocate too;
  // above 64 MB a tensor is ResourceExhausted here (the runtime's cap is the machine's
  // memory), inside the fuzzer's 2 GB memory limit.
  static const bool limited = (rt::SetMaxTensorBytes(uint64_t{64} << 20), true);
  (void)limited;
  rt::GraphRunOptions o;
  // A v1 loop the bytes build may never end (TF would run it forever too): stop it after
  // 20k node executions (the default 50 million ran past the 30 s timeout under ASan).
  o.max_node_executions = 20'000;
  for (const auto& n : g.nodes)
    if (n.op == "Placeholder") o.feeds.push_back(n.name + "=" + ZerosFeed(n.def));
  // The last node, and the one the first input byte picks.
  o.fetches.push_back(g.nodes.back().name);
  const auto& pick = g.nodes[static_cast<size_t>(data[0]) % g.nodes.size()];
  if (pick.name != g.nodes.back().name) o.fetches.push_back(pick.name);
  static const std::string path = "/tmp/tfm_graph_run_fuzz_" + std::to_string(::getpid()) + ".pbtxt";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  o.path = path;
  rt::GraphRunResult r = rt::RunGraphFile(o);
  if (r.exit_code != 0 && r.error.empty()) __builtin_trap();      // every failure carries a message
  if (r.error.find('\n') != std::string::npos) __builtin_trap();  // one line
  return r.exit_code;
}

}  // namespace tfm::fuzz

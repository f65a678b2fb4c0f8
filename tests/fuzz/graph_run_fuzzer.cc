// libFuzzer target through `tfmigrate run GRAPH`'s whole path (issue 19: no input makes
// `run` abort): bytes -> the graph loader -> import into the runtime Graph (the op
// signature checks, shape functions) -> variable initializers and the kernels of the
// fetched node, with every Placeholder fed zeros of its declared shape (unknown
// dimensions 1). Built with clang under ASan and UBSan (tests/fuzz/CMakeLists.txt); the
// runtime's own sources are compiled into it instrumented.
//   build-fuzz/tests/fuzz/graph_run_fuzzer -max_total_time=60 -rss_limit_mb=2048 corpus/
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "analyzer/graph/graph_file.h"
#include "runtime/graph/import_run.h"

namespace {

// "[[0,0],[0,0]]" for a [2,2] (unknown dimensions 1; at most 256 elements, else "0").
std::string Zeros(const tensorflow::NodeDef* def) {
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  tfm::graph::LoadLimits limits;
  limits.max_bytes = 1u << 20;
  limits.max_nodes = 2000;
  auto f = tfm::graph::ParseGraphBytes(bytes, "fuzz", limits, "model.pbtxt");
  if (!f || f->meta_graphs.empty()) return 0;
  const auto& g = f->meta_graphs[0].graph;
  if (g.nodes.empty()) return 0;
  tfm::rt::GraphRunOptions o;
  for (const auto& n : g.nodes)
    if (n.op == "Placeholder") o.feeds.push_back(n.name + "=" + Zeros(n.def));
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
  tfm::rt::GraphRunResult r = tfm::rt::RunGraphFile(o);
  if (r.exit_code != 0 && r.error.empty()) __builtin_trap();  // every failure carries a message
  if (r.error.find('\n') != std::string::npos) __builtin_trap();  // one line
  return 0;
}

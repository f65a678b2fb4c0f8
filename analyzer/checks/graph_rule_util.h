// Helpers shared by the graph rules (tfm7xx_*): iterate every graph of a file (main
// graphs and function bodies of each meta graph) and format node lists.
//
//   ForEachGraph(ctx.file(), [&](const graph::MetaGraph& mg, const graph::Graph& g) { ... });
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include "analyzer/graph/graph_file.h"

namespace tfm {

template <typename Fn>
void ForEachGraph(const graph::GraphFile& f, Fn&& fn) {
  for (const auto& mg : f.meta_graphs) {
    fn(mg, mg.graph);
    for (const auto& g : mg.functions) fn(mg, g);
  }
}

// " in function `f`" for function bodies, "" for the main graph.
inline std::string InFunction(const graph::Graph& g) {
  return g.function.empty() ? "" : fmt::format(" in function `{}`", g.function);
}

// "`a`, `b`, `c` and 4 more"
inline std::string NameList(const std::vector<std::string>& names, size_t max = 3) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < max; ++i) {
    if (i) out += i + 1 == names.size() ? " and " : ", ";
    out += "`" + names[i] + "`";
  }
  if (names.size() > max) out += fmt::format(" and {} more", names.size() - max);
  return out;
}

}  // namespace tfm

// `tfmigrate check --graph-summary FILE`: the facts of a graph file as text —
// kind and encoding, producer version, node and op-type counts, variables (ref or
// resource), collections, signatures, v1 control-flow frames, functions.
//
//   auto f = tfm::graph::LoadGraphFile(path);
//   if (f) std::cout << tfm::graph::Summarize(*f);
#pragma once

#include <string>

#include "analyzer/graph/graph_file.h"

namespace tfm::graph {

std::string Summarize(const GraphFile& f);
// The same facts as a JSON document (`--graph-summary FILE --format json`).
std::string SummarizeJson(const GraphFile& f);

}  // namespace tfm::graph

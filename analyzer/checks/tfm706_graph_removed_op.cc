#include "analyzer/checks/tfm706_graph_removed_op.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "analyzer/checks/graph_rule_util.h"
#include "analyzer/graph/op_registry.h"

namespace tfm {

const RuleInfo& GraphRemovedOp::info() const {
  static const RuleInfo kInfo{
      .id = "TFM706",
      .name = "graph-removed-op",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "op types absent from TF2's op registry",
      .trigger = "op types absent from TF2's op registry (table generated from real TF)",
  };
  return kInfo;
}

const Rule& rules::Tfm706() {
  static const GraphRemovedOp kRule;
  return kRule;
}

void GraphRemovedOp::CheckGraph(GraphContext& ctx) const {
  for (const auto& mg : ctx.file().meta_graphs) {
    std::set<std::string> functions;  // a node whose op is a library function calls it
    for (const auto& fg : mg.functions) functions.insert(fg.function);
    std::set<std::string> seen;
    auto visit = [&](const graph::Graph& g) {
      std::map<std::string, std::vector<const graph::Node*>> by_op;
      for (const auto& n : g.nodes)
        if (!functions.count(n.op) && !graph::IsTf2Op(n.op)) by_op[n.op].push_back(&n);
      for (const auto& [op, nodes] : by_op) {
        if (!seen.insert(op).second) continue;
        std::vector<std::string> names;
        for (const auto* n : nodes) names.push_back(n->name);
        std::string_view hint = graph::RemovedOpHint(op);
        ctx.ReportNode(g, *nodes.front(),
                       fmt::format("op `{}` ({}{}) is not registered in TensorFlow {}: the graph will not load "
                                   "there; {}",
                                   op, NameList(names), InFunction(g), graph::Tf2Version(),
                                   hint.empty() ? "it came from tf.contrib or a custom op library; replace the "
                                                  "subgraph or load the library that registers it"
                                                : hint));
      }
    };
    visit(mg.graph);
    for (const auto& fg : mg.functions) visit(fg);
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm702_graph_ref_variables.h"

#include <fmt/format.h>

#include <map>

#include "analyzer/checks/graph_rule_util.h"

namespace tfm {
namespace {

// Ref-typed ops that write a variable in place (their resource forms are
// AssignVariableOp, ResourceScatterUpdate, ...).
bool IsRefWrite(std::string_view op) {
  static const char* kOps[] = {"Assign",        "AssignAdd",     "AssignSub",     "ScatterUpdate", "ScatterAdd",
                               "ScatterSub",    "ScatterMul",    "ScatterDiv",    "ScatterMin",    "ScatterMax",
                               "ScatterNdUpdate", "ScatterNdAdd", "ScatterNdSub", "ScatterNdMax",  "ScatterNdMin"};
  for (const char* o : kOps)
    if (op == o) return true;
  return false;
}

bool PassesRef(std::string_view op) {
  return op == "RefIdentity" || op == "Identity" || op == "RefEnter" || op == "Enter" || op == "RefSwitch" ||
         op == "RefMerge";
}

// The variable a ref write targets (its first input, through ref forwarding ops).
int TargetVariable(const graph::Graph& g, const graph::Node& write) {
  if (write.inputs.empty()) return -1;
  int id = write.inputs[0].id;
  for (int hops = 0; id >= 0 && hops < 16; ++hops) {
    const graph::Node& n = g.nodes[id];
    if (graph::IsRefVariableOp(n.op)) return id;
    if (!PassesRef(n.op) || n.inputs.empty()) return -1;
    id = n.inputs[0].id;
  }
  return -1;
}

}  // namespace

const RuleInfo& GraphRefVariables::info() const {
  static const RuleInfo kInfo{
      .id = "TFM702",
      .name = "graph-ref-variables",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "ref variables (VariableV2) and ref-typed Assign*/Scatter* instead of resource variables",
      .trigger = "`VariableV2`, `Variable`, `TemporaryVariable`, ref-typed `Assign*` / `Scatter*` instead of "
                 "`VarHandleOp` resources",
  };
  return kInfo;
}

const Rule& rules::Tfm702() {
  static const GraphRefVariables kRule;
  return kRule;
}

void GraphRefVariables::CheckGraph(GraphContext& ctx) const {
  ForEachGraph(ctx.file(), [&](const graph::MetaGraph&, const graph::Graph& g) {
    std::map<int, std::vector<std::string>> writers;
    std::vector<int> orphan_writes;
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      if (!IsRefWrite(g.nodes[i].op)) continue;
      int v = TargetVariable(g, g.nodes[i]);
      if (v >= 0) writers[v].push_back(g.nodes[i].name);
      else orphan_writes.push_back(static_cast<int>(i));
    }
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const graph::Node& n = g.nodes[i];
      if (!graph::IsRefVariableOp(n.op)) continue;
      const auto& w = writers[static_cast<int>(i)];
      std::string written = w.empty() ? ""
                                      : fmt::format(", written in place by {} ref op{} ({})", w.size(),
                                                    w.size() == 1 ? "" : "s", NameList(w));
      ctx.ReportNode(g, n,
                     fmt::format("`{}`{} is a ref variable ({}){}: TF2 uses resource variables (`VarHandleOp` "
                                 "with `AssignVariableOp`/`ReadVariableOp`), whose reads and writes are ordered",
                                 n.name, InFunction(g), n.op, written));
    }
    for (int i : orphan_writes) {
      const graph::Node& n = g.nodes[i];
      ctx.ReportNode(g, n,
                     fmt::format("`{}`{} ({}) writes a ref tensor in place: TF2 resource variables use `{}`",
                                 n.name, InFunction(g), n.op,
                                 n.op.rfind("Scatter", 0) == 0 ? "ResourceScatter*" : "AssignVariableOp"));
    }
  });
}

}  // namespace tfm

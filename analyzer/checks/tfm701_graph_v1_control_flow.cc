#include "analyzer/checks/tfm701_graph_v1_control_flow.h"

#include <fmt/format.h>

#include <map>

#include "analyzer/checks/graph_rule_util.h"

namespace tfm {
namespace {

// Fixed display order of the op counts.
int OpRank(const std::string& op) {
  static const char* kOrder[] = {"Enter", "RefEnter", "Merge", "RefMerge", "Switch", "RefSwitch",
                                 "Exit", "RefExit", "NextIteration", "RefNextIteration", "LoopCond"};
  for (int i = 0; i < 11; ++i)
    if (op == kOrder[i]) return i;
  return 99;
}

std::string Counts(const std::map<std::string, int>& counts) {
  std::vector<std::pair<std::string, int>> v(counts.begin(), counts.end());
  std::sort(v.begin(), v.end(), [](auto& a, auto& b) { return OpRank(a.first) < OpRank(b.first); });
  std::string out;
  for (const auto& [op, n] : v) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, op);
  return out;
}

std::string NameScope(const std::string& name) {
  size_t slash = name.rfind('/');
  return slash == std::string::npos ? "" : name.substr(0, slash);
}

}  // namespace

const RuleInfo& GraphV1ControlFlow::info() const {
  static const RuleInfo kInfo{
      .id = "TFM701",
      .name = "graph-v1-control-flow",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "v1 control-flow nodes (Switch/Merge/Enter/Exit/NextIteration/LoopCond) in a graph file",
      .trigger = "`Switch`, `RefSwitch`, `Merge`, `Enter`, `RefEnter`, `Exit`, `NextIteration`, `LoopCond` nodes; "
                 "reported once per frame with counts",
  };
  return kInfo;
}

const Rule& rules::Tfm701() {
  static const GraphV1ControlFlow kRule;
  return kRule;
}

void GraphV1ControlFlow::CheckGraph(GraphContext& ctx) const {
  ForEachGraph(ctx.file(), [&](const graph::MetaGraph&, const graph::Graph& g) {
    // While-loop frames: one finding per frame, at its first Enter node.
    for (size_t f = 1; f < g.frames.size(); ++f) {
      const graph::Frame& fr = g.frames[f];
      std::map<std::string, int> counts;
      const graph::Node* first_enter = nullptr;
      for (int i : fr.nodes) {
        const graph::Node& n = g.nodes[i];
        if (!graph::IsV1ControlFlowOp(n.op)) continue;
        ++counts[n.op];
        if (!first_enter && (n.op == "Enter" || n.op == "RefEnter")) first_enter = &n;
      }
      if (!first_enter) continue;
      ctx.ReportNode(g, *first_enter,
                     fmt::format("v1 while_loop frame `{}`{} ({}): TF2 builds loops as functional `While` ops "
                                 "(control flow v2); re-export the graph from TF2 code or a `tf.function`",
                                 fr.name, InFunction(g), Counts(counts)));
    }
    // Conds outside loops: one finding per name scope of Switch/Merge nodes in the root frame.
    // A cond's scope is that of its Merge; Switch nodes in sub-scopes (the inputs a
    // branch captures, `cond/add/Switch`) belong to the innermost enclosing cond.
    std::vector<std::string> merge_scopes;
    for (int i : g.frames[0].nodes)
      if (g.nodes[i].op == "Merge" || g.nodes[i].op == "RefMerge") merge_scopes.push_back(NameScope(g.nodes[i].name));
    auto cond_of = [&](const std::string& name) {
      std::string best = NameScope(name);
      size_t best_len = 0;
      for (const auto& s : merge_scopes)
        if (s.size() >= best_len && name.size() > s.size() && name.compare(0, s.size(), s) == 0 &&
            name[s.size()] == '/' && (best_len == 0 || s.size() > best_len || s.empty())) {
          best = s;
          best_len = s.size() + 1;
        }
      return best;
    };
    std::map<std::string, std::map<std::string, int>> conds;
    std::map<std::string, int> first;
    for (int i : g.frames[0].nodes) {
      const graph::Node& n = g.nodes[i];
      if (!graph::IsV1ControlFlowOp(n.op)) continue;
      std::string scope = cond_of(n.name);
      ++conds[scope][n.op];
      if (!first.count(scope) || i < first[scope]) first[scope] = i;
    }
    for (const auto& [scope, counts] : conds) {
      const graph::Node& n = g.nodes[first[scope]];
      std::string where = scope.empty() ? "at the top level" : fmt::format("`{}`", scope);
      ctx.ReportNode(g, n,
                     fmt::format("v1 cond {}{} ({}): TF2 builds conditionals as functional `If`/`StatelessIf` "
                                 "ops (control flow v2); re-export the graph from TF2 code or a `tf.function`",
                                 where, InFunction(g), Counts(counts)));
    }
  });
}

}  // namespace tfm

#include "analyzer/checks/tfm204_control_dependencies.h"

#include <fmt/format.h>

#include <algorithm>

namespace tfm {
namespace {

// APIs that only make sense while building a TF1 graph: a function that calls them (an
// Estimator `model_fn`, a graph-building helper) runs in graph mode even in a file
// without sessions.
bool IsGraphOnlyApi(const TfName& n) {
  if (n.ns == TfNs::kV2) return false;
  std::string_view p = n.path;
  auto starts = [&](std::string_view s) { return p.substr(0, s.size()) == s; };
  return p == "placeholder" || p == "placeholder_with_default" || p == "get_collection" ||
         p == "get_collection_ref" || starts("GraphKeys") || starts("estimator.") || p == "get_default_graph";
}

}  // namespace

const RuleInfo& ControlDependencies::info() const {
  static const RuleInfo kInfo{
      .id = "TFM204",
      .name = "control-dependencies",
      .severity = Severity::kInfo,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "tf.control_dependencies in eager or tf.function code, where it is not needed",
      .trigger = "`tf.control_dependencies` in code that will run eagerly or in `tf.function` (automatic control "
                 "dependencies make it unnecessary)",
      .impact = Impact::kGraphSession,
  };
  return kInfo;
}

const Rule& rules::Tfm204() {
  static const ControlDependencies kRule;
  return kRule;
}

void ControlDependencies::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.path != "control_dependencies") continue;
    ExecContext c = m.ContextOf(r.call);
    if (c == ExecContext::kGraph) continue;
    if (c == ExecContext::kEager) {
      // Eager by the file-level view; graph-building if its function (or, at module
      // level, the module code) uses graph-only APIs.
      int fn = m.FunctionScopeAt(ts_node_start_byte(r.call));
      uint32_t lo = fn >= 0 ? m.scopes()[fn].begin : 0, hi = fn >= 0 ? m.scopes()[fn].end : UINT32_MAX;
      bool graph_code = std::any_of(m.refs().begin(), m.refs().end(), [&](const TfRef& o) {
        uint32_t b = ts_node_start_byte(o.node);
        if (b < lo || b >= hi || !IsGraphOnlyApi(o.tf)) return false;
        return fn >= 0 || m.FunctionScopeAt(b) < 0;
      });
      if (graph_code) continue;
    }
    if (c == ExecContext::kTraced) {
      ctx.Report(r.node, fmt::format("`{}` inside a `tf.function`: automatic control dependencies already run "
                                     "stateful operations in program order, so the wrapper is not needed",
                                     DisplayName(r)));
    } else {
      ctx.Report(r.node, fmt::format("`{}` in eagerly executed code: every operation runs when its line runs, "
                                     "so the dependency has no effect",
                                     DisplayName(r)));
    }
  }
}

}  // namespace tfm

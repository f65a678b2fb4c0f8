#include "analyzer/checks/tfm204_control_dependencies.h"

#include <fmt/format.h>

namespace tfm {

const RuleInfo& ControlDependencies::info() const {
  static const RuleInfo kInfo{"TFM204", "control-dependencies", Severity::kInfo, FixKind::kNone, RuleInput::kPython,
                              "tf.control_dependencies in eager or tf.function code, where it is not needed"};
  return kInfo;
}

void ControlDependencies::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.path != "control_dependencies") continue;
    ExecContext c = m.ContextOf(r.call);
    if (c == ExecContext::kGraph) continue;
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

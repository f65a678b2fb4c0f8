#include "analyzer/checks/tfm401_variable_in_function.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

const RuleInfo& VariableInFunction::info() const {
  static const RuleInfo kInfo{"TFM401", "variable-in-function", Severity::kError, FixKind::kUnsafe, RuleInput::kPython,
                              "tf.Variable created on every call of a tf.function (not cached on the first call)"};
  return kInfo;
}

namespace {

// The innermost traced function scope containing `byte`.
int TracedScopeAt(const SemanticModel& m, uint32_t byte) {
  for (int s = m.ScopeAt(byte); s >= 0; s = m.scopes()[s].parent)
    if (m.scopes()[s].traced) return s;
  return -1;
}

}  // namespace

void VariableInFunction::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    if (!m.InTracedFunction(call) || !df.IsVariableCreation(call)) continue;
    if (df.InInitScope(call) || df.UnderNoneGuard(call)) continue;
    int fn = TracedScopeAt(m, ts_node_start_byte(call));
    std::string target = "a variable";
    TSNode parent = df.Parent(call);
    if (ts::Is(parent, "assignment")) target = fmt::format("`{}`", ctx.Text(ts::Field(parent, "left")));
    ctx.Report(call, fmt::format("`{}(...)` creates {} on every call of the tf.function `{}`; TF2 raises "
                                 "\"ValueError: tf.function only supports singleton tf.Variables created on the "
                                 "first call\". Create it once in `__init__`, or under `if self.v is None:`",
                                 ctx.Text(ts::Field(call, "function")), target,
                                 fn >= 0 ? m.scopes()[fn].name : std::string("?")));
  }
}

}  // namespace tfm

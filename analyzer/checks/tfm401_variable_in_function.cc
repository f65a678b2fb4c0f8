#include "analyzer/checks/tfm401_variable_in_function.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "ValueError.*(singleton|first call|tf\\.function)"},
    {DivergenceKind::kRetrace},
};

const RuleInfo& VariableInFunction::info() const {
  static const RuleInfo kInfo{
      .id = "TFM401",
      .name = "variable-in-function",
      .severity = Severity::kError,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "tf.Variable created on every call of a tf.function (not cached on the first call)",
      .trigger = "guide pattern 1, example 1: `tf.Variable(...)` created in a `tf.function` body on every call (not "
                 "guarded by `if self.v is None` / `init_scope`): \"ValueError: tf.function only supports singleton "
                 "tf.Variables created on the first call\"",
      .fix_note = "unsafe in the catalogue (hoist to `__init__` or cache on the first call); not applied "
                  "automatically",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm401() {
  static const VariableInFunction kRule;
  return kRule;
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

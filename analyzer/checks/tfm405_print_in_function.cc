#include "analyzer/checks/tfm405_print_in_function.h"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
};

const RuleInfo& PrintInFunction::info() const {
  static const RuleInfo kInfo{
      .id = "TFM405",
      .name = "print-in-function",
      .severity = Severity::kInfo,
      .fix = FixKind::kSafe,
      .input = RuleInput::kPython,
      .summary = "print() in a tf.function body prints at trace time only",
      .trigger = "`print()` in a `tf.function` body prints at trace time only",
      .fix_note = "safe (`print` → `tf.print` when every argument is a tensor or a plain string)",
      .may_gain_fix = true,
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm405() {
  static const PrintInFunction kRule;
  return kRule;
}

namespace {

bool IsPlainString(TSNode n) {
  if (ts::Is(n, "concatenated_string")) {
    for (TSNode c : ts::NamedChildren(n))
      if (!IsPlainString(c)) return false;
    return true;
  }
  if (!ts::Is(n, "string")) return false;
  for (TSNode c : ts::NamedChildren(n))
    if (ts::Is(c, "interpolation")) return false;
  return true;
}

}  // namespace

void PrintInFunction::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "identifier") || ctx.Text(fn) != "print") continue;
    if (m.Lookup("print", ts_node_start_byte(fn))) continue;  // a user-defined print
    if (!m.InTracedFunction(call)) continue;
    int s = m.FunctionScopeAt(ts_node_start_byte(call));
    while (s >= 0 && !m.scopes()[s].traced) s = m.scopes()[s].parent;
    std::string fname = s >= 0 ? m.scopes()[s].name : std::string("?");
    // Safe fix only when every argument is a tensor or a plain string.
    bool convertible = true;
    TSNode args = ts::Field(call, "arguments");
    for (TSNode a : ts::NamedChildren(args)) {
      if (ts::Is(a, "comment")) continue;
      if (ts::Is(a, "keyword_argument")) {
        std::string_view k = ctx.Text(ts::Field(a, "name"));
        if ((k == "sep" || k == "end") && IsPlainString(ts::Field(a, "value"))) continue;
        convertible = false;
        break;
      }
      if (IsPlainString(a) || df.IsTensor(a)) continue;
      convertible = false;
      break;
    }
    std::optional<Fix> fix;
    const Binding* tf = m.TfModuleAt(ts_node_start_byte(call), SemanticModel::kTfModule | SemanticModel::kTfCompatV1 |
                                                                   SemanticModel::kTfCompatV2);
    if (convertible && tf)
      fix = ReplaceNode(fn, tf->name + ".print", fmt::format("replace `print` with `{}.print`", tf->name),
                        FixSafety::kSafe);
    ctx.Report(fn, fmt::format("`print(...)` in the tf.function `{}` runs only while the function is traced, not "
                               "on every call; use `tf.print` to print on every call",
                               fname),
               std::move(fix));
  }
}

}  // namespace tfm

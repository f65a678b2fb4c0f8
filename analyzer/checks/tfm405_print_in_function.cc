#include "analyzer/checks/tfm405_print_in_function.h"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

const RuleInfo& PrintInFunction::info() const {
  static const RuleInfo kInfo{"TFM405", "print-in-function", Severity::kInfo, FixKind::kSafe, RuleInput::kPython,
                              "print() in a tf.function body prints at trace time only"};
  return kInfo;
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

// The names the file binds to the tensorflow module at module level ("tf").
std::vector<const Binding*> TfModuleBindings(const SemanticModel& m) {
  std::vector<const Binding*> out;
  for (const Binding& b : m.bindings())
    if (b.kind == BindingKind::kImport && b.scope == 0 &&
        (b.qname == "tensorflow" || b.qname == "tensorflow.compat.v1" || b.qname == "tensorflow.compat.v2"))
      out.push_back(&b);
  return out;
}

// One of those names that still means the module at `at`.
std::optional<std::string> TfModuleName(const SemanticModel& m, const std::vector<const Binding*>& cands,
                                        uint32_t at) {
  for (const Binding* b : cands)
    if (m.Lookup(b->name, at) == b) return b->name;
  return std::nullopt;
}

}  // namespace

void PrintInFunction::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  std::vector<const Binding*> tf_bindings;
  bool have_bindings = false;
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
    if (!have_bindings) {
      tf_bindings = TfModuleBindings(m);
      have_bindings = true;
    }
    auto tf = TfModuleName(m, tf_bindings, ts_node_start_byte(call));
    if (convertible && tf)
      fix = ReplaceNode(fn, *tf + ".print", fmt::format("replace `print` with `{}.print`", *tf), FixSafety::kSafe);
    ctx.Report(fn, fmt::format("`print(...)` in the tf.function `{}` runs only while the function is traced, not "
                               "on every call; use `tf.print` to print on every call",
                               fname),
               std::move(fix));
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm305_implicit_var_list.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"

namespace tfm {
namespace {

bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// A TF1 optimizer class: "train.AdamOptimizer", "train.GradientDescentOptimizer", ...
bool IsV1Optimizer(std::string_view base) {
  return base.substr(0, 6) == "train." && base.find('.', 6) == std::string_view::npos && EndsWith(base, "Optimizer");
}

}  // namespace

const RuleInfo& ImplicitVarList::info() const {
  static const RuleInfo kInfo{
      .id = "TFM305",
      .name = "implicit-var-list",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 optimizer without var_list; relies on the trainable-variables collection",
      .trigger = "`optimizer.minimize(loss)` / `compute_gradients(loss)` without `var_list`: relies on the "
                 "trainable-variables collection",
      .impact = Impact::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm305() {
  static const ImplicitVarList kRule;
  return kRule;
}

void ImplicitVarList::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.ns == TfNs::kV2) continue;
    std::string_view base, method;
    if (!SplitMethod(r.tf.path, &base, &method) || !IsV1Optimizer(base)) continue;
    size_t pos;
    if (method == "minimize") pos = 2;  // minimize(loss, global_step=None, var_list=None, ...)
    else if (method == "compute_gradients") pos = 1;  // compute_gradients(loss, var_list=None, ...)
    else continue;
    TSNode var_list = m.Arg(r.call, pos, "var_list");
    if (!ts_node_is_null(var_list) && ctx.Text(var_list) != "None") continue;
    ctx.Report(r.node, fmt::format("`{}(...)` has no `var_list`, so `tf.{}` differentiates every variable in the "
                                   "TF1 trainable-variables collection; TF2 has no collections: pass the variables "
                                   "(`var_list=model.trainable_variables`), or compute gradients with "
                                   "`tf.GradientTape` and call `optimizer.apply_gradients`",
                                   ctx.Text(r.node), base));
  }
}

}  // namespace tfm

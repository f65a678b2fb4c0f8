#include "analyzer/checks/tfm305_implicit_var_list.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// A TF1 optimizer class: "train.AdamOptimizer", "train.GradientDescentOptimizer", ...
bool IsV1Optimizer(std::string_view base) {
  return base.substr(0, 6) == "train." && base.find('.', 6) == std::string_view::npos && EndsWith(base, "Optimizer");
}

// Does `e` hold a TF1 optimizer: a `tf.train.XOptimizer(...)` made here, a name or `self.<attr>`
// assigned one, a parameter whose default is one, or the result of this file's function
// returning one (`make_optimizer(...)`)?
bool HoldsV1Optimizer(const SemanticModel& m, const DataFlow& df, TSNode e, int depth = 0) {
  if (ts_node_is_null(e) || depth > 6) return false;
  if (const TfName* tf = m.ResolveTfName(e)) {
    std::string_view p = tf->path;
    return tf->ns != TfNs::kV2 && EndsWith(p, "()") && IsV1Optimizer(p.substr(0, p.size() - 2));
  }
  if (ts::Is(e, "call")) {
    TSNode def = df.CalleeDef(e);
    if (ts_node_is_null(def)) return false;
    int scope = df.ScopeOfDef(def);
    for (TSNode r : df.NodesOfType("return_statement"))
      if (ts::Contains(def, r) && m.FunctionScopeAt(ts_node_start_byte(r)) == scope &&
          HoldsV1Optimizer(m, df, ts_node_named_child(r, 0), depth + 1))
        return true;
    return false;
  }
  if (!ts::Is(e, "identifier") && !ts::Is(e, "attribute")) return false;
  for (TSNode v : df.AssignedValues(e))
    if (HoldsV1Optimizer(m, df, v, depth + 1)) return true;
  if (ts::Is(e, "identifier")) {
    const Binding* b = m.Lookup(m.Text(e), ts_node_start_byte(e));
    if (b && b->kind == BindingKind::kParameter) {
      TSNode p = ts::Parent(b->target);
      if (ts::Is(p, "default_parameter") || ts::Is(p, "typed_default_parameter"))
        return HoldsV1Optimizer(m, df, ts::Field(p, "value"), depth + 1);
    }
  }
  return false;
}

// The `var_list` argument leaves the variables to the collection: absent, `None`, or a
// parameter of the enclosing function that defaults to None and is passed on as it is
// (`var_list=var_list` in a training helper whose callers may omit it). `how` says which.
bool LeavesVarListToCollection(const SemanticModel& m, TSNode var_list, std::string* how) {
  if (ts_node_is_null(var_list) || m.Text(var_list) == "None") return true;
  if (!ts::Is(var_list, "identifier")) return false;
  const Binding* b = m.Lookup(m.Text(var_list), ts_node_start_byte(var_list));
  if (!b || b->kind != BindingKind::kParameter) return false;
  TSNode p = ts::Parent(b->target);
  if (!(ts::Is(p, "default_parameter") || ts::Is(p, "typed_default_parameter")) ||
      m.Text(ts::Field(p, "value")) != "None")
    return false;
  // Reassigned anywhere in its function (`if var_list is None: var_list = ...`): not as given.
  for (const Binding& other : m.bindings())
    if (other.scope == b->scope && other.name == b->name && &other != b) return false;
  *how = fmt::format(" for callers that leave the parameter `{}` at its default None", m.Text(var_list));
  return true;
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
    std::string how;
    if (!LeavesVarListToCollection(m, var_list, &how)) continue;
    ctx.Report(r.node, fmt::format("`{}(...)` has no `var_list`{}, so `tf.{}` differentiates every variable in the "
                                   "TF1 trainable-variables collection; TF2 has no collections: pass the variables "
                                   "(`var_list=model.trainable_variables`), or compute gradients with "
                                   "`tf.GradientTape` and call `optimizer.apply_gradients`",
                                   ctx.Text(r.node), how, base));
  }
  // The optimizer held in a name, an attribute or a parameter, or returned by a helper:
  // `self.optimizer.minimize(loss)` with `optimizer=tf.train.RMSPropOptimizer(...)` as the default.
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute") || m.ResolveTfName(fn)) continue;  // resolved calls were handled above
    std::string_view method = ctx.Text(ts::Field(fn, "attribute"));
    size_t pos;
    if (method == "minimize") pos = 2;
    else if (method == "compute_gradients") pos = 1;
    else continue;
    TSNode var_list = m.Arg(call, pos, "var_list");
    std::string how;
    if (!LeavesVarListToCollection(m, var_list, &how)) continue;
    if (!HoldsV1Optimizer(m, df, ts::Field(fn, "object"))) continue;
    ctx.Report(fn, fmt::format("`{}(...)` has no `var_list`{}, so the TF1 optimizer in `{}` differentiates every "
                               "variable in the trainable-variables collection; TF2 has no collections: pass the "
                               "variables (`var_list=model.trainable_variables`), or compute gradients with "
                               "`tf.GradientTape` and call `optimizer.apply_gradients`",
                               ctx.Text(fn), how, ctx.Text(ts::Field(fn, "object"))));
  }
}

}  // namespace tfm

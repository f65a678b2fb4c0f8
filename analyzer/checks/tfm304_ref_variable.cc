#include "analyzer/checks/tfm304_ref_variable.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool IsAssignMethod(std::string_view s) { return s == "assign" || s == "assign_add" || s == "assign_sub"; }



class SameRunCheck {
 public:
  SameRunCheck(PythonContext& ctx) : ctx_(ctx), m_(ctx.model()) {}

  // The variable expression an assignment op writes: `v.assign_add(1)` -> `v`,
  // `tf.assign(v, x)` -> `v`, and through one name (`inc = v.assign_add(1)`).
  TSNode AssignTarget(TSNode n, int depth = 0) const {
    if (depth > 4 || ts_node_is_null(n)) return TSNode{};
    if (ts::Is(n, "identifier")) {
      const Binding* b = m_.Lookup(ctx_.Text(n), ts_node_start_byte(n));
      if (!b || b->kind != BindingKind::kAssign || ts_node_is_null(b->value)) return TSNode{};
      return AssignTarget(b->value, depth + 1);
    }
    if (!ts::Is(n, "call")) return TSNode{};
    TSNode fn = ts::Field(n, "function");
    if (const TfName* tf = m_.ResolveTfName(fn); tf && tf->ns != TfNs::kV2 && IsAssignMethod(tf->path))
      return m_.Arg(n, 0, "ref");  // tf.assign(ref, value)
    if (ts::Is(fn, "attribute") && IsAssignMethod(ctx_.Text(ts::Field(fn, "attribute"))))
      return ts::Field(fn, "object");
    return TSNode{};
  }

  // Is `var` a variable that TF1 graph code creates as a reference variable?
  bool IsRefVariable(TSNode var) const {
    const TfName* tf = m_.ResolveTfName(var);
    if (!tf || tf->ns == TfNs::kV2) return false;
    std::string_view p = tf->path;
    if (p != "Variable()" && p != "get_variable()" && p != "VariableV1()") return false;
    // `use_resource=True` at the creation makes it a resource variable.
    if (ts::Is(var, "identifier")) {
      const Binding* b = m_.Lookup(ctx_.Text(var), ts_node_start_byte(var));
      if (b && ts::Is(b->value, "call")) {
        TSNode ur = m_.KeywordArg(b->value, "use_resource");
        if (!ts_node_is_null(ur) && ctx_.Text(ur) == "True") return false;
      }
    }
    return true;
  }

  // Does a fetch element read `var` (`v`, `v.value()`, `v.read_value()`, `tf.identity(v)`)?
  bool ReadsVar(TSNode e, std::string_view var) const {
    if (ctx_.Text(e) == var) return true;
    if (!ts::Is(e, "call")) return false;
    TSNode fn = ts::Field(e, "function");
    if (ts::Is(fn, "attribute")) {
      std::string_view method = ctx_.Text(ts::Field(fn, "attribute"));
      if ((method == "value" || method == "read_value") && ctx_.Text(ts::Field(fn, "object")) == var) return true;
    }
    const TfName* tf = m_.ResolveTfName(fn);
    if (tf && tf->path == "identity") {
      TSNode a = m_.Arg(e, 0, "input");
      return !ts_node_is_null(a) && ctx_.Text(a) == var;
    }
    return false;
  }

  void Run() {
    // `enable_resource_variables()` / `enable_v2_behavior()` make every variable a resource.
    for (const TfRef& r : m_.refs())
      if (!ts_node_is_null(r.call) && r.tf.ns != TfNs::kV2 &&
          (r.tf.path == "enable_resource_variables" || r.tf.path == "enable_v2_behavior"))
        return;
    for (TSNode call : m_.calls()) {
      TSNode fn = ts::Field(call, "function");
      if (!ts::Is(fn, "attribute") || ctx_.Text(ts::Field(fn, "attribute")) != "run") continue;
      TSNode recv = ts::Field(fn, "object");
      bool session = false;
      if (auto q = m_.Resolve(recv)) {
        auto tf = SplitTfName(*q);
        std::string_view p = tf ? std::string_view(tf->path) : std::string_view();
        if (p.size() > 2 && p.substr(p.size() - 2) == "()") p.remove_suffix(2);
        session = tf && IsSessionClass(p);
      } else {
        session = LooksLikeSession(ctx_.Text(recv));
      }
      if (!session || m_.ContextOf(call) != ExecContext::kGraph) continue;
      TSNode fetch = m_.Arg(call, 0, "fetches");
      if (!ts::Is(fetch, "list") && !ts::Is(fetch, "tuple")) continue;
      auto elems = ts::NamedChildren(fetch);
      bool done = false;
      for (TSNode a : elems) {
        TSNode var = AssignTarget(a);
        if (ts_node_is_null(var) || !IsRefVariable(var)) continue;
        std::string_view vt = ctx_.Text(var);
        for (TSNode r : elems) {
          if (ts::Same(r, a) || !ReadsVar(r, vt)) continue;
          ctx_.Report(fn, fmt::format("`{}` fetches `{}` and the assignment `{}` in one run: nothing orders the "
                                      "read against the update (a TF1 reference variable fetched directly aliases "
                                      "its buffer and shows the updated value); TF2 runs them in program order, so "
                                      "decide whether the read comes before or after the update",
                                      ctx_.Text(fn), ctx_.Text(r), ctx_.Text(a)));
          done = true;
          break;
        }
        if (done) break;
      }
    }
  }

 private:
  PythonContext& ctx_;
  const SemanticModel& m_;
};

}  // namespace

const RuleInfo& RefVariable::info() const {
  static const RuleInfo kInfo{
      .id = "TFM304",
      .name = "ref-variable",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 reference variables; TF2 always uses resource variables",
      .trigger = "`use_resource=False`, `VariableV1`, `disable_resource_variables`, code that relies on reading a "
                 "ref variable while it is being assigned in the same run",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm304() {
  static const RefVariable kRule;
  return kRule;
}

void RefVariable::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (p == "VariableV1" || p == "compat.v1.VariableV1" || p == "Variable.VariableV1") {
      ctx.Report(r.node, fmt::format("`{}` is the TF1 variable class that creates reference variables in graph "
                                     "mode; TensorFlow 2.21 has no such endpoint (AttributeError): use "
                                     "`tf.Variable`, a resource variable",
                                     DisplayName(r)));
      continue;
    }
    if (p == "disable_resource_variables" && !ts_node_is_null(r.call)) {
      ctx.Report(r.node, fmt::format("`{}()` makes graph-mode variables reference variables, whose reads alias the "
                                     "variable's buffer; TF2 always uses resource variables, so remove the call and "
                                     "check code that reads and updates a variable in one step",
                                     DisplayName(r)));
      continue;
    }
    if (ts_node_is_null(r.call)) continue;
    TSNode ur = m.KeywordArg(r.call, "use_resource");
    if (ts_node_is_null(ur) || (ctx.Text(ur) != "False" && ctx.Text(ur) != "0")) continue;
    ctx.Report(ts::Parent(ur), fmt::format("`use_resource={}` on `{}` asks for a TF1 reference variable; "
                                               "eager TF2 ignores it and creates a resource variable (a read is a "
                                               "snapshot, not an alias of the variable's buffer)",
                                               ctx.Text(ur), DisplayName(r)));
  }
  SameRunCheck(ctx).Run();
}

}  // namespace tfm

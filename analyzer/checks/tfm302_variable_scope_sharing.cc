#include "analyzer/checks/tfm302_variable_scope_sharing.h"

#include <fmt/format.h>

#include <map>
#include <vector>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool IsScopeCall(std::string_view p) { return p == "variable_scope"; }

}  // namespace

const RuleInfo& VariableScopeSharing::info() const {
  static const RuleInfo kInfo{"TFM302", "variable-scope-sharing", Severity::kWarning, FixKind::kNone,
                              RuleInput::kPython, "variables shared by name through variable scopes"};
  return kInfo;
}

void VariableScopeSharing::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  std::vector<TSNode> reported;      // calls already reported (AUTO_REUSE inside them is not reported again)
  std::vector<TSNode> reuse_bodies;  // bodies of `with variable_scope(..., reuse=...)`
  std::vector<const TfRef*> get_vars;

  // Is `n` inside a method decorated with track_tf1_style_variables (the sanctioned shim)?
  auto in_shim = [&](TSNode n) {
    for (int s = m.FunctionScopeAt(ts_node_start_byte(n)); s >= 0; s = m.scopes()[s].parent) {
      TSNode def = m.scopes()[s].node;
      TSNode dec = ts_node_parent(def);
      if (!ts::Is(dec, "decorated_definition")) continue;
      for (TSNode d : ts::NamedChildren(dec)) {
        if (!ts::Is(d, "decorator")) continue;
        auto q = m.ResolveTf(ts_node_named_child(d, 0));
        if (q && LastComponent(q->path) == "track_tf1_style_variables") return true;
      }
    }
    return false;
  };

  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (!ts_node_is_null(r.call) && IsScopeCall(p)) {
      TSNode reuse = m.KeywordArg(r.call, "reuse");
      if (ts_node_is_null(reuse)) reuse = m.Arg(r.call, 8, "reuse");  // 9th parameter of variable_scope
      if (ts_node_is_null(reuse) || ctx.Text(reuse) == "None" || ctx.Text(reuse) == "False") continue;
      if (in_shim(r.call)) continue;
      reported.push_back(r.call);
      ctx.Report(r.node, fmt::format("`{}(..., reuse={})` shares variables by name; eager TF2 ignores the "
                                     "reuse flag and `get_variable` creates a new variable on each call: keep the "
                                     "variables on an object (a `tf.Module` or Keras layer) and reuse the object",
                                     DisplayName(r), ctx.Text(reuse)));
      // The with-body is a reusing scope.
      for (TSNode up = ts_node_parent(r.call); !ts_node_is_null(up); up = ts_node_parent(up)) {
        if (ts::Is(up, "with_statement")) {
          reuse_bodies.push_back(ts::Field(up, "body"));
          break;
        }
        auto t = ts::Type(up);
        if (t != "with_item" && t != "with_clause" && t != "as_pattern") break;
      }
      continue;
    }
    if (p == "AUTO_REUSE") {
      bool inside = false;
      for (TSNode c : reported) inside |= ts::Contains(c, r.node);
      if (inside || in_shim(r.node)) continue;
      ctx.Report(r.node, fmt::format("`{}` shares variables by name across calls; eager TF2 creates new "
                                     "variables instead: keep them on an object and reuse the object",
                                     DisplayName(r)));
      continue;
    }
    if (!ts_node_is_null(r.call) && LastComponent(p) == "reuse_variables" &&
        (p == "get_variable_scope().reuse_variables" || p.find("variable_scope().reuse_variables") != std::string::npos)) {
      if (in_shim(r.call)) continue;
      ctx.Report(r.node, fmt::format("`{}()` switches the scope to name-based sharing; eager TF2 does not share "
                                     "variables by name: reuse the object that owns them",
                                     ctx.Text(r.node)));
      continue;
    }
    if (!ts_node_is_null(r.call) && (p == "get_variable" || p == "get_local_variable")) get_vars.push_back(&r);
  }

  // get_variable: inside a reusing scope, or the same literal name requested twice.
  std::map<std::string, int> name_count;
  for (const TfRef* r : get_vars) {
    TSNode name = m.Arg(r->call, 0, "name");
    if (ts::Is(name, "string")) ++name_count[std::string(ctx.Text(name))];
  }
  for (const TfRef* r : get_vars) {
    if (in_shim(r->call)) continue;
    bool in_reuse = false;
    for (TSNode b : reuse_bodies) in_reuse |= ts::Contains(b, r->call);
    TSNode name = m.Arg(r->call, 0, "name");
    bool repeated = ts::Is(name, "string") && name_count[std::string(ctx.Text(name))] > 1;
    if (!in_reuse && !repeated) continue;
    std::string nm = ts_node_is_null(name) ? std::string("?") : std::string(ctx.Text(name));
    ctx.Report(r->node, fmt::format("`{}({}, ...)` {}; eager TF2 does not share by name and returns a new "
                                    "variable each time: create it once on an object and reuse the object",
                                    DisplayName(*r), nm,
                                    in_reuse ? "fetches an existing variable from a reusing variable scope"
                                             : "is requested more than once under the same name to share it"));
  }
}

}  // namespace tfm

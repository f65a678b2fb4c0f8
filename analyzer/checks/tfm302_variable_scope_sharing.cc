#include "analyzer/checks/tfm302_variable_scope_sharing.h"

#include <fmt/format.h>

#include <vector>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool IsScopeCall(std::string_view p) { return p == "variable_scope"; }

}  // namespace

const RuleInfo& VariableScopeSharing::info() const {
  static const RuleInfo kInfo{
      .id = "TFM302",
      .name = "variable-scope-sharing",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "variables shared by name through variable scopes",
      .trigger = "`variable_scope(reuse=…)`, `AUTO_REUSE`, `get_variable` name-based sharing",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm302() {
  static const VariableScopeSharing kRule;
  return kRule;
}

void VariableScopeSharing::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  std::vector<TSNode> reported;      // calls already reported (AUTO_REUSE inside them is not reported again)
  // Byte ranges where variable scopes reuse: bodies of `with variable_scope(..., reuse=...)`,
  // and the rest of the block after `scope.reuse_variables()`.
  std::vector<std::pair<uint32_t, uint32_t>> reuse_ranges;
  std::vector<const TfRef*> get_vars;

  // Is `n` inside a method decorated with track_tf1_style_variables (the sanctioned shim)?
  auto in_shim = [&](TSNode n) {
    for (int s = m.FunctionScopeAt(ts_node_start_byte(n)); s >= 0; s = m.scopes()[s].parent) {
      TSNode def = m.scopes()[s].node;
      TSNode dec = ts::Parent(def);
      if (!ts::Is(dec, "decorated_definition")) continue;
      for (TSNode d : ts::NamedChildren(dec)) {
        if (!ts::Is(d, "decorator")) continue;
        const TfName* q = m.ResolveTfName(ts_node_named_child(d, 0));
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
      for (TSNode up = ts::Parent(r.call); !ts_node_is_null(up); up = ts::Parent(up)) {
        if (ts::Is(up, "with_statement")) {
          TSNode body = ts::Field(up, "body");
          reuse_ranges.emplace_back(ts_node_start_byte(body), ts_node_end_byte(body));
          break;
        }
        auto t = ts::KindOf(up);
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
        p.find("variable_scope().reuse_variables") != std::string::npos) {
      if (in_shim(r.call)) continue;
      ctx.Report(r.node, fmt::format("`{}()` switches the scope to name-based sharing; eager TF2 does not share "
                                     "variables by name: reuse the object that owns them",
                                     ctx.Text(r.node)));
      // The rest of the enclosing block reuses.
      TSNode stmt = r.call;
      while (!ts_node_is_null(stmt) && !ts::Is(ts::Parent(stmt), "block") &&
             !ts::Is(ts::Parent(stmt), "module"))
        stmt = ts::Parent(stmt);
      if (!ts_node_is_null(stmt))
        reuse_ranges.emplace_back(ts_node_end_byte(r.call), ts_node_end_byte(ts::Parent(stmt)));
      continue;
    }
    if (!ts_node_is_null(r.call) && (p == "get_variable" || p == "get_local_variable")) get_vars.push_back(&r);
  }

  // get_variable inside a reusing region, or in a function of this file that is called
  // from one (`def tower(): get_variable("w")` called under `variable_scope(..., reuse=True)`).
  auto in_reuse = [&](uint32_t b) {
    for (auto& [lo, hi] : reuse_ranges)
      if (lo <= b && b < hi) return true;
    return false;
  };
  std::vector<std::pair<TSNode, uint32_t>> reused_defs;  // function definition, line of the call
  for (TSNode call : m.calls()) {
    if (!in_reuse(ts_node_start_byte(call))) continue;
    TSNode def = m.DefinitionOf(ts::Field(call, "function"));
    if (!ts_node_is_null(def)) reused_defs.emplace_back(def, ctx.source().PositionOf(ts_node_start_byte(call)).line);
  }
  for (const TfRef* r : get_vars) {
    if (in_shim(r->call)) continue;
    uint32_t called_from = 0;
    bool direct = in_reuse(ts_node_start_byte(r->call));
    if (!direct) {
      for (auto& [def, line] : reused_defs)
        if (ts::Contains(def, r->call)) {
          called_from = line;
          break;
        }
      if (called_from == 0) continue;
    }
    TSNode name = m.Arg(r->call, 0, "name");
    std::string nm = ts_node_is_null(name) ? std::string("...") : std::string(ctx.Text(name));
    std::string how = direct ? std::string("fetches an existing variable by name in a reusing variable scope")
                             : fmt::format("runs in a reusing variable scope (called on line {}) and fetches an "
                                           "existing variable by name",
                                           called_from);
    ctx.Report(r->node, fmt::format("`{}({}, ...)` {}; eager TF2 does not share by name and returns a new "
                                    "variable each time: create it once on an object and reuse the object",
                                    DisplayName(*r), nm, how));
  }
}

}  // namespace tfm

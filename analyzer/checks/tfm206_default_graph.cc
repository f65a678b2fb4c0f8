#include "analyzer/checks/tfm206_default_graph.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }


// A path (below tensorflow) that denotes the default graph or a session's graph:
// "get_default_graph()", "Session().graph", "get_default_graph().as_default()".
bool IsDefaultGraph(std::string_view p) {
  if (StartsWith(p, "get_default_graph()")) return true;
  auto g = p.find("().graph");
  if (g != std::string_view::npos && (g + 8 == p.size() || p[g + 8] == '.')) return IsSessionClass(p.substr(0, g));
  return false;
}

// Any TF graph object: the default one, a session's, or an explicit `tf.Graph()`.
bool IsGraph(std::string_view p) { return IsDefaultGraph(p) || StartsWith(p, "Graph()"); }

}  // namespace

const RuleInfo& DefaultGraph::info() const {
  static const RuleInfo kInfo{
      .id = "TFM206",
      .name = "default-graph",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "global default graph access; TF2 has no global graph",
      .trigger = "`get_default_graph`, `reset_default_graph`, `Graph.finalize`, `as_graph_def` — there is no global "
                 "graph in eager",
      .impact = Impact::kGraphSession,
  };
  return kInfo;
}

const Rule& rules::Tfm206() {
  static const DefaultGraph kRule;
  return kRule;
}

namespace {

// Is `cond` `tf.executing_eagerly()` (`negated`: `not tf.executing_eagerly()`)?
bool IsEagerCheck(const SemanticModel& m, TSNode cond, bool negated) {
  while (ts::Is(cond, "parenthesized_expression")) cond = ts_node_named_child(cond, 0);
  if (ts::Is(cond, "not_operator")) return IsEagerCheck(m, ts::Field(cond, "argument"), !negated);
  if (negated || !ts::Is(cond, "call")) return false;
  const TfName* tf = m.ResolveTfName(ts::Field(cond, "function"));
  return tf && tf->path == "executing_eagerly";
}

// Does `n` run only where TF1-style graph building is current: the branch of an
// `executing_eagerly()` test taken when it is false (`None if tf.executing_eagerly() else
// tf.get_default_graph()`, `if not tf.executing_eagerly(): ...`)? The code was written
// for both behaviors.
bool OnlyWhenNotEager(const SemanticModel& m, TSNode n) {
  for (TSNode child = n, up = ts::Parent(n); !ts_node_is_null(up); child = up, up = ts::Parent(up)) {
    if (ts::Is(up, "function_definition") || ts::Is(up, "lambda")) return false;
    if (ts::Is(up, "conditional_expression") && ts_node_named_child_count(up) == 3) {
      TSNode cond = ts_node_named_child(up, 1);
      if (ts::Same(child, ts_node_named_child(up, 2)) && IsEagerCheck(m, cond, false)) return true;
      if (ts::Same(child, ts_node_named_child(up, 0)) && IsEagerCheck(m, cond, true)) return true;
    }
    if (ts::Is(up, "if_statement")) {
      TSNode cond = ts::Field(up, "condition");
      if (ts::Same(child, ts::Field(up, "consequence")) && IsEagerCheck(m, cond, true)) return true;
      if (ts::Is(child, "else_clause") && IsEagerCheck(m, cond, false)) return true;
    }
  }
  return false;
}

}  // namespace

void DefaultGraph::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (p == "get_default_graph" && !ts_node_is_null(r.call)) {
      // `tf.get_default_graph().finalize()` is reported once, at the method.
      TSNode up = ts::Parent(r.call);
      if (ts::Is(up, "attribute") && ts::Is(ts::Parent(up), "call")) {
        std::string_view method = ctx.Text(ts::Field(up, "attribute"));
        if (method == "finalize" || method == "as_graph_def") continue;
      }
      if (OnlyWhenNotEager(m, r.call)) continue;
      ctx.Report(r.node, fmt::format("`{}` returns the global graph that TF1 code builds into; TF2 executes "
                                     "eagerly and its graphs belong to `tf.function`s (`f.get_concrete_function()"
                                     ".graph`)",
                                     DisplayName(r)));
      continue;
    }
    if (p == "reset_default_graph" && !ts_node_is_null(r.call)) {
      ctx.Report(r.node, fmt::format("`{}` clears the global graph; TF2 has none to reset (to drop Keras state "
                                     "use `tf.keras.backend.clear_session()`)",
                                     DisplayName(r)));
      continue;
    }
    if (ts_node_is_null(r.call)) continue;
    std::string_view method = LastComponent(p);
    if (method.size() == p.size()) continue;
    std::string_view object = std::string_view(p).substr(0, p.size() - method.size() - 1);
    if (method == "finalize" && IsGraph(object)) {
      ctx.Report(r.node, fmt::format("`{}()` freezes a TF1 graph so no op can be added during session runs; "
                                     "in TF2 eager code and `tf.function`s there is no shared graph to protect",
                                     ctx.Text(r.node)));
    } else if (method == "as_graph_def" && IsDefaultGraph(object)) {
      ctx.Report(r.node, fmt::format("`{}()` serializes the global graph; in TF2 the graph of a computation is "
                                     "`f.get_concrete_function(...).graph.as_graph_def()` of a `tf.function`, "
                                     "or export a SavedModel",
                                     ctx.Text(r.node)));
    }
  }
}

}  // namespace tfm

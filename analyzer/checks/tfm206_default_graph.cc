#include "analyzer/checks/tfm206_default_graph.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/dataflow.h"
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
  // `t.graph` of a tensor, variable or op: eager tensors have none (AttributeError). The
  // object is known as a tensor, or its `.graph` is used as a graph right away or through
  // the name it is stored in (`x.graph.get_collection(...)`, `self.graph = t.graph` then
  // `self.graph.as_default()`).
  const DataFlow& df = DataFlow::Of(m);
  auto graph_method = [&](TSNode recv_use) {
    TSNode up = ts::Parent(recv_use);
    if (!ts::Is(up, "attribute") || !ts::Same(ts::Field(up, "object"), recv_use)) return false;
    std::string_view a = ctx.Text(ts::Field(up, "attribute"));
    return a == "as_default" || a == "get_collection" || a == "get_collection_ref" || a == "add_to_collection" ||
           a == "get_tensor_by_name" || a == "get_operation_by_name" || a == "get_operations" ||
           a == "finalize" || a == "as_graph_def" || a == "control_dependencies" || a == "name_scope";
  };
  for (TSNode n : m.AttributesNamed("graph")) {
    TSNode obj = ts::Field(n, "object");
    if (m.ResolveTfName(obj) || df.IsSession(obj)) continue;  // modules; a session's graph is TFM201's
    if (ts::Is(obj, "identifier") && m.Text(obj) == "self") continue;
    // a concrete function's graph (`f.get_concrete_function(...).graph`) is TF2's own
    auto concrete = [&](TSNode e) {
      TSNode fn = ts::Is(e, "call") ? ts::Field(e, "function") : TSNode{};
      return ts::Is(fn, "attribute") && ctx.Text(ts::Field(fn, "attribute")) == "get_concrete_function";
    };
    bool skip = concrete(obj);
    for (TSNode v : df.AssignedValues(obj)) skip |= concrete(v);
    if (skip || ts::Is(obj, "call")) {
      if (skip || !df.IsTensor(obj)) continue;
    }
    TSNode up = ts::Parent(n);
    if (ts::Is(up, "assignment") && ts::Same(ts::Field(up, "left"), n)) continue;
    if (OnlyWhenNotEager(m, n)) continue;
    bool used_as_graph = graph_method(n);
    if (!used_as_graph && ts::Is(up, "assignment") && ts::Same(ts::Field(up, "right"), n)) {
      TSNode target = ts::Field(up, "left");
      bool attr = ts::Is(target, "attribute") && m.Text(ts::Field(target, "object")) == "self";
      if (ts::Is(target, "identifier") || attr) {
        std::string_view t = m.Text(target);
        int cls = m.ClassOf(m.FunctionScopeAt(ts_node_start_byte(n)));
        int fn = m.FunctionScopeAt(ts_node_start_byte(n));
        for (TSNode use : attr ? m.AttributesNamed(m.Text(ts::Field(target, "attribute")))
                               : std::vector<TSNode>{}) {
          if (used_as_graph) break;
          if (m.Text(use) == t && m.ClassOf(m.FunctionScopeAt(ts_node_start_byte(use))) == cls) used_as_graph = graph_method(use);
        }
        if (!attr)
          for (TSNode use : m.NodesOfType("identifier")) {
            if (used_as_graph) break;
            if (m.Text(use) != t || m.FunctionScopeAt(ts_node_start_byte(use)) != fn ||
                ts_node_start_byte(use) <= ts_node_start_byte(n))
              continue;
            used_as_graph = graph_method(use);
          }
      }
    }
    if (!used_as_graph && !df.IsTensor(obj)) continue;
    ctx.Report(n, fmt::format("`{}` is the graph a tensor was built in; eager tensors have no graph "
                              "(AttributeError), and a `tf.function`'s graph is private to it",
                              ctx.Text(n)));
  }
}

}  // namespace tfm

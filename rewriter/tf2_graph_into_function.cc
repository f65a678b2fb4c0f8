// A module-level graph moved into the one function that opens the session: see
// tf2_graph_into_function.h.
#include "rewriter/tf2_graph_into_function.h"

#include <fmt/format.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

bool IsSessionName(const string& q) {
  return q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
}

// A TensorFlow call that configures the program rather than building the graph (it stays
// at module level): flags, logging, app, seeds, behavior switches.
bool ConfiguresProgram(const string& q) {
  for (std::string_view k : {".app.", ".flags.", ".logging.", "get_logger", "set_random_seed", "random.set_seed",
                             "disable_v2_behavior", "disable_eager_execution", ".config."})
    if (q.find(k) != string::npos) return true;
  return false;
}

}  // namespace

IdiomEdits PlanGraphIntoSessionFunction(const ParsedFile& file, const SemanticModel& m) {
  IdiomEdits out;
  const std::string_view src = file.source.text;
  auto text = [&](TSNode n) { return string(ts::Text(n, src)); };
  const std::vector<TSNode> module = ts::NamedChildren(file.Root());
  // the one module-level function that opens sessions
  TSNode fn{};
  for (TSNode c : m.calls()) {
    if (!IsSessionName(ResolvedName(m, ts::Field(c, "function")))) continue;
    TSNode top{};
    for (TSNode st : module)
      if (ts::Contains(st, c)) top = st;
    if (!ts::Is(top, "function_definition") || (fn.id && !ts::Same(fn, top))) return out;
    fn = top;
  }
  if (!fn.id) return out;
  const string fn_name = text(ts::Field(fn, "name"));
  // the module's statements: the graph's (moved), the program's configuration and Python (kept)
  std::vector<TSNode> graph;
  std::set<string> graph_names;
  auto refers_to_graph = [&](TSNode n) {
    bool found = false;
    ValueIdentifiers(n, [&](TSNode id) { found |= graph_names.count(text(id)) > 0; });
    return found;
  };
  // does `n` build the graph: a TensorFlow reference that is not a configuring call's
  auto builds = [&](TSNode n) {
    bool tf = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (tf) return false;
          if (ts::Is(c, "call") && ConfiguresProgram(ResolvedName(m, ts::Field(c, "function")))) return false;
          if (ts::Is(c, "identifier") || ts::Is(c, "attribute")) {
            const string q = ResolvedName(m, c);
            // (a TensorFlow name is judged whole: `tf.compat.v1.app.flags.FLAGS` configures,
            // though its prefix `tf.compat.v1.app` alone would not say so)
            if (q.rfind("tensorflow", 0) == 0) {
              tf = !ConfiguresProgram(q);
              return false;
            }
            return ts::Is(c, "attribute");
          }
          return true;
        },
        [](TSNode) {});
    return tf;
  };
  TSNode call_stmt{};  // the statement that calls the function (or tf.app.run)
  std::vector<TSNode> kept_after;  // statements kept after the first graph statement
  for (TSNode st : module) {
    if (ts::Same(st, fn)) continue;
    const bool simple = ts::Is(st, "expression_statement");
    const bool is_def = ts::Is(st, "function_definition") || ts::Is(st, "class_definition") ||
                        ts::Is(st, "decorated_definition");
    if (ts::Is(st, "import_statement") || ts::Is(st, "import_from_statement") || ts::Is(st, "comment") ||
        ts::Is(st, "future_import_statement"))
      continue;
    // the call of the function: `main()`, `tf.compat.v1.app.run()`, under `if __name__ == ...:` or not
    bool calls_fn = false;
    ValueIdentifiers(st, [&](TSNode id) { calls_fn |= !is_def && text(id) == fn_name; });
    for (TSNode c : m.calls())
      if (ts::Contains(st, c) && ResolvedName(m, ts::Field(c, "function")).find("app.run") != string::npos)
        calls_fn = true;
    if (calls_fn) {
      if (!call_stmt.id) call_stmt = st;
      continue;
    }
    if (is_def) continue;  // (checked below, once every graph name is known)
    const bool is_graph = builds(st) || refers_to_graph(st);
    if (!is_graph) {
      if (!graph.empty()) kept_after.push_back(st);
      continue;
    }
    if (!simple || call_stmt.id || !AloneOnLines(src, st)) return out;
    TSNode e = ts_node_named_child(st, 0);
    // (a print, or any call for its effect, would print at another time)
    if (!ts::Is(e, "assignment") && !ts::Is(e, "augmented_assignment")) return out;
    graph.push_back(st);
    TargetNames(ts::Field(e, "left"), [&](TSNode n) { graph_names.insert(text(n)); });
  }
  if (graph.empty() || !call_stmt.id) return out;
  // no other function or class reads a graph name (one defined before the graph too)
  for (TSNode st : module)
    if (!ts::Same(st, fn) && (ts::Is(st, "function_definition") || ts::Is(st, "class_definition") ||
                              ts::Is(st, "decorated_definition")) &&
        refers_to_graph(st))
      return out;
  // nothing kept after the first graph statement reads the graph, runs for its effect or binds
  // a name a graph statement reads
  std::set<string> read_by_graph;
  for (TSNode st : graph) ValueIdentifiers(st, [&](TSNode id) { read_by_graph.insert(text(id)); });
  for (TSNode st : kept_after) {
    if (ts::Is(st, "function_definition") || ts::Is(st, "class_definition")) continue;
    if (refers_to_graph(st)) return out;
    TSNode e = ts::Is(st, "expression_statement") ? ts_node_named_child(st, 0) : TSNode{};
    if (!ts::Is(e, "assignment")) {
      // (a configuring call, a docstring)
      bool configures = ts::Is(e, "string");
      if (ts::Is(e, "call")) configures = ConfiguresProgram(ResolvedName(m, ts::Field(e, "function")));
      if (!configures) return out;
      continue;
    }
    bool rebinds = false;
    TargetNames(ts::Field(e, "left"), [&](TSNode n) { rebinds |= read_by_graph.count(text(n)) > 0; });
    if (rebinds) return out;
  }
  // the function binds no graph name (its parameters, assignments, globals)
  bool binds = false;
  for (TSNode p : ts::NamedChildren(ts::Field(fn, "parameters"))) {
    TSNode n = ts::Is(p, "default_parameter") || ts::Is(p, "typed_default_parameter") ? ts::Field(p, "name") : p;
    binds |= graph_names.count(text(n)) > 0;
  }
  ts::Walk(
      ts::Field(fn, "body"),
      [&](TSNode c, const char*) {
        TargetNames(BindingTarget(c, true), [&](TSNode n) { binds |= graph_names.count(text(n)) > 0; });
        if (ts::Is(c, "global_statement")) binds = true;
        return true;
      },
      [](TSNode) {});
  if (binds) return out;
  // the moved statements (with their comments) at the top of the function's body, after its docstring
  std::vector<TSNode> body = ts::NamedChildren(ts::Field(fn, "body"));
  TSNode first{};
  for (TSNode s : body)
    if (!ts::Is(s, "comment") && !first.id) first = s;
  if (!first.id) return out;
  const uint32_t indent = ts_node_start_point(first).column;
  TSNode e0 = ts::Is(first, "expression_statement") ? ts_node_named_child(first, 0) : TSNode{};
  // (after a docstring; else before the first statement's comments)
  const uint32_t at = ts::Is(e0, "string") ? LineEndAt(src, ts_node_end_byte(first)) : StatementComments(src, first).first;
  string moved;
  for (TSNode st : graph) {
    auto [from, comments] = StatementComments(src, st);
    const uint32_t to = LineEndAt(src, ts_node_end_byte(st));
    string lines = comments + string(src.substr(ts_node_start_byte(st), to - ts_node_start_byte(st)));
    if (lines.empty() || lines.back() != '\n') lines += '\n';
    // each line indented by the function body's indentation
    size_t i = 0;
    while (i < lines.size()) {
      size_t eol = lines.find('\n', i);
      string_view line = string_view(lines).substr(i, eol - i);
      if (!line.empty()) moved += string(indent, ' ');
      moved += string(line) + "\n";
      i = eol + 1;
    }
    out.edits.emplace_back(from, to, "");
    out.lines.emplace_back(ts_node_start_point(st).row + 1, ts_node_end_point(st).row + 1);
  }
  out.edits.emplace_back(at, at, moved);
  out.notes.push_back(fmt::format("lines {}-{}: the graph the module built at import time is built when `{}` starts "
                                  "(the same ops in the same order, before any run), its statements moved there",
                                  ts_node_start_point(graph.front()).row + 1, ts_node_end_point(graph.back()).row + 1,
                                  fn_name));
  return out;
}

}  // namespace tfm

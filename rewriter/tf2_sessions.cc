#include "rewriter/tf2_sessions.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

bool StartsWith(string_view s, string_view p) { return s.substr(0, p.size()) == p; }

bool IsSession(string_view q) {
  return q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
}

// Calls that see the whole default graph (every part of it): a later part calling one
// would see the earlier parts' variables, names or collections.
bool SeesWholeGraph(string_view q) {
  if (!StartsWith(q, "tensorflow")) return false;
  string_view last = q.substr(q.rfind('.') + 1);
  for (string_view bad : {"global_variables", "trainable_variables", "all_variables", "local_variables",
                          "model_variables", "get_collection", "get_collection_ref", "get_default_graph",
                          "merge_all", "Saver", "get_variable", "variable_scope", "get_global_step",
                          "get_or_create_global_step", "report_uninitialized_variables",
                          "assert_variables_initialized", "add_to_collection", "import_meta_graph"})
    if (last == bad) return true;
  return false;
}

class Parts {
 public:
  Parts(const ParsedFile& file, const SemanticModel& m) : file_(file), m_(m), src_(file.source.text) {}

  std::vector<size_t> Find() {
    stmts_ = ts::NamedChildren(file_.Root());
    const size_t n = stmts_.size();
    // the sessions: module-level statements that open one (`with ...Session() as s:`,
    // `s = ...Session()`); a session anywhere else, or a reset of the default graph
    // (parts of their own already), and there is no split
    struct Sess {
      size_t at;
      string name;
      size_t last;  // the last statement naming it
    };
    std::vector<Sess> sessions;
    for (TSNode c : m_.calls()) {
      string q = Resolved(ts::Field(c, "function"));
      if (q == "tensorflow.compat.v1.reset_default_graph" || q == "tensorflow.reset_default_graph" ||
          q == "tensorflow.python.framework.ops.reset_default_graph")
        return {};
      if (!IsSession(q)) continue;
      size_t at = n;
      for (size_t i = 0; i < n && at == n; ++i)
        if (ts::Contains(stmts_[i], c)) at = i;
      if (at == n) return {};
      TSNode st = stmts_[at];
      string name;
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (ts::Is(st, "expression_statement") && ts::Is(a, "assignment") && ts::Same(ts::Field(a, "right"), c) &&
          ts::Is(ts::Field(a, "left"), "identifier")) {
        name = string(Text(ts::Field(a, "left")));
      } else if (ts::Is(st, "with_statement")) {
        TSNode clause = ts_node_named_child(st, 0);
        for (TSNode item : ts::NamedChildren(clause)) {
          TSNode v = ts::Field(item, "value");
          if (!ts::Is(v, "as_pattern") || !ts::Same(ts_node_named_child(v, 0), c)) continue;
          TSNode alias = ts::Field(v, "alias");
          alias = alias.id ? ts_node_named_child(alias, 0) : TSNode{};
          if (ts::Is(alias, "identifier")) name = string(Text(alias));
        }
      }
      if (name.empty()) return {};  // a session of another shape: the conversion says why
      sessions.push_back({at, name, at});
    }
    if (sessions.size() < 2) return {};
    std::sort(sessions.begin(), sessions.end(), [](const Sess& x, const Sess& y) { return x.at < y.at; });
    for (size_t k = 0; k < sessions.size(); ++k) {
      Sess& s = sessions[k];
      for (size_t j = s.at + 1; j < n; ++j) {
        // up to the next session bound to the same name
        bool rebinds = false;
        for (size_t l = k + 1; l < sessions.size(); ++l) rebinds |= sessions[l].at == j && sessions[l].name == s.name;
        if (rebinds) break;
        bool named = false;
        Walk(stmts_[j], [&](TSNode id, bool bound) { named |= !bound && Text(id) == s.name; });
        if (named) s.last = j;
      }
    }
    // names bound before each statement by statements that build or run the graph
    std::vector<std::set<string>> graph_before(n + 1);
    {
      std::set<string> g;
      for (size_t i = 0; i < n; ++i) {
        graph_before[i] = g;
        TSNode st = stmts_[i];
        if (ts::Is(st, "import_statement") || ts::Is(st, "import_from_statement") ||
            ts::Is(st, "future_import_statement"))
          continue;
        bool related = RefersToTf(st);
        Walk(st, [&](TSNode id, bool bound) { related |= !bound && g.count(string(Text(id))); });
        if (related) Walk(st, [&](TSNode id, bool bound) {
            if (bound) g.insert(string(Text(id)));
          });
      }
      graph_before[n] = g;
    }
    std::vector<size_t> bounds;
    size_t end = sessions[0].last;  // the last statement of the current group of sessions
    for (size_t k = 1; k < sessions.size(); ++k) {
      const Sess& s = sessions[k];
      if (s.at <= end) {  // opened while the one before is still used: the same part
        end = std::max(end, s.last);
        continue;
      }
      // the part starts after the last statement that still names an earlier object
      size_t j = end + 1;
      std::set<string> rebound;
      for (size_t i = end + 1; i < s.at; ++i) {
        bool old = false;
        Walk(stmts_[i], [&](TSNode id, bool bound) {
          string name(Text(id));
          if (bound) rebound.insert(name);
          else old |= graph_before[end + 1].count(name) && !rebound.count(name);
        });
        if (old) j = i + 1;
      }
      if (Independent(j, graph_before[j])) bounds.push_back(n - j);
      end = std::max(end, s.last);
    }
    return bounds;
  }

 private:
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const {
    auto q = m_.Resolve(n);
    return q ? *q : string();
  }
  bool RefersToTf(TSNode n) const {
    bool tf = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (tf) return false;
          if (ts::Is(c, "identifier") || ts::Is(c, "attribute")) {
            tf = StartsWith(Resolved(c), "tensorflow");
            return !tf && ts::Is(c, "attribute");
          }
          return true;
        },
        [](TSNode) {});
    return tf;
  }
  // The identifiers under `n` in the order Python evaluates them (an assignment's value
  // before its targets), each with whether it is bound there (a target, a `for` or
  // comprehension variable, an `as` name, a parameter, a definition's name) or read.
  // Attribute and keyword names are not identifiers of the script's names.
  template <typename F>
  void Walk(TSNode n, F&& f) const {
    if (!n.id) return;
    if (ts::Is(n, "identifier")) {
      f(n, false);
      return;
    }
    auto bind = [&](TSNode target) {
      if (ts::Is(target, "identifier")) {
        f(target, true);
      } else if (ts::Is(target, "pattern_list") || ts::Is(target, "tuple_pattern") ||
                 ts::Is(target, "list_pattern")) {
        for (TSNode t : ts::NamedChildren(target)) {
          if (ts::Is(t, "identifier")) f(t, true);
          else Walk(t, f);
        }
      } else {
        Walk(target, f);  // `x[i] = ...`, `o.a = ...`: reads x, o
      }
    };
    if (ts::Is(n, "assignment")) {
      Walk(ts::Field(n, "right"), f);
      Walk(ts::Field(n, "type"), f);
      bind(ts::Field(n, "left"));
      return;
    }
    if (ts::Is(n, "augmented_assignment")) {
      Walk(ts::Field(n, "right"), f);
      Walk(ts::Field(n, "left"), f);
      bind(ts::Field(n, "left"));
      return;
    }
    if (ts::Is(n, "for_statement") || ts::Is(n, "for_in_clause")) {
      Walk(ts::Field(n, "right"), f);
      bind(ts::Field(n, "left"));
      for (TSNode c : ts::NamedChildren(n))
        if (!ts::Same(c, ts::Field(n, "left")) && !ts::Same(c, ts::Field(n, "right"))) Walk(c, f);
      return;
    }
    if (ts::Is(n, "as_pattern")) {
      Walk(ts_node_named_child(n, 0), f);
      TSNode alias = ts::Field(n, "alias");
      if (alias.id) bind(ts_node_named_child(alias, 0));
      return;
    }
    if (ts::Is(n, "attribute")) {
      Walk(ts::Field(n, "object"), f);
      return;
    }
    if (ts::Is(n, "keyword_argument")) {
      Walk(ts::Field(n, "value"), f);
      return;
    }
    if (ts::Is(n, "function_definition") || ts::Is(n, "class_definition")) {
      f(ts::Field(n, "name"), true);
      ts::Walk(
          ts::Field(n, "parameters"),
          [&](TSNode c, const char*) {
            if (ts::Is(c, "identifier")) f(c, true);
            return !ts::Is(c, "identifier");
          },
          [](TSNode) {});
      Walk(ts::Field(n, "superclasses"), f);
      Walk(ts::Field(n, "body"), f);
      return;
    }
    if (ts::Is(n, "lambda")) {
      ts::Walk(
          ts::Field(n, "parameters"),
          [&](TSNode c, const char*) {
            if (ts::Is(c, "identifier")) f(c, true);
            return !ts::Is(c, "identifier");
          },
          [](TSNode) {});
      Walk(ts::Field(n, "body"), f);
      return;
    }
    for (TSNode c : ts::NamedChildren(n)) Walk(c, f);
  }
  // Whether the statements from `j` on are a program of their own, after the graph
  // objects `earlier` the statements before `j` bound: they read none of those names
  // before binding it again, call nothing that sees the whole default graph, and ask
  // no graph object its name or graph (TF1 gives later parts' names a suffix).
  bool Independent(size_t j, const std::set<string>& earlier) const {
    std::set<string> rebound;
    for (size_t i = j; i < stmts_.size(); ++i) {
      bool bad = false;
      Walk(stmts_[i], [&](TSNode id, bool bound) {
        string name(Text(id));
        if (bound) rebound.insert(name);
        else if (earlier.count(name) && !rebound.count(name)) bad = true;
      });
      if (bad) return false;
      ts::Walk(
          stmts_[i],
          [&](TSNode c, const char*) {
            if (bad) return false;
            if (ts::Is(c, "call") && SeesWholeGraph(Resolved(ts::Field(c, "function")))) bad = true;
            if (ts::Is(c, "attribute")) {
              string_view a = Text(ts::Field(c, "attribute"));
              if ((a == "name" || a == "graph" || a == "op") && !StartsWith(Resolved(ts::Field(c, "object")), "os"))
                bad = true;
            }
            return !bad;
          },
          [](TSNode) {});
      if (bad) return false;
    }
    return true;
  }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  std::vector<TSNode> stmts_;
};

}  // namespace

std::vector<size_t> SessionParts(const ParsedFile& file, const SemanticModel& m) { return Parts(file, m).Find(); }

}  // namespace tfm

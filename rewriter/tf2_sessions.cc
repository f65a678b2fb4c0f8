#include "rewriter/tf2_sessions.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <string_view>

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"
#include "rewriter/tf2_text.h"
#include "rewriter/tf2_variable_scopes.h"

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

// A value a variable starts from that is the same each time it is computed: literals and
// TensorFlow's constant makers and dtypes, nothing random or read from elsewhere.
bool PlainValue(TSNode value, const SemanticModel& m) {
  bool ok = true;
  ts::Walk(
      value,
      [&](TSNode c, const char*) {
        if (!ok) return false;
        if (ts::Is(c, "identifier") || ts::Is(c, "attribute")) {
          TSNode p = ts::Parent(c);
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c)) return false;
          auto r = m.Resolve(c);
          string q = r ? *r : string();
          if (ts::Is(c, "identifier") && (q.empty() || q.back() == ')')) {  // (an object a call made)
            // `init(shape=[1], dtype=tf.float32)` of `init = tf.constant_initializer(value=1)`, the
            // module-level statement that last bound it before: a plain value too
            TSNode bound{};
            for (TSNode st : ts::NamedChildren(m.file().Root())) {
              if (ts_node_start_byte(st) >= ts_node_start_byte(c)) break;
              std::vector<TSNode> sts{st};
              if (ts::Is(st, "with_statement") && ts::Field(st, "body").id) sts = ts::NamedChildren(ts::Field(st, "body"));
              for (TSNode s2 : sts) {
                TSNode a = ts_node_named_child_count(s2) == 1 ? ts_node_named_child(s2, 0) : TSNode{};
                if (ts::Is(s2, "expression_statement") && ts::Is(a, "assignment") &&
                    m.Text(ts::Field(a, "left")) == m.Text(c) && ts_node_start_byte(s2) < ts_node_start_byte(c))
                  bound = ts::Field(a, "right");
              }
            }
            auto bq = ts::Is(bound, "call") ? m.Resolve(ts::Field(bound, "function")) : std::nullopt;
            string_view bl = bq ? string_view(*bq).substr(bq->rfind('.') + 1) : string_view();
            ok = (bl == "constant_initializer" || bl == "zeros_initializer" || bl == "ones_initializer") &&
                 StartsWith(*bq, "tensorflow") && PlainValue(ts::Field(bound, "arguments"), m);
            return false;
          }
          string_view last = string_view(q).substr(q.rfind('.') + 1);
          bool constant = last == "constant" || last == "zeros" || last == "ones" || last == "fill" ||
                          last == "float32" || last == "float64" || last == "int32" || last == "int64" ||
                          last == "bool" || last == "float16" || last == "string" ||
                          last == "constant_initializer" || last == "zeros_initializer" || last == "ones_initializer";
          ok = StartsWith(q, "tensorflow") && constant;
          return false;
        }
        return true;
      },
      [](TSNode) {});
  return ok;
}

bool IsGlobalInit(string_view q) {
  return q == "tensorflow.compat.v1.global_variables_initializer" || q == "tensorflow.compat.v1.initialize_all_variables";
}

class Parts {
 public:
  // `check_resets`: whether a later part's global-initializer run must find the earlier
  // parts' variables as TF1 resets them (ResetsKept); Reinit looks for the parts to write that
  Parts(const ParsedFile& file, const SemanticModel& m, bool check_resets = true)
      : check_resets(check_resets), file_(file), m_(m), src_(file.source.text) {}
  const bool check_resets;

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
      if (Independent(j, graph_before[j], why.empty()) && (!check_resets || ResetsKept(j, why.empty())))
        bounds.push_back(n - j);
      end = std::max(end, s.last);
    }
    return bounds;
  }

 private:
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  bool RefersToTf(TSNode n) const { return tfm::RefersToTf(m_, n); }
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
  // A run of the global initializer from statement `j` on initializes, in its TF1 session,
  // the variables of the statements before `j` too, and the TF1 session then holds them:
  // TF2's variables agree when each starts from a plain value (a random one is drawn
  // again), none is trained by an optimizer (its slots are reset too) or made by
  // get_variable or a layer, and each an `assign` changed before `j` is assigned again
  // from `j` on (what SessionCopies writes after the run).
  bool ResetsKept(size_t j, bool say_why) {
    bool runs_init = false;
    for (TSNode c : m_.calls()) {
      if (ts_node_start_byte(c) < ts_node_start_byte(stmts_[j])) continue;
      runs_init |= IsGlobalInit(Resolved(ts::Field(c, "function")));
    }
    if (!runs_init) return true;
    auto because = [&](TSNode at, string reason) {
      if (!say_why) return false;
      why = fmt::format("a later session runs the global initializer, which resets {}", reason);
      why_line = ts_node_start_point(at).row + 1;
      return false;
    };
    std::set<string> reassigned;
    for (size_t i = j; i < stmts_.size(); ++i)
      Walk(stmts_[i], [&](TSNode id, bool bound) {
        if (!bound && Reassigned(id)) reassigned.insert(string(Text(id)));
      });
    for (TSNode c : m_.calls()) {
      if (ts_node_end_byte(c) > ts_node_start_byte(stmts_[j])) continue;
      TSNode fn = ts::Field(c, "function");
      string q = Resolved(fn);
      if (StartsWith(q, "tensorflow") &&
          (q.find("get_variable") != string::npos || q.find(".layers.") != string::npos ||
           q.find("Optimizer") != string::npos || q.find("minimize") != string::npos ||
           q.find("apply_gradients") != string::npos || q.find("keras") != string::npos))
        return because(c, fmt::format("the state `{}` made before it", Text(fn)));
      if (q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable") {
        std::vector<TSNode> args = ts::NamedChildren(ts::Field(c, "arguments"));
        TSNode init = args.empty() ? TSNode{} : args[0];
        if (ts::Is(init, "keyword_argument")) init = m_.KeywordArg(c, "initial_value");
        if (!init.id || !PlainValue(init, m_))
          return because(c, "an earlier part's variable that starts from a random or computed value (TF1 computes "
                            "it again)");
      }
      // `v.assign(...)` (assign_add, assign_sub) of a variable before `j`
      TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
      if (ts::Is(obj, "identifier") && Text(ts::Field(fn, "attribute")).substr(0, 6) == "assign" &&
          !reassigned.count(string(Text(obj))))
        return because(c, fmt::format("`{}`, which an earlier part changes", Text(obj)));
      std::vector<TSNode> args = ts::NamedChildren(ts::Field(c, "arguments"));
      if (StartsWith(q, "tensorflow") && q.find(".assign") != string::npos && !args.empty() &&
          ts::Is(args[0], "identifier") && !reassigned.count(string(Text(args[0]))))
        return because(c, fmt::format("`{}`, which an earlier part changes", Text(args[0])));
    }
    return true;
  }

  // `v.assign(...)` as a statement of its own: what SessionCopies writes where a later
  // part's initializer run resets a variable of an earlier part (its value is the same
  // in the later TF1 session and in TF2)
  bool Reassigned(TSNode id) const {
    TSNode attr = ts::Parent(id), call = ts::Parent(attr);
    return ts::Is(attr, "attribute") && Text(ts::Field(attr, "attribute")) == "assign" && ts::Is(call, "call") &&
           ts::Same(ts::Field(call, "function"), attr) && ts::Is(ts::Parent(call), "expression_statement");
  }
  // Whether the statements from `j` on are a program of their own, after the graph
  // objects `earlier` the statements before `j` bound: they read none of those names
  // before binding it again, call nothing that sees the whole default graph, and ask
  // no graph object its name or graph (TF1 gives later parts' names a suffix).
  bool Independent(size_t j, const std::set<string>& earlier, bool say_why) {
    std::set<string> rebound;
    auto because = [&](TSNode at, string reason) {
      if (!say_why) return;
      why = std::move(reason);
      why_line = ts_node_start_point(at).row + 1;
    };
    for (size_t i = j; i < stmts_.size(); ++i) {
      bool bad = false;
      Walk(stmts_[i], [&](TSNode id, bool bound) {
        string name(Text(id));
        if (bound) {
          rebound.insert(name);
        } else if (!bad && earlier.count(name) && !rebound.count(name) && !Reassigned(id)) {
          bad = true;
          because(id, fmt::format("a later session runs `{}`, which the graph had before the earlier session", name));
        }
      });
      if (bad) return false;
      ts::Walk(
          stmts_[i],
          [&](TSNode c, const char*) {
            if (bad) return false;
            if (ts::Is(c, "call") && SeesWholeGraph(Resolved(ts::Field(c, "function")))) {
              bad = true;
              because(c, fmt::format("`{}` sees the whole default graph, every session's part of it",
                                     Text(ts::Field(c, "function"))));
            }
            if (ts::Is(c, "attribute")) {
              string_view a = Text(ts::Field(c, "attribute"));
              // (a variable's name given as TF1 gave it: the same in TF2, tf2_variable_scopes.h)
              if ((a == "name" || a == "graph" || a == "op") && !StartsWith(Resolved(ts::Field(c, "object")), "os") &&
                  !(a == "name" && VariableNamedAsInTf1(m_, src_, ts::Field(c, "object")))) {
                bad = true;
                because(c, fmt::format("`{}` is a name or graph TF1 made in the whole default graph", Text(c)));
              }
            }
            return !bad;
          },
          [](TSNode) {});
      if (bad) return false;
    }
    return true;
  }

 public:
  string why;            // the first pair of sessions that are not parts of their own: why
  uint32_t why_line = 0;

 private:

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  std::vector<TSNode> stmts_;
};

}  // namespace

std::vector<size_t> SessionParts(const ParsedFile& file, const SemanticModel& m, std::string* why,
                                 uint32_t* why_line) {
  Parts parts(file, m);
  std::vector<size_t> found = parts.Find();
  if (why) *why = parts.why;
  if (why_line) *why_line = parts.why_line;
  return found;
}

}  // namespace tfm

namespace tfm {
namespace {

class Copies {
 public:
  Copies(const ParsedFile& file, const SemanticModel& m) : file_(file), m_(m), src_(file.source.text) {}

  struct Sess {
    size_t at;
    string name;
    size_t last;  // the last statement naming it
  };

  std::string Make(std::vector<std::string>* notes) {
    stmts_ = ts::NamedChildren(file_.Root());
    const size_t n = stmts_.size();
    // `name = ...Session()` statements of the module, without arguments
    std::vector<Sess> sessions;
    for (size_t i = 0; i < n; ++i) {
      TSNode st = stmts_[i];
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment")) continue;
      TSNode right = ts::Field(a, "right"), left = ts::Field(a, "left");
      if (!ts::Is(right, "call") || !IsSession(Resolved(ts::Field(right, "function")))) continue;
      if (!ts::Is(left, "identifier") || ts_node_named_child_count(ts::Field(right, "arguments")) != 0) continue;
      sessions.push_back({i, string(Text(left)), i});
    }
    for (Sess& s : sessions)
      for (size_t j = s.at + 1; j < n; ++j) {
        if (Binds(stmts_[j], s.name)) break;
        if (Names(stmts_[j], s.name)) s.last = j;
      }
    // groups of sessions used in turn
    std::vector<std::tuple<uint32_t, uint32_t, string>> edits;
    for (size_t k = 0; k < sessions.size();) {
      size_t e = k + 1, end = sessions[k].last;
      while (e < sessions.size() && sessions[e].at <= end) end = std::max(end, sessions[e++].last);
      if (e - k >= 2) {
        std::vector<Sess> group(sessions.begin() + static_cast<std::ptrdiff_t>(k),
                                sessions.begin() + static_cast<std::ptrdiff_t>(e));
        if (!Group(group, sessions[k].at, end, &edits, notes)) return "";
      }
      k = e;
    }
    if (edits.empty()) return "";
    return ApplyByteEdits(src_, std::move(edits));
  }

 private:
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  // identifiers that name something of the script (not attribute or keyword names)
  template <typename F>
  void Ids(TSNode n, F&& f) const {
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (!ts::Is(c, "identifier")) return true;
          TSNode p = ts::Parent(c);
          bool attr = ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c);
          bool kw = ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c);
          if (!attr && !kw) f(c);
          return false;
        },
        [](TSNode) {});
  }
  bool Names(TSNode n, string_view name) const {
    bool found = false;
    Ids(n, [&](TSNode id) { found |= Text(id) == name; });
    return found;
  }
  // a module-level `name = ...` (or `with ... as name`, `for name in`)
  bool Binds(TSNode st, string_view name) const {
    TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
    if (ts::Is(st, "expression_statement") && ts::Is(a, "assignment"))
      return Names(ts::Field(a, "left"), name);
    return false;
  }
  uint32_t LineStart(uint32_t b) const { return LineStartAt(src_, b); }
  uint32_t LineEnd(uint32_t b) const { return LineEndAt(src_, b); }
  bool AloneOnLines(TSNode st) const { return tfm::AloneOnLines(src_, st); }
  // A variable's initial value a copy computes the same: literals and TensorFlow's
  // constant makers and dtypes, nothing random or read from elsewhere.
  bool PlainInitialValue(TSNode call) const { return PlainValue(ts::Field(call, "arguments")); }

 public:
  bool PlainValue(TSNode value) const { return tfm::PlainValue(value, m_); }

 private:
  bool Group(const std::vector<Sess>& group, size_t first, size_t end,
             std::vector<std::tuple<uint32_t, uint32_t, string>>* edits, std::vector<string>* notes) const;

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  std::vector<TSNode> stmts_;
};

bool Copies::Group(const std::vector<Sess>& group, size_t first, size_t end,
                   std::vector<std::tuple<uint32_t, uint32_t, string>>* edits, std::vector<string>* notes) const {
  auto index_of = [&](string_view name) {
    for (size_t i = 0; i < group.size(); ++i)
      if (group[i].name == name) return i;
    return group.size();
  };
  // every use of the sessions: `s.run(...)` anywhere in a statement, `s.close()` as one
  std::vector<std::pair<TSNode, size_t>> runs, closes;  // (call or statement, session)
  bool ok = true;
  for (size_t i = first; i <= end && ok; ++i) {
    Ids(stmts_[i], [&](TSNode id) {
      size_t si = index_of(Text(id));
      if (si == group.size() || !ok) return;
      if (i == group[si].at) {
        TSNode a = ts_node_named_child(stmts_[i], 0);
        if (ts::Same(ts::Field(a, "left"), id)) return;
      }
      TSNode attr = ts::Parent(id), call = ts::Parent(attr);
      if (!ts::Is(attr, "attribute") || !ts::Is(call, "call") || !ts::Same(ts::Field(call, "function"), attr)) {
        ok = false;
        return;
      }
      string_view what = Text(ts::Field(attr, "attribute"));
      if (what == "run") {
        runs.push_back({call, si});
      } else if (what == "close" && ts::Same(ts::Parent(call), stmts_[i]) && AloneOnLines(stmts_[i]) &&
                 ts_node_named_child_count(ts::Field(call, "arguments")) == 0) {
        closes.push_back({stmts_[i], si});
      } else {
        ok = false;
      }
    });
  }
  if (!ok || runs.empty()) return false;
  for (const Sess& s : group)
    if (!AloneOnLines(stmts_[s.at])) return false;
  // the variables the runs name (anything else they name is TensorFlow's), and the
  // statement that made each
  std::map<string, std::vector<size_t>> used;  // variable -> sessions, in the group's order
  std::map<string, size_t> made;
  for (const auto& run : runs) {
    const size_t si = run.second;  // a plain local: lambdas capture no structured bindings (clang 14)
    Ids(ts::Field(run.first, "arguments"), [&](TSNode id) {
      if (!ok) return;
      string name(Text(id));
      size_t d = first;
      while (d > 0 && !Binds(stmts_[d - 1], name)) --d;
      if (d == 0 && StartsWith(Resolved(id), "tensorflow")) return;  // `tf` itself
      TSNode a = d > 0 ? ts_node_named_child(stmts_[d - 1], 0) : TSNode{};
      TSNode right = ts::Field(a, "right");
      string q = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : string();
      if (d == 0 || !ts::Is(ts::Field(a, "left"), "identifier") ||
          (q != "tensorflow.Variable" && q != "tensorflow.compat.v1.Variable")) {
        ok = false;  // a tensor: each session would need its own too
        return;
      }
      made[name] = d - 1;
      auto& sessions = used[name];
      if (std::find(sessions.begin(), sessions.end(), si) == sessions.end()) sessions.push_back(si);
    });
  }
  if (!ok) return false;
  auto in_runs = [&](TSNode id) {
    for (const auto& [call, si] : runs)
      if (ts::Contains(ts::Field(call, "arguments"), id)) return true;
    return false;
  };
  bool copied = false;
  for (auto& entry : used) {
    const string& name = entry.first;
    std::vector<size_t>& sessions = entry.second;
    if (sessions.size() < 2) continue;
    std::sort(sessions.begin(), sessions.end());
    TSNode st = stmts_[made[name]];
    TSNode right = ts::Field(ts_node_named_child(st, 0), "right");
    if (!AloneOnLines(st) || !PlainInitialValue(right) || m_.KeywordArg(right, "name").id) return false;
    // no other use of it until it is bound again
    for (size_t j = made[name] + 1; j < stmts_.size() && ok; ++j) {
      if (Binds(stmts_[j], name)) break;
      Ids(stmts_[j], [&](TSNode id) { ok = ok && (Text(id) != name || in_runs(id)); });
    }
    if (!ok) return false;
    // one statement per session, each binding its own copy
    uint32_t b = LineStart(ts_node_start_byte(st)), e = LineEnd(ts_node_end_byte(st));
    string line = src_.substr(b, e - b);
    if (line.empty() || line.back() != '\n') line += '\n';
    const size_t at = ts_node_start_byte(st) - b, close = ts_node_end_byte(ts::Field(right, "arguments")) - 1 - b;
    string copies;
    std::vector<string> made_names;
    for (size_t si : sessions) {
      // named after its session: TF1's variable is each session's, none of them is it
      string copy_name = name + "_" + group[si].name;
      made_names.push_back("`" + copy_name + "`");
      copies += line.substr(0, at) + copy_name + line.substr(at + name.size(), close - at - name.size()) +
                fmt::format(", name=\"{}\"", copy_name) + line.substr(close);
    }
    edits->emplace_back(b, e, copies);
    for (const auto& run : runs) {
      const size_t si = run.second;
      Ids(ts::Field(run.first, "arguments"), [&](TSNode id) {
        if (Text(id) == name)
          edits->emplace_back(ts_node_start_byte(id), ts_node_end_byte(id), name + "_" + group[si].name);
      });
    }
    std::vector<string> sess_names;
    for (size_t si : sessions) sess_names.push_back("`" + group[si].name + "`");
    notes->push_back(fmt::format("the sessions {} each kept their own copy of `{}` (TF1 gives every session its own "
                                 "state): one variable per session, {}",
                                 fmt::join(sess_names, ", "), name, fmt::join(made_names, ", ")));
    copied = true;
  }
  if (!copied) return false;
  // one session: the first; the others' statements go, their runs name the first
  const string& one = group[0].name;
  for (size_t si = 1; si < group.size(); ++si) {
    TSNode st = stmts_[group[si].at];
    edits->emplace_back(LineStart(ts_node_start_byte(st)), LineEnd(ts_node_end_byte(st)), "");
  }
  for (const auto& [call, si] : runs)
    if (si != 0) {
      TSNode obj = ts::Field(ts::Field(call, "function"), "object");
      edits->emplace_back(ts_node_start_byte(obj), ts_node_end_byte(obj), one);
    }
  // every `close()` but the last
  for (size_t c = 0; c < closes.size(); ++c) {
    TSNode st = closes[c].first;
    if (c + 1 < closes.size()) {
      edits->emplace_back(LineStart(ts_node_start_byte(st)), LineEnd(ts_node_end_byte(st)), "");
    } else if (closes[c].second != 0) {
      TSNode obj = ts::Field(ts::Field(ts_node_named_child(st, 0), "function"), "object");
      edits->emplace_back(ts_node_start_byte(obj), ts_node_end_byte(obj), one);
    }
  }
  return true;
}

// A later part's run of the global initializer: TF1 initializes every variable of the
// graph in that session, the earlier parts' too, whose state it then holds. Where an
// earlier part changed such a variable, TF2 assigns it its initial value there again
// (`w.assign(10)` after the run), so that it holds what the TF1 session held.
class Reinit {
 public:
  Reinit(const ParsedFile& file, const SemanticModel& m) : file_(file), m_(m), src_(file.source.text) {}

  // The edits (empty: none needed), or false when a variable cannot be given its
  // initial value again (computed or random, trained by an optimizer, or its name bound
  // again before the run).
  bool Make(std::vector<std::tuple<uint32_t, uint32_t, string>>* edits, std::vector<string>* notes) {
    stmts_ = ts::NamedChildren(file_.Root());
    const size_t n = stmts_.size();
    std::vector<size_t> starts;
    for (size_t from_end : Parts(file_, m_, false).Find()) starts.push_back(n - from_end);
    std::sort(starts.begin(), starts.end());
    for (size_t p = 0; p < starts.size(); ++p) {
      const size_t b = starts[p], e = p + 1 < starts.size() ? starts[p + 1] : n;
      std::vector<TSNode> runs;  // statements that run the global initializer
      for (size_t i = b; i < e; ++i)
        for (TSNode c : m_.calls()) {
          if (!ts::Contains(stmts_[i], c)) continue;
          TSNode fn = ts::Field(c, "function");
          if (!ts::Is(fn, "attribute") || Text(ts::Field(fn, "attribute")) != "run") continue;
          TSNode what = ts::Field(fn, "object");  // `init_op.run()`, `tf...initializer().run()`
          std::vector<TSNode> args = ts::NamedChildren(ts::Field(c, "arguments"));
          if (!args.empty()) what = args[0];  // `sess.run(init_op)`
          if (!GlobalInit(what, b, i)) continue;
          TSNode st = ts::Parent(c);
          if (!ts::Is(st, "expression_statement")) return false;
          runs.push_back(st);
        }
      if (runs.empty()) continue;
      // the earlier parts' variables some statement before changes
      std::vector<std::pair<string, string>> reset;  // (variable, its initial value's text)
      std::set<string> seen;
      for (size_t d = b; d-- > 0;) {
        TSNode a = ts_node_named_child_count(stmts_[d]) == 1 ? ts_node_named_child(stmts_[d], 0) : TSNode{};
        if (!ts::Is(stmts_[d], "expression_statement") || !ts::Is(a, "assignment") ||
            !ts::Is(ts::Field(a, "left"), "identifier"))
          continue;
        string name(Text(ts::Field(a, "left")));
        if (!seen.insert(name).second) continue;  // an earlier binding, replaced
        TSNode right = ts::Field(a, "right");
        string q = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : string();
        if (q != "tensorflow.Variable" && q != "tensorflow.compat.v1.Variable") continue;
        bool changed = false;
        for (size_t j = d + 1; j < b; ++j)
          for (TSNode c : m_.calls()) {
            if (!ts::Contains(stmts_[j], c)) continue;
            TSNode fn = ts::Field(c, "function");
            string cq = Resolved(fn);
            if (cq.find("minimize") != string::npos || cq.find("apply_gradients") != string::npos ||
                cq.find("Optimizer") != string::npos)
              return false;  // the optimizer's own variables too: not this shape
            std::vector<TSNode> args = ts::NamedChildren(ts::Field(c, "arguments"));
            TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
            string_view method = ts::Is(fn, "attribute") ? Text(ts::Field(fn, "attribute")) : string_view();
            if ((ts::Is(obj, "identifier") && Text(obj) == name && method.substr(0, 6) == "assign") ||
                (StartsWith(cq, "tensorflow") && cq.find(".assign") != string::npos && !args.empty() &&
                 Text(args[0]) == name))
              changed = true;
          }
        if (!changed) continue;
        std::vector<TSNode> args = ts::NamedChildren(ts::Field(right, "arguments"));
        TSNode init = args.empty() ? TSNode{} : args[0];
        if (ts::Is(init, "keyword_argument")) init = m_.KeywordArg(right, "initial_value");
        if (!init.id || !Copies(file_, m_).PlainValue(init)) return false;
        // its name still means it at the runs
        for (size_t j = b; j < e; ++j) {
          TSNode aj = ts_node_named_child_count(stmts_[j]) == 1 ? ts_node_named_child(stmts_[j], 0) : TSNode{};
          if (ts::Is(aj, "assignment") && Text(ts::Field(aj, "left")) == name &&
              ts_node_start_byte(stmts_[j]) < ts_node_start_byte(runs.back()))
            return false;
        }
        reset.push_back({name, string(Text(init))});
      }
      if (reset.empty()) continue;
      std::reverse(reset.begin(), reset.end());
      for (TSNode st : runs) {
        uint32_t ls = ts_node_start_byte(st);
        while (ls > 0 && src_[ls - 1] != '\n') --ls;
        string indent = src_.substr(ls, ts_node_start_byte(st) - ls);
        if (indent.find_first_not_of(" \t") != string::npos) return false;
        size_t le = src_.find('\n', ts_node_end_byte(st));
        uint32_t at = le == string::npos ? static_cast<uint32_t>(src_.size()) : static_cast<uint32_t>(le + 1);
        string lines;
        std::vector<string> names;
        for (const auto& [v, init] : reset) {
          lines += fmt::format("{}{}.assign({})\n", indent, v, init);
          names.push_back("`" + v + "`");
        }
        if (le == string::npos) lines = "\n" + lines;
        edits->emplace_back(at, at, lines);
        notes->push_back(fmt::format("`{}` of a later session also resets {} of an earlier part (TF1 initializes "
                                     "every variable of the graph in the new session): assigned its initial "
                                     "value again there",
                                     Text(st), fmt::join(names, ", ")));
      }
    }
    return true;
  }

 private:
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  // `tf...global_variables_initializer()`, or a name bound to one in the part before statement `i`
  bool GlobalInit(TSNode what, size_t b, size_t i) const {
    if (ts::Is(what, "call")) return IsGlobalInit(Resolved(ts::Field(what, "function")));
    if (!ts::Is(what, "identifier")) return false;
    for (size_t j = i; j-- > b;) {
      TSNode a = ts_node_named_child_count(stmts_[j]) == 1 ? ts_node_named_child(stmts_[j], 0) : TSNode{};
      if (ts::Is(stmts_[j], "expression_statement") && ts::Is(a, "assignment") && Text(ts::Field(a, "left")) == Text(what))
        return ts::Is(ts::Field(a, "right"), "call") && IsGlobalInit(Resolved(ts::Field(ts::Field(a, "right"), "function")));
    }
    return false;
  }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  std::vector<TSNode> stmts_;
};

}  // namespace

std::string SessionCopies(PythonParser& parser, const std::string& text, std::vector<std::string>* notes) {
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return "";
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return "";
  SemanticModel model(*parsed);
  std::vector<std::string> made;
  std::string out = Copies(*parsed, model).Make(&made);
  if (!out.empty()) {
    // the variables a later part's initializer run resets, on the text with the copies
    src = SourceFromBytes(out, "<tf2>", SourceKind::kPython);
    if (!src) return "";
    parsed = parser.Parse(std::move(*src));
    if (!parsed || parsed->syntax_error) return "";
  }
  SemanticModel again(*parsed);
  std::vector<std::tuple<uint32_t, uint32_t, std::string>> edits;
  if (!Reinit(*parsed, again).Make(&edits, &made)) return "";
  if (!edits.empty()) {
    out = ApplyByteEdits(parsed->source.text, std::move(edits));
    if (out.empty()) return "";
  }
  if (!out.empty()) notes->insert(notes->end(), made.begin(), made.end());
  return out;
}

}  // namespace tfm

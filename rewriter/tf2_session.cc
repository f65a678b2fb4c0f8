#include "rewriter/tf2_session.h"
#include "rewriter/tf2_layer_helper.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <set>
#include <string_view>
#include <vector>

#include "analyzer/checks/api_tables.h"
#include "analyzer/checks/registry.h"
#include "analyzer/python/dataflow.h"
#include "analyzer/python/semantic.h"
#include "analyzer/source/source.h"
#include "analyzer/python/ts_util.h"
#include "rewriter/tf2_class_session.h"
#include "rewriter/tf2_session_helper.h"
#include "rewriter/tf2_eager_blocks.h"
#include "rewriter/tf2_sessions.h"
#include "rewriter/tf2_text.h"
#include "rewriter/tf2_keras.h"
#include "rewriter/tf2_graph_into_function.h"
#include "rewriter/tf2_inline_helper.h"
#include "rewriter/tf2_update_ops.h"
#include "rewriter/tf2_queue_pipeline.h"
#include "rewriter/tf2_scoped_layers.h"
#include "rewriter/tf2_variable_scopes.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

// What a module-level name is to the graph the script builds.
enum class Kind { kPlaceholder, kVariable, kOp, kInitializer };

struct GraphName {
  Kind kind;
  string name;
  TSNode stmt{};    // the whole top-level statement
  TSNode value{};   // its right-hand side
  bool trainable = true;
  bool produces_operation = false;  // an Operation, not a Tensor (minimize, group, ...)
  bool split = false;               // one name of `a, b = X, Y`: written `a = X` (value: X)
  bool bare = false;                // (StatementTextAsWritten: without what follows on the line)
  string dtype, shape;              // placeholders: argument texts
  string default_value;             // placeholder_with_default: the default (a literal)
  std::vector<string> uses;         // graph names its value references
};

// Not converted: why, and where.
struct Bail {
  string reason;
  uint32_t line;
};

// The docstring of the `_numpy` helper the conversion writes (found again by later passes).
constexpr string_view kNumpyDoc = "What sess.run returned: NumPy values (None for operations).";

bool StartsWith(string_view s, string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(string_view s, string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }

class Converter {
 public:
  // `later_part`: the text before the first session is what an earlier pass converted
  Converter(const ParsedFile& file, const SemanticModel& model, bool later_part)
      : file_(file), m_(model), src_(file.source.text), later_part_(later_part) {}

  // The parts of a script with several sessions (SessionParts, rewriter/tf2_sessions.h).
  void SetBatchNormUpdatesWithMinimize(bool v) { bn_updates_with_minimize_ = v; }
  void SetRestoredSessions(bool v) { restored_sessions_ = v; }
  void SetSessionParts(std::vector<size_t> parts) { session_parts_ = std::move(parts); }

  SessionConversion Run() {
    SessionConversion out;
    try {
      Convert(&out);
    } catch (const Bail& b) {
      out = SessionConversion{};
      out.reason = b.reason;
      out.line = b.line;
    }
    return out;
  }

 private:
  [[noreturn]] void Fail(TSNode at, string reason) const {
    throw Bail{std::move(reason), at.id ? ts_node_start_point(at).row + 1 : 0};
  }
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  uint32_t LineStart(uint32_t byte) const { return LineStartAt(src_, byte); }
  uint32_t LineEnd(uint32_t byte) const { return LineEndAt(src_, byte); }  // past its newline
  // (the comments right above a statement: tf2_text.h)
  std::pair<uint32_t, string> LeadingComments(TSNode stmt) const { return StatementComments(src_, stmt); }
  // Whether a module edit makes a layer in the statement's place (its comments stay there).
  bool LayerMadeInPlace(TSNode stmt) const {
    for (const auto& [b, e, repl] : module_edits_)
      if (b >= LineStart(ts_node_start_byte(stmt)) && b < ts_node_end_byte(stmt)) return true;
    return false;
  }
  // A statement that is alone on its lines (so its lines can be deleted or moved).
  bool AloneOnLines(TSNode stmt) const { return tfm::AloneOnLines(src_, stmt); }
  bool HasMultilineString(TSNode n) const {
    bool found = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (found) return false;
          if (ts::Is(c, "string") && ts_node_start_point(c).row != ts_node_end_point(c).row) found = true;
          return !found;
        },
        [](TSNode) {});
    return found;
  }
  // Identifiers under `n` (not attribute names, not keyword-argument names).
  template <typename F>
  // Lambda bodies count (`tf.cond(p, lambda: outside, ...)` depends on `outside`), except
  // for the lambdas' own parameters.
  void Identifiers(TSNode n, F&& f) const {
    std::vector<std::vector<string>> params;  // of the lambdas entered
    IdentifiersIn(n, f, params);
  }
  template <typename F>
  void IdentifiersIn(TSNode n, F& f, std::vector<std::vector<string>>& params) const {
    ts::Walk(
        n,
        [&](TSNode c, const char* field) {
          if (ts::Is(c, "identifier")) {
            TSNode p = ts::Parent(c);
            bool attr_name = ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c);
            bool kw_name = ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c);
            bool shadowed = false;
            for (const auto& ps : params) shadowed |= std::find(ps.begin(), ps.end(), Text(c)) != ps.end();
            if (!attr_name && !kw_name && !shadowed) f(c);
            return false;
          }
          if (ts::Is(c, "lambda")) {
            std::vector<string> ps;
            TSNode plist = ts::Field(c, "parameters");
            if (plist.id)
              ts::Walk(
                  plist,
                  [&](TSNode q, const char*) {
                    if (ts::Is(q, "identifier")) ps.push_back(string(Text(q)));
                    return true;
                  },
                  [](TSNode) {});
            params.push_back(std::move(ps));
            TSNode body = ts::Field(c, "body");
            if (body.id) IdentifiersIn(body, f, params);  // the parameter list itself names nothing
            params.pop_back();
            return false;
          }
          return !ts::Is(c, "function_definition");
        },
        [](TSNode) {});
  }
  // Inside the part of the module this conversion handles (between two resets of the
  // default graph: each part is its own program, converted in its own pass).
  bool InWindow(TSNode n) const {
    for (const auto& [b, e] : other_programs_)  // other functions that are programs of their own
      if (b <= ts_node_start_byte(n) && ts_node_end_byte(n) <= e) return false;
    return window_begin_ <= ts_node_start_byte(n) && ts_node_end_byte(n) <= window_end_;
  }
  std::vector<std::pair<uint32_t, uint32_t>> other_programs_;
  GraphName* Graph(string_view name) {
    auto it = names_.find(string(name));
    return it == names_.end() ? nullptr : &graph_[it->second];
  }
  const GraphName* Graph(string_view name) const {
    auto it = names_.find(string(name));
    return it == names_.end() ? nullptr : &graph_[it->second];
  }
  // A binary operator whose result, when a run fetches it, can only be one tensor: lists,
  // tuples and dicts (a run's other fetches) have no `-`, `/`, `//`, `**` or `@` (`+` and
  // `*` join or repeat lists, `%` formats a tensor's name).
  bool TensorOnlyOperator(TSNode e) const {
    TSNode op = ts::Field(e, "operator");
    if (!op.id) return false;
    string_view t = Text(op);
    return t == "-" || t == "/" || t == "//" || t == "**" || t == "@";
  }
  // `session_values`: whether a value a session returned (`v = sess.run(...)`) counts
  bool RefersToTf(TSNode n, bool session_values = true) const {
    bool tf = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (tf) return false;
          if (ts::Is(c, "identifier") || ts::Is(c, "attribute")) {
            string q = Resolved(c);
            if (StartsWith(q, "tensorflow") && (session_values || q.find("Session(") == string::npos)) tf = true;
            return !tf && ts::Is(c, "attribute");
          }
          return true;
        },
        [](TSNode) {});
    return tf;
  }

  // Calls that read graph-wide state (collections, the default graph): under TF2
  // they silently see nothing, wherever they are.
  static bool ReadsGraphState(string_view q) { return ReadsTf1GraphState(q); }

  // Calls whose result is a SparseTensor.
  static bool MakesSparse(string_view q) {
    if (!StartsWith(q, "tensorflow")) return false;
    if (q.find("SparseTensor") != string_view::npos) return true;
    string_view last = q.substr(q.rfind('.') + 1);
    bool in_sparse = q.find(".sparse.") != string_view::npos;
    for (string_view op : {"add", "concat", "reshape", "slice", "transpose", "retain", "reorder", "from_dense",
                           "reset_shape", "expand_dims", "split", "maximum", "minimum", "placeholder"}) {
      if (in_sparse && last == op) return true;
      if (last.size() == op.size() + 7 && StartsWith(last, "sparse_") && EndsWith(last, op)) return true;
    }
    return false;
  }

  static bool IsGraphReset(string_view q) {
    return q == "tensorflow.compat.v1.reset_default_graph" || q == "tensorflow.reset_default_graph" ||
           q == "tensorflow.python.framework.ops.reset_default_graph";
  }
  // `tf.compat.v1.reset_default_graph()` (a statement of its own) goes.
  void DropGraphReset(TSNode stmt, TSNode call) {
    if (!AloneOnLines(stmt)) Fail(stmt, "`reset_default_graph()` shares its line with other statements");
    auto is_seed = [](string_view q) {
      return StartsWith(q, "tensorflow") && (EndsWith(q, ".set_random_seed") || EndsWith(q, "random.set_seed"));
    };
    auto is_draw = [&](string_view q) {
      return StartsWith(q, "tensorflow") && !is_seed(q) &&
             (q.find("random") != string_view::npos || EndsWith(q, "multinomial") || EndsWith(q, "dropout") ||
              q.find(".layers.") != string_view::npos);  // (a layer's default initializers draw)
    };
    // the code after the reset sets a graph seed of its own before it draws anything (and
    // no function defined before the reset draws): the discarded seed is never seen
    const uint32_t at = ts_node_end_byte(stmt);
    uint32_t first_seed = UINT32_MAX, first_draw = UINT32_MAX;
    bool draws_before = false;
    for (TSNode c : m_.calls()) {
      string q = Resolved(ts::Field(c, "function"));
      uint32_t b = ts_node_start_byte(c);
      if (b >= at && is_seed(q) && m_.FunctionScopeAt(b) < 0) first_seed = std::min(first_seed, b);
      if (b >= at && is_draw(q)) first_draw = std::min(first_draw, b);
      if (b < at && is_draw(q) && m_.FunctionScopeAt(b) >= 0) draws_before = true;
    }
    if (draws_before) {
      // only a function defined before the reset that the code after it calls (before
      // defining a function of that name again) draws with the discarded seed
      draws_before = false;
      for (TSNode st : ts::NamedChildren(file_.Root())) {
        TSNode def = ts::Is(st, "decorated_definition") ? ts::Field(st, "definition") : st;
        if (!ts::Is(def, "function_definition") || ts_node_end_byte(st) > at) continue;
        bool draws = false;
        for (TSNode c : m_.calls())
          if (ts::Contains(def, c) && is_draw(Resolved(ts::Field(c, "function")))) draws = true;
        if (!draws) continue;
        string_view fname = Text(ts::Field(def, "name"));
        uint32_t redefined = UINT32_MAX;
        for (TSNode later : ts::NamedChildren(file_.Root())) {
          TSNode ld = ts::Is(later, "decorated_definition") ? ts::Field(later, "definition") : later;
          if (ts_node_start_byte(later) >= at && ts::Is(ld, "function_definition") &&
              Text(ts::Field(ld, "name")) == fname) {
            redefined = ts_node_start_byte(later);
            break;
          }
        }
        Identifiers(file_.Root(), [&](TSNode id) {
          uint32_t b = ts_node_start_byte(id);
          if (b >= at && b < redefined && Text(id) == fname) draws_before = true;
        });
      }
    }
    const bool reseeded = first_seed < first_draw && !draws_before;
    for (TSNode c : m_.calls()) {
      string q = Resolved(ts::Field(c, "function"));
      if (ts_node_end_byte(c) <= ts_node_start_byte(stmt) && is_seed(q) && !reseeded && function_programs_) {
        // functions that are programs of their own (SessionFunctionsArePrograms): the
        // functions after the reset draw without a seed, as TF2 does after set_seed(None)
        if (first_draw != UINT32_MAX || draws_before)
          module_edits_.emplace_back(ts_node_start_byte(stmt), ts_node_end_byte(stmt), tf_ + ".random.set_seed(None)");
        else
          deletions_.push_back(stmt);
        dropped_calls_.insert(call.id);
        return;
      }
      if (ts_node_end_byte(c) <= ts_node_start_byte(stmt) && is_seed(q) && !reseeded)
        Fail(stmt, fmt::format("`reset_default_graph()` discards the graph seed set on line {} (TF1); TF2's global "
                               "seed would stay",
                               ts_node_start_point(c).row + 1));
    }
    deletions_.push_back(stmt);
    dropped_calls_.insert(call.id);
  }
  // After the resets went: `from tensorflow.python.framework import ops` (that name
  // alone) goes too when nothing else uses `ops`.
  void DropUnusedOpsImport() {
    if (dropped_calls_.empty()) return;
    for (TSNode st : ts::NamedChildren(file_.Root())) {
      if (!ts::Is(st, "import_from_statement")) continue;
      TSNode mod = ts::Field(st, "module_name");
      std::vector<TSNode> names;
      for (TSNode c : ts::NamedChildren(st))
        if (!ts::Same(c, mod) && !ts::Is(c, "comment")) names.push_back(c);
      if (!mod.id || Text(mod) != "tensorflow.python.framework" || names.size() != 1 ||
          !ts::Is(names[0], "dotted_name") || Text(names[0]) != "ops" || !AloneOnLines(st))
        continue;
      bool used = false;
      ts::Walk(
          file_.Root(),
          [&](TSNode n, const char*) {
            if (used || ts::Same(n, st)) return false;
            if (ts::Is(n, "call") && dropped_calls_.count(n.id)) return false;
            if (!ts::Is(n, "identifier")) return true;
            TSNode p = ts::Parent(n);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
            used = Text(n) == "ops";
            return false;
          },
          [](TSNode) {});
      if (!used) deletions_.push_back(st);
    }
  }

  static bool IsInitializerName(string_view q) {
    for (string_view f : {"global_variables_initializer", "local_variables_initializer", "variables_initializer",
                          "initialize_all_variables", "initialize_local_variables", "tables_initializer"})
      if (q == fmt::format("tensorflow.compat.v1.{}", f) || q == fmt::format("tensorflow.{}", f)) return true;
    return false;
  }

  // `if <version check>: init = tf.initialize_all_variables() else: init = tf.global_variables_initializer()`
  // (every branch, an else included, binds the same name to an initializer): the
  // initializer `init`, the whole statement goes with it.
  bool InitializerByVersion(TSNode stmt) {
    if (!ts::Is(stmt, "if_statement")) return false;
    std::vector<TSNode> blocks{ts::Field(stmt, "consequence")};
    bool has_else = false;
    for (TSNode c : ts::NamedChildren(stmt)) {
      if (ts::Is(c, "elif_clause")) blocks.push_back(ts::Field(c, "consequence"));
      if (ts::Is(c, "else_clause")) {
        blocks.push_back(ts::Field(c, "body"));
        has_else = true;
      }
    }
    string name;
    TSNode value{};
    for (TSNode b : blocks) {
      std::vector<TSNode> body;
      for (TSNode c : ts::NamedChildren(b))
        if (!ts::Is(c, "comment")) body.push_back(c);
      TSNode a = body.size() == 1 && ts_node_named_child_count(body[0]) == 1 ? ts_node_named_child(body[0], 0) : TSNode{};
      if (!ts::Is(body.size() == 1 ? body[0] : TSNode{}, "expression_statement") || !ts::Is(a, "assignment") ||
          !ts::Is(ts::Field(a, "left"), "identifier") || !ts::Is(ts::Field(a, "right"), "call") ||
          !IsInitializerName(Resolved(ts::Field(ts::Field(a, "right"), "function"))))
        return false;
      if (!name.empty() && Text(ts::Field(a, "left")) != name) return false;
      name = string(Text(ts::Field(a, "left")));
      value = ts::Field(a, "right");
    }
    if (!has_else || name.empty()) return false;
    if (names_.count(name)) Fail(stmt, fmt::format("`{}` is assigned twice while the graph is built", name));
    if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", name));
    names_[name] = graph_.size();
    graph_.push_back(GraphName{Kind::kInitializer, name, stmt, value});
    return true;
  }

  // A def of the statements that a graph statement names (`out = tf.cond(p, f1, f2)`, `h =
  // layer(x)`), which reads a graph tensor or placeholder of those statements other than
  // through its parameters: TF1 ran it while building the graph, where the name was the
  // graph's; TF2 runs it when the function is traced, where the name is the function's,
  // not the module's (a NameError). (GraphBuildingDef's defs move into the functions.)
  void DefsReadingMovedTensors(const std::vector<TSNode>& stmts) {
    for (TSNode st : stmts) {
      TSNode def = ts::Is(st, "decorated_definition") ? ts::Field(st, "definition") : st;
      if (!ts::Is(def, "function_definition")) continue;
      const string name(Text(ts::Field(def, "name")));
      if (names_.count(name)) continue;  // (a graph statement itself)
      const GraphName* user = nullptr;
      for (const auto& g : graph_) {
        if (user || g.kind != Kind::kOp || ts::Is(g.stmt, "function_definition")) continue;
        Identifiers(g.stmt, [&](TSNode id) {
          if (Text(id) == name) user = &g;
        });
      }
      if (!user) continue;
      std::set<string> locals;
      ts::Walk(
          def,
          [&](TSNode c, const char*) {
            if (ts::Is(c, "parameters") || ts::Is(c, "lambda_parameters")) {
              ts::Walk(
                  c,
                  [&](TSNode q, const char*) {
                    if (ts::Is(q, "identifier")) locals.insert(string(Text(q)));
                    return !ts::Is(q, "default_parameter") || true;
                  },
                  [](TSNode) {});
              return false;
            }
            TargetNames(BindingTarget(c, true), [&](TSNode q) { locals.insert(string(Text(q))); });
            return true;
          },
          [](TSNode) {});
      Identifiers(ts::Field(def, "body"), [&](TSNode id) {
        const GraphName* h = Graph(Text(id));
        if (!h || locals.count(string(Text(id))) || (h->kind != Kind::kOp && h->kind != Kind::kPlaceholder)) return;
        Fail(id, fmt::format("`{}`, which the graph statement of `{}` uses (line {}), reads `{}`, a graph tensor of "
                             "the module: TF2 makes it in the functions, where `{}` would not see it",
                             name, PyName(user->name), ts_node_start_point(user->stmt).row + 1, Text(id), name));
      });
    }
  }
  // An initializer run in a loop of the session's statements: TF1 reset the variables on
  // every pass, which dropping it would not.
  template <typename InRegion>
  void InitializerRunOnce(TSNode call, const InRegion& in_region) const {
    for (TSNode q = ts::Parent(call); q.id && in_region(q); q = ts::Parent(q))
      if (ts::Is(q, "for_statement") || ts::Is(q, "while_statement"))
        Fail(call, fmt::format("the initializer runs in a loop (line {}): TF1 resets the variables on every pass "
                               "(drawing random initial values again), which the conversion does not write",
                               ts_node_start_point(q).row + 1));
  }
  // `def f1(): return <TF expression of graph tensors>` that only TF calls are given (as
  // `tf.cond(p, f1, f2)`'s branches): TF builds its ops when it calls it, in TF1 into the
  // graph, in a tf.function into the function's. No parameters or decorators, one
  // `return` of TF ops that neither make variables nor read graph-wide state; no name it
  // reads is bound again later (Python reads them when it is called).
  bool GraphBuildingDef(TSNode def) const {
    if (!ts::Is(def, "function_definition") || !AloneOnLines(def) || HasMultilineString(def)) return false;
    const string name(Text(ts::Field(def, "name")));
    if (names_.count(name) || ts_node_named_child_count(ts::Field(def, "parameters")) != 0 ||
        ts::Field(def, "return_type").id)
      return false;
    std::vector<TSNode> body;
    for (TSNode c : ts::NamedChildren(ts::Field(def, "body")))
      if (!ts::Is(c, "comment")) body.push_back(c);
    if (body.size() != 1 || !ts::Is(body[0], "return_statement") || ts_node_named_child_count(body[0]) != 1)
      return false;
    TSNode value = ts_node_named_child(body[0], 0);
    bool tf_only = true, graph = false;
    std::set<string> reads;
    ts::Walk(
        value,
        [&](TSNode c, const char*) {
          if (ts::Is(c, "lambda") || ts::Is(c, "function_definition") || ts::Is(c, "await") || ts::Is(c, "yield") ||
              ts::Is(c, "named_expression"))
            tf_only = false;
          if (ts::Is(c, "call")) {
            const string q = Resolved(ts::Field(c, "function"));
            if (!StartsWith(q, "tensorflow.") || ReadsGraphState(q) || !StatelessTfCall(q)) tf_only = false;
          }
          return tf_only;
        },
        [](TSNode) {});
    if (!tf_only) return false;
    Identifiers(value, [&](TSNode id) {
      graph |= Graph(Text(id)) != nullptr;
      reads.insert(string(Text(id)));
    });
    if (!graph) return false;
    // only passed to TF calls (`tf.cond(p, f1, f2)`, `true_fn=f1`)
    bool passed_only = true;
    int passed = 0;
    ValueIdentifiers(file_.Root(), [&](TSNode n) {
      if (Text(n) != name || ts::Same(n, ts::Field(def, "name"))) return;
      ++passed;
      TSNode p = ts::Parent(n);
      if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "value"), n)) p = ts::Parent(p);
      TSNode call = ts::Is(p, "argument_list") ? ts::Parent(p) : TSNode{};
      if (!ts::Is(call, "call") || !StartsWith(Resolved(ts::Field(call, "function")), "tensorflow."))
        passed_only = false;
    });
    if (!passed_only || passed == 0) return false;
    // no name it reads (nor its own) bound again after it
    bool after = false, rebound = false;
    for (TSNode st : ts::NamedChildren(ts::Parent(def))) {
      if (ts::Same(st, def)) {
        after = true;
        continue;
      }
      if (!after) continue;
      ts::Walk(
          st,
          [&](TSNode c, const char*) {
            TSNode left = ts::Is(c, "function_definition") || ts::Is(c, "class_definition") ? ts::Field(c, "name")
                                                                                             : BindingTarget(c);
            TargetNames(left, [&](TSNode q) { rebound |= reads.count(string(Text(q))) || Text(q) == name; });
            return !rebound;
          },
          [](TSNode) {});
      if (rebound) return false;
    }
    return true;
  }
  // A TF op that neither changes state nor prints nor calls back into Python (what a
  // function may make beyond what its run needs, or a branch may build).
  static bool StatelessTfCall(const string& q) {
    for (string_view bad : {"assign", "Variable", "variable", "print", "Print", "py_func", "numpy_function",
                            ".train.", ".summary.", "layers", "keras", "metrics", "Saver", "scatter", "queue", "Queue",
                            "iterator", "Iterator", "control_dependencies", "group", "minimize", "gradients",
                            "while_loop", "map_fn", "scan", "foldl", "foldr", "py_function", "debugging", "Assert",
                            "check_numerics", "get_", "collection", "write_file", "io.", "data."})
      if (q.find(bad) != string::npos) return false;
    return true;
  }
  void Classify(TSNode stmt) {
    // `name = <call or expression>` at module level
    TSNode assign = ts_node_named_child_count(stmt) == 1 ? ts_node_named_child(stmt, 0) : TSNode{};
    if (ts::Is(stmt, "expression_statement") && ts::Is(assign, "call")) {
      string q = Resolved(ts::Field(assign, "function"));
      if (q == "tensorflow.compat.v1.disable_v2_behavior" || q == "tensorflow.compat.v1.disable_eager_execution") {
        if (!AloneOnLines(stmt)) Fail(stmt, "a behavior switch shares its line with other statements");
        deletions_.push_back(stmt);
        return;
      }
      if (IsGraphReset(q)) {
        // TF2 has no default graph to reset: before the graph the conversion replaces it
        // means nothing; after graph tensors were built it discards them
        if (!graph_.empty())
          Fail(stmt, fmt::format("`{}()` comes after graph tensors were built (`{}`): it discards them, and TF2 "
                                 "has no graph to reset",
                                 q, graph_.front().name));
        DropGraphReset(stmt, assign);
        return;
      }
    }
    if (InitializerByVersion(stmt)) return;
    NoteKerasObjectCalls(stmt);
    ForgetShapesBoundBy(stmt, assign);
    bool uses_graph = false;
    Identifiers(stmt, [&](TSNode id) { uses_graph |= Graph(Text(id)) != nullptr; });
    if (ts::Is(stmt, "expression_statement") && ts::Is(assign, "augmented_assignment") &&
        ts::Is(ts::Field(assign, "left"), "identifier") && Graph(Text(ts::Field(assign, "left"))) &&
        Graph(Text(ts::Field(assign, "left")))->kind == Kind::kOp) {
      // `loss += 5e-4 * reg` of a graph tensor: a new tensor bound to the name, as
      // `loss = loss + 5e-4 * reg` (tensors are immutable), the statement kept as written
      string name(Text(ts::Field(assign, "left")));
      TSNode right = ts::Field(assign, "right");
      string op(Text(ts::Field(assign, "operator")));
      if (op != "+=" && op != "-=" && op != "*=" && op != "/=")
        Fail(stmt, fmt::format("`{}` is updated with `{}` while the graph is built", name, op));
      if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", name));
      if (HasMultilineString(stmt)) Fail(stmt, fmt::format("`{}` spans a multi-line string", name));
      CheckOpCalls(stmt, name);
      GraphName g{Kind::kOp, name, stmt, assign};
      g.uses.push_back(name);
      Identifiers(right, [&](TSNode id) {
        if (Graph(Text(id))) g.uses.push_back(Graph(Text(id))->name);
      });
      RetireVersion(stmt, name);
      for (auto& u : g.uses)
        if (u == name) u = Graph(name)->name;
      names_[name] = graph_.size();
      graph_.push_back(std::move(g));
      return;
    }
    if (ts::Is(stmt, "function_definition") && GraphBuildingDef(stmt)) {
      // `def f1(): return tf.reduce_mean(tf.square(x - y))`, a branch of `tf.cond(p, f1, f2)`:
      // it builds graph from graph tensors when the cond calls it, a statement of the graph
      string name(Text(ts::Field(stmt, "name")));
      GraphName g{Kind::kOp, name, stmt, stmt};
      Identifiers(ts::Field(stmt, "body"), [&](TSNode id) {
        if (Graph(Text(id))) g.uses.push_back(Graph(Text(id))->name);
      });
      names_[name] = graph_.size();
      graph_.push_back(std::move(g));
      return;
    }
    if (ts::Is(stmt, "for_statement") && (uses_graph || RefersToTf(stmt)) && LoopBuildsGraph(stmt)) return;
    if (ts::Is(stmt, "with_statement") && ScopeBlockMakesVariables(stmt)) return;
    if (ts::Is(stmt, "with_statement") && ScopeBlockBuildsGraph(stmt)) return;
    if (!ts::Is(stmt, "expression_statement") || !ts::Is(assign, "assignment")) {
      if (ts::Is(stmt, "with_statement") && RefersToTf(stmt))
      {
        // name what the block enters: `with tf.device(d):`, `with tf.compat.v1.variable_scope(...)`
        TSNode item = ts_node_named_child(ts_node_named_child(stmt, 0), 0);
        TSNode v = ts::Field(item, "value");
        if (ts::Is(v, "as_pattern")) v = ts_node_named_child(v, 0);
        if (ts::Is(v, "call") && !ts::Is(ts::Field(v, "arguments"), "generator_expression"))
          Fail(stmt, fmt::format("a `with {}(...)` block builds part of the graph (the conversion follows blocks of "
                                 "name scopes, devices and control dependencies that only bind names to graph tensors)",
                                 Text(ts::Field(v, "function"))));
        Fail(stmt, "a `with` block builds part of the graph (variable or name scopes, control dependencies)");
      }
      if (uses_graph && !ts::Is(stmt, "function_definition") && !ts::Is(stmt, "class_definition")) {
        // `print(t)` of a graph tensor: TF1 shows the symbolic tensor
        TSNode call = ts_node_named_child_count(stmt) == 1 ? ts_node_named_child(stmt, 0) : TSNode{};
        if (ts::Is(stmt, "expression_statement") && ts::Is(call, "call") &&
            Text(ts::Field(call, "function")) == "print" && TracePrintBeforeSession(stmt, call))
          return;  // printed when the function that computes the tensor is traced (PlaceTracePrints)
        if (ts::Is(stmt, "expression_statement") && ts::Is(call, "call") &&
            Text(ts::Field(call, "function")) == "print")
          for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
            if (ts::Is(a, "identifier") && Graph(Text(a)))
              Fail(stmt, fmt::format("`print` shows the graph tensor `{}` before the session: TF1 prints the symbolic "
                                     "tensor (its name, shape and dtype), TF2 would print its value",
                                     Text(a)));
        Fail(stmt, "the graph is used outside sess.run (here, before the session)");
      }
      return;  // imports, definitions, plain Python: stay
    }
    TSNode left = ts::Field(assign, "left"), right = ts::Field(assign, "right");
    if ((ts::Is(left, "pattern_list") || ts::Is(left, "tuple_pattern")) && right.id &&
        (uses_graph || RefersToTf(right))) {
      // `mean, var = tf.nn.moments(...)`: several graph names made by one statement
      // `outputs, state = tf.compat.v1.nn.dynamic_rnn(cell, ...)`: a Keras layer's call (RnnRun)
      if (RnnRun(stmt, left, right)) return;
      std::vector<string> targets;
      for (TSNode t : ts::NamedChildren(left)) {
        if (!ts::Is(t, "identifier")) Fail(stmt, "a graph-building assignment to something other than names");
        targets.push_back(string(Text(t)));
      }
      if (VariablesUnpacked(stmt, right, targets, uses_graph)) return;
      if (!AloneOnLines(stmt)) Fail(stmt, "a graph-building statement shares its line with other statements");
      if (HasMultilineString(stmt)) Fail(stmt, "a graph-building statement spans a multi-line string");
      CheckOpCalls(stmt, targets[0]);
      for (const string& t : targets)
        if (t != "_" && names_.count(t)) RetireVersion(stmt, t);
      std::vector<string> uses;
      Identifiers(right, [&](TSNode id) {
        if (Graph(Text(id))) uses.push_back(Graph(Text(id))->name);
      });
      // `d_real, d_fake = D(real), D(fake)`: a tuple of independent expressions (no target
      // read by them) is one statement per name, so that a function computes only the ones
      // its run needs (TF1's run computed only those)
      std::vector<TSNode> parts;
      if (ts::Is(right, "expression_list"))
        for (TSNode e : ts::NamedChildren(right))
          if (!ts::Is(e, "comment")) parts.push_back(e);
      bool split = parts.size() == targets.size();
      for (TSNode e : parts)
        Identifiers(e, [&](TSNode id) {
          if (std::find(targets.begin(), targets.end(), string(Text(id))) != targets.end()) split = false;
        });
      for (size_t k = 0; k < targets.size(); ++k) {
        const string& t = targets[k];
        if (t == "_") continue;
        GraphName g{Kind::kOp, t, stmt, split ? parts[k] : right};
        g.split = split;
        if (split) {
          Identifiers(parts[k], [&](TSNode id) {
            if (Graph(Text(id))) g.uses.push_back(Graph(Text(id))->name);
          });
        } else {
          g.uses = uses;
        }
        names_[t] = graph_.size();
        graph_.push_back(std::move(g));
      }
      return;
    }
    if (!ts::Is(left, "identifier") || right.id == nullptr) {
      if (uses_graph || RefersToTf(assign)) Fail(stmt, "a graph-building assignment to something other than one name");
      return;
    }
    string name(Text(left));
    // the static shape of the value bound (read before the name is bound again: the
    // statement's own conversion reads its input's)
    struct ShapeAfter {
      std::map<string, std::vector<string>>& shapes;
      string name;
      std::vector<string> dims;
      ~ShapeAfter() {
        shapes.erase(name);
        if (!dims.empty()) shapes[name] = dims;
      }
    } shape_after{static_shapes_, name, StaticShape(right)};
    {
      // `FLAGS = tf.compat.v1.app.flags.FLAGS`: the flag values, a Python object
      string rq = ts::Is(right, "attribute") ? Resolved(right) : string();
      if (rq == "tensorflow.compat.v1.app.flags.FLAGS" || rq == "tensorflow.compat.v1.flags.FLAGS") {
        if (names_.count(name)) Fail(stmt, fmt::format("`{}` names a graph tensor and is assigned the flags", name));
        python_values_[name] = stmt;
        return;
      }
    }
    if (ts::Is(right, "call") && Resolved(ts::Field(right, "function")) == "tensorflow.compat.v1.train.Saver" &&
        SaverToCheckpoint(stmt, name, right))
      return;
    uses_graph = false;  // (the target itself may name the graph tensor this binding replaces)
    Identifiers(right, [&](TSNode id) { uses_graph |= Graph(Text(id)) != nullptr; });
    if (uses_graph) datasets_.erase(name);
    if (!uses_graph && DatasetValue(stmt, name, right)) return;
    if (OneShotIterator(stmt, name, right)) return;
    // `h = tf.nn.relu(...)` then `h = tf.nn.dropout(h, ...)`: each binding is a graph
    // name of its own (the earlier one renamed `h#1`), and every statement keeps the one
    // bound before it; a function's body repeats the statements in their order, so the
    // name means in it what it meant in the graph
    const bool rebinds = names_.count(name) != 0;
    auto rebound = [&](string_view what) {
      if (rebinds)
        Fail(stmt, fmt::format("`{}` names a graph tensor and is assigned again while the graph is built, {}", name,
                               what));
    };
    if (rebinds && Graph(name)->kind != Kind::kOp)
      Fail(stmt, fmt::format("`{}` is assigned twice while the graph is built (first as a {})", name,
                             Graph(name)->kind == Kind::kPlaceholder ? "placeholder"
                             : Graph(name)->kind == Kind::kVariable  ? "variable"
                                                                     : "initializer"));
    GraphName g{Kind::kOp, name, stmt, right};
    if (ts::Is(right, "call")) {
      string q = Resolved(ts::Field(right, "function"));
      if (q == "tensorflow.compat.v1.placeholder") {
        g.kind = Kind::kPlaceholder;
        TSNode dt = m_.KeywordArg(right, "dtype"), sh = m_.KeywordArg(right, "shape");
        const auto& pos = m_.PositionalArgs(right);
        if (!dt.id && !pos.empty()) dt = pos[0];
        if (!sh.id && pos.size() > 1) sh = pos[1];
        if (!dt.id) Fail(stmt, fmt::format("placeholder `{}` has no dtype", name));
        g.dtype = string(Text(dt));
        g.shape = sh.id ? string(Text(sh)) : "None";
      } else if (q == "tensorflow.compat.v1.placeholder_with_default") {
        // a parameter with a default: the literal, and the dtype it implies
        g.kind = Kind::kPlaceholder;
        TSNode in = m_.KeywordArg(right, "input"), sh = m_.KeywordArg(right, "shape");
        const auto& pos = m_.PositionalArgs(right);
        if (!in.id && !pos.empty()) in = pos[0];
        if (!sh.id && pos.size() > 1) sh = pos[1];
        if (!in.id || !sh.id) Fail(stmt, fmt::format("placeholder_with_default `{}` without input and shape", name));
        if (ts::Is(in, "float")) g.dtype = tf_ + ".float32";
        else if (ts::Is(in, "integer")) g.dtype = tf_ + ".int32";
        else if (ts::Is(in, "true") || ts::Is(in, "false")) g.dtype = tf_ + ".bool";
        else Fail(stmt, fmt::format("placeholder_with_default `{}`: the default is not a literal number or bool", name));
        g.default_value = string(Text(in));
        g.shape = string(Text(sh));
      } else if (q == "tensorflow.compat.v1.train.get_or_create_global_step" ||
                 q == "tensorflow.compat.v1.train.create_global_step") {
        g.kind = Kind::kVariable;  // created eagerly once, like any variable; not trainable
        g.trainable = false;
      } else if (q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable") {
        g.kind = Kind::kVariable;
        TSNode tr = m_.KeywordArg(right, "trainable");
        if (tr.id) {
          if (Text(tr) == "False") g.trainable = false;
          else if (Text(tr) != "True") Fail(stmt, fmt::format("`{}`: trainable= is not a literal", name));
        }
      } else if (IsInitializerName(q)) {
        g.kind = Kind::kInitializer;
      } else if (q == "tensorflow.summary.create_file_writer") {
        if (uses_graph) Fail(stmt, fmt::format("summary writer `{}` is made from graph tensors", name));
        rebound("to a summary writer");
        return;  // an object: stays where it is made, created once
      } else if ((StartsWith(q, "tensorflow.compat.v1.train.") && EndsWith(q, "Optimizer")) ||
                 StartsWith(q, "tensorflow.keras.optimizers.") ||
                 (StartsWith(q, "tensorflow.keras.metrics.") && q.find('(') == string::npos)) {
        if (uses_graph) Fail(stmt, fmt::format("optimizer or metric `{}` is built from graph tensors", name));
        rebound("to an optimizer or metric");
        return;  // an object: stays at module level, created once
      } else if (MakesOperation(q)) {
        g.produces_operation = true;
      }
    }
    // `weights = {'h1': tf.Variable(...), 'out': tf.Variable(...)}`: variables made once,
    // eagerly, where the dict is (in the same order: with the same names); `weights['h1']`
    // reads one in the functions, and the dict's values are trainable ones (VarList)
    if (g.kind == Kind::kOp && ts::Is(right, "dictionary")) {
      int trainable = -1;
      bool all = true, any = false;
      for (TSNode pr : ts::NamedChildren(right)) {
        if (ts::Is(pr, "comment")) continue;
        TSNode v = ts::Is(pr, "pair") ? ts::Field(pr, "value") : TSNode{};
        const string vq = ts::Is(v, "call") ? Resolved(ts::Field(v, "function")) : string();
        if (!ts::Is(ts::Field(pr, "key"), "string") || (vq != "tensorflow.Variable" && vq != "tensorflow.compat.v1.Variable")) {
          all = false;
          break;
        }
        TSNode tr = m_.KeywordArg(v, "trainable");
        int t = !tr.id || Text(tr) == "True" ? 1 : Text(tr) == "False" ? 0 : -2;
        if (t == -2 || (trainable >= 0 && t != trainable)) {
          all = false;
          break;
        }
        trainable = t;
        any = true;
      }
      if (all && any) {
        g.kind = Kind::kVariable;
        g.trainable = trainable == 1;
        variable_dicts_.insert(name);
      }
    }
    // `l1 = add_layer(xs, 1, 10)` of a helper that makes the layer's variables: a tf.Module
    // made once (tf2_layer_helper.h)
    if (g.kind == Kind::kOp && LayerHelperCall(stmt, name, right, g, rebinds)) return;
    // `cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(n)`: a Keras layer made in its place (RnnCellStatement)
    if (g.kind == Kind::kOp && ts::Is(right, "call") && !uses_graph && RnnCellStatement(stmt, name, right)) return;
    // `init_state = cell.zero_state(batch, dtype)` of such a cell, read only as its run's
    // initial_state: Keras's layer starts from zeros itself (the statement goes)
    if (ts::Is(right, "call") && ts::Is(ts::Field(right, "function"), "attribute")) {
      TSNode fn = ts::Field(right, "function");
      auto rc = rnn_cells_.find(string(Text(ts::Field(fn, "object"))));
      if (rc != rnn_cells_.end() && Text(ts::Field(fn, "attribute")) == "zero_state" && rc->second.zero_states.count(name)) {
        if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", name));
        deletions_.push_back(stmt);
        return;
      }
    }
    // `h = tf.compat.v1.layers.dense(x, 10, tf.nn.relu)`: a Keras layer made once (TfLayerCall);
    // also under an activation, `h = tf.nn.relu(tf.compat.v1.layers.dense(x, 10))`
    if (g.kind == Kind::kOp && ts::Is(right, "call") && TfLayerCall(stmt, name, ActivatedLayer(right), g, rebinds))
      return;
    // `init = tf.constant_initializer(value=1)`: an initializer object (TF2's, called to make
    // a variable's value), plain Python as far as the graph goes
    const string rq = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : string();
    const bool initializer_object =
        rq == "tensorflow.constant_initializer" || rq == "tensorflow.zeros_initializer" || rq == "tensorflow.ones_initializer";
    if (g.kind == Kind::kOp && !uses_graph && (initializer_object || !RefersToTf(right))) {
      rebound("to a Python value");
      python_values_[name] = stmt;
      return;  // plain Python value: stays
    }
    if (g.kind != Kind::kOp) rebound(g.kind == Kind::kVariable ? "to a variable" : "to a placeholder");
    if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", name));
    if (HasMultilineString(stmt)) Fail(stmt, fmt::format("`{}` spans a multi-line string", name));
    if (g.kind == Kind::kVariable || g.kind == Kind::kPlaceholder) {
      if (uses_graph) Fail(stmt, fmt::format("`{}` is created from other graph tensors", name));
    }
    // a variable's initial value drawn without an op seed: TF2 draws it eagerly with an op
    // seed of its own (other numbers; the same with --deterministic-random), as the summary says
    if (g.kind == Kind::kVariable)
      for (TSNode c : m_.calls()) {
        if (!ts::Contains(right, c)) continue;
        const string cq = Resolved(ts::Field(c, "function"));
        if (StartsWith(cq, "tensorflow") && cq.find("random") != string::npos && !m_.KeywordArg(c, "seed").id)
          unseeded_.insert({ts_node_start_point(c).row + 1, cq});
      }
    if (g.kind == Kind::kOp) {
      CheckOpCalls(stmt, name);
      if (rebinds) RetireVersion(stmt, name);
      Identifiers(right, [&](TSNode id) {
        if (Graph(Text(id))) g.uses.push_back(Graph(Text(id))->name);
      });
    }
    names_[name] = graph_.size();
    graph_.push_back(std::move(g));
  }

  // `a, b = [tf.Variable(p) for p in INIT]` (or a list or tuple of tf.Variable calls): one
  // variable per name, made by a statement that stays where it is (created once, eagerly,
  // in the same order, so with the same names). Whether the statement is of that shape.
  bool VariablesUnpacked(TSNode stmt, TSNode right, const std::vector<string>& targets, bool uses_graph) {
    auto variable_call = [&](TSNode c) {
      if (!ts::Is(c, "call")) return false;
      string q = Resolved(ts::Field(c, "function"));
      return q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable";
    };
    std::vector<TSNode> calls;
    if (ts::Is(right, "list_comprehension")) {
      TSNode body = ts::Field(right, "body");
      if (!variable_call(body)) return false;
      for (TSNode c : ts::NamedChildren(right))
        if (!ts::Same(c, body) && !ts::Is(c, "for_in_clause")) return false;  // no `if` clause
      calls.push_back(body);
    } else if (ts::Is(right, "list") || ts::Is(right, "tuple")) {
      for (TSNode e : ts::NamedChildren(right)) {
        if (ts::Is(e, "comment")) continue;
        if (!variable_call(e)) return false;
        calls.push_back(e);
      }
      if (calls.size() != targets.size()) return false;
    } else {
      return false;
    }
    bool trainable = true;
    for (size_t k = 0; k < calls.size(); ++k) {
      TSNode tr = m_.KeywordArg(calls[k], "trainable");
      bool t = !tr.id || Text(tr) == "True";
      if (tr.id && Text(tr) != "True" && Text(tr) != "False")
        Fail(stmt, fmt::format("`{}`: trainable= is not a literal", targets[0]));
      if (k > 0 && t != trainable) return false;
      trainable = t;
    }
    for (const string& t : targets) {
      if (t == "_") Fail(stmt, "a variable is made and not bound to a name");
      if (names_.count(t)) Fail(stmt, fmt::format("`{}` is assigned twice while the graph is built (then to a variable)", t));
    }
    if (uses_graph) Fail(stmt, fmt::format("`{}` is created from other graph tensors", targets[0]));
    if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", targets[0]));
    if (HasMultilineString(stmt)) Fail(stmt, fmt::format("`{}` spans a multi-line string", targets[0]));
    for (const string& t : targets) {
      GraphName g{Kind::kVariable, t, stmt, right};
      g.trainable = trainable;
      names_[t] = graph_.size();
      graph_.push_back(std::move(g));
    }
    return true;
  }

  // `with tf.name_scope("scope"):` whose block makes only variables (`v = tf.Variable(...)`,
  // not from graph tensors), initializer objects and other names for those variables
  // (`w_again = w`, a reused get_variable: tf2_variable_scopes.h): it stays where it is, as
  // variables do (made once, eagerly; TF2's name scope prefixes their names as TF1's did).
  bool ScopeBlockMakesVariables(TSNode with) {
    TSNode body = ts::Field(with, "body"), call{}, alias{};
    if (!SingleWithCall(with, &call, &alias) || alias.id || Resolved(ts::Field(call, "function")) != "tensorflow.name_scope")
      return false;
    std::vector<std::pair<TSNode, GraphName>> vars;
    std::vector<std::pair<string, TSNode>> values;
    for (TSNode st : ts::NamedChildren(body)) {
      if (ts::Is(st, "comment")) continue;
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier"))
        return false;
      string name(Text(ts::Field(a, "left")));
      TSNode right = ts::Field(a, "right");
      GraphName* same = ts::Is(right, "identifier") ? Graph(Text(right)) : nullptr;
      for (auto& made : vars)
        if (ts::Is(right, "identifier") && made.second.name == Text(right)) same = &made.second;
      string q = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : string();
      if (same && same->kind == Kind::kVariable) {
        GraphName g{Kind::kVariable, name, st, right};
        g.trainable = same->trainable;
        vars.push_back({st, g});
      } else if (q == "tensorflow.Variable") {
        bool uses_graph = false;
        Identifiers(right, [&](TSNode id) { uses_graph |= Graph(Text(id)) != nullptr; });
        TSNode tr = m_.KeywordArg(right, "trainable");
        if (uses_graph || (tr.id && Text(tr) != "True" && Text(tr) != "False")) return false;
        GraphName g{Kind::kVariable, name, st, right};
        g.trainable = !tr.id || Text(tr) == "True";
        vars.push_back({st, g});
      } else if (q == "tensorflow.constant_initializer" || q == "tensorflow.zeros_initializer" ||
                 q == "tensorflow.ones_initializer") {
        values.push_back({name, st});
      } else {
        return false;
      }
    }
    if (vars.empty()) return false;
    if (!AloneOnLines(with) || HasMultilineString(with))
      Fail(with, "a name scope that makes variables shares its lines with other statements");
    for (auto& [st, g] : vars) {
      if (names_.count(g.name))
        Fail(st, fmt::format("`{}` is assigned twice while the graph is built (then to a variable)", g.name));
      names_[g.name] = graph_.size();
      graph_.push_back(std::move(g));
    }
    for (const auto& [name, st] : values) {
      if (names_.count(name)) Fail(st, fmt::format("`{}` names a graph tensor and is assigned an initializer", name));
      python_values_[name] = st;
    }
    return true;
  }

  // `with tf.name_scope("layer") as scope:` or `with tf.control_dependencies([op, ...]):`
  // whose block only binds names to graph tensors: one statement of the graph, as a loop
  // that builds it (LoopBuildsGraph), repeated in each function that needs one of its names
  // (with the graph tensors the dependencies name). TF2's tf.name_scope prefixes the
  // function's ops as TF1's prefixed the graph's and enters as the same scope string (only
  // a literal name: TF1's default_name and values arguments have no TF2 form); TF2's
  // tf.control_dependencies orders the function's ops as TF1's ordered the graph's. Whether
  // the block is of that shape; refused when such a block builds the graph in another way.
  bool ScopeBlockBuildsGraph(TSNode with) {
    TSNode body = ts::Field(with, "body"), call{}, alias{};
    if (!SingleWithCall(with, &call, &alias)) return false;
    string q = Resolved(ts::Field(call, "function"));
    const bool deps = q == "tensorflow.control_dependencies" || q == "tensorflow.compat.v1.control_dependencies";
    // `with tf.device("/gpu:0"):` places the ops of its block, in a function as in the graph
    // (TF2 places softly by default: a device the machine lacks is the CPU)
    const bool device = q == "tensorflow.device" && !alias.id;
    if (q != "tensorflow.name_scope" && q != "tensorflow.compat.v1.name_scope" && !deps && !device) return false;
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    std::vector<string> dep_names;  // the graph tensors the dependencies name
    if (deps) {
      bool ok = args.size() == 1 && (ts::Is(args[0], "list") || ts::Is(args[0], "tuple")) && !alias.id;
      for (TSNode e : ok ? ts::NamedChildren(args[0]) : std::vector<TSNode>{}) {
        if (ts::Is(e, "comment")) continue;
        GraphName* g = ts::Is(e, "identifier") ? Graph(Text(e)) : nullptr;
        ok = ok && g && g->kind == Kind::kOp;
        if (ok) dep_names.push_back(string(Text(e)));
      }
      if (!ok) Fail(with, "control dependencies that build part of the graph are not a list of graph tensors' names");
    } else {
      string_view arg = args.size() == 1 && ts::Is(args[0], "string") ? Text(args[0]) : string_view();
      if (arg.empty() || (arg[0] != '"' && arg[0] != '\''))
        Fail(with, device ? "a device block that builds part of the graph does not name its device by one literal string"
                          : "a name scope that builds part of the graph is not named by one literal string");
    }
    std::vector<std::pair<TSNode, string>> binds;  // (statement, name), in order
    for (TSNode st : ts::NamedChildren(body)) {
      if (ts::Is(st, "comment")) continue;
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier") ||
          !ts::Field(a, "right").id)
        Fail(st, "a name scope's block that builds the graph does more than bind names to graph tensors");
      binds.push_back({st, string(Text(ts::Field(a, "left")))});
    }
    if (binds.empty()) return false;
    if (!AloneOnLines(with)) Fail(with, "a name scope that builds the graph shares its line with other statements");
    if (HasMultilineString(with)) Fail(with, "a name scope that builds the graph spans a multi-line string");
    for (TSNode c : m_.calls()) {
      if (!ts::Contains(body, c)) continue;
      string cq = Resolved(ts::Field(c, "function"));
      if (StartsWith(cq, "tensorflow") && (cq.find("Variable") != string::npos || cq.find("variable") != string::npos))
        Fail(c, fmt::format("a {}'s block creates a variable (`{}`): a function would make it on each trace",
                            device ? "device" : "name scope", cq));
    }
    if (alias.id) {
      // the scope's name lives in the functions now: the module must not read it elsewhere
      const string scope(Text(alias));
      if (Graph(scope)) Fail(alias, fmt::format("the name scope's `{}` names a graph tensor", scope));
      ts::Walk(
          file_.Root(),
          [&](TSNode n, const char*) {
            if (ts::Same(n, with)) return false;
            if (!ts::Is(n, "identifier") || Text(n) != scope) return true;
            TSNode p = ts::Parent(n);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
            Fail(n, fmt::format("`{}`, the name scope of a block that builds the graph, is used outside it", scope));
          },
          [](TSNode) {});
    }
    CheckOpCalls(with, binds.front().second);
    std::set<string> names;
    for (const auto& [st, name] : binds) names.insert(name);
    if (alias.id && names.count(string(Text(alias))))
      Fail(with, fmt::format("the name scope's block rebinds `{}`, its scope", Text(alias)));
    // names the block reads before it binds them: their value before the block
    std::set<string> bound;
    std::vector<string> uses = dep_names;
    for (const auto& [st, name] : binds) {
      TSNode right = ts::Field(ts_node_named_child(st, 0), "right");
      bool graph = RefersToTf(right);
      Identifiers(right, [&](TSNode id) {
        string r(Text(id));
        graph |= bound.count(r) || Graph(r);
        if (!bound.count(r) && Graph(r) && std::find(uses.begin(), uses.end(), r) == uses.end()) uses.push_back(r);
      });
      // (as outside such a block: a value made from neither is not known to be a tensor)
      if (!graph) Fail(st, fmt::format("`{}` is bound in a block that builds the graph to a value not built from graph tensors", name));
      bound.insert(name);
    }
    std::vector<string> keys;
    for (const string& u : uses) keys.push_back(Graph(u)->name);
    for (const string& name : names)
      if (Graph(name)) {
        string before = Graph(name)->name;
        RetireVersion(with, name);
        for (auto& k : keys)
          if (k == before) k = Graph(name)->name;
      }
    for (const string& name : names) {
      GraphName g{Kind::kOp, name, with, with};
      g.uses = keys;
      names_[name] = graph_.size();
      graph_.push_back(std::move(g));
    }
    return true;
  }

  // `for i in range(len(xs)): y = m * xs[i] + b; error += (ys[i] - y) ** 2`: a loop over
  // Python values whose body only binds names to graph tensors builds the graph; it is one
  // statement of the graph (a function's body repeats it), defining each name it binds.
  // A name it extends that held a Python value before (`error = 0.0`) takes that
  // statement into the graph too. Whether the loop is of that shape; refused when it
  // builds the graph in another way.
  bool LoopBuildsGraph(TSNode loop) {
    TSNode var = ts::Field(loop, "left"), iter = ts::Field(loop, "right"), body = ts::Field(loop, "body");
    if (ts::Field(loop, "alternative").id || !ts::Is(var, "identifier") || !body.id) return false;
    bool iter_graph = RefersToTf(iter);
    Identifiers(iter, [&](TSNode id) { iter_graph |= Graph(Text(id)) != nullptr; });
    if (iter_graph) Fail(loop, "a loop over graph tensors builds the graph");
    std::vector<std::pair<TSNode, string>> binds;  // (statement, name), in order
    for (TSNode st : ts::NamedChildren(body)) {
      if (ts::Is(st, "comment")) continue;
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(st, "expression_statement") || !(ts::Is(a, "assignment") || ts::Is(a, "augmented_assignment")) ||
          !ts::Is(ts::Field(a, "left"), "identifier") || !ts::Field(a, "right").id)
        Fail(st, "a loop that builds the graph does more than bind names to graph tensors");
      if (ts::Is(a, "augmented_assignment")) {
        string op(Text(ts::Field(a, "operator")));
        if (op != "+=" && op != "-=" && op != "*=" && op != "/=")
          Fail(st, fmt::format("a loop that builds the graph updates `{}` with `{}`", Text(ts::Field(a, "left")), op));
      }
      binds.push_back({st, string(Text(ts::Field(a, "left")))});
    }
    if (binds.empty()) return false;
    if (!AloneOnLines(loop)) Fail(loop, "a loop that builds the graph shares its line with other statements");
    if (HasMultilineString(loop)) Fail(loop, "a loop that builds the graph spans a multi-line string");
    const string loop_var(Text(var));
    if (Graph(loop_var)) Fail(loop, fmt::format("the loop variable `{}` names a graph tensor", loop_var));
    // the loop variable lives in the functions now: the module must not read it elsewhere
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (ts::Same(n, loop)) return false;
          if (!ts::Is(n, "identifier") || Text(n) != loop_var) return true;
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
          bool rebound = false;
          for (TSNode q = n; q.id && !rebound; q = ts::Parent(q))
            rebound = ts::Is(q, "for_statement") && Text(ts::Field(q, "left")) == loop_var;
          if (!rebound)
            Fail(n, fmt::format("`{}`, the variable of a loop that builds the graph, is used outside it", loop_var));
          return false;
        },
        [](TSNode) {});
    CheckOpCalls(loop, binds.front().second);
    std::set<string> names;
    for (const auto& [st, name] : binds) names.insert(name);
    for (const string& name : names) {
      if (name == loop_var) Fail(loop, fmt::format("the loop rebinds its variable `{}`", name));
      GraphName* g = Graph(name);
      if (g && g->kind != Kind::kOp)
        Fail(loop, fmt::format("`{}` is assigned twice while the graph is built (first as a {})", name,
                               g->kind == Kind::kPlaceholder ? "placeholder"
                               : g->kind == Kind::kVariable  ? "variable"
                                                             : "initializer"));
    }
    // names the loop reads before it binds them: their value before the loop
    std::set<string> bound;
    std::vector<string> uses;
    for (const auto& [st, name] : binds) {
      TSNode a = ts_node_named_child(st, 0);
      std::vector<string> read;
      if (ts::Is(a, "augmented_assignment")) read.push_back(name);
      Identifiers(ts::Field(a, "right"), [&](TSNode id) { read.push_back(string(Text(id))); });
      for (const string& r : read) {
        if (bound.count(r) || r == loop_var) continue;
        if (names.count(r) && !Graph(r)) {
          // a Python value extended by graph tensors: its statement joins the graph
          auto it = python_values_.find(r);
          if (it == python_values_.end())
            Fail(st, fmt::format("`{}` is extended in a loop that builds the graph, from a value made elsewhere", r));
          TSNode init = it->second;
          ts::Walk(
              file_.Root(),
              [&](TSNode n, const char*) {
                if (!ts::Is(n, "identifier") || Text(n) != r) return true;
                if (ts_node_start_byte(n) < ts_node_start_byte(init) ||
                    (ts_node_end_byte(init) <= ts_node_start_byte(n) && ts_node_end_byte(n) <= ts_node_start_byte(loop)))
                  Fail(n, fmt::format("`{}` is used apart from the loop that extends it with graph tensors", r));
                return false;
              },
              [](TSNode) {});
          TSNode ia = ts_node_named_child(init, 0);
          names_[r] = graph_.size();
          graph_.push_back(GraphName{Kind::kOp, r, init, ts::Field(ia, "right")});
        }
        if (Graph(r) && std::find(uses.begin(), uses.end(), r) == uses.end()) uses.push_back(r);
      }
      bound.insert(name);
    }
    // earlier bindings of the names it binds become versions the loop uses
    for (const string& name : names)
      if (Graph(name)) {
        for (const auto& h : graph_)
          if (h.produces_operation && std::find(h.uses.begin(), h.uses.end(), Graph(name)->name) != h.uses.end())
            Fail(loop, fmt::format("`{}` is assigned again after `{}`, an operation built from it, was made", name,
                                   h.name));
      }
    std::vector<string> keys;
    for (const string& u : uses) keys.push_back(Graph(u)->name);
    for (const string& name : names)
      if (Graph(name)) {
        string before = Graph(name)->name;
        RetireVersion(loop, name);
        for (auto& k : keys)
          if (k == before) k = Graph(name)->name;
      }
    for (const string& name : names) {
      GraphName g{Kind::kOp, name, loop, loop};
      g.uses = keys;
      names_[name] = graph_.size();
      graph_.push_back(std::move(g));
    }
    return true;
  }

  // `for v in [w, b]: print(v.name, v.shape)`: variables listed for their name and
  // static shape only, which TF2's variables have as TF1's had (not their dtype: TF1's
  // reference variables say `float32_ref`; not their value: that is what sess.run is for).
  bool VariableMetadataLoop(TSNode id) {
    GraphName* g = Graph(Text(id));
    TSNode list = ts::Parent(id), loop = ts::Parent(list);
    if (!g || g->kind != Kind::kVariable || !ts::Is(list, "list") || !ts::Is(loop, "for_statement") ||
        !ts::Same(ts::Field(loop, "right"), list))
      return false;
    for (TSNode e : ts::NamedChildren(list))
      if (!ts::Is(e, "identifier") || !Graph(Text(e)) || Graph(Text(e))->kind != Kind::kVariable) return false;
    TSNode var = ts::Field(loop, "left");
    if (!ts::Is(var, "identifier") || Graph(Text(var))) return false;
    bool ok = true;
    Identifiers(ts::Field(loop, "body"), [&](TSNode u) {
      if (Text(u) != Text(var)) return;
      TSNode p = ts::Parent(u);
      ok = ok && ts::Is(p, "attribute") && (Text(ts::Field(p, "attribute")) == "name" ||
                                            Text(ts::Field(p, "attribute")) == "shape");
      TSNode pp = ts::Parent(p);
      // `v.shape` read, subscripted or measured; never assigned
      ok = ok && !(ts::Is(pp, "assignment") && ts::Same(ts::Field(pp, "left"), p));
    });
    return ok;
  }

  // `t.shape` or `t.get_shape()` (the expression, read, never assigned) of a graph tensor
  // `t` that is an op's result, a placeholder or a variable: its static shape, which TF2
  // keeps without running anything. Null when `id` is not read so.
  TSNode StaticShapeRead(TSNode id) {
    GraphName* g = Graph(Text(id));
    if (!g || (g->kind != Kind::kOp && g->kind != Kind::kPlaceholder && g->kind != Kind::kVariable)) return {};
    TSNode p = ts::Parent(id), pp = ts::Parent(p);
    if (!ts::Is(p, "attribute") || !ts::Same(ts::Field(p, "object"), id)) return {};
    string_view attr = Text(ts::Field(p, "attribute"));
    if (attr == "get_shape") {
      if (!ts::Is(pp, "call") || !ts::Same(ts::Field(pp, "function"), p) ||
          ts_node_named_child_count(ts::Field(pp, "arguments")) != 0)
        return {};
      return pp;
    }
    if (attr != "shape") return {};
    if ((ts::Is(pp, "assignment") || ts::Is(pp, "augmented_assignment")) && ts::Same(ts::Field(pp, "left"), p))
      return {};
    if (ts::Is(pp, "call") && ts::Same(ts::Field(pp, "function"), p)) return {};
    return p;
  }

  // The binding of `name` made last before byte `pos` (a name bound again between runs
  // of the session block means, at each run, what it was bound to then).
  GraphName* GraphAt(string_view name, uint32_t pos) {
    GraphName* best = Graph(name);
    auto it = versions_.find(string(name));
    if (!best || it == versions_.end()) return best;
    GraphName* found = nullptr;
    for (int k = 0; k <= it->second; ++k) {
      GraphName* g = k ? Graph(fmt::format("{}#{}", name, k)) : best;
      if (g && ts_node_start_byte(g->stmt) < pos &&
          (!found || ts_node_start_byte(g->stmt) > ts_node_start_byte(found->stmt)))
        found = g;
    }
    return found ? found : best;
  }
  // The Python name of a graph name (`x#1`, an earlier binding of `x`, is `x`).
  static string PyName(const string& key) { return key.substr(0, key.find('#')); }

  // `t.eval(...)` with `t` a name, or `op.run(...)` with `op` a graph name that is not an
  // initializer (whether it names a graph tensor is for the caller).
  bool IsEvalCall(TSNode c) {
    TSNode fn = ts::Field(c, "function");
    if (!ts::Is(fn, "attribute") || !ts::Is(ts::Field(fn, "object"), "identifier")) return false;
    string_view attr = Text(ts::Field(fn, "attribute"));
    if (attr == "eval") return true;
    GraphName* g = Graph(Text(ts::Field(fn, "object")));
    return attr == "run" && g && g->kind == Kind::kOp;
  }
  // The session an eval/run call names (`session=sess` or its second positional argument).
  TSNode EvalSessionArg(TSNode c) const {
    TSNode kw = m_.KeywordArg(c, "session");
    if (kw.id) return kw;
    const auto& pos = m_.PositionalArgs(c);
    return pos.size() > 1 ? pos[1] : TSNode{};
  }

  // `name`, bound again by `stmt` to another graph tensor: its binding so far becomes
  // `name#k` (the statements made from it keep it); `name` is then the new one.
  void RetireVersion(TSNode stmt, const string& name) {
    GraphName* prev = Graph(name);
    if (prev->kind != Kind::kOp)
      Fail(stmt, fmt::format("`{}` is assigned twice while the graph is built (first as a {})", name,
                             prev->kind == Kind::kPlaceholder ? "placeholder"
                             : prev->kind == Kind::kVariable  ? "variable"
                                                              : "initializer"));
    for (const auto& h : graph_)
      if (h.produces_operation && std::find(h.uses.begin(), h.uses.end(), prev->name) != h.uses.end())
        Fail(stmt, fmt::format("`{}` is assigned again after `{}`, an operation built from it, was made", name, h.name));
    string key = fmt::format("{}#{}", name, ++versions_[name]);
    names_[key] = names_[name];
    // (what is known of the earlier tensor's shape stays with it)
    for (auto* units : {&dense_units_, &rnn_outputs_})
      if (auto u = units->find(name); u != units->end()) {
        (*units)[key] = u->second;
        units->erase(u);
      }
    for (auto& h : graph_)
      for (auto& u : h.uses)
        if (u == name) u = key;
    prev->name = key;
  }

  // Calls that create variables or read graph-wide state would behave differently
  // inside a function traced in TF2.
  // The module-level function a call names (`add_layer(x, 1, 10)`), or null.
  TSNode ModuleFunction(TSNode call) const {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "identifier")) return TSNode{};
    for (TSNode st : ts::NamedChildren(file_.Root())) {
      TSNode d = ts::Is(st, "decorated_definition") ? ts::Field(st, "definition") : st;
      if (ts::Is(d, "function_definition") && Text(ts::Field(d, "name")) == Text(fn)) return d;
    }
    return TSNode{};
  }
  // A TF call in a module-level function `stmt` calls (directly or through others) that
  // makes a variable or reads graph-wide state: in a function traced in TF2 it would make
  // the variable again in each function (and each trace), or see nothing. Empty if none.
  string HelperState(TSNode stmt, std::set<string>* seen) const {
    string found;
    for (TSNode c : m_.calls()) {
      if (!found.empty() || !ts::Contains(stmt, c)) continue;
      // (a layer helper's call that became its object's: the object made the variables)
      if (layer_calls_.count(ts_node_start_byte(c))) continue;
      TSNode def = ModuleFunction(c);
      if (!def.id || !seen->insert(string(Text(ts::Field(def, "name")))).second) continue;
      for (TSNode k : m_.calls()) {
        if (!found.empty() || !ts::Contains(def, k)) continue;
        string q = Resolved(ts::Field(k, "function"));
        // (tf.contrib is gone from TF 2; a TF1 RNN cell, and a run of one, makes variables)
        if (StartsWith(q, "tensorflow") && (q.find("Variable") != string::npos || q.find("get_variable") != string::npos ||
                                            ReadsGraphState(q) || StartsWith(q, "tensorflow.contrib.") ||
                                            q.find("rnn_cell") != string::npos || EndsWith(q, "_rnn")))
          found = fmt::format("`{}` (`{}`)", Text(ts::Field(def, "name")), q);
      }
      if (found.empty()) found = HelperState(ts::Field(def, "body"), seen);
    }
    return found;
  }

  // The definitions of functions named `name` in the file (a nested `def` too).
  std::vector<TSNode> FunctionDefs(string_view name) const {
    std::vector<TSNode> defs;
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (ts::Is(n, "function_definition") && Text(ts::Field(n, "name")) == name) defs.push_back(n);
          return true;
        },
        [](TSNode) {});
    return defs;
  }
  // The random calls of function `def` (random ops, multinomial, dropout), in order, but
  // variables' initial values (drawn once, where the variable is made).
  std::vector<TSNode> HelperDraws(TSNode def) const {
    std::vector<TSNode> draws;
    for (TSNode k : m_.calls()) {
      if (!ts::Contains(def, k)) continue;
      string q = Resolved(ts::Field(k, "function"));
      if (!StartsWith(q, "tensorflow") ||
          (q.find("random") == string::npos && !EndsWith(q, "multinomial") && !EndsWith(q, "dropout")))
        continue;
      bool initial_value = false;
      for (TSNode p = ts::Parent(k); p.id && !ts::Same(p, def); p = ts::Parent(p)) {
        string pq = ts::Is(p, "call") ? Resolved(ts::Field(p, "function")) : "";
        initial_value |= StartsWith(pq, "tensorflow") &&
                         (pq.find("Variable") != string::npos || pq.find("get_variable") != string::npos);
      }
      if (!initial_value) draws.push_back(k);
    }
    return draws;
  }
  // A random op in a function of the file `stmt` calls (directly or through others; a
  // nested `def` too): "`model` (`tensorflow.nn.dropout`, line 212)". Empty if none.
  string HelperRandom(TSNode stmt, std::set<string>* seen) const {
    string found;
    for (TSNode c : m_.calls()) {
      if (!found.empty() || !ts::Contains(stmt, c)) continue;
      TSNode fn = ts::Field(c, "function");
      if (!ts::Is(fn, "identifier") || !seen->insert(string(Text(fn))).second) continue;
      std::vector<TSNode> defs = FunctionDefs(Text(fn));
      if (defs.size() != 1) continue;
      TSNode def = defs[0];
      std::vector<TSNode> draws = HelperDraws(def);
      if (!draws.empty())
        found = fmt::format("`{}` (`{}`, line {})", Text(fn), Resolved(ts::Field(draws[0], "function")),
                            ts_node_start_point(draws[0]).row + 1);
      if (found.empty()) found = HelperRandom(ts::Field(def, "body"), seen);
    }
    return found;
  }

  // `dataset = tf.data.Dataset.from_tensor_slices(arrays).batch(4)` made from no graph
  // tensor: a Python object in TF2 (an eager dataset), made once where it is; what TF1 did
  // with it goes through an iterator (OneShotIterator), or is refused there.
  bool DatasetValue(TSNode stmt, const string& name, TSNode right) {
    const bool was = datasets_.erase(name) > 0;  // (bound again to something else: no longer a dataset)
    if (!ts::Is(right, "call") || names_.count(name)) return false;
    const string q = Resolved(ts::Field(right, "function"));
    if (!StartsWith(q, "tensorflow.data.Dataset.") && !StartsWith(q, "tensorflow.compat.v1.data.Dataset.")) {
      // `ds = ds.map(...).batch(4)`: a transformation of a dataset
      TSNode root = right;
      while (ts::Is(root, "call") || ts::Is(root, "attribute"))
        root = ts::Is(root, "call") ? ts::Field(root, "function") : ts::Field(root, "object");
      if (!was || !ts::Is(root, "identifier") || Text(root) != name) return false;
    }
    // (a dataset transformed by a function of the script, or by a lambda that reads state
    // or draws random numbers: left to the usual checks)
    bool other = false;
    ts::Walk(
        right,
        [&](TSNode c, const char*) {
          if (ts::Is(c, "identifier") && !FunctionDefs(Text(c)).empty()) other = true;
          if (ts::Is(c, "call")) {
            const string cq = Resolved(ts::Field(c, "function"));
            if (ReadsGraphState(cq) || cq.find("random") != string::npos || EndsWith(cq, "dropout")) other = true;
          }
          return true;
        },
        [](TSNode) {});
    if (other || !AloneOnLines(stmt)) return false;
    // read only by a one-shot iterator or a transformation bound to the same name: TF1's
    // other uses (`ds.output_types`, the v1 Dataset's attributes) are the graph's
    bool iterated_only = true;
    ValueIdentifiers(file_.Root(), [&](TSNode n) {
      if (Text(n) != name) return;
      TSNode p = ts::Parent(n);
      if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), n)) return;  // a binding
      if (ts::Is(p, "argument_list") && ts::Is(ts::Parent(p), "call") &&
          IsV1IteratorMaker(Resolved(ts::Field(ts::Parent(p), "function"))))
        return;
      // the root of `name.map(...).batch(...)` bound to `name` again
      TSNode top = n;
      while (ts::Is(ts::Parent(top), "attribute") || ts::Is(ts::Parent(top), "call")) top = ts::Parent(top);
      TSNode asg = ts::Parent(top);
      if (ts::Is(asg, "assignment") && ts::Same(ts::Field(asg, "right"), top) &&
          ts::Is(ts::Field(asg, "left"), "identifier") && Text(ts::Field(asg, "left")) == name)
        return;
      iterated_only = false;
    });
    if (!iterated_only) return false;
    python_values_[name] = stmt;
    datasets_.insert(name);
    return true;
  }
  // `it = tf.compat.v1.data.make_one_shot_iterator(dataset)` of such a dataset: TF2's
  // iterator over it, `it = iter(dataset)`, made once where TF1 made it; `x = it.get_next()`
  // is an op of the functions (each run that computes it takes the next element, as each
  // TF1 run of the op did; at the end it raises tf.errors.OutOfRangeError, as sess.run did).
  static bool IsV1IteratorMaker(const string& q) {
    return q == "tensorflow.compat.v1.data.make_one_shot_iterator" ||
           q == "tensorflow.compat.v1.data.make_initializable_iterator";
  }
  // An initializable iterator (`tf.compat.v1.data.make_initializable_iterator(dataset)`)
  // is made the same way; `sess.run(it.initializer)` starts a new one there, `it =
  // iter(dataset)`, and the functions that compute `it.get_next()` take the iterator as an
  // argument (a tf.function would keep the iterator it was traced with).
  bool OneShotIterator(TSNode stmt, const string& name, TSNode right) {
    if (!ts::Is(right, "call") || !IsV1IteratorMaker(Resolved(ts::Field(right, "function")))) return false;
    const bool initializable =
        Resolved(ts::Field(right, "function")) == "tensorflow.compat.v1.data.make_initializable_iterator";
    const auto& pos = m_.PositionalArgs(right);
    TSNode ds = pos.empty() ? m_.KeywordArg(right, "dataset") : pos[0];
    if (!ts::Is(ds, "identifier") || !datasets_.count(string(Text(ds))) ||
        ts::NamedChildren(ts::Field(right, "arguments")).size() != 1)
      return false;
    if (names_.count(name)) Fail(stmt, fmt::format("`{}` names a graph tensor and is assigned an iterator", name));
    if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", name));
    // only `it.get_next()` reads it (and runs of `it.initializer`)
    ValueIdentifiers(file_.Root(), [&](TSNode n) {
      if (Text(n) != name) return;
      TSNode p = ts::Parent(n);
      if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), n)) return;
      bool get_next = ts::Is(p, "attribute") && Text(ts::Field(p, "attribute")) == "get_next" &&
                      ts::Is(ts::Parent(p), "call");
      if (initializable && IteratorInitializerRun(p)) return;
      if (!get_next)
        Fail(n, fmt::format("the v1 iterator `{}` is used other than by `{}.get_next()`{}", name, name,
                            initializable ? fmt::format(" and runs of `{}.initializer`", name) : ""));
    });
    if (initializable) {
      // (TF1's initializer started a shuffle's order again; `iter()` of the same dataset
      // reshuffles)
      for (TSNode c : m_.calls()) {
        TSNode fn = ts::Field(c, "function");
        if (!ts::Is(fn, "attribute") || Text(ts::Field(fn, "attribute")) != "shuffle") continue;
        TSNode st = c;
        while (st.id && !ts::Is(st, "expression_statement")) st = ts::Parent(st);
        TSNode asg = st.id ? ts_node_named_child(st, 0) : TSNode{};
        if (ts::Is(asg, "assignment") && Text(ts::Field(asg, "left")) == Text(ds))
          Fail(c, fmt::format("the initializable iterator `{}` iterates a dataset that shuffles: each run of its "
                              "initializer started TF1's order again (the same order with a seed), while `iter()` "
                              "of the same dataset reshuffles",
                              name));
      }
      init_iterators_[name] = string(Text(ds));
    }
    GraphName g{Kind::kVariable, name, stmt, right};
    g.trainable = false;
    module_edits_.emplace_back(ts_node_start_byte(right), ts_node_end_byte(right),
                               fmt::format("iter({})", Text(ds)));
    if (initializable)
      iterator_notes_.push_back(fmt::format("`{}` (a v1 initializable iterator): `iter({})`, made again where its "
                                            "initializer ran; the functions that compute `{}.get_next()` take it as "
                                            "an argument and its next element",
                                            name, Text(ds), name));
    else
      iterator_notes_.push_back(fmt::format("`{}` (a v1 one-shot iterator): `iter({})`, whose next element each "
                                            "function call that computes `{}.get_next()` takes",
                                            name, Text(ds), name));
    iterators_.insert(name);
    names_[name] = graph_.size();
    graph_.push_back(std::move(g));
    return true;
  }
  // The making of such an iterator, or its `get_next()`.
  bool IteratorCall(TSNode c) {
    TSNode f = ts::Field(c, "function");
    TSNode obj = ts::Is(f, "attribute") ? ts::Field(f, "object") : TSNode{};
    if (ts::Is(obj, "identifier") && iterators_.count(string(Text(obj))) && Text(ts::Field(f, "attribute")) == "get_next")
      return true;
    for (const string& it : iterators_)
      if (ts::Same(Graph(it)->value, c)) return true;
    return false;
  }
  // `it.initializer` (the attribute node) as the one fetch of a run: `sess.run(it.initializer)`
  bool IteratorInitializerRun(TSNode attr) const {
    if (!ts::Is(attr, "attribute") || Text(ts::Field(attr, "attribute")) != "initializer") return false;
    TSNode list = ts::Parent(attr);
    TSNode call = ts::Parent(list);
    if (!ts::Is(list, "argument_list") || !ts::Is(call, "call")) return false;
    TSNode fn = ts::Field(call, "function");
    return ts::Is(fn, "attribute") && Text(ts::Field(fn, "attribute")) == "run" &&
           ts::NamedChildren(list).size() == 1;
  }
  // The initializable iterators a function's statements take the next element of.
  std::vector<string> IteratorsOf(const std::set<string>& ops) const {
    std::vector<string> out;
    for (const auto& entry : init_iterators_) {
      const string& it = entry.first;  // (not a structured binding: clang 14 does not let a lambda capture it)
      bool used = false;
      for (const string& op : ops) {
        const GraphName* g = Graph(op);
        if (!g || used) continue;
        ts::Walk(
            g->stmt,
            [&](TSNode c, const char*) {
              TSNode fn = ts::Is(c, "call") ? ts::Field(c, "function") : TSNode{};
              if (ts::Is(fn, "attribute") && Text(ts::Field(fn, "attribute")) == "get_next" &&
                  Text(ts::Field(fn, "object")) == it)
                used = true;
              return !used;
            },
            [](TSNode) {});
      }
      if (used) out.push_back(it);
    }
    return out;
  }
  std::map<string, string> init_iterators_;  // initializable iterators made TF2's -> their dataset's name
  std::set<string> iterators_;         // ... made TF2's
  std::set<string> datasets_;          // module names bound to a dataset made from no graph tensor
  std::vector<string> iterator_notes_;  // the iterators made TF2's, for the summary

  // A dataset's `shuffle(...)` without a seed in the script: what a refusal of its
  // iterator adds (no two runs batch alike; --deterministic-random fixes random ops' draws,
  // not a dataset's order)
  string UnseededShuffle() const {
    for (TSNode c : m_.calls()) {
      TSNode fn = ts::Field(c, "function");
      if (!ts::Is(fn, "attribute") || Text(ts::Field(fn, "attribute")) != "shuffle") continue;
      if (m_.KeywordArg(c, "seed").id || m_.PositionalArgs(c).size() >= 2) continue;
      return fmt::format("; its dataset shuffles without a seed (line {}), so no two runs, TF1's or TF2's, batch "
                         "alike (--deterministic-random fixes random ops' draws, not a dataset's order): no "
                         "conversion of it could be proved equivalent",
                         ts_node_start_point(c).row + 1);
    }
    return "";
  }

  void CheckOpCalls(TSNode stmt, const string& name) {
    {
      std::set<string> seen;
      string helper = HelperState(stmt, &seen);
      if (!helper.empty())
        Fail(stmt, fmt::format("`{}` is built by {}, which makes variables or reads graph-wide state: a function "
                               "would run it on each trace",
                               name, helper));
    }
    for (TSNode c : m_.calls()) {
      if (!ts::Contains(stmt, c)) continue;
      string cq = Resolved(ts::Field(c, "function"));
      if (IteratorCall(c)) continue;  // `it.get_next()` of a one-shot iterator made TF2's (OneShotIterator)
      // (a layer call written as TF2's, StatelessLayerCall / LayerDropoutCall: no refusal; a
      // dropout not training draws nothing)
      const bool rewritten = layer_calls_.count(ts_node_start_byte(c)) != 0;
      if (no_draw_calls_.count(ts_node_start_byte(c))) continue;
      if (!rewritten && ReadsGraphState(cq) && (EndsWith(cq, "make_initializable_iterator") || EndsWith(cq, "make_one_shot_iterator")))
        Fail(c, fmt::format("`{}` calls `{}`: a v1 iterator, whose position lives in the graph (TF2 iterates the "
                            "dataset itself), a form the conversion does not write{}",
                            name, cq, UnseededShuffle()));
      if (!rewritten && StartsWith(cq, "tensorflow.contrib."))
        Fail(c, fmt::format("`{}` calls `{}`: tf.contrib is gone from TF 2 (no tf.compat.v1 form runs on TF 2.21); "
                            "replace it with its TF2 counterpart first",
                            name, cq));
      if (StartsWith(cq, "tensorflow") && !rewritten &&
          (cq.find("rnn_cell") != string::npos || EndsWith(cq, "dynamic_rnn") || EndsWith(cq, "static_rnn") ||
           EndsWith(cq, "bidirectional_dynamic_rnn") || EndsWith(cq, "raw_rnn")))
        Fail(c, fmt::format("`{}` calls `{}`: a TF1 RNN cell makes its variables when it is first called (in a "
                            "tf.function, on every trace), and TF2's Keras cells lay the weights out otherwise (TF1's "
                            "one kernel over [inputs, state] is Keras's kernel and recurrent_kernel, initialized "
                            "apart), so the conversion does not write it",
                            name, cq));
      if (StartsWith(cq, "tensorflow") && (cq.find("Queue") != string::npos || cq.find("queue_runner") != string::npos ||
                                           EndsWith(cq, "input_producer") || EndsWith(cq, "batch_join") ||
                                           EndsWith(cq, "shuffle_batch") || EndsWith(cq, "train.batch")))
        Fail(c, fmt::format("`{}` calls `{}`: a TF1 queue lives in the graph, filled by enqueue ops or queue-runner "
                            "threads a session starts; TF2's form is a tf.data pipeline, which the conversion writes "
                            "only for one slice_input_producer over arrays with shuffle=False batched by one "
                            "tf.train.batch of one thread (a shuffling queue's order is its own)",
                            name, cq));
      if (!rewritten && ReadsGraphState(cq))
        Fail(c, fmt::format("`{}` calls `{}`, which depends on graph-wide state", name, cq));
      // An op seed TF1 derived from the graph's op count is derived from the function's
      // graph in TF2: without an explicit seed= the numbers differ.
      bool random = StartsWith(cq, "tensorflow") &&
                    (cq.find("random") != string::npos || EndsWith(cq, "multinomial") || EndsWith(cq, "dropout"));
      // Without an op seed TF2 derives another one: the converted program draws other
      // numbers (as the migration guide says), equivalent when both draw the same ones;
      // the summary says so
      if (random && !m_.KeywordArg(c, "seed").id) {
        unseeded_.insert({ts_node_start_point(c).row + 1, cq});
        random_stmts_.insert(ts_node_start_byte(stmt));
      }
    }
  }

  // The graph names a fetch expression lists: a name, or a list/tuple of names.
  std::vector<TSNode> FetchNames(TSNode fetch) {
    std::vector<TSNode> out;
    if (ts::Is(fetch, "identifier")) {
      out.push_back(fetch);
    } else if (ts::Is(fetch, "dictionary")) {
      for (TSNode pr : ts::NamedChildren(fetch)) {
        if (ts::Is(pr, "comment")) continue;
        TSNode k = ts::Field(pr, "key"), v = ts::Field(pr, "value");
        if (!ts::Is(pr, "pair") || !ts::Is(k, "string") || !ts::Is(v, "identifier"))
          Fail(pr, "sess.run fetches a dict that is not `\"key\": tensor_name` pairs");
        out.push_back(v);
      }
    } else if (ts::Is(fetch, "list") || ts::Is(fetch, "tuple")) {
      for (TSNode e : ts::NamedChildren(fetch)) {
        if (ts::Is(e, "comment")) continue;
        if (!ts::Is(e, "identifier")) Fail(e, "sess.run fetches something other than names of graph tensors");
        out.push_back(e);
      }
    } else {
      Fail(fetch, "sess.run fetches an expression, not names of graph tensors");
    }
    for (TSNode n : out) {
      GraphName* g = Graph(Text(n));
      if (!g) Fail(n, fmt::format("sess.run fetches `{}`, which is not a tensor built before the session", Text(n)));
      if (g->kind == Kind::kPlaceholder) Fail(n, fmt::format("sess.run fetches the placeholder `{}`", Text(n)));
      if (g->kind == Kind::kOp && ts::Is(g->value, "call") && MakesSparse(Resolved(ts::Field(g->value, "function"))))
        Fail(n, fmt::format("sess.run fetches the sparse tensor `{}` (its value is a SparseTensorValue of NumPy "
                            "arrays; a function returns a SparseTensor)",
                            Text(n)));
    }
    return out;
  }

  // A TensorFlow function whose result is one Tensor (not a list, tuple or structure).
  // A call that makes an Operation (a run of it returns None), not a tensor.
  static bool MakesOperation(string_view q) {
    return EndsWith(q, ".minimize") || EndsWith(q, ".apply_gradients") || q == "tensorflow.group" ||
           q == "tensorflow.compat.v1.group" || q == "tensorflow.no_op" || q == "tensorflow.compat.v1.no_op";
  }
  static bool ReturnsOneTensor(string_view q) {
    if (!StartsWith(q, "tensorflow.") || q.find("(") != string_view::npos) return false;
    if (MakesOperation(q) || IsInitializerName(q)) return false;
    string_view last = q.substr(q.rfind('.') + 1);
    for (string_view many : {"split", "unstack", "unique", "unique_with_counts", "top_k", "meshgrid", "gradients",
                             "cond", "case", "while_loop", "map_fn", "scan", "foldl", "foldr", "py_func",
                             "numpy_function", "py_function", "identity_n", "moments", "dynamic_partition", "tuple",
                             "batch", "shuffle_batch", "svd", "eig", "eigh", "qr", "lu", "switch", "sparse_split"})
      if (last == many) return false;
    return !MakesSparse(q) && last.find("decoder") == string_view::npos && last.find("rnn") == string_view::npos;
  }

  // `sess.run(tf.nn.relu([-3., 3.]))`, `sess.run(poly(11))`: a fetch expression that
  // builds its own ops from Python values only (no graph tensor, no state, no random
  // numbers, no graph-wide state; module-level helpers it calls likewise): TF1 built
  // the ops at the run and ran them once, TF2 runs the same ops eagerly there.
  bool EagerFetch(TSNode e, std::set<string>* seen_fns) const {
    bool ok = true;
    Identifiers(e, [&](TSNode id) { ok = ok && !names_.count(string(Text(id))) && Text(id) != sess_; });
    if (!ok) return false;
    ts::Walk(
        e,
        [&](TSNode c, const char*) {
          if (!ok) return false;
          if (ts::Is(c, "lambda") || ts::Is(c, "global_statement") || ts::Is(c, "nonlocal_statement") ||
              ts::Is(c, "yield") || ts::Is(c, "class_definition")) {
            ok = false;
            return false;
          }
          if (ts::Is(c, "function_definition") && !ts::Same(c, e)) {
            ok = false;
            return false;
          }
          if (!ts::Is(c, "call")) return true;
          TSNode fn = ts::Field(c, "function");
          string q = Resolved(fn);
          if (StartsWith(q, "tensorflow")) {
            if (ReadsGraphState(q) || q.find("(") != string::npos) ok = false;
            for (string_view bad : {"random", "multinomial", "dropout", "Variable", "variable", "assign", "placeholder",
                                    "Session", "py_func", "numpy_function", "py_function", "Print", "print",
                                    "Assert", "initializer", "scatter_", "Graph", "device", "control_dependencies",
                                    "train.", "gradients", "summary", "data."})
              if (q.find(bad) != string::npos) ok = false;
            return ok;
          }
          if (ts::Is(fn, "identifier")) {
            // a module-level function of the script: its body, by the same rules
            string name(Text(fn));
            for (TSNode st : ts::NamedChildren(file_.Root())) {
              if (!ts::Is(st, "function_definition") || Text(ts::Field(st, "name")) != name) continue;
              if (!seen_fns->insert(name).second) return true;
              ok = ok && EagerFetch(ts::Field(st, "body"), seen_fns);
              return ok;
            }
            for (string_view b : {"range", "len", "float", "int", "abs", "min", "max", "sum", "round", "list",
                                  "tuple", "bool", "str"})
              if (name == b) return true;
            ok = false;
            return false;
          }
          if (StartsWith(q, "numpy.")) return true;
          ok = false;
          return false;
        },
        [](TSNode) {});
    return ok;
  }

  // `w.initializer` of a graph variable (TF2 initializes a variable where it is made).
  // Run once, outside loops: a second run would reset the variable, which TF2's
  // initialization where it is made does not.
  bool IsVariableInitializer(TSNode n) {
    if (!ts::Is(n, "attribute") || Text(ts::Field(n, "attribute")) != "initializer") return false;
    TSNode v = ts::Field(n, "object");
    if (!ts::Is(v, "identifier") || !Graph(Text(v)) || Graph(Text(v))->kind != Kind::kVariable) return false;
    for (TSNode p = ts::Parent(n); p.id; p = ts::Parent(p))
      if (ts::Is(p, "for_statement") || ts::Is(p, "while_statement"))
        Fail(n, fmt::format("`{}` is run in a loop (each run resets the variable)", Text(n)));
    if (!initialized_.insert(Graph(Text(v))->name).second)
      Fail(n, fmt::format("`{}` is run twice (the second run resets the variable)", Text(n)));
    return true;
  }

  // A Python name a fetched expression reads (`test_X` of `... / (2 * test_X.shape[0])`)
  // whose value every run sees alike, as the function reads it when traced: bound once in
  // the whole file, by a statement `name = ...` before the run (at module level or in the
  // session block, not in a loop or condition), and never bound again, subscript-assigned
  // or handed to a method of its own (which might change it in place).
  bool SettledPythonValue(TSNode id, TSNode run) const {
    const string name(Text(id));
    TSNode binding{};
    int bindings = 0;
    bool ok = true;
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (!ok) return false;
          // (a def or class of that name binds it; what is inside is checked like the rest)
          if ((ts::Is(n, "function_definition") || ts::Is(n, "class_definition")) && Text(ts::Field(n, "name")) == name)
            ok = false;
          if (!ts::Is(n, "identifier") || Text(n) != name) return true;
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
          // a method of it called (`x.sort()`), an item or attribute of it assigned
          if (ts::Is(p, "attribute") && ts::Is(ts::Parent(p), "call") && ts::Same(ts::Field(ts::Parent(p), "function"), p))
            ok = false;
          for (TSNode c = n, q = p; q.id; c = q, q = ts::Parent(q)) {
            const bool target = (ts::Is(q, "assignment") || ts::Is(q, "augmented_assignment") ||
                                 ts::Is(q, "for_statement") || ts::Is(q, "for_in_clause")) &&
                                ts::Same(ts::Field(q, "left"), c);
            if (target) {
              if (ts::Is(q, "assignment") && ts::Same(c, n) && ts::Is(ts::Parent(q), "expression_statement")) {
                ++bindings;
                binding = q;
              } else {
                ok = false;  // bound otherwise, or an item / attribute of it assigned
              }
              break;
            }
            if (ts::Is(q, "delete_statement") || ts::Is(q, "global_statement") || ts::Is(q, "nonlocal_statement") ||
                ts::Is(q, "parameters") || ts::Is(q, "lambda_parameters") || ts::Is(q, "as_pattern") ||
                ts::Is(q, "import_statement") || ts::Is(q, "import_from_statement"))
              ok = false;
            if (ts::Is(q, "expression_statement") || ts::Is(q, "block")) break;
          }
          return false;
        },
        [](TSNode) {});
    if (!ok || bindings != 1 || ts_node_start_byte(binding) >= ts_node_start_byte(run)) return false;
    // (not in a loop, a condition, a function)
    for (TSNode q = ts::Parent(binding); q.id; q = ts::Parent(q))
      if (ts::Is(q, "for_statement") || ts::Is(q, "while_statement") || ts::Is(q, "if_statement") ||
          ts::Is(q, "try_statement") || ts::Is(q, "function_definition") || ts::Is(q, "class_definition"))
        return false;
    return true;
  }

  // A fetch that is an expression of graph tensors (`A + B`, `tf.transpose(C)`): names of
  // graph tensors (each bound once), TensorFlow functions, literals and settled Python
  // values (SettledPythonValue: another Python name would be read when the function is
  // traced, not at each run). Its graph names go to `names`. Whether the fetch is of that
  // shape.
  bool GraphExpression(TSNode e, std::vector<TSNode>* names) {
    if (!ts::Is(e, "call") && !ts::Is(e, "binary_operator") && !ts::Is(e, "unary_operator") &&
        !ts::Is(e, "parenthesized_expression"))
      return false;
    bool ok = true;
    std::vector<TSNode> found;
    Identifiers(e, [&](TSNode id) {
      GraphName* g = Graph(Text(id));
      if (g) {
        ok = ok && !g->produces_operation && g->kind != Kind::kInitializer && !versions_.count(string(Text(id)));
        found.push_back(id);
      } else {
        ok = ok && (StartsWith(Resolved(id), "tensorflow") || SettledPythonValue(id, e));
      }
    });
    ts::Walk(
        e,
        [&](TSNode n, const char*) {
          if (ts::Is(n, "lambda") || ts::Is(n, "list_comprehension") || ts::Is(n, "generator_expression")) ok = false;
          return ok;
        },
        [](TSNode) {});
    if (!ok || found.empty()) return false;
    for (TSNode c : m_.calls()) {
      if (!ts::Contains(e, c)) continue;
      string q = Resolved(ts::Field(c, "function"));
      if (!StartsWith(q, "tensorflow") || q.find("Variable") != string::npos || q.find("variable") != string::npos ||
          q.find("placeholder") != string::npos || IsInitializerName(q) || MakesSparse(q))
        return false;
    }
    CheckOpCalls(e, string(Text(found.front())));
    *names = found;
    return true;
  }
  // A fetched expression of graph tensors whose value is one tensor: a graph name of one
  // tensor, a TensorFlow call that returns one, an operator applied to one (`[y] + g`,
  // lists joined, is not).
  bool GraphOneTensor(TSNode e) const {
    while (ts::Is(e, "parenthesized_expression") && ts_node_named_child_count(e) == 1) e = ts_node_named_child(e, 0);
    if (ts::Is(e, "identifier")) return Graph(Text(e)) && IsSingleTensor(*Graph(Text(e)));
    if (ts::Is(e, "binary_operator"))
      return TensorOnlyOperator(e) || GraphOneTensor(ts::Field(e, "left")) || GraphOneTensor(ts::Field(e, "right"));
    if (ts::Is(e, "unary_operator")) return GraphOneTensor(ts::Field(e, "argument"));
    return ts::Is(e, "call") && (ReturnsOneTensor(Resolved(ts::Field(e, "function"))) || CondOfOneTensor(e));
  }
  // `tf.cond(p, lambda: A, lambda: B)` where A and B are each one tensor: one tensor.
  bool CondOfOneTensor(TSNode call) const {
    if (Resolved(ts::Field(call, "function")) != "tensorflow.cond") return false;
    const auto& pos = m_.PositionalArgs(call);
    TSNode branches[2] = {pos.size() > 1 ? pos[1] : m_.KeywordArg(call, "true_fn"),
                          pos.size() > 2 ? pos[2] : m_.KeywordArg(call, "false_fn")};
    for (TSNode b : branches) {
      if (ts::Is(b, "identifier") && Graph(Text(b)) && ts::Is(Graph(Text(b))->stmt, "function_definition")) {
        // a graph-building def (GraphBuildingDef): its one `return`
        TSNode ret{};
        for (TSNode c : ts::NamedChildren(ts::Field(Graph(Text(b))->stmt, "body")))
          if (ts::Is(c, "return_statement")) ret = c;
        if (!ret.id || !GraphOneTensor(ts_node_named_child(ret, 0))) return false;
        continue;
      }
      if (!ts::Is(b, "lambda") || ts::Field(b, "parameters").id) return false;
      if (!GraphOneTensor(ts::Field(b, "body"))) return false;
    }
    return true;
  }
  string ExpressionFunctionName(TSNode e, const std::vector<TSNode>& names) {
    string base = "run";
    if (ts::Is(e, "call")) {
      string q = Resolved(ts::Field(e, "function"));
      base += "_" + q.substr(q.rfind('.') + 1);
    }
    std::set<string> seen;
    for (TSNode n : names)
      if (seen.insert(string(Text(n))).second) base += "_" + string(Text(n));
    if (base.size() > 40) base = "run_expression";
    string name = base;
    for (int k = 2; module_names_.count(name) || used_fn_names_.count(name); ++k) name = fmt::format("{}_{}", base, k);
    used_fn_names_.insert(name);
    return name;
  }

  // `hypothesis = list('bear')` in the session block, then `h = tf.SparseTensor(..., hypothesis,
  // ...)`: a name bound once, by a statement `name = ...` of the block's top level before
  // `t`, and named nowhere else but in statements that build the graph (so nothing changes
  // it): a function reads, when traced, the value each run would have seen.
  template <typename F>
  bool Settled(string_view name, TSNode t, const std::vector<TSNode>& block_top, F&& builds_graph) {
    TSNode binding{};
    for (TSNode st : block_top) {
      if (ts_node_start_byte(st) >= ts_node_start_byte(t)) break;
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (ts::Is(st, "expression_statement") && ts::Is(a, "assignment") && ts::Is(ts::Field(a, "left"), "identifier") &&
          Text(ts::Field(a, "left")) == name)
        binding = ts::Field(a, "left");
    }
    if (!binding.id) return false;
    bool ok = true;
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (!ok) return false;
          if (!ts::Is(n, "identifier") || Text(n) != name) return true;
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
          if (ts::Same(n, binding)) return false;
          bool in_graph = false;
          for (TSNode st : block_top)
            if (ts::Contains(st, n)) in_graph = builds_graph(st) && ts_node_start_byte(st) > ts_node_start_byte(binding);
          ok = in_graph || ReadOnly(n);
          return false;
        },
        [](TSNode) {});
    return ok;
  }

  // An occurrence of a name that only reads it: no method of it called, not bound, not
  // handed to a function other than builtins that read (`len(x)`, `x * 2`).
  bool ReadOnly(TSNode n) const {
    TSNode p = ts::Parent(n);
    if (ts::Is(p, "attribute") || ts::Is(p, "subscript")) return false;
    for (TSNode c = n, q = p; q.id; c = q, q = ts::Parent(q)) {
      if ((ts::Is(q, "assignment") || ts::Is(q, "augmented_assignment") || ts::Is(q, "for_statement") ||
           ts::Is(q, "for_in_clause")) &&
          ts::Same(ts::Field(q, "left"), c))
        return false;
      if (ts::Is(q, "delete_statement") || ts::Is(q, "global_statement") || ts::Is(q, "nonlocal_statement"))
        return false;
      if (ts::Is(q, "argument_list")) {
        TSNode fn = ts::Field(ts::Parent(q), "function");
        bool pure = false;
        for (string_view b : {"len", "list", "str", "int", "float", "range", "enumerate", "zip", "sorted", "sum",
                              "min", "max", "abs", "round", "tuple", "print"})
          pure |= ts::Is(fn, "identifier") && Text(fn) == b;
        if (!pure) return false;
      }
      if (ts::Is(q, "expression_statement") || ts::Is(q, "block")) break;
    }
    return true;
  }

  // The name a dict literal is assigned to (`feed = {...}` as a statement), or "".
  string FeedNameOf(TSNode dict) const {
    TSNode a = ts::Parent(dict);
    if (!ts::Is(dict, "dictionary") || !ts::Is(a, "assignment") || !ts::Same(ts::Field(a, "right"), dict) ||
        !ts::Is(ts::Field(a, "left"), "identifier") || !ts::Is(ts::Parent(a), "expression_statement"))
      return "";
    return string(Text(ts::Field(a, "left")));
  }

  // `feed = {x: xs[i], y: ys[i]}` in the session block: a dict of placeholders (each a
  // name) assigned once, whose name is used only as the feed_dict of the block's runs.
  void FindNamedFeeds(const std::vector<TSNode>& region, const std::set<const void*>& run_ids,
                      const std::set<const void*>& eval_ids) {
    std::map<string, std::vector<TSNode>> dicts;  // candidate name -> its dict literals
    for (TSNode r : region)
      ts::Walk(
          r,
          [&](TSNode n, const char*) {
            if (!ts::Is(n, "dictionary")) return true;
            string name = FeedNameOf(n);
            if (!name.empty()) dicts[name].push_back(n);
            return false;
          },
          [](TSNode) {});
    for (const auto& entry : dicts) {
      const string& name = entry.first;  // a plain reference: lambdas below capture it (clang 14)
      const auto& list = entry.second;
      if (list.size() != 1 || Graph(name) || name == sess_) continue;
      TSNode dict = list[0];
      std::vector<string> keys;
      bool ok = true;
      for (TSNode pr : ts::NamedChildren(dict)) {
        if (ts::Is(pr, "comment")) continue;
        TSNode k = ts::Is(pr, "pair") ? ts::Field(pr, "key") : TSNode{};
        GraphName* g = ts::Is(k, "identifier") ? Graph(Text(k)) : nullptr;
        if (!g || g->kind != Kind::kPlaceholder || std::find(keys.begin(), keys.end(), g->name) != keys.end()) {
          ok = false;
          break;
        }
        keys.push_back(g->name);
      }
      if (!ok || keys.empty()) continue;
      // every other occurrence of the name in the module: a run's feed_dict in the block
      TSNode target = ts::Field(ts::Parent(dict), "left");
      // a module-level statement of its own: the name's other module-level bindings (a
      // script's parts, each with its own `feed_dict = {...}`) delimit where it means this
      // dict; elsewhere every occurrence counts
      TSNode own = ts::Parent(ts::Parent(dict));
      uint32_t from = 0, to = UINT32_MAX;
      if (ts::Is(ts::Parent(own), "module")) {
        for (TSNode st : ts::NamedChildren(file_.Root())) {
          TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
          if (ts::Same(st, own) || !ts::Is(st, "expression_statement") || !ts::Is(a, "assignment") ||
              !ts::Is(ts::Field(a, "left"), "identifier") || Text(ts::Field(a, "left")) != name)
            continue;
          if (ts_node_end_byte(st) <= ts_node_start_byte(own)) from = ts_node_start_byte(own);
          else to = std::min(to, ts_node_start_byte(st));
        }
      }
      int feeds = 0;
      ts::Walk(
          file_.Root(),
          [&](TSNode n, const char*) {
            if (!ok) return false;
            if (!ts::Is(n, "identifier") || Text(n) != name || ts::Same(n, target)) return true;
            // (a function's body reads the binding of its call's time: it always counts)
            if ((ts_node_end_byte(n) <= from || ts_node_start_byte(n) >= to) &&
                m_.FunctionScopeAt(ts_node_start_byte(n)) < 0)
              return false;
            TSNode p = ts::Parent(n);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
            TSNode call = ts::Is(p, "keyword_argument") && Text(ts::Field(p, "name")) == "feed_dict" ? ts::Parent(ts::Parent(p))
                          : ts::Is(p, "argument_list")                                            ? ts::Parent(p)
                                                                                                  : TSNode{};
            bool as_feed = ts::Is(call, "call") && (run_ids.count(call.id) != 0) &&
                           ts_node_start_byte(n) > ts_node_end_byte(dict);
            if (as_feed && ts::Is(p, "argument_list")) {
              const auto& pos = m_.PositionalArgs(call);
              size_t at = eval_ids.count(call.id) ? 0 : 1;
              as_feed = pos.size() > at && ts::Same(pos[at], n);
            }
            if (!as_feed) ok = false;
            else ++feeds;
            return false;
          },
          [](TSNode) {});
      if (ok && feeds > 0) named_feeds_[name] = {dict, keys};
    }
  }

  // An expression of an eager fetch whose value is one Tensor: a TensorFlow call that
  // returns one, an operator applied to one, or a call of a module-level function whose
  // every `return` returns such an expression.
  bool OneTensorExpr(TSNode e, int depth) const {
    while (ts::Is(e, "parenthesized_expression") && ts_node_named_child_count(e) == 1) e = ts_node_named_child(e, 0);
    if (ts::Is(e, "binary_operator"))
      return TensorOnlyOperator(e) || OneTensorExpr(ts::Field(e, "left"), depth) ||
             OneTensorExpr(ts::Field(e, "right"), depth);
    if (ts::Is(e, "unary_operator")) return OneTensorExpr(ts::Field(e, "argument"), depth);
    if (!ts::Is(e, "call")) return false;
    TSNode fn = ts::Field(e, "function");
    if (ReturnsOneTensor(Resolved(fn))) return true;
    if (!ts::Is(fn, "identifier") || depth > 3) return false;
    for (TSNode st : ts::NamedChildren(file_.Root())) {
      if (!ts::Is(st, "function_definition") || Text(ts::Field(st, "name")) != Text(fn)) continue;
      bool all = true;
      int returns = 0;
      ts::Walk(
          ts::Field(st, "body"),
          [&](TSNode n, const char*) {
            if (ts::Is(n, "function_definition") || ts::Is(n, "lambda")) return false;
            if (!ts::Is(n, "return_statement")) return true;
            ++returns;
            TSNode v = ts_node_named_child_count(n) == 1 ? ts_node_named_child(n, 0) : TSNode{};
            all = all && v.id && OneTensorExpr(v, depth + 1);
            return false;
          },
          [](TSNode) {});
      return all && returns > 0;
    }
    return false;
  }

  // A graph name whose value is one Tensor (so `.numpy()` gives what sess.run gave), as
  // far as the statement shows: an operator expression, or a TensorFlow call that does
  // not return a list, tuple or structure.
  bool IsSingleTensor(const GraphName& g) const {
    if (g.kind != Kind::kOp || g.produces_operation) return false;
    TSNode a = ts_node_named_child_count(g.stmt) == 1 ? ts_node_named_child(g.stmt, 0) : TSNode{};
    if (ts::Is(a, "augmented_assignment")) return true;  // `loss += ...` of a tensor: one tensor
    // a name bound in a scope or device block: its own assignment
    if (!ts::Is(a, "assignment") && g.value.id && ts::Is(ts::Parent(g.value), "assignment")) a = ts::Parent(g.value);
    if (ts::Is(g.value, "with_statement")) return OneTensorInBlock(g);  // (a scope block binds it)
    if (!ts::Is(a, "assignment") || (!ts::Is(ts::Field(a, "left"), "identifier") && !g.split)) return false;
    return SingleTensorValue(g.value);
  }
  // A name a `with` block binds (the block is one statement of the graph): one tensor when
  // every binding of it in the block is (`h = f(h)` rebinds it; `h += ...` keeps a tensor).
  bool OneTensorInBlock(const GraphName& g) const {
    int bound = 0;
    bool all = true;
    ts::Walk(
        ts::Field(g.stmt, "body"),
        [&](TSNode c, const char*) {
          if (!all || ts::Is(c, "function_definition") || ts::Is(c, "lambda") || ts::Is(c, "class_definition"))
            return false;
          if (ts::Is(c, "augmented_assignment")) return false;
          // bound other than by `=` (a loop's target, `as`, `:=`): not known
          if (ts::Is(c, "for_statement")) {
            Identifiers(ts::Field(c, "left"), [&](TSNode id) { all = all && Text(id) != g.name; });
            return true;
          }
          if (ts::Is(c, "with_item") || ts::Is(c, "named_expression")) {
            Identifiers(c, [&](TSNode id) { all = all && Text(id) != g.name; });
            return false;
          }
          if (!ts::Is(c, "assignment")) return true;
          TSNode left = ts::Field(c, "left");
          if (ts::Is(left, "identifier")) {
            if (Text(left) == g.name) {
              ++bound;
              all = all && SingleTensorValue(ts::Field(c, "right"));
            }
          } else {
            Identifiers(left, [&](TSNode id) { all = all && Text(id) != g.name; });
          }
          return false;
        },
        [](TSNode) {});
    return all && bound > 0;
  }
  // A right-hand side whose value is one tensor.
  bool SingleTensorValue(TSNode v) const {
    while (ts::Is(v, "parenthesized_expression") && ts_node_named_child_count(v) == 1) v = ts_node_named_child(v, 0);
    if (ts::Is(v, "binary_operator") || ts::Is(v, "unary_operator")) return true;
    if (!ts::Is(v, "call")) return false;
    string q = Resolved(ts::Field(v, "function"));
    if (StartsWith(q, "tensorflow.keras.metrics.") && EndsWith(q, "().result")) return true;  // a metric's value
    // a variable's assign: the new value (TF1's ref tensor; TF2's updated variable)
    TSNode f = ts::Field(v, "function");
    if (ts::Is(f, "attribute") && ts::Is(ts::Field(f, "object"), "identifier")) {
      string_view method = Text(ts::Field(f, "attribute"));
      auto it = names_.find(string(Text(ts::Field(f, "object"))));
      const GraphName* owner = it == names_.end() ? nullptr : &graph_[it->second];
      if (owner && owner->kind == Kind::kVariable && (method == "assign" || method == "assign_add" || method == "assign_sub"))
        return true;
    }
    // a TensorFlow call that returns one tensor, a cond of two, or a call of the script's
    // function whose every `return` returns one
    return ReturnsOneTensor(q) || CondOfOneTensor(v) || OneTensorExpr(v, 0);
  }

  // `stop`: fed computed tensors (a run takes their values; what they use is not computed)
  void Dependencies(const string& name, std::set<string>* seen, const std::set<string>& stop = {}) {
    GraphName* g = Graph(name);
    if (!seen->insert(g->name).second) return;
    if (stop.count(g->name)) return;
    for (const string& u : g->uses) Dependencies(u, seen, stop);
  }
  // The number a graph operand is known to hold: a literal (`1.0`, `-2`), `tf.constant(1.0)`
  // or a graph name bound to that; nullopt otherwise.
  std::optional<double> KnownNumber(TSNode n, int depth = 0) {
    if (!n.id || depth > 8) return std::nullopt;
    if (ts::Is(n, "parenthesized_expression")) return KnownNumber(ts_node_named_child(n, 0), depth + 1);
    if (ts::Is(n, "integer") || ts::Is(n, "float")) {
      string t(Text(n));
      t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
      try {
        return std::stod(t);
      } catch (...) {
        return std::nullopt;
      }
    }
    if (ts::Is(n, "unary_operator") && Text(ts::Field(n, "operator")) == "-") {
      auto v = KnownNumber(ts::Field(n, "argument"), depth + 1);
      return v ? std::optional<double>(-*v) : std::nullopt;
    }
    if (ts::Is(n, "call") && Resolved(ts::Field(n, "function")) == "tensorflow.constant" &&
        !m_.PositionalArgs(n).empty())
      return KnownNumber(m_.PositionalArgs(n)[0], depth + 1);
    if (ts::Is(n, "identifier")) {
      GraphName* g = Graph(Text(n));
      if (g && g->kind == Kind::kOp && FeedableOp(*g)) return KnownNumber(g->value, depth + 1);
    }
    return std::nullopt;
  }
  // Where TF's TF1 graph optimizer (Grappler) rewrites the computation of a fed tensor, the
  // rewritten consumers may skip the fed value (TF 2.21 in TF1 mode: `b = a + 1.0` with
  // `a = tf.constant(1.0)` fed, `b * 3.0` is computed from `a`): the first operation of
  // the tensor's computation whose two operands hold the same known number, if any.
  TSNode EqualOperands(const string& name) {
    std::set<string> deps;
    Dependencies(name, &deps);
    TSNode found{};
    for (const string& d : deps) {
      GraphName* g = Graph(d);
      if (!g || g->kind != Kind::kOp || !g->value.id) continue;
      ts::Walk(
          g->value,
          [&](TSNode c, const char*) {
            if (found.id) return false;
            TSNode x{}, y{};
            if (ts::Is(c, "binary_operator")) {
              x = ts::Field(c, "left");
              y = ts::Field(c, "right");
            } else if (ts::Is(c, "call") && StartsWith(Resolved(ts::Field(c, "function")), "tensorflow") &&
                       m_.PositionalArgs(c).size() == 2) {
              x = m_.PositionalArgs(c)[0];
              y = m_.PositionalArgs(c)[1];
            }
            auto vx = KnownNumber(x), vy = KnownNumber(y);
            if (vx && vy && *vx == *vy) found = c;
            return !found.id;
          },
          [](TSNode) {});
    }
    return found;
  }
  // A computed tensor a feed can stand for as a function argument: the value of a
  // statement `name = expression` that makes only it (not an operation, not a variable).
  bool FeedableOp(const GraphName& g) const {
    if (g.produces_operation || !g.stmt.id || !ts::Is(g.stmt, "expression_statement")) return false;
    TSNode a = ts_node_named_child_count(g.stmt) == 1 ? ts_node_named_child(g.stmt, 0) : TSNode{};
    return ts::Is(a, "assignment") && ts::Is(ts::Field(a, "left"), "identifier") &&
           Text(ts::Field(a, "left")) == g.name;
  }

  struct RunSite {
    TSNode call, stmt;
    bool delete_stmt = false;  // an initializer run
    string replacement;
    TSNode replace_from{};  // the replacement starts here (an assignment's targets), not at the call
    int fn = -1;            // the function it calls (an index of the functions), if any
  };

  struct Function {
    string name, fetch_text;
    std::vector<string> params;  // placeholders, definition order
    std::set<string> ops;        // statements of the body
    bool fed_ops = false;        // some parameters are fed computed tensors
  };

  string FunctionName(const std::vector<TSNode>& fetch) {
    string base = "run";
    for (TSNode n : fetch) base += "_" + string(Text(n));
    if (base.size() > 40) base = "run_fetches";
    string name = base;
    for (int k = 2; module_names_.count(name) || used_fn_names_.count(name); ++k) name = fmt::format("{}_{}", base, k);
    used_fn_names_.insert(name);
    return name;
  }

  // SessionFunctionsArePrograms: two or more module-level `def`s open sessions (none at
  // module level), each is named only by one module-level call statement `f()`, and
  // between two such calls the module resets the default graph: each function builds
  // its graph into a fresh default graph, a program of its own.
  std::vector<TSNode> program_defs_;
  bool SessionFunctionsArePrograms(const std::vector<TSNode>& module_stmts) {
    std::vector<TSNode> defs;
    for (TSNode c : m_.calls()) {
      if (!IsSessionName(Resolved(ts::Field(c, "function")))) continue;
      TSNode def{};
      for (TSNode st : module_stmts)
        if (ts::Contains(st, c)) def = st;
      if (!ts::Is(def, "function_definition")) return false;
      if (defs.empty() || !ts::Same(defs.back(), def)) defs.push_back(def);
    }
    if (defs.size() < 2) return false;
    program_defs_ = defs;
    std::vector<int> order;  // module_stmts: -1 a reset, k a call of defs[k]
    for (TSNode st : module_stmts) {
      TSNode c = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(st, "expression_statement") || !ts::Is(c, "call")) continue;
      if (IsGraphReset(Resolved(ts::Field(c, "function")))) {
        order.push_back(-1);
        continue;
      }
      TSNode fn = ts::Field(c, "function");
      for (size_t k = 0; k < defs.size(); ++k)
        if (ts::Is(fn, "identifier") && Text(fn) == Text(ts::Field(defs[k], "name")))
          order.push_back(static_cast<int>(k));
    }
    // every name of a def: its one call statement
    for (size_t k = 0; k < defs.size(); ++k) {
      const string_view name = Text(ts::Field(defs[k], "name"));
      int uses = 0;
      bool other = false;
      ts::Walk(
          file_.Root(),
          [&](TSNode n, const char*) {
            if (!ts::Is(n, "identifier") || Text(n) != name) return true;
            if (ts::Same(n, ts::Field(defs[k], "name"))) return false;
            TSNode p = ts::Parent(n), st = ts::Parent(p);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
            TSNode args = ts::Field(p, "arguments");
            bool ok = ts::Is(p, "call") && ts::Same(ts::Field(p, "function"), n) && ts::Is(st, "expression_statement") &&
                      ts::Is(ts::Parent(st), "module") && ts_node_named_child_count(args) == 0;
            ++uses;
            other |= !ok;
            return false;
          },
          [](TSNode) {});
      if (other || uses != 1) return false;
    }
    size_t calls = 0;
    bool reset = true;
    for (int o : order) {
      if (o < 0) {
        reset = true;
        continue;
      }
      if (!reset) return false;
      ++calls;
      reset = false;
    }
    return calls == defs.size();
  }
  static bool IsSessionName(string_view q) {
    return q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
  }
  // Why a second session stops the conversion, as precisely as the script shows it.
  string SecondSession(TSNode first, TSNode second, TSNode target, bool assigned) const {
    auto function_of = [&](TSNode n) {
      for (TSNode p = ts::Parent(n); p.id; p = ts::Parent(p))
        if (ts::Is(p, "function_definition")) return string(Text(ts::Field(p, "name")));
      return string();
    };
    const string f1 = function_of(first), f2 = function_of(second);
    if (!f1.empty() && !f2.empty() && f1 != f2) {
      bool saver = false;
      for (TSNode c : m_.calls()) saver |= Resolved(ts::Field(c, "function")).find(".train.Saver") != string::npos;
      return fmt::format("`{}` and `{}` each open a session over a graph they build{}: TF2 has no graph to build "
                         "again; its form is one set of objects{}",
                         f1, f2, saver ? ", passing the variables on through a Saver checkpoint" : "",
                         saver ? ", saved and restored with tf.train.Checkpoint" : " the functions share");
    }
    if (assigned && ts::Is(target, "identifier")) {
      // a session that runs nothing: made for its configuration
      const string name(Text(target));
      bool used = false;
      ts::Walk(
          file_.Root(),
          [&](TSNode n, const char*) {
            if (used) return false;
            if (ts::Is(n, "identifier") && Text(n) == name && ts_node_start_byte(n) > ts_node_end_byte(second)) {
              TSNode p = ts::Parent(n);
              used = !(ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n));
            }
            return !used;
          },
          [](TSNode) {});
      if (!used)
        return fmt::format("the script opens a second session, `{}`, that runs nothing: it is made only for its "
                           "configuration, which TF2 sets for the whole process (tf.config)",
                           name);
    }
    return resets_between_ ? "the script opens a second session in a function or between resets of the default graph"
                           : "the script opens a second session on the same graph (each TF1 session would keep its "
                             "own copy of the graph's state)";
  }
  static bool IsGraphName(string_view q) { return q == "tensorflow.Graph" || q == "tensorflow.compat.v1.Graph"; }
  // `tf.Graph()` (no arguments)
  bool IsNewGraph(TSNode n) const {
    return ts::Is(n, "call") && IsGraphName(Resolved(ts::Field(n, "function"))) &&
           ts_node_named_child_count(ts::Field(n, "arguments")) == 0;
  }

  // What a graph wrapper is made of.
  struct WrapperParts {
    TSNode assign{};             // `g = tf.Graph()` before the wrapper, if that form
    TSNode header_object{};      // `g` in `with g.as_default():`
    std::vector<TSNode> names;  // the graph's names: `g` of that assignment, `as g`
  };

  // The graph wrapper: `with tf.Graph().as_default():`, `with tf.Graph().as_default() as g:`
  // or `with g.as_default():` after `g = tf.Graph()` in the same statement list (`list`,
  // where `s` is at `index`). Recognition only.
  bool GraphWrapper(TSNode s, const std::vector<TSNode>& list, size_t index, WrapperParts* parts = nullptr) const {
    if (!ts::Is(s, "with_statement")) return false;
    TSNode clause = ts_node_named_child(s, 0);
    if (!ts::Is(clause, "with_clause") || ts_node_named_child_count(clause) != 1) return false;
    TSNode v = ts::Field(ts_node_named_child(clause, 0), "value"), alias{};
    if (ts::Is(v, "as_pattern")) {
      TSNode a = ts::Field(v, "alias");
      alias = a.id ? ts_node_named_child(a, 0) : TSNode{};
      if (!ts::Is(alias, "identifier")) return false;
      v = ts_node_named_child(v, 0);
    }
    TSNode fn = ts::Is(v, "call") ? ts::Field(v, "function") : TSNode{};
    if (!ts::Is(fn, "attribute") || Text(ts::Field(fn, "attribute")) != "as_default" ||
        ts_node_named_child_count(ts::Field(v, "arguments")) != 0)
      return false;
    TSNode obj = ts::Field(fn, "object");
    TSNode found{};
    if (ts::Is(obj, "identifier")) {
      for (size_t i = 0; i < index; ++i) {
        TSNode a = ts_node_named_child_count(list[i]) == 1 ? ts_node_named_child(list[i], 0) : TSNode{};
        if (ts::Is(list[i], "expression_statement") && ts::Is(a, "assignment") &&
            ts::Is(ts::Field(a, "left"), "identifier") && Text(ts::Field(a, "left")) == Text(obj))
          found = IsNewGraph(ts::Field(a, "right")) ? list[i] : TSNode{};  // the last binding counts
      }
      if (!found.id) return false;
    } else if (!IsNewGraph(obj)) {
      return false;
    }
    if (parts) {
      parts->assign = found;
      parts->header_object = obj;
      if (found.id) parts->names.push_back(ts::Field(ts_node_named_child(found, 0), "left"));
      if (alias.id) parts->names.push_back(alias);
    }
    return true;
  }

  // The wrapper goes: its graph must serve nothing but the session's block.
  void CheckGraphWrapper(TSNode wrapper, const std::vector<TSNode>& list, size_t index, TSNode sess_call) {
    WrapperParts parts;
    GraphWrapper(wrapper, list, index, &parts);
    graph_stmt_ = parts.assign;
    TSNode clause = ts_node_named_child(wrapper, 0);
    TSNode body = ts::Field(wrapper, "body");
    if (ts_node_end_point(clause).row != ts_node_start_point(wrapper).row ||
        ts_node_start_point(ts_node_named_child(body, 0)).row == ts_node_start_point(wrapper).row)
      Fail(wrapper, "the graph's `with ... as_default():` header is not a line of its own");
    // (a multi-line string's later lines keep their text when the block's statements move out:
    // the guarded copy and the session block's kept lines)
    for (TSNode c : m_.calls())
      if (InWindow(c) && IsGraphName(Resolved(ts::Field(c, "function"))) &&
          !ts::Contains(ts_node_named_child(wrapper, 0), c) &&
          !(graph_stmt_.id && ts::Contains(graph_stmt_, c)))
        Fail(c, "the script makes a second graph (`tf.Graph()`)");
    if (graph_stmt_.id) {
      if (!AloneOnLines(graph_stmt_)) Fail(graph_stmt_, "`tf.Graph()` shares its line with other statements");
      deletions_.push_back(graph_stmt_);
    }
    // a seed set outside the block was the seed of another graph
    for (TSNode c : m_.calls()) {
      string q = Resolved(ts::Field(c, "function"));
      if (InWindow(c) && StartsWith(q, "tensorflow") &&
          (EndsWith(q, ".set_random_seed") || EndsWith(q, "random.set_seed")) && !ts::Contains(body, c))
        Fail(c, fmt::format("`{}` sets the seed of another graph than the one of the `with ... as_default():` block",
                            q));
    }
    // every other use of the graph's names: `g.get_tensor_by_name(...)`, `g.finalize()`, ...
    TSNode graph_kw{};
    for (TSNode a : ts::NamedChildren(ts::Field(sess_call, "arguments")))
      if (ts::Is(a, "keyword_argument") && Text(ts::Field(a, "name")) == "graph") graph_kw = ts::Field(a, "value");
    for (TSNode n : parts.names) graph_names_.insert(string(Text(n)));
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (!InWindow(n) && !ts::Contains(n, wrapper)) return false;
          if (!ts::Is(n, "identifier")) return true;
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
          if (!graph_names_.count(string(Text(n)))) return false;
          bool allowed = ts::Same(n, parts.header_object) || (graph_kw.id && ts::Same(n, graph_kw));
          for (TSNode d : parts.names) allowed |= ts::Same(n, d);
          if (!allowed)
            Fail(n, fmt::format("the graph `{}` is used for more than the session's block (`{}`)", Text(n),
                                ts::Is(p, "attribute") ? Text(p) : Text(n)));
          return false;
        },
        [](TSNode) {});
  }

  void Convert(SessionConversion* out) {
    TSNode root = file_.Root();
    // tensorflow must be imported as a module name at module level (the name used is the
    // one visible at the session, below)
    const auto& tf_imports = m_.TfModuleImports();
    if (std::none_of(tf_imports.begin(), tf_imports.end(),
                     [](const Binding* b) { return b->scope == 0 && b->qname == "tensorflow"; }))
      Fail(TSNode{}, "tensorflow is not imported as a module name (`import tensorflow as tf`)");
    // a partitioned variable: TF2 shards variables only under a ParameterServerStrategy
    for (TSNode c : m_.calls())
      if (StartsWith(Resolved(ts::Field(c, "function")), "tensorflow") && m_.KeywordArg(c, "partitioner").id)
        Fail(c, fmt::format("`{}` takes a partitioner: TF1 split the variable into shards (a PartitionedVariable "
                            "whose parts are checkpointed apart); TF2 partitions variables only under "
                            "tf.distribute.experimental.ParameterServerStrategy (variable_partitioner), a distributed "
                            "set-up the conversion does not write",
                            Text(ts::Field(c, "function"))));
    std::vector<TSNode> module_stmts = ts::NamedChildren(root);
    auto collect_names = [&](const std::vector<TSNode>& list) {
      for (TSNode s : list) {
        if (ts::Is(s, "expression_statement")) {
          TSNode a = ts_node_named_child(s, 0);
          if (ts::Is(a, "assignment") && ts::Is(ts::Field(a, "left"), "identifier"))
            module_names_.insert(string(Text(ts::Field(a, "left"))));
        } else if (ts::Is(s, "function_definition") || ts::Is(s, "class_definition")) {
          module_names_.insert(string(Text(ts::Field(s, "name"))));
        } else if (ts::Is(s, "decorated_definition")) {  // `@tf.function def run_w():` of an earlier pass
          TSNode d = ts::Field(s, "definition");
          if (d.id) module_names_.insert(string(Text(ts::Field(d, "name"))));
        }
      }
    };
    collect_names(module_stmts);
    keras_objects_ = FindKerasLayerObjects(file_, m_);
    // The session: a `with ...Session() as sess:` block, or `sess = ...Session()`
    // followed by the statements that use it, among the module's statements or those of
    // a module-level function (`def main(_):` run by tf.app.run), which then holds the
    // whole conversion; either may sit directly in a `with tf.Graph().as_default():`
    // block of that level (the graph wrapper), which goes.
    auto session_at = [&](TSNode s, TSNode* call_out, TSNode* target_out, bool* assigned) -> bool {
      if (ts::Is(s, "expression_statement") && ts_node_named_child_count(s) == 1) {
        TSNode a = ts_node_named_child(s, 0);
        TSNode left = ts::Field(a, "left"), right = ts::Field(a, "right");
        if (!ts::Is(a, "assignment") || !ts::Is(right, "call")) return false;
        if (!IsSessionName(Resolved(ts::Field(right, "function")))) return false;
        if (!ts::Is(left, "identifier")) Fail(s, "the session is not bound to a name (`sess = ...`)");
        *target_out = left;
        *call_out = right;
        *assigned = true;
        return true;
      }
      if (!ts::Is(s, "with_statement")) return false;
      TSNode clause = ts_node_named_child(s, 0);
      if (!ts::Is(clause, "with_clause")) return false;
      for (TSNode item : ts::NamedChildren(clause)) {
        TSNode v = ts::Field(item, "value");
        if (!ts::Is(v, "as_pattern")) continue;
        TSNode call = ts_node_named_child(v, 0);
        if (!ts::Is(call, "call")) continue;
        string q = Resolved(ts::Field(call, "function"));
        if (q != "tensorflow.compat.v1.Session" && q != "tensorflow.compat.v1.InteractiveSession") continue;
        if (ts::NamedChildren(clause).size() != 1) Fail(s, "the session's `with` also manages other objects");
        TSNode alias = ts::Field(v, "alias");
        *target_out = alias.id ? ts_node_named_child(alias, 0) : TSNode{};
        *call_out = call;
        *assigned = false;
        return true;
      }
      return false;
    };
    std::vector<TSNode> stmts;     // the statement list holding the session
    std::vector<TSNode> outer;     // with a graph wrapper: the list holding the wrapper
    size_t with_index = 0, wrapper_index = 0;
    int found = 0;
    bool assigned = false;
    TSNode sess_call{}, sess_target{}, wrapper{};
    auto scan = [&](const std::vector<TSNode>& list, const std::vector<TSNode>* around, size_t around_index,
                    TSNode wrap) {
      for (size_t i = 0; i < list.size(); ++i) {
        TSNode call, target;
        bool assign = false;
        if (!session_at(list[i], &call, &target, &assign)) continue;
        if (found++)
          Fail(list[i], SecondSession(stmts[with_index], list[i], target, assign));
        stmts = list;
        with_index = i;
        sess_call = call;
        sess_target = target;
        assigned = assign;
        wrapper = wrap;
        if (around) {
          outer = *around;
          wrapper_index = around_index;
        }
      }
    };
    // `list` and the bodies of its graph wrappers
    auto scan_level = [&](const std::vector<TSNode>& list) {
      scan(list, nullptr, 0, TSNode{});
      for (size_t i = 0; i < list.size(); ++i)
        if (GraphWrapper(list[i], list, i)) scan(ts::NamedChildren(ts::Field(list[i], "body")), &list, i, list[i]);
    };
    // Resets of the default graph at module level split the script into programs of
    // their own: this pass converts the first session's (from the reset before it up to
    // the next reset); ConvertSessionToFunctions runs again for the next one.
    std::vector<TSNode> window_stmts = module_stmts;
    // Module-level functions that each build a graph and open a session on it, called once
    // each at module level with a reset of the default graph between the calls: each is a
    // program of its own (this pass converts the first; ConvertSessionToFunctions runs again).
    const bool function_programs = function_programs_ = SessionFunctionsArePrograms(module_stmts);
    if (!function_programs) {
      auto is_reset = [&](TSNode st) {
        TSNode c = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
        return ts::Is(st, "expression_statement") && ts::Is(c, "call") &&
               IsGraphReset(Resolved(ts::Field(c, "function")));
      };
      size_t first_session = module_stmts.size();
      for (size_t i = 0; i < module_stmts.size() && first_session == module_stmts.size(); ++i)
        for (TSNode c : m_.calls())
          if (ts::Contains(module_stmts[i], c) && IsSessionName(Resolved(ts::Field(c, "function")))) {
            first_session = i;
            break;
          }
      size_t lo = 0, hi = module_stmts.size();
      for (size_t i = 0; i < module_stmts.size(); ++i) {
        if (!is_reset(module_stmts[i])) continue;
        if (i < first_session) lo = later_part_ ? i : 0;  // the first part starts at the top
        else if (hi == module_stmts.size()) hi = i;
      }
      // or the parts SessionParts found (sessions one after another, each over a graph of its own)
      if (first_session < module_stmts.size() && lo == 0 && hi == module_stmts.size())
        for (size_t from_end : session_parts_) {
          if (from_end == 0 || from_end > module_stmts.size()) continue;
          size_t b = module_stmts.size() - from_end;
          if (b <= first_session) lo = std::max(lo, b);
          else hi = std::min(hi, b);
        }
      if (first_session < module_stmts.size() && (lo > 0 || hi < module_stmts.size())) {
        resets_between_ = true;
        window_stmts.assign(module_stmts.begin() + static_cast<std::ptrdiff_t>(lo),
                            module_stmts.begin() + static_cast<std::ptrdiff_t>(hi));
        window_begin_ = ts_node_start_byte(window_stmts.front());
        window_end_ = ts_node_end_byte(window_stmts.back());
      }
    }
    scan_level(window_stmts);
    for (TSNode s : window_stmts) {
      if (!ts::Is(s, "function_definition")) continue;
      if (found && function_programs) break;  // a later pass converts the next one
      std::vector<TSNode> body = ts::NamedChildren(ts::Field(s, "body"));
      size_t before = found;
      scan_level(body);
      if (found != static_cast<int>(before)) {
        container_indent_ = ts_node_start_point(body.front()).column;
        collect_names(body);
        for (TSNode p : ts::NamedChildren(ts::Field(s, "parameters")))
          if (ts::Is(p, "identifier")) module_names_.insert(string(Text(p)));
      }
    }
    if (!found) {
      for (TSNode c : m_.calls()) {
        if (!IsSessionName(Resolved(ts::Field(c, "function")))) continue;
        // `self.sess = tf.Session()` in a method: a session an object owns
        TSNode cls{}, method{};
        for (TSNode p = ts::Parent(c); p.id; p = ts::Parent(p)) {
          if (!method.id && ts::Is(p, "function_definition")) method = p;
          if (ts::Is(p, "class_definition")) {
            cls = p;
            break;
          }
        }
        if (cls.id && method.id)
          Fail(c, fmt::format("the session is owned by an object (made in `{}.{}`): the conversion turns module-level "
                              "and function-level sessions into tf.functions, not a class's graph, session and "
                              "methods (TF2's form: a tf.Module whose variables its constructor makes and whose "
                              "methods are tf.functions)",
                              Text(ts::Field(cls, "name")), Text(ts::Field(method, "name"))));
        Fail(c, "the session is not opened by a `with ... as sess:` block or a `sess = ...Session()` statement "
                "of the module or of a module-level function");
      }
      Fail(TSNode{}, "no session to convert");
    }
    TSNode with = stmts[with_index];  // the session statement: the `with` block or the assignment
    if (function_programs)
      for (TSNode d : program_defs_)
        if (!ts::Contains(d, with)) other_programs_.push_back({ts_node_start_byte(d), ts_node_end_byte(d)});
    if (!ts::Is(sess_target, "identifier")) Fail(with, "the session is not bound to a name (`as sess`)");
    sess_ = string(Text(sess_target));
    const Binding* tf_module = m_.TfModuleAt(ts_node_start_byte(with), SemanticModel::kTfModule);
    if (!tf_module) Fail(with, "the name tensorflow is imported as is not visible at the session");
    tf_ = tf_module->name;
    // the graph wrapper, if any
    if (wrapper.id) {
      collect_names(stmts);
      wrap_indent_ = ts_node_start_point(stmts.front()).column - container_indent_;
      CheckGraphWrapper(wrapper, outer, wrapper_index, sess_call);
    } else {
      for (TSNode c : m_.calls())
        if (InWindow(c) && IsGraphName(Resolved(ts::Field(c, "function"))))
          Fail(c, "the script makes a `tf.Graph()` other than a `with tf.Graph().as_default():` block holding the "
                  "session");
    }
    {
      TSNode args = ts::Field(sess_call, "arguments");
      bool configured = ts_node_named_child_count(args) != 0;
      // `tf.compat.v1.Session(graph=g)` with the wrapper's graph is the default anyway
      if (ts_node_named_child_count(args) == 1 && !graph_names_.empty()) {
        TSNode kw = ts_node_named_child(args, 0);
        configured = !(ts::Is(kw, "keyword_argument") && Text(ts::Field(kw, "name")) == "graph" &&
                       ts::Is(ts::Field(kw, "value"), "identifier") &&
                       graph_names_.count(string(Text(ts::Field(kw, "value")))));
      }
      if (configured) {
        // `tf.compat.v1.Session(server.target)`: a session of a (TF1 in-process) server
        TSNode target = m_.KeywordArg(sess_call, "target");
        if (!target.id && !m_.PositionalArgs(sess_call).empty()) target = m_.PositionalArgs(sess_call)[0];
        if (ts::Is(target, "attribute") && Text(ts::Field(target, "attribute")) == "target")
          Fail(sess_call, fmt::format("the session runs on the server `{}` (its target): TF2 runs ops placed on a "
                                      "cluster's tasks (`/job:...` devices) only in a process connected to the cluster "
                                      "(tf.config.experimental_connect_to_cluster), a distributed set-up the conversion "
                                      "does not write",
                                      Text(ts::Field(target, "object"))));
        Fail(sess_call, "the session is configured (graph, config or target arguments)");
      }
    }
    if (ts_node_start_point(with).column != container_indent_ + wrap_indent_)
      Fail(with, "the session block is nested in another block");
    if (assigned && !AloneOnLines(with)) Fail(with, fmt::format("`{}` shares its line with other statements", sess_));
    // The session's statements: the `with` body, or those after the assignment up to
    // an optional `sess.close()` (deleted).
    std::vector<TSNode> region;
    size_t region_last = with_index;  // index in `stmts` of the session's last statement
    TSNode close{};
    if (!assigned) {
      region.push_back(ts::Field(with, "body"));
    } else {
      // `sess = tf.Session()` made before the graph (TF1 extends the session's graph at
      // each run): the statements up to the first that names the session build the
      // graph as if they came before it, and the assignment goes
      // (an InteractiveSession is the default session: `t.eval()` runs it too)
      const bool interactive = Resolved(ts::Field(sess_call, "function")) == "tensorflow.compat.v1.InteractiveSession";
      size_t first_use = with_index + 1;
      while (first_use < stmts.size()) {
        bool names_session = false;
        Identifiers(stmts[first_use], [&](TSNode id) { names_session |= Text(id) == sess_; });
        if (interactive)
          for (TSNode c : m_.calls()) {
            if (!ts::Contains(stmts[first_use], c)) continue;
            // `t.eval()`, `tf.global_variables_initializer().run()`: runs of the default session
            TSNode fn = ts::Field(c, "function");
            TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
            names_session |= IsEvalCall(c) || (Text(ts::Field(fn, "attribute")) == "run" && ts::Is(obj, "call") &&
                                               IsInitializerName(Resolved(ts::Field(obj, "function"))));
          }
        if (names_session) break;
        ++first_use;
      }
      if (first_use > with_index + 1 && first_use < stmts.size()) {
        early_session_ = true;
        deletions_.push_back(with);
        body_head_ = first_use;
      }
      for (size_t i = first_use; i < stmts.size(); ++i) {
        region.push_back(stmts[i]);
        region_last = i;
        TSNode c = ts_node_named_child_count(stmts[i]) == 1 ? ts_node_named_child(stmts[i], 0) : TSNode{};
        TSNode f = ts::Is(stmts[i], "expression_statement") && ts::Is(c, "call") ? ts::Field(c, "function") : TSNode{};
        if (ts::Is(f, "attribute") && Text(ts::Field(f, "object")) == sess_ && Text(ts::Field(f, "attribute")) == "close" &&
            ts_node_named_child_count(ts::Field(c, "arguments")) == 0) {
          if (!AloneOnLines(stmts[i])) Fail(stmts[i], fmt::format("`{}.close()` shares its line with other statements", sess_));
          close = stmts[i];
          break;
        }
      }
      if (region.empty()) Fail(with, "the session block runs nothing");
    }
    // the region's statements are consecutive: their byte range
    const uint32_t region_begin = ts_node_start_byte(region.front()), region_end = ts_node_end_byte(region.back());
    auto in_region = [&](TSNode n) {
      return region_begin <= ts_node_start_byte(n) && ts_node_end_byte(n) <= region_end;
    };
    if (container_indent_ && resets_between_)
      Fail(with, "the session is in a function of a script that resets the default graph between its parts");
    if (container_indent_) {
      // The graph must be built in the function: module-level TF calls other than
      // flags, logging and app are graph-building the function would see as globals.
      for (TSNode c : m_.calls()) {
        if (m_.FunctionScopeAt(ts_node_start_byte(c)) >= 0) continue;
        string q = Resolved(ts::Field(c, "function"));
        if (!StartsWith(q, "tensorflow")) continue;
        bool allowed = false;
        for (string_view ok : {".app.", ".flags.", ".logging.", "get_logger", ".config.threading.",
                               "disable_v2_behavior", "disable_eager_execution",
                               "set_random_seed", "random.set_seed", "reset_default_graph"})
          allowed |= q.find(ok) != string::npos;
        if (!allowed) Fail(c, fmt::format("`{}` runs at module level while the session is in a function", q));
      }
      // the module's own behavior switches go too (the graph is built in a function)
      for (TSNode st : module_stmts) {
        TSNode c = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
        if (!ts::Is(st, "expression_statement") || !ts::Is(c, "call")) continue;
        string q = Resolved(ts::Field(c, "function"));
        if (q == "tensorflow.compat.v1.disable_v2_behavior" || q == "tensorflow.compat.v1.disable_eager_execution") {
          if (!AloneOnLines(st)) Fail(st, "a behavior switch shares its line with other statements");
          deletions_.push_back(st);
        } else if (IsGraphReset(q)) {
          DropGraphReset(st, c);
        }
      }
    }
    if (wrapper.id) {
      // before the wrapper: nothing of the graph (TF1 built it in another graph)
      for (size_t i = 0; i < wrapper_index; ++i) {
        if (graph_stmt_.id && ts::Same(outer[i], graph_stmt_)) continue;
        Classify(outer[i]);
        if (!graph_.empty())
          Fail(outer[i], fmt::format("`{}` is built outside the graph's `with ... as_default():` block (in another "
                                     "graph)",
                                     graph_.front().name));
      }
    }
    for (size_t i = 0; i < with_index; ++i) Classify(stmts[i]);
    if (early_session_)
      for (size_t i = with_index + 1; i < body_head_; ++i) Classify(stmts[i]);
    // Graph built at the top level of the session's block, between runs (TF1 adds the
    // ops to the session's graph): they join the graph the functions are made of;
    // variables and optimizers stay where they are (created eagerly, once).
    std::vector<TSNode> block_top = assigned ? region : ts::NamedChildren(region[0]);
    auto builds_graph = [&](TSNode t) {
      if (ts::Is(t, "function_definition")) return GraphBuildingDef(t);
      TSNode a = ts_node_named_child_count(t) == 1 ? ts_node_named_child(t, 0) : TSNode{};
      if (!ts::Is(t, "expression_statement") || !ts::Is(a, "assignment") || !ts::Field(a, "right").id) return false;
      if (!FeedNameOf(ts::Field(a, "right")).empty()) {
        // `feed = {x: ..., y: ...}` of placeholders: a feed (FindNamedFeeds), not graph
        bool placeholders = true;
        for (TSNode pr : ts::NamedChildren(ts::Field(a, "right"))) {
          TSNode k = ts::Is(pr, "pair") ? ts::Field(pr, "key") : TSNode{};
          GraphName* g = ts::Is(k, "identifier") ? Graph(Text(k)) : nullptr;
          placeholders = placeholders && (ts::Is(pr, "comment") || (g && g->kind == Kind::kPlaceholder));
        }
        if (placeholders) return false;
      }
      bool names_session = false, uses_graph = false;
      Identifiers(t, [&](TSNode id) {
        names_session |= Text(id) == sess_;
        // (a name the statement binds is no use of it: `loss = float(l)`)
        bool target = false;
        for (TSNode q = id; q.id && !ts::Same(q, a) && !target; q = ts::Parent(q)) {
          TSNode p = ts::Parent(q);
          if (ts::Is(p, "attribute") || ts::Is(p, "subscript")) break;
          target = ts::Same(p, a) && ts::Same(ts::Field(a, "left"), q);
        }
        uses_graph |= !target && Graph(Text(id)) != nullptr && !Shadowed(Text(id), ts_node_start_byte(id));
      });
      // (`v = y.eval()`: a run of the default session, the block's, as `v = sess.run(y)` is)
      for (TSNode c : m_.calls())
        names_session |= ts::Contains(t, c) && IsEvalCall(c) &&
                         Graph(Text(ts::Field(ts::Field(c, "function"), "object"))) != nullptr;
      return !names_session && (uses_graph || RefersToTf(ts::Field(a, "right"), false));
    };
    // `[[b]] = sess.run(b)`, `a, b = sess.run([a, b])` at the top level of the block: from
    // there on the names hold the values the block computed (plain Python, as in TF1)
    for (TSNode t : block_top) {
      if ((close.id && ts::Same(t, close)) || builds_graph(t)) continue;
      TSNode a = ts_node_named_child_count(t) == 1 ? ts_node_named_child(t, 0) : TSNode{};
      if (!ts::Is(t, "expression_statement") || !ts::Is(a, "assignment")) continue;
      ts::Walk(
          ts::Field(a, "left"),
          [&](TSNode q, const char*) {
            if (ts::Is(q, "attribute") || ts::Is(q, "subscript")) return false;
            if (ts::Is(q, "identifier") && Graph(Text(q))) {
              shadow_targets_.insert(q.id);
              shadow_at_.emplace(string(Text(q)), ts_node_end_byte(t));
            }
            return true;
          },
          [](TSNode) {});
    }
    std::set<string> block_assigned;  // Python names the block's other statements bind
    for (TSNode t : block_top) {
      if (builds_graph(t)) continue;
      ts::Walk(
          t,
          [&](TSNode n, const char*) {
            TargetNames(BindingTarget(n), [&](TSNode q) { block_assigned.insert(string(Text(q))); });
            return true;
          },
          [](TSNode) {});
    }
    for (TSNode t : block_top) {
      if (close.id && ts::Same(t, close)) continue;
      // `if <version check>: init = ... else: init = ...` in the block: the initializer, which goes
      if (ts::Is(t, "if_statement") && InitializerByVersion(t)) {
        block_graph_.insert(t.id);
        block_cut_.insert(ts_node_start_byte(t));
        continue;
      }
      // (a statement that names a graph tensor only once the one before it joined)
      if (!builds_graph(t)) continue;
      Identifiers(t, [&](TSNode id) {
        if (Shadowed(Text(id), ts_node_start_byte(id)))
          Fail(id, fmt::format("`{}` holds a value the session block computed when the graph is built from it",
                               Text(id)));
      });
      size_t before = graph_.size();
      Classify(t);
      block_graph_.insert(t.id);
      for (size_t k = before; k < graph_.size(); ++k) {
        if (graph_[k].kind == Kind::kVariable) continue;
        if (graph_[k].kind == Kind::kOp)
          Identifiers(graph_[k].value, [&](TSNode id) {
            if (!Graph(Text(id)) && block_assigned.count(string(Text(id))) && !Settled(Text(id), t, block_top, builds_graph))
              Fail(id, fmt::format("`{}` is built in the session block from `{}`, a value the block computes",
                                   graph_[k].name, Text(id)));
          });
        block_cut_.insert(ts_node_start_byte(t));
      }
    }
    auto check_after = [&](const std::vector<TSNode>& list, size_t from) {
      for (size_t i = from; i < list.size(); ++i) {
        // `sess.close()` after the `with` block closed it: a no-op in TF1, goes
        TSNode c = ts_node_named_child_count(list[i]) == 1 ? ts_node_named_child(list[i], 0) : TSNode{};
        TSNode f = ts::Is(list[i], "expression_statement") && ts::Is(c, "call") ? ts::Field(c, "function") : TSNode{};
        if (!assigned && ts::Is(f, "attribute") && Text(ts::Field(f, "object")) == sess_ &&
            Text(ts::Field(f, "attribute")) == "close" && ts_node_named_child_count(ts::Field(c, "arguments")) == 0 &&
            AloneOnLines(list[i])) {
          bool rebound = false;  // (unless the name was bound to something else in between)
          for (size_t k = from; k < i; ++k)
            ts::Walk(
                list[k],
                [&](TSNode n, const char*) {
                  if (ts::Is(n, "identifier") && Text(n) == sess_) rebound = true;
                  return !rebound;
                },
                [](TSNode) {});
          if (!rebound) {
            deletions_.push_back(list[i]);
            after_close_.insert(list[i].id);
            continue;
          }
        }
        bool uses = false;
        Identifiers(list[i], [&](TSNode id) {
          uses |= (Graph(Text(id)) != nullptr && !Shadowed(Text(id), ts_node_start_byte(id))) || Text(id) == sess_;
        });
        if (uses) Fail(list[i], "the graph or the session is used after the session block");
      }
    };
    check_after(stmts, region_last + 1);
    if (wrapper.id) check_after(outer, wrapper_index + 1);
    // the session's name elsewhere (a helper function that runs it, ...)
    ts::Walk(
        root,
        [&](TSNode n, const char*) {
          if (!InWindow(n) && !ts::Contains(n, with)) return false;
          if (after_close_.count(n.id)) return false;  // a `sess.close()` that goes
          if (!ts::Is(n, "identifier")) return !in_region(n);
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
          if (Text(n) == sess_ && !ts::Same(n, sess_target) && !in_region(n))
            Fail(n, fmt::format("`{}` is used outside the session block", sess_));
          return false;
        },
        [](TSNode) {});
    // `init.run()` / `tf.global_variables_initializer().run()` in the block: an
    // initializer run of the default session, removed like `sess.run(init)`
    std::vector<TSNode> init_runs;
    // the initializer runs of the block: (the run, the variable of `v.initializer` or the
    // initializer run)
    std::vector<std::pair<TSNode, TSNode>> init_events;
    for (TSNode c : m_.calls()) {
      TSNode fn = ts::Field(c, "function"), st = ts::Parent(c);
      if (!in_region(c) || !ts::Is(fn, "attribute") || Text(ts::Field(fn, "attribute")) != "run" ||
          ts_node_named_child_count(ts::Field(c, "arguments")) != 0 || !ts::Is(st, "expression_statement"))
        continue;
      TSNode obj = ts::Field(fn, "object");
      bool init = ts::Is(obj, "call") && IsInitializerName(Resolved(ts::Field(obj, "function")));
      if (ts::Is(obj, "identifier") && Graph(Text(obj)) && Graph(Text(obj))->kind == Kind::kInitializer) init = true;
      const bool one_variable = IsVariableInitializer(obj);
      if (!init && !one_variable) continue;
      InitializerRunOnce(c, in_region);
      init_events.push_back({c, one_variable ? ts::Field(obj, "object") : obj});
      if (!AloneOnLines(st)) Fail(st, "an initializer run shares its line with other statements");
      if (ts_node_named_child_count(ts::Parent(st)) < 2) Fail(st, "an initializer run is the only statement of its block");
      init_runs.push_back(st);
      dropped_calls_.insert(c.id);
      if (ts::Is(obj, "call")) dropped_calls_.insert(obj.id);
    }
    for (TSNode c : m_.calls()) {
      string cq = Resolved(ts::Field(c, "function"));
      if (InWindow(c) && ReadsGraphState(cq) && !IsInitializerName(cq) && !dropped_calls_.count(c.id) &&
          !layer_calls_.count(ts_node_start_byte(c)) && !SaverCall(c) && !IteratorCall(c) && !InLayerClass(c))
        Fail(c, fmt::format("`{}` reads graph-wide state, which TF2 does not have (it would see nothing)", cq));
    }
    DefsReadingMovedTensors(stmts);
    DropUnusedOpsImport();
    std::vector<string> trainable;
    for (const auto& g : graph_)
      if (g.kind == Kind::kVariable && g.trainable) trainable.push_back(g.name);

    // sess.run sites in the block
    // (re-indented unless it is already at the level it moves to)
    uint32_t region_indent = (assigned ? ts_node_start_point(with).column
                                       : ts_node_start_point(ts_node_named_child(region[0], 0)).column) -
                             container_indent_;
    // (a multi-line string's lines after its first are its content: they keep their text when
    // the block is dedented, below)
    // The session's run sites: DataFlow's (the calls `.run` on a session object, with the
    // session as written), those of this session inside its block.
    std::vector<TSNode> run_calls;
    std::set<const void*> run_call_ids;
    for (const DataFlow::RunSite& rs : DataFlow::Of(m_).run_sites()) {
      if (rs.session != sess_ || !in_region(rs.call) || (close.id && ts::Contains(close, rs.call))) continue;
      run_calls.push_back(rs.call);
      run_call_ids.insert(rs.call.id);
    }
    // `t.eval(feed_dict=...)` of a graph tensor: a run of the default session, which the
    // `with` block's session is, and an InteractiveSession
    std::set<const void*> eval_calls;
    const bool default_session =
        !assigned || Resolved(ts::Field(sess_call, "function")) == "tensorflow.compat.v1.InteractiveSession";
    for (TSNode c : m_.calls()) {
      if (!in_region(c) || !IsEvalCall(c) || !Graph(Text(ts::Field(ts::Field(c, "function"), "object")))) continue;
      TSNode named = EvalSessionArg(c);
      if (named.id && Text(named) != sess_)
        Fail(c, fmt::format("`{}` runs a session other than `{}`", Text(c), sess_));
      if (!default_session && !named.id)
        Fail(c, fmt::format("`{}` runs the default session, which `{}` is not (TF1 raised)", Text(c), sess_));
      if (run_call_ids.count(c.id)) {
        run_calls.erase(std::remove_if(run_calls.begin(), run_calls.end(), [&](TSNode r) { return ts::Same(r, c); }),
                        run_calls.end());
      }
      run_calls.push_back(c);
      run_call_ids.insert(c.id);
      eval_calls.insert(c.id);
    }
    std::sort(run_calls.begin(), run_calls.end(),
              [](TSNode a, TSNode b) { return ts_node_start_byte(a) < ts_node_start_byte(b); });
    FindNamedFeeds(region, run_call_ids, eval_calls);
    std::vector<RunSite> sites;
    std::vector<TSNode> shape_reads;  // `t.shape`, `t.get_shape()` of graph tensors (StaticShapeRead)
    bool needs_numpy = false;
    std::map<string, size_t> fn_by_key;
    std::vector<Function> fns;
    for (TSNode r : region) {
      if (close.id && ts::Same(r, close)) continue;
      ts::Walk(
          r,
          [&](TSNode n, const char*) {
            if (block_graph_.count(n.id)) return false;  // graph built in the block (above)
            for (TSNode st : init_runs)
              if (ts::Same(n, st)) return false;
            if (!ts::Is(n, "identifier")) return true;
            string_view name = Text(n);
            TSNode p = ts::Parent(n);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
            if (name == sess_) {
              // `t.eval(feed, session=sess)`, `op.run(feed, sess)`: the run's session
              TSNode kw_call = ts::Is(p, "keyword_argument") ? ts::Parent(ts::Parent(p))
                               : ts::Is(p, "argument_list")  ? ts::Parent(p)
                                                             : TSNode{};
              if (kw_call.id && eval_calls.count(kw_call.id) && ts::Same(EvalSessionArg(kw_call), n)) return false;
              if (SaverSessionArg(n)) return false;  // `saver.save(sess, path)`: becomes a Checkpoint's write
              TSNode call = ts::Parent(p);
              if (!ts::Is(p, "attribute") || Text(ts::Field(p, "attribute")) != "run" || !ts::Is(call, "call") ||
                  !ts::Same(ts::Field(call, "function"), p))
                Fail(n, fmt::format("`{}` is used other than as `{}.run(...)`", sess_, sess_));
              if (!run_call_ids.count(call.id))  // DataFlow does not take it for a session's run
                Fail(call, fmt::format("`{}.run(...)` is not recognized as a session run", sess_));
              return false;
            }
            if (Graph(name) && ts::Is(p, "pair") && ts::Same(ts::Field(p, "key"), n) &&
                named_feeds_.count(FeedNameOf(ts::Parent(p))))
              return false;  // a key of a named feed (its dict is rewritten below)
            if (Graph(name) && (shadow_targets_.count(n.id) || Shadowed(name, ts_node_start_byte(n))))
              return true;  // a value the block computed (`[[b]] = sess.run(b)`), from there on
            if (Graph(name)) {
              // allowed only as a fetch or a feed key of a sess.run: checked per site below
              TSNode q = p;
              while (q.id && !ts::Is(q, "call")) q = ts::Parent(q);
              bool in_run = q.id && run_call_ids.count(q.id);
              // (in an expression a run fetches: `sess.run(tf.matmul(B, I))`, checked there)
              for (TSNode r = q; !in_run && r.id; r = ts::Parent(r))
                if (ts::Is(r, "call") && run_call_ids.count(r.id)) {
                  TSNode fetch = eval_calls.count(r.id) ? ts::Field(ts::Field(r, "function"), "object")
                                 : m_.PositionalArgs(r).empty() ? m_.KeywordArg(r, "fetches")
                                                                : m_.PositionalArgs(r)[0];
                  in_run = fetch.id && ts::Contains(fetch, n);
                }
              if (!in_run && VariableMetadataLoop(n)) return false;
              // `v.name` of a variable (it stays) named as TF1 named it (tf2_variable_scopes.h)
              if (!in_run && ts::Is(p, "attribute") && Text(ts::Field(p, "attribute")) == "name" &&
                  Graph(name)->kind == Kind::kVariable && VariableNamedAsInTf1(m_, src_, n))
                return false;
              if (!in_run && in_region(n) && StaticShapeRead(n).id) {
                shape_reads.push_back(n);
                return false;
              }
              if (!in_run) {
                // bound to a graph tensor again inside an `if`/loop/`try` of the session's
                // statements: graph built there (only top-level graph statements move)
                TSNode asg = p;
                if (ts::Is(asg, "assignment") && ts::Same(ts::Field(asg, "left"), n) &&
                    RefersToTf(ts::Field(asg, "right"), false))
                  for (TSNode b = asg; b.id; b = ts::Parent(b)) {
                    const char* kind = ts::Is(b, "if_statement")      ? "if"
                                       : ts::Is(b, "for_statement")   ? "for"
                                       : ts::Is(b, "while_statement") ? "while"
                                       : ts::Is(b, "try_statement")   ? "try"
                                                                      : nullptr;
                    if (kind)
                      Fail(n, fmt::format("the graph is built inside a block (`{} ...:`; `{}` is bound to a graph tensor "
                                          "there): the conversion moves into functions only graph statements at the "
                                          "top level (and device or name-scope blocks)",
                                          kind, name));
                    if (ts::Same(b, r)) break;
                  }
                for (TSNode d = p; d.id; d = ts::Parent(d)) {
                  if (ts::Is(d, "function_definition"))
                    Fail(n, fmt::format("graph tensor `{}` is read by `{}`, a function the session's statements define "
                                        "(line {}): no run fetches it, and TF2 would compute it eagerly where it is "
                                        "called",
                                        name, Text(ts::Field(d, "name")), ts_node_start_point(d).row + 1));
                  if (ts::Same(d, r)) break;
                }
                Fail(n, fmt::format("graph tensor `{}` is used outside sess.run (TF2 runs it eagerly)", name));
              }
            }
            return true;
          },
          [](TSNode) {});
    }
    for (TSNode call : run_calls) {
      RunSite site{call, TSNode{}};
      // a name the block bound to a computed value before this run: not the graph's
      Identifiers(call, [&](TSNode id) {
        if (Graph(Text(id)) && Shadowed(Text(id), ts_node_start_byte(id)))
          Fail(id, fmt::format("`{}` holds a value the session block computed when this run names it", Text(id)));
      });
      // a variable's name bound to a value before this run: a function would read that
      for (const auto& [vn, at] : shadow_at_)
        if (at <= ts_node_start_byte(call) && Graph(vn) && Graph(vn)->kind == Kind::kVariable)
          Fail(call, fmt::format("the session block binds `{}`, the name of a variable, to a value before this run",
                                 vn));
      // a fetched name means the binding made before this run (it may be bound again later)
      auto At = [&](TSNode n) { return GraphAt(Text(n), ts_node_start_byte(call)); };
      const auto& pos = m_.PositionalArgs(call);
      const bool eval = eval_calls.count(call.id) != 0;
      TSNode fetch = eval ? ts::Field(ts::Field(call, "function"), "object")
                     : pos.empty() ? m_.KeywordArg(call, "fetches") : pos[0];
      TSNode feed = m_.KeywordArg(call, "feed_dict");
      if (!feed.id && pos.size() > (eval ? 0u : 1u)) feed = pos[eval ? 0 : 1];
      if (eval && pos.size() > 2) Fail(call, fmt::format("`{}` with more arguments than a feed and a session", Text(call)));
      if (pos.size() > 2 || m_.KeywordArg(call, "options").id || m_.KeywordArg(call, "run_metadata").id)
        Fail(call, "sess.run with options or run metadata");
      if (!fetch.id) Fail(call, "sess.run without fetches");
      TSNode parent = ts::Parent(call);
      // `sess.run(it.initializer)` of an initializable iterator: a new iterator over its dataset
      if (ts::Is(fetch, "attribute") && Text(ts::Field(fetch, "attribute")) == "initializer" &&
          init_iterators_.count(string(Text(ts::Field(fetch, "object"))))) {
        if (!ts::Is(parent, "expression_statement") || feed.id || eval)
          Fail(call, "a run of an iterator's initializer is part of a larger statement");
        const string it(Text(ts::Field(fetch, "object")));
        site.replacement = fmt::format("{} = iter({})", it, init_iterators_.at(it));
        sites.push_back(site);
        continue;
      }
      // an initializer run: `sess.run(tf.compat.v1.global_variables_initializer())` or `sess.run(init)`
      bool init = false;
      if (ts::Is(fetch, "call") && IsInitializerName(Resolved(ts::Field(fetch, "function")))) init = true;
      if (ts::Is(fetch, "identifier") && Graph(Text(fetch)) && Graph(Text(fetch))->kind == Kind::kInitializer)
        init = true;
      const bool one_variable = IsVariableInitializer(fetch);
      if (one_variable) init = true;
      if (init) {
        if (!ts::Is(parent, "expression_statement") || !AloneOnLines(parent) || feed.id)
          Fail(call, "an initializer run is part of a larger statement");
        InitializerRunOnce(call, in_region);
        init_events.push_back({call, one_variable ? ts::Field(fetch, "object") : fetch});
        TSNode block = ts::Parent(parent);
        if (ts_node_named_child_count(block) < 2) Fail(call, "an initializer run is the only statement of its block");
        site.stmt = parent;
        site.delete_stmt = true;
        sites.push_back(site);
        continue;
      }
      if (!feed.id && ts::Is(fetch, "call")) {
        // `sess.run(w.assign_add(10))` of a variable with Python values: TF1 built the
        // update at the run and ran it once, returning the new value; TF2 updates the
        // variable eagerly there (the same value, `.numpy()`)
        TSNode fn = ts::Field(fetch, "function");
        TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
        string_view method = ts::Is(fn, "attribute") ? Text(ts::Field(fn, "attribute")) : string_view();
        std::set<string> seen_args;
        if (ts::Is(obj, "identifier") && Graph(Text(obj)) && Graph(Text(obj))->kind == Kind::kVariable &&
            (method == "assign" || method == "assign_add" || method == "assign_sub") &&
            EagerFetch(ts::Field(fetch, "arguments"), &seen_args)) {
          site.replacement = fmt::format("{}.numpy()", Text(fetch));
          sites.push_back(site);
          continue;
        }
        std::set<string> seen_fns;
        if (EagerFetch(fetch, &seen_fns)) {
          // its value where the run was: one tensor's `.numpy()`, or `_numpy` of what a
          // helper or a many-valued op returns
          if (OneTensorExpr(fetch, 0)) {
            site.replacement = fmt::format("{}.numpy()", Text(fetch));
          } else {
            site.replacement = fmt::format("_numpy({})", Text(fetch));
            needs_numpy = true;
          }
          sites.push_back(site);
          continue;
        }
      }
      // `sess.run(weights['h1'])` of a dict of variables: that variable's value
      if (!feed.id && ts::Is(fetch, "subscript") && ts::Is(ts::Field(fetch, "value"), "identifier") &&
          variable_dicts_.count(string(Text(ts::Field(fetch, "value")))) &&
          ts::Is(ts::Field(fetch, "subscript"), "string")) {
        site.replacement = fmt::format("{}.numpy()", Text(fetch));
        sites.push_back(site);
        continue;
      }
      // `sess.run(A + B)`, `sess.run(tf.transpose(C))`: an expression of graph tensors, the
      // value a function returns
      std::vector<TSNode> fetched;
      const bool expr_fetch = GraphExpression(fetch, &fetched);
      if (!expr_fetch) fetched = FetchNames(fetch);
      // variables only (`sess.run(w)`, `sess.run([w, b])`): their values, no function
      if (!expr_fetch && !feed.id && !ts::Is(fetch, "dictionary") &&
          std::all_of(fetched.begin(), fetched.end(),
                      [&](TSNode n) { return At(n)->kind == Kind::kVariable; })) {
        std::vector<string> values;
        for (TSNode n : fetched)
          values.push_back(variable_dicts_.count(string(Text(n)))
                               ? fmt::format("{{k: v.numpy() for k, v in {}.items()}}", Text(n))
                               : fmt::format("{}.numpy()", Text(n)));
        string v = fmt::format("{}", fmt::join(values, ", "));
        if (ts::Is(fetch, "list")) v = "[" + v + "]";
        else if (ts::Is(fetch, "tuple")) v = fetched.size() == 1 ? "(" + v + ",)" : "(" + v + ")";
        site.replacement = v;
        sites.push_back(site);
        continue;
      }
      std::map<string, string> feeds;  // placeholder (or fed computed tensor) -> value text
      std::set<string> fed_ops;        // the computed tensors fed
      string feed_name;                // a named feed: passed as `**feed_name`
      if (feed.id && ts::Is(feed, "identifier") && named_feeds_.count(string(Text(feed)))) {
        feed_name = string(Text(feed));
        for (const string& ph : named_feeds_[feed_name].second) feeds[ph] = feed_name;
      } else if (feed.id) {
        if (!ts::Is(feed, "dictionary")) Fail(feed, "feed_dict is not a dict literal");
        for (TSNode pr : ts::NamedChildren(feed)) {
          if (ts::Is(pr, "comment")) continue;
          if (!ts::Is(pr, "pair")) Fail(pr, "feed_dict holds something other than `placeholder: value` pairs");
          TSNode k = ts::Field(pr, "key");
          GraphName* g = ts::Is(k, "identifier") ? Graph(Text(k)) : nullptr;
          if (g && g->kind == Kind::kOp && FeedableOp(*g)) {
            // a computed tensor fed: TF1 replaces its value for that run (and computes
            // nothing it alone needs); TF2's form is a function taking it as an argument
            if (TSNode eq = EqualOperands(g->name); eq.id)
              Fail(k, fmt::format("feed_dict feeds `{}`, a tensor computed with `{}`, whose two operands hold the "
                                  "same number: TF1's graph optimizer rewrites such an operation, and the run may then "
                                  "compute the fed tensor's consumers without the fed value (TF 2.21 in TF1 mode does)",
                                  Text(k), Text(eq)));
            fed_ops.insert(g->name);
          } else if (!g || g->kind != Kind::kPlaceholder) {
            Fail(k, fmt::format("feed_dict feeds `{}`, which is not a placeholder{}", Text(k),
                                g && g->kind == Kind::kOp ? " (a tensor of a statement that makes other names or an "
                                                            "operation: no function argument can stand for it alone)"
                                                          : ""));
          }
          feeds[g->name] = string(Text(ts::Field(pr, "value")));
        }
      }
      for (const auto& [ph, value] : feeds)
        if (value.find(sess_ + ".") != string::npos) Fail(feed, "a fed value runs the session itself");
      std::set<string> deps;
      for (TSNode n : fetched) Dependencies(At(n)->name, &deps, fed_ops);
      CheckBatchNormRuns(call, deps, feeds);
      Function f;
      for (const auto& g : graph_) {
        if (!deps.count(g.name)) continue;
        if (fed_ops.count(g.name)) {
          f.params.push_back(g.name);
          f.fed_ops = true;
        } else if (g.kind == Kind::kPlaceholder) {
          if (!feeds.count(g.name) && g.default_value.empty())
            Fail(call, fmt::format("placeholder `{}` is needed but not fed", g.name));
          f.params.push_back(g.name);
        } else if (g.kind == Kind::kOp) {
          f.ops.insert(g.name);
        } else if (g.kind == Kind::kInitializer) {
          Fail(call, "sess.run fetches an initializer together with other tensors");
        }
      }
      if (f.fed_ops)
        for (const string& p : f.params)
          if (!fed_ops.count(p))
            Fail(call, fmt::format("feed_dict feeds placeholder `{}` and computed tensors in one run: the function "
                                   "would take arguments with a signature and arguments without one",
                                   p));
      std::stable_partition(f.params.begin(), f.params.end(),
                            [&](const string& p) { return Graph(p)->default_value.empty(); });
      // fetch text with operations as None (a tf.function returns no operations)
      string ret;
      bool list = !ts::Is(fetch, "identifier");
      for (size_t i = 0; i < fetched.size(); ++i) {
        GraphName* g = At(fetched[i]);
        string e = g->produces_operation ? "None" : PyName(g->name);
        ret += (i ? ", " : "") + e;
      }
      if (ts::Is(fetch, "dictionary")) {
        ret.clear();
        size_t i = 0;
        for (TSNode pr : ts::NamedChildren(fetch)) {
          if (!ts::Is(pr, "pair")) continue;
          GraphName* g = At(fetched[i++]);
          ret += fmt::format("{}{}: {}", ret.empty() ? "" : ", ", Text(ts::Field(pr, "key")),
                             g->produces_operation ? "None" : PyName(g->name));
        }
        ret = "{" + ret + "}";
      } else if (list) {
        ret = ts::Is(fetch, "tuple") ? (fetched.size() == 1 ? "(" + ret + ",)" : "(" + ret + ")") : "[" + ret + "]";
      }
      if (expr_fetch) ret = string(Text(fetch));
      // `_, l = sess.run([train, loss], ...)`: the function returns what is kept, and the
      // assignment binds only that (`l = run_train_loss(...).numpy()`)
      TSNode left = ts::Is(parent, "assignment") && ts::Same(ts::Field(parent, "right"), call) ? ts::Field(parent, "left")
                                                                                                 : TSNode{};
      std::vector<string> kept_targets, kept_fetches;
      std::vector<TSNode> kept_nodes;
      bool dropped_ops = false;
      if (list && !expr_fetch && !ts::Is(fetch, "dictionary") &&
          (ts::Is(left, "pattern_list") || ts::Is(left, "tuple_pattern") || ts::Is(left, "list_pattern"))) {
        std::vector<TSNode> targets;
        for (TSNode t : ts::NamedChildren(left))
          if (!ts::Is(t, "comment")) targets.push_back(t);
        bool fits = targets.size() == fetched.size();
        for (size_t i = 0; fits && i < targets.size(); ++i) {
          fits = ts::Is(targets[i], "identifier");
          if (!fits) break;
          if (At(fetched[i])->produces_operation) {
            fits = Text(targets[i]) == "_";
            dropped_ops = true;
          } else {
            kept_targets.push_back(string(Text(targets[i])));
            kept_fetches.push_back(string(Text(fetched[i])));
            kept_nodes.push_back(fetched[i]);
          }
        }
        if (!fits || kept_fetches.empty()) dropped_ops = false;
      }
      bool one_kept = dropped_ops && kept_fetches.size() == 1 && IsSingleTensor(*At(kept_nodes[0]));
      if (dropped_ops)
        ret = kept_fetches.size() == 1 ? kept_fetches[0] : fmt::format("{}", fmt::join(kept_fetches, ", "));
      // the same fetches (by name, in the same structure) and parameters share a function;
      // `ret` alone would conflate different operations (each returns None)
      std::vector<string> fetched_names;
      for (TSNode n : fetched) fetched_names.push_back(At(n)->name);
      string key = fmt::format("{}|{}|{}", ret, fmt::join(fetched_names, ","), fmt::join(f.params, ","));
      auto it = fn_by_key.find(key);
      if (it == fn_by_key.end()) {
        f.name = expr_fetch ? ExpressionFunctionName(fetch, fetched) : FunctionName(fetched);
        for (const string& p : f.params)
          if (fed_ops.count(p))
            fed_notes_.push_back(fmt::format("feed_dict feeds `{}`, a computed tensor (TF1 replaces its value for that "
                                           "run): an argument of `{}`, which does not compute it",
                                           p, f.name));
        f.fetch_text = ret;
        it = fn_by_key.emplace(key, fns.size()).first;
        fns.push_back(std::move(f));
      }
      const Function& fn_used = fns[it->second];
      std::vector<string> args;
      if (!feed_name.empty()) {
        // all its keys are parameters: `**feed`; else the parameters it holds, each by key
        // (TF1 ignored what a run's fetches do not need)
        bool all = true;
        for (const auto& [ph, v] : feeds)
          all = all && std::find(fn_used.params.begin(), fn_used.params.end(), ph) != fn_used.params.end();
        if (all) args.push_back("**" + feed_name);
        else
          for (const string& p : fn_used.params)
            if (feeds.count(p)) args.push_back(fmt::format("{}={}[\"{}\"]", p, feed_name, p));
      } else {
        for (const string& p : fn_used.params)
          if (feeds.count(p)) args.push_back(fmt::format("{}={}", p, feeds[p]));
      }
      for (const string& itn : IteratorsOf(fn_used.ops)) args.push_back(fmt::format("{0}={0}", itn));
      // A run whose result is not used is just a call.
      bool bare = ts::Is(parent, "expression_statement") && ts_node_named_child_count(parent) == 1;
      string call_text = fmt::format("{}({})", fn_used.name, fmt::join(args, ", "));
      // one tensor: its NumPy value; several (or an operation's None): `_numpy`
      bool one_tensor = (ts::Is(fetch, "identifier") && IsSingleTensor(*At(fetch))) || one_kept ||
                        (expr_fetch && GraphOneTensor(fetch));
      // several single tensors: their NumPy values in the structure TF1's run returned
      // (a list, a tuple, a dict); anything else (operations' None, lists of tensors): `_numpy`
      auto single = [&](TSNode n) { return IsSingleTensor(*At(n)) || At(n)->kind == Kind::kVariable; };
      bool all_single = !expr_fetch;
      for (TSNode n : fetched) all_single = all_single && !At(n)->produces_operation && single(n);
      if (dropped_ops) {
        all_single = true;
        for (TSNode n : kept_nodes) all_single = all_single && single(n);
      }
      string each;
      if (all_single && dropped_ops) each = fmt::format("[t.numpy() for t in {}]", call_text);
      else if (all_single && ts::Is(fetch, "dictionary")) each = fmt::format("{{k: t.numpy() for k, t in {}.items()}}", call_text);
      else if (all_single && ts::Is(fetch, "tuple")) each = fmt::format("tuple(t.numpy() for t in {})", call_text);
      else if (all_single && ts::Is(fetch, "list")) each = fmt::format("[t.numpy() for t in {}]", call_text);
      site.replacement = bare ? call_text : one_tensor ? call_text + ".numpy()" : !each.empty() ? each : "_numpy(" + call_text + ")";
      if (!bare && !one_tensor && each.empty()) needs_numpy = true;
      if (dropped_ops) {
        site.replace_from = left;
        site.replacement = fmt::format("{} = {}", fmt::join(kept_targets, ", "), site.replacement);
      }
      site.fn = static_cast<int>(it->second);
      sites.push_back(site);
    }
    if (sites.empty()) Fail(with, "the session block runs nothing");
    // an initializer run of variables an earlier one initialized: TF1 reset them there
    // (drawing random initial values again), which dropping the run would not
    std::sort(init_events.begin(), init_events.end(),
              [](const auto& a, const auto& b) { return ts_node_start_byte(a.first) < ts_node_start_byte(b.first); });
    // (what each initializes: "global", "local", or the variables' names)
    auto covers = [&](TSNode what) -> std::set<string> {
      if (const GraphName* v = ts::Is(what, "identifier") ? Graph(Text(what)) : nullptr; v && v->kind == Kind::kVariable)
        return {v->name};
      TSNode c = what;
      if (ts::Is(c, "identifier") && Graph(Text(c))) c = Graph(Text(c))->value;
      const string q = ts::Is(c, "call") ? Resolved(ts::Field(c, "function")) : string();
      if (EndsWith(q, "local_variables_initializer")) return {"local"};
      if (EndsWith(q, ".variables_initializer")) {
        const auto& pos = m_.PositionalArgs(c);
        TSNode list = pos.empty() ? m_.KeywordArg(c, "var_list") : pos[0];
        std::set<string> names;
        bool known = ts::Is(list, "list") || ts::Is(list, "tuple");
        if (known)
          for (TSNode e : ts::NamedChildren(list)) {
            const GraphName* v = ts::Is(e, "identifier") ? Graph(Text(e)) : nullptr;
            if (v && v->kind == Kind::kVariable) names.insert(v->name);
            else if (!ts::Is(e, "comment")) known = false;
          }
        if (known) return names;
      }
      return {"global"};
    };
    for (size_t i = 1; i < init_events.size(); ++i)
      for (size_t j = 0; j < i; ++j) {
        const auto& [run, what] = init_events[i];
        const auto& [before, before_what] = init_events[j];
        const std::set<string> a = covers(what), b = covers(before_what);
        bool overlap = false;
        for (const string& n : a)
          for (const string& m : b)
            overlap |= n == m || (n == "global" && m != "local") || (m == "global" && n != "local");
        // a reset matters where a run between the two may have changed the variables
        bool ran_between = false;
        for (TSNode r : run_calls)
          if (ts_node_start_byte(before) < ts_node_start_byte(r) && ts_node_start_byte(r) < ts_node_start_byte(run)) {
            bool init_run = false;
            for (const auto& e : init_events) init_run |= ts::Same(e.first, r);
            ran_between |= !init_run;
          }
        if (overlap && ran_between)
          Fail(run, fmt::format("the initializer runs again (first on line {}, then the session ran): TF1 resets "
                                "the variables there, which the conversion does not write",
                                ts_node_start_point(before).row + 1));
      }
    PlaceTracePrints(fns, sites, stmts, early_session_ ? body_head_ : with_index, block_top, init_runs);
    // an earlier pass (a part before a reset of the default graph) may have written `_numpy`
    bool have_numpy = false;
    for (TSNode st : module_stmts)
      if (ts::Is(st, "function_definition") && Text(ts::Field(st, "name")) == "_numpy" &&
          ts_node_end_byte(st) <= window_begin_ && Text(st).find(kNumpyDoc) != string_view::npos)
        have_numpy = true;
    if (have_numpy) needs_numpy = false;
    else if (used_fn_names_.count("_numpy") || module_names_.count("_numpy")) Fail(with, "the script defines `_numpy`");

    // --- the functions, in order of first use
    // `g1, g2 = tf.gradients(loss, [w1, w2])` and assigns of w1 and w2 in one run: TF1 ran
    // the backward pass's reads of w2 (through w1's gradient) and w2's assign in no set order
    // (reference variables, nothing between them; its optimizers gate the gradients), so
    // the numbers it printed depended on scheduling; a tf.function reads first.
    for (const Function& f : fns) {
      for (const auto& g : graph_) {
        if (g.kind != Kind::kOp || !f.ops.count(g.name) || !ts::Is(g.value, "call")) continue;
        const string q = Resolved(ts::Field(g.value, "function"));
        if (q != "tensorflow.gradients" && q != "tensorflow.compat.v1.gradients") continue;
        const auto& pos = m_.PositionalArgs(g.value);
        TSNode xs = pos.size() > 1 ? pos[1] : m_.KeywordArg(g.value, "xs");
        std::vector<string> vars;
        if (ts::Is(xs, "list") || ts::Is(xs, "tuple"))
          for (TSNode x : ts::NamedChildren(xs))
            if (ts::Is(x, "identifier") && Graph(Text(x)) && Graph(Text(x))->kind == Kind::kVariable)
              vars.push_back(string(Text(x)));
        if (vars.size() < 2) continue;
        std::vector<string> assigned;
        for (const auto& a : graph_) {
          if (a.kind != Kind::kOp || !f.ops.count(a.name) || !ts::Is(a.value, "call")) continue;
          TSNode fn = ts::Field(a.value, "function");
          const string aq = Resolved(fn);
          string target;
          if (ts::Is(fn, "attribute") && StartsWith(string(Text(ts::Field(fn, "attribute"))), "assign"))
            target = string(Text(ts::Field(fn, "object")));
          else if (StartsWith(aq, "tensorflow.compat.v1.assign") && !m_.PositionalArgs(a.value).empty())
            target = string(Text(m_.PositionalArgs(a.value)[0]));
          if (std::find(vars.begin(), vars.end(), target) != vars.end()) assigned.push_back(target);
        }
        if (assigned.size() >= 2)
          Fail(g.stmt, fmt::format("`{}` runs the gradients of `{}` and the assigns of {} in one run: TF1 ran the "
                                   "backward pass's reads of each variable and the other's assign in no set order "
                                   "(reference variables, no dependency between them; its optimizers gate the "
                                   "gradients), so what it printed depended on scheduling, while a tf.function reads "
                                   "first; compute the new values from the gradients before assigning (or use an "
                                   "optimizer) and convert that",
                                   f.name, Text(pos.empty() ? g.value : pos[0]), fmt::join(assigned, " and ")));
      }
    }
    // An unseeded random op is one op of the TF1 graph, each run drawing its next numbers;
    // in two functions it would be two ops, each drawing from its start (with --deterministic-
    // random too). (A seeded one in several functions converts as before.) A draw of its
    // own (`A = tf.random.normal([2, 3])`) draws from one `tf.random.Generator` instead, in
    // each function: each run draws the generator's next numbers, as from TF1's one op.
    for (const auto& g : graph_) {
      if (g.kind != Kind::kOp || !random_stmts_.count(ts_node_start_byte(g.stmt))) continue;
      std::vector<string> users;
      for (const Function& f : fns)
        if (f.ops.count(g.name)) users.push_back(f.name);
      if (users.size() > 1 && !ShareRandomDraw(g))
        Fail(g.stmt, fmt::format("the unseeded random op of `{}` is run by several functions ({}): TF1 drew from "
                                 "one op, each function would draw from its own",
                                 PyName(g.name), fmt::join(users, ", ")));
      // one function: its op is made when the function is traced, after every variable of
      // the module, where TF1 made it before the variables that follow it (under
      // --deterministic-random they would take its numbers): a generator made in its place
      const GraphName* later = nullptr;
      for (const auto& v : graph_)
        if (!later && v.kind == Kind::kVariable && ts_node_start_byte(v.stmt) > ts_node_start_byte(g.stmt)) later = &v;
      if (users.size() == 1 && later && !ShareRandomDraw(g))
        Fail(g.stmt, fmt::format("the unseeded random op of `{}` comes before `{}` (line {}), whose variables TF1 made "
                                 "after it; `{}` would make the op after them",
                                 PyName(g.name), PyName(later->name), ts_node_start_point(later->stmt).row + 1,
                                 users[0]));
    }
    // A seeded random op is one op of the TF1 graph too, every run continuing its seed's
    // stream; in two functions each would start it again.
    for (const auto& g : graph_) {
      if (g.kind != Kind::kOp) continue;
      TSNode seeded{};
      ts::Walk(
          g.stmt,
          [&](TSNode c, const char*) {
            if (seeded.id || ts::Is(c, "lambda")) return false;
            if (ts::Is(c, "call")) {
              const string cq = Resolved(ts::Field(c, "function"));
              TSNode seed = m_.KeywordArg(c, "seed");
              if (StartsWith(cq, "tensorflow") && seed.id && Text(seed) != "None" &&
                  (cq.find("random") != string::npos || EndsWith(cq, "multinomial") || EndsWith(cq, "dropout")))
                seeded = c;
            }
            return true;
          },
          [](TSNode) {});
      if (!seeded.id) continue;
      std::vector<string> users;
      for (const Function& f : fns)
        if (f.ops.count(g.name)) users.push_back(f.name);
      string why;
      if (users.size() > 1 && !ShareSeededDropout(g, seeded, &why))
        Fail(g.stmt, fmt::format("the seeded random op of `{}` is run by several functions ({}): TF1's one op drew "
                                 "every run's numbers from its seed's stream, each function would start the stream "
                                 "again; {}",
                                 PyName(g.name), fmt::join(users, ", "), why));
    }
    // A random op a function of the script runs for a graph statement (`logits =
    // model(x, True)`, a dropout in `model`): one op of the TF1 graph, each run drawing its
    // next numbers, seeded or not; each function would trace an op of its own, drawing
    // from its start (or from the same seed) again.
    for (const auto& g : graph_) {
      if (g.kind != Kind::kOp) continue;
      std::vector<string> users;
      for (const Function& f : fns)
        if (f.ops.count(g.name)) users.push_back(f.name);
      if (users.size() < 2) continue;
      std::set<string> seen;
      string helper = HelperRandom(g.stmt, &seen);
      if (!helper.empty() && !ShareHelperDropout(g))
        Fail(g.stmt, fmt::format("`{}` runs the random op of {} and is computed by several functions ({}): TF1 ran "
                                 "that one op, each run drawing its next numbers; each function would run an op of "
                                 "its own, drawing from its start",
                                 PyName(g.name), helper, fmt::join(users, ", ")));
    }
    for (const auto& [c, helper] : layer_uses_)
      if (!layer_calls_.count(ts_node_start_byte(c)))
        Fail(c, fmt::format("`{}` makes variables and is called elsewhere than in the graph's statements", helper));
    PlanMinimizes(trainable, fns);
    // static shapes read outside the runs: a variable's is its own (it stays); a fetched
    // tensor's is the output shape of the function that returns it, traced for its input
    // signature (the placeholders' shapes, as TF1 inferred it from them); a placeholder's
    // is its TensorSpec's
    std::vector<std::pair<std::pair<uint32_t, uint32_t>, string>> shape_edits;
    for (TSNode n : shape_reads) {
      GraphName* g = GraphAt(Text(n), ts_node_start_byte(n));
      TSNode read = StaticShapeRead(n);
      if (g->kind == Kind::kVariable) continue;
      string repl;
      for (const Function& f : fns) {
        if (!repl.empty()) break;
        if (g->kind == Kind::kOp && f.ops.count(g->name) && !g->produces_operation &&
            f.fetch_text == PyName(g->name))
          repl = fmt::format("{}.get_concrete_function().output_shapes", f.name);
        for (size_t k = 0; g->kind == Kind::kPlaceholder && k < f.params.size(); ++k)
          if (f.params[k] == g->name) {
            repl = fmt::format("{}.input_signature[{}].shape", f.name, k);
            break;
          }
      }
      if (repl.empty())
        Fail(n, fmt::format("graph tensor `{}` is used outside sess.run (TF2 runs it eagerly; its static shape "
                            "is read, and no function returns it alone)",
                            Text(n)));
      shape_edits.push_back({{ts_node_start_byte(read), ts_node_end_byte(read)}, repl});
    }
    // a shared generator is made in its op's place when that place is among the module's
    // statements before the session; one in the session's block (a session made before the
    // graph) is made before the functions
    const uint32_t session_start = LineStart(ts_node_start_byte(early_session_ ? region[0] : with));
    auto generator_in_place = [&](size_t i) { return ts_node_start_byte(shared_generator_stmts_[i]) < session_start; };
    string defs;
    if (needs_numpy)
      defs += fmt::format(
          "def _numpy(fetched):\n"
          "    \"\"\"{1}\"\"\"\n"
          "    return {0}.nest.map_structure(lambda t: t.numpy() if hasattr(t, \"numpy\") else t, fetched)\n",
          tf_, kNumpyDoc);
    {
      string generators;
      for (size_t i = 0; i < shared_generator_names_.size(); ++i)
        if (!generator_in_place(i)) generators += SharedGenerator(i);
      if (!generators.empty()) {
        if (!defs.empty()) defs += "\n\n";
        defs += "# one generator per random op of the session's block that several functions run: each run draws its "
                "next numbers\n" + generators;
      }
    }
    if (!helper_dropout_generators_.empty()) {
      if (!defs.empty()) defs += "\n\n";
      defs += "# one generator per seeded dropout that several functions run: each call draws its next numbers\n";
      defs += helper_dropout_generators_;
    }
    if (!keras_builds_.empty()) {
      if (!defs.empty()) defs += "\n\n";
      defs += KerasBuilds();
    }
    for (const Function& f : fns) {
      if (!defs.empty()) defs += "\n\n";
      const std::vector<string> iterators = IteratorsOf(f.ops);
      if ((f.params.empty() && iterators.empty()) || f.fed_ops) {
        // (a fed computed tensor: its dtype and shape are the run's, no signature)
        defs += fmt::format("@{}.function\n", tf_);
      } else {
        std::vector<string> specs;
        for (const string& it : iterators)
          specs.push_back(fmt::format("{}.data.IteratorSpec({}.element_spec)", tf_, init_iterators_.at(it)));
        for (const string& p : f.params) {
          GraphName* g = Graph(p);
          specs.push_back(fmt::format("{}.TensorSpec(shape={}, dtype={})", tf_, g->shape, g->dtype));
        }
        string sig = fmt::format("{}", fmt::join(specs, ", "));
        if (sig.size() <= 70) defs += fmt::format("@{}.function(input_signature=[{}])\n", tf_, sig);
        else defs += fmt::format("@{}.function(input_signature=[\n    {},\n])\n", tf_, fmt::join(specs, ",\n    "));
      }
      std::vector<string> plist(iterators.begin(), iterators.end());  // (the iterators first: no default)
      for (const string& p : f.params) {
        const string& d = Graph(p)->default_value;
        plist.push_back(d.empty() ? p : p + "=" + d);
      }
      defs += fmt::format("def {}({}):\n", f.name, fmt::join(plist, ", "));
      std::set<uint32_t> emitted;  // a statement making several names goes in once
      const Minimize* step = nullptr;
      for (const string& op : f.ops)
        if (const Minimize* mz = TapeStep(op)) step = mz;
      if (step) {
        // TF2's training step: the graph computed under a tape, then the Keras update
        string tape = Fresh("tape"), grads = Fresh("grads");
        defs += fmt::format("    with {}.GradientTape() as {}:\n", tf_, tape);
        for (const auto& g : graph_) {
          if (g.kind != Kind::kOp || !f.ops.count(g.name) || &g == step->g) continue;
          if (!emitted.insert(ts_node_start_byte(g.split ? g.value : g.stmt)).second) continue;
          defs += TracePrintsBefore(f.name, static_cast<size_t>(&g - graph_.data()), "        ");
          defs += Indent(StatementText(g, trainable), "        ");
        }
        defs += TracePrintsBefore(f.name, graph_.size(), "        ");
        const string opt_base = !step->momentum.empty() ? "momentum_accumulators"
                                : !step->rms_rate.empty() ? "rmsprop_slots"
                                                          : "optimizer";
        string opt = step->inline_ctor ? Hoisted(step->ctor, step->keras, opt_base)
                                       : string(Text(ts::Field(ts::Field(step->call, "function"), "object")));
        defs += fmt::format("    {} = {}.gradient({}, {})\n", grads, tape, step->loss, step->vars);
        if (!step->rms_rate.empty()) {
          // TF1's ApplyRMSProp: ms += (g^2 - ms) * (1 - decay); mom = mom * momentum + (g * rate) /
          // sqrt(ms + epsilon); var -= mom (without momentum: var -= (g * rate) / sqrt(ms + epsilon))
          string v = Fresh("var"), gr = Fresh("grad"), ms = Fresh("mean_square"), mom = Fresh("moment");
          defs += "    # TF1's RMSProp update (its mean square starts at 1; Keras RMSprop's at 0)\n";
          if (RMSPropWithMomentum(*step))
            defs += fmt::format("    for {}, {}, ({}, {}) in zip({}, {}, {}):\n", v, gr, ms, mom, step->vars, grads, opt);
          else
            defs += fmt::format("    for {}, {}, {} in zip({}, {}, {}):\n", v, gr, ms, step->vars, grads, opt);
          defs += fmt::format("        if {} is not None:\n", gr);
          defs += fmt::format("            {0}.assign_add(({1}.square({2}) - {0}) * (1 - {3}))\n", ms, tf_, gr,
                              step->rms_decay);
          if (RMSPropWithMomentum(*step)) {
            defs += fmt::format("            {0}.assign({0} * {1} + ({2} * {3}) / {4}.sqrt({5} + {6}))\n", mom,
                                step->rms_momentum, gr, step->rms_rate, tf_, ms, step->rms_epsilon);
            defs += fmt::format("            {}.assign_sub({})\n", v, mom);
          } else {
            defs += fmt::format("            {}.assign_sub(({} * {}) / {}.sqrt({} + {}))\n", v, gr, step->rms_rate, tf_,
                                ms, step->rms_epsilon);
          }
        } else if (step->momentum.empty()) {
          defs += fmt::format("    {}.apply_gradients(zip({}, {}))\n", opt, grads, step->vars);
        } else {
          // TF1's ApplyMomentum: accumulator = accumulator * momentum + grad; var -= accumulator * rate
          // (Nesterov: var -= grad * rate + accumulator * momentum * rate)
          // (the rate of this step: the function computes it under the tape when it is a name of the graph)
          const bool computed = f.ops.count(step->rate_name) > 0;
          string rate = computed ? step->rate_name : Fresh("learning_rate_now");
          string v = Fresh("var"), gr = Fresh("grad"), acc = Fresh("accumulator");
          defs += "    # TF1's Momentum update (no Keras optimizer makes it once the rate decays)\n";
          if (!computed) defs += fmt::format("    {} = {}\n", rate, step->rate);
          defs += fmt::format("    for {}, {}, {} in zip({}, {}, {}):\n", v, gr, acc, step->vars, grads, opt);
          defs += fmt::format("        if {} is not None:\n", gr);
          defs += fmt::format("            {0}.assign({0} * {1} + {2})\n", acc, step->momentum, gr);
          if (step->nesterov)
            defs += fmt::format("            {}.assign_sub({} * {} + {} * {} * {})\n", v, gr, rate, acc, step->momentum, rate);
          else
            defs += fmt::format("            {}.assign_sub({} * {})\n", v, acc, rate);
        }
        if (!step->global_step.empty()) defs += fmt::format("    {}.assign_add(1)\n", step->global_step);
      } else {
        // one `tf.gradients(ys, xs)` of trainable variables or arguments: the statements
        // before it run under a tape, and the tape gives the gradients (TF2's form)
        const GradientsCall gc = TapeGradients(f);
        string tape = gc.g ? Fresh("tape") : string();
        bool under_tape = gc.g != nullptr;
        if (under_tape) {
          defs += fmt::format("    with {}.GradientTape() as {}:\n", tf_, tape);
          for (const string& w : gc.watched) defs += fmt::format("        {}.watch({})\n", tape, w);
        }
        for (const auto& g : graph_) {
          if (g.kind != Kind::kOp || !f.ops.count(g.name)) continue;
          if (!emitted.insert(ts_node_start_byte(g.split ? g.value : g.stmt)).second) continue;
          const char* indent = under_tape ? "        " : "    ";
          if (&g == gc.g) {
            defs += TracePrintsBefore(f.name, static_cast<size_t>(&g - graph_.data()), indent);
            under_tape = false;
            string text = StatementText(g, trainable);
            const string call = string(Text(gc.call));
            size_t at = text.find(call);
            if (at == string::npos) Fail(gc.call, "the tf.gradients call is not found in its statement's text");
            text.replace(at, call.size(), fmt::format("{}.gradient({}, {})", tape, gc.ys, gc.xs));
            defs += Indent(text, "    ");
            continue;
          }
          defs += TracePrintsBefore(f.name, static_cast<size_t>(&g - graph_.data()), indent);
          defs += Indent(StatementText(g, trainable), indent);
        }
        defs += TracePrintsBefore(f.name, graph_.size(), "    ");
      }
      if (f.fetch_text != "None") defs += fmt::format("    return {}\n", f.fetch_text);
    }

    // --- the session block's body, at module level
    uint32_t body_start = early_session_ ? LineStart(ts_node_start_byte(region[0]))
                          : assigned     ? LineEnd(ts_node_end_byte(with))
                                         : LineStart(ts_node_start_byte(region[0]));
    uint32_t body_end = static_cast<uint32_t>(ts_node_end_byte(assigned ? region.back() : with));
    std::vector<std::pair<std::pair<uint32_t, uint32_t>, string>> edits;
    for (const RunSite& s : sites) {
      if (s.delete_stmt) {
        edits.push_back({{LineStart(ts_node_start_byte(s.stmt)), LineEnd(ts_node_end_byte(s.stmt))}, ""});
      } else {
        edits.push_back({{ts_node_start_byte(s.replace_from.id ? s.replace_from : s.call), ts_node_end_byte(s.call)},
                         s.replacement});
      }
      ++out->runs;
    }
    if (close.id) edits.push_back({{LineStart(ts_node_start_byte(close)), LineEnd(ts_node_end_byte(close))}, ""});
    for (const auto& e : shape_edits) edits.push_back(e);
    // named feeds: keyed by the parameters' names
    for (const auto& [fname, feed] : named_feeds_)
      for (TSNode pr : ts::NamedChildren(feed.first)) {
        if (!ts::Is(pr, "pair")) continue;
        TSNode k = ts::Field(pr, "key");
        edits.push_back({{ts_node_start_byte(k), ts_node_end_byte(k)}, fmt::format("\"{}\"", Text(k))});
      }
    // the graph seed: TF2's global seed (`tf.random.set_seed`, the migration guide's
    // mapping), where the statement stays
    for (TSNode c : m_.calls()) {
      TSNode fn = ts::Field(c, "function");
      string q = Resolved(fn);
      if (!InWindow(c) || (q != "tensorflow.compat.v1.set_random_seed" &&
                           q != "tensorflow.compat.v1.random.set_random_seed"))
        continue;
      bool in_graph = false;
      for (const auto& g : graph_) in_graph |= ts::Contains(g.stmt, c);
      if (in_graph) continue;
      if (in_region(c)) edits.push_back({{ts_node_start_byte(fn), ts_node_end_byte(fn)}, tf_ + ".random.set_seed"});
      else module_edits_.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn), tf_ + ".random.set_seed");
    }
    // seeded dropouts of helpers several functions run (ShareHelperDropout), seeded initial values
    for (const auto& [start, drop] : helper_dropouts_) {
      if (in_region(drop.first)) edits.push_back({{start, ts_node_end_byte(drop.first)}, drop.second});
      else module_edits_.emplace_back(start, ts_node_end_byte(drop.first), drop.second);
    }
    for (const auto& [c, text] : SeededInitialValues()) {
      if (in_region(c)) edits.push_back({{ts_node_start_byte(c), ts_node_end_byte(c)}, text});
      else module_edits_.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c), text);
    }
    // optimizers that became Keras ones, where they are made
    {
      std::set<uint32_t> done;
      for (const Minimize& mz : minimizes_) {
        if (!mz.why.empty() || mz.inline_ctor || !done.insert(ts_node_start_byte(mz.ctor)).second) continue;
        if (in_region(mz.ctor)) edits.push_back({{ts_node_start_byte(mz.ctor), ts_node_end_byte(mz.ctor)}, mz.keras});
        else module_edits_.emplace_back(ts_node_start_byte(mz.ctor), ts_node_end_byte(mz.ctor), mz.keras);
      }
    }
    // Savers: Checkpoints, where they are made and used
    for (const SaverPlan& p : savers_) {
      if (in_region(p.call)) edits.push_back({{ts_node_start_byte(p.call), ts_node_end_byte(p.call)}, p.checkpoint});
      else module_edits_.emplace_back(ts_node_start_byte(p.call), ts_node_end_byte(p.call), p.checkpoint);
      for (const SaverUse& u : p.uses) {
        if (!in_region(u.call)) Fail(u.call, fmt::format("`{}` is outside the session's block", Text(u.call)));
        edits.push_back({{ts_node_start_byte(u.call), ts_node_end_byte(u.call)}, u.text});
      }
    }
    for (TSNode st : init_runs) {
      edits.push_back({{LineStart(ts_node_start_byte(st)), LineEnd(ts_node_end_byte(st))}, ""});
      ++out->runs;
    }
    for (const auto& g : graph_)
      if (block_cut_.count(ts_node_start_byte(g.stmt)) &&
          (edits.empty() || std::none_of(edits.begin(), edits.end(), [&](const auto& e) {
             return e.first.first == LineStart(ts_node_start_byte(g.stmt));
           })))
        edits.push_back({{LineStart(ts_node_start_byte(g.stmt)), LineEnd(ts_node_end_byte(g.stmt))}, ""});
    std::sort(edits.begin(), edits.end());
    // the module's text with the newlines of its multi-line strings as NULs (Python source has
    // none): dedenting the block and collapsing blank lines leave a string's content alone;
    // they are newlines again at the end
    string guarded = src_;
    const bool guard = src_.find('\0') == string::npos;
    if (guard)
      ts::Walk(
          file_.Root(),
          [&](TSNode c, const char*) {
            if (!ts::Is(c, "string")) return true;
            for (uint32_t q = ts_node_start_byte(c); q < ts_node_end_byte(c); ++q)
              if (guarded[q] == '\n') guarded[q] = '\0';
            return false;
          },
          [](TSNode) {});
    // (a rewritten part of the block is written with its newlines: it may not span such a string)
    for (TSNode r : region)
      ts::Walk(
          r,
          [&](TSNode c, const char*) {
            if (!ts::Is(c, "string")) return true;
            const uint32_t sb = ts_node_start_byte(c), se = ts_node_end_byte(c);
            if (ts_node_start_point(c).row == ts_node_end_point(c).row) return false;
            if (!guard && region_indent)
              Fail(c, "the session block holds a multi-line string (its lines cannot be re-indented)");
            for (const auto& [range, repl] : edits)
              if (range.first < se && sb < range.second)
                Fail(c, "a rewritten part of the session block spans a multi-line string");
            return false;
          },
          [](TSNode) {});
    string body_text;
    uint32_t at = body_start;
    for (const auto& [range, repl] : edits) {
      if (range.first < at) Fail(with, "overlapping sess.run rewrites");
      body_text.append(guarded, at, range.first - at);
      body_text += repl;
      at = range.second;
    }
    if (at < body_end) body_text.append(guarded, at, body_end - at);
    string dedented = Dedent(body_text, region_indent);
    {
      // blank lines between `sess = ...` and the first statement (or where a deleted first
      // statement was): the gap before it is written anew
      size_t first = 0;
      for (size_t i = 0; i < dedented.size() && (dedented[i] == ' ' || dedented[i] == '\t' ||
                                                 dedented[i] == '\r' || dedented[i] == '\n');
           ++i)
        if (dedented[i] == '\n') first = i + 1;
      dedented.erase(0, first);
    }
    if (!dedented.empty() && dedented.back() != '\n') dedented += "\n";

    // --- the module: graph statements and behavior switches removed, functions before the body
    std::vector<std::pair<uint32_t, uint32_t>> cut;
    // (the comments above a graph op's statement go with it, into the functions; those of a
    // placeholder, say, stay: they may head a part of the script)
    auto moves = [&](const GraphName& g) { return g.kind == Kind::kOp && !g.split && !LayerMadeInPlace(g.stmt); };
    for (const auto& g : graph_)
      if (g.kind != Kind::kVariable)
        cut.push_back({moves(g) ? LeadingComments(g.stmt).first : LineStart(ts_node_start_byte(g.stmt)),
                       LineEnd(ts_node_end_byte(g.stmt))});
    for (TSNode d : deletions_) cut.push_back({LineStart(ts_node_start_byte(d)), LineEnd(ts_node_end_byte(d))});
    // variables stay: they are created eagerly, once
    cut.erase(std::remove_if(cut.begin(), cut.end(),
                             [&](const auto& r) {
                               for (const auto& g : graph_)
                                 if (g.kind == Kind::kVariable && LineStart(ts_node_start_byte(g.stmt)) == r.first)
                                   return true;
                               return false;
                             }),
              cut.end());
    std::sort(cut.begin(), cut.end());
    cut.erase(std::unique(cut.begin(), cut.end()), cut.end());
    // src_[from, to) without the cut lines
    // (and the module's replaced ranges: optimizer constructors)
    std::vector<std::tuple<uint32_t, uint32_t, string>> spans;
    for (const auto& [b, e] : cut) spans.emplace_back(b, e, "");
    for (const auto& me : module_edits_) spans.push_back(me);
    // each shared random op's generator, made where TF1 made the op (before the variables
    // TF1 made after it: the same numbers with --deterministic-random)
    for (size_t i = 0; i < shared_generator_stmts_.size(); ++i) {
      if (!generator_in_place(i)) continue;
      TSNode st = shared_generator_stmts_[i];
      uint32_t at = LineStart(ts_node_start_byte(st));
      for (const auto& [b, e] : cut)
        if (b <= at && at < e) at = std::min(at, b);
      const string indent(ts_node_start_point(st).column, ' ');
      spans.emplace_back(at, at,
                         fmt::format("{0}# the random op TF1 made here: each run draws this generator's next "
                                     "numbers\n{0}{1}",
                                     indent, SharedGenerator(i)));
    }
    std::sort(spans.begin(), spans.end());
    auto copy = [&](uint32_t from, uint32_t to) {
      string s;
      uint32_t pos = from;
      for (const auto& [b, e, repl] : spans) {
        if (b == e && b >= pos && b < to) {  // an insertion (a shared generator's statement)
          s.append(guarded, pos, b - pos);
          s += repl;
          pos = b;
          continue;
        }
        if (e <= pos || b >= to) continue;
        if (b > pos) s.append(guarded, pos, b - pos);
        if (b >= pos) s += repl;
        pos = e;
      }
      if (pos < to) s.append(guarded, pos, to - pos);
      return s;
    };
    // (an early session's assignment is among the cut lines: what follows it up to the
    // first run stays before the functions)
    uint32_t with_start = LineStart(ts_node_start_byte(early_session_ ? region[0] : with));
    string result;
    if (!wrapper.id) {
      result = copy(0, with_start);
    } else {
      // the wrapper's header goes, the statements of its body before the session move out
      result = copy(0, LineStart(ts_node_start_byte(wrapper))) +
               Dedent(copy(LineEnd(ts_node_start_byte(wrapper)), with_start), wrap_indent_);
    }
    result = CollapseBlankLines(result);
    while (result.size() >= 2 && result.substr(result.size() - 2) == "\n\n") result.pop_back();
    const string pad(container_indent_, ' ');
    // top level: two blank lines around definitions; inside a function, one
    const string gap = container_indent_ ? "\n" : "\n\n";
    if (!hoisted_.empty()) result += "\n" + Indent(fmt::format("{}", fmt::join(hoisted_, "")), pad);
    if (container_indent_) defs = NestedGaps(defs);
    // (no functions: the body stays where the session was)
    result += (defs.empty() ? string() : gap + Indent(defs, pad) + gap) + dedented;
    uint32_t after = LineEnd(body_end > 0 ? body_end - 1 : 0);
    if (wrapper.id) {
      // the wrapper's statements after the session move out too
      uint32_t wrapper_end = LineEnd(ts_node_end_byte(wrapper) - 1);
      if (after < wrapper_end) result += Dedent(copy(after, wrapper_end), wrap_indent_);
      after = std::max(after, wrapper_end);
    }
    if (after < src_.size()) result += copy(after, static_cast<uint32_t>(src_.size()));
    if (guard) std::replace(result.begin(), result.end(), '\0', '\n');
    // (graph statements after the last run go: no blank lines left at the end of the file)
    if (!EndsWith(src_, "\n\n"))
      while (EndsWith(result, "\n\n")) result.pop_back();
    out->converted = true;
    out->text = std::move(result);
    out->functions = static_cast<int>(fns.size());
    out->kept_compat = kept_;
    out->notes.insert(out->notes.end(), fed_notes_.begin(), fed_notes_.end());
    out->notes.insert(out->notes.end(), layer_notes_.begin(), layer_notes_.end());
    out->notes.insert(out->notes.end(), iterator_notes_.begin(), iterator_notes_.end());
    out->notes.insert(out->notes.end(), random_notes_.begin(), random_notes_.end());
    out->notes.insert(out->notes.end(), trace_notes_.begin(), trace_notes_.end());
    for (const auto& [row, q] : unseeded_) out->unseeded.push_back({row, q});
  }

  // `print(t)` of graph tensors before the session: TF1 prints each symbolic tensor (`Tensor("MatMul:0",
  // shape=(1, 1), dtype=int32)`), as TF2 prints a tensor of the graph a tf.function traces.
  // The print moves into the function the session runs first, after the statement that
  // makes the tensor, and runs when that function is traced: once (no retracing with no
  // arguments or an input signature), before anything else the program prints after it.
  // TF1 names a tensor after every op the graph made before it: the function must make
  // all of them, in the same order (PlaceTracePrints checks that and the order of output).
  struct TracePrint {
    TSNode stmt;
    size_t at = 0;                // graph statements made before the print
    std::vector<size_t> printed;  // the graph statements of the tensors printed
    string fn;                    // the function it moves into
  };
  std::vector<TracePrint> trace_prints_;

  // Whether `print(...)` of graph tensors (and literals) before the session is a trace print.
  bool TracePrintBeforeSession(TSNode stmt, TSNode call) {
    TracePrint tp{stmt, graph_.size(), {}, {}};
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
      if (ts::Is(a, "comment") || ts::Is(a, "integer") || ts::Is(a, "float")) continue;
      if (ts::Is(a, "string")) {
        bool interpolated = false;
        for (TSNode c : ts::NamedChildren(a)) interpolated |= ts::Is(c, "interpolation");
        if (!interpolated) continue;
      }
      GraphName* g = ts::Is(a, "identifier") ? Graph(Text(a)) : nullptr;
      if (!g || g->kind != Kind::kOp || g->produces_operation || !IsSingleTensor(*g)) return false;
      tp.printed.push_back(names_[string(Text(a))]);
    }
    if (tp.printed.empty() || !AloneOnLines(stmt) || HasMultilineString(stmt) || m_.Lookup("print", ts_node_start_byte(call)))
      return false;
    trace_prints_.push_back(std::move(tp));
    deletions_.push_back(stmt);
    return true;
  }

  [[noreturn]] void TracePrintRefused(const TracePrint& tp, const string& reason) const {
    Fail(tp.stmt, fmt::format("`print` shows the graph tensor `{}` before the session: TF1 prints the symbolic tensor "
                              "(its name, shape and dtype), as TF2 prints it while tracing a function, but {}",
                              PyName(graph_[tp.printed.front()].name), reason));
  }
  // Each trace print goes into the function the session's first run calls; refused where
  // that would print another text or at another point of the output.
  void PlaceTracePrints(std::vector<Function>& fns, const std::vector<RunSite>& sites,
                        const std::vector<TSNode>& stmts, size_t session_index, const std::vector<TSNode>& block_top,
                        const std::vector<TSNode>& init_runs) {
    if (trace_prints_.empty()) return;
    auto why = [&](const TracePrint& tp, const string& reason) { TracePrintRefused(tp, reason); };
    const RunSite* first = nullptr;
    for (const RunSite& s : sites) {
      if (s.delete_stmt) continue;
      if (s.fn < 0)
        why(trace_prints_.front(), fmt::format("the session's first run (line {}) calls no function: its value is "
                                               "printed before any function is traced",
                                               ts_node_start_point(s.call).row + 1));
      first = &s;
      break;
    }
    if (!first) TracePrintRefused(trace_prints_.front(), "the session calls no function");
    Function& f = fns[static_cast<size_t>(first->fn)];
    // nothing prints between the print and that first call
    auto quiet = [&](TSNode st) {
      if (ts::Is(st, "comment") || ts::Is(st, "import_statement") || ts::Is(st, "import_from_statement") ||
          ts::Is(st, "function_definition") || ts::Is(st, "class_definition") || ts::Is(st, "decorated_definition"))
        return true;
      for (const auto& g : graph_)
        if (ts::Same(g.stmt, st)) return true;
      for (TSNode d : deletions_)
        if (ts::Same(d, st)) return true;
      for (TSNode d : init_runs)
        if (ts::Same(d, st)) return true;
      if (block_graph_.count(st.id)) return true;
      bool calls = false;
      for (TSNode c : m_.calls()) calls |= ts::Contains(st, c);
      return !calls;
    };
    for (TracePrint& tp : trace_prints_) {
      size_t at = 0;
      while (at < stmts.size() && !ts::Same(stmts[at], tp.stmt)) ++at;
      if (at == stmts.size()) why(tp, "the print is not among the statements before the session");
      for (size_t i = at + 1; i < session_index && i < stmts.size(); ++i)
        if (!quiet(stmts[i]))
          why(tp, fmt::format("line {} runs between the print and the session, which would print first",
                              ts_node_start_point(stmts[i]).row + 1));
    }
    const uint32_t call_at = ts_node_start_byte(first->call);
    bool found = false;
    for (TSNode st : block_top) {
      if (ts_node_start_byte(st) <= call_at && call_at < ts_node_end_byte(st)) {
        found = true;
        if (!ts::Is(st, "expression_statement"))
          why(trace_prints_.front(), fmt::format("the session's first run (line {}) is inside a block",
                                                 ts_node_start_point(first->call).row + 1));
        for (TSNode c : m_.calls())
          if (ts::Contains(st, c) && !ts::Contains(c, first->call) && !ts::Contains(first->call, c))
            why(trace_prints_.front(), fmt::format("`{}` runs before the session's first run on line {}",
                                                   Text(ts::Field(c, "function")), ts_node_start_point(c).row + 1));
        break;
      }
      if (!quiet(st))
        why(trace_prints_.front(), fmt::format("line {} of the session runs before its first run, which would print "
                                               "first",
                                               ts_node_start_point(st).row + 1));
    }
    if (!found)
      why(trace_prints_.front(), fmt::format("the session's first run (line {}) is not a statement of its block",
                                             ts_node_start_point(first->call).row + 1));
    if (f.fed_ops) why(trace_prints_.front(), fmt::format("`{}`, which the first run calls, may be traced again", f.name));
    for (const string& p : f.params)
      if (Graph(p)->shape.find("None") != string::npos)
        why(trace_prints_.front(), fmt::format("`{}` has a dimension of unknown size, which TF1 prints as `?` and "
                                               "TF2 as `None`",
                                               p));
    std::vector<uint32_t> made_along;
    for (TracePrint& tp : trace_prints_) {
      for (size_t k : tp.printed) {
        if (!f.ops.count(graph_[k].name))
          why(tp, fmt::format("`{}`, which the session runs first, does not compute it", f.name));
        for (size_t j = 0; j <= k; ++j) {
          const GraphName& g = graph_[j];
          bool helper = false;
          for (const auto& [c, h] : layer_uses_) helper |= ts::Contains(g.stmt, c);
          const bool param = g.kind == Kind::kPlaceholder &&
                             std::find(f.params.begin(), f.params.end(), g.name) != f.params.end();
          if (!param && g.kind == Kind::kOp && !helper && !f.ops.count(g.name) && MadeAlong(g, f)) {
            // made by the function too, unused, so that the op printed gets TF1's name (and
            // a random op TF1's creation number: what --deterministic-random numbers)
            f.ops.insert(g.name);
            made_along.push_back(ts_node_start_point(g.stmt).row + 1);
            continue;
          }
          if (!param && (g.kind != Kind::kOp || helper || !f.ops.count(g.name)))
            why(tp, fmt::format("TF1 names it after every op the graph made before it, and `{}`, the function the "
                                "session runs first, does not make `{}` (line {})",
                                f.name, PyName(g.name), ts_node_start_point(g.stmt).row + 1));
        }
      }
      tp.fn = f.name;
    }
    if (!made_along.empty()) {
      std::sort(made_along.begin(), made_along.end());
      made_along.erase(std::unique(made_along.begin(), made_along.end()), made_along.end());
      trace_notes_.push_back(fmt::format(
          "`{}` also makes what line{} {} made, which no run needs: TF1 named the tensor printed before the "
          "session after every op made before it (and numbered its random ops so: --deterministic-random)",
          f.name, made_along.size() > 1 ? "s" : "", fmt::join(made_along, ", ")));
    }
  }
  std::vector<string> trace_notes_;
  // Whether graph statement `g`, which the run of `f` does not need, can be made in `f`
  // anyway: one statement (or a graph-building def) of stateless TF ops (no variable,
  // assignment, print or Python callback) of tensors `f` makes or takes.
  bool MadeAlong(const GraphName& g, const Function& f) const {
    if (g.produces_operation || (!ts::Is(g.stmt, "expression_statement") && !ts::Is(g.stmt, "function_definition")))
      return false;
    bool ok = true;
    for (TSNode c : m_.calls()) {
      if (!ts::Contains(g.stmt, c)) continue;
      const string q = Resolved(ts::Field(c, "function"));
      if (!StartsWith(q, "tensorflow.") || ReadsGraphState(q) || !StatelessTfCall(q)) ok = false;
    }
    for (const string& u : g.uses) {
      const GraphName* h = Graph(u);
      const bool param = h && std::find(f.params.begin(), f.params.end(), h->name) != f.params.end();
      if (!h || (!param && (h->kind != Kind::kOp || !f.ops.count(h->name)))) ok = false;
    }
    return ok;
  }

  // The trace prints of function `fn` made before graph statement `index`, not yet written.
  string TracePrintsBefore(const string& fn, size_t index, const string& pad) {
    string out;
    for (TracePrint& tp : trace_prints_) {
      if (tp.fn != fn || tp.at > index) continue;
      uint32_t b = ts_node_start_byte(tp.stmt), e = LineEnd(ts_node_end_byte(tp.stmt));
      string text = src_.substr(b, e - b);
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
      // (TFM405 would make it a tf.print, which prints the value on every call)
      out += Indent(text + "  # tfmigrate: ignore[TFM405]\n", pad);
      tp.fn = "#written";
    }
    return out;
  }

  // Whether `n` holds a call other than `outer` (whose edit would overlap).
  bool HasCallInside(TSNode n, TSNode outer) const {
    for (TSNode c : m_.calls())
      if (!ts::Same(c, outer) && ts::Contains(n, c)) return true;
    return false;
  }

  // The module-level name of an optimizer constructed inline (`Opt(...).minimize(...)`),
  // created once as `text`.
  string Hoisted(TSNode ctor, const string& text, const string& base = "optimizer") {
    uint32_t cb = ts_node_start_byte(ctor);
    auto it = hoisted_names_.find(cb);
    if (it == hoisted_names_.end()) {
      string name = base;
      for (int k = 2; module_names_.count(name) || used_fn_names_.count(name); ++k) name = fmt::format("{}_{}", base, k);
      used_fn_names_.insert(name);
      hoisted_.push_back(fmt::format("{} = {}\n", name, text));
      it = hoisted_names_.emplace(cb, name).first;
    }
    return it->second;
  }

  // `lr = tf.compat.v1.train.exponential_decay(lr0, step, decay_steps, rate[, staircase])`
  // of Python values, its step an expression of variables (the global step): TF2's form is
  // Keras' ExponentialDecay, which computes the same ops (the step cast to the rate's float
  // type, divided by decay_steps, floored when staircase; lr0 * rate ** p), called with that
  // step. Empty schedule when `call` is no such decay.
  // The arguments of `call` by parameter name: positional ones in the order of `params`,
  // keyword ones by name (one of `params` or `keyword_only`). Empty, with `why`, when an
  // argument is unpacked, repeated, unknown or beyond the parameters.
  std::map<string, TSNode> ArgsByName(TSNode call, const std::vector<string>& params, string* why,
                                      const std::vector<string>& keyword_only = {}) const {
    return CallArgsByName(src_, call, params, why, keyword_only);
  }
  struct Decay {
    string schedule, step;
  };
  Decay DecayOf(TSNode call) {
    if (!ts::Is(call, "call") || Resolved(ts::Field(call, "function")) != "tensorflow.compat.v1.train.exponential_decay")
      return {};
    static const std::vector<string> params = {"learning_rate", "global_step", "decay_steps", "decay_rate",
                                               "staircase", "name"};
    string why;
    std::map<string, TSNode> args = ArgsByName(call, params, &why);
    if (!why.empty()) return {};
    for (string_view k : {"learning_rate", "global_step", "decay_steps", "decay_rate"})
      if (!args.count(string(k))) return {};
    bool ok = true;
    for (const auto& entry : args) {
      const bool step = entry.first == "global_step";  // (plain names: lambdas capture them, clang 14)
      TSNode v = entry.second;
      if (entry.first == "name") continue;
      if (Text(v).find(tf_ + ".") != string_view::npos || (!step && RefersToTf(v, false))) ok = false;
      Identifiers(v, [&](TSNode id) {
        const GraphName* h = Graph(Text(id));
        if (h && (!step || h->kind != Kind::kVariable)) ok = false;
      });
    }
    if (!ok) return {};
    string staircase = args.count("staircase") ? fmt::format(", staircase={}", Text(args["staircase"])) : "";
    return {fmt::format("{}.keras.optimizers.schedules.ExponentialDecay({}, {}, {}{})", tf_, Text(args["learning_rate"]),
                        Text(args["decay_steps"]), Text(args["decay_rate"]), staircase),
            string(Text(args["global_step"]))};
  }
  // The decay's schedule object, made once where the optimizer is made (hoisted):
  // `learning_rate_schedule = tf.keras.optimizers.schedules.ExponentialDecay(...)`.
  string ScheduleName(TSNode call, const Decay& d) {
    uint32_t cb = ts_node_start_byte(call);
    auto it = schedule_names_.find(cb);
    if (it == schedule_names_.end()) {
      TSNode a = ts::Parent(call);
      TSNode left = ts::Is(a, "assignment") ? ts::Field(a, "left") : TSNode{};
      string name = Fresh(ts::Is(left, "identifier") ? string(Text(left)) + "_schedule" : "learning_rate_schedule");
      used_fn_names_.insert(name);
      hoisted_.push_back(fmt::format("{} = {}\n", name, d.schedule));
      it = schedule_names_.emplace(cb, name).first;
    }
    return it->second;
  }
  // The decay a graph name is bound to (DecayOf), if it is one.
  Decay DecayNamed(const string& name) {
    const GraphName* g = Graph(name);
    if (!g || g->kind != Kind::kOp || !ts::Is(g->stmt, "expression_statement")) return {};
    return DecayOf(g->value);
  }

  // A TF1 optimizer's Keras optimizer making the same update (TF 2.21's tf.keras is
  // Keras 3; the migration guide's optimizer table), or why there is none.
  struct KerasChoice {
    string text, why;
    string momentum, rate;  // TF1's Momentum update written out (WrittenOutMomentum): its momentum, its rate now
    string rate_name;       // the graph name of that rate
    bool nesterov = false;
    // TF1's RMSProp update written out (WrittenOutRMSProp): its rate, decay, momentum, epsilon
    string rms_rate, rms_decay, rms_momentum, rms_epsilon;
  };
  static string get_nesterov(const std::map<string, string>& args) {
    auto it = args.find("use_nesterov");
    return it == args.end() ? "False" : it->second;
  }
  // tf.compat.v1.train.RMSPropOptimizer(learning_rate, decay=0.9, momentum=0.0,
  // epsilon=1e-10, use_locking, centered=False, name): no Keras optimizer makes its update
  // (its mean square starts at 1, Keras RMSprop's at 0), so the step writes TF1's
  // ApplyRMSProp out (WrittenOutRMSProp); its arguments must be numbers the text states.
  KerasChoice RMSPropChoice(TSNode c) {
    static const std::vector<string> kParams = {"learning_rate", "decay", "momentum", "epsilon",
                                                "use_locking", "centered", "name"};
    const string no = kRMSPropNoKerasWhy;
    string why;
    std::map<string, TSNode> args = ArgsByName(c, kParams, &why);
    if (!why.empty() || !args.count("learning_rate")) return {"", no};
    if (args.count("centered") && Text(args["centered"]) != "False")
      return {"", no + ", and its centered form is not written out"};
    auto number = [&](const char* k, const char* dflt) -> string {
      if (!args.count(k)) return dflt;
      TSNode v = args[k];
      while (ts::Is(v, "parenthesized_expression") && ts_node_named_child_count(v) == 1) v = ts_node_named_child(v, 0);
      bool literal = true;
      ts::Walk(
          v,
          [&](TSNode n, const char*) {
            if (ts::Is(n, "call") || ts::Is(n, "attribute") || ts::Is(n, "subscript") || ts::Is(n, "lambda") ||
                (ts::Is(n, "identifier") && Graph(Text(n))))
              literal = false;
            return literal;
          },
          [](TSNode) {});
      return literal ? string(Text(v)) : string();
    };
    KerasChoice k;
    k.rms_rate = number("learning_rate", "");
    k.rms_decay = number("decay", "0.9");
    k.rms_momentum = number("momentum", "0.0");
    k.rms_epsilon = number("epsilon", "1e-10");
    if (k.rms_rate.empty() || k.rms_decay.empty() || k.rms_momentum.empty() || k.rms_epsilon.empty())
      return {"", no + ", and its arguments are not numbers the text states (the update is written out with them)"};
    return k;
  }
  KerasChoice KerasOptimizerFor(TSNode c) {
    string q = Resolved(ts::Field(c, "function"));
    string cls = q.substr(q.rfind('.') + 1);
    string no_keras;
    if (cls == "RMSPropOptimizer") return RMSPropChoice(c);
    const std::vector<string_view> params = Tf1OptimizerParams(cls, &no_keras);  // TF1's signature, in order
    if (params.empty()) return {"", no_keras};
    std::map<string, string> args;
    size_t i = 0;
    for (TSNode a : ts::NamedChildren(ts::Field(c, "arguments"))) {
      if (ts::Is(a, "comment")) continue;
      if (ts::Is(a, "keyword_argument")) {
        string k(Text(ts::Field(a, "name")));
        if (std::find(params.begin(), params.end(), k) == params.end()) return {"", fmt::format("`{}=`", k)};
        args[k] = string(Text(ts::Field(a, "value")));
      } else if (ts::Is(a, "list_splat") || ts::Is(a, "dictionary_splat") || i >= params.size()) {
        return {"", "its arguments are not TF1's named parameters"};
      } else {
        args[string(params[i++])] = string(Text(a));
      }
    }
    // a learning rate decayed from the global step: the schedule of that step, read at
    // each update (a callable learning rate)
    Decay decay = args.count("learning_rate") ? DecayNamed(args["learning_rate"]) : Decay{};
    for (const auto& [k, v] : args) {
      if (k == "name" || k == "use_locking") continue;
      bool graph_value = false;
      Identifiers(ts::Field(c, "arguments"), [&](TSNode id) {
        graph_value |= Graph(Text(id)) != nullptr && !(!decay.schedule.empty() && Text(id) == args["learning_rate"]);
      });
      if (graph_value || v.find(tf_ + ".") != string::npos)
        return {"", fmt::format("its {} is a tensor (a Keras optimizer takes a float or a schedule)", k)};
    }
    if (!decay.schedule.empty()) {
      if (cls == "MomentumOptimizer") {
        // no Keras optimizer makes this update: written out in the step (WrittenOutMomentum)
        string why = "its learning rate decays, and TF1's Momentum scales the whole accumulator by the current "
                     "rate where Keras SGD scales each step's gradient by that step's rate: the updates differ once "
                     "the rate changes";
        string nesterov = get_nesterov(args);
        if (!args.count("momentum") || (nesterov != "False" && nesterov != "True")) return {"", why};
        return {"", "", args["momentum"],
                fmt::format("{}({})", ScheduleName(Graph(args["learning_rate"])->value, decay), decay.step),
                args["learning_rate"], nesterov == "True"};
      }
      args["learning_rate"] = fmt::format("lambda: {}({})", ScheduleName(Graph(args["learning_rate"])->value, decay),
                                          decay.step);
    }
    string why;
    string text = KerasOptimizerText(cls, args, tf_, &why);
    return {text, why};
  }

  // A v1 `train = <optimizer>.minimize(loss, ...)` statement and, when it converts, the
  // tape step that replaces it in a function.
  struct Minimize {
    const GraphName* g = nullptr;
    TSNode call{}, ctor{};  // the minimize call; the optimizer's constructor call
    bool inline_ctor = false;
    string loss, vars, global_step, keras, why;
    string momentum, rate, rate_name;  // TF1's Momentum update written out in the step (WrittenOutMomentum)
    bool nesterov = false;
    string rms_rate, rms_decay, rms_momentum, rms_epsilon;  // TF1's RMSProp written out (WrittenOutRMSProp)
    bool implicit_vars = false;     // TF1's default var_list (the trainable collection)
    std::vector<string> var_names;  // then: its variables
  };

  // A call of this part of the script whose gradient is sparse (a gather, an embedding
  // lookup): its name, or "" (an update written out is the dense one).
  string SparseGradientCall() const {
    for (TSNode c : m_.calls()) {
      const string q = Resolved(ts::Field(c, "function"));
      if (InWindow(c) && StartsWith(q, "tensorflow") &&
          (q.find("gather") != string::npos || q.find("embedding_lookup") != string::npos))
        return q;
    }
    return "";
  }
  // A Momentum optimizer whose learning rate decays (KerasOptimizerFor's `momentum`): no
  // Keras optimizer makes TF1's update (Keras SGD keeps lr * grad in its velocity, TF1
  // keeps the gradients and scales them all by the rate of the step), so the step writes
  // TF1's ApplyMomentum out over one accumulator per variable, made where the optimizer
  // was (`optimizer = [tf.Variable(tf.zeros_like(v), trainable=False) for v in ...]`).
  // Only for an optimizer made in the minimize() statement, and for dense gradients
  // (TF1's sparse update moves only the gathered rows and their accumulators).
  void WrittenOutMomentum(Minimize& mz, const KerasChoice& k, const std::function<void(string)>& why) {
    if (!mz.inline_ctor) {
      why("its learning rate decays, and TF1's Momentum scales the whole accumulator by the current rate where "
          "Keras SGD scales each step's gradient by that step's rate: no Keras optimizer makes the update, which is "
          "written out only for an optimizer made in its minimize() statement (this one is bound to a name)");
      return;
    }
    if (const string q = SparseGradientCall(); !q.empty()) {
      why(fmt::format("its learning rate decays, so no Keras optimizer makes TF1's Momentum update, and `{}` gives a "
                      "sparse gradient, whose TF1 update (only the gathered rows and their accumulators) is not "
                      "written out",
                      q));
      return;
    }
    mz.momentum = k.momentum;
    mz.rate = k.rate;
    mz.rate_name = k.rate_name;
    mz.nesterov = k.nesterov;
    mz.keras = fmt::format("[{0}.Variable({0}.zeros_like(v), trainable=False) for v in {1}]", tf_, mz.vars);
  }

  // TF1's RMSProp (KerasOptimizerFor's rms_*): the step writes its ApplyRMSProp out over one
  // mean square per variable starting at 1 (and, with momentum, one accumulator starting
  // at 0), made where the optimizer was: ms += (g^2 - ms) * (1 - decay); mom = mom *
  // momentum + (g * rate) / sqrt(ms + epsilon); var -= mom (TF1's kernel's order). Only for an
  // optimizer made in its minimize() statement, and for dense gradients.
  bool RMSPropWithMomentum(const Minimize& mz) const {
    return mz.rms_momentum != "0" && mz.rms_momentum != "0.0" && mz.rms_momentum != "0.";
  }
  void WrittenOutRMSProp(Minimize& mz, const KerasChoice& k, const std::function<void(string)>& why) {
    const string no = kRMSPropNoKerasWhy;
    if (!mz.inline_ctor) {
      why(no + "; the update is written out only for an optimizer made in its minimize() statement (this one is "
               "bound to a name)");
      return;
    }
    if (const string q = SparseGradientCall(); !q.empty()) {
      why(fmt::format("{}; `{}` gives a sparse gradient, whose TF1 update is not written out", no, q));
      return;
    }
    mz.rms_rate = k.rms_rate;
    mz.rms_decay = k.rms_decay;
    mz.rms_momentum = k.rms_momentum;
    mz.rms_epsilon = k.rms_epsilon;
    mz.keras = RMSPropWithMomentum(mz)
                   ? fmt::format("[({0}.Variable({0}.ones_like(v), trainable=False), {0}.Variable({0}.zeros_like(v), "
                                 "trainable=False)) for v in {1}]",
                                 tf_, mz.vars)
                   : fmt::format("[{0}.Variable({0}.ones_like(v), trainable=False) for v in {1}]", tf_, mz.vars);
  }

  // Which minimize() statements become a tape step with a Keras optimizer.
  void PlanMinimizes(const std::vector<string>& trainable, const std::vector<Function>& fns) {
    for (const auto& g : graph_) {
      if (g.kind != Kind::kOp || !ts::Is(g.value, "call")) continue;
      string q = Resolved(ts::Field(g.value, "function"));
      if (!StartsWith(q, "tensorflow.compat.v1.train.") || !EndsWith(q, "Optimizer().minimize")) continue;
      Minimize mz;
      mz.g = &g;
      mz.call = g.value;
      auto why = [&](string w) {
        if (mz.why.empty()) mz.why = std::move(w);
      };
      TSNode obj = ts::Field(ts::Field(g.value, "function"), "object");
      if (ts::Is(obj, "call")) {
        mz.ctor = obj;
        mz.inline_ctor = true;
      } else if (ts::Is(obj, "identifier")) {
        // its one binding, and no use but minimize()
        int bindings = 0;
        ts::Walk(
            file_.Root(),
            [&](TSNode n, const char*) {
              if (!InWindow(n) && !ts::Contains(n, obj)) return false;  // another part of the script
              if (!ts::Is(n, "identifier") || Text(n) != Text(obj)) return true;
              TSNode p = ts::Parent(n);
              if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
              if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
              if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), n)) {
                ++bindings;
                TSNode r = ts::Field(p, "right");
                string rq = ts::Is(r, "call") ? Resolved(ts::Field(r, "function")) : "";
                if (StartsWith(rq, "tensorflow.compat.v1.train.") && EndsWith(rq, "Optimizer")) mz.ctor = r;
                return false;
              }
              bool by_minimize = ts::Is(p, "attribute") && Text(ts::Field(p, "attribute")) == "minimize";
              if (!by_minimize) why(fmt::format("`{}` is used other than by minimize() (line {})", Text(obj),
                                                ts_node_start_point(n).row + 1));
              return false;
            },
            [](TSNode) {});
        if (bindings != 1 || !mz.ctor.id) why(fmt::format("`{}` is not bound once to a v1 optimizer", Text(obj)));
      } else {
        why("the optimizer is an expression");
      }
      TSNode a = ts_node_named_child_count(g.stmt) == 1 ? ts_node_named_child(g.stmt, 0) : TSNode{};
      if (!ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier")) why("minimize() in a larger statement");
      const auto& pos = m_.PositionalArgs(g.value);
      TSNode loss = m_.KeywordArg(g.value, "loss"), gs = m_.KeywordArg(g.value, "global_step");
      TSNode vl = m_.KeywordArg(g.value, "var_list");
      if (!loss.id && !pos.empty()) loss = pos[0];
      if (!gs.id && pos.size() > 1) gs = pos[1];
      if (pos.size() > 2) why("minimize() with more than two positional arguments");
      for (TSNode k : ts::NamedChildren(ts::Field(g.value, "arguments"))) {
        if (ts::Is(k, "list_splat") || ts::Is(k, "dictionary_splat")) why("minimize() with unpacked arguments");
        if (!ts::Is(k, "keyword_argument")) continue;
        string_view kn = Text(ts::Field(k, "name"));
        if (kn != "loss" && kn != "global_step" && kn != "var_list" && kn != "name" && kn != "gate_gradients" &&
            kn != "aggregation_method" && kn != "colocate_gradients_with_ops")
          why(fmt::format("minimize() with `{}=`", kn));
      }
      if (!ts::Is(loss, "identifier") || !Graph(Text(loss)) || Graph(Text(loss))->kind != Kind::kOp)
        why("the loss is not a tensor named in the graph");
      else
        mz.loss = string(Text(loss));
      if (gs.id) {
        if (!ts::Is(gs, "identifier") || !Graph(Text(gs)) || Graph(Text(gs))->kind != Kind::kVariable)
          why("global_step is not a variable of the graph");
        else
          mz.global_step = string(Text(gs));
      }
      for (const auto& h : graph_)
        if (std::find(h.uses.begin(), h.uses.end(), g.name) != h.uses.end())
          why(fmt::format("the training op `{}` is used by `{}`", g.name, h.name));
      if (vl.id) {
        mz.vars = string(Text(vl));
      } else if (!mz.loss.empty()) {
        // TF1: the trainable variables made before minimize(); those the loss depends on
        // when the statements it is made of show every dependency (only TensorFlow calls)
        std::set<string> deps;
        Dependencies(mz.loss, &deps);
        bool opaque = false;
        for (const string& d : deps) {
          const GraphName* h = Graph(d);
          if (h->kind != Kind::kOp) continue;
          for (TSNode c : m_.calls())
            if (ts::Contains(h->stmt, c) && !StartsWith(Resolved(ts::Field(c, "function")), "tensorflow"))
              opaque = true;
        }
        std::vector<string> vs;
        for (const string& v : trainable)
          if (ts_node_start_byte(Graph(v)->stmt) < ts_node_start_byte(g.stmt) && (opaque || deps.count(v)))
            vs.push_back(v);
        if (vs.empty()) why("no trainable variable the loss depends on");
        mz.vars = VarList(vs);
        mz.implicit_vars = true;
        mz.var_names = vs;
      }
      if (mz.ctor.id) {
        KerasChoice k = KerasOptimizerFor(mz.ctor);
        mz.keras = k.text;
        if (!k.momentum.empty()) WrittenOutMomentum(mz, k, why);
        if (!k.rms_rate.empty()) WrittenOutRMSProp(mz, k, why);
        if (!k.why.empty())
          why(fmt::format("`{}`: {}", Resolved(ts::Field(mz.ctor, "function")).substr(21), k.why));
      }
      minimizes_.push_back(std::move(mz));
    }
    // One optimizer serving several minimize() calls that take TF1's default var_list:
    // each takes the union of their lists (in creation order; a variable another loss
    // does not depend on gets no gradient and no update, as in TF1), since a Keras
    // optimizer serves the variables it was built for.
    for (Minimize& a : minimizes_) {
      if (!a.why.empty() || !a.implicit_vars) continue;
      std::set<string> all;
      for (const Minimize& b : minimizes_)
        if (b.implicit_vars && b.why.empty() && a.ctor.id && b.ctor.id && ts::Same(a.ctor, b.ctor))
          all.insert(b.var_names.begin(), b.var_names.end());
      std::vector<string> vs;
      for (const string& v : trainable)
        if (all.count(v)) vs.push_back(v);
      a.vars = VarList(vs);
    }
    // one optimizer, one way; a function runs at most one step
    for (bool changed = true; changed;) {
      changed = false;
      for (Minimize& a : minimizes_) {
        if (!a.why.empty()) continue;
        for (const Minimize& b : minimizes_) {
          if (&a == &b || !a.ctor.id || !ts::Same(a.ctor, b.ctor)) continue;
          if (!b.why.empty()) a.why = "its optimizer also serves a minimize() that is kept";
          else if (a.vars != b.vars) a.why = "one optimizer minimizes different variable lists (a Keras optimizer "
                                             "serves the variables it was built for)";
        }
        for (const Function& f : fns) {
          if (!f.ops.count(a.g->name)) continue;
          for (const Minimize& b : minimizes_)
            if (&a != &b && f.ops.count(b.g->name))
              a.why = fmt::format("one sess.run runs two minimize() ops (`{}`, `{}`)", a.g->name, b.g->name);
        }
        changed |= !a.why.empty();
      }
    }
    for (const Minimize& mz : minimizes_)
      if (!mz.why.empty())
        kept_.push_back(fmt::format("line {}: tf.compat.v1 optimizer kept ({})", ts_node_start_point(mz.call).row + 1,
                                    mz.why));
  }
  const Minimize* TapeStep(const string& name) const {
    for (const Minimize& mz : minimizes_)
      if (mz.g->name == name && mz.why.empty()) return &mz;
    return nullptr;
  }
  // Whether `c` is in a layer helper's def, which became a tf.Module class (its
  // get_variable calls, a tf.Variable each)
  bool InLayerClass(TSNode c) const {
    for (TSNode p = ts::Parent(c); p.id; p = ts::Parent(p))
      if (ts::Is(p, "function_definition")) return layer_classes_.count(ts_node_start_byte(p)) != 0;
    return false;
  }
  // The var_list text of trainable graph names: a layer object (LayerHelperCall) gives its
  // variables.
  string VarList(const std::vector<string>& vs) const {
    std::vector<string> items;
    for (const string& v : vs)
      items.push_back(layer_objects_.count(v)     ? "*" + v + ".trainable_variables"
                      : variable_dicts_.count(v) ? "*" + v + ".values()"
                                                 : v);
    return fmt::format("[{}]", fmt::join(items, ", "));
  }

  // `name = helper(...)` (`right`, the op `g` being registered) of a module-level helper
  // that makes variables of its own: the helper becomes a tf.Module class (made where the
  // def was), the statement makes its object at module level (`name_layer = Helper(...)`,
  // a variable-like graph name whose trainable variables are the layer's), and the
  // functions call the object (`name = name_layer(...)`). False: not such a helper (the
  // usual checks follow).
  bool LayerHelperCall(TSNode stmt, const string& name, TSNode right, GraphName& g, bool rebinds) {
    // the helper's call is the statement's value or one call in it (`h = tf.nn.relu(dense(x,
    // 3, 4))`: the layer object's call takes its place)
    std::vector<TSNode> calls;
    for (TSNode c : m_.calls())
      if (ts::Contains(right, c) && ModuleFunction(c).id) calls.push_back(c);
    for (size_t i = 0; i < calls.size(); ++i) {
      if (!LayerHelperCallAt(stmt, name, calls[i], right, g, rebinds)) continue;
      for (size_t j = i + 1; j < calls.size(); ++j) {
        TSNode d = ModuleFunction(calls[j]);
        if (layer_classes_.count(ts_node_start_byte(d)) ||
            PlanLayerHelper(m_, src_, d, "Layer", tf_).why.empty())
          Fail(stmt, fmt::format("`{}` calls two helpers that make variables ({} and {})", name,
                                 Text(ts::Field(calls[i], "function")), Text(ts::Field(calls[j], "function"))));
      }
      return true;
    }
    return false;
  }
  // A helper call in a statement's value: an argument of calls and operators up to the
  // value, not under a lambda, a comprehension or a condition (it runs once, when the
  // statement does)
  static bool CallOfTheValue(TSNode call, TSNode value) {
    for (TSNode n = call; !ts::Same(n, value);) {
      TSNode p = ts::Parent(n);
      if (!p.id) return false;
      const bool through = ts::Is(p, "argument_list") || ts::Is(p, "keyword_argument") ||
                           ts::Is(p, "binary_operator") || ts::Is(p, "unary_operator") ||
                           ts::Is(p, "parenthesized_expression") ||
                           (ts::Is(p, "call") && ts::Is(n, "argument_list"));
      if (!through) return false;
      n = p;
    }
    return true;
  }
  bool LayerHelperCallAt(TSNode stmt, const string& name, TSNode right, TSNode value, GraphName& g, bool rebinds) {
    TSNode def = ModuleFunction(right);
    if (!def.id) return false;
    const string helper(Text(ts::Field(def, "name")));
    auto it = layer_classes_.find(ts_node_start_byte(def));
    if (it == layer_classes_.end()) {
      string cls = LayerClassName(helper);
      while (module_names_.count(cls) || used_fn_names_.count(cls)) cls += "Module";
      LayerHelperPlan plan = PlanLayerHelper(m_, src_, def, cls, tf_);
      // (a helper called in the value that is not a layer's: the value's checks say why)
      if (!plan.why.empty() && !ts::Same(right, value)) return false;
      if (!plan.why.empty()) {
        std::set<string> seen;
        if (string state = HelperState(stmt, &seen); !state.empty())
          Fail(stmt, fmt::format("`{}` is built by {}, which makes variables, and not as a layer object can: {}",
                                 name, state, plan.why));
        return false;
      }
      // every use of the helper: `x = helper(...)` statements of the graph
      bool only_calls = true;
      ts::Walk(
          file_.Root(),
          [&](TSNode c, const char*) {
            if (!only_calls) return false;
            if (ts::Is(c, "identifier") && Text(c) == helper) {
              TSNode p = ts::Parent(c);
              if (ts::Same(ts::Field(def, "name"), c)) return false;
              bool ok = ts::Is(p, "call") && ts::Same(ts::Field(p, "function"), c);
              // (`x = helper(...)`, or the helper's call in the value: `x = f(helper(...))`)
              TSNode a = ok ? ts::Parent(p) : TSNode{};
              while (a.id && !ts::Is(a, "assignment") && !ts::Is(a, "block") && !ts::Is(a, "module")) a = ts::Parent(a);
              ok = ok && ts::Is(a, "assignment") && CallOfTheValue(p, ts::Field(a, "right")) &&
                   ts::Is(ts::Field(a, "left"), "identifier") && ts::Is(ts::Parent(a), "expression_statement");
              only_calls = ok;
              if (ok) layer_uses_.push_back({p, helper});
              return false;
            }
            return true;
          },
          [](TSNode) {});
      if (!only_calls)
        Fail(stmt, fmt::format("`{}` is built by `{}`, which makes variables and is used elsewhere than in the "
                               "values of `x = ...` statements of the graph",
                               name, helper));
      // called more than once: each object's seeded initial values start the seed's numbers,
      // as each call's TF1 ops did
      size_t calls = 0;
      for (const auto& [c, h] : layer_uses_) calls += h == helper;
      if (calls > 1) {
        LayerHelperPlan keras = PlanLayerHelper(m_, src_, def, cls, tf_, /*seeded_as_keras=*/true);
        if (!keras.why.empty()) Fail(stmt, fmt::format("`{}` is built by `{}`: {}", name, helper, keras.why));
        if (!keras.seeded.empty())
          random_notes_.push_back(fmt::format(
              "the initial values of `{}`'s variables come from tf.keras.initializers.{} with the seed written, each "
              "object's starting the seed's numbers as TF1's ops did (TF2's eager ops would continue them): the "
              "converted program draws other random numbers (the same with --deterministic-random)",
              cls, fmt::join(keras.seeded, ", ")));
        plan = std::move(keras);
      }
      // get_variable in the helper: TF1 made its variables on the first call and raised on
      // a second (the variable exists) unless a scope reused them; in no scope, once
      if (!plan.get_variables.empty()) {
        if (calls > 1)
          Fail(stmt, fmt::format("`{}` makes `{}` with get_variable and is called more than once (TF1 raised unless a "
                                 "variable scope reused them)",
                                 helper, fmt::join(plan.get_variables, "`, `")));
        for (TSNode p = ts::Parent(stmt); p.id; p = ts::Parent(p))
          if (ts::Is(p, "with_statement"))
            Fail(stmt, fmt::format("`{}` is built by `{}`, which makes `{}` with get_variable, in a `with` block (a "
                                   "scope would prefix its name)",
                                   name, helper, fmt::join(plan.get_variables, "`, `")));
        for (const string& q : plan.drawn) unseeded_.insert({ts_node_start_point(stmt).row + 1, q});
      }
      used_fn_names_.insert(cls);
      module_edits_.emplace_back(ts_node_start_byte(def), ts_node_end_byte(def),
                                 plan.class_text.substr(0, plan.class_text.size() - 1));
      it = layer_classes_.emplace(ts_node_start_byte(def), std::move(plan)).first;
      layer_class_names_[ts_node_start_byte(def)] = cls;
    }
    const LayerHelperPlan& plan = it->second;
    if (!AloneOnLines(stmt)) Fail(stmt, fmt::format("`{}` shares its line with other statements", name));
    if (HasCallInside(right, right)) Fail(stmt, fmt::format("`{}`: the arguments of `{}` call functions", name, helper));
    LayerCallSplit split = SplitLayerCall(m_, src_, def, plan, right);
    if (!split.why.empty()) Fail(stmt, fmt::format("`{}` is built by `{}`: {}", name, helper, split.why));
    for (TSNode v : split.init_values)
      Identifiers(v, [&](TSNode id) {
        if (Graph(Text(id)))
          Fail(id, fmt::format("`{}` is built by `{}`, whose variables would be made from graph tensor `{}`", name,
                               helper, Text(id)));
      });
    string obj = Fresh(name + "_layer");
    used_fn_names_.insert(obj);
    // `h = add_layer(h, ...)`: the earlier binding of `h` is kept under its own key
    if (rebinds) RetireVersion(stmt, name);
    GraphName lg{Kind::kVariable, obj, stmt, right};
    Identifiers(value, [&](TSNode id) {
      if (Graph(Text(id))) g.uses.push_back(Graph(Text(id))->name);
    });
    g.uses.push_back(obj);
    names_[obj] = graph_.size();
    graph_.push_back(std::move(lg));
    layer_objects_.insert(obj);
    layer_calls_[ts_node_start_byte(right)] = fmt::format("{}({})", obj, split.call_args);
    // (the value's other calls: as any op's)
    if (!ts::Same(value, right)) CheckOpCalls(stmt, name);
    module_edits_.emplace_back(
        ts_node_start_byte(stmt), ts_node_end_byte(stmt),
        fmt::format("{} = {}({})", obj, layer_class_names_[ts_node_start_byte(def)], split.init_args));
    names_[name] = graph_.size();
    graph_.push_back(std::move(g));
    return true;
  }
  // `saver = tf.compat.v1.train.Saver()` of the variables made so far, used only by
  // `saver.save(sess, path)` and `saver.restore(sess, path)` statements of the session's
  // block: TF2's form is `saver = tf.train.Checkpoint(dense=dense, ...)`, its keys the names
  // TF1 gave the layers and variables (TF1's Saver matched a checkpoint's values by them),
  // `saver.write(path)` and `saver.read(path).assert_existing_objects_matched()` (TF1's
  // restore failed when a variable was missing). False: not a Saver (Classify goes on).
  bool SaverToCheckpoint(TSNode stmt, const string& name, TSNode call) {
    auto fail = [&](TSNode at, const string& why) {
      Fail(at, fmt::format("`{}`, a tf.train.Saver: {} (TF2's form, tf.train.Checkpoint, is written for a Saver() "
                           "of all variables whose save() and restore() take the session and a path)",
                           name, why));
    };
    if (!function_programs_ && tf1_layer_objects_.empty() && !restored_sessions_) return false;
    if (ts_node_named_child_count(ts::Field(call, "arguments")) != 0) fail(call, "it has arguments");
    if (!AloneOnLines(stmt)) fail(stmt, "it shares its line with other statements");
    if (names_.count(name)) fail(stmt, "its name names a graph tensor");
    // the variables TF1's Saver() took: every global variable made before it
    std::vector<string> items;
    for (const GraphName& g : graph_) {
      if (g.kind != Kind::kVariable) continue;
      string key;
      for (const auto& [tf1, obj] : tf1_layer_objects_)
        if (obj == g.name) key = tf1;
      if (key.empty()) {
        TSNode nm = ts::Is(g.value, "call") ? m_.KeywordArg(g.value, "name") : TSNode{};
        string lit = ts::Is(nm, "string") ? string(Text(nm)) : "";
        if (lit.size() >= 3 && (lit[0] == '"' || lit[0] == '\'') && lit.back() == lit[0]) key = lit.substr(1, lit.size() - 2);
        const string q = ts::Is(g.value, "call") ? Resolved(ts::Field(g.value, "function")) : "";
        if (q == "tensorflow.compat.v1.train.get_or_create_global_step" ||
            q == "tensorflow.compat.v1.train.create_global_step")
          key = "global_step";
      }
      if (!IsPythonIdentifier(key))
        fail(g.stmt, fmt::format("the variable `{}` has no name that is a Python identifier (TF1 matched the "
                                 "checkpoint's values by name)",
                                 PyName(g.name)));
      items.push_back(fmt::format("{}={}", key, g.name));
    }
    if (items.empty()) fail(stmt, "no variable was made before it");
    // an optimizer with slot variables: TF1's Saver saved them too (sessions merged around
    // a restore: nothing changed them between the save and the restore, and no other
    // program reads the checkpoint's slots here, so the model's variables are enough)
    for (TSNode c : m_.calls()) {
      const string q = Resolved(ts::Field(c, "function"));
      if (InWindow(c) && ts_node_start_byte(c) < ts_node_start_byte(stmt) &&
          StartsWith(q, "tensorflow.compat.v1.train.") && EndsWith(q, "Optimizer") &&
          q != "tensorflow.compat.v1.train.GradientDescentOptimizer") {
        if (!restored_sessions_) fail(c, fmt::format("`{}` keeps slot variables, which TF1's Saver saved with the model's", q));
        fed_notes_.push_back(fmt::format("`{}`'s checkpoint holds the model's variables, not the slots of `{}` as "
                                         "TF1's Saver did (add the Keras optimizer to it to keep them)",
                                         name, q.substr(q.rfind('.') + 1)));
      }
    }
    // its uses: `name.save(sess, path[, write_meta_graph=...])` and `name.restore(sess, path)` statements
    SaverPlan plan{stmt, call, name, fmt::format("{}.train.Checkpoint({})", tf_, fmt::join(items, ", ")), {}};
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (!ts::Is(n, "identifier") || Text(n) != name || ts_node_start_byte(n) <= ts_node_start_byte(stmt))
            return true;
          if (m_.FunctionScopeAt(ts_node_start_byte(n)) != m_.FunctionScopeAt(ts_node_start_byte(stmt))) return false;
          TSNode attr = ts::Parent(n), c = ts::Parent(attr), st = ts::Parent(c);
          // (`save_path = saver.save(sess, path)`: both return the path)
          if (ts::Is(st, "assignment") && ts::Same(ts::Field(st, "right"), c) && ts::Is(ts::Field(st, "left"), "identifier") &&
              ts::Is(attr, "attribute") && Text(ts::Field(attr, "attribute")) == "save")
            st = ts::Parent(st);
          if (ts::Is(attr, "keyword_argument") && ts::Same(ts::Field(attr, "name"), n)) return false;
          if (ts::Is(attr, "attribute") && !ts::Same(ts::Field(attr, "object"), n)) return false;
          const string method = ts::Is(attr, "attribute") ? string(Text(ts::Field(attr, "attribute"))) : "";
          if ((method != "save" && method != "restore") || !ts::Is(c, "call") ||
              !ts::Same(ts::Field(c, "function"), attr) || !ts::Is(st, "expression_statement"))
            fail(n, "it is used other than in `saver.save(sess, path)` / `saver.restore(sess, path)` statements");
          // (`write_meta_graph=`: TF2 writes no graph)
          string bad;
          auto args = ArgsByName(c, {"sess", "save_path"}, &bad,
                                 method == "save" ? std::vector<string>{"write_meta_graph"} : std::vector<string>{});
          if (bad.empty() && (!args.count("sess") || !args.count("save_path"))) bad = "no session or no path";
          if (!bad.empty()) fail(c, fmt::format("`{}`: {}", Text(c), bad));
          TSNode path = args["save_path"], session = args["sess"];
          if (!AloneOnLines(st)) fail(st, "a save or restore shares its line with other statements");
          plan.uses.push_back({c, session,
                               method == "save"
                                   ? fmt::format("{}.write({})", name, Text(path))
                                   : fmt::format("{}.read({}).assert_existing_objects_matched()", name, Text(path))});
          return false;
        },
        [](TSNode) {});
    savers_.push_back(std::move(plan));
    return true;
  }
  struct SaverUse {
    TSNode call, session;
    string text;
  };
  struct SaverPlan {
    TSNode stmt, call;
    string name, checkpoint;
    std::vector<SaverUse> uses;
  };
  std::vector<SaverPlan> savers_;
  bool SaverSessionArg(TSNode n) const {
    for (const SaverPlan& p : savers_)
      for (const SaverUse& u : p.uses)
        if (ts::Same(u.session, n)) return true;
    return false;
  }
  bool SaverCall(TSNode c) const {
    for (const SaverPlan& p : savers_) {
      if (ts::Same(p.call, c)) return true;
      for (const SaverUse& u : p.uses)
        if (ts::Same(u.call, c)) return true;
    }
    return false;
  }

  // TF2's ops for a v1 loss of the losses collection's family with its defaults (empty:
  // not one, or the script reads the collection: tf.losses.get_losses, get_total_loss).
  string V1LossText(TSNode c) {
    const string q = Resolved(ts::Field(c, "function"));
    std::vector<string> params;
    if (q == "tensorflow.compat.v1.losses.mean_squared_error") params = {"labels", "predictions"};
    else if (q == "tensorflow.compat.v1.losses.softmax_cross_entropy") params = {"onehot_labels", "logits"};
    else return "";
    for (TSNode o : m_.calls())
      if (Resolved(ts::Field(o, "function")).find(".losses.get_") != string::npos) return "";
    string why;
    std::map<string, string> given;
    for (const auto& [pn, v] : ArgsByName(c, params, &why)) given[pn] = string(Text(v));
    if (!why.empty()) return "";
    if (given.size() != 2 || HasCallInside(c, c)) return "";
    if (params[0] == "labels")
      return fmt::format("{0}.reduce_mean({0}.math.squared_difference({1}, {2}))", tf_, given["predictions"],
                         given["labels"]);
    return fmt::format("{0}.reduce_mean({0}.nn.softmax_cross_entropy_with_logits(labels={0}.stop_gradient({1}), "
                       "logits={2}))",
                       tf_, given["onehot_labels"], given["logits"]);
  }

  // Names a statement binds other than as `name = value` (tuples, `+=`, loops, `as`): their
  // static shapes are no longer known.
  void ForgetShapesBoundBy(TSNode stmt, TSNode assign) {
    if (static_shapes_.empty()) return;
    const bool single = ts::Is(stmt, "expression_statement") && ts::Is(assign, "assignment") &&
                        ts::Is(ts::Field(assign, "left"), "identifier");
    ts::Walk(
        stmt,
        [&](TSNode c, const char*) {
          TSNode target{};
          if (ts::Is(c, "assignment") || ts::Is(c, "augmented_assignment") || ts::Is(c, "for_statement"))
            target = ts::Field(c, "left");
          else if (ts::Is(c, "as_pattern_target") || ts::Is(c, "named_expression"))
            target = ts::Is(c, "named_expression") ? ts::Field(c, "name") : c;
          if (target.id && !(single && ts::Same(c, assign)))
            Identifiers(target, [&](TSNode id) { static_shapes_.erase(string(Text(id))); });
          return true;
        },
        [](TSNode) {});
  }
  std::optional<int64_t> LiteralInt(TSNode n) const { return tfm::LiteralInt(src_, n); }
  std::vector<string> ShapeLiteral(TSNode n, bool reshape) const { return tfm::ShapeLiteral(src_, n, reshape); }
  bool IntPair(TSNode n, int64_t out[2]) const { return tfm::IntPair(src_, n, out); }
  string PaddingLiteral(TSNode n) const { return tfm::PaddingLiteral(src_, n); }
  // The static shape of a graph expression, as far as the text shows it: a placeholder's
  // literal shape, a reshape to a literal shape, what tf.layers' conv2d, pooling and flatten
  // make of a known input, an element-wise activation's input's; {} when not known.
  // Element-wise ops: their output has their first input's shape.
  static const std::set<string>& SameShapeOps() {
    static const std::set<string> kSameShape = {
        "tensorflow.nn.relu",    "tensorflow.nn.relu6",        "tensorflow.nn.elu",       "tensorflow.nn.selu",
        "tensorflow.nn.sigmoid", "tensorflow.math.sigmoid",    "tensorflow.sigmoid",      "tensorflow.nn.tanh",
        "tensorflow.math.tanh",  "tensorflow.tanh",            "tensorflow.nn.leaky_relu", "tensorflow.identity",
        "tensorflow.nn.softmax", "tensorflow.compat.v1.nn.dropout", "tensorflow.nn.dropout"};
    return kSameShape;
  }
  std::vector<string> StaticShape(TSNode e) const {
    while (ts::Is(e, "parenthesized_expression") && ts_node_named_child_count(e) == 1) e = ts_node_named_child(e, 0);
    if (ts::Is(e, "identifier")) {
      const GraphName* g = Graph(Text(e));
      if (!g) return {};
      if (auto it = static_shapes_.find(string(Text(e))); it != static_shapes_.end()) return it->second;
      if (g->kind != Kind::kPlaceholder || g->shape.empty() || g->shape == "None") return {};
      // (the placeholder's shape text, parsed again)
      TSNode sh = m_.KeywordArg(g->value, "shape");
      if (!sh.id && m_.PositionalArgs(g->value).size() > 1) sh = m_.PositionalArgs(g->value)[1];
      return sh.id ? ShapeLiteral(sh, false) : std::vector<string>{};
    }
    // `tf.matmul(x, w) + b`: a 2-D tensor plus a bias of its width
    if (ts::Is(e, "binary_operator")) {
      const string_view op = Text(ts::Field(e, "operator"));
      if (op != "+" && op != "-") return {};
      std::vector<string> l = StaticShape(ts::Field(e, "left")), r = StaticShape(ts::Field(e, "right"));
      if (l.size() == 1 && r.size() == 2) std::swap(l, r);
      if (l.size() == 2 && r.size() == 1 && r[0] == l[1] && l[1] != "None") return l;
      return {};
    }
    if (!ts::Is(e, "call")) return {};
    const string q = Resolved(ts::Field(e, "function"));
    const auto& pos = m_.PositionalArgs(e);
    auto arg = [&](size_t i, const char* key) { return ArgAt(m_, e, i, key); };
    // a variable: its initial value's shape (a literal shape drawn or filled), or get_variable's
    if (q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable") {
      TSNode init = arg(0, "initial_value");
      return init.id ? StaticShape(init) : std::vector<string>{};
    }
    if (q == "tensorflow.compat.v1.get_variable") {
      TSNode sh = arg(1, "shape");
      return sh.id ? ShapeLiteral(sh, false) : std::vector<string>{};
    }
    if (q == "tensorflow.random.normal" || q == "tensorflow.random.truncated_normal" ||
        q == "tensorflow.random.uniform" || q == "tensorflow.zeros" || q == "tensorflow.ones") {
      TSNode sh = arg(0, "shape");
      return sh.id ? ShapeLiteral(sh, false) : std::vector<string>{};
    }
    // `tf.matmul(x, w)` of two matrices (not transposed)
    if ((q == "tensorflow.linalg.matmul" || q == "tensorflow.matmul") && pos.size() == 2 &&
        ts_node_named_child_count(ts::Field(e, "arguments")) == 2) {
      const std::vector<string> a = StaticShape(pos[0]), b = StaticShape(pos[1]);
      if (a.size() == 2 && b.size() == 2) return {a[0], b[1]};
      return {};
    }
    if (q == "tensorflow.reshape" || q == "tensorflow.compat.v1.reshape") {
      TSNode sh = arg(1, "shape");
      return sh.id ? ShapeLiteral(sh, true) : std::vector<string>{};
    }
    if (SameShapeOps().count(q)) return pos.empty() ? std::vector<string>{} : StaticShape(pos[0]);
    TSNode in = arg(0, "inputs");
    if (!in.id || !StartsWith(q, "tensorflow.compat.v1.layers.")) return {};
    return Tf1LayerOutputShape(m_, src_, e, q, StaticShape(in));
  }

  // `p = tf.compat.v1.layers.max_pooling2d(x, 2, 2)` (average_pooling2d, flatten): a layer
  // with no variables, written as the TF2 op it computes (tf.nn.max_pool2d / avg_pool2d;
  // flatten: a reshape to [batch, -1]).
  void StatelessLayerCall(TSNode stmt, const string& name, TSNode right, const string& q) {
    string why;
    TSNode in{};
    const string text = StatelessLayerText(
        src_, right, q, tf_,
        [&](TSNode n) { return ts::Is(n, "identifier") && Graph(Text(n)) ? string(Text(n)) : string(); }, &in, &why);
    if (text.empty())
      Fail(stmt, fmt::format("`{}` is made by tf.layers.{}: {}", name, q.substr(q.rfind('.') + 1), why));
    layer_calls_[ts_node_start_byte(right)] = text;
  }

  // `h = tf.compat.v1.layers.dropout(x, rate, training=T)`: TF1's layer applied tf.nn.dropout
  // where `training` was True (a bool tensor: a cond of it, the dropout in its true branch;
  // False, the default: no dropout op at all, the input itself).
  struct LayerDropout {
    string x, rate, noise_shape, seed, training;  // texts ("" when not given; training "" = False)
  };
  std::map<uint32_t, LayerDropout> layer_dropouts_;  // a tf.layers.dropout call (start byte) -> its parts
  std::set<uint32_t> no_draw_calls_;                 // calls that draw nothing (a dropout not training)
  string LayerDropoutText(const LayerDropout& d, const string& drop) const {
    if (d.training.empty()) return fmt::format("{}.identity({})", tf_, d.x);
    if (d.training == "True") return drop;
    return fmt::format("{0}.cond({1}, lambda: {2}, lambda: {0}.identity({3}))", tf_, d.training, drop, d.x);
  }
  void LayerDropoutCall(TSNode stmt, const string& name, TSNode right) {
    auto fail = [&](const string& why) { Fail(stmt, fmt::format("`{}` is made by tf.layers.dropout: {}", name, why)); };
    string why;
    std::map<string, TSNode> args =
        ArgsByName(right, {"inputs", "rate", "noise_shape", "seed", "training", "name"}, &why);
    if (!why.empty()) fail(why);
    if (!args.count("inputs")) fail("no inputs");
    TSNode in = args["inputs"];
    if (!ts::Is(in, "identifier") || !Graph(Text(in))) fail("its input is not a name of the graph");
    LayerDropout d;
    d.x = string(Text(in));
    d.rate = args.count("rate") ? string(Text(args["rate"])) : "0.5";
    if (args.count("noise_shape") && Text(args["noise_shape"]) != "None") d.noise_shape = string(Text(args["noise_shape"]));
    if (args.count("seed") && Text(args["seed"]) != "None") d.seed = string(Text(args["seed"]));
    if (args.count("training")) {
      TSNode t = args["training"];
      if (ts::Is(t, "true")) d.training = "True";
      else if (ts::Is(t, "identifier") && Graph(Text(t)) && Graph(Text(t))->kind != Kind::kVariable) d.training = string(Text(t));
      else if (!ts::Is(t, "false")) fail("`training=` is not True, False or a bool tensor of the graph");
    }
    if (args.count("rate")) {
      Identifiers(args["rate"], [&](TSNode id) {
        if (Graph(Text(id))) fail(fmt::format("`rate=` reads graph tensor `{}`", Text(id)));
      });
    }
    string drop = fmt::format("{}.nn.dropout({}, rate={}", tf_, d.x, d.rate);
    if (!d.noise_shape.empty()) drop += fmt::format(", noise_shape={}", d.noise_shape);
    if (!d.seed.empty()) drop += fmt::format(", seed={}", d.seed);
    drop += ")";
    const uint32_t at = ts_node_start_byte(right);
    layer_dropouts_[at] = d;
    if (d.training.empty()) no_draw_calls_.insert(at);
    layer_calls_[at] = LayerDropoutText(d, drop);
  }

  // A layer's arguments other than its input (those in `skip`) read no graph tensor (they
  // configure a layer made once, at module level).
  template <typename Fail>
  void ArgsReadNoGraph(const std::map<string, TSNode>& args, Fail&& fail,
                       const std::set<string>& skip = {"inputs"}) const {
    for (const auto& [key, value] : args) {
      if (skip.count(key)) continue;
      const string k = key;  // (a structured binding: clang 14 does not let a lambda capture it)
      Identifiers(value, [&](TSNode id) {
        if (Graph(Text(id))) fail(fmt::format("`{}=` reads graph tensor `{}`", k, Text(id)));
      });
    }
  }
  // TF1's name of a tf.layers layer (`name=`, or `base` made unique in the graph: `dense`,
  // `dense_1`, ...) and the module object that replaces it: TF1's name, or the graph name +
  // `_layer` where that is not an identifier or is taken.
  template <typename Fail>
  std::pair<string, string> LayerNames(std::map<string, TSNode>& args, const string& base, const string& name,
                                       Fail&& fail) {
    string tf1_name = base;
    if (args.count("name")) {
      auto lit = PlainStringLiteral(args["name"], src_);
      if (!lit || lit->empty()) fail("`name=` is not a plain string");
      tf1_name = *lit;
    }
    const string stem = tf1_name;
    for (int k = 1; tf1_layer_names_.count(tf1_name); ++k) tf1_name = fmt::format("{}_{}", stem, k);
    tf1_layer_names_.insert(tf1_name);
    const bool identifier = IsPythonIdentifier(tf1_name);
    string obj = identifier ? tf1_name : name + "_layer";
    if (obj != Fresh(obj)) obj = Fresh(obj + (identifier ? "_layer" : ""));
    used_fn_names_.insert(obj);
    return {tf1_name, obj};
  }
  struct LayerPlacement {
    TSNode stmt;
    const string& name;
    TSNode right, in;
    const char* kind;          // "dense", "conv2d"
    const string& tf1_name, &obj;
    string ctor, build_shape;  // the Keras layer's constructor; its build's input shape
    bool batch_norm = false;   // (gamma, beta and the moving statistics: no kernel drawn)
  };
  // A tf.layers layer with variables made in its statement's place: `obj = <ctor>` and
  // `obj.build(shape)` (a comment after the statement stays on the constructor's line), the
  // functions calling `obj(input)`; the object a variable-like graph name, the output `g`.
  void PlaceLayer(const LayerPlacement& p, std::map<string, TSNode>& args, GraphName& g, bool rebinds) {
    // its kernel's initial values are drawn (TF1's default: glorot-uniform) without an op seed
    bool drawn = !p.batch_norm && (!args.count("kernel_initializer") || Text(args["kernel_initializer"]) == "None");
    if (!drawn && !p.batch_norm) {
      const string kq =
          ts::Is(args["kernel_initializer"], "call") ? Resolved(ts::Field(args["kernel_initializer"], "function")) : "";
      drawn = (kq.find("random") != string::npos || kq.find("normal") != string::npos ||
               kq.find("uniform") != string::npos) &&
              !m_.KeywordArg(args["kernel_initializer"], "seed").id;
    }
    if (drawn) unseeded_.insert({ts_node_start_point(p.stmt).row + 1, Resolved(ts::Field(p.right, "function"))});
    if (rebinds) RetireVersion(p.stmt, p.name);
    const GraphName* src = Graph(Text(p.in));
    GraphName lg{Kind::kVariable, p.obj, p.stmt, p.right};
    g.uses.push_back(src->name);
    g.uses.push_back(p.obj);
    names_[p.obj] = graph_.size();
    graph_.push_back(std::move(lg));
    layer_objects_.insert(p.obj);
    layer_calls_[ts_node_start_byte(p.right)] = fmt::format("{}({})", p.obj, Text(p.in));
    const string indent(ts_node_start_point(p.stmt).column, ' ');
    uint32_t end = ts_node_end_byte(p.stmt);
    const string comment = TrailingComment(p.stmt, &end);
    module_edits_.emplace_back(ts_node_start_byte(p.stmt), end,
                               fmt::format("{0} = {1}{2}\n{3}{0}.build({4})", p.obj, p.ctor, comment, indent,
                                           p.build_shape));
    tf1_layer_objects_.push_back({p.tf1_name, p.obj});
    if (p.batch_norm)
      layer_notes_.push_back(fmt::format("`{0}` (tf.layers.{1}): the Keras layer `{2}`, whose `gamma`, `beta`, "
                                         "`moving_mean` and `moving_variance` TF1 named `{3}/gamma`, `{3}/beta`, "
                                         "`{3}/moving_mean` and `{3}/moving_variance`",
                                         p.name, p.kind, p.obj, p.tf1_name));
    else
      layer_notes_.push_back(fmt::format("`{}` (tf.layers.{}): the Keras layer `{}`, whose `kernel` and `bias` TF1 "
                                         "named `{}/kernel` and `{}/bias`",
                                         p.name, p.kind, p.obj, p.tf1_name, p.tf1_name));
    names_[p.name] = graph_.size();
    graph_.push_back(std::move(g));
  }
  // `c = tf.compat.v1.layers.conv2d(x, filters, kernel_size, ...)`: a Keras Conv2D made once
  // where the statement was and built there for the input's channels (its kernel drawn
  // there, glorot-uniform over TF1's fans, its bias zeros), named as TF1 named the layer
  // (`conv2d`, `conv2d_1`, ...); the functions call it.
  bool TfConvCall(TSNode stmt, const string& name, TSNode right, GraphName& g, bool rebinds) {
    auto fail = [&](const string& why) { Fail(stmt, fmt::format("`{}` is made by tf.layers.conv2d: {}", name, why)); };
    if (!AloneOnLines(stmt)) fail("the statement shares its line with other statements");
    static const std::vector<string> kParams = {"inputs",        "filters",    "kernel_size", "strides",
                                                "padding",       "data_format", "dilation_rate", "activation",
                                                "use_bias",      "kernel_initializer", "bias_initializer"};
    string why;
    std::map<string, TSNode> args = ArgsByName(right, kParams, &why, {"name"});
    if (!why.empty()) fail(why);
    if (!args.count("inputs") || !args.count("filters") || !args.count("kernel_size"))
      fail("no inputs, filters or kernel_size");
    TSNode in = args["inputs"];
    if (!ts::Is(in, "identifier") || !Graph(Text(in))) fail("its input is not a name of the graph");
    ArgsReadNoGraph(args, fail);
    std::vector<string> ctor = KerasConv2DArgs(m_, src_, args, tf_, &why);
    if (ctor.empty()) fail(why);
    const std::vector<string> x = StaticShape(in);
    if (x.size() != 4 || x[3] == "None")
      fail(fmt::format("the channels of its input `{}` are not known where the layer is made (a placeholder's or a "
                       "literal reshape's shape, through conv2d and pooling layers)",
                       Text(in)));
    const auto [tf1_name, obj] = LayerNames(args, "conv2d", name, fail);
    if (args.count("name")) ctor.push_back(fmt::format("name={}", Text(args["name"])));
    PlaceLayer({stmt, name, right, in, "conv2d", tf1_name, obj,
                fmt::format("{}.keras.layers.Conv2D({})", tf_, fmt::join(ctor, ", ")),
                fmt::format("[None, None, None, {}]", x[3])},
               args, g, rebinds);
    return true;
  }

  // `h = tf.compat.v1.layers.batch_normalization(x, momentum=m, training=T)` over a 2-D
  // input: a Keras BatchNormalization made once where the statement was and built there for
  // the input's width, named as TF1 named the layer; the functions call it with
  // training=True or False, or a cond of a bool tensor `T` choosing between the two. TF1's
  // layer over a 2-D input is not fused: while training it normalizes by the batch's
  // moments and moves the moving statistics toward the batch mean and the biased batch
  // variance, Keras's layer likewise; but TF1 made those updates ops of the UPDATE_OPS
  // collection, run only by what depends on them, where Keras's layer makes them on each
  // call that trains. So it converts only where every minimize() depended on them (the
  // control-dependencies block RewriteIdioms took away: bn_updates_with_minimize_), and
  // each run computing it while training runs a minimize() (CheckBatchNormRuns).
  struct BatchNormLayer {
    size_t graph_index;  // its output's graph name (graph_[graph_index], through later rebindings)
    string training;     // "True", "False" or the bool tensor's graph name
    TSNode stmt;
  };
  std::vector<BatchNormLayer> batch_norms_;
  bool bn_updates_with_minimize_ = false;
  // Whether the tensor of a graph name's binding is known to be 2-D ([batch, features]): a
  // placeholder or a reshape of two dimensions, a flatten, a dense or batch-normalization
  // layer over such a tensor, or an element-wise op of one.
  bool KnownRank2(const GraphName* g, int depth) {
    if (!g || depth > 64) return false;
    if (!ts::Is(g->value, "call") || g->split) return false;
    const auto& pos = m_.PositionalArgs(g->value);
    if (g->kind == Kind::kPlaceholder) {
      TSNode sh = m_.KeywordArg(g->value, "shape");
      if (!sh.id && pos.size() > 1) sh = pos[1];
      return sh.id && ShapeLiteral(sh, false).size() == 2;
    }
    if (g->kind != Kind::kOp) return false;
    const string q = Resolved(ts::Field(g->value, "function"));
    if (q == "tensorflow.reshape" || q == "tensorflow.compat.v1.reshape") {
      TSNode sh = ArgAt(m_, g->value, 1, "shape");
      return sh.id && ShapeLiteral(sh, true).size() == 2;
    }
    if (q == "tensorflow.compat.v1.layers.flatten") return true;
    TSNode x = pos.empty() ? TSNode{} : pos[0];
    if (!x.id) x = m_.KeywordArg(g->value, "inputs");
    if (!x.id) x = m_.KeywordArg(g->value, "x");
    if (!x.id) return false;
    auto layer_input = [&](TSNode call) {
      const string cq = Resolved(ts::Field(call, "function"));
      if (cq != "tensorflow.compat.v1.layers.dense" && cq != "tensorflow.compat.v1.layers.batch_normalization")
        return TSNode{};
      return ArgAt(m_, call, 0, "inputs");
    };
    if (!SameShapeOps().count(q) && q != "tensorflow.compat.v1.layers.dropout") {
      x = layer_input(g->value);
    } else if (ts::Is(x, "call")) {
      x = layer_input(x);  // (an activation of a layer: `tf.nn.relu(tf.layers.dense(h, 8))`)
    }
    return ts::Is(x, "identifier") && KnownRank2(BindingRead(g, x), depth + 1);
  }
  // The binding of the name `x` that the value of `g` read (the last one bound before it:
  // `h = tf.nn.relu(h)` reads the `h` bound earlier); null when it is not a graph name.
  const GraphName* BindingRead(const GraphName* g, TSNode x) const {
    const string t(Text(x));
    for (auto u = g->uses.rbegin(); u != g->uses.rend(); ++u)
      if (*u == t || StartsWith(*u, t + "#")) {
        auto it = names_.find(*u);
        return it == names_.end() ? nullptr : &graph_[it->second];
      }
    return nullptr;
  }
  bool TfBatchNormCall(TSNode stmt, const string& name, TSNode right, GraphName& g, bool rebinds) {
    auto fail = [&](const string& why) {
      Fail(stmt, fmt::format("`{}` is made by tf.layers.batch_normalization: {}", name, why));
    };
    if (!AloneOnLines(stmt)) fail("the statement shares its line with other statements");
    string why;
    std::map<string, TSNode> args = ArgsByName(right, Tf1BatchNormParams(), &why);
    if (!why.empty()) fail(why);
    if (!args.count("inputs")) fail("no inputs");
    TSNode in = args["inputs"];
    if (!ts::Is(in, "identifier") || !Graph(Text(in))) fail("its input is not a name of the graph");
    // (axis 1 of a 2-D input is its last)
    if (args.count("axis") && Text(args["axis"]) == "1") args.erase("axis");
    std::optional<std::vector<string>> stated = KerasBatchNormArgs(m_, src_, args, tf_, &why);
    if (!stated) fail(why);
    std::vector<string> ctor = std::move(*stated);
    string training = "False";
    if (args.count("training")) {
      TSNode t = args["training"];
      GraphName* tg = ts::Is(t, "identifier") ? Graph(Text(t)) : nullptr;
      if (ts::Is(t, "true")) training = "True";
      else if (tg && tg->kind == Kind::kPlaceholder &&
               (tg->dtype.find("bool") != string::npos || tg->default_value == "False" || tg->default_value == "True"))
        training = tg->name;
      else if (!ts::Is(t, "false")) fail("`training=` is not True, False or a bool placeholder");
    }
    if (training != "False" && !bn_updates_with_minimize_) fail(kBatchNormWithoutUpdatesWhy);
    ArgsReadNoGraph(args, fail, {"inputs", "training"});
    const GraphName* src = Graph(Text(in));
    const std::vector<string> shape = StaticShape(in);
    if (shape.size() == 4) fail(BatchNormFusedWhy(Text(in)));
    if (!(shape.size() == 2 || (shape.empty() && KnownRank2(src, 0))))
      fail(fmt::format("its input `{}` is not known to be 2-D (over a 4-D input TF1's layer is fused, and its moving "
                       "variance moves otherwise than Keras's)",
                       Text(in)));
    string width = shape.size() == 2 ? shape.back() : StaticLastDim(in);
    if (width.empty() || width == "None")
      fail(fmt::format("the width of its input `{}` is not known where the layer is made", Text(in)));
    const auto [tf1_name, obj] = LayerNames(args, "batch_normalization", name, fail);
    if (args.count("name")) ctor.push_back(fmt::format("name={}", Text(args["name"])));
    if (training != "False" && training != "True") g.uses.push_back(training);
    const string x(Text(in));
    const size_t index = graph_.size() + 1;  // (PlaceLayer adds the layer object, then the output)
    PlaceLayer({stmt, name, right, in, "batch_normalization", tf1_name, obj,
                fmt::format("{}.keras.layers.BatchNormalization({})", tf_, fmt::join(ctor, ", ")),
                fmt::format("[None, {}]", width), true},
               args, g, rebinds);
    layer_calls_[ts_node_start_byte(right)] =
        KerasBatchNormCall(tf_, obj, x, training == "True" || training == "False" ? training : string(Text(args["training"])));
    batch_norms_.push_back({index, training, stmt});
    dense_units_[name] = width;  // (the output's shape is the input's)
    return true;
  }
  // A run computing a batch normalization while training (True, or its bool tensor fed
  // anything but False) runs a minimize(): TF1 updated the moving statistics in that run.
  void CheckBatchNormRuns(TSNode call, const std::set<string>& deps, const std::map<string, string>& feeds) {
    for (const BatchNormLayer& bn : batch_norms_) {
      if (!deps.count(graph_[bn.graph_index].name) || bn.training == "False") continue;
      bool minimizes = false;
      for (const auto& h : graph_) {
        TSNode fn = ts::Is(h.value, "call") ? ts::Field(h.value, "function") : TSNode{};
        minimizes |= deps.count(h.name) && ts::Is(fn, "attribute") && Text(ts::Field(fn, "attribute")) == "minimize";
      }
      if (minimizes) continue;
      if (bn.training != "True") {
        const GraphName* flag = nullptr;
        for (const auto& h : graph_)
          if (h.name == bn.training) flag = &h;
        auto fed = feeds.find(bn.training);
        const string value = fed != feeds.end() ? fed->second : flag ? flag->default_value : "";
        if (value == "False") continue;
      }
      Fail(call, fmt::format("this run computes the batch normalization of line {} while training without a "
                             "minimize(): TF1 ran no update of its moving statistics here, Keras's layer would",
                             ts_node_start_point(bn.stmt).row + 1));
    }
  }

  // The dense or conv2d call of `act(tf.compat.v1.layers.dense(...))`, an elementwise
  // activation (the layer's output shape is the statement's); else `right`.
  TSNode ActivatedLayer(TSNode right) const {
    static const std::set<string> kElementwise = {
        "tensorflow.nn.relu",    "tensorflow.nn.relu6",     "tensorflow.nn.elu",      "tensorflow.nn.selu",
        "tensorflow.nn.sigmoid", "tensorflow.math.sigmoid", "tensorflow.sigmoid",     "tensorflow.nn.tanh",
        "tensorflow.math.tanh",  "tensorflow.tanh",         "tensorflow.nn.softplus", "tensorflow.nn.leaky_relu"};
    if (!kElementwise.count(Resolved(ts::Field(right, "function")))) return right;
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(right, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    if (args.size() != 1 || !ts::Is(args[0], "call")) return right;
    const string q = Resolved(ts::Field(args[0], "function"));
    return q == "tensorflow.compat.v1.layers.dense" || q == "tensorflow.compat.v1.layers.conv2d" ? args[0] : right;
  }
  // `h = tf.compat.v1.layers.dense(x, units, activation, ...)`: TF2's form is a Keras Dense
  // layer, made once where the statement was and built there for the input's last
  // dimension (so its variables are made there, in TF1's order, with TF1's initial
  // distributions: glorot-uniform kernel, zero bias), named as TF1 named the layer
  // (`dense`, `dense_1`, ...: the variables TF1 called `dense/kernel` are `dense.kernel`);
  // the functions call it (`h = dense(x)`). A variable-like graph name whose trainable
  // variables are the layer's. False: not such a call.
  bool TfLayerCall(TSNode stmt, const string& name, TSNode right, GraphName& g, bool rebinds) {
    const string q = Resolved(ts::Field(right, "function"));
    if (q == "tensorflow.compat.v1.layers.dropout") {
      LayerDropoutCall(stmt, name, right);
      return false;  // (an op of the graph, written as TF2's)
    }
    if (q == "tensorflow.compat.v1.layers.max_pooling2d" || q == "tensorflow.compat.v1.layers.average_pooling2d" ||
        q == "tensorflow.compat.v1.layers.flatten") {
      StatelessLayerCall(stmt, name, right, q);
      return false;  // (an op of the graph, written as TF2's)
    }
    if (q == "tensorflow.compat.v1.layers.conv2d") return TfConvCall(stmt, name, right, g, rebinds);
    if (q == "tensorflow.compat.v1.layers.batch_normalization") return TfBatchNormCall(stmt, name, right, g, rebinds);
    if (q != "tensorflow.compat.v1.layers.dense") return false;
    auto fail = [&](const string& why) { Fail(stmt, fmt::format("`{}` is made by tf.layers.dense: {}", name, why)); };
    if (!AloneOnLines(stmt)) fail("the statement shares its line with other statements");
    static const std::vector<string> kParams = {"inputs", "units", "activation", "use_bias", "kernel_initializer",
                                                "bias_initializer"};
    string why;
    std::map<string, TSNode> args = ArgsByName(right, kParams, &why, {"name"});
    if (!why.empty()) fail(why);
    if (!args.count("inputs") || !args.count("units")) fail("no inputs or units");
    TSNode in = args["inputs"];
    if (!ts::Is(in, "identifier") || !Graph(Text(in))) fail("its input is not a name of the graph");
    ArgsReadNoGraph(args, fail);
    // the input's last dimension, where the layer is made
    const GraphName* src = Graph(Text(in));
    string build;
    if (src->kind == Kind::kPlaceholder && !src->shape.empty() && src->shape != "None") {
      const string& sh = src->shape;
      if ((sh.front() == '[' || sh.front() == '(') && (EndsWith(sh, "None]") || EndsWith(sh, "None)")))
        fail(fmt::format("the last dimension of its input `{}` is unknown", Text(in)));
      build = sh;
    } else if (auto d = dense_units_.find(src->name); d != dense_units_.end()) {
      build = fmt::format("[None, {}]", d->second);
    } else if (auto sh = StaticShape(in); !sh.empty() && sh.back() != "None") {
      build = fmt::format("[None, {}]", sh.back());  // (a flatten, a reshape to a literal shape)
    } else if (const string d = StaticLastDim(in); !d.empty()) {
      build = fmt::format("[None, {}]", d);  // (an RNN's outputs or state)
    } else {
      fail(fmt::format("the last dimension of its input `{}` is not known where the layer is made (a placeholder's "
                       "shape or another dense layer's units)",
                       Text(in)));
    }
    const auto [tf1_name, obj] = LayerNames(args, "dense", name, fail);
    std::vector<string> ctor;
    {
      string why;
      ctor = KerasDenseArgs(m_, src_, args, tf_, &why);
      if (ctor.empty()) fail(why);
    }
    if (args.count("name")) ctor.push_back(fmt::format("name={}", Text(args["name"])));
    PlaceLayer({stmt, name, right, in, "dense", tf1_name, obj,
                fmt::format("{}.keras.layers.Dense({})", tf_, fmt::join(ctor, ", ")), build},
               args, g, rebinds);
    dense_units_[name] = string(Text(args["units"]));  // (after PlaceLayer retired the binding before it)
    return true;
  }
  // --- TF1 RNN cells run by tf.nn.dynamic_rnn: Keras recurrent layers ---
  //
  // `cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(n)` then `outputs, state =
  // tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)`: TF2's form is a Keras LSTM
  // (BasicRNNCell: SimpleRNN) made where the cell was, with return_sequences and
  // return_state, built where TF1 made the cell's variables (the run) and called by the
  // functions. TF1's cell has one kernel over the concatenation [inputs, state], drawn
  // glorot-uniform over those fans; Keras's layer has a kernel (the inputs' rows) and a
  // recurrent_kernel (the state's rows), initialized apart. So the run's place draws TF1's
  // joint kernel (the same distribution, so the same numbers with --deterministic-random)
  // and the layer's initializers take its rows; an LSTM's gate columns, TF1's i, j, f, o,
  // are put in Keras's order i, f, c, o, and TF1's forget_bias of 1 (added to the forget
  // gate on every step) is Keras's unit_forget_bias (the forget gate's bias starts at 1).
  // TF1's final LSTM state is the pair (c, h); Keras returns h and c apart, so the state's
  // uses (`state.h`, `state[1]`, ...) are written as the two names.
  struct RnnCell {
    string q, keras, kernel, units;  // the TF1 cell's function; Keras's layer; the drawn kernel's module name; num_units
    string tf1_name;                  // the scope of its variables in dynamic_rnn's (`basic_lstm_cell`, its name=)
    TSNode stmt;
    std::set<string> zero_states;     // names bound to its zero_state (the run's initial state: Keras's zeros)
    std::vector<string> members;      // a MultiRNNCell's cells
    bool in_stack = false;            // a cell of a MultiRNNCell (a Keras cell)
    string count, member_q, member_keras;  // a MultiRNNCell of K (`count`) cells made alike in a comprehension
  };
  std::map<string, RnnCell> rnn_cells_;  // a cell's name -> what the conversion made of it
  std::map<string, string> rnn_outputs_;  // a dynamic_rnn's outputs ([batch, time, units]) -> its units
  // ranges of graph statements written otherwise in the functions: start byte -> (end byte, text)
  std::map<uint32_t, std::pair<uint32_t, string>> text_edits_;

  // Each identifier `name` in the file outside `skip` (not attribute or keyword names).
  std::vector<TSNode> NameUses(string_view name, TSNode skip) const {
    std::vector<TSNode> uses;
    ts::Walk(
        file_.Root(),
        [&](TSNode c, const char*) {
          if (ts::Contains(skip, c)) return false;
          if (!ts::Is(c, "identifier")) return true;
          TSNode p = ts::Parent(c);
          const bool attr_name = ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c);
          const bool kw_name = ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c);
          if (!attr_name && !kw_name && Text(c) == name) uses.push_back(c);
          return false;
        },
        [](TSNode) {});
    return uses;
  }
  // A comment after the statement on its last line ("" if none); `*end` moves past it.
  string TrailingComment(TSNode stmt, uint32_t* end) const {
    size_t eol = src_.find('\n', *end);
    if (eol == string::npos) eol = src_.size();
    if (eol > *end && src_[eol - 1] == '\r') --eol;
    const string tail = src_.substr(*end, eol - *end);
    const size_t hash = tail.find('#');
    if (hash == string::npos || tail.find_first_not_of(" \t") != hash) return "";
    *end = static_cast<uint32_t>(eol);
    return tail;
  }
  static string Operand(string_view e) {
    const bool simple = !e.empty() && e.find_first_of(" +-*/%()[],") == string_view::npos;
    return simple ? string(e) : fmt::format("({})", e);
  }

  // Where a cell (or a MultiRNNCell) `name` is used: as the cell of one dynamic_rnn or
  // static_rnn at module level (true: as an item of one MultiRNNCell's list of cells, when
  // `stackable`); besides, for a run's cell, its zero_state as that run's initial_state
  // (inline, or a name bound to it and read only there, put in `*zero_names`): the zeros
  // Keras starts from. Anything else fails.
  template <typename Fail>
  bool RnnCellUses(const string& name, TSNode stmt, bool stackable, std::set<string>* zero_names, Fail&& fail) {
    const std::vector<TSNode> uses = NameUses(name, stmt);
    // (a statement of the cell's block: the module's, or that of the function the program is in)
    const TSNode block = ts::Parent(stmt);
    auto module_assignment = [&](TSNode call) {
      TSNode assign = ts::Parent(call);
      return ts::Is(assign, "assignment") && ts::Same(ts::Field(assign, "right"), call) &&
             ts::Same(ts::Parent(ts::Parent(assign)), block);
    };
    auto run_call = [&](TSNode call) {
      const string rq = ts::Is(call, "call") ? Resolved(ts::Field(call, "function")) : "";
      return (rq == "tensorflow.compat.v1.nn.dynamic_rnn" || rq == "tensorflow.compat.v1.nn.static_rnn") &&
             module_assignment(call);
    };
    auto run_of = [&](TSNode use) {
      TSNode p = ts::Parent(use);
      if (ts::Is(p, "keyword_argument") && Text(ts::Field(p, "name")) == "cell") p = ts::Parent(p);
      else if (!ts::Is(p, "argument_list") || !ts::Same(ts_node_named_child(p, 0), use)) return false;
      return run_call(ts::Parent(p));
    };
    // an item of `M = tf.compat.v1.nn.rnn_cell.MultiRNNCell([c1, c2])`
    auto stack_of = [&](TSNode use) {
      TSNode list = ts::Parent(use), al = ts::Parent(list);
      if (!stackable || !ts::Is(list, "list") || !ts::Is(al, "argument_list") || !ts::Same(ts_node_named_child(al, 0), list))
        return false;
      TSNode call = ts::Parent(al);
      return Resolved(ts::Field(call, "function")) == "tensorflow.compat.v1.nn.rnn_cell.MultiRNNCell" &&
             module_assignment(call) && ts::Is(ts::Field(ts::Parent(call), "left"), "identifier");
    };
    // `initial_state=<v>` of a run
    auto initial_state_of_run = [&](TSNode v) {
      TSNode kw = ts::Parent(v);
      return ts::Is(kw, "keyword_argument") && Text(ts::Field(kw, "name")) == "initial_state" &&
             run_call(ts::Parent(ts::Parent(kw)));
    };
    auto zero_state_use = [&](TSNode use) {
      TSNode attr = ts::Parent(use), call = ts::Parent(attr);
      if (!ts::Is(attr, "attribute") || Text(ts::Field(attr, "attribute")) != "zero_state" || !ts::Is(call, "call"))
        return false;
      if (initial_state_of_run(call)) return true;
      TSNode assign = ts::Parent(call);
      if (!module_assignment(call) || !ts::Is(ts::Field(assign, "left"), "identifier")) return false;
      const string z(Text(ts::Field(assign, "left")));
      const std::vector<TSNode> zu = NameUses(z, ts::Parent(assign));
      if (zu.size() != 1 || !initial_state_of_run(zu[0])) return false;
      zero_names->insert(z);
      return true;
    };
    size_t runs = 0, stacks = 0;
    bool other = false;
    for (TSNode use : uses) {
      if (run_of(use)) ++runs;
      else if (stack_of(use)) ++stacks;
      else if (!zero_state_use(use)) other = true;
      // (a DropoutWrapper: why no conversion of it can be proved)
      TSNode al = ts::Parent(use);
      if (ts::Is(al, "keyword_argument")) al = ts::Parent(al);
      if (ts::Is(al, "argument_list") &&
          Resolved(ts::Field(ts::Parent(al), "function")) == "tensorflow.compat.v1.nn.rnn_cell.DropoutWrapper")
        fail("it is wrapped in tf.nn.rnn_cell.DropoutWrapper, which draws a new mask on every step (under "
             "dynamic_rnn one op, whose loop iterations TensorFlow runs in parallel, so which step gets which mask "
             "depends on its scheduler), where Keras's dropout= draws one mask for every step: no conversion of it "
             "can be proved equivalent");
    }
    if (other || runs + stacks != 1 || (stacks && !zero_names->empty()))
      fail(fmt::format("it is used otherwise than as the cell of one tf.nn.dynamic_rnn or static_rnn at module level{} "
                       "(and its zero_state as that run's initial state): a wrapper, a second run, a cell repeated; the "
                       "conversion writes one Keras layer, run once",
                       stackable ? " or as one of a MultiRNNCell's cells" : ""));
    return stacks == 1;
  }

  // A TF1 cell constructor's arguments (`call`, of the cell class `cls`, a Keras `keras`
  // layer): the Keras cell's constructor arguments besides its units (and the call's
  // arguments by name in `*args_out`); fails on what the conversion does not write.
  template <typename Fail>
  std::vector<string> RnnCellArgs(TSNode call, const string& keras, const string& cls,
                                  std::map<string, TSNode>* args_out, Fail&& fail) {
    std::vector<string> params = {"num_units"};
    if (cls == "LSTMCell")
      params.insert(params.end(), {"use_peepholes", "cell_clip", "initializer", "num_proj", "proj_clip",
                                   "num_unit_shards", "num_proj_shards"});
    if (keras == "LSTM") params.insert(params.end(), {"forget_bias", "state_is_tuple"});
    params.insert(params.end(), {"activation", "reuse"});
    if (keras == "GRU") params.insert(params.end(), {"kernel_initializer", "bias_initializer"});
    params.insert(params.end(), {"name", "dtype"});
    string why;
    std::map<string, TSNode>& args = *args_out;
    args = ArgsByName(call, params, &why);
    if (!why.empty()) fail(why);
    if (!args.count("num_units")) fail("no num_units");
    ArgsReadNoGraph(args, fail);
    std::vector<string> ctor;
    // (TF1's GRU applies the reset gate before the candidate's matmul: Keras's reset_after=False)
    if (keras == "GRU") ctor.push_back("reset_after=False");
    for (const auto& [key, value] : args) {
      const string v(Text(value));
      if (key == "num_units" || key == "name") continue;
      if (key == "forget_bias") {
        if (v == "0.0" || v == "0" || v == "0.") ctor.push_back("unit_forget_bias=False");
        else if (v != "1.0" && v != "1" && v != "1.")
          fail("a forget_bias other than 1 or 0 (Keras's LSTM starts the forget gate's bias at 1 or at 0)");
      } else if (key == "state_is_tuple") {
        if (v != "True") fail("state_is_tuple is not True (the state is one concatenated tensor)");
      } else if (key == "activation") {
        if (v != "None") ctor.push_back(fmt::format("activation={}", v));
      } else if (key == "dtype") {
        if (v != "None" && Resolved(value) != "tensorflow.float32") fail("a dtype other than float32");
      } else if (v != "None" && v != "False") {
        fail(fmt::format("`{}=` is given (the conversion writes the cell without it)", key));
      }
    }
    return ctor;
  }

  // TF1's cell classes -> the Keras layer of each
  static const std::map<string, string>& RnnCellKinds() {
    static const std::map<string, string> kCells = {{"tensorflow.compat.v1.nn.rnn_cell.BasicLSTMCell", "LSTM"},
                                                    {"tensorflow.compat.v1.nn.rnn_cell.LSTMCell", "LSTM"},
                                                    {"tensorflow.compat.v1.nn.rnn_cell.BasicRNNCell", "SimpleRNN"},
                                                    {"tensorflow.compat.v1.nn.rnn_cell.GRUCell", "GRU"}};
    return kCells;
  }

  // `cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(...)` (LSTMCell, BasicRNNCell): the
  // Keras layer made in its place. False: not a cell. Refuses a cell the conversion does
  // not write, or one used otherwise than as the cell of one dynamic_rnn.
  bool RnnCellStatement(TSNode stmt, const string& name, TSNode right) {
    const string q = Resolved(ts::Field(right, "function"));
    if (q == "tensorflow.compat.v1.nn.rnn_cell.MultiRNNCell") return RnnStackStatement(stmt, name, right);
    const auto& kCells = RnnCellKinds();
    auto kind = kCells.find(q);
    if (kind == kCells.end()) return false;
    const string cls = q.substr(q.rfind('.') + 1);
    auto fail = [&](const string& why) { Fail(stmt, fmt::format("`{}` is a tf.nn.rnn_cell.{}: {}", name, cls, why)); };
    if (!AloneOnLines(stmt)) fail("the statement shares its line with other statements");
    if (names_.count(name) || rnn_cells_.count(name) || python_values_.count(name))
      fail("its name is bound more than once while the graph is built");
    std::map<string, TSNode> args;
    std::vector<string> ctor = RnnCellArgs(right, kind->second, cls, &args, fail);
    ctor.insert(ctor.begin(), {string(Text(args["num_units"])), "return_sequences=True", "return_state=True"});
    std::set<string> zero_names;
    const bool in_stack = RnnCellUses(name, stmt, true, &zero_names, fail);
    const string kernel = Fresh(name + "_kernel");
    used_fn_names_.insert(kernel);
    string tf1_name = cls == "BasicRNNCell" ? "basic_rnn_cell"
                      : cls == "LSTMCell"   ? "lstm_cell"
                      : cls == "GRUCell"    ? "gru_cell"
                                            : "basic_lstm_cell";
    if (args.count("name")) {
      auto lit = PlainStringLiteral(args["name"], src_);
      if (!lit || lit->empty()) fail("`name=` is not a plain string");
      tf1_name = *lit;
    }
    rnn_cells_[name] = {q, kind->second, kernel, string(Text(args["num_units"])), tf1_name, stmt, zero_names};
    if (in_stack) {  // a Keras cell, for the RNN layer the MultiRNNCell becomes
      ctor.erase(std::remove_if(ctor.begin(), ctor.end(), [](const string& a) { return StartsWith(a, "return_"); }),
                 ctor.end());
      rnn_cells_[name].in_stack = true;
    }
    const string indent(ts_node_start_point(stmt).column, ' ');
    uint32_t end = ts_node_end_byte(stmt);
    const string comment = TrailingComment(stmt, &end);
    module_edits_.emplace_back(
        ts_node_start_byte(stmt), end,
        fmt::format("{0} = {1}.keras.layers.{2}{9}({3},{4}\n"
                    "{5}    # TF1's {8}, drawn where the cell first ran: the inputs' rows, then the state's\n"
                    "{5}    kernel_initializer=lambda shape, dtype=None: {6}[:shape[0]],\n"
                    "{5}    recurrent_initializer=lambda shape, dtype=None: {6}[-shape[0]:]{7})",
                    name, tf_, kind->second, fmt::join(ctor, ", "), comment, indent, kernel,
                    // TF1's gates' bias starts at 1, its candidate's at 0
                    kind->second != "GRU"
                        ? string()
                        : fmt::format(",\n{0}    bias_initializer=lambda shape, dtype=None: {1}.concat([{1}.ones([2 * {2}]), "
                                      "{1}.zeros([{2}])], 0)",
                                      indent, tf_, Operand(Text(args["num_units"]))),
                    kind->second == "GRU" ? "kernels (its gates' and its candidate's)" : "kernel",
                    in_stack ? "Cell" : ""));
    return true;
  }

  // `M = tf.compat.v1.nn.rnn_cell.MultiRNNCell([tf.compat.v1.nn.rnn_cell.BasicLSTMCell(n)
  // for _ in range(K)])`: a Keras RNN over K Keras cells made in a comprehension, the k-th
  // taking the k-th of the kernels drawn where the run is (`M_kernels[k]`).
  template <typename Fail>
  bool RnnStackComprehension(TSNode stmt, const string& name, TSNode comp, Fail&& fail) {
    TSNode body = ts::Field(comp, "body");
    std::vector<TSNode> clauses;
    for (TSNode c : ts::NamedChildren(comp))
      if (!ts::Same(c, body) && !ts::Is(c, "comment")) clauses.push_back(c);
    const string q = ts::Is(body, "call") ? Resolved(ts::Field(body, "function")) : "";
    auto kind = RnnCellKinds().find(q);
    if (kind == RnnCellKinds().end() || kind->second == "GRU")
      fail("its cells' comprehension does not make a BasicLSTMCell, LSTMCell or BasicRNNCell");
    TSNode range = clauses.size() == 1 && ts::Is(clauses[0], "for_in_clause") ? ts::Field(clauses[0], "right") : TSNode{};
    TSNode var = clauses.size() == 1 ? ts::Field(clauses[0], "left") : TSNode{};
    if (!ts::Is(range, "call") || Text(ts::Field(range, "function")) != "range" || !ts::Is(var, "identifier") ||
        m_.PositionalArgs(range).size() != 1 || ts_node_named_child_count(ts::Field(range, "arguments")) != 1)
      fail("its cells' comprehension is not `for _ in range(K)`");
    const string count(Text(m_.PositionalArgs(range)[0]));
    Identifiers(m_.PositionalArgs(range)[0], [&](TSNode id) {
      if (Graph(Text(id))) fail("its number of cells reads a graph tensor");
    });
    Identifiers(body, [&](TSNode id) {
      if (Text(id) == Text(var)) fail("its cells depend on the comprehension's variable");
    });
    const string cls = q.substr(q.rfind('.') + 1);
    std::map<string, TSNode> cargs;
    std::vector<string> ctor = RnnCellArgs(body, kind->second, cls, &cargs, fail);
    std::set<string> zero_names;
    RnnCellUses(name, stmt, false, &zero_names, fail);
    const string kernels = Fresh(name + "_kernels");
    used_fn_names_.insert(kernels);
    RnnCell rc{"tensorflow.compat.v1.nn.rnn_cell.MultiRNNCell", "RNN", kernels, string(Text(cargs["num_units"])),
               "multi_rnn_cell", stmt, zero_names};
    rc.count = count;
    rc.member_q = q;
    rc.member_keras = kind->second;
    rnn_cells_[name] = rc;
    const string indent(ts_node_start_point(stmt).column, ' ');
    uint32_t end = ts_node_end_byte(stmt);
    const string comment = TrailingComment(stmt, &end);
    ctor.insert(ctor.begin(), string(Text(cargs["num_units"])));
    module_edits_.emplace_back(
        ts_node_start_byte(stmt), end,
        fmt::format("{0} = {1}.keras.layers.RNN({2}\n"
                    "{3}    # TF1's kernels, drawn where the cells first ran ({4}[k]: the k-th cell's, the inputs' rows,\n"
                    "{3}    # then the state's)\n"
                    "{3}    [{1}.keras.layers.{5}Cell({6},\n"
                    "{3}        kernel_initializer=lambda shape, dtype=None, k=k: {4}[k][:shape[0]],\n"
                    "{3}        recurrent_initializer=lambda shape, dtype=None, k=k: {4}[k][-shape[0]:])\n"
                    "{3}     for k in range({7})],\n"
                    "{3}    return_sequences=True, return_state=True)",
                    name, tf_, comment, indent, kernels, kind->second, fmt::join(ctor, ", "), count));
    return true;
  }

  // `M = tf.compat.v1.nn.rnn_cell.MultiRNNCell([c1, c2])` of cells RnnCellStatement made
  // Keras cells: a Keras RNN layer over them (its StackedRNNCells run each step's cells in
  // order, as TF1's), returning the sequences and the states. False: not such a statement.
  bool RnnStackStatement(TSNode stmt, const string& name, TSNode right) {
    auto fail = [&](const string& why) { Fail(stmt, fmt::format("`{}` is a tf.nn.rnn_cell.MultiRNNCell: {}", name, why)); };
    if (!AloneOnLines(stmt)) fail("the statement shares its line with other statements");
    if (names_.count(name) || rnn_cells_.count(name) || python_values_.count(name))
      fail("its name is bound more than once while the graph is built");
    string why;
    std::map<string, TSNode> args = ArgsByName(right, {"cells", "state_is_tuple"}, &why);
    if (!why.empty()) fail(why);
    if (args.count("state_is_tuple") && Text(args["state_is_tuple"]) != "True") fail("state_is_tuple is not True");
    if (ts::Is(args["cells"], "list_comprehension")) return RnnStackComprehension(stmt, name, args["cells"], fail);
    if (!ts::Is(args["cells"], "list")) fail("its cells are not a list of cells made by name");
    std::vector<string> members;
    for (TSNode c : ts::NamedChildren(args["cells"])) {
      if (ts::Is(c, "comment")) continue;
      auto it = ts::Is(c, "identifier") ? rnn_cells_.find(string(Text(c))) : rnn_cells_.end();
      if (it == rnn_cells_.end() || !it->second.in_stack)
        fail(fmt::format("its cell `{}` is not a cell made by name before it (tf.nn.rnn_cell.BasicLSTMCell, LSTMCell, "
                         "BasicRNNCell or GRUCell)",
                         Text(c)));
      members.push_back(string(Text(c)));
    }
    if (members.empty()) fail("it has no cells");
    std::set<string> zero_names;
    RnnCellUses(name, stmt, false, &zero_names, fail);
    RnnCell rc{"tensorflow.compat.v1.nn.rnn_cell.MultiRNNCell", "RNN", "", rnn_cells_[members.back()].units,
               "multi_rnn_cell", stmt, zero_names};
    rc.members = members;
    rnn_cells_[name] = rc;
    uint32_t end = ts_node_end_byte(stmt);
    const string comment = TrailingComment(stmt, &end);
    module_edits_.emplace_back(ts_node_start_byte(stmt), end,
                               fmt::format("{} = {}.keras.layers.RNN([{}], return_sequences=True, return_state=True){}",
                                           name, tf_, fmt::join(members, ", "), comment));
    return true;
  }

  // The last dimension of the [batch, time, depth] tensor `in` names, as module text ("": not known).
  string RnnInputDepth(TSNode in) const {
    if (auto sh = StaticShape(in); !sh.empty()) return sh.size() == 3 && sh[2] != "None" ? sh[2] : "";
    const GraphName* x = Graph(Text(in));
    if (!x) return "";
    // a placeholder's shape, or a reshape's: `tf.reshape(X, [-1, n_steps, n_input])`
    const string q = x->kind == Kind::kOp && ts::Is(x->value, "call") ? Resolved(ts::Field(x->value, "function")) : "";
    const bool reshape = !x->split && (q == "tensorflow.reshape" || q == "tensorflow.compat.v1.reshape");
    if (x->kind != Kind::kPlaceholder && !reshape) return "";
    TSNode sh = reshape ? ArgAt(m_, x->value, 1, "shape") : m_.KeywordArg(x->value, "shape");
    if (!reshape && !sh.id && m_.PositionalArgs(x->value).size() > 1) sh = m_.PositionalArgs(x->value)[1];
    std::vector<TSNode> dims;
    if (ts::Is(sh, "list") || ts::Is(sh, "tuple"))
      for (TSNode d : ts::NamedChildren(sh))
        if (!ts::Is(d, "comment")) dims.push_back(d);
    if (dims.size() != 3 || Text(dims[2]) == "None") return "";
    bool free = true;
    Identifiers(dims[2], [&](TSNode id) { free = free && !Graph(Text(id)); });
    auto v = LiteralInt(dims[2]);
    return free && !(v && *v < 0) ? string(Text(dims[2])) : "";
  }
  // Module statements drawing the kernel(s) TF1's cell `rc` (its module name `obj`) drew for
  // inputs of `depth`, in the Keras cell's layout (`rc.kernel`); lines after the first indented.
  string RnnKernelDraw(const RnnCell& rc, const string& obj, const string& depth, const string& indent,
                       const string& comment) {
    const string u = Operand(rc.units);
    if (rc.keras == "GRU") {
      // TF1's two kernels: the gates' (r, u) [in + units, 2 units], then the candidate's [in + units, units];
      // Keras's columns: z (TF1's u), r, the candidate
      const string gates = Fresh(obj + "_gates"), cand = Fresh(obj + "_candidate");
      used_fn_names_.insert(gates);
      used_fn_names_.insert(cand);
      return fmt::format(
          "{0} = {1}.keras.initializers.GlorotUniform()([{2} + {3}, 2 * {3}]){4}\n"
          "{5}{6} = {1}.keras.initializers.GlorotUniform()([{2} + {3}, {3}])\n"
          "{5}{7} = {1}.concat([{0}[:, {3}:], {0}[:, :{3}], {6}], axis=1)  # TF1's gates r, u as Keras's z (u), r",
          gates, tf_, Operand(depth), u, comment, indent, cand, rc.kernel);
    }
    const bool lstm = rc.keras == "LSTM";
    string text = fmt::format("{} = {}.keras.initializers.GlorotUniform()([{} + {}, {}]){}", rc.kernel, tf_,
                              Operand(depth), u, lstm ? "4 * " + u : u, comment);
    if (lstm)
      text += fmt::format("\n{0}{1} = {2}.concat([{2}.split({1}, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  "
                          "# TF1's gates i, j, f, o as Keras's i, f, c, o",
                          indent, rc.kernel, tf_);
    return text;
  }

  // `outputs, state = tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)` of a cell
  // RnnCellStatement made a Keras layer: the layer built here (TF1's kernel drawn here),
  // the functions calling it. False: not such a run.
  bool RnnRun(TSNode stmt, TSNode left, TSNode right) {
    const string rq = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : "";
    const bool static_run = rq == "tensorflow.compat.v1.nn.static_rnn";
    if (rq != "tensorflow.compat.v1.nn.dynamic_rnn" && !static_run) return false;
    static const std::vector<string> kParams = {"cell",        "inputs",   "sequence_length", "initial_state",
                                                "dtype",       "parallel_iterations", "swap_memory", "time_major",
                                                "scope"};
    static const std::vector<string> kStaticParams = {"cell", "inputs", "initial_state", "dtype", "sequence_length",
                                                      "scope"};
    string why;
    std::map<string, TSNode> args = ArgsByName(right, static_run ? kStaticParams : kParams, &why);
    if (!why.empty() || !args.count("cell") || !ts::Is(args["cell"], "identifier")) return false;
    const string cell(Text(args["cell"]));
    auto it = rnn_cells_.find(cell);
    if (it == rnn_cells_.end()) return false;
    const RnnCell& rc = it->second;
    auto fail = [&](const string& w) {
      Fail(stmt, fmt::format("tf.nn.{} of the cell `{}` (a Keras {} in TF2): {}", static_run ? "static_rnn" : "dynamic_rnn",
                             cell, rc.keras, w));
    };
    if (!AloneOnLines(stmt)) fail("the statement shares its line with other statements");
    if (!args.count("inputs") || !ts::Is(args["inputs"], "identifier") || !Graph(Text(args["inputs"])))
      fail("its inputs are not a name of the graph");
    if (args.count("sequence_length") && Text(args["sequence_length"]) != "None")
      fail("`sequence_length=` is given (Keras masks steps otherwise: a masked step repeats the last output where "
           "TF1's is zeros)");
    if (args.count("initial_state") && Text(args["initial_state"]) != "None") {
      // (the cell's zero_state, checked by RnnCellStatement: Keras's own start)
      TSNode v = args["initial_state"];
      const bool zero = (ts::Is(v, "identifier") && rc.zero_states.count(string(Text(v)))) ||
                        (ts::Is(v, "call") && ts::Is(ts::Field(v, "function"), "attribute") &&
                         Text(ts::Field(ts::Field(v, "function"), "object")) == cell);
      if (!zero) fail("`initial_state=` is given, other than the cell's zero_state");
      args.erase("initial_state");
    }
    if (args.count("time_major") && Text(args["time_major"]) != "False") fail("time_major is not False");
    if (args.count("dtype") && Resolved(args["dtype"]) != "tensorflow.float32") fail("a dtype other than float32");
    ArgsReadNoGraph(args, fail);
    TSNode in = args["inputs"];
    // the inputs' depth, where the layer is built: [batch, time, depth] (static_rnn: a list
    // of [batch, depth], `tf.unstack(x, steps, 1)` of such an x, which the layer is given stacked)
    TSNode seq = in;
    if (static_run) {
      const GraphName* xs = Graph(Text(in));
      TSNode un = xs->kind == Kind::kOp && !xs->split ? xs->value : TSNode{};
      const string uq = ts::Is(un, "call") ? Resolved(ts::Field(un, "function")) : "";
      TSNode from = uq == "tensorflow.unstack" ? ArgAt(m_, un, 0, "value") : TSNode{};
      TSNode axis = from.id ? ArgAt(m_, un, 2, "axis") : TSNode{};
      auto ax = axis.id ? LiteralInt(axis) : std::nullopt;
      if (!ts::Is(from, "identifier") || !Graph(Text(from)) || !ax || *ax != 1 ||
          ts_node_start_byte(Graph(Text(from))->stmt) > ts_node_start_byte(xs->stmt))
        fail(fmt::format("its inputs `{}` are not `tf.unstack(x, steps, 1)` of a [batch, time, depth] tensor x",
                         Text(in)));
      seq = from;
    }
    const string depth = RnnInputDepth(seq);
    if (depth.empty())
      fail(fmt::format("the depth of its inputs `{}` (a [batch, time, depth] placeholder's or literal reshape's) is "
                       "not known where TF1 made the cell's variables",
                       Text(seq)));
    // the targets: the outputs, and the final state (an LSTM's: its c and h written apart)
    std::vector<TSNode> parts;
    for (TSNode t : ts::NamedChildren(left))
      if (!ts::Is(t, "comment")) parts.push_back(t);
    if (parts.size() != 2 || !ts::Is(parts[0], "identifier")) fail("its result is not unpacked into outputs and state");
    std::vector<string> made = {string(Text(parts[0]))};
    std::vector<TSNode> state_uses;
    string state_h, state_c;
    const bool lstm = rc.keras == "LSTM", stack = rc.keras == "RNN";
    if (stack && !ts::Is(parts[1], "identifier")) fail("its states are not bound to one name");
    if (ts::Is(parts[1], "identifier")) {
      made.push_back(string(Text(parts[1])));
      if ((lstm || stack) && made[1] != "_") {
        state_uses = NameUses(made[1], stmt);
        state_h = Fresh(made[1] + "_h");
        used_fn_names_.insert(state_h);
        state_c = Fresh(made[1] + "_c");
        used_fn_names_.insert(state_c);
      }
    } else if (lstm && (ts::Is(parts[1], "tuple_pattern") || ts::Is(parts[1], "list_pattern"))) {
      std::vector<TSNode> ch;
      for (TSNode t : ts::NamedChildren(parts[1]))
        if (!ts::Is(t, "comment")) ch.push_back(t);
      if (ch.size() != 2 || !ts::Is(ch[0], "identifier") || !ts::Is(ch[1], "identifier"))
        fail("its state is not unpacked into two names");
      state_c = string(Text(ch[0]));
      state_h = string(Text(ch[1]));
      made.push_back(state_c);
      made.push_back(state_h);
    } else {
      fail("its state is not bound to a name");
    }
    for (const string& t : made)
      if (t != "_" && (names_.count(t) || python_values_.count(t)))
        fail(fmt::format("`{}` is bound more than once while the graph is built", t));
    // `state.h`, `state.c`, `state[1]`, `state[0]` (TF1's LSTMStateTuple(c, h)): the two names
    std::vector<std::tuple<uint32_t, uint32_t, string>> uses_edits;
    // a MultiRNNCell's `states[i]` (TF1: the i-th cell's state; an LSTM's (c, h)) is the
    // Keras RNN's `states[i]`, a list: [h, c], or [h]
    if (stack) {
      // (K cells of a comprehension: K itself when a literal, else indexes 0 and -1, valid for any K)
      std::optional<int64_t> k;
      if (rc.count.empty()) k = static_cast<int64_t>(rc.members.size());
      else if (rc.count.find_first_not_of("0123456789") == string::npos && rc.count.size() < 6) k = std::stoll(rc.count);
      for (TSNode u : state_uses) {
        TSNode p = ts::Parent(u);
        std::optional<int64_t> i;
        if (ts::Is(p, "subscript") && ts::Same(ts::Field(p, "value"), u) && ts_node_named_child_count(p) == 2)
          i = LiteralInt(ts::Field(p, "subscript"));
        const bool in_range = i && (k ? *i >= -*k && *i < *k : (*i == 0 || *i == -1));
        if (!in_range || !InWindow(p))
          fail(fmt::format("the states `{}` are used otherwise than one cell's at a time (line {})", made[1],
                           ts_node_start_point(u).row + 1));
        const string member_keras =
            rc.count.empty() ? rnn_cells_[rc.members[static_cast<size_t>(*i < 0 ? *i + *k : *i)]].keras : rc.member_keras;
        const string item = fmt::format("{}[{}]", made[1], *i);
        if (member_keras != "LSTM") {
          uses_edits.emplace_back(ts_node_start_byte(p), ts_node_end_byte(p), item + "[0]");
          continue;
        }
        TSNode q = ts::Parent(p);
        string which;
        if (ts::Is(q, "attribute") && ts::Same(ts::Field(q, "object"), p)) {
          const string a(Text(ts::Field(q, "attribute")));
          if (a == "h" || a == "c") which = a;
        } else if (ts::Is(q, "subscript") && ts::Same(ts::Field(q, "value"), p) && ts_node_named_child_count(q) == 2) {
          auto k = LiteralInt(ts::Field(q, "subscript"));
          if (k && (*k == 0 || *k == -2)) which = "c";
          if (k && (*k == 1 || *k == -1)) which = "h";
        }
        if (which.empty())
          fail(fmt::format("the LSTM state `{}` is used whole (line {}): Keras keeps its h and c as [h, c], TF1 as "
                           "(c, h), and the conversion writes only `.h`, `.c` and indexes 0 and 1",
                           item, ts_node_start_point(u).row + 1));
        uses_edits.emplace_back(ts_node_start_byte(q), ts_node_end_byte(q), item + (which == "h" ? "[0]" : "[1]"));
      }
      state_uses.clear();
    }
    for (TSNode u : state_uses) {
      TSNode p = ts::Parent(u);
      string which;
      if (ts::Is(p, "attribute") && ts::Same(ts::Field(p, "object"), u)) {
        const string a(Text(ts::Field(p, "attribute")));
        if (a == "h" || a == "c") which = a;
      } else if (ts::Is(p, "subscript") && ts::Same(ts::Field(p, "value"), u)) {
        TSNode idx = ts::Field(p, "subscript");
        auto k = LiteralInt(idx);
        if (k && (*k == 0 || *k == -2)) which = "c";
        if (k && (*k == 1 || *k == -1)) which = "h";
        if (ts_node_named_child_count(p) != 2) which.clear();
      }
      if (which.empty())
        fail(fmt::format("the final LSTM state `{}` is used whole (line {}): Keras returns its h and c apart, and the "
                         "conversion writes only `.h`, `.c` and indexes 0 and 1",
                         made[1], ts_node_start_point(u).row + 1));
      if (!InWindow(p)) fail(fmt::format("the final LSTM state `{}` is used outside the graph's part of the module", made[1]));
      uses_edits.emplace_back(ts_node_start_byte(p), ts_node_end_byte(p), which == "h" ? state_h : state_c);
    }
    // the layer object: a variable-like graph name made here
    GraphName lg{Kind::kVariable, cell, stmt, right};
    names_[cell] = graph_.size();
    graph_.push_back(std::move(lg));
    layer_objects_.insert(cell);
    const GraphName* src = Graph(Text(in));
    const string src_name = src->name;
    for (const string& t : made) {
      if (t == "_") continue;
      GraphName g{Kind::kOp, t, stmt, right};
      g.uses = {src_name, cell};
      names_[t] = graph_.size();
      graph_.push_back(std::move(g));
    }
    // static_rnn's outputs, a list of steps, are the layer's [batch, time, units]: `outputs[k]` is `outputs[:, k]`
    if (static_run && made[0] != "_")
      for (TSNode use : NameUses(made[0], stmt)) {
        TSNode p = ts::Parent(use);
        std::vector<TSNode> idx;
        if (ts::Is(p, "subscript") && ts::Same(ts::Field(p, "value"), use))
          for (TSNode c : ts::NamedChildren(p))
            if (!ts::Same(c, use) && !ts::Is(c, "comment")) idx.push_back(c);
        if (idx.size() != 1 || ts::Is(idx[0], "slice") || ts::Is(idx[0], "ellipsis") || !InWindow(p))
          fail(fmt::format("its outputs `{}`, a list of steps, are used otherwise than one step at a time (line {}): the "
                           "Keras layer returns them as one [batch, time, units] tensor",
                           made[0], ts_node_start_point(use).row + 1));
        uses_edits.emplace_back(ts_node_start_byte(p), ts_node_end_byte(p),
                                fmt::format("{}[:, {}]", made[0], Text(idx[0])));
      }
    for (const auto& [b, e, text] : uses_edits) text_edits_[b] = {e, text};
    // the units of what it makes, for the layers that read them: the outputs [batch, time,
    // units], the final state (an LSTM's c and h) [batch, units]
    if (made[0] != "_") rnn_outputs_[made[0]] = rc.units;
    for (size_t k = 1; k < made.size(); ++k)
      if (made[k] != "_" && !((lstm || stack) && k == 1 && made.size() == 2)) dense_units_[made[k]] = rc.units;
    if (stack && made[1] != "_")
      text_edits_[ts_node_start_byte(left)] = {ts_node_end_byte(left), fmt::format("{}, *{}", made[0], made[1])};
    if (lstm && !state_h.empty()) {
      const string out = made[0];
      text_edits_[ts_node_start_byte(left)] = {ts_node_end_byte(left),
                                               fmt::format("{}, {}, {}", out, state_h, state_c)};
    }
    layer_calls_[ts_node_start_byte(right)] =
        static_run ? fmt::format("{}({}.stack({}, axis=1))", cell, tf_, Text(in)) : fmt::format("{}({})", cell, Text(in));
    if (stack && !rc.count.empty())
      unseeded_.insert({ts_node_start_point(stmt).row + 1, rc.member_q});
    else if (stack)
      for (const string& m : rc.members) unseeded_.insert({ts_node_start_point(stmt).row + 1, rnn_cells_[m].q});
    else
      unseeded_.insert({ts_node_start_point(stmt).row + 1, rc.q});
    // in the module: TF1's kernel drawn, the layer built
    const string indent(ts_node_start_point(stmt).column, ' ');
    uint32_t end = ts_node_end_byte(stmt);
    const string comment = TrailingComment(stmt, &end);
    string text;
    if (stack && !rc.count.empty()) {
      // each cell's kernel in TF1's order, for the depth it is given (the inputs', then the units)
      const string u = Operand(rc.units);
      text = fmt::format("{0} = [{1}.keras.initializers.GlorotUniform()([({2} if k == 0 else {3}) + {3}, {4}{3}]) "
                         "for k in range({5})]{6}",
                         rc.kernel, tf_, depth, u, rc.member_keras == "LSTM" ? "4 * " : "", rc.count, comment);
      if (rc.member_keras == "LSTM")
        text += fmt::format("\n{0}{1} = [{2}.concat([{2}.split(w, 4, axis=1)[g] for g in (0, 2, 1, 3)], axis=1) for w "
                            "in {1}]  # TF1's gates i, j, f, o as Keras's i, f, c, o",
                            indent, rc.kernel, tf_);
    } else if (stack) {
      // each cell's kernel in TF1's order, for the depth it is given (the inputs', then the cell before's units)
      string d = depth;
      for (size_t k = 0; k < rc.members.size(); ++k) {
        const RnnCell& m = rnn_cells_[rc.members[k]];
        text += (k ? "\n" + indent : string()) + RnnKernelDraw(m, rc.members[k], d, indent, k ? "" : comment);
        d = m.units;
      }
    } else {
      text = RnnKernelDraw(rc, cell, depth, indent, comment);
    }
    text += fmt::format("\n{}{}.build([None, None, {}])", indent, cell, depth);
    module_edits_.emplace_back(ts_node_start_byte(stmt), end, text);
    const string cls = rc.q.substr(rc.q.rfind('.') + 1);
    layer_notes_.push_back(fmt::format(
        "`{0}` (tf.nn.rnn_cell.{1} run by {6}): the Keras {2} `{0}`, whose `kernel` and `recurrent_kernel` are "
        "the rows (inputs', then state's) of TF1's `rnn/{3}/kernel`{4}, and whose `bias` is TF1's `rnn/{3}/bias`{5}",
        cell, cls, rc.keras, rc.tf1_name,
        lstm ? " with the gate columns i, j, f, o as i, f, c, o" : "",
        lstm ? " (the forget gate's part plus TF1's forget_bias)" : "", static_run ? "static_rnn" : "dynamic_rnn"));
    if (stack)
      layer_notes_.back() = fmt::format(
          "`{0}` (tf.nn.rnn_cell.MultiRNNCell run by {2}): the Keras RNN `{0}` over the Keras cells {1}, in order; each "
          "cell's `kernel` and `recurrent_kernel` are the rows of TF1's `rnn/multi_rnn_cell/cell_K/.../kernel`, as for "
          "one cell",
          cell,
          rc.count.empty() ? fmt::format("`{}`", fmt::join(rc.members, "`, `"))
                           : fmt::format("made in a comprehension ({} of them)", rc.count),
          static_run ? "static_rnn" : "dynamic_rnn");
    if (rc.keras == "GRU")
      layer_notes_.back() = fmt::format(
          "`{0}` (tf.nn.rnn_cell.GRUCell run by {2}): the Keras GRU `{0}` (reset_after=False), whose `kernel` and "
          "`recurrent_kernel` are the rows (inputs', then state's) of TF1's `rnn/{1}/gates/kernel` (columns u, then r) "
          "and `rnn/{1}/candidate/kernel`, and whose `bias` is TF1's gates' and candidate's biases in that order",
          cell, rc.tf1_name, static_run ? "static_rnn" : "dynamic_rnn");
    return true;
  }

  // Calls of a Keras layer object of the module (a helper TF1 shared through an AUTO_REUSE
  // variable scope, tf2_scoped_layers.h) in a graph statement: the first one says where
  // TF1 made the layer's variables and for which input (the last dimension of the tensor it
  // is called with); a name bound to a call's output has the units of its last Dense.
  void NoteKerasObjectCalls(TSNode stmt) {
    if (keras_objects_.empty()) return;
    std::vector<TSNode> calls;
    ts::Walk(
        stmt,
        [&](TSNode c, const char*) {
          if (ts::Is(c, "call") && ts::Is(ts::Field(c, "function"), "identifier") &&
              keras_objects_.count(string(Text(ts::Field(c, "function")))))
            calls.push_back(c);
          return !ts::Is(c, "function_definition") && !ts::Is(c, "class_definition");
        },
        [](TSNode) {});
    for (TSNode c : calls) {
      const string obj(Text(ts::Field(c, "function")));
      const auto& pos = m_.PositionalArgs(c);
      if (std::none_of(keras_builds_.begin(), keras_builds_.end(), [&](const KerasBuild& b) { return b.obj == obj; })) {
        if (pos.size() != 1)
          Fail(c, fmt::format("`{}` (a Keras layer built where TF1 first called it) is called with other than one "
                              "positional argument",
                              obj));
        const string dim = StaticLastDim(pos[0]);
        if (dim.empty())
          Fail(c, fmt::format("`{}` is a Keras layer built where TF1 made its variables, for the last dimension of its "
                              "input `{}`, which is not known there (a placeholder's shape, a dense layer's units or "
                              "a random op's literal shape)",
                              obj, Text(pos[0])));
        keras_builds_.push_back({fmt::format("{}.build([None, {}])", obj, dim), stmt, obj});
      }
      // the name bound to the call's output
      TSNode p = ts::Parent(c);
      string target;
      if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "right"), c) && ts::Is(ts::Field(p, "left"), "identifier")) {
        target = string(Text(ts::Field(p, "left")));
      } else if (ts::Is(p, "expression_list") && ts::Is(ts::Parent(p), "assignment")) {
        TSNode left = ts::Field(ts::Parent(p), "left");
        std::vector<TSNode> parts = ts::NamedChildren(p), targets = ts::NamedChildren(left);
        for (size_t k = 0; k < parts.size() && k < targets.size(); ++k)
          if (ts::Same(parts[k], c) && ts::Is(targets[k], "identifier")) target = string(Text(targets[k]));
      }
      const string& units = keras_objects_[obj].out_units;
      if (!target.empty() && !units.empty()) keras_output_units_[target] = {units, stmt};
    }
  }
  // The last dimension of the tensor `a` names, as text valid at module level; empty when
  // not known statically.
  string StaticLastDim(TSNode a) {
    if (!ts::Is(a, "identifier")) return "";
    return StaticLastDimOf(Graph(Text(a)), 0);
  }
  // (of a graph name's binding; `depth` bounds the walk through element-wise ops)
  string StaticLastDimOf(const GraphName* g, int depth) {
    if (!g || depth > 64) return "";
    if (auto d = dense_units_.find(g->name); d != dense_units_.end()) return d->second;
    // an element-wise op (an activation, a dropout) of a name: that tensor's, the binding it
    // read (`h = tf.nn.dropout(h, ...)` reads the `h` bound before it)
    if (g->kind == Kind::kOp && !g->split && ts::Is(g->value, "call")) {

      const auto& pos = m_.PositionalArgs(g->value);
      TSNode x = pos.empty() ? TSNode{} : pos[0];
      if (!x.id) x = m_.KeywordArg(g->value, "inputs");
      if (!x.id) x = m_.KeywordArg(g->value, "x");
      const string q = Resolved(ts::Field(g->value, "function"));
      if ((SameShapeOps().count(q) || q == "tensorflow.compat.v1.layers.dropout") && ts::Is(x, "identifier")) {
        const GraphName* read = BindingRead(g, x);
        return read ? StaticLastDimOf(read, depth + 1) : "";
      }
    }
    // `outputs[:, -1, :]`, `outputs[:, -1]` of a dynamic_rnn's outputs: its units
    if (g->kind == Kind::kOp && ts::Is(g->value, "subscript")) {
      TSNode v = ts::Field(g->value, "value");
      std::vector<TSNode> idx;
      for (TSNode c : ts::NamedChildren(g->value))
        if (!ts::Same(c, v) && !ts::Is(c, "comment")) idx.push_back(c);
      auto r = ts::Is(v, "identifier") && Graph(Text(v)) ? rnn_outputs_.find(Graph(Text(v))->name) : rnn_outputs_.end();
      const bool whole_last = !idx.empty() && ts::Is(idx.back(), "slice") && ts_node_named_child_count(idx.back()) == 0;
      if (r != rnn_outputs_.end() && !idx.empty() && (idx.size() < 3 || (idx.size() == 3 && whole_last)) &&
          std::none_of(idx.begin(), idx.end(), [&](TSNode i) { return ts::Is(i, "ellipsis"); }))
        return r->second;
    }
    // (the binding of that statement: a name bound again later is another tensor)
    if (auto d = keras_output_units_.find(g->name.substr(0, g->name.find('#')));
        d != keras_output_units_.end() && ts::Same(d->second.second, g->stmt))
      return d->second.first;
    auto graph_free = [&](TSNode n) {
      bool free = true;
      Identifiers(n, [&](TSNode id) { free = free && !Graph(Text(id)); });
      return free;
    };
    if (g->kind == Kind::kPlaceholder) {
      const string& sh = g->shape;
      if (sh.size() < 3 || (sh.front() != '[' && sh.front() != '(') || sh.find_first_of("[(", 1) != string::npos)
        return "";
      size_t comma = sh.rfind(',');
      string last = sh.substr(comma == string::npos ? 1 : comma + 1);
      last = last.substr(0, last.find_last_not_of(" )]") + 1);
      last = last.substr(std::min(last.size(), last.find_first_not_of(' ')));
      return last == "None" ? "" : last;
    }
    if (g->kind == Kind::kOp && ts::Is(g->value, "call")) {
      static const std::set<string> kShaped = {
          "tensorflow.random.normal",          "tensorflow.random.uniform",
          "tensorflow.random.truncated_normal", "tensorflow.compat.v1.random_normal",
          "tensorflow.compat.v1.random_uniform", "tensorflow.compat.v1.truncated_normal",
          "tensorflow.zeros",                  "tensorflow.ones"};
      const string q = Resolved(ts::Field(g->value, "function"));
      const bool reshape = q == "tensorflow.reshape" || q == "tensorflow.compat.v1.reshape";
      if (!kShaped.count(q) && !reshape) return "";
      const auto& pos = m_.PositionalArgs(g->value);
      // (a reshape's shape is its second argument: `tf.reshape(outputs, [-1, CELL_SIZE])`)
      TSNode shape = reshape ? ArgAt(m_, g->value, 1, "shape") : pos.empty() ? m_.KeywordArg(g->value, "shape") : pos[0];
      if (!ts::Is(shape, "list") && !ts::Is(shape, "tuple")) return "";
      std::vector<TSNode> dims;
      for (TSNode d : ts::NamedChildren(shape))
        if (!ts::Is(d, "comment")) dims.push_back(d);
      if (dims.empty() || !graph_free(dims.back()) || Text(dims.back()) == "None") return "";
      if (auto v = LiteralInt(dims.back()); v && *v < 0) return "";
      return string(Text(dims.back()));
    }
    return "";
  }
  // The builds, made after the shared generators: TF1 made each layer's variables where it
  // first called the helper, after the random ops made before them (the same random
  // numbers with --deterministic-random); a shared random op or a variable made after that
  // would come before the layer in TF2.
  string KerasBuilds() const {
    TSNode first = keras_builds_.front().stmt;
    for (TSNode st : shared_generator_stmts_)
      if (ts_node_start_byte(st) > ts_node_start_byte(first))
        Fail(st, fmt::format("this random op, which several functions run, is made after `{}` was first called: its "
                             "generator would come before the layer's variables, which TF1 made before it",
                             keras_builds_.front().obj));
    for (const auto& g : graph_)
      if (g.kind == Kind::kVariable && ts_node_start_byte(g.stmt) > ts_node_start_byte(first))
        Fail(g.stmt, fmt::format("`{}` is made after `{}` was first called: TF2 makes it before the layer's variables "
                                 "(built after the module's statements), TF1 after them",
                                 PyName(g.name), keras_builds_.front().obj));
    string out = "# the Keras layers built (their variables made) in TF1's order\n";
    for (const auto& b : keras_builds_) out += b.text + "\n";
    return out;
  }
  struct KerasBuild {
    string text;
    TSNode stmt;
    string obj;
  };
  std::map<string, KerasLayerObject> keras_objects_;  // module-level Keras layer objects (FindKerasLayerObjects)
  std::vector<KerasBuild> keras_builds_;               // their builds, in the order TF1 first called them
  std::map<string, std::pair<string, TSNode>> keras_output_units_;  // a name bound to such a call -> (its output's units, the statement)
  std::vector<string> random_notes_;               // seeded draws given another form, for the summary
  std::vector<string> layer_notes_;                // the tf.layers made Keras layers, for the summary
  std::map<string, string> dense_units_;           // graph name made by a converted dense layer -> its units
  // graph name -> its static shape as far as the text shows (dims: an integer or "None"),
  // for the layers the conversion builds where TF1 made their variables
  std::map<string, std::vector<string>> static_shapes_;
  std::set<string> tf1_layer_names_;               // TF1's layer names so far (for uniqueness)
  std::vector<std::pair<string, string>> tf1_layer_objects_;  // (TF1's layer name, the Keras object), in order
  std::map<uint32_t, LayerHelperPlan> layer_classes_;  // a layer helper's def (start byte) -> its class
  std::map<uint32_t, string> layer_class_names_;       // ... -> the class's name
  std::set<string> layer_objects_;                    // graph names of the layer objects
  std::set<string> variable_dicts_;                   // graph names of dicts of variables (`weights['h1']`)
  std::vector<std::pair<TSNode, string>> layer_uses_;  // the layer helpers' calls (each must be a graph statement's)
  std::map<uint32_t, string> layer_calls_;             // a layer helper call (start byte) -> the object's call

  // `logits = model(x, True)` computed by several functions, where `model` (defined once)
  // draws one seeded dropout, `tf.nn.dropout(h, rate, seed=S)`, under `if train:`, `train`
  // a parameter (default False) that only this statement sets (every other call of `model`
  // is a graph statement that leaves it False): TF1 ran that one dropout op, each run
  // drawing the next numbers of its seed's stream. TF2's form draws them from one
  // generator made from the seed before the functions (`model_dropout_generator =
  // tf.random.Generator.from_seed(S)`), the call becoming
  // `tf.nn.experimental.general_dropout(h, rate=..., uniform_sampler=G.uniform)`: each call
  // of each function takes the generator's next numbers, as each run took the op's.
  // False: not that form (the caller refuses).
  bool ShareHelperDropout(const GraphName& g) {
    for (TSNode c : m_.calls()) {
      if (!ts::Contains(g.stmt, c)) continue;
      TSNode fn = ts::Field(c, "function");
      if (!ts::Is(fn, "identifier")) continue;
      const string helper(Text(fn));
      std::vector<TSNode> defs = FunctionDefs(helper);
      if (defs.size() != 1) continue;
      TSNode def = defs[0];
      // its random calls other than variables' initial values: one dropout, nothing in helpers it calls
      std::vector<TSNode> draws = HelperDraws(def);
      if (draws.empty()) continue;
      std::set<string> seen{helper};
      if (draws.size() != 1 || !HelperRandom(ts::Field(def, "body"), &seen).empty()) return false;
      TSNode drop = draws[0];
      const string q = Resolved(ts::Field(drop, "function"));
      if (q != "tensorflow.compat.v1.nn.dropout" && q != "tensorflow.nn.dropout") return false;
      // the parameters, and the one guarding the dropout
      std::vector<string> params;
      std::map<string, string> defaults;
      for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters"))) {
        if (ts::Is(p, "identifier")) {
          params.emplace_back(Text(p));
        } else if (ts::Is(p, "default_parameter")) {
          params.emplace_back(Text(ts::Field(p, "name")));
          defaults[params.back()] = string(Text(ts::Field(p, "value")));
        } else {
          return false;
        }
      }
      string guard;
      for (TSNode p = ts::Parent(drop); p.id && !ts::Same(p, def); p = ts::Parent(p))
        if (ts::Is(p, "if_statement") && guard.empty()) {
          TSNode cond = ts::Field(p, "condition");
          if (!ts::Is(cond, "identifier") || ts::Contains(ts::Field(p, "condition"), drop)) return false;
          guard = string(Text(cond));
        }
      auto gi = std::find(params.begin(), params.end(), guard);
      if (!guard.empty() && (gi == params.end() || defaults[guard] != "False")) return false;
      // every call of the helper: in a graph statement, the guard a literal; one True, in g
      // (no guard: the helper is called once, in g)
      int trues = 0;
      bool true_here = false;
      if (guard.empty()) {
        int calls = 0;
        ValueIdentifiers(file_.Root(), [&](TSNode n) {
          if (Text(n) != helper || ts::Same(n, ts::Field(def, "name"))) return;
          TSNode p = ts::Parent(n);
          calls += ts::Is(p, "call") && ts::Same(ts::Field(p, "function"), n) && ts::Contains(g.stmt, p) ? 1 : 100;
        });
        if (calls != 1) return false;
        trues = 1;
        true_here = true;
      }
      for (TSNode k : m_.calls()) {
        if (guard.empty()) break;
        TSNode kf = ts::Field(k, "function");
        if (!ts::Is(kf, "identifier") || Text(kf) != helper) continue;
        bool in_graph = false;
        for (const auto& h : graph_) in_graph |= ts::Contains(h.stmt, k);
        if (!in_graph) return false;
        string why;
        std::map<string, TSNode> args = ArgsByName(k, params, &why);
        if (!why.empty()) return false;
        auto a = args.find(guard);
        string v = a == args.end() ? "False" : string(Text(a->second));
        if (v == "True") {
          ++trues;
          true_here |= ts::Contains(g.stmt, k);
        } else if (v != "False") {
          return false;
        }
      }
      if (trues != 1) return false;
      if (!true_here) return true;  // (this statement draws nothing)
      if (helper_dropouts_.count(ts_node_start_byte(drop))) return true;
      // the dropout's arguments: TF2's (x, rate, noise_shape, seed, name), or v1's with keep_prob
      std::map<string, TSNode> args;
      string rate;
      if (!DropoutArgs(drop, &args, &rate)) return false;
      if (!args.count("seed") || Text(args["seed"]) == "None") {
        // unseeded: one generator, made where TF1 made the op (the statement that calls the
        // helper), as for a random op of the graph several functions run (ShareRandomDraw)
        if (!ts::Is(g.stmt, "expression_statement") || !GeneratorSeedFor(g.stmt)) return false;
        const string gen = Fresh(helper + "_dropout_generator");
        used_fn_names_.insert(gen);
        helper_dropouts_[ts_node_start_byte(drop)] = {
            drop, GeneralDropoutText(string(Text(args["x"])), rate, gen,
                                     args.count("noise_shape") ? string(Text(args["noise_shape"])) : string(),
                                     args.count("name") ? string(Text(args["name"])) : string())};
        shared_generator_names_.push_back(gen);
        shared_generator_stmts_.push_back(g.stmt);
        shared_generator_seeds_.emplace_back();
        random_notes_.push_back(fmt::format(
            "the dropout of `{}` draws from `{}`, a tf.random.Generator made where TF1 made the op, each call of each "
            "function taking its next numbers as each run took TF1's one op's: the converted program draws other "
            "random numbers (the same with --deterministic-random)",
            helper, gen));
        return true;
      }
      TSNode seed = args["seed"];
      const bool seed_ok = ts::Is(seed, "integer") ||
                           (ts::Is(seed, "identifier") && std::find(params.begin(), params.end(), Text(seed)) ==
                                                               params.end() && Text(seed) != "None");
      if (!seed_ok) return false;
      const string gen = Fresh(helper + "_dropout_generator");
      used_fn_names_.insert(gen);
      const string text =
          GeneralDropoutText(string(Text(args["x"])), rate, gen,
                             args.count("noise_shape") ? string(Text(args["noise_shape"])) : string(),
                             args.count("name") ? string(Text(args["name"])) : string());
      helper_dropouts_[ts_node_start_byte(drop)] = {drop, text};
      helper_dropout_generators_ += fmt::format("{} = {}.random.Generator.from_seed({})\n", gen, tf_, Text(seed));
      random_notes_.push_back(fmt::format(
          "the seeded dropout of `{}` draws from `{}`, a tf.random.Generator made once from its seed, each call of each "
          "function taking its next numbers as each run took TF1's one op's: the converted program draws other random "
          "numbers (the same with --deterministic-random)",
          helper, gen));
      return true;
    }
    return false;
  }
  // the dropouts ShareHelperDropout converted (start byte -> the call and its TF2 text), and
  // their generators' statements
  std::map<uint32_t, std::pair<TSNode, string>> helper_dropouts_;
  string helper_dropout_generators_;

  // `tf.Variable(tf.random.truncated_normal(shape, stddev=s, seed=S))` (normal, uniform):
  // TF1 drew a variable's initial value with an op of its own, starting from its seed's
  // stream (variables made with the same seed start alike); an eager TF2 op with an op seed
  // continues the stream of the last draw with that seed. TF2's form with TF1's behavior is
  // Keras' initializer with that seed, which draws the same numbers on every call:
  // `tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=s, seed=S)(shape, dtype=...)`.
  // (call, TF2 text) for each such initial value of a variable statement whose kind and
  // seed (as written) another such initial value shares.
  std::vector<std::pair<TSNode, string>> SeededInitialValues() {
    std::vector<std::pair<TSNode, string>> out;
    std::vector<std::pair<string, string>> keys;  // (Keras class, seed text) of each of `out`
    std::vector<string> owners;  // and its variable
    for (const auto& g : graph_) {
      if (g.kind != Kind::kVariable) continue;
      for (TSNode c : m_.calls()) {
        if (!ts::Contains(g.stmt, c)) continue;
        // the initial value of a tf.Variable: its first argument or initial_value=
        TSNode parent = ts::Parent(c);
        if (ts::Is(parent, "keyword_argument")) {
          if (Text(ts::Field(parent, "name")) != "initial_value") continue;
          parent = ts::Parent(parent);
        } else {
          TSNode first{};
          for (TSNode a : ts::NamedChildren(parent))
            if (!ts::Is(a, "comment")) {
              first = a;
              break;
            }
          if (!first.id || !ts::Same(first, c)) continue;
        }
        if (!ts::Is(parent, "argument_list")) continue;
        TSNode var = ts::Parent(parent);
        if (!ts::Is(var, "call") || !EndsWith(Resolved(ts::Field(var, "function")), ".Variable")) continue;
        std::pair<string, string> key;
        string text = KerasSeededDraw(m_, src_, c, tf_, &key.first, &key.second);
        if (text.empty()) continue;
        out.emplace_back(c, std::move(text));
        keys.push_back(key);
        owners.push_back(PyName(g.name));
      }
    }
    // only draws whose kind and seed another one shares: a single one starts its seed's
    // stream in TF2 too, and stays as written
    std::vector<std::pair<TSNode, string>> shared;
    std::map<std::pair<string, string>, std::vector<string>> by_key;
    for (size_t i = 0; i < out.size(); ++i)
      if (std::count(keys.begin(), keys.end(), keys[i]) > 1) {
        shared.push_back(out[i]);
        by_key[keys[i]].push_back("`" + owners[i] + "`");
      }
    for (const auto& [key, names] : by_key)
      random_notes_.push_back(fmt::format(
          "the initial values of {} (seed `{}`) come from tf.keras.initializers.{} with that seed, each starting the "
          "seed's numbers as TF1's ops did (TF2's eager ops would continue them): the converted program draws other "
          "random numbers (the same with --deterministic-random)",
          fmt::join(names, ", "), key.second, key.first));
    return shared;
  }

  // An unseeded random draw several functions run (see its caller): the statement
  // `A = tf.random.X(...)` (normal, uniform, truncated_normal; its only unseeded random
  // call) draws from a generator made once, `A_generator`, written before the functions
  // (shared_draws_, StatementTextAsWritten). Not when the program sets a graph seed (TF1's
  // draws were then reproducible, a generator's from a non-deterministic state are not).
  // False: not that form (the caller refuses).
  // A tf.nn.dropout call's arguments by name (TF2's x, rate, noise_shape, seed, name, or v1's
  // with keep_prob) and its rate as TF2's text (`1 - keep_prob` for v1's); false when it is
  // not such a call, or gives neither rate nor keep_prob, or both.
  bool DropoutArgs(TSNode drop, std::map<string, TSNode>* args, string* rate) const {
    const string q = Resolved(ts::Field(drop, "function"));
    const bool v1 = q == "tensorflow.compat.v1.nn.dropout";
    if (!v1 && q != "tensorflow.nn.dropout") return false;
    const std::vector<string> params = v1 ? std::vector<string>{"x", "keep_prob", "noise_shape", "seed", "name", "rate"}
                                          : std::vector<string>{"x", "rate", "noise_shape", "seed", "name"};
    string why;
    *args = CallArgsByName(src_, drop, params, &why);
    if (!why.empty() || !args->count("x") || args->count("rate") == args->count("keep_prob")) return false;
    if (args->count("rate")) {
      *rate = string(Text(args->at("rate")));
    } else {
      TSNode kp = args->at("keep_prob");
      *rate = ts::Is(kp, "identifier") || ts::Is(kp, "float") || ts::Is(kp, "integer")
                  ? fmt::format("1 - {}", Text(kp))
                  : fmt::format("1 - ({})", Text(kp));
    }
    return true;
  }
  // A dropout drawing its mask from generator `gen`: each call takes the next numbers.
  string GeneralDropoutText(const string& x, const string& rate, const string& gen, const string& noise_shape,
                            const string& name) const {
    string text = fmt::format("{}.nn.experimental.general_dropout({}, rate={}, uniform_sampler={}.uniform", tf_, x,
                              rate, gen);
    if (!noise_shape.empty()) text += fmt::format(", noise_shape={}", noise_shape);
    if (!name.empty()) text += fmt::format(", name={}", name);
    return text + ")";
  }
  // An unseeded dropout call (tf.nn.dropout, v1's with keep_prob, tf.layers.dropout while
  // training): its parts, for a form that draws from a shared generator; nullopt otherwise.
  std::optional<LayerDropout> SharedDropout(TSNode call) const {
    std::optional<LayerDropout> d = DrawingDropout(call);
    return d && d->seed.empty() ? d : std::nullopt;
  }
  // A dropout call that draws (tf.nn.dropout, v1's with keep_prob, tf.layers.dropout while
  // training): its parts, its seed's text ("" without one); nullopt otherwise.
  std::optional<LayerDropout> DrawingDropout(TSNode call) const {
    if (auto it = layer_dropouts_.find(ts_node_start_byte(call)); it != layer_dropouts_.end()) {
      if (it->second.training.empty()) return std::nullopt;
      return it->second;
    }
    std::map<string, TSNode> args;
    LayerDropout d;
    if (!DropoutArgs(call, &args, &d.rate)) return std::nullopt;
    d.x = string(Text(args["x"]));
    d.training = "True";
    if (args.count("seed") && Text(args["seed"]) != "None") d.seed = string(Text(args["seed"]));
    if (args.count("noise_shape") && Text(args["noise_shape"]) != "None") d.noise_shape = string(Text(args["noise_shape"]));
    return d;
  }
  // A graph seed: TF1's draws were reproducible; the shared generators then come from that
  // seed (split into independent streams), reproducible too, though with other numbers.
  // False where no such generator stands for the op of `stmt` (a seed set in a function,
  // later, or another one).
  bool GeneratorSeedFor(TSNode stmt) {
    for (TSNode c : m_.calls()) {
      string cq = Resolved(ts::Field(c, "function"));
      if (!EndsWith(cq, ".set_random_seed") && !EndsWith(cq, "random.set_seed")) continue;
      const auto& pos = m_.PositionalArgs(c);
      TSNode st = ts::Parent(c);
      // (a literal seed at module level, set before the op is made: TF1 derived the op's seed
      // from it then; set later, the op had none)
      if (pos.size() != 1 || !ts::Is(pos[0], "integer") || !ts::Is(st, "expression_statement") ||
          !ts::Is(ts::Parent(st), "module") || m_.FunctionScopeAt(ts_node_start_byte(c)) >= 0 ||
          ts_node_start_byte(c) > ts_node_start_byte(stmt))
        return false;
      if (!generator_seed_.empty() && generator_seed_ != Text(pos[0])) return false;
      generator_seed_ = string(Text(pos[0]));
    }
    return true;
  }
  bool ShareRandomDraw(const GraphName& g) {
    string py = PyName(g.name);
    if (!ts::Is(g.stmt, "expression_statement")) return false;
    TSNode asg = ts_node_named_child(g.stmt, 0);
    if (!ts::Is(asg, "assignment") || !ts::Is(ts::Field(asg, "left"), "identifier")) return false;
    TSNode call = ts::Field(asg, "right");
    if (!ts::Is(call, "call")) return false;
    static const std::map<string, string> kDraws = {
        {"tensorflow.random.normal", "normal"},
        {"tensorflow.random.uniform", "uniform"},
        {"tensorflow.random.truncated_normal", "truncated_normal"},
        {"tensorflow.compat.v1.random_normal", "normal"},
        {"tensorflow.compat.v1.random_uniform", "uniform"},
        {"tensorflow.compat.v1.truncated_normal", "truncated_normal"},
        {"tensorflow.compat.v1.random.normal", "normal"},
        {"tensorflow.compat.v1.random.uniform", "uniform"},
        {"tensorflow.compat.v1.random.truncated_normal", "truncated_normal"}};
    auto draw = kDraws.find(Resolved(ts::Field(call, "function")));
    // an unseeded dropout: TF2's general_dropout drawing its mask from the generator
    std::optional<LayerDropout> dropout = SharedDropout(call);
    if (!dropout && (draw == kDraws.end() || m_.KeywordArg(call, "seed").id)) return false;
    for (TSNode c : m_.calls()) {
      if (ts::Same(c, call) || !ts::Contains(g.stmt, c)) continue;
      string cq = Resolved(ts::Field(c, "function"));
      if (StartsWith(cq, "tensorflow") && (cq.find("random") != string::npos || EndsWith(cq, "multinomial") ||
                                           EndsWith(cq, "dropout")))
        return false;
    }
    if (!GeneratorSeedFor(g.stmt)) return false;
    string gen = Fresh(py + "_generator");
    used_fn_names_.insert(gen);
    if (dropout) {
      layer_calls_[ts_node_start_byte(call)] =
          LayerDropoutText(*dropout, GeneralDropoutText(dropout->x, dropout->rate, gen, dropout->noise_shape, ""));
    } else {
      shared_draws_[ts_node_start_byte(call)] = gen + "." + draw->second;
    }
    shared_generator_names_.push_back(gen);
    shared_generator_stmts_.push_back(g.stmt);
    shared_generator_seeds_.emplace_back();
    return true;
  }
  // `h = tf.nn.dropout(x, rate, seed=S)` (v1's with keep_prob, tf.layers.dropout while
  // training), S a literal, run by several functions: TF1's one op drew every run's mask from
  // its seed's stream, run on; two functions would each start the stream again. The dropout
  // draws from one generator made where TF1 made the op, `tf.random.Generator.from_seed(S)`
  // (under --deterministic-random the stream of TF1's op seeded S), each call of each
  // function taking its next numbers. False: not that form (the caller refuses).
  bool ShareSeededDropout(const GraphName& g, TSNode call, string* why) {
    *why = "only a dropout bound to a name by its statement, with a literal seed, draws from a shared generator";
    if (!ts::Is(g.stmt, "expression_statement")) return false;
    TSNode asg = ts_node_named_child(g.stmt, 0);
    if (!ts::Is(asg, "assignment") || !ts::Is(ts::Field(asg, "left"), "identifier") ||
        !ts::Same(ts::Field(asg, "right"), call))
      return false;
    std::optional<LayerDropout> parts = DrawingDropout(call);
    if (!parts) return false;
    const LayerDropout& d = *parts;
    const TSNode x = ArgAt(m_, call, 0, layer_dropouts_.count(ts_node_start_byte(call)) ? "inputs" : "x");
    if (d.seed.find_first_not_of("0123456789") != string::npos || d.seed.empty()) return false;
    // (a mask of a shape known only at run time: TF1's op drew its kernel's numbers, which no
    // generator draws, with --deterministic-random too)
    const std::vector<string> shape = StaticShape(x);
    if (shape.empty() || std::find(shape.begin(), shape.end(), "None") != shape.end()) {
      *why = fmt::format("the shape of its input `{}` is not known from the text (a generator draws other numbers "
                         "than TF1's op for a shape known only at run time)",
                         Text(x));
      return false;
    }
    const string gen = Fresh(PyName(g.name) + "_generator");
    used_fn_names_.insert(gen);
    layer_calls_[ts_node_start_byte(call)] =
        LayerDropoutText(d, GeneralDropoutText(d.x, d.rate, gen, d.noise_shape, ""));
    shared_generator_names_.push_back(gen);
    shared_generator_stmts_.push_back(g.stmt);
    shared_generator_seeds_.push_back(d.seed);
    random_notes_.push_back(fmt::format(
        "the seeded dropout of `{}` draws from `{}`, a tf.random.Generator made from its seed where TF1 made the op, "
        "each call of each function taking its next numbers as each run took TF1's one op's: the converted program "
        "draws other random numbers (the same with --deterministic-random)",
        PyName(g.name), gen));
    return true;
  }
  // The generators' statement(s), made before the functions.
  // The statement making shared generator i: from the graph seed (split into independent
  // streams) or from no seed.
  string SharedGenerator(size_t i) const {
    const string& g = shared_generator_names_[i];
    // a seeded op's: `from_seed(S)`, the stream of TF1's op with op seed S
    if (!shared_generator_seeds_[i].empty())
      return fmt::format("{} = {}.random.Generator.from_seed({})\n", g, tf_, shared_generator_seeds_[i]);
    if (generator_seed_.empty()) return fmt::format("{} = {}.random.Generator.from_non_deterministic_state()\n", g, tf_);
    // (split from the seed, one generator too: `from_seed(S)` itself stands for TF1's op
    // with op seed S under --deterministic-random, not for an op the graph seed seeded)
    size_t n = 0, k = 0;
    for (size_t j = 0; j < shared_generator_seeds_.size(); ++j) {
      if (!shared_generator_seeds_[j].empty()) continue;
      if (j < i) ++k;
      ++n;
    }
    return fmt::format("{} = {}.random.Generator.from_seed({}).split({})[{}]\n", g, tf_, generator_seed_, n, k);
  }
  std::vector<string> shared_generator_names_;
  std::vector<string> shared_generator_seeds_;  // ... the op seed of a seeded op's ("": the graph seed's split)
  std::vector<TSNode> shared_generator_stmts_;  // ... the statements of their random ops
  string generator_seed_;  // the graph seed (a literal) the generators come from, if any
  std::map<uint32_t, string> shared_draws_;  // a shared draw's call (start byte) -> `A_generator.normal`

  string Fresh(const string& base) {
    string name = base;
    for (int k = 2; names_.count(name) || module_names_.count(name) || used_fn_names_.count(name); ++k)
      name = fmt::format("{}_{}", base, k);
    return name;
  }

  // An op statement's text for a function body; a v1 optimizer's minimize gets the
  // var_list TF1 read from the trainable-variables collection.
  // A function's one `tf.gradients(ys, xs)`, written with a tape: ys a graph name the
  // function computes before it, xs a name or a list of names of trainable variables or of
  // the function's arguments (those the tape watches); no other arguments. None otherwise
  // (the call stays: TF2 runs tf.gradients inside a tf.function).
  struct GradientsCall {
    const GraphName* g = nullptr;
    TSNode call{};
    string ys, xs;
    std::vector<string> watched;
  };
  GradientsCall TapeGradients(const Function& f) {
    GradientsCall found;
    std::set<const void*> calls;  // (a statement binding several names is several graph names)
    for (const auto& g : graph_) {
      if (g.kind != Kind::kOp || !f.ops.count(g.name)) continue;
      for (TSNode c : m_.calls()) {
        if (!ts::Contains(g.split ? g.value : g.stmt, c)) continue;
        string q = Resolved(ts::Field(c, "function"));
        if (q != "tensorflow.gradients" && q != "tensorflow.compat.v1.gradients") continue;
        if (!calls.insert(c.id).second) continue;
        TSNode a = ts_node_named_child_count(g.stmt) == 1 ? ts_node_named_child(g.stmt, 0) : TSNode{};
        const auto& pos = m_.PositionalArgs(c);
        size_t args = 0;
        for (TSNode x : ts::NamedChildren(ts::Field(c, "arguments"))) args += !ts::Is(x, "comment");
        if (!ts::Is(g.stmt, "expression_statement") || !ts::Is(a, "assignment") || pos.size() != 2 || args != 2 ||
            !ts::Is(pos[0], "identifier") || !Graph(Text(pos[0])) || !f.ops.count(Graph(Text(pos[0]))->name))
          return {};
        std::vector<TSNode> xs;
        if (ts::Is(pos[1], "list") || ts::Is(pos[1], "tuple")) {
          for (TSNode x : ts::NamedChildren(pos[1]))
            if (!ts::Is(x, "comment")) xs.push_back(x);
        } else {
          xs.push_back(pos[1]);
        }
        // (tf.gradients returns a list for one source too: the tape is asked for a list)
        GradientsCall gc{&g, c, string(Text(pos[0])),
                         xs.size() == 1 && !ts::Is(pos[1], "list") && !ts::Is(pos[1], "tuple")
                             ? "[" + string(Text(pos[1])) + "]"
                             : string(Text(pos[1])),
                         {}};
        for (TSNode x : xs) {
          const GraphName* xg = ts::Is(x, "identifier") ? Graph(Text(x)) : nullptr;
          if (!xg) return {};
          bool param = std::find(f.params.begin(), f.params.end(), xg->name) != f.params.end();
          if (param) gc.watched.push_back(string(Text(x)));
          else if (xg->kind != Kind::kVariable || !xg->trainable) return {};
        }
        found = gc;
      }
    }
    return calls.size() == 1 ? found : GradientsCall{};
  }

  string StatementText(const GraphName& g, const std::vector<string>& trainable) {
    // (the comments above it come along, unless they stay with a layer made in its place; a
    // name split from `a, b = X, Y` has its own text)
    string text = (g.split || LayerMadeInPlace(g.stmt) ? string() : LeadingComments(g.stmt).second) +
                  StatementTextAsWritten(g, trainable);
    if (!ts::Is(g.stmt, "for_statement") && !ts::Is(g.stmt, "with_statement")) return text;
    // a loop's (or name scope's) body lines indented with tabs: four spaces each, as the function around it
    string out;
    bool line_start = false;
    for (char ch : text) {
      if (ch == '\n') {
        line_start = true;
      } else if (line_start && ch == '\t') {
        out += "    ";
        continue;
      } else if (ch != ' ') {
        line_start = false;
      }
      out += ch;
    }
    return out;
  }
  string StatementTextAsWritten(const GraphName& g, const std::vector<string>& trainable) {
    if (g.split) {
      // `a = X` of `a, b = X, Y` (the comment after the statement goes with its last name)
      GraphName whole = g;
      whole.split = false;
      whole.bare = true;
      whole.stmt = g.value;
      string text = StatementTextAsWritten(whole, trainable);
      string rest;
      if (ts_node_end_byte(g.value) == ts_node_end_byte(ts::Field(ts_node_named_child(g.stmt, 0), "right"))) {
        const uint32_t e = ts_node_end_byte(g.stmt);
        rest = src_.substr(e, LineEnd(e) - e);
        while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.pop_back();
      }
      return fmt::format("{} = {}{}\n", PyName(g.name), text, rest);
    }
    uint32_t b = ts_node_start_byte(g.stmt), e = ts_node_end_byte(g.stmt);
    string text = src_.substr(b, e - b);
    // (offset in the statement, length replaced, text), applied from the end
    std::vector<std::tuple<uint32_t, uint32_t, string>> edits;
    for (TSNode c : m_.calls()) {
      if (!ts::Contains(g.stmt, c)) continue;
      string q = Resolved(ts::Field(c, "function"));
      if (auto lc = layer_calls_.find(ts_node_start_byte(c)); lc != layer_calls_.end()) {
        uint32_t cb = ts_node_start_byte(c);
        edits.emplace_back(cb - b, ts_node_end_byte(c) - cb, lc->second);
        continue;
      }
      if (auto sd = shared_draws_.find(ts_node_start_byte(c)); sd != shared_draws_.end()) {
        TSNode fn = ts::Field(c, "function");
        uint32_t fb = ts_node_start_byte(fn);
        edits.emplace_back(fb - b, ts_node_end_byte(fn) - fb, sd->second);
        continue;
      }
      if (Decay d = DecayOf(c); !d.schedule.empty()) {
        uint32_t cb = ts_node_start_byte(c);
        edits.emplace_back(cb - b, ts_node_end_byte(c) - cb, fmt::format("{}({})", ScheduleName(c, d), d.step));
        continue;
      }
      // `Optimizer(...).minimize(...)`: the optimizer is created once, at module level
      // (inside a tf.function it would make new slot variables on every trace).
      bool optimizer_ctor = (StartsWith(q, "tensorflow.compat.v1.train.") && EndsWith(q, "Optimizer")) ||
                            StartsWith(q, "tensorflow.keras.optimizers.");
      if (optimizer_ctor) {
        // made once at module level, it cannot read a tensor the function computes
        Identifiers(c, [&](TSNode id) {
          const GraphName* h = Graph(Text(id));
          if (!h || h->kind == Kind::kVariable) return;
          if (!DecayNamed(string(Text(id))).schedule.empty()) {
            // a converted optimizer reads it as its schedule (KerasOptimizerFor)
            for (const Minimize& mz : minimizes_)
              if (mz.ctor.id && ts::Same(mz.ctor, c) && mz.why.empty()) return;
            KerasChoice k = KerasOptimizerFor(c);
            if (k.why.empty() && !k.momentum.empty())  // TF1's Momentum update not written out: why
              for (const Minimize& mz : minimizes_)
                if (mz.ctor.id && ts::Same(mz.ctor, c) && k.why.empty()) k.why = mz.why;
            Fail(c, fmt::format("the optimizer is made from graph tensor `{}`, a decayed learning rate, and stays "
                                "a TF1 optimizer ({})",
                                Text(id), k.why.empty() ? "it serves a minimize() that is kept" : k.why));
          }
          Fail(c, fmt::format("the optimizer is made from graph tensor `{}`: made once, at module level, it "
                              "would not see it",
                              Text(id)));
        });
        uint32_t cb = ts_node_start_byte(c);
        edits.emplace_back(cb - b, ts_node_end_byte(c) - cb, Hoisted(c, string(Text(c))));
        continue;
      }
      // `tf.compat.v1.losses.mean_squared_error(labels, predictions)` and
      // `...softmax_cross_entropy(onehot_labels, logits)` with TF1's defaults (weights 1,
      // the mean over the elements; the one-hot labels not differentiated): TF2's ops
      if (string loss = V1LossText(c); !loss.empty()) {
        uint32_t cb = ts_node_start_byte(c);
        edits.emplace_back(cb - b, ts_node_end_byte(c) - cb, loss);
        continue;
      }
      // a name scope's or control dependencies' block (ScopeBlockBuildsGraph): TF2's function
      if ((q == "tensorflow.compat.v1.name_scope" || q == "tensorflow.compat.v1.control_dependencies") &&
          ts::Is(g.stmt, "with_statement")) {
        TSNode fn = ts::Field(c, "function");
        uint32_t fb = ts_node_start_byte(fn);
        edits.emplace_back(fb - b, ts_node_end_byte(fn) - fb, tf_ + q.substr(q.rfind('.')));
        continue;
      }
      // `tf.compat.v1.assign(v, x)` (assign_add, assign_sub) of a variable: `v.assign(x)`
      if (q == "tensorflow.compat.v1.assign" || q == "tensorflow.compat.v1.assign_add" ||
          q == "tensorflow.compat.v1.assign_sub") {
        const auto& pos = m_.PositionalArgs(c);
        TSNode args = ts::Field(c, "arguments");
        size_t named = 0;
        for (TSNode a : ts::NamedChildren(args)) named += !ts::Is(a, "comment");
        if (pos.size() == 2 && named == 2 && ts::Is(pos[0], "identifier") && Graph(Text(pos[0])) &&
            Graph(Text(pos[0]))->kind == Kind::kVariable && !HasCallInside(pos[1], c)) {
          uint32_t cb = ts_node_start_byte(c);
          edits.emplace_back(cb - b, ts_node_end_byte(c) - cb,
                             fmt::format("{}.{}({})", Text(pos[0]), q.substr(q.rfind('.') + 1), Text(pos[1])));
        }
        continue;
      }
      bool v1_minimize = EndsWith(q, "Optimizer().minimize") && StartsWith(q, "tensorflow.compat.v1.train.");
      if (!v1_minimize || m_.KeywordArg(c, "var_list").id) continue;
      // the collection as it was when minimize() ran: the variables made before it
      std::vector<string> made_before;
      for (const string& v : trainable)
        if (ts_node_start_byte(Graph(v)->stmt) < b) made_before.push_back(v);
      if (made_before.empty()) Fail(c, "minimize() with no trainable variables created before it");
      for (const string& v : made_before)
        if (layer_objects_.count(v))
          Fail(c, fmt::format("a tf.compat.v1 optimizer is kept (no Keras optimizer makes its update), and it cannot "
                              "update the variables of the Keras layer `{}` (Keras 3's variables are not TF1's)",
                              v));
      TSNode args = ts::Field(c, "arguments");
      uint32_t close = ts_node_end_byte(args) - 1;  // the `)`
      bool empty = ts_node_named_child_count(args) == 0;
      edits.emplace_back(close - b, 0, fmt::format("{}var_list={}", empty ? "" : ", ", VarList(made_before)));
    }
    // (the ranges written otherwise: an LSTM's final state as its h and c, RnnRun)
    for (auto te = text_edits_.lower_bound(b); te != text_edits_.end() && te->first < e; ++te)
      if (te->second.first <= e) edits.emplace_back(te->first - b, te->second.first - te->first, te->second.second);
    std::sort(edits.rbegin(), edits.rend());
    for (size_t k = 1; k < edits.size(); ++k)  // (from the end: each edit ends before the next one's start)
      if (std::get<0>(edits[k]) + std::get<1>(edits[k]) > std::get<0>(edits[k - 1]))
        Fail(g.stmt, "the statement's parts written otherwise overlap (an LSTM state's use inside a rewritten call)");
    for (const auto& [pos, len, repl] : edits) text.replace(pos, len, repl);
    if (g.bare) return text;
    // trailing comment on the same line
    uint32_t le = LineEnd(e);
    string rest = src_.substr(e, le - e);
    while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.pop_back();
    return text + rest + "\n";
  }

  static string Indent(const string& text, const string& pad) {
    string out;
    bool start = true;
    for (char ch : text) {
      if (start && ch != '\n') out += pad;
      out += ch;
      start = ch == '\n';
    }
    return out;
  }

  // Definitions nested in a function are separated by one blank line, not two.
  static string NestedGaps(const string& text) {
    string out;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text.compare(i, 3, "\n\n\n") == 0) {
        out += "\n\n";
        i += 2;
        continue;
      }
      out += text[i];
    }
    return out;
  }

  static string Dedent(const string& text, uint32_t n) {
    string out;
    size_t i = 0;
    while (i < text.size()) {
      size_t j = text.find('\n', i);
      string_view line(text.data() + i, (j == string::npos ? text.size() : j + 1) - i);
      size_t k = 0;
      // (columns are bytes: a tab-indented block loses as many tabs)
      while (k < n && k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
      out += line.substr(k);
      if (j == string::npos) break;
      i = j + 1;
    }
    return out;
  }

  static string CollapseBlankLines(const string& text) {
    string out;
    int newlines = 0;
    for (char ch : text) {
      if (ch == '\n') {
        if (++newlines > 3) continue;
      } else if (ch != ' ' && ch != '\t' && ch != '\r') {
        newlines = 0;
      }
      out += ch;
    }
    return out;
  }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  const bool later_part_;
  string tf_, sess_;
  std::vector<GraphName> graph_;
  std::map<string, size_t> names_;  // graph names: the current binding of each, and `name#k` for earlier ones
  std::map<string, int> versions_;  // names bound more than once: how many earlier bindings
  std::vector<TSNode> deletions_;
  std::set<const void*> dropped_calls_;
  bool resets_between_ = false;  // the module resets the default graph after its first session
  bool function_programs_ = false;       // SessionFunctionsArePrograms
  bool restored_sessions_ = false;       // sessions merged by MergeRestoredSessions (a Saver between them)
  std::vector<size_t> session_parts_;  // SessionParts: statements from each part's start to the end
  uint32_t window_begin_ = 0, window_end_ = UINT32_MAX;  // bytes of the part converted (InWindow)
  std::set<const void*> block_graph_;  // statements of the session block that build the graph
  std::set<string> initialized_;       // variables whose `v.initializer` a run removed
  std::set<std::pair<uint32_t, string>> unseeded_;  // random ops without an op seed: (line, op)
  std::set<uint32_t> random_stmts_;                  // graph statements with such ops
  // graph names the session block binds to computed values (`[[b]] = sess.run(b)`): the end
  // of that statement, from where the name is plain Python; and those targets
  std::map<string, uint32_t, std::less<>> shadow_at_;
  std::set<const void*> shadow_targets_;
  bool Shadowed(string_view name, uint32_t pos) const {
    auto it = shadow_at_.find(name);
    return it != shadow_at_.end() && it->second <= pos;
  }
  std::set<const void*> after_close_;  // `sess.close()` after the session's `with` block (deleted)
  std::map<string, TSNode> python_values_;  // module names last bound to a plain Python value: where
  // `feed = {x: ..., y: ...}` in the session block, used only as runs' feed_dict: its
  // name -> (the dict, its placeholder keys' graph names); the keys become the names
  // of the functions' parameters (`"x": ...`) and the runs pass `**feed`
  std::map<string, std::pair<TSNode, std::vector<string>>> named_feeds_;
  std::set<uint32_t> block_cut_;       // their start bytes, when they leave the block
  bool early_session_ = false;  // `sess = ...Session()` before the graph: moved to its first use
  size_t body_head_ = 0;        // then: the index of that first use  // reset_default_graph() calls whose statements go
  std::set<string> module_names_, used_fn_names_;
  uint32_t container_indent_ = 0;            // column of the statements around the session block
  uint32_t wrap_indent_ = 0;                 // a graph wrapper's body: its indentation beyond that
  std::set<string> graph_names_;             // names of the wrapper's graph (`g`)
  TSNode graph_stmt_{};                      // `g = tf.Graph()`, deleted
  std::map<uint32_t, string> hoisted_names_;  // optimizer constructor (start byte) -> module-level name
  std::vector<string> hoisted_;               // their module-level assignments
  std::map<uint32_t, string> schedule_names_;  // learning-rate decays' schedules (ScheduleName), by call
  std::vector<Minimize> minimizes_;           // the v1 minimize() statements (PlanMinimizes)
  std::vector<string> kept_;                  // tf.compat.v1 left in the result: where and why
  std::vector<string> fed_notes_;             // computed tensors a run feeds: the functions taking them
  std::vector<std::tuple<uint32_t, uint32_t, string>> module_edits_;  // replaced in the module text
};

// Several sessions over one graph that holds no state (no variables, random ops, queues,
// readers, tables): each TF1 session would start from the same nothing, so they are one
// session for the conversion. `with ...Session() as s:` blocks and `s = ...Session()`
// statements of the module become one `s = ...Session()` (the first's), later headers
// and assignments and all but the last `close()` go, blocks are dedented and the other
// sessions' names become the first's. Empty when the script is not of that shape.
std::string MergeSessions(const ParsedFile& file, const SemanticModel& m, bool restored);
std::string MergeStatelessSessions(const ParsedFile& file, const SemanticModel& m) {
  return MergeSessions(file, m, false);
}
// Sessions one after another over one graph, each later one restoring every variable from
// a checkpoint (`saver = tf.compat.v1.train.Saver()`, then `sess.run(init)` and
// `saver.restore(sess, path)` before anything else the later session runs): the tutorials'
// "train and save, then restore in a new session". TF1's later session starts with fresh
// state, which the restore overwrites with what the earlier one saved; in one TF2 program
// nothing changed the variables between the save and the restore, so the sessions become
// one and the later one's initializer run goes (it reset what the restore overwrites).
// Only without random ops other than variables' initial values (a new TF1 session
// restarted every op's stream). Empty when the script is not of that shape.
std::string MergeRestoredSessions(const ParsedFile& file, const SemanticModel& m) {
  return MergeSessions(file, m, true);
}
std::string MergeSessions(const ParsedFile& file, const SemanticModel& m, bool restored) {
  const std::string& src = file.source.text;
  auto text = [&](TSNode n) { return ts::Text(n, src); };
  auto is_session = [](std::string_view q) {
    return q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
  };
  std::string saver;  // restored: the name of the Saver of every variable
  for (TSNode c : m.calls()) {
    auto q = m.Resolve(ts::Field(c, "function"));
    if (!q || !StartsWith(*q, "tensorflow")) continue;
    if (restored) {
      if (*q == "tensorflow.compat.v1.train.Saver") {
        TSNode a = ts::Parent(c);
        if (!saver.empty() || ts_node_named_child_count(ts::Field(c, "arguments")) != 0 || !ts::Is(a, "assignment") ||
            !ts::Is(ts::Field(a, "left"), "identifier") || !ts::Is(ts::Parent(ts::Parent(a)), "module"))
          return "";
        saver = std::string(text(ts::Field(a, "left")));
        continue;
      }
      // a random op is a variable's initial value (the restore overwrites it), nothing else
      bool initial_value = false;
      for (TSNode p = ts::Parent(c); p.id && !initial_value; p = ts::Parent(p)) {
        auto pq = ts::Is(p, "call") ? m.Resolve(ts::Field(p, "function")) : std::nullopt;
        initial_value = pq && (*pq == "tensorflow.Variable" || *pq == "tensorflow.compat.v1.Variable" ||
                               *pq == "tensorflow.compat.v1.get_variable");
      }
      if (EndsWith(*q, "set_random_seed") || EndsWith(*q, "random.set_seed")) continue;
      for (std::string_view state : {"random", "dropout", "multinomial", "shuffle", "Queue", "queue", "Reader",
                                     "terator", "lookup", "reset_default_graph", "Graph", "summary", "metrics"})
        if (q->find(state) != std::string::npos && !initial_value) return "";
      continue;
    }
    for (std::string_view state : {"Variable", "variable", "random", "Queue", "queue", "Reader", "dropout",
                                   "multinomial", "terator", "lookup", "assign", "reset_default_graph", "Graph",
                                   "Saver", "summary", "metrics", "layers", "initializer"})
      if (q->find(state) != std::string::npos) return "";
  }
  if (restored && saver.empty()) return "";
  struct Found {
    TSNode stmt, call;
    std::string name;
    bool with;
  };
  std::vector<Found> found;
  int session_calls = 0;
  for (TSNode c : m.calls()) {
    auto q = m.Resolve(ts::Field(c, "function"));
    if (q && is_session(*q)) ++session_calls;
  }
  for (TSNode st : ts::NamedChildren(file.Root())) {
    TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
    if (ts::Is(st, "expression_statement") && ts::Is(a, "assignment") && ts::Is(ts::Field(a, "right"), "call") &&
        ts::Is(ts::Field(a, "left"), "identifier")) {
      TSNode call = ts::Field(a, "right");
      auto q = m.Resolve(ts::Field(call, "function"));
      if (q && is_session(*q)) found.push_back({st, call, std::string(text(ts::Field(a, "left"))), false});
    } else if (ts::Is(st, "with_statement")) {
      TSNode clause = ts_node_named_child(st, 0);
      if (!ts::Is(clause, "with_clause") || ts_node_named_child_count(clause) != 1) continue;
      TSNode v = ts::Field(ts_node_named_child(clause, 0), "value");
      if (!ts::Is(v, "as_pattern")) continue;
      TSNode call = ts_node_named_child(v, 0), alias = ts::Field(v, "alias");
      alias = alias.id ? ts_node_named_child(alias, 0) : TSNode{};
      auto q = ts::Is(call, "call") ? m.Resolve(ts::Field(call, "function")) : std::nullopt;
      if (!q || !is_session(*q)) continue;
      if (!ts::Is(alias, "identifier")) return "";
      TSNode body = ts::Field(st, "body");
      if (ts_node_start_point(ts_node_named_child(body, 0)).row == ts_node_start_point(st).row) return "";
      found.push_back({st, call, std::string(text(alias)), true});
    }
  }
  // every session of the script, each made with no arguments, at module level
  if (found.size() < 2 || static_cast<int>(found.size()) != session_calls) return "";
  for (const Found& f : found)
    if (ts_node_named_child_count(ts::Field(f.call, "arguments")) != 0 || (restored && !f.with)) return "";
  const std::string& first = found[0].name;
  std::vector<TSNode> dropped_inits;  // restored: the later sessions' initializer runs
  if (restored) {
    auto global_init = [&](TSNode call) {
      auto q = ts::Is(call, "call") ? m.Resolve(ts::Field(call, "function")) : std::nullopt;
      return q && (*q == "tensorflow.compat.v1.global_variables_initializer" ||
                   *q == "tensorflow.compat.v1.initialize_all_variables");
    };
    std::set<std::string> inits;  // module-level names of the global initializer
    for (TSNode st : ts::NamedChildren(file.Root())) {
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (ts::Is(a, "assignment") && ts::Is(ts::Field(a, "left"), "identifier") && global_init(ts::Field(a, "right")))
        inits.insert(std::string(text(ts::Field(a, "left"))));
    }
    // every session but the last saves, and runs nothing after its save: the checkpoint holds
    // its final state (the Checkpoint may leave an optimizer's slots and step out)
    for (size_t k = 0; k + 1 < found.size(); ++k) {
      const std::string& sess = found[k].name;
      bool saved = false;
      for (TSNode st : ts::NamedChildren(ts::Field(found[k].stmt, "body"))) {
        if (ts::Is(st, "comment")) continue;
        bool uses = false, saves = false;
        ts::Walk(
            st,
            [&](TSNode n, const char*) {
              if (ts::Is(n, "call") && ts::Is(ts::Field(n, "function"), "attribute") &&
                  text(ts::Field(ts::Field(n, "function"), "object")) == saver &&
                  text(ts::Field(ts::Field(n, "function"), "attribute")) == "save")
                saves = true;
              uses |= ts::Is(n, "identifier") && text(n) == sess;
              // (`op.run()`, `t.eval()` run in the block's default session)
              uses |= ts::Is(n, "call") && ts::Is(ts::Field(n, "function"), "attribute") &&
                      (text(ts::Field(ts::Field(n, "function"), "attribute")) == "run" ||
                       text(ts::Field(ts::Field(n, "function"), "attribute")) == "eval");
              return true;
            },
            [](TSNode) {});
        if (saved && uses) return "";
        if (saves) {
          // (the save a statement of its own, `saver.save(...)` or `path = saver.save(...)`, not in a loop)
          TSNode e = ts::Is(st, "expression_statement") && ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0)
                                                                                            : TSNode{};
          if (ts::Is(e, "assignment")) e = ts::Field(e, "right");
          if (!ts::Is(e, "call") || !ts::Is(ts::Field(e, "function"), "attribute") ||
              text(ts::Field(ts::Field(e, "function"), "attribute")) != "save")
            return "";
        }
        saved |= saves;
      }
      if (!saved) return "";
    }
    for (size_t k = 1; k < found.size(); ++k) {
      const std::string& sess = found[k].name;
      // its statements before the restore: Python that names neither the session nor TensorFlow,
      // and at most one initializer run
      bool restores = false;
      for (TSNode st : ts::NamedChildren(ts::Field(found[k].stmt, "body"))) {
        if (ts::Is(st, "comment")) continue;
        TSNode e = ts::Is(st, "expression_statement") && ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0)
                                                                                            : TSNode{};
        TSNode fn = ts::Is(e, "call") ? ts::Field(e, "function") : TSNode{};
        std::vector<TSNode> args;
        for (TSNode x : ts::NamedChildren(ts::Is(e, "call") ? ts::Field(e, "arguments") : TSNode{}))
          if (!ts::Is(x, "comment")) args.push_back(x);
        if (ts::Is(fn, "attribute") && text(ts::Field(fn, "object")) == saver && text(ts::Field(fn, "attribute")) == "restore" &&
            !args.empty() && text(args[0]) == sess) {
          restores = true;
          break;
        }
        if (ts::Is(fn, "attribute") && text(ts::Field(fn, "object")) == sess && text(ts::Field(fn, "attribute")) == "run" &&
            args.size() == 1 && dropped_inits.size() < k) {
          if ((ts::Is(args[0], "identifier") && inits.count(std::string(text(args[0])))) || global_init(args[0])) {
            dropped_inits.push_back(st);
            continue;
          }
        }
        bool uses = RefersToTf(m, st);
        ts::Walk(
            st, [&](TSNode n, const char*) { uses |= ts::Is(n, "identifier") && text(n) == sess; return !uses; },
            [](TSNode) {});
        if (uses) return "";
      }
      if (!restores) return "";
    }
  }
  // (begin, end, replacement), then dedented ranges
  std::vector<std::tuple<uint32_t, uint32_t, std::string>> edits;
  auto line_start = [&](uint32_t b) {
    size_t p = b ? src.rfind('\n', b - 1) : std::string::npos;
    return p == std::string::npos ? 0u : static_cast<uint32_t>(p + 1);
  };
  auto line_end = [&](uint32_t b) {
    size_t p = src.find('\n', b);
    return p == std::string::npos ? static_cast<uint32_t>(src.size()) : static_cast<uint32_t>(p + 1);
  };
  for (size_t k = 0; k < found.size(); ++k) {
    const Found& f = found[k];
    uint32_t b = ts_node_start_byte(f.stmt);
    if (f.with) {
      TSNode body = ts::Field(f.stmt, "body");
      uint32_t indent = ts_node_start_point(ts_node_named_child(body, 0)).column - ts_node_start_point(f.stmt).column;
      std::string header = k == 0 ? fmt::format("{} = {}\n", first, text(f.call)) : "";
      if (ts_node_end_point(ts_node_named_child(f.stmt, 0)).row != ts_node_start_point(f.stmt).row) return "";
      edits.emplace_back(line_start(b), line_end(b), header);
      // the block's lines: dedented, its session's name renamed
      uint32_t from = line_start(ts_node_start_byte(ts_node_named_child(body, 0))), to = line_end(ts_node_end_byte(f.stmt) - 1);
      std::string block = src.substr(from, to - from);
      std::vector<std::pair<uint32_t, uint32_t>> names;  // renamed identifiers, offsets in block
      if (f.name != first)
        ts::Walk(
            body,
            [&](TSNode n, const char*) {
              if (!ts::Is(n, "identifier")) return true;
              TSNode p = ts::Parent(n);
              if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
              if (text(n) == f.name) names.push_back({ts_node_start_byte(n) - from, ts_node_end_byte(n) - ts_node_start_byte(n)});
              return false;
            },
            [](TSNode) {});
      // (restored: the initializer run the restore makes redundant goes, with its line)
      std::vector<std::tuple<uint32_t, uint32_t, std::string>> block_edits;
      for (const auto& [at, len] : names) block_edits.emplace_back(at, len, first);
      for (TSNode st : dropped_inits)
        if (ts::Contains(f.stmt, st)) {
          const uint32_t b0 = line_start(ts_node_start_byte(st)), e0 = line_end(ts_node_end_byte(st));
          if (b0 < from || e0 > to) return "";
          block_edits.emplace_back(b0 - from, e0 - b0, "");
        }
      std::sort(block_edits.begin(), block_edits.end());
      for (auto it = block_edits.rbegin(); it != block_edits.rend(); ++it)
        block.replace(std::get<0>(*it), std::get<1>(*it), std::get<2>(*it));
      std::string out;
      size_t i = 0;
      while (i < block.size()) {
        size_t j = block.find('\n', i);
        std::string_view line(block.data() + i, (j == std::string::npos ? block.size() : j + 1) - i);
        size_t sp = 0;
        while (sp < indent && sp < line.size() && line[sp] == ' ') ++sp;
        if (sp < indent && line.find_first_not_of(" \t\r\n") != std::string_view::npos) return "";  // tabs or a string
        out += line.substr(sp);
        if (j == std::string::npos) break;
        i = j + 1;
      }
      edits.emplace_back(from, to, out);
    } else {
      if (k > 0) edits.emplace_back(line_start(b), line_end(ts_node_end_byte(f.stmt)), "");
      if (f.name != first) {
        // its uses up to the next session
        uint32_t until = k + 1 < found.size() ? ts_node_start_byte(found[k + 1].stmt) : static_cast<uint32_t>(src.size());
        ts::Walk(
            file.Root(),
            [&](TSNode n, const char*) {
              if (ts_node_end_byte(n) <= ts_node_end_byte(f.stmt) || ts_node_start_byte(n) >= until) return false;
              if (!ts::Is(n, "identifier")) return true;
              TSNode p = ts::Parent(n);
              if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
              if (text(n) == f.name) edits.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n), first);
              return false;
            },
            [](TSNode) {});
      }
    }
  }
  // `close()` of the sessions before the last one
  for (const Found& f : found) {
    for (TSNode c : m.calls()) {
      TSNode fn = ts::Field(c, "function");
      if (!ts::Is(fn, "attribute") || text(ts::Field(fn, "attribute")) != "close" ||
          text(ts::Field(fn, "object")) != f.name || ts_node_start_byte(c) > ts_node_start_byte(found.back().stmt))
        continue;
      TSNode st = ts::Parent(c);
      if (!ts::Is(st, "expression_statement") || !ts::Is(ts::Parent(st), "module")) return "";
      edits.emplace_back(line_start(ts_node_start_byte(st)), line_end(ts_node_end_byte(st)), "");
    }
  }
  std::sort(edits.begin(), edits.end());
  edits.erase(std::unique(edits.begin(), edits.end()), edits.end());
  std::string out;
  uint32_t at = 0;
  for (const auto& [b, e, r] : edits) {
    if (b < at) return "";  // overlapping: not this shape
    out.append(src, at, b - at);
    out += r;
    at = e;
  }
  out.append(src, at, std::string::npos);
  return out;
}

// TF1 idioms around the graph that have a TF2 form of their own, rewritten on the compat
// text before the session conversion (which then sees plain variables, objects and
// tensors): a `with variable_scope(...)` block of get_variable calls, the global step,
// tf.metrics.accuracy, summaries and a Saver that are never used, tf.logging, tf.app.flags
// whose values are never read, the trainable-variables collection, dimension_value of a
// static shape and a session's threading config. Each is done only in the shape where the
// TF2 form computes the same; anything else is left for the conversion to refuse.
struct Idioms {
  std::string text;                                   // the text the conversion sees
  std::vector<std::pair<uint32_t, uint32_t>> lines;   // 1-based line ranges rewritten (their findings are handled)
  std::vector<std::string> notes;                     // what was dropped, for the summary
  // each edit: (new first row, new rows, old first row, old rows), 0-based, in order
  std::vector<std::array<uint32_t, 4>> moved;
  // why v1 summaries merged by merge_all keep their TF1 form, and the (1-based) lines of
  // the statements with summaries: a refusal at one of them says this instead
  std::string summary_why;
  std::set<uint32_t> summary_rows;
  // every minimize() ran the UPDATE_OPS collection's updates (tf2_update_ops.h)
  bool bn_updates_with_minimize = false;
  // The line of the original text a 1-based line of `text` comes from.
  uint32_t OldLine(uint32_t line) const {
    if (line == 0) return 0;
    int64_t offset = 0;
    for (const auto& [nb, nr, ob, orows] : moved) {
      if (line - 1 < nb) break;
      if (line - 1 < nb + nr) return ob + 1;
      offset = static_cast<int64_t>(ob + orows) - static_cast<int64_t>(nb + nr);
    }
    return static_cast<uint32_t>(line + offset);
  }
};

Idioms RewriteIdioms(PythonParser& parser, const std::string& text) {
  Idioms out;
  out.text = text;
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return out;
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return out;
  const ParsedFile& file = *parsed;
  SemanticModel m(file);
  const std::string& s = file.source.text;
  auto txt = [&](TSNode n) { return std::string(ts::Text(n, s)); };
  auto resolved = [&](TSNode n) {
    auto q = m.Resolve(n);
    return q ? *q : std::string();
  };
  auto fn_of = [&](TSNode call) { return ts::Is(call, "call") ? resolved(ts::Field(call, "function")) : ""; };
  auto line_start = [&](uint32_t b) {
    size_t p = b ? s.rfind('\n', b - 1) : std::string::npos;
    return p == std::string::npos ? 0u : static_cast<uint32_t>(p + 1);
  };
  auto line_end = [&](uint32_t b) {
    size_t p = s.find('\n', b);
    return p == std::string::npos ? static_cast<uint32_t>(s.size()) : static_cast<uint32_t>(p + 1);
  };
  auto row = [](TSNode n) { return ts_node_start_point(n).row + 1; };
  const Binding* tfb = nullptr;
  for (const Binding* b : m.TfModuleImports())
    if (b->scope == 0 && b->qname == "tensorflow") tfb = b;
  if (!tfb) return out;
  const std::string tf = tfb->name;
  // uses of a name as a value (not attribute or keyword names), anywhere
  auto uses_of = [&](std::string_view name) {
    std::vector<TSNode> found;
    ts::Walk(
        file.Root(),
        [&](TSNode n, const char*) {
          if (!ts::Is(n, "identifier")) return true;
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
          if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
          if (ts::Text(n, s) == name) found.push_back(n);
          return false;
        },
        [](TSNode) {});
    return found;
  };
  // a module-level `name = <call>` statement: its parts
  auto assignment = [&](TSNode st, TSNode* left, TSNode* right) {
    TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
    if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment")) return false;
    *left = ts::Field(a, "left");
    *right = ts::Field(a, "right");
    return right->id != nullptr;
  };
  auto alone = [&](TSNode st) {
    uint32_t b = ts_node_start_byte(st), e = ts_node_end_byte(st);
    for (uint32_t i = line_start(b); i < b; ++i)
      if (s[i] != ' ' && s[i] != '\t') return false;
    for (uint32_t i = e; i < s.size() && s[i] != '\n'; ++i) {
      if (s[i] == '#') break;
      if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return false;
    }
    return true;
  };
  auto plain_string = [&](TSNode n) {
    std::string t = ts::Is(n, "string") ? txt(n) : "";
    return !t.empty() && (t[0] == '"' || t[0] == '\'') && t.find('{') == std::string::npos &&
           t.find('\\') == std::string::npos && t.size() >= 2 && t[1] != t[0] ? t.substr(1, t.size() - 2) : "";
  };
  std::vector<std::tuple<uint32_t, uint32_t, std::string>> edits;
  auto cut_stmt = [&](TSNode st) {
    edits.emplace_back(line_start(ts_node_start_byte(st)), line_end(ts_node_end_byte(st)), "");
  };
  std::vector<TSNode> module = ts::NamedChildren(file.Root());
  std::vector<std::string> variables;  // trainable variables made at module level, in order
  bool unknown_variables = false;      // variables made some other way (layers, get_variable elsewhere, ...)
  std::set<const void*> known_variable_calls;

  // --- variable_scope blocks of get_variable calls at module level
  std::map<std::string, int> scope_names, variable_names;
  for (TSNode c : m.calls()) {
    std::string q = fn_of(c);
    auto pos = m.PositionalArgs(c);
    if (q == "tensorflow.compat.v1.variable_scope" && !pos.empty()) ++scope_names[plain_string(pos[0])];
  }
  for (TSNode st : module) {
    if (!ts::Is(st, "with_statement")) continue;
    TSNode clause = ts_node_named_child(st, 0);
    if (!ts::Is(clause, "with_clause") || ts_node_named_child_count(clause) != 1) continue;
    TSNode v = ts::Field(ts_node_named_child(clause, 0), "value");
    if (fn_of(v) != "tensorflow.compat.v1.variable_scope") continue;
    const auto& pos = m.PositionalArgs(v);
    std::string scope = pos.size() == 1 ? plain_string(pos[0]) : "";
    bool ok = !scope.empty() && scope_names[scope] == 1 && alone(st) &&
              ts_node_end_point(clause).row == ts_node_start_point(st).row;
    for (TSNode a : ts::NamedChildren(ts::Field(v, "arguments"))) {
      if (ts::Is(a, "comment") || (!pos.empty() && ts::Same(a, pos[0]))) continue;
      TSNode val = ts::Field(a, "value");
      // reuse: AUTO_REUSE or None/False (the first creation is a creation either way)
      ok = ok && ts::Is(a, "keyword_argument") && txt(ts::Field(a, "name")) == "reuse" &&
           (resolved(val) == "tensorflow.compat.v1.AUTO_REUSE" || txt(val) == "None" || txt(val) == "False");
    }
    std::vector<std::tuple<uint32_t, uint32_t, std::string>> mine;
    TSNode body = ts::Field(st, "body");
    uint32_t indent = 0;
    for (TSNode b : ts::NamedChildren(body)) {
      if (!ok) break;
      if (ts::Is(b, "comment")) continue;
      TSNode left, right;
      ok = assignment(b, &left, &right) && ts::Is(left, "identifier") && alone(b) &&
           fn_of(right) == "tensorflow.compat.v1.get_variable";
      if (!ok) break;
      indent = ts_node_start_point(b).column - ts_node_start_point(st).column;
      const auto& vp = m.PositionalArgs(right);
      TSNode name = vp.empty() ? m.KeywordArg(right, "name") : vp[0];
      TSNode shape = vp.size() > 1 ? vp[1] : m.KeywordArg(right, "shape");
      TSNode init = m.KeywordArg(right, "initializer"), dtype = m.KeywordArg(right, "dtype");
      TSNode trainable = m.KeywordArg(right, "trainable");
      std::string vname = name.id ? plain_string(name) : "";
      ok = !vname.empty() && vp.size() <= 2 && (ts::Is(shape, "list") || ts::Is(shape, "tuple")) &&
           ++variable_names[scope + "/" + vname] == 1;
      // initializers TF2 has under the same name, that draw no random numbers
      std::string iq = fn_of(init);
      ok = ok && (iq == "tensorflow.zeros_initializer" || iq == "tensorflow.ones_initializer" ||
                  iq == "tensorflow.constant_initializer");
      for (TSNode a : ts::NamedChildren(ts::Field(right, "arguments"))) {
        if (!ts::Is(a, "keyword_argument")) continue;
        std::string k = txt(ts::Field(a, "name"));
        ok = ok && (k == "name" || k == "shape" || k == "initializer" || k == "dtype" || k == "trainable");
      }
      if (trainable.id) ok = ok && (txt(trainable) == "True" || txt(trainable) == "False");
      if (!ok) break;
      std::string value = fmt::format("{}({}shape={}{})", txt(init), "", txt(shape),
                                      dtype.id ? ", dtype=" + txt(dtype) : "");
      std::string made = fmt::format("{}.Variable({}, name=\"{}/{}\"{})", tf, value, scope, vname,
                                     trainable.id && txt(trainable) == "False" ? ", trainable=False" : "");
      mine.emplace_back(ts_node_start_byte(right), ts_node_end_byte(right), made);
      known_variable_calls.insert(right.id);
      if (!trainable.id || txt(trainable) == "True") variables.push_back(txt(left));
    }
    if (!ok || mine.empty()) continue;
    // the block's lines, dedented, with the variables made directly
    uint32_t from = line_start(ts_node_start_byte(ts_node_named_child(body, 0)));
    uint32_t to = line_end(ts_node_end_byte(st) - 1);
    std::string block;
    uint32_t at = from;
    for (const auto& [b, e, r] : mine) {
      block.append(s, at, b - at);
      block += r;
      at = e;
    }
    block.append(s, at, to - at);
    std::string dedented;
    size_t i = 0;
    bool bad = false;
    while (i < block.size()) {
      size_t j = block.find('\n', i);
      std::string_view ln(block.data() + i, (j == std::string::npos ? block.size() : j + 1) - i);
      size_t sp = 0;
      while (sp < indent && sp < ln.size() && ln[sp] == ' ') ++sp;
      if (sp < indent && ln.find_first_not_of(" \t\r\n") != std::string_view::npos) bad = true;
      dedented += ln.substr(sp);
      if (j == std::string::npos) break;
      i = j + 1;
    }
    if (bad) continue;
    edits.emplace_back(line_start(ts_node_start_byte(st)), to, dedented);
    out.lines.emplace_back(row(st), ts_node_end_point(st).row + 1);
  }

  // --- module-level statements
  int global_steps = 0;
  for (TSNode c : m.calls()) {
    std::string q = fn_of(c);
    if (q == "tensorflow.compat.v1.train.get_or_create_global_step" || q == "tensorflow.compat.v1.train.get_global_step" ||
        q == "tensorflow.compat.v1.train.create_global_step")
      ++global_steps;
  }
  std::vector<TSNode> summaries;
  bool summaries_unused = true;
  for (TSNode c : m.calls())
    if (StartsWith(fn_of(c), "tensorflow.compat.v1.summary.")) summaries_unused = false;  // until each is known
  int summary_calls = 0, summary_known = 0;
  for (TSNode c : m.calls()) summary_calls += StartsWith(fn_of(c), "tensorflow.compat.v1.summary.");
  for (TSNode st : module) {
    TSNode left{}, right{};
    TSNode call = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
    if (ts::Is(st, "expression_statement") && ts::Is(call, "call")) {
      std::string q = fn_of(call);
      // a summary op whose value nothing reads
      for (std::string_view k : {"scalar", "histogram", "image", "audio", "text", "tensor_summary"})
        if (q == fmt::format("tensorflow.compat.v1.summary.{}", k) && alone(st)) {
          summaries.push_back(st);
          ++summary_known;
        }
      continue;
    }
    if (!assignment(st, &left, &right) || !ts::Is(left, "identifier") || !alone(st)) continue;
    std::string q = fn_of(right);
    size_t uses = uses_of(txt(left)).size();
    if ((q == "tensorflow.compat.v1.summary.merge_all" || q == "tensorflow.compat.v1.summary.merge") && uses == 1) {
      summaries.push_back(st);
      ++summary_known;
    } else if (q == "tensorflow.compat.v1.train.Saver" && uses == 1) {
      cut_stmt(st);
      out.notes.push_back(fmt::format("line {}: `{}`, a tf.train.Saver never used, dropped", row(st), txt(left)));
      out.lines.emplace_back(row(st), row(st));
    } else if (q == "tensorflow.compat.v1.train.get_or_create_global_step" && global_steps == 1 &&
               ts_node_named_child_count(ts::Field(right, "arguments")) == 0) {
      edits.emplace_back(ts_node_start_byte(right), ts_node_end_byte(right),
                         fmt::format("{0}.Variable(0, dtype={0}.int64, trainable=False, name=\"global_step\")", tf));
      known_variable_calls.insert(right.id);
      out.lines.emplace_back(row(st), row(st));
    } else if (q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable") {
      TSNode tr = m.KeywordArg(right, "trainable");
      known_variable_calls.insert(right.id);
      if (!tr.id || txt(tr) == "True") variables.push_back(txt(left));
      else if (txt(tr) != "False") unknown_variables = true;
    } else if (ts::Is(left, "identifier") && (resolved(right) == "tensorflow.compat.v1.app.flags" ||
                                              resolved(right) == "tensorflow.compat.v1.flags")) {
      // flags whose values the program never reads: absl's flags define the same ones
      // (absl does not parse sys.argv on the first read as TF's wrapper did: no read here)
      std::string name = txt(left);
      bool only_defines = true;
      for (TSNode u : uses_of(name)) {
        if (ts::Same(u, left)) continue;
        TSNode p = ts::Parent(u);
        std::string attr = ts::Is(p, "attribute") ? txt(ts::Field(p, "attribute")) : "";
        if (StartsWith(attr, "DEFINE_")) continue;
        TSNode pa = ts::Parent(p);
        if (attr == "FLAGS" && ts::Is(pa, "assignment") && ts::Same(ts::Field(pa, "right"), p) &&
            ts::Is(ts::Field(pa, "left"), "identifier") && uses_of(txt(ts::Field(pa, "left"))).size() == 1 &&
            ts::Is(ts::Parent(pa), "expression_statement") && ts::Is(ts::Parent(ts::Parent(pa)), "module"))
          continue;
        only_defines = false;
      }
      for (TSNode c : m.calls()) {
        std::string cq = fn_of(c);
        bool flag_call = StartsWith(cq, "tensorflow.compat.v1.app.") || StartsWith(cq, "tensorflow.compat.v1.flags.");
        if (flag_call && cq.find(".DEFINE_") == std::string::npos) only_defines = false;  // app.run parses them
      }
      if (only_defines) {
        edits.emplace_back(ts_node_start_byte(st), ts_node_end_byte(st),
                           name == "flags" ? "from absl import flags" : "from absl import flags as " + name);
        out.lines.emplace_back(row(st), row(st));
      }
    } else if (ts::Is(left, "identifier") && q == "tensorflow.compat.v1.metrics.accuracy") {
      continue;  // (a pattern_list target: below)
    }
  }
  std::set<const void*> idle_sessions;  // the calls of the sessions dropped below
  // --- sessions that run nothing, made only for their configuration, beside a session
  // that runs the graph: nothing they configure reaches a run (a session's options are its
  // own runs'; TF1 sets the GPUs up with the first session's gpu_options), so they go, and
  // a `config = tf.compat.v1.ConfigProto()` made and set only for them goes with them
  {
    auto is_session = [&](const std::string& q) {
      return q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
    };
    int sessions = 0, used_sessions = 0;
    std::vector<TSNode> idle;  // `name = Session(...)` statements whose name nothing uses
    std::set<std::string> configs;
    for (TSNode c : m.calls()) sessions += is_session(fn_of(c));
    for (TSNode st : module) {
      TSNode left, right;
      if (!assignment(st, &left, &right) || !ts::Is(left, "identifier") || !is_session(fn_of(right))) continue;
      // (an InteractiveSession is the default session from there on: `t.eval()` runs it)
      bool plain = alone(st) && fn_of(right) == "tensorflow.compat.v1.Session";
      std::string config;
      for (TSNode a : ts::NamedChildren(ts::Field(right, "arguments"))) {
        if (ts::Is(a, "comment")) continue;
        TSNode v = ts::Field(a, "value");
        // `config=NAME` or `config=ConfigProto(...)` of literal settings; nothing else
        bool ok = ts::Is(a, "keyword_argument") && txt(ts::Field(a, "name")) == "config";
        if (ok && ts::Is(v, "identifier")) {
          config = txt(v);
        } else if (ok && fn_of(v) == "tensorflow.compat.v1.ConfigProto") {
          for (TSNode k : ts::NamedChildren(ts::Field(v, "arguments"))) {
            TSNode kv = ts::Field(k, "value");
            ok = ok && (ts::Is(k, "comment") || (ts::Is(k, "keyword_argument") &&
                                                 (ts::Is(kv, "true") || ts::Is(kv, "false") ||
                                                  ts::Is(kv, "integer") || ts::Is(kv, "float"))));
          }
        } else {
          ok = false;
        }
        plain = plain && ok;
      }
      if (plain && uses_of(txt(left)).size() == 1) {
        idle.push_back(st);
        if (!config.empty()) configs.insert(config);
      } else {
        ++used_sessions;
      }
    }
    // (sessions made elsewhere, in a `with` or a function, are sessions that may run)
    used_sessions += sessions - static_cast<int>(idle.size()) - used_sessions;
    if (!idle.empty() && used_sessions > 0) {
      for (TSNode st : idle) {
        TSNode left, right;
        assignment(st, &left, &right);
        idle_sessions.insert(right.id);
        cut_stmt(st);
        out.lines.emplace_back(row(st), ts_node_end_point(st).row + 1);
        out.notes.push_back(fmt::format("line {}: `{}`, a session that runs nothing (made only for its "
                                        "configuration), dropped",
                                        row(st), txt(left)));
      }
      // the configuration: `config = ConfigProto()` and `config.a.b = literal`, at module
      // level, all its uses those and the dropped sessions' `config=config`
      for (const std::string& name : configs) {
        std::vector<TSNode> stmts;
        bool only = true;
        for (TSNode u : uses_of(name)) {
          TSNode st = u;
          while (st.id && !ts::Is(ts::Parent(st), "module")) st = ts::Parent(st);
          TSNode left, right;
          bool in_idle = false;
          for (TSNode i : idle) in_idle |= ts::Same(i, st);
          if (in_idle) continue;
          if (!st.id || !assignment(st, &left, &right) || !alone(st)) {
            only = false;
            break;
          }
          if (ts::Same(left, u)) {
            only = fn_of(right) == "tensorflow.compat.v1.ConfigProto" &&
                   ts_node_named_child_count(ts::Field(right, "arguments")) == 0;
          } else {
            // `config.gpu_options.allow_growth = True`: the name is the target's innermost object
            TSNode t = left;
            while (ts::Is(t, "attribute")) t = ts::Field(t, "object");
            only = ts::Same(t, u) && ts::Is(left, "attribute") &&
                   (ts::Is(right, "true") || ts::Is(right, "false") || ts::Is(right, "integer") ||
                    ts::Is(right, "float"));
          }
          if (!only) break;
          stmts.push_back(st);
        }
        if (!only) continue;
        for (TSNode st : stmts) {
          cut_stmt(st);
          out.lines.emplace_back(row(st), row(st));
        }
        if (!stmts.empty())
          out.notes.push_back(fmt::format("line {}: `{}`, their configuration, dropped", row(stmts[0]), name));
      }
    }
  }
  // --- v1 summaries merged by merge_all, fetched by sess.run and written by a FileWriter's
  // add_summary(value, step): the run fetches the summarized tensors instead, and the
  // add_summary becomes TF2's writes under `writer.as_default(step=...)`, in merge_all's
  // order, with TF1's tags. Done only where every summary of the program is a module-level
  // scalar or histogram of a name bound once, with a tag no other op of the graph takes, so
  // that the value written is the one TF1 wrote; anything else stays (and is refused).
  struct SummaryPlan {
    std::vector<std::tuple<TSNode, std::string, std::string, std::string>> items;  // stmt, kind, tag, tensor name
    TSNode merge_stmt{};
    std::vector<std::pair<TSNode, TSNode>> fetches;  // the merged name in each run's fetches, the name bound to it
    std::vector<std::tuple<TSNode, std::string, std::string, std::string>> writes;  // stmt, writer, value, step
    std::vector<TSNode> scope_blocks;  // name scopes around summaries only (they go whole)
  };
  std::optional<SummaryPlan> summary_plan;
  std::set<const void*> planned_add_summaries;  // add_summary calls the plan rewrites (a writer may have them)
  auto binding_sites = [&](std::string_view name) {
    std::vector<TSNode> sites;
    for (TSNode u : uses_of(name)) {
      TSNode p = ts::Parent(u);
      while (ts::Is(p, "pattern_list") || ts::Is(p, "tuple_pattern") || ts::Is(p, "list_pattern")) p = ts::Parent(p);
      bool bound = (ts::Is(p, "assignment") || ts::Is(p, "augmented_assignment") || ts::Is(p, "for_statement")) &&
                   ts::Contains(ts::Field(p, "left"), u);
      bound = bound || ts::Is(p, "parameters") || ts::Is(p, "default_parameter") || ts::Is(p, "as_pattern_target") ||
              ts::Is(p, "global_statement") || ts::Is(p, "nonlocal_statement");
      if (bound) sites.push_back(u);
    }
    return sites;
  };
  {
    SummaryPlan plan;
    bool ok = true;
    auto refuse = [&](TSNode n, const std::string& why) {
      if (ok && out.summary_why.empty()) out.summary_why = fmt::format("{} (line {})", why, row(n));
      ok = false;
    };
    int v1_summary_calls = 0;
    for (TSNode c : m.calls())  // (a writer's methods resolve under FileWriter)
      v1_summary_calls += StartsWith(fn_of(c), "tensorflow.compat.v1.summary.") &&
                          !StartsWith(fn_of(c), "tensorflow.compat.v1.summary.FileWriter");
    std::string merged;
    auto is_summary = [&](TSNode st) {
      TSNode call = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      std::string q = ts::Is(st, "expression_statement") ? fn_of(call) : "";
      return q == "tensorflow.compat.v1.summary.scalar" || q == "tensorflow.compat.v1.summary.histogram";
    };
    // how many plain string literals of the file read `text` (TF1 makes a repeated name unique)
    auto literals_equal_to = [&](const std::string& text) {
      int n = 0;
      ts::Walk(
          file.Root(),
          [&](TSNode x, const char*) {
            if (ts::Is(x, "string")) {
              n += plain_string(x) == text;
              return false;
            }
            return true;
          },
          [](TSNode) {});
      return n;
    };
    // a module-level summary statement, its tag under `scope` (a name scope's, "" outside one)
    auto summary_item = [&](TSNode st, const std::string& scope) {
      TSNode call = ts_node_named_child(st, 0);
      std::string q = fn_of(call);
      std::string kind = q.substr(q.rfind('.') + 1);
      const auto& pos = m.PositionalArgs(call);
      TSNode name = pos.size() > 0 ? pos[0] : m.KeywordArg(call, "name");
      TSNode tensor = pos.size() > 1 ? pos[1] : m.KeywordArg(call, kind == "scalar" ? "tensor" : "values");
      size_t args = 0;
      for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) args += !ts::Is(a, "comment");
      std::string tag = name.id ? plain_string(name) : "";
      bool tag_ok = !tag.empty() && tag.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
                                        std::string::npos && tag[0] != '_' && tag[0] != '-' && tag[0] != '.';
      // the tag is TF1's op name: another op, summary or scope of that name makes it "tag_1"
      const int same_literals = literals_equal_to(tag);
      if (plan.merge_stmt.id)
        refuse(st, "a summary is made after merge_all, which does not merge it");
      else if (!alone(st) || args != 2 || pos.size() > 2)
        refuse(st, fmt::format("a {} summary takes arguments other than its name and value", kind));
      else if (!tag_ok || same_literals != 1)
        refuse(st, fmt::format("the summary's name is not a plain tag of its own (TF1 names it after its scope "
                               "and makes it unique in the graph: \"{}_1\" where another op has that name)", tag));
      else if (!ts::Is(tensor, "identifier") || binding_sites(txt(tensor)).size() != 1)
        refuse(st, "a summary's value is not a name bound once (the run fetches the summarized tensors by name)");
      if (ok) plan.items.emplace_back(st, kind, scope.empty() ? tag : scope + "/" + tag, txt(tensor));
    };
    for (TSNode st : module) {
      TSNode left{}, right{};
      if (assignment(st, &left, &right) && fn_of(right) == "tensorflow.compat.v1.summary.merge_all") {
        if (plan.merge_stmt.id || !ts::Is(left, "identifier") || !alone(st) ||
            ts_node_named_child_count(ts::Field(right, "arguments")) != 0)
          refuse(st, "summaries are merged by merge_all more than once, or with arguments");
        plan.merge_stmt = st;
        merged = txt(left);
        continue;
      }
      // `with tf.name_scope("metrics"):` around summaries only: TF1 tags them "metrics/loss",
      // as TF2 does with the scope's name written into the tag; the block goes whole
      TSNode wcall{}, walias{};
      if (ts::Is(st, "with_statement") && SingleWithCall(st, &wcall, &walias) && !walias.id &&
          (fn_of(wcall) == "tensorflow.compat.v1.name_scope" || fn_of(wcall) == "tensorflow.name_scope")) {
        std::vector<TSNode> body;
        for (TSNode b : ts::NamedChildren(ts::Field(st, "body")))
          if (!ts::Is(b, "comment")) body.push_back(b);
        if (body.empty() || !std::all_of(body.begin(), body.end(), is_summary)) continue;
        const auto& wpos = m.PositionalArgs(wcall);
        std::string scope = wpos.size() == 1 ? plain_string(wpos[0]) : "";
        size_t wargs = 0;
        for (TSNode a : ts::NamedChildren(ts::Field(wcall, "arguments"))) wargs += !ts::Is(a, "comment");
        const int same_scope = scope.empty() ? 0 : literals_equal_to(scope);
        if (scope.empty() || wargs != 1 || same_scope != 1 || !alone(st) ||
            scope.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") !=
                std::string::npos) {
          refuse(st, "summaries in a name scope that is not named by a plain literal of its own (TF1 makes a scope's "
                     "name unique in the graph)");
          continue;
        }
        for (TSNode b : body) summary_item(b, scope);
        plan.scope_blocks.push_back(st);
        continue;
      }
      if (is_summary(st)) summary_item(st, "");
    }
    if (ok && plan.merge_stmt.id && v1_summary_calls != static_cast<int>(plan.items.size()) + 1) {
      // the first summary call that is not a module-level statement of its own
      for (TSNode c : m.calls()) {
        std::string q = fn_of(c);
        if (!StartsWith(q, "tensorflow.compat.v1.summary.") || StartsWith(q, "tensorflow.compat.v1.summary.FileWriter") ||
            q == "tensorflow.compat.v1.summary.merge_all")
          continue;
        bool planned = false;
        for (const auto& item : plan.items) planned = planned || ts::Contains(std::get<0>(item), c);
        if (!planned) {
          refuse(c, "a summary is not a module-level tf.summary.scalar or histogram statement (in a scope, a "
                    "function or merged by hand): the conversion writes only those with TF1's tags");
          break;
        }
      }
    }
    if (ok && plan.merge_stmt.id && binding_sites(merged).size() != 1)
      refuse(plan.merge_stmt, fmt::format("`{}`, the merged summary, is bound more than once", merged));
    ok = ok && plan.merge_stmt.id && !plan.items.empty();
    // each read of the merged summary: a run's fetch (alone or in a list), bound to a name
    // that only add_summary reads, in the same block
    std::set<std::string> values;
    for (TSNode u : ok ? uses_of(merged) : std::vector<TSNode>{}) {
      if (ts::Same(u, ts::Field(ts_node_named_child(plan.merge_stmt, 0), "left"))) continue;
      TSNode p = ts::Parent(u), list{};
      if (ts::Is(p, "list") || ts::Is(p, "tuple")) {
        list = p;
        p = ts::Parent(p);
      }
      TSNode run = ts::Parent(p);
      TSNode fnode = ts::Is(run, "call") ? ts::Field(run, "function") : TSNode{};
      const auto& rpos = ts::Is(run, "call") ? m.PositionalArgs(run) : std::vector<TSNode>{};
      bool is_run = ts::Is(p, "argument_list") && ts::Is(fnode, "attribute") && txt(ts::Field(fnode, "attribute")) == "run" &&
                    !rpos.empty() && ts::Same(rpos[0], list.id ? list : u);
      TSNode a = ts::Parent(run), st = ts::Parent(a);
      if (!is_run || !ts::Is(a, "assignment") || !ts::Same(ts::Field(a, "right"), run) ||
          !ts::Is(st, "expression_statement") || !alone(st)) {
        refuse(u, fmt::format("`{}`, the merged summary, is read other than as a sess.run fetch whose value is bound "
                              "to a name",
                              merged));
        break;
      }
      TSNode target = ts::Field(a, "left");
      if (list.id) {
        std::vector<TSNode> elems = ts::NamedChildren(list), targets = ts::NamedChildren(target);
        size_t at = 0;
        while (at < elems.size() && !ts::Same(elems[at], u)) ++at;
        bool pattern = ts::Is(target, "pattern_list") || ts::Is(target, "tuple_pattern") || ts::Is(target, "list_pattern");
        target = pattern && targets.size() == elems.size() ? targets[at] : TSNode{};
      }
      if (!ts::Is(target, "identifier")) {
        refuse(u, fmt::format("the value of `{}` a run fetches is not bound to a name of its own", merged));
        break;
      }
      plan.fetches.emplace_back(u, target);
      std::string value = txt(target);
      if (!values.insert(value).second) continue;
      for (TSNode vu : uses_of(value)) {
        bool bound = false;
        for (TSNode b : binding_sites(value)) bound = bound || ts::Same(b, vu);
        if (bound) {
          // every binding of the name is a fetch of the merged summary
          TSNode va = ts::Parent(vu);
          while (va.id && !ts::Is(va, "assignment") && !ts::Is(va, "module")) va = ts::Parent(va);
          bool fetch = false;
          if (ts::Is(va, "assignment"))
            for (TSNode mu : uses_of(merged)) fetch = fetch || ts::Contains(ts::Field(va, "right"), mu);
          ok = ok && fetch;
          continue;
        }
        TSNode arglist = ts::Parent(vu), add = ts::Parent(arglist), wst = ts::Parent(add);
        TSNode f = ts::Is(add, "call") ? ts::Field(add, "function") : TSNode{};
        const auto& apos = ts::Is(add, "call") ? m.PositionalArgs(add) : std::vector<TSNode>{};
        TSNode step = apos.size() > 1 ? apos[1] : m.KeywordArg(add, "global_step");
        size_t aargs = 0;
        for (TSNode x : ts::NamedChildren(arglist)) aargs += !ts::Is(x, "comment");
        bool write = ts::Is(arglist, "argument_list") && ts::Is(f, "attribute") &&
                     txt(ts::Field(f, "attribute")) == "add_summary" && ts::Is(ts::Field(f, "object"), "identifier") &&
                     !apos.empty() && ts::Same(apos[0], vu) && step.id && aargs == 2 &&
                     ts::Is(wst, "expression_statement") && alone(wst) && ts::Same(ts::Parent(wst), ts::Parent(st));
        if (!write) {
          refuse(vu, fmt::format("`{}`, a fetched summary, is read other than by a FileWriter's add_summary(value, "
                                 "step) in the block of its run",
                                 value));
          break;
        }
        plan.writes.emplace_back(wst, txt(ts::Field(f, "object")), value, txt(step));
        planned_add_summaries.insert(add.id);
      }
      if (!ok) break;
    }
    // the writers: each a FileWriter bound once (the FileWriter rewrite below makes it TF2's)
    for (const auto& [wst, writer, value, step] : plan.writes) {
      auto sites = binding_sites(writer);
      TSNode wa = sites.size() == 1 ? ts::Parent(sites[0]) : TSNode{};
      if (!ts::Is(wa, "assignment") || !ts::Same(ts::Field(wa, "left"), sites[0]) ||
          fn_of(ts::Field(wa, "right")) != "tensorflow.compat.v1.summary.FileWriter")
        refuse(wst, fmt::format("`{}` is not a tf.summary.FileWriter bound once", writer));
    }
    // the names the fetched tensors are bound to (`summary` -> `summary_loss, summary_w`)
    for (const std::string& value : values)
      for (const auto& item : plan.items)
        ok = ok && (plan.items.size() == 1 || uses_of(value + "_" + std::get<3>(item)).empty());
    const bool merged_all = plan.merge_stmt.id != nullptr;
    if (ok && !plan.fetches.empty() && !plan.writes.empty()) summary_plan = std::move(plan);
    else planned_add_summaries.clear();
    if (!merged_all) out.summary_why.clear();  // summaries nothing merges: dropped if unused, below
    // the lines a refusal caused by the summaries names: each summary statement's, and
    // the first line of a scope block holding one
    if (!summary_plan && !out.summary_why.empty())
      for (TSNode c : m.calls()) {
        if (!StartsWith(fn_of(c), "tensorflow.compat.v1.summary.") &&
            txt(ts::Field(c, "function")).find(".add_summary") == std::string::npos)
          continue;
        for (TSNode st = c; st.id && !ts::Is(st, "module"); st = ts::Parent(st)) {
          if (ts::Is(st, "expression_statement"))
            for (uint32_t r = row(st); r <= ts_node_end_point(st).row + 1; ++r) out.summary_rows.insert(r);
          if (ts::Is(st, "with_statement") && txt(ts_node_named_child(st, 0)).find("Session") == std::string::npos)
            out.summary_rows.insert(row(st));
        }
      }
  }
  std::set<std::string> tf2_writers;  // FileWriters made TF2's below
  // `writer = tf.compat.v1.summary.FileWriter(logdir, sess.graph)` used only to be closed
  // or flushed: TF2's `tf.summary.create_file_writer(logdir)`, which makes the same
  // directory and event file; the graph it wrote has no TF2 counterpart (a tf.function's
  // graph is written by tf.summary.trace_on / trace_export), which a note says
  for (TSNode c : m.calls()) {
    if (fn_of(c) != "tensorflow.compat.v1.summary.FileWriter") continue;
    TSNode a = ts::Parent(c), st = ts::Parent(ts::Parent(c));
    if (!ts::Is(a, "assignment") || !ts::Same(ts::Field(a, "right"), c) || !ts::Is(ts::Field(a, "left"), "identifier") ||
        !ts::Is(st, "expression_statement") || !alone(st))
      continue;
    const auto& pos = m.PositionalArgs(c);
    TSNode logdir = m.KeywordArg(c, "logdir"), graph = m.KeywordArg(c, "graph");
    if (!logdir.id && !pos.empty()) logdir = pos[0];
    if (!graph.id && pos.size() > 1) graph = pos[1];
    size_t args = 0;
    for (TSNode arg : ts::NamedChildren(ts::Field(c, "arguments"))) args += !ts::Is(arg, "comment");
    if (!logdir.id || args != (graph.id ? 2u : 1u) || pos.size() > 2) continue;
    bool graph_ok = !graph.id ||
                    (ts::Is(graph, "attribute") && txt(ts::Field(graph, "attribute")) == "graph" &&
                     ts::Is(ts::Field(graph, "object"), "identifier")) ||
                    (fn_of(graph) == "tensorflow.compat.v1.get_default_graph" &&
                     ts_node_named_child_count(ts::Field(graph, "arguments")) == 0);
    if (!graph_ok) continue;
    bool logdir_graph = false;
    for (TSNode lc : m.calls())
      if (ts::Contains(logdir, lc) && StartsWith(fn_of(lc), "tensorflow")) logdir_graph = true;
    if (logdir_graph) continue;
    std::string name = txt(ts::Field(a, "left"));
    bool only_closed = true;
    for (TSNode u : uses_of(name)) {
      if (ts::Same(u, ts::Field(a, "left"))) continue;
      TSNode p = ts::Parent(u), call = ts::Parent(p);
      std::string attr = ts::Is(p, "attribute") ? txt(ts::Field(p, "attribute")) : "";
      if (attr == "add_summary" && ts::Is(call, "call") && planned_add_summaries.count(call.id)) continue;
      only_closed = only_closed && (attr == "close" || attr == "flush") && ts::Is(call, "call") &&
                    ts_node_named_child_count(ts::Field(call, "arguments")) == 0 &&
                    ts::Is(ts::Parent(call), "expression_statement");
    }
    if (!only_closed) continue;
    edits.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c),
                       fmt::format("{}.summary.create_file_writer({})", tf, txt(logdir)));
    ++summary_known;  // (a v1 summary call with its TF2 form: unused summaries may still go)
    tf2_writers.insert(name);
    out.lines.emplace_back(row(st), row(st));
    if (graph.id)
      out.notes.push_back(fmt::format("line {}: `{}` writes no graph: TF2 has none (tf.summary.trace_on and "
                                      "trace_export write a tf.function's)",
                                      row(st), name));
  }
  if (summary_plan) {
    bool writers_ok = true;
    for (const auto& w : summary_plan->writes) writers_ok = writers_ok && tf2_writers.count(std::get<1>(w));
    if (!writers_ok) {
      out.summary_why = "a FileWriter that writes the merged summaries is used other than by add_summary, flush and "
                        "close, or made other than from a log directory and a session's graph";
      for (const auto& [wst, writer, value, step] : summary_plan->writes) out.summary_rows.insert(row(wst));
    }
    if (writers_ok) {
      const SummaryPlan& plan = *summary_plan;
      std::vector<std::string> tensors, at;
      for (TSNode block : plan.scope_blocks) cut_stmt(block);
      for (const auto& [st, kind, tag, tensor] : plan.items) {
        const TSNode in_block = ts::Parent(ts::Parent(st));  // (a summary of a scope block goes with it)
        if (!std::any_of(plan.scope_blocks.begin(), plan.scope_blocks.end(),
                         [&](TSNode b) { return ts::Same(b, in_block); }))
          cut_stmt(st);
        tensors.push_back(tensor);
        at.push_back(std::to_string(row(st)));
        out.lines.emplace_back(row(st), row(st));
        const TSNode item_stmt = st;  // (a structured binding: not captured before C++20)
        summaries.erase(std::remove_if(summaries.begin(), summaries.end(),
                                       [&](TSNode x) { return ts::Same(x, item_stmt); }),
                        summaries.end());
      }
      cut_stmt(plan.merge_stmt);
      ++summary_known;
      out.lines.emplace_back(row(plan.merge_stmt), row(plan.merge_stmt));
      // the run fetches the tensors in the merged one's place, bound to names of their own
      std::string fetched = fmt::format("{}", fmt::join(tensors, ", "));
      auto bound = [&](const std::string& value) {
        std::vector<std::string> names;
        for (const std::string& t : tensors) names.push_back(value + "_" + t);
        return tensors.size() == 1 ? value : fmt::format("{}", fmt::join(names, ", "));
      };
      for (const auto& [f, target] : plan.fetches) {
        bool in_list = !ts::Is(ts::Parent(f), "argument_list");
        edits.emplace_back(ts_node_start_byte(f), ts_node_end_byte(f),
                           in_list || tensors.size() == 1 ? fetched : "[" + fetched + "]");
        edits.emplace_back(ts_node_start_byte(target), ts_node_end_byte(target), bound(txt(target)));
        out.lines.emplace_back(row(f), row(f));
      }
      std::set<std::string> writers;
      for (const auto& [wst, writer, value, step] : plan.writes) {
        std::string indent(ts_node_start_point(wst).column, ' ');
        std::string body = fmt::format("with {}.as_default(step={}):", writer, step);
        for (size_t k = 0; k < plan.items.size(); ++k) {
          const auto& [st, kind, tag, tensor] = plan.items[k];
          body += fmt::format("\n{}    {}.summary.{}(\"{}\", {})", indent, tf, kind, tag,
                              plan.items.size() == 1 ? value : value + "_" + tensor);
        }
        edits.emplace_back(ts_node_start_byte(wst), ts_node_end_byte(wst), body);
        out.lines.emplace_back(row(wst), row(wst));
        writers.insert(writer);
      }
      out.notes.push_back(fmt::format(
          "line {}: summaries merged by `{}`: each run fetches their tensors, and the add_summary of `{}` writes "
          "them with tf.summary.scalar/histogram under the writer's as_default(step=...) (TF2's event files hold "
          "tensors, which TensorBoard reads as it read TF1's; TF 2.21's tf.summary.scalar and histogram need the "
          "tensorboard package)",
          fmt::join(at, ", "), txt(ts::Field(ts_node_named_child(plan.merge_stmt, 0), "left")),
          fmt::join(writers, "` and `")));
    }
  }
  if (summary_known == summary_calls && summary_calls > 0 && !summaries.empty()) {
    std::vector<std::string> at;
    for (TSNode st : summaries) {
      cut_stmt(st);
      at.push_back(std::to_string(row(st)));
      out.lines.emplace_back(row(st), row(st));
    }
    out.notes.push_back(fmt::format("line {}: summaries never fetched or written, dropped", fmt::join(at, ", ")));
  }
  (void)summaries_unused;
  // `acc, update = tf.compat.v1.metrics.accuracy(labels=..., predictions=...)`: a Keras
  // Accuracy made once; the update op is its call (update, then the result), the value
  // its result()
  for (TSNode st : module) {
    TSNode left, right;
    if (!assignment(st, &left, &right) || fn_of(right) != "tensorflow.compat.v1.metrics.accuracy" || !alone(st))
      continue;
    std::vector<TSNode> targets;
    if (ts::Is(left, "pattern_list") || ts::Is(left, "tuple_pattern"))
      for (TSNode t : ts::NamedChildren(left)) targets.push_back(t);
    if (targets.size() != 2 || !ts::Is(targets[0], "identifier") || !ts::Is(targets[1], "identifier")) continue;
    const auto& pos = m.PositionalArgs(right);
    TSNode labels = pos.size() > 0 ? pos[0] : m.KeywordArg(right, "labels");
    TSNode preds = pos.size() > 1 ? pos[1] : m.KeywordArg(right, "predictions");
    bool ok = labels.id && preds.id && pos.size() <= 2;
    for (TSNode a : ts::NamedChildren(ts::Field(right, "arguments")))
      if (ts::Is(a, "keyword_argument")) {
        std::string k = txt(ts::Field(a, "name"));
        ok = ok && (k == "labels" || k == "predictions");
      }
    std::string metric = txt(targets[0]) + "_metric";
    if (!ok || !uses_of(metric).empty()) continue;
    std::string pad(ts_node_start_point(st).column, ' ');
    edits.emplace_back(ts_node_start_byte(st), ts_node_end_byte(st),
                       fmt::format("{0} = {1}.keras.metrics.Accuracy()\n{2}{3} = {0}({4}, {5})\n{2}{6} = {0}.result()",
                                   metric, tf, pad, txt(targets[1]), txt(labels), txt(preds), txt(targets[0])));
    out.lines.emplace_back(row(st), row(st));
  }
  // The kind of number a value holds where the text shows it: 'f' floating, 'i' integer,
  // 0 unknown. Literals, arithmetic of one kind, tf.constant/convert_to_tensor/Variable of
  // such a value or with a literal dtype, random draws and float-only math without a dtype,
  // and module names assigned once to such a value.
  std::function<char(TSNode, int)> number_kind = [&](TSNode n, int depth) -> char {
    if (!n.id || depth > 8) return 0;
    if (ts::Is(n, "float")) return 'f';
    if (ts::Is(n, "integer")) return 'i';
    if (ts::Is(n, "parenthesized_expression")) return number_kind(ts_node_named_child(n, 0), depth + 1);
    if (ts::Is(n, "list") || ts::Is(n, "tuple")) {
      char k = 0;
      for (TSNode e : ts::NamedChildren(n)) {
        char ke = number_kind(e, depth + 1);
        if (!ke || (k && ke != k)) return 0;
        k = ke;
      }
      return k;
    }
    if (ts::Is(n, "unary_operator")) return number_kind(ts::Field(n, "argument"), depth + 1);
    if (ts::Is(n, "binary_operator")) {
      char l = number_kind(ts::Field(n, "left"), depth + 1), r = number_kind(ts::Field(n, "right"), depth + 1);
      std::string op = txt(ts::Field(n, "operator"));
      if (!l || l != r) return 0;
      if (op == "/") return 'f';
      return op == "+" || op == "-" || op == "*" ? l : 0;
    }
    if (ts::Is(n, "identifier")) {
      // a module-level name, read at module level
      for (TSNode p = ts::Parent(n); p.id; p = ts::Parent(p))
        if (ts::Is(p, "function_definition") || ts::Is(p, "lambda") || ts::Is(p, "class_definition") ||
            ts::Is(p, "list_comprehension") || ts::Is(p, "generator_expression") ||
            ts::Is(p, "dictionary_comprehension") || ts::Is(p, "set_comprehension") || ts::Is(p, "for_statement") ||
            ts::Is(p, "while_statement"))
          return 0;
      // its bindings before it (the module's code runs once, in order: later ones do not
      // reach it)
      TSNode value{};
      int bound = 0;
      ts::Walk(
          file.Root(),
          [&](TSNode k, const char*) {
            if (ts_node_start_byte(k) >= ts_node_start_byte(n)) return false;
            TSNode left = ts::Is(k, "assignment") || ts::Is(k, "augmented_assignment") || ts::Is(k, "for_statement") ||
                                  ts::Is(k, "for_in_clause") || ts::Is(k, "as_pattern_target")
                              ? ts::Field(k, "left")
                              : TSNode{};
            // other bindings of any name make it unknown: global, imports, definitions, `as`
            if (ts::Is(k, "global_statement") || ts::Is(k, "nonlocal_statement")) bound += 2;
            if ((ts::Is(k, "function_definition") || ts::Is(k, "class_definition")) && txt(ts::Field(k, "name")) == txt(n))
              bound += 2;
            if (ts::Is(k, "import_statement") || ts::Is(k, "import_from_statement") || ts::Is(k, "as_pattern") ||
                ts::Is(k, "parameters") || ts::Is(k, "lambda_parameters"))
              ts::Walk(
                  k,
                  [&](TSNode q, const char*) {
                    if (ts::Is(q, "identifier") && txt(q) == txt(n)) bound += 2;
                    return true;
                  },
                  [](TSNode) {});
            if (left.id)
              ts::Walk(
                  left,
                  [&](TSNode q, const char*) {
                    if (ts::Is(q, "identifier") && txt(q) == txt(n)) {
                      ++bound;
                      if (ts::Is(k, "assignment") && ts::Same(q, left) && ts::Is(ts::Parent(k), "expression_statement") &&
                          ts::Is(ts::Parent(ts::Parent(k)), "module"))
                        value = ts::Field(k, "right");
                    }
                    return !ts::Is(q, "attribute") && !ts::Is(q, "subscript");
                  },
                  [](TSNode) {});
            return true;
          },
          [](TSNode) {});
      return bound == 1 && value.id ? number_kind(value, depth + 1) : 0;
    }
    if (!ts::Is(n, "call")) return 0;
    std::string q = fn_of(n);
    if (!StartsWith(q, "tensorflow.")) return 0;
    std::string f = q.substr(q.rfind('.') + 1);
    TSNode dtype = m.KeywordArg(n, "dtype");
    if (dtype.id) {
      std::string d = resolved(dtype);
      if (!StartsWith(d, "tensorflow.")) return 0;
      d = d.substr(d.rfind('.') + 1);
      if (d == "float16" || d == "float32" || d == "float64" || d == "bfloat16" || d == "half" || d == "double")
        return 'f';
      return StartsWith(d, "int") || StartsWith(d, "uint") ? 'i' : 0;
    }
    const auto& pos = m.PositionalArgs(n);
    if (f == "constant" || f == "convert_to_tensor" || f == "Variable") {
      if (f != "Variable" && pos.size() > 1) return 0;  // a positional dtype
      TSNode v = !pos.empty() ? pos[0] : m.KeywordArg(n, f == "Variable" ? "initial_value" : "value");
      return number_kind(v, depth + 1);
    }
    for (std::string_view r : {"random_normal", "normal", "random_uniform", "uniform", "truncated_normal", "zeros",
                               "ones", "sin", "cos", "tan", "exp", "log", "sqrt", "sigmoid", "tanh"})
      if (f == r) return 'f';
    return 0;
  };
  auto NumberKind = [&](TSNode n) { return number_kind(n, 0); };
  // every variable known: the trainable collection is their list
  for (TSNode c : m.calls()) {
    std::string q = fn_of(c);
    if (known_variable_calls.count(c.id)) continue;
    for (std::string_view maker : {"Variable", "get_variable", "layers", "keras", "rnn", "contrib", "slim"})
      if (StartsWith(q, "tensorflow") && q.find(maker) != std::string::npos && q.find("metrics.") == std::string::npos)
        unknown_variables = true;
  }
  for (TSNode c : m.calls()) {
    std::string q = fn_of(c);
    TSNode args = ts::Field(c, "arguments");
    std::vector<TSNode> a = ts::NamedChildren(args);
    if (q == "tensorflow.compat.v1.get_collection" && a.size() == 1 &&
        resolved(a[0]) == "tensorflow.compat.v1.GraphKeys.TRAINABLE_VARIABLES" && !unknown_variables &&
        !variables.empty()) {
      // the collection as it is when the call runs: every variable made before it
      bool after_all = true;
      for (TSNode st : module)
        for (TSNode k : m.calls())
          if (known_variable_calls.count(k.id) && ts::Contains(st, k) && ts_node_start_byte(st) > ts_node_start_byte(c))
            after_all = false;
      if (after_all)
        edits.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c), fmt::format("[{}]", fmt::join(variables, ", ")));
    }
    // tf.compat.v1.div (Python 2 division): a real division of floating values, a floor
    // division of integers; TF2's tf.math.divide and tf.math.floordiv, where the text
    // shows which (NumberKind)
    if (q == "tensorflow.compat.v1.div") {
      const auto& pos = m.PositionalArgs(c);
      TSNode x = pos.size() > 0 ? pos[0] : m.KeywordArg(c, "x"), y = pos.size() > 1 ? pos[1] : m.KeywordArg(c, "y");
      char kx = NumberKind(x), ky = NumberKind(y);
      TSNode fn = ts::Field(c, "function");
      if (kx && kx == ky)
        edits.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn),
                           fmt::format("{}.math.{}", tf, kx == 'f' ? "divide" : "floordiv"));
    }
    // tf.compat.v1.nn.softmax_cross_entropy_with_logits is TF2's with the labels' gradient
    // stopped (its own definition) and `dim` named `axis` (TF 2.21's v1 function raises when
    // given `axis`, its `dim` defaulting to -1)
    if (q == "tensorflow.compat.v1.nn.softmax_cross_entropy_with_logits" && m.PositionalArgs(c).empty()) {
      TSNode labels = m.KeywordArg(c, "labels");
      bool ok = labels.id && m.KeywordArg(c, "logits").id && !(m.KeywordArg(c, "axis").id && m.KeywordArg(c, "dim").id);
      for (TSNode k : a) {
        std::string kn = ts::Is(k, "keyword_argument") ? txt(ts::Field(k, "name")) : "";
        ok = ok && (ts::Is(k, "comment") || kn == "labels" || kn == "logits" || kn == "dim" || kn == "axis" ||
                    kn == "name");
      }
      if (ok) {
        TSNode fn = ts::Field(c, "function");
        edits.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn),
                           fmt::format("{}.nn.softmax_cross_entropy_with_logits", tf));
        edits.emplace_back(ts_node_start_byte(labels), ts_node_end_byte(labels),
                           fmt::format("{}.stop_gradient({})", tf, txt(labels)));
        for (TSNode k : a)
          if (ts::Is(k, "keyword_argument") && txt(ts::Field(k, "name")) == "dim")
            edits.emplace_back(ts_node_start_byte(ts::Field(k, "name")), ts_node_end_byte(ts::Field(k, "name")), "axis");
      }
    }
    // tf.compat.v1.nn.softmax_cross_entropy_with_logits_v2 is TF2's function (the same
    // parameters in the same order; `dim` is its deprecated name of `axis`)
    if (q == "tensorflow.compat.v1.nn.softmax_cross_entropy_with_logits_v2" && !m.KeywordArg(c, "dim").id) {
      TSNode fn = ts::Field(c, "function");
      edits.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn),
                         fmt::format("{}.nn.softmax_cross_entropy_with_logits", tf));
    }
    // a static dimension: TF2's is an int already
    if (q == "tensorflow.compat.v1.dimension_value" && a.size() == 1 && ts::Is(a[0], "subscript")) {
      TSNode v = ts::Field(a[0], "value");
      bool shape = (ts::Is(v, "attribute") && txt(ts::Field(v, "attribute")) == "shape") ||
                   (ts::Is(v, "call") && ts::Is(ts::Field(v, "function"), "attribute") &&
                    txt(ts::Field(ts::Field(v, "function"), "attribute")) == "get_shape");
      if (shape) edits.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c), txt(a[0]));
    }
    // tf.logging: TF2's tf.get_logger() is the same `tensorflow` Python logger
    if (StartsWith(q, "tensorflow.compat.v1.logging.") && ts::Is(ts::Field(c, "function"), "attribute")) {
      std::string f = q.substr(q.rfind('.') + 1);
      std::map<std::string, std::string> method = {{"info", "info"}, {"warning", "warning"}, {"warn", "warning"},
                                                   {"error", "error"}, {"debug", "debug"}};
      TSNode fn = ts::Field(c, "function");
      if (method.count(f)) {
        edits.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn), fmt::format("{}.get_logger().{}", tf, method[f]));
      } else if (f == "set_verbosity" && a.size() == 1) {
        std::map<std::string, std::string> level = {{"DEBUG", "DEBUG"}, {"INFO", "INFO"}, {"WARN", "WARNING"},
                                                    {"ERROR", "ERROR"}, {"FATAL", "CRITICAL"}};
        std::string lq = resolved(a[0]);
        std::string lv = StartsWith(lq, "tensorflow.compat.v1.logging.") ? lq.substr(lq.rfind('.') + 1) : "";
        if (level.count(lv))
          edits.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c),
                             fmt::format("{}.get_logger().setLevel(\"{}\")", tf, level[lv]));
      }
    }
    // a session configured only with thread counts: TF2's process-wide settings, made
    // before TensorFlow runs anything (right after the import)
    if ((q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession") && a.size() == 1 &&
        ts::Is(a[0], "keyword_argument") && txt(ts::Field(a[0], "name")) == "config" && !idle_sessions.count(c.id)) {
      TSNode cfg = ts::Field(a[0], "value");
      if (fn_of(cfg) != "tensorflow.compat.v1.ConfigProto" || !m.PositionalArgs(cfg).empty()) continue;
      std::vector<std::string> settings;
      bool ok = true;
      for (TSNode k : ts::NamedChildren(ts::Field(cfg, "arguments"))) {
        std::string kn = ts::Is(k, "keyword_argument") ? txt(ts::Field(k, "name")) : "";
        TSNode kv = ts::Field(k, "value");
        // device placement: soft placement (TF2's default) and its log, process-wide in TF2
        if (ok && (kn == "allow_soft_placement" || kn == "log_device_placement") &&
            (ts::Is(kv, "true") || ts::Is(kv, "false"))) {
          settings.push_back(fmt::format("{}.{}({})\n", tf,
                                         kn == "allow_soft_placement" ? "config.set_soft_device_placement"
                                                                      : "debugging.set_log_device_placement",
                                         txt(kv)));
          continue;
        }
        ok = ok && (kn == "intra_op_parallelism_threads" || kn == "inter_op_parallelism_threads") &&
             ts::Is(kv, "integer");
        if (ok) settings.push_back(fmt::format("{}.config.threading.set_{}({})\n", tf, kn, txt(kv)));
      }
      TSNode imp{};
      for (TSNode st : module)
        if (!imp.id && ts_node_start_byte(st) <= tfb->byte && tfb->byte < ts_node_end_byte(st)) imp = st;
      if (!ok || settings.empty() || !imp.id) continue;
      edits.emplace_back(ts_node_start_byte(args) + 1, ts_node_end_byte(args) - 1, "");
      uint32_t after = line_end(ts_node_end_byte(imp));
      // (several sessions with one configuration: the settings once)
      std::tuple<uint32_t, uint32_t, std::string> set{after, after, fmt::format("{}", fmt::join(settings, ""))};
      if (std::find(edits.begin(), edits.end(), set) == edits.end()) edits.push_back(std::move(set));
      out.lines.emplace_back(row(c), row(c));
    }
  }
  // --- tf.app.flags defined and read at module level: absl.flags (TF2 has no tf.app).
  // TensorFlow's FLAGS parsed sys.argv at the first read of a flag; absl's must be parsed
  // before it, so `FLAGS(sys.argv)` goes right before the first module-level statement that
  // reads one. Only where every flag is defined before that statement, every read is at
  // module level (not in a function, which might run first), nothing else of tf.app is used
  // (tf.app.run parses the flags itself) and the name `flags` is free.
  {
    const std::string kFlags[] = {"tensorflow.compat.v1.app.flags", "tensorflow.compat.v1.flags"};
    auto in_flags = [&](const std::string& q) {
      for (const auto& p : kFlags)
        if (q == p || StartsWith(q, p + ".")) return true;
      return StartsWith(q, "tensorflow.compat.v1.app");
    };
    bool ok = uses_of("flags").empty();
    std::vector<TSNode> define_objects;  // `tf.compat.v1.app.flags` of each DEFINE_* call
    TSNode flags_value{}, flags_stmt{};
    std::string flags_name;
    for (TSNode st : module) {
      TSNode left{}, right{};
      if (!flags_value.id && assignment(st, &left, &right) && ts::Is(left, "identifier") && ts::Is(right, "attribute") &&
          in_flags(resolved(right)) && EndsWith(resolved(right), ".FLAGS")) {
        flags_value = right;
        flags_stmt = st;
        flags_name = txt(left);
      }
    }
    ok = ok && flags_value.id;
    ts::Walk(
        file.Root(),
        [&](TSNode n, const char*) {
          if (!ok || !(ts::Is(n, "attribute") || ts::Is(n, "identifier"))) return ok;
          if (ts::Same(n, flags_value)) return false;
          TSNode head = n;  // the name an attribute chain starts with: FLAGS's reads are checked below
          while (ts::Is(head, "attribute")) head = ts::Field(head, "object");
          if (ts::Is(head, "identifier") && txt(head) == flags_name) return false;
          TSNode p = ts::Parent(n);
          if (ts::Is(p, "attribute") && ts::Same(ts::Field(p, "object"), n) && in_flags(resolved(p))) return true;
          const std::string q = resolved(n);
          if (!in_flags(q)) return true;
          TSNode call = ts::Parent(n), st = ts::Parent(call);
          TSNode a = ts_node_named_child_count(st) ? ts_node_named_child(st, 0) : TSNode{};
          if (ts::Is(n, "attribute") && q.find(".DEFINE_") != std::string::npos && ts::Is(call, "call") &&
              ts::Same(ts::Field(call, "function"), n) && ts::Is(st, "expression_statement") &&
              ts::Is(ts::Parent(st), "module") && ts::Same(a, call)) {
            define_objects.push_back(ts::Field(n, "object"));
            return false;
          }
          ok = false;
          return false;
        },
        [](TSNode) {});
    TSNode first_read{};
    if (ok && flags_value.id && !define_objects.empty()) {
      uint32_t defined_by = ts_node_end_byte(flags_stmt);
      for (TSNode o : define_objects) defined_by = std::max(defined_by, ts_node_end_byte(o));
      for (TSNode u : uses_of(flags_name)) {
        if (ts::Same(u, ts::Field(ts::Parent(flags_value), "left"))) continue;
        TSNode p = ts::Parent(u);
        // a read of a flag's value: `FLAGS.name`, not called, not assigned
        bool read = ts::Is(p, "attribute") && ts::Same(ts::Field(p, "object"), u) &&
                    !(ts::Is(ts::Parent(p), "call") && ts::Same(ts::Field(ts::Parent(p), "function"), p)) &&
                    !(ts::Is(ts::Parent(p), "assignment") && ts::Same(ts::Field(ts::Parent(p), "left"), p));
        for (TSNode q = p; read && q.id; q = ts::Parent(q))
          read = !(ts::Is(q, "function_definition") || ts::Is(q, "lambda") || ts::Is(q, "class_definition"));
        if (!read) {
          ok = false;
          break;
        }
        TSNode top = u;
        while (ts::Parent(top).id && !ts::Is(ts::Parent(top), "module")) top = ts::Parent(top);
        if (!first_read.id || ts_node_start_byte(top) < ts_node_start_byte(first_read)) first_read = top;
      }
      ok = ok && first_read.id && ts_node_start_byte(first_read) >= defined_by;
    }
    TSNode imp{};
    for (TSNode st : module)
      if (!imp.id && ts_node_start_byte(st) <= tfb->byte && tfb->byte < ts_node_end_byte(st)) imp = st;
    if (ok && first_read.id && imp.id && ts_node_start_byte(imp) < ts_node_start_byte(first_read)) {
      bool has_sys = false;
      for (TSNode st : module)
        has_sys = has_sys || (ts::Is(st, "import_statement") && txt(st) == "import sys");
      uint32_t after = line_end(ts_node_end_byte(imp));
      edits.emplace_back(after, after, has_sys ? "from absl import flags\n" : "import sys\nfrom absl import flags\n");
      for (TSNode o : define_objects) {
        edits.emplace_back(ts_node_start_byte(o), ts_node_end_byte(o), "flags");
        out.lines.emplace_back(row(o), row(o));
      }
      edits.emplace_back(ts_node_start_byte(flags_value), ts_node_end_byte(flags_value), "flags.FLAGS");
      out.lines.emplace_back(row(flags_value), row(flags_value));
      const uint32_t at_read = line_start(ts_node_start_byte(first_read));
      edits.emplace_back(at_read, at_read,
                         fmt::format("{}(sys.argv)  # TF1's tf.app.flags parsed the command line at the first read of "
                                     "a flag\n",
                                     flags_name));
    }
  }
  // --- tf.compat.v1.gfile's functions: tf.io.gfile's, TF2's names of the same functions
  {
    static const std::map<std::string, std::string> kGfile = {
        {"Exists", "exists"},   {"MakeDirs", "makedirs"},   {"MkDir", "mkdir"},       {"GFile", "GFile"},
        {"Open", "GFile"},      {"FastGFile", "GFile"},     {"IsDirectory", "isdir"}, {"ListDirectory", "listdir"},
        {"Glob", "glob"},       {"Remove", "remove"},       {"DeleteRecursively", "rmtree"}, {"Copy", "copy"},
        {"Rename", "rename"},   {"Stat", "stat"},           {"Walk", "walk"}};
    ts::Walk(
        file.Root(),
        [&](TSNode n, const char*) {
          if (!ts::Is(n, "attribute")) return true;
          const std::string q = resolved(n);
          if (!StartsWith(q, "tensorflow.compat.v1.gfile.")) return true;
          auto it = kGfile.find(q.substr(27));
          TSNode head = n;
          while (ts::Is(head, "attribute")) head = ts::Field(head, "object");
          if (it == kGfile.end() || txt(head) != tf) return false;
          edits.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n), fmt::format("{}.io.gfile.{}", tf, it->second));
          out.lines.emplace_back(row(n), row(n));
          return false;
        },
        [](TSNode) {});
  }
  // --- tf.app.run(main, argv): absl's app.run, which it called (TF2 has no tf.app), with
  // its flag parser that leaves undefined flags alone. With it, tf.app.flags read only in
  // functions become absl's flags (those tf.app.run parsed before calling main).
  {
    std::vector<TSNode> runs;
    bool other_app = false;  // tf.app used otherwise than run and flags
    for (TSNode c : m.calls()) {
      const std::string q = fn_of(c);
      if (q == "tensorflow.compat.v1.app.run") runs.push_back(c);
    }
    std::vector<TSNode> flag_objects;  // `tf.compat.v1.app.flags` / `tf.compat.v1.flags` written out
    ts::Walk(
        file.Root(),
        [&](TSNode n, const char*) {
          if (!ts::Is(n, "attribute")) return true;
          const std::string q = resolved(n);
          TSNode head = n;
          while (ts::Is(head, "attribute")) head = ts::Field(head, "object");
          if (q == "tensorflow.compat.v1.app.flags" || q == "tensorflow.compat.v1.flags") {
            if (txt(head) == tf) flag_objects.push_back(n);
            else other_app = true;
            return false;
          }
          if (q == "tensorflow.compat.v1.app.run") return false;
          if (StartsWith(q, "tensorflow.compat.v1.app.flags.") || StartsWith(q, "tensorflow.compat.v1.flags."))
            return true;  // (the flags module inside)
          if (StartsWith(q, "tensorflow.compat.v1.app")) other_app = true;
          return true;
        },
        [](TSNode) {});
    bool ok = runs.size() == 1 && !other_app && uses_of("app").empty() && uses_of("flags").empty();
    std::string main_text, argv_text;
    if (ok) {
      TSNode c = runs[0];
      const auto& pos = m.PositionalArgs(c);
      TSNode mn = pos.size() > 0 ? pos[0] : m.KeywordArg(c, "main");
      TSNode av = pos.size() > 1 ? pos[1] : m.KeywordArg(c, "argv");
      for (TSNode a : ts::NamedChildren(ts::Field(c, "arguments")))
        ok = ok && !ts::Is(a, "list_splat") && !ts::Is(a, "dictionary_splat");
      // (without one, tf.app.run ran `__main__.main`: the module's `def main`)
      bool module_main = false;
      for (TSNode st : module)
        module_main |= ts::Is(st, "function_definition") && txt(ts::Field(st, "name")) == "main";
      ok = ok && pos.size() <= 2 && ((mn.id && ts::Is(mn, "identifier")) || (!mn.id && !av.id && module_main));
      if (ok) {
        main_text = mn.id ? txt(mn) : "main";
        if (av.id && txt(av) != "None") argv_text = txt(av);
      }
    }
    // the flags: every read of a FLAGS value in a function (after app.run parsed them)
    bool flags_ok = ok;
    for (TSNode o : flag_objects) {
      TSNode p = ts::Parent(o);
      if (ts::Is(p, "attribute") && txt(ts::Field(p, "attribute")) == "FLAGS") {
        TSNode a = ts::Parent(p);
        if (!ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier") ||
            !ts::Is(ts::Parent(ts::Parent(a)), "module")) {
          flags_ok = false;
          continue;
        }
        for (TSNode u : uses_of(txt(ts::Field(a, "left")))) {
          if (ts::Same(u, ts::Field(a, "left"))) continue;
          bool in_def = false;
          for (TSNode q = u; q.id; q = ts::Parent(q)) in_def = in_def || ts::Is(q, "function_definition");
          flags_ok = flags_ok && in_def;
        }
      } else if (!(ts::Is(p, "attribute") && StartsWith(txt(ts::Field(p, "attribute")), "DEFINE_"))) {
        flags_ok = false;
      }
    }
    TSNode imp{};
    for (TSNode st : module)
      if (!imp.id && ts_node_start_byte(st) <= tfb->byte && tfb->byte < ts_node_end_byte(st)) imp = st;
    if (ok && imp.id) {
      const uint32_t after = line_end(ts_node_end_byte(imp));
      edits.emplace_back(after, after, "from absl import app\nfrom absl import flags\n");
      TSNode c = runs[0];
      edits.emplace_back(
          ts_node_start_byte(c), ts_node_end_byte(c),
          fmt::format("app.run({}{}, flags_parser=lambda args: flags.FLAGS(args, known_only=True))", main_text,
                      argv_text.empty() ? "" : ", argv=" + argv_text));
      out.lines.emplace_back(row(c), row(c));
      if (flags_ok)
        for (TSNode o : flag_objects) {
          edits.emplace_back(ts_node_start_byte(o), ts_node_end_byte(o), "flags");
          out.lines.emplace_back(row(o), row(o));
        }
    }
  }
  // The planners below join only when none of their edits overlaps one already taken (the
  // idioms above, an earlier planner): a planner's batch goes whole otherwise, its lines left
  // as they were, and the others still apply.
  auto take = [&](auto& plan) {
    for (const auto& a : plan.edits)
      for (const auto& b : edits)
        if (std::get<0>(a) < std::get<1>(b) && std::get<0>(b) < std::get<1>(a)) return false;
    for (auto& e : plan.edits) edits.push_back(std::move(e));
    out.lines.insert(out.lines.end(), plan.lines.begin(), plan.lines.end());
    out.notes.insert(out.notes.end(), plan.notes.begin(), plan.notes.end());
    return true;
  };
  // helpers sharing their tf.layers through an AUTO_REUSE variable scope: Keras layers
  // (tf2_scoped_layers.h)
  ScopedLayerEdits sl = PlanScopedLayerHelpers(file, m, tf);
  take(sl);
  // a queue pipeline over arrays: tf.data (tf2_queue_pipeline.h)
  IdiomEdits qp = PlanQueuePipelines(file, m, tf);
  take(qp);
  // a graph built at module level and run in the one function that opens the session: built
  // when that function starts (tf2_graph_into_function.h)
  IdiomEdits gf = PlanGraphIntoSessionFunction(file, m);
  take(gf);
  // a helper that makes an RNN cell, called once: written where it was called (tf2_inline_helper.h)
  IdiomEdits ih = PlanRnnHelperInlining(file, m);
  take(ih);
  // the UPDATE_OPS collection of batch-normalization layers (tf2_update_ops.h)
  UpdateOpsEdits uo = PlanUpdateOpsBlocks(file, m);
  out.bn_updates_with_minimize = take(uo) && uo.minimize_runs_updates;
  if (edits.empty()) return out;
  std::sort(edits.begin(), edits.end());
  std::string r;
  uint32_t at = 0;
  for (const auto& [b, e, rep] : edits) {
    if (b < at) return Idioms{text, {}, {}, {}};  // overlapping: leave it all
    r.append(s, at, b - at);
    auto rows = [](std::string_view t) { return static_cast<uint32_t>(std::count(t.begin(), t.end(), '\n')); };
    out.moved.push_back({rows(r), rows(rep), rows(std::string_view(s).substr(0, b)),
                         rows(std::string_view(s).substr(b, e - b))});
    r += rep;
    at = e;
  }
  r.append(s, at, std::string::npos);
  out.text = std::move(r);
  return out;
}

// The compat rewrite's `import os` + `os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")`
// (tf.compat.v1.layers and nn.rnn_cell are Keras 2, the tf_keras package) goes when the
// converted text no longer uses them: with it, tf.keras would be Keras 2 too.
std::string DropLegacyKerasSwitch(PythonParser& parser, const std::string& text) {
  static constexpr std::string_view kImport = "import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2";
  static constexpr std::string_view kSet = "os.environ.setdefault(\"TF_USE_LEGACY_KERAS\", \"1\")";
  const size_t at = text.find(kImport);
  if (at == std::string::npos || (at > 0 && text[at - 1] != '\n')) return text;
  const size_t eol = text.find('\n', at);
  if (eol == std::string::npos || text.compare(eol + 1, kSet.size(), kSet) != 0) return text;
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return text;
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return text;
  SemanticModel m(*parsed);
  const ApiTables& t = ApiTables::Get();
  for (const TfRef& r : m.refs())
    if ((r.tf.ns == TfNs::kTop || r.tf.ns == TfNs::kV1) && t.NeedsTfKeras(r.tf.path)) return text;
  size_t end = eol + 1 + kSet.size();
  if (end < text.size() && text[end] == '\r') ++end;
  if (end < text.size() && text[end] == '\n') ++end;
  return text.substr(0, at) + text.substr(end);
}

// One note per random op kind made without an op seed (`unseeded`: line and op), with
// the lines where it is made (in the compat text, through `idioms`) when `with_lines`.
std::vector<std::string> UnseededNotes(const std::vector<std::pair<uint32_t, std::string>>& unseeded,
                                       const Idioms& idioms, bool with_lines) {
  std::map<std::string, std::vector<uint32_t>> rows;
  std::vector<std::string> order, out;
  for (const auto& [row, q] : unseeded) {
    if (!rows.count(q)) order.push_back(q);
    rows[q].push_back(row);
  }
  for (const std::string& q : order) {
    std::vector<uint32_t> at;
    for (uint32_t row : rows[q]) at.push_back(idioms.OldLine(row));
    std::sort(at.begin(), at.end());
    out.push_back(fmt::format("{}`{}` has no op seed: TF2 derives another, so the converted program draws "
                              "other random numbers (the same with --deterministic-random)",
                              with_lines ? fmt::format("line{} {}: ", at.size() > 1 ? "s" : "", fmt::join(at, ", ")) : "",
                              q));
  }
  return out;
}

// The passes of the conversion over `start` (the idioms' text, or that text with the
// sessions' state made explicit by SessionCopies), one per part of the script.
SessionConversion ConvertParts(PythonParser& parser, const Idioms& idioms, const std::string& start,
                               const std::vector<std::string>& start_notes) {
  SessionConversion out;
  // One pass per part of the script (parts are separated by resets of the default graph):
  // all of them convert, or none.
  std::string current = start;
  SessionConversion total;
  total.notes = idioms.notes;
  total.notes.insert(total.notes.end(), start_notes.begin(), start_notes.end());
  std::vector<size_t> parts;  // SessionParts of the first pass's text
  for (int pass = 1;; ++pass) {
    auto src = SourceFromBytes(current, "<tf2>", SourceKind::kPython);
    if (!src) {
      out.reason = src.error().message;
      return out;
    }
    auto parsed = parser.Parse(std::move(*src));
    if (!parsed) {
      out.reason = parsed.error().message;
      return out;
    }
    if (parsed->syntax_error) {
      out.reason = pass == 1 ? "the compat rewrite does not parse" : "the converted text does not parse (not written)";
      return out;
    }
    SemanticModel model(*parsed);
    if (pass > 1) {
      bool more = false;
      for (TSNode c : model.calls()) {
        auto q = model.Resolve(ts::Field(c, "function"));
        more |= q && (*q == "tensorflow.compat.v1.Session" || *q == "tensorflow.compat.v1.InteractiveSession");
      }
      if (!more) break;
    }
    std::string parts_why;  // why two sessions one after another are not parts of their own
    uint32_t parts_why_line = 0;
    if (pass == 1) parts = SessionParts(*parsed, model, &parts_why, &parts_why_line);
    Converter converter(*parsed, model, pass > 1);
    converter.SetSessionParts(parts);
    converter.SetBatchNormUpdatesWithMinimize(idioms.bn_updates_with_minimize);
    SessionConversion r = converter.Run();
    if (!r.converted && pass == 1 && r.reason.find("second session on the same graph") != std::string::npos) {
      if (!parts_why.empty())
        r.reason += fmt::format(" (not programs of their own: {}, line {})", parts_why,
                                start == idioms.text ? idioms.OldLine(parts_why_line) : parts_why_line);
      std::string merged = MergeStatelessSessions(*parsed, model);
      bool restored = false;
      if (merged.empty()) {
        merged = MergeRestoredSessions(*parsed, model);
        restored = !merged.empty();
      }
      if (!merged.empty()) {
        if (auto msrc = SourceFromBytes(merged, "<tf2>", SourceKind::kPython)) {
          auto mparsed = parser.Parse(std::move(*msrc));
          if (mparsed && !mparsed->syntax_error) {
            SemanticModel mmodel(*mparsed);
            Converter merged_converter(*mparsed, mmodel, false);
            merged_converter.SetBatchNormUpdatesWithMinimize(idioms.bn_updates_with_minimize);
            merged_converter.SetRestoredSessions(restored);
            SessionConversion again = merged_converter.Run();
            if (again.converted) {
              r = std::move(again);
              if (restored)
                r.notes.insert(r.notes.begin(),
                               "the sessions become one: each later session restored every variable from the "
                               "checkpoint the earlier one saved, before running anything else, so its initializer "
                               "run goes (it reset what the restore then overwrote)");
            } else {
              r.reason += restored ? fmt::format(" (as one session, each later one restoring the checkpoint: {})",
                                                 again.reason)
                                   : fmt::format(" (as one session, since the graph keeps no state: {})", again.reason);
            }
          }
        }
      }
    }
    if (!r.converted) {
      if (pass == 1) r.line = idioms.OldLine(r.line);
      if (pass == 1 && idioms.summary_rows.count(r.line))
        r.reason = "v1 summaries not converted: " + idioms.summary_why;
      else if (pass == 1 && !idioms.summary_why.empty())
        r.reason += "; v1 summaries not converted either: " + idioms.summary_why;
      if (pass > 1) {
        // the line is one of the text converted so far: say which part
        auto nth = [](int k) {
          return k == 1 ? string("first") : k == 2 ? string("second") : k == 3 ? string("third") : fmt::format("{}th", k);
        };
        r.reason = parts.empty() ? fmt::format("part {} of the script (after its {} reset of the default graph): {}",
                                               pass, nth(pass - 1), r.reason)
                                 : fmt::format("part {} of the script (the sessions after the {} part, over a graph of their own): {}",
                                               pass, nth(pass - 1), r.reason);
        r.line = 0;
      }
      return r;
    }
    for (std::string& n : UnseededNotes(r.unseeded, idioms, pass == 1)) total.notes.push_back(std::move(n));
    total.notes.insert(total.notes.end(), r.notes.begin(), r.notes.end());
    current = std::move(r.text);
    total.functions += r.functions;
    total.kept_compat.insert(total.kept_compat.end(), r.kept_compat.begin(), r.kept_compat.end());
    total.runs += r.runs;
    if (pass == 20) break;
  }
  total.converted = true;
  total.text = DropLegacyKerasSwitch(parser, current);
  // The result must parse: otherwise the compat text is kept.
  auto check = SourceFromBytes(total.text, "<tf2>", SourceKind::kPython);
  if (!check) return SessionConversion{false, "", "the converted text is not valid", 0};
  auto reparsed = parser.Parse(std::move(*check));
  if (!reparsed || reparsed->syntax_error)
    return SessionConversion{false, "", "the converted text does not parse (not written)", 0};
  return total;
}

}  // namespace

SessionConversion ConvertSessionToFunctions(PythonParser& parser, const std::string& text,
                                            const std::vector<Diagnostic>* findings) {
  SessionConversion out;
  // the TF1 idioms that have a TF2 form of their own first; their findings are handled
  Idioms idioms = RewriteIdioms(parser, text);
  // variables made in name and variable scopes: TF2's, named as TF1 named them (same line count)
  if (VariableScopeRewrite vs = RewriteVariableScopes(parser, idioms.text); !vs.text.empty()) {
    idioms.text = std::move(vs.text);
    for (const auto& [a, b] : vs.lines) idioms.lines.push_back({idioms.OldLine(a), idioms.OldLine(b)});
    for (std::string& n : UnseededNotes(vs.unseeded, idioms, true)) idioms.notes.push_back(std::move(n));
  }
  if (findings) {
    for (const Diagnostic& d : *findings) {
      const RuleInfo* info = FindRuleInfo(d.rule_id);
      if (!info || !info->blocks_tf2_conversion) continue;
      if (d.resolved_by_session_conversion) continue;  // the conversion below resolves it
      if (std::any_of(idioms.lines.begin(), idioms.lines.end(),
                      [&](const auto& r) { return r.first <= d.start.line && d.start.line <= r.second; }))
        continue;
      out.reason = fmt::format("{} ({}) is a TF2 hazard in this code; fix it first", d.rule_id, d.rule_name);
      out.line = d.start.line;
      return out;
    }
  }
  auto convert = [&parser](const Idioms& from) {
    // sessions that each keep their own copy of the variables: one set of variables each
    std::vector<std::string> copy_notes;
    const std::string copied = SessionCopies(parser, from.text, &copy_notes);
    if (!copied.empty()) {
      SessionConversion r = ConvertParts(parser, from, copied, copy_notes);
      if (r.converted) return r;
    }
    return ConvertParts(parser, from, from.text, {});
  };
  // `if` blocks that build a graph of constants and run it: eager where they are
  // (rewriter/tf2_eager_blocks.h), the rest converted without them
  EagerBlocks eager = FindEagerBlocks(parser, idioms.text);
  if (!eager.text.empty()) {
    Idioms lifted = idioms;
    lifted.text = eager.text;
    SessionConversion r = convert(lifted);
    if (r.converted) {
      std::string restored = RestoreEagerBlocks(r.text, eager);
      auto check = SourceFromBytes(restored, "<tf2>", SourceKind::kPython);
      if (!restored.empty() && check) {
        auto p = parser.Parse(std::move(*check));
        if (p && !p->syntax_error) {
          r.text = std::move(restored);
          // (the lines of the blocks in the compat text, as the other notes say them)
          const EagerBlocks in_text = FindEagerBlocks(parser, text);
          for (size_t k = 0; k < eager.notes.size(); ++k)
            r.notes.push_back(fmt::format("line {}: {}",
                                          in_text.lines.size() == eager.lines.size() ? in_text.lines[k]
                                                                                     : idioms.OldLine(eager.lines[k]),
                                          eager.notes[k]));
          return r;
        }
      }
    }
  }
  SessionConversion plain = convert(idioms);
  // a session an object owns (rewriter/tf2_class_session.h): the class becomes a tf.Module
  if (!plain.converted) {
    SessionConversion cls = ConvertClassSession(parser, idioms.text, idioms.bn_updates_with_minimize);
    if (cls.converted) {
      cls.text = DropLegacyKerasSwitch(parser, cls.text);
      cls.notes.insert(cls.notes.begin(), idioms.notes.begin(), idioms.notes.end());
      std::vector<std::string> notes = UnseededNotes(cls.unseeded, idioms, true);
      cls.notes.insert(cls.notes.end(), notes.begin(), notes.end());
      return cls;
    }
    if (!cls.reason.empty()) {
      plain.reason = fmt::format("the session is owned by an object, and its class does not convert to a tf.Module: {}",
                                 cls.reason);
      plain.line = 0;
      if (cls.line) plain.line = idioms.OldLine(cls.line);
    }
  }
  // a helper the session is passed to (tf2_session_helper.h): moved into the session block
  if (!plain.converted && (plain.reason.find("is used outside the session block") != std::string::npos ||
                           plain.reason.find("is used other than as") != std::string::npos)) {
    std::vector<std::string> helper_notes;
    const std::string moved = MoveSessionHelpers(parser, idioms.text, &helper_notes);
    if (!moved.empty()) {
      SessionConversion r = ConvertParts(parser, idioms, moved, helper_notes);
      if (r.converted) return r;
      // (its line is one of the moved text)
      r.line = 0;
      plain = r;
    }
  }
  if (plain.converted) return plain;
  // a script whose sessions each run the graph once: eager where it is built
  SessionConversion eager_script = ConvertEagerScript(parser, text);
  if (eager_script.converted) return eager_script;
  return plain;
}

}  // namespace tfm

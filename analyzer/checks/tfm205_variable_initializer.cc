#include "analyzer/checks/tfm205_variable_initializer.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <vector>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool IsInitFunction(std::string_view p) {
  return p == "global_variables_initializer" || p == "local_variables_initializer" ||
         p == "variables_initializer" || p == "initialize_all_variables" || p == "initialize_local_variables" ||
         p == "initialize_variables" || p == "tables_initializer" || p == "initializers.global_variables" ||
         p == "initializers.local_variables" || p == "initializers.variables" ||
         p == "initializers.tables_initializer";
}

bool IsVariableCreator(std::string_view p) {
  std::string_view last = LastComponent(p);
  return last == "Variable" || last == "VariableV1" || last == "get_variable" || last == "get_local_variable";
}



// Does `path` (below tensorflow) denote an initializer op: the result of an
// initializer function, or `<variable>.initializer`?
bool IsInitPath(std::string_view p) {
  if (p.size() > 2 && p.substr(p.size() - 2) == "()" && IsInitFunction(p.substr(0, p.size() - 2))) return true;
  constexpr std::string_view kInit = "().initializer";
  if (p.size() > kInit.size() && p.substr(p.size() - kInit.size()) == kInit)
    return IsVariableCreator(p.substr(0, p.size() - kInit.size()));
  return false;
}

class Checker {
 public:
  explicit Checker(PythonContext& ctx) : ctx_(ctx), m_(ctx.model()) {}

  void Run() {
    // 1. Statements and expressions that run an initializer.
    for (TSNode call : m_.calls()) {
      TSNode fn = ts::Field(call, "function");
      if (!ts::Is(fn, "attribute") || ctx_.Text(ts::Field(fn, "attribute")) != "run") continue;
      TSNode recv = ts::Field(fn, "object");
      const auto& args = m_.PositionalArgs(call);
      TSNode args_node = ts::Field(call, "arguments");
      size_t nargs = ts::Is(args_node, "argument_list") ? ts::NamedChildren(args_node).size() : 0;
      if (IsInitExpr(recv) && nargs == 0) {  // `init.run()`, `v.initializer.run()`
        Flag(call, fn,
             fmt::format("`{}` runs a TF1 initializer op; TF2 variables are initialized when they are "
                         "created, so there is nothing to run",
                         ctx_.Text(call)),
             /*may_delete=*/true, /*runs=*/true);
        continue;
      }
      if (args.empty() || !IsSessionReceiver(recv)) continue;
      TSNode fetch = args.front();
      if (!IsInitFetch(fetch)) continue;
      Flag(call, fn, fmt::format("`{}` runs {}; TF2 variables and tables are initialized when they are created, "
                                 "so there is nothing to run",
                                 ctx_.Text(fn), Describe(fetch)),
           args.size() == 1 && nargs == 1, /*runs=*/true);
    }
    // 2. Creating an initializer op (not already reported as part of a run).
    for (const TfRef& r : m_.refs()) {
      if (ts_node_is_null(r.call) || r.tf.ns == TfNs::kV2 || !IsInitFunction(r.tf.path)) continue;
      if (InsideFlagged(r.call)) continue;
      if (ExposedNotRun(r.call)) continue;
      bool alone = ts::Is(ts::Parent(r.call), "expression_statement");
      bool tables = r.tf.path.find("tables_initializer") != std::string::npos;
      Flag(r.call, r.node, fmt::format("`{}` builds an op that initializes {}; TF2 {} are initialized when they "
                                       "are created, so the op is not needed",
                                       DisplayName(r), tables ? "lookup tables" : "variables",
                                       tables ? "lookup tables" : "variables"),
           alone);
    }
    // A variable's own initializer op (`v.initializer`) in code that runs graphs: running it
    // (re)assigns the initial value, often to load a fed one. Reported without a fix: the run
    // may be the program's way to reset or load values.
    const DataFlow& df = DataFlow::Of(m_);
    if (df.FileHasGraphCode() || !df.run_sites().empty()) {
      for (TSNode a : m_.AttributesNamed("initializer")) {
        if (InsideFlagged(a)) continue;
        TSNode obj = ts::Field(a, "object");
        if (m_.ResolveName(obj) && !m_.ResolveTfName(obj)) continue;  // another module's object
        TSNode up = ts::Parent(a);
        if (ts::Is(up, "attribute")) continue;  // `v.initializer.inputs[1]`: the same op, reported where it is run
        Flag(a, a, fmt::format("`{}` is a TF1 variable's initializer op: running it (re)assigns the initial value "
                               "(here through a session); TF2 variables are initialized when created: assign "
                               "values with `{}.assign(...)`",
                               ctx_.Text(a), ctx_.Text(obj)),
             /*may_delete=*/false);
      }
      // Initialization through a helper handed the session:
      // `initialize_uninitialized_global_variables(sess)`.
      for (TSNode call : m_.calls()) {
        TSNode fn = ts::Field(call, "function");
        if (m_.ResolveTfName(fn) || InsideFlagged(call)) continue;
        std::string_view f = ctx_.Text(fn);
        std::string last(f.substr(f.rfind('.') == std::string_view::npos ? 0 : f.rfind('.') + 1));
        for (char& c : last) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (last.find("initiali") == std::string::npos || last.find("variables") == std::string::npos) continue;
        bool session = false;
        for (TSNode arg : ts::NamedChildren(ts::Field(call, "arguments"))) {
          TSNode v = ts::Is(arg, "keyword_argument") ? ts::Field(arg, "value") : arg;
          session |= (ts::Is(v, "identifier") || ts::Is(v, "attribute")) && df.IsSession(v);
        }
        if (!session) continue;
        Flag(call, fn, fmt::format("`{}(...)` initializes variables through the TF1 session it is handed; TF2 "
                                   "variables are initialized when they are created",
                                   f),
             /*may_delete=*/false);
      }
    }
    EmitFixes();
  }

 private:
  bool IsInitExpr(TSNode n) const {
    auto q = m_.Resolve(n);
    if (!q) return false;
    auto tf = SplitTfName(*q);
    return tf && tf->ns != TfNs::kV2 && IsInitPath(tf->path);
  }
  // A fetch made only of initializer ops: `init`, `[init, v.initializer]`,
  // `tf.group(init_a, init_b)`, or a name bound to one of those (`init_op = tf.group(...)`).
  bool IsInitFetch(TSNode n, int depth = 0) const {
    if (depth > 3 || ts_node_is_null(n)) return false;
    if (ts::Is(n, "list") || ts::Is(n, "tuple")) {
      auto elems = ts::NamedChildren(n);
      if (elems.empty()) return false;
      for (TSNode e : elems)
        if (!IsInitFetch(e, depth + 1)) return false;
      return true;
    }
    if (IsInitExpr(n)) return true;
    if (ts::Is(n, "call")) {
      const TfName* tf = m_.ResolveTfName(ts::Field(n, "function"));
      if (!tf || tf->ns == TfNs::kV2 || tf->path != "group") return false;
      const auto& args = m_.PositionalArgs(n);
      if (args.empty()) return false;
      for (TSNode a : args)
        if (!IsInitFetch(a, depth + 1)) return false;
      return true;
    }
    if (ts::Is(n, "identifier")) {
      const Binding* b = m_.Lookup(ctx_.Text(n), ts_node_start_byte(n));
      if (b && b->kind == BindingKind::kAssign && !ts_node_is_null(b->value) && !ts::Contains(b->value, n))
        return IsInitFetch(b->value, depth + 1);
    }
    return false;
  }
  std::string Describe(TSNode fetch) const {
    std::string_view t = ctx_.Text(fetch);
    if (t.size() <= 60 && t.find('\n') == std::string_view::npos) return fmt::format("the initializer `{}`", t);
    return "TF1 initializer ops";
  }
  bool IsSessionReceiver(TSNode recv) const {
    if (auto q = m_.Resolve(recv)) {
      auto tf = SplitTfName(*q);
      if (!tf) return false;
      std::string_view p = tf->path;
      if (p.size() > 2 && p.substr(p.size() - 2) == "()") p.remove_suffix(2);
      return IsSessionClass(p);
    }
    return LooksLikeSession(ctx_.Text(recv));
  }
  // An initializer op stored on `self` (alone or in a list) that no code of this file runs: an
  // op the class hands to its users (edward's `self.reset`), whose need this file cannot judge.
  bool ExposedNotRun(TSNode call) const {
    TSNode up = ts::Parent(call);
    if (ts::Is(up, "list")) up = ts::Parent(up);
    if (!ts::Is(up, "assignment")) return false;
    TSNode target = ts::Field(up, "left");
    if (!ts::Is(target, "attribute") || ctx_.Text(ts::Field(target, "object")) != "self") return false;
    std::string_view attr = ctx_.Text(ts::Field(target, "attribute"));
    for (TSNode use : m_.AttributesNamed(attr)) {
      if (ts::Same(use, target) || ctx_.Text(ts::Field(use, "object")) != "self") continue;
      return false;  // read somewhere in this file: its runs are judged where they are
    }
    return true;
  }
  bool InsideFlagged(TSNode n) const {
    for (const auto& f : found_)
      if (ts::Contains(f.expr, n)) return true;
    return false;
  }

  struct Finding {
    TSNode expr;    // the whole expression that creates or runs the initializer
    TSNode where;   // where the diagnostic points
    std::string message;
    TSNode stmt;    // expression_statement to delete, or null when not deletable
    bool runs;      // runs the initializer (`sess.run(init)`, `init.run()`), not only builds it
  };

  void Flag(TSNode expr, TSNode where, std::string message, bool may_delete = true, bool runs = false) {
    Finding f{expr, where, std::move(message), TSNode{}, runs};
    if (may_delete) {
      TSNode parent = ts::Parent(expr);
      if (ts::Is(parent, "expression_statement") && ts_node_named_child_count(parent) == 1 &&
          (ts::Is(ts::Parent(parent), "block") || ts::Is(ts::Parent(parent), "module")))
        f.stmt = parent;
    }
    found_.push_back(std::move(f));
  }

  // Byte range of the whole line(s) holding `stmt` when it stands alone on them.
  bool LineRange(TSNode stmt, uint32_t* begin, uint32_t* end) const {
    std::string_view text = ctx_.source().text;
    uint32_t b = ts_node_start_byte(stmt), e = ts_node_end_byte(stmt);
    uint32_t ls = b;
    while (ls > 0 && (text[ls - 1] == ' ' || text[ls - 1] == '\t')) --ls;
    if (ls > 0 && text[ls - 1] != '\n') return false;
    uint32_t le = e;
    while (le < text.size() && (text[le] == ' ' || text[le] == '\t')) ++le;
    if (le < text.size() && text[le] == '#')
      while (le < text.size() && text[le] != '\n') ++le;
    if (le < text.size() && text[le] != '\n' && text[le] != '\r') return false;
    if (le < text.size() && text[le] == '\r') ++le;
    if (le < text.size() && text[le] == '\n') ++le;
    *begin = ls;
    *end = le;
    return true;
  }

  void EmitFixes() {
    // Group deletable statements by block: a block must keep one statement.
    std::map<uintptr_t, std::vector<size_t>> by_block;
    for (size_t i = 0; i < found_.size(); ++i)
      if (!ts_node_is_null(found_[i].stmt))
        by_block[reinterpret_cast<uintptr_t>(ts::Parent(found_[i].stmt).id)].push_back(i);
    std::vector<std::optional<Fix>> fixes(found_.size());
    for (auto& [key, idx] : by_block) {
      TSNode block = ts::Parent(found_[idx.front()].stmt);
      size_t statements = 0;
      for (TSNode c : ts::NamedChildren(block))
        if (!ts::Is(c, "comment")) ++statements;
      // The same statement can be found twice (a run and the creation inside it).
      std::vector<size_t> unique;
      for (size_t i : idx) {
        bool dup = false;
        for (size_t j : unique) dup |= ts::Same(found_[i].stmt, found_[j].stmt);
        if (!dup) unique.push_back(i);
      }
      bool keep_pass = ts::Is(block, "block") && unique.size() >= statements;
      for (size_t k = 0; k < unique.size(); ++k) {
        const Finding& f = found_[unique[k]];
        // In graph-building code (sessions) the initializer is what makes the variables
        // usable: deleting it breaks the program at every level that keeps the graph
        // (compat, even with --unsafe-fixes). Only eager code loses nothing. A run of
        // an initializer is graph code whatever the file looks like: the session may
        // arrive as `self.sess`, a parameter, `self.test_session()` or from a helper,
        // none of which the file shows as a session (the tf2 level removes the runs
        // of the sessions it converts itself).
        if (f.runs || m_.ContextOf(f.stmt) == ExecContext::kGraph) continue;
        FixSafety safety = FixSafety::kSafe;
        if (keep_pass && k == 0) {
          fixes[unique[k]] = ReplaceNode(f.stmt, "pass", "Replace the initializer statement with `pass`", safety);
          continue;
        }
        uint32_t b, e;
        if (!LineRange(f.stmt, &b, &e)) continue;
        Fix fix;
        fix.title = "Delete the initializer statement";
        fix.safety = safety;
        fix.edits.push_back(Edit{b, e, ""});
        fixes[unique[k]] = std::move(fix);
      }
    }
    for (size_t i = 0; i < found_.size(); ++i) ctx_.Report(found_[i].where, found_[i].message, std::move(fixes[i]));
  }

  PythonContext& ctx_;
  const SemanticModel& m_;
  std::vector<Finding> found_;
};

}  // namespace

const RuleInfo& VariableInitializer::info() const {
  static const RuleInfo kInfo{
      .id = "TFM205",
      .name = "variable-initializer",
      .severity = Severity::kInfo,
      .fix = FixKind::kSafe,
      .input = RuleInput::kPython,
      .summary = "TF1 variable and table initializers; TF2 initializes on creation",
      .trigger = "`global_variables_initializer`, `local_variables_initializer`, `variables_initializer`, "
                 "`initialize_all_variables`, `tables_initializer`, running `v.initializer`",
      .fix_note = "safe: deleting an initializer op built where the code runs eagerly or in a `tf.function`; none "
                  "for a run of one (`sess.run(init)`, `init.run()`: it needs a session, whichever; the `tf2` level "
                  "removes the runs of the sessions it converts)",
      .impact = Impact::kGraphSession,
  };
  return kInfo;
}

const Rule& rules::Tfm205() {
  static const VariableInitializer kRule;
  return kRule;
}

void VariableInitializer::CheckPython(PythonContext& ctx) const { Checker(ctx).Run(); }

}  // namespace tfm

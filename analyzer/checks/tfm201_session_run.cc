#include "analyzer/checks/tfm201_session_run.h"

#include <fmt/format.h>

#include <unordered_set>

#include "analyzer/checks/tf_spelling.h"

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "AttributeError.*Session"},
};

const RuleInfo& SessionRun::info() const {
  static const RuleInfo kInfo{
      .id = "TFM201",
      .name = "session-run",
      .severity = Severity::kWarning,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "TF1 session and graph-running call; TF2 runs eagerly or through tf.function",
      .trigger = "`Session`, `InteractiveSession`, `MonitoredTrainingSession`, `sess.run`, `Tensor.eval()`, "
                 "`Operation.run()`",
      .fix_note = "none at the `compat` level; unsafe at the `tf2` level",
      .impact = Impact::kGraphSession,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm201() {
  static const SessionRun kRule;
  return kRule;
}

void SessionRun::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (IsSessionClass(p)) {
      ctx.Report(r.node, fmt::format("`{}` creates a TF1 session; TF2 executes eagerly, so run the computation "
                                     "directly or through a `tf.function`",
                                     DisplayName(r)));
      continue;
    }
    if (p == "get_default_session") {
      ctx.Report(r.node, fmt::format("`{}()` returns the TF1 default session; TF2 has none (it returns None): run "
                                     "the computation directly",
                                     DisplayName(r)));
      continue;
    }
    auto paren = p.rfind("().");
    if (paren == std::string::npos) continue;
    std::string_view base(p.data(), paren);
    std::string_view method(p.data() + paren + 3, p.size() - paren - 3);
    if (method.find('.') != std::string_view::npos) continue;
    if (method == "run" && IsSessionClass(base)) {
      ctx.Report(r.node, fmt::format("`{}` runs a graph through a TF1 session; in TF2 call the computation (a "
                                     "`tf.function` taking the feeds as arguments)",
                                     ctx.Text(r.node)));
    } else if (method == "eval" && !IsSessionClass(base)) {
      ctx.Report(r.node, fmt::format("`{}()` evaluates a tensor in the default session; in TF2 tensors are "
                                     "values: use `.numpy()`",
                                     ctx.Text(r.node)));
    } else if (method == "run" && !IsSessionClass(base) && m.PositionalArgs(r.call).size() <= 1) {
      ctx.Report(r.node, fmt::format("`{}()` runs an operation in the default session; in TF2 operations run "
                                     "when called",
                                     ctx.Text(r.node)));
    }
  }
  // `sess.run(...)` on a session whose origin the data flow follows (a parameter, a helper's
  // result, `self.test_session()`), and `.eval(...)` / `.run(...)` handed a session.
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    std::string_view method = ctx.Text(ts::Field(fn, "attribute"));
    if (method != "run" && method != "eval") continue;
    TSNode recv = ts::Field(fn, "object");
    if (m.ResolveTfName(recv)) continue;  // TensorFlow receivers were handled above
    if (method == "run" && df.IsSession(recv)) {
      ctx.Report(fn, fmt::format("`{}` runs a graph through a TF1 session; in TF2 call the computation (a "
                                 "`tf.function` taking the feeds as arguments)",
                                 ctx.Text(fn)));
      continue;
    }
    // `t.eval(session)`, `op.run(session=sess)`, `v.eval()` on a tensor or variable
    TSNode session = m.KeywordArg(call, "session");
    if (ts_node_is_null(session)) {
      const auto& pos = m.PositionalArgs(call);
      for (TSNode a : pos)
        if (df.IsSession(a)) session = a;
    }
    bool tensor = df.IsTensor(recv) && !df.IsSession(recv);
    // `t.eval()` without arguments on an object of unknown type, in a file that builds graphs
    // and runs them in sessions: only graph tensors have a no-argument `eval` there.
    if (!tensor && method == "eval" && m.PositionalArgs(call).empty() && !m.ResolveName(recv) &&
        (ts::Is(recv, "identifier") || ts::Is(recv, "attribute") || ts::Is(recv, "subscript")) &&
        ctx.Text(recv) != "self" && df.FileHasGraphCode() && m.uses_sessions())
      tensor = true;
    if (ts_node_is_null(session) && !(tensor && method == "eval")) continue;
    if (!ts_node_is_null(session) && !df.IsSession(session)) continue;
    ctx.Report(fn, fmt::format("`{}(...)` {} in {}; in TF2 tensors are values (`.numpy()`) and operations run "
                               "when called",
                               ctx.Text(fn), method == "eval" ? "evaluates a tensor" : "runs an operation",
                               ts_node_is_null(session) ? std::string("the default session")
                                                        : fmt::format("the TF1 session `{}`", ctx.Text(session))));
  }
  // A subclass of tf.Session (`class TracerSession(tf.Session)`), its instances and the
  // `super().run(...)` it wraps.
  for (size_t i = 0; i < m.scopes().size(); ++i) {
    if (!df.IsSessionSubclass(static_cast<int>(i))) continue;
    const Scope& sc = m.scopes()[i];
    ctx.Report(ts::Field(sc.node, "name"),
               fmt::format("`{}` subclasses the TF1 session; TF2 has no sessions to extend: wrap the computation "
                           "(a `tf.function`) instead",
                           sc.name));
  }
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (ts::Is(fn, "identifier") && df.IsSessionSubclass(df.ClassNamed(fn))) {
      ctx.Report(call, fmt::format("`{}(...)` creates a TF1 session (a subclass of `tf.Session`); TF2 executes "
                                   "eagerly, so run the computation directly or through a `tf.function`",
                                   ctx.Text(fn)));
      continue;
    }
    if (!ts::Is(fn, "attribute") || ctx.Text(ts::Field(fn, "attribute")) != "run") continue;
    TSNode obj = ts::Field(fn, "object");
    if (!ts::Is(obj, "call") || ctx.Text(ts::Field(obj, "function")) != "super") continue;
    if (!df.IsSessionSubclass(m.ClassOf(m.FunctionScopeAt(ts_node_start_byte(call))))) continue;
    ctx.Report(fn, fmt::format("`{}` runs a graph through the TF1 session this class extends; in TF2 call the "
                               "computation (a `tf.function` taking the feeds as arguments)",
                               ctx.Text(fn)));
  }
  // A test's session (`self.test_session()`, `self.cached_session()`, `self.session()` of a
  // tf.test.TestCase) and a session handed to a helper of another module (`train(sess, ...)`,
  // `evaluate(self.session, ops)`): the graph runs there, out of this file's sight.
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (ts::Is(fn, "attribute") && ctx.Text(ts::Field(fn, "object")) == "self") {
      std::string_view meth = ctx.Text(ts::Field(fn, "attribute"));
      if (meth != "test_session" && meth != "cached_session" && meth != "session") continue;
      int cls = m.ClassOf(m.FunctionScopeAt(ts_node_start_byte(call)));
      if (cls < 0) continue;
      TSNode bases = ts::Field(m.scopes()[cls].node, "superclasses");
      bool test_case = false;
      for (TSNode b : ts::NamedChildren(bases)) {
        const TfName* tf = m.ResolveTfName(b);
        test_case |= tf && tf->path == "test.TestCase";
      }
      if (!test_case) continue;
      ctx.Report(call, fmt::format("`{}` opens a TF1 session for the test; TF2 tests run eagerly: call the code "
                                   "and compare values (`self.evaluate(...)` where graphs remain)",
                                   ctx.Text(call)));
      continue;
    }
    if (m.ResolveTfName(fn)) continue;  // TensorFlow's own APIs taking a session have their rules
    if (ts::Is(fn, "identifier") && !m.Lookup(ctx.Text(fn), ts_node_start_byte(fn))) {
      // Python's builtins (an unbound name may also come from a relative import)
      static const std::unordered_set<std::string_view> kBuiltins = {
          "print", "isinstance", "len", "getattr", "setattr", "hasattr", "str", "repr", "type", "id", "list",
          "dict", "set", "tuple", "vars", "dir", "callable", "issubclass", "hash", "iter", "next", "super",
          "format", "sorted", "enumerate", "zip", "map", "filter", "any", "all", "bool", "object"};
      if (kBuiltins.count(ctx.Text(fn))) continue;
    }
    // A helper of this file counts when it runs the graph through the parameter given the
    // session (`def evaluate_flow(session, ops, df): ... session.run(ops)`).
    TSNode def = df.CalleeDef(call);
    std::vector<std::string> params;
    if (!ts_node_is_null(def)) {
      for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters"))) {
        TSNode id = ts::Is(p, "identifier") ? p : ts::Field(p, "name");
        if (ts_node_is_null(id) && !ts::NamedChildren(p).empty()) id = ts::NamedChildren(p).front();
        params.emplace_back(ts::Is(id, "identifier") ? ctx.Text(id) : std::string_view());
      }
      if (!params.empty() && (params[0] == "self" || params[0] == "cls") && ts::Is(fn, "attribute"))
        params.erase(params.begin());
    }
    auto runs_through = [&](std::string_view param) {
      for (const DataFlow::RunSite& site : df.run_sites())
        if (ts::Contains(def, site.call) && site.session == param) return true;
      return false;
    };
    if (ts::Is(fn, "attribute") && df.IsSession(ts::Field(fn, "object"))) continue;  // a session's own method
    if (ts::Is(fn, "attribute")) {  // `t.eval(sess)` / `op.run(session=sess)`: reported above
      std::string_view meth = ctx.Text(ts::Field(fn, "attribute"));
      if (meth == "eval" || meth == "run" || meth == "partial_run") continue;
    }
    size_t pos = 0;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
      bool kw = ts::Is(a, "keyword_argument");
      TSNode v = kw ? ts::Field(a, "value") : a;
      std::string_view param = kw ? ctx.Text(ts::Field(a, "name")) : pos < params.size() ? std::string_view(params[pos]) : "";
      if (!kw) ++pos;
      if (!(ts::Is(v, "identifier") || ts::Is(v, "attribute")) || !df.IsSession(v)) continue;
      if (!ts_node_is_null(def) && (param.empty() || !runs_through(param))) continue;
      ctx.Report(v, fmt::format("the TF1 session `{}` is handed to `{}`, which runs the graph through it; in TF2 "
                                "that code calls the computation directly",
                                ctx.Text(v), ctx.Text(fn)));
      break;
    }
  }
}

}  // namespace tfm

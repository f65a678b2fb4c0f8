#include "analyzer/checks/tfm201_session_run.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"

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
  // `sess.run(...)` on a session whose origin is not visible (a parameter).
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute") || ctx.Text(ts::Field(fn, "attribute")) != "run") continue;
    TSNode recv = ts::Field(fn, "object");
    if (m.Resolve(recv)) continue;  // resolved receivers were handled above
    if (!LooksLikeSession(ctx.Text(recv))) continue;
    ctx.Report(fn, fmt::format("`{}` runs a graph through a TF1 session; in TF2 call the computation (a "
                               "`tf.function` taking the feeds as arguments)",
                               ctx.Text(fn)));
  }
}

}  // namespace tfm

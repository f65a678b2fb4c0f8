#include "analyzer/checks/tfm202_placeholder_feed.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {


}  // namespace

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "AttributeError.*placeholder"},
};

const RuleInfo& PlaceholderFeed::info() const {
  static const RuleInfo kInfo{
      .id = "TFM202",
      .name = "placeholder-feed",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "placeholder inputs and feed_dict; TF2 passes inputs as function arguments",
      .trigger = "`placeholder`, `placeholder_with_default`, `feed_dict=`",
      .fix_note = "none (the catalogue's unsafe \"function arguments\" fix is not offered; see Fix safety)",
      .impact = Impact::kGraphSession,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm202() {
  static const PlaceholderFeed kRule;
  return kRule;
}

void PlaceholderFeed::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (p == "placeholder") {
      ctx.Report(r.node, fmt::format("`{}` declares a graph input that is fed through `feed_dict`; TF2 has no "
                                     "placeholders (`tf.compat.v1.placeholder` raises RuntimeError under eager "
                                     "execution): make it an argument of the function that uses it",
                                     DisplayName(r)));
    } else if (p == "placeholder_with_default") {
      ctx.Report(r.node, fmt::format("`{}` declares an overridable graph input; under eager execution it just "
                                     "returns its default, so a value fed later is ignored: make it a function "
                                     "argument with a default",
                                     DisplayName(r)));
    }
  }
  // `feed_dict=` on a session run (`sess.run`, `Tensor.eval`, `Operation.run`).
  for (TSNode call : m.calls()) {
    TSNode feed = m.KeywordArg(call, "feed_dict");
    if (ts_node_is_null(feed)) continue;
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    std::string_view method = ctx.Text(ts::Field(fn, "attribute"));
    if (method != "run" && method != "eval" && method != "partial_run") continue;
    TSNode recv = ts::Field(fn, "object");
    bool session_like = false;
    if (auto q = m.Resolve(recv)) {
      auto tf = SplitTfName(*q);
      if (!tf) continue;  // resolves to something that is not TensorFlow
      session_like = true;  // a TF session, tensor or operation
    } else {
      // Unknown receiver: `sess.run(...)` on a parameter, or `y.eval(feed_dict=…)`.
      session_like = method != "run" || LooksLikeSession(ctx.Text(recv));
    }
    if (!session_like) continue;
    TSNode kw = ts::Parent(feed);
    ctx.Report(kw, fmt::format("`feed_dict=` feeds values into `{}`; in TF2 pass them as arguments to the "
                               "function that computes the fetches",
                               ctx.Text(fn)));
  }
}

}  // namespace tfm

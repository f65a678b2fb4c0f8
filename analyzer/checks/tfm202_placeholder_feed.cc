#include "analyzer/checks/tfm202_placeholder_feed.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/dataflow.h"
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
  // `feed_dict=` on a session run (`sess.run`, `Tensor.eval`, `Operation.run`), and the feed
  // passed positionally: `sess.run(fetches, feed)`, `op.run(feed)`, `t.eval(feed)`.
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    std::string_view method = ctx.Text(ts::Field(fn, "attribute"));
    if (method != "run" && method != "eval" && method != "partial_run") continue;
    TSNode recv = ts::Field(fn, "object");
    TSNode feed = m.KeywordArg(call, "feed_dict");
    if (!ts_node_is_null(feed)) {
      bool session_like = false;
      if (auto q = m.Resolve(recv)) {
        auto tf = SplitTfName(*q);
        // a TF session, tensor or operation; of another module only a session (a helper's result)
        session_like = tf || df.IsSession(recv);
      } else {
        // Unknown receiver: `sess.run(...)` on a parameter, or `y.eval(feed_dict=…)`.
        session_like = method != "run" || df.IsSession(recv);
      }
      if (!session_like) continue;
      TSNode kw = ts::Parent(feed);
      ctx.Report(kw, fmt::format("`feed_dict=` feeds values into `{}`; in TF2 pass them as arguments to the "
                                 "function that computes the fetches",
                                 ctx.Text(fn)));
      continue;
    }
    const auto& pos = m.PositionalArgs(call);
    if (method == "run" && df.IsSession(recv)) {
      if (pos.size() > 1 && !ts::Is(pos[1], "none")) feed = pos[1];
    } else if (method != "partial_run" && !df.IsSession(recv)) {
      // Tensor.eval(feed_dict, session) / Operation.run(feed_dict, session) on a known tensor or op
      const TfName* tf = m.ResolveTfName(recv);
      bool graph_object = (tf && tf->path.find("()") != std::string::npos) || df.IsTensor(recv);
      if (graph_object && !pos.empty() && !ts::Is(pos[0], "none") && !df.IsSession(pos[0])) feed = pos[0];
    }
    if (ts_node_is_null(feed) || ts::Is(feed, "string") || ts::Is(feed, "list")) continue;
    ctx.Report(feed, fmt::format("`{}` is a feed dict passed positionally to `{}`; in TF2 pass the values as "
                                 "arguments to the function that computes the fetches",
                                 ctx.Text(feed), ctx.Text(fn)));
  }
}

}  // namespace tfm

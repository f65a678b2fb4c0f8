#include "analyzer/checks/tfm106_false_friend_api.h"

#include <fmt/format.h>

namespace tfm {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.starts_with(p); }
bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

}  // namespace

const RuleInfo& FalseFriendApi::info() const {
  static const RuleInfo kInfo{
      .id = "TFM106",
      .name = "false-friend-api",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF2-looking API that runs TF1 graph/session behavior underneath (estimator, feature columns, "
                 "Graph().as_default())",
      .trigger = "`tf.estimator.*`, `model_to_estimator`, `tf.Graph().as_default()`, `tf.feature_column.*`: TF1 "
                 "graph/session behavior hidden under TF2 names (guide: \"false friends\")",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm106() {
  static const FalseFriendApi kRule;
  return kRule;
}

void FalseFriendApi::CheckPython(PythonContext& ctx) const {
  for (const TfRef& r : ctx.model().refs()) {
    const std::string& p = r.tf.path;
    // `tf.Graph().as_default()` and `g.as_default()` on a graph object.
    if (p == "Graph().as_default" && !ts_node_is_null(r.call)) {
      ctx.Report(r.node, fmt::format("`{}()` enters TF1 graph building: ops created in it are only run by a "
                                     "session, not eagerly or as a `tf.function`; build the computation in a "
                                     "`tf.function` instead",
                                     ctx.Text(r.node)));
      continue;
    }
    // Results of these APIs (`est.train`, `column.name`) were reported where created.
    if (p.find("()") != std::string::npos) continue;
    if (p == "estimator" || StartsWith(p, "estimator.")) {
      if (p == "estimator") continue;  // the bare module (e.g. `tf.estimator` passed around)
      // ModeKeys' members are plain strings ("train", "eval", "infer"): no graph or session
      // behind them (their removal is TFM101's finding on the same token)
      if (p == "estimator.ModeKeys" || StartsWith(p, "estimator.ModeKeys.")) continue;
      ctx.Report(r.node, fmt::format("`{}` is a false friend: Estimators build a graph and run it in a "
                                     "`tf.compat.v1.Session` internally, so this code does not use TF2 behavior "
                                     "(and `tf.estimator` is absent from current TF 2 releases); use Keras `Model.fit` or a "
                                     "custom training loop",
                                     DisplayName(r)));
    } else if (EndsWith(p, "model_to_estimator")) {
      ctx.Report(r.node, fmt::format("`{}` wraps a Keras model in an Estimator, which runs TF1 graphs and "
                                     "sessions internally; train the Keras model directly (`model.fit`)",
                                     DisplayName(r)));
    } else if (StartsWith(p, "feature_column.")) {
      ctx.Report(r.node, fmt::format("`{}` is a false friend: feature columns create variables TF1-style "
                                     "and expect them in global collections, which TF2 does not have; use "
                                     "Keras preprocessing layers (`tf.keras.layers.Normalization`, "
                                     "`StringLookup`, `Hashing`, `Discretization`, `Embedding`)",
                                     DisplayName(r)));
    }
  }
}

}  // namespace tfm

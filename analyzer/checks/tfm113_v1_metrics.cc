#include "analyzer/checks/tfm113_v1_metrics.h"

#include <fmt/format.h>

#include <string_view>
#include <utility>

namespace tfm {
namespace {

// Every function of tf.compat.v1.metrics (TF 2.21) and the tf.keras.metrics
// replacement; an empty replacement means there is no direct class.
constexpr std::pair<std::string_view, std::string_view> kMetrics[] = {
    {"accuracy", "tf.keras.metrics.Accuracy"},
    {"auc", "tf.keras.metrics.AUC"},
    {"average_precision_at_k", ""},
    {"false_negatives", "tf.keras.metrics.FalseNegatives"},
    {"false_negatives_at_thresholds", "tf.keras.metrics.FalseNegatives(thresholds=...)"},
    {"false_positives", "tf.keras.metrics.FalsePositives"},
    {"false_positives_at_thresholds", "tf.keras.metrics.FalsePositives(thresholds=...)"},
    {"mean", "tf.keras.metrics.Mean"},
    {"mean_absolute_error", "tf.keras.metrics.MeanAbsoluteError"},
    {"mean_cosine_distance", "tf.keras.metrics.CosineSimilarity (similarity, not distance)"},
    {"mean_iou", "tf.keras.metrics.MeanIoU"},
    {"mean_per_class_accuracy", ""},
    {"mean_relative_error", ""},
    {"mean_squared_error", "tf.keras.metrics.MeanSquaredError"},
    {"mean_tensor", ""},
    {"percentage_below", ""},
    {"precision", "tf.keras.metrics.Precision"},
    {"precision_at_k", "tf.keras.metrics.Precision(top_k=...)"},
    {"precision_at_thresholds", "tf.keras.metrics.Precision(thresholds=...)"},
    {"precision_at_top_k", "tf.keras.metrics.Precision(top_k=...)"},
    {"recall", "tf.keras.metrics.Recall"},
    {"recall_at_k", "tf.keras.metrics.Recall(top_k=...)"},
    {"recall_at_thresholds", "tf.keras.metrics.Recall(thresholds=...)"},
    {"recall_at_top_k", "tf.keras.metrics.Recall(top_k=...)"},
    {"root_mean_squared_error", "tf.keras.metrics.RootMeanSquaredError"},
    {"sensitivity_at_specificity", "tf.keras.metrics.SensitivityAtSpecificity"},
    {"sparse_average_precision_at_k", ""},
    {"sparse_precision_at_k", "tf.keras.metrics.Precision(top_k=...)"},
    {"specificity_at_sensitivity", "tf.keras.metrics.SpecificityAtSensitivity"},
    {"true_negatives", "tf.keras.metrics.TrueNegatives"},
    {"true_negatives_at_thresholds", "tf.keras.metrics.TrueNegatives(thresholds=...)"},
    {"true_positives", "tf.keras.metrics.TruePositives"},
    {"true_positives_at_thresholds", "tf.keras.metrics.TruePositives(thresholds=...)"},
};

const std::string_view* Replacement(std::string_view name) {
  for (const auto& [n, r] : kMetrics)
    if (n == name) return &r;
  return nullptr;
}

}  // namespace

const RuleInfo& V1Metrics::info() const {
  static const RuleInfo kInfo{
      .id = "TFM113",
      .name = "v1-metrics",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 local-variable metric (value, update_op); use the tf.keras.metrics class",
      .trigger = "`tf.compat.v1.metrics.*` / `tf.metrics.*`: local-variable metrics that do not work with TF2 "
                 "behavior enabled (guide: `tf.compat.v1.metrics.accuracy`)",
      .fix_note = "none (the message names the `tf.keras.metrics` class)",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm113() {
  static const V1Metrics kRule;
  return kRule;
}

void V1Metrics::CheckPython(PythonContext& ctx) const {
  for (const TfRef& r : ctx.model().refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    // Only `metrics.<fn>` itself: results (`acc_op()`), Keras classes (`metrics.AUC`),
    // and tf.keras.metrics (path "keras.metrics.…") are not TF1 metrics.
    if (p.rfind("metrics.", 0) != 0) continue;
    std::string_view name = std::string_view(p).substr(8);
    const std::string_view* repl = Replacement(name);
    if (!repl) continue;
    // Keras 2 (TF <= 2.15) exported loss-style functions of these names in
    // tf.keras.metrics (= tf.metrics): outside graph code they may be TF2 calls.
    if (r.tf.ns == TfNs::kTop && (name == "mean_squared_error" || name == "mean_absolute_error") &&
        ctx.model().ContextOf(r.node) != ExecContext::kGraph)
      continue;
    std::string msg =
        r.tf.ns == TfNs::kV1
            ? fmt::format("`{}` keeps its state in local variables updated by a separate `update_op`; it raises "
                          "under eager execution and does not work with TF2 behavior",
                          DisplayName(r))
            : fmt::format("`{}` is the TF1 streaming metric (local variables updated by a separate `update_op`); "
                          "in TF2 `tf.metrics` is the Keras metrics module, which does not provide it",
                          DisplayName(r));
    if (repl->empty())
      msg += "; there is no direct `tf.keras.metrics` class: compute it from a `tf.keras.metrics.Metric` "
             "subclass or plain tensor ops";
    else
      msg += fmt::format("; use `{}` (`update_state(...)`, `result()`, `reset_state()`)", *repl);
    ctx.Report(r.node, std::move(msg));
  }
}

}  // namespace tfm

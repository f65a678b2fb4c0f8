#include "analyzer/checks/tfm303_global_step.h"

#include <fmt/format.h>

namespace tfm {
namespace {

bool IsGlobalStepApi(std::string_view p) {
  return p == "train.get_or_create_global_step" || p == "train.get_global_step" ||
         p == "train.create_global_step" || p == "train.global_step" || p == "train.assert_global_step";
}

}  // namespace

const RuleInfo& GlobalStep::info() const {
  static const RuleInfo kInfo{
      .id = "TFM303",
      .name = "global-step",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 global step found through a graph collection",
      .trigger = "`get_or_create_global_step`, `get_global_step`, `create_global_step`",
      .impact = Impact::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm303() {
  static const GlobalStep kRule;
  return kRule;
}

void GlobalStep::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2 || !IsGlobalStepApi(r.tf.path)) continue;
    if (r.tf.path == "train.global_step") {
      ctx.Report(r.node, fmt::format("`{}(sess, step)` reads the step counter through a TF1 session; TF2 has no "
                                     "such API: read the step variable directly (`step.numpy()`, "
                                     "`optimizer.iterations.numpy()`)",
                                     DisplayName(r)));
      continue;
    }
    // Also a reference passed along without a call (`hooks=[...(tf.train.get_global_step)]`).
    ctx.Report(r.node, fmt::format("`{}` finds the step counter through the TF1 GLOBAL_STEP collection; TF2 has "
                                   "no such API (`tf.train.{}` is an AttributeError): count steps with "
                                   "`optimizer.iterations` or a `tf.Variable(0, dtype=tf.int64, trainable=False)` "
                                   "that your module and checkpoint own",
                                   DisplayName(r), r.tf.path.substr(6)));
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm903_retrace_divergence.h"

namespace tfm {

const RuleInfo& RetraceDivergence::info() const {
  static const RuleInfo kInfo{
      .id = "TFM903",
      .name = "retrace-divergence",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kDynamic,
      .summary = "a tf.function traced a different number of times in the two versions, or on every call",
      .trigger = "a function traced a different number of times than expected, or created variables on a retrace",
      .reports = DivergenceKind::kRetrace,
  };
  return kInfo;
}

const Rule& rules::Tfm903() {
  static const RetraceDivergence kRule;
  return kRule;
}

}  // namespace tfm

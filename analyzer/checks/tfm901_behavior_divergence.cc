#include "analyzer/checks/tfm901_behavior_divergence.h"

namespace tfm {

const RuleInfo& BehaviorDivergence::info() const {
  static const RuleInfo kInfo{
      .id = "TFM901",
      .name = "behavior-divergence",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kDynamic,
      .summary = "the two versions computed something different: printed output, a fetched or returned value, an "
                 "observation or a final variable",
      .trigger = "two traces differ beyond tolerance; the report shows the first divergence, both values, the source "
                 "lines that produced them, and the static rules (above) whose findings lie on those lines",
      .reports = DivergenceKind::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm901() {
  static const BehaviorDivergence kRule;
  return kRule;
}

}  // namespace tfm

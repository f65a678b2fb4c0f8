// TFM901 behavior-divergence: a dynamic rule of `tfmigrate diff` and `rewrite --verify` (the two versions computed something different: printed output, a fetched or returned value, an observation or a final variable).
// It has a page and a RuleInfo (the divergence it names), and no check: diff/compare.cc
// reports it, diff/explain.cc ranks the static rules predicting it.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class BehaviorDivergence : public Rule {
 public:
  const RuleInfo& info() const override;
};

namespace rules {
const Rule& Tfm901();
}  // namespace rules

}  // namespace tfm

// TFM903 retrace-divergence: a dynamic rule of `tfmigrate diff` and `rewrite --verify` (a tf.function traced a different number of times in the two versions, or on every call).
// It has a page and a RuleInfo (the divergence it names), and no check: diff/compare.cc
// reports it, diff/explain.cc ranks the static rules predicting it.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class RetraceDivergence : public Rule {
 public:
  const RuleInfo& info() const override;
};

namespace rules {
const Rule& Tfm903();
}  // namespace rules

}  // namespace tfm

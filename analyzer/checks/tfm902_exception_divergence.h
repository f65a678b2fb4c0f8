// TFM902 exception-divergence: a dynamic rule of `tfmigrate diff` and `rewrite --verify` (one version raised an exception (or exited with an error) and the other did not, or raised another type).
// It has a page and a RuleInfo (the divergence it names), and no check: diff/compare.cc
// reports it, diff/explain.cc ranks the static rules predicting it.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ExceptionDivergence : public Rule {
 public:
  const RuleInfo& info() const override;
};

namespace rules {
const Rule& Tfm902();
}  // namespace rules

}  // namespace tfm

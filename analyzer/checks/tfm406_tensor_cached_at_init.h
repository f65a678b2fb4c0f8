// TFM406 tensor-cached-at-init: a tensor derived from a variable or random op computed once and reused where TF1 recomputed it every run.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class TensorCachedAtInit : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm406();
}  // namespace rules

}  // namespace tfm

// TFM102 v1-only-api: TF1 symbol that exists in TF2 only as tf.compat.v1.X
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class V1OnlyApi : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm102();
}  // namespace rules

}  // namespace tfm

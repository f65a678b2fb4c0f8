// TFM101 removed-api: TF1 symbol with no endpoint in TF2 at all, not even tf.compat.v1
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class RemovedApi : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm101();
}  // namespace rules

}  // namespace tfm

// TFM402 resource-in-retraced-function: a tf.function that creates variables on its first call also creates a dataset, iterator or table in its body.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ResourceInRetracedFunction : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm402();
}  // namespace rules

}  // namespace tfm

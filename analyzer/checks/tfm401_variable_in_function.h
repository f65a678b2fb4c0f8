// TFM401 variable-in-function: tf.Variable created on every call of a tf.function (not cached on the first call).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class VariableInFunction : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm401();
}  // namespace rules

}  // namespace tfm

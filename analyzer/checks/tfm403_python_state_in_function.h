// TFM403 python-state-in-function: Python side effects that steer logic inside a tf.function run only while tracing.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class PythonStateInFunction : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm403();
}  // namespace rules

}  // namespace tfm

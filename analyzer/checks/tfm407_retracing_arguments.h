// TFM407 retracing-arguments: a tf.function called in a loop with a Python number that changes per iteration: one trace per call.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class RetracingArguments : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm407();
}  // namespace rules

}  // namespace tfm

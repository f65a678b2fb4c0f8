// TFM405 print-in-function: print() in a tf.function body prints at trace time only.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class PrintInFunction : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm405();
}  // namespace rules

}  // namespace tfm

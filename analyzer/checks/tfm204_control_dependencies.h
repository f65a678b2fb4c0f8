// TFM204 control-dependencies: `tf.control_dependencies` in code that runs eagerly
// or inside a `tf.function`, where program order already orders the operations.
// Code that still builds a TF1 graph (a session file) is left alone.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ControlDependencies : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm204();
}  // namespace rules

}  // namespace tfm

// TFM110 behavior-toggle: calls that switch TF2 behavior off (or back on) for the
// whole program — `disable_eager_execution`, `enable_eager_execution`,
// `disable_v2_behavior`, `enable_v2_behavior`, `disable_resource_variables`,
// `disable_control_flow_v2`, `disable_tensor_equality`, `disable_v2_tensorshape`.
// A warning (the migration is not finished); an error when an eager toggle runs
// inside a function, a second time (the same toggle again, or one that reverses an
// earlier one), or after module-level code already created TF ops.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class BehaviorToggle : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm110();
}  // namespace rules

}  // namespace tfm

// TFM304 ref-variable: TF1 reference variables (`use_resource=False`, `VariableV1`,
// `disable_resource_variables()`), and session runs that fetch a variable together
// with an assignment to it, whose result depends on ref-variable read semantics.
// TF2 always uses resource variables.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class RefVariable : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm304();
}  // namespace rules

}  // namespace tfm

// TFM205 variable-initializer: TF1 initializer ops (`global_variables_initializer`,
// `local_variables_initializer`, `variables_initializer`, `initialize_all_variables`,
// `tables_initializer`) and running `v.initializer`. TF2 initializes variables and
// tables when they are created. The fix deletes a statement that does nothing but
// run an initializer (`pass` keeps a block that would become empty non-empty).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class VariableInitializer : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm205();
}  // namespace rules

}  // namespace tfm

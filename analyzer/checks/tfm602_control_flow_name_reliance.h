// TFM602 control-flow-name-reliance: code that depends on v1 control-flow op names or internals (cond/Merge, while/Exit, Switch lookups).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ControlFlowNameReliance : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm602();
}  // namespace rules

}  // namespace tfm

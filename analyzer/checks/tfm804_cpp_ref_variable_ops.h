// TFM804 cpp-ref-variable-ops: C++ graph building with reference-variable ops (ops::Variable, ops::Assign)
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class CppRefVariableOps : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckCpp(CppContext& ctx) const override;
};

namespace rules {
const Rule& Tfm804();
}  // namespace rules

}  // namespace tfm

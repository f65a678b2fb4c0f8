// TFM801 cpp-session-tensor-names: C++ Session::Run addresses tensors by string names
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class CppSessionTensorNames : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckCpp(CppContext& ctx) const override;
};

namespace rules {
const Rule& Tfm801();
}  // namespace rules

}  // namespace tfm

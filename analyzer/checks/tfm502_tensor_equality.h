// TFM502 tensor-equality: == / != between tensors used as a Python bool, `in` and list.index/remove on tensors: TF1 compared identity, TF2 compares values.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class TensorEquality : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm502();
}  // namespace rules

}  // namespace tfm

// TFM603 tensor-as-python-bool: Python if/while/and/or/not on a tensor in graph code: TF1 raises TypeError, TF2 eager evaluates it and tf.function converts it.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class TensorAsPythonBool : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm603();
}  // namespace rules

}  // namespace tfm

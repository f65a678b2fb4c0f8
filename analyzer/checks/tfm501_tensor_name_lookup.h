// TFM501 tensor-name-lookup: tensors and ops looked up or compared by generated name; eager tensors have no names.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class TensorNameLookup : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm501();
}  // namespace rules

}  // namespace tfm

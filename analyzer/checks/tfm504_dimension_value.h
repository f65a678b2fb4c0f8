// TFM504 dimension-value: `.value` and Dimension methods on TensorShape elements, which are int or None in TF2.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class DimensionValue : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm504();
}  // namespace rules

}  // namespace tfm

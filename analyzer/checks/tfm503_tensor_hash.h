// TFM503 tensor-hash: tensor or variable used as a dict key, set member or lru_cache argument: unhashable in TF2.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class TensorHash : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm503();
}  // namespace rules

}  // namespace tfm

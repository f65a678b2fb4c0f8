// TFM303 global-step: the TF1 global step (`get_or_create_global_step`,
// `get_global_step`, `create_global_step`, `global_step`, `assert_global_step`),
// found through a graph collection. TF2 keeps the step on an object
// (`optimizer.iterations` or an explicit variable in the checkpoint).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GlobalStep : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm303();
}  // namespace rules

}  // namespace tfm

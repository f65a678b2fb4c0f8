// TFM305 implicit-var-list: `minimize(loss)` / `compute_gradients(loss)` on a TF1
// optimizer (`tf.train.*Optimizer`, `tf.compat.v1.train.*Optimizer`, resolved through
// assignments) without `var_list`, which falls back to the trainable-variables
// collection. Keras optimizers are not flagged: they take the variables explicitly.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ImplicitVarList : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm305();
}  // namespace rules

}  // namespace tfm

// TFM109 global-jit: program-wide XLA auto-clustering switches —
// `tf.config.optimizer.set_jit(True)`, `global_jit_level` on a TF1
// `OptimizerOptions`, `OptimizerOptions.ON_1` / `ON_2`, and the
// `--tf_xla_auto_jit` flag in `TF_XLA_FLAGS`. Graph execution does not need XLA;
// TF2 compiles the functions that benefit with `tf.function(jit_compile=True)`.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GlobalJit : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm109();
}  // namespace rules

}  // namespace tfm

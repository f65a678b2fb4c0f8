// TFM107 config-proto: TF1 session configuration protos — `ConfigProto`,
// `GPUOptions`, `GraphOptions`, `OptimizerOptions`, `RunOptions` — options set on
// them (`config.gpu_options.allow_growth = True`), and `Session(config=...)`.
// TF2 has no session; process-wide settings live in `tf.config`.
//
// Unsafe fix, only where the `tf.config` equivalent is one statement for one:
//   X.gpu_options.allow_growth = True    -> loop of tf.config.experimental.set_memory_growth
//   X.intra_op_parallelism_threads = n   -> tf.config.threading.set_intra_op_parallelism_threads(n)
//   X.inter_op_parallelism_threads = n   -> tf.config.threading.set_inter_op_parallelism_threads(n)
//   X.allow_soft_placement = b           -> tf.config.set_soft_device_placement(b)
//   X.log_device_placement = b           -> tf.debugging.set_log_device_placement(b)
//   ....global_jit_level = OptimizerOptions.ON_1 / OFF -> tf.config.optimizer.set_jit(True / False)
// and only when the assignment is a statement on its own line and a name bound to
// `tensorflow` (or `tensorflow.compat.v1`) is in scope. Everything else: no fix.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ConfigProtoRule : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm107();
}  // namespace rules

}  // namespace tfm

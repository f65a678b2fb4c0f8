// TFM111 tf-app-flags-logging: `tf.app`, `tf.flags` and `tf.logging`, removed from
// the TF2 namespace in favor of absl-py (`absl.app`, `absl.flags`,
// `absl.logging`). They survive as `tf.compat.v1.app` / `flags` / `logging`, so a
// compat.v1 spelling is not flagged. Safe fix: spell the same symbol through
// `tf.compat.v1` (`tf.logging.info` → `tf.compat.v1.logging.info`,
// `from tensorflow import flags` → `from tensorflow.compat.v1 import flags`,
// `from tensorflow.logging import info` → `from tensorflow.compat.v1.logging import info`).
// Unsafe fix where no compat.v1 module path exists: `from tensorflow.flags import X`
// → `from absl.flags import X`.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class TfAppFlagsLogging : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm111();
}  // namespace rules

}  // namespace tfm

// TFM113 v1-metrics: TF1 streaming metrics (`tf.metrics.accuracy`,
// `tf.compat.v1.metrics.auc`, …) that keep their state in local variables updated
// by an `update_op`; they raise under eager execution. The message names the
// `tf.keras.metrics` class that replaces each one.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class V1Metrics : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm113();
}  // namespace rules

}  // namespace tfm

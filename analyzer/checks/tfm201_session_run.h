// TFM201 session-run: TF1 sessions and the calls that run graphs through them
// (`tf.Session`, `InteractiveSession`, `MonitoredTrainingSession`, `sess.run`,
// `Tensor.eval()`, `Operation.run()`).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class SessionRun : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm201();
}  // namespace rules

}  // namespace tfm

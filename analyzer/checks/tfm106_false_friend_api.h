// TFM106 false-friend-api: symbols in the TF2 namespace that still run TF1 graph /
// session machinery underneath (`tf.estimator.*`, `model_to_estimator`,
// `tf.Graph().as_default()`, `tf.feature_column.*`) — the migration guide's
// "false friends". Diagnostic only.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class FalseFriendApi : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm106();
}  // namespace rules

}  // namespace tfm

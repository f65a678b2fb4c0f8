// TFM203 partial-session-run: sess.run sites on one graph fetch different subsets of stateful work; a tf.function has no pruning.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class PartialSessionRun : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm203();
}  // namespace rules

}  // namespace tfm

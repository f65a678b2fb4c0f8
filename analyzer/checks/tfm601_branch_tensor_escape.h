// TFM601 branch-tensor-escape: a tensor created inside a tf.cond / tf.while_loop branch stored where code outside the branch can use it.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class BranchTensorEscape : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm601();
}  // namespace rules

}  // namespace tfm

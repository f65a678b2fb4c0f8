// TFM702 graph-ref-variables: ref variables (VariableV2, Variable, TemporaryVariable)
// in a graph file, one finding per variable with the ref ops that write it in place;
// ref writes whose variable is not found are reported on their own.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphRefVariables : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm702();
}  // namespace rules

}  // namespace tfm

// TFM706 graph-removed-op: op types that TensorFlow 2's op registry does not have
// (table generated from real TensorFlow, analyzer/graph/tf2_ops.inc), once per op type.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphRemovedOp : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm706();
}  // namespace rules

}  // namespace tfm

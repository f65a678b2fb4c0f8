// TFM701 graph-v1-control-flow: v1 control-flow nodes (Switch, Merge, Enter, Exit,
// NextIteration, LoopCond) in a graph file, reported once per while-loop frame and
// once per cond scope, with counts per op type.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphV1ControlFlow : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm701();
}  // namespace rules

}  // namespace tfm

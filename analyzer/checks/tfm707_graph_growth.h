// TFM707 graph-growth: families of structurally identical, independent nodes whose
// names differ only by `_N` suffixes, sharing an input (ops built inside a training
// loop, e.g. an assign per step), reported with the family size and the name pattern.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphGrowth : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm707();
}  // namespace rules

}  // namespace tfm

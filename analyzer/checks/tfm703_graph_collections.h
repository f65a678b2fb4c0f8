// TFM703 graph-collections: MetaGraphDef collection_def entries (variables,
// update_ops, losses, cond/while contexts, queue runners, savers, ...), one per entry.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphCollections : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm703();
}  // namespace rules

}  // namespace tfm

// TFM705 graph-name-interface: a MetaGraphDef / SavedModel meta graph without any
// signature_def (or TF2 object graph functions), or a bare GraphDef whose placeholders
// consumers must feed by name.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphNameInterface : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm705();
}  // namespace rules

}  // namespace tfm

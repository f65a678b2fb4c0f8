// TFM206 default-graph: code that reaches the global default graph
// (`get_default_graph`, `reset_default_graph`, `Graph.finalize`, `as_graph_def` of
// the default or a session's graph). TF2 executes eagerly and has no global graph.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class DefaultGraph : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm206();
}  // namespace rules

}  // namespace tfm

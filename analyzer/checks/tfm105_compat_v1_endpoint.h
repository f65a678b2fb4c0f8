// TFM105 compat-v1-endpoint: `tf.compat.v1.*` used in a file that is otherwise
// written against TF2. The file-level decision comes from the semantic model: the
// file must reference TF2 APIs (top-level `tf.*`, `tf.compat.v2.*`, Keras) and show
// no TF1 style — no sessions, placeholders, graph entry, initializer ops, behavior
// switches, name-scoped variables / layers / collections (`get_variable`,
// `variable_scope`, `layers.*`, `get_collection`, `GraphKeys`) in any spelling, or
// TF1-only names spelled at the top level (`tf.contrib`, `tf.train.*Optimizer`,
// `tf.logging`). Files that are TF1 throughout
// are left to the 1xx/2xx rules. Diagnostic only (info).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class CompatV1Endpoint : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm105();
}  // namespace rules

}  // namespace tfm

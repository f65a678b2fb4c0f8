// TFM302 variable-scope-sharing: variables shared by name through variable scopes
// (`variable_scope(reuse=...)`, `AUTO_REUSE`, `reuse_variables()`, `get_variable`
// inside a reusing scope or called twice with the same name). Eager TF2 does not
// share variables by name; objects (tf.Module, Keras layers) own them.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class VariableScopeSharing : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm302();
}  // namespace rules

}  // namespace tfm

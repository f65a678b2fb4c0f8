// TFM301 global-collection: reads and writes of TF1 graph collections
// (`get_collection`, `get_collection_ref`, `add_to_collection(s)`, `GraphKeys.*`,
// `trainable_variables()`, `global_variables()`, `local_variables()`,
// `model_variables()`, `losses.get_regularization_loss(es)`, `get_total_loss`).
// TF2 tracks state in objects; the message names the object-based replacement.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GlobalCollection : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm301();
}  // namespace rules

}  // namespace tfm

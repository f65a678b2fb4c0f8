// TFM103 renamed-api: TF1 symbol that TF2 has under another name or as another call
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class RenamedApi : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm103();
}  // namespace rules

}  // namespace tfm

// TFM104 changed-arguments: call uses a keyword, positional order or default that changed in TF2
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ChangedArguments : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm104();
}  // namespace rules

}  // namespace tfm

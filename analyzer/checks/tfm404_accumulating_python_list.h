// TFM404 accumulating-python-list: a module-level or long-lived Python list appended to every step and reduced: it grows every step under eager execution.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class AccumulatingPythonList : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm404();
}  // namespace rules

}  // namespace tfm

// TFM803 cpp-partial-run: C++ Session::PRunSetup / PRun partial runs
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class CppPartialRun : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckCpp(CppContext& ctx) const override;
};

namespace rules {
const Rule& Tfm803();
}  // namespace rules

}  // namespace tfm

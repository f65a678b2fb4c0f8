// TFM802 cpp-frozen-graph-load: C++ frozen-graph serving: ReadBinaryProto(GraphDef) + NewSession + Session::Create
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class CppFrozenGraphLoad : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckCpp(CppContext& ctx) const override;
};

namespace rules {
const Rule& Tfm802();
}  // namespace rules

}  // namespace tfm

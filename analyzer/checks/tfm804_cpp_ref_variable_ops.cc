#include "analyzer/checks/tfm804_cpp_ref_variable_ops.h"

#include <fmt/format.h>

#include <string>

namespace tfm {

const RuleInfo& CppRefVariableOps::info() const {
  static const RuleInfo kInfo{
      .id = "TFM804",
      .name = "cpp-ref-variable-ops",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kCpp,
      .summary = "C++ graph building with reference-variable ops (ops::Variable, ops::Assign)",
      .trigger = "graph building with `ops::Variable` / `ops::Assign` (ref) instead of resource variable ops",
  };
  return kInfo;
}

const Rule& rules::Tfm804() {
  static const CppRefVariableOps kRule;
  return kRule;
}

namespace {

// Reference-variable op classes of tensorflow/cc and the resource op that replaces each.
struct RefOp {
  const char* cls;
  const char* replacement;
};
constexpr RefOp kRefOps[] = {
    {"tensorflow::ops::Variable", "ops::VarHandleOp + ops::ReadVariableOp"},
    {"tensorflow::ops::VariableV2", "ops::VarHandleOp + ops::ReadVariableOp"},
    {"tensorflow::ops::TemporaryVariable", "ops::VarHandleOp"},
    {"tensorflow::ops::Assign", "ops::AssignVariableOp"},
    {"tensorflow::ops::AssignAdd", "ops::AssignAddVariableOp"},
    {"tensorflow::ops::AssignSub", "ops::AssignSubVariableOp"},
    {"tensorflow::ops::ScatterUpdate", "ops::ResourceScatterUpdate"},
    {"tensorflow::ops::ScatterAdd", "ops::ResourceScatterAdd"},
    {"tensorflow::ops::ScatterSub", "ops::ResourceScatterSub"},
    {"tensorflow::ops::ApplyGradientDescent", "ops::ResourceApplyGradientDescent"},
    {"tensorflow::ops::ApplyAdam", "ops::ResourceApplyAdam"},
};

}  // namespace

void CppRefVariableOps::CheckCpp(CppContext& ctx) const {
  for (const CppCall& c : ctx.model().calls) {
    if (c.kind != CppCallKind::kConstruct) continue;
    for (const RefOp& op : kRefOps) {
      if (c.qualified_class != op.cls) continue;
      std::string short_name = c.qualified_class.substr(std::string("tensorflow::").size());
      ctx.Report(c.name_begin, c.end,
                 fmt::format("`{}` builds a TF1 reference-variable op; TF2 graphs and SavedModels use resource "
                             "variables: use `{}`",
                             short_name, op.replacement));
    }
  }
}

}  // namespace tfm

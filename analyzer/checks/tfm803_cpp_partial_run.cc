#include "analyzer/checks/tfm803_cpp_partial_run.h"

#include <fmt/format.h>

#include <string>

namespace tfm {

const RuleInfo& CppPartialRun::info() const {
  static const RuleInfo kInfo{"TFM803", "cpp-partial-run", Severity::kWarning, FixKind::kNone, RuleInput::kCpp,
                              "C++ Session::PRunSetup / PRun partial runs"};
  return kInfo;
}

void CppPartialRun::CheckCpp(CppContext& ctx) const {
  for (const CppCall& c : ctx.model().calls) {
    if (c.kind != CppCallKind::kMethod || c.qualified_class != "tensorflow::Session") continue;
    if (c.name != "PRunSetup" && c.name != "PRun") continue;
    ctx.Report(c.name_begin, c.end,
               fmt::format("`Session::{}` runs a graph in partial steps; TF2 SavedModel functions have no partial "
                           "runs: split the computation into separate signatures (one per step) and pass the "
                           "intermediate tensors between them",
                           c.name));
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm803_cpp_partial_run.h"

#include <fmt/format.h>

#include <string>

namespace tfm {

const RuleInfo& CppPartialRun::info() const {
  static const RuleInfo kInfo{
      .id = "TFM803",
      .name = "cpp-partial-run",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kCpp,
      .summary = "C++ Session::PRunSetup / PRun partial runs",
      .trigger = "`Session::PRunSetup` / `PRun`",
  };
  return kInfo;
}

const Rule& rules::Tfm803() {
  static const CppPartialRun kRule;
  return kRule;
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

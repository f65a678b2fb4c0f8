#include "analyzer/checks/tfm902_exception_divergence.h"

namespace tfm {

const RuleInfo& ExceptionDivergence::info() const {
  static const RuleInfo kInfo{
      .id = "TFM902",
      .name = "exception-divergence",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kDynamic,
      .summary = "one version raised an exception (or exited with an error) and the other did not, or raised another "
                 "type",
      .trigger = "one side raised (type, message), the other did not",
      .reports = DivergenceKind::kException,
  };
  return kInfo;
}

const Rule& rules::Tfm902() {
  static const ExceptionDivergence kRule;
  return kRule;
}

}  // namespace tfm

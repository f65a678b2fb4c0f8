#include "analyzer/checks/tfm105_compat_v1_endpoint.h"

#include <fmt/format.h>

#include "analyzer/checks/api_tables.h"

namespace tfm {
namespace {

bool IsBehaviorToggle(std::string_view p) {
  return p == "disable_eager_execution" || p == "enable_eager_execution" || p == "disable_v2_behavior" ||
         p == "enable_v2_behavior" || p == "disable_resource_variables" || p == "disable_control_flow_v2" ||
         p == "disable_tensor_equality" || p == "disable_v2_tensorshape";
}

}  // namespace

const RuleInfo& CompatV1Endpoint::info() const {
  static const RuleInfo kInfo{
      .id = "TFM105",
      .name = "compat-v1-endpoint",
      .severity = Severity::kInfo,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "tf.compat.v1 symbol in code that is otherwise TF2",
      .trigger = "code that is otherwise TF2 calls `tf.compat.v1.*`",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm105() {
  static const CompatV1Endpoint kRule;
  return kRule;
}

void CompatV1Endpoint::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  // A TF1 file (sessions, TF1 graph building, TF1-only names, or tf.compat.v1
  // throughout): the compat.v1 spelling is the migration step, not a leftover.
  if (IsTf1Program(m)) return;
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns != TfNs::kV1) continue;
    const std::string& p = r.tf.path;
    // The namespace itself (`v1 = tf.compat.v1`), results of calls (`opt.minimize`),
    // and behavior switches (TFM110) are not reported here.
    if (p.empty() || p.find("()") != std::string::npos || IsBehaviorToggle(p)) continue;
    // A symbol whose TF2 counterpart means something else (`tf.compat.v1.where(c, x, y)`
    // selecting rows by a vector condition, a lone while_loop variable unpacked): TF2 code
    // spelling it through compat.v1 chose that meaning; there is no leftover to replace.
    if (HasTf1Semantics(p)) continue;
    ctx.Report(r.node, fmt::format("`{}` is a `tf.compat.v1` endpoint in a file that otherwise uses TF2 APIs; "
                                   "compat.v1 symbols exist for migration and keep TF1 semantics — replace it "
                                   "with its TF2 counterpart",
                                   DisplayName(r)));
  }
}

}  // namespace tfm

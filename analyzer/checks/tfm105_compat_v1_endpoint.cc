#include "analyzer/checks/tfm105_compat_v1_endpoint.h"

#include <fmt/format.h>

namespace tfm {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

bool IsBehaviorToggle(std::string_view p) {
  return p == "disable_eager_execution" || p == "enable_eager_execution" || p == "disable_v2_behavior" ||
         p == "enable_v2_behavior" || p == "disable_resource_variables" || p == "disable_control_flow_v2" ||
         p == "disable_tensor_equality" || p == "disable_v2_tensorshape";
}

// Graph/session-style TF1 programming, in any spelling (a file spelled through
// tf.compat.v1 that builds graphs this way is TF1 code, not leftover compat calls).
bool IsTf1GraphStyle(std::string_view p) {
  return p == "placeholder" || p == "placeholder_with_default" || p == "global_variables_initializer" ||
         p == "local_variables_initializer" || p == "initialize_all_variables" || p == "tables_initializer" ||
         p == "get_default_graph" || p == "reset_default_graph" || p == "Graph().as_default" ||
         p == "disable_eager_execution" || p == "disable_v2_behavior" || p == "train.start_queue_runners" ||
         p == "Session" || p == "InteractiveSession" || p == "train.MonitoredTrainingSession" ||
         // graph-building libraries: name-scoped variables, layers and collections
         p == "get_variable" || p == "variable_scope" || StartsWith(p, "layers.") || p == "get_collection" ||
         p == "get_collection_ref" || p == "add_to_collection" || p == "add_to_collections" ||
         StartsWith(p, "GraphKeys.") || p == "global_variables" || p == "local_variables" ||
         p == "trainable_variables" || p == "train.get_or_create_global_step" || p == "train.get_global_step";
}

// TF1-only names written at the top level: the file targets TF1 (`import tensorflow
// as tf` on TF 1.x), not TF2.
bool IsTf1OnlyTopLevel(std::string_view p) {
  return StartsWith(p, "contrib.") || (StartsWith(p, "train.") && EndsWith(p, "Optimizer")) || StartsWith(p, "logging.") ||
         StartsWith(p, "app.") || StartsWith(p, "flags.");
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
  if (m.uses_sessions()) return;
  bool tf2_evidence = false;
  for (const TfRef& r : m.refs()) {
    const std::string& p = r.tf.path;
    if (r.tf.ns != TfNs::kV2 && IsTf1GraphStyle(p)) return;
    if (r.tf.ns == TfNs::kTop && r.qname.rfind("tensorflow", 0) == 0 && IsTf1OnlyTopLevel(p)) return;
    if (r.tf.ns != TfNs::kV1 && !p.empty()) tf2_evidence = true;
  }
  if (!tf2_evidence) return;  // spelled through tf.compat.v1 throughout: a TF1 file
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns != TfNs::kV1) continue;
    const std::string& p = r.tf.path;
    // The namespace itself (`v1 = tf.compat.v1`), results of calls (`opt.minimize`),
    // and behavior switches (TFM110) are not reported here.
    if (p.empty() || p.find("()") != std::string::npos || IsBehaviorToggle(p)) continue;
    ctx.Report(r.node, fmt::format("`{}` is a `tf.compat.v1` endpoint in a file that otherwise uses TF2 APIs; "
                                   "compat.v1 symbols exist for migration and keep TF1 semantics — replace it "
                                   "with its TF2 counterpart",
                                   DisplayName(r)));
  }
}

}  // namespace tfm

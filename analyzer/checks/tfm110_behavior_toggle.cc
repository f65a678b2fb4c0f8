#include "analyzer/checks/tfm110_behavior_toggle.h"

#include <fmt/format.h>

#include <string_view>
#include <vector>

namespace tfm {
namespace {

// +1: turns eager / TF2 behavior on; -1: turns it off; 0: not an eager toggle.
int EagerDirection(std::string_view p) {
  if (p == "enable_eager_execution" || p == "enable_v2_behavior") return 1;
  if (p == "disable_eager_execution" || p == "disable_v2_behavior") return -1;
  return 0;
}

bool IsToggle(std::string_view p) {
  return EagerDirection(p) != 0 || p == "disable_resource_variables" || p == "disable_control_flow_v2" ||
         p == "disable_tensor_equality" || p == "disable_v2_tensorshape";
}

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Calls into TensorFlow that do not create ops or tensors: configuration, logging,
// flags, type/shape specs, scopes, toggles, `tf.function` wrappers.
bool CreatesNoOps(std::string_view p) {
  // A method of a call's result (`tf.get_logger().setLevel`) is judged by the call.
  p = p.substr(0, p.find('('));
  static constexpr std::string_view kPrefixes[] = {
      "config.", "logging.", "app.", "flags.", "autograph.", "io.gfile.", "gfile.", "sysconfig.", "test.",
      "debugging.set_log_device_placement", "debugging.enable_check_numerics", "version."};
  for (auto pre : kPrefixes)
    if (StartsWith(p, pre)) return true;
  static constexpr std::string_view kNames[] = {
      "get_logger", "executing_eagerly", "random.set_seed", "set_random_seed", "TensorShape", "TensorSpec",
      "DType", "as_dtype", "device", "name_scope", "function", "enable_v2_tensorshape", "enable_control_flow_v2",
      "enable_resource_variables", "enable_tensor_equality", "keras.backend.clear_session",
      "keras.backend.set_floatx", "keras.backend.set_image_data_format", "keras.utils.set_random_seed",
      "keras.mixed_precision.set_global_policy"};
  for (auto n : kNames)
    if (p == n) return true;
  return IsToggle(p);
}

}  // namespace

const RuleInfo& BehaviorToggle::info() const {
  static const RuleInfo kInfo{
      .id = "TFM110",
      .name = "behavior-toggle",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "program-wide TF1/TF2 behavior switch; the migration is not finished",
      .trigger = "`disable_eager_execution`, `enable_eager_execution`, `disable_v2_behavior`, `enable_v2_behavior`, "
                 "`disable_resource_variables`, `disable_control_flow_v2`, `disable_tensor_equality`, "
                 "`disable_v2_tensorshape`: migration not finished. **error** when the eager toggle runs after TF "
                 "ops were created, twice, or inside a function (it may only happen once, at program start)",
      .severity_note = "error when misplaced",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm110() {
  static const BehaviorToggle kRule;
  return kRule;
}

void BehaviorToggle::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  // First module-level call that creates TF ops, in source order.
  uint32_t first_op = UINT32_MAX;
  std::string first_op_text;
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.path.empty() || CreatesNoOps(r.tf.path)) continue;
    uint32_t b = ts_node_start_byte(r.call);
    if (m.FunctionScopeAt(b) >= 0 || b >= first_op || m.IsGuarded(b)) continue;
    first_op = b;
    first_op_text = std::string(ctx.Text(r.node));
  }
  struct Seen {
    std::string path;
    std::string shown;
    int direction;
  };
  std::vector<Seen> seen;  // eager toggles already reached, in source order
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || !IsToggle(r.tf.path)) continue;
    const std::string& p = r.tf.path;
    std::string shown = DisplayName(r);
    uint32_t at = ts_node_start_byte(r.call);
    int dir = EagerDirection(p);
    std::string what = dir < 0 ? "switches the whole program to TF1 graph behavior"
                       : dir > 0 ? "switches eager / TF2 behavior on for the whole program"
                                 : "turns one TF2 behavior off for the whole program";
    std::string msg = fmt::format("`{}()` {}: the migration is not finished while it is called", shown, what);
    std::optional<Severity> sev;
    if (dir != 0) {
      int fn = m.FunctionScopeAt(at);
      const Seen* prior = nullptr;
      for (const Seen& s : seen)
        if (s.path == p || s.direction != dir) {
          prior = &s;
          break;
        }
      if (fn >= 0) {
        sev = Severity::kError;
        msg = fmt::format("`{}()` inside `{}`: the eager mode may only be switched once, at program start, "
                          "before any TF op exists; move it to the top of the entry script",
                          shown, m.scopes()[fn].name.empty() ? "a lambda" : m.scopes()[fn].name);
      } else if (prior) {
        sev = Severity::kError;
        msg = fmt::format("`{}()` after `{}()` earlier in the file: the eager mode may only be switched once, at "
                          "program start{}",
                          shown, prior->shown,
                          dir > 0 ? " (\"ValueError: tf.enable_eager_execution must be called at program startup\")"
                                  : "");
      } else if (first_op < at) {
        sev = Severity::kError;
        msg = fmt::format("`{}()` runs after `{}(...)` already created TF ops: tensors made before the switch "
                          "belong to the other mode and cannot be mixed with the new ones; call it first, at "
                          "program start",
                          shown, first_op_text);
      }
      if (m.FunctionScopeAt(at) < 0) seen.push_back(Seen{p, shown, dir});
    }
    ctx.Report(r.call, std::move(msg), std::nullopt, sev);
  }
}

}  // namespace tfm

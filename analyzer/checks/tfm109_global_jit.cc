#include "analyzer/checks/tfm109_global_jit.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {


bool IsOffLiteral(std::string_view t) {
  return t == "False" || t == "None" || t == "0" || t == "\"\"" || t == "''";
}

bool IsJitLevelOn(std::string_view path) {
  return path == "OptimizerOptions.ON_1" || path == "OptimizerOptions.ON_2";
}

// The value of `--tf_xla_auto_jit=` in a flags string when it turns auto-clustering
// on ("1", "2", "fusible"); empty otherwise.
std::string_view AutoJitOn(std::string_view s) {
  constexpr std::string_view kFlag = "tf_xla_auto_jit=";
  auto at = s.find(kFlag);
  if (at == std::string_view::npos) return {};
  std::string_view rest = s.substr(at + kFlag.size());
  size_t end = 0;
  while (end < rest.size() && rest[end] != ' ' && rest[end] != '"' && rest[end] != '\'') ++end;
  std::string_view v = rest.substr(0, end);
  return v == "1" || v == "2" || v == "fusible" ? v : std::string_view();
}

constexpr std::string_view kAdvice =
    "graph execution does not need XLA; compile only the functions that benefit with "
    "`@tf.function(jit_compile=True)`";

}  // namespace

const RuleInfo& GlobalJit::info() const {
  static const RuleInfo kInfo{
      .id = "TFM109",
      .name = "global-jit",
      .severity = Severity::kInfo,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "program-wide XLA auto-clustering; prefer tf.function(jit_compile=True)",
      .trigger = "`tf.config.optimizer.set_jit(True)`, `global_jit_level`, `OptimizerOptions.ON_1`: graph execution "
                 "does *not* require XLA; this toggles auto-clustering for the whole program; prefer "
                 "`@tf.function(jit_compile=True)` on the functions that benefit",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm109() {
  static const GlobalJit kRule;
  return kRule;
}

void GlobalJit::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    const std::string& p = r.tf.path;
    if (p == "config.optimizer.set_jit" && !ts_node_is_null(r.call)) {
      TSNode arg = m.Arg(r.call, 0, "enabled");
      if (ts_node_is_null(arg) || IsOffLiteral(ctx.Text(arg))) continue;
      ctx.Report(r.call, fmt::format("`{}` turns on XLA auto-clustering for every graph in the program; {}",
                                     Compact(ctx.Text(r.call)), kAdvice));
    } else if (IsJitLevelOn(p)) {
      ctx.Report(r.node, fmt::format("`{}` turns on XLA auto-clustering for every graph the session runs; {}",
                                     DisplayName(r), kAdvice));
    }
  }
  // `opts.global_jit_level = <level>` where the level is not one of the constants
  // reported above, and `TF_XLA_FLAGS` strings with --tf_xla_auto_jit.
  for (TSNode n : m.NodesOfType("assignment")) {
    TSNode left = ts::Field(n, "left");
    TSNode right = ts::Field(n, "right");
    if (ts::Is(left, "attribute") && ctx.Text(ts::Field(left, "attribute")) == "global_jit_level" &&
        !ts_node_is_null(right) && m.ResolveTfName(ts::Field(left, "object"))) {
      const TfName* rv = m.ResolveTfName(right);
      std::string_view rt = ctx.Text(right);
      bool off = IsOffLiteral(rt) || rt == "-1" ||
                 (rv && (rv->path == "OptimizerOptions.OFF" || rv->path == "OptimizerOptions.DEFAULT"));
      if (!off && !(rv && IsJitLevelOn(rv->path)))
        ctx.Report(left, fmt::format("`{} = {}` sets the XLA auto-clustering level for every graph the "
                                     "session runs; {}",
                                     Compact(ctx.Text(left)), Compact(rt), kAdvice));
    }
  }
  for (TSNode n : m.NodesOfType("string")) {
    std::string_view v = AutoJitOn(ctx.Text(n));
    if (v.empty()) continue;
    if (ts::Is(ts::Parent(n), "interpolation")) continue;  // strings inside f-strings are in the outer one
    ctx.Report(n, fmt::format("`--tf_xla_auto_jit={}` in the XLA flags turns on auto-clustering for "
                              "the whole process; {}",
                              v, kAdvice));
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm107_config_proto.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {


bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool IsSessionClass(std::string_view p) {
  return p == "Session" || p == "InteractiveSession" || p == "train.MonitoredTrainingSession";
}

// Advice per proto class.
std::string_view ProtoAdvice(std::string_view cls) {
  if (cls == "ConfigProto")
    return "TF2 has no session to configure: use the process-wide `tf.config` functions (threading, "
           "memory growth, soft placement, visible devices)";
  if (cls == "GPUOptions")
    return "use `tf.config.experimental.set_memory_growth` or `tf.config.set_logical_device_configuration` "
           "(memory limit) and `tf.config.set_visible_devices`";
  if (cls == "GraphOptions" || cls == "OptimizerOptions")
    return "graph optimizer settings are `tf.config.optimizer.set_experimental_options` and "
           "`tf.config.optimizer.set_jit` in TF2";
  return "per-call run options belong to `sess.run`; in TF2 trace with `tf.profiler.experimental` or "
         "`tf.summary.trace_on`";
}

// The option path below ConfigProto of a resolved assignment target
// ("ConfigProto().gpu_options.allow_growth" -> "gpu_options.allow_growth").
std::optional<std::string> OptionPath(std::string_view p) {
  static constexpr std::pair<std::string_view, std::string_view> kRoots[] = {
      {"ConfigProto().", ""},
      {"GPUOptions().", "gpu_options."},
      {"GraphOptions().", "graph_options."},
      {"OptimizerOptions().", "graph_options.optimizer_options."},
      {"RunOptions().", "run_options."},
  };
  for (auto [root, prefix] : kRoots)
    if (StartsWith(p, root)) {
      std::string_view rest = p.substr(root.size());
      if (rest.find('(') != std::string_view::npos) return std::nullopt;
      return std::string(prefix) + std::string(rest);
    }
  return std::nullopt;
}


// Is `stmt` alone on its lines (only indentation before, only a comment after)?
bool StandaloneStatement(std::string_view text, TSNode stmt, std::string* indent) {
  uint32_t b = ts_node_start_byte(stmt), e = ts_node_end_byte(stmt);
  uint32_t line = b;
  while (line > 0 && text[line - 1] != '\n') --line;
  std::string_view before = text.substr(line, b - line);
  if (before.find_first_not_of(' ') != std::string_view::npos) return false;
  size_t eol = text.find('\n', e);
  std::string_view after = text.substr(e, eol == std::string_view::npos ? std::string_view::npos : eol - e);
  size_t first = after.find_first_not_of(" \t\r");
  if (first != std::string_view::npos && after[first] != '#') return false;
  *indent = std::string(before);
  return true;
}

struct Equivalent {
  std::string code;   // replacement statement(s), without leading indentation
  std::string title;  // fix title
};

std::optional<Equivalent> TfConfigEquivalent(const SemanticModel& m, std::string_view option, TSNode value,
                                             const std::string& tf, const std::string& indent, uint32_t at) {
  std::string v(m.Text(value));
  if (option == "gpu_options.allow_growth") {
    if (v != "True") return std::nullopt;
    std::string var = "gpu";
    for (const char* cand : {"gpu", "gpu_device", "tfm_gpu"}) {
      var = cand;
      if (!m.Lookup(var, at)) break;
    }
    return Equivalent{fmt::format("for {0} in {1}.config.list_physical_devices(\"GPU\"):\n{2}    "
                                  "{1}.config.experimental.set_memory_growth({0}, True)",
                                  var, tf, indent),
                      "Use `tf.config.experimental.set_memory_growth` on every GPU"};
  }
  if (option == "intra_op_parallelism_threads" || option == "inter_op_parallelism_threads")
    return Equivalent{fmt::format("{}.config.threading.set_{}({})", tf, option, v),
                      fmt::format("Use `tf.config.threading.set_{}`", option)};
  if (option == "allow_soft_placement")
    return Equivalent{fmt::format("{}.config.set_soft_device_placement({})", tf, v),
                      "Use `tf.config.set_soft_device_placement`"};
  if (option == "log_device_placement")
    return Equivalent{fmt::format("{}.debugging.set_log_device_placement({})", tf, v),
                      "Use `tf.debugging.set_log_device_placement`"};
  if (option == "graph_options.optimizer_options.global_jit_level") {
    const TfName* level = m.ResolveTfName(value);
    if (!level) return std::nullopt;
    std::string_view on = level->path == "OptimizerOptions.ON_1" ? "True"
                          : level->path == "OptimizerOptions.OFF" ? "False"
                                                                  : "";
    if (on.empty()) return std::nullopt;
    return Equivalent{fmt::format("{}.config.optimizer.set_jit({})", tf, on), "Use `tf.config.optimizer.set_jit`"};
  }
  return std::nullopt;
}

}  // namespace

const RuleInfo& ConfigProtoRule::info() const {
  static const RuleInfo kInfo{
      .id = "TFM107",
      .name = "config-proto",
      .severity = Severity::kWarning,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "TF1 session configuration proto; TF2 uses the tf.config functions",
      .trigger = "`ConfigProto`, `GPUOptions`, `GraphOptions`, `OptimizerOptions`, `RunOptions`, `Session(config=…)`",
      .fix_note = "unsafe, where the `tf.config` equivalent is clear",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm107() {
  static const ConfigProtoRule kRule;
  return kRule;
}

void ConfigProtoRule::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (p == "ConfigProto" || p == "GPUOptions" || p == "GraphOptions" || p == "OptimizerOptions" ||
        p == "RunOptions") {
      ctx.Report(r.node, fmt::format("`{}` is a TF1 session configuration proto; {}", DisplayName(r), ProtoAdvice(p)));
    } else if (IsSessionClass(p) && !ts_node_is_null(r.call)) {
      TSNode cfg = m.KeywordArg(r.call, "config");
      if (ts_node_is_null(cfg)) continue;
      ctx.Report(ts::Parent(cfg),
                 fmt::format("`{}(config={})` configures the session through a ConfigProto; TF2 has no session: "
                             "move each option to its `tf.config` call at program start",
                             DisplayName(r), Compact(ctx.Text(cfg))));
    }
  }
  // Options set on a proto object: `config.gpu_options.allow_growth = True`.
  std::string_view text = ctx.source().text;
  for (TSNode n : m.NodesOfType("assignment")) {
    TSNode left = ts::Field(n, "left");
    TSNode value = ts::Field(n, "right");
    if (!ts::Is(left, "attribute") || ts_node_is_null(value) || ts::Is(value, "assignment")) continue;
    const TfName* tf = m.ResolveTfName(left);
    if (!tf || tf->ns == TfNs::kV2) continue;
    auto option = OptionPath(tf->path);
    if (!option) continue;
    uint32_t at = ts_node_start_byte(n);
    TSNode stmt = ts::Parent(n);
    std::string indent;
    const Binding* tf_module = m.TfModuleAt(at, SemanticModel::kTfModule | SemanticModel::kTfCompatV1);
    auto tf_name = tf_module ? std::optional<std::string>(tf_module->name) : std::nullopt;
    bool standalone = ts::Is(stmt, "expression_statement") && ts_node_named_child_count(stmt) == 1 &&
                      StandaloneStatement(text, stmt, &indent);
    auto eq = TfConfigEquivalent(m, *option, value, tf_name.value_or("tf"), indent, at);
    std::optional<Fix> fix;
    if (eq && standalone && tf_name) fix = ReplaceNode(stmt, eq->code, eq->title, FixSafety::kUnsafe);
    std::string advice = eq ? eq->title : "";
    if (!advice.empty()) advice[0] = 'u';  // "Use ..." -> "use ..."
    std::string msg =
        eq ? fmt::format("`{} = {}` sets the TF1 session option `{}`; in TF2 it is a process-wide setting: {}",
                         Compact(ctx.Text(left)), Compact(ctx.Text(value)), *option, advice)
           : fmt::format("`{} = {}` sets the TF1 session option `{}`, which has no one-to-one `tf.config` "
                         "equivalent; review it when removing the session",
                         Compact(ctx.Text(left)), Compact(ctx.Text(value)), *option);
    ctx.Report(left, std::move(msg), std::move(fix));
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm303_global_step.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool IsGlobalStepApi(std::string_view p) {
  return p == "train.get_or_create_global_step" || p == "train.get_global_step" ||
         p == "train.create_global_step" || p == "train.global_step" || p == "train.assert_global_step";
}

}  // namespace

const RuleInfo& GlobalStep::info() const {
  static const RuleInfo kInfo{
      .id = "TFM303",
      .name = "global-step",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 global step found through a graph collection",
      .trigger = "`get_or_create_global_step`, `get_global_step`, `create_global_step`",
      .impact = Impact::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm303() {
  static const GlobalStep kRule;
  return kRule;
}

void GlobalStep::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2 || !IsGlobalStepApi(r.tf.path)) continue;
    if (r.tf.path == "train.global_step") {
      ctx.Report(r.node, fmt::format("`{}(sess, step)` reads the step counter through a TF1 session; TF2 has no "
                                     "such API: read the step variable directly (`step.numpy()`, "
                                     "`optimizer.iterations.numpy()`)",
                                     DisplayName(r)));
      continue;
    }
    // Also a reference passed along without a call (`hooks=[...(tf.train.get_global_step)]`).
    ctx.Report(r.node, fmt::format("`{}` finds the step counter through the TF1 GLOBAL_STEP collection; TF2 has "
                                   "no such API (`tf.train.{}` is an AttributeError): count steps with "
                                   "`optimizer.iterations` or a `tf.Variable(0, dtype=tf.int64, trainable=False)` "
                                   "that your module and checkpoint own",
                                   DisplayName(r), r.tf.path.substr(6)));
  }
  // A variable named "global_step" by hand, for TF1 machinery that finds the step by name
  // (`MonitoredTrainingSession`, `tf.train.get_global_step()`).
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.ns == TfNs::kV2) continue;
    if (r.tf.path != "Variable" && r.tf.path != "get_variable" && r.tf.path != "VariableV1") continue;
    TSNode name = m.Arg(r.call, r.tf.path == "get_variable" ? 0 : 99, "name");
    if (!ts::Is(name, "string")) continue;
    std::string_view lit = ctx.Text(name);
    if (lit.size() < 2 || lit.substr(1, lit.size() - 2) != "global_step") continue;
    // Only a variable the code never uses by its Python name is there to be found by its graph
    // name (`step = tf.Variable(0, name="global_step")` passed to a Checkpoint is TF2 style).
    TSNode up = ts::Parent(r.call);
    if (ts::Is(up, "assignment")) {
      TSNode target = ts::Field(up, "left");
      if (!ts::Is(target, "identifier")) continue;
      const Binding* b = m.Lookup(ctx.Text(target), ts_node_end_byte(up));
      bool read = false;
      for (TSNode id : m.NodesOfType("identifier")) {
        if (read) break;
        if (ts_node_start_byte(id) < ts_node_end_byte(up) || ctx.Text(id) != ctx.Text(target)) continue;
        read = m.Lookup(ctx.Text(id), ts_node_start_byte(id)) == b;
      }
      if (read) continue;
    } else if (!ts::Is(up, "expression_statement")) {
      continue;
    }
    ctx.Report(r.call, fmt::format("`{}` makes a variable named \"global_step\" so that TF1 machinery finds the step "
                                   "counter by name (the GLOBAL_STEP lookup of `get_global_step`, monitored "
                                   "sessions and hooks); TF2 finds nothing by name: pass the counter where it is "
                                   "needed (`optimizer.iterations`)",
                                   ctx.Text(ts::Field(r.call, "function"))));
  }
}

}  // namespace tfm

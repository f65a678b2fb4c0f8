#include "analyzer/checks/tfm402_resource_in_retraced_function.h"

#include <fmt/format.h>

#include <map>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException},
};

const RuleInfo& ResourceInRetracedFunction::info() const {
  static const RuleInfo kInfo{
      .id = "TFM402",
      .name = "resource-in-retraced-function",
      .severity = Severity::kError,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "a tf.function that creates variables on its first call also creates a dataset, iterator or table "
                 "in its body",
      .trigger = "guide pattern 1, example 2: a `tf.function` that creates variables on its first call *and* creates "
                 "a `tf.data.Dataset` / iterator / table in its body: the retrace makes the first trace's tensors "
                 "out of scope",
      .fix_note = "unsafe in the catalogue (move dataset creation out); not applied automatically",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm402() {
  static const ResourceInRetracedFunction kRule;
  return kRule;
}

void ResourceInRetracedFunction::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  const auto& scopes = m.scopes();
  // traced scope -> (variable creations, dataset creations) in its body
  std::map<int, std::pair<std::vector<TSNode>, std::vector<TSNode>>> per_fn;
  for (TSNode call : m.calls()) {
    int s = df.TracedScopeAt(ts_node_start_byte(call));
    if (s < 0) continue;
    bool var = df.IsVariableCreation(call);
    bool res = !var && df.IsDatasetCreation(call);
    if (!var && !res) continue;
    if (df.InInitScope(call)) continue;
    (var ? per_fn[s].first : per_fn[s].second).push_back(call);
  }
  for (auto& [s, found] : per_fn) {
    auto& [vars, resources] = found;
    if (vars.empty()) continue;
    uint32_t var_line = df.Line(vars.front());
    for (TSNode r : resources) {
      ctx.Report(r, fmt::format("`{}` is created inside the tf.function `{}`, which also creates a variable "
                                "(line {}): the variable makes tf.function trace the body twice, and the second "
                                "trace cannot use the first trace's dataset (\"out of scope\"). Create the dataset "
                                "outside, e.g. in an `initialize()` method",
                                ctx.Text(ts::Field(r, "function")), scopes[s].name, var_line));
    }
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm402_resource_in_retraced_function.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

const RuleInfo& ResourceInRetracedFunction::info() const {
  static const RuleInfo kInfo{"TFM402", "resource-in-retraced-function", Severity::kError, FixKind::kNone, RuleInput::kPython,
                              "a tf.function that creates variables on its first call also creates a dataset, iterator or table in its body"};
  return kInfo;
}

void ResourceInRetracedFunction::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  const auto& scopes = m.scopes();
  for (size_t si = 0; si < scopes.size(); ++si) {
    const Scope& s = scopes[si];
    if (!s.traced) continue;
    std::vector<TSNode> vars, resources;
    for (TSNode call : m.calls()) {
      uint32_t b = ts_node_start_byte(call);
      if (b < s.begin || b >= s.end || df.InInitScope(call)) continue;
      if (df.IsVariableCreation(call)) vars.push_back(call);
      else if (df.IsDatasetCreation(call)) resources.push_back(call);
    }
    if (vars.empty()) continue;
    uint32_t var_line = m.source().LineOf(ts_node_start_byte(vars.front())) + 1;
    for (TSNode r : resources) {
      ctx.Report(r, fmt::format("`{}` is created inside the tf.function `{}`, which also creates a variable "
                                "(line {}): the variable makes tf.function trace the body twice, and the second "
                                "trace cannot use the first trace's dataset (\"out of scope\"). Create the dataset "
                                "outside, e.g. in an `initialize()` method",
                                ctx.Text(ts::Field(r, "function")), s.name, var_line));
    }
  }
}

}  // namespace tfm

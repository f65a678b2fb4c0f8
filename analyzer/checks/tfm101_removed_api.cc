#include "analyzer/checks/tfm101_removed_api.h"

#include <fmt/format.h>

#include "analyzer/checks/api_tables.h"

namespace tfm {

const RuleInfo& RemovedApi::info() const {
  static const RuleInfo kInfo{"TFM101", "removed-api", Severity::kError, FixKind::kNone, RuleInput::kPython,
                              "TF1 symbol with no endpoint in TF2 at all, not even tf.compat.v1"};
  return kInfo;
}

void RemovedApi::CheckPython(PythonContext& ctx) const {
  const ApiTables& t = ApiTables::Get();
  for (const TfRef& r : ctx.model().refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    auto chain = ChainOf(ctx.model(), r);
    if (!chain) continue;
    std::string matched;
    const RemovedEntry* e = t.FindRemoved(r.tf.path, &matched);
    if (!e) continue;
    // Exact symbols are reported on the node that spells them; prefix entries
    // (`contrib.`) on the whole reference.
    bool prefix_entry = !e->symbol.empty() && e->symbol.back() == '.';
    TSNode at = prefix_entry ? r.node : PrefixNode(*chain, ComponentCount(matched));
    if (ts_node_is_null(at)) at = r.node;
    std::string shown = prefix_entry ? r.tf.path : matched;
    std::string display = (r.tf.ns == TfNs::kV1 ? "tf.compat.v1." : "tf.") + shown;
    std::string msg = fmt::format("`{}` was removed: TF2 has no endpoint for it, not even under `tf.compat.v1`",
                                  display);
    if (!e->replacement.empty()) msg += fmt::format("; replacement: {}", e->replacement);
    ctx.Report(at, std::move(msg));
  }
}

}  // namespace tfm

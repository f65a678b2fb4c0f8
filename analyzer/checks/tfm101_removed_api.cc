#include "analyzer/checks/tfm101_removed_api.h"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/checks/api_tables.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

const RuleInfo& RemovedApi::info() const {
  static const RuleInfo kInfo{
      .id = "TFM101",
      .name = "removed-api",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 symbol with no endpoint in TF2 at all, not even tf.compat.v1",
      .trigger = "symbol with no endpoint in TF2 at all, not even `tf.compat.v1` (`tf.contrib.*`, removed "
                 "estimator/feature-column endpoints, …); table generated from real TF",
      .fix_note = "none (the message names the replacement when one is known)",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm101() {
  static const RemovedApi kRule;
  return kRule;
}

void RemovedApi::CheckPython(PythonContext& ctx) const {
  const ApiTables& t = ApiTables::Get();
  for (const TfRef& r : ctx.model().refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const RefChain* chain = CachedChainOf(ctx.model(), r);
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
  // Imports of removed modules fail before any use: `import tensorflow.contrib.slim
  // as slim`, `from tensorflow.contrib import layers`. One finding per statement.
  std::vector<uint32_t> seen;
  for (const Binding& b : ctx.model().bindings()) {
    if (b.kind != BindingKind::kImport && b.kind != BindingKind::kStarImport) continue;
    auto tf = SplitTfName(b.qname);
    if (!tf || tf->path.empty() || b.qname.rfind("tensorflow", 0) != 0) continue;
    std::string matched;
    const RemovedEntry* e = t.FindRemoved(tf->path, &matched);
    if (!e) continue;
    TSNode stmt = b.target;
    while (!ts_node_is_null(stmt) && !ts::Is(stmt, "import_statement") && !ts::Is(stmt, "import_from_statement"))
      stmt = ts::Parent(stmt);
    if (ts_node_is_null(stmt)) continue;
    uint32_t start = ts_node_start_byte(stmt);
    if (std::find(seen.begin(), seen.end(), start) != seen.end()) continue;
    seen.push_back(start);
    std::string msg = fmt::format("importing `{}` fails in TF2: `tf.{}` was removed, not even `tf.compat.v1` has it",
                                  b.qname, matched);
    if (!e->replacement.empty()) msg += fmt::format("; replacement: {}", e->replacement);
    ctx.Report(stmt, std::move(msg));
  }
}

}  // namespace tfm

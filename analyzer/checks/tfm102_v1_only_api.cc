#include "analyzer/checks/tfm102_v1_only_api.h"

#include <fmt/format.h>

#include <string>
#include <unordered_map>
#include <utility>

#include "analyzer/checks/api_tables.h"

namespace tfm {

const RuleInfo& V1OnlyApi::info() const {
  static const RuleInfo kInfo{
      .id = "TFM102",
      .name = "v1-only-api",
      .severity = Severity::kError,
      .fix = FixKind::kSafe,
      .input = RuleInput::kPython,
      .summary = "TF1 symbol that exists in TF2 only as tf.compat.v1.X",
      .trigger = "symbol that exists in TF2 only as `tf.compat.v1.X` (`tf.Session`, `tf.placeholder`, "
                 "`tf.get_variable`, `tf.train.AdamOptimizer`, `tf.layers.dense`, …)",
      .fix_note = "safe (`tf.compat.v1.X`)",
      .closed_edits = kPrefixEdit | kToggleEdit,
      .owns_behavior_toggle = true,
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm102() {
  static const V1OnlyApi kRule;
  return kRule;
}

void V1OnlyApi::CheckPython(PythonContext& ctx) const {
  const ApiTables& t = ApiTables::Get();
  // The toggle edit is the same for every finding of the file: compute it once.
  bool toggle_done = false;
  std::optional<Edit> toggle;
  std::unordered_map<std::string, std::pair<std::string, std::string>> texts_of;  // symbol -> message, fix title
  for (const TfRef& r : ctx.model().refs()) {
    if (r.tf.ns != TfNs::kTop) continue;
    const RefChain* chain = CachedChainOf(ctx.model(), r);
    if (!chain) continue;
    // A name bound to a TF symbol by assignment (`K = tf.GraphKeys`, `TRAIN =
    // tf.GraphKeys.TRAINABLE_VARIABLES`): the symbol is reported where it is assigned;
    // the name's uses spell no TF symbol of their own.
    if (!chain->root_is_tf) {
      const Binding* b = ctx.model().Lookup(chain->root_text, ts_node_start_byte(chain->nodes[0]));
      if (b && b->kind == BindingKind::kAssign) continue;
    }
    std::string sym = t.V1OnlyPrefix(r.tf.path);
    if (sym.empty()) continue;
    TSNode at = PrefixNode(*chain, ComponentCount(sym));
    if (ts_node_is_null(at)) at = r.node;
    // A file names the same few symbols over and over: format their texts once.
    auto [texts, added] = texts_of.try_emplace(sym);
    if (added) {
      texts->second.first = fmt::format("`tf.{0}` exists in TF2 only as `tf.compat.v1.{0}`", sym);
      if (t.NeedsTfKeras(sym))
        texts->second.first += " (Keras 2: under TF 2.16+ it needs the tf_keras package and TF_USE_LEGACY_KERAS=1, "
                               "which the fix sets after the import)";
      texts->second.second = fmt::format("Replace with `tf.compat.v1.{}`", sym);
    }
    std::string msg = texts->second.first;
    auto fix = CompatV1Fix(*chain, texts->second.second);
    if (!fix) msg += " (imported by name: import it from `tensorflow.compat.v1`)";
    // TF1 programs need TF1 behavior to run through tf.compat.v1 on TF2.
    if (fix) {
      if (!toggle_done) {
        toggle = GraphModeEdit(ctx.model(), *chain);
        toggle_done = true;
      }
      if (toggle) {
        fix->edits.push_back(*toggle);
        fix->title += " (and disable TF2 behavior after the import)";
      }
    }
    ctx.Report(at, std::move(msg), std::move(fix));
  }
}

}  // namespace tfm

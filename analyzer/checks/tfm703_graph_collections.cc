#include "analyzer/checks/tfm703_graph_collections.h"

#include <fmt/format.h>

#include "analyzer/checks/graph_rule_util.h"

namespace tfm {
namespace {

std::string_view Hint(std::string_view key) {
  if (key == "variables" || key == "global_variables" || key == "local_variables" || key == "model_variables" ||
      key == "trainable_variables")
    return "track variables as attributes of a `tf.Module` / Keras layer (`module.trainable_variables`)";
  if (key == "update_ops") return "run updates explicitly (Keras layers apply their own, e.g. batch-norm moving averages)";
  if (key == "losses" || key == "regularization_losses") return "return losses from the model (`model.losses`)";
  if (key == "summaries") return "write summaries eagerly with `tf.summary` and a default writer";
  if (key == "cond_context" || key == "while_context")
    return "v1 control-flow contexts disappear with control flow v2 (see TFM701)";
  if (key == "queue_runners") return "use `tf.data` (see TFM704)";
  if (key == "savers") return "save with `tf.train.Checkpoint` / `tf.saved_model.save`";
  if (key == "train_op") return "call the training step (a `tf.function`) directly";
  return "TF2 code passes objects explicitly instead of through graph collections";
}

}  // namespace

const RuleInfo& GraphCollections::info() const {
  static const RuleInfo kInfo{
      .id = "TFM703",
      .name = "graph-collections",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "MetaGraphDef collection_def entries (variables, update_ops, losses, contexts, ...)",
      .trigger = "MetaGraphDef `collection_def` entries (variables, trainable_variables, update_ops, losses, "
                 "summaries, cond_context, while_context, queue_runners, savers)",
  };
  return kInfo;
}

const Rule& rules::Tfm703() {
  static const GraphCollections kRule;
  return kRule;
}

void GraphCollections::CheckGraph(GraphContext& ctx) const {
  for (const auto& mg : ctx.file().meta_graphs)
    for (const auto& c : mg.collections) {
      // The SavedModel loader's own init-op entry, written by TF2's tf.saved_model.save too.
      if (c.key == "saved_model_main_op") continue;
      std::string items = c.kind == "node_list" && !c.items.empty() ? ": " + NameList(c.items) : "";
      ctx.ReportLine(c.line, fmt::format("graph collection `{}` ({} {} entr{}{}): TF2 has no graph collections; {}",
                                         c.key, c.size, c.kind, c.size == 1 ? "y" : "ies", items, Hint(c.key)));
    }
}

}  // namespace tfm

#include "analyzer/checks/tfm704_graph_queue_pipeline.h"

#include <fmt/format.h>

#include "analyzer/checks/graph_rule_util.h"

namespace tfm {
namespace {

// Queue and reader ops worth a finding: the ones that create a queue or reader and
// the ones that consume from them (enqueue, close and size ops belong to those).
bool Reported(std::string_view op) {
  if (!graph::IsQueueOrReaderOp(op)) return false;
  if (op.rfind("QueueEnqueue", 0) == 0 || op.rfind("QueueClose", 0) == 0 || op.rfind("QueueSize", 0) == 0 ||
      op.rfind("QueueIsClosed", 0) == 0)
    return false;
  return true;
}

std::string_view Role(std::string_view op) {
  if (op.rfind("QueueDequeue", 0) == 0) return "dequeues from a TF1 queue";
  if (op.rfind("ReaderRead", 0) == 0) return "reads records through a TF1 reader";
  if (op.find("Reader") != std::string_view::npos) return "is a TF1 reader";
  return "is a TF1 queue";
}

}  // namespace

const RuleInfo& GraphQueuePipeline::info() const {
  static const RuleInfo kInfo{
      .id = "TFM704",
      .name = "graph-queue-pipeline",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "queue/reader input pipeline ops or a queue_runners collection",
      .trigger = "queue ops (`FIFOQueueV2`, `RandomShuffleQueueV2`, `QueueDequeueManyV2`, `ReaderReadV2`) or a "
                 "`queue_runners` collection",
  };
  return kInfo;
}

const Rule& rules::Tfm704() {
  static const GraphQueuePipeline kRule;
  return kRule;
}

void GraphQueuePipeline::CheckGraph(GraphContext& ctx) const {
  ForEachGraph(ctx.file(), [&](const graph::MetaGraph&, const graph::Graph& g) {
    for (const auto& n : g.nodes)
      if (Reported(n.op))
        ctx.ReportNode(g, n,
                       fmt::format("`{}`{} ({}) {}: queues are fed by queue-runner threads that TF2 never starts "
                                   "(no `tf.train.start_queue_runners`); rebuild the input with `tf.data`",
                                   n.name, InFunction(g), n.op, Role(n.op)));
  });
  for (const auto& mg : ctx.file().meta_graphs)
    for (const auto& c : mg.collections)
      if (c.key == "queue_runners")
        ctx.ReportLine(c.line, fmt::format("collection `queue_runners` holds {} QueueRunner{}: TF2 has no queue "
                                           "runners; the input pipeline must become `tf.data`",
                                           c.size, c.size == 1 ? "" : "s"));
}

}  // namespace tfm

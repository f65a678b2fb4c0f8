// TFM704 graph-queue-pipeline: queue and reader ops (FIFOQueueV2, RandomShuffleQueueV2,
// QueueDequeueManyV2, ReaderReadV2, ...) and a queue_runners collection.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class GraphQueuePipeline : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckGraph(GraphContext& ctx) const override;
};

namespace rules {
const Rule& Tfm704();
}  // namespace rules

}  // namespace tfm

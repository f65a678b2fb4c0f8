// TFM207 queue-input-pipeline: the TF1 queue-based input API (`tf.train.*`
// producers and batchers, `QueueRunner`, `start_queue_runners`, the `*Reader`
// classes, and a `Coordinator` used with them). TF2 has no queue runners; input
// pipelines are `tf.data` datasets.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class QueueInputPipeline : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm207();
}  // namespace rules

}  // namespace tfm

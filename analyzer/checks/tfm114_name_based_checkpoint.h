// TFM114 name-based-checkpoint: TF1 name-based checkpointing — `tf.train.Saver`,
// `tf.train.import_meta_graph`, and `saver.restore(sess, path)` restoring a
// checkpoint (often `tf.train.latest_checkpoint(dir)`) into a graph. TF2 saves and
// restores objects with `tf.train.Checkpoint`. Diagnostic only.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class NameBasedCheckpoint : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm114();
}  // namespace rules

}  // namespace tfm

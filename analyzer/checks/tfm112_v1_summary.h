// TFM112 v1-summary: the TF1 summary API — `tf.summary.FileWriter`, `merge_all`,
// `merge`, `tensor_summary`, the `Summary` proto — and `tf.summary.scalar` /
// `histogram` / `image` / `audio` / `text` used as TF1 summary ops (spelled through
// `tf.compat.v1`, or in a file that builds graphs and runs them in sessions).
// TF2 has `tf.summary.scalar` too, with other semantics (writes immediately to the
// default writer at an explicit `step`), so those names fire only in TF1 context.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class V1Summary : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm112();
}  // namespace rules

}  // namespace tfm

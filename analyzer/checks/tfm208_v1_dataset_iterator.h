// TFM208 v1-dataset-iterator: TF1 dataset iterators (`ds.make_one_shot_iterator()`,
// `make_initializable_iterator`, `Iterator.from_structure`, running
// `iterator.initializer`, and `get_next()` in session code). The safe fix moves the
// one-shot method to `tf.compat.v1.data.make_one_shot_iterator(ds)`, which exists in
// TF2 and calls the same implementation.
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class V1DatasetIterator : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm208();
}  // namespace rules

}  // namespace tfm

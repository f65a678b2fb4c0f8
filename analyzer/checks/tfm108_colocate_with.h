// TFM108 colocate-with: `tf.colocate_with(op)` / `graph.colocate_with(op)`; TF2's
// placer colocates automatically, so the context manager is unnecessary.
// Safe fix: remove the `with` wrapper — when the call is the only item of a `with`
// statement the body is dedented in its place (comments on the `with` line are
// kept on their own line); when it is one of several items only that item is
// removed. No fix for `as` targets, `async with`, tabs in the indentation, or a
// body holding a multi-line string (dedenting would change the string).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class ColocateWith : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm108();
}  // namespace rules

}  // namespace tfm

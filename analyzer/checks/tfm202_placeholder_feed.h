// TFM202 placeholder-feed: graph inputs declared with `placeholder` /
// `placeholder_with_default` and values fed into a session run with `feed_dict=`.
// TF2 passes inputs as function arguments. Diagnostic only (see the doc page).
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {

class PlaceholderFeed : public Rule {
 public:
  const RuleInfo& info() const override;
  void CheckPython(PythonContext& ctx) const override;
};

namespace rules {
const Rule& Tfm202();
}  // namespace rules

}  // namespace tfm

// Applying fixes: edits are byte ranges on the original text, applied in one pass.
// An edit overlapping one already accepted is deferred (the caller re-analyses
// and tries again next pass); FixLoop repeats analyse+apply to a fixed point.
//
//   auto r = tfm::ApplyFixes(text, diagnostics, {.unsafe = false});
//   r.text; r.applied; r.deferred;
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "analyzer/source/diagnostic.h"

namespace tfm {

struct ApplyOptions {
  bool unsafe = false;  // also apply FixSafety::kUnsafe fixes
};

struct ApplyResult {
  std::string text;
  size_t applied = 0;   // fixes applied
  size_t deferred = 0;  // fixes skipped because they overlapped an applied one
  std::vector<Edit> edits;  // the accepted edits, sorted by position (original coordinates)
};

// Applies every applicable fix whose edits do not overlap an earlier-accepted fix.
// Fixes are all-or-nothing; they are considered in diagnostic order.
ApplyResult ApplyFixes(const std::string& text, const std::vector<Diagnostic>& diags, const ApplyOptions& opts);

}  // namespace tfm

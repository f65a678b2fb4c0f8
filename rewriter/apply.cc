#include "rewriter/apply.h"

#include <algorithm>

namespace tfm {

ApplyResult ApplyFixes(const std::string& text, const std::vector<Diagnostic>& diags, const ApplyOptions& opts) {
  ApplyResult r;
  std::vector<Edit> accepted;
  auto overlaps = [&](const Edit& e) {
    for (const Edit& a : accepted) {
      if (a == e) continue;  // the same edit from another fix is applied once
      if (e.begin < a.end && a.begin < e.end) return true;
      if (e.begin == e.end && a.begin == a.end && e.begin == a.begin) return true;  // two inserts at one point
      if (e.begin == e.end && a.begin < e.begin && e.begin < a.end) return true;
    }
    return false;
  };
  for (const Diagnostic& d : diags) {
    if (!d.fix || d.fix->safety == FixSafety::kDisplayOnly) continue;
    if (d.fix->safety == FixSafety::kUnsafe && !opts.unsafe) continue;
    bool ok = true;
    for (const Edit& e : d.fix->edits)
      if (e.end < e.begin || e.end > text.size() || overlaps(e)) ok = false;
    // edits within one fix must not overlap each other either
    for (size_t i = 0; ok && i < d.fix->edits.size(); ++i)
      for (size_t j = i + 1; j < d.fix->edits.size(); ++j) {
        const Edit &a = d.fix->edits[i], &b = d.fix->edits[j];
        if (a.begin < b.end && b.begin < a.end) ok = false;
      }
    if (!ok) {
      ++r.deferred;
      continue;
    }
    // Identical edits from two diagnostics are applied once.
    for (const Edit& e : d.fix->edits)
      if (std::find(accepted.begin(), accepted.end(), e) == accepted.end()) accepted.push_back(e);
    ++r.applied;
  }
  std::sort(accepted.begin(), accepted.end(),
            [](const Edit& a, const Edit& b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });
  r.text.reserve(text.size());
  size_t pos = 0;
  for (const Edit& e : accepted) {
    r.text.append(text, pos, e.begin - pos);
    r.text += e.replacement;
    pos = e.end;
  }
  r.text.append(text, pos, std::string::npos);
  r.edits = std::move(accepted);
  return r;
}

}  // namespace tfm

// When may the fix loop stop after a pass WITHOUT analysing the text it produced?
// The loop used to re-analyse every result (re-parse, semantic model, fixing rules)
// only to find nothing; this unit decides, from facts of the pass alone, that the
// result is a fixed point by construction, so that confirming pass can be skipped.
//
//   PassFacts f{.before = &cur.text, .after = &ar.text, .findings = &analysed.diagnostics,
//               .applied = &fixes, .edits = &ar.edits, .deferred = ar.deferred, ...};
//   std::string why;
//   if (PassIsFixedPoint(f, &why)) stop;   // else analyse the result (`why` says what needs it)
//
// The argument (fixed_point.cc has it rule by rule): in a pass where no fix was
// deferred or held back, every applied fix is one of the "closed" edit shapes its
// rule declares (RuleInfo::closed_edits), and none of the runtime conditions below
// fails, no fixing rule can report an applicable fix on the result that it did not
// report (and get applied) on the input. Anything else keeps the confirming pass.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/source/diagnostic.h"

namespace tfm {

struct PassFacts {
  const std::string* before = nullptr;              // the text the pass analysed
  const std::string* after = nullptr;               // the text the pass produced
  const std::vector<Diagnostic>* findings = nullptr;  // every finding of the analysis of `before`
  const std::vector<Diagnostic>* applied = nullptr;   // the fixes the pass applied (all of them)
  const std::vector<Edit>* edits = nullptr;         // the accepted edits (sorted, `before` coordinates)
  size_t deferred = 0;          // applicable fixes not applied (overlap, bad range)
  size_t held_back = 0;         // applicable fixes not offered to the pass (notebook cell boundaries)
  uint32_t max_depth = 0;       // deepest nesting of `before` (the depth limit must still hold)
  bool unsafe = false;          // --unsafe-fixes: never skipped (unsafe edits are not analysed here)
};

// True when `after` is a fixed point of the fix loop by construction; otherwise
// false with the first reason in `why` (when given).
bool PassIsFixedPoint(const PassFacts& f, std::string* why = nullptr);

// Is this applied fix one of the closed edit shapes (see fixed_point.cc)? `text` is
// the text the fix's edits index.
bool IsClosedFix(const Diagnostic& d, const std::string& text);

}  // namespace tfm

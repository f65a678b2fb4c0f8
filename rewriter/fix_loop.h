// The fix loop of `tfmigrate rewrite`: analyse -> apply every non-overlapping
// applicable fix -> re-parse -> repeat until no fix applies (bounded). A source
// that does not parse is not rewritten (fixes in a broken region cannot be
// trusted); a result that does not parse is discarded: the original text is kept
// and the failure is reported.
//
//   tfm::FixLoopOptions o{.unsafe = false};
//   auto analyzer = tfm::RewriteAnalyzer(parser, config, analyze_opts, o.unsafe, /*all_rules=*/true);
//   tfm::FixLoopResult r = tfm::RunFixLoop(source, o, *analyzer);
//   if (!r.ok) ...r.error;  else r.text, r.applied, r.remaining
//
// The analysis is a parameter so tests can drive the loop with their own fixes.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/project/analyze.h"
#include "analyzer/source/diagnostic.h"
#include "analyzer/source/source.h"

namespace tfm {

// Analyses one source (a Python module or a notebook's virtual module).
using AnalyzeFn = std::function<FileResult(const SourceFile&)>;
// The real analyzer: every enabled rule, the file's configuration.
AnalyzeFn AnalyzerFor(PythonParser& parser, const Config* config, const AnalyzeOptions& opts);

// Analyses the successive texts of one fix loop. `prev` and `edits` say how `src`
// was made: `prev` with `edits` applied (sorted, non-overlapping, in `prev`'s
// coordinates); both null for the original text.
class LoopAnalyzer {
 public:
  virtual ~LoopAnalyzer() = default;
  virtual FileResult Analyze(const SourceFile& src, const SourceFile* prev, const std::vector<Edit>* edits) = 0;
};

// The analyzer `tfmigrate rewrite` uses: a later pass re-parses incrementally from
// the previous pass's tree (only the edited regions are read again), and unless
// `all_rules` only the rules that can offer a fix the loop applies run (FixKind
// safe, or any with `unsafe`); `all_rules` is needed for FixLoopResult::remaining.
std::unique_ptr<LoopAnalyzer> RewriteAnalyzer(PythonParser& parser, const Config* config, AnalyzeOptions opts,
                                              bool unsafe, bool all_rules);
// Tells `tree` (parsed from `old_text`) about `edits` (sorted, non-overlapping, in
// `old_text`'s coordinates) with ts_tree_edit, for an incremental re-parse.
void EditTree(TSTree* tree, const std::string& old_text, const std::vector<Edit>& edits);
// Can rule `info` offer a fix the loop applies (`unsafe`: --unsafe-fixes)?
bool RuleCanFix(const RuleInfo& info, bool unsafe);

struct FixLoopOptions {
  bool unsafe = false;  // also apply FixSafety::kUnsafe fixes (they win over competing safe ones)
  int max_passes = 16;
  // Stop after a pass whose result is a fixed point by construction
  // (rewriter/fixed_point.h) instead of analysing it again. The result is the same
  // text; FixLoopResult::remaining and final analysis are then not computed, so only
  // for callers that do not need them (rewrite -q).
  bool skip_confirmation = false;
  // Byte ranges (of the original text) no edit may cross: notebook cell boundaries.
  std::vector<uint32_t> boundaries;
};

struct FixLoopResult {
  bool ok = true;
  std::string error;               // why the file was left untouched (when !ok)
  std::string text;                // the rewritten text (== original when !ok)
  size_t applied = 0;              // fixes applied over all passes
  int passes = 0;
  bool converged = true;           // false when max_passes was hit with fixes still applying
  std::vector<Diagnostic> remaining;  // findings of the final text (for the summary; only the
                                      // fixable rules' unless the analyzer ran them all)
  std::shared_ptr<const SourceFile> final_source;
  std::vector<uint32_t> boundaries;   // `boundaries` mapped into the final text
  bool confirmed = true;              // false when the last pass's result was not analysed
                                      // (skip_confirmation; `remaining` is then empty)
  // With AnalyzeOptions::tf1_behavior: the original needs TF1 behavior (NeedsTf1Behavior);
  // when `confirmed`, also whether the final text does and the edit that gives it TF1
  // behavior (in the final text's coordinates; none when it already toggles behavior).
  bool tf1_original = false;
  bool tf1_final = false;
  std::optional<Edit> final_behavior_toggle;
  std::vector<Edit> final_tf1_semantics;  // FileResult::tf1_semantics of the final text
};

FixLoopResult RunFixLoop(const SourceFile& original, const FixLoopOptions& opts, LoopAnalyzer& analyzer);
// With a plain analysis function (every pass analyses the whole text).
FixLoopResult RunFixLoop(const SourceFile& original, const FixLoopOptions& opts, const AnalyzeFn& analyze);

}  // namespace tfm

// The fix loop of `tfmigrate rewrite`: analyse -> apply every non-overlapping
// applicable fix -> re-parse -> repeat until no fix applies (bounded). A source
// that does not parse is not rewritten (fixes in a broken region cannot be
// trusted); a result that does not parse is discarded: the original text is kept
// and the failure is reported.
//
//   tfm::FixLoopOptions o{.unsafe = false};
//   tfm::FixLoopResult r = tfm::RunFixLoop(source, o, tfm::AnalyzerFor(parser, config, analyze_opts));
//   if (!r.ok) ...r.error;  else r.text, r.applied, r.remaining
//
// The analysis is a parameter so tests can drive the loop with their own fixes.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "analyzer/project/analyze.h"
#include "analyzer/python/source.h"
#include "analyzer/report/diagnostic.h"

namespace tfm {

// Analyses one source (a Python module or a notebook's virtual module).
using AnalyzeFn = std::function<FileResult(const SourceFile&)>;
// The real analyzer: every enabled rule, the file's configuration.
AnalyzeFn AnalyzerFor(PythonParser& parser, const Config* config, const AnalyzeOptions& opts);

struct FixLoopOptions {
  bool unsafe = false;  // also apply FixSafety::kUnsafe fixes (they win over competing safe ones)
  int max_passes = 16;
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
  std::vector<Diagnostic> remaining;  // findings of the final text (for the summary)
  std::shared_ptr<const SourceFile> final_source;
  std::vector<uint32_t> boundaries;   // `boundaries` mapped into the final text
};

FixLoopResult RunFixLoop(const SourceFile& original, const FixLoopOptions& opts, const AnalyzeFn& analyze);

}  // namespace tfm

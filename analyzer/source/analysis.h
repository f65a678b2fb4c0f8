// FileResult and Analysis: what analysing files produced, one result per file. The
// driver (analyzer/project/analyze.h) makes them; the reports (analyzer/report/),
// the rewriter and `tfmigrate check` read them. Plain data over the source layer's
// types, so a report depends on nothing that analyses.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/source/diagnostic.h"
#include "analyzer/source/source.h"

namespace tfm {

struct FileResult {
  std::string path;
  std::shared_ptr<const SourceFile> source;  // for code frames; null for input errors
  std::vector<Diagnostic> diagnostics;        // sorted
  std::optional<InputError> error;
  std::optional<Severity> fail_on;             // from the file's configuration
  uint32_t line_count = 0;
  uint32_t max_depth = 0;  // deepest syntax nesting of a Python source (the rewriter's depth headroom)
  bool skipped = false;  // a graph-named file found in a directory walk that is not a graph
  // With AnalyzeOptions::tf1_behavior (analyzer/project/analyze.h): the file is a TF1
  // program that needs TF1 behavior (NeedsTf1Behavior), and the edit that gives it TF1
  // behavior (BehaviorToggleEdit) unless it toggles behavior already.
  bool needs_tf1_behavior = false;
  std::optional<Edit> behavior_toggle;
  // With it too: the edits that spell TF2 symbols whose TF1 meaning differs through
  // tf.compat.v1 (Tf1SemanticsEdits, analyzer/checks/api_tables.h); the compat level
  // applies them to a file that needs TF1 behavior. Sorted, not overlapping.
  std::vector<Edit> tf1_semantics;
};

struct Analysis {
  std::vector<FileResult> files;  // sorted by path
  std::vector<InputError> input_errors;  // path-level problems (missing path, bad config)
  bool HasInputErrors() const {
    if (!input_errors.empty()) return true;
    for (const auto& f : files)
      if (f.error) return true;
    return false;
  }
};

}  // namespace tfm

// Analysis driver: finds the input files, analyses each on a worker thread (one
// parser per thread) and returns results (analyzer/source/analysis.h) in a
// deterministic order.
//
//   tfm::AnalyzeOptions opts;                 // rule selection, suppressions, limits
//   tfm::Analysis a = tfm::AnalyzePaths({"src/", "nb.ipynb"}, opts);
//   for (auto& f : a.files) for (auto& d : f.diagnostics) ...
//   a.input_errors   // one line each: missing path, not UTF-8, too deep, ...
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/checks/rule.h"
#include "analyzer/project/config.h"
#include "analyzer/python/parse.h"
#include "analyzer/source/analysis.h"
#include "analyzer/source/diagnostic.h"

namespace tfm {

enum class InputKind { kPython, kNotebook, kGraph, kCpp, kOther };
InputKind ClassifyPath(const std::string& path);

struct AnalyzeOptions {
  std::vector<std::string> select;   // CLI overrides; empty: use config
  std::vector<std::string> extend_select;
  std::vector<std::string> ignore;   // added to config's ignore
  std::optional<std::string> config_file;
  bool isolated = false;             // ignore config files
  bool preview = false;              // also run rules in preview (RuleInfo::lifecycle), as `check --preview`
  bool report_unused_ignores = false;
  bool respect_excludes = true;
  SourceOptions source;
  unsigned jobs = 0;                 // 0: hardware concurrency
  // When set, Python rules for which it returns false are not run (the rewriter's
  // fix passes run only the rules that can offer an applicable fix).
  std::function<bool(const RuleInfo&)> rule_filter;
  // When set, AnalyzePaths calls it on the worker thread with each file's result as
  // soon as that file is done (`index`: its position in discovery order, before
  // skipped files are dropped; every index is passed exactly once, skipped files
  // included). It may take what it needs from the result (a streamed report takes the
  // diagnostics and the source) before the result is stored in Analysis::files. Files
  // are then handed out in discovery order instead of largest first, so a consumer
  // that writes results in order holds back little.
  std::function<void(size_t index, FileResult& result)> on_file;
  // The compat rewrite: also classify each Python file (FileResult::needs_tf1_behavior)
  // and compute the edit that adds a behavior toggle where it has none
  // (FileResult::behavior_toggle). Only while TFM102 is enabled for the file (its fixes
  // carry the same toggle; `--ignore TFM102` turns both off).
  bool tf1_behavior = false;
};

// Expands directories (recursively, skipping hidden dirs, virtual envs,
// __pycache__ and configured excludes); explicit file arguments are kept as given.
std::vector<std::string> DiscoverFiles(const std::vector<std::string>& paths, ConfigResolver& configs,
                                       bool respect_excludes, std::vector<InputError>* errors);

Analysis AnalyzePaths(const std::vector<std::string>& paths, const AnalyzeOptions& opts);

// Is rule `info` enabled for `path` by the command line (its --select overrides the
// configuration) or by the file's configuration (`config` may be null)? A rule in
// preview only with `opts.preview`, whatever selects it (as ruff).
bool RuleEnabled(const RuleInfo& info, const std::string& path, const Config* config, const AnalyzeOptions& opts);

// Analyses one already-loaded C++ source with the Clang front end. `config` may be null.
FileResult AnalyzeCppFile(SourceFile source, const Config* config, const AnalyzeOptions& opts);

// Analyses one already-loaded Python source (tests, rewriter). `config` may be null.
FileResult AnalyzeSource(PythonParser& parser, SourceFile source, const Config* config,
                         const AnalyzeOptions& opts);

// Loads a graph file or SavedModel directory (analyzer/graph/) and runs the graph
// rules (analyze_graph.cc). When `explicit_path` is false (found while walking a
// directory), content that is not a TensorFlow graph is skipped instead of an error.
FileResult AnalyzeGraphFile(const std::string& path, const Config* config, const AnalyzeOptions& opts,
                            bool explicit_path);

}  // namespace tfm

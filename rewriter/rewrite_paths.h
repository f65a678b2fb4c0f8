// The multi-file driver of `tfmigrate rewrite` (as analyzer/project's AnalyzePaths is
// `check`'s): finds the Python files and notebooks under the given paths, applies the
// fixes to each on a worker thread (RewriteFile, one parser per thread) and, in input
// order, prints a unified diff (default), commits the results in place (atomically) or
// writes a mirrored tree.
//
//   tfm::RewritePathsOptions o;
//   o.paths = {"legacy/"};
//   o.in_place = true;
//   int code = tfm::RewritePaths(o, std::cout, std::cerr);   // 0, 1 (refused) or 2
//
// `verify` (rewrite --verify) is the caller's: the rewriter does not run programs.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace tfm {

// What a verifier found out about one rewritten file.
struct RewriteVerdict {
  bool same = true;    // the rewrite behaves as the original: it may be written
  std::string report;  // when !same: the lines to print (each ending in '\n'); nothing is written
  // With !same: neither version produced an observation, so there was nothing to compare
  // (nothing is written either; RewritePaths then exits 5 unless something worse happened).
  bool nothing_compared = false;
};

struct RewritePathsOptions {
  std::vector<std::string> paths;  // files or directories; empty: "."
  std::string level = "compat";    // "compat" or "tf2"
  bool unsafe = false;             // also the unsafe fixes (implied by level "tf2")
  bool diff = false;               // print a unified diff (the default when no mode is chosen)
  bool in_place = false;           // rewrite the files in place
  std::string output_dir;          // write a mirrored tree here (must not exist)
  std::vector<std::string> select, ignore;
  std::string config;              // one configuration file for every input
  bool isolated = false;           // ignore configuration files
  bool quiet = false;              // no per-file summary
  unsigned jobs = 0;               // worker threads; 0: all cores
  // When set, called on a worker thread for each changed Python file with its path, the
  // original text and the rewritten text, before anything is written.
  std::function<RewriteVerdict(const std::string& source, const std::string& original, const std::string& rewritten)>
      verify;
};

// Rewrites the files; diffs go to `out`, errors and summaries to `err`. Returns 0, 1 when
// a verifier refused a rewrite whose behavior changed, 2 on a usage or input error, 5 when
// a verifier compared nothing (and nothing else went wrong).
int RewritePaths(const RewritePathsOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace tfm

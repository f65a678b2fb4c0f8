// One file through `tfmigrate rewrite`: read the bytes, run the fix loop on the
// Python module (or the notebook's virtual module, then splice the changed cells
// back into the JSON), and commit the result safely.
//
//   tfm::FileRewrite fr = tfm::RewriteFile(parser, "model.py", opts);   // reads, computes, writes nothing
//   if (fr.ok && fr.Changed()) tfm::CommitRewrite(fr, "model.py", &std::cerr);  // atomic, refuses unsafe cases
//
// Committing re-reads the target first and refuses when it changed on disk since
// it was read, is read-only, or is a symlink; the file is then left as it is.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "analyzer/project/analyze.h"
#include "rewriter/fix_loop.h"

namespace tfm {

struct RewriteFileOptions {
  bool unsafe = false;
  // --level tf2: after the compat fixes (unsafe ones included), TFM201's session-to-
  // function conversion (rewriter/tf2_session.h).
  bool tf2 = false;
  const Config* config = nullptr;
  AnalyzeOptions analyze;
  int max_passes = 16;
  // Compute FileRewrite::remaining (runs every rule on the final text); when false
  // only the rules that can fix run and `remaining` stays empty (rewrite -q).
  bool want_remaining = true;
  // With !want_remaining: stop without the confirming analysis after a pass whose
  // result is a fixed point by construction (rewriter/fixed_point.h). Tests turn it
  // off to compare against the confirmed loop.
  bool trust_fixed_point = true;
  // Test seam: runs after the result is computed and before anything is written.
  std::function<void(const std::string& target)> before_commit;
};

struct FileRewrite {
  std::string path;
  bool ok = true;
  std::string error;  // one line, when !ok: the file is left untouched
  std::string original;   // bytes as read
  unsigned mode = 0644;   // permission bits of the file as read
  std::string rewritten;  // bytes to write (== original when nothing changed)
  size_t applied = 0;     // fixes applied
  std::vector<Diagnostic> remaining;  // findings left for a person
  std::shared_ptr<const SourceFile> final_source;
  bool converged = true;
  // --level tf2: what the session conversion did, or why it left the compat result.
  std::string tf2_note;
  bool Changed() const { return ok && rewritten != original; }
};

FileRewrite RewriteFile(PythonParser& parser, const std::string& path, const RewriteFileOptions& opts);
// The same on bytes already read: `fr.path` (display and kind: a `.ipynb` path is a
// notebook) and `fr.original` set by the caller. Reads and writes nothing (the Python
// front-end fuzzer, tests/fuzz/python_fuzz_entry.h).
FileRewrite RewriteBytes(PythonParser& parser, FileRewrite fr, const RewriteFileOptions& opts);

// Replaces `target` (the file `fr` was read from, for --in-place) atomically; or,
// when `expect_original` is false (--output-dir), creates the new file `target`
// with the permissions of the file read.
bool CommitRewrite(const FileRewrite& fr, const std::string& target, bool expect_original,
                   const RewriteFileOptions& opts, std::ostream* err);

}  // namespace tfm

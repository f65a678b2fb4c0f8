#include "rewriter/rewrite_file.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rewriter/atomic_write.h"
#include "rewriter/notebook.h"

namespace tfm {
namespace {

bool ReadAll(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return !in.bad();
}

}  // namespace

FileRewrite RewriteFile(PythonParser& parser, const std::string& path, const RewriteFileOptions& opts) {
  FileRewrite fr;
  fr.path = path;
  auto fail = [&](std::string msg) {
    fr.ok = false;
    fr.error = std::move(msg);
    fr.rewritten = fr.original;
    return fr;
  };
  if (!ReadAll(path, &fr.original)) return fail(fmt::format("{}: cannot read the file", path));
  fr.rewritten = fr.original;
  const bool notebook = ClassifyPath(path) == InputKind::kNotebook;
  auto src = SourceFromBytes(fr.original, path, notebook ? SourceKind::kNotebook : SourceKind::kPython);
  if (!src) return fail(src.error().message);
  if (!src->declared_encoding.empty() && src->declared_encoding != "utf-8" && src->declared_encoding != "utf8")
    return fail(fmt::format("{}: declares the encoding `{}`; rewriting it is not supported (left untouched)", path,
                            src->declared_encoding));
  FixLoopOptions lo;
  lo.unsafe = opts.unsafe;
  lo.max_passes = opts.max_passes;
  if (notebook) lo.boundaries = CellBoundaries(*src);
  FixLoopResult r = RunFixLoop(*src, lo, AnalyzerFor(parser, opts.config, opts.analyze));
  if (!r.ok) return fail(r.error);
  // A file that did not parse before is left alone: fixes inside a broken region
  // cannot be trusted.
  fr.applied = r.applied;
  fr.remaining = std::move(r.remaining);
  fr.final_source = r.final_source;
  fr.converged = r.converged;
  if (r.text == src->text) return fr;
  if (notebook) {
    auto json = SpliceNotebook(fr.original, *src, r.text, r.boundaries);
    if (!json) return fail(json.error().message);
    fr.rewritten = std::move(*json);
  } else {
    fr.rewritten = (src->had_bom ? std::string("\xEF\xBB\xBF") : std::string()) + r.text;
  }
  return fr;
}

bool CommitRewrite(const FileRewrite& fr, const std::string& target, bool expect_original,
                   const RewriteFileOptions& opts, std::ostream* err) {
  namespace fs = std::filesystem;
  if (opts.before_commit) opts.before_commit(target);
  std::error_code ec;
  if (expect_original) {
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
      *err << fmt::format("error: {}: is a symlink; rewriting in place would replace the link with a file (rewrite "
                          "its target, or use --output-dir); left untouched\n",
                          target);
      return false;
    }
    struct stat st {};
    if (::access(target.c_str(), W_OK) != 0 || (::stat(target.c_str(), &st) == 0 && (st.st_mode & 0222) == 0)) {
      *err << fmt::format("error: {}: is read-only; not rewritten (left untouched)\n", target);
      return false;
    }
    std::string now;
    if (!ReadAll(target, &now) || now != fr.original) {
      *err << fmt::format("error: {}: changed on disk while it was being rewritten; not written (your version is "
                          "kept; run the rewrite again)\n",
                          target);
      return false;
    }
  }
  // In place: durable replacement. A new tree (--output-dir) needs no fsync per file.
  return WriteFileAtomic(target, fr.rewritten, err, /*durable=*/expect_original);
}

}  // namespace tfm

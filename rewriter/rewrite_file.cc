#include "rewriter/rewrite_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "rewriter/atomic_write.h"
#include "rewriter/notebook.h"
#include "rewriter/tf2_session.h"
#include "rewriter/tf2_testcase.h"

namespace tfm {
namespace {

// The whole file in one buffer sized from fstat (no stream copies); `mode` gets
// its permission bits.
bool ReadAll(const std::string& path, std::string* out, unsigned* mode = nullptr) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    return false;
  }
  if (mode) *mode = st.st_mode & 07777;
  size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? static_cast<size_t>(st.st_size) + 1 : 4096;
  out->assign(cap, '\0');
  size_t len = 0;
  for (;;) {
    if (len == out->size()) out->resize(out->size() * 2);
    ssize_t n = ::read(fd, out->data() + len, out->size() - len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    len += static_cast<size_t>(n);
  }
  ::close(fd);
  out->resize(len);
  return true;
}

// A TF1 program runs on TF2 with TF1 behavior after the compat rewrite even where no fix
// carried `disable_v2_behavior()` (TFM102's do): a file spelled through tf.compat.v1
// throughout, a test file, a script whose symbols all kept their names. TF1 is judged on
// the original and on the result (a second rewrite must make no edit), the toggle
// inserted in the result after its tensorflow import; counted as one applied edit.
// At the compat level (`tf1_semantics`) the TF2 symbols whose TF1 meaning differs even
// with TF1 behavior (`tf.Variable`, ...: Tf1SemanticsEdits) are also spelled through
// tf.compat.v1, one applied edit each; the tf2 level keeps TF2's meaning.
void AddTf1Behavior(PythonParser& parser, const std::string& path, const RewriteFileOptions& opts,
                    const SourceFile& original, bool tf1_semantics, FixLoopResult* r) {
  bool tf1 = r->tf1_original || (r->confirmed && r->tf1_final);
  std::optional<Edit> toggle = r->final_behavior_toggle;
  std::vector<Edit> edits = r->final_tf1_semantics;
  if (!r->confirmed && (tf1 || r->text != original.text)) {
    // The loop stopped without analysing its result (rewrite -q): classify it here, with
    // only the rule that decides whether the toggle is wanted (TFM102).
    auto final_src = SourceFromBytes(r->text, path, SourceKind::kPython);
    if (!final_src) return;
    final_src->kind = original.kind;
    final_src->cells = original.cells;
    AnalyzeOptions o = opts.analyze;
    o.tf1_behavior = true;
    auto outer = o.rule_filter;
    o.rule_filter = [outer](const RuleInfo& info) { return info.owns_behavior_toggle && (!outer || outer(info)); };
    FileResult fin = AnalyzeSource(parser, std::move(*final_src), opts.config, o);
    if (fin.error) return;
    tf1 = tf1 || fin.needs_tf1_behavior;
    toggle = fin.behavior_toggle;
    edits = std::move(fin.tf1_semantics);
  }
  if (!tf1) return;
  if (!tf1_semantics) edits.clear();
  if (toggle && toggle->begin == toggle->end) edits.push_back(*toggle);
  // Back to front, so each edit's offsets still hold; cell boundaries move with them.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  for (const Edit& e : edits) {
    if (e.begin > e.end || e.end > r->text.size()) continue;
    bool crosses = false;
    for (uint32_t b : r->boundaries) crosses = crosses || (e.begin < b && b < e.end);
    if (crosses) continue;
    r->text.replace(e.begin, e.end - e.begin, e.replacement);
    const int64_t delta = static_cast<int64_t>(e.replacement.size()) - (e.end - e.begin);
    for (uint32_t& b : r->boundaries)
      if (b >= e.end) b = static_cast<uint32_t>(b + delta);
    ++r->applied;
  }
}

// The notebook's virtual module with a marker comment line before each code cell (cell i
// is text[bounds[i], bounds[i + 1])), so that the tf2 conversion, which moves statements,
// keeps track of where each cell starts.
constexpr std::string_view kCellMarker = "# tfmigrate:cell ";

std::string MarkCells(const std::string& text, const std::vector<uint32_t>& bounds) {
  std::string out;
  for (size_t i = 0; i + 1 < bounds.size(); ++i) {
    out += fmt::format("{}{}\n", kCellMarker, i);
    out.append(text, bounds[i], bounds[i + 1] - bounds[i]);
  }
  return out;
}

// Removes the markers from a converted module: `text` without them and the cells'
// boundaries in it. False unless every marker 0..n-1 is found once, in order, as a whole
// line; code the conversion put before the first marker belongs to the first cell.
bool SplitAtMarkers(const std::string& marked, size_t n, std::string* text, std::vector<uint32_t>* bounds) {
  text->clear();
  bounds->clear();
  size_t next = 0, pos = 0;
  while (pos < marked.size()) {
    size_t eol = marked.find('\n', pos);
    size_t end = eol == std::string::npos ? marked.size() : eol + 1;
    std::string_view line(marked.data() + pos, end - pos);
    if (line.starts_with(kCellMarker)) {
      if (line != fmt::format("{}{}\n", kCellMarker, next)) return false;
      bounds->push_back(next == 0 ? 0 : static_cast<uint32_t>(text->size()));
      ++next;
    } else {
      text->append(line);
    }
    pos = end;
  }
  if (next != n) return false;
  bounds->push_back(static_cast<uint32_t>(text->size()));
  return true;
}

}  // namespace

FileRewrite RewriteFile(PythonParser& parser, const std::string& path, const RewriteFileOptions& opts) {
  FileRewrite fr;
  fr.path = path;
  if (!ReadAll(path, &fr.original, &fr.mode)) {
    fr.ok = false;
    fr.error = fmt::format("{}: cannot read the file", path);
    return fr;
  }
  return RewriteBytes(parser, std::move(fr), opts);
}

FileRewrite RewriteBytes(PythonParser& parser, FileRewrite fr, const RewriteFileOptions& opts) {
  const std::string& path = fr.path;
  auto fail = [&](std::string msg) {
    fr.ok = false;
    fr.error = std::move(msg);
    fr.rewritten = fr.original;
    return fr;
  };
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
  // Without a summary nothing needs the analysis of the final text.
  lo.skip_confirmation = !opts.want_remaining && opts.trust_fixed_point;
  if (notebook) lo.boundaries = CellBoundaries(*src);
  AnalyzeOptions aopts = opts.analyze;
  aopts.tf1_behavior = true;
  auto analyzer = RewriteAnalyzer(parser, opts.config, aopts, opts.unsafe, opts.want_remaining);
  FixLoopResult r = RunFixLoop(*src, lo, *analyzer);
  if (!r.ok) return fail(r.error);
  AddTf1Behavior(parser, path, opts, *src, /*tf1_semantics=*/!opts.tf2, &r);
  // A file that did not parse before is left alone: fixes inside a broken region
  // cannot be trusted.
  fr.applied = r.applied;
  if (opts.want_remaining) fr.remaining = std::move(r.remaining);
  fr.final_source = r.final_source;
  fr.converged = r.converged;
  if (opts.tf2) {
    // A notebook's virtual module is converted as one module with a marker line at each
    // cell boundary; the result is cut at the markers again (MarkCells / SplitAtMarkers).
    std::string module = notebook ? MarkCells(r.text, r.boundaries) : r.text;
    std::vector<Diagnostic> compat_findings;
    if (auto compat_src = SourceFromBytes(module, path, SourceKind::kPython))
      compat_findings = AnalyzerFor(parser, opts.config, opts.analyze)(*compat_src).diagnostics;
    // a tf.test.TestCase file whose sessions are all in its tests: eager tests
    // (rewriter/tf2_testcase.h); any other file: the session conversion
    TestCaseConversion t = notebook ? TestCaseConversion{} : ConvertTestCases(parser, module, &compat_findings, path);
    SessionConversion c = t.applies ? SessionConversion{} : ConvertSessionToFunctions(parser, module, &compat_findings);
    if (t.applies) {
      c.converted = t.converted;
      c.text = std::move(t.text);
      c.reason = t.reason;
      c.line = t.line;
      c.runs = t.runs;
      c.kept_compat = t.kept_compat;
      c.notes = t.notes;
    }
    std::vector<uint32_t> converted_bounds;
    std::string converted;
    if (c.converted && notebook && !SplitAtMarkers(c.text, r.boundaries.size() - 1, &converted, &converted_bounds)) {
      c.converted = false;
      c.line = 0;
      c.reason = "the conversion moved code across the notebook's cell boundaries";
    } else if (c.converted && !notebook) {
      converted = std::move(c.text);
    }
    if (c.converted && notebook) {
      // blank lines the conversion put at the top of a cell (before a new def) go
      std::string tidy;
      std::vector<uint32_t> tidy_bounds;
      for (size_t i = 0; i + 1 < converted_bounds.size(); ++i) {
        std::string_view seg(converted.data() + converted_bounds[i], converted_bounds[i + 1] - converted_bounds[i]);
        std::string_view old_seg(r.text.data() + r.boundaries[i], r.boundaries[i + 1] - r.boundaries[i]);
        if (!old_seg.starts_with("\n"))
          while (seg.starts_with("\n")) seg.remove_prefix(1);
        tidy_bounds.push_back(static_cast<uint32_t>(tidy.size()));
        tidy.append(seg);
      }
      tidy_bounds.push_back(static_cast<uint32_t>(tidy.size()));
      converted = std::move(tidy);
      converted_bounds = std::move(tidy_bounds);
    }
    if (c.converted) {
      r.text = std::move(converted);
      if (notebook) r.boundaries = std::move(converted_bounds);
      fr.applied += static_cast<size_t>(c.runs);
      fr.tf2_note = t.applies ? fmt::format("session converted: tf.test.TestCase: {} test{} eager, {} kept in a graph; "
                                            "{} session run{} replaced by self.evaluate or removed",
                                            t.eager, t.eager == 1 ? "" : "s", t.graph, c.runs, c.runs == 1 ? "" : "s")
                              : fmt::format("session converted: {} sess.run call{} into {} tf.function{}", c.runs,
                                            c.runs == 1 ? "" : "s", c.functions, c.functions == 1 ? "" : "s");
      for (const std::string& k : c.kept_compat) fr.tf2_note += "; " + k;
      for (const std::string& k : c.notes) fr.tf2_note += "; " + k;
      if (opts.want_remaining) {
        auto final_src = SourceFromBytes(r.text, path, SourceKind::kPython);
        if (final_src) {
          FileResult fin = AnalyzerFor(parser, opts.config, opts.analyze)(*final_src);
          fr.remaining = std::move(fin.diagnostics);
        }
      }
    } else if (c.line && notebook) {
      // a line of the marked module: the cell (after the c.line-th line's last marker) and its row
      uint32_t cell = 0, row = c.line, line = 0;
      for (size_t p = 0; p < module.size() && line + 1 < c.line; p = module.find('\n', p) + 1) {
        ++line;
        if (std::string_view(module).substr(p).starts_with(kCellMarker)) {
          cell = static_cast<uint32_t>(std::stoul(module.substr(p + kCellMarker.size(), 10)));
          row = c.line - line;
        }
        if (module.find('\n', p) == std::string::npos) break;
      }
      fr.tf2_note = fmt::format("session not converted (cell {}:{} of the compat result): {}",
                                cell < src->cells.size() ? src->cells[cell].code_number : cell + 1, row, c.reason);
    } else {
      fr.tf2_note = c.line ? fmt::format("session not converted (line {} of the compat result): {}", c.line, c.reason)
                           : fmt::format("session not converted: {}", c.reason);
    }
  }
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
  // In place: durable atomic replacement. A file of a new tree (--output-dir) is
  // created directly: nothing is replaced, so there is nothing to keep atomic.
  if (expect_original) return WriteFileAtomic(target, fr.rewritten, err, /*durable=*/true);
  return WriteNewFile(target, fr.rewritten, fr.mode, err);
}

}  // namespace tfm

#include "rewriter/fix_loop.h"

#include <fmt/format.h>

#include <algorithm>

#include "rewriter/apply.h"

namespace tfm {
namespace {

const Diagnostic* FindSyntaxError(const FileResult& r) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule_id == "syntax-error") return &d;
  return nullptr;
}

bool CrossesBoundary(const Fix& f, const std::vector<uint32_t>& boundaries) {
  for (const Edit& e : f.edits)
    for (uint32_t b : boundaries)
      if (e.begin < b && b < e.end) return true;
  return false;
}

}  // namespace

AnalyzeFn AnalyzerFor(PythonParser& parser, const Config* config, const AnalyzeOptions& opts) {
  return [&parser, config, opts](const SourceFile& src) { return AnalyzeSource(parser, src, config, opts); };
}

FixLoopResult RunFixLoop(const SourceFile& original, const FixLoopOptions& opts, const AnalyzeFn& analyze) {
  FixLoopResult out;
  out.text = original.text;
  out.boundaries = opts.boundaries;
  SourceFile cur = original;
  FileResult analysed = analyze(cur);
  if (analysed.error) {
    out.ok = false;
    out.error = analysed.error->message;
    return out;
  }
  if (const Diagnostic* se = FindSyntaxError(analysed)) {
    // Fixes inside a region the parser could not read cannot be trusted.
    out.ok = false;
    out.error = fmt::format("{}:{}:{}: does not parse ({}); not rewritten", original.path, se->start.line,
                            se->start.column, se->message);
    return out;
  }
  size_t applied = 0;
  int pass = 0;
  bool changed_last = false;
  for (; pass < opts.max_passes; ++pass) {
    // Applicable fixes in report order; with --unsafe-fixes the unsafe ones first,
    // so a call change wins over a competing prefix fix of the same symbol.
    std::vector<Diagnostic> fixes;
    for (const Diagnostic& d : analysed.diagnostics) {
      if (!d.HasApplicableFix()) continue;
      if (d.fix->safety == FixSafety::kUnsafe && !opts.unsafe) continue;
      if (CrossesBoundary(*d.fix, out.boundaries)) continue;
      fixes.push_back(d);
    }
    if (opts.unsafe)
      std::stable_partition(fixes.begin(), fixes.end(),
                            [](const Diagnostic& d) { return d.fix->safety == FixSafety::kUnsafe; });
    ApplyResult ar = ApplyFixes(cur.text, fixes, ApplyOptions{.unsafe = opts.unsafe});
    changed_last = ar.applied > 0 && ar.text != cur.text;
    if (!changed_last) break;
    applied += ar.applied;
    // Move the boundaries with the edits in front of them.
    for (uint32_t& b : out.boundaries) {
      int64_t delta = 0;
      for (const Edit& e : ar.edits)
        if (e.end <= b) delta += static_cast<int64_t>(e.replacement.size()) - (e.end - e.begin);
      b = static_cast<uint32_t>(b + delta);
    }
    auto next = SourceFromBytes(ar.text, cur.path, SourceKind::kPython);
    if (!next) {
      out.ok = false;
      out.error = fmt::format("{}: the rewritten text is not valid input ({}); file left untouched", original.path,
                              next.error().message);
      out.text = original.text;
      return out;
    }
    next->kind = original.kind;
    next->cells = original.cells;
    cur = std::move(*next);
    analysed = analyze(cur);
    if (analysed.error) {
      out.ok = false;
      out.error = analysed.error->message;
      out.text = original.text;
      return out;
    }
    if (const Diagnostic* se = FindSyntaxError(analysed)) {
      out.ok = false;
      out.error = fmt::format("{}: the rewritten text does not parse ({}:{}: {}); file left untouched",
                              original.path, se->start.line, se->start.column, se->message);
      out.text = original.text;
      out.boundaries = opts.boundaries;
      return out;
    }
  }
  out.passes = pass + (changed_last ? 0 : 1);
  out.converged = !changed_last;
  out.applied = applied;
  out.text = cur.text;
  for (Diagnostic& d : analysed.diagnostics)
    if (d.rule_id != "syntax-error") out.remaining.push_back(std::move(d));
  out.final_source = std::make_shared<const SourceFile>(std::move(cur));
  return out;
}

}  // namespace tfm

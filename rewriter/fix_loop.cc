#include "rewriter/fix_loop.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "rewriter/apply.h"
#include "rewriter/fixed_point.h"

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

// tree-sitter's point (0-based row, byte column) of every offset of one text.
class Points {
 public:
  explicit Points(const std::string& text) {
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') newlines_.push_back(static_cast<uint32_t>(i));
  }
  TSPoint At(uint32_t byte) const {
    auto it = std::lower_bound(newlines_.begin(), newlines_.end(), byte);  // newlines before `byte`
    uint32_t row = static_cast<uint32_t>(it - newlines_.begin());
    uint32_t line_start = row == 0 ? 0 : newlines_[row - 1] + 1;
    return TSPoint{row, byte - line_start};
  }

 private:
  std::vector<uint32_t> newlines_;
};

TSPoint Advance(TSPoint p, std::string_view inserted) {
  for (char c : inserted) {
    if (c == '\n') {
      ++p.row;
      p.column = 0;
    } else {
      ++p.column;
    }
  }
  return p;
}

class FnAnalyzer : public LoopAnalyzer {
 public:
  explicit FnAnalyzer(const AnalyzeFn& fn) : fn_(fn) {}
  FileResult Analyze(const SourceFile& src, const SourceFile*, const std::vector<Edit>*) override { return fn_(src); }

 private:
  const AnalyzeFn& fn_;
};

class IncrementalAnalyzer : public LoopAnalyzer {
 public:
  IncrementalAnalyzer(PythonParser& parser, const Config* config, AnalyzeOptions opts)
      : parser_(parser), config_(config), opts_(std::move(opts)) {}

  FileResult Analyze(const SourceFile& src, const SourceFile* prev, const std::vector<Edit>* edits) override {
    if (prev && edits && last_tree_) {
      EditTree(last_tree_.get(), prev->text, *edits);
      parser_.ReuseOnNextParse(std::move(last_tree_));
    }
    last_tree_.reset();
    parser_.set_keep_last_tree(true);
    FileResult r = AnalyzeSource(parser_, src, config_, opts_);
    parser_.set_keep_last_tree(false);
    last_tree_ = parser_.TakeLastTree();
    parser_.ReuseOnNextParse(nullptr);  // not left behind when the source never reached the parser
    return r;
  }

 private:
  PythonParser& parser_;
  const Config* config_;
  AnalyzeOptions opts_;
  TreePtr last_tree_;
};

}  // namespace

void EditTree(TSTree* tree, const std::string& old_text, const std::vector<Edit>& edits) {
  // Last edit first, so every edit's coordinates (those of `old_text`) are still
  // valid when it is applied.
  Points points(old_text);
  for (auto e = edits.rbegin(); e != edits.rend(); ++e) {
    TSInputEdit ie;
    ie.start_byte = e->begin;
    ie.old_end_byte = e->end;
    ie.new_end_byte = e->begin + static_cast<uint32_t>(e->replacement.size());
    ie.start_point = points.At(e->begin);
    ie.old_end_point = points.At(e->end);
    ie.new_end_point = Advance(ie.start_point, e->replacement);
    ts_tree_edit(tree, &ie);
  }
}

AnalyzeFn AnalyzerFor(PythonParser& parser, const Config* config, const AnalyzeOptions& opts) {
  return [&parser, config, opts](const SourceFile& src) { return AnalyzeSource(parser, src, config, opts); };
}

bool RuleCanFix(const RuleInfo& info, bool unsafe) {
  switch (info.fix) {
    case FixKind::kNone:
      return false;
    case FixKind::kUnsafe:
      return unsafe;
    case FixKind::kSafe:
    case FixKind::kSafeOrUnsafe:
      return true;
  }
  return true;
}

std::unique_ptr<LoopAnalyzer> RewriteAnalyzer(PythonParser& parser, const Config* config, AnalyzeOptions opts,
                                              bool unsafe, bool all_rules) {
  if (!all_rules) {
    auto outer = std::move(opts.rule_filter);
    opts.rule_filter = [outer, unsafe](const RuleInfo& info) {
      return RuleCanFix(info, unsafe) && (!outer || outer(info));
    };
  }
  return std::make_unique<IncrementalAnalyzer>(parser, config, std::move(opts));
}

FixLoopResult RunFixLoop(const SourceFile& original, const FixLoopOptions& opts, const AnalyzeFn& analyze) {
  FnAnalyzer a(analyze);
  return RunFixLoop(original, opts, a);
}

FixLoopResult RunFixLoop(const SourceFile& original, const FixLoopOptions& opts, LoopAnalyzer& analyzer) {
  FixLoopResult out;
  out.text = original.text;
  out.boundaries = opts.boundaries;
  SourceFile cur = original;
  FileResult analysed = analyzer.Analyze(cur, nullptr, nullptr);
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
  out.tf1_original = analysed.needs_tf1_behavior;
  size_t applied = 0;
  int pass = 0;
  bool changed_last = false;
  for (; pass < opts.max_passes; ++pass) {
    // Applicable fixes in report order; with --unsafe-fixes the unsafe ones first,
    // so a call change wins over a competing prefix fix of the same symbol.
    std::vector<Diagnostic> fixes;
    size_t held_back = 0;
    for (const Diagnostic& d : analysed.diagnostics) {
      if (!d.HasApplicableFix()) continue;
      if (d.fix->safety == FixSafety::kUnsafe && !opts.unsafe) continue;
      if (CrossesBoundary(*d.fix, out.boundaries)) {
        ++held_back;
        continue;
      }
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
    if (opts.skip_confirmation) {
      PassFacts facts;
      facts.before = &cur.text;
      facts.after = &ar.text;
      facts.findings = &analysed.diagnostics;
      facts.applied = &fixes;
      facts.edits = &ar.edits;
      facts.deferred = ar.deferred;
      facts.held_back = held_back;
      facts.max_depth = analysed.max_depth;
      facts.unsafe = opts.unsafe;
      if (PassIsFixedPoint(facts)) {
        // A fixed point by construction: the result needs no analysis.
        cur = std::move(*next);
        out.passes = pass + 1;
        out.converged = true;
        out.confirmed = false;
        out.applied = applied;
        out.text = cur.text;
        out.final_source = std::make_shared<const SourceFile>(std::move(cur));
        return out;
      }
    }
    SourceFile prev = std::move(cur);
    cur = std::move(*next);
    analysed = analyzer.Analyze(cur, &prev, &ar.edits);
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
  out.tf1_final = analysed.needs_tf1_behavior;
  out.final_behavior_toggle = std::move(analysed.behavior_toggle);
  out.final_tf1_semantics = std::move(analysed.tf1_semantics);
  for (Diagnostic& d : analysed.diagnostics)
    if (d.rule_id != "syntax-error") out.remaining.push_back(std::move(d));
  out.final_source = std::make_shared<const SourceFile>(std::move(cur));
  return out;
}

}  // namespace tfm

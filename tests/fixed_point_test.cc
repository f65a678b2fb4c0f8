// The fix loop's fixed point by construction (rewriter/fixed_point.h): skipping the
// confirming analysis must never change a result. Every input with fixes is
// rewritten with and without the skip (same text, same edit count), the output
// rewritten again makes no edit, the known enabling interactions keep the
// confirming pass, and the API tables keep the keyword fixes closed.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "rewriter/apply.h"
#include "rewriter/fix_loop.h"
#include "rewriter/fixed_point.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

SourceFile Src(const std::string& text) {
  auto s = SourceFromBytes(text, "t.py", SourceKind::kPython);
  EXPECT_TRUE(s) << s.error().message;
  return *s;
}

// `rewrite -q`: only the fixing rules, with or without the skip.
FixLoopResult Loop(const std::string& text, bool skip, bool unsafe = false) {
  PythonParser parser;
  FixLoopOptions o;
  o.unsafe = unsafe;
  o.skip_confirmation = skip;
  auto analyzer = RewriteAnalyzer(parser, nullptr, AnalyzeOptions{}, unsafe, /*all_rules=*/false);
  return RunFixLoop(Src(text), o, *analyzer);
}

std::vector<fs::path> Inputs() {
  std::vector<fs::path> out;
  for (const char* dir : {"testdata/programs/compat", "examples"})
    for (const auto& e : fs::directory_iterator(SourceDir() / dir))
      if (e.path().extension() == ".py") out.push_back(e.path());
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "rules"))
    for (const char* f : {"input.py", "expected.py"})
      if (fs::exists(e.path() / f)) out.push_back(e.path() / f);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(FixedPoint, SkippingTheConfirmingPassChangesNoResult) {
  size_t skipped = 0, edits = 0;
  for (const fs::path& path : Inputs()) {
    const std::string input = ReadFile(path);
    for (bool unsafe : {false, true}) {
      FixLoopResult confirmed = Loop(input, false, unsafe);
      FixLoopResult fast = Loop(input, true, unsafe);
      ASSERT_EQ(confirmed.ok, fast.ok) << path;
      EXPECT_EQ(fast.text, confirmed.text) << path << (unsafe ? " (unsafe)" : "");
      EXPECT_EQ(fast.applied, confirmed.applied) << path;
      EXPECT_TRUE(fast.converged) << path;
      skipped += !fast.confirmed;
      edits += fast.applied;
      if (unsafe) {
        EXPECT_TRUE(fast.confirmed) << path << ": never skipped with --unsafe-fixes";
      }
      // The output is a fixed point: rewriting it again (confirmed) makes no edit.
      FixLoopResult again = Loop(fast.text, false, unsafe);
      ASSERT_TRUE(again.ok) << path;
      EXPECT_EQ(again.applied, 0u) << path << (unsafe ? " (unsafe)" : "") << " is not a fixed point";
    }
  }
  // The skip must actually happen on these inputs (else the test proves nothing).
  EXPECT_GE(skipped, 20u);
  EXPECT_GE(edits, 300u);
}

// TFM504 turns `d.value` into `tf.compat.v1.dimension_value(d)`, which DataFlow takes
// for a tensor: a `print` of it in a tf.function becomes convertible to tf.print
// only on the result. The TFM405 finding without a fix keeps the confirming pass.
TEST(FixedPoint, DimensionValueInATracedPrintIsConfirmed) {
  const std::string text =
      "import tensorflow as tf\n\n@tf.function\ndef f(x):\n    print(\"n\", x.shape[0].value)\n    return x\n";
  FixLoopResult fast = Loop(text, true);
  ASSERT_TRUE(fast.ok) << fast.error;
  EXPECT_TRUE(fast.confirmed);
  EXPECT_EQ(fast.text, Loop(text, false).text);
  EXPECT_NE(fast.text.find("tf.print(\"n\", tf.compat.v1.dimension_value(x.shape[0]))"), std::string::npos)
      << fast.text;
  EXPECT_EQ(fast.applied, 2u);
}

// A fix that deletes a comment can delete a suppression: the finding it hid then
// appears on the result. Such a pass is confirmed.
TEST(FixedPoint, EditDroppingACommentIsConfirmed) {
  const std::string text =
      "import tensorflow as tf\n"
      "x = tf.compat.v1.placeholder(tf.float32, [3])\n"
      "n = (x.shape[len(tf.get_collection(\"k\"))]  # tfmigrate: ignore[TFM102]\n"
      "     .value)\n";
  FixLoopResult fast = Loop(text, true);
  FixLoopResult confirmed = Loop(text, false);
  ASSERT_TRUE(fast.ok) << fast.error;
  EXPECT_EQ(fast.text, confirmed.text);
  // The first pass (TFM504) was analysed again, which found the TFM102 fix.
  EXPECT_GE(fast.passes, 2);
  EXPECT_NE(fast.text.find("tf.compat.v1.get_collection"), std::string::npos) << fast.text;
}

TEST(FixedPoint, ClosedShapes) {
  const std::string text = "tf.placeholder(x, keep_prob=0.5)\nd.value\nds.make_one_shot_iterator()\ntf.logging.info\n";
  auto fix = [&](const char* rule, std::string_view old, std::string repl) {
    Diagnostic d;
    d.rule_id = rule;
    uint32_t b = static_cast<uint32_t>(text.find(old));
    d.fix = Fix{"t", FixSafety::kSafe, {Edit{b, b + static_cast<uint32_t>(old.size()), std::move(repl)}}};
    return d;
  };
  EXPECT_TRUE(IsClosedFix(fix("TFM102", "tf", "tf.compat.v1"), text));
  EXPECT_FALSE(IsClosedFix(fix("TFM102", "tf", "tf.compat.v2"), text));
  EXPECT_TRUE(IsClosedFix(fix("TFM104", "keep_prob=0.5", "rate=1 - 0.5"), text));
  EXPECT_FALSE(IsClosedFix(fix("TFM104", "keep_prob=0.5", "rate=0.5"), text));
  EXPECT_TRUE(IsClosedFix(fix("TFM111", "tf.logging.info", "tf.compat.v1.logging.info"), text));
  EXPECT_TRUE(IsClosedFix(fix("TFM504", "d.value", "tf.compat.v1.dimension_value(d)"), text));
  EXPECT_TRUE(IsClosedFix(fix("TFM504", "d.value", "d"), text));
  EXPECT_FALSE(IsClosedFix(fix("TFM504", "d.value", "int(d)"), text));
  EXPECT_TRUE(IsClosedFix(fix("TFM208", "ds.make_one_shot_iterator()",
                              "tf.compat.v1.data.make_one_shot_iterator(ds)"),
                          text));
  // Rules whose fixes are not analysed here are never closed.
  EXPECT_FALSE(IsClosedFix(fix("TFM103", "tf", "tf.compat.v1"), text));
  Diagnostic unsafe = fix("TFM102", "tf", "tf.compat.v1");
  unsafe.fix->safety = FixSafety::kUnsafe;
  EXPECT_FALSE(IsClosedFix(unsafe, text));
  // The toggle insertion.
  Diagnostic toggle;
  toggle.rule_id = "TFM102";
  toggle.fix = Fix{"t", FixSafety::kSafe, {Edit{5, 5, "\ntf.compat.v1.disable_v2_behavior()"}}};
  EXPECT_TRUE(IsClosedFix(toggle, text));
}

TEST(FixedPoint, RuntimeConditions) {
  const std::string before = "import tensorflow as tf\nif tf.__version__ > '2':  # c\n    x = tf.Session()\n";
  std::vector<Diagnostic> none;
  Diagnostic d;
  d.rule_id = "TFM102";
  uint32_t b = static_cast<uint32_t>(before.find("tf.Session"));
  d.fix = Fix{"t", FixSafety::kSafe, {Edit{b, b + 2, "tf.compat.v1"}}};
  std::vector<Diagnostic> applied{d};
  ApplyResult ar = ApplyFixes(before, applied, ApplyOptions{});
  PassFacts f;
  f.before = &before;
  f.after = &ar.text;
  f.findings = &applied;
  f.applied = &applied;
  f.edits = &ar.edits;
  std::string why;
  EXPECT_TRUE(PassIsFixedPoint(f, &why)) << why;
  f.deferred = 1;
  EXPECT_FALSE(PassIsFixedPoint(f, &why));
  f.deferred = 0;
  f.unsafe = true;
  EXPECT_FALSE(PassIsFixedPoint(f, &why));
  f.unsafe = false;
  f.max_depth = PythonParser::kMaxDepth;
  EXPECT_FALSE(PassIsFixedPoint(f, &why));
  f.max_depth = 0;
  // Edits that break a guard key (`tf.__version__` -> `tf.__vers`), near another edit
  // or alone (the shapes are checked separately: only the text facts here).
  for (bool with_prefix_edit : {true, false}) {
    Diagnostic k;
    k.rule_id = "TEST";
    uint32_t v = static_cast<uint32_t>(before.find("__version__"));
    k.fix = Fix{"t", FixSafety::kSafe, {Edit{v + 6, v + 11, ""}}};
    std::vector<Diagnostic> both{k};
    if (with_prefix_edit) both.push_back(d);
    ApplyResult broken = ApplyFixes(before, both, ApplyOptions{});
    ASSERT_NE(broken.text.find("tf.__vers >"), std::string::npos) << broken.text;
    f.after = &broken.text;
    f.edits = &broken.edits;
    f.applied = &none;
    EXPECT_FALSE(PassIsFixedPoint(f, &why));
    EXPECT_NE(why.find("__version__"), std::string::npos) << why;
  }
  f.after = &ar.text;
  f.edits = &ar.edits;
  f.applied = &applied;
  // A TFM405 finding without a fix.
  Diagnostic p;
  p.rule_id = "TFM405";
  std::vector<Diagnostic> findings{d, p};
  f.findings = &findings;
  EXPECT_FALSE(PassIsFixedPoint(f, &why));
}

// The table facts behind the closed keyword edits (fixed_point.cc, shape F).
TEST(FixedPoint, ApiTablesKeepKeywordFixesClosed) {
  std::map<std::string, std::vector<std::vector<std::string>>> args;
  std::istringstream in(ReadFile(SourceDir() / "rules" / "api_args.tsv"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, '\t');) cols.push_back(c);
    if (cols.size() >= 2) args[cols[0]].push_back(std::vector<std::string>(cols.begin() + 1, cols.end()));
  }
  std::set<std::string> call_change;
  std::istringstream rn(ReadFile(SourceDir() / "rules" / "api_renames.tsv"));
  for (std::string line; std::getline(rn, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, '\t');) cols.push_back(c);
    if (cols.size() >= 3 && cols[2] == "call_change") call_change.insert(cols[0]);
  }
  ASSERT_GT(args.size(), 50u);
  ASSERT_FALSE(call_change.empty());
  for (const auto& [sym, changes] : args) {
    std::set<std::string> sources, targets, removed, default_params;
    bool keep_prob = false;
    std::vector<std::pair<std::string, int>> defaults;
    for (const auto& c : changes) {
      auto col = [&](size_t i) { return i < c.size() ? c[i] : std::string(); };
      if (col(0) == "kw_rename") {
        sources.insert(col(1));
        targets.insert(col(2));
      } else if (col(0) == "kw_removed") {
        removed.insert(col(1));
      } else if (col(0) == "default") {
        std::string p = col(1);
        auto at = p.find('@');
        int pos = at == std::string::npos ? -1 : std::stoi(p.substr(at + 1));
        default_params.insert(p.substr(0, at));
        defaults.emplace_back(p.substr(0, at), pos);
      } else if (col(0) == "keep_prob_to_rate") {
        keep_prob = true;
      }
    }
    for (const std::string& s : sources) {
      EXPECT_FALSE(targets.count(s)) << sym << ": keyword rename chain through " << s;
      EXPECT_FALSE(default_params.count(s)) << sym << ": renamed keyword " << s << " has a changed default";
    }
    for (const std::string& t : targets) EXPECT_FALSE(removed.count(t)) << sym << ": rename target " << t << " removed";
    if (keep_prob) {
      EXPECT_FALSE(removed.count("rate") || sources.count("rate")) << sym;
      EXPECT_FALSE(default_params.count("keep_prob")) << sym;
      for (const auto& [param, pos] : defaults)
        EXPECT_FALSE(pos >= 0 && pos <= 1 && param != "rate") << sym << ": default of " << param << " at " << pos;
    }
    EXPECT_FALSE(call_change.count(sym)) << sym << ": call-change rename with argument changes";
  }
}

}  // namespace
}  // namespace tfm

// `tfmigrate rewrite`: the fix loop (fixed point, deferral, re-parse guard), byte
// preservation, idempotence, unified diffs, notebooks cell by cell, and every kind
// of bad input of issue 4 (read-only, symlink, existing output dir, changed on
// disk, does not re-parse): clear message, nothing lost, exit 2.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "analyzer/checks/registry.h"
#include "rewriter/apply.h"
#include "rewriter/diff.h"
#include "rewriter/fix_loop.h"
#include "rewriter/rewrite_file.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;


const char* kScript =
    "import tensorflow as tf   # the alias\n"
    "\n"
    "\n"
    "x = tf.placeholder( tf.float32 ,[None, 3])  # keep   this spacing\n"
    "s = tf.reduce_sum(x,\n"
    "                  reduction_indices=[1],   # axis\n"
    "                  keep_dims=True)\n"
    "y = tf.log(s)\t# tab comment\n"
    "d = tf.nn.dropout(y, 0.9)\n";

SourceFile Src(const std::string& text, SourceKind kind = SourceKind::kPython) {
  auto s = SourceFromBytes(text, "t.py", kind);
  EXPECT_TRUE(s) << s.error().message;
  return *s;
}

// The loop as `tfmigrate rewrite` runs it (incremental re-parse); `all_rules` false
// is `rewrite -q` (only the rules that can fix run).
FixLoopResult Loop(const std::string& text, bool unsafe = false, bool all_rules = true) {
  PythonParser parser;
  FixLoopOptions o;
  o.unsafe = unsafe;
  auto analyzer = RewriteAnalyzer(parser, nullptr, AnalyzeOptions{}, unsafe, all_rules);
  return RunFixLoop(Src(text), o, *analyzer);
}

// Inputs with many fixes: every compat program and every rule fixture.
std::vector<fs::path> FixInputs() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "programs" / "compat"))
    if (e.path().extension() == ".py") out.push_back(e.path());
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "rules"))
    if (fs::exists(e.path() / "input.py")) out.push_back(e.path() / "input.py");
  std::sort(out.begin(), out.end());
  return out;
}

// Every node of a tree: symbol, field, byte range, start point, missing/error.
std::string DumpTree(const TSTree* tree) {
  std::string out;
  TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (int depth = 0;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    const char* field = ts_tree_cursor_current_field_name(&c);
    TSPoint p = ts_node_start_point(n);
    out += fmt::format("{} {} {} {}-{} {}:{}{}{}\n", depth, ts_node_type(n), field ? field : "", ts_node_start_byte(n),
                       ts_node_end_byte(n), p.row, p.column, ts_node_is_missing(n) ? " missing" : "",
                       ts_node_has_error(n) ? " error" : "");
    if (ts_tree_cursor_goto_first_child(&c)) {
      ++depth;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return out;
      }
      --depth;
    }
  }
}

TEST(Rewrite, CompatLevelRewritesAndPreservesEverythingElse) {
  FixLoopResult r = Loop(kScript);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.text,
            "import tensorflow as tf   # the alias\n"
            "tf.compat.v1.disable_v2_behavior()\n"
            "\n"
            "\n"
            "x = tf.compat.v1.placeholder( tf.float32 ,[None, 3])  # keep   this spacing\n"
            "s = tf.reduce_sum(x,\n"
            "                  axis=[1],   # axis\n"
            "                  keepdims=True)\n"
            "y = tf.math.log(s)\t# tab comment\n"
            "d = tf.nn.dropout(y, rate=1 - 0.9)\n");
  EXPECT_EQ(r.applied, 5u);
  EXPECT_TRUE(r.converged);
}

TEST(Rewrite, IdempotentOnFixtures) {
  for (const char* id : {"TFM101", "TFM102", "TFM103", "TFM104", "TFM201"}) {
    std::string input = ReadFile(SourceDir() / "testdata" / "rules" / id / "input.py");
    for (bool unsafe : {false, true}) {
      FixLoopResult first = Loop(input, unsafe);
      ASSERT_TRUE(first.ok) << id << ": " << first.error;
      FixLoopResult second = Loop(first.text, unsafe);
      ASSERT_TRUE(second.ok) << id;
      EXPECT_EQ(second.applied, 0u) << id << (unsafe ? " (unsafe)" : "") << " is not idempotent";
      EXPECT_EQ(second.text, first.text) << id;
    }
  }
}

// tf.where(c, x, y) keeps TF1's row selection through tf.compat.v1.where in TF1 code; TF2
// code (no sessions, no TF1-only symbols) means TF2's where and is left alone.
TEST(Rewrite, WhereWithXYOnlyInTf1Code) {
  const std::string tf1 =
      "import tensorflow as tf\n"
      "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\n"
      "y = tf.where(x[:, 0] > 0, x, -x)\n";
  EXPECT_NE(Loop(tf1).text.find("y = tf.compat.v1.where(x[:, 0] > 0, x, -x)"), std::string::npos);
  const std::string tf2 =
      "import tensorflow as tf\n"
      "x = tf.ones([2, 3])\n"
      "y = tf.where(x > 0, x, -x)\n";
  FixLoopResult r = Loop(tf2);
  EXPECT_EQ(r.text, tf2);
  EXPECT_EQ(r.applied, 0u);
}

// Every compat program: the rewrite parses, reaches a fixed point, and a second
// rewrite of the output makes zero edits.
TEST(Rewrite, CompatProgramsAreIdempotent) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "programs" / "compat")) {
    if (e.path().extension() != ".py") continue;
    ++n;
    std::string input = ReadFile(e.path());
    FixLoopResult first = Loop(input);
    ASSERT_TRUE(first.ok) << e.path() << ": " << first.error;
    EXPECT_TRUE(first.converged) << e.path();
    EXPECT_GT(first.applied, 0u) << e.path();
    FixLoopResult second = Loop(first.text);
    ASSERT_TRUE(second.ok) << e.path();
    EXPECT_EQ(second.applied, 0u) << e.path();
  }
  EXPECT_GE(n, 25);
}

// The fix loop re-parses incrementally (the previous tree, edited): on every pass of
// every input with fixes the tree must be exactly the one a fresh parse gives.
TEST(Rewrite, IncrementalReparseEqualsAFreshParse) {
  size_t passes = 0;
  for (const fs::path& path : FixInputs()) {
    for (bool unsafe : {false, true}) {
      PythonParser incremental, fresh;
      std::string text = ReadFile(path);
      incremental.set_keep_last_tree(true);
      ASSERT_TRUE(incremental.ParseText(text)) << path;
      TreePtr kept = incremental.TakeLastTree();
      for (int pass = 0; pass < 16; ++pass) {
        FileResult r = AnalyzeSource(fresh, Src(text), nullptr, AnalyzeOptions{});
        std::vector<Diagnostic> fixes;
        for (const Diagnostic& d : r.diagnostics)
          if (d.HasApplicableFix() && (unsafe || d.fix->safety == FixSafety::kSafe)) fixes.push_back(d);
        ApplyResult ar = ApplyFixes(text, fixes, ApplyOptions{.unsafe = unsafe});
        if (ar.applied == 0 || ar.text == text) break;
        EditTree(kept.get(), text, ar.edits);
        incremental.ReuseOnNextParse(std::move(kept));
        TreePtr inc = incremental.ParseText(ar.text);
        kept = incremental.TakeLastTree();
        TreePtr full = fresh.ParseText(ar.text);
        ASSERT_TRUE(inc && full) << path;
        ASSERT_EQ(DumpTree(inc.get()), DumpTree(full.get())) << path << " pass " << pass + 2;
        text = ar.text;
        ++passes;
      }
    }
  }
  EXPECT_GE(passes, 60u);
}

// Edits at the start, the end, inserts, deletions and new lines: the edited tree
// re-parses to the fresh tree.
TEST(Rewrite, EditTreeHandlesEveryEditShape) {
  // Statements around the edited ones, so that the re-parse has subtrees to reuse.
  std::string pad;
  for (int i = 0; i < 30; ++i) pad += fmt::format("v{} = f({}, [{}])\n", i, i, i);
  const uint32_t p = static_cast<uint32_t>(pad.size());
  const std::string text = pad + "import a\nx = a.b(1,\n      2)\ny = 3\n" + pad;
  const uint32_t n = static_cast<uint32_t>(text.size());
  const std::vector<std::vector<Edit>> cases = {
      {Edit{0, 0, "# head\n"}},
      {Edit{n, n, "z = 4\n"}},
      {Edit{p + 9, p + 10, "xx"}, Edit{p + 13, p + 16, "a.compat.v1.b"}, Edit{p + 33, p + 34, "(3 +\n     30)"}},
      {Edit{p + 8, p + 8, "\na.off()"}, Edit{p + 16, p + 28, ""}},
      {Edit{3, 4, "long_name"}, Edit{p + 8, p + 8, "\n\n"}, Edit{n - 3, n - 2, "999"}},
      {Edit{0, n, "pass\n"}},
  };
  for (const auto& edits : cases) {
    PythonParser incremental, fresh;
    incremental.set_keep_last_tree(true);
    ASSERT_TRUE(incremental.ParseText(text));
    TreePtr kept = incremental.TakeLastTree();
    std::string next;
    size_t pos = 0;
    for (const Edit& e : edits) {
      next += text.substr(pos, e.begin - pos) + e.replacement;
      pos = e.end;
    }
    next += text.substr(pos);
    EditTree(kept.get(), text, edits);
    incremental.ReuseOnNextParse(std::move(kept));
    TreePtr inc = incremental.ParseText(next);
    TreePtr full = fresh.ParseText(next);
    EXPECT_EQ(DumpTree(inc.get()), DumpTree(full.get())) << next;
  }
}

// `rewrite -q` runs only the rules whose catalogue fix kind allows a fix the loop
// applies (RuleCanFix). That is only sound if a rule of kind "none" offers no
// applicable fix and one of kind "unsafe" no safe fix (a "safe" rule always runs),
// and it must give the text all rules give.
TEST(Rewrite, RulesOfferNoFixTheirKindRulesOut) {
  std::map<std::string_view, FixKind> kind;
  for (const Rule* r : AllRules()) kind[r->info().id] = r->info().fix;
  PythonParser parser;
  size_t fixes = 0;
  for (const fs::path& path : FixInputs()) {
    FileResult r = AnalyzeSource(parser, Src(ReadFile(path)), nullptr, AnalyzeOptions{});
    for (const Diagnostic& d : r.diagnostics) {
      if (!d.HasApplicableFix()) continue;
      ++fixes;
      ASSERT_TRUE(kind.count(d.rule_id)) << d.rule_id;
      FixKind k = kind[d.rule_id];
      EXPECT_NE(k, FixKind::kNone) << path << ": " << d.rule_id << " offers a fix";
      if (k == FixKind::kUnsafe) {
        EXPECT_EQ(d.fix->safety, FixSafety::kUnsafe) << path << ": " << d.rule_id;
      }
    }
  }
  EXPECT_GE(fixes, 200u);
}

TEST(Rewrite, OnlyTheFixingRulesGiveTheSameText) {
  for (const fs::path& path : FixInputs()) {
    const std::string input = ReadFile(path);
    for (bool unsafe : {false, true}) {
      FixLoopResult all = Loop(input, unsafe, /*all_rules=*/true);
      FixLoopResult fixing = Loop(input, unsafe, /*all_rules=*/false);
      ASSERT_EQ(all.ok, fixing.ok) << path;
      EXPECT_EQ(all.text, fixing.text) << path << (unsafe ? " (unsafe)" : "");
      EXPECT_EQ(all.applied, fixing.applied) << path;
      EXPECT_EQ(all.passes, fixing.passes) << path;
    }
  }
}

TEST(Rewrite, CrlfAndBomAreKept) {
  TempDir dir;
  const std::string text = "\xEF\xBB\xBFimport tensorflow as tf  # c\r\nx = tf.placeholder(tf.float32)\r\n";
  WriteFile(dir / "w.py", text);
  PythonParser parser;
  FileRewrite fr = RewriteFile(parser, (dir / "w.py").string(), RewriteFileOptions{});
  ASSERT_TRUE(fr.ok) << fr.error;
  EXPECT_EQ(fr.rewritten,
            "\xEF\xBB\xBFimport tensorflow as tf  # c\r\ntf.compat.v1.disable_v2_behavior()\r\n"
            "x = tf.compat.v1.placeholder(tf.float32)\r\n");
}

TEST(Rewrite, UnsafeCallChangeWinsOverCompatPrefixOnlyWithUnsafeFixes) {
  const std::string text = "import tensorflow as tf\ny = tf.to_float(tf.constant(1))\n";
  EXPECT_EQ(Loop(text, false).text,
            "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\ny = tf.compat.v1.to_float(tf.constant(1))\n");
  EXPECT_EQ(Loop(text, true).text, "import tensorflow as tf\ny = tf.cast(tf.constant(1), tf.float32)\n");
}

// A fake analysis with a fix that breaks the syntax: the loop must keep the original.
TEST(Rewrite, ResultThatDoesNotParseLeavesTheTextUntouched) {
  PythonParser parser;
  AnalyzeFn real = AnalyzerFor(parser, nullptr, AnalyzeOptions{});
  AnalyzeFn breaking = [&](const SourceFile& s) {
    FileResult r = real(s);
    Diagnostic d;
    d.rule_id = "TEST";
    d.fix = Fix{"break it", FixSafety::kSafe, {Edit{0, 0, "(("}}};
    r.diagnostics.push_back(d);
    return r;
  };
  FixLoopResult r = RunFixLoop(Src("x = 1\n"), FixLoopOptions{}, breaking);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("does not parse"), std::string::npos) << r.error;
  EXPECT_EQ(r.text, "x = 1\n");
}

// Two overlapping fixes: the second is deferred to the next pass, then applies.
TEST(Rewrite, OverlappingFixesAreDeferredToTheNextPass) {
  PythonParser parser;
  AnalyzeFn fake = [&](const SourceFile& s) {
    FileResult r = AnalyzeSource(parser, s, nullptr, AnalyzeOptions{});
    size_t a = s.text.find("aa"), b = s.text.find("b'");
    if (a != std::string::npos) {
      Diagnostic d;
      d.rule_id = "T1";
      d.fix = Fix{"aa", FixSafety::kSafe, {Edit{uint32_t(a), uint32_t(a + 2), "AA"}}};
      r.diagnostics.push_back(d);
    }
    if (b != std::string::npos) {
      Diagnostic d;
      d.rule_id = "T2";
      d.fix = Fix{"?b", FixSafety::kSafe, {Edit{uint32_t(b - 1), uint32_t(b + 1), "XY"}}};
      r.diagnostics.push_back(d);
    }
    return r;
  };
  FixLoopResult r = RunFixLoop(Src("v = 'aab'\n"), FixLoopOptions{}, fake);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.text, "v = 'AXY'\n");
  EXPECT_EQ(r.applied, 2u);
  EXPECT_GE(r.passes, 2);
}

TEST(Rewrite, LoopIsBounded) {
  PythonParser parser;
  AnalyzeFn forever = [&](const SourceFile& s) {
    FileResult r = AnalyzeSource(parser, s, nullptr, AnalyzeOptions{});
    Diagnostic d;
    d.rule_id = "T";
    d.fix = Fix{"grow", FixSafety::kSafe, {Edit{0, 0, "#\n"}}};
    r.diagnostics.push_back(d);
    return r;
  };
  FixLoopOptions o;
  o.max_passes = 4;
  FixLoopResult r = RunFixLoop(Src("x = 1\n"), o, forever);
  ASSERT_TRUE(r.ok);
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.applied, 4u);
}

TEST(Diff, UnifiedFormat) {
  std::string a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
  std::string b = "1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\n11\n12\nthirteen\n";
  EXPECT_EQ(UnifiedDiff(a, b, "a/f", "b/f"),
            "--- a/f\n+++ b/f\n@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n@@ -10,3 +10,4 @@\n 10\n 11\n 12\n"
            "+thirteen\n");
  EXPECT_EQ(UnifiedDiff(a, a, "a", "b"), "");
  EXPECT_EQ(UnifiedDiff("x", "y", "a", "b"),
            "--- a\n+++ b\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n");
}

// The diff applies with patch(1): the round trip reproduces the rewrite.
TEST(Diff, AppliesWithPatch) {
  TempDir dir;
  WriteFile(dir / "m.py", kScript);
  RunResult r = RunTfmigrate({"rewrite", (dir / "m.py").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFile(dir / "m.py"), kScript) << "--diff must not change the file";
  WriteFile(dir / "d.patch", r.out);
  std::string cmd = "cd '" + dir.path().string() + "' && patch -s -p1 -d / < d.patch >/dev/null 2>&1";
  // paths in the diff are a/<abs path>; strip "a" with -p1 from /
  ASSERT_EQ(std::system(cmd.c_str()), 0) << r.out;
  EXPECT_EQ(ReadFile(dir / "m.py"), Loop(kScript).text);
}

// Large inputs take the anchored (patience) path; the diff must still apply.
TEST(Diff, LargeInputAppliesWithPatch) {
  TempDir dir;
  std::string a, b;
  for (int i = 0; i < 6000; ++i) {
    std::string line = "line " + std::to_string(i) + (i % 50 == 0 ? " dup\n" : "\n");
    if (i % 50 == 0) line = "repeated\n";
    a += line;
    if (i % 7 == 0) b += "changed " + std::to_string(i) + "\n";
    else b += line;
    if (i % 333 == 0) b += "inserted\n";
  }
  WriteFile(dir / "f.txt", a);
  WriteFile(dir / "d.patch", UnifiedDiff(a, b, "a/f.txt", "b/f.txt"));
  std::string cmd = "cd '" + dir.path().string() + "' && patch -s -p1 < d.patch >/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(ReadFile(dir / "f.txt"), b);
}

TEST(RewriteCli, InPlaceKeepsPermissionsAndIsIdempotent) {
  TempDir dir;
  WriteFile(dir / "m.py", kScript);
  fs::permissions(dir / "m.py", fs::perms(0640));
  RunResult r = RunTfmigrate({"rewrite", "--in-place", (dir / "m.py").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("5 edits applied"), std::string::npos) << r.err;
  EXPECT_EQ(ReadFile(dir / "m.py"), Loop(kScript).text);
  EXPECT_EQ(fs::status(dir / "m.py").permissions() & fs::perms::all, fs::perms(0640));
  RunResult again = RunTfmigrate({"rewrite", "--in-place", (dir / "m.py").string()});
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_NE(again.err.find("0 edits applied"), std::string::npos) << again.err;
}

TEST(RewriteCli, ReadOnlyFileIsLeftAloneExit2) {
  TempDir dir;
  WriteFile(dir / "ro.py", kScript);
  fs::permissions(dir / "ro.py", fs::perms(0444));
  RunResult r = RunTfmigrate({"rewrite", "--in-place", (dir / "ro.py").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is read-only"), std::string::npos) << r.err;
  EXPECT_EQ(ReadFile(dir / "ro.py"), kScript);
}

TEST(RewriteCli, SymlinkIsNotReplacedExit2) {
  TempDir dir;
  WriteFile(dir / "real.py", kScript);
  fs::create_symlink(dir / "real.py", dir / "link.py");
  RunResult r = RunTfmigrate({"rewrite", "--in-place", (dir / "link.py").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is a symlink"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.py"));
  EXPECT_EQ(ReadFile(dir / "real.py"), kScript);
}

TEST(RewriteCli, ExistingOutputDirIsRefusedExit2) {
  TempDir dir;
  WriteFile(dir / "m.py", kScript);
  fs::create_directories(dir / "out");
  WriteFile(dir / "out" / "keep.txt", "mine");
  RunResult r = RunTfmigrate({"rewrite", (dir / "m.py").string(), "--output-dir", (dir / "out").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("output directory exists"), std::string::npos) << r.err;
  EXPECT_EQ(ReadFile(dir / "out" / "keep.txt"), "mine");
  EXPECT_FALSE(fs::exists(dir / "out" / "m.py"));
}

TEST(RewriteCli, OutputDirMirrorsTheTree) {
  TempDir dir;
  fs::create_directories(dir / "src" / "pkg");
  WriteFile(dir / "src" / "pkg" / "m.py", kScript);
  WriteFile(dir / "src" / "data.csv", "a,b\n1,2\n");
  WriteFile(dir / "src" / "plain.py", "print('hi')\n");
  RunResult r = RunTfmigrate({"rewrite", (dir / "src").string(), "--output-dir", (dir / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(ReadFile(dir / "out" / "pkg" / "m.py"), Loop(kScript).text);
  EXPECT_EQ(ReadFile(dir / "out" / "data.csv"), "a,b\n1,2\n");
  EXPECT_EQ(ReadFile(dir / "out" / "plain.py"), "print('hi')\n");
  EXPECT_EQ(ReadFile(dir / "src" / "pkg" / "m.py"), kScript);
}

// Two inputs that map to one file of the mirror: the first keeps it, the second is
// reported (exit 2) instead of racing for the same path.
TEST(RewriteCli, OutputDirTwoInputsWithOneRelativePathExit2) {
  TempDir dir;
  fs::create_directories(dir / "a");
  fs::create_directories(dir / "b");
  WriteFile(dir / "a" / "m.py", kScript);
  WriteFile(dir / "b" / "m.py", "print('b')\n");
  RunResult r = RunTfmigrate({"rewrite", (dir / "a" / "m.py").string(), (dir / "b" / "m.py").string(),
                              "--output-dir", (dir / "out").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("already receives"), std::string::npos) << r.err;
  EXPECT_EQ(ReadFile(dir / "out" / "m.py"), Loop(kScript).text);
}

// Files of the mirror are created with the permission bits of their source (not
// reduced by the umask), rewritten or copied.
TEST(RewriteCli, OutputDirKeepsPermissions) {
  TempDir dir;
  fs::create_directories(dir / "src");
  WriteFile(dir / "src" / "run.py", kScript);
  WriteFile(dir / "src" / "ro.py", kScript);
  WriteFile(dir / "src" / "data.txt", "x\n");
  ::chmod((dir / "src" / "run.py").c_str(), 0775);
  ::chmod((dir / "src" / "ro.py").c_str(), 0444);
  ::chmod((dir / "src" / "data.txt").c_str(), 0600);
  RunResult r = RunTfmigrate({"rewrite", (dir / "src").string(), "--output-dir", (dir / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto mode = [](const fs::path& p) {
    struct stat st {};
    ::stat(p.c_str(), &st);
    return st.st_mode & 07777;
  };
  EXPECT_EQ(mode(dir / "out" / "run.py"), 0775u);
  EXPECT_EQ(mode(dir / "out" / "ro.py"), 0444u);
  EXPECT_EQ(mode(dir / "out" / "data.txt"), 0600u);
  EXPECT_EQ(ReadFile(dir / "out" / "ro.py"), Loop(kScript).text);
}

TEST(RewriteCli, FileThatDoesNotParseIsLeftAloneExit2) {
  TempDir dir;
  const std::string broken = "import tensorflow as tf\nx = tf.placeholder(tf.float32\n";
  WriteFile(dir / "b.py", broken);
  WriteFile(dir / "ok.py", kScript);
  RunResult r = RunTfmigrate({"rewrite", "--in-place", (dir / "b.py").string(), (dir / "ok.py").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("does not parse"), std::string::npos) << r.err;
  EXPECT_EQ(ReadFile(dir / "b.py"), broken);
  EXPECT_EQ(ReadFile(dir / "ok.py"), Loop(kScript).text) << "the other file is still rewritten";
}

TEST(RewriteFile, ChangedOnDiskDuringTheRunIsNotOverwritten) {
  TempDir dir;
  std::string path = (dir / "m.py").string();
  WriteFile(path, kScript);
  PythonParser parser;
  RewriteFileOptions o;
  FileRewrite fr = RewriteFile(parser, path, o);
  ASSERT_TRUE(fr.ok) << fr.error;
  ASSERT_TRUE(fr.Changed());
  const std::string edited = std::string(kScript) + "z = 1  # the user's edit\n";
  o.before_commit = [&](const std::string& target) { WriteFile(target, edited); };
  std::ostringstream err;
  EXPECT_FALSE(CommitRewrite(fr, path, true, o, &err));
  EXPECT_NE(err.str().find("changed on disk"), std::string::npos) << err.str();
  EXPECT_EQ(ReadFile(path), edited);
}

const char* kNotebook = R"nb({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# tf.log in markdown stays"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 1,
   "metadata": {},
   "outputs": [],
   "source": [
    "%matplotlib inline\n",
    "import tensorflow as tf\n",
    "x = tf.placeholder(tf.float32, [None])"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": "print('untouched cell ü')\n"
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": [
    "!ls\n",
    "y = tf.log(x)  # \"quoted\"\n",
    "z = tf.reduce_sum(y, keep_dims=True)\n"
   ]
  }
 ],
 "metadata": {"kernelspec": {"name": "python3"}},
 "nbformat": 4,
 "nbformat_minor": 5
}
)nb";

TEST(RewriteCli, NotebookInPlaceAndDiff) {
  TempDir dir;
  WriteFile(dir / "nb.ipynb", kNotebook);
  RunResult d = RunTfmigrate({"rewrite", (dir / "nb.ipynb").string()});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("+    \"y = tf.math.log(x)  # \\\"quoted\\\"\\n\",\n"), std::string::npos) << d.out;
  EXPECT_EQ(ReadFile(dir / "nb.ipynb"), kNotebook);
  RunResult r = RunTfmigrate({"rewrite", "--in-place", (dir / "nb.ipynb").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(ReadFile(dir / "nb.ipynb").find("tf.compat.v1.placeholder"), std::string::npos);
  EXPECT_NE(ReadFile(dir / "nb.ipynb").find("\"%matplotlib inline\\n\""), std::string::npos);
}

TEST(RewriteFile, NotebookCellByCellKeepsTheJsonFormatting) {
  TempDir dir;
  std::string path = (dir / "nb.ipynb").string();
  WriteFile(path, kNotebook);
  PythonParser parser;
  FileRewrite fr = RewriteFile(parser, path, RewriteFileOptions{});
  ASSERT_TRUE(fr.ok) << fr.error;
  std::string expected = kNotebook;
  auto replace = [&](const std::string& from, const std::string& to) {
    auto p = expected.find(from);
    ASSERT_NE(p, std::string::npos) << from;
    expected.replace(p, from.size(), to);
  };
  replace("x = tf.placeholder(", "x = tf.compat.v1.placeholder(");
  replace("\"import tensorflow as tf\\n\",", "\"import tensorflow as tf\\n\",\n    \"tf.compat.v1.disable_v2_behavior()\\n\",");
  replace("y = tf.log(x)", "y = tf.math.log(x)");
  replace("keep_dims=True", "keepdims=True");
  EXPECT_EQ(fr.rewritten, expected);
  EXPECT_EQ(fr.applied, 3u);
  // and a second run changes nothing
  WriteFile(path, fr.rewritten);
  FileRewrite again = RewriteFile(parser, path, RewriteFileOptions{});
  ASSERT_TRUE(again.ok);
  EXPECT_FALSE(again.Changed());
  EXPECT_NO_THROW(nlohmann::json::parse(fr.rewritten));
}

// A compat rewrite case: the input and what `rewrite` makes of it (nullptr: unchanged).
struct RewriteCase {
  const char* input;
  const char* expected;
};

// Each case rewritten as `rewrite` does (and as `rewrite -q`, whose loop may stop without
// analysing its result) gives its expected text, and a second rewrite of that makes no edit.
template <size_t N>
void ExpectCompatRewrites(const RewriteCase (&cases)[N]) {
  TempDir dir;
  PythonParser parser;
  for (bool quiet : {false, true}) {
    for (const RewriteCase& c : cases) {
      std::string path = (dir / "t.py").string();
      WriteFile(path, c.input);
      RewriteFileOptions o;
      o.want_remaining = !quiet;
      FileRewrite fr = RewriteFile(parser, path, o);
      ASSERT_TRUE(fr.ok) << fr.error;
      EXPECT_EQ(fr.rewritten, c.expected ? c.expected : c.input) << c.input;
      WriteFile(path, fr.rewritten);
      FileRewrite again = RewriteFile(parser, path, o);
      EXPECT_FALSE(again.Changed()) << "second rewrite of:\n" << fr.rewritten << "gives:\n" << again.rewritten;
      EXPECT_EQ(again.applied, 0u);
    }
  }
}

// The compat rewrite gives every TF1 program TF1 behavior, also when no other fix
// applies (issue 21): files spelled through tf.compat.v1, TF1 sessions or graph building
// spelled through it, TF1-only names whose fix does not carry the toggle. Code written
// against TF2 gets none; a second rewrite makes no edit; `--ignore TFM102` turns it off.
TEST(RewriteFile, Tf1ProgramsGetTf1BehaviorEvenWithoutOtherEdits) {
  const RewriteCase cases[] = {
      {"import tensorflow.compat.v1 as tf\nx = tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)\nprint(x)\n",
       "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n"
       "x = tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)\nprint(x)\n"},
      {"from tensorflow.compat import v1 as tf  # TF1 API\nprint(tf.constant(1.0))\n",
       "from tensorflow.compat import v1 as tf  # TF1 API\ntf.disable_v2_behavior()\nprint(tf.constant(1.0))\n"},
      {"import tensorflow as tf\nx = tf.constant(2.0)\nwith tf.compat.v1.Session() as s:\n    print(s.run(x))\n",
       "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\nx = tf.constant(2.0)\n"
       "with tf.compat.v1.Session() as s:\n    print(s.run(x))\n"},
      {"import tensorflow as tf\ntf.logging.info('start')\nprint(tf.constant(1.0) * 2.0)\n",
       "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\ntf.compat.v1.logging.info('start')\n"
       "print(tf.constant(1.0) * 2.0)\n"},
      {"import numpy as np\nimport tensorflow as tf\ny = tf.log(tf.constant(2.0))\nprint(y)\n",
       "import numpy as np\nimport tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\n"
       "y = tf.math.log(tf.constant(2.0))\nprint(y)\n"},
      // TF2 code, with and without a compat.v1 leftover (TFM105), and code that toggles already
      {"import tensorflow as tf\n@tf.function\ndef f(x):\n    return x * 2\nprint(f(tf.constant(1.0)))\n", nullptr},
      {"import tensorflow as tf\nloss = tf.compat.v1.losses.mean_squared_error([1.0], [2.0])\n"
       "print(tf.reduce_sum(loss).numpy())\n",
       nullptr},
      {"import tensorflow.compat.v1 as tf\ntf.disable_eager_execution()\nprint(tf.constant(1.0))\n", nullptr},
      // written for both behaviors: the session runs only where TF1 behavior is on
      {"import tensorflow as tf\nx = tf.constant(2.0)\nif tf.executing_eagerly():\n    print(x.numpy())\nelse:\n"
       "    with tf.compat.v1.Session() as s:\n        print(s.run(x))\n",
       nullptr},
      // what --level tf2 makes of a session script: tf.functions, a compat.v1 global step
      {"import tensorflow as tf\nstep = tf.compat.v1.train.get_or_create_global_step()\n@tf.function\n"
       "def run_step():\n    return step.assign_add(1)\nprint(run_step().numpy())\n",
       nullptr},
      {"import numpy as np\nprint(np.zeros(2))\n", nullptr},
  };
  ExpectCompatRewrites(cases);
  TempDir dir;
  PythonParser parser;
  WriteFile(dir / "t.py", cases[0].input);
  RewriteFileOptions o;
  o.analyze.ignore = {"TFM102"};
  FileRewrite fr = RewriteFile(parser, (dir / "t.py").string(), o);
  ASSERT_TRUE(fr.ok) << fr.error;
  EXPECT_FALSE(fr.Changed()) << fr.rewritten;
}

// The compat level keeps TF1's meaning where the TF2 symbol differs even with TF1 behavior
// (issue 18): calls of tf.Variable (a RefVariable in TF1), tf.cond, tf.while_loop,
// tf.where, tf.image.resize, tf.data.Dataset and tf.ones_like go through tf.compat.v1, through any alias
// or `from tensorflow import X`. Not the non-call uses, not code written for TF2, not
// the tf2 level.
TEST(RewriteFile, CompatLevelKeepsTf1MeaningOfTf2Symbols) {
  const RewriteCase cases[] = {
      {"import tensorflow as tf\nv = tf.Variable(1.0)\nok = isinstance(v, tf.Variable)\n"
       "with tf.compat.v1.Session() as s:\n    pass\n",
       "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\nv = tf.compat.v1.Variable(1.0)\n"
       "ok = isinstance(v, tf.Variable)\nwith tf.compat.v1.Session() as s:\n    pass\n"},
      {"import tensorflow as T\nx = T.placeholder(T.float32, [2])\nc = T.cond(x[0] > 0, lambda: [x], lambda: [-x])\n"
       "n = T.while_loop(lambda i: i < 3, lambda i: i + 1, [0])\nr = T.image.resize(T.zeros([1, 2, 2, 1]), [4, 4])\n"
       "d = T.data.Dataset.range(4).batch(2)\nw = T.where(x > 0)\no = T.ones_like(x)\n",
       "import tensorflow as T\nT.compat.v1.disable_v2_behavior()\nx = T.compat.v1.placeholder(T.float32, [2])\n"
       "c = T.compat.v1.cond(x[0] > 0, lambda: [x], lambda: [-x])\n"
       "n = T.compat.v1.while_loop(lambda i: i < 3, lambda i: i + 1, [0])\n"
       "r = T.compat.v1.image.resize(T.zeros([1, 2, 2, 1]), [4, 4])\n"
       "d = T.compat.v1.data.Dataset.range(4).batch(2)\nw = T.compat.v1.where(x > 0)\no = T.compat.v1.ones_like(x)\n"},
      // imported by name, with a tensorflow import bound at the call
      {"import tensorflow as tf\nfrom tensorflow import Variable\nv = Variable(2.0)\ns = tf.compat.v1.Session()\n",
       "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\nfrom tensorflow import Variable\n"
       "v = tf.compat.v1.Variable(2.0)\ns = tf.compat.v1.Session()\n"},
      // imported by name alone, used only in calls: the import moves
      {"from tensorflow import Variable as V\nfrom tensorflow.compat.v1 import Session\nv = V(2.0)\ns = Session()\n",
       "from tensorflow.compat.v1 import Variable as V\nfrom tensorflow.compat.v1 import Session\nv = V(2.0)\n"
       "s = Session()\n"},
      // ... not when a use is not a call (isinstance against VariableV1 is another test)
      {"from tensorflow import Variable\nfrom tensorflow.compat.v1 import Session\nv = Variable(2.0)\n"
       "ok = isinstance(v, Variable)\ns = Session()\n",
       nullptr},
      // already TF1's: tf.compat.v1, and a file spelled through it
      {"import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\nv = tf.Variable(1.0)\n", nullptr},
      // TF2 code
      {"import tensorflow as tf\nv = tf.Variable(1.0)\n@tf.function\ndef f():\n    return tf.cond(v > 0, lambda: v, "
       "lambda: -v)\nprint(f().numpy())\n",
       nullptr},
  };
  ExpectCompatRewrites(cases);
  TempDir dir;
  PythonParser parser;
  // The tf2 level means TF2's variables.
  WriteFile(dir / "t.py", cases[0].input);
  RewriteFileOptions o;
  o.tf2 = true;
  o.unsafe = true;
  FileRewrite fr = RewriteFile(parser, (dir / "t.py").string(), o);
  ASSERT_TRUE(fr.ok) << fr.error;
  EXPECT_EQ(fr.rewritten.find("compat.v1.Variable"), std::string::npos) << fr.rewritten;
}

// TFM205's safe fix deletes initializer ops only where nothing runs them: a run of an
// initializer needs a session, and a session the file does not show being made (issue 18:
// `self.sess`, a parameter, `self.test_session()` / `self.cached_session()` /
// `self.session()`) still runs a graph whose variables the run initializes.
TEST(Rewrite, InitializerRunsOfSessionsFromElsewhereAreKept) {
  const std::string input =
      "import tensorflow as tf\n"
      "\n"
      "\n"
      "class Model:\n"
      "    def __init__(self, sess):\n"
      "        self.sess = sess\n"
      "        self.w = tf.compat.v1.get_variable(\"w\", [2])\n"
      "        self.sess.run(tf.compat.v1.global_variables_initializer())\n"
      "\n"
      "\n"
      "def train(session, loss):\n"
      "    session.run(tf.compat.v1.global_variables_initializer())\n"
      "    return session.run(loss)\n"
      "\n"
      "\n"
      "class T(tf.test.TestCase):\n"
      "    def test_a(self):\n"
      "        v = tf.Variable(1.0)\n"
      "        with self.test_session() as sess:\n"
      "            sess.run(tf.compat.v1.global_variables_initializer())\n"
      "            self.assertEqual(sess.run(v), 1.0)\n"
      "\n"
      "    def test_b(self):\n"
      "        v = tf.Variable(1.0)\n"
      "        with self.cached_session():\n"
      "            tf.compat.v1.global_variables_initializer().run()\n"
      "            self.assertEqual(v.eval(), 1.0)\n"
      "\n"
      "    def test_c(self):\n"
      "        v = tf.Variable(1.0)\n"
      "        with self.session() as s:\n"
      "            s.run(tf.compat.v1.global_variables_initializer())\n"
      "            self.assertEqual(s.run(v), 1.0)\n";
  for (bool unsafe : {false, true}) {
    FixLoopResult r = Loop(input, unsafe);
    ASSERT_TRUE(r.ok) << r.error;
    for (const char* line : {"        self.sess.run(tf.compat.v1.global_variables_initializer())\n",
                             "    session.run(tf.compat.v1.global_variables_initializer())\n",
                             "            sess.run(tf.compat.v1.global_variables_initializer())\n",
                             "            tf.compat.v1.global_variables_initializer().run()\n",
                             "            s.run(tf.compat.v1.global_variables_initializer())\n"})
      EXPECT_NE(r.text.find(line), std::string::npos) << line << "deleted from:\n" << r.text;
  }
  // Built and never run, in eager code or a tf.function: deleted.
  FixLoopResult r = Loop(
      "import tensorflow as tf\nv = tf.Variable(1.0)\ntf.compat.v1.global_variables_initializer()\n"
      "@tf.function\ndef f():\n    tf.compat.v1.global_variables_initializer()\n    return v + 1.0\n");
  EXPECT_EQ(r.text, "import tensorflow as tf\nv = tf.Variable(1.0)\n@tf.function\ndef f():\n    return v + 1.0\n");
}

TEST(RewriteFile, NotebookOfATf1ProgramGetsTheToggleInItsImportCell) {
  TempDir dir;
  std::string path = (dir / "nb.ipynb").string();
  const std::string nb =
      R"nb({"cells": [{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],)nb"
      R"nb( "source": ["import tensorflow.compat.v1 as tf"]},)nb"
      R"nb( {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],)nb"
      R"nb( "source": ["print(tf.constant(1.0))\n"]}],)nb"
      R"nb( "metadata": {}, "nbformat": 4, "nbformat_minor": 5})nb";
  WriteFile(path, nb);
  PythonParser parser;
  FileRewrite fr = RewriteFile(parser, path, RewriteFileOptions{});
  ASSERT_TRUE(fr.ok) << fr.error;
  nlohmann::json j = nlohmann::json::parse(fr.rewritten);
  std::string first, second;
  for (const auto& part : j["cells"][0]["source"]) first += part.get<std::string>();
  for (const auto& part : j["cells"][1]["source"]) second += part.get<std::string>();
  EXPECT_EQ(first, "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()");
  EXPECT_EQ(second, "print(tf.constant(1.0))\n");
  WriteFile(path, fr.rewritten);
  EXPECT_FALSE(RewriteFile(parser, path, RewriteFileOptions{}).Changed());
}

}  // namespace
}  // namespace tfm

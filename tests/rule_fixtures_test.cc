// One parameterized test over every folder testdata/rules/<ID>/ (Python rules):
//  * diagnostics.snap: the text report of input.py with only that rule enabled;
//  * expected.py: input.py after applying every fix (safe and unsafe) to a fixed point;
//  * markers: each line tagged `# expect: <ID>` has a finding of that rule starting on
//    it, no line tagged `# ok` has one, and the fixture has both kinds of lines.
// TFMIGRATE_UPDATE_GOLDENS=1 rewrites the snapshot and expected.py instead of comparing.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "analyzer/checks/registry.h"
#include "analyzer/report/emit.h"
#include "rewriter/apply.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

std::vector<std::string> PythonFixtureIds() {
  std::vector<std::string> ids;
  for (const Rule* r : AllRules())
    if (r->info().input == RuleInput::kPython) ids.emplace_back(r->info().id);
  return ids;
}

std::string Snapshot(const FileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += FormatDiagnostic(d, r.source.get(), false) + "\n";
  return s;
}

class RuleFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(RuleFixture, MatchesGoldens) {
  const std::string id = GetParam();
  fs::path dir = SourceDir() / "testdata" / "rules" / id;
  ASSERT_TRUE(fs::exists(dir / "input.py")) << "missing " << (dir / "input.py");
  std::string input = ReadFile(dir / "input.py");
  std::string display = "testdata/rules/" + id + "/input.py";
  FileResult r = AnalyzeText(input, display, {id});
  ASSERT_FALSE(r.error) << r.error->message;

  // Markers.
  std::vector<std::string> lines;
  {
    size_t pos = 0;
    while (pos <= input.size()) {
      size_t eol = input.find('\n', pos);
      lines.push_back(input.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos));
      if (eol == std::string::npos) break;
      pos = eol + 1;
    }
  }
  std::multiset<uint32_t> fired;
  for (const auto& d : r.diagnostics)
    if (d.rule_id == id) fired.insert(d.start.line);
  int expect_lines = 0, ok_lines = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    uint32_t line = static_cast<uint32_t>(i + 1);
    if (l.find("# expect: " + id) != std::string::npos) {
      ++expect_lines;
      EXPECT_TRUE(fired.count(line)) << id << ": line " << line << " is marked `# expect` but nothing fired:\n  " << l;
    } else if (l.find("# ok") != std::string::npos) {
      ++ok_lines;
      EXPECT_FALSE(fired.count(line)) << id << ": line " << line << " is marked `# ok` but the rule fired:\n  " << l;
    } else {
      EXPECT_FALSE(fired.count(line)) << id << ": line " << line << " fired without an `# expect: " << id
                                      << "` marker:\n  " << l;
    }
  }
  EXPECT_GT(expect_lines, 0) << id << ": the fixture has no `# expect:` line";
  EXPECT_GT(ok_lines, 0) << id << ": the fixture has no `# ok` line (a case that must not fire)";

  // Snapshot.
  std::string snap = Snapshot(r);
  fs::path snap_path = dir / "diagnostics.snap";
  if (UpdateGoldens()) {
    WriteFile(snap_path, snap);
  } else {
    ASSERT_TRUE(fs::exists(snap_path)) << "missing " << snap_path << " (run with TFMIGRATE_UPDATE_GOLDENS=1)";
    EXPECT_EQ(ReadFile(snap_path), snap) << "snapshot differs for " << id;
  }

  // Fixes to a fixed point.
  std::string text = input;
  int passes = 0;
  for (; passes < 10; ++passes) {
    FileResult cur = AnalyzeText(text, display, {id});
    ASSERT_FALSE(cur.error);
    ApplyResult ar = ApplyFixes(text, cur.diagnostics, ApplyOptions{.unsafe = true});
    if (ar.applied == 0) break;
    text = ar.text;
  }
  EXPECT_LT(passes, 10) << id << ": fixes did not reach a fixed point";
  FileResult after = AnalyzeText(text, display, {});
  for (const auto& d : after.diagnostics) EXPECT_NE(d.rule_id, "syntax-error") << id << ": fixed output does not parse";
  fs::path expected_path = dir / "expected.py";
  if (UpdateGoldens()) {
    WriteFile(expected_path, text);
  } else {
    ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path;
    EXPECT_EQ(ReadFile(expected_path), text) << "fixed output differs for " << id;
  }
}

// C++ rules: testdata/rules/<ID>/input.cc with `// expect: <ID>` and `// ok` markers
// and a diagnostics.snap; no fixes.
std::vector<std::string> CppFixtureIds() {
  std::vector<std::string> ids;
  for (const Rule* r : AllRules())
    if (r->info().input == RuleInput::kCpp) ids.emplace_back(r->info().id);
  return ids;
}

class CppRuleFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(CppRuleFixture, MatchesGoldens) {
  const std::string id = GetParam();
  fs::path dir = SourceDir() / "testdata" / "rules" / id;
  ASSERT_TRUE(fs::exists(dir / "input.cc")) << "missing " << (dir / "input.cc");
  std::string input = ReadFile(dir / "input.cc");
  auto src = SourceFromBytes(input, "testdata/rules/" + id + "/input.cc", SourceKind::kPython);
  ASSERT_TRUE(static_cast<bool>(src));
  AnalyzeOptions opts;
  opts.select = {id};
  FileResult r = AnalyzeCppFile(std::move(*src), nullptr, opts);
  ASSERT_FALSE(r.error) << r.error->message;
  std::multiset<uint32_t> fired;
  for (const auto& d : r.diagnostics) fired.insert(d.start.line);
  std::istringstream lines(input);
  std::string l;
  int line = 0, expect_lines = 0, ok_lines = 0;
  while (std::getline(lines, l)) {
    ++line;
    if (l.find("// expect: " + id) != std::string::npos) {
      ++expect_lines;
      EXPECT_TRUE(fired.count(line)) << id << ": line " << line << " is marked `// expect` but nothing fired:\n  " << l;
    } else {
      if (l.find("// ok") != std::string::npos) ++ok_lines;
      EXPECT_FALSE(fired.count(line)) << id << ": line " << line << " fired without an expect marker:\n  " << l;
    }
  }
  EXPECT_GT(expect_lines, 0);
  EXPECT_GT(ok_lines, 0);
  std::string snap = Snapshot(r);
  if (UpdateGoldens()) {
    WriteFile(dir / "diagnostics.snap", snap);
  } else {
    ASSERT_TRUE(fs::exists(dir / "diagnostics.snap"));
    EXPECT_EQ(ReadFile(dir / "diagnostics.snap"), snap) << "snapshot differs for " << id;
  }
}

INSTANTIATE_TEST_SUITE_P(CppRules, CppRuleFixture, ::testing::ValuesIn(CppFixtureIds()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

INSTANTIATE_TEST_SUITE_P(Rules, RuleFixture, ::testing::ValuesIn(PythonFixtureIds()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

// Graph rules: testdata/rules/<ID>/input.pbtxt (or input.pb) is a graph file; the
// snapshot is its text report with only that rule enabled, the rule must fire on it,
// and it must stay silent on the TF2 contrast (testdata/graphs/tf2_function).
std::vector<std::string> GraphFixtureIds() {
  std::vector<std::string> ids;
  for (const Rule* r : AllRules())
    if (r->info().input == RuleInput::kGraph) ids.emplace_back(r->info().id);
  return ids;
}

class GraphRuleFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(GraphRuleFixture, MatchesGoldens) {
  const std::string id = GetParam();
  std::string rel = "testdata/rules/" + id + "/input.pbtxt";
  if (!fs::exists(SourceDir() / rel)) rel = "testdata/rules/" + id + "/input.pb";
  ASSERT_TRUE(fs::exists(SourceDir() / rel)) << "missing input.pbtxt or input.pb for " << id;
  AnalyzeOptions opts;
  opts.select = {id};
  FileResult r = AnalyzeGraphFile(rel, nullptr, opts, true);
  ASSERT_FALSE(r.error) << r.error->message;
  size_t fired = 0;
  for (const auto& d : r.diagnostics) {
    EXPECT_EQ(d.rule_id, id);
    fired += d.rule_id == id;
  }
  EXPECT_GT(fired, 0u) << id << ": the rule does not fire on its fixture";
  std::string snap = Snapshot(r);
  fs::path snap_path = SourceDir() / "testdata" / "rules" / id / "diagnostics.snap";
  if (UpdateGoldens()) {
    WriteFile(snap_path, snap);
  } else {
    ASSERT_TRUE(fs::exists(snap_path)) << "missing " << snap_path << " (run with TFMIGRATE_UPDATE_GOLDENS=1)";
    EXPECT_EQ(ReadFile(snap_path), snap) << "snapshot differs for " << id;
  }
  FileResult clean = AnalyzeGraphFile("testdata/graphs/tf2_function", nullptr, opts, true);
  ASSERT_FALSE(clean.error) << clean.error->message;
  EXPECT_TRUE(clean.diagnostics.empty()) << id << " fires on the TF2 tf.function SavedModel: "
                                         << clean.diagnostics.front().message;
}

INSTANTIATE_TEST_SUITE_P(GraphRules, GraphRuleFixture, ::testing::ValuesIn(GraphFixtureIds()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace tfm

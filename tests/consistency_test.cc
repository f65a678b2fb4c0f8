// Every rule of the registry has its fixed set of files, and the documentation that
// repeats facts about rules is generated from RuleInfo and current: rules/RULES.md's
// tables and each docs/rules/<ID>.md header (analyzer/checks/catalogue.h).
// TFMIGRATE_UPDATE_GOLDENS=1 rewrites the generated parts instead of comparing.
// Nothing outside a rule's own files tests a rule ID (NoRuleIdOutsideRules).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "analyzer/checks/catalogue.h"
#include "analyzer/checks/registry.h"
#include "analyzer/graph/op_registry.h"
#include "analyzer/python/version_guard.h"
#include "analyzer/report/emit.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

constexpr const char* kRefresh = "refresh with TFMIGRATE_UPDATE_GOLDENS=1 build/tests/tfmigrate_tests "
                                 "--gtest_filter='Consistency.*'";

// Version checks are evaluated against the TensorFlow the API and op tables come from.
TEST(Consistency, VersionChecksTargetTheTablesTensorFlow) {
  EXPECT_EQ(kTargetTfVersion, graph::Tf2Version());
}

TEST(Consistency, RegistrySortedAndUnique) {
  std::vector<std::string> ids, names;
  for (const Rule* r : CatalogueRules()) {
    ids.emplace_back(r->info().id);
    names.emplace_back(r->info().name);
  }
  EXPECT_EQ(ids.size(), AllRules().size() + DynamicRules().size());
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  for (const std::string& id : ids) {
    EXPECT_TRUE(std::regex_match(id, std::regex("TFM[1-9][0-9]{2}"))) << id;
    ASSERT_NE(FindRuleInfo(id), nullptr) << id;
    EXPECT_EQ(FindRuleInfo(id)->id, id);
  }
  EXPECT_EQ(FindRuleInfo("syntax-error"), nullptr);
  EXPECT_EQ(FindRuleInfo("TFM100"), nullptr);
}

// The generated block of rules/RULES.md is what the RuleInfos say.
TEST(Consistency, CatalogueIsGenerated) {
  fs::path path = SourceDir() / "rules" / "RULES.md";
  std::string text = ReadFile(path);
  size_t b = text.find(kCatalogueBegin);
  size_t e = text.find(kCatalogueEnd);
  ASSERT_NE(b, std::string::npos) << "rules/RULES.md lacks `" << kCatalogueBegin << "`";
  ASSERT_NE(e, std::string::npos) << "rules/RULES.md lacks `" << kCatalogueEnd << "`";
  e = text.find('\n', e);
  e = e == std::string::npos ? text.size() : e + 1;
  std::string want = CatalogueMarkdown();
  if (UpdateGoldens()) {
    WriteFile(path, text.substr(0, b) + want + text.substr(e));
    return;
  }
  EXPECT_EQ(text.substr(b, e - b), want) << "rules/RULES.md is stale: " << kRefresh;
  // every rule has its row (the generator would fail silently on an empty registry)
  for (const Rule* r : CatalogueRules())
    EXPECT_NE(text.find(fmt::format("| {} | {} |", r->info().id, r->info().name)), std::string::npos) << r->info().id;
}

// What a rule says about itself is coherent.
TEST(Consistency, RuleInfoIsCoherent) {
  std::map<DivergenceKind, std::string> reported;
  for (const Rule* r : CatalogueRules()) {
    const RuleInfo& i = r->info();
    SCOPED_TRACE(std::string(i.id));
    EXPECT_FALSE(i.summary.empty());
    EXPECT_FALSE(i.trigger.empty());
    EXPECT_EQ(i.trigger.find(" | "), std::string_view::npos) << "a ` | ` would split the catalogue's cell";
    EXPECT_EQ(i.fix_note.find(" | "), std::string_view::npos);
    EXPECT_EQ(i.trigger.find('\n'), std::string_view::npos);
    std::string_view fix = FixText(i);
    switch (i.fix) {
      case FixKind::kNone: EXPECT_EQ(fix.substr(0, 4), "none") << fix; break;
      case FixKind::kUnsafe: EXPECT_NE(fix.find("unsafe"), std::string_view::npos) << fix; break;
      case FixKind::kSafe:
      case FixKind::kSafeOrUnsafe: EXPECT_NE(fix.find("safe"), std::string_view::npos) << fix; break;
    }
    // closed edit shapes are shapes of safe fixes; a rule without fixes gains none
    if (i.closed_edits) {
      EXPECT_TRUE(i.fix == FixKind::kSafe || i.fix == FixKind::kSafeOrUnsafe);
    }
    if (i.may_gain_fix) {
      EXPECT_NE(i.fix, FixKind::kNone);
    }
    if (i.input == RuleInput::kDynamic) {
      EXPECT_NE(i.reports, DivergenceKind::kNone) << "a dynamic rule names the divergence it reports";
      EXPECT_TRUE(reported.emplace(i.reports, std::string(i.id)).second) << "two dynamic rules report one divergence";
      EXPECT_TRUE(i.symptoms.empty());
      EXPECT_EQ(i.impact, Impact::kNone);
    } else {
      EXPECT_EQ(i.reports, DivergenceKind::kNone);
    }
    if (i.input == RuleInput::kGraph || i.input == RuleInput::kCpp) {
      // they cannot explain a script's values, nor stop its conversion
      EXPECT_EQ(i.impact, Impact::kNone);
      EXPECT_FALSE(i.blocks_tf2_conversion);
      EXPECT_TRUE(i.symptoms.empty());
    }
    if (i.input == RuleInput::kPython) {
      EXPECT_NE(i.impact, Impact::kNone);
    }
    for (const Symptom& s : i.symptoms) {
      EXPECT_NE(s.kind, DivergenceKind::kNone);
      if (!s.exception.empty()) {
        EXPECT_EQ(s.kind, DivergenceKind::kException) << "an exception pattern on another divergence";
        EXPECT_NO_THROW(std::regex(std::string(s.exception))) << s.exception;
      }
    }
  }
  // one dynamic rule per divergence
  EXPECT_EQ(reported.size(), 3u);
}

// A page: the generated header, then the hand-written body.
std::string WithHeader(const std::string& page, const RuleInfo& info) {
  size_t m = page.find(kPageHeaderEnd);
  size_t body;
  if (m != std::string::npos) {
    body = page.find('\n', m);
    body = body == std::string::npos ? page.size() : body + 1;
  } else {  // a page without the generated header: its own title and facts go
    body = page.find("\n## ");
    body = body == std::string::npos ? 0 : body + 1;
  }
  std::string rest = page.substr(body);
  if (rest.empty() || rest[0] != '\n') rest = "\n" + rest;
  return RulePageHeader(info) + rest;
}

TEST(Consistency, EveryRuleHasItsFiles) {
  for (const Rule* r : CatalogueRules()) {
    const RuleInfo& i = r->info();
    std::string id(i.id);
    SCOPED_TRACE(id);
    std::string stem = RuleFileStem(i);
    EXPECT_TRUE(fs::exists(SourceDir() / "analyzer" / "checks" / (stem + ".h"))) << stem << ".h";
    EXPECT_TRUE(fs::exists(SourceDir() / "analyzer" / "checks" / (stem + ".cc"))) << stem << ".cc";
    fs::path doc = SourceDir() / "docs" / "rules" / (id + ".md");
    ASSERT_TRUE(fs::exists(doc)) << doc;
    std::string text = ReadFile(doc);
    std::string want = WithHeader(text, i);
    if (UpdateGoldens()) {
      if (want != text) WriteFile(doc, want);
      continue;
    }
    EXPECT_EQ(text.substr(0, RulePageHeader(i).size()), RulePageHeader(i)) << "the page header is stale: " << kRefresh;
    EXPECT_EQ(RuleDoc(i.id), text) << "embedded doc is stale (rebuild)";
    if (i.input == RuleInput::kDynamic) continue;
    EXPECT_NE(text.find("## Fix safety"), std::string::npos) << "doc lacks `## Fix safety`";
    fs::path fx = SourceDir() / "testdata" / "rules" / id;
    EXPECT_TRUE(fs::exists(fx / "diagnostics.snap")) << "fixture snapshot";
    if (i.input == RuleInput::kPython) {
      EXPECT_TRUE(fs::exists(fx / "input.py"));
      EXPECT_TRUE(fs::exists(fx / "expected.py"));
    }
    if (i.input == RuleInput::kCpp) {
      EXPECT_TRUE(fs::exists(fx / "input.cc"));
    }
  }
}

TEST(Consistency, NoOrphanDocsOrFixtures) {
  std::set<std::string> ids;
  for (const Rule* r : CatalogueRules()) ids.emplace(r->info().id);
  for (const auto& e : fs::directory_iterator(SourceDir() / "docs" / "rules"))
    EXPECT_TRUE(ids.count(e.path().stem().string())) << "doc without a rule: " << e.path();
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "rules"))
    EXPECT_TRUE(ids.count(e.path().filename().string())) << "fixture without a rule: " << e.path();
}

// A rule in preview (RuleInfo::lifecycle) runs only with `check --preview`, even when
// selected by ID; its page and catalogue row say so.
TEST(Consistency, PreviewRulesRunOnlyWhenAsked) {
  const RuleInfo& stable = AllRules()[0]->info();
  RuleInfo preview = stable;
  preview.lifecycle = Lifecycle::kPreview;
  AnalyzeOptions opts;
  EXPECT_TRUE(RuleEnabled(stable, "a.py", nullptr, opts));
  EXPECT_FALSE(RuleEnabled(preview, "a.py", nullptr, opts));
  opts.select = {std::string(preview.id)};
  EXPECT_FALSE(RuleEnabled(preview, "a.py", nullptr, opts));
  opts.preview = true;
  EXPECT_TRUE(RuleEnabled(preview, "a.py", nullptr, opts));
  opts.ignore = {std::string(preview.id)};
  EXPECT_FALSE(RuleEnabled(preview, "a.py", nullptr, opts));
  EXPECT_NE(RulePageHeader(preview).find("**Lifecycle:** preview"), std::string::npos);
  EXPECT_NE(RulePageHeader(stable).find("**Lifecycle:** stable"), std::string::npos);
}

// No code outside a rule's own files names a rule ID: what the rewriter and diff need
// to know about a rule is in its RuleInfo. (Comments and the tests may name IDs.)
TEST(Consistency, NoRuleIdOutsideRules) {
  std::regex id_literal(R"re("TFM[0-9])re");
  std::set<std::string> own;
  for (const Rule* r : CatalogueRules()) {
    own.insert(RuleFileStem(r->info()) + ".cc");
    own.insert(RuleFileStem(r->info()) + ".h");
  }
  size_t scanned = 0;
  for (const char* dir : {"analyzer", "rewriter", "diff", "cli", "runtime"}) {
    for (const auto& e : fs::recursive_directory_iterator(SourceDir() / dir)) {
      std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cc" && ext != ".h")) continue;
      std::string name = e.path().filename().string();
      if (own.count(name) || (name.size() > 8 && name.substr(name.size() - 8) == "_test.cc")) continue;
      ++scanned;
      std::istringstream lines(ReadFile(e.path()));
      std::string line;
      int n = 0;
      while (std::getline(lines, line)) {
        ++n;
        std::string code = line.substr(0, line.find("//"));
        EXPECT_FALSE(std::regex_search(code, id_literal)) << e.path() << ":" << n << ": " << line;
      }
    }
  }
  EXPECT_GT(scanned, 100u);
}

}  // namespace
}  // namespace tfm

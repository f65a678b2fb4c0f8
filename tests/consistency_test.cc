// Every rule in the registry has its fixed set of files and matches the catalogue
// (rules/RULES.md, a copy of the project's rule catalogue).
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <map>
#include <set>
#include <sstream>

#include "analyzer/checks/registry.h"
#include "analyzer/report/emit.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

struct CatalogueRow {
  std::string name, severity;
};

std::map<std::string, CatalogueRow> Catalogue() {
  std::map<std::string, CatalogueRow> rows;
  std::string text = ReadFile(SourceDir() / "rules" / "RULES.md");
  std::regex row(R"(^\| (TFM\d{3}) \| ([a-z0-9-]+) \|(.*)$)");
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    std::string rest = m[3];
    // columns after name: trigger | sev | fix  (9xx rows have no sev)
    std::vector<std::string> cols;
    size_t pos = 0;
    while (pos < rest.size()) {
      size_t bar = rest.find(" | ", pos);
      cols.push_back(rest.substr(pos, bar == std::string::npos ? std::string::npos : bar - pos));
      if (bar == std::string::npos) break;
      pos = bar + 3;
    }
    rows[m[1]] = CatalogueRow{m[2], cols.size() >= 2 ? cols[cols.size() - 2] : ""};
  }
  return rows;
}

std::string FileStem(std::string_view id, std::string_view name) {
  std::string s = std::string(id) + "_" + std::string(name);
  std::transform(s.begin(), s.end(), s.begin(), [](char c) { return c == '-' ? '_' : static_cast<char>(std::tolower(c)); });
  return s;
}

TEST(Consistency, CatalogueParses) { EXPECT_EQ(Catalogue().size(), 55u); }

TEST(Consistency, RegistrySortedAndUnique) {
  std::vector<std::string> ids;
  for (const Rule* r : AllRules()) ids.emplace_back(r->info().id);
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
}

TEST(Consistency, EveryRuleHasItsFiles) {
  auto cat = Catalogue();
  for (const Rule* r : AllRules()) {
    const RuleInfo& i = r->info();
    std::string id(i.id);
    SCOPED_TRACE(id);
    ASSERT_TRUE(cat.count(id)) << id << " is not in rules/RULES.md";
    EXPECT_EQ(cat[id].name, i.name) << "name differs from the catalogue";
    EXPECT_NE(cat[id].severity.find(SeverityName(i.severity)), std::string::npos)
        << "severity " << SeverityName(i.severity) << " not in catalogue cell `" << cat[id].severity << "`";
    std::string stem = FileStem(i.id, i.name);
    EXPECT_TRUE(fs::exists(SourceDir() / "analyzer" / "checks" / (stem + ".h"))) << stem << ".h";
    EXPECT_TRUE(fs::exists(SourceDir() / "analyzer" / "checks" / (stem + ".cc"))) << stem << ".cc";
    fs::path doc = SourceDir() / "docs" / "rules" / (id + ".md");
    ASSERT_TRUE(fs::exists(doc)) << doc;
    std::string text = ReadFile(doc);
    EXPECT_NE(text.find("# " + id + " " + std::string(i.name)), std::string::npos) << "doc title";
    EXPECT_NE(text.find("## Fix safety"), std::string::npos) << "doc lacks `## Fix safety`";
    EXPECT_EQ(RuleDoc(i.id), text) << "embedded doc is stale (rebuild)";
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
  for (const Rule* r : AllRules()) ids.emplace(r->info().id);
  // the dynamic rules (TFM9xx, reported by `tfmigrate diff`) have pages but no check
  for (const auto& e : fs::directory_iterator(SourceDir() / "docs" / "rules")) {
    std::string id = e.path().stem().string();
    if (id.rfind("TFM9", 0) == 0) continue;
    EXPECT_TRUE(ids.count(id)) << "doc without a rule: " << e.path();
  }
  for (const auto& [id, row] : Catalogue()) {
    if (id.rfind("TFM9", 0) == 0) {
      EXPECT_TRUE(fs::exists(SourceDir() / "docs" / "rules" / (id + ".md"))) << "dynamic rule without a page: " << id;
    }
  }
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "rules"))
    EXPECT_TRUE(ids.count(e.path().filename().string())) << "fixture without a rule: " << e.path();
}

}  // namespace
}  // namespace tfm

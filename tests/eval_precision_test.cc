// Precision and recall of the hazard rules on the labeled evaluation set
// testdata/eval/*.py (see testdata/eval/README.md for the labeling convention).
// Prints one table row per labeled rule and every mismatching line, and fails when
// precision or recall is below 0.9 for a rule with at least one expected finding.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

std::vector<std::string> LabeledRules(const std::string& readme) {
  std::vector<std::string> ids;
  auto pos = readme.find("Labeled rules:");
  if (pos == std::string::npos) return ids;
  std::string line = readme.substr(pos, readme.find('\n', pos) - pos);
  static const std::regex kId("TFM[0-9]{3}");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), kId); it != std::sregex_iterator(); ++it)
    ids.push_back(it->str());
  return ids;
}

struct Counts {
  int tp = 0, fp = 0, fn = 0;
};

TEST(EvalPrecision, HazardRulesOnLabeledSet) {
  fs::path dir = SourceDir() / "testdata" / "eval";
  std::vector<std::string> rules = LabeledRules(ReadFile(dir / "README.md"));
  ASSERT_FALSE(rules.empty()) << "testdata/eval/README.md lists no `Labeled rules:`";
  std::set<std::string> labeled(rules.begin(), rules.end());

  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 60u) << "the evaluation set needs at least 60 files";

  static const std::regex kId("TFM[0-9]{3}");
  std::map<std::string, Counts> counts;
  std::vector<std::string> mismatches;
  for (const fs::path& f : files) {
    std::string text = ReadFile(f);
    std::string display = "testdata/eval/" + f.filename().string();
    // expected (line, rule)
    std::set<std::pair<uint32_t, std::string>> expected;
    uint32_t line = 1;
    size_t pos = 0;
    while (pos <= text.size()) {
      size_t eol = text.find('\n', pos);
      std::string l = text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
      auto m = l.find("# expect:");
      if (m != std::string::npos) {
        std::string tail = l.substr(m);
        for (auto it = std::sregex_iterator(tail.begin(), tail.end(), kId); it != std::sregex_iterator(); ++it)
          if (labeled.count(it->str())) expected.emplace(line, it->str());
      }
      if (eol == std::string::npos) break;
      pos = eol + 1;
      ++line;
    }
    FileResult r = AnalyzeText(text, display, rules);
    ASSERT_FALSE(r.error) << display << ": " << r.error->message;
    std::set<std::pair<uint32_t, std::string>> fired;
    std::map<std::pair<uint32_t, std::string>, std::string> messages;
    for (const auto& d : r.diagnostics) {
      if (!labeled.count(d.rule_id)) continue;
      fired.emplace(d.start.line, d.rule_id);
      messages.emplace(std::make_pair(d.start.line, d.rule_id), d.message);
    }
    for (const auto& e : expected) {
      if (fired.count(e)) {
        ++counts[e.second].tp;
      } else {
        ++counts[e.second].fn;
        mismatches.push_back(fmt::format("  missed     {}:{} {}", display, e.first, e.second));
      }
    }
    for (const auto& x : fired) {
      if (expected.count(x)) continue;
      ++counts[x.second].fp;
      mismatches.push_back(fmt::format("  unexpected {}:{} {}: {}", display, x.first, x.second,
                                       messages[x].substr(0, 100)));
    }
  }

  std::string table = fmt::format("\nEvaluation set: {} files, {} labeled rules\n", files.size(), rules.size());
  table += fmt::format("{:<8} {:>9} {:>4} {:>4} {:>4} {:>10} {:>7}\n", "rule", "expected", "TP", "FP", "FN",
                       "precision", "recall");
  int total_tp = 0, total_fp = 0, total_fn = 0;
  for (const std::string& id : rules) {
    Counts c = counts[id];
    total_tp += c.tp;
    total_fp += c.fp;
    total_fn += c.fn;
    double precision = c.tp + c.fp ? double(c.tp) / (c.tp + c.fp) : 1.0;
    double recall = c.tp + c.fn ? double(c.tp) / (c.tp + c.fn) : 1.0;
    table += fmt::format("{:<8} {:>9} {:>4} {:>4} {:>4} {:>10.3f} {:>7.3f}\n", id, c.tp + c.fn, c.tp, c.fp, c.fn,
                         precision, recall);
    if (c.tp + c.fn > 0) {
      EXPECT_GE(precision, 0.9) << id << " precision below 0.9";
      EXPECT_GE(recall, 0.9) << id << " recall below 0.9";
    }
  }
  double p = total_tp + total_fp ? double(total_tp) / (total_tp + total_fp) : 1.0;
  double rc = total_tp + total_fn ? double(total_tp) / (total_tp + total_fn) : 1.0;
  table += fmt::format("{:<8} {:>9} {:>4} {:>4} {:>4} {:>10.3f} {:>7.3f}\n", "all", total_tp + total_fn, total_tp,
                       total_fp, total_fn, p, rc);
  if (!mismatches.empty()) {
    table += "Mismatches:\n";
    for (const auto& m : mismatches) table += m + "\n";
  }
  std::cout << table << std::flush;
  RecordProperty("precision", fmt::format("{:.3f}", p));
  RecordProperty("recall", fmt::format("{:.3f}", rc));
}

}  // namespace
}  // namespace tfm

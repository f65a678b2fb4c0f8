// Cost of the hazard rules: `check` with every rule over the evaluation programs (each
// its own file, plus three copies of all of them as one large module) compared with
// bare parsing and with parsing + the semantic model. Prints the ratios and the cost
// of each rule; fails when all rules together cost more than 3x parsing (a guard
// against superlinear code that stays quiet under the load of a shared machine).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <ctime>

#include "analyzer/checks/registry.h"
#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

// The evaluation programs, each analysed as its own file (as `check` does), plus
// one large module made of all of them to catch superlinear rule code.
std::vector<std::string> Corpus() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "eval"))
    if (e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  std::string all;
  for (const auto& f : files) {
    out.push_back(ReadFile(f));
    all += out.back() + "\n";
  }
  for (int i = 0; i < 3; ++i) out.push_back(all);
  return out;
}

double Best(int reps, const std::function<void()>& fn) {
  double best = 1e18;
  for (int i = 0; i < reps; ++i) {
    // CPU time of this process: stable while other jobs share the machine.
    std::clock_t t0 = std::clock();
    fn();
    best = std::min(best, 1000.0 * double(std::clock() - t0) / CLOCKS_PER_SEC);
  }
  return best;
}

TEST(HazardPerf, RulesCostVersusParsing) {
  std::vector<std::string> texts = Corpus();
  size_t bytes = 0;
  for (const auto& t : texts) bytes += t.size();
  PythonParser parser;
  constexpr int kReps = 7;
  double parse_ms = Best(kReps, [&] {
    for (const auto& text : texts) {
      auto src = SourceFromBytes(text, "corpus.py", SourceKind::kPython);
      ASSERT_TRUE(static_cast<bool>(src));
      auto parsed = parser.Parse(std::move(*src));
      ASSERT_TRUE(static_cast<bool>(parsed));
    }
  });
  double model_ms = Best(kReps, [&] {
    for (const auto& text : texts) {
      auto src = SourceFromBytes(text, "corpus.py", SourceKind::kPython);
      auto parsed = parser.Parse(std::move(*src));
      SemanticModel model(*parsed);
      ASSERT_TRUE(model.imports_tensorflow());
    }
  });
  size_t findings = 0;
  double check_ms = Best(kReps, [&] {
    findings = 0;
    for (const auto& text : texts) {
      auto src = SourceFromBytes(text, "corpus.py", SourceKind::kPython);
      FileResult r = AnalyzeSource(parser, std::move(*src), nullptr, AnalyzeOptions{});
      findings += r.diagnostics.size();
    }
  });
  double rules_ms = check_ms - model_ms;
  std::cout << fmt::format("corpus {} files, {} KiB: parse {:.1f} ms, parse+semantic model {:.1f} ms, check with "
                           "all rules {:.1f} ms ({} findings); check/parse = {:.2f}, rules alone = {:.1f} ms "
                           "({:.2f}x parse)\n",
                           texts.size(), bytes / 1024, parse_ms, model_ms, check_ms, findings, check_ms / parse_ms,
                           rules_ms, rules_ms / parse_ms);
  // Per rule: check with that rule alone, minus the front end.
  std::string per_rule = "per rule (ms over the corpus, front end subtracted):";
  for (const Rule* rule : AllRules()) {
    if (rule->info().input != RuleInput::kPython) continue;
    AnalyzeOptions one;
    one.select = {std::string(rule->info().id)};
    double ms = Best(3, [&] {
      for (const auto& text : texts) {
        auto src = SourceFromBytes(text, "corpus.py", SourceKind::kPython);
        AnalyzeSource(parser, std::move(*src), nullptr, one);
      }
    });
    per_rule += fmt::format(" {} {:.1f}", rule->info().id, ms - model_ms);
  }
  std::cout << per_rule << "\n";
  EXPECT_GT(findings, 0u);
  // Regression guard against superlinear rule code: all rules together (with the
  // DataFlow layer) stay in the order of one parse of the corpus.
  EXPECT_LT(rules_ms, 3.0 * parse_ms) << "the rules cost much more than parsing";
}

}  // namespace
}  // namespace tfm

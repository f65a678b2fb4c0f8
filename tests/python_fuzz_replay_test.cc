// CTest stand-in for the Python front-end libFuzzer target (tests/fuzz/python_check_fuzzer.cc)
// with any compiler: the inputs that once crashed it, then a bounded run of deterministic
// mutations of the bundled examples and tf2 goldens through the same entry point (check with
// every rule, every report format, the compat and tf2 rewrites).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "tests/fuzz/python_fuzz_entry.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using testing_support::ReadFile;
using testing_support::SourceDir;

fuzz::PythonFuzzStats FuzzOne(const std::string& bytes) {
  return fuzz::PythonFuzzOne(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// Each file crashed the fuzzer once (named by what it holds); each must now be analysed and
// rewritten like any other input.
TEST(PythonFuzzReplay, FormerCrashes) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata/python_fuzz_regressions")) {
    SCOPED_TRACE(e.path().filename().string());
    fuzz::PythonFuzzStats s = FuzzOne(ReadFile(e.path()));
    EXPECT_EQ(s.refused, 0u) << "a regression input must reach the rules";
    ++n;
  }
  EXPECT_GE(n, 1);
}

TEST(PythonFuzzReplay, MutatedExamples) {
  std::vector<std::string> corpus;
  for (const auto& e : fs::directory_iterator(SourceDir() / "examples"))
    if (e.path().extension() == ".py" || e.path().extension() == ".ipynb") corpus.push_back(ReadFile(e.path()));
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata/rewrite_tf2"))
    if (fs::exists(e.path() / "input.py")) corpus.push_back(ReadFile(e.path() / "input.py"));
  ASSERT_GE(corpus.size(), 10u);
  size_t findings = 0;
  for (const auto& c : corpus) findings += FuzzOne(c).diagnostics;
  EXPECT_GT(findings, corpus.size()) << "the unmutated inputs are TF1 code: the rules must fire on them";
  std::mt19937 rng(20261204);
  static const char* kTokens[] = {"(", ")", "[", "]", ":", "=", "\n", "    ", "self.", "tf.", "lambda", "with ",
                                  "\"\"\"", "#", "\\", ".run(", "def f():\n", "\xff", "\t", "@tf.function\n"};
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  int runs = 0;
  while (runs < 2000 && std::chrono::steady_clock::now() < deadline) {
    std::string m = corpus[rng() % corpus.size()];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits && !m.empty(); ++k) {
      size_t pos = rng() % m.size();
      switch (rng() % 5) {
        case 0: m.resize(pos); break;                                                    // truncate
        case 1: m.insert(pos, kTokens[rng() % std::size(kTokens)]); break;                // insert a token
        case 2: m.erase(pos, std::min<size_t>(m.size() - pos, 1 + rng() % 40)); break;   // delete a run
        case 3: {                                                                          // duplicate a line
          size_t b = m.rfind('\n', pos), e = m.find('\n', pos);
          b = b == std::string::npos ? 0 : b + 1;
          e = e == std::string::npos ? m.size() : e + 1;
          m.insert(b, m.substr(b, e - b));
          break;
        }
        case 4: m[pos] = static_cast<char>(m[pos] ^ (1 << (rng() % 8))); break;           // bit flip
      }
    }
    FuzzOne(m);
    ++runs;
  }
  EXPECT_GT(runs, 20);
}

}  // namespace
}  // namespace tfm

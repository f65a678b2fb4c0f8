// Issue 21 on real TensorFlow (the venv's tensorflow-cpu): the scenarios of
// tests/observe_scenarios.h with --backend tensorflow, and tf.test.TestCase files, which
// the bundled runtime cannot run yet. CTest label `tensorflow`; without TensorFlow the
// binary exits 77 with a message (tests/tensorflow/tf_main.cc).
#include <map>

#include "tests/observe_scenarios.h"

namespace tfm::observe_scenarios {
namespace {

constexpr const char* kBackend = "tensorflow";

TEST(ObserveTensorflow, RunsAsMain) { RunsAsMain(kBackend); }
TEST(ObserveTensorflow, UnittestFileRunsItsTests) { UnittestFileRunsItsTests(kBackend); }
TEST(ObserveTensorflow, NothingCompared) { NothingCompared(kBackend); }
TEST(ObserveTensorflow, RandomDrawsExplained) { RandomDrawsExplained(kBackend); }
TEST(ObserveTensorflow, CompatRewriteKeepsTf1Behavior) { CompatRewriteKeepsTf1Behavior(kBackend); }
TEST(ObserveTensorflow, VerifyNothingCompared) { VerifyNothingCompared(kBackend); }

// tf.test.TestCase in TF1 (graph mode, tf.compat.v1) and its TF2 conversion.
constexpr const char* kTfTestTf1 =
    "import tensorflow as tf\n"
    "\n"
    "class NormTest(tf.test.TestCase):\n"
    "    def test_norm(self):\n"
    "        x = tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)\n"
    "        print(x)\n"
    "        with self.cached_session() as sess:\n"
    "            self.assertAllClose(sess.run(x), [0.6, 0.8])\n"
    "\n"
    "    def test_sum(self):\n"
    "        s = tf.reduce_sum(tf.constant([1.0, 2.0]))\n"
    "        self.assertAllClose(self.evaluate(s), 3.0)\n"
    "\n"
    "if __name__ == '__main__':\n"
    "    tf.test.main()\n";
constexpr const char* kTfTestTf2Wrong =
    "import tensorflow as tf\n"
    "\n"
    "class NormTest(tf.test.TestCase):\n"
    "    def test_norm(self):\n"
    "        x = tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)\n"
    "        print(x)\n"
    "        self.assertAllClose(x, [0.6, 0.8])\n"
    "\n"
    "    def test_sum(self):\n"
    "        s = tf.reduce_sum(tf.constant([1.0, 2.0])) * 2.0\n"
    "        self.assertAllClose(self.evaluate(s), 3.0)\n"
    "\n"
    "if __name__ == '__main__':\n"
    "    tf.test.main()\n";

// "Ran 0 tests ... OK" was the bug: both modes run both tests (and TensorFlow's own
// `test_session` method, which skips itself).
TEST(ObserveTensorflow, TfTestCaseRunsItsTests) {
  TempDir dir;
  auto script = dir.Write("norm_test.py", kTfTestTf1);
  for (const char* mode : {"tf1", "tf2"}) {
    auto trace = dir / (std::string(mode) + ".jsonl");
    auto r = RunTraced(kBackend, mode, script, trace);
    EXPECT_EQ(r.exit_code, 0) << mode << r.out << r.err;
    std::map<std::string, std::string> outcome;
    for (const auto& t : Records(trace, "test")) outcome[t.value("test", "")] = t.value("outcome", "");
    EXPECT_EQ(outcome["NormTest.test_norm"], "passed") << mode << r.err;
    EXPECT_EQ(outcome["NormTest.test_sum"], "passed") << mode << r.err;
    auto printed = Printed(trace);
    ASSERT_EQ(printed.size(), 1u) << mode;
    // TF1 mode builds a graph inside the test, TF2 mode runs eagerly
    EXPECT_EQ(printed[0].rfind(std::string(mode) == "tf1" ? "Tensor(\"l2_normalize" : "tf.Tensor(", 0), 0u)
        << printed[0];
  }
}

TEST(ObserveTensorflow, DiffReportsPerTestVerdicts) {
  DiffReportsPerTestVerdicts(kBackend, kUnittestTf1, kUnittestTf2Wrong, "MathTest.test_scale");
}

TEST(ObserveTensorflow, DiffOfTfTestFiles) {
  TempDir dir;
  auto old_py = dir.Write("old_test.py", kTfTestTf1);
  auto new_py = dir.Write("new_test.py", kTfTestTf2Wrong);
  // TF1 prints the graph tensor, TF2 the eager one: compare what has a name (the tests)
  auto r = RunTfmigrate({"diff", "--backend", kBackend, "--align", "by-name", old_py.string(), new_py.string(),
                         "--format", "json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  json j = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out << r.err;
  std::map<std::string, std::string> verdict;
  for (const auto& t : j.value("tests", json::array()))
    verdict[t.value("name", "")] = t.value("old", "") + " -> " + t.value("new", "") + " " + t.value("verdict", "");
  EXPECT_EQ(verdict["NormTest.test_norm"], "passed -> passed same") << r.out;
  EXPECT_EQ(verdict["NormTest.test_sum"], "passed -> failed differs") << r.out;
  EXPECT_EQ(j["test_counts"]["old"].value("passed", -1), 2) << r.out;
}

}  // namespace
}  // namespace tfm::observe_scenarios

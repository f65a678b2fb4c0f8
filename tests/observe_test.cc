// Issue 21 on the bundled runtime: scripts run as `__main__` with the user's environment,
// test files run their tests and are diffed test by test, "nothing compared" instead of
// "equivalent", random draws named as such, and the compat rewrite's TF1 behavior. The
// same scenarios run on real TensorFlow in tests/tensorflow/observe_tf_test.cc.
#include "tests/observe_scenarios.h"

namespace tfm::observe_scenarios {
namespace {

constexpr const char* kBackend = "bundled";

TEST(ObserveBundled, RunsAsMain) { RunsAsMain(kBackend); }
TEST(ObserveBundled, UnittestFileRunsItsTests) { UnittestFileRunsItsTests(kBackend); }
TEST(ObserveBundled, DiffReportsPerTestVerdicts) {
  DiffReportsPerTestVerdicts(kBackend, kUnittestTf1, kUnittestTf2Wrong, "MathTest.test_scale");
}
TEST(ObserveBundled, NothingCompared) { NothingCompared(kBackend); }
TEST(ObserveBundled, RandomDrawsExplained) { RandomDrawsExplained(kBackend); }
TEST(ObserveBundled, CompatRewriteKeepsTf1Behavior) { CompatRewriteKeepsTf1Behavior(kBackend); }
TEST(ObserveBundled, VerifyNothingCompared) { VerifyNothingCompared(kBackend); }

// A tf.test.TestCase needs tf.test, which the bundled runtime may not have yet: then the
// run ends "unsupported" (exit 3, the symbol named), never "Ran 0 tests ... OK".
TEST(ObserveBundled, TfTestCaseRunsItsTestsOrIsUnsupported) {
  TempDir dir;
  auto script = dir.Write("test_tf.py",
                          "import tensorflow as tf\n"
                          "class T(tf.test.TestCase):\n"
                          "    def test_one(self):\n"
                          "        self.assertAllClose(self.evaluate(tf.constant(1.0) * 2.0), 2.0)\n"
                          "if __name__ == '__main__':\n"
                          "    tf.test.main()\n");
  auto trace = dir / "t.jsonl";
  auto r = RunTraced(kBackend, "tf2", script, trace);
  if (r.exit_code == 3) {
    EXPECT_NE(r.err.find("tf.test"), std::string::npos) << r.err;
    EXPECT_EQ(Records(trace, "unsupported").size(), 1u);
  } else {
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    auto tests = Records(trace, "test");
    ASSERT_FALSE(tests.empty()) << r.err;
    bool ran = false;
    for (const auto& t : tests) ran |= t.value("test", "") == "T.test_one" && t.value("outcome", "") == "passed";
    EXPECT_TRUE(ran) << r.err;
  }
}

}  // namespace
}  // namespace tfm::observe_scenarios

// Issue 21 ("never call equivalent what was not observed") as scenarios run on one
// backend: tests/observe_test.cc runs them on the bundled runtime, tests/tensorflow/
// observe_tf_test.cc on real TensorFlow (CTest label `tensorflow`). Each scenario writes
// its scripts into a fresh directory, runs the tfmigrate binary and checks what the trace
// or the report says.
//
//   TEST(Observe, RunsAsMain) { tfm::observe_scenarios::RunsAsMain("bundled"); }
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.h"

namespace tfm::observe_scenarios {

using nlohmann::json;
using testing_support::RunTfmigrate;
using testing_support::RunTfmigrateIn;
using testing_support::TempDir;

inline std::vector<json> Records(const std::filesystem::path& trace, const std::string& kind) {
  std::vector<json> out;
  std::istringstream in(testing_support::ReadFile(trace));
  std::string line;
  while (std::getline(in, line)) {
    json j = json::parse(line, nullptr, false);
    if (j.is_object() && j.value("kind", "") == kind) out.push_back(j);
  }
  return out;
}

// Runs tfmigrate with `args`; expects exit code `code`, each of `present` in its standard
// output and none of `absent`. Returns the run for further checks.
inline testing_support::RunResult Expect(const std::vector<std::string>& args, int code,
                                         const std::vector<std::string>& present,
                                         const std::vector<std::string>& absent = {}) {
  auto r = RunTfmigrate(args);
  EXPECT_EQ(r.exit_code, code) << r.out << r.err;
  for (const auto& s : present) EXPECT_NE(r.out.find(s), std::string::npos) << "missing: " << s << "\n" << r.out;
  for (const auto& s : absent) EXPECT_EQ(r.out.find(s), std::string::npos) << "unexpected: " << s << "\n" << r.out;
  return r;
}

// `tfmigrate run --mode MODE --backend BACKEND --trace TRACE SCRIPT`.
inline testing_support::RunResult RunTraced(const std::string& backend, const std::string& mode,
                                            const std::filesystem::path& script, const std::filesystem::path& trace) {
  return RunTfmigrate({"run", "--mode", mode, "--backend", backend, "--trace", trace.string(), script.string()});
}

inline std::vector<std::string> Printed(const std::filesystem::path& trace) {
  std::vector<std::string> out;
  for (const auto& r : Records(trace, "print")) out.push_back(r.value("text", ""));
  return out;
}

// The script runs as `python SCRIPT ARGS` would: `__main__` (a real module), `__file__`
// absolute, argv as given, the caller's cwd, the user's PYTHONPATH, its own directory
// first on sys.path.
inline void RunsAsMain(const std::string& backend) {
  TempDir dir;
  dir.Write("lib/helper_mod.py", "VALUE = 42\n");
  dir.Write("proj/sibling_mod.py", "NAME = 'sibling'\n");
  dir.Write("work/data.txt", "from the working directory\n");
  auto script = dir.Write("proj/app.py",
                          "import os, sys\n"
                          "import helper_mod, sibling_mod\n"
                          "import __main__\n"
                          "MARK = 'mine'\n"
                          "print('name', __name__, os.path.basename(__file__), os.path.isabs(__file__))\n"
                          "print('main module', __main__.MARK, sys.modules['__main__'] is __main__)\n"
                          "print('argv', sys.argv[1:])\n"
                          "print('imports', helper_mod.VALUE, sibling_mod.NAME)\n"
                          "print('cwd file', open('data.txt').read().strip())\n"
                          "print('path0', sys.path[0] == os.path.dirname(os.path.realpath(__file__)))\n"
                          "if __name__ == '__main__':\n"
                          "    print('guarded block ran')\n");
  auto trace = dir / "t.jsonl";
  auto r = RunTfmigrateIn((dir / "work").string(), {"PYTHONPATH=" + (dir / "lib").string()},
                          {"run", "--mode", "tf2", "--backend", backend, "--trace", trace.string(), script.string(),
                           "--", "a1", "--flag"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  std::vector<std::string> expected = {"name __main__ app.py True",
                                       "main module mine True",
                                       "argv ['a1', '--flag']",
                                       "imports 42 sibling",
                                       "cwd file from the working directory",
                                       "path0 True",
                                       "guarded block ran"};
  EXPECT_EQ(Printed(trace), expected) << r.err;
}

// A unittest.TestCase file in TF1 mode: unittest.main() finds and runs the tests, the
// trace records each outcome with its line, and a failing test ends the run with exit 1.
constexpr const char* kUnittestTf1 =
    "import unittest\n"
    "import tensorflow as tf\n"
    "\n"
    "class MathTest(unittest.TestCase):\n"
    "    def test_add(self):\n"
    "        s = tf.constant(1.0) + tf.constant(2.0)\n"
    "        with tf.Session() as sess:\n"
    "            self.assertAlmostEqual(float(sess.run(s)), 3.0)\n"
    "\n"
    "    def test_scale(self):\n"
    "        x = tf.constant([1.0, 2.0]) * 2.0\n"
    "        with tf.Session() as sess:\n"
    "            self.assertEqual(sess.run(x).tolist(), [2.0, 4.0])\n"
    "\n"
    "    @unittest.skip('not on this platform')\n"
    "    def test_skipped(self):\n"
    "        pass\n"
    "\n"
    "if __name__ == '__main__':\n"
    "    unittest.main()\n";

// Its TF2 version, with the scale test converted wrongly (3.0 instead of 2.0).
constexpr const char* kUnittestTf2Wrong =
    "import unittest\n"
    "import tensorflow as tf\n"
    "\n"
    "class MathTest(unittest.TestCase):\n"
    "    def test_add(self):\n"
    "        s = tf.constant(1.0) + tf.constant(2.0)\n"
    "        self.assertAlmostEqual(float(s.numpy()), 3.0)\n"
    "\n"
    "    def test_scale(self):\n"
    "        x = tf.constant([1.0, 2.0]) * 3.0\n"
    "        self.assertEqual(x.numpy().tolist(), [2.0, 4.0])\n"
    "\n"
    "    @unittest.skip('not on this platform')\n"
    "    def test_skipped(self):\n"
    "        pass\n"
    "\n"
    "if __name__ == '__main__':\n"
    "    unittest.main()\n";

inline void UnittestFileRunsItsTests(const std::string& backend) {
  TempDir dir;
  auto script = dir.Write("test_math.py", kUnittestTf1);
  auto trace = dir / "t.jsonl";
  auto r = RunTraced(backend, "tf1", script, trace);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("Ran 3 tests"), std::string::npos) << r.err;
  auto tests = Records(trace, "test");
  ASSERT_EQ(tests.size(), 3u) << r.err;
  EXPECT_EQ(tests[0].value("test", ""), "MathTest.test_add");
  EXPECT_EQ(tests[0].value("outcome", ""), "passed");
  EXPECT_EQ(tests[0].value("line", 0), 5);
  EXPECT_EQ(tests[1].value("test", ""), "MathTest.test_scale");
  EXPECT_EQ(tests[2].value("outcome", ""), "skipped");
  EXPECT_EQ(tests[2].value("message", ""), "not on this platform");

  auto wrong = dir.Write("test_math_tf2.py", kUnittestTf2Wrong);
  auto trace2 = dir / "t2.jsonl";
  r = RunTraced(backend, "tf2", wrong, trace2);
  EXPECT_EQ(r.exit_code, 1) << "unittest.main() exits 1 when a test failed: " << r.out << r.err;
  tests = Records(trace2, "test");
  ASSERT_EQ(tests.size(), 3u) << r.err;
  EXPECT_EQ(tests[1].value("outcome", ""), "failed");
  EXPECT_EQ(tests[1].value("type", ""), "AssertionError");
  EXPECT_EQ(tests[1].value("line", 0), 11) << "the failing assertion's line";
}

// `diff` of two test files: per-test verdicts in text, JSON and JUnit.
inline void DiffReportsPerTestVerdicts(const std::string& backend, const std::string& old_text,
                                       const std::string& new_text, const std::string& failing_test) {
  TempDir dir;
  auto old_py = dir.Write("old_test.py", old_text);
  auto new_py = dir.Write("new_test.py", new_text);
  Expect({"diff", "--backend", backend, old_py.string(), old_py.string(), "--new-mode", "tf1"}, 0,
         {"equivalent", "same     " + failing_test});

  // unittest's exit 1 is the failing test's consequence, not a second divergence
  auto junit = dir / "diff.xml";
  Expect({"diff", "--backend", backend, old_py.string(), new_py.string(), "--junit", junit.string()}, 1,
         {"first divergence: test " + failing_test + " passed in the old version, failed in the new",
          "DIFFERS  " + failing_test, "AssertionError"},
         {"the runs ended differently: "});
  std::string xml = testing_support::ReadFile(junit);
  EXPECT_NE(xml.find("name=\"test " + failing_test + "\"><failure"), std::string::npos) << xml;

  auto r = RunTfmigrate({"diff", "--backend", backend, old_py.string(), new_py.string(), "--format", "json"});
  json j = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out << r.err;
  EXPECT_EQ(j.value("verdict", ""), "divergent");
  bool found = false;
  for (const auto& t : j.value("tests", json::array()))
    if (t.value("name", "") == failing_test) {
      found = true;
      EXPECT_EQ(t.value("old", ""), "passed");
      EXPECT_EQ(t.value("new", ""), "failed");
      EXPECT_EQ(t.value("verdict", ""), "differs");
    }
  EXPECT_TRUE(found) << r.out;
  EXPECT_EQ(j["test_counts"]["new"].value("failed", -1), 1) << r.out;
}

// Neither side observes anything: "nothing compared", exit 5, never an abort.
inline void NothingCompared(const std::string& backend) {
  TempDir dir;
  auto x = dir.Write("x.py", "x = 1\n");
  auto r = Expect({"diff", "--backend", backend, x.string(), x.string()}, 5, {"nothing compared"}, {"equivalent"});
  EXPECT_TRUE(r.err.empty()) << r.err;
  // a TF1 graph that is built and never run: nothing observed either
  auto graph = dir.Write("graph.py", "import tensorflow as tf\nx = tf.placeholder(tf.float32)\ny = x * 2.0\n");
  Expect({"diff", "--backend", backend, graph.string(), graph.string(), "--new-mode", "tf1", "--format", "json"}, 5,
         {"\"verdict\": \"nothing-compared\""});
}

// TF1 derives op seeds from the graph, TF2 otherwise: a correct conversion draws other
// numbers. The divergence disappears under --deterministic-random and is explained so.
constexpr const char* kRandomTf1 =
    "import tensorflow as tf\n"
    "tf.set_random_seed(1)\n"
    "x = tf.random_normal([3])\n"
    "with tf.Session() as sess:\n"
    "    print('x', sess.run(x))\n";
constexpr const char* kRandomTf2 =
    "import tensorflow as tf\n"
    "tf.random.set_seed(1)\n"
    "x = tf.random.normal([3])\n"
    "print('x', x.numpy())\n";

inline void RandomDrawsExplained(const std::string& backend) {
  TempDir dir;
  auto old_py = dir.Write("old.py", kRandomTf1);
  auto new_py = dir.Write("new.py", kRandomTf2);
  Expect({"diff", "--backend", backend, old_py.string(), new_py.string()}, 1,
         {"probable cause: random numbers drawn differently",
          "random ops: random_normal (" + old_py.string() + ":3), random_normal (" + new_py.string() + ":3)"},
         {"no static finding predicts this"});
  // without the second run it stays unexplained
  Expect({"diff", "--backend", backend, old_py.string(), new_py.string(), "--no-random-rerun"}, 1, {},
         {"random numbers drawn differently"});
  // a divergence that persists with the same random numbers is not blamed on them
  auto doubled = dir.Write("doubled.py",
                           "import tensorflow as tf\n"
                           "tf.random.set_seed(1)\n"
                           "x = tf.random.normal([3])\n"
                           "print('x', (x * 2.0).numpy())\n");
  Expect({"diff", "--backend", backend, old_py.string(), doubled.string()}, 1, {"TFM901"},
         {"random numbers drawn differently"});
}

// A TF1 program that needs no renames (spelled through tf.compat.v1) gets TF1 behavior
// from the compat rewrite: the rewritten file prints the graph tensor as TF1 did, and
// `rewrite --verify` proves it.
constexpr const char* kNoRenameTf1 =
    "import tensorflow.compat.v1 as tf\n"
    "x = tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)\n"
    "print(x)\n"
    "with tf.Session() as sess:\n"
    "    print(sess.run(x))\n";

inline void CompatRewriteKeepsTf1Behavior(const std::string& backend) {
  TempDir dir;
  auto py = dir.Write("norm.py", kNoRenameTf1);
  auto orig_trace = dir / "orig.jsonl";
  auto r = RunTraced(backend, "tf1", py, orig_trace);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  auto printed = Printed(orig_trace);
  ASSERT_EQ(printed.size(), 2u);
  EXPECT_EQ(printed[0].rfind("Tensor(\"", 0), 0u) << "a graph tensor, not an eager one: " << printed[0];
  if (backend == "tensorflow") {
    EXPECT_EQ(printed[0], "Tensor(\"l2_normalize:0\", shape=(2,), dtype=float32)");
  }
  r = RunTfmigrate({"rewrite", "--verify", "--backend", backend, "--in-place", py.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("verified: same behavior"), std::string::npos) << r.err;
  std::string text = testing_support::ReadFile(py);
  EXPECT_EQ(text, "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n" + std::string(kNoRenameTf1).substr(34));
  auto new_trace = dir / "new.jsonl";
  r = RunTraced(backend, "tf2", py, new_trace);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(Printed(new_trace), printed) << "TF2 runs the rewritten program with TF1 behavior";
  // the second rewrite makes no edit
  r = RunTfmigrate({"rewrite", "--in-place", py.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("0 edits applied"), std::string::npos) << r.err;
  EXPECT_EQ(testing_support::ReadFile(py), text);
}

// `rewrite --verify` on a program that observes nothing writes nothing and says so.
inline void VerifyNothingCompared(const std::string& backend) {
  TempDir dir;
  const std::string text = "import tensorflow as tf\nx = tf.placeholder(tf.float32)\ny = x * 2.0\n";
  auto py = dir.Write("graph.py", text);
  auto r = RunTfmigrate({"rewrite", "--verify", "--backend", backend, "--in-place", py.string()});
  EXPECT_EQ(r.exit_code, 5) << r.out << r.err;
  EXPECT_NE(r.err.find("--verify: nothing compared"), std::string::npos) << r.err;
  EXPECT_EQ(testing_support::ReadFile(py), text) << "nothing written";
}

}  // namespace tfm::observe_scenarios

// Behavior of the TFM105–TFM114 rules that a single fixture file cannot show:
// per-file decisions (TFM105 "otherwise TF2", TFM112 TF2 summaries in TF2 files),
// the escalated severities of TFM110, and fixes refused where they would be unsafe.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rewriter/apply.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

using namespace testing_support;

std::vector<Diagnostic> Check(const std::string& text, const std::string& id) {
  FileResult r = AnalyzeText(text, "t.py", {id});
  EXPECT_FALSE(r.error);
  std::vector<Diagnostic> out;
  for (auto& d : r.diagnostics)
    if (d.rule_id == id) out.push_back(d);
  return out;
}

TEST(CompatV1Endpoint, FiresInOtherwiseTf2File) {
  auto d = Check("import tensorflow as tf\n"
               "model = tf.keras.Sequential()\n"
               "loss = tf.compat.v1.losses.mean_squared_error([1.0], [2.0])\n",
               "TFM105");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].start.line, 3u);
  EXPECT_EQ(d[0].severity, Severity::kInfo);
}

TEST(CompatV1Endpoint, SilentInTf1StyleFiles) {
  // Sessions anywhere in the file.
  EXPECT_TRUE(Check("import tensorflow as tf\n"
                  "x = tf.constant(1.0)\n"
                  "y = tf.compat.v1.losses.mean_squared_error([1.0], [2.0])\n"
                  "with tf.compat.v1.Session() as s:\n    s.run(y)\n",
                  "TFM105")
                  .empty());
  // Spelled through compat.v1 throughout.
  EXPECT_TRUE(Check("import tensorflow.compat.v1 as tf\n"
                  "w = tf.get_variable('w', [3])\n"
                  "loss = tf.losses.mean_squared_error([1.0], [2.0])\n",
                  "TFM105")
                  .empty());
  // Eager switched off.
  EXPECT_TRUE(Check("import tensorflow as tf\n"
                  "tf.compat.v1.disable_eager_execution()\n"
                  "x = tf.constant(1.0)\n"
                  "y = tf.compat.v1.layers.dense(x, 1)\n",
                  "TFM105")
                  .empty());
  // A model library spelled through tf.compat.v1 (the upgrade script's output): TF1 code.
  EXPECT_TRUE(Check("import tensorflow as tf\n"
                    "def net(x):\n"
                    "    with tf.compat.v1.variable_scope('net'):\n"
                    "        w = tf.compat.v1.get_variable('w', [3, 1])\n"
                    "        return tf.nn.relu(tf.matmul(x, w))\n",
                    "TFM105")
                  .empty());
  // TF1-only names at the top level: a TF 1.x file.
  EXPECT_TRUE(Check("import tensorflow as tf\n"
                  "w = tf.get_variable('w', [3])\n"
                  "tf.compat.v1.logging.info('x')\n",
                  "TFM105")
                  .empty());
}

TEST(V1Summary, Tf2SummaryOpsInTf2FileDoNotFire) {
  auto d = Check("import tensorflow as tf\n"
               "w = tf.summary.create_file_writer('logs')\n"
               "with w.as_default():\n"
               "    tf.summary.scalar('loss', 0.5, step=1)\n"
               "    tf.summary.histogram('w', tf.zeros([3]), step=1)\n",
               "TFM112");
  EXPECT_TRUE(d.empty());
  auto v1 = Check("import tensorflow as tf\n"
                "s = tf.compat.v1.summary.scalar('loss', 0.5)\n",
                "TFM112");
  EXPECT_EQ(v1.size(), 1u);
}

TEST(V1Summary, FileThatMergesSummariesMakesItsScalarsV1) {
  // No session is created in the file (it arrives as a parameter), so ContextOf calls the
  // method eager; the file's merge_all says its scalars are the v1 ops that feed it.
  const std::string agent = "import tensorflow as tf\n"
                            "class Agent:\n"
                            "    def __init__(self, sess):\n"
                            "        self._sess = sess\n"
                            "        self._loss = self._build_loss()\n"
                            "        self._merged = tf.summary.merge_all()\n"
                            "    def _build_loss(self):\n"
                            "        loss = tf.reduce_mean(tf.ones([3]))\n"
                            "        tf.summary.scalar('HuberLoss', loss)\n"
                            "        return loss\n";
  auto d = Check(agent, "TFM112");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].start.line, 6u);  // merge_all
  EXPECT_EQ(d[1].start.line, 9u);  // the scalar it merges
  // The same method in a file without the v1 summary API stays silent.
  std::string tf2 = agent;
  tf2.replace(tf2.find("tf.summary.merge_all()"), std::string("tf.summary.merge_all()").size(), "None");
  EXPECT_TRUE(Check(tf2, "TFM112").empty());
  // A tf.function body in a v1-summary file is TF2 code writing to the default writer.
  auto traced = Check("import tensorflow as tf\n"
                      "merged = tf.summary.merge_all()\n"
                      "@tf.function\n"
                      "def step(s):\n"
                      "    tf.summary.scalar('loss', 0.1, step=s)\n",
                      "TFM112");
  ASSERT_EQ(traced.size(), 1u);
  EXPECT_EQ(traced[0].start.line, 2u);
}

TEST(BehaviorToggle, SeverityByPosition) {
  // At program start, once: warning.
  auto ok = Check("import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\nx = tf.constant(1.0)\n", "TFM110");
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_EQ(ok[0].severity, Severity::kWarning);
  // After an op was created: error.
  auto late = Check("import tensorflow as tf\nx = tf.constant(1.0)\ntf.compat.v1.disable_eager_execution()\n", "TFM110");
  ASSERT_EQ(late.size(), 1u);
  EXPECT_EQ(late[0].severity, Severity::kError);
  // Configuration calls create no ops.
  auto cfg = Check("import tensorflow as tf\ntf.keras.backend.set_floatx('float64')\ntf.random.set_seed(1)\n"
                   "tf.get_logger().setLevel('INFO')\ntf.compat.v1.disable_eager_execution()\n",
                   "TFM110");
  ASSERT_EQ(cfg.size(), 1u);
  EXPECT_EQ(cfg[0].severity, Severity::kWarning);
  // Ops created only inside a function body do not run before the switch.
  auto deferred = Check("import tensorflow as tf\ndef f():\n    return tf.constant(1.0)\n"
                      "tf.compat.v1.disable_eager_execution()\n",
                      "TFM110");
  ASSERT_EQ(deferred.size(), 1u);
  EXPECT_EQ(deferred[0].severity, Severity::kWarning);
  // Inside a function: error.
  auto inside = Check("import tensorflow as tf\ndef main():\n    tf.compat.v1.disable_eager_execution()\n", "TFM110");
  ASSERT_EQ(inside.size(), 1u);
  EXPECT_EQ(inside[0].severity, Severity::kError);
  // Twice: the second one is an error; redundant different switches in the same direction are not.
  auto twice = Check("import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\n"
                   "tf.compat.v1.disable_eager_execution()\ntf.compat.v1.disable_eager_execution()\n",
                   "TFM110");
  ASSERT_EQ(twice.size(), 3u);
  EXPECT_EQ(twice[0].severity, Severity::kWarning);
  EXPECT_EQ(twice[1].severity, Severity::kWarning);
  EXPECT_EQ(twice[2].severity, Severity::kError);
  // Non-eager switches stay warnings even after ops.
  auto rv = Check("import tensorflow as tf\nx = tf.constant(1.0)\ntf.compat.v1.disable_resource_variables()\n", "TFM110");
  ASSERT_EQ(rv.size(), 1u);
  EXPECT_EQ(rv[0].severity, Severity::kWarning);
}

TEST(ColocateWith, FixRefusedWhenItWouldChangeMeaningOrLayout) {
  // `as` target: the name is used in the body.
  auto as = Check("import tensorflow as tf\nwith tf.compat.v1.colocate_with(v) as c:\n    y = c\n", "TFM108");
  ASSERT_EQ(as.size(), 1u);
  EXPECT_FALSE(as[0].fix);
  // Multi-line string in the body: dedenting would change it.
  auto str = Check("import tensorflow as tf\nwith tf.compat.v1.colocate_with(v):\n    s = '''a\n    b'''\n", "TFM108");
  ASSERT_EQ(str.size(), 1u);
  EXPECT_FALSE(str[0].fix);
  // Nested with: the inner body keeps its relative indentation and stays valid.
  std::string src =
      "import tensorflow as tf\n"
      "def f(v):\n"
      "    with tf.compat.v1.colocate_with(v):\n"
      "        with tf.name_scope('a'):\n"
      "            y = v + 1\n"
      "        return y\n";
  auto nested = Check(src, "TFM108");
  ASSERT_EQ(nested.size(), 1u);
  ASSERT_TRUE(nested[0].fix);
  ApplyResult ar = ApplyFixes(src, nested, ApplyOptions{.unsafe = false});
  EXPECT_EQ(ar.text,
            "import tensorflow as tf\n"
            "def f(v):\n"
            "    with tf.name_scope('a'):\n"
            "        y = v + 1\n"
            "    return y\n");
}

TEST(ColocateWith, CrlfAndTabs) {
  std::string crlf = "import tensorflow as tf\r\nwith tf.compat.v1.colocate_with(v):  # keep\r\n    y = v\r\n    z = y\r\n";
  auto d = Check(crlf, "TFM108");
  ASSERT_EQ(d.size(), 1u);
  ASSERT_TRUE(d[0].fix);
  EXPECT_EQ(ApplyFixes(crlf, d, ApplyOptions{.unsafe = false}).text,
            "import tensorflow as tf\r\n# keep\r\ny = v\r\nz = y\r\n");
  auto tabs = Check("import tensorflow as tf\nwith tf.compat.v1.colocate_with(v):\n\ty = v\n", "TFM108");
  ASSERT_EQ(tabs.size(), 1u);
  EXPECT_FALSE(tabs[0].fix);
}

TEST(ConfigProto, FixOnlyWhenEquivalentIsClear) {
  std::string src =
      "import tensorflow.compat.v1 as tf\n"
      "config = tf.ConfigProto()\n"
      "config.gpu_options.allow_growth = False\n"
      "config.gpu_options.visible_device_list = '0'\n"
      "config.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_2\n"
      "config.allow_soft_placement = True\n";
  auto d = Check(src, "TFM107");
  ASSERT_EQ(d.size(), 5u);
  EXPECT_FALSE(d[1].fix);  // allow_growth = False: the default, nothing to call
  EXPECT_FALSE(d[2].fix);  // visible devices: index mapping is not one-to-one
  EXPECT_FALSE(d[3].fix);  // ON_2 has no set_jit equivalent
  ASSERT_TRUE(d[4].fix);   // spelled through the compat.v1 alias, which has tf.config too
  EXPECT_EQ(d[4].fix->safety, FixSafety::kUnsafe);
  EXPECT_EQ(d[4].fix->edits[0].replacement, "tf.config.set_soft_device_placement(True)");
}

TEST(TfAppFlagsLogging, MixedImportIsNotRewritten) {
  auto d = Check("from tensorflow import keras, logging\nlogging.info('x')\n", "TFM111");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_FALSE(d[0].fix);  // rewriting the module would move `keras` too
  EXPECT_EQ(d[0].severity, Severity::kError);
}

}  // namespace
}  // namespace tfm

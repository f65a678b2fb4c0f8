// Version checks: evaluated as Python would with the target TensorFlow installed, and
// the guarded regions that follow (only the branches that do not run under TF2).
#include "analyzer/python/version_guard.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "analyzer/python/snippet_for_tests.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

struct Parsed : SnippetModel {
  using SnippetModel::SnippetModel;
  bool Guarded(std::string_view needle) const {
    size_t pos = parsed->source.text.find(needle);
    EXPECT_NE(pos, std::string::npos) << needle;
    return model->IsGuarded(static_cast<uint32_t>(pos));
  }
};

// The condition of `if <cond>:` on the file's last statement, evaluated with `version`.
std::optional<bool> Eval(const std::string& cond, std::string_view version = "2.21.0") {
  Parsed p("import tensorflow as tf\nimport numpy as np\nif " + cond + ":\n    pass\n");
  TSNode root = p.parsed->Root();
  TSNode stmt = ts_node_named_child(root, ts_node_named_child_count(root) - 1);
  EXPECT_TRUE(ts::Is(stmt, "if_statement"));
  const SemanticModel& m = *p.model;
  auto is_tf_version = [&](TSNode e) {
    auto q = m.Resolve(e);
    return q && (*q == "tensorflow.__version__" || *q == "tensorflow.version.VERSION");
  };
  return EvalVersionCondition(ts::Field(stmt, "condition"), p.parsed->source.text, is_tf_version, version);
}

TEST(VersionGuard, EvaluatesAsPythonWould) {
  // The tutorials' TF < 0.12 check.
  EXPECT_EQ(Eval("int((tf.__version__).split('.')[1]) < 12 and int((tf.__version__).split('.')[0]) < 1"), false);
  EXPECT_EQ(Eval("int((tf.__version__).split('.')[1]) < 12 and int((tf.__version__).split('.')[0]) < 1", "0.11.0"),
            true);
  EXPECT_EQ(Eval("tf.__version__.startswith('2')"), true);
  EXPECT_EQ(Eval("tf.__version__.startswith(\"1.\")"), false);
  EXPECT_EQ(Eval("tf.__version__[0] == '2'"), true);
  EXPECT_EQ(Eval("tf.__version__.split('.')[0] != '1'"), true);
  EXPECT_EQ(Eval("int(tf.__version__.split('.')[0]) >= 2"), true);
  EXPECT_EQ(Eval("float(tf.__version__[:3]) < 1.5"), false);  // '2.2' -> 2.2
  EXPECT_EQ(Eval("tf.__version__ < '1.0'"), false);
  // String comparison is lexicographic, as in Python: '2.21.0' < '2.4' holds.
  EXPECT_EQ(Eval("tf.__version__ >= '2.4'"), false);
  EXPECT_EQ(Eval("version.parse(tf.__version__) >= version.parse('2.4')"), true);
  EXPECT_EQ(Eval("LooseVersion(tf.__version__) < LooseVersion('1.13.0')"), false);
  EXPECT_EQ(Eval("tf.version.VERSION.split('.')[:2] == ['2', '21']"), true);
  EXPECT_EQ(Eval("'2' in tf.__version__.split('.')[0]"), true);
  EXPECT_EQ(Eval("not tf.__version__.startswith('1')"), true);
  EXPECT_EQ(Eval("1 < int(tf.__version__.split('.')[0]) < 3"), true);
  EXPECT_EQ(Eval("(tf.__version__.split('.')[-1]) == '0'"), true);
  // Short-circuit: the right side is not needed.
  EXPECT_EQ(Eval("tf.__version__.startswith('1') and helper()"), false);
  EXPECT_EQ(Eval("tf.__version__.startswith('2') or helper()"), true);
}

TEST(VersionGuard, LeavesTheRestUnevaluated) {
  EXPECT_EQ(Eval("np.__version__ < '1.20'"), std::nullopt);          // another library
  EXPECT_EQ(Eval("helper(tf.__version__)"), std::nullopt);           // a call it does not know
  EXPECT_EQ(Eval("tf.__version__.startswith('2') and helper()"), std::nullopt);
  EXPECT_EQ(Eval("int(tf.__version__)"), std::nullopt);              // ValueError in Python
  EXPECT_EQ(Eval("tf.__version__.split('.')[7] == '1'"), std::nullopt);  // IndexError
  EXPECT_EQ(Eval("tf.__version__ < 2"), std::nullopt);               // TypeError
  EXPECT_EQ(Eval("f'{tf.__version__}' == '2'"), std::nullopt);
  EXPECT_EQ(Eval("tf.__version__ is '2'"), std::nullopt);
}

TEST(VersionGuard, OnlyTheBranchesTf2DoesNotRunAreGuarded) {
  Parsed p(
      "import tensorflow as tf\n"
      "if int((tf.__version__).split('.')[1]) < 12 and int((tf.__version__).split('.')[0]) < 1:\n"
      "    init = tf.initialize_all_variables()\n"
      "else:\n"
      "    init = tf.global_variables_initializer()\n"
      "if tf.__version__.startswith('2'):\n"
      "    a = tf.compat.v1.placeholder(tf.float32)\n"
      "elif tf.__version__.startswith('1'):\n"
      "    a = tf.placeholder(tf.float32)\n"
      "else:\n"
      "    a = tf.old_placeholder(tf.float32)\n"
      "if tf.__version__.startswith('0'):\n"
      "    b = tf.zero_point()\n"
      "elif tf.__version__.startswith('2'):\n"
      "    b = tf.two_point()\n"
      "if helper(tf.__version__):\n"
      "    c = tf.unknown_a()\n"
      "else:\n"
      "    c = tf.unknown_b()\n"
      "if tf.__version__.startswith('1'):\n"
      "    d = tf.one()\n"
      "elif helper(tf.__version__):\n"
      "    d = tf.maybe()\n"
      "else:\n"
      "    d = tf.other()\n");
  EXPECT_TRUE(p.Guarded("tf.initialize_all_variables"));
  EXPECT_FALSE(p.Guarded("tf.global_variables_initializer"));
  EXPECT_FALSE(p.Guarded("int((tf.__version__)"));  // the condition itself runs
  EXPECT_FALSE(p.Guarded("tf.compat.v1.placeholder"));
  EXPECT_TRUE(p.Guarded("tf.placeholder"));
  EXPECT_TRUE(p.Guarded("tf.old_placeholder"));
  EXPECT_TRUE(p.Guarded("tf.zero_point"));
  EXPECT_FALSE(p.Guarded("tf.two_point"));
  // Not evaluable: the whole statement, as before.
  EXPECT_TRUE(p.Guarded("tf.unknown_a"));
  EXPECT_TRUE(p.Guarded("tf.unknown_b"));
  // Evaluable first clause (false), unevaluable elif: from the elif on.
  EXPECT_TRUE(p.Guarded("tf.one"));
  EXPECT_TRUE(p.Guarded("tf.maybe"));
  EXPECT_TRUE(p.Guarded("tf.other"));
}

TEST(VersionGuard, AnotherLibrarysVersionGuardsTheWholeStatement) {
  Parsed p(
      "import tensorflow as tf\nimport numpy as np\n"
      "if np.__version__ < '1.20':\n    x = tf.placeholder(tf.float32)\n"
      "else:\n    x = tf.Session()\n");
  EXPECT_TRUE(p.Guarded("tf.placeholder"));
  EXPECT_TRUE(p.Guarded("tf.Session"));
}

}  // namespace
}  // namespace tfm

// Unit tests of the semantic model: alias resolution, scopes, contexts.
#include "analyzer/python/semantic.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>

#include "analyzer/python/snippet_for_tests.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

struct Model : SnippetModel {
  using SnippetModel::SnippetModel;
  // Qualified name of the expression on the last line `probe = <expr>`.
  std::string ProbeQ() {
    const std::string& t = parsed->source.text;
    size_t pos = t.rfind("probe = ");
    EXPECT_NE(pos, std::string::npos);
    TSNode n = ts_node_descendant_for_byte_range(parsed->Root(), pos + 8, pos + 8);
    // climb to the largest expression starting here
    while (!ts_node_is_null(ts_node_parent(n)) && ts_node_start_byte(ts_node_parent(n)) == pos + 8 &&
           !ts::Is(ts_node_parent(n), "expression_statement"))
      n = ts_node_parent(n);
    auto q = model->Resolve(n);
    return q ? *q : "<none>";
  }
};

struct AliasCase {
  const char* code;
  const char* expected;
};

class AliasTest : public ::testing::TestWithParam<AliasCase> {};

TEST_P(AliasTest, ResolvesProbe) {
  Model m(GetParam().code);
  EXPECT_EQ(m.ProbeQ(), GetParam().expected) << GetParam().code;
}

INSTANTIATE_TEST_SUITE_P(
    Forms, AliasTest,
    ::testing::Values(
        AliasCase{"import tensorflow as tf\nprobe = tf.Session\n", "tensorflow.Session"},
        AliasCase{"import tensorflow.compat.v1 as tf\nprobe = tf.Session\n", "tensorflow.compat.v1.Session"},
        AliasCase{"from tensorflow.compat import v1 as tf\nprobe = tf.placeholder\n", "tensorflow.compat.v1.placeholder"},
        AliasCase{"from tensorflow.compat import v1\nprobe = v1.placeholder\n", "tensorflow.compat.v1.placeholder"},
        AliasCase{"from tensorflow import keras\nprobe = keras.layers.Dense\n", "tensorflow.keras.layers.Dense"},
        AliasCase{"from tensorflow.keras import layers\nprobe = layers.Dense\n", "tensorflow.keras.layers.Dense"},
        AliasCase{"import tensorflow\nprobe = tensorflow.train.Saver\n", "tensorflow.train.Saver"},
        AliasCase{"import tensorflow.compat.v1\nprobe = tensorflow.compat.v1.Session\n", "tensorflow.compat.v1.Session"},
        AliasCase{"import tensorflow as tf\ntf = tf.compat.v1\nprobe = tf.Session\n", "tensorflow.compat.v1.Session"},
        AliasCase{"from tensorflow import *\nprobe = Session\n", "tensorflow.Session"},
        AliasCase{"from tensorflow.compat.v1 import *\nprobe = placeholder\n", "tensorflow.compat.v1.placeholder"},
        AliasCase{"from tensorflow import Session as S\nprobe = S\n", "tensorflow.Session"},
        AliasCase{"from tensorflow.train import AdamOptimizer\nprobe = AdamOptimizer\n", "tensorflow.train.AdamOptimizer"},
        AliasCase{"import tensorflow as tf\nsess = tf.Session()\nprobe = sess.run\n", "tensorflow.Session().run"},
        AliasCase{"import tensorflow as tf\nwith tf.Session() as sess:\n  probe = sess.run\n", "tensorflow.Session().run"},
        AliasCase{"import tensorflow as tf\ndef f():\n  import tensorflow.compat.v1 as tf\n  probe = tf.Session\n",
                  "tensorflow.compat.v1.Session"},
        AliasCase{"import tensorflow as tf\ndef f():\n  probe = tf.Session\nimport numpy as tf\n", "tensorflow.Session"},
        AliasCase{"import tensorflow as tf\nclass M:\n  def __init__(self):\n    self.opt = tf.train.AdamOptimizer(0.1)\n"
                  "  def step(self):\n    probe = self.opt.minimize\n",
                  "tensorflow.train.AdamOptimizer().minimize"},
        AliasCase{"import tensorflow as tf\nds = tf.data.Dataset.range(3).batch(2)\nprobe = ds.make_one_shot_iterator\n",
                  "tensorflow.data.Dataset.range().batch().make_one_shot_iterator"},
        AliasCase{"import keras\nprobe = keras.layers.Dense\n", "keras.layers.Dense"},
        AliasCase{"import numpy as np\nprobe = np.zeros\n", "numpy.zeros"},
        AliasCase{"import tensorflow as tf\ndef f(tf):\n  probe = tf.Session\n", "<none>"},
        AliasCase{"import tensorflow as tf\nprobe = (tf.compat.v1).Session\n", "tensorflow.compat.v1.Session"}));

TEST(SplitTfName, Namespaces) {
  auto a = SplitTfName("tensorflow.compat.v1.train.Saver");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->ns, TfNs::kV1);
  EXPECT_EQ(a->path, "train.Saver");
  auto b = SplitTfName("tensorflow.compat.v2.function");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->ns, TfNs::kV2);
  EXPECT_EQ(b->path, "function");
  auto c = SplitTfName("tensorflow.Session");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->ns, TfNs::kTop);
  EXPECT_FALSE(SplitTfName("numpy.zeros"));
}

ExecContext ContextOfProbe(const std::string& code) {
  Model m(code);
  size_t pos = m.parsed->source.text.rfind("probe");
  TSNode n = ts_node_descendant_for_byte_range(m.parsed->Root(), pos, pos);
  return m.model->ContextOf(n);
}

TEST(ExecContext, TracedByDecorator) {
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\n@tf.function\ndef f(x):\n  probe = 1\n"), ExecContext::kTraced);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\n@tf.function(jit_compile=True)\ndef f(x):\n  probe = 1\n"),
            ExecContext::kTraced);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\ndef g(x):\n  probe = 1\nf = tf.function(g)\n"), ExecContext::kTraced);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\ndef g(x):\n  probe = 1\n"), ExecContext::kEager);
}

TEST(ExecContext, GraphMode) {
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\nprobe = 1\n"),
            ExecContext::kGraph);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\nprobe = 1\ntf.compat.v1.disable_v2_behavior()\n"),
            ExecContext::kEager);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\nwith tf.Graph().as_default():\n  probe = 1\n"), ExecContext::kGraph);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\ng = tf.Graph()\nwith g.as_default():\n  probe = 1\n"),
            ExecContext::kGraph);
  EXPECT_EQ(ContextOfProbe("import tensorflow as tf\nx = 1\nsess = tf.Session()\nprobe = 2\n"), ExecContext::kGraph);
}

TEST(Scopes, KindsAndGuards) {
  Model m(
      "import tensorflow as tf\nclass A:\n  def f(self):\n    g = lambda x: [y for y in x]\n"
      "try:\n  import tensorflow.compat.v1 as v1\nexcept ImportError:\n  v1 = None\n");
  std::vector<ScopeKind> kinds;
  for (const auto& s : m.model->scopes()) kinds.push_back(s.kind);
  EXPECT_EQ(kinds, (std::vector<ScopeKind>{ScopeKind::kModule, ScopeKind::kClass, ScopeKind::kFunction,
                                           ScopeKind::kLambda, ScopeKind::kComprehension}));
  size_t pos = m.parsed->source.text.find("import tensorflow.compat");
  EXPECT_TRUE(m.model->IsGuarded(static_cast<uint32_t>(pos)));
  EXPECT_FALSE(m.model->IsGuarded(0));
}

// ScopeAt (a binary search over precomputed runs) answers as the descent of the
// scope tree it replaces, at every byte: decorators, class bases and default values
// holding lambdas, nested comprehensions, sibling scopes, code after the scopes.
int DescendToScope(const std::vector<Scope>& scopes, uint32_t byte) {
  int cur = 0;
  for (;;) {
    const auto& ch = scopes[cur].children;
    auto it = std::upper_bound(ch.begin(), ch.end(), byte, [&](uint32_t b, int s) { return b < scopes[s].begin; });
    if (it == ch.begin()) return cur;
    int cand = *(it - 1);
    if (byte >= scopes[cand].end) return cur;
    cur = cand;
  }
}

TEST(Scopes, ScopeAtMatchesTreeDescent) {
  Model m(
      "import tensorflow as tf\n"
      "@deco(lambda q: q)\n"
      "def f(a, b=lambda z: [w for w in z], *c):\n"
      "  g = lambda x: [y for y in x if (lambda: y)()]\n"
      "  return {k: [v for v in k] for k in g(a)}\n"
      "class A(make(lambda: 1), metaclass=M):\n"
      "  x = [i for i in range(3)]\n"
      "  def m(self, t=(lambda: 2)):\n"
      "    class B:\n"
      "      def n(self): return lambda: self\n"
      "    return B\n"
      "  y = lambda: 3\n"
      "h = (lambda: 4, lambda: [j for j in (lambda: 5)()])\n"
      "def last(): pass\n");
  const auto& scopes = m.model->scopes();
  ASSERT_GT(scopes.size(), 15u);
  const uint32_t size = static_cast<uint32_t>(m.parsed->source.text.size());
  for (uint32_t b = 0; b <= size + 2; ++b) EXPECT_EQ(m.model->ScopeAt(b), DescendToScope(scopes, b)) << "byte " << b;
  EXPECT_EQ(m.model->ScopeAt(UINT32_MAX), DescendToScope(scopes, UINT32_MAX));
}

// AttributesNamed(Any) give NodesOfType("attribute") filtered by attribute name, in
// the same order.
TEST(Nodes, AttributesNamedFilterNodesOfType) {
  Model m(
      "import tensorflow as tf\n"
      "d = x.shape[0].value + y.value.value\n"
      "z = (a.merge_with(b).value, c.name)\n"
      "def f(self):\n  return self.value.name\n");
  for (std::initializer_list<std::string_view> names :
       {std::initializer_list<std::string_view>{"value"}, {"name", "value"}, {"merge_with", "shape", "nothing"}}) {
    std::vector<TSNode> want;
    for (TSNode n : m.model->NodesOfType("attribute"))
      if (std::find(names.begin(), names.end(), m.model->Text(ts::Field(n, "attribute"))) != names.end())
        want.push_back(n);
    std::vector<TSNode> got = m.model->AttributesNamedAny(names);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_TRUE(ts::Same(got[i], want[i])) << i;
  }
  EXPECT_EQ(m.model->AttributesNamed("value").size(), 5u);  // x.shape[0], y, y.value, a.merge_with(b), self
  EXPECT_TRUE(m.model->AttributesNamed("nothing").empty());
}

}  // namespace
}  // namespace tfm

namespace tfm {
namespace {

// "Which name is `tensorflow` bound to here" (SemanticModel::TfModuleAt).
std::string TfNameAt(const std::string& code, const std::string& marker, unsigned accept) {
  Model m(code);
  size_t at = code.find(marker);
  EXPECT_NE(at, std::string::npos) << marker;
  const Binding* b = m.model->TfModuleAt(static_cast<uint32_t>(at), accept);
  return b ? b->name : "<none>";
}

TEST(TfModuleAt, PrefersTheModuleThenCompatV1ThenCompatV2) {
  constexpr unsigned kAll = SemanticModel::kTfModule | SemanticModel::kTfCompatV1 | SemanticModel::kTfCompatV2;
  const std::string code =
      "import tensorflow.compat.v2 as tf2\n"
      "import tensorflow.compat.v1 as v1\n"
      "import tensorflow as tf\n"
      "HERE\n";
  EXPECT_EQ(TfNameAt(code, "HERE", kAll), "tf");
  EXPECT_EQ(TfNameAt(code, "HERE", SemanticModel::kTfCompatV1 | SemanticModel::kTfCompatV2), "v1");
  EXPECT_EQ(TfNameAt(code, "HERE", SemanticModel::kTfCompatV2), "tf2");
  EXPECT_EQ(TfNameAt("from tensorflow.compat import v1\nHERE\n", "HERE", kAll), "v1");
  EXPECT_EQ(TfNameAt("import numpy as np\nHERE\n", "HERE", kAll), "<none>");
  // the first import of the file among equals
  EXPECT_EQ(TfNameAt("import tensorflow as a\nimport tensorflow as b\nHERE\n", "HERE", kAll), "a");
}

TEST(TfModuleAt, NotShadowedAndBoundBefore) {
  constexpr unsigned kTop = SemanticModel::kTfModule;
  // shadowed in the function that runs the spot
  EXPECT_EQ(TfNameAt("import tensorflow as tf\ndef f():\n    tf = 3\n    HERE\n", "HERE", kTop), "<none>");
  // rebound at module level before the spot
  EXPECT_EQ(TfNameAt("import tensorflow as tf\ntf = None\nHERE\n", "HERE", kTop), "<none>");
  // a module-level use above the import would be a NameError; a function body runs later
  EXPECT_EQ(TfNameAt("HERE\nimport tensorflow as tf\n", "HERE", kTop), "<none>");
  EXPECT_EQ(TfNameAt("def f():\n    HERE\nimport tensorflow as tf\n", "HERE", kTop), "tf");
  // a local import serves its function
  EXPECT_EQ(TfNameAt("def f():\n    import tensorflow as t\n    HERE\n", "HERE", kTop), "t");
  EXPECT_EQ(TfNameAt("def f():\n    import tensorflow as t\ndef g():\n    HERE\n", "HERE", kTop), "<none>");
}

// `from ..compat import tfv1`: the project module's alias of tf.compat.v1, read from the
// module's file next to the analysed one.
TEST(ProjectAlias, RelativeImportOfATensorflowAlias) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / ("tfm_alias_" + std::to_string(::getpid()));
  fs::create_directories(root / "pkg" / "compat");
  fs::create_directories(root / "pkg" / "utils");
  {
    std::ofstream(root / "pkg" / "compat" / "__init__.py")
        << "import tensorflow as tf\n\ntry:\n    tfv1 = tf.compat.v1\nexcept AttributeError:\n    tfv1 = tf\n"
           "plain = 3\n";
    std::ofstream(root / "pkg" / "utils" / "v1.py") << "from tensorflow.compat import v1 as tf1\n";
  }
  std::string file = (root / "pkg" / "utils" / "common.py").string();
  Model a("from ..compat import tfv1\nprobe = tfv1.get_collection\n", file);
  EXPECT_EQ(a.ProbeQ(), "tensorflow.compat.v1.get_collection");
  EXPECT_TRUE(a.model->imports_tensorflow());
  Model b("from .v1 import tf1 as t\nprobe = t.Session\n", file);
  EXPECT_EQ(b.ProbeQ(), "tensorflow.compat.v1.Session");
  Model c("from ..compat import plain\nprobe = plain.x\n", file);  // not TensorFlow
  EXPECT_EQ(c.ProbeQ(), "<none>");
  Model d("from ..missing import tfv1\nprobe = tfv1.x\n", file);  // no such module
  EXPECT_EQ(d.ProbeQ(), "<none>");
  fs::remove_all(root);
}

}  // namespace
}  // namespace tfm

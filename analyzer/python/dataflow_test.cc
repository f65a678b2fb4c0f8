// Unit tests of the DataFlow layer: value kinds, per-step functions, statement
// context, session run sites.
#include "analyzer/python/dataflow.h"

#include <gtest/gtest.h>

#include <memory>

#include "analyzer/python/snippet_for_tests.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

struct Flow : SnippetModel {
  using SnippetModel::SnippetModel;
  const DataFlow& df() { return DataFlow::Of(*model); }
  // The largest expression starting at the first occurrence of `marker` + offset.
  TSNode At(const std::string& marker, size_t offset = 0) {
    const std::string& t = parsed->source.text;
    size_t pos = t.find(marker);
    EXPECT_NE(pos, std::string::npos) << marker;
    uint32_t b = static_cast<uint32_t>(pos + offset);
    TSNode n = ts_node_descendant_for_byte_range(parsed->Root(), b, b);
    while (!ts_node_is_null(ts_node_parent(n)) && ts_node_start_byte(ts_node_parent(n)) == b &&
           !ts::Is(ts_node_parent(n), "expression_statement") && !ts::Is(ts_node_parent(n), "assignment") &&
           !ts::Is(ts_node_parent(n), "block"))
      n = ts_node_parent(n);
    return n;
  }
  // Scope index of `def <name>`.
  int Def(const std::string& name) {
    const auto& scopes = model->scopes();
    for (size_t i = 0; i < scopes.size(); ++i)
      if (scopes[i].kind == ScopeKind::kFunction && scopes[i].name == name) return static_cast<int>(i);
    ADD_FAILURE() << "no def " << name;
    return -1;
  }
};

TEST(DataFlow, TensorsAndVariables) {
  Flow f(
      "import tensorflow as tf\n"
      "step = tf.Variable(0)\n"
      "lr = 1.0 / step\n"
      "noise = tf.random.normal([3])\n"
      "shape_thing = noise.shape\n"
      "n = 3\n"
      "sess_out = tf.compat.v1.Session().run(lr)\n"
      "flag = tf.executing_eagerly()\n"
      "layer = tf.keras.layers.Dense(3)\n"
      "y = layer(noise)\n"
      "picked = step if n else noise\n");
  const DataFlow& df = f.df();
  EXPECT_TRUE(df.IsVariable(f.At("step =")));
  EXPECT_TRUE(df.IsTensor(f.At("lr =")));
  EXPECT_FALSE(df.IsVariable(f.At("lr =")));
  EXPECT_TRUE(df.IsTensor(f.At("noise =")));
  EXPECT_FALSE(df.IsTensor(f.At("shape_thing =")));
  EXPECT_TRUE(df.IsShape(f.At("shape_thing =")));
  EXPECT_FALSE(df.IsTensor(f.At("n =")));
  EXPECT_FALSE(df.IsTensor(f.At("sess_out =")));
  EXPECT_FALSE(df.IsTensor(f.At("flag =")));
  EXPECT_FALSE(df.IsTensor(f.At("layer =")));
  EXPECT_TRUE(df.IsTensor(f.At("y =")));
  EXPECT_TRUE(df.IsTensor(f.At("picked =")));
  // values behind the names
  EXPECT_TRUE(df.DerivesFromStateOrRandom(f.At("1.0 / step")));
  EXPECT_TRUE(df.DerivesFromStateOrRandom(f.At("tf.random.normal")));
  EXPECT_FALSE(df.DerivesFromStateOrRandom(f.At("tf.Variable(0)")));
}

TEST(DataFlow, ShapeElements) {
  Flow f(
      "import tensorflow as tf\n"
      "x = tf.zeros([2, 3])\n"
      "a = x.shape[0]\n"
      "b = x.get_shape()[1]\n"
      "c = x.shape.dims[0]\n"
      "d = x.shape[1:]\n"
      "for dim in x.shape:\n"
      "    e = dim\n"
      "g = tf.shape(x)[0]\n");
  const DataFlow& df = f.df();
  EXPECT_TRUE(df.IsShapeElement(f.At("a =")));
  EXPECT_TRUE(df.IsShapeElement(f.At("b =")));
  EXPECT_FALSE(df.IsShapeElement(f.At("c =")));  // .dims keeps Dimension objects
  EXPECT_FALSE(df.IsShapeElement(f.At("d =")));  // a slice is a shape
  EXPECT_TRUE(df.IsShape(f.At("d =")));
  EXPECT_TRUE(df.IsShapeElement(f.At("dim\n", 0)));
  EXPECT_FALSE(df.IsShapeElement(f.At("g =")));  // a tensor
}

TEST(DataFlow, PerStepFunctions) {
  Flow f(
      "import tensorflow as tf\n"
      "class Model:\n"
      "    def __init__(self):\n"
      "        self.w = tf.Variable(1.0)\n"
      "    def __call__(self, x):\n"
      "        return helper(x) * self.w\n"
      "def helper(x):\n"
      "    return x\n"
      "def train_step(x):\n"
      "    return model(x)\n"
      "def evaluate(x):\n"
      "    return x\n"
      "def body(x):\n"
      "    return x\n"
      "@tf.function\n"
      "def traced(x):\n"
      "    return x\n"
      "model = Model()\n"
      "for i in range(3):\n"
      "    body(i)\n"
      "evaluate(1)\n");
  const DataFlow& df = f.df();
  EXPECT_TRUE(df.IsPerStep(f.Def("train_step")));  // by name
  EXPECT_TRUE(df.IsPerStep(f.Def("__call__")));    // model(x) from train_step
  EXPECT_TRUE(df.IsPerStep(f.Def("helper")));      // called from __call__
  EXPECT_TRUE(df.IsPerStep(f.Def("body")));        // called in a loop
  EXPECT_TRUE(df.IsPerStep(f.Def("traced")));      // tf.function
  EXPECT_FALSE(df.IsPerStep(f.Def("evaluate")));   // called once
  EXPECT_FALSE(df.IsPerStep(f.Def("__init__")));
  EXPECT_TRUE(df.IsInitMethod(f.Def("__init__")));
  EXPECT_NE(df.PerStepReason(f.Def("body")).find("loop"), std::string::npos);
}

TEST(DataFlow, StatementContext) {
  Flow f(
      "import tensorflow as tf\n"
      "class M(tf.Module):\n"
      "    @tf.function\n"
      "    def __call__(self, x):\n"
      "        if self.v is None:\n"
      "            self.v = tf.Variable(1.0)\n"
      "        with tf.init_scope():\n"
      "            self.k = tf.Variable(2.0)\n"
      "        for i in range(2):\n"
      "            x = x + i\n"
      "        self.count = 1\n"
      "        return x\n");
  const DataFlow& df = f.df();
  EXPECT_TRUE(df.UnderNoneGuard(f.At("self.v = tf")));
  EXPECT_FALSE(df.UnderNoneGuard(f.At("self.k = tf")));
  EXPECT_TRUE(df.InInitScope(f.At("self.k = tf")));
  EXPECT_FALSE(df.InInitScope(f.At("self.v = tf")));
  EXPECT_TRUE(df.InLoop(f.At("x = x + i")));
  EXPECT_FALSE(df.InLoop(f.At("self.count")));
  EXPECT_TRUE(df.RunsOnlyAtTrace(f.At("self.count")));
  EXPECT_FALSE(df.RunsOnlyAtTrace(f.At("self.k = tf")));
}

TEST(DataFlow, RunSitesShareAGraphByGraphArgument) {
  Flow f(
      "import tensorflow as tf\n"
      "g1 = tf.Graph()\n"
      "g2 = tf.Graph()\n"
      "def a():\n"
      "    with tf.compat.v1.Session(graph=g1) as sess:\n"
      "        sess.run(1)\n"
      "def b():\n"
      "    with tf.compat.v1.Session(graph=g2) as sess:\n"
      "        sess.run(2)\n"
      "def c(sess):\n"
      "    sess.run(3)\n"
      "def d():\n"
      "    with tf.compat.v1.Session(graph=g1) as s:\n"
      "        s.run(4)\n");
  const auto& sites = f.df().run_sites();
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_NE(sites[0].graph, sites[1].graph);
  EXPECT_EQ(sites[0].graph, sites[3].graph);
  EXPECT_EQ(sites[2].graph, "session:sess");
}

TEST(DataFlow, TracedParametersGivenPythonLiteralsAreNotTensors) {
  Flow f(
      "import tensorflow as tf\n"
      "@tf.function\n"
      "def f(key, x):\n"
      "    probe_key = key\n"
      "    probe_x = x\n"
      "    return x\n"
      "f('a', tf.ones([2]))\n");
  const DataFlow& df = f.df();
  EXPECT_FALSE(df.IsTensor(f.At("key\n    probe_x", 0)));
  EXPECT_TRUE(df.IsTensor(f.At("x\n    return", 0)));
}

}  // namespace
}  // namespace tfm

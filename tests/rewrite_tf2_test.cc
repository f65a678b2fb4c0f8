// `tfmigrate rewrite --level tf2`: the session-to-function conversion on the cases of
// testdata/rewrite_tf2/ (input.py -> expected.py, or a notebook's input.ipynb ->
// expected.ipynb, and note.txt: what the conversion
// did or why it left the compat result). Goldens refresh with
// TFMIGRATE_UPDATE_GOLDENS=1. That each converted result behaves as its input is
// checked by the CTests rewrite_tf2_behavior_{bundled,tensorflow} (tfmigrate diff).
#include <gtest/gtest.h>

#include "analyzer/python/parse.h"
#include "rewriter/rewrite_file.h"
#include "rewriter/tf2_eager_blocks.h"
#include "rewriter/tf2_scoped_layers.h"
#include "rewriter/tf2_session.h"
#include "rewriter/tf2_testcase.h"
#include "rewriter/tf2_variable_scopes.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

std::vector<std::string> Cases() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "rewrite_tf2"))
    if (e.is_directory()) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

class RewriteTf2 : public ::testing::TestWithParam<std::string> {};

TEST_P(RewriteTf2, MatchesGoldens) {
  fs::path dir = SourceDir() / "testdata" / "rewrite_tf2" / GetParam();
  PythonParser parser;
  RewriteFileOptions o;
  o.unsafe = true;
  o.tf2 = true;
  // a case is a script (input.py -> expected.py) or a notebook (input.ipynb -> expected.ipynb)
  const std::string ext = fs::exists(dir / "input.py") ? ".py" : ".ipynb";
  FileRewrite fr = RewriteFile(parser, (dir / ("input" + ext)).string(), o);
  ASSERT_TRUE(fr.ok) << fr.error;
  if (UpdateGoldens()) {
    WriteFile(dir / ("expected" + ext), fr.rewritten);
    WriteFile(dir / "note.txt", fr.tf2_note + "\n");
  }
  EXPECT_EQ(fr.rewritten, ReadFile(dir / ("expected" + ext)));
  EXPECT_EQ(fr.tf2_note + "\n", ReadFile(dir / "note.txt"));
  // converted or not, the result is a fixed point of the tf2 level
  fs::path tmp = fs::temp_directory_path() / ("tfm_tf2_" + GetParam() + ext);
  WriteFile(tmp, fr.rewritten);
  FileRewrite again = RewriteFile(parser, tmp.string(), o);
  fs::remove(tmp);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(again.rewritten, fr.rewritten) << "a second tf2 rewrite changed the result";
}

INSTANTIATE_TEST_SUITE_P(Cases, RewriteTf2, ::testing::ValuesIn(Cases()),
                         [](const auto& info) { return info.param; });

TEST(RewriteTf2Conversion, RefusesWhatItCannotKeep) {
  PythonParser parser;
  auto reason = [&](const std::string& text) { return ConvertSessionToFunctions(parser, text).reason; };
  const std::string head = "import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32, [None])\n";
  EXPECT_EQ(reason("import numpy\nprint(1)\n"), "tensorflow is not imported as a module name (`import tensorflow as tf`)");
  EXPECT_EQ(reason(head + "y = x + 1\n"), "no session to convert");
  EXPECT_NE(reason(head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n    print(s.run(y))\n")
                .find("placeholder `x` is needed but not fed"),
            std::string::npos);
  // two sessions over a graph with state (a variable: each TF1 session has its own copy)
  EXPECT_NE(reason(head + "v = tf.Variable(1.0)\ny = x + v\nwith tf.compat.v1.Session() as s:\n"
                          "    print(s.run(y, {x: [1.0]}))\n"
                          "with tf.compat.v1.Session() as t:\n    print(t.run(y, {x: [1.0]}))\n")
                .find("second session on the same graph"),
            std::string::npos);
  EXPECT_NE(reason(head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}), s.graph)\n")
                .find("used other than"),
            std::string::npos);
  // `t.eval()` runs the default session: a `with` block's or an InteractiveSession, not a
  // session made by `s = tf.compat.v1.Session()`
  EXPECT_TRUE(ConvertSessionToFunctions(parser, head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n"
                                                       "    print(y.eval({x: [1.0]}))\n").converted);
  EXPECT_EQ(reason(head + "y = x + 1\ns = tf.compat.v1.Session()\nprint(s.run(y, {x: [1.0]}))\n"
                          "print(y.eval({x: [2.0]}))\n"),
            "`y.eval({x: [2.0]})` runs the default session, which `s` is not (TF1 raised)");
  // a graph name bound again converts (each binding is its own name); what would change
  // meaning refuses: a placeholder bound again (a feed of `x` would feed the new tensor),
  // a name bound to a Python value, a loss bound again after minimize() used it
  const std::string run_y = "with tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n";
  EXPECT_TRUE(ConvertSessionToFunctions(parser, head + "y = x + 1\ny = y * 2\n" + run_y).converted);
  EXPECT_EQ(reason(head + "x = tf.reshape(x, [-1])\ny = x + 1\n" + run_y),
            "`x` is assigned twice while the graph is built (first as a placeholder)");
  EXPECT_EQ(reason(head + "y = x + 1\ny = 2\n" + run_y),
            "`y` names a graph tensor and is assigned again while the graph is built, to a Python value");
  EXPECT_EQ(reason(head + "v = tf.Variable(1.0)\ny = x * v\nt = tf.compat.v1.train.GradientDescentOptimizer(0.1)"
                          ".minimize(y)\ny = y + 1\n" + run_y),
            "`y` is assigned again after `t`, an operation built from it, was made");
  // a name scope's block of graph tensors is one statement of the graph; one whose name is
  // not a literal, one that creates a variable and one whose scope is read outside refuse
  EXPECT_TRUE(ConvertSessionToFunctions(parser, head + "with tf.name_scope('a'):\n    y = x + 1\n" + run_y).converted);
  EXPECT_EQ(reason(head + "n = 'a'\nwith tf.name_scope(n):\n    y = x + 1\n" + run_y),
            "a name scope that builds part of the graph is not named by one literal string");
  EXPECT_EQ(reason(head + "with tf.name_scope('a'):\n    v = tf.Variable(1.0)\n    y = x + v\n" + run_y),
            "a name scope's block creates a variable (`tensorflow.Variable`): a function would make it on each trace");
  EXPECT_EQ(reason(head + "with tf.name_scope('a') as sc:\n    y = x + 1\nprint(sc)\n" + run_y),
            "`sc`, the name scope of a block that builds the graph, is used outside it");
  // control dependencies on graph tensors: the same; on something else, or binding a value
  // not built from graph tensors, refused
  EXPECT_TRUE(ConvertSessionToFunctions(parser, head + "z = x * 2\nwith tf.control_dependencies([z]):\n"
                                                    "    y = tf.identity(x)\n" + run_y).converted);
  EXPECT_EQ(reason(head + "z = [x]\nwith tf.control_dependencies(z):\n    y = tf.identity(x)\n" + run_y),
            "control dependencies that build part of the graph are not a list of graph tensors' names");
  EXPECT_EQ(reason(head + "z = x * 2\nwith tf.control_dependencies([z]):\n    y = x + 1\n    k = obj.run()\n" + run_y),
            "`k` is bound in a block that builds the graph to a value not built from graph tensors");
  // a graph tensor built by a module-level helper that makes variables (each function
  // would make its own) refuses, also through another helper
  EXPECT_EQ(reason(head + "def layer(t):\n    w = tf.Variable(2.0)\n    return t * w\n"
                          "def outer(t):\n    return layer(t) + 1\n"
                          "u = tf.Variable(1.0)\ny = outer(x) * u\n" + run_y),
            "`y` is built by `layer` (`tensorflow.Variable`), which makes variables or reads graph-wide state: a "
            "function would run it on each trace");
  // variables unpacked from one statement are variables; one made and not named refuses
  EXPECT_TRUE(ConvertSessionToFunctions(parser, head + "v, u = [tf.Variable(k) for k in [1.0, 2.0]]\ny = x * v + u\n" +
                                                    run_y).converted);
  EXPECT_EQ(reason(head + "v, _ = (tf.Variable(1.0), tf.Variable(2.0))\ny = x * v\n" + run_y),
            "a variable is made and not bound to a name");
  // an expression of graph tensors is what a function returns; one with a Python name that
  // changes (the function reads it when traced) stays refused, one bound once and never
  // changed is read as it is
  SessionConversion expr = ConvertSessionToFunctions(
      parser, head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n    print(s.run(y + 1, {x: [1.0]}))\n");
  ASSERT_TRUE(expr.converted) << expr.reason;
  EXPECT_NE(expr.text.find("    return y + 1\n"), std::string::npos) << expr.text;
  EXPECT_NE(expr.text.find("print(run_y(x=[1.0]).numpy())"), std::string::npos) << expr.text;
  EXPECT_NE(reason(head + "y = x + 1\nk = 2\nwith tf.compat.v1.Session() as s:\n    print(s.run(y + k, {x: [1.0]}))\n"
                          "    k = 3\n    print(s.run(y + k, {x: [1.0]}))\n")
                .find("fetches an expression"),
            std::string::npos);
  SessionConversion settled = ConvertSessionToFunctions(
      parser, head + "y = x + 1\nk = 2\nwith tf.compat.v1.Session() as s:\n    print(s.run(y + k, {x: [1.0]}))\n");
  ASSERT_TRUE(settled.converted) << settled.reason;
  EXPECT_NE(settled.text.find("    return y + k\n"), std::string::npos) << settled.text;
  // an expression of Python values only runs eagerly; one that draws random numbers, or
  // calls a helper that makes a variable, stays refused
  const std::string bare = "import tensorflow as tf\ns = tf.compat.v1.Session()\n";
  SessionConversion eager = ConvertSessionToFunctions(parser, bare + "print(s.run(tf.square([2.0])))\n");
  ASSERT_TRUE(eager.converted) << eager.reason;
  EXPECT_NE(eager.text.find("print(tf.square([2.0]).numpy())"), std::string::npos) << eager.text;
  EXPECT_NE(reason(bare + "print(s.run(tf.random.normal([1])))\n").find("fetches an expression"), std::string::npos);
  EXPECT_NE(reason(bare + "def f():\n    return tf.Variable(1.0) + 1\nprint(s.run(f()))\n").find("fetches an expression"),
            std::string::npos);
  EXPECT_NE(reason(bare + "print(s.run(tf.constant(1.0), {x: 2.0}))\n").find("fetches an expression"),
            std::string::npos);
  // a feed_dict made first and passed by name: `**feed`; a feed that holds a placeholder
  // the run does not need passes only those it does; one whose name is used for more
  // stays refused
  const std::string two = head + "z = tf.compat.v1.placeholder(tf.float32, [None])\ny = x + 1\n";
  SessionConversion named = ConvertSessionToFunctions(
      parser, two + "with tf.compat.v1.Session() as s:\n    f = {x: [1.0]}\n    print(s.run(y, feed_dict=f))\n");
  ASSERT_TRUE(named.converted) << named.reason;
  EXPECT_NE(named.text.find("f = {\"x\": [1.0]}\nprint(run_y(**f).numpy())"), std::string::npos) << named.text;
  SessionConversion more = ConvertSessionToFunctions(
      parser, two + "with tf.compat.v1.Session() as s:\n    f = {x: [1.0], z: [2.0]}\n    print(s.run(y, f))\n");
  ASSERT_TRUE(more.converted) << more.reason;
  EXPECT_NE(more.text.find("print(run_y(x=f[\"x\"]).numpy())"), std::string::npos) << more.text;
  EXPECT_NE(reason(two + "with tf.compat.v1.Session() as s:\n    f = {x: [1.0]}\n    print(s.run(y, f), f)\n")
                .find("graph tensor `x` is used outside sess.run"),
            std::string::npos);
  // a loop over Python values that binds graph tensors builds the graph; refused when
  // its variable is read after it, or it extends a value made elsewhere
  const std::string loop = "import tensorflow as tf\nv = tf.Variable(1.0)\ntotal = 0.0\n"
                           "for i in range(3):\n    total += v * i\n";
  const std::string run_total = "with tf.compat.v1.Session() as s:\n    print(s.run(total))\n";
  SessionConversion looped = ConvertSessionToFunctions(parser, loop + run_total);
  ASSERT_TRUE(looped.converted) << looped.reason;
  EXPECT_NE(looped.text.find("    total = 0.0\n    for i in range(3):\n        total += v * i\n    return total"),
            std::string::npos)
      << looped.text;
  EXPECT_EQ(reason(loop + "print(i)\n" + run_total),
            "`i`, the variable of a loop that builds the graph, is used outside it");
  EXPECT_NE(reason(loop + "print(total)\n" + run_total).find("graph"), std::string::npos);
  EXPECT_EQ(reason("import tensorflow as tf\nv = tf.Variable(1.0)\ntotal = 0.0\nprint(total)\n"
                   "for i in range(3):\n    total += v * i\n" + run_total),
            "`total` is used apart from the loop that extends it with graph tensors");
  EXPECT_EQ(reason("import tensorflow as tf\nv = tf.Variable(1.0)\nt = 0.0\nfor i in range(3):\n"
                   "    print(i)\n    t += v\nwith tf.compat.v1.Session() as s:\n    print(s.run(t))\n"),
            "a loop that builds the graph does more than bind names to graph tensors");
  // `FLAGS = tf.compat.v1.app.flags.FLAGS` read before the session is a Python object, and
  // a `sess.close()` after the `with` block (a no-op in TF1) goes
  SessionConversion flags = ConvertSessionToFunctions(
      parser, "import tensorflow as tf\ntf.compat.v1.app.flags.DEFINE_integer('n', 2, 'n')\n"
              "FLAGS = tf.compat.v1.app.flags.FLAGS\nif FLAGS.n < 0:\n    raise ValueError('n')\n"
              "y = tf.constant(2.0) * FLAGS.n\nwith tf.compat.v1.Session() as s:\n    print(s.run(y))\ns.close()\n");
  ASSERT_TRUE(flags.converted) << flags.reason;
  EXPECT_EQ(flags.text.find("s.close()"), std::string::npos) << flags.text;
  EXPECT_NE(flags.text.find("FLAGS = flags.FLAGS\nFLAGS(sys.argv)  # TF1's tf.app.flags parsed the command line at the "
                            "first read of a flag\nif FLAGS.n < 0:"),
            std::string::npos)
      << flags.text;
  // a name the block binds to a fetched value is plain Python from there on; a run after
  // it that names it, or (a variable's name) whose function would read it, refuses
  const std::string fetched = "import tensorflow as tf\nv = tf.Variable(1.0)\nu = v * 2.0\n"
                              "with tf.compat.v1.Session() as s:\n    s.run(tf.compat.v1.global_variables_initializer())\n";
  SessionConversion rebound = ConvertSessionToFunctions(parser, fetched + "    u = s.run(u)\n    print(u + 1)\nprint(u)\n");
  ASSERT_TRUE(rebound.converted) << rebound.reason;
  EXPECT_NE(rebound.text.find("u = run_u().numpy()\nprint(u + 1)\nprint(u)\n"), std::string::npos) << rebound.text;
  EXPECT_EQ(reason(fetched + "    u = s.run(u)\n    print(s.run(u))\n"),
            "`u` holds a value the session block computed when this run names it");
  EXPECT_EQ(reason(fetched + "    v = s.run(v)\n    print(s.run(u))\n"),
            "the session block binds `v`, the name of a variable, to a value before this run");
  EXPECT_EQ(reason(fetched + "    u = s.run(u)\n    z = tf.constant(1.0) + u\n    print(s.run(z))\n"),
            "`u` holds a value the session block computed when the graph is built from it");
  // the graph built in the block from a value the block made: converts when the value is
  // bound once and only read, refuses when something may change it
  const std::string made = "import tensorflow as tf\ns = tf.compat.v1.Session()\nprint(s.run(tf.square(2.0)))\n"
                           "vals = [1.0, 2.0]\n";
  SessionConversion made_ok =
      ConvertSessionToFunctions(parser, made + "t = tf.constant(vals)\nprint(s.run(t), len(vals))\n");
  EXPECT_TRUE(made_ok.converted) << made_ok.reason;
  EXPECT_EQ(reason(made + "t = tf.constant(vals)\nvals.append(3.0)\nprint(s.run(t))\n"),
            "`t` is built in the session block from `vals`, a value the block computes");
  EXPECT_EQ(reason(made + "t = tf.constant(vals)\nvals = [0.0]\nprint(s.run(t))\n"),
            "`t` is built in the session block from `vals`, a value the block computes");
  // a graph FileWriter becomes TF2's writer, and then an unused merge_all goes too
  SessionConversion writer = ConvertSessionToFunctions(
      parser, "import tensorflow as tf\ny = tf.constant(1.0) + 1\nwith tf.compat.v1.Session() as s:\n"
              "    print(s.run(y))\nmerged = tf.compat.v1.summary.merge_all()\n"
              "w = tf.compat.v1.summary.FileWriter('logs', s.graph)\n");
  ASSERT_TRUE(writer.converted) << writer.reason;
  EXPECT_NE(writer.text.find("w = tf.summary.create_file_writer('logs')"), std::string::npos) << writer.text;
  EXPECT_EQ(writer.text.find("merge_all"), std::string::npos) << writer.text;
  ASSERT_EQ(writer.notes.size(), 2u);
  // a variable's own initializer run goes (TF2 initializes it where it is made), unless a
  // second run would reset it
  const std::string var = "import tensorflow as tf\nv = tf.Variable(1.0)\nu = v * 2.0\n"
                          "with tf.compat.v1.Session() as s:\n";
  EXPECT_TRUE(ConvertSessionToFunctions(parser, var + "    s.run(v.initializer)\n    print(s.run(u))\n").converted);
  EXPECT_EQ(reason(var + "    for i in range(2):\n        s.run(v.initializer)\n        print(s.run(u))\n"),
            "`v.initializer` is run in a loop (each run resets the variable)");
  EXPECT_EQ(reason(var + "    s.run(v.initializer)\n    print(s.run(u))\n    v.initializer.run()\n    print(s.run(u))\n"),
            "`v.initializer` is run twice (the second run resets the variable)");
  EXPECT_NE(reason(head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n"
                          "print(tf.compat.v1.global_variables())\n")
                .find("graph"),
            std::string::npos);
  // an unseeded random op converts (the summary says its draws differ from TF1's), unless
  // several functions would each make their own op of it: a draw of its own (`r = tf.random.normal(...)`)
  // draws from one generator made once; a draw inside an expression, or with a graph seed, is refused
  SessionConversion unseeded = ConvertSessionToFunctions(
      parser, head + "y = x + tf.random.normal([1])\nwith tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n");
  ASSERT_TRUE(unseeded.converted) << unseeded.reason;
  ASSERT_EQ(unseeded.notes.size(), 1u);
  EXPECT_NE(unseeded.notes[0].find("`tensorflow.random.normal` has no op seed"), std::string::npos) << unseeded.notes[0];
  SessionConversion shared = ConvertSessionToFunctions(
      parser, head + "r = tf.random.normal([1])\ny = x + r\nwith tf.compat.v1.Session() as s:\n"
                     "    print(s.run(y, {x: [1.0]}))\n    print(s.run(r))\n");
  ASSERT_TRUE(shared.converted) << shared.reason;
  EXPECT_NE(shared.text.find("r_generator = tf.random.Generator.from_non_deterministic_state()\n"), std::string::npos)
      << shared.text;
  EXPECT_NE(shared.text.find("    r = r_generator.normal([1])\n"), std::string::npos) << shared.text;
  EXPECT_EQ(reason(head + "r = tf.random.normal([1])\ny = x + r\ntf.compat.v1.set_random_seed(1)\n"
                          "with tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n    print(s.run(r))\n"),
            "the unseeded random op of `r` is run by several functions (run_y, run_r): TF1 drew from one op, each "
            "function would draw from its own");
  EXPECT_EQ(reason(head + "y = x + tf.random.normal([1])\nz = y * 2.0\nwith tf.compat.v1.Session() as s:\n"
                          "    print(s.run(y, {x: [1.0]}))\n    print(s.run(z, {x: [1.0]}))\n"),
            "the unseeded random op of `y` is run by several functions (run_y, run_z): TF1 drew from one op, each "
            "function would draw from its own");
  // a helper that makes a layer's variables: a tf.Module made once, unless its variables
  // come from what it computes, or it is called elsewhere than in a graph statement
  const std::string layer_def =
      "def layer(inp, n):\n    w = tf.Variable(tf.ones([1, n]))\n    return tf.matmul(inp, w)\n";
  SessionConversion layered = ConvertSessionToFunctions(
      parser, head + layer_def + "y = layer(x[:, None], 2)\nwith tf.compat.v1.Session() as s:\n"
                                 "    s.run(tf.compat.v1.global_variables_initializer())\n"
                                 "    print(s.run(y, {x: [1.0]}))\n");
  ASSERT_TRUE(layered.converted) << layered.reason;
  EXPECT_NE(layered.text.find("class Layer(tf.Module):\n    def __init__(self, n):\n        super().__init__()\n"
                              "        self.w = tf.Variable(tf.ones([1, n]))\n"),
            std::string::npos)
      << layered.text;
  EXPECT_NE(layered.text.find("y_layer = Layer(2)\n"), std::string::npos) << layered.text;
  EXPECT_EQ(reason(head + "def layer(inp):\n    n = 2\n    w = tf.Variable(tf.ones([1, n]))\n"
                          "    return tf.matmul(inp, w)\ny = layer(x[:, None])\nwith tf.compat.v1.Session() as s:\n"
                          "    print(s.run(y, {x: [1.0]}))\n"),
            "`y` is built by `layer` (`tensorflow.Variable`), which makes variables, and not as a layer object can: a "
            "variable is made from "
            "`n`, which the helper computes");
  EXPECT_EQ(reason(head + layer_def + "y = layer(x[:, None], 2)\nz = [layer(x[:, None], 3)]\n"
                                      "with tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n"),
            "`y` is built by `layer`, which makes variables and is used elsewhere than in the values of "
            "`x = ...` statements of the graph");
  // get_variable in a helper: made once (TF1 raised on a second call, and a scope would
  // prefix the name)
  const std::string gv_def =
      "def gv(inp):\n    w = tf.compat.v1.get_variable(\"w\", [1, 2], initializer=tf.ones_initializer())\n"
      "    return tf.matmul(inp, w)\n";
  EXPECT_EQ(reason(head + gv_def + "y = gv(x[:, None])\nwith tf.compat.v1.Session() as s:\n"
                                   "    s.run(tf.compat.v1.global_variables_initializer())\n    print(s.run(y, {x: [1.0]}))\n"),
            "");
  EXPECT_EQ(reason(head + gv_def + "y = gv(x[:, None])\nz = gv(x[:, None])\nwith tf.compat.v1.Session() as s:\n"
                                   "    print(s.run(y, {x: [1.0]}))\n"),
            "`gv` makes `w` with get_variable and is called more than once (TF1 raised unless a variable scope "
            "reused them)");
  EXPECT_NE(reason(head + gv_def + "with tf.compat.v1.variable_scope(\"s\"):\n    y = gv(x[:, None])\n"
                                   "with tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n"),
            "");
  // (in a value's calls and operators: `z = 1 + layer(...)` makes its object once)
  EXPECT_EQ(reason(head + layer_def + "y = layer(x[:, None], 2)\nz = 1 + layer(x[:, None], 3)\n"
                                      "with tf.compat.v1.Session() as s:\n    print(s.run(z, {x: [1.0]}))\n"),
            "");
  EXPECT_EQ(reason(head + layer_def + "y = layer(x[:, None], 2)\nz = (lambda: layer(x[:, None], 3))()\n"
                                      "with tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n"),
            "`y` is built by `layer`, which makes variables and is used elsewhere than in the values of "
            "`x = ...` statements of the graph");
  EXPECT_TRUE(ConvertSessionToFunctions(
                  parser, head + "y = x + tf.random.normal([1], seed=3)\nwith tf.compat.v1.Session() as s:\n"
                                 "    print(s.run(y, {x: [1.0]}))\n")
                  .converted);
  // a name used only inside a lambda is still a dependency
  SessionConversion lam = ConvertSessionToFunctions(
      parser, head + "b = x * 2.0\nr = tf.cond(x[0] > 0, lambda: b, lambda: -b)\n"
                     "with tf.compat.v1.Session() as s:\n    print(s.run(r, {x: [1.0]}))\n");
  ASSERT_TRUE(lam.converted) << lam.reason;
  EXPECT_LT(lam.text.find("b = x * 2.0"), lam.text.find("r = tf.cond")) << lam.text;
  // a TF2 hazard the analyzer found stops it
  std::vector<Diagnostic> hazard(1);
  hazard[0].rule_id = "TFM503";
  hazard[0].rule_name = "tensor-hash";
  hazard[0].start.line = 3;
  SessionConversion h = ConvertSessionToFunctions(
      parser, head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n", &hazard);
  EXPECT_FALSE(h.converted);
  EXPECT_EQ(h.line, 3u);
  EXPECT_NE(h.reason.find("TFM503"), std::string::npos);
  // converted: a feed by position, a bare run is a plain call, nothing else left
  SessionConversion c = ConvertSessionToFunctions(
      parser, head + "y = x + 1\nwith tf.compat.v1.Session() as s:\n    s.run(y, {x: [1.0]})\n    v = s.run([y], {x: [2.0]})\n");
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.functions, 2);
  EXPECT_EQ(c.runs, 2);
  EXPECT_NE(c.text.find("\nrun_y(x=[1.0])\n"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("v = [t.numpy() for t in run_y_2(x=[2.0])]"), std::string::npos) << c.text;
  EXPECT_EQ(c.text.find("Session"), std::string::npos) << c.text;
}

// The assignment form: `sess = Session()`, its statements up to an optional `sess.close()`.
// tf.app.flags -> absl.flags, parsed before the first read (golden 77); where a function
// reads a flag (it may run before any module-level read) or tf.app.run parses them, the
// flags stay as they are.
TEST(RewriteTf2Conversion, AppFlagsBecomeAbslFlagsParsedBeforeTheFirstRead) {
  PythonParser parser;
  const std::string head =
      "import tensorflow as tf\n"
      "tf.compat.v1.app.flags.DEFINE_integer('n', 2, 'n')\n"
      "FLAGS = tf.compat.v1.app.flags.FLAGS\n";
  const std::string run = "y = tf.constant(2.0) * 3\nwith tf.compat.v1.Session() as s:\n    print(s.run(y))\n";
  SessionConversion r = ConvertSessionToFunctions(parser, head + "print(FLAGS.n)\n" + run);
  ASSERT_TRUE(r.converted) << r.reason;
  EXPECT_NE(r.text.find("import sys\nfrom absl import flags\nflags.DEFINE_integer('n', 2, 'n')\nFLAGS = flags.FLAGS\n"
                        "FLAGS(sys.argv)"),
            std::string::npos)
      << r.text;
  EXPECT_EQ(r.text.find("compat.v1"), std::string::npos) << r.text;
  r = ConvertSessionToFunctions(parser, head + "def f():\n    return FLAGS.n\nprint(f())\n" + run);
  ASSERT_TRUE(r.converted) << r.reason;
  EXPECT_NE(r.text.find("FLAGS = tf.compat.v1.app.flags.FLAGS"), std::string::npos) << r.text;
  r = ConvertSessionToFunctions(parser, head + "print(FLAGS.n)\ntf.compat.v1.app.flags.DEFINE_integer('m', 1, 'm')\n" + run);
  ASSERT_TRUE(r.converted) << r.reason;
  EXPECT_EQ(r.text.find("absl"), std::string::npos) << r.text;  // a flag defined after the first read
}

TEST(RewriteTf2Conversion, AssignedSession) {
  PythonParser parser;
  auto reason = [&](const std::string& text) { return ConvertSessionToFunctions(parser, text).reason; };
  const std::string head = "import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32, [None])\ny = x + 1\n";
  SessionConversion c = ConvertSessionToFunctions(
      parser, head + "sess = tf.compat.v1.Session()\nv = sess.run(y, {x: [1.0]})\nsess.close()\nprint(v)\n");
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.runs, 1);
  EXPECT_NE(c.text.find("\nv = run_y(x=[1.0]).numpy()\nprint(v)\n"), std::string::npos) << c.text;
  EXPECT_EQ(c.text.find("Session"), std::string::npos) << c.text;
  EXPECT_EQ(c.text.find("close"), std::string::npos) << c.text;
  // used after its close (TF1 raises there)
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.Session()\nprint(sess.run(y, {x: [1.0]}))\nsess.close()\n"
                          "print(sess.run(y, {x: [2.0]}))\n"),
            "the graph or the session is used after the session block");
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.Session()\nprint(sess.run(y, {x: [1.0]}))\nsess.close()\nprint(y)\n"),
            "the graph or the session is used after the session block");
  // any other use of the session
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.Session()\nprint(sess.run(y, {x: [1.0]}), sess.graph)\n"),
            "`sess` is used other than as `sess.run(...)`");
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.InteractiveSession()\nprint(sess.run(y, {x: [1.0]}))\n"
                          "if True:\n    sess.close()\n"),
            "`sess` is used other than as `sess.run(...)`");
  EXPECT_EQ(reason(head + "def evaluate():\n    return sess.run(y, {x: [3.0]})\n\n\n"
                          "sess = tf.compat.v1.Session()\nprint(sess.run(y, {x: [1.0]}))\n"),
            "`sess` is used outside the session block");
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.Session(config=tf.compat.v1.ConfigProto())\nprint(sess.run(y, {x: [1.0]}))\n"),
            "the session is configured (graph, config or target arguments)");
  EXPECT_EQ(reason(head + "server = tf.compat.v1.train.Server.create_local_server()\n"
                          "sess = tf.compat.v1.Session(server.target)\nprint(sess.run(x + 1, {x: [1.0]}))\n"),
            "the session runs on the server `server` (its target): TF2 runs ops placed on a cluster's tasks "
            "(`/job:...` devices) only in a process connected to the cluster "
            "(tf.config.experimental_connect_to_cluster), a distributed set-up the conversion does not write");
  // a fed computed tensor: an argument of its own function, but not beside a placeholder
  // (one with a signature, one without) nor when its statement makes other names too
  EXPECT_EQ(reason(head + "z = tf.constant([2.0])\ny = x * z\nwith tf.compat.v1.Session() as s:\n"
                          "    print(s.run(y, {x: [1.0], z: [3.0]}))\n"),
            "feed_dict feeds placeholder `x` and computed tensors in one run: the function would take arguments "
            "with a signature and arguments without one");
  EXPECT_EQ(reason(head + "m, v = tf.nn.moments(x, axes=[0])\ny = m + v\nwith tf.compat.v1.Session() as s:\n"
                          "    print(s.run(y, {x: [1.0, 2.0], m: 0.0}))\n"),
            "feed_dict feeds `m`, which is not a placeholder (a tensor of a statement that makes other names or an "
            "operation: no function argument can stand for it alone)");
  EXPECT_NE(reason(head + "z = tf.add(0.5, 0.5)\ny = z * 3.0\nwith tf.compat.v1.Session() as s:\n"
                          "    print(s.run(y, {z: 10.0}))\n")
                .find("feed_dict feeds `z`, a tensor computed with `tf.add(0.5, 0.5)`, whose two operands hold the "
                      "same number"),
            std::string::npos);
  {
    SessionConversion fed = ConvertSessionToFunctions(
        parser, head + "z = tf.constant([2.0]) * 3.0\ny = z + 1.0\nwith tf.compat.v1.Session() as s:\n"
                       "    print(s.run(y), s.run(y, {z: [5.0]}))\n");
    ASSERT_TRUE(fed.converted) << fed.reason;
    EXPECT_NE(fed.text.find("def run_y_2(z):\n    y = z + 1.0\n"), std::string::npos) << fed.text;
    ASSERT_EQ(fed.notes.size(), 1u);
    EXPECT_NE(fed.notes[0].find("feed_dict feeds `z`, a computed tensor"), std::string::npos) << fed.notes[0];
  }
  EXPECT_EQ(reason(head + "y = x + 1\nsess = tf.compat.v1.Session()\nprint(sess.run(y, {x: [1.0]}))\n"
                          "if len(\"ab\") == 2:\n    y = x * 2\n    print(sess.run(y, {x: [1.0]}))\n"),
            "the graph is built inside a block (`if ...:`; `y` is bound to a graph tensor there): the conversion moves "
            "into functions only graph statements at the top level (and device or name-scope blocks)");
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.Session()\n"), "the session block runs nothing");
  EXPECT_EQ(reason(head + "sess = tf.compat.v1.Session(); print(sess.run(y, {x: [1.0]}))\n"),
            "`sess` shares its line with other statements");
  EXPECT_EQ(reason(head + "for i in range(2):\n    sess = tf.compat.v1.Session()\n    print(sess.run(y, {x: [1.0]}))\n"),
            "the session is not opened by a `with ... as sess:` block or a `sess = ...Session()` statement of the "
            "module or of a module-level function");
  EXPECT_NE(reason(head + "z = tf.random.uniform([1], seed=1)\nsess = tf.compat.v1.Session()\n"
                          "print(sess.run(z))\nwith tf.compat.v1.Session() as s:\n    print(s.run(z))\n")
                .find("second session"),
            std::string::npos);
}

// Several sessions (rewriter/tf2_sessions.h): parts of their own, a copy of the variables
// per session, and precise reasons where neither keeps what TF1 did.
TEST(RewriteTf2Conversion, SeveralSessions) {
  PythonParser parser;
  auto convert = [&](const std::string& text) { return ConvertSessionToFunctions(parser, text); };
  const std::string head = "import tensorflow as tf\n";
  // one part per session: the later one rebinds every name it uses
  const std::string parts = head + "v = tf.Variable(1.0)\nwith tf.compat.v1.Session() as s:\n"
                                   "    s.run(v.initializer)\n    print(s.run(v))\n"
                                   "v = tf.Variable(2.0)\nwith tf.compat.v1.Session() as s:\n"
                                   "    s.run(v.initializer)\n    print(s.run(v))\n";
  EXPECT_TRUE(convert(parts).converted) << convert(parts).reason;
  // the later session reads the earlier part's tensor: one graph, two copies of its state
  SessionConversion shared = convert(head + "v = tf.Variable(1.0)\nwith tf.compat.v1.Session() as s:\n"
                                            "    s.run(v.initializer)\n    print(s.run(v))\n"
                                            "with tf.compat.v1.Session() as s:\n"
                                            "    s.run(v.initializer)\n    print(s.run(v))\n");
  EXPECT_NE(shared.reason.find("(not programs of their own: a later session runs `v`, which the graph had before "
                               "the earlier session, line 7)"),
            std::string::npos)
      << shared.reason;
  // a later part that reads the whole graph sees the earlier part too
  EXPECT_NE(convert(parts + "print(len(tf.compat.v1.global_variables()))\n")
                .reason.find("`tf.compat.v1.global_variables` sees the whole default graph"),
            std::string::npos);
  // a later part's global-initializer run resets the earlier parts' variables in its TF1
  // session: a random one is drawn again, an optimizer's slots are reset too
  const std::string later_init = "v = tf.Variable(2.0)\nwith tf.compat.v1.Session() as s:\n"
                                 "    s.run(tf.compat.v1.global_variables_initializer())\n    print(s.run(v))\n";
  const std::string random_first = head + "r = tf.Variable(tf.random.uniform([2]))\nwith tf.compat.v1.Session() as s:\n"
                                          "    s.run(r.initializer)\n    print(s.run(r))\n";
  EXPECT_NE(convert(random_first + later_init)
                .reason.find("resets an earlier part's variable that starts from a random or computed value"),
            std::string::npos)
      << convert(random_first + later_init).reason;
  const std::string trained = head + "w = tf.Variable(1.0)\nloss = tf.square(w - 3.0)\n"
                                     "step = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)\n"
                                     "with tf.compat.v1.Session() as s:\n    s.run(w.initializer)\n"
                                     "    s.run(step)\n    print(s.run(w))\n";
  EXPECT_FALSE(convert(trained + later_init).converted);
  EXPECT_TRUE(convert(random_first + later_init.substr(0, later_init.find("    s.run(tf")) +
                      "    s.run(v.initializer)\n    print(s.run(v))\n")
                  .converted);
  // sessions in turn over one variable: a copy each, named after its session
  const std::string turns = head + "w = tf.Variable(10)\na = tf.compat.v1.Session()\nb = tf.compat.v1.Session()\n"
                                   "a.run(w.initializer)\nb.run(w.initializer)\nprint(a.run(w.assign_add(1)))\n"
                                   "print(b.run(w.assign_sub(1)))\na.close()\nb.close()\n";
  SessionConversion copies = convert(turns);
  ASSERT_TRUE(copies.converted) << copies.reason;
  EXPECT_NE(copies.text.find("w_a = tf.Variable(10, name=\"w_a\")\nw_b = tf.Variable(10, name=\"w_b\")\n"),
            std::string::npos)
      << copies.text;
  EXPECT_NE(copies.text.find("print(w_b.assign_sub(1).numpy())"), std::string::npos) << copies.text;
  // a random initial value: a copy would draw again, TF1 drew from one op
  std::string random = turns;
  random.replace(random.find("tf.Variable(10)"), 15, "tf.Variable(tf.random.uniform([]))");
  EXPECT_FALSE(convert(random).converted);
  // a graph tensor computed from the variable: each session would need its own too
  std::string computed = turns;
  computed.replace(computed.find("a.run(w.assign_add(1))"), 22, "a.run(doubled)");
  computed.replace(computed.find("a = tf.compat.v1.Session()"), 0, "doubled = w * 2\n");
  EXPECT_FALSE(convert(computed).converted);
  // a second session that runs nothing goes (configured with literals or not at all);
  // configured otherwise, it stays and stops the conversion; sessions in two functions
  {
    SessionConversion idle = convert(head + "x = tf.constant(1.0)\ns = tf.compat.v1.Session()\n"
                                            "idle = tf.compat.v1.Session()\nprint(s.run(x))\n");
    ASSERT_TRUE(idle.converted) << idle.reason;
    EXPECT_EQ(idle.text.find("idle"), std::string::npos) << idle.text;
    ASSERT_FALSE(idle.notes.empty());
    EXPECT_NE(idle.notes[0].find("`idle`, a session that runs nothing (made only for its configuration), dropped"),
              std::string::npos)
        << idle.notes[0];
  }
  EXPECT_NE(convert(head + "x = tf.constant(1.0)\ns = tf.compat.v1.Session()\n"
                           "idle = tf.compat.v1.Session(config=tf.compat.v1.ConfigProto(device_count={\"GPU\": 0}))\n"
                           "print(s.run(x))\n")
                .reason.find("a second session, `idle`, that runs nothing"),
            std::string::npos);
  // an InteractiveSession nothing names is the default session still (`t.eval()` runs it)
  EXPECT_FALSE(convert(head + "x = tf.constant(1.0)\ns = tf.compat.v1.Session()\n"
                              "idle = tf.compat.v1.InteractiveSession()\nprint(s.run(x))\n")
                   .converted);
  EXPECT_NE(convert(head + "def f():\n    x = tf.constant(1.0)\n    with tf.compat.v1.Session() as s:\n"
                           "        print(s.run(x))\n\n\ndef g():\n    x = tf.constant(2.0)\n"
                           "    with tf.compat.v1.Session() as s:\n        print(s.run(x))\n\n\nf()\ng()\n")
                .reason.find("`f` and `g` each open a session over a graph they build"),
            std::string::npos);
}

// The graph wrapper: `with tf.Graph().as_default():` (or `g = tf.Graph()` ... `with g.as_default():`)
// holding the graph and the session goes, its body dedented.
TEST(RewriteTf2Conversion, GraphWrapper) {
  PythonParser parser;
  auto reason = [&](const std::string& text) { return ConvertSessionToFunctions(parser, text).reason; };
  const std::string body = "    x = tf.compat.v1.placeholder(tf.float32, [None])\n    y = x + 1\n";
  const std::string run = "    with tf.compat.v1.Session() as sess:\n        print(sess.run(y, {x: [1.0]}))\n";
  SessionConversion c =
      ConvertSessionToFunctions(parser, "import tensorflow as tf\ng = tf.Graph()\nwith g.as_default():\n" + body +
                                            "    sess = tf.compat.v1.Session(graph=g)\n    v = sess.run(y, {x: [1.0]})\n"
                                            "    sess.close()\n    print(v)\nprint('end')\n");
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.text.find("Graph"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("\nv = run_y(x=[1.0]).numpy()\nprint(v)\nprint('end')\n"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("\ndef run_y(x):\n    y = x + 1\n    return y\n"), std::string::npos) << c.text;
  // the graph object used for something else
  EXPECT_EQ(reason("import tensorflow as tf\ng = tf.Graph()\nwith g.as_default():\n" + body + run +
                   "print(g.get_tensor_by_name('add:0'))\n"),
            "the graph `g` is used for more than the session's block (`g.get_tensor_by_name`)");
  EXPECT_EQ(reason("import tensorflow as tf\nwith tf.Graph().as_default() as g:\n" + body + run + "    g.finalize()\n"),
            "the graph `g` is used for more than the session's block (`g.finalize`)");
  EXPECT_EQ(reason("import tensorflow as tf\nwith tf.Graph().as_default() as g:\n" + body +
                   "    with tf.compat.v1.Session(graph=tf.Graph()) as sess:\n        print(sess.run(y, {x: [1.0]}))\n"),
            "the script makes a second graph (`tf.Graph()`)");
  // two graph blocks
  EXPECT_EQ(reason("import tensorflow as tf\nwith tf.Graph().as_default():\n    z = tf.constant(1.0)\n"
                   "with tf.Graph().as_default():\n" + body + run),
            "the script makes a second graph (`tf.Graph()`)");
  // graph built outside the block: another graph in TF1
  EXPECT_EQ(reason("import tensorflow as tf\nz = tf.constant(2.0)\nwith tf.Graph().as_default():\n" + body + run),
            "`z` is built outside the graph's `with ... as_default():` block (in another graph)");
  EXPECT_EQ(reason("import tensorflow as tf\ntf.compat.v1.set_random_seed(1)\nwith tf.Graph().as_default():\n" + body +
                   run),
            "`tensorflow.compat.v1.set_random_seed` sets the seed of another graph than the one of the "
            "`with ... as_default():` block");
  // the graph or the session after the block
  EXPECT_EQ(reason("import tensorflow as tf\nwith tf.Graph().as_default():\n" + body + run + "print(y)\n"),
            "the graph or the session is used after the session block");
  EXPECT_EQ(reason("import tensorflow as tf\nwith tf.Graph().as_default():\n" + body +
                   "    sess = tf.compat.v1.Session()\n    print(sess.run(y, {x: [1.0]}))\nprint(sess.run(y, {x: [2.0]}))\n"),
            "the graph or the session is used after the session block");
  // a session outside the graph block
  EXPECT_EQ(reason("import tensorflow as tf\ng = tf.Graph()\nwith g.as_default():\n" + body +
                   "with tf.compat.v1.Session(graph=g) as sess:\n    print(sess.run(y, {x: [1.0]}))\n"),
            "the script makes a `tf.Graph()` other than a `with tf.Graph().as_default():` block holding the session");
  // a graph made but not the wrapper of the session
  EXPECT_EQ(reason("import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32, [None])\ny = x + 1\n"
                   "other = tf.Graph()\nwith tf.compat.v1.Session() as sess:\n    print(sess.run(y, {x: [1.0]}))\n"),
            "the script makes a `tf.Graph()` other than a `with tf.Graph().as_default():` block holding the session");
}

TEST(RewriteTf2Conversion, GraphReset) {
  PythonParser parser;
  const std::string body =
      "x = tf.compat.v1.placeholder(tf.float32, [None])\ny = x + 1\n"
      "with tf.compat.v1.Session() as s:\n    print(s.run(y, {x: [1.0]}))\n";
  // `from tensorflow.python.framework import ops` + `ops.reset_default_graph()`: both go
  SessionConversion c = ConvertSessionToFunctions(
      parser, "import tensorflow as tf\nfrom tensorflow.python.framework import ops\nops.reset_default_graph()\n" + body);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.text.find("ops"), std::string::npos) << c.text;
  // the import stays while `ops` serves something else
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\nfrom tensorflow.python.framework import ops\n"
                                        "ops.reset_default_graph()\nprint(ops.__name__)\n" + body);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("from tensorflow.python.framework import ops\n"), std::string::npos) << c.text;
  EXPECT_EQ(c.text.find("reset_default_graph"), std::string::npos) << c.text;
  // a reset after graph tensors were built discards them: refused
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\nz = tf.constant(1.0)\n"
                                        "tf.compat.v1.reset_default_graph()\n" + body);
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("comes after graph tensors were built (`z`)"), std::string::npos) << c.reason;
}

// A module-level `if` block that builds a graph of constants with pure ops and runs it:
// eager where it is (rewriter/tf2_eager_blocks.h); a block with state, a draw, a feed, a
// tensor built before it, an `else` or names read after it stays refused.
TEST(RewriteTf2Conversion, EagerIfBlock) {
  PythonParser parser;
  const std::string head =
      "import sys\nimport tensorflow as tf\nsess = tf.compat.v1.Session()\nx = tf.constant([1.0])\n"
      "print(sess.run(x))\n";
  auto block = [&](const std::string& body, const std::string& after = "") {
    return ConvertSessionToFunctions(parser, head + "if len(sys.argv) < 3:\n" + body + after);
  };
  SessionConversion c = block("    a = tf.constant([1.0, 2.0])\n    b = tf.reduce_sum(a * 2.0)\n"
                              "    print(sess.run(b), sess.run([a, b]))\n");
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("if len(sys.argv) < 3:\n    a = tf.constant([1.0, 2.0])\n    b = tf.reduce_sum(a * 2.0)\n"
                        "    print(b.numpy(), [a.numpy(), b.numpy()])\n"),
            std::string::npos)
      << c.text;
  ASSERT_FALSE(c.notes.empty());
  EXPECT_NE(c.notes.back().find("the graph the `if` block builds from constants runs eagerly"), std::string::npos);
  for (const std::string& body :
       {std::string("    v = tf.Variable([1.0])\n    print(sess.run(v))\n"),
        std::string("    r = tf.random.normal([2], seed=1)\n    print(sess.run(r))\n"),
        std::string("    a = x * 2.0\n    print(sess.run(a))\n"),
        std::string("    p = tf.compat.v1.placeholder(tf.float32)\n    a = p * 2.0\n    print(sess.run(a, {p: 1.0}))\n")}) {
    c = block(body);
    EXPECT_FALSE(c.converted) << body;
    EXPECT_FALSE(c.reason.empty()) << body;
  }
  // a name of the block read after it
  c = block("    a = tf.constant([1.0, 2.0])\n    print(sess.run(a))\n", "print(sess.run(a))\n");
  EXPECT_FALSE(c.converted);
  // an `else` branch
  c = block("    a = tf.constant([1.0, 2.0])\n    print(sess.run(a))\n",
            "else:\n    a = tf.constant([3.0])\n    print(sess.run(a))\n");
  EXPECT_FALSE(c.converted);
}

// Sessions that each run the graph built before them once: eager where the graph is
// built (ConvertEagerScript), tried after the function conversion; what changes state,
// draws without a seed, feeds or runs twice stays refused.
TEST(RewriteTf2Conversion, EagerScript) {
  PythonParser parser;
  auto script = [](const std::string& init, const std::string& extra = "") {
    return "import tensorflow as tf\nwith tf.device('/cpu:0'):\n    r = " + init +
           "\n    a = tf.Variable(r)\n    c = tf.matmul(a, a)\n    init = tf.compat.v1.global_variables_initializer()\n"
           "sess = tf.compat.v1.Session()\nsess.run(init)\n" + extra + "print(sess.run(c))\nsess.close()\n"
           "with tf.device('/cpu:0'):\n    r = " + init + "\n    b = tf.Variable(r)\n"
           "    init = tf.compat.v1.global_variables_initializer()\n"
           "sess = tf.compat.v1.Session()\nsess.run(init)\nprint(sess.run(b))\n";
  };
  const std::string seeded = "tf.random.uniform([2, 2], seed=1)";
  SessionConversion c = ConvertEagerScript(parser, script(seeded));
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.text.find("Session"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("print(c.numpy())\n"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("    tf.random.set_seed(None)  # TF1 drew each seeded op's numbers from their start: start "
                        "them again\n    r = tf.random.uniform([2, 2], seed=1)\n    b = tf.Variable(r)\n"),
            std::string::npos)
      << c.text;
  EXPECT_EQ(c.runs, 4);
  // another seed in the second part: no start again
  std::string two = script(seeded);
  two.replace(two.rfind("seed=1"), 6, "seed=2");
  c = ConvertEagerScript(parser, two);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.text.find("set_seed"), std::string::npos) << c.text;
  // refused: an unseeded draw (TF1's new session draws other numbers), a variable changed,
  // a fetch run before the initializer, a feed
  EXPECT_FALSE(ConvertEagerScript(parser, script("tf.random.uniform([2, 2])")).converted);
  EXPECT_FALSE(ConvertEagerScript(parser, script(seeded, "sess.run(a.assign(r))\n")).converted);
  EXPECT_FALSE(ConvertEagerScript(parser, script(seeded, "print(sess.run(c, {a: [[1.0, 2.0], [3.0, 4.0]]}))\n")).converted);
  std::string early = script(seeded);
  early.replace(early.find("sess.run(init)\n"), 15, "print(sess.run(c))\n");
  EXPECT_FALSE(ConvertEagerScript(parser, early).converted);
}

// A reset before a part that sets its own graph seed before it draws: the discarded seed
// is never seen, so the reset goes; a part that draws first (itself or through a function
// of an earlier part) would see TF2's global seed where TF1 had none: refused.
TEST(RewriteTf2Conversion, GraphResetBeforeReseededPart) {
  PythonParser parser;
  auto part = [](const std::string& seed, const std::string& draw) {
    return "tf.compat.v1.reset_default_graph()\nsess = tf.compat.v1.Session()\n" + seed + draw +
           "print(sess.run(r))\n";
  };
  const std::string head = "import tensorflow as tf\n\n\ndef noise():\n    return tf.random.normal([2], seed=7)\n\n\n";
  const std::string first = part("tf.compat.v1.set_random_seed(3)\n", "r = tf.random.normal([2], seed=1)\n");
  SessionConversion c = ConvertSessionToFunctions(
      parser, head + first + part("tf.compat.v1.set_random_seed(5)\n", "r = tf.random.uniform([2], seed=2)\n"));
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.text.find("reset_default_graph"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("tf.random.set_seed(5)"), std::string::npos) << c.text;
  // the second part draws before it seeds
  c = ConvertSessionToFunctions(parser, head + first +
                                            part("", "r = tf.random.uniform([2], seed=2)\n"
                                                     "tf.compat.v1.set_random_seed(5)\n"));
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("discards the graph seed set on line"), std::string::npos) << c.reason;
  // the second part seeds first but draws through `noise`, defined before the reset
  c = ConvertSessionToFunctions(parser, head + first + part("tf.compat.v1.set_random_seed(5)\n", "r = noise()\n"));
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("discards the graph seed set on line"), std::string::npos) << c.reason;
}

// tf.train.exponential_decay of the global step: Keras' ExponentialDecay, made once,
// the optimizer's callable learning rate; a decay of a computed tensor is no schedule.
TEST(RewriteTf2Conversion, ExponentialDecaySchedule) {
  PythonParser parser;
  auto script = [](const std::string& step) {
    return "import tensorflow as tf\nw = tf.Variable(1.0)\nloss = w * w\ngs = tf.Variable(0, trainable=False)\n"
           "lr = tf.compat.v1.train.exponential_decay(0.1, " + step + ", 10, 0.9)\n"
           "train = tf.compat.v1.train.AdamOptimizer(lr).minimize(loss, global_step=gs)\n"
           "with tf.compat.v1.Session() as s:\n    s.run(tf.compat.v1.global_variables_initializer())\n"
           "    s.run(train)\n    print(s.run(w))\n";
  };
  SessionConversion c = ConvertSessionToFunctions(parser, script("gs"));
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("lr_schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)\n"
                        "optimizer = tf.keras.optimizers.Adam(learning_rate=lambda: lr_schedule(gs), "),
            std::string::npos)
      << c.text;
  EXPECT_EQ(c.text.find("compat.v1"), std::string::npos) << c.text;
  // the step is a tensor the graph computes (not a variable): no schedule
  c = ConvertSessionToFunctions(parser, script("loss"));
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("the optimizer is made from graph tensor `lr`: made once"), std::string::npos) << c.reason;
}

// `t.shape` / `t.get_shape()` of a graph tensor outside the runs: the static shape of the
// function that returns it alone (or the placeholder's TensorSpec); none: refused.
TEST(RewriteTf2Conversion, StaticShapeReads) {
  PythonParser parser;
  const std::string head = "import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32, [2, 3])\n"
                           "y = tf.reduce_sum(x, axis=1)\nz = y * 2.0\n"
                           "with tf.compat.v1.Session() as sess:\n";
  SessionConversion c = ConvertSessionToFunctions(
      parser, head + "    print(x.shape, y.get_shape().as_list())\n    print(sess.run(y, {x: [[1.0] * 3] * 2}))\n");
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("print(run_y.input_signature[0].shape, run_y.get_concrete_function().output_shapes.as_list())"),
            std::string::npos)
      << c.text;
  // `y` is computed only inside `run_z`: no function returns it alone
  c = ConvertSessionToFunctions(parser, head + "    print(y.shape)\n    print(sess.run(z, {x: [[1.0] * 3] * 2}))\n");
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("its static shape is read, and no function returns it alone"), std::string::npos) << c.reason;
  // a shape assigned to is no read
  c = ConvertSessionToFunctions(parser, head + "    y.shape = None\n    print(sess.run(y, {x: [[1.0] * 3] * 2}))\n");
  EXPECT_FALSE(c.converted);
}

// `print(t)` of a graph tensor before the session: printed while the function the session
// runs first is traced (the symbolic tensor, as TF1 printed it), or refused with the reason.
TEST(RewriteTf2Conversion, TracePrints) {
  PythonParser parser;
  const std::string head = "import tensorflow as tf\na = tf.constant([1.0, 2.0])\nb = a * 2.0\n";
  const std::string run_b = "with tf.compat.v1.Session() as s:\n    print(s.run(b))\n";
  SessionConversion c = ConvertSessionToFunctions(parser, head + "print('b:', b)\n" + run_b);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("    b = a * 2.0\n    print('b:', b)  # tfmigrate: ignore[TFM405]\n    return b\n"),
            std::string::npos)
      << c.text;
  // `c`, made before `b`, counts in its name: the function makes it too, unused
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\na = tf.constant([1.0, 2.0])\nc = a * 3.0\n"
                                        "b = a * 2.0\nprint(b)\n" + run_b);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("    a = tf.constant([1.0, 2.0])\n    c = a * 3.0\n    b = a * 2.0\n    print(b)"),
            std::string::npos)
      << c.text;
  ASSERT_FALSE(c.notes.empty());
  EXPECT_NE(c.notes.back().find("`run_b` also makes what line 3 made, which no run needs"), std::string::npos)
      << c.notes.back();
  // ... not when it needs a placeholder the run does not feed, or changes state
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\na = tf.constant([1.0, 2.0])\n"
                                        "p = tf.compat.v1.placeholder(tf.float32)\nc = a * p\n"
                                        "b = a * 2.0\nprint(b)\n" + run_b);
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("TF1 names it after every op the graph made before it, and `run_b`, the function the "
                          "session runs first, does not make `p` (line 3)"),
            std::string::npos)
      << c.reason;
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\na = tf.constant([1.0, 2.0])\n"
                                        "c = tf.compat.v1.Print(a, [a])\nb = a * 2.0\nprint(b)\n" + run_b);
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("does not make `c` (line 3)"), std::string::npos) << c.reason;
  // something printed in between would come first
  c = ConvertSessionToFunctions(parser, head + "print(b)\nprint('next')\n" + run_b);
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("line 5 runs between the print and the session"), std::string::npos) << c.reason;
  c = ConvertSessionToFunctions(parser, head + "print(b)\nwith tf.compat.v1.Session() as s:\n    print('first')\n"
                                               "    print(s.run(b))\n");
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("line 6 of the session runs before its first run"), std::string::npos) << c.reason;
  // a placeholder of unknown size: TF1 prints `?`, TF2 `None`
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32, [None])\n"
                                        "b = x * 2.0\nprint(b)\nwith tf.compat.v1.Session() as s:\n"
                                        "    print(s.run(b, {x: [1.0]}))\n");
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("`x` has a dimension of unknown size"), std::string::npos) << c.reason;
  // (a function the session's statements define reads a graph tensor: the reason names it)
  c = ConvertSessionToFunctions(parser, head + run_b + "    def f():\n        return b + 1\n");
  EXPECT_FALSE(c.converted);
  EXPECT_EQ(c.reason, "graph tensor `b` is read by `f`, a function the session's statements define (line 6): no run "
                      "fetches it, and TF2 would compute it eagerly where it is called");
}

// A cond's branches written as defs: graph statements when GraphBuildingDef takes them (the
// function that builds the cond defines them); otherwise a def a graph statement uses that
// reads the module's graph tensors is refused (it was left at module level, where TF2 no
// longer has them: a NameError when the function was traced).
TEST(RewriteTf2Conversion, GraphBuildingDefs) {
  PythonParser parser;
  const std::string head = "import tensorflow as tf\nx = tf.constant(2.0)\ny = tf.constant(3.0)\n"
                           "def f1(): return tf.add(x, y)\ndef f2(): return tf.subtract(x, y)\n"
                           "out = tf.cond(x < y, f1, f2)\n";
  const std::string run = "with tf.compat.v1.Session() as sess:\n    print(sess.run(out))\n";
  SessionConversion c = ConvertSessionToFunctions(parser, head + run);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("    def f1(): return tf.add(x, y)\n    def f2(): return tf.subtract(x, y)\n"
                        "    out = tf.cond(x < y, f1, f2)\n    return out\n"),
            std::string::npos)
      << c.text;
  EXPECT_NE(c.text.find("print(run_out().numpy())"), std::string::npos) << c.text;  // a cond of one tensor
  // a name it reads bound again after it: Python would read the later binding
  c = ConvertSessionToFunctions(parser, head + "x = tf.constant(5.0)\n" + run);
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("`f1`, which the graph statement of `out` uses (line 6), reads `x`, a graph tensor of the "
                          "module"),
            std::string::npos)
      << c.reason;
  // called directly too: not only TF's to call
  c = ConvertSessionToFunctions(parser, head + "z = f1() * 2.0\n" + run);
  EXPECT_FALSE(c.converted);
  // a def with parameters is a helper (its graph tensors come through them)
  c = ConvertSessionToFunctions(parser, "import tensorflow as tf\nx = tf.constant(2.0)\n"
                                        "def double(t): return t * 2.0\nout = double(x)\n" + run);
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("def double(t): return t * 2.0\n"), std::string::npos) << c.text;
}

// Variables made in name and variable scopes (rewriter/tf2_variable_scopes.h): TF2 variables
// with TF1's names, the same number of lines.
TEST(RewriteTf2Conversion, VariableScopes) {
  PythonParser parser;
  const std::string in =
      "import tensorflow as tf\n"
      "with tf.name_scope('a'):\n"
      "    init = tf.compat.v1.constant_initializer(value=1)\n"
      "    v1 = tf.compat.v1.get_variable(name='v1', shape=[1], dtype=tf.float32, initializer=init)\n"
      "    v2 = tf.Variable(name='v2', initial_value=[2.0])\n"
      "    v21 = tf.Variable(name='v2', initial_value=[2.1])\n"
      "with tf.compat.v1.variable_scope('b') as scope:\n"
      "    v3 = tf.compat.v1.get_variable(name='v3', shape=[1], initializer=tf.compat.v1.zeros_initializer())\n"
      "    scope.reuse_variables()\n"
      "    v3_again = tf.compat.v1.get_variable(name='v3')\n";
  VariableScopeRewrite r = RewriteVariableScopes(parser, in);
  EXPECT_EQ(r.text,
            "import tensorflow as tf\n"
            "init = tf.constant_initializer(value=1)\n"
            "v1 = tf.Variable(init(shape=[1], dtype=tf.float32), name='v1')\n"
            "with tf.name_scope('a'):\n"
            "    v2 = tf.Variable(name='v2', initial_value=[2.0])\n"
            "    v21 = tf.Variable(name='v2_1', initial_value=[2.1])\n"
            "with tf.name_scope('b'):\n"
            "    v3 = tf.Variable(tf.zeros_initializer()(shape=[1], dtype=tf.float32), name='v3')\n"
            "    # reuse_variables(): a get_variable below is the variable made above\n"
            "    v3_again = v3\n");
  // a variable made elsewhere (in a function): nothing rewritten
  EXPECT_TRUE(RewriteVariableScopes(parser, in + "def f():\n    return tf.Variable(1.0)\n").text.empty());
  // a get_variable made twice without reuse (TF1 raised): nothing rewritten
  EXPECT_TRUE(RewriteVariableScopes(parser, in + "with tf.compat.v1.variable_scope('c'):\n"
                                                 "    w = tf.compat.v1.get_variable(name='w', shape=[1], "
                                                 "initializer=tf.compat.v1.zeros_initializer())\n"
                                                 "    w2 = tf.compat.v1.get_variable(name='w', shape=[1], "
                                                 "initializer=tf.compat.v1.zeros_initializer())\n")
                  .text.empty());
}

// Helpers sharing their tf.layers through an AUTO_REUSE scope (rewriter/tf2_scoped_layers.h):
// the class and object planned, the scope's collection read as a var_list; and the shapes
// left alone (the session conversion then refuses with TFM302).
TEST(RewriteTf2Conversion, ScopedLayerHelpers) {
  PythonParser parser;
  auto plan = [&](const std::string& text) {
    auto src = SourceFromBytes(text, "<t>", SourceKind::kPython);
    auto parsed = parser.Parse(std::move(*src));
    SemanticModel m(*parsed);
    ScopedLayerEdits e = PlanScopedLayerHelpers(*parsed, m, "tf");
    return e.edits.empty() ? std::string() : ApplyByteEdits(parsed->source.text, e.edits);
  };
  const std::string head = "import tensorflow as tf\n\n\n";
  auto helper = [](const std::string& params, const std::string& reuse, const std::string& body) {
    return "def disc(" + params + "):\n    with tf.compat.v1.variable_scope('d', reuse=" + reuse + "):\n" + body;
  };
  const std::string body =
      "        h = tf.compat.v1.layers.dense(x, 3, activation=tf.nn.relu)\n"
      "        return tf.compat.v1.layers.dense(h, 1, use_bias=False)\n";
  const std::string tail =
      "\n\nv = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES, scope='d')\n"
      "step = opt.minimize(loss, var_list=v)\n";
  EXPECT_EQ(plan(head + helper("x", "tf.compat.v1.AUTO_REUSE", body) + tail),
            head +
                "class Disc(tf.keras.layers.Layer):\n"
                "    def __init__(self):\n"
                "        super().__init__(name=\"d\")\n"
                "        self.dense = tf.keras.layers.Dense(3, activation=tf.nn.relu, name=\"dense\")\n"
                "        self.dense_1 = tf.keras.layers.Dense(1, use_bias=False, name=\"dense_1\")\n"
                "\n"
                "    def build(self, x_shape):\n"
                "        self.dense.build(x_shape)\n"
                "        self.dense_1.build([None, 3])\n"
                "\n"
                "    def call(self, x):\n"
                "        h = self.dense(x)\n"
                "        return self.dense_1(h)\n"
                "\n\n"
                "disc = Disc()\n"
                "\n\n"
                "step = opt.minimize(loss, var_list=disc.trainable_variables)\n");
  // left alone: two parameters; reuse other than AUTO_REUSE; the helper used as a value; a
  // dense layer over a tensor whose last dimension the helper computes; another name of the
  // module starting with the scope's (TF1 matched collection scopes as prefixes); a
  // variable made in the block
  EXPECT_EQ(plan(head + helper("x, y", "tf.compat.v1.AUTO_REUSE", body) + tail), "");
  EXPECT_EQ(plan(head + helper("x", "True", body) + tail), "");
  EXPECT_EQ(plan(head + helper("x", "tf.compat.v1.AUTO_REUSE", body) + "f = disc\n"), "");
  EXPECT_EQ(plan(head + helper("x", "tf.compat.v1.AUTO_REUSE",
                               "        h = tf.nn.relu(x)\n        return tf.compat.v1.layers.dense(h, 1)\n") +
                 tail),
            "");
  EXPECT_EQ(plan(head + helper("x", "tf.compat.v1.AUTO_REUSE", body) + tail + "print('dx')\n"), "");
  EXPECT_EQ(plan(head + helper("x", "tf.compat.v1.AUTO_REUSE",
                               "        w = tf.Variable(1.0)\n        return tf.compat.v1.layers.dense(x * w, 1)\n") +
                 tail),
            "");
  // the `reuse` parameter idiom: the first call creates, the later ones pass reuse=True (which
  // goes); a first call that reuses, a later one that does not, or a call in a loop is left
  const std::string with_reuse = head + helper("x, reuse=False", "reuse", body) + "\n\n";
  EXPECT_NE(plan(with_reuse + "a = disc(p)\nb = disc(q, reuse=True)\n").find("a = disc(p)\nb = disc(q)\n"),
            std::string::npos);
  EXPECT_EQ(plan(with_reuse + "a = disc(p, reuse=True)\nb = disc(q)\n"), "");
  EXPECT_EQ(plan(with_reuse + "a = disc(p)\nb = disc(q)\n"), "");
  EXPECT_EQ(plan(with_reuse + "a = disc(p)\nfor t in ts:\n    b = disc(t, True)\n"), "");
}

// tf.test.TestCase files (rewriter/tf2_testcase.h): sessions of value-only tests become
// self.evaluate; a test of graph construction keeps a graph; what stays refused.
TEST(RewriteTf2TestCase, EagerGraphAndRefused) {
  PythonParser parser;
  const std::string head = "import tensorflow as tf\n\n\ndef setUpModule():\n  tf.compat.v1.disable_eager_execution()\n\n\n"
                           "class T(tf.test.TestCase):\n\n";
  TestCaseConversion c = ConvertTestCases(
      parser, head + "  def test_a(self):\n    x = tf.constant(2.0)\n    with self.cached_session() as sess:\n"
                     "      self.assertEqual(4.0, sess.run(x * 2))\n      self.assertEqual(2.0, x.eval())\n");
  ASSERT_TRUE(c.applies && c.converted) << c.reason;
  EXPECT_EQ(c.eager, 1);
  EXPECT_EQ(c.graph, 0);
  EXPECT_EQ(c.text, "import tensorflow as tf\n\n\nclass T(tf.test.TestCase):\n\n  def test_a(self):\n"
                    "    x = tf.constant(2.0)\n    self.assertEqual(4.0, self.evaluate(x * 2))\n"
                    "    self.assertEqual(2.0, self.evaluate(x))\n");
  // a test of op names keeps a graph; so does one running the same tensor twice
  for (const std::string& body : {std::string("    y = tf.identity(tf.constant(1.0), name='y')\n"
                                              "    self.assertEqual('y', y.op.name)\n"),
                                  std::string("    r = tf.random.uniform([2])\n    with self.cached_session():\n"
                                              "      self.assertNotEqual(list(r.eval()), list(r.eval()))\n"),
                                  std::string("    r = tf.random.uniform([2])\n    with self.cached_session() as s:\n"
                                              "      for _ in range(2):\n        print(s.run(r))\n")}) {
    c = ConvertTestCases(parser, head + "  def test_b(self):\n" + body);
    ASSERT_TRUE(c.converted) << c.reason;
    EXPECT_EQ(c.graph, 1) << body;
    EXPECT_NE(c.text.find("  def test_b(self):\n    with tf.Graph().as_default():\n      "), std::string::npos) << c.text;
    // a second conversion leaves the graph test as it is (or finds nothing TF1 to convert)
    TestCaseConversion again = ConvertTestCases(parser, c.text);
    if (again.applies) {
      EXPECT_EQ(again.text, c.text);
    }
  }
  // a helper called by a graph test keeps its session too (its initializer run included)
  c = ConvertTestCases(parser, head + "  def _check(self, v):\n    with self.cached_session():\n"
                                      "      tf.compat.v1.global_variables_initializer().run()\n"
                                      "      self.assertEqual(1.0, v.eval())\n\n"
                                      "  def test_c(self):\n    v = tf.Variable(1.0, name='v')\n"
                                      "    self.assertEqual('v', v.op.name)\n    self._check(v)\n");
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_NE(c.text.find("      tf.compat.v1.global_variables_initializer().run()\n"), std::string::npos) << c.text;
  // a function of the project under test that builds graph state (found in its source)
  TempDir dir;
  dir.Write("lib/layers.py", "import tensorflow as tf\n\n\ndef _make(shape):\n"
                             "  return tf.compat.v1.get_variable('w', shape)\n\n\ndef dense(x):\n"
                             "  return tf.matmul(x, _make([2, 2]))\n\n\ndef double(x):\n  return x * 2\n");
  const std::string lib = "import tensorflow as tf\nfrom lib import layers\n\n\nclass T(tf.test.TestCase):\n\n";
  c = ConvertTestCases(parser, lib + "  def test_d(self):\n    with self.cached_session():\n"
                                     "      self.assertEqual(2.0, layers.double(tf.constant(1.0)).eval())\n\n"
                                     "  def test_e(self):\n    with self.cached_session():\n"
                                     "      y = layers.dense(tf.ones([1, 2]))\n", nullptr, dir.Write("lib/layers_test.py", "").string());
  ASSERT_TRUE(c.converted) << c.reason;
  EXPECT_EQ(c.eager, 1);
  EXPECT_EQ(c.graph, 1);
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_NE(c.notes[0].find("`layers.dense` builds graph state in lib/layers.py: `get_variable` (line 5) through `_make`"),
            std::string::npos)
      << c.notes[0];
  // a module under test whose input pipeline the compat rewrite left (`tf.compat.v1.` readers
  // and queues run only in a graph) is TF1 code as the original was: the rewrite of a
  // first rewrite's result refuses as the first did (tensorflow/models' cifar10_input)
  TempDir pipe;
  pipe.Write("reader.py", "import tensorflow as tf\n\n\ndef read(q):\n"
                          "  return tf.compat.v1.FixedLengthRecordReader(record_bytes=4).read(q)\n");
  c = ConvertTestCases(parser, "import tensorflow as tf\nimport reader\n\n\nclass T(tf.test.TestCase):\n\n"
                               "  def test_r(self):\n    with self.cached_session():\n      reader.read(None)\n",
                       nullptr, pipe.Write("reader_test.py", "").string());
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("the module under test, reader.py, is TF1 code (`tf.compat.v1.FixedLengthRecordReader`"),
            std::string::npos)
      << c.reason;
  // queue runners stay refused; a file without TestCase is not this conversion's
  c = ConvertTestCases(parser, head + "  def test_q(self):\n    q = tf.queue.FIFOQueue(2, [tf.float32])\n"
                                      "    with self.cached_session() as sess:\n"
                                      "      tf.compat.v1.train.start_queue_runners(sess=sess)\n");
  EXPECT_TRUE(c.applies);
  EXPECT_FALSE(c.converted);
  EXPECT_NE(c.reason.find("the tests run queue runners"), std::string::npos) << c.reason;
  EXPECT_FALSE(ConvertTestCases(parser, "import tensorflow as tf\nwith tf.compat.v1.Session() as s:\n"
                                        "  print(s.run(tf.constant(1)))\n")
                   .applies);
}

}  // namespace
}  // namespace tfm

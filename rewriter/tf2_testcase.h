// `tfmigrate rewrite --level tf2` of a graph-mode tf.test.TestCase file: TF2's TestCase
// runs its tests eagerly, so a test that ran its graph in a session becomes an eager test:
//
//   with self.cached_session() as sess:        ->   (the block, dedented)
//     y = f(x)                                        y = f(x)
//     self.assertAllClose(1., sess.run(y))            self.assertAllClose(1., self.evaluate(y))
//     self.assertEqual(2., z.eval())                  self.assertEqual(2., self.evaluate(z))
//   tf.global_variables_initializer().run()   ->   (gone: eager variables are initialised
//                                                    when they are created)
//
// (`self.test_session()`, `self.session()` and `tf.Session()` alike). A test that checks
// the graph itself (op names or types, collections, name or variable scopes, get_variable
// reuse, placeholders and feeds, a graph or a session object used as such, or a finding
// that blocks the tf2 conversion on its lines) keeps a graph: its body goes under
// `with tf.Graph().as_default():`, TF2's public form of a graph-mode test, and runs as the
// original did. The toggle that switched the whole file to graph mode
// (`tf.compat.v1.disable_eager_execution()` in `setUpModule`, or at module level, or the
// `disable_v2_behavior()` the compat rewrite puts after the import of a TF1 file) goes.
// `import tensorflow.compat.v1 as tf` becomes `import tensorflow as tf` (a name without a
// TF2 endpoint keeps its `tf.compat.v1.` spelling, reported). Queue runners (which a
// TestCase's graph tests only exercise through a session's threads) stay refused.
//
//   tfm::TestCaseConversion t = tfm::ConvertTestCases(parser, compat_text, &findings);
//   if (t.applies) { if (t.converted) text = t.text; else note(t.reason, t.line); }
#pragma once

#include <string>
#include <vector>

#include "analyzer/python/parse.h"
#include "analyzer/source/diagnostic.h"

namespace tfm {

struct TestCaseConversion {
  bool applies = false;    // a tf.test.TestCase file whose sessions are all inside its tests
  bool converted = false;
  std::string text;        // the converted module, when converted
  std::string reason;      // why not, when not converted (one line)
  uint32_t line = 0;       // 1-based line the reason points at (0: the file)
  int eager = 0;           // test methods that run eagerly now (their sessions removed)
  int graph = 0;           // test methods kept in a graph (`with tf.Graph().as_default():`)
  int runs = 0;            // sess.run / .eval() / .run() calls replaced or removed
  std::vector<std::string> kept_compat;  // "line N: tf.compat.v1.X (why)"
  std::vector<std::string> notes;
};

// `path`: the file's path, from which the project's modules the tests import are found
// (a test of a function that builds graph state keeps a graph); empty: none are read.
TestCaseConversion ConvertTestCases(PythonParser& parser, const std::string& text,
                                    const std::vector<Diagnostic>* findings = nullptr, const std::string& path = "");

}  // namespace tfm

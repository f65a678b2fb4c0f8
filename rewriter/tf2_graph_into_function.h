// `rewrite --level tf2`: a graph the module builds at import time and runs in the one
// module-level function that opens the session (`def main(): with tf.compat.v1.Session()
// as sess: ...`), in the compat text:
//
//   x = tf.compat.v1.placeholder(tf.float32, [None, 2])
//   w = tf.Variable(tf.zeros([2, 1]))
//   loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
//
//   def main():
//       xs = load()
//       with tf.compat.v1.Session() as sess:
//           ...
//
// is the same graph built when that function starts (its statements moved, in order, to the
// top of its body), which the session conversion converts as a graph built in a function:
// TF1 made the same ops in the same order in the same default graph either way, before any
// run. Only when nothing else reads the graph: each moved statement is a plain statement of
// the module (not in a block) before the function is called, no other function or class
// names a graph name, the function binds none of them, and no statement the module keeps
// after the first moved one reads one.
#pragma once

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"
#include "rewriter/tf2_text.h"

namespace tfm {

IdiomEdits PlanGraphIntoSessionFunction(const ParsedFile& file, const SemanticModel& m);

}  // namespace tfm

// `rewrite --level tf2`: graph built inside a module-level `if` block and run there.
//
//   if tf.test.is_built_with_cuda():
//       with tf.device('/cpu:0'):
//           a = tf.constant([1.0, 3.0, 5.0], shape=[1, 3])
//           c = tf.matmul(a, b)
//       print(sess.run(c))
//
// The session conversion moves only top-level graph statements into functions. A block
// whose statements only build tensors of its own from constants with TensorFlow's pure
// ops (no variables, random draws, placeholders or other state) and fetch them with
// `sess.run` after building them computes, in TF1, what TF2 computes eagerly where the
// block builds them: the block stays where it is, its runs become `c.numpy()`.
//
//   tfm::EagerBlocks b = tfm::FindEagerBlocks(parser, compat_text);
//   // b.text: the blocks' bodies replaced by marker lines (same line count); convert it,
//   std::string out = tfm::RestoreEagerBlocks(converted_text, b);   // "" if a marker is lost
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/python/parse.h"

namespace tfm {

struct EagerBlocks {
  std::string text;                 // empty: no such block
  std::vector<std::string> bodies;  // each block's TF2 body (its lines, indented as in `text`)
  std::vector<std::string> notes;   // one per block, for the summary
  std::vector<uint32_t> lines;      // each block's 1-based line in the text
};

EagerBlocks FindEagerBlocks(PythonParser& parser, const std::string& text);

// The converted text with each block's marker lines replaced by its body; "" when the
// markers of a block are not where the conversion should have left them (together).
std::string RestoreEagerBlocks(const std::string& converted, const EagerBlocks& blocks);

}  // namespace tfm

#include "rewriter/tf2_session.h"

namespace tfm {

// A script whose sessions each run the graph built so far once: it initializes the
// variables (made from plain values or seeded random draws, never changed), then fetches
// tensors of pure ops over them, each after it is built (the tutorial shape "a graph on
// /cpu:0, a session, print; the same on /gpu:0, a session, print"). TF2 computes eagerly
// where the graph is built what each TF1 run fetched: the graph statements stay where they
// are, `print(sess.run(c))` becomes `print(c.numpy())`, the sessions, initializer runs and
// closes go, a session's placement settings become tf.config's. Each TF1 session (and each
// op) drew a seeded op's numbers from their start, where TF2's eager draws continue a
// seed's numbers: `tf.random.set_seed(None)` starts them again before a draw that repeats
// a seed. Tried when the function conversion refuses; `converted` false (with the reason
// of the first statement outside the shape) otherwise.
SessionConversion ConvertEagerScript(PythonParser& parser, const std::string& text);

}  // namespace tfm

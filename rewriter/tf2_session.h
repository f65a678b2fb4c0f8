// `tfmigrate rewrite --level tf2`: TFM201's program transformation. After the compat
// fixes, a TF1 script of the common shape — graph built at module level, then one
// `with tf.compat.v1.Session() as sess:` block that runs it, or `sess = ...Session()` and
// the statements after it up to an optional `sess.close()`, either possibly inside a
// `with tf.Graph().as_default():` wrapper (removed, its body dedented) — becomes TF2: each
// distinct `sess.run(fetches, feed_dict=...)` becomes a `tf.function` whose parameters
// are the fed placeholders (their dtype and shape as its input signature) and whose
// body is the graph-building statements those fetches depend on; the call site calls
// it with the fed values and takes NumPy values, as sess.run returned (`sess.run(w)` of a
// variable is `w.numpy()`). Variables and optimizers stay at module level (created
// eagerly once), initializer runs go, a v1 optimizer's `minimize` becomes a GradientTape
// step with the Keras optimizer that makes the same update (or, where none does, keeps
// the v1 optimizer with the explicit var_list TF1 took from the trainable collection and
// says why in `kept_compat`), and the session block's body moves to module level
// (docs/rewrite.md).
//
//   tfm::SessionConversion c = tfm::ConvertSessionToFunctions(parser, compat_text);
//   if (c.converted) text = c.text; else note(c.reason, c.line);
//
// Anything outside that shape (a second session, graph names used outside sess.run,
// fed tensors that are not placeholders, variable scopes, ...) is left as the compat
// rewrite made it, with the reason. The result keeps the fetch count and order, so
// `rewrite --verify` (tfmigrate diff) compares it with the original run by run.
#pragma once

#include <string>
#include <vector>

#include "analyzer/python/parse.h"
#include "analyzer/source/diagnostic.h"

namespace tfm {

struct SessionConversion {
  bool converted = false;
  std::string text;      // the converted module, when converted
  std::string reason;    // why not, when not converted (one line)
  uint32_t line = 0;     // 1-based line the reason points at (0: the file)
  int functions = 0;     // tf.functions written
  int runs = 0;          // sess.run calls replaced (initializer runs removed included)
  // tf.compat.v1 the conversion left (a v1 optimizer no Keras one reproduces, ...):
  // "line N: what (why)", lines of the converted text's input
  std::vector<std::string> kept_compat;
  // TF1 code the conversion dropped since it had no effect ("line N: what"): summaries
  // never written, a Saver never used
  std::vector<std::string> notes;
  // random ops without an op seed in the functions (line, op): their draws differ from TF1's
  std::vector<std::pair<uint32_t, std::string>> unseeded;
};

// `findings`: the analyzer's findings on `text`; a TF2 hazard among them (a rule with
// RuleInfo::blocks_tf2_conversion: code whose meaning TF2 changes even once it runs)
// stops the conversion, since the converted code would run under TF2 behavior.
SessionConversion ConvertSessionToFunctions(PythonParser& parser, const std::string& text,
                                            const std::vector<Diagnostic>* findings = nullptr);

}  // namespace tfm

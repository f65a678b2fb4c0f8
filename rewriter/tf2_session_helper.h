// `rewrite --level tf2`: a helper function the session is passed to.
//
//   std::string moved = tfm::MoveSessionHelpers(parser, text, &notes);  // "" when none
//
// The TF1 shape (tensorflow/models' convolutional.py): a function defined before the
// session block, `def eval_in_batches(data, sess):`, whose session parameter serves only
// its `sess.run(...)` calls, and which only the block calls, always with the block's
// session (`eval_in_batches(validation_data, sess)`). Every call runs the same session,
// so the parameter is that session: the helper moves into the block (just before the
// block's first statement that calls it, with the comments written just above it), its
// parameter and the calls' session argument go, and its runs become the block's runs,
// which the session conversion turns into tf.functions like the others. The helper stays
// in the scope it was defined in (a `with` block opens no scope), so the names it reads
// are the same; only its default values would be computed later, so a helper whose
// parameters have non-literal defaults stays where it is.
#pragma once

#include <string>
#include <vector>

#include "analyzer/python/parse.h"

namespace tfm {

// The text with such helpers moved (a note for each in `notes`); "" when the text has none.
std::string MoveSessionHelpers(PythonParser& parser, const std::string& text, std::vector<std::string>* notes);

}  // namespace tfm

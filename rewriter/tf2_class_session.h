// `rewrite --level tf2` of a session an object owns: the class that makes `self.sess =
// tf.compat.v1.Session()` in its constructor, builds its graph on `self` attributes in the
// constructor and the methods it calls (`self.build_model()`), and runs it in other
// methods (`self.sess.run([self.train_op, self.loss], {self.x: xs})`), becomes a tf.Module:
//
//   - the constructor and its build methods keep the variables (`self.w = tf.Variable(...)`)
//     and make a Keras optimizer where TF1's `minimize` was (`self.optimizer =
//     tf.keras.optimizers.SGD(...)`); placeholders, graph tensors, the session and its
//     initializer runs go;
//   - each distinct run becomes a method `run_<fetches>(self, <fed placeholders>)` decorated
//     with `tf.function` and the placeholders' input signature, whose body is the graph
//     statements the fetches need (`self.loss = ...` as `loss = ...`), under a GradientTape
//     when a train op is fetched, followed by the Keras optimizer's update;
//   - the run site calls that method and takes NumPy values, as sess.run returned them.
//
//   std::vector<std::string> notes;
//   SessionConversion c = ConvertClassSession(parser, idioms_text);
//   if (!c.converted) reason = c.reason;  // one line, with the line it points at
//
// Anything else in such a class (a graph tensor read outside a run, a variable scope, a
// layer, a second session, a graph value computed from a method's local Python value, ...)
// is refused with the reason; the caller keeps the compat rewrite.
#pragma once

#include <string>

#include "analyzer/python/parse.h"
#include "rewriter/tf2_session.h"

namespace tfm {

// `bn_updates_with_minimize`: every minimize() of the text ran the UPDATE_OPS collection's
// updates (tf2_update_ops.h took the control-dependencies blocks away), so a batch
// normalization that trains may convert.
SessionConversion ConvertClassSession(PythonParser& parser, const std::string& text,
                                      bool bn_updates_with_minimize = false);

}  // namespace tfm

// `rewrite --level tf2`: a module-level helper that makes and runs an RNN cell, called once
// by the graph-building code (the tutorials' `def RNN(x, weights, biases)`), in the compat
// text:
//
//   def RNN(x, weights, biases):
//       x = tf.unstack(x, timesteps, 1)
//       lstm_cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(num_hidden, forget_bias=1.0)
//       outputs, states = tf.compat.v1.nn.static_rnn(lstm_cell, x, dtype=tf.float32)
//       return tf.matmul(outputs[-1], weights['out']) + biases['out']
//
//   logits = RNN(X, weights, biases)
//
// is the same graph written where the call was, the parameters read as the arguments until
// the body binds them again, the return bound to the call's target:
//
//   x = tf.unstack(X, timesteps, 1)
//   lstm_cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(num_hidden, forget_bias=1.0)
//   outputs, states = tf.compat.v1.nn.static_rnn(lstm_cell, x, dtype=tf.float32)
//   logits = tf.matmul(outputs[-1], weights['out']) + biases['out']
//
// and the helper goes. The session conversion then makes the cell a Keras cell made once at
// module level, as for a cell the module makes itself. TF1 built the same ops in the same
// order either way.
//
// Only that shape: a helper whose body makes an RNN cell (tf.compat.v1.nn.rnn_cell.*),
// defined and called once at module level as the whole value of `NAME = helper(args)`, the
// arguments names or literals given positionally, the body assignments (a docstring, comments)
// and a final `return`, none of its names bound or read elsewhere in the module.
#pragma once

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"
#include "rewriter/tf2_text.h"

namespace tfm {

IdiomEdits PlanRnnHelperInlining(const ParsedFile& file, const SemanticModel& m);

}  // namespace tfm

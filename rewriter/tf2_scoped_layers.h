// `rewrite --level tf2`: a module-level helper whose tf.layers TF1 shares between calls
// through a variable scope with reuse=AUTO_REUSE (the GAN idiom), in the compat text:
//
//   def discriminator(x):
//       with tf.compat.v1.variable_scope("disc", reuse=tf.compat.v1.AUTO_REUSE):
//           h = tf.compat.v1.layers.dense(x, 8, activation=tf.nn.relu)
//           return tf.compat.v1.layers.dense(h, 1)
//   ...
//   d_vars = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES, scope="disc")
//   d_step = tf.compat.v1.train.AdamOptimizer(1e-3).minimize(d_loss, var_list=d_vars)
//
// becomes a Keras layer made once and bound to the helper's name, so that every call site
// stays as written; its dense layers are made in the constructor with TF1's names (the
// variables TF1 called `disc/dense/kernel` are the layer's `disc/dense/kernel`), `build`
// makes their variables for the input's last dimension, and the scope's trainable
// collection (`get_collection(TRAINABLE_VARIABLES, scope=...)` or
// `trainable_variables(scope=...)`, read only as a `var_list=`) is the object's variables:
//
//   class Discriminator(tf.keras.layers.Layer):
//       def __init__(self):
//           super().__init__(name="disc")
//           self.dense = tf.keras.layers.Dense(8, activation=tf.nn.relu, name="dense")
//           self.dense_1 = tf.keras.layers.Dense(1, name="dense_1")
//
//       def build(self, x_shape):
//           self.dense.build(x_shape)
//           self.dense_1.build([None, 8])
//
//       def call(self, x):
//           h = self.dense(x)
//           return self.dense_1(h)
//
//
//   discriminator = Discriminator()
//   ...
//   d_step = tf.compat.v1.train.AdamOptimizer(1e-3).minimize(d_loss, var_list=discriminator.trainable_variables)
//
// The session conversion (tf2_session.cc) then builds each object once, after the
// generators of the random ops TF1 made before its variables, for the last dimension of
// the tensor TF1 first called the helper with (FindKerasLayerObjects).
//
// Only that shape is rewritten: one parameter, the body one `with` block of the scope, its
// statements `name = ...` and a final `return ...`, each tf.layers.dense a whole right-hand
// side whose input is the parameter or another dense layer's output, every other call a
// TensorFlow op that makes no variables, and the helper used only as `helper(x)`.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"
#include "rewriter/tf2_text.h"

namespace tfm {

struct ScopedLayerEdits {
  std::vector<ByteEdit> edits;                       // on the file's text
  std::vector<std::pair<uint32_t, uint32_t>> lines;  // 1-based rows rewritten (their findings are handled)
  std::vector<std::string> notes;                    // for the summary
};

// `tf`: the module's name of tensorflow.
ScopedLayerEdits PlanScopedLayerHelpers(const ParsedFile& file, const SemanticModel& m, const std::string& tf);

// A module-level `name = Cls()` of a module class deriving tf.keras.layers.Layer that
// defines `build`: an object the conversion builds where TF1 made its variables.
// `out_units`: the units of the Dense whose output `call` returns (`return self.d(...)`,
// `self.d = tf.keras.layers.Dense(UNITS, ...)` in __init__), else empty.
struct KerasLayerObject {
  std::string out_units;
};
std::map<std::string, KerasLayerObject> FindKerasLayerObjects(const ParsedFile& file, const SemanticModel& m);

}  // namespace tfm

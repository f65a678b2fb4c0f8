// `tfmigrate rewrite --level tf2`: a module-level helper that makes the variables of a layer
// each time the graph-building code calls it (the tutorials' `add_layer`):
//
//   def add_layer(inputs, in_size, out_size, activation_function=None):
//       Weights = tf.Variable(tf.random.normal([in_size, out_size]))
//       biases = tf.Variable(tf.zeros([1, out_size]) + 0.1)
//       Wx_plus_b = tf.matmul(inputs, Weights) + biases
//       ...
//       return outputs
//   l1 = add_layer(xs, 1, 10, activation_function=tf.nn.relu)
//
// becomes a tf.Module whose variables are made once, when the layer object is made, and
// whose call computes the rest:
//
//   class AddLayer(tf.Module):
//       def __init__(self, in_size, out_size):
//           super().__init__()
//           self.Weights = tf.Variable(tf.random.normal([in_size, out_size]))
//           self.biases = tf.Variable(tf.zeros([1, out_size]) + 0.1)
//
//       def __call__(self, inputs, activation_function=None):
//           Wx_plus_b = tf.matmul(inputs, self.Weights) + self.biases
//           ...
//   l1_layer = AddLayer(1, 10)                                   (module level, once)
//   l1 = l1_layer(xs, activation_function=tf.nn.relu)            (in each tf.function)
//
// The parameters the `tf.Variable` statements read go to `__init__` (those the rest also
// reads become attributes), the others to `__call__`. The session conversion
// (tf2_session.cc) decides where the objects are made and called; this unit plans the
// class and splits a call's arguments.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/python/semantic.h"

namespace tfm {

struct LayerHelperPlan {
  std::string why;         // empty: the helper is of that form
  std::string class_text;  // the class that replaces the def (ends with a newline)
  std::vector<std::string> init_params, call_params;  // parameter names, definition order
  std::vector<std::string> seeded;  // with seeded_as_keras: "Class (seed `S`)" of each draw rewritten
  // the graph names of its `w = tf.compat.v1.get_variable("w", ...)` variables (a
  // tf.Variable of the initializer's value, GetVariableAsVariable; TF1 raised when the
  // helper made them twice), and the TF1 initializers of those a Keras initializer draws
  std::vector<std::string> get_variables, drawn;
};

// `def`: a module-level function_definition; `class_name`: the class's (free) name; `tf`:
// the module's name of tensorflow. `seeded_as_keras`: the seeded draws of the variables'
// initial values become Keras initializers with the seed (KerasSeededDraw), for a helper
// called more than once: each TF1 call made ops starting the seed's numbers, each object's
// eager draws would continue them.
LayerHelperPlan PlanLayerHelper(const SemanticModel& m, std::string_view src, TSNode def,
                                const std::string& class_name, const std::string& tf, bool seeded_as_keras = false);

struct LayerCallSplit {
  std::string why;                  // empty: split
  std::string init_args, call_args;  // argument texts for the constructor and the call
  std::vector<TSNode> init_values;  // the constructor's argument values (made at module level)
};

LayerCallSplit SplitLayerCall(const SemanticModel& m, std::string_view src, TSNode def, const LayerHelperPlan& plan,
                              TSNode call);

// `add_layer` -> `AddLayer`
std::string LayerClassName(std::string_view function_name);

}  // namespace tfm

// `rewrite --level tf2`: module-level `with` blocks of name and variable scopes that make
// variables (the tutorials' "scope" lesson), before the session conversion:
//
//   with tf.name_scope("a_name_scope"):
//       initializer = tf.constant_initializer(value=1)
//       var1 = tf.get_variable(name='var1', shape=[1], dtype=tf.float32, initializer=initializer)
//       var2 = tf.Variable(name='var2', initial_value=[2], dtype=tf.float32)
//       var21 = tf.Variable(name='var2', initial_value=[2.1], dtype=tf.float32)
//   with tf.variable_scope("a_variable_scope") as scope:
//       var3 = tf.get_variable(name='var3', shape=[1], dtype=tf.float32, initializer=initializer)
//       scope.reuse_variables()
//       var3_reuse = tf.get_variable(name='var3')
//
// becomes variables made once, eagerly, each with the graph name TF1 gave it (so that old
// checkpoints still map by name): TF2's tf.name_scope prefixes a variable's name as TF1's
// scopes did but does not make it unique, so a name TF1 made unique is written out
// (`name='var2_1'`); `get_variable` becomes a `tf.Variable` of its initializer's value
// (outside a plain name scope, which TF1's get_variable ignored); a variable scope becomes
// the name scope of the same name; `reuse_variables()` goes and a reused `get_variable` is
// the variable made before it (the same Python object):
//
//   initializer = tf.constant_initializer(value=1)
//   var1 = tf.Variable(initializer(shape=[1], dtype=tf.float32), name='var1')
//   with tf.name_scope("a_name_scope"):
//       var2 = tf.Variable(name='var2', initial_value=[2], dtype=tf.float32)
//       var21 = tf.Variable(name='var2_1', initial_value=[2.1], dtype=tf.float32)
//   with tf.name_scope("a_variable_scope"):
//       var3 = tf.Variable(initializer(shape=[1], dtype=tf.float32), name='var3')
//       # reuse_variables(): a get_variable below is the variable made above
//       var3_reuse = var3
//
// A module-level `w = tf.get_variable("w", shape=[4, 8], initializer=init)` in no scope is
// the same `tf.Variable` of its initializer's value (a drawing initializer as the Keras
// initializer drawing the same distribution: `tf.keras.initializers.GlorotUniform()`).
//
// The rewrite keeps the number of lines (a statement moved out of a block takes a line of
// it), so the lines of findings on the text before still hold. Nothing is rewritten unless
// every variable of the module is made by a statement of that form.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"

namespace tfm {

struct VariableScopeRewrite {
  std::string text;                                   // empty: nothing rewritten
  std::vector<std::pair<uint32_t, uint32_t>> lines;   // 1-based line ranges rewritten
  // (1-based line, TF1 initializer) of each initial value a Keras initializer now draws
  // without an op seed: the converted program draws other numbers there
  std::vector<std::pair<uint32_t, std::string>> unseeded;
};

VariableScopeRewrite RewriteVariableScopes(PythonParser& parser, const std::string& text);

// A `tf.compat.v1.get_variable("w", shape=[4, 8], initializer=INIT(...))` call of the form
// the rewrite takes (a literal name, the shape by keyword or as the second positional, an
// initializer call, an optional dtype, nothing else) as the variable TF1 made:
// `tf.Variable(INIT(shape=[4, 8], dtype=tf.float32), name="w")`, INIT in TF2's spelling (a
// drawing initializer as the Keras one, its TF1 name in *drawn: it draws other numbers).
// Empty for anything else. *name: the literal name.
std::string GetVariableAsVariable(const SemanticModel& m, std::string_view src, TSNode call, const std::string& tf,
                                  std::string* name = nullptr, std::string* drawn = nullptr);

// Whether `var.name` (`obj` the identifier `var`) reads the same name in TF2 as in TF1: `var`
// is bound once, at module level (or in a module-level `with tf.name_scope("s"):` block), to
// `tf.Variable(..., name="n")`, and no other variable or name scope of the module takes
// that graph name (TF1 would have made one unique; TF2 does not).
bool VariableNamedAsInTf1(const SemanticModel& m, std::string_view src, TSNode obj);

}  // namespace tfm

// Which branch of a TensorFlow version check runs under TensorFlow 2.
//
// Published TF1 code often branches on the installed version:
//
//   if int((tf.__version__).split('.')[1]) < 12 and int((tf.__version__).split('.')[0]) < 1:
//       init = tf.initialize_all_variables()      # TF < 0.12: dead under TF2
//   else:
//       init = tf.global_variables_initializer()  # runs under TF2: must be migrated
//
// A version check is evaluated the way Python would evaluate it with the TensorFlow the
// project targets installed (kTargetTfVersion, the version of the API tables), when the
// condition is built only from that version string, literals and a small set of
// operations: str.split / startswith / endswith / strip, indexing and slicing, int(),
// float(), str(), version parsers (packaging's version.parse / Version, distutils'
// LooseVersion / StrictVersion, pkg_resources' parse_version), comparisons, `in`, `and`,
// `or`, `not`. Anything else (another library's __version__, a helper call, a tuple of
// map(int, ...)) is not evaluated, and the caller keeps the whole statement guarded.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include <tree_sitter/api.h>

namespace tfm {

// The TensorFlow release migrated code runs on: the version the API tables were
// generated from (the consistency test compares it with graph::Tf2Version()).
inline constexpr std::string_view kTargetTfVersion = "2.21.0";

// Evaluates `cond` (an expression node) to the truth value Python would compute, or
// nullopt when it cannot be evaluated statically. `is_tf_version(node)` says whether an
// expression is TensorFlow's version string (`tf.__version__`, `tf.version.VERSION`).
std::optional<bool> EvalVersionCondition(TSNode cond, std::string_view source,
                                         const std::function<bool(TSNode)>& is_tf_version,
                                         std::string_view tf_version = kTargetTfVersion);

}  // namespace tfm

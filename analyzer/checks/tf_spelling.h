// Small helpers for rules that look at resolved TensorFlow paths and for fixes that
// must spell a TensorFlow name the user did not write at that spot.
//
//   std::string_view base, method;
//   if (SplitMethod(ref.tf.path, &base, &method) && method == "minimize") ...
//   if (auto p = CompatV1PrefixAt(model, byte)) text = *p + "data.make_one_shot_iterator(ds)";
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/python/semantic.h"

namespace tfm {

// Splits a resolved path "train.AdamOptimizer().minimize" at its last "()." into
// base "train.AdamOptimizer" and method "minimize". False when the path has no
// call before its last component, or the method part itself contains a dot.
bool SplitMethod(std::string_view path, std::string_view* base, std::string_view* method);

// The prefix that reaches `tensorflow.compat.v1` at byte `at`, using a name the file
// has imported and that is not shadowed there: "tf.compat.v1." for
// `import tensorflow as tf`, "tf." for `import tensorflow.compat.v1 as tf`,
// "v1." for `from tensorflow.compat import v1`. Nullopt when no such name is
// visible (a fix then offers nothing rather than adding an import).
std::optional<std::string> CompatV1PrefixAt(const SemanticModel& m, uint32_t at);

// A TF1 session class path below tensorflow: "Session", "InteractiveSession",
// "train.MonitoredTrainingSession", "train.MonitoredSession", "train.SingularMonitoredSession".
bool IsSessionClass(std::string_view path);

// A receiver spelled like a session object when its origin is not visible (a `sess`
// parameter): last component `sess`, `session`, `*_sess` or `*_session`.
bool LooksLikeSession(std::string_view receiver);

// Last component of a dotted path ("train.AdamOptimizer" -> "AdamOptimizer").
std::string_view LastComponent(std::string_view path);

}  // namespace tfm

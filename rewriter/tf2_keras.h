// What the tf2 conversions share to write Keras forms of TF1 calls (tf2_session.cc's
// tf.layers.dense, tf2_scoped_layers.cc's scope helpers): a call's arguments by parameter
// name, and the Keras initializer that draws what a TF1 initializer drew.
//
//   std::string why;
//   auto args = CallArgsByName(src, call, {"inputs", "units", "activation"}, &why, {"name"});
//   std::string k = KerasInitializerFor(m, src, args["kernel_initializer"], "tf", &why);
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "analyzer/python/semantic.h"

namespace tfm {

// `call`'s arguments by name: positional ones take `params` in order, keywords must be one
// of `params` or `keyword_only`. Empty, with `why`, for an unknown keyword, one given twice,
// an unpacked argument or more positional arguments than `params`.
std::map<std::string, TSNode> CallArgsByName(std::string_view src, TSNode call, const std::vector<std::string>& params,
                                             std::string* why, const std::vector<std::string>& keyword_only = {});

// A TF1 initializer call (`tf.compat.v1.random_normal_initializer(stddev=0.02)`) as the Keras
// initializer drawing the same distribution, TF1's defaults written out (Keras's differ):
// `tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.02)`. Empty, with `why`, for
// anything else (a seed included). `tf`: the module's name of tensorflow.
std::string KerasInitializerFor(const SemanticModel& m, std::string_view src, TSNode n, const std::string& tf,
                                std::string* why);

// A seeded TF1 draw (`tf.random.truncated_normal(shape, stddev=s, seed=S)`; normal and
// uniform too) as the Keras initializer with that seed, which draws the same numbers on every
// call, as each TF1 op drew from the start of its seed's stream (an eager TF2 op with that
// seed continues the stream of the last draw):
// `tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=s, seed=S)([2, 3], dtype=tf.float32)`.
// Empty for anything else (no seed or `seed=None`, an integer uniform, other arguments).
// *keras_class and *seed: the Keras class and the seed's text (TF1's draws of one class and
// seed start alike); *seed_node: the seed's argument.
std::string KerasSeededDraw(const SemanticModel& m, std::string_view src, TSNode call, const std::string& tf,
                            std::string* keras_class = nullptr, std::string* seed = nullptr,
                            TSNode* seed_node = nullptr);

// The keyword arguments a Keras layer takes for what a tf.layers call's arguments by name
// said (activation, use_bias, kernel_initializer, bias_initializer), appended to `ctor`.
// False, with `why`, when an initializer has no Keras form.
bool AppendKerasLayerArgs(const SemanticModel& m, std::string_view src, const std::map<std::string, TSNode>& args,
                          const std::string& tf, std::vector<std::string>* ctor, std::string* why);

// The arguments of the Keras Dense layer that makes what a tf.layers.dense call made, from
// that call's arguments by name (units, then AppendKerasLayerArgs's; `name` is the caller's):
// `{"8", "activation=tf.nn.relu", ...}`. Empty, with `why`, when an initializer has no Keras
// form.
std::vector<std::string> KerasDenseArgs(const SemanticModel& m, std::string_view src,
                                        const std::map<std::string, TSNode>& args, const std::string& tf,
                                        std::string* why);

// The parameters of tf.compat.v1.layers.batch_normalization, in order.
const std::vector<std::string>& Tf1BatchNormParams();

// The constructor arguments of the Keras BatchNormalization that normalizes as a
// tf.layers.batch_normalization call over a 2-D input did, from that call's arguments by name
// (momentum, epsilon, center, scale and the four initializers; TF1's defaults are Keras's,
// so only what the call states; `name` and `training` are the caller's). Empty, with `why`,
// for an axis other than -1, regularizers, constraints, renorm, a virtual batch size, an
// adjustment, reuse, a layer not trainable or an initializer with no Keras form: then
// nullopt, with `why` (an empty list is a call that states nothing).
std::optional<std::vector<std::string>> KerasBatchNormArgs(const SemanticModel& m, std::string_view src,
                                                           const std::map<std::string, TSNode>& args,
                                                           const std::string& tf, std::string* why);

// Why a batch normalization that trains is refused when no minimize() ran the UPDATE_OPS
// collection's updates; why one over a 4-D input (`input`, its text) is refused.
extern const char* const kBatchNormWithoutUpdatesWhy;
std::string BatchNormFusedWhy(std::string_view input);

// The call of a Keras BatchNormalization `layer` on `input` as the functions write it:
// `training` "True" or "False" (`layer(input, training=True)`), else the text of a bool
// tensor choosing between the two (`tf.cond(t, lambda: layer(input, training=True), lambda:
// layer(input, training=False))`). `tf`: the module's name of tensorflow.
std::string KerasBatchNormCall(const std::string& tf, const std::string& layer, const std::string& input,
                               const std::string& training);

// An integer the text states: a literal, or a product of literals (`7 * 7 * 64`).
std::optional<int64_t> LiteralInt(std::string_view src, TSNode n);

// A shape literal (`[None, 28, 28, 1]`; `(-1, 784)` when `reshape`): its dims ("None" for
// None or -1), or {} when it is not one.
std::vector<std::string> ShapeLiteral(std::string_view src, TSNode n, bool reshape);

// Two positive ints of a layer's argument (`5`, `(5, 5)`, `[2, 2]`); false when it is not one.
bool IntPair(std::string_view src, TSNode n, int64_t out[2]);

// "same" or "valid" from a padding literal (either case), "" otherwise.
std::string PaddingLiteral(std::string_view src, TSNode n);

// The static shape tf.layers' dense, conv2d, max_pooling2d, average_pooling2d, flatten or
// batch_normalization (`q`, the
// call's resolved name) makes of an input of static shape `in` (dims as ShapeLiteral's);
// {} when the text does not show it.
std::vector<std::string> Tf1LayerOutputShape(const SemanticModel& m, std::string_view src, TSNode call,
                                             const std::string& q, const std::vector<std::string>& in);

// tf.layers' max_pooling2d, average_pooling2d or flatten (`q`) as the TF2 op it computes:
// `tf.nn.max_pool2d(x, ksize=2, strides=2, padding="VALID")`, `tf.reshape(x, [tf.shape(x)[0],
// -1])`, the input written as `input_text(inputs)` returns it (*input: that argument). Empty,
// with `why`, for arguments it does not map or an input `input_text` returns "" for.
std::string StatelessLayerText(std::string_view src, TSNode call, const std::string& q, const std::string& tf,
                               const std::function<std::string(TSNode)>& input_text, TSNode* input,
                               std::string* why);

// The constructor arguments of the Keras Conv2D that makes what a tf.layers.conv2d call made,
// from that call's arguments by name (filters, kernel_size, strides, padding, then
// AppendKerasLayerArgs's; `name` is the caller's). Empty, with `why`, for a data_format other
// than channels_last, a dilation other than 1, a padding that is not a literal or an
// initializer with no Keras form.
std::vector<std::string> KerasConv2DArgs(const SemanticModel& m, std::string_view src,
                                         const std::map<std::string, TSNode>& args, const std::string& tf,
                                         std::string* why);

// Why no Keras optimizer stands for TF1's RMSPropOptimizer.
extern const char* const kRMSPropNoKerasWhy;

// A TF1 optimizer class's constructor parameters in order (`GradientDescentOptimizer`:
// learning_rate, use_locking, name); empty, with `why`, for a class whose update no Keras
// optimizer of TF 2.21 makes (RMSProp starts its mean square at 1, Keras's at 0).
std::vector<std::string_view> Tf1OptimizerParams(std::string_view cls, std::string* why);

// The Keras optimizer making the update TF1's `cls` made with the constructor arguments
// `args` (texts by parameter name; the migration guide's optimizer table, TF 2.21's tf.keras
// being Keras 3): `tf.keras.optimizers.Adam(learning_rate=0.1, ..., epsilon=1e-08)`. Empty,
// with `why`, when a needed argument is missing.
std::string KerasOptimizerText(std::string_view cls, const std::map<std::string, std::string>& args,
                               const std::string& tf, std::string* why);

}  // namespace tfm

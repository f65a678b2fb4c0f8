// Keras forms of TF1 calls: see tf2_keras.h.
#include "rewriter/tf2_keras.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <utility>
#include <vector>

#include "analyzer/python/ts_util.h"
#include "rewriter/tf2_text.h"

namespace tfm {

using std::string;

std::map<string, TSNode> CallArgsByName(std::string_view src, TSNode call, const std::vector<string>& params,
                                        string* why, const std::vector<string>& keyword_only) {
  std::map<string, TSNode> args;
  size_t i = 0;
  why->clear();
  for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
    if (ts::Is(a, "comment")) continue;
    if (ts::Is(a, "keyword_argument")) {
      const string k(ts::Text(ts::Field(a, "name"), src));
      if (std::find(params.begin(), params.end(), k) == params.end() &&
          std::find(keyword_only.begin(), keyword_only.end(), k) == keyword_only.end())
        *why = fmt::format("`{}=` has no conversion here", k);
      else if (args.count(k))
        *why = fmt::format("`{}` is given twice", k);
      else
        args[k] = ts::Field(a, "value");
    } else if (ts::Is(a, "list_splat") || ts::Is(a, "dictionary_splat")) {
      *why = "an argument is unpacked (`*args`, `**kwargs`)";
    } else if (i >= params.size()) {
      *why = "more positional arguments than the conversion maps";
    } else {
      args[params[i++]] = a;
    }
    if (!why->empty()) return {};
  }
  return args;
}

string KerasInitializerFor(const SemanticModel& m, std::string_view src, TSNode n, const string& tf, string* why) {
  auto text = [&](TSNode x) { return string(ts::Text(x, src)); };
  if (!ts::Is(n, "call")) {
    *why = fmt::format("the initializer `{}` is not a call of a TF1 initializer", text(n));
    return "";
  }
  const string q = ResolvedName(m, ts::Field(n, "function"));
  struct Known {
    const char* tf1;
    const char* keras;
    std::vector<std::pair<const char*, const char*>> params;  // TF1's order, with TF1's defaults
  };
  static const std::vector<Known> kKnown = {
      {"zeros_initializer", "Zeros", {}},
      {"ones_initializer", "Ones", {}},
      {"constant_initializer", "Constant", {{"value", "0"}}},
      {"random_normal_initializer", "RandomNormal", {{"mean", "0.0"}, {"stddev", "1.0"}}},
      {"truncated_normal_initializer", "TruncatedNormal", {{"mean", "0.0"}, {"stddev", "1.0"}}},
      {"random_uniform_initializer", "RandomUniform", {{"minval", "0.0"}, {"maxval", "1.0"}}},
      {"glorot_uniform_initializer", "GlorotUniform", {}},
      {"glorot_normal_initializer", "GlorotNormal", {}},
  };
  for (const Known& k : kKnown) {
    if (q != string("tensorflow.compat.v1.") + k.tf1 && q != string("tensorflow.") + k.tf1) continue;
    std::vector<string> names;
    for (const auto& [pn, def] : k.params) names.push_back(pn);
    string bad;
    std::map<string, string> given;
    for (const auto& [pn, v] : CallArgsByName(src, n, names, &bad, {"dtype"}))  // (the layer's dtype decides)
      if (pn != "dtype") given[pn] = text(v);
    if (!bad.empty()) {
      *why = fmt::format("`{}`: {}", text(n), bad);
      return "";
    }
    std::vector<string> args;
    for (const auto& [pn, def] : k.params) {
      auto it = given.find(pn);
      string v = it != given.end() ? it->second : string(def);
      if (string(k.tf1) == "random_uniform_initializer" && pn == string("maxval") && v == "None") v = "1.0";
      args.push_back(fmt::format("{}={}", pn, v));
    }
    return fmt::format("{}.keras.initializers.{}({})", tf, k.keras, fmt::join(args, ", "));
  }
  *why = fmt::format("`{}` is not an initializer the conversion maps to Keras", text(n));
  return "";
}

bool AppendKerasLayerArgs(const SemanticModel& m, std::string_view src, const std::map<string, TSNode>& args,
                          const string& tf, std::vector<string>* ctor, string* why) {
  auto text = [&](const char* k) { return string(ts::Text(args.at(k), src)); };
  if (args.count("activation") && text("activation") != "None")
    ctor->push_back(fmt::format("activation={}", text("activation")));
  if (args.count("use_bias")) ctor->push_back(fmt::format("use_bias={}", text("use_bias")));
  for (const char* init : {"kernel_initializer", "bias_initializer"}) {
    if (!args.count(init) || text(init) == "None") continue;
    string k = KerasInitializerFor(m, src, args.at(init), tf, why);
    if (k.empty()) return false;
    ctor->push_back(fmt::format("{}={}", init, k));
  }
  return true;
}

std::vector<string> KerasDenseArgs(const SemanticModel& m, std::string_view src, const std::map<string, TSNode>& args,
                                   const string& tf, string* why) {
  std::vector<string> ctor = {string(ts::Text(args.at("units"), src))};
  if (!AppendKerasLayerArgs(m, src, args, tf, &ctor, why)) return {};
  return ctor;
}

const std::vector<string>& Tf1BatchNormParams() {
  static const std::vector<string> kParams = {
      "inputs",           "axis",           "momentum",        "epsilon",
      "center",           "scale",          "beta_initializer", "gamma_initializer",
      "moving_mean_initializer", "moving_variance_initializer", "beta_regularizer", "gamma_regularizer",
      "beta_constraint",  "gamma_constraint", "training",      "trainable",
      "name",             "reuse",          "renorm",          "renorm_clipping",
      "renorm_momentum",  "fused",          "virtual_batch_size", "adjustment"};
  return kParams;
}

std::optional<std::vector<string>> KerasBatchNormArgs(const SemanticModel& m, std::string_view src,
                                                      const std::map<string, TSNode>& args, const string& tf,
                                                      string* why) {
  auto text = [&](const char* k) { return string(ts::Text(args.at(k), src)); };
  auto stated = [&](const char* k, const char* tf1_default) { return args.count(k) && text(k) != tf1_default; };
  if (stated("axis", "-1")) {
    *why = fmt::format("`axis={}`: only the last axis (-1) is written as Keras's", text("axis"));
    return std::nullopt;
  }
  for (const char* k : {"beta_regularizer", "gamma_regularizer", "beta_constraint", "gamma_constraint", "reuse",
                        "renorm_clipping", "virtual_batch_size", "adjustment"})
    if (stated(k, "None")) {
      *why = fmt::format("`{}=` has no conversion", k);
      return std::nullopt;
    }
  if (stated("renorm", "False")) {
    *why = "batch renormalization (`renorm=`) has no conversion";
    return std::nullopt;
  }
  if (stated("trainable", "True")) {
    *why = "a batch normalization that is not trainable has no conversion";
    return std::nullopt;
  }
  if (stated("fused", "None") && text("fused") != "False") {
    *why = "`fused=` other than None or False: TF1's fused kernel moves the moving variance toward the unbiased "
           "batch variance, Keras's layer toward the biased one";
    return std::nullopt;
  }
  std::vector<string> ctor;
  for (const char* k : {"momentum", "epsilon", "center", "scale"})
    if (args.count(k)) ctor.push_back(fmt::format("{}={}", k, text(k)));
  for (const char* init : {"beta_initializer", "gamma_initializer", "moving_mean_initializer",
                           "moving_variance_initializer"}) {
    if (!args.count(init) || text(init) == "None") continue;
    string k = KerasInitializerFor(m, src, args.at(init), tf, why);
    if (k.empty()) return std::nullopt;
    ctor.push_back(fmt::format("{}={}", init, k));
  }
  return ctor;
}

const char* const kBatchNormWithoutUpdatesWhy =
    "TF1 updated its moving statistics only in runs of ops that depend on the UPDATE_OPS collection, and no "
    "minimize() here is made under `tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS))`: Keras's "
    "layer updates them on each call that trains";

string BatchNormFusedWhy(std::string_view input) {
  return fmt::format("its input `{}` is 4-D: there TF1's layer is fused, and the fused kernel moves the moving "
                     "variance toward the unbiased batch variance (n / (n - 1) times the biased one); Keras's "
                     "BatchNormalization moves it toward the biased one",
                     input);
}

string KerasBatchNormCall(const string& tf, const string& layer, const string& input, const string& training) {
  if (training == "True" || training == "False") return fmt::format("{}({}, training={})", layer, input, training);
  return fmt::format("{0}.cond({1}, lambda: {2}({3}, training=True), lambda: {2}({3}, training=False))", tf, training,
                     layer, input);
}

std::optional<int64_t> LiteralInt(std::string_view src, TSNode n) {
  while (ts::Is(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1) n = ts_node_named_child(n, 0);
  if (ts::Is(n, "integer")) {
    const string t(ts::Text(n, src));
    if (t.size() > 12 || t.find_first_not_of("0123456789") != string::npos) return std::nullopt;
    return std::stoll(t);
  }
  if (ts::Is(n, "unary_operator") && ts::Text(ts::Field(n, "operator"), src) == "-") {
    auto v = LiteralInt(src, ts::Field(n, "argument"));
    return v ? std::optional<int64_t>(-*v) : std::nullopt;
  }
  if (ts::Is(n, "binary_operator") && ts::Text(ts::Field(n, "operator"), src) == "*") {
    auto a = LiteralInt(src, ts::Field(n, "left")), b = LiteralInt(src, ts::Field(n, "right"));
    if (a && b && std::abs(*a) < (int64_t{1} << 30) && std::abs(*b) < (int64_t{1} << 30)) return *a * *b;
  }
  return std::nullopt;
}

std::vector<string> ShapeLiteral(std::string_view src, TSNode n, bool reshape) {
  if (!ts::Is(n, "list") && !ts::Is(n, "tuple")) return {};
  std::vector<string> dims;
  int unknown = 0;
  for (TSNode d : ts::NamedChildren(n)) {
    if (ts::Is(d, "comment")) continue;
    if (ts::Is(d, "none") && !reshape) {
      dims.push_back("None");
      continue;
    }
    auto v = LiteralInt(src, d);
    if (!v || *v < -1 || (*v == -1 && (!reshape || ++unknown > 1))) return {};
    dims.push_back(*v == -1 ? "None" : std::to_string(*v));
  }
  return dims;
}

bool IntPair(std::string_view src, TSNode n, int64_t out[2]) {
  if (auto v = LiteralInt(src, n)) {
    out[0] = out[1] = *v;
    return *v > 0;
  }
  if (!ts::Is(n, "list") && !ts::Is(n, "tuple")) return false;
  std::vector<TSNode> items;
  for (TSNode c : ts::NamedChildren(n))
    if (!ts::Is(c, "comment")) items.push_back(c);
  if (items.size() != 2) return false;
  for (int i = 0; i < 2; ++i) {
    auto v = LiteralInt(src, items[i]);
    if (!v || *v <= 0) return false;
    out[i] = *v;
  }
  return true;
}

string PaddingLiteral(std::string_view src, TSNode n) {
  auto lit = PlainStringLiteral(n, src);
  if (!lit) return "";
  string p = *lit;
  for (char& c : p) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return p == "same" || p == "valid" ? p : "";
}

namespace {
// The spatial size after a window of `k` at stride `st` (TF's formulas), "None" if unknown.
string Spatial(const string& in, int64_t k, int64_t st, const string& padding) {
  if (in == "None") return in;
  const int64_t n = std::stoll(in);
  const int64_t span = padding == "same" ? n : n - k + 1;
  if (span < 1) return "None";
  return std::to_string((span + st - 1) / st);
}
// A layer's data_format, if given, is the literal channels_last (TF2's ops here are NHWC).
bool ChannelsLast(std::string_view src, const std::map<string, TSNode>& args, string* why) {
  if (!args.count("data_format")) return true;
  auto df = PlainStringLiteral(args.at("data_format"), src);
  if (df && *df == "channels_last") return true;
  *why = "a data_format other than channels_last";
  return false;
}
}  // namespace

std::vector<string> Tf1LayerOutputShape(const SemanticModel& m, std::string_view src, TSNode call, const string& q,
                                        const std::vector<string>& x) {
  const bool conv = q == "tensorflow.compat.v1.layers.conv2d";
  const bool pool = q == "tensorflow.compat.v1.layers.max_pooling2d" || q == "tensorflow.compat.v1.layers.average_pooling2d";
  if (q == "tensorflow.compat.v1.layers.batch_normalization") return x;  // (the input's shape)
  if (q == "tensorflow.compat.v1.layers.flatten") {
    if (x.size() < 2) return {};
    int64_t n = 1;
    for (size_t i = 1; i < x.size(); ++i) {
      if (x[i] == "None") return {x[0], "None"};
      n *= std::stoll(x[i]);
    }
    return {x[0], std::to_string(n)};
  }
  if (q == "tensorflow.compat.v1.layers.dense") {
    auto units = LiteralInt(src, ArgAt(m, call, 1, "units"));
    if (x.empty() || !units || *units <= 0) return {};
    std::vector<string> out = x;
    out.back() = std::to_string(*units);
    return out;
  }
  if (!(conv || pool) || x.size() != 4) return {};
  auto arg = [&](size_t i, const char* key) { return ArgAt(m, call, i, key); };
  int64_t k[2], st[2] = {1, 1};
  TSNode ks = arg(conv ? 2 : 1, conv ? "kernel_size" : "pool_size"), sts = arg(conv ? 3 : 2, "strides");
  const TSNode pad = arg(conv ? 4 : 3, "padding");
  const string padding = pad.id ? PaddingLiteral(src, pad) : "valid";
  if (!ks.id || !IntPair(src, ks, k) || (sts.id && !IntPair(src, sts, st)) || (!conv && !sts.id) || padding.empty())
    return {};
  if (conv && (m.KeywordArg(call, "dilation_rate").id || m.PositionalArgs(call).size() > 6)) return {};
  string channels = x[3];
  if (conv) {
    auto f = LiteralInt(src, arg(1, "filters"));
    if (!f || *f <= 0) return {};
    channels = std::to_string(*f);
  }
  return {x[0], Spatial(x[1], k[0], st[0], padding), Spatial(x[2], k[1], st[1], padding), channels};
}

string StatelessLayerText(std::string_view src, TSNode call, const string& q, const string& tf,
                          const std::function<string(TSNode)>& input_text, TSNode* input, string* why) {
  const bool flatten = q == "tensorflow.compat.v1.layers.flatten";
  const std::vector<string> params = flatten ? std::vector<string>{"inputs", "data_format"}
                                             : std::vector<string>{"inputs", "pool_size", "strides", "padding",
                                                                   "data_format"};
  std::map<string, TSNode> args = CallArgsByName(src, call, params, why, {"name"});
  if (!why->empty()) return "";
  if (!args.count("inputs")) {
    *why = "no inputs";
    return "";
  }
  *input = args["inputs"];
  const string in = input_text(args["inputs"]);
  if (in.empty()) {
    *why = "its input is not a name of the graph";
    return "";
  }
  if (!ChannelsLast(src, args, why)) return "";
  if (flatten) return fmt::format("{0}.reshape({1}, [{0}.shape({1})[0], -1])", tf, in);
  int64_t k[2], st[2];
  if (!args.count("pool_size") || !IntPair(src, args["pool_size"], k)) {
    *why = "pool_size is not one or two literal ints";
    return "";
  }
  if (!args.count("strides") || !IntPair(src, args["strides"], st)) {
    *why = "strides is not one or two literal ints";
    return "";
  }
  const string padding = args.count("padding") ? PaddingLiteral(src, args["padding"]) : "valid";
  if (padding.empty()) {
    *why = "padding is not the literal 'same' or 'valid'";
    return "";
  }
  auto pair = [](const int64_t v[2]) { return v[0] == v[1] ? std::to_string(v[0]) : fmt::format("[{}, {}]", v[0], v[1]); };
  return fmt::format("{}.nn.{}({}, ksize={}, strides={}, padding=\"{}\")", tf,
                     q == "tensorflow.compat.v1.layers.max_pooling2d" ? "max_pool2d" : "avg_pool2d", in, pair(k),
                     pair(st), padding == "same" ? "SAME" : "VALID");
}

std::vector<string> KerasConv2DArgs(const SemanticModel& m, std::string_view src, const std::map<string, TSNode>& args,
                                    const string& tf, string* why) {
  if (!ChannelsLast(src, args, why)) return {};
  if (args.count("dilation_rate")) {
    int64_t d[2];
    if (!IntPair(src, args.at("dilation_rate"), d) || d[0] != 1 || d[1] != 1) {
      *why = "a dilation_rate other than 1";
      return {};
    }
  }
  string padding = "valid";
  if (args.count("padding")) {
    padding = PaddingLiteral(src, args.at("padding"));
    if (padding.empty()) {
      *why = "padding is not the literal 'same' or 'valid'";
      return {};
    }
  }
  std::vector<string> ctor = {string(ts::Text(args.at("filters"), src)), string(ts::Text(args.at("kernel_size"), src))};
  if (args.count("strides")) ctor.push_back(fmt::format("strides={}", ts::Text(args.at("strides"), src)));
  if (padding != "valid") ctor.push_back("padding=\"same\"");
  if (!AppendKerasLayerArgs(m, src, args, tf, &ctor, why)) return {};
  return ctor;
}

const char* const kRMSPropNoKerasWhy =
    "TF1's RMSProp starts its mean square at 1, Keras RMSprop at 0: no Keras optimizer makes the same update";

std::vector<std::string_view> Tf1OptimizerParams(std::string_view cls, string* why) {
  if (cls == "GradientDescentOptimizer") return {"learning_rate", "use_locking", "name"};
  if (cls == "MomentumOptimizer") return {"learning_rate", "momentum", "use_locking", "name", "use_nesterov"};
  if (cls == "AdamOptimizer") return {"learning_rate", "beta1", "beta2", "epsilon", "use_locking", "name"};
  if (cls == "AdagradOptimizer") return {"learning_rate", "initial_accumulator_value", "use_locking", "name"};
  if (cls == "RMSPropOptimizer")
    *why = kRMSPropNoKerasWhy;
  else
    *why = fmt::format("no Keras optimizer of TF 2.21 is known to make TF1's {} update", cls);
  return {};
}

string KerasOptimizerText(std::string_view cls, const std::map<string, string>& args, const string& tf, string* why) {
  auto get = [&](const string& k, const string& dflt) { return args.count(k) ? args.at(k) : dflt; };
  string ko = tf + ".keras.optimizers.";
  if (cls == "GradientDescentOptimizer") {
    if (!args.count("learning_rate")) {
      *why = "no learning rate";
      return "";
    }
    return fmt::format("{}SGD(learning_rate={})", ko, args.at("learning_rate"));
  }
  if (cls == "MomentumOptimizer") {
    // TF1: a = m a + g, w -= lr a; Keras: v = m v - lr g, w += v (v = -lr a while lr is
    // constant); Nesterov: w -= lr (g + m a) in both
    if (!args.count("learning_rate") || !args.count("momentum")) {
      *why = "no learning rate or momentum";
      return "";
    }
    string nesterov = get("use_nesterov", "False");
    return fmt::format("{}SGD(learning_rate={}, momentum={}{})", ko, args.at("learning_rate"), args.at("momentum"),
                       nesterov == "False" ? "" : ", nesterov=" + nesterov);
  }
  if (cls == "AdamOptimizer") {
    // the same update; TF1's epsilon is 1e-08, Keras' 1e-07. TF1 computes 1 - beta in
    // float32, Keras in double from the Python float: the betas are given as the float32
    // values TF1 used, so that both take the same 1 - beta (0.999 otherwise moves the
    // second moment by 1e-5 relative, which grows over the steps)
    auto f32 = [](const string& t) -> string {
      char* end = nullptr;
      float f = std::strtof(t.c_str(), &end);
      if (t.empty() || *end != '\0') return t;  // not a literal: as written
      return fmt::format("{}", static_cast<double>(f));
    };
    string b = fmt::format(", beta_1={}, beta_2={}", f32(get("beta1", "0.9")), f32(get("beta2", "0.999")));
    return fmt::format("{}Adam(learning_rate={}{}, epsilon={})", ko, get("learning_rate", "0.001"), b,
                       get("epsilon", "1e-08"));
  }
  // Adagrad: TF1 divides by sqrt(accumulator), Keras by sqrt(accumulator + epsilon)
  if (!args.count("learning_rate")) {
    *why = "no learning rate";
    return "";
  }
  return fmt::format("{}Adagrad(learning_rate={}, initial_accumulator_value={}, epsilon=0.0)", ko,
                     args.at("learning_rate"), get("initial_accumulator_value", "0.1"));
}

string KerasSeededDraw(const SemanticModel& m, std::string_view src, TSNode call, const string& tf,
                       string* keras_class, string* seed, TSNode* seed_node) {
  struct Draw {
    const char* keras;
    std::vector<std::pair<const char*, const char*>> params;  // after shape, with TF's defaults
  };
  static const std::map<string, Draw> kDraws = {
      {"random.truncated_normal", {"TruncatedNormal", {{"mean", "0.0"}, {"stddev", "1.0"}}}},
      {"truncated_normal", {"TruncatedNormal", {{"mean", "0.0"}, {"stddev", "1.0"}}}},
      {"random.normal", {"RandomNormal", {{"mean", "0.0"}, {"stddev", "1.0"}}}},
      {"random_normal", {"RandomNormal", {{"mean", "0.0"}, {"stddev", "1.0"}}}},
      {"random.uniform", {"RandomUniform", {{"minval", "0.0"}, {"maxval", "1.0"}}}},
      {"random_uniform", {"RandomUniform", {{"minval", "0.0"}, {"maxval", "1.0"}}}}};
  if (!ts::Is(call, "call")) return {};
  const string q = ResolvedName(m, ts::Field(call, "function"));
  string rest;
  if (q.rfind("tensorflow.compat.v1.", 0) == 0) rest = q.substr(21);
  else if (q.rfind("tensorflow.", 0) == 0) rest = q.substr(11);
  auto d = kDraws.find(rest);
  if (d == kDraws.end()) return {};
  std::vector<string> names = {"shape"};
  for (const auto& [pn, def] : d->second.params) names.push_back(pn);
  names.insert(names.end(), {"dtype", "seed", "name"});
  string why;
  std::map<string, TSNode> args = CallArgsByName(src, call, names, &why);
  auto text = [&](TSNode n) { return string(ts::Text(n, src)); };
  if (!why.empty() || !args.count("shape") || !args.count("seed") || text(args["seed"]) == "None") return {};
  const string dtype = args.count("dtype") ? text(args["dtype"]) : tf + ".float32";
  if (string(d->second.keras) == "RandomUniform" && dtype.find("int") != string::npos) return {};
  std::vector<string> kargs;
  for (const auto& [pn, def] : d->second.params) {
    auto it = args.find(pn);
    string v = it != args.end() ? text(it->second) : string(def);
    if (string(pn) == "maxval" && v == "None") v = "1.0";
    kargs.push_back(fmt::format("{}={}", pn, v));
  }
  kargs.push_back(fmt::format("seed={}", text(args["seed"])));
  if (keras_class) *keras_class = d->second.keras;
  if (seed) *seed = text(args["seed"]);
  if (seed_node) *seed_node = args["seed"];
  return fmt::format("{}.keras.initializers.{}({})({}, dtype={})", tf, d->second.keras, fmt::join(kargs, ", "),
                     text(args["shape"]), dtype);
}

}  // namespace tfm

// Keras forms of TF1 calls: see tf2_keras.h.
#include "rewriter/tf2_keras.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

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

std::vector<string> KerasDenseArgs(const SemanticModel& m, std::string_view src, const std::map<string, TSNode>& args,
                                   const string& tf, string* why) {
  auto text = [&](const char* k) { return string(ts::Text(args.at(k), src)); };
  std::vector<string> ctor = {text("units")};
  if (args.count("activation") && text("activation") != "None")
    ctor.push_back(fmt::format("activation={}", text("activation")));
  if (args.count("use_bias")) ctor.push_back(fmt::format("use_bias={}", text("use_bias")));
  for (const char* init : {"kernel_initializer", "bias_initializer"}) {
    if (!args.count(init) || text(init) == "None") continue;
    string k = KerasInitializerFor(m, src, args.at(init), tf, why);
    if (k.empty()) return {};
    ctor.push_back(fmt::format("{}={}", init, k));
  }
  return ctor;
}

}  // namespace tfm

#include "analyzer/checks/tfm301_global_collection.h"

#include <fmt/format.h>

#include <vector>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// What replaces a collection key in object-based TF2 code.
std::string_view KeyReplacement(std::string_view key) {
  if (key == "TRAINABLE_VARIABLES" || key == "trainable_variables")
    return "the owning object's `trainable_variables` (`model.trainable_variables`, `module.trainable_variables`)";
  if (key == "GLOBAL_VARIABLES" || key == "variables" || key == "MODEL_VARIABLES" || key == "model_variables")
    return "the owning object's `variables` (`model.variables`, `module.variables`)";
  if (key == "LOCAL_VARIABLES" || key == "local_variables" || key == "METRIC_VARIABLES")
    return "the variables of the metric objects themselves (`metric.variables`, `metric.reset_state()`)";
  if (key == "UPDATE_OPS" || key == "update_ops")
    return "no collection at all: Keras `BatchNormalization` updates its moving statistics itself when called with "
           "`training=True`";
  if (key == "REGULARIZATION_LOSSES" || key == "regularization_losses")
    return "`model.losses` (sum it with `tf.add_n(model.losses)`)";
  if (key == "LOSSES" || key == "losses") return "the loss value returned by your loss function, plus `model.losses`";
  if (key == "SUMMARIES" || key == "summaries")
    return "`tf.summary.*` calls under a `tf.summary.create_file_writer(...).as_default()`";
  if (key == "GLOBAL_STEP" || key == "global_step") return "`optimizer.iterations` or your own step variable";
  if (key == "QUEUE_RUNNERS" || key == "queue_runners") return "a `tf.data` pipeline";
  if (key == "SAVEABLE_OBJECTS" || key == "SAVERS" || key == "savers") return "`tf.train.Checkpoint(model=...)`";
  return "an attribute or list on the object that owns the values (a `tf.Module` or Keras layer tracks them)";
}

// Replacement for a collection function (path below tensorflow).
std::optional<std::string_view> FunctionReplacement(std::string_view p) {
  if (p == "trainable_variables") return KeyReplacement("TRAINABLE_VARIABLES");
  if (p == "global_variables" || p == "all_variables" || p == "model_variables")
    return KeyReplacement("GLOBAL_VARIABLES");
  if (p == "local_variables") return KeyReplacement("LOCAL_VARIABLES");
  if (p == "losses.get_regularization_loss" || p == "losses.get_regularization_losses")
    return KeyReplacement("REGULARIZATION_LOSSES");
  if (p == "losses.get_losses")
    return std::string_view("the loss value returned by your loss function, plus `model.losses`");
  if (p == "losses.get_total_loss")
    return std::string_view("an explicit total: your loss value plus `tf.add_n(model.losses)`");
  return std::nullopt;
}

// How the call behaves under TF2 eager execution (checked with TensorFlow 2.21).
std::string_view EagerBehavior(std::string_view p) {
  if (p == "losses.get_total_loss")
    return "under TF2 eager execution it raises ValueError (nothing was added to the losses collection)";
  if (p == "losses.get_regularization_loss") return "under TF2 eager execution it silently returns 0.0";
  if (p == "add_to_collection" || p == "add_to_collections")
    return "under TF2 eager execution the values land in a hidden global graph that Keras, `tf.function` "
           "callers and checkpoints never read";
  return "under TF2 eager execution it silently returns []";
}

bool IsCollectionFunction(std::string_view p) {
  return p == "get_collection" || p == "get_collection_ref" || p == "add_to_collection" ||
         p == "add_to_collections" || FunctionReplacement(p).has_value();
}

}  // namespace

const RuleInfo& GlobalCollection::info() const {
  static const RuleInfo kInfo{
      .id = "TFM301",
      .name = "global-collection",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 graph collections; TF2 tracks variables and losses in objects",
      .trigger = "`get_collection`, `get_collection_ref`, `add_to_collection(s)`, `GraphKeys.*`, "
                 "`trainable_variables()`, `global_variables()`, `local_variables()`, "
                 "`losses.get_regularization_loss(es)`, `get_total_loss`, `UPDATE_OPS`: TF2 has no collections — "
                 "some raise, others silently return `[]`",
      .fix_note = "none (the message names the object-based replacement)",
      .impact = Impact::kBehavior,
  };
  return kInfo;
}

const Rule& rules::Tfm301() {
  static const GlobalCollection kRule;
  return kRule;
}

void GlobalCollection::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  std::vector<TSNode> reported_calls;
  // Collection functions.
  for (const TfRef& r : m.refs()) {
    if (ts_node_is_null(r.call) || r.tf.ns == TfNs::kV2 || !IsCollectionFunction(r.tf.path)) continue;
    const std::string& p = r.tf.path;
    reported_calls.push_back(r.call);
    std::string_view replacement;
    std::string key_text;
    if (auto f = FunctionReplacement(p)) {
      replacement = *f;
    } else {
      // The key: `tf.GraphKeys.UPDATE_OPS`, a string literal, or unknown.
      TSNode key = m.Arg(r.call, 0, p == "add_to_collections" ? "names" : (p == "add_to_collection" ? "name" : "key"));
      std::string k;
      if (!ts_node_is_null(key)) {
        if (const TfName* q = m.ResolveTfName(key); q && StartsWith(q->path, "GraphKeys.")) {
          k = std::string(LastComponent(q->path));
        } else if (ts::Is(key, "string")) {
          std::string_view lit = ctx.Text(key);
          if (lit.size() >= 2) k = std::string(lit.substr(1, lit.size() - 2));
        }
        key_text = std::string(ctx.Text(key));
      }
      replacement = KeyReplacement(k);
    }
    std::string what = key_text.empty() || key_text.size() > 50 ? fmt::format("`{}`", DisplayName(r))
                                                                 : fmt::format("`{}({})`", DisplayName(r), key_text);
    bool read = p != "add_to_collection" && p != "add_to_collections";
    ctx.Report(r.node, fmt::format("{} {} a TF1 graph collection; TF2 has no collections and {}: use {}", what,
                                   read ? "reads" : "writes", EagerBehavior(p), replacement));
  }
  // Library layers told to add their outputs or variables to a collection
  // (`arg_scope([...], outputs_collections=end_points)`, tf-slim and tf.contrib.layers).
  for (TSNode call : m.calls()) {
    for (std::string_view kw : {"outputs_collections", "variables_collections", "updates_collections"}) {
      TSNode v = m.KeywordArg(call, kw);
      if (ts_node_is_null(v) || ts::Is(v, "none")) continue;
      if (ts::Is(v, "list") && ts::NamedChildren(v).empty()) continue;
      ctx.Report(call, fmt::format("`{}={}` has the layers add their {} to the TF1 graph collection `{}`; TF2 "
                                   "has no collections and eager tensors carry no collection aliases: keep the "
                                   "values in Python (a dict of end points, `model.variables`)",
                                   kw, ctx.Text(v), kw.substr(0, kw.find('_')), ctx.Text(v)));
      break;
    }
  }
  // tf-slim / tf.contrib.layers regularizers (`weights_regularizer=l2_regularizer(wd)`, also
  // through `arg_scope`): each layer puts its penalty in the REGULARIZATION_LOSSES collection,
  // which the training loss sums (Keras layers spell it `kernel_regularizer` and keep it in
  // `layer.losses`).
  for (TSNode call : m.calls()) {
    for (std::string_view kw : {"weights_regularizer", "biases_regularizer"}) {
      TSNode v = m.KeywordArg(call, kw);
      if (ts_node_is_null(v) || ts::Is(v, "none")) continue;
      ctx.Report(ts::Parent(v), fmt::format("`{}=` has the layers put their penalty in the TF1 "
                                            "`REGULARIZATION_LOSSES` collection, summed by "
                                            "`tf.losses.get_regularization_loss()`; TF2 has no collections: use "
                                            "Keras layers with `kernel_regularizer=` and add `model.losses` to the "
                                            "loss",
                                            kw));
    }
  }
  // `GraphKeys.*` used outside a reported call (`ops = tf.GraphKeys.UPDATE_OPS`).
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2 || !StartsWith(r.tf.path, "GraphKeys")) continue;
    bool inside = false;
    for (TSNode c : reported_calls) inside |= ts::Contains(c, r.node);
    if (inside) continue;
    std::string_view key = LastComponent(r.tf.path);
    ctx.Report(r.node, fmt::format("`{}` names a TF1 graph collection; TF2 has no collections: use {}",
                                   DisplayName(r), KeyReplacement(key)));
  }
}

}  // namespace tfm

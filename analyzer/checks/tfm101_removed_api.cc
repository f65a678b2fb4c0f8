#include "analyzer/checks/tfm101_removed_api.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "analyzer/checks/api_tables.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

// `tf.contrib.layers.xavier_initializer(uniform=True, seed=None, dtype=tf.float32)` (and
// `xavier_initializer_conv2d`, the same function): TF 1.15's contrib computed
// variance_scaling_initializer(factor=1.0, mode='FAN_AVG', uniform=True), a uniform draw in
// [-sqrt(3 / n), sqrt(3 / n)] with n = (fan_in + fan_out) / 2; tf.compat.v1's
// glorot_uniform_initializer is VarianceScaling(1.0, "fan_avg", "uniform"), the same draw
// from the same random op and seed (its limit, sqrt(3 * (1 / n)), is the same float32). The
// call, rewritten; nullopt where it does not fit (`uniform` not the literal True: contrib's
// normal draw, stddev sqrt(1.3 / n), is no TF2 initializer's; `*args`).
std::optional<std::string> XavierAsGlorot(const PythonContext& ctx, TSNode call, const std::string& root) {
  TSNode args = ts::Field(call, "arguments");
  if (!ts::Is(args, "argument_list")) return std::nullopt;
  static const char* kParams[] = {"uniform", "seed", "dtype"};
  std::string seed, dtype;
  size_t i = 0;
  for (TSNode a : ts::NamedChildren(args)) {
    if (ts::Is(a, "comment")) continue;
    std::string name;
    TSNode value = a;
    if (ts::Is(a, "keyword_argument")) {
      name = std::string(ctx.Text(ts::Field(a, "name")));
      value = ts::Field(a, "value");
    } else if (ts::Is(a, "list_splat") || ts::Is(a, "dictionary_splat") || i >= 3) {
      return std::nullopt;
    } else {
      name = kParams[i];
    }
    ++i;
    if (name == "uniform") {
      if (ctx.Text(value) != "True") return std::nullopt;
    } else if (name == "seed") {
      seed = std::string(ctx.Text(value));
    } else if (name == "dtype") {
      dtype = std::string(ctx.Text(value));
    } else {
      return std::nullopt;
    }
  }
  std::string out = root + ".compat.v1.glorot_uniform_initializer(";
  if (!seed.empty()) out += "seed=" + seed;
  if (!dtype.empty()) out += (seed.empty() ? "" : ", ") + std::string("dtype=") + dtype;
  return out + ")";
}

// tf.contrib.rnn's cells and static RNN functions were TF 1.15's tf.nn.rnn_cell and tf.nn
// ones under another name (the same objects; tf_upgrade_v2 renames them so): their
// tf.compat.v1 endpoints, or "".
std::string ContribRnnAlias(std::string_view path) {
  static constexpr std::string_view kCells[] = {"BasicLSTMCell", "LSTMCell",      "GRUCell",       "BasicRNNCell",
                                                "MultiRNNCell",  "DropoutWrapper", "LSTMStateTuple", "RNNCell",
                                                "ResidualWrapper", "DeviceWrapper"};
  static constexpr std::string_view kFunctions[] = {"static_rnn", "static_bidirectional_rnn",
                                                    "static_state_saving_rnn"};
  constexpr std::string_view kPrefix = "contrib.rnn.";
  if (path.substr(0, kPrefix.size()) != kPrefix) return "";
  const std::string_view name = path.substr(kPrefix.size());
  for (std::string_view c : kCells)
    if (name == c) return "compat.v1.nn.rnn_cell." + std::string(c);
  for (std::string_view f : kFunctions)
    if (name == f) return "compat.v1.nn." + std::string(f);
  return "";
}

// The module-level name tensorflow is imported as (`import tensorflow as tf`), or "".
std::string TfModuleName(const SemanticModel& m) {
  for (const Binding* b : m.TfModuleImports())
    if (b->scope == 0 && b->qname == "tensorflow") return b->name;
  return "";
}

}  // namespace

const RuleInfo& RemovedApi::info() const {
  static const RuleInfo kInfo{
      .id = "TFM101",
      .name = "removed-api",
      .severity = Severity::kError,
      .fix = FixKind::kSafe,
      .input = RuleInput::kPython,
      .summary = "TF1 symbol with no endpoint in TF2 at all, not even tf.compat.v1",
      .trigger = "symbol with no endpoint in TF2 at all, not even `tf.compat.v1` (`tf.contrib.*`, removed "
                 "estimator/feature-column endpoints, …); table generated from real TF",
      .fix_note = "safe for `tf.contrib.layers.xavier_initializer()` (uniform) → "
                  "`tf.compat.v1.glorot_uniform_initializer()`, the same draw, and for tf.contrib.rnn's cells and "
                  "static RNN functions → their `tf.compat.v1.nn.rnn_cell` / `tf.compat.v1.nn` endpoints (the same "
                  "objects in TF 1.15; `from tensorflow.contrib import rnn` goes when every use is fixed); none "
                  "otherwise (the message names the replacement when one is known)",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm101() {
  static const RemovedApi kRule;
  return kRule;
}

void RemovedApi::CheckPython(PythonContext& ctx) const {
  const ApiTables& t = ApiTables::Get();
  for (const TfRef& r : ctx.model().refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const RefChain* chain = CachedChainOf(ctx.model(), r);
    if (!chain) continue;
    std::string matched;
    const RemovedEntry* e = t.FindRemoved(r.tf.path, &matched);
    if (!e) continue;
    // Exact symbols are reported on the node that spells them; prefix entries
    // (`contrib.`) on the whole reference.
    bool prefix_entry = !e->symbol.empty() && e->symbol.back() == '.';
    TSNode at = prefix_entry ? r.node : PrefixNode(*chain, ComponentCount(matched));
    if (ts_node_is_null(at)) at = r.node;
    std::string shown = prefix_entry ? r.tf.path : matched;
    std::string display = (r.tf.ns == TfNs::kV1 ? "tf.compat.v1." : "tf.") + shown;
    std::string msg = fmt::format("`{}` was removed: TF2 has no endpoint for it, not even under `tf.compat.v1`",
                                  display);
    if (!e->replacement.empty()) msg += fmt::format("; replacement: {}", e->replacement);
    std::optional<Fix> fix;
    if ((matched == "contrib.layers.xavier_initializer" || matched == "contrib.layers.xavier_initializer_conv2d") &&
        matched == r.tf.path && !ts_node_is_null(r.call) && IsCallee(r.call, r.node) && chain->root_is_tf) {
      if (auto text = XavierAsGlorot(ctx, r.call, chain->root_text))
        fix = ReplaceNode(r.call, *text, fmt::format("Replace with `{}`", *text), FixSafety::kSafe);
    }
    const std::string alias = ContribRnnAlias(r.tf.path);
    const std::string root = chain->root_is_tf ? chain->root_text : TfModuleName(ctx.model());
    if (!alias.empty() && !root.empty()) {
      const std::string text = root + "." + alias;
      fix = ReplaceNode(r.node, text, fmt::format("Replace with `{}`", text), FixSafety::kSafe);
      msg += fmt::format(" (TF 1.15's `tf.{}` under another name)", alias);
      if (auto toggle = GraphModeEdit(ctx.model(), *chain)) {
        fix->edits.push_back(*toggle);
        fix->title += " (and disable TF2 behavior after the import)";
      }
    }
    ctx.Report(at, std::move(msg), std::move(fix));
  }
  // `from tensorflow.contrib import rnn` whose every use the fixes above rewrite: the import goes
  const std::string tf_name = TfModuleName(ctx.model());
  // Imports of removed modules fail before any use: `import tensorflow.contrib.slim
  // as slim`, `from tensorflow.contrib import layers`. One finding per statement.
  std::vector<uint32_t> seen;
  for (const Binding& b : ctx.model().bindings()) {
    if (b.kind != BindingKind::kImport && b.kind != BindingKind::kStarImport) continue;
    auto tf = SplitTfName(b.qname);
    if (!tf || tf->path.empty() || b.qname.rfind("tensorflow", 0) != 0) continue;
    std::string matched;
    const RemovedEntry* e = t.FindRemoved(tf->path, &matched);
    if (!e) continue;
    TSNode stmt = b.target;
    while (!ts_node_is_null(stmt) && !ts::Is(stmt, "import_statement") && !ts::Is(stmt, "import_from_statement"))
      stmt = ts::Parent(stmt);
    if (ts_node_is_null(stmt)) continue;
    uint32_t start = ts_node_start_byte(stmt);
    if (std::find(seen.begin(), seen.end(), start) != seen.end()) continue;
    seen.push_back(start);
    std::string msg = fmt::format("importing `{}` fails in TF2: `tf.{}` was removed, not even `tf.compat.v1` has it",
                                  b.qname, matched);
    if (!e->replacement.empty()) msg += fmt::format("; replacement: {}", e->replacement);
    std::optional<Fix> fix;
    if (b.qname == "tensorflow.contrib.rnn" && !tf_name.empty() && ts::Is(stmt, "import_from_statement") &&
        ts::Is(ts::Parent(stmt), "module") && ts::NamedChildren(stmt).size() == 2) {
      // (one name imported; each of its uses a contrib.rnn alias the fixes rewrite)
      bool all = true;
      for (const TfRef& r : ctx.model().refs()) {
        const RefChain* chain = CachedChainOf(ctx.model(), r);
        if (chain && !chain->root_is_tf && chain->root_text == b.name && ContribRnnAlias(r.tf.path).empty()) all = false;
      }
      size_t uses = 0, refs = 0;
      const std::string_view src = ctx.model().source().text;
      ts::Walk(
          ctx.model().file().Root(),
          [&](TSNode n, const char*) {
            if (ts::Is(n, "identifier") && ts::Text(n, src) == b.name) {
              TSNode p = ts::Parent(n);
              if (!(ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) &&
                  !(ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) &&
                  !ts::Contains(stmt, n))
                ++uses;
            }
            return true;
          },
          [](TSNode) {});
      for (const TfRef& r : ctx.model().refs()) {
        const RefChain* chain = CachedChainOf(ctx.model(), r);
        if (chain && !chain->root_is_tf && chain->root_text == b.name && !ContribRnnAlias(r.tf.path).empty()) ++refs;
      }
      // (its lines, when it has them to itself: a comment after it goes too)
      const uint32_t begin = ts_node_start_byte(stmt), end = ts_node_end_byte(stmt);
      const size_t bol = begin ? src.rfind('\n', begin - 1) + 1 : 0;  // (npos + 1 == 0)
      size_t eol = src.find('\n', end);
      eol = eol == std::string_view::npos ? src.size() : eol + 1;
      const std::string_view before = src.substr(bol, begin - bol), after = src.substr(end, eol - end);
      const size_t code_after = after.find_first_not_of(" \t\r\n");
      const bool alone = before.find_first_not_of(" \t") == std::string_view::npos &&
                         (code_after == std::string_view::npos || after[code_after] == '#');
      if (all && uses == refs && alone)
        fix = Fix{"Remove the import (its uses become tf.compat.v1 endpoints)", FixSafety::kSafe,
                  {Edit{static_cast<uint32_t>(bol), static_cast<uint32_t>(eol), ""}}};
    }
    ctx.Report(stmt, std::move(msg), std::move(fix));
  }
}

}  // namespace tfm

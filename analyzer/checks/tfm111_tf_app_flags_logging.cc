#include "analyzer/checks/tfm111_tf_app_flags_logging.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

// "app", "flags" or "logging" when `path` is that module or below it; empty otherwise.
std::string_view RemovedModule(std::string_view path) {
  for (std::string_view mod : {"app", "flags", "logging"}) {
    if (path == mod) return mod;
    if (path.size() > mod.size() && path.substr(0, mod.size()) == mod && path[mod.size()] == '.') return mod;
  }
  return {};
}

std::string_view AbslFor(std::string_view mod) {
  if (mod == "app") return "absl.app";
  if (mod == "flags") return "absl.flags";
  return "absl.logging";
}

std::string Message(std::string_view shown, std::string_view mod) {
  return fmt::format("`{}`: `tf.{}` was removed from the TF2 namespace (AttributeError / ImportError); use `{}` "
                     "(absl-py), or `tf.compat.v1.{}` while migrating",
                     shown, mod, AbslFor(mod), mod);
}

}  // namespace

const RuleInfo& TfAppFlagsLogging::info() const {
  static const RuleInfo kInfo{
      .id = "TFM111",
      .name = "tf-app-flags-logging",
      .severity = Severity::kError,
      .fix = FixKind::kSafeOrUnsafe,
      .input = RuleInput::kPython,
      .summary = "tf.app / tf.flags / tf.logging are not in TF2; use absl-py (or tf.compat.v1)",
      .trigger = "`tf.app`, `tf.flags`, `tf.logging` (removed from the TF2 namespace in favor of absl-py)",
      .fix_note = "safe (`tf.compat.v1` spelling); unsafe (`absl.flags`) for `from tensorflow.flags import …`",
      .closed_edits = kPrefixEdit,
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm111() {
  static const TfAppFlagsLogging kRule;
  return kRule;
}

void TfAppFlagsLogging::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns != TfNs::kTop || r.qname.rfind("tensorflow", 0) != 0) continue;
    std::string_view mod = RemovedModule(r.tf.path);
    if (mod.empty()) continue;
    // Names bound by `from tensorflow import logging` are reported at the import.
    auto spelling = CompatV1Spelling(m, r);
    if (!spelling) continue;
    std::string shown(ctx.Text(r.node));
    ctx.Report(r.node, Message(shown, mod),
               ReplaceNode(r.node, *spelling + r.tf.path, fmt::format("Replace with `{}{}`", *spelling, r.tf.path),
                           FixSafety::kSafe));
  }
  // `from tensorflow import logging, flags` / `from tensorflow.logging import info`.
  for (TSNode n : m.NodesOfType("import_from_statement")) {
    TSNode mod_node = ts::Field(n, "module_name");
    std::string mod_name(ctx.Text(mod_node));
    if (mod_name == "tensorflow") {
      bool all_removed = true;
      std::vector<std::pair<TSNode, std::string_view>> hits;
      for (auto& [c, f] : ts::ChildrenWithFields(n)) {
        if (!f || std::string_view(f) != "name") continue;
        TSNode name = ts::Is(c, "aliased_import") ? ts::Field(c, "name") : c;
        std::string_view mod = RemovedModule(ctx.Text(name));
        if (mod.empty() || ctx.Text(name) != mod) all_removed = false;
        else hits.emplace_back(c, mod);
      }
      for (size_t i = 0; i < hits.size(); ++i) {
        std::optional<Fix> fix;
        // Rewrite the module only when every imported name moves with it.
        if (all_removed && i == 0)
          fix = ReplaceNode(mod_node, "tensorflow.compat.v1", "Import from `tensorflow.compat.v1`",
                            FixSafety::kSafe);
        ctx.Report(hits[i].first,
                   Message(fmt::format("from tensorflow import {}", ctx.Text(hits[i].first)), hits[i].second),
                   std::move(fix));
      }
    } else if (mod_name.rfind("tensorflow.", 0) == 0) {
      std::string rest = mod_name.substr(11);
      std::string_view mod = RemovedModule(rest);
      if (mod.empty()) continue;
      std::optional<Fix> fix;
      if (rest == "logging" || rest == "app") {
        // tensorflow.compat.v1.logging / .app are importable modules in TF2.
        fix = ReplaceNode(mod_node, "tensorflow.compat.v1." + rest,
                          fmt::format("Import from `tensorflow.compat.v1.{}`", rest), FixSafety::kSafe);
      } else if (rest == "flags" || rest == "app.flags") {
        // tensorflow.compat.v1.flags is not importable as a module; tf.flags re-exported
        // absl.flags, which has every DEFINE_* and FLAGS.
        fix = ReplaceNode(mod_node, "absl.flags", "Import from `absl.flags`", FixSafety::kUnsafe);
      }
      ctx.Report(mod_node, Message(fmt::format("from {} import ...", mod_name), mod), std::move(fix));
    }
  }
}

}  // namespace tfm

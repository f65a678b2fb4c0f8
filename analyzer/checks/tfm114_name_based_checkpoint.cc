#include "analyzer/checks/tfm114_name_based_checkpoint.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {


bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

// A receiver spelled like a saver when its origin is not visible (a parameter):
// `saver`, `self.saver`, `best_saver`.
bool LooksLikeSaver(std::string_view receiver) {
  auto dot = receiver.rfind('.');
  std::string_view last = dot == std::string_view::npos ? receiver : receiver.substr(dot + 1);
  return last == "saver" || EndsWith(last, "_saver");
}

// Describes the checkpoint argument of a restore call for the message.
std::string CheckpointArg(const PythonContext& ctx, TSNode call) {
  TSNode path = ctx.model().Arg(call, 1, "save_path");
  if (ts_node_is_null(path)) return "";
  return fmt::format(" from `{}`", Compact(ctx.Text(path)));
}

// `saver.save(sess, path)`: the checkpoint is written through a session and keyed by graph
// variable names. (A TF1 Saver's save called without a session first still writes one.)
void ReportSave(PythonContext& ctx, TSNode fn, TSNode call) {
  const SemanticModel& m = ctx.model();
  const auto& pos = m.PositionalArgs(call);
  const bool session = !pos.empty() && DataFlow::Of(m).IsSession(pos[0]);
  TSNode path = session ? m.Arg(call, 1, "save_path") : m.KeywordArg(call, "save_path");
  ctx.Report(fn, fmt::format("`{}` writes a name-based checkpoint{}{} (keys are graph variable names); in TF2 "
                             "`tf.train.Checkpoint(...).save(path)` (or a `tf.train.CheckpointManager`) saves the "
                             "objects without a session",
                             ctx.Text(fn),
                             ts_node_is_null(path) ? "" : fmt::format(" to `{}`", Compact(ctx.Text(path))),
                             session ? " through the session" : ""));
}

}  // namespace

const RuleInfo& NameBasedCheckpoint::info() const {
  static const RuleInfo kInfo{
      .id = "TFM114",
      .name = "name-based-checkpoint",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 name-based checkpointing (Saver, import_meta_graph, restore into a graph); use "
                 "tf.train.Checkpoint",
      .trigger = "`tf.train.Saver`, `import_meta_graph`, `latest_checkpoint` restore into a graph",
      .fix_note = "none (use `tf.train.Checkpoint`)",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm114() {
  static const NameBasedCheckpoint kRule;
  return kRule;
}

void NameBasedCheckpoint::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (p == "train.Saver") {
      ctx.Report(r.node, fmt::format("`{}` saves and restores variables by graph name; TF2 checkpoints "
                                     "objects: `tf.train.Checkpoint(model=..., optimizer=...)` with "
                                     "`save`/`restore` (or `tf.train.CheckpointManager`)",
                                     DisplayName(r)));
    } else if (p == "train.import_meta_graph") {
      ctx.Report(r.node, fmt::format("`{}` rebuilds a TF1 graph from a MetaGraph and restores it by tensor "
                                     "names; in TF2 load a SavedModel (`tf.saved_model.load`) or restore a "
                                     "`tf.train.Checkpoint` into Python objects",
                                     DisplayName(r)));
    } else if (!ts_node_is_null(r.call) &&
               (p == "train.Saver().save" || p == "train.import_meta_graph().save")) {
      ReportSave(ctx, r.node, r.call);
    } else if (!ts_node_is_null(r.call) &&
               (p == "train.NewCheckpointReader" || p == "python.pywrap_tensorflow.NewCheckpointReader" ||
                p == "python.training.py_checkpoint_reader.NewCheckpointReader")) {
      ctx.Report(r.node, fmt::format("`{}` reads a checkpoint by variable name; a checkpoint written by TF2 "
                                     "`tf.train.Checkpoint` keys its tensors by object path "
                                     "(`model/layer/kernel/.ATTRIBUTES/VARIABLE_VALUE`), so lookups by graph "
                                     "variable names find nothing: read it with `tf.train.load_checkpoint` "
                                     "and the object-path keys, or restore into objects",
                                     DisplayName(r)));
    } else if (!ts_node_is_null(r.call) && p == "train.MonitoredTrainingSession") {
      // MonitoredTrainingSession(master, is_chief, checkpoint_dir, ...): with a checkpoint
      // directory it restores the latest checkpoint by variable names into its graph.
      TSNode dir = m.Arg(r.call, 2, "checkpoint_dir");
      if (ts_node_is_null(dir) || ctx.Text(dir) == "None") continue;
      // With checkpoint saving switched off (`save_checkpoint_secs=0` or None and no
      // `save_checkpoint_steps`) the directory only holds summaries: the session writes no
      // checkpoint of its own there to restore.
      auto off = [&](std::string_view kw) {
        TSNode v = m.KeywordArg(r.call, kw);
        return !ts_node_is_null(v) && (ctx.Text(v) == "0" || ctx.Text(v) == "None");
      };
      if (off("save_checkpoint_secs") &&
          (ts_node_is_null(m.KeywordArg(r.call, "save_checkpoint_steps")) || off("save_checkpoint_steps")))
        continue;
      ctx.Report(r.node, fmt::format("`{}` with `checkpoint_dir={}` restores (and saves) a name-based "
                                     "checkpoint into the graph's variables by name; in TF2 restore a "
                                     "`tf.train.Checkpoint` of the objects (`tf.train.CheckpointManager` "
                                     "for the periodic saves)",
                                     DisplayName(r), Compact(ctx.Text(dir))));
    } else if (!ts_node_is_null(r.call) &&
               (p == "train.Saver().restore" || p == "train.import_meta_graph().restore")) {
      ctx.Report(r.node, fmt::format("`{}` restores a name-based checkpoint{} into the session's graph; in TF2 "
                                     "use `tf.train.Checkpoint(...).restore(path)` on the objects that own "
                                     "the variables",
                                     ctx.Text(r.node), CheckpointArg(ctx, r.call)));
    }
  }
  // `saver.restore(sess, path)` / `saver.save(sess, path)` on a saver whose origin is not
  // visible (a parameter, an attribute set elsewhere).
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    const std::string_view method = ctx.Text(ts::Field(fn, "attribute"));
    if (method != "restore" && method != "save") continue;
    TSNode recv = ts::Field(fn, "object");
    if (m.Resolve(recv)) continue;  // resolved receivers were handled above
    if (!LooksLikeSaver(ctx.Text(recv)) || m.PositionalArgs(call).size() < 2) continue;
    if (method == "save") {
      // A saver's save takes the session first; Keras and TF2 objects' save do not.
      if (!DataFlow::Of(m).IsSession(m.PositionalArgs(call)[0])) continue;
      ReportSave(ctx, fn, call);
      continue;
    }
    ctx.Report(fn, fmt::format("`{}` restores a name-based checkpoint{} into the session's graph; in TF2 use "
                               "`tf.train.Checkpoint(...).restore(path)` on the objects that own the variables",
                               ctx.Text(fn), CheckpointArg(ctx, call)));
  }
}

}  // namespace tfm

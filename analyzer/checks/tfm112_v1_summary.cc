#include "analyzer/checks/tfm112_v1_summary.h"

#include <fmt/format.h>

namespace tfm {
namespace {

// Summary symbols that exist only in tf.compat.v1.summary (TF 2.21).
bool IsV1OnlySummary(std::string_view n) {
  return n == "FileWriter" || n == "FileWriterCache" || n == "merge_all" || n == "merge" ||
         n == "tensor_summary" || n == "Summary" || n == "SummaryDescription" || n == "get_summary_description" ||
         n == "SessionLog" || n == "TaggedRunMetadata" || n == "Event";
}

// Summary ops present in both APIs with different semantics.
bool IsDualSummaryOp(std::string_view n) {
  return n == "scalar" || n == "histogram" || n == "image" || n == "audio" || n == "text";
}

}  // namespace

const RuleInfo& V1Summary::info() const {
  static const RuleInfo kInfo{
      .id = "TFM112",
      .name = "v1-summary",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 summary API (FileWriter, merge_all, summary ops fetched through sess.run)",
      .trigger = "TF1 summary API: `tf.summary.FileWriter`, `merge_all`, `tf.summary.scalar` fed through `sess.run`",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm112() {
  static const V1Summary kRule;
  return kRule;
}

void V1Summary::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  // A file that merges summaries or writes them with a FileWriter uses the TF1 summary
  // API: its `tf.summary.scalar(...)` are the v1 ops feeding that merge, whatever the
  // execution context of the function that builds them (a method taking its session
  // as a parameter looks eager to ContextOf).
  bool file_uses_v1_summaries = false;
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (p == "summary.merge_all" || p == "summary.merge" || p == "summary.FileWriter") {
      file_uses_v1_summaries = true;
      break;
    }
  }
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    std::string_view name;
    if (p == "Summary") name = p;  // tf.Summary, the TF1 top-level alias of the proto
    else if (p == "summary.FileWriter().add_summary" && !ts_node_is_null(r.call)) {
      // writer.add_summary(summary, step): the serialized summary came from sess.run
      ctx.Report(r.node, fmt::format("`{}` writes a serialized `Summary` fetched with `sess.run` to a TF1 "
                                     "`FileWriter`; TF2 writers have no `add_summary`: the summary ops write "
                                     "when they run under `with writer.as_default():` with a `step`",
                                     ctx.Text(r.node)));
      continue;
    } else if (p.rfind("summary.", 0) == 0) name = std::string_view(p).substr(8);
    else continue;
    if (name.find('.') != std::string_view::npos || name.find('(') != std::string_view::npos) continue;
    if (name == "FileWriter" || name == "FileWriterCache") {
      ctx.Report(r.node, fmt::format("`{}` writes events for a TF1 graph and raises under eager execution; "
                                     "use `tf.summary.create_file_writer(logdir)` and write inside "
                                     "`with writer.as_default():`",
                                     DisplayName(r)));
    } else if (name == "merge_all" || name == "merge") {
      ctx.Report(r.node, fmt::format("`{}` merges TF1 summary ops into one op to fetch with `sess.run`; TF2 "
                                     "summaries are written when they execute under a default writer, so "
                                     "there is nothing to merge: call `tf.summary.scalar(..., step=step)` "
                                     "inside `with writer.as_default():`",
                                     DisplayName(r)));
    } else if (IsV1OnlySummary(name)) {
      ctx.Report(r.node, fmt::format("`{}` belongs to the TF1 summary API (serialized `Summary` protos fed to "
                                     "a `FileWriter`); use the TF2 `tf.summary` ops with a writer from "
                                     "`tf.summary.create_file_writer`",
                                     DisplayName(r)));
    } else if (IsDualSummaryOp(name)) {
      // TF2's tf.summary.<op> is fine in TF2 code; fire when the v1 op is meant.
      // TF2's ops take (name, data, step, description): `collections=` / `family=` are
      // the v1 signature's.
      const bool v1_signature = !ts_node_is_null(r.call) && (!ts_node_is_null(m.KeywordArg(r.call, "collections")) ||
                                                             !ts_node_is_null(m.KeywordArg(r.call, "family")));
      const ExecContext c = m.ContextOf(r.node);
      bool v1 = r.tf.ns == TfNs::kV1 || c == ExecContext::kGraph || v1_signature ||
                (file_uses_v1_summaries && c != ExecContext::kTraced);
      if (!v1) continue;
      ctx.Report(r.node, fmt::format("`{}` here is the TF1 summary op: it returns a serialized `Summary` "
                                     "tensor to fetch with `sess.run` and pass to `FileWriter.add_summary`; "
                                     "TF2's `tf.summary.{}` takes a `step` and writes at once to the default "
                                     "writer (`with writer.as_default():`)",
                                     DisplayName(r), name));
    }
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm207_queue_input_pipeline.h"

#include <fmt/format.h>

#include <vector>

namespace tfm {
namespace {

struct QueueApi {
  std::string_view path;         // below tensorflow
  std::string_view replacement;  // the tf.data form
};

constexpr QueueApi kApis[] = {
    {"train.start_queue_runners", "iterate the `tf.data.Dataset` directly; there are no runner threads to start"},
    {"train.QueueRunner", "use a `tf.data` pipeline, which needs no runner threads"},
    {"train.queue_runner.QueueRunner", "use a `tf.data` pipeline, which needs no runner threads"},
    {"train.add_queue_runner", "use a `tf.data` pipeline, which needs no runner threads"},
    {"train.queue_runner.add_queue_runner", "use a `tf.data` pipeline, which needs no runner threads"},
    {"train.queue_runner.start_queue_runners", "iterate the `tf.data.Dataset` directly"},
    {"train.string_input_producer",
     "use `tf.data.Dataset.from_tensor_slices(filenames).shuffle(n).repeat(num_epochs)`"},
    {"train.input_producer", "use `tf.data.Dataset.from_tensor_slices(x).shuffle(n).repeat(num_epochs)`"},
    {"train.slice_input_producer", "use `tf.data.Dataset.from_tensor_slices((a, b))`"},
    {"train.range_input_producer", "use `tf.data.Dataset.range(limit).shuffle(limit).repeat(num_epochs)`"},
    {"train.batch", "use `dataset.batch(batch_size)`"},
    {"train.maybe_batch", "use `dataset.filter(...).batch(batch_size)`"},
    {"train.batch_join", "use `tf.data.Dataset.interleave(...).batch(batch_size)`"},
    {"train.maybe_batch_join", "use `tf.data.Dataset.interleave(...).filter(...).batch(batch_size)`"},
    {"train.shuffle_batch", "use `dataset.shuffle(buffer_size).batch(batch_size)`"},
    {"train.maybe_shuffle_batch", "use `dataset.filter(...).shuffle(buffer_size).batch(batch_size)`"},
    {"train.shuffle_batch_join", "use `tf.data.Dataset.interleave(...).shuffle(buffer_size).batch(batch_size)`"},
    {"train.maybe_shuffle_batch_join", "use `tf.data.Dataset.interleave(...).shuffle(buffer_size).batch(batch_size)`"},
    {"TFRecordReader", "use `tf.data.TFRecordDataset(filenames)`"},
    {"WholeFileReader", "use `tf.data.Dataset.from_tensor_slices(filenames).map(tf.io.read_file)`"},
    {"TextLineReader", "use `tf.data.TextLineDataset(filenames)`"},
    {"FixedLengthRecordReader", "use `tf.data.FixedLengthRecordDataset(filenames, record_bytes)`"},
    {"IdentityReader", "use a `tf.data` pipeline"},
    {"LMDBReader", "use a `tf.data` pipeline"},
    {"ReaderBase", "use a `tf.data` pipeline"},
};

const QueueApi* Find(std::string_view p) {
  for (const QueueApi& a : kApis)
    if (a.path == p) return &a;
  return nullptr;
}

}  // namespace

const RuleInfo& QueueInputPipeline::info() const {
  static const RuleInfo kInfo{
      .id = "TFM207",
      .name = "queue-input-pipeline",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "TF1 queue-based input pipeline; removed in TF2, use tf.data",
      .trigger = "`start_queue_runners`, `QueueRunner`, `Coordinator`, `string_input_producer`, `shuffle_batch`, "
                 "`TFRecordReader` … — removed; use `tf.data`",
      .impact = Impact::kGraphSession,
  };
  return kInfo;
}

const Rule& rules::Tfm207() {
  static const QueueInputPipeline kRule;
  return kRule;
}

void QueueInputPipeline::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  bool uses_queues = false;
  std::vector<const TfRef*> coordinators;
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    if (r.tf.path == "train.Coordinator") {
      if (!ts_node_is_null(r.call)) coordinators.push_back(&r);
      continue;
    }
    const QueueApi* api = Find(r.tf.path);
    if (!api) continue;
    uses_queues = true;
    ctx.Report(r.node, fmt::format("`{}` belongs to the queue-based input pipeline, which TF2 eager execution "
                                   "does not support (its queues, readers and runners raise): {}",
                                   DisplayName(r), api->replacement));
  }
  // `tf.train.Coordinator` is a plain thread helper that TF2 keeps; it is part of the
  // hazard only in a file that also drives queue runners.
  if (!uses_queues) return;
  for (const TfRef* r : coordinators)
    ctx.Report(r->node, fmt::format("`{}` coordinates queue-runner threads; a `tf.data` pipeline has none to "
                                    "stop, so the coordinator and its `join` go away with the queues",
                                    DisplayName(*r)));
}

}  // namespace tfm

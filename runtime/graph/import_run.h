// `tfmigrate run GRAPH`: runs a GraphDef, MetaGraphDef or SavedModel in-process on the
// bundled runtime's C++ kernels (no Python, no TensorFlow). Loads the file with the
// analyzer's loader, parses `--feed` values (scalars, nested lists, .npy files) into
// tensors of the fed tensor's dtype, imports the pruned graph (import_graphdef.h), runs
// the variables the fetches read (restored from the checkpoint that comes with a SavedModel
// or MetaGraph, else initialized by their initializers), then the fetches, on a Session
// (which runs v1 control flow, TF1's tf.cond / tf.while_loop, with TensorFlow's frames,
// iterations and dead tensors).
//
//   GraphRunOptions o{.path = "model.pb", .feeds = {"x=[[1,2]]"}, .fetches = {"y"}};
//   GraphRunResult r = RunGraphFile(o);
//   for (const auto& f : r.fetches) std::cout << FormatFetch(f) << "\n";
//   // r.exit_code: 0 ok, 1 a kernel failed, 2 usage / bad input, 3 unsupported op or dtype
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/core/tensor.h"

namespace tfm::rt {

struct GraphRunOptions {
  std::string path;                  // graph file or SavedModel directory
  std::vector<std::string> feeds;    // "name=value" or "name=@file.npy"
  std::vector<std::string> fetches;  // "name" or "name:N"
  bool init_variables = true;        // run the initializers of the variables read
  // Restore variables from a checkpoint (PREFIX.index + data files) instead of running
  // their initializers: `checkpoint` names the prefix; empty means the one that comes with
  // the graph (a SavedModel's variables/variables, MODEL.ckpt next to MODEL.ckpt.meta).
  std::string checkpoint;
  bool restore = true;
  // A SavedModel signature (e.g. "serving_default"): feeds and fetches are then its input
  // and output keys (`x=...`, `output_0`), no fetch means all of its outputs, and the
  // values print under their keys.
  std::string signature;
  std::string trace_path;            // JSON-lines trace (docs/trace-format.md); empty: none
  // Node executions a run may take before it stops with an error (a v1 loop that never
  // ends); 0: the session's default (50 million).
  int64_t max_node_executions = 0;
};

struct FetchedValue {
  std::string name;  // "y:0", or "train" for an op without outputs
  bool is_op = false;
  Tensor value;
};

struct GraphRunResult {
  int exit_code = 0;
  std::string error;               // one line, empty on success
  std::vector<std::string> notes;  // informational lines (variables initialized, ...)
  std::vector<FetchedValue> fetches;
  std::vector<std::string> ops_run;  // nodes the fetch run executed, in order
};

GraphRunResult RunGraphFile(const GraphRunOptions& opts);

// A feed value: JSON scalar or nested list, converted to `dtype`; ragged lists, wrong
// kinds (1.5 for an int32, "a" for a float) and out-of-range integers are errors.
StatusOr<Tensor> ParseFeedValue(const std::string& text, DType dtype);
// Converts a tensor read from a .npy file to the fed tensor's dtype (numbers only;
// non-integral floats for an integer tensor and bool <-> number are errors).
StatusOr<Tensor> ConvertFeed(const Tensor& t, DType dtype);

// "y:0 = float32[2,1] [[5], [11]]": dtype, shape and the values as nested lists in
// row-major order; floats in their shortest round-trip form; strings JSON-quoted.
std::string FormatFetch(const FetchedValue& f);
std::string FormatValues(const Tensor& t);
// The trace-format value object {"dtype", "shape", "values"}.
nlohmann::json TraceValue(const Tensor& t);

}  // namespace tfm::rt

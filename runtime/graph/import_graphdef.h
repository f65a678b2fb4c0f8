// Importing a TensorFlow GraphDef (as loaded and validated by analyzer/graph/graph_file.h,
// our own `tensorflow` proto package) into the runtime's Graph, for `tfmigrate run GRAPH`.
// Only what a run needs is imported: the nodes the fetches and targets depend on (pruned
// at fed tensors, as Session.run prunes), plus the initializers of the variables they read.
// A fed tensor whose producer is not otherwise needed becomes a Placeholder of the same
// name, so feeding a variable or an intermediate tensor works as in TF1. Functions the
// run calls (StatefulPartitionedCall, If, While, ... of TF2 SavedModels) are imported
// from the graph's FunctionDefLibrary into the runtime's function library.
//
//   auto file = graph::LoadGraphFile("model.pb");
//   ImportRequest req{.feeds = {{"x", 0}}, .fetches = {{"loss", 0}}};
//   StatusOr<ImportedGraph> g = ImportForRun(file->meta_graphs[0], req);
//   // g.value().graph runs in a Session; g.value().initializers are run first.
//
// Errors: unknown node names are NotFound; op types or dtypes the bundled runtime cannot
// execute are one Unimplemented error naming every such op type (with a node of each);
// malformed constants and attrs are InvalidArgument.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analyzer/graph/graph_file.h"
#include "runtime/graph/checkpoint.h"
#include "runtime/graph/graph.h"
#include "runtime/graph/session.h"  // IsV1ControlFlow, IsNextIteration

namespace tfm::rt {

// "name", "name:1" -> {name, 1}; `explicit_index` says whether ":N" was written.
struct TensorName {
  std::string node;
  int index = 0;
  bool explicit_index = false;
  std::string ToString() const { return node + ":" + std::to_string(index); }
};
StatusOr<TensorName> ParseTensorName(const std::string& s);

// TensorProto -> Tensor: dtype, shape, tensor_content or the typed repeated fields (a
// short list is padded with its last value, as TensorFlow does). Refuses tensors of more
// than `max_elements` elements before allocating.
StatusOr<Tensor> TensorFromProto(const tensorflow::TensorProto& p, int64_t max_elements = int64_t{1} << 28);
// NodeDef attrs -> runtime attrs (shapes become int lists plus "<name>_unknown_rank").
StatusOr<AttrMap> AttrsFromProto(const tensorflow::NodeDef& def);

// Whether the bundled runtime executes this op type when it comes from a graph file.
bool IsImportableOp(const std::string& op);

struct ImportRequest {
  std::vector<TensorName> feeds;
  std::vector<TensorName> fetches;
  std::vector<std::string> targets;  // ops run for their effect (fetches of ops without outputs)
  bool init_variables = true;        // also import the initializers of the variables read
  // With a checkpoint, a variable it holds is restored from it instead of initialized:
  // under the key the graph's Saver restores it from (its RestoreV2 node's
  // tensor_names), else under the variable's node name. Not owned.
  const CheckpointReader* checkpoint = nullptr;
};

struct ImportedGraph {
  std::shared_ptr<Graph> graph;
  std::map<std::string, int> ids;           // GraphDef node name -> runtime node id
  std::vector<int> initializers;            // runtime ids of the variable initializers to run first
  std::vector<std::string> variables;       // the variables those initializers set
  std::vector<std::string> restored;        // the variables set from the checkpoint (also run first)
  std::vector<std::string> resource_names;  // shared names of resource variables (to release)
  std::vector<std::string> missing_feeds;   // Placeholders the run needs that are not fed
  // v1 loops: a Merge fed by a NextIteration back edge has only its forward inputs in
  // `graph` (which is acyclic); its full input list, in NodeDef order, is here (a
  // Session of `graph` is made with it).
  std::map<int, std::vector<NodeOutput>> merge_inputs;
};

StatusOr<ImportedGraph> ImportForRun(const graph::MetaGraph& mg, const ImportRequest& req);

}  // namespace tfm::rt

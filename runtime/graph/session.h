// Session: runs a Graph. Run(feeds, fetches, targets) executes only the nodes the
// fetches and targets need (pruning stops at fed tensors), in dependency order; the
// plan for each (feeds, fetches, targets) signature is computed once and cached, like
// TF's executor cache. Holds the session state: TF1 ref-variable values by node name,
// so reading a variable before its initializer ran is a FailedPreconditionError.
//
// One executor for every graph: a plan whose pruned nodes include v1 control flow
// (Switch, Merge, Enter, Exit, NextIteration, LoopCond of graph files' TF1 tf.cond and
// tf.while_loop) runs with TensorFlow's frames, iterations and dead tensors (FrameRun,
// session.cc); every other plan runs its steps in order, with no tags.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/graph/graph.h"
#include "runtime/kernels/kernel.h"
#include "runtime/kernels/registry.h"

namespace tfm::rt {

// v1 control flow (Switch, Merge, Enter, Exit, NextIteration, LoopCond and the Ref forms):
// no kernel; a plan holding any of them runs with frames and dead tensors.
bool IsV1ControlFlow(const std::string& op);
bool IsNextIteration(const std::string& op);

class Session {
 public:
  // `merge_inputs`: v1 loops of a graph file, whose Merge fed by a NextIteration back
  // edge has only its forward inputs in the (acyclic) graph; its full input list, in
  // NodeDef order, is here (ImportedGraph::merge_inputs).
  explicit Session(std::shared_ptr<const Graph> graph, std::map<int, std::vector<NodeOutput>> merge_inputs = {})
      : graph_(std::move(graph)), merge_inputs_(std::move(merge_inputs)) {}
  Status Run(const std::vector<std::pair<NodeOutput, Tensor>>& feeds, const std::vector<NodeOutput>& fetches,
             const std::vector<int>& targets, std::vector<Tensor>* outputs);
  SessionState& state() { return state_; }
  size_t num_cached_plans() const { return plans_.size(); }
  // A run with v1 control flow executing more nodes than this ends with OutOfRange (a
  // while loop that never ends is an error, not a hang). Fuzzers lower it.
  void set_max_node_executions(int64_t n) { max_node_executions_ = n; }
  // Names of the nodes the last Run executed, in order.
  std::vector<std::string> last_executed() const;

 private:
  std::shared_ptr<const Graph> graph_;
  std::map<int, std::vector<NodeOutput>> merge_inputs_;
  SessionState state_;
  // A node's input or a fetch: output `index` of plan step `step`, or (step -1) feed `index`.
  struct Source {
    int step;
    int index;
  };
  struct Step {
    int node;
    const KernelEntry* kernel;  // null: no kernel (RunKernel by name reports it)
    bool ref_input0;            // input 0 may be an uninitialized ref (Assign*)
    std::vector<Source> inputs;
    // The producers' static dtypes, which ValidateNode checked when the node was made: a
    // run whose inputs have these types needs no type check in RunKernel.
    std::vector<DType> types;
  };
  struct Plan {
    std::vector<Step> steps;
    std::vector<Source> fetches;
    bool frames = false;              // v1 control flow among the steps: FrameRun runs them
    std::vector<int> step_of_node;    // frames only: node id -> step (-1: not in the plan)
  };
  class FrameRun;  // session.cc: TensorFlow's executor with frames and dead tensors
  // A node's data inputs, a loop Merge's back edges included.
  const std::vector<NodeOutput>& Inputs(int node) const;
  std::map<std::string, Plan> plans_;
  int64_t max_node_executions_ = 50'000'000;
  std::vector<int> last_executed_;  // node ids, in the order the last run executed them
};

}  // namespace tfm::rt

// Session: runs a Graph. Run(feeds, fetches, targets) executes only the nodes the
// fetches and targets need (pruning stops at fed tensors), in dependency order; the
// plan for each (feeds, fetches, targets) signature is computed once and cached, like
// TF's executor cache. Holds the session state: TF1 ref-variable values by node name,
// so reading a variable before its initializer ran is a FailedPreconditionError.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/graph/graph.h"
#include "runtime/kernels/kernel.h"
#include "runtime/kernels/registry.h"

namespace tfm::rt {

class Session {
 public:
  explicit Session(std::shared_ptr<const Graph> graph) : graph_(std::move(graph)) {}
  Status Run(const std::vector<std::pair<NodeOutput, Tensor>>& feeds, const std::vector<NodeOutput>& fetches,
             const std::vector<int>& targets, std::vector<Tensor>* outputs);
  SessionState& state() { return state_; }
  size_t num_cached_plans() const { return plans_.size(); }
  // Names of the nodes the last Run executed, in order.
  std::vector<std::string> last_executed() const;

 private:
  std::shared_ptr<const Graph> graph_;
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
  };
  std::map<std::string, Plan> plans_;
  std::vector<int> last_executed_;  // node ids, in the order the last run executed them
};

}  // namespace tfm::rt

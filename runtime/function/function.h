// Function library: a traced graph (tf.function body, cond branch, while body) stored
// with its argument placeholders, outputs and stateful targets, callable by id. The
// If/While/PartitionedCall kernels and the Python facade's tf.function call into it.
//
//   int64_t id = RegisterFunction(graph, {{arg_node, 0}}, {{out_node, 0}}, stateful_nodes);
//   std::vector<Tensor> outs;
//   Status s = CallFunction(id, {x}, &outs);
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/core/status.h"
#include "runtime/core/tensor.h"
#include "runtime/graph/graph.h"

namespace tfm::rt {

int64_t RegisterFunction(std::shared_ptr<Graph> graph, std::vector<NodeOutput> args,
                         std::vector<NodeOutput> outputs, std::vector<int> targets);
Status CallFunction(int64_t id, const std::vector<Tensor>& args, std::vector<Tensor>* outputs);

}  // namespace tfm::rt

// Graph: TensorFlow's define-then-run graph. Nodes are appended (never removed), each
// with a TF op name, data inputs "node:index", control inputs and attrs; shape inference
// runs when a node is added, so construction-time errors surface at once, as in TF.
// Names follow TF: UniqueName("add") gives "add", then "add_1", ... (name scopes are
// prefixes the caller adds). Collections live in the Python facade's Graph wrapper.
//
//   Graph g;                                          // define ...
//   int a = g.AddNode("a", "Const", {}, {}, {{"value", Tensor::Scalar<float>(2)}}).value();
//   int b = g.AddNode(g.UniqueName("add"), "AddV2", {{a, 0}, {a, 0}}, {}, {}).value();
//   Session s(std::make_shared<Graph>(g));           // ... then run
//   std::vector<Tensor> out;
//   s.Run({}, {{b, 0}}, {}, &out);                    // out[0] == 4.0f
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/core/status.h"
#include "runtime/ops/op_def.h"

namespace tfm::rt {

struct NodeOutput {
  int node = -1;
  int index = 0;
  bool operator<(const NodeOutput& o) const { return node != o.node ? node < o.node : index < o.index; }
  bool operator==(const NodeOutput& o) const { return node == o.node && index == o.index; }
};

struct Node {
  std::string name;
  std::string op;
  std::vector<NodeOutput> inputs;
  std::vector<int> control_inputs;
  AttrMap attrs;
  std::vector<TensorSpec> outputs;  // inferred dtype/shape per output
  // The node's values when construction can compute them (TensorFlow's constant folding
  // for shape inference: Shape of a fully defined tensor, small stateless ops over such
  // values); empty otherwise. Shape functions see them as constant inputs.
  std::vector<Tensor> folded;
};

class Graph {
 public:
  // TF's Graph.unique_name (case-insensitive bookkeeping, "_N" suffixes).
  std::string UniqueName(const std::string& name, bool mark_as_used = true);
  // Adds a node; the name must be unused (use UniqueName). Returns the node id.
  // The node is checked against its op's signature first (ValidateNode, op_def.h): a
  // malformed node is an InvalidArgument naming it, never an abort.
  StatusOr<int> AddNode(const std::string& name, const std::string& op, std::vector<NodeOutput> inputs,
                        std::vector<int> control_inputs, AttrMap attrs, NodeSource source = NodeSource::kPython);
  int FindNode(const std::string& name) const;
  // Tensor.set_shape: merges a static shape into an output's inferred spec (known
  // dimensions win over unknown ones), so ops added later infer from it, as in TF.
  void SetOutputShape(int id, int index, const Shape& shape);
  const Node& node(int id) const { return nodes_[id]; }
  int num_nodes() const { return static_cast<int>(nodes_.size()); }

 private:
  std::vector<Node> nodes_;
  std::map<std::string, int> by_name_;
  std::map<std::string, int> names_in_use_;
};

}  // namespace tfm::rt

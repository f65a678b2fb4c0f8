#include "runtime/graph/graph.h"

#include <algorithm>
#include <cctype>

namespace tfm::rt {

std::string Graph::UniqueName(const std::string& name, bool mark_as_used) {
  std::string key = name;
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char ch) { return std::tolower(ch); });
  int i = names_in_use_.count(key) ? names_in_use_[key] : 0;
  if (mark_as_used) names_in_use_[key] = i + 1;
  std::string result = name;
  if (i > 0) {
    std::string base_key = key;
    while (names_in_use_.count(key)) {
      key = base_key + "_" + std::to_string(i);
      ++i;
    }
    if (mark_as_used) names_in_use_[key] = 1;
    result = name + "_" + std::to_string(i - 1);
  }
  return result;
}

void Graph::SetOutputShape(int id, int index, const Shape& shape) {
  if (id < 0 || id >= num_nodes() || index < 0 || index >= static_cast<int>(nodes_[id].outputs.size())) return;
  TensorSpec& spec = nodes_[id].outputs[index];
  if (spec.unknown_rank || spec.shape.size() != shape.size()) {
    if (!spec.unknown_rank) return;  // a rank conflict is the caller's error to raise
    spec.shape = shape;
    spec.unknown_rank = false;
    return;
  }
  for (size_t d = 0; d < shape.size(); ++d)
    if (spec.shape[d] < 0) spec.shape[d] = shape[d];
}

StatusOr<int> Graph::AddNode(const std::string& name, const std::string& op, std::vector<NodeOutput> inputs,
                             std::vector<int> control_inputs, AttrMap attrs, NodeSource source) {
  if (by_name_.count(name)) return InvalidArgument("Duplicate node name in graph: '" + name + "'");
  std::vector<DType> types;
  types.reserve(inputs.size());
  for (const NodeOutput& in : inputs) {
    if (in.node < 0 || in.node >= num_nodes())
      return InvalidArgument("Node '" + name + "': input refers to a missing node");
    const Node& src = nodes_[in.node];
    if (in.index < 0 || in.index >= static_cast<int>(src.outputs.size()))
      return InvalidArgument("Connecting to invalid output " + std::to_string(in.index) +
                             " of source node " + src.name + " which has " + std::to_string(src.outputs.size()) +
                             " outputs.");
    types.push_back(src.outputs[in.index].dtype);
  }
  for (int c : control_inputs)
    if (c < 0 || c >= num_nodes()) return InvalidArgument("Node '" + name + "': bad control input");
  TFM_RETURN_IF_ERROR(ValidateNode(name, op, types, attrs, source, [&](size_t i) {
    return nodes_[inputs[i].node].name + ":" + std::to_string(inputs[i].index);
  }));
  Node n{name, op, std::move(inputs), std::move(control_inputs), std::move(attrs), {}};
  ShapeContext ctx{op, name, {}, {}, &n.attrs};
  for (const NodeOutput& in : n.inputs) {
    const Node& src = nodes_[in.node];
    ctx.inputs.push_back(src.outputs[in.index]);
    const Tensor* cv = nullptr;
    if (src.op == "Const") {
      auto it = src.attrs.find("value");
      if (it != src.attrs.end()) cv = std::get_if<Tensor>(&it->second);
    }
    ctx.const_inputs.push_back(cv);
  }
  TFM_RETURN_IF_ERROR(InferShapes(ctx, &n.outputs));
  nodes_.push_back(std::move(n));
  by_name_[name] = num_nodes() - 1;
  return num_nodes() - 1;
}

int Graph::FindNode(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? -1 : it->second;
}

}  // namespace tfm::rt

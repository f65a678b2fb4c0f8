#include "runtime/graph/graph.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// Construction-time evaluation, as TensorFlow's shape refiner evaluates the small constant
// subgraph behind a shape-like input (EvaluateConstantTensor): values up to this many
// elements, through stateless ops that compute shapes.
constexpr int64_t kMaxFoldElements = 1024;

bool FoldableOp(const std::string& op) {
  static const auto* ops = new std::set<std::string>{
      "Identity", "StridedSlice", "Slice", "Pack", "Unpack", "ConcatV2", "Cast", "Reshape", "Squeeze",
      "ExpandDims", "AddV2", "Sub", "Mul", "FloorDiv", "FloorMod", "Maximum", "Minimum", "Neg", "Prod", "Sum",
      "Max", "Min", "GatherV2", "Range", "Fill", "Transpose", "Tile", "BroadcastArgs", "Equal", "NotEqual",
      "Less", "LessEqual", "Greater", "GreaterEqual", "Select", "SelectV2"};
  return ops->count(op) > 0;
}

bool FullyDefined(const TensorSpec& s) {
  if (s.unknown_rank) return false;
  return std::all_of(s.shape.begin(), s.shape.end(), [](int64_t d) { return d >= 0; });
}

// The values of node `n` (inputs' values in `in`, null where unknown), or nothing.
std::vector<Tensor> Fold(const Node& n, const std::vector<TensorSpec>& specs, const std::vector<const Tensor*>& in) {
  if (n.op == "Shape" || n.op == "Size" || n.op == "Rank") {
    if (specs.size() != 1 || specs[0].unknown_rank) return {};
    const Shape& s = specs[0].shape;
    if (n.op == "Rank") return {Tensor::Scalar<int32_t>(static_cast<int32_t>(s.size()))};
    if (!FullyDefined(specs[0])) return {};
    bool wide = GetTypeAttr(n.attrs, "out_type", DType::kInt32) == DType::kInt64;
    if (n.op == "Size")
      return {wide ? Tensor::Scalar<int64_t>(NumElements(s))
                   : Tensor::Scalar<int32_t>(static_cast<int32_t>(NumElements(s)))};
    Tensor t = Tensor::Alloc(wide ? DType::kInt64 : DType::kInt32, {static_cast<int64_t>(s.size())});
    for (size_t i = 0; i < s.size(); ++i) {
      if (wide) t.data<int64_t>()[i] = s[i];
      else t.data<int32_t>()[i] = static_cast<int32_t>(s[i]);
    }
    return {t};
  }
  if (!FoldableOp(n.op) || in.empty()) return {};
  KernelContext k{.op = n.op, .node_name = n.name, .attrs = &n.attrs};
  for (const Tensor* t : in) {
    if (!t || t->dtype() == DType::kString || t->num_elements() > kMaxFoldElements) return {};
    k.inputs.push_back(*t);
  }
  if (!RunKernel(k).ok()) return {};
  for (const Tensor& t : k.outputs)
    if (t.num_elements() > kMaxFoldElements) return {};
  return std::move(k.outputs);
}

}  // namespace

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
    } else if (in.index < static_cast<int>(src.folded.size())) {
      cv = &src.folded[in.index];
    }
    ctx.const_inputs.push_back(cv);
  }
  TFM_RETURN_IF_ERROR(InferShapes(ctx, &n.outputs));
  n.folded = Fold(n, ctx.inputs, ctx.const_inputs);
  if (n.folded.size() != n.outputs.size()) n.folded.clear();
  for (size_t i = 0; i < n.folded.size(); ++i) {
    // a folded value is the output's static shape too (TF's inference knows it as well)
    if (n.folded[i].dtype() != n.outputs[i].dtype) {
      n.folded.clear();
      break;
    }
    n.outputs[i].shape = n.folded[i].shape();
    n.outputs[i].unknown_rank = false;
  }
  nodes_.push_back(std::move(n));
  by_name_[name] = num_nodes() - 1;
  return num_nodes() - 1;
}

int Graph::FindNode(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? -1 : it->second;
}

}  // namespace tfm::rt

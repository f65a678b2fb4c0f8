#include "runtime/eager/execute.h"

#include <algorithm>

namespace tfm::rt {

Status Execute(const std::string& op, const std::vector<Tensor>& inputs, const AttrMap& attrs,
               std::vector<Tensor>* outputs) {
  std::vector<DType> types(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) types[i] = inputs[i].valid() ? inputs[i].dtype() : DType::kInvalid;
  Status v = ValidateNode(op, op, types, attrs, NodeSource::kPython);
  if (!v.ok()) return Status(v.code(), v.message() + " [Op:" + op + "]");
  KernelContext ctx{.op = op, .node_name = op, .attrs = &attrs, .inputs = inputs};
  // ValidateNode saw these very tensors' types (a type it could not know, none of a
  // tensor, leaves the check to RunKernel)
  ctx.input_types_checked = std::none_of(types.begin(), types.end(), [](DType t) { return t == DType::kInvalid; });
  Status s = RunKernel(ctx);
  if (!s.ok()) return Status(s.code(), s.message() + " [Op:" + op + "]");
  *outputs = std::move(ctx.outputs);
  return Status::Ok();
}

}  // namespace tfm::rt

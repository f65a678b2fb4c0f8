#include "runtime/eager/execute.h"

namespace tfm::rt {

Status Execute(const std::string& op, const std::vector<Tensor>& inputs, const AttrMap& attrs,
               std::vector<Tensor>* outputs) {
  KernelContext ctx{.op = op, .node_name = op, .attrs = &attrs, .inputs = inputs};
  Status s = RunKernel(ctx);
  if (!s.ok()) return Status(s.code(), s.message() + " [Op:" + op + "]");
  *outputs = std::move(ctx.outputs);
  return Status::Ok();
}

}  // namespace tfm::rt

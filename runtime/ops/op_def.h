// Op definitions, separate from kernels: for each TensorFlow op name ("AddV2", "MatMul",
// "VariableV2") whether it is stateful, which input is a ref input, and a shape function
// used at graph-construction time (static shapes, TF's construction-time ValueErrors).
// Gradients are registered per op name in the Python facade (runtime/python/tensorflow/
// _impl/grads.py), as TensorFlow itself does, and are used by both tf.gradients and the
// tape. Kernels (runtime/kernels/) look up nothing here; the graph builder does.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "runtime/core/status.h"
#include "runtime/core/tensor.h"

namespace tfm::rt {

// One attribute value. Shapes are int lists; "unknown rank" is the attr "<name>_unknown_rank".
using AttrValue = std::variant<std::monostate, int64_t, double, bool, std::string, DType,
                               std::vector<int64_t>, Tensor>;
using AttrMap = std::map<std::string, AttrValue>;

int64_t GetIntAttr(const AttrMap& a, const std::string& k, int64_t def);
bool GetBoolAttr(const AttrMap& a, const std::string& k, bool def);
double GetFloatAttr(const AttrMap& a, const std::string& k, double def);
DType GetTypeAttr(const AttrMap& a, const std::string& k, DType def);
std::string GetStringAttr(const AttrMap& a, const std::string& k, const std::string& def);
std::vector<int64_t> GetIntsAttr(const AttrMap& a, const std::string& k);

// Static type and shape of one op output; unknown_rank when nothing is known.
struct TensorSpec {
  DType dtype = DType::kInvalid;
  Shape shape;
  bool unknown_rank = true;
};

struct ShapeContext {
  std::string op;
  std::string node_name;
  std::vector<TensorSpec> inputs;
  std::vector<const Tensor*> const_inputs;  // value of an input when it is a Const, else null
  const AttrMap* attrs = nullptr;
};

using ShapeFn = Status (*)(const ShapeContext&, std::vector<TensorSpec>*);

struct OpDef {
  std::string name;
  bool stateful = false;
  bool ref_input0 = false;  // input 0 is a ref (Assign*, Apply*): the variable itself
  ShapeFn shape_fn = nullptr;
};

// Null when the op is unknown to the bundled runtime.
const OpDef* LookupOpDef(const std::string& name);
std::vector<std::string> RegisteredOps();

// Runs the op's shape function; errors carry TF's construction-time message.
Status InferShapes(const ShapeContext& ctx, std::vector<TensorSpec>* out);

// Adds the linear algebra / image / convolution-variant ops (op_defs_linalg_image.cc).
void RegisterLinalgImageOpDefs(std::map<std::string, OpDef>& m);

// TF's broadcasting rule on static shapes; error message as TensorFlow's.
Status BroadcastShapes(const Shape& a, const Shape& b, Shape* out);

}  // namespace tfm::rt

// Op definitions, separate from kernels: for each TensorFlow op name ("AddV2", "MatMul",
// "VariableV2") whether it is stateful, which input is a ref input, and a shape function
// used at graph-construction time (static shapes, TF's construction-time ValueErrors).
// Gradients are registered per op name in the Python facade (runtime/python/tensorflow/
// _impl/grads.py), as TensorFlow itself does, and are used by both tf.gradients and the
// tape. Kernels (runtime/kernels/) look up nothing here; the graph builder does.
#pragma once

#include <cstdint>
#include <functional>
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

// ---- signatures: TensorFlow's OpDef facts (tools/gen_op_signatures.py -> op_signatures.inc)
// The kind of an attr. In the runtime's AttrMap a shape and every list kept are int lists
// (list(type) as DataType numbers), a func is a function-library id (an int).
enum class AttrKind : uint8_t {
  kInt, kFloat, kBool, kString, kType, kShape, kTensor, kFunc,
  kListInt, kListFloat, kListBool, kListString, kListType, kListShape, kListTensor, kListFunc,
};
const char* AttrKindName(AttrKind k);  // TF's spelling: "int", "list(type)", ...

// One input or output arg: a single tensor of a fixed `type` (a DataType number) or of
// the type attr `type_attr`; `number_attr` N tensors of one type; or one tensor per
// entry of the list(type) attr `type_list_attr`.
struct ArgSig {
  const char* name;
  int type;  // DataType number; 0 when an attr gives it
  const char* type_attr;
  const char* number_attr;
  const char* type_list_attr;
  bool is_ref;
};
struct AttrSig {
  const char* name;
  AttrKind kind;
  bool has_default;  // not required: TF fills in `default_value` (monostate when not kept)
  bool has_minimum;  // int: the value; list: the length
  int64_t minimum;
  AttrValue default_value;
  // type attrs: the DataType numbers TF allows (bit n = DataType n), 0 when any type is.
  uint32_t allowed_types = 0;
};
struct OpSignature {
  const char* name;
  const char* summary;  // TF's "x:T, y:T -> z:T"
  bool stateful;        // TF's is_stateful
  std::vector<ArgSig> inputs;
  std::vector<ArgSig> outputs;
  std::vector<AttrSig> attrs;
  int fixed_inputs = -1;  // the input count when no arg is a list (set when the table is built)
};
// TF's signature of a registered op (null when the op is unknown).
const OpSignature* LookupOpSignature(const std::string& op);

struct OpDef {
  std::string name;
  bool stateful = false;
  bool ref_input0 = false;  // input 0 is a ref (Assign*, Apply*): the variable itself
  ShapeFn shape_fn = nullptr;
  const OpSignature* signature = nullptr;  // TF's inputs, outputs and attrs
};

// Where a node comes from. A NodeDef (graph file) carries every attr TensorFlow requires;
// the Python facade, like TF's op_def_library, leaves out the attrs the inputs determine
// (type, number and type-list attrs of input args), which are then taken as given.
enum class NodeSource { kPython, kGraphDef };

// Checks a node against its op's TensorFlow signature: its input count (from number and
// list attrs), its input types where attrs fix them, every attr's kind and minimum, and
// that no required attr is missing. Errors are InvalidArgument naming the node and the op
// as TensorFlow's NodeDef validation does; `input_name(i)` ("x:0") is called only for a
// message. A NotFound for an op the runtime does not know.
Status ValidateNode(const std::string& node, const std::string& op, const std::vector<DType>& input_types,
                    const AttrMap& attrs, NodeSource source,
                    const std::function<std::string(size_t)>& input_name = nullptr);
// The kernels' guard on the tensors they get: each input whose type the signature or an
// attr fixes has that type (a condition is bool, a resource is a handle string).
Status CheckKernelInputTypes(const OpSignature& sig, const std::string& node, const std::vector<Tensor>& inputs,
                             const AttrMap& attrs);
// Just the input count against `sig` (the kernels' guard, for eager execution too).
Status CheckInputCount(const OpSignature& sig, const std::string& node, size_t num_inputs, const AttrMap& attrs);

// Null when the op is unknown to the bundled runtime.
const OpDef* LookupOpDef(const std::string& name);
std::vector<std::string> RegisteredOps();

// Runs the op's shape function; errors carry TF's construction-time message.
Status InferShapes(const ShapeContext& ctx, std::vector<TensorSpec>* out);

// Adds the linear algebra / image / convolution-variant ops (op_defs_linalg_image.cc).
void RegisterLinalgImageOpDefs(std::map<std::string, OpDef>& m);

// TF's broadcasting rule on static shapes; error message as TensorFlow's.
Status BroadcastShapes(const Shape& a, const Shape& b, Shape* out);

// Whether a window's sizes are in the bounds in which its arithmetic cannot overflow: TF's
// strides, dilations and ksize attrs are int32, and an input dimension past 2**62 is one of
// a tensor of no elements. Shared by WindowOutputSize and the kernels' MakeWindow.
inline bool WindowInRange(int64_t in, int64_t k, int64_t stride, int64_t dilation) {
  constexpr int64_t kAttrMax = 2147483647;
  return in >= 0 && in <= (int64_t{1} << 62) && k >= 0 && k <= kAttrMax && stride > 0 && stride <= kAttrMax &&
         dilation > 0 && dilation <= kAttrMax;
}

// A convolution's or pooling's output size along one dimension (TF's GetWindowedOutputSize
// for "VALID" and "SAME"); -1 where unknown or where the kernel refuses the window
// (runtime/kernels/window.h: sizes past int32's range, an input past 2**62).
int64_t WindowOutputSize(int64_t in, int64_t k, int64_t stride, int64_t dilation, const std::string& padding);

}  // namespace tfm::rt

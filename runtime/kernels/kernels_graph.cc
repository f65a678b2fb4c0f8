// Kernels for ops that TF1 graph files use and the Python facade does not emit:
// BiasAdd (tf.nn.bias_add, tf.layers.dense) and DivNoNan (tf.losses' weighted means).
// Registered with the other kernels; their shape functions are in ops/op_defs.cc.
#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

template <typename T>
void AddBias(const Tensor& x, const Tensor& b, int64_t channels, int64_t inner, Tensor* out) {
  const T* px = x.data<T>();
  const T* pb = b.data<T>();
  T* po = out->data<T>();
  int64_t n = x.num_elements();
  for (int64_t i = 0; i < n; ++i) po[i] = px[i] + pb[(i / inner) % channels];
}

// BiasAdd(value, bias): bias (1-D) added along the channel dimension: the last one
// (data_format NHWC, the default) or dimension 1 (NCHW).
Status BiasAddK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& b = c.inputs[1];
  bool nchw = GetStringAttr(*c.attrs, "data_format", "NHWC") == "NCHW";
  if (x.dims() < (nchw ? 3 : 2)) return InvalidArgument("Input tensor must be at least 2D: " + x.ShapeString());
  if (b.dims() != 1) return InvalidArgument("Biases must be 1D: " + b.ShapeString());
  int axis = nchw ? 1 : static_cast<int>(x.dims()) - 1;
  int64_t channels = x.dim(axis);
  if (b.dim(0) != channels)
    return InvalidArgument("Must provide as many biases as the last dimension of the input tensor: " + b.ShapeString() +
                           " vs. " + x.ShapeString());
  if (x.dtype() != b.dtype()) return InvalidArgument("BiasAdd: value and bias dtypes differ");
  int64_t inner = 1;
  for (int64_t d = axis + 1; d < x.dims(); ++d) inner *= x.dim(d);
  Tensor out = Tensor::Alloc(x.dtype(), x.shape());
  if (channels > 0 && inner > 0) {
    switch (x.dtype()) {
      case DType::kFloat: AddBias<float>(x, b, channels, inner, &out); break;
      case DType::kDouble: AddBias<double>(x, b, channels, inner, &out); break;
      case DType::kInt32: AddBias<int32_t>(x, b, channels, inner, &out); break;
      case DType::kInt64: AddBias<int64_t>(x, b, channels, inner, &out); break;
      default: return InvalidArgument(std::string("BiasAdd does not support ") + DTypeName(x.dtype()));
    }
  }
  c.outputs = {out};
  return Status::Ok();
}

template <typename T>
void ZeroWhereDivisorZero(const Tensor& y, Tensor* q) {
  const T* py = y.data<T>();
  T* pq = q->data<T>();
  for (int64_t i = 0; i < q->num_elements(); ++i)
    if (py[i] == T(0)) pq[i] = T(0);
}

// DivNoNan(x, y): x / y, and 0 wherever y == 0 (broadcasting as RealDiv).
Status DivNoNanK(KernelContext& c) {
  if (!IsFloating(c.inputs[0].dtype())) return InvalidArgument("DivNoNan supports float32 and float64 only");
  KernelContext div{.op = "RealDiv", .node_name = c.node_name, .attrs = c.attrs, .inputs = c.inputs};
  TFM_RETURN_IF_ERROR(RunKernel(div));
  Tensor q = div.outputs[0];
  Tensor shape = Tensor::Alloc(DType::kInt64, {q.dims()});
  for (int64_t d = 0; d < q.dims(); ++d) shape.data<int64_t>()[d] = q.dim(d);
  KernelContext bc{.op = "BroadcastTo", .node_name = c.node_name, .inputs = {c.inputs[1], shape}};
  TFM_RETURN_IF_ERROR(RunKernel(bc));
  if (q.dtype() == DType::kFloat) ZeroWhereDivisorZero<float>(bc.outputs[0], &q);
  else ZeroWhereDivisorZero<double>(bc.outputs[0], &q);
  c.outputs = {q};
  return Status::Ok();
}

}  // namespace

void RegisterGraphKernels(std::map<std::string, KernelFn>& m) {
  m["BiasAdd"] = BiasAddK;
  m["DivNoNan"] = DivNoNanK;
}

}  // namespace tfm::rt

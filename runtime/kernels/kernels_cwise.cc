// Element-wise kernels computed with plain loops (outside kernels_math.cc's Eigen unit):
// the broadcasting binary Atan2 and TruncateDiv, the unary Rint (half to even), Expm1 and
// the activations Selu, Relu6, Softsign, and Cross (the cross product of [..., 3]
// vectors). Registered by RegisterCwiseKernels; op definitions are in ops/op_defs.cc.
#include <algorithm>
#include <cmath>
#include <map>
#include <type_traits>

#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// ---- broadcasting binary: Atan2(y, x), TruncateDiv(x, y) ----
template <typename T>
T TruncDivT(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if constexpr (std::is_signed_v<T>) {
      if (b == -1) return WrapSub(T(0), a);  // min / -1 wraps (a plain division traps)
    }
    return static_cast<T>(a / b);
  } else {
    return std::trunc(a / b);
  }
}
template <typename T>
Status BinaryExtraTyped(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  if (a.dtype() != b.dtype()) return InvalidArgument(c.op + ": both inputs must have the same dtype");
  Shape os;
  if (!BroadcastShapes(a.shape(), b.shape(), &os).ok())
    return InvalidArgument("Incompatible shapes: " + a.ShapeString() + " vs. " + b.ShapeString());
  bool atan = c.op == "Atan2";
  if constexpr (std::is_integral_v<T>) {
    if (atan) return Unsupported(c, a.dtype());
    // (checked as TF does, per element computed: over no elements nothing fails)
    const int64_t n = NumElements(os);
    for (int64_t i = 0; n > 0 && i < b.num_elements(); ++i)
      if (b.data<T>()[i] == 0) return InvalidArgument("Integer division by zero");
  }
  Tensor out = Tensor::Alloc(a.dtype(), os);
  c.outputs = {out};
  if (out.num_elements() == 0) return Status::Ok();  // (the strides of empty inputs may pass int64)
  int64_t r = static_cast<int64_t>(os.size());
  auto strides = [&](const Shape& s) {
    std::vector<int64_t> st(r, 0);
    int64_t acc = 1;
    for (int64_t i = static_cast<int64_t>(s.size()) - 1, j = r - 1; i >= 0; --i, --j) {
      st[j] = s[i] == 1 ? 0 : acc;
      acc *= s[i];
    }
    return st;
  };
  auto sa = strides(a.shape()), sb = strides(b.shape());
  std::vector<int64_t> idx(r, 0);
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  T* po = out.data<T>();
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    int64_t ia = 0, ib = 0;
    for (int64_t d = 0; d < r; ++d) ia += idx[d] * sa[d], ib += idx[d] * sb[d];
    if constexpr (std::is_integral_v<T>) po[i] = TruncDivT(pa[ia], pb[ib]);
    else po[i] = atan ? std::atan2(pa[ia], pb[ib]) : TruncDivT(pa[ia], pb[ib]);
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < os[d]) break;
      idx[d] = 0;
    }
  }
  c.outputs = {out};
  return Status::Ok();
}
Status BinaryExtraK(KernelContext& c) { TFM_DISPATCH_NUMERIC(c.inputs[0].dtype(), BinaryExtraTyped, c) }

// ---- unary: Rint (half to even), Expm1, Selu, Relu6, Softsign ----
template <typename T>
Status UnaryExtraTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  Tensor out = Tensor::Alloc(x.dtype(), x.shape());
  const T* px = x.data<T>();
  T* po = out.data<T>();
  const std::string& op = c.op;
  const T scale = static_cast<T>(1.0507009873554804934193349852946);
  const T scale_alpha = static_cast<T>(1.7580993408473768599402175208123);
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    T v = px[i];
    if (op == "Rint") po[i] = std::nearbyint(v);
    else if (op == "Expm1") po[i] = std::expm1(v);
    else if (op == "Selu") po[i] = v < T(0) ? scale_alpha * (std::exp(v) - T(1)) : scale * v;
    else if (op == "Softsign") po[i] = v / (std::abs(v) + T(1));
    else po[i] = std::min(std::max(v, T(0)), T(6));  // Relu6
  }
  c.outputs = {out};
  return Status::Ok();
}
// ---- Cross: the cross product of [..., 3] vectors a and b of one shape ----
template <typename T>
Status CrossTyped(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  if (a.shape() != b.shape())
    return InvalidArgument("Both inputs must be of same shape: " + a.ShapeString() + " vs. " + b.ShapeString());
  if (a.dims() < 1) return InvalidArgument("Input must be at least 1D" + a.ShapeString());
  if (a.dim(static_cast<int>(a.dims() - 1)) != 3)
    return InvalidArgument("Dimension " + std::to_string(a.dims() - 1) + " in both shapes must be of size 3");
  Tensor out = Tensor::Alloc(a.dtype(), a.shape());
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  T* po = out.data<T>();
  for (int64_t i = 0; i < a.num_elements(); i += 3) {
    // (integers wrap, as TF's kernel does)
    po[i] = WrapSub(WrapMul(pa[i + 1], pb[i + 2]), WrapMul(pa[i + 2], pb[i + 1]));
    po[i + 1] = WrapSub(WrapMul(pa[i + 2], pb[i]), WrapMul(pa[i], pb[i + 2]));
    po[i + 2] = WrapSub(WrapMul(pa[i], pb[i + 1]), WrapMul(pa[i + 1], pb[i]));
  }
  c.outputs = {out};
  return Status::Ok();
}
Status CrossK(KernelContext& c) {
  if (c.inputs[0].dtype() != c.inputs[1].dtype()) return InvalidArgument("Cross: inputs must have one dtype");
  TFM_DISPATCH_NUMERIC(c.inputs[0].dtype(), CrossTyped, c)
}

Status UnaryExtraK(KernelContext& c) {
  if (c.op == "Relu6" && (c.inputs[0].dtype() == DType::kInt32 || c.inputs[0].dtype() == DType::kInt64)) {
    const Tensor& x = c.inputs[0];
    Tensor out = Tensor::Alloc(x.dtype(), x.shape());
    for (int64_t i = 0; i < x.num_elements(); ++i) {
      int64_t v = std::min<int64_t>(std::max<int64_t>(x.AsInt64(i), 0), 6);
      if (x.dtype() == DType::kInt32) out.data<int32_t>()[i] = static_cast<int32_t>(v);
      else out.data<int64_t>()[i] = v;
    }
    c.outputs = {out};
    return Status::Ok();
  }
  TFM_DISPATCH_FLOAT(c.inputs[0].dtype(), UnaryExtraTyped, c)
}

}  // namespace

void RegisterCwiseKernels(std::map<std::string, KernelFn>& m) {
  m["Atan2"] = BinaryExtraK;
  m["TruncateDiv"] = BinaryExtraK;
  for (const char* n : {"Rint", "Expm1", "Selu", "Relu6", "Softsign"}) m[n] = UnaryExtraK;
  m["Cross"] = CrossK;
}

}  // namespace tfm::rt

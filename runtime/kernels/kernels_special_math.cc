// Special functions of tf.math, element-wise (TensorFlow's cwise_op_lgamma, _digamma,
// _erf, _erfc and polygamma): Lgamma, Digamma, Erf, Erfc (float32/float64, Eigen's
// special functions as TensorFlow uses them) and Polygamma(a, x) (the gradient of
// Digamma). Registered by RegisterSpecialMathKernels; shapes are in ops/op_defs.cc.
#include <cmath>

#include <Eigen/Core>
#include <unsupported/Eigen/SpecialFunctions>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

Status NotAllowedT(const KernelContext& c, DType dt) {
  return InvalidArgument("Value for attr 'T' of " + std::string(DTypeName(dt)) +
                         " is not in the list of allowed values: bfloat16, half, float, double\n\t; NodeDef: {{node " +
                         c.op + "}}; Op<name=" + c.op + ">");
}

enum class Special { kLgamma, kDigamma, kErf, kErfc };

template <typename T>
void ApplySpecial(Special f, const T* a, T* r, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    switch (f) {
      case Special::kLgamma: r[i] = Eigen::numext::lgamma(a[i]); break;
      case Special::kDigamma: r[i] = Eigen::numext::digamma(a[i]); break;
      case Special::kErf: r[i] = Eigen::numext::erf(a[i]); break;
      case Special::kErfc: r[i] = Eigen::numext::erfc(a[i]); break;
    }
  }
}

Status SpecialUnary(KernelContext& c, Special f) {
  const Tensor& x = c.inputs[0];
  Tensor o = Tensor::Alloc(x.dtype(), x.shape());
  if (x.dtype() == DType::kFloat)
    ApplySpecial(f, x.data<float>(), o.data<float>(), x.num_elements());
  else if (x.dtype() == DType::kDouble)
    ApplySpecial(f, x.data<double>(), o.data<double>(), x.num_elements());
  else
    return NotAllowedT(c, x.dtype());
  c.outputs = {o};
  return Status::Ok();
}

Status LgammaK(KernelContext& c) { return SpecialUnary(c, Special::kLgamma); }
Status DigammaK(KernelContext& c) { return SpecialUnary(c, Special::kDigamma); }
Status ErfK(KernelContext& c) { return SpecialUnary(c, Special::kErf); }
Status ErfcK(KernelContext& c) { return SpecialUnary(c, Special::kErfc); }

// Polygamma(a, x): same dtype; equal shapes or one side a scalar (what the Digamma
// gradient and ordinary calls produce).
template <typename T>
void PolygammaTyped(const Tensor& a, const Tensor& x, Tensor* o) {
  int64_t n = o->num_elements();
  bool sa = a.num_elements() == 1, sx = x.num_elements() == 1;
  for (int64_t i = 0; i < n; ++i) {
    const T order = a.data<T>()[sa ? 0 : i];
    // Eigen converts the order to an integer: an infinite or NaN order (no integer) is NaN,
    // as Eigen answers for any other non-integer order, not an undefined conversion.
    o->data<T>()[i] = std::isfinite(order) ? Eigen::numext::polygamma(order, x.data<T>()[sx ? 0 : i])
                                           : std::numeric_limits<T>::quiet_NaN();
  }
}

Status PolygammaK(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& x = c.inputs[1];
  if (a.dtype() != x.dtype()) return InvalidArgument("Polygamma: a and x must have the same dtype");
  if (a.dtype() != DType::kFloat && a.dtype() != DType::kDouble)
    return InvalidArgument("Value for attr 'T' of " + std::string(DTypeName(a.dtype())) +
                           " is not in the list of allowed values: float, double");
  Shape s;
  if (a.shape() == x.shape() || (a.num_elements() == 1 && a.dims() <= x.dims()))
    s = x.shape();
  else if (x.num_elements() == 1 && x.dims() <= a.dims())
    s = a.shape();
  else
    return InvalidArgument("Incompatible shapes: " + a.ShapeString() + " vs. " + x.ShapeString() +
                           " (the bundled runtime's Polygamma broadcasts scalars only)");
  Tensor o = Tensor::Alloc(a.dtype(), s);
  if (a.dtype() == DType::kFloat)
    PolygammaTyped<float>(a, x, &o);
  else
    PolygammaTyped<double>(a, x, &o);
  c.outputs = {o};
  return Status::Ok();
}

}  // namespace

void RegisterSpecialMathKernels(std::map<std::string, KernelFn>& m) {
  m["Lgamma"] = LgammaK; m["Digamma"] = DigammaK; m["Erf"] = ErfK; m["Erfc"] = ErfcK;
  m["Polygamma"] = PolygammaK;
}

}  // namespace tfm::rt

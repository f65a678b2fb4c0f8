// Elementwise, matmul, reduction and nn kernels. All Eigen instantiations of the runtime
// live in this translation unit (build time on 2 cores).
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <limits>
#include <thread>

#if defined(__SSE__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/gemm.h"
#include "runtime/kernels/kernel.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace tfm::rt {

namespace {
// Whether the 1-minute load average has reached the number of cores.
bool MachineSaturated() {
  double load[1] = {0};
  return getloadavg(load, 1) == 1 && load[0] >= static_cast<double>(std::thread::hardware_concurrency());
}
}  // namespace

void ConfigureKernelThreads() {
#ifdef _OPENMP
  if (!std::getenv("OMP_DYNAMIC")) omp_set_dynamic(MachineSaturated() ? 1 : 0);
#endif
}

namespace {

template <typename T> using Arr = Eigen::Map<Eigen::Array<T, Eigen::Dynamic, 1>>;
template <typename T> using CArr = Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>;

Status TypeMismatch(const KernelContext& c, int i) {
  return InvalidArgument("cannot compute " + c.op + " as input #" + std::to_string(i) +
                         "(zero-based) was expected to be a " + DTypeName(c.inputs[0].dtype()) +
                         " tensor but is a " + DTypeName(c.inputs[i].dtype()) + " tensor");
}

// Strides of `in` (rank-aligned to out) with 0 on broadcast dimensions.
std::vector<int64_t> BStrides(const Shape& in, const Shape& out) {
  std::vector<int64_t> st(out.size(), 0);
  int64_t s = 1;
  for (int i = static_cast<int>(in.size()) - 1, j = static_cast<int>(out.size()) - 1; i >= 0; --i, --j) {
    st[j] = in[i] == 1 ? 0 : s;
    s *= in[i];
  }
  return st;
}

template <typename T, typename R, typename F>
Status Binary(KernelContext& c, DType out_dtype, F f) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  Shape out_shape;
  if (a.shape() == b.shape()) {
    out_shape = a.shape();
  } else {
    Status s = BroadcastShapes(a.shape(), b.shape(), &out_shape);
    if (!s.ok()) return InvalidArgument("Incompatible shapes: " + a.ShapeString() + " vs. " + b.ShapeString());
  }
  Tensor o = Tensor::Alloc(out_dtype, out_shape);
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  R* po = o.data<R>();
  int64_t n = o.num_elements();
  if (n == 0) {
    // (nothing to compute; an empty input's strides may pass int64)
  } else if (a.shape() == b.shape()) {
    for (int64_t i = 0; i < n; ++i) po[i] = f(pa[i], pb[i]);
  } else if (a.num_elements() == 1) {
    for (int64_t i = 0; i < n; ++i) po[i] = f(pa[0], pb[i]);
  } else if (b.num_elements() == 1) {
    for (int64_t i = 0; i < n; ++i) po[i] = f(pa[i], pb[0]);
  } else {
    auto sa = BStrides(a.shape(), out_shape), sb = BStrides(b.shape(), out_shape);
    int r = static_cast<int>(out_shape.size());
    std::vector<int64_t> idx(r, 0);
    int64_t ia = 0, ib = 0;
    for (int64_t i = 0; i < n; ++i) {
      po[i] = f(pa[ia], pb[ib]);
      for (int d = r - 1; d >= 0; --d) {
        ++idx[d];
        ia += sa[d];
        ib += sb[d];
        if (idx[d] < out_shape[d]) break;
        ia -= sa[d] * idx[d];
        ib -= sb[d] * idx[d];
        idx[d] = 0;
      }
    }
  }
  c.outputs = {o};
  return Status::Ok();
}

// a / b and a % b of integers, b != 0; the one quotient that overflows (min / -1) wraps.
template <typename T>
T IntDiv(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return WrapSub(T(0), a);
  }
  return static_cast<T>(a / b);
}
template <typename T>
T IntMod(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return T(0);
  }
  return static_cast<T>(a % b);
}

template <typename T>
T FloorDivT(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if constexpr (std::is_signed_v<T>) {
      if (b == -1) return WrapSub(T(0), a);
    }
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  } else {
    return std::floor(a / b);
  }
}
template <typename T>
T FloorModT(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    T m = IntMod(a, b);
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
  } else {
    T m = std::fmod(a, b);
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
  }
}
template <typename T>
T PowT(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    // by squaring (b >= 0: the kernel refuses negative integer powers first)
    T r = 1;
    for (; b > 0; b = static_cast<T>(b / 2)) {
      if (b % 2) r = WrapMul(r, a);
      a = WrapMul(a, a);
    }
    return r;
  } else {
    return std::pow(a, b);
  }
}

enum class BinOp { kAdd, kSub, kMul, kDiv, kFloorDiv, kFloorMod, kPow, kMax, kMin, kSqDiff,
                   kEq, kNe, kLt, kLe, kGt, kGe, kAnd, kOr, kReluGrad };

// Whether a binary op's broadcast output has elements. TF checks an integer divisor (or an
// integer power's exponent) as it computes each element: over no elements (a reduction's
// axes of a scalar, `(axes + rank) % rank` with rank 0) nothing fails. Incompatible shapes:
// false, and the op reports those first.
inline bool OutputHasElements(const KernelContext& c) {
  Shape os;
  if (!BroadcastShapes(c.inputs[0].shape(), c.inputs[1].shape(), &os).ok()) return false;
  for (int64_t d : os)
    if (d == 0) return false;
  return true;
}

template <typename T>
Status BinaryTyped(KernelContext& c, BinOp op) {
  DType dt = c.inputs[0].dtype();
  switch (op) {
    case BinOp::kAdd: return Binary<T, T>(c, dt, [](T a, T b) { return WrapAdd(a, b); });
    case BinOp::kSub: return Binary<T, T>(c, dt, [](T a, T b) { return WrapSub(a, b); });
    case BinOp::kMul: return Binary<T, T>(c, dt, [](T a, T b) { return WrapMul(a, b); });
    case BinOp::kDiv:
      if constexpr (std::is_integral_v<T>) {
        for (int64_t i = 0, live = OutputHasElements(c); live && i < c.inputs[1].num_elements(); ++i)
          if (c.inputs[1].data<T>()[i] == 0) return InvalidArgument("Integer division by zero");
      }
      if constexpr (std::is_integral_v<T>) return Binary<T, T>(c, dt, [](T a, T b) { return IntDiv(a, b); });
      return Binary<T, T>(c, dt, [](T a, T b) { return static_cast<T>(a / b); });
    case BinOp::kFloorDiv:
      if constexpr (std::is_integral_v<T>) {
        for (int64_t i = 0, live = OutputHasElements(c); live && i < c.inputs[1].num_elements(); ++i)
          if (c.inputs[1].data<T>()[i] == 0) return InvalidArgument("Integer division by zero");
      }
      return Binary<T, T>(c, dt, [](T a, T b) { return FloorDivT(a, b); });
    case BinOp::kFloorMod:
      if constexpr (std::is_integral_v<T>) {
        for (int64_t i = 0, live = OutputHasElements(c); live && i < c.inputs[1].num_elements(); ++i)
          if (c.inputs[1].data<T>()[i] == 0) return InvalidArgument("Integer division by zero");
      }
      return Binary<T, T>(c, dt, [](T a, T b) { return FloorModT(a, b); });
    case BinOp::kPow:
      if constexpr (std::is_integral_v<T>) {
        for (int64_t i = 0, live = OutputHasElements(c); live && i < c.inputs[1].num_elements(); ++i)
          if (c.inputs[1].data<T>()[i] < 0) return InvalidArgument("Integers to negative integer powers are not allowed");
      }
      return Binary<T, T>(c, dt, [](T a, T b) { return PowT(a, b); });
    case BinOp::kMax: return Binary<T, T>(c, dt, [](T a, T b) { return std::max(a, b); });
    case BinOp::kMin: return Binary<T, T>(c, dt, [](T a, T b) { return std::min(a, b); });
    case BinOp::kSqDiff: return Binary<T, T>(c, dt, [](T a, T b) { return WrapMul(WrapSub(a, b), WrapSub(a, b)); });
    // ReluGrad(gradients, features): the gradient where the feature is positive, else 0.
    case BinOp::kReluGrad: return Binary<T, T>(c, dt, [](T g, T x) { return x > T(0) ? g : T(0); });
    case BinOp::kEq: return Binary<T, bool>(c, DType::kBool, [](T a, T b) { return a == b; });
    case BinOp::kNe: return Binary<T, bool>(c, DType::kBool, [](T a, T b) { return a != b; });
    case BinOp::kLt: return Binary<T, bool>(c, DType::kBool, [](T a, T b) { return a < b; });
    case BinOp::kLe: return Binary<T, bool>(c, DType::kBool, [](T a, T b) { return a <= b; });
    case BinOp::kGt: return Binary<T, bool>(c, DType::kBool, [](T a, T b) { return a > b; });
    case BinOp::kGe: return Binary<T, bool>(c, DType::kBool, [](T a, T b) { return a >= b; });
    default: return InvalidArgument("unsupported");
  }
}

// float16 elementwise kernels: each value widened to float32, the float32 kernel, each float
// result rounded back to half. Eigen::half computes its arithmetic and functions the same way
// (through float, one rounding per op), so the results are TensorFlow's.
template <typename Fn>
Status ThroughFloat(KernelContext& c, Fn fn) {
  KernelContext f = c;
  for (Tensor& t : f.inputs)
    if (t.dtype() == DType::kHalf) t = t.CastTo(DType::kFloat);
  TFM_RETURN_IF_ERROR(fn(f));
  c.outputs.clear();
  for (Tensor& t : f.outputs) c.outputs.push_back(t.dtype() == DType::kFloat ? t.CastTo(DType::kHalf) : t);
  return Status::Ok();
}

Status BinaryDispatch(KernelContext& c, BinOp op) {
  if (c.inputs[0].dtype() != c.inputs[1].dtype()) return TypeMismatch(c, 1);
  DType dt = c.inputs[0].dtype();
  if (op == BinOp::kAnd || op == BinOp::kOr) {
    if (dt != DType::kBool) return InvalidArgument(c.op + " requires bool inputs");
    return op == BinOp::kAnd ? Binary<bool, bool>(c, dt, [](bool a, bool b) { return a && b; })
                             : Binary<bool, bool>(c, dt, [](bool a, bool b) { return a || b; });
  }
  switch (dt) {
    case DType::kFloat: return BinaryTyped<float>(c, op);
    case DType::kDouble: return BinaryTyped<double>(c, op);
    case DType::kInt32: return BinaryTyped<int32_t>(c, op);
    case DType::kInt64: return BinaryTyped<int64_t>(c, op);
    case DType::kUInt8: return BinaryTyped<uint8_t>(c, op);
    case DType::kInt16: return BinaryTyped<int16_t>(c, op);
    case DType::kInt8: return BinaryTyped<int8_t>(c, op);
    case DType::kHalf: return ThroughFloat(c, [op](KernelContext& f) { return BinaryTyped<float>(f, op); });
    case DType::kBool:
      if (op == BinOp::kEq) return Binary<bool, bool>(c, DType::kBool, [](bool a, bool b) { return a == b; });
      if (op == BinOp::kNe) return Binary<bool, bool>(c, DType::kBool, [](bool a, bool b) { return a != b; });
      break;
    case DType::kString:
      if (op == BinOp::kAdd || op == BinOp::kEq || op == BinOp::kNe) {
        const Tensor& a = c.inputs[0];
        const Tensor& b = c.inputs[1];
        Shape s;
        TFM_RETURN_IF_ERROR(BroadcastShapes(a.shape(), b.shape(), &s));
        if (a.num_elements() != NumElements(s) && a.num_elements() != 1) return Unimplemented("string broadcast");
        if (b.num_elements() != NumElements(s) && b.num_elements() != 1) return Unimplemented("string broadcast");
        int64_t n = NumElements(s);
        auto ga = [&](int64_t i) -> const std::string& { return a.strings()[a.num_elements() == 1 ? 0 : i]; };
        auto gb = [&](int64_t i) -> const std::string& { return b.strings()[b.num_elements() == 1 ? 0 : i]; };
        if (op == BinOp::kAdd) {
          std::vector<std::string> v(n);
          for (int64_t i = 0; i < n; ++i) v[i] = ga(i) + gb(i);
          c.outputs = {Tensor::String(std::move(v), s)};
        } else {
          Tensor o = Tensor::Alloc(DType::kBool, s);
          for (int64_t i = 0; i < n; ++i) o.data<bool>()[i] = (ga(i) == gb(i)) == (op == BinOp::kEq);
          c.outputs = {o};
        }
        return Status::Ok();
      }
      break;
    default: break;
  }
  return InvalidArgument("Could not find device for node: {{node " + c.op + "}} = " + c.op + "[T=" +
                         DTypeEnumName(dt) + "]");
}

#define TFM_BIN(NAME, OP) \
  Status NAME(KernelContext& c) { return BinaryDispatch(c, BinOp::OP); }
TFM_BIN(AddK, kAdd)
TFM_BIN(ReluGradK, kReluGrad)
TFM_BIN(SubK, kSub)
TFM_BIN(MulK, kMul)
TFM_BIN(DivK, kDiv)
TFM_BIN(FloorDivK, kFloorDiv)
TFM_BIN(FloorModK, kFloorMod)
TFM_BIN(PowK, kPow)
TFM_BIN(MaxK, kMax)
TFM_BIN(MinK, kMin)
TFM_BIN(SqDiffK, kSqDiff)
TFM_BIN(EqK, kEq)
TFM_BIN(NeK, kNe)
TFM_BIN(LtK, kLt)
TFM_BIN(LeK, kLe)
TFM_BIN(GtK, kGt)
TFM_BIN(GeK, kGe)
TFM_BIN(AndK, kAnd)
TFM_BIN(OrK, kOr)
#undef TFM_BIN

// Rsqrt on float32 as TensorFlow's CPU kernel computes it (Eigen under EIGEN_FAST_MATH, AVX
// packets of 8): the elements of whole packets get the processor's rsqrt estimate refined by
// one Newton step (Eigen's generic_rsqrt_newton_step: h = (x*r)*r - 1, r += (r*-0.5)*h,
// multiplies and adds unfused as in TF's non-FMA build; a NaN result keeps the estimate), the
// remaining n % 8 elements 1/sqrt(x). The estimate is the same instruction's (rsqrtps; its
// 128- and 256-bit forms agree per element), so results match TF's on this processor.
void TfRsqrtFloat(const float* a, float* r, int64_t n) {
  int64_t packets = (n / 8) * 8;
#if defined(__SSE__) || defined(_M_X64)
  const __m128 minus_half = _mm_set1_ps(-0.5f), minus_one = _mm_set1_ps(-1.0f);
  for (int64_t i = 0; i < packets; i += 4) {
    __m128 x = _mm_loadu_ps(a + i);
    __m128 est = _mm_rsqrt_ps(x);
    __m128 r2 = _mm_mul_ps(x, est);
    __m128 half_r = _mm_mul_ps(est, minus_half);
    __m128 h = _mm_add_ps(_mm_mul_ps(r2, est), minus_one);
    __m128 inv = _mm_add_ps(_mm_mul_ps(half_r, h), est);
    __m128 nan = _mm_cmpunord_ps(inv, inv);
    _mm_storeu_ps(r + i, _mm_or_ps(_mm_and_ps(nan, est), _mm_andnot_ps(nan, inv)));
  }
#else
  packets = 0;  // no estimate instruction to match: every element exact
#endif
  for (int64_t i = packets; i < n; ++i) r[i] = 1.0f / std::sqrt(a[i]);
}

// Tanh on float32 as TensorFlow 2.21's Eigen computes it, packets and scalars alike
// (ptanh_float under EIGEN_FAST_MATH, TF's non-FMA clamp): the input clamped to
// +-7.90738964080810547, then x + x^3 * p(x^2) over q(x^2), the [9,8] rational minimax
// approximation; multiplies and adds unfused (-ffp-contract=off). The system Eigen 3.4's
// older approximation differs from it in the last bits.
float TfTanhFloat(float a) {
  const float c = 7.90738964080810547f;
  const float x = std::max(std::min(a, c), -c);
  const float x2 = x * x;
  const float x3 = x2 * x;
  float p = 1.394553628e-8f;
  p = p * x2 + 2.102733560e-5f;
  p = p * x2 + 3.520756727e-3f;
  p = p * x2 + 1.340216100e-1f;
  float q = 8.015776984e-7f;
  q = q * x2 + 3.326951409e-4f;
  q = q * x2 + 2.597254514e-2f;
  q = q * x2 + 4.673548340e-1f;
  q = q * x2 + 1.0f;
  p = x3 * p + x;
  return p / q;
}

// float32 exp as TensorFlow 2.21 computes it: its Eigen's pexp_float (a 6th-order polynomial
// in r = x - m ln 2, 2^m put in by pldexp), on AVX packets of 8 counted from the tensor's
// start, multiplies and adds unfused (TF's x86 build has no FMA; the kernels are built with
// -ffp-contract=off); a packet with any |x| > 87 scales by the four-factor pldexp, whose
// steps flush to zero under TF's denormal mode (RunKernel sets it); the n % 8 values left
// go through std::exp, as Eigen's scalar tail does. Eigen 3.4's own exp (Cephes polynomial,
// SSE packets of 4) differs by an ulp on about 2% of values.
float FloatFromBits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

float TfExpLane(float in, bool generic_ldexp) {
  if (std::isnan(in)) return in;
  const float x = 88.723f < in ? 88.723f : in;
  const float m = std::floor(x * 1.44269504088896341f + 0.5f);
  float r = m * -0.693359375f + x;
  r = m * 2.12194440e-4f + r;
  const float r2 = r * r;
  float p_even = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
  const float p_odd = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
  p_even = r2 * p_even + 0.49999988079071044921875f;
  const float p_low = r + 1.0f;
  float y = r * p_odd + p_even;
  y = r2 * y + p_low;
  float out;
  if (!generic_ldexp) {
    const float biased = std::min(std::max(m + 127.0f, 0.0f), 255.0f);
    out = y * FloatFromBits(static_cast<uint32_t>(static_cast<int32_t>(biased)) << 23);
  } else {
    if (in < -104.0f) return 0.0f;
    const int32_t e = static_cast<int32_t>(std::min(std::max(m, -278.0f), 278.0f));
    const int32_t b = e >> 2;  // floor(e / 4)
    const float c = FloatFromBits(static_cast<uint32_t>(b + 127) << 23);
    out = y * c * c * c;
    out = out * FloatFromBits(static_cast<uint32_t>(e - 3 * b + 127) << 23);
  }
  return out < in ? in : out;  // pmax(out, x)
}

void TfExpFloat(const float* a, float* r, int64_t n) {
  constexpr int64_t P = 8;
  const int64_t packed = n - n % P;
  for (int64_t i = 0; i < packed; i += P) {
    bool generic = false;
    for (int64_t l = 0; l < P; ++l) {
      const float x = 88.723f < a[i + l] ? 88.723f : a[i + l];
      generic = generic || 87.0f < std::fabs(x);
    }
    for (int64_t l = 0; l < P; ++l) r[i + l] = TfExpLane(a[i + l], generic);
  }
  for (int64_t i = packed; i < n; ++i) r[i] = std::exp(a[i]);
}

enum class UnOp { kNeg, kAbs, kSign, kSquare, kSqrt, kRsqrt, kExp, kLog, kLog1p, kSin, kCos, kRelu,
                  kSigmoid, kTanh, kFloor, kCeil, kRound, kReciprocal, kSoftplus };

template <typename T>
Status UnaryTyped(KernelContext& c, UnOp op) {
  const Tensor& x = c.inputs[0];
  Tensor o = Tensor::Alloc(x.dtype(), x.shape());
  int64_t n = x.num_elements();
  CArr<T> a(x.data<T>(), n);
  Arr<T> r(o.data<T>(), n);
  constexpr bool kFloat = std::is_floating_point_v<T>;
  switch (op) {
    // integers wrap (the minimum's negation and absolute value are the minimum), as TF's do
    case UnOp::kNeg:
      if constexpr (kFloat) r = -a;
      else for (int64_t i = 0; i < n; ++i) r[i] = WrapSub(T(0), a[i]);
      break;
    case UnOp::kAbs:
      if constexpr (kFloat) r = a.abs();
      else for (int64_t i = 0; i < n; ++i) r[i] = a[i] < 0 ? WrapSub(T(0), a[i]) : a[i];
      break;
    case UnOp::kSign: for (int64_t i = 0; i < n; ++i) r[i] = static_cast<T>((a[i] > 0) - (a[i] < 0)); break;
    case UnOp::kSquare:
      if constexpr (kFloat) r = a * a;
      else for (int64_t i = 0; i < n; ++i) r[i] = WrapMul(a[i], a[i]);
      break;
    case UnOp::kRelu: r = a.max(T(0)); break;
    default:
      if constexpr (kFloat) {
        switch (op) {
          // correctly rounded, as TensorFlow's (Eigen 3.4's packet sqrt under EIGEN_FAST_MATH is
          // rsqrt plus a Newton step, 1 ulp off on float32 now and then)
          case UnOp::kSqrt: for (int64_t i = 0; i < n; ++i) r[i] = std::sqrt(a[i]); break;
          case UnOp::kRsqrt:
            if constexpr (std::is_same_v<T, float>) TfRsqrtFloat(x.data<float>(), o.data<float>(), n);
            else r = a.rsqrt();
            break;
          case UnOp::kExp:
            if constexpr (std::is_same_v<T, float>) TfExpFloat(x.data<float>(), o.data<float>(), n);
            else r = a.exp();
            break;
          case UnOp::kLog: r = a.log(); break;
          case UnOp::kLog1p: r = a.log1p(); break;
          case UnOp::kSin: r = a.sin(); break;
          case UnOp::kCos: r = a.cos(); break;
          case UnOp::kSigmoid: r = T(1) / (T(1) + (-a).exp()); break;
          case UnOp::kTanh:
            if constexpr (std::is_same_v<T, float>) {
              for (int64_t i = 0; i < n; ++i) r[i] = TfTanhFloat(a[i]);
            } else {
              r = a.tanh();
            }
            break;
          case UnOp::kFloor: r = a.floor(); break;
          case UnOp::kCeil: r = a.ceil(); break;
          case UnOp::kRound: for (int64_t i = 0; i < n; ++i) r[i] = std::nearbyint(a[i]); break;
          case UnOp::kReciprocal: r = a.inverse(); break;
          case UnOp::kSoftplus: for (int64_t i = 0; i < n; ++i) r[i] = a[i] > 0 ? a[i] + std::log1p(std::exp(-a[i])) : std::log1p(std::exp(a[i])); break;
          default: break;
        }
      } else {
        return InvalidArgument("Value for attr 'T' of " + std::string(DTypeName(x.dtype())) +
                               " is not in the list of allowed values: bfloat16, half, float, double\n\t; NodeDef: {{node " +
                               c.op + "}}; Op<name=" + c.op + ">");
      }
  }
  c.outputs = {o};
  return Status::Ok();
}

Status UnaryDispatch(KernelContext& c, UnOp op) {
  switch (c.inputs[0].dtype()) {
    case DType::kFloat: return UnaryTyped<float>(c, op);
    case DType::kDouble: return UnaryTyped<double>(c, op);
    case DType::kInt32: return UnaryTyped<int32_t>(c, op);
    case DType::kInt64: return UnaryTyped<int64_t>(c, op);
    case DType::kUInt8: return UnaryTyped<uint8_t>(c, op);
    case DType::kInt16: return UnaryTyped<int16_t>(c, op);
    case DType::kInt8: return UnaryTyped<int8_t>(c, op);
    case DType::kHalf: return ThroughFloat(c, [op](KernelContext& f) { return UnaryTyped<float>(f, op); });
    default: return InvalidArgument(c.op + ": unsupported dtype " + DTypeName(c.inputs[0].dtype()));
  }
}

#define TFM_UN(NAME, OP) \
  Status NAME(KernelContext& c) { return UnaryDispatch(c, UnOp::OP); }
TFM_UN(NegK, kNeg)
TFM_UN(AbsK, kAbs)
TFM_UN(SignK, kSign)
TFM_UN(SquareK, kSquare)
TFM_UN(SqrtK, kSqrt)
TFM_UN(RsqrtK, kRsqrt)
TFM_UN(ExpK, kExp)
TFM_UN(LogK, kLog)
TFM_UN(Log1pK, kLog1p)
TFM_UN(SinK, kSin)
TFM_UN(CosK, kCos)
TFM_UN(ReluK, kRelu)
TFM_UN(SigmoidK, kSigmoid)
TFM_UN(TanhK, kTanh)
TFM_UN(FloorK, kFloor)
TFM_UN(CeilK, kCeil)
TFM_UN(RoundK, kRound)
TFM_UN(ReciprocalK, kReciprocal)
TFM_UN(SoftplusK, kSoftplus)
#undef TFM_UN

Status LogicalNotK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  Tensor o = Tensor::Alloc(DType::kBool, x.shape());
  for (int64_t i = 0; i < x.num_elements(); ++i) o.data<bool>()[i] = !x.data<bool>()[i];
  c.outputs = {o};
  return Status::Ok();
}

template <typename T>
Status MatMulTyped(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  bool ta = GetBoolAttr(*c.attrs, "transpose_a", false), tb = GetBoolAttr(*c.attrs, "transpose_b", false);
  int64_t m = ta ? a.dim(1) : a.dim(0), k = ta ? a.dim(0) : a.dim(1);
  int64_t k2 = tb ? b.dim(1) : b.dim(0), n = tb ? b.dim(0) : b.dim(1);
  if (k != k2)
    return InvalidArgument("Matrix size-incompatible: In[0]: " + a.ShapeString() + ", In[1]: " + b.ShapeString());
  Tensor o = Tensor::Alloc(a.dtype(), {m, n});
  MatrixProduct<T>({a.data<T>(), a.dim(1), ta}, {b.data<T>(), b.dim(1), tb}, m, n, k, o.data<T>(), n, false);
  c.outputs = {o};
  return Status::Ok();
}

Status MatMulK(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  if (a.dtype() != b.dtype()) return TypeMismatch(c, 1);
  if (a.dims() != 2) return InvalidArgument("In[0] is not a matrix. Instead it has shape " + a.ShapeString());
  if (b.dims() != 2) return InvalidArgument("In[1] is not a matrix. Instead it has shape " + b.ShapeString());
  switch (a.dtype()) {
    case DType::kFloat: return MatMulTyped<float>(c);
    case DType::kDouble: return MatMulTyped<double>(c);
    case DType::kInt32: return MatMulTyped<int32_t>(c);
    case DType::kInt64: return MatMulTyped<int64_t>(c);
    default: return InvalidArgument("MatMul: unsupported dtype");
  }
}

// BatchMatMulV2: one matrix product per batch index; batch dimensions broadcast
// (numpy rules), adj_x / adj_y transpose the last two dimensions of an input.
template <typename T>
Status BatchMatMulTyped(KernelContext& c, const std::vector<int64_t>& batch, int64_t m, int64_t k, int64_t n) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  const bool ax = GetBoolAttr(*c.attrs, "adj_x", false), ay = GetBoolAttr(*c.attrs, "adj_y", false);
  const int ra = a.dims(), rb = b.dims(), r = static_cast<int>(batch.size());
  const int64_t a_rows = a.dim(ra - 2), a_cols = a.dim(ra - 1), b_rows = b.dim(rb - 2), b_cols = b.dim(rb - 1);
  std::vector<int64_t> out_shape = batch;
  out_shape.push_back(m);
  out_shape.push_back(n);
  Tensor o = Tensor::Alloc(a.dtype(), out_shape);
  c.outputs = {o};
  if (o.num_elements() == 0) return Status::Ok();  // (an empty input's batch may pass int64)
  const int64_t count = NumElements(batch);
  // Strides (in matrices) of each output batch dimension in a and b; 0 where broadcast.
  std::vector<int64_t> sa(r, 0), sb(r, 0);
  int64_t pa = 1, pb = 1;
  for (int i = r - 1, ia = ra - 3, ib = rb - 3; i >= 0; --i, --ia, --ib) {
    if (ia >= 0) {
      sa[i] = a.dim(ia) == 1 ? 0 : pa;
      pa *= a.dim(ia);
    }
    if (ib >= 0) {
      sb[i] = b.dim(ib) == 1 ? 0 : pb;
      pb *= b.dim(ib);
    }
  }
  std::vector<int64_t> idx(r, 0);
  for (int64_t q = 0; q < count; ++q) {
    int64_t oa = 0, ob = 0;
    for (int i = 0; i < r; ++i) {
      oa += idx[i] * sa[i];
      ob += idx[i] * sb[i];
    }
    MatrixProduct<T>({a.data<T>() + oa * a_rows * a_cols, a_cols, ax}, {b.data<T>() + ob * b_rows * b_cols, b_cols, ay},
                     m, n, k, o.data<T>() + q * m * n, n, false);
    for (int i = r - 1; i >= 0; --i) {
      if (++idx[i] < batch[i]) break;
      idx[i] = 0;
    }
  }
  c.outputs = {o};
  return Status::Ok();
}

Status BatchMatMulK(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& b = c.inputs[1];
  if (a.dtype() != b.dtype()) return TypeMismatch(c, 1);
  if (a.dims() < 2) return InvalidArgument("In[0] ndims must be >= 2: " + std::to_string(a.dims()));
  if (b.dims() < 2) return InvalidArgument("In[1] ndims must be >= 2: " + std::to_string(b.dims()));
  const bool ax = GetBoolAttr(*c.attrs, "adj_x", false), ay = GetBoolAttr(*c.attrs, "adj_y", false);
  int64_t m = a.dim(a.dims() - (ax ? 1 : 2)), k = a.dim(a.dims() - (ax ? 2 : 1));
  int64_t k2 = b.dim(b.dims() - (ay ? 1 : 2)), n = b.dim(b.dims() - (ay ? 2 : 1));
  if (k != k2)
    return InvalidArgument("Matrix size-incompatible: In[0]: " + a.ShapeString() + ", In[1]: " + b.ShapeString());
  const int r = std::max(a.dims(), b.dims()) - 2;
  std::vector<int64_t> batch(r);
  for (int i = 0; i < r; ++i) {
    int ia = a.dims() - 2 - r + i, ib = b.dims() - 2 - r + i;
    int64_t da = ia >= 0 ? a.dim(ia) : 1, db = ib >= 0 ? b.dim(ib) : 1;
    if (da != db && da != 1 && db != 1)
      return InvalidArgument("In[0] and In[1] must have compatible batch dimensions: " + a.ShapeString() + " vs. " +
                             b.ShapeString());
    batch[i] = da == 1 ? db : da;
  }
  switch (a.dtype()) {
    case DType::kFloat: return BatchMatMulTyped<float>(c, batch, m, k, n);
    case DType::kDouble: return BatchMatMulTyped<double>(c, batch, m, k, n);
    case DType::kInt32: return BatchMatMulTyped<int32_t>(c, batch, m, k, n);
    case DType::kInt64: return BatchMatMulTyped<int64_t>(c, batch, m, k, n);
    default: return InvalidArgument("BatchMatMulV2: unsupported dtype");
  }
}

// CheckNumerics: the input unchanged, or InvalidArgument naming NaN or Inf (NaN first,
// as TF checks it) after the op's message.
template <typename T>
Status CheckNumericsTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  bool nan = false, inf = false;
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    T v = x.data<T>()[i];
    nan |= std::isnan(static_cast<double>(v));
    inf |= std::isinf(static_cast<double>(v));
  }
  if (nan || inf) {
    std::string msg = GetStringAttr(*c.attrs, "message", "");
    return InvalidArgument(msg + " : Tensor had " + (nan && inf ? "Inf and NaN" : nan ? "NaN" : "Inf") + " values");
  }
  c.outputs = {x};
  return Status::Ok();
}

Status CheckNumericsK(KernelContext& c) {
  switch (c.inputs[0].dtype()) {
    case DType::kFloat: return CheckNumericsTyped<float>(c);
    case DType::kDouble: return CheckNumericsTyped<double>(c);
    default: return InvalidArgument("CheckNumerics: unsupported dtype");
  }
}

// ---- reductions ----
enum class RedOp { kSum, kMean, kMax, kMin, kProd, kAll, kAny };

Status ReductionAxes(const KernelContext& c, std::vector<bool>* reduce) {
  const Tensor& x = c.inputs[0];
  const Tensor& ax = c.inputs[1];
  int64_t r = x.dims();
  reduce->assign(r, false);
  for (int64_t i = 0; i < ax.num_elements(); ++i) {
    int64_t a = ax.AsInt64(i);
    if (a < -r || a >= r)
      return InvalidArgument("Invalid reduction dimension (" + std::to_string(a) + " for input with " +
                             std::to_string(r) + " dimension(s)");
    (*reduce)[a < 0 ? a + r : a] = true;
  }
  return Status::Ok();
}

// The order in which TensorFlow's CPU kernels (Eigen's InnerMostDimReducer, AVX packets: 8
// floats or 4 doubles) add the contiguous values of one output, as TF 2.21's Eigen does it
// (TensorReduction.h): four packet accumulators over runs of four packets, folded into the
// first one by one (0 += 1, 0 += 2, 0 += 3); the packets left one at a time; the scalar tail;
// then tail + the horizontal sum of the packet. Above 1024 packets the range splits in two
// (at a packet boundary counted from the tensor's start) and the halves add. A plain running
// sum of 10^4 float32 values near 100 loses about 1e-5 of its value; in this order the bits
// are TensorFlow's (full reductions split across threads are not modelled).
template <typename T>
T EigenInnerSum(const T* base, int64_t first, int64_t n) {
  constexpr int64_t P = sizeof(T) == 4 ? 8 : 4;
  constexpr int64_t kLeaf = 1024;
  if (n > P * kLeaf) {
    const int64_t half = (n + 1) / 2;
    const int64_t split = P * ((first + half + P - 1) / P);
    const int64_t left = std::min(split - first, n);
    T acc = T(0) + EigenInnerSum(base, first, left);
    if (left < n) acc += EigenInnerSum(base, split, n - left);
    return acc;
  }
  T p0[P] = {};
  const T* x = base + first;
  int64_t start = 0;
  if (n >= 4 * P) {
    const int64_t v4 = (n / (4 * P)) * 4 * P;
    T p1[P] = {}, p2[P] = {}, p3[P] = {};
    for (int64_t j = 0; j < v4; j += 4 * P)
      for (int64_t l = 0; l < P; ++l) {
        p0[l] += x[j + l];
        p1[l] += x[j + P + l];
        p2[l] += x[j + 2 * P + l];
        p3[l] += x[j + 3 * P + l];
      }
    for (int64_t l = 0; l < P; ++l) p0[l] += p1[l];
    for (int64_t l = 0; l < P; ++l) p0[l] += p2[l];
    for (int64_t l = 0; l < P; ++l) p0[l] += p3[l];
    start = v4;
  }
  if (start <= n - P) {
    const int64_t vec = (n / P) * P;
    for (int64_t j = start; j < vec; j += P)
      for (int64_t l = 0; l < P; ++l) p0[l] += x[j + l];
    start = vec;
  }
  T tail = T(0);
  for (int64_t j = start; j < n; ++j) tail += x[j];
  // predux: the two halves of the 256-bit packet, then SSE's (a0 + a2) + (a1 + a3) / a0 + a1
  T h[P / 2];
  for (int64_t l = 0; l < P / 2; ++l) h[l] = p0[l] + p0[l + P / 2];
  T red = P == 8 ? (h[0] + h[2]) + (h[1] + h[3]) : h[0] + h[1];
  return tail + red;
}

template <typename T>
Status ReduceTyped(KernelContext& c, RedOp op) {
  const Tensor& x = c.inputs[0];
  std::vector<bool> red;
  TFM_RETURN_IF_ERROR(ReductionAxes(c, &red));
  bool keep = GetBoolAttr(*c.attrs, "keep_dims", false);
  Shape out_keep, out;
  for (size_t i = 0; i < red.size(); ++i) {
    out_keep.push_back(red[i] ? 1 : x.dim(i));
    if (!red[i]) out.push_back(x.dim(i));
  }
  // The output first: its shape may hold more than any machine (a reduction of a [0, 2**20,
  // 2**20] tensor over its first dimension), which Alloc refuses before `acc` is sized.
  Tensor o = Tensor::Alloc(x.dtype(), keep ? out_keep : out);
  const int64_t on = o.num_elements();
  // Integers narrower than 64 bits accumulate in 64 (TF 2.21: reduce_mean of 256 int8 ones
  // is 1, of [2**31 - 1] * 2 in int32 is 2**31 - 1); a sum or product is then taken modulo
  // T's range, which is what wrapping in T gives.
  using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
  using Acc = std::conditional_t<std::is_same_v<T, bool>, char,
                                 std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 8), Wide, T>>;
  std::vector<Acc> acc(on);
  Acc init{};
  if constexpr (std::is_same_v<T, bool>) {
    init = op == RedOp::kAll;
  } else {
    if (op == RedOp::kMax) init = std::numeric_limits<T>::lowest();
    if (op == RedOp::kMin) init = std::numeric_limits<T>::max();
    if (op == RedOp::kProd) init = T(1);
    if (op == RedOp::kMax && std::numeric_limits<T>::has_infinity) init = -std::numeric_limits<T>::infinity();
    if (op == RedOp::kMin && std::numeric_limits<T>::has_infinity) init = std::numeric_limits<T>::infinity();
  }
  std::fill(acc.begin(), acc.end(), init);
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    // Sums in TensorFlow's order (reduction_ops_common.h): dimensions of size 1 dropped and
    // neighbours of one kind merged, then [reduce] and [keep, reduce] add each output's
    // contiguous values in Eigen's order; [reduce, keep, reduce] adds, per output, the outer
    // reduced dimension innermost (Eigen's generic reducer); four or more merged dimensions
    // are transposed to [keep..., reduce...] and added as [keep, reduce]; [reduce, keep] and
    // [keep, reduce, keep] are running sums along the reduced dimension (the loop below).
    std::vector<int64_t> md;
    std::vector<bool> mr;
    for (size_t d = 0; d < red.size() && x.num_elements() > 0; ++d) {  // (used only when x has elements)
      if (x.dim(d) == 1) continue;
      if (!md.empty() && mr.back() == red[d]) md.back() *= x.dim(d);
      else { md.push_back(x.dim(d)); mr.push_back(red[d]); }
    }
    const size_t nd = md.size();
    const bool sum = op == RedOp::kSum || op == RedOp::kMean;
    if (sum && x.num_elements() > 0 && ((nd == 2 && mr[0]) || (nd == 3 && !mr[0]))) {
      // [reduce, keep] and [keep, reduce, keep]: Eigen keeps the inner dimension. Outputs in
      // whole packets (8 floats / 4 doubles, counted from the first output) that do not
      // cross a row of the kept inner dimension add along the reduced dimension in four
      // strided accumulators (j % 4, folded 0 += 1, += 2, += 3, then the rest) once it has
      // 16 or more entries (InnerMostDimPreserver); every other output is a running sum.
      constexpr int64_t P = sizeof(T) == 4 ? 8 : 4;
      const T* px = x.data<T>();
      const int64_t k0n = nd == 3 ? md[0] : 1, rn = nd == 3 ? md[1] : md[0], k1n = md.back();
      const int64_t total = k0n * k1n, packed = (total / P) * P;
      for (int64_t o = 0; o < total; ++o) {
        const int64_t k0 = o / k1n, k1 = o % k1n;
        const T* col = px + k0 * rn * k1n + k1;
        const int64_t pstart = o - o % P;  // the packet this output belongs to
        const bool in_packet = o < packed && (pstart % k1n) + P - 1 < k1n && pstart / k1n == k0;
        T a = T(0);
        if (in_packet && rn >= 16) {
          const int64_t r4 = (rn / 4) * 4;
          T a1 = T(0), a2 = T(0), a3 = T(0);
          for (int64_t j = 0; j < r4; j += 4) {
            a += col[j * k1n];
            a1 += col[(j + 1) * k1n];
            a2 += col[(j + 2) * k1n];
            a3 += col[(j + 3) * k1n];
          }
          a += a1;
          a += a2;
          a += a3;
          for (int64_t j = r4; j < rn; ++j) a += col[j * k1n];
        } else {
          for (int64_t j = 0; j < rn; ++j) a += col[j * k1n];
        }
        acc[o] = a;
      }
      if (op == RedOp::kMean)
        for (auto& a : acc) a = static_cast<T>(a / static_cast<T>(rn));
      Tensor o = Tensor::Alloc(x.dtype(), keep ? out_keep : out);
      for (int64_t i = 0; i < on; ++i) o.data<T>()[i] = acc[i];
      c.outputs = {o};
      return Status::Ok();
    }
    if (sum && x.num_elements() > 0 && nd > 0 && (mr.back() || nd >= 4) && !(nd == 3 && !mr[0])) {
      const T* px = x.data<T>();
      int64_t count = 1;
      for (size_t d = 0; d < nd; ++d) if (mr[d]) count *= md[d];
      if (nd <= 2) {
        for (int64_t i = 0; i < on; ++i) acc[i] = EigenInnerSum(px, i * count, count);
      } else if (nd == 3) {  // [reduce, keep, reduce]
        const int64_t k = md[1], r2 = md[2];
        for (int64_t j = 0; j < k; ++j) {
          T a = T(0);
          for (int64_t c2 = 0; c2 < r2; ++c2)
            for (int64_t c0 = 0; c0 < md[0]; ++c0) a += px[(c0 * k + j) * r2 + c2];
          acc[j] = a;
        }
      } else {  // transpose to [keep..., reduce...]
        std::vector<int64_t> stride(nd, 1);
        for (size_t d = nd - 1; d > 0; --d) stride[d - 1] = stride[d] * md[d];
        std::vector<size_t> order;
        for (size_t d = 0; d < nd; ++d) if (!mr[d]) order.push_back(d);
        for (size_t d = 0; d < nd; ++d) if (mr[d]) order.push_back(d);
        std::vector<T> buf(static_cast<size_t>(x.num_elements()));
        std::vector<int64_t> idx(nd, 0);
        for (int64_t i = 0; i < x.num_elements(); ++i) {
          int64_t src = 0;
          for (size_t d = 0; d < nd; ++d) src += idx[order[d]] * stride[order[d]];
          buf[static_cast<size_t>(i)] = px[src];
          for (size_t d = nd; d-- > 0;) {
            if (++idx[order[d]] < md[order[d]]) break;
            idx[order[d]] = 0;
          }
        }
        for (int64_t i = 0; i < on; ++i) acc[i] = EigenInnerSum(buf.data(), i * count, count);
      }
      if (op == RedOp::kMean)
        for (auto& a : acc) a = static_cast<T>(a / static_cast<T>(count));
      for (int64_t i = 0; i < on; ++i) o.data<T>()[i] = acc[i];
      c.outputs = {o};
      return Status::Ok();
    }
  }
  auto ostr = BStrides(out_keep, x.shape());
  int r = static_cast<int>(x.dims());
  std::vector<int64_t> idx(r, 0);
  int64_t oi = 0;
  const T* px = x.data<T>();
  int64_t n = x.num_elements();
  for (int64_t i = 0; i < n; ++i) {
    T v = px[i];
    Acc& a = acc[oi];
    if constexpr (std::is_same_v<T, bool>) {
      a = op == RedOp::kAll ? (a && v) : (a || v);
    } else {
      switch (op) {
        case RedOp::kSum: case RedOp::kMean: a = WrapAdd<Acc>(a, static_cast<Acc>(v)); break;
        case RedOp::kMax: a = std::max<Acc>(a, static_cast<Acc>(v)); break;
        case RedOp::kMin: a = std::min<Acc>(a, static_cast<Acc>(v)); break;
        case RedOp::kProd: a = WrapMul<Acc>(a, static_cast<Acc>(v)); break;
        default: break;
      }
    }
    for (int d = r - 1; d >= 0; --d) {
      ++idx[d];
      oi += ostr[d];
      if (idx[d] < x.dim(d)) break;
      oi -= ostr[d] * idx[d];
      idx[d] = 0;
    }
  }
  if constexpr (!std::is_same_v<T, bool>) {
    if (op == RedOp::kMean) {
      int64_t cnt = on == 0 ? 0 : n / on;
      for (auto& a : acc) a = cnt ? static_cast<Acc>(a / static_cast<Acc>(cnt)) : a;
    }
  }
  for (int64_t i = 0; i < on; ++i) o.data<T>()[i] = static_cast<T>(acc[i]);
  c.outputs = {o};
  return Status::Ok();
}

Status ReduceDispatch(KernelContext& c, RedOp op) {
  switch (c.inputs[0].dtype()) {
    case DType::kFloat: return ReduceTyped<float>(c, op);
    case DType::kDouble: return ReduceTyped<double>(c, op);
    case DType::kInt32: return ReduceTyped<int32_t>(c, op);
    case DType::kInt64: return ReduceTyped<int64_t>(c, op);
    case DType::kUInt8: return ReduceTyped<uint8_t>(c, op);
    case DType::kInt16: return ReduceTyped<int16_t>(c, op);
    case DType::kInt8: return ReduceTyped<int8_t>(c, op);
    case DType::kBool:
      if (op == RedOp::kAll || op == RedOp::kAny) return ReduceTyped<bool>(c, op);
      [[fallthrough]];
    default: return InvalidArgument(c.op + ": unsupported dtype " + DTypeName(c.inputs[0].dtype()));
  }
}
Status SumK(KernelContext& c) { return ReduceDispatch(c, RedOp::kSum); }
Status MeanK(KernelContext& c) { return ReduceDispatch(c, RedOp::kMean); }
Status MaxRK(KernelContext& c) { return ReduceDispatch(c, RedOp::kMax); }
Status MinRK(KernelContext& c) { return ReduceDispatch(c, RedOp::kMin); }
Status ProdK(KernelContext& c) { return ReduceDispatch(c, RedOp::kProd); }
Status AllK(KernelContext& c) { return ReduceDispatch(c, RedOp::kAll); }
Status AnyK(KernelContext& c) { return ReduceDispatch(c, RedOp::kAny); }

Status ArgMinMax(KernelContext& c, bool is_max) {
  const Tensor& x = c.inputs[0];
  int64_t r = x.dims();
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "axis"));
  int64_t axis = c.inputs[1].AsInt64(0);
  if (axis < -r || axis >= r)
    return InvalidArgument("Expected dimension in the range [" + std::to_string(-r) + ", " + std::to_string(r) +
                           "), but got " + std::to_string(axis));
  if (axis < 0) axis += r;
  const int64_t len = x.dim(axis);
  const int64_t outer = DimsProduct(x.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = DimsProduct(x.shape(), static_cast<size_t>(axis) + 1, x.shape().size());
  Shape out;
  for (int64_t i = 0; i < r; ++i)
    if (i != axis) out.push_back(x.dim(i));
  DType ot = GetTypeAttr(*c.attrs, "output_type", DType::kInt64);
  if (ot != DType::kInt32 && ot != DType::kInt64)
    return Unimplemented(std::string(c.op) + " with output_type " + DTypeName(ot) + " is not yet in the bundled runtime");
  if (len == 0 && NumElements(out) > 0)
    return InvalidArgument("Reduction axis " + std::to_string(axis) + " is empty in shape " + x.ShapeString());
  Tensor o = Tensor::Alloc(ot, out);
  c.outputs = {o};
  if (o.num_elements() == 0) return Status::Ok();
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t b = 0; b < inner; ++b) {
      int64_t best = 0;
      double bv = x.AsDouble(a * len * inner + b);
      for (int64_t k = 1; k < len; ++k) {
        double v = x.AsDouble((a * len + k) * inner + b);
        if (is_max ? v > bv : v < bv) { bv = v; best = k; }
      }
      if (ot == DType::kInt32) o.data<int32_t>()[a * inner + b] = static_cast<int32_t>(best);
      else o.data<int64_t>()[a * inner + b] = best;
    }
  c.outputs = {o};
  return Status::Ok();
}
Status ArgMaxK(KernelContext& c) { return ArgMinMax(c, true); }
Status ArgMinK(KernelContext& c) { return ArgMinMax(c, false); }

// ---- nn ----
template <typename T>
void SoftmaxRows(const T* x, T* y, int64_t rows, int64_t cols, bool log) {
  // (no values: an empty row has no maximum to read; a cross-entropy over no classes is 0, as TF's)
  if (rows == 0 || cols == 0) return;
  using M = Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<const M> mx(x, rows, cols);
  Eigen::Map<M> my(y, rows, cols);
  auto mx_max = mx.rowwise().maxCoeff();
  M shifted = mx.colwise() - mx_max;
  auto lse = shifted.exp().rowwise().sum().log();
  if (log) my = shifted.colwise() - lse;
  else my = (shifted.colwise() - lse).exp();
}

template <typename T>
Status SoftmaxTyped(KernelContext& c, bool log) {
  const Tensor& x = c.inputs[0];
  if (x.dims() < 1) return InvalidArgument("logits must have >= 1 dimension, got " + x.ShapeString());
  int64_t cols = x.dim(x.dims() - 1);
  int64_t rows = cols ? x.num_elements() / cols : 0;
  Tensor o = Tensor::Alloc(x.dtype(), x.shape());
  SoftmaxRows<T>(x.data<T>(), o.data<T>(), rows, cols, log);
  c.outputs = {o};
  return Status::Ok();
}
Status SoftmaxK(KernelContext& c) {
  if (c.inputs[0].dtype() == DType::kDouble) return SoftmaxTyped<double>(c, false);
  if (c.inputs[0].dtype() == DType::kFloat) return SoftmaxTyped<float>(c, false);
  return InvalidArgument("Softmax: float inputs required");
}
Status LogSoftmaxK(KernelContext& c) {
  if (c.inputs[0].dtype() == DType::kDouble) return SoftmaxTyped<double>(c, true);
  if (c.inputs[0].dtype() == DType::kFloat) return SoftmaxTyped<float>(c, true);
  return InvalidArgument("LogSoftmax: float inputs required");
}

// SoftmaxCrossEntropyWithLogits(features [b,c], labels [b,c]) -> loss [b], backprop [b,c].
template <typename T>
Status XentTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& l = c.inputs[1];
  if (x.shape() != l.shape())
    return InvalidArgument("logits and labels must be broadcastable: logits_size=" + x.ShapeString() +
                           " labels_size=" + l.ShapeString());
  if (x.dims() != 2) return InvalidArgument("logits and labels must be 2-D, but got shapes " + x.ShapeString());
  int64_t rows = x.dim(0), cols = x.dim(1);
  Tensor logp = Tensor::Alloc(x.dtype(), x.shape());
  SoftmaxRows<T>(x.data<T>(), logp.data<T>(), rows, cols, true);
  Tensor loss = Tensor::Alloc(x.dtype(), {rows});
  Tensor back = Tensor::Alloc(x.dtype(), x.shape());
  for (int64_t i = 0; i < rows; ++i) {
    T s = 0;
    for (int64_t j = 0; j < cols; ++j) {
      T lp = logp.data<T>()[i * cols + j], lab = l.data<T>()[i * cols + j];
      s -= lab * lp;
      back.data<T>()[i * cols + j] = std::exp(lp) - lab;
    }
    loss.data<T>()[i] = s;
  }
  c.outputs = {loss, back};
  return Status::Ok();
}
// (float and double logits, as the kernel reads them: another dtype's buffer is not one of
// floats; runtime_api_fuzzer, seed 72, ASan: int8 logits read past their buffer)
Status XentK(KernelContext& c) {
  const DType dt = c.inputs[0].dtype();
  if (dt != DType::kFloat && dt != DType::kDouble) return Unsupported(c, dt);
  if (c.inputs[1].dtype() != dt) return Unsupported(c, c.inputs[1].dtype());
  if (dt == DType::kDouble) return XentTyped<double>(c);
  return XentTyped<float>(c);
}

template <typename T>
Status SparseXentTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& l = c.inputs[1];
  if (x.dims() != 2) return InvalidArgument("logits must be 2-D, but got shape " + x.ShapeString());
  if (l.dims() != 1 || l.dim(0) != x.dim(0))
    return InvalidArgument("logits and labels must have the same first dimension, got logits shape " +
                           x.ShapeString() + " and labels shape " + l.ShapeString());
  int64_t rows = x.dim(0), cols = x.dim(1);
  if (rows > 0 && cols == 0)
    return InvalidArgument("Must have at least one class, but got logits shape " + x.ShapeString());
  Tensor logp = Tensor::Alloc(x.dtype(), x.shape());
  SoftmaxRows<T>(x.data<T>(), logp.data<T>(), rows, cols, true);
  Tensor loss = Tensor::Alloc(x.dtype(), {rows});
  Tensor back = Tensor::Alloc(x.dtype(), x.shape());
  for (int64_t i = 0; i < rows; ++i) {
    int64_t lab = l.AsInt64(i);
    if (lab < 0 || lab >= cols)
      return InvalidArgument("Received a label value of " + std::to_string(lab) +
                             " which is outside the valid range of [0, " + std::to_string(cols) + ").  Label values: " +
                             std::to_string(lab));
    loss.data<T>()[i] = -logp.data<T>()[i * cols + lab];
    for (int64_t j = 0; j < cols; ++j)
      back.data<T>()[i * cols + j] = std::exp(logp.data<T>()[i * cols + j]) - (j == lab ? T(1) : T(0));
  }
  c.outputs = {loss, back};
  return Status::Ok();
}
Status SparseXentK(KernelContext& c) {
  const DType dt = c.inputs[0].dtype();
  if (dt != DType::kFloat && dt != DType::kDouble) return Unsupported(c, dt);
  if (dt == DType::kDouble) return SparseXentTyped<double>(c);
  return SparseXentTyped<float>(c);
}

Status L2LossK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  double s = 0;
  for (int64_t i = 0; i < x.num_elements(); ++i) s += x.AsDouble(i) * x.AsDouble(i);
  Tensor o;
  if (x.dtype() == DType::kDouble) o = Tensor::Scalar<double>(s / 2);
  else if (x.dtype() == DType::kFloat) o = Tensor::Scalar<float>(static_cast<float>(s / 2));
  else o = Tensor::Scalar<float>(static_cast<float>(s / 2)).CastTo(x.dtype());  // half: its 2 bytes
  c.outputs = {o};
  return Status::Ok();
}

}  // namespace

float EigenVectorSum(const float* x, int64_t n) { return EigenInnerSum(x, 0, n); }
double EigenVectorSum(const double* x, int64_t n) { return EigenInnerSum(x, 0, n); }

void RegisterMathKernels(std::map<std::string, KernelFn>& m) {
  m["AddV2"] = AddK; m["Add"] = AddK; m["Sub"] = SubK; m["Mul"] = MulK; m["RealDiv"] = DivK;
  m["Div"] = DivK; m["FloorDiv"] = FloorDivK; m["FloorMod"] = FloorModK; m["Pow"] = PowK;
  m["Maximum"] = MaxK; m["Minimum"] = MinK; m["SquaredDifference"] = SqDiffK;
  m["Equal"] = EqK; m["NotEqual"] = NeK; m["Less"] = LtK; m["LessEqual"] = LeK;
  m["Greater"] = GtK; m["GreaterEqual"] = GeK; m["LogicalAnd"] = AndK; m["LogicalOr"] = OrK;
  m["LogicalNot"] = LogicalNotK;
  m["Neg"] = NegK; m["Abs"] = AbsK; m["Sign"] = SignK; m["Square"] = SquareK; m["Sqrt"] = SqrtK;
  m["Rsqrt"] = RsqrtK; m["Exp"] = ExpK; m["Log"] = LogK; m["Log1p"] = Log1pK; m["Sin"] = SinK;
  m["Cos"] = CosK; m["Relu"] = ReluK; m["ReluGrad"] = ReluGradK; m["Sigmoid"] = SigmoidK; m["Tanh"] = TanhK;
  m["Floor"] = FloorK; m["Ceil"] = CeilK; m["Round"] = RoundK; m["Reciprocal"] = ReciprocalK;
  m["Softplus"] = SoftplusK;
  m["MatMul"] = MatMulK;
  m["BatchMatMulV2"] = BatchMatMulK;
  m["CheckNumerics"] = CheckNumericsK;
  m["Sum"] = SumK; m["Mean"] = MeanK; m["Max"] = MaxRK; m["Min"] = MinRK; m["Prod"] = ProdK;
  m["All"] = AllK; m["Any"] = AnyK; m["ArgMax"] = ArgMaxK; m["ArgMin"] = ArgMinK;
  m["Softmax"] = SoftmaxK; m["LogSoftmax"] = LogSoftmaxK;
  m["SoftmaxCrossEntropyWithLogits"] = XentK;
  m["SparseSoftmaxCrossEntropyWithLogits"] = SparseXentK;
  m["L2Loss"] = L2LossK;
}

}  // namespace tfm::rt

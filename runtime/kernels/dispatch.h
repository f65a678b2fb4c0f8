// Helpers of the kernel units whose kernels dispatch on a dtype with plain loops
// (kernels_array.cc's sequence, reorder and scatter kernels, kernels_segment.cc,
// kernels_cwise.cc, kernels_nn.cc's InTopKV2, kernels_math.cc): integer arithmetic that
// wraps, an element copy that handles strings, the unsupported-dtype error and the
// TFM_DISPATCH_* switches over a kernel template.
//
//   template <typename T> Status FooTyped(KernelContext& c);
//   Status FooK(KernelContext& c) { TFM_DISPATCH_FLOAT(c.inputs[0].dtype(), FooTyped, c) }
#pragma once

#include <cstring>
#include <type_traits>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

// Integer arithmetic wraps around (two's complement), as TensorFlow's kernels do on every
// machine it runs on; in C++ a signed overflow is undefined, so it is done unsigned.
template <typename T>
inline T WrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return static_cast<T>(a + b);
  }
}
template <typename T>
inline T WrapSub(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
  } else {
    return static_cast<T>(a - b);
  }
}
template <typename T>
inline T WrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;  // no promotion to int
    return static_cast<T>(static_cast<U>(static_cast<W>(static_cast<U>(a)) * static_cast<W>(static_cast<U>(b))));
  } else {
    return static_cast<T>(a * b);
  }
}
// Copies `count` elements from src[si..] to dst[di..] (strings included).
inline void CopyElems(const Tensor& src, int64_t si, Tensor* dst, int64_t di, int64_t count) {
  if (src.dtype() == DType::kString) {
    for (int64_t k = 0; k < count; ++k) dst->strings()[di + k] = src.strings()[si + k];
    return;
  }
  size_t es = DTypeSize(src.dtype());
  std::memcpy(static_cast<unsigned char*>(const_cast<void*>(dst->raw())) + di * es,
              static_cast<const unsigned char*>(src.raw()) + si * es, count * es);
}

inline Tensor AllocLike(DType dt, Shape s) { return Tensor::Alloc(dt, std::move(s)); }

inline Status Unsupported(const KernelContext& c, DType dt) {
  return InvalidArgument(c.op + ": unsupported dtype " + DTypeName(dt));
}

#define TFM_DISPATCH_NUMERIC(DT, FN, ...)                              \
  switch (DT) {                                                        \
    case DType::kFloat: return FN<float>(__VA_ARGS__);                 \
    case DType::kDouble: return FN<double>(__VA_ARGS__);               \
    case DType::kInt32: return FN<int32_t>(__VA_ARGS__);               \
    case DType::kInt64: return FN<int64_t>(__VA_ARGS__);               \
    default: return Unsupported(c, DT);                                \
  }
#define TFM_DISPATCH_FLOAT(DT, FN, ...)                                \
  switch (DT) {                                                        \
    case DType::kFloat: return FN<float>(__VA_ARGS__);                 \
    case DType::kDouble: return FN<double>(__VA_ARGS__);               \
    default: return Unsupported(c, DT);                                \
  }

}  // namespace tfm::rt

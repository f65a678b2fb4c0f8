#include "runtime/core/tensor.h"

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include <Eigen/Core>

namespace tfm::rt {

const char* DTypeName(DType t) {
  switch (t) {
    case DType::kFloat: return "float32";
    case DType::kDouble: return "float64";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kBool: return "bool";
    case DType::kString: return "string";
    case DType::kUInt8: return "uint8";
    case DType::kInt16: return "int16";
    case DType::kInt8: return "int8";
    case DType::kHalf: return "float16";
    default: return "invalid";
  }
}

const char* DTypeEnumName(DType t) {
  switch (t) {
    case DType::kFloat: return "DT_FLOAT";
    case DType::kDouble: return "DT_DOUBLE";
    case DType::kInt32: return "DT_INT32";
    case DType::kInt64: return "DT_INT64";
    case DType::kBool: return "DT_BOOL";
    case DType::kString: return "DT_STRING";
    case DType::kUInt8: return "DT_UINT8";
    case DType::kInt16: return "DT_INT16";
    case DType::kInt8: return "DT_INT8";
    case DType::kHalf: return "DT_HALF";
    default: return "DT_INVALID";
  }
}

size_t DTypeSize(DType t) {
  switch (t) {
    case DType::kFloat: case DType::kInt32: return 4;
    case DType::kDouble: case DType::kInt64: return 8;
    case DType::kBool: case DType::kUInt8: case DType::kInt8: return 1;
    case DType::kInt16: case DType::kHalf: return 2;
    default: return 0;
  }
}

bool DTypeFromName(const std::string& n, DType* out) {
  for (DType t : {DType::kFloat, DType::kDouble, DType::kInt32, DType::kInt64, DType::kBool, DType::kString,
                  DType::kUInt8, DType::kInt16, DType::kInt8, DType::kHalf}) {
    if (n == DTypeName(t)) { *out = t; return true; }
  }
  return false;
}

// 0 when a dimension is 0, whatever the others ([0, 2**62, 2**62] holds nothing); a
// product past int64 is int64's maximum (no machine holds such a tensor: Alloc refuses it).
int64_t DimsProduct(const Shape& s, size_t begin, size_t end) {
  int64_t n = 1;
  bool past = false;
  for (size_t i = begin; i < end && i < s.size(); ++i) {
    if (s[i] == 0) return 0;
    past = past || __builtin_mul_overflow(n, s[i], &n);
  }
  return past ? std::numeric_limits<int64_t>::max() : n;
}

int64_t NumElements(const Shape& s) { return DimsProduct(s, 0, s.size()); }

std::string ShapeString(const Shape& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) r += ",";
    r += s[i] < 0 ? "?" : std::to_string(s[i]);
  }
  return r + "]";
}

std::string ShapeTupleString(const Shape& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) r += ", ";
    r += s[i] < 0 ? "None" : std::to_string(s[i]);
  }
  if (s.size() == 1) r += ",";
  return r + ")";
}

namespace {
std::atomic<uint64_t> max_tensor_bytes{0};  // 0: the machine's physical memory
// The machine's physical memory (no single tensor can be larger), or a lower set limit.
uint64_t MaxTensorBytes() {
  static const uint64_t physical = [] {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && size > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(size) : (uint64_t{1} << 40);
  }();
  const uint64_t set = max_tensor_bytes.load(std::memory_order_relaxed);
  return set ? set : physical;
}
}  // namespace

void SetMaxTensorBytes(uint64_t bytes) { max_tensor_bytes.store(bytes, std::memory_order_relaxed); }

Tensor Tensor::Alloc(DType dtype, Shape shape) {
  Tensor t;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  t.buf_ = std::make_shared<Buffer>();
  // A size no machine can hold (a shape taken from an input: a random op asked for 10^18
  // elements) is refused here, before the allocator (mimalloc aborts on such requests):
  // RunKernel turns this into TensorFlow's ResourceExhausted.
  int64_t n = 1;
  uint64_t bytes = 0;
  for (int64_t d : t.shape_)
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) throw std::length_error("tensor with shape " + tfm::rt::ShapeString(t.shape_));
  const uint64_t item = dtype == DType::kString ? sizeof(std::string) : static_cast<uint64_t>(DTypeSize(dtype));
  if (__builtin_mul_overflow(static_cast<uint64_t>(n), item, &bytes) || bytes > MaxTensorBytes())
    throw std::length_error("tensor with shape " + tfm::rt::ShapeString(t.shape_));
  if (dtype == DType::kString) {
    t.buf_->strings.resize(n);
  } else {
    t.buf_->bytes.assign(static_cast<size_t>(n) * DTypeSize(dtype), 0);
  }
  // raw() of an empty or string tensor is still a valid address (kernels memcpy zero bytes
  // from and to it; a null pointer there is undefined behavior).
  if (t.buf_->bytes.empty()) t.buf_->bytes.reserve(8);
  return t;
}

Tensor Tensor::String(std::vector<std::string> v, Shape shape) {
  Tensor t = Alloc(DType::kString, std::move(shape));
  t.buf_->strings = std::move(v);
  return t;
}

double Tensor::AsDouble(int64_t i) const {
  switch (dtype_) {
    case DType::kFloat: return data<float>()[i];
    case DType::kDouble: return data<double>()[i];
    case DType::kInt32: return data<int32_t>()[i];
    case DType::kInt64: return static_cast<double>(data<int64_t>()[i]);
    case DType::kBool: return data<bool>()[i] ? 1.0 : 0.0;
    case DType::kUInt8: return data<uint8_t>()[i];
    case DType::kInt16: return data<int16_t>()[i];
    case DType::kInt8: return data<int8_t>()[i];
    case DType::kHalf: return static_cast<double>(static_cast<float>(data<Eigen::half>()[i]));
    default: return 0;
  }
}

int64_t Tensor::AsInt64(int64_t i) const {
  switch (dtype_) {
    case DType::kInt32: return data<int32_t>()[i];
    case DType::kInt64: return data<int64_t>()[i];
    case DType::kBool: return data<bool>()[i];
    default: {
      const double v = AsDouble(i);
      return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? static_cast<int64_t>(v) : INT64_MIN;
    }
  }
}

namespace {
// A floating value to `To` as x86's truncating conversions give it, which is what the
// static_cast TensorFlow's Cast kernel compiles to produces there: to int64 through a
// 64-bit conversion, to the narrower integers through a 32-bit one and then the low bits;
// NaN and values out of range give the conversion's "integer indefinite" (the minimum).
// A plain static_cast of such values is undefined behavior in C++.
template <typename To>
To FromFloating(double v) {
  if constexpr (std::is_floating_point_v<To> || std::is_same_v<To, bool>) {
    return static_cast<To>(v);
  } else if constexpr (std::is_same_v<To, int64_t>) {
    return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? static_cast<int64_t>(v) : INT64_MIN;
  } else {
    const int32_t i = v >= -2147483648.0 && v < 2147483648.0 ? static_cast<int32_t>(v) : INT32_MIN;
    return static_cast<To>(i);
  }
}

template <typename To>
void CastInto(const Tensor& from, To* out) {
  int64_t n = from.num_elements();
  switch (from.dtype()) {
    case DType::kFloat: for (int64_t i = 0; i < n; ++i) out[i] = FromFloating<To>(from.data<float>()[i]); break;
    case DType::kDouble: for (int64_t i = 0; i < n; ++i) out[i] = FromFloating<To>(from.data<double>()[i]); break;
    case DType::kInt32: for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(from.data<int32_t>()[i]); break;
    case DType::kInt64: for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(from.data<int64_t>()[i]); break;
    case DType::kBool: for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(from.data<bool>()[i]); break;
    case DType::kUInt8: for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(from.data<uint8_t>()[i]); break;
    case DType::kInt16: for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(from.data<int16_t>()[i]); break;
    case DType::kInt8: for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(from.data<int8_t>()[i]); break;
    case DType::kHalf:
      // through float, as TensorFlow's Cast from half does
      for (int64_t i = 0; i < n; ++i) out[i] = FromFloating<To>(static_cast<float>(from.data<Eigen::half>()[i]));
      break;
    default: break;
  }
}
}  // namespace

Tensor Tensor::CastTo(DType to) const {
  if (to == dtype_) return *this;
  Tensor r = Alloc(to, shape_);
  switch (to) {
    case DType::kFloat: CastInto(*this, r.data<float>()); break;
    case DType::kDouble: CastInto(*this, r.data<double>()); break;
    case DType::kInt32: CastInto(*this, r.data<int32_t>()); break;
    case DType::kInt64: CastInto(*this, r.data<int64_t>()); break;
    case DType::kUInt8: CastInto(*this, r.data<uint8_t>()); break;
    case DType::kInt16: CastInto(*this, r.data<int16_t>()); break;
    case DType::kInt8: CastInto(*this, r.data<int8_t>()); break;
    case DType::kHalf: {
      // to float first, then rounded to half (nearest even): TensorFlow's Cast to half
      Tensor f = dtype_ == DType::kFloat ? *this : CastTo(DType::kFloat);
      int64_t n = num_elements();
      for (int64_t i = 0; i < n; ++i) r.data<Eigen::half>()[i] = Eigen::half(f.data<float>()[i]);
      break;
    }
    case DType::kBool: {
      int64_t n = num_elements();
      for (int64_t i = 0; i < n; ++i) r.data<bool>()[i] = AsDouble(i) != 0;
      break;
    }
    default: break;
  }
  return r;
}

Tensor Tensor::DeepCopy() const {
  Tensor t = *this;
  if (buf_) t.buf_ = std::make_shared<Buffer>(*buf_);
  return t;
}

void Tensor::CopyDataFrom(const Tensor& src) {
  buf_->bytes = src.buf_->bytes;
  buf_->strings = src.buf_->strings;
}

std::string Tensor::DebugString() const {
  std::ostringstream o;
  o << "Tensor<" << DTypeName(dtype_) << " " << ShapeString() << ">";
  return o.str();
}

}  // namespace tfm::rt

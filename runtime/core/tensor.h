// Tensor: a dtype, a shape and a shared, immutable-by-convention buffer. Copies are
// cheap (the buffer is shared); kernels allocate fresh outputs. Strings are stored as a
// vector of std::string, numbers as a contiguous row-major array.
//
//   Tensor t = Tensor::Alloc(DType::kFloat, {2, 3});
//   float* p = t.data<float>();      // fill
//   t.ShapeString();                 // "[2,3]"
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/core/dtype.h"
#include "runtime/core/status.h"

namespace tfm::rt {

using Shape = std::vector<int64_t>;  // -1 = unknown dimension (shape inference only)

int64_t NumElements(const Shape& s);
// The product of s[begin, end): 0 when any of them is 0 (whatever the others), else
// saturating at int64's maximum. Kernels take outer and inner sizes from it.
int64_t DimsProduct(const Shape& s, size_t begin, size_t end);
std::string ShapeString(const Shape& s);        // "[2,3]" (TF's error-message form)
std::string ShapeTupleString(const Shape& s);   // "(2, 3)" (Python TensorShape form)

// The largest tensor Tensor::Alloc makes, in bytes: the machine's physical memory unless
// lowered (fuzzers, whose memory limit is smaller, set it; a larger request is TF's
// ResourceExhausted, as on a machine that has less memory). 0 restores the default.
void SetMaxTensorBytes(uint64_t bytes);

class Tensor {
 public:
  Tensor() = default;
  static Tensor Alloc(DType dtype, Shape shape);
  template <typename T>
  static Tensor Scalar(T v) {
    Tensor t = Alloc(DTypeOf<T>::value, {});
    *t.data<T>() = v;
    return t;
  }
  static Tensor String(std::vector<std::string> v, Shape shape);

  bool valid() const { return buf_ != nullptr; }
  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int64_t dims() const { return static_cast<int64_t>(shape_.size()); }
  int64_t dim(int i) const { return shape_[i]; }
  int64_t num_elements() const { return NumElements(shape_); }
  std::string ShapeString() const { return rt::ShapeString(shape_); }

  template <typename T> T* data() { return reinterpret_cast<T*>(buf_->bytes.data()); }
  template <typename T> const T* data() const { return reinterpret_cast<const T*>(buf_->bytes.data()); }
  std::vector<std::string>& strings() { return buf_->strings; }
  const std::vector<std::string>& strings() const { return buf_->strings; }
  const void* raw() const { return buf_->bytes.data(); }
  size_t raw_size() const { return buf_->bytes.size(); }

  // Same buffer, new shape (element counts must match; checked by callers).
  Tensor Reshaped(Shape s) const { Tensor t = *this; t.shape_ = std::move(s); return t; }
  // Element i as double (numbers and bool), for generic code paths such as attrs.
  double AsDouble(int64_t i) const;
  int64_t AsInt64(int64_t i) const;
  // A new tensor of `to` with every element converted (TF Cast semantics).
  Tensor CastTo(DType to) const;
  // A copy with its own buffer.
  Tensor DeepCopy() const;
  // Overwrites this tensor's elements (shared with every alias) with `src`'s; same
  // dtype and element count required (TF1 ref variables update in place).
  void CopyDataFrom(const Tensor& src);
  // Short human summary used in debug strings.
  std::string DebugString() const;

 private:
  struct Buffer {
    std::vector<unsigned char> bytes;
    std::vector<std::string> strings;
  };
  DType dtype_ = DType::kInvalid;
  Shape shape_;
  std::shared_ptr<Buffer> buf_;
};

}  // namespace tfm::rt

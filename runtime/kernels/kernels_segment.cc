// Reductions into buckets (TensorFlow's segment_reduction_ops, bincount_op and
// histogram_op): SegmentSum / Mean / Max / Min / Prod over sorted segment ids,
// UnsortedSegmentSum / Max / Min / Prod, Bincount and HistogramFixedWidth.
// Registered by RegisterSegmentKernels; op definitions are in ops/op_defs.cc.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// ---- segment reductions ----
enum class SegOp { kSum, kMean, kMax, kMin, kProd };
SegOp SegOpOf(const std::string& op) {
  if (op.find("Mean") != std::string::npos) return SegOp::kMean;
  if (op.find("Max") != std::string::npos) return SegOp::kMax;
  if (op.find("Min") != std::string::npos) return SegOp::kMin;
  if (op.find("Prod") != std::string::npos) return SegOp::kProd;
  return SegOp::kSum;
}
template <typename T>
T SegInit(SegOp op, bool unsorted) {
  switch (op) {
    case SegOp::kMax: return unsorted ? std::numeric_limits<T>::lowest() : T(0);
    case SegOp::kMin: return unsorted ? std::numeric_limits<T>::max() : T(0);
    case SegOp::kProd: return T(1);
    default: return T(0);
  }
}

// out[segment(k)] op= data[k] for the rows of data (rows of `inner` elements).
template <typename T>
Status SegmentTyped(KernelContext& c, const std::vector<int64_t>& seg, int64_t num_segments, int64_t inner,
                    Shape out_shape, bool unsorted) {
  const Tensor& data = c.inputs[0];
  SegOp op = SegOpOf(c.op);
  Tensor out = AllocLike(data.dtype(), out_shape);
  // No elements (rows of none, or no segments): nothing to reduce, and no per-segment
  // counts, whose number may be far past any tensor's (TF: segment_sum of a [1, 0] tensor
  // at id 2**40 is a [2**40 + 1, 0] tensor).
  if (out.num_elements() == 0) {
    c.outputs = {out};
    return Status::Ok();
  }
  T* po = out.data<T>();
  const T* pd = data.data<T>();
  std::vector<int64_t> count(num_segments, 0);
  // Sorted ops leave empty segments at 0 (TF); unsorted ones at the reduction's identity.
  for (int64_t s = 0; s < num_segments; ++s)
    for (int64_t j = 0; j < inner; ++j) po[s * inner + j] = SegInit<T>(op, true);
  for (size_t k = 0; k < seg.size(); ++k) {
    int64_t s = seg[k];
    if (s < 0) continue;  // unsorted: negative ids are dropped
    ++count[s];
    for (int64_t j = 0; j < inner; ++j) {
      T& o = po[s * inner + j];
      T v = pd[static_cast<int64_t>(k) * inner + j];
      switch (op) {
        // (integers wrap, as TF's kernels do)
        case SegOp::kSum: case SegOp::kMean: o = WrapAdd(o, v); break;
        case SegOp::kMax: o = std::max(o, v); break;
        case SegOp::kMin: o = std::min(o, v); break;
        case SegOp::kProd: o = WrapMul(o, v); break;
      }
    }
  }
  for (int64_t s = 0; s < num_segments; ++s)
    for (int64_t j = 0; j < inner; ++j) {
      T& o = po[s * inner + j];
      if (count[s] == 0) o = SegInit<T>(op, unsorted);
      else if (op == SegOp::kMean) o = o / static_cast<T>(count[s]);
    }
  c.outputs = {out};
  return Status::Ok();
}

Status SegmentK(KernelContext& c) {
  const Tensor& data = c.inputs[0];
  const Tensor& ids = c.inputs[1];
  if (ids.dims() != 1) return InvalidArgument("segment_ids should be a vector.");
  if (data.dims() == 0 || data.dim(0) != ids.num_elements())
    return InvalidArgument("segment_ids should be the same size as dimension 0 of input.");
  std::vector<int64_t> seg(ids.num_elements());
  int64_t prev = 0;
  for (int64_t k = 0; k < ids.num_elements(); ++k) {
    seg[k] = ids.AsInt64(k);
    if (seg[k] < 0) return InvalidArgument("segment ids must be >= 0");
    if (seg[k] < prev) return InvalidArgument("segment ids are not increasing");
    prev = seg[k];
  }
  // TF adds 1 in int64 and refuses what wrapped below zero.
  if (!seg.empty() && seg.back() == std::numeric_limits<int64_t>::max())
    return InvalidArgument("Expected a non-negative size, got " + std::to_string(std::numeric_limits<int64_t>::min()));
  int64_t num = seg.empty() ? 0 : seg.back() + 1;
  Shape s = data.shape();
  s[0] = num;
  int64_t inner = data.dim(0) == 0 ? 0 : data.num_elements() / data.dim(0);
  TFM_DISPATCH_NUMERIC(data.dtype(), SegmentTyped, c, seg, num, inner, s, false)
}

Status UnsortedSegmentK(KernelContext& c) {
  const Tensor& data = c.inputs[0];
  const Tensor& ids = c.inputs[1];
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "num_segments"));
  int64_t num = c.inputs[2].AsInt64(0);
  if (num < 0) return InvalidArgument("Input num_segments == " + std::to_string(num) + " must not be negative.");
  if (ids.dims() > data.dims())
    return InvalidArgument("data.shape = " + data.ShapeString() + " does not start with segment_ids.shape = " +
                           ids.ShapeString());
  for (int64_t d = 0; d < ids.dims(); ++d)
    if (ids.dim(d) != data.dim(d))
      return InvalidArgument("data.shape = " + data.ShapeString() + " does not start with segment_ids.shape = " +
                             ids.ShapeString());
  std::vector<int64_t> seg(ids.num_elements());
  for (int64_t k = 0; k < ids.num_elements(); ++k) {
    seg[k] = ids.AsInt64(k);
    if (seg[k] >= num)
      return InvalidArgument("segment_ids[" + std::to_string(k) + "] = " + std::to_string(seg[k]) +
                             " is out of range [0, " + std::to_string(num) + ")");
  }
  Shape s{num};
  for (int64_t d = ids.dims(); d < data.dims(); ++d) s.push_back(data.dim(d));
  const int64_t inner = DimsProduct(data.shape(), static_cast<size_t>(ids.dims()), data.shape().size());
  TFM_DISPATCH_NUMERIC(data.dtype(), SegmentTyped, c, seg, num, inner, s, true)
}

// ---- Bincount(arr, size, weights): weights empty = counts ----
template <typename T>
Status BincountTyped(KernelContext& c, int64_t size) {
  const Tensor& arr = c.inputs[0];
  const Tensor& w = c.inputs[2];
  bool weighted = w.num_elements() > 0;
  if (weighted && w.shape() != arr.shape())
    return InvalidArgument("Input arr and weights should have the same shape, arr shape: " + arr.ShapeString() +
                           " weights shape: " + w.ShapeString());
  Tensor out = Tensor::Alloc(w.dtype(), {size});
  T* po = out.data<T>();
  for (int64_t i = 0; i < arr.num_elements(); ++i) {
    int64_t v = arr.AsInt64(i);
    if (v < 0) return InvalidArgument("Input arr must be non-negative!");
    if (v < size) po[v] = WrapAdd(po[v], weighted ? w.data<T>()[i] : T(1));  // (integers wrap, as TF's)
  }
  c.outputs = {out};
  return Status::Ok();
}
Status BincountK(KernelContext& c) {
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "size"));
  int64_t size = c.inputs[1].AsInt64(0);
  if (size < 0) return InvalidArgument("size (" + std::to_string(size) + ") must be non-negative");
  TFM_DISPATCH_NUMERIC(c.inputs[2].dtype(), BincountTyped, c, size)
}

// ---- HistogramFixedWidth(values, value_range, nbins), as TF's CPU functor ----
template <typename T>
Status HistogramTyped(KernelContext& c, int64_t nbins) {
  const Tensor& v = c.inputs[0];
  const Tensor& r = c.inputs[1];
  T lo = r.data<T>()[0], hi = r.data<T>()[1];
  if (!(lo < hi)) return InvalidArgument("value_range should satisfy value_range[0] < value_range[1], but got [" +
                                         std::to_string(static_cast<double>(lo)) + ", " +
                                         std::to_string(static_cast<double>(hi)) + "]");
  // TF computes the offsets in T and the bins in double. Where that is undefined (TF's
  // kernel writes out of its output there: a NaN value, an infinite range, an integer span
  // that overflows T) this one says so, or computes the integer span in double.
  constexpr bool kInteger = std::numeric_limits<T>::is_integer;
  const double span = kInteger ? static_cast<double>(hi) - static_cast<double>(lo) : static_cast<double>(hi - lo);
  if (!std::isfinite(span))
    return InvalidArgument("HistogramFixedWidth: value_range must be finite and its span representable, but got [" +
                           std::to_string(static_cast<double>(lo)) + ", " + std::to_string(static_cast<double>(hi)) +
                           "]");
  DType ot = GetTypeAttr(*c.attrs, "dtype", DType::kInt32);
  Tensor out = Tensor::Alloc(ot, {nbins});
  double step = span / static_cast<double>(nbins);
  double top = static_cast<double>(nbins - 1);
  for (int64_t i = 0; i < v.num_elements(); ++i) {
    T x = v.data<T>()[i];
    const double offset = kInteger ? static_cast<double>(std::max(x, lo)) - static_cast<double>(lo)
                                   : static_cast<double>(std::max(x, lo) - lo);
    if (std::isnan(offset)) return InvalidArgument("HistogramFixedWidth: values must not be NaN (value " + std::to_string(i) + ")");
    double b = std::max(0.0, std::min(offset / step, top));
    const auto bin = static_cast<int64_t>(b);
    if (ot == DType::kInt64) ++out.data<int64_t>()[bin];
    else ++out.data<int32_t>()[bin];
  }
  c.outputs = {out};
  return Status::Ok();
}
Status HistogramK(KernelContext& c) {
  if (c.inputs[1].num_elements() != 2)
    return InvalidArgument("value_range should be a vector of 2 elements");
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "nbins"));
  int64_t nbins = c.inputs[2].AsInt64(0);
  if (nbins <= 0) return InvalidArgument("nbins should be a positive number, but got '" + std::to_string(nbins) + "'");
  if (c.inputs[1].dtype() != c.inputs[0].dtype()) return InvalidArgument("value_range must match values' dtype");
  TFM_DISPATCH_NUMERIC(c.inputs[0].dtype(), HistogramTyped, c, nbins)
}

}  // namespace

void RegisterSegmentKernels(std::map<std::string, KernelFn>& m) {
  for (const char* n : {"SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd"}) m[n] = SegmentK;
  for (const char* n : {"UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd"})
    m[n] = UnsortedSegmentK;
  m["Bincount"] = BincountK;
  m["HistogramFixedWidth"] = HistogramK;
}

}  // namespace tfm::rt

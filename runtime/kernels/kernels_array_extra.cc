// Array and math kernels beyond the first cut: ReverseV2, Roll, segment reductions
// (sorted and unsorted), LinSpace, Unique, ListDiff (setdiff1d), Bincount,
// InvertPermutation, LowerBound/UpperBound (searchsorted), TensorScatterUpdate/Add,
// HistogramFixedWidth, InTopKV2, Atan2, TruncateDiv and the unary Rint, Expm1, Selu,
// Relu6. Registered by RegisterArrayExtraKernels (called from the kernel registry);
// their op definitions are the "array extra" block at the end of ops/op_defs.cc.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <unordered_map>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// Copies `count` elements from src[si..] to dst[di..] (strings included).
void CopyElems(const Tensor& src, int64_t si, Tensor* dst, int64_t di, int64_t count) {
  if (src.dtype() == DType::kString) {
    for (int64_t k = 0; k < count; ++k) dst->strings()[di + k] = src.strings()[si + k];
    return;
  }
  size_t es = DTypeSize(src.dtype());
  std::memcpy(static_cast<unsigned char*>(const_cast<void*>(dst->raw())) + di * es,
              static_cast<const unsigned char*>(src.raw()) + si * es, count * es);
}

Tensor AllocLike(DType dt, Shape s) { return Tensor::Alloc(dt, std::move(s)); }

Status Unsupported(const KernelContext& c, DType dt) {
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

// ---- ReverseV2(tensor, axis) ----
// A tensor of x's shape whose element at coordinates (k0, k1, ...) of x goes to
// (to(0, k0), to(1, k1), ...): reverses, rolls.
template <typename To>
Tensor MoveElements(const Tensor& x, To to) {
  const int64_t r = x.dims();
  Tensor out = AllocLike(x.dtype(), x.shape());
  std::vector<int64_t> idx(r, 0);
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    int64_t o = 0;
    for (int64_t d = 0; d < r; ++d) o = o * x.dim(d) + to(d, idx[d]);
    CopyElems(x, i, &out, o, 1);
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < x.dim(d)) break;
      idx[d] = 0;
    }
  }
  return out;
}

Status ReverseV2K(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& ax = c.inputs[1];
  int64_t r = x.dims();
  std::vector<bool> flip(r, false);
  for (int64_t i = 0; i < ax.num_elements(); ++i) {
    int64_t a = ax.AsInt64(i);
    if (a < -r || a >= r)
      return InvalidArgument("'axis'[" + std::to_string(i) + "] = " + std::to_string(a) + " is out of valid range [" +
                             std::to_string(-r) + ", " + std::to_string(r - 1));
    if (a < 0) a += r;
    if (flip[a]) return InvalidArgument("axis " + std::to_string(a) + " specified more than once.");
    flip[a] = true;
  }
  c.outputs = {MoveElements(x, [&](int64_t d, int64_t k) { return flip[d] ? x.dim(d) - 1 - k : k; })};
  return Status::Ok();
}

// ---- Roll(input, shift, axis) ----
Status RollK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& sh = c.inputs[1];
  const Tensor& ax = c.inputs[2];
  int64_t r = x.dims();
  if (r == 0) return InvalidArgument("input must be 1-D or higher");
  if (sh.dims() > 1) return InvalidArgument("shift must be a scalar or a 1-D vector. Found: " + sh.ShapeString());
  if (ax.dims() > 1) return InvalidArgument("axis must be a scalar or a 1-D vector. Found: " + ax.ShapeString());
  if (sh.num_elements() != ax.num_elements())
    return InvalidArgument("shift and axis must have the same size");
  std::vector<int64_t> shift(r, 0);
  for (int64_t i = 0; i < ax.num_elements(); ++i) {
    int64_t a = ax.AsInt64(i);
    if (a < 0) a += r;
    if (a < 0 || a >= r)
      return InvalidArgument("axis " + std::to_string(ax.AsInt64(i)) + " is out of range");
    shift[a] += sh.AsInt64(i);
  }
  for (int64_t d = 0; d < r; ++d) {
    int64_t n = x.dim(d);
    shift[d] = n == 0 ? 0 : ((shift[d] % n) + n) % n;
  }
  c.outputs = {MoveElements(x, [&](int64_t d, int64_t k) { return (k + shift[d]) % x.dim(d); })};
  return Status::Ok();
}

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
        case SegOp::kSum: case SegOp::kMean: o += v; break;
        case SegOp::kMax: o = std::max(o, v); break;
        case SegOp::kMin: o = std::min(o, v); break;
        case SegOp::kProd: o *= v; break;
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
  int64_t inner = 1;
  for (int64_t d = ids.dims(); d < data.dims(); ++d) inner *= data.dim(d);
  TFM_DISPATCH_NUMERIC(data.dtype(), SegmentTyped, c, seg, num, inner, s, true)
}

// ---- LinSpace(start, stop, num): start + i * step, the last one exactly stop ----
template <typename T>
Status LinSpaceTyped(KernelContext& c, int64_t num) {
  T start = static_cast<T>(c.inputs[0].AsDouble(0)), stop = static_cast<T>(c.inputs[1].AsDouble(0));
  if (c.inputs[0].dtype() == DType::kFloat) start = c.inputs[0].data<float>()[0], stop = c.inputs[1].data<float>()[0];
  Tensor out = Tensor::Alloc(c.inputs[0].dtype(), {num});
  T* p = out.data<T>();
  if (num == 1) {
    p[0] = start;
  } else if (num > 1) {
    T step = (stop - start) / static_cast<T>(num - 1);
    for (int64_t i = 0; i < num - 1; ++i) p[i] = start + step * static_cast<T>(i);
    p[num - 1] = stop;
  }
  c.outputs = {out};
  return Status::Ok();
}
Status LinSpaceK(KernelContext& c) {
  if (c.inputs[0].dims() != 0) return InvalidArgument("start must be a scalar, not shape " + c.inputs[0].ShapeString());
  if (c.inputs[1].dims() != 0) return InvalidArgument("stop must be a scalar, not shape " + c.inputs[1].ShapeString());
  if (c.inputs[2].dims() != 0) return InvalidArgument("num must be a scalar, not shape " + c.inputs[2].ShapeString());
  int64_t num = c.inputs[2].AsInt64(0);
  // num == 0: an empty result, as tf.linspace (TF 2's linspace_nd, also behind tf.compat.v1.linspace) gives
  if (num < 0) return InvalidArgument("Requires num >= 0: " + std::to_string(num));
  TFM_DISPATCH_FLOAT(c.inputs[0].dtype(), LinSpaceTyped, c, num)
}

// Key of element i of a 1-D tensor for hashing (numbers by value, strings by text).
std::string ElemKey(const Tensor& t, int64_t i) {
  if (t.dtype() == DType::kString) return "s" + t.strings()[i];
  size_t es = DTypeSize(t.dtype());
  std::string k(es, '\0');
  std::memcpy(k.data(), static_cast<const unsigned char*>(t.raw()) + i * es, es);
  if (t.dtype() == DType::kFloat && t.data<float>()[i] == 0.0f) k.assign(es, '\0');  // -0 == 0
  if (t.dtype() == DType::kDouble && t.data<double>()[i] == 0.0) k.assign(es, '\0');
  return k;
}
Tensor IndexTensor(DType dt, const std::vector<int64_t>& v) {
  Tensor t = Tensor::Alloc(dt, {static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) {
    if (dt == DType::kInt64) t.data<int64_t>()[i] = v[i];
    else t.data<int32_t>()[i] = static_cast<int32_t>(v[i]);
  }
  return t;
}

// ---- Unique(x) -> y (first-occurrence order), idx ----
Status UniqueK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dims() != 1) return InvalidArgument("unique expects a 1D vector.");
  std::unordered_map<std::string, int64_t> seen;
  std::vector<int64_t> first, idx(x.num_elements());
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    auto [it, added] = seen.emplace(ElemKey(x, i), static_cast<int64_t>(first.size()));
    if (added) first.push_back(i);
    idx[i] = it->second;
  }
  Tensor y = AllocLike(x.dtype(), {static_cast<int64_t>(first.size())});
  for (size_t k = 0; k < first.size(); ++k) CopyElems(x, first[k], &y, static_cast<int64_t>(k), 1);
  c.outputs = {y, IndexTensor(GetTypeAttr(*c.attrs, "out_idx", DType::kInt32), idx)};
  return Status::Ok();
}

// ---- ListDiff(x, y) -> out (x's values not in y, in order), idx ----
Status ListDiffK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& y = c.inputs[1];
  if (x.dims() != 1) return InvalidArgument("x should be a 1D vector.");
  if (y.dims() != 1) return InvalidArgument("y should be a 1D vector.");
  std::unordered_map<std::string, int> in_y;
  for (int64_t i = 0; i < y.num_elements(); ++i) in_y[ElemKey(y, i)] = 1;
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < x.num_elements(); ++i)
    if (!in_y.count(ElemKey(x, i))) keep.push_back(i);
  Tensor out = AllocLike(x.dtype(), {static_cast<int64_t>(keep.size())});
  for (size_t k = 0; k < keep.size(); ++k) CopyElems(x, keep[k], &out, static_cast<int64_t>(k), 1);
  c.outputs = {out, IndexTensor(GetTypeAttr(*c.attrs, "out_idx", DType::kInt32), keep)};
  return Status::Ok();
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
    if (v < size) po[v] += weighted ? w.data<T>()[i] : T(1);
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

// ---- InvertPermutation(x) ----
Status InvertPermutationK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dims() != 1) return InvalidArgument("invert_permutation expects a 1D vector.");
  int64_t n = x.num_elements();
  std::vector<int64_t> inv(n, -1);
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = x.AsInt64(i);
    if (d < 0 || d >= n) return InvalidArgument(std::to_string(d) + " is not between 0 and " + std::to_string(n));
    if (inv[d] != -1) return InvalidArgument(std::to_string(d) + " is duplicated in the input.");
    inv[d] = i;
  }
  c.outputs = {IndexTensor(x.dtype(), inv)};
  return Status::Ok();
}

// ---- LowerBound / UpperBound(sorted_inputs [B, N], values [B, M]) -> out_type [B, M] ----
template <typename T>
Status BoundTyped(KernelContext& c, bool upper) {
  const Tensor& s = c.inputs[0];
  const Tensor& v = c.inputs[1];
  if (s.dims() != 2 || v.dims() != 2)
    return InvalidArgument("Shape must be rank 2 but is rank " + std::to_string(s.dims() != 2 ? s.dims() : v.dims()) +
                           " for '" + c.op + "'");
  if (s.dim(0) != v.dim(0)) return InvalidArgument("Leading dim_size of both tensors must match.");
  int64_t b = s.dim(0), n = s.num_elements() / std::max<int64_t>(b, 1), m = v.num_elements() / std::max<int64_t>(b, 1);
  DType ot = GetTypeAttr(*c.attrs, "out_type", DType::kInt32);
  Tensor out = Tensor::Alloc(ot, v.shape());
  const T* ps = s.data<T>();
  const T* pv = v.data<T>();
  for (int64_t r = 0; r < b; ++r)
    for (int64_t j = 0; j < m; ++j) {
      const T* lo = ps + r * n;
      T val = pv[r * m + j];
      int64_t pos = upper ? std::upper_bound(lo, lo + n, val) - lo : std::lower_bound(lo, lo + n, val) - lo;
      if (ot == DType::kInt64) out.data<int64_t>()[r * m + j] = pos;
      else out.data<int32_t>()[r * m + j] = static_cast<int32_t>(pos);
    }
  c.outputs = {out};
  return Status::Ok();
}
Status BoundK(KernelContext& c) { TFM_DISPATCH_NUMERIC(c.inputs[0].dtype(), BoundTyped, c, c.op == "UpperBound") }

// ---- TensorScatterUpdate / TensorScatterAdd(tensor, indices, updates) ----
template <typename T>
Status TensorScatterTyped(KernelContext& c) {
  const Tensor& t = c.inputs[0];
  const Tensor& idx = c.inputs[1];
  const Tensor& upd = c.inputs[2];
  bool add = c.op == "TensorScatterAdd";
  if (idx.dims() < 1) return InvalidArgument("Indices shape must have rank at least one. Found:" + idx.ShapeString());
  int64_t depth = idx.dim(static_cast<int>(idx.dims() - 1));
  if (depth > t.dims())
    return InvalidArgument("Index innermost dimension length must be <= tensor rank; saw: " + std::to_string(depth) +
                           " vs. " + std::to_string(t.dims()));
  int64_t n = NumElements(Shape(idx.shape().begin(), idx.shape().end() - 1));
  int64_t slice = 1;
  for (int64_t d = depth; d < t.dims(); ++d) slice *= t.dim(static_cast<int>(d));
  if (upd.num_elements() != n * slice)
    return InvalidArgument("Dimensions [0," + std::to_string(idx.dims() - 1) +
                           ") of indices[shape=" + idx.ShapeString() + "] = " + std::to_string(n) +
                           " must match dimensions [0," + std::to_string(idx.dims() - 1) + ") of updates[shape=" +
                           upd.ShapeString() + "]");
  Tensor out = t.DeepCopy();
  T* po = out.data<T>();
  const T* pu = upd.data<T>();
  for (int64_t k = 0; k < n; ++k) {
    int64_t off = 0;
    for (int64_t d = 0; d < depth; ++d) {
      int64_t i = idx.AsInt64(k * depth + d);
      if (i < 0 || i >= t.dim(static_cast<int>(d))) {
        std::string s;
        for (int64_t e = 0; e < depth; ++e) s += (e ? ", " : "") + std::to_string(idx.AsInt64(k * depth + e));
        return InvalidArgument("indices[" + std::to_string(k) + "] = [" + s + "] does not index into shape " +
                               t.ShapeString());
      }
      off = off * t.dim(static_cast<int>(d)) + i;
    }
    for (int64_t j = 0; j < slice; ++j) {
      if (add) po[off * slice + j] += pu[k * slice + j];
      else po[off * slice + j] = pu[k * slice + j];
    }
  }
  c.outputs = {out};
  return Status::Ok();
}
Status TensorScatterK(KernelContext& c) {
  if (c.inputs[0].dtype() != c.inputs[2].dtype())
    return InvalidArgument(c.op + ": tensor and updates must have the same dtype");
  TFM_DISPATCH_NUMERIC(c.inputs[0].dtype(), TensorScatterTyped, c)
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
  DType ot = GetTypeAttr(*c.attrs, "dtype", DType::kInt32);
  Tensor out = Tensor::Alloc(ot, {nbins});
  double step = static_cast<double>(hi - lo) / static_cast<double>(nbins);
  double top = static_cast<double>(nbins - 1);
  for (int64_t i = 0; i < v.num_elements(); ++i) {
    T x = v.data<T>()[i];
    double b = std::min(static_cast<double>(std::max(x, lo) - lo) / step, top);
    int32_t bin = static_cast<int32_t>(b);
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

// ---- InTopKV2(predictions [B, C], targets [B], k) ----
template <typename T>
Status InTopKTyped(KernelContext& c) {
  const Tensor& p = c.inputs[0];
  const Tensor& t = c.inputs[1];
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "k"));
  int64_t k = c.inputs[2].AsInt64(0);
  if (p.dims() != 2) return InvalidArgument("predictions must be 2-dimensional");
  if (t.dims() != 1) return InvalidArgument("targets must be 1-dimensional");
  if (t.dim(0) != p.dim(0)) return InvalidArgument("First dimension of predictions " + std::to_string(p.dim(0)) +
                                                   " must match length of targets " + std::to_string(t.dim(0)));
  int64_t b = p.dim(0), n = p.dim(1);
  Tensor out = Tensor::Alloc(DType::kBool, {b});
  const T* pp = p.data<T>();
  for (int64_t r = 0; r < b; ++r) {
    int64_t target = t.AsInt64(r);
    bool ok = target >= 0 && target < n && std::isfinite(static_cast<double>(pp[r * n + target]));
    if (ok) {
      T tv = pp[r * n + target];
      int64_t more = 0;
      for (int64_t j = 0; j < n; ++j)
        if (pp[r * n + j] > tv) ++more;
      ok = more < k;
    }
    out.data<bool>()[r] = ok;
  }
  c.outputs = {out};
  return Status::Ok();
}
Status InTopKK(KernelContext& c) { TFM_DISPATCH_FLOAT(c.inputs[0].dtype(), InTopKTyped, c) }

// ---- broadcasting binary: Atan2(y, x), TruncateDiv(x, y) ----
template <typename T>
T TruncDivT(T a, T b) {
  if constexpr (std::is_integral_v<T>) return a / b;
  else return std::trunc(a / b);
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
    for (int64_t i = 0; i < b.num_elements(); ++i)
      if (b.data<T>()[i] == 0) return InvalidArgument("Integer division by zero");
  }
  Tensor out = Tensor::Alloc(a.dtype(), os);
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
    po[i] = pa[i + 1] * pb[i + 2] - pa[i + 2] * pb[i + 1];
    po[i + 1] = pa[i + 2] * pb[i] - pa[i] * pb[i + 2];
    po[i + 2] = pa[i] * pb[i + 1] - pa[i + 1] * pb[i];
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

void RegisterArrayExtraKernels(std::map<std::string, KernelFn>& m) {
  m["ReverseV2"] = ReverseV2K;
  m["Roll"] = RollK;
  for (const char* n : {"SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd"}) m[n] = SegmentK;
  for (const char* n : {"UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd"})
    m[n] = UnsortedSegmentK;
  m["LinSpace"] = LinSpaceK;
  m["Unique"] = UniqueK;
  m["ListDiff"] = ListDiffK;
  m["Bincount"] = BincountK;
  m["InvertPermutation"] = InvertPermutationK;
  m["LowerBound"] = BoundK;
  m["UpperBound"] = BoundK;
  m["TensorScatterUpdate"] = TensorScatterK;
  m["TensorScatterAdd"] = TensorScatterK;
  m["HistogramFixedWidth"] = HistogramK;
  m["InTopKV2"] = InTopKK;
  m["Atan2"] = BinaryExtraK;
  m["TruncateDiv"] = BinaryExtraK;
  for (const char* n : {"Rint", "Expm1", "Selu", "Relu6", "Softsign"}) m[n] = UnaryExtraK;
  m["Cross"] = CrossK;
}

}  // namespace tfm::rt

// Array kernels (TensorFlow's array_ops, and its sequence ops): shape-manipulating and
// structural ones (Const, Identity, Reshape, Transpose, ConcatV2, Pack, StridedSlice,
// GatherV2, OneHot, Fill, Select, ...), the sequences Range and LinSpace, the reorders
// ReverseV2, Roll and InvertPermutation, Unique and ListDiff (setdiff1d), LowerBound /
// UpperBound (searchsorted) and TensorScatterUpdate / TensorScatterAdd.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <unordered_map>

#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// Copies element si of src to element di of dst (same dtype).
inline void CopyElem(const Tensor& src, int64_t si, Tensor& dst, int64_t di) {
  if (src.dtype() == DType::kString) {
    dst.strings()[di] = src.strings()[si];
    return;
  }
  size_t sz = DTypeSize(src.dtype());
  std::memcpy(reinterpret_cast<unsigned char*>(dst.data<unsigned char>()) + di * sz,
              reinterpret_cast<const unsigned char*>(src.data<unsigned char>()) + si * sz, sz);
}

// Row-major strides. A shape with a zero dimension may have others whose product passes
// int64 (no element is ever indexed then): the strides saturate instead of overflowing.
std::vector<int64_t> Strides(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (int i = static_cast<int>(s.size()) - 2; i >= 0; --i)
    if (__builtin_mul_overflow(st[i + 1], s[i + 1], &st[i])) st[i] = std::numeric_limits<int64_t>::max();
  return st;
}

std::vector<int64_t> IntVec(const Tensor& t) {
  std::vector<int64_t> v(t.num_elements());
  for (int64_t i = 0; i < t.num_elements(); ++i) v[i] = t.AsInt64(i);
  return v;
}

Status ConstK(KernelContext& c) {
  auto it = c.attrs->find("value");
  if (it == c.attrs->end() || !std::holds_alternative<Tensor>(it->second)) return Internal("Const without value");
  c.outputs = {std::get<Tensor>(it->second)};
  return Status::Ok();
}

Status IdentityK(KernelContext& c) {
  c.outputs = {c.inputs[0]};
  return Status::Ok();
}

Status IdentityNK(KernelContext& c) {
  c.outputs = c.inputs;
  return Status::Ok();
}

Status NoOpK(KernelContext& c) { return Status::Ok(); }

std::string ShapeForMessage(const AttrMap& a) {
  if (GetBoolAttr(a, "shape_unknown_rank", false)) return "<unknown>";
  return ShapeString(GetIntsAttr(a, "shape"));
}

Status PlaceholderK(KernelContext& c) {
  DType dt = GetTypeAttr(*c.attrs, "dtype", DType::kFloat);
  std::string tn = dt == DType::kFloat ? "float" : dt == DType::kDouble ? "double" : DTypeName(dt);
  return InvalidArgument("You must feed a value for placeholder tensor '" + c.node_name + "' with dtype " + tn +
                         (GetBoolAttr(*c.attrs, "shape_unknown_rank", false) ? "" : " and shape " + ShapeForMessage(*c.attrs)));
}

Status CastK(KernelContext& c) {
  DType to = GetTypeAttr(*c.attrs, "DstT", DType::kFloat);
  // the types Tensor::CastTo converts between (a string only to a string)
  auto numeric = [](DType d) {
    switch (d) {
      case DType::kFloat: case DType::kDouble: case DType::kHalf: case DType::kInt64: case DType::kInt32:
      case DType::kInt16: case DType::kInt8: case DType::kUInt8: case DType::kBool: return true;
      default: return false;
    }
  };
  if (c.inputs[0].dtype() != to && (!numeric(c.inputs[0].dtype()) || !numeric(to)))
    return Unimplemented("Cast " + std::string(DTypeName(c.inputs[0].dtype())) + " to " + DTypeName(to) +
                         " is not supported");
  c.outputs = {c.inputs[0].CastTo(to)};
  return Status::Ok();
}

Status ReshapeK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  std::vector<int64_t> s = IntVec(c.inputs[1]);
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == -1) {
      if (unknown >= 0) return InvalidArgument("only one input size may be -1, not both " + std::to_string(unknown) + " and " + std::to_string(i));
      unknown = static_cast<int64_t>(i);
    } else if (s[i] < 0) {
      return InvalidArgument("Size " + std::to_string(i) + " must be non-negative, not " + std::to_string(s[i]));
    } else if (__builtin_mul_overflow(known, s[i], &known)) {
      return InvalidArgument("Requested shape has more than 2^63 - 1 elements");
    }
  }
  if (unknown >= 0) {
    if (known == 0 || x.num_elements() % known != 0)
      return InvalidArgument("Input to reshape is a tensor with " + std::to_string(x.num_elements()) +
                             " values, but the requested shape requires a multiple of " + std::to_string(known));
    s[unknown] = x.num_elements() / known;
  } else if (known != x.num_elements()) {
    return InvalidArgument("Input to reshape is a tensor with " + std::to_string(x.num_elements()) +
                           " values, but the requested shape has " + std::to_string(known));
  }
  c.outputs = {x.Reshaped(s)};
  return Status::Ok();
}

Status TransposeK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  std::vector<int64_t> perm = IntVec(c.inputs[1]);
  int64_t r = x.dims();
  if (static_cast<int64_t>(perm.size()) != r)
    return InvalidArgument("transpose expects a vector of size " + std::to_string(r) + ". But input(1) is a vector of size " + std::to_string(perm.size()));
  Shape out(r);
  std::vector<char> seen(r, 0);
  for (int64_t i = 0; i < r; ++i) {
    if (perm[i] < 0 || perm[i] >= r) return InvalidArgument(std::to_string(perm[i]) + " is out of range [0 .. " + std::to_string(r) + ")");
    if (seen[perm[i]]) return InvalidArgument(std::to_string(perm[i]) + " is duplicated in the input.");
    seen[perm[i]] = 1;
    out[i] = x.dim(perm[i]);
  }
  Tensor o = Tensor::Alloc(x.dtype(), out);
  auto ist = Strides(x.shape());
  std::vector<int64_t> idx(r, 0);
  int64_t n = o.num_elements();
  for (int64_t i = 0; i < n; ++i) {
    int64_t si = 0;
    for (int64_t d = 0; d < r; ++d) si += idx[d] * ist[perm[d]];
    CopyElem(x, si, o, i);
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < out[d]) break;
      idx[d] = 0;
    }
  }
  c.outputs = {o};
  return Status::Ok();
}

// Concatenates `parts` along `axis` (parts already validated to agree elsewhere).
Status ConcatParts(const std::vector<Tensor>& parts, int64_t axis, Tensor* out) {
  const Tensor& f = parts[0];
  int64_t r = f.dims();
  if (axis < -r || axis >= r)
    return InvalidArgument("ConcatOp : Expected concatenating dimensions in the range [" + std::to_string(-r) + ", " +
                           std::to_string(r) + "), but got " + std::to_string(axis));
  if (axis < 0) axis += r;
  Shape s = f.shape();
  s[axis] = 0;
  for (size_t k = 0; k < parts.size(); ++k) {
    const Tensor& p = parts[k];
    if (p.dtype() != f.dtype()) return InvalidArgument("ConcatOp : dtype mismatch");
    if (p.dims() != r)
      return InvalidArgument("ConcatOp : Ranks of all input tensors should match: shape[0] = " + f.ShapeString() +
                             " vs. shape[" + std::to_string(k) + "] = " + p.ShapeString());
    for (int64_t d = 0; d < r; ++d)
      if (d != axis && p.dim(d) != f.dim(d))
        return InvalidArgument("ConcatOp : Dimension " + std::to_string(d) +
                               " in both shapes must be equal: shape[0] = " + f.ShapeString() + " vs. shape[" +
                               std::to_string(k) + "] = " + p.ShapeString());
    s[axis] += p.dim(axis);
  }
  Tensor o = Tensor::Alloc(f.dtype(), s);
  *out = o;
  if (o.num_elements() == 0) return Status::Ok();  // (its other dimensions may be past any tensor)
  const int64_t outer = DimsProduct(s, 0, static_cast<size_t>(axis));
  int64_t di = 0;
  for (int64_t a = 0; a < outer; ++a)
    for (const Tensor& p : parts) {
      int64_t chunk = outer ? p.num_elements() / outer : 0;
      for (int64_t j = 0; j < chunk; ++j) CopyElem(p, a * chunk + j, o, di++);
    }
  *out = o;
  return Status::Ok();
}

Status ConcatV2K(KernelContext& c) {
  TFM_RETURN_IF_ERROR(NeedScalar(c, c.inputs.size() - 1, "axis"));
  // (a node without its N attr reaches here with its axis unchecked by the op model)
  const DType axis_type = c.inputs.back().dtype();
  if (axis_type != DType::kInt32 && axis_type != DType::kInt64)
    return InvalidArgument(std::string("ConcatV2: axis must be int32 or int64, not ") + DTypeName(axis_type));
  std::vector<Tensor> parts(c.inputs.begin(), c.inputs.end() - 1);
  Tensor o;
  TFM_RETURN_IF_ERROR(ConcatParts(parts, c.inputs.back().AsInt64(0), &o));
  c.outputs = {o};
  return Status::Ok();
}

Status PackK(KernelContext& c) {
  int64_t axis = GetIntAttr(*c.attrs, "axis", 0);
  const Tensor& f = c.inputs[0];
  int64_t r = f.dims() + 1;
  if (axis < -r || axis >= r) return InvalidArgument("axis = " + std::to_string(axis) + " not in [" + std::to_string(-r) + ", " + std::to_string(r) + ")");
  if (axis < 0) axis += r;
  std::vector<Tensor> parts;
  for (size_t k = 0; k < c.inputs.size(); ++k) {
    const Tensor& p = c.inputs[k];
    if (p.shape() != f.shape())
      return InvalidArgument("Shapes of all inputs must match: values[0].shape = " + f.ShapeString() + " != values[" +
                             std::to_string(k) + "].shape = " + p.ShapeString());
    Shape s = p.shape();
    s.insert(s.begin() + axis, 1);
    parts.push_back(p.Reshaped(s));
  }
  Tensor o;
  TFM_RETURN_IF_ERROR(ConcatParts(parts, axis, &o));
  c.outputs = {o};
  return Status::Ok();
}

Status UnpackK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  int64_t axis = GetIntAttr(*c.attrs, "axis", 0);
  const int64_t rank = x.dims();
  if (axis < -rank || axis >= rank)  // TF's kernel message
    return InvalidArgument("axis = " + std::to_string(axis) + " not in [" + std::to_string(-rank) + ", " +
                           std::to_string(rank) + ")");
  if (axis < 0) axis += rank;
  int64_t num = x.dim(axis);
  if (c.attrs->count("num") && GetIntAttr(*c.attrs, "num", num) != num)
    return InvalidArgument("Input shape axis " + std::to_string(axis) + " must equal " +
                           std::to_string(GetIntAttr(*c.attrs, "num", num)) + ", got shape " + ShapeString(x.shape()));
  Shape s = x.shape();
  s.erase(s.begin() + axis);
  if (num > (int64_t{1} << 24))  // (an output each: [2**40, 0] would be 2**40 tensors)
    return Status(Code::kResourceExhausted, "OOM when allocating " + std::to_string(num) + " outputs for Unpack");
  const int64_t outer = x.num_elements() ? DimsProduct(x.shape(), 0, static_cast<size_t>(axis)) : 0;
  const int64_t inner = DimsProduct(x.shape(), static_cast<size_t>(axis) + 1, x.shape().size());
  c.outputs.clear();
  for (int64_t k = 0; k < num; ++k) {
    Tensor o = Tensor::Alloc(x.dtype(), s);
    for (int64_t a = 0; a < outer; ++a)
      for (int64_t b = 0; b < inner; ++b) CopyElem(x, (a * num + k) * inner + b, o, a * inner + b);
    c.outputs.push_back(o);
  }
  return Status::Ok();
}

Status ExpandDimsK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "axis"));
  int64_t axis = c.inputs[1].AsInt64(0);
  int64_t r = x.dims();
  if (axis < -r - 1 || axis > r)
    return InvalidArgument("Tried to expand dim index " + std::to_string(axis) + " for tensor with " + std::to_string(r) + " dimensions.");
  if (axis < 0) axis += r + 1;
  Shape s = x.shape();
  s.insert(s.begin() + axis, 1);
  c.outputs = {x.Reshaped(s)};
  return Status::Ok();
}

Status SqueezeK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  std::vector<int64_t> dims = GetIntsAttr(*c.attrs, "squeeze_dims");
  int64_t r = x.dims();
  std::vector<bool> drop(r, false);
  if (dims.empty()) {
    for (int64_t d = 0; d < r; ++d) drop[d] = x.dim(d) == 1;
  } else {
    for (int64_t d : dims) {
      if (d < -r || d >= r) return InvalidArgument("Tried to squeeze dim index " + std::to_string(d) + " for tensor with " + std::to_string(r) + " dimensions.");
      int64_t a = d < 0 ? d + r : d;
      if (x.dim(a) != 1)
        return InvalidArgument("Can not squeeze dim[" + std::to_string(a) + "], expected a dimension of 1, got " + std::to_string(x.dim(a)));
      drop[a] = true;
    }
  }
  Shape s;
  for (int64_t d = 0; d < r; ++d)
    if (!drop[d]) s.push_back(x.dim(d));
  c.outputs = {x.Reshaped(s)};
  return Status::Ok();
}

Tensor IntTensor(DType dt, const std::vector<int64_t>& v, Shape s) {
  Tensor o = Tensor::Alloc(dt, std::move(s));
  for (size_t i = 0; i < v.size(); ++i) {
    if (dt == DType::kInt64) o.data<int64_t>()[i] = v[i];
    else o.data<int32_t>()[i] = static_cast<int32_t>(v[i]);
  }
  return o;
}

Status ShapeK(KernelContext& c) {
  const Shape& s = c.inputs[0].shape();
  c.outputs = {IntTensor(GetTypeAttr(*c.attrs, "out_type", DType::kInt32), s, {static_cast<int64_t>(s.size())})};
  return Status::Ok();
}
Status SizeK(KernelContext& c) {
  c.outputs = {IntTensor(GetTypeAttr(*c.attrs, "out_type", DType::kInt32), {c.inputs[0].num_elements()}, {})};
  return Status::Ok();
}
Status RankK(KernelContext& c) {
  c.outputs = {IntTensor(DType::kInt32, {c.inputs[0].dims()}, {})};
  return Status::Ok();
}

Status FillK(KernelContext& c) {
  Shape s = IntVec(c.inputs[0]);
  for (int64_t d : s) if (d < 0) return InvalidArgument("Fill dimensions must be >= 0");
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "value"));
  const Tensor& v = c.inputs[1];
  Tensor o = Tensor::Alloc(v.dtype(), s);
  for (int64_t i = 0; i < o.num_elements(); ++i) CopyElem(v, 0, o, i);
  c.outputs = {o};
  return Status::Ok();
}

Status ZerosLikeK(KernelContext& c) {
  c.outputs = {Tensor::Alloc(c.inputs[0].dtype(), c.inputs[0].shape())};
  return Status::Ok();
}
Status OnesLikeK(KernelContext& c) {
  Tensor one = Tensor::Scalar<double>(1.0).CastTo(c.inputs[0].dtype());
  Tensor o = Tensor::Alloc(c.inputs[0].dtype(), c.inputs[0].shape());
  for (int64_t i = 0; i < o.num_elements(); ++i) CopyElem(one, 0, o, i);
  c.outputs = {o};
  return Status::Ok();
}

// A range bound as TensorFlow's messages print it: an integer as such, a float in %g form
// ("5", "0.5", "1e+19", "0.123457").
std::string RangeBound(const Tensor& t, DType dt) {
  if (IsInteger(dt)) return std::to_string(t.AsInt64(0));
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", t.AsDouble(0));
  return buf;
}

Status RangeK(KernelContext& c) {
  TFM_RETURN_IF_ERROR(NeedScalar(c, 0, "start"));
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "limit"));
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "delta"));
  DType dt = c.inputs[0].dtype();
  const std::string order = " when delta " + std::string(c.inputs[2].AsDouble(0) > 0 ? "> 0: " : "< 0: ") +
                            RangeBound(c.inputs[0], dt) + "/" + RangeBound(c.inputs[1], dt);
  if (IsInteger(dt)) {
    // in integers (a double loses int64's low digits); the span in unsigned arithmetic, as
    // limit - start may pass int64 (TF's size is the same count)
    const int64_t start = c.inputs[0].AsInt64(0), limit = c.inputs[1].AsInt64(0), delta = c.inputs[2].AsInt64(0);
    if (delta == 0) return InvalidArgument("Requires delta != 0: 0");
    if (delta > 0 && start > limit) return InvalidArgument("Requires start <= limit" + order);
    if (delta < 0 && start < limit) return InvalidArgument("Requires start >= limit" + order);
    const uint64_t span = delta > 0 ? static_cast<uint64_t>(limit) - static_cast<uint64_t>(start)
                                    : static_cast<uint64_t>(start) - static_cast<uint64_t>(limit);
    const uint64_t step = delta > 0 ? static_cast<uint64_t>(delta) : 0 - static_cast<uint64_t>(delta);
    const uint64_t n = span / step + (span % step != 0);
    if (n > static_cast<uint64_t>(INT64_MAX)) return InvalidArgument("Requires ((limit - start) / delta) <= 9223372036854775807");
    Tensor o = Tensor::Alloc(DType::kInt64, {static_cast<int64_t>(n)});
    uint64_t v = static_cast<uint64_t>(start);
    for (uint64_t i = 0; i < n; ++i, v += static_cast<uint64_t>(delta)) o.data<int64_t>()[i] = static_cast<int64_t>(v);
    c.outputs = {dt == DType::kInt64 ? o : o.CastTo(dt)};
    return Status::Ok();
  }
  double start = c.inputs[0].AsDouble(0), limit = c.inputs[1].AsDouble(0), delta = c.inputs[2].AsDouble(0);
  if (delta == 0) return InvalidArgument("Requires delta != 0: 0");
  if (!std::isfinite(start) || !std::isfinite(limit) || !std::isfinite(delta))
    return InvalidArgument("Requires start, limit and delta to be finite");
  if (delta > 0 && start > limit) return InvalidArgument("Requires start <= limit" + order);
  if (delta < 0 && start < limit) return InvalidArgument("Requires start >= limit" + order);
  if (std::abs((limit - start) / delta) > 9.2e18)
    return InvalidArgument("Requires ((limit - start) / delta) <= 9223372036854775807");
  const auto n = static_cast<int64_t>(std::ceil(std::abs((limit - start) / delta)));
  Tensor d = Tensor::Alloc(DType::kDouble, {n});
  for (int64_t i = 0; i < n; ++i) d.data<double>()[i] = start + i * delta;
  c.outputs = {d.CastTo(dt)};
  return Status::Ok();
}

Status SelectK(KernelContext& c) {
  const Tensor& cond = c.inputs[0];
  const Tensor& t = c.inputs[1];
  const Tensor& e = c.inputs[2];
  if (t.dtype() != e.dtype()) return InvalidArgument("SelectV2: then and else must have the same dtype");
  Shape s1, s;
  TFM_RETURN_IF_ERROR(BroadcastShapes(t.shape(), e.shape(), &s1));
  bool v1_rowwise = c.op == "Select" && cond.dims() == 1 && t.dims() > 1;
  if (v1_rowwise && cond.dim(0) != s1[0])
    return InvalidArgument("Number of batches of 'then' must match size of 'cond', but saw: " +
                           std::to_string(s1[0]) + " vs. " + std::to_string(cond.dim(0)));
  if (v1_rowwise) s = s1;
  else TFM_RETURN_IF_ERROR(BroadcastShapes(cond.shape(), s1, &s));
  Tensor o = Tensor::Alloc(t.dtype(), s);
  const size_t elem = DTypeSize(t.dtype());  // 0 for strings
  if ((elem == 1 || elem == 2 || elem == 4 || elem == 8) && t.shape() == s && e.shape() == s &&
      (cond.shape() == s || cond.num_elements() == 1)) {
    // No broadcasting (or a scalar condition): one pass over whole elements.
    const bool* cv = cond.data<bool>();
    const int64_t cstep = cond.num_elements() == 1 ? 0 : 1;
    auto pick = [&](auto tag) {
      using U = decltype(tag);
      const U* pt = t.data<U>();
      const U* pe = e.data<U>();
      U* po = o.data<U>();
      for (int64_t i = 0, n = o.num_elements(); i < n; ++i) po[i] = cv[i * cstep] ? pt[i] : pe[i];
    };
    if (elem == 1) pick(uint8_t{});
    else if (elem == 2) pick(uint16_t{});
    else if (elem == 4) pick(uint32_t{});
    else pick(uint64_t{});
    c.outputs = {o};
    return Status::Ok();
  }
  int64_t r = static_cast<int64_t>(s.size());
  auto bidx = [&](const Tensor& x, const std::vector<int64_t>& idx) {
    int64_t off = 0, stride = 1;
    for (int64_t i = x.dims() - 1, j = r - 1; i >= 0; --i, --j) {
      if (x.dim(i) != 1) off += idx[j] * stride;
      stride *= x.dim(i);
    }
    return off;
  };
  std::vector<int64_t> idx(r, 0);
  for (int64_t i = 0; i < o.num_elements(); ++i) {
    bool cv = v1_rowwise ? cond.data<bool>()[idx[0]] : cond.data<bool>()[bidx(cond, idx)];
    if (cv) CopyElem(t, bidx(t, idx), o, i);
    else CopyElem(e, bidx(e, idx), o, i);
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < s[d]) break;
      idx[d] = 0;
    }
  }
  c.outputs = {o};
  return Status::Ok();
}

// Writes `count` copies of the `block` elements at o[pos..] that follow them: o[pos, pos +
// block) is written already; the copies double the written run each step (a memcpy each,
// instead of one element at a time).
void RepeatBlock(Tensor& o, int64_t pos, int64_t block, int64_t count) {
  int64_t done = block, total = block * count;
  while (done < total) {
    int64_t n = std::min(done, total - done);
    CopyElems(o, pos, &o, pos + done, n);
    done += n;
  }
}

// Copies x (`xs`: its shape, padded on the left with 1s to the output's rank) into an
// output laid out as `s`, dimension by dimension: a sub-block where x's dimensions are the
// output's is one contiguous copy, and a dimension x broadcasts (or Tile repeats) is
// written once and then repeated (RepeatBlock).
struct RunCopier {
  const Tensor& x;
  Tensor& o;
  Shape s, xs;
  std::vector<int64_t> xst, ost;  // x's and the output's strides per output dimension
  bool tile;                      // Tile: x's index is the output's modulo x's size

  // Copies the output's sub-block at dimension d (offset `opos` in o) from x's offset `xoff`.
  void Copy(size_t d, int64_t xoff, int64_t opos) {
    if (d == s.size()) {
      CopyElems(x, xoff, &o, opos, 1);
      return;
    }
    // the dimensions from d inward where x is the output: one contiguous copy
    bool same = true;
    for (size_t k = d; k < s.size() && same; ++k) same = xs[k] == s[k];
    if (same) {
      CopyElems(x, xoff, &o, opos, d == 0 ? o.num_elements() : ost[d - 1]);
      return;
    }
    const int64_t n = xs[d];  // distinct sub-blocks along d
    if (tile || xs[d] == 1) {
      for (int64_t j = 0; j < n; ++j) Copy(d + 1, xoff + j * xst[d], opos + j * ost[d]);
      // the rest of dimension d repeats the first n sub-blocks
      if (s[d] > n) RepeatBlock(o, opos, n * ost[d], s[d] / n);
      return;
    }
    for (int64_t j = 0; j < s[d]; ++j) Copy(d + 1, xoff + j * xst[d], opos + j * ost[d]);
  }
};

Status BroadcastToK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  Shape target = IntVec(c.inputs[1]), s;
  TFM_RETURN_IF_ERROR(BroadcastShapes(x.shape(), target, &s));
  if (s != target) return InvalidArgument("Unable to broadcast tensor of shape " + x.ShapeString() + " to tensor of shape " + ShapeString(target));
  Tensor o = Tensor::Alloc(x.dtype(), s);
  if (o.num_elements() > 0) {
    Shape xs(s.size() - x.shape().size(), 1);
    xs.insert(xs.end(), x.shape().begin(), x.shape().end());
    RunCopier rc{x, o, s, xs, Strides(xs), Strides(s), false};
    rc.Copy(0, 0, 0);
  }
  c.outputs = {o};
  return Status::Ok();
}

Status TileK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  std::vector<int64_t> m = IntVec(c.inputs[1]);
  if (static_cast<int64_t>(m.size()) != x.dims()) return InvalidArgument("Expected multiples argument to be a vector of length " + std::to_string(x.dims()) + " but got length " + std::to_string(m.size()));
  Shape s = x.shape();
  for (size_t i = 0; i < s.size(); ++i) {
    if (m[i] < 0) return InvalidArgument("Expected multiples[" + std::to_string(i) + "] >= 0, but got " + std::to_string(m[i]));
    if (__builtin_mul_overflow(s[i], m[i], &s[i])) return InvalidArgument("Tile: the output's dimension " + std::to_string(i) + " overflows");
  }
  Tensor o = Tensor::Alloc(x.dtype(), s);
  if (o.num_elements() > 0) {
    RunCopier rc{x, o, s, x.shape(), Strides(x.shape()), Strides(s), true};
    rc.Copy(0, 0, 0);
  }
  c.outputs = {o};
  return Status::Ok();
}

// Reduction indices for the gradient of a broadcasting binary op (TF's op of that name).
Status BroadcastGradientArgsK(KernelContext& c) {
  Shape a = IntVec(c.inputs[0]), b = IntVec(c.inputs[1]), s;
  TFM_RETURN_IF_ERROR(BroadcastShapes(a, b, &s));
  std::vector<int64_t> ra, rb;
  int64_t r = static_cast<int64_t>(s.size());
  for (int64_t j = 0; j < r; ++j) {
    int64_t ia = j - (r - static_cast<int64_t>(a.size())), ib = j - (r - static_cast<int64_t>(b.size()));
    int64_t da = ia < 0 ? 1 : a[ia], db = ib < 0 ? 1 : b[ib];
    if (da == 1 && s[j] != 1) ra.push_back(j);
    else if (ia < 0) ra.push_back(j);
    if (db == 1 && s[j] != 1) rb.push_back(j);
    else if (ib < 0) rb.push_back(j);
  }
  ra.erase(std::unique(ra.begin(), ra.end()), ra.end());
  rb.erase(std::unique(rb.begin(), rb.end()), rb.end());
  DType dt = c.inputs[0].dtype();
  c.outputs = {IntTensor(dt, ra, {static_cast<int64_t>(ra.size())}), IntTensor(dt, rb, {static_cast<int64_t>(rb.size())})};
  return Status::Ok();
}

Status GatherK(KernelContext& c) {
  const Tensor& p = c.inputs[0];
  const Tensor& ind = c.inputs[1];
  if (c.inputs.size() > 2) TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "axis"));
  int64_t axis = c.inputs.size() > 2 ? c.inputs[2].AsInt64(0) : 0;
  if (axis < 0) axis += p.dims();
  if (axis < 0 || axis >= p.dims()) return InvalidArgument("Expected axis in the range [" + std::to_string(-p.dims()) + ", " + std::to_string(p.dims()) + ")");
  const int64_t len = p.dim(axis);
  Shape s(p.shape().begin(), p.shape().begin() + axis);
  for (int64_t d : ind.shape()) s.push_back(d);
  for (int64_t d = axis + 1; d < p.dims(); ++d) s.push_back(p.dim(d));
  Tensor o = Tensor::Alloc(p.dtype(), s);
  c.outputs = {o};
  if (o.num_elements() == 0) return Status::Ok();  // (as TF's: an empty output reads no index)
  const int64_t outer = DimsProduct(p.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = DimsProduct(p.shape(), static_cast<size_t>(axis) + 1, p.shape().size());
  int64_t ni = ind.num_elements(), di = 0;
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t k = 0; k < ni; ++k) {
      int64_t ix = ind.AsInt64(k);
      if (ix < 0 || ix >= len)
        return InvalidArgument("indices[" + std::to_string(k) + "] = " + std::to_string(ix) + " is not in [0, " + std::to_string(len) + ")");
      for (int64_t b = 0; b < inner; ++b) CopyElem(p, (a * len + ix) * inner + b, o, di++);
    }
  c.outputs = {o};
  return Status::Ok();
}

Status OneHotK(KernelContext& c) {
  const Tensor& ind = c.inputs[0];
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "depth"));
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "on_value"));
  TFM_RETURN_IF_ERROR(NeedScalar(c, 3, "off_value"));
  int64_t depth = c.inputs[1].AsInt64(0);
  const Tensor& on = c.inputs[2];
  const Tensor& off = c.inputs[3];
  int64_t axis = GetIntAttr(*c.attrs, "axis", -1);
  if (depth < 0) return InvalidArgument("depth must be non-negative, got: " + std::to_string(depth));
  int64_t r = ind.dims();
  if (axis < -1 || axis > r) return InvalidArgument("Expected axis to be -1 or between [0, " + std::to_string(r + 1) + ").  But received: " + std::to_string(axis));
  if (axis == -1) axis = r;
  if (on.dtype() != off.dtype())
    return InvalidArgument(std::string("on_value and off_value must have the same type, got ") + DTypeName(on.dtype()) +
                           " and " + DTypeName(off.dtype()));
  Shape s = ind.shape();
  s.insert(s.begin() + axis, depth);
  Tensor o = Tensor::Alloc(on.dtype(), s);
  c.outputs = {o};
  if (o.num_elements() == 0) return Status::Ok();  // (a depth of 2**62 over no indices: nothing to loop over)
  const int64_t outer = DimsProduct(ind.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = DimsProduct(ind.shape(), static_cast<size_t>(axis), ind.shape().size());
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t k = 0; k < depth; ++k)
      for (int64_t b = 0; b < inner; ++b) {
        bool hit = ind.AsInt64(a * inner + b) == k;
        CopyElem(hit ? on : off, 0, o, (a * depth + k) * inner + b);
      }
  c.outputs = {o};
  return Status::Ok();
}

// Slice: size[d] elements from begin[d] along each dimension d (size -1: to the end).
Status SliceK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  std::vector<int64_t> begin = IntVec(c.inputs[1]), size = IntVec(c.inputs[2]);
  const int64_t r = x.dims();
  if (static_cast<int64_t>(begin.size()) != r || static_cast<int64_t>(size.size()) != r || c.inputs[1].dims() != 1 ||
      c.inputs[2].dims() != 1)
    return InvalidArgument("Expected begin and size arguments to be 1-D tensors of size " + std::to_string(r) +
                           ", but got shapes " + c.inputs[1].ShapeString() + " and " + c.inputs[2].ShapeString() +
                           " instead.");
  Shape os(static_cast<size_t>(r));
  for (int64_t d = 0; d < r; ++d) {
    const int64_t n = x.dim(static_cast<int>(d)), b = begin[d];
    if (b < 0 || b > n)
      return InvalidArgument("Expected begin[" + std::to_string(d) + "] in [0, " + std::to_string(n) + "], but got " +
                             std::to_string(b));
    const int64_t s = size[d] == -1 ? n - b : size[d];
    if (s < 0 || s > n - b)
      return InvalidArgument("Expected size[" + std::to_string(d) + "] in [0, " + std::to_string(n - b) +
                             "], but got " + std::to_string(size[d]));
    os[static_cast<size_t>(d)] = s;
  }
  Tensor o = Tensor::Alloc(x.dtype(), os);
  c.outputs = {o};
  if (o.num_elements() == 0) return Status::Ok();  // (the input's strides may pass int64 when it has no elements)
  std::vector<int64_t> stride(static_cast<size_t>(r), 1), idx(static_cast<size_t>(r), 0);
  for (int64_t d = r - 2; d >= 0; --d) stride[d] = stride[d + 1] * x.dim(static_cast<int>(d + 1));
  const int64_t total = NumElements(os);
  for (int64_t k = 0; k < total; ++k) {
    int64_t src = 0;
    for (int64_t d = 0; d < r; ++d) src += (begin[d] + idx[d]) * stride[d];
    CopyElem(x, src, o, k);
    for (int64_t d = r - 1; d >= 0 && ++idx[d] == os[static_cast<size_t>(d)]; --d) idx[d] = 0;
  }
  c.outputs = {o};
  return Status::Ok();
}

// StridedSlice with TF's mask semantics (begin/end/ellipsis/new_axis/shrink_axis).
Status StridedSliceK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  auto begin = IntVec(c.inputs[1]), end = IntVec(c.inputs[2]), strides = IntVec(c.inputs[3]);
  int64_t bm = GetIntAttr(*c.attrs, "begin_mask", 0), em = GetIntAttr(*c.attrs, "end_mask", 0);
  int64_t elm = GetIntAttr(*c.attrs, "ellipsis_mask", 0), nam = GetIntAttr(*c.attrs, "new_axis_mask", 0);
  int64_t sam = GetIntAttr(*c.attrs, "shrink_axis_mask", 0);
  int64_t nspec = static_cast<int64_t>(begin.size());
  if (c.inputs[1].dims() != 1 || end.size() != begin.size() || strides.size() != begin.size())
    return InvalidArgument("Expected begin, end, and strides to be 1D equal size tensors, but got shapes " +
                           c.inputs[1].ShapeString() + ", " + c.inputs[2].ShapeString() + ", and " +
                           c.inputs[3].ShapeString() + " instead.");
  if (nspec > 63) return InvalidArgument("Requires fewer than 64 slice specs, got " + std::to_string(nspec));
  // Expand the sparse spec into one entry per input dimension.
  struct Dim { int64_t b, e, s; bool bm, em, shrink; };
  std::vector<Dim> dense;
  Shape final_shape;
  std::vector<int> final_from;  // index into dense or -1 for new axis
  int64_t xd = 0;
  int64_t specified = 0;
  for (int64_t i = 0; i < nspec; ++i)
    if (!((nam >> i) & 1) && !((elm >> i) & 1)) ++specified;
  for (int64_t i = 0; i < nspec; ++i) {
    if ((elm >> i) & 1) {
      // The ellipsis covers every dimension no other (non-newaxis) spec names.
      int64_t fill = x.dims() - specified;
      for (int64_t k = 0; k < fill && xd < x.dims(); ++k, ++xd) {
        dense.push_back({0, 0, 1, true, true, false});
        final_from.push_back(static_cast<int>(dense.size()) - 1);
      }
      continue;
    }
    if ((nam >> i) & 1) {
      final_from.push_back(-1);
      continue;
    }
    if (xd >= x.dims()) return InvalidArgument("Index out of range using input dim " + std::to_string(xd) + "; input has only " + std::to_string(x.dims()) + " dims");
    dense.push_back({begin[i], end[i], strides[i], static_cast<bool>((bm >> i) & 1), static_cast<bool>((em >> i) & 1),
                     static_cast<bool>((sam >> i) & 1)});
    final_from.push_back(static_cast<int>(dense.size()) - 1);
    ++xd;
  }
  for (; xd < x.dims(); ++xd) {
    dense.push_back({0, 0, 1, true, true, false});
    final_from.push_back(static_cast<int>(dense.size()) - 1);
  }
  std::vector<int64_t> starts(dense.size()), counts(dense.size()), steps(dense.size());
  for (size_t d = 0; d < dense.size(); ++d) {
    int64_t n = x.dim(d);
    Dim& dm = dense[d];
    if (dm.s == 0) return InvalidArgument("strides[" + std::to_string(d) + "] must be non-zero");
    if (dm.shrink) {
      int64_t b = dm.b < 0 ? dm.b + n : dm.b;
      if (b < 0 || b >= n)
        return InvalidArgument("slice index " + std::to_string(dm.b) + " of dimension " + std::to_string(d) +
                               " out of bounds.");
      starts[d] = b; counts[d] = 1; steps[d] = 1;
      continue;
    }
    int64_t lo = dm.s > 0 ? 0 : -1, hi = dm.s > 0 ? n : n - 1;
    int64_t b = dm.bm ? (dm.s > 0 ? lo : hi) : (dm.b < 0 ? dm.b + n : dm.b);
    int64_t e = dm.em ? (dm.s > 0 ? hi : lo) : (dm.e < 0 ? dm.e + n : dm.e);
    b = std::clamp(b, lo, hi);
    e = std::clamp(e, lo, hi);
    // ceil(span / |stride|), with the stride's magnitude unsigned (a stride of int64's minimum)
    const uint64_t step = dm.s > 0 ? static_cast<uint64_t>(dm.s) : 0 - static_cast<uint64_t>(dm.s);
    const int64_t span = dm.s > 0 ? e - b : b - e;
    const int64_t cnt = span > 0 ? static_cast<int64_t>((static_cast<uint64_t>(span) - 1) / step + 1) : 0;
    starts[d] = b; counts[d] = cnt; steps[d] = dm.s;
  }
  Shape dense_shape(counts.begin(), counts.end());
  for (int f : final_from) {
    if (f < 0) final_shape.push_back(1);
    else if (!dense[f].shrink) final_shape.push_back(counts[f]);
  }
  Tensor o = Tensor::Alloc(x.dtype(), final_shape);
  auto ist = Strides(x.shape());
  int64_t r = static_cast<int64_t>(dense.size());
  std::vector<int64_t> idx(r, 0);
  int64_t n = NumElements(dense_shape);
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = 0;
    for (int64_t d = 0; d < r; ++d) off += (starts[d] + idx[d] * steps[d]) * ist[d];
    CopyElem(x, off, o, i);
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < dense_shape[d]) break;
      idx[d] = 0;
    }
  }
  c.outputs = {o};
  return Status::Ok();
}

// Gradient of StridedSlice: scatters dy into zeros of the input's shape. The selected
// positions come from slicing an iota tensor with the same spec.
Status StridedSliceGradK(KernelContext& c) {
  Shape s = IntVec(c.inputs[0]);
  for (int64_t d : s)
    if (d < 0) return InvalidArgument("StridedSliceGrad: shape " + ShapeString(s) + " has a negative dimension");
  const Tensor& dy = c.inputs[4];
  Tensor iota = Tensor::Alloc(DType::kInt64, s);
  int64_t* at_of = iota.data<int64_t>();
  for (int64_t i = 0, n = iota.num_elements(); i < n; ++i) at_of[i] = i;
  // the node's attrs, but T is the iota's type (a node imported from a graph file carries
  // T, the gradient's type)
  AttrMap attrs = c.attrs ? *c.attrs : AttrMap{};
  attrs["T"] = DType::kInt64;
  KernelContext k{.op = "StridedSlice", .node_name = c.node_name, .attrs = &attrs,
                  .inputs = {iota, c.inputs[1], c.inputs[2], c.inputs[3]}};
  TFM_RETURN_IF_ERROR(RunKernel(k));
  const Tensor& idx = k.outputs[0];
  if (idx.num_elements() != dy.num_elements())
    return InvalidArgument("StridedSliceGrad: dy has " + std::to_string(dy.num_elements()) + " elements, slice has " +
                           std::to_string(idx.num_elements()));
  Tensor o = Tensor::Alloc(dy.dtype(), s);
  for (int64_t i = 0, n = idx.num_elements(); i < n; ++i) {
    int64_t at = idx.data<int64_t>()[i];
    switch (dy.dtype()) {
      case DType::kFloat: o.data<float>()[at] += dy.data<float>()[i]; break;
      case DType::kDouble: o.data<double>()[at] += dy.data<double>()[i]; break;
      case DType::kInt32: o.data<int32_t>()[at] += dy.data<int32_t>()[i]; break;
      case DType::kInt64: o.data<int64_t>()[at] += dy.data<int64_t>()[i]; break;
      default: return InvalidArgument("StridedSliceGrad: unsupported dtype");
    }
  }
  c.outputs = {o};
  return Status::Ok();
}

Status StringFormatK(KernelContext& c) {
  // Joins the string renderings of the inputs (already rendered by the host) with spaces.
  std::string s;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    if (i) s += " ";
    if (c.inputs[i].dtype() == DType::kString && c.inputs[i].num_elements() == 1) s += c.inputs[i].strings()[0];
  }
  c.outputs = {Tensor::String({s}, {})};
  return Status::Ok();
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
    shift[a] = WrapAdd(shift[a], sh.AsInt64(i));  // (a repeated axis: the shifts add, wrapping as TF's)
  }
  for (int64_t d = 0; d < r; ++d) {
    const int64_t n = x.dim(d);
    int64_t m = n == 0 ? 0 : shift[d] % n;
    shift[d] = m < 0 ? m + n : m;
  }
  c.outputs = {MoveElements(x, [&](int64_t d, int64_t k) { return (k + shift[d]) % x.dim(d); })};
  return Status::Ok();
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
  const int64_t slice = DimsProduct(t.shape(), static_cast<size_t>(depth), t.shape().size());
  int64_t want = 0;
  if (__builtin_mul_overflow(n, slice, &want) || upd.num_elements() != want)
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
      if (slice) off = off * t.dim(static_cast<int>(d)) + i;  // (an empty tensor's dims may be past int64)
    }
    for (int64_t j = 0; j < slice; ++j) {
      if (add) po[off * slice + j] = WrapAdd(po[off * slice + j], pu[k * slice + j]);  // (integers wrap, as TF's)
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

}  // namespace

void RegisterArrayKernels(std::map<std::string, KernelFn>& m) {
  m["Const"] = ConstK; m["Identity"] = IdentityK; m["StopGradient"] = IdentityK; m["IdentityN"] = IdentityNK;
  m["NoOp"] = NoOpK; m["Placeholder"] = PlaceholderK; m["PlaceholderWithDefault"] = IdentityK;
  m["Cast"] = CastK; m["Reshape"] = ReshapeK; m["Transpose"] = TransposeK; m["ConcatV2"] = ConcatV2K;
  m["Pack"] = PackK; m["Unpack"] = UnpackK; m["ExpandDims"] = ExpandDimsK; m["Squeeze"] = SqueezeK;
  m["Shape"] = ShapeK; m["Size"] = SizeK; m["Rank"] = RankK; m["Fill"] = FillK; m["ZerosLike"] = ZerosLikeK;
  m["OnesLike"] = OnesLikeK; m["Range"] = RangeK; m["Select"] = SelectK; m["SelectV2"] = SelectK;
  m["BroadcastTo"] = BroadcastToK; m["Tile"] = TileK; m["BroadcastGradientArgs"] = BroadcastGradientArgsK;
  m["GatherV2"] = GatherK; m["OneHot"] = OneHotK; m["StridedSlice"] = StridedSliceK;
  m["Slice"] = SliceK;
  m["StridedSliceGrad"] = StridedSliceGradK;
  m["StringJoinSpace"] = StringFormatK;
  m["ReverseV2"] = ReverseV2K;
  m["Roll"] = RollK;
  m["LinSpace"] = LinSpaceK;
  m["Unique"] = UniqueK;
  m["ListDiff"] = ListDiffK;
  m["InvertPermutation"] = InvertPermutationK;
  m["LowerBound"] = BoundK;
  m["UpperBound"] = BoundK;
  m["TensorScatterUpdate"] = TensorScatterK;
  m["TensorScatterAdd"] = TensorScatterK;
}

}  // namespace tfm::rt

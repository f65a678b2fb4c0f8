// Op definitions (shape functions) of the linear algebra, image and convolution-variant
// ops whose kernels are in kernels/kernels_linalg_image.cc. Added to the op table by
// op_defs.cc's Table() through RegisterLinalgImageOpDefs. Unknown dimensions are -1 and
// propagate; an input of unknown rank makes every output of unknown rank.
#include <algorithm>
#include <limits>

#include "runtime/ops/op_def.h"

namespace tfm::rt {

namespace {

TensorSpec Known(DType dt, Shape s) { return {dt, std::move(s), false}; }
TensorSpec UnknownRank(DType dt) { return {dt, {}, true}; }

Status RankAtLeast(const ShapeContext& c, int i, size_t r) {
  if (c.inputs[i].shape.size() < r)
    return InvalidArgument("Shape must be at least rank " + std::to_string(r) + " but is rank " +
                           std::to_string(c.inputs[i].shape.size()) + " for '{{node " + c.node_name + "}} = " + c.op + "'");
  return Status::Ok();
}

int64_t Merge(int64_t a, int64_t b) { return a < 0 ? b : a; }

// Square matrices in, same shape out (MatrixInverse, Cholesky).
Status SquareSame(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank) {
    *o = {x};
    return Status::Ok();
  }
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 2));
  int64_t m = x.shape[x.shape.size() - 2], n = x.shape.back();
  if (m >= 0 && n >= 0 && m != n)
    return InvalidArgument("Dimensions must be equal, but are " + std::to_string(m) + " and " + std::to_string(n) +
                           " for '{{node " + c.node_name + "}} = " + c.op + "'");
  Shape s = x.shape;
  s[s.size() - 1] = s[s.size() - 2] = Merge(m, n);
  *o = {Known(x.dtype, s)};
  return Status::Ok();
}

Status Same0(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[0]};
  return Status::Ok();
}

// The shape of input 1, the dtype of input 1 (ResizeBilinearGrad: the original image).
Status Same1(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[1]};
  return Status::Ok();
}

Status SolveShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& a = c.inputs[0];
  const TensorSpec& b = c.inputs[1];
  if (a.unknown_rank || b.unknown_rank) {
    *o = {UnknownRank(a.dtype)};
    return Status::Ok();
  }
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 2));
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 1, 2));
  int64_t n = Merge(a.shape.back(), a.shape[a.shape.size() - 2]), rn = b.shape[b.shape.size() - 2];
  if (n >= 0 && rn >= 0 && n != rn)
    return InvalidArgument("Dimensions must be equal, but are " + std::to_string(n) + " and " + std::to_string(rn) +
                           " for '{{node " + c.node_name + "}} = " + c.op + "' with input shapes: " + ShapeString(a.shape) +
                           ", " + ShapeString(b.shape) + ".");
  Shape batch;
  TFM_RETURN_IF_ERROR(BroadcastShapes(Shape(a.shape.begin(), a.shape.end() - 2), Shape(b.shape.begin(), b.shape.end() - 2), &batch));
  batch.push_back(Merge(n, rn));
  batch.push_back(b.shape.back());
  *o = {Known(a.dtype, batch)};
  return Status::Ok();
}

Status DetShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  int n = c.op == "LogMatrixDeterminant" ? 2 : 1;
  if (x.unknown_rank) {
    o->assign(n, UnknownRank(x.dtype));
    return Status::Ok();
  }
  std::vector<TensorSpec> sq;
  TFM_RETURN_IF_ERROR(SquareSame(c, &sq));
  o->assign(n, Known(x.dtype, Shape(x.shape.begin(), x.shape.end() - 2)));
  return Status::Ok();
}

Status QrShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank) {
    *o = {UnknownRank(x.dtype), UnknownRank(x.dtype)};
    return Status::Ok();
  }
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 2));
  bool full = GetBoolAttr(*c.attrs, "full_matrices", false);
  int64_t m = x.shape[x.shape.size() - 2], n = x.shape.back();
  int64_t p = (m < 0 || n < 0) ? -1 : std::min(m, n);
  Shape q(x.shape.begin(), x.shape.end() - 2), r = q;
  q.push_back(m), q.push_back(full ? m : p);
  r.push_back(full ? m : p), r.push_back(n);
  *o = {Known(x.dtype, q), Known(x.dtype, r)};
  return Status::Ok();
}

Status SvdShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank) {
    o->assign(3, UnknownRank(x.dtype));
    return Status::Ok();
  }
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 2));
  bool uv = GetBoolAttr(*c.attrs, "compute_uv", true), full = GetBoolAttr(*c.attrs, "full_matrices", false);
  int64_t m = x.shape[x.shape.size() - 2], n = x.shape.back();
  int64_t p = (m < 0 || n < 0) ? -1 : std::min(m, n);
  Shape lead(x.shape.begin(), x.shape.end() - 2), s = lead, u = lead, v = lead;
  s.push_back(p);
  u.push_back(m), u.push_back(full ? m : p);
  v.push_back(n), v.push_back(full ? n : p);
  *o = {Known(x.dtype, s), Known(x.dtype, uv ? u : Shape{0}), Known(x.dtype, uv ? v : Shape{0})};
  return Status::Ok();
}

Status EigShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank) {
    *o = {UnknownRank(x.dtype), UnknownRank(x.dtype)};
    return Status::Ok();
  }
  std::vector<TensorSpec> sq;
  TFM_RETURN_IF_ERROR(SquareSame(c, &sq));
  bool v = GetBoolAttr(*c.attrs, "compute_v", true);
  *o = {Known(x.dtype, Shape(sq[0].shape.begin(), sq[0].shape.end() - 1)), Known(x.dtype, v ? sq[0].shape : Shape{0})};
  return Status::Ok();
}

Status BandPartShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  if (!c.inputs[0].unknown_rank) TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 2));
  *o = {c.inputs[0]};
  return Status::Ok();
}

Status DiagShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank) {
    *o = {x};
    return Status::Ok();
  }
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 1));
  Shape s = x.shape;
  s.push_back(s.back());
  *o = {Known(x.dtype, s)};
  return Status::Ok();
}

Status DiagPartShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank) {
    *o = {x};
    return Status::Ok();
  }
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, 2));
  int64_t m = x.shape[x.shape.size() - 2], n = x.shape.back();
  Shape s(x.shape.begin(), x.shape.end() - 2);
  s.push_back((m < 0 || n < 0) ? -1 : std::min(m, n));
  *o = {Known(x.dtype, s)};
  return Status::Ok();
}

// MatrixDiagV3(diagonal, k, num_rows, num_cols, padding_value), main diagonal: n x n
// unless constant num_rows / num_cols say otherwise.
// MatrixDiagV3: diagonal [..., len] (one diagonal, k a scalar) or [..., num_diags, len]
// (k = [lo, hi], lo < hi); rows and cols as the kernel works them out, unknown where k,
// num_rows or num_cols is not a constant.
Status DiagV3Shape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  const Tensor* k = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  const Tensor* r = c.const_inputs.size() > 2 ? c.const_inputs[2] : nullptr;
  const Tensor* cl = c.const_inputs.size() > 3 ? c.const_inputs[3] : nullptr;
  if (x.unknown_rank || !k || k->num_elements() < 1) {
    *o = {TensorSpec{x.dtype, {}, true}};
    return Status::Ok();
  }
  const int64_t lo = k->AsInt64(0), hi = k->num_elements() > 1 ? k->AsInt64(1) : lo;
  const bool band = lo != hi;
  TFM_RETURN_IF_ERROR(RankAtLeast(c, 0, band ? 2 : 1));
  const int64_t len = x.shape.back();
  int64_t rows = r && r->num_elements() == 1 ? r->AsInt64(0) : -2, cols = cl && cl->num_elements() == 1 ? cl->AsInt64(0) : -2;
  if (len >= 0) {
    const int64_t min_rows = len - std::min<int64_t>(hi, 0), min_cols = len + std::max<int64_t>(lo, 0);
    if (rows == -1 && cols == -1) rows = cols = std::max(min_rows, min_cols);
    else if (rows == -1) rows = min_rows;
    else if (cols == -1) cols = min_cols;
  }
  Shape s(x.shape.begin(), x.shape.end() - (band ? 2 : 1));
  s.push_back(rows < 0 ? -1 : rows);
  s.push_back(cols < 0 ? -1 : cols);
  *o = {Known(x.dtype, s)};
  return Status::Ok();
}

// [N, H, W, C] images and a size input: [N, size[0], size[1], C].
Status ResizeShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  DType dt = c.op == "ResizeBilinear" ? DType::kFloat : x.dtype;
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape;
  if (xs.size() != 4)
    return InvalidArgument("Shape must be rank 4 but is rank " + std::to_string(xs.size()) + " for '{{node " + c.node_name +
                           "}} = " + c.op + "' with input shapes: " + ShapeString(xs) + ".");
  const Tensor* s = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  int64_t h = -1, w = -1;
  if (s && s->num_elements() == 2) h = s->AsInt64(0), w = s->AsInt64(1);
  *o = {Known(dt, {xs[0], h, w, xs[3]})};
  return Status::Ok();
}

Status SpaceDepthShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape;
  if (xs.size() != 4)
    return InvalidArgument("Shape must be rank 4 but is rank " + std::to_string(xs.size()) + " for '{{node " + c.node_name +
                           "}} = " + c.op + "'");
  int64_t bs = GetIntAttr(*c.attrs, "block_size", 2);
  if (bs < 2) return InvalidArgument("Block size should be > 1, but was: " + std::to_string(bs));
  if (bs > std::numeric_limits<int32_t>::max())  // (TF's attr is int32)
    return InvalidArgument("Block size " + std::to_string(bs) + " is out of int32's range");
  auto div = [&](int64_t d, int64_t k) -> StatusOr<int64_t> {
    if (d < 0) return int64_t{-1};
    if (d % k)
      return InvalidArgument("Dimension size must be evenly divisible by " + std::to_string(k) + " but is " +
                             std::to_string(d) + " for '{{node " + c.node_name + "}} = " + c.op + "'");
    return d / k;
  };
  auto mul = [](int64_t d, int64_t k) {  // (unknown past int64: the kernel refuses it)
    int64_t p = 0;
    return d < 0 || __builtin_mul_overflow(d, k, &p) ? int64_t{-1} : p;
  };
  if (c.op == "SpaceToDepth") {
    auto h = div(xs[1], bs);
    if (!h.ok()) return h.status();
    auto w = div(xs[2], bs);
    if (!w.ok()) return w.status();
    *o = {Known(x.dtype, {xs[0], h.value(), w.value(), mul(xs[3], bs * bs)})};
  } else {
    auto d = div(xs[3], bs * bs);
    if (!d.ok()) return d.status();
    *o = {Known(x.dtype, {xs[0], mul(xs[1], bs), mul(xs[2], bs), d.value()})};
  }
  return Status::Ok();
}

int64_t At4(const ShapeContext& c, const char* name, int i) {
  std::vector<int64_t> v = GetIntsAttr(*c.attrs, name);
  return v.size() == 4 ? v[i] : 1;
}

Status DepthwiseShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  const TensorSpec& f = c.inputs[1];
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape, fs = f.unknown_rank ? Shape{-1, -1, -1, -1} : f.shape;
  if (xs.size() != 4 || fs.size() != 4)
    return InvalidArgument("Shape must be rank 4 for '{{node " + c.node_name + "}} = " + c.op + "'");
  if (xs[3] >= 0 && fs[2] >= 0 && xs[3] != fs[2])
    return InvalidArgument("Dimensions must be equal, but are " + std::to_string(xs[3]) + " and " + std::to_string(fs[2]) +
                           " for '{{node " + c.node_name + "}} = " + c.op + "'");
  std::string pad = GetStringAttr(*c.attrs, "padding", "VALID");
  int64_t ch = Merge(xs[3], fs[2]), depth = -1;  // (unknown past int64: the kernel refuses it)
  if (ch < 0 || fs[3] < 0 || __builtin_mul_overflow(ch, fs[3], &depth)) depth = -1;
  *o = {Known(x.dtype, {xs[0], WindowOutputSize(xs[1], fs[0], At4(c, "strides", 1), At4(c, "dilations", 1), pad),
                        WindowOutputSize(xs[2], fs[1], At4(c, "strides", 2), At4(c, "dilations", 2), pad),
                        depth})};
  return Status::Ok();
}

// Output = the value of input I (a shape vector), dtype of input D.
template <int I, int D>
Status ShapeValueOf(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType dt = c.inputs[D].dtype;
  const Tensor* s = static_cast<int>(c.const_inputs.size()) > I ? c.const_inputs[I] : nullptr;
  if (!s) {
    *o = {Known(dt, {-1, -1, -1, -1})};
    return Status::Ok();
  }
  Shape sh;
  for (int64_t i = 0; i < s->num_elements(); ++i) sh.push_back(s->AsInt64(i));
  *o = {Known(dt, sh)};
  return Status::Ok();
}

// ResizeNearestNeighborGrad(grads, size): [N, size[0], size[1], C].
Status ResizeNearestGradShape(const ShapeContext& c, std::vector<TensorSpec>* o) { return ResizeShape(c, o); }

Status PatchesShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape;
  if (xs.size() != 4) return InvalidArgument("Shape must be rank 4 for '{{node " + c.node_name + "}} = " + c.op + "'");
  std::string pad = GetStringAttr(*c.attrs, "padding", "VALID");
  int64_t kh = At4(c, "ksizes", 1), kw = At4(c, "ksizes", 2), depth = -1;
  constexpr int64_t kAttrMax = std::numeric_limits<int32_t>::max();
  if (xs[3] >= 0 && kh >= 0 && kw >= 0 && kh <= kAttrMax && kw <= kAttrMax && __builtin_mul_overflow(kh * kw, xs[3], &depth))
    depth = -1;  // (past int64: the kernel refuses it)
  *o = {Known(x.dtype, {xs[0], WindowOutputSize(xs[1], kh, At4(c, "strides", 1), At4(c, "rates", 1), pad),
                        WindowOutputSize(xs[2], kw, At4(c, "strides", 2), At4(c, "rates", 2), pad), depth})};
  return Status::Ok();
}

Status PoolArgmaxShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape;
  if (xs.size() != 4) return InvalidArgument("Shape must be rank 4 for '{{node " + c.node_name + "}} = " + c.op + "'");
  std::string pad = GetStringAttr(*c.attrs, "padding", "VALID");
  Shape s = {xs[0], WindowOutputSize(xs[1], At4(c, "ksize", 1), At4(c, "strides", 1), 1, pad),
             WindowOutputSize(xs[2], At4(c, "ksize", 2), At4(c, "strides", 2), 1, pad), xs[3]};
  *o = {Known(x.dtype, s), Known(GetTypeAttr(*c.attrs, "Targmax", DType::kInt64), s)};
  return Status::Ok();
}

// Conv2DBackpropInput (tf.nn.conv2d_transpose) as TF's Conv2DBackpropInputShape: with a
// constant input_sizes, its spatial and depth dimensions, and the batch dimension of
// out_backprop (so a fed batch stays unknown: [None, 6, 6, 5]). Otherwise the op table's
// previous shape function.
ShapeFn& PrevConvBackpropInputShape() {
  static ShapeFn prev = nullptr;
  return prev;
}

Status ConvBackpropInputShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const Tensor* s = c.const_inputs.size() > 0 ? c.const_inputs[0] : nullptr;
  const TensorSpec& dy = c.inputs[2];
  if (!s || s->num_elements() != 4 || (!dy.unknown_rank && dy.shape.size() != 4)) {
    if (PrevConvBackpropInputShape()) return PrevConvBackpropInputShape()(c, o);
    *o = {UnknownRank(c.inputs[1].dtype)};
    return Status::Ok();
  }
  int64_t batch = dy.unknown_rank ? -1 : dy.shape[0];
  *o = {Known(c.inputs[1].dtype, {batch, s->AsInt64(1), s->AsInt64(2), s->AsInt64(3)})};
  return Status::Ok();
}

}  // namespace

void RegisterLinalgImageOpDefs(std::map<std::string, OpDef>& m) {
  auto add = [&](const char* n, ShapeFn f) { m[n] = OpDef{n, false, false, f}; };
  add("MatrixInverse", SquareSame);
  add("Cholesky", SquareSame);
  add("MatrixSolve", SolveShape);
  add("MatrixTriangularSolve", SolveShape);
  add("MatrixDeterminant", DetShape);
  add("LogMatrixDeterminant", DetShape);
  add("Qr", QrShape);
  add("Svd", SvdShape);
  add("SelfAdjointEigV2", EigShape);
  add("MatrixBandPart", BandPartShape);
  add("MatrixDiag", DiagShape);
  add("MatrixDiagPart", DiagPartShape);
  add("MatrixSetDiag", BandPartShape);
  add("MatrixDiagV3", DiagV3Shape);
  add("MatrixDiagPartV3", DiagPartShape);
  add("MatrixSetDiagV3", BandPartShape);
  add("ResizeBilinear", ResizeShape);
  add("ResizeNearestNeighbor", ResizeShape);
  add("ResizeBilinearGrad", Same1);
  add("ResizeNearestNeighborGrad", ResizeNearestGradShape);
  add("SpaceToDepth", SpaceDepthShape);
  add("DepthToSpace", SpaceDepthShape);
  add("DepthwiseConv2dNative", DepthwiseShape);
  add("DepthwiseConv2dNativeBackpropInput", ShapeValueOf<0, 1>);
  add("DepthwiseConv2dNativeBackpropFilter", ShapeValueOf<1, 0>);
  add("ExtractImagePatches", PatchesShape);
  add("MaxPoolWithArgmax", PoolArgmaxShape);
  add("MaxPoolGradWithArgmax", Same0);
  add("LRN", Same0);
  add("LRNGrad", Same0);
  auto it = m.find("Conv2DBackpropInput");
  if (it != m.end()) {
    if (it->second.shape_fn != ConvBackpropInputShape) PrevConvBackpropInputShape() = it->second.shape_fn;
    it->second.shape_fn = ConvBackpropInputShape;
  }
}

}  // namespace tfm::rt

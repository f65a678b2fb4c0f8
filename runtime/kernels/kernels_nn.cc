// Convolution and pooling kernels (NHWC, as TensorFlow's CPU kernels), and Pad / PadV2,
// Cumsum / Cumprod, RandomShuffle, TopKV2 / InTopKV2: Conv2D and its
// two backprops through im2col and a matrix product (runtime/kernels/gemm.h), MaxPool / AvgPool and their
// gradients by direct window walks. Window geometry follows TF's GetWindowedOutputSize:
// VALID keeps whole windows, SAME pads so out = ceil(in / stride), the extra padding
// going after. Registered with the other kernels; shape functions are in ops/op_defs.cc.
#include <algorithm>
#include <cstring>
#include <limits>

#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/gemm.h"
#include "runtime/kernels/kernel.h"
#include "runtime/kernels/window.h"

namespace tfm::rt {

namespace {

struct ConvGeom {
  int64_t n, ih, iw, ic, kh, kw, oc;
  Window wh, ww;
};

Status ConvGeometry(const KernelContext& c, const Shape& in, const Shape& filter, ConvGeom* g) {
  TFM_RETURN_IF_ERROR(CheckNhwc(c));
  if (in.size() != 4) return InvalidArgument("input must be 4-dimensional");
  if (filter.size() != 4) return InvalidArgument("filter must be 4-dimensional");
  TFM_RETURN_IF_ERROR(ConvSizesInInt(in, filter));
  if (in[3] != filter[2])
    return InvalidArgument("input depth must be evenly divisible by filter depth: " + std::to_string(in[3]) + " vs " +
                           std::to_string(filter[2]));
  int64_t sh, sw, dh, dw;
  TFM_RETURN_IF_ERROR(Spatial(c, "strides", &sh, &sw));
  TFM_RETURN_IF_ERROR(Spatial(c, "dilations", &dh, &dw));
  std::string padding = GetStringAttr(*c.attrs, "padding", "VALID");
  *g = ConvGeom{in[0], in[1], in[2], in[3], filter[0], filter[1], filter[3], {}, {}};
  TFM_RETURN_IF_ERROR(MakeWindow(in[1], filter[0], sh, dh, padding, &g->wh));
  TFM_RETURN_IF_ERROR(MakeWindow(in[2], filter[1], sw, dw, padding, &g->ww));
  return Status::Ok();
}

// The patches of one image: rows (oh, ow), columns (kh, kw, ic); padding is zero.
template <typename T>
void Im2Col(const T* img, const ConvGeom& g, T* col) {
  int64_t cols = g.kh * g.kw * g.ic;
  for (int64_t oh = 0; oh < g.wh.out; ++oh)
    for (int64_t ow = 0; ow < g.ww.out; ++ow) {
      T* row = col + (oh * g.ww.out + ow) * cols;
      for (int64_t a = 0; a < g.kh; ++a) {
        int64_t y = oh * g.wh.stride + a * g.wh.dilation - g.wh.pad;
        for (int64_t b = 0; b < g.kw; ++b) {
          int64_t x = ow * g.ww.stride + b * g.ww.dilation - g.ww.pad;
          T* dst = row + (a * g.kw + b) * g.ic;
          if (y < 0 || y >= g.ih || x < 0 || x >= g.iw) {
            std::fill(dst, dst + g.ic, T(0));
          } else {
            const T* src = img + (y * g.iw + x) * g.ic;
            std::copy(src, src + g.ic, dst);
          }
        }
      }
    }
}

template <typename T>
void Col2ImAdd(const T* col, const ConvGeom& g, T* img) {
  int64_t cols = g.kh * g.kw * g.ic;
  for (int64_t oh = 0; oh < g.wh.out; ++oh)
    for (int64_t ow = 0; ow < g.ww.out; ++ow) {
      const T* row = col + (oh * g.ww.out + ow) * cols;
      for (int64_t a = 0; a < g.kh; ++a) {
        int64_t y = oh * g.wh.stride + a * g.wh.dilation - g.wh.pad;
        if (y < 0 || y >= g.ih) continue;
        for (int64_t b = 0; b < g.kw; ++b) {
          int64_t x = ow * g.ww.stride + b * g.ww.dilation - g.ww.pad;
          if (x < 0 || x >= g.iw) continue;
          const T* src = row + (a * g.kw + b) * g.ic;
          T* dst = img + (y * g.iw + x) * g.ic;
          for (int64_t k = 0; k < g.ic; ++k) dst[k] += src[k];
        }
      }
    }
}

template <typename T>
Status Conv2DTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& f = c.inputs[1];
  ConvGeom g;
  TFM_RETURN_IF_ERROR(ConvGeometry(c, x.shape(), f.shape(), &g));
  Tensor out = Tensor::Alloc(x.dtype(), {g.n, g.wh.out, g.ww.out, g.oc});
  c.outputs = {out};
  // (an empty tensor's other dimensions may be past int64: nothing is walked then; with no
  // input or filter values every output is a sum of nothing)
  if (out.num_elements() == 0) return Status::Ok();
  if (x.num_elements() == 0 || f.num_elements() == 0) {
    std::fill(out.data<T>(), out.data<T>() + out.num_elements(), T(0));
    return Status::Ok();
  }
  int64_t rows = g.wh.out * g.ww.out, cols = g.kh * g.kw * g.ic;
  std::vector<T> col(static_cast<size_t>(rows * cols));
  for (int64_t b = 0; b < g.n; ++b) {
    Im2Col(x.data<T>() + b * g.ih * g.iw * g.ic, g, col.data());
    MatrixProduct<T>({col.data(), cols, false}, {f.data<T>(), g.oc, false}, rows, g.oc, cols,
                     out.data<T>() + b * rows * g.oc, g.oc, false);
  }
  c.outputs = {out};
  return Status::Ok();
}

Shape ShapeFromTensor(const Tensor& t) {
  Shape s;
  for (int64_t i = 0; i < t.num_elements(); ++i) s.push_back(t.AsInt64(i));
  return s;
}

// The gradient a convolution's or pooling's backprop is given has the forward op's output
// shape and dtype, as TF checks (a smaller one was read past its end).
Status OutBackpropShape(const Tensor& dy, const Shape& want, DType dtype) {
  if (dy.dims() != 4) return InvalidArgument("out_backprop must be 4-dimensional");
  if (dy.dtype() != dtype)
    return InvalidArgument(std::string("out_backprop must be ") + DTypeName(dtype) + ", got " + DTypeName(dy.dtype()));
  if (dy.shape() != want)
    return InvalidArgument("Expected grad shape to be " + ShapeString(want) + ", but got " + dy.ShapeString());
  return Status::Ok();
}

// Conv2DBackpropInput(input_sizes, filter, out_backprop)
template <typename T>
Status Conv2DBackpropInputTyped(KernelContext& c) {
  Shape in = ShapeFromTensor(c.inputs[0]);
  const Tensor& f = c.inputs[1];
  const Tensor& dy = c.inputs[2];
  ConvGeom g;
  TFM_RETURN_IF_ERROR(ConvGeometry(c, in, f.shape(), &g));
  TFM_RETURN_IF_ERROR(OutBackpropShape(dy, {g.n, g.wh.out, g.ww.out, g.oc}, f.dtype()));
  Tensor dx = Tensor::Alloc(f.dtype(), in);
  std::fill(dx.data<T>(), dx.data<T>() + dx.num_elements(), T(0));
  c.outputs = {dx};
  if (dx.num_elements() == 0 || f.num_elements() == 0 || dy.num_elements() == 0) return Status::Ok();
  int64_t rows = g.wh.out * g.ww.out, cols = g.kh * g.kw * g.ic;
  std::vector<T> dcol(static_cast<size_t>(rows * cols));
  for (int64_t b = 0; b < g.n; ++b) {
    MatrixProduct<T>({dy.data<T>() + b * rows * g.oc, g.oc, false}, {f.data<T>(), g.oc, true}, rows, cols, g.oc,
                     dcol.data(), cols, false);
    Col2ImAdd(dcol.data(), g, dx.data<T>() + b * g.ih * g.iw * g.ic);
  }
  c.outputs = {dx};
  return Status::Ok();
}

// Conv2DBackpropFilter(input, filter_sizes, out_backprop)
template <typename T>
Status Conv2DBackpropFilterTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  Shape fs = ShapeFromTensor(c.inputs[1]);
  const Tensor& dy = c.inputs[2];
  ConvGeom g;
  TFM_RETURN_IF_ERROR(ConvGeometry(c, x.shape(), fs, &g));
  TFM_RETURN_IF_ERROR(OutBackpropShape(dy, {g.n, g.wh.out, g.ww.out, g.oc}, x.dtype()));
  Tensor df = Tensor::Alloc(x.dtype(), fs);
  std::fill(df.data<T>(), df.data<T>() + df.num_elements(), T(0));
  c.outputs = {df};
  if (df.num_elements() == 0 || x.num_elements() == 0 || dy.num_elements() == 0) return Status::Ok();
  int64_t rows = g.wh.out * g.ww.out, cols = g.kh * g.kw * g.ic;
  std::vector<T> col(static_cast<size_t>(rows * cols));
  for (int64_t b = 0; b < g.n; ++b) {
    Im2Col(x.data<T>() + b * g.ih * g.iw * g.ic, g, col.data());
    MatrixProduct<T>({col.data(), cols, true}, {dy.data<T>() + b * rows * g.oc, g.oc, false}, cols, g.oc, rows,
                     df.data<T>(), g.oc, true);
  }
  c.outputs = {df};
  return Status::Ok();
}

template <template <typename> class K>
Status ByFloatType(KernelContext& c, DType dt) {
  switch (dt) {
    case DType::kFloat: return K<float>::Run(c);
    case DType::kDouble: return K<double>::Run(c);
    default: return InvalidArgument(c.op + ": only float32 and float64 are supported by the bundled runtime");
  }
}

template <typename T> struct Conv2DOp { static Status Run(KernelContext& c) { return Conv2DTyped<T>(c); } };
template <typename T> struct Conv2DBIOp { static Status Run(KernelContext& c) { return Conv2DBackpropInputTyped<T>(c); } };
template <typename T> struct Conv2DBFOp { static Status Run(KernelContext& c) { return Conv2DBackpropFilterTyped<T>(c); } };

Status Conv2DK(KernelContext& c) {
  if (c.inputs[0].dtype() != c.inputs[1].dtype()) return InvalidArgument("Conv2D: input and filter dtypes differ");
  return ByFloatType<Conv2DOp>(c, c.inputs[0].dtype());
}
Status Conv2DBackpropInputK(KernelContext& c) { return ByFloatType<Conv2DBIOp>(c, c.inputs[1].dtype()); }
Status Conv2DBackpropFilterK(KernelContext& c) { return ByFloatType<Conv2DBFOp>(c, c.inputs[0].dtype()); }

// ---- pooling ----
struct PoolGeom {
  int64_t n, ih, iw, ch;
  Window wh, ww;
};

Status PoolGeometry(const KernelContext& c, const Shape& in, PoolGeom* g) {
  TFM_RETURN_IF_ERROR(CheckNhwc(c));
  if (in.size() != 4) return InvalidArgument("input must be 4-dimensional");
  int64_t kh, kw, sh, sw;
  TFM_RETURN_IF_ERROR(Spatial(c, "ksize", &kh, &kw));
  TFM_RETURN_IF_ERROR(Spatial(c, "strides", &sh, &sw));
  if (kh <= 0 || kw <= 0) return InvalidArgument("Sliding window ksize must be positive.");
  std::string padding = GetStringAttr(*c.attrs, "padding", "VALID");
  *g = PoolGeom{in[0], in[1], in[2], in[3], {}, {}};
  TFM_RETURN_IF_ERROR(MakeWindow(in[1], kh, sh, 1, padding, &g->wh));
  TFM_RETURN_IF_ERROR(MakeWindow(in[2], kw, sw, 1, padding, &g->ww));
  return Status::Ok();
}

// Calls fn(out_index, in_index) for every in-bounds cell of every window, window by window.
template <typename Fn>
void ForEachWindow(const PoolGeom& g, Fn fn) {
  if (g.n == 0 || g.wh.out == 0 || g.ww.out == 0 || g.ch == 0) return;  // (no windows; the others may be huge)
  for (int64_t b = 0; b < g.n; ++b)
    for (int64_t oh = 0; oh < g.wh.out; ++oh)
      for (int64_t ow = 0; ow < g.ww.out; ++ow)
        for (int64_t ch = 0; ch < g.ch; ++ch) {
          int64_t o = ((b * g.wh.out + oh) * g.ww.out + ow) * g.ch + ch;
          int64_t y0 = oh * g.wh.stride - g.wh.pad, x0 = ow * g.ww.stride - g.ww.pad;
          for (int64_t y = std::max<int64_t>(y0, 0); y < std::min(y0 + g.wh.k, g.ih); ++y)
            for (int64_t x = std::max<int64_t>(x0, 0); x < std::min(x0 + g.ww.k, g.iw); ++x)
              fn(o, ((b * g.ih + y) * g.iw + x) * g.ch + ch);
        }
}

template <typename T>
Status MaxPoolTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  PoolGeom g;
  TFM_RETURN_IF_ERROR(PoolGeometry(c, x.shape(), &g));
  Tensor out = Tensor::Alloc(x.dtype(), {g.n, g.wh.out, g.ww.out, g.ch});
  T* po = out.data<T>();
  std::fill(po, po + out.num_elements(), std::numeric_limits<T>::lowest());
  const T* px = x.data<T>();
  ForEachWindow(g, [&](int64_t o, int64_t i) { po[o] = std::max(po[o], px[i]); });
  c.outputs = {out};
  return Status::Ok();
}

// MaxPoolGrad(orig_input, orig_output, grad): each window's gradient goes to its first maximum.
template <typename T>
Status MaxPoolGradTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& dy = c.inputs[2];
  PoolGeom g;
  TFM_RETURN_IF_ERROR(PoolGeometry(c, x.shape(), &g));
  TFM_RETURN_IF_ERROR(OutBackpropShape(dy, {g.n, g.wh.out, g.ww.out, g.ch}, x.dtype()));
  const int64_t nout = dy.num_elements();
  std::vector<int64_t> arg(static_cast<size_t>(nout), -1);
  const T* px = x.data<T>();
  ForEachWindow(g, [&](int64_t o, int64_t i) {
    if (arg[o] < 0 || px[i] > px[arg[o]]) arg[o] = i;
  });
  Tensor dx = Tensor::Alloc(x.dtype(), x.shape());
  T* pdx = dx.data<T>();
  std::fill(pdx, pdx + dx.num_elements(), T(0));
  for (int64_t o = 0; o < nout; ++o)
    if (arg[o] >= 0) pdx[arg[o]] += dy.data<T>()[o];
  c.outputs = {dx};
  return Status::Ok();
}

// AvgPool averages the in-bounds cells of each window (padding is not counted).
template <typename T>
Status AvgPoolTyped(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  PoolGeom g;
  TFM_RETURN_IF_ERROR(PoolGeometry(c, x.shape(), &g));
  Tensor out = Tensor::Alloc(x.dtype(), {g.n, g.wh.out, g.ww.out, g.ch});
  int64_t nout = out.num_elements();
  std::vector<T> sum(static_cast<size_t>(nout), T(0));
  std::vector<int64_t> count(static_cast<size_t>(nout), 0);
  const T* px = x.data<T>();
  ForEachWindow(g, [&](int64_t o, int64_t i) {
    sum[o] += px[i];
    ++count[o];
  });
  for (int64_t o = 0; o < nout; ++o) out.data<T>()[o] = count[o] ? sum[o] / static_cast<T>(count[o]) : T(0);
  c.outputs = {out};
  return Status::Ok();
}

// AvgPoolGrad(orig_input_shape, grad)
template <typename T>
Status AvgPoolGradTyped(KernelContext& c) {
  Shape in = ShapeFromTensor(c.inputs[0]);
  const Tensor& dy = c.inputs[1];
  PoolGeom g;
  TFM_RETURN_IF_ERROR(PoolGeometry(c, in, &g));
  TFM_RETURN_IF_ERROR(OutBackpropShape(dy, {g.n, g.wh.out, g.ww.out, g.ch}, dy.dtype()));
  Tensor dx = Tensor::Alloc(dy.dtype(), in);  // (before the counts: `in` may hold more than any machine)
  const int64_t nout = dy.num_elements();
  std::vector<int64_t> count(static_cast<size_t>(nout), 0);
  ForEachWindow(g, [&](int64_t o, int64_t) { ++count[o]; });
  T* pdx = dx.data<T>();
  std::fill(pdx, pdx + dx.num_elements(), T(0));
  const T* pdy = dy.data<T>();
  ForEachWindow(g, [&](int64_t o, int64_t i) { pdx[i] += pdy[o] / static_cast<T>(count[o]); });
  c.outputs = {dx};
  return Status::Ok();
}

template <typename T> struct MaxPoolOp { static Status Run(KernelContext& c) { return MaxPoolTyped<T>(c); } };
template <typename T> struct MaxPoolGradOp { static Status Run(KernelContext& c) { return MaxPoolGradTyped<T>(c); } };
template <typename T> struct AvgPoolOp { static Status Run(KernelContext& c) { return AvgPoolTyped<T>(c); } };
template <typename T> struct AvgPoolGradOp { static Status Run(KernelContext& c) { return AvgPoolGradTyped<T>(c); } };

Status MaxPoolK(KernelContext& c) { return ByFloatType<MaxPoolOp>(c, c.inputs[0].dtype()); }
Status MaxPoolGradK(KernelContext& c) { return ByFloatType<MaxPoolGradOp>(c, c.inputs[0].dtype()); }
Status AvgPoolK(KernelContext& c) { return ByFloatType<AvgPoolOp>(c, c.inputs[0].dtype()); }
Status AvgPoolGradK(KernelContext& c) { return ByFloatType<AvgPoolGradOp>(c, c.inputs[1].dtype()); }

// ---- Pad / PadV2: paddings [rank, 2] (before, after); PadV2's third input is the fill value ----
Status PadK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& p = c.inputs[1];
  if (x.dtype() == DType::kString) return Unimplemented("Pad of strings is not supported by the bundled runtime");
  int64_t r = x.dims();
  if (p.dims() != 2 || p.dim(0) != r || p.dim(1) != 2)
    return InvalidArgument("The first dimension of paddings must be the rank of inputs" + std::string("[") +
                           std::to_string(p.dims() > 0 ? p.dim(0) : 0) + "," + std::to_string(p.dims() > 1 ? p.dim(1) : 0) + "], " +
                           x.ShapeString());
  Shape out_shape(r);
  std::vector<int64_t> before(r);
  for (int64_t d = 0; d < r; ++d) {
    before[d] = p.AsInt64(2 * d);
    int64_t after = p.AsInt64(2 * d + 1);
    if (before[d] < 0 || after < 0) return InvalidArgument("Paddings must be non-negative");
    // (TF adds in int64 and refuses what wrapped: "Expected a non-negative size")
    if (__builtin_add_overflow(x.dim(d), before[d], &out_shape[d]) ||
        __builtin_add_overflow(out_shape[d], after, &out_shape[d])) {
      const auto wrapped = static_cast<int64_t>(static_cast<uint64_t>(x.dim(d)) + static_cast<uint64_t>(before[d]) +
                                                static_cast<uint64_t>(after));
      return InvalidArgument(wrapped < 0 ? "Expected a non-negative size, got " + std::to_string(wrapped)
                                         : "padded dimension " + std::to_string(d) + " is past int64's range");
    }
  }
  Tensor out = Tensor::Alloc(x.dtype(), out_shape);
  size_t es = DTypeSize(x.dtype());
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  int64_t n_out = out.num_elements();
  if (c.op == "PadV2" && c.inputs.size() > 2) {
    if (c.inputs[2].dtype() != x.dtype() || c.inputs[2].num_elements() != 1)
      return InvalidArgument("constant_values must be a scalar of the input's dtype. Shape: " + c.inputs[2].ShapeString());
    const auto* fill = static_cast<const unsigned char*>(c.inputs[2].raw());
    for (int64_t i = 0; i < n_out; ++i) std::memcpy(po + i * es, fill, es);
  } else {
    std::memset(po, 0, static_cast<size_t>(n_out) * es);
  }
  const auto* px = static_cast<const unsigned char*>(x.raw());
  std::vector<int64_t> idx(r, 0);
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    int64_t o = 0;
    for (int64_t d = 0; d < r; ++d) o = o * out_shape[d] + idx[d] + before[d];
    std::memcpy(po + o * es, px + i * es, es);
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < x.dim(d)) break;
      idx[d] = 0;
    }
  }
  c.outputs = {out};
  return Status::Ok();
}

// ---- Cumsum / Cumprod(x, axis), attrs exclusive / reverse ----
template <typename T, bool kProduct>
void CumulativeTyped(const Tensor& x, int64_t axis, bool exclusive, bool reverse, Tensor* out) {
  if (x.num_elements() == 0) return;  // (nothing to add; its other dimensions may be past any tensor)
  const int64_t n = x.dim(static_cast<int>(axis));
  const int64_t outer = DimsProduct(x.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = DimsProduct(x.shape(), static_cast<size_t>(axis) + 1, x.shape().size());
  const T* px = x.data<T>();
  T* po = out->data<T>();
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t b = 0; b < inner; ++b) {
      T acc = kProduct ? T(1) : T(0);
      for (int64_t k = 0; k < n; ++k) {
        int64_t at = (a * n + (reverse ? n - 1 - k : k)) * inner + b;
        if (exclusive) po[at] = acc;
        acc = kProduct ? WrapMul(acc, px[at]) : WrapAdd(acc, px[at]);  // (integers wrap, as in TF)
        if (!exclusive) po[at] = acc;
      }
    }
}

template <bool kProduct>
Status CumulativeK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "axis"));
  int64_t axis = c.inputs[1].AsInt64(0);
  if (axis < -x.dims() || axis >= x.dims())
    return InvalidArgument("Expected scan axis in the range [" + std::to_string(-x.dims()) + ", " +
                           std::to_string(x.dims()) + "), but got " + std::to_string(axis));
  if (axis < 0) axis += x.dims();
  bool exclusive = GetBoolAttr(*c.attrs, "exclusive", false), reverse = GetBoolAttr(*c.attrs, "reverse", false);
  Tensor out = Tensor::Alloc(x.dtype(), x.shape());
  switch (x.dtype()) {
    case DType::kFloat: CumulativeTyped<float, kProduct>(x, axis, exclusive, reverse, &out); break;
    case DType::kDouble: CumulativeTyped<double, kProduct>(x, axis, exclusive, reverse, &out); break;
    case DType::kInt32: CumulativeTyped<int32_t, kProduct>(x, axis, exclusive, reverse, &out); break;
    case DType::kInt64: CumulativeTyped<int64_t, kProduct>(x, axis, exclusive, reverse, &out); break;
    default:
      return InvalidArgument(kProduct ? std::string("Cumprod does not support ") + DTypeName(x.dtype())
                                      : std::string("Cumsum: unsupported dtype"));
  }
  c.outputs = {out};
  return Status::Ok();
}

// ---- RandomShuffle(value): TF's forward Fisher-Yates over the first dimension, one 32-bit
// Philox sample per step (single() % remaining) ----
Status RandomShuffleK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dims() == 0 || x.dim(0) <= 1 || x.num_elements() <= 1) {
    c.outputs = {x};
    return Status::Ok();
  }
  int64_t n = x.dim(0);
  PhiloxRandom* gen = &KernelRng(c, x.dtype());
  PhiloxRandom local = *gen;  // TF reserves ceil(n / 4) 128-bit samples per execution
  gen->Skip((static_cast<uint64_t>(n) + 3) / 4);
  SingleSamples single(&local);
  std::vector<int64_t> perm(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) perm[i] = i;
  for (int64_t i = 0; i + 1 < n; ++i) std::swap(perm[i], perm[i + static_cast<int64_t>(single() % static_cast<uint32_t>(n - i))]);
  Tensor out = x.dtype() == DType::kString ? Tensor::String(std::vector<std::string>(x.num_elements()), x.shape())
                                           : Tensor::Alloc(x.dtype(), x.shape());
  int64_t row = x.num_elements() / n;
  if (x.dtype() == DType::kString) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t k = 0; k < row; ++k) out.strings()[i * row + k] = x.strings()[perm[i] * row + k];
  } else {
    size_t bytes = static_cast<size_t>(row) * DTypeSize(x.dtype());
    auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
    const auto* px = static_cast<const unsigned char*>(x.raw());
    for (int64_t i = 0; i < n; ++i) std::memcpy(po + i * bytes, px + perm[i] * bytes, bytes);
  }
  c.outputs = {out};
  return Status::Ok();
}

// ---- Where(condition): the coordinates of the true (non-zero) elements, [n, rank] int64 ----
Status WhereK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  std::vector<int64_t> hits;
  int64_t r = x.dims();
  std::vector<int64_t> idx(r, 0);
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    bool on = x.dtype() == DType::kBool ? x.data<bool>()[i] : x.AsDouble(i) != 0;
    if (on) hits.insert(hits.end(), idx.begin(), idx.end());
    for (int64_t d = r - 1; d >= 0; --d) {
      if (++idx[d] < x.dim(static_cast<int>(d))) break;
      idx[d] = 0;
    }
  }
  int64_t n = r ? static_cast<int64_t>(hits.size()) / r : 0;
  Tensor out = Tensor::Alloc(DType::kInt64, {n, r});
  std::copy(hits.begin(), hits.end(), out.data<int64_t>());
  c.outputs = {out};
  return Status::Ok();
}

// ---- TopKV2(input, k), attr sorted: the k largest along the last axis (ties: lower index first) ----
template <typename T>
void TopKTyped(const Tensor& x, int64_t k, Tensor* values, Tensor* indices) {
  int64_t n = x.dim(static_cast<int>(x.dims() - 1)), rows = n ? x.num_elements() / n : 0;
  if (rows == 0) return;  // (no rows: the row length may be past any tensor)
  std::vector<int32_t> order(static_cast<size_t>(n));
  for (int64_t r = 0; r < rows; ++r) {
    const T* row = x.data<T>() + r * n;
    for (int64_t i = 0; i < n; ++i) order[i] = static_cast<int32_t>(i);
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return row[a] > row[b]; });
    for (int64_t j = 0; j < k; ++j) {
      values->data<T>()[r * k + j] = row[order[j]];
      indices->data<int32_t>()[r * k + j] = order[j];
    }
  }
}

Status TopKK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "k"));
  int64_t k = c.inputs[1].AsInt64(0);
  if (x.dims() < 1) return InvalidArgument("input must be at least 1-dimensional");
  int64_t n = x.dim(static_cast<int>(x.dims() - 1));
  if (k < 0 || k > n)
    return InvalidArgument("input must have at least k columns. Had " + std::to_string(n) + ", needed " + std::to_string(k));
  // (TF's checks; its indices are int32)
  const int64_t rows = DimsProduct(x.shape(), 0, x.shape().size() - 1);
  if (rows > std::numeric_limits<int32_t>::max())
    return InvalidArgument("First dimension of flattened input must be <= 2147483647, got " + std::to_string(rows));
  if (n > std::numeric_limits<int32_t>::max())
    return InvalidArgument("Second dimension of flattened input must be <= 2147483647, got " + std::to_string(n));
  Shape s = x.shape();
  s.back() = k;
  Tensor values = Tensor::Alloc(x.dtype(), s), indices = Tensor::Alloc(DType::kInt32, s);
  switch (x.dtype()) {
    case DType::kFloat: TopKTyped<float>(x, k, &values, &indices); break;
    case DType::kDouble: TopKTyped<double>(x, k, &values, &indices); break;
    case DType::kInt32: TopKTyped<int32_t>(x, k, &values, &indices); break;
    case DType::kInt64: TopKTyped<int64_t>(x, k, &values, &indices); break;
    default: return InvalidArgument("TopKV2: unsupported dtype");
  }
  // the indices in the index_type the node asks for (TF: int16, int32 or int64)
  const DType index_type = c.attrs ? GetTypeAttr(*c.attrs, "index_type", DType::kInt32) : DType::kInt32;
  if (index_type == DType::kInt64 || index_type == DType::kInt16) {
    Tensor wide = Tensor::Alloc(index_type, s);
    for (int64_t i = 0, n = indices.num_elements(); i < n; ++i) {
      const int32_t at = indices.data<int32_t>()[i];
      if (index_type == DType::kInt64) wide.data<int64_t>()[i] = at;
      else wide.data<int16_t>()[i] = static_cast<int16_t>(at);
    }
    indices = wide;
  } else if (index_type != DType::kInt32) {
    return InvalidArgument(std::string("TopKV2: index_type must be int16, int32 or int64, not ") + DTypeName(index_type));
  }
  c.outputs = {values, indices};
  return Status::Ok();
}

// ---- GatherNd(params, indices) and ScatterNd(indices, updates, shape): index tuples over the
// leading dimensions of params; scattered duplicates add up ----
Status IndexGeometry(const Tensor& indices, const Shape& params, int64_t* n, int64_t* depth, int64_t* slice) {
  if (indices.dims() < 1) return InvalidArgument("indices must be at least a vector");
  *depth = indices.dim(static_cast<int>(indices.dims() - 1));
  if (*depth > static_cast<int64_t>(params.size()))
    return InvalidArgument("index innermost dimension length must be <= params rank; saw: " + std::to_string(*depth) +
                           " vs. " + std::to_string(params.size()));
  *n = *depth ? indices.num_elements() / *depth : indices.num_elements();
  *slice = 1;
  for (size_t d = static_cast<size_t>(*depth); d < params.size(); ++d)
    // (a shape with a zero dimension has no elements, whatever the others: their product may overflow)
    if (__builtin_mul_overflow(*slice, params[d], slice))
      return InvalidArgument("the slices of shape " + ShapeString(params) + " would have more than 2**63 - 1 elements");
  return Status::Ok();
}

Status Offset(const Tensor& indices, int64_t i, int64_t depth, const Shape& params, int64_t* off) {
  int64_t o = 0;
  for (int64_t k = 0; k < depth; ++k) {
    int64_t v = indices.AsInt64(i * depth + k);
    if (v < 0 || v >= params[static_cast<size_t>(k)])
      return InvalidArgument("indices[" + std::to_string(i) + "] = " + std::to_string(v) + " does not index into param shape " +
                             ShapeString(params));
    o = o * params[static_cast<size_t>(k)] + v;
  }
  *off = o;
  return Status::Ok();
}

Status GatherNdK(KernelContext& c) {
  const Tensor& p = c.inputs[0];
  const Tensor& idx = c.inputs[1];
  int64_t n, depth, slice;
  TFM_RETURN_IF_ERROR(IndexGeometry(idx, p.shape(), &n, &depth, &slice));
  Shape out_shape(idx.shape().begin(), idx.shape().end() - 1);
  for (size_t d = static_cast<size_t>(depth); d < p.shape().size(); ++d) out_shape.push_back(p.shape()[d]);
  Tensor out = Tensor::Alloc(p.dtype(), out_shape);
  for (int64_t i = 0; i < n; ++i) {
    int64_t off;
    TFM_RETURN_IF_ERROR(Offset(idx, i, depth, p.shape(), &off));
    CopyElems(p, off * slice, &out, i * slice, slice);  // (strings included)
  }
  c.outputs = {out};
  return Status::Ok();
}

template <typename T>
Status ScatterAdd(const Tensor& idx, const Tensor& upd, int64_t n, int64_t depth, int64_t slice, Tensor* out) {
  T* po = out->data<T>();
  std::fill(po, po + out->num_elements(), T(0));
  for (int64_t i = 0; i < n; ++i) {
    int64_t off;
    TFM_RETURN_IF_ERROR(Offset(idx, i, depth, out->shape(), &off));
    for (int64_t k = 0; k < slice; ++k)  // (integers wrap, as TF's)
      po[off * slice + k] = WrapAdd(po[off * slice + k], upd.data<T>()[i * slice + k]);
  }
  return Status::Ok();
}

Status ScatterNdK(KernelContext& c) {
  const Tensor& idx = c.inputs[0];
  const Tensor& upd = c.inputs[1];
  Shape shape;
  for (int64_t i = 0; i < c.inputs[2].num_elements(); ++i) shape.push_back(c.inputs[2].AsInt64(i));
  // The output's shape comes from an input: TF's TensorShape checks (the products below
  // would otherwise overflow, which is undefined).
  int64_t elements = 1;
  for (int64_t d : shape) {
    if (d < 0) return InvalidArgument("Dimension " + std::to_string(d) + " must be >= 0");
    if (__builtin_mul_overflow(elements, d, &elements))
      return InvalidArgument("Shape " + ShapeString(shape) + " would have more than 2**63 - 1 elements");
  }
  int64_t n, depth, slice;
  TFM_RETURN_IF_ERROR(IndexGeometry(idx, shape, &n, &depth, &slice));
  int64_t expected = 0;
  if (__builtin_mul_overflow(n, slice, &expected) || upd.num_elements() != expected)
    return InvalidArgument("updates has " + std::to_string(upd.num_elements()) + " elements, expected " +
                           std::to_string(n) + " x " + std::to_string(slice));
  Tensor out = Tensor::Alloc(upd.dtype(), shape);
  switch (upd.dtype()) {
    case DType::kFloat: TFM_RETURN_IF_ERROR(ScatterAdd<float>(idx, upd, n, depth, slice, &out)); break;
    case DType::kDouble: TFM_RETURN_IF_ERROR(ScatterAdd<double>(idx, upd, n, depth, slice, &out)); break;
    case DType::kInt32: TFM_RETURN_IF_ERROR(ScatterAdd<int32_t>(idx, upd, n, depth, slice, &out)); break;
    case DType::kInt64: TFM_RETURN_IF_ERROR(ScatterAdd<int64_t>(idx, upd, n, depth, slice, &out)); break;
    default: return InvalidArgument("ScatterNd: unsupported dtype");
  }
  c.outputs = {out};
  return Status::Ok();
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

}  // namespace

void RegisterNnKernels(std::map<std::string, KernelFn>& m) {
  m["Conv2D"] = Conv2DK;
  m["Conv2DBackpropInput"] = Conv2DBackpropInputK;
  m["Conv2DBackpropFilter"] = Conv2DBackpropFilterK;
  m["MaxPool"] = MaxPoolK;
  m["MaxPoolGrad"] = MaxPoolGradK;
  m["AvgPool"] = AvgPoolK;
  m["AvgPoolGrad"] = AvgPoolGradK;
  m["Pad"] = PadK;
  m["PadV2"] = PadK;
  m["Cumsum"] = CumulativeK<false>;
  m["Cumprod"] = CumulativeK<true>;  // tf.math.cumprod (its gradient: grads.py)
  m["RandomShuffle"] = RandomShuffleK;
  m["Where"] = WhereK;
  m["TopKV2"] = TopKK;
  m["InTopKV2"] = InTopKK;
  m["GatherNd"] = GatherNdK;
  m["ScatterNd"] = ScatterNdK;
}

}  // namespace tfm::rt

// BiasAdd (tf.nn.bias_add, tf.layers.dense) and its gradient BiasAddGrad, and DivNoNan
// (tf.losses' weighted means). Registered with the other kernels; their shape functions
// are in ops/op_defs.cc.
#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/kernel.h"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace tfm::rt {

namespace {

template <typename T>
void AddBias(const Tensor& x, const Tensor& b, int64_t channels, int64_t inner, Tensor* out) {
  const T* px = x.data<T>();
  const T* pb = b.data<T>();
  T* po = out->data<T>();
  int64_t n = x.num_elements();
  for (int64_t i = 0; i < n; ++i) po[i] = WrapAdd(px[i], pb[(i / inner) % channels]);  // (integers wrap, as TF's)
}

// BiasAdd(value, bias): bias (1-D) added along the channel dimension: the last one
// (data_format NHWC, the default) or dimension 1 (NCHW).
Status BiasAddK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& b = c.inputs[1];
  bool nchw = GetStringAttr(*c.attrs, "data_format", "NHWC") == "NCHW";
  if (x.dims() < (nchw ? 3 : 2)) return InvalidArgument("Input tensor must be at least 2D: " + x.ShapeString());
  if (b.dims() != 1) return InvalidArgument("Biases must be 1D: " + b.ShapeString());
  int axis = nchw ? 1 : static_cast<int>(x.dims()) - 1;
  int64_t channels = x.dim(axis);
  if (b.dim(0) != channels)
    return InvalidArgument("Must provide as many biases as the last dimension of the input tensor: " + b.ShapeString() +
                           " vs. " + x.ShapeString());
  if (x.dtype() != b.dtype()) return InvalidArgument("BiasAdd: value and bias dtypes differ");
  const int64_t inner = DimsProduct(x.shape(), static_cast<size_t>(axis) + 1, x.shape().size());
  Tensor out = Tensor::Alloc(x.dtype(), x.shape());
  if (out.num_elements() > 0) {
    switch (x.dtype()) {
      case DType::kFloat: AddBias<float>(x, b, channels, inner, &out); break;
      case DType::kDouble: AddBias<double>(x, b, channels, inner, &out); break;
      case DType::kInt32: AddBias<int32_t>(x, b, channels, inner, &out); break;
      case DType::kInt64: AddBias<int64_t>(x, b, channels, inner, &out); break;
      default: return InvalidArgument(std::string("BiasAdd does not support ") + DTypeName(x.dtype()));
    }
  }
  c.outputs = {out};
  return Status::Ok();
}

// BiasAddGrad in TF 2.21's order (bias_op.cc, redux_functor.h). NHWC, as [rows, channels]
// (ReduceOuterDimensions): more than 32 channels per intra-op thread, each channel is a
// running sum over the rows; otherwise the rows are cut into num_blocks = min(rows,
// ceil(rows * channels / ceil(2000 / channels)), threads) blocks of ceil(rows / num_blocks),
// and Eigen's parallelFor (its cost model) hands out runs of blocks: each run adds its rows,
// one by one, into the buffer of its first block; the buffers are then added in block
// order. Below about 124000 float values the cost model keeps one run: one running sum.
template <typename T>
void BiasGradOuter(const T* g, int64_t outer, int64_t inner, T* out) {
  if (outer == 1) {
    std::copy(g, g + inner, out);
    return;
  }
  const int64_t threads = IntraOpThreads();
  std::vector<T> buf;
  int64_t num_blocks = 1, outer_block = outer, run = 1;
  if (inner <= threads * 32) {
    const int64_t total = outer * inner;
    const int64_t min_block_size = (2000 + inner - 1) / inner;
    num_blocks = std::min({outer, (total + min_block_size - 1) / min_block_size, threads});
    outer_block = (outer + num_blocks - 1) / num_blocks;
    const double compute_size = static_cast<double>(outer_block * inner);
    const double cost = compute_size * static_cast<double>(sizeof(T)) * 11.0 / 64.0 + compute_size;
    run = EigenParallelForBlock(num_blocks, cost, static_cast<int>(threads));
  }
  buf.assign(static_cast<size_t>(num_blocks * inner), T(0));
  // (integers wrap around as TensorFlow's sums do: signed overflow is undefined in C++)
  auto add = [](T x, T y) -> T {
    if constexpr (std::is_integral_v<T>) {
      using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
      return static_cast<T>(static_cast<U>(x) + static_cast<U>(y));
    } else {
      return x + y;
    }
  };
  for (int64_t start = 0; start < num_blocks; start += run) {
    T* b = buf.data() + start * inner;
    const int64_t last = std::min(outer, (start + run) * outer_block);
    for (int64_t i = start * outer_block; i < last; ++i)
      for (int64_t j = 0; j < inner; ++j) b[j] = add(b[j], g[i * inner + j]);
  }
  for (int64_t k = 1; k < num_blocks; ++k)
    for (int64_t j = 0; j < inner; ++j)
      buf[static_cast<size_t>(j)] = add(buf[static_cast<size_t>(j)], buf[static_cast<size_t>(k * inner + j)]);
  std::copy(buf.begin(), buf.begin() + inner, out);
}

template <typename T>
T VectorSum(const T* x, int64_t n) {
  if (n <= 0) return T(0);
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return EigenVectorSum(x, n);
  } else if constexpr (std::is_integral_v<T>) {  // (wrapping around, as TensorFlow's sums)
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    U a = 0;
    for (int64_t i = 0; i < n; ++i) a += static_cast<U>(x[i]);
    return static_cast<T>(a);
  } else {
    T a = T(0);
    for (int64_t i = 0; i < n; ++i) a += x[i];
    return a;
  }
}

// NCHW, as [batch, channels, inner] (ReduceMiddleDimensions): the flat values are cut into
// num_blocks element ranges; each range adds Eigen sums of its pieces of inner rows into
// its buffer, channel by channel; the buffers are added in block order.
template <typename T>
void BiasGradMiddle(const T* g, int64_t outer, int64_t middle, int64_t inner, T* out) {
  if (inner * outer == 1) {
    std::copy(g, g + middle, out);
    return;
  }
  if (inner == 1) {  // TF's functor reduces as [outer * middle, 1] here; per channel instead
    for (int64_t c = 0; c < middle; ++c) out[c] = T(0);
    for (int64_t n = 0; n < outer; ++n)
      for (int64_t c = 0; c < middle; ++c) out[c] = WrapAdd(out[c], g[n * middle + c]);
    return;
  }
  const int64_t threads = IntraOpThreads();
  const int64_t max_parallelism = outer * middle, total = max_parallelism * inner;
  const int64_t min_block_size = (2000 + inner - 1) / inner;
  const int64_t num_blocks = std::min({max_parallelism, (total + min_block_size - 1) / min_block_size, threads});
  const int64_t block = (total + num_blocks - 1) / num_blocks;
  const double compute_size = static_cast<double>(block) * static_cast<double>(inner);
  const double cost = compute_size * static_cast<double>(sizeof(T)) * 11.0 / 64.0 + compute_size;
  const int64_t run = EigenParallelForBlock(num_blocks, cost, static_cast<int>(threads));
  std::vector<T> buf(static_cast<size_t>(num_blocks * middle), T(0));
  for (int64_t start = 0; start < num_blocks; start += run) {
    T* b = buf.data() + start * middle;
    const int64_t block_start = start * block, block_limit = std::min(total, (start + run) * block);
    const int64_t align_start = std::min(block_limit, ((block_start + inner - 1) / inner) * inner);
    const int64_t align_end = std::max(align_start, (block_limit / inner) * inner);
    int64_t coord = block_start / inner % middle;
    b[coord] = WrapAdd(b[coord], VectorSum(g + block_start, align_start - block_start));
    coord = align_start / inner % middle;
    for (int64_t i = align_start; i < align_end; i += inner) {
      b[coord] = WrapAdd(b[coord], VectorSum(g + i, inner));
      if (++coord == middle) coord = 0;
    }
    b[coord] = WrapAdd(b[coord], VectorSum(g + align_end, block_limit - align_end));
  }
  for (int64_t k = 1; k < num_blocks; ++k)
    for (int64_t j = 0; j < middle; ++j)
      buf[static_cast<size_t>(j)] = WrapAdd(buf[static_cast<size_t>(j)], buf[static_cast<size_t>(k * middle + j)]);
  std::copy(buf.begin(), buf.begin() + middle, out);
}

// BiasAddGrad(out_backprop): the sum over every dimension but the channel one (the last,
// or dimension 1 for NCHW), the gradient of BiasAdd's bias.
Status BiasAddGradK(KernelContext& c) {
  const Tensor& g = c.inputs[0];
  bool nchw = GetStringAttr(*c.attrs, "data_format", "NHWC") == "NCHW";
  if (g.dims() < 2) return InvalidArgument("Input tensor must be at least 2D: " + g.ShapeString());
  int axis = nchw ? 1 : static_cast<int>(g.dims()) - 1;
  const int64_t channels = g.dim(axis);
  const int64_t outer = DimsProduct(g.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = DimsProduct(g.shape(), static_cast<size_t>(axis) + 1, g.shape().size());
  Tensor out = Tensor::Alloc(g.dtype(), {channels});
  if (channels == 0) {
    c.outputs = {out};
    return Status::Ok();
  }
  auto run = [&](auto zero) -> Status {
    using T = decltype(zero);
    T* po = out.data<T>();
    if (g.num_elements() == 0) std::fill(po, po + channels, T(0));
    else if (nchw) BiasGradMiddle<T>(g.data<T>(), outer, channels, inner, po);
    else BiasGradOuter<T>(g.data<T>(), g.num_elements() / channels, channels, po);
    return Status::Ok();
  };
  switch (g.dtype()) {
    case DType::kFloat: TFM_RETURN_IF_ERROR(run(float{})); break;
    case DType::kDouble: TFM_RETURN_IF_ERROR(run(double{})); break;
    case DType::kInt32: TFM_RETURN_IF_ERROR(run(int32_t{})); break;
    case DType::kInt64: TFM_RETURN_IF_ERROR(run(int64_t{})); break;
    default: return InvalidArgument(std::string("BiasAddGrad does not support ") + DTypeName(g.dtype()));
  }
  c.outputs = {out};
  return Status::Ok();
}

template <typename T>
void ZeroWhereDivisorZero(const Tensor& y, Tensor* q) {
  const T* py = y.data<T>();
  T* pq = q->data<T>();
  for (int64_t i = 0; i < q->num_elements(); ++i)
    if (py[i] == T(0)) pq[i] = T(0);
}

// DivNoNan(x, y): x / y, and 0 wherever y == 0 (broadcasting as RealDiv).
Status DivNoNanK(KernelContext& c) {
  if (!IsFloating(c.inputs[0].dtype())) return InvalidArgument("DivNoNan supports float32 and float64 only");
  KernelContext div{.op = "RealDiv", .node_name = c.node_name, .attrs = c.attrs, .inputs = c.inputs};
  TFM_RETURN_IF_ERROR(RunKernel(div));
  Tensor q = div.outputs[0];
  Tensor shape = Tensor::Alloc(DType::kInt64, {q.dims()});
  for (int64_t d = 0; d < q.dims(); ++d) shape.data<int64_t>()[d] = q.dim(d);
  KernelContext bc{.op = "BroadcastTo", .node_name = c.node_name, .inputs = {c.inputs[1], shape}};
  TFM_RETURN_IF_ERROR(RunKernel(bc));
  if (q.dtype() == DType::kFloat) ZeroWhereDivisorZero<float>(bc.outputs[0], &q);
  else ZeroWhereDivisorZero<double>(bc.outputs[0], &q);
  c.outputs = {q};
  return Status::Ok();
}

}  // namespace

void RegisterGraphKernels(std::map<std::string, KernelFn>& m) {
  m["BiasAdd"] = BiasAddK;
  m["BiasAddGrad"] = BiasAddGradK;
  m["DivNoNan"] = DivNoNanK;
}

}  // namespace tfm::rt

// Random sampling kernels (TensorFlow's multinomial_op): Multinomial (tf.random.categorical
// / tf.multinomial), TensorFlow's CPU sampler over the Philox stream, so seeded draws are
// TensorFlow's numbers; and the intra-op partition it depends on (IntraOpThreads,
// EigenParallelForBlock: kernel.h), which BiasAddGrad uses too. The element-wise random
// ops (RandomUniform, RandomStandardNormal, ...) are kernels_state.cc's, RandomShuffle
// kernels_nn.cc's. Registered by RegisterRandomKernels; shapes are in ops/op_defs.cc.
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

#include <Eigen/Core>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

// ---- Multinomial -------------------------------------------------------------------
// TensorFlow's CPU kernel splits the batch into row blocks (Eigen's ThreadPoolDevice
// parallelFor with a per-row cost estimate) and starts each block's generator at
// start_row * (num_samples + 3) / 4 128-bit samples; within a block one stream runs on
// across rows. The block boundaries therefore shape the numbers, and depend on the
// number of intra-op threads (the schedulable CPUs, or the first session's
// ConfigProto.intra_op_parallelism_threads: SetIntraOpThreads). The partition below
// follows Eigen's cost model (100000 cycles startup and per thread, 40000 a task).

std::atomic<int>& IntraOpThreadsSetting() {
  static std::atomic<int> n{0};
  return n;
}

int SchedulableCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return 1;
}

int64_t DivUp(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Row blocks [k * size, min((k + 1) * size, n)) as Eigen's parallelFor forms them.
int64_t RowBlockSize(int64_t n, double cost_per_row, int threads) {
  if (n <= 1 || threads <= 1) return n;
  double total = static_cast<double>(n) * cost_per_row;
  double want = (total - 100000.0) / 100000.0 + 0.9;
  want = std::min<double>(want, std::numeric_limits<int>::max());
  int used = std::min(threads, std::max<int>(1, static_cast<int>(want)));
  if (used == 1) return n;
  double block_size_f = 1.0 / (cost_per_row / 40000.0);
  int64_t block = std::min<int64_t>(n, std::max<int64_t>(DivUp(n, 4 * threads), static_cast<int64_t>(block_size_f)));
  const int64_t max_block = std::min<int64_t>(n, 2 * block);
  int64_t count = DivUp(n, block);
  auto efficiency = [&](int64_t blocks) {
    return static_cast<double>(blocks) / static_cast<double>(DivUp(blocks, threads) * threads);
  };
  double max_eff = efficiency(count);
  for (int64_t prev = count; max_eff < 1.0 && prev > 1;) {
    int64_t coarser = DivUp(n, prev - 1);
    if (coarser > max_block) break;
    int64_t coarser_count = DivUp(n, coarser);
    prev = coarser_count;
    double eff = efficiency(coarser_count);
    if (eff + 0.01 >= max_eff) {
      block = coarser;
      count = coarser_count;
      if (max_eff < eff) max_eff = eff;
    }
  }
  return count <= 1 ? n : block;
}

template <typename T, typename Out>
void SampleRows(const T* logits, int64_t classes, int64_t samples, int64_t start, int64_t limit, PhiloxRandom gen,
                Out* out) {
  gen.Skip(static_cast<uint64_t>(start * (samples + 3) / 4));
  SingleSamples single(&gen);
  Eigen::ArrayXd cdf(classes);
  for (int64_t b = start; b < limit; ++b) {
    const T* row = logits + b * classes;
    T max = std::numeric_limits<T>::lowest();
    for (int64_t j = 0; j < classes; ++j)
      if (std::isfinite(row[j])) max = std::max(max, row[j]);
    const double max_logit = static_cast<double>(max);
    for (int64_t j = 0; j < classes; ++j) cdf[j] = static_cast<double>(row[j]) - max_logit;
    cdf = cdf.exp();  // Eigen's vectorized exp, as TensorFlow's kernel evaluates it
    double running = 0;
    for (int64_t j = 0; j < classes; ++j) {
      if (std::isfinite(row[j])) running += cdf[j];
      cdf[j] = running;
    }
    const double* begin = cdf.data();
    const double* end = begin + classes;
    for (int64_t j = 0; j < samples; ++j) {
      uint32_t x0 = single(), x1 = single();
      const double to_find = Uint64ToDouble(x0, x1) * running;
      out[b * samples + j] = static_cast<Out>(std::upper_bound(begin, end, to_find) - begin);
    }
  }
}

template <typename T, typename Out>
void SampleAll(const Tensor& logits, int64_t batch, int64_t classes, int64_t samples, PhiloxRandom gen, Tensor* out) {
  const int64_t cost = static_cast<int64_t>(
      50 * (static_cast<double>(samples) * std::log(static_cast<double>(classes)) / std::log(2.0) +
            static_cast<double>(classes)));
  int64_t block = RowBlockSize(batch, static_cast<double>(cost), IntraOpThreads());
  for (int64_t start = 0; start < batch; start += block)
    SampleRows(logits.data<T>(), classes, samples, start, std::min(batch, start + block), gen, out->data<Out>());
}

Status MultinomialK(KernelContext& c) {
  const Tensor& logits = c.inputs[0];
  const Tensor& ns = c.inputs[1];
  if (logits.dims() != 2) return InvalidArgument("logits should be a matrix, got shape " + logits.ShapeString());
  if (ns.dims() != 0) return InvalidArgument("num_samples should be a scalar, got shape " + ns.ShapeString());
  int64_t samples = ns.AsInt64(0);
  if (samples < 0) return InvalidArgument("num_samples should be nonnegative, got " + std::to_string(samples));
  int64_t batch = logits.dim(0), classes = logits.dim(1);
  if (classes <= 0) return InvalidArgument("num_classes should be positive, got " + std::to_string(classes));
  DType out_dt = GetTypeAttr(*c.attrs, "output_dtype", DType::kInt64);
  if (logits.dtype() != DType::kFloat && logits.dtype() != DType::kDouble)  // TF's CPU kernels: floating logits only
    return NotFound("Could not find device for node: {{node Multinomial}} = Multinomial[T=" +
                    std::string(DTypeEnumName(logits.dtype())) + ", output_dtype=" + DTypeEnumName(out_dt) +
                    ", seed=" + std::to_string(GetIntAttr(*c.attrs, "seed", 0)) +
                    ", seed2=" + std::to_string(GetIntAttr(*c.attrs, "seed2", 0)) + "]");
  if (out_dt != DType::kInt32 && out_dt != DType::kInt64)
    return InvalidArgument("Value for attr 'output_dtype' of " + std::string(DTypeName(out_dt)) +
                           " is not in the list of allowed values: int32, int64");
  Tensor out = Tensor::Alloc(out_dt, {batch, samples});
  if (out.num_elements() > 0) {
    // Eagerly TF keeps one kernel (one generator) per attr set: the key combines the
    // logits and output dtypes into the dtype slot of the eager generator table.
    DType key = static_cast<DType>(static_cast<int>(logits.dtype()) * 100 + static_cast<int>(out_dt));
    // CPU: a double per sample takes two 32-bit values.
    int64_t per_row = DivUp(samples, 4) * 4 * 2;
    PhiloxRandom gen = KernelRng(c, key).Reserve(static_cast<uint64_t>(batch * per_row));
    bool f32 = logits.dtype() == DType::kFloat;
    if (out_dt == DType::kInt64) {
      if (f32) SampleAll<float, int64_t>(logits, batch, classes, samples, gen, &out);
      else SampleAll<double, int64_t>(logits, batch, classes, samples, gen, &out);
    } else {
      if (f32) SampleAll<float, int32_t>(logits, batch, classes, samples, gen, &out);
      else SampleAll<double, int32_t>(logits, batch, classes, samples, gen, &out);
    }
  }
  c.outputs = {out};
  return Status::Ok();
}

}  // namespace

void SetIntraOpThreads(int n) { IntraOpThreadsSetting().store(n > 0 ? n : 0); }

int IntraOpThreads() {
  int threads = IntraOpThreadsSetting().load();
  return threads > 0 ? threads : SchedulableCpus();
}

int64_t EigenParallelForBlock(int64_t n, double cost_per_unit, int threads) {
  return RowBlockSize(n, cost_per_unit, threads);
}

void RegisterRandomKernels(std::map<std::string, KernelFn>& m) { m["Multinomial"] = MultinomialK; }

}  // namespace tfm::rt

// Random sampling kernels (TensorFlow's multinomial_op): Multinomial (tf.random.categorical
// / tf.multinomial), TensorFlow's CPU sampler over the Philox stream, so seeded draws are
// TensorFlow's numbers; the candidate samplers (candidate_sampler_ops / range_sampler:
// LogUniformCandidateSampler, UniformCandidateSampler) and ComputeAccidentalHits, which
// tf.nn.nce_loss / sampled_softmax_loss use; and the intra-op partition Multinomial depends
// on (IntraOpThreads, EigenParallelForBlock: kernel.h), which BiasAddGrad uses too. The element-wise random
// ops (RandomUniform, RandomStandardNormal, ...) are kernels_state.cc's, RandomShuffle
// kernels_nn.cc's. Registered by RegisterRandomKernels; shapes are in ops/op_defs.cc.
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

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

// ---- Candidate samplers ------------------------------------------------------------
// TensorFlow's BaseCandidateSamplerOp: one generator per kernel (GuardedPhiloxRandom,
// seeded from seed / seed2), each execution reserving 2048 * num_sampled 32-bit samples
// (512 * num_sampled 128-bit ones) and drawing through SimplePhilox (one 32-bit value at a
// time). The range samplers are range_sampler.cc's: log-uniform takes
// exp(RandDouble() * log1p(range)) - 1, uniform takes Uniform64(range) (ExactUniformInt's
// rejection of the low remainder). unique=true rejects repeats; the expected counts then
// use the number of tries: -expm1(tries * log1p(-p)) in float, else p * num_sampled.

class SimplePhilox {
 public:
  explicit SimplePhilox(PhiloxRandom* g) : single_(g) {}
  uint64_t Rand64() {
    const uint32_t lo = single_(), hi = single_();
    return lo | static_cast<uint64_t>(hi) << 32;
  }
  double RandDouble() {
    const uint32_t x0 = single_(), x1 = single_();
    return Uint64ToDouble(x0, x1);
  }
  uint64_t Uniform64(uint64_t n) {  // ExactUniformInt<uint64>
    if (n == 0) return Rand64() * n;
    if ((n & (n - 1)) == 0) return Rand64() & (n - 1);
    const uint64_t rem = (~uint64_t{0} % n) + 1;
    uint64_t r;
    do r = Rand64();
    while (r < rem);
    return r % n;
  }

 private:
  SingleSamples single_;
};

struct RangeSampler {
  bool log_uniform;
  int64_t range;
  int64_t Sample(SimplePhilox* rnd) const {
    if (!log_uniform) return static_cast<int64_t>(rnd->Uniform64(static_cast<uint64_t>(range)));
    const double log_range = std::log1p(static_cast<double>(range));
    const int64_t value = static_cast<int64_t>(std::exp(rnd->RandDouble() * log_range)) - 1;
    return value % range;
  }
  float Probability(int64_t value) const {
    if (!log_uniform) return static_cast<float>(1.0 / static_cast<double>(range));
    const double log_range = std::log1p(static_cast<double>(range));
    return static_cast<float>(std::log((value + 2.0) / (value + 1.0)) / log_range);
  }
};

float ExpectedCount(float p, int batch_size, int num_tries) {
  if (num_tries == batch_size) return p * batch_size;
  return -std::expm1(num_tries * std::log1p(-p));
}

Status CandidateSamplerK(KernelContext& c) {
  const int64_t num_true = GetIntAttr(*c.attrs, "num_true", 1);
  const int64_t num_sampled = GetIntAttr(*c.attrs, "num_sampled", 1);
  const int64_t range_max = GetIntAttr(*c.attrs, "range_max", 1);
  const bool unique = GetBoolAttr(*c.attrs, "unique", false);
  if (range_max <= 0) return InvalidArgument("range_max must be positive");
  const Tensor& t = c.inputs[0];
  if (t.dims() != 2) return InvalidArgument("true_classes must be a matrix");
  if (t.dim(1) != num_true)
    return InvalidArgument("true_classes must have num_true columns, expected: " + std::to_string(t.dim(1)) +
                           " was: " + std::to_string(num_true));
  if (unique && num_sampled > range_max) return InvalidArgument("Sampler's range is too small.");
  const int64_t batch = t.dim(0);
  const int64_t* truth = t.data<int64_t>();
  for (int64_t i = 0; i < batch * num_true; ++i)
    if (truth[i] < 0 || truth[i] >= range_max)
      return InvalidArgument("`true_candidate` out of range [0, " + std::to_string(range_max) + "), received " +
                             std::to_string(truth[i]));
  Tensor sampled = Tensor::Alloc(DType::kInt64, {num_sampled});
  Tensor true_count = Tensor::Alloc(DType::kFloat, {batch, num_true});
  Tensor sampled_count = Tensor::Alloc(DType::kFloat, {num_sampled});
  // Eagerly TF keeps one kernel (one generator) per attr set: the attrs that are not seeds
  // pick the eager generator (its dtype slot), the op type and seeds the rest of the key.
  const uint64_t attrs_hash = ((static_cast<uint64_t>(num_true) * 7919u + static_cast<uint64_t>(num_sampled)) * 104729u +
                               static_cast<uint64_t>(range_max)) * 2u + (unique ? 1u : 0u);
  const DType key = static_cast<DType>(1000 + static_cast<int>(attrs_hash % 1000000007u));
  PhiloxRandom& gen = KernelRng(c, key);
  PhiloxRandom local = gen;
  gen.Skip(static_cast<uint64_t>(2048 * num_sampled + 3) / 4);
  SimplePhilox rnd(&local);
  const RangeSampler sampler{c.op == "LogUniformCandidateSampler", range_max};
  int64_t* out = sampled.data<int64_t>();
  const int batch_size = static_cast<int>(num_sampled);
  int num_tries = 0;
  if (unique) {
    std::unordered_set<int64_t> used;
    for (int picked = 0; picked < batch_size;) {
      ++num_tries;
      const int64_t v = sampler.Sample(&rnd);
      if (used.insert(v).second) out[picked++] = v;
    }
  } else {
    for (int i = 0; i < batch_size; ++i) out[i] = sampler.Sample(&rnd);
    num_tries = batch_size;
  }
  for (int i = 0; i < batch_size; ++i)
    sampled_count.data<float>()[i] = ExpectedCount(sampler.Probability(out[i]), batch_size, num_tries);
  for (int64_t i = 0; i < batch * num_true; ++i)
    true_count.data<float>()[i] = ExpectedCount(sampler.Probability(truth[i]), batch_size, num_tries);
  c.outputs = {sampled, true_count, sampled_count};
  return Status::Ok();
}

// ComputeAccidentalHits(true_classes [batch, num_true], sampled_candidates [n]): for each
// true class (row-major) found among the sampled candidates, its row, the position of the
// candidate (the last one when it repeats) and -FLT_MAX.
Status ComputeAccidentalHitsK(KernelContext& c) {
  const int64_t num_true = GetIntAttr(*c.attrs, "num_true", 1);
  const Tensor& t = c.inputs[0];
  const Tensor& s = c.inputs[1];
  if (t.dims() != 2 || t.dim(1) != num_true)
    return InvalidArgument("true_candidates must be a batch_size * num_true matrix");
  if (s.dims() != 1)
    return InvalidArgument("sampled_candidates must be a vector, which is typically an output from CandidateSampler");
  std::unordered_map<int64_t, int64_t> pos;
  for (int64_t i = 0; i < s.dim(0); ++i) pos[s.data<int64_t>()[i]] = i;
  std::vector<int32_t> indices;
  std::vector<int64_t> ids;
  for (int64_t i = 0; i < t.dim(0); ++i)
    for (int64_t j = 0; j < num_true; ++j) {
      auto it = pos.find(t.data<int64_t>()[i * num_true + j]);
      if (it == pos.end()) continue;
      indices.push_back(static_cast<int32_t>(i));
      ids.push_back(it->second);
    }
  const int64_t n = static_cast<int64_t>(indices.size());
  Tensor oi = Tensor::Alloc(DType::kInt32, {n}), oid = Tensor::Alloc(DType::kInt64, {n}),
         ow = Tensor::Alloc(DType::kFloat, {n});
  for (int64_t i = 0; i < n; ++i) {
    oi.data<int32_t>()[i] = indices[i];
    oid.data<int64_t>()[i] = ids[i];
    ow.data<float>()[i] = -FLT_MAX;
  }
  c.outputs = {oi, oid, ow};
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

void RegisterRandomKernels(std::map<std::string, KernelFn>& m) {
  m["Multinomial"] = MultinomialK;
  m["LogUniformCandidateSampler"] = CandidateSamplerK;
  m["UniformCandidateSampler"] = CandidateSamplerK;
  m["ComputeAccidentalHits"] = ComputeAccidentalHitsK;
}

}  // namespace tfm::rt

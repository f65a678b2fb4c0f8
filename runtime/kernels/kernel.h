// Kernels: one function per TensorFlow op name, computing outputs from input tensors
// and attrs with Eigen. Kernels never know whether they run eagerly, in a Session or in
// a tf.function; the driver fills a KernelContext and calls RunKernel().
//
//   KernelContext ctx{.op = "AddV2", .attrs = &attrs, .inputs = {a, b}};
//   Status s = RunKernel(ctx);   // ctx.outputs[0] holds a + b
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "runtime/core/status.h"
#include "runtime/core/tensor.h"
#include "runtime/kernels/philox.h"
#include "runtime/ops/op_def.h"

namespace tfm::rt {

// Per-session state: TF1 ref variables (by node name) and per-op random generators.
struct SessionState {
  std::map<std::string, Tensor> ref_vars;
  std::map<std::string, PhiloxRandom> rngs;  // by node name: one generator per kernel, as in TF
};

// Process-wide resource variables (eager / tf.function), keyed by shared_name.
class ResourceMgr {
 public:
  static ResourceMgr& Global();
  bool Lookup(const std::string& name, Tensor* out);
  void Assign(const std::string& name, Tensor t);
  void Erase(const std::string& name);

 private:
  std::mutex mu_;
  std::map<std::string, Tensor> vars_;
};

// Calls back into the host (Python) for PyFunc-style ops: id, inputs -> outputs.
using HostCallback = std::function<Status(int64_t, const std::vector<Tensor>&, std::vector<Tensor>*)>;
void SetHostCallback(HostCallback cb);

// The generator of an eagerly executed random op: TF caches one kernel (and so one
// generator) per op type, dtype and seed pair, so repeated calls continue one stream.
PhiloxRandom& EagerRng(const std::string& op, int dtype, int64_t seed, int64_t seed2);
// The generator of the random op `c` runs: per node in a session, per op type, dtype and
// seeds eagerly (EagerRng).
struct KernelContext;
PhiloxRandom& KernelRng(KernelContext& c, DType dt);
// A kernel's generator for its seed attrs (both 0: a non-deterministic pair, as TF).
PhiloxRandom SeededPhilox(int64_t seed, int64_t seed2);
// Forgets every eager generator (tf.random.set_seed restarts the sequences).
void ResetEagerRngs();
// The intra-op thread count kernels that split work as TensorFlow does assume (TF fixes
// it from the process's first session config); 0 = the schedulable CPUs.
void SetIntraOpThreads(int n);
// That thread count: the SetIntraOpThreads value, else the schedulable CPUs.
int IntraOpThreads();
// Eigen's ThreadPoolDevice::parallelFor(n, cost, f) on `threads` threads: the size of the
// blocks [k * size, min((k + 1) * size, n)) it calls f on (n when it runs f(0, n) at once),
// from Eigen's cost model (cost_per_unit in cycles: 100000 startup and per thread, 40000 a
// task). Kernels whose rounding depends on that split (Multinomial, BiasAddGrad) use it.
int64_t EigenParallelForBlock(int64_t n, double cost_per_unit, int threads);
// The sum of x[0..n) as Eigen adds a vector's values on one thread (its InnerMostDimReducer
// order, kernels_math.cc: what Sum does for one row).
float EigenVectorSum(const float* x, int64_t n);
double EigenVectorSum(const double* x, int64_t n);

struct KernelContext {
  std::string op;
  std::string node_name;
  const AttrMap* attrs = nullptr;
  std::vector<Tensor> inputs;
  std::vector<std::string> input_nodes;  // producers (for ref inputs); may be empty in eager
  std::vector<Tensor> outputs;
  SessionState* session = nullptr;  // null in eager mode
  // The inputs have the types the node was validated with (ValidateNode saw these types
  // when the node was made, or the eager call's own tensors): RunKernel need not check
  // them again. False: RunKernel checks them against the signature (CheckKernelInputTypes).
  bool input_types_checked = false;
};

// Kernels that read an input as one number (an axis, a count, a bound) check it holds
// one: "axis must be a scalar, not shape [0]" (TF's wording), never a read past the end.
// Inputs the signature fixes at rank 1 with two entries use NeedElements.
inline Status NeedScalar(const KernelContext& c, size_t i, const char* what) {
  if (i < c.inputs.size() && c.inputs[i].num_elements() == 1)
    return Status::Ok();
  return InvalidArgument(std::string(what) + " must be a scalar, not shape " +
                         (i < c.inputs.size() ? c.inputs[i].ShapeString() : std::string("(missing)")));
}
inline Status NeedElements(const KernelContext& c, size_t i, int64_t n, const char* what) {
  if (i < c.inputs.size() && c.inputs[i].num_elements() == n)
    return Status::Ok();
  return InvalidArgument(std::string(what) + " must have " + std::to_string(n) + " elements, not shape " +
                         (i < c.inputs.size() ? c.inputs[i].ShapeString() : std::string("(missing)")));
}

using KernelFn = Status (*)(KernelContext&);
bool HasKernel(const std::string& op);
Status RunKernel(KernelContext& ctx);

// Once per thread, before its first kernel: when the machine is saturated (1-minute load
// average >= cores), lets OpenMP (the parallel matrix products) use fewer threads than
// cores (omp_set_dynamic; libgomp then sizes each team as cores minus the load average).
// On a loaded two-core machine a fixed two-thread team waits at every product's barrier
// for a descheduled thread: a conv net took 2-3 s instead of 0.1 s. Below saturation the
// team stays whole: libgomp's estimate counts this process's own recent work and would
// run a quiet machine's products on one thread (matmul 1024² at 74 instead of 106-121
// GFLOP/s on 2 cores). An OMP_DYNAMIC the user set is left alone.
void ConfigureKernelThreads();

// Registration hooks of the kernel translation units (called once by the registry).
void RegisterMathKernels(std::map<std::string, KernelFn>& m);    // kernels_math.cc: element-wise, matmul, reductions
void RegisterArrayKernels(std::map<std::string, KernelFn>& m);   // kernels_array.cc: array and sequence ops
void RegisterStateKernels(std::map<std::string, KernelFn>& m);   // kernels_state.cc: variables, random ops, host calls
void RegisterGraphKernels(std::map<std::string, KernelFn>& m);   // kernels_graph.cc: ops of graph files
void RegisterLinalgImageKernels(std::map<std::string, KernelFn>& m);  // kernels_linalg_image.cc
void RegisterNnKernels(std::map<std::string, KernelFn>& m);      // kernels_nn.cc: convolution, pooling, top-k
void RegisterSegmentKernels(std::map<std::string, KernelFn>& m);  // kernels_segment.cc: segment reductions, Bincount
void RegisterCwiseKernels(std::map<std::string, KernelFn>& m);   // kernels_cwise.cc: Atan2, Rint, Selu, Cross, ...
void RegisterSpecialMathKernels(std::map<std::string, KernelFn>& m);  // kernels_special_math.cc: Lgamma, Erf, ...
void RegisterRandomKernels(std::map<std::string, KernelFn>& m);  // kernels_random.cc: Multinomial
void RegisterStringKernels(std::map<std::string, KernelFn>& m);  // kernels_string.cc: StringToNumber, string ops
void RegisterSummaryKernels(std::map<std::string, KernelFn>& m);  // kernels_summary.cc: TF1 summary ops, Print

}  // namespace tfm::rt

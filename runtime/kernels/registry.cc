// The kernel registry: op name -> kernel function with the op's signature, filled once
// from the kernel translation units' Register*Kernels hooks. Drivers resolve a node's
// kernel once (FindKernel) and run it many times (RunKernel(entry, ctx)); RunKernel(ctx)
// looks the op up by name (eager calls, shape inference on probe data).
#include "runtime/kernels/registry.h"

#include <map>
#include <new>
#include <stdexcept>

namespace tfm::rt {

namespace {
std::map<std::string, KernelEntry>& Kernels() {
  static auto* m = [] {
    std::map<std::string, KernelFn> k;
    RegisterMathKernels(k);
    RegisterArrayKernels(k);
    RegisterStateKernels(k);
    RegisterGraphKernels(k);
    RegisterNnKernels(k);
    RegisterSegmentKernels(k);
    RegisterCwiseKernels(k);
    RegisterLinalgImageKernels(k);
    RegisterSpecialMathKernels(k);
    RegisterRandomKernels(k);
    RegisterStringKernels(k);
    RegisterSummaryKernels(k);
    auto* r = new std::map<std::string, KernelEntry>();
    for (auto& [n, fn] : k) (*r)[n] = KernelEntry{fn, LookupOpSignature(n)};
    return r;
  }();
  return *m;
}
}  // namespace

const KernelEntry* FindKernel(const std::string& op) {
  auto& k = Kernels();
  auto it = k.find(op);
  return it == k.end() ? nullptr : &it->second;
}

bool HasKernel(const std::string& op) { return FindKernel(op) != nullptr; }

Status RunKernel(KernelContext& ctx) {
  const KernelEntry* e = FindKernel(ctx.op);
  if (!e) return NotFound("No kernel registered for op '" + ctx.op + "' in the bundled runtime");
  return RunKernel(*e, ctx);
}

Status RunKernel(const KernelEntry& entry, KernelContext& ctx) {
  static thread_local bool threads_configured = (ConfigureKernelThreads(), true);
  (void)threads_configured;
  static const AttrMap kEmpty;
  if (!ctx.attrs) ctx.attrs = &kEmpty;
  const OpSignature* sig = entry.signature;
  if (!sig) return Internal("op " + ctx.op + " has no signature in the bundled runtime");
  if (sig->fixed_inputs < 0 || ctx.inputs.size() != static_cast<size_t>(sig->fixed_inputs))
    TFM_RETURN_IF_ERROR(CheckInputCount(*sig, ctx.node_name, ctx.inputs.size(), *ctx.attrs));
  if (!ctx.input_types_checked)
    TFM_RETURN_IF_ERROR(CheckKernelInputTypes(*sig, ctx.node_name, ctx.inputs, *ctx.attrs));
  for (const Tensor& t : ctx.inputs) {
    if (!t.valid() && ctx.op != "Assign" && ctx.op != "IsVariableInitialized")
      return Internal("input to " + ctx.op + " is not a valid tensor");
  }
  // An output whose size comes from an input (a random op asked for a shape of 10^18
  // elements) cannot be allocated: TensorFlow's ResourceExhausted ("OOM when allocating"),
  // never an abort.
  try {
    ScopedFlushDenormal flush;
    return entry.fn(ctx);
  } catch (const std::bad_alloc&) {
    return Status(Code::kResourceExhausted, "OOM when allocating a tensor for " + ctx.op);
  } catch (const std::length_error& e) {
    return Status(Code::kResourceExhausted, "OOM when allocating " + std::string(e.what()) + " for " + ctx.op);
  }
}

}  // namespace tfm::rt

// The kernel registry (registry.cc): every kernel of the bundled runtime by op name, with
// the op's signature so a kernel never reads past its inputs.
//
//   const KernelEntry* k = FindKernel(node.op);   // once per node, when a plan is made
//   Status s = RunKernel(*k, ctx);                 // every run
//   Status s = RunKernel(ctx);                     // by ctx.op (eager calls)
#pragma once

#include <string>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

struct KernelEntry {
  KernelFn fn;
  const OpSignature* signature;  // null: a kernel without a registered op (an Internal error when run)
};

// TensorFlow runs every kernel with denormals flushed (its executor's and thread pool's
// port::ScopedFlushDenormal: MXCSR's flush-to-zero and denormals-are-zero bits), so a
// result below FLT_MIN is 0 and a denormal input counts as 0: tf.exp(-95.0) is 0.0 where
// a plain std::exp gives 5.5e-42 (Eigen's clamped exp, 2.9e-39). The same for the bundled
// kernels, scoped to the kernel call (RunKernel) or to a whole Session::Run, which sets it
// once for all its kernels (a kernel call inside then only reads the register): Python and
// NumPy around them keep their own mode.
class ScopedFlushDenormal {
 public:
#if defined(__SSE2__)
  ScopedFlushDenormal() : saved_(_mm_getcsr()) {
    if ((saved_ & kFlushBits) != kFlushBits) _mm_setcsr(saved_ | kFlushBits);
  }
  ~ScopedFlushDenormal() {
    if ((saved_ & kFlushBits) != kFlushBits) _mm_setcsr(saved_);
  }

 private:
  static constexpr unsigned kFlushBits = 0x8040;  // FTZ (bit 15) | DAZ (bit 6)
  unsigned saved_;
#endif
};

// Null when the bundled runtime has no kernel for `op`.
const KernelEntry* FindKernel(const std::string& op);
// Checks the input count (and, unless ctx.input_types_checked, the input types) against
// the signature, then runs the kernel with denormals flushed; an allocation the
// machine cannot hold is ResourceExhausted.
Status RunKernel(const KernelEntry& entry, KernelContext& ctx);

}  // namespace tfm::rt

// The kernel registry (registry.cc): every kernel of the bundled runtime by op name, with
// the op's signature so a kernel never reads past its inputs.
//
//   const KernelEntry* k = FindKernel(node.op);   // once per node, when a plan is made
//   Status s = RunKernel(*k, ctx);                 // every run
//   Status s = RunKernel(ctx);                     // by ctx.op (eager calls)
#pragma once

#include <string>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

struct KernelEntry {
  KernelFn fn;
  const OpSignature* signature;  // null: a kernel without a registered op (an Internal error when run)
};

// Null when the bundled runtime has no kernel for `op`.
const KernelEntry* FindKernel(const std::string& op);
// Checks the input count against the signature, then runs the kernel; an allocation the
// machine cannot hold is ResourceExhausted.
Status RunKernel(const KernelEntry& entry, KernelContext& ctx);

}  // namespace tfm::rt

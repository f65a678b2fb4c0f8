// Eager execution: run one op now on concrete tensors and return its outputs.
// The Python facade calls this for every op when executing eagerly (TF2 default); the
// GradientTape lives in the facade and records (op, inputs, outputs, attrs) per call.
//
//   std::vector<Tensor> out;                        // run now ...
//   Status s = Execute("AddV2", {a, b}, {}, &out);  // ... out[0] is a + b already
#pragma once

#include <string>
#include <vector>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

Status Execute(const std::string& op, const std::vector<Tensor>& inputs, const AttrMap& attrs,
               std::vector<Tensor>* outputs);

}  // namespace tfm::rt

// Window geometry shared by the convolution and pooling kernels (kernels_nn.cc) and
// their variants (kernels_linalg_image.cc): TensorFlow's GetWindowedOutputSize for SAME
// and VALID padding, the NHWC data-format check, and the 4-vector strides / dilations /
// ksize attrs whose batch and depth entries must be 1.
//
//   Window wh;
//   TFM_RETURN_IF_ERROR(MakeWindow(/*in=*/28, /*k=*/3, /*stride=*/2, /*dilation=*/1, "SAME", &wh));
//   // wh.out == 14, wh.pad == 0
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

struct Window {
  int64_t in = 0, k = 0, stride = 1, dilation = 1, out = 0, pad = 0;
};

inline Status MakeWindow(int64_t in, int64_t k, int64_t stride, int64_t dilation, const std::string& padding, Window* w) {
  if (stride <= 0) return InvalidArgument("Stride must be > 0, but got " + std::to_string(stride));
  if (dilation <= 0) return InvalidArgument("Dilated rates should be larger than 0.");
  // TF's strides, dilations and ksize attrs are int32; an input dimension past 2**62 is one
  // of a tensor of no elements. In those bounds the sizes below cannot overflow.
  constexpr int64_t kAttrMax = std::numeric_limits<int32_t>::max();
  if (k < 0 || k > kAttrMax || stride > kAttrMax || dilation > kAttrMax)
    return InvalidArgument("window size " + std::to_string(k) + ", stride " + std::to_string(stride) + " or dilation " +
                           std::to_string(dilation) + " is out of int32's range");
  if (in < 0 || in > (int64_t{1} << 62))
    return InvalidArgument("window input size " + std::to_string(in) + " is out of range");
  w->in = in, w->k = k, w->stride = stride, w->dilation = dilation;
  int64_t eff = (k - 1) * dilation + 1;
  if (padding == "VALID") {
    w->out = (in - eff + stride) / stride;
    w->pad = 0;
  } else if (padding == "SAME") {
    w->out = (in + stride - 1) / stride;
    int64_t needed = std::max<int64_t>(0, (w->out - 1) * stride + eff - in);
    w->pad = needed / 2;
  } else {
    return Unimplemented("padding \"" + padding + "\" is not supported by the bundled runtime (SAME or VALID)");
  }
  if (w->out < 0)
    return InvalidArgument("Computed output size would be negative: " + std::to_string(w->out) +
                           " [input_size: " + std::to_string(in) + ", effective_filter_size: " + std::to_string(eff) +
                           ", stride: " + std::to_string(stride) + "]");
  return Status::Ok();
}

inline Status CheckNhwc(const KernelContext& c) {
  std::string fmt = GetStringAttr(*c.attrs, "data_format", "NHWC");
  if (fmt != "NHWC")
    return InvalidArgument("The " + c.op + " op currently only supports the NHWC tensor format on the CPU. The op was given the format: " + fmt);
  return Status::Ok();
}

// Strides / dilations / ksize attrs are 4-vectors over NHWC; the batch and depth entries must be 1.
inline Status Spatial(const KernelContext& c, const char* attr, int64_t* h, int64_t* w, int64_t def = 1) {
  std::vector<int64_t> v = GetIntsAttr(*c.attrs, attr);
  if (v.empty()) {
    *h = *w = def;
    return Status::Ok();
  }
  if (v.size() != 4) return InvalidArgument(std::string(attr) + " field must specify 4 dimensions");
  if (v[0] != 1 || v[3] != 1)
    return Unimplemented(std::string("Current implementation does not yet support ") + attr + " in the batch and depth dimensions.");
  *h = v[1], *w = v[2];
  return Status::Ok();
}

}  // namespace tfm::rt

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
#include "runtime/ops/op_def.h"

namespace tfm::rt {

struct Window {
  int64_t in = 0, k = 0, stride = 1, dilation = 1, out = 0, pad = 0;
};

inline Status MakeWindow(int64_t in, int64_t k, int64_t stride, int64_t dilation, const std::string& padding, Window* w) {
  if (stride <= 0) return InvalidArgument("Stride must be > 0, but got " + std::to_string(stride));
  if (dilation <= 0) return InvalidArgument("Dilated rates should be larger than 0.");
  if (!WindowInRange(in, k, stride, dilation))  // (op_def.h: in its bounds nothing below overflows)
    return InvalidArgument("window size " + std::to_string(k) + ", stride " + std::to_string(stride) + " or dilation " +
                           std::to_string(dilation) + " past int32's range, or input size " + std::to_string(in) +
                           " past 2**62");
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

// TF's convolutions index with int: each size of an NHWC input and of a filter's first
// three dimensions must be below int32's maximum (TF 2.21's messages, in its order).
inline Status ConvSizesInInt(const Shape& in, const Shape& filter) {
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  for (int i = 0; i < 3; ++i)
    if (filter[i] < 0 || filter[i] >= kMax) return InvalidArgument("filter too large");
  if (in[3] < 0 || in[3] >= kMax) return InvalidArgument("Input depth too large");
  if (in[1] < 0 || in[1] >= kMax) return InvalidArgument("Input rows too large");
  if (in[2] < 0 || in[2] >= kMax) return InvalidArgument("Input cols too large");
  if (in[0] < 0 || in[0] >= kMax) return InvalidArgument("batch is too large");
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

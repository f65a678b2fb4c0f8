// Reading NumPy .npy files (format versions 1.0, 2.0 and 3.0) into runtime Tensors, for
// `tfmigrate run GRAPH --feed name=@file.npy`. Supported element types: float32,
// float64, int32, int64 and bool, little-endian (or byte-order-free), C order. Anything
// else (Fortran order, big-endian, object arrays, a size that disagrees with the header)
// is a one-line InvalidArgument error; nothing is allocated beyond the file's own size.
//
//   StatusOr<Tensor> t = ReadNpyFile("x.npy");   // t.value().dtype() == DType::kFloat
#pragma once

#include <string>
#include <string_view>

#include "runtime/core/status.h"
#include "runtime/core/tensor.h"

namespace tfm::rt {

// Parses the bytes of a .npy file; `display` names the file in error messages.
StatusOr<Tensor> ParseNpy(std::string_view bytes, const std::string& display);
// Reads and parses a .npy file (at most 1 GiB).
StatusOr<Tensor> ReadNpyFile(const std::string& path);

}  // namespace tfm::rt

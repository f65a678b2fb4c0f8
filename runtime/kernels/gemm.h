// Matrix products of the runtime's kernels (MatMul, BatchMatMulV2, Conv2D and its
// gradients): one entry point, so that the choice of GEMM is made in one place.
//
// float32 goes to oneDNN's sgemm (Debian `libdnnl-dev`, the library TensorFlow itself uses
// on CPUs) when the build found it: oneDNN picks its AVX2 / AVX-512 code by CPUID at run
// time, so a binary built for the x86-64 baseline still multiplies at the machine's full
// width. Other dtypes, and float32 in a build without oneDNN, use Eigen's GEMM compiled
// for the kernels' -march (runtime/CMakeLists.txt).
//
//   // out[m×n] = a[m×k] · b[k×n], all row-major and contiguous:
//   MatrixProduct<float>({a, k, false}, {b, n, false}, m, n, k, out, n, /*accumulate=*/false);
#pragma once

#include <cstdint>

namespace tfm::rt {

// A row-major operand: `data` with `ld` elements between the starts of two rows, used as
// itself or transposed.
template <typename T>
struct GemmOperand {
  const T* data;
  int64_t ld;
  bool transposed;
};

// c[m×n] = op(a)[m×k] · op(b)[k×n], or c += … when `accumulate`. `c` is row-major with
// `ldc` elements per row. Without `accumulate` the sums start from +0 as TensorFlow's
// (a lone product that is -0.0 comes out +0.0). Implemented for float, double, int32_t
// and int64_t.
template <typename T>
void MatrixProduct(GemmOperand<T> a, GemmOperand<T> b, int64_t m, int64_t n, int64_t k, T* c, int64_t ldc,
                   bool accumulate);

// Which library multiplies float32 matrices: "oneDNN 2.6.3" or "Eigen 3.4.0".
const char* Float32GemmLibrary();

}  // namespace tfm::rt

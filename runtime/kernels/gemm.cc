#include "runtime/kernels/gemm.h"

#include <Eigen/Core>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <type_traits>

#ifdef TFMIGRATE_HAVE_DNNL
#include <oneapi/dnnl/dnnl.h>
#include <oneapi/dnnl/dnnl_version.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

namespace tfm::rt {
namespace {

constexpr const char* kEigenName =
    "Eigen " EIGEN_MAKESTRING(EIGEN_WORLD_VERSION) "." EIGEN_MAKESTRING(EIGEN_MAJOR_VERSION) "." EIGEN_MAKESTRING(EIGEN_MINOR_VERSION);

template <typename T>
using RowMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T>
using ConstView = Eigen::Map<const RowMat<T>, 0, Eigen::OuterStride<>>;
template <typename T>
using View = Eigen::Map<RowMat<T>, 0, Eigen::OuterStride<>>;

// The stored matrix behind an operand: op(x) is rows×cols, so x is cols×rows when transposed.
template <typename T>
ConstView<T> Stored(const GemmOperand<T>& x, int64_t rows, int64_t cols) {
  return x.transposed ? ConstView<T>(x.data, cols, rows, Eigen::OuterStride<>(x.ld))
                      : ConstView<T>(x.data, rows, cols, Eigen::OuterStride<>(x.ld));
}

template <typename T>
void EigenProduct(const GemmOperand<T>& a, const GemmOperand<T>& b, int64_t m, int64_t n, int64_t k, T* c,
                  int64_t ldc, bool accumulate) {
  ConstView<T> ma = Stored(a, m, k), mb = Stored(b, k, n);
  View<T> mc(c, m, n, Eigen::OuterStride<>(ldc));
  if constexpr (std::is_integral_v<T>) {
    // integers wrap around as TensorFlow's products do (Eigen's signed arithmetic would
    // overflow, undefined in C++; runtime_api_fuzzer); modulo 2^bits the order of the sums
    // does not matter. (Narrow types computed in unsigned int: no promotion to int.)
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        U sum = accumulate ? static_cast<U>(mc(i, j)) : U(0);
        for (int64_t p = 0; p < k; ++p)
          sum += static_cast<U>(a.transposed ? ma(p, i) : ma(i, p)) * static_cast<U>(b.transposed ? mb(j, p) : mb(p, j));
        mc(i, j) = static_cast<T>(sum);
      }
    return;
  }
  // Eigen's small-product path returns a lone product itself (-0.0 stays -0.0); TensorFlow
  // accumulates into zeroed outputs. Adding +0.0 afterwards gives TensorFlow's result.
  auto from_zero = [&] {
    if constexpr (std::is_floating_point_v<T>) mc.array() += T(0);
  };
  if (accumulate) {
    if (!a.transposed && !b.transposed) mc.noalias() += ma * mb;
    else if (a.transposed && !b.transposed) mc.noalias() += ma.transpose() * mb;
    else if (!a.transposed && b.transposed) mc.noalias() += ma * mb.transpose();
    else mc.noalias() += ma.transpose() * mb.transpose();
    return;
  }
  if (!a.transposed && !b.transposed) mc.noalias() = ma * mb;
  else if (a.transposed && !b.transposed) mc.noalias() = ma.transpose() * mb;
  else if (!a.transposed && b.transposed) mc.noalias() = ma * mb.transpose();
  else mc.noalias() = ma.transpose() * mb.transpose();
  from_zero();
}

#if defined(TFMIGRATE_HAVE_DNNL) && defined(_OPENMP)
// oneDNN splits a product into as many blocks as omp_get_max_threads() says and computes
// wrong results when OpenMP then starts a smaller team, which dynamic adjustment does on
// a loaded machine (the kernels turn it on: ConfigureKernelThreads in kernel.h). For the
// length of one call this fixes the team at the size OpenMP's dynamic adjustment would
// choose now, with the adjustment off; the caller's settings are restored after.
class FixedTeam {
 public:
  FixedTeam() : dynamic_(omp_get_dynamic()) {
    if (!dynamic_) return;
    int team = 1;
#pragma omp parallel
    {
#pragma omp single
      team = omp_get_num_threads();
    }
    max_threads_ = omp_get_max_threads();
    omp_set_dynamic(0);
    omp_set_num_threads(team);
  }
  ~FixedTeam() {
    if (!dynamic_) return;
    omp_set_num_threads(max_threads_);
    omp_set_dynamic(1);
  }
  FixedTeam(const FixedTeam&) = delete;
  FixedTeam& operator=(const FixedTeam&) = delete;

 private:
  int dynamic_;
  int max_threads_ = 1;
};
#else
struct FixedTeam {};
#endif

// TFMIGRATE_GEMM=eigen sends float32 to Eigen's GEMM as well: for measuring one library
// against the other in the same binary (bench/runtime_vs_tf.py), and for telling a
// numerical difference of oneDNN's from one of the kernels'. Read once.
[[maybe_unused]] bool UseOneDnn() {
  static const bool use = [] {
    const char* v = std::getenv("TFMIGRATE_GEMM");
    return !(v && std::string_view(v) == "eigen");
  }();
  return use;
}

}  // namespace

template <typename T>
void MatrixProduct(GemmOperand<T> a, GemmOperand<T> b, int64_t m, int64_t n, int64_t k, T* c, int64_t ldc,
                   bool accumulate) {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    if (!accumulate)
      for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, T(0));
    return;
  }
#ifdef TFMIGRATE_HAVE_DNNL
  if constexpr (std::is_same_v<T, float>) {
    if (!UseOneDnn()) {
      EigenProduct(a, b, m, n, k, c, ldc, accumulate);
      return;
    }
    // oneDNN's sgemm is row-major, like the operands: C = alpha·op(A)·op(B) + beta·C. Its
    // accumulators start from zero, so a lone -0.0 product comes out +0.0 as in TensorFlow.
    // Leading dimensions must be at least 1 even for a single column.
    FixedTeam team;
    dnnl_status_t s = dnnl_sgemm(a.transposed ? 'T' : 'N', b.transposed ? 'T' : 'N', m, n, k, 1.0f, a.data,
                                 std::max<int64_t>(a.ld, 1), b.data, std::max<int64_t>(b.ld, 1),
                                 accumulate ? 1.0f : 0.0f, c, std::max<int64_t>(ldc, 1));
    if (s == dnnl_success) return;
    // oneDNN refuses only arguments it considers invalid (none reach here from the kernels);
    // Eigen computes the same product.
  }
#endif
  EigenProduct(a, b, m, n, k, c, ldc, accumulate);
}

template void MatrixProduct<float>(GemmOperand<float>, GemmOperand<float>, int64_t, int64_t, int64_t, float*,
                                   int64_t, bool);
template void MatrixProduct<double>(GemmOperand<double>, GemmOperand<double>, int64_t, int64_t, int64_t, double*,
                                    int64_t, bool);
template void MatrixProduct<int32_t>(GemmOperand<int32_t>, GemmOperand<int32_t>, int64_t, int64_t, int64_t,
                                     int32_t*, int64_t, bool);
template void MatrixProduct<int64_t>(GemmOperand<int64_t>, GemmOperand<int64_t>, int64_t, int64_t, int64_t,
                                     int64_t*, int64_t, bool);

const char* Float32GemmLibrary() {
#ifdef TFMIGRATE_HAVE_DNNL
  if (!UseOneDnn()) return kEigenName;
  static const char* name = [] {
    const dnnl_version_t* v = dnnl_version();
    static char buf[64];
    snprintf(buf, sizeof buf, "oneDNN %d.%d.%d", v->major, v->minor, v->patch);
    return buf;
  }();
  return name;
#else
  return kEigenName;
#endif
}

}  // namespace tfm::rt

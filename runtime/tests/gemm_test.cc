// MatrixProduct (runtime/kernels/gemm.h) against a plain triple loop in long double: every
// transpose combination, strided operands, accumulation, empty and degenerate sizes, sizes
// large enough for the library's blocked and threaded paths, and TensorFlow's +0.0 for a
// lone -0.0 product. Runs unchanged under an emulated baseline CPU (tests/isa_baseline.sh).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "runtime/kernels/gemm.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// op(x)[i][j] of a stored row-major matrix with leading dimension ld.
template <typename T>
T At(const std::vector<T>& x, int64_t ld, bool trans, int64_t i, int64_t j) {
  return trans ? x[j * ld + i] : x[i * ld + j];
}

template <typename T>
void CheckProduct(int64_t m, int64_t n, int64_t k, bool ta, bool tb, int64_t pad, bool accumulate) {
  std::mt19937 rng(static_cast<unsigned>(m * 131 + n * 17 + k * 3 + ta * 2 + tb));
  std::uniform_real_distribution<double> u(-1, 1);
  // Stored shapes with `pad` extra elements per row (leading dimension > row length).
  int64_t a_rows = ta ? k : m, a_cols = ta ? m : k, b_rows = tb ? n : k, b_cols = tb ? k : n;
  int64_t lda = a_cols + pad, ldb = b_cols + pad, ldc = n + pad;
  std::vector<T> a(a_rows * lda), b(b_rows * ldb), c(m * ldc);
  for (auto& x : a) x = static_cast<T>(std::is_integral_v<T> ? std::round(u(rng) * 5) : u(rng));
  for (auto& x : b) x = static_cast<T>(std::is_integral_v<T> ? std::round(u(rng) * 5) : u(rng));
  for (auto& x : c) x = static_cast<T>(std::is_integral_v<T> ? 3 : 0.25);
  std::vector<T> before = c;
  MatrixProduct<T>({a.data(), lda, ta}, {b.data(), ldb, tb}, m, n, k, c.data(), ldc, accumulate);
  double tol = std::is_same_v<T, float> ? 1e-5 : 1e-12;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      long double want = accumulate ? before[i * ldc + j] : 0;
      long double scale = std::fabs(static_cast<double>(want));
      for (int64_t p = 0; p < k; ++p) {
        long double t = static_cast<long double>(At(a, lda, ta, i, p)) * At(b, ldb, tb, p, j);
        want += t;
        scale += std::fabs(static_cast<double>(t));
      }
      double got = static_cast<double>(c[i * ldc + j]);
      if (std::is_integral_v<T>) {
        ASSERT_EQ(got, static_cast<double>(want)) << m << "x" << n << "x" << k << " at " << i << "," << j;
      } else {
        ASSERT_LE(std::fabs(got - static_cast<double>(want)), tol * (scale + 1))
            << m << "x" << n << "x" << k << " ta=" << ta << " tb=" << tb << " at " << i << "," << j;
      }
    }
    // The padding of each output row is never written.
    for (int64_t j = n; j < ldc; ++j) ASSERT_EQ(c[i * ldc + j], before[i * ldc + j]);
  }
}

template <typename T>
void CheckAllShapes() {
  const int64_t sizes[][3] = {{1, 1, 1}, {3, 5, 7}, {17, 1, 9}, {1, 33, 4}, {64, 64, 64}, {129, 67, 300}, {5, 4, 0},
                              {0, 3, 2}, {3, 0, 2}};
  for (auto& s : sizes)
    for (bool ta : {false, true})
      for (bool tb : {false, true})
        for (int64_t pad : {0, 3})
          for (bool acc : {false, true}) CheckProduct<T>(s[0], s[1], s[2], ta, tb, pad, acc);
}

TEST(Gemm, Float32MatchesTheDefinition) { CheckAllShapes<float>(); }
TEST(Gemm, Float64MatchesTheDefinition) { CheckAllShapes<double>(); }
TEST(Gemm, IntegersAreExact) {
  CheckAllShapes<int32_t>();
  CheckAllShapes<int64_t>();
}

TEST(Gemm, LargeFloat32ProductUsesEveryThreadAndStaysClose) { CheckProduct<float>(512, 384, 640, false, true, 0, false); }

// The kernels let OpenMP shrink its teams on a saturated machine (ConfigureKernelThreads);
// oneDNN computed wrong blocks when its team came out smaller than it planned for. On a
// quiet machine the team is whole and this is the test above; under load (ctest -j) it is
// the case that failed.
TEST(Gemm, LargeFloat32ProductWithDynamicTeams) {
#ifdef _OPENMP
  omp_set_dynamic(1);  // what ConfigureKernelThreads does on a saturated machine
#endif
  CheckProduct<float>(512, 384, 640, false, true, 0, false);
  CheckProduct<float>(300, 700, 257, true, false, 1, true);
#ifdef _OPENMP
  omp_set_dynamic(0);
#endif
}

TEST(Gemm, LoneNegativeZeroProductIsPositiveZeroAsInTensorFlow) {
  for (bool ta : {false, true}) {
    float a = -1.0f, b = 0.0f, c = 7.0f;
    MatrixProduct<float>({&a, 1, ta}, {&b, 1, false}, 1, 1, 1, &c, 1, false);
    EXPECT_FALSE(std::signbit(c)) << "float32, ta=" << ta;
    double ad = -1.0, bd = 0.0, cd = 7.0;
    MatrixProduct<double>({&ad, 1, ta}, {&bd, 1, false}, 1, 1, 1, &cd, 1, false);
    EXPECT_FALSE(std::signbit(cd)) << "float64, ta=" << ta;
  }
}

TEST(Gemm, NamesItsFloat32Library) {
  std::string lib = Float32GemmLibrary();
  EXPECT_TRUE(lib.rfind("oneDNN ", 0) == 0 || lib.rfind("Eigen ", 0) == 0) << lib;
}

}  // namespace
}  // namespace tfm::rt

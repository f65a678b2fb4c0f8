// TensorFlow's random number stream, so seeded random ops give TensorFlow's numbers:
// the Philox4x32-10 counter-based generator (key = the op's `seed` attr, counter high
// half = `seed2`) and the CPU kernels' distributions over it (uniform floats from the
// mantissa bits, Box-Muller normals, truncated normals by rejection, integers by modulo).
// A stateful op keeps one generator per kernel instance and reserves
// 256 x (output size) 128-bit samples per execution, as TensorFlow's kernels do.
//
//   PhiloxRandom g(seed, seed2);
//   PhiloxRandom run = g.Reserve(n);        // this execution's stream; g moves on
//   FillNormal(run, out_floats, n);
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tfm::rt {

class PhiloxRandom {
 public:
  struct Block {
    uint32_t v[4];
  };

  PhiloxRandom() = default;
  PhiloxRandom(uint64_t seed_lo, uint64_t seed_hi) {
    key_[0] = static_cast<uint32_t>(seed_lo);
    key_[1] = static_cast<uint32_t>(seed_lo >> 32);
    ctr_[2] = static_cast<uint32_t>(seed_hi);
    ctr_[3] = static_cast<uint32_t>(seed_hi >> 32);
  }

  // Advances the counter by `count` 128-bit samples.
  void Skip(uint64_t count) {
    uint32_t lo = static_cast<uint32_t>(count), hi = static_cast<uint32_t>(count >> 32);
    ctr_[0] += lo;
    if (ctr_[0] < lo) ++hi;
    ctr_[1] += hi;
    if (ctr_[1] < hi && ++ctr_[2] == 0) ++ctr_[3];
  }

  // The generator for one execution producing `outputs` values; this one moves past it.
  PhiloxRandom Reserve(uint64_t outputs) {
    PhiloxRandom local = *this;
    Skip(outputs * 256);
    return local;
  }

  Block Next() {
    uint32_t c[4] = {ctr_[0], ctr_[1], ctr_[2], ctr_[3]};
    uint32_t k[2] = {key_[0], key_[1]};
    for (int round = 0; round < 10; ++round) {
      uint64_t p0 = static_cast<uint64_t>(0xD2511F53u) * c[0];
      uint64_t p1 = static_cast<uint64_t>(0xCD9E8D57u) * c[2];
      uint32_t n0 = static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k[0];
      uint32_t n1 = static_cast<uint32_t>(p1);
      uint32_t n2 = static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k[1];
      uint32_t n3 = static_cast<uint32_t>(p0);
      c[0] = n0, c[1] = n1, c[2] = n2, c[3] = n3;
      if (round < 9) k[0] += 0x9E3779B9u, k[1] += 0xBB67AE85u;
    }
    if (++ctr_[0] == 0 && ++ctr_[1] == 0 && ++ctr_[2] == 0) ++ctr_[3];
    return Block{{c[0], c[1], c[2], c[3]}};
  }

 private:
  uint32_t key_[2] = {0, 0};
  uint32_t ctr_[4] = {0, 0, 0, 0};
};

inline float Uint32ToFloat(uint32_t x) {
  uint32_t bits = (x & 0x7fffffu) | 0x3f800000u;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f - 1.0f;
}

inline double Uint64ToDouble(uint32_t x0, uint32_t x1) {
  uint64_t bits = (static_cast<uint64_t>(x0 & 0xfffffu) << 32) | x1 | (static_cast<uint64_t>(1023) << 52);
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d - 1.0;
}

inline void BoxMullerFloat(uint32_t x0, uint32_t x1, float* f0, float* f1) {
  const float epsilon = 1.0e-7f;
  float u1 = Uint32ToFloat(x0);
  if (u1 < epsilon) u1 = epsilon;
  const float v1 = 2.0f * M_PI * Uint32ToFloat(x1);  // evaluated in double, as in TF
  const float u2 = std::sqrt(-2.0f * std::log(u1));
  sincosf(v1, f0, f1);
  *f0 *= u2;
  *f1 *= u2;
}

inline void BoxMullerDouble(uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3, double* d0, double* d1) {
  const double epsilon = 1.0e-7;
  double u1 = Uint64ToDouble(x0, x1);
  if (u1 < epsilon) u1 = epsilon;
  const double v1 = 2 * M_PI * Uint64ToDouble(x2, x3);
  const double u2 = std::sqrt(-2.0 * std::log(u1));
  sincos(v1, d0, d1);
  *d0 *= u2;
  *d1 *= u2;
}

// Uniform [0, 1): 4 floats or 2 doubles per block.
inline void FillUniform(PhiloxRandom g, float* out, int64_t n) {
  for (int64_t i = 0; i < n; i += 4) {
    auto b = g.Next();
    for (int j = 0; j < 4 && i + j < n; ++j) out[i + j] = Uint32ToFloat(b.v[j]);
  }
}
inline void FillUniform(PhiloxRandom g, double* out, int64_t n) {
  for (int64_t i = 0; i < n; i += 2) {
    auto b = g.Next();
    for (int j = 0; j < 2 && i + j < n; ++j) out[i + j] = Uint64ToDouble(b.v[2 * j], b.v[2 * j + 1]);
  }
}

// Standard normal: 4 floats or 2 doubles per block.
inline void FillNormal(PhiloxRandom g, float* out, int64_t n) {
  for (int64_t i = 0; i < n; i += 4) {
    auto b = g.Next();
    float f[4];
    BoxMullerFloat(b.v[0], b.v[1], &f[0], &f[1]);
    BoxMullerFloat(b.v[2], b.v[3], &f[2], &f[3]);
    for (int j = 0; j < 4 && i + j < n; ++j) out[i + j] = f[j];
  }
}
inline void FillNormal(PhiloxRandom g, double* out, int64_t n) {
  for (int64_t i = 0; i < n; i += 2) {
    auto b = g.Next();
    double d[2];
    BoxMullerDouble(b.v[0], b.v[1], b.v[2], b.v[3], &d[0], &d[1]);
    for (int j = 0; j < 2 && i + j < n; ++j) out[i + j] = d[j];
  }
}

// One 32-bit sample at a time from the block stream (TensorFlow's SingleSampleAdapter).
class SingleSamples {
 public:
  explicit SingleSamples(PhiloxRandom* g) : g_(g) {}
  uint32_t operator()() {
    if (used_ == 4) {
      block_ = g_->Next();
      used_ = 0;
    }
    return block_.v[used_++];
  }

 private:
  PhiloxRandom* g_;
  PhiloxRandom::Block block_{};
  int used_ = 4;
};

// Truncated standard normal (|x| < 2): each group of 4 floats (2 doubles) starts from a
// generator skipped by 256 blocks per 4 values and rejects Box-Muller samples outside
// the bounds.
inline void FillTruncatedNormal(PhiloxRandom base, float* out, int64_t n) {
  for (int64_t group = 0; group * 4 < n; ++group) {
    PhiloxRandom g = base;
    g.Skip(static_cast<uint64_t>(group) * 256);
    SingleSamples s(&g);
    float res[4];
    int index = 0;
    while (index < 4) {
      uint32_t x0 = s(), x1 = s();
      float f[2];
      BoxMullerFloat(x0, x1, &f[0], &f[1]);
      for (int k = 0; k < 2 && index < 4; ++k)
        if (std::fabs(f[k]) < 2.0f) res[index++] = f[k];
    }
    for (int j = 0; j < 4 && group * 4 + j < n; ++j) out[group * 4 + j] = res[j];
  }
}
inline void FillTruncatedNormal(PhiloxRandom base, double* out, int64_t n) {
  for (int64_t group = 0; group * 2 < n; ++group) {
    PhiloxRandom g = base;
    g.Skip(static_cast<uint64_t>(group) * 128);
    SingleSamples s(&g);
    double res[2];
    int index = 0;
    while (index < 2) {
      uint32_t x0 = s(), x1 = s(), x2 = s(), x3 = s();
      double d[2];
      BoxMullerDouble(x0, x1, x2, x3, &d[0], &d[1]);
      for (int k = 0; k < 2 && index < 2; ++k)
        if (std::fabs(d[k]) < 2.0) res[index++] = d[k];
    }
    for (int j = 0; j < 2 && group * 2 + j < n; ++j) out[group * 2 + j] = res[j];
  }
}

}  // namespace tfm::rt

// The tolerance policy (docs/tolerance.md): how far a number may move between two runs of
// the same computation — real TensorFlow on another processor or with other thread counts,
// or the bundled runtime against real TensorFlow — and still count as the same behavior.
// This header is the only place the numbers live. Every comparison against TensorFlow
// uses them: the conformance suite and `tfmigrate diff` through trace_compare.h, and the
// Python tools (golden drift checks, compat and hazard programs) through the
// `tfm_compare` tool (tools/tfm_compare.cc), which links the same code.
//
//   if (auto t = ToleranceFor("float32")) ok = WithinTolerance(expected, actual, *t);
//   else ok = expected == actual;   // integers, bools, strings: exact
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string_view>

namespace tfm::rt {

// Two finite numbers agree when |expected - actual| <= atol + rtol * max(|expected|, |actual|).
struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

struct DTypeTolerance {
  std::string_view dtype;  // the trace's dtype name (docs/trace-format.md)
  Tolerance tolerance;
};

// One row per floating dtype. Measured on real TensorFlow 2.21 (docs/tolerance.md says how):
// the largest legitimate difference seen between processors, thread counts and kernel
// libraries, with room to spare, and far below what a behavior change moves.
inline constexpr std::array<DTypeTolerance, 4> kFloatTolerances{{
    {"float16", {4e-3, 4e-4}},
    {"bfloat16", {5e-2, 2e-2}},
    {"float32", {1e-5, 1e-6}},
    {"float64", {1e-10, 1e-12}},
}};

// Plain Python floats (`python_float`) come from float32 tensors in nearly every TensorFlow
// program (`float(loss)`), so they and printed numbers are held to float32's tolerance.
inline constexpr std::string_view kPythonFloatAs = "float32";

// A printed number is only as precise as its digits: two printed numbers may also differ
// by half a unit in the last printed digit of each (rounding at that digit), but this
// allowance never exceeds kPrintedRoundingCap relative to the larger of the two, so a
// number printed with few digits ("0.9" vs "1.0") still has to match.
inline constexpr double kPrintedRoundingCap = 1e-3;

// The tolerance for values of `dtype` ("float32", "python_float", ...); nullopt for dtypes
// that compare exactly (integers, bool, string).
constexpr std::optional<Tolerance> ToleranceFor(std::string_view dtype) {
  if (dtype == "python_float") dtype = kPythonFloatAs;
  for (const auto& row : kFloatTolerances)
    if (row.dtype == dtype) return row.tolerance;
  return std::nullopt;
}

// The tolerance printed numbers start from (before their rounding allowance).
constexpr Tolerance PrintedTolerance() { return *ToleranceFor(kPythonFloatAs); }

// NaN equals NaN; an infinity equals only itself; otherwise the rule above.
inline bool WithinTolerance(double expected, double actual, Tolerance t, double extra_allowance = 0) {
  if (std::isnan(expected) || std::isnan(actual)) return std::isnan(expected) && std::isnan(actual);
  if (std::isinf(expected) || std::isinf(actual)) return expected == actual;
  double d = std::fabs(expected - actual);
  return d <= t.atol + t.rtol * std::max(std::fabs(expected), std::fabs(actual)) + extra_allowance;
}

}  // namespace tfm::rt

// Comparing run traces (JSON lines, docs/trace-format.md) and their parts under the
// tolerance policy (tolerance.h, docs/tolerance.md). One implementation for every
// comparison against real TensorFlow: the conformance suite compares the bundled
// runtime's trace with real TensorFlow's golden (CompareTraces), the golden drift check
// compares a golden with a fresh TensorFlow run (CompareTraces with all_fields, through
// tools/tfm_compare), and `tfmigrate diff` aligns two programs' observations and
// compares each with CompareValues / ComparePrinted.
//
//   std::vector<std::string> diffs = CompareTraces(golden_text, actual_text, {});
//   if (diffs.empty()) { /* same behavior */ }
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/trace/tolerance.h"

namespace tfm::rt {

// How close the numbers of one dtype came to their tolerance (tools/tfm_compare --report:
// how the policy's numbers were measured, docs/tolerance.md).
struct ToleranceUse {
  size_t compared = 0;     // numbers compared under a tolerance
  size_t inexact = 0;      // of those, not bit-identical
  double worst_margin = 0; // largest |expected - actual| / allowed difference (1: at the tolerance)
  double worst_abs = 0;    // largest |expected - actual|
  double worst_rel = 0;    // largest |expected - actual| / max(|expected|, |actual|)
  std::string worst;       // the pair with the largest margin: "0.000215576 vs 0.000215578"
};
// By dtype; "printed" for printed numbers.
using ToleranceReport = std::map<std::string, ToleranceUse>;

struct CompareOptions {
  // Unset: each dtype's tolerance from the policy. Set: replaces the policy's relative /
  // absolute tolerance for every floating value and printed number (`diff --rtol/--atol`);
  // integers, bools and strings stay exact.
  std::optional<double> rtol;
  std::optional<double> atol;
  // false: fetched/returned/variable values compare by dtype and shape only (programs
  // whose values are random; their printed output must still match).
  bool compare_values = true;
  // The golden drift check (a golden against a fresh run of real TensorFlow): every field
  // of every record must agree as well — exception messages and lines, function names,
  // `call` numbers, reprs of Python objects — with the numbers under the policy.
  bool all_fields = false;
  // `tfmigrate diff`: a plain Python number matches a numpy/tensor number of any dtype
  // (3 vs np.int32(3)); the looser of the two dtypes' tolerances applies.
  bool python_numbers_match_any_dtype = false;
  // Not owned; when set, every number compared under a tolerance is recorded here.
  ToleranceReport* report = nullptr;
};

// A printed line with every number replaced by "#" and whitespace removed (numpy pads
// columns to the widest number): two lines that say the same thing mask equal.
std::string MaskNumbers(const std::string& text);

// A trace dtype with the "python_" prefix of plain Python numbers dropped.
std::string NormDtype(const std::string& dtype);

// Field readers for records that come from traces nobody vouches for (`tfmigrate diff`
// reads any two files): a field of the wrong type, or a record that is no object, reads
// as empty.
std::string StrField(const nlohmann::json& j, const char* key);
nlohmann::json ArrField(const nlohmann::json& j, const char* key);

// The tolerance values of `dtype` compare with under `o`; nullopt: exactly.
std::optional<Tolerance> EffectiveTolerance(std::string_view dtype, const CompareOptions& o);

// Two printed numbers as written ("0.1235", "3", "nan"). Numbers written without a
// fraction or exponent are integers and must be equal; the others agree within the
// printed tolerance plus their rounding allowance (tolerance.h).
bool PrintedNumbersAgree(const std::string& expected, const std::string& actual, const CompareOptions& o);

// Each returns "" when the two agree, else a short reason.
// Two printed lines: same text once numbers are masked, every number agreeing.
std::string ComparePrinted(const std::string& expected, const std::string& actual, const CompareOptions& o);
// Two flattened lists of numbers (a value's "values") of one dtype.
std::string CompareNumbers(const nlohmann::json& expected, const nlohmann::json& actual, std::string_view dtype,
                           const CompareOptions& o);
// Two trace values ({"dtype","shape","values"} or {"python": ...}): dtype, shape, numbers.
std::string CompareValues(const nlohmann::json& expected, const nlohmann::json& actual, const CompareOptions& o);

// Returns human-readable differences; empty when the traces agree.
std::vector<std::string> CompareTraces(const std::string& expected_jsonl, const std::string& actual_jsonl,
                                       const CompareOptions& opts);

}  // namespace tfm::rt

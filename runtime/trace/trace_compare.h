// Comparing two run traces (JSON lines, docs/trace-format.md): the conformance suite
// compares the bundled runtime's trace with real TensorFlow's golden record by record.
// `tfmigrate diff` compares two versions of a script with its own lenient, aligned
// comparison (diff/compare.cc), which uses MaskNumbers and NormDtype from here. Numbers
// compare with a relative tolerance (1e-5 for float32 values), exceptions by type,
// printed text with its numbers masked.
//
//   std::vector<std::string> diffs = CompareTraces(golden_text, actual_text, {});
//   if (diffs.empty()) { /* same behavior */ }
#pragma once

#include <string>
#include <vector>

namespace tfm::rt {

struct CompareOptions {
  double rel_tol = 1e-5;
  double abs_tol = 1e-6;
  // false: fetched/returned/variable values compare by dtype and shape only (programs
  // whose values are random; their printed output must still match).
  bool compare_values = true;
};

// A printed line with every number replaced by "#" and whitespace removed (numpy pads
// columns to the widest number): two lines that say the same thing mask equal.
std::string MaskNumbers(const std::string& text);

// A trace dtype with the "python_" prefix of plain Python numbers dropped.
std::string NormDtype(const std::string& dtype);

// Returns human-readable differences; empty when the traces agree.
std::vector<std::string> CompareTraces(const std::string& expected_jsonl, const std::string& actual_jsonl,
                                       const CompareOptions& opts);

}  // namespace tfm::rt

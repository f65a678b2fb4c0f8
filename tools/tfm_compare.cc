// tfm_compare: the tolerance policy's comparisons (runtime/trace/trace_compare.h,
// docs/tolerance.md) for the Python tools, so that they compare with the same code as the
// conformance suite and `tfmigrate diff` instead of carrying their own numbers.
//
//   tfm_compare traces EXPECTED.jsonl ACTUAL.jsonl [--all-fields] [--shapes-only] [--report]
//   tfm_compare values EXPECTED.json ACTUAL.json   each a JSON list of trace values
//   tfm_compare text EXPECTED.txt ACTUAL.txt       printed output, line by line
//   tfm_compare policy                             the policy's numbers, one dtype a line
//
// Exit 0 when the two agree, 1 when they differ (the differences on stdout), 2 on a usage
// or input error (one line on stderr). --report adds one last stdout line, "report "
// followed by a JSON object: per dtype ("printed" for printed numbers) how many numbers
// were compared under a tolerance, how many were not bit-identical, and the largest
// absolute and relative difference and margin (difference / allowed; 1 is at the
// tolerance) — what the policy's numbers were chosen from.
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/trace/tolerance.h"
#include "runtime/trace/trace_compare.h"

namespace {

using json = nlohmann::json;
using tfm::rt::CompareOptions;

constexpr const char* kUsage =
    "usage: tfm_compare traces|values|text EXPECTED ACTUAL [--all-fields] [--shapes-only] | tfm_compare policy";

std::optional<std::string> Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> CompareText(const std::string& expected, const std::string& actual, const CompareOptions& o) {
  std::vector<std::string> e = Lines(expected), a = Lines(actual), d;
  for (size_t i = 0; i < std::min(e.size(), a.size()) && d.size() < 20; ++i)
    if (std::string why = tfm::rt::ComparePrinted(e[i], a[i], o); !why.empty())
      d.push_back("line " + std::to_string(i + 1) + ": " + why + "\n    expected: " + e[i] + "\n    actual:   " + a[i]);
  if (e.size() != a.size())
    d.push_back("expected " + std::to_string(e.size()) + " lines, got " + std::to_string(a.size()));
  return d;
}

int Policy() {
  for (const auto& row : tfm::rt::kFloatTolerances)
    std::cout << row.dtype << " rtol " << row.tolerance.rtol << " atol " << row.tolerance.atol << "\n";
  tfm::rt::Tolerance p = tfm::rt::PrintedTolerance();
  std::cout << "python_float as " << tfm::rt::kPythonFloatAs << "\n"
            << "printed rtol " << p.rtol << " atol " << p.atol << " rounding-cap " << tfm::rt::kPrintedRoundingCap
            << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && args[0] == "policy") return Policy();
  if (args.size() < 3) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  CompareOptions o;
  tfm::rt::ToleranceReport report;
  for (size_t i = 3; i < args.size(); ++i) {
    if (args[i] == "--report") {
      o.report = &report;
    } else if (args[i] == "--all-fields") {
      o.all_fields = true;
    } else if (args[i] == "--shapes-only") {
      o.compare_values = false;
    } else {
      std::cerr << "tfm_compare: unknown option " << args[i] << "\n";
      return 2;
    }
  }
  std::optional<std::string> expected = Slurp(args[1]), actual = Slurp(args[2]);
  if (!expected || !actual) {
    std::cerr << "tfm_compare: cannot read " << (expected ? args[2] : args[1]) << "\n";
    return 2;
  }
  std::vector<std::string> diffs;
  if (args[0] == "traces") {
    diffs = tfm::rt::CompareTraces(*expected, *actual, o);
  } else if (args[0] == "text") {
    diffs = CompareText(*expected, *actual, o);
  } else if (args[0] == "values") {
    json e = json::parse(*expected, nullptr, false), a = json::parse(*actual, nullptr, false);
    if (!e.is_array() || !a.is_array()) {
      std::cerr << "tfm_compare: " << (e.is_array() ? args[2] : args[1]) << " is not a JSON list of values\n";
      return 2;
    }
    for (size_t i = 0; i < std::min(e.size(), a.size()); ++i)
      if (std::string why = tfm::rt::CompareValues(e[i], a[i], o); !why.empty())
        diffs.push_back("value " + std::to_string(i) + ": " + why);
    if (e.size() != a.size())
      diffs.push_back("expected " + std::to_string(e.size()) + " values, got " + std::to_string(a.size()));
  } else {
    std::cerr << kUsage << "\n";
    return 2;
  }
  for (const auto& d : diffs) std::cout << d << "\n";
  if (o.report) {
    json r = json::object();
    for (const auto& [dtype, u] : report)
      r[dtype] = {{"compared", u.compared}, {"inexact", u.inexact}, {"worst_abs", u.worst_abs},
                  {"worst_rel", u.worst_rel}, {"worst_margin", u.worst_margin}, {"worst", u.worst}};
    std::cout << "report " << r.dump() << "\n";
  }
  return diffs.empty() ? 0 : 1;
}

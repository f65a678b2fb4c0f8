#include "runtime/trace/trace_compare.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <regex>
#include <sstream>

namespace tfm::rt {
namespace {

using json = nlohmann::json;

std::vector<json> Parse(const std::string& text, std::vector<std::string>* errors, const char* which) {
  std::vector<json> out;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty()) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      errors->push_back(std::string(which) + " line " + std::to_string(n) + " is not a JSON object");
      continue;
    }
    // `start` names the run; `random_op` records say where the script made random ops
    // (and an initializer's internals may make them differently on each backend).
    if (j.value("kind", "") == "start" || j.value("kind", "") == "random_op") continue;
    out.push_back(std::move(j));
  }
  return out;
}

bool Close(const json& a, const json& b, const CompareOptions& o) {
  if (a.is_number() && b.is_number()) {
    double x = a.get<double>(), y = b.get<double>();
    return std::fabs(x - y) <= o.abs_tol + o.rel_tol * std::max(std::fabs(x), std::fabs(y));
  }
  return a == b;
}

bool CloseList(const json& a, const json& b, const CompareOptions& o) {
  if (!a.is_array() || !b.is_array() || a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!Close(a[i], b[i], o)) return false;
  return true;
}


bool SameValue(const json& a, const json& b, const CompareOptions& o, std::string* why) {
  if (a.contains("python") || b.contains("python")) {
    if (a.value("python", "") != b.value("python", "")) {
      *why = "value kind " + a.dump() + " vs " + b.dump();
      return false;
    }
    return true;
  }
  std::string da = NormDtype(a.value("dtype", "")), db = NormDtype(b.value("dtype", ""));
  if (da != db) {
    *why = "dtype " + da + " vs " + db;
    return false;
  }
  if (a.value("shape", json::array()) != b.value("shape", json::array())) {
    *why = "shape " + a["shape"].dump() + " vs " + b["shape"].dump();
    return false;
  }
  if (o.compare_values && !CloseList(a.value("values", json::array()), b.value("values", json::array()), o)) {
    *why = "values " + a["values"].dump().substr(0, 200) + " vs " + b["values"].dump().substr(0, 200);
    return false;
  }
  return true;
}

const std::regex& NumberRe() {
  static const std::regex re(
      R"([-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?)|\bnan\b|\binf\b)");
  return re;
}

}  // namespace

std::string NormDtype(const std::string& d) { return d.rfind("python_", 0) == 0 ? d.substr(7) : d; }

std::string MaskNumbers(const std::string& t) {
  std::string m = std::regex_replace(t, NumberRe(), "#"), r;
  for (char ch : m)
    if (!isspace(static_cast<unsigned char>(ch))) r += ch;
  return r;
}

std::vector<std::string> CompareTraces(const std::string& expected_jsonl, const std::string& actual_jsonl,
                                       const CompareOptions& o) {
  std::vector<std::string> d;
  auto exp = Parse(expected_jsonl, &d, "expected");
  auto act = Parse(actual_jsonl, &d, "actual");
  size_t n = std::min(exp.size(), act.size());
  for (size_t i = 0; i < n && d.size() < 20; ++i) {
    const json& e = exp[i];
    const json& a = act[i];
    std::string ke = e.value("kind", ""), ka = a.value("kind", "");
    std::string at = "record " + std::to_string(i + 1) + " (" + ke + "): ";
    if (ke != ka) {
      d.push_back(at + "expected a " + ke + " record, got " + ka + ": " + a.dump().substr(0, 300));
      continue;
    }
    if (ke == "print") {
      std::string te = MaskNumbers(e.value("text", ""));
      std::string ta = MaskNumbers(a.value("text", ""));
      if (te != ta || !CloseList(e["numbers"], a["numbers"], o))
        d.push_back(at + "printed\n    expected: " + e.value("text", "") + "\n    actual:   " + a.value("text", ""));
    } else if (ke == "fetch" || ke == "function_return") {
      const json& ve = e["values"];
      const json& va = a["values"];
      if (ve.size() != va.size()) {
        d.push_back(at + "expected " + std::to_string(ve.size()) + " values, got " + std::to_string(va.size()));
        continue;
      }
      for (size_t k = 0; k < ve.size(); ++k) {
        std::string why;
        if (!SameValue(ve[k], va[k], o, &why)) d.push_back(at + "value " + std::to_string(k) + ": " + why);
      }
    } else if (ke == "exception" || ke == "fetch_error") {
      if (e.value("type", "") != a.value("type", ""))
        d.push_back(at + "expected " + e.value("type", "") + ", got " + a.value("type", "") + ": " + a.value("message", ""));
    } else if (ke == "variables") {
      const json& ve = e["values"];
      const json& va = a["values"];
      for (auto it = ve.begin(); it != ve.end(); ++it) {
        if (!va.contains(it.key())) {
          d.push_back(at + "variable " + it.key() + " missing");
          continue;
        }
        std::string why;
        if (!SameValue(it.value(), va[it.key()], o, &why)) d.push_back(at + "variable " + it.key() + ": " + why);
      }
      for (auto it = va.begin(); it != va.end(); ++it)
        if (!ve.contains(it.key())) d.push_back(at + "unexpected variable " + it.key());
    } else if (ke == "trace_counts") {
      if (e["counts"] != a["counts"]) d.push_back(at + "trace counts " + e["counts"].dump() + " vs " + a["counts"].dump());
    } else if (ke == "end") {
      if (e.value("status", "") != a.value("status", ""))
        d.push_back(at + "run ended " + e.value("status", "") + ", got " + a.value("status", ""));
    } else if (ke == "unsupported") {
      d.push_back(at + "unsupported symbol " + a.value("symbol", ""));
    } else if (e != a) {
      d.push_back(at + "differs: " + a.dump().substr(0, 300));
    }
  }
  if (exp.size() != act.size()) {
    const std::vector<json>& longer = exp.size() > act.size() ? exp : act;
    d.push_back(std::string(exp.size() > act.size() ? "missing" : "extra") + " records from " + std::to_string(n + 1) +
                ", first: " + longer[n].dump().substr(0, 300));
  }
  return d;
}

}  // namespace tfm::rt

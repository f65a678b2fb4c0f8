#include "runtime/trace/trace_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
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
    // (and an initializer's internals may make them differently on each backend);
    // `variable_read` records (a TF2 script's `v.numpy()`) serve `tfmigrate diff` and are
    // not in golden traces recorded before them.
    std::string kind = j.value("kind", "");
    if (kind == "start" || kind == "random_op" || kind == "variable_read") continue;
    out.push_back(std::move(j));
  }
  return out;
}

const std::regex& NumberRe() {
  static const std::regex re(
      R"([-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?)|\bnan\b|\binf\b)");
  return re;
}

std::vector<std::string> PrintedNumbers(const std::string& text) {
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), NumberRe()), end; it != end; ++it) out.push_back(it->str());
  return out;
}

// A number as printed: its value, whether it was written as an integer, and one unit of
// its last digit after the decimal point (0 when none was printed).
struct Printed {
  double value = 0;
  bool integer = false;
  double unit = 0;
};

Printed ParsePrinted(const std::string& s) {
  Printed p;
  if (s == "nan") return {NAN, false, 0};
  if (s == "inf") return {INFINITY, false, 0};
  p.value = std::strtod(s.c_str(), nullptr);
  size_t dot = s.find('.');
  size_t e = s.find_first_of("eE");
  p.integer = dot == std::string::npos && e == std::string::npos;
  if (dot != std::string::npos) {
    size_t frac = (e == std::string::npos ? s.size() : e) - dot - 1;
    int exponent = e == std::string::npos ? 0 : std::atoi(s.c_str() + e + 1);
    if (frac > 0) p.unit = std::pow(10.0, exponent - static_cast<int>(frac));
  }
  return p;
}

// A value-list element as a number: JSON numbers, and NaN/infinity, which traces write
// as the strings "nan", "inf", "-inf".
std::optional<double> AsNumber(const json& x) {
  if (x.is_number()) return x.get<double>();
  if (x.is_string()) {
    const std::string& s = x.get_ref<const std::string&>();
    if (s == "nan") return NAN;
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
  }
  return std::nullopt;
}

std::string Short(const json& x) {
  std::string s = x.is_string() ? x.get<std::string>() : x.dump();
  if (s.size() <= 40) return s;
  size_t cut = 40;  // not inside a UTF-8 sequence: the text may be written out as JSON again
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "...";
}

// "2 of 6 numbers differ; largest difference 0.5 at index 3 (1.25 vs 1.75)"
struct Mismatches {
  size_t count = 0, at = 0;
  double worst = -1;
  std::string expected, actual;
  void Add(size_t i, double diff, std::string e, std::string a) {
    if (count++ == 0 || diff > worst) worst = diff, at = i, expected = std::move(e), actual = std::move(a);
  }
  std::string Describe(size_t n) const {
    if (count == 0) return "";
    std::ostringstream s;
    s << count << " of " << n << " numbers differ; largest difference " << worst << " at index " << at << " ("
      << expected << " vs " << actual << ")";
    return s.str();
  }
};

std::optional<Tolerance> Looser(std::optional<Tolerance> a, std::optional<Tolerance> b) {
  if (!a) return b;
  if (!b) return a;
  return Tolerance{std::max(a->rtol, b->rtol), std::max(a->atol, b->atol)};
}

void Record(ToleranceReport* report, const std::string& dtype, double x, double y, double allowed, std::string what) {
  if (!report || std::isnan(x) || std::isnan(y) || std::isinf(x) || std::isinf(y)) return;
  ToleranceUse& u = (*report)[dtype];
  ++u.compared;
  double d = std::fabs(x - y);
  if (d == 0) return;
  ++u.inexact;
  u.worst_abs = std::max(u.worst_abs, d);
  u.worst_rel = std::max(u.worst_rel, d / std::max(std::fabs(x), std::fabs(y)));
  double margin = allowed > 0 ? d / allowed : INFINITY;
  if (margin > u.worst_margin) u.worst_margin = margin, u.worst = std::move(what);
}

// Element by element; `t` nullopt: exactly.
std::string CompareNumbersWith(const json& expected, const json& actual, std::optional<Tolerance> t,
                               const std::string& dtype, ToleranceReport* report) {
  if (!expected.is_array() || !actual.is_array()) return expected == actual ? "" : "the values differ";
  if (expected.size() != actual.size())
    return std::to_string(expected.size()) + " numbers vs " + std::to_string(actual.size());
  Mismatches m;
  for (size_t i = 0; i < expected.size(); ++i) {
    const json& x = expected[i];
    const json& y = actual[i];
    std::optional<double> nx = AsNumber(x), ny = AsNumber(y);
    bool same = t && nx && ny ? WithinTolerance(*nx, *ny, *t) : x == y;
    if (report && t && nx && ny)
      Record(report, dtype, *nx, *ny, t->atol + t->rtol * std::max(std::fabs(*nx), std::fabs(*ny)),
             Short(x) + " vs " + Short(y));
    if (same) continue;
    double d = nx && ny ? std::fabs(*nx - *ny) : INFINITY;
    m.Add(i, std::isnan(d) ? INFINITY : d, Short(x), Short(y));
  }
  return m.Describe(expected.size());
}

// A record without the fields the kind-specific comparisons below look at, and without
// `line` (the script's, not TensorFlow's), except where an exception was raised.
json Rest(json rec) {
  for (const char* k : {"values", "text", "numbers", "type", "counts", "status", "symbol"}) rec.erase(k);
  if (rec.value("kind", "") != "exception") rec.erase("line");
  return rec;
}

}  // namespace

std::string StrField(const json& j, const char* key) {
  if (!j.is_object()) return std::string();
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}
json ArrField(const json& j, const char* key) {
  if (!j.is_object()) return json::array();
  auto it = j.find(key);
  return it != j.end() && it->is_array() ? *it : json::array();
}

std::string NormDtype(const std::string& d) { return d.rfind("python_", 0) == 0 ? d.substr(7) : d; }

std::string MaskNumbers(const std::string& t) {
  std::string m = std::regex_replace(t, NumberRe(), "#"), r;
  for (char ch : m)
    if (!isspace(static_cast<unsigned char>(ch))) r += ch;
  return r;
}

std::optional<Tolerance> EffectiveTolerance(std::string_view dtype, const CompareOptions& o) {
  std::optional<Tolerance> t = ToleranceFor(dtype);
  if (!t) return t;
  return Tolerance{o.rtol.value_or(t->rtol), o.atol.value_or(t->atol)};
}

bool PrintedNumbersAgree(const std::string& expected, const std::string& actual, const CompareOptions& o) {
  Printed e = ParsePrinted(expected), a = ParsePrinted(actual);
  if (e.integer && a.integer) return e.value == a.value;
  Tolerance base = PrintedTolerance();
  Tolerance t{o.rtol.value_or(base.rtol), o.atol.value_or(base.atol)};
  double larger = std::max(std::fabs(e.value), std::fabs(a.value));
  double rounding = std::min((e.unit + a.unit) / 2, kPrintedRoundingCap * larger);
  if (o.report) Record(o.report, "printed", e.value, a.value, t.atol + t.rtol * larger + rounding, expected + " vs " + actual);
  return WithinTolerance(e.value, a.value, t, rounding);
}

std::string ComparePrinted(const std::string& expected, const std::string& actual, const CompareOptions& o) {
  if (MaskNumbers(expected) != MaskNumbers(actual)) return "the text differs";
  std::vector<std::string> e = PrintedNumbers(expected), a = PrintedNumbers(actual);
  if (e.size() != a.size()) return "the text differs";
  Mismatches m;
  for (size_t i = 0; i < e.size(); ++i)
    if (!PrintedNumbersAgree(e[i], a[i], o)) {
      double x = ParsePrinted(e[i]).value, y = ParsePrinted(a[i]).value;
      double d = std::fabs(x - y);
      m.Add(i, std::isnan(d) ? INFINITY : d, e[i], a[i]);
    }
  return m.Describe(e.size());
}

std::string CompareNumbers(const json& expected, const json& actual, std::string_view dtype, const CompareOptions& o) {
  return CompareNumbersWith(expected, actual, EffectiveTolerance(dtype, o), std::string(dtype), o.report);
}

std::string CompareValues(const json& e, const json& a, const CompareOptions& o) {
  if (e.contains("python") || a.contains("python")) {
    if (StrField(e, "python") != StrField(a, "python"))
      return "different kinds of value: " + Short(e) + " vs " + Short(a);
    if (e.contains("items") || a.contains("items")) {  // tfmigrate.observe of a list
      const json ie = ArrField(e, "items"), ia = ArrField(a, "items");
      if (ie.size() != ia.size()) return std::to_string(ie.size()) + " items vs " + std::to_string(ia.size());
      for (size_t i = 0; i < ie.size(); ++i)
        if (std::string why = CompareValues(ie[i], ia[i], o); !why.empty())
          return "item " + std::to_string(i) + ": " + why;
    }
    if (o.all_fields && e != a) return "differs: " + Short(e) + " vs " + Short(a);
    return "";
  }
  std::string de = StrField(e, "dtype"), da = StrField(a, "dtype");
  bool loose = o.python_numbers_match_any_dtype && (de.rfind("python_", 0) == 0 || da.rfind("python_", 0) == 0);
  if (!loose && NormDtype(de) != NormDtype(da)) return "dtype " + de + " vs " + da;
  json se = ArrField(e, "shape"), sa = ArrField(a, "shape");
  if (se != sa) return "shape " + se.dump() + " vs " + sa.dump();
  if (!o.compare_values) return "";
  return CompareNumbersWith(ArrField(e, "values"), ArrField(a, "values"),
                            Looser(EffectiveTolerance(de, o), EffectiveTolerance(da, o)), de == da ? de : de + "/" + da,
                            o.report);
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
      if (std::string why = ComparePrinted(e.value("text", ""), a.value("text", ""), o); !why.empty())
        d.push_back(at + "printed (" + why + ")\n    expected: " + e.value("text", "") +
                    "\n    actual:   " + a.value("text", ""));
    } else if (ke == "fetch" || ke == "function_return" || ke == "observe") {
      const json& ve = e["values"];
      const json& va = a["values"];
      if (ve.size() != va.size()) {
        d.push_back(at + "expected " + std::to_string(ve.size()) + " values, got " + std::to_string(va.size()));
        continue;
      }
      for (size_t k = 0; k < ve.size(); ++k)
        if (std::string why = CompareValues(ve[k], va[k], o); !why.empty())
          d.push_back(at + "value " + std::to_string(k) + ": " + why);
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
        if (std::string why = CompareValues(it.value(), va[it.key()], o); !why.empty())
          d.push_back(at + "variable " + it.key() + ": " + why);
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
    } else if (!o.all_fields && e != a) {
      d.push_back(at + "differs: " + a.dump().substr(0, 300));
    }
    if (o.all_fields && Rest(e) != Rest(a))
      d.push_back(at + "differs: expected " + Rest(e).dump().substr(0, 300) + "\n    actual   " +
                  Rest(a).dump().substr(0, 300));
  }
  if (exp.size() != act.size()) {
    const std::vector<json>& longer = exp.size() > act.size() ? exp : act;
    d.push_back(std::string(exp.size() > act.size() ? "missing" : "extra") + " records from " + std::to_string(n + 1) +
                ", first: " + longer[n].dump().substr(0, 300));
  }
  return d;
}

}  // namespace tfm::rt

// Trace comparison for `tfmigrate diff`: turns each trace into streams of observations
// (printed lines, returned/fetched values, named observations, final variables, trace
// counts, the exception) and aligns the two sides stream by stream.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "analyzer/checks/registry.h"
#include "diff/diff.h"
#include "runtime/trace/trace_compare.h"

namespace tfm::diff {

std::string DivergenceId(DivergenceKind kind) {
  for (const Rule* r : DynamicRules())
    if (r->info().reports == kind) return std::string(r->info().id);
  return "";
}

namespace {

using json = nlohmann::json;

struct Value {
  json v;            // a trace *value* ({"dtype","shape","values"} or {"python"})
  int line = 0;
  std::string origin;  // "sess.run call 3", "train_step() call 2", "observe(loss)"
};

struct Printed {
  std::string text;
  int line = 0;
};

struct Exc {
  std::string type, message;
  int line = 0;
};

struct TestRun {
  std::string outcome;  // the worst outcome reported for the test (a failing subTest fails it)
  std::string detail;
  int line = 0;
};

struct Trace {
  std::vector<Printed> prints;
  std::vector<Value> values;  // fetch + function_return values, Python None left out
  std::map<std::string, std::vector<Value>> observed;
  std::vector<std::string> observed_order;
  std::map<std::string, json> variables;
  std::map<std::string, int> trace_counts;
  std::map<std::string, int> calls;  // function_return records per function
  std::map<std::string, int> first_call_line;
  std::optional<Exc> exception;
  std::map<std::string, TestRun> tests;
  std::vector<std::string> test_order;
  std::vector<RandomOp> random_ops;
  std::string status = "missing";
  std::string unsupported;
  int bad_lines = 0;
};

// An object field that never throws (rt::StrField and rt::ArrField read the others): a
// trace line of the wrong shape reads as empty.
json Obj(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_object() ? *it : json::object();
}

int LineOf(const json& rec) {
  auto it = rec.find("line");
  if (it == rec.end() || !it->is_number_integer()) return 0;
  int64_t v = it->get<int64_t>();
  return v > 0 && v < (1 << 30) ? static_cast<int>(v) : 0;
}

// Severity of a test outcome: the worst one reported for a test is its outcome.
int OutcomeRank(const std::string& o) {
  if (o == "error") return 4;
  if (o == "failed") return 3;
  if (o == "unexpected_success") return 2;
  if (o == "passed" || o == "expected_failure") return 1;
  return 0;  // skipped, unknown
}

bool IsNone(const json& v) { return v.is_object() && rt::StrField(v, "python") == "None"; }

Trace ParseTrace(const std::string& text) {
  Trace t;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      ++t.bad_lines;
      continue;
    }
    std::string kind = rt::StrField(j, "kind");
    if (kind == "print") {
      t.prints.push_back({rt::StrField(j, "text"), LineOf(j)});
    } else if (kind == "fetch" || kind == "function_return" || kind == "variable_read") {
      auto call = j.find("call");
      std::string origin = kind == "variable_read" ? rt::StrField(j, "variable") + ".numpy()"
                           : kind == "fetch"
                               ? fmt::format("sess.run call {}", call != j.end() && call->is_number_integer()
                                                                     ? call->get<int64_t>()
                                                                     : int64_t{0})
                               : (j.contains("function") ? rt::StrField(j, "function") : std::string("function")) + "()";
      json names = rt::ArrField(j, "names");  // graph runs name each fetched tensor
      size_t i = 0;
      for (const auto& v : rt::ArrField(j, "values")) {
        std::string o = i < names.size() && names[i].is_string() ? "fetch " + names[i].get<std::string>() : origin;
        ++i;
        if (v.is_object() && !IsNone(v)) t.values.push_back({v, LineOf(j), o});
      }
      if (kind == "function_return") {
        std::string f = rt::StrField(j, "function");
        if (t.calls[f]++ == 0) t.first_call_line[f] = LineOf(j);
      }
    } else if (kind == "observe") {
      std::string name = rt::StrField(j, "name");
      if (!t.observed.count(name)) t.observed_order.push_back(name);
      json vals = json::array();
      for (const auto& v : rt::ArrField(j, "values"))
        if (v.is_object()) vals.push_back(v);
      json v = vals.size() == 1 ? vals[0] : json{{"python", "list"}, {"items", vals}};
      t.observed[name].push_back({v, LineOf(j), "observe(" + name + ")"});
    } else if (kind == "variables") {
      const json values = Obj(j, "values");
      for (const auto& [k, v] : values.items())
        if (v.is_object()) t.variables[k] = v;
    } else if (kind == "trace_counts") {
      const json counts = Obj(j, "counts");
      for (const auto& [k, v] : counts.items())
        if (v.is_number_integer()) t.trace_counts[k] = static_cast<int>(std::clamp<int64_t>(v.get<int64_t>(), 0, 1 << 30));
    } else if (kind == "exception") {
      t.exception = Exc{rt::StrField(j, "type"), rt::StrField(j, "message"), LineOf(j)};
    } else if (kind == "unsupported") {
      t.unsupported = rt::StrField(j, "symbol");
    } else if (kind == "test") {
      std::string name = rt::StrField(j, "test");
      std::string outcome = rt::StrField(j, "outcome");
      auto [it, fresh] = t.tests.try_emplace(name);
      if (fresh) t.test_order.push_back(name);
      if (fresh || OutcomeRank(outcome) > OutcomeRank(it->second.outcome)) {
        std::string type = rt::StrField(j, "type"), message = rt::StrField(j, "message");
        std::string detail = type.empty() ? message : message.empty() ? type : type + ": " + message;
        std::string sub = rt::StrField(j, "subtest");
        if (!sub.empty()) detail = sub + " " + detail;
        it->second = TestRun{outcome, detail, LineOf(j)};
      }
    } else if (kind == "random_op") {
      if (t.random_ops.size() < 100) t.random_ops.push_back({rt::StrField(j, "op"), LineOf(j)});
    } else if (kind == "end") {
      t.status = rt::StrField(j, "status");
    }
  }
  return t;
}

rt::CompareOptions Tolerances(const DiffOptions& o) {
  rt::CompareOptions c;
  c.rtol = o.rtol;
  c.atol = o.atol;
  c.python_numbers_match_any_dtype = true;  // 3 vs np.int32(3)
  return c;
}

bool SameValue(const json& a, const json& b, const DiffOptions& o, std::string* why) {
  *why = rt::CompareValues(a, b, Tolerances(o));
  return why->empty();
}

// What varies between two runs of the old version (timings, temporary paths, wall-clock
// dates) cannot be judged. The text is cut into tokens (a number, a word of letters,
// digits and '_', or one other character); when the two old runs have as many tokens,
// each token they disagree on is masked, in the old text and at the same position in the
// new one, which must have as many tokens (else nothing is masked and the texts differ).
std::vector<std::string> Tokens(const std::string& s) {
  std::vector<std::string> out;
  auto word = [](unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; };
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    unsigned char c = static_cast<unsigned char>(s[i]);
    bool sign = (c == '-' || c == '+' || c == '.') && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]));
    if (std::isdigit(c) || sign) {
      ++j;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.')) ++j;
      if (j + 1 < s.size() && (s[j] == 'e' || s[j] == 'E') &&
          (std::isdigit(static_cast<unsigned char>(s[j + 1])) || s[j + 1] == '-' || s[j + 1] == '+'))
        for (j += 2; j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]));) ++j;
      // a number glued to letters ("82h5_m84") is part of a word
      if (j < s.size() && word(static_cast<unsigned char>(s[j])) && !std::isdigit(static_cast<unsigned char>(s[j]))) {
        while (j < s.size() && word(static_cast<unsigned char>(s[j]))) ++j;
      }
    } else if (word(c)) {
      while (j < s.size() && word(static_cast<unsigned char>(s[j]))) ++j;
    } else {
      ++j;
    }
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// Masks in `old_text` and `new_text` the tokens on which `old_text` and `old_again`
// disagree. Returns false when nothing can be masked (the old runs differ in their
// token count, or the new text has another token count).
bool MaskVarying(const std::string& old_again, std::string* old_text, std::string* new_text) {
  std::vector<std::string> a = Tokens(*old_text), a2 = Tokens(old_again), b = Tokens(*new_text);
  if (a.size() != a2.size() || a.size() != b.size()) return false;
  static const std::string kMask = "\u2026";  // …
  std::string ma, mb;
  for (size_t i = 0; i < a.size(); ++i) {
    bool varies = a[i] != a2[i];
    ma += varies ? kMask : a[i];
    mb += varies ? kMask : b[i];
  }
  *old_text = std::move(ma);
  *new_text = std::move(mb);
  return true;
}

// The same for a value. Strings (both old runs' values all strings, as many) are masked
// element by element: kMasked, or kDiffers when the new value cannot be lined up with
// them. Any other value that differs between the two old runs is kNotJudged.
enum class Masking { kMasked, kDiffers, kNotJudged };
Masking MaskVaryingValue(const json& old_again, json* old_v, json* new_v) {
  const json xa = rt::ArrField(*old_v, "values"), xa2 = rt::ArrField(old_again, "values"), xb = rt::ArrField(*new_v, "values");
  auto strings = [](const json& xs) { return std::all_of(xs.begin(), xs.end(), [](const json& x) { return x.is_string(); }); };
  if (xa.empty() || xa.size() != xa2.size() || !strings(xa) || !strings(xa2)) return Masking::kNotJudged;
  if (xa.size() != xb.size() || !strings(xb)) return Masking::kDiffers;
  json ma = json::array(), mb = json::array();
  for (size_t i = 0; i < xa.size(); ++i) {
    std::string s = xa[i].get<std::string>(), t = xb[i].get<std::string>();
    if (s != xa2[i].get<std::string>() && !MaskVarying(xa2[i].get<std::string>(), &s, &t)) return Masking::kDiffers;
    ma.push_back(s);
    mb.push_back(t);
  }
  (*old_v)["values"] = ma;
  (*new_v)["values"] = mb;
  return Masking::kMasked;
}

std::string Render(const json& v) {
  if (v.contains("python")) {
    if (v.contains("items")) {
      const json items = rt::ArrField(v, "items");
      std::string s = "[";
      for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + (items[i].is_object() ? Render(items[i]) : "?");
      return s + "]";
    }
    return rt::StrField(v, "python");
  }
  std::string shape;
  for (const auto& d : rt::ArrField(v, "shape")) shape += (shape.empty() ? "" : ",") + d.dump();
  std::string vals;
  const json xs = rt::ArrField(v, "values");
  for (size_t i = 0; i < xs.size() && i < 8; ++i) vals += (i ? ", " : "") + (xs[i].is_string() ? xs[i].get<std::string>() : xs[i].dump());
  if (xs.size() > 8) vals += fmt::format(", ... ({} in all)", xs.size());
  return fmt::format("{}[{}] {}", v.contains("dtype") ? rt::StrField(v, "dtype") : std::string("?"), shape, xs.size() == 1 ? vals : "[" + vals + "]");
}

std::string StripIndex(std::string n) {
  auto c = n.rfind(':');
  if (c != std::string::npos && c + 1 < n.size() &&
      std::all_of(n.begin() + static_cast<long>(c) + 1, n.end(), [](char ch) { return isdigit(static_cast<unsigned char>(ch)); }))
    n.resize(c);
  return n;
}

std::string LastComponent(const std::string& n) {
  auto s = n.rfind('/');
  return s == std::string::npos ? n : n.substr(s + 1);
}

// Pairs old and new variable names: exact (":0" dropped), then a unique last path
// component (variable_scope prefixes differ between versions), then unique name
// with the scope removed on one side only.
std::vector<std::pair<std::string, std::string>> MatchVariables(const std::map<std::string, json>& a,
                                                                const std::map<std::string, json>& b,
                                                                std::vector<std::string>* unmatched) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> used_a, used_b;
  std::map<std::string, std::string> nb;  // stripped -> original
  for (const auto& [k, v] : b) nb[StripIndex(k)] = k;
  for (const auto& [k, v] : a) {
    auto it = nb.find(StripIndex(k));
    if (it != nb.end() && !used_b.count(it->second)) {
      out.emplace_back(k, it->second);
      used_a.insert(k);
      used_b.insert(it->second);
    }
  }
  std::map<std::string, std::vector<std::string>> la, lb;
  for (const auto& [k, v] : a)
    if (!used_a.count(k)) la[LastComponent(StripIndex(k))].push_back(k);
  for (const auto& [k, v] : b)
    if (!used_b.count(k)) lb[LastComponent(StripIndex(k))].push_back(k);
  for (const auto& [leaf, names] : la) {
    auto it = lb.find(leaf);
    if (names.size() == 1 && it != lb.end() && it->second.size() == 1) {
      out.emplace_back(names[0], it->second[0]);
      used_a.insert(names[0]);
      used_b.insert(it->second[0]);
    }
  }
  for (const auto& [k, v] : a)
    if (!used_a.count(k)) unmatched->push_back("old " + k);
  for (const auto& [k, v] : b)
    if (!used_b.count(k)) unmatched->push_back("new " + k);
  return out;
}

// A family of TF1 names `V`, `V_1`, ... `V_{k-1}` (a graph's unique names) matched with the
// first k of a longer TF2 family `V` ... `V_{m-1}`: TF1 reset its default graph between the
// parts of a script, so its names started again and its final variables are the last
// part's, while TF2 keeps every part's variables alive, numbered on (the recorder names
// them in the order they were made). When the first k disagree and the last k agree, the
// pairs are the last k.
std::pair<std::string, int> FamilyOf(const std::string& name) {
  std::string n = StripIndex(name);
  size_t u = n.rfind('_');
  if (u != std::string::npos && u + 1 < n.size() &&
      std::all_of(n.begin() + static_cast<long>(u) + 1, n.end(), [](char ch) { return isdigit(static_cast<unsigned char>(ch)); }) &&
      n.size() - u <= 6)
    return {n.substr(0, u), std::stoi(n.substr(u + 1))};
  return {n, 0};
}

void RealignLastPart(const std::map<std::string, json>& a, const std::map<std::string, json>& b, const DiffOptions& o,
                     std::vector<std::pair<std::string, std::string>>* pairs, std::vector<std::string>* unmatched) {
  std::map<std::string, std::map<int, std::string>> fa, fb;
  for (const auto& [k, v] : a) fa[FamilyOf(k).first][FamilyOf(k).second] = k;
  for (const auto& [k, v] : b) fb[FamilyOf(k).first][FamilyOf(k).second] = k;
  for (const auto& [base, olds] : fa) {
    auto it = fb.find(base);
    if (it == fb.end()) continue;
    const auto& news = it->second;
    const int k = static_cast<int>(olds.size()), m = static_cast<int>(news.size());
    if (m <= k || !olds.count(k - 1) || !news.count(m - 1)) continue;  // both numbered 0.. without gaps
    if (olds.rbegin()->first != k - 1 || news.rbegin()->first != m - 1) continue;
    std::string why;
    bool first_agree = true, last_agree = true;
    for (int i = 0; i < k; ++i) {
      first_agree = first_agree && SameValue(a.at(olds.at(i)), b.at(news.at(i)), o, &why);
      last_agree = last_agree && SameValue(a.at(olds.at(i)), b.at(news.at(m - k + i)), o, &why);
    }
    if (first_agree || !last_agree) continue;
    std::set<std::string> fam_a, fam_b;
    for (const auto& [i, n] : olds) fam_a.insert(n);
    for (const auto& [i, n] : news) fam_b.insert(n);
    pairs->erase(std::remove_if(pairs->begin(), pairs->end(),
                                [&](const auto& pr) { return fam_a.count(pr.first) || fam_b.count(pr.second); }),
                 pairs->end());
    unmatched->erase(std::remove_if(unmatched->begin(), unmatched->end(),
                                    [&](const std::string& u) {
                                      return fam_a.count(u.substr(4)) || fam_b.count(u.substr(4));
                                    }),
                     unmatched->end());
    for (int i = 0; i < k; ++i) pairs->emplace_back(olds.at(i), news.at(m - k + i));
    for (int i = 0; i < m - k; ++i) unmatched->push_back("new " + news.at(i) + " (an earlier part's)");
  }
}

// TF1's recurrent cells and Keras's recurrent layers keep the same weights in other
// layouts. TF1's BasicLSTMCell / LSTMCell has one kernel over [inputs, state], shape
// [in + u, 4u], gate columns i, j, f, o, and a bias [4u] to which the cell adds
// forget_bias on the forget gate; Keras's LSTM has a kernel [in, 4u] (the inputs' rows), a
// recurrent_kernel [u, 4u] (the state's), gate columns i, f, c, o, and a bias whose forget
// part already holds the offset (unit_forget_bias). BasicRNNCell / SimpleRNN: the same
// without gates. A TF1 cell and a Keras layer of those shapes are compared through the
// TF1 layout: the Keras kernel and recurrent kernel stacked, the columns put in TF1's
// order, the bias likewise less the forget offset (1, unit_forget_bias, or 0, the two a
// conversion writes; whichever makes the values agree).
struct RecurrentPair {
  std::string old_name, new_name;  // the TF1 variable; the Keras weights it corresponds to (for the report)
  json new_value;                  // the Keras weights in TF1's layout
};

std::optional<std::vector<double>> Numbers(const json& v, std::vector<int64_t>* shape) {
  if (v.contains("python") || v.contains("sampled")) return std::nullopt;
  shape->clear();
  for (const auto& d : rt::ArrField(v, "shape")) {
    if (!d.is_number_integer()) return std::nullopt;
    shape->push_back(d.get<int64_t>());
  }
  std::vector<double> out;
  for (const auto& x : rt::ArrField(v, "values")) {
    if (!x.is_number()) return std::nullopt;
    out.push_back(x.get<double>());
  }
  return out;
}

json WithValues(const json& like, const std::vector<int64_t>& shape, const std::vector<double>& values) {
  json out = {{"dtype", like.contains("dtype") ? like["dtype"] : json("float32")}};
  out["shape"] = shape;
  out["values"] = values;
  return out;
}

// Gate blocks of each row of a [rows, gates * u] matrix put in `order` (TF1's i, j, f, o
// from Keras's i, f, c, o: 0, 2, 1, 3).
std::vector<double> Regate(const std::vector<double>& m, int64_t rows, int64_t gates, const int* order) {
  const int64_t cols = static_cast<int64_t>(m.size()) / std::max<int64_t>(rows, 1), u = cols / gates;
  std::vector<double> out(m.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t g = 0; g < gates; ++g)
      for (int64_t k = 0; k < u; ++k) out[r * cols + g * u + k] = m[r * cols + order[g] * u + k];
  return out;
}

std::vector<RecurrentPair> RecurrentPairs(const std::map<std::string, json>& a, const std::map<std::string, json>& b,
                                          const DiffOptions& o) {
  static const int kLstmOrder[4] = {0, 2, 1, 3}, kOne[1] = {0};
  struct Keras {
    std::string prefix, kernel, recurrent, bias;
    int family;
  };
  std::map<std::string, std::string> bname;  // stripped -> original
  for (const auto& [k, v] : b) bname[StripIndex(k)] = k;
  std::vector<Keras> keras;
  for (const auto& [k, v] : b) {
    const std::string s = StripIndex(k);
    if (LastComponent(s) != "recurrent_kernel") continue;
    const std::string prefix = s.substr(0, s.size() - std::string("recurrent_kernel").size());
    if (!bname.count(prefix + "kernel")) continue;
    keras.push_back({prefix, bname[prefix + "kernel"], k, bname.count(prefix + "bias") ? bname[prefix + "bias"] : "",
                     FamilyOf(prefix.substr(0, prefix.find('/'))).second});
  }
  if (keras.empty()) return {};
  std::stable_sort(keras.begin(), keras.end(), [](const Keras& x, const Keras& y) { return x.family < y.family; });
  struct Tf1 {
    std::string kernel, bias;
    int gates, family;
  };
  std::vector<Tf1> tf1;
  std::map<std::string, std::string> aname;
  for (const auto& [k, v] : a) aname[StripIndex(k)] = k;
  for (const auto& [k, v] : a) {
    const std::string s = StripIndex(k);
    // `rnn/basic_lstm_cell/kernel`, `rnn/lstm_cell/kernel`, `rnn/basic_rnn_cell/kernel`; a
    // named cell's kernel in dynamic_rnn's scope, `rnn/NAME/kernel`, of either kind (by shape)
    static const std::regex kCell(R"((^|/)(basic_lstm_cell|lstm_cell|basic_rnn_cell)/kernel$)"),
        kNamed(R"(^rnn(_\d+)?/(multi_rnn_cell/cell_\d+/)?[^/]+/kernel$)");
    std::smatch m;
    const bool known = std::regex_search(s, m, kCell);
    if (!known && !std::regex_search(s, kNamed)) continue;
    const std::string prefix = s.substr(0, s.size() - std::string("kernel").size());
    const std::string bias = aname.count(prefix + "bias") ? aname[prefix + "bias"] : "";
    const int fam = FamilyOf(prefix.substr(0, prefix.find('/'))).second;
    if (known) {
      tf1.push_back({k, bias, m[2] == "basic_rnn_cell" ? 1 : 4, fam});
    } else {
      tf1.push_back({k, bias, 4, fam});  // (an LSTM's, or, failing its shapes, a basic RNN's)
      tf1.push_back({k, bias, 1, fam});
    }
  }
  std::stable_sort(tf1.begin(), tf1.end(), [](const Tf1& x, const Tf1& y) { return x.family < y.family; });
  std::vector<RecurrentPair> out;
  std::set<std::string> paired;
  std::set<size_t> taken;
  // TF1's GRUCell: `.../gates/kernel` [in + u, 2u] (columns r, u) and `.../candidate/kernel`
  // [in + u, u], each with its bias; Keras's GRU (reset_after=False): columns z (TF1's u), r,
  // the candidate, a bias [3u]
  for (const auto& [k, v] : a) {
    const std::string s = StripIndex(k);
    static const std::regex kGates(R"((^|/)gates/kernel$)");
    if (!std::regex_search(s, kGates)) continue;
    const std::string prefix = s.substr(0, s.size() - std::string("gates/kernel").size());
    if (!aname.count(prefix + "candidate/kernel")) continue;
    std::vector<int64_t> gs, cs;
    auto gk = Numbers(v, &gs), ck = Numbers(a.at(aname[prefix + "candidate/kernel"]), &cs);
    if (!gk || !ck || gs.size() != 2 || cs.size() != 2 || gs[1] != 2 * cs[1] || gs[0] != cs[0]) continue;
    const int64_t u = cs[1], rows = gs[0];
    for (size_t i = 0; i < keras.size(); ++i) {
      if (taken.count(i)) continue;
      std::vector<int64_t> ks, rs;
      auto kk = Numbers(b.at(keras[i].kernel), &ks), kr = Numbers(b.at(keras[i].recurrent), &rs);
      if (!kk || !kr || ks.size() != 2 || rs.size() != 2 || ks[1] != 3 * u || rs[1] != 3 * u || rs[0] != u ||
          ks[0] + u != rows)
        continue;
      taken.insert(i);
      std::vector<double> st = *kk;
      st.insert(st.end(), kr->begin(), kr->end());
      std::vector<double> gates, cand;
      for (int64_t r = 0; r < rows; ++r) {
        const double* row = st.data() + r * 3 * u;
        gates.insert(gates.end(), row + u, row + 2 * u);  // r
        gates.insert(gates.end(), row, row + u);          // u (Keras's z)
        cand.insert(cand.end(), row + 2 * u, row + 3 * u);
      }
      const std::string keras_name = StripIndex(keras[i].kernel) + " + " + LastComponent(StripIndex(keras[i].recurrent));
      out.push_back({k, keras_name + " (r, z)", WithValues(b.at(keras[i].kernel), gs, gates)});
      out.push_back({aname[prefix + "candidate/kernel"], keras_name + " (candidate)", WithValues(b.at(keras[i].kernel), cs, cand)});
      std::vector<int64_t> bs;
      auto kb = keras[i].bias.empty() ? std::nullopt : Numbers(b.at(keras[i].bias), &bs);
      if (kb && bs.size() == 1 && bs[0] == 3 * u && aname.count(prefix + "gates/bias") && aname.count(prefix + "candidate/bias")) {
        std::vector<double> gb(kb->begin() + u, kb->begin() + 2 * u);
        gb.insert(gb.end(), kb->begin(), kb->begin() + u);
        std::vector<double> cb(kb->begin() + 2 * u, kb->end());
        out.push_back({aname[prefix + "gates/bias"], StripIndex(keras[i].bias) + " (r, z)",
                       WithValues(b.at(keras[i].bias), {2 * u}, gb)});
        out.push_back({aname[prefix + "candidate/bias"], StripIndex(keras[i].bias) + " (candidate)",
                       WithValues(b.at(keras[i].bias), {u}, cb)});
      }
      break;
    }
  }
  for (const Tf1& t : tf1) {
    if (paired.count(t.kernel)) continue;
    std::vector<int64_t> ts;
    auto tk = Numbers(a.at(t.kernel), &ts);
    if (!tk || ts.size() != 2 || ts[1] % t.gates) continue;
    const int64_t u = ts[1] / t.gates;
    for (size_t i = 0; i < keras.size(); ++i) {
      if (taken.count(i)) continue;
      std::vector<int64_t> ks, rs;
      auto kk = Numbers(b.at(keras[i].kernel), &ks), kr = Numbers(b.at(keras[i].recurrent), &rs);
      if (!kk || !kr || ks.size() != 2 || rs.size() != 2 || ks[1] != ts[1] || rs[1] != ts[1] || rs[0] != u ||
          ks[0] + u != ts[0])
        continue;
      taken.insert(i);
      paired.insert(t.kernel);
      std::vector<double> stacked = *kk;
      stacked.insert(stacked.end(), kr->begin(), kr->end());
      const int* order = t.gates == 4 ? kLstmOrder : kOne;
      out.push_back({t.kernel, StripIndex(keras[i].kernel) + " + " + LastComponent(StripIndex(keras[i].recurrent)),
                     WithValues(b.at(keras[i].kernel), ts, Regate(stacked, ts[0], t.gates, order))});
      if (!t.bias.empty() && !keras[i].bias.empty()) {
        std::vector<int64_t> bs;
        auto kb = Numbers(b.at(keras[i].bias), &bs);
        if (kb && bs.size() == 1 && bs[0] == ts[1]) {
          std::vector<double> tb = Regate(*kb, 1, t.gates, order);
          json value = WithValues(b.at(keras[i].bias), bs, tb);
          if (t.gates == 4) {  // the forget offset: 1, else 0
            std::vector<double> less = tb;
            for (int64_t k = 2 * u; k < 3 * u; ++k) less[k] -= 1.0;
            std::string why;
            value = WithValues(b.at(keras[i].bias), bs, less);
            if (!SameValue(a.at(t.bias), value, o, &why) &&
                SameValue(a.at(t.bias), WithValues(b.at(keras[i].bias), bs, tb), o, &why))
              value = WithValues(b.at(keras[i].bias), bs, tb);
          }
          out.push_back({t.bias, StripIndex(keras[i].bias), value});
        }
      }
      break;
    }
  }
  return out;
}

bool IsOptimizerSlot(const std::string& name) {
  static const std::regex slot(R"((/(Adam|Momentum|RMSProp|Adagrad|Ftrl)(_\d+)?|beta[12]_power|global_step|/m:|/v:|iter:))");
  return std::regex_search(name, slot);
}

void Count(TestCounts* c, const std::string& outcome) {
  ++c->run;
  if (outcome == "passed" || outcome == "expected_failure") ++c->passed;
  else if (outcome == "failed" || outcome == "unexpected_success") ++c->failed;
  else if (outcome == "error") ++c->errors;
  else if (outcome == "skipped") ++c->skipped;
}

// Tests by name, each with its outcome on both sides, in the old run's order (unittest
// sorts them), then the tests only the new run ran. A test that ran on one side only is a
// divergence unless that side's run stopped early (the exception is the divergence then).
template <class Diverge, class Agree>
void CompareTests(const Trace& a, const Trace& b, bool truncated, DiffResult* r, Diverge& diverge, Agree& agree) {
  std::vector<std::string> names = a.test_order;
  for (const auto& n : b.test_order)
    if (!a.tests.count(n)) names.push_back(n);
  auto shown = [](const TestVerdict& v, bool old_side) {
    const std::string& o = old_side ? v.old_outcome : v.new_outcome;
    const std::string& d = old_side ? v.old_detail : v.new_detail;
    if (o.empty()) return std::string("(did not run)");
    return d.empty() ? o : o + ": " + d;
  };
  for (const auto& n : names) {
    TestVerdict v;
    v.name = n;
    if (auto it = a.tests.find(n); it != a.tests.end()) {
      v.old_outcome = it->second.outcome, v.old_detail = it->second.detail, v.old_line = it->second.line;
      Count(&r->old_side.tests, v.old_outcome);
    }
    if (auto it = b.tests.find(n); it != b.tests.end()) {
      v.new_outcome = it->second.outcome, v.new_detail = it->second.detail, v.new_line = it->second.line;
      Count(&r->new_side.tests, v.new_outcome);
    }
    v.same = v.old_outcome == v.new_outcome;
    std::string obs = "test " + n;
    if (v.same) {
      agree(obs);
    } else if (!((v.old_outcome.empty() || v.new_outcome.empty()) && truncated)) {
      Divergence d;
      d.id = v.old_outcome == "error" || v.new_outcome == "error" ? DivergenceId(DivergenceKind::kException)
                                                                   : DivergenceId(DivergenceKind::kBehavior);
      auto says = [](const std::string& o) { return o.empty() ? std::string("did not run") : o; };
      d.title = fmt::format("test {} {} in the old version, {} in the new", n, says(v.old_outcome),
                            says(v.new_outcome));
      d.old_value = shown(v, true);
      d.new_value = shown(v, false);
      d.old_line = v.old_line;
      d.new_line = v.new_line;
      diverge(std::move(d), obs);
    }
    r->tests.push_back(std::move(v));
  }
}

}  // namespace

std::string Verdict(const DiffResult& r) {
  if (!r.error.empty()) return "error";
  if (r.observations.empty()) return "nothing-compared";
  return r.divergences.empty() ? "equivalent" : "divergent";
}

void CompareTraces(const std::string& old_trace, const std::string& new_trace, const DiffOptions& o, DiffResult* r,
                   const std::string* old_again_trace) {
  Trace a = ParseTrace(old_trace);
  Trace b = ParseTrace(new_trace);
  std::optional<Trace> again;
  if (old_again_trace) again = ParseTrace(*old_again_trace);
  size_t masked = 0, unjudged = 0, as_again = 0;
  // A printed line that differs from the new one but also between the two old runs:
  // compared where the old runs agree. One the old version's second run printed as the new
  // one does agrees: the old version itself prints it.
  auto printed_varies = [&](size_t i, const Printed& p, const Printed& q) {
    if (!again || i >= again->prints.size()) return false;
    if (rt::ComparePrinted(again->prints[i].text, q.text, Tolerances(o)).empty()) {
      ++as_again;
      return true;
    }
    if (rt::ComparePrinted(p.text, again->prints[i].text, Tolerances(o)).empty()) return false;
    std::string x = p.text, y = q.text;
    if (!MaskVarying(again->prints[i].text, &x, &y) || !rt::ComparePrinted(x, y, Tolerances(o)).empty()) return false;
    ++masked;
    return true;
  };
  // A value that differs from the new one but also between the two old runs: strings
  // compared where the old runs agree, other values not judged (true: no divergence).
  auto value_varies = [&](const json& v, const json* v_again, const json& w) {
    std::string why;
    if (!v_again) return false;
    if (SameValue(*v_again, w, o, &why)) {  // what the old version's second run produced
      ++as_again;
      return true;
    }
    if (SameValue(v, *v_again, o, &why)) return false;
    json x = v, y = w;
    Masking m = MaskVaryingValue(*v_again, &x, &y);
    if (m == Masking::kNotJudged) {
      ++unjudged;
      return true;
    }
    if (m == Masking::kDiffers || !SameValue(x, y, o, &why)) return false;
    ++masked;
    return true;
  };
  r->old_side.status = a.status;
  r->new_side.status = b.status;
  r->old_side.unsupported = a.unsupported;
  r->new_side.unsupported = b.unsupported;
  r->old_side.random_ops = a.random_ops;
  r->new_side.random_ops = b.random_ops;
  if (a.bad_lines || b.bad_lines)
    r->notes.push_back(fmt::format("{} malformed trace lines ignored", a.bad_lines + b.bad_lines));
  if (!a.unsupported.empty() || !b.unsupported.empty()) {
    const SideRun& s = !a.unsupported.empty() ? r->old_side : r->new_side;
    r->error = fmt::format("{} uses {}, which is not yet in the bundled runtime; compare with --backend tensorflow",
                           s.path, !a.unsupported.empty() ? a.unsupported : b.unsupported);
    return;
  }
  for (auto* s : {&a, &b}) {
    if (s->status == "missing" || s->status == "timeout" || s->status == "memory" || s->status == "signal") {
      const SideRun& side = s == &a ? r->old_side : r->new_side;
      r->error = fmt::format("{} did not finish ({}); no verdict", side.path,
                             s->status == "missing" ? "no trace" : s->status);
      return;
    }
  }

  auto diverge = [&](Divergence d, std::string obs) {
    d.observation = obs;
    r->observations.push_back({std::move(obs), false, d.title + (d.detail.empty() ? "" : ": " + d.detail)});
    r->divergences.push_back(std::move(d));
  };
  auto agree = [&](std::string obs) { r->observations.push_back({std::move(obs), true, ""}); };

  // One side raised: compare only what both sides got to; the exception is the divergence.
  bool truncated = a.exception.has_value() || b.exception.has_value();
  if (a.exception.has_value() != b.exception.has_value() ||
      (a.exception && b.exception && a.exception->type != b.exception->type)) {
    Divergence d;
    d.id = DivergenceId(DivergenceKind::kException);
    if (a.exception && b.exception) {
      d.title = fmt::format("the versions raised different exceptions: {} vs {}", a.exception->type, b.exception->type);
    } else {
      d.title = fmt::format("only the {} version raised {}", b.exception ? "new" : "old",
                            (b.exception ? b.exception : a.exception)->type);
    }
    if (a.exception) d.old_value = a.exception->type + ": " + a.exception->message, d.old_line = a.exception->line;
    else d.old_value = "(finished: " + a.status + ")";
    if (b.exception) d.new_value = b.exception->type + ": " + b.exception->message, d.new_line = b.exception->line;
    else d.new_value = "(finished: " + b.status + ")";
    diverge(std::move(d), "exception");
  } else if (a.exception && b.exception) {
    agree("exception " + a.exception->type);
  }

  size_t before_tests = r->divergences.size();
  CompareTests(a, b, truncated, r, diverge, agree);
  bool tests_differ = r->divergences.size() > before_tests;

  if (!a.exception && !b.exception && a.status != b.status) {
    // unittest.main() ends the run with exit code 1 when a test failed: the tests' verdicts
    // are the divergence then, the exit status only its consequence.
    auto test_exit = [](const std::string& s) { return s == "ok" || s == "exit"; };
    if (tests_differ && test_exit(a.status) && test_exit(b.status)) {
      r->notes.push_back(fmt::format("the runs ended differently ({} vs {}) because the test outcomes differ",
                                     a.status, b.status));
    } else {
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kException);
      d.title = fmt::format("the runs ended differently: {} vs {}", a.status, b.status);
      d.old_value = a.status;
      d.new_value = b.status;
      diverge(std::move(d), "exit status");
    }
  }

  bool by_name = o.align == "by-name";
  if (!by_name) {
    // Printed lines, in order.
    size_t n = std::min(a.prints.size(), b.prints.size());
    for (size_t i = 0; i < n; ++i) {
      const Printed& p = a.prints[i];
      const Printed& q = b.prints[i];
      std::string obs = fmt::format("printed line {}", i + 1);
      std::string why = rt::ComparePrinted(p.text, q.text, Tolerances(o));
      if (why.empty() || printed_varies(i, p, q)) {
        agree(obs);
        continue;
      }
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kBehavior);
      d.title = obs + " differs";
      d.detail = why;
      d.old_value = p.text;
      d.new_value = q.text;
      d.old_line = p.line;
      d.new_line = q.line;
      diverge(std::move(d), obs);
    }
    if (a.prints.size() != b.prints.size() && !truncated) {
      bool old_more = a.prints.size() > b.prints.size();
      const Printed& extra = (old_more ? a.prints : b.prints)[n];
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kBehavior);
      d.title = fmt::format("the old version printed {} lines, the new one {}", a.prints.size(), b.prints.size());
      d.detail = fmt::format("first line without a counterpart: \"{}\"", extra.text);
      (old_more ? d.old_value : d.new_value) = extra.text;
      (old_more ? d.new_value : d.old_value) = "(nothing printed)";
      (old_more ? d.old_line : d.new_line) = extra.line;
      // the other side's last printed line is where its output stopped
      const auto& other = old_more ? b.prints : a.prints;
      if (!other.empty()) (old_more ? d.new_line : d.old_line) = other.back().line;
      diverge(std::move(d), "printed line count");
    }

    // Values: TF1 fetches against TF2 function returns, in order.
    if (!a.values.empty() && !b.values.empty()) {
      size_t m = std::min(a.values.size(), b.values.size());
      for (size_t i = 0; i < m; ++i) {
        std::string obs = fmt::format("value {} ({} / {})", i + 1, a.values[i].origin, b.values[i].origin);
        std::string why;
        if (SameValue(a.values[i].v, b.values[i].v, o, &why) ||
            value_varies(a.values[i].v, again && i < again->values.size() ? &again->values[i].v : nullptr,
                         b.values[i].v)) {
          agree(obs);
          continue;
        }
        Divergence d;
        d.id = DivergenceId(DivergenceKind::kBehavior);
        d.title = fmt::format("value {} differs ({} in the old version, {} in the new)", i + 1, a.values[i].origin,
                              b.values[i].origin);
        d.detail = why;
        d.old_value = Render(a.values[i].v);
        d.new_value = Render(b.values[i].v);
        d.old_line = a.values[i].line;
        d.new_line = b.values[i].line;
        diverge(std::move(d), obs);
      }
      if (a.values.size() != b.values.size())
        r->notes.push_back(fmt::format("the old version produced {} values, the new one {}; the first {} were compared",
                                       a.values.size(), b.values.size(), m));
    } else if (!a.values.empty() || !b.values.empty()) {
      r->notes.push_back(fmt::format("values not compared: the {} version fetched or returned none",
                                     a.values.empty() ? "old" : "new"));
    }
  }

  // Named observations (tfmigrate.observe): by name, then in order within a name.
  for (const auto& name : a.observed_order) {
    auto it = b.observed.find(name);
    if (it == b.observed.end()) {
      r->notes.push_back("observation '" + name + "' only in the old version");
      continue;
    }
    const auto& va = a.observed[name];
    const auto& vb = it->second;
    size_t m = std::min(va.size(), vb.size());
    for (size_t i = 0; i < m; ++i) {
      std::string obs = fmt::format("observe {} #{}", name, i + 1);
      std::string why;
      const json* v_again = nullptr;
      if (again) {
        auto ag = again->observed.find(name);
        if (ag != again->observed.end() && i < ag->second.size()) v_again = &ag->second[i].v;
      }
      if (SameValue(va[i].v, vb[i].v, o, &why) || value_varies(va[i].v, v_again, vb[i].v)) {
        agree(obs);
        continue;
      }
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kBehavior);
      d.title = fmt::format("observation '{}' #{} differs", name, i + 1);
      d.detail = why;
      d.old_value = Render(va[i].v);
      d.new_value = Render(vb[i].v);
      d.old_line = va[i].line;
      d.new_line = vb[i].line;
      diverge(std::move(d), obs);
    }
    if (va.size() != vb.size() && !truncated) {
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kBehavior);
      d.title = fmt::format("observation '{}' was recorded {} times in the old version, {} in the new", name, va.size(),
                            vb.size());
      d.old_line = va.empty() ? 0 : va.back().line;
      d.new_line = vb.empty() ? 0 : vb.back().line;
      diverge(std::move(d), "observe " + name + " count");
    }
  }
  for (const auto& name : b.observed_order)
    if (!a.observed.count(name)) r->notes.push_back("observation '" + name + "' only in the new version");

  // Final variable values, matched by name.
  if (!truncated && !a.variables.empty() && !b.variables.empty()) {
    std::vector<std::string> unmatched;
    // (TF1's recurrent cells and Keras's layers: compared in TF1's layout, RecurrentPairs)
    std::map<std::string, json> va = a.variables, vb = b.variables;
    std::vector<std::pair<std::string, std::string>> recurrent;
    for (auto& rp : RecurrentPairs(a.variables, b.variables, o)) {
      va.erase(rp.old_name);
      recurrent.emplace_back(rp.old_name, rp.new_name);
      vb[rp.new_name] = std::move(rp.new_value);
    }
    for (const auto& [ka, kb] : recurrent) {
      // the Keras weights the pair stands for are not unmatched
      const std::string prefix = kb.substr(0, kb.rfind('/') + 1);
      for (auto it = vb.begin(); it != vb.end();) {
        const std::string s = StripIndex(it->first);
        const bool weight = s == prefix + "kernel" || s == prefix + "recurrent_kernel" || s == prefix + "bias";
        const bool synthetic = std::any_of(recurrent.begin(), recurrent.end(), [&](const auto& r) { return r.second == it->first; });
        it = weight && !synthetic ? vb.erase(it) : std::next(it);
      }
    }
    std::map<std::string, json> rest_b = vb;
    for (const auto& [ka, kb] : recurrent) rest_b.erase(kb);
    auto pairs = MatchVariables(va, rest_b, &unmatched);
    RealignLastPart(va, rest_b, o, &pairs, &unmatched);
    pairs.insert(pairs.end(), recurrent.begin(), recurrent.end());
    for (const auto& [ka, kb] : pairs) {
      std::string obs = "variable " + StripIndex(ka) + (StripIndex(ka) == StripIndex(kb) ? "" : " / " + StripIndex(kb));
      std::string why;
      const json* v_again = nullptr;
      if (again) {
        auto ag = again->variables.find(ka);
        if (ag != again->variables.end()) v_again = &ag->second;
      }
      if (SameValue(a.variables[ka], vb[kb], o, &why) || value_varies(a.variables[ka], v_again, vb[kb])) {
        agree(obs);
        continue;
      }
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kBehavior);
      d.title = "final value of " + obs + " differs";
      d.detail = why;
      d.old_value = Render(a.variables[ka]);
      d.new_value = Render(vb[kb]);
      diverge(std::move(d), obs);
    }
    std::vector<std::string> shown;
    for (const auto& u : unmatched)
      if (!IsOptimizerSlot(u) && u.find("seed_generator_state") == std::string::npos)  // (Keras 3's dropout seeds)
        shown.push_back(u);
    if (!shown.empty()) {
      std::string list;
      for (size_t i = 0; i < shown.size() && i < 6; ++i) list += (i ? ", " : "") + shown[i];
      r->notes.push_back(fmt::format("{} variable{} without a counterpart: {}{}", shown.size(), shown.size() == 1 ? "" : "s", list,
                                     shown.size() > 6 ? ", ..." : ""));
    }
  }

  // Trace counts: a function on both sides must trace as often; a new-side function that
  // retraced on every call (three calls or more) is the retracing hazard.
  for (const auto& [f, traces] : b.trace_counts) {
    int calls = b.calls.count(f) ? b.calls.at(f) : 0;
    std::string obs = "traces of " + f;
    auto it = a.trace_counts.find(f);
    if (it != a.trace_counts.end()) {
      if (it->second == traces) {
        agree(obs);
      } else if (!truncated) {
        Divergence d;
        d.id = DivergenceId(DivergenceKind::kRetrace);
        d.title = fmt::format("{} traced {} times in the old version, {} in the new", f, it->second, traces);
        d.old_value = std::to_string(it->second);
        d.new_value = std::to_string(traces);
        d.new_line = b.first_call_line.count(f) ? b.first_call_line.at(f) : 0;
        diverge(std::move(d), obs);
      }
    } else if (calls >= 3 && traces >= calls) {
      Divergence d;
      d.id = DivergenceId(DivergenceKind::kRetrace);
      d.title = fmt::format("{} traced on every call ({} traces for {} calls)", f, traces, calls);
      d.detail = "each call's Python arguments made a new trace; TF1 built the graph once";
      d.old_value = "graph built once";
      d.new_value = fmt::format("{} traces", traces);
      d.new_line = b.first_call_line.count(f) ? b.first_call_line.at(f) : 0;
      diverge(std::move(d), obs);
    } else if (calls > 0) {
      agree(obs);
    }
  }
  if (masked || unjudged)
    r->notes.push_back(fmt::format(
        "the old version run twice printed or produced different things: {} observation(s) compared only where its "
        "two runs agree{}",
        masked + unjudged, unjudged ? fmt::format(" ({} value(s) not compared at all)", unjudged) : std::string()));
  if (as_again)
    r->notes.push_back(fmt::format(
        "{} observation(s) differ from the old version's first run and agree with its second run", as_again));
}

}  // namespace tfm::diff

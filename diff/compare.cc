// Trace comparison for `tfmigrate diff`: turns each trace into streams of observations
// (printed lines, returned/fetched values, named observations, final variables, trace
// counts, the exception) and aligns the two sides stream by stream.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "diff/diff.h"
#include "runtime/trace/trace_compare.h"

namespace tfm::diff {
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
  std::string status = "missing";
  std::string unsupported;
  int bad_lines = 0;
};

int LineOf(const json& rec) {
  auto it = rec.find("line");
  return it != rec.end() && it->is_number_integer() ? it->get<int>() : 0;
}

bool IsNone(const json& v) { return v.is_object() && v.value("python", "") == "None"; }

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
    std::string kind = j.value("kind", "");
    if (kind == "print") {
      t.prints.push_back({j.value("text", ""), LineOf(j)});
    } else if (kind == "fetch" || kind == "function_return") {
      std::string origin = kind == "fetch" ? fmt::format("sess.run call {}", j.value("call", 0))
                                           : j.value("function", "function") + "()";
      json names = j.value("names", json::array());  // graph runs name each fetched tensor
      size_t i = 0;
      for (const auto& v : j.value("values", json::array())) {
        std::string o = i < names.size() && names[i].is_string() ? "fetch " + names[i].get<std::string>() : origin;
        ++i;
        if (!IsNone(v)) t.values.push_back({v, LineOf(j), o});
      }
      if (kind == "function_return") {
        std::string f = j.value("function", "");
        if (t.calls[f]++ == 0) t.first_call_line[f] = LineOf(j);
      }
    } else if (kind == "observe") {
      std::string name = j.value("name", "");
      if (!t.observed.count(name)) t.observed_order.push_back(name);
      json vals = j.value("values", json::array());
      json v = vals.size() == 1 ? vals[0] : json{{"python", "list"}, {"items", vals}};
      t.observed[name].push_back({v, LineOf(j), "observe(" + name + ")"});
    } else if (kind == "variables") {
      for (auto it = j["values"].begin(); it != j["values"].end(); ++it) t.variables[it.key()] = it.value();
    } else if (kind == "trace_counts") {
      for (auto it = j["counts"].begin(); it != j["counts"].end(); ++it)
        if (it.value().is_number_integer()) t.trace_counts[it.key()] = it.value().get<int>();
    } else if (kind == "exception") {
      t.exception = Exc{j.value("type", ""), j.value("message", ""), LineOf(j)};
    } else if (kind == "unsupported") {
      t.unsupported = j.value("symbol", "");
    } else if (kind == "end") {
      t.status = j.value("status", "");
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

std::string Render(const json& v) {
  if (v.contains("python")) {
    if (v.contains("items")) {
      std::string s = "[";
      for (size_t i = 0; i < v["items"].size(); ++i) s += (i ? ", " : "") + Render(v["items"][i]);
      return s + "]";
    }
    return v.value("python", "?");
  }
  std::string shape;
  for (const auto& d : v.value("shape", json::array())) shape += (shape.empty() ? "" : ",") + d.dump();
  std::string vals;
  const json& xs = v.value("values", json::array());
  for (size_t i = 0; i < xs.size() && i < 8; ++i) vals += (i ? ", " : "") + (xs[i].is_string() ? xs[i].get<std::string>() : xs[i].dump());
  if (xs.size() > 8) vals += fmt::format(", ... ({} in all)", xs.size());
  return fmt::format("{}[{}] {}", v.value("dtype", "?"), shape, xs.size() == 1 ? vals : "[" + vals + "]");
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

bool IsOptimizerSlot(const std::string& name) {
  static const std::regex slot(R"((/(Adam|Momentum|RMSProp|Adagrad|Ftrl)(_\d+)?|beta[12]_power|global_step|/m:|/v:|iter:))");
  return std::regex_search(name, slot);
}

}  // namespace

void CompareTraces(const std::string& old_trace, const std::string& new_trace, const DiffOptions& o, DiffResult* r) {
  Trace a = ParseTrace(old_trace);
  Trace b = ParseTrace(new_trace);
  r->old_side.status = a.status;
  r->new_side.status = b.status;
  r->old_side.unsupported = a.unsupported;
  r->new_side.unsupported = b.unsupported;
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
    r->observations.push_back({std::move(obs), false, d.title + (d.detail.empty() ? "" : ": " + d.detail)});
    r->divergences.push_back(std::move(d));
  };
  auto agree = [&](std::string obs) { r->observations.push_back({std::move(obs), true, ""}); };

  // One side raised: compare only what both sides got to; the exception is the divergence.
  bool truncated = a.exception.has_value() || b.exception.has_value();
  if (a.exception.has_value() != b.exception.has_value() ||
      (a.exception && b.exception && a.exception->type != b.exception->type)) {
    Divergence d;
    d.id = "TFM902";
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
  } else if (a.status != b.status) {
    Divergence d;
    d.id = "TFM902";
    d.title = fmt::format("the runs ended differently: {} vs {}", a.status, b.status);
    d.old_value = a.status;
    d.new_value = b.status;
    diverge(std::move(d), "exit status");
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
      if (why.empty()) {
        agree(obs);
        continue;
      }
      Divergence d;
      d.id = "TFM901";
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
      d.id = "TFM901";
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
        if (SameValue(a.values[i].v, b.values[i].v, o, &why)) {
          agree(obs);
          continue;
        }
        Divergence d;
        d.id = "TFM901";
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
      if (SameValue(va[i].v, vb[i].v, o, &why)) {
        agree(obs);
        continue;
      }
      Divergence d;
      d.id = "TFM901";
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
      d.id = "TFM901";
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
    auto pairs = MatchVariables(a.variables, b.variables, &unmatched);
    for (const auto& [ka, kb] : pairs) {
      std::string obs = "variable " + StripIndex(ka) + (StripIndex(ka) == StripIndex(kb) ? "" : " / " + StripIndex(kb));
      std::string why;
      if (SameValue(a.variables[ka], b.variables[kb], o, &why)) {
        agree(obs);
        continue;
      }
      Divergence d;
      d.id = "TFM901";
      d.title = "final value of " + obs + " differs";
      d.detail = why;
      d.old_value = Render(a.variables[ka]);
      d.new_value = Render(b.variables[kb]);
      diverge(std::move(d), obs);
    }
    std::vector<std::string> shown;
    for (const auto& u : unmatched)
      if (!IsOptimizerSlot(u)) shown.push_back(u);
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
        d.id = "TFM903";
        d.title = fmt::format("{} traced {} times in the old version, {} in the new", f, it->second, traces);
        d.old_value = std::to_string(it->second);
        d.new_value = std::to_string(traces);
        d.new_line = b.first_call_line.count(f) ? b.first_call_line.at(f) : 0;
        diverge(std::move(d), obs);
      }
    } else if (calls >= 3 && traces >= calls) {
      Divergence d;
      d.id = "TFM903";
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
}

}  // namespace tfm::diff

// Reports of `tfmigrate diff`: text for people, JSON for tools, JUnit XML for CI (one
// test case per compared observation, or per pair in the pair-suite mode).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "diff/diff.h"

namespace tfm::diff {
namespace {

using json = nlohmann::json;

std::string Where(const std::string& path, int line) {
  return line > 0 ? fmt::format("{}:{}", path, line) : path;
}

std::string Xml(const std::string& s) {
  std::string o;
  for (unsigned char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default:
        if (c < 0x20 && c != '\n' && c != '\t') o += ' ';
        else o += static_cast<char>(c);
    }
  }
  return o;
}

size_t CountOk(const DiffResult& r) {
  size_t n = 0;
  for (const auto& o : r.observations) n += o.ok;
  return n;
}

json CauseJson(const Cause& c) {
  return {{"rule", c.rule_id}, {"name", c.rule_name}, {"path", c.path}, {"line", c.line}, {"column", c.column},
          {"message", c.message}, {"on_line", c.on_line}, {"predicts", c.predicts}};
}

json CountsJson(const TestCounts& c) {
  return {{"run", c.run}, {"passed", c.passed}, {"failed", c.failed}, {"errors", c.errors}, {"skipped", c.skipped}};
}

json RandomOpsJson(const std::vector<RandomOp>& ops) {
  json a = json::array();
  for (const auto& op : ops) a.push_back({{"op", op.op}, {"line", op.line}});
  return a;
}

// "random_normal (old.py:3), truncated_normal (new.py:8)": the random ops both runs made.
std::string RandomOpsText(const DiffResult& r) {
  std::string s;
  size_t shown = 0, all = 0;
  for (const SideRun* side : {&r.old_side, &r.new_side})
    for (const auto& op : side->random_ops) {
      ++all;
      if (shown == 8) continue;
      s += (s.empty() ? "" : ", ") + fmt::format("{} ({})", op.op, Where(side->path, op.line));
      ++shown;
    }
  if (all > shown) s += fmt::format(", ... ({} in all)", all);
  return s;
}

std::string CountsText(const TestCounts& c) {
  std::string s = fmt::format("{} run, {} passed", c.run, c.passed);
  if (c.failed) s += fmt::format(", {} failed", c.failed);
  if (c.errors) s += fmt::format(", {} error{}", c.errors, c.errors == 1 ? "" : "s");
  if (c.skipped) s += fmt::format(", {} skipped", c.skipped);
  return s;
}

constexpr const char* kNothingCompared =
    "nothing compared: neither version printed, fetched, returned or observed anything both could be compared on "
    "(no printed line, value, tfmigrate.observe record, variable, test or exception); no verdict on behavior";

json ResultJson(const DiffResult& r) {
  json j;
  j["old"] = {{"path", r.old_side.path}, {"mode", r.old_side.mode}, {"status", r.old_side.status},
              {"exit_code", r.old_side.exit_code}};
  j["new"] = {{"path", r.new_side.path}, {"mode", r.new_side.mode}, {"status", r.new_side.status},
              {"exit_code", r.new_side.exit_code}};
  j["backend"] = r.backend;
  j["verdict"] = Verdict(r);
  if (!r.error.empty()) j["error"] = r.error;
  if (r.NothingCompared()) j["message"] = kNothingCompared;
  j["compared"] = r.observations.size();
  j["agreed"] = CountOk(r);
  json ds = json::array();
  for (const auto& d : r.divergences) {
    json cs = json::array();
    for (const auto& c : d.causes) cs.push_back(CauseJson(c));
    ds.push_back({{"id", d.id}, {"title", d.title}, {"detail", d.detail}, {"old_value", d.old_value},
                  {"new_value", d.new_value}, {"old_line", d.old_line}, {"new_line", d.new_line}, {"causes", cs},
                  {"observation", d.observation}, {"random_draws", d.random_draws}});
  }
  j["divergences"] = ds;
  if (!r.tests.empty()) {
    json ts = json::array();
    for (const auto& t : r.tests)
      ts.push_back({{"name", t.name}, {"old", t.old_outcome}, {"new", t.new_outcome}, {"old_detail", t.old_detail},
                    {"new_detail", t.new_detail}, {"old_line", t.old_line}, {"new_line", t.new_line},
                    {"verdict", t.same ? "same" : "differs"}});
    j["tests"] = ts;
    j["test_counts"] = {{"old", CountsJson(r.old_side.tests)}, {"new", CountsJson(r.new_side.tests)}};
  }
  if (!r.old_side.random_ops.empty() || !r.new_side.random_ops.empty())
    j["random_ops"] = {{"old", RandomOpsJson(r.old_side.random_ops)}, {"new", RandomOpsJson(r.new_side.random_ops)}};
  j["notes"] = r.notes;
  return j;
}

void TextBody(const DiffResult& r, std::ostream& out, const std::string& indent) {
  if (!r.error.empty()) {
    out << indent << "error: " << r.error << "\n";
    for (const SideRun* s : {&r.old_side, &r.new_side})
      if (!s->output_tail.empty() && s->exit_code != 0) {
        out << indent << "  last output of " << s->path << ":\n";
        std::string line;
        for (char c : s->output_tail) {
          if (c == '\n') {
            out << indent << "    " << line << "\n";
            line.clear();
          } else {
            line += c;
          }
        }
        if (!line.empty()) out << indent << "    " << line << "\n";
      }
    return;
  }
  for (size_t i = 0; i < r.divergences.size(); ++i) {
    const Divergence& d = r.divergences[i];
    out << indent << fmt::format("{} {}{}\n", d.id, i == 0 ? "first divergence: " : "", d.title);
    if (!d.detail.empty()) out << indent << "  " << d.detail << "\n";
    out << indent << fmt::format("  old {:<28} {}\n", "(" + Where(r.old_side.path, d.old_line) + "):", d.old_value);
    out << indent << fmt::format("  new {:<28} {}\n", "(" + Where(r.new_side.path, d.new_line) + "):", d.new_value);
    if (d.random_draws) {
      out << indent << "  probable cause: random numbers drawn differently: with --deterministic-random (the same "
                       "numbers for the same creation order) the versions agree here\n";
      if (std::string ops = RandomOpsText(r); !ops.empty()) out << indent << "    random ops: " << ops << "\n";
      for (const auto& c : d.causes)
        out << indent
            << fmt::format("    also: {}:{}:{}: {} [{}] {}{}\n", c.path, c.line, c.column, c.rule_id, c.rule_name,
                           c.message, c.on_line ? " (on this line)" : "");
    } else if (d.causes.empty()) {
      out << indent << "  probable cause: no static finding predicts this\n";
    } else {
      out << indent << "  probable cause" << (d.causes.size() > 1 ? "s" : "") << ":\n";
      for (const auto& c : d.causes)
        out << indent
            << fmt::format("    {}:{}:{}: {} [{}] {}{}\n", c.path, c.line, c.column, c.rule_id, c.rule_name,
                           c.message, c.on_line ? " (on this line)" : "");
    }
  }
  if (!r.tests.empty()) {
    out << indent
        << fmt::format("tests: old {}; new {}\n", CountsText(r.old_side.tests), CountsText(r.new_side.tests));
    size_t width = 0;
    for (const auto& t : r.tests) width = std::max(width, t.name.size());
    width = std::min<size_t>(width, 60);
    for (const auto& t : r.tests) {
      auto says = [](const std::string& o) { return o.empty() ? std::string("did not run") : o; };
      std::string outcome = t.same ? says(t.old_outcome) : says(t.old_outcome) + " -> " + says(t.new_outcome);
      const std::string& detail = !t.new_detail.empty() && !t.same ? t.new_detail : t.old_detail;
      if (!detail.empty() && (t.old_outcome != "passed" || !t.same)) outcome += " (" + detail + ")";
      out << indent << fmt::format("  {:<8} {:<{}} {}\n", t.same ? "same" : "DIFFERS", t.name, width, outcome);
    }
  }
  for (const auto& n : r.notes) out << indent << "note: " << n << "\n";
}

}  // namespace

void EmitText(const DiffResult& r, std::ostream& out) {
  out << fmt::format("tfmigrate diff: {} ({}) vs {} ({}), {} backend\n", r.old_side.path, r.old_side.mode,
                     r.new_side.path, r.new_side.mode, r.backend);
  TextBody(r, out, "");
  if (!r.error.empty()) return;
  if (r.NothingCompared())
    out << kNothingCompared << "\n";
  else if (r.divergences.empty())
    out << fmt::format("equivalent: {} observations compared, all agree\n", r.observations.size());
  else
    out << fmt::format("divergent: {} of {} observations differ\n", r.observations.size() - CountOk(r),
                       r.observations.size());
}

void EmitJson(const DiffResult& r, std::ostream& out) { out << ResultJson(r).dump(2) << "\n"; }

void EmitJunit(const std::vector<const DiffResult*>& results, const std::vector<std::string>& names,
               std::ostream& out) {
  // No verdict (an error, or nothing compared) is one test case in error.
  auto no_verdict = [](const DiffResult& r) { return !r.error.empty() || r.NothingCompared(); };
  size_t tests = 0, failures = 0, errors = 0;
  for (const auto* r : results) {
    tests += no_verdict(*r) ? 1 : r->observations.size();
    failures += no_verdict(*r) ? 0 : r->observations.size() - CountOk(*r);
    errors += no_verdict(*r);
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format("<testsuites name=\"tfmigrate diff\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n", tests,
                     failures, errors);
  for (size_t i = 0; i < results.size(); ++i) {
    const DiffResult& r = *results[i];
    size_t t = no_verdict(r) ? 1 : r.observations.size();
    size_t f = no_verdict(r) ? 0 : r.observations.size() - CountOk(r);
    out << fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n", Xml(names[i]), t, f,
                       no_verdict(r) ? 1 : 0);
    if (no_verdict(r)) {
      out << fmt::format("    <testcase classname=\"{}\" name=\"{}\"><error message=\"{}\"/></testcase>\n",
                         Xml(names[i]), r.error.empty() ? "compared" : "run",
                         Xml(r.error.empty() ? kNothingCompared : r.error));
    }
    for (const auto& o : r.observations) {
      out << fmt::format("    <testcase classname=\"{}\" name=\"{}\"", Xml(names[i]), Xml(o.name));
      if (o.ok) {
        out << "/>\n";
        continue;
      }
      std::string body;
      for (const auto& d : r.divergences)
        if (o.detail.rfind(d.title, 0) == 0) {
          body = fmt::format("old ({}): {}\nnew ({}): {}\n", Where(r.old_side.path, d.old_line), d.old_value,
                             Where(r.new_side.path, d.new_line), d.new_value);
          for (const auto& c : d.causes)
            body += fmt::format("probable cause: {}:{}: {} [{}] {}\n", c.path, c.line, c.rule_id, c.rule_name, c.message);
          break;
        }
      out << fmt::format("><failure message=\"{}\">{}</failure></testcase>\n", Xml(o.detail), Xml(body));
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

void EmitPairsText(const std::vector<PairResult>& pairs, std::ostream& out) {
  size_t passed = 0, skipped = 0;
  for (const auto& p : pairs) {
    std::string verdict = p.skipped ? "skipped"
                          : !p.result.error.empty()   ? "error"
                          : p.result.NothingCompared() ? "nothing compared"
                          : p.result.divergences.empty() ? "equivalent"
                                                          : "divergent " + p.result.divergences[0].id;
    std::string cause;
    if (!p.skipped && !p.result.divergences.empty() && !p.result.divergences[0].causes.empty())
      cause = " <- " + p.result.divergences[0].causes[0].rule_id;
    out << fmt::format("{:<5} {:<40} {}{} ({:.1f} s)\n", p.skipped ? "SKIP" : p.passed ? "ok" : "FAIL", p.name,
                       verdict, cause, p.seconds);
    if (!p.passed && !p.why.empty()) out << "      " << p.why << "\n";
    if (!p.passed && !p.skipped) TextBody(p.result, out, "      ");
    passed += p.passed;
    skipped += p.skipped;
  }
  out << fmt::format("{} pairs: {} passed, {} failed, {} skipped\n", pairs.size(), passed,
                     pairs.size() - passed - skipped, skipped);
}

void EmitPairsJson(const std::vector<PairResult>& pairs, std::ostream& out) {
  json arr = json::array();
  for (const auto& p : pairs) {
    json j = {{"name", p.name}, {"passed", p.passed}, {"skipped", p.skipped}, {"why", p.why}, {"seconds", p.seconds}};
    if (!p.skipped) j["result"] = ResultJson(p.result);
    if (p.expect)
      j["expect"] = {{"verdict", p.expect->verdict}, {"rules", p.expect->rules}, {"dynamic", p.expect->dynamic},
                     {"random", p.expect->random}};
    arr.push_back(j);
  }
  out << arr.dump(2) << "\n";
}

void EmitPairsJunit(const std::vector<PairResult>& pairs, std::ostream& out) {
  size_t failures = 0, skipped = 0;
  for (const auto& p : pairs) {
    failures += !p.passed && !p.skipped;
    skipped += p.skipped;
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format("<testsuite name=\"tfmigrate diff\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">\n", pairs.size(),
                     failures, skipped);
  for (const auto& p : pairs) {
    out << fmt::format("  <testcase classname=\"tfmigrate.diff\" name=\"{}\" time=\"{:.3f}\"", Xml(p.name), p.seconds);
    if (p.skipped) {
      out << fmt::format("><skipped message=\"{}\"/></testcase>\n", Xml(p.why));
    } else if (p.passed) {
      out << "/>\n";
    } else {
      std::ostringstream body;
      TextBody(p.result, body, "");
      out << fmt::format("><failure message=\"{}\">{}</failure></testcase>\n", Xml(p.why), Xml(body.str()));
    }
  }
  out << "</testsuite>\n";
}

}  // namespace tfm::diff
